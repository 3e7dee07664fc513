// models/contact/registry.cpp — names, form rules, parameter declarations and the catalog of the law registry
// (registry.hpp).
#include "models/contact/registry.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"

namespace stickslip {

namespace {
bool in_param_range(const Param& p, double x) {
  const bool below = p.lo_open ? !(x > p.lo) : !(x >= p.lo);
  const bool above = p.hi_open ? !(x < p.hi) : !(x <= p.hi);
  return !below && !above && std::isfinite(x);
}

// "must be >= 0", "must lie in [0, 1)".
std::string param_range_text(const Param& p) {
  if (std::isinf(p.hi)) return fmt::format("must be {} {}", p.lo_open ? ">" : ">=", format_value(p.lo));
  return fmt::format("must lie in {}{}, {}{}", p.lo_open ? "(" : "[", format_value(p.lo), format_value(p.hi),
                     p.hi_open ? ")" : "]");
}

// The widest range of a parameter that several laws declare (each law checks its own when it is built).
Param widest(Param a, const Param& b) {
  if (b.lo < a.lo || (b.lo == a.lo && !b.lo_open)) a.lo = b.lo, a.lo_open = b.lo_open;
  if (b.hi > a.hi || (b.hi == a.hi && !b.hi_open)) a.hi = b.hi, a.hi_open = b.hi_open;
  return a;
}
}  // namespace

double law_parameter(const Param& p, const LawValues& values, const std::string& law) {
  const LawValues::Value* v = values.find(p.name);
  const double x = v ? v->value : p.fallback;
  // A value a relation derived from the user's finite keys that overflowed (slope-drift size=1e308: the block's mass
  // is inf and gamma_t per mass NaN) is no bad input: it is passed on, and the run fails with the driver's non-finite
  // state (exit 3, as every other overflow of a run).
  if (v && !v->key.empty() && v->key != p.name && !std::isfinite(x)) return x;
  if (!in_param_range(p, x)) {
    const std::string key = v && !v->key.empty() ? v->key : p.name;
    const std::string text = v && !v->text.empty() ? v->text : format_value(x);
    std::string allowed = param_range_text(p) + fmt::format(" for {}={}", values.law_key, law);
    std::vector<std::string> notes;
    if (*p.why) notes.emplace_back(p.why);
    if (key != p.name) notes.push_back(fmt::format("the law's {} = {}", p.name, format_value(x)));
    if (!notes.empty()) allowed += " (" + join(notes, "; ") + ")";
    throw_input(key, text, allowed);
  }
  return x;
}

std::string parameter_summary(const Param* params, std::size_t count) {
  std::vector<std::string> items;
  for (std::size_t i = 0; i < count; ++i) {
    const Param& p = params[i];
    const std::string range = param_range_text(p);
    const std::string unit = std::string(p.unit) == "1" ? "" : std::string(" ") + p.unit;
    items.push_back(fmt::format("{} = {}{} ({})", p.name, format_value(p.fallback), unit,
                                range.substr(range.find(' ', range.find(' ') + 1) + 1)));
  }
  return items.empty() ? "none" : join(items);
}

std::string form_list(unsigned forms) {
  static const std::pair<unsigned, const char*> names[] = {
      {form_increment, "increment"}, {form_rate, "rate"},       {form_slip_force, "slip force"},
      {form_reset, "reset"},         {form_hybrid, "hybrid"},   {form_hybrid_rule, "hybrid rule"},
      {form_dae, "DAE"},             {form_dae_ode, "DAE (ODE-consistent)"}, {form_filippov, "Filippov"},
      {form_jumps, "jump (no IDA)"}, {form_modes, "modes"}, {form_lookahead, "look-ahead"}};
  std::vector<std::string> out;
  for (const auto& [bit, n] : names)
    if (forms & bit) out.emplace_back(n);
  return out.empty() ? "none" : join(out);
}

const char* to_string(Driver d) {
  switch (d) {
    case Driver::fixed: return "euler..rk4";
    case Driver::dopri5: return "dopri5";
    case Driver::cvode: return "cvode";
    case Driver::ida: return "ida";
    case Driver::filippov: return "filippov";
    case Driver::verlet: return "verlet";
    case Driver::trapezoid: return "trapezoid";
    case Driver::engine_ode: return "engine-ode";
    case Driver::lammps: return "lammps";
    default: return "em/sde-heun";
  }
}

bool runs(unsigned f, Driver d) {
  switch (d) {
    case Driver::fixed:
      return f & (form_reset | form_hybrid | form_hybrid_rule | form_rate | form_slip_force | form_dae_ode | form_lookahead);
    case Driver::dopri5:
    case Driver::cvode: return f & (form_hybrid | form_rate | form_slip_force | form_dae_ode);
    case Driver::ida:  // IDA's Newton iteration needs a smooth residual: a rate or slip force that jumps is refused
      return (f & (form_dae | form_dae_ode | form_hybrid)) || ((f & (form_rate | form_slip_force)) && !(f & form_jumps));
    case Driver::filippov: return f & form_filippov;
    case Driver::verlet: return f & form_increment;
    case Driver::trapezoid:
    case Driver::lammps: return (f & form_increment) && !(f & form_exact_static);
    case Driver::engine_ode:  // EngineModel runs the modes, or takes the rate from one increment
                              // (models/particles/engine_model.hpp)
      return (f & form_modes) || ((f & form_increment) && !(f & form_exact_static) && (f & (form_rate | form_slip_force)));
    default: return f & form_slip_force;
  }
}

const std::vector<Driver>& drivers_of(RelationKind kind) {
  static const std::vector<Driver> one_d{Driver::fixed, Driver::dopri5, Driver::cvode, Driver::ida, Driver::filippov};
  static const std::vector<Driver> particles{Driver::verlet, Driver::trapezoid, Driver::engine_ode, Driver::lammps};
  static const std::vector<Driver> pair{Driver::sde};
  return kind == RelationKind::one_d ? one_d : kind == RelationKind::particles ? particles : pair;
}

std::vector<std::string> law_names() {
  std::vector<std::string> n;
  for_each_law([&](const auto& e) { n.emplace_back(e.name); });
  return n;
}

unsigned law_forms(const std::string& key, const std::string& name, RelationKind kind) {
  return with_law(key, name, [&](const auto& e) { return entry_forms(e, kind); });
}

std::vector<std::string> laws_running(RelationKind kind, const std::vector<Driver>& drivers) {
  std::vector<std::string> n;
  for_each_law([&](const auto& e) {
    const unsigned f = entry_forms(e, kind);
    if (std::any_of(drivers.begin(), drivers.end(), [&](Driver d) { return runs(f, d); })) n.emplace_back(e.name);
  });
  return n;
}

std::string refusal(const std::string& name, RelationKind kind, Driver d) {
  return refusal_of_forms(name, law_forms("friction", name, kind), kind, d);
}

std::string refusal_of_forms(const std::string& name, unsigned f, RelationKind kind, Driver d) {
  if (runs(f, d)) return "";
  std::vector<std::string> ok;
  for (Driver o : drivers_of(kind))
    if (runs(f, o)) ok.emplace_back(to_string(o));
  return fmt::format("{} has no form that {} runs (its forms here: {}){}", name, to_string(d), form_list(f),
                     ok.empty() ? std::string("; no driver runs it on this relation")
                                : "; drivers that run it: " + join(ok));
}

std::vector<Param> law_parameter_list(const std::string& key, const std::string& name) {
  return with_law(key, name, [](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    return std::vector<Param>(L::parameters.begin(), L::parameters.end());
  });
}

void declare_law_parameters(Parameters& p, const std::vector<std::string>& laws, const std::vector<std::string>& bound) {
  std::vector<std::pair<Param, std::vector<std::string>>> params;  // each name once, with the laws that use it
  for (const std::string& law : laws)
    for (const Param& q : law_parameter_list("friction", law)) {
      if (std::find(bound.begin(), bound.end(), q.name) != bound.end()) continue;
      auto it = std::find_if(params.begin(), params.end(), [&](const auto& x) { return std::string(x.first.name) == q.name; });
      if (it == params.end()) params.push_back({q, {law}});
      else it->first = widest(it->first, q), it->second.push_back(law);
    }
  for (const auto& [q, users] : params) {
    if (p.has(q.name)) continue;
    p.declare(q.name, format_value(q.fallback), fmt::format("{} [{}] (of {})", q.help, q.unit, join(users)));
    // Checked when set, whichever law the study runs: a number in the (widest) range of the laws that declare it.
    p.accepts(q.name, [q = q, users = join(users)](const std::string& key, const std::string& value) {
      if (!in_param_range(q, parse_real(key, value)))
        throw_input(key, value, fmt::format("{} (a parameter of {})", param_range_text(q), users));
    });
  }
}

namespace {
LawValues read_law_values(const Parameters& p, const std::string& name, LawValues bound, const std::string& law_key,
                          bool check_range) {
  bound.law_key = law_key;
  for (const Param& q : law_parameter_list(law_key, name)) {
    if (bound.has(q.name) || !p.has(q.name)) continue;
    bound.set(q.name, p.real(q.name), q.name, p.raw(q.name));
    if (check_range) (void)law_parameter(q, bound, name);  // the law's own range, when the study reads it (before any run)
  }
  return bound;
}
}  // namespace

LawValues law_values(const Parameters& p, const std::string& name, LawValues bound, const std::string& law_key) {
  return read_law_values(p, name, std::move(bound), law_key, true);
}

LawValues all_law_values(const Parameters& p, const std::vector<std::string>& laws, const std::string& law_key,
                         const std::vector<std::string>& bound) {
  LawValues all, skip;
  all.law_key = law_key;
  for (const std::string& b : bound) skip.set(b, 0);
  for (const std::string& law : laws) {
    const LawValues own = read_law_values(p, law, skip, law_key, false);  // each set value is in its widest range
    for (const auto& [name, v] : own.values())
      if (!skip.has(name)) all.set(name, v.value, v.key, v.text);
  }
  return all;
}

bool is_constant_coulomb(const std::string& name, const LawValues& values, double* mu) {
  return with_law("friction", name, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    if constexpr (SetValuedLaw<L>) {
      const L law = make_law<L>(values);
      const double threshold = law.static_threshold(1.0);
      for (double u : {1e-9, 1e-3, 1.0, 1e3, 1e9})
        if (law.sliding_force(u, 1.0) != threshold) return false;
      if (mu) *mu = threshold;
      return true;
    } else {
      return false;
    }
  });
}

bool coulomb_is_the_reference(const std::string& name, const LawValues& values) {
  if (is_constant_coulomb(name, values)) return true;
  return with_law("friction", name, [](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    if constexpr (requires { L::computes_coulomb; }) return L::computes_coulomb;
    else return false;
  });
}

bool is_linear_friction(const std::string& name, const LawValues& values) {
  return with_law("friction", name, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    const L law = make_law<L>(values);
    if (law.static_threshold(1.0) != 0) return false;
    const double slope = law.sliding_force(1.0, 1.0);
    if (!(slope > 0)) return false;
    for (double u : {1e-6, 1e-3, 1e3, 1e6})
      if (!(std::abs(law.sliding_force(u, 1.0) / u - slope) <= 1e-12 * slope)) return false;
    return true;
  });
}

bool is_frictionless(const std::string& name) {
  return with_law("friction", name, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    const L law = make_law<L>(LawValues{});
    if (law.static_threshold(1.0) != 0) return false;
    for (double u : {1e-9, 1e-3, 1.0, 1e3, 1e9})
      if (law.sliding_force(u, 1.0) != 0) return false;
    return true;
  });
}

bool law_declares(const std::string& name, const std::string& parameter) {
  const std::vector<Param> ps = law_parameter_list("friction", name);
  return std::any_of(ps.begin(), ps.end(), [&](const Param& p) { return parameter == p.name; });
}

bool has_stick_spring(const std::string& name) {
  return with_law("friction", name, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    return requires(const L& l, const ContactKinematics& c) { l.stiffness(c); } ||
           requires(const L& l, const Slip1& c) { l.stiffness(c); };
  });
}

bool law_creates_no_energy(const std::string& name) {
  return with_law("friction", name, [](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    return requires { requires L::creates_no_energy; };
  });
}

bool spring_relaxes_by_dashpot(const std::string& name) {
  return with_law("friction", name, [](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    return requires { requires L::spring_relaxes_by_dashpot; };
  });
}

std::vector<std::string> sibling_entries(const std::string& name) {
  std::vector<std::string> names;
  with_law("friction", name, [&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    for_each_law([&](const auto& other) {
      using O = typename std::decay_t<decltype(other)>::Law;
      if constexpr (std::is_same_v<L, O>)
        if (std::string(other.name) != name) names.emplace_back(other.name);
    });
  });
  return names;
}

std::string law_catalog() {
  std::string s = "friction laws (forms on 1-D relations | on particle contacts):\n";
  for_each_law([&](const auto& e) {
    using L = typename std::decay_t<decltype(e)>::Law;
    s += fmt::format("  {} — {}\n      forms: {} | {}\n      parameters: {}\n", e.name, e.summary,
                     form_list(entry_forms(e, RelationKind::one_d)), form_list(entry_forms(e, RelationKind::particles)),
                     parameter_summary(L::parameters.data(), L::parameters.size()));
  });
  struct Row {
    const char* relation;
    RelationKind kind;
  };
  const Row rows[] = {{"sliding-plates, incline-block, friction-oscillator (1-D contact; friction-oscillator is the relation "
                       "of the dry-friction-oscillator and belt-oscillator models)",
                       RelationKind::one_d},
                      {"sphere and disc pairs, walls (particle engine, LAMMPS)", RelationKind::particles},
                      {"stochastic pair (Markovian friction)", RelationKind::stochastic_pair}};
  s += "law x relation x driver (generated from the forms; + runs, . no form for this driver):\n";
  for (const Row& r : rows) {
    const auto& ds = drivers_of(r.kind);
    s += fmt::format("  {}\n    {:<18}", r.relation, "");
    for (Driver d : ds) s += fmt::format(" {:>11}", to_string(d));
    s += "\n";
    for_each_law([&](const auto& e) {
      const unsigned f = entry_forms(e, r.kind);
      s += fmt::format("    {:<18}", e.name);
      for (Driver d : ds) s += fmt::format(" {:>11}", runs(f, d) ? "+" : ".");
      s += "\n";
    });
  }
  return s;
}

}  // namespace stickslip
