// The particle engine's state-vector form (models/particles/engine_model.hpp) on the sphere problems of Campello's
// examples, against conservation laws and closed forms (these checks ran on the retired sphere model before; they now
// hold on the engine, which the studies rolling-sphere and three-spheres use):
//   - a sphere at rest on a plane stays at rest (the Hertz static overlap balances its weight);
//   - mu = 0, xi = 0: a head-on collision of two spheres conserves K + V (kinetic + Hertz elastic) to the driver's
//     tolerance under dopri5, cvode and ida;
//   - the rigid Coulomb contact on a 10 degree incline: released at rest the sphere rolls without slip while the
//     needed friction 2/7 m g sin(theta) stays below mu m g cos(theta): v' = 5/7 g sin(theta) exactly, no switch;
//   - three spheres (ex. 5.2) with friction on the floor and between the spheres: the mechanical energy lost equals the
//     friction dissipation D plus the tangential spring energy left (the core EnergyLedger on the model's energy()),
//     and no law creates energy, for mindlin, csds and the rigid coulomb contact under cvode and ida.
#include <doctest/doctest.h>

#include <cmath>

#include "core/energy_ledger.hpp"
#include "models/contact/coulomb.hpp"
#include "models/contact/csds.hpp"
#include "models/contact/mindlin.hpp"
#include "models/particles/engine_model.hpp"
#include "models/particles/few_spheres.hpp"
#include "solvers/integrate.hpp"

using namespace stickslip;

namespace {
constexpr double kG = 9.81, kR = 0.2, kM = 1000, kE = 1e10, kNu = 0.25;

template <class Law>
EngineModel<HertzDamped, Law> model_of(const FewSpheres& s, const Law& law, double reach) {
  ParticleEngine<HertzDamped, Law> e;
  e.normal = s.normal_law();
  e.tangential = law;
  e.boundaries = s.boundaries;
  return EngineModel<HertzDamped, Law>(e, s.bodies, reach);
}

double mechanical(const Energy& e) { return e.kinetic + e.external; }  // K + normal elastic + gravity potential

SolverOptions options(Scheme kind, double dt, double rtol = 1e-10) {
  SolverOptions o;
  o.kind = kind;
  o.dt = dt;
  o.rtol = rtol;
  o.atol = 1e-13;
  return o;
}

Mindlin mindlin(double mu) {
  const ContactPair pp = sphere_sphere_pair(1, 1, kE, kNu, 1, 1, kE, kNu), pw = sphere_wall_pair(1, 1, kE, kNu);
  return Mindlin{pp.g_star, pw.g_star, mu};
}
}  // namespace

TEST_CASE("a sphere at rest on a plane stays at rest (mindlin and coulomb, cvode)") {
  FewSpheres s;
  s.young = kE, s.poisson = kNu;
  s.boundaries.gravity = Vec3(0, -kG, 0);
  s.add_plane(Vec3::Zero(), Vec3::UnitY());
  const double h0 = hertz_static_overlap(sphere_wall_pair(kR, kM, kE, kNu), kM * kG);
  s.add_sphere(Vec3(0, kR - h0, 0), Vec3::Zero(), Vec3::Zero(), kR, kM);
  auto check = [&](const auto& model) {
    Vec x = model.make_state(s.bodies);
    Mode mode = model.initial_mode(0, x);
    integrate(model, 0, 1.0, x, mode, options(Scheme::cvode, 0.1));
    CHECK(std::abs(x[1] - (kR - h0)) < 1e-9 * h0);  // y stays at the static overlap
    CHECK(x.segment<3>(3).norm() < 1e-9);
    CHECK(x.segment<3>(6).norm() < 1e-9);
  };
  check(model_of(s, mindlin(0.25), 0.1 * kR));
  check(model_of(s, Coulomb{0.25}, 0.1 * kR));
}

TEST_CASE("mu = 0, xi = 0: a head-on two-sphere collision conserves K + V through dopri5, cvode and ida") {
  FewSpheres s;
  s.young = kE, s.poisson = kNu;
  s.add_sphere(Vec3(-0.25, 0, 0), Vec3(1.0, 0, 0), Vec3::Zero(), kR, kM);
  s.add_sphere(Vec3(0.25, 0, 0), Vec3(-1.0, 0, 0), Vec3::Zero(), kR, kM);
  const auto model = model_of(s, mindlin(0.0), 0.2);
  for (Scheme kind : {Scheme::dopri5, Scheme::cvode, Scheme::ida}) {
    CAPTURE(to_string(kind));
    Vec x = model.make_state(s.bodies);
    Mode mode = model.initial_mode(0, x);
    const double e0 = mechanical(model.energy(0, x, mode));
    double worst = 0;
    integrate(model, 0, 0.1, x, mode, options(kind, 1e-4), [&](double t, VecCRef y, const Mode& md) {
      worst = std::max(worst, std::abs(mechanical(model.energy(t, y, md)) - e0));
    });
    // The drivers' error control at rtol 1e-10 on a 1 kJ exchange through a stiff Hertz spring: 1e-6 relative.
    CHECK(worst < 1e-6 * e0);
    CHECK(x[3] == doctest::Approx(-1.0).epsilon(1e-6));  // the spheres swap velocities (equal masses, elastic)
    CHECK(x[15] == doctest::Approx(1.0).epsilon(1e-6));
  }
}

TEST_CASE("rigid coulomb contact on a 10 degree incline: the stick constraint gives exact rolling") {
  const double theta = 10.0 * M_PI / 180.0;
  FewSpheres s;
  s.young = kE, s.poisson = kNu;
  s.boundaries.gravity = kG * Vec3(std::sin(theta), -std::cos(theta), 0);
  s.add_plane(Vec3::Zero(), Vec3::UnitY());
  const double h0 = hertz_static_overlap(sphere_wall_pair(kR, kM, kE, kNu), kM * kG * std::cos(theta));
  s.add_sphere(Vec3(0, kR - h0, 0), Vec3::Zero(), Vec3::Zero(), kR, kM);
  const auto model = model_of(s, Coulomb{0.25}, 0.1 * kR);
  for (Scheme kind : {Scheme::rk4, Scheme::cvode, Scheme::ida}) {
    CAPTURE(to_string(kind));
    Vec x = model.make_state(s.bodies);
    Mode mode = model.initial_mode(0, x);
    REQUIRE(mode[0] == contact_stick);
    const RunStats rs = integrate(model, 0, 1.0, x, mode, options(kind, 1e-3, 1e-10));
    CHECK(mode[0] == contact_stick);
    CHECK(rs.events.empty());  // no stick/slip switch, no opening
    const double a = 5.0 / 7.0 * kG * std::sin(theta);
    CHECK(x[3] == doctest::Approx(a * 1.0).epsilon(1e-6));  // v(1 s)
    const Vec3 slip = x.segment<3>(3) + x.segment<3>(6).cross(Vec3(0, -kR, 0));  // the engine's lever: r n
    CHECK(slip.norm() < 1e-8);
  }
}

TEST_CASE("three spheres (ex. 5.2) with friction on the floor and between them: no law creates energy") {
  const double v0 = 1, d0 = 2 * kR / std::sqrt(3.0) + v0 * 0.46;
  FewSpheres s;
  s.young = kE, s.poisson = kNu;
  s.boundaries.gravity = Vec3(0, 0, -kG);
  s.add_plane(Vec3::Zero(), Vec3::UnitZ());
  const double h0 = hertz_static_overlap(sphere_wall_pair(kR, kM, kE, kNu), kM * kG);
  for (int k = 0; k < 3; ++k) {
    const double a = M_PI / 2 + 2 * M_PI * k / 3;
    const Vec3 radial(std::cos(a), std::sin(a), 0), v = -v0 * radial;
    s.add_sphere(d0 * radial + Vec3(0, 0, kR - h0), v, Vec3::UnitZ().cross(v) / kR, kR, kM);  // rolling
  }
  const double reach = d0 * std::sqrt(3.0);
  auto run = [&](const auto& model, Scheme kind) {
    Vec x = model.make_state(s.bodies);
    Mode mode = model.initial_mode(0, x);
    const double e0 = mechanical(model.energy(0, x, mode));
    EnergyLedger ledger;
    SolverOptions o = options(kind, 1e-4, 1e-8);
    // A contact is found from the sign of its overlap at step ends: an adaptive step longer than the collision would
    // pass through it (CVODE did, without the bound). A quarter radius per step at v0, as
    // solvers/particles/sphere_run.cpp.
    o.max_step = 0.25 * kR / v0;
    integrate(model, 0, 1.0, x, mode, o,
              [&](double t, VecCRef y, const Mode& md) { ledger.add(t, model.energy(t, y, md)); });
    const Energy end = model.energy(1.0, x, mode);
    const double lost = e0 - mechanical(end);
    CHECK(lost > 1000);  // 3 x 1/2 (7/5) m v0^2 = 2100 J at the start, 3/7 v0 rolling at the end
    CHECK(ledger.dissipation(ledger.size() - 1) + end.potential == doctest::Approx(lost).epsilon(1e-5));
    CHECK(ledger.energy_created() <= 1e-9 * lost);
  };
  // csds: a dashpot of about 5 % of the critical one of the floor contact's spring
  const double kt = mindlin_stiffness(s.wall_pair(0), h0);
  for (Scheme kind : {Scheme::cvode, Scheme::ida}) {
    CAPTURE(to_string(kind));
    run(model_of(s, mindlin(0.5), reach), kind);
    Csds csds;
    csds.kt = kt, csds.gamma_t = 0.05 * 2 * std::sqrt(kt * 2 * kM / 7) / kM, csds.mu = 0.5;
    run(model_of(s, csds, reach), kind);
    run(model_of(s, Coulomb{0.5}, reach), kind);
  }
}
