// studies/property_checks_belt.cpp — randomized property checks of the belt-driven stick-slip oscillator
// (models/friction_oscillator.hpp, v_belt > 0, velocity-weakening phi = mu F_N/(1 + stribeck |v_rel|)).
// No closed form for the limit cycle, so:
//   * cross-driver agreement: the Filippov form on dopri5 and the Coulomb DAE on IDA (velocity projection) must
//     give the same period and stick fraction of the last complete cycle. Both integrate the same smooth slip
//     phases at rtol = 1e-10 and locate every switch on their own interpolants; the cycle is attracting, so the
//     errors do not grow from cycle to cycle: 1e3 rtol relative (period), 1e3 rtol absolute (fraction);
//   * stick holds exactly while |F| < mu F_N: during stick the mass rides the belt, and it must leave the stick
//     exactly where the spring force reaches mu F_N, x = mu F_N/k (to the event tolerance, 1e3 rtol of mu F_N/k),
//     after exactly (mu F_N/k - x_in)/v_belt (1e3 rtol of the period).
#include <cmath>
#include <limits>

#include "models/friction_oscillator.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrate.hpp"
#include "studies/property_checks.hpp"

namespace stickslip {
namespace {

struct Cycle {
  std::vector<double> t_in, x_in, t_out, x_out;  // stick entries and exits
  double period() const { return t_in[t_in.size() - 1] - t_in[t_in.size() - 2]; }
  // The stick of the last complete cycle: entry t_in[n-2], its exit the first t_out after it.
  std::size_t last_exit() const {
    for (std::size_t i = 0; i < t_out.size(); ++i)
      if (t_out[i] > t_in[t_in.size() - 2]) return i;
    return t_out.size();
  }
  double stick_fraction() const { return (t_out[last_exit()] - t_in[t_in.size() - 2]) / period(); }
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
  p.mu = d["mu"];
  p.fn = d["F_N"];
  p.v_belt = d["v_belt"];
  p.stribeck = d["stribeck"];
  p.validate();
  return p;
}

PropertyCheck belt_check() {
  PropertyCheck c;
  c.model = "belt-oscillator/coulomb";
  c.driver = "dopri5";
  c.what = "Filippov/dopri5 against the Coulomb DAE on IDA: period and stick fraction of the last cycle (1e3 rtol, "
           "rtol = 1e-10, attracting cycle); stick exits at x = mu F_N/k after (mu F_N/k - x_in)/v_belt (1e3 rtol)";
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  c.ranges = {{"m", 0.5, 2, true, {0, -1, nan}},
              {"k", 0.5, 2, true, {0, -1, nan}},
              {"mu", 0.5, 1.5, false, {-0.1, nan}},
              {"F_N", 0.5, 2, true, {-1, nan}},
              {"v_belt", 0.05, 0.3, true, {nan, inf}},
              {"stribeck", 2, 5, false, {-1, nan}}};
  c.cost = 12;
  c.run = [](const Draw& d) {
    const OscillatorParameters p = drawn_oscillator(d);
    const double xs = p.fmax() / p.k;  // where the stick must end
    // About 8 cycles: each at most a free period plus a stick across 2 xs at the belt speed.
    const double t_end = 8 * (2 * 3.14159265358979 * std::sqrt(p.m / p.k) + 2 * xs / p.v_belt);
    SolverOptions so;
    so.rtol = 1e-10;
    so.atol = 1e-13;
    so.dt = t_end / 100;
    Cycle fil, dae;
    {
      const FrictionOscillator osc(p);
      FilippovOptions fo;
      fo.solver = so;
      fo.solver.kind = SolverKind::dopri5;
      Vec x = Vec::Zero(2);
      Mode mode;
      integrate_filippov(osc, 0, t_end, x, mode, fo, StickTracker{fil, sliding_mode});
    }
    {
      const FrictionOscillatorDae model(p);
      so.kind = SolverKind::ida;
      Vec x = Vec::Zero(3);
      Mode mode = model.initial_mode(0, x);
      integrate(model, 0, t_end, x, mode, so, StickTracker{dae, osc_stick});
    }
    if (fil.t_in.size() < 3 || dae.t_in.size() < 3 || fil.last_exit() == fil.t_out.size() ||
        dae.last_exit() == dae.t_out.size())
      return std::vector<Measurement>{{"complete stick-slip cycles (>= 2 each)", 1, 0}};
    const double tol = 1e3 * so.rtol;
    const double period = dae.period();
    const std::size_t e = dae.last_exit(), n = dae.t_in.size() - 2;
    const double stick_exact = (xs - dae.x_in[n]) / p.v_belt;
    return std::vector<Measurement>{
        {"|period (Filippov) - period (IDA)| [s]", std::abs(fil.period() - period), tol * period},
        {"|stick fraction (Filippov) - (IDA)|", std::abs(fil.stick_fraction() - dae.stick_fraction()), tol},
        {"|x at stick exit - mu F_N/k| (IDA) [m]", std::abs(dae.x_out[e] - xs), tol * xs},
        {"|x at stick exit - mu F_N/k| (Filippov) [m]", std::abs(fil.x_out[fil.last_exit()] - xs), tol * xs},
        {"|stick duration - (mu F_N/k - x_in)/v_belt| (IDA) [s]", std::abs(dae.t_out[e] - dae.t_in[n] - stick_exact),
         tol * period}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> belt_property_checks() { return {belt_check()}; }

}  // namespace stickslip
