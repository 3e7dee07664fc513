// core/sde_system.hpp — the interface a stochastic model implements and the SDE drivers consume
// (solvers/sde_integrator.hpp), as core/model.hpp is for the deterministic drivers:
//   dX = a(t, X) dt + b(t, X) dW,   W a vector of noise_size() independent standard Wiener processes.
// The system supplies the drift a and the product b(t, X) dW for a given increment dW (a model never forms the
// matrix b). Rows [0, configuration_size()) may be declared positions q whose rate q' depends only on the other
// rows (the velocities); the semi-implicit Euler-Maruyama advances them after the velocities.
#pragma once

#include "core/types.hpp"

namespace stickslip {

class SdeSystem {
 public:
  virtual ~SdeSystem() = default;
  virtual std::size_t size() const = 0;
  virtual std::size_t noise_size() const = 0;
  virtual void drift(double t, VecCRef x, VecRef a) const = 0;
  // out = b(t, x) dW.
  virtual void diffusion(double t, VecCRef x, VecCRef dW, VecRef out) const = 0;
  // Rows [0, configuration_size()) are positions whose rate depends only on rows >= configuration_size().
  virtual std::size_t configuration_size() const { return 0; }
  // Their rate; the default evaluates the whole drift (one allocation: systems with a configuration block override it).
  virtual void configuration_rate(double t, VecCRef x, VecRef qdot) const {
    Vec a(size());
    drift(t, x, a);
    qdot = a.head(qdot.size());
  }
};

}  // namespace stickslip
