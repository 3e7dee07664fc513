// models/particles/disc_material.hpp against the mapping written out by hand: for m* = 1/2 (mean mass 1), Y = 4 and
// D = 1 the normal frequency is w0 = sqrt(4/0.5) = sqrt(8), the damping ratio 1/2 and the damped contact time
// pi/(w0 sqrt(3/4)); at the seed's material and disc size dt = t_c/30 is the seed's 5e-6 s.
#include <doctest/doctest.h>

#include <cmath>

#include "models/particles/disc_material.hpp"

using namespace stickslip;

TEST_CASE("disc material: k_n = Y x 1 m, gamma_n = D sqrt(k_n/m*), tangential and rolling from their ratios") {
  const DiscMaterial m{4, 1, 0.5, 0.25, 0.1, 2};
  const DiscContactParameters c = disc_contact_parameters(m, 1.0);
  CHECK(c.kn == 4);
  CHECK(c.damping_ratio == 0.5);
  CHECK(c.gamma_n == doctest::Approx(std::sqrt(8.0)));
  CHECK(c.kt == 2);
  CHECK(c.gamma_t == doctest::Approx(0.25 * std::sqrt(4.0)));
  CHECK(c.k_roll == doctest::Approx(0.4));
  CHECK(c.gamma_roll == doctest::Approx(2 * std::sqrt(0.8)));
  CHECK(c.contact_time == doctest::Approx(M_PI / (std::sqrt(8.0) * std::sqrt(0.75))));
}

TEST_CASE("disc material: overdamped contacts take pi/w0; the seed's material gives dt = t_c/30 ~ 5e-6 s") {
  const DiscContactParameters over = disc_contact_parameters({4, 3, 0.5, 0.25, 0.1, 2}, 1.0);
  CHECK(over.contact_time == doctest::Approx(M_PI / std::sqrt(8.0)));
  // rho 5000, r = 2.5 mm with radii uniform in r (1 +- 0.2): <r^2> = r^2 (1 + 0.2^2/3)
  const double r = 2.5e-3, mean_mass = 5000 * M_PI * r * r * (1 + 0.04 / 3);
  const DiscContactParameters seed = disc_contact_parameters({5e7, 1.5, 2.0 / 7, 0.25, 2.0 / 7, 0.25}, mean_mass);
  CHECK(seed.contact_time / 30 == doctest::Approx(5e-6).epsilon(0.01));
}
