// models/system/system_model.hpp — a system of several frictional contacts (models/system/system_spec.hpp) as a Model
// (core/model.hpp), every contact in the form its law and the driver give (models/contact/formed_law.hpp): rate,
// reset rule, hybrid with events, DAE. The Filippov form is models/system/system_filippov.hpp; the choice of forms is
// models/system/system_assembly.hpp.
//
// Equations (system_mechanics.hpp): q' = v, M v' = f(t, q, v) + W^T F, z_i' = the law's rate, F_i = the law's force
// at slip velocity s_i = w_i . v - u_i(t), effective mass m*_i, normal force F_n,i.
// Modes: one per contact, the law's HybridMode (free for forms without events); two switching functions per contact
// with events, in contact order.
// The DAE (a set-valued law under IDA: each stuck contact's constraint): z_i = F_i algebraic;
//   sliding  0 = F_i + s phi_i(|s_i|);
//   stuck    0 = F_i - f_stick,i = F_i + m*_i a_free,i, i.e. w_i . a = u_i'(t): the acceleration constraint, which for
//            several stuck contacts is their joint stick force (IDA's Newton iteration solves them together);
//            with velocity projection one velocity row per stuck contact (its pivot: the body of its row with the
//            largest coefficient not taken by another) becomes the constraint 0 = s_i itself, as the 1-D relations do.
// Transitions decided together (options.transitions = joint, the default): at every switch of a set-valued contact
// (a stuck contact's force reaching F_s, a sliding contact's slip velocity reaching zero) and in the initial mode, the
// contacts at zero slip velocity (the stuck ones, the one reaching zero, any sliding one that has reached or crossed
// zero) are decided as one box LCP (SystemMechanics::decide): stuck where the joint force lies inside the thresholds,
// sliding where it sits on one and the slip accelerates away. per_contact: each contact decides alone with the others'
// forces as they are (what a one-contact model would do), which can pick modes that violate Coulomb's law.
// Ledger rows (the layout's four integrals): energy() gives kinetic (K), external (the springs' V), potential (the
// laws' springs' U), work (W_friction) and noise_work (W_applied + W_surfaces - D_dashpots), so that
// core/energy_ledger.hpp's balance K + V - W - W_R vanishes for the exact motion.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/model.hpp"
#include "models/contact/formed_law.hpp"
#include "models/system/system_layout.hpp"
#include "models/system/system_mechanics.hpp"

namespace stickslip {

enum class Transitions { joint, per_contact };

struct SystemContactLaw {
  std::string name;                     // the registry name
  std::unique_ptr<AnyFormedLaw> law;    // in its form
};

// What the Model and the Filippov form (models/system/system_filippov.hpp) share: the state at t0 from the spec (q0,
// v0, the springs' z0; forces and ledger 0), and the energy of a state (K, V, the laws' springs U, the ledger's works).
Vec system_initial_state(const SystemMechanics& mech, const SystemLayout& layout, const std::vector<SystemContactLaw>& laws);
Energy system_energy(const SystemMechanics& mech, const SystemLayout& layout, const std::vector<SystemContactLaw>& laws,
                     double t, VecCRef x);

class SystemModel final : public Model {
 public:
  SystemModel(SystemMechanics mechanics, std::vector<SystemContactLaw> laws, Transitions transitions, bool ledger);

  const SystemMechanics& mechanics() const { return mech_; }
  const SystemLayout& layout() const { return layout_; }
  const AnyFormedLaw& law(std::size_t c) const { return *laws_[c].law; }
  const std::string& law_name(std::size_t c) const { return laws_[c].name; }
  Transitions transitions() const { return transitions_; }

  std::size_t size() const override { return layout_.size(); }
  std::vector<std::string> state_names() const override { return layout_.names(); }
  Mode initial_mode(double t, VecCRef x) const override;
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override;
  void residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const override;
  void differential_mask(const Mode& mode, VecRef id) const override;
  std::size_t num_events() const override { return 2 * event_contacts_.size(); }
  bool event_reads(std::size_t which, std::vector<Eigen::Index>& entries) const override {
    return mech_.local_reads(event_contacts_[which / 2], layout_, entries);
  }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override;
  EventOutcome on_event(double t, VecRef x, Mode& mode, std::size_t which) const override;
  void project(double t, VecRef x, const Mode& mode) const override;
  Energy energy(double t, VecCRef x, const Mode& mode) const override;
  AdjustPolicy adjustment_policy() const override { return policy_; }
  ModelForm form() const override { return form_; }
  void adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const override;
  Band jacobian_band() const override { return band_; }

  // The contact forces F_i and slip velocities s_i in state x and mode.
  void contact_forces(double t, VecCRef x, const Mode& mode, VecRef F) const;
  Vec slips(double t, VecCRef x) const;
  // The state at t0 from the spec (q0, v0, z0; ledger 0), before the initial mode's projection.
  Vec initial_state() const;
  // The contact whose switching function `which` is.
  std::size_t event_contact(std::size_t which) const { return event_contacts_[which / 2]; }

  // The joint (or, per options, contact-by-contact) decision for the set-valued DAE contacts at zero slip velocity;
  // trigger: the contact whose switch is handled (npos: none, the initial mode), trigger_which its function. Returns
  // the new modes of every contact (others unchanged).
  Mode decide(double t, VecCRef x, const Mode& mode, std::size_t trigger, int trigger_which) const;

 private:
  struct Eval;
  void evaluate(double t, VecCRef x, const Mode& mode, Eval& e, bool rates) const;
  bool set_valued_dae(std::size_t c) const { return laws_[c].law->form() == ContactForm::dae && laws_[c].law->state_is_force(); }
  double z(VecCRef x, std::size_t c) const { return layout_.z(c) >= 0 ? x[layout_.z(c)] : 0.0; }
  static int md(const Mode& mode, std::size_t c) { return mode.empty() ? static_cast<int>(free_mode) : mode[c]; }
  // The velocity rows that hold stuck contacts' slips (contact, body), in this mode.
  std::vector<std::pair<std::size_t, std::size_t>> pivots(const Mode& mode) const;
  Band compute_band() const;
  // The rates of the DAE's algebraic rows (IDA's derivative guess at a restart): the change of their projected values
  // along the field over a short time, by a forward difference.
  void algebraic_rates(double t, VecCRef x, const Mode& mode, VecRef xdot) const;

  SystemMechanics mech_;
  std::vector<SystemContactLaw> laws_;
  Transitions transitions_;
  SystemLayout layout_;
  std::vector<std::size_t> event_contacts_;  // the contacts with switching functions, in order
  AdjustPolicy policy_ = AdjustPolicy::none;
  ModelForm form_ = ModelForm::ode;
  Band band_;
};

}  // namespace stickslip
