// solvers/particles/lammps_files.cpp — see lammps_files.hpp.
#include "solvers/particles/lammps_files.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/output_file.hpp"

namespace stickslip {

namespace {

std::string g17(double v) {
  char b[40];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}

void box_bounds(std::ostream& out, const PeriodicBox& box) {
  out << "ITEM: BOX BOUNDS";
  for (int a = 0; a < 3; ++a) out << (box.periodic[a] ? " pp" : " ff");
  out << "\n";
  for (int a = 0; a < 3; ++a) out << g17(box.lo[a]) << " " << g17(box.hi[a]) << "\n";
}

}  // namespace

void write_lammps_data(const std::filesystem::path& path, const std::string& title, const ParticleArrays& p,
                       const Vec3& lo, const Vec3& hi) {
  OutputFile d(path);  // checked writes: a full disk is IoError naming the file
  d << title << "\n\n" << p.size() << " atoms\n1 atom types\n\n";
  const char* axis[3] = {"x", "y", "z"};
  for (int a = 0; a < 3; ++a) d << g17(lo[a]) << " " << g17(hi[a]) << " " << axis[a] << "lo " << axis[a] << "hi\n";
  d << "\nAtoms # sphere\n\n";
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double r = p.radius[i], density = p.mass[i] / (4.0 / 3.0 * M_PI * r * r * r);
    d << i + 1 << " 1 " << g17(2 * r) << " " << g17(density) << " " << g17(p.x[i][0]) << " " << g17(p.x[i][1]) << " "
      << g17(p.x[i][2]) << "\n";
  }
  d << "\nVelocities\n\n";
  for (std::size_t i = 0; i < p.size(); ++i)
    d << i + 1 << " " << g17(p.v[i][0]) << " " << g17(p.v[i][1]) << " " << g17(p.v[i][2]) << " "
      << g17(p.omega[i][0]) << " " << g17(p.omega[i][1]) << " " << g17(p.omega[i][2]) << "\n";
  d.commit();
}

std::string lammps_hooke_dsds(double kn, double gamma_n, double kt, double gamma_t, double mu) {
  return "hooke " + g17(kn) + " " + g17(gamma_n) + " tangential linear_history " + g17(kt) + " " +
         g17(gamma_n > 0 ? gamma_t / gamma_n : 0.0) + " " + g17(mu) + " damping mass_velocity";
}

std::string lammps_hertz_mindlin(double young, double restitution, double poisson, double mu) {
  return "hertz/material " + g17(young) + " " + g17(restitution) + " " + g17(poisson) + " tangential mindlin NULL 0.0 " +
         g17(mu) + " damping tsuji";
}

double lammps_tsuji_restitution(double xi) {
  const auto alpha = [](double e) {
    return 1.2728 - 4.2783 * e + 11.087 * e * e - 22.348 * std::pow(e, 3) + 27.467 * std::pow(e, 4) -
           18.022 * std::pow(e, 5) + 4.8218 * std::pow(e, 6);
  };
  const double target = std::sqrt(6.0) * xi;
  double lo = 0, hi = 1;  // alpha falls monotonically from 1.2728 at e = 0 to ~0 at e = 1
  for (int k = 0; k < 200; ++k) {
    const double mid = 0.5 * (lo + hi);
    (alpha(mid) > target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

std::string lammps_hertz_dsds(double young, double xi, double poisson, double kt, double x_gamma_t, double mu) {
  return "hertz/material " + g17(young) + " " + g17(lammps_tsuji_restitution(xi)) + " " + g17(poisson) +
         " tangential linear_history " + g17(kt) + " " + g17(x_gamma_t) + " " + g17(mu) + " damping tsuji limit_damping";
}

std::string lammps_dsds_coeff(const LinearSpringDashpot& normal, const Dsds& tangential) {
  return lammps_hooke_dsds(normal.kn, normal.gamma_n, tangential.kt, tangential.gamma_t, tangential.mu);
}

std::string lammps_dsds_coeff(const HertzDamped& normal, const DashpotFollowsNormal<Dsds, HertzDamped>& tangential) {
  return lammps_hertz_dsds(normal.young, normal.xi, normal.poisson, tangential.kt, tangential.ratio, tangential.mu);
}

void write_lammps_dump(std::ostream& out, long step, const ParticleArrays& p, const PeriodicBox& box) {
  out << "ITEM: TIMESTEP\n" << step << "\nITEM: NUMBER OF ATOMS\n" << p.size() << "\n";
  box_bounds(out, box);
  out << "ITEM: ATOMS id type x y z vx vy vz radius omegax omegay omegaz\n";
  for (std::size_t i = 0; i < p.size(); ++i) {
    out << i + 1 << " 1";
    for (int a = 0; a < 3; ++a) out << " " << g17(p.x[i][a]);
    for (int a = 0; a < 3; ++a) out << " " << g17(p.v[i][a]);
    out << " " << g17(p.radius[i]);
    for (int a = 0; a < 3; ++a) out << " " << g17(p.omega[i][a]);
    out << "\n";
  }
}

void write_contact_dump(std::ostream& out, long step, const std::vector<ContactRecord>& contacts,
                        const PeriodicBox& box) {
  out << "ITEM: TIMESTEP\n" << step << "\nITEM: NUMBER OF ENTRIES\n" << contacts.size() << "\n";
  box_bounds(out, box);
  out << "ITEM: ENTRIES id1 id2 fx fy fz fn ft\n";
  for (const ContactRecord& c : contacts) {
    out << c.i + 1 << " " << (c.j == std::numeric_limits<std::uint32_t>::max() ? 0L : static_cast<long>(c.j) + 1);
    for (int a = 0; a < 3; ++a) out << " " << g17(c.force[a]);
    out << " " << g17(c.fn) << " " << g17(c.ft) << "\n";
  }
}

DumpFrame read_lammps_dump(std::istream& in) {
  DumpFrame f;
  std::string line;
  auto expect = [&](const std::string& item) {
    if (!std::getline(in, line) || line.rfind(item, 0) != 0)
      throw std::runtime_error("dump: expected '" + item + "', read '" + line + "'");
  };
  in >> std::ws;
  expect("ITEM: TIMESTEP");
  if (!(in >> f.step)) throw std::runtime_error("dump: bad timestep");
  std::getline(in, line);
  expect("ITEM: NUMBER OF ATOMS");
  std::size_t n = 0;
  if (!(in >> n)) throw std::runtime_error("dump: bad atom count");
  std::getline(in, line);
  expect("ITEM: BOX BOUNDS");
  for (int a = 0; a < 3; ++a)
    if (!(in >> f.lo[a] >> f.hi[a])) throw std::runtime_error("dump: bad box bounds");
  std::getline(in, line);
  expect("ITEM: ATOMS");
  std::istringstream cols(line.substr(std::string("ITEM: ATOMS").size()));
  std::vector<std::string> names;
  for (std::string c; cols >> c;) names.push_back(c);
  for (std::size_t k = 0; k < n; ++k) {
    Vec3 x = Vec3::Zero(), v = Vec3::Zero(), w = Vec3::Zero();
    double r = 0;
    long id = 0;
    for (const std::string& c : names) {
      double val = 0;
      if (!(in >> val)) throw std::runtime_error("dump: row " + std::to_string(k + 1) + " is short");
      if (c == "id") id = std::lround(val);
      else if (c == "x") x[0] = val;
      else if (c == "y") x[1] = val;
      else if (c == "z") x[2] = val;
      else if (c == "vx") v[0] = val;
      else if (c == "vy") v[1] = val;
      else if (c == "vz") v[2] = val;
      else if (c == "radius") r = val;
      else if (c == "omegax") w[0] = val;
      else if (c == "omegay") w[1] = val;
      else if (c == "omegaz") w[2] = val;
    }
    f.id.push_back(id);
    f.bodies.x.push_back(x);
    f.bodies.v.push_back(v);
    f.bodies.omega.push_back(w);
    f.bodies.f.push_back(Vec3::Zero());
    f.bodies.torque.push_back(Vec3::Zero());
    f.bodies.radius.push_back(r);
    f.bodies.mass.push_back(0);
    f.bodies.inv_mass.push_back(0);
    f.bodies.inv_inertia.push_back(0);
  }
  return f;
}

}  // namespace stickslip
