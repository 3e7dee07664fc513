// studies/experiment/property_checks.hpp — randomized property checks of every model x driver (the layer behind
// `stickslip verify` and tests/studies/experiment/test_verify.cpp).
//
// A PropertyCheck names a model (with its law), a driver, the physically meaningful range of every parameter
// it draws, and a run function that takes one draw and returns measurements: each an error and the tolerance
// that the driver's own accuracy allows (derived from rtol/atol for the adaptive drivers, from the scheme's
// order for the fixed-step ones, from a statistical error for the stochastic ones). A draw passes when every
// error is finite and <= its tolerance. Draws are reproducible: draw i of a check under seed S uses an RNG
// seeded from (S, check name, i), so `stickslip verify --model M --solver D --seed S --draw I` reruns it.
// Each range also lists values the model must refuse (non-positive mass, NaN ...): the runner sets them one at
// a time and expects an InputError naming the key (exit 2 on the command line).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace stickslip {

struct ParameterRange {
  std::string key;
  double lo, hi;
  bool log_scale = false;             // draw log-uniformly (scales); otherwise uniformly
  std::vector<double> invalid = {};   // values the model must reject with an InputError naming `key`
};

// One draw: key -> value.
class Draw {
 public:
  double operator[](const std::string& key) const;  // throws std::logic_error for a key not drawn
  void set(const std::string& key, double value) { values_[key] = value; }
  const std::map<std::string, double>& values() const { return values_; }
  std::string describe() const;  // "k=0.5 m=2 ..." at full precision

 private:
  std::map<std::string, double> values_;
};

struct Measurement {
  std::string name;   // what was compared ("max |v - v_exact|", "t_stick", "order ratio" ...)
  double error;
  double tolerance;
  bool passed() const;  // finite and error <= tolerance
};

struct PropertyCheck {
  std::string model;   // "sliding-plates/csds", "incline-block/coulomb:stop" (model/law[:property]), unique with driver
  std::string driver;  // solver name as the command line spells it ("rk4", "cvode", "ida", "trapezoid", ...,
                       // "event-driven": not an integrator spec, matched by name)
  std::string what;    // one line: the reference and why the tolerance is what it is
  std::vector<ParameterRange> ranges;
  std::function<std::vector<Measurement>(const Draw&)> run;
  int cost = 1;        // relative cost of one draw, in units of a few ms (the runner gives expensive checks fewer draws)
  // Optional: false for a draw whose outcome is decided below any tolerance (a motion that ends within round-off
  // of a stick/slip threshold); make_draw then draws again (deterministically), at most 1000 times.
  std::function<bool(const Draw&)> admissible = {};
};

// Every check, in a fixed order; each model contributes from its own file (studies/property_checks_*.cpp).
std::vector<PropertyCheck> all_property_checks();
std::vector<PropertyCheck> plate_property_checks();
std::vector<PropertyCheck> oscillator_property_checks();
std::vector<PropertyCheck> block_property_checks();
std::vector<PropertyCheck> sphere_property_checks();
std::vector<PropertyCheck> stochastic_property_checks();
std::vector<PropertyCheck> container_property_checks();
std::vector<PropertyCheck> belt_property_checks();
std::vector<PropertyCheck> heap_property_checks();
std::vector<PropertyCheck> polygon_property_checks();  // the polygon block on the slope, polygon pairs on the engine
std::vector<PropertyCheck> particle_property_checks();  // container on the engine, event-driven hard spheres
// Systems of several frictional contacts (property_checks_systems.cpp): random two-mass systems, chains, ledgers and
// coupled contacts against exact solutions, closed forms and invariants.
std::vector<PropertyCheck> system_property_checks();
// The checks `verify --model FILE.toml` builds from a system file (property_checks_system_file.cpp): its numbers drawn
// around the file's values; per driver that runs it the energy ledger, Coulomb's law at every sample, the exact
// solution where it applies. InputError for a file that cannot be read.
std::vector<PropertyCheck> system_file_property_checks(const std::string& path);
// Whether a --model filter names a system file: FILE.toml, or FILE.toml:PROPERTY (one of its checks); path: the file.
bool names_system_file(const std::string& filter, std::string* path = nullptr);
// The generic checks of the law registry: every runnable cell law x relation x driver (property_checks_laws.cpp).
std::vector<PropertyCheck> law_property_checks();

// Draw i of a check under seed S (reproducible across runs and machines: std::mt19937_64 and our own
// uniform mapping, no std::uniform_real_distribution).
Draw make_draw(const PropertyCheck& check, unsigned long long seed, long index);

}  // namespace stickslip
