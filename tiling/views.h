// Values read where they lie (docs/attention.md, "Operands through views"): a value that
// transposes and reshapes make of a stored one is a set of strides over the stored value's
// row-major elements, so a kernel can read it through a tensor map of those strides instead of a
// kernel before it copying it (the heads of a projection's output, [B, T, H*E] seen as
// [B, H, T, E]).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "axon/tiling/kernel.h"

namespace axon::tiling::detail {

// `base` as it is stored: row-major.
StridedView row_major(const Node* base);
// Axis i of the result is axis perm[i] of v (a transpose's meaning).
StridedView permuted(const StridedView& v, const std::vector<int64_t>& perm);
// v's elements in row-major order laid out as `dims` (a reshape's meaning) without moving any,
// or nullopt where that needs a copy (merging axes that are not contiguous with each other).
std::optional<StridedView> reshaped(const StridedView& v, const std::vector<int64_t>& dims);

// n as a view of a value `stored` says is stored, through transposes and reshapes (nullopt where
// a node on the way is another op, or a reshape needs a copy).
std::optional<StridedView> strided_view(const Node* n, const std::function<bool(const Node*)>& stored);

// Adjacent axes merged where the outer one steps over the whole inner one (stride = inner
// stride * inner size), and axes of size 1 dropped, keeping the last `keep` axes as they are:
// the fewest dimensions a tensor map of the view needs. `axes[i]`: the view's axes that axis i
// of `view` covers, outermost first (a coordinate along it is their row-major flat index).
struct MergedView {
  StridedView view;
  std::vector<std::vector<size_t>> axes;
};
MergedView merged(const StridedView& v, size_t keep);

// A tensor map over a view in the copy's order (batch axes, the tile's rows, the contiguous
// axis): the dimensions after the contiguous one, in increasing stride as tensor maps lay them
// out, with their element strides; which of them is the rows'; and for each of the others the
// view's batch axes it covers (a coordinate along it is their row-major flat index). Nullopt
// where a tensor map cannot be: the last axis not contiguous, a stride not a multiple of 16
// bytes (of 16-bit elements) or past 2^40 bytes, an extent past 2^32, more than five dimensions.
struct ViewMap {
  std::vector<int64_t> dims, strides;
  int rows = 0;
  std::vector<std::vector<size_t>> batch;
};
std::optional<ViewMap> view_map(const StridedView& v);

}  // namespace axon::tiling::detail
