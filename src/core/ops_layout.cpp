// Shape rules and definitions of layout ops: transpose, reshape, broadcast_to, slice, pad,
// reverse, concat.
#include <algorithm>
#include <numeric>

#include "axon/core/op_table.h"
#include "op_util.h"
#include "ops_registry.h"

namespace axon::detail {

using namespace term;

namespace {

int64_t rank_of(const OperandInfo& o) { return static_cast<int64_t>(o.shape.size()); }

// NumPy's slice clamping for a constant axis length n. Returns (first index, length).
std::pair<int64_t, int64_t> clamp_slice(int64_t n, std::optional<int64_t> start,
                                        std::optional<int64_t> end, int64_t step) {
  auto norm = [n](int64_t v, int64_t lo, int64_t hi) {
    if (v < 0) v += n;
    return std::clamp(v, lo, hi);
  };
  int64_t s = 0, e = 0;
  // A step longer than the axis takes one element; clamping it keeps the arithmetic in range.
  step = std::clamp(step, -n, n);
  if (step > 0) {
    s = start ? norm(*start, 0, n) : 0;
    e = end ? norm(*end, 0, n) : n;
    return {s, e > s ? (e - s + step - 1) / step : 0};
  }
  s = start ? norm(*start, -1, n - 1) : n - 1;
  e = end ? norm(*end, -1, n - 1) : -1;
  return {s, s > e ? (s - e + (-step) - 1) / (-step) : 0};
}

// Symbolic bounds (rules files, docs/rules-format.md "Symbolic slice and pad bounds"): a slice's
// start/end or a pad's widths given as sizes, held as a Shape attribute instead of integers.
bool is_size_attr(const Attrs& a, const std::string& key) {
  return a.has(key) && std::holds_alternative<Shape>(a.values().at(key));
}

// A slice bound as a size: an integer (>= 0 here) or a size attribute of one entry.
Size bound(const Attrs& a, const std::string& key, const Size& dflt) {
  if (!a.has(key)) return dflt;
  if (!is_size_attr(a, key)) {
    const int64_t v = a.i(key);
    if (v < 0) throw UserError("attrs." + key + ": a slice with symbolic bounds takes bounds >= 0");
    return Size(v);
  }
  const Shape& s = a.shape(key);
  if (s.size() != 1) throw UserError("attrs." + key + ": expected one size");
  return s[0];
}

// Pad widths as sizes, whichever way they are held.
Shape widths(const Attrs& a, const std::string& key) {
  if (is_size_attr(a, key)) return a.shape(key);
  Shape out;
  for (int64_t w : a.ints(key)) out.push_back(Size(w));
  return out;
}

}  // namespace

Inferred infer_layout(Op op, const std::vector<OperandInfo>& o, const Attrs& in) {
  const Shape& s = o[0].shape;
  int64_t rank = rank_of(o[0]);
  Attrs a;
  switch (op) {
    case Op::Transpose: {
      std::vector<int64_t> perm;
      if (in.has("perm")) {
        perm = in.ints("perm");
        if (static_cast<int64_t>(perm.size()) != rank)
          throw UserError("attrs.perm: has " + std::to_string(perm.size()) +
                          " entries for an input of rank " + std::to_string(rank));
        for (auto& p : perm) p = normalize_axis(p, rank, "attrs.perm");
        auto sorted = perm;
        std::sort(sorted.begin(), sorted.end());
        for (int64_t i = 0; i < rank; ++i)
          if (sorted[i] != i) throw UserError("attrs.perm: not a permutation of the axes");
      } else {
        for (int64_t i = rank - 1; i >= 0; --i) perm.push_back(i);
      }
      Shape out;
      for (auto p : perm) out.push_back(s[p]);
      a.set("perm", perm);
      return {o[0].dtype, out, a};
    }
    case Op::Reshape: {
      Shape target = in.shape("shape");
      int inferred = -1;
      for (size_t i = 0; i < target.size(); ++i) {
        if (target[i] == Size(-1)) {
          if (inferred >= 0) throw UserError("attrs.shape: more than one -1");
          inferred = static_cast<int>(i);
        }
      }
      if (inferred >= 0) {
        auto total = element_count(s);
        Shape rest = target;
        rest.erase(rest.begin() + inferred);
        auto known = element_count(rest);
        if (!total || !known)
          throw UserError("attrs.shape: -1 needs every other size to be a number (bind them)");
        if (*known <= 0 || *total % *known != 0)
          throw UserError("attrs.shape: cannot infer -1: " + std::to_string(*total) +
                          " elements do not split into " + shape_str(rest));
        target[inferred] = Size(*total / *known);
      }
      check_dims(target, "attrs.shape");
      Size n_in(1), n_out(1);
      try {
        for (const auto& d : s) n_in = n_in * d;
        for (const auto& d : target) n_out = n_out * d;
      } catch (const UserError& e) {
        throw e.at("attrs.shape");
      }
      if (n_in != n_out)
        throw UserError("attrs.shape: reshape of " + shape_str(s) + " to " + shape_str(target) +
                        " changes the element count (" + n_in.str() + " vs " + n_out.str() + ")");
      a.set("shape", target);
      return {o[0].dtype, target, a};
    }
    case Op::BroadcastTo: {
      Shape target = in.shape("shape");
      check_dims(target, "attrs.shape");
      if (target.size() < s.size())
        throw UserError("attrs.shape: " + shape_str(target) + " has fewer axes than the input " +
                        shape_str(s));
      size_t off = target.size() - s.size();
      for (size_t d = 0; d < s.size(); ++d)
        if (s[d] != Size(1) && s[d] != target[d + off])
          throw UserError("attrs.shape: cannot broadcast " + shape_str(s) + " to " +
                          shape_str(target) + " (axis " + std::to_string(d) + ")");
      a.set("shape", target);
      return {o[0].dtype, target, a};
    }
    case Op::Slice: {
      if (rank == 0) throw UserError("slice: input is a scalar");
      int64_t axis = normalize_axis(in.i("axis"), rank, "attrs.axis");
      if (is_size_attr(in, "start") || is_size_attr(in, "end") || is_size_attr(in, "step")) {
        // Symbolic bounds: [start, end) with a positive step; the rule's conditions keep them in
        // range (0 <= start < end <= the axis's size, step >= 1), which the verifier checks.
        // With a step other than 1, end - start must be a multiple of it as written
        // (end = start + step * L: L elements).
        const Size first = bound(in, "start", Size(0)), last = bound(in, "end", s[axis]);
        const Size step = bound(in, "step", Size(1));
        if (step.value() && *step.value() <= 0) throw UserError("attrs.step: a slice with symbolic bounds takes a step >= 1");
        const std::optional<Size> length = (last - first).divide_exact(step);
        if (!length)
          throw UserError("slice: end - start (" + (last - first).str() + ") is not a multiple of the step (" + step.str() +
                          "); write end = start + step * L for L elements");
        Shape out = s;
        out[axis] = *length;
        a.set("axis", axis);
        a.set("start", Shape{first});
        a.set("end", Shape{last});
        if (step.value()) a.set("step", *step.value());
        else a.set("step", Shape{step});
        return {o[0].dtype, out, a};
      }
      int64_t step = in.has("step") ? in.i("step") : 1;
      if (step == 0) throw UserError("attrs.step: must not be 0");
      auto n = s[axis].value();
      if (!n)
        throw UserError("slice: axis " + std::to_string(axis) + " has symbolic size " +
                        s[axis].str() + "; bind it (--bind) to slice it");
      std::optional<int64_t> start, end;
      if (in.has("start")) start = in.i("start");
      if (in.has("end")) end = in.i("end");
      auto [first, len] = clamp_slice(*n, start, end, step);
      if (len == 0) throw UserError("slice: selects no elements (an empty tensor)");
      Shape out = s;
      out[axis] = Size(len);
      a.set("axis", axis);
      a.set("start", first);
      a.set("step", step);
      // Canonical end: one past the last index taken (-1 when a negative step reaches index 0).
      a.set("end", first + (len - 1) * step + (step > 0 ? 1 : -1));
      return {o[0].dtype, out, a};
    }
    case Op::Pad: {
      if (is_size_attr(in, "before") || is_size_attr(in, "after")) {
        // Symbolic widths (sizes, so >= 1 each, or numbers >= 0).
        const Shape before = widths(in, "before"), after = widths(in, "after");
        if (static_cast<int64_t>(before.size()) != rank || static_cast<int64_t>(after.size()) != rank)
          throw UserError("attrs.before/after: need one entry per axis (" + std::to_string(rank) + ")");
        Shape out = s;
        for (int64_t d = 0; d < rank; ++d) {
          for (const Size* w : {&before[d], &after[d]})
            if (auto v = w->value(); v && *v < 0) throw UserError("attrs.before/after: padding must be >= 0");
          out[d] = out[d] + before[d] + after[d];
        }
        double value = in.has("value") ? in.f("value") : 0.0;
        check_value_of(o[0].dtype, value, "attrs.value");
        a.set("before", before);
        a.set("after", after);
        a.set("value", round_to(o[0].dtype, value));
        return {o[0].dtype, out, a};
      }
      const auto& before = in.ints("before");
      const auto& after = in.ints("after");
      if (static_cast<int64_t>(before.size()) != rank || static_cast<int64_t>(after.size()) != rank)
        throw UserError("attrs.before/after: need one entry per axis (" + std::to_string(rank) +
                        ")");
      Shape out = s;
      for (int64_t d = 0; d < rank; ++d) {
        if (before[d] < 0 || after[d] < 0)
          throw UserError("attrs.before/after: padding must be >= 0");
        if (before[d] > kMaxDim || after[d] > kMaxDim)
          throw UserError("attrs.before/after: padding exceeds the limit 2^40");
        out[d] = out[d] + Size(before[d]) + Size(after[d]);
      }
      check_dims(out, "pad result");
      double value = in.has("value") ? in.f("value") : 0.0;
      check_value_of(o[0].dtype, value, "attrs.value");
      a.set("before", before);
      a.set("after", after);
      a.set("value", round_to(o[0].dtype, value));
      return {o[0].dtype, out, a};
    }
    case Op::Reverse: {
      a.set("axes", normalize_axes(in.ints("axes"), rank, "attrs.axes"));
      return {o[0].dtype, s, a};
    }
    case Op::Concat: {
      if (rank == 0) throw UserError("concat: inputs are scalars");
      int64_t axis = normalize_axis(in.i("axis"), rank, "attrs.axis");
      Shape out = s;
      for (size_t k = 1; k < o.size(); ++k) {
        if (o[k].dtype != o[0].dtype)
          throw UserError("concat: input " + std::to_string(k + 1) + " is " +
                          std::string(dtype_name(o[k].dtype)) + ", input 1 is " +
                          std::string(dtype_name(o[0].dtype)));
        if (rank_of(o[k]) != rank)
          throw UserError("concat: input " + std::to_string(k + 1) + " has rank " +
                          std::to_string(rank_of(o[k])) + ", input 1 has rank " +
                          std::to_string(rank));
        for (int64_t d = 0; d < rank; ++d) {
          if (d == axis) continue;
          if (o[k].shape[d] != s[d])
            throw UserError("concat: input " + std::to_string(k + 1) + " " +
                            shape_str(o[k].shape) + " differs from input 1 " + shape_str(s) +
                            " on axis " + std::to_string(d));
        }
        out[axis] = out[axis] + o[k].shape[axis];
      }
      check_dims(out, "concat result", /*differences_ok=*/true);  // slices with symbolic bounds
      a.set("axis", axis);
      return {o[0].dtype, out, a};
    }
    default:
      throw InternalError("infer_layout: " + std::string(op_name(op)));
  }
}

Definition define_layout(const Node& n) {
  const Shape& in = n.operand(0)->shape();
  const Attrs& at = n.attrs();
  Definition d;
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  std::vector<Term> v = vars(n.rank());
  switch (n.op()) {
    case Op::Transpose: {
      const auto& perm = at.ints("perm");
      std::vector<Term> idx(perm.size());
      for (size_t dim = 0; dim < perm.size(); ++dim) idx[perm[dim]] = v[dim];
      d.body = read(0, idx);
      break;
    }
    case Op::Reshape: {
      if (in == n.shape()) {
        d.body = read(0, v);
        break;
      }
      // Linear (row-major) position of the output index, unravelled over the input's shape.
      Term lin = integer(0);
      for (int dim = 0; dim < n.rank(); ++dim)
        lin = add(mul(lin, size(n.shape()[dim])), v[dim]);
      std::vector<Term> idx(in.size());
      Size stride(1);
      for (int dim = static_cast<int>(in.size()) - 1; dim >= 0; --dim) {
        Term q = floordiv(lin, size(stride));
        idx[dim] = dim == 0 ? q : mod(q, size(in[dim]));
        stride = stride * in[dim];
      }
      d.body = read(0, idx);
      break;
    }
    case Op::BroadcastTo:
      d.body = broadcast_read(0, in, n.shape());
      break;
    case Op::Slice: {
      int64_t axis = at.i("axis");
      std::vector<Term> idx = v;
      const Term first = is_size_attr(at, "start") ? size(at.shape("start")[0]) : integer(at.i("start"));
      const Term step = is_size_attr(at, "step") ? size(at.shape("step")[0]) : integer(at.i("step"));
      idx[axis] = add(first, mul(v[axis], step));
      d.body = read(0, idx);
      break;
    }
    case Op::Pad: {
      const Shape before = widths(at, "before"), after = widths(at, "after");
      std::vector<Term> idx = v;
      Term inside;
      for (size_t dim = 0; dim < in.size(); ++dim) {
        if (before[dim] == Size(0) && after[dim] == Size(0)) continue;
        idx[dim] = sub(v[dim], size(before[dim]));
        Term c = land(cmp(CmpOp::Ge, v[dim], size(before[dim])),
                      cmp(CmpOp::Lt, v[dim], size(in[dim] + before[dim])));
        inside = inside ? land(inside, c) : c;
      }
      d.body = inside ? select(inside, read(0, idx), real(at.f("value"))) : read(0, idx);
      break;
    }
    case Op::Reverse: {
      std::vector<Term> idx = v;
      for (int64_t axis : at.ints("axes"))
        idx[axis] = sub(size(in[axis] - Size(1)), v[axis]);
      d.body = read(0, idx);
      break;
    }
    case Op::Concat: {
      int64_t axis = at.i("axis");
      // Offsets of each input along the axis; the last input is the fallback branch.
      std::vector<Size> offsets{Size(0)};
      for (const Node* o : n.operands()) offsets.push_back(offsets.back() + o->shape()[axis]);
      int last = static_cast<int>(n.operands().size()) - 1;
      auto read_k = [&](int k) {
        std::vector<Term> idx = v;
        idx[axis] = sub(v[axis], size(offsets[k]));
        return read(k, idx);
      };
      Term body = read_k(last);
      for (int k = last - 1; k >= 0; --k)
        body = select(cmp(CmpOp::Lt, v[axis], size(offsets[k + 1])), read_k(k), body);
      d.body = body;
      break;
    }
    default:
      throw InternalError("define_layout: " + std::string(op_name(n.op())));
  }
  return d;
}

}  // namespace axon::detail
