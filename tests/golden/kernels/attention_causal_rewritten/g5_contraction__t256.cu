// golden kernel: graph 'attention_causal_rewritten' (tests/golden/graphs/attention_causal_rewritten.json), target sm_90
// kernel g5_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_rewritten_g5_contraction_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const float* __restrict__ in2, const unsigned short* __restrict__ in3, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 33554432; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)2048; ++k0) {
      const float v1 = axon_ld_bf16(in1 + (k0 + (axon_fdiv(lin, (int)128) * (int)2048)));
      const float t2 = v1;
      const float v3 = t2;  // cast 11
      const float v4 = axon_ld_f32(in2 + axon_fdiv(lin, (int)128));
      const float v5 = axon_sub_f32(v3, v4);  // sub 13
      const float v6 = axon_exp_f32(v5);  // exp 14
      const float t7 = axon_round_bf16(v6);
      const float v8 = t7;  // cast 15
      const float v9 = axon_ld_bf16(in0 + ((axon_fmod(lin, (int)128) + (k0 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
      const float t10 = v8 * v9;
      acc0 = acc0 + t10;
    }
    const float v11 = axon_round_bf16(acc0);  // matmul 16
    const float v12 = axon_ld_bf16(in3 + axon_fdiv(lin, (int)128));
    const float v13 = axon_round_bf16(axon_div_bf16(v11, v12));  // div 18
    axon_st_bf16(out0 + lin, v13);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_rewritten_g5_contraction_t256: grid 131072, block 256, smem 0, params r2 r10 r12 r17 w18
// arch suffix '', grid dependency yes
