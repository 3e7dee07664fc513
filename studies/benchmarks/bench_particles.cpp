// bench_particles — the particle engine (models/particles) under velocity Verlet against Debian's LAMMPS (`lmp`,
// pair_style granular + fix nve/sphere) on the identical system, side by side in one run (a benchmark, not a test:
// it prints, it asserts nothing).
//
// System: a simple cubic lattice of L^3 spheres (r = 0.1 m, density 2500 kg/m^3, spacing 0.1 % short of touching,
// so every lattice bond is a compressed contact: 3 L^2 (L - 1) pairs), deterministic pseudo-random velocities
// (|v_a| <= 0.05 m/s), no walls, no gravity, open boundaries (LAMMPS: boundary s s s), skin 0.01 m, dt 1e-5 s.
// Laws (stickslip | LAMMPS):
//   csds     linear k_n = 4e5 N/m, gamma_n = 110 1/s (zeta 0.2) + C-SDS k_t = 2/7 k_n, gamma_t = gamma_n, mu 0.5
//            | hooke 4e5 110 tangential linear_history (k_t, xgammat 1, mu 0.5) damping mass_velocity
//            (LAMMPS has no C-SDS; linear_history is the D-SDS, the same cost class)
//   dsds     linear + D-SDS (the LAMMPS rule), same parameters | the same LAMMPS line
//   mindlin  Hertz E = 1e8, nu 0.3, seed 004 damping (xi from e = 0.6) + Mindlin, mu 0.5
//            | hertz/material 1e8 0.6 0.3 tangential mindlin NULL 0 0.5 damping tsuji
// Each measurement runs in a child process (this program with --single) under /usr/bin/time, so both engines'
// bytes per particle come from the same maximum resident set size; timings are wall clock over `steps` steps after
// a warm-up, best of --reps (LAMMPS: its "Loop time", best of the same number of runs).
// stickslip also runs with 2 threads for N >= 1e4 (the two-phase pass of ParticleEngine::forces_parallel and the
// Verlet kick/drift loops, on the engine's persistent worker pool, models/particles/thread_pool.hpp).
// cpu_us_per_particle_step: CPU time per particle-step (LAMMPS: loop time x its "% CPU use"), fair under load.
// us_per_particle_step = seconds/(steps N); us_per_force_eval = the force evaluation alone per particle
// (stickslip: timed separately on the state the steps start from, all lattice bonds closed; LAMMPS: the "Pair" +
// "Neigh" share of its loop time over the steps, during which the lattice's surface opens up — so at N = 1e3 the
// two columns are not like for like).
//
// Trapezoid (--integrator trapezoid; models/particles/particle_trapezoid.hpp, phi 1/2, tol 1e-4, the old driver's
// defaults): at the step the old path runs at, dt = t_c/20 (t_c: the law's contact time at 1 m/s, eq. 50 for Hertz,
// pi/omega_0 for the linear spring), on the lattice and on a 2-D pour (spheres with centres in z = 0 dropped as a
// near-touching square block, 1 % gaps and +-0.05 m/s jitter, 0.1 m above the floor of a box of segments, gravity,
// Hertz + Mindlin only, timed from t = 0.2 s while the lower layers land and the block collapses), each against
// velocity Verlet at the same dt (rows integrator "velocity-verlet", system "lattice-tc20" / "pour"). Rows report
// sweeps_per_step (engine calls per step - 1: the spring's start-of-step part is the extra call) and the steps
// rejected, over a window of 100 steps for every N (the lattice's pre-compression relaxes in time, so a window
// fixed in time keeps the sizes comparable).
//
// Usage: bench_particles [--json] [--big (adds N = 1e6)] [--reps R] [--laws csds,dsds,mindlin]
//                        [--integrator verlet|trapezoid|all (default all)]
#include <sys/wait.h>

#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "models/particles/particle_trapezoid.hpp"
#include "models/particles/velocity_verlet.hpp"
#include "studies/lammps_files.hpp"
#include "studies/lammps_run.hpp"

using namespace stickslip;

namespace {

constexpr double kRadius = 0.1, kDensity = 2500, kDt = 1e-5, kSkin = 0.01, kKn = 4e5, kGammaN = 110, kMu = 0.5;
constexpr double kYoung = 1e8, kPoisson = 0.3, kRestitution = 0.6;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
double sphere_mass() { return kDensity * 4.0 / 3.0 * M_PI * kRadius * kRadius * kRadius; }

long side_for(long n) { return std::lround(std::cbrt(static_cast<double>(n))); }
long steps_for(long n) { return std::max(40L, 4000000L / n); }

// Velocity component a of particle id (1-based, LAMMPS' id): deterministic, in [-0.05, 0.05].
double velocity(long id, int a) { return 0.05 * std::sin(1.7 * static_cast<double>(id) + 2.1 * a + 0.3 * id * a); }

Vec3 lattice_position(long id, long side, double spacing) {
  const long k = id - 1;
  return Vec3(static_cast<double>(k % side), static_cast<double>((k / side) % side),
              static_cast<double>(k / (side * side))) * spacing;
}

GranularState make_lattice(long side) {
  GranularState s;
  const double spacing = 2 * kRadius * (1 - 1e-3);
  for (long id = 1; id <= side * side * side; ++id)
    s.bodies.add(lattice_position(id, side, spacing), Vec3(velocity(id, 0), velocity(id, 1), velocity(id, 2)),
                 kRadius, sphere_mass());
  return s;
}

struct Single {
  double us_step = 0, us_force = 0, cpu_us_step = 0, sweeps = 1;
  std::size_t pairs = 0, engine_bytes = 0;
  long rebuilds = 0, rejected = 0;
};

// 2-D pour: n spheres (centres in z = 0) on a square grid of spacing 2.02 r, jittered velocities, the block's bottom
// 0.1 m above the floor of a box of segments just wider than the block.
GranularState make_pour(long n, Boundaries& b) {
  GranularState s;
  const long cols = std::max(1L, std::lround(std::ceil(std::sqrt(static_cast<double>(n)))));
  const double spacing = 2.02 * kRadius, width = static_cast<double>(cols) * spacing + 2 * kRadius;
  for (long id = 1; id <= n; ++id) {
    const long k = id - 1;
    const Vec3 x(kRadius + 0.5 * kRadius + static_cast<double>(k % cols) * spacing,
                 0.1 + kRadius + static_cast<double>(k / cols) * spacing, 0);
    s.bodies.add(x, Vec3(velocity(id, 0), velocity(id, 1), 0), kRadius, sphere_mass());
  }
  const double top = 0.1 + 2 * kRadius + static_cast<double>(n / cols + 1) * spacing;
  b.segments = {SegmentWall{Vec3(0, 0, 0), Vec3(width, 0, 0)}, SegmentWall{Vec3(0, 0, 0), Vec3(0, top, 0)},
                SegmentWall{Vec3(width, 0, 0), Vec3(width, top, 0)}};
  b.gravity = Vec3(0, -9.81, 0);
  return s;
}

// The law's contact time at 1 m/s (eq. 50 for Hertz; pi/omega_0 for the linear spring).
double contact_time(const std::string& law) {
  if (law == "mindlin")
    return hertz_collision_duration(sphere_sphere_pair(kRadius, sphere_mass(), kYoung, kPoisson, kRadius, sphere_mass(),
                                                       kYoung, kPoisson), 1.0);
  return M_PI / std::sqrt(kKn / (0.5 * sphere_mass()));
}

// Advances s by `steps` steps of dt under the integrator (w: the trapezoid's workspace, kept across calls so the
// predictor extrapolates from the step before); returns (sweeps per step, rejected steps).
template <class Engine>
std::pair<double, long> advance(const Engine& e, GranularState& s, const std::string& integrator, double dt, long steps,
                                VerletStats& vs, ParticleTrapezoidWork& w) {
  if (integrator == "velocity-verlet") {
    for (long k = 0; k < steps; ++k) verlet_step(e, s, dt, vs);
    return {1.0, 0};
  }
  TrapezoidOptions o;
  o.dt = dt;
  const ParticleTrapezoidStats st =
      trapezoid_run(e, s, static_cast<double>(steps) * dt, o, nullptr, [](const GranularState&) {}, w);
  vs.rebuilds += st.rebuilds;
  return {st.mean_iterations(), st.rejected_steps};
}

// system: "lattice" (dt kDt), "lattice-tc20" or "pour" (dt = t_c/20).
template <class Normal, class Tangential>
Single run_single(const Normal& normal, const Tangential& tangential, long n, long steps, int reps, int threads,
                  const std::string& integrator, const std::string& system, double dt) {
  ParticleEngine<Normal, Tangential> e;
  e.threads = threads;
  e.normal = normal;
  e.tangential = tangential;
  e.skin = kSkin;
  const long side = side_for(n);
  const bool pour = system == "pour";
  GranularState start = pour ? make_pour(n, e.boundaries) : make_lattice(side);
  const double count = static_cast<double>(start.bodies.size());
  verlet_setup(e, start);
  VerletStats warm;
  ParticleTrapezoidWork warm_work;
  if (pour) advance(e, start, integrator, dt, std::lround(0.2 / dt), warm, warm_work);  // until the lower layers land
  Single best{1e300, 1e300, 1e300, 1, 0, 0, 0, 0};
  for (int r = 0; r < reps; ++r) {
    GranularState s = start;
    VerletStats st;
    ParticleTrapezoidWork w = warm_work;
    advance(e, s, integrator, dt, 5, st, w);  // warm-up
    {  // the force evaluation alone, on the warmed-up state the steps start from: dt = 0 evaluates every contact
       // without advancing its spring, so repeated evaluations see the same state (no copy: it would double the RSS)
      const long evals = std::max(5L, steps / 2);
      const double b = now();
      for (long k = 0; k < evals; ++k) e.template forces<false>(s, 0.0);
      best.us_force = std::min(best.us_force, (now() - b) / (static_cast<double>(evals) * count) * 1e6);
    }
    const double a = now();
    const std::clock_t cpu = std::clock();
    const auto [sweeps, rejected] = advance(e, s, integrator, dt, steps, st, w);
    const double us = (now() - a) / (static_cast<double>(steps) * count) * 1e6;
    if (us < best.us_step) best.sweeps = sweeps, best.rejected = rejected;
    best.us_step = std::min(best.us_step, us);
    best.cpu_us_step = std::min(best.cpu_us_step, static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC /
                                                      (static_cast<double>(steps) * count) * 1e6);
    best.rebuilds = st.rebuilds;
    best.pairs = s.neighbors.num_pairs();
    best.engine_bytes = s.bytes();
  }
  return best;
}

Single run_single_law(const std::string& law, long n, long steps, int reps, int threads, const std::string& integrator,
                      const std::string& system) {
  const double dt = system == "lattice" ? kDt : contact_time(law) / 20;
  const LinearSpringDashpot lin{kKn, kGammaN};
  if (law == "csds")
    return run_single(lin, Csds{2.0 / 7.0 * kKn, kGammaN, kMu}, n, steps, reps, threads, integrator, system, dt);
  if (law == "dsds")
    return run_single(lin, Dsds{2.0 / 7.0 * kKn, kGammaN, kMu}, n, steps, reps, threads, integrator, system, dt);
  return run_single(HertzDamped::material(kYoung, kPoisson, xi_from_restitution(kRestitution)),
                    Mindlin::material(kYoung, kPoisson, kMu), n, steps, reps, threads, integrator, system, dt);
}

// /usr/bin/time -f %M writes the max RSS (kB) as the last line of stderr.
double max_rss_bytes(const std::string& err) {
  const auto pos = err.find_last_of("\n", err.size() >= 2 ? err.size() - 2 : 0);
  const std::string last = pos == std::string::npos ? err : err.substr(pos + 1);
  return std::atof(last.c_str()) * 1024.0;
}

struct Row {
  std::string engine, law;
  long n = 0;
  int threads = 1;
  double us_step = 0, us_force = 0, bytes = 0;
  double cpu_us_step = 0;  // CPU time (all threads) per particle-step: fair when the machine is shared
  std::size_t pairs = 0;
  std::string integrator = "velocity-verlet", system = "lattice";
  int dim = 3;
  double sweeps = 1;  // sweeps per step (trapezoid)
  long rejected = 0;  // rejected steps in the timed window (trapezoid)
};

void write_lammps_input(const std::string& dir, const std::string& law, long n, long steps) {
  const long side = side_for(n);
  const double spacing = 2 * kRadius * (1 - 1e-3), hi = static_cast<double>(side) * spacing;
  write_lammps_data(dir + "/data.lmp", "stickslip bench_particles lattice", make_lattice(side).bodies,
                    Vec3::Constant(-0.5), Vec3::Constant(hi + 0.5));
  std::ofstream in(dir + "/in.lmp");
  in << "units si\natom_style sphere\ndimension 3\nboundary s s s\ncomm_modify vel yes\n"
     << "read_data " << dir << "/data.lmp\npair_style granular\n";
  if (law == "mindlin")
    in << "pair_coeff * * " << lammps_hertz_mindlin(kYoung, kRestitution, kPoisson, kMu) << "\n";
  else
    in << "pair_coeff * * " << lammps_hooke_dsds(kKn, kGammaN, 2.0 / 7.0 * kKn, kGammaN, kMu) << "\n";
  in << "neighbor " << kSkin << " bin\nneigh_modify delay 0 every 1 check yes\nfix 1 all nve/sphere\n"
     << "timestep " << kDt << "\nthermo 0\nrun 5\nrun " << steps << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  bool json = false, big = false;
  int reps = 3;
  std::vector<std::string> laws = {"csds", "dsds", "mindlin"};
  bool verlet = true, trapezoid = true;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--single" && a + 7 < argc) {  // child mode: law n steps reps threads integrator system
      const Single s = run_single_law(argv[a + 1], std::atol(argv[a + 2]), std::atol(argv[a + 3]), std::atoi(argv[a + 4]),
                                      std::atoi(argv[a + 5]), argv[a + 6], argv[a + 7]);
      std::printf("RESULT %.6g %.6g %zu %zu %.6g %.6g %ld\n", s.us_step, s.us_force, s.pairs, s.engine_bytes,
                  s.cpu_us_step, s.sweeps, s.rejected);
      return 0;
    }
    if (arg == "--json") json = true;
    else if (arg == "--big") big = true;
    else if (arg == "--reps" && a + 1 < argc) reps = std::max(1, std::atoi(argv[++a]));
    else if (arg == "--integrator" && a + 1 < argc) {
      const std::string i = argv[++a];
      if (i != "verlet" && i != "trapezoid" && i != "all") {
        std::fprintf(stderr, "bench_particles: --integrator %s: allowed verlet, trapezoid, all\n", i.c_str());
        return 2;
      }
      verlet = i != "trapezoid";
      trapezoid = i != "verlet";
    } else if (arg == "--laws" && a + 1 < argc) {
      laws.clear();
      std::stringstream ss(argv[++a]);
      for (std::string l; std::getline(ss, l, ',');)
        if (l == "csds" || l == "dsds" || l == "mindlin") laws.push_back(l);
        else {
          std::fprintf(stderr, "bench_particles: --laws %s: allowed csds, dsds, mindlin\n", l.c_str());
          return 2;
        }
    } else {
      std::fprintf(stderr, "usage: bench_particles [--json] [--big] [--reps R] [--laws csds,dsds,mindlin] "
                           "[--integrator verlet|trapezoid|all]\n");
      return 2;
    }
  }
  std::vector<long> sizes = {1000, 10000, 100000};
  if (big) sizes.push_back(1000000);
  const bool have_time = on_path("/usr/bin/time");
  const bool have_lmp = on_path("lmp");
  if (!have_lmp) std::fprintf(stderr, "bench_particles: lmp is not on PATH (apt-get install lammps): no LAMMPS rows\n");
  char tmpl[] = "/tmp/bench_particles.XXXXXX";
  const std::string dir = mkdtemp(tmpl) ? tmpl : "/tmp";
  const std::string self = argv[0];
  const std::string timer = have_time ? "/usr/bin/time -f %M " : "";
  std::vector<Row> rows;
  // One measurement in a child process under /usr/bin/time; false if the child failed.
  auto measure = [&](Row& r, long steps, const std::string& system) {
    int st = 0;
    const std::string out = capture(timer + "'" + self + "' --single " + r.law + " " + std::to_string(r.n) + " " +
                                        std::to_string(steps) + " " + std::to_string(reps) + " " +
                                        std::to_string(r.threads) + " " + r.integrator + " " + system + " 2>" + dir +
                                        "/err",
                                    st);
    std::size_t engine_bytes = 0;
    if (std::sscanf(out.c_str(), "RESULT %lf %lf %zu %zu %lf %lf %ld", &r.us_step, &r.us_force, &r.pairs,
                    &engine_bytes, &r.cpu_us_step, &r.sweeps, &r.rejected) != 7) {
      std::fprintf(stderr, "bench_particles: child failed for %s %s %s n=%ld (%s)\n", r.law.c_str(),
                   r.integrator.c_str(), system.c_str(), r.n, slurp(dir + "/err").c_str());
      return false;
    }
    r.system = system;
    r.bytes = have_time ? max_rss_bytes(slurp(dir + "/err")) / static_cast<double>(r.n)
                        : static_cast<double>(engine_bytes) / static_cast<double>(r.n);
    rows.push_back(r);
    if (!json)
      std::fprintf(stderr, "stickslip %-8s %-15s %-12s n %8ld threads %d: %.4f us/particle-step, %.2f sweeps/step\n",
                   r.law.c_str(), r.integrator.c_str(), system.c_str(), r.n, r.threads, r.us_step, r.sweeps);
    return true;
  };
  for (const std::string& law : laws)
    for (long n : sizes) {
      if (!verlet) break;
      const long side = side_for(n), count = side * side * side, steps = steps_for(count);
      int st = 0;
      for (int threads : {1, 2}) {
        if (threads == 2 && count < 10000) continue;
        Row r{"stickslip", law, count, threads};
        if (!measure(r, steps, "lattice")) return 4;
      }
      if (!have_lmp) continue;
      write_lammps_input(dir, law, count, steps);
      Row l{"lammps", law, count, 1};
      l.us_step = l.us_force = l.cpu_us_step = 1e300;
      for (int k = 0; k < reps; ++k) {
        capture("cd " + dir + " && OMP_NUM_THREADS=1 " + timer + "lmp -in in.lmp -log log.lmp -screen none 2>" + dir +
                    "/lerr",
                st);
        double loop = 0, pn = 0, cpu_fraction = 1;
        if (!lammps_loop(slurp(dir + "/log.lmp"), loop, cpu_fraction, pn)) {
          std::fprintf(stderr, "bench_particles: lmp failed for %s n=%ld (see %s/log.lmp)\n", law.c_str(), count,
                       dir.c_str());
          return 4;
        }
        const double denom = static_cast<double>(steps) * static_cast<double>(count);
        l.us_step = std::min(l.us_step, loop / denom * 1e6);
        l.cpu_us_step = std::min(l.cpu_us_step, loop * cpu_fraction / denom * 1e6);
        l.us_force = std::min(l.us_force, pn / denom * 1e6);
        if (have_time) l.bytes = max_rss_bytes(slurp(dir + "/lerr")) / static_cast<double>(count);
      }
      l.pairs = rows.back().pairs;
      rows.push_back(l);
      if (!json) std::fprintf(stderr, "lammps    %-8s n %8ld: %.4f us/particle-step\n", law.c_str(), count, l.us_step);
    }

  // The trapezoid against velocity Verlet at the old path's step t_c/20: the lattice and the 2-D pour (mindlin).
  if (trapezoid)
    for (const std::string& law : laws) {
      std::vector<std::pair<std::string, long>> systems;
      for (long n : {1000L, 10000L, 100000L}) systems.emplace_back("lattice-tc20", side_for(n) * side_for(n) * side_for(n));
      if (law == "mindlin")
        for (long n : {230L, 10000L}) systems.emplace_back("pour", n);
      for (const auto& [system, count] : systems)
        for (const char* integrator : {"velocity-verlet", "trapezoid"}) {
          Row r{"stickslip", law, count, 1};
          r.integrator = integrator;
          r.dim = system == "pour" ? 2 : 3;
          if (!measure(r, 100, system)) return 4;  // the same window [5 dt, 105 dt] (after the pour's 0.2 s) for every n
        }
    }

  if (json) {
    std::printf("{\"benchmark\": \"bench_particles\", \"lammps\": %s, \"rows\": [", have_lmp ? "true" : "false");
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const Row& r = rows[k];
      std::printf("%s\n  {\"engine\": \"%s\", \"law\": \"%s\", \"integrator\": \"%s\", \"system\": \"%s\", "
                  "\"dim\": %d, \"n\": %ld, \"threads\": %d, \"us_per_particle_step\": %.6g, "
                  "\"us_per_force_eval\": %.6g, \"sweeps_per_step\": %.4g, \"rejected_steps\": %ld, "
                  "\"bytes_per_particle\": %.1f, \"pairs\": %zu, \"cpu_us_per_particle_step\": %.6g}",
                  k ? "," : "", r.engine.c_str(), r.law.c_str(), r.integrator.c_str(), r.system.c_str(), r.dim, r.n,
                  r.threads, r.us_step, r.us_force, r.sweeps, r.rejected, r.bytes, r.pairs, r.cpu_us_step);
    }
    std::printf("\n]}\n");
    return 0;
  }
  std::printf("velocity Verlet, lattice of touching spheres (r 0.1, dt 1e-5, skin 0.01); best of %d\n", reps);
  if (!have_lmp) std::printf("lmp not on PATH: LAMMPS not run (Debian package lammps)\n");
  std::printf("%-8s %8s %9s | %12s %12s %7s | %12s %12s %7s | %10s %10s | %12s %8s | %9s %10s %6s\n", "law", "n",
              "pairs",
              "ss us/p-step", "lmp us/p-step", "ratio", "ss us/force", "lmp us/force", "ratio", "ss B/part",
              "lmp B/part", "2 thr us/p-s", "speedup", "ss cpu-us", "lmp cpu-us", "ratio");
  auto find = [&](const std::string& engine, const std::string& law, long n, int threads) -> const Row* {
    for (const Row& r : rows)
      if (r.engine == engine && r.law == law && r.n == n && r.threads == threads && r.system == "lattice") return &r;
    return nullptr;
  };
  for (const Row& r : rows) {
    if (r.engine != "stickslip" || r.threads != 1 || r.system != "lattice") continue;
    const Row* l = find("lammps", r.law, r.n, 1);
    const Row* t2 = find("stickslip", r.law, r.n, 2);
    char lmp_cols[160] = "", t2_cols[64] = "";
    if (l)
      std::snprintf(lmp_cols, sizeof lmp_cols, "%12.4f %7.2f | %12.4f %12.4f %7.2f | %10.0f %10.0f", l->us_step,
                    r.us_step / l->us_step, r.us_force, l->us_force, r.us_force / l->us_force, r.bytes, l->bytes);
    else
      std::snprintf(lmp_cols, sizeof lmp_cols, "%12s %7s | %12.4f %12s %7s | %10.0f %10s", "-", "-", r.us_force, "-",
                    "-", r.bytes, "-");
    if (t2) std::snprintf(t2_cols, sizeof t2_cols, "%12.4f %8.2f", t2->us_step, r.us_step / t2->us_step);
    else std::snprintf(t2_cols, sizeof t2_cols, "%12s %8s", "-", "-");
    char cpu_cols[64];
    if (l) std::snprintf(cpu_cols, sizeof cpu_cols, "%9.4f %10.4f %6.2f", r.cpu_us_step, l->cpu_us_step,
                         r.cpu_us_step / l->cpu_us_step);
    else std::snprintf(cpu_cols, sizeof cpu_cols, "%9.4f %10s %6s", r.cpu_us_step, "-", "-");
    std::printf("%-8s %8ld %9zu | %12.4f %s | %s | %s\n", r.law.c_str(), r.n, r.pairs, r.us_step, lmp_cols, t2_cols,
                cpu_cols);
  }
  std::printf("ratio = stickslip/LAMMPS (< 1: stickslip faster). LAMMPS force = Pair + Neigh share of its loop time.\n"
              "cpu-us: CPU time per particle-step (stickslip: std::clock over the steps; LAMMPS: loop time x its %% CPU use),\n"
              "the fair comparison when other processes share the cores.\n");
  bool header = false;
  for (const Row& t : rows) {
    if (t.integrator != "trapezoid") continue;
    const Row* v = nullptr;
    for (const Row& r : rows)
      if (r.integrator == "velocity-verlet" && r.system == t.system && r.law == t.law && r.n == t.n) v = &r;
    if (!header) {
      std::printf("\ntrapezoid (phi 1/2, tol 1e-4) vs velocity Verlet at dt = t_c/20 (the old path's step), 1 thread; "
                  "target <= 3 sweeps per step\n%-8s %-13s %8s | %12s %12s %7s | %12s %12s %7s | %12s %9s\n", "law",
                  "system", "n", "trap us/p-s", "VV us/p-s", "ratio", "trap cpu-us", "VV cpu-us", "ratio",
                  "sweeps/step", "rejected");
      header = true;
    }
    std::printf("%-8s %-13s %8ld | %12.4f %12.4f %7.2f | %12.4f %12.4f %7.2f | %12.2f %9ld\n", t.law.c_str(),
                t.system.c_str(), t.n, t.us_step, v ? v->us_step : 0.0, v ? t.us_step / v->us_step : 0.0, t.cpu_us_step,
                v ? v->cpu_us_step : 0.0, v ? t.cpu_us_step / v->cpu_us_step : 0.0, t.sweeps, t.rejected);
  }
  return 0;
}
