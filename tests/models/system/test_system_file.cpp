// System files (models/system/system_file.hpp): a file gives the same system as the C++ builder, so a run from either
// gives the same numbers bit for bit; --set overrides a value; every bad file is an InputError naming the file, the
// line and the key (exit 2 on the command line).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "models/system/system_assembly.hpp"
#include "models/system/system_file.hpp"
#include "solvers/system_run.hpp"

using namespace stickslip;

namespace {

std::string write_file(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "stickslip_test_system_file";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << text;
  return path.string();
}

const char* kTwoMasses = R"(name = "two masses"
[run]
solver = "filippov:rk4"
t_end = 2.0
dt = 0.001

[[body]]
name = "x1"
mass = 1.0
q0 = 0.2

[[body]]
name = "x2"
mass = 0.5

[[spring]]
name = "wall"
ends = ["x1", "ground"]
k = 50.0

[[spring]]
name = "link"
ends = ["x1", "x2"]
k = 30.0

[[contact]]
name = "floor1"
body = "x1"
normal_force = 9.81
law = "coulomb"
mu = 0.2

[[contact]]
name = "floor2"
row = { x2 = 1.0 }
normal_force = 4.905
law = "coulomb"
mu = 0.3
)";

SystemSpec builder_two_masses() {
  SystemBuilder b("two masses");
  const std::size_t x1 = b.body("x1", 1.0, 0.2), x2 = b.body("x2", 0.5);
  b.spring("wall", b.at(x1), SystemBuilder::ground(), 50.0).spring("link", b.at(x1), b.at(x2), 30.0);
  b.contact("floor1", {{x1, 1.0}}, "coulomb", LawValues().set("mu", 0.2), 9.81);
  b.contact("floor2", {{x2, 1.0}}, "coulomb", LawValues().set("mu", 0.3), 4.905);
  return b.build();
}

std::vector<double> trace(const SystemSpec& s, const std::string& solver) {
  SystemRunSettings st;
  st.solver = solver, st.dt = 1e-3, st.rtol = 1e-10, st.atol = 1e-13;
  std::vector<double> out;
  simulate(s, st, 0, 2.0, [&](const SystemSample& smp) {
    out.push_back(smp.t);
    out.insert(out.end(), smp.q.data(), smp.q.data() + smp.q.size());
    out.insert(out.end(), smp.v.data(), smp.v.data() + smp.v.size());
    out.insert(out.end(), smp.F.data(), smp.F.data() + smp.F.size());
  });
  return out;
}

// The message of the InputError that reading (and building) the file throws.
std::string error_of(const std::string& text, const std::vector<std::string>& sets = {}) {
  const std::string path = write_file("bad.toml", text);
  try {
    const SystemFile f = SystemFile::read(path);
    Parameters p = f.parameters();
    for (const std::string& s : sets) p.assign(s);
    try {
      SystemAssemblyOptions o;
      o.driver = Driver::filippov;
      (void)assemble_system(f.spec(p), o);
    } catch (const InputError& e) {
      throw f.located(e, p);
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string with(const std::string& from, const std::string& to) {
  std::string s = kTwoMasses;
  const auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a system file and the C++ builder give the same runs, bit for bit") {
  const SystemFile f = SystemFile::read(write_file("two_masses.toml", kTwoMasses));
  const Parameters p = f.parameters();
  CHECK(p.raw("solver") == "filippov:rk4");
  CHECK(p.raw("contact.floor1.mu") == "0.2");
  CHECK(p.raw("contact.floor1.kt").empty());  // a parameter of other laws: the chosen law's default
  for (const std::string solver : {"filippov:rk4", "filippov:dopri5", "moreau"})
    CHECK(trace(f.spec(p), solver) == trace(builder_two_masses(), solver));
  // --set overrides the file's value.
  Parameters q = f.parameters();
  q.assign("contact.floor1.mu=0.35");
  const SystemSpec s = f.spec(q);
  CHECK(s.contacts[0].values.find("mu")->value == 0.35);
  CHECK(f.where("contact.floor1.mu").find(":31") != std::string::npos);
}

TEST_CASE("a bad system file names the file, the line and the key") {
  // A missing key, an unknown key, a negative mass, a contact on a body that does not exist, a law parameter out of
  // its range, a law parameter the law does not have, a singular mass matrix, a malformed file.
  CHECK(error_of(with("normal_force = 9.81\n", "")).find("bad.toml:26: contact.floor1.normal_force") != std::string::npos);
  CHECK(error_of(with("mu = 0.2", "mu = 0.2\nfoo = 1")).find("bad.toml:32: contact.floor1.foo=1: unknown key") != std::string::npos);
  CHECK(error_of(with("mass = 0.5", "mass = -0.5")).find("bad.toml:14: body.x2.mass=-0.5: must be a finite number > 0") != std::string::npos);
  CHECK(error_of(with("body = \"x1\"", "body = \"x3\"")).find("bad.toml:28: contact.floor1.body=x3: no such body; the bodies are x1, x2") != std::string::npos);
  CHECK(error_of(with("mu = 0.2", "mu = -0.2")).find("bad.toml:31: contact.floor1.mu=-0.2: must be >= 0") != std::string::npos);
  CHECK(error_of(with("mu = 0.2", "mu = 0.2\nkt = 5")).find("contact.floor1.kt=5: law coulomb has no parameter kt") != std::string::npos);
  CHECK(error_of(with("name = \"two masses\"", "name = \"two masses\"\nmass_matrix = [[1.0, 1.0], [1.0, 1.0]]")).find("mass_matrix=singular or indefinite") != std::string::npos);
  CHECK(error_of(with("[run]", "[run")).find("bad.toml:2:") != std::string::npos);
  CHECK(error_of(with("law = \"coulomb\"\nmu = 0.2", "law = \"coulom\"\nmu = 0.2")).find("bad.toml:30: contact.floor1.law=coulom") != std::string::npos);
  // A value given by --set is reported without the file's line (it is not the file's).
  const std::string set = error_of(kTwoMasses, {"contact.floor1.mu=-1"});
  CHECK(set.find("contact.floor1.mu=-1: must be >= 0") != std::string::npos);
  CHECK(set.find("bad.toml:") == std::string::npos);
  CHECK(error_of(kTwoMasses) == "no error");
}
