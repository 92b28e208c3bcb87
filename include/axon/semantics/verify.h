// The equivalence checker (docs/verification.md): a rule lhs => rhs is PROVED for all sizes,
// VACUOUS, REFUTED with a replayed counterexample, or UNKNOWN with a reason.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "axon/core/interpreter.h"
#include "axon/semantics/rules.h"

namespace axon {

enum class Verdict : uint8_t { Proved, Vacuous, Refuted, Unknown };
const char* verdict_name(Verdict v);  // "PROVED", ...

struct Counterexample {
  Bindings sizes;
  std::vector<int64_t> index;  // of the output element that differs
  TensorMap inputs;
  double lhs = 0, rhs = 0;
  std::string found_by;  // "falsifier", "z3", "cvc5"
};

struct SolverRun {
  std::string solver;
  std::string result;  // "unsat" (proved), "sat", "unknown"
  std::string reason;
  double seconds = 0;
  int queries = 0;
};

struct RuleResult {
  std::string name;
  int line = 0;
  Verdict verdict = Verdict::Unknown;
  std::string reason;
  std::optional<Counterexample> cex;
  double seconds = 0;
  std::vector<SolverRun> runs;
  bool cached = false;
  std::string smtlib;  // the final query of the first solver that answered (for --dump-smt)
  // What a PROVED verdict assumes beyond the rule's conditions ("" when nothing): over the
  // reals, rounding is not modelled.
  std::string assumption;
};

enum class SolverChoice : uint8_t { Z3, CVC5, Both };
enum class SemanticsMode : uint8_t { Reals, F32 };

struct VerifyOptions {
  SolverChoice solver = SolverChoice::Both;
  bool cross_check = false;      // with Both: wait for both and require agreement
  unsigned timeout_ms = 10000;   // per solver query
  // Deterministic solver work per query (Z3 rlimit, CVC5 rlimit-per; solver.h: Limits), for
  // answers that do not depend on the machine's load (tests). 0: none. Every solver query of
  // the Verifier (vacuity, the proof, f32 mode) runs under it beside timeout_ms.
  uint64_t resource_limit = 0;
  SemanticsMode semantics = SemanticsMode::Reals;
  std::string cache_file;        // "" : memory only
  uint64_t seed = 1;
  bool falsify = true;           // random testing before the solver
};

// A rule ready to check: its inputs, conditions, and how to build its two sides.
struct RuleSpec {
  std::string name;
  std::string where;  // "file.axr:12", for messages
  int line = 0;
  std::vector<std::string> sizes;  // every symbolic size the rule may use
  std::vector<InputDecl> inputs;
  std::vector<SizeCondition> size_conds;
  std::vector<ValueCondition> value_conds;
  // Builds both sides in a context whose inputs (by name) were made with sizes bound by the
  // bindings (empty: symbolic).
  using Builder = std::function<std::pair<const Node*, const Node*>(Context&, const std::map<std::string, const Node*>&,
                                                                     const Bindings&)>;
  Builder build;
  // The same rule with the numbers among its sizes made symbols (graph pairs at fixed sizes),
  // for random testing at small sizes; a difference found there is confirmed at the rule's own
  // sizes before it refutes anything. Null when there is none or it does not type-check.
  std::shared_ptr<const RuleSpec> generalized;
};

std::vector<RuleSpec> rules_of(const RuleFile& f);
// Two graphs with the same inputs and outputs: one rule per output ("<output>").
std::vector<RuleSpec> rules_of_graphs(const std::string& a_path, const std::string& b_path);

class ProofCache;
namespace sem {
struct Problem;
}

// The assumption of a PROVED verdict over the reals on a rule with float values.
inline constexpr const char* kRealsAssumption =
    "exact over the reals; rounding not modelled (--semantics f32 checks bit-exactness at fixed sizes)";

class Verifier {
 public:
  explicit Verifier(VerifyOptions opts);
  ~Verifier();
  Verifier(const Verifier&) = delete;
  Verifier& operator=(const Verifier&) = delete;
  // Throws UserError when the rule is ill-formed (sides of different shapes, bad ops).
  RuleResult verify(const RuleSpec& rule);

 private:
  RuleResult verify_one(const RuleSpec& rule);
  std::optional<RuleResult> falsify(const RuleSpec& rule);
  bool conditions_can_hold(const sem::Problem& problem);
  VerifyOptions opts_;
  std::unique_ptr<ProofCache> cache_;

};

// Proves rules side by side, each by `prove` (e.g. Verifier::verify) in a child process of its
// own, at most `jobs` at once; a child still running after `deadline_s` is stopped (Unknown).
// What comes back is each rule's verdict, reason and time (a counterexample stays in its child).
// Fork-based, like the solver calls themselves: call it while the process has no other threads.
std::vector<RuleResult> prove_in_children(const std::vector<RuleSpec>& rules, const std::function<RuleResult(const RuleSpec&)>& prove,
                                          int jobs, double deadline_s);

// A readable multi-line rendering of a counterexample.
std::string describe(const Counterexample& c);

}  // namespace axon
