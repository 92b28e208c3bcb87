// golden kernel: graph 'attention_causal_f16' (benchmarks/graphs_f16/attention_causal_f16.json), target sm_90
// kernel g3_contraction: contraction -> out
// tiling: contraction t256 wgmma 128x128x64 w2x1 s3
extern "C" __global__ void __launch_bounds__(256, 1) golden_attention_causal_f16_g3_contraction_t256_wgmma_128x128x64_w2x1_s3(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const float* __restrict__ in2, const float* __restrict__ in3, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 24576;
  const int tid = threadIdx.x, wg = tid >> 7, th = tid & 127;
  int bt = blockIdx.x;
  const int bz = bt / 16;
  bt -= (int)(bz * 16);
  const int first = (bt / 8) * 8, gsz = min(16 - first, 8);
  const int tm = first + (bt % 8) % gsz, tn = (bt % 8) / gsz;
  const int m0 = tm * 128, n0 = tn * 128;
  float acc[64];
  #pragma unroll
  for (int i = 0; i < 64; ++i) {
    acc[i] = 0.0f;
  }
  const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);
  auto load_tile = [&](int kt, int slot) {
    const int k0 = kt * 64;
    for (int ch = tid; ch < 1024; ch += 256) {
      const int r = ch / 8, cc = ch % 8;
      unsigned short* dst = sA + slot * 8192 + r * 64 + ((cc ^ ((r) & 7)) << 3);
      const int go = m0 + r, gi = k0 + cc * 8;
      float x[8];
      const int goc = min(go, (int)2048 - 1);
      const int pi0 = gi + 0, pic0 = min(pi0, (int)2048 - 1);
      const float v0 = axon_ld_f16(in1 + ((pic0 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t1 = v0;
      const float v2 = t1;  // cast 12
      const float v3 = axon_ld_f32(in2 + (goc + (bz * (int)2048)));
      const float v4 = axon_sub_f32(v2, v3);  // sub 14
      const float v5 = axon_exp_f32(v4);  // exp 15
      const float v6 = axon_ld_f32(in3 + (goc + (bz * (int)2048)));
      const float v7 = axon_div_f32(v5, v6);  // div 17
      const float t8 = axon_round_f16(v7);
      const float v9 = t8;  // cast 18
      x[0] = go < 2048 && pi0 < 2048 ? v9 : 0.0f;
      const int pi1 = gi + 1, pic1 = min(pi1, (int)2048 - 1);
      const float v10 = axon_ld_f16(in1 + ((pic1 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t11 = v10;
      const float v12 = t11;  // cast 12
      const float v13 = axon_sub_f32(v12, v3);  // sub 14
      const float v14 = axon_exp_f32(v13);  // exp 15
      const float v15 = axon_div_f32(v14, v6);  // div 17
      const float t16 = axon_round_f16(v15);
      const float v17 = t16;  // cast 18
      x[1] = go < 2048 && pi1 < 2048 ? v17 : 0.0f;
      const int pi2 = gi + 2, pic2 = min(pi2, (int)2048 - 1);
      const float v18 = axon_ld_f16(in1 + ((pic2 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t19 = v18;
      const float v20 = t19;  // cast 12
      const float v21 = axon_sub_f32(v20, v3);  // sub 14
      const float v22 = axon_exp_f32(v21);  // exp 15
      const float v23 = axon_div_f32(v22, v6);  // div 17
      const float t24 = axon_round_f16(v23);
      const float v25 = t24;  // cast 18
      x[2] = go < 2048 && pi2 < 2048 ? v25 : 0.0f;
      const int pi3 = gi + 3, pic3 = min(pi3, (int)2048 - 1);
      const float v26 = axon_ld_f16(in1 + ((pic3 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t27 = v26;
      const float v28 = t27;  // cast 12
      const float v29 = axon_sub_f32(v28, v3);  // sub 14
      const float v30 = axon_exp_f32(v29);  // exp 15
      const float v31 = axon_div_f32(v30, v6);  // div 17
      const float t32 = axon_round_f16(v31);
      const float v33 = t32;  // cast 18
      x[3] = go < 2048 && pi3 < 2048 ? v33 : 0.0f;
      const int pi4 = gi + 4, pic4 = min(pi4, (int)2048 - 1);
      const float v34 = axon_ld_f16(in1 + ((pic4 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t35 = v34;
      const float v36 = t35;  // cast 12
      const float v37 = axon_sub_f32(v36, v3);  // sub 14
      const float v38 = axon_exp_f32(v37);  // exp 15
      const float v39 = axon_div_f32(v38, v6);  // div 17
      const float t40 = axon_round_f16(v39);
      const float v41 = t40;  // cast 18
      x[4] = go < 2048 && pi4 < 2048 ? v41 : 0.0f;
      const int pi5 = gi + 5, pic5 = min(pi5, (int)2048 - 1);
      const float v42 = axon_ld_f16(in1 + ((pic5 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t43 = v42;
      const float v44 = t43;  // cast 12
      const float v45 = axon_sub_f32(v44, v3);  // sub 14
      const float v46 = axon_exp_f32(v45);  // exp 15
      const float v47 = axon_div_f32(v46, v6);  // div 17
      const float t48 = axon_round_f16(v47);
      const float v49 = t48;  // cast 18
      x[5] = go < 2048 && pi5 < 2048 ? v49 : 0.0f;
      const int pi6 = gi + 6, pic6 = min(pi6, (int)2048 - 1);
      const float v50 = axon_ld_f16(in1 + ((pic6 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t51 = v50;
      const float v52 = t51;  // cast 12
      const float v53 = axon_sub_f32(v52, v3);  // sub 14
      const float v54 = axon_exp_f32(v53);  // exp 15
      const float v55 = axon_div_f32(v54, v6);  // div 17
      const float t56 = axon_round_f16(v55);
      const float v57 = t56;  // cast 18
      x[6] = go < 2048 && pi6 < 2048 ? v57 : 0.0f;
      const int pi7 = gi + 7, pic7 = min(pi7, (int)2048 - 1);
      const float v58 = axon_ld_f16(in1 + ((pic7 + (goc * (int)2048)) + (bz * (int)4194304)));
      const float t59 = v58;
      const float v60 = t59;  // cast 12
      const float v61 = axon_sub_f32(v60, v3);  // sub 14
      const float v62 = axon_exp_f32(v61);  // exp 15
      const float v63 = axon_div_f32(v62, v6);  // div 17
      const float t64 = axon_round_f16(v63);
      const float v65 = t64;  // cast 18
      x[7] = go < 2048 && pi7 < 2048 ? v65 : 0.0f;
      uint4 w;
      w.x = (unsigned)axon_f_to_f16(x[0]) | ((unsigned)axon_f_to_f16(x[1]) << 16);
      w.y = (unsigned)axon_f_to_f16(x[2]) | ((unsigned)axon_f_to_f16(x[3]) << 16);
      w.z = (unsigned)axon_f_to_f16(x[4]) | ((unsigned)axon_f_to_f16(x[5]) << 16);
      w.w = (unsigned)axon_f_to_f16(x[6]) | ((unsigned)axon_f_to_f16(x[7]) << 16);
      *reinterpret_cast<uint4*>(dst) = w;
    }
    for (int ch = tid; ch < 1024; ch += 256) {
      const int r = ch / 16, cc = ch % 16;
      unsigned short* dst = sB + slot * 8192 + (cc >> 3) * 4096 + r * 64 + (((cc & 7) ^ (r & 7)) << 3);
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
  const int KT = 32;
  #pragma unroll
  for (int st = 0; st < 1; ++st) {
    if (st < KT) load_tile(st, st);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
  }
  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group 0;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    __syncthreads();
    if (kt + 1 < KT) load_tile(kt + 1, (kt + 1) % 3);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
    const int slot = kt % 3;
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    #pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sa0) & 0x3FFFF) >> 4) + (unsigned)(slot * 1024 + wg * 512 + kk * 2) + 65536u));
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 1024 + kk * 128) + 33554432u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(256) : "memory");
  unsigned char* const stage = (unsigned char*)sA + wg * 17408;
  const unsigned stage_s0 = (unsigned)__cvta_generic_to_shared(stage);
  #pragma unroll
  for (int e = 0; e < 64; e += 8) {
    const int ar = (((axon_fdiv(th, (int)32) * (int)16) + (axon_fmod(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8)) + axon_fmod(th, (int)8)), ac = ((axon_fdiv(e, (int)4) * (int)8) + (axon_fdiv(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8));
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :  : "r"(stage_s0 + ar * 272 + ac * 2), "r"(axon_pack2_f16(axon_round_f16(acc[e + 0]), axon_round_f16(acc[e + 1]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 2]), axon_round_f16(acc[e + 3]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 4]), axon_round_f16(acc[e + 5]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 6]), axon_round_f16(acc[e + 7]))) : "memory");
  }
  asm volatile("bar.sync %0, %1;" :  : "r"(wg + 2), "r"(128) : "memory");
  for (int q = th; q < 1024; q += 128) {
    const int lr = q / 16, lc = (q % 16) * 8;
    const int gi = m0 + wg * 64 + lr, gj = n0 + lc;
    if (gi >= 2048 || gj >= 128) continue;
    const unsigned short* const sv = (const unsigned short*)(stage + lr * 272) + lc;
    const int gjc0 = min(gj + 0, (int)128 - 1);
    const int gjc1 = min(gj + 1, (int)128 - 1);
    const int gjc2 = min(gj + 2, (int)128 - 1);
    const int gjc3 = min(gj + 3, (int)128 - 1);
    const int gjc4 = min(gj + 4, (int)128 - 1);
    const int gjc5 = min(gj + 5, (int)128 - 1);
    const int gjc6 = min(gj + 6, (int)128 - 1);
    const int gjc7 = min(gj + 7, (int)128 - 1);
    if (gj + 8 <= 128) {
      *reinterpret_cast<uint4*>(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144))) = make_uint4((unsigned)axon_f_to_f16(axon_f16_to_f(sv[0])) | ((unsigned)axon_f_to_f16(axon_f16_to_f(sv[1])) << 16), (unsigned)axon_f_to_f16(axon_f16_to_f(sv[2])) | ((unsigned)axon_f_to_f16(axon_f16_to_f(sv[3])) << 16), (unsigned)axon_f_to_f16(axon_f16_to_f(sv[4])) | ((unsigned)axon_f_to_f16(axon_f16_to_f(sv[5])) << 16), (unsigned)axon_f_to_f16(axon_f16_to_f(sv[6])) | ((unsigned)axon_f_to_f16(axon_f16_to_f(sv[7])) << 16));
    } else {
      if (gj + 0 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 0, axon_f16_to_f(sv[0]));
      if (gj + 1 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 1, axon_f16_to_f(sv[1]));
      if (gj + 2 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 2, axon_f16_to_f(sv[2]));
      if (gj + 3 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 3, axon_f16_to_f(sv[3]));
      if (gj + 4 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 4, axon_f16_to_f(sv[4]));
      if (gj + 5 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 5, axon_f16_to_f(sv[5]));
      if (gj + 6 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 6, axon_f16_to_f(sv[6]));
      if (gj + 7 < 128) axon_st_f16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 7, axon_f16_to_f(sv[7]));
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f16_g3_contraction_t256_wgmma_128x128x64_w2x1_s3: grid 2048, block 256, smem 99328, params r2 r11 r13 r16 w19
// arch suffix 'a', grid dependency yes
