// studies/experiment/sweep.hpp — `stickslip sweep STUDY --set KEY=LIST... [--fix KEY=VALUE]... [--jobs N] [--shard I/N]
// [--out DIR] [--resume] [--skip-refused]` and `stickslip merge DIR... --out DIR`: a study over the product of
// parameter values.
//
// Every point is dry-run in process first (StudyContext::plan): a point its study refuses (exit 2 of `run`) refuses
// the sweep with exit 2 before anything runs, naming the point; with --skip-refused such points are skipped (a line
// each on stderr) and listed in summary.json "refused": [{point, parameters, key, value, reason}], the rest run.
// --dry-run stops there: it prints the sweep as JSON on stdout ({"dry_run": true, "study", "sweep_id", "definition",
// "points_total", "shard", "points": [{point, parameters, planned}], "refused"}, planned: the point's own --dry-run
// plan) and writes nothing.
// Points: the product of the --set lists (comma-separated; the last key varies fastest), numbered k = 0..P-1;
// --fix passes a value unchanged (e.g. a list-valued study parameter). Each point is one child process of this
// binary, `stickslip run STUDY --set KEY=V... --out DIR/points/<k> --json` (stdout and stderr in
// DIR/points/<k>.log), so studies need not be thread-safe; --jobs of them at a time (default: the cores).
// --shard I/N runs the points with k mod N = I - 1 (a Slurm job array, GNU parallel across machines).
// Every finished point is a row in DIR/runs.jsonl (studies/experiment/run_store.hpp): --resume with the same arguments runs
// only the missing ones. A row: {"point", "parameters": {KEY: V}, "exit_code", "result": the scalars of the point's
// summary.json flattened to dotted paths, or "error": the last line of a failed point's log}; no timing in rows.
// The points start longest first (the work each plans in an in-process --dry-run: runs x steps x particles; ties in
// point order; the order is timing.start_order of summary.json), so that the jobs end together; the ETA on stderr is in proportion to the planned work left.
// Outputs, rows in point order whatever --jobs: points.jsonl (one row a line), sweep.csv (point, the keys,
// exit_code, then one column per result, error), sweep_long.csv (one row per point and result: point, the keys,
// exit_code, result (its dotted path), value, unit; a failed point's row has result "error" and the message),
// sweep.png (each numeric result against the swept key: one panel per result name, a curve per column of that name;
// against the point, its values as tic labels, when the key is no number or several keys are swept), summary.json
// (the sweep's definition and id, points_refused and refused, figures: the PNGs drawn; jobs, wall time and the
// command line under "timing" and "provenance", the only parts that differ between equal sweeps). CSV by RFC 4180
// (studies/experiment/output.hpp).
// sweep.csv names a result by what it is, not by its position in the point's summary.json: an element of an array
// of runs is named by the fields that tell the elements apart (the study's parameters, texts first, then switches
// and numbers, other texts last: "results{friction=dsds dt=0.1}.v_end [n.u.]", "energy_sweep.rows{v0=0.25}.dsds_euler"), those fields
// are not repeated as columns, an array of one element drops its index ("results.drift [m]"), and only where nothing
// tells the elements apart does the index stay ("rows{3}"); the paths of files a point wrote and "study" are no
// results. A column's unit is that of its path's last part (from the study's result_units(), observables and
// parameter declarations).
// merge: the folders of the shards of one sweep (same id) -> the outputs of the unsharded sweep, byte for byte
// (points.jsonl, sweep.csv, sweep_long.csv; summary.json apart from "timing" and "provenance").
#pragma once

#include <string>
#include <vector>

#include "studies/experiment/command_io.hpp"

namespace stickslip {

// The options of `stickslip sweep` and `stickslip merge` as typed (parsed by studies/cli/command_line.cpp, validated
// here).
struct SweepArgs {
  std::string study, jobs, shard, out;
  std::vector<std::string> sets, fixes;   // --set KEY=LIST, --fix KEY=VALUE, in order
  bool resume = false, overwrite = false, skip_refused = false, dry_run = false;
  std::vector<std::string> command_line;  // "stickslip sweep ..." as typed, for provenance
};
struct MergeArgs {
  std::vector<std::string> dirs;
  std::string out;
  std::vector<std::string> command_line;
};

// Progress and notes go to io.err (studies/experiment/command_io.hpp).
int sweep_command(const SweepArgs& args, CommandIo& io);
int merge_command(const MergeArgs& args, CommandIo& io);

// The program each point runs as `PROGRAM run STUDY ...`: by default this process's own executable
// (/proc/self/exe, the `stickslip` program); a host that is not `stickslip` (the Python package) sets it to the
// program's path.
std::string& sweep_point_program();

}  // namespace stickslip
