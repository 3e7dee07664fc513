// studies/experiment/lammps_run.hpp — running Debian's `lmp` from a study or benchmark and reading its log.
//   on_path(prog)        whether a program is on PATH (an executable file in one of its folders; a name with a
//                        '/' is checked as it is)
//   capture(cmd, status) runs a shell command (/bin/sh -c, through studies/experiment/child_process.hpp: its own process
//                        group, ended with stickslip, a signal honoured), returns its stdout (status: its exit code,
//                        128 + signal, -1 if the shell could not start)
//   slurp(path)          a whole text file
//   lammps_loop(log ...) the last "Loop time of T on P procs for S steps" of a log, its "% CPU use", Pair + Neigh
//   lammps_thermo(log)   the thermo table of the last run: the row of column names after "Step" and every numeric
//                        row that follows, until "Loop time"
#pragma once

#include <string>
#include <vector>

namespace stickslip {

bool on_path(const std::string& prog);
std::string capture(const std::string& cmd, int& status);
std::string slurp(const std::string& path);
bool lammps_loop(const std::string& log, double& loop, double& cpu_fraction, double& pair_neigh);

struct ThermoTable {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  int column(const std::string& name) const;  // -1 if absent
};
ThermoTable lammps_thermo(const std::string& log);

}  // namespace stickslip
