#!/usr/bin/env bash
# studies/lammps/scaling.sh — the lammps-scaling benchmark (`make bench`, not a test): cost per atom-step of each
# stickslip pair style against LAMMPS' own style for the same law (studies/lammps/styles.in), on a dense packing
# (studies/lammps/dense.in: periodic lattice, every atom in 6 compressed contacts) and on a dilute gas
# (studies/lammps/bench.in: 1.7 neighbours per atom, few in contact), for each rank count, from LAMMPS' "Loop time"
# of the timed run.
#   studies/lammps/scaling.sh [build dir] [out dir]
# Environment (defaults in brackets):
#   SYSTEMS  ["dense gas"]                   the inputs
#   CELLS    [dense: "40", gas: "46"]        N = cells^3 per run (CELLS_DENSE / CELLS_GAS for one system only)
#   STEPS    [dense: 100, gas: 200]          timed steps (STEPS_DENSE / STEPS_GAS)
#   RANKS    ["1 2"]                         MPI ranks (more ranks than cores are oversubscribed: not a scaling figure)
#   REPEATS  [2]                             each run repeated, the styles interleaved; the fastest repeat counts
#   PAIRS    ["csds:gran_hooke_history dsds:gran_hooke_history hertz_mindlin:granular_mindlin
#             hertz_csds:granular_hertz_history"]   stickslip style key : LAMMPS style key (styles.in)
# Writes out/scaling.csv (one row per run: wall and CPU microseconds per atom-step, the load average) and
# summary.json (per system, ranks, atoms and pairing: the fastest of each style and the ratios), and prints the
# table with the machine's model name and core count. CPU = wall x ranks x LAMMPS' "% CPU use" (on 2 ranks this
# includes Open MPI's busy waiting). Ratios < 1: stickslip's style is the cheaper. Timings on a shared machine need a
# quiet rerun (the load average is in every row).
set -euo pipefail
build=${1:-build}
out=${2:-out/lammps-scaling}
here=$(cd "$(dirname "$0")" && pwd)
systems=${SYSTEMS:-"dense gas"}
ranks_list=${RANKS:-"1 2"}
repeats=${REPEATS:-2}
pairs=${PAIRS:-"csds:gran_hooke_history dsds:gran_hooke_history hertz_mindlin:granular_mindlin hertz_csds:granular_hertz_history"}
mpirun=${MPIRUN:-"mpirun --oversubscribe --allow-run-as-root"}
bad() { echo "scaling.sh: $1 '$2': allowed $3" >&2; exit 2; }
[ -x "$build/stickslip-lammps" ] || { echo "scaling.sh: $build/stickslip-lammps not built (STICKSLIP_LAMMPS=OFF?)" >&2; exit 2; }
for s in $systems; do [ "$s" = dense ] || [ "$s" = gas ] || bad SYSTEMS "$s" "dense, gas"; done
for r in $ranks_list; do [[ "$r" =~ ^[1-9][0-9]*$ ]] || bad RANKS "$r" "positive integers"; done
[[ "$repeats" =~ ^[1-9][0-9]*$ ]] || bad REPEATS "$repeats" "a positive integer"
keys="csds dsds gran_hooke_history hertz_mindlin granular_mindlin hertz_csds granular_hertz_history"
styles=""
for p in $pairs; do
  for k in ${p%%:*} ${p##*:}; do
    [[ " $keys " == *" $k "* ]] || bad PAIRS "$p" "stickslip:lammps pairs of $keys"
    [[ " $styles " == *" $k "* ]] || styles="$styles $k"
  done
done
model=$(grep -m1 "model name" /proc/cpuinfo | sed 's/.*: //')
machine="$model, nproc $(nproc)"
echo "lammps-scaling on $machine" >&2
mkdir -p "$out"
csv="$out/scaling.csv"
echo "system,style,ranks,atoms,steps,repeat,loop_s,cpu_percent,wall_us_per_atom_step,cpu_us_per_atom_step,load_1min" > "$csv"
for system in $systems; do
  if [ "$system" = dense ]; then input=$here/dense.in; cells_list=${CELLS_DENSE:-${CELLS:-40}}; steps=${STEPS_DENSE:-${STEPS:-100}}
  else input=$here/bench.in; cells_list=${CELLS_GAS:-${CELLS:-46}}; steps=${STEPS_GAS:-${STEPS:-200}}; fi
  for cells in $cells_list; do
    [[ "$cells" =~ ^[1-9][0-9]*$ ]] || bad CELLS "$cells" "positive integers"
    for ranks in $ranks_list; do
      for repeat in $(seq 1 "$repeats"); do
        for style in $styles; do
          load=$(cut -d' ' -f1 /proc/loadavg)
          echo "lammps-scaling: $system, $style, $ranks rank(s), $((cells * cells * cells)) atoms, $steps steps (load $load)" >&2
          text=$(nice -n 5 $mpirun -np "$ranks" "$build/stickslip-lammps" -in "$input" -var style "$style" \
                   -var cells "$cells" -var steps "$steps" -var dir "$here" -log none)
          # "Loop time of T on P procs for S steps with N atoms" and "C% CPU use with P MPI tasks ..." of the timed run
          set -- $(echo "$text" | grep "^Loop time" | tail -1)
          t=$4; atoms=${12}
          cpu=$(echo "$text" | grep "% CPU use" | tail -1 | sed 's/%.*//')
          awk -v y="$system" -v p="$style" -v r="$ranks" -v n="$atoms" -v s="$steps" -v k="$repeat" -v t="$t" -v c="$cpu" \
              -v l="$load" 'BEGIN { printf "%s,%s,%d,%d,%d,%d,%.4f,%.1f,%.4f,%.4f,%s\n", y, p, r, n, s, k, t, c,
                                    1e6 * t / (n * s), 1e6 * t * r * c / 100 / (n * s), l }' >> "$csv"
        done
      done
    done
  done
done
# The fastest repeat of every (system, style, ranks, atoms), the ratios per pairing, a table and summary.json.
awk -F, -v pairs="$pairs" -v machine="$machine" '
  NR > 1 { key = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; w = $9 + 0; c = $10 + 0
           if (!(key in wall) || w < wall[key]) wall[key] = w
           if (!(key in cpu) || c < cpu[key]) cpu[key] = c
           if (!(key in load) || $11 + 0 > load[key]) load[key] = $11 + 0
           runs[$1 SUBSEP $3 SUBSEP $4] = 1 }
  END {
    np = split(pairs, pl, " ")
    printf "machine: %s\n%-6s %5s %8s  %-24s %-24s %9s %9s %6s %9s %9s %6s %5s\n", machine, "system", "ranks", "atoms",
           "stickslip style", "LAMMPS style", "ss wall", "lmp wall", "ratio", "ss cpu", "lmp cpu", "ratio", "load" > "/dev/stderr"
    printf "{\n  \"benchmark\": \"lammps-scaling\",\n  \"machine\": \"%s\",\n  \"note\": \"microseconds per atom-step, fastest repeat; ratio = stickslip / LAMMPS; timings on a shared machine need a quiet rerun\",\n  \"runs\": [\n", machine
    n = 0
    for (r in runs) {
      split(r, a, SUBSEP)
      for (q = 1; q <= np; ++q) {
        split(pl[q], st, ":")
        ks = a[1] SUBSEP st[1] SUBSEP a[2] SUBSEP a[3]; kl = a[1] SUBSEP st[2] SUBSEP a[2] SUBSEP a[3]
        if (!(ks in wall) || !(kl in wall)) continue
        ld = load[ks] > load[kl] ? load[ks] : load[kl]
        printf "%-6s %5d %8d  %-24s %-24s %9.4f %9.4f %6.3f %9.4f %9.4f %6.3f %5.2f\n", a[1], a[2], a[3], st[1], st[2],
               wall[ks], wall[kl], wall[ks] / wall[kl], cpu[ks], cpu[kl], cpu[ks] / cpu[kl], ld > "/dev/stderr"
        if (n++) printf ",\n"
        printf "    {\"system\": \"%s\", \"ranks\": %d, \"atoms\": %d, \"stickslip\": \"%s\", \"lammps\": \"%s\", \"stickslip_wall_us_per_atom_step\": %.4f, \"lammps_wall_us_per_atom_step\": %.4f, \"ratio_wall\": %.3f, \"stickslip_cpu_us_per_atom_step\": %.4f, \"lammps_cpu_us_per_atom_step\": %.4f, \"ratio_cpu\": %.3f, \"max_load_1min\": %.2f}", a[1], a[2], a[3], st[1], st[2], wall[ks], wall[kl], wall[ks] / wall[kl], cpu[ks], cpu[kl], cpu[ks] / cpu[kl], ld
      }
    }
    printf "\n  ]\n}\n" }' "$csv" > "$out/summary.json"
cat "$out/summary.json"
