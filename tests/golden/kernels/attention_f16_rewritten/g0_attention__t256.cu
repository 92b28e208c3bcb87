// golden kernel: graph 'attention_f16_rewritten' (tests/golden/graphs/attention_f16_rewritten.json), target sm_90
// kernel g0_attention: attention -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_attention_f16_rewritten_g0_attention_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 33554432; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)2048; ++k0) {
      float acc1 = 0.0f;
      for (int k1 = 0; k1 < (int)128; ++k1) {
        const float v2 = axon_ld_f16(in0 + (k1 + (axon_fdiv(lin, (int)128) * (int)128)));
        const float v3 = axon_round_f16(0x1.6ap-4f);  // constant 3
        const float v4 = axon_round_f16(axon_mul_f32(v2, v3));  // mul 4
        const float v5 = axon_ld_f16(in1 + ((k1 + (k0 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
        const float t6 = v4 * v5;
        acc1 = acc1 + t6;
      }
      const float v7 = axon_round_f16(acc1);  // matmul 5
      const float t8 = v7;
      const float v9 = t8;  // cast 6
      float acc10 = -__int_as_float(0x7f800000);
      for (int k2 = 0; k2 < (int)2048; ++k2) {
        float acc11 = 0.0f;
        for (int k3 = 0; k3 < (int)128; ++k3) {
          const float v12 = axon_ld_f16(in0 + (k3 + (axon_fdiv(lin, (int)128) * (int)128)));
          const float v13 = axon_round_f16(0x1.6ap-4f);  // constant 3
          const float v14 = axon_round_f16(axon_mul_f32(v12, v13));  // mul 4
          const float v15 = axon_ld_f16(in1 + ((k3 + (k2 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
          const float t16 = v14 * v15;
          acc11 = acc11 + t16;
        }
        const float v17 = axon_round_f16(acc11);  // matmul 5
        const float t18 = v17;
        const float v19 = t18;  // cast 6
        acc10 = axon_max_nan(acc10, v19);
      }
      const float v20 = acc10;  // reduce_max 7
      const float v21 = axon_sub_f32(v9, v20);  // sub 8
      const float v22 = axon_exp_f32(v21);  // exp 9
      const float t23 = axon_round_f16(v22);
      const float v24 = t23;  // cast 10
      const float v25 = axon_ld_f16(in2 + ((axon_fmod(lin, (int)128) + (k0 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
      const float t26 = v24 * v25;
      acc0 = acc0 + t26;
    }
    const float v27 = axon_round_f16(acc0);  // matmul 11
    float acc28 = 0.0f;
    for (int k4 = 0; k4 < (int)2048; ++k4) {
      float acc29 = 0.0f;
      for (int k5 = 0; k5 < (int)128; ++k5) {
        const float v30 = axon_ld_f16(in0 + (k5 + (axon_fdiv(lin, (int)128) * (int)128)));
        const float v31 = axon_round_f16(0x1.6ap-4f);  // constant 3
        const float v32 = axon_round_f16(axon_mul_f32(v30, v31));  // mul 4
        const float v33 = axon_ld_f16(in1 + ((k5 + (k4 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
        const float t34 = v32 * v33;
        acc29 = acc29 + t34;
      }
      const float v35 = axon_round_f16(acc29);  // matmul 5
      const float t36 = v35;
      const float v37 = t36;  // cast 6
      float acc38 = -__int_as_float(0x7f800000);
      for (int k6 = 0; k6 < (int)2048; ++k6) {
        float acc39 = 0.0f;
        for (int k7 = 0; k7 < (int)128; ++k7) {
          const float v40 = axon_ld_f16(in0 + (k7 + (axon_fdiv(lin, (int)128) * (int)128)));
          const float v41 = axon_round_f16(0x1.6ap-4f);  // constant 3
          const float v42 = axon_round_f16(axon_mul_f32(v40, v41));  // mul 4
          const float v43 = axon_ld_f16(in1 + ((k7 + (k6 * (int)128)) + (axon_fdiv(lin, (int)262144) * (int)262144)));
          const float t44 = v42 * v43;
          acc39 = acc39 + t44;
        }
        const float v45 = axon_round_f16(acc39);  // matmul 5
        const float t46 = v45;
        const float v47 = t46;  // cast 6
        acc38 = axon_max_nan(acc38, v47);
      }
      const float v48 = acc38;  // reduce_max 7
      const float v49 = axon_sub_f32(v37, v48);  // sub 8
      const float v50 = axon_exp_f32(v49);  // exp 9
      const float t51 = axon_round_f16(v50);
      const float v52 = t51;  // cast 10
      acc28 = acc28 + v52;
    }
    const float v53 = axon_round_f16(acc28);  // reduce_sum 12
    const float v54 = axon_round_f16(axon_div_f32(v27, v53));  // div 13
    axon_st_f16(out0 + lin, v54);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_f16_rewritten_g0_attention_t256: grid 131072, block 256, smem 0, params r0 r1 r2 w13
// arch suffix '', grid dependency yes
