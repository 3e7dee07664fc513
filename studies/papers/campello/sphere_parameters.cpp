// studies/papers/campello/sphere_parameters.cpp — see sphere_parameters.hpp.
#include "studies/papers/campello/sphere_parameters.hpp"

#include "core/errors.hpp"
#include "models/particles/engine_laws.hpp"
#include "solvers/integrator_spec.hpp"

namespace stickslip {

const Renames& sphere_tangential_renames() {
  static const Renames r{{"coulomb-stick", {"coulomb"}}};  // the rigid Coulomb contact's old name: still read
  return r;
}

void declare_sphere_friction_parameters(Parameters& p) {
  p.declare("tangential", "mindlin",
            "tangential law: " + particle_law_list() +
                " (coulomb: the rigid stick/slip contact under the ODE integrators, Krengel & Matuttis' exact static "
                "friction under verlet; old name coulomb-stick)")
      .declare("kt", "auto", "tangential spring of csds, dsds, cundall-strack, stribeck [N/m]; auto: Mindlin's stiffness "
                             "of the resting contact (eq. 37)")
      .declare("gamma_t", "0", "tangential dashpot of csds, dsds, cundall-strack, stribeck per effective mass [1/s]");
  declare_engine_law_parameters(p);
}

void read_sphere_friction(const Parameters& p, const ContactPair& wall, double static_overlap, SphereFriction& friction) {
  friction.law = p.choice("tangential", particle_law_names(), sphere_tangential_renames());
  const double kt = p.raw("kt") == "auto" ? mindlin_stiffness(wall, static_overlap) : p.positive("kt");
  const double gamma_t = p.nonnegative("gamma_t");
  const LawValues extra = engine_law_values(p, "tangential");
  for (TangentialParameters* t : {&friction.pair, &friction.wall}) t->kt = kt, t->gamma_t = gamma_t, t->extra = extra;
}

void declare_sphere_run_parameters(Parameters& p, const std::string& default_dt) {
  p.declare("integrator", "trapezoid",
            "trapezoid (Campello, Algorithm 1), verlet (velocity Verlet), rk4, dopri5, cvode, ida, euler, heun, midpoint "
            "(the engine's state-vector form with located events)")
      .declare("dt", default_dt, "time step [s] of trapezoid/fixed-step schemes, output interval of adaptive ones; auto = eq. 50")
      .declare("phi", "0.5", "trapezoid weight phi in [0, 1] (eq. 41)")
      .declare("tol", "1e-4", "trapezoid fixed-point tolerance TOL (eq. 48-49)")
      .declare("rtol", "1e-8", "dopri5/cvode/ida relative tolerance")
      .declare("atol", "1e-10", "dopri5/cvode/ida absolute tolerance");
}

SphereRunOptions read_sphere_run_options(const Parameters& p, double auto_dt) {
  SphereRunOptions o;
  o.integrator = parse_integrator_among("integrator", p.raw("integrator"), sphere_integrator_names(), true);
  o.dt = p.raw("dt") == "auto" ? auto_dt : p.positive("dt");
  o.trapezoid.phi = p.in_range("phi", 0.0, 1.0);
  o.trapezoid.tol = p.positive("tol");
  if (o.trapezoid.tol >= 1) throw_input("tol", p.raw("tol"), "must lie in (0, 1)");
  o.rtol = p.in_open_range("rtol", 0, 1);
  o.atol = p.absolute_tolerance("atol");
  return o;
}

}  // namespace stickslip
