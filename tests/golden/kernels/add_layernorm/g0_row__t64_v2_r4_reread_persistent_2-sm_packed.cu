// golden kernel: graph 'add_layernorm' (benchmarks/graphs/add_layernorm.json), target sm_90
// kernel g0_row: reduction -> out
// tiling: row t64 v2 r4 reread persistent 2/sm packed
extern "C" __global__ void __launch_bounds__(256) golden_add_layernorm_g0_row_t64_v2_r4_reread_persistent_2_sm_packed(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, const unsigned short* __restrict__ in3, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int tid = threadIdx.x % 64, rib = threadIdx.x / 64;
  const int lane = threadIdx.x & 31, warp = tid >> 5;
  (void)lane; (void)warp; (void)rib;
  __shared__ float axon_red[2][4][2];
  unsigned cc2[32];  // column vector in2, in registers
  #pragma unroll
  for (int c = 0; c < 32; ++c) {
    const int col0 = ((int)c * 64 + tid) * 2;
    axon_ldw<1>(in2 + col0, &cc2[c * 1]);
  }
  unsigned cc3[32];  // column vector in3, in registers
  #pragma unroll
  for (int c = 0; c < 32; ++c) {
    const int col0 = ((int)c * 64 + tid) * 2;
    axon_ldw<1>(in3 + col0, &cc3[c * 1]);
  }
  for (int rbase = (int)blockIdx.x * 4; rbase < 16384; rbase += (int)gridDim.x * 4) {
    const int row = rbase + rib;
    const bool valid = true;
    (void)valid;
    // stage 0: reduce_mean 6 over the row
    float red0 = 0.0f;
    float sb0[64];
    #pragma unroll
    for (int c = 0; c < 32; ++c) {
      const int col0 = ((int)c * 64 + tid) * 2;
      {
        #pragma unroll
        for (int l = 0; l < 2; ++l) {
          const int e = c * 2 + l;
          const int col = col0 + l;
          (void)col; (void)e;
          const float v0 = axon_ld_bf16(in0 + (col + (row * (int)4096)));
          const float v1 = axon_ld_bf16(in1 + (col + (row * (int)4096)));
          const float v2 = axon_round_bf16(axon_add_bf16(v0, v1));  // add 4
          const float t3 = v2;
          const float v4 = t3;  // cast 5
          red0 = red0 + v4;
          sb0[e] = v4;
        }
      }
    }
    red0 = axon_warp_sum_all(red0);
    if (lane == 0) axon_red[0][rib][warp] = red0;
    __syncthreads();
    red0 = axon_red[0][rib][0];
    #pragma unroll
    for (int w = 1; w < 2; ++w) {
      red0 = red0 + axon_red[0][rib][w];
    }
    const float t5 = axon_div_f32(red0, ((float)(int)4096));
    const float stat0 = t5;
    // stage 1: reduce_mean 9 over the row
    float red1 = 0.0f;
    #pragma unroll
    for (int c = 0; c < 32; ++c) {
      const int col0 = ((int)c * 64 + tid) * 2;
      {
        #pragma unroll
        for (int l = 0; l < 2; ++l) {
          const int e = c * 2 + l;
          const int col = col0 + l;
          (void)col; (void)e;
          const float v6 = axon_sub_f32(sb0[e], stat0);  // sub 7
          const float v7 = axon_square_f32(v6);  // square 8
          red1 = red1 + v7;
        }
      }
    }
    red1 = axon_warp_sum_all(red1);
    if (lane == 0) axon_red[1][rib][warp] = red1;
    __syncthreads();
    red1 = axon_red[1][rib][0];
    #pragma unroll
    for (int w = 1; w < 2; ++w) {
      red1 = red1 + axon_red[1][rib][w];
    }
    const float t8 = axon_div_f32(red1, ((float)(int)4096));
    const float stat1 = t8;
    const float v9 = 0x1.4f8b58p-17f;  // constant 10
    const float v10 = axon_add_f32(stat1, v9);  // add 11
    const float v11 = axon_rsqrt_f32(v10);  // rsqrt 12
    #pragma unroll
    for (int c = 0; c < 32; ++c) {
      const int col0 = ((int)c * 64 + tid) * 2;
      {
        float o0[2];
        #pragma unroll
        for (int l = 0; l < 2; ++l) {
          const int e = c * 2 + l;
          const int col = col0 + l;
          (void)col; (void)e;
          const float v12 = axon_sub_f32(sb0[e], stat0);  // sub 7
          const float v13 = axon_mul_f32(v12, v11);  // mul 13
          const float v14 = axon_bf16_at(cc2, e);
          const float t15 = v14;
          const float v16 = t15;  // cast 14
          const float v17 = axon_mul_f32(v13, v16);  // mul 15
          const float v18 = axon_bf16_at(cc3, e);
          const float t19 = v18;
          const float v20 = t19;  // cast 16
          const float v21 = axon_add_f32(v17, v20);  // add 17
          const float t22 = axon_round_bf16(v21);
          const float v23 = t22;  // cast 18
          o0[l] = v23;
        }
        axon_stv_bf16<2>(out0 + row * 4096 + col0, o0);
      }
    }
    __syncthreads();
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_add_layernorm_g0_row_t64_v2_r4_reread_persistent_2_sm_packed: grid 264, block 256, smem 0, params r0 r1 r2 r3 w18
// arch suffix '', grid dependency yes
