"""The sliding plates of Fuehrer, Brendel & Wolf ("Correction of the spring-dashpot-slider model", §3.1, Fig. 1):
the continuous spring-dashpot-slider (C-SDS) integrated by explicit Euler at the paper's dt = 0.1 and by CVODE with
its stick/slip switches located, against the exact piecewise solution.

    PYTHONPATH=build/python python3 studies/python/examples/sliding_plates_exact.py [OUT_DIR]

Writes OUT_DIR/sliding_plates_exact.png (default: a temporary folder) and prints the largest errors.
"""
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import stickslip  # noqa: E402


def main(out: Path) -> dict:
    params = dict(m=1.0, k=1.0, gamma=2.0, fmax=1.0, v0=4.0)
    model = stickslip.model("sliding-plates", law="csds", **params)
    euler = stickslip.simulate(model, "euler", t_end=10, dt=0.1, events=False)
    cvode = stickslip.simulate(model, "cvode:bdf", t_end=10, dt_out=0.02, rtol=1e-10, atol=1e-12)
    t = np.linspace(0, 10, 1001)
    exact = stickslip.exact_sliding_plates(t, law="csds", **params)

    errors = {}
    for name, r in [("euler dt=0.1", euler), ("cvode:bdf with events", cvode)]:
        ex = stickslip.exact_sliding_plates(r.t, law="csds", **params)
        errors[name] = float(np.max(np.abs(r.state["v"] - ex["v"])))
        print(f"{name:24s} max |v - v_exact| = {errors[name]:.3e}  ({len(r.events['t'])} located events)")

    fig, (ax_v, ax_xi) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    ax_v.plot(t, exact["v"], "k-", lw=1, label="exact")
    ax_v.plot(euler.t, euler.state["v"], "o", ms=3, label="explicit Euler, dt = 0.1")
    ax_v.plot(cvode.t, cvode.state["v"], "--", label="CVODE (BDF), stick/slip located")
    ax_v.set_ylabel("v")
    ax_v.legend()
    ax_xi.plot(t, exact["xi"], "k-", lw=1)
    ax_xi.plot(euler.t, euler.state["xi"], "o", ms=3)
    ax_xi.plot(cvode.t, cvode.state["xi"], "--")
    for te in cvode.events["t"]:
        ax_v.axvline(te, color="0.8", lw=0.5)
    ax_xi.set_xlabel("t")
    ax_xi.set_ylabel("xi")
    fig.suptitle("Sliding plates, C-SDS (Fuehrer, Brendel & Wolf, Fig. 1): numerical vs exact")
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "sliding_plates_exact.png", dpi=100)
    print(f"wrote {out / 'sliding_plates_exact.png'}")
    return errors


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="stickslip-")))
