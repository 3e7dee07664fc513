// studies/python/python_law.hpp — a tangential friction law written in Python as a law of the law layer
// (models/contact/law.hpp), so that models/contact_model.hpp assembles it on any 1-D relation and every driver runs
// it in the forms it provides, as it runs a law of the registry. Its forms follow from the methods the Python object
// has (stickslip.Law documents them; c is the relation's contact: c.v slip velocity, c.m_star effective mass,
// c.a_free slip acceleration without friction, c.f_stick the force that holds the contact; fn the normal force;
// xi/z the law's state, one number):
//   rate        force(c, fn, xi), rate(c, fn, xi)                  -> form_rate (odeint, CVODE; IDA's default
//                                                                     residual unless rate_jumps = True)
//   slip force  slip_force(c, fn)                                   -> form_slip_force (no law state)
//   set-valued  static_threshold(fn), sliding_force(u, fn)          -> the Filippov pieces, the hybrid DAE of
//               (models/contact/set_valued.hpp)                        Krengel & Matuttis (IDA) and the sign form
//   hybrid      initial_mode(c, fn, z), mode_force(c, fn, z, mode), -> form_hybrid: modes located as events
//               mode_rate(c, fn, z, mode), events(c, fn, z, mode) -> (g0, g1) (g < 0 while the mode holds),
//               on_event(c, fn, z, mode, which) -> mode or (mode, z)
//   DAE         the hybrid methods + residual(c, fn, z, zdot, mode), -> form_dae (IDA): its own hybrid DAE, in
//               algebraic(mode); optional holds_slip(mode),              place of the set-valued one; its state
//               project(c, fn, z, mode) -> z, dae_force = True            is a spring unless dae_force = True
// Modes are HybridMode's numbers (free 0, stick 1, slide + 2, slide - 3). Every call holds the GIL (a run with a
// Python law keeps it). A Python exception raised by a method is kept (error()) and the run ends: the caller
// re-raises it as itself, also where a SUNDIALS callback turned it into a solver failure.
#pragma once

#include <pybind11/pybind11.h>

#include <exception>
#include <memory>
#include <string>

#include "models/contact/law.hpp"
#include "models/contact/registry.hpp"
#include "models/contact/set_valued.hpp"

namespace stickslip::python {

namespace py = pybind11;

class PythonLaw {
 public:
  static constexpr bool set_valued = true;  // the concept's marker; whether it is used follows from forms()

  PythonLaw(py::object law, std::string name);
  const std::string& name() const { return name_; }
  unsigned forms() const { return forms_; }
  // Whether the DAE's state is a spring: its own DAE's (unless it sets dae_force = True), not the set-valued DAE's.
  bool dae_holds_spring() const { return own_dae_ && !dae_force_; }
  // The first Python exception a method raised during the run (null: none).
  std::exception_ptr error() const { return *error_; }
  void clear_error() const { *error_ = nullptr; }

  // rate form
  VecD<1> force(const Slip1& c, double fn, const VecD<1>& xi) const { return VecD<1>(call("force", c, fn, xi[0])); }
  VecD<1> rate(const Slip1& c, double fn, const VecD<1>& xi) const { return VecD<1>(call("rate", c, fn, xi[0])); }
  // slip force: its own, else the set-valued law's sign form
  VecD<1> force(const Slip1& c, double fn) const;
  // set-valued
  double static_threshold(double fn) const { return call("static_threshold", fn); }
  double sliding_force(double u, double fn) const { return call("sliding_force", u, fn); }

  // The hybrid form (events) and the DAE (its own, else the set-valued one): one type, the form chosen at run time.
  struct Hybrid {
    const PythonLaw& law;
    bool dae = false, projection = true;
    bool own() const { return !dae || law.own_dae_; }
    int initial_mode(const Slip1& c, double fn, double z) const;
    double force(const Slip1& c, double fn, double z, int mode) const;
    double rate(const Slip1& c, double fn, double z, int mode) const;
    void events(const Slip1& c, double fn, double z, int mode, double* g) const;
    int on_event(const Slip1& c, double fn, double& z, int mode, int which) const;
    void project(const Slip1& c, double fn, double& z, int mode) const;
    bool algebraic(int mode) const;
    double residual(const Slip1& c, double fn, double z, double zdot, int mode) const;
    ModelForm form() const { return dae ? ModelForm::dae : ModelForm::ode; }
    bool holds_slip(int mode) const;
  };
  Hybrid hybrid() const { return {*this, false, true}; }
  Hybrid dae(bool projection) const { return {*this, true, projection}; }

  bool has(const char* method) const { return py::hasattr(law_, method); }
  template <class... A>
  double call(const char* method, A&&... args) const {
    const py::object r = invoke(method, std::forward<A>(args)...);
    try {
      return py::cast<double>(r);
    } catch (const py::cast_error&) {
      throw InputError("law", name_, std::string(method) + " must return a number, not " +
                                         py::str(r.get_type().attr("__name__")).cast<std::string>());
    }
  }
  template <class... A>
  py::object invoke(const char* method, A&&... args) const {
    try {
      return law_.attr(method)(std::forward<A>(args)...);
    } catch (py::error_already_set&) {
      if (!*error_) *error_ = std::current_exception();
      throw std::runtime_error("the Python law " + name_ + "." + method + " raised an exception");
    }
  }

 private:
  py::object law_;
  std::string name_;
  unsigned forms_ = 0;
  bool own_dae_ = false, dae_force_ = false, own_slip_force_ = false;
  std::shared_ptr<std::exception_ptr> error_ = std::make_shared<std::exception_ptr>();
};

}  // namespace stickslip::python
