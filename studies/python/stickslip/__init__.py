"""stickslip from Python: the C++ engine's studies, models, drivers and particle engine.

    import stickslip
"""
from ._core import SolverError  # noqa: F401

__all__ = ["SolverError"]
from .particles import ParticleSystem, particle_laws  # noqa: F401,E402

__all__ += ["ParticleSystem", "particle_laws"]
