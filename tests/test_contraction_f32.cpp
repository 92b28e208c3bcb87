// f32 contractions (docs/contraction.md, "f32 contractions"), without a GPU: the SIMT kernel
// (--exact-f32), tf32 mma.sync (--allow-tf32) and three tf32 products (tf32x3, the default), the
// tf32 rounding the spec offers, and their kernels compiling with nvcc for sm_80 and sm_90.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "axon/core/graph_json.h"
#include "axon/isa/spec.h"
#include "axon/tiling/kernel.h"
#include "codegen_support.h"
#include "contraction_support.h"
#include "tiling/internal.h"  // tf32_rounding, tf32_conversions

using namespace axon;
using axon::test::compile_contractions;
using axon::test::contraction_group;
using axon::test::lowerings;
using axon::test::mm_fields;
using axon::test::mm_graph;
using axon::test::parse;

namespace {

// f32 matmuls: ragged M, N, K with a bias and relu; A M-major and B K-major (so, in the tf32
// kernel, every orientation of the shared tiles); batches with a broadcast B; a computed A (exp);
// the result cast to bf16.
std::vector<std::string> f32_graphs() {
  return {
      mm_graph("[37,70]", "[70,45]", "f32", "{}", R"(,{"name":"bias","shape":[45],"dtype":"f32"})",
               R"(,{"name":"y","op":"add","inputs":["m","bias"]},{"name":"z","op":"relu","inputs":["y"]})", "z"),
      mm_graph("[136,88]", "[40,136]", "f32", R"({"transpose_a":true,"transpose_b":true})"),
      mm_graph("[3,37,64]", "[64,72]", "f32", "{}"),
      R"({"name":"t","inputs":[{"name":"x","shape":[2,50,96],"dtype":"f32"},{"name":"w","shape":[96,72],"dtype":"f32"}],
          "nodes":[{"name":"e","op":"exp","inputs":["x"]},{"name":"m","op":"matmul","inputs":["e","w"]}],"outputs":["m"]})",
      R"({"name":"t","inputs":[{"name":"x","shape":[33,70],"dtype":"f32"},{"name":"w","shape":[70,45],"dtype":"f32"}],
          "nodes":[{"name":"m","op":"matmul","inputs":["x","w"]},{"name":"c","op":"cast","inputs":["m"],"attrs":{"dtype":"bf16"}}],
          "outputs":["c"]})",
  };
}

}  // namespace

TEST_CASE("with --exact-f32, f32 matmuls take the SIMT kernel, which compiles with nvcc for sm_80 and sm_90", "[codegen][contraction][nvcc]") {
  const int kernels = compile_contractions(f32_graphs(), 3, "simt", [](const tiling::GroupShape& s, const tiling::ContractionConfig& c,
                                                                    const tiling::KernelCode& code) {
    CHECK(s.mm.simt);
    CHECK(c.simt);
    CHECK(c.threads == 256);
    CHECK(2 * (c.bm + c.bn + 8) * c.bk * 4 <= 48 * 1024);  // static shared memory
    CHECK(c.bm % 64 == 0);  // 16-byte reads of 4 rows and of 4 columns
    CHECK(c.bn % 64 == 0);
    CHECK(code.body.find("fmaf(") != std::string::npos);
    CHECK(code.arch_suffix.empty());
    REQUIRE(code.launches.size() == 1);
    CHECK(code.launches[0].smem == 0);
  });
  CHECK(kernels >= 9);
}

TEST_CASE("with allow_tf32, f32 matmuls take tf32 mma.sync from the spec, and the kernels compile for sm_80 and sm_90",
          "[codegen][contraction][nvcc]") {
  const std::vector<std::string> graphs = f32_graphs();
  const int kernels = compile_contractions(
      graphs, 3, "tf32",
      [](const tiling::GroupShape& s, const tiling::ContractionConfig& c, const tiling::KernelCode& code) {
        CHECK(s.mm.simt);
        CHECK(s.mm.tf32);
        CHECK(c.tf32);
        CHECK(c.threads == 32 * c.warps_m * c.warps_n);
        CHECK(code.body.find("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32") != std::string::npos);
        CHECK((code.body.find("cvt.rn.tf32.f32") != std::string::npos || code.body.find("cvt.rna.tf32.f32") != std::string::npos));
        CHECK(code.body.find("cp.async") != std::string::npos);  // x and w are stored
        CHECK(code.body.find("fmaf(") == std::string::npos);
        REQUIRE(code.launches.size() == 1);
        CHECK(code.launches[0].smem >= c.stages * (c.bm + c.bn) * c.bk * 4);  // f32 slots, dynamic
        CHECK(code.launches[0].smem <= 227 * 1024);
        CHECK(code.launches[0].block == c.threads);
      },
      tiling::F32Matmul::Tf32);
  CHECK(kernels >= 9);
  // Not allowed: tf32x3 beside SIMT, or SIMT alone (--exact-f32). A spec without the tf32 mma:
  // SIMT, whatever is allowed.
  const tiling::Lowerings& low = lowerings("sm_90");
  const Graph g = parse(graphs[0]);
  tiling::Group gr = contraction_group(g);
  CHECK(!tiling::classify(gr, low.isa.get()).mm.tf32);
  CHECK(tiling::classify(gr, low.isa.get()).mm.tf32x3);
  CHECK(!tiling::classify(gr, low.isa.get(), tiling::F32Matmul::Fma).mm.tf32x3);
  Isa no_tf32 = *low.isa;
  std::erase_if(no_tf32.instrs, [](const InstrSpec& i) { return i.name.find(".tf32.") != std::string::npos; });
  for (const tiling::F32Matmul mode : {tiling::F32Matmul::Tf32, tiling::F32Matmul::Tf32x3}) {
    const tiling::GroupShape s = tiling::classify(gr, &no_tf32, mode);
    CHECK(s.strategy == tiling::Strategy::Contraction);
    CHECK(s.mm.simt);
    CHECK(!s.mm.tf32);
    CHECK(!s.mm.tf32x3);
    for (const tiling::RankedConfig& rc : tiling::enumerate_configs(gr, s, axon::test::target_limits()))
      if (rc.config.strategy() == tiling::Strategy::Contraction) CHECK(!mm_fields(rc.config).tf32);
  }
}

TEST_CASE("the tf32 rounding is the target's cheapest rounding to nearest in the spec", "[codegen][contraction]") {
  // sm_90 has cvt.rn.tf32.f32 (one F2FP); sm_80 only cvt.rna.tf32.f32 (three instructions).
  const InstrSpec* r90 = tiling::detail::tf32_rounding(*lowerings("sm_90").isa);
  const InstrSpec* r80 = tiling::detail::tf32_rounding(*lowerings("sm_80").isa);
  REQUIRE(r90 != nullptr);
  REQUIRE(r80 != nullptr);
  CHECK(r90->name == "cvt.rn.tf32.f32");
  CHECK(r80->name == "cvt.rna.tf32.f32");
  CHECK(r90->issue < lowerings("sm_90").isa->find("cvt.rna.tf32.f32")->issue);
  // What the kernels emit: the chosen instruction's text, in the rounding and in the split.
  const std::vector<std::string> l = tiling::detail::tf32_conversions(*r90, true);
  std::string text;
  for (const std::string& x : l) text += x + "\n";
  CHECK(text.find("cvt.rn.tf32.f32") != std::string::npos);
  CHECK(text.find("cvt.rna") == std::string::npos);
  CHECK(text.find("axon_split_tf32") != std::string::npos);
  // A spec without any f32 -> tf32 rounding leaves the tf32 path out, saying why.
  Isa none = *lowerings("sm_90").isa;
  std::erase_if(none.instrs, [](const InstrSpec& i) { return i.name.rfind("cvt.", 0) == 0 && i.outs.size() == 1 && i.outs[0].type == "tf32"; });
  const tiling::detail::Tf32Isa t = tiling::detail::tf32_isa(none);
  CHECK_FALSE(t.ok);
  CHECK(t.why.find("tf32 rounding") != std::string::npos);
}

TEST_CASE("by default f32 matmuls may also run as three tf32 products (tf32x3), which compile for sm_80 and sm_90",
          "[codegen][contraction][nvcc]") {
  const tiling::Limits L = axon::test::target_limits();
  int simt = 0, x3 = 0;
  const int kernels = compile_contractions(
      f32_graphs(), 3, "tf32x3",
      [&](const tiling::GroupShape& s, const tiling::ContractionConfig& c, const tiling::KernelCode& code) {
        CHECK(s.mm.simt);
        CHECK(!s.mm.tf32);
        CHECK(s.mm.tf32x3);
        CHECK(c.tf32);
        CHECK(c.tf32x3);
        CHECK(c.str().find(" tf32x3 ") != std::string::npos);
        // Each k-step: the two small products, then the large one, over the warp's fragments.
        const std::string mma = "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32";
        size_t n = 0;
        for (size_t at = code.body.find(mma); at != std::string::npos; at = code.body.find(mma, at + 1)) ++n;
        CHECK(n == 3);
        CHECK(code.body.find("af_lo[mi][0]") != std::string::npos);
        CHECK(code.body.find("bf_lo[ni][0]") != std::string::npos);
        CHECK(code.body.find("const float r = x - __uint_as_float(hi);") != std::string::npos);
        CHECK(code.body.find("fmaf(") == std::string::npos);
      },
      tiling::F32Matmul::Tf32x3, [](const tiling::ContractionConfig& c) { return c.tf32; });
  CHECK(kernels >= 9);
  // Both families are ranked for each graph; SIMT alone with the tf32 instructions refused.
  for (const std::string& text : f32_graphs()) {
    const Graph g = parse(text);
    tiling::Group gr = contraction_group(g);
    simt = x3 = 0;
    for (const tiling::RankedConfig& rc : tiling::enumerate_configs(gr, tiling::classify(gr, lowerings("sm_90").isa.get()), L))
      if (const auto* m = rc.config.get_if<tiling::ContractionConfig>()) (m->tf32x3 ? x3 : simt) += 1;
    CHECK(simt > 0);
    CHECK(x3 > 0);
  }
}
