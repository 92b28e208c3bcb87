// The configurations (include/axon/tiling/config.h): a configuration's family is its type, asking
// for another family's fields is an internal error, and every group's candidates are of its
// family (or the generic fallback) with names that tell each one apart.
#include <catch2/catch.hpp>

#include <filesystem>
#include <set>
#include <string>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/search/superopt.h"
#include "codegen_support.h"
#include "tiling/internal.h"

using namespace axon;
using axon::test::lowerings;

namespace {
// Attention as the fused kernel runs it (the deferred softmax division).
constexpr const char* kDeferredAttention = R"({"name":"att","inputs":[{"name":"q","shape":[200,128,64],"dtype":"bf16"},
      {"name":"k","shape":[200,128,64],"dtype":"bf16"},{"name":"v","shape":[200,128,64],"dtype":"bf16"}],
      "nodes":[{"name":"s","op":"matmul","inputs":["q","k"],"attrs":{"transpose_b":true}},
      {"name":"x","op":"cast","inputs":["s"],"attrs":{"dtype":"f32"}},
      {"name":"mx","op":"reduce_max","inputs":["x"],"attrs":{"axes":[-1],"keepdims":true}},
      {"name":"d","op":"sub","inputs":["x","mx"]},{"name":"e","op":"exp","inputs":["d"]},
      {"name":"p","op":"cast","inputs":["e"],"attrs":{"dtype":"bf16"}},{"name":"o","op":"matmul","inputs":["p","v"]},
      {"name":"l","op":"reduce_sum","inputs":["e"],"attrs":{"axes":[-1],"keepdims":true}},
      {"name":"lb","op":"cast","inputs":["l"],"attrs":{"dtype":"bf16"}},{"name":"y","op":"div","inputs":["o","lb"]}],
      "outputs":["y"]})";
}  // namespace

TEST_CASE("a configuration's family is its type", "[codegen][configs]") {
  const tiling::TileConfig generic;
  CHECK(generic.strategy() == tiling::Strategy::Generic);
  CHECK(generic.str() == "generic t256");
  tiling::RowConfig r;
  r.threads = 128;
  r.vec = 4;
  r.splits = 4;
  const tiling::TileConfig row = r;
  CHECK(row.strategy() == tiling::Strategy::Row);
  CHECK(row.threads() == 128);
  CHECK(row.row().splits == 4);
  CHECK(row.get_if<tiling::RowConfig>() != nullptr);
  CHECK(row.get_if<tiling::ColumnConfig>() == nullptr);
  CHECK(row.str() == "row t128 v4 r1 cached split4");
  // Another family's fields are not there to read: an internal error naming both.
  CHECK_THROWS_WITH(row.contraction(), Catch::Contains("a contraction configuration expected, got row t128"));
  CHECK_THROWS_AS(row.column(), InternalError);
  tiling::ContractionConfig m;
  m.threads = 384;
  m.bm = 128, m.bn = 256, m.bk = 64, m.warps_m = 2, m.warps_n = 1, m.stages = 4;
  m.wgmma = m.tma = m.tma_store = true;
  m.blocks_per_sm = 1;
  const tiling::TileConfig mm = m;
  CHECK(mm.strategy() == tiling::Strategy::Contraction);
  CHECK(mm.str() == "contraction t384 wgmma-tma 128x256x64 w2x1 s4 persistent tma-store");
  CHECK_THROWS_AS(mm.attention(), InternalError);
  tiling::AttentionConfig a;
  a.threads = 384, a.bm = 128, a.bn = 128, a.warps_m = 2, a.stages = 2, a.pingpong = true, a.group = 4;
  CHECK(tiling::TileConfig(a).str() == "attention t384 128x128 w2 s2 pingpong g4");
  a.bn = 176, a.one_p = true;
  CHECK(tiling::TileConfig(a).str() == "attention t384 128x176 w2 s2 pingpong one-p g4");
  a.bn = 128, a.one_p = false, a.persistent = true, a.tma_store = true;
  CHECK(tiling::TileConfig(a).str() == "attention t384 128x128 w2 s2 pingpong persistent tma-store g4");
  tiling::ColumnConfig y;
  y.threads = 32, y.vec = 4, y.rows_per_block = 8, y.splits = 2;
  CHECK(tiling::TileConfig(y).str() == "column t32 v4 y8 split2");
  tiling::ElementwiseConfig e;
  e.vec = 4, e.streaming = true, e.blocks_per_sm = 8;
  CHECK(tiling::TileConfig(e).str() == "elementwise t256 v4 streaming b8/sm");
}

TEST_CASE("every group's candidates are of its family or the fallback, each named apart", "[codegen][configs]") {
  namespace fs = std::filesystem;
  std::vector<Graph> graphs;
  for (const auto& e : fs::directory_iterator(std::string(AXON_SOURCE_DIR) + "/benchmarks/graphs"))
    if (e.path().extension() == ".json") graphs.push_back(load_graph(e.path().string(), {}));
  // A column reduction and a row split over a cluster (few rows), beside the benchmark graphs.
  graphs.push_back(parse_graph(R"({"name":"cols","inputs":[{"name":"x","shape":[4096,1000],"dtype":"f32"}],
      "nodes":[{"name":"s","op":"reduce_sum","inputs":["x"],"attrs":{"axes":[0]}}],"outputs":["s"]})",
                               "cols.json", {}));
  graphs.push_back(parse_graph(kDeferredAttention, "att.json", {}));
  graphs.push_back(parse_graph(R"({"name":"few_rows","inputs":[{"name":"x","shape":[8,200000],"dtype":"bf16"}],
      "nodes":[{"name":"s","op":"reduce_max","inputs":["x"],"attrs":{"axes":[1]}}],"outputs":["s"]})",
                               "few_rows.json", {}));
  std::set<tiling::Strategy> families;
  for (const Graph& g : graphs)
    for (const tiling::Group& gr : fusion_groups(g, "sm_90")) {
      const tiling::GroupShape s = tiling::classify(gr, lowerings("sm_90").isa.get());
      INFO(g.name << ": " << gr.label);
      std::set<std::string> names;
      int fallbacks = 0;
      for (const tiling::RankedConfig& rc : tiling::enumerate_configs(gr, s, axon::test::target_limits())) {
        INFO(rc.config.str());
        const tiling::Strategy f = rc.config.strategy();
        CHECK((f == s.strategy || f == tiling::Strategy::Generic));
        fallbacks += f == tiling::Strategy::Generic;
        families.insert(f);
        CHECK(names.insert(rc.config.str()).second);  // no two candidates share a name
      }
      CHECK(fallbacks >= 1);
    }
  CHECK(families.size() == 6);  // every family was enumerated somewhere
}

TEST_CASE("attention's legality is one function: the enumeration keeps what it allows, the kernel checks it", "[codegen][configs]") {
  using tiling::detail::attention_can_run;
  tiling::AttentionShape a;
  a.qk.k = 128, a.pv.n = 128, a.pv.in = DType::bf16;
  tiling::AttentionConfig t;
  t.threads = 384, t.bm = 128, t.bn = 128, t.warps_m = 2, t.stages = 2, t.pingpong = true;
  CHECK(attention_can_run(a, t).empty());
  t.one_p = true;  // one P buffer at 128 keys: a twin of the ping-pong's two
  CHECK(attention_can_run(a, t).empty());
  t.bn = 176;
  CHECK(attention_can_run(a, t).empty());
  t.one_p = false;  // over 128 keys two buffers spill
  CHECK(attention_can_run(a, t) == "key tiles over 128 keep one P buffer");
  t.bn = 128, t.one_p = true, t.pingpong = false;  // one buffer is the deferred orders'
  CHECK(attention_can_run(a, t) == "one P buffer is the deferred orders' without a cluster");
  t.one_p = false, t.pingpong = true, t.warps_m = 1, t.bm = 64;
  CHECK(attention_can_run(a, t) == "ping-pong needs two consumer warpgroups");
  // Three consumer warpgroups (192 rows): in order or overlapped, a block per row block.
  t.warps_m = 3, t.bm = 192, t.threads = 512;
  CHECK(attention_can_run(a, t) == "three consumer warpgroups run Q K^T's 16-bit tiles in order or overlapped, a block per row block");
  t.pingpong = false, t.overlap = true;
  CHECK(attention_can_run(a, t).empty());
  t.bm = 256;
  CHECK(attention_can_run(a, t) == "64 rows per consumer warpgroup, one to three of them");
  t.warps_m = 4;
  CHECK(attention_can_run(a, t) == "64 rows per consumer warpgroup, one to three of them");
  t.overlap = false, t.pingpong = true, t.warps_m = 1, t.bm = 64, t.threads = 384;
  t.warps_m = 2, t.bm = 128, t.persistent = true, t.cluster = 2;
  CHECK(attention_can_run(a, t) == "a persistent kernel needs ping-pong, Q K^T, no key split and no cluster");
  // The bulk-stored epilogue: the persistent kernel's, where the group allows it.
  t.cluster = 1, t.tma_store = true;
  CHECK(attention_can_run(a, t) == "the bulk-stored epilogue is the persistent kernel's, writing one 16-bit tensor of O's shape");
  a.tma_store = true;
  CHECK(attention_can_run(a, t).empty());
  t.persistent = false;
  CHECK(attention_can_run(a, t) == "the bulk-stored epilogue is the persistent kernel's, writing one 16-bit tensor of O's shape");
  t.tma_store = false;
  t.cluster = 1, t.persistent = false, t.pingpong = false, t.splits = 2, t.warps_m = 1, t.bm = 64, t.stages = 2;
  CHECK(attention_can_run(a, t) == "a key split needs stored scores, one row warpgroup and an even number of slots");
  a.qk.k = 320;
  t.splits = 1;
  CHECK(attention_can_run(a, t) == "head dims over 256");
  // The kernel refuses what the function refuses (InternalError naming the configuration).
  Graph g = parse_graph(kDeferredAttention, "att.json", {});
  const auto groups = fusion_groups(g, "sm_90");
  const auto& low = lowerings("sm_90");
  int kept = 0, attention = 0, bulk_stored = 0;
  for (const tiling::Group& gr : groups) {
    const tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    if (s.strategy != tiling::Strategy::Attention) continue;
    ++attention;
    for (const tiling::RankedConfig& rc : tiling::enumerate_configs(gr, s, axon::test::target_limits()))
      if (const auto* ac = rc.config.get_if<tiling::AttentionConfig>()) {
        INFO(rc.config.str());
        CHECK(attention_can_run(s.att, *ac).empty());
        kept += ac->one_p && ac->bn == 128;
        bulk_stored += ac->tma_store;
        tiling::AttentionConfig bad = *ac;
        if (ac->persistent)
          bad.tma_store = true, bad.persistent = false;  // a bulk-stored epilogue without the persistent kernel
        else if (ac->pingpong || ac->overlap)
          bad.bn = 192, bad.one_p = false;  // over 128 keys with two buffers
        else
          bad.one_p = true;  // one buffer without the deferred order
        CHECK_THROWS_AS(tiling::generate(gr, s, tiling::TileConfig(bad), low, {}), InternalError);
      }
  }
  CHECK(attention == 1);
  CHECK(kept >= 1);
  CHECK(bulk_stored >= 1);
}
