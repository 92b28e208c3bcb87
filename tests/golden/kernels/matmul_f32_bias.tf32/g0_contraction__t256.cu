// golden kernel: graph 'matmul_f32_bias' (tests/golden/graphs/matmul_f32_bias.json), target sm_90, --allow-tf32
// kernel g0_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_matmul_f32_bias_tf32_g0_contraction_t256(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 768000; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)512; ++k0) {
      const float v1 = axon_ld_f32(in0 + (k0 + (axon_fdiv(lin, (int)768) * (int)512)));
      const float v2 = axon_ld_f32(in1 + (axon_fmod(lin, (int)768) + (k0 * (int)768)));
      const float t3 = v1 * v2;
      acc0 = acc0 + t3;
    }
    const float v4 = acc0;  // matmul 3
    const float v5 = axon_ld_f32(in2 + axon_fmod(lin, (int)768));
    const float v6 = axon_add_f32(v4, v5);  // add 4
    axon_st_f32(out0 + lin, v6);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_matmul_f32_bias_tf32_g0_contraction_t256: grid 3000, block 256, smem 0, params r0 r1 r2 w4
// arch suffix '', grid dependency yes
