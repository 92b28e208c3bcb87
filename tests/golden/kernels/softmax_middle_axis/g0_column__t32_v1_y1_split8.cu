// golden kernel: graph 'softmax_middle_axis' (tests/golden/graphs/softmax_middle_axis.json), target sm_90
// kernel g0_column: reduction -> out
// tiling: column t32 v1 y1 split8
extern "C" __global__ void __cluster_dims__(8, 1, 1) __launch_bounds__(32) golden_softmax_middle_axis_g0_column_t32_v1_y1_split8(const unsigned short* __restrict__ in0, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int x = threadIdx.x % 32, y = threadIdx.x / 32;
  (void)x; (void)y;
  __shared__ float axon_ccl[2][32];
  const int rank = blockIdx.x % 8;
  const int tile = blockIdx.x / 8;
  const int rb = (int)rank * 256, re = rb + 256 < 2048 ? rb + 256 : 2048;
  (void)rank;
  const int kc0 = (tile * 32 + x) * 1;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_max 2
  float acc0[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) acc0[l] = -__int_as_float(0x7f800000);
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1) {
      float ld0[1];
      axon_ldv_f16<1>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      #pragma unroll
      for (int l = 0; l < 1; ++l) {
        const int kc = kc0 + l;
        (void)kc;
        const float v0 = ld0[l];
        const float t1 = v0;
        const float v2 = t1;  // cast 1
        acc0[l] = axon_max_nan(acc0[l], v2);
      }
    }
  }
  // the cluster's partial values: each block's in its shared slot, combined in rank order
  if (y == 0) {
    (axon_ccl[0] + x * 1)[0] = acc0[0];
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  {
    const unsigned local = (unsigned)__cvta_generic_to_shared(&(axon_ccl[0] + x * 1)[0]);
    acc0[0] = -__int_as_float(0x7f800000);
    #pragma unroll
    for (unsigned q = 0; q < 8u; ++q) {
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(q));
      float part0;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part0) : "r"(remote + 0u) : "memory");
      acc0[0] = axon_max_nan(acc0[0], part0);
    }
  }
  float st0[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st0[l] = acc0[l];
  }
  // stage 1: reduce_sum 5
  float acc1[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) acc1[l] = 0.0f;
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1) {
      float ld0[1];
      axon_ldv_f16<1>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      #pragma unroll
      for (int l = 0; l < 1; ++l) {
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
  // the cluster's partial values: each block's in its shared slot, combined in rank order
  if (y == 0) {
    (axon_ccl[1] + x * 1)[0] = acc1[0];
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  {
    const unsigned local = (unsigned)__cvta_generic_to_shared(&(axon_ccl[1] + x * 1)[0]);
    acc1[0] = 0.0f;
    #pragma unroll
    for (unsigned q = 0; q < 8u; ++q) {
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(q));
      float part0;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part0) : "r"(remote + 0u) : "memory");
      acc1[0] = acc1[0] + part0;
    }
  }
  float st1[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) {
    const int kc = kc0 + l;
    (void)kc;
    st1[l] = acc1[l];
  }
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 1) {
      float ld0[1];
      axon_ldv_f16<1>(in0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), ld0);
      float o0[1];
      #pragma unroll
      for (int l = 0; l < 1; ++l) {
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
      axon_stv_f16<1>(out0 + ((axon_fmod(kc0, (int)96) + (rr * (int)96)) + (axon_fdiv(kc0, (int)96) * (int)196608)), o0);
    }
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_middle_axis_g0_column_t32_v1_y1_split8: grid 192, block 32, smem 0, params r0 w7
// arch suffix '', grid dependency yes
