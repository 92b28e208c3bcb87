// The limits of solver-bound tests (tests/README.md): a test that needs a solver's answer asks
// for a deterministic amount of solver work, so that the answer does not depend on the
// machine's load, and keeps a wall clock far beyond it only as a safety net.
#pragma once

#include <cstdint>

#include "axon/semantics/solver.h"
#include "axon/semantics/verify.h"

namespace axon_test {

// Solver work per query, in Z3's units (solver.h: Limits). The most any query of the suite
// needs is about 21M (Z3, f32 commutation in test_verify.cpp: 6 s on an idle core; CVC5 needs
// at most 0.2M of its own, 2M in these units): 100M leaves a margin of 5x.
inline constexpr uint64_t kResourceLimit = 100'000'000;
// The wall clock per query: only a safety net. What the tests need (21M units at most) takes
// under 30 s on an idle core at Z3's slowest rate measured (0.8M a second, bit-vectors), so
// the clock is never what decides an answer a test needs, even on a machine twice as loaded.
inline constexpr unsigned kSafetyTimeoutMs = 120'000;

inline axon::smt::Limits solver_limits() { return axon::smt::Limits{kSafetyTimeoutMs, kResourceLimit}; }

// Verifier options for tests that need the solvers' answers (PROVED, VACUOUS, a solver's
// counterexample). Tests that expect UNKNOWN keep a short timeout: load only makes UNKNOWN more
// likely, so they do not depend on it.
inline axon::VerifyOptions verify_options() {
  axon::VerifyOptions o;
  o.timeout_ms = kSafetyTimeoutMs;
  o.resource_limit = kResourceLimit;
  return o;
}

}  // namespace axon_test
