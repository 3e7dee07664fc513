// tests/models/system/test_guard_groups.cpp — the switching guard's grouped finite differences (Model::event_reads:
// the entries each switching function of a system reads) give the noise bands of the one-entry-at-a-time
// differences, on random block chains with stuck and sliding contacts in the Filippov and the DAE form, with a number
// of evaluations of g per restart that does not grow with the chain (it was n + 3: O(n^2) per located event).
#include <doctest/doctest.h>

#include <random>
#include <string>

#include "models/system/system_assembly.hpp"
#include "solvers/filippov_driver.hpp"
#include "solvers/switching_guard.hpp"

namespace {

using namespace stickslip;

// The model without its event_reads: the guard perturbs one entry at a time.
class Opaque final : public Model {
 public:
  explicit Opaque(const Model& m) : m_(m) {}
  std::size_t size() const override { return m_.size(); }
  std::vector<std::string> state_names() const override { return m_.state_names(); }
  void rhs(double t, VecCRef x, const Mode& mode, VecRef xdot) const override { m_.rhs(t, x, mode, xdot); }
  std::size_t num_events() const override { return m_.num_events(); }
  void events(double t, VecCRef x, const Mode& mode, VecRef g) const override { m_.events(t, x, mode, g); }
  int event_direction(std::size_t which) const override { return m_.event_direction(which); }

 private:
  const Model& m_;
};

// n blocks on a floor, springs and dashpots between neighbours, every third block at rest (stuck), the others sliding.
SystemSpec chain(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<double> U(0, 1);
  SystemBuilder b("chain");
  for (std::size_t i = 0; i < n; ++i)
    b.body("b" + std::to_string(i), 0.5 + U(rng), 0.01 * (U(rng) - 0.5), i % 3 == 0 ? 0.0 : 0.4 * (U(rng) - 0.5));
  b.spring("wall", SystemBuilder::ground(), b.at(0), 100);
  for (std::size_t i = 1; i < n; ++i) b.spring("k" + std::to_string(i), b.at(i - 1), b.at(i), 50 + 100 * U(rng), 0.1 * U(rng));
  for (std::size_t i = 0; i < n; ++i)
    b.contact("c" + std::to_string(i), {{i, 1.0}}, "coulomb", LawValues().set("mu", 0.2 + 0.5 * U(rng)), 9.81);
  return b.build();
}

// Restarts the guard on the model and on its opaque copy at (0, x): the bands agree to rounding (the grouped sums add
// the same terms in another order) and the grouped restart costs a bounded number of evaluations of g.
void check_bands(const Model& model, VecRef x) {
  const Mode mode = model.initial_mode(0, x);
  model.project(0, x, mode);
  const Opaque opaque(model);
  RunStats grouped_stats, dense_stats;
  SwitchingGuard grouped(model, 1e-8, 1e-10, grouped_stats), dense(opaque, 1e-8, 1e-10, dense_stats);
  grouped.restart(0, x, mode);
  dense.restart(0, x, mode);
  REQUIRE(grouped.band().size() == dense.band().size());
  for (Eigen::Index i = 0; i < dense.band().size(); ++i) {
    INFO("switching function " << i);
    CHECK(grouped.band()[i] == doctest::Approx(dense.band()[i]).epsilon(1e-13));
  }
  CHECK(dense_stats.root_evals == static_cast<long>(model.size()) + 3);
  CHECK(grouped_stats.root_evals <= 12);  // a chain: 3 neighbouring bodies x (q, v) = 6 groups, + 3
  CHECK(grouped.inconsistent() == dense.inconsistent());
}

}  // namespace

TEST_CASE("grouped finite differences of the switching guard equal the entry-by-entry ones on random chains") {
  std::mt19937 rng(20261129);
  for (int draw = 0; draw < 6; ++draw) {
    const std::size_t n = 10 + 7 * static_cast<std::size_t>(draw);
    const SystemSpec spec = chain(n, rng);
    CAPTURE(n);
    {
      SystemAssemblyOptions o;
      o.driver = Driver::filippov;
      o.ledger = 0;
      const AssembledSystem a = assemble_system(spec, o);
      const FilippovModel model(*a.filippov);
      Vec x = a.initial_state();
      check_bands(model, x);
    }
    {
      SystemAssemblyOptions o;
      o.driver = Driver::ida;
      o.ledger = 0;
      const AssembledSystem a = assemble_system(spec, o);
      Vec x = a.initial_state();
      check_bands(*a.model, x);
    }
  }
}
