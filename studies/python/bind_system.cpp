// studies/python/bind_system.cpp — a researcher's system of several frictional contacts from Python
// (models/system/system_spec.hpp): stickslip._core.System from a dict with a system file's structure and key names
// (models/system/system_file.hpp; the typed face studies/python/stickslip/systems.py also turns numpy arrays into
// one) or from a file with key=value overrides (as --set), with registry laws or laws written in Python
// (python_law.hpp) per contact, and _core.simulate_system, which runs it through simulate (solvers/system_run.hpp)
// as `stickslip simulate FILE` does (studies/experiment/system_study.cpp): the same settings from the same keys, the
// same samples, the same ledger, so that the same system from C++, a file and Python gives the same numbers.
//
// The dict is read as the file is: the same keys (unknown ones refused), the same checks, the same messages
// without the file and line ("contact.floor1.mu=-1: must be >= 0 ..."); a row's and a normal force's bodies are taken
// in the order of their names, as a TOML table holds them. Beyond the file: a contact's "law" may be a Python law
// object, and a time function (a surface velocity, a force's value, a drive's position) a Python function of t.
// A system with a Python object in it runs with the GIL held (every call into it needs the GIL); one without releases
// it while it runs.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <set>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "core/work_limits.hpp"
#include "models/contact/formed_law.hpp"
#include "models/contact/registry.hpp"
#include "models/system/system_assembly.hpp"
#include "models/system/system_file.hpp"
#include "models/system/system_spec.hpp"
#include "solvers/output_grid.hpp"
#include "solvers/system_run.hpp"
#include "studies/experiment/system_study.hpp"
#include "studies/python/bindings.hpp"
#include "studies/python/python_law.hpp"

namespace stickslip::python {

namespace {

using ErrorSlot = std::shared_ptr<std::exception_ptr>;

// A system built from Python: the spec, the run keys' values (with a file, every key of the file), the file (for
// its errors' file and line) and the Python objects in it (their first exception is re-raised as itself).
struct PySystem {
  SystemSpec spec;
  Parameters params{"system"};
  std::optional<SystemFile> file;
  std::vector<PythonLaw> laws;
  std::vector<ErrorSlot> function_errors;

  bool holds_python() const { return !laws.empty() || !function_errors.empty(); }
  InputError located(const InputError& e, const Parameters& p) const { return file ? file->located(e, p) : e; }
  void clear_errors() const {
    for (const PythonLaw& l : laws) l.clear_error();
    for (const ErrorSlot& s : function_errors) *s = nullptr;
  }
  std::exception_ptr python_error() const {
    for (const PythonLaw& l : laws)
      if (l.error()) return l.error();
    for (const ErrorSlot& s : function_errors)
      if (*s) return *s;
    return nullptr;
  }
};

// ---- reading Python values as a system file's values ----

std::string text_of(double v) { return fmt::format("{}", v); }  // as the file's keys hold a number

std::string text_of(py::handle o) {
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  return py::str(o).cast<std::string>();
}

bool is_bool(py::handle o) {
  if (PyBool_Check(o.ptr())) return true;
  const std::string type = Py_TYPE(o.ptr())->tp_name;
  return type == "numpy.bool_" || type == "numpy.bool";
}

bool is_number(py::handle o) {
  if (is_bool(o) || py::isinstance<py::str>(o) || py::isinstance<py::bytes>(o)) return false;
  if (py::isinstance<py::array>(o)) return py::reinterpret_borrow<py::array>(o).ndim() == 0;
  return PyFloat_Check(o.ptr()) || PyLong_Check(o.ptr()) || PyObject_HasAttrString(o.ptr(), "__float__");
}

double number(py::handle o, const std::string& key) {
  if (!is_number(o)) throw_input(key, text_of(o), "must be a number");
  const double v = PyFloat_AsDouble(o.ptr());
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    throw_input(key, text_of(o), "must be a number (a float)");
  }
  return v;
}

std::string string(py::handle o, const std::string& key) {
  if (!py::isinstance<py::str>(o)) throw_input(key, text_of(o), "must be text (a str)");
  return o.cast<std::string>();
}

py::dict table(py::handle o, const std::string& key, const std::string& allowed) {
  if (!py::isinstance<py::dict>(o)) throw_input(key, text_of(o), allowed);
  return py::reinterpret_borrow<py::dict>(o);
}

// The entries of a dict in the order of their keys (a TOML table's order), each key a str.
std::vector<std::pair<std::string, py::handle>> entries(const py::dict& d, const std::string& what) {
  std::vector<std::pair<std::string, py::handle>> out;
  for (const auto& [k, v] : d) {
    if (!py::isinstance<py::str>(k))
      throw_input(what.empty() ? text_of(k) : what + "." + text_of(k), text_of(v), "keys must be text (str)");
    out.emplace_back(k.cast<std::string>(), v);
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

void check_keys(const py::dict& d, const std::string& what, const std::vector<std::string>& allowed) {
  for (const auto& [k, v] : entries(d, what))
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      throw_input(what.empty() ? k : what + "." + k, text_of(v), "unknown key; allowed: " + join(allowed));
}

// The value of d[key] (borrowed; null when d has no such key).
py::handle get(const py::dict& d, const char* key) { return py::handle(PyDict_GetItemString(d.ptr(), key)); }

bool truthy(py::handle o) { return PyObject_IsTrue(o.ptr()) == 1; }

// The items of a list (or tuple) of dicts: [[body]], [[spring]], ...
std::vector<py::dict> tables(const py::dict& root, const char* key) {
  std::vector<py::dict> out;
  const py::handle n = get(root, key);
  if (!n) return out;
  const std::string allowed = std::string("a list of dicts, one per ") + key;
  if (!py::isinstance<py::list>(n) && !py::isinstance<py::tuple>(n)) throw_input(key, text_of(n), allowed);
  for (py::handle e : n) out.push_back(table(e, key, allowed));
  return out;
}

// Every parameter name of every law (a contact may name any), as the file allows them.
const std::vector<std::string>& all_law_parameters() {
  static const std::vector<std::string> all = [] {
    std::vector<std::string> out;
    for (const std::string& law : law_names())
      for (const Param& p : law_parameter_list("law", law))
        if (std::find(out.begin(), out.end(), p.name) == out.end()) out.emplace_back(p.name);
    return out;
  }();
  return all;
}

// A Python function of t as a TimeFunction's custom part: a number per call; an exception it raises is kept in the
// slot and ends the run.
std::function<double(double)> python_function(py::function f, std::string key, ErrorSlot slot) {
  return [f = std::move(f), key = std::move(key), slot = std::move(slot)](double t) -> double {
    py::object r;
    try {
      r = f(t);
    } catch (py::error_already_set&) {
      if (!*slot) *slot = std::current_exception();
      throw std::runtime_error("the Python function " + key + " raised an exception");
    }
    if (!is_number(r)) throw_input(key, text_of(r), "a function of t must return a number");
    return PyFloat_AsDouble(r.ptr());
  };
}

std::shared_ptr<const CustomContactLaw> custom_law(const PythonLaw& law) {
  auto c = std::make_shared<CustomContactLaw>();
  c->name = law.name();
  c->forms = law.forms();
  c->make = [law](ContactForm form, bool projection) -> std::unique_ptr<AnyFormedLaw> {
    return std::make_unique<ForAnyLaw<PythonLaw>>(FormedLaw<PythonLaw>(law, form, projection));
  };
  return c;
}

PythonLaw python_law(py::handle law, const std::string& key) {
  const std::string name = py::hasattr(law, "name") ? py::str(law.attr("name")).cast<std::string>()
                                                    : py::str(law.get_type().attr("__name__")).cast<std::string>();
  try {
    return PythonLaw(py::reinterpret_borrow<py::object>(law), name);
  } catch (const InputError& e) {
    throw_input(key, e.value, e.allowed);  // "law=NAME: ..." under the contact's key
  }
}

// ---- a dict with a system file's structure -> SystemSpec ----

class DictReader {
 public:
  explicit DictReader(PySystem& out) : out_(out), s_(out.spec) {}

  void read(const py::dict& root) {
    check_keys(root, "", {"name", "description", "run", "body", "drive", "spring", "force", "contact", "mass_matrix",
                          "stiffness", "damping"});
    s_.name = get(root, "name") ? string(get(root, "name"), "name") : "system";
    if (get(root, "description")) (void)string(get(root, "description"), "description");
    run(get(root, "run"));
    bodies(root);
    for (const char* key : {"mass_matrix", "stiffness", "damping"})
      if (const py::handle x = get(root, key)) matrix(x, key);
    for (const py::dict& t : tables(root, "drive")) {
      const std::string nm = name_of(t, "drive");
      check_keys(t, "drive." + nm, {"name", "position", "velocity", "amplitude", "omega", "phase"});
      drives_.push_back(nm);
      drive_motion_.push_back(time_function(t, py::handle(), "drive." + nm, "position", "velocity"));
    }
    for (const py::dict& t : tables(root, "spring")) spring(t);
    for (const py::dict& t : tables(root, "force")) force(t);
    for (const py::dict& t : tables(root, "contact")) contact(t);
  }

 private:
  void run(py::handle n) {
    const Parameters defaults = system_run_parameters();
    std::map<std::string, std::string> given;
    if (n) {
      const py::dict t = table(n, "run", "a dict of the run's defaults");
      std::vector<std::string> allowed;
      for (const auto& [k, e] : defaults.entries()) allowed.push_back(k);
      check_keys(t, "run", allowed);
      for (const auto& [k, v] : entries(t, "run")) {
        if (is_bool(v)) given[k] = truthy(v) ? "on" : "off";
        else if (is_number(v)) given[k] = text_of(number(v, "run." + k));
        else given[k] = string(v, "run." + k);
      }
    }
    for (const auto& [k, e] : defaults.entries()) {
      const auto it = given.find(k);
      out_.params.declare(k, it != given.end() ? it->second : e.default_value, e.help);
    }
  }

  std::string name_of(const py::dict& t, const std::string& kind) {
    const py::handle n = get(t, "name");
    if (!n) throw_input(kind, text_of(t), "every " + kind + " needs a name: {\"name\": \"...\", ...}");
    const std::string nm = string(n, kind + ".name");
    if (nm.empty() || nm.find_first_of(".=, \t") != std::string::npos)
      throw_input(kind + ".name", nm, "a name without dots, commas, spaces or '='");
    if (nm == "ground") throw_input(kind + ".name", nm, "`ground` is the fixed support; pick another name");
    if (!names_.insert(nm).second) throw_input(kind + "." + nm, nm, "the name is used twice");
    return nm;
  }

  void bodies(const py::dict& root) {
    const bool full_mass = get(root, "mass_matrix").ptr() != nullptr;
    std::vector<double> mass, q0, v0;
    for (const py::dict& t : tables(root, "body")) {
      const std::string nm = name_of(t, "body");
      const std::string key = "body." + nm;
      check_keys(t, key, {"name", "mass", "q0", "v0"});
      const py::handle m = get(t, "mass");
      if (!m && !full_mass) throw_input(key + ".mass", "", "every body needs a mass (or give a mass_matrix)");
      mass.push_back(m ? number(m, key + ".mass") : 1.0);
      q0.push_back(get(t, "q0") ? number(get(t, "q0"), key + ".q0") : 0.0);
      v0.push_back(get(t, "v0") ? number(get(t, "v0"), key + ".v0") : 0.0);
      s_.dofs.push_back(nm);
    }
    if (s_.dofs.empty()) throw_input("body", "none", "a system needs at least one body");
    const auto n = static_cast<Eigen::Index>(s_.dofs.size());
    s_.mass = Eigen::Map<const Vec>(mass.data(), n);
    s_.q0 = Eigen::Map<const Vec>(q0.data(), n);
    s_.v0 = Eigen::Map<const Vec>(v0.data(), n);
  }

  std::optional<std::size_t> body_index(const std::string& b) const {
    const auto it = std::find(s_.dofs.begin(), s_.dofs.end(), b);
    if (it == s_.dofs.end()) return std::nullopt;
    return static_cast<std::size_t>(it - s_.dofs.begin());
  }
  std::size_t body(const std::string& b, const std::string& key, const std::string& value) const {
    const auto i = body_index(b);
    if (!i) throw_input(key, value, "no such body; the bodies are " + join(s_.dofs));
    return *i;
  }

  void matrix(py::handle o, const char* key) {
    const std::size_t n = s_.dofs.size();
    const std::string allowed = fmt::format("{} rows of {} numbers (one per body)", n, n);
    if (py::isinstance<py::str>(o)) throw_input(key, text_of(o), allowed);
    py::array_t<double, py::array::c_style | py::array::forcecast> a;
    try {
      a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(o);
    } catch (py::error_already_set&) {
    }
    if (!a) {
      PyErr_Clear();
      throw_input(key, text_of(o), allowed + " (numbers only)");
    }
    if (a.ndim() != 2 || static_cast<std::size_t>(a.shape(0)) != n || static_cast<std::size_t>(a.shape(1)) != n) {
      std::string shape;
      for (py::ssize_t i = 0; i < a.ndim(); ++i) shape += (i ? "x" : "") + std::to_string(a.shape(i));
      throw_input(key, shape.empty() ? text_of(o) : shape, allowed);
    }
    Eigen::MatrixXd& to = std::string(key) == "mass_matrix" ? s_.mass_matrix
                          : std::string(key) == "stiffness" ? s_.stiffness
                                                            : s_.damping;
    to.resize(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
    const auto v = a.unchecked<2>();
    for (py::ssize_t r = 0; r < a.shape(0); ++r)
      for (py::ssize_t c = 0; c < a.shape(1); ++c) to(r, c) = v(r, c);
  }

  // value + rate t + amplitude sin(omega t + phase) from the dict t (those it has) or `scalar` as the value; or a
  // Python function of t (the value, or the scalar, callable; then no other part).
  TimeFunction time_function(const py::dict& t, py::handle scalar, const std::string& key,
                             const std::string& value_name, const std::string& rate_name) {
    const std::string names[5] = {value_name, rate_name, "amplitude", "omega", "phase"};
    py::handle value = scalar ? scalar : (t ? get(t, value_name.c_str()) : py::handle());
    TimeFunction f;
    if (value && PyCallable_Check(value.ptr()) && !is_number(value)) {
      for (int i = 1; t && i < 5; ++i)
        if (get(t, names[i].c_str()))
          throw_input(key + "." + names[i], text_of(get(t, names[i].c_str())),
                      "a " + value_name + " given as a function of t takes no other part");
      auto slot = std::make_shared<std::exception_ptr>();
      out_.function_errors.push_back(slot);
      f.custom = python_function(py::reinterpret_borrow<py::function>(value), key, slot);
      return f;
    }
    double* parts[5] = {&f.value, &f.rate, &f.amplitude, &f.omega, &f.phase};
    if (scalar) f.value = number(scalar, key);
    for (int i = 0; t && i < 5; ++i)
      if (const py::handle e = get(t, names[i].c_str())) *parts[i] = number(e, i == 0 ? key : key + "." + names[i]);
    return f;
  }

  SystemEnd end_of(py::handle n, const std::string& key) {
    const std::string e = string(n, key);
    if (e == "ground") return SystemEnd{};
    if (const auto i = body_index(e)) return SystemEnd::body(*i);
    const auto d = std::find(drives_.begin(), drives_.end(), e);
    if (d == drives_.end())
      throw_input(key, e, "no such body or drive; the bodies are " + join(s_.dofs) +
                              (drives_.empty() ? "" : "; the drives " + join(drives_)) + "; or ground");
    return SystemBuilder::drive(e, drive_motion_[static_cast<std::size_t>(d - drives_.begin())]);
  }

  void spring(const py::dict& t) {
    const std::string nm = name_of(t, "spring");
    const std::string key = "spring." + nm;
    check_keys(t, key, {"name", "ends", "k", "c", "length", "unilateral"});
    const py::handle ends = get(t, "ends");
    const std::string allowed = "two names in brackets: \"ends\": [\"x1\", \"ground\"]";
    if (!ends || !(py::isinstance<py::list>(ends) || py::isinstance<py::tuple>(ends)) || py::len(ends) != 2)
      throw_input(key + ".ends", ends ? text_of(ends) : "", allowed);
    const py::sequence e = py::reinterpret_borrow<py::sequence>(ends);
    const py::object e0 = e[0], e1 = e[1];
    const std::string a = string(e0, key + ".ends"), b = string(e1, key + ".ends");
    SystemSpring sp;
    sp.name = nm;
    sp.a = end_of(e0, key + ".ends");
    sp.b = end_of(e1, key + ".ends");
    if (a == b) throw_input(key + ".ends", a + ", " + b, "the two ends must differ");
    if (!sp.a.dof && !sp.b.dof) throw_input(key + ".ends", a + ", " + b, "at least one end must be a body");
    sp.k = get(t, "k") ? number(get(t, "k"), key + ".k") : 0.0;
    sp.c = get(t, "c") ? number(get(t, "c"), key + ".c") : 0.0;
    sp.length = get(t, "length") ? number(get(t, "length"), key + ".length") : 0.0;
    if (const py::handle u = get(t, "unilateral")) {
      if (!is_bool(u)) throw_input(key + ".unilateral", text_of(u), "true or false");
      sp.unilateral = truthy(u);
    }
    s_.springs.push_back(std::move(sp));
  }

  void force(const py::dict& t) {
    const std::string nm = name_of(t, "force");
    const std::string key = "force." + nm;
    check_keys(t, key, {"name", "body", "value", "rate", "amplitude", "omega", "phase"});
    const py::handle b = get(t, "body");
    if (!b) throw_input(key + ".body", "", "the body it acts on");
    const std::string bn = string(b, key + ".body");
    s_.forces.push_back({nm, body(bn, key + ".body", bn), time_function(t, py::handle(), key, "value", "rate")});
  }

  // A table { BODY: COEFFICIENT, ... } as a sparse row, in the order of the bodies' names.
  SparseRow row_of(py::handle o, const std::string& key, bool nonempty) {
    const std::string allowed = nonempty ? "a dict {BODY: COEFFICIENT, ...} with at least one body"
                                         : "a dict {BODY: COEFFICIENT, ...}";
    const py::dict d = table(o, key, allowed);
    if (nonempty && d.empty()) throw_input(key, text_of(o), allowed);
    SparseRow row;
    for (const auto& [b, v] : entries(d, key)) {
      const std::size_t i = body(b, key + "." + b, text_of(v));
      row.push_back({i, number(v, key + "." + b)});
    }
    return row;
  }

  void contact(const py::dict& t) {
    const std::string nm = name_of(t, "contact");
    const std::string key = "contact." + nm;
    std::vector<std::string> allowed{"name", "row", "body", "law", "normal_force", "surface_velocity", "z0"};
    for (const std::string& p : all_law_parameters()) allowed.push_back(p);
    check_keys(t, key, allowed);
    SystemContact c;
    c.name = nm;
    const py::handle row = get(t, "row"), b = get(t, "body");
    if ((row.ptr() != nullptr) == (b.ptr() != nullptr))
      throw_input(key + ".row", "", "give row = { BODY = COEFFICIENT, ... } or body = \"BODY\" (row {BODY = 1})");
    if (b) {
      const std::string bn = string(b, key + ".body");
      c.w.push_back({body(bn, key + ".body", bn), 1.0});
    } else {
      c.w = row_of(row, key + ".row", true);
    }
    if (const py::handle law = get(t, "law")) {
      if (py::isinstance<py::str>(law)) {
        c.law = law.cast<std::string>();
      } else {
        out_.laws.push_back(python_law(law, key + ".law"));
        c.law = out_.laws.back().name();
        c.custom = custom_law(out_.laws.back());
      }
    }
    const py::handle fn = get(t, "normal_force");
    if (!fn)
      throw_input(key + ".normal_force", "", "the contact's normal force: a number, or { value = N0, q = {...}, v = {...} }");
    if (is_number(fn)) {
      c.fn0 = number(fn, key + ".normal_force");
    } else if (py::isinstance<py::dict>(fn)) {
      const py::dict ft = py::reinterpret_borrow<py::dict>(fn);
      check_keys(ft, key + ".normal_force", {"value", "q", "v"});
      if (const py::handle x = get(ft, "value")) c.fn0 = number(x, key + ".normal_force");
      if (const py::handle x = get(ft, "q")) c.fn_q = row_of(x, key + ".normal_force.q", false);
      if (const py::handle x = get(ft, "v")) c.fn_v = row_of(x, key + ".normal_force.v", false);
    } else {
      throw_input(key + ".normal_force", text_of(fn), "a number, or { value = N0, q = {...}, v = {...} }");
    }
    if (const py::handle sv = get(t, "surface_velocity")) {
      const std::string sk = key + ".surface_velocity";
      if (py::isinstance<py::dict>(sv)) {
        const py::dict st = py::reinterpret_borrow<py::dict>(sv);
        check_keys(st, sk, {"value", "rate", "amplitude", "omega", "phase"});
        c.u = time_function(st, py::handle(), sk, "value", "rate");
      } else if (is_number(sv) || PyCallable_Check(sv.ptr())) {
        c.u = time_function(py::dict(), sv, sk, "value", "rate");
      } else {
        throw_input(sk, text_of(sv), "a number, a function of t, or a dict { value, rate, amplitude, omega, phase }");
      }
    }
    c.z0 = get(t, "z0") ? number(get(t, "z0"), key + ".z0") : 0.0;
    for (const auto& [k, v] : entries(t, key)) {
      const auto& lp = all_law_parameters();
      if (std::find(lp.begin(), lp.end(), k) == lp.end()) continue;
      const double x = number(v, key + "." + k);
      c.values.set(k, x, key + "." + k, text_of(x));
    }
    s_.contacts.push_back(std::move(c));
  }

  PySystem& out_;
  SystemSpec& s_;
  std::set<std::string> names_;
  std::vector<std::string> drives_;
  std::vector<TimeFunction> drive_motion_;
};

// Every value of the system checked: the spec's own checks and the laws' (names, parameters, ranges).
void check(PySystem& s) {
  try {
    s.spec.validate();
    check_contact_laws(s.spec);
  } catch (const InputError& e) {
    throw s.located(e, s.params);
  }
}

std::unique_ptr<PySystem> from_dict(const py::dict& root) {
  auto s = std::make_unique<PySystem>();
  DictReader(*s).read(root);
  check(*s);
  return s;
}

std::unique_ptr<PySystem> from_file(const std::string& path, const std::vector<std::string>& sets) {
  auto s = std::make_unique<PySystem>();
  s->file.emplace(SystemFile::read(path));
  s->params = s->file->parameters();
  for (const std::string& a : sets) s->params.assign(a);
  try {
    s->spec = s->file->spec(s->params);
  } catch (const InputError& e) {
    throw s->located(e, s->params);
  }
  check(*s);
  return s;
}

// ---- running ----

py::array_t<double> column(const std::vector<double>& v) {
  return py::array_t<double>(static_cast<py::ssize_t>(v.size()), v.data());
}
py::array_t<double> matrix_of(const std::vector<double>& v, std::size_t cols) {
  const auto rows = static_cast<py::ssize_t>(cols ? v.size() / cols : 0);
  py::array_t<double> a({rows, static_cast<py::ssize_t>(cols)});
  std::copy(v.begin(), v.end(), a.mutable_data());
  return a;
}

// The command line's text of a run setting given from Python (None: the system's value).
std::optional<std::string> setting_text(py::handle o, const std::string& key) {
  if (o.is_none()) return std::nullopt;
  if (is_bool(o)) return std::string(truthy(o) ? "on" : "off");
  if (is_number(o)) return text_of(number(o, key));
  if (py::isinstance<py::str>(o)) return o.cast<std::string>();
  throw_input(key, text_of(o), "a number, True/False or text, as the command line takes it");
}

struct Row {
  double t = 0;
  std::vector<double> q, v, s, F, fn;
  std::vector<int> stuck;
  Energy energy;
};

// The samples a run keeps for Python: states, contact columns and (has_ledger) the ledger's terms, as the command
// line writes them (studies/experiment/system_study.cpp).
struct SystemTable {
  std::size_t n = 0, m = 0;
  bool has_ledger = false;
  std::vector<double> t, q, v, s, F, fn;
  std::vector<int> stuck;
  std::vector<double> kinetic, springs, law_springs, friction_work, other_work, dissipated, balances;
  EnergyBalance balance;

  void keep(double tt, const double* qq, const double* vv, const double* ss, const double* ff, const double* nn,
            const int* sk, const Energy& e) {
    t.push_back(tt);
    q.insert(q.end(), qq, qq + n), v.insert(v.end(), vv, vv + n);
    s.insert(s.end(), ss, ss + m), F.insert(F.end(), ff, ff + m), fn.insert(fn.end(), nn, nn + m);
    stuck.insert(stuck.end(), sk, sk + m);
    if (!has_ledger) return;
    const EnergyBalance::Terms b = balance.add(e);
    kinetic.push_back(e.kinetic), springs.push_back(e.external), law_springs.push_back(e.potential);
    friction_work.push_back(b.work), other_work.push_back(b.noise_work), dissipated.push_back(b.dissipation);
    balances.push_back(b.balance);
  }
  void keep(const SystemSample& smp) {
    keep(smp.t, smp.q.data(), smp.v.data(), smp.s.data(), smp.F.data(), smp.fn.data(), smp.stuck.data(), smp.energy);
  }
  void keep(const Row& r) {
    keep(r.t, r.q.data(), r.v.data(), r.s.data(), r.F.data(), r.fn.data(), r.stuck.data(), r.energy);
  }
  // The result's columns: t, q, v, s, F, fn, stuck.
  void put_columns(py::dict& res) const {
    res["t"] = column(t);
    res["q"] = matrix_of(q, n);
    res["v"] = matrix_of(v, n);
    res["s"] = matrix_of(s, m);
    res["F"] = matrix_of(F, m);
    res["fn"] = matrix_of(fn, m);
    py::array_t<int> stuck_a({static_cast<py::ssize_t>(t.size()), static_cast<py::ssize_t>(m)});
    std::copy(stuck.begin(), stuck.end(), stuck_a.mutable_data());
    res["stuck"] = stuck_a;
  }
  // The ledger's columns and figures (an empty dict without a ledger).
  py::dict ledger() const {
    py::dict l;
    if (has_ledger) {
      l["kinetic"] = column(kinetic), l["springs"] = column(springs), l["law_springs"] = column(law_springs);
      l["friction_work"] = column(friction_work), l["other_work"] = column(other_work);
      l["friction_dissipated"] = column(dissipated), l["balance"] = column(balances);
      l["max_abs_balance"] = balance.max_abs_balance();
      l["balance_relative"] = balance.balance_relative();
      l["energy_created"] = balance.energy_created();
    }
    return l;
  }
};

// The observer that keeps, with dt_out, the samples on its grid and both samples of every event
// (solvers/output_grid.hpp); without, every sample the run reports.
SystemObserver table_observer(SystemTable& table, std::optional<double> dt_out, double t_end) {
  if (!dt_out) return [&table](const SystemSample& smp) { table.keep(smp); };
  auto grid = std::make_shared<OutputGrid>(*dt_out, t_end);
  auto last = std::make_shared<Row>();
  return [&table, grid, last](const SystemSample& smp) {
    const OutputGrid::Keep k = grid->next(smp.t);
    if (k.previous) table.keep(*last);
    if (k.current) table.keep(smp);
    last->t = smp.t;
    last->q.assign(smp.q.data(), smp.q.data() + table.n), last->v.assign(smp.v.data(), smp.v.data() + table.n);
    last->s.assign(smp.s.data(), smp.s.data() + table.m), last->F.assign(smp.F.data(), smp.F.data() + table.m);
    last->fn.assign(smp.fn.data(), smp.fn.data() + table.m);
    last->stuck = smp.stuck;
    last->energy = smp.energy;
  };
}

py::dict transitions_dict(const std::vector<SystemTransition>& transitions) {
  std::vector<double> tt;
  std::vector<int> which, from, to;
  for (const SystemTransition& x : transitions) {
    tt.push_back(x.t);
    which.push_back(static_cast<int>(x.contact));
    from.push_back(x.stuck_before), to.push_back(x.stuck_after);
  }
  py::dict tr;
  tr["t"] = column(tt);
  tr["contact"] = py::array_t<int>(static_cast<py::ssize_t>(which.size()), which.data());
  tr["from"] = py::array_t<int>(static_cast<py::ssize_t>(from.size()), from.data());
  tr["to"] = py::array_t<int>(static_cast<py::ssize_t>(to.size()), to.data());
  return tr;
}

py::dict simulate_system(const PySystem& sys, py::object solver, py::object t_end_o, py::object dt, py::object rtol,
                         py::object atol, py::object events, py::object projection, py::object transitions,
                         py::object theta, py::object ledger_o, std::optional<double> dt_out) {
  Parameters p = sys.params;
  const std::pair<const char*, py::handle> given[] = {
      {"solver", solver}, {"t_end", t_end_o}, {"dt", dt}, {"rtol", rtol}, {"atol", atol}, {"events", events},
      {"projection", projection}, {"transitions", transitions}, {"theta", theta}, {"ledger", ledger_o}};
  for (const auto& [key, o] : given)
    if (const auto text = setting_text(o, key)) p.set(key, *text);
  SystemRunSettings st;
  double t_end = 0;
  try {
    st = system_run_settings(p);
    t_end = p.positive("t_end");
    p.require_relation(st.dt <= t_end, {"dt", "t_end"}, "needs dt <= t_end (dt=" + p.raw("dt") + ", t_end=" + p.raw("t_end") + ")");
    if (dt_out) {
      if (!(*dt_out > 0) || !std::isfinite(*dt_out)) throw_input("dt_out", format_value(*dt_out), "must be a finite number > 0");
      require_count("dt_out", format_value(*dt_out), step_count(t_end, *dt_out), kMaxSamples, "t_end/dt_out", "samples",
                    "a larger dt_out or a shorter t_end");
    } else {
      (void)checked_count(p, "dt", st.dt, "t_end", t_end, kMaxSamples, "samples");
    }
    validate_system_run(sys.spec, st, 0, t_end);
  } catch (const InputError& e) {
    throw sys.located(e, p);
  }
  const std::size_t n = sys.spec.size(), m = sys.spec.contacts.size();
  // The ledger as the command line writes it (studies/experiment/system_study.cpp).
  const bool has_ledger = system_ledger_on(st, n);

  SystemTable table;
  table.n = n, table.m = m, table.has_ledger = has_ledger;
  const SystemObserver observer = table_observer(table, dt_out, t_end);

  sys.clear_errors();
  SystemRunResult r;
  {
    SignalScope signals;  // Ctrl-C ends the run at the driver's next step (KeyboardInterrupt)
    try {
      if (sys.holds_python()) {
        r = simulate(sys.spec, st, 0, t_end, observer);  // the Python laws' and functions' calls need the GIL
      } else {
        py::gil_scoped_release free_python;  // other Python threads run meanwhile
        r = simulate(sys.spec, st, 0, t_end, observer);
      }
    } catch (const InputError& e) {
      if (const std::exception_ptr x = sys.python_error()) std::rethrow_exception(x);
      throw sys.located(e, p);
    } catch (...) {
      if (const std::exception_ptr x = sys.python_error()) std::rethrow_exception(x);
      throw;
    }
  }

  py::dict res;
  res["bodies"] = sys.spec.dofs;
  std::vector<std::string> contacts;
  for (const SystemContact& c : sys.spec.contacts) contacts.push_back(c.name);
  res["contacts"] = contacts;
  table.put_columns(res);
  res["transitions"] = transitions_dict(r.transitions);
  res["ledger"] = table.ledger();
  res["stats"] = py::dict(py::arg("steps") = r.stats.steps, py::arg("rhs_evals") = r.stats.rhs_evals,
                          py::arg("root_evals") = r.stats.root_evals, py::arg("jac_evals") = r.stats.jac_evals,
                          py::arg("error_test_fails") = r.stats.error_test_fails,
                          py::arg("nonlinear_iters") = r.stats.nonlinear_iters,
                          py::arg("events") = r.stats.events.size(), py::arg("state_size") = r.state_size);
  res["driver"] = r.driver;
  res["forms"] = r.forms;
  res["solver"] = st.solver;
  res["t_end"] = t_end;
  return res;
}

py::dict run_defaults(const PySystem& s) {
  py::dict d;
  const Parameters keys = system_run_parameters();  // kept: entries() is a view into it
  for (const auto& [k, e] : keys.entries()) d[py::str(k)] = s.params.raw(k);
  return d;
}

}  // namespace

void bind_system(py::module_& m) {
  py::class_<PySystem>(m, "System", "A system of bodies and frictional contacts (stickslip.system builds one).")
      .def(py::init(&from_dict), py::arg("spec"))
      .def_static("from_file", &from_file, py::arg("path"), py::arg("sets") = std::vector<std::string>{})
      .def_property_readonly("name", [](const PySystem& s) { return s.spec.name; })
      .def_property_readonly("bodies", [](const PySystem& s) { return s.spec.dofs; })
      .def_property_readonly("contacts", [](const PySystem& s) {
        std::vector<std::string> out;
        for (const SystemContact& c : s.spec.contacts) out.push_back(c.name);
        return out;
      })
      .def_property_readonly("laws", [](const PySystem& s) {
        std::vector<std::string> out;
        for (const SystemContact& c : s.spec.contacts) out.push_back(c.law);
        return out;
      })
      .def_property_readonly("file", [](const PySystem& s) -> py::object {
        if (!s.file) return py::none();
        return py::str(s.file->path());
      })
      .def_property_readonly("run", &run_defaults)
      .def_property_readonly("keys", [](const PySystem& s) {
        std::map<std::string, std::string> out;
        for (const auto& [k, e] : s.params.entries()) out[k] = e.value;
        return out;
      })
      .def_property_readonly("q0", [](const PySystem& s) { return s.spec.q0; })
      .def_property_readonly("v0", [](const PySystem& s) { return s.spec.v0; })
      .def_property_readonly("python", &PySystem::holds_python);
  m.def("simulate_system", &simulate_system, py::arg("system"), py::arg("solver") = py::none(),
        py::arg("t_end") = py::none(), py::arg("dt") = py::none(), py::arg("rtol") = py::none(),
        py::arg("atol") = py::none(), py::arg("events") = py::none(), py::arg("projection") = py::none(),
        py::arg("transitions") = py::none(), py::arg("theta") = py::none(), py::arg("ledger") = py::none(),
        py::arg("dt_out") = py::none());
}

}  // namespace stickslip::python
