// tests/lammps/test_cli.cpp — the stickslip-lammps command line: the done-when run (mpirun -np 2 on
// studies/lammps/gas.in, shortened with -var) prints the ledger; bad style arguments exit 2 with one line naming the
// key, the value and what is allowed.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/cli_runner.hpp"

using stickslip::test::run_cli;

namespace {
stickslip::test::CliOutput run_shell(const std::string& cmd) {
  FILE* pipe = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  while (pipe && std::fgets(buf, sizeof buf, pipe)) out += buf;
  const int status = pipe ? pclose(pipe) : -1;
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}
// Runs `stickslip-lammps -in <file>` (one rank, no log or screen) on an input script written to a scratch folder.
stickslip::test::CliOutput run_input(const std::string& name, const std::string& script) {
  const std::filesystem::path dir = stickslip::test::scratch_dir(name);
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "in.lammps") << script;
  const auto r = run_shell(std::string(STICKSLIP_BINARY) + " -in " + (dir / "in.lammps").string() + " -log none -screen none");
  std::filesystem::remove_all(dir);
  return r;
}
}  // namespace

TEST_CASE("mpirun -np 2 stickslip-lammps -in studies/lammps/gas.in runs a C-SDS gas and prints the ledger") {
  const std::filesystem::path dir = stickslip::test::scratch_dir("lammps_gas_cli");
  std::filesystem::create_directories(dir);
  const auto r = run_shell(std::string(STICKSLIP_MPIRUN) + " -np 2 " + STICKSLIP_BINARY + " -in " +
                           STICKSLIP_SOURCE_DIR + "/studies/lammps/gas.in -var cells 6 -var steps 400 -log none -var out " +
                           dir.string());
  INFO(r.out);
  REQUIRE(r.code == 0);
  // The ledger CSV: header with units, then steps 0, 200, 400.
  std::ifstream csv(dir / "gas_ledger.csv");
  std::string header, row;
  std::getline(csv, header);
  CHECK(header.rfind("t (tau),K (epsilon)", 0) == 0);
  int rows = 0;
  while (std::getline(csv, row)) rows += row.empty() ? 0 : 1;
  CHECK(rows == 3);
  std::filesystem::remove_all(dir);
  CHECK(r.out.find("c_ledger[1]") != std::string::npos);
  CHECK(r.out.find("v_etotal") != std::string::npos);
  // The last thermo line: step 400, created (C-SDS) 0, dissipated > 0, E = K(0) up to velocity Verlet's first-order
  // truncation of the damping work (measured 3 % here; its convergence with dt is tested in lammps_styles).
  std::istringstream lines(r.out);
  std::string line, last, first;
  bool in_table = false;
  while (std::getline(lines, line)) {
    if (line.find("Step") != std::string::npos && line.find("c_ledger[1]") != std::string::npos) in_table = true;
    else if (in_table && line.rfind("Loop time", 0) == 0) in_table = false;
    else if (in_table) (first.empty() ? first : last) = line;
  }
  REQUIRE(!last.empty());
  std::istringstream f(first), l(last);
  double s0, k0, r0, d0, c0, un0, ut0, e0, s1, k1, r1, d1, c1, un1, ut1, e1;
  f >> s0 >> k0 >> r0 >> d0 >> c0 >> un0 >> ut0 >> e0;
  l >> s1 >> k1 >> r1 >> d1 >> c1 >> un1 >> ut1 >> e1;
  CHECK(s1 == 400);
  CHECK(c1 == 0.0);
  CHECK(d1 > 0.05 * k0);
  CHECK(std::abs(e1 - e0) < 0.06 * e0);
}

TEST_CASE("bad pair_style arguments: exit 2, one line with the key, the value and what is allowed") {
  const auto r = run_input("lammps_cli_bad", "units lj\natom_style sphere\nnewton off\nregion b block 0 4 0 4 0 4\n"
                                             "create_box 1 b\ncomm_modify vel yes\n"
                                             "pair_style stickslip/csds 2000.0 NULL 50.0 NULL -0.5 1\n");
  CHECK(r.code == 2);
  CHECK(r.out == "stickslip-lammps: pair_style stickslip/csds: xmu = -0.5 (allowed: 0 .. 1e4)\n");
}

TEST_CASE("more contacts on an atom than fix stickslip/history holds: exit 3 with the remedy") {
  // Spacing 0.9 < diameter 1: every grain touches its 6 lattice neighbours, with room for 2 springs only.
  const auto r = run_input("lammps_slots",
                           "units lj\natom_style sphere\nnewton off\ncomm_modify vel yes\nlattice sc 1.3717421124828533\n"
                           "region b block 0 4 0 4 0 4\ncreate_box 1 b\ncreate_atoms 1 box\nset type 1 diameter 1.0\n"
                           "set type 1 density 1.909859317102744\npair_style stickslip/csds 2000.0 NULL 50.0 NULL 0.5 1\n"
                           "pair_coeff * *\nfix STICKSLIP_HISTORY all stickslip/history 2\nfix nve all nve/sphere\nrun 1\n");
  CHECK(r.code == 3);
  CHECK(r.out.find("stickslip-lammps: fix stickslip/history: an atom has more than 2 contacts") == 0);
}

TEST_CASE("bad fix stickslip/history slots: exit 2") {
  const auto r = run_input("lammps_slots_bad", "units lj\natom_style sphere\nregion b block 0 4 0 4 0 4\n"
                                               "create_box 1 b\nfix h all stickslip/history 0\n");
  CHECK(r.code == 2);
  CHECK(r.out == "stickslip-lammps: fix stickslip/history: slots = 0 (allowed: an integer 1..1000)\n");
}

// Issue: arguments whose forces overflow a double were accepted and printed -nan/inf in thermo with exit 0. Now the
// range is refused when the style is read (exit 2 naming the argument), and a non-finite force stops the run (exit 3).
TEST_CASE("pair_style arguments that overflow a double: exit 2 naming the argument") {
  const std::string lattice = "units lj\natom_style sphere\nnewton off\ncomm_modify vel yes\nlattice sc 1.3717421124828533\n"
                              "region b block 0 4 0 4 0 4\ncreate_box 1 b\ncreate_atoms 1 box\nset type 1 diameter 1.0\n"
                              "set type 1 density 1.909859317102744\n";
  const std::string tail = "pair_coeff * *\nfix STICKSLIP_HISTORY all stickslip/history 8\nfix nve all nve/sphere\n"
                           "thermo_style custom step ke\nrun 5\n";
  struct Case {
    std::string style, key;
  };
  for (const Case& c : {Case{"stickslip/csds 1e308 NULL 50.0 NULL 0.5 1", "Kn = 1e308"},
                        Case{"stickslip/dsds 2000.0 NULL 1e200 NULL 0.5 1", "gamma_n = 1e200"},
                        Case{"stickslip/hertz/mindlin 1e308 0.3 0.8 0.5", "E = 1e308"},
                        Case{"stickslip/hertz/csds 1e5 0.3 0.8 0.5 100 1e-300", "gamma_t = 1e-300"},
                        Case{"stickslip/hertz/csds 1e5 0.3 0.8 0.5 1e300 1", "Kt = 1e300"}}) {
    const auto r = run_input("lammps_overflow", lattice + "pair_style " + c.style + "\n" + tail);
    INFO(c.style << "\n" << r.out);
    CHECK(r.code == 2);
    CHECK(r.out.find("stickslip-lammps: pair_style " + c.style.substr(0, c.style.find(' ')) + ": " + c.key) == 0);
    CHECK(r.out.find("nan") == std::string::npos);
  }
  // At the edge of the range the same lattice runs with finite thermo.
  const auto ok = run_input("lammps_overflow_ok", lattice + "pair_style stickslip/hertz/csds 1e5 0.3 0.8 0.5 100 1e-100\n" + tail);
  CHECK(ok.code == 0);
}

TEST_CASE("a non-finite contact force stops the run: exit 3 naming the atom and the step") {
  // Two atoms at one place: the contact normal d/|d| is 0/0.
  const auto r = run_input("lammps_nan_force",
                           "units lj\natom_style sphere\nnewton off\ncomm_modify vel yes\nregion b block 0 4 0 4 0 4\n"
                           "create_box 1 b\ncreate_atoms 1 single 2 2 2\ncreate_atoms 1 single 2 2 2\n"
                           "set type 1 diameter 1.0\nset type 1 density 1.909859317102744\n"
                           "pair_style stickslip/csds 2000.0 NULL 50.0 NULL 0.5 1\npair_coeff * *\nfix nve all nve/sphere\n"
                           "thermo_style custom step ke\nrun 5\n");
  INFO(r.out);
  CHECK(r.code == 3);
  CHECK(r.out.find("stickslip-lammps: stickslip/csds: non-finite contact force or torque on atom") != std::string::npos);
  CHECK(r.out.find("at step 0") != std::string::npos);
}
