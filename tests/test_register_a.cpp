// Register A (ContractionConfig::a_regs, docs/contraction.md), without a GPU: a matmul whose A is
// computed from a stored bf16 tensor (a row statistic and a per-K scale on x, as a normalization
// leaves them) takes configurations in which the producer only copies x and the consumers
// evaluate A at their wgmma fragments; the kernels compile for sm_90a without serialized wgmmas.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "axon/core/graph_json.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "codegen_support.h"
#include "contraction_support.h"
#include "solver_limits.h"

using namespace axon;
using axon::test::contraction_group;
using axon::test::lowerings;
using axon::test::mm_fields;
using axon::test::parse;
using axon::test::sm90_limits;

namespace {

// (x * r * g) @ w (+ bias): x [m, k], r [m, 1], g [k], w [k, n] (N-major, or K-major with
// transpose_b), all bf16; with `batch`, x and r get a leading batch axis (w broadcast).
std::string scaled_mm(int64_t m, int64_t k, int64_t n, bool transpose_b = false, int64_t batch = 0) {
  const std::string M = std::to_string(m), K = std::to_string(k), N = std::to_string(n);
  const std::string B = batch > 0 ? std::to_string(batch) + "," : "";
  const std::string w = transpose_b ? "[" + N + "," + K + "]" : "[" + K + "," + N + "]";
  return R"({"name":"scaled","inputs":[{"name":"x","shape":[)" + B + M + "," + K + R"(],"dtype":"bf16"},{"name":"r","shape":[)" + B + M +
         R"(,1],"dtype":"bf16"},{"name":"g","shape":[)" + K + R"(],"dtype":"bf16"},{"name":"w","shape":)" + w +
         R"(,"dtype":"bf16"},{"name":"bias","shape":[)" + N + R"(],"dtype":"bf16"}],
      "nodes":[{"name":"xr","op":"mul","inputs":["x","r"]},{"name":"y","op":"mul","inputs":["xr","g"]},
               {"name":"m","op":"matmul","inputs":["y","w"],"attrs":{"transpose_b":)" +
         (transpose_b ? "true" : "false") + R"(}},{"name":"z","op":"add","inputs":["m","bias"]}],"outputs":["z"]})";
}

}  // namespace

TEST_CASE("register A: the consumers compute A's prologue at their wgmma fragments from its copied source (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  const tiling::Limits L = sm90_limits();
  std::string kernels;
  int total = 0, persistent = 0, multicast = 0, stream_k = 0;
  // Ragged M, N and K (520 = 8 k-tiles and a part); more tiles than SMs (persistent blocks,
  // multicast clusters, stream-K); a batch of x (its panels copied, w broadcast).
  for (const std::string& text : {scaled_mm(300, 520, 264), scaled_mm(2000, 328, 3000), scaled_mm(150, 200, 136, false, 3)}) {
    Graph g = parse(text);
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    INFO(s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.tma);
    REQUIRE(s.mm.a.staged != nullptr);
    REQUIRE(s.mm.a_regs);
    int here = 0, producer_computes = 0;
    for (const auto& rc : tiling::enumerate_configs(gr, s, L)) {
      const auto* t_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (t_mm == nullptr) continue;
      const tiling::ContractionConfig& t = *t_mm;
      if (!t.tma) continue;
      producer_computes += !t.a_regs;  // the producers' in-place prologue stays a candidate
      if (!t.a_regs) continue;
      CHECK(t.producers == 1);
      const bool first_persistent = t.blocks_per_sm > 0 && persistent == 0, first_mc = t.multicast > 1 && multicast == 0,
                 first_sk = t.stream_k && stream_k == 0;
      if (here >= 2 && !first_persistent && !first_mc && !first_sk) continue;
      ++here;
      persistent += t.blocks_per_sm > 0;
      multicast += t.multicast > 1;
      stream_k += t.stream_k;
      tiling::CodegenOptions o;
      o.name = "areg" + std::to_string(total++);
      const tiling::KernelCode k = tiling::generate(gr, s, t, low, o);
      INFO(t.str());
      CHECK(t.str().find(" a-regs") != std::string::npos);
      // The fragments come from the slot (32-bit shared loads: r, a row value, keeps A out of
      // the packed pairs, and with them ldmatrix) and feed the register-A form: four registers
      // for A, imm-trans-b only.
      CHECK(k.body.find("ld.shared.f32 %0, [%1];\" : \"=f\"(w)") != std::string::npos);
      CHECK(k.body.find("ldmatrix") == std::string::npos);
      CHECK(k.body.find("bf16x2 %0") == std::string::npos);
      CHECK(k.body.find("fa0[kk * 4 + e / 2] = ") != std::string::npos);
      CHECK(k.body.find("fa1[kk * 4 + e / 2] = ") != std::string::npos);
      CHECK(k.body.find("k16.f32.bf16.bf16 {%") != std::string::npos);
      CHECK(k.body.find("p, 1, 1, 1;") != std::string::npos);
      // The producer copies x and w and computes nothing (no in-place prologue); registers move
      // to the consumers unless two blocks share an SM.
      CHECK(k.body.find("const uint4 raw") == std::string::npos);
      CHECK(k.launches.at(0).tmaps.size() == size_t(2 + t.tma_store));
      CHECK(k.launches.at(0).block == 128 * (t.warps_m + 1));
      const bool two = k.body.find("__launch_bounds__(" + std::to_string(k.launches.at(0).block) + ", 2)") != std::string::npos;
      CHECK((k.body.find("setmaxnreg.dec") != std::string::npos) == !two);
      // Two fragment arrays, by k-tile parity: a k-tile's wgmmas run on while the next one's
      // fragments are computed into the other array.
      CHECK(k.body.find("if ((j & 1) == 0) {") != std::string::npos);
      CHECK(k.body.find("wgmma.wait_group.sync.aligned 1;") != std::string::npos);
      // g (one value per k) is staged in shared memory over the block's K range before the main
      // loop, unless the block is persistent with stream-K's shares of K; r (one per row) is
      // loaded where used. Everything A reads is a graph input: a block of one tile waits for the
      // kernel before it only after its main loop.
      const size_t loop_end = k.body.find("} while (++j < NK);");
      REQUIRE(loop_end != std::string::npos);
      const bool one_tile = t.blocks_per_sm == 0;
      CHECK(s.mm.a_kvecs.size() == 1);
      CHECK(s.mm.a_reads_inputs);
      const bool stages_k = t.a_kvec_floats > 0;  // persistent: where they fit beside the slots
      CHECK((!stages_k || one_tile || !t.stream_k));
      if (one_tile) CHECK(stages_k);
      const size_t staged = k.body.find("st.shared.f32 [%0], %1;\" :  : \"r\"(kv0 + ");
      CHECK((staged != std::string::npos) == stages_k);
      if (stages_k) {
        CHECK(staged < k.body.find("int j = 0;\n"));
        CHECK(k.body.find("ld.shared.f32 %0, [%1];\" : \"=f\"(kv") != std::string::npos);
      }
      if (one_tile) CHECK(k.body.find("griddepcontrol.wait", k.body.find("role < 1")) > loop_end);
      CHECK(k.body.find("axon_ld_bf16(in", k.body.find("int j = 0;\n")) != std::string::npos);  // r, in the loop
      kernels += k.body + "\n";
    }
    CHECK(here >= 2);
    CHECK(producer_computes > 0);
  }
  CHECK(persistent >= 1);
  CHECK(multicast >= 1);
  CHECK(stream_k >= 1);
  axon::test::check_sm90a(low, kernels, "register_a");
}

namespace {

// bf16(f32(x) * f32(g)) @ w: RMSNorm's scale by g as its graphs cast around it (x [m, k], g [k]).
std::string cast_scaled_mm(int64_t m, int64_t k, int64_t n) {
  const std::string M = std::to_string(m), K = std::to_string(k), N = std::to_string(n);
  return R"({"name":"cs","inputs":[{"name":"x","shape":[)" + M + "," + K + R"(],"dtype":"bf16"},{"name":"g","shape":[)" + K +
         R"(],"dtype":"bf16"},{"name":"w","shape":[)" + K + "," + N + R"(],"dtype":"bf16"}],
      "nodes":[{"name":"xf","op":"cast","inputs":["x"],"attrs":{"dtype":"f32"}},{"name":"gf","op":"cast","inputs":["g"],"attrs":{"dtype":"f32"}},
               {"name":"p","op":"mul","inputs":["xf","gf"]},{"name":"a","op":"cast","inputs":["p"],"attrs":{"dtype":"bf16"}},
               {"name":"m","op":"matmul","inputs":["a","w"]}],"outputs":["m"]})";
}

}  // namespace

TEST_CASE("register A evaluates both points of a pair with one proved lanewise instruction where the tiles divide A (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  // The cache holds the proved pair lowering of the expression A's definition makes.
  const Term e = term::round(DType::bf16, term::round(DType::f32, term::apply(Fn::Mul, {term::round(DType::f32, term::read(0, {})),
                                                                                       term::round(DType::f32, term::read(1, {}))})));
  const PackedLowering* pl = low.packed(e, {DType::bf16, DType::bf16}, DType::bf16);
  REQUIRE(pl != nullptr);
  CHECK(pl->instr->name == "mul.rn.bf16x2");
  std::string kernels;
  int total = 0;
  for (const auto& [text, whole] : {std::make_pair(cast_scaled_mm(256, 512, 256), true), std::make_pair(cast_scaled_mm(300, 520, 264), false)}) {
    Graph g = parse(text);
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    INFO(s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.a_regs);
    int here = 0;
    for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits())) {
      const auto* t_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (t_mm == nullptr) continue;
      const tiling::ContractionConfig& t = *t_mm;
      if (!t.a_regs || here >= 2) continue;
      ++here;
      tiling::CodegenOptions o;
      o.name = "pair" + std::to_string(total++);
      const tiling::KernelCode k = tiling::generate(gr, s, t, low, o);
      INFO(t.str());
      // Whole tiles: each pair is the one instruction on the slot's word and g's pair (staged as
      // words where the block stages g); elsewhere each point is computed on its own and zeroed
      // outside A.
      CHECK((k.body.find("mul.rn.bf16x2 %0, %1, %2;") != std::string::npos) == whole);
      CHECK((k.body.find("ldmatrix.sync.aligned.m8n8.x4.shared.b16") != std::string::npos) == whole);
      CHECK((k.body.find("fv0 = ") == std::string::npos) == whole);
      if (whole && t.a_kvec_floats > 0) CHECK(k.body.find("__uint_as_float(axon_pack2_bf16(") != std::string::npos);
      kernels += k.body + "\n";
    }
    CHECK(here == 2);
  }
  axon::test::check_sm90a(low, kernels, "register_a_pairs");
}

TEST_CASE("register A needs B stored N-major (the spec's only register-A form)", "[codegen][contraction]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  Graph g = parse(scaled_mm(300, 520, 264, true));
  tiling::Group gr = contraction_group(g);
  tiling::GroupShape s = tiling::classify(gr, low.isa.get());
  REQUIRE(s.strategy == tiling::Strategy::Contraction);
  CHECK(s.mm.a.staged != nullptr);
  CHECK_FALSE(s.mm.a_regs);
  for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits())) CHECK_FALSE(mm_fields(rc.config).a_regs);
  // sm_80 has no wgmma at all.
  Graph g80 = parse(scaled_mm(300, 520, 264));
  tiling::Group gr80 = contraction_group(g80);
  CHECK_FALSE(tiling::classify(gr80, lowerings("sm_80").isa.get()).mm.a_regs);
}

TEST_CASE("register A's reads are found in a definition that computes with its indices (a causal mask)", "[codegen][contraction]") {
  // softmax -> matmul with a causal mask over stored scores: among the variants, matmuls whose A
  // (the masked, exponentiated scores) the consumers may compute; the dry run that finds A's
  // reads evaluates the mask's iota over A's row and k (it once named neither: an internal error).
  Graph g = parse(R"({"name":"smm_causal","inputs":[{"name":"s","shape":[2,3,77,104],"dtype":"bf16"},{"name":"v","shape":[2,3,104,72],"dtype":"bf16"}],
      "nodes":[{"name":"m","op":"causal_mask","inputs":["s"]},{"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
               {"name":"o","op":"matmul","inputs":["p","v"]}],"outputs":["o"]})");
  SuperoptOptions o;
  o.no_gpu = true;
  o.budget_s = 20;
  o.variants = 4;
  o.configs = 8;
  o.work_dir = (std::filesystem::temp_directory_path() / ("axon_areg_mask_" + std::to_string(::getpid()))).string();
  Verifier v(axon_test::verify_options());
  size_t realized = 0;
  REQUIRE_NOTHROW(realized = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); }).realized.size());
  CHECK(realized > 0);
  std::filesystem::remove_all(o.work_dir);
}

TEST_CASE("register A at 16 rows ranks behind the same matmul on a stored A: one warp of four evaluates", "[codegen][contraction]") {
  // rmsnorm -> matmul at M = 16: the consumers' warps past row 16 evaluate nothing, so one warp
  // per warpgroup does all of A's work. Measured (H200): register A 27.5-28.7 us, the plain
  // matmul on a stored y 17.7, both split over clusters of four.
  const tiling::Lowerings& low = lowerings("sm_90");
  Graph scaled = parse(scaled_mm(16, 4096, 4096));
  Graph plain = parse(R"({"name":"plain","inputs":[{"name":"y","shape":[16,4096],"dtype":"bf16"},{"name":"w","shape":[4096,4096],"dtype":"bf16"},
      {"name":"bias","shape":[4096],"dtype":"bf16"}],"nodes":[{"name":"m","op":"matmul","inputs":["y","w"]},
      {"name":"z","op":"add","inputs":["m","bias"]}],"outputs":["z"]})");
  auto best = [&](const Graph& g, bool a_regs) {
    tiling::Group gr = contraction_group(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    double b = 1e30;
    for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits()))
      if (mm_fields(rc.config).a_regs == a_regs && rc.config.strategy() == tiling::Strategy::Contraction) b = std::min(b, rc.est_us);
    return b;
  };
  const double regs = best(scaled, true), stored = best(plain, false);
  INFO("register A " << regs << " us, stored A " << stored << " us");
  REQUIRE(regs < 1e30);
  CHECK(regs > stored + 1.0);  // level (within 0.1 us) before the dead warps were counted
}

namespace {

// The proven variant of rmsnorm(x, g) @ w with the row scale moved past the matmul (what `axon
// rewrite` reaches): (bf16(x * g) @ w) * bf16(rsqrt(mean(sq) + eps)), sq = `square_of`^2 over
// `axis` (x's k axis, 1, in the real one).
std::string rms_variant(int64_t m, int64_t k, int64_t n, const std::string& square_of = "xf", int axis = 1) {
  const std::string M = std::to_string(m), K = std::to_string(k), N = std::to_string(n);
  return R"({"name":"rms_variant","inputs":[{"name":"x","shape":[)" + M + "," + K + R"(],"dtype":"bf16"},{"name":"g","shape":[)" + K +
         R"(],"dtype":"bf16"},{"name":"w","shape":[)" + K + "," + N + R"(],"dtype":"bf16"}],
      "nodes":[{"name":"xf","op":"cast","inputs":["x"],"attrs":{"dtype":"f32"}},{"name":"gf","op":"cast","inputs":["g"],"attrs":{"dtype":"f32"}},
               {"name":"xg","op":"mul","inputs":["xf","gf"]},{"name":"a","op":"cast","inputs":["xg"],"attrs":{"dtype":"bf16"}},
               {"name":"m","op":"matmul","inputs":["a","w"]},{"name":"sq","op":"square","inputs":[")" +
         square_of + R"("]},
               {"name":"ms","op":"reduce_mean","inputs":["sq"],"attrs":{"axes":[)" + std::to_string(axis) + R"(],"keepdims":true}},
               {"name":"eps","op":"constant","attrs":{"dtype":"f32","shape":[],"value":1e-6}},
               {"name":"v","op":"add","inputs":["ms","eps"]},{"name":"rs","op":"rsqrt","inputs":["v"]},
               {"name":"rb","op":"cast","inputs":["rs"],"attrs":{"dtype":"bf16"}},{"name":"out","op":"mul","inputs":["m","rb"]}],"outputs":["out"]})";
}

}  // namespace

TEST_CASE("side reductions: RMSNorm's statistic accumulates from the register-A fragments, one kernel (sm_90a, nvcc)",
          "[codegen][contraction][nvcc]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  std::string kernels;
  int generated = 0;
  for (const std::string& text : {rms_variant(300, 520, 264), rms_variant(2000, 328, 3000)}) {
    Graph g = parse(text);
    tiling::Group gr = contraction_group(g);  // the partition puts the statistic in the matmul's group
    REQUIRE(std::any_of(gr.nodes.begin(), gr.nodes.end(), [](const Node* n) { return n->op() == Op::ReduceMean; }));
    CHECK(gr.writes.size() == 1);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    INFO(s.why_generic);
    REQUIRE(s.strategy == tiling::Strategy::Contraction);
    REQUIRE(s.mm.side.size() == 1);
    int here = 0;
    for (const auto& rc : tiling::enumerate_configs(gr, s, sm90_limits())) {
      const auto* t_mm = rc.config.get_if<tiling::ContractionConfig>();
      if (t_mm == nullptr) continue;
      const tiling::ContractionConfig& t = *t_mm;
      INFO(t.str());
      // Whole rows of K per block, the epilogue in the accumulators' threads.
      CHECK(t.a_regs);
      CHECK_FALSE(t.stream_k);
      CHECK(t.splits == 1);
      CHECK_FALSE(t.store_warps);
      if (here >= 3 && !(t.blocks_per_sm > 0 && here < 5)) continue;
      ++here;
      tiling::CodegenOptions o;
      o.name = "side" + std::to_string(generated++);
      const tiling::KernelCode k = tiling::generate(gr, s, t, low, o);
      // Accumulated at the fragments' points, combined over the quad, read at the row's slot.
      CHECK(k.body.find("float sr0[2] = {0.0f, 0.0f};") != std::string::npos);
      CHECK(k.body.find("sr0[ra_s[e]] = sr0[ra_s[e]] + ") != std::string::npos);
      CHECK(k.body.find("shfl.sync.bfly.b32 %0, %1, 2,") != std::string::npos);
      CHECK(k.body.find("st0[rs_d[e]]") != std::string::npos);
      // No kernel of its own: the launch reads x, g, w and writes out only.
      CHECK(k.launches.size() == 1);
      kernels += k.body + "\n";
    }
    CHECK(here >= 2);
  }
  axon::test::check_sm90a(low, kernels, "side_reductions");
}

TEST_CASE("side reductions: only along A's k axis and of A's copied source, others leave the group generic", "[codegen][contraction]") {
  const tiling::Lowerings& low = lowerings("sm_90");
  // The statistic of x * g reads g besides x's slot; one over the rows is no row statistic (the
  // epilogue reads it along the columns).
  for (const auto& [text, why] : {std::pair{rms_variant(300, 520, 264, "xg"), "A's copied source"},
                                  std::pair{rms_variant(300, 520, 520, "xf", 0), "reads a reduction at other points than its row"}}) {
    Graph g = parse(text);
    tiling::Group gr = axon::test::whole_graph(g);
    tiling::GroupShape s = tiling::classify(gr, low.isa.get());
    INFO(s.why_generic);
    CHECK(s.strategy == tiling::Strategy::Generic);
    CHECK(s.why_generic.find(why) != std::string::npos);
  }
}
