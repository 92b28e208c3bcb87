// Operations on index-expression terms used by the verifier. Internal to semantics/.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/term.h"

namespace axon::sem {

// A copy of `t` with other arguments (same kind, sort and payload).
Term with_args(const Term& t, std::vector<Term> args);
bool mentions(const Term& t, int var);
bool has_reduce(const Term& t);
void free_vars(const Term& t, std::set<int>& out);
// Printed form with bound variables renamed canonically: alpha-equivalent terms get one key.
std::string alpha_key(const Term& t);
// Expands reductions whose extent is a constant <= limit into explicit sums and maxes.
Term unroll(const Term& t, int64_t limit);
// Linear index arithmetic in canonical form: sums of variables and size monomials with integer
// coefficients, e.g. (k + K) - K -> k and (M - 1) - ((M - 1) - k) -> k.
Term simplify_index(const Term& t);
// Replaces every occurrence of `from` (by pointer or by alpha_key) with `to`.
Term replace(const Term& t, const Term& from, const Term& to);

// The inlined meaning of a node at an index: a term over the given inputs (Read(k) reads
// inputs[k]), with fresh ids for every reduction variable, numbered from `next_var` up.
class Inliner {
 public:
  // round_results: each node's value is rounded to its dtype when that is not f32 (the GPU's
  // reading, used by the bit-exact f32 semantics); over the reals rounding is the identity.
  Inliner(std::vector<const Node*> inputs, int next_var, bool round_results = false)
      : inputs_(std::move(inputs)), next_var_(next_var), round_results_(round_results) {}
  Term element(const Node* n, const std::vector<Term>& index);
  [[nodiscard]] int next_var() const { return next_var_; }
  [[nodiscard]] const std::vector<const Node*>& inputs() const { return inputs_; }

 private:
  Term subst(const Term& t, const Node* n, const std::vector<Term>& index,
             std::vector<std::pair<int, int>>& binders);
  std::vector<const Node*> inputs_;
  int next_var_;
  bool round_results_;
};

}  // namespace axon::sem
