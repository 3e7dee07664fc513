// Every study's figures, drawn at small settings, pass through gnuplot without a warning, and every plotted panel
// says what its y axis measures and in which unit. Two independent checks of the warnings: the study's log (what
// render_png reports of gnuplot's stderr) and gnuplot run again here on every script the study left next to its
// PNGs, its stderr captured. The settings reach every figure's branches that depend on the run (the dry-friction
// oscillator past its stick time, three-spheres past its return to rolling, the convergence study's Fig. 3).
// Skipped (with a message) where gnuplot is not installed.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <sstream>

#include "studies/experiment/run_store.hpp"
#include "studies/experiment/study.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {

// Small settings that still draw every figure of each study (about a second each in Release).
const std::map<std::string, std::vector<std::string>> kSmall{
    {"sliding-plates", {"dt=0.1,0.05", "t_end=10", "fig4=on", "sweep_v0=0.25,1,4", "sweep_dt=0.01"}},
    {"convergence", {"levels=4", "friction=csds,dsds", "solver=euler,midpoint,heun,rk4", "events=on,off"}},
    {"dry-friction-oscillator", {"t_end=4", "dt=0.002"}},
    {"rolling-sphere", {"t_end=3", "dt=1e-3"}},
    {"three-spheres", {"t_end=0.75"}},
    {"stochastic-friction",
     {"law=linear", "kT=1", "system=pair", "geometry=fixed", "extrapolate=on", "t_end=60", "t_equil=5",
      "sweep_dt=0.02,0.01", "sweep_t_end=30", "sweep_law=linear", "sweep_scheme=euler-maruyama", "sweep_kT=1"}},
    {"container", {"n=12", "seeds=0", "t_end=0.6", "snapshots=0.2,0.4"}},
    {"granular-gas", {"n=300", "laws=none,dsds", "seeds=1", "t_end_tau=0.05", "samples=10", "lammps=off", "threads=1"}},
    {"heap", {"n=30", "laws=csds,dsds", "t_max=0.05", "t_drift=0.005", "dt_factors=1,2", "snapshots=0.02"}},
    {"dsds-cooling", {"n=200", "normal=linear", "seeds=2", "T_end=0.7", "bins=1", "draws=40", "batches=2",
                      "dt_levels=1", "angles=6", "lammps=off"}},  // 2 angles (0, 87 deg) leave the net panel empty
    {"block-chain", {"n=4", "t_end=0.5", "dt=0.005", "solver=filippov:dopri5,moreau"}},
    {"burridge-knopoff", {"n=8", "t_end=300", "dt=0.1", "nu=0.05"}},
    {"spring-slider", {"m=1,0.01", "k_ratios=0.8,1,1.2", "cycles=8", "samples_per_period=50"}},
    {"slope-drift",
     {"friction=coulomb-filippov,csds", "solver=rk4", "damping=on,off", "projection=on", "start=equilibrium",
      "angle_deg=15,30", "t_end=0.01", "dt_sweep=2e-5,1e-5", "size_sweep=0.01,0.1"}},
};

bool have_gnuplot() { return std::system("command -v gnuplot >/dev/null 2>&1") == 0; }

// gnuplot's stderr for every .gp script under dir, run in the script's folder; "" when all were silent.
std::string rerun_scripts(const std::filesystem::path& dir, int& scripts) {
  std::string complaints;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".gp") continue;
    ++scripts;
    const auto err = entry.path().parent_path() / "gnuplot_rerun.err";
    const std::string cmd = "cd '" + entry.path().parent_path().string() + "' && gnuplot '" +
                            entry.path().filename().string() + "' >/dev/null 2>'" + err.filename().string() + "'";
    const int rc = std::system(cmd.c_str());
    const std::string text = test::read_text(err);
    std::filesystem::remove(err);
    if (rc != 0 || !text.empty()) complaints += entry.path().filename().string() + ": " + text;
  }
  return complaints;
}

// The y labels of the plotted panels of a script that carry no unit "[...]" (a panel is the text between resets).
std::string ylabels_without_unit(const std::string& script) {
  std::string missing;
  std::size_t at = 0;
  while ((at = script.find("reset\n", at)) != std::string::npos) {
    const std::size_t end = std::min(script.find("reset\n", at + 6), script.size());
    const std::string panel = script.substr(at, end - at);
    at += 6;
    if (panel.find("\nplot ") == std::string::npos || panel.find("plot [0:1][0:1] 1/0") != std::string::npos) continue;
    const std::size_t y = panel.find("set ylabel '");
    const std::string label = y == std::string::npos ? "(none)" : panel.substr(y, panel.find('\n', y) - y);
    if (label.find('[') == std::string::npos || label.find(']') == std::string::npos) missing += label + "\n";
  }
  return missing;
}

}  // namespace

TEST_CASE("every study's figures render without a gnuplot warning, and every panel's y axis has a unit") {
  if (!have_gnuplot()) {
    MESSAGE("skipped: gnuplot is not installed (the figures are not drawn)");
    return;
  }
  const auto studies = all_studies();
  CHECK(studies.size() == kSmall.size());
  for (const auto& study : studies) {
    INFO(study->name());
    REQUIRE(kSmall.count(study->name()) == 1);
    Parameters p = study->parameters();
    for (const auto& a : kSmall.at(study->name())) p.assign(a);
    const auto dir = test::scratch_dir("figures_" + study->name());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::ostringstream log;
    {
      RunStore store(dir, study->name(), p, false);
      const StudyContext ctx{dir, log, &store};
      study->run(p, ctx);
    }
    CHECK(log.str().find("gnuplot warning") == std::string::npos);
    CHECK(log.str().find("gnuplot failed") == std::string::npos);
    int scripts = 0;
    CHECK(rerun_scripts(dir, scripts) == "");
    CHECK(scripts > 0);
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
      if (entry.path().extension() != ".gp") continue;
      INFO(entry.path().filename().string());
      auto png = entry.path();
      png.replace_extension(".png");
      CHECK(std::filesystem::exists(png));
      if (study->name() != "granular-gas") CHECK(ylabels_without_unit(test::read_text(entry.path())) == "");
    }
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("converge's figures (error against dt and rtol, work-precision) render without a gnuplot warning") {
  if (!have_gnuplot()) {
    MESSAGE("skipped: gnuplot is not installed (the figures are not drawn)");
    return;
  }
  const auto dir = test::scratch_dir("figures_converge");
  std::filesystem::remove_all(dir);
  const auto r = test::run_cli("converge sliding-plates --observable v_end --solver euler,midpoint,heun,rk4,dopri5 "
                               "--dt 0.1:0.0125:4 --rtol 1e-4:1e-7:4 --work --out " + dir.string(),
                               true);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("gnuplot warning") == std::string::npos);
  int scripts = 0;
  CHECK(rerun_scripts(dir, scripts) == "");
  CHECK(scripts == 2);
  for (const char* gp : {"converge.gp", "work.gp"}) {
    INFO(gp);
    const std::string script = test::read_text(dir / gp);
    CHECK(ylabels_without_unit(script) == "");
    if (std::string(gp) == "converge.gp") {
      // The guides follow the data (datablocks of two points) and the rtol panel names its own variable.
      CHECK(script.find("$guide0_1 << EOD") != std::string::npos);
      CHECK(script.find("error ~ rtol^") != std::string::npos);
      CHECK(script.find("h^") == std::string::npos);
      // midpoint and Heun coincide on this affine problem: the key says so.
      CHECK(script.find("(same errors as midpoint)") != std::string::npos);
    }
  }
  std::filesystem::remove_all(dir);
}
