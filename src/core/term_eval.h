// Concrete evaluation of op definitions (term.h) over float64 tensors. Internal to core.
#pragma once

#include <vector>

#include "axon/core/interpreter.h"
#include "axon/core/term.h"

namespace axon::detail {

// Fills `out` (already shaped) with out[v] = body for every index v, reading `operands`.
// Rounds each element to out.dtype when precision is Native. Splits the work over `threads`.
void eval_definition(const Definition& def, const std::vector<const Tensor*>& operands,
                     Precision precision, Tensor& out, int threads);

// Rounding of a Round term or of a node's result under a precision.
double apply_round(DType t, double v, Precision p);

}  // namespace axon::detail
