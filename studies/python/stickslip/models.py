"""Small systems from Python: a relation and a friction law -> a model, simulated by any driver.

    m = stickslip.model("sliding-plates", law="csds", gamma=2.0, v0=4)
    r = stickslip.simulate(m, "cvode:bdf", t_end=10, dt_out=0.01)
    r.t, r.state["v"], r.mode, r.events, r.ledger["dissipation"]

A relation is one of ``stickslip.relations()`` (the sliding plates of Fuehrer, Brendel & Wolf; the block on a slope
and the dry-friction oscillator of Krengel & Matuttis); a law is a name of ``stickslip.laws()`` or a
``stickslip.Law`` written in Python. Which driver runs which law follows from the forms the law provides, exactly as
on the command line (``stickslip list`` prints the matrix).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union

import numpy as np

from . import _check, _core

FREE = _core.FREE
STICK = _core.STICK
SLIDE_POS = _core.SLIDE_POS
SLIDE_NEG = _core.SLIDE_NEG
Contact = _core.Contact


class Law:
    """Base class of a friction law written in Python (subclassing it is optional: the methods decide).

    The forms a law provides follow from the methods it defines (all numbers are floats; ``c`` is a
    :class:`Contact` with ``c.v`` the slip velocity, ``c.m_star`` the effective mass, ``c.a_free`` the slip
    acceleration without friction and ``c.f_stick`` the force that holds the contact; ``fn`` the normal force;
    ``xi``/``z`` the law's one state variable):

    rate form (odeint, CVODE, IDA)
        ``force(c, fn, xi)`` the friction force, ``rate(c, fn, xi)`` the spring's rate xi'.
        Set ``rate_jumps = True`` if the rate jumps (IDA then refuses it).
    slip-force form (no state)
        ``slip_force(c, fn)`` the force as a function of the slip velocity (``force_jumps = True`` if it jumps).
    set-valued (Filippov driver, IDA's DAE of Krengel & Matuttis, the sign form)
        ``static_threshold(fn)`` the largest force a stuck contact holds, ``sliding_force(u, fn)`` >= 0 the force
        sliding at speed u >= 0.
    hybrid (modes located as events)
        ``initial_mode(c, fn, z)``, ``mode_force(c, fn, z, mode)``, ``mode_rate(c, fn, z, mode)``,
        ``events(c, fn, z, mode) -> (g0, g1)`` (negative while the mode holds; an event when one rises through 0),
        ``on_event(c, fn, z, mode, which) -> mode`` or ``(mode, z)``. Modes: FREE, STICK, SLIDE_POS, SLIDE_NEG.
    DAE (IDA; in place of the set-valued DAE)
        the hybrid methods plus ``residual(c, fn, z, zdot, mode)``, ``algebraic(mode) -> bool``, optionally
        ``holds_slip(mode) -> bool`` (the slip row becomes 0 = v) and ``project(c, fn, z, mode) -> z``;
        ``dae_force = True`` when z is the algebraic friction force rather than a spring.

    ``name`` (a class attribute) names the law in messages and results.
    """

    name = "python-law"


def forms(law: Any) -> str:
    """The forms a Python law provides, as ``stickslip list`` names them (ValueError if it provides none)."""
    return _core.python_law_forms(law)


def relations() -> List[Dict[str, Any]]:
    """The small systems: name, the study that runs it, summary, keys (name, unit, default, help) and the law
    parameters it sets from its own keys."""
    return _core.relations()


def laws() -> List[Dict[str, Any]]:
    """The registry's friction laws on the small systems: name, summary, forms, drivers, parameters."""
    return _core.laws()


def model(relation: str, law: Union[str, Any] = "csds", **params: Union[float, bool]) -> _core.Model:
    """A relation with a friction law.

    relation: a name of :func:`relations` (or the study that runs it: ``slope-drift``, ``dry-friction-oscillator``).
    law: a registry name (:func:`laws`) or a Python law object (:class:`Law`).
    params: the relation's keys (parameters and initial state, e.g. ``v0``) and the law's own parameters.
    Every value is checked now: ValueError naming the key, the value and what is allowed (nan, inf or a number
    beyond a double's range as the command line says it); TypeError for a value that is no number (a str).
    """
    _check.name("relation", relation)
    values = {}
    for key, value in params.items():
        if isinstance(value, (bool, np.bool_)):
            value = 1.0 if value else 0.0
        if not _check.is_number(value):
            raise TypeError(f"{key}={value!r}: {_check.kind(value)}; must be a number (int or float)")
        values[key] = _check.number(key, value)
    return _core.Model(relation, law, values)


def exact_sliding_plates(t, law: str = "csds", **params: float) -> Dict[str, Any]:
    """The exact piecewise solution of the sliding plates (Fuehrer, Brendel & Wolf §3.1, derived in closed form per
    phase) at times t: v, xi, force, W and mode per time, and t_stick (the last slide -> stick transition).

    law: csds (eq. 10), or dsds, dsds-stage, dsds-dae (the D-SDS's continuous limit, the same for the three). params: the plates' keys m, k, gamma, fmax, v0,
    xi0 (defaults as in :func:`relations`).
    """
    return _core.exact_plates(law, np.asarray(t, dtype=float), {k: float(v) for k, v in params.items()})


@dataclass
class Simulation:
    """What :func:`simulate` returns. Rows: every output time and the two samples at each located event."""

    names: List[str]
    form: str  # the law's form the driver ran: rate, hybrid, DAE, Filippov, ...
    t: np.ndarray
    state: Dict[str, np.ndarray]  # name -> column, in the order of names
    mode: np.ndarray  # the contact's mode per row: FREE (no modes), STICK, SLIDE_POS (force +, v < 0), SLIDE_NEG
    force: np.ndarray  # the friction force per row
    sigma: np.ndarray  # the Filippov side value in [-1, 1] (NaN for the other forms)
    events: Dict[str, np.ndarray]  # t, which switching function, direction (+1 rising), mode_before, mode_after
    ledger: Dict[str, Any]  # kinetic, potential, external, work, dissipation, balance per row; energy_created
    stats: Dict[str, int] = field(default_factory=dict)  # steps, rhs_evals, root_evals, ...

    def to_pandas(self):
        """The rows as a pandas DataFrame: t, the state, mode, force, sigma and the ledger's columns."""
        import pandas as pd

        cols = {"t": self.t, **self.state, "mode": self.mode, "force": self.force, "sigma": self.sigma}
        cols.update({k: v for k, v in self.ledger.items() if isinstance(v, np.ndarray)})
        return pd.DataFrame(cols)


def simulate(
    m: Any,
    solver: Optional[str] = None,
    t_end: Optional[float] = None,
    *,
    dt: Optional[float] = None,
    dt_out: Optional[float] = None,
    events: Optional[bool] = None,
    rtol: Optional[float] = None,
    atol: Optional[float] = None,
    max_step: float = 0.0,
    projection: Optional[bool] = None,
) -> Any:
    """Run model m from t = 0 to t_end with a driver.

    solver: an integrator spec as the command line takes it: euler, midpoint, heun, rk4, dopri5,
        cvode[:bdf|:adams][:ORDER], ida[:ORDER], filippov:SCHEME (the Filippov driver on a scheme); default
        cvode:bdf. t_end: default 10.
    dt: the step of the fixed-step schemes (default dt_out); dt_out: the output interval (default dt, else
        t_end/1000). events: locate stick/slip switches (the law's hybrid or DAE form) or not (default True).
    rtol, atol, max_step: of dopri5, CVODE and IDA (default 1e-8, 1e-10, no limit; rtol and atol in (0, 1)). projection: velocity
        projection while a DAE law sticks (default True).
    A system of several contacts (stickslip.system) runs as :func:`stickslip.simulate_system` runs it (its own
    defaults: those of its file), returning a :class:`stickslip.SystemSimulation`.
    Raises TypeError for an argument of the wrong type (t_end="10"), ValueError for a value out of range or a
    combination the law has no form for (naming the form), stickslip.SolverError
    when the driver fails, KeyboardInterrupt on Ctrl-C; an exception a Python law raises comes out as itself.
    """
    if isinstance(m, _core.System):
        from .systems import simulate_system

        if max_step != 0.0:
            raise ValueError(f"max_step={max_step!r}: a system of several contacts takes no max_step; allowed: 0")
        return simulate_system(m, solver, t_end, dt=dt, dt_out=dt_out, events=events, rtol=rtol, atol=atol,
                               projection=projection)
    # Types first (TypeError naming the argument: t_end="10" is no number), then the command line's number rules.
    solver = "cvode:bdf" if solver is None else _check.name("solver", solver)
    t_end = 10.0 if t_end is None else _check.number("t_end", t_end)
    dt, dt_out = _check.optional_number("dt", dt), _check.optional_number("dt_out", dt_out)
    rtol = 1e-8 if rtol is None else _check.number("rtol", rtol)
    atol = 1e-10 if atol is None else _check.number("atol", atol)
    max_step = _check.number("max_step", max_step)
    events = True if events is None else _check.flag("events", events)
    projection = True if projection is None else _check.flag("projection", projection)
    r = _core.simulate(m, solver, t_end, dt, dt_out, events, rtol, atol, max_step, projection)
    names = list(r["names"])
    state = {n: r["state"][:, i] for i, n in enumerate(names)}
    return Simulation(names=names, form=r["form"], t=r["t"], state=state, mode=r["mode"], force=r["force"],
                      sigma=r["sigma"], events=dict(r["events"]), ledger=dict(r["ledger"]), stats=dict(r["stats"]))
