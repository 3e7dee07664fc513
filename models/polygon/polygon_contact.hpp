// models/polygon/polygon_contact.hpp — the relation of two convex polygons (or a polygon and a wall) in 2-D: what a
// normal and a tangential law receive, and how their force acts on the bodies. Krengel & Matuttis, "Comparing
// numerically exact and modelled static friction", §4-5, and their ref. [7] (Matuttis & Chen, "Understanding the
// Discrete Element Method", which we do not have). Per metre of depth, SI units.
//
// From the paper's text (§4): the overlap polygon O of the two outlines (models/polygon/overlap.hpp), its area A, its
// centroid c as the force point, "the normal direction of the contact is the weighted average of the connecting lines
// between the centroid and the intersection points", the elastic force proportional to Y A / l with l a
// "characteristic length", damping proportional to the change of A (eq. 18, models/polygon/overlap_force.hpp), and
// in §5 the lever arms from the centres of mass to the contact point and the effective tangential mass (eq. 21).
//
// Our choices (the text leaves them open), with the reasons:
//   normal   n = R(-90 deg) T/|T|, T = sum_p sigma_p (s_p - c) over the intersection points s_p, sigma_p = +1 where
//            body i's outline leaves body j and -1 where it enters: the connecting lines weighted by their length with
//            the sign of the crossing. With two points it is the perpendicular of the chord s_1 s_2 (c cancels); with
//            four or more (two corners poking in, crossed squares) it sums the chords. Why these weights: R(-90) T is
//            the gradient of A with respect to a translation of body i (overlap.hpp), so n is the direction in which a
//            relative translation changes the overlap fastest, dA = |T| (n . dx), and for a pure translation
//            dA/dt = |T| (v_rel . n): the damping on dA/dt acts along the motion it measures. Equal weights on unit
//            connecting lines (the bisector at c) coincide with it only for symmetric overlaps.
//            n points from body i into body j (a wall: into the wall).
//   degenerate cases
//            A = 0 (apart, or touching along a corner or an edge): no contact (touching = false), nothing else set.
//            T = 0 (|T| <= 1e-12 max_k |o_k|: no outline crossing, one body inside the other, or crossings whose
//            chords cancel, as two concentric crossed squares): n along the line of centroids x_j - x_i (for a wall
//            into it, -normal), (1, 0) if that is zero too; normal_from_centroids = true.
//            More than two intersection points: handled by the sum (see normal); `intersections` counts them.
//   characteristic length l  (characteristic_length below)
//            the reduced radius l = r_i r_j/(r_i + r_j) of the equal-area radii r = sqrt(A_body/pi), l = r_i against
//            a wall (r_j -> infinity). Constant over a contact, so the elastic force is proportional to A, as the text
//            says (a chord-length l would make Y A/l = Y x the mean depth A/|T|, no longer proportional to A, and would
//            make the damping's (dA/dt)/l differ from d(A/l)/dt); proportional to the bodies' size, so that for
//            self-similar contacts the stiffness dF/d(depth) = Y |T|/l does not depend on the size and the contact
//            time scales as size sqrt(rho/Y), like an elastic wave (the paper's size study, Fig. 5, varies the size at
//            fixed Y); the reduced radius is what the disc and sphere relations use (ContactKinematics::r_star), and
//            for a regular N-gon against a wall l tends to the disc's radius. Equal-area, not bounding, radii, so a
//            long sharp corner does not set the stiffness.
//   force point, arms, velocities
//            c (paper); arms r_i = c - x_i, r_j = c - x_j (x = centre of mass); v_rel = u_i(c) - u_j(c) with
//            u(s) = v + omega e_z x (s - x) the velocity of the material point of the body at s (not of c, which
//            moves with the overlap's shape); approach rate v_rel . n (> 0 approaching); slip velocity
//            v_t = v_rel - (v_rel . n) n: what the tangential laws of the registry take as vt.
//   dA/dt    analytic (Reynolds' transport theorem on O, whose edges move with the body they belong to):
//              dA/dt = sum over edges e of O owned by i of  N_e . (u_i - u_j)(m_e),
//            N_e = R(-90)(o_{k+1} - o_k) the outward normal times the length, m_e the edge's midpoint (the velocity
//            fields are affine, so the midpoint integrates them exactly), and j's edges drop out because a rigid
//            motion of both bodies keeps A. Exact for rigid motions, at the cost of one pass over O.
//   flat side
//            flat_side: exactly two intersection points and one side of O a single straight edge of one body (a
//            corner or a face pressed into a face, or into a wall); flat_depth = the depth of c below that edge's
//            line, into its body. Then the elastic energy has a closed form (models/polygon/overlap_force.hpp).
//   effective masses
//            1/m_t = 1/m_i + 1/m_j + (r_i . n)^2/I_i + (r_j . n)^2/I_j    (eq. 21: r_perp = projection on n)
//            1/m_n = 1/m_i + 1/m_j + (r_i x n)^2/I_i + (r_j x n)^2/I_j    (normal; ours, for the damping if wanted)
//            both the response of the relative velocity at c along t resp. n to a unit impulse (a wall: 1/m = 1/I = 0).
// How a contact force acts (contact_load): the force on i is F_i = -f_n n + F_t (f_n > 0 pushes apart, F_t the tangential
// law's force on i, along t), on j -F_i, both at c; torques r_i x F_i on i and r_j x (-F_i) on j, so the pair
// exerts no net torque about any point and velocity Verlet keeps the angular momentum to round-off. The power the
// contact takes from the bodies is P = -F_i . v_rel = f_n (v_rel . n) - F_t . v_t (the ledger's form, as for
// spheres, models/particles/contact_kinematics.hpp).
#pragma once

#include <span>

#include "models/polygon/overlap.hpp"

namespace stickslip {

// The motion of a rigid body (a wall: any point x with its v and omega; a fixed wall: all zero).
struct RigidMotion {
  Vec2 x = Vec2::Zero();  // centre of mass (m)
  Vec2 v = Vec2::Zero();  // its velocity (m/s)
  double omega = 0;       // angular velocity about e_z (rad/s)
  Vec2 velocity_at(const Vec2& s) const { return v + omega * perp(s - x); }
};

struct PolygonContact {
  bool touching = false;               // A > 0; when false nothing else is set
  bool normal_from_centroids = false;  // T = 0: n from the line of centroids (see the header)
  int intersections = 0;               // outline intersection points (2 in the common case)
  double area = 0;                     // A (m^2)
  double area_rate = 0;                // dA/dt (m^2/s)
  double chord = 0;                    // |T| = |dA/dx| (m)
  double l = 0;                        // characteristic length (m)
  Vec2 n = Vec2::UnitX();              // unit normal from i into j
  Vec2 point = Vec2::Zero();           // force point c, the centroid of O (m)
  Vec2 arm_i = Vec2::Zero(), arm_j = Vec2::Zero();  // c - x_i, c - x_j (m)
  Vec2 v_rel = Vec2::Zero();           // u_i(c) - u_j(c) (m/s)
  double approach_rate = 0;            // v_rel . n (m/s), > 0 approaching
  Vec2 vt = Vec2::Zero();              // slip velocity v_rel - (v_rel . n) n (m/s)
  bool flat_side = false;              // one side of O is a single straight edge of one body (see the header)
  double flat_depth = 0;               // then the depth of c below that edge, into its body (m)

  Vec2 tangent() const { return perp(n); }
};

// l for two bodies of equal-area radii r_i, r_j, and for a body against a wall.
inline double characteristic_length(double r_i, double r_j) { return r_i * r_j / (r_i + r_j); }
inline double characteristic_length_wall(double r_i) { return r_i; }

// The book's l (Matuttis & Chen, "Understanding the Discrete Element Method", eq. 7.6, as we read it: the polygon
// studies' contact=book): from the distances d_i = |c - x_i|, d_j = |c - x_j| of both centres of mass to the contact
// point, l = 4 d_i d_j/(d_i + d_j), twice the distance for equal particles (about the diameter; our equal-area
// l = r_i r_j/(r_i + r_j) is a quarter of that); a wall is a body whose centre is infinitely far, l = 4 d_i. It moves
// with the contact point, so the elastic force is no longer proportional to A alone.
inline double contact_point_length(const Vec2& arm_i, const Vec2& arm_j) {
  const double di = arm_i.norm(), dj = arm_j.norm();
  return di + dj > 0 ? 4 * di * dj / (di + dj) : 0.0;
}
inline double contact_point_length_wall(const Vec2& arm_i) { return 4 * arm_i.norm(); }

// The contact from an overlap polygon (o: i clipped by j), the motions, l and the direction used when T = 0.
PolygonContact contact_from_overlap(const OverlapPolygon& o, const RigidMotion& i, const RigidMotion& j, double l,
                                    const Vec2& fallback_normal);

// Two polygons (world corners, counter-clockwise). scratch receives the overlap polygon (for dumps and tests).
PolygonContact polygon_contact(std::span<const Vec2> corners_i, const RigidMotion& i,
                               std::span<const Vec2> corners_j, const RigidMotion& j, double l,
                               OverlapPolygon& scratch);
PolygonContact polygon_contact(std::span<const Vec2> corners_i, const RigidMotion& i,
                               std::span<const Vec2> corners_j, const RigidMotion& j, double l);

// A polygon against a wall moving with `wall` (fixed: RigidMotion{}).
PolygonContact wall_contact(std::span<const Vec2> corners_i, const RigidMotion& i, const PolygonWall& w,
                            const RigidMotion& wall, double l, OverlapPolygon& scratch);
PolygonContact wall_contact(std::span<const Vec2> corners_i, const RigidMotion& i, const PolygonWall& w,
                            const RigidMotion& wall, double l);

// Inverse effective masses at the contact (eq. 21 and its normal twin); inv_m, inv_I are 1/m and 1/I (0 for a wall).
inline double inv_mass_tangential(const PolygonContact& c, double inv_m_i, double inv_I_i, double inv_m_j,
                                  double inv_I_j) {
  const double ri = c.arm_i.dot(c.n), rj = c.arm_j.dot(c.n);
  return inv_m_i + inv_m_j + ri * ri * inv_I_i + rj * rj * inv_I_j;
}
inline double inv_mass_normal(const PolygonContact& c, double inv_m_i, double inv_I_i, double inv_m_j,
                              double inv_I_j) {
  const double ri = cross2(c.arm_i, c.n), rj = cross2(c.arm_j, c.n);
  return inv_m_i + inv_m_j + ri * ri * inv_I_i + rj * rj * inv_I_j;
}

// The force and torques of a contact on its two bodies (see the header); F_j = -force_i.
struct ContactLoad {
  Vec2 force_i = Vec2::Zero();
  double torque_i = 0, torque_j = 0;
  double power = 0;  // P = -F_i . v_rel, the power the contact takes from the bodies (W per metre of depth)
};
inline ContactLoad contact_load(const PolygonContact& c, double f_n, const Vec2& f_t) {
  ContactLoad q;
  q.force_i = -f_n * c.n + f_t;
  q.torque_i = cross2(c.arm_i, q.force_i);
  q.torque_j = -cross2(c.arm_j, q.force_i);
  q.power = -q.force_i.dot(c.v_rel);
  return q;
}

}  // namespace stickslip
