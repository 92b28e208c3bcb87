// golden kernel: graph 'silu_bias_residual' (benchmarks/graphs/silu_bias_residual.json), target sm_90
// kernel g0_elementwise: elementwise -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_silu_bias_residual_g0_elementwise_t256(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 67108864; lin += (int)gridDim.x * 256) {
    const float v0 = axon_ld_f32(in0 + lin);
    const float v1 = axon_ld_f32(in1 + axon_fmod(lin, (int)4096));
    const float v2 = axon_add_f32(v0, v1);  // add 3
    const float v3 = axon_silu_f32(v2);  // silu 4
    const float v4 = axon_ld_f32(in2 + lin);
    const float v5 = axon_add_f32(v3, v4);  // add 5
    axon_st_f32(out0 + lin, v5);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_silu_bias_residual_g0_elementwise_t256: grid 262144, block 256, smem 0, params r0 r1 r2 w5
// arch suffix '', grid dependency yes
