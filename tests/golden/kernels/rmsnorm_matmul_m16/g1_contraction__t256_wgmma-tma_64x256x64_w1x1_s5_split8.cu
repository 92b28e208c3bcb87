// golden kernel: graph 'rmsnorm_matmul_m16' (benchmarks/graphs/rmsnorm_matmul_m16.json), target sm_90
// kernel g1_contraction: contraction -> out
// tiling: contraction t256 wgmma-tma 64x256x64 w1x1 s5 split8
extern "C" __global__ void __cluster_dims__(8, 1, 1) __launch_bounds__(256, 1) golden_rmsnorm_matmul_m16_g1_contraction_t256_wgmma_tma_64x256x64_w1x1_s5_split8(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tm0, const __grid_constant__ axon_tmap tm1) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 20480;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  const int split = (int)(blockIdx.x % 8);
  int bt = (int)(blockIdx.x / 8);
  const int bz = bt / 16;
  bt -= (int)(bz * 16);
  const int first = (bt / 128) * 8, gsz = min(1 - first, 8);
  const int tm = first + (bt % 128) % gsz, tn = (bt % 128) / gsz;
  const int m0 = tm * 64, n0 = tn * 256;
  float acc[128];
  #pragma unroll
  for (int i = 0; i < 128; ++i) {
    acc[i] = 0.0f;
  }
  const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);
  const unsigned full0 = sa0 + 204800, empty0 = full0 + 40, raw0 = empty0 + 40;
  const unsigned rbar = (raw0 + 40 + 15u) & ~15u, recv = rbar + 16;
  if (tid == 0) {
    for (int s = 0; s < 5; ++s) {
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
  const int kb = split * KT / 8, NK = (split + 1) * KT / 8 - kb;
  if (role < 1) {  // the producer warpgroups (threads tid < 128)
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" :  : );
    if (tid != 0) return;
    const unsigned long long tmap0 = (unsigned long long)&tm0;
    const unsigned long long tmap1 = (unsigned long long)&tm1;
    unsigned long long once_pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(once_pol) : );
    const int pre = NK < 5 ? NK : 5;
    {
      const int panel0 = (int)(0);
      const int panel1 = (int)(0);
      for (int j = 0; j < pre; ++j) {
        const int slot = j, k0 = (kb + j) * 64;
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(40960) : "memory");
        #pragma unroll
        for (int j = 0; j < 4; ++j) {
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sb0 + (unsigned)(slot * 32768) + j * 8192), "l"(tmap1), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot), "l"(once_pol) : "memory");
        }
      }
    }
    asm volatile("griddepcontrol.wait;" :  :  : "memory");
    const int panel0 = (int)(0);
    const int panel1 = (int)(0);
    for (int j = 0; j < NK; ++j) {
      const int kt = kb + j, g = j;
      const int slot = g % 5, k0 = kt * 64;
      if (tid == 0) {
        if (g < pre) {
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sa0 + (unsigned)(slot * 8192)), "l"(tmap0), "r"(k0), "r"(m0), "r"(panel0), "r"(full0 + 8 * slot) : "memory");
        }
        if (g >= pre) {
          if (g >= 5) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(empty0 + 8 * slot), "r"(((g / 5) + 1) & 1) : "memory");
          asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(40960) : "memory");
          asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sa0 + (unsigned)(slot * 8192)), "l"(tmap0), "r"(k0), "r"(m0), "r"(panel0), "r"(full0 + 8 * slot) : "memory");
          #pragma unroll
          for (int j = 0; j < 4; ++j) {
            asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sb0 + (unsigned)(slot * 32768) + j * 8192), "l"(tmap1), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot), "l"(once_pol) : "memory");
          }
        }
      }
    }
    return;
  }
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;" :  : );
  const int gb = 0;
  int j = 0;
  do {
    const int g = gb + j, slot = g % 5;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(full0 + 8 * slot), "r"((g / 5) & 1) : "memory");
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    #pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sa0) & 0x3FFFF) >> 4) + (unsigned)(slot * 512 + wg * 512 + kk * 2) + 65536u));
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + kk * 128) + 33554432u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63]), "+f"(acc[64]), "+f"(acc[65]), "+f"(acc[66]), "+f"(acc[67]), "+f"(acc[68]), "+f"(acc[69]), "+f"(acc[70]), "+f"(acc[71]), "+f"(acc[72]), "+f"(acc[73]), "+f"(acc[74]), "+f"(acc[75]), "+f"(acc[76]), "+f"(acc[77]), "+f"(acc[78]), "+f"(acc[79]), "+f"(acc[80]), "+f"(acc[81]), "+f"(acc[82]), "+f"(acc[83]), "+f"(acc[84]), "+f"(acc[85]), "+f"(acc[86]), "+f"(acc[87]), "+f"(acc[88]), "+f"(acc[89]), "+f"(acc[90]), "+f"(acc[91]), "+f"(acc[92]), "+f"(acc[93]), "+f"(acc[94]), "+f"(acc[95]), "+f"(acc[96]), "+f"(acc[97]), "+f"(acc[98]), "+f"(acc[99]), "+f"(acc[100]), "+f"(acc[101]), "+f"(acc[102]), "+f"(acc[103]), "+f"(acc[104]), "+f"(acc[105]), "+f"(acc[106]), "+f"(acc[107]), "+f"(acc[108]), "+f"(acc[109]), "+f"(acc[110]), "+f"(acc[111]), "+f"(acc[112]), "+f"(acc[113]), "+f"(acc[114]), "+f"(acc[115]), "+f"(acc[116]), "+f"(acc[117]), "+f"(acc[118]), "+f"(acc[119]), "+f"(acc[120]), "+f"(acc[121]), "+f"(acc[122]), "+f"(acc[123]), "+f"(acc[124]), "+f"(acc[125]), "+f"(acc[126]), "+f"(acc[127]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
    if (j > 0 && (th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((g - 1) % 5)) : "memory");
  } while (++j < NK);
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((gb + NK - 1) % 5)) : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  const int rows = (int)min((long long)64, (long long)16 - (long long)m0), r0 = split * rows / 8, r1 = (split + 1) * rows / 8;
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  unsigned owner[8], obar[8];
  int owned0[8];
  #pragma unroll
  for (int r = 0; r < 8; ++r) {
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(owner[r]) : "r"(recv), "r"(r));
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(obar[r]) : "r"(rbar), "r"(r));
    owned0[r] = r * rows / 8;
  }
  constexpr int rsl[128] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  int srow[2], sfrom[2];
  unsigned sto[2], sbar[2];
  srow[0] = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)));
  sto[0] = owner[0]; sbar[0] = obar[0]; sfrom[0] = 0;
  #pragma unroll
  for (int r = 1; r < 8; ++r) if (owned0[r] <= srow[0]) { sto[0] = owner[r]; sbar[0] = obar[r]; sfrom[0] = owned0[r]; }
  srow[1] = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)));
  sto[1] = owner[0]; sbar[1] = obar[0]; sfrom[1] = 0;
  #pragma unroll
  for (int r = 1; r < 8; ++r) if (owned0[r] <= srow[1]) { sto[1] = owner[r]; sbar[1] = obar[r]; sfrom[1] = owned0[r]; }
  #pragma unroll
  for (int e = 0; e < 128; e += 2) {
    const int s = rsl[e], lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
    if (srow[s] < rows) {
      const unsigned at = sto[s] + (unsigned)((split * 2 + srow[s] - sfrom[s]) * 1040 + lc * 4);
      asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];" :  : "r"(at), "f"(acc[e]), "f"(acc[e + 1]), "r"(sbar[s]) : "memory");
    }
  }
  if (wg == 0 && th == 0) asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(rbar), "r"((unsigned)(8192 * (r1 - r0))) : "memory");
  asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(rbar), "r"(0) : "memory");
  for (int q = wg * 128 + th; q < (r1 - r0) * 32; q += 128) {
    const int lr = r0 + q / 32, lc = (q % 32) * 8;
    const int gi = m0 + lr, gj = n0 + lc;
    if (gi >= 16 || gj >= 4096) continue;
    float red[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    #pragma unroll
    for (int r = 0; r < 8; ++r) {
      float v[8];
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[0]), "=f"(v[1]), "=f"(v[2]), "=f"(v[3]) : "r"(recv + (unsigned)((r * 2 + lr - r0) * 1040 + lc * 4 + 0)) : "memory");
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[4]), "=f"(v[5]), "=f"(v[6]), "=f"(v[7]) : "r"(recv + (unsigned)((r * 2 + lr - r0) * 1040 + lc * 4 + 16)) : "memory");
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
// golden_rmsnorm_matmul_m16_g1_contraction_t256_wgmma_tma_64x256x64_w1x1_s5_split8: grid 128, block 256, smem 222616, params r2 r12 w13
//   tensor map: param 1, 4096 x 16 x 1, box 64 x 64
//   tensor map: param 0, 4096 x 4096 x 1, box 64 x 64
// arch suffix 'a', grid dependency yes
