// models/system/system_file.hpp — a system written as a file that needs no compiling (TOML, read by Debian's toml++):
// bodies, springs, drives, forces and contacts with law names and parameters, the initial state and the run's
// defaults. Every number of the file becomes a key (core/parameters.hpp) whose default is the file's value, so that
// `stickslip run FILE --set contact.floor.mu=0.3`, `converge FILE`, `sweep FILE --set spring.k1.k=10,20` and
// `verify --model FILE` take it as they take a study.
//
//   name = "two masses on a floor"            # optional
//   [run]                                      # optional: the run's defaults (solver, t_end, dt, rtol, atol, events,
//   solver = "filippov:dopri5"                 # projection, transitions = joint | per-contact, theta, ledger)
//   t_end = 5.0
//   [[body]]                                   # one generalised coordinate: name, mass, q0, v0 (0 by default)
//   name = "x1"
//   mass = 1.0
//   q0 = 0.2
//   [[drive]]                                  # a prescribed motion p(t) = position + velocity t
//   name = "plate"                             #   + amplitude sin(omega t + phase); `ground` is built in (p = 0)
//   velocity = 0.01
//   [[spring]]                                 # a spring and dashpot between two ends (bodies, drives, ground):
//   name = "k1"                                # force on the first end k (x_2 - x_1 - length) + c (v_2 - v_1);
//   ends = ["x1", "ground"]                    # unilateral = true: it only pushes the first end (a compliant
//   k = 50.0                                   # normal contact, the first end resting on the second)
//   [[force]]                                  # an external force on a body: value + rate t + amplitude sin(...)
//   name = "pull"; body = "x1"; value = 1.0
//   [[contact]]                                # a frictional contact: slip velocity row . v - surface_velocity(t)
//   name = "floor1"
//   row = { x1 = 1.0 }                         # or body = "x1" (row {x1 = 1})
//   normal_force = 9.81                        # or { value = N0, q = { y = -5e7 }, v = { w = -100 } }: max(0, N0 + ..)
//   surface_velocity = 0.0                     # or { value, rate, amplitude, omega, phase }: a belt
//   law = "coulomb"                            # any law of the registry (stickslip list)
//   mu = 0.3                                   # the law's parameters by name
//   mass_matrix = [[2.0, 0.5], [0.5, 1.0]]     # optional, top level: a full mass matrix (body masses then unused);
//   stiffness = [[...]], damping = [[...]]      # and a linear force -K q - C v beside the springs (symmetric)
//
// Keys (stickslip help FILE lists them with their values): body.NAME.mass|q0|v0, drive.NAME.position|velocity|
// amplitude|omega|phase, spring.NAME.k|c|length|unilateral, force.NAME.value|rate|amplitude|omega|phase,
// contact.NAME.law|normal_force|surface_velocity(.rate ...)|row.BODY|normal_force.q.BODY|normal_force.v.BODY|z0, and
// contact.NAME.PARAMETER for every parameter of every law (empty: the chosen law's default; a value given for a
// parameter the chosen law does not have is refused), plus the run keys.
// A bad file exits 2 with the file and line: "two_mass.toml:14: contact.floor1.mu=-1: must be >= 0 for ...".
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "models/system/system_spec.hpp"

namespace stickslip {

class SystemFile {
 public:
  // Reads and checks the file's structure and types (InputError naming the file, the line and the key).
  static SystemFile read(const std::string& path);

  const std::string& path() const { return path_; }
  const std::string& name() const { return name_; }
  const std::vector<std::string>& bodies() const { return bodies_; }
  // The file's keys with its values as defaults, plus the run keys (their defaults the file's [run] table or the
  // built-in ones).
  Parameters parameters() const;
  // The system with the values of p (the file's, or overrides).
  SystemSpec spec(const Parameters& p) const;
  // "FILE:LINE" of the value of `key` in the file ("" for a key the file does not write).
  std::string where(const std::string& key) const;
  // An InputError about a key whose value is the file's, with its file and line put in front of the message.
  InputError located(const InputError& e, const Parameters& p) const;

 private:
  struct Key {
    std::string key, value, help;
    int line;
  };
  struct End {
    std::string name;  // a body, a drive or ground
  };
  struct Spring {
    std::string name, a, b;
  };
  struct Contact {
    std::string name;
    std::vector<std::string> row, fn_q, fn_v;  // the bodies of its row and of its normal force's terms
    std::vector<std::string> law_parameters;   // the law parameters the file gives
  };
  void declare(const std::string& key, const std::string& value, const std::string& help, int line);

  std::string path_, name_;
  std::vector<Key> keys_;
  std::map<std::string, std::size_t> key_index_;
  std::vector<std::string> bodies_, drives_, forces_;
  std::map<std::string, std::string> force_body_;
  std::vector<Spring> springs_;
  std::vector<Contact> contacts_;
  std::map<std::string, std::vector<std::vector<double>>> matrices_;  // mass_matrix, stiffness, damping
  std::map<std::string, int> matrix_line_;
};

// Whether `name` names a system file (ends in .toml).
bool is_system_file(const std::string& name);

// The run keys (solver, t_end, dt, rtol, atol, events, projection, transitions, theta, ledger) with the built-in
// defaults a file without a [run] table gets: those of a system built without a file (Python's dicts and arrays).
Parameters system_run_parameters(const std::string& owner = "system");

}  // namespace stickslip
