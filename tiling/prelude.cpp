// The device prelude every generated kernel includes, and the device tools of the measuring
// worker. Plain CUDA C++ with inline PTX: no CUDA headers, so NVRTC and nvcc both compile it.
#include <filesystem>
#include <sstream>

#include "axon/core/error.h"
#include "axon/tiling/kernel.h"

namespace axon::tiling {

namespace {

const char* kHelpersHead = R"(// ---- axon prelude: conversions, rounding, vector access, index helpers ----
#ifndef AXON_PRELUDE
#define AXON_PRELUDE
// A TMA tensor map (the driver's CUtensorMap: 128 opaque bytes), passed as a __grid_constant__
// kernel parameter; built on the host (cuTensorMapEncodeTiled).
struct __align__(128) axon_tmap { unsigned long long w[16]; };
template <typename I> __device__ __forceinline__ I axon_fdiv(I a, I b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
template <typename I> __device__ __forceinline__ I axon_fmod(I a, I b) { I r = a % b; return r < 0 ? r + b : r; }
)";

// The conversions between f32 and the 16-bit floats. Kernels take them from the synthesized
// cast lowerings (prelude(low)); the worker's tools (reference kernels, comparisons) keep these
// fixed ones, so that a check never runs on the code it checks.
const char* kToolConversions = R"(
__device__ __forceinline__ float axon_bf16_to_f(unsigned short h) { return __uint_as_float(((unsigned)h) << 16); }
__device__ __forceinline__ unsigned short axon_f_to_bf16(float f) { unsigned short h; asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
__device__ __forceinline__ float axon_f16_to_f(unsigned short h) { float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h)); return f; }
__device__ __forceinline__ unsigned short axon_f_to_f16(float f) { unsigned short h; asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f)); return h; }
)";

const char* kHelpersRest = R"(
// Stores receive values already rounded to their dtype (every node's value is): bf16 is then the
// high half of the binary32 bits, exactly.
__device__ __forceinline__ unsigned short axon_bf16_bits(float f) { return (unsigned short)(__float_as_uint(f) >> 16); }
// x rounded to bf16, as f32: the pattern in the upper half (bf16 -> f32 is exactly that: synthesis
// proves `mov.b32 d, {0, h}` equal to the widening), written in C so that the compiler folds it
// with axon_bf16_bits: a store of two rounded values becomes one packing conversion (F2FP), as
// an inline-asm widening would prevent.
__device__ __forceinline__ float axon_round_bf16(float x) { return __uint_as_float(((unsigned)axon_f_to_bf16(x)) << 16); }
__device__ __forceinline__ float axon_round_f16(float x) { return axon_f16_to_f(axon_f_to_f16(x)); }
// double -> binary32 rounded to odd, so that a second rounding to bf16/f16 is correctly rounded.
__device__ __forceinline__ float axon_d2f_odd(double x) {
  float f = __double2float_rz(x);
  if ((double)f != x && f == f && !isinf(f)) f = __uint_as_float(__float_as_uint(f) | 1u);
  return f;
}
__device__ __forceinline__ double axon_round_bf16_d(double x) { return (double)axon_round_bf16(axon_d2f_odd(x)); }
__device__ __forceinline__ double axon_round_f16_d(double x) { return (double)axon_round_f16(axon_d2f_odd(x)); }
__device__ __forceinline__ float axon_round_i32(float x) {
  if (x != x) return 0.0f;
  if (x >= 2147483647.0f) return 2147483647.0f;
  if (x <= -2147483648.0f) return -2147483648.0f;
  return truncf(x);
}
__device__ __forceinline__ double axon_round_i32_d(double x) {
  if (x != x) return 0.0;
  if (x >= 2147483647.0) return 2147483647.0;
  if (x <= -2147483648.0) return -2147483648.0;
  return trunc(x);
}
// max/min propagate NaN (the IR's semantics, like torch.maximum).
__device__ __forceinline__ float axon_max_nan(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ float axon_min_nan(float a, float b) { float r; asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
__device__ __forceinline__ double axon_max_nan_d(double a, double b) { return (a != a || b != b) ? a + b : (a > b ? a : b); }
__device__ __forceinline__ double axon_min_nan_d(double a, double b) { return (a != a || b != b) ? a + b : (a < b ? a : b); }

// Scalar loads and stores by dtype (values travel as float or double).
__device__ __forceinline__ float axon_ld_f32(const float* p) { return *p; }
__device__ __forceinline__ float axon_ld_bf16(const unsigned short* p) { return axon_bf16_to_f(*p); }
__device__ __forceinline__ float axon_ld_f16(const unsigned short* p) { return axon_f16_to_f(*p); }
__device__ __forceinline__ float axon_ld_i32(const int* p) { return (float)*p; }
__device__ __forceinline__ float axon_ld_bool(const unsigned char* p) { return *p ? 1.0f : 0.0f; }
__device__ __forceinline__ double axon_ldd_f32(const float* p) { return (double)*p; }
__device__ __forceinline__ double axon_ldd_bf16(const unsigned short* p) { return (double)axon_bf16_to_f(*p); }
__device__ __forceinline__ double axon_ldd_f16(const unsigned short* p) { return (double)axon_f16_to_f(*p); }
__device__ __forceinline__ double axon_ldd_i32(const int* p) { return (double)*p; }
__device__ __forceinline__ double axon_ldd_bool(const unsigned char* p) { return *p ? 1.0 : 0.0; }
// Double-valued stores (groups holding 32-bit integers compute in double, where they are exact).
__device__ __forceinline__ void axon_std_f32(float* p, double v) { *p = (float)v; }
__device__ __forceinline__ void axon_std_bf16(unsigned short* p, double v) { *p = axon_f_to_bf16((float)v); }
__device__ __forceinline__ void axon_std_f16(unsigned short* p, double v) { *p = axon_f_to_f16((float)v); }
__device__ __forceinline__ void axon_std_i32(int* p, double v) { *p = (int)v; }
__device__ __forceinline__ void axon_std_bool(unsigned char* p, double v) { *p = v != 0.0 ? 1 : 0; }
__device__ __forceinline__ void axon_st_f32(float* p, float v) { *p = v; }
__device__ __forceinline__ void axon_st_bf16(unsigned short* p, float v) { *p = axon_bf16_bits(v); }
__device__ __forceinline__ void axon_st_f16(unsigned short* p, float v) { *p = axon_f_to_f16(v); }
__device__ __forceinline__ void axon_st_i32(int* p, float v) { *p = (int)v; }
__device__ __forceinline__ void axon_st_bool(unsigned char* p, float v) { *p = v != 0.0f ? 1 : 0; }
// Two neighbouring elements at once (p aligned to the pair): values already rounded to the type.
__device__ __forceinline__ void axon_st2_f32(float* p, float a, float b) { *reinterpret_cast<float2*>(p) = make_float2(a, b); }
__device__ __forceinline__ void axon_st2_bf16(unsigned short* p, float a, float b) {
  *reinterpret_cast<unsigned*>(p) = (unsigned)axon_bf16_bits(a) | ((unsigned)axon_bf16_bits(b) << 16);
}
__device__ __forceinline__ void axon_st2_f16(unsigned short* p, float a, float b) {
  *reinterpret_cast<unsigned*>(p) = (unsigned)axon_f_to_f16(a) | ((unsigned)axon_f_to_f16(b) << 16);
}
// The word a paired store of two 16-bit values (already rounded to the type) writes.
__device__ __forceinline__ unsigned axon_pack2_bf16(float a, float b) { return (unsigned)axon_bf16_bits(a) | ((unsigned)axon_bf16_bits(b) << 16); }
__device__ __forceinline__ unsigned axon_pack2_f16(float a, float b) { return (unsigned)axon_f_to_f16(a) | ((unsigned)axon_f_to_f16(b) << 16); }

// Vector access: V elements of 16 bytes at most, aligned to their size.
template <typename T, int V> struct alignas(sizeof(T) * V) axon_vec { T v[V]; };
template <int V> __device__ __forceinline__ void axon_ldv_f32(const float* p, float* o) {
  axon_vec<float, V> x = *reinterpret_cast<const axon_vec<float, V>*>(p);
#pragma unroll
  for (int l = 0; l < V; ++l) o[l] = x.v[l];
}
template <int V> __device__ __forceinline__ void axon_ldv_bf16(const unsigned short* p, float* o) {
  axon_vec<unsigned short, V> x = *reinterpret_cast<const axon_vec<unsigned short, V>*>(p);
#pragma unroll
  for (int l = 0; l < V; ++l) o[l] = axon_bf16_to_f(x.v[l]);
}
template <int V> __device__ __forceinline__ void axon_ldv_f16(const unsigned short* p, float* o) {
  axon_vec<unsigned short, V> x = *reinterpret_cast<const axon_vec<unsigned short, V>*>(p);
#pragma unroll
  for (int l = 0; l < V; ++l) o[l] = axon_f16_to_f(x.v[l]);
}
template <int V> __device__ __forceinline__ void axon_ldv_i32(const int* p, float* o) {
  axon_vec<int, V> x = *reinterpret_cast<const axon_vec<int, V>*>(p);
#pragma unroll
  for (int l = 0; l < V; ++l) o[l] = (float)x.v[l];
}
template <int V> __device__ __forceinline__ void axon_ldv_bool(const unsigned char* p, float* o) {
  axon_vec<unsigned char, V> x = *reinterpret_cast<const axon_vec<unsigned char, V>*>(p);
#pragma unroll
  for (int l = 0; l < V; ++l) o[l] = x.v[l] ? 1.0f : 0.0f;
}
template <int V> __device__ __forceinline__ void axon_stv_f32(float* p, const float* o) {
  axon_vec<float, V> x;
#pragma unroll
  for (int l = 0; l < V; ++l) x.v[l] = o[l];
  *reinterpret_cast<axon_vec<float, V>*>(p) = x;
}
template <int V> __device__ __forceinline__ void axon_stv_bf16(unsigned short* p, const float* o) {
  axon_vec<unsigned short, V> x;
#pragma unroll
  for (int l = 0; l < V; ++l) x.v[l] = axon_bf16_bits(o[l]);
  *reinterpret_cast<axon_vec<unsigned short, V>*>(p) = x;
}
template <int V> __device__ __forceinline__ void axon_stv_f16(unsigned short* p, const float* o) {
  axon_vec<unsigned short, V> x;
#pragma unroll
  for (int l = 0; l < V; ++l) x.v[l] = axon_f_to_f16(o[l]);
  *reinterpret_cast<axon_vec<unsigned short, V>*>(p) = x;
}
template <int V> __device__ __forceinline__ void axon_stv_i32(int* p, const float* o) {
  axon_vec<int, V> x;
#pragma unroll
  for (int l = 0; l < V; ++l) x.v[l] = (int)o[l];
  *reinterpret_cast<axon_vec<int, V>*>(p) = x;
}
template <int V> __device__ __forceinline__ void axon_stv_bool(unsigned char* p, const float* o) {
  axon_vec<unsigned char, V> x;
#pragma unroll
  for (int l = 0; l < V; ++l) x.v[l] = o[l] != 0.0f ? 1 : 0;
  *reinterpret_cast<axon_vec<unsigned char, V>*>(p) = x;
}
// Packed 16-bit caches: V bf16/f16 elements kept as V/2 32-bit words (half the registers of
// floats); element e is unpacked where it is used (e is a constant once loops are unrolled).
template <int W> __device__ __forceinline__ void axon_ldw(const void* p, unsigned* w) {
  axon_vec<unsigned, W> x = *reinterpret_cast<const axon_vec<unsigned, W>*>(p);
#pragma unroll
  for (int i = 0; i < W; ++i) w[i] = x.v[i];
}
__device__ __forceinline__ float axon_bf16_at(const unsigned* w, int e) {
  unsigned x = w[e >> 1];
  return __uint_as_float((e & 1) ? (x & 0xffff0000u) : (x << 16));
}
__device__ __forceinline__ float axon_f16_at(const unsigned* w, int e) {
  unsigned x = w[e >> 1];
  return axon_f16_to_f((unsigned short)((e & 1) ? (x >> 16) : (x & 0xffffu)));
}
// Streaming (evict-first) vector access for data touched once: 16-byte accesses only; other
// widths fall back to the plain ones.
template <int V> __device__ __forceinline__ void axon_ldv_f32_cs(const float* p, float* o) {
  if constexpr (V == 4) asm("ld.global.cs.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(o[0]), "=f"(o[1]), "=f"(o[2]), "=f"(o[3]) : "l"(p));
  else axon_ldv_f32<V>(p, o);
}
__device__ __forceinline__ void axon_ld16_cs(const void* p, unsigned* w) {
  asm("ld.global.cs.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3]) : "l"(p));
}
template <int W> __device__ __forceinline__ void axon_ldw_cs(const void* p, unsigned* w) {
  if constexpr (W == 4) axon_ld16_cs(p, w);
  else axon_ldw<W>(p, w);
}
template <int V> __device__ __forceinline__ void axon_ldv_bf16_cs(const unsigned short* p, float* o) {
  if constexpr (V == 8) {
    unsigned w[4];
    axon_ld16_cs(p, w);
#pragma unroll
    for (int i = 0; i < 4; ++i) { o[2 * i] = __uint_as_float(w[i] << 16); o[2 * i + 1] = __uint_as_float(w[i] & 0xffff0000u); }
  } else axon_ldv_bf16<V>(p, o);
}
template <int V> __device__ __forceinline__ void axon_ldv_f16_cs(const unsigned short* p, float* o) {
  if constexpr (V == 8) {
    unsigned w[4];
    axon_ld16_cs(p, w);
#pragma unroll
    for (int i = 0; i < 4; ++i) { o[2 * i] = axon_f16_to_f((unsigned short)(w[i] & 0xffffu)); o[2 * i + 1] = axon_f16_to_f((unsigned short)(w[i] >> 16)); }
  } else axon_ldv_f16<V>(p, o);
}
template <int V> __device__ __forceinline__ void axon_ldv_i32_cs(const int* p, float* o) { axon_ldv_i32<V>(p, o); }
template <int V> __device__ __forceinline__ void axon_ldv_bool_cs(const unsigned char* p, float* o) { axon_ldv_bool<V>(p, o); }
// 16-byte stores by L2 policy: Keep = false, evict-first (.cs: written once, read by nobody
// soon); Keep = true, evict-last (a hand-off: the launch's next kernel reads it, and finds it in
// L2 instead of DRAM). The policy comes from a non-volatile asm, which the compiler may merge.
template <bool Keep> __device__ __forceinline__ void axon_st16_pol(void* p, const unsigned* w) {
  if constexpr (Keep) {
    unsigned long long pol;
    asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(pol));
    asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;" :: "l"(p), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]), "l"(pol) : "memory");
  } else {
    asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" :: "l"(p), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3]) : "memory");
  }
}
__device__ __forceinline__ void axon_st16_cs(void* p, const unsigned* w) { axon_st16_pol<false>(p, w); }
template <bool Keep, int V> __device__ __forceinline__ void axon_stv_f32_pol(float* p, const float* o) {
  if constexpr (V == 4) {
    unsigned w[4] = {__float_as_uint(o[0]), __float_as_uint(o[1]), __float_as_uint(o[2]), __float_as_uint(o[3])};
    axon_st16_pol<Keep>(p, w);
  } else axon_stv_f32<V>(p, o);
}
template <bool Keep, int V> __device__ __forceinline__ void axon_stv_bf16_pol(unsigned short* p, const float* o) {
  if constexpr (V == 8) {
    unsigned w[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) w[i] = (__float_as_uint(o[2 * i]) >> 16) | (__float_as_uint(o[2 * i + 1]) & 0xffff0000u);
    axon_st16_pol<Keep>(p, w);
  } else axon_stv_bf16<V>(p, o);
}
template <bool Keep, int V> __device__ __forceinline__ void axon_stv_f16_pol(unsigned short* p, const float* o) {
  if constexpr (V == 8) {
    unsigned w[4];
#pragma unroll
    for (int i = 0; i < 4; ++i) w[i] = (unsigned)axon_f_to_f16(o[2 * i]) | ((unsigned)axon_f_to_f16(o[2 * i + 1]) << 16);
    axon_st16_pol<Keep>(p, w);
  } else axon_stv_f16<V>(p, o);
}
template <int V> __device__ __forceinline__ void axon_stv_f32_cs(float* p, const float* o) { axon_stv_f32_pol<false, V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_bf16_cs(unsigned short* p, const float* o) { axon_stv_bf16_pol<false, V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_f16_cs(unsigned short* p, const float* o) { axon_stv_f16_pol<false, V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_f32_keep(float* p, const float* o) { axon_stv_f32_pol<true, V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_bf16_keep(unsigned short* p, const float* o) { axon_stv_bf16_pol<true, V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_f16_keep(unsigned short* p, const float* o) { axon_stv_f16_pol<true, V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_i32_keep(int* p, const float* o) { axon_stv_i32<V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_bool_keep(unsigned char* p, const float* o) { axon_stv_bool<V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_i32_cs(int* p, const float* o) { axon_stv_i32<V>(p, o); }
template <int V> __device__ __forceinline__ void axon_stv_bool_cs(unsigned char* p, const float* o) { axon_stv_bool<V>(p, o); }
#endif
)";

const char* kTools = R"(
#ifndef AXON_TOOLS
#define AXON_TOOLS
// ---- axon worker tools: random fill, poisoning, comparison (dtype codes: 0 f32, 1 f16, 2 bf16, 3 i32, 4 bool) ----
__device__ __forceinline__ unsigned long long axon_mix(unsigned long long z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
__device__ __forceinline__ double axon_unit(unsigned long long z) { return ((z >> 11) + 0.5) * (1.0 / 9007199254740992.0); }
// dist 0: N(0, 1); 1: N(2, 3^2) (offset, wider); 2: U(-1, 1) with one element in 16 exactly 0.
extern "C" __global__ void axon_fill(void* p, long long n, int dtype, int dist, unsigned long long seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    unsigned long long a = axon_mix(seed * 0x100000001b3ULL + (unsigned long long)i), b = axon_mix(a);
    double u1 = axon_unit(a), u2 = axon_unit(b);
    double g = sqrt(-2.0 * log(u1)) * cospi(2.0 * u2);
    double v = dist == 0 ? g : dist == 1 ? 2.0 + 3.0 * g : ((b & 15) == 0 ? 0.0 : 2.0 * u1 - 1.0);
    switch (dtype) {
      case 0: ((float*)p)[i] = (float)v; break;
      case 1: ((unsigned short*)p)[i] = axon_f_to_f16((float)v); break;
      case 2: ((unsigned short*)p)[i] = axon_f_to_bf16((float)v); break;
      case 3: ((int*)p)[i] = (int)(a % 17) - 8; break;
      default: ((unsigned char*)p)[i] = (unsigned char)(a & 1); break;
    }
  }
}
__device__ __forceinline__ double axon_load_any(const void* p, long long i, int dtype) {
  switch (dtype) {
    case 0: return (double)((const float*)p)[i];
    case 1: return (double)axon_f16_to_f(((const unsigned short*)p)[i]);
    case 2: return (double)axon_bf16_to_f(((const unsigned short*)p)[i]);
    case 3: return (double)((const int*)p)[i];
    default: return ((const unsigned char*)p)[i] ? 1.0 : 0.0;
  }
}
// A reference value (already rounded to its dtype) stored in that dtype.
extern "C" __global__ void axon_from_double(const double* src, void* dst, long long n, int dtype) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    double v = src[i];
    switch (dtype) {
      case 0: ((float*)dst)[i] = (float)v; break;
      case 1: ((unsigned short*)dst)[i] = axon_f_to_f16((float)v); break;
      case 2: ((unsigned short*)dst)[i] = axon_f_to_bf16((float)v); break;
      case 3: ((int*)dst)[i] = (int)v; break;
      default: ((unsigned char*)dst)[i] = v != 0.0 ? 1 : 0; break;
    }
  }
}
// out[0] += sum |ref| over finite elements (for the comparison's scale).
extern "C" __global__ void axon_sum_abs(const double* ref, long long n, double* out) {
  double s = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    if (!isinf(ref[i]) && ref[i] == ref[i]) s += fabs(ref[i]);
  for (int o = 16; o > 0; o /= 2) s += __shfl_xor_sync(0xffffffffu, s, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}
// Compares a candidate's output with the reference: an element passes when both are NaN, when
// they are equal, or when |c - r| <= atol + rtol |r| + slack[i] (slack: null, or the element's
// own allowance: attention's ambiguous score roundings). stats[0]: failing elements; stats[1]: the
// worst ratio |c - r| / tolerance as the bits of a non-negative double; stats[2]: the first
// failing index + 1. Each thread keeps its own count, worst and first, and a warp's lanes combine
// theirs before one atomic each: almost every element differs from the double reference a
// little, and an atomic per element on one address made a check of 64M elements take ~10 ms
// (a search checks each candidate 3 + 25 times or more).
extern "C" __global__ void axon_compare(const void* cand, int dtype, const double* ref, long long n, double rtol,
                                        double atol, const double* slack, unsigned long long* stats) {
  unsigned long long fails = 0, first = ~0ULL;
  double worst = 0;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    double c = axon_load_any(cand, i, dtype), r = ref[i];
    bool ok;
    double ratio = 0;
    if (c != c || r != r) {
      ok = (c != c) && (r != r);
      ratio = ok ? 0.0 : 1e300;
    } else if (c == r) {
      ok = true;
    } else {
      ratio = fabs(c - r) / (atol + rtol * fabs(r) + (slack ? slack[i] : 0.0));
      ok = ratio <= 1.0;
      if (ratio != ratio) ratio = 1e300;
    }
    if (!ok) {
      ++fails;
      if (first == ~0ULL) first = (unsigned long long)i + 1ULL;
    }
    worst = fmax(worst, ratio);
  }
  for (int o = 16; o > 0; o /= 2) {
    fails += __shfl_xor_sync(0xffffffffu, fails, o);
    first = min(first, __shfl_xor_sync(0xffffffffu, first, o));
    worst = fmax(worst, __shfl_xor_sync(0xffffffffu, worst, o));
  }
  if ((threadIdx.x & 31) == 0) {
    if (fails > 0) {
      atomicAdd(&stats[0], fails);
      atomicMin(&stats[2], first);
    }
    if (worst > 0) atomicMax(&stats[1], (unsigned long long)__double_as_longlong(worst));
  }
}
#endif
)";

}  // namespace

std::string prelude(const Lowerings& low) {
  std::ostringstream os;
  // The lowerings file by name only: the text (and the compiled-kernel cache's key, its hash) must
  // not depend on where the checkout lies.
  const std::string from = std::filesystem::path(low.source).filename().string();
  os << kHelpersHead;
  os << "// ---- synthesized casts (" << from << ") ----\n";
  const std::pair<const char*, std::pair<DType, DType>> kCasts[] = {
      {"float axon_bf16_to_f(unsigned short x)", {DType::bf16, DType::f32}},
      {"unsigned short axon_f_to_bf16(float x)", {DType::f32, DType::bf16}},
      {"float axon_f16_to_f(unsigned short x)", {DType::f16, DType::f32}},
      {"unsigned short axon_f_to_f16(float x)", {DType::f32, DType::f16}}};
  for (const auto& [signature, cast] : kCasts) {
    const Lowering* l = low.find_cast(cast.first, cast.second);
    if (l == nullptr)
      throw UserError(low.source + ": no proved cast " + std::string(dtype_name(cast.second)) + " <- " +
                      std::string(dtype_name(cast.first)) + " for " + low.target + " (axon synth --op cast says why)");
    os << emit_cuda(*l) << "__device__ __forceinline__ " << signature << " { return axon_cast_" << dtype_name(cast.second)
       << "_" << dtype_name(cast.first) << "(x); }\n";
  }
  for (DType t : {DType::bf16, DType::f16})
    if (const Lowering* l = low.find_pack(t)) os << emit_cuda(*l);
  os << kHelpersRest;
  os << "// ---- synthesized lowerings (" << from << ") ----\n";
  for (const auto& [key, l] : low.ops)
    if (!l.cast) os << emit_cuda(l);
  for (const WarpReduction& w : low.warps) os << emit_cuda(w);
  return os.str();
}

std::string tools_source() { return std::string(kHelpersHead) + kToolConversions + kHelpersRest + kTools; }

}  // namespace axon::tiling
