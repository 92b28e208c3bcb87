// NumPy .npy files (format version 1.0-3.0), C order, little endian.
// Reads <f8 <f4 <f2 <i8 <i4 |b1 |u1; writes f64 as <f8, f32 and bf16 as <f4 (NumPy has no
// bfloat16), f16 as <f2, i32 as <i4, bool as |b1.
#pragma once

#include <string>

#include "axon/core/tensor.h"

namespace axon {

// The tensor's dtype is set from the file (f64 files load as f32 dtype with exact values).
// Throws UserError naming the path.
Tensor read_npy(const std::string& path);
// `as_f64` writes float64 regardless of dtype.
void write_npy(const std::string& path, const Tensor& t, bool as_f64 = false);

}  // namespace axon
