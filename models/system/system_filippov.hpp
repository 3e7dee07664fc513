// models/system/system_filippov.hpp — a system of several frictional contacts (models/system/system_spec.hpp) as a
// Filippov system (core/filippov_system.hpp) with one switching surface per set-valued contact, h_i = s_i =
// w_i . v - u_i(t): the convex hull of Krengel & Matuttis eq. 4-14 on N surfaces at once. Contacts with other laws run
// in their rate or slip-force form inside the field.
//   field: F_i = -sigma_i phi_i(|s_i|) on surface i (sigma_i in [-1, 1], affine as the driver needs), the others' forces
//          from their laws, a = M^-1 (f + W^T F);  grad h_i = w_i on the velocity rows;  dh_i/dt = -u_i'(t).
//   sliding_sides: the sliding surfaces' sigma from their joint stick forces (SystemMechanics::decide without bounds,
//          one sparse solve), sigma_i = -F_i / phi_i(|s_i|), and slope_i = -phi_i / m*_i: O(n) for a chain.
//   decide_sides: the box LCP of the candidates' forces in [-F_s, F_s] (SystemMechanics::decide): sliding where the
//          force is interior, region I (s > 0) at -F_s, region II at +F_s; ties stay, the trigger leaves.
// State layout: models/system/system_layout.hpp (law states only for the contacts outside the Filippov form).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/energy_ledger.hpp"
#include "core/filippov_system.hpp"
#include "models/system/system_layout.hpp"
#include "models/system/system_mechanics.hpp"
#include "models/system/system_model.hpp"

namespace stickslip {

class SystemFilippov final : public FilippovSystem {
 public:
  SystemFilippov(SystemMechanics mechanics, std::vector<SystemContactLaw> laws, bool ledger);

  const SystemMechanics& mechanics() const { return mech_; }
  const SystemLayout& layout() const { return layout_; }
  const std::string& law_name(std::size_t c) const { return laws_[c].name; }

  std::size_t size() const override { return layout_.size(); }
  std::vector<std::string> state_names() const override { return layout_.names(); }
  std::size_t num_surfaces() const override { return surface_contact_.size(); }
  void surfaces(double t, VecCRef x, VecRef h) const override;
  void surface_gradient(double t, VecCRef x, std::size_t i, VecRef grad) const override;
  void field(double t, VecCRef x, VecCRef sigma, VecRef f) const override;
  double surface_time_rate(double t, VecCRef x, std::size_t i) const override;
  bool sliding_sides(double t, VecCRef x, const std::vector<int>& sides, VecRef sigma, VecRef slope) const override;
  bool surface_reads(std::size_t i, std::vector<Eigen::Index>& entries) const override {
    return mech_.local_reads(surface_contact_[i], layout_, entries);
  }
  bool decide_sides(double t, VecCRef x, const std::vector<int>& sides, const std::vector<std::size_t>& candidates,
                    std::size_t trigger, std::vector<int>& decided) const override;

  // The contact of surface i, and the surface of contact c (-1: not set-valued).
  std::size_t surface_contact(std::size_t i) const { return surface_contact_[i]; }
  long contact_surface(std::size_t c) const { return contact_surface_[c]; }
  // The contact forces at side values sigma.
  void contact_forces(double t, VecCRef x, VecCRef sigma, VecRef F) const;
  Energy energy(double t, VecCRef x) const;
  Vec initial_state() const;

 private:
  // Forces of every contact at sides sigma (set-valued: -sigma phi), and the state pieces.
  void forces(double t, VecCRef x, VecCRef sigma, VecRef q, VecRef v, VecRef F) const;

  SystemMechanics mech_;
  std::vector<SystemContactLaw> laws_;
  SystemLayout layout_;
  std::vector<std::size_t> surface_contact_;
  std::vector<long> contact_surface_;
};

}  // namespace stickslip
