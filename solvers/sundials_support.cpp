#include "solvers/sundials_support.hpp"

#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <cmath>
#include <cstdlib>

#include "core/errors.hpp"

namespace stickslip {

ContextPtr make_context() {
  SUNContext ctx = nullptr;
  if (SUNContext_Create(nullptr, &ctx) != 0 || !ctx) throw SolverError("SUNContext_Create failed");
  return ContextPtr(ctx);
}

NVectorPtr make_vector(std::size_t n, SUNContext ctx) {
  N_Vector v = N_VNew_Serial(static_cast<sunindextype>(n), ctx);
  if (!v) throw SolverError("N_VNew_Serial failed");
  return NVectorPtr(v);
}

MatrixPtr make_dense_matrix(std::size_t n, SUNContext ctx) {
  SUNMatrix m = SUNDenseMatrix(static_cast<sunindextype>(n), static_cast<sunindextype>(n), ctx);
  if (!m) throw SolverError("SUNDenseMatrix failed");
  return MatrixPtr(m);
}

LinearSolverPtr make_dense_solver(N_Vector y, SUNMatrix a, SUNContext ctx) {
  SUNLinearSolver s = SUNLinSol_Dense(y, a, ctx);
  if (!s) throw SolverError("SUNLinSol_Dense failed");
  return LinearSolverPtr(s);
}

LinearSystem make_linear_system(const Model& model, N_Vector y, SUNContext ctx) {
  const std::size_t n = model.size();
  const Model::Band b = model.jacobian_band();
  LinearSystem ls;
  if (b.upper >= 0 && b.lower >= 0 && 3 * static_cast<std::size_t>(b.upper + b.lower + 1) < n) {
    SUNMatrix m = SUNBandMatrix(static_cast<sunindextype>(n), static_cast<sunindextype>(b.upper),
                                static_cast<sunindextype>(b.lower), ctx);
    if (!m) throw SolverError("SUNBandMatrix failed");
    ls.matrix = MatrixPtr(m);
    SUNLinearSolver s = SUNLinSol_Band(y, m, ctx);
    if (!s) throw SolverError("SUNLinSol_Band failed");
    ls.solver = LinearSolverPtr(s);
    ls.banded = true;
    return ls;
  }
  ls.matrix = make_dense_matrix(n, ctx);
  ls.solver = make_dense_solver(y, ls.matrix.get(), ctx);
  return ls;
}

void SundialsMessages::handler(int, const char* module, const char* function, char* msg, void* self) {
  static_cast<SundialsMessages*>(self)->last = std::string(module) + "/" + function + ": " + msg;
}

void check(int flag, const char* solver, const char* call, FlagNameFn flag_name, const SundialsMessages& messages,
           double t) {
  if (flag >= 0) return;
  char* name = flag_name(flag);
  std::string what = std::string(solver) + ": " + call + " failed with " + (name ? name : std::to_string(flag));
  std::free(name);
  if (std::isfinite(t)) what += " at t=" + std::to_string(t);
  if (!messages.last.empty()) what += " (" + messages.last + ")";
  throw SolverError(what);
}

}  // namespace stickslip
