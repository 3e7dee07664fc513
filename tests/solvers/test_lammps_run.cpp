// solvers/lammps_run.hpp, run_lmp: with a stand-in `lmp` first on PATH (a shell script), every start gets
// its own Open MPI session folder that exists while it runs and is gone afterwards; a start that fails before the
// thermo header is retried once, with a fresh folder; a run that fails after it started is not retried, and its last
// lines come back for the caller's message.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "solvers/lammps_run.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {

// A folder holding `lmp` (the script) first on PATH for this object's lifetime, and a run folder.
struct FakeLmp {
  std::filesystem::path root, bin, run;
  std::string old_path;
  explicit FakeLmp(const std::string& name, const std::string& script) {
    root = test::scratch_dir(name);
    std::filesystem::remove_all(root);
    bin = root / "bin";
    run = root / "run";
    std::filesystem::create_directories(bin);
    std::filesystem::create_directories(run);
    {
      std::ofstream f(bin / "lmp");
      f << "#!/bin/sh\n" << script;
    }
    std::filesystem::permissions(bin / "lmp", std::filesystem::perms::owner_all);
    old_path = std::getenv("PATH");
    setenv("PATH", (bin.string() + ":" + old_path).c_str(), 1);
  }
  ~FakeLmp() {
    setenv("PATH", old_path.c_str(), 1);
    std::filesystem::remove_all(root);
  }
  std::string text(const std::string& file) const { return test::read_text(run / file); }
};

// Appends the session folder it was given and whether it exists to starts.txt.
const std::string kRecord =
    "echo \"$OMPI_MCA_orte_tmpdir_base $(test -d \"$OMPI_MCA_orte_tmpdir_base\" && echo exists)\" >> starts.txt\n";
const std::string kThermo = "printf 'LAMMPS (23 Jun 2022)\\n   Step          Time\\n         0   0\\nLoop time of 0.1 on 1 procs\\n' > log.lmp\n";

}  // namespace

TEST_CASE("run_lmp: a start that fails before its run is retried once, each start in a session folder of its own") {
  const FakeLmp lmp("lammps_run_retry", kRecord +
                                            "if [ ! -e failed_once ]; then touch failed_once; echo 'A call to mkdir was "
                                            "unable to create the desired directory' >&2; exit 1; fi\n" +
                                            kThermo);
  std::string what;
  CHECK(run_lmp(lmp.run, what) == 0);
  std::istringstream starts(lmp.text("starts.txt"));
  std::string first, first_exists, second, second_exists;
  starts >> first >> first_exists >> second >> second_exists;
  CHECK(first_exists == "exists");
  CHECK(second_exists == "exists");
  CHECK(first != second);
  CHECK(first.find("stickslip-mpi-") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(first));  // removed after each start
  CHECK_FALSE(std::filesystem::exists(second));
}

TEST_CASE("run_lmp: a run that fails after it started is not retried; its last lines come back") {
  const FakeLmp lmp("lammps_run_fail", kRecord + kThermo + "echo 'ERROR: Lost atoms: original 200 current 199'; exit 1\n");
  std::string what;
  CHECK(run_lmp(lmp.run, what) == 1);
  CHECK(what == "ERROR: Lost atoms: original 200 current 199");
  const std::string starts = lmp.text("starts.txt");
  CHECK(std::count(starts.begin(), starts.end(), '\n') == 1);
}
