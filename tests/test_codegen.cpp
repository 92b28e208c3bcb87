// Kernel generation without a GPU (docs/codegen.md): fusion groups are classified, configurations
// respect the limits, generated CUDA for every benchmark graph compiles with nvcc for sm_80 and
// sm_90 and with NVRTC (each skipped with a warning when the tool is absent), and the launcher
// is written with its C API. superopt --no-gpu runs end to end and says it is untimed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/isa/spec.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "codegen_support.h"
#include "axon/tiling/runtime.h"
#include "solver_limits.h"

using namespace axon;
namespace fs = std::filesystem;
using axon::test::lowerings;
using axon::test::nvcc;

namespace {

Graph bench(const std::string& name) { return load_graph(std::string(AXON_SOURCE_DIR) + "/benchmarks/graphs/" + name + ".json", {}); }

tiling::KernelCode best_code(const tiling::Group& g, const std::string& name, int rank = 0) {
  tiling::GroupShape s = tiling::classify(g);
  auto configs = tiling::enumerate_configs(g, s, axon::test::target_limits());
  REQUIRE(!configs.empty());
  tiling::CodegenOptions o;
  o.name = name;
  o.header = "test kernel " + name;
  return tiling::generate(g, s, configs.at(static_cast<size_t>(std::min<int>(rank, static_cast<int>(configs.size()) - 1))).config,
                          lowerings(), o);
}

}  // namespace

TEST_CASE("fusion groups of the memory-bound workloads are classified", "[codegen]") {
  struct Want {
    const char* graph;
    tiling::Strategy strategy;
  };
  for (const Want& w : {Want{"softmax", tiling::Strategy::Row}, Want{"layernorm", tiling::Strategy::Row},
                        Want{"rmsnorm", tiling::Strategy::Row}, Want{"add_layernorm", tiling::Strategy::Row},
                        Want{"row_sum", tiling::Strategy::Row}, Want{"softmax_odd", tiling::Strategy::Row},
                        Want{"layernorm_odd", tiling::Strategy::Row},
                        Want{"silu_bias_residual", tiling::Strategy::Elementwise}}) {
    INFO(w.graph);
    Graph g = bench(w.graph);
    auto groups = fusion_groups(g, "sm_90");
    REQUIRE(groups.size() == 1);  // one kernel each
    CHECK(tiling::classify(groups[0]).strategy == w.strategy);
  }
  Graph gg = bench("gemm");
  auto gemm = fusion_groups(gg, "sm_90");
  REQUIRE(gemm.size() == 1);
  tiling::GroupShape s = tiling::classify(gemm[0]);  // without the ISA: no tensor-core instructions
  CHECK(s.strategy == tiling::Strategy::Generic);
  CHECK(s.why_generic.find("contraction") != std::string::npos);
  CHECK(tiling::classify(gemm[0], lowerings().isa.get()).strategy == tiling::Strategy::Contraction);
}

TEST_CASE("configurations respect the limits and keep the generic fallback", "[codegen]") {
  Graph graph = bench("softmax_odd");
  auto g = fusion_groups(graph, "sm_90").at(0);
  tiling::GroupShape s = tiling::classify(g);
  CHECK(s.rows == 3001);
  CHECK(s.cols == 1000);
  tiling::Limits L = axon::test::target_limits();
  L.max_threads_per_block = 256;
  auto configs = tiling::enumerate_configs(g, s, L);
  bool generic = false;
  for (const auto& c : configs) {
    CHECK(c.config.threads() <= 256);
    if (const auto* r = c.config.get_if<tiling::RowConfig>()) {
      CHECK(r->threads * r->rows_per_block <= 256);
      CHECK(s.cols % r->vec == 0);
      CHECK(r->vec * 4 <= 16);
    }
    generic = generic || c.config.strategy() == tiling::Strategy::Generic;
  }
  CHECK(generic);
  for (size_t i = 1; i < configs.size(); ++i) CHECK(configs[i - 1].est_us <= configs[i].est_us);
}

TEST_CASE("a row kernel reads each row once, reduces block-wide, and uses the synthesized lowerings", "[codegen]") {
  Graph graph = bench("softmax");
  auto g = fusion_groups(graph, "sm_90").at(0);
  tiling::GroupShape s = tiling::classify(g);
  tiling::RowConfig c;
  c.threads = 256;
  c.vec = 4;
  tiling::CodegenOptions o;
  o.name = "softmax_row";
  o.header = "graph softmax";
  tiling::KernelCode k = tiling::generate(g, s, c, lowerings(), o);
  CHECK(k.body.find("// graph softmax") == 0);
  CHECK(k.body.find("tiling: row t256 v4 r1 cached") != std::string::npos);
  CHECK(k.body.find("axon_ldv_f32<4>(in0") != std::string::npos);      // vectorized row load
  CHECK(k.body.find("axon_warp_max_all(") != std::string::npos);        // the synthesized shuffle trees
  CHECK(k.body.find("axon_warp_sum_all(") != std::string::npos);
  CHECK(k.body.find("axon_exp_f32(") != std::string::npos);             // the synthesized exp
  CHECK(k.body.find("axon_stv_f32<4>(out0") != std::string::npos);      // a graph output: no L2 policy
  CHECK(k.body.find("_keep<") == std::string::npos);
  CHECK(k.source.find("ex2.approx") != std::string::npos);             // from the lowering's PTX
  REQUIRE(k.launches.size() == 1);
  CHECK(k.launches[0].grid == 16384);
  CHECK(k.launches[0].block == 256);
  // A persistent grid: sm_count x blocks per SM blocks walk the rows.
  c.blocks_per_sm = 4;
  o.sm_count = 132;
  tiling::KernelCode p = tiling::generate(g, s, c, lowerings(), o);
  CHECK(p.launches[0].grid == 528);
  CHECK(p.body.find("rbase += (int)gridDim.x * 1") != std::string::npos);
}

TEST_CASE("generated kernels of every benchmark graph compile with nvcc for sm_80 and sm_90", "[codegen][nvcc]") {
  std::string cc = nvcc();
  if (cc.empty()) {
    WARN("nvcc not found: compile check skipped");
    return;
  }
  for (const std::string target : {"sm_80", "sm_90"}) {
    std::ostringstream tu;
    int kernels = 0;
    for (const auto& e : fs::directory_iterator(std::string(AXON_SOURCE_DIR) + "/benchmarks/graphs")) {
      if (e.path().extension() != ".json") continue;
      Graph g = load_graph(e.path().string(), {});
      auto groups = fusion_groups(g, target);
      for (size_t i = 0; i < groups.size(); ++i) {
        tiling::GroupShape s = tiling::classify(groups[i], lowerings(target).isa.get());
        auto configs = tiling::enumerate_configs(groups[i], s, axon::test::static_smem_limits(target));  // compiled without sm_90a
        // The best two configurations and the generic fallback of every group.
        std::vector<tiling::TileConfig> pick;
        for (const auto& c : configs)
          if (pick.size() < 2 || (c.config.strategy() == tiling::Strategy::Generic && pick.back().strategy() != tiling::Strategy::Generic))
            pick.push_back(c.config);
        for (size_t j = 0; j < pick.size(); ++j) {
          tiling::CodegenOptions o;
          o.name = "k_" + e.path().stem().string() + "_" + std::to_string(i) + "_" + std::to_string(j);
          tu << tiling::generate(groups[i], s, pick[j], lowerings(target), o).body << "\n";
          ++kernels;
        }
        tu << tiling::generate_reference(groups[i], "r_" + e.path().stem().string() + "_" + std::to_string(i)).source.substr(
                  tiling::tools_source().size())
           << "\n";
      }
    }
    INFO(target << ": " << kernels << " kernels");
    const axon::test::NvccRun r = axon::test::nvcc_compile(
        cc, tiling::prelude(lowerings(target)) + "\n" + tiling::tools_source().substr(tiling::tools_source().find("#ifndef AXON_TOOLS")) + "\n" + tu.str(),
        "-arch=" + target, "codegen");
    INFO(r.log.substr(0, 3000));
    CHECK(r.rc == 0);
    CHECK(kernels >= 40);
  }
}

TEST_CASE("NVRTC compiles a generated kernel to a cubin (no GPU needed)", "[codegen][nvrtc]") {
  if (!gpu::nvrtc_status().empty()) {
    WARN("NVRTC not available: " << gpu::nvrtc_status());
    return;
  }
  Graph graph = bench("layernorm_odd");
  auto g = fusion_groups(graph, "sm_90").at(0);
  tiling::KernelCode k = best_code(g, "ln_odd");
  gpu::Compiled c = gpu::compile(k.source, "sm_90", "");
  INFO(c.log);
  REQUIRE(c.ok);
  CHECK(c.cubin.size() > 1000);
  gpu::Compiled bad = gpu::compile(k.source + "\nthis is not C++;\n", "sm_90", "");
  CHECK_FALSE(bad.ok);
  CHECK(bad.log.find("error") != std::string::npos);
  gpu::Compiled t = gpu::compile(tiling::tools_source(), "sm_90", "");
  CHECK(t.ok);
}

TEST_CASE("superopt --no-gpu runs end to end, writes the launcher and marks kernels untimed", "[codegen][superopt]") {
  Graph g = bench("silu_bias_residual");
  SuperoptOptions o;
  o.no_gpu = true;
  o.budget_s = 20;
  o.work_dir = (fs::temp_directory_path() / ("axon_so_" + std::to_string(::getpid()))).string();
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  CHECK_FALSE(r.timed);
  CHECK(r.gpu_note.find("untimed") != std::string::npos);
  REQUIRE(!r.realized.empty());
  const auto& best = r.realized.at(static_cast<size_t>(r.best));
  REQUIRE(best.kernels.size() == 1);
  CHECK(best.kernels[0].trials.at(0).status == "untimed");
  const fs::path out = fs::path(o.work_dir) / "out";
  auto lines = write_outputs(g, r, o, out.string());
  CHECK(fs::exists(out / "axon_silu_bias_residual.h"));
  CHECK(fs::exists(out / "axon_silu_bias_residual.cu"));
  CHECK(fs::exists(out / "kernel0_elementwise.cu"));
  nlohmann::json lj = nlohmann::json::parse(std::ifstream(out / "launcher.json"));
  CHECK(lj["symbol"] == "axon_silu_bias_residual_run");
  CHECK(lj["inputs"].size() == 3);
  CHECK(lj["outputs"].size() == 1);
  nlohmann::json rep = nlohmann::json::parse(std::ifstream(out / "report.json"));
  CHECK(rep["timed"] == false);
  CHECK(rep["variants"].size() >= 1);
  if (!nvcc().empty()) CHECK(lj["library_built"] == true);
  fs::remove_all(o.work_dir);
}

namespace {

// superopt --no-gpu on the gemm benchmark, one variant, in a work folder of its own.
SuperoptOptions gemm_options(const std::string& tag) {
  SuperoptOptions o;
  o.no_gpu = true;
  o.budget_s = 20;
  o.variants = 1;
  o.work_dir = (fs::temp_directory_path() / ("axon_" + tag + "_" + std::to_string(::getpid()))).string();
  return o;
}

std::string text_of(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("a launcher with TMA-fed kernels encodes their tensor maps at each run", "[codegen][superopt][contraction]") {
  Graph g = bench("gemm");
  const SuperoptOptions o = gemm_options("tma");
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  const auto& best = r.realized.at(static_cast<size_t>(r.best));
  REQUIRE(best.kernels.size() == 1);
  const tiling::KernelCode& k = best.kernels[0].code;
  INFO(k.config.str());
  REQUIRE(k.config.contraction().tma);  // the cost model ranks TMA-fed wgmma first on a large bf16 gemm
  REQUIRE(k.config.contraction().tma_store);  // ... with the bulk store writing its output
  REQUIRE(k.launches.at(0).tmaps.size() == 3);
  // A: 4096 x 4096 K-major, boxes of 64 K values by the tile's rows; B: N-major, 64 x 64 boxes;
  // the output (the parameter after the two inputs): 64 x 64 boxes.
  CHECK(k.launches[0].tmaps[0].inner == 4096);
  CHECK(k.launches[0].tmaps[0].box_outer == k.config.contraction().bm);
  CHECK(k.launches[0].tmaps[1].box_outer == 64);
  CHECK(k.launches[0].tmaps[2].param == 2);
  CHECK(k.launches[0].tmaps[2].box_outer == 64);
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  const std::string cu = text_of(out / "axon_gemm.cu");
  CHECK(cu.find("axon_encode_tmap(&tm0, (const unsigned short*)inputs[0], 4096ull, 4096ull, 1ull") != std::string::npos);
  CHECK(cu.find("axon_encode_tmap(&tm1, (const unsigned short*)inputs[1]") != std::string::npos);
  CHECK(cu.find("axon_encode_tmap(&tm2, (unsigned short*)outputs[0], 4096ull, 4096ull, 1ull, 64u, 64u") != std::string::npos);
  CHECK(cu.find(", tm0, tm1, tm2);") != std::string::npos);
  nlohmann::json lj = nlohmann::json::parse(std::ifstream(out / "launcher.json"));
  if (!nvcc().empty()) CHECK(lj["library_built"] == true);  // sm_90a, the driver's entry point
  fs::remove_all(o.work_dir);
}

TEST_CASE("a launcher with a stream-K kernel gives it scratch in the workspace and zeroes its flags first", "[codegen][superopt][contraction]") {
  Graph g = bench("gemm");
  SuperoptOptions o = gemm_options("sk");
  o.config_match = "stream-k";
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  const auto& best = r.realized.at(static_cast<size_t>(r.best));
  REQUIRE(best.kernels.size() == 1);
  const tiling::Launch& l = best.kernels[0].code.launches.at(0);
  REQUIRE(best.kernels[0].code.config.contraction().stream_k);
  REQUIRE(l.scratch > l.zero_from);
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  const std::string cu = text_of(out / "axon_gemm.cu");
  // Nothing else lives in the workspace: the scratch starts it, its flags after the partial sums;
  // zeroed before the first launch, passed after the pointers and before the tensor maps.
  const size_t zero = cu.find("cudaMemsetAsync(workspace + " + std::to_string(l.zero_from) + ", 0, " + std::to_string(l.scratch - l.zero_from) + ", s)");
  CHECK(zero != std::string::npos);
  CHECK(zero < cu.find("axon_gemm_k0_c0<<<"));
  CHECK(cu.find("(unsigned short*)outputs[0], (float*)(workspace + 0), tm0, tm1, tm2);") != std::string::npos);
  nlohmann::json lj = nlohmann::json::parse(std::ifstream(out / "launcher.json"));
  CHECK(lj["workspace_bytes"] == (l.scratch + 255) / 256 * 256);
  if (!nvcc().empty()) CHECK(lj["library_built"] == true);
  fs::remove_all(o.work_dir);
}

TEST_CASE("superopt's config match keeps the configurations that contain any of its '|'-separated parts", "[codegen][superopt]") {
  // rmsnorm -> matmul at M = 16: a row kernel and a contraction, each held to one family; with
  // either part alone the other kernel would be left the generic fallback.
  Graph g = bench("rmsnorm_matmul_m16");
  SuperoptOptions o = gemm_options("match");
  o.config_match = "s4 split4|row t128 v8 r1 cached streaming";
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  const auto& best = r.realized.at(static_cast<size_t>(r.best));
  REQUIRE(best.kernels.size() == 2);
  std::vector<std::string> configs;
  for (const auto& k : best.kernels) configs.push_back(k.code.config.str());
  INFO(configs[0] << " / " << configs[1]);
  CHECK(configs[0].find("row t128 v8 r1 cached streaming") != std::string::npos);
  CHECK(configs[1].find("s4 split4") != std::string::npos);
  fs::remove_all(o.work_dir);
}

TEST_CASE("on sm_90 a launcher's later kernels start while the one before drains, and hand-offs are stored to stay in L2", "[codegen][superopt]") {
  // rmsnorm -> matmul: a row kernel writes y, the contraction reads it. On sm_90 every kernel starts
  // with griddepcontrol (the ISA spec's instructions) and the second is launched with programmatic
  // stream serialization; sm_80's spec has neither, and its launcher launches plainly.
  Graph g = bench("rmsnorm_matmul_m2048");
  for (const std::string target : {"sm_90", "sm_80"}) {
    SuperoptOptions o;
    o.no_gpu = true;
    o.budget_s = 10;
    o.variants = 1;
    o.explore.max_depth = 0;  // the graph as written (rewritten, the statistic may join the matmul: one kernel)
    o.target = target;
    o.work_dir = (fs::temp_directory_path() / ("axon_pdl_" + target + "_" + std::to_string(::getpid()))).string();
    Verifier v(axon_test::verify_options());
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    // The model's partition (the row kernel writes y); one storing the row statistic instead is
    // realized beside it only where the model puts it near (not here: y on the matmul's loads costs
    // more than it saves, as measured).
    const auto plain = std::find_if(r.realized.begin(), r.realized.end(), [](const VariantResult& v) { return !v.stored_statistics; });
    REQUIRE(plain != r.realized.end());
    CHECK(r.best == static_cast<int>(plain - r.realized.begin()));
    const auto& best = *plain;
    REQUIRE(best.kernels.size() == 2);
    for (const auto& k : best.kernels) {
      CHECK(k.code.grid_dep == (target == "sm_90"));
      const std::string& b = k.code.body;
      const std::string first = b.substr(b.find("{\n", b.find("__global__")) + 2, 200);  // the kernel's first lines
      INFO(first);
      if (target == "sm_90") {
        CHECK(first.rfind("  asm volatile(\"griddepcontrol.launch_dependents;\"", 0) == 0);
        // Every thread waits first thing, except in a TMA contraction copying a graph input (w),
        // which places its waits (test_contraction.cpp: after the input's first copies).
        const bool tma = b.find("cp.async.bulk.tensor") != std::string::npos;
        CHECK((first.find("\n  asm volatile(\"griddepcontrol.wait;\"") != std::string::npos) == !tma);
        CHECK(b.find("griddepcontrol.wait") != std::string::npos);
      } else {
        CHECK(b.find("griddepcontrol") == std::string::npos);
      }
      // y is a hand-off (only the next kernel reads it): the row kernel stores it to stay in L2.
      if (k.code.config.strategy() == tiling::Strategy::Row) {
        CHECK(b.find("axon_stv_bf16_keep<") != std::string::npos);
        CHECK(b.find("stored with an L2 evict-last policy") != std::string::npos);
      }
    }
    const fs::path out = fs::path(o.work_dir) / "out";
    (void)write_outputs(g, r, o, out.string());
    std::stringstream ss;
    ss << std::ifstream(out / "axon_rmsnorm_matmul_m2048.cu").rdbuf();
    const std::string cu = ss.str();
    CHECK((cu.find("cudaLaunchAttributeProgrammaticStreamSerialization") != std::string::npos) == (target == "sm_90"));
    CHECK(cu.find("axon_rmsnorm_matmul_m2048_k0_c0<<<") != std::string::npos);  // the first kernel: a plain launch
    nlohmann::json lj = nlohmann::json::parse(std::ifstream(out / "launcher.json"));
    if (!nvcc().empty()) CHECK(lj["library_built"] == true);
    fs::remove_all(o.work_dir);
  }
}

TEST_CASE("superopt realizes the stored-statistics partition beside the model's where the model puts it near", "[codegen][superopt]") {
  // rmsnorm -> matmul at M = 16: the model puts the row statistic stored (y computed on the
  // matmul's loads) within 10% of the row kernel writing y, so both are realized (and timed on a
  // GPU); the report says which partition each realization is.
  Graph g = bench("rmsnorm_matmul_m16");
  SuperoptOptions o;
  o.no_gpu = true;
  o.budget_s = 10;
  o.variants = 1;
  o.work_dir = (fs::temp_directory_path() / ("axon_stats_" + std::to_string(::getpid()))).string();
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  const auto stats = std::find_if(r.realized.begin(), r.realized.end(), [](const VariantResult& vr) { return vr.stored_statistics; });
  REQUIRE(stats != r.realized.end());
  CHECK(stats->variant == 0);
  REQUIRE(stats->kernels.size() == 2);
  const KernelResult& row = stats->kernels[0];
  CHECK(row.shape.strategy == tiling::Strategy::Row);
  REQUIRE(row.group.writes.size() == 1);
  CHECK(row.group.writes[0]->op() == Op::Rsqrt);
  CHECK(row.group.writes[0]->shape() == Shape{Size(16), Size(1)});
  const KernelResult& mm = stats->kernels[1];
  CHECK(mm.shape.strategy == tiling::Strategy::Contraction);
  CHECK(std::find(mm.group.reads.begin(), mm.group.reads.end(), g.inputs.at(0)) != mm.group.reads.end());  // x itself
  CHECK(mm.code.body.find("variant 0 (partition: row statistics stored") != std::string::npos);
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  nlohmann::json rep = nlohmann::json::parse(std::ifstream(out / "report.json"));
  int stored = 0;
  for (const auto& jv : rep["variants"]) stored += jv["stored_statistics"].get<bool>();
  CHECK(stored == 1);
  fs::remove_all(o.work_dir);
}

TEST_CASE("kernels whose inputs are other kernels' results are validated on values computed from the graph's inputs", "[codegen]") {
  Graph g = bench("softmax_matmul");
  auto groups = fusion_groups(g, "sm_90");
  REQUIRE(groups.size() >= 2);
  // The first kernel reads graph inputs only; a later one reads a value an earlier one computes.
  CHECK(upstream_group(g, groups[0]).nodes.empty());
  const tiling::Group& last = groups.back();
  tiling::Group up = upstream_group(g, last);
  REQUIRE(!up.nodes.empty());
  for (const Node* r : up.reads) CHECK(r->op() == Op::Input);
  for (const Node* w : up.writes) {
    CHECK(std::find(last.reads.begin(), last.reads.end(), w) != last.reads.end());
    CHECK(std::find(up.nodes.begin(), up.nodes.end(), w) != up.nodes.end());
  }
  size_t computed_reads = 0;
  for (const Node* r : last.reads) computed_reads += r->op() != Op::Input;
  CHECK(up.writes.size() == computed_reads);
  // Its reference (double precision, every write materialized) compiles.
  tiling::ReferenceCode ref = tiling::generate_reference(up, "up");
  for (const Node* w : up.writes) CHECK(std::find(ref.computed.begin(), ref.computed.end(), w) != ref.computed.end());
  if (gpu::nvrtc_status().empty()) {
    gpu::Compiled c = gpu::compile(ref.source, "sm_90", "");
    INFO(c.log);
    CHECK(c.ok);
  }
}

TEST_CASE("groups holding 32-bit integers compute in double, where every i32 is exact", "[codegen]") {
  Graph g = parse_graph(R"({"name":"ints","inputs":[{"name":"a","shape":[3,5],"dtype":"i32"},{"name":"b","shape":[3,5],"dtype":"i32"}],
      "nodes":[{"name":"s","op":"add","inputs":["a","b"]},{"name":"t","op":"reduce_sum","inputs":["s"],"attrs":{"axes":[1],"keepdims":true}}],
      "outputs":["s","t"]})",
                        "ints.json", {});
  for (const tiling::Group& gr : fusion_groups(g, "sm_90")) {
    tiling::GroupShape s = tiling::classify(gr);
    CHECK(s.exact_ints);
    CHECK(s.strategy == tiling::Strategy::Generic);
    auto configs = tiling::enumerate_configs(gr, s, axon::test::target_limits());
    REQUIRE(!configs.empty());
    tiling::CodegenOptions o;
    o.name = "ints";
    tiling::KernelCode k = tiling::generate(gr, s, configs[0].config, lowerings(), o);
    CHECK(k.body.find("axon_ldd_i32(") != std::string::npos);
    CHECK(k.body.find("axon_std_i32(") != std::string::npos);
    CHECK(k.body.find("double") != std::string::npos);
    axon::test::check_nvrtc_compiles(k, "sm_90");
  }
  // An iota of small extent stays in float: it is exact there.
  Graph m = bench("attention_causal");
  bool any_row = false;
  for (const tiling::Group& gr : fusion_groups(m, "sm_90")) any_row = any_row || tiling::classify(gr).strategy == tiling::Strategy::Row;
  CHECK(any_row);
}

TEST_CASE("packed 16-bit caches keep two bf16 per register and unpack where used", "[codegen]") {
  Graph graph = bench("layernorm");
  auto g = fusion_groups(graph, "sm_90").at(0);
  tiling::GroupShape s = tiling::classify(g);
  CHECK(s.row_inputs16 == 1);
  CHECK(s.col_inputs16 == 2);  // gamma, beta
  tiling::RowConfig c;
  c.threads = 128;
  c.vec = 8;
  c.packed = true;
  tiling::CodegenOptions o;
  o.name = "ln_packed";
  tiling::KernelCode k = tiling::generate(g, s, c, lowerings(), o);
  CHECK(k.body.find("unsigned rc0[16];") != std::string::npos);  // 32 elements in 16 words
  CHECK(k.body.find("unsigned cc1[16];") != std::string::npos);
  CHECK(k.body.find("axon_ldw<4>(in0") != std::string::npos);
  CHECK(k.body.find("axon_bf16_at(rc0, e)") != std::string::npos);
  CHECK(c.str().find("packed") != std::string::npos);
  axon::test::check_nvrtc_compiles(k, "sm_90");
  // The estimate sees the registers it saves: packed configurations exist and are ranked.
  bool any = false;
  for (const auto& rc : tiling::enumerate_configs(g, s, axon::test::target_limits())) any = any || (rc.config.get_if<tiling::RowConfig>() != nullptr && rc.config.row().packed);
  CHECK(any);
}

TEST_CASE("rows longer than the unrolled limit get row kernels that loop, keep nothing in registers, and compile", "[codegen][nvcc]") {
  // 100001 f32 (odd: one column per thread and chunk), a layernorm with gamma and beta of 70001
  // bf16: more than 64 chunks for every thread count. Before, only the generic fallback (a thread
  // per output walking the whole row: 3683 us for the first on the H200) was a candidate.
  const std::vector<std::string> graphs = {
      R"({"name":"long_sum","inputs":[{"name":"x","shape":[33,100001],"dtype":"f32"}],
          "nodes":[{"name":"s","op":"reduce_sum","inputs":["x"],"attrs":{"axes":[-1]}}],"outputs":["s"]})",
      R"({"name":"long_ln","inputs":[{"name":"x","shape":[5,70001],"dtype":"bf16"},{"name":"g","shape":[70001],"dtype":"bf16"},
          {"name":"b","shape":[70001],"dtype":"bf16"}],
          "nodes":[{"name":"y","op":"layernorm","inputs":["x","g","b"],"attrs":{"axis":-1}}],"outputs":["y"]})"};
  std::ostringstream tu;
  for (const std::string& text : graphs) {
    Graph graph = parse_graph(text, "long.json", {});
    INFO(graph.name);
    auto g = fusion_groups(graph, "sm_90").at(0);
    tiling::GroupShape s = tiling::classify(g);
    REQUIRE(s.strategy == tiling::Strategy::Row);
    auto configs = tiling::enumerate_configs(g, s, axon::test::target_limits());
    REQUIRE(configs.front().config.strategy() == tiling::Strategy::Row);  // ranked above the generic one
    int rows = 0;
    for (const auto& rc : configs) {
      const auto* rr = rc.config.get_if<tiling::RowConfig>();
      if (rr == nullptr) continue;
      // A row shared by a cluster (docs/reductions.md) may be short enough per block to cache.
      if (rr->splits > 1) continue;
      CHECK_FALSE(rr->cache_rows);
      CHECK_FALSE(rr->packed);
      ++rows;
    }
    CHECK(rows >= 4);
    // The best one block per row loops and keeps nothing in registers; the best split over a
    // cluster (each block a share of the row, column vectors from its share) compiles too.
    const tiling::TileConfig* whole = nullptr;
    const tiling::TileConfig* split = nullptr;
    for (const auto& rc : configs) {
      const auto* rr = rc.config.get_if<tiling::RowConfig>();
      if (rr == nullptr) continue;
      if (rr->splits == 1 && !whole) whole = &rc.config;
      if (rr->splits > 1 && !split) split = &rc.config;
    }
    REQUIRE(whole != nullptr);
    REQUIRE(split != nullptr);
    tiling::CodegenOptions o;
    o.name = "long_" + graph.name;
    tiling::KernelCode k = tiling::generate(g, s, *whole, lowerings(), o);
    CHECK(k.body.find("#pragma unroll 4") != std::string::npos);
    CHECK(k.body.find("in registers") == std::string::npos);  // no cached row or column vector
    tu << k.body << "\n";
    o.name = "long_split_" + graph.name;
    tu << tiling::generate(g, s, *split, lowerings(), o).body << "\n";
  }
  const std::string cc = nvcc();
  if (cc.empty()) {
    WARN("nvcc not found: compile check skipped");
    return;
  }
  const axon::test::NvccRun r = axon::test::nvcc_compile(cc, tiling::prelude(lowerings()) + "\n" + tu.str(), "-arch=sm_90", "long_rows");
  INFO(r.log.substr(0, 3000));
  CHECK(r.rc == 0);
}
