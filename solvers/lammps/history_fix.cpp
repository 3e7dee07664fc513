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
  restart_peratom = 1;  // setmask: pre_exchange, setup_pre_exchange and post_run write the slots back
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
  flush();  // a restart file written during a run
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
         static_cast<double>(slot_tag_.capacity()) * (sizeof(tagint) + 3 * sizeof(double) + 1);
}

bool FixStickslipHistory::lookup(int i, tagint tag, double sign, double* xi) const {
  for (int k = 0; k < count_[i]; ++k)
    if (partner_[i][k] == tag) {
      for (int c = 0; c < 3; ++c) xi[c] = sign * spring_[i][3 * k + c];
      return true;
    }
  return false;
}

void FixStickslipHistory::add(int i, tagint tag, const double* xi, double sign) {
  const int k = count_[i];
  if (k >= slots_)
    run_failure(lmp, "fix stickslip/history: an atom has more than " + std::to_string(slots_) +
                         " contacts (raise the slots: `fix " + default_id + " all " + style_name +
                         " 32` before the first run)");
  partner_[i][k] = tag;
  for (int c = 0; c < 3; ++c) spring_[i][3 * k + c] = sign * xi[c];
  count_[i] = k + 1;
}

void FixStickslipHistory::build_slots(const LAMMPS_NS::NeighList* list, int nlocal) {
  list_ = list;
  nlocal_built_ = nlocal;
  const tagint* tag = atom->tag;
  std::size_t total = 0;
  for (int ii = 0; ii < list->inum; ++ii) total += static_cast<std::size_t>(list->numneigh[list->ilist[ii]]);
  slot_tag_.resize(total);
  slot_spring_.resize(3 * total);
  slot_touch_.resize(total);
  std::size_t s = 0;
  for (int ii = 0; ii < list->inum; ++ii) {
    const int i = list->ilist[ii];
    const int* jlist = list->firstneigh[i];
    for (int jj = 0; jj < list->numneigh[i]; ++jj, ++s) {
      const int j = jlist[jj] & NEIGHMASK;
      slot_tag_[s] = tag[j];
      double* xi = &slot_spring_[3 * s];
      const bool found = (count_[i] > 0 && lookup(i, tag[j], 1.0, xi)) ||
                         (j < nlocal && count_[j] > 0 && lookup(j, tag[i], -1.0, xi));
      if (!found) xi[0] = xi[1] = xi[2] = 0.0;
      slot_touch_[s] = found ? 1 : 0;
    }
  }
  dirty_ = false;
}

void FixStickslipHistory::flush() {
  if (!dirty_ || !list_) return;
  if (atom->nlocal < nlocal_built_)
    run_failure(lmp, "fix stickslip/history: atoms were deleted before the springs were saved (define the stickslip "
                     "pair style before fixes that delete atoms)");
  const tagint* tag = atom->tag;
  for (int i = 0; i < nlocal_built_; ++i) count_[i] = 0;
  std::size_t s = 0;
  for (int ii = 0; ii < list_->inum; ++ii) {
    const int i = list_->ilist[ii];
    const int* jlist = list_->firstneigh[i];
    for (int jj = 0; jj < list_->numneigh[i]; ++jj, ++s) {
      if (!slot_touch_[s]) continue;
      const double* xi = &slot_spring_[3 * s];
      add(i, slot_tag_[s], xi, 1.0);
      const int j = jlist[jj] & NEIGHMASK;
      if (j < nlocal_built_) add(j, tag[i], xi, -1.0);
    }
  }
  dirty_ = false;
}

}  // namespace stickslip::lammps
