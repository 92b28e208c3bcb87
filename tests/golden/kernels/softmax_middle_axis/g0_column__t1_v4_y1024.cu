// golden kernel: graph 'softmax_middle_axis' (tests/golden/graphs/softmax_middle_axis.json), target sm_90
// kernel g0_column: reduction -> out
// tiling: column t1 v4 y1024
extern "C" __global__ void __launch_bounds__(1024) golden_softmax_middle_axis_g0_column_t1_v4_y1024(const unsigned short* __restrict__ in0, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int x = threadIdx.x % 1, y = threadIdx.x / 1;
  (void)x; (void)y;
  __shared__ float axon_cred[2][32][4];
  const int rank = 0;
  const int tile = blockIdx.x, rb = 0, re = 2048;
  (void)rank;
  const int kc0 = (tile * 1 + x) * 4;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_max 2
  float acc0[4];
  #pragma unroll
  for (int l = 0; l < 4; ++l) acc0[l] = -__int_as_float(0x7f800000);
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1024) {
      float ld0[4];
      axon_ldv_f16<4>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      #pragma unroll
      for (int l = 0; l < 4; ++l) {
        const int kc = kc0 + l;
        (void)kc;
        const float v0 = ld0[l];
        const float t1 = v0;
        const float v2 = t1;  // cast 1
        acc0[l] = axon_max_nan(acc0[l], v2);
      }
    }
  }
  #pragma unroll
  for (int l = 0; l < 4; ++l) {
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
  }
  if (y % 32 == 0) {
    #pragma unroll
    for (int l = 0; l < 4; ++l) axon_cred[0][y / 32][x * 4 + l] = acc0[l];
  }
  __syncthreads();
  #pragma unroll
  for (int l = 0; l < 4; ++l) {
    acc0[l] = axon_cred[0][0][x * 4 + l];
    for (int w = 1; w < 32; ++w) acc0[l] = axon_max_nan(acc0[l], axon_cred[0][w][x * 4 + l]);
  }
  float st0[4];
  #pragma unroll
  for (int l = 0; l < 4; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st0[l] = acc0[l];
  }
  // stage 1: reduce_sum 5
  float acc1[4];
  #pragma unroll
  for (int l = 0; l < 4; ++l) acc1[l] = 0.0f;
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1024) {
      float ld0[4];
      axon_ldv_f16<4>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      #pragma unroll
      for (int l = 0; l < 4; ++l) {
        const int kc = kc0 + l;
        (void)kc;
        const float v3 = ld0[l];
        const float t4 = v3;
        const float v5 = t4;  // cast 1
        const float v6 = axon_sub_f32(v5, st0[l]);  // sub 3
        const float v7 = axon_exp_f32(v6);  // exp 4
        acc1[l] = acc1[l] + v7;
      }
    }
  }
  #pragma unroll
  for (int l = 0; l < 4; ++l) {
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 4, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
  }
  if (y % 32 == 0) {
    #pragma unroll
    for (int l = 0; l < 4; ++l) axon_cred[1][y / 32][x * 4 + l] = acc1[l];
  }
  __syncthreads();
  #pragma unroll
  for (int l = 0; l < 4; ++l) {
    acc1[l] = axon_cred[1][0][x * 4 + l];
    for (int w = 1; w < 32; ++w) acc1[l] = acc1[l] + axon_cred[1][w][x * 4 + l];
  }
  float st1[4];
  #pragma unroll
  for (int l = 0; l < 4; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st1[l] = acc1[l];
  }
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1024) {
      float ld0[4];
      axon_ldv_f16<4>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      float o0[4];
      #pragma unroll
      for (int l = 0; l < 4; ++l) {
        const int kc = kc0 + l;
        (void)kc;
        const float v8 = ld0[l];
        const float t9 = v8;
        const float v10 = t9;  // cast 1
        const float v11 = axon_sub_f32(v10, st0[l]);  // sub 3
        const float v12 = axon_exp_f32(v11);  // exp 4
        const float v13 = axon_div_f32(v12, st1[l]);  // div 6
        const float t14 = axon_round_f16(v13);
        const float v15 = t14;  // cast 7
        o0[l] = v15;
      }
      axon_stv_f16<4>(out0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), o0);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_middle_axis_g0_column_t1_v4_y1024: grid 192, block 1024, smem 0, params r0 w7
// arch suffix '', grid dependency yes
