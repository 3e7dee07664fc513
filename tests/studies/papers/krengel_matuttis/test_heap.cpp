// heap study (seed 002 §5): the repose-angle fit against synthetic heaps of known angles, a small pour that comes to
// rest through the command line (repose angle within the bounds the box allows, energy ledger closed, drift
// measured per dt), resume returning the same rows, the same pour with the paper's polygons (drawn, dumped as VTK),
// and bad input exiting 2.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "models/particles/hopper_heap.hpp"
#include "models/particles/repose_angle.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

namespace {

// Discs of radius r on a triangular lattice (rows sqrt(3) r apart, alternate rows shifted by r) filling the
// asymmetric triangle y <= H - tan(left) (x_p - x) for x < x_p, y <= H - tan(right) (x - x_p) for x > x_p, y >= r.
ParticleArrays triangle(double r, double height, double left_deg, double right_deg, double x_peak) {
  ParticleArrays p;
  const double tl = std::tan(left_deg * M_PI / 180), tr = std::tan(right_deg * M_PI / 180);
  for (int row = 0;; ++row) {
    const double y = r + row * std::sqrt(3.0) * r;
    if (y + r > height) break;
    const double xa = x_peak - (height - y - r) / tl, xb = x_peak + (height - y - r) / tr;
    const double shift = (row % 2) * r;
    for (double x = std::floor(xa / (2 * r)) * 2 * r + shift; x <= xb; x += 2 * r)
      if (x >= xa) p.add(Vec3(x, y, 0), Vec3::Zero(), r, 1.0, true);
  }
  return p;
}

struct Run {
  int code;
  nlohmann::json json;
};

Run heap(const std::string& args, const std::filesystem::path& out, bool resume = false) {
  const auto cli = test::run_cli("run heap " + args + " --out " + out.string() + (resume ? " --resume" : "") + " --json");
  Run r{cli.code, {}};
  if (r.code == 0) r.json = nlohmann::json::parse(cli.out);
  return r;
}

}  // namespace

TEST_CASE("repose-angle fit: synthetic lattice heaps of 30/30 and 25/35 degrees") {
  // The profile max(y + r) per bin follows a straight flank to within about one diameter d (lattice rows and the
  // bin width), so the fitted angle is good to ~ d / (fitted flank length) rad (repose_angle.hpp).
  const double r = 1.0, d = 2 * r, height = 80;
  for (auto [left, right] : {std::pair{30.0, 30.0}, std::pair{25.0, 35.0}}) {
    CAPTURE(left);
    CAPTURE(right);
    const ParticleArrays p = triangle(r, height, left, right, 10.0);
    const ReposeFit f = fit_repose_angle(p, -300, 300, 2 * d, 1.5 * d);
    CHECK(f.peak_height == doctest::Approx(height).epsilon(0.05));
    CHECK(f.peak_x == doctest::Approx(10.0).epsilon(0.2));
    REQUIRE(f.left.bins >= 10);
    REQUIRE(f.right.bins >= 10);
    const double tol_left = d / (f.left.x_to - f.left.x_from) * 180 / M_PI;
    const double tol_right = d / (f.right.x_to - f.right.x_from) * 180 / M_PI;
    CHECK(std::abs(f.left.angle_deg - left) < tol_left);
    CHECK(std::abs(f.right.angle_deg - right) < tol_right);
    CHECK(f.angle_deg == doctest::Approx(0.5 * (left + right)).epsilon(0.05));
    CHECK(f.left.slope > 0);  // rising towards the peak
    CHECK(f.right.slope < 0);
    // The surface discs are the profile's tops: each lies on the upper boundary of the triangle (within a row).
    REQUIRE(!f.surface.empty());
    for (std::size_t i : f.surface) {
      const double x = p.x[i][0], top = x < 10 ? height - std::tan(left * M_PI / 180) * (10 - x)
                                               : height - std::tan(right * M_PI / 180) * (x - 10);
      CHECK(p.x[i][1] + r <= top + 1e-9);
      CHECK(p.x[i][1] + r >= top - 2 * std::sqrt(3.0) * r - 2 * d * std::tan(35 * M_PI / 180));
    }
  }
  // A single layer on the floor is no heap: no flank, angle NaN (null in JSON), no surface discs.
  ParticleArrays flat;
  for (int k = 0; k < 50; ++k) flat.add(Vec3(2.0 * k, 1.0, 0), Vec3::Zero(), 1.0, 1.0, true);
  const ReposeFit f = fit_repose_angle(flat, -10, 110, 4, 3);
  CHECK(std::isnan(f.angle_deg));
  CHECK(f.surface.empty());
}

TEST_CASE("hopper placement: 1625 discs in the hopper, no overlap, clear of every wall, radii in range") {
  HopperHeapSpec spec;  // the seed's size
  Boundaries b;
  const HopperHeapScene scene = make_hopper_heap(spec, b);
  const ParticleArrays& p = scene.state.bodies;
  REQUIRE(p.size() == 1625);
  CHECK(b.planes.size() == 1);
  CHECK(b.segments.size() == 6);
  CHECK(b.gravity[1] == -spec.g);
  double r2 = 0;
  long overlaps = 0, touching_walls = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    CHECK(p.radius[i] >= spec.radius * (1 - spec.spread));
    CHECK(p.radius[i] <= spec.radius * (1 + spec.spread));
    CHECK(p.mass[i] == doctest::Approx(spec.density * M_PI * p.radius[i] * p.radius[i]));
    CHECK(p.x[i][2] == 0.0);
    CHECK(std::abs(p.x[i][0]) < 0.5 * spec.hopper_width);
    CHECK(p.x[i][1] > spec.outlet_height);
    CHECK(p.x[i][1] + p.radius[i] <= scene.fill_top);
    for (std::size_t w = 0; w < b.num_walls(); ++w) touching_walls += !(b.wall(w, p.x[i]).distance > p.radius[i]);
    for (std::size_t j = i + 1; j < p.size(); ++j) overlaps += !((p.x[j] - p.x[i]).norm() > p.radius[i] + p.radius[j]);
    r2 += p.radius[i] * p.radius[i] / static_cast<double>(p.size());
  }
  CHECK(overlaps == 0);
  CHECK(touching_walls == 0);
  // <r^2> of the uniform radius distribution, r^2 (1 + s^2/3), within its sampling error (~ 1 %).
  CHECK(r2 == doctest::Approx(spec.radius * spec.radius * (1 + spec.spread * spec.spread / 3)).epsilon(0.02));
  // Deterministic for a seed, different for another.
  Boundaries b2;
  CHECK(make_hopper_heap(spec, b2).state.bodies.x[100] == p.x[100]);
  spec.seed = 2;
  CHECK(make_hopper_heap(spec, b2).state.bodies.x[100] != p.x[100]);
}

TEST_CASE("heap: a small pour comes to rest in its box, ledger closed, drift per dt; resume gives the same rows") {
  // 100 discs with rolling resistance (mu_roll 0.2) poured from 6 cm onto a floor 80 diameters wide: a small heap,
  // under exact static friction (coulomb) and the D-SDS.
  const std::string args =
      "--set n=100 --set laws=coulomb,dsds --set floor_width=0.4 --set hopper_width=0.08 --set outlet=0.04 "
      "--set outlet_height=0.06 --set t_max=2 --set t_drift=0.05 --set snapshots=0.1 --set bin=1 --set dump_every=20000";
  const auto dir = test::scratch_dir("heap_small");
  std::filesystem::remove_all(dir);
  const Run first = heap(args, dir);
  REQUIRE(first.code == 0);
  const auto& rows = first.json["runs"];
  REQUIRE(rows.size() == 2);
  REQUIRE(first.json["results"].size() == 2);
  const double r = 2.5e-3, d = 2 * r;
  for (const auto& row : rows) {
    CAPTURE(row["law"]);
    CHECK(row["at_rest"].get<bool>());
    CHECK(row["t_rest"].get<double>() > 0.1);
    CHECK(row["t_rest"].get<double>() < 2);
    CHECK(row["discs_in_hopper"].get<int>() == 0);
    // The velocity-Verlet energy law closes the ledger to round-off (models/particles/energy.hpp).
    CHECK(row["energy_balance_error"].get<double>() < 1e-9);
    CHECK(row["ledger"]["normal_damping"].get<double>() > 0);
    CHECK(row["ledger"]["tangential_dissipation"].get<double>() > 0);
    CHECK(row["ledger"]["rolling_dissipation"].get<double>() > 0);
    // Geometric bounds: a heap (taller than a layer, below the outlet), both flanks fitted, each passing through its
    // profile within a diameter, the angle between 0 and 45 degrees. (A 5-diameter heap is too small for the angle
    // itself to mean much: the fit is checked against exact flanks in the synthetic test above.)
    CHECK(row["heap_height"].get<double>() > 2 * d);
    CHECK(row["heap_height"].get<double>() < 0.06);
    REQUIRE(row["repose_angle_deg"].is_number());
    CHECK(row["repose_angle_deg"].get<double>() > 0);
    CHECK(row["repose_angle_deg"].get<double>() < 45);
    for (const auto& rms : row["flank_rms"]) CHECK(rms.get<double>() < d);
    CHECK(row["surface_discs"].get<int>() >= 5);
    // The drift windows: one per dt factor, at dt and 2 dt; a heap at rest creeps by far less than a diameter.
    REQUIRE(row["drift_by_dt"].size() == 2);
    CHECK(row["drift_by_dt"][1]["dt"].get<double>() == doctest::Approx(2 * row["drift_by_dt"][0]["dt"].get<double>()));
    for (const auto& w : row["drift_by_dt"]) CHECK(w["surface_drift"].get<double>() < 0.01 * d);
    CHECK(row["holds"].get<bool>());
  }
  for (const char* f : {"heap_kinetic.png", "heap_drift.png", "heap_drift_dt.png", "heap_profile.png",
                        "heap_snapshots_coulomb.png", "heap_kinetic_dsds.csv", "heap_drift_dsds_f2.csv"})
    CHECK(std::filesystem::exists(dir / f));
  CHECK(test::missing_figure_inputs(dir).empty());
  // Dumps (issue 11 point 3): LAMMPS text frames of the pour, the first at the placement of all 100 discs, and
  // contact-force frames whose entries split into normal and tangential parts (|f|^2 = fn^2 + ft^2).
  {
    std::ifstream atoms(dir / "dumps" / "heap_coulomb.dump"), contacts(dir / "dumps" / "heap_coulomb_contacts.dump");
    REQUIRE(atoms.good());
    REQUIRE(contacts.good());
    std::string line, header;
    std::getline(atoms, line);
    CHECK(line == "ITEM: TIMESTEP");
    std::getline(atoms, line);
    CHECK(line == "0");
    std::getline(atoms, header);
    std::getline(atoms, line);
    CHECK(std::stoi(line) == 100);
    long entries = 0;
    while (std::getline(contacts, line)) {
      if (line.rfind("ITEM: ENTRIES", 0) != 0) continue;
      while (contacts.peek() != 'I' && std::getline(contacts, line)) {
        std::istringstream in(line);
        long i = 0, j = 0;
        double fx = 0, fy = 0, fz = 0, fn = 0, ft = 0;
        if (!(in >> i >> j >> fx >> fy >> fz >> fn >> ft)) break;
        CHECK(fx * fx + fy * fy + fz * fz == doctest::Approx(fn * fn + ft * ft).epsilon(1e-9));
        ++entries;
      }
    }
    CHECK(entries > 0);
  }
  // Resume on the finished folder: nothing rerun, the same rows.
  const Run again = heap(args, dir, true);
  REQUIRE(again.code == 0);
  CHECK(test::without_timings(again.json["results"]) == test::without_timings(first.json["results"]));
  CHECK(again.json["runs"] == first.json["runs"]);
  std::filesystem::remove_all(dir);
}

TEST_CASE("heap with polygons: a small pour of Krengel & Matuttis' polygons comes to rest, ledger closed, drawn and dumped") {
  // 60 convex polygons (5-10 corners on ellipses of eccentricity 0.8) poured from 6 cm under exact static friction
  // (coulomb, the Gauss-Seidel sweep with the polygons' arms) and Cundall-Strack, on the polygon engine. Rest at 1e-4
  // of E_ref: polygons rock long on their faces (eq. 18 damps dA/dt only), which the default 1e-6 waits out.
  const std::string args =
      "--set particles=polygons --set n=60 --set laws=coulomb,cundall-strack --set floor_width=0.4 "
      "--set hopper_width=0.08 --set outlet=0.04 --set outlet_height=0.06 --set t_max=2.5 --set t_drift=0.02 "
      "--set snapshots=0.1 --set bin=1 --set dump_every=40000 --set rest_ratio=1e-4";
  const auto dir = test::scratch_dir("heap_polygons");
  std::filesystem::remove_all(dir);
  const Run first = heap(args, dir);
  REQUIRE(first.code == 0);
  const auto& rows = first.json["runs"];
  REQUIRE(rows.size() == 2);
  const double d = 5e-3;
  CHECK(first.json["particle_shape"].get<std::string>().find("polygons") != std::string::npos);
  for (const auto& row : rows) {
    CAPTURE(row["law"]);
    CHECK(row["at_rest"].get<bool>());
    CHECK(row["discs_in_hopper"].get<int>() == 0);
    CHECK(row["energy_balance_error"].get<double>() < 1e-9);  // the ledger closes for polygons too
    CHECK(row["ledger"]["normal_damping"].get<double>() > 0);
    CHECK(row["ledger"]["tangential_dissipation"].get<double>() > 0);
    CHECK(row["ledger"]["rolling_dissipation"].get<double>() == 0);  // no rolling law on polygons
    CHECK(row["heap_height"].get<double>() > 1.5 * d);
    CHECK(row["heap_height"].get<double>() < 0.06);
    REQUIRE(row["drift_by_dt"].size() == 2);
    for (const auto& w : row["drift_by_dt"]) CHECK(w["surface_drift"].get<double>() < 0.01 * d);
  }
  for (const char* f : {"heap_snapshots_coulomb.png", "heap_snapshots_cundall-strack.png", "heap_kinetic.png",
                        "heap_drift.png", "heap_profile.png", "heap_snap_coulomb_0.100.csv", "heap_snap_coulomb_final.csv",
                        "dumps/heap_coulomb.pvd", "dumps/heap_coulomb_000000.vtp"})
    CHECK(std::filesystem::exists(dir / f));
  CHECK(test::missing_figure_inputs(dir).empty());
  {  // one snapshot row per polygon, its corner count in range
    std::ifstream snap(dir / "heap_snap_coulomb_final.csv");
    std::string line;
    std::getline(snap, line);
    CHECK(line.find("theta [rad]") != std::string::npos);
    long n = 0;
    while (std::getline(snap, line)) {
      std::istringstream in(line);
      std::string cell;
      for (int k = 0; k < 4; ++k) std::getline(in, cell, ',');
      CHECK(std::stoi(cell) >= 5);
      CHECK(std::stoi(cell) <= 10);
      ++n;
    }
    CHECK(n == 60);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("heap with polygons: threads give the same pour, the trapezoid closes its ledger") {
  // A short pour (0.04 s, not to rest) of 40 polygons under Cundall-Strack: velocity Verlet on 1 and 2 threads gives
  // the same kinetic-energy rows digit for digit (the polygon engine's two-phase pass keeps the single pass's order);
  // the trapezoid (phi = 1/2) runs the same pour with its fixed-point sweeps and its ledger balanced.
  const std::string args =
      "--set particles=polygons --set n=40 --set laws=cundall-strack --set floor_width=0.4 --set hopper_width=0.08 "
      "--set outlet=0.04 --set outlet_height=0.06 --set t_max=0.04 --set t_drift=0.002 --set dt_factors=1 "
      "--set snapshots=0.02 --set bin=1";
  auto kinetic_rows = [](const std::filesystem::path& dir) {
    std::ifstream in(dir / "heap_kinetic_cundall-strack.csv");
    std::stringstream all;
    all << in.rdbuf();
    return all.str();
  };
  const auto one = test::scratch_dir("heap_polygons_threads1"), two = test::scratch_dir("heap_polygons_threads2");
  const auto trap = test::scratch_dir("heap_polygons_trapezoid");
  for (const auto& d : {one, two, trap}) std::filesystem::remove_all(d);
  const Run r1 = heap(args + " --set threads=1", one), r2 = heap(args + " --set threads=2", two);
  REQUIRE(r1.code == 0);
  REQUIRE(r2.code == 0);
  CHECK(r1.json["threads"] == 1);
  CHECK(r2.json["threads"] == 2);
  const std::string k1 = kinetic_rows(one);
  CHECK(std::count(k1.begin(), k1.end(), '\n') > 10);
  CHECK(k1 == kinetic_rows(two));
  CHECK(r1.json["runs"][0]["kinetic_peak"] == r2.json["runs"][0]["kinetic_peak"]);
  const Run rt = heap(args + " --set integrator=trapezoid", trap);
  REQUIRE(rt.code == 0);
  const auto& row = rt.json["runs"][0];
  CHECK(rt.json["integrator"].get<std::string>().find("trapezoid") != std::string::npos);
  CHECK(row["energy_balance_error"].get<double>() < 1e-9);
  CHECK(row["ledger"]["normal_damping"].get<double>() > 0);
  CHECK(row["force_evaluations_pour"].get<long>() > row["steps_pour"].get<long>());  // the sweeps
  // the same pour as Verlet's in its first stage (free fall, first contacts): the peak kinetic energy within 1 %
  CHECK(row["kinetic_peak"].get<double>() ==
        doctest::Approx(r1.json["runs"][0]["kinetic_peak"].get<double>()).epsilon(0.01));
}

TEST_CASE("heap: seeds give one pour per seed and their spread; the angle is read during the feed by the rest's fit") {
  // 100 discs (as the small pour above) under the D-SDS, seeds 1, 2 and 3: one pour each, the spread of summary.json
  // against the mean and sample sd computed here from the per-seed angles; the feed readings every 0.05 s: the last
  // one is the rest fit itself (same time, same angle), the feeding one was taken with bodies in the hopper or
  // falling, and every reading counts each disc once (heap, hopper or falling).
  const std::string args =
      "--set n=100 --set laws=dsds --set floor_width=0.4 --set hopper_width=0.08 --set outlet=0.04 "
      "--set outlet_height=0.06 --set t_max=2 --set t_drift=0.005 --set dt_factors=1 --set snapshots=0.1 --set bin=1 "
      "--set seeds=1,2,3 --set feed_every=0.05";
  const auto dir = test::scratch_dir("heap_seeds");
  std::filesystem::remove_all(dir);
  const Run r = heap(args, dir);
  REQUIRE(r.code == 0);
  const auto& rows = r.json["runs"];
  REQUIRE(rows.size() == 3);
  std::vector<double> rest, left, feed;
  for (std::size_t k = 0; k < 3; ++k) {
    const auto& row = rows[k];
    CAPTURE(row["tag"]);
    CHECK(row["seed"] == k + 1);
    CHECK(row["tag"] == "dsds_s" + std::to_string(k + 1));
    CHECK(row["law"] == "dsds");
    REQUIRE(row["repose_angle_deg"].is_number());
    rest.push_back(row["repose_angle_deg"].get<double>());
    left.push_back(row["repose_left_deg"].get<double>());
    const auto& readings = row["feed"];
    REQUIRE(readings.size() >= 3);
    const auto& last = readings.back();
    CHECK(last["t"] == row["t_stop"]);
    CHECK(last["repose_angle_deg"] == row["repose_angle_deg"]);
    CHECK(last["repose_left_deg"] == row["repose_left_deg"]);
    CHECK(last["repose_right_deg"] == row["repose_right_deg"]);
    CHECK(last["in_hopper"] == 0);
    for (const auto& q : readings)
      CHECK(q["heap_bodies"].get<long>() + q["in_hopper"].get<long>() + q["falling"].get<long>() == 100);
    const auto& f = row["feeding"];
    REQUIRE(f.is_object());
    CHECK(f["in_hopper"].get<long>() + f["falling"].get<long>() > 0);
    CHECK(f["t"].get<double>() < row["t_rest"].get<double>());
    feed.push_back(f["repose_angle_deg"].is_number() ? f["repose_angle_deg"].get<double>() : NAN);
    CHECK(std::filesystem::exists(dir / ("heap_feed_dsds_s" + std::to_string(k + 1) + ".csv")));
    CHECK(std::filesystem::exists(dir / ("heap_profile_dsds_s" + std::to_string(k + 1) + ".csv")));
  }
  // Three different pours, and their spread by hand: mean, sample sd (n - 1), min, max.
  CHECK(rest[0] != rest[1]);
  CHECK(rest[1] != rest[2]);
  const auto& spread = r.json["spread"];
  REQUIRE(spread.size() == 1);
  CHECK(spread[0]["law"] == "dsds");
  const auto check_spread = [](const nlohmann::json& s, const std::vector<double>& v) {
    const double mean = (v[0] + v[1] + v[2]) / 3;
    const double sd = std::sqrt(((v[0] - mean) * (v[0] - mean) + (v[1] - mean) * (v[1] - mean) +
                                 (v[2] - mean) * (v[2] - mean)) / 2);
    CHECK(s["n"] == 3);
    CHECK(s["mean"].get<double>() == doctest::Approx(mean).epsilon(1e-12));
    CHECK(s["sd"].get<double>() == doctest::Approx(sd).epsilon(1e-12));
    CHECK(s["min"].get<double>() == *std::min_element(v.begin(), v.end()));
    CHECK(s["max"].get<double>() == *std::max_element(v.begin(), v.end()));
  };
  check_spread(spread[0]["repose_angle_deg"], rest);
  check_spread(spread[0]["repose_left_deg"], left);
  if (std::all_of(feed.begin(), feed.end(), [](double x) { return std::isfinite(x); }))
    check_spread(spread[0]["feeding_angle_deg"], feed);
  // The per-pour table: one row per seed with both flanks.
  {
    std::ifstream in(dir / "heap_repose.csv");
    std::string line;
    std::getline(in, line);
    CHECK(line.find("repose_left [deg]") != std::string::npos);
    CHECK(line.find("feeding_angle [deg]") != std::string::npos);
    long n = 0;
    while (std::getline(in, line)) ++n;
    CHECK(n == 3);
  }
  for (const char* f : {"heap_feed.png", "heap_repose_seeds.png", "heap_profile.png", "heap_kinetic.png"})
    CHECK(std::filesystem::exists(dir / f));
  CHECK(test::missing_figure_inputs(dir).empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("heap: setup=krengel-matuttis sets the paper's set-up, a key the user sets wins") {
  // --dry-run: the parameters are read and the plan declared (the scene of 1625 polygons drawn), nothing runs.
  const auto plan = [](const std::string& args) {
    const auto cli = test::run_cli("run heap --set particles=polygons --set setup=krengel-matuttis " + args + " --dry-run");
    REQUIRE(cli.code == 0);
    return nlohmann::json::parse(cli.out)["planned"];
  };
  const auto p = plan("");
  CHECK(p["setup"]["name"] == "krengel-matuttis");
  CHECK(p["setup"]["set"]["laws"] == "coulomb-km,cundall-strack");
  CHECK(p["laws"] == nlohmann::json::array({"coulomb-km", "cundall-strack"}));
  CHECK(p["runs"] == 2);
  CHECK(p["particles"] == 1625);
  CHECK(p["contact"] == "book");
  CHECK(p["corners"] == "stratified");  // corners=uniform is unstable at dt 1e-5 (the header of heap_study.cpp)
  CHECK(p["dt"].get<double>() == 1e-5);
  CHECK(p["dt_factors"] == nlohmann::json::array({1.0, 0.5}));
  CHECK(p["setup"]["kept"].empty());
  // the user's laws, n and dt win; the rest of the preset still applies
  const auto q = plan("--set laws=cundall-strack --set n=200 --set dt=5e-6 --set seeds=1,2 --set contact=equal-area");
  CHECK(q["laws"] == nlohmann::json::array({"cundall-strack"}));
  CHECK(q["runs"] == 2);  // one law, two seeds
  CHECK(q["particles"] == 200);
  CHECK(q["setup"]["kept"]["laws"] == "cundall-strack");
  CHECK(q["setup"]["kept"]["n"] == "200");
  CHECK(q["setup"]["kept"]["dt"] == "5e-6");
  CHECK(!q["setup"]["set"].contains("laws"));
  CHECK(q["dt"].get<double>() == 5e-6);
  CHECK(q["dt_factors"] == nlohmann::json::array({1.0, 0.5}));
  // contact=equal-area is the key's default, so the preset's book applies (a key wins only at another value)
  CHECK(q["contact"] == "book");
  // setup=default changes nothing
  const auto d = test::run_cli("run heap --set particles=polygons --set n=200 --dry-run");
  REQUIRE(d.code == 0);
  const auto dp = nlohmann::json::parse(d.out)["planned"];
  CHECK(dp["setup"]["name"] == "default");
  CHECK(dp["setup"]["set"].empty());
  CHECK(dp["contact"] == "equal-area");
  CHECK(dp["runs"] == 3);
}

TEST_CASE("heap: bad input exits 2 naming the key") {
  const auto dir = test::scratch_dir("heap_bad");
  const std::vector<std::pair<std::string, std::string>> cases{
      {"--set n=0", "n=0"},
      {"--set laws=coulomb-magic", "laws="},
      {"--set laws=", "laws="},
      {"--set outlet=0.001", "outlet=0.001"},
      {"--set hopper_width=0.05", "hopper_width=0.05"},
      {"--set dt=1e-3", "dt=1e-3"},
      {"--set dt_factors=0", "dt_factors=0"},
      {"--set spread=0.9", "spread=0.9"},
      {"--set floor_width=0.1", "floor_width=0.1"},
      {"--set dump_every=-1", "dump_every=-1"},
      {"--set particles=squares", "particles=squares"},
      {"--set particles=polygons --set eccentricity=1", "eccentricity=1"},
      {"--set particles=polygons --set eccentricity=-0.1", "eccentricity=-0.1"},
      {"--set particles=polygons --set min_corners=2", "min_corners=2"},
      {"--set particles=polygons --set max_corners=200", "max_corners=200"},
      {"--set particles=polygons --set min_corners=8 --set max_corners=6", "max_corners=6"},
      {"--set particles=polygons --set mu_roll=0.2", "mu_roll=0.2"},
      {"--set particles=polygons --set threads=0", "threads=0"},
      {"--set particles=polygons --set integrator=rk4", "integrator=rk4"},
      {"--set particles=polygons --set integrator=trapezoid --set laws=coulomb", "laws"},
      {"--set particles=polygons --set outlet=0.005", "outlet=0.005"},
      {"--set contact=book", "contact=book"},
      {"--set particles=polygons --set contact=hertz", "contact=hertz"},
      {"--set particles=polygons --set corners=random", "corners=random"},
      {"--set particles=polygons --set eccentricity_reading=b/a", "eccentricity_reading=b/a"},
      {"--set particles=polygons --set eccentricity_reading=axis-ratio --set eccentricity=0", "eccentricity=0"},
      {"--set particles=polygons --set eccentricity_reading=axis-ratio --set eccentricity=1.2", "eccentricity=1.2"},
      {"--set particles=polygons --set dt=1e-5", "dt=1e-5"},  // beyond t_c/8 of the equal-area contact
      {"--set particles=polygons --set contact=book --set dt=3e-5", "dt=3e-5"},
      {"--set particles=polygons --set integrator=trapezoid --set laws=coulomb-km", "laws"},
      {"--set particles=polygons --set setup=foo", "setup=foo"},
      {"--set setup=krengel-matuttis", "setup=krengel-matuttis"},  // the paper's particles are polygons
      {"--set seeds=0", "seeds=0"},
      {"--set seeds=-1", "seeds=-1"},
      {"--set seeds=0,-1", "seeds=0,-1"},
      {"--set seeds=", "seeds="},
      {"--set seeds=1,,2", "seeds=1,,2"},
      {"--set seeds=1,1", "seeds=1,1"},
      {"--set seeds=1.5", "seeds=1.5"},
      {"--set seeds=+1", "seeds=+1"},
      {"--set seeds=1,2 --set seed=3", "seeds=1,2"},
      {"--set feed_every=-1", "feed_every=-1"}};
  for (const auto& [args, key] : cases) {
    CAPTURE(args);
    const auto r = test::run_cli("run heap " + args + " --out " + dir.string(), true);
    CHECK(r.code == 2);
    CHECK(r.out.find(key) != std::string::npos);
  }
  std::filesystem::remove_all(dir);
}
