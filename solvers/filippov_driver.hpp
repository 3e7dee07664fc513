// solvers/filippov_driver.hpp — Filippov's convex-hull treatment of a discontinuous vector field (seed 002,
// eq. 4-14) on top of the ordinary drivers of solvers/integrate.hpp.
//
// A FilippovSystem (core/filippov_system.hpp) is wrapped into a hybrid Model, FilippovModel, whose mode
// holds one int per switching surface: +1 in region I (h_i > 0), -1 in region II (h_i < 0), 0 sliding on
// h_i = 0. Any driver (euler .. rk4 with events by re-stepping, dopri5 with events on its dense output and
// its step size kept across events, CVODE with CVodeRootInit) then runs it; the Filippov logic lives in the
// model's events / on_event / project:
//   at h_i = 0 reached from a region:  a_I = <grad h_i, f_I>, a_II = -<grad h_i, f_II>   (eq. 7-8)
//       a_I <= 0 < a_II: crossing into II;   a_II <= 0 < a_I: crossing into I;
//       a_I <= 0, a_II <= 0: attracting sliding (case 2 of the seed) -> mode 0, x projected onto h_i = 0;
//       a_I > 0, a_II > 0: repulsion (case 3) -> the trajectory stays on the side it came from.
//   while sliding: f = (1 - lambda) f_I + lambda f_II, lambda = a_I/(a_I + a_II)                (eq. 9, 12)
//       the exit from sliding is located as an event when lambda leaves [0, 1] (lambda < 0: into region I,
//       lambda > 1: into region II). As a_I + a_II < 0 while sliding, these are the roots of the switching
//       functions a_I and a_II (rising through 0); those have no pole, while lambda itself has one just past
//       the exit (a_I + a_II = 0), across which a long step would see no sign change of -lambda.
// Several surfaces at h = 0 at once (one reached while others slide, or a sliding one leaving while others slide):
// whether each slides, crosses or leaves is decided together, as the box LCP of core/box_lcp.hpp on the affine
// field (the multiple-transition problem of Pfeiffer & Glocker; the contact-by-contact classification above can pick
// a combination that violates the others' conditions). One surface alone: the classification of eq. 7-8 as above.
// Several surfaces may slide at once. Their lambda_i are then solved together from
// <grad h_i, f(sigma)> = 0 for all sliding i, a small linear system that is exact when the field is affine
// in the side values sigma (core/filippov_system.hpp): this is the coupled form of the seed's per-contact
// treatment (§5, eq. 21-22), which computes each contact's lambda from the accelerations the other forces
// give (eq. 22) and so equals ours when every contact's a_I, a_II depend only on its own lambda (the
// contacts are decoupled, or the others are not sliding). For one sliding surface eq. 12 is used as is.
// With exact gradients the sliding field's component along grad h is removed (rounding only), so a
// sliding state stays on h = 0 to the last bit; with the finite-difference gradients of eq. 15-17
// (option gradient = finite_difference, step fd_delta) it is not, which shows what that approximation does.
#pragma once

#include "core/filippov_system.hpp"
#include "core/model.hpp"
#include "solvers/solver_options.hpp"

namespace stickslip {

enum class FlowKind { crossing_to_I, crossing_to_II, sliding, repulsion };
const char* to_string(FlowKind kind);
// The classification of eq. 7-8 from the two signed scalars (total: every pair has exactly one kind).
FlowKind classify_flow(double a_I, double a_II);

enum class GradientKind { exact, finite_difference };

struct FilippovOptions {
  SolverOptions solver;                     // the underlying driver (a general scheme, euler .. gear)
  GradientKind gradient = GradientKind::exact;
  double fd_delta = 1e-7;                   // step of the finite-difference directional derivatives
};

struct SurfaceFlow {
  double a_I = 0, a_II = 0;  // eq. 7-8
  double lambda = 0;         // eq. 12 (meaningful for kind == sliding)
  FlowKind kind = FlowKind::sliding;
};

enum FilippovSide : int { region_II = -1, sliding_mode = 0, region_I = 1 };

class FilippovModel final : public Model {
 public:
  FilippovModel(const FilippovSystem& system, GradientKind gradient = GradientKind::exact, double fd_delta = 1e-7);

  std::size_t size() const override { return system_.size(); }
  std::vector<std::string> state_names() const override { return system_.state_names(); }
  // h_i > 0 -> region I, h_i < 0 -> region II, h_i == 0 -> by classify_flow (repulsion: the region whose
  // field leaves the surface faster).
  Mode initial_mode(double t, VecCRef x) const override;
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;

  std::size_t num_events() const override { return 2 * system_.num_surfaces(); }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  bool event_reads(std::size_t which, std::vector<Eigen::Index>& entries) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  // Puts x on h_i = 0 for every sliding surface (Newton steps along grad h_i).
  void project(double t, VecRef x, const Mode& mode) const override;

  // a_I, a_II, lambda and kind of surface i at x, the other surfaces at their current side values.
  SurfaceFlow surface_flow(double t, VecCRef x, const Mode& mode, std::size_t i) const;
  // sigma_i in [-1, 1] per surface: +-1 off the surface, 1 - 2 lambda_i while sliding.
  Vec side_values(double t, VecCRef x, const Mode& mode) const;
  // lambda_i = (1 - sigma_i)/2 per surface (0 in region I, 1 in region II).
  Vec lambdas(double t, VecCRef x, const Mode& mode) const;

  const FilippovSystem& system() const { return system_; }

 private:
  // a_I, a_II, lambda of surface i with the other surfaces at the side values sigma.
  SurfaceFlow flow_at(double t, VecCRef x, Vec sigma, std::size_t i) const;
  // The candidates' new sides, decided together (several surfaces at h = 0: the sliding ones and the one just
  // reached): the system's decide_sides, else the box LCP on the affine field. trigger: the surface whose event this
  // is; exit_side: the region it leaves into when it was sliding (it leaves on a tie).
  void decide_jointly(double t, VecCRef x, Mode& mode, const std::vector<std::size_t>& candidates, std::size_t trigger,
                      int exit_side) const;
  // <grad h_i, v> + dh_i/dt exactly, or (h_i(t + delta, x + delta v) - h_i(t, x))/delta (eq. 15-16).
  double directional(double t, VecCRef x, std::size_t i, VecCRef v) const;
  void gradient(double t, VecCRef x, std::size_t i, VecRef grad) const;
  const FilippovSystem& system_;
  GradientKind gradient_;
  double fd_delta_;
};

// Runs `system` from t0 to t_end with the Filippov logic on the driver options.solver.kind. If `mode` is
// empty it is set from FilippovModel::initial_mode; x and mode are updated in place.
RunStats integrate_filippov(const FilippovSystem& system, double t0, double t_end, VecRef x, Mode& mode,
                            const FilippovOptions& options, const Observer& observer = {});

}  // namespace stickslip
