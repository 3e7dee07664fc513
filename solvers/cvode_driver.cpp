// solvers/cvode_driver.cpp — SUNDIALS CVODE (BDF or Adams-Moulton, dense Newton) on Model::rhs.
//
// Set-up only: tolerances, order, step limits, CVodeRootInit / CVodeSetRootDirection on the guarded switching
// functions; the output/event loop (one step at a time, CVodeGetDky for outputs, CVodeReInit after each mode
// change) is solvers/sundials_event_loop.hpp, shared with IDA. Integration never passes t_end (CVodeSetStopTime).
#include <cvode/cvode.h>

#include <cmath>

#include "core/errors.hpp"
#include "solvers/integrate.hpp"
#include "solvers/sundials_event_loop.hpp"
#include "solvers/sundials_support.hpp"

namespace stickslip {
namespace {

int cvode_rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* data) {
  auto* u = static_cast<SundialsUserData*>(data);
  try {
    u->model->rhs(t, as_eigen(y), *u->mode, as_eigen(ydot));
    return as_eigen(ydot).allFinite() ? 0 : 1;  // recoverable: CVODE retries with a smaller step
  } catch (const std::exception& e) {
    u->callback_error = e.what();
    return -1;
  }
}

int cvode_roots(sunrealtype t, N_Vector y, sunrealtype* g, void* data) {
  return root_callback(t, N_VGetArrayPointer(y), g, *static_cast<SundialsUserData*>(data));
}

struct CvodeFree {
  void operator()(void* mem) const { CVodeFree(&mem); }
};

class CvodeStepper final : public SundialsStepper {
 public:
  CvodeStepper(void* mem, N_Vector y, N_Vector scratch, std::function<void(int, const char*, double)> ok)
      : mem_(mem), y_(y), scratch_(scratch), ok_(std::move(ok)) {}
  Result step(double t_end, double& t, VecRef x) override {
    const int flag = CVode(mem_, t_end, y_, &t, CV_ONE_STEP);
    x = as_eigen(y_);  // on a failure: the last good step
    if (flag == CV_CONV_FAILURE || flag == CV_ERR_FAILURE) {
      failed_flag_ = flag, failed_at_ = t;
      return Result::failed;
    }
    ok_(flag, "CVode", t);
    return flag == CV_ROOT_RETURN ? Result::root : flag == CV_TSTOP_RETURN ? Result::stop : Result::step;
  }
  void throw_failure() override { ok_(failed_flag_, "CVode", failed_at_); }
  void interpolate(double t, VecRef x) override {
    ok_(CVodeGetDky(mem_, t, 0, scratch_), "CVodeGetDky", t);
    x = as_eigen(scratch_);
  }
  void root_info(std::vector<int>& found) override { ok_(CVodeGetRootInfo(mem_, found.data()), "CVodeGetRootInfo", 0); }
  void restart(double t, VecRef x, const Mode&) override {
    as_eigen(y_) = x;
    ok_(CVodeReInit(mem_, t, y_), "CVodeReInit", t);
  }
  void add_stats(RunStats& s) override {
    long v = 0;
    CVodeGetNumSteps(mem_, &v), s.steps += v;
    CVodeGetNumRhsEvals(mem_, &v), s.rhs_evals += v;
    CVodeGetNumGEvals(mem_, &v), s.root_evals += v;
    CVodeGetNumJacEvals(mem_, &v), s.jac_evals += v;
    CVodeGetNumErrTestFails(mem_, &v), s.error_test_fails += v;
    CVodeGetNumNonlinSolvIters(mem_, &v), s.nonlinear_iters += v;
  }

 private:
  void* mem_;
  N_Vector y_, scratch_;
  int failed_flag_ = 0;
  double failed_at_ = 0;
  std::function<void(int, const char*, double)> ok_;
};

}  // namespace

RunStats run_cvode(const Model& model, double t0, double t_end, VecRef x, Mode& mode, const SolverOptions& options,
                   const Observer& observer) {
  SundialsMessages messages;
  const std::size_t n = model.size();
  const std::size_t ng = options.events ? model.num_events() : 0;
  auto ctx = make_context();
  auto y = make_vector(n, ctx.get());
  auto scratch = make_vector(n, ctx.get());
  as_eigen(y.get()) = x;
  // Declared before the integrator memory so that CVodeFree runs first, as in the SUNDIALS examples.
  const LinearSystem linear = make_linear_system(model, y.get(), ctx.get());  // banded for a chain, else dense
  std::unique_ptr<void, CvodeFree> mem(CVodeCreate(options.adams ? CV_ADAMS : CV_BDF, ctx.get()));
  if (!mem) throw SolverError("cvode: CVodeCreate failed");
  RunStats guard_stats;
  SwitchingGuard guard(model, options.rtol, options.atol, guard_stats);
  SundialsUserData user{&model, &mode, &guard, Vec(static_cast<Eigen::Index>(model.num_events())), {}};
  auto ok = [&](int flag, const char* call, double t) {
    if (flag < 0 && !user.callback_error.empty()) messages.last = user.callback_error;
    check(flag, "cvode", call, CVodeGetReturnFlagName, messages, t);
  };
  const double nan = std::nan("");
  ok(CVodeSetErrHandlerFn(mem.get(), SundialsMessages::handler, &messages), "CVodeSetErrHandlerFn", nan);
  ok(CVodeInit(mem.get(), cvode_rhs, t0, y.get()), "CVodeInit", nan);
  ok(CVodeSetUserData(mem.get(), &user), "CVodeSetUserData", nan);
  ok(CVodeSStolerances(mem.get(), options.rtol, options.atol), "CVodeSStolerances", nan);
  ok(CVodeSetLinearSolver(mem.get(), linear.solver.get(), linear.matrix.get()), "CVodeSetLinearSolver", nan);
  ok(CVodeSetMaxOrd(mem.get(), options.max_order), "CVodeSetMaxOrd", nan);
  ok(CVodeSetMaxNumSteps(mem.get(), 10000000), "CVodeSetMaxNumSteps", nan);
  ok(CVodeSetStopTime(mem.get(), t_end), "CVodeSetStopTime", nan);
  if (options.max_step > 0) ok(CVodeSetMaxStep(mem.get(), options.max_step), "CVodeSetMaxStep", nan);
  if (ng > 0) {
    std::vector<int> directions(ng);
    for (std::size_t i = 0; i < ng; ++i) directions[i] = model.event_direction(i);
    ok(CVodeRootInit(mem.get(), static_cast<int>(ng), cvode_roots), "CVodeRootInit", nan);
    ok(CVodeSetRootDirection(mem.get(), directions.data()), "CVodeSetRootDirection", nan);
  }
  CvodeStepper stepper(mem.get(), y.get(), scratch.get(), ok);
  RunStats stats = run_sundials_event_loop(model, t0, t_end, x, mode, options, observer, stepper, guard, "cvode");
  stats.root_evals += guard_stats.root_evals;
  return stats;
}

}  // namespace stickslip
