// The verifier on small rules: verdicts, counterexamples, f32 semantics, timeouts, the CLI.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

#include "axon/core/error.h"
#include "axon/semantics/verify.h"
#include "cli.h"
#include "isolate.h"  // semantics/, internal
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

const char* kDecls = R"(
size M, K, N
input x: f32[M, K]
input w: f32[K, N]
input s: f32[M, 1]
input c: f32[]
input y: f32[4]
)";

}  // namespace

TEST_CASE("verify: proved, refuted and vacuous rules", "[verify]") {
  std::string t = std::string(kDecls) + R"(
scale: matmul(mul(x, s), w) => mul(matmul(x, w), s)
wrong_side: matmul(mul(x, s), w) => matmul(x, mul(w, 2))
div_cancel: div(mul(x, c), c) => x  where c != 0
div_cancel_at_zero: div(mul(x, c), c) => x
never: add(x, x) => mul(x, 2)  where M < 1
same: add(x, s) => add(x, s)
same_never: add(x, s) => add(x, s)  where M < 1
)";
  CHECK(check(t, "scale").verdict == Verdict::Proved);
  RuleResult r = check(t, "wrong_side");
  REQUIRE(r.verdict == Verdict::Refuted);
  REQUIRE(r.cex);
  CHECK(r.cex->lhs != Approx(r.cex->rhs));
  CHECK(check(t, "div_cancel").verdict == Verdict::Proved);
  // The only counterexample is c = 0, which random inputs never hit: the solver finds it and
  // the interpreter confirms it (0/0 is NaN).
  RuleResult z = check(t, "div_cancel_at_zero");
  REQUIRE(z.verdict == Verdict::Refuted);
  CHECK(z.cex->found_by != "falsifier");
  CHECK(z.cex->inputs.at("c").data[0] == 0);
  CHECK(check(t, "never").verdict == Verdict::Vacuous);
  // The same computation on both sides is proved (as identical), unless the conditions cannot hold.
  RuleResult same = check(t, "same");
  CHECK(same.verdict == Verdict::Proved);
  CHECK(same.reason == "identical after canonicalization");
  CHECK(check(t, "same_never").verdict == Verdict::Vacuous);
}

TEST_CASE("verify: sums over symbolic extents", "[verify]") {
  std::string t = std::string(kDecls) + R"(
fubini: reduce_sum(reduce_sum(x, axes=[0]), axes=[0]) => reduce_sum(x, axes=[0, 1])
linear: reduce_sum(mul(x, c), axes=[1]) => mul(reduce_sum(x, axes=[1]), c)
max_shift: reduce_max(add(x, s), axes=[1], keepdims=true) => add(reduce_max(x, axes=[1], keepdims=true), s)
softmax_shift: softmax(add(x, s)) => softmax(x)
wrong_axis: reduce_sum(reduce_sum(x, axes=[0]), axes=[0]) => reduce_sum(reduce_max(x, axes=[0]), axes=[0])
)";
  CHECK(check(t, "fubini").verdict == Verdict::Proved);
  CHECK(check(t, "linear").verdict == Verdict::Proved);
  CHECK(check(t, "max_shift").verdict == Verdict::Proved);
  CHECK(check(t, "softmax_shift").verdict == Verdict::Proved);
  CHECK(check(t, "wrong_axis").verdict == Verdict::Refuted);
}

TEST_CASE("verify: a solver that gives up never proves", "[verify]") {
  std::string t = std::string(kDecls) + "hard: div(div(x, s), s) => div(x, mul(s, s))  where s != 0\n";
  VerifyOptions o;
  o.timeout_ms = 1;  // no solver can finish: the answer must be UNKNOWN, never PROVED
  o.falsify = false;
  RuleResult r = check(t, "hard", o);
  CHECK(r.verdict != Verdict::Proved);
  CHECK(r.verdict != Verdict::Refuted);
}

TEST_CASE("verify: f32 semantics decides bit-exactness", "[verify][f32]") {
  std::string t = std::string(kDecls) + R"(
commute: add(y, mul(y, 2)) => add(mul(y, 2), y)
)";
  VerifyOptions o = axon_test::verify_options();
  o.semantics = SemanticsMode::F32;
  // Reordering a float sum changes its rounding: refuted with concrete binary32 inputs.
  std::string t2 = std::string(kDecls) + R"(
reassoc: add(add(slice(y, axis=0, end=1), slice(y, axis=0, start=1, end=2)), slice(y, axis=0, start=2, end=3)) => add(slice(y, axis=0, end=1), add(slice(y, axis=0, start=1, end=2), slice(y, axis=0, start=2, end=3)))
)";
  RuleResult a = check(t2, "reassoc", o);
  CHECK(a.verdict == Verdict::Refuted);
  CHECK(check(t, "commute", o).verdict == Verdict::Proved);
  // Over the reals the reassociation is a theorem.
  CHECK(check(t2, "reassoc").verdict == Verdict::Proved);
}

TEST_CASE("verify: ill-formed rules are user errors naming the place", "[verify]") {
  CHECK_THROWS_WITH(parse_rules("size N\ninput x: f32[N, Q]\n", "bad.axr"),
                    Catch::Contains("bad.axr:2") && Catch::Contains("Q"));
  CHECK_THROWS_WITH(parse_rules("size N\ninput x: f32[N]\nr: add(x, => x\n", "bad.axr"),
                    Catch::Contains("bad.axr:3"));
  std::string t = std::string(kDecls) + "shape: transpose(x) => x\n";
  CHECK_THROWS_WITH(check(t, "shape"), Catch::Contains("different shapes"));
}

TEST_CASE("axon verify: exit codes and readable counterexamples", "[verify][cli]") {
  std::string dir = std::string(AXON_SOURCE_DIR) + "/rewrites/rules";
  auto run = [](std::vector<std::string> args, std::string* out_text) {
    // The solvers' answers must not depend on the machine's load: a generous wall clock.
    if (args.at(0) == "verify") args.insert(args.end(), {"--timeout-ms", std::to_string(axon_test::kSafetyTimeoutMs)});
    std::vector<const char*> argv{"axon"};
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    int rc = run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
    if (out_text) *out_text = out.str() + err.str();
    return rc;
  };
  std::string text;
  CHECK(run({"verify", dir + "/true/transpose.axr"}, &text) == kExitOk);
  CHECK(text.find("summary: 17 proved") != std::string::npos);
  CHECK(run({"verify", dir + "/false/transpose.axr"}, &text) == kExitFailed);
  CHECK(text.find("REFUTED") != std::string::npos);
  CHECK(text.find("lhs = ") != std::string::npos);
  CHECK(text.find("rhs = ") != std::string::npos);
  CHECK(run({"verify", dir + "/true/transpose.axr", "--json"}, &text) == kExitOk);
  CHECK(text.find("\"verdict\": \"PROVED\"") != std::string::npos);
  CHECK(run({"verify", "/nonexistent.axr"}, &text) == kExitUser);
  CHECK(run({"verify", dir + "/true/transpose.axr", "--solver", "yices"}, &text) == kExitUser);
  // Two graphs: the example against itself is the same graph (PROVED, identical); two spellings
  // of a row scale around a matmul are proved for all sizes.
  std::string ex = std::string(AXON_SOURCE_DIR) + "/examples/rmsnorm_matmul.json";
  CHECK(run({"verify", ex, ex}, &text) == kExitOk);
  CHECK(text.find("identical after canonicalization") != std::string::npos);
  std::string head = R"({"inputs": [{"name": "x", "shape": ["M", "K"], "dtype": "f32"},
    {"name": "s", "shape": ["M", 1], "dtype": "f32"}, {"name": "w", "shape": ["K", "N"], "dtype": "f32"}],)";
  std::string a = "/tmp/axon_test_verify_a.json", b = "/tmp/axon_test_verify_b.json";
  std::ofstream(a) << head << R"("nodes": [{"name": "t", "op": "mul", "inputs": ["x", "s"]},
    {"name": "out", "op": "matmul", "inputs": ["t", "w"]}], "outputs": ["out"]})";
  std::ofstream(b) << head << R"("nodes": [{"name": "t", "op": "matmul", "inputs": ["x", "w"]},
    {"name": "out", "op": "mul", "inputs": ["t", "s"]}], "outputs": ["out"]})";
  CHECK(run({"verify", a, b}, &text) == kExitOk);
  CHECK(text.find("PROVED") != std::string::npos);
}

TEST_CASE("verify: the proof cache answers a repeated query, also from its file", "[verify]") {
  std::string t = std::string(kDecls) + "scale: matmul(mul(x, s), w) => mul(matmul(x, w), s)\n";
  std::string path = "/tmp/axon_test_proof_cache.txt";
  std::remove(path.c_str());
  VerifyOptions o = axon_test::verify_options();
  o.cache_file = path;
  {
    Verifier v(o);
    RuleFile f = parse_rules(t, "t.axr");
    CHECK_FALSE(v.verify(rules_of(f)[0]).cached);
    CHECK(v.verify(rules_of(f)[0]).cached);  // memory
  }
  Verifier again(o);  // a new verifier reads the file written by the first
  RuleResult r = again.verify(rules_of(parse_rules(t, "t.axr"))[0]);
  CHECK(r.cached);
  CHECK(r.verdict == Verdict::Proved);
  // A different rule is not a hit.
  std::string u = std::string(kDecls) + "scale: matmul(mul(x, s), w) => mul(s, matmul(x, w))\n";
  CHECK_FALSE(again.verify(rules_of(parse_rules(u, "u.axr"))[0]).cached);
}

TEST_CASE("isolated jobs: an answer, a crash and a job past its deadline are told apart", "[verify]") {
  // A solver that crashes must not read as a timeout (UNKNOWN's reason says which).
  std::vector<std::function<std::string()>> jobs = {
      [] { return std::string("answer"); },
      []() -> std::string { std::abort(); },
      [] {
        ::sleep(20);
        return std::string("late");
      }};
  std::vector<std::string> why;
  auto out = axon::sem::run_isolated(jobs, 1.5, [](size_t, const std::string&) { return false; }, &why);
  REQUIRE(out.size() == 3);
  REQUIRE(why.size() == 3);
  CHECK(out[0] == std::optional<std::string>("answer"));
  CHECK(why[0].empty());
  CHECK(!out[1]);
  CHECK(why[1] == "crashed: signal " + std::to_string(SIGABRT));
  CHECK(!out[2]);
  CHECK(why[2] == "deadline");
}
