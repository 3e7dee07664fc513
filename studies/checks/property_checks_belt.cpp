// studies/checks/property_checks_belt.cpp — randomized property checks of the belt-driven stick-slip oscillator
// (models/friction_oscillator.hpp, v_belt > 0) with the velocity-weakening law phi = mu F_N/(1 + c_w |v_rel|)
// (models/contact/weakening.hpp).
// No closed form for the limit cycle, so:
//   * cross-driver agreement: the Filippov form on dopri5 and the Coulomb DAE on IDA (velocity projection) must
//     give the same period (between the last two stick exits) and stick fraction of the last complete cycle. Both
//     integrate the same smooth slip phases at rtol = 1e-10 and locate every switch on their own interpolants; the
//     cycle is attracting, so the errors do not grow from cycle to cycle: 1e3 rtol relative (period), 1e3 rtol
//     absolute (fraction) plus each stick entry's own conditioning, 1e3 rtol v_belt over the relative acceleration
//     at v_rel = 0 (a slip that ends next to the opposite threshold meets the belt speed at a shallow slope: seen
//     with |k x_in| within 0.2 % of mu F_N, entries 6e-7 s apart while the exits agreed to 1e-9 s);
//   * stick holds exactly while |F| < mu F_N: during stick the mass rides the belt, and it must leave the stick
//     exactly where the spring force reaches mu F_N, x = mu F_N/k (to the event tolerance, 1e3 rtol of mu F_N/k),
//     after exactly (mu F_N/k - x_in)/v_belt (1e3 rtol of the period).
#include <cmath>
#include <limits>

#include "models/friction_oscillator.hpp"
#include "solvers/contact_run.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {
namespace {

struct Cycle {
  std::vector<double> t_in, x_in, t_out, x_out;  // stick entries and exits
  // The last complete cycle runs between the last two stick exits: there the spring force crosses mu F_N while the
  // mass rides the belt, a transversal crossing located to the solver's tolerance. An entry can be ill-conditioned
  // (a slip that ends next to the opposite threshold, |k x| ~ mu F_N, meets v_rel = 0 at a shallow slope), so entries
  // do not define the period. The cycle's stick began at its last entry before the final exit.
  std::size_t entry() const {
    std::size_t e = t_in.size();
    if (t_out.size() < 2) return e;
    for (std::size_t i = 0; i < t_in.size(); ++i)
      if (t_in[i] > t_out[t_out.size() - 2] && t_in[i] < t_out.back()) e = i;
    return e;
  }
  bool complete() const { return t_out.size() >= 2 && entry() < t_in.size(); }
  double period() const { return t_out.back() - t_out[t_out.size() - 2]; }
  double stick_fraction() const { return (t_out.back() - t_in[entry()]) / period(); }
};

// Follows the mode seen by the observer (called just before and after every event) and records the stick phases.
struct StickTracker {
  Cycle& c;
  int stick;
  int prev = -99;
  void operator()(double t, VecCRef y, const Mode& md) {
    const int now = md[0];
    if (prev != -99 && now != prev) {
      if (now == stick) c.t_in.push_back(t), c.x_in.push_back(y[0]);
      if (prev == stick) c.t_out.push_back(t), c.x_out.push_back(y[0]);
    }
    prev = now;
  }
};

OscillatorParameters drawn_oscillator(const Draw& d) {
  OscillatorParameters p;
  p.m = d["m"];
  p.k = d["k"];
  p.fn = d["F_N"];
  p.v_belt = d["v_belt"];
  p.validate();
  return p;
}

// The drawn velocity-weakening law (models/contact/weakening.hpp).
LawValues drawn_law(const Draw& d) {
  LawValues v;
  v.set("mu", d["mu"]).set("c_w", d["c_w"]);
  return v;
}

// Runs the weakening law on the belt oscillator from rest with driver d, tracking the stick phases.
void run_cycles(const OscillatorParameters& p, const Draw& d, Driver driver, SolverOptions so, double t_end, Cycle& c) {
  const ContactSystem sys = oscillator_system(p, "weakening", drawn_law(d), driver, true, true);
  Vec x = Vec::Zero(static_cast<Eigen::Index>(sys.size()));
  Mode mode;
  StickTracker track{c, driver == Driver::filippov ? static_cast<int>(sliding_mode) : static_cast<int>(stick_mode)};
  simulate(sys, {0, t_end, so}, x, mode, [&](const ContactSample& q) { track(q.t, q.x, q.mode); });
}

PropertyCheck belt_check() {
  PropertyCheck c;
  c.model = "belt-oscillator/weakening";
  c.driver = "dopri5";
  c.what = "Filippov/dopri5 against the Coulomb DAE on IDA: period and stick fraction of the last cycle (1e3 rtol, "
           "rtol = 1e-10, attracting cycle); stick exits at x = mu F_N/k after (mu F_N/k - x_in)/v_belt (1e3 rtol)";
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  c.ranges = {{"m", 0.5, 2, true, {0, -1, nan}},
              {"k", 0.5, 2, true, {0, -1, nan}},
              {"mu", 0.5, 1.5, false, {-0.1, nan}},
              {"F_N", 0.5, 2, true, {-1, nan}},
              {"v_belt", 0.05, 0.3, true, {nan, inf}},
              {"c_w", 2, 5, false, {-1, nan}}};
  c.cost = 12;
  c.run = [](const Draw& d) {
    const OscillatorParameters p = drawn_oscillator(d);
    const double xs = d["mu"] * p.fn / p.k;  // where the stick must end
    // About 8 cycles: each at most a free period plus a stick across 2 xs at the belt speed.
    const double t_end = 8 * (2 * 3.14159265358979 * std::sqrt(p.m / p.k) + 2 * xs / p.v_belt);
    SolverOptions so;
    so.rtol = 1e-10;
    so.atol = 1e-13;
    so.dt = t_end / 100;
    Cycle fil, dae;
    so.kind = Scheme::dopri5;
    run_cycles(p, d, Driver::filippov, so, t_end, fil);
    so.kind = Scheme::ida;
    run_cycles(p, d, Driver::ida, so, t_end, dae);
    if (!fil.complete() || !dae.complete())
      return std::vector<Measurement>{{"complete stick-slip cycles (>= 2 each)", 1, 0}};
    const double tol = 1e3 * so.rtol;
    const double period = dae.period();
    const std::size_t n = dae.entry();
    const double stick_exact = (xs - dae.x_in[n]) / p.v_belt;
    // An entry's time is known to the velocity error (tol v_belt) over the relative acceleration with which the slip
    // meets v_rel = 0, at least min over the two slip sides |mu F_N -+ k x_in|/m (the friction at v_rel = 0 is mu F_N).
    const double fs = d["mu"] * p.fn;
    const auto entry_time_error = [&](const Cycle& c) {
      const double x = c.x_in[c.entry()];
      return tol * p.v_belt * p.m / std::min(std::abs(fs - p.k * x), std::abs(fs + p.k * x));
    };
    const double fraction_tol = tol + (entry_time_error(fil) + entry_time_error(dae)) / period;
    return std::vector<Measurement>{
        {"|period (Filippov) - period (IDA)| [s]", std::abs(fil.period() - period), tol * period},
        {"|stick fraction (Filippov) - (IDA)|", std::abs(fil.stick_fraction() - dae.stick_fraction()), fraction_tol},
        {"|x at stick exit - mu F_N/k| (IDA) [m]", std::abs(dae.x_out.back() - xs), tol * xs},
        {"|x at stick exit - mu F_N/k| (Filippov) [m]", std::abs(fil.x_out.back() - xs), tol * xs},
        {"|stick duration - (mu F_N/k - x_in)/v_belt| (IDA) [s]", std::abs(dae.t_out.back() - dae.t_in[n] - stick_exact),
         tol * period}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> belt_property_checks() { return {belt_check()}; }

}  // namespace stickslip
