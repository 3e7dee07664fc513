// bench_sliding_plates — overhead of stickslip's drivers against baselines measured in the same run
// (a benchmark, not a test: it prints ratios and counts, it asserts nothing).
//
//  1. C-SDS, RK4, fixed step, events off: integrate() through odeint vs a hand-written RK4 loop calling
//     the same Model::rhs (target <= 1.10x).
//  2. C-SDS with stick/slip events through our CVODE and IDA adapters vs direct SUNDIALS C-API drivers
//     of the same problem with the same options, one step at a time with interpolated outputs (target <= 1.2x;
//     step and rhs/residual counts must be identical; our root evaluations add n + 3 per restart for the
//     grazing guard's noise band, solvers/switching_guard.hpp).
//  3. Root evaluations per step of the odeint event locator (target <= 1.2).
// Timings are the minimum over repetitions of wall-clock time (std::chrono::steady_clock).
#include <cvode/cvode.h>
#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

#include "models/sliding_plates.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {

const PlateParameters kP{1, 1, 2, 1};

double best_seconds(int repetitions, const std::function<void()>& f) {
  double best = 1e300;
  for (int i = 0; i < repetitions; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

// ---- 1. hand-written RK4 on the same right-hand side ----
double hand_rk4(const Model& model, double dt, double t_end) {
  Vec x(3), k1(3), k2(3), k3(3), k4(3), tmp(3);
  x << 4, 0, 0;
  const Mode mode{free_mode};
  const long n = std::lround(t_end / dt);
  double t = 0;
  for (long i = 0; i < n; ++i) {
    model.rhs(t, x, mode, k1);
    tmp = x + 0.5 * dt * k1;
    model.rhs(t + 0.5 * dt, tmp, mode, k2);
    tmp = x + 0.5 * dt * k2;
    model.rhs(t + 0.5 * dt, tmp, mode, k3);
    tmp = x + dt * k3;
    model.rhs(t + dt, tmp, mode, k4);
    x += dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    t = (i + 1) * dt;
  }
  return x[0];
}

// ---- 2. direct SUNDIALS drivers of the event-driven C-SDS (same formulas as models/sliding_plates) ----
struct Raw {
  int mode = slide_neg;
};

void raw_f(const double* x, int mode, double* f) {
  const double v = x[0], xi = x[1];
  const double fs = -kP.k * xi - kP.gamma * v;
  const double force = mode == stick_mode ? fs : (mode == slide_pos ? kP.fmax : -kP.fmax);
  f[0] = force / kP.m;
  f[1] = mode == stick_mode ? v : -((mode == slide_pos ? 1 : -1) * kP.fmax + kP.k * xi) / kP.gamma;
  f[2] = force * v;
}
void raw_g(const double* x, int mode, double* g) {
  const double fs = -kP.k * x[1] - kP.gamma * x[0];
  if (mode == stick_mode) {
    g[0] = fs - kP.fmax;
    g[1] = -fs - kP.fmax;
  } else {
    g[0] = kP.fmax - (mode == slide_pos ? 1 : -1) * fs;
    g[1] = -1;
  }
}
void raw_switch(int& mode, const int* found) {
  if (mode == stick_mode) mode = found[0] ? slide_pos : slide_neg;
  else if (found[0]) mode = stick_mode;
}

int cv_rhs(double, N_Vector y, N_Vector yd, void* u) {
  raw_f(N_VGetArrayPointer(y), static_cast<Raw*>(u)->mode, N_VGetArrayPointer(yd));
  return 0;
}
int cv_g(double, N_Vector y, double* g, void* u) {
  raw_g(N_VGetArrayPointer(y), static_cast<Raw*>(u)->mode, g);
  return 0;
}
int ida_res(double, N_Vector y, N_Vector yp, N_Vector r, void* u) {
  double f[3];
  raw_f(N_VGetArrayPointer(y), static_cast<Raw*>(u)->mode, f);
  for (int i = 0; i < 3; ++i) N_VGetArrayPointer(r)[i] = N_VGetArrayPointer(yp)[i] - f[i];
  return 0;
}
int ida_g(double, N_Vector y, N_Vector, double* g, void* u) {
  raw_g(N_VGetArrayPointer(y), static_cast<Raw*>(u)->mode, g);
  return 0;
}

struct Counts {
  long steps = 0, rhs = 0, roots = 0;
};

Counts raw_cvode(double dt, double t_end, double rtol, double atol) {
  SUNContext ctx;
  SUNContext_Create(nullptr, &ctx);
  N_Vector y = N_VNew_Serial(3, ctx);
  double* yd = N_VGetArrayPointer(y);
  yd[0] = 4, yd[1] = 0, yd[2] = 0;
  Raw user;
  void* mem = CVodeCreate(CV_BDF, ctx);
  CVodeInit(mem, cv_rhs, 0, y);
  CVodeSetUserData(mem, &user);
  CVodeSStolerances(mem, rtol, atol);
  SUNMatrix a = SUNDenseMatrix(3, 3, ctx);
  SUNLinearSolver ls = SUNLinSol_Dense(y, a, ctx);
  CVodeSetLinearSolver(mem, ls, a);
  CVodeSetMaxOrd(mem, 5);
  CVodeSetMaxNumSteps(mem, 10000000);
  CVodeSetStopTime(mem, t_end);
  int dirs[2] = {1, 1}, found[2];
  CVodeRootInit(mem, 2, cv_g);
  CVodeSetRootDirection(mem, dirs);
  Counts c;
  auto add = [&] {
    long v;
    CVodeGetNumSteps(mem, &v), c.steps += v;
    CVodeGetNumRhsEvals(mem, &v), c.rhs += v;
    CVodeGetNumGEvals(mem, &v), c.roots += v;
  };
  // One internal step at a time, outputs t0 + k dt interpolated (CVodeGetDky), as a driver with events and
  // an output grid is written (and as stickslip's loop does).
  N_Vector out = N_VNew_Serial(3, ctx);
  const double same = 1e-10 * std::max(1.0, t_end);
  double t = 0;
  long k = 1;
  while (t < t_end) {
    const int flag = CVode(mem, t_end, y, &t, CV_ONE_STEP);
    if (flag < 0) break;
    const double last = flag == CV_ROOT_RETURN ? t - same : t;
    for (; k * dt < t_end - same && k * dt <= last; ++k) CVodeGetDky(mem, k * dt, 0, out);
    while (k * dt < t_end - same && k * dt <= t) ++k;
    if (flag == CV_ROOT_RETURN) {
      CVodeGetRootInfo(mem, found);
      raw_switch(user.mode, found);
      add();
      CVodeReInit(mem, t, y);
      continue;
    }
  }
  N_VDestroy(out);
  add();
  CVodeFree(&mem);
  SUNLinSolFree(ls);
  SUNMatDestroy(a);
  N_VDestroy(y);
  SUNContext_Free(&ctx);
  return c;
}

Counts raw_ida(double dt, double t_end, double rtol, double atol) {
  SUNContext ctx;
  SUNContext_Create(nullptr, &ctx);
  N_Vector y = N_VNew_Serial(3, ctx), yp = N_VNew_Serial(3, ctx), id = N_VNew_Serial(3, ctx);
  double* yd = N_VGetArrayPointer(y);
  yd[0] = 4, yd[1] = 0, yd[2] = 0;
  Raw user;
  raw_f(yd, user.mode, N_VGetArrayPointer(yp));
  N_VConst(1.0, id);
  void* mem = IDACreate(ctx);
  IDAInit(mem, ida_res, 0, y, yp);
  IDASetUserData(mem, &user);
  IDASStolerances(mem, rtol, atol);
  SUNMatrix a = SUNDenseMatrix(3, 3, ctx);
  SUNLinearSolver ls = SUNLinSol_Dense(y, a, ctx);
  IDASetLinearSolver(mem, ls, a);
  IDASetMaxOrd(mem, 5);
  IDASetMaxNumSteps(mem, 10000000);
  IDASetStopTime(mem, t_end);
  int dirs[2] = {1, 1}, found[2];
  IDARootInit(mem, 2, ida_g);
  IDASetRootDirection(mem, dirs);
  IDASetId(mem, id);
  Counts c;
  auto add = [&] {
    long v;
    IDAGetNumSteps(mem, &v), c.steps += v;
    IDAGetNumResEvals(mem, &v), c.rhs += v;
    IDAGetNumGEvals(mem, &v), c.roots += v;
  };
  // One internal step at a time, outputs t0 + k dt interpolated (IDAGetDky), as a driver with events and
  // an output grid is written (and as stickslip's loop does).
  N_Vector out = N_VNew_Serial(3, ctx);
  const double same = 1e-10 * std::max(1.0, t_end);
  double t = 0;
  long k = 1;
  while (t < t_end) {
    const int flag = IDASolve(mem, t_end, &t, y, yp, IDA_ONE_STEP);
    if (flag < 0) break;
    const double last = flag == IDA_ROOT_RETURN ? t - same : t;
    for (; k * dt < t_end - same && k * dt <= last; ++k) IDAGetDky(mem, k * dt, 0, out);
    while (k * dt < t_end - same && k * dt <= t) ++k;
    if (flag == IDA_ROOT_RETURN) {
      IDAGetRootInfo(mem, found);
      raw_switch(user.mode, found);
      add();
      raw_f(yd, user.mode, N_VGetArrayPointer(yp));
      IDAReInit(mem, t, y, yp);
      IDASetId(mem, id);
      continue;
    }
  }
  N_VDestroy(out);
  add();
  IDAFree(&mem);
  SUNLinSolFree(ls);
  SUNMatDestroy(a);
  N_VDestroy(y);
  N_VDestroy(yp);
  N_VDestroy(id);
  SUNContext_Free(&ctx);
  return c;
}

}  // namespace

int main() {
  std::printf("stickslip driver overhead, sliding plates (Führer, Brendel & Wolf §3.1), minimum of repeated runs\n\n");

  // 1. odeint RK4 vs hand-written loop, C-SDS without events, 1e6 steps.
  {
    const auto owned = plates_model(kP, "csds", Driver::fixed, false);
    const Model& model = *owned;
    const double dt = 1e-5, t_end = 10;
    double v_hand = 0, v_ours = 0;
    const double hand = best_seconds(5, [&] { v_hand = hand_rk4(model, dt, t_end); });
    SolverOptions o;
    o.kind = Scheme::rk4;
    o.dt = dt;
    o.events = false;
    const double ours = best_seconds(5, [&] {
      Vec x(3);
      x << 4, 0, 0;
      Mode mode{free_mode};
      integrate(model, 0, t_end, x, mode, o);
      v_ours = x[0];
    });
    std::printf("1. C-SDS RK4, %ld steps, events off\n", std::lround(t_end / dt));
    std::printf("   hand-written loop   %8.4f s\n   integrate (odeint)  %8.4f s   ratio %.3f (target <= 1.10)   |dv| = %.1e\n\n",
                hand, ours, ours / hand, std::abs(v_hand - v_ours));
  }

  // 2. CVODE and IDA adapters vs direct C-API drivers, C-SDS with events.
  const double dt = 0.01, t_end = 10, rtol = 1e-10, atol = 1e-12;
  for (Scheme kind : {Scheme::cvode, Scheme::ida}) {
    const auto owned = plates_model(kP, "csds", Driver::fixed, true);
    const Model& model = *owned;
    SolverOptions o;
    o.kind = kind;
    o.dt = dt;
    o.rtol = rtol;
    o.atol = atol;
    o.events = true;
    RunStats ours_stats;
    Counts raw;
    const int reps = 200;
    const double t_raw = best_seconds(reps, [&] { raw = kind == Scheme::cvode ? raw_cvode(dt, t_end, rtol, atol) : raw_ida(dt, t_end, rtol, atol); });
    const double t_ours = best_seconds(reps, [&] {
      Vec x(3);
      x << 4, 0, 0;
      Mode mode = model.initial_mode(0, x);
      ours_stats = integrate(model, 0, t_end, x, mode, o);
    });
    std::printf("2. C-SDS with events, %s, rtol %.0e, outputs every %.2g\n", to_string(kind).c_str(), rtol, dt);
    std::printf("   direct C API        %8.5f s   steps %ld  %s %ld  roots %ld\n", t_raw, raw.steps,
                kind == Scheme::cvode ? "rhs" : "res", raw.rhs, raw.roots);
    std::printf("   stickslip adapter   %8.5f s   steps %ld  %s %ld  roots %ld   ratio %.3f (target <= 1.2)  "
                "steps and %s %s; roots +%ld (guard)\n\n",
                t_ours, ours_stats.steps, kind == Scheme::cvode ? "rhs" : "res", ours_stats.rhs_evals,
                ours_stats.root_evals, t_ours / t_raw, kind == Scheme::cvode ? "rhs" : "res",
                raw.steps == ours_stats.steps && raw.rhs == ours_stats.rhs_evals ? "identical" : "DIFFER",
                ours_stats.root_evals - raw.roots);
  }

  // 3. Root evaluations per step of the odeint event locator.
  for (Scheme kind : {Scheme::euler, Scheme::rk4, Scheme::dopri5}) {
    const auto owned = plates_model(kP, "csds", Driver::fixed, true);
    const Model& model = *owned;
    SolverOptions o;
    o.kind = kind;
    o.dt = 1e-3;
    o.rtol = 1e-8;
    o.atol = 1e-10;
    Vec x(3);
    x << 4, 0, 0;
    Mode mode = model.initial_mode(0, x);
    const RunStats s = integrate(model, 0, 10, x, mode, o);
    std::printf("3. %-7s events located: %zu, steps %ld, root evaluations %ld -> %.4f per step (target <= 1.2)\n",
                to_string(kind).c_str(), s.events.size(), s.steps, s.root_evals,
                static_cast<double>(s.root_evals) / static_cast<double>(s.steps));
  }
  return 0;
}
