// solvers/lammps/history_fix.cpp — fix stickslip/history (layout in history_fix.hpp).
#include "solvers/lammps/history_fix.hpp"

#include <cstdlib>
#include <string>

#include "solvers/lammps/bad_input.hpp"

namespace stickslip::lammps {

using LAMMPS_NS::tagint;
using LAMMPS_NS::ubuf;

FixStickslipHistory::FixStickslipHistory(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) : Fix(lmp, narg, arg) {
  if (narg > 4) bad_input(lmp, "fix stickslip/history", "arguments", std::to_string(narg - 3), "0 or 1 (slots)");
  if (narg == 4) {
    char* end = nullptr;
    const long s = std::strtol(arg[3], &end, 10);
    if (*end != '\0' || s < 1 || s > 1000) bad_input(lmp, "fix stickslip/history", "slots", arg[3], "an integer 1..1000");
    slots_ = static_cast<int>(s);
  }
  restart_peratom = 1;
  create_attribute = 1;
  grow_arrays(atom->nmax);
  atom->add_callback(LAMMPS_NS::Atom::GROW);
  atom->add_callback(LAMMPS_NS::Atom::RESTART);
  for (int i = 0; i < atom->nlocal; ++i) count_[i] = 0;
}

FixStickslipHistory::~FixStickslipHistory() {
  atom->delete_callback(id, LAMMPS_NS::Atom::GROW);
  atom->delete_callback(id, LAMMPS_NS::Atom::RESTART);
  memory->destroy(count_);
  memory->destroy(partner_);
  memory->destroy(spring_);
}

void FixStickslipHistory::grow_arrays(int nmax) {
  memory->grow(count_, nmax, "stickslip/history:count");
  memory->grow(partner_, nmax, slots_, "stickslip/history:partner");
  memory->grow(spring_, nmax, 3 * slots_, "stickslip/history:spring");
  for (int i = nmax_; i < nmax; ++i) count_[i] = 0;
  nmax_ = nmax;
}

void FixStickslipHistory::copy_arrays(int i, int j, int) {
  count_[j] = count_[i];
  for (int k = 0; k < count_[i]; ++k) {
    partner_[j][k] = partner_[i][k];
    for (int c = 0; c < 3; ++c) spring_[j][3 * k + c] = spring_[i][3 * k + c];
  }
}

int FixStickslipHistory::pack_exchange(int i, double* buf) {
  int m = 0;
  buf[m++] = count_[i];
  for (int k = 0; k < count_[i]; ++k) {
    buf[m++] = ubuf(partner_[i][k]).d;
    for (int c = 0; c < 3; ++c) buf[m++] = spring_[i][3 * k + c];
  }
  return m;
}

int FixStickslipHistory::unpack_exchange(int nlocal, double* buf) {
  int m = 0;
  count_[nlocal] = static_cast<int>(buf[m++]);
  for (int k = 0; k < count_[nlocal]; ++k) {
    partner_[nlocal][k] = static_cast<tagint>(ubuf(buf[m++]).i);
    for (int c = 0; c < 3; ++c) spring_[nlocal][3 * k + c] = buf[m++];
  }
  return m;
}

int FixStickslipHistory::pack_restart(int i, double* buf) {
  buf[0] = size_restart(i);  // the record's length, itself included (LAMMPS' per-atom restart convention)
  return 1 + pack_exchange(i, buf + 1);
}

void FixStickslipHistory::unpack_restart(int nlocal, int nth) {
  double** extra = atom->extra;
  int m = 0;
  for (int k = 0; k < nth; ++k) m += static_cast<int>(extra[nlocal][m]);
  const int n = static_cast<int>(extra[nlocal][m + 1]);
  if (n > slots_)
    lammps_error_one(error, __FILE__, __LINE__,
                     "fix stickslip/history: the restart file has " + std::to_string(n) +
                         " contacts on one atom, more than slots = " + std::to_string(slots_));
  unpack_exchange(nlocal, &extra[nlocal][m + 1]);
}

double FixStickslipHistory::memory_usage() {
  return static_cast<double>(nmax_) * (sizeof(int) + slots_ * (sizeof(tagint) + 3 * sizeof(double))) +
         static_cast<double>(prev_tag_.capacity() * (sizeof(tagint) + 3 * sizeof(double)));
}

void FixStickslipHistory::begin_step(int nlocal) {
  prev_first_.resize(static_cast<std::size_t>(nlocal) + 1);
  std::size_t total = 0;
  for (int i = 0; i < nlocal; ++i) total += static_cast<std::size_t>(count_[i]);
  prev_tag_.resize(total);
  prev_spring_.resize(3 * total);
  std::size_t k = 0;
  for (int i = 0; i < nlocal; ++i) {
    prev_first_[i] = static_cast<int>(k);
    for (int q = 0; q < count_[i]; ++q, ++k) {
      prev_tag_[k] = partner_[i][q];
      for (int c = 0; c < 3; ++c) prev_spring_[3 * k + c] = spring_[i][3 * q + c];
    }
    count_[i] = 0;
  }
  prev_first_[nlocal] = static_cast<int>(k);
}

}  // namespace stickslip::lammps
