// studies/python/python_law.cpp — see python_law.hpp.
#include "studies/python/python_law.hpp"

#include <pybind11/stl.h>

#include "core/errors.hpp"

namespace stickslip::python {

PythonLaw::PythonLaw(py::object law, std::string name) : law_(std::move(law)), name_(std::move(name)) {
  const auto truthy = [&](const char* attr) { return has(attr) && py::bool_(law_.attr(attr)); };
  const bool rate = has("force") && has("rate"), slip = has("slip_force");
  const bool set = has("static_threshold") && has("sliding_force");
  const bool hybrid = has("initial_mode") && has("mode_force") && has("mode_rate") && has("events") && has("on_event");
  own_dae_ = hybrid && has("residual") && has("algebraic");
  own_slip_force_ = slip;
  dae_force_ = truthy("dae_force");
  if (has("force") != has("rate"))
    throw_input("law", name_, "the rate form needs both force(c, fn, xi) and rate(c, fn, xi)");
  if (has("static_threshold") != has("sliding_force"))
    throw_input("law", name_, "a set-valued law needs both static_threshold(fn) and sliding_force(u, fn)");
  if (rate) forms_ |= form_rate | (truthy("rate_jumps") ? form_jumps : 0u);
  if (slip || set) forms_ |= form_slip_force;
  if (slip && truthy("force_jumps")) forms_ |= form_jumps;
  if (set) {
    forms_ |= form_filippov | form_dae;
    if (!slip) forms_ |= form_jumps;  // the sign form jumps at v = 0
  }
  if (hybrid) forms_ |= form_hybrid;
  if (own_dae_) forms_ |= form_dae;
  if (forms_ == 0)
    throw_input("law", name_, "provides no form; a law defines force and rate (rate form), slip_force, "
                              "static_threshold and sliding_force (set-valued), or the hybrid methods (stickslip.Law)");
}

namespace {
// The set-valued law's hybrid DAE (models/contact/set_valued.hpp) on the Python law's two functions.
SetValuedDae<PythonLaw> set_valued_dae(const PythonLaw::Hybrid& h) { return {h.law, h.projection}; }
}  // namespace

VecD<1> PythonLaw::force(const Slip1& c, double fn) const {
  if (own_slip_force_) return VecD<1>(call("slip_force", c, fn));
  return slip_force_of(c.vt, [&](double u) { return sliding_force(u, fn); });
}

int PythonLaw::Hybrid::initial_mode(const Slip1& c, double fn, double z) const {
  if (!own()) return set_valued_dae(*this).initial_mode(c, fn, z);
  return py::cast<int>(law.invoke("initial_mode", c, fn, z));
}

double PythonLaw::Hybrid::force(const Slip1& c, double fn, double z, int mode) const {
  if (!own()) return set_valued_dae(*this).force(c, fn, z, mode);
  return law.call("mode_force", c, fn, z, mode);
}

double PythonLaw::Hybrid::rate(const Slip1& c, double fn, double z, int mode) const {
  if (!own()) return set_valued_dae(*this).rate(c, fn, z, mode);
  return law.call("mode_rate", c, fn, z, mode);
}

void PythonLaw::Hybrid::events(const Slip1& c, double fn, double z, int mode, double* g) const {
  if (!own()) return set_valued_dae(*this).events(c, fn, z, mode, g);
  const py::object r = law.invoke("events", c, fn, z, mode);
  try {
    const auto t = py::cast<std::pair<double, double>>(r);
    g[0] = t.first, g[1] = t.second;
  } catch (const py::cast_error&) {
    throw_input("law", law.name(), "events(c, fn, z, mode) must return two numbers (g0, g1)");
  }
}

int PythonLaw::Hybrid::on_event(const Slip1& c, double fn, double& z, int mode, int which) const {
  if (!own()) return set_valued_dae(*this).on_event(c, fn, z, mode, which);
  const py::object r = law.invoke("on_event", c, fn, z, mode, which);
  if (py::isinstance<py::tuple>(r)) {
    const auto t = py::cast<std::pair<int, double>>(r);
    z = t.second;
    return t.first;
  }
  return py::cast<int>(r);
}

void PythonLaw::Hybrid::project(const Slip1& c, double fn, double& z, int mode) const {
  if (!own()) return set_valued_dae(*this).project(c, fn, z, mode);
  if (law.has("project")) z = law.call("project", c, fn, z, mode);
}

bool PythonLaw::Hybrid::algebraic(int mode) const {
  if (!own()) return set_valued_dae(*this).algebraic(mode);
  return dae && py::cast<bool>(law.invoke("algebraic", mode));
}

double PythonLaw::Hybrid::residual(const Slip1& c, double fn, double z, double zdot, int mode) const {
  if (!own()) return set_valued_dae(*this).residual(c, fn, z, zdot, mode);
  if (dae) return law.call("residual", c, fn, z, zdot, mode);
  return zdot - rate(c, fn, z, mode);
}

bool PythonLaw::Hybrid::holds_slip(int mode) const {
  if (!own()) return set_valued_dae(*this).holds_slip(mode);
  return dae && projection && law.has("holds_slip") && py::cast<bool>(law.invoke("holds_slip", mode));
}

}  // namespace stickslip::python
