// solvers/lammps/history_fix.hpp — fix stickslip/history: the tangential springs of every contact, stored per atom
// and keyed by the partner's tag, so they migrate with the atoms between ranks and survive restart files (the
// installed LAMMPS headers lack the neigh/history internals gran/hooke/history uses).
//
// Layout, per local atom i (capacity `slots` contacts, a fix argument, default 16):
//   count[i]                number of contacts of i
//   partner[i][k]           tag of the k-th partner
//   spring[i][3k .. 3k+2]   its spring xi (m), seen from i (the partner stores -xi)
// Between neighbor-list builds the pair styles work on a copy beside the list (as LAMMPS' fix neigh/history does),
// one slot per neighbor-list entry (pair i, j in list order): partner tag, spring, touched flag. build_slots() fills
// it from the per-atom records after each list build; flush() writes it back to the records before atoms migrate or
// are sorted (pre_exchange), at the end of a run and before a restart file is written (pack_restart).
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

  int setmask() override { return LAMMPS_NS::FixConst::PRE_EXCHANGE | LAMMPS_NS::FixConst::POST_RUN; }
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

  void pre_exchange() override { flush(); }
  void setup_pre_exchange() override { flush(); }
  void post_run() override { flush(); }

  // The slots of a freshly built list (the records must be current: flush() ran since the last evaluation).
  void build_slots(const LAMMPS_NS::NeighList* list, int nlocal);
  // The pair styles mark the slots changed at each evaluation; clean slots after a list build mean records current.
  void mark_dirty() { dirty_ = true; }
  bool dirty() const { return dirty_; }
  double* slot_spring(std::size_t s) { return &slot_spring_[3 * s]; }
  char& slot_touched(std::size_t s) { return slot_touch_[s]; }
  // The slots written back into the per-atom records (no-op when clean).
  void flush();
  int slots() const { return slots_; }

 private:
  int slots_ = 16;
  int nmax_ = 0;
  int* count_ = nullptr;
  LAMMPS_NS::tagint** partner_ = nullptr;
  double** spring_ = nullptr;
  // Whether i's record holds a spring for the partner `tag`; copies it (times sign) to xi.
  bool lookup(int i, LAMMPS_NS::tagint tag, double sign, double* xi) const;
  // Records the contact of i with `tag` and its spring (sign = -1 stores -xi); fails the run when i is full.
  void add(int i, LAMMPS_NS::tagint tag, const double* xi, double sign);

  const LAMMPS_NS::NeighList* list_ = nullptr;  // the list the slots belong to
  int nlocal_built_ = 0;
  bool dirty_ = false;
  std::vector<LAMMPS_NS::tagint> slot_tag_;
  std::vector<double> slot_spring_;
  std::vector<char> slot_touch_;
};

}  // namespace stickslip::lammps
