// solvers/lammps/pair_stickslip.cpp — pair styles stickslip/csds, stickslip/dsds (see pair_stickslip.hpp).
#include "solvers/lammps/pair_stickslip.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "solvers/lammps/bad_input.hpp"

namespace stickslip::lammps {

namespace {
// The largest stiffness, damping or modulus a style accepts, and the smallest C-SDS dashpot: beyond them the forces
// of an overlap of one diameter, or the C-SDS rate k_t/gamma_t, come within reach of a double's 1.8e308 (the
// arguments 1e308 or gamma_t = 1e-300 printed nan in thermo). Smaller units are the remedy.
constexpr double kMaxCoefficient = 1e100, kMinCsdsDashpot = 1e-100;
const std::string kRange = " (larger values overflow a double in the forces: rescale the units)";
}  // namespace

HookeArguments HookeArguments::parse(LAMMPS_NS::LAMMPS* lmp, const std::string& style, int narg, char** arg,
                                     bool csds) {
  const std::string cmd = "pair_style " + style;
  if (narg != 6)
    bad_input(lmp, cmd, "number of arguments", std::to_string(narg), "6: Kn Kt gamma_n gamma_t xmu dampflag");
  const char* keys[6] = {"Kn", "Kt", "gamma_n", "gamma_t", "xmu", "dampflag"};
  HookeArguments a;
  for (int k = 0; k < 6; ++k)
    if (!((k == 1 || k == 3) && std::strcmp(arg[k], "NULL") == 0)) a.values[k] = parse_number(lmp, cmd, keys[k], arg[k]);
  auto& v = a.values;
  if (!(v[0] > 0 && v[0] <= kMaxCoefficient)) bad_input(lmp, cmd, "Kn", arg[0], "0 < Kn <= 1e100" + kRange);
  if (std::strcmp(arg[1], "NULL") == 0) v[1] = v[0] * 2.0 / 7.0;
  if (!(v[2] >= 0 && v[2] <= kMaxCoefficient)) bad_input(lmp, cmd, "gamma_n", arg[2], "0 <= gamma_n <= 1e100" + kRange);
  if (std::strcmp(arg[3], "NULL") == 0) v[3] = 0.5 * v[2];
  if (!(v[1] > 0 && v[1] <= kMaxCoefficient)) bad_input(lmp, cmd, "Kt", arg[1], "0 < Kt <= 1e100 or NULL (2/7 Kn)" + kRange);
  if (!(v[3] >= 0 && v[3] <= kMaxCoefficient))
    bad_input(lmp, cmd, "gamma_t", arg[3], "0 <= gamma_t <= 1e100 or NULL (gamma_n/2)" + kRange);
  if (v[4] < 0 || v[4] > 1e4) bad_input(lmp, cmd, "xmu", arg[4], "0 .. 1e4");
  if (v[5] != 0 && v[5] != 1) bad_input(lmp, cmd, "dampflag", arg[5], "0 or 1");
  if (v[5] == 0) v[3] = 0;
  if (csds && v[3] <= 0)
    bad_input(lmp, cmd, "gamma_t", std::to_string(v[3]),
              "> 0 with dampflag 1 (the C-SDS slides at rate -(F_max F/|F| + k xi)/gamma, Führer, Brendel & Wolf eq. 10)");
  if (csds && v[3] < kMinCsdsDashpot)
    bad_input(lmp, cmd, "gamma_t", arg[3], ">= 1e-100 (the C-SDS rate k xi/gamma_t overflows a double below)");
  return a;
}

HertzArguments HertzArguments::parse(LAMMPS_NS::LAMMPS* lmp, const std::string& style, int narg, char** arg,
                                     bool csds) {
  const std::string cmd = "pair_style " + style;
  const int expected = csds ? 6 : 4;
  if (narg != expected)
    bad_input(lmp, cmd, "number of arguments", std::to_string(narg), csds ? "6: E nu e xmu Kt gamma_t" : "4: E nu e xmu");
  const char* keys[6] = {"E", "nu", "e", "xmu", "Kt", "gamma_t"};
  HertzArguments a;
  for (int k = 0; k < expected; ++k) a.values[k] = parse_number(lmp, cmd, keys[k], arg[k]);
  const auto& v = a.values;
  if (!(v[0] > 0 && v[0] <= kMaxCoefficient)) bad_input(lmp, cmd, "E", arg[0], "0 < E <= 1e100" + kRange);
  if (v[1] <= -1 || v[1] >= 0.5) bad_input(lmp, cmd, "nu", arg[1], "-1 < nu < 0.5");
  if (v[2] <= 0 || v[2] > 1) bad_input(lmp, cmd, "e", arg[2], "0 < e <= 1");
  if (v[3] < 0 || v[3] > 1e4) bad_input(lmp, cmd, "xmu", arg[3], "0 .. 1e4");
  if (csds && !(v[4] > 0 && v[4] <= kMaxCoefficient)) bad_input(lmp, cmd, "Kt", arg[4], "0 < Kt <= 1e100" + kRange);
  if (csds && !(v[5] >= kMinCsdsDashpot && v[5] <= kMaxCoefficient))
    bad_input(lmp, cmd, "gamma_t", arg[5], "1e-100 <= gamma_t <= 1e100 (Fuehrer, Brendel & Wolf eq. 10 divides by it; beyond, a double overflows)");
  return a;
}

LinearCsds LinearCsds::from(const HookeArguments& a) {
  const auto& v = a.values;
  return {{LinearSpringDashpot{v[0], v[2]}, Csds{v[1], v[3], v[4]}}};
}
LinearDsds LinearDsds::from(const HookeArguments& a) {
  const auto& v = a.values;
  return {{LinearSpringDashpot{v[0], v[2]}, Dsds{v[1], v[3], v[4]}}};
}
LinearDsdsKeepLength LinearDsdsKeepLength::from(const HookeArguments& a) {
  const LinearDsds d = LinearDsds::from(a);
  return {{d.normal, d.tangential}};
}
HertzCsds HertzCsds::from(const HertzArguments& a) {
  const auto& v = a.values;
  return {{HertzDamped::material(v[0], v[1], xi_from_restitution(v[2])), Csds{v[4], v[5], v[3]}}};
}
HertzMindlin HertzMindlin::from(const HertzArguments& a) {
  const auto& v = a.values;
  return {{HertzDamped::material(v[0], v[1], xi_from_restitution(v[2])), Mindlin::material(v[0], v[1], v[3])}};
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
  args_ = Laws::Arguments::parse(lmp, Laws::style, narg, arg, Laws::csds);
  laws_ = Laws::from(args_);
}

template <class Laws>
void PairStickslip<Laws>::coeff(int narg, char** arg) {
  if (narg != 2) bad_input(lmp, std::string("pair_coeff (") + Laws::style + ")", "arguments", std::to_string(narg),
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
  const std::string cmd = std::string("pair_style ") + Laws::style;
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
  std::fwrite(args_.values.data(), sizeof(double), args_.values.size(), fp);
  for (int i = 1; i <= atom->ntypes; ++i)
    for (int j = i; j <= atom->ntypes; ++j) std::fwrite(&setflag[i][j], sizeof(int), 1, fp);
}

template <class Laws>
void PairStickslip<Laws>::read_restart(FILE* fp) {
  allocate();
  const int me = comm->me;
  bool ok = true;
  if (me == 0) ok = std::fread(args_.values.data(), sizeof(double), args_.values.size(), fp) == args_.values.size();
  for (int i = 1; i <= atom->ntypes; ++i)
    for (int j = i; j <= atom->ntypes; ++j)
      if (me == 0) ok = ok && std::fread(&setflag[i][j], sizeof(int), 1, fp) == 1;
  int good = ok ? 1 : 0;
  MPI_Bcast(&good, 1, MPI_INT, 0, world);
  if (!good) run_failure(lmp, std::string(Laws::style) + ": the restart file ends inside the pair settings");
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
    run_failure(lmp, std::string(Laws::style) + ": the neighbor list was rebuilt without fix stickslip/history's "
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
      run_failure(lmp, std::string(Laws::style) + ": non-finite contact force or torque on atom " +
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

template class PairStickslip<LinearCsds>;
template class PairStickslip<LinearDsds>;
template class PairStickslip<LinearDsdsKeepLength>;
template class PairStickslip<HertzCsds>;
template class PairStickslip<HertzMindlin>;

}  // namespace stickslip::lammps
