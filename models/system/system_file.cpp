// models/system/system_file.cpp — reading a system file with toml++ (system_file.hpp).
#include "models/system/system_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "models/contact/registry.hpp"

namespace stickslip {

namespace {

int line_of(const toml::node& n) { return static_cast<int>(n.source().begin.line); }

// The shortest text that reads back as v (what --set and the help show).
std::string text_of(double v) { return fmt::format("{}", v); }

struct LawParam {
  std::string name, unit, laws;
};
// Every parameter name of every law (a contact may switch its law by --set), with the laws that have it.
const std::vector<LawParam>& all_law_parameters() {
  static const std::vector<LawParam> all = [] {
    std::vector<LawParam> out;
    for (const std::string& law : law_names())
      for (const Param& p : law_parameter_list("law", law)) {
        auto it = std::find_if(out.begin(), out.end(), [&](const LawParam& q) { return q.name == p.name; });
        if (it == out.end()) out.push_back({p.name, p.unit, law});
        else it->laws += ", " + law;
      }
    return out;
  }();
  return all;
}

struct RunKey {
  const char* key;
  const char* fallback;
  const char* help;
};
const std::vector<RunKey>& run_keys() {
  static const std::vector<RunKey> k{
      {"solver", "filippov:dopri5",
       "integrator spec: euler, midpoint, heun, rk4 (step dt), dopri5, cvode, ida, bdf[:N] (rtol, atol), moreau "
       "(Moreau-Jean, step dt), filippov:SCHEME"},
      {"t_end", "10", "end time [s]"},
      {"dt", "0.001", "step of the fixed-step schemes and of Moreau-Jean; output interval of the adaptive ones [s]"},
      {"rtol", "1e-8", "relative tolerance of dopri5, CVODE, IDA"},
      {"atol", "1e-10", "absolute tolerance of dopri5, CVODE, IDA"},
      {"events", "on", "locate every stick/slip switch as an event (off: the laws' event-free forms)"},
      {"projection", "on", "velocity projection while a DAE contact sticks (IDA)"},
      {"transitions", "joint",
       "joint: the contacts at zero slip decided together (a box LCP); per-contact: each alone, as a one-contact "
       "model would"},
      {"theta", "0.5", "Moreau-Jean's theta in [0.5, 1] (0.5 keeps a linear system's energy, 1 damps)"},
      {"ledger", "auto", "energy ledger rows in the state: on, off, auto (on up to 50 bodies)"},
  };
  return k;
}

[[noreturn]] void fail(const std::string& path, int line, const std::string& key, const std::string& value,
                       const std::string& allowed) {
  throw_input(fmt::format("{}:{}: {}", path, line, key), value, allowed);
}

std::string node_text(const toml::node& n) {
  if (auto s = n.value<std::string>()) return *s;
  std::ostringstream o;
  n.visit([&](const auto& v) { o << v; });
  return o.str();
}

}  // namespace

bool is_system_file(const std::string& name) {
  return name.size() > 5 && name.compare(name.size() - 5, 5, ".toml") == 0;
}

Parameters system_run_parameters(const std::string& owner) {
  Parameters p(owner);
  for (const RunKey& k : run_keys()) p.declare(k.key, k.fallback, k.help);
  return p;
}

void SystemFile::declare(const std::string& key, const std::string& value, const std::string& help, int line) {
  if (key_index_.count(key)) fail(path_, line, key, value, "written twice");
  key_index_[key] = keys_.size();
  keys_.push_back({key, value, help, line});
}

SystemFile SystemFile::read(const std::string& path) {
  SystemFile f;
  f.path_ = path;
  toml::table root;
  try {
    root = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    const auto& b = e.source().begin;
    if (!e.source().path || b.line == 0) throw_input("system file", path, std::string(e.description()));
    throw InputError(fmt::format("{}:{}: {}", path, b.line, e.description()));
  }
  const std::string& P = f.path_;
  const auto number = [&](const toml::node& n, const std::string& key) -> double {
    if (!n.is_number()) fail(P, line_of(n), key, node_text(n), "must be a number");
    return *n.value<double>();
  };
  const auto string = [&](const toml::node& n, const std::string& key) -> std::string {
    if (!n.is_string()) fail(P, line_of(n), key, node_text(n), "must be a string in quotes");
    return *n.value<std::string>();
  };
  const auto tables = [&](const char* key) -> std::vector<const toml::table*> {
    std::vector<const toml::table*> out;
    const toml::node* n = root.get(key);
    if (!n) return out;
    const toml::array* a = n->as_array();
    if (!a) fail(P, line_of(*n), key, node_text(*n), std::string("write each as a [[") + key + "]] table");
    for (const toml::node& e : *a) {
      if (!e.is_table()) fail(P, line_of(e), key, node_text(e), std::string("write each as a [[") + key + "]] table");
      out.push_back(e.as_table());
    }
    return out;
  };
  const auto check_keys = [&](const toml::table& t, const std::string& what, const std::vector<std::string>& allowed) {
    for (const auto& [k, v] : t)
      if (std::find(allowed.begin(), allowed.end(), std::string(k.str())) == allowed.end())
        fail(P, line_of(v), what + "." + std::string(k.str()), node_text(v), "unknown key; allowed: " + join(allowed));
  };
  const auto name_of = [&](const toml::table& t, const char* kind, std::set<std::string>& names) {
    const toml::node* n = t.get("name");
    if (!n) fail(P, line_of(t), kind, "", "every [[" + std::string(kind) + "]] needs a name = \"...\"");
    const std::string nm = string(*n, std::string(kind) + ".name");
    if (nm.empty() || nm.find_first_of(".=, \t") != std::string::npos)
      fail(P, line_of(*n), std::string(kind) + ".name", nm, "a name without dots, commas, spaces or '='");
    if (nm == "ground") fail(P, line_of(*n), std::string(kind) + ".name", nm, "`ground` is the fixed support; pick another name");
    if (!names.insert(nm).second) fail(P, line_of(*n), std::string(kind) + "." + nm, nm, "the name is used twice");
    return nm;
  };
  // A time function value + rate t + amplitude sin(omega t + phase): its five numbers read from table t (those it
  // has), or `scalar` as the value; declared as key, key.RATE, key.amplitude, key.omega, key.phase.
  const auto time_function = [&](const toml::table* t, const toml::node* scalar, const std::string& key,
                                 const std::string& value_name, const std::string& rate_name, int line) {
    const std::string names[5] = {value_name, rate_name, "amplitude", "omega", "phase"};
    double v[5] = {0, 0, 0, 0, 0};
    int lines[5] = {line, line, line, line, line};
    if (scalar) v[0] = number(*scalar, key), lines[0] = line_of(*scalar);
    for (int i = 0; t && i < 5; ++i)
      if (const toml::node* e = t->get(names[i])) v[i] = number(*e, key + "." + names[i]), lines[i] = line_of(*e);
    f.declare(key, text_of(v[0]), value_name, lines[0]);
    f.declare(key + "." + rate_name, text_of(v[1]), rate_name + " (d/dt of the " + value_name + ")", lines[1]);
    f.declare(key + ".amplitude", text_of(v[2]), "amplitude of amplitude sin(omega t + phase)", lines[2]);
    f.declare(key + ".omega", text_of(v[3]), "angular frequency omega [1/s]", lines[3]);
    f.declare(key + ".phase", text_of(v[4]), "phase [rad]", lines[4]);
  };

  check_keys(root, "", {"name", "description", "run", "body", "drive", "spring", "force", "contact", "mass_matrix",
                        "stiffness", "damping"});
  if (const toml::node* n = root.get("name")) f.name_ = string(*n, "name");
  else f.name_ = path;
  if (const toml::node* n = root.get("description")) (void)string(*n, "description");

  // [run]: the run keys' defaults.
  std::map<std::string, std::pair<std::string, int>> run_values;
  if (const toml::node* n = root.get("run")) {
    const toml::table* t = n->as_table();
    if (!t) fail(P, line_of(*n), "run", node_text(*n), "a [run] table");
    std::vector<std::string> allowed;
    for (const RunKey& k : run_keys()) allowed.emplace_back(k.key);
    check_keys(*t, "run", allowed);
    for (const auto& [k, v] : *t) {
      std::string text;
      if (v.is_number()) text = text_of(*v.value<double>());
      else if (v.is_boolean()) text = *v.value<bool>() ? "on" : "off";
      else text = string(v, "run." + std::string(k.str()));
      run_values[std::string(k.str())] = {text, line_of(v)};
    }
  }
  for (const RunKey& k : run_keys()) {
    const auto it = run_values.find(k.key);
    if (it != run_values.end()) f.declare(k.key, it->second.first, k.help, it->second.second);
    else f.declare(k.key, k.fallback, k.help, 0);
  }

  // Bodies.
  std::set<std::string> names;
  const bool full_mass = root.get("mass_matrix") != nullptr;  // then the bodies' masses are unused
  for (const toml::table* t : tables("body")) {
    const std::string nm = name_of(*t, "body", names);
    const std::string key = "body." + nm;
    check_keys(*t, key, {"name", "mass", "q0", "v0"});
    const toml::node* m = t->get("mass");
    if (!m && !full_mass) fail(P, line_of(*t), key + ".mass", "", "every body needs a mass (or give a mass_matrix)");
    f.declare(key + ".mass", m ? text_of(number(*m, key + ".mass")) : "1", "mass (unused with a mass_matrix)", m ? line_of(*m) : line_of(*t));
    for (const char* s : {"q0", "v0"}) {
      const toml::node* v = t->get(s);
      f.declare(key + "." + s, v ? text_of(number(*v, key + "." + s)) : "0",
                std::string(s) == "q0" ? "initial position" : "initial velocity", v ? line_of(*v) : line_of(*t));
    }
    f.bodies_.push_back(nm);
  }
  if (f.bodies_.empty()) throw_input(P, "no [[body]]", "a system needs at least one body");
  // Matrices (n x n, a row per body in the bodies' order): a full mass matrix, a stiffness K and a damping C.
  for (const char* key : {"mass_matrix", "stiffness", "damping"}) {
    const toml::node* n = root.get(key);
    if (!n) continue;
    const toml::array* rows = n->as_array();
    if (!rows || rows->size() != f.bodies_.size())
      fail(P, line_of(*n), key, node_text(*n), fmt::format("{} rows of {} numbers (one per body)", f.bodies_.size(), f.bodies_.size()));
    std::vector<std::vector<double>>& m = f.matrices_[key];
    for (const toml::node& r : *rows) {
      const toml::array* row = r.as_array();
      if (!row || row->size() != f.bodies_.size())
        fail(P, line_of(r), key, node_text(r), fmt::format("a row of {} numbers", f.bodies_.size()));
      std::vector<double> values;
      for (const toml::node& e : *row) values.push_back(number(e, key));
      m.push_back(values);
    }
    f.matrix_line_[key] = line_of(*n);
  }
  const auto is_body = [&](const std::string& b) {
    return std::find(f.bodies_.begin(), f.bodies_.end(), b) != f.bodies_.end();
  };
  // Drives.
  for (const toml::table* t : tables("drive")) {
    const std::string nm = name_of(*t, "drive", names);
    const std::string key = "drive." + nm;
    check_keys(*t, key, {"name", "position", "velocity", "amplitude", "omega", "phase"});
    time_function(t, nullptr, key, "position", "velocity", line_of(*t));
    f.drives_.push_back(nm);
  }
  const auto end_of = [&](const toml::node& n, const std::string& key) {
    const std::string e = string(n, key);
    if (e != "ground" && !is_body(e) && std::find(f.drives_.begin(), f.drives_.end(), e) == f.drives_.end())
      fail(P, line_of(n), key, e, "no such body or drive; the bodies are " + join(f.bodies_) +
                                     (f.drives_.empty() ? "" : "; the drives " + join(f.drives_)) + "; or ground");
    return e;
  };
  // Springs.
  for (const toml::table* t : tables("spring")) {
    const std::string nm = name_of(*t, "spring", names);
    const std::string key = "spring." + nm;
    check_keys(*t, key, {"name", "ends", "k", "c", "length", "unilateral"});
    const toml::node* ends = t->get("ends");
    const toml::array* a = ends ? ends->as_array() : nullptr;
    if (!a || a->size() != 2) fail(P, ends ? line_of(*ends) : line_of(*t), key + ".ends", ends ? node_text(*ends) : "", "two names in brackets: ends = [\"x1\", \"ground\"]");
    Spring s{nm, end_of(*a->get(0), key + ".ends"), end_of(*a->get(1), key + ".ends")};
    if (s.a == s.b) fail(P, line_of(*ends), key + ".ends", s.a + ", " + s.b, "the two ends must differ");
    if (!is_body(s.a) && !is_body(s.b)) fail(P, line_of(*ends), key + ".ends", s.a + ", " + s.b, "at least one end must be a body");
    for (const char* k : {"k", "c", "length"}) {
      const toml::node* v = t->get(k);
      f.declare(key + "." + k, v ? text_of(number(*v, key + "." + k)) : "0",
                std::string(k) == "k" ? "stiffness" : std::string(k) == "c" ? "dashpot" : "rest length", v ? line_of(*v) : line_of(*t));
    }
    const toml::node* u = t->get("unilateral");
    if (u && !u->is_boolean()) fail(P, line_of(*u), key + ".unilateral", node_text(*u), "true or false");
    f.declare(key + ".unilateral", u && *u->value<bool>() ? "on" : "off", "on: it only pushes the first end", u ? line_of(*u) : line_of(*t));
    f.springs_.push_back(s);
  }
  // Forces.
  for (const toml::table* t : tables("force")) {
    const std::string nm = name_of(*t, "force", names);
    const std::string key = "force." + nm;
    check_keys(*t, key, {"name", "body", "value", "rate", "amplitude", "omega", "phase"});
    const toml::node* b = t->get("body");
    if (!b) fail(P, line_of(*t), key + ".body", "", "the body it acts on");
    const std::string body = string(*b, key + ".body");
    if (!is_body(body)) fail(P, line_of(*b), key + ".body", body, "no such body; the bodies are " + join(f.bodies_));
    time_function(t, nullptr, key, "value", "rate", line_of(*t));
    f.forces_.push_back(nm);
    f.force_body_[nm] = body;
  }
  // Contacts.
  for (const toml::table* t : tables("contact")) {
    const std::string nm = name_of(*t, "contact", names);
    const std::string key = "contact." + nm;
    Contact c{nm, {}, {}, {}, {}};
    std::vector<std::string> allowed{"name", "row", "body", "law", "normal_force", "surface_velocity", "z0"};
    for (const LawParam& p : all_law_parameters()) allowed.push_back(p.name);
    check_keys(*t, key, allowed);
    const toml::node* row = t->get("row");
    const toml::node* body = t->get("body");
    if ((row != nullptr) == (body != nullptr))
      fail(P, line_of(*t), key + ".row", "", "give row = { BODY = COEFFICIENT, ... } or body = \"BODY\" (row {BODY = 1})");
    if (body) {
      const std::string b = string(*body, key + ".body");
      if (!is_body(b)) fail(P, line_of(*body), key + ".body", b, "no such body; the bodies are " + join(f.bodies_));
      c.row.push_back(b);
      f.declare(key + ".row." + b, "1", "coefficient of " + b + "'s velocity in the slip velocity", line_of(*body));
    } else {
      const toml::table* rt = row->as_table();
      if (!rt || rt->empty()) fail(P, line_of(*row), key + ".row", node_text(*row), "a table { BODY = COEFFICIENT, ... } with at least one body");
      for (const auto& [b, v] : *rt) {
        const std::string bn(b.str());
        if (!is_body(bn)) fail(P, line_of(v), key + ".row." + bn, node_text(v), "no such body; the bodies are " + join(f.bodies_));
        c.row.push_back(bn);
        f.declare(key + ".row." + bn, text_of(number(v, key + ".row." + bn)), "coefficient of " + bn + "'s velocity in the slip velocity", line_of(v));
      }
    }
    const toml::node* law = t->get("law");
    f.declare(key + ".law", law ? string(*law, key + ".law") : "coulomb", "the contact's law (stickslip list)", law ? line_of(*law) : line_of(*t));
    // Normal force: a number, or {value, q = {..}, v = {..}}.
    const toml::node* fn = t->get("normal_force");
    if (!fn) fail(P, line_of(*t), key + ".normal_force", "", "the contact's normal force: a number, or { value = N0, q = {...}, v = {...} }");
    if (fn->is_number()) {
      f.declare(key + ".normal_force", text_of(number(*fn, key + ".normal_force")), "normal force N0", line_of(*fn));
    } else if (const toml::table* ft = fn->as_table()) {
      check_keys(*ft, key + ".normal_force", {"value", "q", "v"});
      const toml::node* v0 = ft->get("value");
      f.declare(key + ".normal_force", v0 ? text_of(number(*v0, key + ".normal_force")) : "0", "normal force N0 (the constant part)", v0 ? line_of(*v0) : line_of(*fn));
      for (const char* part : {"q", "v"}) {
        const toml::node* pn = ft->get(part);
        if (!pn) continue;
        const toml::table* pt = pn->as_table();
        if (!pt) fail(P, line_of(*pn), key + ".normal_force." + part, node_text(*pn), "a table { BODY = COEFFICIENT, ... }");
        for (const auto& [b, v] : *pt) {
          const std::string bn(b.str());
          const std::string k = key + ".normal_force." + part + "." + bn;
          if (!is_body(bn)) fail(P, line_of(v), k, node_text(v), "no such body; the bodies are " + join(f.bodies_));
          (std::string(part) == "q" ? c.fn_q : c.fn_v).push_back(bn);
          f.declare(k, text_of(number(v, k)), std::string("normal force per unit ") + (std::string(part) == "q" ? "position" : "velocity") + " of " + bn, line_of(v));
        }
      }
    } else {
      fail(P, line_of(*fn), key + ".normal_force", node_text(*fn), "a number, or { value = N0, q = {...}, v = {...} }");
    }
    {
      const std::string sk = key + ".surface_velocity";
      const toml::node* sv = t->get("surface_velocity");
      const toml::table* st = sv ? sv->as_table() : nullptr;
      if (sv && !st && !sv->is_number())
        fail(P, line_of(*sv), sk, node_text(*sv), "a number, or a table { value, rate, amplitude, omega, phase }");
      if (st) check_keys(*st, sk, {"value", "rate", "amplitude", "omega", "phase"});
      time_function(st, st ? nullptr : sv, sk, "value", "rate", line_of(*t));
    }
    const toml::node* z0 = t->get("z0");
    f.declare(key + ".z0", z0 ? text_of(number(*z0, key + ".z0")) : "0", "the law's state at t = 0 (a spring)", z0 ? line_of(*z0) : line_of(*t));
    for (const LawParam& p : all_law_parameters()) {
      const toml::node* v = t->get(p.name);
      if (v) c.law_parameters.push_back(p.name);
      f.declare(key + "." + p.name, v ? text_of(number(*v, key + "." + p.name)) : "",
                "law parameter [" + p.unit + "] of " + p.laws + " (empty: the law's default)", v ? line_of(*v) : line_of(*t));
    }
    f.contacts_.push_back(c);
  }
  return f;
}

Parameters SystemFile::parameters() const {
  Parameters p(path_);
  for (const Key& k : keys_) p.declare(k.key, k.value, k.help);
  return p;
}

std::string SystemFile::where(const std::string& key) const {
  if (const auto it = matrix_line_.find(key); it != matrix_line_.end()) return fmt::format("{}:{}", path_, it->second);
  std::string k = key;
  for (;;) {
    const auto it = key_index_.find(k);
    if (it != key_index_.end()) {
      const int line = keys_[it->second].line;
      return line > 0 ? fmt::format("{}:{}", path_, line) : std::string();
    }
    const auto dot = k.rfind('.');
    if (dot == std::string::npos) return "";
    k.resize(dot);
  }
}

InputError SystemFile::located(const InputError& e, const Parameters& p) const {
  if (e.key.empty() || e.key.find(path_) == 0) return e;
  const std::string w = where(e.key);
  if (w.empty()) return e;
  if (p.has(e.key) && p.given(e.key)) return e;  // the value came from --set, not from the file
  return InputError(w + ": " + e.key, e.value, e.allowed);
}

SystemSpec SystemFile::spec(const Parameters& p) const {
  SystemSpec s;
  s.name = name_;
  const auto n = static_cast<Eigen::Index>(bodies_.size());
  s.dofs = bodies_;
  s.mass.resize(n), s.q0.resize(n), s.v0.resize(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    const std::string key = "body." + bodies_[static_cast<std::size_t>(k)];
    s.mass[k] = p.real(key + ".mass");
    s.q0[k] = p.real(key + ".q0");
    s.v0[k] = p.real(key + ".v0");
  }
  for (const auto& [key, m] : matrices_) {
    Eigen::MatrixXd& to = key == "mass_matrix" ? s.mass_matrix : key == "stiffness" ? s.stiffness : s.damping;
    to.resize(n, n);
    for (Eigen::Index r = 0; r < n; ++r)
      for (Eigen::Index c = 0; c < n; ++c) to(r, c) = m[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  }
  const auto time_function = [&](const std::string& key, const std::string& rate) {
    TimeFunction f;
    f.value = p.real(key), f.rate = p.real(key + "." + rate);
    f.amplitude = p.real(key + ".amplitude"), f.omega = p.real(key + ".omega"), f.phase = p.real(key + ".phase");
    return f;
  };
  const auto end_of = [&](const std::string& name) {
    if (const auto it = std::find(bodies_.begin(), bodies_.end(), name); it != bodies_.end())
      return SystemEnd::body(static_cast<std::size_t>(it - bodies_.begin()));
    if (name == "ground") return SystemEnd{};
    return SystemBuilder::drive(name, time_function("drive." + name, "velocity"));
  };
  for (const Spring& sp : springs_) {
    const std::string key = "spring." + sp.name;
    s.springs.push_back({sp.name, end_of(sp.a), end_of(sp.b), p.real(key + ".k"), p.real(key + ".c"),
                         p.real(key + ".length"), p.flag(key + ".unilateral")});
  }
  for (const std::string& fo : forces_)
    s.forces.push_back({fo, s.dof("force." + fo + ".body", force_body_.at(fo)), time_function("force." + fo, "rate")});
  for (const Contact& c : contacts_) {
    const std::string key = "contact." + c.name;
    SystemContact sc;
    sc.name = c.name;
    for (const std::string& b : c.row) sc.w.push_back({s.dof(key + ".row", b), p.real(key + ".row." + b)});
    for (const std::string& b : c.fn_q) sc.fn_q.push_back({s.dof(key, b), p.real(key + ".normal_force.q." + b)});
    for (const std::string& b : c.fn_v) sc.fn_v.push_back({s.dof(key, b), p.real(key + ".normal_force.v." + b)});
    sc.fn0 = p.real(key + ".normal_force");
    sc.u = time_function(key + ".surface_velocity", "rate");
    sc.law = p.raw(key + ".law");
    sc.z0 = p.real(key + ".z0");
    // The law's parameters: every one given (in the file or by --set); one the chosen law lacks is refused by the
    // assembler. Empty: the law's default.
    for (const LawParam& lp : all_law_parameters()) {
      const std::string k = key + "." + lp.name;
      const std::string& text = p.raw(k);
      if (text.empty()) continue;
      sc.values.set(lp.name, parse_real(k, text), k, text);
    }
    s.contacts.push_back(sc);
  }
  return s;
}

}  // namespace stickslip
