// golden kernel: graph 'silu_bias_residual' (benchmarks/graphs/silu_bias_residual.json), target sm_90, runtime size 16384
// kernel g0_elementwise: elementwise -> out
// tiling: elementwise t128 v4 streaming b8/sm
extern "C" __global__ void __launch_bounds__(128) golden_silu_bias_residual_runtime_g0_elementwise_t128_v4_streaming_b8_sm(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0, long long axon_n) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  for (int g = (int)blockIdx.x * 128 + threadIdx.x; g < axon_n * 1024LL; g += (int)gridDim.x * 128) {
    const int base = g * 4;
    float ld0[4];
    axon_ldv_f32_cs<4>(in0 + base, ld0);
    float ld2[4];
    axon_ldv_f32_cs<4>(in2 + base, ld2);
    float o0[4];
    #pragma unroll
    for (int l = 0; l < 4; ++l) {
      const int lin = base + l;
      const float v0 = ld0[l];
      const float v1 = axon_ld_f32(in1 + axon_fmod(lin, (int)4096));
      const float v2 = axon_add_f32(v0, v1);  // add 3
      const float v3 = axon_silu_f32(v2);  // silu 4
      const float v4 = ld2[l];
      const float v5 = axon_add_f32(v3, v4);  // add 5
      o0[l] = v5;
    }
    axon_stv_f32_cs<4>(out0 + base, o0);
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_silu_bias_residual_runtime_g0_elementwise_t128_v4_streaming_b8_sm: grid 1056, block 128, smem 0, params r0 r1 r2 w5, runtime size: grid(n) = max(1, min(1056, ceil(n * 1024 / 128) * 1) * 1)
// arch suffix '', grid dependency yes
// runtime size: n from 1 to 524287
