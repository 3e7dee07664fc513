// studies/experiment/lammps_run.cpp — see lammps_run.hpp.
#include "studies/experiment/lammps_run.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "studies/experiment/child_process.hpp"

namespace stickslip {

std::string capture(const std::string& cmd, int& status) {
  std::string out;
  try {
    const ChildResult r = run_child(ChildSpec({"/bin/sh", "-c", cmd}), "", [&](const char* bytes, std::size_t n) { out.append(bytes, n); });
    status = r.status;
    std::cerr << r.err;
  } catch (const SpawnError& e) {
    std::cerr << e.what() << '\n';
    status = -1;
  }
  return out;
}

bool on_path(const std::string& prog) { return !find_program(prog).empty(); }

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

bool lammps_loop(const std::string& log, double& loop, double& cpu_fraction, double& pair_neigh) {
  const auto pos = log.rfind("Loop time of");
  if (pos == std::string::npos) return false;
  loop = std::atof(log.c_str() + pos + 13);
  const auto eol = log.find('\n', pos);
  cpu_fraction = eol == std::string::npos ? 1.0 : std::atof(log.c_str() + eol + 1) / 100.0;
  if (!(cpu_fraction > 0)) cpu_fraction = 1.0;
  pair_neigh = 0;
  for (const char* sec : {"\nPair    |", "\nNeigh   |"}) {
    const auto p = log.find(sec, pos);
    if (p != std::string::npos) pair_neigh += std::atof(log.c_str() + p + std::strlen(sec));
  }
  return true;
}

int ThermoTable::column(const std::string& name) const {
  for (std::size_t k = 0; k < columns.size(); ++k)
    if (columns[k] == name) return static_cast<int>(k);
  return -1;
}

ThermoTable lammps_thermo(const std::string& log) {
  ThermoTable t;
  const auto loop = log.rfind("Loop time of");
  const auto end = loop == std::string::npos ? log.size() : loop;
  auto head = log.rfind("\n   Step ", end);
  if (head == std::string::npos) head = log.rfind("\nStep ", end);
  if (head == std::string::npos) return t;
  std::istringstream in(log.substr(head + 1, end - head - 1));
  std::string line;
  std::getline(in, line);
  std::istringstream names(line);
  for (std::string c; names >> c;) t.columns.push_back(c);
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::vector<double> v;
    for (double x; row >> x;) v.push_back(x);
    if (v.size() == t.columns.size()) t.rows.push_back(v);
  }
  return t;
}

}  // namespace stickslip
