// Strided views through transposes and reshapes (views.h).
#include "views.h"

#include <algorithm>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

StridedView row_major(const Node* base) {
  StridedView v;
  v.base = base;
  v.dims = dims_of(base);
  v.strides.assign(v.dims.size(), 1);
  for (size_t a = v.dims.size(); a-- > 1;) v.strides[a - 1] = v.strides[a] * v.dims[a];
  return v;
}

StridedView permuted(const StridedView& v, const std::vector<int64_t>& perm) {
  AXON_CHECK(perm.size() == v.dims.size(), "views: a permutation of another rank");
  StridedView out;
  out.base = v.base;
  for (int64_t p : perm) {
    out.dims.push_back(v.dims.at(size_t(p)));
    out.strides.push_back(v.strides.at(size_t(p)));
  }
  return out;
}

// Walks the old and the new axes (size-1 axes of the old dropped) in groups of equal products:
// within a group the old axes must be contiguous with each other, and the new ones take their
// strides from the group's innermost old stride outwards.
std::optional<StridedView> reshaped(const StridedView& v, const std::vector<int64_t>& dims) {
  std::vector<int64_t> od, os;
  for (size_t a = 0; a < v.dims.size(); ++a)
    if (v.dims[a] != 1) {
      od.push_back(v.dims[a]);
      os.push_back(v.strides[a]);
    }
  if (numel(dims) != numel(v.dims)) return std::nullopt;
  StridedView out;
  out.base = v.base;
  out.dims = dims;
  out.strides.assign(dims.size(), 1);
  size_t oi = 0, ni = 0;
  while (oi < od.size() && ni < dims.size()) {
    size_t oj = oi + 1, nj = ni + 1;
    int64_t op = od[oi], np = dims[ni];
    while (np != op) {
      if (np < op) {
        if (nj == dims.size()) return std::nullopt;
        np *= dims[nj++];
      } else {
        if (oj == od.size()) return std::nullopt;
        op *= od[oj++];
      }
    }
    for (size_t k = oi; k + 1 < oj; ++k)
      if (os[k] != os[k + 1] * od[k + 1]) return std::nullopt;
    out.strides[nj - 1] = os[oj - 1];
    for (size_t k = nj - 1; k > ni; --k) out.strides[k - 1] = out.strides[k] * dims[k];
    oi = oj;
    ni = nj;
  }
  return out;  // new axes past the last group have size 1: their strides are never stepped
}

std::optional<StridedView> strided_view(const Node* n, const std::function<bool(const Node*)>& stored) {
  if (stored(n)) return row_major(n);
  if (n->op() != Op::Transpose && n->op() != Op::Reshape) return std::nullopt;
  std::optional<StridedView> in = strided_view(n->operand(0), stored);
  if (!in) return std::nullopt;
  if (n->op() == Op::Transpose) return permuted(*in, n->attrs().ints("perm"));
  return reshaped(*in, dims_of(n));
}

MergedView merged(const StridedView& v, size_t keep) {
  AXON_CHECK(keep <= v.dims.size(), "views: keeping more axes than there are");
  MergedView m;
  StridedView& out = m.view;
  out.base = v.base;
  const size_t outer = v.dims.size() - keep;
  for (size_t a = 0; a < v.dims.size(); ++a) {
    if (a < outer && v.dims[a] == 1) continue;
    if (a < outer && !out.dims.empty() && out.strides.back() == v.strides[a] * v.dims[a]) {
      out.dims.back() *= v.dims[a];
      out.strides.back() = v.strides[a];
      m.axes.back().push_back(a);
      continue;
    }
    out.dims.push_back(v.dims[a]);
    out.strides.push_back(v.strides[a]);
    m.axes.push_back({a});
  }
  return m;
}

std::optional<ViewMap> view_map(const StridedView& v) {
  if (v.dims.size() < 2 || v.strides.back() != 1) return std::nullopt;
  const MergedView m = merged(v, 2);
  const size_t n = m.view.dims.size();
  // (stride, dimension of the merged view) for every dimension but the contiguous one; a view
  // with no batch axis left gets one of extent 1 (the copies are 3d at least).
  std::vector<std::pair<int64_t, size_t>> order;
  for (size_t i = 0; i + 1 < n; ++i) order.emplace_back(m.view.strides[i], i);
  std::sort(order.begin(), order.end());
  ViewMap out;
  for (const auto& [stride, i] : order) {
    if (stride % 8 != 0 || stride >= (int64_t(1) << 39) || m.view.dims[i] >= (int64_t(1) << 32)) return std::nullopt;
    if (i == n - 2) out.rows = static_cast<int>(out.dims.size());
    out.dims.push_back(m.view.dims[i]);
    out.strides.push_back(stride);
    out.batch.push_back(i == n - 2 ? std::vector<size_t>{} : m.axes[i]);
  }
  if (out.dims.size() == 1) {
    out.dims.push_back(1);
    out.strides.push_back(out.strides[0] * m.view.dims[n - 2]);
    out.batch.push_back({});
  }
  if (m.view.dims.back() >= (int64_t(1) << 32) || out.dims.size() + 1 > 5) return std::nullopt;
  return out;
}

}  // namespace axon::tiling::detail
