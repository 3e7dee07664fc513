"""Discs poured into a box: the particle engine from Python (stickslip.ParticleSystem).

A lattice of discs with random radii falls under gravity into a box of three walls, with the linear spring-dashpot
normal law and the D-SDS tangential law (Fuehrer, Brendel & Wolf), by velocity Verlet. The figure shows the heap
at the end with its contact-force network (line width ~ normal force) and the energy ledger over time: kinetic
energy, gravity's work, what the normal dashpot and the tangential law dissipated, what the D-SDS created, and the
balance (zero to round-off). The last state goes to a LAMMPS dump (OVITO, ParaView) beside the figure.

    PYTHONPATH=build/python python3 studies/python/examples/particles_pour.py --out pour
"""
import argparse
import math
import os
import sys

import numpy as np

import stickslip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="particles_pour", help="output folder (figure, dumps)")
    ap.add_argument("--discs", type=int, default=240, help="number of discs")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="fewer discs and a shorter run (tests)")
    args = ap.parse_args()
    n = 60 if args.quick else args.discs
    rng = np.random.default_rng(args.seed)

    width, r_mean, rho = 0.2, 0.005, 2500.0           # m, m, kg/m^3 (discs of 1 m depth)
    radii = rng.uniform(0.8, 1.2, n) * r_mean
    cols = int(width / (2.5 * r_mean))
    xy = np.array([[(k % cols + 0.5) * width / cols, 0.03 + (k // cols) * 2.5 * r_mean] for k in range(n)])
    xy[:, 0] += rng.uniform(-0.1, 0.1, n) * r_mean   # break the lattice's symmetry
    m_star = 0.5 * rho * math.pi * r_mean**2         # two mean discs
    kn, zeta = 1e5, 0.3                              # N/m per metre of depth; damping ratio
    w0 = math.sqrt(kn / m_star)
    t_c = math.pi / (w0 * math.sqrt(1 - zeta**2))    # binary contact time
    dt = t_c / 30

    s = stickslip.ParticleSystem(
        xy, radii, density=rho, gravity=[0, -9.81],
        walls=[([0, 0], [0, 1]), ([0, 0], [1, 0]), ([width, 0], [-1, 0])],
        normal="linear", kn=kn, gamma_n=2 * zeta * w0,
        tangential="dsds", kt=2 / 7 * kn, gamma_t=2 * zeta * w0, mu=0.5)
    t_end = 0.6 if args.quick else 1.5
    steps = int(round(t_end / dt))
    every = max(1, steps // 150)
    rows = []
    for k in range(0, steps, every):
        s.step(min(every, steps - k), dt)
        led = s.ledger()
        rows.append((s.time, led["kinetic_end"], led["gravity_work"], led["normal_damping"],
                     led["tangential_dissipation"], led["created"], led["balance"]))
        if k % (20 * every) == 0:
            print(f"t = {s.time:.3f} s, kinetic {led['kinetic_end']:.3e} J, {len(s.contacts()['i'])} contacts",
                  file=sys.stderr)
    rows = np.array(rows)
    os.makedirs(args.out, exist_ok=True)
    with s.dumps(args.out, "particles_pour", every=1) as (atoms, contacts):
        pass  # one frame: the final state

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.patches import Circle

    fig, (ax, bx) = plt.subplots(1, 2, figsize=(12, 5.2), gridspec_kw={"width_ratios": [1, 1.2]})
    speed = np.linalg.norm(s.velocities, axis=1)
    discs = PatchCollection([Circle(p, r) for p, r in zip(s.positions, s.radii)], cmap="viridis", alpha=0.55)
    discs.set_array(speed)
    ax.add_collection(discs)
    c = s.contacts()
    pairs = c["j"] >= 0
    segs = np.stack([s.positions[c["i"][pairs]], s.positions[c["j"][pairs]]], axis=1)
    fn = c["fn"][pairs]
    ax.add_collection(LineCollection(segs, linewidths=3 * fn / max(fn.max(), 1e-300), colors="firebrick"))
    ax.plot([0, 0, width, width], [0.12, 0, 0, 0.12], "k-", lw=2)
    ax.set_aspect("equal")
    ax.set_xlim(-0.01, width + 0.01)
    top = float((s.positions[:, 1] + s.radii).max())
    ax.set_ylim(-0.01, max(0.05, top + 0.02))
    ax.set_xlabel("x [m]")
    ax.set_ylabel("y [m]")
    fig.colorbar(discs, ax=ax, label="speed [m/s]", shrink=0.7)
    ax.set_title(f"{n} discs at t = {s.time:.2f} s\ncontact forces (red, width ~ f_n)")

    scale = max(abs(rows[-1, 2]), 1e-300)
    t = rows[:, 0]
    bx.plot(t, rows[:, 1] / scale, label="kinetic K")
    bx.plot(t, rows[:, 2] / scale, label="gravity's work W_g")
    bx.plot(t, rows[:, 3] / scale, label="normal damping D_n")
    bx.plot(t, rows[:, 4] / scale, label="tangential dissipation D_t")
    bx.plot(t, rows[:, 5] / scale, label="created by the D-SDS C")
    bx.plot(t, rows[:, 6] / scale * 1e12, "k:", label="balance x 1e12")
    bx.set_xlabel("t [s]")
    bx.set_ylabel(f"energy / W_g(t_end)  (W_g(t_end) = {scale:.3g} J per m depth)")
    bx.set_title("energy ledger (velocity Verlet, dt = t_c/30)")
    bx.legend(fontsize=8)
    bx.grid(alpha=0.3)
    fig.tight_layout()
    png = os.path.join(args.out, "particles_pour.png")
    fig.savefig(png, dpi=110)
    print(f"wrote {png}, {atoms}, {contacts}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
