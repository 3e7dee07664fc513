// models/system/system_mechanics.hpp — the mechanical part of a system (models/system/system_spec.hpp) that every form
// shares: the mass matrix and its solves, the spring-dashpot and external forces, the contacts' slip velocities,
// normal forces and effective masses, the joint decision of which contacts stick (core/box_lcp.hpp), and the energy
// ledger's powers. The forms (models/system/system_model.hpp: rate, reset, hybrid, DAE; system_filippov.hpp: Filippov)
// and Moreau-Jean (solvers/moreau_jean.hpp) are built on it.
//
//   a = M^-1 (f(t, q, v) + W^T F),  f = springs + dashpots + external forces,  s_i = w_i . v - u_i(t),
//   m*_i = 1 / (w_i M^-1 w_i^T)      (the contact's effective mass: F_i changes s_i' by F_i / m*_i),
//   a_free,i = w_i . a - F_i / m*_i - u_i'(t)   (the slip acceleration without the contact's own force),
//   f_stick,i = -m*_i a_free,i       (the force that holds it: Krengel & Matuttis eq. 21-22 for one contact).
// The joint decision (Pfeiffer & Glocker's multiple transition): for the contacts Z at zero slip velocity, their forces
// F_Z in [-F_s, F_s] and slip accelerations w_Z = W_Z M^-1 (f + W^T F) - u_Z' form the box LCP of core/box_lcp.hpp,
// solved as one sparse saddle-point problem per partition (O(n) for a chain).
// The cost of every member is O(n + N + nnz(W)) with a diagonal mass matrix; a full one costs O(n^2) per solve.
#pragma once

#include <Eigen/Cholesky>
#include <optional>
#include <vector>

#include "core/box_lcp.hpp"
#include "core/energy_ledger.hpp"
#include "core/types.hpp"
#include "models/system/system_layout.hpp"
#include "models/system/system_spec.hpp"

namespace stickslip {

class SystemMechanics {
 public:
  explicit SystemMechanics(SystemSpec spec);  // validates the spec

  const SystemSpec& spec() const { return spec_; }
  std::size_t dofs() const { return spec_.size(); }
  std::size_t contacts() const { return spec_.contacts.size(); }

  // f = springs + dashpots + external forces at (t, q, v).
  void applied(double t, VecCRef q, VecCRef v, VecRef f) const;
  // The linear part of the spring-dashpot forces (f = -K q - C v + g(t, q, v) with the unilateral elements and the drive
  // ends in g): Moreau-Jean's implicit part.
  const SparseMatrix& stiffness() const { return K_; }
  const SparseMatrix& damping() const { return C_; }
  // g = f + K q + C v.
  void applied_rest(double t, VecCRef q, VecCRef v, VecRef g) const;

  // a = M^-1 f.
  void solve_mass(VecCRef f, VecRef a) const;
  const SparseMatrix& mass() const { return M_; }
  bool diagonal_mass() const { return spec_.mass_matrix.size() == 0; }
  // f += W^T F.
  void add_contact_forces(VecCRef F, VecRef f) const;
  const SparseMatrix& contact_matrix() const { return W_; }
  // The rows of W of these contacts, in their order (a contact matrix of a subset).
  SparseMatrix rows(const std::vector<std::size_t>& contacts) const;
  double row_dot(std::size_t i, VecCRef v) const;  // w_i . v
  double slip(double t, std::size_t i, VecCRef v) const { return row_dot(i, v) - spec_.contacts[i].u.at(t); }
  double surface_velocity(double t, std::size_t i) const { return spec_.contacts[i].u.at(t); }
  double surface_acceleration(double t, std::size_t i) const { return spec_.contacts[i].u.derivative(t); }
  double normal_force(std::size_t i, VecCRef q, VecCRef v) const;
  double effective_mass(std::size_t i) const { return m_star_[i]; }
  // The rows (dofs) a contact's slip velocity and normal force read, and the dofs the contact's force acts on.
  const SparseRow& row(std::size_t i) const { return spec_.contacts[i].w; }

  // The joint decision for the contacts `candidates` at (t, q, v): forces F of the other contacts given in F (entries
  // of the candidates ignored), the candidates' bounds [lo, hi]. Returns their forces z, slip accelerations w and sides
  // (core/box_lcp.hpp); start: the partition to begin from.
  ContactLcpResult decide(double t, VecCRef q, VecCRef v, VecCRef F, const std::vector<std::size_t>& candidates,
                          const Vec& lo, const Vec& hi, std::vector<BoxSide> start = {}) const;
  // The velocities closest to v (in the kinetic-energy norm) with w_i . v = target_i for every contact in `held`:
  // v - M^-1 W_S^T (W_S M^-1 W_S^T)^-1 (W_S v - target). With targets u_i(t) the velocity projection of stuck
  // contacts; with u_i'(t) on accelerations, their stuck rates.
  void hold(const std::vector<std::size_t>& held, const Vec& targets, VecRef v) const;

  // Energies: kinetic 1/2 v^T M v, elastic energy of the linear (two-sided) springs.
  double kinetic(VecCRef v) const;
  double elastic(double t, VecCRef q) const;
  // The ledger's powers at (t, q, v) with contact forces F: applied (external forces, drive ends and unilateral
  // elements), surfaces (sum F_i u_i), friction (sum F_i s_i), dashpots (sum c dv^2 of the two-sided elements, >= 0).
  struct Powers {
    double applied = 0, surfaces = 0, friction = 0, dashpots = 0;
  };
  Powers powers(double t, VecCRef q, VecCRef v, VecCRef F) const;

  // Whether these contacts' rows are single bodies, no two on the same body, with a diagonal mass matrix: their
  // joint decision and velocity projection are then one closed form per contact (decide and hold use it).
  bool decoupled(const std::vector<std::size_t>& contacts) const;

  // The dofs coupled with dof k through springs, dashpots and the mass matrix (k itself included), for the forms'
  // Jacobian band.
  const std::vector<std::size_t>& coupled(std::size_t k) const { return coupled_[k]; }

  // The state entries (in `layout`) that contact c's slip, normal force, law state and stick force read, when every
  // contact is decoupled (see decoupled: the joint decision is then one clamp per contact): q and v of the dofs
  // coupled with its body and of its normal force's rows, its law state. False otherwise (the joint decision couples
  // all stuck contacts). For the switching guard's finite differences (Model::event_reads).
  bool local_reads(std::size_t c, const SystemLayout& layout, std::vector<Eigen::Index>& entries) const;

 private:
  SystemSpec spec_;
  SparseMatrix M_, W_, K_, C_;
  SparseMatrix Kx_, Cx_;  // the spec's stiffness and damping matrices (also inside K_, C_)
  // A full mass matrix's factor; none for a diagonal one (Eigen's default LLT leaves its status uninitialised, and
  // copying it is undefined: UndefinedBehaviorSanitizer's 'load of value ... for type ComputationInfo').
  std::optional<Eigen::LLT<Eigen::MatrixXd>> llt_;
  std::vector<double> m_star_;
  std::vector<std::vector<std::size_t>> coupled_;
  bool all_decoupled_ = false;
};

}  // namespace stickslip
