// Running SMT queries on Z3 or CVC5. Each call builds a fresh solver context, so calls are
// independent and may run on several threads at once.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "axon/semantics/smt.h"

namespace axon::smt {

enum class Backend : uint8_t { Z3, CVC5 };
const char* backend_name(Backend b);

enum class SatResult : uint8_t { Sat, Unsat, Unknown };

struct CheckResult {
  SatResult result = SatResult::Unknown;
  std::string reason;  // for Unknown: timeout, incomplete, an error from the solver
  double seconds = 0;
  // When Sat: the model's values of the `observe` expressions (Int, Real, Bool as 0/1, F32 as
  // a double), nullopt where the model gives none.
  std::vector<std::optional<double>> values;
};

// How long one query may run. The wall clock depends on the machine's load; the resource limit
// does not: a query that finishes within it finishes within it on any machine, loaded or not
// (same solver version), and one that does not is Unknown on every machine. Tests ask for a
// resource limit, with a large wall clock as a safety net (tests/README.md).
struct Limits {
  unsigned timeout_ms = 10000;
  // Solver work per query in Z3's units (`rlimit`; Z3 spends 1M to 3M a second on an idle
  // core); CVC5 gets a tenth of it as its `rlimit-per` (its units are about ten times as slow),
  // so one limit takes the two solvers about as long. 0: none, beyond Z3's default of 20000
  // units per millisecond of timeout_ms.
  uint64_t resource_limit = 0;
};

// Checks the conjunction of `assertions` for satisfiability, giving up at the limits (Unknown,
// with the reason). Never throws for a solver failure: it becomes Unknown with the reason.
CheckResult check_sat(Backend backend, const std::vector<Expr>& assertions,
                      const std::vector<Expr>& observe, const Limits& limits);
CheckResult check_sat(Backend backend, const std::vector<Expr>& assertions,
                      const std::vector<Expr>& observe, unsigned timeout_ms);

// The same, in a forked child process stopped after 3 x timeout + 5 s (a solver that ignores
// its limit cannot hang the caller; the calling process never hosts a solver). Call only while
// the process has no other threads. `values` are not returned.
CheckResult check_sat_isolated(Backend backend, const std::vector<Expr>& assertions, const Limits& limits);
CheckResult check_sat_isolated(Backend backend, const std::vector<Expr>& assertions, unsigned timeout_ms);

// The solver's version string ("4.8.12", "1.0.3").
std::string backend_version(Backend backend);

}  // namespace axon::smt
