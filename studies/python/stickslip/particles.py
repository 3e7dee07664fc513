"""The particle engine from Python: discs (2-D) and spheres (3-D), walls, a periodic box and gravity, stepped by
velocity Verlet or the generalized trapezoid, read back as numpy arrays.

    import numpy as np, stickslip
    s = stickslip.ParticleSystem(positions=[[0, 0, 0], [0.021, 0, 0]], radii=0.01, velocities=[[1, 0, 0], [-1, 0, 0]],
                                 normal="linear", kn=1e5, gamma_n=20, tangential="dsds", kt=2e4, mu=0.5)
    s.step(1000, dt=1e-6)
    s.positions, s.velocities, s.contacts(), s.ledger()

The C++ behind it is models/particles/ (ParticleEngine, velocity_verlet, particle_trapezoid); the ledger and the
dumps are the studies' own (studies/papers/particle_ledger, particle_dumps), so the numbers are those the command
line reports.
"""
from __future__ import annotations

import contextlib
import os
from typing import Any, Dict, Iterable, Iterator, Optional, Sequence, Tuple

import numpy as np

from . import _core

__all__ = ["ParticleSystem", "particle_laws"]


def particle_laws() -> Dict[str, Dict[str, Tuple[str, float, str]]]:
    """The tangential laws the particle engine runs (the registry's laws with a discrete increment on particle
    contacts), each with its parameters: {law: {parameter: (unit, default, meaning)}}."""
    return {name: {p: (unit, default, text) for p, unit, default, text in params}
            for name, params in _core._particle_laws()}


def _array(value: Any, key: str, dtype: Any = float) -> Optional[np.ndarray]:
    """value as a C-contiguous numpy array, or None; ValueError naming key when it is no array of numbers."""
    if value is None:
        return None
    try:
        return np.require(np.asarray(value, dtype=dtype), requirements="C")
    except (TypeError, ValueError) as err:
        raise ValueError(f"{key} = {value!r}: allowed: an array of numbers ({err})") from None


def _vector(value: Any, key: str) -> Optional[list]:
    a = _array(value, key)
    if a is None:
        return None
    if a.ndim != 1:
        raise ValueError(f"{key} = shape {a.shape}: allowed: one vector of 2 or 3 components")
    return [float(x) for x in a]


def _pairs(value: Optional[Iterable], key: str) -> list:
    """[(p, n), ...] for walls (a point on the plane and its normal into the domain) or segments (ends a, b)."""
    out = []
    for k, pair in enumerate(value or ()):
        try:
            a, b = pair
        except (TypeError, ValueError):
            raise ValueError(f"{key}[{k}] = {pair!r}: allowed: a pair of vectors") from None
        out.append((_vector(a, key), _vector(b, key)))
    return out


class ParticleSystem:
    """Discs or spheres under the particle engine (models/particles/particle_engine.hpp).

    Construction (every argument after radii by keyword):
      positions   (N, 2) discs in the x-y plane (I = m r^2/2, mass per metre of depth) or (N, 3) spheres (I = 2/5 m r^2), m
      radii       one number or (N,), m, > 0
      velocities  like positions, m/s (default 0);  spins: (N,) omega_z in 2-D, (N, 3) in 3-D, rad/s (default 0)
      masses      one number or (N,), kg; or density (kg/m^3, default 2500: m = rho 4/3 pi r^3, in 2-D rho pi r^2)
      fixed       (N,) booleans: bodies that never move (a fixed partner, a wall made of particles)
      walls       [(point, normal), ...]: planes (in 2-D lines), the normal pointing into the domain
      segments    [(a, b), ...]: finite segments (2-D containers; in 3-D capsules of radius 0)
      box         (lo, hi): a periodic box, periodic on every axis unless `periodic` says otherwise (one flag per axis)
      gravity     a vector, m/s^2 (default none)
      normal      "linear" (f_n = k_n h + gamma_n m* hdot; kn N/m, gamma_n 1/s) or "hertz" (Campello's damped Hertz;
                  young Pa, poisson, restitution)
      tangential  a law of the registry with a discrete increment on particle contacts (stickslip.particle_laws():
                  none, csds, dsds, cundall-strack, mindlin, coulomb, ...); its parameters (kt, gamma_t, mu, ...) as
                  keyword arguments, the registry's defaults for those not given
      skin        Verlet-list skin, m (default 0.1 max radius);  threads: engine threads (default 1; the motion is
                  the same bitwise for every thread count)
    Bad input raises ValueError with the command line's one-line message (the key, the value, what is allowed).

    Arrays: positions, velocities, spins, forces, torques, radii and masses are read-only numpy VIEWS into the
    engine's arrays (no copy; each keeps this system alive and shows the state after every step; `.copy()` to keep a
    snapshot). contacts() and ledger() are COPIES made at the call.
    """

    def __init__(self, positions: Any, radii: Any, *, velocities: Any = None, spins: Any = None, masses: Any = None,
                 density: Optional[float] = None, fixed: Any = None, walls: Optional[Iterable] = None,
                 segments: Optional[Iterable] = None, box: Optional[Tuple[Any, Any]] = None,
                 periodic: Optional[Sequence[bool]] = None, gravity: Any = None, normal: str = "linear",
                 tangential: str = "none", skin: Optional[float] = None, threads: int = 1, **law_parameters: float):
        pos = _array(positions, "positions")
        dim = pos.shape[1] if pos.ndim == 2 else 3
        lo_hi = None
        if box is not None:
            try:
                lo, hi = box
            except (TypeError, ValueError):
                raise ValueError(f"box = {box!r}: allowed: a pair (lo, hi) of vectors") from None
            lo_hi = (_vector(lo, "box (lo)"), _vector(hi, "box (hi)"))
        flags = [bool(f) for f in periodic] if periodic is not None else [True] * dim
        self._sys = _core._Particles(
            positions=pos, radii=_array(radii, "radii"), velocities=_array(velocities, "velocities"),
            spins=_array(spins, "spins"), masses=_array(masses, "masses"),
            density=None if density is None else float(density), fixed=_array(fixed, "fixed", bool),
            walls=_pairs(walls, "walls"), segments=_pairs(segments, "segments"), box=lo_hi, periodic=flags,
            gravity=_vector(gravity, "gravity"), normal=normal, tangential=tangential,
            law_parameters=self._law_parameters(law_parameters), skin=skin, threads=int(threads))

    @staticmethod
    def _law_parameters(values: Dict[str, Any]) -> Dict[str, float]:
        out = {}
        for key, value in values.items():
            try:
                out[key] = float(value)
            except (TypeError, ValueError):
                raise ValueError(f"{key} = {value!r}: allowed: a number") from None
        return out

    @classmethod
    def granular_gas(cls, n: int = 1000, *, radius: float = 0.01, density: float = 2500, phi: float = 0.05,
                     t0: Optional[float] = None, t_rot0: Optional[float] = None, seed: int = 1, normal: str = "linear",
                     tangential: str = "none", skin: Optional[float] = None, threads: int = 1,
                     **law_parameters: float) -> ParticleSystem:
        """The granular-gas study's initial state (models/particles/granular_gas.hpp: make_granular_gas): n equal
        spheres of radius r (m) and density (kg/m^3) at solid fraction phi in a periodic cube, Maxwellian velocities
        at translational temperature t0 (J; default m (1 m/s)^2, the study's v_thermal = 1), spins at t_rot0 (J;
        default t0), deterministic for a seed. Laws as in the constructor."""
        self = cls.__new__(cls)
        self._sys = _core._Particles.granular_gas(
            n=int(n), radius=float(radius), density=float(density), phi=float(phi),
            t0=None if t0 is None else float(t0), t_rot0=None if t_rot0 is None else float(t_rot0), seed=int(seed), normal=normal, tangential=tangential,
            law_parameters=cls._law_parameters(law_parameters), skin=skin, threads=int(threads))
        return self

    def step(self, n: int, dt: float, scheme: str = "verlet", *, phi: float = 0.5, tol: float = 1e-4,
             max_iterations: int = 200) -> ParticleSystem:
        """Advances n steps of dt (s). scheme "verlet": velocity Verlet (LAMMPS' fix nve/sphere); "trapezoid": the
        generalized trapezoidal rule of Campello (phi = 1/2: the trapezoid; fixed-point sweeps to tol, a step that
        does not converge in max_iterations sweeps is halved). The GIL is released while it runs; Ctrl-C raises
        KeyboardInterrupt and leaves the state at the last completed step. Returns self."""
        self._sys.step(int(n), float(dt), scheme, float(phi), float(tol), int(max_iterations))
        return self

    # ---- state (views) ----
    @property
    def dim(self) -> int:
        """2 (discs) or 3 (spheres)."""
        return self._sys.dim

    def __len__(self) -> int:
        return self._sys.size

    @property
    def time(self) -> float:
        """Simulated time (s) since construction."""
        return self._sys.time

    @property
    def steps(self) -> int:
        """Steps taken since construction."""
        return self._sys.steps

    @property
    def laws(self) -> Tuple[str, str]:
        """(normal, tangential) law names."""
        return self._sys.normal, self._sys.tangential

    @property
    def box(self) -> Tuple[np.ndarray, np.ndarray, Tuple[bool, ...]]:
        """(lo, hi, periodic flags) of the box (meaningful where a flag is set)."""
        lo, hi, flags = self._sys.box
        return np.array(lo), np.array(hi), tuple(flags)

    @property
    def positions(self) -> np.ndarray:
        """(N, dim) positions, m. View (no copy), read-only; positions on periodic axes are folded into the box at
        neighbor-list rebuilds."""
        return self._sys.positions()

    @property
    def velocities(self) -> np.ndarray:
        """(N, dim) velocities, m/s. View (no copy), read-only."""
        return self._sys.velocities()

    @property
    def spins(self) -> np.ndarray:
        """Angular velocities, rad/s: (N,) omega_z in 2-D, (N, 3) in 3-D. View (no copy), read-only."""
        return self._sys.spins()

    @property
    def forces(self) -> np.ndarray:
        """(N, dim) total forces of the last evaluation (contacts + gravity), N. View (no copy), read-only."""
        return self._sys.forces()

    @property
    def torques(self) -> np.ndarray:
        """Torques of the last evaluation, N m: (N,) in 2-D, (N, 3) in 3-D. View (no copy), read-only."""
        return self._sys.torques()

    @property
    def radii(self) -> np.ndarray:
        """(N,) radii, m. View (no copy), read-only."""
        return self._sys.radii()

    @property
    def masses(self) -> np.ndarray:
        """(N,) masses, kg. View (no copy), read-only."""
        return self._sys.masses()

    def contacts(self) -> Dict[str, np.ndarray]:
        """The touching contacts now, a dict of arrays (copies; pandas.DataFrame-ready after splitting vectors):
        i, j (j = -1: a wall), normal (unit, from i towards j or the wall), force (on i; j gets minus it), fn
        (normal force, > 0 pushes apart, N) and ft (tangential force vector on i). Evaluated as the dumps do (the
        springs as they are, not advanced)."""
        return self._sys.contacts()

    def contact_table(self) -> Dict[str, np.ndarray]:
        """contacts() with one 1-D column per component (i, j, nx, ny[, nz], fx, fy[, fz], fn, ftx, fty[, ftz]):
        pandas.DataFrame(s.contact_table()) in one call. Copies."""
        c = self.contacts()
        axes = "xyz"[: self.dim]
        table = {"i": c["i"], "j": c["j"]}
        for name, key in (("n", "normal"), ("f", "force")):
            table.update({name + a: c[key][:, k] for k, a in enumerate(axes)})
        table["fn"] = c["fn"]
        table.update({"ft" + a: c["ft"][:, k] for k, a in enumerate(axes)})
        return table

    def ledger(self) -> Dict[str, float]:
        """The energy ledger since construction (J; the terms the particle studies report in summary.json):
        kinetic_start, kinetic_end, elastic_normal, elastic_tangential, normal_damping, tangential_dissipation,
        created, reset_jump, gravity_work, scheme_work, verlet_kick, balance and energy_balance_error =
        |balance| / (largest term). balance is zero to round-off under velocity Verlet."""
        return self._sys.ledger()

    # ---- dumps ----
    @contextlib.contextmanager
    def dumps(self, directory: os.PathLike | str, stem: str = "particles", every: int = 100) -> Iterator[Tuple[str, str]]:
        """Writes the command line's dumps while the block runs: a LAMMPS text atom dump <directory>/<stem>.dump
        (id type x y z vx vy vz radius omegax omegay omegaz) and a contact dump <directory>/<stem>_contacts.dump
        (id1 id2 fx fy fz fn ft; id2 = 0 for a wall), the first frame now (step 0) and one every `every` steps.
        The files appear under their names when the block ends (also on an exception: every frame in them is
        complete). Yields the two paths."""
        directory = os.fspath(directory)
        self._sys.open_dumps(int(every), directory, stem)
        try:
            yield os.path.join(directory, stem + ".dump"), os.path.join(directory, stem + "_contacts.dump")
        finally:
            self._sys.close_dumps()

    def __repr__(self) -> str:
        kind = "discs" if self.dim == 2 else "spheres"
        return (f"ParticleSystem({len(self)} {kind}, normal={self.laws[0]}, tangential={self.laws[1]}, "
                f"t={self.time:g} s, {self.steps} steps)")
