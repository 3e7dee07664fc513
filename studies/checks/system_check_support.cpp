// studies/checks/system_check_support.cpp — what the property checks of systems share (the header says what).
#include "studies/checks/system_check_support.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/interrupt.hpp"
#include "models/contact/registry.hpp"

namespace stickslip::system_checks {

constexpr double kThresholdShift = 1e-4;  // decided_robustly(): the decisions must survive this relative threshold change

bool is_moreau(const std::string& solver) { return solver == "moreau"; }
bool is_adaptive(const std::string& solver) {
  return !is_moreau(solver) && parse_integrator("solver", solver).adaptive();
}

// ---- the static thresholds of set-valued contacts ----

// F_s / F_n of every contact whose law is set-valued (mu, mu_s); NaN for the others.
std::vector<double> static_ratios(const SystemSpec& spec) {
  std::vector<double> out;
  for (const SystemContact& c : spec.contacts) {
    if (c.custom) {
      out.push_back(NAN);
      continue;
    }
    LawValues values;
    for (const auto& [name, v] : c.values.values()) values.set(name, v.value, "contact." + c.name + "." + name, v.text);
    out.push_back(with_law("contact." + c.name + ".law", c.law, [&](const auto& e) -> double {
      using L = typename std::decay_t<decltype(e)>::Law;
      if constexpr (SetValuedLaw<L>) return make_law<L>(values).static_threshold(1.0);
      else return NAN;
    }));
  }
  return out;
}

Trace trace(const SystemSpec& spec, const SystemRunSettings& st, double t_end) {
  const std::vector<double> ratio = static_ratios(spec);
  Trace tr;
  EnergyBalance balance;
  const SystemRunResult r = simulate(spec, st, 0, t_end, [&](const SystemSample& s) {
    check_interrupt();
    tr.q = s.q, tr.v = s.v;
    tr.q_scale = std::max(tr.q_scale, s.q.cwiseAbs().maxCoeff());
    tr.v_scale = std::max(tr.v_scale, s.v.cwiseAbs().maxCoeff());
    tr.stuck_end = s.stuck, tr.s_end = s.s, tr.F_end = s.F;
    for (std::size_t c = 0; c < ratio.size(); ++c) {
      if (std::isnan(ratio[c])) continue;
      const auto cc = static_cast<Eigen::Index>(c);
      const double fs = ratio[c] * std::max(0.0, s.fn[cc]);
      tr.force_scale = std::max(tr.force_scale, fs);
      tr.force_excess = std::max(tr.force_excess, std::abs(s.F[cc]) - fs);
      if (s.stuck[c]) tr.stuck_slip = std::max(tr.stuck_slip, std::abs(s.s[cc]));
    }
    balance.add(s.energy);
  });
  tr.max_balance = balance.max_abs_balance();
  tr.energy_scale = balance.scale();
  tr.transitions = r.transitions;
  tr.stats = r.stats;
  tr.state_size = r.state_size;
  tr.ledger = r.ledger;
  return tr;
}

// ---- the exact solution's stick/slip sequence ----

// The exact stick/slip transitions (a reversal through zero slip without sticking is no change of the stuck flag).
std::vector<CoulombSystemExact::Transition> sticks_of(const CoulombSystemExact& ex) {
  std::vector<CoulombSystemExact::Transition> out;
  for (const auto& t : ex.transitions())
    if ((t.before == 1) != (t.after == 1)) out.push_back(t);
  return out;
}

static std::vector<std::pair<std::size_t, bool>> sequence(const CoulombSystemExact& ex) {
  std::vector<std::pair<std::size_t, bool>> out;
  for (const auto& t : sticks_of(ex)) out.emplace_back(t.contact, t.after == 1);
  return out;
}

// Whether the exact stick/slip sequence stays the same when every threshold moves by kThresholdShift relative (the
// normal forces scaled): a draw decided well above rounding and the drivers' tolerances.
// A draw at which the exact solution finds no consistent mode at a transition (a tie of the exhaustive decision, seen
// once in 5700 draws) is no reference either: not robust.
bool decided_robustly(const SystemSpec& spec, double t_end) {
  try {
    const auto nominal = sequence(CoulombSystemExact(spec, t_end));
    for (const double f : {1 - kThresholdShift, 1 + kThresholdShift}) {
      SystemSpec s = spec;
      for (SystemContact& c : s.contacts) c.fn0 *= f;
      if (sequence(CoulombSystemExact(s, t_end)) != nominal) return false;
    }
  } catch (const std::runtime_error&) {
    return false;
  }
  return true;
}

// The system's own scales, for rounding floors where a run barely moves (a stack that stays stuck: positions and
// energies at rounding level, so that relative tolerances vanish with them): a force F (external forces, static
// thresholds, the springs' forces at q0), the length L = max(|q0|, |v0| t_end, F t_end^2 / m_min) and the energy
// F L + 1/2 m_max |v0|^2. Rounding: 16 eps_mach per step of that scale.
Scales system_scales(const SystemSpec& spec, double t_end) {
  const std::vector<double> ratio = static_ratios(spec);
  const double q0 = spec.q0.size() ? spec.q0.cwiseAbs().maxCoeff() : 0.0, v0 = spec.v0.size() ? spec.v0.cwiseAbs().maxCoeff() : 0.0;
  double force = 0;
  for (const SystemForce& f : spec.forces) force = std::max(force, std::abs(f.f.value) + std::abs(f.f.rate) * t_end + std::abs(f.f.amplitude));
  for (std::size_t c = 0; c < spec.contacts.size(); ++c)
    force = std::max(force, (std::isnan(ratio[c]) ? 1.0 : ratio[c]) * std::abs(spec.contacts[c].fn0));
  for (const SystemSpring& e : spec.springs) force = std::max(force, e.k * (q0 + std::abs(e.length)) + e.c * v0);
  const Vec masses = spec.mass_matrix.size() ? Vec(spec.mass_matrix.diagonal()) : spec.mass;
  Scales s;
  s.length = std::max({q0, v0 * t_end, force * t_end * t_end / masses.minCoeff()});
  s.energy = force * s.length + 0.5 * masses.maxCoeff() * v0 * v0;
  return s;
}

double rounding(double steps, double scale) { return 16 * kEps * std::max(1.0, steps) * scale; }

// The size of the terms a stuck contact's force sums, to which a state error eps (L, V) passes on: the largest static
// threshold, and the spring and dashpot forces on the most connected body, k L + c V.
static double force_scale(const SystemSpec& spec, double L, double V) {
  const std::vector<double> ratio = static_ratios(spec);
  double fs = 0;
  for (std::size_t c = 0; c < spec.contacts.size(); ++c)
    if (!std::isnan(ratio[c])) fs = std::max(fs, ratio[c] * std::abs(spec.contacts[c].fn0));
  std::vector<double> k(spec.size(), 0.0), damp(spec.size(), 0.0);
  for (const SystemSpring& e : spec.springs)
    for (const SystemEnd* end : {&e.a, &e.b})
      if (end->dof) k[*end->dof] += e.k, damp[*end->dof] += e.c;
  double elastic = 0;
  for (std::size_t i = 0; i < spec.size(); ++i) elastic = std::max(elastic, k[i] * L + damp[i] * V);
  return fs + elastic;
}

// Positions and stick/slip transitions of a run against the exact solution: positions within eps L; the same
// transitions (contact and direction); each time within eps (t_end + G / |g'|): the drivers locate the root of the
// switching function g (a sliding contact's slip velocity s, or a stuck one's |lambda| - F_s) from a state that is
// within eps (L, V) of the exact one, so g is off by eps G (G: V |w|_1 for s, force_scale for lambda) and its root by
// that over the exact slope g' at the root (a slip that fades slowly, or a force that creeps up to its threshold,
// is located less sharply). The worst transition (largest error / tolerance) is reported.
std::vector<Measurement> against_exact(const Trace& tr, const CoulombSystemExact& ex, const SystemSpec& spec,
                                       double t_end, double eps) {
  const CoulombSystemExact::State ref = ex.at(t_end);
  const auto sticks = sticks_of(ex);
  const double L = std::max(tr.q_scale, ref.q.cwiseAbs().maxCoeff()), V = tr.v_scale;
  const double lambda_scale = force_scale(spec, L, V);
  std::vector<Measurement> m;
  const double floor = rounding(static_cast<double>(tr.stats.steps), system_scales(spec, t_end).length);
  m.push_back({"max |q(t_end) - exact|", (tr.q - ref.q).cwiseAbs().maxCoeff(), eps * L + floor});
  double differ = std::abs(static_cast<double>(tr.transitions.size()) - static_cast<double>(sticks.size()));
  Measurement worst{"|t_transition - exact| (worst relative to its conditioning)", 0, eps * t_end};
  double t_prev = 0;
  for (std::size_t i = 0; i < std::min(tr.transitions.size(), sticks.size()); ++i) {
    const SystemTransition& a = tr.transitions[i];
    const CoulombSystemExact::Transition& e = sticks[i];
    if (a.contact != e.contact || (a.stuck_after == 1) != (e.after == 1)) ++differ;
    // The exact slope of g just before the root (one-sided, over a step well inside the segment before it).
    const double delta = std::min(1e-6 * t_end, 0.25 * (e.t - t_prev));
    t_prev = e.t;
    const SystemContact& ct = spec.contacts[e.contact];
    double g_scale = 0, slope = 0;
    if (e.after == 1) {  // slip -> stick: s reaches zero
      const CoulombSystemExact::State before = ex.at(e.t - delta);
      double s = -ct.u.value, w1 = 0;
      for (const SparseTerm& w : ct.w) s += w.coeff * before.v[static_cast<Eigen::Index>(w.dof)], w1 += std::abs(w.coeff);
      slope = std::abs(s) / delta, g_scale = V * w1;
    } else {  // stick -> slip: |lambda| reaches F_s
      const double fs = static_ratios(spec)[e.contact] * std::max(0.0, ct.fn0);
      slope = std::abs(fs - std::abs(ex.forces(e.t - delta)[static_cast<Eigen::Index>(e.contact)])) / delta;
      g_scale = lambda_scale;
    }
    const double tol = eps * (t_end + (slope > 0 ? g_scale / slope : t_end / eps));
    const double err = std::abs(a.t - e.t);
    if (err / tol > worst.error / worst.tolerance) worst.error = err, worst.tolerance = tol;
  }
  m.push_back({"stick/slip transitions unlike the exact ones", differ, 0});
  m.push_back(worst);
  return m;
}

// eps of an adaptive driver: 100 rtol per phase.
double adaptive_eps(double rtol, std::size_t transitions) { return 100 * rtol * (1 + static_cast<double>(transitions)); }

// ---- the energy ledger ----

// The tolerance of the ledger's balance: adaptive drivers 4 eps E (eps = 100 rtol per phase between events; the work
// rows are state components under the same error control, and |dB| <= 2 eps (K + V) + eps (|W| + |W_other|)); Moreau-Jean
// at theta = 1/2 rounding, 16 eps_mach per step; both with that rounding floor on the system's energy scale.
double ledger_tolerance(const std::string& solver, const SystemRunSettings& st, const Trace& tr, const Scales& sc) {
  const double floor = rounding(static_cast<double>(tr.stats.steps), std::max(tr.energy_scale, sc.energy));
  if (is_moreau(solver)) return floor;
  return 4 * adaptive_eps(st.rtol, tr.stats.events.size()) * tr.energy_scale + floor;
}

}  // namespace stickslip::system_checks
