// studies/experiment/system_study.hpp — a system file (models/system/system_file.hpp) as a study of the command
// line: `stickslip simulate FILE --solver SPEC --t-end T --out DIR` (= run FILE --set solver=SPEC --set t_end=T),
// `run FILE`, `help FILE`, `converge FILE --observable q.BODY`, `sweep FILE --set KEY=LIST`. Its keys are the
// file's values and the run keys (stickslip help FILE). One run (solvers/system_run.hpp) writes
//   state.csv     t [s], then each body's position and velocity (the file's units)
//   contacts.csv  t [s], then each contact's slip velocity s, tangential force F, normal force Fn and stuck flag
//   events.csv    every stick/slip transition: t [s], contact, from, to
//   ledger.csv    (ledger on) t [s], kinetic K, springs V, laws' springs U, friction work W_f, the other work W_a
//                 (forces, drives, moving surfaces, less the dashpots), friction's dissipation -W_f - dU, and the
//                 balance K + V - W_f - W_a (zero for the exact motion, measured to the driver's tolerance)
//   system.png    positions, slip velocities (stuck stretches marked) and the ledger against t
// and summary.json (the driver and each contact's form, the run's counts, the final state, the transitions, the
// ledger's balance). Observables for converge: q.BODY and v.BODY at t_end; the exact value where
// models/system/coulomb_exact.hpp solves the file (Coulomb contacts, linear springs), else Richardson's.
#pragma once

#include <memory>
#include <string>

#include "models/system/system_file.hpp"
#include "solvers/system_run.hpp"
#include "studies/experiment/study.hpp"

namespace stickslip {

class SystemFileStudy final : public Study {
 public:
  explicit SystemFileStudy(SystemFile file) : file_(std::move(file)) {}
  std::string name() const override { return file_.path(); }
  std::string summary() const override;
  Parameters parameters() const override { return file_.parameters(); }
  nlohmann::json run(const Parameters& params, const StudyContext& ctx) const override;
  std::vector<Observable> observables() const override;
  std::map<std::string, std::string> result_units() const override;

  // The spec and run settings of parameters p (an InputError about a value of the file carries its file and line).
  SystemSpec spec(const Parameters& p) const;
  SystemRunSettings settings(const Parameters& p) const;
  const SystemFile& file() const { return file_; }

 private:
  SystemFile file_;
};

// The run keys of a study of systems (block-chain, burridge-knopoff; a system file declares its own): solver, dt, rtol,
// atol, events, projection, transitions, theta, ledger, with these defaults.
struct SystemRunDefaults {
  std::string solver, solver_help, dt, rtol = "1e-10", atol = "1e-12", ledger = "auto", time_unit = "s";
};
void declare_system_run_keys(Parameters& p, const SystemRunDefaults& d);
// The run settings the run keys of a system file (or a study of systems) give.
SystemRunSettings system_run_settings(const Parameters& p);

}  // namespace stickslip
