// core/energy_ledger.hpp — kinetic energy, stored elastic energy, friction work and dissipation of a run.
//
// For a contact with tangential spring xi the ledger is (seed 001, eq. 11 integrated in time)
//   W(t) = int_0^t F . v dt'          work of the friction force on the relative motion (a state component)
//   U(t) = 1/2 k |xi(t)|^2             elastic energy of the tangential spring
//   D(t) = -(W(t) - W(0)) - (U(t) - U(0))   cumulative dissipation
// A law that obeys eq. 11 has D(t) >= 0 for all t; energy_created = max(0, -min_t D(t)) measures how much
// energy a law (or an integrator) creates from nothing.
// Bodies may also have conservative potential energy V (bonds, gravity) and receive the work W_R of a
// stochastic force (seed 003); the balance
//   B(t) = (K + V)(t) - (K + V)(0) - (W(t) - W(0)) - (W_R(t) - W_R(0))
// vanishes for the exact dynamics, so |B| measures an integrator's energy error.
#pragma once

#include <limits>
#include <vector>

namespace stickslip {

struct Energy {
  double kinetic = 0;    // 1/2 m v^2 (+ rotational), J
  double potential = 0;  // elastic energy in the springs that the friction law owns, J
  double work = 0;       // W: work of the friction force on the relative motion, J
  double noise_work = 0; // W_R: work of a stochastic force, J
  double external = 0;   // V: conservative potential energy outside the friction law (bonds, gravity), J
};

class EnergyLedger {
 public:
  void add(double t, const Energy& e);
  std::size_t size() const { return t_.size(); }
  double time(std::size_t i) const { return t_[i]; }
  const Energy& at(std::size_t i) const { return e_[i]; }
  double dissipation(std::size_t i) const;  // D(t_i)
  double energy_created() const;            // max(0, -min_i D(t_i))
  double balance(std::size_t i) const;      // B(t_i)
  double max_abs_balance() const;           // max_i |B(t_i)|

 private:
  std::vector<double> t_;
  std::vector<Energy> e_;
};

// The same terms for a stream of samples, none kept: each sample's W - W(0), W_R - W_R(0), B and D, and over the
// samples so far max |B|, the energy scale (the largest of K + V, |W - W(0)|, |W_R - W_R(0)|), the last D and
// energy_created. The first sample added is t = 0's.
class EnergyBalance {
 public:
  struct Terms {
    double work = 0, noise_work = 0, balance = 0, dissipation = 0;
  };
  Terms add(const Energy& e);
  double max_abs_balance() const { return max_balance_; }
  double scale() const { return scale_; }
  double balance_relative() const { return scale_ > 0 ? max_balance_ / scale_ : 0.0; }  // max |B| / scale
  double dissipation() const { return last_dissipation_; }  // D at the last sample
  double energy_created() const { return lowest_dissipation_ < 0 ? -lowest_dissipation_ : 0.0; }

 private:
  Energy first_;
  bool started_ = false;
  double max_balance_ = 0, scale_ = 0, last_dissipation_ = 0, lowest_dissipation_ = 0;
};

}  // namespace stickslip
