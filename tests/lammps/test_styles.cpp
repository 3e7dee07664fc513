// tests/lammps/test_styles.cpp — stickslip's LAMMPS styles against independent references:
//   stickslip/dsds vs LAMMPS' own gran/hooke/history (same input, 1 rank): the same law, so round-off only;
//   stickslip/csds vs stickslip's engine (models/particles/, velocity Verlet as fix nve/sphere): round-off only;
//   a run continued from a LAMMPS restart file vs the same run without one: identical;
//   1 rank vs the ranks of the MPI job (run under mpirun -np 2, 4): round-off of the reordered sums;
//   the ledger: K + U + D - C conserved to velocity Verlet's truncation error, C = 0 for the C-SDS.
// Round-off grows in a granular gas (collisions amplify differences, a positive Lyapunov exponent); the tolerances
// below are set from the measured growth over these runs with a margin of ~100, and are far below the difference a
// changed law makes (checked: csds vs gran/hooke/history, the spring turned with its length kept).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "solvers/particles/velocity_verlet.hpp"
#include "solvers/lammps/pair_stickslip.hpp"
#include "tests/cli_runner.hpp"
#include "tests/lammps/lammps_harness.hpp"

using namespace stickslip;
using stickslip::test::difference;
using stickslip::test::gas_commands;
using stickslip::test::run_lammps;
using namespace stickslip::lammps;

namespace {

constexpr const char* hooke_args = " 2000.0 NULL 50.0 NULL 0.5 1";

void report(const char* what, const stickslip::test::Difference& d, long steps) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    std::printf("%-44s after %4ld steps: max|dx| = %.3e  max|dv| = %.3e  max|domega| = %.3e\n", what, steps, d.dx, d.dv,
                d.domega);
}

// The gas of these tests: 216 grains at temperature 4, written once per process (LAMMPS reads it on rank 0).
const std::filesystem::path& gas_file() {
  static const std::filesystem::path file = [] {
    const std::filesystem::path dir = stickslip::test::scratch_dir("lammps_gas");
    std::filesystem::create_directories(dir);
    stickslip::test::write_gas_data(dir / "gas.data", 6, 4.0);
    return dir / "gas.data";
  }();
  return file;
}

// A one-rank communicator on rank 0 (MPI_COMM_NULL elsewhere).
MPI_Comm rank0_alone() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm c;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &c);
  return c;
}

}  // namespace

// The gas after 600 steps under gran/hooke/history and under stickslip's `law` with the same arguments: their
// difference, checked to be round-off (the two are the same law, turned the same way).
static stickslip::test::Difference check_same_as_gran_hooke(const std::string& law,
                                                            stickslip::test::LammpsAtoms* lammps_out = nullptr) {
  const long steps = 600;
  const auto lammps = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), std::string("pair_style gran/hooke/history") + hooke_args, steps));
  const auto ours = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), "pair_style stickslip/" + law + hooke_args, steps));
  const auto d = difference(lammps, ours);
  report(("gas: stickslip/" + law + " vs gran/hooke/history").c_str(), d, steps);
  CHECK(d.dx < 1e-10);
  CHECK(d.dv < 1e-8);
  CHECK(d.domega < 1e-8);
  if (lammps_out) *lammps_out = lammps;
  return d;
}

TEST_CASE("stickslip/dsds reproduces gran/hooke/history: granular gas, 1 rank") {
  const long steps = 600;
  stickslip::test::LammpsAtoms lammps;
  const auto d = check_same_as_gran_hooke("dsds", &lammps);
  // The tolerance separates laws: the C-SDS and the D-SDS with the spring's length kept are far off.
  const auto csds = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), std::string("pair_style stickslip/csds") + hooke_args, steps));
  const auto keep = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), std::string("pair_style stickslip/dsds/keep-length") + hooke_args, steps));
  const auto dc = difference(lammps, csds), dk = difference(lammps, keep);
  report("gas: stickslip/csds vs gran/hooke/history", dc, steps);
  report("gas: stickslip/dsds/keep-length vs gran/hooke", dk, steps);
  CHECK(dc.dv > 1e3 * d.dv);
}

TEST_CASE("stickslip/dsds-stage is the D-SDS under velocity Verlet (one stage per step): gran/hooke/history too") {
  (void)check_same_as_gran_hooke("dsds-stage");
}

TEST_CASE("stickslip/dsds reproduces gran/hooke/history: pour onto a floor under gravity, 1 rank") {
  const long steps = 5000;
  auto pour = [&](const std::string& style) {
    return std::vector<std::string>{
        "units lj", "atom_style sphere", "boundary p p fm", "newton off", "comm_modify vel yes",
        "region reg block -4 4 -4 4 -0.5 8 units box", "create_box 1 reg", "neighbor 0.2 bin", "neigh_modify delay 0",
        "pair_style " + style + hooke_args, "pair_coeff * *", "timestep 0.001", "fix integrate all nve/sphere",
        "fix gravity all gravity 1.0 spherical 0.0 -180.0",
        "fix floor all wall/gran hooke/history 2000.0 NULL 50.0 NULL 0.5 1 zplane 0.0 2000.0",
        "region slab block -3.5 3.5 -3.5 3.5 2.0 7.0 units box", "fix pour all pour 300 1 300719 vol 0.3 50 region slab",
        "run " + std::to_string(steps)};
  };
  const auto lammps = run_lammps(MPI_COMM_SELF, pour("gran/hooke/history"));
  const auto ours = run_lammps(MPI_COMM_SELF, pour("stickslip/dsds"));
  REQUIRE(lammps.size() > 200);  // fix pour inserts in batches: 228 of the 300 by step 5000
  REQUIRE(ours.size() == lammps.size());
  const auto d = difference(lammps, ours);
  report("pour: stickslip/dsds vs gran/hooke/history", d, steps);
  // The packing amplifies round-off more than the gas (measured 3e-9 in x): the bound keeps a margin of ~300.
  CHECK(d.dx < 1e-6);
  CHECK(d.dv < 1e-5);
  const auto csds = run_lammps(MPI_COMM_SELF, pour("stickslip/csds"));
  const auto dc = difference(lammps, csds);
  report("pour: stickslip/csds vs gran/hooke/history", dc, steps);
  CHECK(dc.dx > 1e3 * d.dx);
}

// Runs the style in LAMMPS and the engine with the same laws from LAMMPS' initial state; returns the differences
// and checks the ledgers agree (compute stickslip/ledger vs models/particles/energy.hpp: D_n, D_t, C, U_n, U_t).
template <class Normal, class Tangential>
void check_against_engine(const std::string& style, const Normal& normal, const Tangential& tangential) {
  const long steps = 600;
  const auto start = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), style, 0));
  const auto lammps = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), style, steps), true);

  // The engine from LAMMPS' initial state, every coordinate moved by `ulps` units in the last place: ulps = 0 is the
  // comparison, ulps = 1 measures how far round-off alone carries this gas in 600 steps (the tolerance's scale).
  auto run_engine = [&](int ulps, ParticleLedger* ledger) {
    ParticleEngine<Normal, Tangential> engine;
    engine.normal = normal;
    engine.tangential = tangential;
    engine.skin = 0.2;
    engine.boundaries.box.hi = Vec3(start.box[0], start.box[1], start.box[2]);
    engine.boundaries.box.periodic = {true, true, true};
    GranularState s;
    const auto moved = [ulps](double x) { return ulps == 0 ? x : std::nextafter(x, x + 1.0); };
    for (std::size_t i = 0; i < start.size(); ++i) {
      s.bodies.add(Vec3(moved(start.x[3 * i]), moved(start.x[3 * i + 1]), moved(start.x[3 * i + 2])),
                   Vec3(start.v[3 * i], start.v[3 * i + 1], start.v[3 * i + 2]), start.radius[i], start.rmass[i]);
      s.bodies.omega[i] = Vec3(start.omega[3 * i], start.omega[3 * i + 1], start.omega[3 * i + 2]);
    }
    verlet_setup(engine, s, ledger);
    verlet_run(engine, s, 0.001, steps, ledger);
    stickslip::test::LammpsAtoms out = start;
    for (std::size_t i = 0; i < start.size(); ++i)
      for (int k = 0; k < 3; ++k) {
        out.x[3 * i + k] = s.bodies.x[i][k];
        out.v[3 * i + k] = s.bodies.v[i][k];
        out.omega[3 * i + k] = s.bodies.omega[i][k];
      }
    return out;
  };
  ParticleLedger ledger;
  const stickslip::test::LammpsAtoms mine = run_engine(0, &ledger);
  const auto self = difference(mine, run_engine(1, nullptr));
  const auto d = difference(lammps, mine);
  report(("gas: " + style.substr(11, style.find(' ', 11) - 11) + " vs stickslip engine").c_str(), d, steps);
  report("    the engine vs itself moved by 1 ulp", self, steps);
  // Two codes summing the same forces in another order differ by round-off, carried through the gas as far as round-off
  // is carried (the engine against itself moved by one ulp); a wrong law or turn moves x by 1e-3 or more (stickslip/
  // dsds/keep-length vs gran/hooke/history above).
  CHECK(d.dx < std::max(1e-10, 100 * self.dx));
  CHECK(d.dv < std::max(1e-8, 100 * self.dv));
  CHECK(d.domega < std::max(1e-8, 100 * self.domega));
  const auto& l = lammps.ledger;
  const double engine_terms[5] = {ledger.normal_damping(), ledger.tangential_dissipation(), ledger.created(),
                                  ledger.now.elastic_normal, ledger.now.elastic_tangential};
  const double lammps_terms[5] = {l[2], l[3], l[1], l[4], l[5]};
  double worst = 0;
  for (int k = 0; k < 5; ++k) worst = std::max(worst, std::abs(engine_terms[k] - lammps_terms[k]));
  MESSAGE(style << " ledger, LAMMPS vs engine: D_n " << l[2] << " vs " << engine_terms[0] << ", D_t " << l[3]
                << " vs " << engine_terms[1] << "; largest difference " << worst);
  CHECK(engine_terms[0] > 0);
  if constexpr (!std::is_same_v<Tangential, Frictionless>) CHECK(engine_terms[1] > 0);
  CHECK(worst < 1e-9 * (engine_terms[0] + engine_terms[1]));
}

TEST_CASE("stickslip/csds on 1 rank reproduces stickslip's engine (velocity Verlet, same law, same start)") {
  check_against_engine(std::string("pair_style stickslip/csds") + hooke_args, LinearSpringDashpot{2000.0, 50.0},
                       Csds{2000.0 * 2.0 / 7.0, 25.0, 0.5});
}

TEST_CASE("stickslip/hertz/csds and stickslip/hertz/mindlin on 1 rank reproduce stickslip's engine") {
  const double young = 1e5, nu = 0.3, e = 0.5, mu = 0.5;
  const HertzDamped hertz = HertzDamped::material(young, nu, xi_from_restitution(e));
  check_against_engine("pair_style stickslip/hertz/csds 1e5 0.3 0.5 0.5 571.4285714285714 25", hertz,
                       Csds{571.4285714285714, 25.0, mu});
  check_against_engine("pair_style stickslip/hertz/mindlin 1e5 0.3 0.5 0.5", hertz, Mindlin::material(young, nu, mu));
}

// The arguments of a generated style (solvers/lammps/pair_stickslip.hpp) for the gas of these tests: the normal laws
// and the spring of the tests above, every other law parameter at its declared default. With a random engine
// (`draw`), every argument is drawn instead: the contact's stiffnesses and dashpots within a factor 2 of those,
// xmu in [0.1, 1], nu in [0, 0.45], e in [0.3, 0.9], the law's other parameters within a factor 2 of their defaults
// (kept inside the declared range); a draw the law refuses (Stribeck's mu_k above mu_s, say) is drawn again.
template <class Style>
std::pair<std::string, Style> style_arguments_for_gas(std::mt19937_64* draw = nullptr) {
  std::uniform_real_distribution<double> u(0, 1);
  const auto factor2 = [&](double v) { return draw ? v * std::exp2(2 * u(*draw) - 1) : v; };
  const auto within = [&](double lo, double hi, double v) { return draw ? lo + (hi - lo) * u(*draw) : v; };
  for (int attempt = 0;; ++attempt) {
    StyleArguments a;
    std::string text;
    for (const auto& x : Style::arguments()) {
      double v = 0;
      if (x.name == "Kn") v = factor2(2000.0);
      else if (x.name == "Kt") v = factor2(2000.0 * 2.0 / 7.0);
      else if (x.name == "gamma_n") v = factor2(50.0);
      else if (x.name == "gamma_t") v = factor2(25.0);
      else if (x.name == "dampflag") v = 1;
      else if (x.name == "E") v = factor2(1e5);
      else if (x.name == "nu") v = within(0, 0.45, 0.3);
      else if (x.name == "e") v = within(0.3, 0.9, 0.5);
      else if (x.name == "xmu") v = within(0.1, 1, 0.5);
      else
        for (const Param& p : Style::Law::parameters)
          if (x.parameter == p.name) v = std::clamp(factor2(p.fallback), p.lo, p.hi);
      const std::string written = format_value(v);
      a.values.push_back(std::stod(written));  // the value LAMMPS reads from the text, for the engine too
      text += " " + written;
    }
    std::string command = "pair_style ";  // appended piece by piece (GCC 12's -Wrestrict false positive on "lit" + string)
    command += Style::style();
    command += text;
    try {
      return {command, Style::from(a)};
    } catch (const InputError&) {
      if (!draw || attempt == 20) throw;
    }
  }
}

TEST_CASE("every pair style generated from the law registry reproduces stickslip's engine with the same law") {
  // at the defaults, then two seeded random draws of all its arguments (the law x LAMMPS cells of `stickslip list`)
  std::vector<std::string> checked;
  std::mt19937_64 rng(20261127);
  for_each_pair_style([&](auto style) {
    using S = decltype(style);
    if constexpr (S::turn == SpringTurn::keep_length) {  // stickslip/dsds turns as gran/hooke/history (tests above)
      for (int draw = 0; draw < 3; ++draw) {
        const auto [command, laws] = style_arguments_for_gas<S>(draw == 0 ? nullptr : &rng);
        CAPTURE(command);
        check_against_engine(command, laws.normal, laws.tangential);
      }
      checked.push_back(S::style());
    }
  });
  MESSAGE("checked against the engine: " << join(checked));
  CHECK(checked.size() >= 10);
}

TEST_CASE("a run continued from a LAMMPS restart file continues identically") {
  const std::filesystem::path dir = stickslip::test::scratch_dir("lammps_restart");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "gas.restart").string();
  const std::string style = std::string("pair_style stickslip/csds") + hooke_args;
  auto first = gas_commands(gas_file(), style, 300);
  first.push_back("write_restart " + file);
  auto straight = first;
  straight.push_back("run 300");
  const auto a = run_lammps(MPI_COMM_SELF, straight, true);
  run_lammps(MPI_COMM_SELF, first);
  const auto b = run_lammps(MPI_COMM_SELF, {"newton off", "read_restart " + file, "neighbor 0.2 bin", "neigh_modify delay 0",
                                            "fix integrate all nve/sphere", "compute ledger all stickslip/ledger",
                                            "run 300"}, true);
  std::filesystem::remove_all(dir);
  const auto d = difference(a, b);
  report("restart: continued vs straight", d, 300);
  CHECK(d.dx == 0.0);
  CHECK(d.dv == 0.0);
  CHECK(d.domega == 0.0);
  CHECK(a.ledger[5] > 0);  // springs were loaded at the restart, so the history mattered
}

// Kinetic energy, translation and rotation (solid spheres, I = 2/5 m r^2), of gathered atoms.
double kinetic(const stickslip::test::LammpsAtoms& a) {
  double k = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int c = 0; c < 3; ++c)
      k += 0.5 * a.rmass[i] * (a.v[3 * i + c] * a.v[3 * i + c] +
                               0.4 * a.radius[i] * a.radius[i] * a.omega[3 * i + c] * a.omega[3 * i + c]);
  return k;
}

// The balance B = K + U_n + U_t + D - C - K(0) is velocity Verlet's truncation error, first order here (the
// damping forces see half-step velocities; the engine's ledger behaves alike, tests/models/particles/test_particle_energy):
// it halves with dt. The C-SDS creates no energy (dD >= 0 per contact and step, seed 001 eq. 11); the D-SDS does.
TEST_CASE("the ledger: the balance converges with dt; the C-SDS creates nothing, the D-SDS does") {
  double created[2] = {0, 0}, k_start = 0;
  int which = 0;
  for (const char* law : {"csds", "dsds"}) {
    const std::string style = std::string("pair_style stickslip/") + law + hooke_args;
    const auto start = run_lammps(MPI_COMM_SELF, gas_commands(gas_file(), style, 0), true);
    double previous = 0;
    for (const double dt : {0.001, 0.0005}) {
      auto cmds = gas_commands(gas_file(), style, std::lround(0.6 / dt));
      std::replace(cmds.begin(), cmds.end(), std::string("timestep 0.001"), "timestep " + std::to_string(dt));
      const auto end = run_lammps(MPI_COMM_SELF, cmds, true);
      const double k0 = kinetic(start), k1 = kinetic(end);
      k_start = k0;
      const auto& l = end.ledger;  // D, C, D_n, D_t, U_n, U_t, reset energy
      const double balance = k1 + l[4] + l[5] + l[0] - l[1] - k0;
      MESSAGE(std::string(law) << " dt " << dt << ": K0 = " << k0 << "  K = " << k1 << "  D = " << l[0] << "  C = " << l[1]
                  << "  balance = " << balance << " (" << balance / k0 << " K0)");
      CHECK(l[0] > 0.5 * k0);
      CHECK(std::abs(balance) < 0.1 * k0 * (dt / 0.001));  // measured 4.3 % at dt = 0.001
      if (previous > 0) CHECK(std::abs(balance) < 0.6 * previous);
      previous = std::abs(balance);
      created[which] = l[1];
    }
    ++which;
  }
  CHECK(created[0] < 1e-9 * created[1]);
  CHECK(created[1] > 0.05 * k_start);  // D-SDS resets at the onset of sliding (seed 001 §3.3)
}

TEST_CASE("ranks: 1 rank and all ranks of the job agree to round-off") {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size == 1) {
    MESSAGE("run under mpirun -np 2 (ctest: lammps_styles_2_ranks, _4_ranks) to compare rank counts");
    return;
  }
  const long steps = 600;
  for (const char* law : {"csds", "dsds"}) {
    const auto cmds = gas_commands(gas_file(), std::string("pair_style stickslip/") + law + hooke_args, steps);
    MPI_Comm alone = rank0_alone();
    stickslip::test::LammpsAtoms one;
    if (alone != MPI_COMM_NULL) {
      one = run_lammps(alone, cmds, true);
      MPI_Comm_free(&alone);
    }
    const auto many = run_lammps(MPI_COMM_WORLD, cmds, true);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank != 0) continue;
    const auto d = difference(one, many);
    report((std::string(law) + ": 1 rank vs " + std::to_string(size) + " ranks").c_str(), d, steps);
    CHECK(d.dx < 1e-10);
    CHECK(d.dv < 1e-8);
    for (int k = 0; k < 7; ++k) CHECK(std::abs(one.ledger[k] - many.ledger[k]) <= 1e-9 * (1 + std::abs(one.ledger[k])));
  }
}
