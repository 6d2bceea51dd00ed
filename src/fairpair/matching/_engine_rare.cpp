// The matcher core at 16 limbs (weights of 381 to 1,020 bits; the compact engine from
// 253 bits): Blossom<16, void>, Blossom<16, ClassOrder> and the implicit graph's
// Blossom<16, Implicit<16>>, compiled once, here.  setup.py compiles this unit at -O1
// (RARE_UNITS): weights this wide occur in no benchmark round, and the unit then costs
// a third less to build.  Also here, at every width: the members no pairing calls
// (FAIRPAIR_RARE_DENSE / FAIRPAIR_RARE_COMPACT in engine_impl.hpp).  No Python in this
// unit.
#include <vector>

#include "engine_impl.hpp"
#include "implicit.hpp"

FAIRPAIR_INSTANTIATE_ENGINE(16, void)
FAIRPAIR_INSTANTIATE_ENGINE(16, fairpair::ClassOrder)

namespace fairpair {

template FAIRPAIR_SOLVE_IMPLICIT(16)

// The members no pairing calls, every width (engine_impl.hpp): at -O1 here.
#define FAIRPAIR_RARE(N, G) FAIRPAIR_RARE_##G(, N)
FAIRPAIR_ENGINE_WIDTHS(FAIRPAIR_RARE, DENSE)
FAIRPAIR_COMPACT_WIDTHS(FAIRPAIR_RARE, COMPACT)
#undef FAIRPAIR_RARE

}  // namespace fairpair
