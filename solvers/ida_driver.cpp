// solvers/ida_driver.cpp — SUNDIALS IDA (variable-order BDF 1..5, dense Newton) on Model::residual.
//
// Algebraic rows are declared with IDASetId (Model::differential_mask of the current mode); whenever the
// mode has algebraic rows the initial values are made consistent with IDACalcIC(IDA_YA_YDP_INIT), starting
// from x and x' = f_mode(x). Roots through IDARootInit; after each root: mode map, projection, new mask,
// IDAReInit and IDACalcIC again (the SciML habit: a DAE restarted after an event is re-initialised).
#include <ida/ida.h>

#include <cmath>

#include "core/errors.hpp"
#include "solvers/event_locator.hpp"
#include "solvers/integrate.hpp"
#include "solvers/sundials_support.hpp"

namespace stickslip {
namespace {

struct IdaUser {
  const Model* model;
  const Mode* mode;
  std::string callback_error;
};

int ida_residual(sunrealtype t, N_Vector yy, N_Vector yp, N_Vector rr, void* data) {
  auto* u = static_cast<IdaUser*>(data);
  try {
    u->model->residual(t, as_eigen(yy), as_eigen(yp), *u->mode, as_eigen(rr));
    return as_eigen(rr).allFinite() ? 0 : 1;
  } catch (const std::exception& e) {
    u->callback_error = e.what();
    return -1;
  }
}

int ida_roots(sunrealtype t, N_Vector yy, N_Vector, sunrealtype* g, void* data) {
  auto* u = static_cast<IdaUser*>(data);
  try {
    Eigen::Map<Vec> gm(g, static_cast<Eigen::Index>(u->model->num_events()));
    u->model->events(t, as_eigen(yy), *u->mode, gm);
    return 0;
  } catch (const std::exception& e) {
    u->callback_error = e.what();
    return -1;
  }
}

struct IdaFree {
  void operator()(void* mem) const { IDAFree(&mem); }
};

void add_stats(void* mem, RunStats& s) {
  long v = 0;
  IDAGetNumSteps(mem, &v), s.steps += v;
  IDAGetNumResEvals(mem, &v), s.rhs_evals += v;
  IDAGetNumGEvals(mem, &v), s.root_evals += v;
  IDAGetNumJacEvals(mem, &v), s.jac_evals += v;
  IDAGetNumErrTestFails(mem, &v), s.error_test_fails += v;
  IDAGetNumNonlinSolvIters(mem, &v), s.nonlinear_iters += v;
}

}  // namespace

RunStats run_ida(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                 const Observer& observer) {
  RunStats stats;
  SundialsMessages messages;
  const std::size_t n = model.size();
  const std::size_t ng = options.events ? model.num_events() : 0;
  auto ctx = make_context();
  auto yy = make_vector(n, ctx.get());
  auto yp = make_vector(n, ctx.get());
  auto id = make_vector(n, ctx.get());
  // Declared before the integrator memory so that IDAFree runs first, as in the SUNDIALS examples.
  auto a = make_dense_matrix(n, ctx.get());
  auto ls = make_dense_solver(yy.get(), a.get(), ctx.get());
  std::unique_ptr<void, IdaFree> mem(IDACreate(ctx.get()));
  if (!mem) throw SolverError("ida: IDACreate failed");
  IdaUser user{&model, &mode, {}};
  auto ok = [&](int flag, const char* call, double t = std::nan("")) {
    if (flag < 0 && !user.callback_error.empty()) messages.last = user.callback_error;
    check(flag, "ida", call, IDAGetReturnFlagName, messages, t);
  };
  const double t_ic = std::min(options.dt, t_end - t0);

  // Loads x, a derivative guess and the mask of the current mode; returns whether rows are algebraic.
  auto load = [&](double t) {
    as_eigen(yy.get()) = x;
    model.rhs(t, x, mode, as_eigen(yp.get()));
    model.differential_mask(mode, as_eigen(id.get()));
    return (as_eigen(id.get()).array() == 0).any();
  };
  auto make_consistent = [&](double t, bool algebraic) {
    ok(IDASetId(mem.get(), id.get()), "IDASetId", t);
    if (!algebraic) return;
    ok(IDASetSuppressAlg(mem.get(), options.suppress_algebraic_error ? SUNTRUE : SUNFALSE), "IDASetSuppressAlg", t);
    ok(IDACalcIC(mem.get(), IDA_YA_YDP_INIT, t + std::min(t_ic, t_end - t)), "IDACalcIC", t);
    ok(IDAGetConsistentIC(mem.get(), yy.get(), yp.get()), "IDAGetConsistentIC", t);
    x = as_eigen(yy.get());
  };

  bool algebraic = load(t0);
  ok(IDASetErrHandlerFn(mem.get(), SundialsMessages::handler, &messages), "IDASetErrHandlerFn");
  ok(IDAInit(mem.get(), ida_residual, t0, yy.get(), yp.get()), "IDAInit");
  ok(IDASetUserData(mem.get(), &user), "IDASetUserData");
  ok(IDASStolerances(mem.get(), options.rtol, options.atol), "IDASStolerances");
  ok(IDASetLinearSolver(mem.get(), ls.get(), a.get()), "IDASetLinearSolver");
  ok(IDASetMaxOrd(mem.get(), options.max_order), "IDASetMaxOrd");
  ok(IDASetMaxNumSteps(mem.get(), 10000000), "IDASetMaxNumSteps");
  ok(IDASetStopTime(mem.get(), t_end), "IDASetStopTime");
  if (options.max_step > 0) ok(IDASetMaxStep(mem.get(), options.max_step), "IDASetMaxStep");
  std::vector<int> directions(ng), found(ng);
  if (ng > 0) {
    for (std::size_t i = 0; i < ng; ++i) directions[i] = model.event_direction(i);
    ok(IDARootInit(mem.get(), static_cast<int>(ng), ida_roots), "IDARootInit");
    ok(IDASetRootDirection(mem.get(), directions.data()), "IDASetRootDirection");
  }
  make_consistent(t0, algebraic);

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
    const int flag = IDASolve(mem.get(), tout, &tret, yy.get(), yp.get(), IDA_NORMAL);
    ok(flag, "IDASolve", t);
    t = tret;
    x = as_eigen(yy.get());
    if (flag == IDA_ROOT_RETURN) {
      ok(IDAGetRootInfo(mem.get(), found.data()), "IDAGetRootInfo", t);
      bool terminate = false;
      for (std::size_t i = 0; i < ng; ++i)
        if (found[i] != 0) terminate = hand_over_event(model, t, x, mode, i, options, stats, observer).terminate || terminate;
      add_stats(mem.get(), stats);
      if (terminate) return stats;
      algebraic = load(t);
      ok(IDAReInit(mem.get(), t, yy.get(), yp.get()), "IDAReInit", t);
      make_consistent(t, algebraic);
      continue;
    }
    if (tret >= tout) ++k;
    if (observer) observer(t, x, mode);
  }
  add_stats(mem.get(), stats);
  return stats;
}

}  // namespace stickslip
