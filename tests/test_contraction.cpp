// Tensor-core contraction kernels (docs/contraction.md), without a GPU: which groups take the
// contraction strategy and how their operands are staged; the ldmatrix addressing is checked
// against the spec's mma fragments (a corrupted spec is refused, not miscompiled); the kernels
// of every operand orientation compile with nvcc for sm_80 and sm_90.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <tuple>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/isa/spec.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "codegen_support.h"
#include "contraction_support.h"

using namespace axon;
namespace fs = std::filesystem;
using axon::test::compile_contractions;
using axon::test::contraction_group;
using axon::test::lowerings;
using axon::test::mm_fields;
using axon::test::mm_graph;
using axon::test::nvcc;
using axon::test::parse;
using axon::test::sm90_limits;
using axon::test::whole_graph;


TEST_CASE("contraction groups: operands staged directly or computed, by layout and alignment", "[codegen][contraction]") {
  const Isa* isa = lowerings("sm_90").isa.get();
  struct Case {
    std::string graph;
    bool a_direct, a_k_major, b_direct, b_k_major;
    int64_t batch, m, n, k;
  };
  const std::vector<Case> cases = {
      {mm_graph("[77,136]", "[136,200]", "bf16", "{}"), true, true, true, false, 1, 77, 200, 136},
      {mm_graph("[64,88]", "[64,40]", "bf16", R"({"transpose_a":true})"), true, false, true, false, 1, 88, 40, 64},
      {mm_graph("[2,3,50,64]", "[2,3,40,64]", "f16", R"({"transpose_b":true})"), true, true, true, true, 6, 50, 40, 64},
      {mm_graph("[33,70]", "[70,45]", "bf16", "{}"), false, true, false, false, 1, 33, 45, 70},  // rows of 70 and 45: not 16-byte aligned
      {mm_graph("[2,20,32]", "[32,24]", "bf16", "{}"), true, true, true, false, 2, 20, 24, 32},  // B broadcast over the batch
  };
  for (const Case& c : cases) {
    INFO(c.graph);
    Graph g = parse(c.graph);
    tiling::GroupShape s = tiling::classify(contraction_group(g), isa);
    INFO(s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    CHECK(s.mm.a.direct == c.a_direct);
    CHECK(s.mm.a.k_major == c.a_k_major);
    CHECK(s.mm.b.direct == c.b_direct);
    CHECK(s.mm.b.k_major == c.b_k_major);
    CHECK(s.mm.batch == c.batch);
    CHECK(s.mm.m == c.m);
    CHECK(s.mm.n == c.n);
    CHECK(s.mm.k == c.k);
  }
  // f32 operands: the SIMT kernel (FMAs in f32, no tf32), with or without the ISA; bf16 without
  // the ISA: generic (no tensor-core instructions).
  Graph f32 = parse(mm_graph("[16,16]", "[16,16]", "f32", "{}"));
  for (const Isa* i : {isa, static_cast<const Isa*>(nullptr)}) {
    tiling::GroupShape s = tiling::classify(contraction_group(f32), i);
    CHECK(s.strategy == tiling::Strategy::Contraction);
    CHECK(s.mm.simt);
    CHECK(!s.mm.wgmma);
  }
  Graph bf = parse(mm_graph("[16,16]", "[16,16]", "bf16", "{}"));
  CHECK(tiling::classify(contraction_group(bf)).strategy == tiling::Strategy::Generic);
}

TEST_CASE("TMA and wgmma are used only where the spec's swizzle128 layout is the generator's", "[codegen][contraction]") {
  // A copy of the specs with the bulk tensor copy's layout changed (chunks XOR row / 2), then
  // also every wgmma form's: the generator falls back to cp.async-fed wgmma, then to mma.sync.
  const fs::path dir = fs::temp_directory_path() / ("axon_swz_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(default_isa_dir(), dir, fs::copy_options::recursive);
  auto edit = [&](const std::string& file, const std::string& only) {
    std::ifstream in(dir / "ptx" / file);
    std::stringstream out;
    std::string line, current;
    while (std::getline(in, line)) {
      if (line.rfind("instruction ", 0) == 0) current = line.substr(12);
      const std::string from = "xor(byte / 16, row % 8, 3)";
      if (line.find(from) != std::string::npos && current.find(only) != std::string::npos)
        line.replace(line.find(from), from.size(), "xor(byte / 16, (row / 2) % 8, 3)");
      out << line << "\n";
    }
    in.close();
    std::ofstream(dir / "ptx" / file) << out.str();
  };
  Graph g = parse(mm_graph("[128,256]", "[256,128]", "bf16", "{}"));
  tiling::Group gr = contraction_group(g);
  const Isa original = load_isa(default_isa_dir(), "sm_90");
  tiling::GroupShape s0 = tiling::classify(gr, &original);
  CHECK((s0.mm.wgmma && s0.mm.tma));
  edit("memory.isa", "cp.async.bulk.tensor");
  const Isa no_tma = load_isa(dir.string(), "sm_90");
  tiling::GroupShape s1 = tiling::classify(gr, &no_tma);
  REQUIRE(s1.strategy == tiling::Strategy::Contraction);
  CHECK(s1.mm.wgmma);
  CHECK_FALSE(s1.mm.tma);
  edit("matrix.isa", "wgmma");
  const Isa no_wgmma = load_isa(dir.string(), "sm_90");
  tiling::GroupShape s2 = tiling::classify(gr, &no_wgmma);
  REQUIRE(s2.strategy == tiling::Strategy::Contraction);
  CHECK_FALSE(s2.mm.wgmma);
  fs::remove_all(dir);
}

TEST_CASE("contraction configurations respect shared memory and register limits", "[codegen][contraction]") {
  Graph g = load_graph(std::string(AXON_SOURCE_DIR) + "/benchmarks/graphs/mlp_gelu.json", {});
  tiling::Group gr = contraction_group(g);
  tiling::GroupShape s = tiling::classify(gr, lowerings("sm_90").isa.get());
  REQUIRE(s.strategy == tiling::Strategy::Contraction);
  tiling::Limits L = axon::test::static_smem_limits();  // mma.sync's configurations
  auto configs = tiling::enumerate_configs(gr, s, L);
  int contraction = 0;
  for (const auto& rc : configs) {
    const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
    if (c_mm == nullptr) continue;
    const tiling::ContractionConfig& c = *c_mm;
    ++contraction;
    CHECK(c.threads == 32 * c.warps_m * c.warps_n);
    CHECK(c.stages * (c.bm + c.bn) * c.bk * 2 <= L.smem_dynamic);
    CHECK((c.bm / c.warps_m) % 16 == 0);
    CHECK((c.bn / c.warps_n) % 16 == 0);
    CHECK((c.bm / c.warps_m / 16) * (c.bn / c.warps_n / 8) * 4 <= 128);  // accumulator registers
  }
  CHECK(contraction > 20);
  CHECK(configs.front().config.strategy() == tiling::Strategy::Contraction);  // ranked above the fallback
}

TEST_CASE("a computed operand's estimate counts its evaluation by every tile of the other axis", "[codegen][contraction]") {
  // x @ (w * g): every tile row evaluates w * g for its k-tiles (64 tile rows at M = 8192); on the
  // H200 that kernel ran six times slower than x @ w. Two producer warpgroups halve it.
  Graph plain = parse(mm_graph("[8192,4096]", "[4096,4096]", "bf16", "{}"));
  Graph scaled = parse(R"({"name":"t","inputs":[{"name":"a","shape":[8192,4096],"dtype":"bf16"},)"
                       R"({"name":"w","shape":[4096,4096],"dtype":"bf16"},{"name":"g","shape":[4096,1],"dtype":"bf16"}],)"
                       R"("nodes":[{"name":"b","op":"mul","inputs":["w","g"]},{"name":"m","op":"matmul","inputs":["a","b"]}],)"
                       R"("outputs":["m"]})");
  auto configs = [&](const Graph& g) {
    tiling::Group gr = whole_graph(g);
    tiling::GroupShape s = tiling::classify(gr, lowerings("sm_90").isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    return tiling::enumerate_configs(gr, s, sm90_limits());
  };
  const auto p = configs(plain), c = configs(scaled);
  INFO("plain: " << p.front().config.str() << " " << p.front().why << "; scaled: " << c.front().config.str() << " " << c.front().why);
  CHECK(c.front().est_us > 3 * p.front().est_us);
  double one = 1e30, two = 1e30;  // the best TMA estimates with one and with two producer warpgroups
  for (const auto& rc : c)
    if (mm_fields(rc.config).tma) {
      double& best = mm_fields(rc.config).producers == 2 ? two : one;
      best = std::min(best, rc.est_us);
    }
  REQUIRE(one < 1e30);
  REQUIRE(two < 1e30);
  CHECK(two < 0.7 * one);
}

TEST_CASE("a grid of few blocks with long K ranks by the copies each block keeps in flight", "[codegen][contraction]") {
  // M = 16 (rmsnorm -> matmul's decode shape): 128 blocks of 16 x 32 with two or three copies in
  // flight measured 40-45 us on the H200 where the bytes allow 8; TMA blocks with every slot in
  // flight 17.7. Without the latency bound the mma.sync tiles were ranked first.
  Graph g = parse(mm_graph("[16,4096]", "[4096,4096]", "bf16", "{}"));
  tiling::Group gr = whole_graph(g);
  tiling::GroupShape s = tiling::classify(gr, lowerings("sm_90").isa.get());
  REQUIRE(s.strategy == tiling::Strategy::Contraction);
  const auto configs = tiling::enumerate_configs(gr, s, sm90_limits());
  REQUIRE_FALSE(configs.empty());
  INFO(configs.front().config.str() << ": " << configs.front().why);
  CHECK(mm_fields(configs.front().config).tma);
  for (const auto& rc : configs)
    if (rc.config.strategy() == tiling::Strategy::Contraction && !mm_fields(rc.config).wgmma && mm_fields(rc.config).bm == 16) {
      INFO(rc.config.str() << ": " << rc.why);
      CHECK(rc.est_us > 1.5 * configs.front().est_us);
    }
}

TEST_CASE("split-K's clusters past those that fit on the GPU at once are ranked as a later wave", "[codegen][contraction]") {
  // M = 16: 32 tiles of 64 x 128 in clusters of four. Five slots take a block's SM: 30 clusters
  // fit (the H200's 120 SMs for clusters of four), the last two run after them (22.6 us against
  // 18.2 for four slots, two blocks per SM, on the H200). Clusters of three fit at five slots.
  Graph g = parse(mm_graph("[16,4096]", "[4096,4096]", "bf16", "{}"));
  tiling::Group gr = whole_graph(g);
  tiling::GroupShape s = tiling::classify(gr, lowerings("sm_90").isa.get());
  REQUIRE(s.strategy == tiling::Strategy::Contraction);
  auto est = [&](const tiling::Limits& L, int stages, int splits) {
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (c.tma && c.bn == 128 && c.stages == stages && c.splits == splits && c.producers == 1 && !c.a_regs) return rc.est_us;
    }
    FAIL("no 64 x 128 split configuration with " << stages << " stages and " << splits << " splits");
    return 0.0;
  };
  const tiling::Limits L = sm90_limits();  // the target's cluster_sms: its placement limit
  CHECK(est(L, 5, 4) > est(L, 4, 4) + 2);
  CHECK(est(L, 5, 3) < est(L, 4, 3) + 0.5);
  CHECK(est(L, 5, 3) < est(L, 5, 4) - 2);
  tiling::Limits any = sm90_limits();  // without the placement limit, five slots cost no more than four
  any.cluster_sms.clear();
  CHECK(est(any, 5, 4) <= est(any, 4, 4) + 0.5);
}

TEST_CASE("the ldmatrix addressing is checked against the spec's mma fragments", "[codegen][contraction]") {
  Graph g = parse(mm_graph("[64,64]", "[64,64]", "bf16", "{}"));
  tiling::Group gr = contraction_group(g);
  const tiling::Lowerings& low = lowerings("sm_90");
  tiling::GroupShape s = tiling::classify(gr, low.isa.get());
  REQUIRE(s.strategy == tiling::Strategy::Contraction);
  tiling::ContractionConfig c;
  c.bm = c.bn = 64;
  c.bk = 32;
  c.warps_m = c.warps_n = 2;
  c.threads = 128;
  c.stages = 3;
  tiling::CodegenOptions o;
  o.name = "k";
  tiling::KernelCode code = tiling::generate(gr, s, c, low, o);
  CHECK(code.body.find("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32") != std::string::npos);
  CHECK(code.body.find("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16") != std::string::npos);  // B stored [k][n]
  CHECK(code.body.find("cp.async.cg.shared.global") != std::string::npos);
  REQUIRE(code.launches.size() == 1);
  CHECK(code.launches[0].grid == 1);
  CHECK(code.launches[0].block == 128);
  // A spec whose ldmatrix fragment is transposed no longer composes into the mma's fragment.
  auto broken = std::make_shared<Isa>(*low.isa);
  for (InstrSpec& i : broken->instrs)
    if (i.name == "ldmatrix.sync.aligned.m8n8.x4.shared.b16")
      for (Fragment& f : i.fragments) std::swap(f.row, f.col);
  tiling::Lowerings bad = low;
  bad.isa = broken;
  CHECK_THROWS_AS(tiling::generate(gr, s, c, bad, o), InternalError);
}

TEST_CASE("epilogues stage with stmatrix, its addressing checked against the spec's wgmma d fragment", "[codegen][contraction]") {
  // Ragged M and N, more tiles than SMs.
  Graph g = parse(mm_graph("[4100,128]", "[128,4104]", "bf16", "{}"));
  tiling::Group gr = contraction_group(g);
  const tiling::Lowerings& low = lowerings("sm_90");
  tiling::GroupShape s = tiling::classify(gr, low.isa.get());
  REQUIRE(s.strategy == tiling::Strategy::Contraction);
  // A persistent and a one-tile TMA-store configuration, and one with store warps (the
  // consumers stage the tile for them).
  std::vector<tiling::TileConfig> picks;
  for (int kind = 0; kind < 3; ++kind)
    for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits()))
      if (kind == 2 ? mm_fields(rc.config).store_warps : mm_fields(rc.config).tma_store && (mm_fields(rc.config).blocks_per_sm > 0) == (kind == 0)) {
        picks.push_back(rc.config);
        break;
      }
  REQUIRE(picks.size() == 3);
  tiling::CodegenOptions o;
  o.name = "k";
  auto without = std::make_shared<Isa>(*low.isa);
  without->instrs.erase(std::remove_if(without->instrs.begin(), without->instrs.end(),
                                       [](const InstrSpec& i) { return i.name == "stmatrix.sync.aligned.m8n8.x4.shared.b16"; }),
                        without->instrs.end());
  auto broken = std::make_shared<Isa>(*low.isa);
  for (InstrSpec& i : broken->instrs)
    if (i.name == "stmatrix.sync.aligned.m8n8.x4.shared.b16")
      for (Fragment& f : i.fragments) f.row = term::add(f.row, term::integer(1));
  for (const tiling::TileConfig& c : picks) {
    INFO(c.str());
    const tiling::KernelCode code = tiling::generate(gr, s, c, low, o);
    // Four pairs of bf16 per stmatrix (TMA store: outputs past the last row or column staged as
    // zeros), no single-pair stores.
    CHECK(code.body.find("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};") != std::string::npos);
    CHECK(code.body.find("e += 8) {") != std::string::npos);
    CHECK(code.body.find("axon_st2_bf16(") == std::string::npos);
    // Without the instruction, pairs of st.shared; with a fragment one row off, an internal error.
    tiling::Lowerings other = low;
    other.isa = without;
    const tiling::KernelCode plain = tiling::generate(gr, s, c, other, o);
    CHECK(plain.body.find("stmatrix") == std::string::npos);
    CHECK(plain.body.find("axon_st2_bf16(") != std::string::npos);
    other.isa = broken;
    CHECK_THROWS_AS(tiling::generate(gr, s, c, other, o), InternalError);
  }
}

TEST_CASE("the TMA-store epilogue tests each pair against the output's bounds only where the tiles do not divide it",
          "[codegen][contraction]") {
  // 4096 x 4096 with a bias (read at the pair's column): every tile and multicast cluster inside
  // the output, no test; 4100 rows (a partial tile row) or 4104 columns: the test stays.
  const tiling::Lowerings& low = lowerings("sm_90");
  const std::string bias = R"(,{"name":"bias","shape":[4096],"dtype":"bf16"})", add = R"(,{"name":"y","op":"add","inputs":["m","bias"]})";
  for (const auto& [a, b, whole] : {std::tuple{"[4096,128]", "[128,4096]", true}, std::tuple{"[4100,128]", "[128,4096]", false}}) {
    Graph g = parse(mm_graph(a, b, "bf16", "{}", bias, add, "y"));
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    int seen = 0;
    for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits())) {
      const auto* t_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (t_mm == nullptr) continue;
      const tiling::ContractionConfig& t = *t_mm;
      if (!t.tma_store || seen >= 4) continue;
      ++seen;
      INFO(a << " " << t.str());
      tiling::CodegenOptions o;
      o.name = "k";
      const std::string body = tiling::generate(gr, s, t, low, o).body;
      // Past a partial tile row (or a cluster's second block past the last row) the pair is
      // staged as zeros, not computed (the bias would be read there too).
      const bool inside = whole && 4096 % (t.bm * std::max(1, t.multicast)) == 0;
      CHECK((body.find("q[m] = 0u;") == std::string::npos) == inside);
    }
    CHECK(seen > 0);
  }
}

TEST_CASE("contraction kernels of every operand orientation compile with nvcc for sm_80 and sm_90", "[codegen][contraction][nvcc]") {
  const std::vector<std::string> graphs = {
      mm_graph("[77,136]", "[136,200]", "bf16", "{}", R"(,{"name":"r","shape":[77,200],"dtype":"bf16"})",
               R"(,{"name":"y","op":"add","inputs":["m","r"]})", "y"),
      mm_graph("[64,88]", "[64,40]", "bf16", R"({"transpose_a":true})"),
      mm_graph("[2,3,50,64]", "[2,3,40,64]", "f16", R"({"transpose_b":true})"),
      mm_graph("[33,70]", "[70,45]", "bf16", "{}", R"(,{"name":"bias","shape":[45],"dtype":"bf16"})",
               R"(,{"name":"y","op":"add","inputs":["m","bias"]},{"name":"z","op":"gelu","inputs":["y"],"attrs":{"approximate":"tanh"}})",
               "z"),
  };
  CHECK(compile_contractions(graphs, 3, "contraction", [](const auto&, const auto&, const auto&) {}) == 12);
}

TEST_CASE("wgmma contraction kernels (sm_90a) compile with nvcc, B K-major and N-major", "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const std::vector<std::string> graphs = {
      mm_graph("[4096,128]", "[128,4096]", "bf16", "{}"),  // more tiles than SMs: persistent blocks
      mm_graph("[300,520]", "[520,264]", "bf16", "{}", R"(,{"name":"bias","shape":[264],"dtype":"bf16"})",
               R"(,{"name":"y","op":"add","inputs":["m","bias"]},{"name":"z","op":"silu","inputs":["y"]})", "z"),
      mm_graph("[2,3,50,64]", "[2,3,40,64]", "bf16", R"({"transpose_b":true})"),
      mm_graph("[33,70]", "[70,45]", "bf16", "{}"),  // computed operands, odd N: unpaired stores
      mm_graph("[136,88]", "[136,40]", "bf16", R"({"transpose_a":true})"),  // A M-major, B N-major
      mm_graph("[136,88]", "[40,136]", "bf16", R"({"transpose_a":true,"transpose_b":true})"),  // A M-major, B K-major
      // A batched linear layer (W broadcast over the batch) writing both the matmul and gelu of it.
      mm_graph("[3,37,64]", "[64,72]", "bf16", "{}", R"(,{"name":"bias","shape":[72],"dtype":"bf16"})",
               R"(,{"name":"y","op":"add","inputs":["m","bias"]},{"name":"z","op":"gelu","inputs":["y"],"attrs":{"approximate":"tanh"}})",
               R"(z", "m)"),
      // Computed operands from sources TMA can copy (staged): exp(x) and neg(w), computed in place.
      R"({"name":"staged","inputs":[{"name":"x","shape":[2,70,136],"dtype":"bf16"},{"name":"w","shape":[136,72],"dtype":"bf16"}],
          "nodes":[{"name":"e","op":"exp","inputs":["x"]},{"name":"n","op":"neg","inputs":["w"]},{"name":"m","op":"matmul","inputs":["e","n"]}],
          "outputs":["m"]})",
      // A computed (a cast in the loads) beside a copied W: the TMA producer does both.
      R"({"name":"cast","inputs":[{"name":"x","shape":[2,45,96],"dtype":"f32"},{"name":"w","shape":[96,72],"dtype":"bf16"}],
          "nodes":[{"name":"c","op":"cast","inputs":["x"],"attrs":{"dtype":"bf16"}},{"name":"m","op":"matmul","inputs":["c","w"]}],
          "outputs":["m"]})",
  };
  std::ostringstream tu;
  int kernels = 0, tma_kernels = 0, persistent = 0, store_warps = 0, tma_store = 0, tma_store_persistent = 0;
  tiling::Limits L = axon::test::target_limits();
  for (size_t gi = 0; gi < graphs.size(); ++gi) {
    Graph g = parse(graphs[gi]);
    const bool whole = gi + 3 >= graphs.size();
    tiling::Group gr = whole ? whole_graph(g) : contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.wgmma);
    // TMA needs an operand it can copy as stored; [33,70] x [70,45] has none.
    CHECK(s.mm.tma == (gi != 3));
    if (gi + 2 == graphs.size()) CHECK((s.mm.a.staged != nullptr && s.mm.b.staged != nullptr));
    if (gi + 3 == graphs.size()) {
      CHECK(gr.writes.size() == 2);
      CHECK(s.mm.b.direct);  // W broadcast over the batch, still copied as stored
    }
    // f32 x is no TMA source for a bf16 tile: computed from global memory.
    if (gi + 1 == graphs.size()) CHECK((s.mm.a.staged == nullptr && !s.mm.a.direct && s.mm.b.direct));
    int here = 0, here_tma = 0;
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      // Two of each kind, best first, and the best persistent one.
      const bool first_persistent = mm_fields(rc.config).blocks_per_sm > 0 && !mm_fields(rc.config).store_warps && persistent == 0;
      const bool first_store_warps = mm_fields(rc.config).store_warps && store_warps == 0;
      const bool first_plain_store = mm_fields(rc.config).tma && !mm_fields(rc.config).tma_store && here_tma == 2;  // the third TMA one stores without TMA
      if (!mm_fields(rc.config).wgmma || ((mm_fields(rc.config).tma ? here_tma : here) >= 2 && !first_persistent && !first_store_warps && !first_plain_store))
        continue;
      tiling::CodegenOptions o;
      o.name = "w" + std::to_string(gi) + "_" + std::to_string(here + here_tma) ;
      (mm_fields(rc.config).tma ? here_tma : here)++;
      tiling::KernelCode k = tiling::generate(gr, s, rc.config, low, o);
      CHECK(k.arch_suffix == "a");
      CHECK(k.body.find("wgmma.mma_async.sync.aligned.m64n" + std::to_string(mm_fields(rc.config).bn) + "k16") != std::string::npos);
      // imm-trans-a / imm-trans-b follow the operands' majorness.
      const std::string trans = std::string(s.mm.a.k_major ? "0" : "1") + ", " + (s.mm.b.k_major ? "0" : "1") + ";";
      CHECK(k.body.find("1, 1, " + trans) != std::string::npos);
      CHECK(k.launches.at(0).smem > 48 * 1024);
      // Stores go through the free slots as 16-byte row chunks, except in persistent blocks
      // (whose producer refills the slots meanwhile) and split-K ones (each block stores the rows
      // it adds up from the cluster's partial sums, in the same chunks).
      CHECK((k.body.find("unsigned char* const stage") != std::string::npos) ==
            ((mm_fields(rc.config).blocks_per_sm == 0 && mm_fields(rc.config).splits == 1) || mm_fields(rc.config).store_warps || mm_fields(rc.config).tma_store));
      // A TMA-store epilogue: boxes of the output written by the bulk store, whose reads are
      // awaited before the block exits.
      CHECK((k.body.find("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group") != std::string::npos) == mm_fields(rc.config).tma_store);
      CHECK((k.body.find("cp.async.bulk.wait_group.read 0") != std::string::npos) == mm_fields(rc.config).tma_store);
      tma_store += mm_fields(rc.config).tma_store;
      tma_store_persistent += mm_fields(rc.config).tma_store && mm_fields(rc.config).blocks_per_sm > 0;
      CHECK((k.body.find("barrier.cluster.wait") != std::string::npos) == (mm_fields(rc.config).splits > 1 || mm_fields(rc.config).multicast > 1));
      if (mm_fields(rc.config).tma) {
        // One tensor map per copied operand or staged source, passed after the pointers; a
        // producer warpgroup.
        const size_t direct = size_t(s.mm.a.direct) + size_t(s.mm.b.direct);
        const size_t staged = size_t(s.mm.a.staged != nullptr) + size_t(s.mm.b.staged != nullptr);
        CHECK(k.launches.at(0).tmaps.size() == direct + staged + size_t(mm_fields(rc.config).tma_store));
        if (mm_fields(rc.config).tma_store) CHECK(k.launches.at(0).tmaps.back().param == int(gr.reads.size()));  // the output
        // Staged operands are computed from their copies in the slot.
        CHECK((k.body.find("const uint4 raw = *reinterpret_cast<const uint4*>(dst);") != std::string::npos) == (staged > 0));
        CHECK(k.launches.at(0).block == 128 * (mm_fields(rc.config).warps_m + mm_fields(rc.config).producers));
        CHECK((mm_fields(rc.config).producers == 1 || !s.mm.a.direct || !s.mm.b.direct));
        CHECK(k.body.find("cp.async.bulk.tensor.3d") != std::string::npos);
        CHECK(k.body.find("mbarrier.try_wait.parity") != std::string::npos);
        // Registers move to the consumers only when the producer just issues copies, and the
        // kernel is not built for two blocks per SM (which keep the launch's 128 each).
        const bool two = k.body.find("__launch_bounds__(" + std::to_string(k.launches.at(0).block) + ", 2)") != std::string::npos;
        CHECK((k.body.find("setmaxnreg.dec") != std::string::npos) == (direct == 2 && !two));
        CHECK((!two || (mm_fields(rc.config).warps_m == 1 && mm_fields(rc.config).bn <= 128 && mm_fields(rc.config).blocks_per_sm == 0)));
        CHECK(k.body.find("cp.async.cg") == std::string::npos);
        ++tma_kernels;
        if (mm_fields(rc.config).blocks_per_sm > 0) {
          // A persistent grid: at most one block per SM, walking the tiles.
          persistent += !mm_fields(rc.config).store_warps;
          CHECK(k.launches.at(0).grid <= o.sm_count);
          CHECK(k.body.find("tile += gridDim.x") != std::string::npos);
        }
        // Store warps: warps 1-3 of the producer warpgroup store each staged tile, behind its barriers.
        CHECK((k.body.find("q = tid - 32; q < ") != std::string::npos) == mm_fields(rc.config).store_warps);
        CHECK((k.body.find("sfull") != std::string::npos) == mm_fields(rc.config).store_warps);
        store_warps += mm_fields(rc.config).store_warps;
      }
      tu << k.body << "\n";
      ++kernels;
    }
  }
  CHECK(kernels == 43);
  CHECK(tma_kernels == 25);  // the best two and one storing from registers, per graph that TMA can feed
  CHECK(persistent == 1);
  CHECK(store_warps == 1);
  CHECK(tma_store >= 4);
  CHECK(tma_store_persistent >= 1);
  // sm_80 has no wgmma: the classification says so and no configuration asks for it.
  Graph g80 = parse(graphs[0]);
  tiling::Group gr80 = contraction_group(g80);
  CHECK_FALSE(tiling::classify(gr80, lowerings("sm_80").isa.get()).mm.wgmma);
  axon::test::check_sm90a(low, tu.str(), "wgmma");
}

TEST_CASE("f16 contractions take the spec's f16 wgmma forms on sm_90 (sm_90a, nvcc)", "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  // Stored operands (B N-major), A M-major, twin matmuls of one X, and a computed A (register A).
  const std::vector<std::string> graphs = {
      mm_graph("[300,520]", "[520,264]", "f16", "{}"),
      mm_graph("[136,88]", "[136,40]", "f16", R"({"transpose_a":true})"),
      R"({"name":"twins","inputs":[{"name":"x","shape":[300,136],"dtype":"f16"},{"name":"w1","shape":[136,200],"dtype":"f16"},
          {"name":"w3","shape":[136,200],"dtype":"f16"}],
          "nodes":[{"name":"g","op":"matmul","inputs":["x","w1"]},{"name":"u","op":"matmul","inputs":["x","w3"]},
                   {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})",
      R"({"name":"areg","inputs":[{"name":"x","shape":[300,520],"dtype":"f16"},{"name":"g","shape":[520],"dtype":"f16"},
          {"name":"w","shape":[520,264],"dtype":"f16"}],
          "nodes":[{"name":"y","op":"mul","inputs":["x","g"]},{"name":"m","op":"matmul","inputs":["y","w"]}],"outputs":["m"]})",
  };
  std::ostringstream tu;
  int kernels = 0;
  for (size_t gi = 0; gi < graphs.size(); ++gi) {
    Graph g = parse(graphs[gi]);
    tiling::Group gr = gi >= 2 ? whole_graph(g) : contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    INFO(graphs[gi] << ": " << s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    CHECK((s.mm.wgmma && s.mm.tma));
    CHECK((s.mm.mm2 != nullptr) == (gi == 2));
    CHECK(s.mm.a_regs == (gi == 3));
    int here = 0;
    for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits())) {
      if (!mm_fields(rc.config).wgmma || (gi == 3 && !mm_fields(rc.config).a_regs) || here == 2) continue;
      tiling::CodegenOptions o;
      o.name = "h" + std::to_string(gi) + "_" + std::to_string(here++);
      const tiling::KernelCode k = tiling::generate(gr, s, rc.config, low, o);
      CHECK(k.body.find(".f32.f16.f16 {") != std::string::npos);
      CHECK(k.body.find(".bf16.bf16") == std::string::npos);
      // Register A packs A's values, rounded to f16, as f16 pairs (300 rows: no tile divides A,
      // so each pair is evaluated and packed in C).
      CHECK(k.body.find("axon_pack2_bf16(") == std::string::npos);
      CHECK((k.body.find("= axon_pack2_f16(fv0, fv1);") != std::string::npos) == mm_fields(rc.config).a_regs);
      tu << k.body << "\n";
      ++kernels;
    }
  }
  CHECK(kernels == 8);
  axon::test::check_sm90a(low, tu.str(), "wgmma_f16");
}

TEST_CASE("a side reduction the contraction kernel cannot compute gets a kernel of its own", "[codegen][contraction]") {
  // RMSNorm's row scale moved past the matmul: the cost model computes mean(x^2) beside x * g @ w
  // in one kernel. On sm_90 the register-A wgmma kernel accumulates it from A's fragments (one
  // group); sm_80's kernels do not reduce, so superopt's partition gives the mean a row kernel
  // there and keeps the matmul on tensor cores.
  Graph g = parse(R"({"name":"rms_moved","inputs":[{"name":"x","shape":[300,136],"dtype":"bf16"},{"name":"g","shape":[136],"dtype":"bf16"},
      {"name":"w","shape":[136,200],"dtype":"bf16"}],
      "nodes":[{"name":"xf","op":"cast","inputs":["x"],"attrs":{"dtype":"f32"}},{"name":"sq","op":"mul","inputs":["xf","xf"]},
               {"name":"ms","op":"reduce_mean","inputs":["sq"],"attrs":{"axes":[1],"keepdims":true}},
               {"name":"eps","op":"constant","inputs":[],"attrs":{"value":1e-6,"dtype":"f32"}},{"name":"se","op":"add","inputs":["ms","eps"]},
               {"name":"r","op":"rsqrt","inputs":["se"]},{"name":"xg","op":"mul","inputs":["x","g"]},{"name":"mm","op":"matmul","inputs":["xg","w"]},
               {"name":"mf","op":"cast","inputs":["mm"],"attrs":{"dtype":"f32"}},{"name":"o","op":"mul","inputs":["mf","r"]},
               {"name":"out","op":"cast","inputs":["o"],"attrs":{"dtype":"bf16"}}],"outputs":["out"]})");
  CHECK(estimate_cost(g, target_model("sm_90")).kernels == 1);  // the model's own partition
  const std::vector<tiling::Group> one = fusion_groups(g, "sm_90");
  REQUIRE(one.size() == 1);
  const tiling::GroupShape s = tiling::classify(one[0], lowerings("sm_90").isa.get());
  CHECK(s.strategy == tiling::Strategy::Contraction);
  CHECK(s.mm.side.size() == 1);
  const std::vector<tiling::Group> groups = fusion_groups(g, "sm_80");
  REQUIRE(groups.size() == 2);
  const tiling::Lowerings& low = lowerings("sm_80");
  CHECK(tiling::classify(groups[0], low.isa.get()).strategy == tiling::Strategy::Row);
  CHECK(tiling::classify(groups[1], low.isa.get()).strategy == tiling::Strategy::Contraction);
}

TEST_CASE("a bf16 contraction's epilogue rounds and stores without widening back (the compiler packs the pair)", "[codegen][contraction]") {
  // The kernels' bf16 rounding must stay foldable with the store: an inline-asm widening in
  // between left an unpacked conversion and two integer instructions per element (SASS of the
  // 4096^3 gemm: 1504 instructions instead of 1184).
  const std::string cc = nvcc();
  if (cc.empty()) {
    WARN("nvcc not found: the check is skipped");
    return;
  }
  Graph g = parse(mm_graph("[256, 512]", "[512, 384]", "bf16", "{}"));
  for (const std::string target : {"sm_80", "sm_90"}) {
    const tiling::Lowerings& low = lowerings(target);
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    auto configs = tiling::enumerate_configs(gr, s, axon::test::target_limits());
    std::ostringstream tu;
    int n = 0;
    for (size_t j = 0; j < configs.size() && n < 3; ++j) {
      if (configs[j].config.strategy() != tiling::Strategy::Contraction) continue;
      tiling::CodegenOptions o;
      o.name = "w" + std::to_string(j);
      tu << tiling::generate(gr, s, configs[j].config, low, o).body << "\n";
      ++n;
    }
    const axon::test::NvccRun r = axon::test::nvcc_run(cc, tiling::prelude(low) + "\n" + tu.str(),
                                                       target == "sm_90" ? "-arch=sm_90a" : "-arch=sm_80", "widen_" + target, true);
    const std::string& ptx = r.ptx;
    INFO(target << ": " << r.log.substr(0, 2000));
    REQUIRE_FALSE(ptx.empty());
    CHECK(ptx.find("cvt.rn.bf16") != std::string::npos);
    CHECK(ptx.find("cvt.f32.bf16") == std::string::npos);
  }
}

TEST_CASE("TMA contractions copy graph inputs before waiting for the kernel before them, and small tiles run two blocks per SM (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  // (a @ b) @ c: the second matmul's A is the first kernel's output, its B a graph input. Under
  // programmatic dependent launch the producer thread issues B's copies for the first stages,
  // then waits (griddepcontrol.wait), then copies A; the consumers, who read only shared memory
  // in their main loop, wait after it (before the epilogue touches global memory) in a block of
  // one tile, before their first wgmma in a persistent one; nothing waits at the kernel's start.
  // The first matmul reads graph inputs only: its producer never waits.
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  Graph g = parse(R"({"name":"chain","inputs":[{"name":"a","shape":[300,136],"dtype":"bf16"},{"name":"b","shape":[136,264],"dtype":"bf16"},
    {"name":"c","shape":[264,520],"dtype":"bf16"}],"nodes":[{"name":"m","op":"matmul","inputs":["a","b"]},
    {"name":"y","op":"matmul","inputs":["m","c"]}],"outputs":["y"]})");
  const std::vector<tiling::Group> groups = fusion_groups(g, "sm_90");
  REQUIRE(groups.size() == 2);
  std::ostringstream tu;
  int kernels = 0, two_per_sm = 0;
  for (size_t gi = 0; gi < 2; ++gi) {
    tiling::GroupShape s = tiling::classify(groups[gi], low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE((s.mm.a.direct && s.mm.b.direct));
    std::set<std::tuple<int, int, int, int, int>> seen;
    for (const auto& rc : tiling::enumerate_configs(groups[gi], s, L)) {
      const auto* c_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (c_mm == nullptr) continue;
      const tiling::ContractionConfig& c = *c_mm;
      if (!c.tma || !seen.insert({c.bm, c.bn, c.blocks_per_sm, c.multicast, c.splits}).second) continue;
      INFO(c.str());
      tiling::CodegenOptions o;
      o.name = "pdl" + std::to_string(kernels++);
      const tiling::KernelCode k = tiling::generate(groups[gi], s, c, low, o);
      const std::string& b = k.body;
      const size_t start = b.find("{\n", b.find("__global__")) + 2;
      const std::string launch = "  asm volatile(\"griddepcontrol.launch_dependents;\"";
      CHECK(b.compare(start, launch.size(), launch) == 0);
      CHECK(b.substr(start, 200).find("griddepcontrol.wait") == std::string::npos);
      const size_t first_b = b.find("\"l\"(tmap1)"), first_a = b.find("\"l\"(tmap0)");
      const size_t consumers = b.find("do {");
      REQUIRE(consumers != std::string::npos);
      const size_t producer = b.find("if (tid != 0) return;");  // the producer thread's code follows
      REQUIRE(producer != std::string::npos);
      const size_t producer_wait = b.find("griddepcontrol.wait", producer), consumer_wait = b.find("griddepcontrol.wait", b.rfind("return;", consumers));
      const size_t loop_end = b.find("} while (++j < NK);");
      REQUIRE(loop_end != std::string::npos);
      if (c.blocks_per_sm > 0) CHECK(consumer_wait < consumers);  // before the first wgmma
      else {  // right after the main loop: its last wgmmas' wait and slot release between
        REQUIRE(consumer_wait > loop_end);
        const std::string between = b.substr(loop_end, consumer_wait - loop_end);
        CHECK(std::count(between.begin(), between.end(), '\n') <= 3);
        CHECK(between.find("wgmma.wait_group.sync.aligned 0;") != std::string::npos);
      }
      if (gi == 1) {  // B's copies of the first stages, the wait, then A's
        CHECK(first_b < producer_wait);
        CHECK(producer_wait < first_a);
        CHECK(b.find("if (g < pre)") != std::string::npos);
      } else {  // the producer thread copies and never waits
        CHECK(b.find("if (g < pre)") == std::string::npos);
        CHECK(producer_wait == consumer_wait);
      }
      // One consumer warpgroup of 128 columns or fewer, stages that fit twice: two blocks per SM,
      // no register moves.
      const bool two = c.warps_m == 1 && c.producers == 1 && c.blocks_per_sm == 0 && c.bn <= 128 && 2 * (k.launches.at(0).smem + 1024) <= 228 * 1024;
      two_per_sm += two;
      CHECK(b.find(two ? "__launch_bounds__(" + std::to_string(c.threads) + ", 2)" : "__launch_bounds__(" + std::to_string(c.threads) + ", 1)") !=
            std::string::npos);
      CHECK((b.find("setmaxnreg") == std::string::npos) == two);
      tu << b << "\n";
    }
  }
  CHECK(kernels >= 8);
  CHECK(two_per_sm >= 1);
  axon::test::check_sm90a(low, tu.str(), "pdl");
}
