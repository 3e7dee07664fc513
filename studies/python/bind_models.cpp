// studies/python/bind_models.cpp — the small systems from Python: a relation of models/relation_catalog.hpp and a
// law (a registry name, or a law written in Python: python_law.hpp) -> stickslip._core.Model, simulated by any
// integrator spec the command line takes (solvers/integrator_spec.hpp) through the one runner of the small systems
// (solvers/contact_run.hpp), with the mode, the contact force, the located events and the energy ledger of every
// output. The typed face over these is studies/python/stickslip/models.py.
//
// Outputs of simulate(): every output time (t0, each multiple of dt_out, t_end) plus the samples just before and
// just after each located event (two rows at the event's time), state rows in the order of the model's names.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <optional>

#include "core/energy_ledger.hpp"
#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "models/contact/relation_system.hpp"
#include "models/relation_catalog.hpp"
#include "models/sliding_plates_exact.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/output_grid.hpp"
#include "studies/python/bindings.hpp"
#include "studies/python/python_law.hpp"

namespace stickslip::python {

namespace {

// A relation with its values and a law: what stickslip.model() returns; the system itself is assembled per run,
// in the form the run's driver needs.
struct ModelSpec {
  std::string relation;     // canonical name
  RelationValues values;    // the relation's keys given
  std::string law;          // the registry name, or the Python law's name
  LawValues law_values;     // the law's own parameters (registry laws)
  std::optional<PythonLaw> python_law;

  unsigned forms() const {
    return python_law ? python_law->forms() : law_forms("law", law, RelationKind::one_d);
  }
  ContactSystem assemble(const ContactOptions& o) const {
    return with_relation(relation, values, [&](const auto& setup) {
      if (python_law) return assemble_contact_system(setup.relation, *python_law, law, python_law->forms(), o);
      return make_contact_system(setup.relation, law, bind_law_values(law_values, setup.bound), o);
    });
  }
  // The initial state of an assembled system: body rows, the law's state (if the form has one), extra rows.
  Vec initial_state(const ContactSystem& s) const {
    return with_relation(relation, values, [&](const auto& setup) {
      const auto nb = setup.body0.size(), ne = setup.extra0.size();
      Vec x(static_cast<Eigen::Index>(s.size()));
      x.head(nb) = setup.body0;
      x.tail(ne) = setup.extra0;
      if (x.size() > nb + ne) x[nb] = setup.z0;
      return x;
    });
  }
  std::vector<std::string> state_names(const ContactSystem& s) const {
    return s.model ? s.model->state_names() : s.filippov->state_names();
  }
};

std::string describe_keys(const RelationInfo& info, const std::string& law, bool python_law) {
  std::vector<std::string> keys;
  for (const RelationKey& k : info.keys) keys.push_back(k.name);
  if (!python_law)
    for (const Param& p : law_parameter_list("law", law))
      if (std::find(info.bound.begin(), info.bound.end(), p.name) == info.bound.end()) keys.emplace_back(p.name);
  return join(keys);
}

ModelSpec make_spec(const std::string& relation, const py::object& law, const std::map<std::string, double>& params) {
  const RelationInfo& info = relation_info("relation", relation);
  ModelSpec m;
  m.relation = info.name;
  if (py::isinstance<py::str>(law)) {
    m.law = py::cast<std::string>(law);
    (void)law_forms("law", m.law, RelationKind::one_d);  // an unknown name: ValueError listing the laws
  } else {
    const std::string name = py::hasattr(law, "name") ? py::str(law.attr("name")).cast<std::string>()
                                                      : py::str(law.get_type().attr("__name__")).cast<std::string>();
    m.law = name;
    m.python_law.emplace(law, name);
  }
  for (const auto& [key, value] : params) {
    const bool relation_key = std::any_of(info.keys.begin(), info.keys.end(), [&](const RelationKey& k) { return k.name == key; });
    if (relation_key) {
      m.values[key] = value;
      continue;
    }
    const bool law_key = !m.python_law && std::any_of(info.bound.begin(), info.bound.end(), [&](const std::string& b) {
      return b == key;
    });
    if (law_key)
      throw_input(key, format_value(value), info.name + " sets the law's " + key + " from its own keys; allowed: " +
                                                describe_keys(info, m.law, m.python_law.has_value()));
    bool law_parameter = false;
    if (!m.python_law)
      for (const Param& p : law_parameter_list("law", m.law)) law_parameter = law_parameter || key == p.name;
    if (!law_parameter)
      throw_input(key, format_value(value), "not a key of " + info.name + " with law " + m.law + "; allowed: " +
                                                describe_keys(info, m.law, m.python_law.has_value()));
    m.law_values.set(key, value);
  }
  m.law_values.law_key = "law";
  // Every value checked now: the relation's and, by assembling it for a driver that runs it, the law's.
  for (Driver d : drivers_of(RelationKind::one_d))
    if (runs(m.forms(), d)) {
      ContactOptions o;
      o.driver = d;
      o.events = true;
      o.solver_text = to_string(d);
      (void)m.assemble(o);
      break;
    }
  return m;
}

py::array_t<double> column(const std::vector<double>& v) { return py::array_t<double>(static_cast<py::ssize_t>(v.size()), v.data()); }

// The rows a run keeps for Python: time, state, mode, force, sigma and the ledger's terms. The energy is evaluated
// for the rows kept only (a fixed-step run reports every step).
struct ContactTable {
  struct Sample {
    double t = 0, force = 0, sigma = 0;
    std::vector<double> x;
    Mode mode;
  };
  const ContactSystem& s;
  std::vector<double> t, rows, force, sigma, kinetic, potential, external, work;
  std::vector<int> modes;
  EnergyLedger ledger;

  explicit ContactTable(const ContactSystem& sys) : s(sys) {}
  void keep(double tt, VecCRef xx, const Mode& md, double f, double sg) {
    const Energy e = s.model ? s.model->energy(tt, xx, md) : s.filippov_energy(xx);
    t.push_back(tt);
    rows.insert(rows.end(), xx.data(), xx.data() + xx.size());
    modes.push_back(contact_mode(s, md));
    force.push_back(f);
    sigma.push_back(sg);
    kinetic.push_back(e.kinetic), potential.push_back(e.potential), external.push_back(e.external);
    work.push_back(e.work);
    ledger.add(tt, e);
  }
  void keep(const Sample& q) {
    keep(q.t, Eigen::Map<const Vec>(q.x.data(), static_cast<Eigen::Index>(q.x.size())), q.mode, q.force, q.sigma);
  }
  void put(py::dict& r, std::size_t columns) const {
    r["t"] = column(t);
    py::array_t<double> state({static_cast<py::ssize_t>(t.size()), static_cast<py::ssize_t>(columns)});
    std::copy(rows.begin(), rows.end(), state.mutable_data());
    r["state"] = state;
    r["mode"] = py::array_t<int>(static_cast<py::ssize_t>(modes.size()), modes.data());
    r["force"] = column(force);
    r["sigma"] = column(sigma);
    std::vector<double> dissipation, balance;
    for (std::size_t i = 0; i < ledger.size(); ++i) dissipation.push_back(ledger.dissipation(i)), balance.push_back(ledger.balance(i));
    py::dict l;
    l["kinetic"] = column(kinetic), l["potential"] = column(potential), l["external"] = column(external);
    l["work"] = column(work), l["dissipation"] = column(dissipation), l["balance"] = column(balance);
    l["energy_created"] = ledger.size() ? ledger.energy_created() : 0.0;
    r["ledger"] = l;
  }
};

py::dict events_dict(const ContactSystem& s, const std::vector<EventRecord>& events) {
  std::vector<double> et;
  std::vector<int> which, direction, before, after;
  for (const EventRecord& e : events) {
    et.push_back(e.t);
    which.push_back(static_cast<int>(e.which));
    direction.push_back(s.model ? s.model->event_direction(e.which) : 0);
    before.push_back(contact_mode(s, e.mode_before));
    after.push_back(contact_mode(s, e.mode_after));
  }
  py::dict ev;
  ev["t"] = column(et);
  ev["which"] = py::array_t<int>(static_cast<py::ssize_t>(which.size()), which.data());
  ev["direction"] = py::array_t<int>(static_cast<py::ssize_t>(direction.size()), direction.data());
  ev["mode_before"] = py::array_t<int>(static_cast<py::ssize_t>(before.size()), before.data());
  ev["mode_after"] = py::array_t<int>(static_cast<py::ssize_t>(after.size()), after.data());
  return ev;
}

py::dict simulate(const ModelSpec& m, const std::string& spec_text, double t_end, std::optional<double> dt,
                  std::optional<double> dt_out, bool events, double rtol, double atol, double max_step,
                  bool projection) {
  const IntegratorSpec spec = parse_integrator("solver", spec_text);
  if (!spec.filippov && !spec.kind() && spec.scheme != Scheme::bdf)
    throw_input("solver", spec_text, "a scheme of the particle engine or the stochastic pair; the small systems run "
                                     "euler, midpoint, heun, rk4, dopri5, cvode[:bdf|:adams][:ORDER], ida[:ORDER], "
                                     "bdf[:ORDER] and filippov:SCHEME");
  if (!(t_end > 0) || !std::isfinite(t_end)) throw_input("t_end", format_value(t_end), "must be a finite number > 0");
  if (dt && (!(*dt > 0) || !std::isfinite(*dt))) throw_input("dt", format_value(*dt), "must be a finite number > 0");
  const double out = dt_out.value_or(dt.value_or(t_end / 1000));
  if (!(out > 0) || !std::isfinite(out)) throw_input("dt_out", format_value(out), "must be a finite number > 0");
  SolverOptions base;
  base.dt = spec.adaptive() ? out : dt.value_or(out);
  base.rtol = rtol, base.atol = atol, base.max_step = max_step, base.events = events;
  // The tolerances' rules (as a study's rtol and atol keys): rtol a relative tolerance in (0, 1), atol an absolute
  // tolerance in (0, 1) (inf or nan would reach CVODE and IDA as a convergence failure, not as a refusal).
  if (!(rtol > 0 && rtol < 1)) throw_input("rtol", format_value(rtol), "must lie in (0, 1) (a relative tolerance, e.g. 1e-8)");
  check_absolute_tolerance("atol", atol);
  if (!(max_step >= 0) || !std::isfinite(max_step)) throw_input("max_step", format_value(max_step), "must be a finite number >= 0 (0: no limit)");
  const SolverOptions so = contact_solver_options(spec, m.forms(), "solver", base);
  ContactOptions co;
  co.driver = driver_of(so.kind, spec.filippov);
  co.events = events;
  co.projection = projection;
  co.solver_text = spec_text;
  const ContactSystem s = m.assemble(co);
  Vec x = m.initial_state(s);
  validate_contact_run(s, so, 0, t_end);

  const std::vector<std::string> names = m.state_names(s);
  ContactTable table(s);
  // The last sample the driver reported: an event's sample before the switch is kept when the one after it comes.
  ContactTable::Sample last;
  OutputGrid grid(out, t_end);
  const ContactObserver observer = [&](const ContactSample& c) {
    const OutputGrid::Keep k = grid.next(c.t);
    if (k.previous) table.keep(last);
    if (k.current) table.keep(c.t, c.x, c.mode, c.force, c.sigma);
    last.t = c.t, last.force = c.force, last.sigma = c.sigma, last.mode = c.mode;
    last.x.assign(c.x.data(), c.x.data() + c.x.size());
  };
  if (m.python_law) m.python_law->clear_error();
  Mode mode;
  RunStats stats;
  {
    SignalScope signals;  // Ctrl-C ends the run at the driver's next step (KeyboardInterrupt)
    try {
      if (m.python_law) {
        stats = simulate(s, {0, t_end, so}, x, mode, observer);  // the law's calls need the GIL
      } else {
        py::gil_scoped_release free_python;  // other Python threads run meanwhile
        stats = simulate(s, {0, t_end, so}, x, mode, observer);
      }
    } catch (...) {
      if (m.python_law && m.python_law->error()) std::rethrow_exception(m.python_law->error());
      throw;
    }
  }

  py::dict r;
  r["names"] = names;
  r["form"] = std::string(to_string(s.form));
  table.put(r, names.size());
  r["events"] = events_dict(s, stats.events);
  r["stats"] = py::dict(py::arg("steps") = stats.steps, py::arg("rhs_evals") = stats.rhs_evals,
                        py::arg("root_evals") = stats.root_evals, py::arg("jac_evals") = stats.jac_evals,
                        py::arg("error_test_fails") = stats.error_test_fails,
                        py::arg("nonlinear_iters") = stats.nonlinear_iters);
  return r;
}

py::list relations() {
  py::list out;
  for (const RelationInfo& r : relation_catalog()) {
    py::list keys;
    for (const RelationKey& k : r.keys)
      keys.append(py::dict(py::arg("name") = k.name, py::arg("unit") = k.unit, py::arg("default") = k.fallback,
                           py::arg("help") = k.help));
    out.append(py::dict(py::arg("name") = r.name, py::arg("study") = r.study, py::arg("summary") = r.summary,
                        py::arg("keys") = keys, py::arg("bound") = r.bound));
  }
  return out;
}

py::dict law_info(const std::string& name, unsigned forms, const std::vector<Param>& params, const std::string& summary) {
  py::list ps;
  for (const Param& p : params)
    ps.append(py::dict(py::arg("name") = p.name, py::arg("unit") = p.unit, py::arg("default") = p.fallback,
                       py::arg("lo") = p.lo, py::arg("hi") = p.hi, py::arg("help") = p.help));
  std::vector<std::string> drivers;
  for (Driver d : drivers_of(RelationKind::one_d))
    if (runs(forms, d)) drivers.emplace_back(to_string(d));
  return py::dict(py::arg("name") = name, py::arg("summary") = summary, py::arg("forms") = form_list(forms),
                  py::arg("drivers") = drivers, py::arg("parameters") = ps);
}

py::list laws() {
  py::list out;
  for_each_law([&](const auto& e) {
    const unsigned f = entry_forms(e, RelationKind::one_d);
    if (f == 0) return;
    out.append(law_info(e.name, f, law_parameter_list("law", e.name), e.summary));
  });
  return out;
}

// The exact piecewise solution of the sliding plates (models/sliding_plates_exact.hpp) at times t.
py::dict exact_plates(const std::string& law, py::array_t<double, py::array::c_style | py::array::forcecast> t,
                      const std::map<std::string, double>& params) {
  for (const auto& [key, value] : params) {
    const auto& keys = relation_info("relation", "sliding-plates").keys;
    if (std::none_of(keys.begin(), keys.end(), [&](const RelationKey& k) { return k.name == key; }))
      throw_input(key, format_value(value), "not a key of sliding-plates; allowed: m, k, gamma, fmax, v0, xi0");
  }
  const RelationSetup<SlidingPlates> setup = plates_setup(params);
  const PlateParameters& p = setup.relation.p;
  const auto tv = t.unchecked<1>();
  double horizon = 0;
  for (py::ssize_t i = 0; i < tv.shape(0); ++i) {
    if (!(tv(i) >= 0) || !std::isfinite(tv(i))) throw_input("t", format_value(tv(i)), "must be finite numbers >= 0");
    horizon = std::max(horizon, tv(i));
  }
  const double v0 = setup.body0[0], xi0 = setup.z0;
  const std::vector<std::string> exact_laws = laws_with_exact_plates();
  if (std::find(exact_laws.begin(), exact_laws.end(), law) == exact_laws.end())
    throw_input("law", law, "allowed: " + join(exact_laws) + " (the laws with an exact solution on the plates)");
  const std::optional<ExactSlidingPlates> exact = exact_plates_of(p, law, v0, xi0, horizon);
  std::vector<double> v, xi, force, work;
  std::vector<int> kind;
  for (py::ssize_t i = 0; i < tv.shape(0); ++i) {
    const auto st = exact->at(tv(i));
    v.push_back(st.v), xi.push_back(st.xi), force.push_back(st.force), work.push_back(st.work), kind.push_back(st.kind);
  }
  py::dict r;
  r["v"] = column(v), r["xi"] = column(xi), r["force"] = column(force), r["W"] = column(work);
  r["mode"] = py::array_t<int>(static_cast<py::ssize_t>(kind.size()), kind.data());
  const auto ts = exact->t_stick();
  r["t_stick"] = ts ? py::cast(*ts) : py::none();
  return r;
}

}  // namespace

void bind_models(py::module_& m) {
  py::class_<Slip1>(m, "Contact", "The 1-D contact a law sees: slip velocity v, effective mass m_star, slip "
                                  "acceleration without friction a_free, the force that holds it f_stick.")
      .def_property_readonly("v", &Slip1::v)
      .def_readonly("m_star", &Slip1::m_star)
      .def_readonly("a_free", &Slip1::a_free)
      .def_readonly("f_stick", &Slip1::f_stick)
      .def("__repr__", [](const Slip1& c) {
        return "Contact(v=" + format_value(c.v()) + ", m_star=" + format_value(c.m_star) + ", a_free=" +
               format_value(c.a_free) + ", f_stick=" + format_value(c.f_stick) + ")";
      });
  py::class_<ModelSpec>(m, "Model")
      .def(py::init(&make_spec), py::arg("relation"), py::arg("law"), py::arg("params"))
      .def_readonly("relation", &ModelSpec::relation)
      .def_readonly("law", &ModelSpec::law)
      .def_property_readonly("forms", [](const ModelSpec& s) { return form_list(s.forms()); })
      .def_property_readonly("drivers", [](const ModelSpec& s) {
        std::vector<std::string> d;
        for (Driver x : drivers_of(RelationKind::one_d))
          if (runs(s.forms(), x)) d.emplace_back(to_string(x));
        return d;
      })
      .def_property_readonly("values", [](const ModelSpec& s) {
        std::map<std::string, double> v = s.values;
        for (const auto& [k, x] : s.law_values.values()) v[k] = x.value;
        return v;
      });
  m.def("simulate", &simulate, py::arg("model"), py::arg("solver"), py::arg("t_end"), py::arg("dt") = py::none(),
        py::arg("dt_out") = py::none(), py::arg("events") = true, py::arg("rtol") = 1e-8, py::arg("atol") = 1e-10,
        py::arg("max_step") = 0.0, py::arg("projection") = true);
  m.def("exact_plates", &exact_plates, py::arg("law"), py::arg("t"), py::arg("params"));
  m.def("relations", &relations);
  m.def("laws", &laws);
  m.def("python_law_forms", [](py::object law) { return form_list(PythonLaw(std::move(law), "law").forms()); });
  m.attr("FREE") = static_cast<int>(free_mode);
  m.attr("STICK") = static_cast<int>(stick_mode);
  m.attr("SLIDE_POS") = static_cast<int>(slide_pos);
  m.attr("SLIDE_NEG") = static_cast<int>(slide_neg);
}

}  // namespace stickslip::python
