// models/system/system_spec.cpp — time functions, validation and the builder of a system (system_spec.hpp).
#include "models/system/system_spec.hpp"

#include <Eigen/Cholesky>
#include <cmath>
#include <set>

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

double TimeFunction::at(double t) const {
  if (custom) return custom(t);
  double v = value + rate * t;
  if (amplitude != 0) v += amplitude * std::sin(omega * t + phase);
  return v;
}

double TimeFunction::derivative(double t) const {
  if (custom) {
    if (custom_rate) return custom_rate(t);
    const double h = 1e-6 * std::max(1.0, std::abs(t));  // central difference: error O(h^2 f''')
    return (custom(t + h) - custom(t - h)) / (2 * h);
  }
  double d = rate;
  if (amplitude != 0) d += amplitude * omega * std::cos(omega * t + phase);
  return d;
}

std::size_t SystemSpec::dof(const std::string& key, const std::string& name) const {
  for (std::size_t i = 0; i < dofs.size(); ++i)
    if (dofs[i] == name) return i;
  throw_input(key, name, "no such body; the bodies are " + join(dofs));
}

namespace {

void finite(const std::string& key, double v) {
  if (!std::isfinite(v)) throw_input(key, format_value(v), "must be a finite number");
}
void nonnegative(const std::string& key, double v) {
  if (!(v >= 0) || !std::isfinite(v)) throw_input(key, format_value(v), "must be a finite number >= 0");
}
void check_time_function(const std::string& key, const TimeFunction& f) {
  if (f.custom) return;
  finite(key + ".value", f.value);
  finite(key + ".rate", f.rate);
  finite(key + ".amplitude", f.amplitude);
  nonnegative(key + ".omega", f.omega);
  finite(key + ".phase", f.phase);
}
void check_row(const std::string& key, const SparseRow& row, const SystemSpec& s, bool must_be_nonzero) {
  std::set<std::size_t> seen;
  bool nonzero = false;
  for (const SparseTerm& t : row) {
    if (t.dof >= s.size()) throw_input(key, std::to_string(t.dof), "no such body (the system has " + std::to_string(s.size()) + ")");
    const std::string k = key + "." + s.dofs[t.dof];
    finite(k, t.coeff);
    if (!seen.insert(t.dof).second) throw_input(k, format_value(t.coeff), "the body appears twice in this row");
    nonzero = nonzero || t.coeff != 0;
  }
  if (must_be_nonzero && !nonzero)
    throw_input(key, "{}", "the slip velocity w . v needs at least one nonzero coefficient on a body");
}
void unique(std::set<std::string>& names, const std::string& kind, const std::string& name) {
  if (name.empty()) throw_input(kind + ".name", "", "every " + kind + " needs a name");
  if (!names.insert(name).second) throw_input(kind + "." + name, name, "the name is used twice; names must be unique");
}

}  // namespace

void SystemSpec::validate() const {
  const std::size_t n = size();
  if (n == 0) throw_input("body", "none", "a system needs at least one body");
  if (static_cast<std::size_t>(q0.size()) != n || static_cast<std::size_t>(v0.size()) != n)
    throw std::logic_error("SystemSpec: q0 and v0 need one entry per body");
  std::set<std::string> names;
  for (std::size_t i = 0; i < n; ++i) {
    unique(names, "body", dofs[i]);
    if (dofs[i] == "ground") throw_input("body." + dofs[i], dofs[i], "`ground` names the fixed support; pick another name");
    finite("body." + dofs[i] + ".q0", q0[static_cast<Eigen::Index>(i)]);
    finite("body." + dofs[i] + ".v0", v0[static_cast<Eigen::Index>(i)]);
  }
  if (mass_matrix.size() == 0) {
    if (static_cast<std::size_t>(mass.size()) != n) throw std::logic_error("SystemSpec: one mass per body");
    for (std::size_t i = 0; i < n; ++i) {
      const double m = mass[static_cast<Eigen::Index>(i)];
      if (!(m > 0) || !std::isfinite(m)) throw_input("body." + dofs[i] + ".mass", format_value(m), "must be a finite number > 0");
    }
  } else {
    const auto nn = static_cast<Eigen::Index>(n);
    if (mass_matrix.rows() != nn || mass_matrix.cols() != nn)
      throw_input("mass_matrix", std::to_string(mass_matrix.rows()) + "x" + std::to_string(mass_matrix.cols()),
                  "must be " + std::to_string(n) + "x" + std::to_string(n) + " (one row and column per body)");
    if (!mass_matrix.allFinite()) throw_input("mass_matrix", "non-finite entry", "every entry must be a finite number");
    const double scale = mass_matrix.cwiseAbs().maxCoeff();
    if ((mass_matrix - mass_matrix.transpose()).cwiseAbs().maxCoeff() > 1e-12 * scale)
      throw_input("mass_matrix", "not symmetric", "must be symmetric (M = M^T)");
    const Eigen::LLT<Eigen::MatrixXd> llt(mass_matrix);
    bool pd = llt.info() == Eigen::Success;
    if (pd) {
      const Eigen::VectorXd d = llt.matrixL().toDenseMatrix().diagonal();
      pd = d.minCoeff() > 1e-7 * std::sqrt(scale);  // a pivot at rounding level: singular to working precision
    }
    if (!pd) throw_input("mass_matrix", "singular or indefinite", "must be positive definite (its Cholesky factorisation fails)");
  }
  for (const auto& [key, m] : {std::pair<const char*, const Eigen::MatrixXd*>{"stiffness", &stiffness}, {"damping", &damping}}) {
    if (m->size() == 0) continue;
    const auto nn = static_cast<Eigen::Index>(n);
    if (m->rows() != nn || m->cols() != nn)
      throw_input(key, std::to_string(m->rows()) + "x" + std::to_string(m->cols()),
                  "must be " + std::to_string(n) + "x" + std::to_string(n) + " (one row and column per body)");
    if (!m->allFinite()) throw_input(key, "non-finite entry", "every entry must be a finite number");
    if ((*m - m->transpose()).cwiseAbs().maxCoeff() > 1e-12 * m->cwiseAbs().maxCoeff())
      throw_input(key, "not symmetric", "must be symmetric (a force with a potential, a dissipation)");
  }
  names.clear();
  names.insert("ground");
  for (const SystemSpring& e : springs) {
    unique(names, "spring", e.name);
    const std::string key = "spring." + e.name;
    nonnegative(key + ".k", e.k);
    nonnegative(key + ".c", e.c);
    finite(key + ".length", e.length);
    for (const SystemEnd* end : {&e.a, &e.b}) {
      if (end->dof && *end->dof >= n) throw_input(key + ".ends", std::to_string(*end->dof), "no such body");
      if (!end->dof) check_time_function("drive." + end->drive, end->motion);
    }
    if (!e.a.dof && !e.b.dof) throw_input(key + ".ends", e.a.drive + ", " + e.b.drive, "at least one end must be a body");
    if (e.a.dof && e.b.dof && *e.a.dof == *e.b.dof)
      throw_input(key + ".ends", dofs[*e.a.dof] + ", " + dofs[*e.b.dof], "the two ends must differ");
  }
  names.clear();
  for (const SystemForce& f : forces) {
    unique(names, "force", f.name);
    if (f.dof >= n) throw_input("force." + f.name + ".body", std::to_string(f.dof), "no such body");
    check_time_function("force." + f.name, f.f);
  }
  names.clear();
  for (const SystemContact& c : contacts) {
    unique(names, "contact", c.name);
    const std::string key = "contact." + c.name;
    check_row(key + ".row", c.w, *this, true);
    check_time_function(key + ".surface_velocity", c.u);
    finite(key + ".normal_force", c.fn0);
    check_row(key + ".normal_force.q", c.fn_q, *this, false);
    check_row(key + ".normal_force.v", c.fn_v, *this, false);
    finite(key + ".z0", c.z0);
  }
}

std::size_t SystemBuilder::body(const std::string& name, double mass, double q0, double v0) {
  spec_.dofs.push_back(name);
  const auto n = static_cast<Eigen::Index>(spec_.dofs.size());
  spec_.mass.conservativeResize(n);
  spec_.q0.conservativeResize(n);
  spec_.v0.conservativeResize(n);
  spec_.mass[n - 1] = mass, spec_.q0[n - 1] = q0, spec_.v0[n - 1] = v0;
  return static_cast<std::size_t>(n - 1);
}

SystemEnd SystemBuilder::drive(const std::string& name, TimeFunction position) {
  SystemEnd e;
  e.drive = name;
  e.motion = std::move(position);
  return e;
}

SystemBuilder& SystemBuilder::spring(const std::string& name, SystemEnd a, SystemEnd b, double k, double c,
                                     double length, bool unilateral) {
  spec_.springs.push_back({name, std::move(a), std::move(b), k, c, length, unilateral});
  return *this;
}

SystemBuilder& SystemBuilder::force(const std::string& name, std::size_t dof, TimeFunction f) {
  spec_.forces.push_back({name, dof, std::move(f)});
  return *this;
}

SystemContact& SystemBuilder::contact(const std::string& name, SparseRow w, const std::string& law, LawValues values,
                                      double normal_force, TimeFunction surface_velocity) {
  SystemContact c;
  c.name = name;
  c.w = std::move(w);
  c.law = law;
  c.values = std::move(values);
  c.fn0 = normal_force;
  c.u = std::move(surface_velocity);
  spec_.contacts.push_back(std::move(c));
  return spec_.contacts.back();
}

SystemBuilder& SystemBuilder::mass_matrix(Eigen::MatrixXd m) {
  spec_.mass_matrix = std::move(m);
  return *this;
}

SystemSpec SystemBuilder::build() const {
  spec_.validate();
  return spec_;
}

}  // namespace stickslip
