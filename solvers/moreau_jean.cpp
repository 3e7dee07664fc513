// solvers/moreau_jean.cpp — see moreau_jean.hpp.
#include "solvers/moreau_jean.hpp"

#include <Eigen/SparseCholesky>
#include <cmath>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/work_limits.hpp"

namespace stickslip {

RunStats run_moreau_jean(const SystemModel& model, double t0, double t_end, const MoreauJeanOptions& o,
                         const MoreauJeanObserver& observer) {
  const SystemMechanics& mech = model.mechanics();
  const auto n = static_cast<Eigen::Index>(mech.dofs());
  const std::size_t m = mech.contacts();
  if (!(o.h > 0) || !std::isfinite(o.h)) throw_input("dt", format_value(o.h), "must be a finite number > 0");
  if (!(o.theta >= 0.5 && o.theta <= 1)) throw_input("theta", format_value(o.theta), "must lie in [0.5, 1]");
  const double count = step_count(t_end - t0, o.h);
  if (!(count <= o.max_steps))
    throw SolverError("moreau: " + format_value(count) + " steps exceed the limit of " + format_value(o.max_steps));
  // The set-valued contacts (impulses from the LCP) and the explicit slip forces.
  std::vector<std::size_t> box;
  for (std::size_t c = 0; c < m; ++c) {
    const AnyFormedLaw& l = model.law(c);
    if (l.set_valued()) box.push_back(c);
    else if (l.form() != ContactForm::slip_force)
      throw std::logic_error("run_moreau_jean: contact " + std::to_string(c) + " is neither set-valued nor a slip force");
  }
  const auto nb = static_cast<Eigen::Index>(box.size());
  const SparseMatrix wb = mech.rows(box);
  const SparseMatrix& K = mech.stiffness();
  const SparseMatrix& C = mech.damping();
  const auto mhat_of = [&](double h) -> SparseMatrix {
    SparseMatrix a = mech.mass() + (o.theta * h) * C + (o.theta * o.theta * h * h) * K;
    a.makeCompressed();
    return a;
  };

  RunStats stats;
  Vec q = mech.spec().q0, v = mech.spec().v0;
  Vec F = Vec::Zero(static_cast<Eigen::Index>(m)), g0(n), g1(n), r(n), s(static_cast<Eigen::Index>(m));
  std::vector<int> stuck(m, 0);
  SystemMechanics::Powers work;
  std::vector<BoxSide> partition(box.size(), BoxSide::free);
  double t = t0;
  // The start's sample waits for the first step's impulses, which decide its flags as the other drivers' initial
  // mode does: a set-valued contact at zero slip velocity that the first step holds starts stuck; one it releases
  // (loaded beyond its threshold), or one already slipping, starts sliding. So the first step records a transition
  // only where the contact really changes.
  const auto observe_start = [&](const Vec& slip0, bool first_step) {
    if (!observer) return;
    std::vector<int> stuck0(m, 0);
    for (std::size_t c : box)
      stuck0[c] = slip0[static_cast<Eigen::Index>(c)] == 0 && (!first_step || stuck[c]) ? 1 : 0;
    observer({t0, q, v, Vec::Zero(static_cast<Eigen::Index>(m)), stuck0, SystemMechanics::Powers{}});
  };
  const long steps = static_cast<long>(count);
  if (steps == 0) {  // no step to decide: a contact at zero slip is read as held
    for (std::size_t c = 0; c < m; ++c) s[static_cast<Eigen::Index>(c)] = mech.slip(t, c, v);
    observe_start(s, false);
  }
  double h_of_mhat = o.h;
  SparseMatrix mhat = mhat_of(o.h);
  for (long k = 0; k < steps; ++k) {
    check_interrupt();
    const double t1 = k + 1 == steps ? t_end : t0 + static_cast<double>(k + 1) * o.h;
    const double h = t1 - t;
    if (h != h_of_mhat) mhat = mhat_of(h), h_of_mhat = h;
    for (std::size_t c = 0; c < m; ++c) s[static_cast<Eigen::Index>(c)] = mech.slip(t, c, v);
    mech.applied_rest(t, q, v, g0);
    mech.applied_rest(t1, q, v, g1);
    r = h * (-(K * q) - (o.theta * h) * (K * v) - C * v + (1 - o.theta) * g0 + o.theta * g1);
    // Explicit slip forces, at the step's start.
    for (std::size_t c = 0; c < m; ++c) {
      const AnyFormedLaw& l = model.law(c);
      if (l.set_valued()) continue;
      const Slip1 sc{VecD<1>(s[static_cast<Eigen::Index>(c)]), mech.effective_mass(c), 0.0, 0.0};
      const double fc = l.force(sc, mech.normal_force(c, q, v), 0.0, free_mode);
      F[static_cast<Eigen::Index>(c)] = fc;
      for (const SparseTerm& w : mech.row(c)) r[static_cast<Eigen::Index>(w.dof)] += h * w.coeff * fc;
    }
    Vec dv = Vec::Zero(n);
    if (nb > 0) {
      Vec lo(nb), hi(nb), target(nb);
      for (Eigen::Index b = 0; b < nb; ++b) {
        const std::size_t c = box[static_cast<std::size_t>(b)];
        const double bound = h * model.law(c).sliding_force(std::abs(s[static_cast<Eigen::Index>(c)]), mech.normal_force(c, q, v));
        lo[b] = -bound, hi[b] = bound;
        target[b] = mech.surface_velocity(t1, c) - mech.row_dot(c, v);
      }
      const ContactLcpResult res = solve_contact_lcp(mhat, r, wb, target, lo, hi, partition);
      stats.nonlinear_iters += res.pivots;
      partition = res.side;
      dv = res.y;
      for (Eigen::Index b = 0; b < nb; ++b) {
        const std::size_t c = box[static_cast<std::size_t>(b)];
        F[static_cast<Eigen::Index>(c)] = res.z[b] / h;
        stuck[c] = res.side[static_cast<std::size_t>(b)] == BoxSide::free && hi[b] > 0 ? 1 : 0;
      }
    } else {
      Eigen::SimplicialLDLT<SparseMatrix> ldlt(mhat);
      dv = ldlt.solve(r);
    }
    if (k == 0) observe_start(s, true);  // s: the slip velocities at t0
    const Vec v1 = v + dv;
    const Vec v_theta = (1 - o.theta) * v + o.theta * v1;
    const Vec q1 = q + h * v_theta;
    // The ledger: powers at the step's theta point, times h.
    {
      const Vec q_theta = (1 - o.theta) * q + o.theta * q1;
      const SystemMechanics::Powers p = mech.powers(t + o.theta * h, q_theta, v_theta, F);
      work.applied += h * p.applied, work.surfaces += h * p.surfaces;
      work.friction += h * p.friction, work.dashpots += h * p.dashpots;
    }
    q = q1, v = v1, t = t1;
    ++stats.steps;
    stats.rhs_evals += 2;
    if (!q.allFinite() || !v.allFinite())
      throw SolverError("moreau: the state is not finite at t=" + format_value(t) + " (a step too large for the springs?)");
    if (observer) observer({t, q, v, F, stuck, work});
  }
  return stats;
}

}  // namespace stickslip
