// The blossom algorithm over the systems' shared implicit graph (implicit.hpp),
// Blossom<N, Implicit<N>> for the implicit widths 3, 6 and 16 limbs, compiled once, here,
// for McMahon and Netrunner alike.  No Python in this unit.
#include <vector>

#include "implicit.hpp"

namespace fairpair {

template <int N>
std::vector<int> solve_implicit(const Implicit<N>& graph, EdgeList* tight) {
    Blossom<N, Implicit<N>> m(graph);
    std::vector<int> mate = m.solve();
    if (tight != nullptr) *tight = m.tight_edges();
    return mate;
}

template std::vector<int> solve_implicit<3>(const Implicit<3>&, EdgeList*);
template std::vector<int> solve_implicit<6>(const Implicit<6>&, EdgeList*);
template std::vector<int> solve_implicit<16>(const Implicit<16>&, EdgeList*);

}  // namespace fairpair
