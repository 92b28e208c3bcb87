// The cost model: FLOPs and roofline time of a GEMM, the kernel partition of row kernels,
// matmul prologues (row statistics on load), epilogues and side reductions, the
// reduction-between-contractions count, targets and assumed sizes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/search/cost_model.h"
#include "axon/isa/spec.h"
#include "internal.h"  // search/: pick_winner

using namespace axon;

namespace {

Graph bench(const std::string& name, const Bindings& b = {}) {
  return load_graph(std::string(AXON_SOURCE_DIR) + "/benchmarks/graphs/" + name + ".json", b);
}

Attrs dtype_attr(DType t) {
  Attrs a;
  a.set("dtype", std::string(dtype_name(t)));
  return a;
}

Attrs last_axis() {
  Attrs a;
  a.set("axes", std::vector<int64_t>{1});
  a.set("keepdims", true);
  return a;
}

bool contains(const std::vector<const Node*>& v, const Node* n) {
  return std::find(v.begin(), v.end(), n) != v.end();
}

// The same nodes, in any order.
bool same(std::vector<const Node*> a, std::vector<const Node*> b) {
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  return a == b;
}

// The kernel that computes n (nullptr if none).
// The kernels before attention fusion: an attention kernel replaced by its parts.
std::vector<KernelEstimate> unfused(const CostEstimate& c) {
  std::vector<KernelEstimate> out;
  for (const auto& k : c.kernel_list) {
    if (k.parts.empty()) out.push_back(k);
    else out.insert(out.end(), k.parts.begin(), k.parts.end());
  }
  return out;
}
double bytes_of(const std::vector<KernelEstimate>& ks) {
  double b = 0;
  for (const auto& k : ks) b += k.bytes;
  return b;
}

const KernelEstimate* kernel_of(const CostEstimate& c, const Node* n) {
  for (const auto& k : c.kernel_list)
    if (contains(k.nodes, n)) return &k;
  return nullptr;
}

Graph with_output(const std::shared_ptr<Context>& ctx, std::vector<const Node*> inputs,
                  const Node* out) {
  Graph g(ctx);
  g.inputs = std::move(inputs);
  g.outputs.push_back({"out", out});
  return g;
}

}  // namespace

TEST_CASE("the cost model's figures are the target file's model rates, else its datasheet figures", "[cost]") {
  for (const char* name : {"sm_90", "sm_80"}) {
    const TargetDesc d = load_target(default_isa_dir(), name);
    const TargetModel t = target_model(name);
    CHECK(t.name == name);
    CHECK(t.sm_count == d.sm_count);
    CHECK(t.launch_us == d.launch_us);
    CHECK(t.hbm_gb_s == (d.model_rates.count("copy_gb_s") ? d.model_rates.at("copy_gb_s") : d.hbm_gb_s));
    CHECK(t.tensor_tflops_16 == (d.model_rates.count("bf16_tensor") ? d.model_rates.at("bf16_tensor") : d.peak_tflops.at("bf16_tensor")));
    CHECK(t.fp32_tflops <= d.peak_tflops.at("fp32"));
  }
  // The H200's measured copy bandwidth and matmul rate.
  CHECK(target_model("sm_90").hbm_gb_s == 4249);
  CHECK(target_model("sm_90").tensor_tflops_16 == 700);
}

TEST_CASE("gemm: flops and roofline time", "[cost]") {
  const TargetModel t = target_model("sm_90");
  CostEstimate c = estimate_cost(bench("gemm"), t);
  const double flops = 2.0 * 4096.0 * 4096.0 * 4096.0;
  CHECK(c.flops == Approx(flops));
  CHECK(c.kernels == 1);
  CHECK(c.bytes == Approx(3.0 * 4096 * 4096 * 2));
  CHECK(c.time_us == Approx(flops / (t.tensor_tflops_16 * 1e6) + t.launch_us));
  CHECK_FALSE(c.assumed_sizes);
  REQUIRE(c.kernel_list.size() == 1);
  CHECK(c.kernel_list[0].kind == "contraction");
  CHECK(c.summary().find("1 kernel,") != std::string::npos);
}

TEST_CASE("f32 matmuls: the exact f32 rate, tf32x3's quarter of the tf32 rate, or the tf32 rate", "[cost]") {
  Graph g = parse_graph(R"({"name":"mm","inputs":[{"name":"a","shape":[4096,4096],"dtype":"f32"},
      {"name":"b","shape":[4096,4096],"dtype":"f32"}],"nodes":[{"name":"m","op":"matmul","inputs":["a","b"]}],"outputs":["m"]})",
                        "mm.json");
  TargetModel t = target_model("sm_90");
  const double flops = 2.0 * 4096.0 * 4096.0 * 4096.0;
  CHECK(t.f32 == tiling::F32Matmul::Tf32x3);  // superopt's default
  CHECK(t.tensor_tflops_tf32 / 4 > t.fp32_tflops);
  CHECK(estimate_cost(g, t).time_us == Approx(flops / (t.tensor_tflops_tf32 / 4 * 1e6) + t.launch_us));
  t.f32 = tiling::F32Matmul::Fma;
  CHECK(estimate_cost(g, t).time_us == Approx(flops / (t.fp32_tflops * 1e6) + t.launch_us));
  t.f32 = tiling::F32Matmul::Tf32;
  CHECK(estimate_cost(g, t).time_us == Approx(flops / (t.tensor_tflops_tf32 * 1e6) + t.launch_us));
  // bf16 matmuls are unaffected.
  CHECK(estimate_cost(bench("gemm"), t).time_us == Approx(flops / (t.tensor_tflops_16 * 1e6) + t.launch_us));
}

TEST_CASE("softmax is one row kernel that reads x and writes out", "[cost]") {
  CostEstimate c = estimate_cost(bench("softmax"), target_model("sm_90"));
  CHECK(c.kernels >= 1);
  CHECK(c.kernels <= 2);
  CHECK(c.bytes >= 2.0 * 16384 * 4096 * 4);
  CHECK(c.reductions_between_contractions == 0);
  CHECK(c.kernel_list[0].kind == "reduction");
}

TEST_CASE("rmsnorm -> matmul: the row scale after the matmul is one kernel", "[cost]") {
  auto ctx = std::make_shared<Context>();
  Context& cx = *ctx;
  const Node* x = cx.input("x", DType::bf16, {Size(8192), Size(4096)});
  const Node* g = cx.input("g", DType::bf16, {Size(4096)});
  const Node* w = cx.input("w", DType::bf16, {Size(4096), Size(4096)});
  auto cast = [&](const Node* n, DType t) { return cx.make(Op::Cast, {n}, dtype_attr(t)); };
  const Node* xf = cast(x, DType::f32);
  const Node* gf = cast(g, DType::f32);
  const Node* ms = cx.make(Op::ReduceMean, {cx.make(Op::Square, {xf})}, last_axis());
  const Node* r = cx.make(Op::Rsqrt, {cx.make(Op::Add, {ms, cx.constant(1e-6, DType::f32)})});

  // Original: y = rmsnorm(x, g) (as composites.cpp builds it), out = y @ w.
  const Node* y = cast(cx.make(Op::Mul, {cx.make(Op::Mul, {xf, r}), gf}), DType::bf16);
  const Node* mm0 = cx.make(Op::MatMul, {y, w});
  Graph original = with_output(ctx, {x, g, w}, mm0);
  // Variant: out = ((x * g) @ w) * r: the row scale applied after the matmul, x * g computed on load.
  const Node* xg = cast(cx.make(Op::Mul, {xf, gf}), DType::bf16);
  const Node* mm = cx.make(Op::MatMul, {xg, w});
  Graph variant = with_output(ctx, {x, g, w},
                              cast(cx.make(Op::Mul, {cast(mm, DType::f32), r}), DType::bf16));

  const TargetModel t = target_model("sm_90");
  CostEstimate a = estimate_cost(original, t), b = estimate_cost(variant, t);
  INFO("original: " << a.summary() << "; variant: " << b.summary());
  CHECK(b.bytes < a.bytes);
  // But x * g is evaluated once per tile column (16 of 256 columns): more than y's round trip
  // costs (tiling::prologue_us; measured on the H200 for a computed B).
  CHECK(b.time_us > a.time_us);
  // Original: the [8192, 1] rsqrt is computed, not stored, so y is not fused into the matmul's
  // load: the row kernel writes y and the matmul reads it back.
  REQUIRE(a.kernels == 2);
  CHECK(a.kernel_list[0].kind == "reduction");
  CHECK(contains(a.kernel_list[0].writes, y));
  CHECK(contains(a.kernel_list[1].reads, y));
  // Variant: the mean of squares is a side reduction of the matmul (it reads x, as the load of
  // x * g does; its value is used only after the matmul): one kernel that reads x, g, w.
  REQUIRE(b.kernels == 1);
  const KernelEstimate& k = b.kernel_list[0];
  CHECK(k.kind == "contraction");
  CHECK(contains(k.nodes, ms));
  CHECK(contains(k.nodes, mm));
  CHECK(same(k.reads, {x, g, w}));
  CHECK(a.bytes - b.bytes == Approx(2.0 * 8192 * 4096 * 2));  // y written and read back
  CHECK(b.flops > 2.0 * 8192 * 4096 * 4096 + 8192.0 * 4096);  // the side reduction's FLOPs

  // The benchmark file is the original's graph.
  CostEstimate f = estimate_cost(bench("rmsnorm_matmul_m8192"), t);
  CHECK(f.bytes == Approx(a.bytes));
  CHECK(f.kernels == a.kernels);
}

TEST_CASE("matmul prologue: a stored row statistic is applied on load", "[cost]") {
  auto ctx = std::make_shared<Context>();
  Context& cx = *ctx;
  const double M = 8192, K = 4096, N = 128;
  const Node* s = cx.input("s", DType::bf16, {Size(8192), Size(4096)});
  const Node* v = cx.input("v", DType::bf16, {Size(4096), Size(128)});
  const Node* m = cx.make(Op::ReduceMax, {s}, last_axis());  // [M, 1], written by a row kernel
  // exp(s - m) @ v: m is stored, so exp(s - m) is computed while loading s.
  const Node* e = cx.make(Op::Exp, {cx.make(Op::Sub, {s, m})});
  Graph stored = with_output(ctx, {s, v}, cx.make(Op::MatMul, {e, v}));
  // exp(s - exp(m)) @ v: the [M, 1] side operand exp(m) is computed, not stored: the operand
  // is written by the row kernel and read back.
  const Node* e2 = cx.make(Op::Exp, {cx.make(Op::Sub, {s, cx.make(Op::Exp, {m})})});
  Graph computed = with_output(ctx, {s, v}, cx.make(Op::MatMul, {e2, v}));

  const TargetModel t = target_model("sm_90");
  CostEstimate a = estimate_cost(stored, t), b = estimate_cost(computed, t);
  INFO("stored: " << a.summary() << "; computed: " << b.summary());
  // The row kernel and the contraction computing exp(s - m) on load, fused further into one pass
  // over s (attention over stored scores: the row max is the online softmax's).
  REQUIRE(a.kernels == 1);
  CHECK(a.kernel_list[0].kind == "attention");
  CHECK(same(a.kernel_list[0].reads, {s, v}));
  CHECK(a.bytes == Approx((M * K + K * N + M * N) * 2));  // s once, v, out
  const std::vector<KernelEstimate> pa = unfused(a);
  REQUIRE(pa.size() == 2);
  CHECK(pa[0].kind == "reduction");
  CHECK(same(pa[0].writes, {m}));
  const KernelEstimate& mk = pa[1];
  CHECK(mk.kind == "contraction");
  CHECK(contains(mk.nodes, e));
  CHECK(same(mk.reads, {s, m, v}));
  // Unfused: s read by both kernels, m written and read, v read, out written.
  CHECK(bytes_of(pa) == Approx((2 * M * K + 2 * M + K * N + M * N) * 2));
  // exp(s - exp(m)) is written by the row kernel: the contraction does not compute its operand,
  // so nothing fuses.
  REQUIRE(b.kernels == 2);
  CHECK(contains(b.kernel_list[0].writes, e2));
  CHECK(same(b.kernel_list[1].reads, {e2, v}));
  CHECK(a.time_us < b.time_us);
}

TEST_CASE("stored statistics: a normalization's row statistic is stored, the normalized x computed on the matmul's loads",
          "[cost]") {
  const Graph g = bench("rmsnorm_matmul_m8192");
  const TargetModel t = target_model("sm_90");
  const Node* mm = nullptr;
  for (const Node* n : g.topo_order())
    if (n->op() == Op::MatMul) mm = n;
  REQUIRE(mm != nullptr);
  const Node* y = mm->operand(0);
  const Node* x = g.inputs.at(0);
  // The model's partition: the row kernel writes y (the rsqrt is computed, not stored, so y
  // cannot be computed on load), the contraction reads it.
  const CostEstimate a = estimate_cost(g, t);
  REQUIRE(a.kernels == 2);
  REQUIRE(kernel_of(a, mm) != nullptr);
  CHECK(contains(kernel_of(a, mm)->reads, y));
  // Stored statistics: the row kernel writes only rsqrt(mean(x^2) + eps), [8192, 1]; the contraction
  // computes y from x, that statistic and g while loading.
  const CostEstimate b = estimate_cost(g, t, {}, true, true);
  INFO(a.summary() << " / " << b.summary());
  REQUIRE(b.kernels == 2);
  const KernelEstimate* mk = kernel_of(b, mm);
  REQUIRE(mk != nullptr);
  CHECK(contains(mk->nodes, y));
  CHECK(contains(mk->reads, x));
  const KernelEstimate& rk = b.kernel_list[0] .nodes == mk->nodes ? b.kernel_list[1] : b.kernel_list[0];
  REQUIRE(rk.writes.size() == 1);
  CHECK(rk.writes[0]->shape() == Shape{Size(8192), Size(1)});
  CHECK(rk.writes[0]->op() == Op::Rsqrt);
  CHECK(contains(mk->reads, rk.writes[0]));
  CHECK(b.bytes < a.bytes);  // y is neither written nor read back
  // Nothing to store where the operand is computed on load already (a stored statistic).
  const Graph gemm = bench("gemm");
  CHECK(estimate_cost(gemm, t, {}, true, true).kernels == estimate_cost(gemm, t).kernels);
}

TEST_CASE("matmul prologue: a computed operand costs its evaluation once per tile of the other axis", "[cost]") {
  // x @ (w * g): the computed B = w * g is evaluated by every tile row of the output (8192 / 128
  // of them), which the model counts (on the H200 it ran six times slower than x @ w); with 128
  // rows of x there is one tile row: 64 times less of it.
  const TargetModel t = target_model("sm_90");
  auto estimate = [&](int64_t m, bool scaled) {
    auto ctx = std::make_shared<Context>();
    Context& cx = *ctx;
    const Node* x = cx.input("x", DType::bf16, {Size(m), Size(4096)});
    const Node* w = cx.input("w", DType::bf16, {Size(4096), Size(4096)});
    const Node* g = cx.input("g", DType::bf16, {Size(4096), Size(1)});
    const Node* b = scaled ? cx.make(Op::Mul, {w, g}) : w;
    Graph gr = with_output(ctx, {x, w, g}, cx.make(Op::MatMul, {x, b}));
    CostEstimate c = estimate_cost(gr, t);
    INFO(c.summary());
    REQUIRE(c.kernels == 1);
    CHECK(c.kernel_list[0].kind == "contraction");
    return c.time_us;
  };
  const double plain = estimate(8192, false), scaled = estimate(8192, true);
  CHECK(scaled > 4 * plain);
  CHECK(estimate(128, true) < scaled / 20);
}

TEST_CASE("side reduction: softmax's row sum inside the matmul, its division after it",
          "[cost]") {
  auto ctx = std::make_shared<Context>();
  Context& cx = *ctx;
  const Node* s = cx.input("s", DType::bf16, {Size(8192), Size(4096)});
  const Node* v = cx.input("v", DType::bf16, {Size(4096), Size(128)});
  auto cast = [&](const Node* n, DType t) { return cx.make(Op::Cast, {n}, dtype_attr(t)); };
  const Node* sf = cast(s, DType::f32);
  const Node* m = cx.make(Op::ReduceMax, {sf}, last_axis());
  const Node* e = cx.make(Op::Exp, {cx.make(Op::Sub, {sf, m})});
  const Node* l = cx.make(Op::ReduceSum, {e}, last_axis());

  // Original: softmax(s) @ v. The division by l happens on load: l is used by the matmul's
  // prologue, so it is not a side reduction: the row kernel writes m and l, the matmul reads
  // them (and s).
  const Node* p = cast(cx.make(Op::Div, {e, l}), DType::bf16);
  Graph original = with_output(ctx, {s, v}, cx.make(Op::MatMul, {p, v}));
  // Variant: (exp(s - m) @ v) / l. l is computed from the tiles of s the matmul loads (and m,
  // which it reads too) and used only in the epilogue: 2 kernels, the row max and the matmul.
  const Node* mm = cx.make(Op::MatMul, {cast(e, DType::bf16), v});
  const Node* out = cx.make(Op::Div, {mm, cast(l, DType::bf16)});
  Graph variant = with_output(ctx, {s, v}, out);
  // Negative: the same variant, with l also an output: another consumer, so l is not fused.
  Graph shared(ctx);
  shared.inputs = {s, v};
  shared.outputs = {{"out", out}, {"l", l}};
  // Negative: l = sum(exp(s - m)) divides the operand and is applied again after the matmul:
  // the matmul needs it before loading.
  Graph both = with_output(ctx, {s, v}, cx.make(Op::Mul, {cx.make(Op::MatMul, {p, v}),
                                                          cast(l, DType::bf16)}));

  const TargetModel t = target_model("sm_90");
  CostEstimate a = estimate_cost(original, t), b = estimate_cost(variant, t);
  CostEstimate c = estimate_cost(shared, t), d = estimate_cost(both, t);
  INFO("original: " << a.summary() << "; variant: " << b.summary() << "; l shared: "
                    << c.summary() << "; l on load and after: " << d.summary());
  // The model fuses the row kernel and the contraction of the original and of the variant into
  // attention over the stored scores (classification later keeps only the variant's: the
  // original reads l before the end); the checks below are on their parts.
  CHECK(a.kernel_list.at(0).kind == "attention");
  CHECK(b.kernel_list.at(0).kind == "attention");
  const std::vector<KernelEstimate> pa = unfused(a), pb = unfused(b);
  REQUIRE(pa.size() == 2);
  CHECK(same(pa[0].writes, {m, l}));
  CHECK(same(pa[1].reads, {s, m, l, v}));
  REQUIRE(pb.size() == 2);
  CHECK(same(pb[0].writes, {m}));
  const KernelEstimate& k = pb[1];
  CHECK(k.kind == "contraction");
  CHECK(contains(k.nodes, l));
  CHECK(contains(k.nodes, out));
  CHECK(same(k.reads, {s, m, v}));
  CHECK(same(k.writes, {out}));
  CHECK(bytes_of(pb) < bytes_of(pa));
  // l is also an output: not fused, the row kernel computes and writes it.
  REQUIRE(c.kernels == 2);
  CHECK(kernel_of(c, l) == &c.kernel_list[0]);
  CHECK(same(c.kernel_list[0].writes, {m, l}));
  // l used in the prologue: not fused, even though its value is also used after the matmul.
  const std::vector<KernelEstimate> pd = unfused(d);
  REQUIRE(pd.size() == 2);
  CHECK(pd[0].kind == "reduction");
  CHECK(contains(pd[0].writes, l));
  CHECK(contains(pd[1].reads, l));
}

TEST_CASE("matmul epilogue: bias and gelu fuse into the matmul", "[cost]") {
  CostEstimate c = estimate_cost(bench("mlp_gelu"), target_model("sm_90"));
  CHECK(c.kernels == 1);
  CHECK(c.bytes == Approx((8192.0 * 4096 + 4096.0 * 4096 + 4096 + 8192.0 * 4096) * 2));
}

TEST_CASE("attention: reductions between contractions", "[cost]") {
  const TargetModel t = target_model("sm_90");
  // The benchmark graph fuses: K^T (a transpose outside the matmul flags, read through a view),
  // Q K^T (scaled), the softmax's rows and P V in one kernel, no reduction penalty.
  CostEstimate f = estimate_cost(bench("attention"), t);
  REQUIRE(f.kernels == 1);
  CHECK(f.kernel_list[0].kind == "attention");
  CHECK(f.kernel_list[0].parts.size() == 4);
  CHECK(f.penalty_us == 0);
  // With the probabilities an output too nothing fuses: four kernels, the penalty of the
  // reductions between the matmuls.
  const std::string text = R"({"name":"a","inputs":[{"name":"q","shape":[8,16,2048,128],"dtype":"bf16"},
      {"name":"k","shape":[8,16,2048,128],"dtype":"bf16"},{"name":"v","shape":[8,16,2048,128],"dtype":"bf16"}],
      "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,1,3,2]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
      {"name":"p","op":"softmax","inputs":["s"],"attrs":{"axis":-1}},{"name":"o","op":"matmul","inputs":["p","v"]}],
      "outputs":["o","p"]})";
  CostEstimate c = estimate_cost(parse_graph(text, "a.json", {}), t);
  CHECK(c.reductions_between_contractions >= 1);
  CHECK(c.penalty_us > 0);
  CHECK(c.kernels == 4);  // K^T, Q K^T, softmax rows, P V
  double sum = 0;
  for (const auto& k : c.kernel_list) sum += k.time_us;
  CHECK(c.time_us == Approx(sum + c.penalty_us));
}

TEST_CASE("sm_80 is slower than sm_90", "[cost]") {
  for (const char* name : {"gemm", "softmax", "attention", "rmsnorm_matmul_m8192"}) {
    INFO(name);
    Graph g = bench(name);
    CostEstimate a = estimate_cost(g, target_model("sm_80"));
    CostEstimate b = estimate_cost(g, target_model("sm_90"));
    CHECK(a.time_us > b.time_us);
    CHECK(a.bytes == Approx(b.bytes));
    CHECK(a.flops == Approx(b.flops));
  }
}

TEST_CASE("unknown target", "[cost]") {
  CHECK_THROWS_AS(target_model("sm_75"), UserError);
  CHECK_THROWS_WITH(target_model("sm_75"),
                    "--target: unknown target 'sm_75' (known: sm_80, sm_90)");
}

TEST_CASE("unbound symbols are assumed 1024", "[cost]") {
  const std::string json = R"({"inputs": [{"name": "a", "shape": ["M", 4096], "dtype": "bf16"},
      {"name": "b", "shape": [4096, 4096], "dtype": "bf16"}],
      "nodes": [{"name": "out", "op": "matmul", "inputs": ["a", "b"]}], "outputs": ["out"]})";
  const TargetModel t = target_model("sm_90");
  Graph g = parse_graph(json, "test.json");
  CostEstimate c = estimate_cost(g, t);
  CHECK(c.assumed_sizes);
  CHECK(c.flops == Approx(2.0 * 1024 * 4096 * 4096));
  CHECK(c.summary().find("assumed") != std::string::npos);
  CostEstimate bound = estimate_cost(g, t, {{"M", 2048}});
  CHECK_FALSE(bound.assumed_sizes);
  CHECK(bound.flops == Approx(2.0 * 2048 * 4096 * 4096));
}


TEST_CASE("past the budget a variant is measured only where the model puts it faster, and past twice the budget none is", "[search]") {
  using search_detail::past_budget;
  CHECK(past_budget(9, 10, 500, 164, 74).empty());                      // within the budget: measured
  CHECK(past_budget(12, 10, 52, 164, 74).empty());                      // the model puts it faster
  CHECK(past_budget(12, 10, 200, 164, 74).find("slower than the 164") != std::string::npos);
  const std::string twice = past_budget(21, 10, 52, 164, 74);           // twice over: not even a faster one
  CHECK(twice.find("spent twice over (21 s)") != std::string::npos);
  CHECK(twice.find("variant 74") != std::string::npos);
  CHECK(past_budget(500, 10, 52, 0, -1).empty());                       // nothing measured yet: go on
}

TEST_CASE("the winner: the fastest finalist, and among finalists level with it the model's choice", "[search]") {
  using search_detail::pick_winner;
  auto trial = [](double est, const std::string& status, double us, int finalists) {
    ConfigTrial t;
    t.est_us = est;
    t.status = status;
    t.us = us;
    t.finalists = finalists;
    return t;
  };
  // Finalists 392.8 (estimate 330) and 393.9 (estimate 306): level, the model's choice wins.
  CHECK(pick_winner({trial(330, "ok", 392.8, 3), trial(306, "ok", 393.9, 3), trial(310, "ok", 399.1, 3)}) == 1);
  // Apart by more than the level band: the measurement decides.
  CHECK(pick_winner({trial(330, "ok", 380.0, 2), trial(306, "ok", 393.9, 2)}) == 0);
  // Only finalists count when there are any; a screened time, however fast, does not.
  CHECK(pick_winner({trial(300, "ok", 200.0, 0), trial(330, "ok", 392.8, 2), trial(306, "ok", 410.0, 2)}) == 1);
  // No finalists: the screened times, with the same band.
  CHECK(pick_winner({trial(330, "ok", 100.0, 0), trial(306, "ok", 100.5, 0), trial(200, "wrong", 50.0, 0)}) == 1);
  // Nothing passed.
  CHECK(pick_winner({trial(300, "wrong", 10.0, 0), trial(300, "fault", 0, 0)}) == -1);
  CHECK(pick_winner({}) == -1);
}
