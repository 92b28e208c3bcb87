// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90
// kernel g2_row: reduction -> mx
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_f32_rewritten_g2_row_t256(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 8000; lin += (int)gridDim.x * 256) {
    float acc0 = -__int_as_float(0x7f800000);
    for (int k0 = 0; k0 < (int)1000; ++k0) {
      const float v1 = axon_ld_f32(in0 + (k0 + (lin * (int)1000)));
      acc0 = axon_max_nan(acc0, v1);
    }
    const float v2 = acc0;  // reduce_max 11
    axon_st_f32(out0 + lin, v2);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f32_rewritten_g2_row_t256: grid 32, block 256, smem 0, params r10 w11
// arch suffix '', grid dependency yes
