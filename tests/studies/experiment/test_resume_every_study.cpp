// Every study puts its runs through the run store (studies/experiment/run_store.hpp), in process: a tiny run of each leaves
// runs_done > 0 rows in runs.jsonl, and the same study resumed on that folder returns every run from the store
// (runs_resumed == runs_done, nothing rerun) and the same summary, apart from timings. Independent of the study's
// physics: the reference is the study's own uninterrupted run. Plus every study's --dry-run declares its planned
// work (runs, steps per run, particles).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {

// Small but real settings of every study (a few runs each, well under a second in Release), shared with the CSV
// test (tests/studies/test_csv_readable.py): tests/studies/tiny_settings.json (STICKSLIP_SOURCE_DIR: CMakeLists.txt).
std::map<std::string, std::vector<std::string>> tiny_settings() {
  const auto path = std::filesystem::path(STICKSLIP_SOURCE_DIR) / "tests" / "studies" / "tiny_settings.json";
  std::ifstream in(path);
  REQUIRE_MESSAGE(in, path.string() << " not found");
  std::map<std::string, std::vector<std::string>> settings;
  const nlohmann::json file = nlohmann::json::parse(in);  // alive while items() iterates it
  for (const auto& [study, sets] : file.items())
    if (study.front() != '_') settings[study] = sets.get<std::vector<std::string>>();
  return settings;
}

struct Outcome {
  nlohmann::json summary;
  std::size_t done, resumed;
};

Outcome run_in(const Study& study, const Parameters& p, const std::filesystem::path& out, bool resume) {
  std::ostringstream log;
  RunStore store(out, study.name(), p, resume);
  const StudyContext ctx{out, log, &store};
  Outcome o{study.run(p, ctx), store.runs_done(), store.runs_resumed()};
  // What the command line does with a summary; the run store keeps the rows as parsed JSON: compare like with like.
  o.summary = nlohmann::json::parse(o.summary.dump());
  return o;
}

}  // namespace

TEST_CASE("every study's runs go through the run store; a resumed finished study reruns nothing, same summary") {
  const auto studies = all_studies();
  const auto kTiny = tiny_settings();
  CHECK(studies.size() == kTiny.size());
  for (const auto& study : studies) {
    INFO(study->name());
    REQUIRE(kTiny.count(study->name()) == 1);
    Parameters p = study->parameters();
    for (const auto& a : kTiny.at(study->name())) p.assign(a);
    const auto dir = test::scratch_dir("resume_" + study->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const Outcome first = run_in(*study, p, dir, false);
    CHECK(first.done > 0);
    if (study->name() == "rolling-sphere" || study->name() == "three-spheres") {  // trapezoid by default
      // Rejected steps (retried with dt/2) are reported; none at these settings, so no smaller step was taken.
      CHECK(first.summary["rejected_steps"]["count"] == 0);
      CHECK(first.summary["rejected_steps"]["smallest_dt"] == 0);
    }
    CHECK(first.resumed == 0);
    const Outcome again = run_in(*study, p, dir, true);
    CHECK(again.done == first.done);
    CHECK(again.resumed == first.done);  // every run came from runs.jsonl
    CHECK(test::without_timings(again.summary) == test::without_timings(first.summary));
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("every study's --dry-run declares its planned work") {
  std::ostringstream log;
  for (const auto& study : all_studies()) {
    INFO(study->name());
    const nlohmann::json planned = dry_run_study(*study, study->parameters(), log);
    REQUIRE(planned.is_object());
    CHECK(planned.value("runs", 0) > 0);
  }
}
