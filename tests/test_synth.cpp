// ISA specs and instruction synthesis (docs/isa-spec-format.md, docs/synthesis.md): every spec
// file parses, bad specs fail with file:line, synthesis picks instructions by cost and by the
// dtype's tolerance, follows the specs when they change, proves what it picks, and its CUDA
// compiles with nvcc for sm_80 and sm_90 (skipped, with a warning, when nvcc is absent).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "axon/isa/spec.h"
#include "axon/synth/synth.h"
#include "solver_limits.h"
#include "synth_support.h"

using namespace axon;
namespace fs = std::filesystem;

namespace {

Verifier& verifier() {
  static Verifier v(axon_test::verify_options());
  return v;
}
const ProveFn kProve = [](const RuleSpec& r) { return verifier().verify(r); };


}  // namespace

TEST_CASE("isa: every spec file and target parses", "[isa]") {
  for (const char* t : {"sm_80", "sm_90"}) {
    Isa isa = load_isa(default_isa_dir(), t);
    CHECK(isa.instrs.size() > 50);
    CHECK(isa.target.sm_count > 100);
    CHECK(isa.find("fma.rn.f32") != nullptr);
    CHECK(isa.find("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32") != nullptr);
  }
  // wgmma and the bulk tensor copy exist for sm_90 only.
  CHECK(load_isa(default_isa_dir(), "sm_80").find("wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16") == nullptr);
  CHECK(sm90().find("wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16") != nullptr);
  CHECK(sm90().target.l2_bytes > 0);
  CHECK(sm90().target.cluster_sms.at(4) == 120);  // 30 clusters of four at one block per SM (H200)
  CHECK(load_isa(default_isa_dir(), "sm_80").target.cluster_sms.empty());
  CHECK_THROWS_WITH(load_isa(default_isa_dir(), "sm_75"), Catch::Contains("unknown target 'sm_75'"));
}

TEST_CASE("isa: bad specs give file:line errors", "[isa]") {
  const std::string ok = "instruction x\n  ptx x {d}, {a};\n  type d:f32 <- a:f32\n  semantics a\n  sm 20\n  cost latency=1 issue=1\n";
  CHECK(parse_instructions(ok, "t.isa").size() == 1);
  struct Bad {
    std::string text, where;
  };
  for (const Bad& b : std::vector<Bad>{
           {"  ptx x\n", "t.isa:1"},
           {"instrction x\n", "t.isa:1"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  semantics exp(b)\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  semantics a +\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  frobnicate 1\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  semantics a\n  sm 20\n", "t.isa:1"},  // no cost
           {ok + ok, "t.isa:7"},  // defined twice
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  warp d[lane] = a[lane ^ 3]\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  error rel two\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  nan sometimes\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  layout s 8x: offset = row\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  layout s 8x128: offset = xor(row, byte, 40)\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  layout s 8x128: start = row\n", "t.isa:4"},
           {"instruction x\n  ptx x\n  type d:f32 <- a:f32\n  layout s 8x128: offset = byte / (row - row)\n", "t.isa:4"},
       }) {
    INFO(b.text);
    CHECK_THROWS_WITH(parse_instructions(b.text, "t.isa"), Catch::StartsWith(b.where));
  }
  CHECK_THROWS_WITH(parse_target("target sm_90\nname x\n", "t.target"), Catch::Contains("missing"));
  // cluster_sms: SIZE=SMS pairs, each within the SM count.
  const std::string target = "target sm_90\nname x\nsm_count 132\nwarp_size 32\nthreads_per_block 1024\nregs_per_thread 255\n"
                             "regs_per_sm 65536\nthreads_per_sm 2048\nsmem_per_block 1\nsmem_per_sm 1\nl2_bytes 1\nhbm_gb_s 1\nclock_mhz 1\npeak_tflops fp32=1\n";
  CHECK(parse_target(target + "cluster_sms 2=132 4=120\n", "t.target").cluster_sms.size() == 2);
  CHECK(parse_target(target, "t.target").cluster_sms.empty());
  for (const char* bad : {"cluster_sms 4\n", "cluster_sms 4=200\n", "cluster_sms 0=100\n", "cluster_sms 4=x\n"})
    CHECK_THROWS_WITH(parse_target(target + bad, "t.target"), Catch::StartsWith("t.target: cluster_sms"));
  // model_rates: the cost model's rates by name, each above 0; launch_us 0 or more.
  const TargetDesc r = parse_target(target + "model_rates copy_gb_s=4249 fp32=60\nlaunch_us 3\n", "t.target");
  CHECK(r.model_rates.at("copy_gb_s") == 4249);
  CHECK(r.model_rates.size() == 2);
  CHECK(r.launch_us == 3);
  CHECK(parse_target(target, "t.target").model_rates.empty());
  for (const char* bad : {"model_rates fp32\n", "model_rates fp64=1\n", "model_rates fp32=0\n", "model_rates fp32=x\n"})
    CHECK_THROWS_WITH(parse_target(target + bad, "t.target"), Catch::StartsWith("t.target: model_rates"));
  CHECK_THROWS_WITH(parse_target(target + "launch_us -1\n", "t.target"), Catch::StartsWith("t.target: launch_us"));
}

TEST_CASE("isa: the expression language builds the ops' terms", "[isa]") {
  Term t = parse_isa_expr("a * b + c", {{"a", 0}, {"b", 1}, {"c", 2}}, {});
  CHECK(to_string(t) == to_string(term::fadd(term::fmul(term::read(0, {}), term::read(1, {})), term::read(2, {}))));
  // lane ^ 4 for lane 5 is 1
  Term x = parse_isa_index("lane ^ c", {{"lane", 0}}, {{"c", 4}});
  CHECK(to_string(x).find("lane") == std::string::npos);  // vars print as v0
  CHECK_THROWS(parse_isa_expr("exp(a, a)", {{"a", 0}}, {}));
  CHECK_THROWS(parse_isa_expr("round(i32, a)", {{"a", 0}}, {}));
}

TEST_CASE("synth: picks instructions by cost and by the dtype's tolerance, and proves them", "[synth]") {
  SynthOptions o = test_synth_options();
  Lowering e = synthesize_op(sm90(), "exp", DType::f32, o, kProve);
  CHECK(e.found);
  CHECK(e.proof == "PROVED");
  CHECK(names(e) == "mul.rn.f32 ex2.approx.ftz.f32");  // exp(x) = 2^(x / ln 2)
  // tanh.approx (documented 2^-11) is within bf16's tolerance, not f32's: f32 takes tanhf.
  Lowering tf = synthesize_op(sm90(), "tanh", DType::f32, o, kProve);
  Lowering tb = synthesize_op(sm90(), "tanh", DType::bf16, o, kProve);
  CHECK(names(tf) == "tanhf");
  CHECK(names(tb) == "tanh.approx.f32");
  CHECK(tf.found);
  CHECK(tb.found);
  CHECK(tb.cost < tf.cost);
  // Comparisons tell equal operands apart; where is exact (no arithmetic on the selected values).
  CHECK(names(synthesize_op(sm90(), "le", DType::f32, o, kProve)) == "set.le.f32.f32");
  Lowering w = synthesize_op(sm90(), "where", DType::f32, o, kProve);
  CHECK(w.found);
  CHECK(names(w).find("slct.f32.f32") != std::string::npos);
  CHECK(w.measured_error == 0);
}

TEST_CASE("synth: a cheaper instruction in the spec is picked up, a removed one falls back", "[synth]") {
  SynthOptions o = test_synth_options();
  {
    SpecCopy copy;
    copy.append("f32.isa", "\ninstruction ex.fast.f32\n  ptx ex.fast.f32 {d}, {a};\n  type d:f32 <- a:f32\n"
                           "  semantics exp(a)\n  error rel 2^-23\n  sm 20\n  cost latency=4 issue=2\n");
    Isa isa = load_isa(copy.dir.string(), "sm_90");
    Lowering e = synthesize_op(isa, "exp", DType::f32, o, kProve);
    CHECK(names(e) == "ex.fast.f32");
    CHECK(e.found);
  }
  {
    SpecCopy copy;
    copy.remove_instruction("f32.isa", "ex2.approx.ftz.f32");
    Isa isa = load_isa(copy.dir.string(), "sm_90");
    REQUIRE(isa.find("ex2.approx.ftz.f32") == nullptr);
    Lowering e = synthesize_op(isa, "exp", DType::f32, o, kProve);
    CHECK(names(e) == "expf");  // the library function
    CHECK(e.found);
  }
}

TEST_CASE("synth: warp reductions are shuffle trees proved for every lane", "[synth]") {
  for (Reducer r : {Reducer::Sum, Reducer::Max}) {
    WarpReduction w = synthesize_warp_reduction(sm90(), r, true, axon_test::solver_limits());
    CHECK(w.proof == "PROVED");
    CHECK(w.steps.size() == 5);  // log2(32) steps
  }
  WarpReduction l0 = synthesize_warp_reduction(sm90(), Reducer::Sum, false, axon_test::solver_limits());
  CHECK(l0.proof == "PROVED");
}

TEST_CASE("synth: fragment maps are bijections onto their tiles, a broken one is refuted", "[synth]") {
  auto proofs = prove_fragments(sm90(), axon_test::solver_limits());
  CHECK(proofs.size() >= 8);
  for (const auto& p : proofs) {
    INFO(p.instr << " " << p.fragment);
    CHECK(p.proof == "PROVED");
  }
  SpecCopy copy;
  copy.append("matrix.isa", "\ninstruction broken.mma\n  ptx x\n  type d:f32 <- a:f32\n"
                            "  fragment c f32 16x8 regs=4: row = lane / 4 + 8 * (reg / 2), col = (lane % 4) * 2\n"
                            "  tile d[i, j] = c[i, j]\n  sm 80\n  cost latency=1 issue=1\n");
  Isa isa = load_isa(copy.dir.string(), "sm_90");
  bool refuted = false;
  for (const auto& p : prove_fragments(isa, axon_test::solver_limits()))
    if (p.instr == "broken.mma") refuted = p.proof.rfind("REFUTED", 0) == 0;
  CHECK(refuted);
}

TEST_CASE("synth: shared-memory layouts are bijections, and the TMA copy writes the layout wgmma reads", "[synth]") {
  const auto proofs = prove_layouts(sm90(), axon_test::solver_limits());
  CHECK(proofs.size() >= 8);  // the bulk tensor copies and the wgmma forms that read shared memory
  for (const auto& p : proofs) {
    INFO(p.instr << " " << p.layout);
    CHECK(p.proof == "PROVED");
  }
  // xor(x, y, 3) is the hardware's XOR of 16-byte chunk indices, and every instruction's
  // swizzle128 is the same map: what the producer's copy writes is what the consumer's wgmma reads.
  int layouts = 0;
  for (const auto& ins : sm90().instrs)
    for (const auto& l : ins.layouts) {
      INFO(ins.name);
      CHECK(l.name == "swizzle128");
      for (int64_t r = 0; r < l.rows; ++r)
        for (int64_t b = 0; b < l.bytes; ++b) REQUIRE(layout_offset(l, r, b) == r * 128 + (((b / 16) ^ (r % 8)) * 16) + b % 16);
      ++layouts;
    }
  CHECK(layouts >= 8);
  // Broken layouts are refuted: rows 4 apart collide; a byte-level XOR splits 16-byte chunks.
  SpecCopy copy;
  copy.append("memory.isa", "\ninstruction broken.copy\n  ptx x\n  type <- a:ptr.shared\n  memory copy global->shared bytes=16\n"
                            "  layout collide 8x128: offset = (row % 4) * 128 + byte\n"
                            "  layout split 8x128: offset = row * 128 + xor(byte, row % 8, 7)\n  sm 90\n  cost latency=1 issue=1\n");
  Isa isa = load_isa(copy.dir.string(), "sm_90");
  int refuted = 0;
  for (const auto& p : prove_layouts(isa, axon_test::solver_limits()))
    if (p.instr == "broken.copy") refuted += p.proof.rfind("REFUTED", 0) == 0;
  CHECK(refuted == 2);
}

TEST_CASE("synth: emitted CUDA compiles with nvcc for sm_80 and sm_90", "[synth]") {
  std::string nvcc;
  for (const char* c : {"/usr/local/cuda/bin/nvcc", "/usr/bin/nvcc"})
    if (fs::exists(c)) nvcc = c;
  if (nvcc.empty()) {
    WARN("nvcc not found: the compile check is skipped");
    return;
  }
  SynthOptions o = test_synth_options();
  std::ostringstream cu;
  cu << "#include <cuda_runtime.h>\n";
  std::vector<std::string> fns;
  for (const char* op : {"exp", "sigmoid", "tanh", "where", "lt", "rsqrt", "div"})
    for (DType t : {DType::f32, DType::bf16}) {
      Lowering l = synthesize_op(sm90(), op, t, o, kProve);
      REQUIRE(l.found);
      cu << emit_cuda(l) << "\n";
      fns.push_back("axon_" + std::string(op) + "_" + std::string(dtype_name(t)) + "(" +
                    (l.inputs.size() == 1 ? "x[i]" : l.inputs.size() == 2 ? "x[i], x[i + 1]" : "x[i], x[i + 1], x[i + 2]") + ")");
    }
  for (bool all : {true, false}) cu << emit_cuda(synthesize_warp_reduction(sm90(), Reducer::Sum, all, axon_test::solver_limits())) << "\n";
  cu << "__global__ void k(float* x, float* y) {\n  int i = threadIdx.x;\n  float s = 0;\n";
  for (const auto& f : fns) cu << "  s += " << f << ";\n";
  cu << "  y[i] = axon_warp_sum_all(s) + axon_warp_sum_lane0(s);\n}\n";
  fs::path dir = fs::temp_directory_path() / ("axon_nvcc_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "k.cu") << cu.str();
  for (const char* arch : {"sm_80", "sm_90"}) {
    std::string cmd = nvcc + " -arch=" + arch + " -c " + (dir / "k.cu").string() + " -o " +
                      (dir / (std::string(arch) + ".o")).string() + " > " + (dir / "log").string() + " 2>&1";
    int rc = std::system(cmd.c_str());
    std::ifstream log(dir / "log");
    std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    INFO(arch << ": " << text);
    CHECK(rc == 0);
  }
  fs::remove_all(dir);
}

TEST_CASE("synth: instructions that drop NaN are never chosen (the IR propagates NaN)", "[synth]") {
  REQUIRE(sm90().find("max.f32") != nullptr);
  CHECK(sm90().find("max.f32")->nan_drops);
  CHECK_FALSE(sm90().find("max.NaN.f32")->nan_drops);
  SynthOptions o = test_synth_options();
  for (const char* op : {"max", "min", "relu"}) {
    INFO(op);
    Lowering l = synthesize_op(sm90(), op, DType::f32, o, kProve);
    REQUIRE(l.found);
    CHECK(l.proof == "PROVED");
    for (const auto& st : l.steps) CHECK_FALSE(st.instr->nan_drops);
    CHECK(names(l).find(".NaN.") != std::string::npos);
  }
  // The shipped caches agree (they are what kernels use).
  for (const char* target : {"sm_80", "sm_90"}) {
    std::ifstream f(std::string(AXON_SOURCE_DIR) + "/synth/cache/" + target + ".json");
    std::stringstream ss;
    ss << f.rdbuf();
    INFO(target);
    CHECK(ss.str().find("\"max.f32\"") == std::string::npos);
    CHECK(ss.str().find("\"min.f32\"") == std::string::npos);
  }
}

TEST_CASE("synth: a small fused expression is lowered and proved like an op", "[synth]") {
  SynthOptions o = test_synth_options();
  Lowering e = synthesize_expr(sm90(), "exp(x - m)", DType::bf16, o, kProve);
  CHECK(e.found);
  CHECK(e.proof == "PROVED");
  CHECK(e.inputs.size() == 2);
  CHECK(names(e).rfind("sub.rn.f32", 0) == 0);
  CHECK(e.expression.find("x0 = x, x1 = m") != std::string::npos);
  Lowering s = synthesize_expr(sm90(), "x / (1 + exp(-x))", DType::bf16, o, kProve);
  CHECK(s.found);
  CHECK_THROWS_AS(synthesize_expr(sm90(), "exp(x - ", DType::f32, o, kProve), UserError);
  CHECK_THROWS_AS(synthesize_expr(sm90(), "a + b + c + d", DType::f32, o, kProve), UserError);
  // The kernels' own expressions: the attention kernel's exponential at a base-2 shift is one
  // FMA and one ex2 (the scale and the shift in one rounding), proved.
  for (const auto& [name, text] : kernel_expressions()) {
    INFO(name);
    Lowering k = synthesize_expr(sm90(), text, DType::f32, o, kProve);
    CHECK(k.found);
    CHECK(k.proof == "PROVED");
    if (name == "exp2_at") CHECK(names(k) == "fma.rn.f32 ex2.approx.ftz.f32");
  }
  std::vector<std::string> order;
  const Term t = parse_fused_expr("pow(2, x * (1 / log(2)) + n)", order);
  CHECK(order == std::vector<std::string>{"x", "n"});
  CHECK(t->sort == Sort::Real);
}

TEST_CASE("synth: every op of ops.def is lowered or names why not, from its lowering class", "[synth]") {
  // scalar_ops() and the non-targets are derived from ops.def's Lowering column: each op is in
  // exactly one of them but cast (a Convert: synthesized per pair of float dtypes).
  const auto& scalars = scalar_ops();
  auto is_scalar = [&](std::string_view name) { return std::find(scalars.begin(), scalars.end(), name) != scalars.end(); };
  const Op all[] = {
#define AXON_OP(e, n, k, a, b, c, l) Op::e,
#include "axon/core/ops.def"
#undef AXON_OP
  };
  for (Op op : all) {
    const std::string name(op_name(op));
    INFO(name);
    const OpLowering c = op_info(op).lowering;
    CHECK(is_scalar(name) == (c == OpLowering::Scalar));
    CHECK(not_a_target_reason(name).has_value() == (c != OpLowering::Scalar && c != OpLowering::Convert));
  }
  CHECK(ops_lowered_as(OpLowering::Convert) == std::vector<Op>{Op::Cast});
  CHECK(is_scalar("gelu_tanh"));  // gelu with approximate = "tanh"
#define AXON_COMPOSITE(e, n, a, b) CHECK(not_a_target_reason(n).has_value());
#include "axon/core/composites.def"
#undef AXON_COMPOSITE
  CHECK_FALSE(not_a_target_reason("softmaxx").has_value());
}
