// golden kernel: graph 'rmsnorm_matmul_m16_rewritten' (tests/golden/graphs/rmsnorm_matmul_m16_rewritten.json), target sm_90
// kernel g2_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_rmsnorm_matmul_m16_rewritten_g2_contraction_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, const float* __restrict__ in3, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 65536; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)4096; ++k0) {
      const float v1 = axon_ld_bf16(in0 + (k0 + (axon_fdiv(lin, (int)4096) * (int)4096)));
      const float t2 = v1;
      const float v3 = t2;  // cast 3
      const float v4 = axon_ld_bf16(in1 + k0);
      const float t5 = v4;
      const float v6 = t5;  // cast 4
      const float v7 = axon_mul_f32(v3, v6);  // mul 5
      const float t8 = axon_round_bf16(v7);
      const float v9 = t8;  // cast 6
      const float v10 = axon_ld_bf16(in2 + (axon_fmod(lin, (int)4096) + (k0 * (int)4096)));
      const float t11 = v9 * v10;
      acc0 = acc0 + t11;
    }
    const float v12 = axon_round_bf16(acc0);  // matmul 7
    const float v13 = axon_ld_f32(in3 + axon_fdiv(lin, (int)4096));
    const float v14 = 0x1.0c6f7ap-20f;  // constant 10
    const float v15 = axon_add_f32(v13, v14);  // add 11
    const float v16 = axon_rsqrt_f32(v15);  // rsqrt 12
    const float t17 = axon_round_bf16(v16);
    const float v18 = t17;  // cast 13
    const float v19 = axon_round_bf16(axon_mul_bf16(v12, v18));  // mul 14
    axon_st_bf16(out0 + lin, v19);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m16_rewritten_g2_contraction_t256: grid 256, block 256, smem 0, params r0 r1 r2 r9 w14
// arch suffix '', grid dependency yes
