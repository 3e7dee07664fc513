#include "studies/plate_runs.hpp"

#include <cmath>
#include <sstream>

#include "core/energy_ledger.hpp"
#include "solvers/integrate.hpp"

namespace stickslip {

PlateRun run_plates(const PlateRunConfig& c) {
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

}  // namespace stickslip
