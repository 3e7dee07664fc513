// studies/systems/block_chain_study.cpp — `stickslip run block-chain`: n identical blocks on a slope, neighbours
// coupled by springs, each with its own frictional contact (models/system/: a system of n contacts decided
// together).
//   m q_i'' = m g sin(a) + k_c (q_{i+1} - 2 q_i + q_{i-1}) + F_i,   F_n,i = m g cos(a),   |F_i| <= mu F_n,i (Coulomb),
// q_i the displacement of block i down the slope from its start (the springs are at rest length there; the end
// blocks have one neighbour). Released together with v0 down the slope the springs stay unloaded, and every block
// is the one-block solution: below the friction angle it stops at t = v0 / (g (mu cos a - sin a)) and stays; above it
// slides on at g (sin a - mu cos a). With displace > 0 the blocks start at rest, the first one displaced by
// `displace` down the slope: its spring pushes the next, and a stick/slip wave runs down the chain.
// Runs: every friction x solver (lists); a pair the law has no form for is skipped and listed (stderr and summary).
// summary.json: "results": one entry per run with t_stop (s: when the last block comes to rest, null if they slide
// on), drift (m: the largest displacement after t_stop), the errors of t_stop and of the final positions against the
// closed form (released together), the run's steps, events and wall time; "exact": the closed form.
// Outputs: runs/<friction>_<solver>.csv (positions and velocities), space_time.csv and space_time.png (stuck blocks
// against t, first run), positions.png (q_i(t) of the first run with the closed form). converge's observables:
// t_stop and q_mean (mean displacement at t_end), both with the closed form as reference (released together).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/contact/registry.hpp"
#include "solvers/system_run.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/experiment/system_study.hpp"
#include "studies/systems/system_series.hpp"

namespace stickslip {
namespace {

struct Chain {
  std::size_t n = 5;
  double angle = 0, mu = 0.5, v0 = 0.5, k_c = 1000, m = 1, g = 9.81, displace = 0, t_end = 2;
  // The closed form of the chain released together: deceleration d = g (mu cos a - sin a) (< 0: it accelerates).
  double deceleration() const { return g * (mu * std::cos(angle) - std::sin(angle)); }
  std::optional<double> t_stop_exact() const {
    if (displace != 0) return std::nullopt;
    const double d = deceleration();
    if (v0 == 0) return d >= 0 ? std::optional<double>(0.0) : std::nullopt;
    if (d > 0 && v0 / d <= t_end) return v0 / d;
    return std::nullopt;
  }
  // Displacement of every block at t (released together).
  double q_exact(double t) const {
    const double d = deceleration();
    if (d > 0 && v0 > 0) {
      const double ts = v0 / d, tt = std::min(t, ts);
      return v0 * tt - 0.5 * d * tt * tt;
    }
    if (d >= 0 && v0 == 0) return 0;
    return v0 * t - 0.5 * d * t * t;
  }
};

Chain chain_of(const Parameters& prm) {
  Chain c;
  c.n = static_cast<std::size_t>(prm.integer("n", 1, 100000));
  c.angle = prm.in_range("angle_deg", 0, 89.9) * M_PI / 180;
  c.mu = prm.nonnegative("mu");
  c.v0 = prm.nonnegative("v0");
  c.k_c = prm.nonnegative("k_c");
  c.m = prm.positive("m");
  c.g = prm.positive("g");
  c.displace = prm.real("displace");
  c.t_end = prm.positive("t_end");
  if (c.displace != 0 && c.v0 != 0)
    prm.require_relation(false, {"displace", "v0"}, "displace starts the blocks at rest: give v0=0 with displace != 0");
  // The weight's components are forces of the system: they must be numbers.
  prm.require_relation(std::isfinite(c.m * c.g), {"m", "g"}, "needs a finite weight m g (m=" + prm.raw("m") + ", g=" + prm.raw("g") + ")");
  return c;
}

SystemSpec chain_spec(const Chain& c, const std::string& law, const LawValues& values) {
  SystemBuilder b("block chain");
  const double fn = c.m * c.g * std::cos(c.angle), pull = c.m * c.g * std::sin(c.angle);
  for (std::size_t i = 0; i < c.n; ++i) {
    const std::size_t k = b.body(fmt::format("b{}", i), c.m, i == 0 ? c.displace : 0.0, c.v0);
    b.force(fmt::format("g{}", i), k, TimeFunction::of(pull));
    LawValues v = values;
    v.law_key = "friction";
    b.contact(fmt::format("c{}", i), {{k, 1.0}}, law, v, fn);
    if (i > 0 && c.k_c > 0) b.spring(fmt::format("k{}", i), b.at(k - 1), b.at(k), c.k_c);
  }
  return b.build();
}

// The laws that run on 1-D contacts (the registry's).
const std::vector<std::string>& chain_laws() {
  static const std::vector<std::string> laws = laws_running(RelationKind::one_d, drivers_of(RelationKind::one_d));
  return laws;
}

struct Config {
  std::string law, solver;
};

class BlockChainStudy final : public Study {
 public:
  std::string name() const override { return "block-chain"; }
  std::string summary() const override {
    return "n blocks on a slope coupled by springs, one frictional contact each (a system decided together): rest "
           "time, drift and the stick/slip wave against the closed form";
  }

  Parameters parameters() const override {
    Parameters p("block-chain");
    p.declare("n", "5", "number of blocks")
        .declare("angle_deg", "20", "slope angle [deg]")
        .declare("mu", "0.5", "friction coefficient of every block (the laws' mu)")
        .declare("v0", "0.5", "initial speed of every block down the slope [m/s] (released together)")
        .declare("displace", "0", "start at rest with the first block displaced this far down the slope [m] (a stick/slip wave; needs v0=0)")
        .declare("k_c", "1000", "stiffness of the springs between neighbours [N/m]")
        .declare("m", "1", "mass of each block [kg]")
        .declare("g", "9.81", "gravity [m/s^2]")
        .declare("friction", "coulomb", "friction laws (list): " + join(chain_laws()))
        .declare("t_end", "2", "end time [s]");
    declare_system_run_keys(p, {"filippov:dopri5,ida,moreau",
                                "integrator specs (list): " + join(system_schemes()) + ", filippov:SCHEME", "0.001"});
    declare_law_parameters(p, chain_laws(), {"mu"});
    return p;
  }

  static LawValues values_of(const Parameters& prm, const std::string& law) {
    return law_values(prm, law, LawValues().set("mu", prm.nonnegative("mu"), "mu", prm.raw("mu")), "friction");
  }

  std::vector<Observable> observables() const override {
    const auto observable = [](std::string name, std::string unit, std::string help, bool stop) {
      Observable o;
      o.name = std::move(name), o.unit = std::move(unit), o.help = std::move(help);
      o.integrators = system_schemes();
      o.default_solvers = {"filippov:rk4", "ida", "moreau"};
      o.work_solvers = {"filippov:rk4", "filippov:dopri5", "ida", "moreau"};
      o.default_dt = "0.01:0.000625:5";
      o.default_rtol = "1e-4:1e-10:7";
      o.measure = [stop](const Parameters& prm, const IntegratorSpec& spec, double h) {
        const Chain c = chain_of(prm);
        const std::string law = prm.choice("friction", chain_laws());
        SystemRunSettings st = system_run_settings(prm);
        st.solver = spec.text();
        if (spec.adaptive()) st.rtol = h, st.atol = h * 1e-3;
        else st.dt = h;
        const SystemSpec s = chain_spec(c, law, values_of(prm, law));
        SystemSeries series(s, {});
        const SystemRunResult r = simulate(s, st, 0, c.t_end, series.observer());
        series.finish();
        double value = 0;
        if (stop) {
          if (!series.t_stop()) throw SolverError("block-chain: " + spec.text() + " does not come to rest before t_end");
          value = *series.t_stop();
        } else {
          for (double q : series.q_end()) value += q / static_cast<double>(c.n);
        }
        return ObservableValue{value, r.stats.rhs_evals, r.stats.steps};
      };
      o.exact = [stop](const Parameters& prm) -> std::optional<double> {
        const Chain c = chain_of(prm);
        if (c.displace != 0) return std::nullopt;
        if (stop) return c.t_stop_exact();
        return c.q_exact(c.t_end);
      };
      return o;
    };
    return {observable("t_stop", "s", "time the last block comes to rest (released together below the friction angle)", true),
            observable("q_mean", "m", "mean displacement of the blocks at t_end", false)};
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"t_stop", "s"}, {"drift", "m"}, {"t_stop_error", "s"}, {"q_error", "m"}, {"wall_s", "s"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const Chain c = chain_of(prm);
    const std::vector<std::string> laws = prm.choice_list("friction", chain_laws());
    const std::vector<std::string> solvers = split_list(prm.raw("solver"));
    if (solvers.empty()) throw_input("solver", prm.raw("solver"), "give at least one integrator spec");
    SystemRunSettings base = system_run_settings(prm);
    prm.require_relation(base.dt <= c.t_end, {"dt", "t_end"}, "needs dt <= t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
    (void)checked_count(prm, "dt", base.dt, "t_end", c.t_end, kMaxSamples, "samples per run");
    // The pairs that run; the others skipped with the reason (the one rule of validate_system_run).
    std::vector<Config> configs;
    nlohmann::json skipped = nlohmann::json::array();
    for_each_product(
        [&](const std::string& law, const std::string& solver) {
          SystemRunSettings st = base;
          st.solver = solver;
          try {
            validate_system_run(chain_spec(c, law, values_of(prm, law)), st, 0, c.t_end);
            configs.push_back({law, solver});
          } catch (const InputError& e) {
            if (e.key != "solver" && e.key.rfind("contact.", 0) != 0 && e.key != "law") throw;
            skipped.push_back({{"friction", law}, {"solver", solver}, {"reason", e.what()}});
            ctx.log << "block-chain: skipped friction=" << law << " solver=" << solver << ": " << e.what() << '\n';
          }
        },
        laws, solvers);
    if (configs.empty()) throw_input("solver", prm.raw("solver"), "no friction x solver pair runs; " + skipped.front().value("reason", ""));
    ctx.plan({{"runs", configs.size()}, {"blocks", c.n}, {"output_points_per_run", step_count(c.t_end, base.dt)}});
    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    const auto label = [](const Config& k) {
      std::string l = k.law + "_" + k.solver;
      std::replace(l.begin(), l.end(), ':', '-');
      return l;
    };
    const nlohmann::json results = run_each(ctx, name(), configs, label, [&](const Config& k) {
      SystemRunSettings st = base;
      st.solver = k.solver;
      const SystemSpec s = chain_spec(c, k.law, values_of(prm, k.law));
      SeriesOptions so;
      so.positions = out / "runs" / (label(k) + ".csv");
      if (&k == &configs.front()) so.space_time = out / "space_time.csv", so.space_time_dt = c.t_end / 400;
      SystemSeries series(s, so);
      const auto start = std::chrono::steady_clock::now();
      const SystemRunResult r = simulate(s, st, 0, c.t_end, series.observer());
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      series.finish();
      nlohmann::json row{{"friction", k.law}, {"solver", k.solver}, {"driver", r.driver}, {"forms", r.forms},
                         {"steps", r.stats.steps}, {"rhs_evals", r.stats.rhs_evals}, {"events", r.stats.events.size()},
                         {"transitions", r.transitions.size()}, {"wall_s", wall}};
      row["t_stop"] = series.t_stop() ? json_number(*series.t_stop()) : nlohmann::json(nullptr);
      row["drift"] = series.drift() ? json_number(*series.drift()) : nlohmann::json(nullptr);
      row["slides_at_t_end"] = !series.t_stop().has_value();
      const std::optional<double> te = c.t_stop_exact();
      row["t_stop_error"] = te && series.t_stop() ? json_number(*series.t_stop() - *te) : nlohmann::json(nullptr);
      if (c.displace == 0) {
        double worst = 0;
        for (double q : series.q_end()) worst = std::max(worst, std::abs(q - c.q_exact(c.t_end)));
        row["q_error"] = json_number(worst);
      } else {
        row["q_error"] = nullptr;
      }
      return row;
    });
    nlohmann::json exact{{"deceleration", json_number(c.deceleration())}, {"q_end", c.displace == 0 ? json_number(c.q_exact(c.t_end)) : nlohmann::json(nullptr)}};
    const std::optional<double> te = c.t_stop_exact();
    exact["t_stop"] = te ? json_number(*te) : nlohmann::json(nullptr);
    figures(c, configs.front(), label(configs.front()), out, ctx);
    return {{"study", name()}, {"results", results}, {"skipped", skipped}, {"exact", exact}, {"blocks", c.n}};
  }

 private:
  static void figures(const Chain& c, const Config& first, const std::string& label,
                      const std::filesystem::path& out, const StudyContext& ctx) {
    const std::size_t shown = std::min<std::size_t>(c.n, 100);
    Figure pos{fmt::format("Block chain: {} blocks on a {:.1f} deg slope, mu = {}, k_c = {} N/m ({}, {})", c.n,
                           c.angle * 180 / M_PI, c.mu, c.k_c, first.law, first.solver),
               1, 1, 1100, 700, {"set key outside right font ',9'", "set grid"}, {}};
    Panel& p = pos.panel("", "t [s]", "displacement down the slope q_i [m]");
    for (std::size_t k = 0; k < std::min<std::size_t>(shown, 12); ++k)
      p.add(Curve::of("runs/" + label + ".csv", "1", std::to_string(2 + k), fmt::format("block {}", k),
                      "lines lw 1.5 lc rgb '" + curve_color(k) + "'"));
    if (c.displace == 0) {
      const double d = c.deceleration();
      const std::string q = d > 0 && c.v0 > 0
                                ? fmt::format("(x < {0} ? {1}*x - 0.5*{2}*x*x : {1}*{0} - 0.5*{2}*{0}*{0})", c.v0 / d, c.v0, d)
                                : fmt::format("{}*x - 0.5*{}*x*x", c.v0, d);
      p.add(Curve::fn(q, "closed form (every block)", "lines dt 2 lw 2 lc rgb 'black'"));
    }
    render_figure(out / "positions.png", pos, ctx.log);
    Figure st{fmt::format("Stick (dark) and slip (light) of each block against time ({}, {})", first.law, first.solver),
              1, 1, 1100, 700, {"set palette defined (0 '#fde68a', 1 '#1e3a8a')", "unset colorbox"}, {}};
    st.panel("", "t [s]", "block [index from the top of the slope]").add(Curve::of("space_time.csv", "1", "2:4", "", "image"));
    render_figure(out / "space_time.png", st, ctx.log);
  }
};

}  // namespace

std::unique_ptr<Study> make_block_chain_study() { return std::make_unique<BlockChainStudy>(); }

}  // namespace stickslip
