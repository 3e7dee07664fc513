"""Friction laws written in Python, driven like the built-in ones: a Python C-SDS reproduces the built-in C-SDS
on the sliding plates to 1e-10 (rate form without events on rk4, CVODE and IDA; hybrid form with events on
CVODE), a Python Coulomb (set-valued: two functions) reproduces the built-in Coulomb on the dry-friction
oscillator under the Filippov driver and IDA, a Python Coulomb DAE with its own residual reproduces coulomb-dae,
and a law's exception comes out as itself."""
import math

import numpy as np
import pytest

import stickslip


class PyCsds(stickslip.Law):
    """Fuehrer, Brendel & Wolf eq. 9-10 with an absolute dashpot gamma (the plates' m* = m)."""

    name = "py-csds"

    def __init__(self, k, gamma, mu=1.0):
        self.k, self.gamma, self.mu = k, gamma, mu

    def test(self, c, xi):
        return -self.k * xi - self.gamma * c.v

    def force(self, c, fn, xi):
        fs, fmax = self.test(c, xi), self.mu * abs(fn)
        return fs if abs(fs) <= fmax else math.copysign(fmax, fs)

    def rate(self, c, fn, xi):
        fs, fmax = self.test(c, xi), self.mu * abs(fn)
        if abs(fs) <= fmax:
            return c.v
        return -(1.0 / self.gamma) * (math.copysign(fmax, fs) + self.k * xi)  # the C++ law's arithmetic


class PyCsdsHybrid(PyCsds):
    """The same law with its stick/slip switches as events (modes stick, slide +, slide -)."""

    name = "py-csds-hybrid"

    def initial_mode(self, c, fn, z):
        fs = self.test(c, z)
        if abs(fs) <= self.mu * abs(fn):
            return stickslip.STICK
        return stickslip.SLIDE_POS if fs > 0 else stickslip.SLIDE_NEG

    def mode_force(self, c, fn, z, mode):
        if mode == stickslip.STICK:
            return self.test(c, z)
        return (1 if mode == stickslip.SLIDE_POS else -1) * self.mu * abs(fn)

    def mode_rate(self, c, fn, z, mode):
        if mode == stickslip.STICK:
            return c.v
        s = 1 if mode == stickslip.SLIDE_POS else -1
        return -(s * self.mu * abs(fn) + self.k * z) / self.gamma

    def events(self, c, fn, z, mode):
        fs, fmax = self.test(c, z), self.mu * abs(fn)
        if mode == stickslip.STICK:
            return fs - fmax, -fs - fmax
        s = 1 if mode == stickslip.SLIDE_POS else -1
        return fmax - s * fs, -1.0

    def on_event(self, c, fn, z, mode, which):
        if mode == stickslip.STICK:
            return stickslip.SLIDE_POS if which == 0 else stickslip.SLIDE_NEG
        return stickslip.STICK if which == 0 else mode


class PyCoulomb(stickslip.Law):
    name = "py-coulomb"

    def __init__(self, mu):
        self.mu = mu

    def static_threshold(self, fn):
        return self.mu * fn

    def sliding_force(self, u, fn):
        return self.mu * fn


class PyCoulombDae(PyCoulomb):
    """Coulomb's hybrid DAE written out (Krengel & Matuttis): z = F algebraic; stick: 0 = F - f_stick with the slip
    row held at 0 = v; slide s: 0 = F + s mu F_n, leaving when s v falls to 0."""

    name = "py-coulomb-dae"
    dae_force = True

    def initial_mode(self, c, fn, z):
        if c.v != 0:
            return stickslip.SLIDE_POS if c.v > 0 else stickslip.SLIDE_NEG
        return self.at_rest(c, fn)

    def at_rest(self, c, fn):
        if abs(c.f_stick) <= self.mu * fn:
            return stickslip.STICK
        return stickslip.SLIDE_POS if c.f_stick < 0 else stickslip.SLIDE_NEG

    def mode_force(self, c, fn, z, mode):
        return z

    def mode_rate(self, c, fn, z, mode):
        return 0.0

    def events(self, c, fn, z, mode):
        if mode == stickslip.STICK:
            return z - self.mu * fn, -z - self.mu * fn
        return -(1 if mode == stickslip.SLIDE_POS else -1) * c.v, -1.0

    def on_event(self, c, fn, z, mode, which):
        if mode == stickslip.STICK:
            return stickslip.SLIDE_NEG if which == 0 else stickslip.SLIDE_POS
        return self.at_rest(c, fn) if which == 0 else mode

    def project(self, c, fn, z, mode):
        if mode == stickslip.STICK:
            return c.f_stick
        return -(1 if mode == stickslip.SLIDE_POS else -1) * self.mu * fn

    def algebraic(self, mode):
        return True

    def residual(self, c, fn, z, zdot, mode):
        if mode == stickslip.STICK:
            return z - c.f_stick
        return z + (1 if mode == stickslip.SLIDE_POS else -1) * self.mu * fn

    def holds_slip(self, mode):
        return mode == stickslip.STICK


def same(a, b, keys, tol):
    assert a.names == b.names and np.array_equal(a.t, b.t)
    for k in keys:
        assert np.max(np.abs(a.state[k] - b.state[k])) <= tol, k
    assert np.max(np.abs(a.force - b.force)) <= tol


@pytest.mark.parametrize("solver", ["rk4", "cvode:bdf", "ida"])
def test_python_csds_reproduces_builtin_rate_form(solver):
    rng = np.random.default_rng(11)
    for _ in range(3):
        k, gamma, v0 = rng.uniform(0.5, 3), rng.uniform(0.3, 4), rng.uniform(0.5, 6)
        kw = dict(t_end=10, dt=1e-3, dt_out=0.05, events=False, rtol=1e-10, atol=1e-12)
        built_in = stickslip.simulate(stickslip.model("sliding-plates", law="csds", k=k, gamma=gamma, v0=v0), solver, **kw)
        python = stickslip.simulate(stickslip.model("sliding-plates", law=PyCsds(k, gamma), k=k, gamma=gamma, v0=v0),
                                    solver, **kw)
        assert python.form == built_in.form == "rate"
        same(built_in, python, ["v", "xi", "W"], 1e-10)


def test_python_csds_hybrid_reproduces_builtin_events():
    for k, gamma, v0 in [(1.0, 2.0, 4.0), (2.5, 0.4, 1.5), (0.7, 3.0, 6.0)]:
        kw = dict(t_end=10, dt_out=0.05, rtol=1e-10, atol=1e-12)
        built_in = stickslip.simulate(stickslip.model("sliding-plates", law="csds", k=k, gamma=gamma, v0=v0), "cvode", **kw)
        python = stickslip.simulate(stickslip.model("sliding-plates", law=PyCsdsHybrid(k, gamma), k=k, gamma=gamma,
                                                    v0=v0), "cvode", **kw)
        assert python.form == built_in.form == "hybrid"
        assert len(python.events["t"]) == len(built_in.events["t"]) > 0
        assert np.max(np.abs(python.events["t"] - built_in.events["t"])) < 1e-10
        assert np.array_equal(python.events["mode_after"], built_in.events["mode_after"])
        same(built_in, python, ["v", "xi", "W"], 1e-10)


@pytest.mark.parametrize("solver,builtin", [("filippov:dopri5", "coulomb-filippov"), ("ida", "coulomb-dae")])
def test_python_coulomb_reproduces_builtin(solver, builtin):
    rng = np.random.default_rng(5)
    for _ in range(3):
        m, k, mu, x0 = rng.uniform(0.1, 1), rng.uniform(0.5, 2), rng.uniform(0.1, 0.6), rng.uniform(1, 4)
        kw = dict(t_end=8, dt_out=0.05, rtol=1e-10, atol=1e-12)
        a = stickslip.simulate(stickslip.model("friction-oscillator", law=builtin, m=m, k=k, mu=mu, x0=x0), solver, **kw)
        b = stickslip.simulate(stickslip.model("friction-oscillator", law=PyCoulomb(mu), m=m, k=k, x0=x0), solver, **kw)
        assert a.form == b.form
        same(a, b, ["x", "v"], 1e-10)


def test_python_coulomb_dae_with_its_own_residual_reproduces_coulomb_dae():
    kw = dict(t_end=8, dt_out=0.05, rtol=1e-10, atol=1e-12)
    a = stickslip.simulate(stickslip.model("friction-oscillator", law="coulomb-dae", mu=0.3), "ida", **kw)
    b = stickslip.simulate(stickslip.model("friction-oscillator", law=PyCoulombDae(0.3)), "ida", **kw)
    assert b.form == "DAE"
    same(a, b, ["x", "v"], 1e-10)


def test_forms_and_refusals():
    assert stickslip.forms(PyCsds(1, 1)) == "rate"
    assert stickslip.forms(PyCoulomb(0.3)) == "slip force, DAE, Filippov, jump (no IDA)"
    assert "hybrid" in stickslip.forms(PyCsdsHybrid(1, 1))
    with pytest.raises(ValueError, match="^solver=filippov:rk4: py-csds has no form that filippov runs"):
        stickslip.simulate(stickslip.model("sliding-plates", law=PyCsds(1, 1)), "filippov:rk4", t_end=1)

    class Nothing:
        pass

    with pytest.raises(ValueError, match="^law=Nothing: provides no form"):
        stickslip.model("sliding-plates", law=Nothing())

    class HalfRate:
        def force(self, c, fn, xi):
            return 0.0

    with pytest.raises(ValueError, match="needs both force"):
        stickslip.model("sliding-plates", law=HalfRate())
    with pytest.raises(ValueError, match="^mu=0.3: not a key"):
        stickslip.model("friction-oscillator", law=PyCoulomb(0.3), mu=0.3)


def test_a_law_exception_comes_out_as_itself():
    class Broken(PyCsds):
        def rate(self, c, fn, xi):
            if c.v < 1:
                raise ZeroDivisionError("the law's own bug")
            return super().rate(c, fn, xi)

    m = stickslip.model("sliding-plates", law=Broken(1, 2), v0=4)
    for solver in ["rk4", "cvode", "ida", "dopri5"]:
        with pytest.raises(ZeroDivisionError, match="the law's own bug"):
            stickslip.simulate(m, solver, t_end=10, dt=1e-2, events=False)

    class Wrong(PyCsds):
        def force(self, c, fn, xi):
            return "a string"

    with pytest.raises(ValueError, match="force must return a number"):
        stickslip.simulate(stickslip.model("sliding-plates", law=Wrong(1, 2)), "rk4", t_end=1, dt=0.1, events=False)
