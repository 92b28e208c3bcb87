// Every op of the graph format, lowered or with the reason it is not an instruction-level target.
#include "internal.h"

namespace axon {

namespace {

Lowering not_a_target(const std::string& op, const std::string& why) {
  Lowering l;
  l.op = op;
  l.why_not = why;
  return l;
}

}  // namespace

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
  static const char* kScalar[] = {"neg", "abs", "square", "exp", "log", "sqrt", "rsqrt", "reciprocal", "tanh",
                                  "sigmoid", "relu", "silu", "gelu", "gelu_tanh", "erf",
                                  "add", "sub", "mul", "div", "max", "min", "pow",
                                  "lt", "le", "gt", "ge", "eq", "ne", "where"};
  for (const char* op : kScalar)
    for (DType t : {DType::f32, DType::bf16}) emit(synthesize_op(isa, op, t, opts, prove));
  for (auto [from, to] : float_casts()) emit(synthesize_cast(isa, from, to, opts));
  for (DType t : {DType::bf16, DType::f16}) emit(synthesize_pack(isa, t, opts));
  emit(not_a_target("cast", "to and from i32 and bool: integer conversions are not searched (code generation converts)"));
  emit(not_a_target("reduce_sum", "a warp reduction (see the shuffle trees below), then across warps in shared memory"));
  emit(not_a_target("reduce_max", "a warp reduction (see the shuffle trees below), then across warps in shared memory"));
  emit(not_a_target("reduce_mean", "reduce_sum's warp reduction, then a multiply by 1/N"));
  emit(not_a_target("matmul", "tensor-core instructions with fragment maps (see the fragment proofs below)"));
  for (const char* op : {"transpose", "reshape", "broadcast_to", "slice", "pad", "reverse", "concat"})
    emit(not_a_target(op, "a layout op is an index map: code generation computes addresses (ld/st specs)"));
  emit(not_a_target("input", "not computed"));
  emit(not_a_target("constant", "an immediate operand"));
  emit(not_a_target("iota", "integer index arithmetic in code generation"));
  for (const char* op : {"softmax", "layernorm", "rmsnorm", "causal_mask"})
    emit(not_a_target(op, "a composite: lowered through the primitives it is defined by"));
  return out;
}

}  // namespace axon
