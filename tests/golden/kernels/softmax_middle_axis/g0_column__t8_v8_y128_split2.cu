// golden kernel: graph 'softmax_middle_axis' (tests/golden/graphs/softmax_middle_axis.json), target sm_90
// kernel g0_column: reduction -> out
// tiling: column t8 v8 y128 split2
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(1024) golden_softmax_middle_axis_g0_column_t8_v8_y128_split2(const unsigned short* __restrict__ in0, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int x = threadIdx.x % 8, y = threadIdx.x / 8;
  (void)x; (void)y;
  __shared__ float axon_cred[2][32][64];
  __shared__ float axon_ccl[2][64];
  const int rank = blockIdx.x % 2;
  const int tile = blockIdx.x / 2;
  const int rb = (int)rank * 1024, re = rb + 1024 < 2048 ? rb + 1024 : 2048;
  (void)rank;
  const int kc0 = (tile * 8 + x) * 8;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_max 2
  float acc0[8];
  #pragma unroll
  for (int l = 0; l < 8; ++l) acc0[l] = -__int_as_float(0x7f800000);
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 128) {
      float ld0[8];
      axon_ldv_f16<8>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      #pragma unroll
      for (int l = 0; l < 8; ++l) {
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
  for (int l = 0; l < 8; ++l) {
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = axon_max_nan(acc0[l], t); }
  }
  if (y % 4 == 0) {
    #pragma unroll
    for (int l = 0; l < 8; ++l) axon_cred[0][y / 4][x * 8 + l] = acc0[l];
  }
  __syncthreads();
  #pragma unroll
  for (int l = 0; l < 8; ++l) {
    acc0[l] = axon_cred[0][0][x * 8 + l];
    for (int w = 1; w < 32; ++w) acc0[l] = axon_max_nan(acc0[l], axon_cred[0][w][x * 8 + l]);
  }
  // the cluster's partial values: each block's in its shared slot, combined in rank order
  if (y == 0) {
    (axon_ccl[0] + x * 8)[0] = acc0[0];
    (axon_ccl[0] + x * 8)[1] = acc0[1];
    (axon_ccl[0] + x * 8)[2] = acc0[2];
    (axon_ccl[0] + x * 8)[3] = acc0[3];
    (axon_ccl[0] + x * 8)[4] = acc0[4];
    (axon_ccl[0] + x * 8)[5] = acc0[5];
    (axon_ccl[0] + x * 8)[6] = acc0[6];
    (axon_ccl[0] + x * 8)[7] = acc0[7];
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  {
    const unsigned local = (unsigned)__cvta_generic_to_shared(&(axon_ccl[0] + x * 8)[0]);
    acc0[0] = -__int_as_float(0x7f800000);
    acc0[1] = -__int_as_float(0x7f800000);
    acc0[2] = -__int_as_float(0x7f800000);
    acc0[3] = -__int_as_float(0x7f800000);
    acc0[4] = -__int_as_float(0x7f800000);
    acc0[5] = -__int_as_float(0x7f800000);
    acc0[6] = -__int_as_float(0x7f800000);
    acc0[7] = -__int_as_float(0x7f800000);
    #pragma unroll
    for (unsigned q = 0; q < 2u; ++q) {
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(q));
      float part0;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part0) : "r"(remote + 0u) : "memory");
      acc0[0] = axon_max_nan(acc0[0], part0);
      float part1;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part1) : "r"(remote + 4u) : "memory");
      acc0[1] = axon_max_nan(acc0[1], part1);
      float part2;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part2) : "r"(remote + 8u) : "memory");
      acc0[2] = axon_max_nan(acc0[2], part2);
      float part3;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part3) : "r"(remote + 12u) : "memory");
      acc0[3] = axon_max_nan(acc0[3], part3);
      float part4;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part4) : "r"(remote + 16u) : "memory");
      acc0[4] = axon_max_nan(acc0[4], part4);
      float part5;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part5) : "r"(remote + 20u) : "memory");
      acc0[5] = axon_max_nan(acc0[5], part5);
      float part6;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part6) : "r"(remote + 24u) : "memory");
      acc0[6] = axon_max_nan(acc0[6], part6);
      float part7;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part7) : "r"(remote + 28u) : "memory");
      acc0[7] = axon_max_nan(acc0[7], part7);
    }
  }
  float st0[8];
  #pragma unroll
  for (int l = 0; l < 8; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st0[l] = acc0[l];
  }
  // stage 1: reduce_sum 5
  float acc1[8];
  #pragma unroll
  for (int l = 0; l < 8; ++l) acc1[l] = 0.0f;
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 128) {
      float ld0[8];
      axon_ldv_f16<8>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      #pragma unroll
      for (int l = 0; l < 8; ++l) {
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
  for (int l = 0; l < 8; ++l) {
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc1[l])); acc1[l] = acc1[l] + t; }
  }
  if (y % 4 == 0) {
    #pragma unroll
    for (int l = 0; l < 8; ++l) axon_cred[1][y / 4][x * 8 + l] = acc1[l];
  }
  __syncthreads();
  #pragma unroll
  for (int l = 0; l < 8; ++l) {
    acc1[l] = axon_cred[1][0][x * 8 + l];
    for (int w = 1; w < 32; ++w) acc1[l] = acc1[l] + axon_cred[1][w][x * 8 + l];
  }
  // the cluster's partial values: each block's in its shared slot, combined in rank order
  if (y == 0) {
    (axon_ccl[1] + x * 8)[0] = acc1[0];
    (axon_ccl[1] + x * 8)[1] = acc1[1];
    (axon_ccl[1] + x * 8)[2] = acc1[2];
    (axon_ccl[1] + x * 8)[3] = acc1[3];
    (axon_ccl[1] + x * 8)[4] = acc1[4];
    (axon_ccl[1] + x * 8)[5] = acc1[5];
    (axon_ccl[1] + x * 8)[6] = acc1[6];
    (axon_ccl[1] + x * 8)[7] = acc1[7];
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  {
    const unsigned local = (unsigned)__cvta_generic_to_shared(&(axon_ccl[1] + x * 8)[0]);
    acc1[0] = 0.0f;
    acc1[1] = 0.0f;
    acc1[2] = 0.0f;
    acc1[3] = 0.0f;
    acc1[4] = 0.0f;
    acc1[5] = 0.0f;
    acc1[6] = 0.0f;
    acc1[7] = 0.0f;
    #pragma unroll
    for (unsigned q = 0; q < 2u; ++q) {
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(q));
      float part0;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part0) : "r"(remote + 0u) : "memory");
      acc1[0] = acc1[0] + part0;
      float part1;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part1) : "r"(remote + 4u) : "memory");
      acc1[1] = acc1[1] + part1;
      float part2;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part2) : "r"(remote + 8u) : "memory");
      acc1[2] = acc1[2] + part2;
      float part3;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part3) : "r"(remote + 12u) : "memory");
      acc1[3] = acc1[3] + part3;
      float part4;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part4) : "r"(remote + 16u) : "memory");
      acc1[4] = acc1[4] + part4;
      float part5;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part5) : "r"(remote + 20u) : "memory");
      acc1[5] = acc1[5] + part5;
      float part6;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part6) : "r"(remote + 24u) : "memory");
      acc1[6] = acc1[6] + part6;
      float part7;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part7) : "r"(remote + 28u) : "memory");
      acc1[7] = acc1[7] + part7;
    }
  }
  float st1[8];
  #pragma unroll
  for (int l = 0; l < 8; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st1[l] = acc1[l];
  }
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 128) {
      float ld0[8];
      axon_ldv_f16<8>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      float o0[8];
      #pragma unroll
      for (int l = 0; l < 8; ++l) {
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
      axon_stv_f16<8>(out0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), o0);
    }
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_middle_axis_g0_column_t8_v8_y128_split2: grid 24, block 1024, smem 0, params r0 w7
// arch suffix '', grid dependency yes
