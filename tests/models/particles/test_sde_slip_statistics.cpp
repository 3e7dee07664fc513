// SlipStatistics (models/particles/sde_slip_statistics.hpp), what a stochastic-friction run measures at its samples,
// on a pair of spheres in contact fed three chosen states, against the same quantities computed by hand: the ratio
// <|u_perp|^2>/(2 kT nu), the mean squares of the scaled components in the contact's tangent basis, the histogram
// of those components, the autocorrelation of u_perp at lags 0..2, sphere 0's variance ratios.
#include <doctest/doctest.h>

#include <cmath>
#include <tuple>
#include <vector>

#include "models/contact/law.hpp"
#include "models/particles/sde_equipartition.hpp"
#include "models/particles/sde_slip_statistics.hpp"

using namespace stickslip;

TEST_CASE("SlipStatistics: the ratio, components, histogram, autocorrelation and sphere 0's variances by hand") {
  EngineSdeSetup setup;
  for (const double x : {0.0, 2.0}) {  // radius 1, mass 1: touching along x
    const std::size_t p = setup.bodies.add(Vec3(x, 0, 0), Vec3::Zero(), 1.0, 1.0);
    setup.bodies.inv_inertia[p] = 1 / 0.4;
  }
  setup.contacts = all_pairs(2);
  setup.kT = 1.5;
  LawValues v;
  v.law_key = "law";
  v.set("gamma", 0.7).set("mu", 0.4).set("u_scale", 1.0);  // what the stochastic-friction study passes every law
  const auto model = make_engine_sde(setup, "law", "linear", v);
  const double kT = setup.kT, nu = model->nu(0);
  REQUIRE(nu > 0);

  // Three states: sphere 1 moving in the tangent plane (and along n, which u_perp leaves out), sphere 0 spinning.
  std::vector<Vec> states;
  for (const auto& [vj, w0, v0] : {std::tuple{Vec3(0.3, 1.0, -0.5), Vec3(0, 0, 0), Vec3(0, 0, 0)},
                                   std::tuple{Vec3(-0.1, 0.2, 0.6), Vec3(0.1, 0.4, 0), Vec3(0.5, 0, 0)},
                                   std::tuple{Vec3(0, -0.8, 0.1), Vec3(0, 0, 0.3), Vec3(0, 0.2, -0.1)}}) {
    Vec x = model->initial_state();
    x.segment<3>(3 * (2 + 0)) = v0;  // velocities after the positions (3 N), spins after the velocities
    x.segment<3>(3 * (2 + 1)) = vj;
    x.segment<3>(3 * (4 + 0)) = w0;
    states.push_back(x);
  }
  const Vec predicted = (Vec(6) << 0.5, 2.0, 1.0, 0.0, 4.0, 1.0).finished();  // omega_x not predicted (left out)
  SlipStatisticsSpec spec;
  spec.kT = kT;
  spec.histogram_bins = 10;
  spec.histogram_range = 5;
  spec.samples = 3;
  spec.lags = 2;
  SlipStatistics st(spec, *model, predicted, states.front());
  for (const Vec& x : states) st.sample(x);
  REQUIRE(st.count() == 3);

  Vec3 e1, e2;
  tangent_basis(model->kinematics(states.front(), 0).n, e1, e2);
  double ratio = 0, z1 = 0, z2 = 0;
  std::vector<Vec3> u;
  std::vector<double> part(6, 0.0);
  for (const Vec& x : states) {
    u.push_back(-model->kinematics(x, 0).vt);
    ratio += u.back().squaredNorm() / (2 * kT * nu) / 3;
    z1 += std::pow(u.back().dot(e1), 2) / (kT * nu) / 3;
    z2 += std::pow(u.back().dot(e2), 2) / (kT * nu) / 3;
    for (int a = 0; a < 3; ++a) {
      part[a] += std::pow(model->velocity(x, 0)[a], 2) / 3;
      part[3 + a] += std::pow(model->spin(x, 0)[a], 2) / 3;
    }
  }
  CHECK(st.ratio() == doctest::Approx(ratio).epsilon(1e-13));
  const std::vector<double> comp = st.component_ratios();
  REQUIRE(comp.size() == 2);
  CHECK(comp[0] == doctest::Approx(z1).epsilon(1e-13));
  CHECK(comp[1] == doctest::Approx(z2).epsilon(1e-13));
  CHECK(comp[0] + comp[1] == doctest::Approx(2 * ratio).epsilon(1e-13));  // |u_perp|^2 = (u.e1)^2 + (u.e2)^2
  const std::vector<double> pv = st.particle_variance_ratios();
  for (int a = 0; a < 6; ++a)
    CHECK(pv[a] == doctest::Approx(predicted[a] > 0 ? part[a] / predicted[a] : 0.0).epsilon(1e-13));
  // The histogram of the six scaled components: a density (sums to 1 over the bins times their width).
  const double width = 2 * spec.histogram_range / spec.histogram_bins;
  double mass = 0;
  for (int b = 0; b < st.slip_histogram().bins(); ++b) mass += st.slip_histogram().density(b) * width;
  CHECK(mass == doctest::Approx(1.0).epsilon(1e-12));
  // C(k) = <u(t) . u(t - k)> / <|u|^2>.
  const auto& acf = st.autocorrelation();
  REQUIRE(acf.lags_with_data() == 3);
  const double c0 = (u[0].squaredNorm() + u[1].squaredNorm() + u[2].squaredNorm()) / 3;
  CHECK(acf.correlation(0) == doctest::Approx(1.0));
  CHECK(acf.correlation(1) == doctest::Approx((u[1].dot(u[0]) + u[2].dot(u[1])) / 2 / c0).epsilon(1e-13));
  CHECK(acf.correlation(2) == doctest::Approx(u[2].dot(u[0]) / c0).epsilon(1e-13));
}
