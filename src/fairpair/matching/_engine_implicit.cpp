// The blossom algorithm over the systems' shared implicit graph (implicit.hpp),
// Blossom<N, Implicit<N>> for the implicit widths 3, 6 and 16 limbs, compiled once, here,
// for McMahon and Netrunner alike.  No Python in this unit.
#include <vector>

#include "implicit.hpp"

namespace fairpair {

template <int N>
std::vector<int> solve_implicit(const Implicit<N>& graph, EdgeList* tight,
                                std::vector<Wide<N>>* duals, std::vector<Wide<N>> seed) {
    Blossom<N, Implicit<N>> m(graph);
    if (!seed.empty()) m.seed(std::move(seed));
    std::vector<int> mate = m.solve();
    if (tight != nullptr) *tight = m.tight_edges();
    if (duals != nullptr) *duals = m.vertex_duals();
    return mate;
}

template FAIRPAIR_SOLVE_IMPLICIT(3)
template FAIRPAIR_SOLVE_IMPLICIT(6)
template FAIRPAIR_SOLVE_IMPLICIT(16)

}  // namespace fairpair
