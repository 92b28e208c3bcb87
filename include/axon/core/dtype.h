// Element types of tensors.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace axon {

enum class DType : uint8_t { f32, f16, bf16, i32, boolean };

std::string_view dtype_name(DType t);  // "f32", "f16", "bf16", "i32", "bool"
std::optional<DType> parse_dtype(std::string_view name);
inline bool is_float(DType t) { return t == DType::f32 || t == DType::f16 || t == DType::bf16; }
int dtype_bytes(DType t);

// Rounds a float64 value to the nearest value of `t` (round to nearest even; i32 truncates
// toward zero and saturates, NaN giving 0; bool is `v != 0`).
double round_to(DType t, double v);

// The bits of v rounded to a 16-bit float type (f16: IEEE binary16; bf16: an f32's high half).
uint16_t bits16(DType t, double v);

}  // namespace axon
