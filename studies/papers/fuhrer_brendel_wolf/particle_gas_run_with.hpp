// studies/papers/fuhrer_brendel_wolf/particle_gas_run_with.hpp — the body of one granular-gas run for any normal and
// tangential law object (studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp's run_gas dispatches the registered
// laws by name to it; the dsds-cooling study instantiates it for its own law variants,
// studies/papers/fuhrer_brendel_wolf/dsds_cooling_gas.cpp). N spheres of make_granular_gas
// (models/particles/granular_gas.hpp) cool freely in a periodic box under velocity Verlet; every sample_every steps
// T_tr, T_rot, the homogeneity indices and the collision count are recorded; every collision's onset
// (models/particles/collision_log.hpp) is logged and binned in v_t with Fuehrer-Brendel-Wolf's closed form; the energy
// ledger. Stops after `steps` steps, or at the first sample with T_tr < stop_temperature, or once a homogeneity index
// has stayed above stop_density_index / stop_velocity_index while 2 x stop_persist_collisions collisions happened
// (homogeneous cooling over; models/particles/granular_gas.hpp), whichever comes first.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "models/particles/collision_log.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "studies/experiment/output.hpp"
#include "solvers/particles/particle_dumps.hpp"
#include "studies/papers/fuhrer_brendel_wolf/particle_gas_runs.hpp"
#include "studies/experiment/particle_ledger.hpp"

namespace stickslip {

// The collision onsets in vt_bins bins of v_t: the count, the mean energy created and the mean of the D-SDS closed
// form (eq. 11, dt -> 0); the totals of both over every onset.
template <class Normal>
nlohmann::json gas_onset_bins(const GasConfig& g, const Normal& normal, const CollisionLog& log, double& created_total,
                              double& e11_total) {
  using nlohmann::json;
  std::vector<double> bin_count(g.vt_bins, 0), bin_created(g.vt_bins, 0), bin_e11(g.vt_bins, 0);
  created_total = 0, e11_total = 0;
  for (const CollisionOnset& c : log.onsets) {
    const double e11 = dsds_onset_energy(g.kt, g.gamma_t, g.mu, c.m_star, c.vt, touch_force(normal, c.m_star, c.vn));
    created_total += c.created, e11_total += e11;
    const double where = g.vt_bin_max > 0 ? c.vt / g.vt_bin_max * g.vt_bins : 0.0;
    const int b = std::clamp(static_cast<int>(std::min(where, 1e9)), 0, g.vt_bins - 1);
    bin_count[b] += 1, bin_created[b] += c.created, bin_e11[b] += e11;
  }
  json bins = json::array();
  for (int b = 0; b < g.vt_bins; ++b)
    bins.push_back({{"vt_lo", g.vt_bin_max * b / g.vt_bins},
                    {"vt_hi", b + 1 == g.vt_bins ? json_number(INFINITY) : json(g.vt_bin_max * (b + 1) / g.vt_bins)},
                    {"count", bin_count[b]},
                    {"created_mean", json_number(bin_count[b] > 0 ? bin_created[b] / bin_count[b] : NAN)},
                    {"eq11_mean", json_number(bin_count[b] > 0 ? bin_e11[b] / bin_count[b] : NAN)}});
  return bins;
}

// gas_onsets_<tag>.csv: at most about scatter_max onsets, evenly strided, with eq. 11's energy beside each.
template <class Normal>
void write_onset_scatter(const std::filesystem::path& path, const GasConfig& g, const Normal& normal,
                         const CollisionLog& log) {
  CsvWriter csv(path, {"t [s]", "v_n [m/s]", "v_t [m/s]", "m_star [kg]", "f_n [N]", "created [J]", "eq11 dt->0 [J]"});
  const std::size_t stride = std::max<std::size_t>(1, log.onsets.size() / static_cast<std::size_t>(g.scatter_max));
  for (std::size_t q = 0; q < log.onsets.size(); q += stride) {
    const CollisionOnset& c = log.onsets[q];
    csv.row({c.t, c.vn, c.vt, c.m_star, c.fn, c.created,
             dsds_onset_energy(g.kt, g.gamma_t, g.mu, c.m_star, c.vt, touch_force(normal, c.m_star, c.vn))});
  }
  csv.close();
}

template <class Normal, class Tangential>
nlohmann::json run_gas_with(const GasConfig& g, const Normal& normal, const Tangential& tangential,
                            const std::string& law, std::uint64_t seed, bool scatter, const StudyContext& ctx) {
  using nlohmann::json;
  const auto wall0 = std::chrono::steady_clock::now();
  CollisionLog log;
  ParticleEngine<Normal, OnsetRecording<Tangential>> e;
  e.normal = normal;
  e.tangential = OnsetRecording<Tangential>(tangential, &log);
  e.skin = g.skin;
  e.threads = g.threads;
  GasSpec spec = g.spec;
  spec.seed = seed;
  GranularState s = make_granular_gas(spec, e.boundaries);
  const std::size_t n = s.bodies.size();
  ParticleLedger ledger;
  engine_setup(e, s, &ledger);
  const std::string tag = g.tag_prefix + law + "_s" + std::to_string(seed);

  ParticleDumps dumps(g.dump_every, ctx.out_dir / "dumps", "gas_" + tag);
  dumps.write(0, e, s);

  std::vector<double> ts, ttr, trot, dens, velc, coll;
  double above_since = -1;  // collision count when the indices last went above their stop limits (-1: not above)
  auto sample = [&] {
    const GasTemperatures t = gas_temperatures(s.bodies);
    const Homogeneity h = gas_homogeneity(s.bodies, e.boundaries.box);
    if (!std::isfinite(t.translational) || !std::isfinite(t.rotational))
      throw SolverError("granular-gas[" + tag + "]: non-finite temperature at t = " + format_value(s.t));
    ts.push_back(s.t);
    ttr.push_back(t.translational);
    trot.push_back(t.rotational);
    dens.push_back(h.density_index);
    velc.push_back(h.velocity_index);
    coll.push_back(static_cast<double>(log.onsets.size()));
    const bool out = (g.stop_density_index > 0 && h.density_index > g.stop_density_index) ||
                     (g.stop_velocity_index > 0 && h.velocity_index > g.stop_velocity_index);
    above_since = out ? (above_since < 0 ? coll.back() : above_since) : -1;
  };
  sample();
  EngineStepper stepper;  // velocity Verlet
  const VerletStats& st = stepper.verlet;
  const long report = std::max(1L, g.steps / 10);
  std::string stopped = "steps";
  log.t = s.t;  // the onsets' time: the start of the step that records them
  simulate(e, s, stepper, {.dt = g.dt, .steps = g.steps, .ledger = &ledger}, [&](const GranularState&, long k) {
    if (k % g.sample_every == 0 || k == g.steps) {
      sample();
      if (g.stop_temperature > 0 && ttr.back() < g.stop_temperature) {
        stopped = "temperature";
        return Flow::stop;
      }
      if (g.stop_persist_collisions > 0 && above_since >= 0 && coll.back() - above_since >= 2 * g.stop_persist_collisions) {
        stopped = "inhomogeneous";
        return Flow::stop;
      }
    }
    dumps.write(k, e, s);
    if (k % report == 0)
      ctx.log << "granular-gas[" << tag << "]: step " << k << "/" << g.steps << ", T_tr/T0 = " << ttr.back() / ttr.front()
              << ", collisions " << log.onsets.size() << "\n";
    log.t = s.t;
    return Flow::go_on;
  });
  dumps.close();
  log.sort();

  // Collision onsets: energy created against v_t, with the D-SDS closed form (dt -> 0).
  double created_total = 0, e11_total = 0;
  const json bins = gas_onset_bins(g, normal, log, created_total, e11_total);
  if (scatter && !log.onsets.empty()) write_onset_scatter(ctx.out_dir / ("gas_onsets_" + tag + ".csv"), g, normal, log);
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
  ctx.log << "granular-gas[" << tag << "]: done in " << wall << " s, " << log.onsets.size() << " collisions, T_tr/T0 = "
          << ttr.back() / ttr.front() << "\n";
  return {{"law", law},
          {"seed", seed},
          {"particles", n},
          {"steps", st.steps},
          {"stopped_by", stopped},
          {"rebuilds", st.rebuilds},
          {"wall_seconds", json_number(wall)},
          {"t", ts},
          {"T_tr", ttr},
          {"T_rot", trot},
          {"density_index", dens},
          {"velocity_index", velc},
          {"collisions", coll},
          {"onsets", {{"count", log.onsets.size()},
                      {"created_total", json_number(created_total)},
                      {"eq11_total", json_number(e11_total)},
                      {"bins", bins}}},
          {"ledger", ledger_json(ledger)}};
}

}  // namespace stickslip
