// Fuzz of every key of every study through --dry-run (in process, the code path of `stickslip run STUDY --dry-run`):
// nan, inf, -inf, -1, 0, 1e+-300, 1e308, empty, garbage, spaces, hex and malformed lists are either accepted (0) or rejected as
// input (InputError, exit 2) with one line that names the key; never a solver failure, another exception or a crash.
// Then short real runs at accepted edge values of each model (tiny and huge friction, stiffness, temperature, dt at
// a scheme's stability limit and beyond it): exit 0, or exit 3 with the solver's reason where the value is past a
// stability limit; never a non-finite number in a CSV (the CSV writer refuses them, and every cell is checked
// here), and --version.
// Sharded for ctest (CMakeLists.txt): with STICKSLIP_FUZZ_SHARD=k/N this process runs only the cases i with
// i % N == k of each test case, so N processes cover every case once and ctest -j runs them in parallel.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <filesystem>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {

// Whether case i belongs to this process's shard (every case when STICKSLIP_FUZZ_SHARD is not set).
bool in_shard(std::size_t i) {
  static const std::pair<std::size_t, std::size_t> shard = [] {
    const char* env = std::getenv("STICKSLIP_FUZZ_SHARD");
    std::size_t k = 0, n = 1;
    if (env && std::sscanf(env, "%zu/%zu", &k, &n) != 2) k = 0, n = 1;
    return std::pair{k, n == 0 ? 1 : n};
  }();
  return i % shard.second == shard.first;
}

// The cells of every CSV under `dir` that are not finite numbers ("nan", "inf", ...), as "file: cell" lines.
std::string non_finite_cells(const std::filesystem::path& dir) {
  std::string found;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.path().extension() != ".csv") continue;
    std::ifstream in(e.path());
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::stringstream cells(line);
      for (std::string cell; std::getline(cells, cell, ',');) {
        std::string c;
        for (char ch : cell) c += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (c.find("nan") != std::string::npos || c.find("inf") != std::string::npos)
          found += e.path().filename().string() + ": " + cell + "\n";
      }
    }
  }
  return found;
}

}  // namespace

TEST_CASE("every key x bad values: --dry-run exits 0 or 2 with one line naming the key") {
  // ... and the edges of the number syntax and of a double (a wrong key was named for some of these: the key the
  // user gave must be the one in the message, also where a relation between keys fails).
  const std::vector<std::string> values{"nan", "inf", "-inf", "-1", "0",    "1e300", "-1e300", "", "abc", "1,,x",
                                        "1e-300", "1e308", " 1",  "1 ", "0x10", "1, 2"};
  const std::set<std::string> malformed{"nan", "inf", "-inf", "", "1,,x", " 1", "1 ", "0x10", "1, 2"};
  std::map<int, int> table;  // exit code -> cases
  std::ostringstream log;
  std::size_t index = 0;
  for (const auto& study : all_studies()) {
    const Parameters defaults = study->parameters();
    for (const auto& [key, entry] : defaults.entries()) {
      for (const auto& v : values) {
        if (!in_shard(index++)) continue;
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
        // Not a number in the command line's syntax: no key takes it, whichever law or option makes it unused.
        if (malformed.count(v) != 0) CHECK(code == 2);
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

TEST_CASE("every law parameter under every law a study runs: malformed or out of every range is exit 2") {
  // The key that selects the law (studies call it friction, tangential, laws or law) set to each registry law the
  // study accepts; each law parameter declared for the registry's laws (help "(of ...)") then given a bad value.
  const std::vector<std::string> bad{"abc", "nan", "", "-1e308"};  // every law parameter's range starts at 0 or above
  std::ostringstream log;
  std::size_t index = 0, tried = 0;
  for (const auto& study : all_studies()) {
    const Parameters defaults = study->parameters();
    std::string law_key;
    for (const char* k : {"friction", "tangential", "laws", "law"})
      if (law_key.empty() && defaults.has(k)) law_key = k;
    if (law_key.empty()) continue;
    for (const std::string& law : law_names()) {
      Parameters with_law = defaults;
      try {
        with_law.set(law_key, law);
        (void)dry_run_study(*study, with_law, log);
      } catch (const std::exception&) {
        continue;  // not a law of this study (or not at its defaults)
      }
      for (const auto& [key, entry] : defaults.entries()) {
        if (entry.help.find("(of ") == std::string::npos) continue;
        for (const std::string& v : bad) {
          if (!in_shard(index++)) continue;
          ++tried;
          Parameters p = with_law;
          std::string message;
          int code = 0;
          try {
            p.set(key, v);
            (void)dry_run_study(*study, p, log);
          } catch (const InputError& e) {
            code = 2, message = e.what();
          } catch (const std::exception& e) {
            code = 4, message = e.what();
          }
          INFO(study->name() << " " << law_key << "=" << law << " " << key << "=" << v << " -> " << code << ": " << message);
          CHECK(code == 2);
          CHECK(message.rfind(key + "=" + v + ": ", 0) == 0);
        }
      }
      log.str("");
    }
  }
  MESSAGE("law parameters x laws x bad values tried in this shard: " << tried);
}

// Stochastic friction: the pair's inverse effective mass is nu = 1/1 + 1/3 + 1/0.4 + 1/1.2 = 4.667 at the default
// masses and radii, so Euler-Maruyama with the linear law is stable for gamma nu dt < 2: at dt = 0.002 up to
// gamma = 214 (gamma = 200 runs), beyond it the state diverges (gamma = 1000: exit 3).
constexpr const char* kStochastic =
    "run stochastic-friction --set system=pair --set geometry=fixed --set extrapolate=off --set t_end=60 "
    "--set t_equil=5 --set sweep_dt=none ";
// The same with the bonded geometry (a key is given once: a second --set of it is refused).
const std::string kStochasticBonded = [] {
  std::string s = kStochastic;
  s.replace(s.find("geometry=fixed"), 14, "geometry=bonded");
  return s;
}();
constexpr const char* kSlope =
    "run slope-drift --set solver=rk4,dopri5 --set damping=on --set projection=on --set t_end=0.02 "
    "--set dt_sweep=none --set size_sweep=none ";

TEST_CASE("short real runs at accepted edge values: exit 0 (or 3 with the reason past a stability limit), finite") {
  struct Edge {
    std::string args;
    int code;                 // expected exit status
    std::string reason = "";  // for exit 3: in the message
  };
  const std::vector<Edge> edges{
      {"run sliding-plates --set v0=0 --set xi0=0 --set fig4=off --set sweep_v0=none --set t_end=1", 0},
      {"run sliding-plates --set fmax=0 --set fig4=off --set sweep_v0=none --set t_end=1", 0},
      {"run sliding-plates --set gamma=1e6 --set solver=euler --set dt=1e-3 --set fig4=off --set sweep_v0=none "
       "--set t_end=1", 0},
      {"run convergence --set levels=3 --set v0=0", 0},
      {"run dry-friction-oscillator --set x0=0 --set v0=0", 0},
      {"run dry-friction-oscillator --set mu=0 --set t_end=2", 0},
      {"run dry-friction-oscillator --set mu=1e6 --set t_end=2", 0},
      {"run rolling-sphere --set omega0=0 --set v0=1 --set t_end=0.5", 0},
      {"run three-spheres --set mu=0 --set xi=0", 0},
      {"run container --set n=12 --set seeds=0 --set t_end=0.3 --set drag=0 --set mu=0 --set mu_wall=0", 0},
      {std::string(kStochastic) + "--set law=coulomb --set mu=1e-9", 0},
      {std::string(kStochastic) + "--set law=coulomb --set mu=1e9", 0},
      {std::string(kStochastic) + "--set law=tanh --set u_scale=1e-12", 0},
      {std::string(kStochastic) + "--set law=linear --set gamma=1e-9 --set kT=1e-12", 0},
      {kStochasticBonded + "--set law=linear --set kT=1e9", 0},
      {std::string(kStochastic) + "--set law=linear --set gamma=200", 0},  // gamma nu dt = 1.87
      {std::string(kStochastic) + "--set law=linear --set gamma=1000", 3, "non-finite state"},  // 9.3
      {kStochasticBonded + "--set law=linear --set bond_stiffness=1e9", 3, "diverged"},
      {std::string(kSlope) + "--set mu=0", 0},
      {std::string(kSlope) + "--set mu=1e6", 0},
      {std::string(kSlope) + "--set mu=1e-9 --set angle_deg=89", 0},
      {std::string(kSlope) + "--set angle_deg=0.001 --set v0=100", 0},
      // rk4 at the default dt is past its stability limit for so stiff a contact: those runs fail, dopri5's complete.
      {std::string(kSlope) + "--set size=1e-4 --set Y=1e12", 3, "stability limit"},
      {std::string(kSlope) + "--set dt=2.5e-4", 0},
      {"run heap --set n=30 --set laws=coulomb,cundall-strack --set mu=0 --set mu_roll=0 --set t_max=0.1 --set t_drift=0.01", 0},
      {"run heap --set n=30 --set laws=coulomb,dsds --set mu=100 --set mu_roll=10 --set t_max=0.1 --set t_drift=0.01", 0},
  };
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (!in_shard(i)) continue;
    const Edge& e = edges[i];
    const auto dir = stickslip::test::scratch_dir("fuzz_edges_" + std::to_string(i));
    std::filesystem::remove_all(dir);
    const auto r = test::run_cli(e.args + " --out " + dir.string(), true);
    INFO(e.args << "\n" << r.out);
    CHECK(r.code == e.code);
    if (e.code == 3) {
      CHECK(r.out.find("stickslip: solver failure: ") != std::string::npos);
      CHECK(r.out.find(e.reason) != std::string::npos);
    } else {
      std::ifstream in(dir / "summary.json");
      const nlohmann::json s = nlohmann::json::parse(in, nullptr, false);
      CHECK(!s.is_discarded());
      CHECK(s.value("complete", false));
    }
    if (std::filesystem::exists(dir)) CHECK(non_finite_cells(dir).empty());
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("--version names the program, its commit and the libraries") {
  if (!in_shard(0)) return;
  const auto r = test::run_cli("--version");
  CHECK(r.code == 0);
  CHECK(r.out.find("stickslip ") == 0);
  CHECK(r.out.find("SUNDIALS 6.") != std::string::npos);
  CHECK(r.out.find("Boost 1.") != std::string::npos);
  CHECK(r.out.find("Eigen 3.") != std::string::npos);
}
