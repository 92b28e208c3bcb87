// Shared pieces of search/ (not a public interface).
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_set>

#include "axon/core/ir.h"

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

}  // namespace axon::search_detail
