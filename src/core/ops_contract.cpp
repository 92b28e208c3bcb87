// Shape rules and definitions of reductions and matmul.
#include <algorithm>

#include "axon/core/op_table.h"
#include "op_util.h"
#include "ops_registry.h"

namespace axon::detail {

using namespace term;

// ---- reductions ----------------------------------------------------------------------------

Inferred infer_reduce(Op op, const std::vector<OperandInfo>& o, const Attrs& in) {
  require_dtype(op, o[0].dtype, op != Op::ReduceMean, false);
  int64_t rank = static_cast<int64_t>(o[0].shape.size());
  if (rank == 0) throw UserError(std::string(op_name(op)) + ": input is a scalar");
  auto axes = normalize_axes(in.ints("axes"), rank, "attrs.axes");
  if (axes.empty()) throw UserError("attrs.axes: give at least one axis");
  bool keep = in.has("keepdims") && in.b("keepdims");
  Shape out;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = std::find(axes.begin(), axes.end(), d) != axes.end();
    if (!reduced) out.push_back(o[0].shape[d]);
    else if (keep) out.push_back(Size(1));
  }
  Attrs a;
  a.set("axes", axes);
  a.set("keepdims", keep);
  return {o[0].dtype, out, a};
}

Definition define_reduce(const Node& n) {
  const Shape& in = n.operand(0)->shape();
  const auto& axes = n.attrs().ints("axes");
  bool keep = n.attrs().b("keepdims");
  Definition d;
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  std::vector<Term> idx;
  std::vector<std::pair<int, Size>> loops;  // reduction variable, extent
  int next_var = n.rank();
  int out_dim = 0;
  for (int64_t dim = 0; dim < static_cast<int64_t>(in.size()); ++dim) {
    bool reduced = std::find(axes.begin(), axes.end(), dim) != axes.end();
    if (reduced) {
      loops.emplace_back(next_var, in[dim]);
      idx.push_back(var(next_var++));
      if (keep) ++out_dim;
    } else {
      idx.push_back(var(out_dim++));
    }
  }
  Term body = read(0, std::move(idx));
  Reducer r = n.op() == Op::ReduceMax ? Reducer::Max : Reducer::Sum;
  Size count(1);
  for (auto it = loops.rbegin(); it != loops.rend(); ++it) {
    body = reduce(r, it->first, size(it->second), body);
    count = count * it->second;
  }
  if (n.op() == Op::ReduceMean) body = fdiv(body, to_real(size(count)));
  d.body = body;
  return d;
}

// ---- matmul --------------------------------------------------------------------------------

namespace {

struct MatmulShapes {
  Shape a, b;       // after promotion of 1-D operands
  Shape batch;      // broadcast batch shape
  bool a_vec, b_vec;
};

// The operand shapes as [..., m, k] and [..., k, n]: transposed operands have their last two axes
// swapped first (they need two axes).
Shape as_read(const Shape& s, bool transposed, const char* which) {
  if (!transposed) return s;
  if (s.size() < 2)
    throw UserError(std::string("attrs.transpose_") + which + ": operand " + which +
                    " needs at least two axes to be transposed");
  Shape t = s;
  std::swap(t[t.size() - 1], t[t.size() - 2]);
  return t;
}

bool flag(const Attrs& a, const char* key) { return a.has(key) && a.b(key); }

MatmulShapes matmul_shapes(const Shape& a_in, const Shape& b_in, bool ta, bool tb) {
  if (a_in.empty() || b_in.empty()) throw UserError("matmul: inputs must have at least one axis");
  Shape a0 = as_read(a_in, ta, "a"), b0 = as_read(b_in, tb, "b");
  MatmulShapes m{a0, b0, {}, a0.size() == 1, b0.size() == 1};
  if (m.a_vec) m.a.insert(m.a.begin(), Size(1));
  if (m.b_vec) m.b.push_back(Size(1));
  const Size& ka = m.a[m.a.size() - 1];
  const Size& kb = m.b[m.b.size() - 2];
  if (ka != kb)
    throw UserError("matmul: contraction sizes differ: " + shape_str(a0) + " @ " +
                    shape_str(b0) + " (" + ka.str() + " vs " + kb.str() + ")");
  Shape ba(m.a.begin(), m.a.end() - 2), bb(m.b.begin(), m.b.end() - 2);
  try {
    m.batch = broadcast_shapes({ba, bb});
  } catch (const UserError& e) {
    throw UserError("matmul: batch axes: " + std::string(e.what()));
  }
  return m;
}

}  // namespace

Inferred infer_matmul(Op op, const std::vector<OperandInfo>& o, const Attrs& in) {
  if (o[0].dtype != o[1].dtype)
    throw UserError("matmul: input dtypes differ (" + std::string(dtype_name(o[0].dtype)) +
                    " vs " + std::string(dtype_name(o[1].dtype)) + "); insert a cast");
  require_dtype(op, o[0].dtype, true, false);
  const bool ta = flag(in, "transpose_a"), tb = flag(in, "transpose_b");
  MatmulShapes m = matmul_shapes(o[0].shape, o[1].shape, ta, tb);
  Shape out = m.batch;
  if (!m.a_vec) out.push_back(m.a[m.a.size() - 2]);
  if (!m.b_vec) out.push_back(m.b[m.b.size() - 1]);
  Attrs a;  // canonical: a flag is kept only when set
  if (ta) a.set("transpose_a", true);
  if (tb) a.set("transpose_b", true);
  return {o[0].dtype, out, a};
}

Definition define_matmul(const Node& n) {
  const bool ta = flag(n.attrs(), "transpose_a"), tb = flag(n.attrs(), "transpose_b");
  MatmulShapes m = matmul_shapes(n.operand(0)->shape(), n.operand(1)->shape(), ta, tb);
  Definition d;
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  size_t nb = m.batch.size();
  int kvar = n.rank();
  // Output index of row and column (absent for vector operands).
  Term row = m.a_vec ? integer(0) : var(static_cast<int>(nb));
  Term col = m.b_vec ? integer(0) : var(static_cast<int>(nb + (m.a_vec ? 0 : 1)));
  auto batch_idx = [&](const Shape& full) {
    std::vector<Term> idx;
    size_t rank = full.size() - 2;
    for (size_t dim = 0; dim < rank; ++dim) {
      size_t od = dim + nb - rank;
      if (full[dim] == Size(1) && m.batch[od] != Size(1)) idx.push_back(integer(0));
      else idx.push_back(var(static_cast<int>(od)));
    }
    return idx;
  };
  std::vector<Term> ia = batch_idx(m.a), ib = batch_idx(m.b);
  if (!m.a_vec) ia.push_back(row);
  ia.push_back(var(kvar));
  ib.push_back(var(kvar));
  if (!m.b_vec) ib.push_back(col);
  if (ta) std::swap(ia[ia.size() - 1], ia[ia.size() - 2]);
  if (tb) std::swap(ib[ib.size() - 1], ib[ib.size() - 2]);
  Term prod = fmul(read(0, std::move(ia)), read(1, std::move(ib)));
  d.body = reduce(Reducer::Sum, kvar, size(m.a.back()), prod);
  return d;
}

}  // namespace axon::detail
