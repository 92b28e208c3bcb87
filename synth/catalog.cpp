// Every op of the graph format, lowered or with the reason it is not an instruction-level target.
#include <optional>

#include "axon/core/op_table.h"
#include "internal.h"

namespace axon {

namespace {

Lowering not_a_target(const std::string& op, const std::string& why) {
  Lowering l;
  l.op = op;
  l.why_not = why;
  return l;
}

// Why an op that synthesis does not lower is not an instruction-level target: by its lowering
// class in ops.def, with the operands' and reduce_mean's own reasons.
std::string why_not_scalar(Op op) {
  switch (op) {
    case Op::Input: return "not computed";
    case Op::Constant: return "an immediate operand";
    case Op::Iota: return "integer index arithmetic in code generation";
    case Op::ReduceMean: return "reduce_sum's warp reduction, then a multiply by 1/N";
    default: break;
  }
  switch (op_info(op).lowering) {
    case OpLowering::Reduction: return "a warp reduction (see the shuffle trees below), then across warps in shared memory";
    case OpLowering::Fragments: return "tensor-core instructions with fragment maps (see the fragment proofs below)";
    case OpLowering::Address: return "a layout op is an index map: code generation computes addresses (ld/st specs)";
    case OpLowering::Scalar: case OpLowering::Convert: case OpLowering::Operand: break;
  }
  throw InternalError("synth: no reason recorded for " + std::string(op_name(op)));
}

// The ops of the graph format that are not instruction-level targets, and why: every op whose
// lowering class is not Scalar or Convert (ops.def), then the composites.
const std::vector<std::pair<std::string, std::string>>& non_targets() {
  static const std::vector<std::pair<std::string, std::string>> k = [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (OpLowering c : {OpLowering::Reduction, OpLowering::Fragments, OpLowering::Address, OpLowering::Operand})
      for (Op op : ops_lowered_as(c)) out.emplace_back(op_name(op), why_not_scalar(op));
#define AXON_COMPOSITE(e, n, a, b) out.emplace_back(n, "a composite: lowered through the primitives it is defined by");
#include "axon/core/composites.def"
#undef AXON_COMPOSITE
    return out;
  }();
  return k;
}

}  // namespace

// Every op of lowering class Scalar (ops.def), in its order, with gelu's tanh form (the
// attribute approximate = "tanh") after gelu.
const std::vector<std::string>& scalar_ops() {
  static const std::vector<std::string> k = [] {
    std::vector<std::string> out;
    for (Op op : ops_lowered_as(OpLowering::Scalar)) {
      out.emplace_back(op_name(op));
      if (op == Op::Gelu) out.emplace_back("gelu_tanh");
    }
    return out;
  }();
  return k;
}

const std::vector<std::pair<std::string, std::string>>& kernel_expressions() {
  static const std::vector<std::pair<std::string, std::string>> k{{"exp2_at", "pow(2, x * (1 / log(2)) + n)"}};
  return k;
}

std::optional<std::string> not_a_target_reason(const std::string& op) {
  for (const auto& [name, why] : non_targets())
    if (name == op) return why;
  return std::nullopt;
}

std::string lowering_key(const Lowering& l) {
  std::string k = l.op + "/" + std::string(dtype_name(l.dtype));
  if (l.cast) k += "<-" + std::string(dtype_name(l.source));
  return k;
}

std::vector<Lowering> synthesize_all(const Isa& isa, const SynthOptions& opts, const ProveFn& prove,
                                     const std::function<void(const Lowering&)>& progress) {
  std::vector<Lowering> out;
  auto emit = [&](Lowering l) {
    if (progress) progress(l);
    out.push_back(std::move(l));
  };
  for (const std::string& op : scalar_ops())
    for (DType t : {DType::f32, DType::bf16}) emit(synthesize_op(isa, op, t, opts, prove));
  for (auto [from, to] : float_casts()) emit(synthesize_cast(isa, from, to, opts));
  for (DType t : {DType::bf16, DType::f16}) emit(synthesize_pack(isa, t, opts));
  for (const auto& [name, text] : kernel_expressions()) {
    Lowering l = synthesize_expr(isa, text, DType::f32, opts, prove);
    l.op = name;
    emit(std::move(l));
  }
  emit(not_a_target("cast", "to and from i32 and bool: integer conversions are not searched (code generation converts)"));
  for (const auto& [op, why] : non_targets()) emit(not_a_target(op, why));
  return out;
}

}  // namespace axon
