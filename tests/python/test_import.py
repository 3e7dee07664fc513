"""The package imports and its error type is a RuntimeError; without its compiled module (after `make run`, which
builds only the program) `import stickslip` fails with a message that names the make target that builds it."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import stickslip


def test_solver_error_is_runtime_error():
    assert issubclass(stickslip.SolverError, RuntimeError)


def test_import_without_the_compiled_module_names_the_make_target(tmp_path):
    # The pure-Python part of the package alone, as `cmake` copies it into build/python before any build.
    package = tmp_path / "stickslip"
    package.mkdir()
    for f in Path(stickslip.__file__).parent.glob("*.py"):
        shutil.copy(f, package / f.name)
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", "import stickslip"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: stickslip: the compiled module stickslip._core is not built in " + str(package))
    assert "make build" in last and "make run" in last
    assert "No module named" not in r.stderr  # the bare error is replaced, not chained
