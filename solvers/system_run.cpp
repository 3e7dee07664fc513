// solvers/system_run.cpp — see system_run.hpp.
#include "solvers/system_run.hpp"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/parameters.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "solvers/moreau_jean.hpp"

namespace stickslip {

const std::vector<std::string>& system_schemes() {
  static const std::vector<std::string> s{"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida", "bdf", "moreau"};
  return s;
}

namespace {

struct Plan {
  IntegratorSpec spec;
  SystemAssemblyOptions assembly;
  SolverOptions so;
  bool moreau = false;
  std::string driver;
};

Plan plan_of(const SystemSpec& spec, const SystemRunSettings& st) {
  Plan p;
  const std::string& key = st.solver_key;
  p.spec = parse_integrator(key, st.solver);
  const auto& schemes = system_schemes();
  if (std::find(schemes.begin(), schemes.end(), p.spec.name()) == schemes.end())
    throw_input(key, st.solver, "not a driver of systems; allowed: " + join(schemes) + " and filippov:SCHEME");
  if (!(st.dt > 0) || !std::isfinite(st.dt)) throw_input("dt", format_value(st.dt), "must be a finite number > 0");
  if (!(st.rtol > 0) || !(st.rtol < 1)) throw_input("rtol", format_value(st.rtol), "must lie in (0, 1)");
  if (!(st.atol > 0) || !std::isfinite(st.atol)) throw_input("atol", format_value(st.atol), "must be a finite number > 0");
  p.so.dt = st.dt, p.so.rtol = st.rtol, p.so.atol = st.atol, p.so.events = st.events;
  SystemAssemblyOptions& a = p.assembly;
  a.events = st.events, a.projection = st.projection, a.transitions = st.transitions, a.ledger = st.ledger;
  a.solver_key = key, a.solver_text = st.solver;
  if (p.spec.scheme == Scheme::moreau) {
    if (!(st.theta >= 0.5 && st.theta <= 1)) throw_input("theta", format_value(st.theta), "must lie in [0.5, 1]");
    p.moreau = true;
    a.moreau = true;
    p.driver = fmt::format("Moreau-Jean (theta = {})", st.theta);
    return p;
  }
  if (p.spec.filippov) {
    if (p.spec.scheme == Scheme::bdf || p.spec.scheme == Scheme::ida)
      throw_input(key, st.solver, "the Filippov driver runs on an ODE scheme: filippov:euler .. filippov:rk4, "
                                  "filippov:dopri5, filippov:cvode");
    p.so = p.spec.options(key, p.so);
    a.driver = Driver::filippov;
    a.filippov_base = driver_of(p.so.kind, false);
    p.driver = "Filippov on " + to_string(p.so.kind);
    return p;
  }
  if (p.spec.scheme == Scheme::bdf) {
    bool dae = false;
    for (const SystemContact& c : spec.contacts)
      dae = dae || ((c.custom ? c.custom->forms : system_law_forms("contact." + c.name + ".law", c.law)) &
                    (form_dae | form_dae_ode));
    p.so.kind = dae ? Scheme::ida : Scheme::cvode;
    p.so.adams = false;
    if (p.spec.max_order > 0) p.so.max_order = p.spec.max_order;
  } else {
    p.so = p.spec.options(key, p.so);
  }
  a.driver = driver_of(p.so.kind, false);
  p.driver = to_string(p.so.kind);
  return p;
}

// The stuck flag of contact c of a Model in mode `mode`.
int stuck_flag(const SystemModel& model, std::size_t c, const Mode& mode, double s, double fn, double z) {
  const AnyFormedLaw& l = model.law(c);
  if (l.num_events() > 0) return mode[c] == stick_mode ? 1 : 0;
  const Slip1 sc{VecD<1>(s), model.mechanics().effective_mass(c), 0.0, 0.0};
  const double e = l.excess(sc, fn, z);
  if (!std::isnan(e)) return e <= 0 ? 1 : 0;
  return s == 0 ? 1 : 0;
}

}  // namespace

void validate_system_run(const SystemSpec& spec, const SystemRunSettings& st, double t0, double t_end) {
  const Plan p = plan_of(spec, st);
  const AssembledSystem a = assemble_system(spec, p.assembly);
  if (!(t_end > t0) || !std::isfinite(t_end)) throw_input("t_end", format_value(t_end), "must be a finite number > t0");
  if (p.moreau) {
    SolverOptions so = p.so;
    so.kind = Scheme::euler;  // the step count's check of a fixed-step scheme
    validate_solver_options(*a.model, so, t0, t_end);
    return;
  }
  if (a.model) validate_solver_options(*a.model, p.so, t0, t_end);
  else validate_solver_options(FilippovModel(*a.filippov, st.gradient, st.fd_delta), p.so, t0, t_end);
}

SystemRunResult simulate(const SystemSpec& spec, const SystemRunSettings& st, double t0, double t_end,
                         const SystemObserver& observer) {
  const Plan p = plan_of(spec, st);
  const AssembledSystem a = assemble_system(spec, p.assembly);
  SystemRunResult out;
  out.driver = p.driver;
  out.forms = a.forms();
  out.ledger = a.layout().ledger();
  out.state_size = a.size();
  const SystemMechanics& mech = a.mechanics();
  const auto n = static_cast<Eigen::Index>(mech.dofs());
  const std::size_t m = mech.contacts();
  Vec q(n), v(n), s(static_cast<Eigen::Index>(m)), F(static_cast<Eigen::Index>(m)), fn(static_cast<Eigen::Index>(m));
  std::vector<int> stuck(m, 0), previous;
  // Records the stuck flags' changes and hands the sample on.
  const auto emit = [&](double t, const Energy& e) {
    if (!previous.empty())
      for (std::size_t c = 0; c < m; ++c)
        if (stuck[c] != previous[c]) out.transitions.push_back({t, c, previous[c], stuck[c]});
    previous = stuck;
    if (observer) observer({t, q, v, s, F, fn, stuck, e});
  };
  const auto kinematics = [&](double t) {
    for (std::size_t c = 0; c < m; ++c) {
      s[static_cast<Eigen::Index>(c)] = mech.slip(t, c, v);
      fn[static_cast<Eigen::Index>(c)] = mech.normal_force(c, q, v);
    }
  };

  if (p.moreau) {
    validate_system_run(spec, st, t0, t_end);
    MoreauJeanOptions mo;
    mo.h = st.dt, mo.theta = st.theta;
    out.stats = run_moreau_jean(*a.model, t0, t_end, mo, [&](const MoreauJeanSample& smp) {
      q = smp.q, v = smp.v, F = smp.F, stuck = smp.stuck;
      kinematics(smp.t);
      Energy e;
      e.kinetic = mech.kinetic(v);
      e.external = mech.elastic(smp.t, q);
      e.work = smp.work.friction;
      e.noise_work = smp.work.applied + smp.work.surfaces - smp.work.dashpots;
      emit(smp.t, e);
    });
    return out;
  }

  if (a.model) {
    const SystemModel& model = *a.model;
    Vec x = model.initial_state();
    Mode mode = model.initial_mode(t0, x);  // integrate() projects x onto it
    validate_solver_options(model, p.so, t0, t_end);
    out.stats = integrate(model, t0, t_end, x, mode, p.so, [&](double t, VecCRef y, const Mode& md) {
      model.layout().gather(y, q, v);
      kinematics(t);
      model.contact_forces(t, y, md, F);
      for (std::size_t c = 0; c < m; ++c) {
        const Eigen::Index zi = model.layout().z(c);
        stuck[c] = stuck_flag(model, c, md, s[static_cast<Eigen::Index>(c)], fn[static_cast<Eigen::Index>(c)],
                              zi >= 0 ? y[zi] : 0.0);
      }
      emit(t, model.energy(t, y, md));
    });
    return out;
  }

  const SystemFilippov& fs = *a.filippov;
  const FilippovModel wrapper(fs, st.gradient, st.fd_delta);
  validate_solver_options(wrapper, p.so, t0, t_end);
  Vec x = fs.initial_state();
  Mode mode;
  FilippovOptions fo;
  fo.solver = p.so;
  fo.gradient = st.gradient;
  fo.fd_delta = st.fd_delta;
  out.stats = integrate_filippov(fs, t0, t_end, x, mode, fo, [&](double t, VecCRef y, const Mode& md) {
    fs.layout().gather(y, q, v);
    kinematics(t);
    const Vec sigma = wrapper.side_values(t, y, md);
    fs.contact_forces(t, y, sigma, F);
    for (std::size_t c = 0; c < m; ++c) {
      const long i = fs.contact_surface(c);
      if (i >= 0) {
        stuck[c] = md[static_cast<std::size_t>(i)] == sliding_mode ? 1 : 0;
      } else {
        stuck[c] = s[static_cast<Eigen::Index>(c)] == 0 ? 1 : 0;
      }
    }
    emit(t, fs.energy(t, y));
  });
  return out;
}

}  // namespace stickslip
