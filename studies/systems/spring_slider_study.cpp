// studies/systems/spring_slider_study.cpp — `stickslip run spring-slider`: the stability boundary of steady sliding of
// a spring-slider on rate-and-state friction (Rice & Ruina, "Stability of steady frictional slipping", J. Appl. Mech.
// 50, 343 (1983); Gu, Rice, Ruina & Tse, J. Mech. Phys. Solids 32, 167 (1984)), as a system (models/system/): one
// block of mass m on a `rate-state` contact (models/contact/rate_state.hpp, normal force F_n), pulled through a spring
// k from a drive (a plate) moving at v_p:
//   m x'' = k (v_p t - x) - F_n mu(x', psi),   psi' = (v_ref exp(-psi) - |x'|)/D_c.
// The block starts in steady sliding at v_p (psi = ln(v_ref/v_p)) with the spring stretched by perturbation F_n a/k
// beyond its steady stretch F_n mu_ss/k: a force kick of perturbation F_n a, which the direct effect answers with a
// velocity change of about perturbation v_p (a kick of the velocity instead would mostly go into the fast real mode
// of a light block, m v_p/(F_n a), and leave an oscillation too small for the integrator's noise).
// Prediction (models/spring_slider_linear.hpp derives it): steady sliding is linearly stable iff
//   k > k_cr = (F_n (b - a)/D_c) (1 + m v_p^2/(F_n a D_c)),
// the quasi-static k_c = F_n (b - a)/D_c with the inertial correction; the oscillation on the boundary has
// omega_cr = (v_p/D_c) sqrt((b - a)/a). (a and b times r = X/sqrt(1 + X^2) for the regularised law: 1 to 1e-49 here.)
// Measurement: for every mass (list m) and every k = q k_cr (list k_ratios) one run of `cycles` periods 2 pi/omega of
// the linear oscillation at that k, sampled `samples_per_period` times a period; the extreme of |v - v_p| in each half
// cycle (between two sign changes) located by a parabola through its three samples; the growth rate sigma = the
// least-squares slope of ln(extreme) against its time, over the extremes after the transient of the real root
// lambda_f of the linear system (t > 20/|lambda_f|) and between perturbation v_p/1000 and fit_limit v_p (the run stops
// at the first extreme outside: a growing run would go on into stick-slip, which the linear theory does not describe,
// a decaying one into the integrator's noise). Maxima and minima alternate by a fraction O(perturbation) (the
// quadratic terms of the law), which the fit's standard error shows. The measured boundary is where sigma changes sign along k (linear
// interpolation between the two k that bracket it); the same interpolation of the predicted sigma at the same k gives
// its interpolation error (reported, and part of the test's tolerance).
// Outputs: growth.csv (one row per run: measured and predicted growth rate and frequency), predicted.csv (the linear
// growth rate on a fine grid of k), runs/<m>_<q>.csv (t, v/v_p - 1, friction coefficient), growth_rate.png (sigma
// against k/k_cr, measured and predicted, the boundary marked, the quasi-static k_c marked), velocity.png (v/v_p - 1 of
// the softest and stiffest spring of the first mass: growing and decaying), summary.json (per mass: k_c, k_cr, eta,
// omega_cr, the measured boundary, its ratio to k_cr, the interpolation error; every run's row). Progress: one line
// per run.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/work_limits.hpp"
#include "models/contact/registry.hpp"
#include "models/spring_slider_linear.hpp"
#include "solvers/system_run.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/study.hpp"
#include "studies/experiment/study_runs.hpp"

namespace stickslip {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct Setup {
  std::vector<double> masses, ratios;
  double fn = 10, v_p = 1e-3, perturbation = 1e-3, cycles = 20, fit_limit = 0.02;
  long samples = 200;
  RateState law;
  SpringSliderLinear linear(double m) const { return {law, m, fn, v_p}; }
};

LawValues law_values_of(const Parameters& prm) { return law_values(prm, "rate-state", LawValues{}, "friction"); }

Setup setup_of(const Parameters& prm) {
  Setup s;
  s.masses = prm.positive_list("m");
  s.ratios = prm.positive_list("k_ratios");
  s.fn = prm.positive("normal_force");
  s.v_p = prm.positive("v_p");
  s.perturbation = prm.in_range("perturbation", 1e-9, 0.1);
  s.cycles = prm.in_range("cycles", 3, 1e5);
  s.samples = prm.integer("samples_per_period", 8, 100000);
  s.fit_limit = prm.in_range("fit_limit", 1e-9, 0.5);
  s.law = make_law<RateState>(law_values_of(prm));
  // Moreau-Jean takes set-valued laws and slip forces only (models/system/system_assembly.cpp): refused here under
  // the study's own key rather than the assembled system's contact.fault.law.
  if (prm.raw("solver").rfind("moreau", 0) == 0)
    throw_input("solver", prm.raw("solver"),
                "Moreau-Jean takes set-valued laws and slip forces; rate-state has a law state: give an ODE or DAE "
                "scheme (dopri5, cvode, ida, rk4, ...)");
  if (s.masses.empty()) throw_input("m", prm.raw("m"), "give at least one mass");
  if (s.ratios.empty()) throw_input("k_ratios", prm.raw("k_ratios"), "give at least one k/k_cr");
  prm.require_relation(s.fit_limit > s.perturbation, {"fit_limit", "perturbation"},
                       "needs fit_limit > perturbation (fit_limit=" + prm.raw("fit_limit") + ", perturbation=" +
                           prm.raw("perturbation") + ")");
  prm.require_relation(s.law.b > s.law.a, {"b", "a"},
                       "needs b > a (velocity weakening; with b <= a steady sliding is stable at every stiffness): a=" +
                           prm.raw("a") + ", b=" + prm.raw("b"));
  // Every run's scales must be numbers: k_cr, the period and its samples.
  for (double m : s.masses) {
    const SpringSliderLinear lin = s.linear(m);
    const double kcr = lin.k_cr(), w = lin.omega_cr();
    prm.require_relation(std::isfinite(kcr) && kcr > 0 && std::isfinite(w) && w > 0 && std::isfinite(lin.mu_ss()),
                         {"m", "normal_force", "v_p", "D_c", "a", "b", "mu0", "v_ref"},
                         fmt::format("gives k_cr = {} N/m and omega_cr = {} rad/s for m = {} kg: both must be finite "
                                     "and > 0", kcr, w, m));
    for (double q : s.ratios) {
      const auto roots = lin.roots(q * kcr);
      const double period = 2 * kPi / roots.oscillation.imag();
      // Roots that are not numbers: the law's scales beyond what double precision resolves (a = 1e-300), not k/k_cr.
      prm.require_relation(std::isfinite(roots.oscillation.real()) && std::isfinite(roots.oscillation.imag()) &&
                               std::isfinite(roots.fastest_real),
                           {"a", "b", "D_c", "mu0", "v_ref", "m", "normal_force", "v_p", "k_ratios"},
                           fmt::format("k/k_cr = {} at m = {} kg: the linearised system's roots are not numbers ({}{:+}i, "
                                       "{}): the law's scales are beyond double precision", q, m,
                                       roots.oscillation.real(), roots.oscillation.imag(), roots.fastest_real));
      prm.require_relation(std::isfinite(period) && period > 0,
                           {"k_ratios", "m", "normal_force", "v_p", "D_c", "a", "b", "mu0", "v_ref"},
                           fmt::format("k/k_cr = {} at m = {} kg has no oscillating linear mode (roots {}{:+}i, {}): "
                                       "give k/k_cr nearer 1", q, m, roots.oscillation.real(), roots.oscillation.imag(),
                                       roots.fastest_real));
    }
  }
  return s;
}

// One extreme of |v - v_p| (a half cycle's), and the fit through them.
struct Maximum {
  double t, amplitude;
};
struct StopRun {};

struct Fit {
  double slope = std::nan(""), std_error = std::nan(""), omega = std::nan("");
  std::size_t points = 0;
};

// Least squares ln(amplitude) = c + sigma t over the extremes; the slope's standard error; omega from their spacing
// (half a period apart).
Fit fit_growth(const std::vector<Maximum>& peaks) {
  Fit f;
  f.points = peaks.size();
  if (peaks.size() < 3) return f;
  double st = 0, sy = 0;
  for (const Maximum& p : peaks) st += p.t, sy += std::log(p.amplitude);
  const double n = static_cast<double>(peaks.size()), mt = st / n, my = sy / n;
  double stt = 0, sty = 0;
  for (const Maximum& p : peaks) stt += (p.t - mt) * (p.t - mt), sty += (p.t - mt) * (std::log(p.amplitude) - my);
  f.slope = sty / stt;
  double ss = 0;
  for (const Maximum& p : peaks) {
    const double e = std::log(p.amplitude) - my - f.slope * (p.t - mt);
    ss += e * e;
  }
  f.std_error = std::sqrt(ss / (n - 2) / stt);
  f.omega = kPi * (n - 1) / (peaks.back().t - peaks.front().t);
  return f;
}

struct Config {
  std::size_t series;  // index into the masses
  double m, q;
};

std::string label_of(const Config& c) { return fmt::format("m{}_k{}", c.m, c.q); }

// Where sigma(q) changes sign from > 0 to <= 0 (q ascending), by linear interpolation; NaN if it does not.
double crossing(const std::vector<double>& q, const std::vector<double>& sigma) {
  for (std::size_t i = 0; i + 1 < q.size(); ++i)
    if (sigma[i] > 0 && sigma[i + 1] <= 0) return q[i] + (q[i + 1] - q[i]) * sigma[i] / (sigma[i] - sigma[i + 1]);
  return std::nan("");
}

class SpringSliderStudy final : public Study {
 public:
  std::string name() const override { return "spring-slider"; }
  std::string summary() const override {
    return "spring-slider on rate-and-state friction (aging law): the stability boundary of steady sliding, k_cr of "
           "Rice & Ruina (1983) with the inertial correction, measured from the growth of small oscillations";
  }

  Parameters parameters() const override {
    Parameters p("spring-slider");
    p.declare("m", "1,0.01", "block masses (list; one sweep each) [kg]")
        .declare("normal_force", "10", "normal force F_n on the contact (sigma times the area) [N]")
        .declare("v_p", "1e-3", "drive (plate) speed v_p [m/s]")
        .declare("k_ratios", "0.5,0.6,0.7,0.8,0.9,1,1.1,1.2,1.3,1.4,1.5",
                 "spring stiffnesses k as multiples of the predicted k_cr (list) [1]")
        .declare("perturbation", "1e-3", "initial force kick in units of F_n a (the spring stretched by perturbation F_n a/k "
                 "beyond steady): a velocity change of about perturbation v_p, in [1e-9, 0.1] [1]")
        .declare("cycles", "20", "run length in periods 2 pi/omega of the linear oscillation at each k, in [3, 1e5]")
        .declare("samples_per_period", "200", "output samples per period (the maxima are located between them)")
        .declare("fit_limit", "0.02", "fit the extremes of |v - v_p| up to fit_limit v_p; a run stops at the first above it [1]")
        .declare("solver", "dopri5", "integrator spec: " + join(system_schemes()))
        .declare("rtol", "1e-10", "relative tolerance of dopri5, CVODE, IDA")
        .declare("atol", "1e-15", "absolute tolerance of dopri5, CVODE, IDA (the kick is perturbation v_p)");
    declare_law_parameters(p, {"rate-state"}, {});
    return p;
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"k", "N/m"},           {"growth_rate", "1/s"}, {"growth_rate_se", "1/s"}, {"predicted_growth_rate", "1/s"},
            {"omega", "rad/s"},     {"predicted_omega", "rad/s"}, {"wall_s", "s"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const Setup s = setup_of(prm);
    SystemRunSettings base;
    base.solver = prm.raw("solver");
    base.rtol = prm.in_open_range("rtol", 0, 1);
    base.atol = prm.absolute_tolerance("atol");
    base.ledger = 0;
    std::vector<Config> configs;
    for (std::size_t i = 0; i < s.masses.size(); ++i) {
      std::vector<double> qs = s.ratios;
      std::sort(qs.begin(), qs.end());
      qs.erase(std::unique(qs.begin(), qs.end()), qs.end());
      for (double q : qs) configs.push_back({i, s.masses[i], q});
    }
    double samples = 0;
    for (const Config& c : configs) {
      const SpringSliderLinear lin = s.linear(c.m);
      SystemRunSettings st = base;
      st.dt = period(lin, c.q) / static_cast<double>(s.samples);
      validate_system_run(spec_of(s, c), st, 0, s.cycles * period(lin, c.q));
      samples += s.cycles * static_cast<double>(s.samples);
    }
    const std::string key = prm.culprit({"cycles", "samples_per_period", "k_ratios", "m"});
    require_count(key, prm.raw(key), samples, kMaxSamples, "cycles x samples_per_period x runs", "samples",
                  "fewer cycles, samples per period, stiffnesses or masses");
    ctx.plan({{"runs", configs.size()}, {"samples_per_run", s.cycles * static_cast<double>(s.samples)}, {"solver", base.solver}});

    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    const nlohmann::json rows = run_each(ctx, name(), configs, label_of, [&](const Config& c) {
      return run_one(s, c, base, out / "runs" / (label_of(c) + ".csv"));
    });

    // growth.csv and predicted.csv from the rows (a resumed study has them from disk).
    CsvWriter growth(out / "growth.csv",
                     {"series [index]", "m [kg]", "k/k_cr [1]", "k [N/m]", "growth rate sigma [1/s]",
                      "standard error of sigma [1/s]", "predicted sigma [1/s]", "omega [rad/s]", "predicted omega [rad/s]",
                      "extremes fitted [count]"});
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const nlohmann::json& row = rows[r];
      const auto num = [&](const char* key) { return row[key].is_number() ? row[key].get<double>() : std::nan(""); };
      growth.row(std::vector<CsvCell>{static_cast<double>(configs[r].series), num("m"), num("k_ratio"), num("k"),
                                      CsvCell::if_finite(num("growth_rate")), CsvCell::if_finite(num("growth_rate_se")),
                                      num("predicted_growth_rate"), CsvCell::if_finite(num("omega")),
                                      num("predicted_omega"), num("extremes_fitted")});
    }
    growth.close();
    const double q_lo = *std::min_element(s.ratios.begin(), s.ratios.end());
    const double q_hi = *std::max_element(s.ratios.begin(), s.ratios.end());
    CsvWriter predicted(out / "predicted.csv", {"series [index]", "m [kg]", "k/k_cr [1]", "predicted sigma [1/s]"});
    for (std::size_t i = 0; i < s.masses.size(); ++i) {
      const SpringSliderLinear lin = s.linear(s.masses[i]);
      for (int j = 0; j <= 200; ++j) {
        const double q = q_lo + (q_hi - q_lo) * j / 200.0;
        const double sigma = lin.roots(q * lin.k_cr()).oscillation.real();
        if (std::isfinite(sigma)) predicted.row({static_cast<double>(i), s.masses[i], q, sigma});
      }
    }
    predicted.close();

    // The boundary per mass.
    nlohmann::json boundaries = nlohmann::json::array();
    for (std::size_t i = 0; i < s.masses.size(); ++i) {
      const SpringSliderLinear lin = s.linear(s.masses[i]);
      std::vector<double> q, measured, pred;
      for (std::size_t r = 0; r < rows.size(); ++r) {
        if (configs[r].series != i || !rows[r]["growth_rate"].is_number()) continue;
        q.push_back(configs[r].q);
        measured.push_back(rows[r]["growth_rate"].get<double>());
        pred.push_back(rows[r]["predicted_growth_rate"].get<double>());
      }
      const double qm = crossing(q, measured), qp = crossing(q, pred);
      boundaries.push_back({{"m", s.masses[i]},
                            {"eta", json_number(lin.eta())},
                            {"k_c", json_number(lin.k_c())},
                            {"k_cr", json_number(lin.k_cr())},
                            {"k_c_over_k_cr", json_number(lin.k_c() / lin.k_cr())},
                            {"omega_cr", json_number(lin.omega_cr())},
                            {"regularisation_factor", json_number(lin.r())},
                            {"measured_k_ratio", json_number(qm)},
                            {"measured_k", json_number(qm * lin.k_cr())},
                            {"measured_over_predicted", json_number(qm)},
                            {"interpolated_prediction_k_ratio", json_number(qp)},
                            {"interpolation_error", json_number(std::abs(qp - 1))}});
      ctx.log << fmt::format("spring-slider: m = {} kg: k_cr = {:.6g} N/m (k_c = {:.6g} N/m, eta = {:.4g}); measured "
                             "boundary k/k_cr = {:.6g}\n",
                             s.masses[i], lin.k_cr(), lin.k_c(), lin.eta(), qm);
    }
    figures(s, configs, rows, boundaries, out, ctx);
    nlohmann::json law{{"mu0", s.law.mu0}, {"a", s.law.a}, {"b", s.law.b}, {"D_c", s.law.d_c}, {"v_ref", s.law.v_ref}};
    return {{"study", name()},
            {"normal_force", s.fn},
            {"v_p", s.v_p},
            {"law", law},
            {"formula", "k_cr = F_n (b - a)/D_c (1 + m v_p^2/(F_n a D_c)), omega_cr = (v_p/D_c) sqrt((b - a)/a)"},
            {"boundaries", boundaries},
            {"results", rows}};
  }

 private:
  static double period(const SpringSliderLinear& lin, double q) {
    return 2 * kPi / lin.roots(q * lin.k_cr()).oscillation.imag();
  }

  static SystemSpec spec_of(const Setup& s, const Config& c) {
    const SpringSliderLinear lin = s.linear(c.m);
    const double k = c.q * lin.k_cr();
    SystemBuilder b("spring-slider");
    const double stretch = s.fn * (lin.mu_ss() + s.perturbation * s.law.a) / k;  // steady: k (v_p t - x) = F_n mu_ss
    const std::size_t x = b.body("x", c.m, -stretch, s.v_p);
    TimeFunction plate;
    plate.rate = s.v_p;
    b.spring("k", b.at(x), SystemBuilder::drive("plate", plate), k);
    LawValues v;
    v.set("mu0", s.law.mu0).set("a", s.law.a).set("b", s.law.b).set("D_c", s.law.d_c).set("v_ref", s.law.v_ref);
    b.contact("fault", {{x, 1.0}}, "rate-state", v, s.fn).z0 = lin.psi_ss();
    return b.build();
  }

  static nlohmann::json run_one(const Setup& s, const Config& c, const SystemRunSettings& base,
                                const std::filesystem::path& csv_path) {
    const SpringSliderLinear lin = s.linear(c.m);
    const auto roots = lin.roots(c.q * lin.k_cr());
    const double T = 2 * kPi / roots.oscillation.imag(), t_skip = 20 / std::abs(roots.fastest_real);
    SystemRunSettings st = base;
    st.dt = T / static_cast<double>(s.samples);
    CsvWriter csv(csv_path, {"t [s]", "v/v_p - 1 [1]", "friction coefficient -F/F_n [1]"});
    // The samples of the current half cycle (u = v - v_p of one sign), and the extremes so far.
    struct Sample {
      double t, u;
    };
    std::vector<Sample> half;
    std::vector<Maximum> peaks;
    bool stopped = false;
    const double limit = s.fit_limit * s.v_p, floor = 1e-3 * s.perturbation * s.v_p;
    // The extreme of |u| over the half cycle that just ended (the parabola's vertex through it and its neighbours).
    const auto close_half = [&](const Sample& next) {
      std::size_t j = 0;
      for (std::size_t i = 1; i < half.size(); ++i)
        if (std::abs(half[i].u) > std::abs(half[j].u)) j = i;
      if (j == 0) return;  // the extreme at the half cycle's start (t = 0): no parabola
      const double y0 = std::abs(half[j - 1].u), y1 = std::abs(half[j].u);
      const double y2 = std::abs(j + 1 < half.size() ? half[j + 1].u : next.u);
      const double curv = y0 - 2 * y1 + y2, shift = curv < 0 ? 0.5 * (y0 - y2) / curv : 0.0;
      const double amplitude = y1 - 0.25 * (y0 - y2) * shift, t = half[j].t + shift * (half[j].t - half[j - 1].t);
      if (amplitude > limit || (t > t_skip && amplitude < floor)) throw StopRun{};
      if (t > t_skip) peaks.push_back({t, amplitude});
    };
    const auto start = std::chrono::steady_clock::now();
    RunStats stats;
    try {
      const SystemRunResult r = simulate(spec_of(s, c), st, 0, s.cycles * T, [&](const SystemSample& q) {
        if (!half.empty() && q.t <= half.back().t) return;  // the samples around an event repeat a time: keep one
        const Sample now{q.t, q.v[0] - s.v_p};
        csv.row({now.t, now.u / s.v_p, -q.F[0] / s.fn});
        if (!half.empty() && (now.u > 0) != (half.front().u > 0)) {
          close_half(now);
          half.clear();
        }
        half.push_back(now);
      });
      stats = r.stats;
    } catch (const StopRun&) {
      stopped = true;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    csv.close();
    const Fit f = fit_growth(peaks);
    nlohmann::json row{{"m", c.m},
                       {"k_ratio", c.q},
                       {"k", c.q * lin.k_cr()},
                       {"growth_rate", json_number(f.slope)},
                       {"growth_rate_se", json_number(f.std_error)},
                       {"predicted_growth_rate", json_number(roots.oscillation.real())},
                       {"omega", json_number(f.omega)},
                       {"predicted_omega", json_number(roots.oscillation.imag())},
                       {"extremes_fitted", f.points},
                       {"first_amplitude", peaks.empty() ? nlohmann::json(nullptr) : json_number(peaks.front().amplitude / s.v_p)},
                       {"last_amplitude", peaks.empty() ? nlohmann::json(nullptr) : json_number(peaks.back().amplitude / s.v_p)},
                       {"stopped_at_fit_limit", stopped},
                       {"steps", stats.steps},
                       {"rhs_evals", stats.rhs_evals},
                       {"wall_s", wall}};
    return row;
  }

  static void figures(const Setup& s, const std::vector<Config>& configs, const nlohmann::json& rows,
                      const nlohmann::json& boundaries, const std::filesystem::path& out, const StudyContext& ctx) {
    Figure g{fmt::format("Spring-slider on rate-and-state friction (aging law): growth rate of small oscillations\n"
                         "F_n = {} N, v_p = {} m/s, a = {}, b = {}, D_c = {} m; line: linear theory, boundary k = k_cr",
                         s.fn, s.v_p, s.law.a, s.law.b, s.law.d_c),
             1, 1, 1100, 750, {"set grid", "set key top right"}, {}};
    Panel& p = g.panel("", "spring stiffness k/k_cr [1]", "growth rate sigma of |v - v_p| [1/s]");
    p.set("set xzeroaxis lt -1");
    p.set("set arrow from 1, graph 0 to 1, graph 1 nohead dt 2 lw 2 lc rgb 'black'");
    p.set("set label 'k_{cr} of Rice and Ruina (1983)' at 1, graph 0.95 left offset 0.5, 0");
    for (std::size_t i = 0; i < s.masses.size(); ++i) {
      const std::string idx = std::to_string(i), color = curve_color(i);
      const auto& b = boundaries[i];
      const double eta = b["eta"].is_number() ? b["eta"].get<double>() : std::nan("");
      p.add(Curve::of("predicted.csv", "3", "(($1 == " + idx + ") ? $4 : 1/0)",
                      fmt::format("linear theory, m = {} kg (eta = m v_p^2/(F_n a D_c) = {:.3g})", s.masses[i], eta),
                      "lines lw 1.5 lc rgb '" + color + "'"));
      p.add(Curve::of("growth.csv", "3", "(($1 == " + idx + ") ? $5 : 1/0)", fmt::format("measured, m = {} kg", s.masses[i]),
                      "points pt 7 ps 1.3 lc rgb '" + color + "'"));
      if (b["k_c_over_k_cr"].is_number()) {
        const double qc = b["k_c_over_k_cr"].get<double>();
        p.set(fmt::format("set arrow from {0}, graph 0 to {0}, graph 0.3 nohead dt 3 lc rgb '{1}'", qc, color));
        p.set(fmt::format("set label 'k_c (quasi-static), m = {2} kg' at {0}, graph {3} left offset 0.5, 0 tc rgb '{1}'",
                          qc, color, s.masses[i], 0.05 + 0.06 * static_cast<double>(i)));
      }
    }
    render_figure(out / "growth_rate.png", g, ctx.log);

    // The velocity of the softest and the stiffest spring of the first mass.
    std::vector<const Config*> first;
    for (const Config& c : configs)
      if (c.series == 0) first.push_back(&c);
    if (first.empty()) return;
    (void)rows;
    Figure v{fmt::format("Spring-slider, m = {} kg: velocity after a force kick of {} F_n a", s.masses[0], s.perturbation),
             1, 1, 1100, 700, {"set grid", "set key top left"}, {}};
    Panel& pv = v.panel("", "t [s]", "v/v_p - 1 [1]");
    std::size_t k = 0;
    for (const Config* c : {first.front(), first.back()}) {
      pv.add(Curve::of("runs/" + label_of(*c) + ".csv", "1", "2", fmt::format("k = {} k_cr", c->q),
                       "lines lw 1.2 lc rgb '" + curve_color(k++) + "'"));
      if (first.size() == 1) break;
    }
    render_figure(out / "velocity.png", v, ctx.log);
  }
};

}  // namespace

std::unique_ptr<Study> make_spring_slider_study() { return std::make_unique<SpringSliderStudy>(); }

}  // namespace stickslip
