// golden kernel: graph 'rmsnorm_matmul_m16' (benchmarks/graphs/rmsnorm_matmul_m16.json), target sm_90
// kernel g1_contraction: contraction -> out
// tiling: contraction t256 wgmma-tma 64x64x64 w1x1 s6 split2
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(256, 2) golden_rmsnorm_matmul_m16_g1_contraction_t256_wgmma_tma_64x64x64_w1x1_s6_split2(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tm0, const __grid_constant__ axon_tmap tm1) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 24576;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  const int split = (int)(blockIdx.x % 2);
  int bt = (int)(blockIdx.x / 2);
  const int bz = bt / 64;
  bt -= (int)(bz * 64);
  const int first = (bt / 512) * 8, gsz = min(1 - first, 8);
  const int tm = first + (bt % 512) % gsz, tn = (bt % 512) / gsz;
  const int m0 = tm * 64, n0 = tn * 64;
  float acc[32];
  #pragma unroll
  for (int i = 0; i < 32; ++i) {
    acc[i] = 0.0f;
  }
  const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);
  const unsigned full0 = sa0 + 98304, empty0 = full0 + 48, raw0 = empty0 + 48;
  const unsigned rbar = (raw0 + 48 + 15u) & ~15u, recv = rbar + 16;
  if (tid == 0) {
    for (int s = 0; s < 6; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(full0 + 8 * s), "r"(1) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(empty0 + 8 * s), "r"(4) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(raw0 + 8 * s), "r"(1) : "memory");
    }
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(rbar), "r"(1) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  }
  __syncthreads();
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  const int KT = 64;
  const int kb = split * KT / 2, NK = (split + 1) * KT / 2 - kb;
  if (role < 1) {  // the producer warpgroups (threads tid < 128)
    if (tid != 0) return;
    const unsigned long long tmap0 = (unsigned long long)&tm0;
    const unsigned long long tmap1 = (unsigned long long)&tm1;
    unsigned long long once_pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(once_pol) : );
    const int pre = NK < 6 ? NK : 6;
    {
      const int panel0 = (int)(0);
      const int panel1 = (int)(0);
      for (int j = 0; j < pre; ++j) {
        const int slot = j, k0 = (kb + j) * 64;
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(16384) : "memory");
        #pragma unroll
        for (int j = 0; j < 1; ++j) {
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sb0 + (unsigned)(slot * 8192) + j * 8192), "l"(tmap1), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot), "l"(once_pol) : "memory");
        }
      }
    }
    asm volatile("griddepcontrol.wait;" :  :  : "memory");
    const int panel0 = (int)(0);
    const int panel1 = (int)(0);
    for (int j = 0; j < NK; ++j) {
      const int kt = kb + j, g = j;
      const int slot = g % 6, k0 = kt * 64;
      if (tid == 0) {
        if (g < pre) {
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sa0 + (unsigned)(slot * 8192)), "l"(tmap0), "r"(k0), "r"(m0), "r"(panel0), "r"(full0 + 8 * slot) : "memory");
        }
        if (g >= pre) {
          if (g >= 6) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(empty0 + 8 * slot), "r"(((g / 6) + 1) & 1) : "memory");
          asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(16384) : "memory");
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sa0 + (unsigned)(slot * 8192)), "l"(tmap0), "r"(k0), "r"(m0), "r"(panel0), "r"(full0 + 8 * slot) : "memory");
          #pragma unroll
          for (int j = 0; j < 1; ++j) {
            asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sb0 + (unsigned)(slot * 8192) + j * 8192), "l"(tmap1), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot), "l"(once_pol) : "memory");
          }
        }
      }
    }
    return;
  }
  const int gb = 0;
  int j = 0;
  do {
    const int g = gb + j, slot = g % 6;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(full0 + 8 * slot), "r"((g / 6) & 1) : "memory");
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    #pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sa0) & 0x3FFFF) >> 4) + (unsigned)(slot * 512 + wg * 512 + kk * 2) + 65536u));
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 512 + kk * 128) + 33554432u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
    if (j > 0 && (th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((g - 1) % 6)) : "memory");
  } while (++j < NK);
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((gb + NK - 1) % 6)) : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int rows = (int)min((long long)64, (long long)16 - (long long)m0), r0 = split * rows / 2, r1 = (split + 1) * rows / 2;
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  unsigned owner[2], obar[2];
  int owned0[2];
  #pragma unroll
  for (int r = 0; r < 2; ++r) {
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(owner[r]) : "r"(recv), "r"(r));
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(obar[r]) : "r"(rbar), "r"(r));
    owned0[r] = r * rows / 2;
  }
  constexpr int rsl[32] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  int srow[2], sfrom[2];
  unsigned sto[2], sbar[2];
  srow[0] = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)));
  sto[0] = owner[0]; sbar[0] = obar[0]; sfrom[0] = 0;
  #pragma unroll
  for (int r = 1; r < 2; ++r) if (owned0[r] <= srow[0]) { sto[0] = owner[r]; sbar[0] = obar[r]; sfrom[0] = owned0[r]; }
  srow[1] = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)));
  sto[1] = owner[0]; sbar[1] = obar[0]; sfrom[1] = 0;
  #pragma unroll
  for (int r = 1; r < 2; ++r) if (owned0[r] <= srow[1]) { sto[1] = owner[r]; sbar[1] = obar[r]; sfrom[1] = owned0[r]; }
  #pragma unroll
  for (int e = 0; e < 32; e += 2) {
    const int s = rsl[e], lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
    if (srow[s] < rows) {
      const unsigned at = sto[s] + (unsigned)((split * 8 + srow[s] - sfrom[s]) * 272 + lc * 4);
      asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];" :  : "r"(at), "f"(acc[e]), "f"(acc[e + 1]), "r"(sbar[s]) : "memory");
    }
  }
  if (wg == 0 && th == 0) asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(rbar), "r"((unsigned)(512 * (r1 - r0))) : "memory");
  asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(rbar), "r"(0) : "memory");
  for (int q = wg * 128 + th; q < (r1 - r0) * 8; q += 128) {
    const int lr = r0 + q / 8, lc = (q % 8) * 8;
    const int gi = m0 + lr, gj = n0 + lc;
    if (gi >= 16 || gj >= 4096) continue;
    float red[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    #pragma unroll
    for (int r = 0; r < 2; ++r) {
      float v[8];
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[0]), "=f"(v[1]), "=f"(v[2]), "=f"(v[3]) : "r"(recv + (unsigned)((r * 8 + lr - r0) * 272 + lc * 4 + 0)) : "memory");
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[4]), "=f"(v[5]), "=f"(v[6]), "=f"(v[7]) : "r"(recv + (unsigned)((r * 8 + lr - r0) * 272 + lc * 4 + 16)) : "memory");
      #pragma unroll
      for (int e = 0; e < 8; ++e) red[e] += v[e];
    }
    const int gjc0 = min(gj + 0, (int)4096 - 1);
    const int gjc1 = min(gj + 1, (int)4096 - 1);
    const int gjc2 = min(gj + 2, (int)4096 - 1);
    const int gjc3 = min(gj + 3, (int)4096 - 1);
    const int gjc4 = min(gj + 4, (int)4096 - 1);
    const int gjc5 = min(gj + 5, (int)4096 - 1);
    const int gjc6 = min(gj + 6, (int)4096 - 1);
    const int gjc7 = min(gj + 7, (int)4096 - 1);
    if (gj + 8 <= 4096) {
      *reinterpret_cast<uint4*>(out0 + (gj + (gi * (int)4096))) = make_uint4((unsigned)axon_bf16_bits(axon_round_bf16(red[0])) | ((unsigned)axon_bf16_bits(axon_round_bf16(red[1])) << 16), (unsigned)axon_bf16_bits(axon_round_bf16(red[2])) | ((unsigned)axon_bf16_bits(axon_round_bf16(red[3])) << 16), (unsigned)axon_bf16_bits(axon_round_bf16(red[4])) | ((unsigned)axon_bf16_bits(axon_round_bf16(red[5])) << 16), (unsigned)axon_bf16_bits(axon_round_bf16(red[6])) | ((unsigned)axon_bf16_bits(axon_round_bf16(red[7])) << 16));
    } else {
      if (gj + 0 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 0, axon_round_bf16(red[0]));
      if (gj + 1 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 1, axon_round_bf16(red[1]));
      if (gj + 2 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 2, axon_round_bf16(red[2]));
      if (gj + 3 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 3, axon_round_bf16(red[3]));
      if (gj + 4 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 4, axon_round_bf16(red[4]));
      if (gj + 5 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 5, axon_round_bf16(red[5]));
      if (gj + 6 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 6, axon_round_bf16(red[6]));
      if (gj + 7 < 4096) axon_st_bf16(out0 + (gj + (gi * (int)4096)) + 7, axon_round_bf16(red[7]));
    }
  }
  return;
}
// ---- launches (golden: what the launcher is told) ----
// golden_rmsnorm_matmul_m16_g1_contraction_t256_wgmma_tma_64x64x64_w1x1_s6_split2: grid 128, block 256, smem 103856, params r2 r12 w13
//   tensor map: param 1, 4096 x 16 x 1, box 64 x 64
//   tensor map: param 0, 4096 x 4096 x 1, box 64 x 64
// arch suffix 'a', grid dependency yes
