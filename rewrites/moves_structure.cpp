// Structural moves: absorb a layout producer into its consumer's attributes, eliminate or
// merge pairs, split a reduction into partial reductions, expand an op by its definition.
#include <algorithm>

#include "axon/core/op_table.h"
#include "internal.h"

namespace axon::rw {

int64_t split_block(int64_t extent) {
  for (int64_t b : {128, 64, 256, 32, 16, 8, 4, 2})
    if (extent % b == 0 && extent / b >= 2) return b;
  return 0;
}

namespace {

std::string name_of(const Node* n) { return std::string(op_name(n->op())); }

// A layout producer folded into n by toggling one of n's bool attributes (from the op table's
// schema): matmul(transpose(a), b) -> matmul(a, b, transpose_a=true).
void absorb(Context& ctx, const Node* n, const Emit& emit) {
  for (size_t j = 0; j < n->operands().size(); ++j) {
    const Node* l = n->operand(j);
    if (l->kind() != OpKind::Layout || l->operands().size() != 1) continue;
    for (const AttrSpec& spec : op_info(n->op()).attrs) {
      if (spec.type != AttrType::Bool) continue;
      Attrs a = n->attrs();
      a.set(spec.name, !(a.has(spec.name) && a.b(spec.name)));
      std::vector<const Node*> ops = n->operands();
      ops[j] = l->operand(0);
      emit({MoveKind::Absorb, "absorb " + name_of(l) + " into operand " + std::to_string(j) + " of " +
                                  name_of(n) + " (" + spec.name + ")",
            n, try_make(ctx, n->op(), ops, a), {}});
    }
  }
}

// Composition of two layout ops whose axis maps are permutations, as one transpose (or none).
const Node* compose_permutations(Context& ctx, const Node* c, const Node* p) {
  auto rc = operand_roles(*c, 0), rp = operand_roles(*p, 0);
  const Node* x = p->operand(0);
  if (!rc || !rp || x->rank() != c->rank() || p->rank() != c->rank()) return nullptr;
  std::vector<int64_t> perm(c->rank(), -1);
  for (int e = 0; e < x->rank(); ++e) {
    const AxisRole& a = (*rp)[e];
    if (a.kind != AxisRole::Var || a.var >= p->rank()) return nullptr;
    const AxisRole& b = (*rc)[a.var];
    if (b.kind != AxisRole::Var || b.var >= c->rank() || perm[b.var] >= 0) return nullptr;
    perm[b.var] = e;
  }
  bool identity = true;
  for (size_t d = 0; d < perm.size(); ++d) identity = identity && perm[d] == static_cast<int64_t>(d);
  if (identity) return x;
  Attrs a;
  a.set("perm", perm);
  return try_make(ctx, Op::Transpose, {x}, a);
}

void eliminate(Context& ctx, const Node* n, const Emit& emit) {
  for (const Node* p : n->operands()) {
    if (p->kind() == OpKind::Source) continue;
    // n(p(x, ..), ..) -> x
    for (const Node* x : p->operands())
      if (x->shape() == n->shape() && x->dtype() == n->dtype())
        emit({MoveKind::Eliminate, "eliminate " + name_of(n) + " of " + name_of(p), n, x, {}});
    if (n->operands().size() != 1 || p->operands().size() != 1) continue;
    if (n->kind() == OpKind::Layout && p->kind() == OpKind::Layout) {
      if (const Node* m = compose_permutations(ctx, n, p))
        emit({MoveKind::Eliminate, "merge " + name_of(n) + " of " + name_of(p) + " into one transpose", n, m, {}});
    }
    if (n->op() == p->op()) {  // same op twice: once, with the outer one's attributes
      Attrs a = n->attrs();
      if (n->op() == Op::Cast) a.set("dtype", std::string(dtype_name(n->dtype())));
      emit({MoveKind::Eliminate, "merge " + name_of(n) + " of " + name_of(p), n,
            try_make(ctx, n->op(), {p->operand(0)}, a), {}});
    }
  }
}

Attrs reduce_attrs(int64_t axis, bool keep) {
  Attrs a;
  a.set("axes", std::vector<int64_t>{axis});
  a.set("keepdims", keep);
  return a;
}

// A reduction over one axis of size K = T*B as a reduction over B (partial results), then T.
void split(Context& ctx, const Node* n, const Emit& emit) {
  if (n->kind() != OpKind::Reduce) return;
  const auto& axes = n->attrs().ints("axes");
  if (axes.size() != 1) return;
  const Node* x = n->operand(0);
  // Not again over a split's own partial results (a reshape, or split-K's batched matmul):
  // nested splits add no new form, only variants.
  if (x->op() == Op::Reshape || (x->op() == Op::MatMul && x->operand(1)->op() == Op::Reshape)) return;
  const int64_t a = axes[0];
  auto k = x->shape()[a].value();
  if (!k) return;
  const int64_t b = split_block(*k);
  if (!b) return;
  Shape s = x->shape();
  s[a] = Size(*k / b);
  s.insert(s.begin() + a + 1, Size(b));
  Attrs ra;
  ra.set("shape", s);
  const Node* xr = try_make(ctx, Op::Reshape, {x}, ra);
  const Node* inner = try_make(ctx, n->op(), {xr}, reduce_attrs(a + 1, false));
  const Node* outer = try_make(ctx, n->op(), {inner}, reduce_attrs(a, n->attrs().b("keepdims")));
  emit({MoveKind::Split, "split " + name_of(n) + " over axis " + std::to_string(a) + " (" +
                             std::to_string(*k) + " = " + std::to_string(*k / b) + " x " +
                             std::to_string(b) + ") into partial reductions",
        n, outer, {{*k, {*k / b, b}}}});
}

// matmul's contraction over K = T*B as T partial matmuls over B, summed (split-K):
// a [.., M, K] -> [.., T, M, B], b [.., K, N] -> [.., T, B, N], batched matmul, sum over T.
void split_contraction(Context& ctx, const Node* n, const Emit& emit) {
  if (n->op() != Op::MatMul || !n->attrs().values().empty()) return;
  const Node* a = n->operand(0);
  const Node* b = n->operand(1);
  if (a->rank() < 2 || b->rank() < 2 || a->rank() != b->rank()) return;
  if (a->op() == Op::Transpose || b->op() == Op::Reshape) return;  // already split
  auto k = a->shape().back().value();
  if (!k) return;
  const int64_t bs = split_block(*k);
  if (!bs) return;
  const int64_t t = *k / bs, r = a->rank();
  Shape as(a->shape().begin(), a->shape().end() - 1);
  as.push_back(Size(t));
  as.push_back(Size(bs));  // [.., M, T, B]
  Attrs ra, pa, rb;
  ra.set("shape", as);
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < r - 2; ++d) perm.push_back(d);
  for (int64_t d : {r - 1, r - 2, r}) perm.push_back(d);  // [.., T, M, B]
  pa.set("perm", perm);
  Shape bsh(b->shape().begin(), b->shape().end() - 2);
  for (Size s : {Size(t), Size(bs), b->shape().back()}) bsh.push_back(s);  // [.., T, B, N]
  rb.set("shape", bsh);
  const Node* at = try_make(ctx, Op::Transpose, {try_make(ctx, Op::Reshape, {a}, ra)}, pa);
  const Node* bt = try_make(ctx, Op::Reshape, {b}, rb);
  const Node* partial = try_make(ctx, Op::MatMul, {at, bt});
  emit({MoveKind::Split, "split matmul's contraction (" + std::to_string(*k) + " = " + std::to_string(t) +
                             " x " + std::to_string(bs) + ") into partial matmuls",
        n, partial ? try_make(ctx, Op::ReduceSum, {partial}, reduce_attrs(partial->rank() - 3, false)) : nullptr,
        {{*k, {t, bs}}}});
}

// An op replaced by its definition in other ops: reduce_mean = reduce_sum * (1/N).
void expand(Context& ctx, const Node* n, const Emit& emit) {
  if (n->op() != Op::ReduceMean) return;
  const Node* x = n->operand(0);
  const Node* sum = try_make(ctx, Op::ReduceSum, {x}, n->attrs());
  Shape divisor;
  for (int64_t a : n->attrs().ints("axes")) divisor.push_back(x->shape()[a]);
  Attrs c;
  c.set("value", 1.0);
  c.set("divisor", divisor);
  c.set("dtype", std::string(dtype_name(n->dtype())));
  const Node* inv = try_make(ctx, Op::Constant, {}, c);
  emit({MoveKind::Expand, "expand reduce_mean as reduce_sum times 1/N", n,
        try_make(ctx, Op::Mul, {sum, inv}), {}});
}

}  // namespace

void propose_structure(Context& ctx, const Node* n, const Emit& emit) {
  if (n->kind() == OpKind::Source) return;
  absorb(ctx, n, emit);
  eliminate(ctx, n, emit);
  split(ctx, n, emit);
  split_contraction(ctx, n, emit);
  expand(ctx, n, emit);
}

}  // namespace axon::rw
