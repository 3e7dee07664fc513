// models/contact/law.hpp — the law layer: what a contact law is, the forms it can provide, and how the rest of the
// code finds out which forms a law has. Every friction law, normal law and friction moment is written once, in one
// header of models/contact/, generic in the dimension of the contact plane (1-D plates, block and oscillators, 2-D
// discs, 3-D spheres), and reaches every relation and driver through the forms it declares.
//
// DESIGN (Siconos' vocabulary: an interaction is a relation plus a non-smooth law)
//   relation  the geometry of one contact: slip velocity, normal force (or overlap), effective mass, how the contact
//             force acts on the bodies. One per pair of body kinds: sliding plates, block on a slope, oscillator on a
//             belt (models/sliding_plates.hpp, incline_block.hpp, friction_oscillator.hpp), sphere/disc pairs and
//             walls (models/particles/contact_kinematics.hpp), the stochastic pair (the engine's pair relation, models/particles/engine_sde.hpp).
//             A relation hands the law a contact C: at least `vt` (slip velocity, VecD<D>) and `m_star` (effective
//             mass); a sphere contact adds n, h, hdot, r_star, wall (models/particles/contact_kinematics.hpp), the
//             1-D relations give Slip1 below (plus the exact static force f_stick).
//   law       what the force is. Its parameters are members; their declaration (name, unit, range, default, help) is
//             the static array `parameters`, so studies, help texts, verify and the LAMMPS pair styles read them
//             from the law. A law provides some of the FORMS below as member functions; which ones it has is found
//             by the concepts at the end of this file (never by a table), for the contact type of a relation (a law
//             whose formulas need the overlap h of a Hertz contact, Mindlin, has no form on a relation without h).
//   assembler turns relation + law into something a driver runs: models/contact_model.hpp (a Model, or a
//             FilippovSystem for a set-valued law) for the small systems, the particle engine
//             (models/particles/particle_engine.hpp) for many bodies, the LAMMPS pair styles
//             (solvers/lammps/pair_stickslip.hpp), the SDE form of the particle engine (models/particles/engine_sde.hpp).
//   registry  models/contact/registry.hpp: the one list of laws, by name, with the form each name offers; from it
//             come `stickslip list` (with the law x relation x driver matrix computed from the forms), each study's
//             choices and help for its law keys, the particle engine's law dispatch, the LAMMPS pair styles and the
//             generic checks of `stickslip verify`.
//
// FORMS (members of a tangential law L; C the relation's contact type, S = decltype(C::vt) the spring type, fn >= 0
// the normal force magnitude, xi the law's spring in S):
//   increment   S step(c, fn, xi&, dt, TangentialEnergy& e)  the discrete update over one step: advances xi, returns
//               the force on body i. Velocity Verlet and the trapezoid of the particle engine, the LAMMPS pair
//               styles. A law whose slot holds the force it applied and that needs StickKinematics (Krengel &
//               Matuttis eq. 21-22) says `static constexpr bool exact_static = true` (engine under velocity Verlet).
//   rate        S force(c, fn, xi), S rate(c, fn, xi)        an ODE for the spring: xi' = rate, the force from the
//               state. Every explicit and implicit ODE driver (odeint, CVODE; IDA through the default residual).
//   slip force  S force(c, fn)                               a force that is a function of the slip velocity alone
//               (no state): F = -f(|v|) v/|v|, f >= 0. An ODE with no law state; its magnitude f(u) is the
//               stochastic form of the Markovian pair (the noise strength D(u) follows from f by the FDT).
//   look-ahead  double lookahead_force(Slip1 c, fn)            a force of the slip velocity and the slip acceleration
//               without friction (c.a_free, c.m_star; no state): Krengel & Matuttis' scheme of eq. 12-17 at every
//               evaluation (coulomb-km). 1-D relations whose contact carries a_free when the force is evaluated (the
//               built-in ones, not a system of several contacts); fixed-step drivers only.
//   reset       S reset(c, fn, xi) and reset_policy          a time-stepping rule: the rate plus a jump of the
//               spring after every step (AdjustPolicy::after_step) or every Runge-Kutta stage (per_stage): the
//               D-SDS of Fuehrer, Brendel & Wolf eq. 3. Fixed-step drivers only.
//   hybrid      1-D modes with switching functions and a mode map (HybridLaw below): stick, slide +, slide -; the
//               events drivers locate, the state jump at a switch, and, where the law has algebraic rows (a DAE:
//               the D-SDS's continuous limit, the Coulomb DAE), the residual rows and the differential mask for IDA.
//   modes       3-D stick/slip modes of one contact with switching functions and a state map (ContactModesForm
//               below, members of the object modes() returns): the ODE form of a law whose stick and slip are two
//               different vector fields (Mindlin's spring below and on its cone, the rigid Coulomb contact). On
//               particle contacts; the state-vector form of the particle engine (models/particles/engine_model.hpp)
//               runs it under odeint and CVODE with the switches located as events. A law whose stick force is a
//               constraint of all sticking contacts together (`constrained_stick`: rigid Coulomb) leaves that force
//               to the assembler, which solves the joint constraint (models/particles/stick_constraints.hpp).
//   set-valued  double static_threshold(fn), double sliding_force(u, fn) and `set_valued = true`: the force at zero
//               slip is any value in [-F_s, F_s], F_s = static_threshold; sliding at speed u it is
//               -sliding_force(u) sign(v). From these two functions alone (models/contact/set_valued.hpp) come the
//               Filippov pieces (F = -sigma sliding_force(|v|), sigma in [-1, 1], Krengel & Matuttis eq. 4-14), the
//               hybrid DAE (stick: F algebraic, F = f_stick of the relation, velocity projection optional; slide:
//               F = -s sliding_force), and the slip force (the naive sign() law). Coulomb, the belt's velocity-
//               weakening law and Stribeck's law are such laws; a set-valued law with a spring-dashpot
//               regularisation (Stribeck) has a rate and an increment as well.
// Two optional declarations state a property of the law that `verify` and the studies read (registry.hpp's
// law_creates_no_energy, spring_relaxes_by_dashpot): `creates_no_energy` (no energy is ever created: the C-SDS, eq.
// 11), `spring_relaxes_by_dashpot` (sliding, the spring relaxes through the dashpot at k_t/gamma_t: a time scale
// gamma_t/k_t of its own, eq. 10).
// Every law also declares, for the generic checks of `verify` (studies/checks/property_checks_laws.cpp),
// static_threshold(fn) (the largest force a stuck contact holds; 0 for laws that never stick) and
// sliding_force(u, fn) (the force it transmits sliding steadily at slip speed u); a law with a spring, its
// stiffness(c) while stuck.
//
// WHICH FORM A DRIVER RUNS (models/contact/registry.hpp decides, from the forms, never from a table in a study):
//   filippov:<scheme>     the Filippov pieces                        (set-valued laws)
//   ida                   the hybrid form with its residual rows, else the default residual xdot - f of the rate or
//                         slip-force form
//   euler .. rk4, gear    the reset rule (not gear), else the hybrid (events on) or the rate, else the slip force,
//                         else the look-ahead
//   dopri5, cvode         the hybrid (events on, ODE-form hybrids only) or the rate, else the slip force
//   engine-ode            (the particle engine under odeint or CVODE) the modes, else the rate whose increment is its
//                         Euler step, else the slip force
//   verlet, trapezoid     the increment (trapezoid: not exact-static; it has no Gauss-Seidel sweep)
//   LAMMPS                the increment, generated as pair style stickslip/<law> and stickslip/hertz/<law>
//   em, sde-heun          the slip force's magnitude f(u)
// A registry name can restrict a law to some of its forms (coulomb-filippov, coulomb-dae, coulomb-sign are Coulomb's
// Filippov, DAE and sign forms; dsds, dsds-stage and dsds-dae the D-SDS's rule after each step, after each stage and
// its continuous DAE limit). A driver that finds no form of the law refuses it with an InputError naming the key,
// the missing form and the drivers that do run the law (exit 2).
//
// ADDING A LAW: one header in models/contact/ (parameters + the forms it has), its test, one entry in the registry's
// list. ADDING A RELATION: its contact type and its body equations (a relation header like models/sliding_plates.hpp),
// its line in the registry's relation list; every law with the forms its drivers need then runs on it.
//
// This header holds the vocabulary shared by every law: parameter declarations (Param, LawValues), the 1-D contact
// (Slip1), the energy a discrete step reports (TangentialEnergy), the contact an exact-static law needs
// (StickKinematics, models/particles/contact_kinematics.hpp's relation plus two numbers), and the form concepts.
#pragma once

#include <array>
#include <concepts>
#include <limits>
#include <map>
#include <string>
#include <type_traits>

#include "core/model.hpp"
#include "core/types.hpp"

namespace stickslip {

// ---- parameters ----

// The declaration of one law parameter. The value must lie in [lo, hi] (open ends where lo_open / hi_open);
// `why` explains a bound that is not obvious ("eq. 10 divides by it").
struct Param {
  const char* name;   // the law's key, as studies, verify and LAMMPS spell it
  const char* unit;   // "N/m", "1/s", "1", "m/s" ...
  double fallback;    // the default
  double lo, hi;
  bool lo_open, hi_open;
  const char* help;
  const char* why = "";
};

// Values for a law's parameters, by the law's names. Each may carry the key and text a study read it from (a study
// that binds a law parameter to one of its own keys: the sliding plates' `gamma` is the law's gamma_t times m), so
// a value out of range is reported under the key the user typed.
class LawValues {
 public:
  struct Value {
    double value;
    std::string key, text;  // empty: the law's name and the value
  };
  LawValues& set(const std::string& name, double value, std::string key = "", std::string text = "") {
    values_[name] = {value, std::move(key), std::move(text)};
    return *this;
  }
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  const Value* find(const std::string& name) const {
    const auto it = values_.find(name);
    return it == values_.end() ? nullptr : &it->second;
  }
  const std::map<std::string, Value>& values() const { return values_; }
  // The study's key that selects the law ("friction", "tangential", "laws"), for messages: "for friction=csds".
  std::string law_key = "friction";

 private:
  std::map<std::string, Value> values_;
};

// How a study describes the material of a normal contact between spheres, whichever normal law it runs: each law
// reads its own part (models/contact/normal_registry.hpp, from_material): a stiffness k_n (N/m) or Young's modulus E
// (Pa) and Poisson's ratio nu, a restitution e of a head-on impact, and the effective mass m* (kg) a law whose
// dashpot is per unit mass needs to reach e (the linear spring-dashpot's gamma_n).
struct NormalMaterial {
  double kn = 0, young = 0, poisson = 0, restitution = 1, m_star = 1;
};

// The value of parameter p: from `values` if given there, else p's default; checked against p's range (InputError
// naming the key the value came from, the value, the allowed range and, for context, "<law_key>=<law>").
double law_parameter(const Param& p, const LawValues& values, const std::string& law);
// "kn = 1e5 N/m (> 0), gamma_n = 0 1/s (>= 0)": parameters with their defaults, units and ranges (`stickslip list`;
// "none" for a law without parameters).
std::string parameter_summary(const Param* params, std::size_t count);

// ---- contacts ----

template <class C>
using SpringOf = std::remove_cvref_t<decltype(std::declval<const C&>().vt)>;

// The contact of a 1-D relation (plates, block, oscillator) as a law sees it.
struct Slip1 {
  VecD<1> vt;          // slip velocity of the body against the surface (m/s)
  double m_star = 1;   // effective tangential mass: the slip acceleration changes by F/m_star (kg)
  double a_free = 0;   // slip acceleration without the friction force (m/s^2)
  double f_stick = 0;  // the force that keeps the slip acceleration zero, -m_star a_free (exact static friction; N)
  double v() const { return vt[0]; }
};

// Spring energy before and after one discrete step, and the energy resets put into it (signed; the D-SDS reset,
// the Cundall-Strack cut-off, Mindlin's return mapping). The particle engine's ledger (models/particles/energy.hpp)
// decides from these and the contact's power whether a step created energy.
struct TangentialEnergy {
  double before = 0, elastic = 0, jump = 0;
};

// ---- form concepts ----

template <class L, class C>
concept IncrementForm = requires(const L& l, const C& c, double fn, SpringOf<C>& xi, double dt, TangentialEnergy& e) {
  { l.step(c, fn, xi, dt, e) } -> std::convertible_to<SpringOf<C>>;
};

template <class L, class C>
concept RateForm = requires(const L& l, const C& c, double fn, const SpringOf<C>& xi) {
  { l.force(c, fn, xi) } -> std::convertible_to<SpringOf<C>>;
  { l.rate(c, fn, xi) } -> std::convertible_to<SpringOf<C>>;
};

template <class L, class C>
concept SlipForceForm = requires(const L& l, const C& c, double fn) {
  { l.force(c, fn) } -> std::convertible_to<SpringOf<C>>;
};

// reset(c, fn, xi_eval, xi_assigned): the Coulomb test on the state the force was evaluated at; a failed test sets
// the spring of the newly assigned state (the D-SDS rule of a fixed-step scheme, core/model.hpp's adjust).
template <class L, class C>
concept ResetForm = RateForm<L, C> && requires(const L& l, const C& c, double fn, const SpringOf<C>& xi,
                                               SpringOf<C>& assigned) {
  l.reset(c, fn, xi, assigned);
  { L::reset_policy } -> std::convertible_to<AdjustPolicy>;
};

// The look-ahead form (Krengel & Matuttis' scheme, models/contact/coulomb_km.hpp): a force of the 1-D contact's slip
// velocity and its free slip acceleration (c.a_free, c.m_star), no law state.
template <class L>
concept LookAheadForm = requires(const L& l, const Slip1& c, double fn) {
  { l.lookahead_force(c, fn) } -> std::convertible_to<double>;
};

template <class L>
concept SetValuedLaw = L::set_valued && requires(const L& l, double u, double fn) {
  { l.static_threshold(fn) } -> std::convertible_to<double>;
  { l.sliding_force(u, fn) } -> std::convertible_to<double>;
};

// phi in a sliding mode: at u = 0 the limit from u > 0. A law whose friction falls at the onset of slip (weakening's
// drop) has sliding_force(0) = F_s, the value the Filippov surface and the stick test read; a slip that starts from
// rest takes the fallen value at once, so the slip mode's force is continuous in u.
template <class L>
double sliding_mode_force(const L& law, double u, double fn) {
  return law.sliding_force(u > 0 ? u : std::numeric_limits<double>::denorm_min(), fn);
}

// Laws whose slot is the force they applied and that need StickKinematics (Coulomb's per-contact exact static
// friction on the particle engine).
template <class T>
constexpr bool is_exact_static = requires { requires T::exact_static; };

// An exact-static law whose stick holds only at zero slip velocity exactly, its force the sliding one at any other
// (coulomb-km): under a time step the contact chatters across v_t = 0 instead of holding (verify's bounds for it are
// the sign law's).
template <class T>
constexpr bool chatters_off_rest = requires { requires T::chatters_off_rest; };

// The 1-D modes of a hybrid form (HybridLaw): free (no events: the law decides stick/slip itself at every
// evaluation), stick, slide with the force in + direction, slide with it in - direction.
enum HybridMode : int { free_mode = 0, stick_mode = 1, slide_pos = 2, slide_neg = 3 };
inline int slide_sign(int mode) { return mode == slide_pos ? +1 : -1; }

// A 1-D hybrid form, on the law state z (one number: a spring or an algebraic force). Two switching functions per
// contact, g < 0 while the mode holds, rising through 0 at a switch (core/model.hpp's convention). form() is
// ModelForm::dae when the algebraic rows need IDA, ode when rate() keeps them consistent.
template <class H>
concept HybridLaw = requires(const H& h, const Slip1& c, double fn, double z, double zdot, double& zr, int mode,
                             double* g) {
  { h.initial_mode(c, fn, z) } -> std::convertible_to<int>;
  { h.force(c, fn, z, mode) } -> std::convertible_to<double>;
  { h.rate(c, fn, z, mode) } -> std::convertible_to<double>;
  h.events(c, fn, z, mode, g);
  { h.on_event(c, fn, zr, mode, 0) } -> std::convertible_to<int>;  // the new mode (mode itself: nothing happens)
  h.project(c, fn, zr, mode);
  { h.algebraic(mode) } -> std::convertible_to<bool>;
  { h.residual(c, fn, z, zdot, mode) } -> std::convertible_to<double>;
  { h.form() } -> std::convertible_to<ModelForm>;
  { h.holds_slip(mode) } -> std::convertible_to<bool>;  // stick with velocity projection: the slip row is 0 = v
};

// A hybrid form may also adjust its state between steps (the D-SDS rule with events: the reset of eq. 3 while
// sliding): adjust(c_eval, fn_eval, c_assigned, fn_assigned, z_eval, z_assigned&, mode), given the contact at the
// state the force was evaluated at and at the newly assigned state (a sliding mode's constraint holds on the latter).
template <class H>
concept AdjustingHybrid = requires(const H& h, const Slip1& c, double fn, double z, double& zr, int mode) {
  h.adjust(c, fn, c, fn, z, zr, mode);
};

// The law's hybrid form with events (hybrid()) and its hybrid DAE, the continuous limit with algebraic rows (dae()).
template <class L>
concept HasHybrid = requires(const L& l) {
  { l.hybrid() };
} && HybridLaw<decltype(std::declval<const L&>().hybrid())>;
template <class L>
concept HasDae = requires(const L& l) {
  { l.dae(true) };
} && HybridLaw<decltype(std::declval<const L&>().dae(true))>;

// The modes of a 3-D contact (the modes form): open (no contact), stick, slip. The law's state s is a 3-vector in the
// contact plane (a spring, or the slip path of rigid Coulomb friction) that the assembler turns with the plane.
enum ContactMode : int { contact_open = 0, contact_stick = 1, contact_slip = 2 };

// The modes form on a contact C (on particle contacts: ModeKinematics, models/particles/contact_kinematics.hpp: the
// relation's kinematics plus the normal force f_n, its elastic part, that part's rate and a force at rounding level).
// The switching function follows core/model.hpp's convention: g < 0 while the mode holds, rising through 0 at its end.
// f is the tangential force the contact applies in its mode now (a constrained stick's constraint force; zero when
// a member does not need it), f_stick the force it would apply sticking (asked only where neither s nor the slip
// velocity gives a slip a direction).
//   closing_mode(c, s)           the mode at the first instant of contact (or at the start of a run); a constrained
//                                stick is a candidate the assembler confirms with its constraint force
//   force(c, s, mode)            the tangential force on body i (not asked for a constrained stick)
//   rate(c, s, mode)             s' in the contact plane (the assembler adds the turning term -(s . n')n)
//   switching(c, s, mode, f)     the switching function of a closed mode (stick -> slip, slip -> stick)
//   leaves(c, s, mode, f)        whether that switch's condition holds, with relative tolerances of 1e-9 (drivers
//                                locate one root at a time; symmetric contacts reach theirs at the same instant)
//   on_switch(c, s&, mode, f)    the new mode after the switch, and the state map
//   project(c, s&, mode, f_stick)  puts s on the mode's constraint (the cone of a slip)
//   elastic_energy(c, s)         the energy stored in s (J)
//   constrained_stick            the stick force is the joint constraint force of all sticking contacts
template <class M, class C>
concept ContactModesForm = requires(const M& m, const C& c, const VecD<3>& s, VecD<3>& sr, int mode,
                                    const VecD<3>& f) {
  { M::constrained_stick } -> std::convertible_to<bool>;
  { m.closing_mode(c, s) } -> std::convertible_to<int>;
  { m.force(c, s, mode) } -> std::convertible_to<VecD<3>>;
  { m.rate(c, s, mode) } -> std::convertible_to<VecD<3>>;
  { m.switching(c, s, mode, f) } -> std::convertible_to<double>;
  { m.leaves(c, s, mode, f) } -> std::convertible_to<bool>;
  { m.on_switch(c, sr, mode, f) } -> std::convertible_to<int>;
  m.project(c, sr, mode, f);
  { m.elastic_energy(c, s) } -> std::convertible_to<double>;
};
template <class L, class C>
concept HasContactModes = requires(const L& l) {
  { l.modes() };
} && ContactModesForm<decltype(std::declval<const L&>().modes()), C>;

// The declared parameters of a law type.
template <class L>
constexpr auto law_parameters() {
  return L::parameters;
}

// A law built from values (defaults for those not given), every parameter checked against its declared range.
template <class L>
L make_law(const LawValues& values) {
  std::array<double, L::parameters.size()> v{};
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = law_parameter(L::parameters[i], values, L::name);
  return L::from(v);
}

}  // namespace stickslip
