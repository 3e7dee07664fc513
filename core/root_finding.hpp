// core/root_finding.hpp — bracketed scalar root finding (Illinois variant of regula falsi).
//
// Used by the event locator (on dense output or by re-stepping) and by the exact piecewise solutions.
// Given f(a) and f(b) of opposite sign (or f(b) == 0) it shrinks [a, b] until b - a <= tol, keeping the
// sign pattern, and returns the bracket; `b` is always the side where the sign has already changed, so a
// driver that steps to `b` is guaranteed to be past the switching surface.
#pragma once

#include <cmath>
#include <functional>
#include <stdexcept>

namespace stickslip {

struct Bracket {
  double a, b;    // f(a) has the sign of the start, f(b) the sign after the crossing (or is 0)
  double fa, fb;
  int evaluations = 0;
};

template <class F>
Bracket illinois(F&& f, double a, double b, double fa, double fb, double tol, int max_iter = 200) {
  Bracket br{a, b, fa, fb, 0};
  if (fa == 0) return {a, a, fa, fa, 0};
  int side = 0;
  for (int it = 0; it < max_iter && std::abs(br.b - br.a) > tol && br.fb != 0; ++it) {
    double c = (br.a * br.fb - br.b * br.fa) / (br.fb - br.fa);
    // Keep strictly inside; fall back to bisection if the secant degenerates.
    const double lo = std::min(br.a, br.b), hi = std::max(br.a, br.b);
    if (!(c > lo && c < hi)) c = 0.5 * (br.a + br.b);
    const double fc = f(c);
    ++br.evaluations;
    if ((fc < 0) == (br.fa < 0) && fc != 0) {
      br.a = c;
      br.fa = fc;
      if (side == -1) br.fb *= 0.5;
      side = -1;
    } else {
      br.b = c;
      br.fb = fc;
      if (side == +1) br.fa *= 0.5;
      side = +1;
    }
  }
  return br;
}

// The first root of f on (a, b], scanning n equal sub-intervals for a sign change and refining the first
// one to tol. Returns NaN if f keeps its sign at all scan points.
template <class F>
double first_root(F&& f, double a, double b, int n, double tol) {
  double ta = a, fa = f(a);
  for (int i = 1; i <= n; ++i) {
    const double tb = a + (b - a) * i / n;
    const double fb = f(tb);
    if (fb == 0) return tb;
    if ((fa < 0) != (fb < 0) && fa != 0) {
      // Bisection-safe refinement; the true sign pattern of the scan point is kept.
      const Bracket br = illinois(f, ta, tb, fa, fb, tol);
      return br.b;
    }
    ta = tb;
    fa = fb;
  }
  return std::nan("");
}

}  // namespace stickslip
