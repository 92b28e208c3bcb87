// golden kernel: graph 'rmsnorm_matmul_m2048_f16' (benchmarks/graphs_f16/rmsnorm_matmul_m2048_f16.json), target sm_90
// kernel g3_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_rmsnorm_matmul_m2048_f16_g3_contraction_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, const float* __restrict__ in3, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 8388608; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)4096; ++k0) {
      const float v1 = axon_ld_f16(in0 + (k0 + (axon_fdiv(lin, (int)4096) * (int)4096)));
      const float t2 = v1;
      const float v3 = t2;  // cast 3
      const float v4 = axon_ld_f32(in3 + axon_fdiv(lin, (int)4096));
      const float v5 = axon_mul_f32(v3, v4);  // mul 9
      const float v6 = axon_ld_f16(in1 + k0);
      const float t7 = v6;
      const float v8 = t7;  // cast 10
      const float v9 = axon_mul_f32(v5, v8);  // mul 11
      const float t10 = axon_round_f16(v9);
      const float v11 = t10;  // cast 12
      const float v12 = axon_ld_f16(in2 + (axon_fmod(lin, (int)4096) + (k0 * (int)4096)));
      const float t13 = v11 * v12;
      acc0 = acc0 + t13;
    }
    const float v14 = axon_round_f16(acc0);  // matmul 13
    axon_st_f16(out0 + lin, v14);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m2048_f16_g3_contraction_t256: grid 32768, block 256, smem 0, params r0 r1 r2 r8 w13
// arch suffix '', grid dependency yes
