// solvers/integrator_spec.hpp: the one integrator vocabulary of the command line.
#include <doctest/doctest.h>

#include "core/errors.hpp"
#include "solvers/integrator_spec.hpp"

using namespace stickslip;

TEST_CASE("specs parse to scheme, variant and order, and print canonically") {
  CHECK(parse_integrator("solver", "rk4").text() == "rk4");
  CHECK(parse_integrator("solver", "cvode").text() == "cvode:bdf");
  const IntegratorSpec a = parse_integrator("solver", "cvode:adams:8");
  CHECK(a.adams);
  CHECK(a.max_order == 8);
  CHECK(a.options("solver", {}).kind == SolverKind::cvode);
  CHECK(a.options("solver", {}).max_order == 8);
  CHECK(parse_integrator("solver", "ida:5").max_order == 5);
  CHECK(parse_integrator("solver", "cvode:2").text() == "cvode:bdf:2");
  const IntegratorSpec f = parse_integrator("solver", "filippov:dopri5");
  CHECK(f.filippov);
  CHECK(f.adaptive());
  CHECK(parse_integrator("solver", "trapezoid").kind() == std::nullopt);
  CHECK(parse_integrator("solver", "em").stochastic());
  CHECK(parse_integrator("solver", "verlet").scheme == "verlet");
  CHECK(parse_integrator_list("solver", "euler,heun,rk4").size() == 3);
}

TEST_CASE("malformed specs are InputErrors naming the key") {
  for (const char* bad : {"rk5", "cvode:bdf:6", "cvode:adams:13", "ida:adams", "rk4:2", "filippov:em", "filippov", "", "cvode:0"})
    CHECK_THROWS_AS(parse_integrator("solver", bad), InputError);
  CHECK_THROWS_AS(parse_integrator("solver", "trapezoid").options("solver", {}), InputError);
}
