// The tensor-graph IR shared by every stage of axon.
//
// Semantics, written once:
// - A tensor has a dtype (f32, f16, bf16, i32, bool) and a shape (a list of Sizes, which may be
//   symbolic). Its elements are real numbers in the op definitions: bool tensors hold 0 and 1,
//   i32 tensors hold integers.
// - Every primitive op is defined in src/core/ops_*.cpp as an index expression (term.h):
//   out[i0, .., in] = body(operands read at index expressions). That definition is the op's
//   only meaning: the interpreter evaluates it, the SMT encoder translates it, synthesis and
//   codegen read its scalar body.
// - Binary, compare and select ops broadcast as NumPy does (align trailing axes; a size-1 axis
//   stretches). Their operands must have the same dtype (compare ops give bool; where's first
//   operand is bool and the other two share a dtype).
// - Floats follow IEEE: NaN propagates through arithmetic, max and min (like torch.maximum);
//   every comparison with NaN is false except ne. Division by zero gives +-inf or NaN.
// - Rounding is explicit. Evaluated in "native" precision, each node's exact result is rounded
//   to the node's dtype (round to nearest even); in "f64" precision nothing is rounded and
//   float-to-float casts are exact. Casts to i32 truncate toward zero and saturate (NaN -> 0);
//   casts to bool test != 0; bool to number gives 0 or 1.
// - Reductions: reduce_sum / reduce_max / reduce_mean over `axes` (sorted, unique), `keepdims`
//   keeps them as size 1. An empty reduction is impossible: every size is >= 1.
// - matmul follows NumPy: 1-D operands are promoted (a: [K] -> [1, K], b: [K] -> [K, 1]) and the
//   added axis removed afterwards; leading (batch) axes broadcast.
//
// Nodes are immutable and hash-consed in a Context: Context::make returns the existing node when
// an equal one exists, so structural equality is pointer equality. make() validates arity,
// dtypes, shapes and attributes (throwing UserError with no place: the caller adds it) and
// canonicalizes attributes (negative axes made positive, defaults filled in).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "axon/core/dtype.h"
#include "axon/core/size.h"

namespace axon {

enum class Op : uint8_t {
#define AXON_OP(e, n, k, a, b, c, l) e,
#include "axon/core/ops.def"
#undef AXON_OP
};

enum class OpKind : uint8_t { Source, Unary, Binary, Compare, Select, Reduce, Contraction, Layout };

std::string_view op_name(Op op);
std::optional<Op> parse_op(std::string_view name);
OpKind op_kind(Op op);

// An attribute value. DTypes are stored by name (cast's and iota's "dtype" become the node's
// dtype and are not kept in Attrs).
using Attr = std::variant<int64_t, double, bool, std::string, std::vector<int64_t>, Shape>;

class Attrs {
 public:
  [[nodiscard]] bool has(const std::string& key) const { return values_.count(key) != 0; }
  void set(const std::string& key, Attr value) { values_[key] = std::move(value); }
  void erase(const std::string& key) { values_.erase(key); }
  // Typed getters; throw InternalError when absent or of another type (make() has validated).
  [[nodiscard]] int64_t i(const std::string& key) const;
  [[nodiscard]] double f(const std::string& key) const;
  [[nodiscard]] bool b(const std::string& key) const;
  [[nodiscard]] const std::string& s(const std::string& key) const;
  [[nodiscard]] const std::vector<int64_t>& ints(const std::string& key) const;
  [[nodiscard]] const Shape& shape(const std::string& key) const;
  [[nodiscard]] const std::map<std::string, Attr>& values() const { return values_; }
  bool operator==(const Attrs& o) const { return values_ == o.values_; }
  [[nodiscard]] size_t hash() const;

 private:
  std::map<std::string, Attr> values_;
};

class Context;

class Node {
 public:
  [[nodiscard]] Op op() const { return op_; }
  [[nodiscard]] OpKind kind() const { return op_kind(op_); }
  [[nodiscard]] DType dtype() const { return dtype_; }
  [[nodiscard]] const Shape& shape() const { return shape_; }
  [[nodiscard]] int rank() const { return static_cast<int>(shape_.size()); }
  [[nodiscard]] const std::vector<const Node*>& operands() const { return operands_; }
  [[nodiscard]] const Node* operand(size_t i) const { return operands_.at(i); }
  [[nodiscard]] const Attrs& attrs() const { return attrs_; }
  [[nodiscard]] const std::string& input_name() const { return input_name_; }  // Input only
  [[nodiscard]] size_t hash() const { return hash_; }
  [[nodiscard]] uint32_t id() const { return id_; }  // creation order within its Context

 private:
  friend class Context;
  Node() = default;
  Op op_ = Op::Input;
  DType dtype_ = DType::f32;
  Shape shape_;
  std::vector<const Node*> operands_;
  Attrs attrs_;
  std::string input_name_;
  size_t hash_ = 0;
  uint32_t id_ = 0;
};

// Owns and hash-conses nodes. Not copyable; nodes live as long as their Context.
class Context {
 public:
  Context() = default;
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const Node* input(const std::string& name, DType dtype, Shape shape);
  // Validates and canonicalizes, then returns the unique node. Throws UserError.
  const Node* make(Op op, std::vector<const Node*> operands, Attrs attrs = {});
  // Convenience: a constant of the given dtype broadcast to `shape` (scalar when empty).
  const Node* constant(double value, DType dtype, Shape shape = {});
  [[nodiscard]] size_t size() const { return nodes_.size(); }

 private:
  struct Hash {
    size_t operator()(const Node* n) const { return n->hash(); }
  };
  struct Eq {
    bool operator()(const Node* a, const Node* b) const;
  };
  const Node* intern(std::unique_ptr<Node> node);
  std::vector<std::unique_ptr<Node>> nodes_;
  std::unordered_set<const Node*, Hash, Eq> table_;
};

// A composite op the graph was written with (softmax, layernorm, ...): its root node is the
// result of the decomposition; the tag keeps what is needed to print and report it.
struct CompositeTag {
  std::string op;                      // "softmax"
  std::vector<const Node*> operands;  // the composite's own operands
  Attrs attrs;                         // as written (canonicalized)
};

struct GraphOutput {
  std::string name;
  const Node* node;
};

// A graph: inputs (in declaration order), named outputs, and annotations. Nodes belong to the
// shared Context, which several graphs (variants of one program) may share.
class Graph {
 public:
  explicit Graph(std::shared_ptr<Context> ctx) : ctx_(std::move(ctx)) {}
  [[nodiscard]] Context& ctx() const { return *ctx_; }
  [[nodiscard]] const std::shared_ptr<Context>& ctx_ptr() const { return ctx_; }

  std::string name;
  std::vector<const Node*> inputs;
  std::vector<GraphOutput> outputs;
  std::unordered_map<const Node*, std::string> names;             // name hints
  std::unordered_map<const Node*, CompositeTag> composites;       // root -> composite

  // Nodes reachable from the outputs, every operand before its users (inputs first, in
  // declaration order). Iterative: deep graphs do not overflow the stack.
  [[nodiscard]] std::vector<const Node*> topo_order() const;
  // The input node named `name`, or nullptr.
  [[nodiscard]] const Node* find_input(const std::string& name) const;

 private:
  std::shared_ptr<Context> ctx_;
};

}  // namespace axon
