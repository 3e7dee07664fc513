"""stickslip from Python: the C++ engine's studies, models, drivers and particle engine.

    import stickslip
"""
from ._core import SolverError  # noqa: F401
from .studies import (Observable, Parameter, Result, Table, VerifyResult, converge, help, merge,  # noqa: F401
                      observables, parameters, plan, program, read_table, run, studies, sweep, verify)

__all__ = ["SolverError"]
# The studies and experiments (studies.py); `help` is stickslip.help(STUDY), not exported by `import *` (it would
# hide the builtin).
__all__ += ["studies", "parameters", "observables", "plan", "run", "converge", "sweep", "merge", "verify", "program",
            "read_table", "Result", "Table", "Parameter", "Observable", "VerifyResult"]
