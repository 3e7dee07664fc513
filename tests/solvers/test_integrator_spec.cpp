// solvers/integrator_spec.hpp: the one integrator vocabulary of the command line; the bdf scheme resolved by a law's
// forms (solvers/contact_run.hpp).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/errors.hpp"
#include "models/contact/registry.hpp"
#include "solvers/contact_run.hpp"
#include "solvers/integrator_spec.hpp"

using namespace stickslip;

TEST_CASE("specs parse to scheme, variant and order, and print canonically") {
  CHECK(parse_integrator("solver", "rk4").text() == "rk4");
  CHECK(parse_integrator("solver", "cvode").text() == "cvode:bdf");
  const IntegratorSpec a = parse_integrator("solver", "cvode:adams:8");
  CHECK(a.adams);
  CHECK(a.max_order == 8);
  CHECK(a.options("solver", {}).kind == Scheme::cvode);
  CHECK(a.options("solver", {}).max_order == 8);
  CHECK(parse_integrator("solver", "ida:5").max_order == 5);
  CHECK(parse_integrator("solver", "cvode:2").text() == "cvode:bdf:2");
  const IntegratorSpec f = parse_integrator("solver", "filippov:dopri5");
  CHECK(f.filippov);
  CHECK(f.adaptive());
  CHECK(parse_integrator("solver", "trapezoid").kind() == std::nullopt);
  CHECK(parse_integrator("solver", "em").stochastic());
  CHECK(parse_integrator("solver", "verlet").scheme == Scheme::verlet);
  CHECK(parse_integrator_list("solver", "euler,heun,rk4").size() == 3);
}

TEST_CASE("one vocabulary: every scheme's name parses to that scheme, and only euler .. gear are general drivers") {
  const std::vector<std::string>& names = integrator_schemes();
  REQUIRE(names.size() == integrator_scheme_info().size());
  for (const SchemeInfo& i : integrator_scheme_info()) {
    CAPTURE(i.name());
    const IntegratorSpec s = parse_integrator("solver", i.name());
    CHECK(s.scheme == i.scheme);
    CHECK(s.name() == i.name());
    CHECK(s.kind().has_value() == is_general(i.scheme));
    if (is_general(i.scheme)) CHECK(parse_solver("solver", i.name()) == i.scheme);
    else CHECK_THROWS_AS(parse_solver("solver", i.name()), InputError);
  }
  CHECK(solver_names() == std::vector<std::string>{"euler", "midpoint", "heun", "rk4", "dopri5", "cvode", "ida", "gear"});
  CHECK(to_string(Scheme::sde_heun) == "sde-heun");
  // A plain scheme is its spec: the same as parsing its name.
  const IntegratorSpec plain = Scheme::cvode;
  CHECK(plain.text() == parse_integrator("solver", "cvode").text());
}

TEST_CASE("the labels of Krengel & Matuttis' figures read as specs and print back") {
  // bdfN = bdf:N, filippov-SCHEME = filippov:SCHEME (slope-drift's curve names)
  const IntegratorSpec b = parse_integrator("solver", "bdf2");
  CHECK(b.scheme == Scheme::bdf);
  CHECK(b.max_order == 2);
  CHECK(b.label() == "bdf2");
  CHECK(parse_integrator("solver", "bdf:5").label() == "bdf5");
  const IntegratorSpec f = parse_integrator("solver", "filippov-heun");
  CHECK(f.filippov);
  CHECK(f.scheme == Scheme::heun);
  CHECK(f.label() == "filippov-heun");
  CHECK(parse_integrator("solver", "filippov-bdf5").label() == "filippov-bdf5");
  CHECK(parse_integrator("solver", "filippov:dopri5").label() == "filippov-dopri5");
  for (const char* t : {"rk4", "cvode:bdf", "ida:3", "verlet", "bdf"}) CHECK(parse_integrator("solver", t).label() == parse_integrator("solver", t).text());
  CHECK(parse_integrator_among("solver", "bdf5", {"heun", "bdf"}).max_order == 5);
  CHECK_THROWS_AS(parse_integrator("solver", "bdf7"), InputError);       // BDF orders 1..5
  CHECK_THROWS_AS(parse_integrator("solver", "filippov-em"), InputError);  // as filippov:em
}

TEST_CASE("malformed specs are InputErrors naming the key") {
  for (const char* bad : {"rk5", "cvode:bdf:6", "cvode:adams:13", "ida:adams", "rk4:2", "filippov:em", "filippov", "", "cvode:0"})
    CHECK_THROWS_AS(parse_integrator("solver", bad), InputError);
  CHECK_THROWS_AS(parse_integrator("solver", "trapezoid").options("solver", {}), InputError);
}

TEST_CASE("bdf names the method; the law's forms pick the driver (solvers/contact_run.hpp)") {
  const IntegratorSpec bdf2 = parse_integrator("solver", "bdf:2");
  CHECK(bdf2.text() == "bdf:2");
  CHECK(bdf2.adaptive());
  CHECK(bdf2.kind() == std::nullopt);
  CHECK_THROWS_AS(bdf2.options("solver", {}), InputError);  // only a contact run can resolve it
  CHECK_THROWS_AS(parse_integrator("solver", "bdf:6"), InputError);
  const auto resolved = [](const char* spec, const char* law) {
    return contact_solver_options(parse_integrator("solver", spec), law_forms("friction", law, RelationKind::one_d),
                                  "solver", {});
  };
  // A law with a DAE form: its stick constraint solved by IDA (Krengel & Matuttis' BDF on the Coulomb DAE).
  for (const char* law : {"coulomb-dae", "coulomb", "dsds-dae", "stribeck"}) {
    CAPTURE(law);
    CHECK(resolved("bdf:2", law).kind == Scheme::ida);
    CHECK(resolved("bdf:2", law).max_order == 2);
    CHECK(resolved("bdf", law).max_order == SolverOptions{}.max_order);
  }
  // Without one, CVODE's BDF (never Adams) at the order asked.
  for (const char* law : {"csds", "cundall-strack", "coulomb-sign", "linear"}) {
    CAPTURE(law);
    const SolverOptions o = resolved("bdf:5", law);
    CHECK(o.kind == Scheme::cvode);
    CHECK_FALSE(o.adams);
    CHECK(o.max_order == 5);
  }
  // The Filippov driver: asked for, or the only form of the law; then its pieces run on CVODE's BDF.
  CHECK(runs_filippov(parse_integrator("solver", "filippov:bdf:2"), law_forms("friction", "coulomb", RelationKind::one_d)));
  CHECK(resolved("filippov:bdf:2", "coulomb").kind == Scheme::cvode);
  CHECK(runs_filippov(parse_integrator("solver", "rk4"), law_forms("friction", "coulomb-filippov", RelationKind::one_d)));
  CHECK(resolved("bdf:5", "coulomb-filippov").kind == Scheme::cvode);
  CHECK_FALSE(runs_filippov(parse_integrator("solver", "rk4"), law_forms("friction", "coulomb", RelationKind::one_d)));
  // Every other spec is itself.
  CHECK(resolved("cvode:adams:8", "coulomb-dae").kind == Scheme::cvode);
  CHECK(resolved("ida:3", "csds").kind == Scheme::ida);
  CHECK(resolved("rk4", "coulomb-dae").kind == Scheme::rk4);
}
