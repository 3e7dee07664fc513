// studies/python/bind_particles.cpp — the particle engine from Python: the class
// stickslip._core._Particles behind stickslip.ParticleSystem (studies/python/stickslip/particles.py).
//
// A system is N discs (2-D: positions of shape (N, 2); z = 0, I = m r^2/2) or spheres (3-D: (N, 3), I = 2/5 m r^2)
// in ParticleArrays (models/particles/particle_arrays.hpp), with plane and segment walls, an optional periodic box
// and gravity (models/particles/boundaries.hpp), run by ParticleEngine<Normal, Tangential>
// (models/particles/particle_engine.hpp): the normal law linear (LinearSpringDashpot: f_n = k_n h + gamma_n m* hdot)
// or hertz (HertzDamped: Campello eq. 19-23), the tangential law any registry law with a discrete increment on
// particle contacts (models/particles/engine_laws.hpp: with_tangential_law), each parameter checked against the
// law's declared range (make_law). The law pair is chosen once at construction; the object behind the Python
// class is SystemOf<Normal, Tangential> behind the interface System (one virtual call per Python call, none per
// contact).
// Stepping: the engine's one entry, simulate (solvers/particles/engine_simulate.hpp, as the studies: velocity Verlet
// or the generalized trapezoid of Campello, §4, eq. 40-49, with check_interrupt between steps), the GIL released
// and SignalScope active, so Ctrl-C stops
// between steps with the state of the last completed step. The energy ledger (models/particles/energy.hpp) is kept
// at every step and read as the studies report it (studies/experiment/particle_ledger.hpp: ledger_json). Dumps: the
// studies' ParticleDumps (solvers/particles/particle_dumps.hpp), a LAMMPS atom dump and a contact dump.
// Views: the per-body arrays are std::vectors of Vec3 (24 bytes, 3 contiguous doubles) or of double, so positions,
// velocities, spins, forces, torques (and radii, masses) are numpy views with strides (24, 8) into them, read-only,
// their base the Python object (it outlives every view). The engine never reallocates them (the spatial sort is off:
// sort_interval = 0), so a view stays valid and reflects every step.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/interrupt.hpp"
#include "core/trapezoid_options.hpp"
#include "models/contact/normal_registry.hpp"
#include "models/particles/engine_laws.hpp"
#include "models/particles/granular_gas.hpp"
#include "solvers/integrator_spec.hpp"
#include "solvers/particles/engine_simulate.hpp"
#include "studies/experiment/output.hpp"
#include "solvers/particles/particle_dumps.hpp"
#include "studies/experiment/particle_ledger.hpp"
#include "studies/python/bindings.hpp"

namespace py = pybind11;

namespace stickslip::python {

namespace {

using Array = py::array_t<double, py::array::c_style | py::array::forcecast>;

// The contacts of a state (the engine's for_each_pair_force / for_each_wall_force): i, j (-1: a wall), the unit
// normal from i towards j or the wall, the force on i, f_n = -F.n (> 0 pushes apart), F_t = F + f_n n.
struct ContactList {
  std::vector<long> i, j;
  std::vector<Vec3> normal, force, tangential;
  std::vector<double> fn;
  void add(std::size_t a, long b, const Vec3& n, const Vec3& f) {
    const double f_n = -f.dot(n);
    i.push_back(static_cast<long>(a));
    j.push_back(b);
    normal.push_back(n);
    force.push_back(f);
    fn.push_back(f_n);
    tangential.push_back(f + f_n * n);
  }
};

// The law-independent part of a system, as construction reads it.
struct Scene {
  ParticleArrays bodies;
  Boundaries boundaries;
  double skin = 0;
  int threads = 1;
};

class System {
 public:
  virtual ~System() = default;
  // n steps of dt under `how`'s driver (velocity Verlet, or the trapezoid with its options: nominal steps, split
  // where the fixed point does not converge); stops (Interrupted) between steps on a signal.
  virtual void advance(long n, double dt, const EngineStepper& how) = 0;
  virtual ContactList contacts() const = 0;
  virtual nlohmann::json ledger() const = 0;
  virtual void open_dumps(long every, const std::filesystem::path& dir, const std::string& stem) = 0;
  virtual void close_dumps() = 0;
  virtual const Boundaries& boundaries() const = 0;
  GranularState state;
  long steps = 0;
  std::string normal, tangential;
  int dim = 3;
};

template <class Normal, class Tangential>
class SystemOf final : public System {
 public:
  SystemOf(const Normal& n, const Tangential& t, Scene scene) {
    engine_.normal = n;
    engine_.tangential = t;
    engine_.boundaries = std::move(scene.boundaries);
    engine_.skin = scene.skin;
    engine_.threads = scene.threads;
    state.bodies = std::move(scene.bodies);
    engine_setup(engine_, state, &ledger_);
  }

  void advance(long n, double dt, const EngineStepper& how) override {
    if (how.scheme == Scheme::trapezoid && is_exact_static<Tangential>)
      throw_input("scheme", "trapezoid",
                  "verlet for tangential=" + tangential + ": " +
                      refusal(tangential, RelationKind::particles, Driver::trapezoid));
    stepper_.scheme = how.scheme;
    stepper_.trapezoid = how.trapezoid;
    simulate(engine_, state, stepper_, {.dt = dt, .steps = n, .ledger = &ledger_}, [&](const GranularState&) {
      ++steps;
      if (dumps_) dumps_->write(steps - dump_offset_, engine_, state);
    });
    if (how.scheme == Scheme::verlet) stepper_.work.dt_prev = 0;  // the trapezoid's predictor restarts after Verlet
  }

  ContactList contacts() const override {
    ContactList c;
    engine_.for_each_pair_force(state, [&](std::size_t i, std::size_t j, const Vec3& n, const Vec3& f) {
      c.add(i, static_cast<long>(j), n, f);
    });
    engine_.for_each_wall_force(state, [&](std::size_t i, const Vec3& n, const Vec3& f) { c.add(i, -1, n, f); });
    return c;
  }

  nlohmann::json ledger() const override { return ledger_json(ledger_); }
  const Boundaries& boundaries() const override { return engine_.boundaries; }

  void open_dumps(long every, const std::filesystem::path& dir, const std::string& stem) override {
    if (dumps_) throw_input("dumps", stem, "one dump at a time (close the open one first)");
    std::filesystem::create_directories(dir);
    dumps_ = std::make_unique<ParticleDumps>(every, dir, stem);
    dumps_->write(0, engine_, state);  // the frame of the current state (step 0 of the dump)
    dump_offset_ = steps;
  }
  void close_dumps() override {
    if (!dumps_) return;
    std::unique_ptr<ParticleDumps> d = std::move(dumps_);
    d->close();
  }

 private:
  ParticleEngine<Normal, Tangential> engine_;
  ParticleLedger ledger_;
  EngineStepper stepper_;  // its trapezoid workspace carries the predictor from call to call
  std::unique_ptr<ParticleDumps> dumps_;
  long dump_offset_ = 0;
};

std::string shape_text(const py::array& a) {
  std::vector<std::string> dims;
  for (py::ssize_t d = 0; d < a.ndim(); ++d) dims.push_back(std::to_string(a.shape(d)));
  return "shape (" + join(dims) + (a.ndim() == 1 ? ",)" : ")");
}

void require_finite(const Array& a, const std::string& key) {
  const double* p = a.data();
  for (py::ssize_t k = 0; k < a.size(); ++k)
    if (!std::isfinite(p[k]))
      throw_input(key, format_value(p[k]) + " at flat index " + std::to_string(k), "finite numbers");
}

// An (n, dim) array as n vectors (z = 0 in 2-D); none: zeros.
std::vector<Vec3> rows(const std::optional<Array>& a, const std::string& key, std::size_t n, int dim) {
  std::vector<Vec3> out(n, Vec3::Zero());
  if (!a) return out;
  const std::string want = "an array of shape (" + std::to_string(n) + ", " + std::to_string(dim) + ")";
  if (a->ndim() != 2 || a->shape(0) != static_cast<py::ssize_t>(n) || a->shape(1) != dim)
    throw_input(key, shape_text(*a), want);
  require_finite(*a, key);
  for (std::size_t i = 0; i < n; ++i)
    for (int d = 0; d < dim; ++d) out[i][d] = a->at(static_cast<py::ssize_t>(i), d);
  return out;
}

// Spins: (n,) in 2-D (omega_z), (n, 3) in 3-D.
std::vector<Vec3> spins(const std::optional<Array>& a, std::size_t n, int dim) {
  if (dim == 3 || !a) return rows(a, "spins", n, 3);
  if (a->ndim() != 1 || a->shape(0) != static_cast<py::ssize_t>(n))
    throw_input("spins", shape_text(*a), "an array of shape (" + std::to_string(n) + ",) in 2-D (omega_z, rad/s)");
  require_finite(*a, "spins");
  std::vector<Vec3> out(n, Vec3::Zero());
  for (std::size_t i = 0; i < n; ++i) out[i].z() = a->at(static_cast<py::ssize_t>(i));
  return out;
}

// A per-body number (n,) or one for all (a scalar), each > 0.
std::vector<double> per_body(const Array& a, const std::string& key, std::size_t n, const std::string& unit) {
  if (!(a.ndim() == 0 || (a.ndim() == 1 && a.shape(0) == static_cast<py::ssize_t>(n))))
    throw_input(key, shape_text(a), "one number or an array of shape (" + std::to_string(n) + ",)");
  require_finite(a, key);
  std::vector<double> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = a.ndim() == 0 ? a.data()[0] : a.at(static_cast<py::ssize_t>(i));
    if (!(out[i] > 0))
      throw_input(key, format_value(out[i]) + (a.ndim() ? " at index " + std::to_string(i) : std::string()),
                  "> 0 (" + unit + ")");
  }
  return out;
}

Vec3 vector_of(const std::vector<double>& v, const std::string& key, int dim) {
  if (static_cast<int>(v.size()) != dim)
    throw_input(key, std::to_string(v.size()) + " components", std::to_string(dim) + " components (the dimension)");
  Vec3 out = Vec3::Zero();
  for (int d = 0; d < dim; ++d) {
    if (!std::isfinite(v[static_cast<std::size_t>(d)])) throw_input(key, format_value(v[static_cast<std::size_t>(d)]), "finite numbers");
    out[d] = v[static_cast<std::size_t>(d)];
  }
  return out;
}

using Pair = std::pair<std::vector<double>, std::vector<double>>;

Scene read_scene(const Array& positions, const Array& radii, const std::optional<Array>& velocities,
                 const std::optional<Array>& spin, const std::optional<Array>& masses, std::optional<double> density,
                 const std::optional<py::array_t<bool>>& fixed, const std::vector<Pair>& walls,
                 const std::vector<Pair>& segments, const std::optional<Pair>& box, const std::vector<bool>& periodic,
                 const std::optional<std::vector<double>>& gravity, std::optional<double> skin, int threads, int& dim) {
  if (positions.ndim() != 2 || (positions.shape(1) != 2 && positions.shape(1) != 3) || positions.shape(0) < 1)
    throw_input("positions", shape_text(positions), "an array of shape (N, 2) (discs) or (N, 3) (spheres), N >= 1");
  dim = static_cast<int>(positions.shape(1));
  const std::size_t n = static_cast<std::size_t>(positions.shape(0));
  const std::vector<Vec3> x = rows(positions, "positions", n, dim), v = rows(velocities, "velocities", n, dim),
                          w = spins(spin, n, dim);
  const std::vector<double> r = per_body(radii, "radii", n, "m");
  std::vector<double> m(n);
  if (masses && density) throw_input("density", format_value(*density), "not with masses (give one of them)");
  if (masses) {
    m = per_body(*masses, "masses", n, "kg");
  } else {
    const double rho = density.value_or(2500.0);
    if (!(rho > 0) || !std::isfinite(rho)) throw_input("density", format_value(rho), "> 0 (kg/m^3)");
    for (std::size_t i = 0; i < n; ++i)
      m[i] = dim == 2 ? rho * M_PI * r[i] * r[i] : rho * 4.0 / 3.0 * M_PI * r[i] * r[i] * r[i];
  }
  std::vector<bool> frozen(n, false);
  if (fixed) {
    if (fixed->ndim() != 1 || fixed->shape(0) != static_cast<py::ssize_t>(n))
      throw_input("fixed", shape_text(*fixed), "a boolean array of shape (" + std::to_string(n) + ",)");
    for (std::size_t i = 0; i < n; ++i) frozen[i] = fixed->at(static_cast<py::ssize_t>(i));
  }
  Scene s;
  for (std::size_t i = 0; i < n; ++i) {
    s.bodies.add(x[i], frozen[i] ? Vec3(Vec3::Zero()) : v[i], r[i], m[i], dim == 2, frozen[i]);
    if (!frozen[i]) s.bodies.omega[i] = w[i];
  }
  for (const auto& [p, nrm] : walls) {
    PlaneWall wall{vector_of(p, "walls (point)", dim), vector_of(nrm, "walls (normal)", dim)};
    const double len = wall.normal.norm();
    if (!(len > 0)) throw_input("walls (normal)", "0", "a non-zero normal pointing into the domain");
    wall.normal /= len;
    s.boundaries.planes.push_back(wall);
  }
  for (const auto& [a, b] : segments)
    s.boundaries.segments.push_back({vector_of(a, "segments (a)", dim), vector_of(b, "segments (b)", dim)});
  if (box) {
    s.boundaries.box.lo = vector_of(box->first, "box (lo)", dim);
    s.boundaries.box.hi = vector_of(box->second, "box (hi)", dim);
    if (periodic.size() != static_cast<std::size_t>(dim))
      throw_input("periodic", std::to_string(periodic.size()) + " flags", std::to_string(dim) + " flags (one per axis)");
    for (int d = 0; d < dim; ++d) {
      s.boundaries.box.periodic[static_cast<std::size_t>(d)] = periodic[static_cast<std::size_t>(d)];
      if (periodic[static_cast<std::size_t>(d)] && !(s.boundaries.box.length(d) > 0))
        throw_input("box", "hi - lo = " + format_value(s.boundaries.box.length(d)) + " on axis " + std::to_string(d),
                    "hi > lo on every periodic axis");
    }
  }
  if (gravity) s.boundaries.gravity = vector_of(*gravity, "gravity", dim);
  double r_max = 0;
  for (double ri : r) r_max = std::max(r_max, ri);
  s.skin = skin.value_or(0.1 * r_max);
  if (!(s.skin >= 0) || !std::isfinite(s.skin)) throw_input("skin", format_value(s.skin), ">= 0 (m)");
  if (threads < 1 || threads > 256) throw_input("threads", std::to_string(threads), "1 .. 256");
  s.threads = threads;
  return s;
}

// Law parameters by name (keyword arguments): each must belong to the normal or the tangential law.
struct LawChoice {
  LawValues normal_values, tangential_values;
};

template <class Normal>
bool declares(const std::string& name) {
  for (const Param& p : Normal::parameters)
    if (name == p.name) return true;
  return false;
}

template <class Normal>
std::string names_of() {
  std::vector<std::string> v;
  for (const Param& p : Normal::parameters) v.emplace_back(p.name);
  return join(v);
}

template <class Normal>
std::unique_ptr<System> build(const std::string& normal_name, const std::string& law, const std::map<std::string, double>& values,
                              Scene scene) {
  if (std::find(particle_law_names().begin(), particle_law_names().end(), law) == particle_law_names().end()) {
    const std::vector<std::string> all = law_names();
    if (std::find(all.begin(), all.end(), law) != all.end())  // a registry law without the engine's form: say which
      throw_input("tangential", law, "one of " + particle_law_list() + " (" +
                                         refusal(law, RelationKind::particles, Driver::verlet) + ")");
    throw_input("tangential", law, "one of " + particle_law_list());
  }
  const std::vector<Param> tparams = law_parameter_list("tangential", law);
  LawValues nv, tv;
  nv.law_key = "normal";
  tv.law_key = "tangential";
  for (const auto& [key, value] : values) {
    const bool in_normal = declares<Normal>(key);
    const bool in_tangential =
        std::any_of(tparams.begin(), tparams.end(), [&](const Param& p) { return key == p.name; });
    if (!in_normal && !in_tangential) {
      std::vector<std::string> tn;
      for (const Param& p : tparams) tn.emplace_back(p.name);
      throw_input(key, format_value(value),
                  "a parameter of normal=" + normal_name + " (" + names_of<Normal>() + ") or of tangential=" + law +
                      " (" + (tn.empty() ? std::string("none") : join(tn)) + ")");
    }
    if (in_normal) nv.set(key, value);
    if (in_tangential) tv.set(key, value);
  }
  for (const Param& p : tparams)  // the registry's defaults for those not given
    if (!tv.has(p.name)) tv.set(p.name, p.fallback);
  const Normal normal = make_law<Normal>(nv);
  TangentialParameters tp;
  tp.extra = tv;
  return with_tangential_law(law, tp, [&](const auto& tangential) -> std::unique_ptr<System> {
    using T = std::decay_t<decltype(tangential)>;
    auto s = std::make_unique<SystemOf<Normal, T>>(normal, tangential, std::move(scene));
    return s;
  });
}

std::unique_ptr<System> make_system(const std::string& normal, const std::string& law,
                                    const std::map<std::string, double>& values, Scene scene, int dim) {
  std::unique_ptr<System> s;
  with_normal_law("normal", normal, normal_spheres, [&](const auto& e) {
    using N = typename std::decay_t<decltype(e)>::Law;
    if constexpr (SphereNormalLaw<N>) s = build<N>(normal, law, values, std::move(scene));
  });
  s->normal = normal;
  s->tangential = law;
  s->dim = dim;
  return s;
}

// A read-only numpy view of n rows of `cols` doubles, `stride` bytes apart, owned by `base`.
py::array view(const py::object& base, const double* data, std::size_t n, int cols, std::size_t stride) {
  std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(n)}, strides{static_cast<py::ssize_t>(stride)};
  if (cols > 0) shape.push_back(cols), strides.push_back(sizeof(double));
  py::array a(py::dtype::of<double>(), shape, strides, data, base);
  a.attr("setflags")(py::arg("write") = false);
  return a;
}

py::array vec_view(const py::object& self, std::vector<Vec3>& v, int dim) {
  return view(self, v.data()->data(), v.size(), dim, sizeof(Vec3));
}
// omega or torque: (n, 3) in 3-D, the z components (n,) in 2-D.
py::array spin_view(const py::object& self, std::vector<Vec3>& v, int dim) {
  if (dim == 3) return vec_view(self, v, 3);
  return view(self, v.data()->data() + 2, v.size(), 0, sizeof(Vec3));
}

// The getter of a per-body vector (spin: omega or torque, z alone in 2-D) or number as a view.
auto rows_view(std::vector<Vec3> ParticleArrays::*field, bool spin = false) {
  return [field, spin](py::object self) {
    System& s = self.cast<System&>();
    std::vector<Vec3>& v = s.state.bodies.*field;
    return spin ? spin_view(self, v, s.dim) : vec_view(self, v, s.dim);
  };
}
auto numbers_view(std::vector<double> ParticleArrays::*field) {
  return [field](py::object self) {
    System& s = self.cast<System&>();
    return view(self, (s.state.bodies.*field).data(), s.state.bodies.size(), 0, sizeof(double));
  };
}

py::array copy_rows(const std::vector<Vec3>& v, int dim) {
  py::array_t<double> a({static_cast<py::ssize_t>(v.size()), static_cast<py::ssize_t>(dim)});
  auto m = a.mutable_unchecked<2>();
  for (std::size_t i = 0; i < v.size(); ++i)
    for (int d = 0; d < dim; ++d) m(static_cast<py::ssize_t>(i), d) = v[i][d];
  return a;
}

py::object to_python(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

template <class F>
void run_released(F&& f) {
  SignalScope scope;
  py::gil_scoped_release release;
  f();
}

// _particle_laws(): every particle law with its parameters (name, unit, default, help).
std::vector<std::pair<std::string, std::vector<std::tuple<std::string, std::string, double, std::string>>>>
particle_laws() {
  std::vector<std::pair<std::string, std::vector<std::tuple<std::string, std::string, double, std::string>>>> out;
  for (const std::string& name : particle_law_names()) {
    std::vector<std::tuple<std::string, std::string, double, std::string>> params;
    for (const Param& p : law_parameter_list("tangential", name)) params.emplace_back(p.name, p.unit, p.fallback, p.help);
    out.emplace_back(name, params);
  }
  return out;
}

// _Particles.granular_gas: a gas of n spheres by random sequential addition (models/particles/granular_gas.hpp).
std::unique_ptr<System> granular_gas(long n, double radius, double density, double phi,
                                     std::optional<double> t0_given, std::optional<double> t_rot0_given,
                                     std::uint64_t seed, const std::string& normal, const std::string& tangential,
                                     const std::map<std::string, double>& law_parameters, std::optional<double> skin,
                                     int threads) {
  GasSpec spec;
  spec.n = n, spec.radius = radius, spec.density = density, spec.phi = phi;
  // the granular-gas study's defaults: v_thermal = 1 m/s (T0 = m v^2), rot_ratio = 1 (gas_parameters.cpp)
  const double t0 = t0_given.value_or(spec.mass() * 1.0 * 1.0), t_rot0 = t_rot0_given.value_or(t0);
  spec.t0 = t0, spec.t_rot0 = t_rot0, spec.seed = seed;
  if (n < 2) throw_input("n", std::to_string(n), ">= 2");
  for (const auto& [key, v, lo] : {std::tuple<const char*, double, double>{"radius", radius, 0},
                                   {"density", density, 0}, {"phi", phi, 0}})
    if (!(v > lo) || !std::isfinite(v)) throw_input(key, format_value(v), "> 0");
  if (!(phi < 0.5)) throw_input("phi", format_value(phi), "< 0.5 (random sequential addition)");
  if (!(t0 >= 0) || !(t_rot0 >= 0)) throw_input("t0", format_value(std::min(t0, t_rot0)), ">= 0 (J)");
  Scene scene;
  GranularState s = make_granular_gas(spec, scene.boundaries);
  scene.bodies = std::move(s.bodies);
  scene.skin = skin.value_or(0.1 * radius);
  if (!(scene.skin >= 0)) throw_input("skin", format_value(scene.skin), ">= 0 (m)");
  if (threads < 1 || threads > 256) throw_input("threads", std::to_string(threads), "1 .. 256");
  scene.threads = threads;
  return make_system(normal, tangential, law_parameters, std::move(scene), 3);
}

// _Particles.step: n steps of dt on the scheme (verlet, trapezoid with phi, tol, max_iterations), the GIL released.
void step(System& s, long n, double dt, const std::string& scheme, double phi, double tol, int max_iterations) {
  if (n < 0) throw_input("n", std::to_string(n), ">= 0 (steps)");
  if (!(dt > 0) || !std::isfinite(dt)) throw_input("dt", format_value(dt), "> 0 (s)");
  TrapezoidOptions o;
  o.phi = phi, o.tol = tol, o.max_iterations = max_iterations, o.dt = dt;
  const EngineStepper how = engine_stepper("scheme", parse_integrator("scheme", scheme), o);
  if (how.scheme == Scheme::trapezoid) validate_trapezoid_options(o);
  run_released([&] { s.advance(n, dt, how); });
}

// _Particles.box: (lo, hi, periodic) per axis of the system's dimension.
std::tuple<std::vector<double>, std::vector<double>, std::vector<bool>> box_of(const System& s) {
  const PeriodicBox& b = s.boundaries().box;
  std::vector<double> lo, hi;
  std::vector<bool> periodic;
  for (int d = 0; d < s.dim; ++d)
    lo.push_back(b.lo[d]), hi.push_back(b.hi[d]), periodic.push_back(b.periodic[static_cast<std::size_t>(d)]);
  return std::make_tuple(lo, hi, periodic);
}

// _Particles.contacts(): the touching pairs as arrays (i, j, normal, force, fn, ft).
py::dict contacts_of(const System& s) {
  const ContactList c = s.contacts();
  py::dict d;
  d["i"] = py::array_t<long>(static_cast<py::ssize_t>(c.i.size()), c.i.data());
  d["j"] = py::array_t<long>(static_cast<py::ssize_t>(c.j.size()), c.j.data());
  d["normal"] = copy_rows(c.normal, s.dim);
  d["force"] = copy_rows(c.force, s.dim);
  d["fn"] = py::array_t<double>(static_cast<py::ssize_t>(c.fn.size()), c.fn.data());
  d["ft"] = copy_rows(c.tangential, s.dim);
  return d;
}

// _Particles.open_dumps: a frame every `every` steps into dir/stem*.
void open_dumps(System& s, long every, const std::string& dir, const std::string& stem) {
  if (every < 1) throw_input("every", std::to_string(every), ">= 1 (steps between frames)");
  if (stem.empty() || stem.find('/') != std::string::npos) throw_input("stem", stem, "a file name without '/'");
  s.open_dumps(every, dir, stem);
}

}  // namespace

void bind_particles(py::module_& m) {
  m.def("_particle_laws", particle_laws);
  py::class_<System>(m, "_Particles", "the particle engine's state and laws (use stickslip.ParticleSystem)")
      .def(py::init([](const Array& positions, const Array& radii, const std::optional<Array>& velocities,
                       const std::optional<Array>& spins, const std::optional<Array>& masses,
                       std::optional<double> density, const std::optional<py::array_t<bool>>& fixed,
                       const std::vector<Pair>& walls, const std::vector<Pair>& segments, const std::optional<Pair>& box,
                       const std::vector<bool>& periodic, const std::optional<std::vector<double>>& gravity,
                       const std::string& normal, const std::string& tangential,
                       const std::map<std::string, double>& law_parameters, std::optional<double> skin, int threads) {
             int dim = 3;
             Scene scene = read_scene(positions, radii, velocities, spins, masses, density, fixed, walls, segments, box,
                                      periodic, gravity, skin, threads, dim);
             return make_system(normal, tangential, law_parameters, std::move(scene), dim);
           }),
           py::arg("positions"), py::arg("radii"), py::arg("velocities"), py::arg("spins"), py::arg("masses"),
           py::arg("density"), py::arg("fixed"), py::arg("walls"), py::arg("segments"), py::arg("box"),
           py::arg("periodic"), py::arg("gravity"), py::arg("normal"), py::arg("tangential"),
           py::arg("law_parameters"), py::arg("skin"), py::arg("threads"))
      .def_static("granular_gas", granular_gas, py::arg("n"), py::arg("radius"), py::arg("density"), py::arg("phi"),
                  py::arg("t0"), py::arg("t_rot0"), py::arg("seed"), py::arg("normal"), py::arg("tangential"),
                  py::arg("law_parameters"), py::arg("skin"), py::arg("threads"))
      .def("step", step, py::arg("n"), py::arg("dt"), py::arg("scheme"), py::arg("phi"), py::arg("tol"),
           py::arg("max_iterations"))
      .def_property_readonly("dim", [](const System& s) { return s.dim; })
      .def_property_readonly("size", [](const System& s) { return s.state.bodies.size(); })
      .def_property_readonly("time", [](const System& s) { return s.state.t; })
      .def_property_readonly("steps", [](const System& s) { return s.steps; })
      .def_property_readonly("box", box_of)
      .def_property_readonly("normal", [](const System& s) { return s.normal; })
      .def_property_readonly("tangential", [](const System& s) { return s.tangential; })
      .def("positions", rows_view(&ParticleArrays::x))
      .def("velocities", rows_view(&ParticleArrays::v))
      .def("forces", rows_view(&ParticleArrays::f))
      .def("spins", rows_view(&ParticleArrays::omega, true))
      .def("torques", rows_view(&ParticleArrays::torque, true))
      .def("radii", numbers_view(&ParticleArrays::radius))
      .def("masses", numbers_view(&ParticleArrays::mass))
      .def("contacts", contacts_of)
      .def("ledger", [](const System& s) { return to_python(s.ledger()); })
      .def("open_dumps", open_dumps, py::arg("every"), py::arg("directory"), py::arg("stem"))
      .def("close_dumps", [](System& s) { s.close_dumps(); });
}

}  // namespace stickslip::python
