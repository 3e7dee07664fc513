// models/sphere_scene.cpp — particles, walls and pair geometry of a sphere problem (seed 004 §3).
#include "models/sphere_scene.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/errors.hpp"
#include "core/parameters.hpp"

namespace stickslip {

const std::vector<std::string>& tangential_law_names() {
  static const std::vector<std::string> names{"mindlin", "csds", "dsds"};
  return names;
}

std::string parse_tangential_law(const std::string& key, const std::string& name) {
  const auto& names = tangential_law_names();
  if (std::find(names.begin(), names.end(), name) != names.end()) return name;
  throw_input(key, name, "allowed: " + join(tangential_law_names()) + " (rigid Coulomb contacts are the ODE form's coulomb option)");
}

std::size_t SphereScene::add_sphere(double radius, double mass, double young, double poisson) {
  radius_.push_back(radius);
  mass_.push_back(mass);
  young_.push_back(young);
  poisson_.push_back(poisson);
  return radius_.size() - 1;
}

void SphereScene::add_plane(const Vec3& point, const Vec3& normal) { planes_.push_back({point, normal.normalized()}); }
void SphereScene::add_segment(const Vec3& a, const Vec3& b) { segments_.push_back({a, b}); }

double SphereScene::max_radius() const {
  return radius_.empty() ? 0.0 : *std::max_element(radius_.begin(), radius_.end());
}
double SphereScene::min_radius() const {
  return radius_.empty() ? 0.0 : *std::min_element(radius_.begin(), radius_.end());
}

ContactPair SphereScene::pair(std::size_t i, std::size_t j) const {
  return sphere_sphere_pair(radius_[i], mass_[i], young_[i], poisson_[i], radius_[j], mass_[j], young_[j], poisson_[j]);
}

ContactPair SphereScene::wall_pair(std::size_t i) const {
  return sphere_wall_pair(radius_[i], mass_[i], young_[i], poisson_[i]);
}

ContactGeometry SphereScene::sphere_geometry(std::size_t i, std::size_t j, const Vec3& xi, const Vec3& xj) const {
  ContactGeometry g;
  const Vec3 d = xj - xi;
  g.dist = d.norm();
  g.n = g.dist > 0 ? Vec3(d / g.dist) : Vec3(1, 0, 0);
  g.h = radius_[i] + radius_[j] - g.dist;
  return g;
}

ContactGeometry SphereScene::wall_geometry(std::size_t i, std::size_t w, const Vec3& xi) const {
  ContactGeometry g;
  if (w < planes_.size()) {
    const Plane& p = planes_[w];
    g.dist = (xi - p.point).dot(p.normal);
    g.n = -p.normal;
  } else {
    const Segment& s = segments_[w - planes_.size()];
    const Vec3 ab = s.b - s.a;
    const double t = std::clamp((xi - s.a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
    const Vec3 d = s.a + t * ab - xi;
    g.dist = d.norm();
    g.n = g.dist > 0 ? Vec3(d / g.dist) : Vec3(0, -1, 0);
  }
  g.h = radius_[i] - g.dist;
  return g;
}

Vec3 SphereScene::near_field(const Vec3& xi, const Vec3& xj) const {
  const Vec3 d = xj - xi;
  const double dist = d.norm();
  if (dist == 0 || dist > params.nf_cutoff || (params.kappa1 == 0 && params.kappa2 == 0)) return Vec3::Zero();
  return (params.kappa1 * std::pow(dist, -params.lambda1) - params.kappa2 * std::pow(dist, -params.lambda2)) / dist *
         d;
}

void SphereScene::validate() const {
  const auto str = [](double v) { return std::to_string(v); };
  for (std::size_t i = 0; i < radius_.size(); ++i) {
    if (!(radius_[i] > 0)) throw_input("radius", str(radius_[i]), "must be > 0");
    if (!(mass_[i] > 0)) throw_input("mass", str(mass_[i]), "must be > 0");
    if (!(young_[i] > 0)) throw_input("E", str(young_[i]), "must be > 0");
    if (!(poisson_[i] > -1 && poisson_[i] < 0.5)) throw_input("nu", str(poisson_[i]), "must lie in (-1, 0.5)");
  }
  if (!(params.drag >= 0)) throw_input("drag", str(params.drag), "must be >= 0");
  if (!(params.xi >= 0)) throw_input("xi", str(params.xi), "must be >= 0");
  for (auto [k, v] : {std::pair{"mu_s", params.mu_s_pp}, {"mu_d", params.mu_d_pp}, {"mu_s_wall", params.mu_s_pw},
                      {"mu_d_wall", params.mu_d_pw}})
    if (!(v >= 0)) throw_input(k, str(v), "must be >= 0");
  if (params.law == "csds" && !(params.gamma_t > 0))
    throw_input("gamma_t", str(params.gamma_t), "csds needs a tangential damping gamma_t > 0");
  if (!(params.gamma_t >= 0)) throw_input("gamma_t", str(params.gamma_t), "must be >= 0");
}

ContainerSphereScene container_sphere_scene(const ContainerSetup& setup) {
  ContainerSphereScene c;
  const ParticleArrays& b = setup.bodies;
  for (std::size_t i = 0; i < b.size(); ++i) c.scene.add_sphere(b.radius[i], b.mass[i], setup.young, setup.poisson);
  for (const SegmentWall& w : setup.boundaries.segments) c.scene.add_segment(w.a, w.b);
  c.scene.params.gravity = setup.boundaries.gravity;
  c.initial.resize(b.size());
  c.initial.x = b.x;
  return c;
}

}  // namespace stickslip
