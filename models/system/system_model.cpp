// models/system/system_model.cpp — see system_model.hpp.
#include "models/system/system_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

#include "core/errors.hpp"

namespace stickslip {

namespace {
constexpr std::size_t npos = static_cast<std::size_t>(-1);
bool sliding(int mode) { return mode == slide_pos || mode == slide_neg; }
}  // namespace

struct SystemModel::Eval {
  Vec q, v, f, F, a, fn;
  std::vector<Slip1> c;
};

SystemModel::SystemModel(SystemMechanics mechanics, std::vector<SystemContactLaw> laws, Transitions transitions,
                         bool ledger)
    : mech_(std::move(mechanics)), laws_(std::move(laws)), transitions_(transitions) {
  const std::size_t m = mech_.contacts();
  if (laws_.size() != m) throw std::logic_error("SystemModel: one law per contact");
  std::vector<bool> has_state(m), force_state(m);
  bool any_dae = false, any_rule = false;
  for (std::size_t c = 0; c < m; ++c) {
    const AnyFormedLaw& l = *laws_[c].law;
    if (l.form() == ContactForm::filippov) throw std::logic_error("SystemModel: a Filippov form belongs to SystemFilippov");
    has_state[c] = l.state_size() > 0;
    force_state[c] = l.state_is_force();
    if (l.num_events() > 0) event_contacts_.push_back(c);
    any_dae = any_dae || l.model_form() == ModelForm::dae;
    any_rule = any_rule || l.model_form() == ModelForm::step_rule;
    const AdjustPolicy p = l.adjustment_policy();
    if (p != AdjustPolicy::none) {
      if (policy_ != AdjustPolicy::none && policy_ != p)
        throw_input("contact." + mech_.spec().contacts[c].name + ".law", laws_[c].name,
                    "its reset comes after every stage, another contact's after every step: no driver runs both; "
                    "pick the same D-SDS variant for every contact");
      policy_ = p;
    }
  }
  if (any_dae && any_rule)
    throw_input("law", "a DAE and a time-stepping rule",
                "one contact's law is a DAE (IDA only), another's a rule between fixed steps: no driver runs both");
  form_ = any_dae ? ModelForm::dae : any_rule ? ModelForm::step_rule : ModelForm::ode;
  layout_ = SystemLayout(mech_.spec(), has_state, force_state, ledger);
  band_ = compute_band();
}

Vec system_initial_state(const SystemMechanics& mech, const SystemLayout& layout, const std::vector<SystemContactLaw>& laws) {
  Vec x = Vec::Zero(static_cast<Eigen::Index>(layout.size()));
  const SystemSpec& s = mech.spec();
  for (std::size_t k = 0; k < s.size(); ++k) {
    x[layout.q(k)] = s.q0[static_cast<Eigen::Index>(k)];
    x[layout.v(k)] = s.v0[static_cast<Eigen::Index>(k)];
  }
  for (std::size_t c = 0; c < s.contacts.size(); ++c)
    if (layout.z(c) >= 0 && !laws[c].law->state_is_force()) x[layout.z(c)] = s.contacts[c].z0;
  return x;
}

Energy system_energy(const SystemMechanics& mech, const SystemLayout& layout, const std::vector<SystemContactLaw>& laws,
                     double t, VecCRef x) {
  const auto n = static_cast<Eigen::Index>(mech.dofs());
  Vec q(n), v(n);
  layout.gather(x, q, v);
  Energy e;
  e.kinetic = mech.kinetic(v);
  e.external = mech.elastic(t, q);
  for (std::size_t c = 0; c < laws.size(); ++c)
    if (layout.z(c) >= 0) e.potential += laws[c].law->spring_energy(x[layout.z(c)]);
  if (layout.ledger()) {
    const Eigen::Index l = layout.ledger_row();
    e.work = x[l + 2];
    e.noise_work = x[l] + x[l + 1] - x[l + 3];
  }
  return e;
}

Vec SystemModel::initial_state() const { return system_initial_state(mech_, layout_, laws_); }

void SystemModel::evaluate(double t, VecCRef x, const Mode& mode, Eval& e, bool rates) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  const std::size_t m = mech_.contacts();
  e.q.resize(n), e.v.resize(n), e.f.resize(n), e.F.resize(static_cast<Eigen::Index>(m));
  e.fn.resize(static_cast<Eigen::Index>(m));
  e.c.resize(m);
  layout_.gather(x, e.q, e.v);
  mech_.applied(t, e.q, e.v, e.f);
  for (std::size_t i = 0; i < m; ++i) {
    const auto ii = static_cast<Eigen::Index>(i);
    e.fn[ii] = mech_.normal_force(i, e.q, e.v);
    e.c[i] = Slip1{VecD<1>(mech_.slip(t, i, e.v)), mech_.effective_mass(i), 0.0, 0.0};
    e.F[ii] = laws_[i].law->force(e.c[i], e.fn[ii], z(x, i), md(mode, i));
  }
  if (!rates) return;
  Vec total = e.f;
  mech_.add_contact_forces(e.F, total);
  e.a.resize(n);
  mech_.solve_mass(total, e.a);
  for (std::size_t i = 0; i < m; ++i) {
    const double m_star = mech_.effective_mass(i);
    const double a_free = mech_.row_dot(i, e.a) - e.F[static_cast<Eigen::Index>(i)] / m_star - mech_.surface_acceleration(t, i);
    e.c[i].a_free = a_free;
    e.c[i].f_stick = -m_star * a_free;
  }
}

std::vector<std::pair<std::size_t, std::size_t>> SystemModel::pivots(const Mode& mode) const {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::set<std::size_t> taken;
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (!laws_[c].law->holds_slip(md(mode, c))) continue;
    std::size_t best = npos;
    double size = 0;
    for (const SparseTerm& w : mech_.row(c))
      if (!taken.count(w.dof) && std::abs(w.coeff) > size) best = w.dof, size = std::abs(w.coeff);
    if (best == npos) continue;  // its row's bodies are all held by others: the acceleration constraint alone
    taken.insert(best);
    out.emplace_back(c, best);
  }
  return out;
}

void SystemModel::rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const {
  Eval e;
  evaluate(t, x, mode, e, true);
  std::vector<std::size_t> held;
  for (std::size_t c = 0; c < laws_.size(); ++c)
    if (laws_[c].law->holds_slip(md(mode, c))) held.push_back(c);
  if (!held.empty()) {  // a held slip's acceleration is the surface's
    Vec targets(static_cast<Eigen::Index>(held.size()));
    for (std::size_t k = 0; k < held.size(); ++k) targets[static_cast<Eigen::Index>(k)] = mech_.surface_acceleration(t, held[k]);
    mech_.hold(held, targets, e.a);
  }
  for (std::size_t k = 0; k < mech_.dofs(); ++k) {
    xdot[layout_.q(k)] = e.v[static_cast<Eigen::Index>(k)];
    xdot[layout_.v(k)] = e.a[static_cast<Eigen::Index>(k)];
  }
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (layout_.z(c) < 0) continue;
    double f = 0, zdot = 0;
    bool h = false;
    laws_[c].law->terms(e.c[c], e.fn[static_cast<Eigen::Index>(c)], z(x, c), md(mode, c), f, zdot, h);
    xdot[layout_.z(c)] = zdot;
  }
  if (layout_.ledger()) {
    const SystemMechanics::Powers p = mech_.powers(t, e.q, e.v, e.F);
    const Eigen::Index l = layout_.ledger_row();
    xdot[l] = p.applied, xdot[l + 1] = p.surfaces, xdot[l + 2] = p.friction, xdot[l + 3] = p.dashpots;
  }
  if (form_ == ModelForm::dae) algebraic_rates(t, x, mode, xdot);
}

void SystemModel::algebraic_rates(double t, VecCRef x, const Mode& mode, VecRef xdot) const {
  // IDACalcIC (IDA_YA_YDP_INIT) leaves the algebraic rows' derivatives as guessed; the laws' guess is 0, and a stuck
  // contact's force that a drive loads (Burridge-Knopoff's plate) then failed IDA's first error test at t0 for any h.
  std::vector<Eigen::Index> rows;
  for (std::size_t c = 0; c < laws_.size(); ++c)
    if (layout_.z(c) >= 0 && laws_[c].law->algebraic(md(mode, c))) rows.push_back(layout_.z(c));
  if (rows.empty()) return;
  const double h = std::sqrt(std::numeric_limits<double>::epsilon()) * std::max(1.0, std::abs(t));
  Vec x0 = x;
  project(t, x0, mode);
  Vec x1 = x0 + h * xdot;
  project(t + h, x1, mode);
  for (Eigen::Index r : rows) xdot[r] = (x1[r] - x0[r]) / h;
}

void SystemModel::residual(double t, VecCRef x, VecCRef xdot, const Mode& mode, VecRef r) const {
  if (form_ != ModelForm::dae) {
    Model::residual(t, x, xdot, mode, r);
    return;
  }
  Eval e;
  evaluate(t, x, mode, e, true);
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  Vec qdot(n), vdot(n);
  layout_.gather(xdot, qdot, vdot);
  Vec total = e.f;
  mech_.add_contact_forces(e.F, total);
  const Vec mv = mech_.mass() * vdot - total;  // the velocity rows in mass form
  for (std::size_t k = 0; k < mech_.dofs(); ++k) {
    const auto kk = static_cast<Eigen::Index>(k);
    r[layout_.q(k)] = qdot[kk] - e.v[kk];
    r[layout_.v(k)] = mv[kk];
  }
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (layout_.z(c) < 0) continue;
    r[layout_.z(c)] = laws_[c].law->residual(e.c[c], e.fn[static_cast<Eigen::Index>(c)], z(x, c), xdot[layout_.z(c)], md(mode, c));
  }
  for (const auto& [c, dof] : pivots(mode)) r[layout_.v(dof)] = e.c[c].v();
  if (layout_.ledger()) {
    const SystemMechanics::Powers p = mech_.powers(t, e.q, e.v, e.F);
    const Eigen::Index l = layout_.ledger_row();
    r[l] = xdot[l] - p.applied, r[l + 1] = xdot[l + 1] - p.surfaces;
    r[l + 2] = xdot[l + 2] - p.friction, r[l + 3] = xdot[l + 3] - p.dashpots;
  }
}

void SystemModel::differential_mask(const Mode& mode, VecRef id) const {
  id.setOnes();
  if (form_ != ModelForm::dae) return;
  for (std::size_t c = 0; c < laws_.size(); ++c)
    if (layout_.z(c) >= 0 && laws_[c].law->algebraic(md(mode, c))) id[layout_.z(c)] = 0;
  for (const auto& [c, dof] : pivots(mode)) id[layout_.v(dof)] = 0;
}

void SystemModel::events(double t, VecCRef x, const Mode& mode, VecRef g) const {
  Eval e;
  evaluate(t, x, mode, e, true);
  for (std::size_t k = 0; k < event_contacts_.size(); ++k) {
    const std::size_t c = event_contacts_[k];
    double gg[2];
    laws_[c].law->events(e.c[c], e.fn[static_cast<Eigen::Index>(c)], z(x, c), md(mode, c), gg);
    g[static_cast<Eigen::Index>(2 * k)] = gg[0];
    g[static_cast<Eigen::Index>(2 * k + 1)] = gg[1];
  }
}

Mode SystemModel::decide(double t, VecCRef x, const Mode& mode, std::size_t trigger, int trigger_which) const {
  Eval e;
  evaluate(t, x, mode, e, true);
  Mode next = mode;
  std::vector<std::size_t> cand;
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (!set_valued_dae(c)) continue;
    const int m = md(mode, c);
    const double s = e.c[c].v();
    if (m == stick_mode || c == trigger || (sliding(m) && slide_sign(m) * s <= 0)) cand.push_back(c);
  }
  if (cand.empty()) return next;
  if (transitions_ == Transitions::per_contact) {
    // Each contact alone, the others' forces as they are (the rule of a one-contact model).
    for (std::size_t c : cand) {
      const AnyFormedLaw& l = *laws_[c].law;
      const double fn = e.fn[static_cast<Eigen::Index>(c)];
      double zz = z(x, c);
      if (c == trigger && md(mode, c) == stick_mode) next[c] = l.on_event(e.c[c], fn, zz, stick_mode, trigger_which);
      else if (md(mode, c) != stick_mode) {
        Slip1 at_zero = e.c[c];
        at_zero.vt[0] = 0;
        next[c] = l.initial_mode(at_zero, fn, zz);
      }
    }
    return next;
  }
  // The others' forces: a sliding set-valued contact's is -s phi(|s|) in its mode (its state may not be projected yet).
  Vec F = e.F;
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (!set_valued_dae(c) || !sliding(md(mode, c))) continue;
    const double fn = e.fn[static_cast<Eigen::Index>(c)];
    F[static_cast<Eigen::Index>(c)] = -slide_sign(md(mode, c)) * sliding_mode_force(*laws_[c].law, std::abs(e.c[c].v()), fn);
  }
  const auto nc = static_cast<Eigen::Index>(cand.size());
  Vec lo(nc), hi(nc);
  std::vector<BoxSide> start(cand.size(), BoxSide::free);
  double scale = 0;
  for (Eigen::Index k = 0; k < nc; ++k) {
    const std::size_t c = cand[static_cast<std::size_t>(k)];
    const double fs = laws_[c].law->static_threshold(e.fn[static_cast<Eigen::Index>(c)]);
    lo[k] = -fs, hi[k] = fs;
    scale = std::max(scale, fs / mech_.effective_mass(c));
    const int m = md(mode, c);
    if (c == trigger && m == stick_mode) start[static_cast<std::size_t>(k)] = trigger_which == 0 ? BoxSide::upper : BoxSide::lower;
    else if (m == slide_pos && c != trigger) start[static_cast<std::size_t>(k)] = BoxSide::lower;
    else if (m == slide_neg && c != trigger) start[static_cast<std::size_t>(k)] = BoxSide::upper;
  }
  const ContactLcpResult res = mech_.decide(t, e.q, e.v, F, cand, lo, hi, start);
  scale = std::max(scale, res.w.cwiseAbs().maxCoeff());
  const double tie_w = 1e-9 * scale;
  for (Eigen::Index k = 0; k < nc; ++k) {
    const std::size_t c = cand[static_cast<std::size_t>(k)];
    const double fs = hi[k], zk = res.z[k], wk = res.w[k];
    const bool switching = c == trigger && md(mode, c) == stick_mode;  // a stuck contact's force reached F_s
    if (!(fs > 0)) {  // no static friction: it slides the way it is pushed
      next[c] = wk < 0 ? slide_neg : slide_pos;
      continue;
    }
    if (res.side[static_cast<std::size_t>(k)] == BoxSide::free) {
      // On the bound to rounding, both sticking and sliding hold: the switch being handled goes ahead, a contact
      // sliding that way slides on (a slip that has just begun, re-decided at the same instant), any other sticks.
      const int slide = zk > 0 ? slide_neg : slide_pos;
      if (std::abs(zk) >= fs * (1 - 1e-9) && (switching || md(mode, c) == slide)) next[c] = slide;
      else next[c] = stick_mode;
      continue;
    }
    // On a bound with the slip acceleration at rounding level both sticking and sliding hold: the switch being
    // handled goes ahead, a contact already sliding that way slides on (it has just left stick: its slip velocity is
    // zero to rounding), any other sticks.
    const int slide = res.side[static_cast<std::size_t>(k)] == BoxSide::lower ? slide_pos : slide_neg;
    if (std::abs(wk) <= tie_w && !switching) next[c] = md(mode, c) == slide ? slide : stick_mode;
    else next[c] = slide;
  }
  return next;
}

Mode SystemModel::initial_mode(double t, VecCRef x) const {
  Mode mode(laws_.size(), free_mode);
  Eval e;
  evaluate(t, x, mode, e, true);
  bool at_rest = false;
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    const AnyFormedLaw& l = *laws_[c].law;
    if (set_valued_dae(c)) {
      const double s = e.c[c].v();
      mode[c] = s > 0 ? slide_pos : s < 0 ? slide_neg : stick_mode;
      at_rest = at_rest || s == 0;
    } else {
      mode[c] = l.initial_mode(e.c[c], e.fn[static_cast<Eigen::Index>(c)], z(x, c));
    }
  }
  if (!at_rest) return mode;
  if (transitions_ == Transitions::per_contact) {
    for (std::size_t c = 0; c < laws_.size(); ++c)
      if (set_valued_dae(c) && mode[c] == stick_mode)
        mode[c] = laws_[c].law->initial_mode(e.c[c], e.fn[static_cast<Eigen::Index>(c)], z(x, c));
    return mode;
  }
  return decide(t, x, mode, npos, 0);
}

EventOutcome SystemModel::on_event(double t, VecRef x, Mode& mode, std::size_t which) const {
  const std::size_t c = event_contact(which);
  const int k = static_cast<int>(which % 2);
  if (set_valued_dae(c)) {
    if (k == 1 && md(mode, c) != stick_mode) return {false, false};  // a sliding contact's second function is idle
    const Mode next = decide(t, x, mode, c, k);
    if (next == mode) return {false, false};
    mode = next;
    return {true, false};
  }
  Eval e;
  evaluate(t, x, mode, e, true);
  double zz = z(x, c);
  const int next = laws_[c].law->on_event(e.c[c], e.fn[static_cast<Eigen::Index>(c)], zz, md(mode, c), k);
  if (next == md(mode, c) && k != 0) return {false, false};
  if (layout_.z(c) >= 0) x[layout_.z(c)] = zz;
  mode[c] = next;
  return {true, false};
}

void SystemModel::project(double t, VecRef x, const Mode& mode) const {
  // Stuck contacts held: their slip velocities to the surfaces', jointly.
  std::vector<std::size_t> held;
  for (std::size_t c = 0; c < laws_.size(); ++c)
    if (laws_[c].law->holds_slip(md(mode, c))) held.push_back(c);
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  if (!held.empty()) {
    Vec q(n), v(n), targets(static_cast<Eigen::Index>(held.size()));
    layout_.gather(x, q, v);
    for (std::size_t k = 0; k < held.size(); ++k) targets[static_cast<Eigen::Index>(k)] = mech_.surface_velocity(t, held[k]);
    mech_.hold(held, targets, v);
    layout_.scatter_v(v, x);
  }
  // Every law's own projection (springs on their constraints, a sliding force on -s phi), the stuck set-valued
  // contacts last: their forces depend on all others.
  Eval e;
  evaluate(t, x, mode, e, true);
  std::vector<std::size_t> stuck;
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    if (layout_.z(c) < 0) continue;
    const int m = md(mode, c);
    if (set_valued_dae(c) && m == stick_mode) {
      stuck.push_back(c);
      continue;
    }
    double zz = x[layout_.z(c)];
    laws_[c].law->project(e.c[c], e.fn[static_cast<Eigen::Index>(c)], zz, m);
    x[layout_.z(c)] = zz;
  }
  if (stuck.empty()) return;
  evaluate(t, x, mode, e, true);
  if (stuck.size() == 1) {  // f_stick of the one stuck contact, the others as they are
    const std::size_t c = stuck[0];
    double zz = x[layout_.z(c)];
    laws_[c].law->project(e.c[c], e.fn[static_cast<Eigen::Index>(c)], zz, stick_mode);
    x[layout_.z(c)] = zz;
    return;
  }
  const double inf = std::numeric_limits<double>::infinity();
  const auto ns = static_cast<Eigen::Index>(stuck.size());
  const ContactLcpResult res = mech_.decide(t, e.q, e.v, e.F, stuck, Vec::Constant(ns, -inf), Vec::Constant(ns, inf));
  for (Eigen::Index k = 0; k < ns; ++k) x[layout_.z(stuck[static_cast<std::size_t>(k)])] = res.z[k];
}

Energy SystemModel::energy(double t, VecCRef x, const Mode&) const { return system_energy(mech_, layout_, laws_, t, x); }

void SystemModel::adjust(double t, VecCRef x_eval, VecRef x_assigned, const Mode& mode) const {
  if (policy_ == AdjustPolicy::none) return;
  Eval ev, ea;
  evaluate(t, x_eval, mode, ev, false);
  evaluate(t, x_assigned, mode, ea, false);
  for (std::size_t c = 0; c < laws_.size(); ++c) {
    const AnyFormedLaw& l = *laws_[c].law;
    if (l.adjustment_policy() == AdjustPolicy::none || layout_.z(c) < 0) continue;
    double zz = x_assigned[layout_.z(c)];
    l.adjust(ev.c[c], ev.fn[static_cast<Eigen::Index>(c)], ea.c[c], ea.fn[static_cast<Eigen::Index>(c)],
             x_eval[layout_.z(c)], zz, md(mode, c));
    x_assigned[layout_.z(c)] = zz;
  }
}

void SystemModel::contact_forces(double t, VecCRef x, const Mode& mode, VecRef F) const {
  Eval e;
  evaluate(t, x, mode, e, false);
  F = e.F;
}

Vec SystemModel::slips(double t, VecCRef x) const {
  const auto n = static_cast<Eigen::Index>(mech_.dofs());
  Vec q(n), v(n), s(static_cast<Eigen::Index>(mech_.contacts()));
  layout_.gather(x, q, v);
  for (std::size_t i = 0; i < mech_.contacts(); ++i) s[static_cast<Eigen::Index>(i)] = mech_.slip(t, i, v);
  return s;
}

Model::Band SystemModel::compute_band() const {
  if (layout_.ledger() || !mech_.diagonal_mass()) return {};
  const std::size_t n = mech_.dofs();
  const SystemSpec& s = mech_.spec();
  // The columns each state row reads.
  std::vector<std::set<Eigen::Index>> cols(size());
  std::vector<std::vector<std::size_t>> acting(n);  // contacts whose force acts on body k
  for (std::size_t c = 0; c < s.contacts.size(); ++c)
    for (const SparseTerm& w : s.contacts[c].w) acting[w.dof].push_back(c);
  const auto contact_reads = [&](std::size_t c, std::set<Eigen::Index>& out) {
    for (const SparseTerm& w : s.contacts[c].w) out.insert(layout_.v(w.dof));
    for (const SparseTerm& a : s.contacts[c].fn_q) out.insert(layout_.q(a.dof));
    for (const SparseTerm& b : s.contacts[c].fn_v) out.insert(layout_.v(b.dof));
    if (layout_.z(c) >= 0) out.insert(layout_.z(c));
  };
  std::vector<std::set<Eigen::Index>> accel(n);  // what a_k reads
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t j : mech_.coupled(k)) accel[k].insert({layout_.q(j), layout_.v(j)});
    for (std::size_t c : acting[k]) contact_reads(c, accel[k]);
  }
  for (std::size_t k = 0; k < n; ++k) {
    cols[static_cast<std::size_t>(layout_.q(k))].insert(layout_.v(k));
    cols[static_cast<std::size_t>(layout_.v(k))] = accel[k];
  }
  for (std::size_t c = 0; c < s.contacts.size(); ++c) {
    if (layout_.z(c) < 0) continue;
    auto& row = cols[static_cast<std::size_t>(layout_.z(c))];
    contact_reads(c, row);
    const ContactForm f = laws_[c].law->form();
    if (f == ContactForm::dae || f == ContactForm::hybrid)  // a_free reads what the accelerations of its bodies read
      for (const SparseTerm& w : s.contacts[c].w) row.insert(accel[w.dof].begin(), accel[w.dof].end());
  }
  Band b{0, 0};
  for (std::size_t r = 0; r < cols.size(); ++r)
    for (Eigen::Index col : cols[r]) {
      const long d = static_cast<long>(col) - static_cast<long>(r);
      b.upper = std::max(b.upper, d);
      b.lower = std::max(b.lower, -d);
    }
  return b;
}

}  // namespace stickslip
