// GPU tests (docs/codegen.md), skipped cleanly without a GPU: every tried configuration of the
// generated kernels is right on odd shapes (all of them, not only the winners), and the worker
// catches a wrong kernel, an unwritten output, a faulting kernel and a hanging one, and goes on.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>

#include "axon/core/graph_json.h"
#include "axon/isa/spec.h"
#include "axon/search/superopt.h"
#include "axon/tiling/measure.h"
#include "axon/tiling/runtime.h"
#include "solver_limits.h"

using namespace axon;
namespace fs = std::filesystem;

namespace {

std::string axon_binary() {
  if (const char* b = std::getenv("AXON_BIN")) return b;
  return AXON_BINARY;
}

const gpu::Probe& device() {
  static gpu::Probe p = gpu::probe(axon_binary());
  return p;
}

bool have_gpu() {
  if (!device().ok) {
    WARN("no GPU: skipped (" << device().why << ")");
    return false;
  }
  if (!gpu::nvrtc_status().empty()) {
    WARN("no NVRTC: skipped (" << gpu::nvrtc_status() << ")");
    return false;
  }
  return true;
}

std::string target() { return "sm_" + std::to_string(device().props.sm); }

fs::path scratch(const std::string& what) {
  fs::path d = fs::temp_directory_path() / ("axon_gpu_" + what + "_" + std::to_string(::getpid()));
  fs::create_directories(d);
  return d;
}

Graph parse(const std::string& text) { return parse_graph(text, "test.json", {}); }

// A timed search of one variant (and the original) over `configs` configurations per kernel.
SuperoptOptions odd_shape_options(const Graph& g, int configs, tiling::F32Matmul f32) {
  SuperoptOptions o;
  o.target = target();
  o.budget_s = 60;
  o.configs = configs;
  o.variants = 1;
  o.f32 = f32;
  o.self_exe = axon_binary();
  o.work_dir = scratch(g.name).string();
  return o;
}

// Every realized kernel has a winner, and every configuration tried ran and was right, except
// the generic fallback of a group whose specialized configurations passed (it runs only when
// none does); `kernel` and `trial` see each kernel and each of its trials.
void check_trials(const SuperoptResult& r, const std::function<void(const KernelResult&)>& kernel,
                  const std::function<void(const ConfigTrial&)>& trial) {
  for (const VariantResult& vr : r.realized)
    for (const KernelResult& k : vr.kernels) {
      INFO(k.group.label);
      REQUIRE(k.winner >= 0);
      kernel(k);
      for (const ConfigTrial& t : k.trials) {
        INFO(t.config.str() << ": " << t.status << " " << t.detail);
        CHECK((t.status == "ok" || (t.status == "skipped" && t.config.strategy() == tiling::Strategy::Generic)));
        CHECK(t.worst <= 1.0);
        trial(t);
      }
    }
}

// f32 matmuls: ragged M, N, K, a computed B, bias and relu; both operands transposed, a broadcast batch.
constexpr const char* kMmF32 =
    R"({"name":"mm_f32","inputs":[{"name":"a","shape":[300,520],"dtype":"f32"},{"name":"w","shape":[520,264],"dtype":"f32"},
        {"name":"bias","shape":[264],"dtype":"f32"}],
        "nodes":[{"name":"n","op":"neg","inputs":["w"]},{"name":"m","op":"matmul","inputs":["a","n"]},{"name":"y","op":"add","inputs":["m","bias"]},
                 {"name":"z","op":"relu","inputs":["y"]}],"outputs":["z"]})";
constexpr const char* kMmF32T =
    R"({"name":"mm_f32_t","inputs":[{"name":"a","shape":[2,3,70,37],"dtype":"f32"},{"name":"w","shape":[45,70],"dtype":"f32"}],
        "nodes":[{"name":"m","op":"matmul","inputs":["a","w"],"attrs":{"transpose_a":true,"transpose_b":true}}],"outputs":["m"]})";

}  // namespace

TEST_CASE("every tried configuration is right on odd shapes (GPU)", "[gpu]") {
  if (!have_gpu()) return;
  const char* graphs[] = {
      R"({"name":"softmax_999","inputs":[{"name":"x","shape":[37,999],"dtype":"f32"}],
          "nodes":[{"name":"y","op":"softmax","inputs":["x"],"attrs":{"axis":-1}}],"outputs":["y"]})",
      R"({"name":"softmax_3d","inputs":[{"name":"x","shape":[2,3,333],"dtype":"bf16"}],
          "nodes":[{"name":"y","op":"softmax","inputs":["x"],"attrs":{"axis":-1}}],"outputs":["y"]})",
      R"({"name":"add_ln","inputs":[{"name":"x","shape":[7,1031],"dtype":"bf16"},{"name":"r","shape":[7,1031],"dtype":"bf16"},
          {"name":"g","shape":[1031],"dtype":"bf16"},{"name":"b","shape":[1031],"dtype":"bf16"}],
          "nodes":[{"name":"s","op":"add","inputs":["x","r"]},{"name":"y","op":"layernorm","inputs":["s","g","b"],"attrs":{"axis":-1,"eps":1e-5}}],
          "outputs":["y","s"]})",
      R"({"name":"rms","inputs":[{"name":"x","shape":[3,4104],"dtype":"bf16"},{"name":"g","shape":[4104],"dtype":"bf16"}],
          "nodes":[{"name":"y","op":"rmsnorm","inputs":["x","g"],"attrs":{"axis":-1,"eps":1e-6}}],"outputs":["y"]})",
      // rmsnorm -> matmul: the row kernel's y is a hand-off (only the matmul reads it), stored
      // with an L2 evict-last policy; odd rows, K not a multiple of the tile.
      R"({"name":"rms_mm","inputs":[{"name":"x","shape":[37,4104],"dtype":"bf16"},{"name":"g","shape":[4104],"dtype":"bf16"},
          {"name":"w","shape":[4104,72],"dtype":"bf16"}],
          "nodes":[{"name":"y","op":"rmsnorm","inputs":["x","g"],"attrs":{"axis":-1,"eps":1e-6}},{"name":"m","op":"matmul","inputs":["y","w"]}],
          "outputs":["m"]})",
      R"({"name":"silu","inputs":[{"name":"x","shape":[33,1001],"dtype":"f32"},{"name":"b","shape":[1001],"dtype":"f32"},
          {"name":"r","shape":[33,1001],"dtype":"f32"}],
          "nodes":[{"name":"h","op":"add","inputs":["x","b"]},{"name":"a","op":"silu","inputs":["h"]},{"name":"y","op":"add","inputs":["a","r"]}],
          "outputs":["y"]})",
      R"({"name":"colsum_t","inputs":[{"name":"x","shape":[129,77],"dtype":"f32"}],
          "nodes":[{"name":"t","op":"transpose","inputs":["x"],"attrs":{"perm":[1,0]}},{"name":"e","op":"exp","inputs":["t"]},
                   {"name":"s","op":"reduce_sum","inputs":["x"],"attrs":{"axes":[0],"keepdims":false}}],"outputs":["e","s"]})",
      R"({"name":"mm","inputs":[{"name":"a","shape":[33,70],"dtype":"bf16"},{"name":"w","shape":[70,45],"dtype":"bf16"},
          {"name":"bias","shape":[45],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"add","inputs":["m","bias"]},
                   {"name":"z","op":"gelu","inputs":["y"],"attrs":{"approximate":"tanh"}}],"outputs":["z"]})",
      // Tensor-core contractions (docs/contraction.md): M, N, K not multiples of the tiles, each
      // operand orientation, batches, a broadcast operand, a computed prologue, fused epilogues.
      R"({"name":"mm_tc","inputs":[{"name":"a","shape":[300,520],"dtype":"bf16"},{"name":"w","shape":[520,264],"dtype":"bf16"},
          {"name":"bias","shape":[264],"dtype":"bf16"},{"name":"r","shape":[300,264],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"add","inputs":["m","bias"]},
                   {"name":"s","op":"silu","inputs":["y"]},{"name":"z","op":"add","inputs":["s","r"]}],"outputs":["z"]})",
      R"({"name":"mm_ta","inputs":[{"name":"a","shape":[136,88],"dtype":"bf16"},{"name":"w","shape":[136,40],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"],"attrs":{"transpose_a":true}}],"outputs":["m"]})",
      R"({"name":"mm_tb","inputs":[{"name":"q","shape":[2,3,50,64],"dtype":"f16"},{"name":"k","shape":[2,3,40,64],"dtype":"f16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["q","k"],"attrs":{"transpose_b":true}}],"outputs":["m"]})",
      R"({"name":"mm_bcast2","inputs":[{"name":"x","shape":[3,37,64],"dtype":"bf16"},{"name":"w","shape":[64,72],"dtype":"bf16"},
          {"name":"bias","shape":[72],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["x","w"]},{"name":"y","op":"add","inputs":["m","bias"]},
                   {"name":"z","op":"gelu","inputs":["y"],"attrs":{"approximate":"tanh"}}],"outputs":["z","m"]})",
      // bf16 (wgmma, TMA-fed): K-major B over batch panels; K = 40 inside one 64-wide box.
      R"({"name":"mm_tb16","inputs":[{"name":"q","shape":[2,3,50,64],"dtype":"bf16"},{"name":"k","shape":[2,3,40,64],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["q","k"],"attrs":{"transpose_b":true}}],"outputs":["m"]})",
      R"({"name":"mm_k40","inputs":[{"name":"a","shape":[70,40],"dtype":"bf16"},{"name":"w","shape":[40,136],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"relu","inputs":["m"]}],"outputs":["y"]})",
      // More tiles than SMs (persistent TMA blocks), ragged on M and N.
      R"({"name":"mm_persist","inputs":[{"name":"a","shape":[1500,72],"dtype":"bf16"},{"name":"w","shape":[72,3000],"dtype":"bf16"},
          {"name":"bias","shape":[3000],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"add","inputs":["m","bias"]}],"outputs":["y"]})",
      // An odd number of tile rows (11 of 128) and more tiles than SMs: persistent multicast
      // clusters whose last block lies past the output, TMA-store epilogues.
      R"({"name":"mm_odd_rows","inputs":[{"name":"a","shape":[1400,72],"dtype":"bf16"},{"name":"w","shape":[72,3496],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"relu","inputs":["m"]}],"outputs":["y"]})",
      // Stream-K (more tiles than a whole number of waves, K of several k-tiles, ragged): 288
      // tiles, the last 156 shared out by k-tiles (partial sums, flags, a fused epilogue); 192
      // tiles, all shared out; twins.
      R"({"name":"mm_stream_k","inputs":[{"name":"a","shape":[3000,1000],"dtype":"bf16"},{"name":"w","shape":[1000,2904],"dtype":"bf16"},
          {"name":"bias","shape":[2904],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"add","inputs":["m","bias"]},
                   {"name":"z","op":"relu","inputs":["y"]}],"outputs":["z"]})",
      R"({"name":"mm_stream_k_all","inputs":[{"name":"a","shape":[2000,1000],"dtype":"bf16"},{"name":"w","shape":[1000,2904],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]}],"outputs":["m"]})",
      R"({"name":"twins_stream_k","inputs":[{"name":"x","shape":[1500,1000],"dtype":"bf16"},{"name":"w1","shape":[1000,3000],"dtype":"bf16"},
          {"name":"w3","shape":[1000,3000],"dtype":"bf16"}],
          "nodes":[{"name":"g","op":"matmul","inputs":["x","w1"]},{"name":"u","op":"matmul","inputs":["x","w3"]},
                   {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})",
      // Computed operands whose sources TMA copies (staged, computed in place): both, batched A.
      R"({"name":"mm_staged","inputs":[{"name":"x","shape":[2,70,136],"dtype":"bf16"},{"name":"w","shape":[136,72],"dtype":"bf16"}],
          "nodes":[{"name":"e","op":"exp","inputs":["x"]},{"name":"n","op":"neg","inputs":["w"]},{"name":"m","op":"matmul","inputs":["e","n"]}],
          "outputs":["m"]})",
      R"({"name":"softmax_mm","inputs":[{"name":"s","shape":[100,200],"dtype":"bf16"},{"name":"v","shape":[200,40],"dtype":"bf16"}],
          "nodes":[{"name":"p","op":"softmax","inputs":["s"],"attrs":{"axis":-1}},{"name":"m","op":"matmul","inputs":["p","v"]}],
          "outputs":["m"]})",
      R"({"name":"mm_cast","inputs":[{"name":"x","shape":[2,45,96],"dtype":"f32"},{"name":"w","shape":[96,72],"dtype":"bf16"}],
          "nodes":[{"name":"c","op":"cast","inputs":["x"],"attrs":{"dtype":"bf16"}},{"name":"m","op":"matmul","inputs":["c","w"]}],
          "outputs":["m"]})",
      // SIMT contractions (f32): ragged tiles, both transposes, a broadcast
      // batch, a computed operand, an epilogue; enough tiles for several blocks per SM.
      kMmF32, kMmF32T,
      R"({"name":"mm_f32_cast","inputs":[{"name":"x","shape":[33,70],"dtype":"f32"},{"name":"w","shape":[70,45],"dtype":"f32"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["x","w"]},{"name":"c","op":"cast","inputs":["m"],"attrs":{"dtype":"bf16"}}],
          "outputs":["c"]})",
      // Split-K over a cluster of blocks per tile (few tiles, long K; K not a multiple of 64, shares
      // of unequal length): copied operands with a bias, and a staged computed A (softmax's exp).
      R"({"name":"mm_splitk","inputs":[{"name":"a","shape":[20,1000],"dtype":"bf16"},{"name":"w","shape":[1000,200],"dtype":"bf16"},
          {"name":"bias","shape":[200],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"add","inputs":["m","bias"]}],"outputs":["y"]})",
      R"({"name":"softmax_mm_splitk","inputs":[{"name":"s","shape":[100,3000],"dtype":"bf16"},{"name":"v","shape":[3000,40],"dtype":"bf16"}],
          "nodes":[{"name":"p","op":"softmax","inputs":["s"],"attrs":{"axis":-1}},{"name":"m","op":"matmul","inputs":["p","v"]}],
          "outputs":["m"]})",
      // Twin matmuls of one X (swiglu: silu(x w1) * (x w3), one kernel over both weights' tiles):
      // ragged M, N, K; K-major weights (rows of 104: K not a multiple of 64); many tiles (persistent
      // blocks, store warps).
      R"({"name":"twins","inputs":[{"name":"x","shape":[300,136],"dtype":"bf16"},{"name":"w1","shape":[136,200],"dtype":"bf16"},
          {"name":"w3","shape":[136,200],"dtype":"bf16"}],
          "nodes":[{"name":"g","op":"matmul","inputs":["x","w1"]},{"name":"u","op":"matmul","inputs":["x","w3"]},
                   {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})",
      R"({"name":"twins_kmajor","inputs":[{"name":"x","shape":[77,104],"dtype":"bf16"},{"name":"w1","shape":[264,104],"dtype":"bf16"},
          {"name":"w3","shape":[264,104],"dtype":"bf16"}],
          "nodes":[{"name":"g","op":"matmul","inputs":["x","w1"],"attrs":{"transpose_b":true}},
                   {"name":"u","op":"matmul","inputs":["x","w3"],"attrs":{"transpose_b":true}},
                   {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})",
      R"({"name":"twins_persist","inputs":[{"name":"x","shape":[1500,72],"dtype":"bf16"},{"name":"w1","shape":[72,3000],"dtype":"bf16"},
          {"name":"w3","shape":[72,3000],"dtype":"bf16"}],
          "nodes":[{"name":"g","op":"matmul","inputs":["x","w1"]},{"name":"u","op":"matmul","inputs":["x","w3"]},
                   {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})",
      // softmax -> matmul as attention over the stored scores (batched, causal, 77 rows, 104 keys).
      R"({"name":"smm_causal","inputs":[{"name":"s","shape":[2,3,77,104],"dtype":"bf16"},{"name":"v","shape":[2,3,104,72],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"causal_mask","inputs":["s"]},{"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
                   {"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
      // The same with keys a multiple of every key tile: the row maxima from the stored pairs.
      R"({"name":"smm_causal_whole","inputs":[{"name":"s","shape":[2,77,512],"dtype":"bf16"},{"name":"v","shape":[2,512,40],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"causal_mask","inputs":["s"]},{"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
                   {"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
      // Attention, fused flash-style (docs/attention.md): S and the head dimensions not multiples of
      // the tiles, V wider than Q, a computed Q (the scale pushed onto it), a causal mask over 1999
      // keys (tiles skipped), a head dimension of 40 (zero-padded to 64).
      R"({"name":"attn_odd","inputs":[{"name":"q","shape":[2,100,64],"dtype":"bf16"},{"name":"k","shape":[2,130,64],"dtype":"bf16"},
          {"name":"v","shape":[2,130,72],"dtype":"bf16"}],
          "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,2,1]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
                   {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.125,"dtype":"bf16"}},{"name":"ss","op":"mul","inputs":["s","c"]},
                   {"name":"p","op":"softmax","inputs":["ss"],"attrs":{"axis":-1}},{"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
      R"({"name":"attn_causal_odd","inputs":[{"name":"q","shape":[1,2,1999,128],"dtype":"bf16"},
          {"name":"k","shape":[1,2,1999,128],"dtype":"bf16"},{"name":"v","shape":[1,2,1999,128],"dtype":"bf16"}],
          "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,1,3,2]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
                   {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.08838834764831845,"dtype":"bf16"}},
                   {"name":"ss","op":"mul","inputs":["s","c"]},{"name":"m","op":"causal_mask","inputs":["ss"]},
                   {"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},{"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
      R"({"name":"attn_d40","inputs":[{"name":"q","shape":[3,77,40],"dtype":"bf16"},{"name":"k","shape":[3,77,40],"dtype":"bf16"},
          {"name":"v","shape":[3,77,40],"dtype":"bf16"}],
          "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,2,1]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
                   {"name":"m","op":"causal_mask","inputs":["s"]},{"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
                   {"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
  };
  Verifier v(axon_test::verify_options());
  int attention = 0, split_k = 0, key_split = 0, twins = 0, multicast = 0, store_warps = 0, tma_store = 0, tma_store_persistent = 0, stream_k = 0,
      handoffs = 0;
  for (const char* text : graphs) {
    Graph g = parse(text);
    INFO(g.name);
    const SuperoptOptions o = odd_shape_options(g, 8, tiling::F32Matmul::Tf32x3);
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    check_trials(
        r,
        [&](const KernelResult& k) {
          attention += k.shape.strategy == tiling::Strategy::Attention;
          twins += k.shape.strategy == tiling::Strategy::Contraction && k.shape.mm.mm2 != nullptr;
          handoffs += k.shape.strategy == tiling::Strategy::Row && !k.group.handoffs.empty();
        },
        [&](const ConfigTrial& t) {
          const bool ok = t.status == "ok";
          if (const auto* a = t.config.get_if<tiling::AttentionConfig>()) key_split += ok && a->splits > 1;
          const auto* m = t.config.get_if<tiling::ContractionConfig>();
          if (m == nullptr || !ok) return;
          split_k += m->splits > 1;
          multicast += m->multicast > 1;
          store_warps += m->store_warps;
          tma_store += m->tma_store;
          tma_store_persistent += m->tma_store && m->blocks_per_sm > 0;
          stream_k += m->stream_k;
        });
    fs::remove_all(o.work_dir);
  }
  // Each attention graph ran as one fused kernel, and so did each softmax -> matmul (the scores
  // stored: softmax_mm, softmax_mm_splitk, smm_causal, smm_causal_whole).
  CHECK(attention == 7);
  CHECK(twins == 4);  // each twins graph ran as one kernel
  CHECK(multicast >= 3);    // clusters sharing B's copies ran and were right
  CHECK(store_warps >= 2);  // and so did persistent blocks with store warps
  CHECK(tma_store >= 4);    // and TMA-store epilogues (ragged edges clipped by the bulk store)
  CHECK(tma_store_persistent >= 1);
  CHECK(stream_k >= 6);     // stream-K's shares of tiles, partial sums and flags (twins too)
  CHECK(split_k >= 4);     // split-K configurations ran and were right
  CHECK(key_split >= 2);   // and so did attention's key split over stored scores
  CHECK(handoffs >= 1);    // row kernels storing a hand-off (rms_mm's y) were right
}

TEST_CASE("register A: matmuls whose A the consumers compute from its copied source are right on odd shapes (GPU)", "[gpu]") {
  if (!have_gpu()) return;
  // (x * r * g) @ w + bias: a row statistic and a per-K scale on x (a normalization's shape),
  // ragged M, N, K; more tiles than SMs (persistent blocks, multicast, stream-K).
  auto scaled = [](const std::string& name, int m, int k, int n) {
    const std::string M = std::to_string(m), K = std::to_string(k), N = std::to_string(n);
    return R"({"name":")" + name + R"(","inputs":[{"name":"x","shape":[)" + M + "," + K + R"(],"dtype":"bf16"},{"name":"r","shape":[)" + M +
           R"(,1],"dtype":"bf16"},{"name":"g","shape":[)" + K + R"(],"dtype":"bf16"},{"name":"w","shape":[)" + K + "," + N +
           R"(],"dtype":"bf16"},{"name":"bias","shape":[)" + N + R"(],"dtype":"bf16"}],
        "nodes":[{"name":"xr","op":"mul","inputs":["x","r"]},{"name":"y","op":"mul","inputs":["xr","g"]},
                 {"name":"m","op":"matmul","inputs":["y","w"]},{"name":"z","op":"add","inputs":["m","bias"]}],"outputs":["z"]})";
  };
  Verifier v(axon_test::verify_options());
  int a_regs = 0, persistent = 0;
  for (const std::string& text : {scaled("areg_odd", 300, 520, 264), scaled("areg_many", 2000, 328, 3000)}) {
    Graph g = parse(text);
    INFO(g.name);
    SuperoptOptions o = odd_shape_options(g, 12, tiling::F32Matmul::Tf32x3);
    o.config_match = "a-regs";
    o.explore.max_depth = 0;  // the graph as written: A computed from x
    o.explore.max_variants = 1;
    o.timeout_s = 10;
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    check_trials(r, [](const KernelResult&) {}, [&](const ConfigTrial& t) {
      const auto* m = t.config.get_if<tiling::ContractionConfig>();
      a_regs += m != nullptr && m->a_regs && t.status == "ok";
      persistent += m != nullptr && m->a_regs && t.status == "ok" && m->blocks_per_sm > 0;
    });
    fs::remove_all(o.work_dir);
  }
  CHECK(a_regs >= 8);
  CHECK(persistent >= 2);
}

TEST_CASE("side reductions: RMSNorm's statistic from the register-A fragments, in the matmul's kernel, right on odd shapes (GPU)",
          "[gpu]") {
  if (!have_gpu()) return;
  // The proven variant of rmsnorm(x, g) @ w with the row scale moved past the matmul:
  // (bf16(x * g) @ w) * bf16(rsqrt(mean(x^2) + eps)), one kernel: the consumers accumulate x^2
  // from the fragments they evaluate. Ragged M, N, K; more tiles than SMs (persistent blocks).
  auto variant = [](const std::string& name, int m, int k, int n) {
    const std::string M = std::to_string(m), K = std::to_string(k), N = std::to_string(n);
    return R"({"name":")" + name + R"(","inputs":[{"name":"x","shape":[)" + M + "," + K + R"(],"dtype":"bf16"},{"name":"g","shape":[)" + K +
           R"(],"dtype":"bf16"},{"name":"w","shape":[)" + K + "," + N + R"(],"dtype":"bf16"}],
        "nodes":[{"name":"xf","op":"cast","inputs":["x"],"attrs":{"dtype":"f32"}},{"name":"gf","op":"cast","inputs":["g"],"attrs":{"dtype":"f32"}},
                 {"name":"xg","op":"mul","inputs":["xf","gf"]},{"name":"a","op":"cast","inputs":["xg"],"attrs":{"dtype":"bf16"}},
                 {"name":"m","op":"matmul","inputs":["a","w"]},{"name":"sq","op":"square","inputs":["xf"]},
                 {"name":"ms","op":"reduce_mean","inputs":["sq"],"attrs":{"axes":[1],"keepdims":true}},
                 {"name":"eps","op":"constant","attrs":{"dtype":"f32","shape":[],"value":1e-6}},
                 {"name":"v","op":"add","inputs":["ms","eps"]},{"name":"rs","op":"rsqrt","inputs":["v"]},
                 {"name":"rb","op":"cast","inputs":["rs"],"attrs":{"dtype":"bf16"}},{"name":"out","op":"mul","inputs":["m","rb"]}],"outputs":["out"]})";
  };
  Verifier v(axon_test::verify_options());
  int side = 0, persistent = 0;
  // Tiles dividing A (1024 x 512 x 768): each pair of A's points by one proved lanewise instruction.
  for (const std::string& text : {variant("side_odd", 300, 520, 264), variant("side_many", 2000, 328, 3000), variant("side_whole", 1024, 512, 768)}) {
    Graph g = parse(text);
    INFO(g.name);
    SuperoptOptions o = odd_shape_options(g, 12, tiling::F32Matmul::Tf32x3);
    o.explore.max_depth = 0;  // the graph as written
    o.explore.max_variants = 1;
    o.timeout_s = 10;
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    // The partition with the statistic in the matmul's kernel (and, beside it, the one with the
    // statistic in a row kernel of its own, where the estimates put it near).
    const auto fused = std::find_if(r.realized.begin(), r.realized.end(), [](const VariantResult& vr) { return !vr.own_reductions; });
    REQUIRE(fused != r.realized.end());
    CHECK(fused->kernels.size() == 1);
    check_trials(r, [](const KernelResult&) {}, [&](const ConfigTrial& t) {
      const auto* m = t.config.get_if<tiling::ContractionConfig>();
      side += m != nullptr && m->a_regs && t.status == "ok";
      persistent += m != nullptr && m->a_regs && t.status == "ok" && m->blocks_per_sm > 0;
    });
    fs::remove_all(o.work_dir);
  }
  CHECK(side >= 8);
  CHECK(persistent >= 2);
}

TEST_CASE("stream-K with fewer tiles than SMs: every tile's k-tiles shared over the grid, right on odd shapes (GPU)", "[gpu]") {
  if (!have_gpu()) return;
  // M = 16 as rmsnorm -> matmul's decode shape, ragged N and K, a bias; a batch of three with a
  // ragged M; a computed A (the consumers' register A).
  const std::vector<std::string> graphs = {
      R"({"name":"skw_m16","inputs":[{"name":"x","shape":[16,4104],"dtype":"bf16"},{"name":"w","shape":[4104,1000],"dtype":"bf16"},
          {"name":"bias","shape":[1000],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["x","w"]},{"name":"y","op":"add","inputs":["m","bias"]}],"outputs":["y"]})",
      R"({"name":"skw_batch","inputs":[{"name":"x","shape":[3,70,6000],"dtype":"bf16"},{"name":"w","shape":[3,6000,72],"dtype":"bf16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["x","w"]}],"outputs":["m"]})",
      R"({"name":"skw_areg","inputs":[{"name":"x","shape":[16,4104],"dtype":"bf16"},{"name":"g","shape":[4104],"dtype":"bf16"},
          {"name":"w","shape":[4104,600],"dtype":"bf16"}],
          "nodes":[{"name":"y","op":"mul","inputs":["x","g"]},{"name":"m","op":"matmul","inputs":["y","w"]}],"outputs":["m"]})",
  };
  Verifier v(axon_test::verify_options());
  int spread = 0;
  for (const std::string& text : graphs) {
    Graph g = parse(text);
    INFO(g.name);
    SuperoptOptions o = odd_shape_options(g, 8, tiling::F32Matmul::Tf32x3);
    o.config_match = "stream-k";
    o.explore.max_depth = 0;
    o.explore.max_variants = 1;
    o.timeout_s = 10;
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    check_trials(r, [](const KernelResult&) {}, [&](const ConfigTrial& t) {
      const auto* m = t.config.get_if<tiling::ContractionConfig>();
      spread += m != nullptr && m->stream_k && t.status == "ok";
    });
    fs::remove_all(o.work_dir);
  }
  CHECK(spread >= 6);
}

TEST_CASE("rows longer than the unrolled limit: row kernels that loop are right and win over the generic fallback (GPU)", "[gpu]") {
  if (!have_gpu()) return;
  const std::vector<std::string> graphs = {
      R"({"name":"long_sum","inputs":[{"name":"x","shape":[33,100001],"dtype":"f32"}],
          "nodes":[{"name":"s","op":"reduce_sum","inputs":["x"],"attrs":{"axes":[-1]}}],"outputs":["s"]})",
      R"({"name":"long_ln","inputs":[{"name":"x","shape":[5,70001],"dtype":"bf16"},{"name":"g","shape":[70001],"dtype":"bf16"},
          {"name":"b","shape":[70001],"dtype":"bf16"}],
          "nodes":[{"name":"y","op":"layernorm","inputs":["x","g","b"],"attrs":{"axis":-1}}],"outputs":["y"]})",
      R"({"name":"long_softmax","inputs":[{"name":"x","shape":[3,70001],"dtype":"f32"}],
          "nodes":[{"name":"y","op":"softmax","inputs":["x"],"attrs":{"axis":-1}}],"outputs":["y"]})"};
  Verifier v(axon_test::verify_options());
  for (const std::string& text : graphs) {
    Graph g = parse(text);
    INFO(g.name);
    SuperoptOptions o = odd_shape_options(g, 6, tiling::F32Matmul::Tf32x3);
    o.explore.max_depth = 0;
    o.explore.max_variants = 1;
    o.timeout_s = 20;
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    check_trials(r, [](const KernelResult& k) {
      CHECK(k.trials.at(size_t(k.winner)).config.strategy() == tiling::Strategy::Row);
    }, [](const ConfigTrial&) {});
    fs::remove_all(o.work_dir);
  }
}

TEST_CASE("f16 contractions run on wgmma where the target has it, and every configuration is right on odd shapes (GPU)", "[gpu]") {
  if (!have_gpu()) return;
  // Ragged M, N, K with a fused epilogue; A M-major; many tiles (persistent blocks, multicast);
  // few tiles with a long K (split-K); twin matmuls of one X; a computed A (register A: its
  // values rounded to f16 and packed by the f16 pack).
  const std::vector<std::pair<std::string, std::string>> graphs = {
      {R"({"name":"f16_mm","inputs":[{"name":"a","shape":[300,520],"dtype":"f16"},{"name":"w","shape":[520,264],"dtype":"f16"},
          {"name":"bias","shape":[264],"dtype":"f16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]},{"name":"y","op":"add","inputs":["m","bias"]},
                   {"name":"z","op":"silu","inputs":["y"]}],"outputs":["z"]})", ""},
      {R"({"name":"f16_ta","inputs":[{"name":"a","shape":[136,88],"dtype":"f16"},{"name":"w","shape":[136,40],"dtype":"f16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"],"attrs":{"transpose_a":true}}],"outputs":["m"]})", ""},
      {R"({"name":"f16_many","inputs":[{"name":"a","shape":[1400,72],"dtype":"f16"},{"name":"w","shape":[72,3496],"dtype":"f16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]}],"outputs":["m"]})", ""},
      {R"({"name":"f16_splitk","inputs":[{"name":"a","shape":[20,1000],"dtype":"f16"},{"name":"w","shape":[1000,200],"dtype":"f16"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]}],"outputs":["m"]})", "split"},
      {R"({"name":"f16_twins","inputs":[{"name":"x","shape":[300,136],"dtype":"f16"},{"name":"w1","shape":[136,200],"dtype":"f16"},
          {"name":"w3","shape":[136,200],"dtype":"f16"}],
          "nodes":[{"name":"g","op":"matmul","inputs":["x","w1"]},{"name":"u","op":"matmul","inputs":["x","w3"]},
                   {"name":"a","op":"silu","inputs":["g"]},{"name":"y","op":"mul","inputs":["a","u"]}],"outputs":["y"]})", ""},
      {R"({"name":"f16_areg","inputs":[{"name":"x","shape":[300,520],"dtype":"f16"},{"name":"g","shape":[520],"dtype":"f16"},
          {"name":"w","shape":[520,264],"dtype":"f16"}],
          "nodes":[{"name":"y","op":"mul","inputs":["x","g"]},{"name":"m","op":"matmul","inputs":["y","w"]}],"outputs":["m"]})", "a-regs"},
  };
  const bool wgmma = device().props.sm >= 90;
  Verifier v(axon_test::verify_options());
  int on_wgmma = 0, splits = 0, twins = 0, a_regs = 0;
  for (const auto& [text, match] : graphs) {
    Graph g = parse(text);
    INFO(g.name);
    SuperoptOptions o = odd_shape_options(g, 8, tiling::F32Matmul::Tf32x3);
    o.config_match = match;
    o.explore.max_depth = 0;  // the graph as written
    o.explore.max_variants = 1;
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    check_trials(
        r, [&](const KernelResult& k) { twins += k.shape.strategy == tiling::Strategy::Contraction && k.shape.mm.mm2 != nullptr; },
        [&](const ConfigTrial& t) {
          const auto* m = t.config.get_if<tiling::ContractionConfig>();
          if (m == nullptr || t.status != "ok") return;
          on_wgmma += m->wgmma;
          splits += m->splits > 1;
          a_regs += m->a_regs;
        });
    fs::remove_all(o.work_dir);
  }
  if (wgmma) {
    CHECK(on_wgmma >= 20);
    CHECK(splits >= 2);
    CHECK(twins == 1);
    CHECK(a_regs >= 2);
  }
  // f16 attention from the plain graphs (the rewrites' variants, as for bf16): odd S, V wider than
  // Q, a causal mask over 333 keys, and softmax -> matmul over stored f16 scores (batched, causal).
  const std::vector<std::string> attention = {
      R"({"name":"attn16_odd","inputs":[{"name":"q","shape":[2,100,64],"dtype":"f16"},{"name":"k","shape":[2,130,64],"dtype":"f16"},
          {"name":"v","shape":[2,130,72],"dtype":"f16"}],
          "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,2,1]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
                   {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.125,"dtype":"f16"}},{"name":"ss","op":"mul","inputs":["s","c"]},
                   {"name":"p","op":"softmax","inputs":["ss"],"attrs":{"axis":-1}},{"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
      R"({"name":"attn16_causal","inputs":[{"name":"q","shape":[1,2,333,128],"dtype":"f16"},
          {"name":"k","shape":[1,2,333,128],"dtype":"f16"},{"name":"v","shape":[1,2,333,128],"dtype":"f16"}],
          "nodes":[{"name":"kt","op":"transpose","inputs":["k"],"attrs":{"perm":[0,1,3,2]}},{"name":"s","op":"matmul","inputs":["q","kt"]},
                   {"name":"c","op":"constant","inputs":[],"attrs":{"value":0.08838834764831845,"dtype":"f16"}},
                   {"name":"ss","op":"mul","inputs":["s","c"]},{"name":"m","op":"causal_mask","inputs":["ss"]},
                   {"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},{"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
      R"({"name":"smm16_causal","inputs":[{"name":"s","shape":[2,3,77,104],"dtype":"f16"},{"name":"v","shape":[2,3,104,72],"dtype":"f16"}],
          "nodes":[{"name":"m","op":"causal_mask","inputs":["s"]},{"name":"p","op":"softmax","inputs":["m"],"attrs":{"axis":-1}},
                   {"name":"o","op":"matmul","inputs":["p","v"]}],
          "outputs":["o"]})",
  };
  int fused = 0, fused_ok = 0;
  for (const std::string& text : attention) {
    Graph g = parse(text);
    INFO(g.name);
    const SuperoptOptions o = odd_shape_options(g, 8, tiling::F32Matmul::Tf32x3);
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    check_trials(
        r, [&](const KernelResult& k) { fused += k.shape.strategy == tiling::Strategy::Attention; },
        [&](const ConfigTrial& t) { fused_ok += t.config.strategy() == tiling::Strategy::Attention && t.status == "ok"; });
    fs::remove_all(o.work_dir);
  }
  if (!wgmma) return;
  CHECK(fused == 3);  // each graph ran as one fused kernel
  CHECK(fused_ok >= 12);
}

// Both tensor-core forms of f32 matmuls: tf32 (--allow-tf32, checked at f16's tolerance) and, by
// default, three tf32 products of each operand's split (tf32x3, checked at f32's tolerance; only
// its configurations are tried here, beside which SIMT would win nothing the test looks at).
TEST_CASE("f32 matmuls on the tensor cores, tf32 and tf32x3: every configuration is right on odd shapes (GPU)", "[gpu]") {
  if (!have_gpu()) return;
  const std::vector<const char*> graphs = {
      // Ragged M, N, K (A K inner, B K outer in shared memory), a computed B and an epilogue; both
      // transposed (A K outer, B K inner), a broadcast batch.
      kMmF32, kMmF32T,
      // More tiles than SMs, K not a multiple of 8.
      R"({"name":"tf32_mm_big","inputs":[{"name":"a","shape":[1000,203],"dtype":"f32"},{"name":"w","shape":[203,1500],"dtype":"f32"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["a","w"]}],"outputs":["m"]})",
  };
  Verifier v(axon_test::verify_options());
  for (const tiling::F32Matmul mode : {tiling::F32Matmul::Tf32, tiling::F32Matmul::Tf32x3})
    for (const char* text : graphs) {
      Graph g = parse(text);
      const bool x3 = mode == tiling::F32Matmul::Tf32x3;
      INFO(g.name << (x3 ? ", tf32x3" : ", tf32"));
      SuperoptOptions o = odd_shape_options(g, 12, mode);
      if (x3) o.config_match = "tf32x3";
      SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
      REQUIRE(r.timed);
      int tf32_ok = 0;
      check_trials(
          r,
          [&](const KernelResult& k) {
            if (k.shape.strategy != tiling::Strategy::Contraction) return;
            const tiling::ContractionConfig& w = k.trials[size_t(k.winner)].config.contraction();
            CHECK(w.tf32);
            CHECK(w.tf32x3 == x3);
          },
          [&](const ConfigTrial& t) {
            const auto* m = t.config.get_if<tiling::ContractionConfig>();
            tf32_ok += m != nullptr && m->tf32 && m->tf32x3 == x3 && t.status == "ok";
          });
      CHECK(tf32_ok >= 6);
      fs::remove_all(o.work_dir);
    }
}

TEST_CASE("the worker catches wrong, unwritten, racy, faulting and hanging kernels, goes on, and times its finalists side by side (GPU)", "[gpu][worker]") {
  if (!have_gpu()) return;
  Graph g = parse(R"({"name":"silu","inputs":[{"name":"x","shape":[300,1000],"dtype":"f32"},{"name":"b","shape":[1000],"dtype":"f32"}],
      "nodes":[{"name":"h","op":"add","inputs":["x","b"]},{"name":"y","op":"silu","inputs":["h"]}],"outputs":["y"]})");
  auto groups = fusion_groups(g, target());
  REQUIRE(groups.size() == 1);
  const tiling::Group& gr = groups[0];
  tiling::GroupShape s = tiling::classify(gr);
  REQUIRE(s.strategy == tiling::Strategy::Elementwise);
  Isa isa = load_isa(default_isa_dir(), target());
  tiling::Lowerings low = tiling::load_lowerings(isa, tiling::default_lowerings_path(target()));
  tiling::ElementwiseConfig c;
  c.threads = 128;
  c.vec = 4;
  tiling::CodegenOptions co;
  co.name = "k";
  tiling::KernelCode good = tiling::generate(gr, s, c, low, co);
  auto edit = [&](const std::string& from, const std::string& to) {
    std::string src = good.source;
    size_t p = src.find(from);
    REQUIRE(p != std::string::npos);
    return src.replace(p, from.size(), to);
  };
  const std::string head = "extern \"C\" __global__ void __launch_bounds__(128) k(";
  size_t body = good.source.find('{', good.source.find(head)) + 1;
  // Right in its first launches (validation, screening), wrong from the 16th on: what a race that
  // one validation misses looks like to the worker, whose recheck must call it wrong.
  std::string racy_src = edit("o0[l] = ", "o0[l] = (n_ >= 16u ? 1.01f : 1.0f) * ");
  racy_src.insert(racy_src.find('{', racy_src.find(head)) + 1,
                  " const unsigned n_ = *(volatile unsigned*)&axon_launches; if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(&axon_launches, 1u);");
  racy_src.insert(racy_src.find(head), "__device__ unsigned axon_launches = 0;\n");
  const std::pair<std::string, std::string> racy{"wrong", racy_src};
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"ok", good.source},
      {"wrong", edit("o0[l] = ", "o0[l] = 1.01f * ")},
      {"wrong", std::string(good.source).insert(body, " if (blockIdx.x == 0) return;")},  // leaves outputs unwritten
      racy,
      {"fault", std::string(good.source).insert(body, " asm volatile(\"trap;\");")},
      {"timeout", std::string(good.source).insert(body, " if (threadIdx.x == 0) { while (clock64() >= 0) {} }")},
      {"ok", good.source},
  };
  const fs::path dir = scratch("worker");
  gpu::MeasureJob job;
  auto cubin = [&](const std::string& name, const std::string& src) {
    gpu::Compiled k = gpu::compile(src, target(), "");
    INFO(k.log);
    REQUIRE(k.ok);
    fs::path p = dir / (name + ".cubin");
    std::ofstream(p, std::ios::binary) << k.cubin;
    return p.string();
  };
  job.tools_cubin = cubin("tools", tiling::tools_source());
  tiling::ReferenceCode ref = tiling::generate_reference(gr, "k");
  job.ref_cubin = cubin("ref", ref.source);
  for (const Node* n : gr.reads) job.inputs.push_back({static_cast<int>(n->dtype()), n->shape().size() == 2 ? 300000 : 1000, 0});
  job.outputs.push_back({0, 300000, 1.0 / 8192});
  for (const Node* n : ref.computed) {
    (void)n;
    job.ref_counts.push_back(300000);
  }
  job.checks.push_back(static_cast<int>(ref.computed.size()) - 1);
  for (const auto& l : ref.launches) job.ref_launches.push_back({l.function, l.grid, l.block, l.smem, {}});
  for (size_t i = 0; i < cases.size(); ++i) {
    gpu::CandidateSpec cs;
    cs.id = static_cast<int>(i);
    cs.cubin = cubin("c" + std::to_string(i), cases[i].second);
    cs.launches.push_back({"k", good.launches[0].grid, good.launches[0].block, 0, {}});
    job.candidates.push_back(cs);
  }
  job.min_reps = 3;
  job.max_reps = 5;
  auto results = gpu::measure(job, dir.string(), axon_binary(), 5.0, {});
  REQUIRE(results.size() == cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO("candidate " << i << ": " << results[i].status << " " << results[i].detail);
    CHECK(results[i].status == cases[i].first);
    if (cases[i].second == racy_src) CHECK(results[i].detail.find("(a race?)") != std::string::npos);
  }
  CHECK(results[0].us > 0);
  CHECK(results.back().us > 0);

  // Two copies of the good kernel and a slow one in one worker: all three are screened (three
  // repetitions); the copies are the finalists, timed side by side; the slow one is not.
  const std::string slow = std::string(good.source).insert(body, " { const long long t0 = clock64(); while (clock64() - t0 < 2000000) {} }");
  const std::vector<std::string> second = {good.source, good.source, slow};
  job.candidates.clear();
  for (size_t i = 0; i < second.size(); ++i) {
    gpu::CandidateSpec cs;
    cs.id = static_cast<int>(i);
    cs.cubin = cubin("d" + std::to_string(i), second[i]);
    cs.launches.push_back({"k", good.launches[0].grid, good.launches[0].block, 0, {}});
    job.candidates.push_back(cs);
  }
  job.min_reps = 10;
  job.max_reps = 20;
  results = gpu::measure(job, dir.string(), axon_binary(), 30.0, {});
  REQUIRE(results.size() == 3);
  for (const auto& r : results) {
    INFO(r.id << ": " << r.status << " " << r.us << " us, " << r.reps << " reps: " << r.detail);
    CHECK(r.status == "ok");
  }
  CHECK(results[0].finalists == 2);
  CHECK(results[1].finalists == 2);
  CHECK(results[0].detail.find("side by side") != std::string::npos);
  CHECK(results[0].reps >= 3 + 10);
  CHECK(results[2].finalists == 0);
  CHECK(results[2].reps == 3);
  CHECK(results[2].us > 1.25 * results[0].us);
  fs::remove_all(dir);
}
