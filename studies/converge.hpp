// studies/converge.hpp — `stickslip converge STUDY --observable NAME [--solver LIST] [--dt FROM:TO:LEVELS]
// [--rtol FROM:TO:LEVELS] [--reference exact|richardson|finest] [--floor E] [--set KEY=VALUE]... [--out DIR]
// [--work] [--json]`: the order of convergence of any observable a study declares (studies/observable.hpp).
//
// For every integrator spec (solvers/integrator_spec.hpp) the observable is measured at LEVELS resolutions spaced
// geometrically from FROM to TO: the step dt of a fixed-step scheme, the relative tolerance rtol of an adaptive
// one (dopri5, cvode, ida). error = |y(h) - reference| with the reference
//   exact       the study's exact value (refused where the study has none)
//   richardson  per solver, from its three finest levels y1, y2, y3 (ratio r = h2 / h3): observed order
//               q = log(|y1 - y2| / |y2 - y3|) / log(h1 / h2), reference y3 + (y3 - y2) / (r^q - 1)
//   finest      per solver, one more run at h_min / 4
// The order is fitted by least squares over the detected asymptotic range with a 95 % confidence interval
// (core/order_fit.hpp); pre-asymptotic and round-off points are drawn, not fitted; errors <= floor (default
// 1e-12 |reference|) count as round-off.
// Writes converge.csv (one row per run; units in the header; text columns as codes, legend in summary.json),
// summary.json, converge.png (log-log, reference slopes h^1..h^4) and, with --work, work.png (error against rhs
// evaluations and against wall time: the work-precision diagram).
#pragma once

#include <string>
#include <vector>

namespace stickslip {

int converge_command(const std::vector<std::string>& args);

}  // namespace stickslip
