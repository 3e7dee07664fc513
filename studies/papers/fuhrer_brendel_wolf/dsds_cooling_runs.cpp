// studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.cpp — see dsds_cooling_runs.hpp (the gas runs are in
// dsds_cooling_gas.cpp).
#include "studies/papers/fuhrer_brendel_wolf/dsds_cooling_runs.hpp"

#include <fmt/format.h>

#include <cmath>
#include <future>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "models/hertz_mindlin.hpp"
#include "solvers/particles/binary_impact.hpp"
#include "models/particles/collision_kinetics.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "studies/experiment/output.hpp"
#include "models/particles/cooling_statistics.hpp"

namespace stickslip {

using nlohmann::json;

std::string CoolingSet::label() const {
  std::string s = fmt::format("{}, gt/gn {}, kt/kn {}, mu {}, e {}", normal, format_value(gamma_t_ratio),
                              format_value(std::round(kt_ratio * 1000) / 1000), format_value(mu),
                              format_value(restitution));
  if (dashpot_varies) s += ", dashpot " + damping;
  if (csds_update == "explicit") s += ", csds explicit";
  return s;
}

void classify_normal(CoolingSet& s) {
  with_normal_law("normal", s.normal, normal_spheres, [&](const auto& e) {
    using N = typename std::decay_t<decltype(e)>::Law;
    if constexpr (SphereNormalLaw<N>) s.speed_dependent = N::speed_dependent, s.dashpot_varies = !N::constant_dashpot;
  });
}

namespace {

// k_n, gamma_n of the linear law with a normal law's contact time t_c and restitution (its zeta), and t_c.
struct LinearEquivalent {
  double kn, gamma_n, t_c;
};

// The linear law's own k_n, gamma_n and exact contact time pi/(w0 sqrt(1 - zeta^2)).
LinearEquivalent linear_equivalent(const LinearSpringDashpot& n, double /*r*/, double m, double /*v*/, double zeta) {
  return {n.kn, n.gamma_n, M_PI / (std::sqrt(n.kn / (0.5 * m)) * std::sqrt(1 - zeta * zeta))};
}

// Any other law: the contact time of a resolved head-on impact at v, and the linear law with that contact time and
// the restitution's zeta (w0 = pi/(t_c sqrt(1 - zeta^2)), k_n = m* w0^2, gamma_n = 2 zeta w0).
template <class N>
LinearEquivalent linear_equivalent(const N& n, double r, double m, double v, double zeta) {
  const double t_c = resolved_impact(n, r, m, v).contact_time;
  const double w0 = M_PI / (t_c * std::sqrt(1 - zeta * zeta));
  return {0.5 * m * w0 * w0, 2 * zeta * w0, t_c};
}

}  // namespace

void resolve_cooling_set(CoolingSet& s, double T0, double dt_fraction) {
  s.T0 = T0;
  const double zeta = LinearSpringDashpot::damping_ratio(s.restitution);
  const double v_impact = std::sqrt(M_PI * T0 / s.m);
  classify_normal(s);
  s.xi = xi_from_restitution(s.restitution);
  with_sphere_normal_law("normal", s.normal, s.material(), [&](const auto& normal) {
    const LinearEquivalent le = linear_equivalent(normal, s.r, s.m, v_impact, zeta);
    s.kn = le.kn, s.gamma_n = le.gamma_n, s.t_c = le.t_c;
  });
  s.kt = s.kt_ratio * s.kn;
  s.gamma_t = s.gamma_t_ratio * s.gamma_n;
  s.dt = s.t_c / dt_fraction;
}

std::vector<double> cooling_edges(double T_end, int bins) {
  std::vector<double> e;
  for (int k = 0; k <= bins; ++k) e.push_back(std::exp(std::log(T_end) * k / bins));
  return e;
}

Crossings edge_crossings(const std::vector<double>& t, const std::vector<double>& T_tr, const std::vector<double>& T_rot,
                         double T0, const std::vector<double>& edges) {
  Crossings c;
  for (double e : edges) {
    const double target = e * T0;
    double tc = NAN, rc = NAN;
    if (!T_tr.empty() && T_tr.front() <= target) {  // the first edge (T0 itself): the start
      tc = t.front(), rc = T_rot.front();
    } else {
      for (std::size_t k = 1; k < T_tr.size(); ++k)
        if (T_tr[k] < target) {
          const double a = (std::log(T_tr[k - 1]) - std::log(target)) / (std::log(T_tr[k - 1]) - std::log(T_tr[k]));
          tc = t[k - 1] + a * (t[k] - t[k - 1]);
          rc = T_rot[k - 1] + a * (T_rot[k] - T_rot[k - 1]);
          break;
        }
    }
    c.t.push_back(tc);
    c.T_rot.push_back(rc);
  }
  return c;
}

namespace {

// Sums of what run_mechanism reports of one collision pair (C-SDS, D-SDS) at the same approach.
struct PairSums {
  double created = 0, created_onset = 0, created_csds = 0, extra = 0, normal = 0, net = 0, loss_csds = 0;
  double identity = 0, beta_c = 0, beta_d = 0;
  int count = 0;
  void add(const CollisionOutcome& c, const CollisionOutcome& d) {
    created += d.created, created_onset += d.created_onset, created_csds += c.created;
    extra += d.tangential_dissipation - c.tangential_dissipation;
    normal += d.normal_damping - c.normal_damping;
    const double n = d.dK() - c.dK();
    net += n;
    loss_csds += -c.dK();
    // net = (C_D - C_C) - X - dD_n - (S_D - S_C) + (Q_D - Q_C): the ledgers of the two collisions, to round-off
    const double predicted = (d.created - c.created) - (d.tangential_dissipation - c.tangential_dissipation) -
                             (d.normal_damping - c.normal_damping) - (d.scheme_work - c.scheme_work) + (d.kick - c.kick);
    identity = std::max(identity, std::abs(n - predicted));
    beta_c += c.tangential_restitution, beta_d += d.tangential_restitution;
    ++count;
  }
  json row() const {
    const double k = count > 0 ? count : 1;
    return {{"created", created / k},         {"created_onset", created_onset / k}, {"created_csds", created_csds / k},
            {"extra_dissipation", extra / k}, {"normal_damping_difference", normal / k},
            {"net", net / k},                 {"loss_csds", loss_csds / k},         {"identity_residual", identity},
            {"beta_csds", beta_c / k},        {"beta_dsds", beta_d / k}};
  }
};

}  // namespace

json run_mechanism(const CoolingSet& s, const MechanismOptions& o) {
  return with_cooling_laws(s, [&](const auto& normal, const auto& csds, const auto& dsds) {
    json levels = json::array();
    std::vector<double> temps{1.0};
    if (s.speed_dependent) temps.push_back(o.T_end);  // a law whose impacts do not depend on the speed is scale invariant
    const double m_star = 0.5 * s.m;
    for (double tt : temps) {
      const double vn = std::sqrt(M_PI * tt * s.T0 / s.m);
      json points = json::array();
      for (const char* kind : {"translation", "spin"}) {
        for (int k = 0; k < o.angles; ++k) {
          check_interrupt();
          const double psi = 87.0 * k / std::max(1, o.angles - 1), vt = vn * std::tan(psi * M_PI / 180);
          PairApproach a;
          a.vn = vn;
          if (std::string(kind) == "translation") {
            a.gt = Vec3(0, vt, 0);
          } else {
            a.omega_i = a.omega_j = Vec3(0, 0, vt / (2 * s.r));  // r (w_i + w_j) x e_x = v_t e_y
          }
          const auto averaged = [&](double dt, int phases) {
            PairSums p;
            for (int q = 0; q < phases; ++q) {
              a.phase = (q + 0.5) / phases;
              p.add(binary_collision(normal, csds, s.r, s.m, a, dt), binary_collision(normal, dsds, s.r, s.m, a, dt));
            }
            return p.row();
          };
          const json fine = averaged(s.t_c / 3200, 4), coarse = averaged(s.t_c / 1600, 4);
          json spread = json::object();
          for (const auto& [key, v] : fine.items())
            if (key != "identity_residual") spread[key] = std::abs(static_cast<double>(v) - static_cast<double>(coarse[key]));
          // eq. 11 at the onset (dt -> 0): the spring reset from 0 to |k xi| = gamma_t m* v_t - mu f_n0 without work;
          // f_n0 = gamma_n m* v_n for the linear law, 0 for Hertz (its dashpot vanishes at h = 0); a dashpot that
          // follows Hertz's vanishes there too.
          const double gamma_onset =
              s.dashpot_follows_normal() ? s.gamma_t_ratio * normal.dashpot(touching(m_star, vn)) / m_star : s.gamma_t;
          const double fn0 = touch_force(normal, m_star, vn);
          points.push_back({{"kind", kind},
                            {"psi_deg", psi},
                            {"vt_over_vn", vt / vn},
                            {"eq11_closed_form", dsds_onset_energy(s.kt, gamma_onset, s.mu, m_star, vt, fn0)},
                            {"dt0", fine},
                            {"dt0_spread", spread},
                            {"gas_dt", averaged(s.dt, o.gas_phases)}});
        }
      }
      levels.push_back({{"T_over_T0", tt}, {"vn", vn}, {"pair_energy_normal", 0.5 * m_star * vn * vn}, {"points", points}});
    }
    return json{{"levels", levels}, {"dt_fine", s.t_c / 3200}, {"dt_gas", s.dt}};
  });
}

namespace {

// Per node of the kinetic prediction's paths (one C-SDS and one D-SDS path per batch): the ratio
// <dK_tr>_D/<dK_tr>_C, each law's -<dK_tr>/T and T_rot/T, created/T (D-SDS); mean +- stderr over the batches.
json kinetic_node_rows(const std::vector<std::pair<std::vector<CoolingNode>, std::vector<CoolingNode>>>& paths,
                       double T0) {
  const std::size_t nodes = paths.front().first.size();
  json node_rows = json::array();
  for (std::size_t k = 0; k < nodes; ++k) {
    std::vector<double> ratio, ac, ad, rc, rd, cr;
    for (const auto& [pc, pd] : paths) {
      const double T = pc[k].T;
      ratio.push_back(pd[k].means.dK_tr / pc[k].means.dK_tr);
      ac.push_back(-pc[k].means.dK_tr / T), ad.push_back(-pd[k].means.dK_tr / T);
      rc.push_back(pc[k].T_rot / T), rd.push_back(pd[k].T_rot / T);
      cr.push_back(pd[k].means.created / T);
    }
    node_rows.push_back({{"T_over_T0", paths.front().first[k].T / T0},
                         {"ratio", json_number(mean_of(ratio))}, {"ratio_stderr", json_number(stderr_of(ratio))},
                         {"loss_csds", json_number(mean_of(ac))}, {"loss_dsds", json_number(mean_of(ad))},
                         {"rot_csds", json_number(mean_of(rc))}, {"rot_dsds", json_number(mean_of(rd))},
                         {"created_dsds", json_number(mean_of(cr))}});
  }
  return node_rows;
}

}  // namespace

json run_kinetic(const CoolingSet& s, const KineticOptions& o) {
  return with_cooling_laws(s, [&](const auto& normal, const auto& csds, const auto& dsds) {
    const long per_batch = std::max(1L, o.draws / o.batches);
    const double T0 = s.T0, I = s.inertia();
    // One batch: its draws, both laws' cooling paths; the ratio at the nodes and over the bins.
    const auto batch = [&](int b) {
      const std::vector<CollisionDraw> draws = draw_collisions(static_cast<std::size_t>(per_batch), o.seed * 1000003ull + b);
      const auto mean_at = [&](const auto& law) {
        return [&, law](double T, double T_rot) {
          check_interrupt();
          CollisionMeans m;
          for (const CollisionDraw& d : draws) {
            const CollisionOutcome c = binary_collision(normal, law, s.r, s.m, approach_of(d, T, T_rot, s.m, I), s.dt);
            m.dK_tr += c.dK_tr, m.dK_rot += c.dK_rot, m.created += c.created;
            m.tangential_dissipation += c.tangential_dissipation, m.normal_damping += c.normal_damping;
          }
          const double n = static_cast<double>(draws.size());
          m.dK_tr /= n, m.dK_rot /= n, m.created /= n, m.tangential_dissipation /= n, m.normal_damping /= n;
          return m;
        };
      };
      const auto pc = integrate_cooling(mean_at(csds), T0, o.rot_ratio * T0, o.T_end * T0, o.steps);
      const auto pd = integrate_cooling(mean_at(dsds), T0, o.rot_ratio * T0, o.T_end * T0, o.steps);
      return std::pair{pc, pd};
    };
    std::vector<std::pair<std::vector<CoolingNode>, std::vector<CoolingNode>>> paths(o.batches);
    for (int b0 = 0; b0 < o.batches; b0 += std::max(1, o.jobs)) {
      std::vector<std::future<std::pair<std::vector<CoolingNode>, std::vector<CoolingNode>>>> f;
      for (int b = b0; b < std::min(o.batches, b0 + std::max(1, o.jobs)); ++b)
        f.push_back(std::async(std::launch::async, batch, b));
      for (std::size_t q = 0; q < f.size(); ++q) paths[static_cast<std::size_t>(b0) + q] = f[q].get();
    }
    const json node_rows = kinetic_node_rows(paths, T0);
    // Over a bin [e_a, e_b] of the gas analysis: the ratio of the times each law takes to cool through it
    // (collision_kinetics.hpp cooling_time_through).
    const auto time_through = [&](const std::vector<CoolingNode>& p, double ea, double eb) {
      return cooling_time_through(p, ea, eb, o.T_end, o.steps);
    };
    json bins = json::array();
    for (std::size_t b = 0; b + 1 < o.edges.size(); ++b) {
      std::vector<double> r;
      for (const auto& [pc, pd] : paths) r.push_back(time_through(pc, o.edges[b], o.edges[b + 1]) / time_through(pd, o.edges[b], o.edges[b + 1]));
      bins.push_back({{"T_hi", o.edges[b]}, {"T_lo", o.edges[b + 1]}, {"ratio", json_number(mean_of(r))},
                      {"ratio_stderr", json_number(stderr_of(r))}});
    }
    std::vector<double> whole;
    for (const auto& [pc, pd] : paths)
      whole.push_back(time_through(pc, 1.0, o.edges.back()) / time_through(pd, 1.0, o.edges.back()));
    // The ratio at T0 (T_rot = rot_ratio T0) for dt/2^k: the time-step error of the gas's dt.
    json levels = json::array();
    {
      const std::vector<CollisionDraw> draws = draw_collisions(static_cast<std::size_t>(o.dt_level_draws), o.seed * 7919 + 17);
      for (int k = 0; k < o.dt_levels; ++k) {
        check_interrupt();
        const double dt = s.dt / std::pow(2.0, k);
        std::vector<double> dc, dd;
        for (const CollisionDraw& d : draws) {
          const PairApproach a = approach_of(d, T0, o.rot_ratio * T0, s.m, I);
          dc.push_back(binary_collision(normal, csds, s.r, s.m, a, dt).dK_tr);
          dd.push_back(binary_collision(normal, dsds, s.r, s.m, a, dt).dK_tr);
        }
        const double mc = mean_of(dc), md = mean_of(dd), R = md / mc;
        std::vector<double> resid;  // paired delta method: var(R) = var(d - R c)/(n mc^2)
        for (std::size_t q = 0; q < dc.size(); ++q) resid.push_back(dd[q] - R * dc[q]);
        levels.push_back({{"dt", dt}, {"ratio", json_number(R)}, {"ratio_stderr", json_number(stderr_of(resid) / std::abs(mc))}});
      }
    }
    return json{{"nodes", node_rows},
                {"bins", bins},
                {"whole_range", {{"ratio", json_number(mean_of(whole))}, {"ratio_stderr", json_number(stderr_of(whole))}}},
                {"dt_levels", levels},
                {"draws", per_batch * o.batches},
                {"batches", o.batches}};
  });
}

std::string lammps_cannot(const CoolingSet& s) {
  const bool has_pair = with_cooling_laws(
      s, [](const auto& normal, const auto&, const auto& dsds) { return !lammps_dsds_coeff(normal, dsds).empty(); });
  if (has_pair) return "";
  if (s.dashpot_varies && !s.dashpot_follows_normal())
    return "LAMMPS has no " + s.normal + " contact with a constant tangential dashpot (pair granular's tangential "
           "damping is x_gamma_t times the normal one); use tangential_damping=normal";
  return "LAMMPS has no pair style for the D-SDS on normal=" + s.normal;
}

}  // namespace stickslip
