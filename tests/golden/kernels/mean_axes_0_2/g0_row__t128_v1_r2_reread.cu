// golden kernel: graph 'mean_axes_0_2' (tests/golden/graphs/mean_axes_0_2.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: row t128 v1 r2 reread
extern "C" __global__ void __launch_bounds__(256) golden_mean_axes_0_2_g0_row_t128_v1_r2_reread(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int tid = threadIdx.x % 128, rib = threadIdx.x / 128;
  const int lane = threadIdx.x & 31, warp = tid >> 5;
  (void)lane; (void)warp; (void)rib;
  __shared__ float axon_red[1][2][4];
  const int row = (int)blockIdx.x * 2 + rib;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_mean 1 over the row
  float red0 = 0.0f;
  #pragma unroll 4
  for (int c = 0; c < 256; ++c) {
    const int col0 = ((int)c * 128 + tid) * 1;
    {
      #pragma unroll
      for (int l = 0; l < 1; ++l) {
        const int e = c * 1 + l;
        const int col = col0 + l;
        (void)col; (void)e;
        const float v0 = axon_ld_f32(in0 + ((axon_fmod(col, (int)512) + (row * (int)512)) + (axon_fdiv(col, (int)512) * (int)65536)));
        red0 = red0 + v0;
      }
    }
  }
  red0 = axon_warp_sum_all(red0);
  if (lane == 0) axon_red[0][rib][warp] = red0;
  __syncthreads();
  red0 = axon_red[0][rib][0];
  #pragma unroll
  for (int w = 1; w < 4; ++w) {
    red0 = red0 + axon_red[0][rib][w];
  }
  const float t1 = axon_div_f32(red0, ((float)(int)32768));
  const float stat0 = t1;
  if (valid && tid == 0) {
    axon_st_f32(out0 + row, stat0);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_mean_axes_0_2_g0_row_t128_v1_r2_reread: grid 64, block 256, smem 0, params r0 w1
// arch suffix '', grid dependency yes
