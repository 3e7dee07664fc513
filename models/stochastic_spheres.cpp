#include "models/stochastic_spheres.hpp"

#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

StochasticSpheres::StochasticSpheres(StochasticSpheresSetup setup, const FrictionLaw& law)
    : setup_(std::move(setup)), law_(law) {
  const std::size_t n = setup_.bodies.size();
  if (n < 2) throw_input("bodies", std::to_string(n), "at least 2 spheres");
  for (const auto& b : setup_.bodies) {
    if (!(b.mass > 0)) throw_input("mass", std::to_string(b.mass), "must be > 0");
    if (!(b.radius > 0)) throw_input("radius", std::to_string(b.radius), "must be > 0");
    if (!(b.inertia > 0)) throw_input("inertia", std::to_string(b.inertia), "must be > 0");
  }
  if (!(setup_.kT >= 0)) throw_input("kT", std::to_string(setup_.kT), "must be >= 0");
  if (setup_.geometry == ContactGeometry::bonded && !(setup_.bond_stiffness > 0))
    throw_input("bond_stiffness", std::to_string(setup_.bond_stiffness), "must be > 0 for bonded geometry");
  for (const auto& c : setup_.contacts) {
    if (c.i < 0 || c.j < 0 || c.i >= static_cast<int>(n) || c.j >= static_cast<int>(n) || c.i == c.j)
      throw_input("contact", std::to_string(c.i) + "-" + std::to_string(c.j), "two distinct sphere indices");
    const auto &a = setup_.bodies[c.i], &b = setup_.bodies[c.j];
    const double nu = pair_mobility(a.mass, b.mass, a.radius, b.radius, a.inertia, b.inertia);
    nu_.push_back(nu);
    std::shared_ptr<const NoiseStrength> table;
    if (setup_.kT > 0) {
      for (std::size_t k = 0; k + 1 < nu_.size(); ++k)
        if (nu_[k] == nu) table = strength_[k];
      if (!table) table = std::make_shared<NoiseStrength>(law_, setup_.kT, nu);
    }
    strength_.push_back(table);
  }
}

std::vector<std::string> StochasticSpheres::state_names() const {
  std::vector<std::string> names;
  for (const char* block : {"r", "v", "omega"})
    for (std::size_t p = 0; p < bodies(); ++p)
      for (const char* axis : {"x", "y", "z"}) names.push_back(std::string(block) + std::to_string(p) + "_" + axis);
  names.push_back("W_f");
  names.push_back("W_R");
  return names;
}

Vec StochasticSpheres::initial_state(const std::vector<Vec3>& positions) const {
  if (positions.size() != bodies())
    throw std::logic_error("initial_state: " + std::to_string(positions.size()) + " positions for " +
                           std::to_string(bodies()) + " spheres");
  Vec x = Vec::Zero(size());
  for (std::size_t p = 0; p < bodies(); ++p) x.segment<3>(3 * p) = positions[p];
  return x;
}

StochasticSpheres::ContactKinematics StochasticSpheres::kinematics(VecCRef x, std::size_t c) const {
  const auto& k = setup_.contacts[c];
  const auto &a = setup_.bodies[k.i], &b = setup_.bodies[k.j];
  const Vec3 d = position(x, k.j) - position(x, k.i);
  const double r = d.norm();
  const Vec3 r_hat = d / r;
  return {r, r_hat,
          relative_tangential_velocity(r_hat, velocity(x, k.i), velocity(x, k.j), spin(x, k.i), spin(x, k.j), a.radius,
                                       b.radius)};
}

Vec3 StochasticSpheres::contact_normal(VecCRef x, std::size_t c) const { return kinematics(x, c).r_hat; }

double StochasticSpheres::distance(VecCRef x, std::size_t c) const { return kinematics(x, c).r; }

Vec3 StochasticSpheres::relative_velocity(VecCRef x, std::size_t c) const { return kinematics(x, c).u_perp; }

void StochasticSpheres::drift(double t, VecCRef x, VecRef a) const {
  (void)t;
  const std::size_t n = bodies();
  a.setZero();
  if (setup_.geometry == ContactGeometry::bonded) a.head(3 * n) = x.segment(3 * n, 3 * n);
  double friction_power = 0, heating = 0;
  for (std::size_t c = 0; c < contacts(); ++c) {
    const auto& k = setup_.contacts[c];
    const auto &bi = setup_.bodies[k.i], &bj = setup_.bodies[k.j];
    const auto [r, r_hat, u_perp] = kinematics(x, c);
    const double u = u_perp.norm();
    const double f = law_(u, r);
    friction_power -= f * u;
    if (setup_.kT > 0 && setup_.calculus == NoiseCalculus::ito)
      heating += 2 * setup_.kT * nu_[c] * (*strength_[c])(u, r);
    const PairLoad load = pair_load(r_hat, bi.radius, bj.radius, friction_force(u_perp, f));
    Vec3 bond = Vec3::Zero();
    if (setup_.geometry == ContactGeometry::bonded)
      bond = setup_.bond_stiffness * (r - bi.radius - bj.radius) * r_hat;  // on i; pulls i to j when stretched
    a.segment<3>(3 * (n + k.i)) += (load.force_i + bond) / bi.mass;
    a.segment<3>(3 * (n + k.j)) += (load.force_j - bond) / bj.mass;
    a.segment<3>(3 * (2 * n + k.i)) += load.torque_i / bi.inertia;
    a.segment<3>(3 * (2 * n + k.j)) += load.torque_j / bj.inertia;
  }
  a[9 * n] = friction_power;
  a[9 * n + 1] = heating;
}

void StochasticSpheres::diffusion(double t, VecCRef x, VecCRef dW, VecRef out) const {
  (void)t;
  out.setZero();
  if (setup_.kT == 0) return;
  const std::size_t n = bodies();
  double noise_power = 0;
  for (std::size_t c = 0; c < contacts(); ++c) {
    const auto& k = setup_.contacts[c];
    const auto &bi = setup_.bodies[k.i], &bj = setup_.bodies[k.j];
    const auto [r, r_hat, u_perp] = kinematics(x, c);
    const double D = (*strength_[c])(u_perp.norm(), r);
    const Vec3 impulse = noise_force(r_hat, std::sqrt(D * setup_.kT), dW.segment<3>(6 * c), dW.segment<3>(6 * c + 3));
    noise_power -= impulse.dot(u_perp);
    const PairLoad load = pair_load(r_hat, bi.radius, bj.radius, impulse);
    out.segment<3>(3 * (n + k.i)) += load.force_i / bi.mass;
    out.segment<3>(3 * (n + k.j)) += load.force_j / bj.mass;
    out.segment<3>(3 * (2 * n + k.i)) += load.torque_i / bi.inertia;
    out.segment<3>(3 * (2 * n + k.j)) += load.torque_j / bj.inertia;
  }
  out[9 * n + 1] = noise_power;
}

void StochasticSpheres::configuration_rate(double t, VecCRef x, VecRef qdot) const {
  (void)t;
  const std::size_t n = bodies();
  if (setup_.geometry == ContactGeometry::bonded) qdot = x.segment(3 * n, 3 * n);
  else qdot.setZero();
}

Vec3 StochasticSpheres::momentum(VecCRef x) const {
  Vec3 p = Vec3::Zero();
  for (std::size_t k = 0; k < bodies(); ++k) p += setup_.bodies[k].mass * velocity(x, k);
  return p;
}

Vec3 StochasticSpheres::angular_momentum(VecCRef x) const {
  Vec3 L = Vec3::Zero();
  for (std::size_t k = 0; k < bodies(); ++k) {
    const auto& b = setup_.bodies[k];
    L += b.mass * position(x, k).cross(velocity(x, k)) + b.inertia * spin(x, k);
  }
  return L;
}

Energy StochasticSpheres::energy(VecCRef x) const {
  Energy e;
  for (std::size_t k = 0; k < bodies(); ++k) {
    const auto& b = setup_.bodies[k];
    e.kinetic += 0.5 * b.mass * velocity(x, k).squaredNorm() + 0.5 * b.inertia * spin(x, k).squaredNorm();
  }
  if (setup_.geometry == ContactGeometry::bonded)
    for (std::size_t c = 0; c < contacts(); ++c) {
      const auto& k = setup_.contacts[c];
      const double stretch = distance(x, c) - setup_.bodies[k.i].radius - setup_.bodies[k.j].radius;
      e.external += 0.5 * setup_.bond_stiffness * stretch * stretch;
    }
  e.work = x[9 * bodies()];
  e.noise_work = x[9 * bodies() + 1];
  return e;
}

std::vector<Vec3> StochasticSpheres::touching_cluster(std::size_t n, double R) {
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

std::vector<SphereContact> StochasticSpheres::all_pairs(std::size_t n) {
  std::vector<SphereContact> c;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) c.push_back({static_cast<int>(i), static_cast<int>(j)});
  return c;
}

}  // namespace stickslip
