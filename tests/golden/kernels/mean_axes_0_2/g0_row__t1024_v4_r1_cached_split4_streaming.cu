// golden kernel: graph 'mean_axes_0_2' (tests/golden/graphs/mean_axes_0_2.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: row t1024 v4 r1 cached split4 streaming
extern "C" __global__ void __cluster_dims__(4, 1, 1) __launch_bounds__(1024) golden_mean_axes_0_2_g0_row_t1024_v4_r1_cached_split4_streaming(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int tid = threadIdx.x % 1024, rib = threadIdx.x / 1024;
  const int lane = threadIdx.x & 31, warp = tid >> 5;
  (void)lane; (void)warp; (void)rib;
  __shared__ float axon_red[1][1][32];
  __shared__ float axon_rcl[1][1];
  const int rank = blockIdx.x % 4;
  const int cbeg = (int)rank * 8192, cend = cbeg + 8192 < 32768 ? cbeg + 8192 : 32768;
  const int row = (int)(blockIdx.x / 4) * 1 + rib;
  const bool valid = true;
  (void)valid;
  float rc0[8];  // row of in0, in registers
  #pragma unroll
  for (int c = 0; c < 2; ++c) {
    const int col0 = cbeg + ((int)c * 1024 + tid) * 4;
    if (col0 < cend) axon_ldv_f32_cs<4>(in0 + (((axon_fmod(col0, (int)512) + (row * (int)512)) + (axon_fdiv(col0, (int)512) * (int)65536))), &rc0[c * 4]);
    else for (int l = 0; l < 4; ++l) rc0[c * 4 + l] = 0.0f;
  }
  // stage 0: reduce_mean 1 over the row
  float red0 = 0.0f;
  #pragma unroll
  for (int c = 0; c < 2; ++c) {
    const int col0 = cbeg + ((int)c * 1024 + tid) * 4;
    if (col0 < cend) {
      #pragma unroll
      for (int l = 0; l < 4; ++l) {
        const int e = c * 4 + l;
        const int col = col0 + l;
        (void)col; (void)e;
        const float v0 = rc0[e];
        red0 = red0 + v0;
      }
    }
  }
  red0 = axon_warp_sum_all(red0);
  if (lane == 0) axon_red[0][rib][warp] = red0;
  __syncthreads();
  red0 = axon_red[0][rib][0];
  #pragma unroll
  for (int w = 1; w < 32; ++w) {
    red0 = red0 + axon_red[0][rib][w];
  }
  // the cluster's partial values: each block's in its shared slot, combined in rank order
  if (tid == 0) {
    (axon_rcl[0] + rib)[0] = red0;
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  {
    const unsigned local = (unsigned)__cvta_generic_to_shared(&(axon_rcl[0] + rib)[0]);
    red0 = 0.0f;
    #pragma unroll
    for (unsigned q = 0; q < 4u; ++q) {
      unsigned remote;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(local), "r"(q));
      float part0;
      asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(part0) : "r"(remote + 0u) : "memory");
      red0 = red0 + part0;
    }
  }
  const float t1 = axon_div_f32(red0, ((float)(int)32768));
  const float stat0 = t1;
  if (valid && tid == 0 && rank == 0) {
    axon_st_f32(out0 + row, stat0);
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
}
// ---- launches (golden: what the launcher is told) ----
// golden_mean_axes_0_2_g0_row_t1024_v4_r1_cached_split4_streaming: grid 512, block 1024, smem 0, params r0 w1
// arch suffix '', grid dependency yes
