"""Systems of several frictional contacts from Python: bodies, springs, drives, forces and N contacts, each with a
law of the registry or one written in Python, run by every driver of systems (the command line's
``stickslip simulate FILE``, the same C++ assembler and runner: the same system from C++, a file and Python gives
the same numbers bit for bit).

    s = stickslip.system(M=[1.0, 0.5], K=[[80, -30], [-30, 30]], W=[[1, 0], [0, 1]],
                         normal_force=[9.81, 4.905], law="coulomb", law_params=[{"mu": 0.2}, {"mu": 0.3}],
                         q0=[0.2, 0.0])
    s = stickslip.system(file="studies/systems/examples/two_masses.toml", **{"contact.floor1.mu": 0.25})
    s = stickslip.system({"body": [{"name": "x1", "mass": 1.0, "q0": 0.2}], "spring": [...], "contact": [...]})
    r = stickslip.simulate_system(s, "filippov:dopri5", t_end=3, dt=1e-3)
    r.t, r.q[:, 0], r.stuck, r.transitions, r.ledger["balance"], r.to_pandas()

The equations (models/system/system_spec.hpp): M q'' = -K q - C v + springs + forces + W^T F, contact i slipping at
s_i = w_i . v - u_i(t) with the normal force F_n,i = max(0, N0 + a . q + b . v) and the tangential force F_i of its
law. Units: SI as the command line writes them (m, m/s, N, J, s), or any consistent set the numbers are given in.

Errors are the command line's: bad input raises ValueError with the file's one line ("contact.floor1.mu=-1: must be
>= 0 ..."; from a file with its name and line in front), an argument of the wrong type or shape TypeError or
ValueError ("W: 3 columns, must be 2 (one per body)"); a driver's failure stickslip.SolverError; Ctrl-C
KeyboardInterrupt; an exception a Python law or function raises comes out as itself.
"""
from __future__ import annotations

import numbers
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Union

import numpy as np

from . import _core
from . import _check
from .studies import _text

System = _core.System

__all__ = ["System", "SystemSimulation", "system", "simulate_system"]


# ------------------------------------------------------------------------------------------------------ building

def _is_number(x: Any) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, (bool, np.bool_))


def _vector(key: str, value: Any, n: int, what: str) -> np.ndarray:
    """value as n floats (a number is repeated n times)."""
    if _is_number(value):
        return np.full(n, float(value))
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{key}: {value!r}; allowed: {n} numbers ({what})") from None
    if a.ndim != 1:
        raise ValueError(f"{key}: a {a.ndim}-d array; allowed: {n} numbers ({what})")
    if a.size != n:
        raise ValueError(f"{key}: {a.size} values, must be {n} ({what})")
    return a


def _matrix(key: str, value: Any, n: int) -> np.ndarray:
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{key}: {value!r}; allowed: an {n} x {n} matrix of numbers") from None
    if a.ndim != 2 or a.shape != (n, n):
        shape = " x ".join(map(str, a.shape)) if a.ndim else "a number"
        raise ValueError(f"{key}: {shape}, must be {n} x {n} (one row and column per body)")
    return a


def _each(key: str, value: Any, m: int, single, what: str = "contact") -> list:
    """value for each of m contacts (or bodies): one value for all (single(value) true), or a list of m."""
    if single(value):
        return [value] * m
    if isinstance(value, (list, tuple, np.ndarray)):
        items = list(value)
        if len(items) != m:
            raise ValueError(f"{key}: {len(items)} values, must be {m} (one per {what})")
        return items
    raise TypeError(f"{key}: {value!r}; allowed: one value for every {what} or a list of {m} (one per {what})")


def _names(key: str, names: Optional[Sequence[str]], count: int, prefix: str, what: str) -> List[str]:
    if names is None:
        return [f"{prefix}{i + 1}" for i in range(count)]
    if isinstance(names, str) or not all(isinstance(s, str) for s in names):
        raise TypeError(f"{key}: {names!r}; allowed: a list of {count} names (str)")
    names = list(names)
    if len(names) != count:
        raise ValueError(f"{key}: {len(names)} names, must be {count} ({what})")
    return names


def _row(key: str, values: np.ndarray, bodies: List[str]) -> Dict[str, float]:
    return {b: float(x) for b, x in zip(bodies, values) if x != 0}


def _time_function(key: str, value: Any) -> Any:
    """A number, a dict {value, rate, amplitude, omega, phase} or a function of t, as the system's dict takes it."""
    if _is_number(value):
        return float(value)
    if isinstance(value, Mapping) or callable(value):
        return dict(value) if isinstance(value, Mapping) else value
    raise TypeError(f"{key}: {value!r}; allowed: a number, a function of t, or a dict "
                    "{value, rate, amplitude, omega, phase}")


def _from_arrays(name, M, K, C, W, u, normal_force, law, law_params, q0, v0, forces, bodies, contacts) -> dict:
    if M is None:
        raise TypeError("M: missing; the masses are needed (n masses, or an n x n mass matrix)")
    try:
        Ma = np.asarray(M, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"M: {M!r}; allowed: n masses or an n x n mass matrix (numbers)") from None
    if Ma.ndim not in (1, 2) or (Ma.ndim == 2 and Ma.shape[0] != Ma.shape[1]) or Ma.size == 0:
        raise ValueError(f"M: shape {Ma.shape}; allowed: n masses or an n x n mass matrix")
    n = Ma.shape[0]
    body_names = _names("bodies", bodies, n, "x", "one per body")
    q0a = np.zeros(n) if q0 is None else _vector("q0", q0, n, "one per body")
    v0a = np.zeros(n) if v0 is None else _vector("v0", v0, n, "one per body")
    spec: dict = {"name": name or "system", "body": []}
    for i, b in enumerate(body_names):
        body = {"name": b, "q0": float(q0a[i]), "v0": float(v0a[i])}
        if Ma.ndim == 1:
            body["mass"] = float(Ma[i])
        spec["body"].append(body)
    if Ma.ndim == 2:
        spec["mass_matrix"] = Ma
    if K is not None:
        spec["stiffness"] = _matrix("K", K, n)
    if C is not None:
        spec["damping"] = _matrix("C", C, n)
    if forces is not None:
        items = _each("forces", forces, n, lambda x: _is_number(x) or callable(x) or isinstance(x, Mapping), "body")
        spec["force"] = []
        for b, f in zip(body_names, items):
            f = _time_function("forces", f)
            if isinstance(f, float) and f == 0:
                continue
            entry = {"name": f"f_{b}", "body": b}
            entry.update(f if isinstance(f, dict) else {"value": f})
            spec["force"].append(entry)
    if W is None:
        if any(x is not None for x in (u, normal_force)):
            raise TypeError("W: missing; the contacts' rows are needed with u and normal_force (an m x n matrix)")
        return spec
    try:
        Wa = np.asarray(W, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"W: {W!r}; allowed: an m x {n} matrix of numbers (a row per contact)") from None
    if Wa.ndim == 1:
        Wa = Wa.reshape(1, -1)
    if Wa.ndim != 2:
        raise ValueError(f"W: a {Wa.ndim}-d array; allowed: an m x {n} matrix (a row per contact)")
    if Wa.shape[1] != n:
        raise ValueError(f"W: {Wa.shape[1]} columns, must be {n} (one per body)")
    m = Wa.shape[0]
    contact_names = _names("contacts", contacts, m, "c", "one per contact")
    if normal_force is None:
        raise TypeError(f"normal_force: missing; allowed: a number or {m} (one per contact)")
    fns = _each("normal_force", normal_force, m, lambda x: _is_number(x) or isinstance(x, Mapping))
    us = _each("u", 0.0 if u is None else u, m, lambda x: _is_number(x) or isinstance(x, Mapping) or callable(x))
    laws = _each("law", law, m, lambda x: not isinstance(x, (list, tuple)))
    if law_params is None:
        params = [{}] * m
    else:
        params = _each("law_params", law_params, m, lambda x: isinstance(x, Mapping))
    spec["contact"] = []
    for i, c in enumerate(contact_names):
        fn = fns[i]
        if isinstance(fn, Mapping):
            fn = dict(fn)
            for part in ("q", "v"):
                if part in fn and not isinstance(fn[part], Mapping):
                    fn[part] = _row(f"normal_force.{part}", _vector(f"normal_force.{part}", fn[part], n,
                                                                    "one per body"), body_names)
        elif not _is_number(fn):
            raise TypeError(f"normal_force: {fn!r}; allowed: a number or a dict {{value, q, v}}")
        else:
            fn = float(fn)
        entry = {"name": c, "row": _row("W", Wa[i], body_names), "normal_force": fn,
                 "surface_velocity": _time_function("u", us[i]), "law": laws[i]}
        p = params[i]
        if not isinstance(p, Mapping):
            raise TypeError(f"law_params: {p!r}; allowed: a dict of the law's parameters, or a list of them")
        for key, value in p.items():
            if key in entry or key == "name":
                raise ValueError(f"law_params: {key}: not a law parameter")
            entry[key] = value
        spec["contact"].append(entry)
    return spec


def system(spec: Union[None, Mapping[str, Any], str, os.PathLike] = None, *, file: Optional[Union[str, os.PathLike]] = None,
           M: Any = None, K: Any = None, C: Any = None, W: Any = None, u: Any = None, normal_force: Any = None,
           law: Any = "coulomb", law_params: Any = None, q0: Any = None, v0: Any = None, forces: Any = None,
           bodies: Optional[Sequence[str]] = None, contacts: Optional[Sequence[str]] = None,
           name: Optional[str] = None, **overrides: Any) -> System:
    """A system of bodies and frictional contacts, from one of three sources; every value is checked now.

    spec: a dict with a system file's structure and key names (models/system/system_file.hpp; ``stickslip help
        FILE`` lists them): "name", "body": [{"name", "mass" [kg], "q0" [m], "v0" [m/s]}], "drive": [{"name",
        "position", "velocity", "amplitude", "omega", "phase"}], "spring": [{"name", "ends": [A, B], "k" [N/m],
        "c" [N s/m], "length" [m], "unilateral"}], "force": [{"name", "body", "value" [N], "rate", "amplitude",
        "omega", "phase"}], "contact": [{"name", "row": {BODY: COEFFICIENT} or "body": BODY, "normal_force" [N]: a
        number or {"value", "q": {BODY: N/m}, "v": {BODY: N s/m}}, "surface_velocity" [m/s]: a number or {"value",
        "rate", "amplitude", "omega", "phase"}, "law": a registry name (stickslip.laws()) or a Python law
        (stickslip.Law), "z0", and the law's parameters by name}], "mass_matrix", "stiffness", "damping" (n x n
        lists or arrays, rows in the bodies' order), "run": the run's defaults (solver, t_end, dt, ...).
        Beyond a file: a surface velocity, a force's value or a drive's position may be a Python function of t.
    file: a system file (.toml; or given as spec: ``stickslip.system("two_masses.toml")``); overrides are its keys
        with new values, as ``--set KEY=VALUE`` (``stickslip.system(file=F, **{"contact.floor1.mu": 0.3})``).
    arrays (n bodies, m contacts): M (n masses, or an n x n mass matrix), K and C (n x n: the linear force
        -K q - C v), W (m x n: contact i's slip velocity is W[i] . v - u[i]), u (m surface velocities: numbers,
        dicts or functions of t; default 0), normal_force (a number or m: numbers, or dicts {"value", "q", "v"}
        with q, v n-vectors or {BODY: coefficient}), law (one name or Python law for all, or a list of m),
        law_params (one dict for all, or a list of m), q0, v0 (n), forces (n constant forces, or functions of t),
        bodies (n names, default x1..xn), contacts (m names, default c1..cm), name.
    Returns a :class:`System` (``.bodies``, ``.contacts``, ``.laws``, ``.run``: the run's defaults, ``.keys``).
    """
    if isinstance(spec, (str, os.PathLike)) and file is None:  # stickslip.system("two_masses.toml")
        spec, file = None, spec
    arrays = dict(M=M, K=K, C=C, W=W, u=u, normal_force=normal_force, law_params=law_params, q0=q0, v0=v0,
                  forces=forces, bodies=bodies, contacts=contacts, name=name)
    given_arrays = [k for k, v in arrays.items() if v is not None] + (["law"] if law != "coulomb" else [])
    sources = [s for s, given in (("spec", spec is not None), ("file", file is not None),
                                  ("arrays", bool(given_arrays))) if given]
    if len(sources) != 1:
        raise TypeError("system(): give one of spec (a dict), file= or the arrays (M=, K=, W=, ...); got "
                        + (", ".join(sources) if sources else "none"))
    if overrides and file is None:
        raise TypeError(f"system(): key=value overrides ({', '.join(overrides)}) go with file=; "
                        "a dict or the arrays take the values themselves")
    if file is not None:
        if not isinstance(file, (str, os.PathLike)):
            raise TypeError(f"file: {file!r}; allowed: a path (str or os.PathLike)")
        sets = []
        for key, value in overrides.items():
            if not key or "=" in key:
                raise ValueError(f"key {key!r}: allowed: a key of the file (stickslip.help(FILE) lists them)")
            sets.append(f"{key}={_text(key, value)}")
        return _core.System.from_file(os.fspath(file), sets)
    if spec is not None:
        if not isinstance(spec, Mapping):
            raise TypeError(f"spec: a {type(spec).__name__}; allowed: a dict with a system file's structure")
        return _core.System(dict(spec))
    return _core.System(_from_arrays(name, M, K, C, W, u, normal_force, law, law_params, q0, v0, forces, bodies,
                                     contacts))


# ------------------------------------------------------------------------------------------------------- running

@dataclass
class SystemSimulation:
    """What :func:`simulate_system` returns. Rows: every sample the run reports (t0, each step of a fixed-step
    scheme or each dt of an adaptive one, t_end, and the two samples at each located event, which share its time),
    or with dt_out the samples on its grid and at the events. Units: those of the system (SI: s, m, m/s, N, J)."""

    bodies: List[str]
    contacts: List[str]
    t: np.ndarray  # time [s], one per row
    q: np.ndarray  # positions, rows x bodies [m]
    v: np.ndarray  # velocities, rows x bodies [m/s]
    s: np.ndarray  # slip velocities w_i . v - u_i(t), rows x contacts [m/s]
    F: np.ndarray  # tangential (friction) forces, rows x contacts [N]
    fn: np.ndarray  # normal forces, rows x contacts [N]
    stuck: np.ndarray  # 1 where the contact sticks, else 0, rows x contacts
    transitions: Dict[str, np.ndarray]  # every change of a stuck flag: t, contact (index), from, to (stuck flags)
    ledger: Dict[str, Any]  # kinetic, springs, law_springs, friction_work, other_work, friction_dissipated,
    #                         balance per row [J]; max_abs_balance, balance_relative, energy_created. {} when off.
    driver: str  # the driver that ran: "Filippov on dopri5", "ida", ...
    forms: str  # each contact's law and the form it ran in
    solver: str  # the integrator spec
    stats: Dict[str, int] = field(default_factory=dict)  # steps, rhs_evals, root_evals, events, state_size, ...

    def body(self, name: str) -> int:
        """The column of body `name` in q and v."""
        return self._index(self.bodies, name, "body")

    def contact(self, name: str) -> int:
        """The column of contact `name` in s, F, fn and stuck."""
        return self._index(self.contacts, name, "contact")

    @staticmethod
    def _index(names: List[str], name: str, what: str) -> int:
        try:
            return names.index(name)
        except ValueError:
            raise KeyError(f"{what} {name!r}: the {what}s are {', '.join(names)}") from None

    def events(self) -> List[tuple]:
        """The transitions as (t, contact name, "stick"/"slip" before, after), as events.csv lists them."""
        flag = ("slip", "stick")
        tr = self.transitions
        return [(float(t), self.contacts[c], flag[a], flag[b])
                for t, c, a, b in zip(tr["t"], tr["contact"], tr["from"], tr["to"])]

    def to_pandas(self):
        """The rows as a pandas DataFrame with the command line's columns: t, each body's position (its name) and
        velocity (v_NAME), each contact's s_NAME, F_NAME, Fn_NAME, stuck_NAME, then the ledger's columns."""
        import pandas as pd

        cols: Dict[str, np.ndarray] = {"t": self.t}
        for i, b in enumerate(self.bodies):
            cols[b] = self.q[:, i]
        for i, b in enumerate(self.bodies):
            cols[f"v_{b}"] = self.v[:, i]
        for i, c in enumerate(self.contacts):
            cols[f"s_{c}"], cols[f"F_{c}"] = self.s[:, i], self.F[:, i]
            cols[f"Fn_{c}"], cols[f"stuck_{c}"] = self.fn[:, i], self.stuck[:, i]
        cols.update({k: v for k, v in self.ledger.items() if isinstance(v, np.ndarray)})
        return pd.DataFrame(cols)

    def write(self, out: Union[str, os.PathLike]) -> str:
        """Write the rows into folder out as ``stickslip simulate FILE --out DIR`` writes them: state.csv,
        contacts.csv, events.csv, ledger.csv (ledger on); the same columns and digits (system_output.py)."""
        from .system_output import write_system_csv

        return str(write_system_csv(self, out))


def simulate_system(system: System, solver: Optional[str] = None, t_end: Optional[float] = None, *,
                    dt: Optional[float] = None, dt_out: Optional[float] = None, rtol: Optional[float] = None,
                    atol: Optional[float] = None, events: Optional[bool] = None, projection: Optional[bool] = None,
                    transitions: Optional[str] = None, theta: Optional[float] = None,
                    ledger: Union[None, bool, str] = None,
                    out: Union[None, str, os.PathLike] = None) -> SystemSimulation:
    """Run a system from t = 0 to t_end, as ``stickslip simulate FILE --solver SOLVER --t-end T --dt DT`` does.

    Every setting left None is the system's: its file's [run] table (or the dict's "run"), else the built-in
    defaults (``system.run``: filippov:dopri5, t_end 10 s, dt 1e-3 s, rtol 1e-8, atol 1e-10, events on, projection
    on, transitions joint, theta 0.5, ledger auto).
    solver: euler, midpoint, heun, rk4 (step dt), dopri5, cvode, ida, bdf[:N] (rtol, atol; output every dt),
        filippov:SCHEME (the Filippov driver, one switching surface per set-valued contact), moreau (Moreau-Jean,
        step dt, theta in [0.5, 1]).
    dt_out: keep only the samples on this grid and at events (default: every sample, as state.csv holds them).
    events: locate stick/slip switches as events (off: the laws' event-free forms). projection: velocity projection
        while a DAE contact sticks (IDA). transitions: "joint" (the contacts at zero slip decided together, a box
        LCP) or "per-contact". ledger: True/False or "auto" (on up to 50 bodies).
    out: a folder to write the program's CSV files into (state.csv, contacts.csv, events.csv, ledger.csv; the same
        bytes as ``stickslip simulate FILE --out DIR`` for the same system and settings without dt_out).
    Raises ValueError naming the key (the file's line for a value of the file), stickslip.SolverError when the
    driver fails, KeyboardInterrupt on Ctrl-C; an exception a Python law or function raises comes out as itself.
    """
    if not isinstance(system, _core.System):
        raise TypeError(f"system: a {type(system).__name__}; allowed: a stickslip.System (stickslip.system(...))")
    # Types as in stickslip.simulate (studies/python/stickslip/_check.py): a str where a number goes is a TypeError.
    t_end, dt, rtol, atol, theta, dt_out = (_check.optional_number(k, v) for k, v in (
        ("t_end", t_end), ("dt", dt), ("rtol", rtol), ("atol", atol), ("theta", theta), ("dt_out", dt_out)))
    if solver is not None:
        _check.name("solver", solver)
    r = _core.simulate_system(system, solver, t_end, dt, rtol, atol, events, projection, transitions, theta,
                              ledger, dt_out)
    sim = SystemSimulation(bodies=list(r["bodies"]), contacts=list(r["contacts"]), t=r["t"], q=r["q"], v=r["v"],
                           s=r["s"], F=r["F"], fn=r["fn"], stuck=r["stuck"], transitions=dict(r["transitions"]),
                           ledger=dict(r["ledger"]), driver=r["driver"], forms=r["forms"], solver=r["solver"],
                           stats=dict(r["stats"]))
    if out is not None:
        sim.write(out)
    return sim
