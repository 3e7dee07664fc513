// studies/registry.cpp — every study and catalog line the command line knows. Add one line per study.
#include "studies/study.hpp"

namespace stickslip {

// Factories, one per study file.
std::unique_ptr<Study> make_sliding_plates_study();
std::unique_ptr<Study> make_convergence_study();
std::unique_ptr<Study> make_rolling_sphere_study();
std::unique_ptr<Study> make_three_spheres_study();
std::unique_ptr<Study> make_stochastic_friction_study();
std::unique_ptr<Study> make_dry_friction_oscillator_study();
std::unique_ptr<Study> make_slope_drift_study();
std::unique_ptr<Study> make_container_study();
std::unique_ptr<Study> make_granular_gas_study();
std::unique_ptr<Study> make_heap_study();
std::unique_ptr<Study> make_dsds_cooling_study();

std::vector<std::unique_ptr<Study>> all_studies() {
  std::vector<std::unique_ptr<Study>> s;
  s.push_back(make_sliding_plates_study());
  s.push_back(make_convergence_study());
  s.push_back(make_rolling_sphere_study());
  s.push_back(make_three_spheres_study());
  s.push_back(make_stochastic_friction_study());
  s.push_back(make_dry_friction_oscillator_study());
  s.push_back(make_slope_drift_study());
  s.push_back(make_container_study());
  s.push_back(make_granular_gas_study());
  s.push_back(make_heap_study());
  s.push_back(make_dsds_cooling_study());
  return s;
}

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries{
      {"model", "sliding-plates", "two plates under constant normal force, reduced mass m, tangential spring k, damping gamma (Führer, Brendel & Wolf §3.1)"},
      {"friction", "csds", "continuous spring-dashpot-slider, xi' of eq. 10 (Führer, Brendel & Wolf); never creates energy"},
      {"friction", "dsds", "discontinuous SDS (Luding/LAMMPS linear_history, eq. 1-3): xi reset after each step"},
      {"friction", "dsds-stage", "D-SDS with the reset after every Runge-Kutta stage (Führer, Brendel & Wolf, App. A eq. 22-28)"},
      {"friction", "dsds-dae", "D-SDS as an exact DAE: xi algebraic (eq. 3) while sliding, xi' = v while sticking"},
      {"model", "stochastic-spheres", "N spheres in permanent contact (fixed or bonded), thermalised only by Markovian friction noise (Hofmann et al.)"},
      {"friction", "markovian", "the Markovian pair law of Hofmann et al.: f(u) u_hat + sqrt(D(u)) noise (linear, coulomb-sign, tanh, user f); D(u) by FDT integral"},
      {"model", "dry-friction-oscillator", "m x'' = -k x - mu F_N sign(x') (Krengel & Matuttis eq. 3); Filippov system, naive sign() ODE and Coulomb DAE"},
      {"model", "belt-oscillator", "mass on a spring over a belt at v_belt, velocity-weakening Coulomb friction: stick-slip cycles"},
      {"friction", "coulomb-filippov", "set-valued Coulomb friction: Filippov convex hull (Krengel & Matuttis eq. 4-14) for oscillator and block (slope-drift friction=coulomb-filippov; coulomb alone is refused there as ambiguous)"},
      {"friction", "coulomb-stick", "sphere contacts: a stick constraint / mu N slip with stick/slip events (rolling-sphere, three-spheres tangential=; old name coulomb)"},
      {"friction", "coulomb-sign", "stochastic pair: constant-magnitude f(u) = mu F_n (stochastic-friction law=; old name coulomb)"},
      {"model", "incline-block", "square block of size l on a slope, compliant normal contact (Krengel & Matuttis §4, Table 1)"},
      {"friction", "cundall-strack", "tangential spring dF = -k_t v dt cut off at mu F_n, damping gamma_t (Krengel & Matuttis eq. 19-20)"},
      {"friction", "coulomb-dae", "Coulomb sticking as an index-1 DAE through IDA: v = 0 kept, friction force algebraic (Krengel & Matuttis)"},
      {"model", "spheres", "3-D spheres with Rodrigues rotations, Hertz normal contact with damping, rigid planes/segments, gravity, drag, near-field (Campello)"},
      {"model", "sphere-container", "2-D slice of spheres poured from a vessel into a container with an inclined face (Campello ex. 5.3); cell lists, flat contact arrays"},
      {"friction", "mindlin", "Hertz-Mindlin tangential spring k_t = 8 G* sqrt(r* h) with contact-point rotation mapping and return mapping (Campello, eq. 25-39); in the ODE form stick and slip are modes with events"},
      {"model", "granular-gas", "N spheres in a periodic box cooling freely from a Maxwellian with spins (Haff's law, Enskog kinetic theory); particle engine + velocity Verlet, LAMMPS reference"},
      {"model", "hopper-heap", "2-D discs poured from a hopper onto a floor and left to rest (Krengel & Matuttis §5, Fig. 6); particle engine + velocity Verlet"},
      {"friction", "none", "frictionless contact (no tangential force): the smooth-sphere reference of the granular gas"},
  };
  return entries;
}

}  // namespace stickslip
