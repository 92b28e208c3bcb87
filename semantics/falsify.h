// Concrete checking of rules: building them at bound sizes, random testing, and replaying a
// solver's model on the interpreter. Internal to semantics/.
#pragma once

#include <memory>
#include <optional>

#include "axon/semantics/verify.h"
#include "prover.h"

namespace axon::sem {

struct BuiltRule {
  std::shared_ptr<Context> ctx;
  std::vector<const Node*> inputs;  // in declaration order
  std::map<std::string, const Node*> by_name;
  const Node* lhs = nullptr;
  const Node* rhs = nullptr;
};

// Builds both sides with sizes bound by `b`; a rank-0 side is broadcast to the other's shape.
// Throws UserError (naming the rule) when the sides' shapes or dtypes differ.
BuiltRule build_rule(const RuleSpec& r, const Bindings& b);

// How much random testing may evaluate.
struct FalsifyLimits {
  int64_t max_elements = 4096;           // input elements at one size assignment (else skipped)
  int64_t max_bytes = int64_t{1} << 28;  // the interpreter's live tensors
  int threads = 1;
  bool skip_ill_typed = false;  // a size assignment at which the sides do not build is skipped
};

// Sizes that the rule's conditions fix (`where K == 8`): built as numbers, never guessed.
Bindings fixed_sizes(const RuleSpec& r);

// Random testing at several small sizes (odd ones included) that satisfy the conditions.
std::optional<Counterexample> falsify(const RuleSpec& r, uint64_t seed, const FalsifyLimits& limits = {});

// Replays a solver model (sizes, index, input reads) on the interpreter.
std::optional<Counterexample> replay(const RuleSpec& r, const Outcome& model, const std::string& solver);

}  // namespace axon::sem
