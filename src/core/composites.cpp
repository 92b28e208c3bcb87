// Composite ops, each defined once by its decomposition into primitive ops.
#include "axon/core/composite.h"

#include <cmath>
#include <limits>

#include "axon/core/error.h"
#include "op_util.h"

namespace axon {

namespace {

const std::vector<CompositeInfo>& table() {
  constexpr auto I = AttrType::Int, F = AttrType::Float;
  static const std::vector<CompositeInfo> t = {
      {Composite::Softmax, "softmax", 1, 1, {{"axis", I, false}}},
      {Composite::LayerNorm, "layernorm", 1, 3, {{"axis", I, false}, {"eps", F, false}}},
      {Composite::RmsNorm, "rmsnorm", 1, 2, {{"axis", I, false}, {"eps", F, false}}},
      {Composite::CausalMask, "causal_mask", 1, 1, {}},
  };
  return t;
}

Attrs axes_attr(int64_t axis) {
  Attrs a;
  a.set("axes", std::vector<int64_t>{axis});
  a.set("keepdims", true);
  return a;
}

Attrs dtype_attr(DType t) {
  Attrs a;
  a.set("dtype", std::string(dtype_name(t)));
  return a;
}

// Statistics of f16/bf16 tensors are computed in f32.
const Node* to_compute(Context& ctx, const Node* x) {
  return x->dtype() == DType::f32 ? x : ctx.make(Op::Cast, {x}, dtype_attr(DType::f32));
}

const Node* from_compute(Context& ctx, const Node* y, DType t) {
  return t == DType::f32 ? y : ctx.make(Op::Cast, {y}, dtype_attr(t));
}

// gamma/beta of shape [n] applied along `axis` of a tensor of rank `rank`.
const Node* along_axis(Context& ctx, const Node* v, const Node* x, int64_t axis,
                       const char* which) {
  if (v->dtype() != x->dtype())
    throw UserError(std::string(which) + " is " + std::string(dtype_name(v->dtype())) +
                    ", x is " + std::string(dtype_name(x->dtype())));
  const Size& n = x->shape()[axis];
  if (v->shape() != Shape{n})
    throw UserError(std::string(which) + " has shape " + shape_str(v->shape()) + ", expected [" +
                    n.str() + "] (the size of x along axis " + std::to_string(axis) + ")");
  const Node* f = to_compute(ctx, v);
  int64_t trailing = x->rank() - 1 - axis;
  if (trailing == 0) return f;
  Shape s{n};
  for (int64_t i = 0; i < trailing; ++i) s.push_back(Size(1));
  Attrs a;
  a.set("shape", s);
  return ctx.make(Op::Reshape, {f}, a);
}

}  // namespace

std::optional<Composite> parse_composite(std::string_view name) {
  for (const auto& c : table())
    if (c.name == name) return c.op;
  return std::nullopt;
}

const CompositeInfo& composite_info(Composite c) { return table()[static_cast<size_t>(c)]; }

const Node* expand_composite(Context& ctx, Composite c, const std::vector<const Node*>& in,
                             const Attrs& attrs, Attrs* canonical) {
  const CompositeInfo& info = composite_info(c);
  int n = static_cast<int>(in.size());
  if (n < info.min_arity || n > info.max_arity)
    throw UserError(std::string(info.name) + " takes " +
                    (info.min_arity == info.max_arity
                         ? std::to_string(info.min_arity)
                         : std::to_string(info.min_arity) + " to " + std::to_string(info.max_arity)) +
                    " input" + (info.max_arity == 1 ? "" : "s") + ", got " + std::to_string(n));
  const Node* x = in[0];
  if (!is_float(x->dtype()))
    throw UserError(std::string(info.name) + " takes a float input, got " +
                    std::string(dtype_name(x->dtype())));
  Attrs canon;
  const DType t = x->dtype();
  auto make = [&ctx](Op op, std::vector<const Node*> ops, Attrs a = {}) {
    return ctx.make(op, std::move(ops), std::move(a));
  };
  auto scalar = [&ctx](double v) { return ctx.constant(v, DType::f32); };

  if (c == Composite::CausalMask) {
    if (x->rank() < 2) throw UserError("causal_mask: input needs at least 2 axes");
    const Size& rows = x->shape()[x->rank() - 2];
    const Size& cols = x->shape()[x->rank() - 1];
    auto iota = [&](int64_t axis) {
      Attrs a;
      a.set("shape", Shape{rows, cols});
      a.set("axis", axis);
      return make(Op::Iota, {}, a);
    };
    const Node* keep = make(Op::Ge, {iota(0), iota(1)});
    const Node* neg_inf = ctx.constant(-std::numeric_limits<double>::infinity(), t);
    if (canonical) *canonical = canon;
    return make(Op::Where, {keep, x, neg_inf});
  }

  if (x->rank() == 0) throw UserError(std::string(info.name) + ": input is a scalar");
  int64_t axis = detail::normalize_axis(attrs.has("axis") ? attrs.i("axis") : -1, x->rank(),
                                        "attrs.axis");
  canon.set("axis", axis);
  const Node* xf = to_compute(ctx, x);
  const Node* y = nullptr;
  if (c == Composite::Softmax) {
    const Node* m = make(Op::ReduceMax, {xf}, axes_attr(axis));
    const Node* e = make(Op::Exp, {make(Op::Sub, {xf, m})});
    y = make(Op::Div, {e, make(Op::ReduceSum, {e}, axes_attr(axis))});
  } else {
    double eps = attrs.has("eps") ? attrs.f("eps") : (c == Composite::LayerNorm ? 1e-5 : 1e-6);
    if (!(eps >= 0) || !std::isfinite(eps))
      throw UserError("attrs.eps: must be a finite number >= 0");
    canon.set("eps", eps);
    if (c == Composite::LayerNorm) {
      const Node* mean = make(Op::ReduceMean, {xf}, axes_attr(axis));
      const Node* d = make(Op::Sub, {xf, mean});
      const Node* var = make(Op::ReduceMean, {make(Op::Square, {d})}, axes_attr(axis));
      y = make(Op::Mul, {d, make(Op::Rsqrt, {make(Op::Add, {var, scalar(eps)})})});
      if (n >= 2) y = make(Op::Mul, {y, along_axis(ctx, in[1], x, axis, "gamma (input 2)")});
      if (n >= 3) y = make(Op::Add, {y, along_axis(ctx, in[2], x, axis, "beta (input 3)")});
    } else {
      const Node* ms = make(Op::ReduceMean, {make(Op::Square, {xf})}, axes_attr(axis));
      y = make(Op::Mul, {xf, make(Op::Rsqrt, {make(Op::Add, {ms, scalar(eps)})})});
      if (n >= 2) y = make(Op::Mul, {y, along_axis(ctx, in[1], x, axis, "gamma (input 2)")});
    }
  }
  if (canonical) *canonical = canon;
  return from_compute(ctx, y, t);
}

}  // namespace axon
