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
