"""stickslip.ParticleSystem (studies/python/bind_particles.cpp, stickslip/particles.py) against closed forms, the
command line's own run of the same system, conservation laws and its error contract."""
import gc
import json
import math
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import stickslip

RHO = 2500.0
KN = 1e5


def head_on(zeta, v, r, n_per_contact, scheme="verlet", track_energy=False):
    """Two equal spheres meeting head-on at relative speed v under the linear spring-dashpot with damping ratio zeta.
    Returns (restitution, contact time, dt, largest |K + U_n - K_0| / K_0 over the run, the closed forms e, t_c).
    Closed forms (m* = m/2, w0 = sqrt(k_n/m*), gamma_n = 2 zeta w0, h'' + gamma_n h' + w0^2 h = 0 while h > 0):
    e = exp(-pi zeta / sqrt(1 - zeta^2)), t_c = pi / (w0 sqrt(1 - zeta^2))."""
    m = RHO * 4 / 3 * math.pi * r**3
    w0 = math.sqrt(KN / (m / 2))
    tc = math.pi / (w0 * math.sqrt(1 - zeta**2))
    e = math.exp(-math.pi * zeta / math.sqrt(1 - zeta**2))
    dt = tc / n_per_contact
    gap = 0.3 * v * tc
    s = stickslip.ParticleSystem([[0, 0, 0], [2 * r + gap, 0, 0]], r, velocities=[[v / 2, 0, 0], [-v / 2, 0, 0]],
                                 density=RHO, normal="linear", kn=KN, gamma_n=2 * zeta * w0)
    x, u = s.positions, s.velocities  # views: they follow the stepping
    t_on = t_off = None
    worst = 0.0
    while t_off is None:
        s.step(1, dt, scheme)
        if track_energy:
            led = s.ledger()
            worst = max(worst, abs(led["kinetic_end"] + led["elastic_normal"] - led["kinetic_start"]) /
                        led["kinetic_start"])
        h = 2 * r - (x[1, 0] - x[0, 0])
        if h > 0 and t_on is None:
            t_on = s.time
        elif h <= 0 and t_on is not None:
            t_off = s.time
        assert s.time < 10 * tc
    return (u[1, 0] - u[0, 0]) / v, t_off - t_on, dt, worst, e, tc


def draws(k, seed):
    rng = np.random.default_rng(seed)
    return [(rng.uniform(0.05, 0.6), rng.uniform(0.1, 3.0), rng.uniform(0.005, 0.02)) for _ in range(k)]


@pytest.mark.parametrize("zeta,v,r", draws(4, 23))
def test_head_on_collision_trapezoid_matches_closed_form_to_second_order(zeta, v, r):
    # The trapezoid (phi = 1/2) is second order for the damped linear contact: |e_h - e|/e = C (dt/t_c)^2 with
    # C = 2 .. 4 over zeta in [0.05, 0.6] (the onset falls between steps; the contact time is found to one step).
    errs = []
    for n in (100, 200):
        e_h, tc_h, dt, _, e, tc = head_on(zeta, v, r, n, "trapezoid")
        errs.append(abs(e_h - e) / e)
        assert errs[-1] <= 5 * (dt / tc) ** 2
        assert abs(tc_h - tc) <= dt * (1 + 1e-9)
    assert 3.0 < errs[0] / errs[1] < 5.0  # second order: halving dt divides the error by 4


@pytest.mark.parametrize("zeta,v,r", draws(4, 7))
def test_head_on_collision_verlet_restitution_first_order(zeta, v, r):
    # Velocity Verlet sees the dashpot at v_{n+1/2} (first order in a velocity-dependent force; LAMMPS does the
    # same): |e_h - e|/e = c dt/t_c with c ~ 17 zeta^2 (the dashpot's lag) plus up to ~1 from where the onset falls
    # between steps. A wrong dashpot (gamma_n m instead of gamma_n m*, a factor 2) is off by O(1), not O(dt).
    e_h, tc_h, dt, _, e, tc = head_on(zeta, v, r, 200)
    assert abs(e_h - e) / e <= (1 + 20 * zeta**2) * dt / tc
    assert abs(tc_h - tc) <= dt * (1 + 1e-9)


@pytest.mark.parametrize("v,r", [(1.0, 0.01), (0.3, 0.004), (2.5, 0.02)])
def test_undamped_collision_energy_error_is_verlets(v, r):
    # Undamped, frictionless: velocity Verlet on the harmonic contact keeps a modified energy; K + U_n deviates from
    # K_0 by at most (w0 dt)^2/4 = (pi dt/t_c)^2/4 of it (attained at the turning point), i.e. second order, and the
    # restitution is 1 to higher order.
    for n in (50, 100):
        e_h, _, dt, worst, _, tc = head_on(0.0, v, r, n, "verlet", track_energy=True)
        bound = (math.pi * dt / tc) ** 2 / 4
        assert 0.9 * bound <= worst <= 1.05 * bound
        assert abs(e_h - 1) <= 10 * (dt / tc) ** 2


@pytest.mark.parametrize("v,r,young", [(1.0, 0.01, 1e8), (0.2, 0.003, 5e7), (3.0, 0.02, 1e9)])
def test_undamped_hertz_contact_time_closed_form(v, r, young):
    # Hertz without damping (restitution 1): m* h'' = -K h^(3/2), K = 4/3 E* sqrt(r*), E* = E/(2 (1 - nu^2)) for two
    # equal spheres, so t_c = 2 h_max/v I with h_max = (5 m* v^2/(4 K))^(2/5) and
    # I = int_0^1 dx/sqrt(1 - x^(5/2)) = (2/5) B(2/5, 1/2); the restitution is 1.
    nu = 0.3
    s = stickslip.ParticleSystem([[0, 0, 0], [2 * r + 1e-6, 0, 0]], r, velocities=[[v / 2, 0, 0], [-v / 2, 0, 0]],
                                 normal="hertz", young=young, poisson=nu, restitution=1.0)
    m_star = s.masses[0] / 2
    k = 4 / 3 * young / (2 * (1 - nu**2)) * math.sqrt(r / 2)
    h_max = (5 * m_star * v**2 / (4 * k)) ** 0.4
    integral = 0.4 * math.gamma(0.4) * math.gamma(0.5) / math.gamma(0.9)
    tc = 2 * h_max / v * integral
    dt = tc / 400
    x, u = s.positions, s.velocities
    t_on = t_off = None
    while t_off is None:
        s.step(1, dt)
        touching = x[1, 0] - x[0, 0] < 2 * r
        if touching and t_on is None:
            t_on = s.time
        elif not touching and t_on is not None:
            t_off = s.time
    assert abs((t_off - t_on) - tc) <= dt * (1 + 1e-9)
    assert abs((u[1, 0] - u[0, 0]) / v - 1) < 1e-4  # Verlet's energy error after the contact, O((dt/t_c)^2)


def test_static_overlap_contact_force_closed_form():
    # Two resting spheres overlapping by h: f_n = k_n h (no motion: no dashpot), equal and opposite; a sphere on
    # a wall the same with r* = r. The contact list reports the normal from i towards j.
    r, h = 0.01, 1e-4
    s = stickslip.ParticleSystem([[0, 0, 0.5], [2 * r - h, 0, 0.5], [0.5, 0, r - h]], r, walls=[([0, 0, 0], [0, 0, 1])],
                                 kn=KN, gamma_n=30.0, tangential="dsds", kt=2e4, mu=0.4)
    c = s.contacts()
    pair = np.flatnonzero(c["j"] == 1)[0]
    wall = np.flatnonzero(c["j"] == -1)[0]
    assert c["i"][pair] == 0 and c["i"][wall] == 2
    np.testing.assert_allclose(c["fn"][[pair, wall]], KN * h, rtol=1e-12)
    np.testing.assert_allclose(c["normal"][pair], [1, 0, 0], atol=1e-15)
    np.testing.assert_allclose(c["normal"][wall], [0, 0, -1], atol=1e-15)
    np.testing.assert_allclose(c["ft"], 0, atol=1e-15)
    np.testing.assert_allclose(s.forces[0], [-KN * h, 0, 0], rtol=1e-12)
    np.testing.assert_allclose(s.forces[1], [KN * h, 0, 0], rtol=1e-12)
    np.testing.assert_allclose(s.forces[2], [0, 0, KN * h], rtol=1e-12)
    table = s.contact_table()
    assert list(table) == ["i", "j", "nx", "ny", "nz", "fx", "fy", "fz", "fn", "ftx", "fty", "ftz"]
    np.testing.assert_array_equal(np.column_stack([table["fx"], table["fy"], table["fz"]]), c["force"])


def gas(seed, tangential="dsds", n=60, **kw):
    # the parameters each law declares (stickslip.particle_laws()), from one set of values
    values = dict(kt=5e3, gamma_t=40.0, mu=0.5, young=1e7, poisson=0.3, **kw)
    declared = stickslip.particle_laws()[tangential]
    laws = dict(kn=2e4, gamma_n=40.0, **{k: v for k, v in values.items() if k in declared})
    return stickslip.ParticleSystem.granular_gas(n, radius=0.01, phi=0.2, t0=1e-3, t_rot0=1e-3, seed=seed,
                                                 tangential=tangential, **laws)


@pytest.mark.parametrize("seed,law", [(1, "dsds"), (2, "csds"), (3, "mindlin"), (4, "coulomb"), (5, "cundall-strack")])
def test_ledger_balances_to_round_off_under_verlet(seed, law):
    # Velocity Verlet's exact discrete energy law (solvers/particles/velocity_verlet.hpp) closes the ledger:
    # dK + W_n + W_t + scheme - kick - W_g = 0 to round-off, each step adding a few ulps of the largest term.
    s = gas(seed, law)
    s.step(3000, 2e-5)
    led = s.ledger()
    assert led["normal_damping"] > 0.01 * led["kinetic_start"]  # the run did collide
    assert led["energy_balance_error"] < 3000 * 2e-16 * 10


def test_views_follow_the_state_without_copies_and_keep_the_system_alive():
    s = gas(9)
    views = {k: getattr(s, k) for k in ("positions", "velocities", "spins", "forces", "torques", "radii", "masses")}
    ptr = {k: a.__array_interface__["data"][0] for k, a in views.items()}
    before = views["velocities"].copy()
    s.step(200, 2e-5)
    for k, a in views.items():
        fresh = getattr(s, k)
        assert fresh.__array_interface__["data"][0] == ptr[k], k  # the same memory: a view, not a copy
        assert np.shares_memory(a, fresh), k
        assert not a.flags.writeable, k
    assert not np.array_equal(before, views["velocities"])  # the old view shows the new state
    assert views["positions"].strides == (24, 8)  # Vec3 rows
    with pytest.raises(ValueError):
        views["positions"][0, 0] = 1.0
    expected = views["masses"].copy()
    del s
    gc.collect()
    np.testing.assert_array_equal(views["masses"], expected)  # the view keeps its system alive


def test_discs_stay_planar_and_views_are_2d():
    rng = np.random.default_rng(3)
    n = 30
    xy = np.array([[x, y] for x in range(6) for y in range(5)], float) * 0.025 + 0.05
    s = stickslip.ParticleSystem(xy, 0.01, velocities=rng.normal(0, 0.3, (n, 2)), spins=rng.normal(0, 5, n),
                                 walls=[([0, 0], [0, 1]), ([0, 0], [1, 0]), ([0.25, 0], [-1, 0])], gravity=[0, -9.81],
                                 kn=1e4, gamma_n=20.0, tangential="dsds", kt=3e3, mu=0.5)
    assert s.positions.shape == (n, 2) and s.spins.shape == (n,) and s.torques.shape == (n,)
    s.step(2000, 2e-5)
    assert np.all(np.isfinite(s.positions))
    c = s.contacts()
    assert c["force"].shape[1] == 2
    assert s.ledger()["energy_balance_error"] < 1e-11


def stickslip_binary():
    return Path(stickslip.__file__).resolve().parents[2] / "stickslip"


def test_same_gas_bitwise_as_the_granular_gas_study(tmp_path):
    # The command line's granular-gas study (studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp) and
    # ParticleSystem build the same initial state (make_granular_gas) and step it with the same engine: every frame of
    # both dumps (positions, velocities, spins to 17 digits; every contact force) must be identical byte for byte.
    binary = stickslip_binary()
    out = tmp_path / "cli"
    cmd = [str(binary), "run", "granular-gas", "--out", str(out)]
    for kv in ("n=150", "laws=dsds", "seeds=4", "t_end_tau=0.05", "dump_every=40", "lammps=off", "hard_spheres=off",
               "threads=1", "phi=0.1"):
        cmd += ["--set", kv]
    subprocess.run(cmd, check=True, capture_output=True)
    summary = json.loads((out / "summary.json").read_text())
    steps, dt = summary["steps_per_run"], summary["dt"]
    # the study's parameters (studies/papers/fuhrer_brendel_wolf/granular_gas_setup.cpp, gas_parameters.cpp) from its
    # defaults
    kn, e, kt_ratio, mu, r = 2e4, 0.8, 0.2857142857142857, 0.5, 0.01
    m = float(stickslip.ParticleSystem.granular_gas(2, radius=r, density=2500, phi=0.1).masses[0])
    zeta = -math.log(e) / math.sqrt(math.pi * math.pi + math.log(e) * math.log(e))
    gamma_n = 2 * zeta * math.sqrt(kn / (0.5 * m))
    s = stickslip.ParticleSystem.granular_gas(150, radius=r, density=2500, phi=0.1, seed=4,  # T0, T_rot0: its defaults
                                              tangential="dsds", kn=kn, gamma_n=gamma_n, kt=kt_ratio * kn,
                                              gamma_t=gamma_n, mu=mu, skin=0.3 * r)
    with s.dumps(tmp_path / "py", "gas_dsds_s4", every=40) as (atoms, contacts):
        s.step(steps, dt)
    for mine, theirs in ((atoms, out / "dumps" / "gas_dsds_s4.dump"),
                         (contacts, out / "dumps" / "gas_dsds_s4_contacts.dump")):
        a, b = Path(mine).read_text(), theirs.read_text()
        assert a.count("ITEM: TIMESTEP") == steps // 40 + 1
        assert a == b, mine
    ledger = json.loads((out / "runs.jsonl").read_text().splitlines()[-1])["row"]["ledger"]
    mine = s.ledger()
    for k in ("kinetic_end", "normal_damping", "tangential_dissipation", "created"):
        assert mine[k] == ledger[k], k


def test_dump_frame_reads_back_the_state(tmp_path):
    s = gas(5, n=40)
    s.step(100, 2e-5)
    with s.dumps(tmp_path, "snap", every=1000) as (atoms, contacts):
        pass
    lines = Path(atoms).read_text().splitlines()
    start = lines.index(next(x for x in lines if x.startswith("ITEM: ATOMS"))) + 1
    table = np.array([[float(v) for v in x.split()] for x in lines[start:start + len(s)]])
    np.testing.assert_array_equal(table[:, 2:5], s.positions)
    np.testing.assert_array_equal(table[:, 5:8], s.velocities)
    np.testing.assert_array_equal(table[:, 8], s.radii)
    np.testing.assert_array_equal(table[:, 9:12], s.spins)
    clines = Path(contacts).read_text().splitlines()
    n_rows = int(clines[clines.index("ITEM: NUMBER OF ENTRIES") + 1])
    assert n_rows == len(s.contacts()["i"]) > 0


def test_trapezoid_refuses_coulomb_naming_the_scheme():
    s = gas(1, "coulomb")
    with pytest.raises(ValueError, match="scheme.*trapezoid"):
        s.step(1, 1e-5, "trapezoid")


@pytest.mark.parametrize("kwargs,key", [
    (dict(positions=np.zeros((3, 4)), radii=0.01), "positions"),
    (dict(positions=np.zeros((3, 3)), radii=[0.01, 0.01]), "radii"),
    (dict(positions=np.zeros((2, 3)), radii=[0.01, -0.01]), "radii"),
    (dict(positions=[[0, 0, 0], [np.nan, 1, 0]], radii=0.01), "positions"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, velocities=np.zeros((2, 2))), "velocities"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, velocities=[[0, 0, np.inf], [0, 0, 0]]), "velocities"),
    (dict(positions=np.zeros((2, 2)), radii=0.01, spins=np.zeros((2, 3))), "spins"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, masses=[1.0, 0.0]), "masses"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, tangential="no-such-law"), "tangential"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, tangential="dsds-dae"), "tangential.*forms here"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, normal="hooke"), "normal"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, tangential="dsds", mu=-1.0), "mu"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, kn=-5.0), "kn"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, tangential="none", mu=0.5), "mu"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, walls=[([0, 0, 0], [0, 0, 0])]), "walls"),
    (dict(positions=np.zeros((2, 3)), radii="big"), "radii"),
    (dict(positions=np.zeros((2, 3)), radii=0.01, gravity=[0, -9.81]), "gravity"),
])
def test_bad_input_raises_value_error_naming_the_argument(kwargs, key):
    with pytest.raises(ValueError, match=key):
        stickslip.ParticleSystem(**kwargs)


def test_bad_step_arguments():
    s = gas(1, n=10)
    for args, key in (((10, -1e-5), "dt"), ((10, float("nan")), "dt"), ((-1, 1e-5), "n"),
                      ((1, 1e-5, "euler"), "scheme")):
        with pytest.raises(ValueError, match=key):
            s.step(*args)


def test_ctrl_c_stops_between_steps_and_keeps_the_state():
    s = gas(2, n=400)
    dt = 2e-5
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        s.step(10**9, dt)
    timer.join()
    assert 0 < s.steps < 10**9
    assert s.time == pytest.approx(s.steps * dt, rel=1e-9)
    assert np.all(np.isfinite(s.positions)) and np.all(np.isfinite(s.velocities))
    steps = s.steps
    s.step(10, dt)  # and it goes on from there
    assert s.steps == steps + 10
    assert s.ledger()["energy_balance_error"] < 1e-10


def test_example_runs(tmp_path):
    example = Path(os.environ.get("STICKSLIP_SOURCE_DIR", Path(__file__).resolve().parents[2])) / \
        "studies" / "python" / "examples" / "particles_pour.py"
    env = dict(os.environ, MPLBACKEND="Agg")
    res = subprocess.run([sys.executable, str(example), "--out", str(tmp_path), "--quick"], env=env,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "particles_pour.png").stat().st_size > 10000
