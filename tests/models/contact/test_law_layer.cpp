// The law layer (models/contact/law.hpp, registry.hpp): the forms the concepts find in each law against the list the
// laws' headers document; declared parameter ranges refused with the key and the reason; the driver's choice of form
// and its refusals; Cundall-Strack as one law in two forms (its increment with gamma_t = 0 is the D-SDS reset without a
// dashpot bit for bit, and converges to its rate form at first order in dt); the C-SDS increment is the Euler step of
// its rate (what the engine's state-vector form relies on).
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "models/contact_model.hpp"
#include "models/particles/contact_kinematics.hpp"

#include "tests/input_error.hpp"

using namespace stickslip;

namespace {
Slip1 slip(double v, double m = 1) { return {VecD<1>(v), m, 0.0, 0.0}; }
}  // namespace

TEST_CASE("the forms found by the concepts are those each law documents") {
  struct Expected {
    const char* law;
    unsigned one_d, particles;
  };
  const Expected table[] = {
      {"none", form_increment | form_slip_force, form_increment | form_slip_force},
      {"csds", form_increment | form_rate | form_hybrid, form_increment | form_rate},
      {"dsds", form_increment | form_reset | form_hybrid_rule, form_increment | form_reset},
      {"dsds-dae", form_dae_ode, 0},
      {"cundall-strack", form_increment | form_rate | form_jumps, form_increment},
      {"mindlin", 0, form_increment | form_modes},
      {"coulomb", form_slip_force | form_dae | form_filippov | form_jumps,
       form_increment | form_exact_static | form_slip_force | form_modes},
      {"coulomb-filippov", form_filippov, 0},
      {"coulomb-dae", form_dae, 0},
      {"coulomb-sign", form_slip_force | form_jumps, form_slip_force},
      {"linear", form_slip_force, form_slip_force},
      {"tanh", form_slip_force, form_slip_force},
      {"weakening", form_slip_force | form_dae | form_filippov | form_jumps, form_slip_force},
      {"rate-state", form_rate, 0},
  };
  for (const Expected& e : table) {
    const std::string law = e.law;
    CAPTURE(law);
    CHECK(form_list(law_forms("friction", e.law, RelationKind::one_d)) == form_list(e.one_d));
    CHECK(form_list(law_forms("friction", e.law, RelationKind::particles)) == form_list(e.particles));
  }
  CHECK_THROWS_WITH_AS(law_forms("friction", "bogus", RelationKind::one_d), doctest::Contains("friction=bogus"), InputError);
}

TEST_CASE("a declared range refuses a value with the key it came from, the range and the reason") {
  LawValues v;
  v.set("gamma_t", 0.0);
  CHECK_THROWS_WITH_AS(make_law<Csds>(v), "gamma_t=0: must be > 0 for friction=csds (eq. 10 divides by it)", InputError);
  LawValues bound;
  bound.set("gamma_t", 0.0, "gamma", "0");  // a study key that binds the law's parameter (the plates' gamma)
  CHECK_THROWS_WITH_AS(make_law<Csds>(bound),
                       "gamma=0: must be > 0 for friction=csds (eq. 10 divides by it; the law's gamma_t = 0)", InputError);
  LawValues nan;
  nan.set("mu", std::nan(""));
  CHECK_THROWS_AS(make_law<Coulomb>(nan), InputError);
  CHECK(make_law<Csds>(LawValues{}).kt == 1e5);  // the declared defaults
}

TEST_CASE("a law's parameter is checked when set, whichever law the study runs, and read in its own law's range") {
  Parameters p("demo");
  p.declare("friction", "csds", "law");
  declare_law_parameters(p, {"csds", "cundall-strack", "stribeck", "weakening"}, {});
  const auto message = test::input_error_message;
  // Not a number, or outside every range that declares it: refused at --set, for any chosen law.
  CHECK(message([&] { p.set("mu_k", "banana"); }).rfind("mu_k=banana: expected a finite number", 0) == 0);
  CHECK(message([&] { p.set("mu_k", "nan"); }).rfind("mu_k=nan: expected a finite number", 0) == 0);
  CHECK(message([&] { p.set("mu_k", "-1"); }) == "mu_k=-1: must be >= 0 (a parameter of stribeck)");
  CHECK(message([&] { p.set("drop", "1"); }) == "drop=1: must lie in [0, 1) (a parameter of weakening)");
  CHECK(message([&] { p.set("c_w", ""); }).rfind("c_w=: expected a finite number", 0) == 0);
  // gamma_t: csds needs > 0, cundall-strack allows 0: the set accepts the widest range, the chosen law its own.
  p.set("gamma_t", "0");
  CHECK(law_values(p, "cundall-strack", {}, "friction").find("gamma_t")->value == 0);
  CHECK(message([&] { (void)law_values(p, "csds", {}, "friction"); }) ==
        "gamma_t=0: must be > 0 for friction=csds (eq. 10 divides by it)");
  CHECK(message([&] { p.set("gamma_t", "-1"); }) == "gamma_t=-1: must be >= 0 (a parameter of csds, cundall-strack, stribeck)");
}

TEST_CASE("the driver finds the law's form, or refuses naming the key, the missing form and what runs it") {
  CHECK(choose_contact_form("csds", law_forms("f", "csds", RelationKind::one_d), Driver::ida, true, "solver", "ida") ==
        ContactForm::hybrid);
  CHECK(choose_contact_form("csds", law_forms("f", "csds", RelationKind::one_d), Driver::fixed, false, "solver", "rk4") ==
        ContactForm::rate);
  CHECK(choose_contact_form("dsds", law_forms("f", "dsds", RelationKind::one_d), Driver::fixed, true, "solver", "rk4") ==
        ContactForm::hybrid);
  CHECK(choose_contact_form("coulomb", law_forms("f", "coulomb", RelationKind::one_d), Driver::fixed, false, "solver",
                            "rk4") == ContactForm::slip_force);
  CHECK(choose_contact_form("coulomb", law_forms("f", "coulomb", RelationKind::one_d), Driver::ida, true, "solver",
                            "ida") == ContactForm::dae);
  const auto refused = [](const char* law, Driver d, bool events, const char* text) {
    try {
      choose_contact_form(law, law_forms("f", law, RelationKind::one_d), d, events, "solver", "x");
    } catch (const InputError& e) {
      return std::string(e.what()).find(text) != std::string::npos;
    }
    return false;
  };
  CHECK(refused("dsds", Driver::dopri5, false, "solver=x: this model adjusts its state between steps"));
  CHECK(refused("coulomb-dae", Driver::fixed, true, "allowed: ida"));
  CHECK(refused("dsds-dae", Driver::fixed, false, "events=off: friction=dsds-dae is a hybrid DAE"));
  CHECK(refused("csds", Driver::filippov, false, "no form that filippov runs"));
  CHECK(refused("mindlin", Driver::fixed, false, "friction=mindlin: no form of this law runs on a 1-D relation"));
  // IDA needs a smooth residual: a rate or slip force that jumps is refused, naming the drivers that run it
  CHECK(refused("cundall-strack", Driver::ida, false, "jump (no IDA)); drivers that run it: euler..rk4, dopri5, cvode"));
  CHECK(refused("coulomb-sign", Driver::ida, false, "no form that ida runs"));
  CHECK(refused("coulomb", Driver::ida, false, "events=off"));  // its DAE form runs, with events
}

TEST_CASE("Cundall-Strack is one law in two forms: the increment is the rate's discretisation") {
  const CundallStrack cs{1e3, 0.0, 0.5};
  // (a) gamma_t = 0: the cut-off is the D-SDS reset without a dashpot, bit for bit (what the particle engine ran).
  ContactKinematics c{Vec3::UnitZ(), Vec3(0.3, -0.2, 0), 1e-3, 0, 0.01, 0.02, false};
  for (double xi0 : {0.0, 0.002, 0.05}) {
    Vec3 xi(xi0, 0.4 * xi0, 0), xi_ref = xi;
    TangentialEnergy e;
    const Vec3 f = cs.step(c, 2.0, xi, 1e-3, e);
    xi_ref += 1e-3 * c.vt;
    const Vec3 f_ref = sds_force<3>(xi_ref, c.vt, 1e3, 0.0, 1.0);
    xi_ref = dsds_reset<3>(xi_ref, c.vt, 1e3, 0.0, 1.0);
    CHECK((f - f_ref).norm() == 0);
    CHECK((xi - xi_ref).norm() == 0);
    CHECK(e.jump <= 0);  // the cut-off only removes spring energy
  }
  // (b) with a dashpot, under a loading v(t) = cos(t) that saturates and unloads: the increment's force history
  // approaches the rate form's (RK4 at a fine step) at first order in dt.
  const CundallStrack damped{10.0, 2.0, 0.5};
  const auto history_error = [&](double dt) {
    const int n = static_cast<int>(std::lround(6.0 / dt));
    Vec3 xi = Vec3::Zero();
    double worst = 0;
    VecD<1> z(0.0);  // the rate form, RK4 with 100 sub-steps per step
    for (int i = 0; i < n; ++i) {
      const double t = i * dt;
      ContactKinematics k{Vec3::UnitZ(), Vec3(std::cos(t + dt), 0, 0), 1e-3, 0, 0.01, 1.0, false};
      TangentialEnergy e;
      const Vec3 f = damped.step(k, 1.0, xi, dt, e);
      const int sub = 100;
      const double h = dt / sub;
      for (int j = 0; j < sub; ++j) {
        const double ts = t + j * h;
        auto rate = [&](double tt, const VecD<1>& zz) { return damped.rate(slip(std::cos(tt)), 1.0, zz); };
        const VecD<1> k1 = rate(ts, z), k2 = rate(ts + h / 2, z + h / 2 * k1), k3 = rate(ts + h / 2, z + h / 2 * k2),
                      k4 = rate(ts + h, z + h * k3);
        z += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      }
      worst = std::max(worst, std::abs(f[0] - damped.force(slip(std::cos(t + dt)), 1.0, z)[0]));
    }
    return worst;
  };
  const double e1 = history_error(0.02), e2 = history_error(0.01);
  MESSAGE("Cundall-Strack increment vs rate, max |dF|: " << e1 << " (dt 0.02), " << e2 << " (dt 0.01)");
  CHECK(e1 < 0.05);
  CHECK(e2 < 0.6 * e1);  // first order: the error halves with dt
}

TEST_CASE("the C-SDS increment over 1 s is its rate (the engine's state-vector form takes the rate so)") {
  const Csds law{1e3, 5.0, 0.4};
  for (double v : {0.01, 0.3, -2.0}) {
    ContactKinematics c{Vec3::UnitZ(), Vec3(v, 0.5 * v, 0), 1e-3, 0, 0.01, 0.1, false};
    Vec3 xi(1e-4, 0, 0);
    const Vec3 rate = law.rate(c, 1.0, xi);
    TangentialEnergy e;
    Vec3 stepped = xi;
    law.step(c, 1.0, stepped, 1.0, e);
    CHECK((stepped - xi - rate).norm() <= 1e-15 * (1 + rate.norm()));
  }
}

TEST_CASE("stickslip list prints the law x relation x driver matrix from the forms") {
  const std::string s = law_catalog();
  CHECK(s.find("law x relation x driver") != std::string::npos);
  for (const std::string& law : law_names()) CHECK(s.find("  " + law + " ") != std::string::npos);
  CHECK(s.find("filippov") != std::string::npos);
  CHECK(s.find("verlet") != std::string::npos);
  CHECK(s.find("em/sde-heun") != std::string::npos);
}

TEST_CASE("what a study asks of a law is answered from its type and parameters") {
  double mu = 0;
  CHECK(is_constant_coulomb("coulomb", LawValues().set("mu", 0.3), &mu));
  CHECK(mu == 0.3);
  for (const char* law : {"coulomb-filippov", "coulomb-dae", "coulomb-sign"}) CHECK(is_constant_coulomb(law, {}));
  // weakening is Coulomb's law until it weakens or drops
  CHECK(is_constant_coulomb("weakening", LawValues(), &mu));
  CHECK(mu == 0.4);
  CHECK_FALSE(is_constant_coulomb("weakening", LawValues().set("c_w", 0.5)));
  CHECK_FALSE(is_constant_coulomb("weakening", LawValues().set("drop", 0.1)));
  for (const char* law : {"stribeck", "csds", "tanh", "none", "linear"}) CHECK_FALSE(is_constant_coulomb(law, {}));
  CHECK(is_linear_friction("linear", {}));
  for (const char* law : {"tanh", "coulomb-sign", "none", "weakening"}) CHECK_FALSE(is_linear_friction(law, {}));
  CHECK(is_frictionless("none"));
  for (const char* law : {"linear", "coulomb", "csds"}) CHECK_FALSE(is_frictionless(law));
  for (const char* law : {"csds", "dsds", "dsds-stage", "cundall-strack", "mindlin", "stribeck"}) CHECK(has_stick_spring(law));
  for (const char* law : {"coulomb", "none", "linear", "tanh"}) CHECK_FALSE(has_stick_spring(law));
  CHECK(law_creates_no_energy("csds"));
  CHECK(spring_relaxes_by_dashpot("csds"));
  for (const char* law : {"dsds", "mindlin", "cundall-strack"}) CHECK_FALSE(law_creates_no_energy(law));
  CHECK(law_declares("csds", "gamma_t"));
  CHECK_FALSE(law_declares("mindlin", "gamma_t"));
  CHECK(sibling_entries("coulomb") == std::vector<std::string>{"coulomb-filippov", "coulomb-dae", "coulomb-sign"});
  CHECK(sibling_entries("dsds") == std::vector<std::string>{"dsds-dae"});
  CHECK(test::input_error_message([] { (void)is_frictionless("banana"); }).rfind("friction=banana: allowed: ", 0) == 0);
}
