// models/particles/sphere_friction.cpp — see sphere_friction.hpp.
#include "models/particles/sphere_friction.hpp"

#include <cmath>

#include "models/contact/registry.hpp"

namespace stickslip {

std::vector<RestingContactMode> resting_contact_modes(const FewSpheres& scene, const SphereFriction& friction) {
  std::vector<RestingContactMode> modes;
  const Vec3 g = scene.boundaries.gravity;
  const std::string& law = friction.law;
  for (std::size_t i = 0; i < scene.size(); ++i)
    for (std::size_t w = 0; w < scene.boundaries.planes.size(); ++w) {
      const double m = scene.bodies.mass[i], load = -m * g.dot(scene.boundaries.planes[w].normal);
      if (!(load > 0) || !(scene.plane_overlap(i, w) > -1e-6 * scene.bodies.radius[i])) continue;  // not resting on it
      const ContactPair pair = scene.wall_pair(i);
      const double h = hertz_static_overlap(pair, load);
      const std::string where = " contact of sphere " + std::to_string(i) + " with plane " + std::to_string(w);
      modes.push_back({"Hertz normal" + where, std::sqrt(1.5 * load / h / m), scene.xi});
      const double mt = scene.rotations ? m / 3.5 : m;
      // The law's spring on this contact at rest (its stiffness(c): Mindlin's 8 G* sqrt(r* h), a constant k_t), its
      // dashpot gamma_t m* (m* = m on a plane) where it declares one, and the relaxation of a spring through its
      // dashpot at k_t/c where the law has one (the C-SDS, eq. 10).
      if (!has_stick_spring(law) || (law_declares(law, "kt") && !(friction.wall.kt > 0))) continue;
      const ContactKinematics c{scene.boundaries.planes[w].normal, Vec3::Zero(), h, 0.0, pair.r_star, m, true};
      const double kt = stick_stiffness(law, friction.wall, c);
      const double dashpot = law_declares(law, "gamma_t") ? friction.wall.gamma_t * m : 0.0;
      modes.push_back({"tangential spring" + where, std::sqrt(kt / mt), dashpot / (2 * std::sqrt(kt * mt))});
      if (spring_relaxes_by_dashpot(law) && dashpot > 0)
        modes.push_back({law + " spring relaxation" + where, kt / dashpot, 1.0});
    }
  return modes;
}

}  // namespace stickslip
