// solvers/lammps_run.cpp — see lammps_run.hpp.
#include "solvers/lammps_run.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "core/interrupt.hpp"
#include "core/child_process.hpp"

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

namespace {

// A fresh folder under /tmp, removed with this object (empty path if none could be made: Open MPI's default then).
class PrivateTmp {
 public:
  PrivateTmp() {
    std::string name = (std::filesystem::temp_directory_path() / "stickslip-mpi-XXXXXX").string();
    if (::mkdtemp(name.data())) path_ = name;
  }
  // Open MPI's singleton daemon may still be clearing its files when lmp has exited: a removal that finds the
  // folder busy is tried again, for up to a second.
  ~PrivateTmp() {
    if (path_.empty()) return;
    for (int k = 0; k < 50; ++k) {
      std::error_code ec;
      std::filesystem::remove_all(path_, ec);
      if (!std::filesystem::exists(path_, ec)) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  PrivateTmp(const PrivateTmp&) = delete;
  PrivateTmp& operator=(const PrivateTmp&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The last `count` non-empty lines of a text, joined by " | " ("" for an empty text).
std::string last_lines(const std::string& text, std::size_t count) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
  std::string tail;
  for (std::size_t k = lines.size() > count ? lines.size() - count : 0; k < lines.size(); ++k)
    tail += (tail.empty() ? "" : " | ") + lines[k];
  return tail;
}

}  // namespace

int run_lmp(const std::filesystem::path& dir, std::string& what) {
  int status = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const PrivateTmp tmp;
    const std::string mpi_tmp = tmp.path().empty() ? "" : "OMPI_MCA_orte_tmpdir_base='" + tmp.path() + "' ";
    capture("cd '" + dir.string() + "' && OMP_NUM_THREADS=1 " + mpi_tmp +
                "lmp -in in.lmp -log log.lmp -screen none > lmp.out 2>&1",
            status);
    if (status == 0) return 0;
    what = last_lines(slurp((dir / "lmp.out").string()), 3);
    const bool started = lammps_thermo(slurp((dir / "log.lmp").string())).columns.size() > 0;
    if (started || interrupted()) break;
    if (attempt == 0)
      std::cerr << "lmp failed before its run started (exit status " << status << ": " << what << "); retrying once\n";
  }
  return status;
}

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
