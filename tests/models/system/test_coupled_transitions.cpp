// The multiple-transition problem (Pfeiffer & Glocker, Multibody Dynamics with Unilateral Contacts, 1996): which of
// several contacts stick is one decision. A block on a block, the lower one on the floor (mu 0.2, N = 20: holds 4 N),
// the upper one on the lower (mu 0.5, N = 10: holds 5 N), a pull of 4.5 N on the upper one from rest:
//   contact by contact (each with the other's force as it is, zero at rest) both stick: the floor alone feels no pull,
//   the upper contact needs 2.25 N (its relative acceleration 4.5 times the pair's reduced mass 0.5);
//   together the floor must hold the whole 4.5 N > 4 N: the stack slides as one, at (4.5 - 4)/2 = 0.25 m/s^2, the
//   upper contact holding 4.25 N < 5 N. That is the one consistent combination, which the joint decision (the box
//   LCP of core/box_lcp.hpp) picks at once, and the exhaustive decision of the exact solution picks too.
// The contact-by-contact pick violates Coulomb's law (a stuck floor force of 4.5 N > 4 N) and is undone by an extra
// switch at t = 0; both runs then follow the exact motion.
#include <doctest/doctest.h>

#include <cmath>

#include "models/system/coulomb_exact.hpp"
#include "models/system/system_assembly.hpp"
#include "solvers/system_run.hpp"

using namespace stickslip;

namespace {

SystemSpec stacked(const std::string& law) {
  SystemBuilder b("stacked blocks");
  const std::size_t lower = b.body("lower", 1.0), upper = b.body("upper", 1.0);
  b.force("pull", upper, TimeFunction::of(4.5));
  b.contact("floor", {{lower, 1.0}}, law, LawValues().set("mu", 0.2), 20.0);
  b.contact("between", {{lower, -1.0}, {upper, 1.0}}, law, LawValues().set("mu", 0.5), 10.0);
  return b.build();
}

}  // namespace

TEST_CASE("stacked blocks: the joint decision picks the consistent modes, contact by contact picks a wrong one") {
  const SystemSpec spec = stacked("coulomb-dae");
  SystemAssemblyOptions o;
  o.driver = Driver::ida;
  for (const Transitions tr : {Transitions::joint, Transitions::per_contact}) {
    o.transitions = tr;
    const AssembledSystem a = assemble_system(spec, o);
    const SystemModel& m = *a.model;
    Vec x = m.initial_state();
    const Mode mode = m.initial_mode(0, x);
    m.project(0, x, mode);
    Vec F(2);
    m.contact_forces(0, x, mode, F);
    if (tr == Transitions::joint) {
      CHECK(mode[0] == slide_pos);   // the floor slides forward
      CHECK(mode[1] == stick_mode);  // the upper block rides along
      CHECK(F[0] == doctest::Approx(-4.0));
      CHECK(F[1] == doctest::Approx(-4.25));
    } else {
      CHECK(mode[0] == stick_mode);  // each alone: both stick
      CHECK(mode[1] == stick_mode);
      CHECK(std::abs(F[0]) == doctest::Approx(4.5));  // the floor's stuck force then exceeds mu N = 4
      CHECK(std::abs(F[0]) > 4.0);
    }
  }
  // The exact solution's exhaustive decision agrees with the joint one.
  const CoulombSystemExact exact(stacked("coulomb"), 1.0);
  const CoulombSystemExact::State s0 = exact.at(1e-9);
  CHECK(s0.mode[0] == 2);
  CHECK(s0.mode[1] == 1);
  const CoulombSystemExact::State s1 = exact.at(1.0);
  CHECK(s1.v[0] == doctest::Approx(0.25));
  CHECK(s1.v[1] == doctest::Approx(0.25));
}

TEST_CASE("stacked blocks: every driver follows the exact motion; the contact-by-contact run needs an extra switch") {
  const double t_end = 1.0;
  const CoulombSystemExact exact(stacked("coulomb"), t_end);
  const CoulombSystemExact::State ref = exact.at(t_end);
  struct Run {
    std::string law, solver;
    Transitions transitions;
  };
  for (const Run& r : {Run{"coulomb-dae", "ida", Transitions::joint}, Run{"coulomb-dae", "ida", Transitions::per_contact},
                       Run{"coulomb-filippov", "filippov:rk4", Transitions::joint},
                       Run{"coulomb-filippov", "filippov:dopri5", Transitions::joint}}) {
    CAPTURE(r.solver);
    CAPTURE(static_cast<int>(r.transitions));
    SystemRunSettings st;
    st.solver = r.solver, st.dt = 1e-3, st.rtol = 1e-10, st.atol = 1e-13, st.transitions = r.transitions;
    Vec q, v;
    const SystemRunResult res = simulate(stacked(r.law), st, 0, t_end, [&](const SystemSample& s) {
      q = s.q;
      v = s.v;
    });
    // The joint decision starts in the consistent modes: no switch at all. The contact-by-contact run starts with
    // both stuck and undoes the floor's stick at t = 0 (a stuck flag that changes at the first instant).
    std::size_t at_start = 0;
    for (const SystemTransition& tr : res.transitions) at_start += tr.t == 0 ? 1 : 0;
    if (r.transitions == Transitions::joint) CHECK(at_start == 0);
    else CHECK(at_start >= 1);
    CHECK(res.transitions.size() == at_start);  // nothing switches later
    CHECK((q - ref.q).cwiseAbs().maxCoeff() <= 1e-8);
    CHECK((v - ref.v).cwiseAbs().maxCoeff() <= 1e-8);
  }
}
