// Helpers shared by the per-op shape rules and definitions (src/core/ops_*.cpp). Internal.
#pragma once

#include <string>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/op_table.h"

namespace axon::detail {

// Axis in [-rank, rank) made non-negative; throws UserError naming `field`.
int64_t normalize_axis(int64_t axis, int64_t rank, const std::string& field);
// Sorted unique non-negative axes; throws on duplicates or out of range.
std::vector<int64_t> normalize_axes(const std::vector<int64_t>& axes, int64_t rank,
                                    const std::string& field);
// NumPy broadcasting of shapes; throws UserError describing the mismatch.
Shape broadcast_shapes(const std::vector<Shape>& shapes);
// A read of operand `k` (with shape `s`) at the output's index variables 0..out_rank-1,
// broadcasting as NumPy does (size-1 axes read index 0).
Term broadcast_read(int k, const Shape& s, const Shape& out);
// Index variables 0..rank-1.
std::vector<Term> vars(size_t rank);
// Requires the operand's dtype to be a float type (or one of `also`); throws naming the op.
void require_dtype(Op op, DType t, bool allow_int, bool allow_bool);
// Shape entries must be >= 1 when constant; symbolic entries are assumed >= 1.
// differences_ok: a symbolic size may have negative coefficients (N - S: the extent of a slice
// with symbolic bounds, which the verifier checks against the rule's conditions).
void check_dims(const Shape& s, const std::string& field, bool differences_ok = false);
// A scalar attribute (constant's or pad's value) must be a value of dtype t: an integer in
// range for i32, 0 or 1 for bool; any double for the float types.
void check_value_of(DType t, double v, const std::string& field);
std::string dim_str(const Size& s);

}  // namespace axon::detail
