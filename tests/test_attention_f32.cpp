// f32 attention (docs/attention.md, "f32 operands"), without a GPU: f32 Q, K and V classify as
// attention on tf32 mma.sync (three products by default, one with --allow-tf32, none with
// --exact-f32), every configuration's kernel reads 32-float panels through 32-bit tensor maps
// and compiles for sm_90a, and superopt fuses the graph into one kernel.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include <unistd.h>

#include "axon/core/graph_json.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "axon/tiling/runtime.h"
#include "codegen_support.h"
#include "contraction_support.h"
#include "solver_limits.h"
#include "tiling/internal.h"  // attention_exchange_fits

using namespace axon;
namespace fs = std::filesystem;
using axon::test::lowerings;
using axon::test::parse;
using axon::test::whole_graph;

namespace {

// softmax(Q K^T * 0.125 [causal]) V in f32 with the division deferred past P V (the variant the
// rewrites find), Q, K and V of `q`, `k`, `v` shapes.
std::string f32_attention(const std::string& q, const std::string& k, const std::string& v, bool causal) {
  return R"({"name":"att32","inputs":[{"name":"q","shape":)" + q + R"(,"dtype":"f32"},{"name":"k","shape":)" + k +
         R"(,"dtype":"f32"},{"name":"v","shape":)" + v + R"(,"dtype":"f32"}],"nodes":[
      {"name":"s","op":"matmul","inputs":["q","k"],"attrs":{"transpose_b":true}},
      {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.125,"dtype":"f32"}},
      {"name":"ss","op":"mul","inputs":["s","c"]},)" +
         (causal ? R"({"name":"x","op":"causal_mask","inputs":["ss"]},)" : R"({"name":"x","op":"mul","inputs":["ss","c"]},)") + R"(
      {"name":"mx","op":"reduce_max","inputs":["x"],"attrs":{"axes":[-1],"keepdims":true}},
      {"name":"d","op":"sub","inputs":["x","mx"]},{"name":"e","op":"exp","inputs":["d"]},
      {"name":"o","op":"matmul","inputs":["e","v"]},
      {"name":"l","op":"reduce_sum","inputs":["e"],"attrs":{"axes":[-1],"keepdims":true}},
      {"name":"y","op":"div","inputs":["o","l"]}],
    "outputs":["y"]})";
}

size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("f32 attention runs on tf32 mma.sync: three products by default, one with --allow-tf32, none with --exact-f32",
          "[codegen][attention][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = axon::test::target_limits();
  std::ostringstream tu;
  int n = 0, two_groups = 0, bn32 = 0, clusters = 0;
  // Head sizes 64 (two panels), 80 (three, padded to 96), 256 (eight: one consumer warpgroup);
  // odd lengths, a batch, causal or not.
  for (const std::string& text : {f32_attention("[2,100,64]", "[2,130,64]", "[2,130,64]", true),
                                  f32_attention("[3,77,80]", "[3,77,80]", "[3,77,80]", false),
                                  f32_attention("[1,65,256]", "[1,200,256]", "[1,200,256]", true)}) {
    Graph g = parse(text);
    tiling::Group gr = whole_graph(g);
    for (const tiling::F32Matmul mode : {tiling::F32Matmul::Tf32x3, tiling::F32Matmul::Tf32}) {
      const tiling::GroupShape s = tiling::classify(gr, low.isa.get(), mode);
      INFO(text.substr(40, 60) << ": " << s.why_generic);
      REQUIRE(s.strategy == tiling::Strategy::Attention);
      const int products = mode == tiling::F32Matmul::Tf32x3 ? 3 : 1;
      CHECK(s.att.tf32_products == products);
      int configs = 0;
      for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
        const auto* ac = rc.config.get_if<tiling::AttentionConfig>();
        if (ac == nullptr) continue;
        ++configs;
        INFO(rc.config.str());
        CHECK(ac->tf32 == products);
        CHECK(rc.config.str().find(products == 3 ? " tf32x3 " : " tf32 ") != std::string::npos);
        CHECK(!ac->pingpong);
        CHECK(!ac->overlap);
        CHECK(ac->splits == 1);
        tiling::CodegenOptions o;
        o.name = "att32_" + std::to_string(n++);
        const tiling::KernelCode k = tiling::generate(gr, s, rc.config, low, o);
        // Both products on the spec's tf32 mma.sync (each pair of fragments three times: S's loop,
        // and P V's per 8-key chunk), none on wgmma.
        CHECK(count(k.body, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32") == size_t(products * (1 + ac->bn / 8)));
        CHECK(k.body.find("wgmma") == std::string::npos);
        CHECK((k.body.find("axon_split_tf32(sf32[") != std::string::npos) == (products == 3));
        // K's and V's slots, read by ld.shared, go back to TMA after a proxy fence.
        CHECK(axon::test::check_fenced_releases(k.body, "kempty0") == 1);
        CHECK(axon::test::check_fenced_releases(k.body, "vempty0") == 1);
        // The key tiles: all of the row block's, or with a cluster every cluster-th from the
        // rank's own (the first one as a stand-in for a rank without), then the merge through
        // distributed shared memory.
        const std::string cl = std::to_string(ac->cluster);
        CHECK((k.body.find("} while (++it < ke);") != std::string::npos) == (ac->cluster == 1));
        CHECK((k.body.find("} while ((it += " + cl + ") < ke);") != std::string::npos) == (ac->cluster > 1));
        CHECK((k.body.find("for (int it = kr; it < ke; it += " + cl + ") {") != std::string::npos) == (ac->cluster > 1));
        CHECK((k.body.find("__cluster_dims__(" + cl + ", 1, 1)") != std::string::npos) == (ac->cluster > 1));
        CHECK(count(k.body, "ld.shared::cluster.v4.f32") == size_t(ac->cluster > 1));
        CHECK(count(k.body, "barrier.cluster.wait.acquire.aligned") == size_t(2 * (ac->cluster > 1)));
        clusters += ac->cluster > 1;
        CHECK((k.body.find("ke = min(ke") != std::string::npos) == (text.find("causal_mask") != std::string::npos));
        // S's k-steps and P V's column tiles cover the head dims (d 80: 10 of 8, not the panels'
        // 12); S's k-steps unroll by 4 where the unrolled tile loop would be too long for the
        // instruction cache (calibration.h: d 256, and d 80 with 64-key tiles in tf32x3).
        const int64_t D = s.att.qk.k;
        const size_t at = k.body.find("for (int kk = 0; kk < " + std::to_string((D + 7) / 8) + "; ++kk) {");
        REQUIRE(at != std::string::npos);
        const size_t line = k.body.rfind('\n', k.body.rfind('\n', at) - 1);
        const bool rolled = k.body.substr(line, at - line).find("#pragma unroll 4") != std::string::npos;
        CHECK(rolled == (D == 256 || (D == 80 && ac->bn == 64 && products == 3)));
        CHECK(k.body.find("for (int ni = 0; ni < " + std::to_string((s.att.pv.n + 7) / 8) + "; ++ni) {") != std::string::npos);
        // Q, K and V through 32-bit tensor maps of 32-float boxes.
        REQUIRE(k.launches.size() == 1);
        CHECK(k.launches[0].grid == s.att.qk.batch * ((s.att.qk.m + ac->bm - 1) / ac->bm) * ac->cluster);
        REQUIRE(k.launches[0].tmaps.size() == 3);
        for (const tiling::TensorMapSpec& m : k.launches[0].tmaps) {
          CHECK(m.elem_bytes == 4);
          CHECK(m.box_inner == 32);
          CHECK(gpu::tensor_map_type(m) == 2);
          CHECK(gpu::tensor_map_strides(m).at(0) == uint64_t(m.inner) * 4);
        }
        CHECK(k.launches[0].smem <= L.smem_dynamic);
        two_groups += ac->warps_m == 2;
        bn32 += ac->bn == 32;
        axon::test::check_nvrtc_compiles(k);
        tu << k.body << "\n";
      }
      CHECK(configs >= (s.att.qk.k == 256 ? 1 : 2));  // d = 256: 32-key tiles in one warpgroup
    }
    // --exact-f32: no tensor cores, so no attention kernel (the parts run on the SIMT kernel).
    const tiling::GroupShape e = tiling::classify(gr, low.isa.get(), tiling::F32Matmul::Fma);
    CHECK(e.strategy == tiling::Strategy::Generic);
    CHECK(e.why_generic.find("--exact-f32") != std::string::npos);
  }
  CHECK(two_groups >= 4);
  CHECK(bn32 >= 4);
  CHECK(clusters >= 4);  // few row blocks: [1,65,256] has 2 of 64 rows (1 of 128), [2,100,64] 4
  axon::test::check_sm90a(low, tu.str(), "attention_f32");
}

TEST_CASE("f32 attention shares few row blocks among the blocks of a cluster and only few", "[codegen][attention]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = axon::test::target_limits();
  struct Case {
    std::string q;
    bool causal;
    int64_t row_blocks64;  // row blocks of 64 rows
  };
  // One causal head of 1256 rows at d 256 (the sweep's 0.23x case: 20 row blocks for 132 SMs);
  // 2 x 3 heads of 114 rows; 16 heads of 1024 rows (256 row blocks: no cluster).
  for (const Case& c : {Case{"[1,1256,256]", true, 20}, Case{"[6,114,128]", true, 12}, Case{"[16,1024,64]", false, 256}}) {
    Graph g = parse(f32_attention(c.q, c.q, c.q, c.causal));
    tiling::Group gr = whole_graph(g);
    const tiling::GroupShape s = tiling::classify(gr, low.isa.get(), tiling::F32Matmul::Tf32x3);
    REQUIRE(s.strategy == tiling::Strategy::Attention);
    const std::vector<tiling::RankedConfig> ranked = tiling::enumerate_configs(gr, s, L);
    int clusters = 0;
    for (const tiling::RankedConfig& rc : ranked) {
      const auto* ac = rc.config.get_if<tiling::AttentionConfig>();
      if (ac == nullptr || ac->cluster == 1) continue;
      INFO(c.q << ": " << rc.config.str() << ": " << rc.why);
      ++clusters;
      // The grid stays within the SMs; the exchange fits Q's region and the slots.
      CHECK(c.row_blocks64 * 64 / ac->bm * ac->cluster <= L.sm_count);
      CHECK(tiling::detail::attention_exchange_fits(s.att, *ac));
      CHECK(rc.config.str().find(" cl" + std::to_string(ac->cluster)) != std::string::npos);
    }
    INFO(c.q);
    CHECK((clusters > 0) == (c.row_blocks64 < L.sm_count / 2));
    if (c.row_blocks64 == 20) {  // ranked first, by the longest block's share of the keys
      const auto* first = ranked.at(0).config.get_if<tiling::AttentionConfig>();
      REQUIRE(first != nullptr);
      CHECK(first->cluster >= 4);
    }
  }
}

TEST_CASE("superopt realizes f32 attention as one kernel, and keeps its parts with --exact-f32", "[codegen][attention][superopt]") {
  const std::string text = R"({"name":"att32_plain","inputs":[{"name":"q","shape":[2,4,300,96],"dtype":"f32"},
      {"name":"k","shape":[2,4,300,96],"dtype":"f32"},{"name":"v","shape":[2,4,300,96],"dtype":"f32"}],
    "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,1,3,2]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
      {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.1}},{"name":"ss","op":"mul","inputs":["s","c"]},
      {"name":"m","op":"causal_mask","inputs":["ss"]},{"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
      {"name":"o","op":"matmul","inputs":["p","v"]}],"outputs":["o"]})";
  Verifier v(axon_test::verify_options());
  for (const tiling::F32Matmul mode : {tiling::F32Matmul::Tf32x3, tiling::F32Matmul::Fma}) {
    Graph g = parse(text);
    SuperoptOptions o;
    o.no_gpu = true;
    o.budget_s = 20;
    o.variants = 1;
    o.f32 = mode;
    o.work_dir = (fs::temp_directory_path() / ("axon_attn32_" + std::to_string(int(mode)) + "_" + std::to_string(::getpid()))).string();
    const SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.best >= 0);
    const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
    INFO((mode == tiling::F32Matmul::Fma ? "--exact-f32" : "default"));
    // The fused variant is realized (the model's first); which variant wins is the estimates'
    // call under --no-gpu (the GPU's in a timed search): the least total of those realized.
    const VariantResult* fused = nullptr;
    for (const VariantResult& vr : r.realized) {
      if (vr.failed.empty()) CHECK(best.total_us <= vr.total_us);
      if (vr.kernels.size() == 1 && vr.kernels[0].shape.strategy == tiling::Strategy::Attention) fused = &vr;
    }
    if (mode == tiling::F32Matmul::Tf32x3) {
      REQUIRE(fused != nullptr);
      CHECK(fused->failed.empty());
      CHECK(fused->kernels[0].shape.att.tf32_products == 3);
    } else {
      CHECK(fused == nullptr);
      CHECK(best.kernels.size() >= 2);
      for (const KernelResult& k : best.kernels) CHECK(k.shape.strategy != tiling::Strategy::Attention);
    }
    fs::remove_all(o.work_dir);
  }
}
