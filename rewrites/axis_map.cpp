// Axis maps read from the op definitions, and relayout of a tensor between two operands'
// coordinates. This is what makes the moves generic: which axes of an operand correspond to
// which axes of the result (or to which reduction) is read from the op's index expression.
#include <algorithm>

#include "axon/core/op_table.h"
#include "internal.h"

namespace axon::rw {

namespace {

void collect_reads(const Term& t, int j, std::vector<const TermNode*>& out) {
  if (!t) return;
  if (t->kind == TermKind::Read && t->ival == j) out.push_back(t.get());
  for (const Term& a : t->args) collect_reads(a, j, out);
}

AxisRole role_of(const Term& idx) {
  if (idx->kind == TermKind::Var) return {AxisRole::Var, static_cast<int>(idx->ival)};
  if (idx->kind == TermKind::Int && idx->ival == 0) return {AxisRole::Zero, -1};
  return {AxisRole::Other, -1};
}

}  // namespace

std::optional<Roles> operand_roles(const Node& n, int j) {
  if (n.kind() == OpKind::Source || j >= static_cast<int>(n.operands().size())) return std::nullopt;
  Definition d = define(n);
  std::vector<const TermNode*> reads;
  collect_reads(d.body, j, reads);
  if (reads.empty()) return std::nullopt;
  std::optional<Roles> roles;
  for (const TermNode* r : reads) {
    Roles here;
    for (const Term& idx : r->args) here.push_back(role_of(idx));
    if (roles && !(*roles == here)) return std::nullopt;
    roles = here;
  }
  // An axis of size 1 read at a variable is still a broadcast axis for our purposes.
  const Shape& s = n.operand(j)->shape();
  for (size_t e = 0; e < roles->size() && e < s.size(); ++e)
    if (s[e] == Size(1)) (*roles)[e] = {AxisRole::Zero, -1};
  return roles;
}

Roles output_roles(const Node& n) {
  Roles r;
  for (int d = 0; d < n.rank(); ++d) r.push_back({AxisRole::Var, d});
  return r;
}

namespace {

// (var, size) of each axis along which f varies, in f's axis order; false when one of them has
// no Var role.
bool varying(const Node* f, const Roles& src, std::vector<std::pair<int, Size>>& out) {
  const int rf = f->rank(), rs = static_cast<int>(src.size());
  if (rf > rs) {
    for (int e = 0; e < rf - rs; ++e)
      if (f->shape()[e] != Size(1)) return false;
  }
  for (int e = std::max(0, rf - rs); e < rf; ++e) {
    if (f->shape()[e] == Size(1)) continue;
    const AxisRole& r = src[e + rs - rf];
    if (r.kind != AxisRole::Var) return false;
    out.emplace_back(r.var, f->shape()[e]);
  }
  return true;
}

}  // namespace

bool varies_only_along_vars(const Node* f, const Roles& src) {
  std::vector<std::pair<int, Size>> v;
  return varying(f, src, v);
}

const Node* relayout(Context& ctx, const Node* f, const Roles& src, const Roles& dst) {
  std::vector<std::pair<int, Size>> vars;
  if (!varying(f, src, vars)) return nullptr;
  const int rd = static_cast<int>(dst.size());
  // Destination axis of each varying axis.
  std::vector<int> pos;
  for (const auto& [v, sz] : vars) {
    int found = -1;
    for (int e = 0; e < rd; ++e)
      if (dst[e].kind == AxisRole::Var && dst[e].var == v) {
        if (found >= 0) return nullptr;  // read twice: ambiguous
        found = e;
      }
    if (found < 0) return nullptr;
    pos.push_back(found);
  }
  // Target shape: the sizes at their destination axes, 1 elsewhere, trimmed of leading 1s
  // (broadcasting adds them back).
  Shape target(rd, Size(1));
  for (size_t i = 0; i < vars.size(); ++i) target[pos[i]] = vars[i].second;
  size_t lead = 0;
  while (lead < target.size() && target[lead] == Size(1)) ++lead;
  Shape trimmed(target.begin() + static_cast<std::ptrdiff_t>(lead), target.end());
  if (f->shape() == trimmed || f->shape() == target) return f;
  try {
    const Node* x = f;
    // Squeeze to the varying axes, permute into destination order, unsqueeze.
    Shape squeezed;
    for (const auto& [v, sz] : vars) squeezed.push_back(sz);
    if (x->shape() != squeezed) {
      Attrs a;
      a.set("shape", squeezed);
      x = ctx.make(Op::Reshape, {x}, a);
    }
    std::vector<int64_t> order(vars.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int64_t>(i);
    std::sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return pos[a] < pos[b]; });
    bool identity = true;
    for (size_t i = 0; i < order.size(); ++i) identity = identity && order[i] == static_cast<int64_t>(i);
    if (!identity) {
      Attrs a;
      a.set("perm", order);
      x = ctx.make(Op::Transpose, {x}, a);
    }
    if (x->shape() != trimmed) {
      Attrs a;
      a.set("shape", trimmed);
      x = ctx.make(Op::Reshape, {x}, a);
    }
    return x;
  } catch (const UserError&) {
    return nullptr;
  }
}

}  // namespace axon::rw
