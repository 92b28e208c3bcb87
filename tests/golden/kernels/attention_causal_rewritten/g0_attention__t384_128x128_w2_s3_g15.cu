// golden kernel: graph 'attention_causal_rewritten' (tests/golden/graphs/attention_causal_rewritten.json), target sm_90
// kernel g0_attention: attention -> out
// tiling: attention t384 128x128 w2 s3 g15
extern "C" __global__ void __launch_bounds__(384, 1) golden_attention_causal_rewritten_g0_attention_t384_128x128_w2_s3_g15(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  const unsigned sq0 = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));
  const unsigned sk0 = sq0 + 32768, sv0 = sk0 + 98304;
  const unsigned qfull = sv0 + 98304, kfull0 = qfull + 8, vfull0 = kfull0 + 24, kempty0 = vfull0 + 24, vempty0 = kempty0 + 24, pin = vempty0 + 24;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  const int gc = (int)(blockIdx.x / 240), gw = (int)(blockIdx.x % 240);
  const int gn = min((int)15, (int)128 - gc * 15);
  const int mt = 15 - gw / gn;
  const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
  int kb = 0, ke = 16;
  const long long i0 = m0, i1 = min(m0 + 128, (int)2048) - 1;
  (void)i0; (void)i1;
  { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 128) + 1); }
  kb = min(kb, 15);
  if (ke <= kb) ke = kb + 1;
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(qfull), "r"(1) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(pin), "r"(1) : "memory");
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(pin) : "memory");
    for (int s = 0; s < 3; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(kfull0 + 8 * s), "r"(1) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(vfull0 + 8 * s), "r"(1) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(kempty0 + 8 * s), "r"(8) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(vempty0 + 8 * s), "r"(8) : "memory");
    }
    asm volatile("fence.mbarrier_init.release.cluster;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  }
  __syncthreads();
  if (role == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 24;" :  : );
    if (tid != 0) return;
    const int pk = (int)(bz);
    const int pvv = (int)(bz);
    const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;
    for (int it = kb; it < ke; ++it) {
      const int g = it - kb, slot = g % 3;
      if (g >= 3) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kempty0 + 8 * slot), "r"(((g / 3) + 1) & 1) : "memory");
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(kfull0 + 8 * slot), "r"(32768) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 32768) + 0), "l"(tk), "r"(0 + 0), "r"(it * 128), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 32768) + 16384), "l"(tk), "r"(0 + 64), "r"(it * 128), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
      if (g >= 3) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vempty0 + 8 * slot), "r"(((g / 3) + 1) & 1) : "memory");
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(vfull0 + 8 * slot), "r"(32768) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 32768) + 0), "l"(tv), "r"(0 + 0), "r"(it * 128), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 32768) + 16384), "l"(tv), "r"(0 + 64), "r"(it * 128), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
    }
    return;
  }
  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;" :  : );
  const float kNegInf = -__int_as_float(0x7f800000);  // NVRTC has no INFINITY
  float o[64], sc[64];
  constexpr int rs_s[64] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  constexpr int rs_o[64] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  constexpr int ck[64] = {0, 1, 0, 1, 8, 9, 8, 9, 16, 17, 16, 17, 24, 25, 24, 25, 32, 33, 32, 33, 40, 41, 40, 41, 48, 49, 48, 49, 56, 57, 56, 57, 64, 65, 64, 65, 72, 73, 72, 73, 80, 81, 80, 81, 88, 89, 88, 89, 96, 97, 96, 97, 104, 105, 104, 105, 112, 113, 112, 113, 120, 121, 120, 121};
  unsigned pr[32];
  float mrow[2] = {kNegInf, kNegInf}, mu[2] = {0.0f, 0.0f};
  float l0[2] = {0.0f, 0.0f};
  #pragma unroll
  for (int e = 0; e < 64; ++e) o[e] = 0.0f;
  unsigned qw[8][4];
  unsigned qp[8][4];
  #pragma unroll
  for (int qi = 0; qi < 8; ++qi) {
    const int q = tid - 128 + qi * 256, r = min(q / 16, 127), c = q % 16;
    const int gi = min(m0 + r, (int)2047);
    const int gq = min((int)c * 8, (int)120);
    axon_ldw<4>(in0 + ((gq + (gi * (int)128)) + (bz * (int)262144)), qw[qi]);
    for (int w = 0; w < 4; ++w) {
      unsigned x = qw[qi][w];
      asm("mul.rn.bf16x2 %0, %1, %2;" : "=r"(x) : "r"(x), "r"(1035287989u));
      qp[qi][w] = m0 + r < 2048 && c * 8 < 128 ? x : 0u;
    }
  }
  #pragma unroll
  for (int qi = 0; qi < 8; ++qi) {
    const int q = tid - 128 + qi * 256, r = q / 16, c = q % 16;
    if (r < 128) {
      const unsigned at = sq0 + (unsigned)((c / 8) * 16384 + r * 128 + (((c % 8) ^ (r % 8)) * 16));
      asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" :  : "r"(at), "f"(__uint_as_float(qp[qi][0])), "f"(__uint_as_float(qp[qi][1])), "f"(__uint_as_float(qp[qi][2])), "f"(__uint_as_float(qp[qi][3])) : "memory");
    }
  }
  asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(256) : "memory");
  int it = kb;
  do {
    const int g = it - kb, slot = g % 3;
    const int n0 = (int)it * 128;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 3) & 1) : "memory");
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    #pragma unroll
    for (int kk = 0; kk < 8; ++kk) {
      const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sq0) & 0x3FFFF) >> 4) + (unsigned)((kk / 4) * 1024 + wg * 512 + (kk % 4) * 2) + 65536u));
      const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sk0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + (kk / 4) * 1024 + (kk % 4) * 2) + 65536u));
      asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}" : "+f"(sc[0]), "+f"(sc[1]), "+f"(sc[2]), "+f"(sc[3]), "+f"(sc[4]), "+f"(sc[5]), "+f"(sc[6]), "+f"(sc[7]), "+f"(sc[8]), "+f"(sc[9]), "+f"(sc[10]), "+f"(sc[11]), "+f"(sc[12]), "+f"(sc[13]), "+f"(sc[14]), "+f"(sc[15]), "+f"(sc[16]), "+f"(sc[17]), "+f"(sc[18]), "+f"(sc[19]), "+f"(sc[20]), "+f"(sc[21]), "+f"(sc[22]), "+f"(sc[23]), "+f"(sc[24]), "+f"(sc[25]), "+f"(sc[26]), "+f"(sc[27]), "+f"(sc[28]), "+f"(sc[29]), "+f"(sc[30]), "+f"(sc[31]), "+f"(sc[32]), "+f"(sc[33]), "+f"(sc[34]), "+f"(sc[35]), "+f"(sc[36]), "+f"(sc[37]), "+f"(sc[38]), "+f"(sc[39]), "+f"(sc[40]), "+f"(sc[41]), "+f"(sc[42]), "+f"(sc[43]), "+f"(sc[44]), "+f"(sc[45]), "+f"(sc[46]), "+f"(sc[47]), "+f"(sc[48]), "+f"(sc[49]), "+f"(sc[50]), "+f"(sc[51]), "+f"(sc[52]), "+f"(sc[53]), "+f"(sc[54]), "+f"(sc[55]), "+f"(sc[56]), "+f"(sc[57]), "+f"(sc[58]), "+f"(sc[59]), "+f"(sc[60]), "+f"(sc[61]), "+f"(sc[62]), "+f"(sc[63]) : "l"(da), "l"(db), "r"(kk) : "memory");
    }
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
    if ((th & 31) == 0) {
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
      if (g >= 1) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * ((g - 1) % 3)) : "memory");
    }
    unsigned mx2[2][2] = {{0xFF80FF80u, 0xFF80FF80u}, {0xFF80FF80u, 0xFF80FF80u}};  // -inf pairs
    #pragma unroll
    for (int e = 0; e < 64; e += 2) {
      unsigned w;
      w = axon_pack_bf16x2_f32(sc[e], sc[e + 1]);
      asm("max.NaN.bf16x2 %0, %1, %2;" : "=r"(mx2[rs_s[e]][(e >> 2) & 1]) : "r"(mx2[rs_s[e]][(e >> 2) & 1]), "r"(w));
      sc[e] = __uint_as_float(w << 16);
      sc[e + 1] = __uint_as_float(w & 0xFFFF0000u);
    }
    float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
    const bool inside = true && (1LL * i0 + -1LL * (n0 + 127) + 0LL >= 0);
    if (inside) {
      #pragma unroll
      for (int r = 0; r < 2; ++r) { mp[r][0] = __uint_as_float(mx2[r][0] << 16); mp[r][1] = __uint_as_float(mx2[r][0] & 0xFFFF0000u); mp[r][2] = __uint_as_float(mx2[r][1] << 16); mp[r][3] = __uint_as_float(mx2[r][1] & 0xFFFF0000u); }
    }
    if (!inside) {
      const int bd0[2] = {(int)max(min(1LL * (long long)(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)))) + -1LL * (long long)(n0 + (((axon_fdiv((int)0, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod((int)0, (int)2))) + 0LL, 1LL << 30), -(1LL << 30)), (int)max(min(1LL * (long long)(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)))) + -1LL * (long long)(n0 + (((axon_fdiv((int)0, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod((int)0, (int)2))) + 0LL, 1LL << 30), -(1LL << 30))};
      #pragma unroll
      for (int e = 0; e < 64; ++e) {
        const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
        const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
        (void)gi; (void)gj; (void)gj0;
        const float v0 = axon_round_bf16(-__int_as_float(0x7f800000));  // constant 9
        const float t1 = ((bd0[rs_s[e]] >= 1 * ck[e]) == true ? sc[e] : v0);
        const float v2 = t1;  // cast 11
        const float x = v2;
        sc[e] = x;
        const int rs = rs_s[e];
        mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
      }
    }
    float mt[2];
    #pragma unroll
    for (int r = 0; r < 2; ++r) mt[r] = axon_max_nan(axon_max_nan(mrow[r], axon_max_nan(mp[r][0], mp[r][1])), axon_max_nan(mp[r][2], mp[r][3]));
    float al[2];
    #pragma unroll
    for (int r = 0; r < 2; ++r) {
      { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(mt[r])); mt[r] = axon_max_nan(mt[r], t); }
      { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(mt[r])); mt[r] = axon_max_nan(mt[r], t); }
      const float ns = (-(mt[r] == kNegInf ? 0.0f : mt[r]) * 0x1.715476p+0f);
      al[r] = axon_exp2_at_f32(0.0f, ns - mu[r]);
      if (mrow[r] == kNegInf) al[r] = 0.0f;
      mu[r] = ns;
      mrow[r] = mt[r];
      l0[r] *= al[r];
    }
    #pragma unroll
    for (int e = 0; e < 64; ++e) {
      o[e] *= al[rs_o[e]];
    }
    float ls0[2][4] = {};
    #pragma unroll
    for (int e = 0; e < 64; ++e) {
      const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
      const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
      (void)gi; (void)gj; (void)gj0;
      const int rs = rs_s[e];
      const float v3 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 14 at the shift
      sc[e] = v3;
    }
    pr[0] = axon_pack_bf16x2_f32(sc[0], sc[1]);
    pr[1] = axon_pack_bf16x2_f32(sc[2], sc[3]);
    pr[2] = axon_pack_bf16x2_f32(sc[4], sc[5]);
    pr[3] = axon_pack_bf16x2_f32(sc[6], sc[7]);
    pr[4] = axon_pack_bf16x2_f32(sc[8], sc[9]);
    pr[5] = axon_pack_bf16x2_f32(sc[10], sc[11]);
    pr[6] = axon_pack_bf16x2_f32(sc[12], sc[13]);
    pr[7] = axon_pack_bf16x2_f32(sc[14], sc[15]);
    pr[8] = axon_pack_bf16x2_f32(sc[16], sc[17]);
    pr[9] = axon_pack_bf16x2_f32(sc[18], sc[19]);
    pr[10] = axon_pack_bf16x2_f32(sc[20], sc[21]);
    pr[11] = axon_pack_bf16x2_f32(sc[22], sc[23]);
    pr[12] = axon_pack_bf16x2_f32(sc[24], sc[25]);
    pr[13] = axon_pack_bf16x2_f32(sc[26], sc[27]);
    pr[14] = axon_pack_bf16x2_f32(sc[28], sc[29]);
    pr[15] = axon_pack_bf16x2_f32(sc[30], sc[31]);
    pr[16] = axon_pack_bf16x2_f32(sc[32], sc[33]);
    pr[17] = axon_pack_bf16x2_f32(sc[34], sc[35]);
    pr[18] = axon_pack_bf16x2_f32(sc[36], sc[37]);
    pr[19] = axon_pack_bf16x2_f32(sc[38], sc[39]);
    pr[20] = axon_pack_bf16x2_f32(sc[40], sc[41]);
    pr[21] = axon_pack_bf16x2_f32(sc[42], sc[43]);
    pr[22] = axon_pack_bf16x2_f32(sc[44], sc[45]);
    pr[23] = axon_pack_bf16x2_f32(sc[46], sc[47]);
    pr[24] = axon_pack_bf16x2_f32(sc[48], sc[49]);
    pr[25] = axon_pack_bf16x2_f32(sc[50], sc[51]);
    pr[26] = axon_pack_bf16x2_f32(sc[52], sc[53]);
    pr[27] = axon_pack_bf16x2_f32(sc[54], sc[55]);
    pr[28] = axon_pack_bf16x2_f32(sc[56], sc[57]);
    pr[29] = axon_pack_bf16x2_f32(sc[58], sc[59]);
    pr[30] = axon_pack_bf16x2_f32(sc[60], sc[61]);
    pr[31] = axon_pack_bf16x2_f32(sc[62], sc[63]);
    ls0[0][0] += __uint_as_float(pr[0] << 16);
    ls0[0][0] += __uint_as_float(pr[0] & 0xFFFF0000u);
    ls0[1][0] += __uint_as_float(pr[1] << 16);
    ls0[1][0] += __uint_as_float(pr[1] & 0xFFFF0000u);
    ls0[0][1] += __uint_as_float(pr[2] << 16);
    ls0[0][1] += __uint_as_float(pr[2] & 0xFFFF0000u);
    ls0[1][1] += __uint_as_float(pr[3] << 16);
    ls0[1][1] += __uint_as_float(pr[3] & 0xFFFF0000u);
    ls0[0][2] += __uint_as_float(pr[4] << 16);
    ls0[0][2] += __uint_as_float(pr[4] & 0xFFFF0000u);
    ls0[1][2] += __uint_as_float(pr[5] << 16);
    ls0[1][2] += __uint_as_float(pr[5] & 0xFFFF0000u);
    ls0[0][3] += __uint_as_float(pr[6] << 16);
    ls0[0][3] += __uint_as_float(pr[6] & 0xFFFF0000u);
    ls0[1][3] += __uint_as_float(pr[7] << 16);
    ls0[1][3] += __uint_as_float(pr[7] & 0xFFFF0000u);
    ls0[0][0] += __uint_as_float(pr[8] << 16);
    ls0[0][0] += __uint_as_float(pr[8] & 0xFFFF0000u);
    ls0[1][0] += __uint_as_float(pr[9] << 16);
    ls0[1][0] += __uint_as_float(pr[9] & 0xFFFF0000u);
    ls0[0][1] += __uint_as_float(pr[10] << 16);
    ls0[0][1] += __uint_as_float(pr[10] & 0xFFFF0000u);
    ls0[1][1] += __uint_as_float(pr[11] << 16);
    ls0[1][1] += __uint_as_float(pr[11] & 0xFFFF0000u);
    ls0[0][2] += __uint_as_float(pr[12] << 16);
    ls0[0][2] += __uint_as_float(pr[12] & 0xFFFF0000u);
    ls0[1][2] += __uint_as_float(pr[13] << 16);
    ls0[1][2] += __uint_as_float(pr[13] & 0xFFFF0000u);
    ls0[0][3] += __uint_as_float(pr[14] << 16);
    ls0[0][3] += __uint_as_float(pr[14] & 0xFFFF0000u);
    ls0[1][3] += __uint_as_float(pr[15] << 16);
    ls0[1][3] += __uint_as_float(pr[15] & 0xFFFF0000u);
    ls0[0][0] += __uint_as_float(pr[16] << 16);
    ls0[0][0] += __uint_as_float(pr[16] & 0xFFFF0000u);
    ls0[1][0] += __uint_as_float(pr[17] << 16);
    ls0[1][0] += __uint_as_float(pr[17] & 0xFFFF0000u);
    ls0[0][1] += __uint_as_float(pr[18] << 16);
    ls0[0][1] += __uint_as_float(pr[18] & 0xFFFF0000u);
    ls0[1][1] += __uint_as_float(pr[19] << 16);
    ls0[1][1] += __uint_as_float(pr[19] & 0xFFFF0000u);
    ls0[0][2] += __uint_as_float(pr[20] << 16);
    ls0[0][2] += __uint_as_float(pr[20] & 0xFFFF0000u);
    ls0[1][2] += __uint_as_float(pr[21] << 16);
    ls0[1][2] += __uint_as_float(pr[21] & 0xFFFF0000u);
    ls0[0][3] += __uint_as_float(pr[22] << 16);
    ls0[0][3] += __uint_as_float(pr[22] & 0xFFFF0000u);
    ls0[1][3] += __uint_as_float(pr[23] << 16);
    ls0[1][3] += __uint_as_float(pr[23] & 0xFFFF0000u);
    ls0[0][0] += __uint_as_float(pr[24] << 16);
    ls0[0][0] += __uint_as_float(pr[24] & 0xFFFF0000u);
    ls0[1][0] += __uint_as_float(pr[25] << 16);
    ls0[1][0] += __uint_as_float(pr[25] & 0xFFFF0000u);
    ls0[0][1] += __uint_as_float(pr[26] << 16);
    ls0[0][1] += __uint_as_float(pr[26] & 0xFFFF0000u);
    ls0[1][1] += __uint_as_float(pr[27] << 16);
    ls0[1][1] += __uint_as_float(pr[27] & 0xFFFF0000u);
    ls0[0][2] += __uint_as_float(pr[28] << 16);
    ls0[0][2] += __uint_as_float(pr[28] & 0xFFFF0000u);
    ls0[1][2] += __uint_as_float(pr[29] << 16);
    ls0[1][2] += __uint_as_float(pr[29] & 0xFFFF0000u);
    ls0[0][3] += __uint_as_float(pr[30] << 16);
    ls0[0][3] += __uint_as_float(pr[30] & 0xFFFF0000u);
    ls0[1][3] += __uint_as_float(pr[31] << 16);
    ls0[1][3] += __uint_as_float(pr[31] & 0xFFFF0000u);
    l0[0] += (ls0[0][0] + ls0[0][1]) + (ls0[0][2] + ls0[0][3]);
    l0[1] += (ls0[1][0] + ls0[1][1]) + (ls0[1][2] + ls0[1][3]);
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * slot), "r"((g / 3) & 1) : "memory");
    asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[0]), "r"(pr[1]), "r"(pr[2]), "r"(pr[3]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 0) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[4]), "r"(pr[5]), "r"(pr[6]), "r"(pr[7]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 128) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[8]), "r"(pr[9]), "r"(pr[10]), "r"(pr[11]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 256) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[12]), "r"(pr[13]), "r"(pr[14]), "r"(pr[15]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 384) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[16]), "r"(pr[17]), "r"(pr[18]), "r"(pr[19]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 512) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[20]), "r"(pr[21]), "r"(pr[22]), "r"(pr[23]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 640) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[24]), "r"(pr[25]), "r"(pr[26]), "r"(pr[27]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 768) + 67108864u))), "r"(1) : "memory");
    asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[28]), "r"(pr[29]), "r"(pr[30]), "r"(pr[31]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 896) + 67108864u))), "r"(1) : "memory");
    asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
  } while (++it < ke);
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[0])); l0[0] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[0])); l0[0] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[1])); l0[1] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[1])); l0[1] += t; }
  float tg[2];
  #pragma unroll
  for (int r = 0; r < 2; ++r) {
    tg[r] = axon_exp2_at_f32(-(mrow[r] == kNegInf ? 0.0f : mrow[r]), -mu[r]);
    l0[r] *= tg[r];
  }
  #pragma unroll
  for (int e = 0; e < 64; ++e) o[e] *= tg[rs_o[e]];
  unsigned char* const sbase = (unsigned char*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);
  float* const sstat = (float*)(sbase + 229488);
  #pragma unroll
  for (int e = 0; e < 64; e += 2) {
    const int lr = (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
    axon_st2_bf16((unsigned short*)(sbase + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16) + lc % 8, axon_round_bf16(o[e]), axon_round_bf16(o[e + 1]));
  }
  {
    const int lr = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)));
    sstat[lr] = mrow[0];
    sstat[128 + lr] = l0[0];
  }
  {
    const int lr = wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)));
    sstat[lr] = mrow[1];
    sstat[128 + lr] = l0[1];
  }
  asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
  #pragma unroll 4
  for (int qi = 0; qi < 8; ++qi) {
    const int q = th + qi * 128;
    const int lr = q / 16, lc = (q % 16) * 8;
    const int gi = m0 + wg * 64 + lr, gj = lc;
    if (gi >= 2048) continue;
    unsigned ow[4];
    axon_ldw<4>(sbase + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16, ow);
    const int gjc0 = min(gj + 0, (int)128 - 1);
    const int gjc1 = min(gj + 1, (int)128 - 1);
    const int gjc2 = min(gj + 2, (int)128 - 1);
    const int gjc3 = min(gj + 3, (int)128 - 1);
    const int gjc4 = min(gj + 4, (int)128 - 1);
    const int gjc5 = min(gj + 5, (int)128 - 1);
    const int gjc6 = min(gj + 6, (int)128 - 1);
    const int gjc7 = min(gj + 7, (int)128 - 1);
    const float v4 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 0), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v5 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 1), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v6 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 2), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v7 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 3), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v8 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 4), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v9 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 5), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v10 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 6), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    const float v11 = axon_round_bf16(axon_div_bf16(axon_bf16_at(ow, 7), axon_round_bf16(sstat[128 + wg * 64 + lr])));  // div 18
    if (gj + 8 <= 128) {
      *reinterpret_cast<uint4*>(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144))) = make_uint4((unsigned)axon_bf16_bits(v4) | ((unsigned)axon_bf16_bits(v5) << 16), (unsigned)axon_bf16_bits(v6) | ((unsigned)axon_bf16_bits(v7) << 16), (unsigned)axon_bf16_bits(v8) | ((unsigned)axon_bf16_bits(v9) << 16), (unsigned)axon_bf16_bits(v10) | ((unsigned)axon_bf16_bits(v11) << 16));
    } else {
      if (gj + 0 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 0, v4);
      if (gj + 1 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 1, v5);
      if (gj + 2 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 2, v6);
      if (gj + 3 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 3, v7);
      if (gj + 4 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 4, v8);
      if (gj + 5 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 5, v9);
      if (gj + 6 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 6, v10);
      if (gj + 7 < 128) axon_st_bf16(out0 + ((gj + (gi * (int)128)) + (bz * (int)262144)) + 7, v11);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_rewritten_g0_attention_t384_128x128_w2_s3_g15: grid 2048, block 384, smem 231536, params r0 r1 r2 w18
//   tensor map: param 1, 128 x 2048 x 128, box 64 x 128
//   tensor map: param 2, 128 x 2048 x 128, box 64 x 128
// arch suffix 'a', grid dependency yes
