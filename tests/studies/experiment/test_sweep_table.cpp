// The sweep's outputs for a reader (issue 46): `sweep --dry-run` checks and plans every point and writes nothing;
// sweep.csv has one column per result, named by what the result is (the fields that tell a study's runs apart, not
// their position in summary.json), each value read back against the point's own summary.json; sweep_long.csv stays
// beside it; sweep.png draws each result against the swept key.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli_runner.hpp"

using namespace stickslip::test;

namespace {

// A CSV without quoted fields as rows of cells (the test asserts there are no quotes).
std::vector<std::vector<std::string>> cells(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> row;
    std::stringstream items(line);
    for (std::string item; std::getline(items, item, ',');) row.push_back(item);
    if (!line.empty() && line.back() == ',') row.emplace_back();
    rows.push_back(row);
  }
  return rows;
}

std::string number_text(const nlohmann::json& v) { return v.dump(); }

}  // namespace

TEST_CASE("sweep --dry-run: every point checked and planned on stdout, nothing run or written") {
  const auto dir = scratch_dir("sweep_dry");
  std::filesystem::remove_all(dir);
  const CliOutput r = run_cli("sweep sliding-plates --set gamma=1,2 --set dt=0.1,0.05 --dry-run --out " + dir.string());
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);  // one JSON object on stdout
  CHECK(j["dry_run"] == true);
  CHECK(j["points_total"] == 4);
  REQUIRE(j["points"].size() == 4);
  CHECK(j["points"][3]["parameters"] == nlohmann::json({{"gamma", "2"}, {"dt", "0.05"}}));  // the last key fastest
  for (const auto& p : j["points"]) CHECK(p["planned"]["runs"].get<double>() > 0);
  CHECK_FALSE(std::filesystem::exists(dir));
  // A point the study refuses refuses the dry run too (exit 2), as it would the sweep.
  CHECK(run_cli("sweep sliding-plates --set m=1,0 --dry-run --out " + dir.string()).code == 2);
  CHECK_FALSE(std::filesystem::exists(dir));
}

TEST_CASE("sweep.csv: one column per result, named by what it is, each value that of the point's summary.json") {
  const auto dir = scratch_dir("sweep_table");
  std::filesystem::remove_all(dir);
  const CliOutput r = run_cli("sweep sliding-plates --set gamma=1,2 --jobs 2 --out " + dir.string(), true);
  REQUIRE(r.code == 0);
  const std::string text = read_text(dir / "sweep.csv");
  REQUIRE(text.find('"') == std::string::npos);
  const auto rows = cells(text);
  REQUIRE(rows.size() == 3);
  const std::vector<std::string>& header = rows[0];
  CHECK(header.front() == "point");
  CHECK(header[1].rfind("gamma", 0) == 0);
  CHECK(header.back() == "error");
  std::map<std::string, std::size_t> col;
  for (std::size_t c = 0; c < header.size(); ++c) {
    CAPTURE(header[c]);
    CHECK(col.count(header[c]) == 0);  // one column per result
    col[header[c]] = c;
    // No index of an array in a name ("results.0.friction", "energy_sweep.rows.3.v0"), no file path.
    CHECK_FALSE(std::regex_search(header[c], std::regex(R"((^|\.)[0-9]+(\.|$| \[))")));
    CHECK(header[c].find(".csv") == std::string::npos);
    // A name holds no '[': the one pair of brackets is the unit's, at the end ("[...]" is a unit in every table).
    CHECK(header[c].find('[') == header[c].rfind('['));
    if (header[c].find('[') != std::string::npos) CHECK(header[c].back() == ']');
  }
  // The fields that name a run are in its name, not columns of their own.
  for (const auto& [name, c] : col) {
    CHECK(name.find("}.friction") == std::string::npos);
    CHECK(name.find("}.v0 ") == std::string::npos);
  }
  // Every run of every point, read from the point's own summary.json, is in the column of its name.
  int compared = 0;
  for (std::size_t k = 0; k < 2; ++k) {
    CAPTURE(k);
    const auto own = nlohmann::json::parse(read_text(dir / "points" / std::to_string(k) / "summary.json"));
    const std::vector<std::string>& row = rows[k + 1];
    REQUIRE(row.size() == header.size());
    for (const auto& run : own["results"]) {
      const std::string name = "results{friction=" + run["friction"].get<std::string>() + " dt=" + number_text(run["dt"]) + "}";
      for (const char* leaf : {"v_end", "t_stick", "energy_created"}) {
        const std::string column = name + "." + leaf + " [n.u.]";
        CAPTURE(column);
        REQUIRE(col.count(column) == 1);
        CHECK(row[col[column]] == (run[leaf].is_null() ? std::string() : number_text(run[leaf])));
        ++compared;
      }
      const auto steps = std::find_if(col.begin(), col.end(), [&](const auto& c) { return c.first.rfind(name + ".steps", 0) == 0; });
      REQUIRE(steps != col.end());
      CHECK(row[steps->second] == number_text(run["steps"]));
    }
    for (const auto& e : own["energy_sweep"]["rows"]) {
      const std::string column = "energy_sweep.rows{v0=" + number_text(e["v0"]) + "}.dsds_euler [n.u.]";
      CAPTURE(column);
      REQUIRE(col.count(column) == 1);
      CHECK(row[col[column]] == number_text(e["dsds_euler"]));
      ++compared;
    }
    CHECK(row[col["fig4.v_end [n.u.]"]] == number_text(own["fig4"]["v_end"]));
  }
  CHECK(compared >= 2 * (4 * 3 + 9));
  // The long table beside it: one row per point and result, by dotted path.
  const std::string long_table = read_text(dir / "sweep_long.csv");
  CHECK(long_table.rfind("point,gamma", 0) == 0);
  CHECK(long_table.find(",results.0.v_end,") != std::string::npos);
  // sweep.png: a panel per result name, against gamma; "wrote" names it only where it is on disk.
  const auto summary = nlohmann::json::parse(read_text(dir / "summary.json"));
  const bool drawn = std::filesystem::exists(dir / "sweep.png");
  CHECK(summary["figures"] == (drawn ? nlohmann::json::array({"sweep.png"}) : nlohmann::json::array()));
  CHECK((r.out.find("summary.json, sweep.png)") != std::string::npos) == drawn);
  const std::string gp = read_text(dir / "sweep.gp");
  CHECK(gp.find("set title 'v_end'") != std::string::npos);
  CHECK(gp.find("set xlabel 'gamma") != std::string::npos);
  CHECK(gp.find("title 'results{friction=dsds dt=0.1}'") != std::string::npos);
  CHECK(missing_figure_inputs(dir) == "");
  std::filesystem::remove_all(dir);
}

TEST_CASE("sweep.png over a key that is no number: the points on the axis, their values as tic labels") {
  const auto dir = scratch_dir("sweep_table_text");
  std::filesystem::remove_all(dir);
  REQUIRE(run_cli("sweep dry-friction-oscillator --set solver=filippov,ida --fix t_end=5 --out " + dir.string()).code == 0);
  const std::string header = read_text(dir / "sweep.csv").substr(0, read_text(dir / "sweep.csv").find('\n'));
  CAPTURE(header);
  // One run per point: its array drops the index ("runs.t_stick [s]").
  CHECK(header.find(",runs.t_stick [s],") != std::string::npos);
  const std::string gp = read_text(dir / "sweep.gp");
  CHECK(gp.find("set xtics rotate by -30 (\"solver=filippov\" 0, \"solver=ida\" 1)") != std::string::npos);
  CHECK(gp.find("set xlabel 'point'") != std::string::npos);
  std::filesystem::remove_all(dir);
}
