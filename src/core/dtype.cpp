#include "axon/core/dtype.h"

#include "axon/core/error.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace axon {

std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::f32: return "f32";
    case DType::f16: return "f16";
    case DType::bf16: return "bf16";
    case DType::i32: return "i32";
    case DType::boolean: return "bool";
  }
  return "?";
}

std::optional<DType> parse_dtype(std::string_view name) {
  for (DType t : {DType::f32, DType::f16, DType::bf16, DType::i32, DType::boolean})
    if (dtype_name(t) == name) return t;
  return std::nullopt;
}

int dtype_bytes(DType t) {
  switch (t) {
    case DType::f32: case DType::i32: return 4;
    case DType::f16: case DType::bf16: return 2;
    case DType::boolean: return 1;
  }
  return 4;
}

namespace {

// Rounds to a binary float format with `mant` explicit mantissa bits and exponent range
// [emin, emax] (normal numbers), round to nearest even, with subnormals and overflow to inf.
double round_binary(double v, int mant, int emin, int emax) {
  if (!std::isfinite(v) || v == 0) return v;
  int e = 0;
  std::frexp(v, &e);             // v = f * 2^e, 0.5 <= |f| < 1, so the exponent of v is e - 1
  int exp = std::max(e - 1, emin);  // subnormals share emin's quantum
  double quantum = std::ldexp(1.0, exp - mant);
  double r = std::nearbyint(v / quantum) * quantum;  // default rounding mode: nearest even
  double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -mant), emax);
  if (std::fabs(r) > max_finite) return std::copysign(std::numeric_limits<double>::infinity(), v);
  return r;
}

}  // namespace

double round_to(DType t, double v) {
  switch (t) {
    case DType::f32:
      return static_cast<double>(static_cast<float>(v));
    case DType::f16:
      return round_binary(v, 10, -14, 15);
    case DType::bf16: {
      if (std::isnan(v)) return v;
      // Double rounding through f32 is not exact for bf16; round directly.
      return round_binary(v, 7, -126, 127);
    }
    case DType::i32: {
      if (std::isnan(v)) return 0;
      double tr = std::trunc(v);
      if (tr > 2147483647.0) return 2147483647.0;
      if (tr < -2147483648.0) return -2147483648.0;
      return tr;
    }
    case DType::boolean:
      return v != 0 ? 1.0 : 0.0;
  }
  return v;
}

uint16_t bits16(DType t, double v) {
  AXON_CHECK(t == DType::f16 || t == DType::bf16, "bits16: not a 16-bit float type");
  v = round_to(t, v);  // exact in the type from here on
  if (t == DType::bf16) {
    const auto f = static_cast<float>(v);
    uint32_t b = 0;
    std::memcpy(&b, &f, 4);
    return static_cast<uint16_t>(b >> 16);
  }
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return 0x7e00;
  const double a = std::fabs(v);
  if (std::isinf(a)) return sign | 0x7c00;
  if (a == 0) return sign;
  int e = 0;
  std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
  const int exp = e - 1 + 15;
  if (exp <= 0) return sign | static_cast<uint16_t>(std::ldexp(a, 24));  // subnormal
  const auto mant = static_cast<uint16_t>(std::ldexp(a, 10 - (e - 1)) - 1024);
  return sign | static_cast<uint16_t>(exp << 10) | mant;
}

}  // namespace axon
