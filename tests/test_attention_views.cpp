// Attention whose Q, K and V are the heads of projections' outputs (docs/attention.md, "Operands
// through views"): the cost model fuses the heads' transposes into the attention kernel, which
// reads the projections where they lie through tensor maps of the views.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "axon/core/graph_json.h"
#include "axon/search/cost_model.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "axon/tiling/runtime.h"
#include "codegen_support.h"
#include "contraction_support.h"
#include "solver_limits.h"

using namespace axon;
namespace fs = std::filesystem;
using axon::test::lowerings;
using axon::test::nvcc;
using axon::test::parse;

namespace {

// A decoder block's attention half as the importer writes it (python/axon/handlers_attention.py):
// x [b, t, h*e] projected by wq, wk, wv, each viewed as [b, t, h, e] and transposed to
// [b, h, t, e]; K^T, the scaled scores, the causal mask, softmax, P V; the heads back to
// [b, t, h*e] and the output projection. `deferred`: the softmax's division after P V (the form
// the fused kernel classifies; superopt's rewrites find it from the plain one).
std::string block(int b, int t, int h, int e, const char* dtype = "bf16", bool deferred = false) {
  const std::string d = std::to_string(h * e), B = std::to_string(b), T = std::to_string(t), H = std::to_string(h), E = std::to_string(e);
  const std::string in = R"(,"dtype":")" + std::string(dtype) + R"("})";
  std::string nodes;
  for (const char* p : {"q", "k", "v"}) {
    const std::string P = p;
    nodes += R"({"name":")" + P + R"(p","op":"matmul","inputs":["x","w)" + P + R"("],"attrs":{"transpose_b":true}},
        {"name":")" + P + R"(r","op":"reshape","inputs":[")" + P + R"(p"],"attrs":{"shape":[)" + B + "," + T + "," + H + "," + E + R"(]}},
        {"name":")" + P + R"(h","op":"transpose","inputs":[")" + P + R"(r"],"attrs":{"perm":[0,2,1,3]}},)";
  }
  return R"({"name":"block_)" + B + "x" + T + "x" + H + "x" + E + R"(","inputs":[{"name":"x","shape":[)" + B + "," + T + "," + d + "]" + in +
         R"(,{"name":"wq","shape":[)" + d + "," + d + "]" + in + R"(,{"name":"wk","shape":[)" + d + "," + d + "]" + in +
         R"(,{"name":"wv","shape":[)" + d + "," + d + "]" + in + R"(,{"name":"wo","shape":[)" + d + "," + d + "]" + in + R"(],
    "nodes":[)" + nodes + R"(
        {"name":"kt","op":"transpose","inputs":["kh"],"attrs":{"perm":[0,1,3,2]}},
        {"name":"s","op":"matmul","inputs":["qh","kt"]},
        {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.125}},
        {"name":"ss","op":"mul","inputs":["s","c"]},{"name":"m","op":"causal_mask","inputs":["ss"]},
        )" + (deferred ? R"({"name":"mf","op":"cast","inputs":["m"],"attrs":{"dtype":"f32"}},
        {"name":"mx","op":"reduce_max","inputs":["mf"],"attrs":{"axes":[-1],"keepdims":true}},
        {"name":"d","op":"sub","inputs":["mf","mx"]},{"name":"ex","op":"exp","inputs":["d"]},
        {"name":"p","op":"cast","inputs":["ex"],"attrs":{"dtype":")" + std::string(dtype) + R"("}},
        {"name":"pv","op":"matmul","inputs":["p","vh"]},
        {"name":"l","op":"reduce_sum","inputs":["ex"],"attrs":{"axes":[-1],"keepdims":true}},
        {"name":"lb","op":"cast","inputs":["l"],"attrs":{"dtype":")" + std::string(dtype) + R"("}},
        {"name":"o","op":"div","inputs":["pv","lb"]},)"
                          : R"({"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
        {"name":"o","op":"matmul","inputs":["p","vh"]},)") + R"(
        {"name":"ot","op":"transpose","inputs":["o"],"attrs":{"perm":[0,2,1,3]}},
        {"name":"or","op":"reshape","inputs":["ot"],"attrs":{"shape":[)" + B + "," + T + "," + d + R"(]}},
        {"name":"y","op":"matmul","inputs":["or","wo"],"attrs":{"transpose_b":true}}],
    "outputs":["y"]})";
}

// The graph's attention group as the fusion makes it for sm_90.
tiling::Group attention_group(const Graph& g) {
  const tiling::Lowerings& low = lowerings("sm_90");
  for (const tiling::Group& gr : fusion_groups(g, "sm_90"))
    if (tiling::classify(gr, low.isa.get()).strategy == tiling::Strategy::Attention) return gr;
  FAIL("no attention group in " << g.name);
  return {};
}

const Node* node_named(const Graph& g, const std::string& name) {
  for (const auto& [n, hint] : g.names)
    if (hint == name) return n;
  FAIL("no node " << name);
  return nullptr;
}

}  // namespace

TEST_CASE("the cost model fuses the heads' transposes into attention: one kernel reads the projections", "[codegen][attention][views]") {
  const Graph g = parse(block(2, 200, 4, 64));
  const CostEstimate c = estimate_cost(g, target_model("sm_90"));
  int attention = 0;
  for (const KernelEstimate& k : c.kernel_list) {
    if (k.kind != "attention") continue;
    ++attention;
    // Q, K and V's projections are read as they are stored; no copy of a head is.
    for (const char* p : {"qp", "kp", "vp"}) CHECK(std::find(k.reads.begin(), k.reads.end(), node_named(g, p)) != k.reads.end());
    for (const Node* r : k.reads) CHECK(r->op() != Op::Transpose);
    CHECK(k.parts.size() >= 6);  // S, the row kernel, P V and the three heads' copies
  }
  CHECK(attention == 1);
  // The projections (3), the attention, the heads back (a copy) and the output projection.
  CHECK(c.kernel_list.size() == 6);
}

TEST_CASE("attention reads Q, K and V through tensor maps of the views, 4d where batch and heads do not merge", "[codegen][attention][views]") {
  for (int b : {1, 2}) {
    const Graph g = parse(block(b, 200, 4, 64, "bf16", true));
    INFO(g.name);
    const tiling::Lowerings& low = lowerings("sm_90");
    const tiling::Group att = attention_group(g);
    const tiling::GroupShape s = tiling::classify(att, low.isa.get());
    // Each operand a view of its projection: [b, t, h*e] as [b, h, t, e] (E contiguous, then H at
    // stride e, T at h*e, B at t*h*e).
    for (const auto& [plan, proj] : {std::pair<const tiling::OperandPlan*, const char*>{&s.att.qk.a, "qp"}, {&s.att.qk.b, "kp"}, {&s.att.pv.b, "vp"}}) {
      REQUIRE(plan->view.base == node_named(g, proj));
      CHECK(plan->direct);
      CHECK(plan->view.strides == std::vector<int64_t>{200 * 256, 64, 256, 1});
    }
    int kernels = 0;
    for (const tiling::RankedConfig& rc : tiling::enumerate_configs(att, s, axon::test::target_limits())) {
      if (rc.config.strategy() != tiling::Strategy::Attention || kernels >= 3) continue;
      tiling::CodegenOptions o;
      o.name = "attv" + std::to_string(kernels++);
      const tiling::KernelCode k = tiling::generate(att, s, rc.config, low, o);
      INFO(rc.config.str());
      const tiling::Launch& l = k.launches.at(0);
      REQUIRE(l.tmaps.size() == 3);
      for (const tiling::TensorMapSpec& m : l.tmaps) {
        // E, then H (stride 64), T (the rows, 256), and for b = 2 B (51200).
        CHECK(gpu::tensor_map_dims(m) == (b == 1 ? std::vector<uint64_t>{64, 4, 200} : std::vector<uint64_t>{64, 4, 200, 2}));
        CHECK(gpu::tensor_map_strides(m) == (b == 1 ? std::vector<uint64_t>{128, 512} : std::vector<uint64_t>{128, 512, 102400}));
        CHECK(gpu::tensor_map_box(m).at(2) == uint32_t(m.box_outer));
      }
      // The copies name the head and the row, and the batch entry where it is a dimension.
      CHECK((k.body.find("cp.async.bulk.tensor.4d") != std::string::npos) == (b == 2));
      CHECK(k.body.find("const int pk_0 = ") != std::string::npos);
      axon::test::check_nvrtc_compiles(k);
    }
    CHECK(kernels >= 1);
  }
}

TEST_CASE("f32 attention reads its views through 32-bit tensor maps of 32-float boxes", "[codegen][attention][views]") {
  const Graph g = parse(block(2, 200, 4, 64, "f32", true));
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Group att = attention_group(g);
  const tiling::GroupShape s = tiling::classify(att, low.isa.get());
  CHECK(s.att.tf32_products == 3);
  for (const tiling::OperandPlan* plan : {&s.att.qk.a, &s.att.qk.b, &s.att.pv.b}) CHECK(plan->view.base != nullptr);
  int kernels = 0;
  for (const tiling::RankedConfig& rc : tiling::enumerate_configs(att, s, axon::test::target_limits())) {
    if (rc.config.strategy() != tiling::Strategy::Attention) continue;
    tiling::CodegenOptions o;
    o.name = "attv32_" + std::to_string(kernels++);
    const tiling::KernelCode k = tiling::generate(att, s, rc.config, low, o);
    INFO(rc.config.str());
    REQUIRE(k.launches.at(0).tmaps.size() == 3);
    for (const tiling::TensorMapSpec& m : k.launches.at(0).tmaps) {
      CHECK(m.elem_bytes == 4);
      CHECK(gpu::tensor_map_dims(m) == std::vector<uint64_t>{64, 4, 200, 2});
      CHECK(gpu::tensor_map_strides(m) == std::vector<uint64_t>{256, 1024, 204800});
      CHECK(gpu::tensor_map_box(m).at(0) == 32u);
    }
    CHECK(k.body.find("cp.async.bulk.tensor.4d") != std::string::npos);
    axon::test::check_nvrtc_compiles(k);
  }
  CHECK(kernels >= 2);
}

TEST_CASE("a launcher encodes the views' tensor maps and builds", "[codegen][attention][views][superopt]") {
  const Graph g = parse(block(2, 200, 4, 64));
  Verifier v(axon_test::verify_options());
  SuperoptOptions o;
  o.no_gpu = true;
  o.budget_s = 30;
  o.variants = 2;
  o.work_dir = (fs::temp_directory_path() / ("axon_attn_views_" + std::to_string(::getpid()))).string();
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  REQUIRE(r.best >= 0);
  const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
  int attention = 0;
  for (const KernelResult& k : best.kernels) attention += k.shape.strategy == tiling::Strategy::Attention;
  CHECK(attention == 1);
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  std::ifstream f(out / ("axon_" + g.name + ".cu"));
  std::stringstream cu;
  cu << f.rdbuf();
  CHECK(cu.str().find("axon_encode_tmap_view(&tm0, ") != std::string::npos);
  CHECK(cu.str().find("const cuuint64_t d[] = {64ull, 4ull, 200ull, 2ull}, s[] = {128ull, 512ull, 102400ull};") != std::string::npos);
  nlohmann::json lj = nlohmann::json::parse(std::ifstream(out / "launcher.json"));
  if (!nvcc().empty()) CHECK(lj["library_built"] == true);
  fs::remove_all(o.work_dir);
}

TEST_CASE("attention through the heads' views is fused and right on the GPU, 3d and 4d maps (GPU)", "[gpu][attention][views]") {
  const std::optional<axon::test::GpuHost> host = axon::test::gpu_or_skip();
  if (!host) return;
  const std::string& self = host->self;
  const gpu::Probe& p = host->probe;
  Verifier v(axon_test::verify_options());
  for (const std::string& text : {block(1, 1024, 16, 64), block(2, 333, 4, 128), block(2, 200, 6, 96, "f16")}) {
    const Graph g = parse(text);
    INFO(g.name);
    SuperoptOptions o;
    o.target = "sm_" + std::to_string(p.props.sm);
    o.budget_s = 120;
    o.configs = 4;
    o.variants = 2;
    o.self_exe = self;
    o.work_dir = (fs::temp_directory_path() / ("axon_gpu_attv_" + g.name + "_" + std::to_string(::getpid()))).string();
    fs::create_directories(o.work_dir);
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.best >= 0);
    axon::test::check_attention_realized(r);
    fs::remove_all(o.work_dir);
  }
}
