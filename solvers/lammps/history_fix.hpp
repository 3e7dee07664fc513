// solvers/lammps/history_fix.hpp — fix stickslip/history: the tangential springs of every contact, stored per atom
// and keyed by the partner's tag, so they migrate with the atoms between ranks and survive restart files (the
// installed LAMMPS headers lack the neigh/history internals gran/hooke/history uses).
//
// Layout, per local atom i (capacity `slots` contacts, a fix argument, default 16):
//   count[i]                number of contacts of i
//   partner[i][k]           tag of the k-th partner
//   spring[i][3k .. 3k+2]   its spring xi (m), seen from i (the partner stores -xi)
// The pair styles (solvers/lammps/pair_stickslip.hpp) read the springs of the previous step from a snapshot
// (begin_step) and write the new contacts back with add(); a contact not written is gone (its spring 0).
// Exchange / restart record of an atom: n, then n times (tag, xi_x, xi_y, xi_z) (restart: preceded by its length).
#pragma once

#include <vector>

#include "solvers/lammps/lammps_headers.hpp"

namespace stickslip::lammps {

class FixStickslipHistory : public LAMMPS_NS::Fix {
 public:
  static constexpr const char* style_name = "stickslip/history";
  static constexpr const char* default_id = "STICKSLIP_HISTORY";
  FixStickslipHistory(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg);
  ~FixStickslipHistory() override;

  int setmask() override { return 0; }
  void grow_arrays(int nmax) override;
  void copy_arrays(int i, int j, int delflag) override;
  void set_arrays(int i) override { count_[i] = 0; }
  int pack_exchange(int i, double* buf) override;
  int unpack_exchange(int nlocal, double* buf) override;
  int pack_restart(int i, double* buf) override;
  void unpack_restart(int nlocal, int nth) override;
  int size_restart(int i) override { return 2 + 4 * count_[i]; }
  int maxsize_restart() override { return 2 + 4 * slots_; }
  double memory_usage() override;

  // Copies the springs of the local atoms aside and empties their records (called at each force evaluation).
  void begin_step(int nlocal);
  // The spring i had with the partner of tag `tag` at the last evaluation, or nullptr.
  const double* previous(int i, LAMMPS_NS::tagint tag) const {
    for (int k = prev_first_[i]; k < prev_first_[i + 1]; ++k)
      if (prev_tag_[k] == tag) return &prev_spring_[3 * static_cast<std::size_t>(k)];
    return nullptr;
  }
  // Records the contact of i with `tag` and its spring (sign = -1 stores -xi). False if i's slots are full.
  bool add(int i, LAMMPS_NS::tagint tag, const double* xi, double sign) {
    const int k = count_[i];
    if (k >= slots_) return false;
    partner_[i][k] = tag;
    double* s = &spring_[i][3 * k];
    s[0] = sign * xi[0], s[1] = sign * xi[1], s[2] = sign * xi[2];
    count_[i] = k + 1;
    return true;
  }
  int slots() const { return slots_; }

 private:
  int slots_ = 16;
  int nmax_ = 0;
  int* count_ = nullptr;
  LAMMPS_NS::tagint** partner_ = nullptr;
  double** spring_ = nullptr;
  std::vector<int> prev_first_;
  std::vector<LAMMPS_NS::tagint> prev_tag_;
  std::vector<double> prev_spring_;
};

}  // namespace stickslip::lammps
