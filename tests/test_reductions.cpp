// Reductions over any set of axes (docs/reductions.md): classification into row and column
// kernels, one kernel per fused normalization over any axes, the generated kernels (splits over a
// cluster included) compile with nvcc for sm_90a, and on the GPU every tried configuration is
// right on odd shapes.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <functional>

#include "axon/core/graph_json.h"
#include "axon/isa/spec.h"
#include "axon/search/superopt.h"
#include "axon/semantics/verify.h"
#include "axon/tiling/kernel.h"
#include "axon/tiling/runtime.h"
#include "codegen_support.h"
#include "solver_limits.h"

using namespace axon;
namespace fs = std::filesystem;
using axon::test::lowerings;

namespace {

Graph parse(const std::string& text) { return parse_graph(text, "test.json", {}); }

std::string reduce_graph(const std::string& name, const std::string& shape, const std::string& dtype, const std::string& op,
                         const std::string& axes, bool keep) {
  return R"({"name":")" + name + R"(","inputs":[{"name":"x","shape":)" + shape + R"(,"dtype":")" + dtype +
         R"("}],"nodes":[{"name":"y","op":")" + op + R"(","inputs":["x"],"attrs":{"axes":)" + axes +
         R"(,"keepdims":)" + (keep ? "true" : "false") + R"(}}],"outputs":["y"]})";
}

std::string softmax_graph(const std::string& name, const std::string& shape, const std::string& dtype, int axis) {
  return R"({"name":")" + name + R"(","inputs":[{"name":"x","shape":)" + shape + R"(,"dtype":")" + dtype +
         R"("}],"nodes":[{"name":"y","op":"softmax","inputs":["x"],"attrs":{"axis":)" + std::to_string(axis) + R"(}}],"outputs":["y"]})";
}

// A group norm's statistics over `axes` (keepdims), in f32 from a 16-bit input, and the
// normalized tensor back in the input's type.
std::string norm_graph(const std::string& name, const std::string& shape, const std::string& dtype, const std::string& axes) {
  return R"({"name":")" + name + R"(","inputs":[{"name":"x","shape":)" + shape + R"(,"dtype":")" + dtype + R"("}],"nodes":[
    {"name":"xf","op":"cast","inputs":["x"],"attrs":{"dtype":"f32"}},
    {"name":"mean","op":"reduce_mean","inputs":["xf"],"attrs":{"axes":)" + axes + R"(,"keepdims":true}},
    {"name":"d","op":"sub","inputs":["xf","mean"]},{"name":"d2","op":"square","inputs":["d"]},
    {"name":"var","op":"reduce_mean","inputs":["d2"],"attrs":{"axes":)" + axes + R"(,"keepdims":true}},
    {"name":"eps","op":"constant","attrs":{"value":1e-5}},{"name":"ve","op":"add","inputs":["var","eps"]},
    {"name":"r","op":"rsqrt","inputs":["ve"]},{"name":"yf","op":"mul","inputs":["d","r"]},
    {"name":"y","op":"cast","inputs":["yf"],"attrs":{"dtype":")" + dtype + R"("}}],"outputs":["y"]})";
}

struct Case {
  std::string graph;
  tiling::Strategy strategy;
};

std::vector<Case> cases() {
  using tiling::Strategy;
  return {
      {softmax_graph("softmax_axis0", "[333,130]", "f32", 0), Strategy::Column},
      {softmax_graph("softmax_mid", "[3,50,40]", "bf16", 1), Strategy::Column},
      {softmax_graph("softmax_narrow0", "[2000,24]", "f32", 0), Strategy::Column},
      {reduce_graph("sum_outer_inner", "[7,13,19]", "f32", "reduce_sum", "[0,2]", false), Strategy::Row},
      {reduce_graph("max_mid", "[6,500,77]", "f32", "reduce_max", "[1]", false), Strategy::Column},
      {reduce_graph("mean_lead2", "[9,11,35]", "bf16", "reduce_mean", "[0,1]", true), Strategy::Column},
      {reduce_graph("sum_all", "[123,77]", "f32", "reduce_sum", "[0,1]", false), Strategy::Row},
      {reduce_graph("sum_13", "[4,6,5,8]", "f32", "reduce_sum", "[1,3]", true), Strategy::Row},
      {reduce_graph("max_02", "[4,6,5,8]", "f16", "reduce_max", "[0,2]", false), Strategy::Column},
      {norm_graph("groupnorm", "[4,9,1031]", "bf16", "[1,2]"), Strategy::Row},
      {norm_graph("norm_axis0", "[300,66]", "f16", "[0]"), Strategy::Column},
      // Axes of size 1 among the reduced and the kept ones (the statistics are read through them).
      {norm_graph("norm_all_unit", "[1,133,25]", "f32", "[0,1,2]"), Strategy::Row},
      {norm_graph("norm_kept_unit", "[1,64,1,9]", "bf16", "[1,3]"), Strategy::Row},
      {norm_graph("norm_col_unit", "[37,1,5]", "f32", "[0]"), Strategy::Column},
      // The layout follows the last axis of extent above 1: a kept unit axis last leaves contiguous
      // rows (one row of 1729 for max_one_kept), a reduced one last leaves kept runs (8 here).
      {softmax_graph("softmax_unit", "[1,300,1]", "f32", 1), Strategy::Row},
      {reduce_graph("max_one_kept", "[133,13,1]", "f32", "reduce_max", "[0,1]", false), Strategy::Row},
      {reduce_graph("sum_unit_last", "[37,8,1]", "f32", "reduce_sum", "[0,2]", false), Strategy::Column},
      // A few kept columns (two, three, thirteen): a whole block on each, combined by shuffles.
      {norm_graph("norm_two_kept", "[71,1021,2]", "f16", "[0,1]"), Strategy::Column},
      {reduce_graph("max_three_kept", "[133,13,3]", "f32", "reduce_max", "[0,1]", false), Strategy::Column},
      {reduce_graph("sum_13_kept", "[127,61,13,1]", "f32", "reduce_sum", "[0,1]", true), Strategy::Column},
      // Rows shorter than a warp's worth of vectors: several rows to a warp.
      {norm_graph("norm_rows8", "[521,16,18,8]", "bf16", "[3]"), Strategy::Row},
      {softmax_graph("softmax_rows3", "[517,3]", "f32", 1), Strategy::Row},
      {reduce_graph("max_rows24", "[301,7,24]", "f16", "reduce_max", "[2]", false), Strategy::Row},
      {softmax_graph("softmax_rows40", "[999,40]", "f32", 1), Strategy::Row},
      // One or two huge rows: shared by blocks of the grid (past a cluster's 8). (A row of 150k,
      // not millions: the generic fallback, one thread per element walking the whole row, is
      // tried too, and at 2M elements it took the test's budget on the H200.)
      {norm_graph("norm_one_row", "[131,1,127,9]", "f16", "[0,1,2,3]"), Strategy::Row},
      {reduce_graph("max_two_rows", "[2,1031,999]", "f32", "reduce_max", "[1,2]", false), Strategy::Row},
  };
}

// The one fusion group of a graph, its shape, its ranked configurations, and the kernel of the
// best-ranked one (from its __global__ on).
struct Ranked {
  Graph g;
  std::vector<tiling::Group> groups;
  tiling::GroupShape s;
  std::vector<tiling::RankedConfig> configs;
  tiling::KernelCode code;
  std::string kernel;
  [[nodiscard]] const tiling::TileConfig& best() const { return configs.front().config; }
};

Ranked rank_one_group(const std::string& graph) {
  Ranked r{parse(graph), {}, {}, {}, {}, {}};
  r.groups = fusion_groups(r.g, "sm_90");
  REQUIRE(r.groups.size() == 1);
  r.s = tiling::classify(r.groups[0], lowerings().isa.get());
  r.configs = tiling::enumerate_configs(r.groups[0], r.s, axon::test::target_limits());
  REQUIRE(!r.configs.empty());
  tiling::CodegenOptions o;
  o.name = "k_" + r.g.name;
  r.code = tiling::generate(r.groups[0], r.s, r.best(), lowerings(), o);
  const size_t at = r.code.body.rfind("__global__");
  REQUIRE(at != std::string::npos);
  r.kernel = r.code.body.substr(at);
  return r;
}

// The blocks sharing a row (Row) or a column tile (Column), and whether they are blocks of the
// grid rather than a cluster.
std::pair<int, bool> shared_by(const tiling::TileConfig& c) {
  if (const auto* r = c.get_if<tiling::RowConfig>()) return {r->splits, r->grid_split};
  if (const auto* y = c.get_if<tiling::ColumnConfig>()) return {y->splits, false};
  return {1, false};
}

}  // namespace

TEST_CASE("reductions over any axes are row or column kernels, fused with their consumers", "[codegen][reductions]") {
  for (const Case& c : cases()) {
    Graph g = parse(c.graph);
    INFO(g.name);
    auto groups = fusion_groups(g, "sm_90");
    REQUIRE(groups.size() == 1);  // statistics and normalization in one kernel
    tiling::GroupShape s = tiling::classify(groups[0], lowerings().isa.get());
    INFO(s.why_generic);
    CHECK(s.strategy == c.strategy);
    auto configs = tiling::enumerate_configs(groups[0], s, axon::test::target_limits());
    REQUIRE(!configs.empty());
    CHECK(configs.front().config.strategy() == c.strategy);  // ranked above the generic fallback
  }
}

TEST_CASE("axes of extent 1 move no address: runs pass through them and indices stay plain", "[codegen][reductions]") {
  // A layer norm over axes 0..2 of [34, 3, 15, 1] (the sweep's, 0.77x of torch.compile as a
  // column kernel walking x mod 15 + ((x / 15) mod 3) * 15 + (x / 45) * 45): one row of 1530.
  const Ranked ln = rank_one_group(norm_graph("norm_unit_last", "[34,3,15,1]", "f32", "[0,1,2]"));
  CHECK(ln.s.strategy == tiling::Strategy::Row);
  CHECK(ln.s.run == 1530);
  CHECK(ln.kernel.find("axon_fdiv") == std::string::npos);
  CHECK(ln.kernel.find("axon_fmod") == std::string::npos);
  // Kept runs through a reduced unit axis: 8 kept values in a row, vectors along them.
  const Ranked col = rank_one_group(reduce_graph("sum_unit_last", "[37,8,1]", "f32", "reduce_sum", "[0,2]", false));
  CHECK(col.s.strategy == tiling::Strategy::Column);
  CHECK(col.s.inner == 8);
  bool vectors = false;
  for (const tiling::RankedConfig& c : col.configs)
    if (const auto* y = c.config.get_if<tiling::ColumnConfig>()) vectors = vectors || y->vec > 1;
  CHECK(vectors);
}

TEST_CASE("a few kept columns get a whole block on their reduction, combined by warp shuffles", "[codegen][reductions]") {
  // Two kept columns of 72,491 elements: 32 threads per column (the former ceiling of ty) walked
  // 2,265 elements each, 64 us on the H200 against torch.compile's 17.
  for (const std::string& graph : {norm_graph("norm_two_kept", "[71,1021,2]", "f16", "[0,1]"),
                                   reduce_graph("max_three_kept", "[133,13,3]", "f32", "reduce_max", "[0,1]", false)}) {
    const Ranked r = rank_one_group(graph);
    INFO(r.g.name << " " << r.best().str());
    REQUIRE(r.best().strategy() == tiling::Strategy::Column);
    const tiling::ColumnConfig& best = r.best().column();
    const std::string& kernel = r.kernel;
    CHECK(best.threads * best.rows_per_block >= 256);
    CHECK(kernel.find("shfl.sync.bfly.b32") != std::string::npos);
    // One shared slot per warp's group of lanes, not one per y.
    CHECK(kernel.find("axon_cred[" + std::to_string(std::max(1, r.s.stages)) + "][" +
                      std::to_string(best.rows_per_block * best.threads / 32) + "]") != std::string::npos);
  }
}

TEST_CASE("rows shorter than a warp go several to a warp, reduced by butterflies inside each row's lanes", "[codegen][reductions]") {
  // A layer norm over rows of 8 bf16 ran one row per warp (t32, 8 of 32 lanes busy): 21 us on the
  // H200 against torch.compile's 5.8 (sweep, 2026-12-04).
  for (const std::string& graph : {norm_graph("norm_rows8", "[521,16,18,8]", "bf16", "[3]"),
                                   softmax_graph("softmax_rows3", "[517,3]", "f32", 1),
                                   reduce_graph("max_rows24", "[301,7,24]", "f16", "reduce_max", "[2]", false)}) {
    const Ranked r = rank_one_group(graph);
    INFO(r.g.name << " " << r.best().str());
    REQUIRE(r.best().strategy() == tiling::Strategy::Row);
    const tiling::RowConfig& best = r.best().row();
    const std::string& kernel = r.kernel;
    CHECK(best.threads < 32);
    // Only xor offsets inside the row's lanes, never the whole warp's tree.
    CHECK(kernel.find("axon_warp_") == std::string::npos);
    for (int off = 16; off >= 1; off /= 2) {
      const bool used = kernel.find("shfl.sync.bfly.b32 %0, %1, " + std::to_string(off) + ",") != std::string::npos;
      CHECK(used == (off < best.threads));
    }
    CHECK(r.code.launches.at(0).block == best.threads * best.rows_per_block);
  }
}

TEST_CASE("a huge row is shared by blocks of the grid, at most one per SM, meeting through flagged scratch", "[codegen][reductions]") {
  // An rms norm over all of a [263,1,127,61] f16 tensor (one row of 2M elements) ran on a cluster
  // of 8 blocks: 87.6 us on the H200 against torch.compile's 19.7 (sweep, 2026-12-04).
  for (const std::string& graph : {norm_graph("norm_one_row", "[263,1,127,61]", "f16", "[0,1,2,3]"),
                                   reduce_graph("max_two_rows", "[2,1031,999]", "f32", "reduce_max", "[1,2]", false)}) {
    const Ranked r = rank_one_group(graph);
    INFO(r.g.name << " " << r.best().str());
    REQUIRE(r.best().strategy() == tiling::Strategy::Row);
    const tiling::RowConfig& best = r.best().row();
    const std::string& kernel = r.kernel;
    const tiling::Limits L = axon::test::target_limits();
    CHECK(best.grid_split);
    CHECK(best.splits > 8);
    for (const auto& rc : r.configs)  // every block of the grid resident at once
      if (shared_by(rc.config).second) CHECK(r.s.rows * shared_by(rc.config).first <= L.sm_count);
    CHECK(kernel.find("__cluster_dims__") == std::string::npos);
    CHECK(kernel.find("st.release.gpu.global.b32") != std::string::npos);
    CHECK(kernel.find("ld.acquire.gpu.global.b32") != std::string::npos);
    const tiling::Launch& l = r.code.launches.at(0);
    CHECK(l.grid == r.s.rows * best.splits);
    // The partial values, then as many flags, zeroed before each launch.
    CHECK(l.scratch == 2 * l.zero_from);
    CHECK(l.zero_from >= int64_t(4) * r.s.rows * best.splits);
  }
}

TEST_CASE("row and column kernels over any axes, split over clusters too, compile with nvcc for sm_90a", "[codegen][reductions][nvcc]") {
  std::ostringstream tu;
  int kernels = 0, splits = 0, grid_splits = 0;
  for (const Case& c : cases()) {
    Graph g = parse(c.graph);
    auto groups = fusion_groups(g, "sm_90");
    tiling::GroupShape s = tiling::classify(groups[0], lowerings().isa.get());
    auto configs = tiling::enumerate_configs(groups[0], s, axon::test::target_limits());
    // The best three, and the best split over a cluster where one exists.
    std::vector<tiling::TileConfig> pick;
    bool split = false;
    for (const auto& rc : configs) {
      const int shares = shared_by(rc.config).first;
      if (pick.size() < 3 || (!split && shares > 1)) pick.push_back(rc.config);
      split = split || shares > 1;
    }
    for (const auto& cfg : pick) {
      tiling::CodegenOptions o;
      o.name = "k_" + g.name + "_" + std::to_string(kernels);
      tiling::KernelCode k = tiling::generate(groups[0], s, cfg, lowerings(), o);
      // Every statistic is read from its stage, never recomputed where it is used (an inlined
      // reduction is a loop over the whole row per element: 600 ms instead of microseconds).
      INFO(g.name << " " << cfg.str());
      CHECK(k.body.find("for (int k0 = 0") == std::string::npos);
      const auto [shares, over_grid] = shared_by(cfg);
      if (shares > 1 && over_grid) {
        ++grid_splits;
        CHECK(k.body.find("ld.acquire.gpu.global.b32") != std::string::npos);
        CHECK(k.launches[0].grid % shares == 0);
      } else if (shares > 1) {
        ++splits;
        CHECK(k.body.find("__cluster_dims__(" + std::to_string(shares)) != std::string::npos);
        CHECK(k.body.find("ld.shared::cluster.f32") != std::string::npos);
        CHECK(k.launches[0].grid % shares == 0);
      }
      tu << k.body << "\n";
      ++kernels;
    }
  }
  CHECK(splits >= 3);
  CHECK(grid_splits >= 2);
  axon::test::check_sm90a(lowerings(), tu.str(), "reductions");
}

TEST_CASE("reductions over any axes: every tried configuration is right on odd shapes (GPU)", "[gpu][reductions]") {
  const std::optional<axon::test::GpuHost> host = axon::test::gpu_or_skip();
  if (!host) return;
  const std::string& self = host->self;
  const gpu::Probe& p = host->probe;
  for (const Case& c : cases()) {
    Graph g = parse(c.graph);
    INFO(g.name);
    SuperoptOptions o;
    o.target = "sm_" + std::to_string(p.props.sm);
    o.budget_s = 60;
    o.configs = 16;
    o.variants = 0;
    // The graph as written: only the original is realized, so rewrites would only spend the
    // budget (with the tests' long solver limit, proving a norm's rewrites took the whole 60 s on
    // the H200 and left every candidate but the first few "skipped --budget reached").
    o.explore.max_depth = 0;
    o.explore.max_variants = 1;
    o.self_exe = self;
    o.work_dir = (fs::temp_directory_path() / ("axon_gpu_red_" + g.name + "_" + std::to_string(::getpid()))).string();
    fs::create_directories(o.work_dir);
    Verifier v(axon_test::verify_options());
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    for (const VariantResult& vr : r.realized)
      for (const KernelResult& k : vr.kernels) {
        INFO(k.group.label);
        REQUIRE(k.winner >= 0);
        CHECK(k.shape.strategy == c.strategy);
        CHECK(k.trials.at(size_t(k.winner)).config.strategy() == c.strategy);
        for (const ConfigTrial& t : k.trials) {
          INFO(t.config.str() << ": " << t.status << " " << t.detail);
          CHECK((t.status == "ok" || (t.status == "skipped" && t.config.strategy() == tiling::Strategy::Generic)));
          CHECK(t.worst <= 1.0);
        }
      }
    fs::remove_all(o.work_dir);
  }
}
