#!/usr/bin/python3
"""Which tangential friction law creates energy in a cooling granular gas? A sweep over the law and the friction
coefficient mu, analysed with pandas.

Führer, Brendel & Wolf ("Numerical simulation of frictional contacts: C-SDS vs D-SDS") show that the discontinuous
spring-dashpot (D-SDS: the tangential spring is reset when a contact slides) can create energy at the onset of a
collision, where the continuous one (C-SDS) cannot. Here every point of the sweep is one `granular-gas` study (a
homogeneously cooling gas of spheres in a periodic box, velocity Verlet, energy ledger per run) with one law and one
mu; the ensemble of seeds gives a mean and a standard error per point. The sweep's long table (one row per point and
result) is pivoted to law x mu for:

    created / K0            energy the tangential law created, over the initial kinetic energy K0
    net tangential / K0     what the law took from the gas after what it created (dissipation - creation)

each as mean and standard error over the seeds; a law "creates energy" where its mean exceeds two standard errors.

usage: granular_gas_sweep.py [OUT] [--n N] [--seeds 1,2,3] [--t-end-tau T] [--mu 0.1,0.3,0.5,1]
                             [--laws none,csds,dsds,mindlin] [--jobs J]
OUT (default: a new temporary folder) receives the sweep's folder (sweep/) and granular_gas_sweep.png.
Prints the pivot tables (mean over the seeds) and the answer; PYTHONPATH=build/python.
"""
import argparse
import os
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import stickslip  # noqa: E402

# Results of the study (summary.json "energy_over_initial_kinetic": [{law, created: {mean, stderr, n}, ...}], one law
# per point, so index 0) -> label.
MEASURES = {"created": "created / K0", "net_tangential_loss": "net tangential / K0"}
PREFIX = "energy_over_initial_kinetic.0."


def main(argv=None):
    a = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    a.add_argument("out", nargs="?", help="output folder (default: a new temporary folder)")
    a.add_argument("--n", type=int, default=2000, help="spheres per gas (default 2000)")
    a.add_argument("--seeds", default="1,2,3", help="the ensemble of initial states (default 1,2,3)")
    a.add_argument("--t-end-tau", type=float, default=1.0, help="simulated time in Haff times (default 1)")
    a.add_argument("--mu", default="0.1,0.3,0.5,1", help="friction coefficients (default 0.1,0.3,0.5,1)")
    a.add_argument("--laws", default="none,csds,dsds,mindlin", help="tangential laws (default none,csds,dsds,mindlin)")
    a.add_argument("--jobs", type=int, default=None, help="points at a time (default: the cores)")
    args = a.parse_args(argv)
    out = args.out or tempfile.mkdtemp(prefix="stickslip-granular-gas-sweep-")
    os.makedirs(out, exist_ok=True)
    mus = [float(m) for m in args.mu.split(",")]
    laws = args.laws.split(",")

    # One study per (law, mu); the gas's other settings are fixed. lammps=off: no LAMMPS reference run per point.
    result = stickslip.sweep("granular-gas", out=os.path.join(out, "sweep"), jobs=args.jobs,
                             fix={"n": args.n, "seeds": args.seeds, "t_end_tau": args.t_end_tau, "lammps": False},
                             laws=laws, mu=mus)

    long = pd.DataFrame(result.tables["sweep_long"])
    wanted = [PREFIX + f"{name}.{stat}" for name in MEASURES for stat in ("mean", "stderr")]
    long = long[(long["exit_code"] == 0) & long["result"].isin(wanted)].astype({"value": float})
    long["measure"] = long["result"].str.slice(len(PREFIX))
    mean, stderr = {}, {}
    for name, label in MEASURES.items():
        for stat, table in (("mean", mean), ("stderr", stderr)):
            rows = long[long["measure"] == f"{name}.{stat}"]
            table[name] = rows.pivot(index="laws", columns="mu", values="value").reindex(laws)
        print(f"{label}, mean over seeds {args.seeds} (n = {args.n}, t_end = {args.t_end_tau} tau_KT):")
        print(mean[name].to_string(float_format=lambda v: f"{v:.6e}"))
        print(f"{label}, standard error:")
        print(stderr[name].to_string(float_format=lambda v: f"{v:.6e}"))
        print()

    # A law creates energy where its mean exceeds two standard errors (and zero) at some mu.
    created, se = mean["created"], stderr["created"]
    creators = [law for law in laws if ((created.loc[law] > 2 * se.loc[law]) & (created.loc[law] > 0)).any()]
    print("creates energy:", ", ".join(creators) if creators else "none of " + ", ".join(laws))

    fig, axes = plt.subplots(1, 2, figsize=(10, 4), constrained_layout=True)
    for ax, (name, label) in zip(axes, MEASURES.items()):
        for law in laws:
            zero = (mean[name].loc[law] == 0).all()  # drawn under the others: say so in the legend
            ax.errorbar(mean[name].columns, mean[name].loc[law], yerr=stderr[name].loc[law], fmt="o-", capsize=3,
                        label=f"{law} (0 at every mu)" if zero else law)
        ax.legend(title="tangential law", fontsize=8)
        ax.set_xlabel("friction coefficient mu [1]")
        ax.set_ylabel(f"{label} [1]")
        ax.set_title(label)
        ax.grid(alpha=0.3)
    e = stickslip.parameters("granular-gas")["restitution"].default
    fig.suptitle("Energy created and taken by the tangential law in a cooling granular gas (Führer, Brendel & Wolf)\n"
                 f"N = {args.n}, e = {e}, t_end = {args.t_end_tau} Haff times; mean ± standard error over "
                 f"{len(args.seeds.split(','))} seeds")
    png = os.path.join(out, "granular_gas_sweep.png")
    fig.savefig(png, dpi=120)
    print(f"wrote {png} and {result.out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
