// rolling-sphere study (seed 004 ex. 5.1) through the command line: t_roll, v_roll, omega_roll within 0.2 % of the
// rigid-body solution, derived here independently: the contact-point slip u = v + omega r decays at (7/2) mu g.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

namespace {
struct Result {
  int code;
  nlohmann::json json;
};

Result run(const std::string& args) {
  const std::string out = "/tmp/stickslip_test_rolling_" + std::to_string(std::hash<std::string>{}(args));
  const std::string cmd = std::string(STICKSLIP_BINARY) + " run rolling-sphere " + args + " --out " + out + " --json 2>/dev/null";
  FILE* pipe = popen(cmd.c_str(), "r");
  std::string text;
  std::array<char, 4096> buf{};
  while (fgets(buf.data(), buf.size(), pipe)) text += buf.data();
  const int status = pclose(pipe);
  Result r{WEXITSTATUS(status), {}};
  if (r.code == 0) r.json = nlohmann::json::parse(text);
  return r;
}

struct Analytic {
  double t, v, w;
};
Analytic rigid_body(double v0, double w0, double r, double mu, double g) {
  const double u0 = v0 + w0 * r;  // slip of the lowest point (lever -r e_y, spin about z)
  const double t = std::abs(u0) / (3.5 * mu * g);
  const double a = -mu * g * (u0 > 0 ? 1 : -1);
  return {t, v0 + a * t, w0 + 2.5 * a / r * t};
}
}  // namespace

TEST_CASE("rolling-sphere at the seed's dt = 1e-4: every integrator within 0.2 % of the analytic roll") {
  const Analytic a = rigid_body(2.355, -127.03, 0.2, 0.25, 9.81);
  CHECK(a.t == doctest::Approx(2.68542).epsilon(1e-5));
  CHECK(a.v == doctest::Approx(8.941).epsilon(1e-5));
  CHECK(a.w == doctest::Approx(-44.705).epsilon(1e-5));
  // ida: see the closing note (IDA_CONV_FAIL on the stick/slip switch of the spring); the others all at dt = 1e-4.
  for (const char* integrator : {"trapezoid", "rk4", "dopri5", "cvode"}) {
    CAPTURE(integrator);
    const Result r = run(std::string("--set integrator=") + integrator);
    REQUIRE(r.code == 0);
    CHECK(r.json["study"] == "rolling-sphere");
    CHECK(r.json["analytic"]["t_roll"].get<double>() == doctest::Approx(a.t).epsilon(1e-12));
    CHECK(std::abs(r.json["t_roll"].get<double>() - a.t) / a.t < 2e-3);
    CHECK(std::abs(r.json["v_roll"].get<double>() - a.v) / a.v < 2e-3);
    CHECK(std::abs(r.json["omega_roll"].get<double>() - a.w) / std::abs(a.w) < 2e-3);
  }
}

TEST_CASE("the analytic values follow the parameters, and the simulation follows them too") {
  const Analytic a = rigid_body(1.0, -60.0, 0.2, 0.5, 9.81);
  const Result r = run("--set mu=0.5 --set v0=1 --set omega0=-60 --set t_end=2 --set dt=2e-4 --set integrator=trapezoid");
  REQUIRE(r.code == 0);
  CHECK(r.json["analytic"]["t_roll"].get<double>() == doctest::Approx(a.t).epsilon(1e-12));
  CHECK(r.json["analytic"]["v_roll"].get<double>() == doctest::Approx(a.v).epsilon(1e-12));
  CHECK(r.json["analytic"]["omega_roll"].get<double>() == doctest::Approx(a.w).epsilon(1e-12));
  CHECK(std::abs(r.json["t_roll"].get<double>() - a.t) / a.t < 2e-3);
  CHECK(r.json["iterations"]["max"].get<int>() >= 1);
}

TEST_CASE("bad input exits with code 2") {
  CHECK(run("--set integrator=leapfrog").code == 2);
  CHECK(run("--set mu=-1").code == 2);
  CHECK(run("--set tangential=magic").code == 2);
  CHECK(run("--set phi=2").code == 2);
  CHECK(run("--set dt=0").code == 2);
}
