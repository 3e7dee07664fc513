// studies/checks/property_checks_systems.cpp — randomized property checks of systems of several frictional contacts
// (models/system/, solvers/system_run.hpp): random systems (n, masses, springs, mu per contact) through every driver
// that runs them, against independent references (what they share: system_check_support.hpp).
//
//   system/two-mass:exact      two masses, two Coulomb contacts, the first released 3-8 friction bands out: final
//                              positions and every stick/slip transition (contact and time) against the exact piecewise
//                              solution (models/system/coulomb_exact.hpp: matrix exponentials, an exhaustive decision
//                              at every transition; it shares no code with the assembler or the drivers).
//   system/chain:closed-form   n = 2..8 identical blocks on a slope, coupled by springs, released together at v0: the
//                              springs stay at rest length, so every block is the one-block closed form
//                              q = v0 t - d t^2/2, d = g (mu cos a - sin a), stopping at t_s = v0/d below the friction
//                              angle (d > 0) and sliding on above it (d < 0; no transition at all).
//   system/chain-wave:exact    n = 3..5 blocks on a slope, the first displaced: a stick/slip wave down the chain (at
//                              least 4 transitions, several contacts at zero slip at once), against the exact solution.
//   system/ledger              a chain of 2..4 bodies tied to ground and to each other by springs and dashpots, pushed by
//                              constant forces, each rubbing on its own belt (surface velocity u_i): the energy
//                              ledger's balance B = K + V - W_friction - W_other (SystemSample::energy) vanishes for the
//                              exact motion.
//   system/joint-decision      2..5 bodies, 1..n contacts whose slip rows have 2-3 nonzeros each (coupled contacts),
//                              constant forces from rest: the joint initial modes (the box LCP of the drivers) satisfy
//                              Coulomb's law and equal the exact solution's exhaustive decision (3^m combinations).
// Tolerances (each from the method's error, none fitted):
//   adaptive drivers (dopri5, CVODE and IDA at rtol 1e-10): eps = 100 rtol per phase, (1 + transitions) phases, as
//     the oscillator's checks: each located switch passes on the local tolerance times a modest growth factor; the
//     BDFs restart at order 1 at every event. Positions within eps L (L the largest |q| of the run), transition times
//     within eps (t_end + G/|g'|) (against_exact: g the switching function, G its scale, g' its exact slope).
//   rk4 at the fixed step h (the Filippov driver, switches located): the phase error of its fastest mode,
//     (omega_max h)^5/120 per step (the first term of exp(A h) it leaves out), summed over its steps: eps = N
//     (omega_max h)^5/120. On the chain (a polynomial of degree 2 in t, which rk4 integrates exactly) only rounding is
//     left: 8 eps_mach per step (a step sums a handful of terms), times the distance, the stop time to the same
//     relative error of t_s.
//   Moreau-Jean (theta = 1/2): a constant deceleration is integrated exactly on its grid; the step in which the block
//     stops ends with v = 0 at most one step h after t_s, and moves it by d tau (h - tau)/2 <= d h^2/8 from the exact
//     stop place (tau the part of the step before t_s).
//   ledger: the event-driven drivers integrate the ledger's work rows with the state under the same error control, so
//     each term carries eps of the run relative to its size, and B = K + V - W - W_other (K and V quadratic) is off by
//     at most 2 eps (K + V) + eps (|W| + |W_other|) <= 4 eps E (E the energy scale: the largest of K + V and the works).
//     rk4 (csds contacts, hybrid form with its stick/slip switches located) at omega_max h = 0.02: the fastest mode's
//     error (omega_max h)^5/120 per step on each term, tol = steps 4 (omega_max h)^5/120 E (omega_max the fastest
//     rate: springs, dashpots, the C-SDS slide rate k_t/gamma); and the order: at h/2 the balance falls to
//     1.6 2^-4 of its value at h (plus a rounding floor of 16 eps_mach per step), which a ledger row that disagrees
//     with the motion (a power missing or of the wrong sign) cannot do. Moreau-Jean at theta = 1/2 keeps an exact
//     discrete energy law for linear springs and dashpots, constant forces and surface velocities (the powers are
//     taken at the step's midpoint, where the scheme's increments are): only rounding, 16 eps_mach per step times E.
//   joint decision: the LCP's forces and slip accelerations are exact to the linear solves' rounding,
//     64 n kappa eps_mach relative (kappa the Delassus matrix' condition number, <= 1e4 by admissible()); the modes
//     must equal the exact ones exactly; the runs (from rest, constant forces: uniform accelerations) must not switch.
// Draws whose stick/slip sequence changes when every friction threshold is moved by 1e-4 relative are drawn again
// (admissible()): there a decision turns on an error below any tolerance (the drivers' forces at a transition are
// within eps (k L / F_s) <= 1e-6 of the exact ones). The joint-decision draws keep a margin of 1e-3 between every
// stuck force and its threshold and every sliding slip acceleration and zero.
#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <fmt/format.h>

#include "core/box_lcp.hpp"
#include "models/contact/registry.hpp"
#include "core/interrupt.hpp"
#include "models/system/system_assembly.hpp"
#include "studies/checks/system_check_support.hpp"

namespace stickslip {
namespace {

using namespace system_checks;

constexpr double kG = 9.81;
constexpr double kRtol = 1e-10;

// "b3": a name with its index (fmt, not "b" + std::to_string(i), which GCC 12 warns about falsely: -Wrestrict).
std::string named(const char* prefix, std::size_t i) { return fmt::format("{}{}", prefix, i); }

// ---- system/two-mass:exact ----

//   m1 x1'' = -k1 x1 + k2 (x2 - x1) + F1,  m2 x2'' = -k2 (x2 - x1) + F2,  |F_i| <= mu_i m_i g.
SystemSpec two_mass_spec(const Draw& d, const std::string& law) {
  const double m1 = d["body.x1.mass"], m2 = d["body.x2.mass"], k1 = d["spring.k1.k"], k2 = d["spring.k2.k"];
  const double mu1 = d["contact.floor1.mu"], mu2 = d["contact.floor2.mu"];
  // The first mass 3-8 friction bands (mu m g / k) out, the second within +-3 of its own (a non-finite band comes from
  // an invalid value, refused below under its key: 0 then).
  const double band1 = mu1 * m1 * kG / k1, band2 = mu2 * m2 * kG / k2;
  double x1 = d["x1_bands"] * band1, x2 = x1 + d["x2_bands"] * band2;
  if (!std::isfinite(x1) || !std::isfinite(x2)) x1 = x2 = 0;
  SystemBuilder b("two masses");
  const std::size_t i1 = b.body("x1", m1, x1), i2 = b.body("x2", m2, x2);
  b.spring("k1", b.at(i1), SystemBuilder::ground(), k1).spring("k2", b.at(i1), b.at(i2), k2);
  b.contact("floor1", {{i1, 1.0}}, law, LawValues().set("mu", mu1), m1 * kG);
  b.contact("floor2", {{i2, 1.0}}, law, LawValues().set("mu", mu2), m2 * kG);
  return b.build();
}

constexpr double kTwoMassEnd = 3;

// The fastest normal mode's angular frequency, bounded by sqrt((k1 + 2 k2) / min m) (Gershgorin).
double two_mass_omega(const Draw& d) {
  return std::sqrt((d["spring.k1.k"] + 2 * d["spring.k2.k"]) / std::min(d["body.x1.mass"], d["body.x2.mass"]));
}

std::vector<Measurement> run_two_mass(const Draw& d, const std::string& solver) {
  const bool dae = solver == "ida";
  const SystemSpec spec = two_mass_spec(d, dae ? "coulomb-dae" : "coulomb-filippov");
  SystemRunSettings st;
  st.solver = solver, st.rtol = kRtol, st.atol = 1e-13;
  const double omega = two_mass_omega(d);
  st.dt = is_adaptive(solver) ? 1e-2 : 2 * M_PI / omega / 400;
  validate_system_run(spec, st, 0, kTwoMassEnd);  // an invalid value: the InputError naming its key
  const CoulombSystemExact ex(spec, kTwoMassEnd);
  const Trace tr = trace(spec, st, kTwoMassEnd);
  const double eps = is_adaptive(solver) ? adaptive_eps(st.rtol, sticks_of(ex).size())
                                         : static_cast<double>(tr.stats.steps) * std::pow(omega * st.dt, 5) / 120;
  return against_exact(tr, ex, spec, kTwoMassEnd, eps);
}

PropertyCheck two_mass_check(const std::string& solver) {
  const double nan = std::nan("");
  PropertyCheck c;
  c.model = "system/two-mass:exact";
  c.driver = solver;
  c.what = std::string("two masses, two Coulomb contacts against the exact piecewise solution: final positions and "
                       "every stick/slip transition; ") +
           (is_adaptive(solver) ? "100 rtol per phase (rtol = 1e-10)" : "rk4 at T/400: N (omega h)^5/120");
  c.ranges = {{"body.x1.mass", 0.5, 1.5, false, {0, -1, nan}},
              {"body.x2.mass", 0.5, 1.5, false, {0, -1}},
              {"spring.k1.k", 20, 100, false, {-1}},
              {"spring.k2.k", 20, 100, false, {-1}},
              {"contact.floor1.mu", 0.05, 0.3, false, {-0.1}},
              {"contact.floor2.mu", 0.05, 0.3, false, {-0.1}},
              {"x1_bands", 3, 8},
              {"x2_bands", -3, 3}};
  c.run = [solver](const Draw& d) { return run_two_mass(d, solver); };
  c.cost = solver == "filippov:rk4" || solver == "ida" ? 4 : 2;  // 11-12 ms a draw, 5-6 ms for dopri5 and CVODE
  c.admissible = [](const Draw& d) { return decided_robustly(two_mass_spec(d, "coulomb"), kTwoMassEnd); };
  return c;
}

// ---- system/chain:closed-form ----

struct Chain {
  std::size_t n;
  double angle, mu, v0, k_c;
  double d() const { return kG * (mu * std::cos(angle) - std::sin(angle)); }
  double t_stop() const { return v0 / d(); }
  double q(double t) const {
    if (d() > 0) t = std::min(t, t_stop());
    return v0 * t - 0.5 * d() * t * t;
  }
  double t_end() const { return d() > 0 ? 1.5 * t_stop() : 0.5; }
};

Chain chain_of(const Draw& d) {
  Chain c;
  c.n = static_cast<std::size_t>(std::clamp(std::floor(d["n"]), 2.0, 8.0));
  c.mu = d["mu"];
  c.angle = std::min(1.3, d["angle_ratio"] * std::atan(c.mu));
  c.v0 = d["v0"];
  c.k_c = d["k_c"];
  return c;
}

SystemSpec chain_spec(const Chain& c, const std::string& law) {
  SystemBuilder b("chain");
  for (std::size_t i = 0; i < c.n; ++i) {
    const std::size_t k = b.body(named("b", i), 1.0, 0.0, c.v0);
    b.force(named("g", i), k, TimeFunction::of(kG * std::sin(c.angle)));
    b.contact(named("c", i), {{k, 1.0}}, law, LawValues().set("mu", c.mu), kG * std::cos(c.angle));
    if (i > 0) b.spring(named("k", i), b.at(k - 1), b.at(k), c.k_c);
  }
  return b.build();
}

std::vector<Measurement> run_chain(const Draw& d, const std::string& solver) {
  const Chain c = chain_of(d);
  const double t_end = c.t_end(), h = t_end / 500;
  const std::string law = solver == "ida" ? "coulomb-dae" : solver == "moreau" ? "coulomb" : "coulomb-filippov";
  const SystemSpec spec = chain_spec(c, law);
  SystemRunSettings st;
  st.solver = solver, st.dt = h, st.rtol = kRtol, st.atol = 1e-13;
  validate_system_run(spec, st, 0, t_end);
  double worst = 0;
  const SystemRunResult r = simulate(spec, st, 0, t_end, [&](const SystemSample& s) {
    check_interrupt();
    for (Eigen::Index i = 0; i < s.q.size(); ++i) worst = std::max(worst, std::abs(s.q[i] - c.q(s.t)));
  });
  const double distance = c.v0 * t_end, steps = static_cast<double>(r.stats.steps);
  double q_tol = 0, t_tol = 0;
  if (solver == "moreau") {
    q_tol = std::abs(c.d()) * h * h / 8 + 8 * kEps * steps * distance;
    t_tol = h + 8 * kEps * steps * t_end;
  } else if (is_adaptive(solver)) {
    const double eps = adaptive_eps(st.rtol, c.d() > 0 ? 1 : 0);
    q_tol = eps * distance, t_tol = eps * t_end;
  } else {  // rk4: exact on the quadratic, rounding left
    q_tol = 8 * kEps * steps * distance, t_tol = 8 * kEps * steps * t_end;
  }
  std::vector<Measurement> m{{"max |q_i(t) - one-block closed form|", worst, q_tol}};
  if (c.d() > 0) {
    // Every contact's last stick, at t_s.
    std::vector<double> stop(c.n, NAN);
    for (const SystemTransition& tr : r.transitions)
      if (tr.stuck_after) stop[tr.contact] = tr.t;
    double dt = 0, missing = 0;
    for (double t : stop) {
      if (std::isnan(t)) ++missing;
      else dt = std::max(dt, std::abs(t - c.t_stop()));
    }
    m.push_back({"blocks that do not stop", missing, 0});
    m.push_back({"max |t_stop,i - v0/d|", dt, t_tol});
  } else {
    m.push_back({"stick/slip transitions above the friction angle", static_cast<double>(r.transitions.size()), 0});
  }
  return m;
}

PropertyCheck chain_check(const std::string& solver) {
  PropertyCheck c;
  c.model = "system/chain:closed-form";
  c.driver = solver;
  c.what = std::string("n = 2..8 blocks released together on a slope, both sides of the friction angle: every block is "
                       "the one-block closed form (stop time, positions); ") +
           (solver == "moreau"   ? "Moreau-Jean: stop within one step, place within d h^2/8"
            : is_adaptive(solver) ? "100 rtol per phase (rtol = 1e-10)"
                                  : "rk4 exact on the quadratic: rounding, 8 eps per step");
  c.ranges = {{"n", 2, 9}, {"angle_ratio", 0.2, 1.4}, {"mu", 0.2, 0.8, false, {-0.1}}, {"v0", 0.1, 1}, {"k_c", 100, 1000}};
  c.run = [solver](const Draw& d) { return run_chain(d, solver); };
  c.cost = 1;  // 1-3 ms a draw
  // Within a few % of the friction angle the deceleration is too small to stop within a useful time (below) or the
  // slide too slow to tell from a stop (above): drawn again.
  c.admissible = [](const Draw& d) { return d["angle_ratio"] <= 0.8 || d["angle_ratio"] >= 1.1; };
  return c;
}

// ---- system/chain-wave:exact ----

constexpr double kWaveEnd = 1.0;

SystemSpec wave_spec(const Draw& d, const std::string& law) {
  const auto n = static_cast<std::size_t>(std::clamp(std::floor(d["n"]), 3.0, 5.0));
  const double mu = d["mu"], angle = d["angle_ratio"] * std::atan(mu), k_c = d["k_c"], displace = d["displace"];
  SystemBuilder b("wave");
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = b.body(named("b", i), 1.0, i == 0 ? displace : 0.0);
    b.force(named("g", i), j, TimeFunction::of(kG * std::sin(angle)));
    b.contact(named("c", i), {{j, 1.0}}, law, LawValues().set("mu", mu), kG * std::cos(angle));
    if (i > 0) b.spring(named("k", i), b.at(j - 1), b.at(j), k_c);
  }
  return b.build();
}

std::vector<Measurement> run_wave(const Draw& d, const std::string& solver) {
  const SystemSpec spec = wave_spec(d, solver == "ida" ? "coulomb-dae" : "coulomb-filippov");
  SystemRunSettings st;
  st.solver = solver, st.dt = 1e-2, st.rtol = kRtol, st.atol = 1e-13;
  validate_system_run(spec, st, 0, kWaveEnd);
  const CoulombSystemExact ex(spec, kWaveEnd);
  return against_exact(trace(spec, st, kWaveEnd), ex, spec, kWaveEnd, adaptive_eps(st.rtol, sticks_of(ex).size()));
}

PropertyCheck wave_check(const std::string& solver) {
  PropertyCheck c;
  c.model = "system/chain-wave:exact";
  c.driver = solver;
  c.what = "n = 3..5 blocks on a slope, the first displaced: a stick/slip wave (>= 4 transitions) against the exact "
           "solution, 100 rtol per phase (rtol = 1e-10)";
  c.ranges = {{"n", 3, 6}, {"angle_ratio", 0.3, 0.8}, {"mu", 0.4, 0.7, false, {-0.1}}, {"k_c", 300, 1200},
              {"displace", 0.02, 0.07}};
  c.run = [solver](const Draw& d) { return run_wave(d, solver); };
  c.cost = solver == "ida" ? 13 : 7;  // 40 ms a draw under IDA, 20 ms under dopri5
  // A push too weak to start a wave (under 4 transitions), or a sequence that turns on a threshold: drawn again.
  c.admissible = [](const Draw& d) {
    const SystemSpec spec = wave_spec(d, "coulomb");
    return decided_robustly(spec, kWaveEnd) && sticks_of(CoulombSystemExact(spec, kWaveEnd)).size() >= 4;
  };
  return c;
}

// ---- system/ledger ----

constexpr double kLedgerEnd = 2.0;
constexpr double omega_h_rk4 = 0.02;  // rk4's omega_max h on the ledger chain

struct LedgerSystem {
  SystemSpec spec;
  double omega_max = 0;  // the fastest rate: springs (with the C-SDS spring), dashpots, the C-SDS slide rate
};

// A chain of n bodies: b_i tied to ground (k_g, c_g) and to b_{i-1} (k_c, c_c), a constant force f_i, a contact on a
// belt at u_i with N = m_i g; Coulomb, or (csds) a C-SDS with k_t and gamma_t = 2 zeta sqrt(k_t / m).
LedgerSystem ledger_system(const Draw& d, const std::string& law) {
  // A law with a spring and dashpot (the C-SDS of the rk4 draws) gets k_t and gamma_t at zeta_t of critical.
  const bool spring = has_stick_spring(law) && law_declares(law, "gamma_t");
  const auto n = static_cast<std::size_t>(std::clamp(std::floor(d["n"]), 2.0, 4.0));
  SystemBuilder b("ledger chain");
  double m_min = INFINITY;
  for (std::size_t i = 0; i < n; ++i) {
    const double m = d[named("body.b", i) + ".mass"];
    m_min = std::min(m_min, m);
    const std::size_t j = b.body(named("b", i), m, d[named("q0_", i)]);
    b.spring(named("g", i), b.at(j), SystemBuilder::ground(), d["k_g"], d["c_g"]);
    if (i > 0) b.spring(named("c", i), b.at(j - 1), b.at(j), d["k_c"], d["c_c"]);
    b.force(named("f", i), j, TimeFunction::of(d[named("f_", i)]));
    LawValues v;
    v.set("mu", d["mu"]);
    if (spring) v.set("kt", d["kt"]).set("gamma_t", 2 * d["zeta_t"] * std::sqrt(d["kt"] / m));
    b.contact(named("belt", i), {{j, 1.0}}, law, v, m * kG, TimeFunction::of(d[named("u_", i)]));
  }
  LedgerSystem s{b.build(), 0};
  // omega^2 <= (k_g + 2 k_c + k_t) / m_min (Gershgorin); dashpot rate (c_g + 2 c_c) / m_min; C-SDS: gamma_t m's own
  // rate and the slide rate k_t / (gamma_t m) = sqrt(k_t / m) / (2 zeta).
  const double kt = spring ? d["kt"] : 0.0;
  s.omega_max = std::max(std::sqrt((d["k_g"] + 2 * d["k_c"] + kt) / m_min), (d["c_g"] + 2 * d["c_c"]) / m_min);
  if (spring) {
    const double w_t = std::sqrt(kt / m_min);
    s.omega_max = std::max({s.omega_max, 2 * d["zeta_t"] * w_t, w_t / (2 * d["zeta_t"])});
  }
  return s;
}

std::vector<Measurement> run_ledger(const Draw& d, const std::string& solver) {
  const std::string law = solver == "rk4" ? "csds" : solver == "ida" ? "coulomb-dae" : solver == "moreau" ? "coulomb" : "coulomb-filippov";
  const LedgerSystem sys = ledger_system(d, law);
  SystemRunSettings st;
  st.solver = solver, st.rtol = kRtol, st.atol = 1e-13, st.ledger = 1;
  st.dt = solver == "rk4" ? omega_h_rk4 / sys.omega_max : solver == "moreau" ? 1e-3 : 1e-2;
  validate_system_run(sys.spec, st, 0, kLedgerEnd);
  const Trace tr = trace(sys.spec, st, kLedgerEnd);
  if (!tr.ledger) throw std::logic_error("system/ledger: the run has no ledger");
  const char* name = "max |K + V - W_friction - W_other| [J]";
  const Scales sc = system_scales(sys.spec, kLedgerEnd);
  if (solver != "rk4") return {{name, tr.max_balance, ledger_tolerance(solver, st, tr, sc)}};
  // rk4: the balance is the scheme's error, which falls by 2^-4 when h halves (a ledger row that disagrees with the
  // motion leaves a balance that does not fall); below the rounding floor, 16 eps_mach per step, the ratio means nothing.
  st.dt *= 0.5;
  const Trace fine = trace(sys.spec, st, kLedgerEnd);
  const double floor = rounding(static_cast<double>(fine.stats.steps), std::max(fine.energy_scale, sc.energy));
  return {{name, tr.max_balance, static_cast<double>(tr.stats.steps) * 4 * std::pow(omega_h_rk4, 5) / 120 * tr.energy_scale},
          {"max |balance| at h/2 vs 1.6 2^-4 at h [J]", fine.max_balance, 1.6 / 16 * tr.max_balance + floor}};
}

PropertyCheck ledger_check(const std::string& solver) {
  const double nan = std::nan("");
  PropertyCheck c;
  c.model = "system/ledger";
  c.driver = solver;
  c.what = std::string("a chain of 2..4 bodies with springs, dashpots, constant forces, each on its own belt: the energy "
                       "ledger balances; ") +
           (is_moreau(solver)     ? "Moreau-Jean at theta = 1/2: exact discrete energy law, rounding (16 eps per step)"
            : is_adaptive(solver) ? "4 eps E, eps = 100 rtol per phase (rtol = 1e-10)"
                                  : "C-SDS contacts, rk4 at omega_max h = 0.02: steps 4 (omega_max h)^5/120 E, and "
                                    "the balance falls by 2^-4 at h/2");
  c.ranges = {{"n", 2, 5},
              {"body.b0.mass", 0.5, 2, false, {0, -1, nan}},
              {"body.b1.mass", 0.5, 2},
              {"body.b2.mass", 0.5, 2},
              {"body.b3.mass", 0.5, 2},
              {"k_g", 10, 100},
              {"k_c", 10, 100},
              {"c_g", 0, 1},
              {"c_c", 0, 0.5},
              {"mu", 0.1, 0.6},
              {"q0_0", -0.3, 0.3},
              {"q0_1", -0.3, 0.3},
              {"q0_2", -0.3, 0.3},
              {"q0_3", -0.3, 0.3},
              {"f_0", -5, 5},
              {"f_1", -5, 5},
              {"f_2", -5, 5},
              {"f_3", -5, 5},
              {"u_0", -0.5, 0.5},
              {"u_1", -0.5, 0.5},
              {"u_2", -0.5, 0.5},
              {"u_3", -0.5, 0.5},
              {"kt", 200, 2000, true},
              {"zeta_t", 0.2, 1}};
  c.run = [solver](const Draw& d) { return run_ledger(d, solver); };
  c.cost = solver == "rk4" ? 20 : solver == "ida" ? 6 : solver == "moreau" ? 3 : 2;  // rk4 (two runs): 58 ms a draw, IDA 19
  return c;
}

// ---- system/joint-decision ----

constexpr std::size_t kJointBodies = 5;
constexpr double kJointEnd = 1.0;

std::string jkey(const char* what, std::size_t i) { return named(what, i); }

// n bodies with constant forces f_i, m <= n contacts; contact c's slip row has nonzeros on bodies c, c+1 (and c+2
// where third_c > 1/2), coefficients of either sign with magnitude 0.3-1.5; normal force N_c, mu_c. From rest.
SystemSpec joint_spec(const Draw& d, const std::string& law) {
  const auto n = static_cast<std::size_t>(std::clamp(std::floor(d["n"]), 2.0, 5.0));
  const auto m = static_cast<std::size_t>(std::clamp(std::floor(d["m"]), 1.0, static_cast<double>(n)));
  SystemBuilder b("coupled contacts");
  for (std::size_t i = 0; i < n; ++i) {
    b.body(named("b", i), d[named("body.b", i) + ".mass"]);
    b.force(named("f", i), i, TimeFunction::of(d[jkey("f_", i)]));
  }
  for (std::size_t c = 0; c < m; ++c) {
    SparseRow row;
    const std::size_t terms = n >= 3 && d[jkey("third_", c)] > 0.5 ? 3 : 2;
    for (std::size_t k = 0; k < terms; ++k) {
      const double u = d[named("w_", c) + named("_", k)];  // in [-1, 1]
      row.push_back({(c + k) % n, (u < 0 ? -1.0 : 1.0) * (0.3 + 1.2 * std::abs(u))});
    }
    b.contact(named("c", c), row, law, LawValues().set("mu", d[jkey("mu_", c)]), d[jkey("N_", c)]);
  }
  return b.build();
}

// The LCP of the contacts at rest (forces z in [-F_s, F_s], slip accelerations w = D z + q, D = W M^-1 W^T),
// solved densely; its margins and the condition number of D.
struct JointLcp {
  Eigen::MatrixXd D;
  Vec q, lo, hi;
  BoxLcpResult r;
  double kappa = INFINITY, margin = 0;
};

JointLcp joint_lcp(const SystemSpec& spec) {
  const auto n = static_cast<Eigen::Index>(spec.size()), m = static_cast<Eigen::Index>(spec.contacts.size());
  Eigen::MatrixXd W = Eigen::MatrixXd::Zero(m, n);
  Vec f = Vec::Zero(n), lo(m), hi(m);
  for (Eigen::Index c = 0; c < m; ++c) {
    const SystemContact& ct = spec.contacts[static_cast<std::size_t>(c)];
    for (const SparseTerm& t : ct.w) W(c, static_cast<Eigen::Index>(t.dof)) = t.coeff;
    hi[c] = ct.values.find("mu")->value * ct.fn0, lo[c] = -hi[c];
  }
  for (const SystemForce& fo : spec.forces) f[static_cast<Eigen::Index>(fo.dof)] += fo.f.value;
  const Vec minv = spec.mass.cwiseInverse();
  JointLcp j;
  j.D = W * minv.asDiagonal() * W.transpose();
  j.q = W * minv.asDiagonal() * f;
  j.lo = lo, j.hi = hi;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(j.D);
  const double e_min = es.eigenvalues().minCoeff(), e_max = es.eigenvalues().maxCoeff();
  j.kappa = e_min > 0 ? e_max / e_min : INFINITY;
  j.r = solve_box_lcp(j.D, j.q, lo, hi);
  // The margin: each stuck force's distance to its threshold relative to it, each bound contact's |w| relative to
  // the terms w sums.
  const double w_scale = j.q.cwiseAbs().maxCoeff() + (j.D.cwiseAbs() * hi).maxCoeff();
  j.margin = INFINITY;
  for (Eigen::Index c = 0; c < m; ++c) {
    if (j.r.side[static_cast<std::size_t>(c)] == BoxSide::free) j.margin = std::min(j.margin, (hi[c] - std::abs(j.r.z[c])) / hi[c]);
    else j.margin = std::min(j.margin, std::abs(j.r.w[c]) / w_scale);
  }
  return j;
}

// The residual of the box LCP's conditions (core/box_lcp.hpp) for forces F and slip accelerations w: a stuck (interior)
// force within its bounds and w = 0; a force on a bound and w of the side that opposes it. Relative: forces to F_s,
// accelerations to the terms w sums.
double lcp_residual(const Vec& F, const Vec& w, const std::vector<int>& modes, const JointLcp& j) {
  const double w_scale = j.q.cwiseAbs().maxCoeff() + (j.D.cwiseAbs() * j.hi).maxCoeff();
  double r = 0;
  for (Eigen::Index c = 0; c < F.size(); ++c) {
    const double fs = j.hi[c];
    const int md = modes[static_cast<std::size_t>(c)];
    if (md == stick_mode) {
      r = std::max({r, (std::abs(F[c]) - fs) / fs, std::abs(w[c]) / w_scale});
    } else {
      const double sign = md == slide_pos ? 1.0 : -1.0;  // slide_pos: s' > 0, F = -F_s
      r = std::max({r, std::abs(F[c] + sign * fs) / fs, -sign * w[c] / w_scale});
    }
  }
  return r;
}

std::vector<Measurement> run_joint(const Draw& d, const std::string& solver) {
  const bool dae = solver == "ida";
  const SystemSpec spec = joint_spec(d, dae ? "coulomb-dae" : "coulomb-filippov");
  SystemRunSettings st;
  st.solver = solver, st.rtol = kRtol, st.atol = 1e-13, st.dt = 0.1;
  validate_system_run(spec, st, 0, kJointEnd);
  const JointLcp j = joint_lcp(spec);
  const CoulombSystemExact ex(spec, kJointEnd);
  const std::vector<int> exact = ex.at(0.5 * kJointEnd).mode;  // 1 stuck, 2 sliding s > 0, 3 s < 0
  const auto m = spec.contacts.size();
  const double tol = 64 * static_cast<double>(spec.size()) * j.kappa * kEps;
  std::vector<Measurement> out;
  // The run: from rest under constant forces the accelerations are uniform, so the modes decided at t = 0 hold.
  const Trace tr = trace(spec, st, kJointEnd);
  std::vector<int> modes(m);
  double differ = 0;
  for (std::size_t c = 0; c < m; ++c) {
    const auto cc = static_cast<Eigen::Index>(c);
    modes[c] = tr.stuck_end[c] ? stick_mode : tr.s_end[cc] > 0 ? slide_pos : slide_neg;
    if (modes[c] != exact[c]) ++differ;
  }
  out.push_back({"contacts whose mode differs from the exact decision", differ, 0});
  out.push_back({"stick/slip transitions after t = 0", static_cast<double>(std::count_if(
                     tr.transitions.begin(), tr.transitions.end(), [](const SystemTransition& t) { return t.t > 0; })), 0});
  // Coulomb's law at t_end: the slip accelerations are s(t_end) / t_end (uniform from rest).
  out.push_back({"Coulomb's law at t_end (forces to F_s, slip accelerations to their terms)",
                 lcp_residual(tr.F_end, tr.s_end / kJointEnd, modes, j), tol});
  if (dae) {
    // The DAE model's joint initial modes (SystemModel::initial_mode: the box LCP of the contacts at rest) and its
    // forces, checked directly: w = W M^-1 (f + W^T F).
    SystemAssemblyOptions o;
    o.driver = Driver::ida;
    const AssembledSystem a = assemble_system(spec, o);
    const SystemModel& model = *a.model;
    Vec x = model.initial_state();
    const Mode mode = model.initial_mode(0, x);
    model.project(0, x, mode);
    Vec F(static_cast<Eigen::Index>(m));
    model.contact_forces(0, x, mode, F);
    const Vec w = j.D * F + j.q;
    std::vector<int> initial(mode.begin(), mode.begin() + static_cast<long>(m));
    double differ0 = 0;
    for (std::size_t c = 0; c < m; ++c) differ0 += initial[c] != exact[c] ? 1 : 0;
    out.push_back({"initial modes (SystemModel) unlike the exact decision", differ0, 0});
    out.push_back({"Coulomb's law at t = 0 (SystemModel's initial forces)", lcp_residual(F, w, initial, j), tol});
  }
  return out;
}

PropertyCheck joint_check(const std::string& solver) {
  const double nan = std::nan("");
  PropertyCheck c;
  c.model = "system/joint-decision";
  c.driver = solver;
  c.what = "2..5 bodies, coupled contacts (rows with 2-3 nonzeros), constant forces from rest: the joint modes obey "
           "Coulomb's law (64 n kappa eps) and equal the exact solution's exhaustive decision; no switch afterwards";
  c.ranges = {{"n", 2, 6}, {"m", 1, 6}};
  for (std::size_t i = 0; i < kJointBodies; ++i) {
    if (i == 0) c.ranges.push_back({"body.b0.mass", 0.5, 2, false, {0, -1, nan}});
    else c.ranges.push_back({named("body.b", i) + ".mass", 0.5, 2});
    c.ranges.push_back({jkey("f_", i), -10, 10});
    c.ranges.push_back({jkey("mu_", i), 0.1, 1});
    c.ranges.push_back({jkey("N_", i), 1, 10});
    c.ranges.push_back({jkey("third_", i), 0, 1});
    for (std::size_t k = 0; k < 3; ++k) c.ranges.push_back({named("w_", i) + named("_", k), -1, 1});
  }
  c.run = [solver](const Draw& d) { return run_joint(d, solver); };
  c.cost = 1;  // 1-2 ms a draw
  c.admissible = [](const Draw& d) {
    const JointLcp j = joint_lcp(joint_spec(d, "coulomb"));
    return j.kappa <= 1e4 && j.margin >= 1e-3;
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> system_property_checks() {
  std::vector<PropertyCheck> v;
  for (const char* s : {"filippov:rk4", "filippov:dopri5", "filippov:cvode", "ida"}) v.push_back(two_mass_check(s));
  for (const char* s : {"filippov:rk4", "filippov:dopri5", "filippov:cvode", "ida", "moreau"}) v.push_back(chain_check(s));
  for (const char* s : {"filippov:dopri5", "filippov:cvode", "ida"}) v.push_back(wave_check(s));
  for (const char* s : {"filippov:dopri5", "filippov:cvode", "ida", "rk4", "moreau"}) v.push_back(ledger_check(s));
  for (const char* s : {"filippov:dopri5", "ida"}) v.push_back(joint_check(s));
  return v;
}

}  // namespace stickslip
