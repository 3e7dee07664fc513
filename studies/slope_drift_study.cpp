// studies/slope_drift_study.cpp — `stickslip run slope-drift`: seed 002, §4, Figs. 2-5 generalised.
//
// A block of size l on a slope at angle_deg (models/incline_block.hpp, Table 1 parameters) with speed v0 down
// the slope, started either in static normal equilibrium (start=equilibrium) or, as in the paper, just
// touching the plane without overlap and dropping into the normal spring (start=touching).
//   friction  coulomb-filippov (Filippov driver), coulomb-dae (IDA; projection=on/off: velocity projection while
//             sticking, the seed's conclusion), cundall-strack, csds, dsds
//   solver    heun, rk4 (fixed step dt), dopri5, bdf2, bdf5 (CVODE BDF, or IDA for coulomb-dae, maximum order
//             2 / 5). The adaptive ones run with rtol/atol and largest internal step dt (SolverOptions::max_step),
//             so that a dt sweep means the same for every integrator (Fig. 4); they report to the study every dt.
// Combinations that do not exist are skipped and listed, as the models say (Model::form and form_refuses:
// coulomb-dae is a DAE, IDA only, so a BDF solver; dsds is a time-stepping rule for heun/rk4 only; the csds model
// refuses damping off).
// Three groups of runs, each run once even if it belongs to several (its JSON row lists them in "sweeps"):
//   position  friction x solver x dt x angle_deg x size x damping x projection x start (every listed value)
//   dt        friction x solver x projection x dt_sweep      at the base point
//   size      friction x solver x projection x size_sweep    at the base point
// with the base point dt = first dt, size = first size, damping = first damping, start = first start and
// angle = the last angle_deg (30 deg by default, just under the critical angle: Figs. 4-5).
// Drift = |s(t_end) - s(t_rest)| along the slope. t_rest = 0 if the block starts at rest in equilibrium
// (start=equilibrium, v0 = 0); otherwise the first time s' <= 0 after the block has moved (the stick event for
// the Coulomb laws), and 0 if it never moves. s' is sampled every step of heun/rk4 and every dt of the others
// (and at every event). Rows whose block has not come to rest by t_end have drift and t_rest null; a run whose
// solver fails gets an "error" and null drift, and the others go on. late_drift = |s(t_end) - s(t_end / 2)|
// separates a start-up slip (late_drift 0) from a creep that goes on.
// Outputs: runs/<label>.csv (t, s, v, y, F_t, x_h - x_h(0): horizontal displacement, every output_interval),
//   results.csv, and
//   position.png        x_h(t) - x_h(0) per angle (rows) and start (columns) at the first dt and size (Figs. 2-3)
//   drift_vs_dt.png     drift against dt, one panel per law, one line per solver (Fig. 4)
//   drift_vs_size.png   drift against l, one panel per law, one line per solver (Fig. 5)
// JSON: {"study":"slope-drift","results":[{"friction","solver","dt","angle_deg","size","damping","projection",
//        "start","drift","t_rest","sweeps", ...}], "skipped":[...]}; projection is null for the laws it does not
//        apply to (all but coulomb-dae).
#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>
#include <set>

#include "core/errors.hpp"
#include "models/incline_block.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/integrate.hpp"
#include "studies/output.hpp"
#include "studies/study.hpp"

namespace stickslip {
namespace {

constexpr double kDeg = 3.14159265358979323846 / 180;
constexpr double kFloor = 1e-18;  // drifts below this (in particular exact zeros) are drawn here on log axes
const std::vector<std::string> kSolvers{"heun", "rk4", "dopri5", "bdf2", "bdf5"};
const std::vector<std::string> kStarts{"equilibrium", "touching"};

enum Group : unsigned { group_position = 1, group_dt = 2, group_size = 4 };

struct Config {
  BlockLaw law;
  std::string solver;
  double dt, angle_deg, size;
  bool damping;
  bool projection;  // coulomb-dae only (false for the other laws)
  bool touching;    // start=touching
  std::string label() const {
    std::string s = fmt::format("{}_{}_dt{:g}_a{:g}_l{:g}_{}", to_string(law), solver, dt, angle_deg, size,
                                damping ? "damped" : "undamped");
    if (law == BlockLaw::coulomb_dae) s += projection ? "_proj" : "_noproj";
    return s + (touching ? "_touching" : "_equilibrium");
  }
  // The name of a curve in a sweep panel (law, point fixed by the panel).
  std::string curve() const {
    return law == BlockLaw::coulomb_dae ? solver + (projection ? " projection on" : " projection off") : solver;
  }
};

struct Common {
  BlockParameters base;
  double t_end, v0, rtol, atol, output_interval;
};

struct Outcome {
  double t_rest = std::nan(""), s_rest = 0, v_rest = 0, s_end = 0, drift = 0;
  double s_half = std::nan(""), late_drift = 0;
  double max_abs_xh = 0;  // largest |x_h - x_h(0)|
  std::string error;      // the SolverError of a run that failed (its row keeps the time series up to there)  // s(t_end / 2), |s(t_end) - s(t_end / 2)|
  long steps = 0, events = 0;
  long rhs_evals = 0;  // not stored in the run-store row (only `stickslip converge` reads it)
};

// An Outcome as a run-store row and back (NaN as null).
nlohmann::json outcome_json(const Outcome& o) {
  return {{"t_rest", json_number(o.t_rest)}, {"s_rest", json_number(o.s_rest)}, {"v_rest", json_number(o.v_rest)},
          {"s_end", json_number(o.s_end)},   {"drift", json_number(o.drift)},   {"s_half", json_number(o.s_half)},
          {"late_drift", json_number(o.late_drift)}, {"max_abs_xh", json_number(o.max_abs_xh)},
          {"error", o.error}, {"steps", o.steps}, {"events", o.events}};
}
Outcome outcome_of(const nlohmann::json& j) {
  const auto num = [&](const char* key) { return j[key].is_number() ? j[key].get<double>() : std::nan(""); };
  Outcome o;
  o.t_rest = num("t_rest"), o.s_rest = num("s_rest"), o.v_rest = num("v_rest"), o.s_end = num("s_end");
  o.drift = num("drift"), o.s_half = num("s_half"), o.late_drift = num("late_drift"), o.max_abs_xh = num("max_abs_xh");
  o.error = j["error"].get<std::string>();
  o.steps = j["steps"].get<long>(), o.events = j["events"].get<long>();
  return o;
}

// A solver of this study from an integrator spec (solvers/integrator_spec.hpp): heun, rk4, dopri5, or a BDF of
// maximum order 2 or 5 — bdf2 / bdf5, also written cvode:2, cvode:bdf:5, ida:2, cvode, ida (CVODE, or IDA for
// coulomb-dae, whichever is written).
std::string block_solver(const std::string& key, const std::string& text) {
  if (text == "bdf2" || text == "bdf5") return text;
  const IntegratorSpec s = parse_integrator_among(key, text, {"heun", "rk4", "dopri5", "cvode", "ida"});
  if (s.filippov) throw_input(key, text, "coulomb-filippov runs the Filippov driver by itself; give the scheme alone");
  if (s.scheme == "heun" || s.scheme == "rk4" || s.scheme == "dopri5") return s.scheme;
  if (s.adams || (s.max_order != 0 && s.max_order != 2 && s.max_order != 5))
    throw_input(key, text, "the BDF of this study has maximum order 2 or 5: bdf2, bdf5, cvode:2, cvode:5, ida:2, ida:5");
  return s.max_order == 2 ? "bdf2" : "bdf5";
}

BlockParameters block_of(const Config& c, const Common& k);

// The form of a law's equations (Model::form): coulomb-filippov runs the Filippov driver on any scheme, an ODE.
ModelForm form_of(BlockLaw law) {
  if (law == BlockLaw::coulomb) return ModelForm::ode;
  return InclineBlock(BlockParameters{}, law).form();
}

SolverOptions solver_options(const Config& c, const Common& k) {
  SolverOptions o;
  o.dt = c.dt;  // the step of heun/rk4; the reporting interval of the adaptive solvers
  o.rtol = k.rtol;
  o.atol = k.atol;
  if (c.solver == "heun") o.kind = SolverKind::heun;
  else if (c.solver == "rk4") o.kind = SolverKind::rk4;
  else if (c.solver == "dopri5") o.kind = SolverKind::dopri5;
  else {
    o.kind = form_of(c.law) == ModelForm::dae ? SolverKind::ida : SolverKind::cvode;  // bdf2/bdf5
    o.max_order = c.solver == "bdf2" ? 2 : 5;
  }
  if (!is_fixed_step(o.kind)) o.max_step = c.dt;
  return o;
}

BlockParameters block_of(const Config& c, const Common& k) {
  BlockParameters p = k.base;
  p.alpha = c.angle_deg * kDeg;
  p.size = c.size;
  p.damping = c.damping;
  p.validate();
  return p;
}

// Why a combination does not exist ("" if it does), as the model and the drivers say (Model::form, form_refuses;
// the model's own refusal of its parameters, e.g. csds without damping).
std::string unsupported(const Config& c, const Common& k) {
  const BlockParameters p = block_of(c, k);  // a bad parameter is an error, not a combination to skip
  try {
    if (c.law != BlockLaw::coulomb) (void)InclineBlock(p, c.law, c.projection);
  } catch (const InputError& e) {
    return e.what();
  }
  return form_refuses(form_of(c.law), solver_options(c, k).kind);
}

// One run with solver options `so`; CSV rows every output_interval when csv is given.
Outcome run_one(const Config& c, const Common& k, const SolverOptions& so, CsvWriter* csv) {
  const BlockParameters p = block_of(c, k);
  Outcome out;
  const bool rest_in_equilibrium = k.v0 == 0 && !c.touching;
  if (rest_in_equilibrium) out.t_rest = 0;
  bool moved = false;
  double next_out = 0;
  const double ca = std::cos(p.alpha), sa = std::sin(p.alpha);
  const double y0 = c.touching ? 0.0 : -p.static_overlap();
  const double xh0 = y0 * sa;  // horizontal position of the start
  double lo = 0, hi = 0;  // range of x_h - x_h(0) since the last CSV row (undamped runs oscillate faster than it)
  auto observe = [&](double t, double s, double v, double y, double ft) {
    moved = moved || v > 0;
    if (std::isnan(out.t_rest) && moved && v <= 0) {
      out.t_rest = t;
      out.s_rest = s;
      out.v_rest = v;
    }
    if (std::isnan(out.s_half) && t >= k.t_end / 2) out.s_half = s;
    const double xh = s * ca + y * sa - xh0;
    lo = std::min(lo, xh);
    hi = std::max(hi, xh);
    out.max_abs_xh = std::max(out.max_abs_xh, std::abs(xh));
    if (csv && (t >= next_out || t >= k.t_end)) {
      csv->row({t, s, v, y, ft, xh, lo, hi});
      lo = hi = xh;
      // Rows 5% apart in t early on (for log-t plots of the grip), then every output_interval.
      next_out = t + std::min(k.output_interval, std::max(0.05 * t, so.dt));
    }
  };
  RunStats st;
  if (c.law == BlockLaw::coulomb) {
    const InclineBlockFilippov sys(p);
    FilippovOptions fo;
    fo.solver = so;
    const FilippovModel model(sys);
    Vec x(4);
    x << 0, k.v0, y0, 0;
    Mode mode;
    st = integrate_filippov(sys, 0, k.t_end, x, mode, fo, [&](double t, VecCRef y, const Mode& md) {
      const double sigma = model.side_values(t, y, md)[0];
      observe(t, y[0], y[1], y[2], -sigma * p.mu * p.normal_force(y[2], y[3]));
    });
    out.s_end = x[0];
  } else {
    const InclineBlock blk(p, c.law, c.projection);
    Vec x(5);
    x << 0, k.v0, y0, 0, 0;
    Mode mode = blk.initial_mode(0, x);
    blk.project(0, x, mode);
    st = integrate(blk, 0, k.t_end, x, mode, so, [&](double t, VecCRef y, const Mode& md) {
      observe(t, y[0], y[1], y[2], blk.tangential_force(y, md));
    });
    out.s_end = x[0];
  }
  if (std::isnan(out.t_rest) && !moved) out.t_rest = 0;  // never left its start
  out.steps = st.steps;
  out.rhs_evals = st.rhs_evals;
  out.events = static_cast<long>(st.events.size());
  out.drift = std::isnan(out.t_rest) ? std::nan("") : std::abs(out.s_end - out.s_rest);
  out.late_drift = std::abs(out.s_end - out.s_half);
  return out;
}

// A positive list, or "none" (an empty list).
std::vector<double> sweep_list(const Parameters& prm, const std::string& key) {
  if (prm.raw(key) == "none") return {};
  std::vector<double> v;
  try {
    v = prm.positive_list(key);
  } catch (const InputError&) {
    throw_input(key, prm.raw(key), "a comma-separated list of positive numbers, or none");
  }
  if (v.empty()) throw_input(key, prm.raw(key), "a comma-separated list of positive numbers, or none");
  return v;
}

template <class T>
const std::vector<T>& non_empty(const std::vector<T>& v, const Parameters& prm, const std::string& key) {
  if (v.empty()) throw_input(key, prm.raw(key), "give at least one value");
  return v;
}

nlohmann::json json_groups(unsigned groups) {
  nlohmann::json j = nlohmann::json::array();
  if (groups & group_position) j.push_back("position");
  if (groups & group_dt) j.push_back("dt");
  if (groups & group_size) j.push_back("size");
  return j;
}

class SlopeDriftStudy final : public Study {
 public:
  std::string name() const override { return "slope-drift"; }
  std::string summary() const override {
    return "block on a slope (seed 002 §4, Figs. 2-5): creep of Coulomb (Filippov/DAE) vs Cundall-Strack, C-SDS, D-SDS";
  }

  Parameters parameters() const override {
    Parameters p("slope-drift");
    p.declare("friction", "coulomb-filippov,coulomb-dae,cundall-strack,csds,dsds",
              "friction laws (list): " + join(block_law_names()) + " (coulomb alone is ambiguous)")
        .declare("solver", "heun,rk4,dopri5,bdf2,bdf5",
                 "solvers (list): " + join(kSolvers) + " (bdf2/bdf5 also as cvode:2, cvode:5, ida:2, ida:5, cvode, ida)")
        .declare("dt", "5e-6",
                 "time steps (list) [s]: the step of heun/rk4, the largest internal step of dopri5/bdf2/bdf5 "
                 "(CSV rows every output_interval); the first is the base point of the sweeps")
        .declare("dt_sweep", "2e-6,5e-6,1e-5,2e-5,5e-5,1e-4",
                 "dt values (list, or none) run at the base point for drift_vs_dt.png (Fig. 4)")
        .declare("size_sweep", "0.001,0.003,0.01,0.03,0.1,0.3,1",
                 "block sizes l [m] (list, or none) run at the base point for drift_vs_size.png (Fig. 5)")
        .declare("angle_deg", "15,30", "slope angles (list) [deg]; the sweeps run at the last one")
        .declare("size", "0.01", "block sizes l (list) [m]; the first is the base point of the sweeps")
        .declare("damping", "on,off",
                 "normal damping D and tangential gamma_t (list of on/off); the first is the base point of the sweeps")
        .declare("projection", "on,off", "coulomb-dae: velocity projection s' = 0 while sticking (list of on/off)")
        .declare("start", "equilibrium",
                 "initial state (list): equilibrium (static normal overlap) or touching (no overlap, the paper's "
                 "start); the first is the base point of the sweeps")
        .declare("t_end", "1", "end time [s]")
        .declare("v0", "0", "initial speed down the slope [m/s]")
        .declare("mu", "0.6", "friction coefficient")
        .declare("rho", "5000", "density [kg/m^3] (Table 1)")
        .declare("Y", "5e7", "Young's modulus [kg/(m s^2)] (Table 1)")
        .declare("gamma", "1.5", "normal damping prefactor D of eq. 18 (Table 1)")
        .declare("rtol", "1e-10", "relative tolerance of dopri5/bdf")
        .declare("atol", "1e-16", "absolute tolerance of dopri5/bdf (overlaps are ~1e-8 m at l = 1 cm)")
        .declare("output_interval", "1e-3", "time between CSV rows [s]");
    return p;
  }

  static Common common_of(const Parameters& prm) {
    Common k;
    k.base.mu = prm.nonnegative("mu");
    k.base.rho = prm.positive("rho");
    k.base.young = prm.positive("Y");
    k.base.normal_damping = prm.nonnegative("gamma");
    k.t_end = prm.positive("t_end");
    k.v0 = prm.nonnegative("v0");
    k.rtol = prm.positive("rtol");
    k.atol = prm.positive("atol");
    k.output_interval = prm.positive("output_interval");
    return k;
  }

  // drift of one run at a single point (friction, angle_deg, size, damping, projection, start each one value) with
  // integrator spec at step h (rtol h for dopri5/cvode/ida, whose largest internal step is then the first dt).
  // coulomb-filippov runs through the Filippov driver whatever the prefix; no exact value (the reference is the finest
  // run or Richardson extrapolation; coulomb-filippov and coulomb-dae with projection give exactly 0).
  std::vector<Observable> observables() const override {
    Observable o;
    o.name = "drift", o.unit = "m", o.help = "|s(t_end) - s(t_rest)| along the slope";
    o.integrators = solver_names();
    o.default_solvers = {"heun", "rk4"};
    o.work_solvers = {"heun", "rk4", "dopri5", "cvode:bdf", "cvode:adams"};
    o.default_dt = "2e-5:1.25e-6:5";
    o.default_reference = "richardson";
    o.defaults = {{"friction", "cundall-strack"}, {"angle_deg", "30"}, {"size", "0.01"}, {"damping", "on"},
                  {"projection", "on"}, {"start", "equilibrium"}, {"dt", "5e-6"}};
    o.measure = [](const Parameters& prm, const IntegratorSpec& spec, double h) {
      const Common k = common_of(prm);
      const double angle = prm.real("angle_deg");
      if (!(angle >= 0 && angle < 90)) throw_input("angle_deg", prm.raw("angle_deg"), "one angle in [0, 90)");
      const BlockLaw law = parse_block_law("friction", prm.choice("friction", block_law_names(), block_law_renames()));
      const Config c{law, spec.text(), h, angle, prm.positive("size"), prm.flag("damping"),
                     law == BlockLaw::coulomb_dae && prm.flag("projection"), prm.choice("start", kStarts) == "touching"};
      SolverOptions so = spec.options("solver", {});
      so.rtol = k.rtol, so.atol = k.atol, so.dt = h;
      if (spec.adaptive()) so.rtol = h, so.dt = so.max_step = prm.positive_list("dt").front();
      if (law == BlockLaw::coulomb) validate_solver_options(FilippovModel(InclineBlockFilippov(block_of(c, k))), so, 0, k.t_end);
      else validate_solver_options(InclineBlock(block_of(c, k), c.law, c.projection), so, 0, k.t_end);
      const Outcome r = run_one(c, k, so, nullptr);
      if (std::isnan(r.drift)) throw SolverError("slope-drift: the block is not at rest by t_end; no drift");
      return ObservableValue{r.drift, r.rhs_evals, r.steps};
    };
    return {o};
  }

  std::map<std::string, std::string> result_units() const override {
    return {{"t_rest", "s"}, {"s_rest", "m"}, {"v_rest", "m/s"}, {"s_end", "m"}, {"s_half", "m"},
            {"late_drift", "m"}, {"max_abs_xh", "m"}};
  }

  nlohmann::json run(const Parameters& prm, const StudyContext& ctx) const override {
    const Common k = common_of(prm);
    const auto laws = non_empty(prm.choice_list("friction", block_law_names(), block_law_renames()), prm, "friction");
    std::vector<std::string> solvers;
    for (const auto& item : split_list(prm.raw("solver"))) solvers.push_back(block_solver("solver", item));
    non_empty(solvers, prm, "solver");
    const auto dts = non_empty(prm.positive_list("dt"), prm, "dt");
    const auto angles = non_empty(prm.real_list("angle_deg"), prm, "angle_deg");
    const auto sizes = non_empty(prm.positive_list("size"), prm, "size");
    const auto dampings = non_empty(prm.flag_list("damping"), prm, "damping");
    const auto projections = non_empty(prm.flag_list("projection"), prm, "projection");
    const auto start_names = non_empty(prm.choice_list("start", kStarts), prm, "start");
    const auto dt_sweep = sweep_list(prm, "dt_sweep");
    const auto size_sweep = sweep_list(prm, "size_sweep");
    for (double dt : dt_sweep)
      if (!(dt <= k.t_end)) throw_input("dt_sweep", prm.raw("dt_sweep"), "every dt must be <= t_end = " + prm.raw("t_end"));
    for (double a : angles)
      if (!(a >= 0 && a < 90)) throw_input("angle_deg", prm.raw("angle_deg"), "every angle must lie in [0, 90)");
    std::vector<bool> starts;
    for (const auto& s : start_names) starts.push_back(s == "touching");

    // Every run once; its groups OR-ed together.
    std::vector<Config> configs;
    std::vector<unsigned> groups;
    std::map<std::string, std::size_t> index;
    std::set<std::string> skipped_keys;
    nlohmann::json skipped = nlohmann::json::array();
    auto add = [&](const Config& c, unsigned group) {
      const std::string why = unsupported(c, k);
      if (!why.empty()) {
        const std::string key = fmt::format("{} {} {}", to_string(c.law), c.solver, c.damping);
        if (skipped_keys.insert(key).second)
          skipped.push_back({{"friction", to_string(c.law)}, {"solver", c.solver}, {"damping", c.damping}, {"reason", why}});
        return;
      }
      const auto [it, fresh] = index.emplace(c.label(), configs.size());
      if (!fresh) {
        groups[it->second] |= group;
        return;
      }
      const BlockParameters p = block_of(c, k);
      const SolverOptions so = solver_options(c, k);
      if (c.law == BlockLaw::coulomb)
        validate_solver_options(FilippovModel(InclineBlockFilippov(p)), so, 0, k.t_end);
      else
        validate_solver_options(InclineBlock(p, c.law, c.projection), so, 0, k.t_end);
      configs.push_back(c);
      groups.push_back(group);
    };
    auto for_projections = [&](BlockLaw law, auto&& f) {
      if (law == BlockLaw::coulomb_dae)
        for (bool pr : projections) f(pr);
      else
        f(false);
    };
    for (const auto& ln : laws) {
      const BlockLaw law = parse_block_law("friction", ln);
      for (const auto& sv : solvers)
        for_projections(law, [&](bool pr) {
          for (double dt : dts)
            for (double a : angles)
              for (double l : sizes)
                for (bool d : dampings)
                  for (bool st : starts) add(Config{law, sv, dt, a, l, d, pr, st}, group_position);
          for (double dt : dt_sweep)
            add(Config{law, sv, dt, angles.back(), sizes.front(), dampings.front(), pr, starts.front()}, group_dt);
          for (double l : size_sweep)
            add(Config{law, sv, dts.front(), angles.back(), l, dampings.front(), pr, starts.front()}, group_size);
        });
    }
    if (configs.empty()) throw_input("friction", prm.raw("friction"), "no supported friction/solver/damping combination");

    const auto& out = ctx.out_dir;
    std::filesystem::create_directories(out / "runs");
    Progress progress(ctx.log, name(), configs.size());
    double steps_per_run = 0;  // at the smallest step (the largest internal step of the adaptive solvers)
    for (const auto& c : configs) steps_per_run = std::max(steps_per_run, std::ceil(k.t_end / c.dt));
    ctx.plan({{"runs", configs.size()}, {"t_end", k.t_end}, {"steps_per_run_at_most", json_number(steps_per_run)},
              {"particles", 1}});
    nlohmann::json results = nlohmann::json::array();
    CsvWriter table(out / "results.csv",
                    {"friction_index", "solver_index", "dt [s]", "angle [deg]", "size [m]", "damping",
                     "projection (-1 n/a)", "touching", "drift [m] (-1 not at rest)", "t_rest [s] (-1 not at rest)",
                     "steps"});
    std::vector<Outcome> outcomes;
    for (std::size_t i = 0; i < configs.size(); ++i) {
      const Config& c = configs[i];
      // One run through the run store: its row is on disk when it returns, and a resumed study reads it back.
      const Outcome o = outcome_of(ctx.run(c.label(), [&] {
        Outcome r;
        CsvWriter csv(out / "runs" / (c.label() + ".csv"),
                      {"t [s]", "s [m]", "v [m/s]", "y [m]", "F_t [N/m]", "x_h - x_h(0) [m]",
                       "min x_h - x_h(0) since last row [m]", "max x_h - x_h(0) since last row [m]"});
        try {
          r = run_one(c, k, solver_options(c, k), &csv);
        } catch (const SolverError& e) {
          // One combination failing (e.g. a BDF on an undamped block that grazes contact opening every normal
          // period) must not lose the others: its row says why, with drift and t_rest null.
          r = Outcome{};
          r.error = e.what();
        }
        return outcome_json(r);
      }));
      progress.tick(c.label() + (o.error.empty() ? fmt::format(" drift={:.3g} t_rest={:.4g}", o.drift, o.t_rest)
                                                 : " FAILED: " + o.error));
      const bool dae = c.law == BlockLaw::coulomb_dae;
      results.push_back({{"friction", to_string(c.law)}, {"solver", c.solver}, {"dt", c.dt}, {"angle_deg", c.angle_deg},
                         {"size", c.size}, {"damping", c.damping},
                         {"projection", dae ? nlohmann::json(c.projection) : nlohmann::json(nullptr)},
                         {"start", c.touching ? "touching" : "equilibrium"}, {"drift", json_number(o.drift)},
                         {"t_rest", json_number(o.t_rest)}, {"s_rest", json_number(o.s_rest)}, {"v_rest", json_number(o.v_rest)},
                         {"s_end", json_number(o.s_end)}, {"late_drift", json_number(o.late_drift)}, {"steps", o.steps}, {"events", o.events},
                         {"sweeps", json_groups(groups[i])}, {"label", c.label()}});
      if (!o.error.empty()) results.back()["error"] = o.error;
      const double li = static_cast<double>(static_cast<int>(c.law));
      const double si = static_cast<double>(std::find(kSolvers.begin(), kSolvers.end(), c.solver) - kSolvers.begin());
      table.row({li, si, c.dt, c.angle_deg, c.size, c.damping ? 1.0 : 0.0, dae ? (c.projection ? 1.0 : 0.0) : -1.0,
                 c.touching ? 1.0 : 0.0, std::isnan(o.drift) ? -1.0 : o.drift, std::isnan(o.t_rest) ? -1.0 : o.t_rest,
                 static_cast<double>(o.steps)});
      outcomes.push_back(o);
    }
    table.close();
    plot_position(out, configs, groups, outcomes, dts.front(), sizes.front(), angles, starts, ctx.log);
    const std::string base = fmt::format("t_end = {:g} s, {:g} deg, {}, {}", k.t_end, angles.back(), dampings.front() ? "damped" : "undamped",
                                         starts.front() ? "touching start" : "equilibrium start");
    plot_sweep(out, "drift_vs_dt", configs, groups, outcomes, group_dt,
               fmt::format("Fig. 4: drift against dt (l = {:g} m, {})", sizes.front(), base), "dt [s]", ctx.log);
    plot_sweep(out, "drift_vs_size", configs, groups, outcomes, group_size,
               fmt::format("Fig. 5: drift against l (dt = {:g} s, {})", dts.front(), base), "l [m]", ctx.log);
    return {{"study", name()}, {"results", results}, {"skipped", skipped}};
  }

 private:
  static constexpr const char* kHead = "set datafile separator ','\nset datafile columnheaders\nset grid\n";

  // Figs. 2-3: x_h(t) - x_h(0), one panel per law (columns) and angle x start (rows), with one solver per law:
  // the first of rk4, bdf2, bdf5, dopri5, heun that was run for it. Each curve is the sampled x_h with a shaded
  // band for its range between samples (undamped runs oscillate faster than output_interval).
  static void plot_position(const std::filesystem::path& out, const std::vector<Config>& configs,
                            const std::vector<unsigned>& groups, const std::vector<Outcome>& outcomes, double dt,
                            double size, const std::vector<double>& angles, const std::vector<bool>& starts,
                            std::ostream& log) {
    std::vector<BlockLaw> laws;
    std::map<BlockLaw, std::string> solver_of;
    for (const char* sv : {"rk4", "bdf2", "bdf5", "dopri5", "heun"})
      for (std::size_t i = 0; i < configs.size(); ++i)
        if ((groups[i] & group_position) && configs[i].solver == sv && !solver_of.count(configs[i].law))
          solver_of[configs[i].law] = sv;
    for (const auto& [law, sv] : solver_of) laws.push_back(law);
    if (laws.empty()) return;
    const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e"};
    std::string script =
        std::string(kHead) +
        "set logscale x\nset format x '%.0e'\nset key below font ',9'\nset xlabel 't [s]'\n"
        "set ylabel 'x_h - x_h(0) [m]'\nset format y '%.2g'\n" +
        fmt::format("set multiplot layout {},{} title 'Seed 002 Figs. 2-3: horizontal displacement x_h(t) - x_h(0) of a "
                    "block of l = {:g} m, dt = {:g} s (log t; shaded: range between CSV samples; max = largest "
                    "|x_h - x_h(0)|)'\n",
                    angles.size() * starts.size(), laws.size(), size, dt);
    for (double a : angles)
      for (bool st : starts)
        for (BlockLaw law : laws) {
          std::string p;
          int curve = 0;
          for (std::size_t i = 0; i < configs.size(); ++i) {
            const Config& c = configs[i];
            if (!(groups[i] & group_position) || c.law != law || c.angle_deg != a || c.touching != st || c.dt != dt ||
                c.size != size || solver_of[law] != c.solver)
              continue;
            std::string name = c.damping ? "damped" : "undamped";
            if (law == BlockLaw::coulomb_dae) name += c.projection ? ", proj" : ", no proj";
            const char* col = colors[curve++ % 4];
            p += fmt::format("'runs/{0}.csv' using 1:7:8 with filledcurves fs transparent solid 0.25 lc rgb '{1}' "
                             "notitle, '' using 1:6 with lines lw 1.5 dt {2} lc rgb '{1}' title '{3} (max {4:.3g} m)', ",
                             c.label(), col, c.damping ? 1 : 2,
                             outcomes[i].error.empty() ? name : name + ", solver failed", outcomes[i].max_abs_xh);
          }
          if (p.empty()) {
            script += "set multiplot next\n";
            continue;
          }
          script += fmt::format("set title '{} {}: {:g} deg, {} start'\n", to_string(law), solver_of[law], a,
                                st ? "touching" : "equilibrium");
          script += "plot " + p.substr(0, p.size() - 2) + "\n";
        }
    script += "unset multiplot\n";
    render_png(out / "position.png", script, log, 400 * static_cast<int>(laws.size()),
               400 * static_cast<int>(angles.size() * starts.size()) + 60);
  }

  // Figs. 4-5: one panel per law, one line per solver (and projection); drifts below kFloor drawn at kFloor.
  static void plot_sweep(const std::filesystem::path& out, const std::string& file, const std::vector<Config>& configs,
                         const std::vector<unsigned>& groups, const std::vector<Outcome>& outcomes, unsigned group,
                         const std::string& title, const std::string& xlabel, std::ostream& log) {
    std::map<BlockLaw, std::map<std::string, std::vector<std::pair<double, double>>>> panels;
    for (std::size_t i = 0; i < configs.size(); ++i) {
      const Config& c = configs[i];
      if (!(groups[i] & group) || std::isnan(outcomes[i].drift)) continue;
      panels[c.law][c.curve()].emplace_back(group == group_dt ? c.dt : c.size, outcomes[i].drift);
    }
    if (panels.empty()) return;
    std::string script = std::string(kHead) +
                         "set logscale xy\nset format x '%.0e'\nset key top left\n" +
                         fmt::format("set multiplot layout {},{} title '{}; drift = |s(t_end) - s(t_rest)| along the slope. A drift "
                                     "below {:g} m, exactly 0 included, is drawn on the dashed floor line'\n",
                                     panels.size() > 3 ? 2 : 1, panels.size() > 3 ? 3 : panels.size(), title, kFloor);
    CsvWriter csv(out / (file + ".csv"), {xlabel, "drift [m]", "drift drawn [m]", "panel", "curve"});
    int panel = 0;
    for (const auto& [law, curves] : panels) {
      std::string p;
      int curve = 0;
      const int pts[] = {7, 5, 9, 11, 13, 4, 6};
      for (const auto& [name, xy] : curves) {
        std::vector<std::pair<double, double>> sorted = xy;
        std::sort(sorted.begin(), sorted.end());
        for (const auto& [xv, d] : sorted) csv.row({xv, d, std::max(d, kFloor), double(panel), double(curve)});
        const bool all_zero = std::all_of(sorted.begin(), sorted.end(), [](auto& q) { return q.second == 0; });
        p += fmt::format("'{}.csv' using 1:(($4 == {} && $5 == {}) ? $3 : 1/0) with linespoints lw 1.5 pt {} ps {} "
                         "title '{}{}', ",
                         file, panel, curve, pts[curve % 7], 2.2 - 0.3 * curve, name, all_zero ? " (all exactly 0)" : "");
        ++curve;
      }
      // A panel with a drift under the floor spans down to it; the others zoom in on their own range, so that
      // differences between solvers stay visible.
      double lo = INFINITY, hi = 0;
      for (const auto& [name, xy] : curves)
        for (const auto& [xv, d] : xy) lo = std::min(lo, d), hi = std::max(hi, d);
      const std::string yrange = lo < kFloor ? fmt::format("[{:g}:{:g}]", kFloor / 30, std::max(hi * 30, 1e-10))
                                             : fmt::format("[{:g}:{:g}]", lo / 2, hi * 2);
      // Log axes put their labels at decades only; a narrow range gets five labelled tics of its own.
      std::string ytics = "set ytics auto\nset format y '%.0e'\n";
      if (lo >= kFloor) {
        ytics = "set format y '%.3g'\nset ytics (";
        for (int q = 0; q <= 4; ++q)
          ytics += fmt::format("{}{:.3g}", q ? ", " : "", lo / 2 * std::pow(4 * hi / lo, q / 4.0));
        ytics += ")\n";
      }
      script += fmt::format("set title '{}'\nset xlabel '{}'\nset ylabel 'drift [m]'\nset yrange {}\n{}",
                            to_string(law), xlabel, yrange, ytics);
      script += "plot " + p + (lo < kFloor ? fmt::format("{:g} with lines dt 2 lw 2 lc rgb 'black' title 'floor'\n", kFloor)
                                           : std::string("1/0 notitle\n"));
      ++panel;
    }
    csv.close();
    script += "unset multiplot\n";
    render_png(out / (file + ".png"), script, log, 1800, panels.size() > 3 ? 1100 : 600);
  }
};

}  // namespace

std::unique_ptr<Study> make_slope_drift_study() { return std::make_unique<SlopeDriftStudy>(); }

}  // namespace stickslip
