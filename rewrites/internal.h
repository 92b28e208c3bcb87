// Shared pieces of rewrites/ (not a public interface).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/graph_copy.h"
#include "axon/core/op_table.h"
#include "axon/core/ir.h"
#include "axon/rewrites/rewrite.h"

namespace axon::rw {

// ---- axis maps (axis_map.cpp) --------------------------------------------------------------

// How a node's definition indexes one axis of an operand (or of its own output).
struct AxisRole {
  enum Kind : uint8_t { Var, Zero, Other } kind = Other;
  int var = -1;  // Var: the definition's variable (output vars 0..rank-1, then reductions)
  bool operator==(const AxisRole& o) const { return kind == o.kind && var == o.var; }
};
using Roles = std::vector<AxisRole>;

// Roles of operand j's axes in n's definition; nullopt when operand j is read at more than
// one index tuple (concat, pad, ...).
std::optional<Roles> operand_roles(const Node& n, int j);
// Roles of n's output axes: Var d for axis d.
Roles output_roles(const Node& n);

// `f` broadcast against a tensor whose axes have roles `src` (trailing alignment): the same
// values laid out to broadcast against a tensor of rank `dst_rank` with roles `dst`. Every axis
// along which f varies must map to a Var present once in dst; nullptr otherwise.
const Node* relayout(Context& ctx, const Node* f, const Roles& src, const Roles& dst);
// True when f (broadcast against a tensor with roles src) varies only along Var axes.
bool varies_only_along_vars(const Node* f, const Roles& src);

// ---- graph editing (graph_edit.cpp) --------------------------------------------------------

// Outputs with `old` replaced by `repl` (users rebuilt through hash-consing).
std::vector<GraphOutput> replace_node(Context& ctx, const std::vector<GraphOutput>& outs,
                                      const Node* old, const Node* repl);
// Nodes reachable from `roots`, operands first.
std::vector<const Node*> topo(const std::vector<const Node*>& roots);
// A compact canonical rendering: "mul(matmul(x0, x1), x2)" with attributes in braces.
std::string render(const Node* n, const std::unordered_map<const Node*, std::string>& names);
// Size map: concrete sizes > 1 -> symbols (or products of them, per factorizations).
struct SizeMap {
  std::map<int64_t, Size> of_value;
  std::vector<std::string> symbols;  // in order of creation
  Size map(const Size& s);           // creates symbols on first use
  Factorizations factors;
  std::string prefix = "S";
};

// ---- moves (moves_algebra.cpp, moves_structure.cpp) ----------------------------------------

using Emit = std::function<void(Candidate)>;
// The moves at node n (n as the consumer, its operands as producers).
void propose_algebra(Context& ctx, const Node* n, const Emit& emit);
void propose_structure(Context& ctx, const Node* n, const Emit& emit);
// Block size for splitting an extent (0: none): a divisor with at least 2 blocks.
int64_t split_block(int64_t extent);
// Elementwise kinds: Unary (cast included), Binary, Compare, Select.
// Constant or iota: sources that moves and local rules copy rather than treat as inputs.
inline bool is_generator(const Node* n) { return n->op() == Op::Constant || n->op() == Op::Iota; }
// Factors of x: x = C(rest, f) through a chain of mul / div(., f) / cast.
struct Factor {
  const Node* f;     // the factor
  Op op;             // Mul or Div (x = rest * f or rest / f)
  const Node* rest;  // x without the factor (same shape and dtype as x); built in ctx
};
std::vector<Factor> factors_of(Context& ctx, const Node* x, int max_depth = 4);
// Builds op(a, f) with f cast to a's dtype when they differ; nullptr when it does not type-check
// or does not keep a's shape.
const Node* apply_factor(Context& ctx, Op op, const Node* a, const Node* f);
// n's attributes as make() takes them (cast's dtype included).
Attrs attrs_of(const Node* n);
// make() that returns nullptr instead of throwing.
const Node* try_make(Context& ctx, Op op, std::vector<const Node*> operands, Attrs attrs = {});

// ---- signs over the reals (signs.cpp) ------------------------------------------------------

enum class Sign : uint8_t { Any, NonNeg, Pos };
Sign sign_of(const Node* n, std::unordered_map<const Node*, Sign>& memo);

// ---- local rules (generalize.cpp) ----------------------------------------------------------

struct LocalRule {
  std::shared_ptr<Context> ctx;  // holds the generalized template
  const Node* lhs = nullptr;
  const Node* rhs = nullptr;
  std::vector<InputDecl> inputs;
  std::vector<std::string> sizes;
  std::vector<ValueCondition> conditions;  // signs of the leaves (signs.cpp)
  std::string key;  // canonical text
};
// The rule old => repl over its leaves, generalized to symbolic sizes; nullopt with `why` set
// when it does not type-check generalized.
std::optional<LocalRule> local_rule(const Candidate& c, std::string& why);
RuleSpec rule_spec(const LocalRule& r, const std::string& name);

// ---- stability (stability.cpp) -------------------------------------------------------------

class StabilityGuard {
 public:
  StabilityGuard(const Graph& original, uint64_t seed);
  Stability check(const std::vector<GraphOutput>& outs, const Factorizations& factors);

 private:
  struct Baseline;
  const Baseline& baseline(const Factorizations& factors);
  const Graph& original_;
  uint64_t seed_;
  std::map<std::string, std::shared_ptr<Baseline>> baselines_;
};

}  // namespace axon::rw
