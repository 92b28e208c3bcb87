// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90
// kernel g0_attention: attention -> y
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_f32_rewritten_g0_attention_t256(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 768000; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)1000; ++k0) {
      const float v1 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)96), (int)1000)));  // iota 6
      const float v2 = axon_round_i32(((float)k0));  // iota 7
      const float v3 = (axon_ge_f32(v1, v2) != 0 ? 1 : 0);  // ge 8
      float acc4 = 0.0f;
      for (int k1 = 0; k1 < (int)96; ++k1) {
        const float v5 = axon_ld_f32(in0 + (k1 + (axon_fdiv(lin, (int)96) * (int)96)));
        const float v6 = axon_ld_f32(in1 + ((k1 + (k0 * (int)96)) + (axon_fdiv(lin, (int)96000) * (int)96000)));
        const float t7 = v5 * v6;
        acc4 = acc4 + t7;
      }
      const float v8 = acc4;  // matmul 3
      const float v9 = 0x1.a20bd8p-4f;  // constant 4
      const float v10 = axon_mul_f32(v8, v9);  // mul 5
      const float v11 = -__int_as_float(0x7f800000);  // constant 9
      const float v12 = axon_where_f32(v3, v10, v11);  // where 10
      float acc13 = -__int_as_float(0x7f800000);
      for (int k2 = 0; k2 < (int)1000; ++k2) {
        const float v14 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)96), (int)1000)));  // iota 6
        const float v15 = axon_round_i32(((float)k2));  // iota 7
        const float v16 = (axon_ge_f32(v14, v15) != 0 ? 1 : 0);  // ge 8
        float acc17 = 0.0f;
        for (int k3 = 0; k3 < (int)96; ++k3) {
          const float v18 = axon_ld_f32(in0 + (k3 + (axon_fdiv(lin, (int)96) * (int)96)));
          const float v19 = axon_ld_f32(in1 + ((k3 + (k2 * (int)96)) + (axon_fdiv(lin, (int)96000) * (int)96000)));
          const float t20 = v18 * v19;
          acc17 = acc17 + t20;
        }
        const float v21 = acc17;  // matmul 3
        const float v22 = axon_mul_f32(v21, v9);  // mul 5
        const float v23 = axon_where_f32(v16, v22, v11);  // where 10
        acc13 = axon_max_nan(acc13, v23);
      }
      const float v24 = acc13;  // reduce_max 11
      const float v25 = axon_sub_f32(v12, v24);  // sub 12
      const float v26 = axon_exp_f32(v25);  // exp 13
      const float v27 = axon_ld_f32(in2 + ((axon_fmod(lin, (int)96) + (k0 * (int)96)) + (axon_fdiv(lin, (int)96000) * (int)96000)));
      const float t28 = v26 * v27;
      acc0 = acc0 + t28;
    }
    const float v29 = acc0;  // matmul 14
    float acc30 = 0.0f;
    for (int k4 = 0; k4 < (int)1000; ++k4) {
      const float v31 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)96), (int)1000)));  // iota 6
      const float v32 = axon_round_i32(((float)k4));  // iota 7
      const float v33 = (axon_ge_f32(v31, v32) != 0 ? 1 : 0);  // ge 8
      float acc34 = 0.0f;
      for (int k5 = 0; k5 < (int)96; ++k5) {
        const float v35 = axon_ld_f32(in0 + (k5 + (axon_fdiv(lin, (int)96) * (int)96)));
        const float v36 = axon_ld_f32(in1 + ((k5 + (k4 * (int)96)) + (axon_fdiv(lin, (int)96000) * (int)96000)));
        const float t37 = v35 * v36;
        acc34 = acc34 + t37;
      }
      const float v38 = acc34;  // matmul 3
      const float v39 = 0x1.a20bd8p-4f;  // constant 4
      const float v40 = axon_mul_f32(v38, v39);  // mul 5
      const float v41 = -__int_as_float(0x7f800000);  // constant 9
      const float v42 = axon_where_f32(v33, v40, v41);  // where 10
      float acc43 = -__int_as_float(0x7f800000);
      for (int k6 = 0; k6 < (int)1000; ++k6) {
        const float v44 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)96), (int)1000)));  // iota 6
        const float v45 = axon_round_i32(((float)k6));  // iota 7
        const float v46 = (axon_ge_f32(v44, v45) != 0 ? 1 : 0);  // ge 8
        float acc47 = 0.0f;
        for (int k7 = 0; k7 < (int)96; ++k7) {
          const float v48 = axon_ld_f32(in0 + (k7 + (axon_fdiv(lin, (int)96) * (int)96)));
          const float v49 = axon_ld_f32(in1 + ((k7 + (k6 * (int)96)) + (axon_fdiv(lin, (int)96000) * (int)96000)));
          const float t50 = v48 * v49;
          acc47 = acc47 + t50;
        }
        const float v51 = acc47;  // matmul 3
        const float v52 = axon_mul_f32(v51, v39);  // mul 5
        const float v53 = axon_where_f32(v46, v52, v41);  // where 10
        acc43 = axon_max_nan(acc43, v53);
      }
      const float v54 = acc43;  // reduce_max 11
      const float v55 = axon_sub_f32(v42, v54);  // sub 12
      const float v56 = axon_exp_f32(v55);  // exp 13
      acc30 = acc30 + v56;
    }
    const float v57 = acc30;  // reduce_sum 15
    const float v58 = axon_div_f32(v29, v57);  // div 16
    axon_st_f32(out0 + lin, v58);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f32_rewritten_g0_attention_t256: grid 3000, block 256, smem 0, params r0 r1 r2 w16
// arch suffix '', grid dependency yes
