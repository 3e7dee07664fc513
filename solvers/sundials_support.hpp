// solvers/sundials_support.hpp — RAII ownership of SUNDIALS 6.4 objects and return-code checking.
//
// Every handle (context, N_Vector, SUNMatrix, SUNLinearSolver, CVODE/IDA memory) is owned by a unique_ptr
// with the matching destroy function. Every call's return code goes through check(), which throws a
// SolverError carrying the flag name and the message SUNDIALS reported through its error handler.
#pragma once

#include <memory>
#include <string>

#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include "core/model.hpp"
#include "core/types.hpp"

namespace stickslip {

struct NVectorDeleter {
  void operator()(N_Vector v) const { N_VDestroy(v); }
};
struct MatrixDeleter {
  void operator()(SUNMatrix m) const { SUNMatDestroy(m); }
};
struct LinearSolverDeleter {
  void operator()(SUNLinearSolver s) const { SUNLinSolFree(s); }
};
struct ContextDeleter {
  void operator()(SUNContext c) const { SUNContext_Free(&c); }
};

using NVectorPtr = std::unique_ptr<std::remove_pointer_t<N_Vector>, NVectorDeleter>;
using MatrixPtr = std::unique_ptr<std::remove_pointer_t<SUNMatrix>, MatrixDeleter>;
using LinearSolverPtr = std::unique_ptr<std::remove_pointer_t<SUNLinearSolver>, LinearSolverDeleter>;
using ContextPtr = std::unique_ptr<std::remove_pointer_t<SUNContext>, ContextDeleter>;

ContextPtr make_context();
NVectorPtr make_vector(std::size_t n, SUNContext ctx);
MatrixPtr make_dense_matrix(std::size_t n, SUNContext ctx);
LinearSolverPtr make_dense_solver(N_Vector y, SUNMatrix a, SUNContext ctx);

// The Newton iteration's matrix and linear solver for a model: banded (SUNBandMatrix + SUNLinSol_Band, O(n b^2) per
// factorisation) when the model reports a band (Model::jacobian_band) narrower than a third of its size, dense
// otherwise. A chain of n blocks then costs O(n) per Newton step instead of O(n^3).
struct LinearSystem {
  MatrixPtr matrix;
  LinearSolverPtr solver;
  bool banded = false;
};
LinearSystem make_linear_system(const Model& model, N_Vector y, SUNContext ctx);

inline Eigen::Map<Vec> as_eigen(N_Vector v) {
  return {N_VGetArrayPointer(v), static_cast<Eigen::Index>(N_VGetLength(v))};
}

// Collects the last message SUNDIALS printed through an error handler.
struct SundialsMessages {
  std::string last;
  static void handler(int code, const char* module, const char* function, char* msg, void* self);
};

// Throws SolverError("<solver>: <call> failed with <FLAG> at t=...: <message>") when flag < 0. The flag's name
// comes from flag_name (CVodeGetReturnFlagName / IDAGetReturnFlagName), which allocates the string it returns:
// it is called only on failure and its result freed here.
using FlagNameFn = char* (*)(long int);
void check(int flag, const char* solver, const char* call, FlagNameFn flag_name, const SundialsMessages& messages,
           double t = std::nan(""));

}  // namespace stickslip
