// Fuzz of every key of every study through --dry-run (in process, the code path of `stickslip run STUDY --dry-run`):
// nan, inf, -inf, -1, 0, 1e300, -1e300, empty, garbage and a malformed list are either accepted (0) or rejected as
// input (InputError, exit 2) with one line that names the key; never a solver failure, another exception or a crash.
// Then a real run at accepted edge values of each model, checked for finite outputs (the CSV writer refuses
// non-finite values, so "finished" means finite), and --version.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/errors.hpp"
#include "studies/run_store.hpp"
#include "studies/study.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

TEST_CASE("every key x bad values: --dry-run exits 0 or 2 with one line naming the key") {
  const std::vector<std::string> values{"nan", "inf", "-inf", "-1", "0", "1e300", "-1e300", "", "abc", "1,,x"};
  std::map<int, int> table;  // exit code -> cases
  std::ostringstream log;
  for (const auto& study : all_studies()) {
    const Parameters defaults = study->parameters();
    for (const auto& [key, entry] : defaults.entries()) {
      for (const auto& v : values) {
        Parameters p = defaults;
        int code = 0;
        std::string message;
        try {
          p.set(key, v);
          (void)dry_run_study(*study, p, log);
        } catch (const InputError& e) {
          code = 2;
          message = e.what();
        } catch (const SolverError& e) {
          code = 3;
          message = e.what();
        } catch (const std::exception& e) {
          code = 4;
          message = e.what();
        }
        ++table[code];
        INFO(study->name() << " " << key << "=" << v << " -> " << code << ": " << message);
        CHECK((code == 0 || code == 2));
        if (code == 2) {
          CHECK(message.find('\n') == std::string::npos);
          CHECK(message.rfind(key + "=", 0) == 0);  // names the key it was given
        }
        log.str("");
      }
    }
  }
  MESSAGE("fuzz table (exit code: cases): 0: " << table[0] << ", 2: " << table[2] << ", 3: " << table[3]
                                               << ", 4: " << table[4]);
}

TEST_CASE("short real runs at accepted edge values finish with finite outputs") {
  const auto dir = stickslip::test::scratch_dir("fuzz_edges");
  for (const std::string args : {
           "run sliding-plates --set v0=0 --set xi0=0 --set fig4=off --set sweep_v0=none --set t_end=1",
           "run sliding-plates --set fmax=0 --set fig4=off --set sweep_v0=none --set t_end=1",
           "run convergence --set levels=3 --set v0=0",
           "run dry-friction-oscillator --set x0=0 --set v0=0",
           "run dry-friction-oscillator --set mu=0 --set t_end=2",
           "run rolling-sphere --set omega0=0 --set v0=1 --set t_end=0.5",
           "run three-spheres --set mu=0 --set xi=0",
           "run container --set n=12 --set seeds=0 --set t_end=0.3 --set drag=0 --set mu=0 --set mu_wall=0",
       }) {
    std::filesystem::remove_all(dir);
    const auto r = test::run_cli(args + " --out " + dir.string(), true);
    INFO(args << "\n" << r.out);
    CHECK(r.code == 0);
    std::ifstream in(dir / "summary.json");
    const nlohmann::json s = nlohmann::json::parse(in, nullptr, false);
    CHECK(!s.is_discarded());
    CHECK(s.value("complete", false));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("--version names the program, its commit and the libraries") {
  const auto r = test::run_cli("--version");
  CHECK(r.code == 0);
  CHECK(r.out.find("stickslip ") == 0);
  CHECK(r.out.find("SUNDIALS 6.") != std::string::npos);
  CHECK(r.out.find("Boost 1.") != std::string::npos);
  CHECK(r.out.find("Eigen 3.") != std::string::npos);
}
