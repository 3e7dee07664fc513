// Gear's predictor-corrector (solvers/gear_driver.cpp), the fixed-step BDF of order q in Nordsieck form:
//   - its order on a smooth ODE against the exact solution: a damped oscillator x'' = -omega^2 x - 2 zeta omega x'
//     (an exact solution, every component of the Nordsieck history exercised), the largest error over [0, T] fitted
//     over halvings of dt: slopes q for q = 1..5 (the start from RK4 pre-steps keeps it);
//   - events on its Nordsieck dense output: the C-SDS plates of Fuehrer, Brendel & Wolf against their exact stick
//     time t = 3.92991922641 and v(t), second order for gear:2;
//   - its linear stability (solvers/linear_stability.hpp) against the growth the driver itself produces on
//     y' = lambda y, and the refusals (order outside 1..5, a time-stepping rule).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "models/sliding_plates.hpp"
#include "models/sliding_plates_exact.hpp"
#include "solvers/integrate.hpp"
#include "solvers/linear_stability.hpp"

using namespace stickslip;

namespace {

// x'' = -omega^2 x - 2 zeta omega x', state (x, v).
struct DampedOscillator final : Model {
  double omega = 3.0, zeta = 0.1;
  std::size_t size() const override { return 2; }
  std::vector<std::string> state_names() const override { return {"x", "v"}; }
  void rhs(double, VecCRef x, const Mode&, VecRef xdot) const override {
    xdot[0] = x[1];
    xdot[1] = -omega * omega * x[0] - 2 * zeta * omega * x[1];
  }
  double exact(double t) const {  // x(0) = 1, v(0) = 0
    const double wd = omega * std::sqrt(1 - zeta * zeta);
    return std::exp(-zeta * omega * t) * (std::cos(wd * t) + zeta * omega / wd * std::sin(wd * t));
  }
};

// y' = lambda y (real lambda), for the stability test.
struct Decay final : Model {
  double lambda = -1;
  std::size_t size() const override { return 1; }
  std::vector<std::string> state_names() const override { return {"y"}; }
  void rhs(double, VecCRef x, const Mode&, VecRef xdot) const override { xdot[0] = lambda * x[0]; }
};

double gear_error(int order, double dt, double T) {
  DampedOscillator m;
  Vec x(2);
  x << 1, 0;
  Mode mode;
  SolverOptions o;
  o.kind = Scheme::gear;
  o.max_order = order;
  o.dt = dt;
  double worst = 0;  // the largest error over the run (the error at one time can pass through zero)
  integrate(m, 0, T, x, mode, o, [&](double t, VecCRef xs, const Mode&) { worst = std::max(worst, std::abs(xs[0] - m.exact(t))); });
  return worst;
}

// Least-squares slope of log(err) against log(dt).
double fitted_order(const std::vector<double>& dts, const std::vector<double>& errs) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(dts.size());
  for (std::size_t i = 0; i < dts.size(); ++i) {
    const double a = std::log(dts[i]), b = std::log(errs[i]);
    sx += a, sy += b, sxx += a * a, sxy += a * b;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

TEST_CASE("gear:q has order q on a damped oscillator against its exact solution (q = 1..5)") {
  const double T = 2.0;
  // dt ranges in the asymptotic regime of each order and above round-off (omega dt from 0.015 to 0.12)
  for (int q = 1; q <= 5; ++q) {
    CAPTURE(q);
    std::vector<double> dts, errs;
    for (double dt = 0.04; dt > 0.004; dt /= 2) {
      dts.push_back(dt);
      errs.push_back(gear_error(q, dt, T));
    }
    const double p = fitted_order(dts, errs);
    CAPTURE(p);
    CHECK(p == doctest::Approx(q).epsilon(0.1 / q));  // within 0.1 of q (measured 0.93, 2.04, 2.95, 4.09, 4.97)
    CHECK(errs.back() < 0.05);
  }
}

TEST_CASE("gear:2 locates the C-SDS plates' stick event on its dense output: exact t_stick, second order") {
  const PlateParameters paper{1, 1, 2, 1};
  const ExactSlidingPlates exact = *exact_plates_of(paper, "csds", 4, 0, 10);
  REQUIRE(exact.t_stick());
  std::vector<double> dts, errs_t, errs_v;
  for (double dt : {0.02, 0.01, 0.005}) {
    const auto model = plates_model(paper, "csds", Driver::fixed, true);
    Vec x(3);
    x << 4, 0, 0;
    Mode mode = model->initial_mode(0, x);
    SolverOptions o;
    o.kind = Scheme::gear;
    o.max_order = 2;
    o.dt = dt;
    o.events = true;
    double worst_v = 0;
    const RunStats st = integrate(*model, 0, 6, x, mode, o, [&](double t, VecCRef xs, const Mode&) {
      worst_v = std::max(worst_v, std::abs(xs[0] - exact.at(t).v));
    });
    double t_stick = std::nan("");
    for (const auto& e : st.events)
      if (e.mode_after[0] == stick_mode) t_stick = e.t;
    CHECK(st.events.size() == 1);
    dts.push_back(dt);
    errs_t.push_back(std::abs(t_stick - *exact.t_stick()));
    errs_v.push_back(worst_v);
  }
  CAPTURE(errs_t[0]);
  CAPTURE(errs_t[2]);
  CHECK(errs_t.back() < 1e-4);
  CHECK(fitted_order(dts, errs_v) == doctest::Approx(2).epsilon(0.1));
}

TEST_CASE("gear's linear stability function is the growth the driver produces on y' = lambda y") {
  for (int q : {2, 5})
    for (double z : {-0.3, -0.8, -1.5, -2.5}) {
      CAPTURE(q);
      CAPTURE(z);
      Decay m;
      m.lambda = z;  // dt = 1
      Vec x(1);
      x << 1;
      Mode mode;
      SolverOptions o;
      o.kind = Scheme::gear;
      o.max_order = q;
      o.dt = 1;
      const int n = 200;
      std::vector<double> y;
      integrate(m, 0, n, x, mode, o, [&](double, VecCRef xs, const Mode&) { y.push_back(std::abs(xs[0])); });
      // after the start the dominant eigenmode (a complex pair oscillates: the largest |y| of 20 steps) grows by rho
      // per step: ln rho from steps n/2 to n
      const auto peak = [&](std::size_t end) { return *std::max_element(y.begin() + static_cast<long>(end) - 20, y.begin() + static_cast<long>(end)); };
      const double measured = std::log(peak(y.size()) / peak(y.size() / 2)) / (n - n / 2.0);
      const double predicted = stability_log_growth(Scheme::gear, z, q);
      CHECK(measured == doctest::Approx(predicted).epsilon(0.03));
    }
}

TEST_CASE("gear's stability intervals on the negative real axis (PEC: one evaluation per step)") {
  // the bounds of solvers/linear_stability.hpp, each bracketed to 1e-2
  const std::pair<int, double> bound[] = {{1, -0.667}, {2, -0.571}, {3, -0.444}, {4, -0.344}, {5, -0.271}};
  for (const auto& [q, z] : bound) {
    CAPTURE(q);
    CHECK(stability_log_growth(Scheme::gear, z + 0.01, q) < 0);
    CHECK(stability_log_growth(Scheme::gear, z - 0.01, q) > 0);
  }
  CHECK(stability_log_growth(Scheme::gear, {0, 0.2}, 5) < 0);
  CHECK(stability_log_growth(Scheme::gear, {0, 0.25}, 5) > 0);
  CHECK(stability_log_growth(Scheme::gear, {0, 0.1}, 3) > 0);
}

TEST_CASE("gear refuses an order outside 1..5 and a time-stepping rule") {
  DampedOscillator m;
  Vec x(2);
  x << 1, 0;
  Mode mode;
  SolverOptions o;
  o.kind = Scheme::gear;
  o.dt = 0.01;
  o.max_order = 6;
  CHECK_THROWS_AS(integrate(m, 0, 1, x, mode, o), InputError);
  CHECK(form_refuses(ModelForm::step_rule, Scheme::gear).find("gear") != std::string::npos);
  CHECK(form_refuses(ModelForm::ode, Scheme::gear).empty());
}
