#include "axon/core/op_table.h"

#include <algorithm>

#include <array>

#include "axon/core/error.h"
#include "ops_registry.h"

namespace axon {

std::string_view attr_type_name(AttrType t) {
  switch (t) {
    case AttrType::Int: return "an integer";
    case AttrType::Float: return "a number";
    case AttrType::Bool: return "a boolean";
    case AttrType::String: return "a string";
    case AttrType::Ints: return "a list of integers";
    case AttrType::Shape: return "a list of sizes";
    case AttrType::DType: return "a dtype name";
  }
  return "?";
}

namespace {

using detail::define_layout;
using detail::define_matmul;
using detail::define_reduce;
using detail::define_select;
using detail::define_source;
using detail::define_unary;
using detail::define_binary;

Inferred infer_input(Op, const std::vector<OperandInfo>&, const Attrs&) {
  throw InternalError("input nodes are made by Context::input");
}
Definition define_input(const Node&) { throw InternalError("inputs have no definition"); }

std::vector<AttrSpec> attrs_of(Op op) {
  constexpr auto I = AttrType::Int, F = AttrType::Float, B = AttrType::Bool,
                 S = AttrType::String, L = AttrType::Ints, Sh = AttrType::Shape,
                 D = AttrType::DType;
  switch (op) {
    case Op::Constant:
      return {{"value", F, true}, {"shape", Sh, false}, {"dtype", D, false}, {"divisor", Sh, false}};
    case Op::MatMul: return {{"transpose_a", B, false}, {"transpose_b", B, false}};
    case Op::Iota: return {{"shape", Sh, true}, {"axis", I, true}, {"dtype", D, false}};
    case Op::Cast: return {{"dtype", D, true}};
    case Op::Gelu: return {{"approximate", S, false}};
    case Op::ReduceSum: case Op::ReduceMax: case Op::ReduceMean:
      return {{"axes", L, true}, {"keepdims", B, false}};
    case Op::Transpose: return {{"perm", L, false}};
    case Op::Reshape: return {{"shape", Sh, true}};
    case Op::BroadcastTo: return {{"shape", Sh, true}};
    case Op::Slice:
      return {{"axis", I, true}, {"start", I, false}, {"end", I, false}, {"step", I, false}};
    case Op::Pad: return {{"before", L, true}, {"after", L, true}, {"value", F, false}};
    case Op::Reverse: return {{"axes", L, true}};
    case Op::Concat: return {{"axis", I, true}};
    default: return {};
  }
}

OpInfo make_info(Op op, std::string_view name, OpKind kind, int lo, int hi, OpCost cost, OpLowering lowering) {
  InferFn infer = nullptr;
  DefineFn define = nullptr;
  switch (kind) {
    case OpKind::Source:
      infer = op == Op::Input ? infer_input : detail::infer_source;
      define = op == Op::Input ? define_input : define_source;
      break;
    case OpKind::Unary: infer = detail::infer_unary; define = define_unary; break;
    case OpKind::Binary: case OpKind::Compare:
      infer = detail::infer_binary; define = define_binary; break;
    case OpKind::Select: infer = detail::infer_select; define = define_select; break;
    case OpKind::Reduce: infer = detail::infer_reduce; define = define_reduce; break;
    case OpKind::Contraction: infer = detail::infer_matmul; define = define_matmul; break;
    case OpKind::Layout: infer = detail::infer_layout; define = define_layout; break;
  }
  return OpInfo{op, name, kind, lo, hi, cost, lowering, attrs_of(op), infer, define};
}

// The table is immutable after construction (a function-local static, built once).
const std::vector<OpInfo>& table() {
  static const std::vector<OpInfo> t = {
#define AXON_OP(e, n, k, a, b, c, l) make_info(Op::e, n, OpKind::k, a, b, OpCost::c, OpLowering::l),
#include "axon/core/ops.def"
#undef AXON_OP
  };
  return t;
}

}  // namespace

const OpInfo& op_info(Op op) { return table()[static_cast<size_t>(op)]; }

bool is_transcendental(Op op) { return op_info(op).cost == OpCost::Special; }

std::vector<Op> ops_lowered_as(OpLowering lowering) {
  std::vector<Op> out;
  for (const OpInfo& i : table())
    if (i.lowering == lowering) out.push_back(i.op);
  return out;
}

bool is_elementwise(OpKind k) {
  return k == OpKind::Unary || k == OpKind::Binary || k == OpKind::Compare || k == OpKind::Select;
}

Definition define(const Node& node) { return op_info(node.op()).define(node); }

}  // namespace axon
