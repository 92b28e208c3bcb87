// golden kernel: graph 'rmsnorm' (benchmarks/graphs/rmsnorm.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: row t32 v1 r2 reread persistent 25/sm
extern "C" __global__ void __launch_bounds__(64) golden_rmsnorm_g0_row_t32_v1_r2_reread_persistent_25_sm(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int tid = threadIdx.x % 32, rib = threadIdx.x / 32;
  const int lane = threadIdx.x & 31, warp = tid >> 5;
  (void)lane; (void)warp; (void)rib;
  for (int rbase = (int)blockIdx.x * 2; rbase < 16384; rbase += (int)gridDim.x * 2) {
    const int row = rbase + rib;
    const bool valid = true;
    (void)valid;
    // stage 0: reduce_mean 4 over the row
    float red0 = 0.0f;
    #pragma unroll 4
    for (int c = 0; c < 128; ++c) {
      const int col0 = ((int)c * 32 + tid) * 1;
      {
        #pragma unroll
        for (int l = 0; l < 1; ++l) {
          const int e = c * 1 + l;
          const int col = col0 + l;
          (void)col; (void)e;
          const float v0 = axon_ld_bf16(in0 + (col + (row * (int)4096)));
          const float t1 = v0;
          const float v2 = t1;  // cast 2
          const float v3 = axon_square_f32(v2);  // square 3
          red0 = red0 + v3;
        }
      }
    }
    red0 = axon_warp_sum_all(red0);
    const float t4 = axon_div_f32(red0, ((float)(int)4096));
    const float stat0 = t4;
    const float v5 = 0x1.0c6f7ap-20f;  // constant 5
    const float v6 = axon_add_f32(stat0, v5);  // add 6
    const float v7 = axon_rsqrt_f32(v6);  // rsqrt 7
    #pragma unroll 4
    for (int c = 0; c < 128; ++c) {
      const int col0 = ((int)c * 32 + tid) * 1;
      {
        float o0[1];
        #pragma unroll
        for (int l = 0; l < 1; ++l) {
          const int e = c * 1 + l;
          const int col = col0 + l;
          (void)col; (void)e;
          const float v8 = axon_ld_bf16(in0 + (col + (row * (int)4096)));
          const float t9 = v8;
          const float v10 = t9;  // cast 2
          const float v11 = axon_mul_f32(v10, v7);  // mul 8
          const float v12 = axon_ld_bf16(in1 + col);
          const float t13 = v12;
          const float v14 = t13;  // cast 9
          const float v15 = axon_mul_f32(v11, v14);  // mul 10
          const float t16 = axon_round_bf16(v15);
          const float v17 = t16;  // cast 11
          o0[l] = v17;
        }
        axon_stv_bf16<1>(out0 + row * 4096 + col0, o0);
      }
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_g0_row_t32_v1_r2_reread_persistent_25_sm: grid 3300, block 64, smem 0, params r0 r1 w11
// arch suffix '', grid dependency yes
