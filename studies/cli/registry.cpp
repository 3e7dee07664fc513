// studies/cli/registry.cpp — every study and catalog line the command line knows. Add one line per study. The friction
// laws are the law registry's (models/contact/registry.hpp), listed with their forms by `stickslip list`.
#include "studies/experiment/study.hpp"

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
std::unique_ptr<Study> make_block_chain_study();
std::unique_ptr<Study> make_burridge_knopoff_study();
std::unique_ptr<Study> make_spring_slider_study();

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
  s.push_back(make_block_chain_study());
  s.push_back(make_burridge_knopoff_study());
  s.push_back(make_spring_slider_study());
  return s;
}

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries{
      {"model", "sliding-plates", "two plates under constant normal force, reduced mass m, tangential spring k, damping gamma (Führer, Brendel & Wolf §3.1)"},
      {"model", "stochastic-spheres", "N spheres in permanent contact (fixed or bonded), thermalised only by Markovian friction noise (Hofmann et al.)"},
      {"model", "dry-friction-oscillator", "m x'' = -k x - mu F_N sign(x') (Krengel & Matuttis eq. 3); Filippov system, naive sign() ODE and Coulomb DAE; the relation friction-oscillator at v_belt = 0, any registry law (its study's friction=)"},
      {"model", "belt-oscillator", "mass on a spring over a belt at v_belt, velocity-weakening Coulomb friction: stick-slip cycles (the relation friction-oscillator at v_belt > 0)"},
      {"model", "incline-block", "square block of size l on a slope, compliant normal contact (Krengel & Matuttis §4, Table 1)"},
      {"model", "spheres", "3-D spheres with Rodrigues rotations, Hertz normal contact with damping, rigid planes/segments, gravity, drag, near-field (Campello)"},
      {"model", "sphere-container", "2-D slice of spheres poured from a vessel into a container with an inclined face (Campello ex. 5.3); cell lists, flat contact arrays"},
      {"model", "granular-gas", "N spheres in a periodic box cooling freely from a Maxwellian with spins (Haff's law, Enskog kinetic theory); particle engine + velocity Verlet, LAMMPS reference"},
      {"model", "hopper-heap", "2-D discs poured from a hopper onto a floor and left to rest (Krengel & Matuttis §5, Fig. 6); particle engine + velocity Verlet"},
  };
  return entries;
}

}  // namespace stickslip
