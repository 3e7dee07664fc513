"""stickslip.model / simulate against closed forms: the Coulomb oscillator's rest point and stop time (half-cycles
of amplitude loss 2 mu F_N / k), the plates' Coulomb deceleration to rest, the C-SDS's energy ledger (never creates
energy, Fuehrer, Brendel & Wolf eq. 11), two drivers against each other, and the errors of bad input."""
import math

import numpy as np
import pytest

import stickslip


def coulomb_oscillator_rest(m, k, mu, fn, x0):
    """Rest point and time of m x'' = -k x - mu F_N sign(x') from rest at x0: each half-cycle (pi sqrt(m/k))
    the amplitude about the equilibrium +-mu F_N/k drops by 2 mu F_N/k; it stops at the first turning point
    with |x| <= mu F_N / k."""
    d = mu * fn / k
    x, n = x0, 0
    while abs(x) > d:
        x = -(x - math.copysign(d, x) * 2)  # the turning point after a half-cycle about +-d
        n += 1
    return x, n * math.pi * math.sqrt(m / k)


@pytest.mark.parametrize("solver,law", [("filippov:dopri5", "coulomb-filippov"), ("ida", "coulomb-dae"),
                                        ("filippov:cvode", "coulomb")])
def test_oscillator_rest_point_over_random_draws(solver, law):
    rng = np.random.default_rng(7)
    for _ in range(6):
        m, k, mu, x0 = rng.uniform(0.1, 2), rng.uniform(0.5, 3), rng.uniform(0.1, 0.8), rng.uniform(-4, 4)
        x_rest, t_rest = coulomb_oscillator_rest(m, k, mu, 1.0, x0)
        mdl = stickslip.model("friction-oscillator", law=law, m=m, k=k, mu=mu, x0=x0)
        r = stickslip.simulate(mdl, solver, t_end=t_rest + 2, dt_out=0.05, rtol=1e-10, atol=1e-12)
        # the global error of an adaptive run at rtol 1e-10 over a few half-cycles (IDA's BDF: 1.1e-7 measured at
        # amplitudes up to 4; dopri5 1.4e-9)
        assert r.state["x"][-1] == pytest.approx(x_rest, abs=1e-6)
        assert abs(r.state["v"][-1]) < 1e-7
        if t_rest > 0:  # the last located event is the stick at rest
            stick = r.events["t"][r.events["mode_after"] == stickslip.STICK]
            assert stick[-1] == pytest.approx(t_rest, abs=1e-6)
            assert r.mode[-1] == stickslip.STICK


@pytest.mark.parametrize("law,driver", [("coulomb-dae", "ida"), ("coulomb", "ida"), ("csds", "cvode")])
def test_bdf_is_ida_on_a_dae_form_else_cvode(law, driver):
    # bdf:ORDER names the method (Krengel & Matuttis' BDF2/BDF5); the law's forms pick the driver: the same run as
    # that driver's spec at the same order, bit for bit.
    mdl = stickslip.model("friction-oscillator", law=law, x0=2.5)
    for order in (2, 5):
        a = stickslip.simulate(mdl, f"bdf:{order}", t_end=4, dt_out=0.05, rtol=1e-8, atol=1e-12)
        b = stickslip.simulate(mdl, f"{driver}:{order}", t_end=4, dt_out=0.05, rtol=1e-8, atol=1e-12)
        assert np.array_equal(a.state["x"], b.state["x"]) and np.array_equal(a.state["v"], b.state["v"])


def test_plates_coulomb_decelerate_to_rest():
    # m v' = -fmax sign(v): v = v0 - fmax t / m until t = m v0 / fmax, then stuck; W = -1/2 m v0^2 at rest.
    m, v0, fmax = 2.0, 3.0, 0.5
    mdl = stickslip.model("sliding-plates", law="coulomb-filippov", m=m, v0=v0, fmax=fmax)
    r = stickslip.simulate(mdl, "filippov:rk4", t_end=20, dt=1e-3, dt_out=0.1)
    t_stop = m * v0 / fmax
    sliding = r.t < t_stop
    assert np.allclose(r.state["v"][sliding], v0 - fmax * r.t[sliding] / m, atol=1e-9)
    assert r.state["v"][-1] == pytest.approx(0, abs=1e-12)
    assert r.events["t"][0] == pytest.approx(t_stop, abs=1e-9)
    assert r.state["W"][-1] == pytest.approx(-0.5 * m * v0 ** 2, rel=1e-9)
    assert np.all(np.abs(r.ledger["balance"]) < 1e-9)


def test_csds_never_creates_energy_and_two_drivers_agree():
    rng = np.random.default_rng(3)
    for _ in range(4):
        gamma, k, v0 = rng.uniform(0.2, 4), rng.uniform(0.5, 3), rng.uniform(0.5, 8)
        mdl = stickslip.model("sliding-plates", law="csds", gamma=gamma, k=k, v0=v0)
        a = stickslip.simulate(mdl, "cvode:bdf", t_end=10, dt_out=0.01, rtol=1e-11, atol=1e-13)
        b = stickslip.simulate(mdl, "dopri5", t_end=10, dt_out=0.01, rtol=1e-11, atol=1e-13)
        assert a.form == "hybrid" and len(a.events["t"]) > 0
        assert a.ledger["energy_created"] < 1e-9
        assert np.all(np.diff(a.ledger["dissipation"]) > -1e-9)
        # on the common output grid (the event rows differ between the drivers' located times)
        ga = a.t[~np.isin(a.t, a.events["t"])]
        gb = b.t[~np.isin(b.t, b.events["t"])]
        assert np.array_equal(ga, gb)
        va = a.state["v"][~np.isin(a.t, a.events["t"])]
        vb = b.state["v"][~np.isin(b.t, b.events["t"])]
        assert np.max(np.abs(va - vb)) < 1e-7


def test_block_sticks_on_a_slope_below_the_friction_angle():
    # tan 30 deg = 0.577 < mu = 0.6: the block holds (Krengel & Matuttis §4); the DAE's velocity projection keeps
    # s' = 0 while sticking, so the block does not move at all.
    mdl = stickslip.model("slope-drift", law="coulomb-dae", angle_deg=30, mu=0.6)
    r = stickslip.simulate(mdl, "ida", t_end=0.05, dt_out=1e-3, rtol=1e-10, atol=1e-16, max_step=1e-4)
    assert r.names[:4] == ["s", "v", "y", "w"]
    assert np.all(r.mode == stickslip.STICK)
    assert np.max(np.abs(r.state["s"])) < 1e-12
    # the friction force holds the downhill pull m g sin(alpha) (per unit depth)
    mass = 5000 * 0.01 ** 2
    assert r.force[-1] == pytest.approx(-mass * 9.81 * 0.5, rel=1e-6)


def test_outputs_on_the_grid_and_two_rows_per_event():
    mdl = stickslip.model("friction-oscillator", law="coulomb-filippov")
    r = stickslip.simulate(mdl, "filippov:dopri5", t_end=6, dt_out=0.5)
    for te in r.events["t"]:
        assert np.sum(r.t == te) == 2
    grid = r.t[~np.isin(r.t, r.events["t"])]
    assert np.allclose(grid, np.arange(0, 6.0001, 0.5))
    df = r.to_pandas()
    assert list(df.columns[:3]) == ["t", "x", "v"] and len(df) == len(r.t)


def test_errors_name_key_value_and_what_is_allowed():
    with pytest.raises(ValueError, match=r"relation=plates: allowed: sliding-plates, incline-block"):
        stickslip.model("plates")
    with pytest.raises(ValueError, match=r"law=foo: allowed: none, csds"):
        stickslip.model("sliding-plates", law="foo")
    with pytest.raises(ValueError, match=r"^kt=3: sliding-plates sets the law's kt from its own keys"):
        stickslip.model("sliding-plates", law="csds", kt=3)
    with pytest.raises(ValueError, match=r"^bogus=1: not a key of sliding-plates with law csds; allowed: m, k"):
        stickslip.model("sliding-plates", law="csds", bogus=1)
    with pytest.raises(ValueError, match=r"^gamma=-1: must be >= 0"):
        stickslip.model("sliding-plates", gamma=-1)
    with pytest.raises(ValueError, match=r"^mu_s=-1"):
        stickslip.model("sliding-plates", law="stribeck", mu_s=-1)
    with pytest.raises(TypeError, match=r"^v0='fast': a str; must be a number"):
        stickslip.model("sliding-plates", v0="fast")
    m = stickslip.model("sliding-plates", law="coulomb-filippov")
    with pytest.raises(ValueError, match=r"^solver=rk4: coulomb-filippov has no form that euler..rk4 runs"):
        stickslip.simulate(m, "rk4", t_end=1)
    with pytest.raises(ValueError, match=r"^solver=verlet"):
        stickslip.simulate(m, "verlet", t_end=1)
    with pytest.raises(ValueError, match=r"^solver=cvode:foo"):
        stickslip.simulate(m, "cvode:foo", t_end=1)
    with pytest.raises(ValueError, match=r"^t_end=-1"):
        stickslip.simulate(m, "filippov:rk4", t_end=-1)
    with pytest.raises(ValueError, match=r"^dt=0"):
        stickslip.simulate(m, "filippov:rk4", t_end=1, dt=0)


def test_solver_failure_is_a_solver_error():
    # A law whose force is not finite: every driver fails, with the solver's reason.
    class Exploding(stickslip.Law):
        name = "exploding"

        def slip_force(self, c, fn):
            return float("nan")

    m = stickslip.model("sliding-plates", law=Exploding())
    with pytest.raises(stickslip.SolverError):
        stickslip.simulate(m, "cvode", t_end=1)
    with pytest.raises(stickslip.SolverError):
        stickslip.simulate(m, "rk4", t_end=1, dt=0.1)


def test_catalogs():
    names = [r["name"] for r in stickslip.relations()]
    assert names == ["sliding-plates", "incline-block", "friction-oscillator"]
    laws = {l["name"]: l for l in stickslip.laws()}
    assert "filippov" in laws["coulomb-filippov"]["drivers"] and laws["coulomb-filippov"]["drivers"] == ["filippov"]
    assert [p["name"] for p in laws["csds"]["parameters"]] == ["mu", "kt", "gamma_t"]


@pytest.mark.parametrize("solver,law,tol", [("cvode:bdf", "csds", 1e-6), ("dopri5", "csds", 1e-6),
                                             ("ida", "dsds-dae", 1e-6)])
def test_plates_against_the_exact_piecewise_solution(solver, law, tol):
    rng = np.random.default_rng(17)
    for _ in range(3):
        p = dict(k=rng.uniform(0.5, 3), gamma=rng.uniform(0.3, 4), v0=rng.uniform(0.5, 8), m=rng.uniform(0.5, 2))
        r = stickslip.simulate(stickslip.model("sliding-plates", law=law, **p), solver, t_end=10, dt_out=0.05,
                               rtol=1e-11, atol=1e-13)
        exact = stickslip.exact_sliding_plates(r.t, law=law, **p)
        # event rows sit on the switch itself, where the exact mode may be either side: compare the grid rows
        grid = ~np.isin(r.t, r.events["t"]) & (r.t > 0)  # t = 0: the D-SDS's reset of eq. 3 jumps xi at 0+
        assert np.max(np.abs(r.state["v"][grid] - exact["v"][grid])) < tol * max(1, p["v0"])
        assert np.max(np.abs(r.state["xi"][grid] - exact["xi"][grid])) < tol * max(1, p["v0"])
        stick = r.events["t"][r.events["mode_after"] == stickslip.STICK]
        if exact["t_stick"] is not None:
            assert stick[-1] == pytest.approx(exact["t_stick"], abs=1e-6)


def test_ctrl_c_ends_a_run_and_python_keeps_its_handler():
    import os
    import signal
    import threading

    m = stickslip.model("sliding-plates", law="csds")
    before = signal.getsignal(signal.SIGINT)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        stickslip.simulate(m, "rk4", t_end=1e3, dt=1e-6, dt_out=1.0, events=False)  # 1e9 steps: minutes
    timer.join()
    assert signal.getsignal(signal.SIGINT) is before
    # the interpreter's own handling is back: the next run finishes
    assert stickslip.simulate(m, "rk4", t_end=1, dt=1e-2).t[-1] == 1


def test_overlapping_runs_from_two_threads_leave_python_its_handler():
    # Two runs with the GIL released overlap; Python's SIGINT handler must be back after both (the last one out
    # restores it), and both results equal a run alone.
    import signal
    import threading

    m = stickslip.model("sliding-plates", law="csds")
    alone = stickslip.simulate(m, "rk4", t_end=10, dt=1e-5, dt_out=0.5)
    before = signal.getsignal(signal.SIGINT)
    results = [None, None]

    def work(i, t_end):
        results[i] = stickslip.simulate(m, "rk4", t_end=t_end, dt=1e-5, dt_out=0.5)

    threads = [threading.Thread(target=work, args=(0, 10)), threading.Thread(target=work, args=(1, 5))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert signal.getsignal(signal.SIGINT) is before
    assert np.array_equal(results[0].state["v"], alone.state["v"])
    assert np.array_equal(results[1].state["v"], alone.state["v"][alone.t <= 5])


def test_exact_plates_refusals():
    with pytest.raises(ValueError, match="^law=coulomb: allowed: csds, dsds, dsds-stage, dsds-dae"):
        stickslip.exact_sliding_plates([0, 1], law="coulomb")
    # Every D-SDS entry converges to the same continuous limit (the reset rule after a step or a stage, the DAE).
    assert np.array_equal(stickslip.exact_sliding_plates([0, 1, 2], law="dsds")["v"],
                          stickslip.exact_sliding_plates([0, 1, 2], law="dsds-dae")["v"])
    with pytest.raises(ValueError, match="^gamma=0: must be > 0 for friction=csds"):
        stickslip.exact_sliding_plates([0, 1], law="csds", gamma=0)
    with pytest.raises(ValueError, match="^t=-1: must be finite numbers >= 0"):
        stickslip.exact_sliding_plates([0, -1])
    assert stickslip.exact_sliding_plates([0, 1], law="dsds-dae", gamma=0)["v"][0] == 4


def test_numbers_and_types_as_the_command_line_checks_them():
    # An int beyond a double's range: the command line's message for --set m=1e400 (core/parameters.cpp).
    with pytest.raises(ValueError) as e:
        stickslip.model("sliding-plates", m=10 ** 400)
    assert str(e.value) == "m=1e400: beyond the range of a double (about 2.2e-308 to 1.8e308 in magnitude, or 0)"
    with pytest.raises(ValueError, match=r"^m=nan: expected a finite number"):
        stickslip.model("sliding-plates", m=math.nan)
    m = stickslip.model("sliding-plates", law="csds")
    # Tolerances: rtol and atol in (0, 1) (inf reached CVODE as a convergence failure); inf is no
    # number the command line takes (--set atol=inf), and said so.
    with pytest.raises(ValueError, match=r"^atol=inf: expected a finite number"):
        stickslip.simulate(m, solver="cvode", atol=float("inf"), t_end=1)
    with pytest.raises(ValueError, match=r"^atol=0: must lie in \(0, 1\)"):
        stickslip.simulate(m, solver="cvode", atol=0.0, t_end=1)
    with pytest.raises(ValueError, match=r"^atol=1e308: must lie in \(0, 1\)"):
        stickslip.simulate(m, solver="cvode", atol=1e308, t_end=1)
    with pytest.raises(ValueError, match=r"^rtol=2: must lie in \(0, 1\)"):
        stickslip.simulate(m, solver="cvode", rtol=2.0, t_end=1)
    with pytest.raises(ValueError, match=r"^rtol=0: must lie in \(0, 1\)"):
        stickslip.simulate(m, solver="cvode", rtol=0, t_end=1)
    # A str where a number goes: TypeError naming the argument (float("10") used to take it).
    with pytest.raises(TypeError, match=r"^t_end='10': a str; allowed: a number"):
        stickslip.simulate(m, solver="cvode", t_end="10")
    with pytest.raises(TypeError, match=r"^dt='0.1': a str; allowed: a number"):
        stickslip.simulate(m, solver="rk4", t_end=1, dt="0.1")
    with pytest.raises(TypeError, match=r"^events='on': a str; allowed: True or False"):
        stickslip.simulate(m, solver="cvode", t_end=1, events="on")
    with pytest.raises(TypeError, match=r"^solver=4: an? int; allowed: a name"):
        stickslip.simulate(m, solver=4, t_end=1)
    r = stickslip.simulate(m, solver="cvode", t_end=1, atol=1e-9, rtol=1e-6)  # ints and floats as before
    assert r.t[-1] == pytest.approx(1)
