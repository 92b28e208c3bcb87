// golden kernel: graph 'swiglu_f16' (benchmarks/graphs_f16/swiglu_f16.json), target sm_90
// kernel g0_contraction: contraction -> out
// tiling: contraction t256 wgmma-tma 64x128x64 w1x1 s4
extern "C" __global__ void __launch_bounds__(256, 2) golden_swiglu_f16_g0_contraction_t256_wgmma_tma_64x128x64_w1x1_s4(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tm0, const __grid_constant__ axon_tmap tm1, const __grid_constant__ axon_tmap tm2) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 16384;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  int bt = blockIdx.x;
  const int bz = bt / 5632;
  bt -= (int)(bz * 5632);
  const int first = (bt / 704) * 8, gsz = min(64 - first, 8);
  const int tm = first + (bt % 704) % gsz, tn = (bt % 704) / gsz;
  const int m0 = tm * 64, n0 = tn * 64;
  float acc[64];
  #pragma unroll
  for (int i = 0; i < 64; ++i) {
    acc[i] = 0.0f;
  }
  const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);
  const unsigned full0 = sa0 + 98304, empty0 = full0 + 32, raw0 = empty0 + 32;
  if (tid == 0) {
    for (int s = 0; s < 4; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(full0 + 8 * s), "r"(1) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(empty0 + 8 * s), "r"(4) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(raw0 + 8 * s), "r"(1) : "memory");
    }
    asm volatile("fence.mbarrier_init.release.cluster;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  }
  __syncthreads();
  const int KT = 64;
  const int kb = 0, NK = KT;
  if (role < 1) {  // the producer warpgroups (threads tid < 128)
    if (tid != 0) return;
    const unsigned long long tmap0 = (unsigned long long)&tm0;
    const unsigned long long tmap1 = (unsigned long long)&tm1;
    const unsigned long long tmap2 = (unsigned long long)&tm2;
    const int panel0 = (int)(0);
    const int panel1 = (int)(0);
    for (int j = 0; j < NK; ++j) {
      const int kt = kb + j, g = j;
      const int slot = g % 4, k0 = kt * 64;
      if (tid == 0) {
        if (g >= 4) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(empty0 + 8 * slot), "r"(((g / 4) + 1) & 1) : "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(24576) : "memory");
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sa0 + (unsigned)(slot * 8192)), "l"(tmap0), "r"(k0), "r"(m0), "r"(panel0), "r"(full0 + 8 * slot) : "memory");
        #pragma unroll
        for (int j = 0; j < 1; ++j) {
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sb0 + (unsigned)(slot * 16384) + j * 8192), "l"(tmap1), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot) : "memory");
        }
        #pragma unroll
        for (int j = 0; j < 1; ++j) {
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sb0 + (unsigned)(slot * 16384) + 8192 + j * 8192), "l"(tmap2), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot) : "memory");
        }
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
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 1024 + kk * 128) + 33554432u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
    if (j > 0 && (th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((g - 1) % 4)) : "memory");
  } while (++j < NK);
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((gb + NK - 1) % 4)) : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(128) : "memory");
  unsigned char* const stage = (unsigned char*)sA + wg * 17408;
  const unsigned stage_s0 = (unsigned)__cvta_generic_to_shared(stage);
  #pragma unroll
  for (int e = 0; e < 64; e += 8) {
    const int ar = (((axon_fdiv(th, (int)32) * (int)16) + (axon_fmod(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8)) + axon_fmod(th, (int)8)), ac = ((axon_fdiv(e, (int)4) * (int)8) + (axon_fdiv(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8));
    asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :  : "r"(stage_s0 + ar * 272 + ac * 2), "r"(axon_pack2_f16(axon_round_f16(acc[e + 0]), axon_round_f16(acc[e + 1]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 2]), axon_round_f16(acc[e + 3]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 4]), axon_round_f16(acc[e + 5]))), "r"(axon_pack2_f16(axon_round_f16(acc[e + 6]), axon_round_f16(acc[e + 7]))) : "memory");
  }
  asm volatile("bar.sync %0, %1;" :  : "r"(wg + 2), "r"(128) : "memory");
  for (int q = th; q < 512; q += 128) {
    const int lr = q / 8, lc = (q % 8) * 8;
    const int gi = m0 + wg * 64 + lr, gj = n0 + lc;
    if (gi >= 4096 || gj >= 5632) continue;
    const unsigned short* const sv = (const unsigned short*)(stage + lr * 272) + lc;
    const int gjc0 = min(gj + 0, (int)5632 - 1);
    const int gjc1 = min(gj + 1, (int)5632 - 1);
    const int gjc2 = min(gj + 2, (int)5632 - 1);
    const int gjc3 = min(gj + 3, (int)5632 - 1);
    const int gjc4 = min(gj + 4, (int)5632 - 1);
    const int gjc5 = min(gj + 5, (int)5632 - 1);
    const int gjc6 = min(gj + 6, (int)5632 - 1);
    const int gjc7 = min(gj + 7, (int)5632 - 1);
    const float v0 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[0])));  // silu 5
    const float v1 = axon_round_f16(axon_mul_f32(v0, axon_f16_to_f(sv[64])));  // mul 6
    const float v2 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[1])));  // silu 5
    const float v3 = axon_round_f16(axon_mul_f32(v2, axon_f16_to_f(sv[65])));  // mul 6
    const float v4 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[2])));  // silu 5
    const float v5 = axon_round_f16(axon_mul_f32(v4, axon_f16_to_f(sv[66])));  // mul 6
    const float v6 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[3])));  // silu 5
    const float v7 = axon_round_f16(axon_mul_f32(v6, axon_f16_to_f(sv[67])));  // mul 6
    const float v8 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[4])));  // silu 5
    const float v9 = axon_round_f16(axon_mul_f32(v8, axon_f16_to_f(sv[68])));  // mul 6
    const float v10 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[5])));  // silu 5
    const float v11 = axon_round_f16(axon_mul_f32(v10, axon_f16_to_f(sv[69])));  // mul 6
    const float v12 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[6])));  // silu 5
    const float v13 = axon_round_f16(axon_mul_f32(v12, axon_f16_to_f(sv[70])));  // mul 6
    const float v14 = axon_round_f16(axon_silu_f32(axon_f16_to_f(sv[7])));  // silu 5
    const float v15 = axon_round_f16(axon_mul_f32(v14, axon_f16_to_f(sv[71])));  // mul 6
    if (gj + 8 <= 5632) {
      *reinterpret_cast<uint4*>(out0 + (gj + (gi * (int)5632))) = make_uint4((unsigned)axon_f_to_f16(v1) | ((unsigned)axon_f_to_f16(v3) << 16), (unsigned)axon_f_to_f16(v5) | ((unsigned)axon_f_to_f16(v7) << 16), (unsigned)axon_f_to_f16(v9) | ((unsigned)axon_f_to_f16(v11) << 16), (unsigned)axon_f_to_f16(v13) | ((unsigned)axon_f_to_f16(v15) << 16));
    } else {
      if (gj + 0 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 0, v1);
      if (gj + 1 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 1, v3);
      if (gj + 2 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 2, v5);
      if (gj + 3 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 3, v7);
      if (gj + 4 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 4, v9);
      if (gj + 5 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 5, v11);
      if (gj + 6 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 6, v13);
      if (gj + 7 < 5632) axon_st_f16(out0 + (gj + (gi * (int)5632)) + 7, v15);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_swiglu_f16_g0_contraction_t256_wgmma_tma_64x128x64_w1x1_s4: grid 5632, block 256, smem 99424, params r0 r1 r2 w6
//   tensor map: param 0, 4096 x 4096 x 1, box 64 x 64
//   tensor map: param 1, 5632 x 4096 x 1, box 64 x 64
//   tensor map: param 2, 5632 x 4096 x 1, box 64 x 64
// arch suffix 'a', grid dependency yes
