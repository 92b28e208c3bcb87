// The symbolic prover: decides lhs == rhs elementwise for all sizes, over the reals, through
// inlined op definitions, normalized reductions and one SMT backend. Internal to semantics/;
// the public entry is verify.h.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/term.h"
#include "axon/semantics/solver.h"

namespace axon::sem {

struct InputRead;

// "Every element of input k satisfies (x OP value)".
struct ValueCond {
  int input;
  CmpOp op;
  double value;
};

struct Problem {
  std::vector<const Node*> inputs;     // Read(k) in inlined terms reads inputs[k]
  std::vector<smt::Expr> size_conds;   // over size_const(name)
  std::vector<ValueCond> value_conds;
  int64_t unroll_limit = 8;             // reductions over constant extents up to this expand
};

smt::Expr size_const(const std::string& name);  // the SMT constant of a symbolic size
smt::Expr size_expr(const Size& s);             // a Size as an SMT Int term

// A read of an input in a solver model: input k at `index` has `value`.
struct ModelRead {
  int input;
  std::vector<int64_t> index;
  double value;
};

struct Outcome {
  smt::SatResult result = smt::SatResult::Unknown;
  std::string reason;
  double seconds = 0;
  int queries = 0;
  std::string smtlib;  // the final query, canonical text
  // When Sat: the model's sizes, output index and input reads (where the model gave values).
  std::map<std::string, int64_t> sizes;
  std::vector<int64_t> index;
  std::vector<ModelRead> reads;
};

// Outcomes cross a process boundary (isolate.h) as text.
std::string serialize(const Outcome& o);
Outcome deserialize(const std::string& text);  // "!error ..." gives Unknown with that reason

class Prover {
 public:
  Prover(const Problem& problem, smt::Backend backend, unsigned timeout_ms);
  // With a deterministic resource limit per query as well (solver.h: Limits).
  Prover(const Problem& problem, smt::Backend backend, const smt::Limits& limits);
  // Unsat: equal at every index for all sizes (proved); Sat: a model of a difference.
  Outcome prove_equal(const Node* lhs, const Node* rhs);
  // The canonical text of the query for lhs == rhs (inlined, normalized terms and the
  // problem's conditions): the proof cache's key. Throws InfinityError (infinity.h) where a
  // literal infinity meets an operation it cannot (inf - inf, a sum of infinities).
  std::string query_text(const Node* lhs, const Node* rhs);
  // Whether the preconditions, size constraints and input domains can all hold.
  Outcome satisfiable_preconditions();
  // How prove_equal tells a real counterexample (a model that replays on the interpreter) from
  // a model of its abstraction: past a real one it tries nothing more.
  void set_counterexample_check(std::function<bool(const Outcome&)> check) { is_counterexample_ = std::move(check); }

 private:
  struct Scope {
    std::vector<std::pair<int, Term>> binders;  // variable, extent
  };
  Term prepare(const Node* side);
  // Facts about the sums of the final query, each proved pointwise first: a sum of a zero body
  // is 0; of a positive (non-negative) body is positive (non-negative); two sums whose bodies
  // are proportional, f(k) g(0) = f(0) g(k), satisfy S_f g(0) = f(0) S_g.
  std::vector<Term> sum_lemmas(const Term& a, const Term& b);
  Term unify(const Term& lhs, const Term& rhs, const Scope& scope, int depth);
  bool pointwise_equal(const Term& r1, const Term& r2, const Scope& scope, int depth);
  bool always(const Term& cond, const Scope& scope);
  // 0 < c < e under the rule's conditions (a split of a reduction at c, canon.h).
  bool inside_by_conditions(const Size& c, const Size& e);
  // The model of the final query as sizes, output index and input reads.
  void decode(const smt::CheckResult& r, const std::vector<InputRead>& reads, Outcome& out) const;  // cond holds for every index in scope
  smt::CheckResult check_distinct(const Term& a, const Term& b, const Scope& scope,
                                  std::vector<InputRead>* reads, std::string* smtlib);

  const Problem& problem_;
  smt::Backend backend_;
  smt::Limits limits_;
  std::vector<std::pair<int, Term>> outputs_;  // output index variables and their extents
  std::vector<std::string> size_names_;         // the symbolic sizes of the inputs
  std::vector<Term> lemmas_;  // assumed in the final query (see sum_lemmas)
  int next_fresh_ = 0;  // inlining of the two sides uses disjoint variable ids
  int queries_ = 0;
  std::map<std::string, bool> pointwise_cache_;
  std::string unmodelled_;
  std::function<bool(const Outcome&)> is_counterexample_;
  int64_t size_cap_ = 0;
  bool splits_by_conditions_ = false;  // set by prove_equal (solvers run in its process)
  std::map<std::string, bool> inside_cache_;  // > 0: every size is at most this in the queries (a small model)  // why an infinity is left where the encoding does not model it
};

}  // namespace axon::sem
