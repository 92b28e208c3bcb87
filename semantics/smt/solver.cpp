#include "axon/semantics/solver.h"

#include "backends.h"

namespace axon::smt {

const char* backend_name(Backend b) { return b == Backend::Z3 ? "z3" : "cvc5"; }

CheckResult check_sat(Backend backend, const std::vector<Expr>& assertions,
                      const std::vector<Expr>& observe, const Limits& limits) {
  return backend == Backend::Z3 ? detail::check_z3(assertions, observe, limits)
                                : detail::check_cvc5(assertions, observe, limits);
}

CheckResult check_sat(Backend backend, const std::vector<Expr>& assertions,
                      const std::vector<Expr>& observe, unsigned timeout_ms) {
  return check_sat(backend, assertions, observe, Limits{timeout_ms, 0});
}

std::string backend_version(Backend backend) {
  return backend == Backend::Z3 ? detail::z3_version() : detail::cvc5_version();
}

}  // namespace axon::smt
