// solvers/lammps/pair_stickslip.cpp — pair styles stickslip/csds, stickslip/dsds (see pair_stickslip.hpp).
#include "solvers/lammps/pair_stickslip.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>

#include "solvers/lammps/bad_input.hpp"

namespace stickslip::lammps {

// The largest stiffness, damping or modulus a style accepts, and the smallest dashpot a law divides by (the C-SDS's
// gamma_t): beyond them the forces of an overlap of one diameter, or the C-SDS rate k_t/gamma_t, come within reach of
// a double's 1.8e308 (the arguments 1e308 or gamma_t = 1e-300 printed nan in thermo). Smaller units are the remedy.
namespace {
constexpr double kMaxCoefficient = 1e100, kMinDivisor = 1e-100;
const std::string kRange = " (larger values overflow a double in the forces: rescale the units)";
}  // namespace

std::string style_spelling(const std::string& name) {
  if (name == "mu") return "xmu";
  if (name == "kt") return "Kt";
  if (name == "young") return "E";
  if (name == "poisson") return "nu";
  return name;
}

namespace {
bool declares(const std::vector<Param>& law, const char* name) {
  return std::any_of(law.begin(), law.end(), [&](const Param& p) { return std::string(p.name) == name; });
}
// A law parameter declared > 0 (lo = 0, open): the law divides by it.
bool divides_by(const std::vector<Param>& law, const char* name) {
  return std::any_of(law.begin(), law.end(),
                     [&](const Param& p) { return std::string(p.name) == name && p.lo == 0 && p.lo_open; });
}
int index_of(const std::vector<StyleArgument>& args, const char* name) {
  for (std::size_t k = 0; k < args.size(); ++k)
    if (args[k].name == name) return static_cast<int>(k);
  return -1;
}
// Value k within (0 or open 0, 1e100], else exit 2 naming it.
void within(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd, const std::vector<StyleArgument>& args, char** arg,
            const std::vector<double>& v, int k, bool open_zero, const std::string& allowed) {
  if (k >= 0 && !((open_zero ? v[k] > 0 : v[k] >= 0) && v[k] <= kMaxCoefficient))
    bad_input(lmp, cmd, args[k].name, arg[k], allowed + kRange);
}
}  // namespace

std::vector<StyleArgument> NormalStyle<LinearSpringDashpot>::arguments(const std::vector<Param>& law) {
  std::vector<StyleArgument> a;
  a.push_back({"Kn", ""});
  if (declares(law, "kt")) a.push_back({"Kt", "kt"});
  a.push_back({"gamma_n", ""});
  if (declares(law, "gamma_t")) a.push_back({"gamma_t", "gamma_t", divides_by(law, "gamma_t")});
  for (const Param& p : law)
    if (std::string(p.name) != "kt" && std::string(p.name) != "gamma_t") a.push_back({style_spelling(p.name), p.name});
  if (declares(law, "gamma_t")) a.push_back({"dampflag", ""});
  return a;
}

void NormalStyle<LinearSpringDashpot>::check(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd,
                                             const std::vector<StyleArgument>& args, char** arg, std::vector<double>& v) {
  const int kt = index_of(args, "Kt"), gt = index_of(args, "gamma_t"), damp = index_of(args, "dampflag");
  const int gn = index_of(args, "gamma_n");
  within(lmp, cmd, args, arg, v, 0, true, "0 < Kn <= 1e100");
  within(lmp, cmd, args, arg, v, gn, false, "0 <= gamma_n <= 1e100");
  if (kt >= 0 && std::strcmp(arg[kt], "NULL") == 0) v[kt] = v[0] * 2.0 / 7.0;
  within(lmp, cmd, args, arg, v, kt, true, "0 < Kt <= 1e100 or NULL (2/7 Kn)");
  if (gt >= 0 && std::strcmp(arg[gt], "NULL") == 0) v[gt] = 0.5 * v[gn];
  within(lmp, cmd, args, arg, v, gt, false, "0 <= gamma_t <= 1e100 or NULL (gamma_n/2)");
  if (damp >= 0) {
    if (v[damp] != 0 && v[damp] != 1) bad_input(lmp, cmd, "dampflag", arg[damp], "0 or 1");
    if (v[damp] == 0) v[gt] = 0;
  }
}

LinearSpringDashpot NormalStyle<LinearSpringDashpot>::normal(const std::vector<StyleArgument>& args,
                                                              const StyleArguments& a) {
  return {a.values[0], a.values[static_cast<std::size_t>(index_of(args, "gamma_n"))]};
}

std::vector<StyleArgument> NormalStyle<HertzDamped>::arguments(const std::vector<Param>& law) {
  std::vector<StyleArgument> a;
  a.push_back({"E", "young"});
  a.push_back({"nu", "poisson"});
  a.push_back({"e", ""});
  for (const Param& p : law)
    if (std::string(p.name) != "young" && std::string(p.name) != "poisson")
      a.push_back({style_spelling(p.name), p.name, std::string(p.name) == "gamma_t" && divides_by(law, "gamma_t")});
  return a;
}

void NormalStyle<HertzDamped>::check(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd,
                                     const std::vector<StyleArgument>& args, char** arg, std::vector<double>& v) {
  within(lmp, cmd, args, arg, v, 0, true, "0 < E <= 1e100");
  if (v[1] <= -1 || v[1] >= 0.5) bad_input(lmp, cmd, "nu", arg[1], "-1 < nu < 0.5");
  if (v[2] <= 0 || v[2] > 1) bad_input(lmp, cmd, "e", arg[2], "0 < e <= 1");
  within(lmp, cmd, args, arg, v, index_of(args, "Kt"), true, "0 < Kt <= 1e100");
  within(lmp, cmd, args, arg, v, index_of(args, "gamma_t"), false, "0 <= gamma_t <= 1e100");
}

HertzDamped NormalStyle<HertzDamped>::normal(const std::vector<StyleArgument>&, const StyleArguments& a) {
  return HertzDamped::material(a.values[0], a.values[1], xi_from_restitution(a.values[2]));
}

StyleArguments read_style_arguments(LAMMPS_NS::LAMMPS* lmp, const std::string& style,
                                    const std::vector<StyleArgument>& args, const std::vector<std::string>& nullable,
                                    int narg, char** arg) {
  const std::string cmd = "pair_style " + style;
  const int n = static_cast<int>(args.size());
  if (narg != n) {
    std::string names;
    for (const auto& x : args) names += (names.empty() ? "" : " ") + x.name;
    bad_input(lmp, cmd, "number of arguments", std::to_string(narg), std::to_string(n) + ": " + names);
  }
  StyleArguments a;
  a.values.assign(args.size(), 0.0);
  for (int k = 0; k < n; ++k) {
    const bool may_be_null = std::find(nullable.begin(), nullable.end(), args[k].name) != nullable.end();
    if (!(may_be_null && std::strcmp(arg[k], "NULL") == 0)) a.values[k] = parse_number(lmp, cmd, args[k].name, arg[k]);
  }
  return a;
}

void check_shared_arguments(LAMMPS_NS::LAMMPS* lmp, const std::string& cmd, const std::vector<StyleArgument>& args,
                            char** arg, const std::vector<double>& v) {
  // A dashpot the law divides by (the C-SDS rate -(F_max F/|F| + k xi)/gamma, Fuehrer, Brendel & Wolf eq. 10): below
  // 1e-100 the rate k xi/gamma_t overflows a double. (With dampflag 0 the law's own range refuses gamma_t = 0.)
  const int gt = index_of(args, "gamma_t");
  if (gt >= 0 && args[gt].divisor && v[gt] > 0 && v[gt] < kMinDivisor)
    bad_input(lmp, cmd, "gamma_t", arg[gt],
              "1e-100 <= gamma_t <= 1e100 (Fuehrer, Brendel & Wolf eq. 10 divides by it; below, a double overflows)");
  const int mu = index_of(args, "xmu");
  if (mu >= 0 && (v[mu] < 0 || v[mu] > 1e4)) bad_input(lmp, cmd, "xmu", arg[mu], "0 .. 1e4");
}

LawValues style_law_values(const std::vector<StyleArgument>& args, const StyleArguments& a, bool normal) {
  LawValues v;
  for (std::size_t k = 0; k < args.size(); ++k)
    if (!args[k].parameter.empty() && args[k].normal == normal)
      v.set(args[k].parameter, a.values[k], args[k].name, format_value(a.values[k]));
  return v;
}

template <class Laws>
PairStickslip<Laws>::PairStickslip(LAMMPS_NS::LAMMPS* lmp) : PairStickslipBase(lmp) {
  single_enable = 0;
  no_virial_fdotr_compute = 1;
  finitecutflag = 1;
}

template <class Laws>
PairStickslip<Laws>::~PairStickslip() {
  if (allocated) {
    memory->destroy(setflag);
    memory->destroy(cutsq);
    delete[] max_radius_;
  }
}

template <class Laws>
void PairStickslip<Laws>::allocate() {
  allocated = 1;
  const int n = atom->ntypes;
  memory->create(setflag, n + 1, n + 1, "pair:setflag");
  memory->create(cutsq, n + 1, n + 1, "pair:cutsq");
  for (int i = 1; i <= n; ++i)
    for (int j = i; j <= n; ++j) setflag[i][j] = 0;
  max_radius_ = new double[n + 1]();
}

template <class Laws>
void PairStickslip<Laws>::settings(int narg, char** arg) {
  args_ = Laws::parse(lmp, narg, arg);
  laws_ = Laws::from(args_);
}

template <class Laws>
void PairStickslip<Laws>::coeff(int narg, char** arg) {
  if (narg != 2) bad_input(lmp, "pair_coeff (" + Laws::style() + ")", "arguments", std::to_string(narg),
                           "2: the type ranges I J (the law is set by pair_style)");
  if (!allocated) allocate();
  int ilo, ihi, jlo, jhi;
  LAMMPS_NS::utils::bounds(__FILE__, __LINE__, arg[0], 1, atom->ntypes, ilo, ihi, error);
  LAMMPS_NS::utils::bounds(__FILE__, __LINE__, arg[1], 1, atom->ntypes, jlo, jhi, error);
  for (int i = ilo; i <= ihi; ++i)
    for (int j = std::max(jlo, i); j <= jhi; ++j) setflag[i][j] = 1;
}

template <class Laws>
void PairStickslip<Laws>::init_style() {
  const std::string cmd = std::string("pair_style ").append(Laws::style());
  if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
    bad_input(lmp, cmd, "atom_style", "without radius, rmass, omega, torque", "sphere");
  if (comm->ghost_velocity == 0) bad_input(lmp, cmd, "comm_modify vel", "no", "yes");
  if (force->newton_pair) bad_input(lmp, cmd, "newton (pair)", "on", "off (each rank keeps its own atoms' springs)");
  neighbor->request(this, instance_me);  // half list, newton off: pairs with ghosts on both ranks

  // The contact history: a fix of its own, created once (after a read_restart it picks up the stored springs).
  const std::string id = FixStickslipHistory::default_id;
  if (modify->find_fix(id) < 0) modify->add_fix(id + " all " + FixStickslipHistory::style_name);
  history_ = dynamic_cast<FixStickslipHistory*>(modify->fix[modify->find_fix(id)]);
  if (!history_) bad_input(lmp, cmd, "fix " + id, "of another style", FixStickslipHistory::style_name);

  const int ifreeze = modify->find_fix_by_style("^freeze");
  freeze_group_bit_ = ifreeze >= 0 ? modify->fix[ifreeze]->groupbit : 0;

  // Largest radius per type: the atoms present and those fix pour / fix deposit will insert.
  const int ntypes = atom->ntypes;
  std::vector<double> local(static_cast<std::size_t>(ntypes) + 1, 0.0);
  for (int f = 0; f < modify->nfix; ++f)
    if (std::strcmp(modify->fix[f]->style, "pour") == 0 || std::strcmp(modify->fix[f]->style, "deposit") == 0)
      for (int t = 1; t <= ntypes; ++t) {
        int itype = t;
        if (const auto* r = static_cast<const double*>(modify->fix[f]->extract("radius", itype)))
          local[t] = std::max(local[t], *r);
      }
  for (int i = 0; i < atom->nlocal; ++i) local[atom->type[i]] = std::max(local[atom->type[i]], atom->radius[i]);
  MPI_Allreduce(local.data() + 1, max_radius_ + 1, ntypes, MPI_DOUBLE, MPI_MAX, world);
}

template <class Laws>
double PairStickslip<Laws>::init_one(int i, int j) {
  return max_radius_[i] + max_radius_[j];
}

template <class Laws>
void PairStickslip<Laws>::write_restart(FILE* fp) {
  std::fwrite(args_.values.data(), sizeof(double), args_.values.size(), fp);  // the style's arguments, in order
  for (int i = 1; i <= atom->ntypes; ++i)
    for (int j = i; j <= atom->ntypes; ++j) std::fwrite(&setflag[i][j], sizeof(int), 1, fp);
}

template <class Laws>
void PairStickslip<Laws>::read_restart(FILE* fp) {
  allocate();
  const int me = comm->me;
  bool ok = true;
  args_.values.assign(Laws::arguments().size(), 0.0);
  if (me == 0) ok = std::fread(args_.values.data(), sizeof(double), args_.values.size(), fp) == args_.values.size();
  for (int i = 1; i <= atom->ntypes; ++i)
    for (int j = i; j <= atom->ntypes; ++j)
      if (me == 0) ok = ok && std::fread(&setflag[i][j], sizeof(int), 1, fp) == 1;
  int good = ok ? 1 : 0;
  MPI_Bcast(&good, 1, MPI_INT, 0, world);
  if (!good) run_failure(lmp, Laws::style() + ": the restart file ends inside the pair settings");
  MPI_Bcast(args_.values.data(), static_cast<int>(args_.values.size()), MPI_DOUBLE, 0, world);
  for (int i = 1; i <= atom->ntypes; ++i) MPI_Bcast(setflag[i] + i, atom->ntypes - i + 1, MPI_INT, 0, world);
  laws_ = Laws::from(args_);
}

template <class Laws>
void PairStickslip<Laws>::compute(int eflag, int vflag) {
  ev_init(eflag, vflag);
  const double dt = update->setupflag ? 0.0 : update->dt;  // set-up: evaluate, do not advance the springs
  if (ledger_on_) evaluate<true>(dt);
  else evaluate<false>(dt);
}

template <class Laws>
template <bool Ledger>
void PairStickslip<Laws>::evaluate(double dt) {
  double** x = atom->x;
  double** v = atom->v;
  double** omega = atom->omega;
  double** f = atom->f;
  double** torque = atom->torque;
  const double* radius = atom->radius;
  const double* rmass = atom->rmass;
  const int* mask = atom->mask;
  const int nlocal = atom->nlocal;
  // After a list build the springs move from the per-atom records to slots beside the list (history_fix.hpp).
  if (neighbor->ago == 0 && !history_->dirty()) history_->build_slots(list, nlocal);
  else if (neighbor->ago == 0 && history_built_ != neighbor->lastcall)
    run_failure(lmp, Laws::style() + ": the neighbor list was rebuilt without fix stickslip/history's "
                     "pre_exchange (the springs of the old list are lost)");
  history_built_ = neighbor->lastcall;
  history_->mark_dirty();
  auto vec = [](const double* p) { return Vec3(p[0], p[1], p[2]); };
  // 1/m per atom (0 when frozen), once per step for owned and ghost atoms: a division per atom instead of two per
  // contact (the divider, shared by every division and square root, is what limits this loop on a dense packing)
  const int nall = nlocal + atom->nghost;
  if (inv_mass_.size() < static_cast<std::size_t>(nall)) inv_mass_.resize(static_cast<std::size_t>(nall));
  double* inv_mass = inv_mass_.data();
  for (int k = 0; k < nall; ++k) inv_mass[k] = (mask[k] & freeze_group_bit_) ? 0.0 : 1.0 / rmass[k];

  ContactSums own, shared;  // pairs of two local atoms; pairs with a ghost (evaluated on both ranks: half each)
  // Passes over batches of touching contacts: the distance test for a batch, then the kinematics, the turns of the
  // springs, the laws, and the springs and forces written back, each a loop of its own, in the same order (the same arithmetic, bit for bit, as one pass). Each
  // pass is a short loop whose iterations are independent, so the processor overlaps the square roots and
  // divisions of several contacts (one long per-contact loop serialises their latencies: that, with the C-SDS's
  // second test force and its two square roots while sliding, was the C-SDS style's extra cost on dense packings).
  std::array<Touch, kBatch>& batch = *batch_;
  int nb = 0;
  auto laws_and_forces = [&] {
    for (int b = 0; b < nb; ++b) {  // kinematics
      Touch& t = batch[static_cast<std::size_t>(b)];
      const int i = t.i, j = t.j;
      const double inv_sum = inv_mass[i] + inv_mass[j];
      t.c = pair_kinematics(t.d, t.r, vec(v[i]), vec(v[j]), vec(omega[i]), vec(omega[j]), radius[i], radius[j],
                            inv_sum > 0 ? 1.0 / inv_sum : 0.0);
      t.xi = vec(history_->slot_spring(t.slot));
    }
    for (int b = 0; b < nb; ++b) {  // the springs turned (keep_length: a division and a square root each)
      Touch& t = batch[static_cast<std::size_t>(b)];
      turn_spring<Laws::turn>(t.xi, t.c.n);
    }
    for (int b = 0; b < nb; ++b) {  // the laws
      Touch& t = batch[static_cast<std::size_t>(b)];
      double fn;
      const Vec3 ft =
          contact_laws<Ledger>(laws_.normal, laws_.tangential, t.c, t.xi, dt, t.j < nlocal ? own : shared, fn);
      t.force = ft - fn * t.c.n;
      t.arm = t.c.n.cross(ft);
    }
    for (int b = 0; b < nb; ++b) {  // springs and forces back to LAMMPS' arrays, in contact order
      const Touch& t = batch[static_cast<std::size_t>(b)];
      const int i = t.i, j = t.j;
      double* spring = history_->slot_spring(t.slot);
      spring[0] = t.xi[0], spring[1] = t.xi[1], spring[2] = t.xi[2];
      history_->slot_touched(t.slot) = 1;
      const Vec3& force = t.force;
      const Vec3& arm = t.arm;
      const double ri = radius[i], rj = radius[j];
      for (int k = 0; k < 3; ++k) {
        f[i][k] += force[k];
        torque[i][k] += ri * arm[k];
      }
      if (j < nlocal)
        for (int k = 0; k < 3; ++k) {
          f[j][k] -= force[k];
          torque[j][k] += rj * arm[k];
        }
      if (evflag) ev_tally_xyz(i, j, nlocal, 0, 0.0, 0.0, force[0], force[1], force[2], -t.d[0], -t.d[1], -t.d[2]);
    }
    nb = 0;
  };
  const int inum = list->inum;
  std::size_t slot = 0;
  for (int ii = 0; ii < inum; ++ii) {
    const int i = list->ilist[ii];
    const Vec3 xi_pos = vec(x[i]);
    const double ri = radius[i];
    const int* jlist = list->firstneigh[i];
    const int jnum = list->numneigh[i];
    for (int jj = 0; jj < jnum; ++jj, ++slot) {
      const int j = jlist[jj] & NEIGHMASK;
      const Vec3 d = vec(x[j]) - xi_pos;
      const double rj = radius[j], rsum = ri + rj, r2 = d.squaredNorm();
      if (r2 >= rsum * rsum) {  // open: the spring is gone
        char& touched = history_->slot_touched(slot);
        if (touched) {
          double* spring = history_->slot_spring(slot);
          spring[0] = spring[1] = spring[2] = 0.0, touched = 0;
        }
        continue;
      }
      Touch& t = batch[static_cast<std::size_t>(nb++)];
      t.r = std::sqrt(r2);
      t.d = d;
      t.slot = slot;
      t.i = i;
      t.j = j;
      if (nb == kBatch) laws_and_forces();
    }
  }
  laws_and_forces();
  // The first non-finite force or torque stops the run (exit 3) instead of printing nan in thermo: two atoms at one
  // place (no contact normal), or forces past a double from an overlap the arguments' range could not foresee.
  for (int i = 0; i < nlocal; ++i)
    if (!std::isfinite(f[i][0] + f[i][1] + f[i][2] + torque[i][0] + torque[i][1] + torque[i][2]))
      run_failure(lmp, Laws::style() + ": non-finite contact force or torque on atom " +
                           std::to_string(atom->tag[i]) + " at step " + std::to_string(update->ntimestep) +
                           " (two atoms at one place, or an overlap whose force exceeds a double)");
  if constexpr (Ledger) {
    ContactSums s = own;
    s.add(shared, 0.5);
    PairLedger& l = ledger_;
    if (!l.started) {
      l.started = true;
      l.elastic_normal0 = s.elastic_normal;
      l.elastic_tangential0 = s.elastic_tangential;
    } else if (dt > 0) {
      l.work_normal += 0.5 * dt * (l.last_power_normal + s.power_normal);
      l.work_tangential += 0.5 * dt * (l.last_power_tangential + s.power_tangential);
      l.created += s.created;
      l.jump += s.jump;
    }
    l.last_power_normal = s.power_normal;
    l.last_power_tangential = s.power_tangential;
    l.elastic_normal = s.elastic_normal;
    l.elastic_tangential = s.elastic_tangential;
  }
}

void register_pair_styles(LAMMPS_NS::LAMMPS* lmp) {
  auto& pairs = *lmp->force->pair_map;
  for_each_pair_style([&](auto style) {
    using S = decltype(style);
    pairs[S::style()] = &PairStickslip<S>::create;
  });
}

std::vector<std::string> pair_style_names() {
  std::vector<std::string> n;
  for_each_pair_style([&](auto style) { n.push_back(decltype(style)::style()); });
  return n;
}

}  // namespace stickslip::lammps
