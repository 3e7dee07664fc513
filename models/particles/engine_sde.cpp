#include "models/particles/engine_sde.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"

namespace stickslip {

EngineSde::EngineSde(EngineSdeSetup setup, FrictionLaw magnitude)
    : setup_(std::move(setup)), magnitude_(std::move(magnitude)) {
  const ParticleArrays& b = setup_.bodies;
  const std::size_t n = b.size();
  if (n < 2) throw_input("bodies", std::to_string(n), "at least 2 spheres");
  for (std::size_t p = 0; p < n; ++p) {
    if (!(b.mass[p] > 0)) throw_input("mass", format_value(b.mass[p]), "must be > 0");
    if (!(b.radius[p] > 0)) throw_input("radius", format_value(b.radius[p]), "must be > 0");
    if (!(b.inv_mass[p] > 0) || !(b.inv_inertia[p] > 0))
      throw_input("inertia", format_value(b.inertia(p)), "must be > 0 (no frozen body, rotations on)");
  }
  if (!(setup_.kT >= 0)) throw_input("kT", format_value(setup_.kT), "must be >= 0");
  if (!(setup_.normal_force >= 0)) throw_input("normal_force", format_value(setup_.normal_force), "must be >= 0");
  if (setup_.geometry == ContactGeometry::bonded && !(setup_.bond_stiffness > 0))
    throw_input("bond_stiffness", format_value(setup_.bond_stiffness), "must be > 0 for bonded geometry");
  for (const auto& c : setup_.contacts) {
    if (c.i < 0 || c.j < 0 || c.i >= static_cast<int>(n) || c.j >= static_cast<int>(n) || c.i == c.j)
      throw_input("contact", std::to_string(c.i) + "-" + std::to_string(c.j), "two distinct sphere indices");
    const double nu = pair_mobility(b.mass[c.i], b.mass[c.j], b.radius[c.i], b.radius[c.j], b.inertia(c.i),
                                    b.inertia(c.j));
    nu_.push_back(nu);
    std::shared_ptr<const NoiseStrength> table;
    if (setup_.kT > 0) {
      for (std::size_t k = 0; k + 1 < nu_.size(); ++k)
        if (nu_[k] == nu) table = strength_[k];
      if (!table) table = std::make_shared<NoiseStrength>(magnitude_, setup_.kT, nu);
    }
    strength_.push_back(table);
  }
}

std::vector<std::string> EngineSde::state_names() const {
  std::vector<std::string> names;
  for (const char* block : {"r", "v", "omega"})
    for (std::size_t p = 0; p < bodies(); ++p)
      for (const char* axis : {"x", "y", "z"}) names.push_back(std::string(block) + std::to_string(p) + "_" + axis);
  names.push_back("W_f");
  names.push_back("W_R");
  return names;
}

Vec EngineSde::initial_state() const {
  Vec x = Vec::Zero(size());
  for (std::size_t p = 0; p < bodies(); ++p) x.segment<3>(3 * p) = setup_.bodies.x[p];
  return x;
}

ContactKinematics EngineSde::kinematics(VecCRef x, std::size_t c) const {
  const PermanentContact& k = setup_.contacts[c];
  const ParticleArrays& b = setup_.bodies;
  const Vec3 d = position(x, k.j) - position(x, k.i);
  const double m_star = 1 / (b.inv_mass[k.i] + b.inv_mass[k.j]);
  return pair_kinematics(d, d.norm(), velocity(x, k.i), velocity(x, k.j), spin(x, k.i), spin(x, k.j), b.radius[k.i],
                         b.radius[k.j], m_star);
}

void EngineSde::load(VecRef out, std::size_t c, const Vec3& n, const Vec3& force_i) const {
  const std::size_t N = bodies();
  const PermanentContact& k = setup_.contacts[c];
  const ParticleArrays& b = setup_.bodies;
  const PairLoad l = pair_load(n, b.radius[k.i], b.radius[k.j], force_i);
  out.segment<3>(3 * (N + k.i)) += l.force_i * b.inv_mass[k.i];
  out.segment<3>(3 * (N + k.j)) += l.force_j * b.inv_mass[k.j];
  out.segment<3>(3 * (2 * N + k.i)) += l.torque_i * b.inv_inertia[k.i];
  out.segment<3>(3 * (2 * N + k.j)) += l.torque_j * b.inv_inertia[k.j];
}

void EngineSde::diffusion(double, VecCRef x, VecCRef dW, VecRef out) const {
  out.setZero();
  if (setup_.kT == 0) return;
  double noise_power = 0;
  for (std::size_t c = 0; c < contacts(); ++c) {
    const ContactKinematics k = kinematics(x, c);
    const double D = (*strength_[c])(k.vt.norm(), 0);
    const Vec3 impulse = noise_force(k.n, std::sqrt(D * setup_.kT), dW.segment<3>(6 * c), dW.segment<3>(6 * c + 3));
    noise_power += impulse.dot(k.vt);
    load(out, c, k.n, impulse);
  }
  out[9 * bodies() + 1] = noise_power;
}

void EngineSde::configuration_rate(double, VecCRef x, VecRef qdot) const {
  const std::size_t n = bodies();
  if (setup_.geometry == ContactGeometry::bonded) qdot = x.segment(3 * n, 3 * n);
  else qdot.setZero();
}

Vec3 EngineSde::momentum(VecCRef x) const {
  Vec3 p = Vec3::Zero();
  for (std::size_t k = 0; k < bodies(); ++k) p += setup_.bodies.mass[k] * velocity(x, k);
  return p;
}

Vec3 EngineSde::angular_momentum(VecCRef x) const {
  Vec3 L = Vec3::Zero();
  for (std::size_t k = 0; k < bodies(); ++k)
    L += setup_.bodies.mass[k] * position(x, k).cross(velocity(x, k)) + inertia(k) * spin(x, k);
  return L;
}

Energy EngineSde::energy(VecCRef x) const {
  Energy e;
  for (std::size_t k = 0; k < bodies(); ++k)
    e.kinetic += 0.5 * setup_.bodies.mass[k] * velocity(x, k).squaredNorm() + 0.5 * inertia(k) * spin(x, k).squaredNorm();
  if (setup_.geometry == ContactGeometry::bonded)
    for (std::size_t c = 0; c < contacts(); ++c) {
      const double stretch = kinematics(x, c).h;
      e.external += 0.5 * setup_.bond_stiffness * stretch * stretch;
    }
  e.work = x[9 * bodies()];
  e.noise_work = x[9 * bodies() + 1];
  return e;
}

std::unique_ptr<EngineSde> make_engine_sde(EngineSdeSetup setup, const std::string& key, const std::string& law,
                                           const LawValues& values) {
  if (!(law_forms(key, law, RelationKind::stochastic_pair) & form_slip_force))
    throw_input(key, law, refusal(law, RelationKind::stochastic_pair, Driver::sde));
  return with_law(key, law, [&](const auto& e) -> std::unique_ptr<EngineSde> {
    using L = typename std::decay_t<decltype(e)>::Law;
    if constexpr (SlipForceForm<L, ContactKinematics> || SetValuedLaw<L>) {
      const L l = make_law<L>(values);
      FrictionLaw magnitude = FrictionLaw::of(law, l, setup.normal_force);
      return std::make_unique<EngineSdeOf<L>>(std::move(setup), std::move(magnitude), l);
    } else {
      throw_input(key, law, refusal(law, RelationKind::stochastic_pair, Driver::sde));
    }
  });
}

std::vector<Vec3> touching_cluster(std::size_t n, double R) {
  switch (n) {
    case 2:
      return {Vec3(0, 0, 0), Vec3(2 * R, 0, 0)};
    case 3: {
      const double h = std::sqrt(3.0) * R;
      return {Vec3(0, 0, 0), Vec3(2 * R, 0, 0), Vec3(R, h, 0)};
    }
    case 4: {
      const double a = R / std::sqrt(2.0);  // vertices (+-a, +-a, +-a) with an even number of minus signs
      return {Vec3(a, a, a), Vec3(a, -a, -a), Vec3(-a, a, -a), Vec3(-a, -a, a)};
    }
    default:
      throw_input("cluster_size", std::to_string(n), "allowed: 2, 3, 4 (all spheres touching each other)");
  }
}

std::vector<PermanentContact> all_pairs(std::size_t n) {
  std::vector<PermanentContact> c;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) c.push_back({static_cast<int>(i), static_cast<int>(j)});
  return c;
}

}  // namespace stickslip
