// Shared pieces of search/ (not a public interface).
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_set>

#include "axon/core/ir.h"
#include "axon/search/superopt.h"

namespace axon::search_detail {

// Elements of a node's value; sizes are concrete here (superopt refuses symbolic ones).
inline int64_t elements(const Node* n) {
  int64_t c = 1;
  for (const Size& s : n->shape()) c *= s.value().value_or(1);
  return c;
}

// The cost model's register-A prologue (prologue_cost.cpp). Whether the tiling's register A serves
// matmul mm whose group holds the nodes `inside` says: a bf16 A computed (in the group) from a
// stored 16-bit tensor of A's shape, B stored, neither transposed; an approximation of the
// tiling's conditions that ranks candidates (the timings decide).
bool register_a_applies(const Node* mm, const std::function<bool(const Node*)>& inside);
// The weight its consumers evaluate per element of A: A's prologue, the pairs' loads and packing
// (tiling::kRegisterAFixedWeight), and the group's reductions (side reductions) on their inputs.
double register_a_weight(const Node* mm, const std::unordered_set<const Node*>& nodes, const std::function<bool(const Node*)>& inside);

// The winner among a kernel's trials (superopt.cpp), -1 when none passed: the fastest of the
// finalists (timed side by side; the screened times only when no trial was a finalist), except
// that finalists within kLevel of it are level and among those the lowest estimate wins. The
// side-by-side medians of near-identical kernels spread about 0.5% on the H200 (2026-12-03:
// 393.9-394.7 us for three 128 x 256 variants of one matmul, and 392.8 for a 128 x 128 one that
// had screened 7% slower and, picked, measured 3.9% behind cuBLAS in the suite, where 128 x 256
// picks measured 0.99-1.01x in other runs; docs/codegen.md).
constexpr double kLevel = 1.01;
int pick_winner(const std::vector<ConfigTrial>& trials);

}  // namespace axon::search_detail
