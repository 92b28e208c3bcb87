// The literals +inf and -inf in the reals with infinities (docs/verification.md, "Infinities").
// Internal to semantics/.
//
// Inputs are finite reals; an infinity enters a rule only as a literal (`-inf`, a pad value, a
// constant). fold_infinities evaluates every operation that meets a literal infinity by the
// identities of the extended reals (x + inf = inf for finite x, max(x, -inf) = x, x < inf,
// exp(-inf) = 0, ...), lifting a select out of an operation when one of its branches may be
// infinite. What it cannot evaluate (inf - inf, 0 * inf, inf times a value of unknown sign) is an
// InfinityError. check_infinity_places then requires that every value that may still be infinite
// is taken only by max, min, select, reduce_max, a comparison or a rounding: operations that only
// order their operands, where a literal infinity is encoded as an uninterpreted real (sound: see
// the docs).
#pragma once

#include <stdexcept>
#include <string>

#include "axon/core/term.h"

namespace axon::sem {

struct InfinityError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool has_infinity(const Term& t);
Term fold_infinities(const Term& t);
void check_infinity_places(const Term& t);

}  // namespace axon::sem
