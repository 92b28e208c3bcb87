// golden kernel: graph 'rmsnorm_matmul_m16_rewritten' (tests/golden/graphs/rmsnorm_matmul_m16_rewritten.json), target sm_90
// kernel g1_row: reduction -> t5
// tiling: row t32 v8 r1 reread
// writes read by a later kernel of the launch (1 of 1): stored with an L2 evict-last policy
extern "C" __global__ void __launch_bounds__(32) golden_rmsnorm_matmul_m16_rewritten_g1_row_t32_v8_r1_reread(const unsigned short* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int tid = threadIdx.x % 32, rib = threadIdx.x / 32;
  const int lane = threadIdx.x & 31, warp = tid >> 5;
  (void)lane; (void)warp; (void)rib;
  const int row = (int)blockIdx.x * 1 + rib;
  const bool valid = true;
  (void)valid;
  // stage 0: reduce_mean 9 over the row
  float red0 = 0.0f;
  #pragma unroll
  for (int c = 0; c < 16; ++c) {
    const int col0 = ((int)c * 32 + tid) * 8;
    {
      #pragma unroll
      for (int l = 0; l < 8; ++l) {
        const int e = c * 8 + l;
        const int col = col0 + l;
        (void)col; (void)e;
        const float v0 = axon_ld_bf16(in0 + (col + (row * (int)4096)));
        const float t1 = v0;
        const float v2 = t1;  // cast 3
        const float v3 = axon_square_f32(v2);  // square 8
        red0 = red0 + v3;
      }
    }
  }
  red0 = axon_warp_sum_all(red0);
  const float t4 = axon_div_f32(red0, ((float)(int)4096));
  const float stat0 = t4;
  if (valid && tid == 0) {
    axon_st_f32(out0 + row, stat0);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m16_rewritten_g1_row_t32_v8_r1_reread: grid 16, block 32, smem 0, params r0 w9
// arch suffix '', grid dependency yes
