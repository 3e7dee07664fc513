// tests/lammps/lammps_harness.hpp — run a LAMMPS instance with stickslip's styles from a test and read back the
// atoms (by tag, on every rank) and the ledger, to compare runs: LAMMPS' own styles, stickslip's engine, other
// rank counts, a restart.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "library.h"
#include "solvers/lammps/lammps_headers.hpp"
#include "solvers/lammps/register_styles.hpp"

namespace stickslip::test {

struct LammpsAtoms {
  std::vector<double> x, v, omega, radius, rmass;  // by tag: x[3 (tag - 1) + k]
  std::array<double, 3> box{};                     // periodic lengths (x, y, z)
  std::array<double, 7> ledger{};                  // compute `ledger` (stickslip/ledger), if defined
  std::size_t size() const { return radius.size(); }
};

// Runs the commands on a new instance over `comm` and returns the atoms at the end.
inline LammpsAtoms run_lammps(MPI_Comm comm, const std::vector<std::string>& commands, bool ledger = false) {
  const char* argv[] = {"stickslip-tests", "-log", "none", "-screen", "none", "-nocite"};
  auto* lmp = new LAMMPS_NS::LAMMPS(6, const_cast<char**>(argv), comm);
  stickslip::lammps::register_styles(lmp);
  for (const std::string& c : commands) lammps_command(lmp, const_cast<char*>(c.c_str()));
  LammpsAtoms a;
  const auto n = static_cast<std::size_t>(lammps_get_natoms(lmp));
  a.x.resize(3 * n), a.v.resize(3 * n), a.omega.resize(3 * n), a.radius.resize(n), a.rmass.resize(n);
  lammps_gather_atoms(lmp, const_cast<char*>("x"), 1, 3, a.x.data());
  lammps_gather_atoms(lmp, const_cast<char*>("v"), 1, 3, a.v.data());
  lammps_gather_atoms(lmp, const_cast<char*>("omega"), 1, 3, a.omega.data());
  lammps_gather_atoms(lmp, const_cast<char*>("radius"), 1, 1, a.radius.data());
  lammps_gather_atoms(lmp, const_cast<char*>("rmass"), 1, 1, a.rmass.data());
  for (int k = 0; k < 3; ++k) a.box[k] = lmp->domain->prd[k];
  if (ledger) {
    const auto* vec = static_cast<const double*>(lammps_extract_compute(lmp, "ledger", 0, 1));
    if (vec) std::copy(vec, vec + 7, a.ledger.begin());
  }
  delete lmp;
  return a;
}

struct Difference {
  double dx = 0, dv = 0, domega = 0;  // max over atoms and components
};

// Largest differences of two runs of the same atoms (positions as minimal images in the periodic box).
inline Difference difference(const LammpsAtoms& a, const LammpsAtoms& b) {
  Difference d;
  for (std::size_t i = 0; i < a.x.size(); ++i) {
    const double len = a.box[i % 3];
    double dx = a.x[i] - b.x[i];
    dx -= len * std::round(dx / len);
    d.dx = std::max(d.dx, std::abs(dx));
    d.dv = std::max(d.dv, std::abs(a.v[i] - b.v[i]));
    d.domega = std::max(d.domega, std::abs(a.omega[i] - b.omega[i]));
  }
  return d;
}

// A gas of cells^3 grains (diameter 1, mass 1) on a simple cubic lattice of spacing 2^(1/3) (number density 0.5,
// no overlaps) with Gaussian velocities of temperature `temp` (seeded, so every run and rank count starts alike),
// written as a LAMMPS data file (atom_style sphere): the atom IDs are those of the file, not of the rank layout
// (create_atoms numbers atoms per rank).
inline void write_gas_data(const std::filesystem::path& file, int cells, double temp) {
  const double a = std::cbrt(2.0), len = cells * a;
  std::mt19937_64 rng(87287);
  std::normal_distribution<double> n01(0.0, std::sqrt(temp));
  std::ofstream out(file);
  out << "stickslip test gas\n\n" << cells * cells * cells << " atoms\n1 atom types\n";
  for (const char* ax : {"x", "y", "z"}) out << "0 " << len << " " << ax << "lo " << ax << "hi\n";
  out.precision(17);
  out << "\nAtoms # sphere\n\n";
  int id = 0;
  for (int i = 0; i < cells; ++i)
    for (int j = 0; j < cells; ++j)
      for (int k = 0; k < cells; ++k)
        out << ++id << " 1 1.0 1.909859317102744 " << (i + 0.5) * a << " " << (j + 0.5) * a << " " << (k + 0.5) * a
            << "\n";
  out << "\nVelocities\n\n";
  for (int n = 1; n <= id; ++n) out << n << " " << n01(rng) << " " << n01(rng) << " " << n01(rng) << " 0 0 0\n";
}

// The granular gas (studies/lammps/gas.in's set-up) read from a data file of write_gas_data, with the given pair
// style line; then `steps` steps (compute `ledger` defined when the style is stickslip's).
inline std::vector<std::string> gas_commands(const std::filesystem::path& data, const std::string& pair_style, long steps) {
  std::vector<std::string> c = {"units lj", "atom_style sphere", "boundary p p p", "newton off", "comm_modify vel yes",
                                "read_data " + data.string(), pair_style, "pair_coeff * *", "neighbor 0.2 bin",
                                "neigh_modify delay 0", "timestep 0.001", "fix integrate all nve/sphere"};
  if (pair_style.find("stickslip/") != std::string::npos) c.push_back("compute ledger all stickslip/ledger");
  c.push_back("run " + std::to_string(steps));
  return c;
}

}  // namespace stickslip::test
