// The drivers of systems beyond the exact comparisons: IDA's banded Newton matrix (a chain) equals the dense one;
// Moreau-Jean converges at first order; the energy ledger (kinetic + elastic = work of forces, drives and moving
// surfaces - dissipation) balances to each driver's tolerance on a system with a drive, a belt, a dashpot and a
// spring law.
#include <doctest/doctest.h>

#include <cmath>

#include "core/order_fit.hpp"
#include "models/system/coulomb_exact.hpp"
#include "models/system/system_assembly.hpp"
#include "solvers/system_run.hpp"

using namespace stickslip;

namespace {

SystemSpec wave_chain(std::size_t n, const std::string& law) {
  SystemBuilder b("chain");
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t k = b.body("b" + std::to_string(i), 1.0, i == 0 ? 0.05 : 0.0);
    b.force("g" + std::to_string(i), k, TimeFunction::of(9.81 * std::sin(0.35)));
    b.contact("c" + std::to_string(i), {{k, 1.0}}, law, LawValues().set("mu", 0.5), 9.81 * std::cos(0.35));
    if (i > 0) b.spring("k" + std::to_string(i), b.at(k - 1), b.at(k), 1000.0);
  }
  return b.build();
}

Vec final_q(const SystemSpec& s, SystemRunSettings st, double t_end) {
  Vec q;
  simulate(s, st, 0, t_end, [&](const SystemSample& smp) { q = smp.q; });
  return q;
}

}  // namespace

TEST_CASE("IDA on a chain: the banded Newton matrix gives the dense one's motion") {
  const SystemSpec s = wave_chain(40, "coulomb-dae");
  SystemAssemblyOptions o;
  o.driver = Driver::ida, o.ledger = 0;
  CHECK(assemble_system(s, o).model->jacobian_band().upper >= 0);  // banded without the ledger rows
  o.ledger = 1;
  CHECK(assemble_system(s, o).model->jacobian_band().upper < 0);   // the ledger's rows read every state: dense
  SystemRunSettings st;
  st.solver = "ida", st.dt = 1e-3, st.rtol = 1e-10, st.atol = 1e-13;
  st.ledger = 0;
  const Vec banded = final_q(s, st, 0.3);
  st.ledger = 1;
  const Vec dense = final_q(s, st, 0.3);
  // The same equations and tolerances; the two differ by IDA's error control on the ledger rows and by the
  // factorisations' rounding: to the tolerance's scale (1000 rtol of the 0.05 m displacement).
  CHECK((banded - dense).cwiseAbs().maxCoeff() <= 1000 * 1e-10 * 0.05);
}

TEST_CASE("Moreau-Jean converges at first order on two masses with two Coulomb contacts") {
  SystemBuilder b("two masses");
  const std::size_t x1 = b.body("x1", 1.0, 0.2), x2 = b.body("x2", 0.5);
  b.spring("wall", b.at(x1), SystemBuilder::ground(), 50.0).spring("link", b.at(x1), b.at(x2), 30.0);
  b.contact("floor1", {{x1, 1.0}}, "coulomb", LawValues().set("mu", 0.2), 9.81);
  b.contact("floor2", {{x2, 1.0}}, "coulomb", LawValues().set("mu", 0.3), 4.905);
  const SystemSpec s = b.build();
  const double t_end = 0.8;  // through several stick/slip switches, before the final rest
  const CoulombSystemExact exact(s, t_end);
  const Vec ref = exact.at(t_end).q;
  std::vector<double> h, e;
  for (double dt = 4e-3; dt >= 2.4e-4; dt /= 2) {
    SystemRunSettings st;
    st.solver = "moreau", st.dt = dt;
    h.push_back(dt);
    e.push_back((final_q(s, st, t_end) - ref).cwiseAbs().maxCoeff());
  }
  const OrderFit fit = fit_order(h, e, std::vector<bool>(h.size(), true));
  MESSAGE("Moreau-Jean order " << fit.order << " (95 % " << fit.ci_low << " .. " << fit.ci_high << "), errors "
                               << e.front() << " .. " << e.back());
  // First order: a switch falls inside a step and is resolved at its end, an O(dt) error in the switch time.
  CHECK(fit.order >= 0.85);
  CHECK(fit.order <= 1.3);
}

TEST_CASE("Moreau-Jean's transitions: none for a system at rest, one stick where a sliding block stops") {
  // Two blocks on Coulomb floors, no springs: block 1 starts at v0 and decelerates at mu g, so it stops at
  // t_s = v0/(mu g) (exact); block 2 rests. Moreau-Jean resolves the stop at the end of the step it falls in (the
  // step's impulse takes the rest of the speed); block 2 is stuck from its first sample, with no transition. A block
  // at rest pushed below its threshold stays stuck, one pushed beyond it slides from its first sample: neither
  // records a transition.
  const double mu = 0.4, g = 9.81, v0 = 0.3, dt = 1e-3;
  SystemBuilder b("two blocks");
  const std::size_t x1 = b.body("x1", 1.0, 0.0, v0), x2 = b.body("x2", 2.0);
  b.contact("floor1", {{x1, 1.0}}, "coulomb", LawValues().set("mu", mu), g);
  b.contact("floor2", {{x2, 1.0}}, "coulomb", LawValues().set("mu", mu), 2 * g);
  SystemRunSettings st;
  st.solver = "moreau", st.dt = dt;
  std::vector<int> first;
  const SystemRunResult r = simulate(b.build(), st, 0, 0.2, [&](const SystemSample& s) {
    if (first.empty()) first = s.stuck;
  });
  CHECK(first == std::vector<int>{0, 1});
  REQUIRE(r.transitions.size() == 1);
  CHECK(r.transitions[0].contact == 0);
  CHECK(r.transitions[0].stuck_before == 0);
  CHECK(r.transitions[0].stuck_after == 1);
  const double t_s = v0 / (mu * g);
  CHECK(r.transitions[0].t >= t_s - 1e-12);
  CHECK(r.transitions[0].t <= t_s + dt + 1e-12);

  SystemBuilder rest("at rest");
  const std::size_t y = rest.body("y", 1.0);
  rest.contact("floor", {{y, 1.0}}, "coulomb", LawValues().set("mu", mu), g);
  rest.force("push", y, TimeFunction::of(0.5 * mu * g));  // below the threshold: it stays
  CHECK(simulate(rest.build(), st, 0, 0.1, nullptr).transitions.empty());

  SystemBuilder pushed("pushed");
  const std::size_t z = pushed.body("z", 1.0);
  pushed.contact("floor", {{z, 1.0}}, "coulomb", LawValues().set("mu", mu), g);
  pushed.force("push", z, TimeFunction::of(2 * mu * g));  // beyond the threshold: it slides from the start
  std::vector<int> first_pushed;
  const SystemRunResult p = simulate(pushed.build(), st, 0, 0.1, [&](const SystemSample& s) {
    if (first_pushed.empty()) first_pushed = s.stuck;
  });
  CHECK(first_pushed == std::vector<int>{0});
  CHECK(p.transitions.empty());
}

TEST_CASE("the energy ledger balances to each driver's tolerance") {
  // Two masses: one tied to a plate pulled at 0.3 m/s through a spring and a dashpot, the other on a belt at
  // 0.5 m/s, coupled by a spring; Coulomb or C-SDS contacts, an external force on the second mass.
  const auto spec = [](const std::string& law) {
    SystemBuilder b("driven");
    const std::size_t x1 = b.body("x1", 1.0), x2 = b.body("x2", 2.0, 0.1);
    TimeFunction plate;
    plate.rate = 0.3;
    b.spring("pull", b.at(x1), SystemBuilder::drive("plate", plate), 20.0, 0.5);
    b.spring("link", b.at(x1), b.at(x2), 10.0);
    b.force("push", x2, TimeFunction::of(1.0));
    LawValues v;
    v.set("mu", 0.3);
    if (law == "csds") v.set("kt", 2000).set("gamma_t", 5);
    b.contact("floor", {{x1, 1.0}}, law, v, 9.81);
    b.contact("belt", {{x2, 1.0}}, law, v, 19.62, TimeFunction::of(0.5));
    return b.build();
  };
  struct Case {
    std::string law, solver;
    double dt, tol;  // relative to the energy scale
  };
  // Adaptive drivers at rtol 1e-10: the ledger rows are integrated with the motion, 10 rtol (dopri5) and 100 rtol
  // (IDA's BDF restarted at each switch) of the energy; rk4 at dt = 1e-4 on the C-SDS: its fourth-order error
  // (omega dt)^4 with omega ~ sqrt(kt/m) = 45/s: 4e-10; Moreau-Jean with theta = 1/2 keeps the energy identity of the
  // linear part exactly and its impulses do the work P . W v_theta that the ledger counts: rounding, 1e-10. Measured:
  // 9e-12, 2e-10, 3e-14, 9e-14.
  for (const Case& c : {Case{"coulomb-filippov", "filippov:dopri5", 1e-3, 1e-9}, Case{"coulomb-dae", "ida", 1e-3, 1e-8},
                        Case{"csds", "rk4", 1e-4, 4e-10}, Case{"coulomb", "moreau", 1e-4, 1e-10}}) {
    CAPTURE(c.solver);
    SystemRunSettings st;
    st.solver = c.solver, st.dt = c.dt, st.rtol = 1e-10, st.atol = 1e-13, st.ledger = 1;
    Energy first;
    bool have = false;
    double worst = 0, scale = 0;
    simulate(spec(c.law), st, 0, 3.0, [&](const SystemSample& smp) {
      const Energy& en = smp.energy;
      if (!have) first = en, have = true;
      // K + V (the bodies' energy) changes by the friction's work on the slips (of which the laws' springs keep U)
      // and the work of forces, drives and moving surfaces less the dashpots'.
      const double balance = (en.kinetic + en.external) - (first.kinetic + first.external) - (en.work - first.work) -
                             (en.noise_work - first.noise_work);
      worst = std::max(worst, std::abs(balance));
      scale = std::max({scale, en.kinetic + en.external, std::abs(en.work - first.work), std::abs(en.noise_work - first.noise_work)});
    });
    MESSAGE(c.solver << ": balance " << worst << " of " << scale);
    CHECK(worst <= c.tol * scale);
  }
}
