// solvers/switching_guard.hpp — when a switching function may fire: the grazing rule shared by every driver.
//
// A switching function g_i fires when it crosses zero in its direction (Model::event_direction, +1 by
// default: g_i < 0 while the mode holds). Right after a mode change (and at t0) some g_i of the new mode can
// sit on zero: at a grazing switch (the D-SDS slide->stick of the plates has dg/dt = 0 at the root) the new
// mode's own leave condition starts at g_i = 0 and touches it again with zero slope. The numerical solution
// then wanders around zero by its own error, and a naive locator re-fires within round-off and flips the
// mode back (seen: dsds-dae through IDA re-slid 2e-8 after sticking and never stopped again).
//
// The rule, written once here and used by the odeint locator and the SUNDIALS event loop:
//   1. Noise band. At every (re)start the band of g_i is
//        eps_i = 10 sum_j |dg_i/dx_j| (rtol |x_j| + atol) + 64 u (sum_j |dg_i/dx_j||x_j| + |g_i|),
//      the change in g_i that the driver's own tolerance (and round-off, u the unit round-off) allows;
//      dg/dx by forward differences (n + 3 evaluations of g and one of f per restart, none per step; with the
//      entries each function reads (Model::event_reads), one evaluation per group of entries no function shares).
//   2. Consistency. A function clearly on its firing side at the restart (g_i > eps_i for direction +1,
//      g_i < -eps_i for -1) means the new mode is not valid there: the driver applies the mode map again at
//      the same instant (settle_mode in event_locator.hpp), so a switch is never lost because a function
//      started past its root. Inside the band, the rate of g_i along the mode's own field f (central difference;
//      resolved when larger than max(1e3 rtol, 1e-6) of the scale sum_j |dg_i/dx_j f_j|) decides: moving to
//      the firing side and already past the root by round-off -> map now; moving there from exactly zero ->
//      armed, reporting the valid side at the restart instant so the crossing right after is located (a
//      contact that closes at the instant another one does: the map sees the state past the root, as after
//      any located root); not yet at the root, or moving to the valid side -> armed.
//   3. Guard. A function inside its band whose rate is not resolved either (a grazing contact: dg/dt = 0
//      at the root) is guarded: it reports the constant -eps_i (its valid side) while |g_i| <= eps_i, so no
//      root can be found in the noise. It is armed (reports its true value from then on) once an accepted
//      step ends with g_i clearly on the valid side; it fires, at the instant it leaves the band, if it leaves
//      on the firing side — that is a genuine switch (the grazing surface is crossed after all), located to
//      within the band. A function in its band that moves to the valid side at a resolved rate is armed at once.
// Why this is right: inside the band the sign of g_i carries no information (it is below what the solver
// resolves), so no decision may rest on it; outside the band the sign is resolved, and both possible exits
// lead to the physically correct decision. Once armed, g_i is the model's exact function again, so genuine
// roots are located as precisely as before. Functions with direction 0 report the constant +-eps_i of
// their restart side (so only a resolved crossing fires).
#pragma once

#include <limits>
#include <optional>

#include "core/model.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

class SwitchingGuard {
 public:
  // Evaluations of g are counted in stats.root_evals.
  SwitchingGuard(const Model& model, double rtol, double atol, RunStats& stats);

  // Evaluates g and its noise band at a (re)start and guards the functions inside their band.
  void restart(double t, VecCRef x, const Mode& mode);
  // The first function that is clearly on its firing side at the restart (the mode is inconsistent there).
  std::optional<std::size_t> inconsistent() const;
  // g at the restart as a root finder must see it.
  void report_restart(VecRef g_out) const { report(t_restart_, g_, g_out); }
  // The values a root finder must see at t: the true g, or the constant valid-side value of a guarded
  // function (and, at the restart instant itself, the valid side for a function that starts exactly on its root).
  void report(double t, VecCRef g_true, VecRef g_out) const;
  // At the end of an accepted step: arm every guarded function whose true value left its band on the valid
  // side. Returns whether any function is still guarded (callers may skip evaluations when none is).
  bool arm(VecCRef g_true);
  bool any_guarded() const { return guarded_count_ > 0; }
  // The noise bands of the last restart (eps_i above).
  const Vec& band() const { return band_; }
  // Keeps function i guarded until it is clearly valid (a mode map that declined to act on it).
  void suppress(std::size_t i);

 private:
  const Model& model_;
  double rtol_, atol_;
  RunStats& stats_;
  Vec g_, g_pert_, x_pert_, f_, band_, rate_;
  std::vector<char> guarded_, leaving_, on_root_, suppressed_;
  double t_restart_ = std::numeric_limits<double>::quiet_NaN();
  std::vector<int> side_;  // -1: g < 0 is the mode's side (direction +1), +1: g > 0
  long guarded_count_ = 0;
  // The finite differences by groups (Model::event_reads): the columns of a group are read by no function together,
  // so one evaluation of g perturbs them all and each function's change belongs to the one column of the group it
  // reads (Curtis, Powell & Reid's grouping). Empty groups_: not known, one column at a time.
  std::vector<std::vector<Eigen::Index>> groups_;   // the columns of each group
  std::vector<std::vector<Eigen::Index>> readers_;  // per column: the functions that read it
};

}  // namespace stickslip
