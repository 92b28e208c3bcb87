// Shape rules and definitions of sources (constant, iota) and elementwise ops (unary, binary,
// compare, where).
#include <algorithm>
#include <cmath>

#include "axon/core/op_table.h"
#include "op_util.h"
#include "ops_registry.h"

namespace axon::detail {

using namespace term;

namespace {

DType dtype_attr(const Attrs& a, const char* key, DType fallback) {
  if (!a.has(key)) return fallback;
  auto t = parse_dtype(a.s(key));
  if (!t) throw UserError(std::string("attrs.") + key + ": unknown dtype \"" + a.s(key) + "\"");
  return *t;
}

}  // namespace

// ---- sources -------------------------------------------------------------------------------

Inferred infer_source(Op op, const std::vector<OperandInfo>&, const Attrs& in) {
  Attrs a;
  if (op == Op::Constant) {
    DType t = dtype_attr(in, "dtype", DType::f32);
    Shape shape = in.has("shape") ? in.shape("shape") : Shape{};
    check_dims(shape, "attrs.shape");
    double v = in.f("value");
    check_value_of(t, v, "attrs.value");
    if (in.has("divisor")) {  // value / (product of the divisor's sizes): 1/N for a size N
      const Shape& div = in.shape("divisor");
      check_dims(div, "attrs.divisor");
      if (!is_float(t)) throw UserError("attrs.divisor: only float constants have a divisor");
      Shape canon;  // canonical: no 1s; omitted when empty
      for (const Size& s : div)
        if (s != Size(1)) canon.push_back(s);
      if (!canon.empty()) {
        std::sort(canon.begin(), canon.end());
        a.set("divisor", canon);
      }
    }
    a.set("value", a.has("divisor") ? v : round_to(t, v));  // else the dtype's value
    a.set("shape", shape);
    return {t, shape, a};
  }
  // iota
  DType t = dtype_attr(in, "dtype", DType::i32);
  if (t == DType::boolean) throw UserError("attrs.dtype: iota does not make bool tensors");
  Shape shape = in.shape("shape");
  if (shape.empty()) throw UserError("attrs.shape: iota needs at least one axis");
  check_dims(shape, "attrs.shape");
  a.set("shape", shape);
  a.set("axis", normalize_axis(in.i("axis"), static_cast<int64_t>(shape.size()), "attrs.axis"));
  return {t, shape, a};
}

Definition define_source(const Node& n) {
  Definition d{{}, nullptr};
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  if (n.op() == Op::Constant) {
    d.body = real(n.attrs().f("value"));
    if (n.attrs().has("divisor")) {
      Size count(1);
      for (const Size& s : n.attrs().shape("divisor")) count = count * s;
      d.body = fdiv(d.body, to_real(size(count)));
    }
  }
  else d.body = to_real(var(static_cast<int>(n.attrs().i("axis"))));
  return d;
}

// ---- unary ---------------------------------------------------------------------------------

Inferred infer_unary(Op op, const std::vector<OperandInfo>& o, const Attrs& in) {
  DType t = o[0].dtype;
  Attrs a;
  switch (op) {
    case Op::Cast: {
      DType to = dtype_attr(in, "dtype", t);
      if (!in.has("dtype")) throw UserError("attrs.dtype: cast needs a target dtype");
      return {to, o[0].shape, a};
    }
    case Op::Neg: case Op::Abs: case Op::Square: case Op::Relu:
      require_dtype(op, t, true, false);
      break;
    case Op::Gelu: {
      require_dtype(op, t, false, false);
      std::string approx = in.has("approximate") ? in.s("approximate") : "none";
      if (approx != "none" && approx != "tanh")
        throw UserError("attrs.approximate: must be \"none\" or \"tanh\", got \"" + approx + "\"");
      a.set("approximate", approx);
      break;
    }
    default:
      require_dtype(op, t, false, false);
  }
  return {t, o[0].shape, a};
}

Definition define_unary(const Node& n) {
  Definition d;
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  Term x = read(0, vars(n.rank()));
  auto c = [](double v) { return real(v); };
  auto sigmoid = [&](const Term& v) { return fdiv(c(1), fadd(c(1), apply(Fn::Exp, {neg(v)}))); };
  switch (n.op()) {
    case Op::Neg: d.body = neg(x); break;
    case Op::Abs: d.body = apply(Fn::Abs, {x}); break;
    case Op::Square: d.body = fmul(x, x); break;
    case Op::Exp: d.body = apply(Fn::Exp, {x}); break;
    case Op::Log: d.body = apply(Fn::Log, {x}); break;
    case Op::Sqrt: d.body = apply(Fn::Sqrt, {x}); break;
    case Op::Rsqrt: d.body = fdiv(c(1), apply(Fn::Sqrt, {x})); break;
    case Op::Reciprocal: d.body = fdiv(c(1), x); break;
    case Op::Tanh: d.body = apply(Fn::Tanh, {x}); break;
    case Op::Sigmoid: d.body = sigmoid(x); break;
    case Op::Relu: d.body = apply(Fn::Max, {x, c(0)}); break;
    case Op::Silu: d.body = fdiv(x, fadd(c(1), apply(Fn::Exp, {neg(x)}))); break;
    case Op::Erf: d.body = apply(Fn::Erf, {x}); break;
    case Op::Gelu:
      if (n.attrs().s("approximate") == "tanh") {
        // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
        Term inner = fmul(c(0.7978845608028654), fadd(x, fmul(c(0.044715), fmul(x, fmul(x, x)))));
        d.body = fmul(fmul(c(0.5), x), fadd(c(1), apply(Fn::Tanh, {inner})));
      } else {
        // 0.5 x (1 + erf(x / sqrt(2)))
        d.body = fmul(fmul(c(0.5), x),
                      fadd(c(1), apply(Fn::Erf, {fmul(x, c(0.7071067811865476))})));
      }
      break;
    case Op::Cast: d.body = round(n.dtype(), x); break;
    default: throw InternalError("define_unary: " + std::string(op_name(n.op())));
  }
  return d;
}

// ---- binary, compare, where ----------------------------------------------------------------

Inferred infer_binary(Op op, const std::vector<OperandInfo>& o, const Attrs&) {
  if (o[0].dtype != o[1].dtype)
    throw UserError(std::string(op_name(op)) + ": input dtypes differ (" +
                    std::string(dtype_name(o[0].dtype)) + " vs " +
                    std::string(dtype_name(o[1].dtype)) + "); insert a cast");
  bool is_cmp = op_kind(op) == OpKind::Compare;
  bool eq_ne = op == Op::Eq || op == Op::Ne;
  bool int_ok = op != Op::Div && op != Op::Pow;
  require_dtype(op, o[0].dtype, int_ok, is_cmp && eq_ne);
  Shape s = broadcast_shapes({o[0].shape, o[1].shape});
  return {is_cmp ? DType::boolean : o[0].dtype, s, {}};
}

Definition define_binary(const Node& n) {
  Definition d;
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  Term a = broadcast_read(0, n.operand(0)->shape(), n.shape());
  Term b = broadcast_read(1, n.operand(1)->shape(), n.shape());
  auto bool01 = [](Term c) { return select(std::move(c), real(1), real(0)); };
  switch (n.op()) {
    case Op::Add: d.body = fadd(a, b); break;
    case Op::Sub: d.body = fsub(a, b); break;
    case Op::Mul: d.body = fmul(a, b); break;
    case Op::Div: d.body = fdiv(a, b); break;
    case Op::Max: d.body = apply(Fn::Max, {a, b}); break;
    case Op::Min: d.body = apply(Fn::Min, {a, b}); break;
    case Op::Pow: d.body = apply(Fn::Pow, {a, b}); break;
    case Op::Lt: d.body = bool01(cmp(CmpOp::Lt, a, b)); break;
    case Op::Le: d.body = bool01(cmp(CmpOp::Le, a, b)); break;
    case Op::Gt: d.body = bool01(cmp(CmpOp::Gt, a, b)); break;
    case Op::Ge: d.body = bool01(cmp(CmpOp::Ge, a, b)); break;
    case Op::Eq: d.body = bool01(cmp(CmpOp::Eq, a, b)); break;
    case Op::Ne: d.body = bool01(cmp(CmpOp::Ne, a, b)); break;
    default: throw InternalError("define_binary: " + std::string(op_name(n.op())));
  }
  return d;
}

Inferred infer_select(Op, const std::vector<OperandInfo>& o, const Attrs&) {
  if (o[0].dtype != DType::boolean)
    throw UserError("where: the condition (input 1) must be bool, got " +
                    std::string(dtype_name(o[0].dtype)));
  if (o[1].dtype != o[2].dtype)
    throw UserError("where: input dtypes differ (" + std::string(dtype_name(o[1].dtype)) +
                    " vs " + std::string(dtype_name(o[2].dtype)) + "); insert a cast");
  return {o[1].dtype, broadcast_shapes({o[0].shape, o[1].shape, o[2].shape}), {}};
}

Definition define_select(const Node& n) {
  Definition d;
  for (int i = 0; i < n.rank(); ++i) d.vars.push_back(i);
  Term c = broadcast_read(0, n.operand(0)->shape(), n.shape());
  d.body = select(cmp(CmpOp::Ne, c, real(0)), broadcast_read(1, n.operand(1)->shape(), n.shape()),
                  broadcast_read(2, n.operand(2)->shape(), n.shape()));
  return d;
}

}  // namespace axon::detail
