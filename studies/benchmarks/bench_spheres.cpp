// bench_spheres — step throughput of the many-particle sphere stepper (models/sphere_stepper, cell lists, flat
// contact arrays) under the trapezoid fixed-point integrator (a benchmark, not a test: it prints, it asserts nothing).
//
//  1. The container of seed 004 ex. 5.3 (230 particles, 2-D slice), timed over t in [1.0, 1.5] s while the stream
//     lands (the densest collisional phase), with and without rotations.
//  2. A 3-D box of spheres (cubic lattice of touching spheres, r = 0.1, vertical gaps 0.1 % short so every column
//     starts in contact, small random velocities, gravity, floor and four side walls), N from 1e3 to 1e5:
//     particle-steps/s, contact evaluations/s, cost per particle-step and per particle-sweep (force_moment call)
//     with their ratio to the smallest N (flat ratios = cost linear in N); the cell-list build + pair listing alone;
//     1 vs 2 threads (start-of-step forces and the contact commit; the Gauss-Seidel sweep stays sequential) with a
//     bitwise comparison of the end states.
// Timings: wall clock (std::chrono::steady_clock), best of `reps` repetitions of the same steps from the same state.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "models/cell_list.hpp"
#include "models/hertz_mindlin.hpp"
#include "models/sphere_scene.hpp"
#include "models/sphere_stepper.hpp"
#include "solvers/trapezoid_fixed_point.hpp"

using namespace stickslip;

namespace {

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

struct Timing {
  double seconds = 1e300;
  long steps = 0, sweeps = 0, evaluations = 0;
  double mean_iterations = 0;
  std::size_t contacts = 0;
  ParticleState end;
};

// Runs `steps` steps from (stepper warmed up on) `start`; best of reps.
Timing time_steps(const SphereScene& scene, const ParticleState& start, double t0, double dt, int steps, int warm,
                  int threads, int reps) {
  Timing best;
  for (int r = 0; r < reps; ++r) {
    SphereStepper st(scene);
    st.set_threads(threads);
    TrapezoidOptions o;
    o.dt = dt;
    o.threads = threads;
    o.max_iterations = 500;
    ParticleState s = start;
    run_trapezoid(st, t0, t0 + warm * dt, s, o);  // springs and buffers established
    const long e0 = st.contact_evaluations();
    const double a = now();
    const TrapezoidStats stats = run_trapezoid(st, t0 + warm * dt, t0 + (warm + steps) * dt, s, o);
    const double sec = now() - a;
    if (sec < best.seconds) {
      best.seconds = sec;
      best.steps = stats.steps;
      best.sweeps = stats.force_evaluations;
      best.evaluations = st.contact_evaluations() - e0;
      best.mean_iterations = stats.mean_iterations();
      best.contacts = st.num_contacts();
      best.end = s;
    }
  }
  return best;
}

bool identical(const ParticleState& a, const ParticleState& b) {
  for (std::size_t p = 0; p < a.size(); ++p)
    if (a.x[p] != b.x[p] || a.v[p] != b.v[p] || a.omega[p] != b.omega[p]) return false;
  return true;
}

}  // namespace

int main() {
  const double t_start = now();
  std::printf("bench_spheres: trapezoid (phi 0.5, tol 1e-4) + SphereStepper, hardware threads %u\n\n",
              std::thread::hardware_concurrency());

  // ---- 1. container ----
  std::printf("1. container (Campello ex. 5.3, 230 particles, 2-D), steps over t in [1.0, 1.5] s\n");
  std::printf("%-10s %8s %10s %16s %16s %10s %12s\n", "rotations", "steps", "seconds", "particle-steps/s",
              "contact-evals/s", "mean iter", "us/p-step");
  for (bool rot : {true, false}) {
    ContainerSetup c = build_container(ContainerSpec{});
    c.scene.params.xi = 0.9;
    c.scene.params.mu_s_pp = c.scene.params.mu_d_pp = 0.1;
    c.scene.params.mu_s_pw = c.scene.params.mu_d_pw = 0.25;
    c.scene.params.drag = 0.005;
    c.scene.params.rotations = rot;
    const double dt = std::min(hertz_collision_duration(c.scene.pair(0, 0), std::sqrt(2 * 9.81 * c.vessel_top)),
                               hertz_collision_duration(c.scene.wall_pair(0), std::sqrt(2 * 9.81 * c.vessel_top))) / 20;
    SphereStepper st(c.scene);
    TrapezoidOptions o;
    o.dt = dt;
    ParticleState s = c.initial;
    run_trapezoid(st, 0.0, 1.0, s, o);
    const int steps = static_cast<int>(0.5 / dt);
    const Timing t = time_steps(c.scene, s, 1.0, dt, steps, 2, 1, 1);
    const double ps = static_cast<double>(t.steps) * 230 / t.seconds;
    std::printf("%-10s %8ld %10.3f %16.3e %16.3e %10.2f %12.3f\n", rot ? "on" : "off", t.steps, t.seconds, ps,
                static_cast<double>(t.evaluations) / t.seconds, t.mean_iterations, 1e6 / ps);
  }

  // ---- 2. box ----
  std::printf("\n2. 3-D box of spheres (r 0.1, E 1e8, xi 0.9, mu 0.1/0.25, gravity, dt = eq. 50 at 1 m/s / 20)\n");
  std::printf("%8s %6s %5s %8s %16s %16s %10s %12s %8s %12s %8s %12s %8s\n", "N", "steps", "thr", "seconds",
              "particle-steps/s", "contact-evals/s", "mean iter", "us/p-step", "ratio", "us/p-sweep", "ratio",
              "cells us/p", "ratio");
  double base_step = 0, base_sweep = 0, base_cells = 0;
  for (int side : {10, 22, 46}) {
    SphereScene scene;
    scene.params.gravity = Vec3(0, -9.81, 0);
    scene.params.xi = 0.9;
    scene.params.mu_s_pp = scene.params.mu_d_pp = 0.1;
    scene.params.mu_s_pw = scene.params.mu_d_pw = 0.25;
    const double r = 0.1, m = 2500 * 4.0 / 3.0 * M_PI * r * r * r;
    const int n = side * side * side;
    for (int k = 0; k < n; ++k) scene.add_sphere(r, m, 1e8, 0.25);
    const double width = 2 * r * side;
    scene.add_plane(Vec3(0, 0, 0), Vec3(0, 1, 0));
    scene.add_plane(Vec3(0, 0, 0), Vec3(1, 0, 0));
    scene.add_plane(Vec3(width, 0, 0), Vec3(-1, 0, 0));
    scene.add_plane(Vec3(0, 0, 0), Vec3(0, 0, 1));
    scene.add_plane(Vec3(0, 0, width), Vec3(0, 0, -1));
    ParticleState s;
    s.resize(scene.num_particles());
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    for (int k = 0; k < n; ++k) {
      const int ix = k % side, iy = (k / side) % side, iz = k / (side * side);
      s.x[k] = Vec3(r + 2 * r * ix, r * 0.999 + 2 * r * 0.999 * iy, r + 2 * r * iz);
      s.v[k] = Vec3(0.05 * u(rng), 0.05 * u(rng), 0.05 * u(rng));
    }
    const double dt = hertz_collision_duration(scene.pair(0, 1), 1.0) / 20;
    const int steps = side <= 10 ? 100 : side <= 22 ? 20 : 6;
    const int reps = side <= 22 ? 3 : 1;
    // Neighbour search alone: build + pair listing at the contact reach.
    CellList cl;
    long pairs = 0;
    double cells_best = 1e300;
    for (int rr = 0; rr < 5; ++rr) {
      const double a = now();
      cl.build(s.x, 2.2 * r);
      pairs = 0;
      cl.for_each_pair(s.x, 2.2 * r, [&](std::size_t, std::size_t) { ++pairs; });
      cells_best = std::min(cells_best, now() - a);
    }
    const double cells_us = 1e6 * cells_best / n;
    ParticleState ends[2];
    for (int threads : {1, 2}) {
      const Timing t = time_steps(scene, s, 0.0, dt, steps, 2, threads, reps);
      ends[threads - 1] = t.end;
      const double ps = static_cast<double>(t.steps) * n / t.seconds;
      const double step_us = 1e6 / ps;
      const double sweep_us = 1e6 * t.seconds / static_cast<double>(t.sweeps);
      if (base_step == 0) {
        base_step = step_us;
        base_sweep = sweep_us;
        base_cells = cells_us;
      }
      std::printf("%8d %6ld %5d %8.3f %16.3e %16.3e %10.2f %12.3f %8.2f %12.3f %8.2f %12.3f %8.2f\n", n, t.steps,
                  threads, t.seconds, ps, static_cast<double>(t.evaluations) / t.seconds, t.mean_iterations, step_us,
                  step_us / base_step, sweep_us, sweep_us / base_sweep, cells_us, cells_us / base_cells);
    }
    std::printf("%8s 1 vs 2 threads: end states %s; pairs within 2.2 r: %ld (%.2f per particle)\n", "",
                identical(ends[0], ends[1]) ? "bitwise identical" : "DIFFER", pairs, 2.0 * pairs / n);
  }
  std::printf("\ntotal benchmark time %.1f s\n", now() - t_start);
  return 0;
}
