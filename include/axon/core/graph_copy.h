// Copying a node's DAG into another context with its sizes mapped: how a graph is generalized
// to symbolic sizes (rewrite admission, graph-pair verification) or instantiated again.
#pragma once

#include <functional>
#include <unordered_map>

#include "axon/core/ir.h"

namespace axon {

// Copies n's DAG into dst: `leaf(x)` returns a replacement for x or nullptr to copy x (inputs
// must be replaced); `size(s)` maps every size in shape-valued attributes. Throws UserError
// when a copy does not type-check.
const Node* copy_dag(Context& dst, const Node* n, const std::function<const Node*(const Node*)>& leaf,
                     const std::function<Size(const Size&)>& size,
                     std::unordered_map<const Node*, const Node*>& memo);

}  // namespace axon
