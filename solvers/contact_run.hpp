// solvers/contact_run.hpp — runs an assembled small system (models/contact_model.hpp: a registry law on a 1-D
// relation, in the form its driver needs) with the driver of its form: solvers/integrate.hpp for every Model form,
// the Filippov driver (solvers/filippov_driver.hpp) for a set-valued law's Filippov form. The observer sees, with
// every sample, the contact force and (Filippov form) the side value sigma in [-1, 1] (NaN for the other forms).
#pragma once

#include <functional>

#include "models/contact/registry.hpp"
#include "models/contact_model.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

// The driver of the registry's matrix that a solver kind is (filippov: under the Filippov driver).
Driver driver_of(Scheme kind, bool filippov);

// A spec for a law with the forms `law_forms` (models/contact/registry.hpp law_forms) on a 1-D relation:
//   runs_filippov: the Filippov driver, where the spec says filippov: or the law has no other form than its Filippov
//                  pieces (coulomb-filippov: every scheme then runs the Filippov driver);
//   contact_solver_options: `base` with the spec's driver; bdf is IDA where the law has a DAE form and the run is not
//                  a Filippov one (its stick constraint is solved), CVODE's BDF otherwise, with the spec's order.
bool runs_filippov(const IntegratorSpec& spec, unsigned law_forms);
SolverOptions contact_solver_options(const IntegratorSpec& spec, unsigned law_forms, const std::string& key,
                                     SolverOptions base);

struct ContactSample {
  double t;
  VecCRef x;
  const Mode& mode;
  double force;  // the contact force
  double sigma;  // Filippov side value (NaN for the other forms)
};
using ContactObserver = std::function<void(const ContactSample&)>;

// The contact's mode (models/contact/law.hpp's HybridMode: free, stick, slide +, slide -) in every form: the hybrid
// and DAE forms' own, the Filippov driver's side of the surface h = v mapped onto it (sliding on the surface:
// stick; v > 0, where the force is -: slide -; v < 0: slide +), free for the forms without modes.
int contact_mode(const ContactSystem& s, const Mode& mode);

// Checks the combination of system, solver and options (InputError naming the key).
void validate_contact_run(const ContactSystem& s, const SolverOptions& so, double t0, double t_end);
// The initial mode of the system at x (the Filippov form: empty, the driver decides).
Mode contact_initial_mode(const ContactSystem& s, double t0, VecCRef x);

// One run of a small system from t0 to t_end with the options of the driver the system was formed for
// (std::logic_error where solver.kind is another driver's: a system and its run come from one integrator spec).
//   project   a run that starts in its initial mode (mode empty) projects x onto it first: a held slip velocity
//             to zero, a law's spring into its cone, so that a start at rest or in equilibrium stays there
//   gradient  the Filippov form's surface gradient (exact, or finite differences of step fd_delta)
struct ContactRun {
  double t0 = 0, t_end = 0;
  SolverOptions solver;
  bool project = false;
  GradientKind gradient = GradientKind::exact;
  double fd_delta = 1e-7;
};

// The one entry of a small system's run: x and mode are updated in place (mode empty: the system's initial mode at
// x, the Filippov form's decided by its driver; a mode carried over from a run before continues it). The observer
// sees every sample with its contact force.
RunStats simulate(const ContactSystem& s, const ContactRun& run, VecRef x, Mode& mode,
                  const ContactObserver& observer = {});

}  // namespace stickslip
