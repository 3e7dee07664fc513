// studies/checks/property_checks_block.cpp — randomized property checks of the block on a slope
// (models/incline_block.hpp, seed 002 §4) through every driver that offers its law.
//   (a) rest:    released at rest in static normal equilibrium below the critical angle (mu cos a > sin a), the
//                Coulomb block (Filippov on dopri5, cvode, rk4; coulomb-dae on ida) must not move: |s| <= 1e-12 m
//                (the sliding mode / stick mode holds v = 0 exactly; 1e-12 m is round-off on s, not an rtol budget).
//   (b) launch:  launched down the slope at v0, the block decelerates at a = g (mu cos a - sin a) exactly (F_n =
//                m g cos a holds from the equilibrium start), so it must stop at t_stop = v0/a, s_stop = v0^2/(2a)
//                and then stay. The solution is a polynomial of degree 2 in t, which dopri5 (order 5) and rk4
//                (order 4) integrate exactly; what is left is the event location and round-off; for CVODE/IDA
//                (BDF, variable order from 1) the local error test: 100 rtol relative.
//   (c) compliant laws at rest (cundall-strack, csds, dsds): the block has no energy ledger, so the check is
//                against the exact linear response instead. While |F_t| < mu F_n the contact sticks and the block is
//                a damped oscillator m s'' = m g sin a - k_t s - gamma_t s' started from s = s' = 0: its first
//                peak, at t_p = pi/omega_d, is s_p = xi_s (1 + exp(-zeta pi/sqrt(1 - zeta^2))) with xi_s =
//                m g sin a/k_t, zeta = gamma_t/(2 sqrt(k_t m)) = 1/8. The angle is drawn with tan a < mu/2 so the
//                peak force k_t s_p < 2 m g sin a stays below mu F_n: a law that slipped, or created energy (a
//                larger peak), or lost it (a smaller one), fails. Run to t_p exactly and compare s(t_p) with s_p.
#include <cmath>

#include "models/incline_block.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrate.hpp"
#include "studies/experiment/property_checks.hpp"

namespace stickslip {
namespace {

constexpr double kDeg = 3.14159265358979323846 / 180;
constexpr double kPi = 3.14159265358979323846;

// The drawn block (validated: an invalid value throws the model's InputError naming the key).
BlockParameters drawn_block(const Draw& d) {
  BlockParameters p;
  p.size = d["size"];
  p.alpha = d["angle_deg"] * kDeg;
  p.rho = d["rho"];
  p.young = d["Y"];
  p.mu = d["mu"];
  p.validate();
  return p;
}

// Angles below the critical one for mu >= 0.6 (atan 0.6 = 30.96 deg): deceleration >= g (0.6 cos 28 - sin 28) = 0.59.
std::vector<ParameterRange> block_ranges(double max_angle_deg) {
  const double nan = std::nan("");
  return {{"size", 0.005, 0.05, true, {0, -0.01, nan}},
          {"angle_deg", 0, max_angle_deg, false, {-1, 95, nan}},
          {"rho", 1000, 10000, true, {0, -1, nan}},
          {"Y", 1e6, 5e7, true, {0, -1, nan}},
          {"mu", 0.6, 1.2, false, {-0.1, nan}}};
}

// Normal angular frequency sqrt(Y/m): the fastest time scale, which sets the fixed step and the adaptive max step.
double normal_frequency(const BlockParameters& p) { return std::sqrt(p.young / p.mass()); }

struct Stop {
  double t = std::nan(""), s = std::nan(""), max_dev = 0, s_end = 0;
};

// Runs the Coulomb block (Filippov form for every driver but ida, which runs the coulomb-dae) from the static
// normal equilibrium with speed v0; records the first time it sticks (sliding mode / stick mode) and how far it
// moves afterwards.
Stop run_coulomb(const BlockParameters& p, double v0, double t_end, const SolverOptions& so) {
  Stop r;
  if (v0 == 0) r.t = 0, r.s = 0;
  auto track = [&](double t, double s, bool stuck) {
    if (std::isnan(r.t) && stuck) r.t = t, r.s = s;
    if (!std::isnan(r.t)) r.max_dev = std::max(r.max_dev, std::abs(s - r.s));
  };
  const bool dae = so.kind == Scheme::ida;
  const ContactSystem sys =
      block_system(p, dae ? "coulomb-dae" : "coulomb-filippov", driver_of(so.kind, !dae), dae, true);
  Vec x = Vec::Zero(static_cast<Eigen::Index>(sys.size()));
  x[1] = v0, x[2] = -p.static_overlap();
  Mode mode;
  const int stuck = dae ? static_cast<int>(stick_mode) : static_cast<int>(sliding_mode);
  simulate(sys, {0, t_end, so}, x, mode, [&](const ContactSample& q) { track(q.t, q.x[0], q.mode[0] == stuck); });
  r.s_end = x[0];
  return r;
}

SolverOptions coulomb_options(Scheme kind, const BlockParameters& p) {
  SolverOptions so;
  so.kind = kind;
  so.rtol = 1e-10;
  so.atol = 1e-14;
  so.dt = 0.05 / normal_frequency(p);  // rk4: omega_n dt = 0.05, far inside its stability interval (2.8)
  if (!is_fixed_step(kind)) so.dt = 1e-3;  // output interval only
  return so;
}

PropertyCheck rest_check(const std::string& model, const std::string& driver, Scheme kind) {
  PropertyCheck c;
  c.model = model;
  c.driver = driver;
  c.what = "released at rest below the critical angle, Coulomb friction holds the block: max |s| over 0.2 s <= 1e-12 m "
           "(stick is exact: the sliding/stick mode sets v = 0; the bound is round-off on s)";
  c.ranges = block_ranges(28);
  c.cost = kind == Scheme::rk4 ? 12 : 1;
  c.run = [kind](const Draw& d) {
    const BlockParameters p = drawn_block(d);
    const Stop r = run_coulomb(p, 0, 0.2, coulomb_options(kind, p));
    return std::vector<Measurement>{{"max |s - s(0)| after release [m]", r.max_dev, 1e-12},
                                    {"|s(t_end)| [m]", std::abs(r.s_end), 1e-12}};
  };
  return c;
}

PropertyCheck launch_check(const std::string& model, const std::string& driver, Scheme kind) {
  PropertyCheck c;
  c.model = model;
  c.driver = driver;
  const bool bdf = kind == Scheme::cvode || kind == Scheme::ida;
  c.what = std::string("launched down the slope at v0: stop time and place against t_stop = v0/(g (mu cos a - sin a)), "
                       "s_stop = v0 t_stop/2; ") +
           (bdf ? "BDF from order 1: 100 rtol relative (rtol = 1e-10)"
                : "the motion is quadratic in t, integrated exactly by the scheme: event location to round-off, 1e-11 relative") +
           "; then it must stay (1e-12 m)";
  c.ranges = block_ranges(28);
  c.ranges.push_back({"v0", 0.01, 0.2, true, {}});
  c.cost = kind == Scheme::rk4 ? 12 : 1;
  c.run = [kind, bdf](const Draw& d) {
    const BlockParameters p = drawn_block(d);
    const double v0 = d["v0"], a = p.coulomb_deceleration();
    const double t_stop = v0 / a, s_stop = v0 * t_stop / 2;
    const SolverOptions so = coulomb_options(kind, p);
    const Stop r = run_coulomb(p, v0, 1.5 * t_stop, so);
    const double rel = bdf ? 100 * so.rtol : 1e-11;
    return std::vector<Measurement>{{"|t_stop - v0/a| [s]", std::abs(r.t - t_stop), rel * t_stop},
                                    {"|s_stop - v0^2/(2a)| [m]", std::abs(r.s - s_stop), rel * s_stop},
                                    {"max |s - s_stop| after the stop [m]", r.max_dev, 1e-12}};
  };
  return c;
}

PropertyCheck compliant_check(const std::string& law, const std::string& driver, Scheme kind) {
  PropertyCheck c;
  c.model = "incline-block/" + law;
  c.driver = driver;
  const bool fixed = is_fixed_step(kind);
  c.what = "released at rest, the stuck contact is a damped oscillator (zeta = 1/8): s at the first peak pi/omega_d "
           "against xi_s (1 + exp(-zeta pi/sqrt(1 - zeta^2))), angle with tan a < mu/2 so it cannot slip; tolerance " +
           std::string(fixed ? "global error (omega_n dt)^p xi_s of the order-p scheme (rk4 4, heun 2) at omega_n dt = 0.05" : "100 rtol xi_s (rtol = 1e-9)");
  c.ranges = block_ranges(16);  // tan 16 deg = 0.287 < 0.6/2
  c.cost = 2;
  c.run = [law, kind, fixed](const Draw& d) {
    const BlockParameters p = drawn_block(d);
    const ContactSystem sys = block_system(p, law, driver_of(kind, false), false, false);
    const ContactModelBase& blk = *sys.model;
    const double m = p.mass(), k = p.kt(), zeta = p.gamma_t() / (2 * std::sqrt(k * m));
    const double omega_d = std::sqrt(k / m) * std::sqrt(1 - zeta * zeta);
    const double xi_s = m * p.g * std::sin(p.alpha) / k;
    const double peak = xi_s * (1 + std::exp(-zeta * kPi / std::sqrt(1 - zeta * zeta)));
    const double t_peak = kPi / omega_d;
    SolverOptions so;
    so.kind = kind;
    so.rtol = 1e-9;
    so.atol = 1e-9 * xi_s;
    so.dt = fixed ? 0.05 / normal_frequency(p) : t_peak / 50;
    Vec x(5);
    x << 0, 0, -p.static_overlap(), 0, 0;
    Mode mode = blk.initial_mode(0, x);
    double max_ft_ratio = 0;  // |F_t| / (mu F_n): must stay < 1 (stick)
    integrate(blk, 0, t_peak, x, mode, so, [&](double, VecCRef y, const Mode& md) {
      max_ft_ratio = std::max(max_ft_ratio, std::abs(blk.contact_force(0, y, md)) / (p.mu * p.normal_force(y[2], y[3])));
    });
    const double w = normal_frequency(p) * so.dt;
    const double tol = fixed ? std::pow(w, kind == Scheme::rk4 ? 4 : 2) * xi_s : 100 * so.rtol * xi_s;
    return std::vector<Measurement>{{"|s(t_peak) - s_peak| [m]", std::abs(x[0] - peak), tol},
                                    {"max |F_t|/(mu F_n) (stick: < 1)", max_ft_ratio, 1.0}};
  };
  return c;
}

}  // namespace

std::vector<PropertyCheck> block_property_checks() {
  std::vector<PropertyCheck> v;
  const std::pair<const char*, Scheme> filippov[] = {{"dopri5", Scheme::dopri5}, {"cvode", Scheme::cvode}, {"rk4", Scheme::rk4}};
  for (const auto& [name, kind] : filippov) v.push_back(rest_check("incline-block/coulomb-filippov:rest", name, kind));
  v.push_back(rest_check("incline-block/coulomb-dae:rest", "ida", Scheme::ida));
  for (const auto& [name, kind] : filippov) v.push_back(launch_check("incline-block/coulomb-filippov:stop", name, kind));
  v.push_back(launch_check("incline-block/coulomb-dae:stop", "ida", Scheme::ida));
  for (const char* law : {"cundall-strack", "csds"}) {
    v.push_back(compliant_check(law, "rk4", Scheme::rk4));
    v.push_back(compliant_check(law, "dopri5", Scheme::dopri5));
    v.push_back(compliant_check(law, "cvode", Scheme::cvode));
  }
  v.push_back(compliant_check("dsds", "rk4", Scheme::rk4));
  v.push_back(compliant_check("dsds", "heun", Scheme::heun));
  return v;
}

}  // namespace stickslip
