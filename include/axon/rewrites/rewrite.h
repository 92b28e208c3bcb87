// Rewrite discovery by operator propagation, and the set of proven-equivalent graph variants
// (docs/rewrites.md). Moves are proposed generically from the op definitions; a move is admitted
// only when the prover proves its local rule for all sizes.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/semantics/verify.h"

namespace axon {

enum class MoveKind : uint8_t { Push, Pull, Move, Absorb, Eliminate, Split, Expand };
const char* move_kind_name(MoveKind k);  // "push", ...

// Sizes a move relates: value -> its factors (split: K -> {T, B}).
using Factorizations = std::map<int64_t, std::vector<int64_t>>;

// A proposed local rewrite of a graph: node `old` is to be replaced by `repl` (same shape and
// dtype, in the same Context).
struct Candidate {
  MoveKind kind = MoveKind::Push;
  std::string what;  // "pull mul(., f) out of operand 0 of matmul"
  const Node* old = nullptr;
  const Node* repl = nullptr;
  Factorizations factors;
};

// Every move the propagation proposes on a graph (unproven).
std::vector<Candidate> propose_moves(const Graph& g);

// What the prover said about one local rule.
struct Admission {
  Verdict verdict = Verdict::Unknown;
  std::string reason;
  double seconds = 0;  // 0 when cached
  bool cached = false;
};

struct MoveRecord {
  MoveKind kind = MoveKind::Push;
  std::string what;
  std::string rule;  // the generalized local rule, "lhs => rhs" (its canonical form)
  Admission proof;
};

// The numerical-stability guard's finding for one variant.
struct Stability {
  bool checked = false;
  bool stable = true;
  double error = 0;           // worst relative error of the variant (native dtypes) vs float64
  double baseline_error = 0;  // the original graph's, same inputs
  std::string worst;          // the distribution and output where the error was worst
};

struct Variant {
  int id = 0;
  int parent = -1;  // -1: the original
  int depth = 0;
  std::vector<GraphOutput> outputs;  // nodes in the original graph's Context
  MoveRecord move;                   // the move from the parent
  Factorizations factors;            // accumulated along the path
  Stability stability;
  double score = 0;                  // from the ranking function (lower is better)
  // The original, or checked by the stability guard and found stable.
  [[nodiscard]] bool usable() const { return id == 0 || (stability.checked && stability.stable); }
};

struct ExploreOptions {
  int max_depth = 5;
  int max_variants = 3000;  // admitted variants, the original included
  int beam = 64;           // variants expanded per depth, best first
  double budget_s = 120;   // wall time; the search stops between candidates
  bool check_stability = true;
  // Lazily: a variant is checked when it is about to be expanded (the frontier takes the best
  // `beam` variants found stable, in score order) and at the end until the best `ranked_checked`
  // stable ones are known; the rest stay unchecked. The expanded variants and the first
  // `ranked_checked` of ranked() are the same as checking every variant (test), in less time.
  bool lazy_stability = true;
  int ranked_checked = 64;
  uint64_t seed = 1;
  // > 1: the rules of one variant's candidates are proved side by side, each in a child process
  // (prove_in_children), at most `jobs` at once; a child past prove_deadline_s gives Unknown.
  int jobs = 1;
  double prove_deadline_s = 60;
  std::function<void(const std::string&)> progress;  // one line per depth; may be empty
};

struct ExploreStats {
  int candidates = 0;       // moves proposed
  int duplicates = 0;       // gave a variant already in the set (not proved again)
  int ill_typed = 0;        // could not be generalized to symbolic sizes
  int proved = 0, refuted = 0, unknown = 0, vacuous = 0;
  int distinct_rules = 0;   // local rules sent to the prover (the rest came from the cache)
  int unstable = 0;
  int stability_checks = 0; // variants the guard checked (all of them unless lazy_stability)
  int kept = 0;             // variants in the set, the original included
  bool budget_hit = false;
  double seconds = 0, prove_seconds = 0;
};

// A rejected move, for reports.
struct Rejection {
  int variant = 0;  // the variant the move was proposed on
  MoveRecord move;
};

// Answers a rule; the default is Verifier::verify. Tests pass their own.
using ProveFn = std::function<RuleResult(const RuleSpec&)>;
// Ranks a variant (lower is better).
using ScoreFn = std::function<double(const Graph&)>;

struct VariantSet {
  explicit VariantSet(Graph g) : original(std::move(g)) {}
  Graph original;
  std::vector<Variant> variants;  // [0] is the original
  std::vector<Rejection> rejected;  // the first 500
  ExploreStats stats;

  // The variant as a graph (same Context, inputs and name hints as the original).
  [[nodiscard]] Graph graph_of(int id) const;
  // The moves from the original to the variant, in order.
  [[nodiscard]] std::vector<const Variant*> path_of(int id) const;
  // The original and the variants checked and found stable, ordered by score (best first).
  [[nodiscard]] std::vector<const Variant*> ranked() const;
};

// The stability guard on its own: a variant (outputs in the original's Context, same names)
// against the original graph.
Stability check_stability(const Graph& original, const std::vector<GraphOutput>& variant,
                          uint64_t seed = 1);

// ExploreOptions::jobs for this machine: half its cores (each proof runs two solvers side by
// side), 1 to 8.
int default_prove_jobs();

VariantSet explore(const Graph& g, const ExploreOptions& opts, const ProveFn& prove,
                   const ScoreFn& score);

}  // namespace axon
