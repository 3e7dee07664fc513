#include "models/incline_block.hpp"

#include <cmath>

#include "core/errors.hpp"
#include "models/contact/relation_system.hpp"

namespace stickslip {

void BlockParameters::validate() const {
  const auto str = [](double v) { return std::to_string(v); };
  if (!(size > 0) || !std::isfinite(size)) throw_input("size", str(size), "must be > 0");
  if (!(alpha >= 0 && alpha < 1.5707963267948966)) throw_input("angle_deg", str(alpha * 57.29577951308232), "must lie in [0, 90)");
  if (!(g > 0) || !std::isfinite(g)) throw_input("g", str(g), "must be > 0");
  if (!(rho > 0) || !std::isfinite(rho)) throw_input("rho", str(rho), "must be > 0");
  if (!(young > 0) || !std::isfinite(young)) throw_input("Y", str(young), "must be > 0");
  if (!(mu >= 0) || !std::isfinite(mu)) throw_input("mu", str(mu), "must be >= 0");
  if (!(normal_damping >= 0) || !std::isfinite(normal_damping)) throw_input("gamma", str(normal_damping), "must be >= 0");
}

double BlockParameters::normal_force(double y, double w) const {
  struct Overlap {
    double h, hdot, m_star;
  };
  double energy;
  return normal_law().force(Overlap{-y, -w, mass()}, energy);
}

LawValues BlockParameters::law_values() const {
  LawValues v;
  v.set("kt", kt(), "Y", format_value(young))
      .set("gamma_t", gamma_t() / mass(), "damping", damping ? "on" : "off")
      .set("mu", mu, "mu", format_value(mu));
  return v;
}

ContactSystem block_system(const BlockParameters& p, const std::string& law, Driver d, bool events, bool projection,
                           const LawValues& extra, const std::string& solver_text) {
  p.validate();
  return make_contact_system(InclineBlock{p}, law, bind_law_values(extra, p.law_values()),
                             relation_options(d, events, projection, solver_text));
}

}  // namespace stickslip
