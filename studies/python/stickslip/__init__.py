"""stickslip from Python: the C++ engine's studies, models, drivers and particle engine.

    import stickslip
    m = stickslip.model("sliding-plates", law="csds", gamma=2.0)
    r = stickslip.simulate(m, "cvode:bdf", t_end=10, dt_out=0.01)

Errors: bad input raises ValueError with the command line's message (key, value, what is allowed); a driver's
failure raises stickslip.SolverError; Ctrl-C raises KeyboardInterrupt.
"""
from ._core import SolverError  # noqa: F401
from .models import (FREE, SLIDE_NEG, SLIDE_POS, STICK, Contact, Law, Simulation, exact_sliding_plates,  # noqa: F401
                     forms, laws, model, relations, simulate)

__all__ = ["SolverError", "Law", "Contact", "Simulation", "model", "simulate", "relations", "laws", "forms", "exact_sliding_plates",
           "FREE", "STICK", "SLIDE_POS", "SLIDE_NEG"]
