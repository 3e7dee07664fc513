// solvers/particles/particle_dumps.hpp — `--set dump_every=k` of the particle studies: every k steps one frame of a
// LAMMPS text atom dump (id type x y z vx vy vz radius omegax omegay omegaz) and one of a contact-force dump (id1 id2
// fx fy fz fn ft per touching pair and wall contact, id2 = 0 for a wall; force on id1), in the formats of
// solvers/particles/lammps_files.hpp, which OVITO and ParaView's LAMMPS reader open. Files: <dir>/<stem>.dump and
// <dir>/<stem>_contacts.dump, written with checked writes (core/output_file.hpp) and under their names once close()
// is called at the end of the run.
// The contact forces are the engine's for_each_pair_force and for_each_wall_force (evaluated as at set-up: the
// springs are not advanced).
#pragma once

#include <filesystem>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "models/particles/particle_engine.hpp"
#include "solvers/particles/lammps_files.hpp"
#include "core/output_file.hpp"

namespace stickslip {

class ParticleDumps {
 public:
  // every = 0: no dumps (write() does nothing).
  ParticleDumps(long every, const std::filesystem::path& dir, const std::string& stem) : every_(every) {
    if (every_ <= 0) return;
    atoms_ = std::make_unique<OutputFile>(dir / (stem + ".dump"));
    contacts_ = std::make_unique<OutputFile>(dir / (stem + "_contacts.dump"));
  }
  // The run is done: both files under their names. Without it (a failure, a signal) neither is left.
  void close() {
    if (every_ <= 0) return;
    atoms_->commit();
    contacts_->commit();
  }
  // Writes a frame when step is a multiple of every.
  template <class Engine>
  void write(long step, const Engine& e, const GranularState& s) {
    if (every_ <= 0 || step % every_ != 0) return;
    write_lammps_dump(*atoms_, step, s.bodies, e.boundaries.box);
    records_.clear();
    e.for_each_pair_force(s, [&](std::size_t i, std::size_t j, const Vec3& nrm, const Vec3& f) {
      const double fn = -f.dot(nrm);
      records_.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j), f, fn, (f + fn * nrm).norm()});
    });
    e.for_each_wall_force(s, [&](std::size_t i, const Vec3& nrm, const Vec3& f) {
      const double fn = -f.dot(nrm);
      records_.push_back({static_cast<std::uint32_t>(i), kWall, f, fn, (f + fn * nrm).norm()});
    });
    write_contact_dump(*contacts_, step, records_, e.boundaries.box);
  }

 private:
  static constexpr std::uint32_t kWall = std::numeric_limits<std::uint32_t>::max();
  long every_ = 0;
  std::unique_ptr<OutputFile> atoms_, contacts_;
  std::vector<ContactRecord> records_;
};

}  // namespace stickslip
