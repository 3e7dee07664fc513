// core/root_finding.hpp: the Illinois bracket refinement that the event locator and the exact piecewise solutions
// rest on, against roots known in closed form. What the drivers need from it: the bracket shrinks to the requested
// tolerance around the true root, b stays on the side where the sign has changed (a driver that steps to b is past
// the switching surface), an exact zero ends the search at once, and first_root returns the first of several roots.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "core/root_finding.hpp"

using namespace stickslip;

TEST_CASE("illinois brackets the root of smooth functions to the tolerance, b past the crossing") {
  struct Case {
    const char* what;
    double (*f)(double);
    double a, b, root;
  };
  const Case cases[] = {
      {"x^3 - 2 (rising)", [](double x) { return x * x * x - 2; }, 0, 3, std::cbrt(2.0)},
      {"cos x (falling)", [](double x) { return std::cos(x); }, 0, 3, std::numbers::pi / 2},
      {"exp(x) - 10 (convex, the secant stalls on one side without Illinois)", [](double x) { return std::exp(x) - 10; },
       -5, 10, std::log(10.0)},
      {"(x - 0.3)^3 (a triple root: no slope at the root)", [](double x) { return std::pow(x - 0.3, 3); }, -1, 1, 0.3},
  };
  for (const Case& c : cases) {
    CAPTURE(std::string(c.what));
    for (double tol : {1e-6, 1e-12}) {
      const Bracket br = illinois(c.f, c.a, c.b, c.f(c.a), c.f(c.b), tol);
      CHECK((std::abs(br.b - br.a) <= tol || br.fb == 0));
      CHECK(std::min(br.a, br.b) <= c.root + 1e-15);
      CHECK(std::max(br.a, br.b) >= c.root - 1e-15);
      // The sign pattern is kept: f(a) has the start's sign, f(b) the other (or is 0).
      CHECK((c.f(br.a) < 0) == (c.f(c.a) < 0));
      CHECK((br.fb == 0 || (c.f(br.b) < 0) != (c.f(c.a) < 0)));
      CHECK(br.evaluations < 200);
    }
  }
  // Superlinear on a smooth simple root: far fewer evaluations than bisection's 40 for 1e-12 on [0, 3].
  const Bracket fast = illinois([](double x) { return x * x * x - 2; }, 0, 3, -2, 25, 1e-12);
  CHECK(fast.evaluations < 20);
}

TEST_CASE("illinois stops at an exact zero at either end or inside") {
  const auto f = [](double x) { return x - 0.5; };
  const Bracket at_a = illinois(f, 0.5, 1, 0, 0.5, 1e-12);
  CHECK(at_a.a == 0.5);
  CHECK(at_a.b == 0.5);
  CHECK(at_a.evaluations == 0);
  const Bracket at_b = illinois(f, 0, 0.5, -0.5, 0, 1e-12);
  CHECK(at_b.b == 0.5);
  CHECK(at_b.evaluations == 0);
  // The first secant of a line lands on its root exactly: f(b) = 0 ends the search.
  const Bracket line = illinois(f, 0, 2, -0.5, 1.5, 1e-12);
  CHECK(line.b == 0.5);
  CHECK(line.fb == 0);
  CHECK(line.evaluations == 1);
}

TEST_CASE("first_root finds the first of several roots and NaN where there is none") {
  // sin(x) on (0.5, 10]: roots pi, 2 pi, 3 pi; the first is pi whatever the scan resolution that separates them.
  for (int n : {4, 16, 1000}) {
    CAPTURE(n);
    const double r = first_root([](double x) { return std::sin(x); }, 0.5, 10, n, 1e-13);
    CHECK(r == doctest::Approx(std::numbers::pi).epsilon(1e-12));
  }
  CHECK(std::isnan(first_root([](double x) { return x * x + 1; }, -3, 3, 100, 1e-12)));
  // A double root is not a sign change: first_root does not see it (the switching guard's grazing case).
  CHECK(std::isnan(first_root([](double x) { return (x - 1) * (x - 1); }, -0.1, 3, 7, 1e-12)));
  // A root on a scan point is returned as it is.
  CHECK(first_root([](double x) { return x - 1; }, 0, 4, 4, 1e-12) == 1);
}
