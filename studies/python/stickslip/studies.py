"""stickslip's studies and experiments from Python: the command line's list, help, run, converge, sweep, merge and
verify, run in this process by the same C++ code as the ``stickslip`` program (studies/cli/commands.hpp).

Each call writes the same folder as the command line (CSV with units in the header, summary.json, PNG figures) and
returns a :class:`Result` that reads it back: ``.summary`` (summary.json as a dict), ``.tables`` (every CSV as a
:class:`Table`, a dict of column name -> numpy array that ``pandas.DataFrame(table)`` takes in one call, with
``.units``), ``.files`` and ``.out``.

Parameters are the study's ``--set`` keys as Python values: numbers, bools (on/off), strings, and lists or tuples of
these (comma-separated on the command line). A key that is also an option's name (e.g. a study key ``jobs`` in a
sweep) goes into ``params=`` (run, converge) or ``axes=`` (sweep).

Errors are the command line's: bad input raises ``ValueError`` with its one line (key, value, what is allowed), an
argument of the wrong Python type (a str where a dict or a number is expected) ``TypeError`` naming it; a
solver failure raises :class:`stickslip.SolverError` with the solver's reason (``.result`` holds the outputs where
the study wrote them); Ctrl-C raises ``KeyboardInterrupt`` with the finished runs on disk (summary.json
``"complete": false``), and ``run(..., out=the same folder, resume=True)`` finishes it; a finished ``out`` is refused
unless ``resume=True`` (reuse it) or ``overwrite=True`` (replace it). Progress goes to stderr as on
the command line. Calls from several threads run one after the other (the studies share the process's signal
handlers).
"""
from __future__ import annotations

import csv
import json
import math
import numbers
import os
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, Optional, Union

import numpy as np

from . import _check, _core
from ._core import SolverError

Value = Union[bool, int, float, str, Sequence[Union[bool, int, float, str]], np.ndarray]
PathLike = Union[str, os.PathLike]

__all__ = ["studies", "help", "read_table", "parameters", "observables", "plan", "run", "converge", "sweep", "merge", "verify",
           "Result", "Table", "Parameter", "Observable", "VerifyResult", "program"]


# ---------------------------------------------------------------------------------------------------------- catalog

class Parameter(NamedTuple):
    """One ``--set`` key of a study: its default as the command line takes it, its help text and its unit."""
    default: str
    help: str
    unit: str


class Observable(NamedTuple):
    """A scalar a study measures, for :func:`converge` (``observable=NAME``)."""
    unit: str
    help: str


def studies() -> dict[str, str]:
    """Every study, name -> its one-line summary (``stickslip list``'s first part)."""
    return dict(_core.studies())


def help(topic: str = "") -> str:  # noqa: A001 (stickslip.help, as `stickslip help TOPIC`)
    """The text of ``stickslip help TOPIC``: for a study its parameters (defaults, help, units) and observables; for
    a command (run, converge, sweep, merge, verify, list) its options; for "" the program's usage."""
    return _command(["help", _name(topic, "topic")] if topic else ["help"])


def parameters(study: str) -> dict[str, Parameter]:
    """A study's parameters, key -> :class:`Parameter` (default as typed, help, unit); ValueError for an unknown
    study."""
    return {key: Parameter(default, text, unit) for key, default, text, unit in _core.parameters(_name(study, "study"))}


def observables(study: str) -> dict[str, Observable]:
    """A study's observables for :func:`converge`, name -> :class:`Observable` (unit, help)."""
    return {name: Observable(unit, text) for name, unit, text in _core.observables(_name(study, "study"))}


def program() -> str:
    """The ``stickslip`` program :func:`sweep` runs each point with: $STICKSLIP_EXECUTABLE if set (an installed
    package), else the one built beside this module."""
    return _core.sweep_program()


# ----------------------------------------------------------------------------------------------------------- tables

class Table(dict):
    """One CSV: column name -> numpy array (int64 where every cell is a whole number as written, float64 where every
    non-empty cell is a number, empty cells NaN; else str). ``pandas.DataFrame(table)`` makes the frame in one call.

    The header "name [unit] (note)" gives the column's name "name"; ``.units[name]`` is "unit" ("" if none),
    ``.headers[name]`` the header as written, ``.path`` the file."""

    def __init__(self, columns: dict[str, np.ndarray], units: dict[str, str], headers: dict[str, str], path: Path):
        super().__init__(columns)
        self.units = units
        self.headers = headers
        self.path = path

    def __repr__(self) -> str:
        n = len(next(iter(self.values()))) if self else 0
        cols = ", ".join(f"{k} [{u}]" if u else k for k, u in self.units.items())
        return f"Table({self.path.name}: {n} rows; {cols})"


def _split_header(header: str) -> tuple[str, str]:
    """'results.0.drift [m] (-1 not at rest)' -> ('results.0.drift', 'm'); 'projection (-1 n/a)' -> ('projection',
    '')."""
    name, unit = header.strip(), ""
    if "[" in name and "]" in name[name.index("["):]:
        start = name.index("[")
        end = name.index("]", start)
        unit = name[start + 1:end]
        name = (name[:start] + name[end + 1:]).strip()
    if name.endswith(")") and " (" in name:
        name = name[:name.rindex(" (")].strip()
    return name, unit


def _column(cells: list[str]) -> np.ndarray:
    """int64 where every cell is a whole number as written ("3"), float64 where every non-empty cell is a number
    (empty -> NaN), else str."""
    try:
        return np.array([int(c) for c in cells], dtype=np.int64)
    except (ValueError, OverflowError):
        pass
    values = []
    for c in cells:
        if c == "":
            values.append(math.nan)
            continue
        try:
            values.append(float(c))
        except ValueError:
            return np.array(cells, dtype=str)
    if cells and all(c == "" for c in cells):
        return np.array(cells, dtype=str)
    return np.array(values, dtype=float)


def read_table(path: PathLike) -> Table:
    """Reads one of stickslip's CSV files (RFC 4180, header row with units) into a :class:`Table`."""
    path = Path(path)
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header = rows[0] if rows else []
    names = [_split_header(h) for h in header]
    keys = [n for n, _ in names]
    if len(set(keys)) != len(keys):  # two headers alike but for unit or note: keep them as written
        keys = list(header)
    body = rows[1:]
    columns = {k: _column([r[j] if j < len(r) else "" for r in body]) for j, k in enumerate(keys)}
    return Table(columns, {k: u for k, (_, u) in zip(keys, names)}, dict(zip(keys, header)), path)


class Tables(Mapping):
    """Every CSV under an output folder, by its path relative to the folder without ".csv" ("sweep_long",
    "points/0/trajectory"); each is read on first access."""

    def __init__(self, out: Path):
        self._paths = {p.relative_to(out).with_suffix("").as_posix(): p for p in sorted(out.rglob("*.csv"))}
        self._read: dict[str, Table] = {}

    def __getitem__(self, name: str) -> Table:
        if name not in self._read:
            self._read[name] = read_table(self._paths[name])
        return self._read[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)

    def __repr__(self) -> str:
        names = list(self._paths)
        more = f", ... {len(names) - 8} more" if len(names) > 10 else ""
        return f"Tables({', '.join(names[:8] if more else names)}{more})"


class Result:
    """The outputs of one study, convergence study, sweep or merge, read back from its folder ``out``.

    ``summary``: summary.json as a dict; ``tables``: every CSV as name -> :class:`Table` (read on first access);
    ``files``: every file under ``out`` (sorted); ``out``: the folder."""

    def __init__(self, out: PathLike):
        self.out = Path(out)
        with open(self.out / "summary.json") as f:
            self.summary: dict[str, Any] = json.load(f)
        self.tables = Tables(self.out)
        self.files: list[Path] = sorted(p for p in self.out.rglob("*") if p.is_file())

    @property
    def complete(self) -> bool:
        """Whether every run finished (summary.json "complete")."""
        return bool(self.summary.get("complete", True))

    def __repr__(self) -> str:
        return f"Result(out={str(self.out)!r}, {self.tables!r}, files={len(self.files)})"


class VerifyResult:
    """``stickslip verify --json``: ``passed``, ``seed``, ``summary`` (the JSON as a dict) and ``table`` (one row per
    check: model, driver, what, draws, failures, failure rates, worst ratio/error/tolerance; a dict of numpy arrays
    like :class:`Table`)."""

    def __init__(self, summary: dict[str, Any]):
        self.summary = summary
        self.passed: bool = bool(summary["passed"])
        self.seed: int = int(summary["seed"])
        rows = summary["results"]
        keys = [k for k in (rows[0] if rows else {}) if k not in ("failure_reports",)]
        self.table: dict[str, np.ndarray] = {}
        for k in keys:
            cells = [r[k] for r in rows]
            if all(isinstance(c, (int, float)) or c is None for c in cells):
                self.table[k] = np.array([math.nan if c is None else c for c in cells], dtype=float)
            else:
                self.table[k] = np.array([str(c) for c in cells], dtype=str)

    def __repr__(self) -> str:
        n = len(self.summary["results"])
        return f"VerifyResult(passed={self.passed}, seed={self.seed}, checks={n})"


# ---------------------------------------------------------------------------------------------------------- running

def _text(key: str, value: Any) -> str:
    """A Python value as the command line's text for KEY (numbers as repr, bools on/off, lists comma-separated)."""
    if isinstance(value, (bool, np.bool_)):
        return "on" if value else "off"
    if isinstance(value, numbers.Real):  # nan, inf: the command line's refusal, naming the key
        return _check.number_text(key, value)
    if isinstance(value, str):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, (list, tuple, np.ndarray)):
        items = np.asarray(value).tolist() if isinstance(value, np.ndarray) else list(value)
        if any(isinstance(v, (list, tuple, dict)) for v in items):
            raise ValueError(f"{key}={value!r}: a list of lists; allowed: a number, switch, text or a flat list of them")
        if any(_check.is_number(v) and not math.isfinite(v) for v in items if not isinstance(v, numbers.Integral)):
            # nan or inf in a list: refused as the command line refuses --set KEY=1,nan (its list parser's message)
            _core.parse_real_list(key, ",".join(repr(float(v)) if _check.is_number(v) and not math.isfinite(v)
                                                else _text(key, v) for v in items))
        return ",".join(_text(key, v) for v in items)
    raise ValueError(f"{key}={value!r}: a {type(value).__name__}; allowed: a number, a switch (True/False), text, "
                     "or a list of these")


def _check_key(key: Any) -> str:
    if not isinstance(key, str) or not key or "=" in key:
        raise ValueError(f"key {key!r}: allowed: a study parameter's name (stickslip.parameters(STUDY))")
    return key


def _sets(params: Optional[Mapping[str, Any]], kwargs: Mapping[str, Any], option: str = "--set",
          argument: str = "params") -> list[str]:
    merged: dict[str, Any] = {}
    what = "fixed values" if option == "--fix" else "the study's parameters"
    for source in (_check.mapping(argument, params, what), kwargs):
        for key, value in source.items():
            key = _check_key(key)
            if key in merged:
                raise ValueError(f"{key}={_text(key, value)}: given twice (also {_text(key, merged[key])}); "
                                 "give each key once")
            merged[key] = value
    args: list[str] = []
    for key, value in merged.items():
        args += [option, f"{key}={_text(key, value)}"]
    return args


def _out(out: Optional[PathLike], prefix: str) -> str:
    if out is None:
        return tempfile.mkdtemp(prefix=f"stickslip-{prefix}-")  # kept: Result.out says where
    return _check.path("out", out)


def _name(value: Any, what: str) -> str:
    return _check.name(what, value)


def _folder_flags(resume: Any, overwrite: Any, out: Optional[PathLike], what: str) -> list[str]:
    """--resume / --overwrite of run, converge and sweep (checked: bools, resume with out=)."""
    resume, overwrite = _check.flag("resume", resume), _check.flag("overwrite", overwrite)
    if resume and out is None:
        raise ValueError(f"resume=True: give out=, the folder of the interrupted {what}")
    return (["--resume"] if resume else []) + (["--overwrite"] if overwrite else [])


def _raise(code: int, reason: str, out: Optional[str]) -> None:
    """The command line's exit code as the Python exception."""
    if code == 2:
        raise ValueError(reason)
    if code == 3:
        e = SolverError(reason)
        if out is not None and os.path.isfile(os.path.join(out, "summary.json")):
            e.result = Result(out)  # the outputs the study wrote before saying so (failed runs listed)
        raise e
    if code >= 128:
        raise KeyboardInterrupt(reason)
    if code == 4:
        raise OSError(reason)
    raise RuntimeError(f"stickslip exited {code}: {reason}")


def _command(args: list[str], out: Optional[str] = None, ok: tuple[int, ...] = (0,)) -> str:
    code, text, reason = _core.command(args)
    if code not in ok:
        _raise(code, reason, out)
    return text


def run(study: str, out: Optional[PathLike] = None, resume: bool = False, *, overwrite: bool = False,
        params: Optional[Mapping[str, Any]] = None, **kwargs: Value) -> Result:
    """Runs a study: ``stickslip run STUDY --set KEY=VALUE... --out OUT``.

    study: a name of :func:`studies`. out: the folder (None: a new temporary folder, kept; ``Result.out`` says
    where). resume: finish an interrupted run in ``out`` (same parameters). overwrite: replace a finished study in
    ``out`` (without resume or overwrite a finished ``out`` is refused). params / keyword arguments: the study's
    parameters (:func:`parameters`), e.g. ``run("sliding-plates", dt=0.01, friction=["csds", "dsds"])``.

    Returns a :class:`Result`. Raises ValueError (bad input: the command line's message), TypeError (an argument of
    the wrong type), SolverError (a solver failure; ``.result`` where outputs were written), KeyboardInterrupt
    (Ctrl-C: the finished runs stay in ``out``; resume=True finishes them), OSError (a file that cannot be
    written)."""
    study = _name(study, "study")
    flags = _folder_flags(resume, overwrite, out, "run")
    sets = _sets(params, kwargs)
    folder = _out(out, study)
    args = ["run", study, *sets, "--out", folder, *flags]
    _command(args, folder)
    return Result(folder)


def plan(study: str, *, params: Optional[Mapping[str, Any]] = None, **kwargs: Value) -> dict[str, Any]:
    """Checks a study's parameters and returns the work it plans without running it: ``stickslip run STUDY
    --set ... --dry-run`` ("planned": runs, steps per run, particles where the study declares them). ValueError for
    bad input, as :func:`run`."""
    study = _name(study, "study")
    return json.loads(_command(["run", study, *_sets(params, kwargs), "--dry-run"]))


def _levels(key: str, value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and len(value) == 3:
        return ":".join(_text(key, v) for v in value)
    raise ValueError(f"{key}={value!r}: allowed: (FROM, TO, LEVELS) or 'FROM:TO:LEVELS'")


def converge(study: str, observable: str, out: Optional[PathLike] = None, *,
             solvers: Union[str, Sequence[str], None] = None, dts: Any = None, rtols: Any = None,
             reference: Optional[str] = None, floor: Optional[float] = None, work: bool = False,
             resume: bool = False, overwrite: bool = False,
             params: Optional[Mapping[str, Any]] = None, **kwargs: Value) -> Result:
    """The order of convergence of a study's observable: ``stickslip converge STUDY --observable NAME``.

    observable: a name of :func:`observables`. solvers: integrator specs ("rk4", ["euler", "cvode:bdf"]; default
    the observable's). dts / rtols: the levels of the fixed steps / tolerances as (FROM, TO, LEVELS) or
    "FROM:TO:LEVELS". reference: "exact", "richardson" or "finest". floor: the error counted as round-off.
    work: also the work-precision diagram. resume / overwrite: as :func:`run` (an interrupted converge keeps its
    finished runs in ``out``). params / keyword arguments: the study's parameters.

    Returns a :class:`Result` (converge.csv, converge_long.csv: one row per run and result; summary.json with the
    fitted orders). Errors as :func:`run`."""
    study = _name(study, "study")
    flags = _folder_flags(resume, overwrite, out, "converge")
    if floor is not None:
        _check.number("floor", floor)
    sets = _sets(params, kwargs)
    folder = _out(out, f"converge-{study}")
    args = ["converge", study, "--observable", _name(observable, "observable"), *sets, "--out", folder, *flags]
    if solvers is not None:
        args += ["--solver", _text("solvers", solvers)]
    if dts is not None:
        args += ["--dt", _levels("dts", dts)]
    if rtols is not None:
        args += ["--rtol", _levels("rtols", rtols)]
    if reference is not None:
        args += ["--reference", _name(reference, "reference")]
    if floor is not None:
        args += ["--floor", _text("floor", floor)]
    if _check.flag("work", work):
        args.append("--work")
    _command(args, folder)
    return Result(folder)


def sweep(study: str, out: Optional[PathLike] = None, *, jobs: Optional[int] = None, shard: Optional[str] = None,
          resume: bool = False, overwrite: bool = False, skip_refused: bool = False,
          fix: Optional[Mapping[str, Any]] = None, axes: Optional[Mapping[str, Any]] = None, **lists: Value) -> Result:
    """A study over the product of parameter values: ``stickslip sweep STUDY --set KEY=LIST... [--fix KEY=VALUE]``.

    lists / axes: key -> the values of that axis (a list; a single value is a one-point axis); the last key varies
    fastest. fix: key -> one value passed unchanged (e.g. a list-valued parameter). jobs: points at a time (default
    the cores). shard: "I/N" runs the points with k mod N = I - 1. skip_refused: points the study refuses are
    skipped and listed in summary.json instead of refusing the sweep. resume / overwrite: as :func:`run`. Each
    point is a child ``stickslip run``
    (:func:`program`).

    Returns a :class:`Result`; ``tables["sweep_long"]`` has one row per point and result (point, the keys,
    exit_code, result, value, unit), ``tables["sweep"]`` one row per point. Errors as :func:`run`."""
    study = _name(study, "study")
    exe = _core.sweep_program()
    if not os.access(exe, os.X_OK):
        raise OSError(f"the stickslip program {exe} (run by each point) is missing; set STICKSLIP_EXECUTABLE")
    flags = _folder_flags(resume, overwrite, out, "sweep")
    sets = [*_sets(axes, lists, argument="axes"), *_sets(fix, {}, "--fix", argument="fix")]
    folder = _out(out, f"sweep-{study}")
    args = ["sweep", study, *sets, "--out", folder, *flags]
    if jobs is not None:
        args += ["--jobs", _text("jobs", jobs)]
    if shard is not None:
        args += ["--shard", _name(shard, "shard")]
    if _check.flag("skip_refused", skip_refused):
        args.append("--skip-refused")
    _command(args, folder)
    return Result(folder)


def merge(dirs: Sequence[PathLike], out: PathLike) -> Result:
    """The shards of one sweep (the folders of ``sweep(..., shard="I/N")``) -> the unsharded sweep's outputs in
    ``out``: ``stickslip merge DIR... --out OUT``."""
    if isinstance(dirs, (str, os.PathLike)):
        dirs = [dirs]
    folder = os.fspath(out)
    _command(["merge", *[os.fspath(d) for d in dirs], "--out", folder], folder)
    return Result(folder)


def verify(draws: Optional[int] = None, seed: Optional[int] = None, *, models: Union[str, Sequence[str], None] = None,
           solvers: Union[str, Sequence[str], None] = None, draw: Optional[int] = None,
           invalid_inputs: bool = True) -> VerifyResult:
    """The property checks over seeded random draws of parameters: ``stickslip verify --json``.

    draws: draws per check; seed: the seed (the same seed, the same draws); models / solvers: only these; draw:
    only draw I (to re-run a failure); invalid_inputs: also the checks that invalid inputs are refused.
    Returns a :class:`VerifyResult` (``passed`` False where a check failed; no exception for that)."""
    args = ["verify", "--json"]
    for option, value in (("--draws", draws), ("--seed", seed), ("--draw", draw)):
        if value is not None:
            args += [option, _text(option, value)]
    if models is not None:
        args += ["--model", _text("models", models)]
    if solvers is not None:
        args += ["--solver", _text("solvers", solvers)]
    if not invalid_inputs:
        args.append("--no-invalid")
    text = _command(args, ok=(0, 1))
    return VerifyResult(json.loads(text))


_core.set_sweep_program(os.environ.get("STICKSLIP_EXECUTABLE") or _core.built_program)
