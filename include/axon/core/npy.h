// NumPy .npy files (format version 1.0-3.0), C order, little endian.
// Reads <f8 <f4 <f2 <i4 |b1 (the encodings axon writes; a |b1 byte must be 0 or 1); writes f64 as
// <f8, f32 and bf16 as <f4 (NumPy has no bfloat16), f16 as <f2, i32 as <i4, bool as |b1.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "axon/core/tensor.h"

namespace axon {

// The most a .npy file may hold unless told otherwise (its header and 2^34 float64 values).
inline constexpr size_t kNpyMaxBytes = (size_t{1} << 37) + 65546;

// The tensor's dtype is set from the file (f64 files load as f32 dtype with exact values).
// Only a regular file of at most max_bytes bytes is read. Throws UserError naming the path.
Tensor read_npy(const std::string& path, size_t max_bytes = kNpyMaxBytes);
// A value for an input of `dtype`: the file's dtype must be the one write_npy writes for it
// (bool |b1, i32 <i4, f16 <f2, f32 and bf16 <f4), or float64 whose values are all of a float
// dtype exactly (as `axon eval -o` writes them in f64 precision). The tensor gets `dtype`.
Tensor read_npy_as(const std::string& path, DType dtype, size_t max_bytes = kNpyMaxBytes);
// The same for the bytes of a .npy file; `path` names them in messages ("<path>: <reason>").
Tensor parse_npy(std::string_view bytes, const std::string& path);
Tensor parse_npy_as(std::string_view bytes, DType dtype, const std::string& path);
// `as_f64` writes float64 regardless of dtype. The file is replaced, never written through a
// symlink (files.h).
void write_npy(const std::string& path, const Tensor& t, bool as_f64 = false);

}  // namespace axon
