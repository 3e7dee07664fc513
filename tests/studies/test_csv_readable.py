#!/usr/bin/python3
"""Every CSV that stickslip writes is read back by two independent CSV readers, Python's csv module (RFC 4180) and
pandas, with the same shape: as many fields on every line as in the header, the header's names kept as written (no
column shifted or renamed), every column that the csv module reads as numbers read as the same numbers by pandas
(float_precision="round_trip": to the bit; pandas' default parser may differ in the 16th digit),
no "nan"/"inf" cell, and a unit "[...]" in every header whose column has one.

The CSVs are those of `make run` (the studies of the Makefile's STUDIES at their default settings), of every other
study at the small settings of tests/studies/tiny_settings.json, and of the commands: converge (converge.csv,
converge_long.csv), sweep with --skip-refused and a refused point (sweep.csv, sweep_long.csv, the points' own CSVs)
and merge of two shards. A sweep's result columns are also checked against the point's own tables: where both name a
quantity, both give it the same unit.

usage: test_csv_readable.py STICKSLIP_BINARY   (ctest: studies_test_csv_readable; needs python3-pandas)
"""
import concurrent.futures
import csv
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import pandas as pd
except ImportError:
    sys.exit("pandas is missing: apt-get install python3-pandas (make deps installs it)")

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))

# Header names without a unit, by their last part (a sweep column "results.0.steps" ends in "steps") with any
# trailing "(...)" note removed: counts, indices, codes, labels, on/off settings and dimensionless ratios. A new
# column of a physical quantity must carry its unit, or this test fails.
UNITLESS = {
    # counts, indices and codes
    "point", "index", "solver_index", "friction_index", "mode", "exit_code", "steps", "rhs_evals", "samples",
    "points", "runs_done", "touching", "sweeps", "range", "lambda", "failed",
    # names and settings (text or on/off)
    "friction", "law", "scheme", "system", "geometry", "solver", "study", "label", "start", "events", "damping",
    "projection", "h_kind", "h_unit", "result", "unit", "error", "block", "motion", "name",
    # the long tables: the unit of "h" and "value" is in the row ("h_unit", "unit")
    "h", "value",
    # dimensionless ratios and statistics of them
    "equipartition_ratio", "equipartition_ratio_dt2", "equipartition_ratio_extrapolated", "predicted_ratio",
    "limit_ratio", "stderr", "stderr_dt2", "stderr_extrapolated", "stderr_intercept", "chi2_per_dof", "intercept",
    "intercept_deviation_in_stderr", "unit Gaussian",
    # dimensionless parameters (swept below)
    "mu",
}
UNIT = re.compile(r"\[([^\]]+)\]")


def base_name(header):
    """'results.0.drift [m] (-1 not at rest)' -> 'drift'; 'projection (-1 n/a)' -> 'projection'."""
    name = UNIT.sub("", header)
    name = re.sub(r"\s+\([^()]*\)\s*$", "", name).strip()
    parts = [p for p in name.split(".") if p and not p.isdigit()]
    return parts[-1] if parts else name


def unit_of(header):
    m = UNIT.search(header)
    return m.group(1) if m else ""


def dimensionless(header):
    name = base_name(header)
    return name in UNITLESS or "/" in name  # "C(lag)/C(0)", "p(u / sqrt(kT nu))": ratios, normalized densities


def as_number(cell):
    try:
        return float(cell)
    except ValueError:
        return None


def check_file(path, root, failures):
    """The checks of one CSV; failures get one line each."""
    where = os.path.relpath(path, root)
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        failures.append(f"{where}: empty file")
        return None
    header = rows[0]
    if any(not h.strip() for h in header):
        failures.append(f"{where}: an empty header field: {header}")
    if len(set(header)) != len(header):
        failures.append(f"{where}: repeated header names: {header}")
    for n, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            failures.append(f"{where}:{n}: {len(row)} fields, the header has {len(header)}")
            return None
        for cell in row:
            if cell.strip().lower() in ("nan", "-nan", "inf", "-inf", "+inf"):
                failures.append(f"{where}:{n}: a non-finite cell '{cell}'")
    for h in header:
        if not unit_of(h) and not dimensionless(h):
            failures.append(f"{where}: header '{h}' has no unit [...] and is not a known dimensionless name")
    frame = pd.read_csv(path, float_precision="round_trip")  # correctly rounded: the numbers back to the bit
    if list(frame.columns) != header:
        failures.append(f"{where}: pandas reads the columns {list(frame.columns)}, the csv module {header}")
        return header
    if frame.shape != (len(rows) - 1, len(header)):
        failures.append(f"{where}: pandas reads shape {frame.shape}, the csv module {(len(rows) - 1, len(header))}")
        return header
    for j, h in enumerate(header):
        cells = [r[j] for r in rows[1:] if r[j] != ""]
        numbers = [as_number(c) for c in cells]
        if not cells or any(x is None for x in numbers):
            continue  # a text column (or an empty one)
        column = frame[h]
        if column.dtype.kind not in "fiu":
            failures.append(f"{where}: column '{h}' holds numbers but pandas reads dtype {column.dtype}")
            continue
        read = [x for x in column.tolist() if not math.isnan(x)]
        if len(read) != len(numbers) or any(a != b for a, b in zip(read, numbers)):
            failures.append(f"{where}: column '{h}': pandas and the csv module read different numbers")
    return header


def makefile_studies():
    with open(os.path.join(SOURCE, "Makefile")) as f:
        for line in f:
            m = re.match(r"^STUDIES\s*\?=\s*(.+)$", line)
            if m:
                return m.group(1).split()
    sys.exit("no STUDIES line in the Makefile")


def run(binary, args, out):
    r = subprocess.run([binary] + args + ["--out", out], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"stickslip {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()[-400:]}")
    return r.stderr


def main():
    binary = sys.argv[1]
    with open(os.path.join(HERE, "tiny_settings.json")) as f:
        tiny = {k: v for k, v in json.load(f).items() if not k.startswith("_")}
    scratch = tempfile.mkdtemp(prefix="stickslip_csv_")
    try:
        default_studies = makefile_studies()
        jobs = []  # (args, out folder)
        for study, sets in sorted(tiny.items()):
            args = ["run", study]
            if study not in default_studies:  # `make run` runs these at their defaults
                for s in sets:
                    args += ["--set", s]
            jobs.append((args, os.path.join(scratch, study)))
        jobs.append((["converge", "sliding-plates", "--observable", "t_stick", "--solver", "euler,rk4,dopri5",
                      "--dt", "0.1:0.025:3", "--rtol", "1e-4:1e-6:3", "--work"], os.path.join(scratch, "converge")))
        # A sweep with a point the study refuses (the coulomb-dae block is a DAE: rk4 cannot run it), skipped.
        sweep = ["sweep", "slope-drift", "--set", "friction=coulomb-filippov,csds,coulomb-dae", "--set", "mu=0.5,1",
                 "--fix", "solver=rk4", "--fix", "damping=on", "--fix", "projection=on", "--fix", "start=equilibrium",
                 "--fix", "t_end=0.01", "--fix", "dt_sweep=none", "--fix", "size_sweep=none", "--skip-refused",
                 "--jobs", "1"]
        jobs.append((sweep, os.path.join(scratch, "sweep")))
        jobs += [(sweep + ["--shard", f"{i}/2"], os.path.join(scratch, f"shard{i}")) for i in (1, 2)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for fut in [pool.submit(run, binary, a, o) for a, o in jobs]:
                fut.result()
        run(binary, ["merge", os.path.join(scratch, "shard1"), os.path.join(scratch, "shard2")],
            os.path.join(scratch, "merged"))

        failures = []
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(scratch) for f in fs if f.endswith(".csv"))
        headers = {path: check_file(path, scratch, failures) for path in files}
        for name in ["sliding-plates/runs", "convergence/convergence.csv", "converge/converge_long.csv",
                     "sweep/sweep.csv", "sweep/sweep_long.csv", "merged/sweep_long.csv"]:
            if not any(os.path.join(scratch, name) in p for p in files):
                failures.append(f"no CSV {name} was written")

        # The sweep's units against those of the points' own tables, where both name the same quantity.
        own = {}  # base name -> units in the points' CSVs
        for path, header in headers.items():
            if "/sweep/points/" in path and header:
                for h in header:
                    own.setdefault(base_name(h), set()).add(unit_of(h))
        sweep_units = {}
        for h in headers[os.path.join(scratch, "sweep", "sweep.csv")] or []:
            sweep_units[h] = unit_of(h)
        long_table = os.path.join(scratch, "sweep", "sweep_long.csv")
        if os.path.exists(long_table):
            with open(long_table, newline="") as f:
                for r in csv.DictReader(f):
                    sweep_units[r["result"]] = r["unit"]
        compared = 0
        for h, unit in sweep_units.items():
            theirs = own.get(base_name(h))
            if theirs:
                compared += 1
                if unit not in theirs:
                    failures.append(f"sweep: '{h}' has unit '{unit}', the points' own tables {sorted(theirs)}")
        if compared < 3:
            failures.append(f"sweep: only {compared} result columns could be compared with the points' tables")

        with open(os.path.join(scratch, "sweep", "summary.json")) as f:
            refused = json.load(f).get("refused")
        if [(r["point"], r["key"], r["value"]) for r in refused or []] != [(4, "friction", "coulomb-dae"),
                                                                          (5, "friction", "coulomb-dae")]:
            failures.append(f"sweep: refused points {refused}, expected points 4 and 5 (friction=coulomb-dae)")
        for a, b in [("sweep", "merged")]:
            for f in ["sweep.csv", "sweep_long.csv"]:
                if not os.path.exists(os.path.join(scratch, a, f)):
                    continue
                with open(os.path.join(scratch, a, f), "rb") as x, open(os.path.join(scratch, b, f), "rb") as y:
                    if x.read() != y.read():
                        failures.append(f"{b}/{f} differs from the unsharded {a}/{f}")

        print(f"{len(files)} CSV files read by the csv module and pandas")
        if failures:
            print("\n".join(failures))
            return 1
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
