// Rewrite discovery (docs/rewrites.md): the named rewrites are found on the benchmark graphs with
// no rule written for them, every admitted move is PROVED, a prover that answers "unknown" admits
// nothing, variants agree with the original on random graphs, and the stability guard flags
// variants that are equal over the reals but not in floats.
#include <catch2/catch.hpp>

#include <atomic>
#include <functional>
#include <random>
#include <set>

#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"
#include "axon/rewrites/rewrite.h"
#include "axon/search/cost_model.h"
#include "test_util.h"
#include "solver_limits.h"

using namespace axon;

namespace {

std::string bench(const std::string& name) { return std::string(AXON_SOURCE_DIR) + "/benchmarks/graphs/" + name + ".json"; }

// One Verifier for the whole test binary: its proof cache saves time across tests.
Verifier& verifier() {
  static Verifier v(axon_test::verify_options());  // solver-bound: see solver_limits.h
  return v;
}

VariantSet discover(const Graph& g, int depth, int max_variants = 400, int beam = 32, int jobs = 1) {
  ExploreOptions eo;
  eo.jobs = jobs;
  eo.max_depth = depth;
  eo.max_variants = max_variants;
  eo.beam = beam;
  eo.budget_s = 300;
  eo.prove_deadline_s = 600;  // proofs side by side (jobs > 1): a safety net load cannot reach
  TargetModel t = target_model("sm_90");
  return explore(g, eo, [](const RuleSpec& r) { return verifier().verify(r); },
                 [t](const Graph& v) { return estimate_cost(v, t).time_us; });
}

std::vector<const Node*> nodes_of(const VariantSet& vs, int id) {
  return vs.graph_of(id).topo_order();
}

// Whether the stability guard finds the variant stable: its verdict, or (a variant the lazy search
// left unchecked) the guard's answer now.
bool stable_variant(const VariantSet& vs, const Variant& v) {
  return v.stability.checked ? v.usable() : check_stability(vs.original, v.outputs).stable;
}

// The first admitted, stable variant with a node satisfying `pred`; -1 if none.
int find_variant(const VariantSet& vs, const std::function<bool(const Node*)>& pred) {
  for (const Variant& v : vs.variants) {
    if (v.id == 0) continue;
    bool has = false;
    for (const Node* n : nodes_of(vs, v.id)) has = has || pred(n);
    if (has && stable_variant(vs, v)) return v.id;
  }
  return -1;
}

bool none_in(const VariantSet& vs, int id, const std::function<bool(const Node*)>& pred) {
  for (const Node* n : nodes_of(vs, id))
    if (pred(n)) return false;
  return true;
}

// Every move on the way to every variant is PROVED, and its rule was generalized (symbols).
void check_provenance(const VariantSet& vs) {
  for (const Variant& v : vs.variants) {
    for (const Variant* step : vs.path_of(v.id)) {
      INFO(step->move.what << ": " << step->move.rule);
      CHECK(step->move.proof.verdict == Verdict::Proved);
      CHECK_FALSE(step->move.rule.empty());
    }
  }
}

bool is_input(const Node* n, const char* name) { return n->op() == Op::Input && n->input_name() == name; }
const Node* through_casts(const Node* n) {
  while (n->op() == Op::Cast) n = n->operand(0);
  return n;
}
bool is_matmul(const Node* n) { return through_casts(n)->op() == Op::MatMul; }
// A [.., M, 1] row factor (the other operand of a scale applied after a matmul).
bool is_row_factor(const Node* f, const Node* mm) {
  return f->rank() == mm->rank() && f->shape().back() == Size(1) && f->shape()[f->rank() - 2] != Size(1);
}
// mul(matmul(..), row) or div(matmul(..), row): a row scale applied after the matmul.
bool scale_after_matmul(const Node* n, Op op) {
  if (n->op() != op) return false;
  return is_matmul(n->operand(0)) && is_row_factor(n->operand(1), n->operand(0));
}
// matmul(.., mul(w, f)): the weight scaled along its rows.
bool weight_scaled(const Node* n) {
  if (n->op() != Op::MatMul) return false;
  const Node* b = n->operand(1);
  if (b->op() != Op::Mul) return false;
  return is_input(b->operand(0), "w") || is_input(b->operand(1), "w");
}

}  // namespace

TEST_CASE("rewrites: RMSNorm's row scale moves past the matmul and gamma into the weight", "[rewrites]") {
  Graph g = load_graph(bench("rmsnorm_matmul_m16"));
  VariantSet vs = discover(g, 3);
  check_provenance(vs);
  CHECK(find_variant(vs, [](const Node* n) { return scale_after_matmul(n, Op::Mul); }) > 0);
  CHECK(find_variant(vs, weight_scaled) > 0);
  // Both in one variant.
  bool both = false;
  for (const Variant& v : vs.variants) {
    if (both || v.id == 0) continue;
    bool s = false, w = false;
    for (const Node* n : nodes_of(vs, v.id)) {
      s = s || scale_after_matmul(n, Op::Mul);
      w = w || weight_scaled(n);
    }
    both = s && w && stable_variant(vs, v);
  }
  CHECK(both);
}

TEST_CASE("rewrites: LayerNorm's row scale moves past the matmul and gamma into the weight", "[rewrites]") {
  Graph g = load_graph(bench("layernorm_matmul"));
  VariantSet vs = discover(g, 4, 600, 48);
  check_provenance(vs);
  CHECK(find_variant(vs, [](const Node* n) { return scale_after_matmul(n, Op::Mul); }) > 0);
  CHECK(find_variant(vs, weight_scaled) > 0);
}

TEST_CASE("rewrites: softmax's division is deferred past the matmul with V", "[rewrites]") {
  Graph g = load_graph(bench("softmax_matmul"));
  VariantSet vs = discover(g, 2);
  check_provenance(vs);
  CHECK(find_variant(vs, [](const Node* n) { return scale_after_matmul(n, Op::Div); }) > 0);
}

TEST_CASE("rewrites: attention's 1/sqrt(d) scale moves onto Q and onto K", "[rewrites]") {
  Graph g = load_graph(bench("attention"));
  VariantSet vs = discover(g, 2);
  check_provenance(vs);
  auto scaled = [](const Node* n, const char* input) {
    return n->op() == Op::Mul && (is_input(n->operand(0), input) || is_input(n->operand(1), input));
  };
  int on_q = find_variant(vs, [&](const Node* n) { return scaled(n, "q"); });
  int on_k = find_variant(vs, [&](const Node* n) { return scaled(n, "k"); });
  CHECK(on_q > 0);
  CHECK(on_k > 0);
  // Pulling the bf16 scale out of the row max is equal over the reals but not in bf16 (the max
  // no longer matches the scores it is subtracted from): the guard flags such variants.
  CHECK(vs.stats.unstable > 0);
  // The scale is applied to Q [B,H,S,D], no longer to the scores [B,H,S,S].
  if (on_q > 0)
    CHECK(none_in(vs, on_q, [](const Node* n) { return n->op() == Op::Mul && is_matmul(n->operand(0)); }));
}

TEST_CASE("rewrites: a transpose is absorbed into the matmul operand", "[rewrites]") {
  Graph g = load_graph(bench("transpose_matmul"));
  VariantSet vs = discover(g, 2);
  check_provenance(vs);
  int v = find_variant(vs, [](const Node* n) {
    return n->op() == Op::MatMul && n->attrs().has("transpose_a") && is_input(n->operand(0), "a");
  });
  REQUIRE(v > 0);
  CHECK(none_in(vs, v, [](const Node* n) { return n->op() == Op::Transpose; }));
  // Ranked first: the cost model sees one kernel fewer or fewer bytes.
  CHECK(vs.ranked().front()->id == v);
}

TEST_CASE("rewrites: double transposes are eliminated", "[rewrites]") {
  Graph g = axon_test::graph_from(R"({"name": "tt",
    "inputs": [{"name": "x", "shape": [64, 32, 16], "dtype": "f32"}],
    "nodes": [{"name": "t1", "op": "transpose", "inputs": ["x"], "attrs": {"perm": [1, 2, 0]}},
              {"name": "t2", "op": "transpose", "inputs": ["t1"], "attrs": {"perm": [2, 0, 1]}},
              {"name": "t3", "op": "transpose", "inputs": ["x"], "attrs": {"perm": [1, 0, 2]}},
              {"name": "t4", "op": "transpose", "inputs": ["t3"], "attrs": {"perm": [0, 2, 1]}},
              {"name": "y", "op": "exp", "inputs": ["t2"]}],
    "outputs": ["y", "t4"]})");
  VariantSet vs = discover(g, 2);
  check_provenance(vs);
  // t2 = transpose(transpose(x)) is x: gone; t4 = two transposes merged into one.
  int v = find_variant(vs, [](const Node* n) { return n->op() == Op::Exp && is_input(n->operand(0), "x"); });
  CHECK(v > 0);
  int w = -1;
  for (const Variant& var : vs.variants) {
    const Node* t4 = var.outputs[1].node;
    if (t4->op() == Op::Transpose && is_input(t4->operand(0), "x")) w = var.id;
  }
  CHECK(w > 0);
}

TEST_CASE("rewrites: mean is rewritten as sum times 1/N", "[rewrites]") {
  Graph g = load_graph(bench("rmsnorm"));
  VariantSet vs = discover(g, 1);
  check_provenance(vs);
  int v = find_variant(vs, [](const Node* n) { return n->op() == Op::Constant && n->attrs().has("divisor"); });
  REQUIRE(v > 0);
  CHECK(none_in(vs, v, [](const Node* n) { return n->op() == Op::ReduceMean; }));
  // The rule was proved for all sizes: its divisor is a symbol, not 4096.
  CHECK(vs.variants[v].move.rule.find("divisor=[S") != std::string::npos);
}

TEST_CASE("rewrites: a reduction is split into partial reductions", "[rewrites]") {
  Graph g = load_graph(bench("row_sum"));
  VariantSet vs = discover(g, 1);
  check_provenance(vs);
  int v = find_variant(vs, [](const Node* n) {
    return n->op() == Op::ReduceSum && n->operand(0)->op() == Op::ReduceSum &&
           n->operand(0)->operand(0)->op() == Op::Reshape;
  });
  REQUIRE(v > 0);
  // Proved with the extent as a product of two symbols (K = T*B), not at 4096.
  CHECK(vs.variants[v].move.rule.find("*") != std::string::npos);
  // A matmul's contraction splits into partial matmuls summed afterwards (split-K).
  VariantSet mm = discover(load_graph(bench("gemm")), 1);
  check_provenance(mm);
  CHECK(find_variant(mm, [](const Node* n) {
          return n->op() == Op::ReduceSum && n->operand(0)->op() == Op::MatMul;
        }) > 0);
  // Softmax's two reductions split too (the form flash attention needs).
  VariantSet sm = discover(load_graph(bench("softmax")), 1);
  CHECK(find_variant(sm, [](const Node* n) {
          return n->op() == Op::ReduceMax && n->operand(0)->op() == Op::ReduceMax;
        }) > 0);
  CHECK(find_variant(sm, [](const Node* n) {
          return n->op() == Op::ReduceSum && n->operand(0)->op() == Op::ReduceSum;
        }) > 0);
}

TEST_CASE("rewrites: a prover that answers unknown admits no variant", "[rewrites]") {
  Graph g = load_graph(bench("attention"));
  ExploreOptions eo;
  eo.max_depth = 3;
  int asked = 0;
  VariantSet vs = explore(
      g, eo,
      [&asked](const RuleSpec&) {
        ++asked;
        RuleResult r;
        r.verdict = Verdict::Unknown;
        r.reason = "test: the solver gave up";
        return r;
      },
      [](const Graph&) { return 0.0; });
  CHECK(asked > 0);
  CHECK(vs.variants.size() == 1);
  CHECK(vs.stats.proved == 0);
  CHECK(vs.stats.unknown == asked);
}

namespace {

// Whether either side of the rule has a where (the causal mask's select of -inf).
bool reads_a_where(const RuleSpec& r) {
  Context ctx;
  std::map<std::string, const Node*> ins;
  for (const auto& d : r.inputs) ins[d.name] = ctx.input(d.name, d.dtype, d.shape);
  auto [lhs, rhs] = r.build(ctx, ins, {});
  std::vector<const Node*> stack{lhs, rhs};
  std::set<const Node*> seen;
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (!seen.insert(n).second) continue;
    if (n->op() == Op::Where) return true;
    for (const Node* o : n->operands()) stack.push_back(o);
  }
  return false;
}

}  // namespace

TEST_CASE("rewrites: a rule the prover refuses as input is an unknown move and the search goes on", "[rewrites]") {
  // As a causal mask's -inf reaching a sub is (docs/verification.md, "Infinities"): the prover
  // throws UserError; the search counts the move unknown (one by one and in child processes)
  // and keeps the rules it can prove.
  Graph g = load_graph(bench("attention_causal"));
  for (int jobs : {1, 2}) {
    ExploreOptions eo;
    eo.max_depth = 2;
    eo.jobs = jobs;
    std::atomic<int> refused{0};
    VariantSet vs = explore(
        g, eo,
        [&refused](const RuleSpec& r) {
          if (reads_a_where(r)) {
            ++refused;
            throw UserError("rewrite: rule move: test: the prover cannot take this rule");
          }
          return verifier().verify(r);
        },
        [](const Graph&) { return 0.0; });
    INFO("jobs " << jobs);
    CHECK(vs.stats.unknown > 0);
    CHECK(vs.stats.proved > 0);
    CHECK(vs.variants.size() > 1);
    if (jobs == 1) CHECK(refused > 0);   // counted in this process only
    bool said = false;
    for (const Rejection& rj : vs.rejected) said = said || rj.move.proof.reason.find("the prover cannot take the rule") != std::string::npos;
    CHECK(said);
  }
}

TEST_CASE("rewrites: proofs side by side in child processes admit what proofs one by one do", "[rewrites]") {
  Graph g = load_graph(bench("softmax_matmul"));
  VariantSet side = discover(g, 2, 400, 32, 3), one = discover(g, 2, 400, 32, 1);  // the children prove first
  REQUIRE(one.variants.size() == side.variants.size());
  for (size_t i = 0; i < one.variants.size(); ++i) {
    CHECK(one.variants[i].parent == side.variants[i].parent);
    CHECK(one.variants[i].move.rule == side.variants[i].move.rule);
  }
  CHECK(one.stats.proved == side.stats.proved);
  CHECK(one.stats.refuted == side.stats.refuted);
  CHECK(one.stats.distinct_rules == side.stats.distinct_rules);
  CHECK(one.rejected.size() == side.rejected.size());
  // A prover's error in a child is the parent's: the move unknown, the error its reason (as in
  // one process: a rule the prover refuses as input ends no search).
  ExploreOptions eo;
  eo.jobs = 2;
  eo.max_depth = 1;
  VariantSet bad = explore(g, eo, [](const RuleSpec&) -> RuleResult { throw UserError("test: a bad rule"); },
                           [](const Graph&) { return 0.0; });
  CHECK(bad.variants.size() == 1);
  CHECK(bad.stats.unknown > 0);
  REQUIRE_FALSE(bad.rejected.empty());
  CHECK(bad.rejected.front().move.proof.reason.find("test: a bad rule") != std::string::npos);
  // An internal error is still the search's.
  CHECK_THROWS_AS(explore(g, eo, [](const RuleSpec&) -> RuleResult { throw InternalError("test: a bug"); },
                          [](const Graph&) { return 0.0; }),
                  InternalError);
}

TEST_CASE("rewrites: checking stability lazily expands the same variants and ranks the same best ones", "[rewrites]") {
  // The guard runs on a variant only when it is about to be expanded or ranked among the best
  // `ranked_checked`; the search tree (ids, in order) and the head of ranked() are those of
  // checking every variant, with fewer checks.
  Graph g = load_graph(bench("layernorm_matmul"));
  TargetModel t = target_model("sm_90");
  auto run = [&](bool lazy) {
    ExploreOptions eo;
    eo.max_depth = 3;
    eo.max_variants = 400;
    eo.beam = 16;
    eo.budget_s = 300;
    eo.lazy_stability = lazy;
    eo.ranked_checked = 10;
    return explore(g, eo, [](const RuleSpec& r) { return verifier().verify(r); },
                   [t](const Graph& v) { return estimate_cost(v, t).time_us; });
  };
  const VariantSet eager = run(false), lazy = run(true);
  REQUIRE(lazy.variants.size() == eager.variants.size());
  for (size_t i = 0; i < lazy.variants.size(); ++i) {
    CHECK(lazy.variants[i].parent == eager.variants[i].parent);
    CHECK(lazy.variants[i].move.rule == eager.variants[i].move.rule);
    if (lazy.variants[i].stability.checked) CHECK(lazy.variants[i].stability.stable == eager.variants[i].stability.stable);
  }
  const auto a = eager.ranked(), b = lazy.ranked();
  REQUIRE(b.size() >= 11);
  for (size_t i = 0; i < 11; ++i) CHECK(a[i]->id == b[i]->id);
  INFO("checks: eager " << eager.stats.stability_checks << ", lazy " << lazy.stats.stability_checks);
  CHECK(eager.stats.stability_checks == static_cast<int>(eager.variants.size()) - 1);
  CHECK(lazy.stats.stability_checks < eager.stats.stability_checks);
}

TEST_CASE("rewrites: the stability guard flags what is equal only over the reals", "[rewrites]") {
  // softmax without the max subtraction: equal over the reals, overflows in floats.
  Graph g = axon_test::graph_from(R"({"name": "sm",
    "inputs": [{"name": "x", "shape": [8, 64], "dtype": "f32"}],
    "nodes": [{"name": "y", "op": "softmax", "inputs": ["x"], "attrs": {"axis": -1}}],
    "outputs": ["y"]})");
  Context& c = g.ctx();
  const Node* x = g.inputs[0];
  Attrs ax;
  ax.set("axes", std::vector<int64_t>{1});
  ax.set("keepdims", true);
  const Node* e = c.make(Op::Exp, {x});
  const Node* naive = c.make(Op::Div, {e, c.make(Op::ReduceSum, {e}, ax)});
  Stability s = check_stability(g, {{"y", naive}});
  CHECK(s.checked);
  CHECK_FALSE(s.stable);
  // The original against itself is stable.
  CHECK(check_stability(g, g.outputs).stable);

  // Variance as E[x^2] - E[x]^2 against E[(x - E[x])^2]: cancels catastrophically at offset 1000.
  Graph v = axon_test::graph_from(R"({"name": "var",
    "inputs": [{"name": "x", "shape": [8, 64], "dtype": "f32"}],
    "nodes": [{"name": "m", "op": "reduce_mean", "inputs": ["x"], "attrs": {"axes": [1], "keepdims": true}},
              {"name": "d", "op": "sub", "inputs": ["x", "m"]},
              {"name": "d2", "op": "square", "inputs": ["d"]},
              {"name": "var", "op": "reduce_mean", "inputs": ["d2"], "attrs": {"axes": [1], "keepdims": true}}],
    "outputs": ["var"]})");
  Context& vc = v.ctx();
  const Node* vx = v.inputs[0];
  const Node* ex2 = vc.make(Op::ReduceMean, {vc.make(Op::Square, {vx})}, ax);
  const Node* m = vc.make(Op::ReduceMean, {vx}, ax);
  const Node* naive_var = vc.make(Op::Sub, {ex2, vc.make(Op::Square, {m})});
  Stability sv = check_stability(v, {{"var", naive_var}});
  CHECK(sv.checked);
  CHECK_FALSE(sv.stable);
  CHECK(sv.worst.find("N(1000,1)") != std::string::npos);
}

TEST_CASE("rewrites: the stability guard keeps each reshape's element count at small sizes", "[rewrites]") {
  // Heads split off a projection's output: 1024 is the sequence and 16 x 64, and the small
  // sizes must keep 1024 = 16 x 64 (they gave [1, 3, 3] -> [1, 3, 4, 5]: nothing was checked, and
  // every variant of such a graph was unstable, so none was used or expanded).
  Graph g = axon_test::graph_from(R"({"name": "heads",
    "inputs": [{"name": "x", "shape": [1, 1024, 1024], "dtype": "f32"}],
    "nodes": [{"name": "h", "op": "reshape", "inputs": ["x"], "attrs": {"shape": [1, 1024, 16, 64]}},
              {"name": "t", "op": "transpose", "inputs": ["h"], "attrs": {"perm": [0, 2, 1, 3]}},
              {"name": "y", "op": "reduce_sum", "inputs": ["t"], "attrs": {"axes": [3], "keepdims": true}},
              {"name": "z", "op": "reshape", "inputs": ["t"], "attrs": {"shape": [16, 65536]}}],
    "outputs": ["y", "z"]})");
  Stability s = check_stability(g, g.outputs);
  INFO(s.worst);
  CHECK(s.checked);
  CHECK(s.stable);
}

namespace {

// A random small graph over inputs a [M,K], b [K,N], r [M,1], c [N] (f32): ops drawn at random,
// kept when they type-check.
Graph random_graph(std::mt19937_64& rng) {
  auto ctx = std::make_shared<Context>();
  Graph g(ctx);
  g.name = "random";
  const int64_t M = 3, K = 4, N = 5;
  std::vector<const Node*> pool{ctx->input("a", DType::f32, {M, K}), ctx->input("b", DType::f32, {K, N}),
                                ctx->input("r", DType::f32, {M, 1}), ctx->input("c", DType::f32, {N})};
  g.inputs = pool;
  auto pick = [&]() { return pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(rng)]; };
  const Op binary[] = {Op::Add, Op::Sub, Op::Mul, Op::Max, Op::MatMul};
  const Op unary[] = {Op::Exp, Op::Neg, Op::Square, Op::Transpose, Op::ReduceSum, Op::ReduceMax};
  for (int step = 0; step < 12; ++step) {
    try {
      if (std::uniform_int_distribution<int>(0, 2)(rng) > 0) {
        Op op = binary[std::uniform_int_distribution<int>(0, 4)(rng)];
        pool.push_back(ctx->make(op, {pick(), pick()}));
      } else {
        Op op = unary[std::uniform_int_distribution<int>(0, 5)(rng)];
        const Node* x = pick();
        Attrs a;
        if (op == Op::ReduceSum || op == Op::ReduceMax) {
          if (x->rank() == 0) continue;
          a.set("axes", std::vector<int64_t>{x->rank() - 1});
          a.set("keepdims", true);
        }
        pool.push_back(ctx->make(op, {x}, a));
      }
    } catch (const UserError&) {
    }
  }
  g.outputs.push_back({"out", pool.back()});
  return g;
}

}  // namespace

TEST_CASE("rewrites: every variant of random graphs agrees with the original", "[rewrites]") {
  std::mt19937_64 rng(2026);
  int graphs = 0, variants = 0;
  for (int i = 0; i < 40; ++i) {
    Graph g = random_graph(rng);
    if (g.outputs[0].node->op() == Op::Input) continue;
    ++graphs;
    VariantSet vs = discover(g, 2, 40, 8);
    TensorMap in = random_inputs(g, 7 + static_cast<uint64_t>(i));
    TensorMap ref = evaluate(g, in);
    for (const Variant& v : vs.variants) {
      if (v.id == 0) continue;
      ++variants;
      TensorMap got = evaluate(vs.graph_of(v.id), in);
      const Tensor& a = ref.at("out");
      const Tensor& b = got.at("out");
      REQUIRE(a.data.size() == b.data.size());
      for (size_t k = 0; k < a.data.size(); ++k) {
        INFO("graph " << i << ", variant " << v.id << ": " << v.move.what << "\n  rule: " << v.move.rule);
        CHECK(b.data[k] == Approx(a.data[k]).epsilon(1e-9).margin(1e-9));
      }
    }
  }
  CHECK(graphs >= 20);
  CHECK(variants >= 40);
}
