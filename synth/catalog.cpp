// Every op of the graph format, lowered or with the reason it is not an instruction-level target.
#include <optional>

#include "internal.h"

namespace axon {

namespace {

Lowering not_a_target(const std::string& op, const std::string& why) {
  Lowering l;
  l.op = op;
  l.why_not = why;
  return l;
}

const char* const kReduction = "a warp reduction (see the shuffle trees below), then across warps in shared memory";
const char* const kLayout = "a layout op is an index map: code generation computes addresses (ld/st specs)";
const char* const kComposite = "a composite: lowered through the primitives it is defined by";

// The ops of the graph format that are not instruction-level targets, and why.
const std::vector<std::pair<std::string, std::string>>& non_targets() {
  static const std::vector<std::pair<std::string, std::string>> k{
      {"reduce_sum", kReduction},
      {"reduce_max", kReduction},
      {"reduce_mean", "reduce_sum's warp reduction, then a multiply by 1/N"},
      {"matmul", "tensor-core instructions with fragment maps (see the fragment proofs below)"},
      {"transpose", kLayout}, {"reshape", kLayout}, {"broadcast_to", kLayout}, {"slice", kLayout},
      {"pad", kLayout}, {"reverse", kLayout}, {"concat", kLayout},
      {"input", "not computed"},
      {"constant", "an immediate operand"},
      {"iota", "integer index arithmetic in code generation"},
      {"softmax", kComposite}, {"layernorm", kComposite}, {"rmsnorm", kComposite}, {"causal_mask", kComposite}};
  return k;
}

}  // namespace

const std::vector<std::string>& scalar_ops() {
  static const std::vector<std::string> k{"neg", "abs", "square", "exp", "log", "sqrt", "rsqrt", "reciprocal", "tanh",
                                          "sigmoid", "relu", "silu", "gelu", "gelu_tanh", "erf",
                                          "add", "sub", "mul", "div", "max", "min", "pow",
                                          "lt", "le", "gt", "ge", "eq", "ne", "where"};
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
