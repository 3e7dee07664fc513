// bench_particles — the particle engine (models/particles) under velocity Verlet against Debian's LAMMPS (`lmp`,
// pair_style granular + fix nve/sphere) on the identical system, side by side in one run (a benchmark, not a test:
// it prints, it asserts nothing).
//
// System ("lattice"): a simple cubic lattice of L^3 spheres (r = 0.1 m, density 2500 kg/m^3, spacing 0.1 % short of
// touching, so every lattice bond is a compressed contact: 3 L^3 pairs), periodic on all axes (LAMMPS: boundary
// p p p) so that it stays a dense packing of the same density at every N (an open lattice loses its surface bonds,
// and a small one, with many surface atoms run for many steps, became cheaper per particle than a large one: not a
// like-for-like comparison across N), deterministic pseudo-random velocities (|v_a| <= 0.05 m/s), no walls, no
// gravity, skin 0.01 m, dt 1e-5 s. Every N is timed over the same window of 100 steps after a 5-step warm-up (the
// same physical time), repeated max(--reps, 1e5/N) times from the same start (best counts).
// Laws (stickslip | LAMMPS):
//   csds     linear k_n = 4e5 N/m, gamma_n = 110 1/s (zeta 0.2) + C-SDS k_t = 2/7 k_n, gamma_t = gamma_n, mu 0.5
//            | hooke 4e5 110 tangential linear_history (k_t, xgammat 1, mu 0.5) damping mass_velocity
//            (LAMMPS has no C-SDS; linear_history is the D-SDS, the same cost class)
//   dsds     linear + D-SDS (the LAMMPS rule), same parameters | the same LAMMPS line
//   mindlin  Hertz E = 1e8, nu 0.3, seed 004 damping (xi from e = 0.6) + Mindlin, mu 0.5
//            | hertz/material 1e8 0.6 0.3 tangential mindlin NULL 0 0.5 damping tsuji
// Each measurement runs in a child process (this program with --single) under /usr/bin/time, so both engines'
// bytes per particle come from the same maximum resident set size; timings are wall clock and CPU time over the
// window (LAMMPS: its "Loop time" and "% CPU use", best of the same number of runs). stickslip runs with every
// thread count of --threads (the row chunks with their seams of ParticleEngine::seamed_forces, the neighbor test and
// the Verlet kick/drift loops on the engine's persistent worker pool, models/particles/thread_pool.hpp) for N >= 1e4.
// After the table, the growth of the cost per particle-step from the smallest to the largest N (flat = 1).
// cpu_us_per_particle_step: CPU time per particle-step (LAMMPS: loop time x its "% CPU use"), fair under load.
// us_per_particle_step = seconds/(steps N); us_per_force_eval = the force evaluation alone per particle
// (stickslip: timed separately on the state the steps start from; LAMMPS: the "Pair" + "Neigh" share of its loop
// time). kernel_ns_per_contact: the contact kernel alone (models/particles/contact_step.hpp: the spring turned, the
// normal and tangential laws) over a block of up to 4096 of the engine's touching contacts, their kinematics
// gathered beforehand and in cache (no neighbour search, no force scatter, no integration, no memory traffic); times
// the contacts per particle it is the cost per particle-step the engine approaches (kernel_us_per_particle_step).
//
// Trapezoid (--integrator trapezoid; solvers/particles/particle_trapezoid.hpp, phi 1/2, tol 1e-4, the old driver's
// defaults): at the step the old path runs at, dt = t_c/20 (t_c: the law's contact time at 1 m/s, eq. 50 for Hertz,
// pi/omega_0 for the linear spring), on the open lattice (as before: boundary s s s) and on a 2-D pour (spheres
// with centres in z = 0 dropped as a near-touching square block, 1 % gaps and +-0.05 m/s jitter, 0.1 m above the
// floor of a box of segments, gravity, Hertz + Mindlin only, timed from t = 0.2 s while the lower layers land and
// the block collapses), each against velocity Verlet at the same dt (rows integrator "velocity-verlet", system
// "lattice-tc20" / "pour"), on every thread count of --threads for N >= 1e4. Rows report sweeps_per_step (engine
// calls per step - 1: the spring's start-of-step part is the extra call) and the steps rejected, over a window of
// 100 steps for every N. (The 230-sphere pour stands for the container of Campello ex. 5.3.)
//
// Spatial sort (--sort): the same periodic lattice in random memory order ("shuffled", what a mixed gas looks like),
// and shuffled then sorted at set-up (ParticleEngine::sort_interval = 1, Morton order: "shuffled-sorted"), against
// the lattice's row order, 1 thread, the first law of --laws, at every size.
//
// Neighbor build (--neighbor, instead of everything else): NeighborList::build alone on the lattice and on the pour's
// packing of each size, on each thread count of --threads, and its speed-up over 1 thread (neighbor_table).
//
// LAMMPS runs on every rank count of --ranks (mpirun -np R for R > 1, `newton off` as on 1 rank); the table puts the
// engine on T threads beside LAMMPS on T ranks (wall time: both use T cores) where both were measured.
//
// Usage: bench_particles [--json] [--big (adds N = 1e6)] [--sizes 1000,10000,...] [--reps R] [--sort]
//                        [--threads 1,2,...] [--ranks 1,2,...] [--laws csds,dsds,mindlin]
//                        [--integrator verlet|trapezoid|all] [--neighbor] [--model-threads P] [--bandwidth GB/s]
//                        [--llc MB]
// Thread model (after the table; thread_model): per law and N >= 1e4 the serial share of the 1-thread run, Amdahl's
// speed-up on P = --model-threads threads from it, and the modelled speed-up from a run with P chunks (on this
// machine's cores: each chunk's CPU time is its own work) plus the pool's hand-overs, bounded by the bytes a step
// moves over P cores' memory bandwidth; beside every thread count its serial share; --json has it as "model".
// The first lines printed name the machine (model name, nproc, load average): ratios hold for one machine and run.
#include <sys/wait.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <random>
#include <thread>

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

#include "core/parameters.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "solvers/lammps_run.hpp"

using namespace stickslip;

namespace {

constexpr double kRadius = 0.1, kDensity = 2500, kDt = 1e-5, kSkin = 0.01, kKn = 4e5, kGammaN = 110, kMu = 0.5;
constexpr double kYoung = 1e8, kPoisson = 0.3, kRestitution = 0.6;

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
double sphere_mass() { return kDensity * 4.0 / 3.0 * M_PI * kRadius * kRadius * kRadius; }

long side_for(long n) { return std::lround(std::cbrt(static_cast<double>(n))); }
constexpr long kWindow = 100;  // timed steps, the same for every N
int reps_for(long n, int reps) { return std::max(reps, static_cast<int>(100000 / std::max(1L, n))); }

// Velocity component a of particle id (1-based, LAMMPS' id): deterministic, in [-0.05, 0.05].
double velocity(long id, int a) { return 0.05 * std::sin(1.7 * static_cast<double>(id) + 2.1 * a + 0.3 * id * a); }

Vec3 lattice_position(long id, long side, double spacing) {
  const long k = id - 1;
  return Vec3(static_cast<double>(k % side), static_cast<double>((k / side) % side),
              static_cast<double>(k / (side * side))) * spacing;
}

constexpr double kSpacing = 2 * kRadius * (1 - 1e-3);

// The periodic box of the lattice: every bond across a face is as compressed as the others.
PeriodicBox lattice_box(long side) {
  PeriodicBox b;
  b.lo = Vec3::Constant(-0.5 * kSpacing);
  b.hi = Vec3::Constant((static_cast<double>(side) - 0.5) * kSpacing);
  b.periodic = {true, true, true};
  return b;
}

GranularState make_lattice(long side) {
  GranularState s;
  const double spacing = kSpacing;
  for (long id = 1; id <= side * side * side; ++id)
    s.bodies.add(lattice_position(id, side, spacing), Vec3(velocity(id, 0), velocity(id, 1), velocity(id, 2)),
                 kRadius, sphere_mass());
  return s;
}

struct Single {
  double us_step = 0, us_force = 0, cpu_us_step = 0, sweeps = 1;
  std::size_t pairs = 0, engine_bytes = 0;
  long rebuilds = 0, rejected = 0;
  double kernel_ns = 0;       // the contact kernel alone, ns per touching contact
  std::size_t contacts = 0;   // touching contacts at the start of the window
  // the pool's time accounting over the window (PoolStats), us per particle-step: the serial part (1 thread: the
  // caller's CPU time outside the regions, which a loaded machine does not inflate; more threads: the wall time
  // outside the parallel regions), the regions' wall time, their critical paths (slowest task's CPU time) and their
  // work (every task's CPU time); regions per step; seam bodies and the pair slots whose partner is a seam (threads >
  // 1)
  double serial_us = 0, region_us = 0, critical_us = 0, work_us = 0, regions = 0;
  std::size_t seams = 0, seam_slots = 0;
  double handover_us = 0;  // one empty region of the pool (threads > 1): its fork-join alone, us
};

// The pool's fork-join alone (threads > 1): the fastest of 20 batches of 100 empty regions, us per region.
double empty_region_us(ThreadPool& pool) {
  auto nothing = [](int) {};
  double best = 1e300;
  for (int b = 0; b < 20; ++b) {
    const double a = now();
    for (int k = 0; k < 100; ++k) pool.run(nothing);
    best = std::min(best, (now() - a) / 100);
  }
  return best * 1e6;
}

// The contact kernel alone (contact_step: turn, normal law, tangential law) over gathered kinematics; returns ns per
// contact (best of a few passes, each advancing the copies of the springs by dt as a step would).
template <class Normal, class Tangential>
STICKSLIP_FLATTEN double kernel_pass(const Normal& normal, const Tangential& tangential,
                                     const std::vector<ContactKinematics>& kin, std::vector<Vec3>& springs, double dt,
                                     Vec3& sink) {
  ContactSums sums;
  Vec3 acc = Vec3::Zero();
  const double a = now();
  for (std::size_t m = 0; m < kin.size(); ++m) {
    double fn;
    const Vec3 ft = contact_step<false>(normal, tangential, kin[m], springs[m], dt, sums, fn);
    acc += ft - fn * kin[m].n;
  }
  const double t = now() - a;
  sink += acc;
  return t;
}

template <class Engine>
double kernel_ns_per_contact(const Engine& e, const GranularState& s, double dt, std::size_t& contacts) {
  const ParticleArrays& p = s.bodies;
  const Vec3 len = e.boundaries.box.lengths(), half = e.boundaries.box.half_length();
  const auto& first = s.neighbors.first();
  const auto& nbr = s.neighbors.neighbors();
  std::vector<ContactKinematics> kin;
  std::vector<Vec3> springs;
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::uint32_t k = first[i]; k < first[i + 1]; ++k) {
      const std::uint32_t j = nbr[k];
      const Vec3 d = PeriodicBox::minimal_image(p.x[j] - p.x[i], len, half);
      const double rsum = p.radius[i] + p.radius[j], r2 = d.squaredNorm();
      if (r2 >= rsum * rsum) continue;
      const double inv_sum = p.inv_mass[i] + p.inv_mass[j];
      kin.push_back(pair_kinematics(d, std::sqrt(r2), p.v[i], p.v[j], p.omega[i], p.omega[j], p.radius[i],
                                    p.radius[j], inv_sum > 0 ? 1.0 / inv_sum : 0.0));
      springs.push_back(s.xi[k]);
    }
  contacts = kin.size();
  if (kin.empty()) return 0;
  // a block of at most 4096 contacts (~0.5 MB with the springs: in L2), so the figure is the kernel's arithmetic,
  // the same at every N, not the memory traffic of gathered copies
  if (kin.size() > 4096) kin.resize(4096), springs.resize(4096);
  Vec3 sink = Vec3::Zero();
  double best = 1e300;
  const long passes = std::max(5L, static_cast<long>(2e6 / static_cast<double>(kin.size())));
  for (long k = 0; k < passes; ++k) best = std::min(best, kernel_pass(e.normal, e.tangential, kin, springs, dt, sink));
  if (!std::isfinite(sink.sum())) std::fprintf(stderr, "bench_particles: kernel sum not finite\n");
  return best / static_cast<double>(kin.size()) * 1e9;
}

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

// The contact time at 1 m/s of the linear spring (pi/omega_0) and of Hertz (eq. 50).
double linear_contact_time() { return M_PI / std::sqrt(kKn / (0.5 * sphere_mass())); }
double hertz_contact_time() {
  return hertz_collision_duration(sphere_sphere_pair(kRadius, sphere_mass(), kYoung, kPoisson, kRadius, sphere_mass(),
                                                     kYoung, kPoisson), 1.0);
}

// The stepper of a benchmark integrator (velocity-verlet and verlet-steps: velocity Verlet; trapezoid: Campello's
// fixed point at its default tolerance).
EngineStepper bench_stepper(const std::string& integrator) {
  const std::string spec = integrator == "trapezoid" ? "trapezoid" : "verlet";
  return engine_stepper("integrator", parse_integrator("integrator", spec));
}

// Advances s by `steps` steps of dt through simulate (solvers/particles/engine_simulate.hpp): velocity-verlet without
// an observer, which takes Verlet's fused steps (one pass over the bodies per step); verlet-steps with one, which
// takes verlet_step per step (four passes: what a run with a ledger takes); the trapezoid as one run, its predictor
// carried over in the stepper's workspace from the call before. Returns (sweeps per step, rejected steps) of this call.
template <class Engine>
std::pair<double, long> advance(const Engine& e, GranularState& s, const std::string& integrator, double dt, long steps,
                                EngineStepper& st) {
  const ParticleTrapezoidStats before = st.trapezoid_stats;
  const EngineRun run{.dt = dt, .steps = steps};
  if (integrator == "verlet-steps") simulate(e, s, st, run, [](const GranularState&) {});
  else simulate(e, s, st, run);
  if (st.scheme != Scheme::trapezoid) return {1.0, 0};
  const long taken = st.trapezoid_stats.steps - before.steps;
  const double sweeps = taken ? double(st.trapezoid_stats.iterations - before.iterations) / double(taken) : 0.0;
  return {sweeps, st.trapezoid_stats.rejected_steps - before.rejected_steps};
}

// Neighbor-list rebuilds a stepper has counted (either driver).
long rebuilds_of(const EngineStepper& st) { return st.verlet.rebuilds + st.trapezoid_stats.rebuilds; }

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
  const bool shuffled = system == "shuffled" || system == "shuffled-sorted";
  if (system == "lattice" || shuffled) e.boundaries.box = lattice_box(side);
  GranularState start = pour ? make_pour(n, e.boundaries) : make_lattice(side);
  if (shuffled) {  // the lattice in random memory order (what a gas looks like after mixing); sorted at set-up or not
    std::vector<std::uint32_t> order(start.bodies.size());
    std::iota(order.begin(), order.end(), 0u);
    std::shuffle(order.begin(), order.end(), std::mt19937_64(7));
    start.bodies.permute(order);
    e.sort_interval = system == "shuffled-sorted" ? 1 : 0;
  }
  const double count = static_cast<double>(start.bodies.size());
  engine_setup(e, start);
  EngineStepper warm = bench_stepper(integrator);
  if (pour) advance(e, start, integrator, dt, std::lround(0.2 / dt), warm);  // until the lower layers land
  // A repetition's stepper: the warm-up's predictor, counts from zero.
  const auto fresh_stepper = [&] {
    EngineStepper st = warm;
    st.verlet = {};
    st.trapezoid_stats = {};
    return st;
  };
  Single best{1e300, 1e300, 1e300, 1, 0, 0, 0, 0};
  for (int r = 0; r < reps; ++r) {
    GranularState s = start;
    EngineStepper st = fresh_stepper();
    advance(e, s, integrator, dt, 5, st);  // warm-up
    {  // the force evaluation alone, on the warmed-up state the steps start from: dt = 0 evaluates every contact
       // without advancing its spring, so repeated evaluations see the same state (no copy: it would double the RSS)
      const long evals = std::max(5L, steps / 2);
      const double b = now();
      for (long k = 0; k < evals; ++k) e.template forces<false>(s, 0.0);
      best.us_force = std::min(best.us_force, (now() - b) / (static_cast<double>(evals) * count) * 1e6);
    }
    const long warm_rebuilds = rebuilds_of(st);
    PoolStats ps;
    e.pool.measure(&ps);
    const double a = now();
    const std::clock_t cpu = std::clock();
    const double caller0 = thread_cpu_seconds();
    const auto [sweeps, rejected] = advance(e, s, integrator, dt, steps, st);
    const double wall = now() - a;
    const double caller = thread_cpu_seconds() - caller0;
    e.pool.measure(nullptr);
    const double per = 1e6 / (static_cast<double>(steps) * count);  // s of the window -> us per particle-step
    const double us = wall * per;
    if (us < best.us_step) {
      best.sweeps = sweeps, best.rejected = rejected;
      best.serial_us = (threads == 1 ? std::max(0.0, caller - ps.work) : wall - ps.wall) * per;
      best.region_us = ps.wall * per;
      best.critical_us = ps.critical * per;
      best.work_us = ps.work * per;
      best.regions = static_cast<double>(ps.regions) / static_cast<double>(steps);
      best.seams = threads > 1 ? s.seam_list.size() : 0;
      best.seam_slots = 0;
      if (threads > 1)
        for (std::uint32_t j : s.seam_list)
          best.seam_slots += s.neighbors.partner_first()[j + 1] - s.neighbors.partner_first()[j];
    }
    best.us_step = std::min(best.us_step, us);
    best.cpu_us_step = std::min(best.cpu_us_step, static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC /
                                                      (static_cast<double>(steps) * count) * 1e6);
    best.rebuilds = rebuilds_of(st) - warm_rebuilds;
    best.pairs = s.neighbors.num_pairs();
    best.engine_bytes = s.bytes();
  }
  if (threads > 1) best.handover_us = empty_region_us(e.pool.get(threads));
  if (integrator == "velocity-verlet" && threads == 1) {  // the kernel alone, on the warmed-up start state
    GranularState s = start;
    EngineStepper st = fresh_stepper();
    advance(e, s, integrator, dt, 5, st);
    best.kernel_ns = kernel_ns_per_contact(e, s, dt, best.contacts);
  }
  return best;
}

// The benchmark's three contact models, one row each: the tangential law (its registry name), the normal law under
// it, the contact time at 1 m/s that sets the step of the t_c/20 systems, the run of one measurement with the law
// objects built from the benchmark's constants, LAMMPS' pair_coeff of the same contact, and whether the 2-D pour is
// measured with it. The C-SDS and the D-SDS on the linear spring-dashpot, Mindlin on damped Hertz.
struct BenchLaw {
  std::string name, normal;
  double (*contact_time)();
  Single (*run)(long n, long steps, int reps, int threads, const std::string& integrator, const std::string& system,
                double dt);
  std::string (*pair_coeff)();
  bool pours;
};

const std::vector<BenchLaw>& bench_laws() {
  static const std::vector<BenchLaw> laws{
      {Csds::name, "linear", linear_contact_time,
       [](long n, long steps, int reps, int threads, const std::string& integrator, const std::string& system, double dt) {
         return run_single(LinearSpringDashpot{kKn, kGammaN}, Csds{2.0 / 7.0 * kKn, kGammaN, kMu}, n, steps, reps,
                           threads, integrator, system, dt);
       },
       [] { return lammps_hooke_dsds(kKn, kGammaN, 2.0 / 7.0 * kKn, kGammaN, kMu); }, false},
      {Dsds::name, "linear", linear_contact_time,
       [](long n, long steps, int reps, int threads, const std::string& integrator, const std::string& system, double dt) {
         return run_single(LinearSpringDashpot{kKn, kGammaN}, Dsds{2.0 / 7.0 * kKn, kGammaN, kMu}, n, steps, reps,
                           threads, integrator, system, dt);
       },
       [] { return lammps_hooke_dsds(kKn, kGammaN, 2.0 / 7.0 * kKn, kGammaN, kMu); }, false},
      {Mindlin::name, "hertz", hertz_contact_time,
       [](long n, long steps, int reps, int threads, const std::string& integrator, const std::string& system, double dt) {
         return run_single(HertzDamped::material(kYoung, kPoisson, xi_from_restitution(kRestitution)),
                           Mindlin::material(kYoung, kPoisson, kMu), n, steps, reps, threads, integrator, system, dt);
       },
       [] { return lammps_hertz_mindlin(kYoung, kRestitution, kPoisson, kMu); }, true}};
  return laws;
}

// The case of a law name (nullptr for a name the benchmark has no case of).
const BenchLaw* bench_law(const std::string& name) {
  for (const BenchLaw& b : bench_laws())
    if (b.name == name) return &b;
  return nullptr;
}

Single run_single_law(const std::string& law, long n, long steps, int reps, int threads, const std::string& integrator,
                      const std::string& system) {
  const BenchLaw& b = *bench_law(law);
  const double dt = system == "lattice" || system.rfind("shuffled", 0) == 0 ? kDt : b.contact_time() / 20;
  return b.run(n, steps, reps, threads, integrator, system, dt);
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
  long rebuilds = 0;  // neighbor-list builds in the timed window
  double kernel_ns = 0;      // the contact kernel alone, ns per touching contact (1-thread Verlet rows)
  std::size_t contacts = 0;  // touching contacts
  double serial_us = 0, region_us = 0, critical_us = 0, work_us = 0, regions = 0;  // Single's pool accounting
  std::size_t seams = 0, seam_slots = 0;
  double handover_us = 0, engine_bytes = 0;  // an empty region's fork-join (us); the state's bytes
};

void write_lammps_input(const std::string& dir, const std::string& law, long n, int windows) {
  const long side = side_for(n);
  const PeriodicBox box = lattice_box(side);
  write_lammps_data(dir + "/data.lmp", "stickslip bench_particles lattice", make_lattice(side).bodies, box.lo, box.hi);
  std::ofstream in(dir + "/in.lmp");
  in << "units si\natom_style sphere\ndimension 3\nboundary p p p\nnewton off\ncomm_modify vel yes\n"
     << "read_data " << dir << "/data.lmp\npair_style granular\n";
  in << "pair_coeff * * " << bench_law(law)->pair_coeff() << "\n";
  in << "neighbor " << kSkin << " bin\nneigh_modify delay 0 every 1 check yes\nfix 1 all nve/sphere\n"
     << "timestep " << kDt << "\nthermo 0\nrun 5\n";
  // the engine's windows all start from the same state; LAMMPS' follow each other (the periodic lattice's state is
  // statistically the same after the warm-up, and one process start per window would dominate at small N)
  for (int w = 0; w < windows; ++w) in << "run " << kWindow << "\n";
}

// The machine, for the table's head: model name, cores, load.
std::string machine_line() {
  std::string model = "unknown";
  std::ifstream cpu("/proc/cpuinfo");
  for (std::string line; std::getline(cpu, line);)
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  double load[3] = {0, 0, 0};
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = load[1] = load[2] = -1;
    std::fclose(f);
  }
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s, nproc %u, load average %.2f %.2f %.2f", model.c_str(),
                std::thread::hardware_concurrency(), load[0], load[1], load[2]);
  return buf;
}

// The memory bandwidth of `threads` threads on this machine (GB/s): a triad a = b + s c over three arrays of 64 MB
// each (far beyond any cache), split as the engine splits its loops, 32 bytes per element (b and c read, a read for
// ownership and written back), the fastest of 5 passes after one untimed. The model's BW where the machine has as
// many cores as the model's threads.
double triad_bandwidth(int threads) {
  const std::size_t n = std::size_t{8} << 20;
  std::vector<double> a(n, 0.0), b(n, 1.0), c(n, 2.0);
  std::unique_ptr<ThreadPool> pool;
  if (threads > 1) pool = std::make_unique<ThreadPool>(threads);
  double best = 1e300;
  for (int k = 0; k < 6; ++k) {
    const double t0 = now();
    run_chunks(pool.get(), n, [&](int, std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) a[i] = b[i] + 0.5 * c[i];
    });
    if (k > 0) best = std::min(best, now() - t0);
  }
  if (a[n / 2] != 2.0) std::fprintf(stderr, "bench_particles: triad result wrong\n");
  return 32.0 * static_cast<double>(n) / best * 1e-9;
}

// Bytes a fused velocity Verlet step moves to and from memory per particle-step, the bandwidth term of the thread
// model: every array streamed once per step, a partner's data found in the cache (its lattice plane is a few MB at
// 1e6 particles), a written cache line read first and written back. Per body: x, v, omega, f, torque read and
// written (240 B), radius, mass, 1/m, 1/I, the build's position and the row start read (60 B), with threads its seam
// flag (1 B); per pair slot its partner (4 B) and its spring read and written (48 B); per seam slot (a slot whose
// partner is a seam) its load written and read back, and its number and the seam's reference to it read (152 B); per
// seam its row's sums likewise and its two list entries (152 B). callgrind's cache simulation of the 1-thread step
// at 1e6 (last level 32 MB; misses plus the written lines' write-backs): 448 B against this count's 456 B.
double step_bytes(double pairs, double seams, double seam_slots, bool threaded) {
  return 300.0 + (threaded ? 1.0 : 0.0) + 52.0 * pairs + 152.0 * seam_slots + 152.0 * seams;
}

// The thread model (the table after bench_particles' main one): the time of a step on P cores is
//   T_P = serial + the P chunks' critical path + regions x hand-over,   bounded below by  B / BW,
// against T_1 = the 1-thread run's CPU time (its wall time on a quiet machine; CPU times, unlike wall times, hold on a
// shared one); serial: the 1-thread run's CPU time outside the parallel regions (the same serial code runs on P
// threads; the fork-joins are the hand-over term), the critical path: per
// region the slowest chunk's CPU time (measured with P threads on this machine: where it has fewer cores than P each
// chunk's CPU time is still its own work), the hand-over: an empty region's fork-join on 2 threads here (the fastest
// of 2000; a lower bound for P threads), B the bytes of step_bytes and BW the P-core machine's memory bandwidth,
// applied when the state (GranularState::bytes) exceeds that machine's last-level cache (--llc; below it the bound is
// the cache's, not modelled). Speed-up T_1 / T_P; the serial share alone gives Amdahl's
// T_1 / (serial + (T_1 - serial) / P).
struct ThreadModel {
  double serial_share = 0, amdahl = 0, compute = 0, bytes = 0, bandwidth_us = 0, speedup = 0, handover_us = 0;
  double work_growth = 0;  // the P chunks' total work over one thread's
  bool full = false;       // a P-thread run was there (else Amdahl alone)
};
template <class RowT>
ThreadModel thread_model(const RowT& one, const RowT* two, const RowT* many, long p, double bandwidth, double llc_mb) {
  ThreadModel m;
  const double t1 = one.cpu_us_step > 0 ? one.cpu_us_step : one.us_step;
  m.serial_share = one.serial_us / t1;
  m.amdahl = t1 / (one.serial_us + (t1 - one.serial_us) / static_cast<double>(p));
  m.speedup = m.amdahl;
  if (!many || many->regions <= 0) return m;
  const double n = static_cast<double>(many->n);
  if (two) m.handover_us = two->handover_us / n;  // per region, us per particle-step
  m.compute = one.serial_us + many->critical_us + many->regions * m.handover_us;
  m.work_growth = one.work_us > 0 ? many->work_us / one.work_us : 0;
  m.bytes = step_bytes(static_cast<double>(many->pairs) / n, static_cast<double>(many->seams) / n,
                       static_cast<double>(many->seam_slots) / n, true);
  m.bandwidth_us = many->engine_bytes > llc_mb * 1e6 ? m.bytes / (bandwidth * 1e3) : 0.0;
  m.speedup = t1 / std::max(m.compute, m.bandwidth_us);
  m.full = true;
  return m;
}

// The neighbor-list build alone (--neighbor): NeighborList::build on the periodic lattice (3 contacts per particle)
// and on the 2-D pour's packing (make_pour, three segment walls) of each size, on each thread count, the springs
// carried as in a run; fastest of reps x 10 builds after one untimed build. Prints microseconds per particle per
// build and the speed-up over 1 thread (the baseline of the same run).
int neighbor_table(const std::vector<long>& sizes, const std::vector<long>& thread_list, int reps, bool json,
                   const std::string& machine) {
  if (json) std::printf("{\"benchmark\": \"bench_particles --neighbor\", \"machine\": \"%s\", \"rows\": [", machine.c_str());
  else
    std::printf("neighbor-list build alone (NeighborList::build, skin %g m, fastest of %d x 10 builds)\n"
                "%-8s %9s %3s | %14s %8s | %9s\n",
                kSkin, reps, "system", "n", "T", "us/particle", "1T/T", "pairs");
  bool first_row = true;
  for (const char* system : {"lattice", "pour"})
    for (long n : sizes) {
      Boundaries b;
      GranularState s;
      if (std::string(system) == "lattice") {
        const long side = side_for(n);
        b.box = lattice_box(side);
        s = make_lattice(side);
      } else {
        s = make_pour(n, b);
      }
      double one = 0;
      for (long t : thread_list) {
        std::unique_ptr<ThreadPool> pool;
        if (t > 1) pool = std::make_unique<ThreadPool>(static_cast<int>(t));
        GranularState w = s;
        w.neighbors.build(w.bodies, b, kSkin, w.xi, w.wall_xi, nullptr, nullptr, pool.get());
        double best = 1e300;
        for (int r = 0; r < reps * 10; ++r) {
          const double a = now();
          w.neighbors.build(w.bodies, b, kSkin, w.xi, w.wall_xi, nullptr, nullptr, pool.get());
          best = std::min(best, now() - a);
        }
        const double us = best / static_cast<double>(w.bodies.size()) * 1e6;
        if (t == 1) one = us;
        if (json)
          std::printf("%s\n  {\"system\": \"%s\", \"n\": %zu, \"threads\": %ld, \"us_per_particle_build\": %.6g, "
                      "\"pairs\": %zu}",
                      first_row ? "" : ",", system, w.bodies.size(), t, us, w.neighbors.num_pairs());
        else
          std::printf("%-8s %9zu %3ld | %14.4f %8.2f | %9zu\n", system, w.bodies.size(), t, us, one > 0 ? one / us : 0.0,
                      w.neighbors.num_pairs());
        first_row = false;
      }
    }
  if (json) std::printf("\n]}\n");
  return 0;
}

// A comma-separated list of positive integers (a size may be written 1e5); false on anything else.
bool parse_list(const std::string& text, std::vector<long>& out) {
  out.clear();
  std::stringstream ss(text);
  for (std::string item; std::getline(ss, item, ',');) {
    char* end = nullptr;
    const double v = std::strtod(item.c_str(), &end);
    if (item.empty() || *end != '\0' || !(v >= 1) || v > 1e8 || v != std::floor(v)) return false;
    out.push_back(static_cast<long>(v));
  }
  return !out.empty();
}


// ---- the command line ----

struct BenchOptions {
  bool json = false, big = false, sort_demo = false, neighbor = false;
  int reps = 3;
  std::vector<std::string> laws;  // default: every law of bench_laws()
  std::vector<long> sizes = {1000, 10000, 100000}, thread_list = {1, 2}, rank_list = {1};
  bool verlet = true, trapezoid = true;
  long model_threads = 16;  // the thread count the model predicts for (--model-threads)
  // GB/s, that machine's memory bandwidth (--bandwidth; by default measured here, triad_bandwidth, where this machine
  // has as many cores as the model's threads, else 40: the middle of what the 16-core runs of the issue imply,
  // docs/performance.md)
  double bandwidth = 0;
  bool bandwidth_measured = false;
  double llc = 32;  // MB, its last-level cache (--llc)
};

int bad_option(const char* key, const std::string& value, const char* allowed) {
  std::fprintf(stderr, "bench_particles: %s %s: allowed %s\n", key, value.c_str(), allowed);
  return 2;
}

int usage() {
  std::fprintf(stderr, "usage: bench_particles [--json] [--big] [--sizes 1000,10000,...] [--reps R] [--sort] "
                       "[--threads 1,2,...] [--ranks 1,2,...] [--laws csds,dsds,mindlin] [--integrator verlet|trapezoid|all] "
                       "[--neighbor] [--model-threads P] [--bandwidth GB/s] [--llc MB]\n");
  return 2;
}

// Child mode (--single law n steps reps threads integrator system): one measurement, printed as a RESULT line.
int run_child(char** args) {
  if (!bench_law(args[0])) return bad_option("--single", args[0], "a law of the benchmark");
  const Single s = run_single_law(args[0], std::atol(args[1]), std::atol(args[2]), std::atoi(args[3]),
                                  std::atoi(args[4]), args[5], args[6]);
  std::printf("RESULT %.6g %.6g %zu %zu %.6g %.6g %ld %.6g %zu %ld %.6g %.6g %.6g %.6g %.6g %zu %zu %.6g\n", s.us_step,
              s.us_force, s.pairs, s.engine_bytes, s.cpu_us_step, s.sweeps, s.rejected, s.kernel_ns, s.contacts,
              s.rebuilds, s.serial_us, s.region_us, s.critical_us, s.work_us, s.regions, s.seams, s.seam_slots,
              s.handover_us);
  return 0;
}

// One integer of parse_list's grammar within [lo, hi]; one real within (lo, hi] (lo_open) or [lo, hi].
bool one_integer(const std::string& v, long lo, long hi, long& out) {
  std::vector<long> r;
  if (!parse_list(v, r) || r.size() != 1 || r[0] < lo || r[0] > hi) return false;
  out = r[0];
  return true;
}
bool one_real(const std::string& v, double lo, bool lo_open, double hi, double& out) {
  char* end = nullptr;
  out = std::strtod(v.c_str(), &end);
  return !v.empty() && *end == '\0' && (lo_open ? out > lo : out >= lo) && out <= hi;
}

// An option with a value (v) into o; -1 when it is read, else the exit code (2: a bad value or an unknown key).
int read_valued_option(const std::string& arg, const std::string& v, const std::vector<std::string>& law_names,
                       BenchOptions& o) {
  long n = 0;
  if (arg == "--reps") {
    if (!one_integer(v, 1, 1000, n)) return bad_option("--reps", v, "an integer 1..1000");
    o.reps = static_cast<int>(n);
  } else if (arg == "--threads") {
    if (!parse_list(v, o.thread_list) || *std::max_element(o.thread_list.begin(), o.thread_list.end()) > 1024)
      return bad_option("--threads", v, "a comma-separated list of thread counts 1..1024, e.g. 1,2,4");
  } else if (arg == "--ranks") {
    if (!parse_list(v, o.rank_list) || *std::max_element(o.rank_list.begin(), o.rank_list.end()) > 1024)
      return bad_option("--ranks", v, "a comma-separated list of LAMMPS MPI rank counts 1..1024, e.g. 1,16");
  } else if (arg == "--sizes") {
    if (!parse_list(v, o.sizes) || *std::min_element(o.sizes.begin(), o.sizes.end()) < 27)
      return bad_option("--sizes", v, "a comma-separated list of particle counts 27..1e8 (rounded to cubes), e.g. 1e3,1e6");
  } else if (arg == "--model-threads") {
    if (!one_integer(v, 2, 1024, o.model_threads))
      return bad_option("--model-threads", v, "an integer 2..1024 (the thread count the model predicts for)");
  } else if (arg == "--bandwidth") {
    if (!one_real(v, 0, true, 1e5, o.bandwidth))
      return bad_option("--bandwidth", v, "a memory bandwidth in GB/s, 0 < GB/s <= 1e5");
  } else if (arg == "--llc") {
    if (!one_real(v, 0, false, 1e6, o.llc)) return bad_option("--llc", v, "the last-level cache in MB, 0 <= MB <= 1e6");
  } else if (arg == "--integrator") {
    if (v != "verlet" && v != "trapezoid" && v != "all") return bad_option("--integrator", v, "verlet, trapezoid, all");
    o.verlet = v != "trapezoid";
    o.trapezoid = v != "verlet";
  } else if (arg == "--laws") {
    o.laws.clear();
    std::stringstream ss(v);
    for (std::string l; std::getline(ss, l, ',');)
      if (bench_law(l)) o.laws.push_back(l);
      else return bad_option("--laws", l, join(law_names).c_str());
  } else {
    return usage();
  }
  return -1;
}

// The command line into o, completed (1 thread and 1 rank always measured, --big's 1e6, mpirun, the bandwidth);
// returns -1 to go on, else the exit code (2 on bad input, --single's child's own).
int parse_options(int argc, char** argv, BenchOptions& o) {
  std::vector<std::string> law_names;
  for (const BenchLaw& b : bench_laws()) law_names.push_back(b.name);
  o.laws = law_names;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--single" && a + 7 < argc) return run_child(argv + a + 1);
    if (arg == "--json") o.json = true;
    else if (arg == "--big") o.big = true;
    else if (arg == "--sort") o.sort_demo = true;
    else if (arg == "--neighbor") o.neighbor = true;
    else if (a + 1 >= argc) return usage();
    else if (const int code = read_valued_option(arg, argv[++a], law_names, o); code >= 0) return code;
  }
  if (o.big && std::find(o.sizes.begin(), o.sizes.end(), 1000000L) == o.sizes.end()) o.sizes.push_back(1000000);
  if (std::find(o.thread_list.begin(), o.thread_list.end(), 1L) == o.thread_list.end())
    o.thread_list.insert(o.thread_list.begin(), 1);
  if (std::find(o.rank_list.begin(), o.rank_list.end(), 1L) == o.rank_list.end())
    o.rank_list.insert(o.rank_list.begin(), 1);
  if (!on_path("mpirun") && o.rank_list.size() > 1) {
    std::fprintf(stderr, "bench_particles: mpirun is not on PATH (apt-get install openmpi-bin): LAMMPS on 1 rank only\n");
    o.rank_list = {1};
  }
  o.bandwidth_measured =
      o.bandwidth == 0 && static_cast<long>(std::thread::hardware_concurrency()) >= o.model_threads;
  if (o.bandwidth == 0) o.bandwidth = o.bandwidth_measured ? triad_bandwidth(static_cast<int>(o.model_threads)) : 40.0;
  return -1;
}

// ---- the measurements ----

// The rows of one benchmark run, each measured in a child process (this program with --single) under /usr/bin/time.
struct Bench {
  const BenchOptions& o;
  std::string dir, self, timer;
  bool have_time = false, have_lmp = false;
  std::vector<Row> rows;

  Bench(const BenchOptions& options, const std::string& program) : o(options), self(program) {
    have_time = on_path("/usr/bin/time");
    have_lmp = on_path("lmp");
    if (!have_lmp) std::fprintf(stderr, "bench_particles: lmp is not on PATH (apt-get install lammps): no LAMMPS rows\n");
    char tmpl[] = "/tmp/bench_particles.XXXXXX";
    dir = mkdtemp(tmpl) ? tmpl : "/tmp";
    timer = have_time ? "/usr/bin/time -f %M " : "";
  }

  // One measurement of r (its engine, law, n, threads, integrator) on `system`, appended to rows; false if the child
  // failed.
  bool measure(Row& r, long steps, int child_reps, const std::string& system) {
    int st = 0;
    const std::string out = capture(timer + "'" + self + "' --single " + r.law + " " + std::to_string(r.n) + " " +
                                        std::to_string(steps) + " " + std::to_string(child_reps) + " " +
                                        std::to_string(r.threads) + " " + r.integrator + " " + system + " 2>" + dir +
                                        "/err",
                                    st);
    std::size_t engine_bytes = 0;
    if (std::sscanf(out.c_str(), "RESULT %lf %lf %zu %zu %lf %lf %ld %lf %zu %ld %lf %lf %lf %lf %lf %zu %zu %lf",
                    &r.us_step, &r.us_force, &r.pairs, &engine_bytes, &r.cpu_us_step, &r.sweeps, &r.rejected,
                    &r.kernel_ns, &r.contacts, &r.rebuilds, &r.serial_us, &r.region_us, &r.critical_us, &r.work_us,
                    &r.regions, &r.seams, &r.seam_slots, &r.handover_us) != 18) {
      std::fprintf(stderr, "bench_particles: child failed for %s %s %s n=%ld (%s)\n", r.law.c_str(),
                   r.integrator.c_str(), system.c_str(), r.n, slurp(dir + "/err").c_str());
      return false;
    }
    r.system = system;
    r.engine_bytes = static_cast<double>(engine_bytes);
    r.bytes = have_time ? max_rss_bytes(slurp(dir + "/err")) / static_cast<double>(r.n)
                        : static_cast<double>(engine_bytes) / static_cast<double>(r.n);
    rows.push_back(r);
    if (!o.json)
      std::fprintf(stderr, "stickslip %-8s %-15s %-12s n %8ld threads %d: %.4f us/particle-step, %.2f sweeps/step\n",
                   r.law.c_str(), r.integrator.c_str(), system.c_str(), r.n, r.threads, r.us_step, r.sweeps);
    return true;
  }

  // LAMMPS on the lattice of `count` spheres on every rank count: `reps` processes, each with its share of the
  // windows after one warm-up run; false if lmp failed.
  bool measure_lammps(const std::string& law, long count, int child_reps) {
    const int windows = std::max(1, (child_reps + o.reps - 1) / o.reps);
    write_lammps_input(dir, law, count, windows);
    for (long ranks : o.rank_list) {
      Row l{"lammps", law, count, static_cast<int>(ranks)};
      l.us_step = l.us_force = l.cpu_us_step = 1e300;
      const std::string launcher =
          ranks == 1 ? timer : "mpirun --allow-run-as-root --oversubscribe -np " + std::to_string(ranks) + " ";
      for (int k = 0; k < o.reps; ++k) {
        int st = 0;
        capture("cd " + dir + " && OMP_NUM_THREADS=1 " + launcher + "lmp -in in.lmp -log log.lmp -screen none 2>" +
                    dir + "/lerr",
                st);
        const std::string log = slurp(dir + "/log.lmp");
        std::vector<std::size_t> at;
        for (auto p = log.find("Loop time of"); p != std::string::npos; p = log.find("Loop time of", p + 1))
          at.push_back(p);
        if (at.size() != static_cast<std::size_t>(windows) + 1) {
          std::fprintf(stderr, "bench_particles: lmp failed for %s n=%ld (see %s/log.lmp)\n", law.c_str(), count,
                       dir.c_str());
          return false;
        }
        for (std::size_t w = 1; w < at.size(); ++w) {  // the first is the warm-up
          double loop = 0, pn = 0, cpu_fraction = 1;
          lammps_loop(log.substr(0, w + 1 < at.size() ? at[w + 1] : log.size()), loop, cpu_fraction, pn);
          const double denom = static_cast<double>(kWindow) * static_cast<double>(count);
          l.us_step = std::min(l.us_step, loop / denom * 1e6);
          l.cpu_us_step = std::min(l.cpu_us_step, loop * cpu_fraction * static_cast<double>(ranks) / denom * 1e6);
          l.us_force = std::min(l.us_force, pn / denom * 1e6);
        }
        if (have_time && ranks == 1) l.bytes = max_rss_bytes(slurp(dir + "/lerr")) / static_cast<double>(count);
      }
      l.pairs = rows.back().pairs;
      rows.push_back(l);
      if (!o.json)
        std::fprintf(stderr, "lammps    %-8s n %8ld ranks %ld: %.4f us/particle-step\n", law.c_str(), count, ranks,
                     l.us_step);
    }
    return true;
  }

  const Row* find(const std::string& engine, const std::string& law, long n, int threads) const {
    for (const Row& r : rows)
      if (r.engine == engine && r.law == law && r.n == n && r.threads == threads && r.system == "lattice") return &r;
    return nullptr;
  }
  // The model's P-thread run: the measured one where --threads has P, else the model's own run.
  const Row* model_row(const std::string& law, long n) const {
    const Row* r = find("stickslip", law, n, static_cast<int>(o.model_threads));
    return r ? r : find("model", law, n, static_cast<int>(o.model_threads));
  }
  ThreadModel model_of(const Row& one) const {
    return thread_model(one, find("stickslip", one.law, one.n, 2), model_row(one.law, one.n), o.model_threads,
                        o.bandwidth, o.llc);
  }
};

// Velocity Verlet on the lattice: every law, size and thread count, the model's run, LAMMPS beside each size.
bool verlet_rows(Bench& b) {
  const BenchOptions& o = b.o;
  for (const std::string& law : o.laws)
    for (long n : o.sizes) {
      const long side = side_for(n), count = side * side * side;
      const int child_reps = reps_for(count, o.reps);
      for (long threads : o.thread_list) {
        if (threads > 1 && count < 10000) continue;
        Row r{"stickslip", law, count, static_cast<int>(threads)};
        if (!b.measure(r, kWindow, child_reps, "lattice")) return false;
      }
      // the model's run: model_threads chunks on this machine's cores (more threads than cores where it has fewer),
      // for the critical path of that many chunks (thread_model)
      if (count >= 10000 && std::find(o.thread_list.begin(), o.thread_list.end(), o.model_threads) == o.thread_list.end()) {
        Row r{"model", law, count, static_cast<int>(o.model_threads)};
        if (!b.measure(r, kWindow, child_reps, "lattice")) return false;
      }
      if (b.have_lmp && !b.measure_lammps(law, count, child_reps)) return false;
    }
  return true;
}

// Spatial sorting (--sort): the lattice in random memory order, unsorted and sorted at set-up (Morton order,
// ParticleEngine::sort_interval), against the lattice's own row order; 1 thread, the first law asked. Prints its
// table as it goes.
bool sort_rows(Bench& b) {
  const BenchOptions& o = b.o;
  if (!o.json)
    std::printf("spatial sort, %s, 1 thread: CPU us per particle-step of the lattice in its row order, shuffled, "
                "shuffled then sorted\n%8s | %9s %9s %9s | %9s %9s\n", o.laws.front().c_str(), "n", "row", "shuffled",
                "sorted", "shuf/row", "sort/row");
  for (long n : o.sizes) {
    const long side = side_for(n), count = side * side * side;
    const int child_reps = reps_for(count, o.reps);
    Row r[3];
    const char* systems[3] = {"lattice", "shuffled", "shuffled-sorted"};
    for (int k = 0; k < 3; ++k) {
      r[k] = Row{"stickslip", o.laws.front(), count, 1};
      if (!b.measure(r[k], kWindow, child_reps, systems[k])) return false;
      if (k == 0) b.rows.pop_back();  // the table above has its own lattice row
    }
    if (!o.json)
      std::printf("%8ld | %9.4f %9.4f %9.4f | %9.2f %9.2f\n", count, r[0].cpu_us_step, r[1].cpu_us_step,
                  r[2].cpu_us_step, r[1].cpu_us_step / r[0].cpu_us_step, r[2].cpu_us_step / r[0].cpu_us_step);
  }
  return true;
}

// The trapezoid against velocity Verlet at the old path's step t_c/20: the lattice and the 2-D pour (the laws that
// pour), the same window [5 dt, 105 dt] (after the pour's 0.2 s) for every n.
bool trapezoid_rows(Bench& b) {
  for (const std::string& law : b.o.laws) {
    std::vector<std::pair<std::string, long>> systems;
    for (long n : {1000L, 10000L, 100000L}) systems.emplace_back("lattice-tc20", side_for(n) * side_for(n) * side_for(n));
    if (bench_law(law)->pours)
      for (long n : {230L, 10000L}) systems.emplace_back("pour", n);
    for (const auto& [system, count] : systems)
      for (const char* integrator : {"velocity-verlet", "trapezoid"})
        for (long threads : b.o.thread_list) {  // the trapezoid's force passes on the pool too (N >= 1e4)
          if (threads > 1 && count < 10000) continue;
          Row r{"stickslip", law, count, static_cast<int>(threads)};
          r.integrator = integrator;
          r.dim = system == "pour" ? 2 : 3;
          if (!b.measure(r, 100, b.o.reps, system)) return false;
        }
  }
  return true;
}

// ---- the output ----

// --json: every row, then the thread model per law and N >= 1e4 (the same figures as the text's model table).
void print_json(const Bench& b, const std::string& machine) {
  const BenchOptions& o = b.o;
  std::printf("{\"benchmark\": \"bench_particles\", \"machine\": \"%s\", \"lammps\": %s, \"rows\": [", machine.c_str(),
              b.have_lmp ? "true" : "false");
  for (std::size_t k = 0; k < b.rows.size(); ++k) {
    const Row& r = b.rows[k];
    std::printf("%s\n  {\"engine\": \"%s\", \"law\": \"%s\", \"integrator\": \"%s\", \"system\": \"%s\", "
                "\"dim\": %d, \"n\": %ld, \"threads\": %d, \"us_per_particle_step\": %.6g, "
                "\"us_per_force_eval\": %.6g, \"sweeps_per_step\": %.4g, \"rejected_steps\": %ld, "
                "\"bytes_per_particle\": %.1f, \"pairs\": %zu, \"cpu_us_per_particle_step\": %.6g, "
                "\"kernel_ns_per_contact\": %.6g, \"contacts\": %zu, \"rebuilds\": %ld, "
                "\"serial_us_per_particle_step\": %.6g, \"region_us_per_particle_step\": %.6g, "
                "\"critical_us_per_particle_step\": %.6g, \"work_us_per_particle_step\": %.6g, "
                "\"regions_per_step\": %.4g, \"seams\": %zu, \"seam_slots\": %zu}",
                k ? "," : "", r.engine.c_str(), r.law.c_str(), r.integrator.c_str(), r.system.c_str(), r.dim, r.n,
                r.threads, r.us_step, r.us_force, r.sweeps, r.rejected, r.bytes, r.pairs, r.cpu_us_step, r.kernel_ns,
                r.contacts, r.rebuilds, r.serial_us, r.region_us, r.critical_us, r.work_us, r.regions, r.seams,
                r.seam_slots);
  }
  std::printf("\n], \"model\": {\"threads\": %ld, \"bandwidth_gb_s\": %.4g, \"bandwidth_measured\": %s, "
              "\"llc_mb\": %.4g, \"rows\": [",
              o.model_threads, o.bandwidth, o.bandwidth_measured ? "true" : "false", o.llc);
  bool first = true;
  for (const Row& r : b.rows) {
    if (r.engine != "stickslip" || r.threads != 1 || r.system != "lattice" || r.integrator != "velocity-verlet" ||
        r.n < 10000)
      continue;
    const Row* many = b.model_row(r.law, r.n);
    const ThreadModel m = b.model_of(r);
    const Row* real = b.find("stickslip", r.law, r.n, static_cast<int>(o.model_threads));
    std::printf("%s\n  {\"law\": \"%s\", \"n\": %ld, \"t1_cpu_us_per_particle_step\": %.6g, \"serial_share\": %.6g, "
                "\"amdahl_speedup\": %.6g, \"full\": %s, \"compute_us_per_particle_step\": %.6g, "
                "\"work_growth\": %.6g, \"handover_us_per_particle_step\": %.6g, \"bytes_per_particle_step\": %.6g, "
                "\"bandwidth_us_per_particle_step\": %.6g, \"speedup\": %.6g, \"measured_speedup\": ",
                first ? "" : ",", r.law.c_str(), r.n, r.cpu_us_step > 0 ? r.cpu_us_step : r.us_step, m.serial_share,
                m.amdahl, m.full ? "true" : "false", m.compute, m.work_growth,
                many ? many->regions * m.handover_us : 0.0, m.bytes, m.bandwidth_us, m.speedup);
    if (real) std::printf("%.6g}", r.us_step / real->us_step);
    else std::printf("null}");
    first = false;
  }
  std::printf("\n]}}\n");
}

// One row of the main table: the engine on 1 thread against LAMMPS on 1 rank, the kernel's limit, the bytes, the
// serial share, every thread count, the model, every rank count.
void print_verlet_row(const Bench& b, const Row& r) {
  const BenchOptions& o = b.o;
  const Row* l = b.find("lammps", r.law, r.n, 1);
  const double cpp = static_cast<double>(r.contacts) / static_cast<double>(r.n);
  const double kernel_us = r.kernel_ns * 1e-3 * cpp;
  std::printf("%-8s %8ld %6.2f | %9.4f ", r.law.c_str(), r.n, cpp, r.cpu_us_step);
  if (l) std::printf("%9.4f %6.2f | %9.4f %9.4f %6.2f", l->cpu_us_step, r.cpu_us_step / l->cpu_us_step, r.us_step,
                     l->us_step, r.us_step / l->us_step);
  else std::printf("%9s %6s | %9.4f %9s %6s", "-", "-", r.us_step, "-", "-");
  std::printf(" | %10.2f %10.4f %6.2f | %7.0f ", r.kernel_ns, kernel_us, kernel_us > 0 ? r.cpu_us_step / kernel_us : 0.0,
              r.bytes);
  if (l) std::printf("%7.0f", l->bytes);
  else std::printf("%7s", "-");
  std::printf(" | %5.2f", 100 * r.serial_us / (r.cpu_us_step > 0 ? r.cpu_us_step : r.us_step));
  for (long t : o.thread_list) {
    if (t == 1) continue;
    const Row* tr = b.find("stickslip", r.law, r.n, static_cast<int>(t));
    if (tr) std::printf(" | %11.4f %5.2f %6.2f", tr->us_step, r.us_step / tr->us_step, 100 * tr->serial_us / tr->us_step);
    else std::printf(" | %11s %5s %6s", "-", "-", "-");
  }
  const ThreadModel m = b.model_of(r);
  std::printf(" | %8.2f%s", m.speedup, m.full ? "x" : "A");
  for (long t : o.rank_list) {  // LAMMPS on t ranks, its speed-up, and the engine on t threads against it
    if (t == 1) continue;
    const Row* lr = b.find("lammps", r.law, r.n, static_cast<int>(t));
    const Row* tr = b.find("stickslip", r.law, r.n, static_cast<int>(t));
    if (lr && l) std::printf(" | %15.4f %5.2f", lr->us_step, l->us_step / lr->us_step);
    else std::printf(" | %15s %5s", "-", "-");
    if (lr && tr) std::printf(" %7.2f", tr->us_step / lr->us_step);
    else std::printf(" %7s", "-");
  }
  std::printf("\n");
}

// The main table: velocity Verlet on the lattice, stickslip against LAMMPS, with its legend.
void print_verlet_table(const Bench& b) {
  const BenchOptions& o = b.o;
  std::printf("velocity Verlet, periodic lattice of compressed contacts (r 0.1 m, dt 1e-5 s, skin 0.01 m), %ld steps "
              "after 5, best of max(%d, 1e5/N) windows;\nCPU microseconds per particle-step (wall for the threads), "
              "ratio = stickslip/LAMMPS (< 1: stickslip faster)\n",
              kWindow, o.reps);
  if (!b.have_lmp) std::printf("lmp not on PATH: LAMMPS not run (Debian package lammps)\n");
  std::printf("%-8s %8s %6s | %9s %9s %6s | %9s %9s %6s | %10s %10s %6s | %7s %7s | %5s", "law", "n", "c/p",
              "ss cpu-us", "lmp cpu-us", "ratio", "ss wall", "lmp wall", "ratio", "kern ns/c", "kern us/ps", "ss/k",
              "ss B/p", "lmp B/p", "ser%");
  for (long t : o.thread_list)
    if (t > 1) std::printf(" | %4ld thr wall  x   ser%%", t);
  std::printf(" | %3ld thr model", o.model_threads);
  for (long t : o.rank_list)
    if (t > 1) std::printf(" | lmp %3ld rk wall  x  ss/lmp", t);
  std::printf("\n");
  for (const Row& r : b.rows)
    if (r.engine == "stickslip" && r.threads == 1 && r.system == "lattice") print_verlet_row(b, r);
  std::printf("c/p: touching contacts per particle. kern: the contact kernel alone (turn + normal + tangential law) over "
              "the engine's touching contacts,\nns per contact and x c/p = the us per particle-step the engine "
              "approaches; ss/k: engine CPU time over that limit.\n%s thr: wall us per particle-step on that many "
              "threads and the speed-up over 1 thread (only meaningful when the machine is otherwise idle);\n"
              "ser%%: the serial share: 1 thread, its CPU time outside the passes that run on the threads; T threads, "
              "the wall time outside the parallel regions;\n%ld thr model: the modelled speed-up on %ld threads (table "
              "below; 'A': Amdahl's from the serial share alone, N < 1e4);\n"
              "lmp N rk: LAMMPS on N MPI ranks (wall), its speed-up over 1 rank, and ss/lmp = the engine on N "
              "threads over LAMMPS on N ranks.\n",
              "N", o.model_threads, o.model_threads);
}

// The thread model, per law and N >= 1e4 (thread_model), and the command that checks it where the machine has the
// model's cores (docs/performance.md): there the P-thread rows are real (critical paths with a core per chunk), the
// bandwidth is measured, and 'measured' fills.
void print_thread_model_table(const Bench& b) {
  const BenchOptions& o = b.o;
  std::printf("\nthread model for %ld threads: T = serial + critical path of %ld chunks + regions x hand-over, "
              "against the bandwidth bound B / BW (BW %.1f GB/s%s, --bandwidth; for states above %g MB, --llc);\nus per "
              "particle-step; T1: the 1-thread run's CPU time; measured: wall time 1 thread / P threads; Amdahl: from the 1-thread serial share alone; work: the %ld chunks' CPU time over one "
              "thread's; B: bytes per particle-step of the fused step\n%-8s %8s | %9s %6s %8s | %8s %9s %6s %8s | "
              "%6s %9s | %8s %8s %8s\n",
              o.model_threads, o.model_threads, o.bandwidth, o.bandwidth_measured ? " measured here" : "", o.llc,
              o.model_threads, "law", "n", "T1 cpu", "ser%", "Amdahl", "serial", "critical", "work", "handover",
              "B/p-s", "B/BW", "compute", "model", "measured");
  for (const Row& r : b.rows) {
    if (r.engine != "stickslip" || r.threads != 1 || r.system != "lattice" || r.n < 10000) continue;
    const Row* many = b.model_row(r.law, r.n);
    const ThreadModel m = b.model_of(r);
    const Row* real = b.find("stickslip", r.law, r.n, static_cast<int>(o.model_threads));
    const double t1 = r.cpu_us_step > 0 ? r.cpu_us_step : r.us_step;
    std::printf("%-8s %8ld | %9.4f %6.2f %7.2fx | ", r.law.c_str(), r.n, t1, 100 * m.serial_share, m.amdahl);
    if (m.full)
      std::printf("%8.5f %9.5f %6.3f %8.5f | %6.0f %9.5f | %7.2fx %7.2fx", r.serial_us, many->critical_us,
                  m.work_growth, many->regions * m.handover_us, m.bytes, m.bandwidth_us, t1 / m.compute, m.speedup);
    else std::printf("%8s %9s %6s %8s | %6s %9s | %8s %7.2fx", "-", "-", "-", "-", "-", "-", "-", m.speedup);
    if (real) std::printf(" %7.2fx", r.us_step / real->us_step);
    else std::printf(" %8s", "-");
    std::printf("\n");
  }
  std::printf("to check the model on a %ld-core machine: ../shared/tools/chroot-bundle.sh bench.tar.xz build/bench_particles, "
              "then in the chroot (that header): build/bench_particles --integrator verlet --sizes 1e3,1.06e4,9.7e4,1e6 "
              "--threads 1,2,4,8,%ld --ranks 1,%ld --reps 1 --model-threads %ld\n",
              o.model_threads, o.model_threads, o.model_threads, o.model_threads);
}

// Growth with N: CPU time per particle-step at the largest N over the smallest (flat = 1), engine and LAMMPS.
void print_growth(const Bench& b) {
  for (const std::string& law : b.o.laws) {
    const Row *lo = nullptr, *hi = nullptr;
    for (const Row& r : b.rows)
      if (r.engine == "stickslip" && r.law == law && r.threads == 1 && r.system == "lattice") {
        if (!lo || r.n < lo->n) lo = &r;
        if (!hi || r.n > hi->n) hi = &r;
      }
    if (!lo || lo == hi) continue;
    std::printf("growth %s n %ld -> %ld (CPU us per particle-step, largest / smallest): stickslip %.2f", law.c_str(),
                lo->n, hi->n, hi->cpu_us_step / lo->cpu_us_step);
    const Row *llo = b.find("lammps", law, lo->n, 1), *lhi = b.find("lammps", law, hi->n, 1);
    if (llo && lhi) std::printf(", LAMMPS %.2f", lhi->cpu_us_step / llo->cpu_us_step);
    std::printf("\n");
  }
}

// The trapezoid rows beside velocity Verlet's of the same system, law, n and threads.
void print_trapezoid_table(const Bench& b) {
  bool header = false;
  for (const Row& t : b.rows) {
    if (t.integrator != "trapezoid") continue;
    const Row* v = nullptr;
    for (const Row& r : b.rows)
      if (r.integrator == "velocity-verlet" && r.system == t.system && r.law == t.law && r.n == t.n &&
          r.threads == t.threads)
        v = &r;
    const Row* one = nullptr;  // the trapezoid on 1 thread: the threads' speed-up
    for (const Row& r : b.rows)
      if (r.integrator == "trapezoid" && r.system == t.system && r.law == t.law && r.n == t.n && r.threads == 1) one = &r;
    if (!header) {
      std::printf("\ntrapezoid (phi 1/2, tol 1e-4) vs velocity Verlet at dt = t_c/20 (the old path's step), both on T "
                  "threads; target <= 3 sweeps per step; 1T/T: the trapezoid's wall time on 1 thread over T; "
                  "builds: neighbor-list builds in the window (trapezoid / Verlet)\n"
                  "%-8s %-13s %8s %3s | %12s %12s %7s | %12s %12s %7s | %12s %9s %6s %9s\n", "law",
                  "system", "n", "T", "trap us/p-s", "VV us/p-s", "ratio", "trap cpu-us", "VV cpu-us", "ratio",
                  "sweeps/step", "rejected", "1T/T", "builds");
      header = true;
    }
    std::printf("%-8s %-13s %8ld %3d | %12.4f %12.4f %7.2f | %12.4f %12.4f %7.2f | %12.2f %9ld %6.2f %4ld/%-4ld\n",
                t.law.c_str(), t.system.c_str(), t.n, t.threads, t.us_step, v ? v->us_step : 0.0,
                v ? t.us_step / v->us_step : 0.0, t.cpu_us_step, v ? v->cpu_us_step : 0.0,
                v ? t.cpu_us_step / v->cpu_us_step : 0.0, t.sweeps, t.rejected, one ? one->us_step / t.us_step : 0.0,
                t.rebuilds, v ? v->rebuilds : 0L);
  }
}

}  // namespace

int main(int argc, char** argv) {
  BenchOptions o;
  if (const int code = parse_options(argc, argv, o); code >= 0) return code;
  const std::string machine = machine_line();
  if (!o.json) std::printf("machine: %s\n", machine.c_str());
  if (o.neighbor) return neighbor_table(o.sizes, o.thread_list, o.reps, o.json, machine);
  Bench b(o, argv[0]);
  if (o.verlet && !verlet_rows(b)) return 4;
  if (o.sort_demo && o.verlet && !sort_rows(b)) return 4;
  if (o.trapezoid && !trapezoid_rows(b)) return 4;
  if (o.json) {
    print_json(b, machine);
    return 0;
  }
  if (o.verlet) {
    print_verlet_table(b);
    print_thread_model_table(b);
    print_growth(b);
  }
  print_trapezoid_table(b);
  return 0;
}
