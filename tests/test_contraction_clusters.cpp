// Contraction kernels spread over clusters and over the blocks of a persistent grid
// (docs/contraction.md): split-K over a cluster, twin matmuls, multicast of B, stream-K.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "axon/core/graph_json.h"
#include "axon/tiling/kernel.h"
#include "codegen_support.h"
#include "contraction_support.h"

using namespace axon;
using axon::test::contraction_group;
using axon::test::lowerings;
using axon::test::mm_fields;
using axon::test::mm_graph;
using axon::test::parse;
using axon::test::sm90_limits;
using axon::test::whole_graph;

TEST_CASE("split-K wgmma kernels: a cluster of blocks per tile, each block adds up its rows of the partial sums (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  // Few tiles and a long K: copied operands (M = 16, a bias), and a staged computed A (exp of
  // the scores, as softmax -> matmul gives) with K not a multiple of 64.
  const std::vector<std::string> graphs = {
      mm_graph("[16,1024]", "[1024,512]", "bf16", "{}", R"(,{"name":"bias","shape":[512],"dtype":"bf16"})",
               R"(,{"name":"y","op":"add","inputs":["m","bias"]})", "y"),
      R"({"name":"staged","inputs":[{"name":"x","shape":[70,1000],"dtype":"bf16"},{"name":"w","shape":[1000,72],"dtype":"bf16"}],
          "nodes":[{"name":"e","op":"exp","inputs":["x"]},{"name":"m","op":"matmul","inputs":["e","w"]}],"outputs":["m"]})",
  };
  std::ostringstream tu;
  std::set<int> splits_seen;
  for (size_t gi = 0; gi < graphs.size(); ++gi) {
    Graph g = parse(graphs[gi]);
    tiling::Group gr = gi == 0 ? contraction_group(g) : whole_graph(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.tma);
    const int64_t KT = (s.mm.k + 63) / 64;
    double best_split = 1e30, best_plain = 1e30;
    std::set<std::pair<int, int>> emitted;  // (bn, splits)
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (c.splits == 1) {
        if (c.tma) best_plain = std::min(best_plain, rc.est_us);
        continue;
      }
      // Only TMA kernels that are not persistent split K, each split one k-tile or more.
      CHECK(c.tma);
      CHECK(c.blocks_per_sm == 0);
      CHECK(c.splits <= KT);
      best_split = std::min(best_split, rc.est_us);
      splits_seen.insert(c.splits);
      if (!emitted.insert({c.bn, c.splits}).second) continue;
      tiling::CodegenOptions o;
      o.name = "sk" + std::to_string(gi) + "_" + std::to_string(c.bn) + "_" + std::to_string(c.splits);
      tiling::KernelCode k = tiling::generate(gr, s, c, low, o);
      const int64_t tiles = ((s.mm.m + c.bm - 1) / c.bm) * ((s.mm.n + c.bn - 1) / c.bn);
      CHECK(k.launches.at(0).grid == tiles * c.splits);
      CHECK(k.body.find("__cluster_dims__(" + std::to_string(c.splits) + ", 1, 1)") != std::string::npos);
      for (const char* ins : {"barrier.cluster.arrive.release.aligned", "barrier.cluster.wait.acquire.aligned",
                              "mapa.shared::cluster.u32", "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32"})
        CHECK(k.body.find(ins) != std::string::npos);
      // The partial sums are pushed into their rows' owners, completing on the owner's mbarrier,
      // which it expects and waits for: one cluster barrier (arrived at once the barriers are
      // initialized, waited for before the first push), nothing read from another block, a
      // receive area sized by the rows that exist.
      for (const char* once : {"barrier.cluster.arrive", "barrier.cluster.wait"}) {
        const size_t at = k.body.find(once);
        CHECK(at != std::string::npos);
        CHECK(k.body.find(once, at + 1) == std::string::npos);
      }
      CHECK(k.body.find("barrier.cluster.arrive") < k.body.find("const int KT = "));
      CHECK(k.body.find("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\" :  : \"r\"(rbar)") != std::string::npos);
      CHECK(k.body.find("ld.shared::cluster") == std::string::npos);
      CHECK(c.split_rows == std::min<int64_t>(c.bm, s.mm.m));
      CHECK(k.body.find("const int kb = split * KT / " + std::to_string(c.splits)) != std::string::npos);
      // The tile's existing rows (16 of 64 at M = 16) are what the splits share out.
      CHECK(k.body.find("const int rows = (int)min((long long)" + std::to_string(c.bm)) != std::string::npos);
      tu << k.body << "\n";
    }
    // With so few tiles the model prefers splitting K.
    CHECK(best_split < best_plain);
  }
  CHECK(splits_seen == std::set<int>{2, 3, 4, 6, 8});
  // Tiles enough for every SM: no split configuration.
  Graph big = parse(mm_graph("[8192,512]", "[512,4096]", "bf16", "{}"));
  tiling::Group grb = contraction_group(big);
  for (const auto& rc : tiling::enumerate_configs(grb, tiling::classify(grb, low.isa.get()), L)) CHECK(mm_fields(rc.config).splits == 1);
  axon::test::check_sm90a(low, tu.str(), "splitk");
}

namespace {

// silu(x @ w1) * (x @ w3), as swiglu writes it; `attrs` on both matmuls.
std::string twin_graph(const std::string& x, const std::string& w, const std::string& attrs, const std::string& w3 = "w3") {
  return R"({"name":"twins","inputs":[{"name":"x","shape":)" + x + R"(,"dtype":"bf16"},{"name":"w1","shape":)" + w +
         R"(,"dtype":"bf16"},{"name":"w3","shape":)" + w + R"(,"dtype":"bf16"}],"nodes":[{"name":"g","op":"matmul","inputs":["x","w1"],"attrs":)" +
         attrs + "}" + (w3 == "n3" ? R"(,{"name":"n3","op":"neg","inputs":["w3"]})" : "") + R"(,{"name":"u","op":"matmul","inputs":["x",")" + w3 + R"("],"attrs":)" + attrs +
         R"(},{"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})";
}

}  // namespace

TEST_CASE("twin matmuls of one A (swiglu) are one wgmma kernel over both weights' tiles (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  std::ostringstream tu;
  int kernels = 0, persistent = 0, store_warps = 0, tma_store = 0;
  // B N-major (ragged M, N; K = 136) and K-major (transpose_b), then many tiles (persistent).
  for (const std::string& text : {twin_graph("[300,136]", "[136,200]", "{}"), twin_graph("[77,136]", "[200,136]", R"({"transpose_b":true})"),
                                  twin_graph("[1500,72]", "[72,3000]", "{}")}) {
    INFO(text);
    Graph g = parse(text);
    const std::vector<tiling::Group> groups = fusion_groups(g, "sm_90");
    REQUIRE(groups.size() == 1);  // U = x @ w3 is never stored
    const tiling::Group& gr = groups[0];
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    INFO(s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.mm2 != nullptr);
    CHECK((s.mm.tma && s.mm.a.direct && s.mm.b.direct && s.mm.b2.direct));
    CHECK(s.mm.b2.k_major == s.mm.b.k_major);
    std::set<std::tuple<int, int, int, bool, int, bool>> emitted;  // (bm, bn, persistent, store warps, multicast, TMA store)
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      // Only TMA-fed wgmma, both weights' tiles 64 columns or more, no split.
      CHECK((c.wgmma && c.tma && c.bn >= 128 && c.splits == 1));
      if (!emitted.insert({c.bm, c.bn, c.blocks_per_sm, c.store_warps, c.multicast, c.tma_store}).second) continue;
      tiling::CodegenOptions o;
      o.name = "tw" + std::to_string(kernels);
      tiling::KernelCode k = tiling::generate(gr, s, c, low, o);
      // Three tensor maps (x, w1, w3; a fourth for the output with the TMA store); w3's tile
      // lands in the second half of the B slot.
      CHECK(k.launches.at(0).tmaps.size() == 3 + size_t(c.tma_store));
      CHECK(k.body.find("\"l\"(tmap2)") != std::string::npos);
      // The epilogue reads U a wgmma's N / 2 columns away: in the accumulators (persistent or TMA
      // store: computed from registers) or in the staged rows.
      if ((c.blocks_per_sm > 0 && !c.store_warps) || c.tma_store)
        CHECK(k.body.find("acc[e + " + std::to_string(c.bn / 4) + "]") != std::string::npos);
      else
        CHECK(k.body.find("(sv[" + std::to_string(c.bn / 2) + "])") != std::string::npos);
      // The TMA store writes the tile's bn / 2 columns: elements below bn / 4 (staged by stmatrix,
      // eight at a time).
      if (c.tma_store) CHECK(k.body.find("for (int e = 0; e < " + std::to_string(c.bn / 4) + "; e += 8)") != std::string::npos);
      store_warps += c.store_warps;
      tma_store += c.tma_store;
      // Tiles of bn / 2 columns; multicast clusters take two tile rows.
      const int64_t CL = c.multicast, tiles = ((s.mm.m + CL * c.bm - 1) / (CL * c.bm)) * ((s.mm.n + c.bn / 2 - 1) / (c.bn / 2));
      CHECK(k.launches.at(0).grid == CL * (c.blocks_per_sm > 0 ? std::min<int64_t>(tiles, o.sm_count / CL) : tiles));
      persistent += c.blocks_per_sm > 0;
      tu << k.body << "\n";
      ++kernels;
    }
  }
  CHECK(kernels >= 10);
  CHECK(persistent >= 2);
  CHECK(store_warps >= 1);
  CHECK(tma_store >= 4);
  // In a group that also writes one matmul (gate, an output too), that one is the first twin,
  // whichever comes first in the graph.
  {
    Graph g = parse(R"({"name":"twins_out","inputs":[{"name":"x","shape":[300,136],"dtype":"bf16"},{"name":"w1","shape":[136,200],"dtype":"bf16"},
        {"name":"w3","shape":[136,200],"dtype":"bf16"}],
        "nodes":[{"name":"u","op":"matmul","inputs":["x","w3"]},{"name":"g","op":"matmul","inputs":["x","w1"]},
                 {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y","g"]})");
    tiling::GroupShape s = tiling::classify(whole_graph(g), low.isa.get());
    INFO(s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    CHECK(s.mm.mm->operand(1)->input_name() == "w1");
    CHECK(s.mm.mm2->operand(1)->input_name() == "w3");
    CHECK(s.mm.b2.node->input_name() == "w3");
  }
  // Not twins: w3 computed (neg), or a target without wgmma: two kernels, U stored.
  CHECK(fusion_groups(parse(twin_graph("[300,136]", "[136,200]", "{}", "n3")), "sm_90").size() == 2);
  CHECK(fusion_groups(parse(twin_graph("[300,136]", "[136,200]", "{}")), "sm_80").size() == 2);
  axon::test::check_sm90a(low, tu.str(), "twins");
}

TEST_CASE("multicast: clusters of two tile rows share B's copies (sm_90a, nvcc)", "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  std::ostringstream tu;
  int kernels = 0, persistent = 0;
  // B N-major and K-major (an odd count of tile rows: the last cluster's second block stores
  // nothing), a bias epilogue, many tiles (persistent), twins.
  for (const std::string& text : {mm_graph("[300,136]", "[136,520]", "bf16", "{}", R"(,{"name":"bias","shape":[520],"dtype":"bf16"})",
                                           R"(,{"name":"y","op":"add","inputs":["m","bias"]})", "y"),
                                  mm_graph("[200,72]", "[264,72]", "bf16", R"({"transpose_b":true})"), mm_graph("[2000,64]", "[64,3000]", "bf16", "{}"),
                                  twin_graph("[300,136]", "[136,256]", "{}")}) {
    INFO(text);
    Graph g = parse(text);
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.multicast);
    std::set<std::tuple<int, int, int, bool>> emitted;
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (c.multicast < 2) continue;
      CHECK((c.tma && c.splits == 1));
      if (!emitted.insert({c.bm, c.bn, c.blocks_per_sm, c.store_warps}).second) continue;
      tiling::CodegenOptions o;
      o.name = "mc" + std::to_string(kernels);
      tiling::KernelCode k = tiling::generate(gr, s, c, low, o);
      CHECK(k.body.find("__cluster_dims__(2, 1, 1)") != std::string::npos);
      CHECK(k.body.find(".multicast::cluster") != std::string::npos);
      CHECK(k.body.find("mbarrier.arrive.shared::cluster.b64") != std::string::npos);
      const int64_t pairs = ((s.mm.m + 2 * c.bm - 1) / (2 * c.bm)) * ((s.mm.n + s.mm.tile_n(c.bn) - 1) / s.mm.tile_n(c.bn));
      CHECK(k.launches.at(0).grid == (c.blocks_per_sm > 0 ? 2 * std::min<int64_t>(pairs, o.sm_count / 2) : 2 * pairs));
      // K-major B: each block's box is half of B's tile rows.
      if (s.mm.b.k_major) CHECK(k.launches.at(0).tmaps.at(1).box_outer == s.mm.tile_n(c.bn) / 2);
      persistent += c.blocks_per_sm > 0;
      tu << k.body << "\n";
      ++kernels;
    }
  }
  CHECK(kernels >= 8);
  CHECK(persistent >= 1);
  // One tile row: nothing to share.
  Graph one = parse(mm_graph("[60,136]", "[136,520]", "bf16", "{}"));
  tiling::Group gr1 = contraction_group(one);
  for (const auto& rc : tiling::enumerate_configs(gr1, tiling::classify(gr1, low.isa.get()), L)) CHECK(mm_fields(rc.config).multicast == 1);
  axon::test::check_sm90a(low, tu.str(), "multicast");
}

TEST_CASE("stream-K: the last tiles shared out by k-tiles, partial sums and flags between blocks (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  std::ostringstream tu;
  int kernels = 0, clusters = 0, single = 0, bulk = 0, twins = 0;
  // 288 tiles (2.2 waves) with a bias epilogue; ragged K; twins.
  for (const std::string& text : {mm_graph("[3000,1000]", "[1000,2904]", "bf16", "{}", R"(,{"name":"bias","shape":[2904],"dtype":"bf16"})",
                                           R"(,{"name":"y","op":"add","inputs":["m","bias"]})", "y"),
                                  mm_graph("[2000,1000]", "[1000,2904]", "bf16", "{}"), twin_graph("[1500,1000]", "[1000,3000]", "{}")}) {
    INFO(text);
    Graph g = parse(text);
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.stream_k);
    std::set<std::tuple<int, int, bool>> emitted;
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (!c.stream_k) continue;
      CHECK((c.tma && c.blocks_per_sm > 0 && !c.store_warps && c.splits == 1));
      CHECK(rc.why.find("stream-K over") != std::string::npos);
      if (!emitted.insert({c.bn, c.multicast, c.tma_store}).second) continue;
      tiling::CodegenOptions o;
      o.name = "sk" + std::to_string(kernels);
      tiling::KernelCode k = tiling::generate(gr, s, c, low, o);
      // The scratch comes after the pointers; partial sums per block, then a flag per block,
      // zeroed before each launch; published with a release store, read after an acquire load.
      CHECK(k.body.find("float* __restrict__ skw") != std::string::npos);
      CHECK(k.body.find("item(lt, tile, ka, kz);") != std::string::npos);
      CHECK(k.body.find("st.release.gpu.global.b32") != std::string::npos);
      CHECK(k.body.find("ld.acquire.gpu.global.b32") != std::string::npos);
      const tiling::Launch& l = k.launches.at(0);
      CHECK(l.zero_from == l.grid * c.bm * c.bn * 4);
      CHECK(l.scratch == l.zero_from + l.grid * 4);
      CHECK(l.grid <= o.sm_count);
      clusters += c.multicast > 1;
      single += c.multicast == 1;
      bulk += c.tma_store;
      twins += s.mm.mm2 != nullptr;
      tu << k.body << "\n";
      ++kernels;
    }
  }
  CHECK(kernels >= 6);
  CHECK(clusters >= 2);
  CHECK(single >= 2);
  CHECK(bulk >= 2);
  CHECK(twins >= 1);
  // Fewer tiles than SMs and a long K (M = 16, ragged N and K: 4104 = 64 x 64 + 8, a bias): split-K over the whole
  // grid without clusters, every tile shared by several workers.
  int spread = 0;
  {
    Graph g = parse(mm_graph("[16,4104]", "[4104,1000]", "bf16", "{}", R"(,{"name":"bias","shape":[1000],"dtype":"bf16"})",
                             R"(,{"name":"y","op":"add","inputs":["m","bias"]})", "y"));
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.mm.stream_k);
    std::set<std::pair<int, bool>> emitted;
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (!c.stream_k) continue;
      const int64_t tiles = (1000 + c.bn - 1) / c.bn;
      CHECK(tiles < L.sm_count);
      if (!emitted.insert({c.bn, c.a_regs}).second) continue;
      tiling::CodegenOptions o;
      o.name = "skw" + std::to_string(spread);
      tiling::KernelCode k = tiling::generate(gr, s, c, low, o);
      CHECK(k.launches.at(0).grid == std::min<int64_t>(o.sm_count, tiles * 65));
      CHECK(k.body.find("__cluster_dims__") == std::string::npos);
      // 16 rows in 64-row tiles: the warps holding rows 16 .. 63 move no partial sums.
      CHECK(k.body.find("if (m0 + wg * 64 + (th >> 5) * 16 < 16) {") != std::string::npos);
      tu << k.body << "\n";
      ++spread;
    }
  }
  CHECK(spread >= 2);
  // None where the tiles fill whole waves of the grid (264 tiles on 132 SMs, 132 clusters' tiles
  // on 66 clusters) or K has fewer than four k-tiles.
  for (const std::string& text : {mm_graph("[33792,256]", "[256,256]", "bf16", "{}"), mm_graph("[4096,128]", "[128,4096]", "bf16", "{}")}) {
    Graph g = parse(text);
    tiling::Group gr = contraction_group(g);
    for (const auto& rc : tiling::enumerate_configs(gr, tiling::classify(gr, low.isa.get()), L)) CHECK_FALSE(mm_fields(rc.config).stream_k);
  }
  axon::test::check_sm90a(low, tu.str(), "stream_k");
}

TEST_CASE("copies of a tensor read once per launch take the evict-first L2 policy (sm_90a, nvcc)", "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  // (graph, A copied once, B copied once) for every TMA configuration of the graph.
  struct Case {
    std::string graph;
    bool a_once, b_once;
  };
  const std::vector<Case> cases = {
      {mm_graph("[16,1024]", "[1024,512]", "bf16", "{}"), false, true},   // one tile row: W read once
      {mm_graph("[3,16,1024]", "[1024,512]", "bf16", "{}"), false, false},  // W broadcast over the batch
      {mm_graph("[3,16,1024]", "[3,1024,512]", "bf16", "{}"), false, true},
      {mm_graph("[1000,256]", "[256,48]", "bf16", "{}"), true, false},   // one tile column: A read once
      {mm_graph("[1024,512]", "[512,1024]", "bf16", "{}"), false, false},  // both re-read
  };
  std::ostringstream tu;
  int hinted = 0, gi = 0;
  for (const Case& cs : cases) {
    Graph g = parse(cs.graph);
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.mm.tma);
    std::set<std::string> seen;
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (!c.tma || !seen.insert(c.str()).second || seen.size() > 6) continue;
      tiling::CodegenOptions o;
      o.name = "once" + std::to_string(gi) + "_" + std::to_string(seen.size());
      tiling::KernelCode k = tiling::generate(gr, s, c, low, o);
      const bool a_once = cs.a_once && s.mm.n <= c.bn, b_once = cs.b_once && s.mm.m <= c.bm;
      // Each hinted copy names its tensor map: tmap0 for A, tmap1 for B.
      bool a_hint = false, b_hint = false;
      std::istringstream lines(k.body);
      for (std::string line; std::getline(lines, line);) {
        if (line.find(".L2::cache_hint") == std::string::npos) continue;
        a_hint = a_hint || line.find("\"l\"(tmap0)") != std::string::npos;
        b_hint = b_hint || line.find("\"l\"(tmap1)") != std::string::npos;
      }
      CHECK(a_hint == a_once);
      CHECK(b_hint == b_once);
      CHECK((k.body.find("createpolicy.fractional.L2::evict_first.b64") != std::string::npos) == (a_once || b_once));
      hinted += a_hint || b_hint;
      tu << k.body << "\n";
    }
    ++gi;
  }
  CHECK(hinted > 0);
  axon::test::check_sm90a(low, tu.str(), "once");
}
