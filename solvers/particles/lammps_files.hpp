// solvers/particles/lammps_files.hpp — LAMMPS' text formats for particle states, written once for every particle
// study and benchmark (and read back for the round-trip test):
//   data file (read_data, atom_style sphere):  "Atoms # sphere" rows  id type diameter density x y z, then
//       "Velocities" rows  id vx vy vz wx wy wz  (density = m / (4/3 pi r^3), so LAMMPS' mass is ours);
//   pair lines (pair_style granular) for our laws:  linear spring-dashpot + D-SDS = "hooke k_n gamma_n tangential
//       linear_history k_t x_gamma_t mu damping mass_velocity" (x_gamma_t = gamma_t/gamma_n); Hertz + Mindlin =
//       "hertz/material E e nu tangential mindlin NULL 0 mu damping tsuji"; damped Hertz + D-SDS (lammps_hertz_dsds);
//   atom dump (what OVITO and ParaView's LAMMPS reader open):
//       ITEM: TIMESTEP / ITEM: NUMBER OF ATOMS / ITEM: BOX BOUNDS pp pp pp (ff when open) /
//       ITEM: ATOMS id type x y z vx vy vz radius omegax omegay omegaz         (ids 1-based, type 1);
//   contact dump ("dump local" layout, one row per touching contact):
//       ITEM: TIMESTEP / ITEM: NUMBER OF ENTRIES / ITEM: BOX BOUNDS / ITEM: ENTRIES id1 id2 fx fy fz fn ft
//       (force on id1 in N; fn its normal part, ft the magnitude of the tangential part; id2 = 0 for a wall).
// Numbers are written with 17 significant digits, so a dump read back gives the state to the last bit.
#pragma once

#include <cstdint>
#include <filesystem>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "models/contact/dsds.hpp"
#include "models/contact/normal_registry.hpp"
#include "models/particles/boundaries.hpp"
#include "models/particles/particle_arrays.hpp"
#include "models/particles/tangential_dashpot.hpp"

namespace stickslip {

// lo/hi: the box written (for open boundaries a margin around the particles).
void write_lammps_data(const std::filesystem::path& path, const std::string& title, const ParticleArrays& p,
                       const Vec3& lo, const Vec3& hi);

std::string lammps_hooke_dsds(double kn, double gamma_n, double kt, double gamma_t, double mu);
std::string lammps_hertz_mindlin(double young, double restitution, double poisson, double mu);
// Damped Hertz (HertzDamped, damping ratio xi) + D-SDS whose dashpot is x times the normal one, as pair granular:
// "hertz/material E e' nu tangential linear_history k_t x mu damping tsuji limit_damping", where e' is the
// restitution LAMMPS' Tsuji fit alpha(e') = 1.2728 - 4.2783 e' + 11.087 e'^2 - 22.348 e'^3 + 27.467 e'^4 - 18.022 e'^5
// + 4.8218 e'^6 turns into our dashpot, alpha = sqrt(6) xi (lammps_tsuji_restitution; limit_damping: f_n >= 0 as ours).
std::string lammps_hertz_dsds(double young, double xi, double poisson, double kt, double x_gamma_t, double mu);
double lammps_tsuji_restitution(double xi);
// LAMMPS' own D-SDS (tangential linear_history) on a normal law, as pair_style granular's coefficients, chosen by the
// laws' types: the linear spring-dashpot with a constant tangential dashpot (lammps_hooke_dsds), damped Hertz with a
// tangential dashpot that follows the normal one (lammps_hertz_dsds); "" for any other pairing (LAMMPS has none).
std::string lammps_dsds_coeff(const LinearSpringDashpot& normal, const Dsds& tangential);
std::string lammps_dsds_coeff(const HertzDamped& normal, const DashpotFollowsNormal<Dsds, HertzDamped>& tangential);
template <class Normal, class Tangential>
std::string lammps_dsds_coeff(const Normal&, const Tangential&) {
  return "";
}

void write_lammps_dump(std::ostream& out, long step, const ParticleArrays& p, const PeriodicBox& box);

struct ContactRecord {
  std::uint32_t i = 0, j = 0;  // 0-based particle indices; j = UINT32_MAX for a wall
  Vec3 force = Vec3::Zero();   // on i
  double fn = 0, ft = 0;
};
void write_contact_dump(std::ostream& out, long step, const std::vector<ContactRecord>& contacts,
                        const PeriodicBox& box);

struct DumpFrame {
  long step = 0;
  Vec3 lo = Vec3::Zero(), hi = Vec3::Zero();
  std::vector<long> id;
  ParticleArrays bodies;  // x, v, omega, radius (mass and inertia are not in a dump: set to 0)
};
// Reads one atom-dump frame; throws std::runtime_error on a malformed file.
DumpFrame read_lammps_dump(std::istream& in);

}  // namespace stickslip
