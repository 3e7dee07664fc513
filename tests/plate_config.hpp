// tests/plate_config.hpp — the sliding plates of seed 001 (m = k = 1, gamma = 2, F_max = 1; v(0) = 4, xi(0) = 0)
// as one run's configuration (studies/papers/fuhrer_brendel_wolf/plate_runs.hpp), for the tests that integrate them.
#pragma once

#include "studies/papers/fuhrer_brendel_wolf/plate_runs.hpp"

namespace stickslip::test {

inline PlateRunConfig seed001_plates(const std::string& law, Scheme kind, double dt, bool events, double t_end = 5,
                                     double v0 = 4) {
  PlateRunConfig c;
  c.p = {1, 1, 2, 1};
  c.law = law;
  c.v0 = v0;
  c.t_end = t_end;
  c.solver.kind = kind;
  c.solver.dt = dt;
  c.solver.events = events;
  c.solver.rtol = 1e-10;  // dopri5, cvode, ida
  c.solver.atol = 1e-12;
  return c;
}

}  // namespace stickslip::test
