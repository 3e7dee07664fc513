#include "solvers/integrator_spec.hpp"

#include <algorithm>

#include "core/did_you_mean.hpp"
#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

namespace {
bool is_order(const std::string& s) { return !s.empty() && s.size() <= 2 && std::all_of(s.begin(), s.end(), ::isdigit); }
}  // namespace

const std::vector<SchemeInfo>& integrator_scheme_info() {
  static const std::vector<SchemeInfo> s{
      {Scheme::euler, "explicit Euler, 1st order, fixed step dt (odeint)", 1},
      {Scheme::midpoint, "explicit midpoint, 2nd order, fixed step dt (odeint explicit_generic_rk)", 2},
      {Scheme::heun, "Heun / explicit trapezoid, 2nd order, fixed step dt (odeint explicit_generic_rk)", 2},
      {Scheme::rk4, "classical Runge-Kutta, 4th order, fixed step dt (odeint)", 4},
      {Scheme::dopri5, "Dormand-Prince 5(4), adaptive with dense output, rtol/atol (odeint)"},
      {Scheme::cvode, "SUNDIALS CVODE, cvode:bdf (default) or cvode:adams, :ORDER the largest order, rtol/atol"},
      {Scheme::ida, "SUNDIALS IDA, BDF order 1..5 (ida:ORDER) on the implicit residual: the DAE forms, rtol/atol"},
      {Scheme::bdf, "SUNDIALS' BDF, bdf:ORDER the largest order (1..5): IDA where the contact's law has a DAE form, CVODE "
              "otherwise (Krengel & Matuttis' BDF2 and BDF5 are bdf:2, bdf:5)"},
      {Scheme::gear, "Gear's predictor-corrector: the BDF of order gear:ORDER (1..5, default 5) at the fixed step dt in "
               "Nordsieck form, one evaluation and one correction per step (Matuttis & Chen; Krengel & Matuttis' BDF2 and BDF5 as they "
               "integrate them: gear:2, gear:5)"},
      {Scheme::trapezoid, "generalized trapezoidal rule, its fixed point iterated by Jacobi sweeps over all particles at once "
                    "(Campello, Algorithm 1, whose Remark 5 sweeps particle by particle, Gauss-Seidel: the same fixed "
                    "point; spheres and the particle engine)"},
      {Scheme::verlet, "velocity Verlet of the particle engine, fixed step (container, heap, granular-gas)"},
      {Scheme::moreau, "Moreau-Jean time-stepping: theta-method on velocities, the contact impulses of each step from a box "
                 "LCP, exact sticking without event location, 1st order, fixed step dt (systems of several contacts)"},
      {Scheme::em, "Euler-Maruyama for the stochastic friction SDE (Ito; weak order 1: measured 1.15, 95 % CI 0.93 .. 1.38, "
             "on the stochastic-friction ratio)"},
      {Scheme::sde_heun, "stochastic Heun for the stochastic friction SDE (Stratonovich; weak order 1 in general, 2 for additive "
                   "noise as the linear law's: measured 2.37, 95 % CI 1.37 .. 3.37 from 3 points, on the stochastic-friction "
                   "ratio)"},
  };
  return s;
}

const std::vector<std::string>& integrator_schemes() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const SchemeInfo& i : integrator_scheme_info()) n.push_back(i.name());
    return n;
  }();
  return names;
}

std::string integrator_grammar() {
  return "allowed: [filippov:]SCHEME[:bdf|:adams][:ORDER] with SCHEME one of " + join(integrator_schemes()) +
         " (e.g. rk4, cvode:bdf, cvode:adams:8, ida:5, bdf:2, filippov:dopri5)";
}

int IntegratorSpec::order() const {
  for (const SchemeInfo& i : integrator_scheme_info())
    if (i.scheme == scheme) return i.order;
  return 0;
}

std::string IntegratorSpec::text() const {
  std::string t = (filippov ? "filippov:" : "") + name();
  if (scheme == Scheme::cvode) t += adams ? ":adams" : ":bdf";
  if (max_order > 0) t.append(":").append(std::to_string(max_order));  // not ":" + ...: GCC 12 warns falsely (-Wrestrict)
  return t;
}

SolverOptions IntegratorSpec::options(const std::string& key, SolverOptions base) const {
  if (scheme == Scheme::bdf)
    throw_input(key, text(), "bdf picks IDA or CVODE from the law's forms: a contact run resolves it (solvers/contact_run)");
  const auto k = kind();
  if (!k) throw_input(key, text(), "not a general ODE/DAE driver here; allowed: " + join(solver_names()));
  base.kind = *k;
  if (variant_given) base.adams = adams;
  if (max_order > 0) base.max_order = max_order;
  return base;
}

std::string IntegratorSpec::label() const {
  if ((scheme == Scheme::bdf || scheme == Scheme::gear) && max_order > 0 && !filippov)
    return name() + std::to_string(max_order);
  if (filippov) {
    IntegratorSpec plain = *this;
    plain.filippov = false;
    return "filippov-" + plain.label();
  }
  return text();
}

std::string spec_text_of_label(const std::string& text) {
  if (text.rfind("filippov-", 0) == 0) return "filippov:" + spec_text_of_label(text.substr(9));
  if (text.size() > 3 && text.rfind("bdf", 0) == 0 && is_order(text.substr(3))) return "bdf:" + text.substr(3);
  if (text.size() > 4 && text.rfind("gear", 0) == 0 && is_order(text.substr(4))) return "gear:" + text.substr(4);
  return text;
}

IntegratorSpec parse_integrator(const std::string& key, const std::string& given) {
  const std::string text = spec_text_of_label(given);
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t colon = text.find(':', start);
    parts.push_back(text.substr(start, colon - start));
    if (colon == std::string::npos) break;
    start = colon + 1;
  }
  IntegratorSpec s;
  std::size_t i = 0;
  if (parts.size() > 1 && parts[0] == "filippov") s.filippov = true, ++i;
  const auto& schemes = integrator_schemes();
  const auto known = i < parts.size() ? std::find(schemes.begin(), schemes.end(), parts[i]) : schemes.end();
  if (known == schemes.end())
    throw_input(key, given, integrator_grammar() + (i < parts.size() ? did_you_mean(parts[i], schemes) : std::string()));
  s.scheme = integrator_scheme_info()[static_cast<std::size_t>(known - schemes.begin())].scheme;
  ++i;
  if (s.stochastic() || s.scheme == Scheme::verlet || s.scheme == Scheme::trapezoid || s.scheme == Scheme::moreau)
    if (s.filippov) throw_input(key, given, "filippov: takes an ODE scheme (euler, midpoint, heun, rk4, dopri5, cvode)");
  if (i < parts.size() && s.scheme == Scheme::cvode && (parts[i] == "bdf" || parts[i] == "adams")) {
    s.adams = parts[i++] == "adams";
    s.variant_given = true;
  }
  if (i < parts.size() &&
      (s.scheme == Scheme::cvode || s.scheme == Scheme::ida || s.scheme == Scheme::bdf || s.scheme == Scheme::gear) &&
      is_order(parts[i])) {
    s.max_order = std::stoi(parts[i++]);
    const int hi = s.adams ? 12 : 5;
    if (s.max_order < 1 || s.max_order > hi)
      throw_input(key, given, "the order of " + std::string(s.adams ? "adams" : s.scheme == Scheme::gear ? "gear" : "bdf") +
                                  " lies in 1.." + std::to_string(hi));
  }
  if (i != parts.size()) throw_input(key, given, integrator_grammar());
  return s;
}

IntegratorSpec parse_integrator_among(const std::string& key, const std::string& text,
                                      const std::vector<std::string>& schemes, bool plain) {
  const std::string spec = spec_text_of_label(text);
  std::string scheme = spec.rfind("filippov:", 0) == 0 ? spec.substr(9) : spec;
  scheme = scheme.substr(0, scheme.find(':'));
  if (std::find(schemes.begin(), schemes.end(), scheme) == schemes.end())
    throw_input(key, text, "'" + scheme + "' is not allowed; allowed: " + join(schemes) + did_you_mean(scheme, schemes));
  const IntegratorSpec s = parse_integrator(key, text);
  if (
      (plain && (s.filippov || s.variant_given || s.max_order > 0)))
    throw_input(key, text, "not offered here; allowed: " + join(schemes));
  return s;
}

std::vector<IntegratorSpec> parse_integrator_list(const std::string& key, const std::string& text) {
  std::vector<IntegratorSpec> out;
  for (const auto& item : split_list(text)) out.push_back(parse_integrator(key, item));
  if (out.empty()) throw_input(key, text, "give at least one integrator; " + integrator_grammar());
  return out;
}

}  // namespace stickslip
