"""A Stribeck-like friction law written in Python, run on the block on a slope of Krengel & Matuttis ("Comparing
numerically exact and modelled static friction", §4, Table 1) under IDA (the hybrid DAE: stick as a constraint) and
under the Filippov driver (the convex hull at zero slip, eq. 4-14). Both forms come from two functions of the law.

    PYTHONPATH=build/python python3 studies/python/examples/stribeck_block.py [OUT_DIR]

The block starts sliding down a 30 deg slope at 5 cm/s; the sliding friction mu(u) = mu_k + (mu_s - mu_k)
exp(-(u/v_s)^2) is above tan 30 deg at every speed, so it decelerates and sticks; static friction mu_s holds it.
Writes OUT_DIR/stribeck_block.png and prints the time the block sticks under each driver.
"""
import math
import sys
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import stickslip  # noqa: E402


class Stribeck(stickslip.Law):
    """Set-valued: holds up to mu_s F_n at rest; sliding at speed u transmits mu(u) F_n."""

    name = "python-stribeck"

    def __init__(self, mu_s=0.7, mu_k=0.6, v_s=0.01):
        self.mu_s, self.mu_k, self.v_s = mu_s, mu_k, v_s

    def static_threshold(self, fn):
        return self.mu_s * fn

    def sliding_force(self, u, fn):
        return fn * (self.mu_k + (self.mu_s - self.mu_k) * math.exp(-((u / self.v_s) ** 2)))


def main(out: Path) -> dict:
    law = Stribeck()
    block = stickslip.model("incline-block", law=law, angle_deg=30, v0=0.05, damping=True)
    print("forms of the Python law:", stickslip.forms(law))
    runs = {
        "IDA (hybrid DAE)": stickslip.simulate(block, "ida", t_end=0.4, dt_out=1e-3, rtol=1e-10, atol=1e-14,
                                               max_step=1e-4),
        "Filippov (dopri5)": stickslip.simulate(block, "filippov:dopri5", t_end=0.4, dt_out=1e-3, rtol=1e-10,
                                                atol=1e-14, max_step=1e-4),
    }
    t_stick = {}
    fig, (ax_s, ax_v) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
    for (name, r), style in zip(runs.items(), ["-", "--"]):
        to_stick = r.events["t"][r.events["mode_after"] == stickslip.STICK]
        t_stick[name] = float(to_stick[0]) if len(to_stick) else float("nan")
        print(f"{name:20s} sticks at t = {t_stick[name]:.9f} s, s = {r.state['s'][-1] * 1e3:.6f} mm")
        ax_s.plot(r.t, r.state["s"] * 1e3, style, label=name)
        ax_v.plot(r.t, r.state["v"] * 1e3, style, label=name)
    ax_s.set_ylabel("s [mm]")
    ax_v.set_ylabel("v [mm/s]")
    ax_v.set_xlabel("t [s]")
    ax_s.legend()
    fig.suptitle("Block on a 30 deg slope with a Python Stribeck law (Krengel & Matuttis §4)")
    out.mkdir(parents=True, exist_ok=True)
    fig.savefig(out / "stribeck_block.png", dpi=100)
    print(f"wrote {out / 'stribeck_block.png'}")
    return t_stick


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp(prefix="stickslip-")))
