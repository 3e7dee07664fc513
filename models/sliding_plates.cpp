#include "models/sliding_plates.hpp"

#include <cmath>
#include <stdexcept>

#include "core/errors.hpp"
#include "models/contact/relation_system.hpp"

namespace stickslip {

void PlateParameters::validate() const {
  const auto str = [](double v) { return format_value(v); };
  if (!(m > 0) || !std::isfinite(m)) throw_input("m", str(m), "must be > 0");
  if (!(k > 0) || !std::isfinite(k)) throw_input("k", str(k), "must be > 0");
  if (!(fmax >= 0) || !std::isfinite(fmax)) throw_input("fmax", str(fmax), "must be >= 0");
  if (!(gamma >= 0) || !std::isfinite(gamma)) throw_input("gamma", str(gamma), "must be >= 0");
}

LawValues PlateParameters::law_values() const {
  LawValues v;
  v.set("kt", k, "k", format_value(k)).set("gamma_t", gamma / m, "gamma", format_value(gamma)).set("mu", 1.0, "fmax", "1");
  return v;
}

ContactSystem plates_system(const PlateParameters& p, const std::string& law, Driver d, bool events,
                            const LawValues& extra, const std::string& solver_text) {
  p.validate();
  return make_contact_system(SlidingPlates{p}, law, bind_law_values(extra, p.law_values()),
                             relation_options(d, events, ContactOptions{}.projection, solver_text));
}

std::unique_ptr<ContactModelBase> plates_model(const PlateParameters& p, const std::string& law, Driver d, bool events,
                                               const LawValues& extra) {
  ContactSystem s = plates_system(p, law, d, events, extra);
  if (!s.model) throw std::logic_error("plates_model: " + law + " runs as a Filippov system here");
  return std::move(s.model);
}

}  // namespace stickslip
