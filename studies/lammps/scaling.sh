#!/usr/bin/env bash
# studies/lammps/scaling.sh — the lammps-scaling benchmark (`make bench`, not a test): cost per atom-step of
# stickslip/csds against LAMMPS' own gran/hooke/history (the D-SDS) on the same gas (studies/lammps/bench.in),
# strong scaling (N fixed, 1 and 2 ranks) and weak scaling (N/rank fixed), from LAMMPS' "Loop time" of the timed run.
#   studies/lammps/scaling.sh [build dir] [out dir]     (CELLS="46 37" STEPS=200 RANKS="1 2" to change)
# Writes out/scaling.csv (one row per run: wall and CPU microseconds per atom-step, the load average) and
# summary.json (the ratios; timings on a shared machine need a quiet rerun).
set -euo pipefail
build=${1:-build}
out=${2:-out/lammps-scaling}
here=$(cd "$(dirname "$0")" && pwd)
cells_list=${CELLS:-"46 37"}   # 46^3 = 97336 atoms (~1e5), 37^3 = 50653 (weak scaling: ~5e4 per rank)
steps=${STEPS:-200}
ranks_list=${RANKS:-"1 2"}
mpirun=${MPIRUN:-"mpirun --oversubscribe --allow-run-as-root"}
[ -x "$build/stickslip-lammps" ] || { echo "scaling.sh: $build/stickslip-lammps not built (STICKSLIP_LAMMPS=OFF?)" >&2; exit 2; }
mkdir -p "$out"
csv="$out/scaling.csv"
repeats=${REPEATS:-2}           # the styles alternate, each (style, ranks, N) run `repeats` times: the fastest counts
echo "pair_style,ranks,atoms,steps,repeat,loop_s,cpu_percent,wall_us_per_atom_step,cpu_us_per_atom_step,load_1min" > "$csv"
for cells in $cells_list; do
  for ranks in $ranks_list; do
    for repeat in $(seq 1 "$repeats"); do
      for pair in gran/hooke/history stickslip/csds; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        echo "lammps-scaling: $pair, $ranks rank(s), $((cells * cells * cells)) atoms, $steps steps (load $load)" >&2
        text=$(nice -n 5 $mpirun -np "$ranks" "$build/stickslip-lammps" -in "$here/bench.in" -var pair "$pair" \
                 -var cells "$cells" -var steps "$steps" -log none)
        # "Loop time of T on P procs for S steps with N atoms" and "C% CPU use with P MPI tasks ..." of the timed run
        set -- $(echo "$text" | grep "^Loop time" | tail -1)
        t=$4; atoms=${12}
        cpu=$(echo "$text" | grep "% CPU use" | tail -1 | sed 's/%.*//')
        awk -v p="$pair" -v r="$ranks" -v n="$atoms" -v s="$steps" -v k="$repeat" -v t="$t" -v c="$cpu" -v l="$load" \
          'BEGIN { printf "%s,%d,%d,%d,%d,%.4f,%.1f,%.4f,%.4f,%s\n", p, r, n, s, k, t, c,
                   1e6 * t / (n * s), 1e6 * t * r * c / 100 / (n * s), l }' >> "$csv"
      done
    done
  done
done
# Ratios stickslip/csds : gran/hooke/history per (ranks, atoms), fastest repeat, by CPU time per atom-step (CPU time:
# less sensitive than wall time to other jobs on the machine), and the summary.
awk -F, 'NR > 1 { key = $2 "," $3; x = $9 + 0
    if ($1 == "gran/hooke/history") { if (!(key in g) || x < g[key]) g[key] = x }
    else if (!(key in c) || x < c[key]) c[key] = x }
  END { printf "{\n  \"benchmark\": \"lammps-scaling\",\n  \"note\": \"timings on a shared machine: rerun on a quiet one\",\n  \"runs\": [\n";
        n = 0; for (k in c) { split(k, a, ","); if (n++) printf ",\n";
          printf "    {\"ranks\": %d, \"atoms\": %d, \"gran_cpu_us_per_atom_step\": %.4f, \"csds_cpu_us_per_atom_step\": %.4f, \"ratio\": %.3f}", a[1], a[2], g[k], c[k], c[k] / g[k] }
        printf "\n  ]\n}\n" }' "$csv" > "$out/summary.json"
cat "$csv"
cat "$out/summary.json"
