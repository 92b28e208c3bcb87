// golden kernel: graph 'softmax_middle_axis' (tests/golden/graphs/softmax_middle_axis.json), target sm_90
// kernel g0_column: reduction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_softmax_middle_axis_g0_column_t256(const unsigned short* __restrict__ in0, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 1572864; lin += (int)gridDim.x * 256) {
    const float v0 = axon_ld_f16(in0 + lin);
    const float t1 = v0;
    const float v2 = t1;  // cast 1
    float acc3 = -__int_as_float(0x7f800000);
    for (int k0 = 0; k0 < (int)2048; ++k0) {
      const float v4 = axon_ld_f16(in0 + ((axon_fmod(lin, (int)96) + (k0 * (int)96)) + (axon_fdiv(lin, (int)196608) * (int)196608)));
      const float t5 = v4;
      const float v6 = t5;  // cast 1
      acc3 = axon_max_nan(acc3, v6);
    }
    const float v7 = acc3;  // reduce_max 2
    const float v8 = axon_sub_f32(v2, v7);  // sub 3
    const float v9 = axon_exp_f32(v8);  // exp 4
    float acc10 = 0.0f;
    for (int k1 = 0; k1 < (int)2048; ++k1) {
      const float v11 = axon_ld_f16(in0 + ((axon_fmod(lin, (int)96) + (k1 * (int)96)) + (axon_fdiv(lin, (int)196608) * (int)196608)));
      const float t12 = v11;
      const float v13 = t12;  // cast 1
      const float v14 = axon_sub_f32(v13, v7);  // sub 3
      const float v15 = axon_exp_f32(v14);  // exp 4
      acc10 = acc10 + v15;
    }
    const float v16 = acc10;  // reduce_sum 5
    const float v17 = axon_div_f32(v9, v16);  // div 6
    const float t18 = axon_round_f16(v17);
    const float v19 = t18;  // cast 7
    axon_st_f16(out0 + lin, v19);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_middle_axis_g0_column_t256: grid 6144, block 256, smem 0, params r0 w7
// arch suffix '', grid dependency yes
