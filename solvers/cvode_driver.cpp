// solvers/cvode_driver.cpp — SUNDIALS CVODE (BDF or Adams-Moulton, dense Newton) on Model::rhs.
//
// Roots of Model::events through CVodeRootInit / CVodeSetRootDirection; at each root the mode map is
// applied and the integrator restarted with CVodeReInit (its counters are accumulated across restarts).
// Outputs at t0 + k dt (CV_NORMAL), integration never passes t_end (CVodeSetStopTime).
#include <cvode/cvode.h>

#include <cmath>

#include "core/errors.hpp"
#include "solvers/event_locator.hpp"
#include "solvers/integrate.hpp"
#include "solvers/sundials_support.hpp"

namespace stickslip {
namespace {

struct CvodeUser {
  const Model* model;
  const Mode* mode;
  std::string callback_error;
};

int cvode_rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* data) {
  auto* u = static_cast<CvodeUser*>(data);
  try {
    u->model->rhs(t, as_eigen(y), *u->mode, as_eigen(ydot));
    return as_eigen(ydot).allFinite() ? 0 : 1;  // recoverable: CVODE retries with a smaller step
  } catch (const std::exception& e) {
    u->callback_error = e.what();
    return -1;
  }
}

int cvode_roots(sunrealtype t, N_Vector y, sunrealtype* g, void* data) {
  auto* u = static_cast<CvodeUser*>(data);
  try {
    Eigen::Map<Vec> gm(g, static_cast<Eigen::Index>(u->model->num_events()));
    u->model->events(t, as_eigen(y), *u->mode, gm);
    return 0;
  } catch (const std::exception& e) {
    u->callback_error = e.what();
    return -1;
  }
}

struct CvodeFree {
  void operator()(void* mem) const { CVodeFree(&mem); }
};

void add_stats(void* mem, RunStats& s) {
  long v = 0;
  CVodeGetNumSteps(mem, &v), s.steps += v;
  CVodeGetNumRhsEvals(mem, &v), s.rhs_evals += v;
  CVodeGetNumGEvals(mem, &v), s.root_evals += v;
  CVodeGetNumJacEvals(mem, &v), s.jac_evals += v;
  CVodeGetNumErrTestFails(mem, &v), s.error_test_fails += v;
  CVodeGetNumNonlinSolvIters(mem, &v), s.nonlinear_iters += v;
}

}  // namespace

RunStats run_cvode(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                   const Observer& observer) {
  RunStats stats;
  SundialsMessages messages;
  const std::size_t n = model.size();
  const std::size_t ng = options.events ? model.num_events() : 0;
  auto ctx = make_context();
  auto y = make_vector(n, ctx.get());
  as_eigen(y.get()) = x;
  // Declared before the integrator memory so that CVodeFree runs first, as in the SUNDIALS examples.
  auto a = make_dense_matrix(n, ctx.get());
  auto ls = make_dense_solver(y.get(), a.get(), ctx.get());
  std::unique_ptr<void, CvodeFree> mem(CVodeCreate(options.adams ? CV_ADAMS : CV_BDF, ctx.get()));
  if (!mem) throw SolverError("cvode: CVodeCreate failed");
  CvodeUser user{&model, &mode, {}};
  auto ok = [&](int flag, const char* call, double t = std::nan("")) {
    if (flag < 0 && !user.callback_error.empty()) messages.last = user.callback_error;
    check(flag, "cvode", call, CVodeGetReturnFlagName, messages, t);
  };
  ok(CVodeSetErrHandlerFn(mem.get(), SundialsMessages::handler, &messages), "CVodeSetErrHandlerFn");
  ok(CVodeInit(mem.get(), cvode_rhs, t0, y.get()), "CVodeInit");
  ok(CVodeSetUserData(mem.get(), &user), "CVodeSetUserData");
  ok(CVodeSStolerances(mem.get(), options.rtol, options.atol), "CVodeSStolerances");
  ok(CVodeSetLinearSolver(mem.get(), ls.get(), a.get()), "CVodeSetLinearSolver");
  ok(CVodeSetMaxOrd(mem.get(), options.max_order), "CVodeSetMaxOrd");
  ok(CVodeSetMaxNumSteps(mem.get(), 10000000), "CVodeSetMaxNumSteps");
  ok(CVodeSetStopTime(mem.get(), t_end), "CVodeSetStopTime");
  if (options.max_step > 0) ok(CVodeSetMaxStep(mem.get(), options.max_step), "CVodeSetMaxStep");
  std::vector<int> directions(ng), found(ng);
  if (ng > 0) {
    for (std::size_t i = 0; i < ng; ++i) directions[i] = model.event_direction(i);
    ok(CVodeRootInit(mem.get(), static_cast<int>(ng), cvode_roots), "CVodeRootInit");
    ok(CVodeSetRootDirection(mem.get(), directions.data()), "CVodeSetRootDirection");
  }

  if (observer) observer(t0, x, mode);
  double t = t0;
  long k = 1;
  while (t < t_end) {
    const double tout = std::min(t_end, t0 + static_cast<double>(k) * options.dt);
    if (tout - t <= 1e-10 * std::max(1.0, std::abs(t))) {  // an event landed on this output time
      ++k;
      if (tout >= t_end) break;
      continue;
    }
    double tret = t;
    const int flag = CVode(mem.get(), tout, y.get(), &tret, CV_NORMAL);
    ok(flag, "CVode", t);
    t = tret;
    x = as_eigen(y.get());
    if (flag == CV_ROOT_RETURN) {
      ok(CVodeGetRootInfo(mem.get(), found.data()), "CVodeGetRootInfo", t);
      bool terminate = false;
      for (std::size_t i = 0; i < ng; ++i)
        if (found[i] != 0) terminate = hand_over_event(model, t, x, mode, i, options, stats, observer).terminate || terminate;
      add_stats(mem.get(), stats);
      if (terminate) return stats;
      as_eigen(y.get()) = x;
      ok(CVodeReInit(mem.get(), t, y.get()), "CVodeReInit", t);
      continue;
    }
    if (tret >= tout) ++k;
    if (observer) observer(t, x, mode);
  }
  add_stats(mem.get(), stats);
  return stats;
}

}  // namespace stickslip
