// solvers/lammps/register_styles.hpp — stickslip's styles added to a LAMMPS instance's creator maps (public in the
// installed headers: Force::pair_map, Modify::fix_map, Modify::compute_map), so input scripts, restart files and
// `read_restart` find them as if they were compiled into LAMMPS:
//   pair_style stickslip/<law> and stickslip/hertz/<law> for every law of the registry with a discrete increment
//   (solvers/lammps/pair_stickslip.hpp), and stickslip/dsds/keep-length;  fix stickslip/history;
//   compute stickslip/ledger.
#pragma once

namespace LAMMPS_NS {
class LAMMPS;
}

namespace stickslip::lammps {
void register_styles(LAMMPS_NS::LAMMPS* lmp);
}
