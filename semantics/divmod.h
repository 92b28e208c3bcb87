// Simplification of floor division and modulus in index terms, using the ranges of the index
// variables: (X*Q + R) floordiv Q = X and (X*Q + R) mod Q = R when 0 <= R < Q follows from
// the variables' extents. Reshapes produce such terms; after this step a reshaped axis reads
// its operand at plain index arithmetic. Internal to semantics/.
#pragma once

#include <map>

#include "axon/core/size.h"
#include "axon/core/term.h"

namespace axon::sem {

// `bounds` maps index variables to their extents (0 <= v < extent); reduction variables are
// added while descending into reductions.
Term simplify_divmod(const Term& t, std::map<int, Size>& bounds);

}  // namespace axon::sem
