// solvers/lammps/pair_stickslip.hpp — the pair styles stickslip/<law> and stickslip/hertz/<law>, generated from the
// law registry (models/contact/registry.hpp): every law with a discrete increment on sphere contacts (not an
// exact-static one: LAMMPS hands over no a_other) runs inside LAMMPS with the engine's kernels
// (models/contact/normal_registry.hpp, the law's increment, one contact = models/particles/contact_step.hpp). Arguments
// come from the law's declared parameters (style_arguments below); the styles of before keep their names and
// argument orders:
//   pair_style stickslip/csds Kn Kt gamma_n gamma_t xmu dampflag   (arguments of gran/hooke/history:
//   pair_style stickslip/dsds Kn Kt gamma_n gamma_t xmu dampflag    Kt, gamma_t may be NULL = 2/7 Kn, gamma_n/2;
//   pair_coeff * *                                                  dampflag 0 sets gamma_t = 0)
//   pair_style stickslip/hertz/csds E nu e xmu Kt gamma_t           (Hertz + C-SDS; e: restitution -> xi, eq. 22)
//   pair_style stickslip/hertz/mindlin E nu e xmu                   (Hertz + Mindlin, Campello eq. 19-37)
//   pair_style stickslip/dsds/keep-length Kn Kt gamma_n gamma_t xmu dampflag  (the D-SDS with the engine's turn)
// and every other law the same way (stickslip/cundall-strack, stickslip/dsds-stage, stickslip/none,
// stickslip/hertz/dsds, ...; `stickslip-lammps -h` lists them). The dsds style turns the spring as gran/hooke/history
// does (projection, SpringTurn::project) so the two agree to round-off; the others keep the spring's length as the
// engine does (SpringTurn::keep_length).
// Needs `newton off` and `comm_modify vel yes`: every rank evaluates the pairs of its own atoms, a pair with a ghost
// partner on both ranks (each keeps its own atom's spring in fix stickslip/history; the ledger counts such a pair
// half on each side). A half neighbor list with cutoff max r_i + max r_j (fix pour's radii included) + skin; the
// springs sit in the history fix's slots beside that list, one per list entry (solvers/lammps/history_fix.hpp).
// Ledger (when a compute stickslip/ledger asks for it): per rank, the trapezoid of the contact powers
// W += dt (P_n + P_n+1)/2, the energy created and the reset energy summed per step, U_n, U_t now and at the first
// evaluation (models/particles/energy.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <string_view>
#include <utility>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "core/flatten.hpp"
#include "models/contact/normal_registry.hpp"
#include "models/contact/registry.hpp"
#include "models/particles/contact_step.hpp"
#include "solvers/lammps/bad_input.hpp"
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

// One argument of a generated pair style: its name as LAMMPS input spells it, and the law parameter it sets ("" for
// dampflag and for the arguments a normal law reads itself).
struct StyleArgument {
  std::string name, parameter;
  bool divisor = false;  // a law parameter declared > 0 because the law divides by it (the C-SDS's gamma_t)
  bool normal = false;   // a parameter of the normal law (the generic layout: parameter is its name there)
};

// The parsed arguments of a style (values in the style's argument order, NULLs resolved).
struct StyleArguments {
  std::vector<double> values;
};

// How the styles of a normal law of the registry (models/contact/normal_registry.hpp, the laws with a sphere form)
// name themselves and read their arguments. A tangential law's declared parameters (models/contact/law.hpp) follow
// the normal law's; its mu is spelt xmu, kt Kt, young E, poisson nu, every other parameter by its own name.
//   any normal law N  stickslip/<N::name>/<law>  <N's parameters> <the law's parameters N does not declare>
//                     (each checked against its declared range, exit 2 naming it)
// and the layouts of the styles of before, kept (the specialisations below):
//   linear  stickslip/<law>        Kn [Kt] gamma_n [gamma_t] <the law's other parameters> [dampflag]
//           (gran/hooke/history's order: Kt, gamma_t where the law declares kt, gamma_t; Kt NULL = 2/7 Kn, gamma_t
//           NULL = gamma_n/2, dampflag 0 sets gamma_t = 0); normal: LinearSpringDashpot{Kn, gamma_n}; its D-SDS
//           turns the spring as gran/hooke/history does (projection), so that the two agree to round-off
//   hertz   stickslip/hertz/<law>  E nu e <the law's parameters but young, poisson (= E, nu)>; normal: HertzDamped
//           with xi from the restitution e (Campello eq. 22)
template <class N>
struct NormalStyle {
  static constexpr bool hooke_turn = false;  // the D-SDS turns its spring as gran/hooke/history
  static std::string prefix() { return std::string("stickslip/") + N::name + "/"; }
  static std::vector<StyleArgument> arguments(const std::vector<Param>& law);
  static std::vector<std::string> nullable() { return {}; }
  // Checks the normal law's arguments and resolves NULLs (bad_input: exit 2 naming the argument).
  static void check(LAMMPS_NS::LAMMPS*, const std::string&, const std::vector<StyleArgument>&, char**,
                    std::vector<double>&) {}
  static N normal(const std::vector<StyleArgument>& args, const StyleArguments& a);
};
template <>
struct NormalStyle<LinearSpringDashpot> {
  static constexpr bool hooke_turn = true;
  static std::string prefix() { return "stickslip/"; }
  static std::vector<StyleArgument> arguments(const std::vector<Param>& law);
  static std::vector<std::string> nullable() { return {"Kt", "gamma_t"}; }
  static void check(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd, const std::vector<StyleArgument>& args, char** arg,
                    std::vector<double>& v);
  static LinearSpringDashpot normal(const std::vector<StyleArgument>& args, const StyleArguments& a);
};
template <>
struct NormalStyle<HertzDamped> {
  static constexpr bool hooke_turn = false;
  static std::string prefix() { return "stickslip/hertz/"; }
  static std::vector<StyleArgument> arguments(const std::vector<Param>& law);
  static std::vector<std::string> nullable() { return {}; }
  static void check(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd, const std::vector<StyleArgument>& args, char** arg,
                    std::vector<double>& v);
  static HertzDamped normal(const std::vector<StyleArgument>& args, const StyleArguments& a);
};

// The spelling of a law parameter among a style's arguments (xmu, Kt, E, nu; the others as declared).
std::string style_spelling(const std::string& parameter);
// Reads the numbers (the count checked; NULL where the argument's name is in `nullable`, resolved by the normal
// style's check), then the normal style's checks, then those every style shares (the dashpot a law divides by, xmu).
StyleArguments read_style_arguments(LAMMPS_NS::LAMMPS* lmp, const std::string& style,
                                    const std::vector<StyleArgument>& args, const std::vector<std::string>& nullable,
                                    int narg, char** arg);
void check_shared_arguments(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd, const std::vector<StyleArgument>& args,
                            char** arg, const std::vector<double>& v);
// The law parameters the arguments set (the tangential law's; the normal ones where `normal`).
LawValues style_law_values(const std::vector<StyleArgument>& args, const StyleArguments& a, bool normal = false);

template <class N>
std::vector<StyleArgument> NormalStyle<N>::arguments(const std::vector<Param>& law) {
  std::vector<StyleArgument> a;
  for (const Param& p : N::parameters) a.push_back({style_spelling(p.name), p.name, false, true});
  for (const Param& p : law) {
    const bool shared = std::any_of(N::parameters.begin(), N::parameters.end(),
                                    [&](const Param& q) { return std::string_view(q.name) == p.name; });
    if (!shared) a.push_back({style_spelling(p.name), p.name, p.lo == 0 && p.lo_open});
  }
  return a;
}
template <class N>
N NormalStyle<N>::normal(const std::vector<StyleArgument>& args, const StyleArguments& a) {
  LawValues v = style_law_values(args, a, true);
  v.law_key = "pair_style";
  return make_law<N>(v);
}

// A style generated from the tangential registry's entry I (models/contact/registry.hpp) on the normal law N. The
// D-SDS is LAMMPS' linear_history: on the linear law it turns its spring as gran/hooke/history does (projection,
// SpringTurn::project) so the two agree to round-off; every other style keeps the spring's length as the engine
// does (SpringTurn::keep_length). KeepLength forces the engine's turn (stickslip/dsds/keep-length).
template <std::size_t I, class N, bool KeepLength = false>
struct GeneratedStyle {
  using Entry = std::remove_cvref_t<decltype(std::get<I>(tangential_law_entries()))>;
  using Law = typename Entry::Law;
  using Normal = N;
  Normal normal;
  Law tangential;
  static constexpr SpringTurn turn = NormalStyle<N>::hooke_turn && std::is_base_of_v<Dsds, Law> && !KeepLength
                                         ? SpringTurn::project
                                         : SpringTurn::keep_length;
  static std::string style() {
    return NormalStyle<N>::prefix() + std::get<I>(tangential_law_entries()).name + (KeepLength ? "/keep-length" : "");
  }
  static const std::vector<StyleArgument>& arguments() {
    static const std::vector<StyleArgument> a = NormalStyle<N>::arguments({Law::parameters.begin(), Law::parameters.end()});
    return a;
  }
  static StyleArguments parse(LAMMPS_NS::LAMMPS* lmp, int narg, char** arg) {
    const std::string cmd = "pair_style " + style();
    StyleArguments a = read_style_arguments(lmp, style(), arguments(), NormalStyle<N>::nullable(), narg, arg);
    NormalStyle<N>::check(lmp, cmd, arguments(), arg, a.values);
    check_shared_arguments(lmp, cmd, arguments(), arg, a.values);
    try {
      (void)from(a);  // the law's own ranges (e.g. the C-SDS's gamma_t > 0)
    } catch (const InputError& e) {  // "key=value: allowed" of models/contact/registry.cpp's law_parameter
      const std::string m = e.what();
      const auto eq = m.find('='), colon = m.find(": ");
      bad_input(lmp, std::string("pair_style ").append(style()), m.substr(0, eq), m.substr(eq + 1, colon - eq - 1), m.substr(colon + 2));
    }
    return a;
  }
  static GeneratedStyle from(const StyleArguments& a) {
    LawValues v = style_law_values(arguments(), a);
    v.law_key = "pair_style";
    return {NormalStyle<N>::normal(arguments(), a), make_law<Law>(v)};
  }
};

template <class Laws>
class PairStickslip : public PairStickslipBase {
 public:
  explicit PairStickslip(LAMMPS_NS::LAMMPS* lmp);
  ~PairStickslip() override;
  static LAMMPS_NS::Pair* create(LAMMPS_NS::LAMMPS* lmp) { return new PairStickslip(lmp); }

  void compute(int eflag, int vflag) override;
  void settings(int narg, char** arg) override;  // parses the style's arguments
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

  StyleArguments args_;
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

// f(GeneratedStyle<I, N>{}) for every tangential registry entry I with an increment LAMMPS can run (not an
// exact-static one) on every normal law N of the registry with a sphere form, then the D-SDS with the engine's turn
// (stickslip/dsds/keep-length).
template <class F, std::size_t... I>
void for_each_pair_style(F&& f, std::index_sequence<I...>) {
  const auto one = [&](auto index) {
    constexpr std::size_t i = decltype(index)::value;
    using Entry = std::remove_cvref_t<decltype(std::get<i>(tangential_law_entries()))>;
    using Law = typename Entry::Law;
    if constexpr (IncrementForm<Law, ContactKinematics>) {
      if (entry_forms(std::get<i>(tangential_law_entries()), RelationKind::particles) & form_increment)
        for_each_normal_law([&](const auto& normal) {
          using N = typename std::remove_cvref_t<decltype(normal)>::Law;
          if constexpr (SphereNormalLaw<N>)
            if (normal.contacts & normal_spheres) f(GeneratedStyle<i, N>{});
        });
    }
  };
  (one(std::integral_constant<std::size_t, I>{}), ...);
}
// The index of the D-SDS's registry entry with its discrete increment (the entry "dsds", not its DAE "dsds-dae").
template <std::size_t I = 0>
constexpr std::size_t dsds_increment_entry() {
  constexpr std::size_t n = std::tuple_size_v<decltype(tangential_law_entries())>;
  if constexpr (I < n) {
    using Entry = std::remove_cvref_t<decltype(std::get<I>(tangential_law_entries()))>;
    if constexpr (std::is_same_v<typename Entry::Law, Dsds>)
      if (std::get<I>(tangential_law_entries()).offers & form_increment) return I;
    return dsds_increment_entry<I + 1>();
  } else {
    return n;
  }
}

template <class F>
void for_each_pair_style(F&& f) {
  for_each_pair_style(f, std::make_index_sequence<std::tuple_size_v<decltype(tangential_law_entries())>>{});
  // The D-SDS with the engine's turn of the spring (length kept): to measure what the turn alone changes against
  // gran/hooke/history (same arguments).
  constexpr std::size_t dsds = dsds_increment_entry();
  f(GeneratedStyle<dsds, LinearSpringDashpot, true>{});
}

// Registers every generated style in the instance's pair map (solvers/lammps/register_styles.cpp).
void register_pair_styles(LAMMPS_NS::LAMMPS* lmp);
// The names of the generated styles.
std::vector<std::string> pair_style_names();

}  // namespace stickslip::lammps
