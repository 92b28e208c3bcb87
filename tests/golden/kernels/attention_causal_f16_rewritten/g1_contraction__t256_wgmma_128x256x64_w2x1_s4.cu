// golden kernel: graph 'attention_causal_f16_rewritten' (tests/golden/graphs/attention_causal_f16_rewritten.json), target sm_90
// kernel g1_contraction: contraction -> t661
// tiling: contraction t256 wgmma 128x256x64 w2x1 s4
extern "C" __global__ void __launch_bounds__(256, 1) golden_attention_causal_f16_rewritten_g1_contraction_t256_wgmma_128x256x64_w2x1_s4(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 32768;
  const int tid = threadIdx.x, wg = tid >> 7, th = tid & 127;
  int bt = blockIdx.x;
  const int bz = bt / 128;
  bt -= (int)(bz * 128);
  const int first = (bt / 64) * 8, gsz = min(16 - first, 8);
  const int tm = first + (bt % 64) % gsz, tn = (bt % 64) / gsz;
  const int m0 = tm * 128, n0 = tn * 256;
  float acc[128];
  #pragma unroll
  for (int i = 0; i < 128; ++i) {
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
      const int pi0 = gi + 0, pic0 = min(pi0, (int)128 - 1);
      const float v0 = axon_ld_f16(in0 + ((pic0 + (goc * (int)128)) + (bz * (int)262144)));
      const float v1 = axon_round_f16(0x1.6ap-4f);  // constant 6
      const float v2 = axon_round_f16(axon_mul_f32(v0, v1));  // mul 7
      x[0] = go < 2048 && pi0 < 128 ? v2 : 0.0f;
      const int pi1 = gi + 1, pic1 = min(pi1, (int)128 - 1);
      const float v3 = axon_ld_f16(in0 + ((pic1 + (goc * (int)128)) + (bz * (int)262144)));
      const float v4 = axon_round_f16(axon_mul_f32(v3, v1));  // mul 7
      x[1] = go < 2048 && pi1 < 128 ? v4 : 0.0f;
      const int pi2 = gi + 2, pic2 = min(pi2, (int)128 - 1);
      const float v5 = axon_ld_f16(in0 + ((pic2 + (goc * (int)128)) + (bz * (int)262144)));
      const float v6 = axon_round_f16(axon_mul_f32(v5, v1));  // mul 7
      x[2] = go < 2048 && pi2 < 128 ? v6 : 0.0f;
      const int pi3 = gi + 3, pic3 = min(pi3, (int)128 - 1);
      const float v7 = axon_ld_f16(in0 + ((pic3 + (goc * (int)128)) + (bz * (int)262144)));
      const float v8 = axon_round_f16(axon_mul_f32(v7, v1));  // mul 7
      x[3] = go < 2048 && pi3 < 128 ? v8 : 0.0f;
      const int pi4 = gi + 4, pic4 = min(pi4, (int)128 - 1);
      const float v9 = axon_ld_f16(in0 + ((pic4 + (goc * (int)128)) + (bz * (int)262144)));
      const float v10 = axon_round_f16(axon_mul_f32(v9, v1));  // mul 7
      x[4] = go < 2048 && pi4 < 128 ? v10 : 0.0f;
      const int pi5 = gi + 5, pic5 = min(pi5, (int)128 - 1);
      const float v11 = axon_ld_f16(in0 + ((pic5 + (goc * (int)128)) + (bz * (int)262144)));
      const float v12 = axon_round_f16(axon_mul_f32(v11, v1));  // mul 7
      x[5] = go < 2048 && pi5 < 128 ? v12 : 0.0f;
      const int pi6 = gi + 6, pic6 = min(pi6, (int)128 - 1);
      const float v13 = axon_ld_f16(in0 + ((pic6 + (goc * (int)128)) + (bz * (int)262144)));
      const float v14 = axon_round_f16(axon_mul_f32(v13, v1));  // mul 7
      x[6] = go < 2048 && pi6 < 128 ? v14 : 0.0f;
      const int pi7 = gi + 7, pic7 = min(pi7, (int)128 - 1);
      const float v15 = axon_ld_f16(in0 + ((pic7 + (goc * (int)128)) + (bz * (int)262144)));
      const float v16 = axon_round_f16(axon_mul_f32(v15, v1));  // mul 7
      x[7] = go < 2048 && pi7 < 128 ? v16 : 0.0f;
      uint4 w;
      w.x = (unsigned)axon_f_to_f16(x[0]) | ((unsigned)axon_f_to_f16(x[1]) << 16);
      w.y = (unsigned)axon_f_to_f16(x[2]) | ((unsigned)axon_f_to_f16(x[3]) << 16);
      w.z = (unsigned)axon_f_to_f16(x[4]) | ((unsigned)axon_f_to_f16(x[5]) << 16);
      w.w = (unsigned)axon_f_to_f16(x[6]) | ((unsigned)axon_f_to_f16(x[7]) << 16);
      *reinterpret_cast<uint4*>(dst) = w;
    }
    for (int ch = tid; ch < 2048; ch += 256) {
      const int r = ch / 8, cc = ch % 8;
      unsigned short* dst = sB + slot * 16384 + r * 64 + ((cc ^ ((r) & 7)) << 3);
      const int go = n0 + r, gi = k0 + cc * 8;
      if (go < 2048 && gi < 128) {
        const unsigned short* src = in1 + (long long)(bz) * 262144 + (long long)go * 128 + gi;
        const unsigned sdst = (unsigned)__cvta_generic_to_shared(dst);
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :  : "r"(sdst), "l"(src) : "memory");
      } else {
        *reinterpret_cast<uint4*>(dst) = make_uint4(0u, 0u, 0u, 0u);
      }
    }
  };
  const int KT = 2;
  #pragma unroll
  for (int st = 0; st < 2; ++st) {
    if (st < KT) load_tile(st, st);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
  }
  for (int kt = 0; kt < KT; ++kt) {
    asm volatile("cp.async.wait_group 1;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    __syncthreads();
    if (kt + 2 < KT) load_tile(kt + 2, (kt + 2) % 4);
    asm volatile("cp.async.commit_group;" :  :  : "memory");
    const int slot = kt % 4;
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    #pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sa0) & 0x3FFFF) >> 4) + (unsigned)(slot * 1024 + wg * 512 + kk * 2) + 65536u));
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + kk * 2) + 65536u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 0;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63]), "+f"(acc[64]), "+f"(acc[65]), "+f"(acc[66]), "+f"(acc[67]), "+f"(acc[68]), "+f"(acc[69]), "+f"(acc[70]), "+f"(acc[71]), "+f"(acc[72]), "+f"(acc[73]), "+f"(acc[74]), "+f"(acc[75]), "+f"(acc[76]), "+f"(acc[77]), "+f"(acc[78]), "+f"(acc[79]), "+f"(acc[80]), "+f"(acc[81]), "+f"(acc[82]), "+f"(acc[83]), "+f"(acc[84]), "+f"(acc[85]), "+f"(acc[86]), "+f"(acc[87]), "+f"(acc[88]), "+f"(acc[89]), "+f"(acc[90]), "+f"(acc[91]), "+f"(acc[92]), "+f"(acc[93]), "+f"(acc[94]), "+f"(acc[95]), "+f"(acc[96]), "+f"(acc[97]), "+f"(acc[98]), "+f"(acc[99]), "+f"(acc[100]), "+f"(acc[101]), "+f"(acc[102]), "+f"(acc[103]), "+f"(acc[104]), "+f"(acc[105]), "+f"(acc[106]), "+f"(acc[107]), "+f"(acc[108]), "+f"(acc[109]), "+f"(acc[110]), "+f"(acc[111]), "+f"(acc[112]), "+f"(acc[113]), "+f"(acc[114]), "+f"(acc[115]), "+f"(acc[116]), "+f"(acc[117]), "+f"(acc[118]), "+f"(acc[119]), "+f"(acc[120]), "+f"(acc[121]), "+f"(acc[122]), "+f"(acc[123]), "+f"(acc[124]), "+f"(acc[125]), "+f"(acc[126]), "+f"(acc[127]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(256) : "memory");
  unsigned char* const stage = (unsigned char*)sA + wg * 33792;
  const unsigned stage_s0 = (unsigned)__cvta_generic_to_shared(stage);
  #pragma unroll
  for (int e = 0; e < 128; e += 8) {
    const int ar = (((axon_fdiv(th, (int)32) * (int)16) + (axon_fmod(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8)) + axon_fmod(th, (int)8)), ac = ((axon_fdiv(e, (int)4) * (int)8) + (axon_fdiv(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8));
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :  : "r"(stage_s0 + ar * 528 + ac * 2), "r"(axon_pack2_f16(axon_round_f16(acc[e + 0]), axon_round_f16(acc[e + 1]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 2]), axon_round_f16(acc[e + 3]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 4]), axon_round_f16(acc[e + 5]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 6]), axon_round_f16(acc[e + 7]))) : "memory");
  }
  asm volatile("bar.sync %0, %1;" :  : "r"(wg + 2), "r"(128) : "memory");
  for (int q = th; q < 2048; q += 128) {
    const int lr = q / 32, lc = (q % 32) * 8;
    const int gi = m0 + wg * 64 + lr, gj = n0 + lc;
    if (gi >= 2048 || gj >= 2048) continue;
    const unsigned short* const sv = (const unsigned short*)(stage + lr * 528) + lc;
    const int gjc0 = min(gj + 0, (int)2048 - 1);
    const int gjc1 = min(gj + 1, (int)2048 - 1);
    const int gjc2 = min(gj + 2, (int)2048 - 1);
    const int gjc3 = min(gj + 3, (int)2048 - 1);
    const int gjc4 = min(gj + 4, (int)2048 - 1);
    const int gjc5 = min(gj + 5, (int)2048 - 1);
    const int gjc6 = min(gj + 6, (int)2048 - 1);
    const int gjc7 = min(gj + 7, (int)2048 - 1);
    const float v17 = axon_round_i32(((float)gi));  // iota 3
    const float v18 = axon_round_i32(((float)gjc0));  // iota 4
    const float v19 = (axon_ge_f32(v17, v18) != 0 ? 1 : 0);  // ge 5
    const float v20 = axon_round_f16(-__int_as_float(0x7f800000));  // constant 9
    const float v21 = axon_where_f32(v19, axon_f16_to_f(sv[0]), v20);  // where 10
    const float v22 = axon_round_i32(((float)gi));  // iota 3
    const float v23 = axon_round_i32(((float)gjc1));  // iota 4
    const float v24 = (axon_ge_f32(v22, v23) != 0 ? 1 : 0);  // ge 5
    const float v25 = axon_where_f32(v24, axon_f16_to_f(sv[1]), v20);  // where 10
    const float v26 = axon_round_i32(((float)gi));  // iota 3
    const float v27 = axon_round_i32(((float)gjc2));  // iota 4
    const float v28 = (axon_ge_f32(v26, v27) != 0 ? 1 : 0);  // ge 5
    const float v29 = axon_where_f32(v28, axon_f16_to_f(sv[2]), v20);  // where 10
    const float v30 = axon_round_i32(((float)gi));  // iota 3
    const float v31 = axon_round_i32(((float)gjc3));  // iota 4
    const float v32 = (axon_ge_f32(v30, v31) != 0 ? 1 : 0);  // ge 5
    const float v33 = axon_where_f32(v32, axon_f16_to_f(sv[3]), v20);  // where 10
    const float v34 = axon_round_i32(((float)gi));  // iota 3
    const float v35 = axon_round_i32(((float)gjc4));  // iota 4
    const float v36 = (axon_ge_f32(v34, v35) != 0 ? 1 : 0);  // ge 5
    const float v37 = axon_where_f32(v36, axon_f16_to_f(sv[4]), v20);  // where 10
    const float v38 = axon_round_i32(((float)gi));  // iota 3
    const float v39 = axon_round_i32(((float)gjc5));  // iota 4
    const float v40 = (axon_ge_f32(v38, v39) != 0 ? 1 : 0);  // ge 5
    const float v41 = axon_where_f32(v40, axon_f16_to_f(sv[5]), v20);  // where 10
    const float v42 = axon_round_i32(((float)gi));  // iota 3
    const float v43 = axon_round_i32(((float)gjc6));  // iota 4
    const float v44 = (axon_ge_f32(v42, v43) != 0 ? 1 : 0);  // ge 5
    const float v45 = axon_where_f32(v44, axon_f16_to_f(sv[6]), v20);  // where 10
    const float v46 = axon_round_i32(((float)gi));  // iota 3
    const float v47 = axon_round_i32(((float)gjc7));  // iota 4
    const float v48 = (axon_ge_f32(v46, v47) != 0 ? 1 : 0);  // ge 5
    const float v49 = axon_where_f32(v48, axon_f16_to_f(sv[7]), v20);  // where 10
    if (gj + 8 <= 2048) {
      *reinterpret_cast<uint4*>(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304))) = make_uint4((unsigned)axon_f_to_f16(v21) | ((unsigned)axon_f_to_f16(v25) << 16), (unsigned)axon_f_to_f16(v29) | ((unsigned)axon_f_to_f16(v33) << 16), (unsigned)axon_f_to_f16(v37) | ((unsigned)axon_f_to_f16(v41) << 16), (unsigned)axon_f_to_f16(v45) | ((unsigned)axon_f_to_f16(v49) << 16));
    } else {
      if (gj + 0 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 0, v21);
      if (gj + 1 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 1, v25);
      if (gj + 2 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 2, v29);
      if (gj + 3 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 3, v33);
      if (gj + 4 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 4, v37);
      if (gj + 5 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 5, v41);
      if (gj + 6 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 6, v45);
      if (gj + 7 < 2048) axon_st_f16(out0 + ((gj + (gi * (int)2048)) + (bz * (int)4194304)) + 7, v49);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f16_rewritten_g1_contraction_t256_wgmma_128x256x64_w2x1_s4: grid 16384, block 256, smem 197632, params r0 r1 w10
// arch suffix 'a', grid dependency yes
