// golden kernel: graph 'rmsnorm_matmul_m16_rewritten' (tests/golden/graphs/rmsnorm_matmul_m16_rewritten.json), target sm_90
// kernel g0_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_rmsnorm_matmul_m16_rewritten_g0_contraction_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0) {
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
    float acc13 = 0.0f;
    for (int k1 = 0; k1 < (int)4096; ++k1) {
      const float v14 = axon_ld_bf16(in0 + (k1 + (axon_fdiv(lin, (int)4096) * (int)4096)));
      const float t15 = v14;
      const float v16 = t15;  // cast 3
      const float v17 = axon_square_f32(v16);  // square 8
      acc13 = acc13 + v17;
    }
    const float t18 = axon_div_f32(acc13, ((float)(int)4096));
    const float v19 = t18;  // reduce_mean 9
    const float v20 = 0x1.0c6f7ap-20f;  // constant 10
    const float v21 = axon_add_f32(v19, v20);  // add 11
    const float v22 = axon_rsqrt_f32(v21);  // rsqrt 12
    const float t23 = axon_round_bf16(v22);
    const float v24 = t23;  // cast 13
    const float v25 = axon_round_bf16(axon_mul_bf16(v12, v24));  // mul 14
    axon_st_bf16(out0 + lin, v25);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m16_rewritten_g0_contraction_t256: grid 256, block 256, smem 0, params r0 r1 r2 w14
// arch suffix '', grid dependency yes
