// The contraction kernel families' legality (docs/contraction.md): whether a family's kernel can
// run a configuration on a contraction, "" when it can, else the reason. The enumeration
// (contraction_configs.cpp) offers only configurations that pass, and each family's emitter checks
// the same function, so the rule is written once. What is merely not worth timing (tiles much
// larger than the problem) and the target's limits (shared memory, registers) are the
// enumeration's.
#pragma once

#include <string>

#include "internal.h"

namespace axon::tiling::detail {

// mma.sync (contraction_kernel.cpp): warp tiles of whole 16 x 16 pieces, 2 to 8 warps, at most 128
// accumulator registers; one matmul without side reductions.
std::string mma_sync_can_run(const ContractionShape& c, const ContractionConfig& t);
// wgmma (wgmma_kernel.cpp, tma_mainloop.cpp): the options' combinations the kernel implements
// (TMA, producers, persistence, store warps, the bulk store, multicast, split-K, stream-K,
// register A, twins, side reductions).
std::string wgmma_can_run(const Group& g, const ContractionShape& c, const ContractionConfig& t);
// tf32 mma.sync (tf32_kernel.cpp): warp tiles of whole m16n8 fragments, 32 at most.
std::string tf32_can_run(const ContractionShape& c, const ContractionConfig& t);
// SIMT (simt_kernel.cpp): 256 threads, tiles of multiples of 64.
std::string simt_can_run(const ContractionConfig& t);

}  // namespace axon::tiling::detail
