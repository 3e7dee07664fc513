// The granular gas (issue 11): the Maxwellian initial state, the frictionless cooling rate against Enskog's kinetic
// theory, the D-SDS energy created in an isolated oblique impact against seed 001's closed form (eq. 3 reset, balance
// eq. 11), and LAMMPS text dumps that parse back to the state (in memory and from the study's dump files).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "solvers/particles/binary_impact.hpp"
#include "models/particles/collision_log.hpp"
#include "models/particles/granular_gas.hpp"
#include "models/particles/homogeneous_cooling.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "tests/cli_runner.hpp"

using namespace stickslip;

TEST_CASE("Maxwellian initial state: requested temperatures, zero momentum, no overlaps, Gaussian components") {
  GasSpec spec;
  spec.n = 3000;
  spec.phi = 0.1;
  spec.t0 = 0.02;
  spec.t_rot0 = 0.005;
  spec.seed = 7;
  Boundaries b;
  const GranularState s = make_granular_gas(spec, b);
  const ParticleArrays& p = s.bodies;
  REQUIRE(p.size() == 3000);
  const GasTemperatures t = gas_temperatures(p);
  CHECK(t.translational == doctest::Approx(spec.t0).epsilon(1e-12));
  CHECK(t.rotational == doctest::Approx(spec.t_rot0).epsilon(1e-12));
  // |P| against the momentum scale sqrt(N) m v_th: round-off only.
  CHECK(t.momentum.norm() < 1e-12 * std::sqrt(3000.0) * spec.mass() * std::sqrt(spec.t0 / spec.mass()));
  // Solid fraction and box.
  double volume = 0;
  for (double r : p.radius) volume += 4.0 / 3.0 * M_PI * r * r * r;
  CHECK(volume / std::pow(b.box.length(0), 3) == doctest::Approx(0.1).epsilon(1e-12));
  // No overlaps (brute force over minimal images).
  std::size_t overlaps = 0;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t j = i + 1; j < p.size(); ++j)
      if (b.box.minimal_image_any(p.x[j] - p.x[i]).norm() < p.radius[i] + p.radius[j]) ++overlaps;
  CHECK(overlaps == 0);
  // Kurtosis of the 9000 velocity components: 3 for a Gaussian, standard error sqrt(24/9000) = 0.052.
  double m2 = 0, m4 = 0;
  for (const Vec3& v : p.v)
    for (int a = 0; a < 3; ++a) m2 += v[a] * v[a], m4 += v[a] * v[a] * v[a] * v[a];
  m2 /= 9000, m4 /= 9000;
  CHECK(m4 / (m2 * m2) == doctest::Approx(3.0).epsilon(0.25 / 3));  // ~5 standard errors
  // The same seed gives the same state; the density index of a hard-sphere fluid is near S(0) of Carnahan-Starling.
  Boundaries b2;
  CHECK(make_granular_gas(spec, b2).bodies.x == p.x);
  const Homogeneity h = gas_homogeneity(p, b.box);
  CHECK(h.density_index == doctest::Approx(carnahan_starling_s0(0.1)).epsilon(0.35));
  CHECK(h.velocity_index == doctest::Approx(1.0).epsilon(0.35));
}

TEST_CASE("frictionless gas: the initial cooling rate is Enskog's for the measured restitution") {
  // 2 x 10000 spheres, e = 0.8, over the first 0.12 tau_KT (~2 mean free times, ~2e4 collisions): the fitted tau is
  // 2/zeta(T0). Statistical error of a cooling rate from K collisions: the energy loss per collision ~ g_n^2 has a
  // relative standard deviation ~1, so ~1/sqrt(K) = 0.7 % (the seeds' standard error of tau measured 1.3 %).
  // Measured: tau/tau_KT = 1.06, collisions/Enskog = 0.97: RSA's contact value of the pair correlation is below
  // chi_CS at the start and velocity correlations build up (the velocity index rises above 1), both lowering the
  // collision rate and the energy lost per collision; that systematic part is not in Enskog's theory. Tolerances:
  // tau 9 %, collision count 5 % -- a restitution off by 0.05 (tau +-12 %) or a missing chi (collisions +14 %) fails.
  const auto dir = test::scratch_dir("gas_kt");
  std::filesystem::remove_all(dir);
  const auto r = test::run_cli("run granular-gas --set n=10000 --set laws=none --set seeds=1,2 --set t_end_tau=0.12 "
                               "--set fit_start=0 --set samples=40 --set lammps=off --set threads=1 --out " + dir.string());
  REQUIRE(r.code == 0);
  std::ifstream f(dir / "summary.json");
  const nlohmann::json j = nlohmann::json::parse(f);
  const nlohmann::json& row = j["results"][0];
  const double tau = row["tau"].get<double>(), tau_kt = row["tau_kinetic_theory"].get<double>();
  const double collisions = row["collisions_over_enskog"].get<double>();
  MESSAGE("tau " << tau << " +- " << row["tau_stderr"] << ", kinetic theory " << tau_kt << ", collisions/Enskog "
                  << collisions << ", balance error " << row["energy_balance_error"]);
  CHECK(tau / tau_kt == doctest::Approx(1.0).epsilon(0.09));
  CHECK(collisions == doctest::Approx(1.0).epsilon(0.05));
  // The local cooling rate against Enskog's at the same T (measured 0.918 over this early window, the same RSA and
  // correlation deficit as tau): a wrong restitution or chi moves it by more than the 12 % allowed.
  CHECK(row["cooling_rate_over_kinetic_theory"].get<double>() == doctest::Approx(1.0).epsilon(0.12));
  // Frictionless: nothing created; the ledger closes to round-off with velocity Verlet's exact energy law, which keeps
  // the scheme's own (first-order) energy error apart.
  CHECK(row["energy_created"].get<double>() == 0.0);
  CHECK(row["energy_balance_error"].get<double>() < 1e-10);
  CHECK(row["scheme_energy_error"].get<double>() < 0.05);
  std::filesystem::remove_all(dir);
}

TEST_CASE("frictionless gas against event-driven hard spheres from the same initial states") {
  // 600 spheres, 3 seeds, contacts 8x shorter than the default (t_c/t_free0 = 0.008: the hard-sphere limit within
  // ~1 %), 0.6 tau_KT. The engine's local cooling rate over the hard spheres' (paired by seed) and the hard spheres'
  // over Enskog's: measured 1.028 +- 0.027 and 1.013 +- 0.021. Tolerance 0.1 (~3.5 standard errors + the 1 % contact
  // time): a restitution off by 0.05 moves zeta by 30 %, a missing chi by 14 %. (12 seeds at N = 2000, 2 tau_KT:
  // 0.995 +- 0.004 and 0.986 +- 0.003.)
  const auto dir = test::scratch_dir("gas_hard_spheres");
  std::filesystem::remove_all(dir);
  const auto r = test::run_cli("run granular-gas --set n=600 --set laws=none --set seeds=1,2,3 --set kn=1.28e6 "
                               "--set t_end_tau=0.6 --set samples=60 --set fit_start=0 --set hard_spheres=on "
                               "--set lammps=off --set threads=1 --out " + dir.string());
  REQUIRE(r.code == 0);
  std::ifstream f(dir / "summary.json");
  const nlohmann::json j = nlohmann::json::parse(f);
  const nlohmann::json& row = j["results"][0];
  const double engine_hs = row["cooling_rate_over_hard_spheres"].get<double>();
  const double hs_kt = row["hard_spheres_cooling_rate_over_kinetic_theory"].get<double>();
  MESSAGE("engine/hard spheres " << engine_hs << " +- " << row["cooling_rate_over_hard_spheres_stderr"]
                                 << ", hard spheres/Enskog " << hs_kt);
  CHECK(engine_hs == doctest::Approx(1.0).epsilon(0.1));
  CHECK(hs_kt == doctest::Approx(1.0).epsilon(0.1));
  CHECK(row["hard_spheres_tau"].get<double>() / row["tau"].get<double>() == doctest::Approx(1.0).epsilon(0.1));
  std::filesystem::remove_all(dir);
}

namespace {

struct Impact {
  double ledger_created, onset_created, closed_form;
};

// Two spheres (r 0.01 m, 2500 kg/m^3) meet with normal approach vn and tangential relative speed vt, no spins;
// linear spring-dashpot (e = 0.8) + D-SDS (k_t = 2/7 k_n, gamma_t = gamma_n, mu = 0.5).
Impact oblique_dsds(double vn, double vt, double per_tc) {
  const double r = 0.01, m = 2500 * 4.0 / 3.0 * M_PI * r * r * r, ms = 0.5 * m, kn = 2e4, e = 0.8;
  const double zeta = -std::log(e) / std::sqrt(M_PI * M_PI + std::log(e) * std::log(e));
  const double gn = 2 * zeta * std::sqrt(kn / ms), kt = 2.0 / 7.0 * kn, mu = 0.5;
  const double dt = M_PI / std::sqrt(kn / ms) / per_tc;
  CollisionLog log;
  ParticleEngine<LinearSpringDashpot, OnsetRecording<Dsds>> eng;
  eng.normal = {kn, gn};
  eng.tangential = OnsetRecording<Dsds>(Dsds{kt, gn, mu}, &log);
  eng.skin = 0.1 * r;
  GranularState s;
  s.bodies.add(Vec3::Zero(), Vec3(0.5 * vn, 0.5 * vt, 0), r, m);
  s.bodies.add(Vec3(2 * r + 0.3 * vn * dt, 0, 0), Vec3(-0.5 * vn, -0.5 * vt, 0), r, m);
  ParticleLedger ledger;
  verlet_setup(eng, s, &ledger);
  VerletStats st;
  bool touched = false;
  for (long k = 0; k < 1000000; ++k) {
    log.t = s.t;
    verlet_step(eng, s, dt, st, &ledger);
    const bool now = (s.bodies.x[1] - s.bodies.x[0]).norm() < 2 * r;
    touched = touched || now;
    if (touched && !now) break;
  }
  REQUIRE(log.onsets.size() == 1);
  return {ledger.created(), log.onsets[0].created, dsds_onset_energy(kt, gn, mu, ms, vt, gn * ms * vn)};
}

}  // namespace

TEST_CASE("D-SDS energy created in an isolated oblique impact: seed 001's closed form at the onset reset") {
  // v_t = 3 v_n: gamma_t m* v_t exceeds mu f_n at first touch, so the first step resets the spring to
  // |k xi| = gamma_t m* v_t - mu f_n without work. The energy created in that step -> (gamma_t m* v_t -
  // mu gamma_n m* v_n)^2/(2 k_t) as dt -> 0 with an O(dt) error (the first step's f_n carries k_n h_1, h_1 <= v_n dt,
  // and the step's work mu f_n v_t dt). Later steps create a little more (measured ~5 % of the total here: the
  // spring reloads the other way once mu f_n exceeds gamma_t m* v_t); the ledger's total is reported, not asserted
  // against the closed form.
  double previous = 0;
  for (double per : {100.0, 400.0, 1600.0}) {
    const Impact i = oblique_dsds(1.0, 3.0, per);
    const double err = std::abs(i.onset_created / i.closed_form - 1);
    MESSAGE("t_c/dt " << per << ": ledger created " << i.ledger_created << " J, at onset " << i.onset_created
                      << " J, closed form " << i.closed_form << " J, onset relative error " << err);
    CHECK(i.closed_form > 0);
    CHECK(i.onset_created <= i.ledger_created * (1 + 1e-12));
    CHECK(i.onset_created > 0.9 * i.ledger_created);  // most of the creation happens at the onset
    if (previous > 0) CHECK(err < 0.35 * previous);   // first order: /4 per refinement
    previous = err;
  }
  CHECK(previous < 0.01);
  // Below the threshold (gamma_t v_t < mu gamma_n v_n: v_t < mu v_n) nothing is created at the onset.
  const Impact slow = oblique_dsds(1.0, 0.3, 400);
  CHECK(slow.closed_form == 0.0);
  CHECK(slow.onset_created == 0.0);
}

TEST_CASE("LAMMPS text dump: a state written and read back is the same to the bit") {
  GasSpec spec;
  spec.n = 300;
  spec.t0 = 0.01;
  spec.t_rot0 = 0.01;
  Boundaries b;
  const GranularState s = make_granular_gas(spec, b);
  std::stringstream ss;
  write_lammps_dump(ss, 42, s.bodies, b.box);
  const DumpFrame f = read_lammps_dump(ss);
  CHECK(f.step == 42);
  CHECK(f.lo == b.box.lo);
  CHECK(f.hi == b.box.hi);
  REQUIRE(f.bodies.size() == s.bodies.size());
  for (std::size_t i = 0; i < f.bodies.size(); ++i) {
    CHECK(f.id[i] == static_cast<long>(i + 1));
    CHECK(f.bodies.x[i] == s.bodies.x[i]);
    CHECK(f.bodies.v[i] == s.bodies.v[i]);
    CHECK(f.bodies.omega[i] == s.bodies.omega[i]);
    CHECK(f.bodies.radius[i] == s.bodies.radius[i]);
  }
}

TEST_CASE("granular-gas --set dump_every writes dumps whose first frame is the initial state, and contact dumps") {
  const auto dir = test::scratch_dir("gas_dump");
  std::filesystem::remove_all(dir);
  const auto r = test::run_cli("run granular-gas --set n=400 --set laws=dsds --set seeds=3 --set t_end_tau=0.05 "
                               "--set dump_every=100 --set lammps=off --set threads=1 --out " + dir.string());
  REQUIRE(r.code == 0);
  std::ifstream in(dir / "dumps" / "gas_dsds_s3.dump");
  REQUIRE(in.good());
  const DumpFrame first = read_lammps_dump(in);
  GasSpec spec;
  spec.n = 400;
  spec.seed = 3;
  const double m = spec.mass();
  spec.t0 = m * 1.0 * 1.0;  // v_thermal = 1
  spec.t_rot0 = spec.t0;    // rot_ratio = 1
  Boundaries b;
  const GranularState s = make_granular_gas(spec, b);
  REQUIRE(first.bodies.size() == 400);
  CHECK(first.step == 0);
  CHECK(first.bodies.x == s.bodies.x);
  CHECK(first.bodies.v == s.bodies.v);
  CHECK(first.bodies.omega == s.bodies.omega);
  // Later frames parse too and carry increasing steps; contacts file has frames with entry rows.
  long frames = 1, last = 0;
  in >> std::ws;
  while (in.peek() != EOF) {
    const DumpFrame f = read_lammps_dump(in);
    CHECK(f.step == last + 100);
    last = f.step;
    ++frames;
    in >> std::ws;
  }
  CHECK(frames >= 3);
  std::ifstream c(dir / "dumps" / "gas_dsds_s3_contacts.dump");
  std::string line;
  long entries_headers = 0;
  while (std::getline(c, line))
    if (line.rfind("ITEM: ENTRIES id1 id2 fx fy fz fn ft", 0) == 0) ++entries_headers;
  CHECK(entries_headers == frames);
  std::filesystem::remove_all(dir);
}

// Bad input exits 2 naming the key.
TEST_CASE("granular-gas validates its parameters") {
  for (const std::string bad : {"n=1e12", "phi=0.5", "laws=dsds-dae", "normal=hooke", "restitution=1.5", "seeds=1.5"}) {
    const auto r = test::run_cli("run granular-gas --dry-run --set " + bad, true);
    CHECK_MESSAGE(r.code == 2, bad << " -> " << r.out);
    CHECK(r.out.find(bad.substr(0, bad.find('='))) != std::string::npos);
  }
}
