// Property checks of the sliding plates (seed 001 §3.1) against their exact piecewise solutions
// (models/sliding_plates_exact.hpp), for every law x driver the model allows:
//   csds, dsds-dae          euler, midpoint, heun, rk4, dopri5, cvode, ida
//   dsds, dsds-stage        euler, midpoint, heun, rk4 (a time-stepping rule: fixed-step drivers only)
// (which driver runs which law follows from the law's forms, models/contact/registry.hpp)
// all with events on (the D-SDS laws converge to the exact D-SDS solution only when the switches are located).
// Tolerances:
//   adaptive drivers at rtol = 1e-10: max |v - v_exact| over the output grid <= 100 rtol n v_scale, and the last
//     stick time within 100 rtol n t_end, n the number of phases (the global error of a tolerance-controlled
//     run is the local tolerance times a modest growth factor, passed on at every located switch);
//   fixed-step drivers at dt = min(T/n_p, shortest phase/2) and dt/2 (T the shortest time scale of the draw,
//     n_p per order p; draws with a phase shorter than T/50, the last one up to t_end included, are drawn again):
//     the error halves by 2^p (err(dt/2) <= 1.6 2^-p err(dt) + 1e-10 v_scale: the scheme reaches its order
//     on this draw) and stays below 1 % of v_scale;
//   csds creates no energy: at most the energy error that the velocity error itself implies, m v_scale err_v.
// v_scale = max(|v0|, max_t |v_exact|) + F_max T/m.
// The D-SDS laws (dsds, dsds-stage, dsds-dae) under the fixed-step drivers with events on, also at an end time drawn
// inside a slide of the exact solution (check "sliding-plates/<law>:slide-end"): the reported state lies on eq. 3,
// ||k xi_end + gamma v_end| - F_max| <= 16 eps (F_max + gamma |v_end|) (round-off; times the steps for dsds-dae, which
// keeps eq. 3 through its derivative), and xi_end converges at the
// scheme's order like v (err(dt/2) <= 1.6 2^-p err(dt) + 1e-10 xi_scale, below 1 % of xi_scale =
// (F_max + gamma v_scale)/k). A spring reported one reset late misses both: by gamma F_max dt/(m k), first order.
#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "models/contact/registry.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Errors {
  double v = 0;       // max |v - v_exact| over the samples
  double t_stick = 0; // |t_stick - exact| (0 when neither sticks; inf when only one does)
  double energy_created = 0;
};

double time_scale(const PlateParameters& p, const std::string& law) {
  double t = std::sqrt(p.m / p.k);
  if (p.gamma > 0) t = std::min({t, p.m / p.gamma, spring_relaxes_by_dashpot(law) ? p.gamma / p.k : t});
  return t;
}

PlateRunConfig config_of(const Draw& d, const std::string& law) {
  PlateRunConfig c;
  c.p = {d["m"], d["k"], d["gamma"], d["fmax"]};
  c.law = law;
  c.v0 = d["v0"];
  c.xi0 = d["xi0"];
  c.t_end = d.values().count("t_end") ? d["t_end"] : d["t_max"];  // slide-end draws: t_max, the end set later
  c.solver.events = true;
  return c;
}

Errors compare(const PlateRunConfig& c, const PlateRun& r, const ExactSlidingPlates& ex) {
  Errors e;
  for (const PlateSample& s : r.samples) e.v = std::max(e.v, std::abs(s.v - ex.at(s.t).v));
  e.v = std::max(e.v, std::abs(r.v_end - ex.at(c.t_end).v));
  const auto te = ex.t_stick();
  if (te.has_value() != r.t_stick.has_value())
    e.t_stick = std::numeric_limits<double>::infinity();
  else if (te)
    e.t_stick = std::abs(*te - *r.t_stick);
  e.energy_created = r.energy_created;
  return e;
}

double v_scale(const PlateRunConfig& c, const ExactSlidingPlates& ex) {
  double v = std::abs(c.v0);
  const int n = 200;
  for (int i = 0; i <= n; ++i) v = std::max(v, std::abs(ex.at(c.t_end * i / n).v));
  return v + c.p.fmax * time_scale(c.p, c.law) / c.p.m;
}

// The shortest phase of the exact solution before t_end, the last one counted up to t_end. The last one counts too:
// a switch shortly before t_end leaves a final piece shorter than the step, integrated by one remainder step whose
// length does not halve with dt, so the error at t_end stops scaling as dt^p (seed 1, draw 723 of dsds x heun: a
// stick 0.002 before t_end, T/50 = 0.017; v_end's error flat at 4.5e-9 from dt = 0.1 to 0.025).
double shortest_phase(const ExactSlidingPlates& ex, double t_end) {
  double shortest = t_end;
  const auto& ph = ex.phases();
  for (std::size_t i = 0; i < ph.size() && ph[i].t_start < t_end; ++i) {
    const double next = i + 1 < ph.size() ? std::min(ph[i + 1].t_start, t_end) : t_end;
    shortest = std::min(shortest, next - ph[i].t_start);
  }
  return shortest;
}

// A fixed-step scheme reaches its order only once its step resolves every phase; draws with a phase shorter
// than T/50 (a switch right after another) are drawn again rather than run at a step of T/1e6.
bool admissible(const Draw& d, const std::string& law) {
  PlateRunConfig c = config_of(d, law);
  return shortest_phase(*exact_plates(c), c.t_end) >= time_scale(c.p, law) / 50;
}

int order_of(Scheme k) {
  switch (k) {
    case Scheme::euler: return 1;
    case Scheme::midpoint:
    case Scheme::heun: return 2;
    default: return 4;
  }
}

// Steps per time scale T for a fixed-step scheme of order p: fine enough to be asymptotic, coarse enough
// that dt/2 stays above round-off.
double steps_per_scale(int p) { return p == 1 ? 400 : p == 2 ? 100 : 20; }

std::vector<Measurement> run_check(const Draw& d, const std::string& law, Scheme kind) {
  PlateRunConfig c = config_of(d, law);
  c.p.validate();
  c.solver.kind = kind;
  const ExactSlidingPlates ex = *exact_plates(c);
  const double vs = v_scale(c, ex);
  const double T = time_scale(c.p, law);
  std::vector<Measurement> m;
  if (!is_fixed_step(kind)) {
    c.solver.rtol = 1e-10;
    c.solver.atol = 1e-12 * vs;
    c.solver.dt = std::min(T / 4, c.t_end);
    const Errors e = compare(c, run_plates(c), ex);
    const double phases = static_cast<double>(ex.phases().size());
    m.push_back({"max |v - v_exact|", e.v, 100 * c.solver.rtol * phases * vs});
    m.push_back({"|t_stick - exact|", e.t_stick, 100 * c.solver.rtol * phases * c.t_end});
    if (law_creates_no_energy(law))
      m.push_back({"energy created (" + law + ")", e.energy_created, c.p.m * vs * std::max(e.v, 1e-12 * vs)});
    return m;
  }
  const int p = order_of(kind);
  c.solver.dt = std::min({T / steps_per_scale(p), shortest_phase(ex, c.t_end) / 2, c.t_end});
  const Errors coarse = compare(c, run_plates(c), ex);
  c.solver.dt /= 2;
  const Errors fine = compare(c, run_plates(c), ex);
  m.push_back({"err(dt/2) vs 2^-p err(dt)", fine.v, 1.6 * std::pow(2.0, -p) * coarse.v + 1e-10 * vs});
  m.push_back({"max |v - v_exact| at dt/2", fine.v, 0.01 * vs});
  if (law_creates_no_energy(law))
    m.push_back({"energy created (" + law + ")", fine.energy_created, c.p.m * vs * std::max(fine.v, 1e-12 * vs)});
  return m;
}

// The end time of a slide-end draw: inside the slide picked by "slide" (a fraction of the slides the exact solution
// has before t_max) at "t_frac" of its length; none when the draw has no slide, or one (or a phase before it)
// shorter than T/50.
std::optional<double> slide_end_time(const Draw& d, const std::string& law) {
  PlateRunConfig c = config_of(d, law);
  c.t_end = d["t_max"];
  const ExactSlidingPlates ex = exact_plates(c).value();
  const auto& ph = ex.phases();
  std::vector<std::pair<double, double>> slides;
  for (std::size_t i = 0; i < ph.size() && ph[i].t_start < c.t_end; ++i)
    if (ph[i].kind != stick_mode) slides.emplace_back(ph[i].t_start, i + 1 < ph.size() ? ph[i + 1].t_start : c.t_end);
  if (slides.empty()) return std::nullopt;
  const auto pick = slides[std::min(slides.size() - 1, static_cast<std::size_t>(d["slide"] * static_cast<double>(slides.size())))];
  const double T = time_scale(c.p, law), t_end = pick.first + d["t_frac"] * (std::min(pick.second, c.t_end) - pick.first);
  if (!(std::min(pick.second, c.t_end) - pick.first >= T / 50) || !(shortest_phase(ex, t_end) >= T / 50) || !(t_end > 0))
    return std::nullopt;
  return t_end;
}

std::vector<Measurement> run_slide_end(const Draw& d, const std::string& law, Scheme kind) {
  PlateRunConfig c = config_of(d, law);
  c.p.validate();
  const std::optional<double> t_end = slide_end_time(d, law);
  if (!t_end) throw std::logic_error("slide-end check: a draw without a slide");
  c.t_end = *t_end;
  c.solver.kind = kind;
  const ExactSlidingPlates ex = exact_plates(c).value();
  const double vs = v_scale(c, ex), xs = (c.p.fmax + c.p.gamma * vs) / c.p.k, xi_exact = ex.at(c.t_end).xi;
  const int p = order_of(kind);
  c.solver.dt = std::min({time_scale(c.p, law) / steps_per_scale(p), shortest_phase(ex, c.t_end) / 2, c.t_end});
  const double coarse = std::abs(run_plates(c).xi_end - xi_exact);
  c.solver.dt /= 2;
  const PlateRun fine = run_plates(c);
  const double eps = std::numeric_limits<double>::epsilon();
  // dsds, dsds-stage: the reset puts every reported state on eq. 3 (round-off of one evaluation); dsds-dae keeps it
  // through its derivative, each step adding a rounding of its increment: that round-off times the steps.
  const bool through_derivative = law_forms("friction", law, RelationKind::one_d) & (form_dae | form_dae_ode);
  const double steps = through_derivative ? std::ceil(c.t_end / c.solver.dt) : 1.0;
  return {{"||k xi_end + gamma v_end| - F_max| (eq. 3)", std::abs(std::abs(c.p.k * fine.xi_end + c.p.gamma * fine.v_end) - c.p.fmax),
           16 * eps * (c.p.fmax + c.p.gamma * std::abs(fine.v_end)) * steps},
          {"|xi_end - exact|(dt/2) vs 2^-p (dt)", std::abs(fine.xi_end - xi_exact), 1.6 * std::pow(2.0, -p) * coarse + 1e-10 * xs},
          {"|xi_end - exact| at dt/2", std::abs(fine.xi_end - xi_exact), 0.01 * xs}};
}

std::vector<ParameterRange> ranges_for(const std::string& law) {
  const double nan = kNaN, inf = std::numeric_limits<double>::infinity();
  std::vector<double> gamma_invalid{-1, nan, inf};
  for (const Param& p : law_parameter_list("friction", law))  // a law that divides by its dashpot refuses 0
    if (std::string(p.name) == "gamma_t" && p.lo == 0 && p.lo_open) gamma_invalid.push_back(0);
  return {{"m", 0.2, 5, true, {0, -1, nan, inf}},
          {"k", 0.2, 5, true, {0, -1, nan, inf}},
          {"gamma", 0.3, 5, true, gamma_invalid},
          {"fmax", 0.2, 5, true, {-1, nan, inf}},
          {"v0", -8, 8},
          {"xi0", -2, 2},
          {"t_end", 2, 12}};
}

}  // namespace

std::vector<PropertyCheck> plate_property_checks() {
  std::vector<PropertyCheck> checks;
  const Scheme all[] = {Scheme::euler, Scheme::midpoint, Scheme::heun, Scheme::rk4,
                            Scheme::dopri5, Scheme::cvode, Scheme::ida};
  // The laws with an exact solution on the plates, under every driver that runs them (their forms decide).
  for (const std::string& law : laws_with_exact_plates()) {
    const unsigned forms = law_forms("friction", law, RelationKind::one_d);
    for (Scheme kind : all) {
      if (!runs(forms, driver_of(kind, false))) continue;
      const std::string what =
          is_fixed_step(kind)
              ? "exact piecewise solution; error halves by 2^p from T/n to T/2n (p the scheme's order), < 1 % of v"
              : "exact piecewise solution; |v - v_exact| <= 100 rtol v_scale per phase, t_stick within 100 rtol t_end per phase";
      checks.push_back({"sliding-plates/" + law, to_string(kind), what, ranges_for(law),
                        [law, kind](const Draw& d) { return run_check(d, law, kind); },
                        is_fixed_step(kind) ? 6 : 1,
                        is_fixed_step(kind) ? std::function<bool(const Draw&)>([law](const Draw& d) { return admissible(d, law); })
                                            : std::function<bool(const Draw&)>()});
    }
    // The slide-end check: the laws whose sliding state lies on eq. 3 (the D-SDS's reset rule or its DAE).
    if (!(forms & (form_reset | form_hybrid_rule | form_dae | form_dae_ode))) continue;
    std::vector<ParameterRange> ranges = ranges_for(law);
    ranges.pop_back();  // t_end: drawn inside a slide instead
    ranges.push_back({"t_max", 2, 12});
    ranges.push_back({"slide", 0, 0.999});
    ranges.push_back({"t_frac", 0.05, 0.95});
    for (Scheme kind : {Scheme::euler, Scheme::midpoint, Scheme::heun, Scheme::rk4})
      if (runs(forms, driver_of(kind, false)))
        checks.push_back({"sliding-plates/" + law + ":slide-end", to_string(kind),
                          "end time drawn inside a slide of the exact D-SDS: the reported state on eq. 3 to round-off, "
                          "xi_end converging at the scheme's order (err halves by 2^p from T/n to T/2n), < 1 % of xi",
                          ranges, [law, kind](const Draw& d) { return run_slide_end(d, law, kind); }, 2,
                          [law](const Draw& d) { return slide_end_time(d, law).has_value(); }});
  }
  return checks;
}

}  // namespace stickslip
