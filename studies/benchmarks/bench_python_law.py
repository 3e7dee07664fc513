"""What a friction law written in Python costs per right-hand-side call against the same law in C++: the C-SDS of
Fuehrer, Brendel & Wolf on the sliding plates, rate form (no events), the built-in law against a Python copy
(tests/python/test_python_law.py checks that the two agree to 1e-10), on rk4 and on CVODE, timed in the same run.

    PYTHONPATH=build/python /usr/bin/python3 studies/benchmarks/bench_python_law.py   (make bench runs it)
"""
import math
import os
import time

import stickslip


class PyCsds(stickslip.Law):
    name = "py-csds"

    def __init__(self, k, gamma, mu=1.0):
        self.k, self.gamma, self.mu = k, gamma, mu

    def force(self, c, fn, xi):
        fs, fmax = -self.k * xi - self.gamma * c.v, self.mu * abs(fn)
        return fs if abs(fs) <= fmax else math.copysign(fmax, fs)

    def rate(self, c, fn, xi):
        fs, fmax = -self.k * xi - self.gamma * c.v, self.mu * abs(fn)
        if abs(fs) <= fmax:
            return c.v
        return -(math.copysign(fmax, fs) + self.k * xi) / self.gamma


def per_call(model, solver, **kw):
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        r = stickslip.simulate(model, solver, events=False, **kw)
        best = min(best, (time.perf_counter() - start) / r.stats["rhs_evals"])
    return best, r.stats["rhs_evals"]


def main():
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; one thread")
    print(f"{'driver':10s} {'rhs calls':>10s} {'C++ [us/call]':>14s} {'Python [us/call]':>17s} {'ratio':>7s}")
    for solver, kw in [("rk4", dict(t_end=200, dt=1e-3, dt_out=1.0)),
                       ("cvode:bdf", dict(t_end=2000, dt_out=1.0, rtol=1e-10, atol=1e-12))]:
        builtin, n = per_call(stickslip.model("sliding-plates", law="csds", v0=40), solver, **kw)
        python, _ = per_call(stickslip.model("sliding-plates", law=PyCsds(1.0, 2.0), v0=40), solver, **kw)
        print(f"{solver:10s} {n:10d} {builtin * 1e6:14.3f} {python * 1e6:17.3f} {python / builtin:7.1f}x")


if __name__ == "__main__":
    main()
