"""stickslip from Python: the C++ engine's studies, models, drivers and particle engine.

    import stickslip
"""
from ._core import SolverError  # noqa: F401

__all__ = ["SolverError"]
