"""The examples of studies/python/examples run as a researcher would start them, at small settings.

granular_gas_sweep.py: exits 0, writes its PNG, and every number it prints (the law x mu tables of the energy created
and the net tangential loss, mean and standard error over the seeds) equals the value in that point's own
summary.json (energy_over_initial_kinetic), read here independently of the sweep's tables; its answer agrees with
Führer, Brendel & Wolf: the D-SDS creates energy at collision onsets, the C-SDS cannot (its spring is never reset).
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

SOURCE = Path(os.environ.get("STICKSLIP_SOURCE_DIR", Path(__file__).resolve().parents[2]))
EXAMPLES = SOURCE / "studies/python/examples"


def printed_tables(text):
    """{(label, stat): {(law, mu): value}} from the example's printed pivot tables."""
    tables, current, mus = {}, None, None
    for line in text.splitlines():
        head = re.match(r"^(created / K0|net tangential / K0), (mean|standard error)\b.*:$", line)
        if head:
            current = tables.setdefault((head.group(1), "mean" if head.group(2) == "mean" else "stderr"), {})
            mus = None
        elif current is not None and line.startswith("mu "):
            mus = [float(m) for m in line.split()[1:]]
        elif current is not None and mus and line and not line.startswith("laws"):
            law, *cells = line.split()
            for mu, cell in zip(mus, cells):
                current[(law, mu)] = float(cell)
        elif not line:
            current = None
    return tables


def test_granular_gas_sweep(tmp_path):
    laws, mus = ["csds", "dsds"], [0.2, 0.5]
    p = subprocess.run([sys.executable, EXAMPLES / "granular_gas_sweep.py", tmp_path, "--n", "300", "--seeds", "1,2",
                        "--t-end-tau", "0.2", "--mu", ",".join(map(str, mus)), "--laws", ",".join(laws), "--jobs", "2"],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    png = tmp_path / "granular_gas_sweep.png"
    assert png.is_file() and png.stat().st_size > 10000
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    tables = printed_tables(p.stdout)
    names = {"created / K0": "created", "net tangential / K0": "net_tangential_loss"}
    assert set(tables) == {(label, stat) for label in names for stat in ("mean", "stderr")}
    # The points of the sweep: law x mu, the last key fastest (points/<k>/summary.json).
    for k, (law, mu) in enumerate((law, mu) for law in laws for mu in mus):
        with open(tmp_path / "sweep" / "points" / str(k) / "summary.json") as f:
            own = json.load(f)
        entry = own["energy_over_initial_kinetic"][0]
        assert entry["law"] == law
        for label, name in names.items():
            for stat in ("mean", "stderr"):
                printed = tables[(label, stat)][(law, mu)]
                assert abs(printed - entry[name][stat]) <= 5e-7 * abs(entry[name][stat]), (law, mu, label, stat)
    answer = re.search(r"^creates energy: (.*)$", p.stdout, re.M).group(1).split(", ")
    assert "dsds" in answer and "csds" not in answer
