// Literal infinities in rules (docs/verification.md, "Infinities"): folded where they meet
// arithmetic, taken by order operations otherwise; undefined values (inf - inf, 0 * inf) and
// places the encoding cannot take (a sum of infinities) are bad input; conditions against an
// infinity keep the vacuity check.
#include <catch2/catch.hpp>
#include <filesystem>

#include "axon/core/error.h"
#include "axon/semantics/groups.h"
#include "axon/semantics/verify.h"
#include "solver_limits.h"

using namespace axon;

namespace {

RuleResult verify_text(const std::string& rule, VerifyOptions o = axon_test::verify_options()) {
  const std::string text =
      "group B\n"
      "size N, P\n"
      "input x, y: f32[B..., N]\n"
      "input c: f32[]\n" + rule;
  Verifier v(o);
  return v.verify(group_rules_of(parse_grouped_rules(text, "t.axr"))[0]);
}

Verdict verdict_of(const std::string& rule) { return verify_text(rule).verdict; }

std::string bad_input(const std::string& rule) {
  try {
    verify_text(rule);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("infinities: identities of the extended reals are proved", "[infinity]") {
  CHECK(verdict_of("r: max(x, -inf) => x\n") == Verdict::Proved);
  CHECK(verdict_of("r: min(x, inf) => x\n") == Verdict::Proved);
  CHECK(verdict_of("r: min(max(x, -inf), inf) => x\n") == Verdict::Proved);
  CHECK(verdict_of("r: add(x, inf) => inf\n") == Verdict::Proved);
  CHECK(verdict_of("r: sub(-inf, x) => -inf\n") == Verdict::Proved);
  CHECK(verdict_of("r: exp(add(x, -inf)) => 0\n") == Verdict::Proved);
  CHECK(verdict_of("r: where(lt(x, inf), x, y) => x\n") == Verdict::Proved);
  CHECK(verdict_of("r: reduce_max(pad(x, before=[0, 0], after=[0, P], value=-inf), axes=[1]) => reduce_max(x, axes=[1])\n") ==
        Verdict::Proved);
  CHECK(verdict_of("r: reduce_max(pad(x, before=[0, P], after=[0, 2], value=-inf), axes=[1]) => reduce_max(x, axes=[1])\n") ==
        Verdict::Proved);
  // The maximum of a padding of -inf is finite (the data is never empty): above -inf.
  CHECK(verdict_of("r: where(gt(reduce_max(pad(x, before=[0, 0], after=[0, P], value=-inf), axes=[1]), -inf), 1, 0) => "
                   "constant(value=1, shape=[B...])\n") == Verdict::Proved);
}

TEST_CASE("infinities: near misses are refuted by the solvers too", "[infinity]") {
  VerifyOptions o = axon_test::verify_options();
  o.falsify = false;  // the solver's model must replay on its own
  for (const char* r : {"r: min(x, -inf) => x\n", "r: max(x, inf) => x\n", "r: add(x, inf) => -inf\n",
                        "r: exp(add(x, -inf)) => 1\n", "r: where(gt(x, -inf), y, x) => x\n",
                        "r: reduce_max(pad(x, before=[0, 0], after=[0, P], value=inf), axes=[1]) => reduce_max(x, axes=[1])\n"}) {
    RuleResult res = verify_text(r, o);
    INFO(r << ": " << verdict_name(res.verdict) << " (" << res.reason << ")");
    CHECK(res.verdict == Verdict::Refuted);
  }
}

TEST_CASE("infinities: each solver alone agrees, and the cross-check", "[infinity]") {
  for (SolverChoice s : {SolverChoice::Z3, SolverChoice::CVC5, SolverChoice::Both}) {
    VerifyOptions o = axon_test::verify_options();
    o.solver = s;
    o.cross_check = s == SolverChoice::Both;
    CHECK(verify_text("r: min(max(x, -inf), c) => min(x, c)\n", o).verdict == Verdict::Proved);
    CHECK(verify_text("r: reduce_max(concat(x, constant(value=-inf, shape=[B..., P]), axis=1), axes=[1]) => reduce_max(x, axes=[1])\n", o)
              .verdict == Verdict::Proved);
    o.falsify = false;
    CHECK(verify_text("r: min(max(x, 0), inf) => x\n", o).verdict == Verdict::Refuted);
  }
}

TEST_CASE("infinities: undefined values and sums of infinities are bad input", "[infinity]") {
  // x - x at x = inf is undefined (NaN), not 0: never proved.
  CHECK(bad_input("r: sub(max(x, inf), max(x, inf)) => constant(value=0, shape=[B..., N])\n").find("inf - inf is undefined") !=
        std::string::npos);
  CHECK(bad_input("r: add(max(x, inf), -inf) => x\n").find("inf - inf") != std::string::npos);
  CHECK(bad_input("r: mul(max(x, inf), 0) => x\n").find("0 * inf") != std::string::npos);
  CHECK(bad_input("r: mul(x, inf) => inf\n").find("sign is not known") != std::string::npos);
  CHECK(bad_input("r: div(max(x, inf), max(y, inf)) => x\n").find("inf / inf") != std::string::npos);
  CHECK(bad_input("r: log(add(x, -inf)) => x\n").find("log(-inf)") != std::string::npos);
  CHECK(bad_input("r: reduce_sum(pad(x, before=[0, 0], after=[0, P], value=-inf), axes=[1]) => reduce_sum(x, axes=[1])\n")
            .find("a sum over values that may be infinite") != std::string::npos);
  CHECK(bad_input("r: add(reduce_max(pad(x, before=[0, 0], after=[0, P], value=-inf), axes=[1]), 1) => "
                  "add(reduce_max(x, axes=[1]), 1)\n")
            .find("reaches add") != std::string::npos);
  // One line, naming the rule.
  const std::string m = bad_input("r: sub(inf, inf) => x\n");
  CHECK(m.find("rule r:") != std::string::npos);
  CHECK(m.find('\n') == std::string::npos);
}

TEST_CASE("infinities: conditions against an infinity keep the vacuity check", "[infinity]") {
  CHECK(verdict_of("r: max(x, -inf) => -inf  where x > inf\n") == Verdict::Vacuous);
  CHECK(verdict_of("r: add(x, 1) => x  where x == -inf\n") == Verdict::Vacuous);
  CHECK(verdict_of("r: div(mul(x, c), c) => x  where c != 0, c < inf\n") == Verdict::Proved);
  CHECK(verdict_of("r: div(mul(x, c), c) => x  where c < inf\n") == Verdict::Refuted);
}

TEST_CASE("infinities: a causal mask's row maximum is finite (its first column is never masked)", "[infinity]") {
  const std::string decls = "size N\ninput x, y: f32[N, N]\n";
  auto verdict = [&decls](const std::string& rule) {
    Verifier v(axon_test::verify_options());
    return v.verify(rules_of(parse_rules(decls + rule, "t.axr"))[0]).verdict;
  };
  // Softmax over a causal mask, its scale moved through the mask, and written out by hand.
  CHECK(verdict("r: softmax(causal_mask(mul(x, 0.125)), axis=1) => softmax(mul(causal_mask(x), 0.125), axis=1)\n") == Verdict::Proved);
  CHECK(verdict("r: sub(reduce_max(causal_mask(x), axes=[1]), reduce_max(causal_mask(x), axes=[1])) => constant(value=0, shape=[N])\n") ==
        Verdict::Proved);
  CHECK(verdict("r: sub(reduce_max(causal_mask(x), axes=[1]), reduce_max(x, axes=[1])) => constant(value=0, shape=[N])\n") ==
        Verdict::Refuted);
  // An upper-triangular mask's row maximum at index 0 is masked (row i keeps columns >= i): not
  // shown finite, so the subtraction is refused.
  CHECK_THROWS_AS(verdict("r: sub(reduce_max(where(ge(iota(shape=[N, N], axis=1), iota(shape=[N, N], axis=0)), x, -inf), axes=[1]), "
                          "reduce_max(where(ge(iota(shape=[N, N], axis=1), iota(shape=[N, N], axis=0)), x, -inf), axes=[1])) => "
                          "constant(value=0, shape=[N])\n"),
                  UserError);
}
