// The Filippov driver (solvers/filippov_driver.hpp) on hand-made vector fields whose solutions are known in
// closed form: the crossing / sliding / repulsion classification of eq. 7-8, the sliding weight of eq. 12,
// the exits from sliding when lambda leaves [0, 1], a curved (circular) sliding surface, and two coupled
// surfaces sliding at once.
#include <doctest/doctest.h>

#include <cmath>

#include "solvers/filippov_driver.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {

// x' = (1+sigma)/2 f_I(x) + (1-sigma)/2 f_II(x), one flat surface h = y (state (x, y)); f_I, f_II affine
// in x: f_I = p + q x, f_II = r + s x (2-vectors).
struct FlatSurface final : FilippovSystem {
  Eigen::Vector2d p, q, r, s;
  std::size_t size() const override { return 2; }
  std::vector<std::string> state_names() const override { return {"x", "y"}; }
  std::size_t num_surfaces() const override { return 1; }
  void surfaces(double, VecCRef x, VecRef h) const override { h[0] = x[1]; }
  void surface_gradient(double, VecCRef, std::size_t, VecRef g) const override { g << 0, 1; }
  void field(double, VecCRef x, VecCRef sigma, VecRef f) const override {
    const Eigen::Vector2d fi = p + q * x[0], fii = r + s * x[0];
    f = 0.5 * (1 + sigma[0]) * fi + 0.5 * (1 - sigma[0]) * fii;
  }
};

FlatSurface flat(Eigen::Vector2d f_I, Eigen::Vector2d f_II, Eigen::Vector2d q = {0, 0}, Eigen::Vector2d s = {0, 0}) {
  FlatSurface sys;
  sys.p = f_I;
  sys.q = q;
  sys.r = f_II;
  sys.s = s;
  return sys;
}

FilippovOptions options(Scheme kind, double dt = 1e-3) {
  FilippovOptions o;
  o.solver.kind = kind;
  o.solver.dt = dt;
  o.solver.rtol = 1e-12;
  o.solver.atol = 1e-14;
  return o;
}

const Scheme kKinds[] = {Scheme::dopri5, Scheme::cvode, Scheme::rk4};

// Tolerance of a run: dopri5/rk4 solve these piecewise-polynomial problems to rounding, BDF to ~rtol.
double tol_for(Scheme kind) { return kind == Scheme::cvode ? 1e-8 : 1e-10; }

}  // namespace

TEST_CASE("classify_flow: the sign table of eq. 7-8") {
  CHECK(classify_flow(-1, 2) == FlowKind::crossing_to_II);
  CHECK(classify_flow(3, -1) == FlowKind::crossing_to_I);
  CHECK(classify_flow(-1, -2) == FlowKind::sliding);
  CHECK(classify_flow(1, 2) == FlowKind::repulsion);
  // The closed boundaries: lambda = 0 or 1 still slides; a tangent field on one side with the other leaving.
  CHECK(classify_flow(0, -1) == FlowKind::sliding);
  CHECK(classify_flow(-1, 0) == FlowKind::sliding);
  CHECK(classify_flow(0, 1) == FlowKind::crossing_to_II);
  CHECK(classify_flow(1, 0) == FlowKind::crossing_to_I);
}

TEST_CASE("surface_flow on hand-made fields: a_I, a_II, lambda of eq. 7-8 and 12") {
  const Vec on(Eigen::Vector2d(0.3, 0.0));
  for (GradientKind gk : {GradientKind::exact, GradientKind::finite_difference}) {
    CAPTURE(static_cast<int>(gk));
    {  // both fields push into y = 0: sliding, lambda = a_I/(a_I + a_II) = 2/(2+1)
      const auto sys = flat({1, -2}, {1, 1});
      const FilippovModel model(sys, gk);
      const SurfaceFlow fl = model.surface_flow(0, on, {region_I}, 0);
      CHECK(fl.kind == FlowKind::sliding);
      CHECK(fl.a_I == doctest::Approx(-2).epsilon(1e-8));
      CHECK(fl.a_II == doctest::Approx(-1).epsilon(1e-8));
      CHECK(fl.lambda == doctest::Approx(2.0 / 3.0).epsilon(1e-8));
      CHECK(model.initial_mode(0, on) == Mode{sliding_mode});
      // The sliding field (1 - lambda) f_I + lambda f_II = (1, 0) is tangent to the surface.
      Vec f(2);
      model.rhs(0, on, {sliding_mode}, f);
      CHECK(f[0] == doctest::Approx(1));
      CHECK(std::abs(f[1]) < 1e-8);
    }
    {  // both push downwards: crossing I -> II
      const auto sys = flat({1, -1}, {1, -2});
      const FilippovModel model(sys, gk);
      const SurfaceFlow fl = model.surface_flow(0, on, {region_I}, 0);
      CHECK(fl.kind == FlowKind::crossing_to_II);
      CHECK(model.initial_mode(0, on) == Mode{region_II});
    }
    {  // both push upwards: crossing II -> I
      const auto sys = flat({1, 0.5}, {1, 3});
      const FilippovModel model(sys, gk);
      CHECK(model.surface_flow(0, on, {region_II}, 0).kind == FlowKind::crossing_to_I);
    }
    {  // both pull away: repulsion; the start on the surface takes the faster side (II: a_II = 2 > a_I = 1)
      const auto sys = flat({1, 1}, {1, -2});
      const FilippovModel model(sys, gk);
      CHECK(model.surface_flow(0, on, {region_I}, 0).kind == FlowKind::repulsion);
      CHECK(model.initial_mode(0, on) == Mode{region_II});
    }
  }
}

TEST_CASE("crossing: y' = -1 above, -2 below; the surface is crossed at t = 1 without sticking") {
  const auto sys = flat({1, -1}, {1, -2});
  for (Scheme kind : kKinds) {
    CAPTURE(to_string(kind));
    Vec x(Eigen::Vector2d(0, 1));
    Mode mode;
    const RunStats st = integrate_filippov(sys, 0, 2, x, mode, options(kind));
    REQUIRE(st.events.size() == 1);
    CHECK(st.events[0].t == doctest::Approx(1).epsilon(tol_for(kind)));
    CHECK(mode == Mode{region_II});
    CHECK(x[1] == doctest::Approx(-2).epsilon(tol_for(kind)));
  }
}

TEST_CASE("sliding entered at t = 1, left into region I when lambda reaches 0 at t = 2") {
  // f_I = (1, -2 + x), f_II = (1, 1), start (x, y) = (0, 1): y = 1 - 2t + t^2/2 first reaches 0 at
  // t = 2 - sqrt(2) with x = t; there a_I = x - 2 < 0, a_II = -1: sliding, lambda = (x-2)/(x-3). Along
  // y = 0, x = t; lambda = 0 at x = 2 (t = 2): exit into I, then y' = x - 2 -> y = (t - 2)^2/2.
  const auto sys = flat({1, -2}, {1, 1}, {0, 1});
  const double t_in = 2 - std::sqrt(2.0);
  for (Scheme kind : kKinds) {
    CAPTURE(to_string(kind));
    Vec x(Eigen::Vector2d(0, 1));
    Mode mode;
    const FilippovModel model(sys);
    std::vector<double> lambdas;
    auto obs = [&](double t, VecCRef s, const Mode& md) {
      if (md[0] == sliding_mode && t > t_in + 0.1 && t < 1.9) lambdas.push_back(model.lambdas(t, s, md)[0] - (s[0] - 2) / (s[0] - 3));
    };
    const RunStats st = integrate_filippov(sys, 0, 3, x, mode, options(kind), obs);
    REQUIRE(st.events.size() == 2);
    CHECK(st.events[0].mode_after == Mode{sliding_mode});
    CHECK(st.events[0].t == doctest::Approx(t_in).epsilon(tol_for(kind)));
    CHECK(st.events[1].mode_after == Mode{region_I});
    // lambda = 0 is a simple root in t; the located time is as good as the state.
    CHECK(st.events[1].t == doctest::Approx(2).epsilon(tol_for(kind)));
    CHECK(mode == Mode{region_I});
    CHECK(x[0] == doctest::Approx(3).epsilon(tol_for(kind)));
    CHECK(x[1] == doctest::Approx(0.5).epsilon(10 * tol_for(kind)));
    REQUIRE(!lambdas.empty());
    for (double d : lambdas) CHECK(std::abs(d) < 1e-12);
  }
}

TEST_CASE("sliding left into region II when lambda reaches 1") {
  // Start on y = 0 at x = 0: f_I = (1, -1), f_II = (1, 1 - x/2): a_II = x/2 - 1 reaches 0 at t = 2 (lambda
  // = 1), then y' = 1 - x/2 below the surface: y = -(t - 2)^2/4.
  const auto sys = flat({1, -1}, {1, 1}, {0, 0}, {0, -0.5});
  for (Scheme kind : kKinds) {
    CAPTURE(to_string(kind));
    Vec x(Eigen::Vector2d(0, 0));
    Mode mode;
    const RunStats st = integrate_filippov(sys, 0, 4, x, mode, options(kind));
    REQUIRE(st.events.size() == 1);
    CHECK(st.events[0].mode_before == Mode{sliding_mode});
    CHECK(st.events[0].mode_after == Mode{region_II});
    CHECK(st.events[0].t == doctest::Approx(2).epsilon(tol_for(kind)));
    CHECK(x[1] == doctest::Approx(-1).epsilon(10 * tol_for(kind)));
  }
}

TEST_CASE("finite-difference directional derivatives (eq. 15-16) reproduce the exact-gradient run") {
  const auto sys = flat({1, -2}, {1, 1}, {0, 1});
  FilippovOptions o = options(Scheme::dopri5);
  Vec xe(Eigen::Vector2d(0, 1)), xf = xe;
  Mode me, mf;
  const RunStats se = integrate_filippov(sys, 0, 3, xe, me, o);
  o.gradient = GradientKind::finite_difference;
  const RunStats sf = integrate_filippov(sys, 0, 3, xf, mf, o);
  REQUIRE(sf.events.size() == se.events.size());
  // h is linear, so the forward difference errs only by rounding: eps |x| / delta ~ 1e-9.
  for (std::size_t i = 0; i < se.events.size(); ++i) CHECK(std::abs(sf.events[i].t - se.events[i].t) < 1e-7);
  CHECK((xf - xe).norm() < 1e-7);
}

namespace {
// A curved surface h = x^2 + y^2 - 1: outside, rotation plus radial contraction r' = -r/2; inside, rotation
// plus expansion. On the circle a_I = a_II = -1: sliding with lambda = 1/2 and the sliding field is the
// pure rotation. From (2, 0): r = 2 exp(-t/2), theta = t, so the circle is reached at t* = 2 ln 2 and then
// (cos t, sin t) holds exactly.
struct Circle final : FilippovSystem {
  std::size_t size() const override { return 2; }
  std::vector<std::string> state_names() const override { return {"x", "y"}; }
  std::size_t num_surfaces() const override { return 1; }
  void surfaces(double, VecCRef x, VecRef h) const override { h[0] = x.squaredNorm() - 1; }
  void surface_gradient(double, VecCRef x, std::size_t, VecRef g) const override { g = 2 * x; }
  void field(double, VecCRef x, VecCRef sigma, VecRef f) const override {
    f[0] = -x[1] - 0.5 * sigma[0] * x[0];
    f[1] = x[0] - 0.5 * sigma[0] * x[1];
  }
};
}  // namespace

TEST_CASE("sliding on a curved surface: exact gradients, projection at entry, circular motion") {
  const Circle sys;
  const double t_star = 2 * std::log(2.0);
  for (Scheme kind : kKinds) {
    CAPTURE(to_string(kind));
    Vec x(Eigen::Vector2d(2, 0));
    Mode mode;
    double max_off = 0;
    auto obs = [&](double t, VecCRef s, const Mode& md) {
      if (md[0] == sliding_mode && t > t_star) max_off = std::max(max_off, std::abs(s.norm() - 1));
    };
    const RunStats st = integrate_filippov(sys, 0, 6, x, mode, options(kind, 1e-3), obs);
    REQUIRE(!st.events.empty());
    CHECK(st.events[0].mode_after == Mode{sliding_mode});
    CHECK(st.events[0].t == doctest::Approx(t_star).epsilon(tol_for(kind)));
    CHECK(mode == Mode{sliding_mode});
    // Off the surface only by the integration error of a curved path (no projection between events).
    CHECK(max_off < 100 * tol_for(kind));
    // The phase error accumulates over ~5 rad of sliding at the scheme's accuracy.
    CHECK(std::abs(x[0] - std::cos(6.0)) < 100 * tol_for(kind));
    CHECK(std::abs(x[1] - std::sin(6.0)) < 100 * tol_for(kind));
  }
}

namespace {
// Two coupled surfaces h_0 = y, h_1 = z, state (x, y, z), field affine in sigma:
//   x' = 1,  (y', z') = a + B sigma,  a = (0.3, -0.4),  B = [[-1, 0.3], [0.2, -1]].
// Each surface alone is attracting for any sigma of the other. Both sliding: B sigma = -a.
struct Coupled final : FilippovSystem {
  std::size_t size() const override { return 3; }
  std::vector<std::string> state_names() const override { return {"x", "y", "z"}; }
  std::size_t num_surfaces() const override { return 2; }
  void surfaces(double, VecCRef x, VecRef h) const override { h << x[1], x[2]; }
  void surface_gradient(double, VecCRef, std::size_t i, VecRef g) const override {
    g.setZero();
    g[static_cast<Eigen::Index>(i) + 1] = 1;
  }
  void field(double, VecCRef, VecCRef sg, VecRef f) const override {
    f[0] = 1;
    f[1] = 0.3 - sg[0] + 0.3 * sg[1];
    f[2] = -0.4 + 0.2 * sg[0] - sg[1];
  }
};
}  // namespace

TEST_CASE("two surfaces: z slides first (sigma_1 = -0.2), y reaches its surface at t = 0.5/0.76, both slide") {
  const Coupled sys;
  const double t_y = 0.5 / 0.76;
  // Both sliding: sigma = B^-1 (-a), by Cramer's rule.
  const double det = 1 - 0.06;
  const double s0 = ((-0.3) * (-1) - 0.3 * 0.4) / det, s1 = ((-1) * 0.4 - 0.2 * (-0.3)) / det;
  for (Scheme kind : kKinds) {
    CAPTURE(to_string(kind));
    Vec x(Eigen::Vector3d(0, 0.5, 0));
    Mode mode;
    const FilippovModel model(sys);
    CHECK(model.initial_mode(0, x) == Mode{region_I, sliding_mode});
    CHECK(model.side_values(0, x, {region_I, sliding_mode})[1] == doctest::Approx(-0.2).epsilon(1e-14));
    const RunStats st = integrate_filippov(sys, 0, 2, x, mode, options(kind));
    REQUIRE(st.events.size() == 1);
    CHECK(st.events[0].t == doctest::Approx(t_y).epsilon(tol_for(kind)));
    CHECK(mode == Mode{sliding_mode, sliding_mode});
    CHECK(std::abs(x[1]) < 1e-14);
    CHECK(std::abs(x[2]) < 1e-14);
    CHECK(x[0] == doctest::Approx(2).epsilon(tol_for(kind)));
    const Vec sigma = model.side_values(2, x, mode);
    CHECK(sigma[0] == doctest::Approx(s0).epsilon(1e-13));
    CHECK(sigma[1] == doctest::Approx(s1).epsilon(1e-13));
  }
}
