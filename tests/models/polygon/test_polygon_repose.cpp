// The angle of repose of a polygon heap (models/polygon/polygon_repose.hpp) on synthetic triangular piles of random
// polygons with known flank angles: the fitted flanks come back within (a) the bound that the profile's own
// residuals put on a least-squares slope and (b) the resolution of the header, one bounding diameter over the fitted
// flank length; the surface bodies lie on the piles' flanks.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "models/polygon/polygon_repose.hpp"
#include "models/polygon/random_polygon.hpp"
#include "tests/models/polygon/draws.hpp"

using namespace stickslip;

namespace {

struct Pile {
  std::vector<ConvexPolygon> shapes;
  std::vector<int> shape_of;
  std::vector<Vec2> x;
  std::vector<double> theta;
  double r_max = 0;
  PolygonFrame frame() const { return PolygonFrame{shapes, shape_of, x, theta, {}, {}}; }
};

// The surface of the pile: apex (x_p, H), flanks at `left` and `right` degrees, floor y = 0.
double surface(double x, double x_p, double height, double left, double right) {
  return x < x_p ? height - std::tan(left * M_PI / 180) * (x_p - x) : height - std::tan(right * M_PI / 180) * (x - x_p);
}

// Random polygons on a jittered square lattice of pitch 2 R_max + gap, each kept where its bounding circle lies
// wholly under both flank lines and above the floor: a pile whose top corners follow the flanks from below.
Pile make_pile(std::mt19937_64& rng, const RandomPolygonSpec& spec, double x_p, double height, double left, double right) {
  Pile p;
  std::vector<ConvexPolygon> drawn;
  const double half_base = height / std::tan(std::min(left, right) * M_PI / 180);
  const double pitch_guess = 4 * ellipse_semi_axes(spec.mean_radius, spec.eccentricity).x();
  const std::size_t guess = static_cast<std::size_t>(2 * half_base * height / (pitch_guess * pitch_guess) * 2) + 100;
  for (std::size_t k = 0; k < guess; ++k) {
    drawn.push_back(random_polygon(spec, rng));
    p.r_max = std::max(p.r_max, drawn.back().bounding_radius());
  }
  const double gap = 0.1 * spec.mean_radius, pitch = 2 * p.r_max + gap;
  std::size_t next = 0;
  for (double y = p.r_max; y < height; y += pitch)
    for (double x = x_p - half_base; x < x_p + half_base; x += pitch) {
      const ConvexPolygon& s = drawn[next % drawn.size()];
      const double a = 0.9 * (0.5 * pitch - s.bounding_radius()) * std::sqrt(test::uniform(rng, 0, 1));
      const double phi = test::uniform(rng, 0, 2 * M_PI);
      const Vec2 c(x + a * std::cos(phi), y + a * std::sin(phi));
      // under both flank lines (the surface is the lower of the two): distance to each line >= the radius
      const double tl = std::tan(left * M_PI / 180), tr = std::tan(right * M_PI / 180);
      const double r = s.bounding_radius();
      if (c.y() + r * std::hypot(1.0, tl) > height - tl * (x_p - c.x()) ||
          c.y() + r * std::hypot(1.0, tr) > height - tr * (c.x() - x_p))
        continue;
      p.shapes.push_back(s);
      p.shape_of.push_back(static_cast<int>(p.x.size()));
      p.x.push_back(c);
      p.theta.push_back(test::uniform(rng, 0, 2 * M_PI));
      ++next;
    }
  return p;
}

// The largest change of a least-squares slope through the fitted bins that residuals of spread w about the exact
// line can make: w/2 sum |x_k - mean| / sum (x_k - mean)^2.
double slope_bound(const ReposeFit& f, const FlankFit& flank, double slope) {
  std::vector<double> x, r;
  const double lo = 0.2 * f.peak_height, hi = 0.8 * f.peak_height;
  for (std::size_t k = 0; k < f.profile.x.size(); ++k) {
    const double xk = f.profile.x[k], hk = f.profile.height[k];
    if (xk < flank.x_from || xk > flank.x_to || hk < lo || hk > hi) continue;
    x.push_back(xk);
    r.push_back(hk - slope * xk);
  }
  REQUIRE(x.size() == flank.bins);
  double mean = 0;
  for (double v : x) mean += v / static_cast<double>(x.size());
  double s1 = 0, s2 = 0;
  for (double v : x) s1 += std::abs(v - mean), s2 += (v - mean) * (v - mean);
  const auto [rmin, rmax] = std::minmax_element(r.begin(), r.end());
  return 0.5 * (*rmax - *rmin) * s1 / s2;
}

}  // namespace

TEST_CASE("polygon repose angle: synthetic piles of random polygons at known angles (seeded draws)") {
  std::mt19937_64 rng(3);
  for (auto [left, right] : {std::pair{30.0, 30.0}, std::pair{25.0, 35.0}, std::pair{20.0, 40.0}}) {
    CAPTURE(left);
    CAPTURE(right);
    RandomPolygonSpec spec;  // Krengel & Matuttis' polygons: 5-10 corners, 2.5 mm, e = 0.8
    spec.eccentricity = test::uniform(rng, 0.0, 0.85);
    const double height = 0.2, x_p = test::uniform(rng, -0.05, 0.05);
    const Pile pile = make_pile(rng, spec, x_p, height, left, right);
    const double d = 2 * pile.r_max;
    const ReposeFit f = fit_polygon_repose_angle(pile.frame(), -1, 1, d, 1.5 * d);
    CAPTURE(pile.x.size());
    CHECK(f.peak_height <= height);
    CHECK(f.peak_height > height - 2 * d);
    REQUIRE(f.left.bins >= 10);
    REQUIRE(f.right.bins >= 10);
    CHECK(f.left.slope > 0);
    CHECK(f.right.slope < 0);
    const double sl = std::tan(left * M_PI / 180), sr = -std::tan(right * M_PI / 180);
    // (a) the residual bound (atan is 1-Lipschitz: the angle moves by at most the slope's change, in rad)
    const double bound_l = slope_bound(f, f.left, sl), bound_r = slope_bound(f, f.right, sr);
    CHECK(std::abs(f.left.slope - sl) <= bound_l * (1 + 1e-12));
    CHECK(std::abs(f.right.slope - sr) <= bound_r * (1 + 1e-12));
    // (b) the header's resolution: one bounding diameter over the fitted flank length
    const double res_l = d / (f.left.x_to - f.left.x_from) * 180 / M_PI;
    const double res_r = d / (f.right.x_to - f.right.x_from) * 180 / M_PI;
    CHECK(std::abs(f.left.angle_deg - left) < res_l);
    CHECK(std::abs(f.right.angle_deg - right) < res_r);
    CHECK(res_l < 3.5);  // the pile is large enough for the check to mean something
    CHECK(res_r < 3.5);
    MESSAGE("flanks " << left << "/" << right << " deg: fitted " << f.left.angle_deg << "/" << f.right.angle_deg
                      << " (resolution " << res_l << "/" << res_r << " deg, residual bound "
                      << bound_l * 180 / M_PI << "/" << bound_r * 180 / M_PI << " deg), " << pile.x.size()
                      << " polygons");
    // The surface bodies: each once, its highest corner under the pile's surface.
    REQUIRE(!f.surface.empty());
    std::vector<std::size_t> sorted = f.surface;
    std::sort(sorted.begin(), sorted.end());
    CHECK(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
    std::vector<Vec2> c(kMaxPolygonCorners);
    for (std::size_t i : f.surface) {
      const int n = pile.frame().world_corners(i, c);
      const Vec2 top = *std::max_element(c.begin(), c.begin() + n, [](const Vec2& a, const Vec2& b) { return a.y() < b.y(); });
      CHECK(top.y() <= surface(top.x(), x_p, height, left, right));
    }
  }
}
