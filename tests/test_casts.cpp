// Casts by synthesis over the bit-level reading of the specs (docs/synthesis.md, "Casts"): the
// spec language's bit-vector expressions, the software float formats against independent
// references, every float cast found and proved, and the choices following the specs.
#include <catch2/catch.hpp>

#include <cstring>

#include "axon/isa/spec.h"
#include "axon/semantics/solver.h"
#include "axon/synth/synth.h"
#include "bitlevel.h"
#include "solver_limits.h"
#include "synth_support.h"

using namespace axon;

namespace {

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

TEST_CASE("isa: bit-typed operands make bit-vector semantics", "[isa][casts]") {
  Term t = parse_isa_expr("and(shr(a, b), shl(1, c) - 1)", {{"a", 0}, {"b", 1}, {"c", 2}}, {}, {},
                          {{"a", 32}, {"b", 32}, {"c", 32}});
  CHECK(t->sort == Sort::Bits);
  CHECK(t->width == 32);
  CHECK(to_string(t) == "and(shr(a[], b[]), (shl(0x1, c[]) - 0x1))");
  Term p = parse_isa_expr("or(bits(32, a), shl(bits(32, b), 16))", {{"a", 0}, {"b", 1}}, {}, {}, {{"a", 16}, {"b", 16}});
  CHECK(p->width == 32);
  CHECK(to_string(parse_isa_expr("a + 0x7e00", {{"a", 0}}, {}, {}, {{"a", 16}})) == "(a[] + 0x7e00)");
  // A bit pattern is not a value, a constant must fit, and a width must be known.
  CHECK_THROWS_WITH(parse_isa_expr("a * 2", {{"a", 0}}, {}, {}, {{"a", 32}}), Catch::Contains("bit pattern"));
  CHECK_THROWS_WITH(parse_isa_expr("and(a, 70000)", {{"a", 0}}, {}, {}, {{"a", 16}}), Catch::Contains("does not fit"));
  CHECK_THROWS(parse_isa_expr("round(bf16, a, rd)", {{"a", 0}}, {}));
  CHECK(parse_isa_expr("round(bf16, a, rz)", {{"a", 0}}, {})->mode == RoundMode::Rz);
  // The spec parser checks the semantics' width against the output type.
  CHECK_THROWS_WITH(parse_instructions("instruction x\n  ptx x {d}, {a};\n  type d:b16 <- a:b32\n  semantics shr(a, 16)\n"
                                       "  sm 20\n  cost latency=1 issue=1\n", "t.isa"),
                    Catch::Contains("t.isa:4") && Catch::Contains("32-bit pattern"));
}

TEST_CASE("casts: the software formats agree with independent conversions", "[synth][casts]") {
  // Every bf16 and f16 pattern reads back to itself (NaNs to a NaN).
  for (DType t : {DType::bf16, DType::f16})
    for (uint32_t p = 0; p < 0x10000; ++p) {
      double v = synth::float_value(t, p);
      if (std::isnan(v)) continue;
      REQUIRE(synth::float_bits(t, v, RoundMode::Rne) == p);
    }
  // f32 -> bf16 to nearest even is the rounding-bias formula for every non-NaN pattern;
  // f32 -> f16 matches the compiler's _Float16 conversion; both on a spread of patterns.
  uint64_t s = 12345;
  for (int i = 0; i < 2000000; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    auto x = static_cast<uint32_t>(s >> 32);
    if (i % 3 == 1) x = (x & ~0xffffu) | 0x8000u;
    if (i % 3 == 2) x = (x & ~0x1fffu) | 0x1000u;
    float f;
    std::memcpy(&f, &x, 4);
    if (std::isnan(f)) continue;
    REQUIRE(synth::float_bits(DType::bf16, f, RoundMode::Rne) == ((x + 0x7fffu + ((x >> 16) & 1u)) >> 16));
    REQUIRE(synth::float_bits(DType::bf16, f, RoundMode::Rz) == (x >> 16));
    _Float16 h = static_cast<_Float16>(f);
    uint16_t hb;
    std::memcpy(&hb, &h, 2);
    REQUIRE(synth::float_bits(DType::f16, f, RoundMode::Rne) == hb);
  }
  CHECK(synth::float_bits(DType::f32, 1.0, RoundMode::Rne) == bits_of(1.0f));
}

TEST_CASE("casts: bit-vectors and 16-bit floats in both solvers", "[smt][casts]") {
  using namespace axon::smt;  // NOLINT
  namespace smt = axon::smt;
  for (Backend b : {Backend::Z3, Backend::CVC5}) {
    INFO(backend_name(b));
    Expr x = constant("x", smt::Sort::BV32);
    // bf16 is the upper half of f32: widening then rounding back gives the same float.
    Expr h = constant("h", smt::Sort::BV16);
    Expr wide = fp_from_bits(bv_shl(bv_resize(h, 32), bv(16, 32)), smt::Sort::F32);
    CHECK(check_sat_isolated(b, {lnot(eq(fp_round(wide, smt::Sort::BF16, Rounding::RNE), fp_from_bits(h, smt::Sort::BF16)))}, axon_test::solver_limits()).result ==
          SatResult::Unsat);
    // The rounding-bias formula is round-to-nearest-even for non-NaN inputs, and wrong for some NaN.
    Expr f = fp_from_bits(x, smt::Sort::F32);
    Expr formula = bv_resize(bv_lshr(bv_add(bv_add(x, bv(0x7fff, 32)), bv_and(bv_lshr(x, bv(16, 32)), bv(1, 32))), bv(16, 32)), 16);
    Expr differs = lnot(eq(fp_from_bits(formula, smt::Sort::BF16), fp_round(f, smt::Sort::BF16, Rounding::RNE)));
    CHECK(check_sat_isolated(b, {lnot(fp_is_nan(f)), differs}, axon_test::solver_limits()).result == SatResult::Unsat);
    CHECK(check_sat_isolated(b, {differs}, axon_test::solver_limits()).result == SatResult::Sat);
  }
  CHECK(to_smtlib({eq(bv_resize(constant("x", smt::Sort::BV32), 16), bv(5, 16))}).find("((_ extract 15 0) x) (_ bv5 16)") != std::string::npos);
}

TEST_CASE("casts: every float cast is synthesized and proved", "[synth][casts]") {
  SynthOptions o = test_synth_options();
  for (auto [from, to] : float_casts()) {
    Lowering l = synthesize_cast(sm90(), from, to, o);
    INFO(dtype_name(to) << " <- " << dtype_name(from) << ": " << l.why_not);
    CHECK(l.found);
    CHECK(l.proof.rfind("PROVED", 0) == 0);
  }
  CHECK(names(synthesize_cast(sm90(), DType::f32, DType::bf16, o)) == "cvt.rn.bf16.f32");
  CHECK(names(synthesize_cast(sm90(), DType::bf16, DType::f16, o)) == "cvt.f32.bf16 cvt.rn.f16.f32");
}

TEST_CASE("casts follow the specs: a cheaper instruction is picked, a removed one falls back or is not found", "[synth][casts]") {
  SynthOptions o = test_synth_options();
  {  // bf16 -> f32 without cvt.f32.bf16: the pattern moved to the upper half (a pack with zero)
    SpecCopy copy;
    copy.remove_instruction("convert.isa", "cvt.f32.bf16");
    Isa isa = load_isa(copy.dir.string(), "sm_90");
    Lowering l = synthesize_cast(isa, DType::bf16, DType::f32, o);
    CHECK(l.found);
    CHECK(names(l) == "mov.b32.pack");
    CHECK(l.expression == "mov.b32.pack(0, x)");
    // and its CUDA, with a 16-bit register pair, is what the emitter writes
    CHECK(emit_cuda(l).find("asm(\"mov.b32 %0, {%1, %2};\" : \"=r\"(r0) : \"h\"((unsigned short)0u), \"h\"(x0))") != std::string::npos);
  }
  {  // f32 -> bf16 without cvt.rn.bf16.f32: the pair conversion, and its upper half
    SpecCopy copy;
    copy.remove_instruction("convert.isa", "cvt.rn.bf16.f32");
    Isa isa = load_isa(copy.dir.string(), "sm_90");
    Lowering l = synthesize_cast(isa, DType::f32, DType::bf16, o);
    CHECK(l.found);
    CHECK(names(l) == "cvt.rn.bf16x2.f32 mov.b32.high");
    // without either conversion, nothing of four instructions is right for every pattern (the
    // rounding-bias formula turns NaNs with low payload bits into infinity): not found
    copy.remove_instruction("convert.isa", "cvt.rn.bf16x2.f32");
    Lowering none = synthesize_cast(load_isa(copy.dir.string(), "sm_90"), DType::f32, DType::bf16, o);
    CHECK_FALSE(none.found);
    CHECK(none.steps.empty());
  }
  {  // a cheaper (hypothetical) conversion is taken; a cheap wrong one (truncation) is not
    SpecCopy copy;
    copy.append("convert.isa", "\ninstruction cvt.fast.bf16.f32\n  ptx cvt.fast.bf16.f32 {d}, {a};\n  type d:bf16 <- a:f32\n"
                               "  semantics round(bf16, a)\n  sm 20\n  cost latency=2 issue=1\n"
                               "\ninstruction cvt.wrong.bf16.f32\n  ptx cvt.wrong.bf16.f32 {d}, {a};\n  type d:bf16 <- a:f32\n"
                               "  semantics round(bf16, a, rz)\n  sm 20\n  cost latency=1 issue=0.5\n");
    Isa isa = load_isa(copy.dir.string(), "sm_90");
    Lowering l = synthesize_cast(isa, DType::f32, DType::bf16, o);
    CHECK(names(l) == "cvt.fast.bf16.f32");
    CHECK(l.found);
  }
}

TEST_CASE("casts: packs of two f32 values, found directly or composed, proved for every pair", "[synth][casts]") {
  SynthOptions o = test_synth_options();
  Lowering b = synthesize_pack(sm90(), DType::bf16, o);
  CHECK(b.found);
  CHECK(names(b) == "cvt.rn.bf16x2.f32");
  CHECK(b.inputs.size() == 2);
  // no f16 pair conversion in the specs: each value cast, then the halves joined
  Lowering h = synthesize_pack(sm90(), DType::f16, o);
  CHECK(h.found);
  CHECK(names(h) == "cvt.rn.f16.f32 cvt.rn.f16.f32 mov.b32.pack");
  CHECK(h.proof.rfind("PROVED", 0) == 0);
  CHECK(emit_cuda(b).find("unsigned axon_pack_bf16x2_f32(float x0, float x1)") != std::string::npos);
  // the pair instruction's text names the high lane first: x1, then x0
  CHECK(emit_cuda(b).find("asm(\"cvt.rn.bf16x2.f32 %0, %2, %1;\" : \"=r\"(r0) : \"f\"(x0), \"f\"(x1))") != std::string::npos);
  SpecCopy copy;
  copy.remove_instruction("convert.isa", "cvt.rn.bf16x2.f32");
  Isa isa = load_isa(copy.dir.string(), "sm_90");
  Lowering c = synthesize_pack(isa, DType::bf16, o);
  CHECK(c.found);
  CHECK(names(c) == "cvt.rn.bf16.f32 cvt.rn.bf16.f32 mov.b32.pack");
}

TEST_CASE("casts: the emitted casts and packs compile with nvcc for sm_80 and sm_90, fallbacks included", "[synth][casts]") {
  std::string nvcc;
  for (const char* c : {"/usr/local/cuda/bin/nvcc", "/usr/bin/nvcc"})
    if (std::filesystem::exists(c)) nvcc = c;
  if (nvcc.empty()) {
    WARN("nvcc not found: the compile check is skipped");
    return;
  }
  SynthOptions o = test_synth_options();
  SpecCopy copy;  // without the single conversions: the 16-bit register moves and the pair's half
  copy.remove_instruction("convert.isa", "cvt.f32.bf16");
  copy.remove_instruction("convert.isa", "cvt.rn.bf16.f32");
  const Isa edited = load_isa(copy.dir.string(), "sm_80");
  int unit = 0;
  for (const Isa* isa : {&sm90(), &edited}) {
    std::ostringstream cu;
    std::vector<Lowering> ls;
    for (auto [from, to] : float_casts()) ls.push_back(synthesize_cast(*isa, from, to, o));
    for (DType t : {DType::bf16, DType::f16}) ls.push_back(synthesize_pack(*isa, t, o));
    cu << "__global__ void k(const unsigned* x, unsigned* y) {\n  int i = threadIdx.x;\n  unsigned s = 0;\n";
    std::ostringstream fns;
    for (const auto& l : ls) {
      INFO(lowering_key(l) << ": " << l.why_not);
      REQUIRE(l.found);
      fns << emit_cuda(l) << "\n";
      const std::string arg = l.source == DType::f32 ? "__uint_as_float(x[i])" : "(unsigned short)x[i]";
      const std::string call = cast_function(l) + "(" + arg + (l.op == "pack" ? ", __uint_as_float(x[i + 1])" : "") + ")";
      cu << "  s ^= " << (l.dtype == DType::f32 && l.op == "cast" ? "__float_as_uint(" + call + ")" : "(unsigned)" + call) << ";\n";
    }
    cu << "  y[i] = s;\n}\n";
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("axon_casts_nvcc_" + std::to_string(::getpid()) + "_" + std::to_string(unit++));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "k.cu") << fns.str() << cu.str();
    for (const char* arch : {"sm_80", "sm_90"}) {
      std::string cmd = nvcc + " -arch=" + arch + " -c " + (dir / "k.cu").string() + " -o " + (dir / "k.o").string() + " > " +
                        (dir / "log").string() + " 2>&1";
      int rc = std::system(cmd.c_str());
      std::ifstream log(dir / "log");
      std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
      INFO(arch << ": " << text);
      CHECK(rc == 0);
    }
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("synth: packed pairs: one lanewise instruction proved on both halves, or the reason none is", "[synth][packed]") {
  using namespace axon;
  const Term a = term::read(0, {}), b = term::read(1, {});
  // bf16 * bf16 rounded to bf16: mul.rn.bf16x2 (sm_90), proved for every pattern; add too.
  PackedLowering m = synthesize_packed(sm90(), term::round(DType::bf16, term::apply(Fn::Mul, {a, b})), {DType::bf16, DType::bf16},
                                       DType::bf16, axon_test::solver_limits());
  REQUIRE(m.instr != nullptr);
  CHECK(m.instr->name == "mul.rn.bf16x2");
  CHECK(m.proof == "PROVED");
  CHECK(m.order.size() == 2);
  PackedLowering s = synthesize_packed(sm90(), term::round(DType::bf16, term::apply(Fn::Add, {a, b})), {DType::bf16, DType::bf16},
                                       DType::bf16, axon_test::solver_limits());
  REQUIRE(s.instr != nullptr);
  CHECK(s.instr->name == "add.rn.bf16x2");
  // a - b: no one instruction of the specs computes it on pairs (a sub would need a negation first).
  PackedLowering d = synthesize_packed(sm90(), term::round(DType::bf16, term::apply(Fn::Sub, {a, b})), {DType::bf16, DType::bf16},
                                       DType::bf16, axon_test::solver_limits());
  CHECK(d.instr == nullptr);
  CHECK(d.why_not.find("no lanewise bf16x2 instruction") != std::string::npos);
  // sm_80 has no bf16x2 multiply.
  CHECK(synthesize_packed(sm80(), term::round(DType::bf16, term::apply(Fn::Mul, {a, b})), {DType::bf16, DType::bf16}, DType::bf16, axon_test::solver_limits())
            .instr == nullptr);
  // Mixed formats, and expressions outside the form, are refused with the reason.
  CHECK(synthesize_packed(sm90(), term::round(DType::bf16, term::apply(Fn::Mul, {a, b})), {DType::f16, DType::bf16}, DType::bf16, 1000)
            .why_not.find("one 16-bit float format") != std::string::npos);
  CHECK(synthesize_packed(sm90(), term::round(DType::bf16, term::apply(Fn::Exp, {a})), {DType::bf16}, DType::bf16, 1000)
            .why_not.find("not an expression") != std::string::npos);
}
