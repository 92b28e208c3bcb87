// Fusions of whole kernels of a cost estimate (steps 6 and 7 of search/cost_model.cpp; not a
// public interface): attention's kernels into one, twin matmuls into one.
#pragma once

#include <functional>
#include <unordered_set>

#include "axon/core/ir.h"
#include "axon/search/cost_model.h"

namespace axon::search_detail {

using NodeSet = std::unordered_set<const Node*>;

// What the fusions ask of the cost model that built the estimate.
struct FusionContext {
  const TargetModel& t;
  std::function<bool(const Node*)> is_output;
  std::function<size_t(const Node*)> position;  // in the graph's topological order
  std::function<double(const Node*)> flops;     // a node's arithmetic
  std::function<double(const Node*)> bytes;     // a value's size
  // The reduction penalty added to the estimate again, without the reductions of `exempt`.
  std::function<void(CostEstimate&, const NodeSet& exempt)> penalty;
};

// 6. Attention: a contraction kernel K2 whose other non-input reads are the one value S of a
// contraction kernel K1 and values of row kernels that read only S (and inputs), none of them
// read elsewhere or an output, becomes one kernel (kind "attention", the parts kept): the
// flash-style kernel walks the keys with the online softmax and never stores S. Without K1
// (the scores are an input: softmax -> matmul) the row kernels, one with a row max, and K2 fuse
// the same way: one pass over the stored scores instead of two. Kernels that only transpose and
// reshape a stored value into Q, K or V (the heads of a projection's output) join it: the fused
// kernel reads their source through a view (docs/attention.md, "Operands through views").
void fuse_attention(const FusionContext& c, CostEstimate& est);

// 7. Twins: a contraction kernel K1 that is one matmul U = A @ B1 of stored operands, read only
// by contraction kernel K2 whose matmul is A @ B2 (the same A node, flags and shapes; B2
// stored), becomes one kernel (kind "contraction", the parts kept): one wgmma over B1's and B2's
// tiles side by side loads A once and never stores U (swiglu: silu(X W1) * (X W3)).
void fuse_twins(const FusionContext& c, CostEstimate& est);

}  // namespace axon::search_detail
