"""Systems of several contacts from Python (stickslip.system / simulate_system): the two-mass system of
studies/systems/examples/two_masses.toml run by the program (`stickslip simulate FILE`, its CSV at full precision),
from the file and from a dict gives the same numbers bit for bit under filippov:rk4, ida and moreau; the array form
(M, K, W, ...) equals the dict form to round-off; a law written in Python on one contact reproduces the built-in law;
every bad input is a ValueError/TypeError with the command line's message; Ctrl-C, a driver's failure and a Python
exception come out as for stickslip.simulate."""
import math
import os
import re
import signal
import subprocess
import threading
from pathlib import Path

import numpy as np
import pytest

import stickslip

ROOT = Path(__file__).resolve().parents[2]
TWO_MASSES = ROOT / "studies" / "systems" / "examples" / "two_masses.toml"
PROGRAM = stickslip.program()

# The file two_masses.toml as a dict (its keys, its values).
TWO_MASSES_DICT = {
    "name": "two masses on a floor",
    "run": {"solver": "filippov:dopri5", "t_end": 3.0, "dt": 0.001, "rtol": 1e-10, "atol": 1e-13},
    "body": [{"name": "x1", "mass": 1.0, "q0": 0.2}, {"name": "x2", "mass": 0.5}],
    "spring": [{"name": "wall", "ends": ["x1", "ground"], "k": 50.0},
               {"name": "link", "ends": ["x1", "x2"], "k": 30.0}],
    "contact": [{"name": "floor1", "body": "x1", "normal_force": 9.81, "law": "coulomb", "mu": 0.2},
                {"name": "floor2", "body": "x2", "normal_force": 4.905, "law": "coulomb", "mu": 0.3}],
}


def two_masses(**changes):
    """A deep copy of TWO_MASSES_DICT; changes: "contact.0.mu" style paths -> value (None deletes)."""
    import copy

    d = copy.deepcopy(TWO_MASSES_DICT)
    for path, value in changes.items():
        parts = path.split(".")
        node = d
        for p in parts[:-1]:
            node = node[int(p)] if isinstance(node, list) else node[p]
        if value is None:
            del node[parts[-1]]
        else:
            node[parts[-1]] = value
    return d


def program(*args, cwd=None):
    return subprocess.run([PROGRAM, *map(str, args)], capture_output=True, text=True, cwd=cwd)


def read_csv(path):
    return np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)


def program_error(path, *sets):
    """The message `stickslip simulate FILE` exits 2 with (without "stickslip: error: ")."""
    args = ["simulate", path, "--dry-run"]
    for s in sets:
        args += ["--set", s]
    p = program(*args)
    assert p.returncode == 2, p.stderr
    m = re.search(r"stickslip: error: (.*)", p.stderr)
    assert m, p.stderr
    return m.group(1).strip()


# ---------------------------------------------------------------------------------------------- the same numbers

@pytest.mark.parametrize("solver", ["filippov:rk4", "ida", "moreau"])
def test_program_file_and_dict_give_the_same_numbers_bit_for_bit(tmp_path, solver):
    t_end = 1.5
    p = program("simulate", TWO_MASSES, "--solver", solver, "--t-end", t_end, "--out", tmp_path / "out")
    assert p.returncode == 0, p.stderr
    state = read_csv(tmp_path / "out" / "state.csv")
    contacts = read_csv(tmp_path / "out" / "contacts.csv")
    ledger = read_csv(tmp_path / "out" / "ledger.csv")
    events = (tmp_path / "out" / "events.csv").read_text().splitlines()[1:]

    from_file = stickslip.system(file=TWO_MASSES)
    from_dict = stickslip.system(TWO_MASSES_DICT)
    assert from_file.run == from_dict.run and from_file.run["solver"] == "filippov:dopri5"
    runs = [stickslip.simulate_system(s, solver, t_end, out=tmp_path / f"py{i}")
            for i, s in enumerate((from_file, from_dict))]
    for i in range(2):  # out=: the program's CSV files, byte for byte
        for name in ["state.csv", "contacts.csv", "events.csv", "ledger.csv"]:
            assert (tmp_path / f"py{i}" / name).read_bytes() == (tmp_path / "out" / name).read_bytes(), name
    for r in runs:
        assert r.bodies == ["x1", "x2"] and r.contacts == ["floor1", "floor2"]
        assert len(r.t) == len(state) > 100
        # every number as the program wrote it (17 significant digits: the double itself)
        assert np.array_equal(r.t, state[:, 0])
        assert np.array_equal(r.q, state[:, 1:3]) and np.array_equal(r.v, state[:, 3:5])
        assert np.array_equal(r.s, contacts[:, 1::4]) and np.array_equal(r.F, contacts[:, 2::4])
        assert np.array_equal(r.fn, contacts[:, 3::4]) and np.array_equal(r.stuck, contacts[:, 4::4])
        lg = r.ledger
        for col, key in enumerate(["kinetic", "springs", "law_springs", "friction_work", "other_work",
                                   "friction_dissipated", "balance"], start=1):
            assert np.array_equal(lg[key], ledger[:, col]), key
        written = [(float(t), c, a, b) for t, c, a, b in (line.split(",") for line in events)]
        assert r.events() == written
    assert runs[0].transitions["t"].size > 0 and runs[0].stuck[-1].tolist() == [1, 1]
    assert runs[0].forms == runs[1].forms and "floor1: coulomb" in runs[0].forms
    # the arrays of the two Python runs are the same objects' values, the dtypes as documented
    assert runs[0].q.shape == (len(runs[0].t), 2) and runs[0].stuck.dtype.kind == "i"


def test_the_file_s_run_defaults_and_overrides():
    s = stickslip.system(file=TWO_MASSES, **{"contact.floor1.mu": 0.25, "t_end": 0.5})
    assert s.keys["contact.floor1.mu"] == "0.25" and s.run["t_end"] == "0.5" and s.file == str(TWO_MASSES)
    assert stickslip.system(str(TWO_MASSES)).file == stickslip.system(TWO_MASSES).file == str(TWO_MASSES)
    r = stickslip.simulate_system(s, "filippov:rk4")  # t_end from the override, dt from the file
    assert r.t[-1] == 0.5 and 0.001 in r.t and 0.0005 not in r.t
    d = two_masses(**{"contact.0.mu": 0.25})
    assert np.array_equal(r.q, stickslip.simulate_system(stickslip.system(d), "filippov:rk4", 0.5).q)
    # stickslip.simulate takes a system as it takes a model
    r2 = stickslip.simulate(s, "filippov:rk4", dt_out=0.1)
    assert isinstance(r2, stickslip.SystemSimulation) and r2.t[0] == 0 and r2.t[-1] == 0.5 and len(r2.t) < 20


def test_dt_out_keeps_the_grid_and_the_events():
    s = stickslip.system(TWO_MASSES_DICT)
    full = stickslip.simulate_system(s, "filippov:dopri5", 3.0, dt=1e-3)
    thin = stickslip.simulate_system(s, "filippov:dopri5", 3.0, dt=1e-3, dt_out=0.25)
    grid = thin.t[np.isclose(thin.t / 0.25, np.round(thin.t / 0.25), atol=1e-9)]
    assert np.allclose(np.unique(grid), np.arange(0, 3.01, 0.25))
    for t in full.transitions["t"]:  # both samples of each event are kept
        assert np.count_nonzero(thin.t == t) == 2
    keep = np.isin(full.t, thin.t)
    assert np.array_equal(full.q[keep], thin.q)
    df = thin.to_pandas()
    assert list(df.columns[:9]) == ["t", "x1", "x2", "v_x1", "v_x2", "s_floor1", "F_floor1", "Fn_floor1",
                                    "stuck_floor1"]


# ------------------------------------------------------------------------------------------------------ physics

@pytest.mark.parametrize("solver", ["filippov:dopri5", "ida"])
def test_two_coulomb_masses_come_to_rest_inside_the_friction_cone_with_the_energy_accounted(solver):
    r = stickslip.simulate_system(stickslip.system(TWO_MASSES_DICT), solver, 3.0)
    # the springs' energy at release, 1/2 50 0.2^2 + 1/2 30 0.2^2 = 1.6 J, ends as the springs' energy at rest and
    # friction's dissipation
    lg = r.ledger
    assert lg["springs"][0] == pytest.approx(1.6, rel=1e-12) and lg["kinetic"][0] == 0
    assert lg["springs"][-1] + lg["kinetic"][-1] + lg["friction_dissipated"][-1] == pytest.approx(1.6, abs=1e-7)
    assert lg["balance_relative"] < 1e-7 and lg["energy_created"] < 1e-9
    # at rest, both stuck, each mass held by at most mu N against the springs' force
    x1, x2 = r.q[-1]
    assert r.stuck[-1].tolist() == [1, 1] and np.max(np.abs(r.v[-1])) < 1e-8
    spring = np.array([-50.0 * x1 + 30.0 * (x2 - x1), -30.0 * (x2 - x1)])
    assert np.all(np.abs(spring) <= np.array([0.2 * 9.81, 0.3 * 4.905]) * (1 + 1e-9))
    assert np.allclose(r.F[-1], -spring, atol=1e-7)  # friction holds the springs exactly
    # while a contact slides, its friction force is -mu N sign(s) (not at the rows of a stop or a start, s = 0)
    sliding = (r.stuck[:, 0] == 0) & (np.abs(r.s[:, 0]) > 1e-9)
    assert np.allclose(r.F[sliding, 0], -0.2 * 9.81 * np.sign(r.s[sliding, 0]), rtol=1e-12)


# ------------------------------------------------------------------------------------------------- array form

def arrays_two_masses(**kw):
    args = dict(M=[1.0, 0.5], K=[[80.0, -30.0], [-30.0, 30.0]], W=[[1.0, 0.0], [0.0, 1.0]],
                normal_force=[9.81, 4.905], law="coulomb", law_params=[{"mu": 0.2}, {"mu": 0.3}], q0=[0.2, 0.0],
                bodies=["x1", "x2"], contacts=["floor1", "floor2"])
    args.update(kw)
    return stickslip.system(**args)


@pytest.mark.parametrize("solver", ["filippov:dopri5", "ida", "moreau"])
def test_arrays_equal_the_dict_to_round_off(solver):
    a = stickslip.simulate_system(arrays_two_masses(), solver, 3.0, dt=1e-3, rtol=1e-10, atol=1e-13)
    d = stickslip.simulate_system(stickslip.system(TWO_MASSES_DICT), solver, 3.0, dt=1e-3, rtol=1e-10, atol=1e-13)
    # the rows on the output grid (round-off may add or drop a located event's pair of rows: IDA)
    ga, gd = ~np.isin(a.t, a.transitions["t"]), ~np.isin(d.t, d.transitions["t"])
    assert np.count_nonzero(ga) == np.count_nonzero(gd) and np.max(np.abs(a.t[ga] - d.t[gd])) < 1e-12
    assert np.max(np.abs(a.q[ga] - d.q[gd])) < 1e-9 and np.max(np.abs(a.v[ga] - d.v[gd])) < 1e-8
    assert np.max(np.abs(a.F[ga] - d.F[gd])) < 1e-8 and np.array_equal(a.stuck[ga], d.stuck[gd])
    # the elastic energy of K is the springs' (1/2 q.K q = 1/2 50 x1^2 + 1/2 30 (x2 - x1)^2)
    assert np.max(np.abs(a.ledger["springs"][ga] - d.ledger["springs"][gd])) < 1e-9
    if solver != "moreau":  # the balance to the driver's tolerance (Moreau-Jean: first order)
        assert a.ledger["balance_relative"] < 1e-6


def test_array_form_details():
    # defaults: bodies x1.., contacts c1.., u = 0, one law and one parameter dict for all, a mass matrix
    s = stickslip.system(M=np.diag([1.0, 0.5]), K=np.array([[80.0, -30.0], [-30.0, 30.0]]), W=np.eye(2),
                         normal_force=9.81, law_params={"mu": 0.2}, q0=[0.2, 0], forces=[0.0, 1.0])
    assert s.bodies == ["x1", "x2"] and s.contacts == ["c1", "c2"] and s.laws == ["coulomb", "coulomb"]
    r = stickslip.simulate_system(s, "filippov:dopri5", 1.0)
    assert r.fn[0].tolist() == [9.81, 9.81]
    # a belt under one contact: u as a number, a dict and a function of t give the same run
    runs = [stickslip.simulate_system(stickslip.system(M=[1.0], K=[[1.0]], W=[[1.0]], u=u, normal_force=1.0,
                                                       law="coulomb", law_params={"mu": 0.5}), "filippov:dopri5",
                                      2.0, dt=1e-2)
            for u in (0.2, [{"value": 0.2}], [lambda t: 0.2])]
    assert np.array_equal(runs[0].q, runs[1].q)
    assert np.max(np.abs(runs[0].q - runs[2].q)) < 1e-9
    assert np.allclose(runs[0].s[:, 0], runs[0].v[:, 0] - 0.2)


# ------------------------------------------------------------------------------------------------- Python laws

class PyCoulomb(stickslip.Law):
    name = "py-coulomb"

    def __init__(self, mu):
        self.mu = mu

    def static_threshold(self, fn):
        return self.mu * fn

    def sliding_force(self, u, fn):
        return self.mu * fn


class PyTanh(stickslip.Law):
    name = "py-tanh"

    def __init__(self, mu, u_scale):
        self.mu, self.u_scale = mu, u_scale

    def slip_force(self, c, fn):
        return -self.mu * fn * math.tanh(c.v / self.u_scale)


@pytest.mark.parametrize("solver", ["filippov:dopri5", "ida"])
def test_a_python_set_valued_law_on_one_contact_reproduces_coulomb(solver):
    built_in = stickslip.simulate_system(stickslip.system(TWO_MASSES_DICT), solver, 3.0)
    d = two_masses(**{"contact.1.law": PyCoulomb(0.3), "contact.1.mu": None})
    s = stickslip.system(d)
    assert s.laws == ["coulomb", "py-coulomb"] and s.python
    python = stickslip.simulate_system(s, solver, 3.0)
    assert len(python.t) == len(built_in.t) and python.transitions["t"].size == built_in.transitions["t"].size > 0
    assert np.max(np.abs(python.t - built_in.t)) < 1e-9
    assert np.max(np.abs(python.q - built_in.q)) < 1e-9 and np.max(np.abs(python.F - built_in.F)) < 1e-8
    assert np.array_equal(python.stuck, built_in.stuck)


def test_a_python_slip_force_law_reproduces_tanh():
    kw = dict(M=[1.0, 0.5], K=[[80.0, -30.0], [-30.0, 30.0]], W=np.eye(2), normal_force=[9.81, 4.905],
              q0=[0.2, 0.0])
    # tanh on both contacts (Coulomb's sign under plain dopri5 chatters at rest: tiny steps for minutes)
    tanh1 = {"mu": 0.2, "u_scale": 0.05}
    built_in = stickslip.system(**kw, law=["tanh", "tanh"], law_params=[tanh1, {"mu": 0.3, "u_scale": 0.05}])
    python = stickslip.system(**kw, law=["tanh", PyTanh(0.3, 0.05)], law_params=[tanh1, {}])
    for solver in ["dopri5", "filippov:dopri5"]:
        a = stickslip.simulate_system(built_in, solver, 2.0, dt=1e-2)
        b = stickslip.simulate_system(python, solver, 2.0, dt=1e-2)
        assert len(a.t) == len(b.t) and np.max(np.abs(a.q - b.q)) < 1e-10, solver
        assert np.max(np.abs(a.F - b.F)) < 1e-9


def test_python_exceptions_come_out_as_themselves():
    class Broken(PyCoulomb):
        def sliding_force(self, u, fn):
            raise ZeroDivisionError("the law's own bug")

    s = stickslip.system(two_masses(**{"contact.1.law": Broken(0.3), "contact.1.mu": None}))
    for solver in ["filippov:dopri5", "ida", "rk4"]:
        with pytest.raises(ZeroDivisionError, match="the law's own bug"):
            stickslip.simulate_system(s, solver, 1.0)

    def belt(t):
        if t > 0.5:
            raise KeyError("the belt's own bug")
        return 0.1

    s = stickslip.system(M=[1.0], K=[[1.0]], W=[[1.0]], u=[belt], normal_force=1.0, law_params={"mu": 0.5})
    with pytest.raises(KeyError, match="the belt's own bug"):
        stickslip.simulate_system(s, "filippov:dopri5", 1.0)


def test_a_failing_driver_is_a_solver_error():
    class Exploding(PyTanh):
        def slip_force(self, c, fn):
            return float("nan")

    s = stickslip.system(M=[1.0], K=[[1.0]], W=[[1.0]], normal_force=1.0, law=Exploding(1, 1), q0=[1.0])
    for solver in ["rk4", "dopri5", "cvode"]:
        with pytest.raises(stickslip.SolverError):
            stickslip.simulate_system(s, solver, 1.0, dt=0.1)


def test_ctrl_c_ends_a_run_and_python_keeps_its_handler():
    s = stickslip.system(TWO_MASSES_DICT)
    before = signal.getsignal(signal.SIGINT)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        stickslip.simulate_system(s, "rk4", 1e3, dt=1e-6, dt_out=1.0)  # 1e9 steps: minutes
    timer.join()
    assert signal.getsignal(signal.SIGINT) is before
    assert stickslip.simulate_system(s, "rk4", 0.1).t[-1] == 0.1


# ------------------------------------------------------------------------------------------------- bad input

def write(tmp_path, text, name="bad.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def with_text(old, new):
    text = TWO_MASSES.read_text()
    assert old in text
    return text.replace(old, new, 1)


# (the file's text changed, the dict changed the same way, the message without the file and line)
BAD = [
    ("missing key", ("normal_force = 9.81      # m g\n", ""), {"contact.0.normal_force": None},
     "contact.floor1.normal_force=: the contact's normal force"),
    ("unknown key", ("mu = 0.2\n", "mu = 0.2\nfoo = 1\n"), {"contact.0.foo": 1},
     "contact.floor1.foo=1: unknown key; allowed: name, row, body, law"),
    ("negative mass", ("mass = 0.5", "mass = -0.5"), {"body.1.mass": -0.5},
     "body.x2.mass=-0.5: must be a finite number > 0"),
    ("no such body", ('body = "x1"', 'body = "x3"'), {"contact.0.body": "x3"},
     "contact.floor1.body=x3: no such body; the bodies are x1, x2"),
    ("singular mass matrix", ('name = "two masses on a floor"',
                              'name = "two masses on a floor"\nmass_matrix = [[1.0, 1.0], [1.0, 1.0]]'),
     {"mass_matrix": [[1.0, 1.0], [1.0, 1.0]]}, "mass_matrix=singular or indefinite: must be positive definite"),
    ("law parameter out of range", ("mu = 0.2", "mu = -0.2"), {"contact.0.mu": -0.2},
     "contact.floor1.mu=-0.2: must be >= 0"),
    ("parameter of another law", ("mu = 0.2", "mu = 0.2\nkt = 5"), {"contact.0.kt": 5},
     "contact.floor1.kt=5: law coulomb has no parameter kt"),
    ("unknown law", ('law = "coulomb"', 'law = "coulom"'), {"contact.0.law": "coulom"},
     "contact.floor1.law=coulom: allowed: "),
    ("row on no body", ('body = "x1"', 'row = { x1 = 1.0, x9 = 2.0 }'), {"contact.0.body": None,
                                                                       "contact.0.row": {"x1": 1.0, "x9": 2.0}},
     "contact.floor1.row.x9=2.0: no such body; the bodies are x1, x2"),
]


@pytest.mark.parametrize("what,edit,change,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_the_command_line_s_message(tmp_path, what, edit, change, message):
    path = write(tmp_path, with_text(*edit))
    cli = program_error(path)
    located = re.match(r"(.*bad\.toml:\d+: )(.*)", cli)
    assert located, cli  # the program names the file and the line
    assert located.group(2).startswith(message), cli
    # from the file: the program's message, file and line included
    with pytest.raises(ValueError) as e:
        stickslip.system(file=path)
    assert str(e.value) == cli
    # from the dict: the same message without the file and line
    with pytest.raises(ValueError) as e:
        stickslip.system(two_masses(**change))
    assert str(e.value) == located.group(2)


def test_an_override_s_error_is_the_set_s(tmp_path):
    cli = program_error(TWO_MASSES, "contact.floor1.mu=-1")
    assert cli.startswith("contact.floor1.mu=-1: must be >= 0")
    with pytest.raises(ValueError) as e:
        stickslip.system(file=TWO_MASSES, **{"contact.floor1.mu": -1})
    assert str(e.value) == cli
    s = stickslip.system(file=TWO_MASSES)
    with pytest.raises(ValueError, match="^t_end=-1: must be"):
        stickslip.simulate_system(s, t_end=-1)
    with pytest.raises(ValueError, match="^solver=rk5: "):
        stickslip.simulate_system(s, "rk5")
    with pytest.raises(ValueError, match="^transitions=both: "):
        stickslip.simulate_system(s, transitions="both")
    with pytest.raises(ValueError, match="^theta=2: must lie in"):
        stickslip.simulate_system(s, "moreau", theta=2)
    with pytest.raises(ValueError, match=r"^dt=10: needs dt <= t_end"):
        stickslip.simulate_system(s, "rk4", 1.0, dt=10)


def test_bad_arrays():
    ok = dict(M=[1.0, 0.5], K=np.zeros((2, 2)), W=np.eye(2), normal_force=1.0, law_params={"mu": 0.2})

    def call(**kw):
        return stickslip.system(**{**ok, **kw})

    with pytest.raises(ValueError, match=r"^W: 3 columns, must be 2 \(one per body\)$"):
        call(W=[[1.0, 0.0, 0.0]])
    with pytest.raises(ValueError, match=r"^body\.x1\.mass=-1: must be a finite number > 0"):
        call(M=[-1.0, 0.5])
    with pytest.raises(ValueError, match=r"^mass_matrix=singular or indefinite"):
        call(M=[[1.0, 1.0], [1.0, 1.0]])
    with pytest.raises(ValueError, match=r"^K: 3 x 3, must be 2 x 2"):
        call(K=np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"^stiffness=not symmetric"):
        call(K=[[0.0, 1.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match=r"^normal_force: 3 values, must be 2 \(one per contact\)"):
        call(normal_force=[1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match=r"^q0: 3 values, must be 2"):
        call(q0=[0, 0, 0])
    with pytest.raises(ValueError, match=r"^contact\.c2\.mu=-1: must be >= 0"):
        call(law_params=[{"mu": 0.2}, {"mu": -1}])
    with pytest.raises(ValueError, match=r"^contact\.c1\.mu=0\.2: a law written in Python takes its parameters"):
        call(law=PyCoulomb(0.2))
    with pytest.raises(ValueError, match=r"^contact\.c1\.law=Nothing: provides no form"):
        call(law=type("Nothing", (), {})(), law_params=None)
    with pytest.raises(ValueError, match=r"^contact\.c1\.law=nope: allowed: "):
        call(law="nope")
    with pytest.raises(TypeError, match=r"^W: "):
        call(W="rows")
    with pytest.raises(TypeError, match=r"^M: missing"):
        stickslip.system(W=np.eye(2), normal_force=1.0)
    with pytest.raises(TypeError, match=r"give one of spec"):
        stickslip.system(TWO_MASSES_DICT, M=[1.0])
    with pytest.raises(TypeError, match=r"overrides .* go with file="):
        stickslip.system(TWO_MASSES_DICT, t_end=3)
    with pytest.raises(ValueError, match=r"^body\.x1\.mass=heavy: must be a number"):
        stickslip.system(two_masses(**{"body.0.mass": "heavy"}))
    with pytest.raises(ValueError, match=r"^contact\.name=a b: a name without dots"):
        stickslip.system(two_masses(**{"contact.0.name": "a b"}))
    with pytest.raises(ValueError, match=r"^spring\.link\.ends=x9: no such body or drive"):
        stickslip.system(two_masses(**{"spring.1.ends": ["x1", "x9"]}))
