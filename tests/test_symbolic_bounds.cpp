// Symbolic slice and pad bounds (docs/rules-format.md, "Symbolic slice and pad bounds"): proved
// for all bounds the conditions allow; refused when the conditions do not keep them in range.
#include <catch2/catch.hpp>

#include "axon/core/error.h"
#include "axon/semantics/groups.h"
#include "solver_limits.h"

using namespace axon;

namespace {

Verdict verdict_of(const std::string& rule) {
  const std::string text =
      "size N, M, S, E, P, Q\n"
      "input x: f32[N]\n"
      "input y: f32[M]\n" + rule;
  Verifier v(axon_test::verify_options());
  return v.verify(group_rules_of(parse_grouped_rules(text, "t.axr"))[0]).verdict;
}

}  // namespace

TEST_CASE("symbolic bounds: slice and pad rules are proved for all bounds", "[bounds]") {
  CHECK(verdict_of("r: slice(concat(x, y, axis=0), axis=0, start=N) => y\n") == Verdict::Proved);
  CHECK(verdict_of("r: slice(slice(x, axis=0, start=S), axis=0, end=E) => slice(x, axis=0, start=S, end=S + E)  where S + E <= N\n") ==
        Verdict::Proved);
  CHECK(verdict_of("r: slice(pad(x, before=[P], after=[Q]), axis=0, start=P, end=P + N) => x\n") == Verdict::Proved);
  CHECK(verdict_of("r: concat(slice(x, axis=0, end=S), slice(x, axis=0, start=S), axis=0) => x  where S < N\n") == Verdict::Proved);
  // Off by one: refuted with a counterexample at some bounds.
  CHECK(verdict_of("r: slice(slice(x, axis=0, start=S), axis=0, end=E) => slice(x, axis=0, start=S - 1, end=S + E - 1)  where S + E <= N\n") ==
        Verdict::Refuted);
}

TEST_CASE("symbolic bounds: conditions must keep every bound in range", "[bounds]") {
  // No condition: S < E <= N may fail.
  CHECK_THROWS_AS(verdict_of("r: slice(x, axis=0, start=S, end=E) => slice(x, axis=0, start=S, end=E)\n"), UserError);
  // An empty slice (S == E) is not a tensor.
  CHECK_THROWS_AS(verdict_of("r: slice(x, axis=0, start=S, end=E) => slice(x, axis=0, start=S, end=E)  where S <= E, E <= N\n"),
                  UserError);
  // A bound's size must be declared; with a step other than 1, end - start must be the step
  // times the length as written (N - S is not a multiple of 2, nor 2 E + 1).
  CHECK_THROWS_AS(verdict_of("r: slice(x, axis=0, start=T) => slice(x, axis=0, start=T)  where N > 4\n"), UserError);
  CHECK_THROWS_AS(verdict_of("r: slice(x, axis=0, start=S, step=2) => x  where S < N\n"), UserError);
  CHECK_THROWS_AS(verdict_of("r: slice(x, axis=0, start=S, end=S + 2 * E + 1, step=2) => x  where S + 2 * E + 1 <= N\n"), UserError);
  // A symbolic step's own size must be declared too.
  CHECK_THROWS_AS(verdict_of("r: slice(x, axis=0, start=S, end=S + T * E, step=T) => x  where S + E <= N\n"), UserError);
}

TEST_CASE("symbolic bounds: strided slices with a symbolic step", "[bounds]") {
  // [S - 1, S - 1 + P E) with step P: the E elements S - 1 + P v.
  CHECK(verdict_of("r: slice(x, axis=0, start=S - 1, end=S - 1 + P * E, step=P) => slice(slice(x, axis=0, start=S - 1), axis=0, "
                   "start=0, end=P * E, step=P)  where S - 1 + P * E <= N\n") == Verdict::Proved);
  CHECK(verdict_of("r: slice(slice(x, axis=0, end=P * E, step=P), axis=0, start=0, end=Q * M, step=Q) => slice(x, axis=0, end=P * Q * M, "
                   "step=P * Q)  where P * E <= N, Q * M <= E\n") == Verdict::Proved);
  // The step dropped: refuted where P > 1.
  CHECK(verdict_of("r: slice(x, axis=0, start=S - 1, end=S - 1 + P * E, step=P) => slice(x, axis=0, start=S - 1, end=S - 1 + E)  "
                   "where S - 1 + P * E <= N\n") == Verdict::Refuted);
  // Size::divide_exact: by one term only, every term divisible.
  const Size s = Size::symbol("S"), e = Size::symbol("E"), p = Size::symbol("P");
  CHECK((s * e * 6 + s * 4).divide_exact(s * 2) == std::optional<Size>(e * 3 + 2));
  CHECK(!(s * e + 1).divide_exact(s).has_value());
  CHECK(!(s * e).divide_exact(s + 1).has_value());
  CHECK(!(s * 3).divide_exact(Size(2)).has_value());
  CHECK((p * p * s).divide_exact(p) == std::optional<Size>(p * s));
}
