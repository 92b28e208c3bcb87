// ---- axon prelude: conversions, rounding, vector access, index helpers ----
#ifndef AXON_PRELUDE
#define AXON_PRELUDE
// A TMA tensor map (the driver's CUtensorMap: 128 opaque bytes), passed as a __grid_constant__
// kernel parameter; built on the host (cuTensorMapEncodeTiled).
struct __align__(128) axon_tmap { unsigned long long w[16]; };
template <typename I> __device__ __forceinline__ I axon_fdiv(I a, I b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
template <typename I> __device__ __forceinline__ I axon_fmod(I a, I b) { I r = a % b; return r < 0 ? r + b : r; }
// ---- synthesized casts (sm_80.json) ----
// cast f32 <- bf16 (round to nearest even): cvt.f32.bf16(x)
// cost 1 issue cycles, PROVED (Z3 and CVC5, every input pattern)
__device__ __forceinline__ float axon_cast_f32_bf16(unsigned short x0) {
  float r0;
  asm("cvt.f32.bf16 %0, %1;" : "=f"(r0) : "h"(x0));
  return r0;
}
__device__ __forceinline__ float axon_bf16_to_f(unsigned short x) { return axon_cast_f32_bf16(x); }
// cast bf16 <- f32 (round to nearest even): cvt.rn.bf16.f32(x)
// cost 2 issue cycles, PROVED (Z3 and CVC5, every input pattern)
__device__ __forceinline__ unsigned short axon_cast_bf16_f32(float x0) {
  unsigned short r0;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r0) : "f"(x0));
  return r0;
}
__device__ __forceinline__ unsigned short axon_f_to_bf16(float x) { return axon_cast_bf16_f32(x); }
// cast f32 <- f16 (round to nearest even): cvt.f32.f16(x)
// cost 1 issue cycles, PROVED (Z3 and CVC5, every input pattern)
__device__ __forceinline__ float axon_cast_f32_f16(unsigned short x0) {
  float r0;
  asm("cvt.f32.f16 %0, %1;" : "=f"(r0) : "h"(x0));
  return r0;
}
__device__ __forceinline__ float axon_f16_to_f(unsigned short x) { return axon_cast_f32_f16(x); }
// cast f16 <- f32 (round to nearest even): cvt.rn.f16.f32(x)
// cost 2 issue cycles, PROVED (Z3 and CVC5, every input pattern)
__device__ __forceinline__ unsigned short axon_cast_f16_f32(float x0) {
  unsigned short r0;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(r0) : "f"(x0));
  return r0;
}
__device__ __forceinline__ unsigned short axon_f_to_f16(float x) { return axon_cast_f16_f32(x); }
// pack bf16x2 <- f32 x2 (round to nearest even): cvt.rn.bf16x2.f32(x0, x1)
// cost 2 issue cycles, PROVED (Z3 and CVC5, every input pattern)
__device__ __forceinline__ unsigned axon_pack_bf16x2_f32(float x0, float x1) {
  unsigned r0;
  asm("cvt.rn.bf16x2.f32 %0, %2, %1;" : "=r"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// pack f16x2 <- f32 x2 (round to nearest even): mov.b32.pack(x0, x1) of cvt.rn.f16.f32(x) (each)
// cost 6 issue cycles, PROVED (Z3 and CVC5, every input pattern: the cast, and the join of two halves)
__device__ __forceinline__ unsigned axon_pack_f16x2_f32(float x0, float x1) {
  unsigned short r0;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(r0) : "f"(x0));
  unsigned short r1_r0;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(r1_r0) : "f"(x1));
  unsigned r2_r0;
  asm("mov.b32 %0, {%1, %2};" : "=r"(r2_r0) : "h"(r0), "h"(r1_r0));
  return r2_r0;
}

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
// ---- synthesized lowerings (sm_80.json) ----
// abs (bf16): abs(a[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_abs_bf16(float x0) {
  float r0;
  asm("abs.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// abs (f32): abs(a[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_abs_f32(float x0) {
  float r0;
  asm("abs.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// add (bf16): (a[] + b[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_add_bf16(float x0, float x1) {
  float r0;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// add (f32): (a[] + b[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_add_f32(float x0, float x1) {
  float r0;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// div (bf16): (a[] * (1 / b[]))
// cost 9 issue cycles, error bound 1.19209e-07, PROVED
__device__ __forceinline__ float axon_div_bf16(float x0, float x1) {
  float r0;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x1));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(x0), "f"(r0));
  return r1;
}
// div (f32): (a[] * (1 / b[]))
// cost 9 issue cycles, error bound 1.19209e-07, PROVED
__device__ __forceinline__ float axon_div_f32(float x0, float x1) {
  float r0;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x1));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(x0), "f"(r0));
  return r1;
}
// eq (bf16): select(a[] == b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_eq_bf16(float x0, float x1) {
  float r0;
  asm("set.eq.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// eq (f32): select(a[] == b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_eq_f32(float x0, float x1) {
  float r0;
  asm("set.eq.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// erf (bf16): erf(a[])
// cost 24 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_erf_bf16(float x0) {
  float r0;
  r0 = erff(x0);  // erff
  return r0;
}
// erf (f32): erf(a[])
// cost 24 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_erf_f32(float x0) {
  float r0;
  r0 = erff(x0);  // erff
  return r0;
}
// exp (bf16): pow(2, (a[] * (1 / log(2))))
// cost 9 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_exp_bf16(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x1.715476p+0f));
  float r1;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r1) : "f"(r0));
  return r1;
}
// exp (f32): pow(2, (a[] * (1 / log(2))))
// cost 9 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_exp_f32(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x1.715476p+0f));
  float r1;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r1) : "f"(r0));
  return r1;
}
// exp2_at (f32): pow(2, ((a[] * (1 / log(2))) + b[])) (x0 = x, x1 = n)
// cost 9 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_exp2_at_f32(float x0, float x1) {
  float r0;
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r0) : "f"(x0), "f"(0x1.715476p+0f), "f"(x1));
  float r1;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r1) : "f"(r0));
  return r1;
}
// ge (bf16): select(b[] <= a[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_ge_bf16(float x0, float x1) {
  float r0;
  asm("set.le.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x1), "f"(x0));
  return r0;
}
// ge (f32): select(b[] <= a[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_ge_f32(float x0, float x1) {
  float r0;
  asm("set.le.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x1), "f"(x0));
  return r0;
}
// gelu (bf16): ((a[] * 0.5) * (erf((a[] * 0.707107)) + 1))
// cost 28 issue cycles, error bound 2.38419e-07, PROVED (the op's constants rounded to f32)
__device__ __forceinline__ float axon_gelu_bf16(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x1p-1f));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(x0), "f"(0x1.6a09e6p-1f));
  float r2;
  r2 = erff(r1);  // erff
  float r3;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r3) : "f"(r2), "f"(0x1p+0f));
  float r4;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r4) : "f"(r0), "f"(r3));
  return r4;
}
// gelu (f32): ((a[] * 0.5) * (erf((a[] * 0.707107)) + 1))
// cost 28 issue cycles, error bound 2.38419e-07, PROVED (the op's constants rounded to f32)
__device__ __forceinline__ float axon_gelu_f32(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x1p-1f));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(x0), "f"(0x1.6a09e6p-1f));
  float r2;
  r2 = erff(r1);  // erff
  float r3;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r3) : "f"(r2), "f"(0x1p+0f));
  float r4;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r4) : "f"(r0), "f"(r3));
  return r4;
}
// gelu_tanh (bf16): ((a[] * 0.5) * (tanh(((a[] + ((a[] * (a[] * a[])) * 0.044715)) * 0.797885)) + 1))
// cost 32 issue cycles, error bound 2.38419e-07, PROVED (the op's constants rounded to f32)
__device__ __forceinline__ float axon_gelu_tanh_bf16(float x0) {
  float r9;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r9) : "f"(x0), "f"(0x1p-1f));
  float r10;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r10) : "f"(x0), "f"(x0));
  float r11;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r11) : "f"(x0), "f"(r10));
  float r12;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r12) : "f"(r11), "f"(0x1.6e4e26p-5f));
  float r13;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r13) : "f"(x0), "f"(r12));
  float r14;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r14) : "f"(r13), "f"(0x1.988454p-1f));
  float r15;
  r15 = tanhf(r14);  // tanhf
  float r16;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r16) : "f"(r15), "f"(0x1p+0f));
  float r17;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r17) : "f"(r9), "f"(r16));
  return r17;
}
// gelu_tanh (f32): ((a[] * 0.5) * (tanh(((a[] + ((a[] * (a[] * a[])) * 0.044715)) * 0.797885)) + 1))
// cost 32 issue cycles, error bound 2.38419e-07, PROVED (the op's constants rounded to f32)
__device__ __forceinline__ float axon_gelu_tanh_f32(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x1p-1f));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(x0), "f"(x0));
  float r2;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r2) : "f"(x0), "f"(r1));
  float r3;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r3) : "f"(r2), "f"(0x1.6e4e26p-5f));
  float r4;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r4) : "f"(x0), "f"(r3));
  float r5;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r5) : "f"(r4), "f"(0x1.988454p-1f));
  float r6;
  r6 = tanhf(r5);  // tanhf
  float r7;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r7) : "f"(r6), "f"(0x1p+0f));
  float r8;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r8) : "f"(r0), "f"(r7));
  return r8;
}
// gt (bf16): select(b[] < a[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_gt_bf16(float x0, float x1) {
  float r0;
  asm("set.lt.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x1), "f"(x0));
  return r0;
}
// gt (f32): select(b[] < a[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_gt_f32(float x0, float x1) {
  float r0;
  asm("set.lt.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x1), "f"(x0));
  return r0;
}
// le (bf16): select(a[] <= b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_le_bf16(float x0, float x1) {
  float r0;
  asm("set.le.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// le (f32): select(a[] <= b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_le_f32(float x0, float x1) {
  float r0;
  asm("set.le.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// log (bf16): (log(2) * (log(a[]) / log(2)))
// cost 9 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_log_bf16(float x0) {
  float r0;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(0x1.62e43p-1f), "f"(r0));
  return r1;
}
// log (f32): (log(2) * (log(a[]) / log(2)))
// cost 9 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_log_f32(float x0) {
  float r0;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r1) : "f"(0x1.62e43p-1f), "f"(r0));
  return r1;
}
// lt (bf16): select(a[] < b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_lt_bf16(float x0, float x1) {
  float r0;
  asm("set.lt.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// lt (f32): select(a[] < b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_lt_f32(float x0, float x1) {
  float r0;
  asm("set.lt.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// max (bf16): max(a[], b[])
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_max_bf16(float x0, float x1) {
  float r0;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// max (f32): max(a[], b[])
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_max_f32(float x0, float x1) {
  float r0;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// min (bf16): min(a[], b[])
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_min_bf16(float x0, float x1) {
  float r0;
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// min (f32): min(a[], b[])
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_min_f32(float x0, float x1) {
  float r0;
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// mul (bf16): (a[] * b[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_mul_bf16(float x0, float x1) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// mul (f32): (a[] * b[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_mul_f32(float x0, float x1) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// ne (bf16): select(a[] != b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_ne_bf16(float x0, float x1) {
  float r0;
  asm("set.neu.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// ne (f32): select(a[] != b[], 1, 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_ne_f32(float x0, float x1) {
  float r0;
  asm("set.neu.f32.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// neg (bf16): neg(a[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_neg_bf16(float x0) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// neg (f32): neg(a[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_neg_f32(float x0) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// pow (bf16): pow(a[], b[])
// cost 48 issue cycles, error bound 4.76837e-07, PROVED
__device__ __forceinline__ float axon_pow_bf16(float x0, float x1) {
  float r0;
  r0 = powf(x0, x1);  // powf
  return r0;
}
// pow (f32): pow(a[], b[])
// cost 48 issue cycles, error bound 4.76837e-07, PROVED
__device__ __forceinline__ float axon_pow_f32(float x0, float x1) {
  float r0;
  r0 = powf(x0, x1);  // powf
  return r0;
}
// reciprocal (bf16): (1 / a[])
// cost 8 issue cycles, error bound 1.19209e-07, PROVED
__device__ __forceinline__ float axon_reciprocal_bf16(float x0) {
  float r0;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// reciprocal (f32): (1 / a[])
// cost 8 issue cycles, error bound 1.19209e-07, PROVED
__device__ __forceinline__ float axon_reciprocal_f32(float x0) {
  float r0;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// relu (bf16): max(a[], 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_relu_bf16(float x0) {
  float r0;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x0p+0f));
  return r0;
}
// relu (f32): max(a[], 0)
// cost 2 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_relu_f32(float x0) {
  float r0;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(0x0p+0f));
  return r0;
}
// rsqrt (bf16): (1 / sqrt(a[]))
// cost 8 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_rsqrt_bf16(float x0) {
  float r0;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// rsqrt (f32): (1 / sqrt(a[]))
// cost 8 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_rsqrt_f32(float x0) {
  float r0;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// sigmoid (bf16): (1 / (exp(neg(a[])) + 1))
// cost 24 issue cycles, error bound 3.57628e-07, PROVED
__device__ __forceinline__ float axon_sigmoid_bf16(float x0) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  r1 = expf(r0);  // expf
  float r2;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r2) : "f"(r1), "f"(0x1p+0f));
  float r3;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r3) : "f"(r2));
  return r3;
}
// sigmoid (f32): (1 / (exp(neg(a[])) + 1))
// cost 24 issue cycles, error bound 3.57628e-07, PROVED
__device__ __forceinline__ float axon_sigmoid_f32(float x0) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  r1 = expf(r0);  // expf
  float r2;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r2) : "f"(r1), "f"(0x1p+0f));
  float r3;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r3) : "f"(r2));
  return r3;
}
// silu (bf16): (a[] * (1 / (exp(neg(a[])) + 1)))
// cost 25 issue cycles, error bound 3.57628e-07, PROVED
__device__ __forceinline__ float axon_silu_bf16(float x0) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  r1 = expf(r0);  // expf
  float r2;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r2) : "f"(r1), "f"(0x1p+0f));
  float r3;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r3) : "f"(r2));
  float r4;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r4) : "f"(x0), "f"(r3));
  return r4;
}
// silu (f32): (a[] * (1 / (exp(neg(a[])) + 1)))
// cost 25 issue cycles, error bound 3.57628e-07, PROVED
__device__ __forceinline__ float axon_silu_f32(float x0) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  r1 = expf(r0);  // expf
  float r2;
  asm("add.rn.f32 %0, %1, %2;" : "=f"(r2) : "f"(r1), "f"(0x1p+0f));
  float r3;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r3) : "f"(r2));
  float r4;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r4) : "f"(x0), "f"(r3));
  return r4;
}
// sqrt (bf16): sqrt(a[])
// cost 8 issue cycles, error bound 1.19209e-07, PROVED
__device__ __forceinline__ float axon_sqrt_bf16(float x0) {
  float r0;
  asm("sqrt.approx.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// sqrt (f32): sqrt(a[])
// cost 8 issue cycles, error bound 1.19209e-07, PROVED
__device__ __forceinline__ float axon_sqrt_f32(float x0) {
  float r0;
  asm("sqrt.approx.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// square (bf16): (a[] * a[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_square_bf16(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x0));
  return r0;
}
// square (f32): (a[] * a[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_square_f32(float x0) {
  float r0;
  asm("mul.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x0));
  return r0;
}
// sub (bf16): (a[] - b[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_sub_bf16(float x0, float x1) {
  float r0;
  asm("sub.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// sub (f32): (a[] - b[])
// cost 1 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_sub_f32(float x0, float x1) {
  float r0;
  asm("sub.rn.f32 %0, %1, %2;" : "=f"(r0) : "f"(x0), "f"(x1));
  return r0;
}
// tanh (bf16): tanh(a[])
// cost 8 issue cycles, error bound 0.000488281, PROVED
__device__ __forceinline__ float axon_tanh_bf16(float x0) {
  float r0;
  asm("tanh.approx.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  return r0;
}
// tanh (f32): tanh(a[])
// cost 24 issue cycles, error bound 2.38419e-07, PROVED
__device__ __forceinline__ float axon_tanh_f32(float x0) {
  float r0;
  r0 = tanhf(x0);  // tanhf
  return r0;
}
// where (bf16): select(neg(a[]) >= 0, c[], b[])
// cost 3 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_where_bf16(float x0, float x1, float x2) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  asm("slct.f32.f32 %0, %1, %2, %3;" : "=f"(r1) : "f"(x2), "f"(x1), "f"(r0));
  return r1;
}
// where (f32): select(neg(a[]) >= 0, c[], b[])
// cost 3 issue cycles, error bound 0, PROVED
__device__ __forceinline__ float axon_where_f32(float x0, float x1, float x2) {
  float r0;
  asm("neg.f32 %0, %1;" : "=f"(r0) : "f"(x0));
  float r1;
  asm("slct.f32.f32 %0, %1, %2, %3;" : "=f"(r1) : "f"(x2), "f"(x1), "f"(r0));
  return r1;
}
// warp sum (every lane gets the result): PROVED
__device__ __forceinline__ float axon_warp_sum_all(float v) {
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  return v;
}
// warp sum (lane 0 gets the result): PROVED
__device__ __forceinline__ float axon_warp_sum_lane0(float v) {
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = v + o; }
  return v;
}
// warp max (every lane gets the result): PROVED
__device__ __forceinline__ float axon_warp_max_all(float v) {
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  return v;
}
// warp max (lane 0 gets the result): PROVED
__device__ __forceinline__ float axon_warp_max_lane0(float v) {
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  { float o; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(o) : "f"(v)); v = (v != v || o != o) ? v + o : fmaxf(v, o); }
  return v;
}
