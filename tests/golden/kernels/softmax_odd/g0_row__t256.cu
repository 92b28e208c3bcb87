// golden kernel: graph 'softmax_odd' (benchmarks/graphs/softmax_odd.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_softmax_odd_g0_row_t256(const float* __restrict__ in0, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 3001000; lin += (int)gridDim.x * 256) {
    const float v0 = axon_ld_f32(in0 + lin);
    float acc1 = -__int_as_float(0x7f800000);
    for (int k0 = 0; k0 < (int)1000; ++k0) {
      const float v2 = axon_ld_f32(in0 + (k0 + (axon_fdiv(lin, (int)1000) * (int)1000)));
      acc1 = axon_max_nan(acc1, v2);
    }
    const float v3 = acc1;  // reduce_max 1
    const float v4 = axon_sub_f32(v0, v3);  // sub 2
    const float v5 = axon_exp_f32(v4);  // exp 3
    float acc6 = 0.0f;
    for (int k1 = 0; k1 < (int)1000; ++k1) {
      const float v7 = axon_ld_f32(in0 + (k1 + (axon_fdiv(lin, (int)1000) * (int)1000)));
      const float v8 = axon_sub_f32(v7, v3);  // sub 2
      const float v9 = axon_exp_f32(v8);  // exp 3
      acc6 = acc6 + v9;
    }
    const float v10 = acc6;  // reduce_sum 4
    const float v11 = axon_div_f32(v5, v10);  // div 5
    axon_st_f32(out0 + lin, v11);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_odd_g0_row_t256: grid 11723, block 256, smem 0, params r0 w5
// arch suffix '', grid dependency yes
