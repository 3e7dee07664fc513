"""The package imports and its error type is a RuntimeError."""
import stickslip


def test_solver_error_is_runtime_error():
    assert issubclass(stickslip.SolverError, RuntimeError)
