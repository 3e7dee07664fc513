// The belt-driven stick-slip oscillator (models/friction_oscillator.hpp with v_belt > 0 and velocity-
// weakening friction phi = mu F_N/(1 + c_w |v_rel|), models/contact/weakening.hpp): the limit cycle (period, stick
// fraction) from the law's Filippov form (dopri5, CVODE) and from its hybrid DAE through IDA must agree.
#include <doctest/doctest.h>

#include <cmath>
#include <iomanip>

#include "models/friction_oscillator.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {

OscillatorParameters belt() {
  OscillatorParameters p;
  p.m = 1;
  p.k = 1;
  p.fn = 1;
  p.v_belt = 0.2;
  return p;
}
const Weakening kLaw{1, 3};  // mu = 1, c_w = 3 s/m

ContactSystem belt_system(Driver d) {
  LawValues v;
  v.set("mu", kLaw.mu).set("c_w", kLaw.c_w);
  return oscillator_system(belt(), "weakening", v, d, true, true);
}

struct Cycle {
  double period = 0, stick_fraction = 0;
  double x_stick_begin = 0, stick_duration = 0;
  std::size_t cycles = 0;
};

// From the times at which stick begins (t_in) and ends (t_out): the last complete cycle.
Cycle cycle_from(const std::vector<double>& t_in, const std::vector<double>& t_out, const std::vector<double>& x_in) {
  Cycle c;
  REQUIRE(t_in.size() >= 3);
  const std::size_t n = t_in.size();
  c.cycles = n;
  c.period = t_in[n - 1] - t_in[n - 2];
  double t_end_of_stick = 0;
  for (double t : t_out)
    if (t > t_in[n - 2]) {
      t_end_of_stick = t;
      break;
    }
  c.stick_duration = t_end_of_stick - t_in[n - 2];
  c.stick_fraction = c.stick_duration / c.period;
  c.x_stick_begin = x_in[n - 2];
  return c;
}

Cycle filippov_cycle(Scheme kind, double t_end) {
  const ContactSystem osc = belt_system(Driver::filippov);
  SolverOptions o;
  o.kind = kind;
  o.dt = 0.1;
  o.rtol = 1e-11;
  o.atol = 1e-13;
  Vec x(2);
  x << 0, 0;
  Mode mode;
  std::vector<double> t_in, t_out, x_in;
  const RunStats st = simulate(osc, {0, t_end, o}, x, mode);
  for (const auto& e : st.events) {
    if (e.mode_after[0] == sliding_mode) t_in.push_back(e.t);
    if (e.mode_before[0] == sliding_mode) t_out.push_back(e.t);
  }
  // x at the stick entries, from a second pass that records the state at those events.
  Vec x2(2);
  x2 << 0, 0;
  Mode m2;
  std::size_t k = 0;
  simulate(osc, {0, t_end, o}, x2, m2, [&](const ContactSample& q) {
    if (k < t_in.size() && q.t == t_in[k] && q.mode[0] == sliding_mode) {
      x_in.push_back(q.x[0]);
      ++k;
    }
  });
  REQUIRE(x_in.size() == t_in.size());
  return cycle_from(t_in, t_out, x_in);
}

Cycle ida_cycle(double t_end) {
  const ContactSystem sys = belt_system(Driver::ida);
  const Model& dae = *sys.model;
  SolverOptions o;
  o.kind = Scheme::ida;
  o.dt = 0.1;
  o.rtol = 1e-11;
  o.atol = 1e-13;
  Vec x(3);
  x << 0, 0, 0;
  Mode mode = dae.initial_mode(0, x);
  std::vector<double> t_in, t_out, x_in;
  const RunStats st = integrate(dae, 0, t_end, x, mode, o);
  std::size_t k = 0;
  for (const auto& e : st.events) {
    if (e.mode_after[0] == stick_mode) t_in.push_back(e.t);
    if (e.mode_before[0] == stick_mode) t_out.push_back(e.t);
  }
  Vec x2(3);
  x2 << 0, 0, 0;
  Mode m2 = dae.initial_mode(0, x2);
  integrate(dae, 0, t_end, x2, m2, o, [&](double t, VecCRef y, const Mode& md) {
    if (k < t_in.size() && t == t_in[k] && md[0] == stick_mode) {
      x_in.push_back(y[0]);
      ++k;
    }
  });
  REQUIRE(x_in.size() == t_in.size());
  return cycle_from(t_in, t_out, x_in);
}

}  // namespace

TEST_CASE("belt oscillator: the stick-slip limit cycle agrees between the Filippov driver and IDA") {
  const double t_end = 60;
  const Cycle ref = ida_cycle(t_end);
  const OscillatorParameters p = belt();
  // The stick phase moves with the belt from its entry point to x = mu F_N/k, where |k x| = mu F_N.
  CHECK(ref.stick_duration == doctest::Approx((kLaw.mu * p.fn / p.k - ref.x_stick_begin) / p.v_belt).epsilon(1e-8));
  CHECK(ref.cycles >= 4);
  CHECK(ref.stick_fraction > 0.05);
  CHECK(ref.stick_fraction < 0.95);
  for (Scheme kind : {Scheme::dopri5, Scheme::cvode}) {
    CAPTURE(to_string(kind));
    const Cycle c = filippov_cycle(kind, t_end);
    CHECK(c.cycles == ref.cycles);
    // Both solve the same smooth phases to rtol 1e-11; event times agree to ~1e-9 per switch.
    CHECK(c.period == doctest::Approx(ref.period).epsilon(1e-8));
    CHECK(c.stick_fraction == doctest::Approx(ref.stick_fraction).epsilon(1e-8));
    CHECK(c.x_stick_begin == doctest::Approx(ref.x_stick_begin).epsilon(1e-8));
    MESSAGE("Filippov/" << to_string(kind) << ": period " << c.period << " (IDA - Filippov = " << ref.period - c.period
                        << "), stick fraction " << c.stick_fraction << " (diff " << ref.stick_fraction - c.stick_fraction << ")");
  }
  MESSAGE(std::setprecision(12) << "belt cycle (IDA): period " << ref.period << ", stick fraction " << ref.stick_fraction);
}
