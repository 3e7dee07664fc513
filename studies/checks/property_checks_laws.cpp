// studies/checks/property_checks_laws.cpp — the generic checks of the law registry (models/contact/registry.hpp): every
// cell law x relation x driver that the laws' forms mark runnable (the matrix of `stickslip list`) runs here with
// random draws of the relation and of the law's own parameters (each drawn in [default/2, 2 default], or [0, 1] for a
// default of 0, within its declared range). Nothing here names a law: a law added to the registry is checked by its
// declarations alone: static_threshold(F_n) = mu_s F_n, sliding_force(u, F_n), and (a spring law) its stiffness.
//
// 1-D relations (model laws/incline-block/<law>; the block on a slope of Krengel & Matuttis §4, a rigid flat face
// with the overlap-area normal law, started in static normal equilibrium, so F_n = m g cos(alpha) throughout):
//   (a) stick: released at rest with tan(alpha) = q mu_s, q in [0.05, 0.45], the block does not slide: max |s| over
//       T = 0.05 s stays below the stuck contact's own deflection, 2.2 m g sin(alpha)/k_t for a spring law (a damped
//       oscillator started from rest peaks below twice its static deflection; measured where sliding_force stays
//       above 2.2 m g sin(alpha) up to the loading's peak speed g sin(alpha) sqrt(m/k_t): a cap that reads the
//       contact's velocity, Stribeck's, lets a contact vibrating faster than v_s slip below mu_s, as in LuGre-type
//       models), 1e-12 m for the Filippov and DAE forms
//       (stick is a mode there) and 4 T dt (F_s/m + g sin(alpha)) for a set-valued law's naive sign form and for
//       coulomb-km's look-ahead form (the sign law off v = 0; each step kicks the velocity across 0 by at most dt times
//       the net force; fixed-step drivers only: an adaptive driver grinds its step down at the discontinuity);
//   (b) slip: with tan(alpha) = q mu_s, q in [1.3, 2] (laws whose sliding friction never exceeds mu_s), it slides:
//       s(T) >= 1/4 of g (sin - mu_s cos) T^2/2;
//   (c) sliding: launched at v0 on a flat plane it decelerates as m v' = -sliding_force(v, m g): v(T) against the
//       same equation integrated by RK4 on a fine grid, T while v > v0/2 (at most 0.05 s). Tolerance: 1e-6 v0 for the
//       adaptive drivers; for a fixed step the order of the law's discrete form (the error at dt/2 at most 0.6 of
//       that at dt) and 1 % of v0; both plus, for a spring law that starts stuck (gamma_t m v0 < F_max), the velocity
//       the loading takes, F_max^2/(m k_t v0).
//       A law whose state is a state variable with a steady state at every slip speed (steady_state(u): rate-and-state
//       friction) starts there, at steady_state(v0), and its force lags the steady state while v falls (by about
//       D_c/v of slip), so its reference is the law's own two equations m v' = force(v, z), z' = rate(v, z)
//       integrated by RK4 (a step 1/20 of the state's relaxation time |d rate/dz|^-1, at least 4000 steps), and its
//       declaration is checked where it holds: force(v0, steady_state(v0)) = -sliding_force(v0) to 1e-12. The fixed
//       step is at most 1/20 of that relaxation time too (an explicit scheme's stability; the normal contact's
//       0.05/omega alone would be 25 relaxation times for a D_c of microns at v0 = 0.5 m/s).
// Particle contacts (model laws/particles/<law>; a sphere with its spin held, on a plane wall, linear spring-dashpot
// normal law at zeta = 0.5, dt = t_c/50; the same three properties with the sphere for the block; velocity Verlet
// is first order in the friction's velocity: 1e-3 v0 for (c)). Coulomb's exact static friction holds the sphere to
// 1e-9 r; coulomb-km's increment, which holds only at v_t = 0 exactly, to the sign law's 4 T dt (F_s/m + g sin(alpha)).
// LAMMPS runs the same increments (tests/lammps: every generated pair style). Stochastic pair (model
// laws/stochastic-pair/<law>): the pair of models/particles/engine_sde.hpp, fixed geometry, the law's slip force f(u)
// with the fluctuation-dissipation noise: the equipartition ratio <|u|^2>/(2 kT nu) within 5 batch-means standard
// errors plus 2 r dt (r = nu f(s)/s the friction rate at the thermal speed s = sqrt(2 kT nu): the scheme's O(dt) bias)
// of the scheme's prediction (Euler-Maruyama: 1; Heun: the Stratonovich ratio).
#include <algorithm>
#include <cmath>
#include <functional>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "models/incline_block.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/engine_model.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/property_checks.hpp"
#include "studies/papers/hofmann/stochastic_runs.hpp"

namespace stickslip {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kG = 9.81;

// ---- the law's own parameters ----

std::vector<ParameterRange> own_ranges(const std::vector<Param>& params, const std::vector<std::string>& bound) {
  std::vector<ParameterRange> r;
  const double nan = std::nan("");
  for (const Param& p : params) {
    if (std::find(bound.begin(), bound.end(), p.name) != bound.end()) continue;
    double lo = p.fallback > 0 ? p.fallback / 2 : 0.0, hi = p.fallback > 0 ? 2 * p.fallback : 1.0;
    const double eps = 1e-9 * (hi - lo);
    lo = std::max(lo, p.lo + (p.lo_open ? eps : 0.0));
    hi = std::min(hi, p.hi - (p.hi_open ? eps : 0.0));
    r.push_back({p.name, lo, hi, p.fallback > 0, {nan}});
  }
  return r;
}

LawValues own_values(const Draw& d, const std::vector<Param>& params, const std::vector<std::string>& bound) {
  LawValues v;
  for (const Param& p : params)
    if (std::find(bound.begin(), bound.end(), p.name) == bound.end()) v.set(p.name, d[p.name]);
  return v;
}

// The stiffness of the law's stuck contact c, infinity for a law without a spring.
template <class L, class C>
double stiffness_of(const L& law, const C& c) {
  if constexpr (requires { law.stiffness(c); }) return law.stiffness(c);
  else return std::numeric_limits<double>::infinity();
}

// Whether sliding_force(u) <= static_threshold at every speed (the slip property (b) assumes it).
template <class L>
bool never_exceeds_static(const L& law) {
  for (double u = 1e-4; u < 1e3; u *= 1.5)
    if (law.sliding_force(u, 1.0) > law.static_threshold(1.0) * (1 + 1e-12)) return false;
  return true;
}

// Whether a spring law released at rest on a slope with tan(alpha) < mu_s / 2.2 must stay stuck. A regularised form
// whose critical force reads the contact's velocity (Stribeck's C-SDS caps at sliding_force(|v_t|), as LuGre-type
// models do: a vibrating contact loses static friction) holds only while the loading vibration stays slower than
// the speed where sliding_force falls below the peak spring force 2.2 m g sin(alpha): the vibration of static
// deflection m g sin(alpha)/k released from rest peaks at g sin(alpha) sqrt(m/k) (undamped; damping lowers it).
template <class L>
bool stays_stuck_while_loading(const L& law, double m, double k, double fn, double sin_a) {
  // No spring: the sign form chatters across v = 0 and holds only what the sliding friction holds (a law whose
  // friction falls at the onset of slip, weakening's drop, creeps down a slope it would hold at rest).
  if (!std::isfinite(k)) return sliding_mode_force(law, 0.0, fn) > m * kG * sin_a;
  const double v_peak = kG * sin_a * std::sqrt(m / k), f_peak = 2.2 * m * kG * sin_a;
  for (int i = 0; i <= 64; ++i)
    if (law.sliding_force(1.1 * v_peak * i / 64, fn) < f_peak) return false;
  return true;
}

// A law whose state has a steady state at every slip speed u (not a spring): rate-and-state friction.
template <class L>
concept SteadyStateLaw = requires(const L& l, double u) {
  { l.steady_state(u) } -> std::convertible_to<double>;
} && RateForm<L, Slip1>;

// |d rate/dz| of a steady-state law at steady sliding at u (central difference): its state's relaxation rate.
template <class L>
double relaxation_rate(const L& law, double m, double fn, double u) {
  const double z = law.steady_state(u), h = 1e-6 * std::max(1.0, std::abs(z));
  const Slip1 c{VecD<1>(u), m, 0.0, 0.0};
  return std::abs(law.rate(c, fn, VecD<1>(z + h))[0] - law.rate(c, fn, VecD<1>(z - h))[0]) / (2 * h);
}

// v(T) of m v' = force(v, z), z' = rate(v, z) from (v0, steady_state(v0)), by RK4 at a step of 1/20 of the state's
// relaxation time (at least 4000 steps).
template <class L>
double state_law_reference(const L& law, double m, double fn, double v0, double T) {
  const auto f = [&](const Eigen::Vector2d& y) {
    const Slip1 c{VecD<1>(y[0]), m, 0.0, 0.0};
    const VecD<1> z(y[1]);
    return Eigen::Vector2d(law.force(c, fn, z)[0] / m, law.rate(c, fn, z)[0]);
  };
  Eigen::Vector2d y(v0, law.steady_state(v0));
  const int n = std::max(4000, static_cast<int>(std::ceil(20 * T * relaxation_rate(law, m, fn, v0))));
  const double h = T / n;
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector2d k1 = f(y), k2 = f(y + 0.5 * h * k1), k3 = f(y + 0.5 * h * k2), k4 = f(y + h * k3);
    y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return y[0];
}

// v(T) of m v' = m g sin(alpha) - sliding_force(v, F_n) (v > 0), by RK4 on 4000 steps.
template <class L>
double sliding_reference(const L& law, double m, double fn, double sin_a, double v0, double T) {
  const auto f = [&](double v) { return kG * sin_a - law.sliding_force(std::abs(v), fn) / m; };
  double v = v0;
  const int n = 4000;
  const double h = T / n;
  for (int i = 0; i < n; ++i) {
    const double k1 = f(v), k2 = f(v + 0.5 * h * k1), k3 = f(v + 0.5 * h * k2), k4 = f(v + h * k3);
    v += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
  }
  return v;
}

// Property (b), slip: released at rest on a slope tan(alpha) = q_slip mu_s (when the law's sliding friction never
// exceeds mu_s and the slope stays below 80 deg), s(T) = s_end(alpha) reaches 1/4 of g (sin - mu_s cos) T^2/2.
template <class L, class SEnd>
void add_slip_check(const L& law, double mu_s, double q_slip, double T, SEnd&& s_end, std::vector<Measurement>& ms) {
  if (!never_exceeds_static(law) || !(q_slip * mu_s < std::tan(80 * kPi / 180))) return;
  const double a2 = std::atan(q_slip * mu_s);
  const double free = 0.5 * kG * (std::sin(a2) - mu_s * std::cos(a2)) * T * T;
  ms.push_back({"slides above mu_s: shortfall of s(T) below 1/4 of g (sin - mu_s cos) T^2/2 [m]",
                std::max(0.0, 0.25 * free - s_end(a2)), 0.0});
}

// Duration of the sliding window: v stays above v0/2 (at most t_max).
template <class L>
double sliding_window(const L& law, double m, double fn, double v0, double t_max) {
  const double decel = law.sliding_force(v0, fn) / m;
  return decel > 0 ? std::min(t_max, 0.4 * v0 / decel) : t_max;
}

const char* driver_name(Driver d) {
  switch (d) {
    case Driver::fixed: return "rk4";
    case Driver::dopri5: return "dopri5";
    case Driver::cvode: return "cvode";
    case Driver::ida: return "ida";
    case Driver::filippov: return "filippov:dopri5";
    case Driver::verlet: return "verlet";
    case Driver::trapezoid: return "trapezoid";
    case Driver::engine_ode: return "rk4";
    default: return "em";
  }
}

// ---- 1-D relations: the block ----

// One run of law L on the block from (s, v) = (0, v0) at angle alpha: s(T), max |s|, v(T) and the form the driver
// takes. stick: the run at rest whose measurement an adaptive driver skips for the sign form (not run at all: dopri5
// grinds its step down at the discontinuity of sign(v) at v = 0).
template <class L>
struct BlockCellRun {
  struct Out {
    double s_end = 0, max_s = 0, v_end = 0;
    ContactForm form = ContactForm::rate;
  };
  std::string name;
  Driver driver;
  BlockParameters p;
  LawValues own;  // the law's own drawn values
  L law;
  SolverOptions so;
  bool events = false;
  double m = 0;

  Out operator()(double alpha, double v0, double T, bool stick = false) const {
    BlockParameters q = p;
    q.alpha = alpha;
    const ContactSystem sys = block_system(q, name, driver, events, true, own, driver_name(driver));
    if (stick && sys.form == ContactForm::slip_force && driver != Driver::fixed) return Out{0, 0, 0, sys.form};
    Vec x = Vec::Zero(static_cast<Eigen::Index>(sys.size()));
    x[1] = v0, x[2] = -q.static_overlap();
    if constexpr (SteadyStateLaw<L>) {
      if (v0 > 0 && sys.model) {
        const auto names = sys.model->state_names();
        const auto at = std::find(names.begin(), names.end(), InclineBlock::spring_name);
        if (at != names.end()) x[at - names.begin()] = law.steady_state(v0);
      }
    }
    Mode mode;
    Out o;
    o.form = sys.form;
    simulate(sys, {.t_end = T, .solver = so, .project = true}, x, mode,
             [&](const ContactSample& smp) { o.max_s = std::max(o.max_s, std::abs(smp.x[0])); });
    o.s_end = x[0], o.v_end = x[1];
    return o;
  }
};

// The block of a draw with law L (Table 1's kt, gamma_t, mu under the law's own drawn values) and the options of the
// driver: RK4 at 0.05 / omega (finer where a steady-state law relaxes faster), the adaptive ones at rtol 1e-10.
template <class L>
BlockCellRun<L> block_cell_run(const std::string& name, Driver driver, const std::vector<Param>& params,
                               const std::vector<std::string>& bound, const Draw& d) {
  BlockParameters p;
  p.size = d["size"], p.rho = d["rho"], p.young = d["Y"], p.mu = d["mu"];
  const LawValues own = own_values(d, params, bound);
  LawValues all = own;
  const LawValues table = p.law_values();
  for (const auto& [k, v] : table.values()) all.set(k, v.value, v.key, v.text);
  const L law = make_law<L>(all);
  const double m = p.mass();
  const double omega = std::sqrt(p.young / m);
  SolverOptions so;
  so.kind = driver == Driver::fixed ? Scheme::rk4
            : driver == Driver::cvode ? Scheme::cvode
            : driver == Driver::ida ? Scheme::ida
                                    : Scheme::dopri5;
  so.rtol = 1e-10;
  so.atol = 1e-14;
  so.dt = driver == Driver::fixed ? 0.05 / omega : 1e-3;
  const unsigned forms = law_forms("friction", name, RelationKind::one_d);
  const bool events = driver == Driver::ida || needs_events(forms);
  // A law with a steady state starts at steady sliding at the launch speed; the fixed step resolves its relaxation.
  if constexpr (SteadyStateLaw<L>) {
    if (driver == Driver::fixed) so.dt = std::min(so.dt, 0.05 / relaxation_rate(law, m, m * kG, d["v0"]));
  }
  return {name, driver, p, own, law, so, events, m};
}

// Below the static threshold (tan a = q_stick mu_s) the block stays (its spring's deflection, 1e-12 m for a rigid
// stick, O(dt) creep for the sign law and coulomb-km's look-ahead); above it (q_slip mu_s) it slides.
template <class L>
void add_block_stick_checks(const BlockCellRun<L>& run, const Draw& d, double T, std::vector<Measurement>& ms) {
  const L& law = run.law;
  const double m = run.m, mu_s = law.static_threshold(1.0);
  if (!(mu_s > 0)) return;
  const double k = stiffness_of(law, Slip1{});
  const double alpha = std::atan(d["q_stick"] * mu_s);
  const auto o = run(alpha, 0, T, true);
  // Stick is a mode of the Filippov and DAE forms; a law with a spring (dsds-dae) deflects in it all the same.
  const bool rigid = (o.form == ContactForm::filippov || o.form == ContactForm::dae) && !std::isfinite(k);
  const double fs = law.static_threshold(m * kG * std::cos(alpha));
  double bound = 2.2 * m * kG * std::sin(alpha) / k;
  if (rigid) bound = 1e-12;
  else if (o.form == ContactForm::slip_force || o.form == ContactForm::lookahead)
    bound = 4 * T * run.so.dt * (fs / m + kG * std::sin(alpha));  // the sign law, or coulomb-km's look-ahead off v = 0
  const bool stuck = rigid || stays_stuck_while_loading(law, m, k, m * kG * std::cos(alpha), std::sin(alpha));
  if (stuck && (rigid || (o.form != ContactForm::slip_force && o.form != ContactForm::lookahead) ||
                run.driver == Driver::fixed))
    ms.push_back({"stuck below mu_s: max |s| [m]", o.max_s, bound});
  add_slip_check(law, mu_s, d["q_slip"], T, [&](double a) { return run(a, 0, T).s_end; }, ms);
}

// Sliding on a flat plane from v0: v(T) against the reference m v' = -sliding_force(v) (a steady-state law's own
// reference), adaptive drivers to 1e-6 v0, the fixed step by its order (the error at dt/2 against that at dt).
template <class L>
void add_block_sliding_checks(BlockCellRun<L> run, double v0, double T, std::vector<Measurement>& ms) {
  const L& law = run.law;
  const double m = run.m, fn = m * kG, k = stiffness_of(law, Slip1{});
  const double Tw = sliding_window(law, m, fn, v0, T);
  const double fmax = law.sliding_force(v0, fn);
  double v_ref = 0;
  if constexpr (SteadyStateLaw<L>) {
    v_ref = state_law_reference(law, m, fn, v0, Tw);
    const double f0 = law.force(Slip1{VecD<1>(v0), m, 0.0, 0.0}, fn, VecD<1>(law.steady_state(v0)))[0];
    ms.push_back({"|force at steady_state(v0) + sliding_force(v0)| [N]", std::abs(f0 + fmax), 1e-12 * fmax});
  } else {
    v_ref = sliding_reference(law, m, fn, 0.0, v0, Tw);
  }
  // A spring law that starts stuck (gamma_t m v0 < F_max) first loads its spring: the velocity that costs.
  double loading = 0;
  if constexpr (requires { law.gamma_t; }) {
    if (std::isfinite(k) && law.gamma_t * m * v0 < fmax) loading = fmax * fmax / (m * k * v0);
  }
  const double e = std::abs(run(0, v0, Tw).v_end - v_ref);
  if (run.driver != Driver::fixed) {
    ms.push_back({"|v(T) - v_ref(T)| sliding on a flat plane [m/s]", e, 1e-6 * v0 + loading});
    return;
  }
  // A fixed step reaches the law's own discrete form, whose order is the law's (the D-SDS reset without events is
  // first order: the dashpot's part of a reset spring lags a step, the slide decelerates by about gamma_t dt/4
  // less), so the check is the order: the error at dt/2 at most 0.6 of that at dt (first order halves it; a
  // rate law under RK4 divides it by 16), besides the dt-independent loading and 1e-6 v0 of round-off.
  run.so.dt /= 2;
  const double e2 = std::abs(run(0, v0, Tw).v_end - v_ref);
  ms.push_back({"|v(T) - v_ref(T)| at dt/2 vs 0.6 x at dt, sliding on a flat plane [m/s]", e2,
                0.6 * e + 0.4 * loading + 1e-6 * v0});
  ms.push_back({"|v(T) - v_ref(T)| at dt/2, sliding on a flat plane [m/s]", e2, 0.01 * v0 + loading});
}

template <class L>
PropertyCheck block_cell(const std::string& name, Driver driver) {
  static const std::vector<std::string> bound{"kt", "gamma_t", "mu"};  // the block's Table 1 (models/incline_block.hpp)
  const std::vector<Param> params(L::parameters.begin(), L::parameters.end());
  PropertyCheck c;
  // The Filippov form is a model of its own under dopri5 (as the dry-friction oscillator's): `verify --solver dopri5`
  // selects it, and its driver is one `stickslip list` names.
  c.model = "laws/incline-block/" + name + (driver == Driver::filippov ? ":filippov" : "");
  c.driver = driver == Driver::filippov ? "dopri5" : driver_name(driver);
  c.what = "the law's declarations on the block: stuck below tan a = mu_s (spring deflection / 1e-12 m / O(dt) creep), "
           "slides above, decelerates as m v' = -sliding_force(v) (RK4 reference)";
  const double nan = std::nan("");
  c.ranges = {{"size", 0.005, 0.05, true, {0, -0.01, nan}}, {"rho", 1000, 10000, true, {0, nan}},
              {"Y", 1e6, 5e7, true, {0, -1, nan}},       {"mu", 0.4, 1.0, false, {-0.1, nan}},
              {"q_stick", 0.05, 0.45, false, {}},       {"q_slip", 1.3, 2.0, false, {}},
              {"v0", 0.05, 0.5, true, {}}};
  for (const auto& r : own_ranges(params, bound)) c.ranges.push_back(r);
  c.cost = 2;
  c.run = [name, driver, params](const Draw& d) {
    const BlockCellRun<L> run = block_cell_run<L>(name, driver, params, bound, d);
    std::vector<Measurement> ms;
    const double T = 0.05;
    add_block_stick_checks(run, d, T, ms);
    add_block_sliding_checks(run, d["v0"], T, ms);
    return ms;
  };
  return c;
}

// ---- particle contacts: a sphere on a plane wall ----

template <class L>
PropertyCheck particle_cell(const std::string& name, Driver driver) {
  static const std::vector<std::string> bound = engine_bound_parameters();
  const std::vector<Param> params(L::parameters.begin(), L::parameters.end());
  PropertyCheck c;
  c.model = "laws/particles/" + name;
  c.driver = driver_name(driver);
  c.what = "a sphere with its spin held on a plane wall: stuck below tan a = mu_s (spring deflection / 1e-9 r), slides "
           "above, decelerates as m v' = -sliding_force(v) (RK4 reference; first order in dt)";
  const double nan = std::nan("");
  // mu is the engine's: refused as NaN by every law that reads it (a frictionless contact does not).
  const bool reads_mu = std::find_if(params.begin(), params.end(), [](const Param& p) { return std::string(p.name) == "mu"; }) != params.end();
  const std::vector<double> mu_invalid = reads_mu ? std::vector<double>{nan} : std::vector<double>{};
  c.ranges = {{"radius", 0.005, 0.02, true, {}},  {"kn", 1e4, 1e6, true, {0, -1, nan}},     {"kt_ratio", 0.2, 0.5, false, {}},
              {"gamma_ratio", 0.5, 2, true, {}},  {"mu", 0.3, 0.8, false, mu_invalid}, {"young", 1e7, 1e9, true, {}},
              {"q_stick", 0.05, 0.45, false, {}}, {"q_slip", 1.3, 2.0, false, {}}, {"v0", 0.05, 0.5, true, {}}};
  for (const auto& r : own_ranges(params, bound)) c.ranges.push_back(r);
  c.cost = driver == Driver::trapezoid ? 10 : 3;
  c.run = [name, driver, params](const Draw& d) {
    const double r = d["radius"], m = 2500 * 4.0 / 3.0 * kPi * r * r * r, kn = d["kn"];
    // the normal law from its declarations (first: k_t derives from it), so a bad k_n is refused with its key
    const auto normal = make_law<LinearSpringDashpot>(LawValues().set("kn", kn).set("gamma_n", 2 * 0.5 * std::sqrt(kn / m)));
    const double kt = d["kt_ratio"] * kn;
    TangentialParameters tp{kt, d["gamma_ratio"] * std::sqrt(kt / m), d["mu"], d["young"], 0.3,
                            own_values(d, params, bound)};
    const L law = make_law<L>(detail::engine_values(tp));
    ParticleEngine<LinearSpringDashpot, L> e;
    e.normal = normal;
    e.tangential = law;
    e.skin = 0.1 * r;
    const double dt = kPi * std::sqrt(m / kn) / 50, mu_s = law.static_threshold(1.0);
    struct Out {
      double s_end = 0, max_s = 0, v_end = 0;
    };
    // A run from rest or at v0 down a wall inclined at alpha, for T (rounded to whole steps).
    const auto run = [&](double alpha, double v0, double T) {
      ParticleEngine<LinearSpringDashpot, L> eng = e;
      eng.boundaries.gravity = kG * Vec3(std::sin(alpha), 0, -std::cos(alpha));
      eng.boundaries.planes.push_back(PlaneWall{Vec3::Zero(), Vec3::UnitZ()});
      GranularState s;
      const double h = m * kG * std::cos(alpha) / kn;
      s.bodies.add(Vec3(0, 0, r - h), v0 * Vec3::UnitX(), r, m, false, false, false);
      const long steps = std::max(1L, std::lround(T / dt));
      Out o;
      if (fixed_step_driver(driver)) {  // velocity Verlet or the trapezoid, through the engine's one entry
        EngineStepper stepper;
        stepper.scheme = driver == Driver::trapezoid ? Scheme::trapezoid : Scheme::verlet;
        stepper.trapezoid.tol = 1e-9;
        engine_setup(eng, s);
        simulate(eng, s, stepper, {.dt = dt, .t_end = steps * dt}, [&](const GranularState& q) {
          o.max_s = std::max(o.max_s, std::abs(q.bodies.x[0].x()));
        });
      } else {
        if constexpr (EngineOdeLaw<L>) {
          const EngineModel<LinearSpringDashpot, L> model(eng, s.bodies, r);
          Vec x = model.make_state(s.bodies);
          Mode mode = model.initial_mode(0, x);
          SolverOptions so;
          so.kind = Scheme::rk4;
          so.dt = dt;
          integrate(model, 0, steps * dt, x, mode, so, [&](double, VecCRef y, const Mode&) {
            o.max_s = std::max(o.max_s, std::abs(y[0]));
          });
          model.read_bodies(x, s.bodies);
        }
      }
      o.s_end = s.bodies.x[0].x(), o.v_end = s.bodies.v[0].x();
      return o;
    };
    ContactKinematics contact{Vec3::UnitZ(), Vec3::Zero(), m * kG / kn, 0, r, m, true};
    const double k = stiffness_of(law, contact);
    std::vector<Measurement> ms;
    const double T = 0.05;
    if (mu_s > 0) {
      const double alpha = std::atan(d["q_stick"] * mu_s);
      const Out o = run(alpha, 0, T);
      // exact static friction holds the sphere; a law that holds only at v_t = 0 exactly (coulomb-km) chatters across
      // it as the sign law does: each step kicks v_t by at most dt (F_s/m + g sin(alpha))
      const double chatter = 4 * T * dt * (law.static_threshold(m * kG * std::cos(alpha)) / m + kG * std::sin(alpha));
      const double bound = is_exact_static<L> ? (chatters_off_rest<L> ? chatter : 1e-9 * r) : 2.2 * m * kG * std::sin(alpha) / k;
      if (stays_stuck_while_loading(law, m, k, m * kG * std::cos(alpha), std::sin(alpha)))
        ms.push_back({"stuck below mu_s: max |s| [m]", o.max_s, bound});
      add_slip_check(law, mu_s, d["q_slip"], T, [&](double alpha) { return run(alpha, 0, T).s_end; }, ms);
    }
    const double v0 = d["v0"], fn = m * kG;
    const double Tw = sliding_window(law, m, fn, v0, T);
    const Out o3 = run(0, v0, Tw);
    const double fmax = law.sliding_force(v0, fn);
    double tol = 1e-3 * v0 + 2 * dt * fmax / m;
    if constexpr (requires { law.gamma_t; }) {
      if (std::isfinite(k) && law.gamma_t * m * v0 < fmax) tol += fmax * fmax / (m * k * v0);
    } else if (std::isfinite(k)) {
      tol += fmax * fmax / (m * k * v0);
    }
    ms.push_back({"|v(T) - v_ref(T)| sliding on a flat wall [m/s]",
                  std::abs(o3.v_end - sliding_reference(law, m, fn, 0.0, v0, std::lround(Tw / dt) * dt)), tol});
    return ms;
  };
  return c;
}

// ---- the stochastic pair ----

PropertyCheck stochastic_cell(const std::string& name, Scheme scheme, std::vector<Param> params) {
  static const std::vector<std::string> bound{};
  PropertyCheck c;
  c.model = "laws/stochastic-pair/" + name;
  c.driver = to_string(scheme);
  c.what = "pair, fixed geometry, the law's f(u) with FDT noise: equipartition ratio against the scheme's prediction "
           "within 5 batch-means standard errors + 2 r dt (the O(dt) bias, r = nu f(s)/s)";
  c.ranges = {{"kT", 0.2, 5, true, {}}, {"normal_force", 0.5, 4, true, {}}};
  for (const auto& r : own_ranges(params, bound)) c.ranges.push_back(r);
  c.cost = 10;
  c.run = [name, scheme, params](const Draw& d) {
    StochasticRunSpec s;
    s.system = "pair";
    s.law = name;
    s.scheme = scheme;
    s.kT = d["kT"];
    s.normal_force = d["normal_force"];
    s.law_values = own_values(d, params, bound);
    for (const auto& [k, v] : s.law_values.values()) {  // the spec's own fields for the keys it has
      if (k == "gamma") s.gamma = v.value;
      if (k == "mu") s.mu = v.value;
      if (k == "u_scale") s.u_scale = v.value;
    }
    const std::unique_ptr<EngineSde> model = make_stochastic_model(s);
    const double nu = model->nu(0), speed = std::sqrt(2 * s.kT * nu);
    const double rate = nu * model->magnitude()(speed, 0) / speed;
    s.seed = static_cast<std::uint64_t>(std::llround(d["kT"] * 1e15));
    s.dt = 0.02 / rate;
    s.t_equil = 10 / rate;
    s.t_end = 2000 / rate + s.t_equil;
    s.sample_interval = 0.5 / rate;
    s.acf_max_lag = 2 / rate;
    s.ledger_points = 10;
    const StochasticRunResult r = run_stochastic(s);
    return std::vector<Measurement>{{"|ratio - the scheme's prediction|", std::abs(r.ratio - r.predicted_ratio),
                                     5 * r.stderr_ratio + 2 * rate * s.dt}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> law_property_checks() {
  std::vector<PropertyCheck> checks;
  for_each_law([&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    const std::string name = e.name;
    const unsigned one_d = entry_forms(e, RelationKind::one_d);
    for (Driver d : drivers_of(RelationKind::one_d))
      if (runs(one_d, d)) checks.push_back(block_cell<L>(name, d));
    const unsigned particles = entry_forms(e, RelationKind::particles);
    if constexpr (detail::engine_law<L>) {
      for (Driver d : {Driver::verlet, Driver::trapezoid, Driver::engine_ode}) {
        if (!runs(particles, d)) continue;
        if (d == Driver::engine_ode && !EngineOdeLaw<L>) continue;
        checks.push_back(particle_cell<L>(name, d));
      }
    }
    const unsigned pair = entry_forms(e, RelationKind::stochastic_pair);
    const auto& sto = stochastic_law_names();
    if (runs(pair, Driver::sde) && std::find(sto.begin(), sto.end(), name) != sto.end())
      for (Scheme s : {Scheme::em, Scheme::sde_heun})
        checks.push_back(stochastic_cell(name, s, {L::parameters.begin(), L::parameters.end()}));
  });
  return checks;
}

}  // namespace stickslip
