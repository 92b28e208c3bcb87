// golden kernel: graph 'rmsnorm_matmul_m16' (benchmarks/graphs/rmsnorm_matmul_m16.json), target sm_80
// kernel g3_contraction: contraction -> out
// tiling: contraction t128 16x64x64 w1x4 s5
extern "C" __global__ void __launch_bounds__(128) golden_rmsnorm_matmul_m16_sm_80_g3_contraction_t128_16x64x64_w1x4_s5(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, const float* __restrict__ in3, unsigned short* __restrict__ out0) {
  extern __shared__ __align__(128) unsigned short axon_smem[];
  unsigned short* const sA = axon_smem;
  unsigned short* const sB = axon_smem + 5120;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wr = warp / 4, wc = warp % 4;
  int bt = blockIdx.x;
  const int bz = bt / 64;
  bt -= (int)(bz * 64);
  const int first = (bt / 512) * 8, gsz = min(1 - first, 8);
  const int tm = first + (bt % 512) % gsz, tn = (bt % 512) / gsz;
  const int m0 = tm * 16, n0 = tn * 64;
  float acc[1][2][4];
  #pragma unroll
  for (int i = 0; i < 8; ++i) {
    (&acc[0][0][0])[i] = 0.0f;
  }
  auto load_tile = [&](int kt, int slot) {
    const int k0 = kt * 64;
    for (int ch = tid; ch < 128; ch += 128) {
      const int r = ch / 8, cc = ch % 8;
      unsigned short* dst = sA + slot * 1024 + r * 64 + ((cc ^ ((r) & 7)) << 3);
      const int go = m0 + r, gi = k0 + cc * 8;
      float x[8];
      const int goc = min(go, (int)16 - 1);
      const int pi0 = gi + 0, pic0 = min(pi0, (int)4096 - 1);
      const float v0 = axon_ld_bf16(in0 + (pic0 + (goc * (int)4096)));
      const float t1 = v0;
      const float v2 = t1;  // cast 3
      const float v3 = axon_ld_f32(in3 + goc);
      const float v4 = axon_mul_f32(v2, v3);  // mul 9
      const float v5 = axon_ld_bf16(in1 + pic0);
      const float t6 = v5;
      const float v7 = t6;  // cast 10
      const float v8 = axon_mul_f32(v4, v7);  // mul 11
      const float t9 = axon_round_bf16(v8);
      const float v10 = t9;  // cast 12
      x[0] = go < 16 && pi0 < 4096 ? v10 : 0.0f;
      const int pi1 = gi + 1, pic1 = min(pi1, (int)4096 - 1);
      const float v11 = axon_ld_bf16(in0 + (pic1 + (goc * (int)4096)));
      const float t12 = v11;
      const float v13 = t12;  // cast 3
      const float v14 = axon_mul_f32(v13, v3);  // mul 9
      const float v15 = axon_ld_bf16(in1 + pic1);
      const float t16 = v15;
      const float v17 = t16;  // cast 10
      const float v18 = axon_mul_f32(v14, v17);  // mul 11
      const float t19 = axon_round_bf16(v18);
      const float v20 = t19;  // cast 12
      x[1] = go < 16 && pi1 < 4096 ? v20 : 0.0f;
      const int pi2 = gi + 2, pic2 = min(pi2, (int)4096 - 1);
      const float v21 = axon_ld_bf16(in0 + (pic2 + (goc * (int)4096)));
      const float t22 = v21;
      const float v23 = t22;  // cast 3
      const float v24 = axon_mul_f32(v23, v3);  // mul 9
      const float v25 = axon_ld_bf16(in1 + pic2);
      const float t26 = v25;
      const float v27 = t26;  // cast 10
      const float v28 = axon_mul_f32(v24, v27);  // mul 11
      const float t29 = axon_round_bf16(v28);
      const float v30 = t29;  // cast 12
      x[2] = go < 16 && pi2 < 4096 ? v30 : 0.0f;
      const int pi3 = gi + 3, pic3 = min(pi3, (int)4096 - 1);
      const float v31 = axon_ld_bf16(in0 + (pic3 + (goc * (int)4096)));
      const float t32 = v31;
      const float v33 = t32;  // cast 3
      const float v34 = axon_mul_f32(v33, v3);  // mul 9
      const float v35 = axon_ld_bf16(in1 + pic3);
      const float t36 = v35;
      const float v37 = t36;  // cast 10
      const float v38 = axon_mul_f32(v34, v37);  // mul 11
      const float t39 = axon_round_bf16(v38);
      const float v40 = t39;  // cast 12
      x[3] = go < 16 && pi3 < 4096 ? v40 : 0.0f;
      const int pi4 = gi + 4, pic4 = min(pi4, (int)4096 - 1);
      const float v41 = axon_ld_bf16(in0 + (pic4 + (goc * (int)4096)));
      const float t42 = v41;
      const float v43 = t42;  // cast 3
      const float v44 = axon_mul_f32(v43, v3);  // mul 9
      const float v45 = axon_ld_bf16(in1 + pic4);
      const float t46 = v45;
      const float v47 = t46;  // cast 10
      const float v48 = axon_mul_f32(v44, v47);  // mul 11
      const float t49 = axon_round_bf16(v48);
      const float v50 = t49;  // cast 12
      x[4] = go < 16 && pi4 < 4096 ? v50 : 0.0f;
      const int pi5 = gi + 5, pic5 = min(pi5, (int)4096 - 1);
      const float v51 = axon_ld_bf16(in0 + (pic5 + (goc * (int)4096)));
      const float t52 = v51;
      const float v53 = t52;  // cast 3
      const float v54 = axon_mul_f32(v53, v3);  // mul 9
      const float v55 = axon_ld_bf16(in1 + pic5);
      const float t56 = v55;
      const float v57 = t56;  // cast 10
      const float v58 = axon_mul_f32(v54, v57);  // mul 11
      const float t59 = axon_round_bf16(v58);
      const float v60 = t59;  // cast 12
      x[5] = go < 16 && pi5 < 4096 ? v60 : 0.0f;
      const int pi6 = gi + 6, pic6 = min(pi6, (int)4096 - 1);
      const float v61 = axon_ld_bf16(in0 + (pic6 + (goc * (int)4096)));
      const float t62 = v61;
      const float v63 = t62;  // cast 3
      const float v64 = axon_mul_f32(v63, v3);  // mul 9
      const float v65 = axon_ld_bf16(in1 + pic6);
      const float t66 = v65;
      const float v67 = t66;  // cast 10
      const float v68 = axon_mul_f32(v64, v67);  // mul 11
      const float t69 = axon_round_bf16(v68);
      const float v70 = t69;  // cast 12
      x[6] = go < 16 && pi6 < 4096 ? v70 : 0.0f;
      const int pi7 = gi + 7, pic7 = min(pi7, (int)4096 - 1);
      const float v71 = axon_ld_bf16(in0 + (pic7 + (goc * (int)4096)));
      const float t72 = v71;
      const float v73 = t72;  // cast 3
      const float v74 = axon_mul_f32(v73, v3);  // mul 9
      const float v75 = axon_ld_bf16(in1 + pic7);
      const float t76 = v75;
      const float v77 = t76;  // cast 10
      const float v78 = axon_mul_f32(v74, v77);  // mul 11
      const float t79 = axon_round_bf16(v78);
      const float v80 = t79;  // cast 12
      x[7] = go < 16 && pi7 < 4096 ? v80 : 0.0f;
      uint4 w;
      w.x = (unsigned)axon_bf16_bits(x[0]) | ((unsigned)axon_bf16_bits(x[1]) << 16);
      w.y = (unsigned)axon_bf16_bits(x[2]) | ((unsigned)axon_bf16_bits(x[3]) << 16);
      w.z = (unsigned)axon_bf16_bits(x[4]) | ((unsigned)axon_bf16_bits(x[5]) << 16);
      w.w = (unsigned)axon_bf16_bits(x[6]) | ((unsigned)axon_bf16_bits(x[7]) << 16);
      *reinterpret_cast<uint4*>(dst) = w;
    }
    for (int ch = tid; ch < 512; ch += 128) {
      const int r = ch / 8, cc = ch % 8;
      unsigned short* dst = sB + slot * 4096 + r * 64 + ((cc ^ ((r) & 7)) << 3);
      const int go = k0 + r, gi = n0 + cc * 8;
      if (go < 4096 && gi < 4096) {
        const unsigned short* src = in2 + (long long)(0) * 16777216 + (long long)go * 4096 + gi;
        const unsigned sdst = (unsigned)__cvta_generic_to_shared(dst);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :  : "r"(sdst), "l"(src) : "memory");
      } else {
        *reinterpret_cast<uint4*>(dst) = make_uint4(0u, 0u, 0u, 0u);
      }
    }
  };
  const int KT = 64;
  #pragma unroll
  for (int st = 0; st < 4; ++st) {
    if (st < KT) load_tile(st, st);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
  }
  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group 3;" :  :  : "memory");
    __syncthreads();
    if (kt + 4 < KT) load_tile(kt + 4, (kt + 4) % 5);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
    const unsigned short* a_s = sA + (kt % 5) * 1024;
    const unsigned short* b_s = sB + (kt % 5) * 4096;
    #pragma unroll
    for (int kk = 0; kk < 64; kk += 16) {
      unsigned af[1][4], bf[2][2];
      #pragma unroll
      for (int f = 0; f < 1; ++f) {
        const int fr0 = wr * 16 + f * 16;
        const int sr = fr0 + ((axon_fmod(axon_fdiv(lane, (int)8), (int)2) * (int)8) + axon_fmod(lane, (int)8)), sc = kk + (axon_fdiv(axon_fdiv(lane, (int)8), (int)2) * (int)8);
        const unsigned at = (unsigned)__cvta_generic_to_shared(a_s + sr * 64 + (((sc >> 3) ^ ((sr) & 7)) << 3));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(af[f][0]), "=r"(af[f][1]), "=r"(af[f][2]), "=r"(af[f][3]) : "r"(at));
      }
      #pragma unroll
      for (int f = 0; f < 1; ++f) {
        const int fr0 = wc * 16 + f * 16;
        const int sr = kk + ((axon_fmod(axon_fdiv(lane, (int)8), (int)2) * (int)8) + axon_fmod(lane, (int)8)), sc = fr0 + (axon_fdiv(axon_fdiv(lane, (int)8), (int)2) * (int)8);
        const unsigned at = (unsigned)__cvta_generic_to_shared(b_s + sr * 64 + (((sc >> 3) ^ ((sr) & 7)) << 3));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(bf[2 * f][0]), "=r"(bf[2 * f][1]), "=r"(bf[2 * f + 1][0]), "=r"(bf[2 * f + 1][1]) : "r"(at));
      }
      #pragma unroll
      for (int mi = 0; mi < 1; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < 2; ++ni) {
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(acc[mi][ni][0]), "=f"(acc[mi][ni][1]), "=f"(acc[mi][ni][2]), "=f"(acc[mi][ni][3]) : "r"(af[mi][0]), "r"(af[mi][1]), "r"(af[mi][2]), "r"(af[mi][3]), "r"(bf[ni][0]), "r"(bf[ni][1]), "f"(acc[mi][ni][0]), "f"(acc[mi][ni][1]), "f"(acc[mi][ni][2]), "f"(acc[mi][ni][3]));
        }
      }
    }
  }
  #pragma unroll
  for (int mi = 0; mi < 1; ++mi) {
    #pragma unroll
    for (int ni = 0; ni < 2; ++ni) {
      float ov0[4];
      #pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int gi = m0 + wr * 16 + mi * 16 + (axon_fdiv(lane, (int)4) + ((int)8 * axon_fdiv(e, (int)2)));
        const int gj = n0 + wc * 16 + ni * 8 + ((axon_fmod(lane, (int)4) * (int)2) + axon_fmod(e, (int)2));
        if (gi < 16 && gj < 4096) {
          ov0[e] = axon_round_bf16(acc[mi][ni][e]);
        }
      }
      #pragma unroll
      for (int e = 0; e < 4; e += 2) {
        const int gi = m0 + wr * 16 + mi * 16 + (axon_fdiv(lane, (int)4) + ((int)8 * axon_fdiv(e, (int)2)));
        const int gj = n0 + wc * 16 + ni * 8 + ((axon_fmod(lane, (int)4) * (int)2) + axon_fmod(e, (int)2));
        if (gi < 16 && gj < 4096) {
          axon_st2_bf16(out0 + (gj + (gi * (int)4096)), ov0[e], ov0[e + 1]);
        }
      }
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m16_sm_80_g3_contraction_t128_16x64x64_w1x4_s5: grid 64, block 128, smem 51200, params r0 r1 r2 r8 w13
// arch suffix '', grid dependency no
