// golden kernel: graph 'attention' (benchmarks/graphs/attention.json), target sm_90
// kernel g3_contraction: contraction -> out
// tiling: contraction t256 256x128x32 w4x2 s3
extern "C" __global__ void __launch_bounds__(256) golden_attention_g3_contraction_t256_256x128x32_w4x2_s3(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const float* __restrict__ in2, const float* __restrict__ in3, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(128) unsigned short axon_smem[];
  unsigned short* const sA = axon_smem;
  unsigned short* const sB = axon_smem + 24576;
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wr = warp / 2, wc = warp % 2;
  int bt = blockIdx.x;
  const int bz = bt / 8;
  bt -= (int)(bz * 8);
  const int first = (bt / 8) * 8, gsz = min(8 - first, 8);
  const int tm = first + (bt % 8) % gsz, tn = (bt % 8) / gsz;
  const int m0 = tm * 256, n0 = tn * 128;
  float acc[4][8][4];
  #pragma unroll
  for (int i = 0; i < 128; ++i) {
    (&acc[0][0][0])[i] = 0.0f;
  }
  auto load_tile = [&](int kt, int slot) {
    const int k0 = kt * 32;
    for (int ch = tid; ch < 1024; ch += 256) {
      const int r = ch / 4, cc = ch % 4;
      unsigned short* dst = sA + slot * 8192 + r * 32 + ((cc ^ (((r) >> 1) & 3)) << 3);
      const int go = m0 + r, gi = k0 + cc * 8;
      float x[8];
      const int goc = min(go, (int)2048 - 1);
      const int pi0 = gi + 0, pic0 = min(pi0, (int)2048 - 1);
      const float v0 = axon_ld_bf16(in1 + ((pic0 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t1 = v0;
      const float v2 = t1;  // cast 7
      const float v3 = axon_ld_f32(in2 + (goc + (bz * (int)2048)));
      const float v4 = axon_sub_f32(v2, v3);  // sub 9
      const float v5 = axon_exp_f32(v4);  // exp 10
      const float v6 = axon_ld_f32(in3 + (goc + (bz * (int)2048)));
      const float v7 = axon_div_f32(v5, v6);  // div 12
      const float t8 = axon_round_bf16(v7);
      const float v9 = t8;  // cast 13
      x[0] = go < 2048 && pi0 < 2048 ? v9 : 0.0f;
      const int pi1 = gi + 1, pic1 = min(pi1, (int)2048 - 1);
      const float v10 = axon_ld_bf16(in1 + ((pic1 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t11 = v10;
      const float v12 = t11;  // cast 7
      const float v13 = axon_sub_f32(v12, v3);  // sub 9
      const float v14 = axon_exp_f32(v13);  // exp 10
      const float v15 = axon_div_f32(v14, v6);  // div 12
      const float t16 = axon_round_bf16(v15);
      const float v17 = t16;  // cast 13
      x[1] = go < 2048 && pi1 < 2048 ? v17 : 0.0f;
      const int pi2 = gi + 2, pic2 = min(pi2, (int)2048 - 1);
      const float v18 = axon_ld_bf16(in1 + ((pic2 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t19 = v18;
      const float v20 = t19;  // cast 7
      const float v21 = axon_sub_f32(v20, v3);  // sub 9
      const float v22 = axon_exp_f32(v21);  // exp 10
      const float v23 = axon_div_f32(v22, v6);  // div 12
      const float t24 = axon_round_bf16(v23);
      const float v25 = t24;  // cast 13
      x[2] = go < 2048 && pi2 < 2048 ? v25 : 0.0f;
      const int pi3 = gi + 3, pic3 = min(pi3, (int)2048 - 1);
      const float v26 = axon_ld_bf16(in1 + ((pic3 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t27 = v26;
      const float v28 = t27;  // cast 7
      const float v29 = axon_sub_f32(v28, v3);  // sub 9
      const float v30 = axon_exp_f32(v29);  // exp 10
      const float v31 = axon_div_f32(v30, v6);  // div 12
      const float t32 = axon_round_bf16(v31);
      const float v33 = t32;  // cast 13
      x[3] = go < 2048 && pi3 < 2048 ? v33 : 0.0f;
      const int pi4 = gi + 4, pic4 = min(pi4, (int)2048 - 1);
      const float v34 = axon_ld_bf16(in1 + ((pic4 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t35 = v34;
      const float v36 = t35;  // cast 7
      const float v37 = axon_sub_f32(v36, v3);  // sub 9
      const float v38 = axon_exp_f32(v37);  // exp 10
      const float v39 = axon_div_f32(v38, v6);  // div 12
      const float t40 = axon_round_bf16(v39);
      const float v41 = t40;  // cast 13
      x[4] = go < 2048 && pi4 < 2048 ? v41 : 0.0f;
      const int pi5 = gi + 5, pic5 = min(pi5, (int)2048 - 1);
      const float v42 = axon_ld_bf16(in1 + ((pic5 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t43 = v42;
      const float v44 = t43;  // cast 7
      const float v45 = axon_sub_f32(v44, v3);  // sub 9
      const float v46 = axon_exp_f32(v45);  // exp 10
      const float v47 = axon_div_f32(v46, v6);  // div 12
      const float t48 = axon_round_bf16(v47);
      const float v49 = t48;  // cast 13
      x[5] = go < 2048 && pi5 < 2048 ? v49 : 0.0f;
      const int pi6 = gi + 6, pic6 = min(pi6, (int)2048 - 1);
      const float v50 = axon_ld_bf16(in1 + ((pic6 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t51 = v50;
      const float v52 = t51;  // cast 7
      const float v53 = axon_sub_f32(v52, v3);  // sub 9
      const float v54 = axon_exp_f32(v53);  // exp 10
      const float v55 = axon_div_f32(v54, v6);  // div 12
      const float t56 = axon_round_bf16(v55);
      const float v57 = t56;  // cast 13
      x[6] = go < 2048 && pi6 < 2048 ? v57 : 0.0f;
      const int pi7 = gi + 7, pic7 = min(pi7, (int)2048 - 1);
      const float v58 = axon_ld_bf16(in1 + ((pic7 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t59 = v58;
      const float v60 = t59;  // cast 7
      const float v61 = axon_sub_f32(v60, v3);  // sub 9
      const float v62 = axon_exp_f32(v61);  // exp 10
      const float v63 = axon_div_f32(v62, v6);  // div 12
      const float t64 = axon_round_bf16(v63);
      const float v65 = t64;  // cast 13
      x[7] = go < 2048 && pi7 < 2048 ? v65 : 0.0f;
      uint4 w;
      w.x = (unsigned)axon_bf16_bits(x[0]) | ((unsigned)axon_bf16_bits(x[1]) << 16);
      w.y = (unsigned)axon_bf16_bits(x[2]) | ((unsigned)axon_bf16_bits(x[3]) << 16);
      w.z = (unsigned)axon_bf16_bits(x[4]) | ((unsigned)axon_bf16_bits(x[5]) << 16);
      w.w = (unsigned)axon_bf16_bits(x[6]) | ((unsigned)axon_bf16_bits(x[7]) << 16);
      *reinterpret_cast<uint4*>(dst) = w;
    }
    for (int ch = tid; ch < 512; ch += 256) {
      const int r = ch / 16, cc = ch % 16;
      unsigned short* dst = sB + slot * 4096 + r * 128 + ((cc ^ ((r) & 7)) << 3);
      const int go = k0 + r, gi = n0 + cc * 8;
      if (go < 2048 && gi < 128) {
        const unsigned short* src = in0 + (long long)(bz) * 262144 + (long long)go * 128 + gi;
        const unsigned sdst = (unsigned)__cvta_generic_to_shared(dst);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :  : "r"(sdst), "l"(src) : "memory");
      } else {
        *reinterpret_cast<uint4*>(dst) = make_uint4(0u, 0u, 0u, 0u);
      }
    }
  };
  const int KT = 64;
  #pragma unroll
  for (int st = 0; st < 2; ++st) {
    if (st < KT) load_tile(st, st);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
  }
  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group 1;" :  :  : "memory");
    __syncthreads();
    if (kt + 2 < KT) load_tile(kt + 2, (kt + 2) % 3);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
    const unsigned short* a_s = sA + (kt % 3) * 8192;
    const unsigned short* b_s = sB + (kt % 3) * 4096;
    #pragma unroll
    for (int kk = 0; kk < 32; kk += 16) {
      unsigned af[4][4], bf[8][2];
      #pragma unroll
      for (int f = 0; f < 4; ++f) {
        const int fr0 = wr * 64 + f * 16;
        const int sr = fr0 + ((axon_fmod(axon_fdiv(lane, (int)8), (int)2) * (int)8) + axon_fmod(lane, (int)8)), sc = kk + (axon_fdiv(axon_fdiv(lane, (int)8), (int)2) * (int)8);
        const unsigned at = (unsigned)__cvta_generic_to_shared(a_s + sr * 32 + (((sc >> 3) ^ (((sr) >> 1) & 3)) << 3));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(af[f][0]), "=r"(af[f][1]), "=r"(af[f][2]), "=r"(af[f][3]) : "r"(at));
      }
      #pragma unroll
      for (int f = 0; f < 4; ++f) {
        const int fr0 = wc * 64 + f * 16;
        const int sr = kk + ((axon_fmod(axon_fdiv(lane, (int)8), (int)2) * (int)8) + axon_fmod(lane, (int)8)), sc = fr0 + (axon_fdiv(axon_fdiv(lane, (int)8), (int)2) * (int)8);
        const unsigned at = (unsigned)__cvta_generic_to_shared(b_s + sr * 128 + (((sc >> 3) ^ ((sr) & 7)) << 3));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(bf[2 * f][0]), "=r"(bf[2 * f][1]), "=r"(bf[2 * f + 1][0]), "=r"(bf[2 * f + 1][1]) : "r"(at));
      }
      #pragma unroll
      for (int mi = 0; mi < 4; ++mi) {
        #pragma unroll
        for (int ni = 0; ni < 8; ++ni) {
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(acc[mi][ni][0]), "=f"(acc[mi][ni][1]), "=f"(acc[mi][ni][2]), "=f"(acc[mi][ni][3]) : "r"(af[mi][0]), "r"(af[mi][1]), "r"(af[mi][2]), "r"(af[mi][3]), "r"(bf[ni][0]), "r"(bf[ni][1]), "f"(acc[mi][ni][0]), "f"(acc[mi][ni][1]), "f"(acc[mi][ni][2]), "f"(acc[mi][ni][3]));
        }
      }
    }
  }
  #pragma unroll
  for (int mi = 0; mi < 4; ++mi) {
    #pragma unroll
    for (int ni = 0; ni < 8; ++ni) {
      float ov0[4];
      #pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int gi = m0 + wr * 64 + mi * 16 + (axon_fdiv(lane, (int)4) + ((int)8 * axon_fdiv(e, (int)2)));
        const int gj = n0 + wc * 64 + ni * 8 + ((axon_fmod(lane, (int)4) * (int)2) + axon_fmod(e, (int)2));
        if (gi < 2048 && gj < 128) {
          ov0[e] = axon_round_bf16(acc[mi][ni][e]);
        }
      }
      #pragma unroll
      for (int e = 0; e < 4; e += 2) {
        const int gi = m0 + wr * 64 + mi * 16 + (axon_fdiv(lane, (int)4) + ((int)8 * axon_fdiv(e, (int)2)));
        const int gj = n0 + wc * 64 + ni * 8 + ((axon_fmod(lane, (int)4) * (int)2) + axon_fmod(e, (int)2));
        if (gi < 2048 && gj < 128) {
          axon_st2_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)), ov0[e], ov0[e + 1]);
        }
      }
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_g3_contraction_t256_256x128x32_w4x2_s3: grid 1024, block 256, smem 73728, params r2 r6 r8 r11 w14
// arch suffix '', grid dependency yes
