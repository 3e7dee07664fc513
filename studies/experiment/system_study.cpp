// studies/experiment/system_study.cpp — see system_study.hpp.
#include "studies/experiment/system_study.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/work_limits.hpp"
#include "models/system/coulomb_exact.hpp"
#include "studies/experiment/figure.hpp"
#include "studies/experiment/output.hpp"

namespace stickslip {

void declare_system_run_keys(Parameters& p, const SystemRunDefaults& d) {
  p.declare("solver", d.solver, d.solver_help)
      .declare("dt", d.dt, "step of the fixed-step schemes and Moreau-Jean; output interval of the adaptive ones [" +
                               d.time_unit + "]")
      .declare("rtol", d.rtol, "relative tolerance of dopri5, CVODE, IDA")
      .declare("atol", d.atol, "absolute tolerance of dopri5, CVODE, IDA")
      .declare("events", "on", "locate every stick/slip switch as an event")
      .declare("projection", "on", "velocity projection while a DAE contact sticks")
      .declare("transitions", "joint", "joint: the contacts at zero slip decided together; per-contact: each alone")
      .declare("theta", "0.5", "Moreau-Jean's theta in [0.5, 1]")
      .declare("ledger", d.ledger, "energy ledger rows: on, off, auto (on up to 50 bodies)");
}

SystemRunSettings system_run_settings(const Parameters& p) {
  SystemRunSettings st;
  st.solver = p.raw("solver");
  st.dt = p.positive("dt");
  st.rtol = p.in_open_range("rtol", 0, 1);
  st.atol = p.absolute_tolerance("atol");
  st.events = p.flag("events");
  st.projection = p.flag("projection");
  st.transitions = p.choice("transitions", {"joint", "per-contact"}) == "joint" ? Transitions::joint : Transitions::per_contact;
  st.theta = p.in_range("theta", 0.5, 1);
  const std::string ledger = p.choice("ledger", {"auto", "on", "off"});
  st.ledger = ledger == "auto" ? -1 : ledger == "on" ? 1 : 0;
  return st;
}

std::string SystemFileStudy::summary() const {
  return "system file: " + file_.name() + " (stickslip help " + file_.path() + ": its keys)";
}

SystemSpec SystemFileStudy::spec(const Parameters& p) const {
  try {
    return file_.spec(p);
  } catch (const InputError& e) {
    throw file_.located(e, p);
  }
}

SystemRunSettings SystemFileStudy::settings(const Parameters& p) const {
  try {
    return system_run_settings(p);
  } catch (const InputError& e) {
    throw file_.located(e, p);
  }
}

std::map<std::string, std::string> SystemFileStudy::result_units() const {
  return {{"t_last_transition", "s"}, {"max_abs_balance", "J"}, {"friction_dissipated", "J"}};
}

namespace {

const char* flag_name(int stuck) { return stuck ? "stick" : "slip"; }

}  // namespace

namespace {

// system.png: positions, slip velocities with their stuck stretches (thick), the ledger where the run kept one.
void draw_system_figure(const StudyContext& ctx, const SystemSpec& s, const SystemRunSettings& st,
                        const nlohmann::json& row) {
  const std::size_t n = s.size(), m = s.contacts.size();
  const std::size_t shown_b = std::min<std::size_t>(n, 10), shown_c = std::min<std::size_t>(m, 10);
  Figure fig{fmt::format("{} ({}, {})", s.name, st.solver, row.value("driver", "")), 3, 1, 1100, 1100,
             {"set key outside right font ',9'", "set grid", "set lmargin 12", "set rmargin 36"}, {}};
  Panel& pq = fig.panel(n > shown_b ? fmt::format("positions (first {} of {} bodies)", shown_b, n) : "positions", "", "q [m, or the unit of the file]");
  for (std::size_t k = 0; k < shown_b; ++k)
    pq.add(Curve::of("state.csv", "1", std::to_string(2 + k), s.dofs[k], "lines lw 1.5 lc rgb '" + curve_color(k) + "'"));
  Panel& ps = fig.panel("slip velocities (thick: stuck)", "", "s [m/s]");
  for (std::size_t c = 0; c < shown_c; ++c) {
    const std::string col = std::to_string(2 + 4 * c), flag = std::to_string(5 + 4 * c);
    ps.add(Curve::of("contacts.csv", "1", col, s.contacts[c].name, "lines lw 1 lc rgb '" + curve_color(c) + "'"));
    ps.add(Curve::of("contacts.csv", "1", "($" + flag + " > 0 ? $" + col + " : 1/0)", "",
                     "lines lw 5 lc rgb '" + curve_color(c) + "'"));
  }
  if (row.value("ledger", false)) {
    Panel& pl = fig.panel("energy ledger", "t [s]", "energy [J]");
    pl.add(Curve::of("ledger.csv", "1", "2", "kinetic", "lines lw 1.5"))
        .add(Curve::of("ledger.csv", "1", "($3 + $4)", "springs", "lines lw 1.5"))
        .add(Curve::of("ledger.csv", "1", "7", "friction dissipated", "lines lw 1.5"))
        .add(Curve::of("ledger.csv", "1", "8", "balance (zero for the exact motion)", "lines lw 1 dt 2 lc rgb 'black'"));
  } else {
    fig.rows = 2;
  }
  render_figure(ctx.out_dir / "system.png", fig, ctx.log);
}

}  // namespace

nlohmann::json SystemFileStudy::run(const Parameters& p, const StudyContext& ctx) const {
  const SystemSpec s = spec(p);
  const SystemRunSettings st = settings(p);
  const double t_end = p.positive("t_end");
  p.require_relation(st.dt <= t_end, {"dt", "t_end"}, "needs dt <= t_end (dt=" + p.raw("dt") + ", t_end=" + p.raw("t_end") + ")");
  (void)checked_count(p, "dt", st.dt, "t_end", t_end, kMaxSamples, "samples");
  try {
    validate_system_run(s, st, 0, t_end);
  } catch (const InputError& e) {
    throw file_.located(e, p);
  }
  ctx.plan({{"runs", 1}, {"output_points", step_count(t_end, st.dt)}, {"bodies", s.size()}, {"contacts", s.contacts.size()},
            {"solver", st.solver}});
  const auto& out = ctx.out_dir;
  const std::size_t n = s.size(), m = s.contacts.size();
  const nlohmann::json row = ctx.run("system", [&]() -> nlohmann::json {
    std::vector<std::string> state_cols{"t [s]"}, contact_cols{"t [s]"};
    // SI units in the headers (a file written in other units reads them as its own).
    for (const std::string& b : s.dofs) state_cols.push_back(b + " [m]");
    for (const std::string& b : s.dofs) state_cols.push_back("v_" + b + " [m/s]");
    for (const SystemContact& c : s.contacts)
      for (const char* part : {"s_{} [m/s]", "F_{} [N]", "Fn_{} [N]", "stuck_{} [0/1]"})
        contact_cols.push_back(fmt::format(fmt::runtime(part), c.name));
    CsvWriter state(out / "state.csv", state_cols), contacts(out / "contacts.csv", contact_cols);
    const bool has_ledger = system_ledger_on(st, n);
    std::unique_ptr<CsvWriter> ledger;
    if (has_ledger)
      ledger = std::make_unique<CsvWriter>(out / "ledger.csv", std::vector<std::string>{
          "t [s]", "kinetic [J]", "springs [J]", "law springs [J]", "friction work [J]", "other work [J]",
          "friction dissipated [J]", "balance [J]"});
    EnergyBalance balance;
    std::vector<double> values;
    SystemRunResult r = simulate(s, st, 0, t_end, [&](const SystemSample& smp) {
      values.assign(1, smp.t);
      for (std::size_t k = 0; k < n; ++k) values.push_back(smp.q[static_cast<Eigen::Index>(k)]);
      for (std::size_t k = 0; k < n; ++k) values.push_back(smp.v[static_cast<Eigen::Index>(k)]);
      state.row(values);
      values.assign(1, smp.t);
      for (std::size_t c = 0; c < m; ++c) {
        const auto cc = static_cast<Eigen::Index>(c);
        values.insert(values.end(), {smp.s[cc], smp.F[cc], smp.fn[cc], static_cast<double>(smp.stuck[c])});
      }
      contacts.row(values);
      if (!ledger) return;
      const Energy& e = smp.energy;
      const EnergyBalance::Terms b = balance.add(e);
      ledger->row({smp.t, e.kinetic, e.external, e.potential, b.work, b.noise_work, b.dissipation, b.balance});
    });
    state.close();
    contacts.close();
    if (ledger) ledger->close();
    CsvWriter events(out / "events.csv", {"t [s]", "contact", "from", "to"});
    for (const SystemTransition& tr : r.transitions)
      events.row(std::vector<CsvCell>{tr.t, s.contacts[tr.contact].name, flag_name(tr.stuck_before), flag_name(tr.stuck_after)});
    events.close();
    nlohmann::json j{{"driver", r.driver}, {"forms", r.forms}, {"state_size", r.state_size},
                     {"steps", r.stats.steps}, {"rhs_evals", r.stats.rhs_evals}, {"events", r.stats.events.size()},
                     {"transitions", r.transitions.size()}};
    j["t_last_transition"] = r.transitions.empty() ? nlohmann::json(nullptr) : json_number(r.transitions.back().t);
    j["ledger"] = has_ledger;
    if (has_ledger) {
      j["max_abs_balance"] = json_number(balance.max_abs_balance());
      j["balance_relative"] = json_number(balance.balance_relative());
      j["friction_dissipated"] = json_number(balance.dissipation());
      j["energy_created"] = json_number(balance.energy_created());
    }
    return j;
  });
  // The final state, read back from the CSV (a resumed study did not rerun).
  const auto rows = read_csv(out / "state.csv");
  const auto crow = read_csv(out / "contacts.csv");
  nlohmann::json q, v, stuck = nlohmann::json::array();
  if (!rows.empty())
    for (std::size_t k = 0; k < n; ++k) q[s.dofs[k]] = rows.back()[1 + k], v[s.dofs[k]] = rows.back()[1 + n + k];
  if (!crow.empty())
    for (std::size_t c = 0; c < m; ++c)
      if (crow.back()[1 + 4 * c + 3] != 0) stuck.push_back(s.contacts[c].name);
  nlohmann::json summary{{"study", "system"}, {"file", file_.path()}, {"system", s.name}, {"solver", st.solver},
                         {"t_end", t_end}, {"bodies", n}, {"contacts", m}, {"run", row},
                         {"final", {{"q", q}, {"v", v}, {"stuck", stuck}}}};
  draw_system_figure(ctx, s, st, row);
  return summary;
}

std::vector<Observable> SystemFileStudy::observables() const {
  const Parameters defaults = parameters();
  const double t_end = parse_real("t_end", defaults.raw("t_end"));
  const std::string solver = defaults.raw("solver");
  std::vector<Observable> out;
  const auto exact_of = [this](const Parameters& prm) -> std::optional<CoulombSystemExact::State> {
    try {
      const CoulombSystemExact ex(spec(prm), prm.positive("t_end"));
      return ex.at(prm.positive("t_end"));
    } catch (const std::invalid_argument&) {
      return std::nullopt;
    }
  };
  const auto base = [&](std::string name, std::string help) {
    Observable o;
    o.name = std::move(name), o.help = std::move(help), o.unit = "(the file's)";
    o.integrators = system_schemes();
    o.default_solvers = {solver};
    o.work_solvers = {solver};
    o.default_dt = fmt::format("{}:{}:5", t_end / 100, t_end / 1600);
    o.default_reference = "richardson";
    return o;
  };
  for (std::size_t k = 0; k < file_.bodies().size(); ++k) {
    const std::string b = file_.bodies()[k];
    for (const bool position : {true, false}) {
      Observable o = base((position ? "q." : "v.") + b, std::string(position ? "position" : "velocity") + " of " + b + " at t_end");
      o.measure = [this, k, position](const Parameters& prm, const IntegratorSpec& integrator, double h) {
        SystemRunSettings st = settings(prm);
        st.solver = integrator.text();
        if (integrator.adaptive()) st.rtol = h, st.atol = h * 1e-3;
        else st.dt = h;
        const double t_end = prm.positive("t_end");
        double value = std::nan("");
        const SystemRunResult r = simulate(spec(prm), st, 0, t_end, [&](const SystemSample& smp) {
          value = position ? smp.q[static_cast<Eigen::Index>(k)] : smp.v[static_cast<Eigen::Index>(k)];
        });
        return ObservableValue{value, r.stats.rhs_evals, r.stats.steps};
      };
      o.exact = [exact_of, k, position](const Parameters& prm) -> std::optional<double> {
        const auto e = exact_of(prm);
        if (!e) return std::nullopt;
        return position ? e->q[static_cast<Eigen::Index>(k)] : e->v[static_cast<Eigen::Index>(k)];
      };
      out.push_back(o);
    }
  }
  return out;
}

}  // namespace stickslip
