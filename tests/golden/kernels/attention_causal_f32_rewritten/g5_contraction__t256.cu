// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90
// kernel g5_contraction: contraction -> y
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_f32_rewritten_g5_contraction_t256(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, const float* __restrict__ in3, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 768000; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)1000; ++k0) {
      const float v1 = axon_ld_f32(in1 + (k0 + (axon_fdiv(lin, (int)96) * (int)1000)));
      const float v2 = axon_ld_f32(in2 + axon_fdiv(lin, (int)96));
      const float v3 = axon_sub_f32(v1, v2);  // sub 12
      const float v4 = axon_exp_f32(v3);  // exp 13
      const float v5 = axon_ld_f32(in0 + ((axon_fmod(lin, (int)96) + (k0 * (int)96)) + (axon_fdiv(lin, (int)96000) * (int)96000)));
      const float t6 = v4 * v5;
      acc0 = acc0 + t6;
    }
    const float v7 = acc0;  // matmul 14
    const float v8 = axon_ld_f32(in3 + axon_fdiv(lin, (int)96));
    const float v9 = axon_div_f32(v7, v8);  // div 16
    axon_st_f32(out0 + lin, v9);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f32_rewritten_g5_contraction_t256: grid 3000, block 256, smem 0, params r2 r10 r11 r15 w16
// arch suffix '', grid dependency yes
