// Property checks of the dry-friction oscillator (seed 002 eq. 3) against its exact piecewise solution
// (models/dry_friction_exact.hpp): stick time, stick place, and that the stick then holds exactly.
//   filippov: the Filippov system through euler, heun, rk4 (fixed step, events located), dopri5, cvode, ida;
//   dae:      the Coulomb DAE (stick: algebraic friction force and velocity projection) through ida.
// Tolerances:
//   adaptive at rtol = 1e-10: |t_stick error| <= 100 rtol n t_end, |x_stick error| <= 100 rtol n (|x0| + A0),
//     A0 = |v0|/omega + delta (the first amplitude), n the number of phases: each located switch passes on the
//     local tolerance times a modest growth factor;
//   fixed step at dt = 1/(n_p omega) and dt/2: the stick-place error halves by 2^p (1.6 2^-p err(dt) + 1e-12
//     scale), i.e. the scheme keeps its order through every located switch; Euler draws fewer half periods;
//   draws whose motion turns within 5 % of delta of the stick band edge are drawn again (admissible()): there
//   the stick/slip decision turns on an error below any tolerance;
//   after the stick: the mass does not move at all (drift <= 1e-12 of the length scale): the Filippov sliding
//   mode and the DAE constraint hold the stick exactly, whatever the driver.
#include <cmath>

#include "core/errors.hpp"
#include "models/dry_friction_exact.hpp"
#include "models/friction_oscillator.hpp"
#include "solvers/contact_run.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {
namespace {

struct Outcome {
  double t_stick = std::nan(""), x_stick = std::nan(""), drift = 0;
};

// The stick is the last event entering `stick_value`; the drift is the largest |x - x_stick| seen after it.
Outcome measure(const RunStats& st, const std::vector<std::pair<double, double>>& samples, int stick_value,
                double t_end, double x_end) {
  Outcome o;
  for (const auto& e : st.events)
    if (e.mode_after[0] == stick_value) o.t_stick = e.t;
  for (const auto& [t, x] : samples)
    if (t >= o.t_stick && std::isnan(o.x_stick)) o.x_stick = x;
  for (const auto& [t, x] : samples)
    if (t >= o.t_stick) o.drift = std::max(o.drift, std::abs(x - o.x_stick));
  if (t_end >= o.t_stick) o.drift = std::max(o.drift, std::abs(x_end - o.x_stick));
  return o;
}

OscillatorParameters parameters_of(const Draw& d) {
  OscillatorParameters p;
  p.m = d["m"];
  p.k = d["k"];
  p.fn = d["F_N"];
  p.validate();
  return p;
}

Coulomb law_of(const Draw& d) {
  LawValues v;
  v.set("mu", d["mu"]);
  return make_law<Coulomb>(v);
}

// Coulomb's law on the oscillator: the Filippov form on so.kind, or (dae) its hybrid DAE through IDA.
Outcome run(const OscillatorParameters& p, const Draw& d, bool dae, const SolverOptions& so, double t_end) {
  std::vector<std::pair<double, double>> samples;
  LawValues values;
  values.set("mu", d["mu"]);
  const ContactSystem sys = oscillator_system(p, "coulomb", values, driver_of(so.kind, !dae), true, true);
  Vec x(static_cast<Eigen::Index>(sys.size()));
  x.setZero();
  x[0] = d["x0"], x[1] = d["v0"];
  Mode mode = contact_initial_mode(sys, 0, x);
  const int stick = dae ? static_cast<int>(stick_mode) : static_cast<int>(sliding_mode);
  // Holds from the start when the initial mode is already stick.
  if (dae && mode[0] == stick) samples.emplace_back(0, x[0]);
  const RunStats st =
      simulate(sys, {0, t_end, so}, x, mode, [&](const ContactSample& q) { samples.emplace_back(q.t, q.x[0]); });
  Outcome o = measure(st, samples, stick, t_end, x[0]);
  if (dae && std::isnan(o.t_stick) && mode[0] == stick) o = measure(RunStats{}, samples, stick, t_end, x[0]);
  return o;
}

std::vector<Measurement> run_check(const Draw& d, bool dae, Scheme kind) {
  const OscillatorParameters p = parameters_of(d);
  const DryFrictionOscillatorExact ex(p, law_of(d), d["x0"], d["v0"]);
  const double omega = std::sqrt(p.k / p.m), delta = law_of(d).mu * p.fn / p.k;
  const double length = std::abs(d["x0"]) + std::abs(d["v0"]) / omega + delta;
  const double t_end = ex.t_stick() + 3.14159265358979 / omega;  // one more half period, held
  SolverOptions so;
  so.kind = kind;
  std::vector<Measurement> m;
  // A start inside the stick band (|x0| <= delta at rest) sticks at t = 0: there is no stick event to locate.
  const bool sticks_at_start = ex.t_stick() == 0;
  if (!is_fixed_step(kind)) {
    so.rtol = 1e-10;
    so.atol = 1e-12 * length;
    so.dt = std::min(0.25 / omega, t_end);
    const Outcome o = run(p, d, dae, so, t_end);
    const double phases = static_cast<double>(ex.phases().size());
    if (!sticks_at_start) {
      m.push_back({"|t_stick - exact|", std::abs(o.t_stick - ex.t_stick()), 100 * so.rtol * phases * t_end});
      m.push_back({"|x_stick - exact|", std::abs(o.x_stick - ex.x_stick()), 100 * so.rtol * phases * length});
    }
    m.push_back({"drift after the stick", o.drift, 1e-12 * length});
    return m;
  }
  const int order = kind == Scheme::euler ? 1 : kind == Scheme::rk4 ? 4 : 2;
  so.dt = std::min(1 / (omega * (order == 1 ? 12000.0 : order == 2 ? 200.0 : 40.0)), t_end);
  const Outcome coarse = run(p, d, dae, so, t_end);
  so.dt /= 2;
  const Outcome fine = run(p, d, dae, so, t_end);
  if (!sticks_at_start) {
    const double e1 = std::abs(coarse.x_stick - ex.x_stick()), e2 = std::abs(fine.x_stick - ex.x_stick());
    m.push_back({"x_stick err(dt/2) vs 2^-p err(dt)", e2, 1.6 * std::pow(2.0, -order) * e1 + 1e-12 * length});
    m.push_back({"|t_stick - exact| at dt/2", std::abs(fine.t_stick - ex.t_stick()), 0.01 * t_end});
  }
  m.push_back({"drift after the stick", fine.drift, 1e-12 * length});
  return m;
}

// Euler's amplitude grows by exp(omega dt omega t / 2) - 1: it gets fewer half periods (a larger stick band
// delta = mu F_N / k) so that its error stays below the decision margin at an affordable step.
std::vector<ParameterRange> ranges(bool euler) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  return {{"m", 0.05, 2, true, {0, -1, nan, inf}},
          {"k", 0.5, 2, true, {0, -1, nan, inf}},
          {"mu", euler ? 0.5 : 0.1, 1, true, {-1, nan, inf}},
          {"F_N", euler ? 1.0 : 0.5, 2, true, {-1, nan, inf}},
          {"x0", -3, 3},
          {"v0", -2, 2}};
}

// A motion whose turning point lands within 5 % of delta of the stick band's edge sticks or slips on an error
// below any tolerance: such draws are drawn again.
bool admissible(const Draw& d) {
  const OscillatorParameters p = parameters_of(d);
  const DryFrictionOscillatorExact ex(p, law_of(d), d["x0"], d["v0"]);
  const double delta = law_of(d).mu * p.fn / p.k;
  const auto& ph = ex.phases();
  for (std::size_t i = 1; i < ph.size(); ++i)
    if (std::abs(std::abs(ph[i].x0) - delta) < 0.05 * delta) return false;
  return true;
}

}  // namespace

std::vector<PropertyCheck> oscillator_property_checks() {
  std::vector<PropertyCheck> checks;
  for (Scheme kind : {Scheme::euler, Scheme::heun, Scheme::rk4, Scheme::dopri5, Scheme::cvode,
                          Scheme::ida})
    checks.push_back({"dry-friction-oscillator/filippov", to_string(kind),
                      is_fixed_step(kind) ? "exact stick time/place; stick-place error halves by 2^p; stick holds exactly"
                                          : "exact stick time/place within 100 rtol per phase; stick holds exactly",
                      ranges(kind == Scheme::euler), [kind](const Draw& d) { return run_check(d, false, kind); },
                      is_fixed_step(kind) ? 12 : 1, admissible});
  checks.push_back({"dry-friction-oscillator/dae", "ida",
                    "Coulomb DAE with velocity projection: exact stick time/place within 100 rtol per phase; holds exactly",
                    ranges(false), [](const Draw& d) { return run_check(d, true, Scheme::ida); }, 1, admissible});
  return checks;
}

}  // namespace stickslip
