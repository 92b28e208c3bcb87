// golden kernel: graph 'attention_causal_f16_rewritten' (tests/golden/graphs/attention_causal_f16_rewritten.json), target sm_90
// kernel g1_contraction: contraction -> t661
// tiling: contraction t384 wgmma-tma 64x128x64 w1x1 s4 p2 tma-store
extern "C" __global__ void __launch_bounds__(384, 1) golden_attention_causal_f16_rewritten_g1_contraction_t384_wgmma_tma_64x128x64_w1x1_s4_p2_tma_store(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tm0, const __grid_constant__ axon_tmap tm1, const __grid_constant__ axon_tmap tm2) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 16384;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 2, th = tid & 127;
  int bt = blockIdx.x;
  const int bz = bt / 512;
  bt -= (int)(bz * 512);
  const int first = (bt / 128) * 8, gsz = min(32 - first, 8);
  const int tm = first + (bt % 128) % gsz, tn = (bt % 128) / gsz;
  const int m0 = tm * 64, n0 = tn * 128;
  float acc[64];
  #pragma unroll
  for (int i = 0; i < 64; ++i) {
    acc[i] = 0.0f;
  }
  const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);
  const unsigned full0 = sa0 + 98304, empty0 = full0 + 32, raw0 = empty0 + 32;
  if (tid == 0) {
    for (int s = 0; s < 4; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(full0 + 8 * s), "r"(257) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(empty0 + 8 * s), "r"(4) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(raw0 + 8 * s), "r"(1) : "memory");
    }
    asm volatile("fence.mbarrier_init.release.cluster;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  }
  __syncthreads();
  const int KT = 2;
  const int kb = 0, NK = KT;
  if (role < 2) {  // the producer warpgroups (threads tid < 256)
    auto load_tile = [&](int kt, int slot) {
      const int k0 = kt * 64;
      for (int ch = tid; ch < 512; ch += 256) {
        const int r = ch / 8, cc = ch % 8;
        unsigned short* dst = sA + slot * 4096 + r * 64 + ((cc ^ ((r) & 7)) << 3);
        const int go = m0 + r, gi = k0 + cc * 8;
        const uint4 raw = *reinterpret_cast<const uint4*>(dst);
        const unsigned rw[4] = {raw.x, raw.y, raw.z, raw.w};
        float x[8];
        const int goc = min(go, (int)2048 - 1);
        const int pi0 = gi + 0, pic0 = min(pi0, (int)128 - 1);
        const float v0 = axon_f16_to_f((unsigned short)(rw[0] >> 0));
        const float v1 = axon_round_f16(0x1.6ap-4f);  // constant 6
        const float v2 = axon_round_f16(axon_mul_f32(v0, v1));  // mul 7
        x[0] = go < 2048 && pi0 < 128 ? v2 : 0.0f;
        const int pi1 = gi + 1, pic1 = min(pi1, (int)128 - 1);
        const float v3 = axon_f16_to_f((unsigned short)(rw[0] >> 16));
        const float v4 = axon_round_f16(axon_mul_f32(v3, v1));  // mul 7
        x[1] = go < 2048 && pi1 < 128 ? v4 : 0.0f;
        const int pi2 = gi + 2, pic2 = min(pi2, (int)128 - 1);
        const float v5 = axon_f16_to_f((unsigned short)(rw[1] >> 0));
        const float v6 = axon_round_f16(axon_mul_f32(v5, v1));  // mul 7
        x[2] = go < 2048 && pi2 < 128 ? v6 : 0.0f;
        const int pi3 = gi + 3, pic3 = min(pi3, (int)128 - 1);
        const float v7 = axon_f16_to_f((unsigned short)(rw[1] >> 16));
        const float v8 = axon_round_f16(axon_mul_f32(v7, v1));  // mul 7
        x[3] = go < 2048 && pi3 < 128 ? v8 : 0.0f;
        const int pi4 = gi + 4, pic4 = min(pi4, (int)128 - 1);
        const float v9 = axon_f16_to_f((unsigned short)(rw[2] >> 0));
        const float v10 = axon_round_f16(axon_mul_f32(v9, v1));  // mul 7
        x[4] = go < 2048 && pi4 < 128 ? v10 : 0.0f;
        const int pi5 = gi + 5, pic5 = min(pi5, (int)128 - 1);
        const float v11 = axon_f16_to_f((unsigned short)(rw[2] >> 16));
        const float v12 = axon_round_f16(axon_mul_f32(v11, v1));  // mul 7
        x[5] = go < 2048 && pi5 < 128 ? v12 : 0.0f;
        const int pi6 = gi + 6, pic6 = min(pi6, (int)128 - 1);
        const float v13 = axon_f16_to_f((unsigned short)(rw[3] >> 0));
        const float v14 = axon_round_f16(axon_mul_f32(v13, v1));  // mul 7
        x[6] = go < 2048 && pi6 < 128 ? v14 : 0.0f;
        const int pi7 = gi + 7, pic7 = min(pi7, (int)128 - 1);
        const float v15 = axon_f16_to_f((unsigned short)(rw[3] >> 16));
        const float v16 = axon_round_f16(axon_mul_f32(v15, v1));  // mul 7
        x[7] = go < 2048 && pi7 < 128 ? v16 : 0.0f;
        uint4 w;
        w.x = (unsigned)axon_f_to_f16(x[0]) | ((unsigned)axon_f_to_f16(x[1]) << 16);
        w.y = (unsigned)axon_f_to_f16(x[2]) | ((unsigned)axon_f_to_f16(x[3]) << 16);
        w.z = (unsigned)axon_f_to_f16(x[4]) | ((unsigned)axon_f_to_f16(x[5]) << 16);
        w.w = (unsigned)axon_f_to_f16(x[6]) | ((unsigned)axon_f_to_f16(x[7]) << 16);
        *reinterpret_cast<uint4*>(dst) = w;
      }
    };
    const unsigned long long tmap0 = (unsigned long long)&tm0;
    const unsigned long long tmap1 = (unsigned long long)&tm1;
    const int panel0 = (int)(bz);
    const int panel1 = (int)(bz);
    for (int it = 0; it < NK + 2; ++it) {
      if (it < NK) {
        const int kt = kb + it, g = it;
        const int slot = g % 4, k0 = kt * 64;
        if (tid == 0) {
          if (g >= 4) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(empty0 + 8 * slot), "r"(((g / 4) + 1) & 1) : "memory");
          asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(16384) : "memory");
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sb0 + (unsigned)(slot * 16384)), "l"(tmap1), "r"(k0), "r"(n0), "r"(panel1), "r"(full0 + 8 * slot) : "memory");
          asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(raw0 + 8 * slot), "r"(8192) : "memory");
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sa0 + (unsigned)(slot * 8192)), "l"(tmap0), "r"(k0), "r"(m0), "r"(panel0), "r"(raw0 + 8 * slot) : "memory");
        }
      }
      const int j = it - 2;
      if (j >= 0) {
        const int slot = j % 4;
        if (j >= 4) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(empty0 + 8 * slot), "r"(((j / 4) + 1) & 1) : "memory");
        asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(raw0 + 8 * slot), "r"((j / 4) & 1) : "memory");
        load_tile(kb + j, slot);
        asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(full0 + 8 * slot) : "memory");
      }
    }
    return;
  }
  const int gb = 0;
  int j = 0;
  do {
    const int g = gb + j, slot = g % 4;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(full0 + 8 * slot), "r"((g / 4) & 1) : "memory");
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    #pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sa0) & 0x3FFFF) >> 4) + (unsigned)(slot * 512 + wg * 512 + kk * 2) + 65536u));
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 1024 + kk * 2) + 65536u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
    if (j > 0 && (th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((g - 1) % 4)) : "memory");
  } while (++j < NK);
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((gb + NK - 1) % 4)) : "memory");
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(128) : "memory");
  unsigned char* const stage = (unsigned char*)sA + 0 + wg * 16384;
  const unsigned stage_s = sa0 + 0 + wg * 16384;
  const unsigned long long tmap_out = (unsigned long long)&tm2;
  #pragma unroll
  for (int e = 0; e < 64; e += 8) {
    const int ar = (((axon_fdiv(th, (int)32) * (int)16) + (axon_fmod(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8)) + axon_fmod(th, (int)8)), ac = ((axon_fdiv(e, (int)4) * (int)8) + (axon_fdiv(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8)) - 0;
    const unsigned at = stage_s + (ac >> 6) * 8192 + ar * 128 + ((((ac & 63) >> 3) ^ (ar & 7)) << 4);
    unsigned q[4];
    const int eb = e;
    #pragma unroll
    for (int m = 0; m < 4; ++m) {
      const int e = eb + 2 * m;
      const int lr = (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
      const int gi = m0 + wg * 64 + lr, gj = n0 + lc;
      const int gj1 = gj + 1;
      (void)gi; (void)gj1;
      const float v17 = axon_round_i32(((float)gi));  // iota 3
      const float v18 = axon_round_i32(((float)gj1));  // iota 4
      const float v19 = (axon_ge_f32(v17, v18) != 0 ? 1 : 0);  // ge 5
      const float v20 = axon_round_f16(-__int_as_float(0x7f800000));  // constant 9
      const float v21 = axon_where_f32(v19, axon_round_f16(acc[e + 1]), v20);  // where 10
      const float v22 = axon_round_i32(((float)gi));  // iota 3
      const float v23 = axon_round_i32(((float)gj));  // iota 4
      const float v24 = (axon_ge_f32(v22, v23) != 0 ? 1 : 0);  // ge 5
      const float v25 = axon_where_f32(v24, axon_round_f16(acc[e]), v20);  // where 10
      q[m] = axon_pack2_f16(v25, v21);
    }
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :  : "r"(at), "r"(q[0]), "r"(q[1]), "r"(q[2]), "r"(q[3]) : "memory");
  }
  asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  asm volatile("bar.sync %0, %1;" :  : "r"(wg + 2), "r"(128) : "memory");
  if (th == 0) {
    #pragma unroll
    for (int b = 0; b < 2; ++b) {
      if (m0 + wg * 64 < 2048 && n0 + 0 + b * 64 < 2048) asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" :  : "l"(tmap_out), "r"(n0 + 0 + b * 64), "r"(m0 + wg * 64), "r"((int)bz), "r"(stage_s + b * 8192) : "memory");
    }
    asm volatile("cp.async.bulk.commit_group;" :  :  : "memory");
  }
  if (th == 0) asm volatile("cp.async.bulk.wait_group.read 0;" :  :  : "memory");
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f16_rewritten_g1_contraction_t384_wgmma_tma_64x128x64_w1x1_s4_p2_tma_store: grid 65536, block 384, smem 99424, params r0 r1 w10
//   tensor map: param 0, 128 x 2048 x 128, box 64 x 64
//   tensor map: param 1, 128 x 2048 x 128, box 64 x 128
//   tensor map: param 2, 2048 x 2048 x 128, box 64 x 64
// arch suffix 'a', grid dependency yes
