// models/sphere_model.cpp — the state-vector form of seed 004's sphere dynamics (see the header for the layout).
#include "models/sphere_model.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "models/spring_dashpot_slider.hpp"

namespace stickslip {

namespace {
Vec3 seg(VecCRef x, std::size_t base) { return Vec3(x[base], x[base + 1], x[base + 2]); }
void put(VecRef x, std::size_t base, const Vec3& v) {
  x[base] = v.x();
  x[base + 1] = v.y();
  x[base + 2] = v.z();
}
constexpr double kRebase = 12.0;  // |alpha|^2 at 120 degrees: (2 tan 60deg)^2
}  // namespace

SphereModel::SphereModel(SphereScene scene) : scene_(std::move(scene)) {
  scene_.validate();
  const std::size_t n = scene_.num_particles(), w = scene_.num_walls();
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t k = 0; k < w; ++k) {
      slot_i_.push_back(p);
      slot_j_.push_back(n + k);
    }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      slot_i_.push_back(i);
      slot_j_.push_back(j);
    }
}

std::size_t SphereModel::size() const { return kStride * scene_.num_particles() + 4 * num_slots(); }

std::vector<std::string> SphereModel::state_names() const {
  std::vector<std::string> names;
  const char* fields[] = {"x", "y", "z", "vx", "vy", "vz", "wx", "wy", "wz", "ax", "ay", "az",
                          "arx", "ary", "arz", "phix", "phiy", "phiz"};
  for (std::size_t p = 0; p < scene_.num_particles(); ++p)
    for (const char* f : fields) names.push_back(std::string(f) + std::to_string(p));
  for (std::size_t c = 0; c < num_slots(); ++c)
    for (const char* f : {"sx", "sy", "sz", "W"}) names.push_back(std::string(f) + "_c" + std::to_string(c));
  return names;
}

Vec SphereModel::make_state(const std::vector<Vec3>& x, const std::vector<Vec3>& v,
                            const std::vector<Vec3>& omega) const {
  Vec s = Vec::Zero(size());
  for (std::size_t p = 0; p < scene_.num_particles(); ++p) {
    put(s, particle_base(p), x[p]);
    put(s, particle_base(p) + 3, v[p]);
    put(s, particle_base(p) + 6, scene_.params.rotations ? omega[p] : Vec3::Zero());
  }
  return s;
}

Vec3 SphereModel::total_rotation(VecCRef x, std::size_t p) const {
  return rodrigues_compose(seg(x, particle_base(p) + 12), seg(x, particle_base(p) + 9));
}

SphereModel::SlotKinematics SphereModel::kinematics(VecCRef x, std::size_t c) const {
  const std::size_t n = scene_.num_particles(), i = slot_i_[c], j = slot_j_[c];
  const std::size_t bi = particle_base(i);
  const Vec3 xi = seg(x, bi), vi = seg(x, bi + 3), wi = seg(x, bi + 6);
  SlotKinematics k;
  k.wall = j >= n;
  if (k.wall) {
    k.g = scene_.wall_geometry(i, j - n, xi);
    k.pair = scene_.wall_pair(i);
    k.lever_i = scene_.radius(i) * k.g.n;
    k.v_slip = vi + wi.cross(k.lever_i);
    k.hdot = vi.dot(k.g.n);
    k.ndot = Vec3::Zero();
    if (j - n >= scene_.planes().size() && k.g.dist > 0)  // segment end: n turns as the centre moves
      k.ndot = -(vi - vi.dot(k.g.n) * k.g.n) / k.g.dist;
  } else {
    const std::size_t bj = particle_base(j);
    const Vec3 xj = seg(x, bj), vj = seg(x, bj + 3), wj = seg(x, bj + 6);
    k.g = scene_.sphere_geometry(i, j, xi, xj);
    k.pair = scene_.pair(i, j);
    k.lever_i = scene_.radius(i) * k.g.n;
    k.lever_j = -scene_.radius(j) * k.g.n;
    k.v_slip = vi + wi.cross(k.lever_i) - vj - wj.cross(k.lever_j);
    const Vec3 dv = vj - vi;
    k.hdot = -dv.dot(k.g.n);
    k.ndot = k.g.dist > 0 ? Vec3((dv - dv.dot(k.g.n) * k.g.n) / k.g.dist) : Vec3::Zero();
  }
  return k;
}

TangentialRate SphereModel::tangential(const SlotKinematics& k, const Vec3& s, double normal) const {
  const double h = k.g.h;
  const double kt = mindlin_stiffness(k.pair, h);
  const double mu = scene_.mu_d(k.wall);
  const Vec3& n = k.g.n;
  const Vec3 v_t = k.v_slip - k.v_slip.dot(n) * n;
  const Vec3 carry = -s.dot(k.ndot) * n;
  const Vec3 s_t = s - s.dot(n) * n;
  switch (scene_.params.law) {
    case TangentialLaw::mindlin: {
      const double c = mu * k.pair.e_star * h / (6.0 * k.pair.g_star);
      const double cdot = mu * k.pair.e_star * k.hdot / (6.0 * k.pair.g_star);
      return mindlin_continuous(s_t, n, k.ndot, k.v_slip, kt, c, cdot, std::sqrt(kt / k.pair.m_star));
    }
    case TangentialLaw::csds: {
      const double gamma = scene_.params.gamma_t, fmax = mu * normal;
      return {sds_force<3>(s_t, v_t, kt, gamma, fmax), csds_xi_rate<3>(s_t, v_t, kt, gamma, fmax) + carry};
    }
    case TangentialLaw::dsds:
      return {sds_force<3>(s_t, v_t, kt, scene_.params.gamma_t, mu * normal), v_t + carry};
  }
  return {Vec3::Zero(), Vec3::Zero()};
}

void SphereModel::rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const {
  (void)t;
  (void)mode;
  const std::size_t n = scene_.num_particles();
  const SphereParams& prm = scene_.params;
  xdot.setZero();
  // Forces accumulate in the v' and omega' slots, divided by m and j at the end.
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t b = particle_base(p);
    const Vec3 v = seg(x, b + 3);
    put(xdot, b, v);
    put(xdot, b + 3, scene_.mass(p) * prm.gravity - prm.drag * (v - prm.v_fluid));
  }
  if (prm.kappa1 != 0 || prm.kappa2 != 0)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const Vec3 f = scene_.near_field(seg(x, particle_base(i)), seg(x, particle_base(j)));
        put(xdot, particle_base(i) + 3, seg(xdot, particle_base(i) + 3) + f);
        put(xdot, particle_base(j) + 3, seg(xdot, particle_base(j) + 3) - f);
      }
  for (std::size_t c = 0; c < num_slots(); ++c) {
    const SlotKinematics k = kinematics(x, c);
    if (k.g.h <= 0) continue;  // open: s' = 0, W' = 0
    const std::size_t sb = slot_base(c);
    const double normal = hertz_normal_force(k.pair, k.g.h, k.hdot, prm.xi);
    const TangentialRate tr = tangential(k, seg(x, sb), normal);
    const Vec3 v_t = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
    put(xdot, sb, tr.sdot);
    xdot[sb + 3] = tr.force.dot(v_t);
    const Vec3 f_i = -normal * k.g.n + tr.force;
    const std::size_t bi = particle_base(slot_i_[c]);
    put(xdot, bi + 3, seg(xdot, bi + 3) + f_i);
    put(xdot, bi + 6, seg(xdot, bi + 6) + k.lever_i.cross(tr.force));
    if (!k.wall) {
      const std::size_t bj = particle_base(slot_j_[c]);
      put(xdot, bj + 3, seg(xdot, bj + 3) - f_i);
      put(xdot, bj + 6, seg(xdot, bj + 6) + k.lever_j.cross(Vec3(-tr.force)));
    }
  }
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t b = particle_base(p);
    put(xdot, b + 3, seg(xdot, b + 3) / scene_.mass(p));
    if (prm.rotations) {
      put(xdot, b + 6, seg(xdot, b + 6) / scene_.inertia(p));
    } else {
      put(xdot, b + 6, Vec3::Zero());
    }
    const Vec3 w = seg(x, b + 6);
    put(xdot, b + 9, rodrigues_rate(seg(x, b + 9), w));
    put(xdot, b + 15, w);
  }
}

Mode SphereModel::initial_mode(double t, VecCRef x) const {
  (void)t;
  Mode m(num_slots());
  for (std::size_t c = 0; c < num_slots(); ++c) m[c] = overlap(x, c) > 0 ? 1 : 0;
  return m;
}

double SphereModel::overlap(VecCRef x, std::size_t c) const {
  const std::size_t n = scene_.num_particles(), i = slot_i_[c], j = slot_j_[c];
  const Vec3 xi = seg(x, particle_base(i));
  return j >= n ? scene_.wall_geometry(i, j - n, xi).h : scene_.sphere_geometry(i, j, xi, seg(x, particle_base(j))).h;
}

Vec3 SphereModel::slip_velocity(VecCRef x, std::size_t c) const {
  const SlotKinematics k = kinematics(x, c);
  return k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
}

std::size_t SphereModel::num_events() const { return num_slots() + scene_.num_particles(); }

void SphereModel::events(double t, VecCRef x, const Mode& mode, VecRef g) const {
  (void)t;
  for (std::size_t c = 0; c < num_slots(); ++c) {
    const double h = overlap(x, c);
    g[c] = mode[c] ? -h : h;
  }
  for (std::size_t p = 0; p < scene_.num_particles(); ++p)
    g[num_slots() + p] = seg(x, particle_base(p) + 9).squaredNorm() - kRebase;
}

EventOutcome SphereModel::on_event(double t, VecRef x, Mode& mode, std::size_t which) const {
  (void)t;
  if (which < num_slots()) {
    mode[which] = mode[which] ? 0 : 1;
    put(x, slot_base(which), Vec3::Zero());  // the spring is created / removed with the contact
    return {true, false};
  }
  const std::size_t b = particle_base(which - num_slots());
  put(x, b + 12, rodrigues_compose(seg(x, b + 12), seg(x, b + 9)));
  put(x, b + 9, Vec3::Zero());
  return {true, false};
}

double SphereModel::spring_energy(const SlotKinematics& k, const Vec3& s) const {
  if (k.g.h <= 0) return 0.0;
  const double kt = mindlin_stiffness(k.pair, k.g.h);
  if (scene_.params.law == TangentialLaw::mindlin) {
    const double c = scene_.mu_d(k.wall) * k.pair.e_star * k.g.h / (6.0 * k.pair.g_star);
    const double len = std::min(s.norm(), c);
    return 0.5 * kt * len * len;
  }
  return 0.5 * kt * s.squaredNorm();
}

Energy SphereModel::energy(double t, VecCRef x, const Mode& mode) const {
  (void)t;
  (void)mode;
  Energy e;
  for (std::size_t p = 0; p < scene_.num_particles(); ++p) {
    const std::size_t b = particle_base(p);
    e.kinetic += 0.5 * scene_.mass(p) * seg(x, b + 3).squaredNorm() + 0.5 * scene_.inertia(p) * seg(x, b + 6).squaredNorm();
  }
  for (std::size_t c = 0; c < num_slots(); ++c) {
    e.potential += spring_energy(kinematics(x, c), seg(x, slot_base(c)));
    e.work += x[slot_base(c) + 3];
  }
  return e;
}

double SphereModel::mechanical_energy(VecCRef x) const {
  double e = energy(0, x, {}).kinetic;
  for (std::size_t p = 0; p < scene_.num_particles(); ++p)
    e -= scene_.mass(p) * scene_.params.gravity.dot(seg(x, particle_base(p)));
  for (std::size_t c = 0; c < num_slots(); ++c) {
    const SlotKinematics k = kinematics(x, c);
    e += hertz_elastic_energy(k.pair, k.g.h);
  }
  return e;
}

AdjustPolicy SphereModel::adjustment_policy() const {
  return scene_.params.law == TangentialLaw::dsds ? AdjustPolicy::after_step : AdjustPolicy::none;
}

void SphereModel::adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const {
  (void)t;
  (void)x_eval;
  (void)mode;
  for (std::size_t c = 0; c < num_slots(); ++c) {
    const SlotKinematics k = kinematics(x_assigned, c);
    if (k.g.h <= 0) continue;
    const std::size_t sb = slot_base(c);
    const double normal = hertz_normal_force(k.pair, k.g.h, k.hdot, scene_.params.xi);
    const Vec3 v_t = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
    put(x_assigned, sb,
        dsds_reset<3>(seg(x_assigned, sb), v_t, mindlin_stiffness(k.pair, k.g.h), scene_.params.gamma_t,
                      scene_.mu_d(k.wall) * normal));
  }
}

}  // namespace stickslip
