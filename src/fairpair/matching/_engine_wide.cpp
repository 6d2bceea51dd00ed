// The matcher core, 6 and 16 limbs (weights of 253 to 1,020 bits):
// Blossom<N, void> and Blossom<N, ClassOrder> compiled once, here (see engine.hpp).
// No Python in this unit.
#include "engine_impl.hpp"

FAIRPAIR_INSTANTIATE_ENGINE(6, void)
FAIRPAIR_INSTANTIATE_ENGINE(16, void)
FAIRPAIR_INSTANTIATE_ENGINE(6, fairpair::ClassOrder)
FAIRPAIR_INSTANTIATE_ENGINE(16, fairpair::ClassOrder)
