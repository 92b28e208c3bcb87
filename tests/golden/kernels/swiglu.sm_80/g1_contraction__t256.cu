// golden kernel: graph 'swiglu' (benchmarks/graphs/swiglu.json), target sm_80
// kernel g1_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_swiglu_sm_80_g1_contraction_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0) {
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 23068672; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)4096; ++k0) {
      const float v1 = axon_ld_bf16(in0 + (k0 + (axon_fdiv(lin, (int)5632) * (int)4096)));
      const float v2 = axon_ld_bf16(in1 + (axon_fmod(lin, (int)5632) + (k0 * (int)5632)));
      const float t3 = v1 * v2;
      acc0 = acc0 + t3;
    }
    const float v4 = axon_round_bf16(acc0);  // matmul 3
    const float v5 = axon_round_bf16(axon_silu_bf16(v4));  // silu 5
    const float v6 = axon_ld_bf16(in2 + lin);
    const float v7 = axon_round_bf16(axon_mul_bf16(v5, v6));  // mul 6
    axon_st_bf16(out0 + lin, v7);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_swiglu_sm_80_g1_contraction_t256: grid 90112, block 256, smem 0, params r0 r1 r4 w6
// arch suffix '', grid dependency no
