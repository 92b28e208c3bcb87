// golden kernel: graph 'rmsnorm_matmul_m16' (benchmarks/graphs/rmsnorm_matmul_m16.json), target sm_90
// kernel g3_contraction: contraction -> out
// tiling: contraction t256 wgmma-tma 64x256x64 w1x1 s4 split6
extern "C" __global__ void __cluster_dims__(6, 1, 1) __launch_bounds__(256, 1) golden_rmsnorm_matmul_m16_g3_contraction_t256_wgmma_tma_64x256x64_w1x1_s4_split6(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, const float* __restrict__ in3, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tm0, const __grid_constant__ axon_tmap tm1) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  unsigned short* const sB = sA + 16384;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  const int split = (int)(blockIdx.x % 6);
  int bt = (int)(blockIdx.x / 6);
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
  const unsigned full0 = sa0 + 163840, empty0 = full0 + 32, raw0 = empty0 + 32;
  const unsigned rbar = (raw0 + 32 + 15u) & ~15u, recv = rbar + 16;
  if (tid == 0) {
    for (int s = 0; s < 4; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(full0 + 8 * s), "r"(129) : "memory");
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
  const int kb = split * KT / 6, NK = (split + 1) * KT / 6 - kb;
  if (role < 1) {  // the producer warpgroups (threads tid < 128)
    auto load_tile = [&](int kt, int slot) {
      const int k0 = kt * 64;
      for (int ch = tid; ch < 512; ch += 128) {
        const int r = ch / 8, cc = ch % 8;
        unsigned short* dst = sA + slot * 4096 + r * 64 + ((cc ^ ((r) & 7)) << 3);
        const int go = m0 + r, gi = k0 + cc * 8;
        const uint4 raw = *reinterpret_cast<const uint4*>(dst);
        const unsigned rw[4] = {raw.x, raw.y, raw.z, raw.w};
        float x[8];
        const int goc = min(go, (int)16 - 1);
        const int pi0 = gi + 0, pic0 = min(pi0, (int)4096 - 1);
        const float v0 = axon_bf16_to_f((unsigned short)(rw[0] >> 0));
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
        const float v11 = axon_bf16_to_f((unsigned short)(rw[0] >> 16));
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
        const float v21 = axon_bf16_to_f((unsigned short)(rw[1] >> 0));
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
        const float v31 = axon_bf16_to_f((unsigned short)(rw[1] >> 16));
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
        const float v41 = axon_bf16_to_f((unsigned short)(rw[2] >> 0));
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
        const float v51 = axon_bf16_to_f((unsigned short)(rw[2] >> 16));
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
        const float v61 = axon_bf16_to_f((unsigned short)(rw[3] >> 0));
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
        const float v71 = axon_bf16_to_f((unsigned short)(rw[3] >> 16));
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
    };
    const unsigned long long tmap0 = (unsigned long long)&tm0;
    const unsigned long long tmap1 = (unsigned long long)&tm1;
    unsigned long long once_pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(once_pol) : );
    const int panel0 = (int)(0);
    const int panel1 = (int)(0);
    for (int it = 0; it < NK + 2; ++it) {
      if (it < NK) {
        const int kt = kb + it, g = it;
        const int slot = g % 4, k0 = kt * 64;
        if (tid == 0) {
          if (g >= 4) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(empty0 + 8 * slot), "r"(((g / 4) + 1) & 1) : "memory");
          asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(full0 + 8 * slot), "r"(32768) : "memory");
          #pragma unroll
          for (int j = 0; j < 4; ++j) {
            asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sb0 + (unsigned)(slot * 32768) + j * 8192), "l"(tmap1), "r"(n0 + j * 64), "r"(k0), "r"(panel1), "r"(full0 + 8 * slot), "l"(once_pol) : "memory");
          }
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
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sb0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + kk * 128) + 33554432u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}" : "+f"(acc[0]), "+f"(acc[1]), "+f"(acc[2]), "+f"(acc[3]), "+f"(acc[4]), "+f"(acc[5]), "+f"(acc[6]), "+f"(acc[7]), "+f"(acc[8]), "+f"(acc[9]), "+f"(acc[10]), "+f"(acc[11]), "+f"(acc[12]), "+f"(acc[13]), "+f"(acc[14]), "+f"(acc[15]), "+f"(acc[16]), "+f"(acc[17]), "+f"(acc[18]), "+f"(acc[19]), "+f"(acc[20]), "+f"(acc[21]), "+f"(acc[22]), "+f"(acc[23]), "+f"(acc[24]), "+f"(acc[25]), "+f"(acc[26]), "+f"(acc[27]), "+f"(acc[28]), "+f"(acc[29]), "+f"(acc[30]), "+f"(acc[31]), "+f"(acc[32]), "+f"(acc[33]), "+f"(acc[34]), "+f"(acc[35]), "+f"(acc[36]), "+f"(acc[37]), "+f"(acc[38]), "+f"(acc[39]), "+f"(acc[40]), "+f"(acc[41]), "+f"(acc[42]), "+f"(acc[43]), "+f"(acc[44]), "+f"(acc[45]), "+f"(acc[46]), "+f"(acc[47]), "+f"(acc[48]), "+f"(acc[49]), "+f"(acc[50]), "+f"(acc[51]), "+f"(acc[52]), "+f"(acc[53]), "+f"(acc[54]), "+f"(acc[55]), "+f"(acc[56]), "+f"(acc[57]), "+f"(acc[58]), "+f"(acc[59]), "+f"(acc[60]), "+f"(acc[61]), "+f"(acc[62]), "+f"(acc[63]), "+f"(acc[64]), "+f"(acc[65]), "+f"(acc[66]), "+f"(acc[67]), "+f"(acc[68]), "+f"(acc[69]), "+f"(acc[70]), "+f"(acc[71]), "+f"(acc[72]), "+f"(acc[73]), "+f"(acc[74]), "+f"(acc[75]), "+f"(acc[76]), "+f"(acc[77]), "+f"(acc[78]), "+f"(acc[79]), "+f"(acc[80]), "+f"(acc[81]), "+f"(acc[82]), "+f"(acc[83]), "+f"(acc[84]), "+f"(acc[85]), "+f"(acc[86]), "+f"(acc[87]), "+f"(acc[88]), "+f"(acc[89]), "+f"(acc[90]), "+f"(acc[91]), "+f"(acc[92]), "+f"(acc[93]), "+f"(acc[94]), "+f"(acc[95]), "+f"(acc[96]), "+f"(acc[97]), "+f"(acc[98]), "+f"(acc[99]), "+f"(acc[100]), "+f"(acc[101]), "+f"(acc[102]), "+f"(acc[103]), "+f"(acc[104]), "+f"(acc[105]), "+f"(acc[106]), "+f"(acc[107]), "+f"(acc[108]), "+f"(acc[109]), "+f"(acc[110]), "+f"(acc[111]), "+f"(acc[112]), "+f"(acc[113]), "+f"(acc[114]), "+f"(acc[115]), "+f"(acc[116]), "+f"(acc[117]), "+f"(acc[118]), "+f"(acc[119]), "+f"(acc[120]), "+f"(acc[121]), "+f"(acc[122]), "+f"(acc[123]), "+f"(acc[124]), "+f"(acc[125]), "+f"(acc[126]), "+f"(acc[127]) : "l"(da), "l"(db), "r"(1) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
    if (j > 0 && (th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((g - 1) % 4)) : "memory");
  } while (++j < NK);
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(empty0 + 8 * ((gb + NK - 1) % 4)) : "memory");
  const int rows = (int)min((long long)64, (long long)16 - (long long)m0), r0 = split * rows / 6, r1 = (split + 1) * rows / 6;
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  unsigned owner[6], obar[6];
  int owned0[6];
  #pragma unroll
  for (int r = 0; r < 6; ++r) {
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(owner[r]) : "r"(recv), "r"(r));
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(obar[r]) : "r"(rbar), "r"(r));
    owned0[r] = r * rows / 6;
  }
  constexpr int rsl[128] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  int srow[2], sfrom[2];
  unsigned sto[2], sbar[2];
  srow[0] = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)));
  sto[0] = owner[0]; sbar[0] = obar[0]; sfrom[0] = 0;
  #pragma unroll
  for (int r = 1; r < 6; ++r) if (owned0[r] <= srow[0]) { sto[0] = owner[r]; sbar[0] = obar[r]; sfrom[0] = owned0[r]; }
  srow[1] = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)));
  sto[1] = owner[0]; sbar[1] = obar[0]; sfrom[1] = 0;
  #pragma unroll
  for (int r = 1; r < 6; ++r) if (owned0[r] <= srow[1]) { sto[1] = owner[r]; sbar[1] = obar[r]; sfrom[1] = owned0[r]; }
  #pragma unroll
  for (int e = 0; e < 128; e += 2) {
    const int s = rsl[e], lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
    if (srow[s] < rows) {
      const unsigned at = sto[s] + (unsigned)((split * 3 + srow[s] - sfrom[s]) * 1040 + lc * 4);
      asm volatile("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32 [%0], {%1, %2}, [%3];" :  : "r"(at), "f"(acc[e]), "f"(acc[e + 1]), "r"(sbar[s]) : "memory");
    }
  }
  if (wg == 0 && th == 0) asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(rbar), "r"((unsigned)(6144 * (r1 - r0))) : "memory");
  asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(rbar), "r"(0) : "memory");
  for (int q = wg * 128 + th; q < (r1 - r0) * 32; q += 128) {
    const int lr = r0 + q / 32, lc = (q % 32) * 8;
    const int gi = m0 + lr, gj = n0 + lc;
    if (gi >= 16 || gj >= 4096) continue;
    float red[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    #pragma unroll
    for (int r = 0; r < 6; ++r) {
      float v[8];
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[0]), "=f"(v[1]), "=f"(v[2]), "=f"(v[3]) : "r"(recv + (unsigned)((r * 3 + lr - r0) * 1040 + lc * 4 + 0)) : "memory");
      asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(v[4]), "=f"(v[5]), "=f"(v[6]), "=f"(v[7]) : "r"(recv + (unsigned)((r * 3 + lr - r0) * 1040 + lc * 4 + 16)) : "memory");
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
// golden_rmsnorm_matmul_m16_g3_contraction_t256_wgmma_tma_64x256x64_w1x1_s4_split6: grid 96, block 256, smem 183712, params r0 r1 r2 r8 w13
//   tensor map: param 0, 4096 x 16 x 1, box 64 x 64
//   tensor map: param 2, 4096 x 4096 x 1, box 64 x 64
// arch suffix 'a', grid dependency yes
