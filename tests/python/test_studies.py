"""stickslip's studies from Python (studies/python/stickslip/studies.py) against the `stickslip` program itself.

The reference is always the command line, run as a separate process with the same arguments: the list of studies,
the help texts, every study's summary.json and CSVs at the small settings of tests/studies/tiny_settings.json (equal
apart from provenance and wall-clock timing), the exit-2 line of bad input (ValueError's message, character for
character), the exit-3 reason of a solver failure, a sweep's sweep_long.csv (read by the csv module) and each point's
own summary.json, verify --json. Ctrl-C (SIGINT from a timer thread) during a run must leave what the command line
leaves (summary.json "complete": false, runs.jsonl) and run(..., resume=True) must then equal an uninterrupted run.
"""
import csv
import json
import math
import os
import random
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import stickslip

SOURCE = Path(os.environ.get("STICKSLIP_SOURCE_DIR", Path(__file__).resolve().parents[2]))
TINY = {k: v for k, v in json.loads((SOURCE / "tests/studies/tiny_settings.json").read_text()).items()
        if not k.startswith("_")}
PROGRAM = stickslip.program()


def cli(*args, cwd=None):
    """The `stickslip` program with args: (exit code, stdout, stderr)."""
    p = subprocess.run([PROGRAM, *map(str, args)], capture_output=True, text=True, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def tiny_kwargs(study):
    """tiny_settings.json's KEY=VALUE texts as keyword arguments (texts: passed through unchanged)."""
    return dict(s.split("=", 1) for s in TINY[study])


# Wall-clock parts of a summary: measured, so they differ between two equal runs.
TIMING = re.compile(r"(^|_)(wall|seconds|elapsed|cpu)($|_)")  # e.g. cpu_hours_needed: from the runs' wall time


def without_timing(j, path=""):
    """summary.json without provenance and wall-clock entries (keys matching TIMING whose value is a number)."""
    if isinstance(j, dict):
        return {k: without_timing(v, f"{path}.{k}") for k, v in j.items()
                if k not in ("provenance", "timing") and not (TIMING.search(k) and isinstance(v, (int, float)))}
    if isinstance(j, list):
        return [without_timing(v, path) for v in j]
    return j


def csv_rows(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def timing_columns(header):
    return [j for j, h in enumerate(header) if TIMING.search(re.sub(r"\s*\[.*", "", h).split(".")[-1])]


def timing_row(row):
    """A long table's row of a wall-clock result (result "wall_time", value in s)."""
    return any(re.fullmatch(r"[\w.]+", c) and TIMING.search(c.split(".")[-1]) for c in row)


def same_csvs(a: Path, b: Path):
    """Every CSV under a equals the one under b, cell for cell, but for wall-clock columns and rows."""
    names_a = sorted(p.relative_to(a) for p in a.rglob("*.csv"))
    names_b = sorted(p.relative_to(b) for p in b.rglob("*.csv"))
    assert names_a == names_b
    for name in names_a:
        ra, rb = csv_rows(a / name), csv_rows(b / name)
        assert ra[0] == rb[0], name
        skip = timing_columns(ra[0])
        strip = lambda rows: [[c for j, c in enumerate(r) if j not in skip] for r in rows  # noqa: E731
                              if not timing_row(r)]
        assert strip(ra) == strip(rb), name


# ------------------------------------------------------------------------------------------------------ catalogue

def test_studies_and_help_are_the_command_lines():
    code, text, _ = cli("list")
    assert code == 0
    listed = dict(re.findall(r"^  (\S+) — (.*)$", text.split("models:")[0], re.M))
    assert stickslip.studies() == listed
    assert set(TINY) == set(listed)  # every study has small settings below
    for study in listed:
        code, text, _ = cli("help", study)
        assert stickslip.help(study) == text
        keys = re.findall(r"^  (\S+) = ", text.split("observables")[0], re.M)
        assert list(stickslip.parameters(study)) == keys
    assert stickslip.help("sweep") == cli("help", "sweep")[1]
    p = stickslip.parameters("sliding-plates")["t_end"]  # "end time [n.u.]"
    assert p == ("10", "end time [n.u.]", "n.u.")


# ------------------------------------------------------------------------------------- every study, Python vs CLI

@pytest.mark.parametrize("study", sorted(TINY))
def test_run_equals_the_command_line(study, tmp_path):
    kwargs = tiny_kwargs(study)
    result = stickslip.run(study, out=tmp_path / "py", **kwargs)
    args = [a for kv in TINY[study] for a in ("--set", kv)]
    code, _, err = cli("run", study, *args, "--out", tmp_path / "cli")
    assert code == 0, err
    with open(tmp_path / "cli" / "summary.json") as f:
        reference = json.load(f)
    assert result.summary["complete"] is True
    assert without_timing(result.summary) == without_timing(reference)
    # The provenance differs only in the folder: the same parameters, the same command apart from --out.
    assert result.summary["provenance"]["parameters"] == reference["provenance"]["parameters"]
    same_csvs(result.out, tmp_path / "cli")
    files = {p.relative_to(result.out) for p in result.files}
    assert files == {p.relative_to(tmp_path / "cli") for p in (tmp_path / "cli").rglob("*") if p.is_file()}
    assert any(str(f).endswith(".png") for f in files) or not any((tmp_path / "cli").rglob("*.png"))


# ----------------------------------------------------------------------------------------------------- tables

def test_tables_carry_the_headers_units_and_load_into_pandas(tmp_path):
    result = stickslip.run("sliding-plates", out=tmp_path, **tiny_kwargs("sliding-plates"))
    assert set(result.tables) == {p.relative_to(tmp_path).with_suffix("").as_posix() for p in tmp_path.rglob("*.csv")}
    for name, table in result.tables.items():
        rows = csv_rows(table.path)
        header, body = rows[0], rows[1:]
        assert [table.headers[k] for k in table] == header
        for key, h in zip(table, header):
            m = re.search(r"\[([^\]]*)\]", h)
            assert table.units[key] == (m.group(1) if m else "")
            assert key == re.sub(r"\s*\[[^\]]*\]", "", re.sub(r" \([^()]*\)$", "", h)).strip()
        frame = pd.DataFrame(table)
        reference = pd.read_csv(table.path, float_precision="round_trip")
        assert frame.shape == reference.shape
        for key, h in zip(table, header):
            if table[key].dtype.kind in "fi":
                assert np.array_equal(frame[key].to_numpy(dtype=float), reference[h].to_numpy(dtype=float), equal_nan=True)
            else:
                assert list(frame[key]) == [r[header.index(h)] for r in body]


# ----------------------------------------------------------------------------------------------------- errors

BAD = [  # (keyword arguments, the command line's --set texts)
    ({"foo": 1}, ["foo=1"]),
    ({"dt": -0.1}, ["dt=-0.1"]),
    ({"dt": 20}, ["dt=20"]),
    ({"m": 0}, ["m=0"]),
    ({"solver": "rk5"}, ["solver=rk5"]),
    ({"friction": "csds", "gamma": 0}, ["friction=csds", "gamma=0"]),
    ({"friction": "dsds", "solver": "ida"}, ["friction=dsds", "solver=ida"]),
    ({"v0": "abc"}, ["v0=abc"]),
    ({"v0": math.nan}, ["v0=nan"]),
    ({"v0": math.inf}, ["v0=inf"]),
    ({"fig4": "maybe"}, ["fig4=maybe"]),
    ({"sweep_v0": [1, "x"]}, ["sweep_v0=1,x"]),
]


@pytest.mark.parametrize("kwargs,sets", BAD)
def test_bad_input_is_the_command_lines_line(kwargs, sets, tmp_path):
    with pytest.raises(ValueError) as e:
        stickslip.run("sliding-plates", out=tmp_path / "py", **kwargs)
    code, _, err = cli("run", "sliding-plates", *[a for s in sets for a in ("--set", s)], "--out", tmp_path / "cli")
    assert code == 2
    assert err == f"stickslip: error: {e.value}\n"
    assert not (tmp_path / "py" / "summary.json").exists()


def test_unknown_study_and_option_values():
    with pytest.raises(ValueError, match=r"^study=nope: unknown study; allowed: "):
        stickslip.run("nope")
    with pytest.raises(ValueError, match=r"^--jobs=0: "):
        stickslip.sweep("sliding-plates", jobs=0, dt=[0.1])
    with pytest.raises(ValueError, match=r"^--observable=nope"):
        stickslip.converge("sliding-plates", "nope")
    with pytest.raises(ValueError, match="resume=True"):
        stickslip.run("sliding-plates", resume=True)


def test_fuzz_keys_values_and_types_never_crash():
    """Random bad keys, values and Python types through plan() (the --dry-run path): ValueError naming the key, or
    accepted; never another exception. Python values the command line has no text for are refused in Python with
    the same kind of line."""
    rng = random.Random(23)
    studies = sorted(TINY)
    odd = [None, {}, {"a": 1}, object(), [[1, 2]], b"x", 1j, math.nan, -math.inf, 10 ** 400, -1, 0, 1e308, "",
           " ", "1,", ",", "0x10", "1e+-3", "on", True, False, [], [0.1, 0.2], np.float64(0.5), np.int32(3),
           np.array([1.0, 2.0]), "a=b", "\u00e9", "1" * 500]
    for _ in range(150):
        study = rng.choice(studies)
        keys = list(stickslip.parameters(study))
        key = rng.choice(keys + ["nokey", "", "a=b", "dt "])
        value = rng.choice(odd)
        try:
            stickslip.plan(study, params={key: value})
        except ValueError as e:
            line = str(e)
            assert "\n" not in line
            assert key.strip() in line or "key" in line, (study, key, value, line)


def test_solver_failure_raises_solver_error_with_the_solvers_reason(tmp_path):
    sets = {"friction": "csds", "k": 1e8, "fmax": 1e12, "dt": 0.1, "sweep_v0": "none", "fig4": False}
    with pytest.raises(stickslip.SolverError) as e:
        stickslip.run("sliding-plates", out=tmp_path / "py", **sets)
    assert "euler: the run diverged at t=" in str(e.value) and "stability limit" in str(e.value)
    assert isinstance(e.value, RuntimeError)
    code, _, err = cli("run", "sliding-plates", "--set", "friction=csds", "--set", "k=1e8", "--set", "fmax=1e12",
                       "--set", "dt=0.1", "--set", "sweep_v0=none", "--set", "fig4=off", "--out", tmp_path / "cli")
    assert code == 3
    assert err.splitlines()[-1] == f"stickslip: solver failure: {e.value}"


def test_a_study_that_goes_on_past_a_failed_run_raises_with_its_outputs(tmp_path):
    """slope-drift writes every output and then exits 3 naming the failed run; SolverError carries the Result."""
    sets = dict(dt_sweep="none", size_sweep="none", damping=True, projection=True, t_end=0.02,
                friction="cundall-strack", solver="rk4", size=[0.01, 1e308], angle_deg=30)
    with pytest.raises(stickslip.SolverError) as e:
        stickslip.run("slope-drift", out=tmp_path / "py", **sets)
    texts = ["dt_sweep=none", "size_sweep=none", "damping=on", "projection=on", "t_end=0.02", "friction=cundall-strack",
             "solver=rk4", "size=0.01,1e+308", "angle_deg=30"]
    code, _, err = cli("run", "slope-drift", *[a for t in texts for a in ("--set", t)], "--out", tmp_path / "cli")
    assert code == 3  # the reason names the failed run's file, in its own folder
    assert err.splitlines()[-1].replace(str(tmp_path / "cli"), "OUT") == \
        f"stickslip: solver failure: {e.value}".replace(str(tmp_path / "py"), "OUT")
    assert str(e.value).startswith("1 of 2 runs failed") and "non-finite" in str(e.value)
    result = e.value.result
    assert result.complete and len(result.summary["failed_runs"]) == 1
    good, bad = result.summary["results"]
    assert isinstance(good["drift"], float) and bad["drift"] is None
    assert "results" in result.tables


# --------------------------------------------------------------------------------------------- Ctrl-C and resume

# Six runs: two short ones, then four of the energy sweep at a fine step (about 0.1 s each); the signal, sent as
# soon as the first run is on disk, falls inside the study.
INTERRUPTED = dict(fig4=False, dt=0.01, sweep_v0=[1, 2, 3, 4], sweep_dt=1e-4)


def test_ctrl_c_keeps_the_finished_runs_and_resume_finishes_them(tmp_path):
    out = tmp_path / "run"
    runs = out / "runs.jsonl"

    def ctrl_c_after_the_first_run():  # runs.jsonl: the parameters' line, then one line per finished run
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if runs.exists() and runs.read_text().count("\n") >= 2:
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.002)

    before = signal.getsignal(signal.SIGINT)
    timer = threading.Thread(target=ctrl_c_after_the_first_run)
    timer.start()
    with pytest.raises(KeyboardInterrupt) as e:
        stickslip.run("sliding-plates", out=out, **INTERRUPTED)
    timer.join()
    assert signal.getsignal(signal.SIGINT) is before  # Python's handler is back
    assert "finish with --resume" in str(e.value)
    partial = json.loads((out / "summary.json").read_text())
    assert partial["complete"] is False and partial["interrupted_by"] == "SIGINT"
    done = partial["runs_done"]
    assert 1 <= done < 6 and runs.read_text().count("\n") == done + 1
    finished = stickslip.run("sliding-plates", out=out, resume=True, **INTERRUPTED)
    assert finished.complete and finished.summary["runs_resumed"] == done
    whole = stickslip.run("sliding-plates", out=tmp_path / "whole", **INTERRUPTED)
    assert without_timing({k: v for k, v in finished.summary.items() if k != "runs_resumed"}) == \
        without_timing(whole.summary)
    same_csvs(out, tmp_path / "whole")


# ------------------------------------------------------------------------------------------------------ sweep

def test_sweep_long_table_has_one_row_per_point_and_result(tmp_path):
    fixed = {"t_end": 2, "fig4": "off", "sweep_v0": "none"}
    result = stickslip.sweep("sliding-plates", out=tmp_path, jobs=2, fix=fixed, dt=[0.1, 0.05], friction=["csds", "dsds"])
    assert result.summary["complete"] and result.summary["points_total"] == 4
    long = result.tables["sweep_long"]
    rows = csv_rows(tmp_path / "sweep_long.csv")
    assert len(long["point"]) == len(rows) - 1
    expected = 0
    for k in range(4):
        with open(tmp_path / "points" / str(k) / "summary.json") as f:
            own = json.load(f)
        mine = long["point"] == k
        results = list(long["result"][mine])
        assert len(results) == len(set(results))  # one row per result
        expected += len(results)
        flat = {}

        def flatten(j, prefix):
            if isinstance(j, dict):
                for key, v in j.items():
                    flatten(v, f"{prefix}.{key}" if prefix else key)
            elif isinstance(j, list):
                for i, v in enumerate(j):
                    flatten(v, f"{prefix}.{i}")
            elif isinstance(j, (int, float)) and not isinstance(j, bool):
                flat[prefix] = float(j)

        flatten(own, "")
        for name, value in zip(long["result"][mine], long["value"][mine]):
            if name in flat and not TIMING.search(name.split(".")[-1]):
                assert float(value) == pytest.approx(flat[name], rel=1e-12, abs=0), name
    assert expected == len(long["point"])
    # the point's parameters are columns: dt and friction as the points ran them
    assert sorted(set(zip(long["dt"].tolist(), long["friction"].tolist()))) == \
        sorted({(0.1, "csds"), (0.1, "dsds"), (0.05, "csds"), (0.05, "dsds")})
    assert long.units["value"] == "" and "unit" in long


# ----------------------------------------------------------------------------------------------------- verify

def test_verify_is_the_command_lines_json():
    mine = stickslip.verify(draws=2, seed=5, models="sliding-plates", invalid_inputs=False)
    code, text, _ = cli("verify", "--draws", 2, "--seed", 5, "--model", "sliding-plates", "--no-invalid", "--json")
    reference = json.loads(text)
    assert (code == 0) == mine.passed
    assert mine.summary == reference
    assert len(mine.table["model"]) == len(reference["results"]) > 0
    assert list(mine.table["draws"]) == [r["draws"] for r in reference["results"]]


# ---------------------------------------------------------------------------------------------------- converge

def test_converge_orders_are_the_schemes_and_the_command_lines(tmp_path):
    """The sliding plates' v(t_end) against the exact solution: euler 1, midpoint 2, rk4 4 (nominal orders of the
    schemes), and the same summary and tables as `stickslip converge` with the same arguments."""
    result = stickslip.converge("sliding-plates", "v_end", out=tmp_path / "py", solvers=["euler", "midpoint", "rk4"],
                                dts=(0.05, 0.00625, 4))
    code, _, err = cli("converge", "sliding-plates", "--observable", "v_end", "--solver", "euler,midpoint,rk4",
                       "--dt", "0.05:0.00625:4", "--out", tmp_path / "cli")
    assert code == 0, err
    assert result.summary["reference"] == "exact"
    orders = {s["solver"]: s["order"] for s in result.summary["results"]}
    assert orders == pytest.approx({"euler": 1, "midpoint": 2, "rk4": 4}, abs=0.05)
    with open(tmp_path / "cli" / "summary.json") as f:
        assert without_timing(result.summary) == without_timing(json.load(f))
    same_csvs(result.out, tmp_path / "cli")
    long = result.tables["converge_long"]
    assert set(long["solver"]) == {"euler", "midpoint", "rk4"} and long.units == {k: "" for k in long}


def test_calls_from_two_threads_run_one_after_the_other(tmp_path):
    """Two threads start the same study at once: both finish, with the same results as one after the other."""
    results = {}

    def one(name):
        results[name] = stickslip.run("rolling-sphere", out=tmp_path / name, **tiny_kwargs("rolling-sphere"))

    threads = [threading.Thread(target=one, args=(name,)) for name in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert without_timing(results["a"].summary) == without_timing(results["b"].summary)
    same_csvs(tmp_path / "a", tmp_path / "b")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


# ------------------------------------------------------------------------------- types, numbers and folders

def test_a_wrong_type_is_a_type_error_naming_the_argument(tmp_path):
    with pytest.raises(TypeError, match=r"^params='m=1': a str; allowed: a dict of the study's parameters"):
        stickslip.run("sliding-plates", out=tmp_path / "a", params="m=1")
    with pytest.raises(TypeError, match=r"^axes=\['dt'\]: a list; allowed: a dict"):
        stickslip.sweep("sliding-plates", out=tmp_path / "b", axes=["dt"])
    with pytest.raises(TypeError, match=r"^resume='yes': a str; allowed: True or False"):
        stickslip.run("sliding-plates", out=tmp_path / "c", resume="yes")
    with pytest.raises(TypeError, match=r"^out=3: an? int; allowed: a folder"):
        stickslip.run("sliding-plates", out=3)
    with pytest.raises(TypeError, match=r"^study=1: an? int; allowed: a name"):
        stickslip.run(1)
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("value,text", [(math.nan, "nan"), (math.inf, "inf"), (-math.inf, "-inf")])
def test_a_non_finite_float_is_refused_naming_the_key_as_the_command_line_refuses_it(value, text, tmp_path):
    # mu_k is no key the default friction laws read: the number itself is refused, as --set mu_k=nan is by its parser.
    with pytest.raises(ValueError) as e:
        stickslip.run("sliding-plates", out=tmp_path / "py", mu_k=value)
    assert str(e.value) == (f"mu_k={text}: expected a finite number in decimal or scientific notation (2, -0.5, "
                            "1e-3; no spaces, no hex)")
    assert not (tmp_path / "py").exists()
    # In a list, the item (as the command line's list parser names it: --set sweep_v0=1,nan).
    with pytest.raises(ValueError) as e:
        stickslip.plan("sliding-plates", sweep_v0=[1, value])
    code, _, err = cli("run", "sliding-plates", "--set", f"sweep_v0=1,{text}", "--dry-run")
    assert code == 2 and err == f"stickslip: error: {e.value}\n"


TINY_PLATES = dict(fig4=False, sweep_v0="none", friction="csds", dt=0.1, t_end=1)


def test_a_finished_out_is_refused_without_resume_or_overwrite(tmp_path):
    out = tmp_path / "run"
    first = stickslip.run("sliding-plates", out=out, **TINY_PLATES)
    assert first.complete
    with pytest.raises(ValueError) as e:
        stickslip.run("sliding-plates", out=out, **{**TINY_PLATES, "t_end": 2})
    assert str(e.value) == (f"--out={out}: holds a finished study (summary.json); give --resume to reuse its runs or "
                            "--overwrite to replace it")
    code, _, err = cli("run", "sliding-plates", "--set", "t_end=2", "--out", out)
    assert code == 2 and err == f"stickslip: error: {e.value}\n"
    again = stickslip.run("sliding-plates", out=out, resume=True, **TINY_PLATES)
    assert again.summary["runs_resumed"] == again.summary["runs_done"]
    replaced = stickslip.run("sliding-plates", out=out, overwrite=True, **{**TINY_PLATES, "t_end": 2})
    assert replaced.summary["provenance"]["parameters"]["t_end"] == "2"
    with pytest.raises(ValueError, match=r"^--overwrite=: given with --resume"):
        stickslip.run("sliding-plates", out=out, resume=True, overwrite=True, **TINY_PLATES)


def test_a_refused_run_leaves_no_folder(tmp_path):
    with pytest.raises(ValueError, match=r"^fig4_dt=0.2: must be <= t_end"):
        stickslip.run("sliding-plates", out=tmp_path / "new", t_end=0.1)
    assert not (tmp_path / "new").exists()


def test_converge_resumes_and_refuses_a_finished_out(tmp_path):
    args = dict(solvers="rk4", dts=(0.1, 0.01, 3))
    r = stickslip.converge("sliding-plates", "v_end", out=tmp_path, **args)
    assert r.complete and r.summary["runs_done"] == 3
    with pytest.raises(ValueError, match=r"holds a finished study"):
        stickslip.converge("sliding-plates", "v_end", out=tmp_path, **args)
    again = stickslip.converge("sliding-plates", "v_end", out=tmp_path, resume=True, **args)
    assert again.summary["runs_resumed"] == 3
    assert [p["value"] for p in again.summary["results"][0]["points"]] == \
        [p["value"] for p in r.summary["results"][0]["points"]]
