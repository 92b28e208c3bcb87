// golden kernel: graph 'softmax_matmul_f16_rewritten' (tests/golden/graphs/softmax_matmul_f16_rewritten.json), target sm_90
// kernel g0_attention: attention -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_softmax_matmul_f16_rewritten_g0_attention_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 1048576; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)4096; ++k0) {
      const float v1 = axon_ld_f16(in0 + (k0 + (axon_fdiv(lin, (int)128) * (int)4096)));
      const float t2 = v1;
      const float v3 = t2;  // cast 2
      float acc4 = -__int_as_float(0x7f800000);
      for (int k1 = 0; k1 < (int)4096; ++k1) {
        const float v5 = axon_ld_f16(in0 + (k1 + (axon_fdiv(lin, (int)128) * (int)4096)));
        const float t6 = v5;
        const float v7 = t6;  // cast 2
        acc4 = axon_max_nan(acc4, v7);
      }
      const float v8 = acc4;  // reduce_max 3
      const float v9 = axon_sub_f32(v3, v8);  // sub 4
      const float v10 = axon_exp_f32(v9);  // exp 5
      const float t11 = axon_round_f16(v10);
      const float v12 = t11;  // cast 6
      const float v13 = axon_ld_f16(in1 + (axon_fmod(lin, (int)128) + (k0 * (int)128)));
      const float t14 = v12 * v13;
      acc0 = acc0 + t14;
    }
    const float v15 = axon_round_f16(acc0);  // matmul 7
    float acc16 = 0.0f;
    for (int k2 = 0; k2 < (int)4096; ++k2) {
      const float v17 = axon_ld_f16(in0 + (k2 + (axon_fdiv(lin, (int)128) * (int)4096)));
      const float t18 = v17;
      const float v19 = t18;  // cast 2
      float acc20 = -__int_as_float(0x7f800000);
      for (int k3 = 0; k3 < (int)4096; ++k3) {
        const float v21 = axon_ld_f16(in0 + (k3 + (axon_fdiv(lin, (int)128) * (int)4096)));
        const float t22 = v21;
        const float v23 = t22;  // cast 2
        acc20 = axon_max_nan(acc20, v23);
      }
      const float v24 = acc20;  // reduce_max 3
      const float v25 = axon_sub_f32(v19, v24);  // sub 4
      const float v26 = axon_exp_f32(v25);  // exp 5
      const float t27 = axon_round_f16(v26);
      const float v28 = t27;  // cast 6
      acc16 = acc16 + v28;
    }
    const float v29 = axon_round_f16(acc16);  // reduce_sum 8
    const float v30 = axon_round_f16(axon_div_f32(v15, v29));  // div 9
    axon_st_f16(out0 + lin, v30);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_matmul_f16_rewritten_g0_attention_t256: grid 4096, block 256, smem 0, params r0 r1 w9
// arch suffix '', grid dependency yes
