// models/system/system_spec.hpp — a researcher's own system of bodies and frictional contacts, as data: what the C++
// builder (SystemBuilder below), a system file (models/system/system_file.hpp) and Python (stickslip.system) fill in,
// and what the assembler (models/system/system_model.hpp) turns into a Model or a Filippov system.
//
//   M q'' = sum of spring-dashpot forces + external forces + W^T F,          q, v = q' in R^n (generalised coordinates)
// Bodies: one coordinate each (a name, a mass, q0, v0); or a full constant mass matrix M (symmetric positive definite,
// checked by its Cholesky factorisation).
// Springs and dashpots: between two ends, each a coordinate or a prescribed motion p(t) (a drive: a plate pulled at
// v_p, an oscillating support; `ground` is p = 0). The element's force on end a is
//   f_a = k (x_b - x_a - L) + c (v_b - v_a),   f_b = -f_a,
// x, v of a drive end being p(t), p'(t). A unilateral element only pushes end a the + way: f_a = max(0, .) (a compliant
// normal contact, end a resting on end b from the + side: the block's bed, a the block's normal coordinate, b ground).
// A general linear part -K q - C v (stiffness and damping matrices, symmetric, dense; empty: none), beside the
// springs: what a system given as matrices (Python's arrays) brings.
// External forces: on one coordinate, f(t) (TimeFunction).
// Contacts i = 1..N: slip velocity s_i = w_i . v - u_i(t) (w_i a sparse row of the contact matrix W, u_i the surface's
// velocity: a belt at v_b(t)); normal force F_n,i = max(0, N0 + a . q + b . v) (constant, or linear in the state:
// the normal spring of a compliant contact); the tangential force F_i of law `law` (any law of the registry, its
// parameters by their names) acts as W^T F on the coordinates. The law's state (a spring) starts at z0.
// TimeFunction: value + rate t + amplitude sin(omega t + phase), or a function given from Python.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/types.hpp"
#include "models/contact/law.hpp"

namespace stickslip {

struct TimeFunction {
  double value = 0, rate = 0, amplitude = 0, omega = 0, phase = 0;
  std::function<double(double)> custom, custom_rate;  // a function of t given from Python, and its derivative
  double at(double t) const;
  double derivative(double t) const;
  bool constant() const { return !custom && rate == 0 && (amplitude == 0 || omega == 0); }
  static TimeFunction of(double v) {
    TimeFunction f;
    f.value = v;
    return f;
  }
};

struct SparseTerm {
  std::size_t dof;
  double coeff;
};
using SparseRow = std::vector<SparseTerm>;

// One end of a spring or dashpot: a coordinate, or a prescribed motion (a drive; ground: p = 0).
struct SystemEnd {
  std::optional<std::size_t> dof;
  std::string drive = "ground";  // the drive's name (messages), when dof is empty
  TimeFunction motion;           // p(t) of a drive
  static SystemEnd body(std::size_t d) {
    SystemEnd e;
    e.dof = d;
    return e;
  }
};

struct SystemSpring {
  std::string name;
  SystemEnd a, b;
  double k = 0, c = 0, length = 0;
  bool unilateral = false;
};

struct SystemForce {
  std::string name;
  std::size_t dof = 0;
  TimeFunction f;
};

class AnyFormedLaw;       // models/contact/formed_law.hpp
enum class ContactForm;  // models/contact/formed_law.hpp

// A law from outside the registry (one written in Python, studies/python/python_law.hpp): its forms on a 1-D contact
// (models/contact/registry.hpp's Form bits) and a factory of the law in the form a driver runs.
struct CustomContactLaw {
  std::string name;
  unsigned forms = 0;
  std::function<std::unique_ptr<AnyFormedLaw>(ContactForm form, bool projection)> make;
};

struct SystemContact {
  std::string name;
  SparseRow w;          // the slip velocity's row
  TimeFunction u;       // the surface's velocity
  double fn0 = 0;       // N0
  SparseRow fn_q, fn_v; // the normal force's coefficients on q and v
  std::string law = "coulomb";
  LawValues values;     // the law's parameters by name (defaults for those not given)
  double z0 = 0;        // the law's state at t0 (a spring)
  std::shared_ptr<const CustomContactLaw> custom;  // set: the contact's law is this one (law names it, values unused)
};

struct SystemSpec {
  std::string name = "system";
  std::vector<std::string> dofs;  // coordinate names
  Vec mass;                       // diagonal masses (used when mass_matrix is empty)
  Eigen::MatrixXd mass_matrix;    // a full mass matrix (n x n), or empty
  Eigen::MatrixXd stiffness, damping;  // K and C of the linear force -K q - C v (n x n, symmetric), or empty
  std::vector<SystemSpring> springs;
  std::vector<SystemForce> forces;
  std::vector<SystemContact> contacts;
  Vec q0, v0;

  std::size_t size() const { return dofs.size(); }
  // The index of coordinate `name` (InputError naming `key` and the coordinates).
  std::size_t dof(const std::string& key, const std::string& name) const;
  // Every value checked; an InputError names the key as the system file spells it (body.NAME.mass,
  // contact.NAME.row, spring.NAME.k, ...), the value and what is allowed. The laws' parameters are checked by the
  // registry when the system is assembled (contact.NAME.PARAMETER).
  void validate() const;
};

// Builds a SystemSpec in C++: bodies first, then springs, forces and contacts that name them.
//   SystemBuilder b("two blocks");
//   const auto x1 = b.body("x1", 1.0), x2 = b.body("x2", 2.0);
//   b.spring("k01", b.ground(), b.at(x1), 10.0).spring("k12", b.at(x1), b.at(x2), 5.0);
//   b.contact("c1", {{x1, 1.0}}, "coulomb", LawValues().set("mu", 0.3), 9.81);
class SystemBuilder {
 public:
  explicit SystemBuilder(std::string name = "system") { spec_.name = std::move(name); }
  std::size_t body(const std::string& name, double mass, double q0 = 0, double v0 = 0);
  SystemEnd at(std::size_t dof) const { return SystemEnd::body(dof); }
  static SystemEnd ground() { return SystemEnd{}; }
  static SystemEnd drive(const std::string& name, TimeFunction position);
  SystemBuilder& spring(const std::string& name, SystemEnd a, SystemEnd b, double k, double c = 0, double length = 0,
                        bool unilateral = false);
  SystemBuilder& force(const std::string& name, std::size_t dof, TimeFunction f);
  SystemContact& contact(const std::string& name, SparseRow w, const std::string& law, LawValues values,
                         double normal_force, TimeFunction surface_velocity = {});
  SystemBuilder& mass_matrix(Eigen::MatrixXd m);
  SystemSpec& spec() { return spec_; }
  // The spec, validated.
  SystemSpec build() const;

 private:
  SystemSpec spec_;
};

}  // namespace stickslip
