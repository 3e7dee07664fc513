// studies/experiment/study.hpp — what a study is to the command line, and the registry of all of them.
//
// A study declares its parameters (core/parameters.hpp) with defaults, and run() wires models and solvers
// together, writes CSV / JSON / PNG into ctx.out_dir and returns its JSON summary (which the CLI also
// prints on stdout under --json). Progress and notes go to ctx.log (stderr).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "core/parameters.hpp"
#include "studies/experiment/observable.hpp"

namespace stickslip {

class RunStore;

struct StudyContext {
  std::filesystem::path out_dir;
  std::ostream& log;
  RunStore* store = nullptr;  // set by the command line; without it runs are simply run
  // Set by --dry-run (dry_run_study): plan() stores the work here and ends the study. A study therefore validates
  // every parameter and declares its plan before it builds a model, runs anything or touches a file or folder.
  nlohmann::json* dry_run_plan = nullptr;
  // One run of the study, identified by `key` (studies/experiment/run_store.hpp): its row is on disk when it returns, and a
  // resumed study gets the stored row back without running it.
  nlohmann::json run(const std::string& key, const std::function<nlohmann::json()>& fn) const;
  // What the study is about to do, e.g. {"runs": 6, "steps_per_run": 41000, "particles": 230} (shown by --dry-run,
  // where it ends the study: Interrupted(0)).
  void plan(const nlohmann::json& work) const;
};

class Study {
 public:
  virtual ~Study() = default;
  virtual std::string name() const = 0;
  virtual std::string summary() const = 0;  // one line for `stickslip list`
  virtual Parameters parameters() const = 0;
  virtual nlohmann::json run(const Parameters& params, const StudyContext& ctx) const = 0;
  // Its deterministic scalar observables for `stickslip converge` (studies/experiment/observable.hpp); none by default.
  virtual std::vector<Observable> observables() const { return {}; }
  // Units of the keys of its summary.json that are neither an observable nor a parameter (e.g. {"t_rest", "s"}),
  // for the column names of `stickslip sweep`; none by default.
  virtual std::map<std::string, std::string> result_units() const { return {}; }
  // Lines it adds to the drivers of `stickslip list` (its own solver names beside the integrator specs); none by
  // default.
  virtual std::vector<std::string> driver_notes() const { return {}; }
};

// One line per model and solver for `stickslip list` (the friction laws come from models/contact/registry.hpp).
struct CatalogEntry {
  std::string kind;  // "model" (the friction laws: models/contact/registry.hpp, law_catalog(); the drivers:
                     // solvers/integrator_spec.hpp, integrator_scheme_info())
  std::string name;
  std::string line;
};

std::vector<std::unique_ptr<Study>> all_studies();   // studies/cli/registry.cpp
const std::vector<CatalogEntry>& catalog();          // studies/cli/registry.cpp

}  // namespace stickslip
