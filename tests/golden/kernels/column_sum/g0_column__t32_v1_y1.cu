// golden kernel: graph 'column_sum' (tests/golden/graphs/column_sum.json), target sm_90
// kernel g0_column: reduction -> out
// tiling: column t32 v1 y1
extern "C" __global__ void __launch_bounds__(32) golden_column_sum_g0_column_t32_v1_y1(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int x = threadIdx.x % 32, y = threadIdx.x / 32;
  (void)x; (void)y;
  const int rank = 0;
  const int tile = blockIdx.x, rb = 0, re = 65536;
  (void)rank;
  const int kc0 = (tile * 32 + x) * 1;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_sum 1
  float acc0[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) acc0[l] = 0.0f;
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1) {
      float ld0[1];
      axon_ldv_f32<1>(in0 + (kc0 + (rr * (int)256)), ld0);
      #pragma unroll
      for (int l = 0; l < 1; ++l) {
        const int kc = kc0 + l;
        (void)kc;
        const float v0 = ld0[l];
        acc0[l] = acc0[l] + v0;
      }
    }
  }
  float st0[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st0[l] = acc0[l];
  }
  if (valid && y == 0 && rank == 0) {
    #pragma unroll
    for (int l = 0; l < 1; ++l) {
      const int kc = kc0 + l;
      (void)kc;
      axon_st_f32(out0 + kc, st0[l]);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_column_sum_g0_column_t32_v1_y1: grid 8, block 32, smem 0, params r0 w1
// arch suffix '', grid dependency yes
