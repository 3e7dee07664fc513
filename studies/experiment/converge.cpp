#include "studies/experiment/converge.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <ostream>
#include <tuple>

#include "core/errors.hpp"
#include "core/order_fit.hpp"
#include "studies/experiment/cli_args.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/out_dir_lock.hpp"
#include "studies/experiment/output.hpp"
#include "studies/experiment/provenance.hpp"
#include "studies/experiment/run_store.hpp"

namespace stickslip {

namespace {

constexpr const char* kUsage =
    "stickslip converge STUDY --observable NAME [--solver LIST] [--dt FROM:TO:LEVELS] [--rtol FROM:TO:LEVELS] "
    "[--reference exact|richardson|finest] [--floor E] [--set KEY=VALUE]... [--out DIR] [--work] [--json] "
    "[--resume | --overwrite]";

// FROM:TO:LEVELS -> LEVELS values spaced geometrically, coarse to fine.
std::vector<double> parse_levels(const std::string& key, const std::string& text) {
  const auto c1 = text.find(':'), c2 = text.find(':', c1 == std::string::npos ? c1 : c1 + 1);
  if (c1 == std::string::npos || c2 == std::string::npos)
    throw_input(key, text, "allowed: FROM:TO:LEVELS with FROM != TO > 0 and LEVELS >= 3, e.g. 0.1:0.0125:4");
  double from = 0, to = 0;
  try {
    from = parse_real(key, text.substr(0, c1));
    to = parse_real(key, text.substr(c1 + 1, c2 - c1 - 1));
  } catch (const InputError&) {
    throw_input(key, text, "allowed: FROM:TO:LEVELS with FROM != TO > 0 and LEVELS >= 3, e.g. 0.1:0.0125:4");
  }
  if (!(from > 0) || !(to > 0)) throw_input(key, text, "FROM and TO must be positive");
  if (from == to) throw_input(key, text, "an empty range: FROM must differ from TO");
  const long levels = parse_count(key + " LEVELS", text.substr(c2 + 1), 3, 40);
  const double hi = std::max(from, to), lo = std::min(from, to);
  std::vector<double> h;
  for (long j = 0; j < levels; ++j) h.push_back(hi * std::pow(lo / hi, static_cast<double>(j) / static_cast<double>(levels - 1)));
  h.back() = lo;
  return h;
}

const Observable& find_observable(const std::vector<Observable>& all, const std::string& study, const std::string& name) {
  std::vector<std::string> names;
  for (const auto& o : all) {
    if (o.name == name) return o;
    names.push_back(o.name);
  }
  if (names.empty()) throw_input("--observable", name, "study " + study + " declares no deterministic observable");
  throw_input("--observable", name, "unknown for " + study + "; allowed: " + join(names));
}

ConvergencePoint measure(const Observable& o, const Parameters& prm, const IntegratorSpec& spec, double h);

// A run's point as a row of runs.jsonl and back (every number round-trips exactly through JSON).
nlohmann::json point_row(const ConvergencePoint& p) {
  return {{"h", p.h}, {"value", p.value}, {"rhs_evals", p.rhs_evals}, {"steps", p.steps}, {"wall_time_s", p.seconds},
          {"stderr", p.std_error}};
}
ConvergencePoint point_of(const nlohmann::json& row) {
  ConvergencePoint p;
  p.h = row.at("h").get<double>(), p.value = row.at("value").get<double>();
  p.rhs_evals = row.at("rhs_evals").get<long>(), p.steps = row.at("steps").get<long>();
  p.seconds = row.at("wall_time_s").get<double>(), p.std_error = row.at("stderr").get<double>();
  return p;
}

// One run, through the store when there is one (its row stored, or reused under --resume).
ConvergencePoint measure_stored(RunStore* store, const std::string& key, const Observable& o, const Parameters& prm,
                                const IntegratorSpec& spec, double h) {
  if (!store) return measure(o, prm, spec, h);
  return point_of(store->run(key, [&] { return point_row(measure(o, prm, spec, h)); }));
}

ConvergencePoint measure(const Observable& o, const Parameters& prm, const IntegratorSpec& spec, double h) {
  const auto start = std::chrono::steady_clock::now();
  const ObservableValue m = o.measure(prm, spec, h);
  ConvergencePoint p;
  p.h = h, p.value = m.value, p.rhs_evals = m.rhs_evals, p.steps = m.steps, p.std_error = m.std_error;
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!std::isfinite(m.value)) throw SolverError(fmt::format("{} gave a non-finite {} at h = {:g}", spec.text(), o.name, h));
  return p;
}

// Richardson extrapolation from the three finest levels (see converge.hpp); se: its statistical standard error
// from those of the two levels it combines (0 for deterministic observables).
double richardson(const std::vector<ConvergencePoint>& p, std::string& note, double& se, bool& fallback) {
  const std::size_t n = p.size();
  const ConvergencePoint &a = p[n - 3], &b = p[n - 2], &c = p[n - 1];
  const double d1 = std::abs(a.value - b.value), d2 = std::abs(b.value - c.value);
  se = c.std_error;
  if (d2 == 0) {
    note = "the two finest levels agree exactly";
    return c.value;
  }
  const double q = std::log(d1 / d2) / std::log(a.h / b.h), r = b.h / c.h;
  if (!std::isfinite(q) || q <= 0.2) {
    note = "no converging observed order on the three finest levels; the finest value is the reference";
    fallback = true;
    return c.value;
  }
  note = fmt::format("Richardson with observed order {:.3f}", q);
  const double w = 1 / (std::pow(r, q) - 1);  // reference = (1 + w) y3 - w y2
  se = std::hypot((1 + w) * c.std_error, w * b.std_error);
  return c.value + (c.value - b.value) * w;
}

// converge.png: error against dt (fixed-step specs) and against rtol (adaptive ones), a panel each; filled points
// fitted, open ones pre-asymptotic, round-off or statistical. A guide of slope k (k = 1..4) is drawn beside the
// series whose fitted order is nearest k (within 0.75), over its fitted range, a factor 3 below its points, so the
// slope is read against the data it belongs to. Series with equal errors are labelled so and drawn so that both
// stay visible (overlap_safe_style).
Figure error_figure(const std::vector<ConvergenceSeries>& series, const Observable& o, const std::string& study,
                    const std::string& reference, bool adaptive_panel, bool fixed_panel) {
  Figure fig;
  fig.title = fmt::format("stickslip converge {}: error of {} [{}] against the {} reference\n(filled: fitted; open: "
                          "pre-asymptotic, round-off or statistical)",
                          study, o.name, o.unit, reference);
  fig.columns = (adaptive_panel ? 1 : 0) + (fixed_panel ? 1 : 0);
  fig.width = fig.columns > 1 ? 1700 : 1100;
  fig.height = 750;
  fig.settings = {"set key below font ',9'", "set format y '%.0e'", "set format x '%.0e'"};
  const auto errors_of = [](const ConvergenceSeries& se) {
    std::vector<double> e;
    for (const ConvergencePoint& p : se.points) e.push_back(p.error);
    return e;
  };
  for (int adaptive = 0; adaptive < 2; ++adaptive) {
    if ((adaptive && !adaptive_panel) || (!adaptive && !fixed_panel)) continue;
    const std::string h_name = adaptive ? "rtol" : "dt";
    Panel& panel = fig.panel(fmt::format("{}: error against {}\ndashed guides: slope k (error ~ {}^k) beside the series "
                                         "fitted nearest k, a factor 3 below it",
                                         adaptive ? "adaptive" : "fixed step", h_name, h_name),
                             adaptive ? "rtol [1]" : fmt::format("dt [{}]", o.step_unit),
                             fmt::format("|{} - reference| [{}]", o.name, o.unit));
    panel.logx = panel.logy = true;
    double hmin = INFINITY, hmax = 0, elo = INFINITY, ehi = 0;
    bool zeros = false;  // errors of exactly 0: drawn on the panel's bottom line, a log axis has no 0
    for (const ConvergenceSeries& se : series)
      if (se.spec.adaptive() == static_cast<bool>(adaptive) && se.failure.empty())
        for (const ConvergencePoint& p : se.points) {
          hmin = std::min(hmin, p.h), hmax = std::max(hmax, p.h);
          if (p.error > 0) elo = std::min(elo, p.error), ehi = std::max(ehi, p.error);
          else zeros = true;
        }
    // A zero sits a decade below the smallest error, on a power of ten (1e-16 when every error is 0), its tic labelled 0.
    const double zero_y = std::isfinite(elo) ? std::pow(10.0, std::floor(std::log10(elo)) - 1) : 1e-16;
    std::vector<std::size_t> members;
    for (std::size_t i = 0; i < series.size(); ++i) {
      const ConvergenceSeries& se = series[i];
      if (se.spec.adaptive() != static_cast<bool>(adaptive) || !se.failure.empty()) continue;
      const std::size_t k = members.size();
      std::string label = series_label(se);
      for (std::size_t j : members)
        if (same_errors(errors_of(se), errors_of(series[j]))) {
          label += " (same errors as " + series[j].spec.text() + ")";
          break;
        }
      members.push_back(i);
      const std::string col = curve_color(i);
      const bool any_zero = std::any_of(se.points.begin(), se.points.end(), [](const ConvergencePoint& p) { return p.error == 0; });
      if (se.verdict == "exact") {  // nothing above 0: the zeros are the series
        panel.add(Curve::of("converge.csv", "2", fmt::format("(($1 == {} && $5 == 0) ? {:g} : 1/0)", i, zero_y), label,
                            overlap_safe_style(k, col)));
        continue;
      }
      panel.add(Curve::of("converge.csv", "2", fmt::format("(($1 == {} && $6 == 0 && $5 > 0) ? $5 : 1/0)", i), label,
                          overlap_safe_style(k, col)));
      panel.add(Curve::of("converge.csv", "2", fmt::format("(($1 == {} && $6 != 0 && $5 > 0) ? $5 : 1/0)", i), "",
                          fmt::format("points pt 6 ps 1.5 lc rgb '{}'", col)));
      if (any_zero)
        panel.add(Curve::of("converge.csv", "2", fmt::format("(($1 == {} && $5 == 0) ? {:g} : 1/0)", i, zero_y),
                            fmt::format("{}: error exactly 0 (on the tic 0)", se.spec.text()),
                            fmt::format("points pt 10 ps 1.5 lc rgb '{}'", col)));
    }
    for (int q = 1; q <= 4; ++q) {
      std::size_t best = series.size();
      for (std::size_t i : members)
        if (series[i].fit.fitted() && std::abs(series[i].fit.order - q) < 0.75 &&
            (best == series.size() || std::abs(series[i].fit.order - q) < std::abs(series[best].fit.order - q)))
          best = i;
      if (best == series.size()) continue;
      const ConvergenceSeries& se = series[best];
      double h0 = 0, h1 = INFINITY, e0 = 0;  // the fitted range; e0 at its largest h
      for (std::size_t k = 0; k < se.points.size(); ++k)
        if (k < se.fit.range.size() && se.fit.range[k] == "asymptotic") {
          if (se.points[k].h > h0) h0 = se.points[k].h, e0 = se.points[k].error;
          h1 = std::min(h1, se.points[k].h);
        }
      if (!(e0 > 0) || !(h1 < h0)) continue;
      const double a = e0 / 3;
      const std::string block = fig.block(fmt::format("guide{}_{}", adaptive, q), {h_name, "error"},
                                          {{h0, a}, {h1, a * std::pow(h1 / h0, q)}});
      panel.add(Curve::of(block, "1", "2", fmt::format("slope {}: error ~ {}^{} (beside {})", q, h_name, q, se.spec.text()),
                          fmt::format("lines dt (8,4) lw 2 lc rgb '{}'", curve_color(best))));
    }
    // The ranges of the data.
    panel.set(fmt::format("set xrange [{:g}:{:g}]", hmin / 1.5, hmax * 1.5));
    if (std::isfinite(elo)) panel.set(fmt::format("set yrange [{:g}:{:g}]", zeros ? zero_y / 3 : elo / 10, ehi * 5));
    else panel.set(fmt::format("set yrange [{:g}:{:g}]", zero_y / 10, zero_y * 10)).set(fmt::format("set ytics ('0' {:g})", zero_y));
    if (zeros && std::isfinite(elo)) panel.set(fmt::format("set ytics add ('0' {:g})", zero_y));  // after set format y
  }
  fig.multiplot = true;  // also with one panel: the figure's title above the panel's
  return fig;
}

// work.png: the work-precision diagram, error against rhs evaluations and against wall time.
Figure work_figure(const std::vector<ConvergenceSeries>& series, const Observable& o, const std::string& study) {
  Figure fig;
  fig.title = fmt::format("Work-precision, stickslip converge {}: error of {} [{}]", study, o.name, o.unit);
  fig.columns = 2, fig.width = 1600;
  fig.settings = {"set key right top font ',9'", "set format y '%.0e'"};
  for (int panel = 0; panel < 2; ++panel) {
    Panel& p = fig.panel("", panel ? "wall time per run [s]" : "right-hand-side evaluations per run [count]",
                         fmt::format("|{} - reference| [{}]", o.name, o.unit));
    p.logx = p.logy = true;
    for (std::size_t i = 0; i < series.size(); ++i)
      p.add(Curve::of("converge.csv", panel ? "9" : "7", fmt::format("(($1 == {} && $5 > 0) ? $5 : 1/0)", i),
                      series[i].spec.text(), overlap_safe_style(i, curve_color(i))));
  }
  return fig;
}

}  // namespace

std::string order_label(const OrderFit& fit) {
  if (!fit.fitted()) return "no fit";
  if (!fit.has_ci()) return fmt::format("p = {:.2f} from {} points, no CI", fit.order, fit.points);
  return fmt::format("p = {:.2f}, 95 % CI {:.2f} to {:.2f}, {} points", fit.order, fit.ci_low, fit.ci_high, fit.points);
}

std::string above_nominal_note(const ConvergenceSeries& se) {
  const int q = se.spec.order();
  if (q == 0 || !se.fit.fitted()) return "";
  // Above by more than a correction term can lift a fit (0.25), and beyond the 95 % interval where there is one.
  const bool above = se.fit.order > q + 0.25 && (!se.fit.has_ci() || se.fit.ci_low > q);
  if (!above) return "";
  const long finer_round_off = std::count(se.fit.range.begin(), se.fit.range.end(), "round-off");
  if (se.fit.points <= 3)
    return fmt::format("above {}'s order {}: fitted on {} points only{}, too few to tell superconvergence on this problem "
                       "from a pre-asymptotic slope",
                       se.spec.text(), q, se.fit.points,
                       finer_round_off > 0 ? fmt::format(" (the {} finer levels are at round-off)", finer_round_off) : std::string());
  return fmt::format("above {}'s order {}: {} levels agree on {:.2f}, superconvergence (the leading error term of this "
                     "observable cancels on this problem)",
                     se.spec.text(), q, se.fit.points, se.fit.order);
}

void series_verdict(ConvergenceSeries& se, const std::string& h_name, const std::vector<double>& h,
                    const std::vector<double>& fitted_e, const std::vector<double>& raw, const std::vector<bool>& statistical,
                    double floor) {
  const std::string what = se.on_differences ? "differences of neighbouring levels" : "errors";
  const std::size_t n = h.size();
  se.note.clear();
  if (se.fit.fitted()) {
    se.verdict = "fitted";
    std::vector<std::string> notes;
    if (se.reference_fallback && n >= 2) {
      double h_hi = 0, h_lo = INFINITY;
      for (std::size_t k = 0; k < n && k < se.fit.range.size(); ++k)
        if (se.fit.range[k] == "asymptotic") h_hi = std::max(h_hi, h[k]), h_lo = std::min(h_lo, h[k]);
      const double d1 = raw[n - 2], d2 = raw[n - 1];
      notes.push_back(fmt::format(
          "reference = the finest level's value: the three finest levels show no converging order (their differences "
          "{:.2g} then {:.2g}: {}), so the order is fitted on the {} at {} = {:.3g} .. {:.3g}, not on the errors drawn "
          "against that reference",
          d1, d2, d2 >= d1 ? "non-monotone, they do not fall" : "they fall by less than order 0.2", what, h_name, h_hi, h_lo));
    }
    if (const std::string a = above_nominal_note(se); !a.empty()) notes.push_back(a);
    se.note = join(notes, "; ");
    return;
  }
  if (n > 0 && std::all_of(raw.begin(), raw.end(), [](double e) { return e == 0; })) {
    se.verdict = "exact";
    se.note = fmt::format("exact at every level: every error is 0 (all {} levels give {:.15g})", se.points.size(),
                          se.points.empty() ? 0.0 : se.points.back().value);
    return;
  }
  std::vector<std::size_t> usable;
  std::size_t noise = 0, zeros = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (fitted_e[k] > 0) usable.push_back(k);
    else if (statistical[k]) ++noise;
    if (raw[k] == 0) ++zeros;
  }
  // fit_asymptotic_order fits two points where only two are left above the floor: fewer leave no order at all.
  const std::size_t round_off = n - usable.size() - noise, needed = 2;
  if (usable.size() < needed) {
    if (noise > round_off) {
      se.verdict = "statistical";
      se.note = fmt::format("not fitted: {} of {} {} within 2 standard errors of 0 (statistical noise){}; {} above it, too "
                            "few to fit an order ({} needed)",
                            noise, n, what, round_off ? fmt::format(", {} at round-off", round_off) : std::string(),
                            usable.size(), needed);
    } else {
      se.verdict = "round-off";
      se.note = fmt::format("not fitted: {} of {} {} at round-off (at or below {:.2g}{}); {} above it, too few to fit an "
                            "order ({} needed)",
                            round_off, n, what, floor, zeros ? fmt::format(", {} of them exactly 0", zeros) : std::string(),
                            usable.size(), needed);
    }
    return;
  }
  std::stable_sort(usable.begin(), usable.end(), [&](std::size_t a, std::size_t b) { return h[a] > h[b]; });
  std::vector<double> slopes;
  for (std::size_t j = 0; j + 1 < usable.size(); ++j) {
    const std::size_t a = usable[j], b = usable[j + 1];
    slopes.push_back(std::log(fitted_e[a] / fitted_e[b]) / std::log(h[a] / h[b]));
  }
  std::vector<double> sorted = slopes;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted[sorted.size() / 2], lo = sorted.front(), hi = sorted.back();
  const long rises = std::count_if(slopes.begin(), slopes.end(), [](double v) { return !(v > 0); });
  const double e_first = fitted_e[usable.front()], e_last = fitted_e[usable.back()];
  std::vector<bool> use(n, false);
  for (std::size_t k : usable) use[k] = true;
  const OrderFit overall = fit_order(h, fitted_e, use);
  const std::string rest = usable.size() < n ? fmt::format("; {} more at round-off or noise, not counted", n - usable.size()) : "";
  if (!(median > 0.2)) {
    se.verdict = "not converging";
    se.note = fmt::format("not fitted: the {} do not fall as {} falls ({:.2g} at {} = {:.3g}, {:.2g} at {} = {:.3g}; local "
                          "orders {:.2f} .. {:.2f}): not converging{}",
                          what, h_name, e_first, h_name, h[usable.front()], e_last, h_name, h[usable.back()], lo, hi, rest);
  } else if (rises > 0) {
    se.verdict = "non-monotone";
    se.note = fmt::format("not fitted: the {} fall overall ({:.2g} to {:.2g}) but rise between {} of {} pairs of "
                          "neighbouring levels (local orders {:.2f} .. {:.2f}): non-monotone, no three neighbouring levels "
                          "agree on an order{}",
                          what, e_first, e_last, rises, slopes.size(), lo, hi, rest);
  } else {
    se.verdict = "pre-asymptotic";
    se.note = fmt::format("not fitted: the {} fall at every level, from {:.2g} to {:.2g} (overall slope {:.2f} in {}), but "
                          "no three neighbouring levels agree on an order (local orders {:.2f} .. {:.2f}): pre-asymptotic, "
                          "or an order that changes with {}{}",
                          what, e_first, e_last, overall.order, h_name, lo, hi, h_name, rest);
  }
}

std::string series_label(const ConvergenceSeries& se) {
  const std::string head = se.spec.text() + ": ";
  if (se.verdict == "exact") return head + "exact at every level (error 0)";
  if (!se.fit.fitted()) return head + "not fitted (" + (se.verdict.empty() ? std::string("no fit") : se.verdict) + ")";
  std::string label = head + order_label(se.fit);
  if (se.reference_fallback) label += "; reference: the finest level";
  const int q = se.spec.order();
  if (!above_nominal_note(se).empty())
    label += fmt::format("; above order {}: {}", q, se.fit.points <= 3 ? "few points" : "superconvergent");
  return label;
}

bool same_errors(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.empty()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(std::abs(a[i] - b[i]) <= 1e-3 * std::max(std::abs(a[i]), std::abs(b[i])))) return false;
  return true;
}

std::vector<ConvergenceSeries> measure_convergence(const Observable& obs, const Parameters& prm,
                                                  const std::vector<IntegratorSpec>& specs, const std::vector<double>& dts,
                                                  const std::vector<double>& rtols, const std::string& reference,
                                                  std::optional<double> exact, double floor_abs, std::ostream& log,
                                                  RunStore* store) {
  std::size_t total = 0;
  for (const auto& sp : specs) total += (sp.adaptive() ? rtols.size() : dts.size()) + (reference == "finest" ? 1 : 0);
  std::vector<ConvergenceSeries> series;
  std::size_t done = 0;
  const auto start = std::chrono::steady_clock::now();
  auto last_line = start;  // a progress line every 5 s at most (the runs are in converge.csv)
  for (const auto& sp : specs) {
    ConvergenceSeries se;
    se.spec = sp;
    const auto& hs = sp.adaptive() ? rtols : dts;
    try {
      for (double h : hs) {
        se.points.push_back(measure_stored(store, fmt::format("{} {}={}", sp.text(), sp.adaptive() ? "rtol" : "dt", h),
                                           obs, prm, sp, h));
        ++done;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_line < std::chrono::seconds(5)) continue;
        last_line = now;
        const double el = std::chrono::duration<double>(now - start).count();
        log << fmt::format("converge: {}/{} {} {} = {:g}: {} = {:.15g} ({:.2f} s, about {:.0f} s left)\n", done, total,
                                 sp.text(), sp.adaptive() ? "rtol" : "dt", h, obs.name, se.points.back().value,
                                 se.points.back().seconds, el / done * (total - done));
      }
      if (reference == "exact") {
        se.reference = *exact;
        se.reference_note = "exact";
      } else if (reference == "finest") {
        const ConvergencePoint finest =
            measure_stored(store, fmt::format("{} reference h={}", sp.text(), hs.back() / 4), obs, prm, sp, hs.back() / 4);
        se.reference = finest.value, se.reference_std_error = finest.std_error;
        ++done;
        se.reference_note = fmt::format("run at h = {:g}", hs.back() / 4);
      } else {
        se.reference = richardson(se.points, se.reference_note, se.reference_std_error, se.reference_fallback);
      }
    } catch (const SolverError& e) {
      if (series.empty() && se.points.empty()) throw;  // the very first run: nothing to report
      se.failure = e.what();
      log << "converge: " << sp.text() << " failed: " << e.what() << '\n';
    }
    if (se.failure.empty()) {
      // Round-off: below the floor, or below the bound eps N |reference| of N steps' accumulated rounding.
      // Statistical: within 2 standard errors of 0 (stochastic observables); not fitted either, labelled apart.
      const double floor = floor_abs >= 0 ? floor_abs : 1e-14 * std::abs(se.reference);
      const auto statistical = [](double d, double se1, double se2) { return d <= 2 * std::hypot(se1, se2); };
      std::vector<double> h, err, raw;
      std::vector<bool> noise;
      double bound = floor;  // the largest round-off bound of the points fitted
      for (auto& p : se.points) {
        p.error = std::abs(p.value - se.reference);
        const double accumulated = 2.2e-16 * static_cast<double>(p.steps) * std::abs(se.reference);
        bound = std::max(bound, accumulated);
        noise.push_back(p.std_error > 0 && statistical(p.error, p.std_error, se.reference_std_error));
        h.push_back(p.h), raw.push_back(p.error);
        err.push_back(p.error > std::max(floor, accumulated) && !noise.back() ? p.error : 0.0);
      }
      se.fit = fit_asymptotic_order(h, err, 0);
      if (reference == "richardson" && se.points.size() >= 3) {
        // The extrapolated reference comes from the finest levels themselves: errors against it would fit the
        // observed order back exactly. The order is fitted on the differences of neighbouring levels instead,
        // |y_j - y_j+1| = C h_j^p (1 - r^-p), each labelled on its coarser point (the finest shares its label).
        se.on_differences = true;
        h.clear(), err.clear(), raw.clear(), noise.clear();
        bound = floor;
        for (std::size_t j = 0; j + 1 < se.points.size(); ++j) {
          const ConvergencePoint &a = se.points[j], &b = se.points[j + 1];
          const double d = std::abs(a.value - b.value);
          const double accumulated = 2.2e-16 * static_cast<double>(b.steps) * std::abs(se.reference);
          bound = std::max(bound, accumulated);
          noise.push_back(a.std_error > 0 && statistical(d, a.std_error, b.std_error));
          h.push_back(a.h), raw.push_back(d);
          err.push_back(d > std::max(floor, accumulated) && !noise.back() ? d : 0.0);
        }
        se.fit = fit_asymptotic_order(h, err, 0);
        series_verdict(se, sp.adaptive() ? "rtol" : "dt", h, err, raw, noise, bound);
        se.fit.range.push_back(se.fit.range.back());
        noise.push_back(noise.back());
      } else {
        series_verdict(se, sp.adaptive() ? "rtol" : "dt", h, err, raw, noise, bound);
      }
      // A stochastic series has no round-off at its error levels: what ends its asymptotic range is the noise.
      for (std::size_t k = 0; k < se.points.size(); ++k)
        if (noise[k] || (se.points[k].std_error > 0 && se.fit.range[k] == "round-off")) se.fit.range[k] = "statistical";
    }
    series.push_back(se);
  }

  return series;
}

int converge_command(const ConvergeArgs& args, CommandIo& io) {
  if (args.study.empty()) throw_input("study", "", std::string("missing; usage: ") + kUsage);
  const auto studies = studies_with(args.study);
  const Study& study = find_study(studies, args.study);
  const std::vector<Observable> observables = study.observables();
  std::string observable_name = args.observable, solver_text = args.solver, dt_text = args.dt, rtol_text = args.rtol,
              reference = args.reference, floor_text = args.floor, out_text = args.out;
  const std::vector<std::string>& sets = args.sets;
  const bool work = args.work, json = args.json;
  if (observable_name.empty()) {
    std::vector<std::string> names;
    for (const auto& o : observables) names.push_back(o.name);
    throw_input("--observable", "", names.empty() ? "study " + study.name() + " declares no deterministic observable"
                                                  : "missing; allowed: " + join(names));
  }
  const Observable& obs = find_observable(observables, study.name(), observable_name);
  Parameters prm = study.parameters();
  for (const auto& [key, value] : obs.defaults) prm.set(key, value);
  assign_each(prm, sets);
  if (solver_text.empty()) solver_text = join(work ? obs.work_solvers : obs.default_solvers, ",");
  std::vector<IntegratorSpec> specs;
  for (const auto& item : split_list(solver_text)) specs.push_back(parse_integrator_among("--solver", item, obs.integrators));
  if (specs.empty()) throw_input("--solver", solver_text, "give at least one integrator");
  const auto dts = parse_levels("--dt", dt_text.empty() ? obs.default_dt : dt_text);
  const auto rtols = parse_levels("--rtol", rtol_text.empty() ? obs.default_rtol : rtol_text);
  if (reference.empty()) reference = obs.default_reference;
  if (reference != "exact" && reference != "richardson" && reference != "finest")
    throw_input("--reference", reference, "allowed: exact, richardson, finest");
  std::optional<double> exact;
  if (reference == "exact") {
    if (obs.exact) exact = obs.exact(prm);
    if (exact && !std::isfinite(*exact)) exact.reset();  // e.g. an exact motion that never sticks
    if (!exact) throw_input("--reference", "exact", "no exact value of " + obs.name + " for " + study.name() + " here; allowed: richardson, finest");
  }
  double floor_abs = -1;
  if (!floor_text.empty()) {
    floor_abs = parse_real("--floor", floor_text);
    if (!(floor_abs >= 0)) throw_input("--floor", floor_text, "allowed: an error >= 0");
  }
  const std::filesystem::path out =
      out_text.empty() ? std::filesystem::path("out") / ("converge-" + study.name() + "-" + obs.name) : std::filesystem::path(out_text);
  install_interrupt_handlers();  // Ctrl-C stops between runs or steps (exit 130), the finished runs on disk
  // What the runs depend on besides the study's parameters: a --resume with another value is refused, naming it.
  Parameters stored = prm;
  stored.declare("--observable", obs.name, "").declare("--solver", solver_text, "");
  stored.declare("--dt", dt_text.empty() ? obs.default_dt : dt_text, "").declare("--rtol", rtol_text.empty() ? obs.default_rtol : rtol_text, "");
  stored.declare("--reference", reference, "");
  std::string resume_command;
  for (const std::string& a : args.command_line)
    if (a != "--overwrite" && a != "--resume") resume_command += (resume_command.empty() ? "" : " ") + a;
  resume_command += " --resume";
  // --out: a finished converge there is refused without --resume or --overwrite; a refusal leaves it as it was.
  return with_out_dir(out, args.resume, args.overwrite, args.command_line, [&](const OutDirLock&) {
    RunStore store(out, "converge " + study.name(), stored, args.resume);
    std::vector<ConvergenceSeries> series;
    nlohmann::json summary;
    try {
      series = measure_convergence(obs, prm, specs, dts, rtols, reference, exact, floor_abs, io.err, &store);
      nlohmann::json extra;
      if (exact) extra["exact"] = *exact;
      extra["complete"] = true;
      extra["runs_done"] = store.runs_done();
      if (store.runs_resumed()) extra["runs_resumed"] = store.runs_resumed();
      extra["provenance"] = provenance(args.command_line, prm);
      summary = write_convergence(out, study.name(), obs, series, reference, work, extra, io.err);
    } catch (const Interrupted& e) {
      return end_interrupted(e, out, study.name(), store, resume_command, provenance(args.command_line, prm),
                             {{"command", "converge"}, {"observable", obs.name}}, io);
    }
    if (json) io.out << summary.dump() << std::endl;
    std::string written = "converge.csv, converge_long.csv, summary.json";
    for (const auto& png : summary["figures"]) written += ", " + png.get<std::string>();
    io.err << "converge: wrote " << out.string() << "/ (" << written << ")";
    std::vector<std::string> missing;  // a figure gnuplot did not draw (its reason is on the line above)
    for (const char* png : {"converge.png", "work.png"})
      if ((std::string(png) == "converge.png" || work) &&
          std::find(summary["figures"].begin(), summary["figures"].end(), png) == summary["figures"].end())
        missing.push_back(png);
    if (!missing.empty()) io.err << "; not drawn: " << join(missing);
    io.err << '\n';
    for (const auto& se : series)  // the failure is on stderr and in summary.json; the first one is the reason
      if (!se.failure.empty()) return io.fail(3, se.spec.text() + ": " + se.failure);
    return 0;
  });
}

nlohmann::json write_convergence(const std::filesystem::path& out, const std::string& study, const Observable& obs,
                                 const std::vector<ConvergenceSeries>& series, const std::string& reference, bool work,
                                 const nlohmann::json& extra, std::ostream& log, const std::string& context) {
  make_out_dir(out);
  const std::vector<std::string> range_codes{"asymptotic", "pre-asymptotic", "round-off", "statistical"};
  CsvWriter csv(out / "converge.csv",
                {"solver_index", fmt::format("h (dt [{}] or rtol [1])", obs.step_unit), fmt::format("{} [{}]", obs.name, obs.unit),
                 fmt::format("reference [{}]", obs.unit), fmt::format("error [{}]", obs.unit),
                 "range (0 asymptotic, 1 pre-asymptotic, 2 round-off, 3 statistical)", "rhs_evals", "steps", "wall_time [s]",
                 fmt::format("stderr [{}]", obs.unit)});
  // The same numbers in long format, one row per run and result, texts instead of codes (for pandas / R).
  CsvWriter long_csv(out / "converge_long.csv", {"solver", "h_kind", "h", "h_unit", "range", "result", "value", "unit"});
  nlohmann::json results = nlohmann::json::array(), solver_codes = nlohmann::json::array();
  bool any_adaptive = false, any_fixed = false;
  for (std::size_t i = 0; i < series.size(); ++i) {
    const ConvergenceSeries& se = series[i];
    solver_codes.push_back(se.spec.text());
    nlohmann::json r{{"solver", se.spec.text()}, {"h_kind", se.spec.adaptive() ? "rtol" : "dt"}};
    if (!se.failure.empty()) {
      r["failure"] = se.failure;
      results.push_back(r);
      continue;
    }
    (se.spec.adaptive() ? any_adaptive : any_fixed) = true;
    nlohmann::json pts = nlohmann::json::array();
    for (std::size_t k = 0; k < se.points.size(); ++k) {
      const ConvergencePoint& p = se.points[k];
      const std::string& range = se.fit.range[k];
      const double code = static_cast<double>(std::find(range_codes.begin(), range_codes.end(), range) - range_codes.begin());
      csv.row({static_cast<double>(i), p.h, p.value, se.reference, p.error, code, static_cast<double>(p.rhs_evals),
               static_cast<double>(p.steps), p.seconds, p.std_error});
      const std::string h_kind = se.spec.adaptive() ? "rtol" : "dt", h_unit = se.spec.adaptive() ? "1" : obs.step_unit;
      const std::vector<std::tuple<std::string, double, std::string>> long_rows{
          {obs.name, p.value, obs.unit},  {"reference", se.reference, obs.unit},
          {"error", p.error, obs.unit},   {"stderr", p.std_error, obs.unit},
          {"rhs_evals", static_cast<double>(p.rhs_evals), ""}, {"steps", static_cast<double>(p.steps), ""},
          {"wall_time", p.seconds, "s"}};
      for (const auto& [result, value, unit] : long_rows)
        long_csv.row({se.spec.text(), h_kind, p.h, h_unit, range, result, value, unit});
      pts.push_back({{"h", p.h}, {"value", p.value}, {"error", p.error}, {"range", range}, {"rhs_evals", p.rhs_evals},
                     {"steps", p.steps}, {"wall_time_s", p.seconds}, {"stderr", p.std_error}});
    }
    r["reference"] = se.reference;
    r["reference_note"] = se.reference_note;
    r["reference_stderr"] = se.reference_std_error;
    r["order"] = json_number(se.fit.order);
    r["std_error"] = json_number(se.fit.std_error);
    r["ci95"] = se.fit.has_ci() ? nlohmann::json{se.fit.ci_low, se.fit.ci_high} : nlohmann::json(nullptr);
    r["points_fitted"] = se.fit.points;
    r["fitted_on"] = se.on_differences ? "differences of neighbouring levels" : "errors";
    r["verdict"] = se.verdict;
    r["note"] = se.note;
    r["points"] = pts;
    results.push_back(r);
    const std::string who = fmt::format("converge: {}{} {}: ", study, context.empty() ? std::string() : " [" + context + "]",
                                        se.spec.text());
    if (se.fit.fitted()) {
      log << who
          << fmt::format("order {:.3f} {}{}\n", se.fit.order,
                         se.fit.has_ci() ? fmt::format("(95 % CI {:.3f} .. {:.3f}, {} points)", se.fit.ci_low, se.fit.ci_high, se.fit.points)
                                         : fmt::format("({} points, no CI)", se.fit.points),
                         se.on_differences ? " on the differences of neighbouring levels" : "");
      if (!se.note.empty()) log << "converge:   " << se.spec.text() << ": " << se.note << '\n';
    } else {
      log << who << (se.verdict == "exact" ? se.note : "order " + se.note) << '\n';
    }
  }
  csv.close();
  long_csv.close();
  nlohmann::json figures = nlohmann::json::array();  // the PNGs drawn (gnuplot may be missing or fail)
  if ((any_fixed || any_adaptive) &&
      render_figure(out / "converge.png", error_figure(series, obs, study, reference, any_adaptive, any_fixed), log))
    figures.push_back("converge.png");
  if (work && render_figure(out / "work.png", work_figure(series, obs, study), log)) figures.push_back("work.png");

  nlohmann::json summary{{"command", "converge"},     {"study", study},              {"observable", obs.name},
                         {"unit", obs.unit},           {"reference", reference},      {"results", results},
                         {"csv_codes", {{"solver_index", solver_codes}, {"range", range_codes}}},
                         {"figures", figures}};
  for (const auto& [key, value] : extra.items()) summary[key] = value;
  write_json(out / "summary.json", summary);
  return summary;
}

}  // namespace stickslip
