// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90
// kernel g1_contraction: contraction -> x
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_f32_rewritten_g1_contraction_t256(const float* __restrict__ in0, const float* __restrict__ in1, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 8000000; lin += (int)gridDim.x * 256) {
    const float v0 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)1000), (int)1000)));  // iota 6
    const float v1 = axon_round_i32(((float)axon_fmod(lin, (int)1000)));  // iota 7
    const float v2 = (axon_ge_f32(v0, v1) != 0 ? 1 : 0);  // ge 8
    float acc3 = 0.0f;
    for (int k0 = 0; k0 < (int)96; ++k0) {
      const float v4 = axon_ld_f32(in0 + (k0 + (axon_fdiv(lin, (int)1000) * (int)96)));
      const float v5 = axon_ld_f32(in1 + ((k0 + (axon_fmod(lin, (int)1000) * (int)96)) + (axon_fdiv(lin, (int)1000000) * (int)96000)));
      const float t6 = v4 * v5;
      acc3 = acc3 + t6;
    }
    const float v7 = acc3;  // matmul 3
    const float v8 = 0x1.a20bd8p-4f;  // constant 4
    const float v9 = axon_mul_f32(v7, v8);  // mul 5
    const float v10 = -__int_as_float(0x7f800000);  // constant 9
    const float v11 = axon_where_f32(v2, v9, v10);  // where 10
    axon_st_f32(out0 + lin, v11);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f32_rewritten_g1_contraction_t256: grid 31250, block 256, smem 0, params r0 r1 w10
// arch suffix '', grid dependency yes
