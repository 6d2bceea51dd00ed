// The matcher core, 1 to 4 limbs (weights of up to 252 bits: every pairing of the
// benchmarks): Blossom<N, void> and Blossom<N, ClassOrder> compiled once, here (see
// engine.hpp).  No Python in this unit.
#include "engine_impl.hpp"

FAIRPAIR_INSTANTIATE_ENGINE(1, void)
FAIRPAIR_INSTANTIATE_ENGINE(2, void)
FAIRPAIR_INSTANTIATE_ENGINE(3, void)
FAIRPAIR_INSTANTIATE_ENGINE(4, void)
FAIRPAIR_INSTANTIATE_ENGINE(1, fairpair::ClassOrder)
FAIRPAIR_INSTANTIATE_ENGINE(2, fairpair::ClassOrder)
FAIRPAIR_INSTANTIATE_ENGINE(3, fairpair::ClassOrder)
FAIRPAIR_INSTANTIATE_ENGINE(4, fairpair::ClassOrder)
