// The solver wrapper's deterministic resource limit (solver.h: Limits): a query that needs more
// work than the limit is Unknown on every run, whatever the wall clock allows; the limit reaches
// the solver in a child process too.
#include <catch2/catch.hpp>

#include <string>

#include "axon/semantics/solver.h"

using namespace axon::smt;

TEST_CASE("solver limits: a resource limit stops a query deterministically, whatever the clock", "[smt]") {
  for (Backend b : {Backend::Z3, Backend::CVC5}) {
    INFO(backend_name(b));
    // f32 reassociation is not exact: Z3 needs about 16M units to find the model, CVC5 about 80k.
    Expr x = constant("x", Sort::F32), y = constant("y", Sort::F32), z = constant("z", Sort::F32);
    Expr lhs = fp_add(fp_add(x, y), z), rhs = fp_add(x, fp_add(y, z));
    const std::vector<Expr> q = {lnot(fp_eq(lhs, rhs)), lnot(fp_is_nan(lhs))};
    const Limits tight{600000, 2000};  // ten minutes of wall clock, 2000 units of work
    for (int run = 0; run < 2; ++run) {
      CheckResult r = check_sat(b, q, {}, tight);
      CHECK(r.result == SatResult::Unknown);
      INFO(r.reason);
      CHECK(r.reason.rfind(std::string(backend_name(b)) + ": ", 0) == 0);
      CHECK(r.seconds < 60);
    }
    CHECK(check_sat_isolated(b, q, tight).result == SatResult::Unknown);
    // A small query answers within a small limit.
    Expr a = constant("a", Sort::Real);
    CHECK(check_sat(b, {lt(mul(a, a), real(0))}, {}, Limits{600000, 100000}).result == SatResult::Unsat);
  }
}
