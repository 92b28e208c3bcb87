// golden kernel: graph 'column_sum' (tests/golden/graphs/column_sum.json), target sm_90
// kernel g0_column: reduction -> out
// tiling: column t8 v1 y32 split8
extern "C" __global__ void __cluster_dims__(8, 1, 1) __launch_bounds__(256) golden_column_sum_g0_column_t8_v1_y32_split8(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int x = threadIdx.x % 8, y = threadIdx.x / 8;
  (void)x; (void)y;
  __shared__ float axon_cred[1][8][8];
  __shared__ float axon_ccl[1][8];
  const int rank = blockIdx.x % 8;
  const int tile = blockIdx.x / 8;
  const int rb = (int)rank * 8192, re = rb + 8192 < 65536 ? rb + 8192 : 65536;
  (void)rank;
  const int kc0 = (tile * 8 + x) * 1;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_sum 1
  float acc0[1];
  #pragma unroll
  for (int l = 0; l < 1; ++l) acc0[l] = 0.0f;
  {
    #pragma unroll 4
    for (int rr = rb + y; rr < re; rr += 32) {
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
  #pragma unroll
  for (int l = 0; l < 1; ++l) {
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 8, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = acc0[l] + t; }
    { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 16, 0x1f, 0xffffffff;" : "=f"(t) : "f"(acc0[l])); acc0[l] = acc0[l] + t; }
  }
  if (y % 4 == 0) {
    #pragma unroll
    for (int l = 0; l < 1; ++l) axon_cred[0][y / 4][x * 1 + l] = acc0[l];
  }
  __syncthreads();
  #pragma unroll
  for (int l = 0; l < 1; ++l) {
    acc0[l] = axon_cred[0][0][x * 1 + l];
    for (int w = 1; w < 8; ++w) acc0[l] = acc0[l] + axon_cred[0][w][x * 1 + l];
  }
  // the cluster's partial values: each block's in its shared slot, combined in rank order
  if (y == 0) {
    (axon_ccl[0] + x * 1)[0] = acc0[0];
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  {
    const unsigned local = (unsigned)__cvta_generic_to_shared(&(axon_ccl[0] + x * 1)[0]);
    acc0[0] = 0.0f;
    #pragma unroll
    for (unsigned q = 0; q < 8u; ++q) {
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(q));
      float part0;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part0) : "r"(remote + 0u) : "memory");
      acc0[0] = acc0[0] + part0;
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
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
}
// ---- launches (golden: what the launcher is told) ----
// golden_column_sum_g0_column_t8_v1_y32_split8: grid 256, block 256, smem 0, params r0 w1
// arch suffix '', grid dependency yes
