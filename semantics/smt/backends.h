// The solver backends behind check_sat(). Internal to semantics/smt.
#pragma once

#include <string>
#include <vector>

#include "axon/semantics/solver.h"

namespace axon::smt::detail {

CheckResult check_z3(const std::vector<Expr>& assertions, const std::vector<Expr>& observe,
                     const Limits& limits);
CheckResult check_cvc5(const std::vector<Expr>& assertions, const std::vector<Expr>& observe,
                       const Limits& limits);
std::string z3_version();
std::string cvc5_version();

}  // namespace axon::smt::detail
