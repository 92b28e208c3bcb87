// The SMT wrapper: both backends agree on small queries, report models, and time out as Unknown.
#include <catch2/catch.hpp>

#include "axon/semantics/solver.h"
#include "solver_limits.h"

using namespace axon::smt;
using axon_test::solver_limits;

TEST_CASE("both backends decide linear and nonlinear queries", "[smt]") {
  for (Backend b : {Backend::Z3, Backend::CVC5}) {
    INFO(backend_name(b));
    Expr x = constant("x", Sort::Real), y = constant("y", Sort::Real);
    // x + y != y + x is unsatisfiable.
    CHECK(check_sat(b, {ne(add(x, y), add(y, x))}, {}, solver_limits()).result == SatResult::Unsat);
    // x * x < 0 is unsatisfiable over the reals.
    CHECK(check_sat(b, {lt(mul(x, x), real(0))}, {}, solver_limits()).result == SatResult::Unsat);
    // x > 1/3 and x < 1/2 has a model; the value is reported.
    auto r = check_sat(b, {gt(x, real_rational("1", "3")), lt(x, real(0.5))}, {x}, solver_limits());
    REQUIRE(r.result == SatResult::Sat);
    REQUIRE(r.values.size() == 1);
    REQUIRE(r.values[0].has_value());
    CHECK(*r.values[0] > 1.0 / 3);
    CHECK(*r.values[0] < 0.5);
    // Uninterpreted functions: f(x) != f(y) and x == y is unsatisfiable.
    Expr fx = app("f", {x}, Sort::Real), fy = app("f", {y}, Sort::Real);
    CHECK(check_sat(b, {eq(x, y), ne(fx, fy)}, {}, solver_limits()).result == SatResult::Unsat);
    // Integer division and modulus with a positive divisor.
    Expr i = constant("i", Sort::Int), n = constant("n", Sort::Int);
    CHECK(check_sat(b, {ge(i, integer(0)), ge(n, integer(1)),
                        ne(add(mul(intdiv(i, n), n), mod(i, n)), i)}, {}, solver_limits())
              .result == SatResult::Unsat);
  }
}

TEST_CASE("floating point: reassociation is not exact in f32", "[smt][fp]") {
  for (Backend b : {Backend::Z3, Backend::CVC5}) {
    INFO(backend_name(b));
    Expr x = constant("x", Sort::F32), y = constant("y", Sort::F32), z = constant("z", Sort::F32);
    Expr lhs = fp_add(fp_add(x, y), z), rhs = fp_add(x, fp_add(y, z));
    auto r = check_sat(b, {lnot(fp_eq(lhs, rhs)), lnot(fp_is_nan(lhs))}, {x, y, z}, solver_limits());
    CHECK(r.result == SatResult::Sat);
    // x * 1 == x holds bit for bit (as SMT equality: NaNs and signed zeros included).
    CHECK(check_sat(b, {ne(fp_mul(x, f32(1.0f)), x)}, {}, solver_limits()).result == SatResult::Unsat);
  }
}

TEST_CASE("exact real literals and SMT-LIB text", "[smt]") {
  CHECK(to_string(real(0.5)) == "(/ 1.0 2.0)");
  CHECK(to_string(real(-3)) == "(- 3.0)");
  CHECK(to_string(real(1e-6)).find("(/ ") == 0);
  Expr x = constant("x", Sort::Real);
  std::string text = to_smtlib({gt(app("f", {x}, Sort::Real), real(1))});
  CHECK(text == "(declare-fun f (Real) Real)\n(declare-const x Real)\n(assert (< 1.0 (f x)))\n");
}
