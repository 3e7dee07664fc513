// Random polygons on an ellipse (models/polygon/random_polygon.hpp): the corner counts, that every corner lies on an
// ellipse of the requested semi-axes (recovered from the corners alone), the stratified angles, convexity,
// reproducibility for a seed, and refusals of bad specs.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/errors.hpp"
#include "models/polygon/random_polygon.hpp"
#include "tests/input_error.hpp"

using namespace stickslip;

namespace {
// A drawn polygon's corners on the ellipse of semi-axes ab: the ellipse's centre o seen from the centroid (the
// corners are q_k + o on (x/a)^2 + (y/b)^2 = 1: subtracting the equation of corner 0 from those of corners 1, 2 gives
// two linear equations for o) and the corners' parametric angles, in their order.
struct EllipseFit {
  Vec2 o;
  std::vector<double> t;
};
double on_ellipse(const Vec2& v, const Vec2& ab) { return v.x() * v.x() / (ab.x() * ab.x()) + v.y() * v.y() / (ab.y() * ab.y()); }
EllipseFit fit_ellipse(const ConvexPolygon& p, const Vec2& ab) {
  const auto q = p.corners();
  auto f = [&](const Vec2& v) { return Vec2(v.x() / (ab.x() * ab.x()), v.y() / (ab.y() * ab.y())); };
  Eigen::Matrix2d m;
  Vec2 rhs;
  for (int r = 0; r < 2; ++r) {
    m.row(r) = 2 * (f(q[r + 1]) - f(q[0])).transpose();
    rhs[r] = on_ellipse(q[0], ab) - on_ellipse(q[r + 1], ab);
  }
  EllipseFit fit{m.fullPivLu().solve(rhs), {}};
  for (const Vec2& v : q) fit.t.push_back(std::atan2((v + fit.o).y() / ab.y(), (v + fit.o).x() / ab.x()));
  return fit;
}
std::vector<double> parametric_angles(const ConvexPolygon& p, const Vec2& ab) { return fit_ellipse(p, ab).t; }
// The largest gap between consecutive angles (counter-clockwise).
double largest_gap(const std::vector<double>& t) {
  double most = 0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    double gap = t[(k + 1) % t.size()] - t[k];
    if (gap < 0) gap += 2 * M_PI;
    most = std::max(most, gap);
  }
  return most;
}
}  // namespace

TEST_CASE("ellipse semi-axes: eccentricity e and equal-area mean radius") {
  for (double e : {0.0, 0.3, 0.8, 0.99}) {
    const Vec2 ab = ellipse_semi_axes(2.5e-3, e);
    CHECK(ab.x() * ab.y() == doctest::Approx(2.5e-3 * 2.5e-3).epsilon(1e-14));
    CHECK(std::sqrt(1 - ab.y() * ab.y() / (ab.x() * ab.x())) == doctest::Approx(e).epsilon(1e-12));
  }
}

TEST_CASE("random polygons: n in range, corners on the ellipse at stratified angles, convex, seeded") {
  RandomPolygonSpec spec;  // 5..10 corners, 2.5 mm, e = 0.8 (Krengel & Matuttis §5)
  const Vec2 ab = ellipse_semi_axes(spec.mean_radius, spec.eccentricity);
  std::mt19937_64 rng(2024);
  std::array<int, 11> count{};
  double area_sum = 0;
  const int draws = 3000;
  for (int d = 0; d < draws; ++d) {
    const ConvexPolygon p = random_polygon(spec, rng);  // the constructor validates convexity
    const int n = p.size();
    REQUIRE(n >= 5);
    REQUIRE(n <= 10);
    ++count[static_cast<std::size_t>(n)];
    area_sum += p.area();
    const EllipseFit fit = fit_ellipse(p, ab);
    for (const Vec2& v : p.corners()) CHECK(on_ellipse(v + fit.o, ab) == doctest::Approx(1.0).epsilon(1e-9));
    const std::vector<double>& t = fit.t;
    // Parametric angles increase (counter-clockwise) with gaps between 0.2 and 1.8 sectors (jitter 0.8).
    const double sector = 2 * M_PI / n;
    for (int k = 0; k < n; ++k) {
      double gap = t[static_cast<std::size_t>((k + 1) % n)] - t[static_cast<std::size_t>(k)];
      if (gap < 0) gap += 2 * M_PI;
      CHECK(gap >= 0.2 * sector * (1 - 1e-9));
      CHECK(gap <= 1.8 * sector * (1 + 1e-9));
    }
  }
  // n uniform on 5..10: each count within 5 standard deviations of draws/6.
  const double mean = draws / 6.0, sd = std::sqrt(draws * (1 / 6.0) * (5 / 6.0));
  for (int n = 5; n <= 10; ++n) CHECK(std::abs(count[static_cast<std::size_t>(n)] - mean) < 5 * sd);
  // Inscribed polygons: the mean area lies below the ellipse's pi r^2 and above the 5-gon's share of it.
  const double mean_area = area_sum / draws, ellipse = M_PI * spec.mean_radius * spec.mean_radius;
  CHECK(mean_area < ellipse);
  CHECK(mean_area > 0.5 * 5 * std::sin(2 * M_PI / 5) / M_PI * ellipse * 0.9);

  std::mt19937_64 a(7), b(7), c(8);
  const ConvexPolygon pa = random_polygon(spec, a), pb = random_polygon(spec, b), pc = random_polygon(spec, c);
  REQUIRE(pa.size() == pb.size());
  for (int k = 0; k < pa.size(); ++k) CHECK(pa.corners()[k] == pb.corners()[k]);
  CHECK((pa.size() != pc.size() || pa.corners()[0] != pc.corners()[0]));
}

TEST_CASE("random polygon specs are validated") {
  auto msg = [](RandomPolygonSpec s) { return test::input_error_message([&] { check_random_polygon_spec(s); }); };
  RandomPolygonSpec s;
  CHECK(msg(s).empty());
  s.min_corners = 2;
  CHECK(msg(s) == "min_corners=2: an integer in [3, 128]");
  s = {};
  s.max_corners = 4;
  CHECK(msg(s) == "max_corners=4: an integer in [min_corners, 128] = [5, 128]");
  s = {};
  s.eccentricity = 1;
  CHECK(msg(s) == "eccentricity=1: a number in [0, 1)");
  s.eccentricity = -0.1;
  CHECK(msg(s) == "eccentricity=-0.1: a number in [0, 1)");
  s.eccentricity = NAN;
  CHECK(msg(s) == "eccentricity=nan: a number in [0, 1)");
  s = {};
  s.mean_radius = 0;
  CHECK(msg(s) == "mean_radius=0: a finite length > 0 (m)");
  s.mean_radius = INFINITY;
  CHECK(msg(s) == "mean_radius=inf: a finite length > 0 (m)");
}


TEST_CASE("corners=uniform: sorted uniform angles on the ellipse; all within half a turn with probability n/2^(n-1)") {
  for (int n : {5, 7}) {
    RandomPolygonSpec spec;
    spec.min_corners = spec.max_corners = n;
    spec.corners = CornerPlacement::uniform;
    RandomPolygonSpec strat = spec;
    strat.corners = CornerPlacement::stratified;
    const Vec2 ab = ellipse_semi_axes(spec.mean_radius, spec.eccentricity);
    std::mt19937_64 rng(100 + n);
    const int draws = 4000;
    int half = 0, strat_half = 0;
    double cos_sum = 0;
    for (int d = 0; d < draws; ++d) {
      const ConvexPolygon poly = random_polygon(spec, rng);  // the constructor validates convexity
      const EllipseFit fit = fit_ellipse(poly, ab);
      for (const Vec2& v : poly.corners()) CHECK(on_ellipse(v + fit.o, ab) == doctest::Approx(1.0).epsilon(1e-9));
      const std::vector<double>& t = fit.t;
      for (std::size_t k = 0; k + 1 < t.size(); ++k) {  // counter-clockwise, one turn
        double gap = t[k + 1] - t[k];
        if (gap < 0) gap += 2 * M_PI;
        REQUIRE(gap > 0);
      }
      if (largest_gap(t) > M_PI) ++half;
      for (double a : t) cos_sum += std::cos(a);
      if (largest_gap(parametric_angles(random_polygon(strat, rng), ab)) > M_PI) ++strat_half;
    }
    // all n angles within a half turn: n/2^(n-1) for uniform angles (a gap > pi), never for stratified ones (gaps
    // <= 1.8 sectors)
    const double p = n / std::pow(2.0, n - 1), sd = std::sqrt(p * (1 - p) / draws);
    CAPTURE(n);
    CHECK(std::abs(static_cast<double>(half) / draws - p) < 5 * sd);
    CHECK(strat_half == 0);
    CHECK(std::abs(cos_sum) < 5 * std::sqrt(0.5 * draws * n));  // no preferred direction: var(cos) = 1/2 per corner
  }
}

TEST_CASE("eccentricity readings: e = sqrt(1 - b^2/a^2) or the axis ratio b/a") {
  RandomPolygonSpec s;
  s.eccentricity = 0.8;
  CHECK(s.ellipse_eccentricity() == 0.8);
  s.reading = EccentricityReading::axis_ratio;
  CHECK(s.ellipse_eccentricity() == doctest::Approx(0.6));
  const Vec2 ab = ellipse_semi_axes(s.mean_radius, s.ellipse_eccentricity());
  CHECK(ab.y() / ab.x() == doctest::Approx(0.8));
  s.eccentricity = 1;  // a circle
  CHECK(s.ellipse_eccentricity() == 0.0);
  auto msg = [](RandomPolygonSpec r) { return test::input_error_message([&] { check_random_polygon_spec(r); }); };
  CHECK(msg(s).empty());
  s.eccentricity = 0;
  CHECK(msg(s) == "eccentricity=0: an axis ratio b/a in (0, 1] (eccentricity_reading=axis-ratio)");
  s.eccentricity = 1.2;
  CHECK(msg(s) == "eccentricity=1.2: an axis ratio b/a in (0, 1] (eccentricity_reading=axis-ratio)");
}

TEST_CASE("shape statistics: many corners approach the ellipse (aspect a/b, area pi r^2); 5-10 corners average 7.5") {
  for (CornerPlacement placement : {CornerPlacement::stratified, CornerPlacement::uniform})
    for (EccentricityReading reading : {EccentricityReading::eccentricity, EccentricityReading::axis_ratio}) {
      RandomPolygonSpec spec;
      spec.min_corners = spec.max_corners = 128;
      spec.corners = placement;
      spec.reading = reading;
      std::mt19937_64 rng(5);
      std::vector<ConvexPolygon> shapes;
      for (int d = 0; d < 50; ++d) shapes.push_back(random_polygon(spec, rng));
      const ShapeStatistics st = shape_statistics(shapes);
      const Vec2 ab = ellipse_semi_axes(spec.mean_radius, spec.ellipse_eccentricity());
      CAPTURE(static_cast<int>(placement));
      CAPTURE(static_cast<int>(reading));
      // inscribed 128-gons: the area misses about (2 pi/n)^2/6 of the ellipse for even spacing (0.04 %), a few
      // times that for uniform angles (their gaps are exponential: <gap^2> = 2 (2 pi/n)^2)
      CHECK(st.area_mean == doctest::Approx(M_PI * spec.mean_radius * spec.mean_radius).epsilon(3e-3));
      CHECK(st.aspect_mean == doctest::Approx(ab.x() / ab.y()).epsilon(3e-3));
      CHECK(st.corners_mean == 128.0);
      CHECK(st.corners_sd == 0.0);
    }
  // the paper's range: n uniform on 5..10, mean 7.5, sd sqrt(35/12) = 1.708 (within 5 standard errors)
  RandomPolygonSpec spec;
  std::mt19937_64 rng(6);
  std::vector<ConvexPolygon> shapes;
  for (int d = 0; d < 2000; ++d) shapes.push_back(random_polygon(spec, rng));
  const ShapeStatistics st = shape_statistics(shapes);
  CHECK(std::abs(st.corners_mean - 7.5) < 5 * 1.708 / std::sqrt(2000.0));
  CHECK(st.corners_sd == doctest::Approx(1.708).epsilon(0.05));
  // e = 0.8: a/b = 1.667 for the ellipse; an inscribed 5-10-gon is on average about as elongated (measured 1.678,
  // sd 0.24), single ones from about 1.2 to over 2
  CHECK(st.aspect_mean == doctest::Approx(1.0 / 0.6).epsilon(0.05));
  CHECK(st.aspect_sd > 0.1);
  // a regular polygon has aspect 1, a rectangle its side ratio
  const std::array<Vec2, 4> rect{Vec2(0, 0), Vec2(3, 0), Vec2(3, 1), Vec2(0, 1)};
  CHECK(principal_aspect_ratio(ConvexPolygon(std::span<const Vec2>(rect.data(), 4))) == doctest::Approx(3.0));
}
