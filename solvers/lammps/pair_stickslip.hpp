// solvers/lammps/pair_stickslip.hpp — pair styles stickslip/csds, /dsds, /hertz/csds, /hertz/mindlin: the engine's law
// kernels (models/particles/normal_laws.hpp, tangential_laws.hpp, one contact = contact_step.hpp) inside LAMMPS.
//
//   pair_style stickslip/csds Kn Kt gamma_n gamma_t xmu dampflag   (arguments of gran/hooke/history:
//   pair_style stickslip/dsds Kn Kt gamma_n gamma_t xmu dampflag    Kt, gamma_t may be NULL = 2/7 Kn, gamma_n/2;
//   pair_coeff * *                                                  dampflag 0 sets gamma_t = 0)
//   pair_style stickslip/hertz/csds E nu e xmu Kt gamma_t           (Hertz + C-SDS; e: restitution -> xi, eq. 22)
//   pair_style stickslip/hertz/mindlin E nu e xmu                   (Hertz + Mindlin, seed 004 eq. 19-37)
// Normal: f_n = Kn h + gamma_n m* hdot (LinearSpringDashpot). Tangential: csds = C-SDS (seed 001 eq. 9-10; needs
// gamma_t > 0), dsds = D-SDS = LAMMPS' linear history (eq. 3). The dsds style turns the spring as gran/hooke/history
// does (projection, SpringTurn::project) so the two agree to round-off; csds keeps the spring's length as the
// engine does (SpringTurn::keep_length).
// Needs `newton off` and `comm_modify vel yes`: every rank evaluates the pairs of its own atoms, a pair with a ghost
// partner on both ranks (each keeps its own atom's spring in fix stickslip/history; the ledger counts such a pair
// half on each side). A half neighbor list with cutoff max r_i + max r_j (fix pour's radii included) + skin; the
// springs sit in the history fix's slots beside that list, one per list entry (solvers/lammps/history_fix.hpp).
// Ledger (when a compute stickslip/ledger asks for it): per rank, the trapezoid of the contact powers
// W += dt (P_n + P_n+1)/2, the energy created and the reset energy summed per step, U_n, U_t now and at the first
// evaluation (models/particles/energy.hpp).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "core/flatten.hpp"
#include "models/particles/contact_step.hpp"
#include "models/particles/normal_laws.hpp"
#include "models/particles/tangential_laws.hpp"
#include "solvers/lammps/history_fix.hpp"

namespace stickslip::lammps {

// Per-rank ledger totals (summed over ranks by compute stickslip/ledger).
struct PairLedger {
  bool started = false;
  double work_normal = 0, work_tangential = 0, created = 0, jump = 0;
  double elastic_normal = 0, elastic_tangential = 0, elastic_normal0 = 0, elastic_tangential0 = 0;
  double last_power_normal = 0, last_power_tangential = 0;
};

// The interface compute stickslip/ledger sees.
class PairStickslipBase : public LAMMPS_NS::Pair {
 public:
  using Pair::Pair;
  void request_ledger() { ledger_on_ = true; }
  const PairLedger& ledger() const { return ledger_; }

 protected:
  bool ledger_on_ = false;
  PairLedger ledger_;
};

// gran/hooke/history's six arguments.
struct HookeArguments {
  std::array<double, 6> values{};  // Kn Kt gamma_n gamma_t xmu dampflag, NULLs resolved
  static HookeArguments parse(LAMMPS_NS::LAMMPS* lmp, const std::string& style, int narg, char** arg, bool csds);
};

// The Hertz styles' arguments: E nu e xmu [Kt gamma_t] (Young's modulus, Poisson ratio, restitution coefficient of
// a head-on impact, friction coefficient; the C-SDS spring and dashpot for stickslip/hertz/csds).
struct HertzArguments {
  std::array<double, 6> values{};  // E nu e xmu Kt gamma_t (the last two 0 for hertz/mindlin)
  static HertzArguments parse(LAMMPS_NS::LAMMPS* lmp, const std::string& style, int narg, char** arg, bool csds);
};

// A style's laws: the kernels, how its arguments are read, how the spring is turned into the tangent plane.
template <class Normal, class Tangential, class Args, SpringTurn Turn = SpringTurn::keep_length>
struct LawPair {
  Normal normal;
  Tangential tangential;
  using Arguments = Args;
  static constexpr SpringTurn turn = Turn;
  static constexpr bool csds = std::is_same_v<Tangential, Csds>;  // the C-SDS needs gamma_t > 0
};

struct LinearCsds : LawPair<LinearSpringDashpot, Csds, HookeArguments> {
  static constexpr const char* style = "stickslip/csds";
  static LinearCsds from(const HookeArguments& a);
};
struct LinearDsds : LawPair<LinearSpringDashpot, Dsds, HookeArguments, SpringTurn::project> {
  static constexpr const char* style = "stickslip/dsds";
  static LinearDsds from(const HookeArguments& a);
};
// The D-SDS with the engine's turn of the spring (length kept): to measure what the turn alone changes against
// gran/hooke/history (same arguments).
struct LinearDsdsKeepLength : LawPair<LinearSpringDashpot, Dsds, HookeArguments> {
  static constexpr const char* style = "stickslip/dsds/keep-length";
  static LinearDsdsKeepLength from(const HookeArguments& a);
};
// Hertz (seed 004 eq. 19-23) with the C-SDS: pair_style stickslip/hertz/csds E nu e xmu Kt gamma_t.
struct HertzCsds : LawPair<HertzDamped, Csds, HertzArguments> {
  static constexpr const char* style = "stickslip/hertz/csds";
  static HertzCsds from(const HertzArguments& a);
};
// Hertz with Mindlin's tangential law (seed 004 eq. 29-37): pair_style stickslip/hertz/mindlin E nu e xmu.
struct HertzMindlin : LawPair<HertzDamped, Mindlin, HertzArguments> {
  static constexpr const char* style = "stickslip/hertz/mindlin";
  static HertzMindlin from(const HertzArguments& a);
};

template <class Laws>
class PairStickslip : public PairStickslipBase {
 public:
  explicit PairStickslip(LAMMPS_NS::LAMMPS* lmp);
  ~PairStickslip() override;
  static LAMMPS_NS::Pair* create(LAMMPS_NS::LAMMPS* lmp) { return new PairStickslip(lmp); }

  void compute(int eflag, int vflag) override;
  void settings(int narg, char** arg) override;
  void coeff(int narg, char** arg) override;
  void init_style() override;
  double init_one(int i, int j) override;
  void write_restart(FILE* fp) override;
  void read_restart(FILE* fp) override;

 private:
  // flatten: the law kernels and Eigen's small operations inlined into the pair loop, as in the engine
  // (models/particles/particle_engine.hpp: GCC otherwise leaves calls per contact).
  template <bool Ledger>
  STICKSLIP_FLATTEN void evaluate(double dt);
  void allocate();

  typename Laws::Arguments args_;
  Laws laws_;
  FixStickslipHistory* history_ = nullptr;
  LAMMPS_NS::bigint history_built_ = -1;  // neighbor->lastcall when the slots were last built or used
  int freeze_group_bit_ = 0;
  double* max_radius_ = nullptr;  // per type, dynamic atoms and fix pour's
  std::vector<double> inv_mass_;  // per owned and ghost atom, 1/m or 0 when frozen (rebuilt each evaluation)
  // A touching contact between the passes of evaluate(): separation, kinematics, spring, slot, atoms, the laws' results.
  struct Touch {
    ContactKinematics c;
    Vec3 d, xi, force, arm;  // x_j - x_i, the turned spring, force on i and n x F_t
    double r;                // |d|
    std::size_t slot;
    int i, j;
  };
  static constexpr int kBatch = 64;  // contacts per batch (~15 kB: stays in L1)
  std::unique_ptr<std::array<Touch, kBatch>> batch_ = std::make_unique<std::array<Touch, kBatch>>();
};

extern template class PairStickslip<LinearCsds>;
extern template class PairStickslip<LinearDsds>;
extern template class PairStickslip<LinearDsdsKeepLength>;
extern template class PairStickslip<HertzCsds>;
extern template class PairStickslip<HertzMindlin>;

}  // namespace stickslip::lammps
