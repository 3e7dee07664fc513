// studies/systems/burridge_knopoff_study.cpp — `stickslip run burridge-knopoff`: the spring-block model of earthquakes
// of Carlson & Langer, "Mechanical model of an earthquake fault", Phys. Rev. A 40, 6470 (1989), as a system of n
// frictional contacts (models/system/). In Carlson & Langer's units (mass m = 1, leaf spring k_p = 1, static friction
// F_0 = 1: time in 1/omega_p, length in F_0/k_p):
//   x_j'' = l^2 (x_{j+1} - 2 x_j + x_{j-1}) - (x_j - nu t) - F_j,
//   |F_j| <= 1 while block j sticks, F_j = phi(x_j') = (1 - sigma) / (1 + 2 alpha x_j'/(1 - sigma)) while it slips,
// blocks j = 1..n in a row with free ends, each pulled by a leaf spring from the plate that moves at nu, neighbours
// coupled by springs l^2, friction velocity-weakening with a static threshold: the registry's `weakening` law with
// mu F_n = 1, drop = sigma (the fall at the onset of slip) and c_w = 2 alpha/(1 - sigma). The blocks start stuck at
// small random offsets (seed) that break the row's symmetry.
// An earthquake (an event of the catalogue) starts when a block leaves stick while every block was stuck and ends
// when all stick again; its moment is the summed slip of the blocks, M = sum_j (x_j(end) - x_j(start)), its magnitude
// mu = ln M (Carlson & Langer's), its size the number of blocks that slipped. Carlson & Langer's magnitude-frequency
// distribution R(mu) (events per unit magnitude) falls as exp(-b mu), b close to 1, for the small (localised) events
// and has an excess of large (delocalised) events that slip a length of order the system's; the study fits b on the
// small events and reports the share of events larger than l blocks.
// Outputs: catalogue.csv (start [time], duration, blocks, moment, magnitude), magnitude_frequency.csv,
// space_time.csv + space_time.png (each block's slip velocity against time: the ruptures), magnitude_frequency.png
// (R(mu) with the fitted exp(-b mu)), and summary.json (counts, b with its range, the large-event share, the run's
// cost per event). Long runs report their progress on stderr.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <random>

#include "core/errors.hpp"
#include "core/order_fit.hpp"
#include "core/work_limits.hpp"
#include "solvers/system_run.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"
#include "studies/experiment/system_study.hpp"

namespace stickslip {
namespace {

struct Fault {
  std::size_t n = 100;
  double l2 = 100, alpha = 2.5, sigma = 0.01, nu = 0.01, noise = 1e-3, t_end = 2000;
  unsigned long long seed = 1;
};

Fault fault_of(const Parameters& prm) {
  Fault f;
  f.n = static_cast<std::size_t>(prm.integer("n", 2, 100000));
  f.l2 = prm.positive("l2");
  f.alpha = prm.nonnegative("alpha");
  f.sigma = prm.in_range("sigma", 0, 0.99);
  f.nu = prm.positive("nu");
  f.noise = prm.nonnegative("noise");
  f.t_end = prm.positive("t_end");
  f.seed = static_cast<unsigned long long>(prm.integer("seed", 0, 2147483647L));
  return f;
}

SystemSpec fault_spec(const Fault& f) {
  SystemBuilder b("Burridge-Knopoff fault");
  std::mt19937_64 rng(f.seed);
  std::uniform_real_distribution<double> u(-1, 1);
  TimeFunction plate;
  plate.rate = f.nu;
  const SystemEnd drive = SystemBuilder::drive("plate", plate);
  for (std::size_t j = 0; j < f.n; ++j) {
    const std::size_t k = b.body(fmt::format("x{}", j), 1.0, f.noise * u(rng), 0.0);
    b.spring(fmt::format("leaf{}", j), b.at(k), drive, 1.0);
    if (j > 0) b.spring(fmt::format("k{}", j), b.at(k - 1), b.at(k), f.l2);
    b.contact(fmt::format("c{}", j), {{k, 1.0}}, "weakening",
              LawValues().set("mu", 1.0).set("c_w", 2 * f.alpha / (1 - f.sigma)).set("drop", f.sigma), 1.0);
  }
  return b.build();
}

struct Quake {
  double start, duration, moment;
  std::size_t blocks;
};

// The catalogue from the stream of samples: an event from the first slip of an all-stuck row to the next all-stuck.
class Catalogue {
 public:
  explicit Catalogue(std::size_t n) : x0_(n), slipped_(n) {}
  void sample(const SystemSample& s) {
    const bool all = std::all_of(s.stuck.begin(), s.stuck.end(), [](int f) { return f != 0; });
    if (!in_event_ && !all) {
      in_event_ = true, start_ = s.t;
      for (std::size_t j = 0; j < x0_.size(); ++j) x0_[j] = last_q_.empty() ? s.q[static_cast<Eigen::Index>(j)] : last_q_[j];
      std::fill(slipped_.begin(), slipped_.end(), 0);
    }
    if (in_event_)
      for (std::size_t j = 0; j < slipped_.size(); ++j)
        if (!s.stuck[j]) slipped_[j] = 1;
    if (in_event_ && all) {
      in_event_ = false;
      double moment = 0;
      for (std::size_t j = 0; j < x0_.size(); ++j) moment += s.q[static_cast<Eigen::Index>(j)] - x0_[j];
      quakes_.push_back({start_, s.t - start_, moment, static_cast<std::size_t>(std::count(slipped_.begin(), slipped_.end(), 1))});
    }
    last_q_.assign(s.q.data(), s.q.data() + s.q.size());
  }
  const std::vector<Quake>& quakes() const { return quakes_; }

 private:
  std::vector<double> x0_, last_q_;
  std::vector<char> slipped_;
  bool in_event_ = false;
  double start_ = 0;
  std::vector<Quake> quakes_;
};

class BurridgeKnopoffStudy final : public Study {
 public:
  std::string name() const override { return "burridge-knopoff"; }
  std::string summary() const override {
    return "Burridge-Knopoff spring-block fault (Carlson & Langer 1989): n blocks, velocity-weakening friction, the "
           "earthquake catalogue and its magnitude-frequency distribution";
  }

  Parameters parameters() const override {
    Parameters p("burridge-knopoff");
    p.declare("n", "100", "number of blocks")
        .declare("l2", "100", "coupling spring l^2 in units of the leaf spring (Carlson & Langer: l = 10)")
        .declare("alpha", "2.5", "velocity weakening: phi = (1 - sigma)/(1 + 2 alpha v/(1 - sigma)) (Carlson & Langer: 2.5)")
        .declare("sigma", "0.01", "fall of the friction at the onset of slip, in [0, 0.99] (Carlson & Langer: 0.01)")
        .declare("nu", "0.01", "plate velocity [F_0/(k_p) per 1/omega_p] (Carlson & Langer: 0.01)")
        .declare("noise", "0.001", "half-width of the blocks' random initial offsets (breaks the symmetry)")
        .declare("seed", "1", "seed of the initial offsets")
        .declare("t_end", "2000", "end time [1/omega_p]")
        .declare("small_blocks", "10", "events of at most this many blocks are the small ones the b-value is fitted on");
    declare_system_run_keys(p, {"filippov:dopri5", "integrator spec: filippov:SCHEME (every switch located), ida, moreau",
                                "0.05", "1e-8", "1e-10", "off", "1/omega_p"});
    return p;
  }

  std::map<std::string, std::string> result_units() const override { return {{"wall_s", "s"}}; }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const Fault f = fault_of(prm);
    const SystemRunSettings st = system_run_settings(prm);
    const long small = prm.integer("small_blocks", 1, 100000);
    prm.require_relation(st.dt <= f.t_end, {"dt", "t_end"}, "needs dt <= t_end (dt=" + prm.raw("dt") + ", t_end=" + prm.raw("t_end") + ")");
    (void)checked_count(prm, "dt", st.dt, "t_end", f.t_end, kMaxSteps, "output points");
    const SystemSpec spec = fault_spec(f);
    validate_system_run(spec, st, 0, f.t_end);
    ctx.plan({{"runs", 1}, {"blocks", f.n}, {"output_points", step_count(f.t_end, st.dt)}, {"solver", st.solver}});
    const auto& out = ctx.out_dir;
    const nlohmann::json row = ctx.run("fault", [&]() -> nlohmann::json {
      Catalogue cat(f.n);
      CsvWriter space_time(out / "space_time.csv", {"t [1/omega_p]", "block", "slip velocity [F_0 omega_p/k_p]", "stuck [0/1]"});
      double next_row = 0;
      const double row_dt = std::max(st.dt, f.t_end / 2000);
      const auto start = std::chrono::steady_clock::now();
      const SystemRunResult r = simulate(spec, st, 0, f.t_end, [&](const SystemSample& s) {
        cat.sample(s);
        if (s.t >= next_row) {
          for (std::size_t j = 0; j < f.n; ++j)
            space_time.row({s.t, static_cast<double>(j), s.v[static_cast<Eigen::Index>(j)], static_cast<double>(s.stuck[j])});
          next_row = s.t + row_dt;
        }
      });
      const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      space_time.close();
      CsvWriter csv(out / "catalogue.csv", {"start [1/omega_p]", "duration [1/omega_p]", "blocks [count]", "moment [F_0/k_p]", "magnitude [ln moment]"});
      // No magnitude (an empty field) for an event without net forward slip, M <= 0 (under Moreau-Jean a released
      // block pulled back): ln M is not finite there.
      for (const Quake& q : cat.quakes())
        csv.row(std::vector<CsvCell>{q.start, q.duration, static_cast<double>(q.blocks), q.moment,
                                     CsvCell::if_finite(std::log(q.moment))});
      csv.close();
      return {{"driver", r.driver}, {"forms", r.forms}, {"steps", r.stats.steps}, {"rhs_evals", r.stats.rhs_evals},
              {"events_located", r.stats.events.size()}, {"quakes", cat.quakes().size()}, {"wall_s", wall},
              {"wall_per_located_event_s", r.stats.events.empty() ? nlohmann::json(nullptr) : json_number(wall / static_cast<double>(r.stats.events.size()))}};
    });
    // The distribution, from the catalogue on disk (a resumed study did not rerun).
    const auto rows = read_csv(out / "catalogue.csv");
    std::vector<double> mags;
    std::size_t large = 0;
    std::vector<double> small_mags;
    for (const auto& q : rows) {
      if (!(q[3] > 0)) continue;  // a slip with no net forward moment (rounding): no magnitude
      mags.push_back(q[4]);
      if (q[2] > std::sqrt(f.l2)) ++large;
      if (q[2] <= static_cast<double>(small)) small_mags.push_back(q[4]);
    }
    // R(mu): events per unit magnitude per unit time per block, in bins of 0.25.
    const double bin = 0.25;
    std::map<long, std::size_t> counts;
    for (double m : mags) ++counts[static_cast<long>(std::floor(m / bin))];
    std::vector<std::vector<double>> table;
    CsvWriter mf(out / "magnitude_frequency.csv", {"magnitude [ln moment]", "events", "R [per unit magnitude, time and block]"});
    for (const auto& [k, c] : counts) {
      const double mu = (static_cast<double>(k) + 0.5) * bin;
      const double rate = static_cast<double>(c) / bin / f.t_end / static_cast<double>(f.n);
      mf.row({mu, static_cast<double>(c), rate});
      table.push_back({mu, rate});
    }
    mf.close();
    // b from a least-squares line through ln R of the small events' bins (at least 3 bins with 3 events).
    nlohmann::json b_fit = nullptr;
    {
      std::map<long, std::size_t> sc;
      for (double m : small_mags) ++sc[static_cast<long>(std::floor(m / bin))];
      // ln(count) = c - b mu: fit_order's log-log line with h = exp(mu) (its "order" is -b, with its 95 % range).
      std::vector<double> h, e;
      for (const auto& [k, c] : sc)
        if (c >= 3) h.push_back(std::exp((static_cast<double>(k) + 0.5) * bin)), e.push_back(static_cast<double>(c));
      if (h.size() >= 3) {
        const OrderFit fit = fit_order(h, e, std::vector<bool>(h.size(), true));
        // R0: the line's R at mu = 0, in the units of R (counts per bin, time and block).
        b_fit = {{"b", json_number(-fit.order)}, {"ci95", {json_number(-fit.ci_high), json_number(-fit.ci_low)}},
                 {"R0", json_number(std::exp(fit.log_c) / bin / f.t_end / static_cast<double>(f.n))},
                 {"bins", h.size()}, {"events", small_mags.size()}, {"small_blocks", small}};
      }
    }
    nlohmann::json summary{{"study", name()}, {"blocks", f.n}, {"l2", f.l2}, {"alpha", f.alpha}, {"nu", f.nu},
                           {"t_end", f.t_end}, {"run", row}, {"quakes", mags.size()},
                           {"large_quakes", large}, {"large_share", mags.empty() ? nlohmann::json(nullptr) : json_number(static_cast<double>(large) / static_cast<double>(mags.size()))},
                           {"b_small_events", b_fit}};
    figures(f, b_fit, out, ctx);
    return summary;
  }

 private:
  static void figures(const Fault& f, const nlohmann::json& b_fit, const std::filesystem::path& out, const StudyContext& ctx) {
    Figure mf{fmt::format("Magnitude-frequency distribution of the spring-block fault (Carlson & Langer 1989, Fig. 5)\n"
                          "n = {}, l^2 = {}, alpha = {}, nu = {}", f.n, f.l2, f.alpha, f.nu),
              1, 1, 1000, 700, {"set grid", "set format y '%.0e'"}, {}};
    Panel& p = mf.panel("", "magnitude mu = ln(moment)", "R(mu) [events per unit mu, time and block]");
    p.logy = true;
    p.add(Curve::of("magnitude_frequency.csv", "1", "3", "this run", "linespoints pt 7 lw 1.5"));
    if (!b_fit.is_null()) {
      const double b = b_fit.value("b", 1.0), r0 = b_fit.value("R0", 1.0);
      const long small_blocks = b_fit.value("small_blocks", 0L);
      p.add(Curve::fn(fmt::format("{:.17g}*exp(-{:.17g}*x)", r0, b),
                      fmt::format("R0 exp(-b mu) fitted to the events of at most {} blocks: b = {:.2f}", small_blocks, b),
                      "lines dt 2 lw 2 lc rgb 'black'"));
    }
    render_figure(out / "magnitude_frequency.png", mf, ctx.log);
    Figure sp{fmt::format("Ruptures: each block's slip velocity against time (n = {}; white: stuck)", f.n), 1, 1, 1200, 700,
              {"set palette defined (0 'white', 0.01 '#fde68a', 0.5 '#f97316', 1 '#7f1d1d')", "set cblabel 'slip velocity'"}, {}};
    sp.panel("", "t [1/omega_p]", "block [index along the fault]").add(Curve::of("space_time.csv", "1", "2:3", "", "image"));
    render_figure(out / "space_time.png", sp, ctx.log);
  }
};

}  // namespace

std::unique_ptr<Study> make_burridge_knopoff_study() { return std::make_unique<BurridgeKnopoffStudy>(); }

}  // namespace stickslip
