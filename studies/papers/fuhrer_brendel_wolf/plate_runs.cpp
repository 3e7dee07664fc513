// studies/papers/fuhrer_brendel_wolf/plate_runs.cpp — see plate_runs.hpp.
#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <sstream>

#include "models/contact/registry.hpp"
#include "core/energy_ledger.hpp"
#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

ContactSystem plates_system_of(const PlateRunConfig& c) {
  const std::string solver = (c.filippov ? "filippov:" : "") + to_string(c.solver.kind);
  return plates_system(c.p, c.law, driver_of(c.solver.kind, c.filippov), c.solver.events, c.law_values, solver);
}

PlateRun run_plates(const PlateRunConfig& c, const PlateSampleSink& sink) {
  // Without a sink every step (or output point) is kept as a sample: refused past the shared memory limit before the
  // run. A sink takes them as they come (the sliding-plates study streams them to the run's CSV).
  if (!sink)
    require_count("dt", format_value(c.solver.dt), step_count(c.t_end, c.solver.dt), kMaxSamples,
                  "t_end / dt = " + format_value(c.t_end) + " / " + format_value(c.solver.dt), "samples per run",
                  "raise dt or lower t_end");
  const ContactSystem sys = plates_system_of(c);
  const bool has_spring = sys.size() == 3;
  Vec x(static_cast<Eigen::Index>(sys.size()));
  if (has_spring) x << c.v0, c.xi0, 0.0;
  else x << c.v0, 0.0;
  const Eigen::Index w = has_spring ? 2 : 1;
  Mode mode = contact_initial_mode(sys, 0, x);
  // A contact that starts sliding (the Coulomb test fails at t = 0) in the stick mode: the D-SDS slide of zero
  // length (s v0 >= -v*), a slide -> stick at t = 0 like the exact solution's.
  const bool slide_of_zero_length = c.solver.events && sys.model && !mode.empty() && mode[0] == stick_mode &&
                                    sys.model->excess(0, x) > 0;
  PlateRun run;
  auto energy = [&](double t, VecCRef xs, const Mode& m) {
    if (sys.model) return sys.model->energy(t, xs, m);
    return Energy{0.5 * c.p.m * xs[0] * xs[0], 0, xs[w]};
  };
  // The ledger of core/energy_ledger.hpp as running quantities: D(t) = -(W - W(0)) - (U - U(0)) against the first
  // sample, and its lowest value (energy_created = max(0, -min D)).
  std::optional<Energy> e0;
  double lowest_dissipation = 0;
  // Without events: the last sample-to-sample change from sliding (|F_S| > F_max) to sticking, interpolated
  // linearly in |F_S| - F_max (laws with a spring-dashpot-slider test only), from each sample and the one before.
  const bool sampled_stick = !(c.solver.events || sys.filippov) && sys.model;
  std::optional<std::pair<double, double>> previous;  // (t, excess) of the sample before
  Vec y(3);
  auto observe = [&](const ContactSample& s) {
    const Energy e = energy(s.t, s.x, s.mode);
    if (!e0) e0 = e;
    const double dissipation = -(e.work - e0->work) - (e.potential - e0->potential);
    lowest_dissipation = std::min(lowest_dissipation, dissipation);
    const PlateSample q{s.t, s.x[0], has_spring ? s.x[1] : 0.0, s.x[w], s.force, e.kinetic, e.potential, dissipation,
                        s.mode.empty() ? 0 : s.mode[0]};
    if (sampled_stick) {
      y << q.v, q.xi, q.work;
      const double b = sys.model->excess(q.t, y);
      if (previous && previous->second > 0 && b <= 0) {
        const auto [ta, a] = *previous;
        run.t_stick = ta + (q.t - ta) * a / (a - b);
      }
      previous = {q.t, b};
    }
    if (sink) sink(q);
    else run.samples.push_back(q);
  };
  run.stats = simulate(sys, {0, c.t_end, c.solver}, x, mode, observe);
  run.energy_created = lowest_dissipation < 0 ? -lowest_dissipation : 0.0;
  run.v_end = x[0];
  run.xi_end = has_spring ? x[1] : 0.0;
  const int stuck = sys.filippov ? 0 : stick_mode;  // the Filippov driver's sliding mode holds v = 0
  if (c.solver.events || sys.filippov) {
    if (slide_of_zero_length) run.t_stick = 0.0;
    for (const auto& e : run.stats.events)
      if (e.mode_after[0] == stuck && e.mode_before[0] != stuck) run.t_stick = e.t;
  }
  return run;
}

namespace {
const std::vector<std::string> kPlateColumns{"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]", "W [n.u.]",
                                             "E_kin [n.u.]", "E_spring [n.u.]", "D [n.u.]", "mode"};
void plate_row(CsvWriter& csv, const PlateSample& s) {
  csv.row({s.t, s.v, s.xi, s.force, s.work, s.e_kin, s.e_spring, s.dissipation, static_cast<double>(s.mode)});
}

// A sample with a non-finite value ends the run as the solver's failure, before the CSV writer refuses the row: an
// energy overflows a step before the state does when a scheme diverges past its stability limit.
void require_finite_sample(const PlateSample& s, const PlateRunConfig& c) {
  const double values[] = {s.t, s.v, s.xi, s.force, s.work, s.e_kin, s.e_spring, s.dissipation};
  for (std::size_t i = 0; i < std::size(values); ++i)
    if (!std::isfinite(values[i]))
      throw SolverError(fmt::format("{}: the run diverged at t={:g}: {} = {} (the step is beyond the scheme's stability "
                                    "limit, or the state overflowed)",
                                    to_string(c.solver.kind), s.t, kPlateColumns[i], values[i]));
}
}  // namespace

PlateRun run_plates_to_csv(const PlateRunConfig& c, const std::filesystem::path& path) {
  CsvWriter csv(path, kPlateColumns);
  PlateRun run = run_plates(c, [&](const PlateSample& s) {
    require_finite_sample(s, c);
    plate_row(csv, s);
  });
  csv.close();
  return run;
}

std::optional<ExactSlidingPlates> exact_plates(const PlateRunConfig& c) {
  return exact_plates_of(c.p, c.law, c.v0, c.xi0, c.t_end);
}

std::string run_label(const PlateRunConfig& c) {
  std::ostringstream s;
  s << c.law << "_" << (c.filippov ? "filippov-" : "") << to_string(c.solver.kind) << "_dt" << c.solver.dt << (c.solver.events ? "_events" : "");
  return s.str();
}

void write_plate_csv(const std::filesystem::path& path, const PlateRun& run) {
  CsvWriter csv(path, kPlateColumns);
  for (const auto& s : run.samples) plate_row(csv, s);
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

nlohmann::json write_exact_solutions(const std::filesystem::path& out, const PlateRunConfig& base) {
  nlohmann::json exact_json;
  for (const char* law : {"csds", "dsds-dae"}) {
    if (law == std::string("csds") && !(base.p.gamma > 0)) continue;
    PlateRunConfig c = base;
    c.law = law;
    const ExactSlidingPlates ex = *exact_plates(c);
    const std::string key = law == std::string("csds") ? "csds" : "dsds";
    write_exact_plates_csv(out / ("exact_" + key + ".csv"), ex, base.t_end);
    exact_json[key] = {{"t_stick", ex.t_stick() ? json_number(*ex.t_stick()) : nullptr},
                       {"v_end", ex.at(base.t_end).v}, {"xi_end", ex.at(base.t_end).xi}};
  }
  exact_json["dsds"]["energy_created"] = dsds_reset_energy(base);
  return exact_json;
}

nlohmann::json plate_run_row(const PlateRunConfig& c, const PlateRun& r) {
  nlohmann::json row{{"friction", c.law},
                     {"solver", (c.filippov ? "filippov:" : "") + to_string(c.solver.kind)},
                     {"dt", c.solver.dt},
                     {"events", c.solver.events},
                     {"xi_end", r.xi_end},
                     {"v_end", r.v_end},
                     {"energy_created", r.energy_created},
                     {"steps", r.stats.steps},
                     {"rhs_evals", r.stats.rhs_evals},
                     {"root_evals", r.stats.root_evals},
                     {"switches", r.stats.events.size()},
                     {"csv", "runs/" + run_label(c) + ".csv"}};
  put_transition_time(row, "t_stick", r.t_stick ? *r.t_stick : std::nan(""), c.solver.events, c.solver.dt);
  return row;
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

namespace {
// The auxiliary state of the step that starts at sample s (model: c's law without events, in its free mode).
AuxiliaryState midpoint_auxiliary_state(const ContactModelBase& model, double dt, const PlateSample& s) {
  Vec x(3), f(3), u1(3);
  const Mode mode{free_mode};
  x << s.v, s.xi, s.work;
  model.rhs(s.t, x, mode, f);
  u1 = x + 0.5 * dt * f;
  model.adjust(s.t, x, u1, mode);
  return {s.t + 0.5 * dt, u1[0], u1[1], model.contact_force(s.t + 0.5 * dt, u1, mode)};
}
ContactSystem free_system(const PlateRunConfig& c) {
  PlateRunConfig free = c;
  free.solver.events = false;
  return plates_system_of(free);
}
}  // namespace

std::vector<AuxiliaryState> midpoint_auxiliary_states(const PlateRunConfig& c, const PlateRun& r) {
  const ContactSystem sys = free_system(c);
  std::vector<AuxiliaryState> aux;
  for (std::size_t i = 0; i + 1 < r.samples.size(); ++i)
    aux.push_back(midpoint_auxiliary_state(*sys.model, c.solver.dt, r.samples[i]));
  return aux;
}

PlateRunConfig fig4_config(const PlateRunConfig& base, double dt) {
  PlateRunConfig c = base;
  c.law = "dsds-stage";
  c.solver.kind = Scheme::midpoint;
  c.solver.dt = dt;
  c.solver.events = false;
  c.p.validate();
  return c;
}

nlohmann::json run_fig4(const std::filesystem::path& runs_dir, const PlateRunConfig& c) {
  // Both files streamed as the run goes: each step's auxiliary state once the step has ended (the last sample
  // starts no step).
  const ContactSystem sys = free_system(c);
  CsvWriter steps(runs_dir / "fig4_midpoint.csv", kPlateColumns);
  CsvWriter aux(runs_dir / "fig4_auxiliary.csv", {"t [n.u.]", "v [n.u.]", "xi [n.u.]", "F [n.u.]"});
  std::optional<PlateSample> previous;
  const PlateRun r = run_plates(c, [&](const PlateSample& s) {
    plate_row(steps, s);
    if (previous) {
      const AuxiliaryState a = midpoint_auxiliary_state(*sys.model, c.solver.dt, *previous);
      aux.row({a.t, a.v, a.xi, a.force});
    }
    previous = s;
  });
  steps.close();
  aux.close();
  return {{"dt", c.solver.dt}, {"v_end", r.v_end}, {"xi_end", r.xi_end}, {"energy_created", r.energy_created}};
}

double dsds_reset_energy(const PlateRunConfig& c) {
  const ExactSlidingPlates ex(c.p, Dsds{}, c.v0, c.xi0, c.t_end);
  return 0.5 * c.p.k * (ex.xi_start() * ex.xi_start() - c.xi0 * c.xi0);
}

EnergySweepPoint energy_sweep_point(const PlateRunConfig& base, double v0, double dt) {
  auto created = [&](const char* law, Scheme solver, bool events) {
    PlateRunConfig c = base;
    c.v0 = v0;
    c.law = law;
    c.solver.kind = solver;
    c.solver.events = events;
    c.solver.dt = dt;
    // Without a dashpot the C-SDS does not run (eq. 10 divides by gamma); it creates no energy at any gamma (eq. 11).
    if (!(c.p.gamma > 0) && law_creates_no_energy(c.law)) return 0.0;
    return run_plates(c, [](const PlateSample&) {}).energy_created;
  };
  EnergySweepPoint p{v0, 0, 0, 0, 0};
  p.dsds_euler = created("dsds", Scheme::euler, false);
  p.dsds_dae_ida = created("dsds-dae", Scheme::ida, true);
  p.csds_euler = created("csds", Scheme::euler, false);
  PlateRunConfig c = base;
  c.v0 = v0;
  p.dsds_exact_jump = std::max(0.0, dsds_reset_energy(c));
  return p;
}

}  // namespace stickslip
