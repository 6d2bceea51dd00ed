// The blossom algorithm over the systems' shared implicit graph (implicit.hpp),
// Blossom<N, Implicit<N>> for the implicit widths 3 and 6 limbs (16: _engine_rare.cpp),
// compiled once, here, for McMahon and Netrunner alike.  No Python in this unit.
#include <vector>

#include "implicit.hpp"

namespace fairpair {

template FAIRPAIR_SOLVE_IMPLICIT(3)
template FAIRPAIR_SOLVE_IMPLICIT(6)

}  // namespace fairpair
