// golden kernel: graph 'attention_causal_f16_rewritten' (tests/golden/graphs/attention_causal_f16_rewritten.json), target sm_90
// kernel g0_attention: attention -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_causal_f16_rewritten_g0_attention_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 33554432; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)2048; ++k0) {
      const float v1 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)128), (int)2048)));  // iota 3
      const float v2 = axon_round_i32(((float)k0));  // iota 4
      const float v3 = (axon_ge_f32(v1, v2) != 0 ? 1 : 0);  // ge 5
      float acc4 = 0.0f;
      for (int k1 = 0; k1 < (int)128; ++k1) {
        const float v5 = axon_ld_f16(in0 + (k1 + (axon_fdiv(lin, (int)128) * (int)128)));
        const float v6 = axon_round_f16(0x1.6ap-4f);  // constant 6
        const float v7 = axon_round_f16(axon_mul_f32(v5, v6));  // mul 7
        const float v8 = axon_ld_f16(in1 + ((k1 + (k0 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
        const float t9 = v7 * v8;
        acc4 = acc4 + t9;
      }
      const float v10 = axon_round_f16(acc4);  // matmul 8
      const float v11 = axon_round_f16(-__int_as_float(0x7f800000));  // constant 9
      const float v12 = axon_where_f32(v3, v10, v11);  // where 10
      const float t13 = v12;
      const float v14 = t13;  // cast 11
      float acc15 = -__int_as_float(0x7f800000);
      for (int k2 = 0; k2 < (int)2048; ++k2) {
        const float v16 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)128), (int)2048)));  // iota 3
        const float v17 = axon_round_i32(((float)k2));  // iota 4
        const float v18 = (axon_ge_f32(v16, v17) != 0 ? 1 : 0);  // ge 5
        float acc19 = 0.0f;
        for (int k3 = 0; k3 < (int)128; ++k3) {
          const float v20 = axon_ld_f16(in0 + (k3 + (axon_fdiv(lin, (int)128) * (int)128)));
          const float v21 = axon_round_f16(0x1.6ap-4f);  // constant 6
          const float v22 = axon_round_f16(axon_mul_f32(v20, v21));  // mul 7
          const float v23 = axon_ld_f16(in1 + ((k3 + (k2 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
          const float t24 = v22 * v23;
          acc19 = acc19 + t24;
        }
        const float v25 = axon_round_f16(acc19);  // matmul 8
        const float v26 = axon_where_f32(v18, v25, v11);  // where 10
        const float t27 = v26;
        const float v28 = t27;  // cast 11
        acc15 = axon_max_nan(acc15, v28);
      }
      const float v29 = acc15;  // reduce_max 12
      const float v30 = axon_sub_f32(v14, v29);  // sub 13
      const float v31 = axon_exp_f32(v30);  // exp 14
      const float t32 = axon_round_f16(v31);
      const float v33 = t32;  // cast 15
      const float v34 = axon_ld_f16(in2 + ((axon_fmod(lin, (int)128) + (k0 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
      const float t35 = v33 * v34;
      acc0 = acc0 + t35;
    }
    const float v36 = axon_round_f16(acc0);  // matmul 16
    float acc37 = 0.0f;
    for (int k4 = 0; k4 < (int)2048; ++k4) {
      const float v38 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)128), (int)2048)));  // iota 3
      const float v39 = axon_round_i32(((float)k4));  // iota 4
      const float v40 = (axon_ge_f32(v38, v39) != 0 ? 1 : 0);  // ge 5
      float acc41 = 0.0f;
      for (int k5 = 0; k5 < (int)128; ++k5) {
        const float v42 = axon_ld_f16(in0 + (k5 + (axon_fdiv(lin, (int)128) * (int)128)));
        const float v43 = axon_round_f16(0x1.6ap-4f);  // constant 6
        const float v44 = axon_round_f16(axon_mul_f32(v42, v43));  // mul 7
        const float v45 = axon_ld_f16(in1 + ((k5 + (k4 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
        const float t46 = v44 * v45;
        acc41 = acc41 + t46;
      }
      const float v47 = axon_round_f16(acc41);  // matmul 8
      const float v48 = axon_round_f16(-__int_as_float(0x7f800000));  // constant 9
      const float v49 = axon_where_f32(v40, v47, v48);  // where 10
      const float t50 = v49;
      const float v51 = t50;  // cast 11
      float acc52 = -__int_as_float(0x7f800000);
      for (int k6 = 0; k6 < (int)2048; ++k6) {
        const float v53 = axon_round_i32(((float)axon_fmod(axon_fdiv(lin, (int)128), (int)2048)));  // iota 3
        const float v54 = axon_round_i32(((float)k6));  // iota 4
        const float v55 = (axon_ge_f32(v53, v54) != 0 ? 1 : 0);  // ge 5
        float acc56 = 0.0f;
        for (int k7 = 0; k7 < (int)128; ++k7) {
          const float v57 = axon_ld_f16(in0 + (k7 + (axon_fdiv(lin, (int)128) * (int)128)));
          const float v58 = axon_round_f16(0x1.6ap-4f);  // constant 6
          const float v59 = axon_round_f16(axon_mul_f32(v57, v58));  // mul 7
          const float v60 = axon_ld_f16(in1 + ((k7 + (k6 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
          const float t61 = v59 * v60;
          acc56 = acc56 + t61;
        }
        const float v62 = axon_round_f16(acc56);  // matmul 8
        const float v63 = axon_where_f32(v55, v62, v48);  // where 10
        const float t64 = v63;
        const float v65 = t64;  // cast 11
        acc52 = axon_max_nan(acc52, v65);
      }
      const float v66 = acc52;  // reduce_max 12
      const float v67 = axon_sub_f32(v51, v66);  // sub 13
      const float v68 = axon_exp_f32(v67);  // exp 14
      const float t69 = axon_round_f16(v68);
      const float v70 = t69;  // cast 15
      acc37 = acc37 + v70;
    }
    const float v71 = axon_round_f16(acc37);  // reduce_sum 17
    const float v72 = axon_round_f16(axon_div_f32(v36, v71));  // div 18
    axon_st_f16(out0 + lin, v72);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f16_rewritten_g0_attention_t256: grid 131072, block 256, smem 0, params r0 r1 r2 w18
// arch suffix '', grid dependency yes
