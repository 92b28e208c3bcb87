// golden kernel: graph 'gemm' (benchmarks/graphs/gemm.json), target sm_80
// kernel g0_contraction: contraction -> out
// tiling: generic t256
extern "C" __global__ void __launch_bounds__(256) golden_gemm_sm_80_g0_contraction_t256(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0) {
  for (int lin = (int)blockIdx.x * 256 + threadIdx.x; lin < 16777216; lin += (int)gridDim.x * 256) {
    float acc0 = 0.0f;
    for (int k0 = 0; k0 < (int)4096; ++k0) {
      const float v1 = axon_ld_bf16(in0 + (k0 + (axon_fdiv(lin, (int)4096) * (int)4096)));
      const float v2 = axon_ld_bf16(in1 + (axon_fmod(lin, (int)4096) + (k0 * (int)4096)));
      const float t3 = v1 * v2;
      acc0 = acc0 + t3;
    }
    const float v4 = axon_round_bf16(acc0);  // matmul 2
    axon_st_bf16(out0 + lin, v4);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_gemm_sm_80_g0_contraction_t256: grid 65536, block 256, smem 0, params r0 r1 w2
// arch suffix '', grid dependency no
