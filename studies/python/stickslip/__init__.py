"""stickslip from Python: the C++ engine's studies and experiments, its small systems with any driver (and friction
laws written in Python), and the particle engine.

    import stickslip
    r = stickslip.run("sliding-plates", dt=0.01)                 # a study, as `stickslip run`
    m = stickslip.model("sliding-plates", law="csds", gamma=2.0)  # a relation + a law
    s = stickslip.simulate(m, "cvode:bdf", t_end=10, dt_out=0.01)
    p = stickslip.ParticleSystem(positions=..., radii=..., tangential="dsds", ...)
    y = stickslip.system(M=[1, 0.5], K=[[80, -30], [-30, 30]], W=[[1, 0], [0, 1]], normal_force=[9.81, 4.9],
                         law_params={"mu": 0.2})                 # or a dict, or file="system.toml"
    r = stickslip.simulate_system(y, "filippov:dopri5", t_end=3)  # several contacts, as `stickslip simulate`

Errors: bad input raises ValueError with the command line's message (key, value, what is allowed); a driver's
failure raises stickslip.SolverError; Ctrl-C raises KeyboardInterrupt.
"""
try:
    from ._core import SolverError  # noqa: F401
except ModuleNotFoundError as _missing:  # the compiled half of the package is built by its own target
    if _missing.name != __name__ + "._core":
        raise
    import os as _os
    raise ImportError(
        "stickslip: the compiled module stickslip._core is not built in " + _os.path.dirname(_os.path.abspath(__file__)) +
        "; build it with `make build` (or `make check`, or `cmake --build build --target stickslip_python`): `make run` "
        "builds only the stickslip program", name=__name__ + "._core") from None
from .models import (FREE, SLIDE_NEG, SLIDE_POS, STICK, Contact, Law, Simulation, exact_sliding_plates,  # noqa: F401
                     forms, laws, model, relations, simulate)
from .particles import ParticleSystem, particle_laws  # noqa: F401
from .systems import System, SystemSimulation, simulate_system, system  # noqa: F401
from .studies import (Observable, Parameter, Result, Table, VerifyResult, converge, help, merge,  # noqa: F401
                      observables, parameters, plan, program, read_table, run, studies, sweep, verify)

__all__ = ["SolverError"]
# The studies and experiments (studies.py); `help` is stickslip.help(STUDY), not exported by `import *` (it would
# hide the builtin).
__all__ += ["studies", "parameters", "observables", "plan", "run", "converge", "sweep", "merge", "verify", "program",
            "read_table", "Result", "Table", "Parameter", "Observable", "VerifyResult"]
# The small systems and their drivers (models.py).
__all__ += ["Law", "Contact", "Simulation", "model", "simulate", "relations", "laws", "forms", "exact_sliding_plates",
            "FREE", "STICK", "SLIDE_POS", "SLIDE_NEG"]
# The particle engine (particles.py).
__all__ += ["ParticleSystem", "particle_laws"]
# Systems of several contacts (systems.py).
__all__ += ["System", "SystemSimulation", "system", "simulate_system"]
