// models/polygon/polygon_frame.cpp — see polygon_frame.hpp.
#include "models/polygon/polygon_frame.hpp"

#include <cmath>

#include "core/errors.hpp"

namespace stickslip {

void check_polygon_frame(const PolygonFrame& f, const std::string& key) {
  const std::size_t n = f.size();
  auto count = [&](const char* what, std::size_t got, bool may_be_empty) {
    if (got != n && !(may_be_empty && got == 0))
      throw_input(key, std::string(what) + " of " + std::to_string(got) + " bodies",
                  "one entry per body (" + std::to_string(n) + ")" + (may_be_empty ? " or none" : ""));
  };
  count("shape_of", f.shape_of.size(), false);
  count("theta", f.theta.size(), false);
  count("v", f.v.size(), true);
  count("omega", f.omega.size(), true);
  for (std::size_t i = 0; i < n; ++i)
    if (f.shape_of[i] < 0 || static_cast<std::size_t>(f.shape_of[i]) >= f.shapes.size())
      throw_input(key, "shape_of[" + std::to_string(i) + "]=" + std::to_string(f.shape_of[i]),
                  "a shape index in [0, " + std::to_string(f.shapes.size()) + ")");
}

long first_non_finite_body(const PolygonFrame& f) {
  for (std::size_t i = 0; i < f.size(); ++i) {
    const Vec2 v = f.velocity(i);
    if (!(std::isfinite(f.x[i].x()) && std::isfinite(f.x[i].y()) && std::isfinite(f.theta[i]) && std::isfinite(v.x()) &&
          std::isfinite(v.y()) && std::isfinite(f.spin(i))))
      return static_cast<long>(i);
  }
  return -1;
}

}  // namespace stickslip
