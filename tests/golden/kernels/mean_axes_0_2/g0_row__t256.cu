// golden kernel: graph 'mean_axes_0_2' (tests/golden/graphs/mean_axes_0_2.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_mean_axes_0_2_g0_row_t256(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 128; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)64; ++k0) {
      float acc1 = 0.0f;
      for (int k1 = 0; k1 < (int)512; ++k1) {
        const float v2 = axon_ld_f32(in0 + ((k1 + (lin * (int)512)) + (k0 * (int)65536)));
        acc1 = acc1 + v2;
      }
      acc0 = acc0 + acc1;
    }
    const float t3 = axon_div_f32(acc0, ((float)(int)32768));
    const float v4 = t3;  // reduce_mean 1
    axon_st_f32(out0 + lin, v4);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_mean_axes_0_2_g0_row_t256: grid 1, block 256, smem 0, params r0 w1
// arch suffix '', grid dependency yes
