// The op table: for each primitive op, its attribute schema, its shape rule and its definition
// as an index expression. Built from ops.def; the per-op code lives in src/core/ops_*.cpp.
#pragma once

#include <string_view>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/term.h"

namespace axon {

enum class AttrType : uint8_t { Int, Float, Bool, String, Ints, Shape, DType };
std::string_view attr_type_name(AttrType t);

struct AttrSpec {
  const char* name;
  AttrType type;
  bool required;
};

// Result of shape inference: the node's dtype, shape and canonical attributes.
struct Inferred {
  DType dtype;
  Shape shape;
  Attrs attrs;
};

struct OperandInfo {
  DType dtype;
  Shape shape;
};

using InferFn = Inferred (*)(Op op, const std::vector<OperandInfo>& operands, const Attrs& attrs);
using DefineFn = Definition (*)(const Node& node);

// The Cost and Lowering columns of ops.def (the comment there says what each value means).
enum class OpCost : uint8_t { Simple, Special };
enum class OpLowering : uint8_t { Scalar, Convert, Reduction, Fragments, Address, Operand };

struct OpInfo {
  Op op;
  std::string_view name;
  OpKind kind;
  int min_arity;
  int max_arity;  // -1: unbounded
  OpCost cost;
  OpLowering lowering;
  std::vector<AttrSpec> attrs;
  InferFn infer;    // validates (throws UserError naming the attr or operand) and canonicalizes
  DefineFn define;  // the op's meaning; only for validated nodes
};

const OpInfo& op_info(Op op);
// Ops of cost Special (the special-function unit, division and reciprocal: an approximate
// reciprocal refined to IEEE rounding): the cost estimates count them as 4 FLOPs per element.
bool is_transcendental(Op op);
// The ops of one lowering class, in ops.def's order.
std::vector<Op> ops_lowered_as(OpLowering lowering);
// Ops computed element by element (unary, binary, compare, select): each output element reads
// each operand at its own (broadcast) index only.
bool is_elementwise(OpKind kind);
inline bool is_elementwise(const Node* n) { return is_elementwise(n->kind()); }
// The definition of a node's op, out[v0..] = body, with operand k read as Read(k, ...).
Definition define(const Node& node);

}  // namespace axon
