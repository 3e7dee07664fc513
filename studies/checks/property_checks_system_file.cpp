// studies/checks/property_checks_system_file.cpp — the checks `stickslip verify --model FILE.toml` builds from a
// system file (models/system/system_file.hpp; what they share with the random systems' checks: system_check_support.hpp).
// Every numeric key of the file except the run keys is drawn around the file's value (a positive value within [1/2, 2]
// of it, log-uniformly; a negative one within [2, 1/2] of it; a zero kept), and the run keys are the file's (rtol,
// atol, dt, t_end), with events on and theta = 1/2. Per driver that runs the file (filippov:dopri5, ida, moreau and the
// file's own adaptive solver):
//   FILE:ledger           the balance B = K + V - W_friction - W_other within 4 eps E, eps = 100 rtol per phase (where
//                         the ledger is on; Moreau-Jean only where its discrete energy law is exact: forces and surface
//                         velocities affine in t, no unilateral element: rounding, 16 eps_mach per step);
//   FILE:coulomb          at every sample, every set-valued contact's |F| <= F_s within 100 rtol F_s (a located switch
//                         sits within a local error of the crossing; Moreau-Jean: rounding, 16 eps_mach) and a stuck
//                         contact's slip velocity within 100 (atol + rtol V) (V the largest |v|) of zero: the Filippov
//                         sliding mode and the DAE hold it at the located capture; Moreau-Jean to rounding;
//   FILE:exact            (Coulomb-family laws, constant normal forces and surface velocities, affine forces and
//                         drives, two-sided springs; event-driven drivers) positions and transitions against the exact
//                         solution, eps = 100 rtol per phase.
// No comparison of two drivers over the whole run: a file may be chaotic (two masses on a belt with velocity-
// weakening friction: Filippov and IDA at rtol 1e-9 part by 1e-4 over 60 s in 1 % of the draws), where the final
// states of two correct drivers need not agree to any tolerance of theirs.
#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>

#include "core/errors.hpp"
#include "models/system/system_file.hpp"
#include "studies/checks/system_check_support.hpp"
#include "studies/experiment/system_study.hpp"

namespace stickslip {
namespace {

using namespace system_checks;

// ---- checks from a system file ----

bool is_run_key(const std::string& key) {
  static const std::vector<std::string> run{"solver", "t_end", "dt",          "rtol",  "atol",
                                            "events", "projection", "transitions", "theta", "ledger"};
  return std::find(run.begin(), run.end(), key) != run.end();
}

struct FileSetup {
  std::shared_ptr<const SystemFileStudy> study;
  Parameters defaults;
  double t_end = 1;
};

// The drawn parameters of a file: its values with the draw's keys set.
Parameters drawn_parameters(const FileSetup& f, const Draw& d) {
  Parameters p = f.defaults;
  for (const auto& [key, value] : d.values()) p.set(key, format_value(value));
  return p;
}

SystemRunSettings file_settings(const FileSetup& f, const Parameters& p, const std::string& solver) {
  SystemRunSettings st = f.study->settings(p);
  st.solver = solver, st.events = true, st.theta = 0.5;
  return st;
}

// Whether the file's system is one the exact solution takes (Coulomb-family laws, constant normal forces ...).
bool exact_applies(const SystemSpec& spec, double t_end) {
  try {
    (void)CoulombSystemExact(spec, std::min(t_end, 1e-9));
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

// Moreau-Jean's discrete energy law is exact for forces, drives and surface velocities affine in t and no unilateral
// element (the midpoint powers are then the scheme's own increments).
bool moreau_ledger_exact(const SystemSpec& spec) {
  const auto affine = [](const TimeFunction& f) { return !f.custom && (f.amplitude == 0 || f.omega == 0); };
  for (const SystemSpring& s : spec.springs)
    if (s.unilateral || (!s.a.dof && !affine(s.a.motion)) || (!s.b.dof && !affine(s.b.motion))) return false;
  for (const SystemForce& f : spec.forces)
    if (!affine(f.f)) return false;
  for (const SystemContact& c : spec.contacts)
    if (!affine(c.u)) return false;
  return true;
}

}  // namespace

bool names_system_file(const std::string& filter, std::string* path) {
  std::string p = filter;
  if (!is_system_file(p)) {
    const auto colon = p.rfind(':');
    if (colon == std::string::npos) return false;
    p = p.substr(0, colon);
    if (!is_system_file(p)) return false;
  }
  if (path) *path = p;
  return true;
}

namespace {

// The smallest mass of the system's modes: the smallest diagonal mass, or the smallest eigenvalue of the full mass
// matrix.
double lightest_mass(const SystemSpec& spec) {
  if (spec.mass_matrix.size() == 0) return spec.mass.minCoeff();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> modes(spec.mass_matrix, Eigen::EigenvaluesOnly);
  return modes.eigenvalues().minCoeff();
}

// The drawn keys: every number of the file but the run keys, within a factor 2 of the file's value (zeros kept); a
// body's scalar mass is also drawn invalid (0, -1).
std::vector<ParameterRange> drawn_ranges(const FileSetup& f, const SystemSpec& spec0) {
  std::vector<ParameterRange> ranges;
  const bool matrix_mass = spec0.mass_matrix.size() != 0;
  for (const auto& [key, e] : f.defaults.entries()) {
    if (is_run_key(key) || e.value.empty()) continue;
    double v = 0;
    try {
      v = parse_real(key, e.value);
    } catch (const InputError&) {
      continue;  // a law's name, a switch
    }
    if (v == 0) continue;
    ParameterRange r{key, v > 0 ? 0.5 * v : 2 * v, v > 0 ? 2 * v : 0.5 * v, true, {}};
    if (!matrix_mass && key.size() > 5 && key.compare(key.size() - 5, 5, ".mass") == 0 && key.rfind("body.", 0) == 0)
      r.invalid = {0, -1};
    ranges.push_back(r);
  }
  return ranges;
}

// The drivers that run the file: filippov:dopri5, ida, moreau and the file's own adaptive solver, each where it runs
// every law of the file.
std::vector<std::string> drivers_running(const FileSetup& f, const SystemSpec& spec0, const SystemRunSettings& st0) {
  std::vector<std::string> drivers{"filippov:dopri5", "ida", "moreau"};
  if (std::find(drivers.begin(), drivers.end(), st0.solver) == drivers.end() && is_adaptive(st0.solver))
    drivers.push_back(st0.solver);
  std::vector<std::string> runs;
  for (const std::string& s : drivers) {
    try {
      validate_system_run(spec0, file_settings(f, f.defaults, s), 0, f.t_end);
      runs.push_back(s);
    } catch (const InputError&) {  // a law this driver does not run
    }
  }
  return runs;
}

}  // namespace

std::vector<PropertyCheck> system_file_property_checks(const std::string& path) {
  FileSetup f;
  f.study = std::make_shared<const SystemFileStudy>(SystemFile::read(path));
  f.defaults = f.study->parameters();
  f.t_end = f.defaults.positive("t_end");
  const SystemSpec spec0 = f.study->spec(f.defaults);
  const SystemRunSettings st0 = f.study->settings(f.defaults);

  const std::vector<ParameterRange> ranges = drawn_ranges(f, spec0);
  const std::vector<std::string> runs = drivers_running(f, spec0, st0);
  const bool exact = exact_applies(spec0, f.t_end);
  const bool ledger_on = st0.ledger == 1 || (st0.ledger < 0 && spec0.size() <= kLedgerDofs);
  bool set_valued = false;
  for (double r : static_ratios(spec0)) set_valued = set_valued || !std::isnan(r);

  const auto admissible = [f, exact](const Draw& d) {
    if (!exact) return true;
    return decided_robustly(f.study->spec(drawn_parameters(f, d)), f.t_end);
  };
  std::vector<PropertyCheck> checks;
  const auto add = [&](const std::string& what_kind, const std::string& solver, const std::string& what,
                       std::function<std::vector<Measurement>(const Draw&)> run, bool uses_exact) {
    PropertyCheck c;
    c.model = path + ":" + what_kind;
    c.driver = solver;
    c.what = what;
    c.ranges = ranges;
    c.run = std::move(run);
    c.cost = 20;
    if (uses_exact) c.admissible = admissible;
    checks.push_back(std::move(c));
  };
  const auto run_file = [f](const Draw& d, const std::string& solver) {
    const Parameters p = drawn_parameters(f, d);
    const SystemSpec spec = f.study->spec(p);
    const SystemRunSettings st = file_settings(f, p, solver);
    try {
      validate_system_run(spec, st, 0, f.t_end);
    } catch (const InputError& e) {
      throw f.study->file().located(e, p);
    }
    return std::make_tuple(spec, st, trace(spec, st, f.t_end));
  };
  for (const std::string& s : runs) {
    const bool moreau = is_moreau(s);
    if (ledger_on && (!moreau || moreau_ledger_exact(spec0)))
      add("ledger", s,
          moreau ? "energy ledger balance: Moreau-Jean at theta = 1/2, rounding (16 eps per step)"
                 : "energy ledger balance within 4 eps E, eps = 100 rtol per phase",
          [run_file, s, f](const Draw& d) {
            const auto [spec, st, tr] = run_file(d, s);
            return std::vector<Measurement>{{"max |K + V - W_friction - W_other|", tr.max_balance,
                                             ledger_tolerance(s, st, tr, system_scales(spec, f.t_end))}};
          },
          false);
    if (set_valued)
      add("coulomb", s,
          moreau ? "every sample: |F| <= F_s and a stuck contact's slip at zero, to rounding (16 eps per step of the "
                   "velocities and h F_s / m)"
                 : "every sample: |F| <= F_s within 100 rtol F_s, a stuck contact's slip within 100 (atol + rtol V)",
          [run_file, s, moreau](const Draw& d) {
            const auto [spec, st, tr] = run_file(d, s);
            const double steps = std::max(1.0, static_cast<double>(tr.stats.steps));
            const double f_tol = moreau ? 16 * kEps * steps * tr.force_scale : 100 * st.rtol * tr.force_scale;
            // Moreau-Jean's stuck slip is the rounding of the step's velocity update, whose terms are the velocities
            // and the impulse the step's friction balances, h F_s / m (m: the lightest mode of M): with every body
            // at rest the latter alone.
            const double dv = st.dt * tr.force_scale / lightest_mass(spec);
            const double s_tol = moreau ? 16 * kEps * steps * std::max(tr.v_scale, dv)
                                        : 100 * (st.atol + st.rtol * tr.v_scale);
            return std::vector<Measurement>{{"max (|F| - F_s) of a set-valued contact", tr.force_excess, f_tol},
                                            {"max |s| of a stuck contact", tr.stuck_slip, s_tol}};
          },
          false);
    if (exact && !moreau)
      add("exact", s, "positions and stick/slip transitions against the exact solution, 100 rtol per phase",
          [run_file, s, f](const Draw& d) {
            const auto [spec, st, tr] = run_file(d, s);
            const CoulombSystemExact ex(spec, f.t_end);
            return against_exact(tr, ex, spec, f.t_end, adaptive_eps(st.rtol, sticks_of(ex).size()));
          },
          true);
  }
  return checks;
}

}  // namespace stickslip
