// models/sphere_model.cpp — the state-vector form of seed 004's sphere dynamics (see the header for the layout).
#include "models/sphere_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <Eigen/Dense>

#include "core/errors.hpp"
#include "models/contact/spring_slider.hpp"

namespace stickslip {

namespace {
Vec3 seg(VecCRef x, std::size_t base) { return Vec3(x[base], x[base + 1], x[base + 2]); }
void put(VecRef x, std::size_t base, const Vec3& v) {
  x[base] = v.x();
  x[base + 1] = v.y();
  x[base + 2] = v.z();
}
constexpr double kRebase = 12.0;  // |alpha|^2 at 120 degrees: (2 tan 60deg)^2
// Coulomb slip: the speed eps_v that regularises the force direction at the onset of slip (|v_t| = 0; it tilts
// the force by at most eps_v/|v_t| rad when the slip turns), and the length of the seed path.
constexpr double kSlipSeedSpeed = 1e-6;
constexpr double kSlipSeedLength = 1e-12;
}  // namespace

SphereModel::SphereModel(SphereScene scene, bool coulomb) : scene_(std::move(scene)) {
  scene_.validate();
  law_ = coulomb ? "coulomb" : scene_.params.law;
  coulomb_ = coulomb;
  mindlin_ = !coulomb && law_ == "mindlin";
  csds_ = !coulomb && law_ == "csds";
  dsds_ = !coulomb && law_ == "dsds";
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

double SphereModel::cone(const SlotKinematics& k) const {
  return std::max(0.0, scene_.mu_d(k.wall) * k.pair.e_star * k.g.h / (6.0 * k.pair.g_star));
}

double SphereModel::cone_rate(const SlotKinematics& k) const {
  return k.g.h > 0 ? scene_.mu_d(k.wall) * k.pair.e_star * k.hdot / (6.0 * k.pair.g_star) : 0.0;
}

TangentialRate SphereModel::tangential(const SlotKinematics& k, const Vec3& s, double normal, int m) const {
  const double h = k.g.h;
  const double kt = mindlin_stiffness(k.pair, h);
  const double mu = scene_.mu_d(k.wall);
  const Vec3& n = k.g.n;
  const Vec3 v_t = k.v_slip - k.v_slip.dot(n) * n;
  const Vec3 carry = -s.dot(k.ndot) * n;
  const Vec3 s_t = s - s.dot(n) * n;
  if (mindlin_) {
      if (mu == 0) return {Vec3::Zero(), Vec3::Zero()};  // no friction: no spring
      if (m != kSlip) return {-kt * s_t, v_t + carry};
      const double c = cone(k);
      const double len = s_t.norm();
      const Vec3 tau = len > 0 ? Vec3(s_t / len) : (v_t.norm() > 0 ? Vec3(v_t.normalized()) : Vec3::Zero());
      const double beta = std::sqrt(kt / k.pair.m_star);
      return {-kt * c * tau, v_t - v_t.dot(tau) * tau + (cone_rate(k) - beta * (len - c)) * tau + carry};
  }
  if (coulomb_) {  // slip only; stick forces come from the constraint solve
      // d = sqrt(a^2 + eps_v^2) e + b with v_t = a e + b, e = s/|s|: the slip direction for a >> eps_v, e at the
      // onset, and a smooth continuation past a = 0 (where the mode ends), so that a step or stage which
      // overshoots the stick event does not see the force reverse (RK4 stages would otherwise cancel).
      const double len = s_t.norm();
      Vec3 d = v_t;
      if (len > 0) {
        const Vec3 e = s_t / len;
        const double a = v_t.dot(e);
        d = std::sqrt(a * a + kSlipSeedSpeed * kSlipSeedSpeed) * e + (v_t - a * e);
      }
      const double dn = d.norm();
      return {dn > 0 ? Vec3(-mu * normal / dn * d) : Vec3::Zero(), v_t};
  }
  if (csds_) {
      const double gamma = scene_.params.gamma_t, fmax = mu * normal;
      return {sds_force<3>(s_t, v_t, kt, gamma, fmax), csds_xi_rate<3>(s_t, v_t, kt, gamma, fmax) + carry};
  }
  return {sds_force<3>(s_t, v_t, kt, scene_.params.gamma_t, mu * normal), v_t + carry};  // dsds
}

void SphereModel::rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const {
  (void)t;
  evaluate(x, mode, xdot, nullptr);
}

void SphereModel::evaluate(VecCRef x, const Mode& mode, VecRef xdot, std::vector<Vec3>* force_out) const {
  const std::size_t n = scene_.num_particles(), ns = num_slots();
  const SphereParams& prm = scene_.params;
  xdot.setZero();
  if (force_out) force_out->assign(ns, Vec3::Zero());
  std::vector<Vec3> force(n), torque(n, Vec3::Zero());
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t b = particle_base(p);
    const Vec3 v = seg(x, b + 3);
    put(xdot, b, v);
    force[p] = scene_.mass(p) * prm.gravity - prm.drag * (v - prm.v_fluid);
  }
  if (prm.kappa1 != 0 || prm.kappa2 != 0)
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j) {
        const Vec3 f = scene_.near_field(seg(x, particle_base(i)), seg(x, particle_base(j)));
        force[i] += f;
        force[j] -= f;
      }
  auto apply = [&](std::size_t c, const SlotKinematics& k, const Vec3& f_i) {
    const std::size_t i = slot_i_[c];
    force[i] += f_i;
    torque[i] += k.lever_i.cross(f_i);
    if (!k.wall) {
      const std::size_t j = slot_j_[c];
      force[j] -= f_i;
      torque[j] += k.lever_j.cross(Vec3(-f_i));
    }
  };
  std::vector<std::size_t> sticking;
  std::vector<SlotKinematics> kin(ns);
  for (std::size_t c = 0; c < ns; ++c) {
    const int m = slot_mode(mode, x, c);
    if (m == kOpen) continue;
    const SlotKinematics& k = kin[c] = kinematics(x, c);
    const std::size_t sb = slot_base(c);
    const double normal = hertz_normal_force(k.pair, k.g.h, k.hdot, prm.xi);
    apply(c, k, -normal * k.g.n);
    if (coulomb_ && m == kStick) {
      sticking.push_back(c);
      continue;
    }
    const TangentialRate tr = tangential(k, seg(x, sb), normal, m);
    const Vec3 v_t = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
    put(xdot, sb, tr.sdot);
    xdot[sb + 3] = tr.force.dot(v_t);
    apply(c, k, tr.force);
    if (force_out) (*force_out)[c] = tr.force;
  }
  auto inv_inertia = [&](std::size_t p) { return prm.rotations ? 1.0 / scene_.inertia(p) : 0.0; };
  if (!sticking.empty()) {
    // Constraint forces of the sticking Coulomb contacts: d/dt v_t = P a_rel - n'(n . v_slip) = 0 at each, with
    // a_rel = a_i + alpha_i x L_i + w_i x L_i' - (a_j + alpha_j x L_j + w_j x L_j'), L_i' = r_i n', L_j' = -r_j n'.
    // a and alpha are affine in the unknown forces: A f = -b, f in each contact's tangent plane (basis t1, t2).
    const std::size_t K = sticking.size();
    auto rel_acc = [&](std::size_t c, const std::vector<Vec3>& a, const std::vector<Vec3>& al) {
      const SlotKinematics& k = kin[c];
      const std::size_t i = slot_i_[c];
      Vec3 r = a[i] + al[i].cross(k.lever_i);
      if (!k.wall) {
        const std::size_t j = slot_j_[c];
        r -= a[j] + al[j].cross(k.lever_j);
      }
      return r;
    };
    std::vector<Vec3> a(n), al(n);
    for (std::size_t p = 0; p < n; ++p) {
      a[p] = force[p] / scene_.mass(p);
      al[p] = torque[p] * inv_inertia(p);
    }
    std::vector<std::array<Vec3, 2>> basis(K);
    Eigen::VectorXd b(2 * K);
    for (std::size_t q = 0; q < K; ++q) {
      const std::size_t c = sticking[q];
      const SlotKinematics& k = kin[c];
      const Vec3& nn = k.g.n;
      basis[q][0] = nn.unitOrthogonal();
      basis[q][1] = nn.cross(basis[q][0]);
      const std::size_t i = slot_i_[c];
      Vec3 vel = seg(x, particle_base(i) + 6).cross(scene_.radius(i) * k.ndot);
      if (!k.wall) vel -= seg(x, particle_base(slot_j_[c]) + 6).cross(-scene_.radius(slot_j_[c]) * k.ndot);
      const Vec3 acc = rel_acc(c, a, al) + vel - k.ndot * nn.dot(k.v_slip);
      for (int e = 0; e < 2; ++e) b[2 * q + e] = basis[q][e].dot(acc);
    }
    Eigen::MatrixXd A(2 * K, 2 * K);
    std::vector<Vec3> da(n), dal(n);
    for (std::size_t q = 0; q < K; ++q)
      for (int e = 0; e < 2; ++e) {
        std::fill(da.begin(), da.end(), Vec3::Zero());
        std::fill(dal.begin(), dal.end(), Vec3::Zero());
        const std::size_t c = sticking[q];
        const Vec3& f = basis[q][e];
        const std::size_t i = slot_i_[c];
        da[i] += f / scene_.mass(i);
        dal[i] += kin[c].lever_i.cross(f) * inv_inertia(i);
        if (!kin[c].wall) {
          const std::size_t j = slot_j_[c];
          da[j] -= f / scene_.mass(j);
          dal[j] += kin[c].lever_j.cross(Vec3(-f)) * inv_inertia(j);
        }
        for (std::size_t r = 0; r < K; ++r) {
          const Vec3 resp = rel_acc(sticking[r], da, dal);
          for (int e2 = 0; e2 < 2; ++e2) A(2 * r + e2, 2 * q + e) = basis[r][e2].dot(resp);
        }
      }
    const Eigen::VectorXd p = A.completeOrthogonalDecomposition().solve(-b);
    for (std::size_t q = 0; q < K; ++q) {
      const std::size_t c = sticking[q];
      const Vec3 f = p[2 * q] * basis[q][0] + p[2 * q + 1] * basis[q][1];
      const Vec3 v_t = kin[c].v_slip - kin[c].v_slip.dot(kin[c].g.n) * kin[c].g.n;
      xdot[slot_base(c) + 3] = f.dot(v_t);
      apply(c, kin[c], f);
      if (force_out) (*force_out)[c] = f;
    }
  }
  for (std::size_t p = 0; p < n; ++p) {
    const std::size_t b = particle_base(p);
    put(xdot, b + 3, force[p] / scene_.mass(p));
    put(xdot, b + 6, torque[p] * inv_inertia(p));
    const Vec3 w = seg(x, b + 6);
    put(xdot, b + 9, rodrigues_rate(seg(x, b + 9), w));
    put(xdot, b + 15, w);
  }
}

double SphereModel::stick_tolerance(const SlotKinematics& k) const {
  return 1e-9 * k.pair.m_star * std::max(1.0, scene_.params.gravity.norm());
}

int SphereModel::closing_mode(VecCRef x, std::size_t c) const {
  const SlotKinematics k = kinematics(x, c);
  const Vec3 v_t = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
  const double mu = scene_.mu_d(k.wall);
  if (coulomb_) return mu == 0 || v_t.norm() > kSlipSeedSpeed ? kSlip : kStick;
  if (!mindlin_ || mu == 0) return kStick;
  const Vec3 s = seg(x, slot_base(c));
  const double len = s.norm(), cn = cone(k);
  if (len < cn) return kStick;
  const Vec3 tau = len > 0 ? Vec3(s / len) : (v_t.norm() > 0 ? Vec3(v_t.normalized()) : Vec3::Zero());
  return v_t.dot(tau) > cone_rate(k) && tau.norm() > 0 ? kSlip : kStick;
}

Mode SphereModel::initial_mode(double t, VecCRef x) const {
  (void)t;
  Mode m(num_slots());
  for (std::size_t c = 0; c < num_slots(); ++c) m[c] = overlap(x, c) > 0 ? closing_mode(x, c) : kOpen;
  if (coulomb_) {  // a sticking contact whose constraint force lies outside the cone slips
    Vec xdot(size());
    std::vector<Vec3> f;
    evaluate(x, m, xdot, &f);
    for (std::size_t c = 0; c < num_slots(); ++c)
      if (m[c] == kStick) {
        const SlotKinematics k = kinematics(x, c);
        if (f[c].norm() > scene_.mu_d(k.wall) * hertz_normal_force(k.pair, k.g.h, k.hdot, scene_.params.xi) + stick_tolerance(k))
          m[c] = kSlip;
      }
  }
  return m;
}

int SphereModel::slot_mode(const Mode& mode, VecCRef x, std::size_t c) const {
  if (mode.size() == num_slots()) return mode[c];
  return overlap(x, c) > 0 ? kStick : kOpen;
}

Vec3 SphereModel::tangential_force(VecCRef x, const Mode& mode, std::size_t c) const {
  Vec xdot(size());
  std::vector<Vec3> f;
  evaluate(x, mode, xdot, &f);
  return f[c];
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

std::size_t SphereModel::num_events() const { return 2 * num_slots() + scene_.num_particles(); }

void SphereModel::events(double t, VecCRef x, const Mode& mode, VecRef g) const {
  (void)t;
  const std::size_t ns = num_slots();
  std::vector<Vec3> f;
  bool have_forces = false;
  for (std::size_t c = 0; c < ns; ++c) {
    const int m = slot_mode(mode, x, c);
    const double h = overlap(x, c);
    g[c] = m != kOpen ? -h : h;
    g[ns + c] = -1.0;
    if (m == kOpen || (!mindlin_ && !coulomb_)) continue;
    const SlotKinematics k = kinematics(x, c);
    const double mu = scene_.mu_d(k.wall);
    if (mu == 0) continue;
    const Vec3 s = seg(x, slot_base(c));
    const Vec3 s_t = s - s.dot(k.g.n) * k.g.n;
    const Vec3 v_t = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
    if (mindlin_) {
      if (m == kStick) {
        g[ns + c] = s_t.norm() - cone(k);
      } else {
        const double len = s_t.norm();
        const Vec3 tau = len > 0 ? Vec3(s_t / len) : (v_t.norm() > 0 ? Vec3(v_t.normalized()) : Vec3::Zero());
        g[ns + c] = cone_rate(k) - v_t.dot(tau);
      }
    } else if (m == kStick) {
      if (!have_forces) {
        Vec xdot(size());
        evaluate(x, mode, xdot, &f);
        have_forces = true;
      }
      g[ns + c] = f[c].norm() - mu * hertz_normal_force(k.pair, k.g.h, k.hdot, scene_.params.xi);
    } else {
      const double len = s_t.norm();
      g[ns + c] = len > 0 ? -v_t.dot(s_t) / len : -1.0;
    }
  }
  for (std::size_t p = 0; p < scene_.num_particles(); ++p)
    g[2 * ns + p] = seg(x, particle_base(p) + 9).squaredNorm() - kRebase;
}

bool SphereModel::leaves(VecCRef x, const Mode& mode, std::size_t c, const std::vector<Vec3>& force) const {
  if (mode[c] == kOpen || (!mindlin_ && !coulomb_)) return false;
  const SlotKinematics k = kinematics(x, c);
  const double mu = scene_.mu_d(k.wall);
  if (mu == 0) return false;
  const Vec3 s = seg(x, slot_base(c));
  const Vec3 s_t = s - s.dot(k.g.n) * k.g.n;
  const Vec3 v_t = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
  const double len = s_t.norm();
  if (coulomb_) {
    if (mode[c] == kStick) {  // a constraint force at rounding level never picks a slip direction
      const double fn = force[c].norm(), limit = mu * hertz_normal_force(k.pair, k.g.h, k.hdot, scene_.params.xi);
      return fn > stick_tolerance(k) && fn - limit >= -1e-9 * limit;
    }
    // A slip that has just started (s still the seed) cannot end at once.
    return len > 2 * kSlipSeedLength && -v_t.dot(s_t) / len >= -1e-3 * kSlipSeedSpeed;
  }
  const double cn = cone(k), rate = cone_rate(k);
  const Vec3 tau = len > 0 ? Vec3(s_t / len) : (v_t.norm() > 0 ? Vec3(v_t.normalized()) : Vec3::Zero());
  if (mode[c] == kStick) return len >= cn * (1 - 1e-9) && v_t.dot(tau) > rate;
  return rate - v_t.dot(tau) >= -1e-9 * (std::abs(rate) + v_t.norm());
}

void SphereModel::switch_slot(VecRef x, Mode& mode, std::size_t c, const std::vector<Vec3>& force) const {
  const std::size_t sb = slot_base(c);
  if (coulomb_) {
    if (mode[c] == kStick) {  // the slip starts against the constraint force it replaces
      const double fn = force[c].norm();
      put(x, sb, fn > 0 ? Vec3(-kSlipSeedLength / fn * force[c]) : Vec3::Zero());
      mode[c] = kSlip;
    } else {
      put(x, sb, Vec3::Zero());
      mode[c] = kStick;
    }
    return;
  }
  if (mode[c] == kStick) {
    mode[c] = kSlip;  // project() puts s on the cone
    return;
  }
  const SlotKinematics k = kinematics(x, c);
  const Vec3 s = seg(x, sb);
  const Vec3 s_t = s - s.dot(k.g.n) * k.g.n;
  if (s_t.norm() > 0) put(x, sb, Vec3(cone(k) / s_t.norm() * s_t));
  mode[c] = kStick;
}

bool SphereModel::settle(VecRef x, Mode& mode, std::vector<char>& done) const {
  bool changed = false;
  Vec xdot(size());
  std::vector<Vec3> force(num_slots(), Vec3::Zero());
  for (std::size_t pass = 0; pass < num_slots(); ++pass) {
    if (coulomb_) evaluate(x, mode, xdot, &force);
    bool any = false;
    for (std::size_t c = 0; c < num_slots(); ++c)
      if (!done[c] && leaves(x, mode, c, force)) {
        switch_slot(x, mode, c, force);
        done[c] = 1;
        any = changed = true;
        if (coulomb_) break;  // the constraint forces change with every switch
      }
    if (!any) break;
  }
  return changed;
}

EventOutcome SphereModel::on_event(double t, VecRef x, Mode& mode, std::size_t which) const {
  (void)t;
  const std::size_t ns = num_slots();
  std::vector<char> done(ns, 0);
  if (which < 2 * ns) {
    bool changed = false;
    const std::size_t c = which < ns ? which : which - ns;
    done[c] = 1;
    if (which < ns) {
      put(x, slot_base(c), Vec3::Zero());  // the spring is created / removed with the contact
      if (mode[c] != kOpen) {
        mode[c] = kOpen;
      } else {
        mode[c] = closing_mode(x, c);
        if (coulomb_ && mode[c] == kStick) {
          const Vec3 f = tangential_force(x, mode, c);
          const SlotKinematics k = kinematics(x, c);
          if (f.norm() > scene_.mu_d(k.wall) * hertz_normal_force(k.pair, k.g.h, k.hdot, scene_.params.xi) + stick_tolerance(k)) {
            mode[c] = kSlip;
            put(x, slot_base(c), Vec3(-kSlipSeedLength / f.norm() * f));
          }
        }
      }
      changed = true;
    } else {
      // The driver located this switch; it acts only if the mode's condition is met here (several drivers hand
      // over every root found at one time, and settle() below may already have switched this slot).
      std::vector<Vec3> force(ns, Vec3::Zero());
      if (coulomb_) {
        Vec xdot(size());
        evaluate(x, mode, xdot, &force);
      }
      if (leaves(x, mode, c, force)) {
        switch_slot(x, mode, c, force);
        changed = true;
      }
    }
    // Other slots that reached their switch at the same instant (symmetric contacts): a located root of one
    // function may leave another one at g >= 0, which no later crossing would report.
    return {settle(x, mode, done) || changed, false};
  }
  const std::size_t b = particle_base(which - 2 * ns);
  put(x, b + 12, rodrigues_compose(seg(x, b + 12), seg(x, b + 9)));
  put(x, b + 9, Vec3::Zero());
  return {true, false};
}

void SphereModel::project(double t, VecRef x, const Mode& mode) const {
  (void)t;
  if (mode.size() != num_slots() || (!mindlin_ && !coulomb_)) return;
  for (std::size_t c = 0; c < num_slots(); ++c) {
    if (mode[c] != kSlip) continue;
    const SlotKinematics k = kinematics(x, c);
    const std::size_t sb = slot_base(c);
    const Vec3 s = seg(x, sb);
    Vec3 dir = s - s.dot(k.g.n) * k.g.n;
    if (dir.norm() == 0) {
      dir = k.v_slip - k.v_slip.dot(k.g.n) * k.g.n;
      if (dir.norm() == 0) {  // at rest relative to each other: the slip starts against the sticking force
        Mode stick = mode;
        stick[c] = kStick;
        dir = -tangential_force(x, stick, c);
      }
    }
    if (dir.norm() == 0) continue;
    dir.normalize();
    if (mindlin_) {
      put(x, sb, Vec3(cone(k) * dir));
    } else if (s.norm() == 0) {
      put(x, sb, Vec3(kSlipSeedLength * dir));
    }
  }
}

double SphereModel::spring_energy(const SlotKinematics& k, const Vec3& s) const {
  if (k.g.h <= 0 || coulomb_) return 0.0;  // coulomb: s is the slip path, not a spring
  const double kt = mindlin_stiffness(k.pair, k.g.h);
  if (mindlin_) {
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
  return dsds_ ? AdjustPolicy::after_step : AdjustPolicy::none;
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
