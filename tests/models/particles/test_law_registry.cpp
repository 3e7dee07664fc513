// The engine's law registry (models/particles/engine_laws.hpp): every name gives the law of that name with the
// parameters handed over, an unknown name is an InputError naming the key `tangential` and the allowed list, and the
// granular-gas study runs every law from the command line with a closed energy ledger.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "models/particles/engine_laws.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

TEST_CASE("law registry: every name gives that law with the parameters; unknown names name the key") {
  const TangentialParameters p{1234.0, 5.0, 0.3, 1e8, 0.25};
  for (const std::string& name : particle_law_names()) {
    const std::string got = with_tangential_law(name, p, [&](const auto& law) {
      using Law = std::decay_t<decltype(law)>;
      if constexpr (requires { law.kt; }) CHECK(law.kt == p.kt);
      if constexpr (requires { law.gamma_t; }) CHECK(law.gamma_t == p.gamma_t);
      if constexpr (requires { law.mu; }) CHECK(law.mu == p.mu);
      if constexpr (std::is_same_v<Law, Mindlin>) CHECK(law.g_pair == Mindlin::material(1e8, 0.25, 0.3).g_pair);
      return std::string(Law::name);
    });
    CHECK(got == name);
  }
  try {
    with_tangential_law("dsds-dae", p, [](const auto&) { return 0; });
    FAIL("dsds-dae has no engine form and must be rejected");
  } catch (const InputError& e) {
    const std::string msg = e.what();
    MESSAGE(msg);
    CHECK(msg.find("tangential=dsds-dae") != std::string::npos);
    CHECK(msg.find(particle_law_list()) != std::string::npos);
  }
}

TEST_CASE("granular-gas runs every registered law with a closed ledger; a wrong name exits 2 naming the key") {
  const auto dir = test::scratch_dir("law_registry_gas");
  std::filesystem::remove_all(dir);
  std::string laws;
  for (const std::string& n : particle_law_names()) laws += (laws.empty() ? "" : ",") + n;
  const auto r = test::run_cli("run granular-gas --set n=300 --set laws=" + laws +
                               " --set seeds=1 --set t_end_tau=0.05 --set samples=10 --set lammps=off --set threads=1 "
                               "--out " + dir.string());
  REQUIRE(r.code == 0);
  std::ifstream f(dir / "summary.json");
  const nlohmann::json j = nlohmann::json::parse(f);
  REQUIRE(j["results"].size() == particle_law_names().size());
  for (const auto& row : j["results"]) {
    MESSAGE(row["law"].get<std::string>() << ": energy_balance_error " << row["energy_balance_error"]);
    CHECK(row["energy_balance_error"].get<double>() < 1e-12);
  }
  std::filesystem::remove_all(dir);
  const auto bad = test::run_cli("run granular-gas --dry-run --set laws=none,bogus", true);
  CHECK(bad.code == 2);
  CHECK(bad.out.find("laws=none,bogus") != std::string::npos);
}
