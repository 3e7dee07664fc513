// models/contact/normal_registry.hpp — the one registry of normal contact laws, as models/contact/registry.hpp is of
// the tangential ones. Each entry is a law type, the name it is selected by and the contacts it has a form on:
//   normal_spheres     sphere and disc pairs and walls (models/particles/contact_kinematics.hpp): the particle engine,
//                      the LAMMPS pair styles (stickslip/<normal>/<law>, solvers/lammps/pair_stickslip.hpp), binary
//                      collisions, the gas studies' normal key, Python's particles
//   normal_flat_face   a flat face pressed into a plane (the block on a slope, models/incline_block.hpp)
// From this list come normal_law_names(contacts), with_normal_law(key, name, f) (f(entry)),
// with_sphere_normal_law(key, name, material, f) (f(law object)), normal_law_catalog() (`stickslip list`) and the
// LAMMPS styles' normal families. No code outside this file compares a normal law's name.
//
// A normal law provides (models/contact/linear_spring_dashpot.hpp is the example):
//   name, summary, parameters, from(values)    its name, one line, its parameters (models/contact/law.hpp's Param)
//   double force(c, energy&)                    f_n (N, > 0 pushes apart) at overlap c.h > 0 and rate c.hdot, and
//                                               the elastic energy stored; the discrete and the ODE force alike
//   double elastic_force(c, stiffness&)         its elastic part F_el(h) and dF_el/dh (Mindlin's modes follow it)
// and on sphere contacts (the concept SphereNormalLaw):
//   static L from_material(NormalMaterial)      the law of a study's material (k_n or E, nu; a restitution e; m*)
//   double dashpot(c)                           its dashpot d_n (N s/m) at the contact: a tangential dashpot that
//                                               follows the normal one reads it
//                                               (models/particles/tangential_dashpot.hpp)
//   double undamped_contact_time(m*, r*, v_n)   an impact's undamped contact time, the estimate a resolved impact
//                                               starts from (solvers/particles/binary_impact.hpp)
//   speed_dependent, constant_dashpot           whether its contact time and restitution depend on the impact speed,
//                                               whether d_n is the same at every overlap
// ADDING A NORMAL LAW: its header, one entry in normal_law_entries() below, and its test.
#pragma once

#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "models/contact/area_overlap.hpp"
#include "models/contact/hertz_damped.hpp"
#include "models/contact/law.hpp"
#include "models/contact/linear_spring_dashpot.hpp"
#include "models/particles/contact_kinematics.hpp"

namespace stickslip {

enum NormalContacts : unsigned {
  normal_spheres = 1u << 0,    // sphere and disc pairs, walls
  normal_flat_face = 1u << 1,  // a flat face on a plane
};

template <class L>
concept SphereNormalLaw = requires(const L& l, const ContactKinematics& c, double& out, const NormalMaterial& m) {
  { l.force(c, out) } -> std::convertible_to<double>;
  { l.elastic_force(c, out) } -> std::convertible_to<double>;
  { l.dashpot(c) } -> std::convertible_to<double>;
  { l.undamped_contact_time(1.0, 1.0, 1.0) } -> std::convertible_to<double>;
  { L::from_material(m) } -> std::convertible_to<L>;
  { L::speed_dependent } -> std::convertible_to<bool>;
  { L::constant_dashpot } -> std::convertible_to<bool>;
};

template <class L>
struct NormalLawEntry {
  using Law = L;
  const char* name;
  unsigned contacts;
  const char* summary;
};

template <class L>
constexpr NormalLawEntry<L> normal_entry(unsigned contacts) {
  return {L::name, contacts, L::summary};
}

// Every normal law, in the order `stickslip list` shows them. Adding a law is one line here.
inline constexpr auto normal_law_entries() {
  return std::tuple{
      normal_entry<LinearSpringDashpot>(normal_spheres),
      normal_entry<HertzDamped>(normal_spheres),
      normal_entry<AreaOverlap>(normal_flat_face),
  };
}

template <class F>
void for_each_normal_law(F&& f) {
  std::apply([&](const auto&... e) { (f(e), ...); }, normal_law_entries());
}

// The names of the laws with a form on `contacts` (all of them by default), in the registry's order.
std::vector<std::string> normal_law_names(unsigned contacts = ~0u);

// f(entry) for the entry `name` among those with a form on `contacts`; an unknown name is an InputError naming `key`,
// the value and the allowed names.
template <class F>
auto with_normal_law(const std::string& key, const std::string& name, unsigned contacts, F&& f)
    -> decltype(f(std::get<0>(normal_law_entries()))) {
  using R = decltype(f(std::get<0>(normal_law_entries())));
  std::optional<std::conditional_t<std::is_void_v<R>, bool, R>> r;
  for_each_normal_law([&](const auto& e) {
    if (r || name != e.name || !(e.contacts & contacts)) return;
    if constexpr (std::is_void_v<R>) f(e), r.emplace(true);
    else r.emplace(f(e));
  });
  if (!r) throw_input(key, name, "allowed: " + join(normal_law_names(contacts)));
  if constexpr (!std::is_void_v<R>) return std::move(*r);
}

// f(law) with the sphere law `name` made from a study's material (L::from_material); f is instantiated for every
// sphere law (a generic lambda). An unknown name, or one without a sphere form, is an InputError naming `key`.
template <class F>
auto with_sphere_normal_law(const std::string& key, const std::string& name, const NormalMaterial& material, F&& f)
    -> std::invoke_result_t<F, const typename std::remove_cvref_t<decltype(std::get<0>(normal_law_entries()))>::Law&> {
  using First = typename std::remove_cvref_t<decltype(std::get<0>(normal_law_entries()))>::Law;
  using R = std::invoke_result_t<F, const First&>;
  std::optional<std::conditional_t<std::is_void_v<R>, bool, R>> r;
  for_each_normal_law([&](const auto& e) {
    using L = typename std::remove_cvref_t<decltype(e)>::Law;
    if constexpr (SphereNormalLaw<L>) {
      if (r || name != e.name || !(e.contacts & normal_spheres)) return;
      const L law = L::from_material(material);
      if constexpr (std::is_void_v<R>) f(law), r.emplace(true);
      else r.emplace(f(law));
    }
  });
  if (!r) throw_input(key, name, "allowed: " + join(normal_law_names(normal_spheres)));
  if constexpr (!std::is_void_v<R>) return std::move(*r);
}

// A sphere contact at first touch (h = 0) approaching at v_n (hdot = v_n) with effective mass m*, and the normal force
// a law gives there: its dashpot's share at zero overlap (the linear law's gamma_n m* v_n; 0 for Hertz, whose dashpot
// vanishes at h = 0).
inline ContactKinematics touching(double m_star, double vn) {
  return {Vec3::UnitX(), Vec3::Zero(), 0.0, vn, 1.0, m_star, false};
}
template <class L>
double touch_force(const L& law, double m_star, double vn) {
  double energy = 0;
  return law.force(touching(m_star, vn), energy);
}

// "normal laws (...)": each law with its contacts and its parameters (`stickslip list`).
std::string normal_law_catalog();

}  // namespace stickslip
