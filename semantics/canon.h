// Normalization of reductions for the verifier (docs/verification.md, "Reductions"). Internal.
#pragma once

#include <functional>

#include "axon/core/term.h"

namespace axon::sem {

// Rewrites a term with identities that hold for finite sums and maxima over the reals:
// - sums over the same extent added or subtracted merge: S(f) +- S(g) = S(f +- g);
// - factors move into a sum: x * S(f) = S(x * f), S(f) / x = S(f / x), -S(f) = S(-f);
// - a max sheds addends that do not depend on its variable: M(f + c) = M(f) + c;
// - a reduction over a body that selects on `k < c` (concat, pad) splits at c when
//   0 < c < extent is evident from the sizes: R_{k<E}(f) = R_{k<c}(f_then) (+) R_{k<E-c}(f_else[k+c]).
// Every step is an identity of real arithmetic over non-empty finite ranges.
Term canon(const Term& t);

// Whether 0 < c < e holds (for every size the rule allows).
using InsideCheck = std::function<bool(const Size& c, const Size& e)>;
// The same, deciding a split's 0 < c < e with `inside` where it is not evident from the sizes
// (the prover asks the solvers under the rule's conditions: `where S < N`).
Term canon(const Term& t, const InsideCheck& inside);

}  // namespace axon::sem
