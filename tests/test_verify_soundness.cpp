// The checker's promise: verdicts that were wrong once (casts in f32 semantics, identical graphs,
// graph pairs whose outputs differ in shape, refutation at large fixed sizes, conditions with
// negative numbers, sizes fixed by a condition) and what a reals-mode proof assumes.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "axon/core/error.h"
#include "axon/semantics/verify.h"
#include "cli.h"
#include "solver_limits.h"

using namespace axon;

namespace {

// Solver-bound: a deterministic solver limit with a generous wall clock (solver_limits.h).
RuleResult check(const std::string& text, const std::string& rule, VerifyOptions opts = axon_test::verify_options()) {
  RuleFile f = parse_rules(text, "t.axr");
  Verifier v(opts);
  for (const auto& r : rules_of(f))
    if (r.name == rule) return v.verify(r);
  FAIL("no rule " << rule);
  return {};
}

VerifyOptions f32_mode(bool cross_check = false, bool falsify = true) {
  VerifyOptions o = axon_test::verify_options();
  o.semantics = SemanticsMode::F32;
  o.cross_check = cross_check;
  o.falsify = falsify;
  return o;
}

uint32_t bits_of(float f) {
  uint32_t u = 0;
  std::memcpy(&u, &f, 4);
  return u;
}

float of_bits(uint32_t u) {
  float f = 0;
  std::memcpy(&f, &u, 4);
  return f;
}

// The GPU's cvt.rn.bf16.f32 on the bit pattern (round to nearest even), read back as f32.
float gpu_bf16(float x) {
  if (std::isnan(x)) return x;
  uint32_t u = bits_of(x);
  u += 0x7fffu + ((u >> 16) & 1u);
  return of_bits(u & 0xffff0000u);
}

// cvt.rzi.s32.f32 (truncate, saturate, NaN -> 0), then cvt.rn.f32.s32.
float gpu_i32(float x) {
  if (std::isnan(x)) return 0.0f;
  double t = std::trunc(static_cast<double>(x));
  if (t > 2147483647.0) t = 2147483647.0;
  if (t < -2147483648.0) t = -2147483648.0;
  return static_cast<float>(static_cast<int32_t>(t));
}

struct Cli {
  int code;
  std::string text;
};

Cli run(std::vector<std::string> args) {
  // The solvers' answers must not depend on the machine's load: a generous wall clock.
  if (args.at(0) == "verify") args.insert(args.end(), {"--timeout-ms", std::to_string(axon_test::kSafetyTimeoutMs)});
  std::vector<const char*> argv{"axon"};
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  int rc = run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
  return {rc, out.str() + err.str()};
}

std::string write(const std::string& name, const std::string& text) {
  std::string p = (std::filesystem::temp_directory_path() / ("axon_soundness_" + name)).string();
  std::ofstream(p) << text;
  return p;
}

const char* kCasts = R"(
input x: f32[3]
input y: f32[3]
cast_i32: cast(cast(x, dtype=i32), dtype=f32) => x
cast_bool: cast(cast(x, dtype=bool), dtype=f32) => x
cast_bf16: cast(cast(x, dtype=bf16), dtype=f32) => x
cast_f16: cast(cast(x, dtype=f16), dtype=f32) => x
bf16_idempotent: cast(cast(cast(x, dtype=bf16), dtype=f32), dtype=bf16) => cast(x, dtype=bf16)
f16_idempotent: cast(cast(cast(x, dtype=f16), dtype=f32), dtype=f16) => cast(x, dtype=f16)
i32_idempotent: cast(cast(cast(x, dtype=i32), dtype=f32), dtype=i32) => cast(x, dtype=i32)
bool_idempotent: cast(cast(cast(x, dtype=bool), dtype=f32), dtype=bool) => cast(x, dtype=bool)
bf16_sum_rounds: cast(add(cast(x, dtype=bf16), cast(y, dtype=bf16)), dtype=f32) => add(cast(cast(x, dtype=bf16), dtype=f32), cast(cast(y, dtype=bf16), dtype=f32))
i32_sum: cast(add(cast(x, dtype=i32), cast(y, dtype=i32)), dtype=f32) => cast(add(cast(y, dtype=i32), cast(x, dtype=i32)), dtype=f32)
f16_overflow: cast(cast(x, dtype=f16), dtype=f32) => x  where x >= 65520
)";

}  // namespace

TEST_CASE("f32 semantics: casts are encoded exactly, as the GPU rounds", "[verify][f32]") {
  for (bool cross : {false, true}) {
    for (bool falsify : {true, false}) {
      INFO("cross-check " << cross << ", falsifier " << falsify);
      VerifyOptions o = f32_mode(cross, falsify);
      for (const char* name : {"cast_i32", "cast_bool", "cast_bf16", "cast_f16", "bf16_sum_rounds", "f16_overflow"}) {
        INFO(name);
        RuleResult r = check(kCasts, name, o);
        REQUIRE(r.verdict == Verdict::Refuted);
        REQUIRE(r.cex);
        // The counterexample is replayed bit for bit: the left side is the GPU's cast of x.
        const size_t i = static_cast<size_t>(r.cex->index[0]);
        const auto x = static_cast<float>(r.cex->inputs.at("x").data[i]);
        const auto lhs = static_cast<float>(r.cex->lhs);
        if (std::string(name) == "cast_i32") CHECK(bits_of(lhs) == bits_of(gpu_i32(x)));
        if (std::string(name) == "cast_bf16") CHECK(bits_of(lhs) == bits_of(gpu_bf16(x)));
        if (std::string(name) == "cast_bool") CHECK(lhs == (x != 0 ? 1.0f : 0.0f));
        if (std::string(name) == "f16_overflow") CHECK(std::isinf(lhs));
      }
      for (const char* name : {"bf16_idempotent", "f16_idempotent", "i32_idempotent", "bool_idempotent"}) {
        INFO(name);
        CHECK(check(kCasts, name, o).verdict == Verdict::Proved);
      }
      // Integer arithmetic wraps on the GPU; binary32 does not model it: never proved.
      RuleResult sum = check(kCasts, "i32_sum", o);
      CHECK(sum.verdict == Verdict::Unknown);
      CHECK_THAT(sum.reason, Catch::Contains("i32 arithmetic"));
    }
  }
  // Saturation: 3e9 truncates to 2^31 - 1, which reads back as 2^31 (and NaN gives 0).
  CHECK(gpu_i32(3e9f) == 2147483648.0f);
  CHECK(gpu_i32(-0.5f) == 0.0f);
  CHECK_FALSE(std::signbit(gpu_i32(-0.5f)));
}

TEST_CASE("verify: graphs equal after canonicalization are proved as identical", "[verify][cli]") {
  const std::string ex = std::string(AXON_SOURCE_DIR) + "/examples/rmsnorm_matmul.json";
  Cli same = run({"verify", ex, ex});
  CHECK(same.code == kExitOk);
  CHECK_THAT(same.text, Catch::Contains("PROVED") && Catch::Contains("identical after canonicalization"));
  // Renamed nodes and outputs listed in another order.
  const std::string head = R"({"inputs": [{"name": "x", "shape": ["M", "K"], "dtype": "f32"}], "nodes": [)";
  std::string a = write("a.json", head + R"({"name": "e", "op": "exp", "inputs": ["x"]},
      {"name": "n", "op": "neg", "inputs": ["x"]}], "outputs": ["e", "n"]})");
  std::string b = write("b.json", head + R"({"name": "minus", "op": "neg", "inputs": ["x"]},
      {"name": "ex", "op": "exp", "inputs": ["x"]}, {"name": "n", "op": "neg", "inputs": ["x"]},
      {"name": "e", "op": "exp", "inputs": ["x"]}], "outputs": ["n", "e"]})");
  Cli renamed = run({"verify", a, b});
  CHECK(renamed.code == kExitOk);
  CHECK(renamed.text.find("summary: 2 proved") != std::string::npos);
  // A LayerNorm written out by hand against the composite op.
  std::string op = write("ln_op.json", head + R"({"name": "y", "op": "layernorm", "inputs": ["x"], "attrs": {"eps": 1e-5}}],
      "outputs": ["y"]})");
  std::string hand = write("ln_hand.json", head + R"(
      {"name": "mean", "op": "reduce_mean", "inputs": ["x"], "attrs": {"axes": [1], "keepdims": true}},
      {"name": "d", "op": "sub", "inputs": ["x", "mean"]},
      {"name": "var", "op": "reduce_mean", "inputs": ["d2"], "attrs": {"axes": [-1], "keepdims": true}},
      {"name": "d2", "op": "square", "inputs": ["d"]},
      {"name": "eps", "op": "constant", "attrs": {"value": 1e-5}},
      {"name": "r", "op": "rsqrt", "inputs": ["ve"]},
      {"name": "ve", "op": "add", "inputs": ["var", "eps"]},
      {"name": "y", "op": "mul", "inputs": ["d", "r"]}], "outputs": ["y"]})");
  Cli ln = run({"verify", op, hand});
  CHECK(ln.code == kExitOk);
  CHECK_THAT(ln.text, Catch::Contains("identical after canonicalization"));
}

TEST_CASE("verify: graph pairs must agree on each output's shape and dtype", "[verify][cli]") {
  const std::string head = R"({"inputs": [{"name": "x", "shape": ["M", "N"], "dtype": "f32"}], "nodes": [)";
  std::string matrix = write("matrix.json", head + R"({"name": "y", "op": "exp", "inputs": ["x"]}], "outputs": ["y"]})");
  std::string scalar = write("scalar.json", head + R"({"name": "e", "op": "exp", "inputs": ["x"]},
      {"name": "y", "op": "reduce_sum", "inputs": ["e"], "attrs": {"axes": [0, 1]}}], "outputs": ["y"]})");
  std::string half = write("half.json", head + R"({"name": "e", "op": "exp", "inputs": ["x"]},
      {"name": "y", "op": "cast", "inputs": ["e"], "attrs": {"dtype": "bf16"}}], "outputs": ["y"]})");
  for (const auto& other : {scalar, half}) {
    Cli r = run({"verify", matrix, other});
    CHECK(r.code == kExitUser);
    CHECK_THAT(r.text, Catch::Contains("output 'y'"));
    CHECK(r.text.find("PROVED") == std::string::npos);
  }
}

TEST_CASE("verify: a wrong rewrite at large fixed sizes is refuted, not left unknown", "[verify][cli]") {
  // Attention at fixed sizes whose inputs hold 64,800 elements (the falsifier's small-size
  // budget is 4096): the sizes are made symbols, tested small, and the difference is confirmed
  // at the given sizes.
  auto graph = [](const std::string& nodes) {
    return R"({"inputs": [{"name": "q", "shape": [2, 3, 120, 30], "dtype": "bf16"},
      {"name": "k", "shape": [2, 3, 120, 30], "dtype": "bf16"}, {"name": "v", "shape": [2, 3, 120, 30], "dtype": "bf16"}],
      "nodes": [{"name": "kt", "op": "transpose", "inputs": ["k"], "attrs": {"perm": [0, 1, 3, 2]}},
      {"name": "scale", "op": "constant", "attrs": {"value": 0.125, "dtype": "bf16"}},)" +
           nodes + R"(], "outputs": ["out"]})";
  };
  std::string right = write("att_right.json", graph(R"({"name": "s", "op": "matmul", "inputs": ["q", "kt"]},
      {"name": "ss", "op": "mul", "inputs": ["s", "scale"]}, {"name": "p", "op": "softmax", "inputs": ["ss"]},
      {"name": "out", "op": "matmul", "inputs": ["p", "v"]})"));
  std::string wrong = write("att_wrong.json", graph(R"({"name": "s", "op": "matmul", "inputs": ["q", "kt"]},
      {"name": "p", "op": "softmax", "inputs": ["s"]}, {"name": "pv", "op": "matmul", "inputs": ["p", "v"]},
      {"name": "out", "op": "mul", "inputs": ["pv", "scale"]})"));
  Cli r = run({"verify", right, wrong});
  CHECK(r.code == kExitFailed);
  CHECK_THAT(r.text, Catch::Contains("REFUTED") && Catch::Contains("at the given sizes"));
  CHECK_THAT(r.text, Catch::Contains("q [2, 3, 120, 30]"));
}

TEST_CASE("verify: a reals-mode proof says what it assumes", "[verify][cli]") {
  const char* rules = R"(
size N
input x: f32[N]
input a: f32[N, N]
round_trip: cast(cast(x, dtype=bf16), dtype=f32) => x
reassociate: reduce_sum(reduce_sum(a, axes=[0]), axes=[0]) => reduce_sum(a, axes=[0, 1])
layout_only: transpose(transpose(a)) => a
)";
  RuleResult r = check(rules, "round_trip");
  CHECK(r.verdict == Verdict::Proved);
  CHECK(r.assumption == kRealsAssumption);
  CHECK(check(rules, "reassociate").assumption == kRealsAssumption);
  RuleResult l = check(rules, "layout_only");
  CHECK(l.verdict == Verdict::Proved);
  CHECK(l.assumption.empty());  // moving data rounds nothing
  Cli cli = run({"verify", write("assume.axr", rules), "--rule", "round_trip"});
  CHECK(cli.code == kExitOk);
  CHECK_THAT(cli.text, Catch::Contains("rounding not modelled") && Catch::Contains("--semantics f32"));
  Cli json = run({"verify", write("assume.axr", rules), "--rule", "round_trip", "--json"});
  CHECK_THAT(json.text, Catch::Contains("\"assumption\""));
}

TEST_CASE("verify: conditions take negative numbers, and a condition may fix a size", "[verify]") {
  const char* rules = R"(
size K
input x: f32[K]
relu_lower: relu(x) => x  where x >= -1
relu_positive: relu(x) => x  where x >= -0
max_floor: max(x, -2) => x  where x > - 2
split_halves: reduce_sum(x, axes=[0]) => add(reduce_sum(slice(x, axis=0, end=4), axes=[0]),
                                             reduce_sum(slice(x, axis=0, start=4), axes=[0]))
    where K == 8
)";
  RuleFile f = parse_rules(rules, "neg.axr");
  REQUIRE(f.rules.size() == 4);
  CHECK(f.rules[0].value_conds.at(0).value == -1.0);
  CHECK(check(rules, "relu_lower").verdict == Verdict::Refuted);  // x = -0.5 breaks it
  CHECK(check(rules, "relu_positive").verdict == Verdict::Proved);
  CHECK(check(rules, "max_floor").verdict == Verdict::Proved);
  CHECK(check(rules, "split_halves").verdict == Verdict::Proved);
  CHECK_THROWS_WITH(parse_rules("input x: f32[]\nr: x => x  where x >= -one\n", "bad.axr"),
                    Catch::Contains("bad.axr:2") && Catch::Contains("expected a number"));
  CHECK_THROWS_WITH(parse_rules("input x: f32[]\nr: x => x  where x >= 1 2\n", "bad.axr"),
                    Catch::Contains("expected a number"));
}
