// The blossom algorithm over the systems' shared implicit graph (implicit.hpp),
// Blossom<N, Implicit<N>> for the implicit widths 3 and 6 limbs (16: _engine_rare.cpp),
// compiled once, here, for McMahon and Netrunner alike.  No Python in this unit.
#include <vector>

#include "implicit.hpp"

namespace fairpair {

template std::vector<int> solve_implicit<3>(const Implicit<3>&);
template std::vector<int> solve_implicit<6>(const Implicit<6>&);

}  // namespace fairpair
