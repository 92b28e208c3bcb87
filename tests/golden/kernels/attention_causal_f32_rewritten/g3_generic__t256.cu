// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90
// kernel g3_generic: contraction -> y
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_f32_rewritten_g3_generic_t256(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0) {
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
    float acc8 = 0.0f;
    for (int k1 = 0; k1 < (int)1000; ++k1) {
      const float v9 = axon_ld_f32(in1 + (k1 + (axon_fdiv(lin, (int)96) * (int)1000)));
      const float v10 = axon_ld_f32(in2 + axon_fdiv(lin, (int)96));
      const float v11 = axon_sub_f32(v9, v10);  // sub 12
      const float v12 = axon_exp_f32(v11);  // exp 13
      acc8 = acc8 + v12;
    }
    const float v13 = acc8;  // reduce_sum 15
    const float v14 = axon_div_f32(v7, v13);  // div 16
    axon_st_f32(out0 + lin, v14);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f32_rewritten_g3_generic_t256: grid 3000, block 256, smem 0, params r2 r10 r11 w16
// arch suffix '', grid dependency yes
