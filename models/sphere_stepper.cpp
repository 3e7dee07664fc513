// models/sphere_stepper.cpp — contact detection, discrete Hertz-Mindlin contact and commit for the trapezoid.
#include "models/sphere_stepper.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/errors.hpp"
#include "models/contact/spring_slider.hpp"

namespace stickslip {

SphereStepper::SphereStepper(SphereScene scene) : scene_(std::move(scene)) {
  scene_.validate();
  if (scene_.params.law == "csds")
    throw_input("tangential", "csds", "the trapezoid integrator offers mindlin and dsds; csds runs on rk4, dopri5, cvode, ida");
}

void SphereStepper::begin_step(double t, double dt, const ParticleState& start) {
  (void)t;
  dt_ = dt;
  const std::size_t n = scene_.num_particles();
  const std::uint64_t stride = n + scene_.num_walls();
  double vmax = 0;
  for (std::size_t p = 0; p < n; ++p) vmax = std::max(vmax, start.v[p].norm());
  // A pair enters the list if it can touch within the step (the iterates move a particle by about v dt).
  const double skin = 0.1 * scene_.min_radius() + 4.0 * vmax * dt;
  const double reach = std::max(2.0 * scene_.max_radius() + skin, scene_.params.nf_cutoff);
  std::swap(prev_key_, key_);
  std::swap(prev_s_, s_acc_);
  key_.clear();
  ci_.clear();
  cj_.clear();
  cells_.build(start.x, reach);
  cells_.for_each_pair(start.x, reach, [&](std::size_t i, std::size_t j) {
    key_.push_back(static_cast<std::uint64_t>(i) * stride + j);
  });
  for (std::size_t p = 0; p < n; ++p)
    for (std::size_t w = 0; w < scene_.num_walls(); ++w)
      if (scene_.wall_geometry(p, w, start.x[p]).h > -skin) key_.push_back(static_cast<std::uint64_t>(p) * stride + n + w);
  std::sort(key_.begin(), key_.end());
  const std::size_t m = key_.size();
  ci_.resize(m);
  cj_.resize(m);
  s_acc_.assign(m, Vec3::Zero());
  // Carry the springs of pairs that were closed at the end of the last step (both lists are sorted).
  std::size_t q = 0;
  for (std::size_t c = 0; c < m; ++c) {
    ci_[c] = static_cast<std::uint32_t>(key_[c] / stride);
    cj_[c] = static_cast<std::uint32_t>(key_[c] % stride);
    while (q < prev_key_.size() && prev_key_[q] < key_[c]) ++q;
    if (q < prev_key_.size() && prev_key_[q] == key_[c]) s_acc_[c] = prev_s_[q];
  }
  // Per-particle adjacency (CSR).
  adj_start_.assign(n + 1, 0);
  for (std::size_t c = 0; c < m; ++c) {
    ++adj_start_[ci_[c] + 1];
    if (cj_[c] < n) ++adj_start_[cj_[c] + 1];
  }
  for (std::size_t p = 0; p < n; ++p) adj_start_[p + 1] += adj_start_[p];
  adj_.resize(adj_start_[n]);
  order_.assign(adj_start_.begin(), adj_start_.end() - 1);
  for (std::size_t c = 0; c < m; ++c) {
    adj_[order_[ci_[c]]++] = static_cast<std::uint32_t>(c);
    if (cj_[c] < n) adj_[order_[cj_[c]]++] = static_cast<std::uint32_t>(c);
  }
}

SphereStepper::Eval SphereStepper::evaluate(std::size_t c, const ParticleState& start, const ParticleState& trial) const {
  const std::size_t n = scene_.num_particles(), i = ci_[c], j = cj_[c];
  const bool wall = j >= n;
  Eval e;
  ContactGeometry g;
  ContactPair pair;
  Vec3 dx = trial.x[i] - start.x[i];
  Vec3 v_slip, lever_i = Vec3::Zero(), lever_j = Vec3::Zero();
  double hdot;
  if (wall) {
    g = scene_.wall_geometry(i, j - n, trial.x[i]);
    if (g.h <= 0) return e;
    pair = scene_.wall_pair(i);
    lever_i = scene_.radius(i) * g.n;
    v_slip = trial.v[i] + trial.omega[i].cross(lever_i);
    hdot = trial.v[i].dot(g.n);
    dx -= scene_.radius(i) * (Mat3::Identity() - rodrigues_tensor(trial.alpha[i])) * g.n;
  } else {
    g = scene_.sphere_geometry(i, j, trial.x[i], trial.x[j]);
    if (g.h <= 0) return e;
    pair = scene_.pair(i, j);
    lever_i = scene_.radius(i) * g.n;
    lever_j = -scene_.radius(j) * g.n;
    v_slip = trial.v[i] + trial.omega[i].cross(lever_i) - trial.v[j] - trial.omega[j].cross(lever_j);
    hdot = (trial.v[i] - trial.v[j]).dot(g.n);
    dx -= scene_.radius(i) * (Mat3::Identity() - rodrigues_tensor(trial.alpha[i])) * g.n;
    dx -= trial.x[j] - start.x[j];
    dx += scene_.radius(j) * (Mat3::Identity() - rodrigues_tensor(trial.alpha[j])) * (-g.n);
  }
  const Vec3& n_ = g.n;
  const Vec3 ds = dx - dx.dot(n_) * n_;  // eq. 29
  // s_acc turned into the new tangent plane with its length kept (the plane rotates with the pair).
  Vec3 s_old = s_acc_[c] - s_acc_[c].dot(n_) * n_;
  const double len_old = s_acc_[c].norm(), len_proj = s_old.norm();
  if (len_proj > 0) s_old *= len_old / len_proj;
  const Vec3 s_trial = s_old + ds;  // eq. 30
  const double normal = hertz_normal_force(pair, g.h, hdot, scene_.params.xi);
  const double kt = mindlin_stiffness(pair, g.h);
  Vec3 f_t;
  if (scene_.params.law == "mindlin") {
    const TangentialStep st = mindlin_return_mapping(s_trial, kt, normal, scene_.mu_s(wall), scene_.mu_d(wall));
    f_t = st.force;
    e.s = st.s;
    e.slipping = st.slipping;
  } else {  // dsds
    const Vec3 v_t = v_slip - v_slip.dot(n_) * n_;
    const double fmax = scene_.mu_d(wall) * normal;
    f_t = sds_force<3>(s_trial, v_t, kt, scene_.params.gamma_t, fmax);
    e.s = dsds_reset<3>(s_trial, v_t, kt, scene_.params.gamma_t, fmax);
    e.slipping = f_t.norm() >= fmax && fmax > 0;
  }
  e.h = g.h;
  e.normal = normal;
  e.f_i = -normal * n_ + f_t;
  e.lever_i = lever_i;
  e.lever_j = lever_j;
  e.closed = true;
  // Moments need the tangential part only: r x (-N n) = 0 since the lever is along n.
  return e;
}

void SphereStepper::force_moment(std::size_t p, const ParticleState& start, const ParticleState& trial,
                                 Eigen::Vector3d& force, Eigen::Vector3d& moment) const {
  const SphereParams& prm = scene_.params;
  force = scene_.mass(p) * prm.gravity - prm.drag * (trial.v[p] - prm.v_fluid);
  moment.setZero();
  const std::size_t n = scene_.num_particles();
  const bool nf = prm.kappa1 != 0 || prm.kappa2 != 0;
  evaluations_.fetch_add(static_cast<long>(adj_start_[p + 1] - adj_start_[p]), std::memory_order_relaxed);
  for (std::uint32_t k = adj_start_[p]; k < adj_start_[p + 1]; ++k) {
    const std::size_t c = adj_[k];
    const bool first = ci_[c] == p;
    if (nf && cj_[c] < n) {
      const std::size_t other = first ? cj_[c] : ci_[c];
      force += scene_.near_field(trial.x[p], trial.x[other]);
    }
    const Eval e = evaluate(c, start, trial);
    if (!e.closed) continue;
    if (first) {
      force += e.f_i;
      moment += e.lever_i.cross(e.f_i);
    } else {
      force -= e.f_i;
      moment += e.lever_j.cross(Vec3(-e.f_i));
    }
  }
}

void SphereStepper::end_step(const ParticleState& start, const ParticleState& end) {
  // Each contact reads and writes only its own s_acc_[c].
  parallel_blocks(key_.size(), threads_, [&](std::size_t b, std::size_t e) {
    for (std::size_t c = b; c < e; ++c) {
      const Eval ev = evaluate(c, start, end);
      s_acc_[c] = ev.closed ? ev.s : Vec3::Zero();
    }
  });
  evaluations_.fetch_add(static_cast<long>(key_.size()), std::memory_order_relaxed);
}

std::string SphereStepper::describe_contacts(std::size_t p, const ParticleState& start, const ParticleState& trial) const {
  const std::size_t n = scene_.num_particles();
  std::string out = "particle " + std::to_string(p) + ":";
  for (std::uint32_t k = adj_start_[p]; k < adj_start_[p + 1]; ++k) {
    const std::size_t c = adj_[k];
    const Eval e = evaluate(c, start, trial);
    if (!e.closed) continue;
    const std::size_t other = ci_[c] == p ? cj_[c] : ci_[c];
    out += (other >= n ? " wall " + std::to_string(other - n) : " particle " + std::to_string(other)) +
           " (h " + format_value(e.h) + " m, N " + format_value(e.normal) + " N, " + (e.slipping ? "slip" : "stick") + ")";
  }
  return out;
}

std::size_t SphereStepper::num_contacts() const {
  std::size_t k = 0;
  for (const auto& s : s_acc_) k += s.squaredNorm() > 0;
  return k;
}

Eigen::Vector3d SphereStepper::spring(std::size_t i, std::size_t j) const {
  const std::uint64_t key = static_cast<std::uint64_t>(i) * (scene_.num_particles() + scene_.num_walls()) + j;
  const auto it = std::lower_bound(key_.begin(), key_.end(), key);
  return it != key_.end() && *it == key ? s_acc_[static_cast<std::size_t>(it - key_.begin())] : Vec3::Zero();
}

double SphereStepper::translational_energy(const SphereScene& scene, const ParticleState& s) {
  double e = 0;
  for (std::size_t p = 0; p < s.size(); ++p) e += 0.5 * scene.mass(p) * s.v[p].squaredNorm();
  return e;
}

double SphereStepper::rotational_energy(const SphereScene& scene, const ParticleState& s) {
  double e = 0;
  for (std::size_t p = 0; p < s.size(); ++p) e += 0.5 * scene.inertia(p) * s.omega[p].squaredNorm();
  return e;
}

}  // namespace stickslip
