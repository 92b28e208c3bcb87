// golden kernel: graph 'row_sum' (benchmarks/graphs/row_sum.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_row_sum_g0_row_t256(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 16384; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)4096; ++k0) {
      const float v1 = axon_ld_f32(in0 + (k0 + (lin * (int)4096)));
      acc0 = acc0 + v1;
    }
    const float v2 = acc0;  // reduce_sum 1
    axon_st_f32(out0 + lin, v2);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_row_sum_g0_row_t256: grid 64, block 256, smem 0, params r0 w1
// arch suffix '', grid dependency yes
