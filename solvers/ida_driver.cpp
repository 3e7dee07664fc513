// solvers/ida_driver.cpp — SUNDIALS IDA (variable-order BDF 1..5, dense Newton) on Model::residual.
//
// Set-up and restart only; the output/event loop is solvers/sundials_event_loop.hpp, shared with CVODE.
// Algebraic rows are declared with IDASetId (Model::differential_mask of the current mode); whenever the
// mode has algebraic rows the values are made consistent with IDACalcIC(IDA_YA_YDP_INIT), starting from x and
// x' = f_mode(x). Every restart (t0 and after each mode change) is: mask, IDAReInit, IDACalcIC (the SciML
// habit: a DAE restarted after an event is re-initialised); the loop then checks the consistent state
// against the mode's switching functions.
#include <ida/ida.h>

#include <cmath>

#include "core/errors.hpp"
#include "solvers/integrate.hpp"
#include "solvers/sundials_event_loop.hpp"
#include "solvers/sundials_support.hpp"

namespace stickslip {
namespace {

int ida_residual(sunrealtype t, N_Vector yy, N_Vector yp, N_Vector rr, void* data) {
  auto* u = static_cast<SundialsUserData*>(data);
  try {
    u->model->residual(t, as_eigen(yy), as_eigen(yp), *u->mode, as_eigen(rr));
    return as_eigen(rr).allFinite() ? 0 : 1;
  } catch (const std::exception& e) {
    u->callback_error = e.what();
    return -1;
  }
}

int ida_roots(sunrealtype t, N_Vector yy, N_Vector, sunrealtype* g, void* data) {
  return root_callback(t, N_VGetArrayPointer(yy), g, *static_cast<SundialsUserData*>(data));
}

struct IdaFree {
  void operator()(void* mem) const { IDAFree(&mem); }
};

class IdaStepper final : public SundialsStepper {
 public:
  IdaStepper(const Model& model, const SolverOptions& options, double t_end, void* mem, N_Vector yy, N_Vector yp,
             N_Vector id, N_Vector scratch, std::function<void(int, const char*, double)> ok)
      : model_(model), options_(options), t_end_(t_end), mem_(mem), yy_(yy), yp_(yp), id_(id), scratch_(scratch),
        ok_(std::move(ok)) {}
  Result step(double t_end, double& t, VecRef x) override {
    const int flag = IDASolve(mem_, t_end, &t, yy_, yp_, IDA_ONE_STEP);
    x = as_eigen(yy_);  // on a failure: the last good step
    if (flag == IDA_CONV_FAIL || flag == IDA_ERR_FAIL) {
      failed_flag_ = flag, failed_at_ = t;
      return Result::failed;
    }
    ok_(flag, "IDASolve", t);
    return flag == IDA_ROOT_RETURN ? Result::root : flag == IDA_TSTOP_RETURN ? Result::stop : Result::step;
  }
  void throw_failure() override { ok_(failed_flag_, "IDASolve", failed_at_); }
  void interpolate(double t, VecRef x) override {
    ok_(IDAGetDky(mem_, t, 0, scratch_), "IDAGetDky", t);
    x = as_eigen(scratch_);
  }
  void root_info(std::vector<int>& found) override { ok_(IDAGetRootInfo(mem_, found.data()), "IDAGetRootInfo", 0); }
  // x, a derivative guess x' = f_mode(x) and the mode's mask; IDAReInit; IDACalcIC when rows are algebraic.
  void restart(double t, VecRef x, const Mode& mode) override {
    as_eigen(yy_) = x;
    model_.rhs(t, x, mode, as_eigen(yp_));
    model_.differential_mask(mode, as_eigen(id_));
    const bool algebraic = (as_eigen(id_).array() == 0).any();
    ok_(IDAReInit(mem_, t, yy_, yp_), "IDAReInit", t);
    ok_(IDASetId(mem_, id_), "IDASetId", t);
    if (!algebraic) return;
    ok_(IDASetSuppressAlg(mem_, options_.suppress_algebraic_error ? SUNTRUE : SUNFALSE), "IDASetSuppressAlg", t);
    ok_(IDACalcIC(mem_, IDA_YA_YDP_INIT, t + std::min(options_.dt, t_end_ - t)), "IDACalcIC", t);
    ok_(IDAGetConsistentIC(mem_, yy_, yp_), "IDAGetConsistentIC", t);
    x = as_eigen(yy_);
  }
  void add_stats(RunStats& s) override {
    long v = 0;
    IDAGetNumSteps(mem_, &v), s.steps += v;
    IDAGetNumResEvals(mem_, &v), s.rhs_evals += v;
    IDAGetNumGEvals(mem_, &v), s.root_evals += v;
    IDAGetNumJacEvals(mem_, &v), s.jac_evals += v;
    IDAGetNumErrTestFails(mem_, &v), s.error_test_fails += v;
    IDAGetNumNonlinSolvIters(mem_, &v), s.nonlinear_iters += v;
  }

 private:
  const Model& model_;
  const SolverOptions& options_;
  double t_end_;
  void* mem_;
  N_Vector yy_, yp_, id_, scratch_;
  std::function<void(int, const char*, double)> ok_;
  int failed_flag_ = 0;
  double failed_at_ = 0;
};

}  // namespace

RunStats run_ida(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                 const Observer& observer) {
  SundialsMessages messages;
  const std::size_t n = model.size();
  const std::size_t ng = options.events ? model.num_events() : 0;
  auto ctx = make_context();
  auto yy = make_vector(n, ctx.get());
  auto yp = make_vector(n, ctx.get());
  auto id = make_vector(n, ctx.get());
  auto scratch = make_vector(n, ctx.get());
  as_eigen(yy.get()) = x;
  model.rhs(t0, x, mode, as_eigen(yp.get()));
  // Declared before the integrator memory so that IDAFree runs first, as in the SUNDIALS examples.
  const LinearSystem linear = make_linear_system(model, yy.get(), ctx.get());  // banded for a chain, else dense
  std::unique_ptr<void, IdaFree> mem(IDACreate(ctx.get()));
  if (!mem) throw SolverError("ida: IDACreate failed");
  RunStats guard_stats;
  SwitchingGuard guard(model, options.rtol, options.atol, guard_stats);
  SundialsUserData user{&model, &mode, &guard, Vec(static_cast<Eigen::Index>(model.num_events())), {}};
  auto ok = [&](int flag, const char* call, double t) {
    if (flag < 0 && !user.callback_error.empty()) messages.last = user.callback_error;
    check(flag, "ida", call, IDAGetReturnFlagName, messages, t);
  };
  const double nan = std::nan("");
  ok(IDASetErrHandlerFn(mem.get(), SundialsMessages::handler, &messages), "IDASetErrHandlerFn", nan);
  ok(IDAInit(mem.get(), ida_residual, t0, yy.get(), yp.get()), "IDAInit", nan);
  ok(IDASetUserData(mem.get(), &user), "IDASetUserData", nan);
  ok(IDASStolerances(mem.get(), options.rtol, options.atol), "IDASStolerances", nan);
  ok(IDASetLinearSolver(mem.get(), linear.solver.get(), linear.matrix.get()), "IDASetLinearSolver", nan);
  ok(IDASetMaxOrd(mem.get(), options.max_order), "IDASetMaxOrd", nan);
  ok(IDASetMaxNumSteps(mem.get(), 10000000), "IDASetMaxNumSteps", nan);
  ok(IDASetStopTime(mem.get(), t_end), "IDASetStopTime", nan);
  if (options.max_step > 0) ok(IDASetMaxStep(mem.get(), options.max_step), "IDASetMaxStep", nan);
  if (ng > 0) {
    std::vector<int> directions(ng);
    for (std::size_t i = 0; i < ng; ++i) directions[i] = model.event_direction(i);
    ok(IDARootInit(mem.get(), static_cast<int>(ng), ida_roots), "IDARootInit", nan);
    ok(IDASetRootDirection(mem.get(), directions.data()), "IDASetRootDirection", nan);
  }
  IdaStepper stepper(model, options, t_end, mem.get(), yy.get(), yp.get(), id.get(), scratch.get(), ok);
  RunStats stats = run_sundials_event_loop(model, t0, t_end, x, mode, options, observer, stepper, guard, "ida");
  stats.root_evals += guard_stats.root_evals;
  return stats;
}

}  // namespace stickslip
