// solvers/integrator_spec.hpp — one vocabulary for integrators, as the command line spells them.
//
//   spec    := ["filippov:"] scheme [":" variant] [":" order]      (labels of the papers' figures read too:
//              bdfN = bdf:N, gearN = gear:N, filippov-SCHEME = filippov:SCHEME)
//   scheme  := euler | midpoint | heun | rk4 | dopri5 | cvode | ida | gear | bdf | trapezoid | verlet | moreau | em |
//              sde-heun
//   variant := bdf | adams            (cvode only; default bdf)
//   order   := 1..5 (bdf, ida), 1..12 (adams): the largest multistep order (default: the solver's own, 5/12);
//              gear: the order of its fixed-step BDF, 1..5 (default 5)
// `bdf` names the method, not the driver: SUNDIALS' BDF on IDA where the contact's law has a DAE form and on CVODE
// otherwise, resolved from the law's forms by solvers/contact_run.hpp (contact_solver_options).
// e.g. rk4, cvode:bdf, cvode:adams:8, ida:5, cvode:2, filippov:dopri5, trapezoid (seed 004 Algorithm 1), verlet
// (velocity Verlet of the particle engine), em (Euler-Maruyama). `filippov:` runs a Filippov system through the
// Filippov driver on the named scheme. Which specs a model or study accepts is its own business; this file only
// parses and names them, and turns a general-driver spec into SolverOptions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "solvers/solver_options.hpp"

namespace stickslip {

struct IntegratorSpec {
  IntegratorSpec() = default;
  IntegratorSpec(Scheme s) : scheme(s) {}  // NOLINT: implicit, so that a plain scheme reads as its spec
  Scheme scheme = Scheme::rk4;
  bool filippov = false;  // "filippov:" prefix
  bool adams = false;     // cvode:adams
  bool variant_given = false;  // ":bdf" or ":adams" written out (options() leaves base.adams alone otherwise)
  int max_order = 0;      // 0: the solver's default
  // Canonical text: "cvode:bdf:2", "filippov:dopri5", "rk4".
  std::string text() const;
  // As the figures of Krengel & Matuttis label it: bdf:N is bdfN, filippov:S is filippov-S, the rest as text().
  std::string label() const;
  bool adaptive() const {
    return scheme == Scheme::dopri5 || scheme == Scheme::cvode || scheme == Scheme::ida || scheme == Scheme::bdf;
  }
  bool stochastic() const { return scheme == Scheme::em || scheme == Scheme::sde_heun; }
  std::string name() const { return to_string(scheme); }  // the scheme's name alone: "cvode", "sde-heun"
  // The scheme's classical order where it is an explicit Runge-Kutta scheme on a smooth right-hand side (euler 1,
  // midpoint and heun 2, rk4 4; SchemeInfo::order; filippov:rk4 too, between switches), 0 otherwise.
  int order() const;
  // The general drivers of solvers/integrate.hpp (euler .. gear); nullopt for bdf (resolved by the law's forms),
  // trapezoid, verlet, moreau, em, sde-heun.
  std::optional<Scheme> kind() const { return is_general(scheme) ? std::optional<Scheme>(scheme) : std::nullopt; }
  // `base` with kind, adams and max_order of this spec (throws InputError naming `key` for a non-general scheme).
  SolverOptions options(const std::string& key, SolverOptions base) const;
};

// Every scheme of the grammar with one line on what it is: the one list the parser, its messages and `stickslip list`
// are made from.
struct SchemeInfo {
  Scheme scheme;
  std::string line;
  int order = 0;  // the classical order of the explicit Runge-Kutta schemes (euler 1, midpoint and heun 2, rk4 4); 0
                  // for the others (adaptive, multistep, the particle and SDE schemes)
  std::string name() const { return to_string(scheme); }
};
const std::vector<SchemeInfo>& integrator_scheme_info();
const std::vector<std::string>& integrator_schemes();  // the names of integrator_scheme_info(), in its order
// The grammar as a message tail: "allowed: [filippov:]SCHEME[...] with SCHEME one of euler, ... (e.g. ...)".
std::string integrator_grammar();
// The spec text of a label (bdfN -> bdf:N, filippov-S -> filippov:S; anything else unchanged): parse_integrator and
// parse_integrator_among read labels too.
std::string spec_text_of_label(const std::string& text);
// Throws InputError naming `key` and the grammar for a malformed spec.
IntegratorSpec parse_integrator(const std::string& key, const std::string& text);
// parse_integrator, refusing a scheme outside `schemes` (InputError naming key and listing them); plain: no
// filippov: prefix, variant or order either (for a runner that takes scheme names only).
IntegratorSpec parse_integrator_among(const std::string& key, const std::string& text,
                                      const std::vector<std::string>& schemes, bool plain = false);
// A comma-separated list of specs.
std::vector<IntegratorSpec> parse_integrator_list(const std::string& key, const std::string& text);

}  // namespace stickslip
