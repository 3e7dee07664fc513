// models/particles/scene_bodies.cpp — see scene_bodies.hpp.
#include "models/particles/scene_bodies.hpp"

namespace stickslip {

Boundaries scene_boundaries(const SphereScene& scene) {
  Boundaries b;
  for (const Plane& p : scene.planes()) b.planes.push_back({p.point, p.normal});
  for (const Segment& s : scene.segments()) b.segments.push_back({s.a, s.b});
  b.gravity = scene.params.gravity;
  return b;
}

ParticleArrays scene_bodies(const SphereScene& scene, const ParticleState& state, bool rotations) {
  ParticleArrays p;
  for (std::size_t i = 0; i < scene.num_particles(); ++i) {
    p.add(state.x[i], state.v[i], scene.radius(i), scene.mass(i), false, false, rotations);
    p.omega.back() = rotations ? state.omega[i] : Vec3(Vec3::Zero());
  }
  return p;
}

}  // namespace stickslip
