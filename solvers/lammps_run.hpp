// solvers/lammps_run.hpp — running Debian's `lmp` from a study or benchmark and reading its log.
//   on_path(prog)        whether a program is on PATH (an executable file in one of its folders; a name with a
//                        '/' is checked as it is)
//   capture(cmd, status) runs a shell command (/bin/sh -c, through core/child_process.hpp: its own process
//                        group, ended with stickslip, a signal honoured), returns its stdout (status: its exit code,
//                        128 + signal, -1 if the shell could not start)
//   run_lmp(dir, what)   runs Debian's `lmp -in in.lmp -log log.lmp -screen none` in dir (one OpenMP thread; its
//                        stdout and stderr to dir/lmp.out) and returns its exit status. Open MPI gets a session folder of
//                        its own (OMPI_MCA_orte_tmpdir_base, a fresh /tmp/stickslip-mpi-XXXXXX removed afterwards): two
//                        singletons started together under the shared /tmp/ompi.* tree race on creating and removing it
//                        ("A call to mkdir was unable to create the desired directory", Open MPI 4). A start that fails
//                        before LAMMPS prints its first thermo header is retried once (a line on stderr). A failure is
//                        returned with `what` set to the last lines of lmp.out, for the caller's message.
//   slurp(path)          a whole text file
//   lammps_loop(log ...) the last "Loop time of T on P procs for S steps" of a log, its "% CPU use", Pair + Neigh
//   lammps_thermo(log)   the thermo table of the last run: the row of column names after "Step" and every numeric
//                        row that follows, until "Loop time"
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace stickslip {

bool on_path(const std::string& prog);
std::string capture(const std::string& cmd, int& status);
int run_lmp(const std::filesystem::path& dir, std::string& what);
std::string slurp(const std::string& path);
bool lammps_loop(const std::string& log, double& loop, double& cpu_fraction, double& pair_neigh);

struct ThermoTable {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
  int column(const std::string& name) const;  // -1 if absent
};
ThermoTable lammps_thermo(const std::string& log);

}  // namespace stickslip
