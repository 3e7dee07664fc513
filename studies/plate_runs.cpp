#include "studies/plate_runs.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/energy_ledger.hpp"
#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"

namespace stickslip {

PlateRun run_plates(const PlateRunConfig& c) {
  // Every step (or output point) is kept as a sample: refused past the shared memory limit before the run.
  require_count("dt", format_value(c.solver.dt), step_count(c.t_end, c.solver.dt), kMaxSamples,
                "t_end / dt = " + format_value(c.t_end) + " / " + format_value(c.solver.dt), "samples per run",
                "raise dt or lower t_end");
  const SlidingPlates model(c.p, c.law, c.solver.events);
  Vec x(3);
  x << c.v0, c.xi0, 0.0;
  Mode mode = model.initial_mode(0, x);
  PlateRun run;
  EnergyLedger ledger;
  auto observe = [&](double t, VecCRef xs, const Mode& m) {
    const Energy e = model.energy(t, xs, m);
    ledger.add(t, e);
    run.samples.push_back({t, xs[0], xs[1], xs[2], model.force(xs, m), e.kinetic, e.potential,
                           ledger.dissipation(ledger.size() - 1), m[0]});
  };
  run.stats = integrate(model, 0, c.t_end, x, mode, c.solver, observe);
  run.energy_created = ledger.energy_created();
  run.v_end = x[0];
  run.xi_end = x[1];
  if (c.solver.events) {
    // A contact that starts sliding (the Coulomb test fails at t = 0) in the stick mode: the D-SDS slide of zero
    // length (s v0 >= -v*), a slide -> stick at t = 0 like the exact solution's.
    if (std::abs(-c.p.k * c.xi0 - c.p.gamma * c.v0) > c.p.fmax && model.initial_mode(0, (Vec(3) << c.v0, c.xi0, 0.0).finished())[0] == stick_mode)
      run.t_stick = 0.0;
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == stick_mode && e.mode_before[0] != stick_mode) run.t_stick = e.t;
  } else {
    // Without events: the last sample-to-sample change from sliding (|F_S| > F_max) to sticking,
    // interpolated linearly in |F_S| - F_max.
    auto excess = [&](const PlateSample& s) { return std::abs(-c.p.k * s.xi - c.p.gamma * s.v) - c.p.fmax; };
    for (std::size_t i = 1; i < run.samples.size(); ++i) {
      const double a = excess(run.samples[i - 1]), b = excess(run.samples[i]);
      if (a > 0 && b <= 0) {
        const double ta = run.samples[i - 1].t, tb = run.samples[i].t;
        run.t_stick = ta + (tb - ta) * a / (a - b);
      }
    }
  }
  return run;
}

ExactSlidingPlates exact_plates(const PlateRunConfig& c) {
  return ExactSlidingPlates(c.p, c.law == PlateLaw::csds ? ExactSlidingPlates::Law::csds : ExactSlidingPlates::Law::dsds,
                            c.v0, c.xi0, c.t_end);
}

std::string run_label(const PlateRunConfig& c) {
  std::ostringstream s;
  s << to_string(c.law) << "_" << to_string(c.solver.kind) << "_dt" << c.solver.dt << (c.solver.events ? "_events" : "");
  return s.str();
}

void write_plate_csv(const std::filesystem::path& path, const PlateRun& run) {
  CsvWriter csv(path, {"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]", "W [n.u.]", "E_kin [n.u.]", "E_spring [n.u.]",
                       "D [n.u.]", "mode"});
  for (const auto& s : run.samples)
    csv.row({s.t, s.v, s.xi, s.force, s.work, s.e_kin, s.e_spring, s.dissipation, static_cast<double>(s.mode)});
  csv.close();
}

std::vector<PlateSample> read_plate_csv(const std::filesystem::path& path) {
  std::vector<PlateSample> samples;
  for (const auto& r : read_csv(path))
    samples.push_back({r.at(0), r.at(1), r.at(2), r.at(4), r.at(3), r.at(5), r.at(6), r.at(7), static_cast<int>(r.at(8))});
  return samples;
}

void write_exact_plates_csv(const std::filesystem::path& path, const ExactSlidingPlates& exact, double t_end) {
  CsvWriter csv(path, {"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]", "W [n.u.]", "mode"});
  const int n = 4000;
  for (int i = 0; i <= n; ++i) {
    const double t = t_end * i / n;
    const auto s = exact.at(t);
    csv.row({t, s.v, s.xi, s.force, s.work, static_cast<double>(s.kind)});
  }
  csv.close();
}

double kinetic_energy_at(const std::vector<PlateSample>& s, double t) {
  std::size_t lo = 0, hi = s.size() - 1;
  if (t <= s[lo].t) return s[lo].e_kin;
  if (t >= s[hi].t) return s[hi].e_kin;
  while (hi - lo > 1) {
    const std::size_t mid = (lo + hi) / 2;
    (s[mid].t <= t ? lo : hi) = mid;
  }
  const double w = (t - s[lo].t) / (s[hi].t - s[lo].t);
  return (1 - w) * s[lo].e_kin + w * s[hi].e_kin;
}

std::vector<std::pair<double, double>> kinetic_energy_difference(const std::vector<PlateSample>& a,
                                                                 const std::vector<PlateSample>& b) {
  std::vector<std::pair<double, double>> d;
  for (const auto& s : a) d.emplace_back(s.t, s.e_kin - kinetic_energy_at(b, s.t));
  return d;
}

std::vector<AuxiliaryState> midpoint_auxiliary_states(const PlateRunConfig& c, const PlateRun& r) {
  const SlidingPlates model(c.p, c.law, false);
  const double dt = c.solver.dt;
  std::vector<AuxiliaryState> aux;
  Vec x(3), f(3), u1(3);
  const Mode mode{free_mode};
  for (std::size_t i = 0; i + 1 < r.samples.size(); ++i) {
    const auto& s = r.samples[i];
    x << s.v, s.xi, s.work;
    model.rhs(s.t, x, mode, f);
    u1 = x + 0.5 * dt * f;
    model.adjust(s.t, x, u1, mode);
    aux.push_back({s.t + 0.5 * dt, u1[0], u1[1], model.force(u1, mode)});
  }
  return aux;
}

double dsds_reset_energy(const PlateRunConfig& c) {
  PlateRunConfig cx = c;
  cx.law = PlateLaw::dsds_dae;
  const auto ex = exact_plates(cx);
  return 0.5 * c.p.k * (ex.xi_start() * ex.xi_start() - c.xi0 * c.xi0);
}

EnergySweepPoint energy_sweep_point(const PlateRunConfig& base, double v0, double dt) {
  auto created = [&](PlateLaw law, SolverKind solver, bool events) {
    PlateRunConfig c = base;
    c.v0 = v0;
    c.law = law;
    c.solver.kind = solver;
    c.solver.events = events;
    c.solver.dt = dt;
    return c.law == PlateLaw::csds && !(c.p.gamma > 0) ? 0.0 : run_plates(c).energy_created;
  };
  EnergySweepPoint p{v0, 0, 0, 0, 0};
  p.dsds_euler = created(PlateLaw::dsds, SolverKind::euler, false);
  p.dsds_dae_ida = created(PlateLaw::dsds_dae, SolverKind::ida, true);
  p.csds_euler = created(PlateLaw::csds, SolverKind::euler, false);
  PlateRunConfig c = base;
  c.v0 = v0;
  p.dsds_exact_jump = std::max(0.0, dsds_reset_energy(c));
  return p;
}

}  // namespace stickslip
