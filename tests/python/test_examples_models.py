"""The model examples of studies/python/examples run as a researcher would run them, and what they print is
checked: the plates' CVODE run against the exact solution (its tolerance), Euler at dt = 0.1 far off it (the
paper's point); the Python Stribeck block sticks at the same time under IDA and under the Filippov driver."""
import importlib.util
import os
from pathlib import Path

import pytest

EXAMPLES = Path(os.environ.get("STICKSLIP_SOURCE_DIR", Path(__file__).resolve().parents[2])) / "studies/python/examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_sliding_plates_exact(tmp_path):
    errors = load("sliding_plates_exact").main(tmp_path)
    assert errors["cvode:bdf with events"] < 1e-6
    assert errors["euler dt=0.1"] > 1e-2
    assert (tmp_path / "sliding_plates_exact.png").stat().st_size > 10000


def test_stribeck_block(tmp_path):
    t_stick = load("stribeck_block").main(tmp_path)
    ida, filippov = t_stick["IDA (hybrid DAE)"], t_stick["Filippov (dopri5)"]
    assert 0 < ida < 0.4
    assert ida == pytest.approx(filippov, abs=1e-6)
    assert (tmp_path / "stribeck_block.png").stat().st_size > 10000
