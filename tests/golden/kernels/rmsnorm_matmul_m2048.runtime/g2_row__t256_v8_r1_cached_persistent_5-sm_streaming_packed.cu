// golden kernel: graph 'rmsnorm_matmul_m2048' (benchmarks/graphs/rmsnorm_matmul_m2048.json), target sm_90, runtime size 2048
// kernel g2_row: reduction -> rsqrt#8
// tiling: row t256 v8 r1 cached persistent 5/sm streaming packed
// writes read by a later kernel of the launch (1 of 1): stored with an L2 evict-last policy
extern "C" __global__ void __launch_bounds__(256) golden_rmsnorm_matmul_m2048_runtime_g2_row_t256_v8_r1_cached_persistent_5_sm_streaming_packed(const unsigned short* __restrict__ in0, float* __restrict__ out0, long long axon_n) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int tid = threadIdx.x % 256, rib = threadIdx.x / 256;
  const int lane = threadIdx.x & 31, warp = tid >> 5;
  (void)lane; (void)warp; (void)rib;
  __shared__ float axon_red[1][1][8];
  for (int rbase = (int)blockIdx.x * 1; rbase < (axon_n * 1LL); rbase += (int)gridDim.x * 1) {
    const int row = rbase + rib;
    const bool valid = true;
    (void)valid;
    unsigned rc0[8];  // row of in0, in registers
    #pragma unroll
    for (int c = 0; c < 2; ++c) {
      const int col0 = ((int)c * 256 + tid) * 8;
      axon_ldw_cs<4>(in0 + row * 4096 + col0, &rc0[c * 4]);
    }
    // stage 0: reduce_mean 5 over the row
    float red0 = 0.0f;
    #pragma unroll
    for (int c = 0; c < 2; ++c) {
      const int col0 = ((int)c * 256 + tid) * 8;
      {
        #pragma unroll
        for (int l = 0; l < 8; ++l) {
          const int e = c * 8 + l;
          const int col = col0 + l;
          (void)col; (void)e;
          const float v0 = axon_bf16_at(rc0, e);
          const float t1 = v0;
          const float v2 = t1;  // cast 3
          const float v3 = axon_square_f32(v2);  // square 4
          red0 = red0 + v3;
        }
      }
    }
    red0 = axon_warp_sum_all(red0);
    if (lane == 0) axon_red[0][rib][warp] = red0;
    __syncthreads();
    red0 = axon_red[0][rib][0];
    #pragma unroll
    for (int w = 1; w < 8; ++w) {
      red0 = red0 + axon_red[0][rib][w];
    }
    const float t4 = axon_div_f32(red0, ((float)(int)4096));
    const float stat0 = t4;
    const float v5 = 0x1.0c6f7ap-20f;  // constant 6
    const float v6 = axon_add_f32(stat0, v5);  // add 7
    const float v7 = axon_rsqrt_f32(v6);  // rsqrt 8
    if (valid && tid == 0) {
      axon_st_f32(out0 + row, v7);
    }
    __syncthreads();
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m2048_runtime_g2_row_t256_v8_r1_cached_persistent_5_sm_streaming_packed: grid 660, block 256, smem 0, params r0 w8, runtime size: grid(n) = max(1, min(660, ceil(n * 1 / 1) * 1) * 1)
// arch suffix '', grid dependency yes
// runtime size: n from 1 to 524287
