// golden kernel: graph 'attention_causal_f16_rewritten' (tests/golden/graphs/attention_causal_f16_rewritten.json), target sm_90
// kernel g0_attention: attention -> out
// tiling: attention t384 128x128 w2 s2 pingpong persistent stream q3 tma-store from-last g15
extern "C" __global__ void __launch_bounds__(384, 1) golden_attention_causal_f16_rewritten_g0_attention_t384_128x128_w2_s2_pingpong_persistent_stream_q3_tma_store_from_last_g15(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, const unsigned short* __restrict__ in2, unsigned short* __restrict__ out0, float* __restrict__ axw, const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv, const __grid_constant__ axon_tmap tmo) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  const unsigned sq0 = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));
  const unsigned sk0 = sq0 + 98304, sv0 = sk0 + 65536;
  const unsigned qfull = sv0 + 65536, kfull0 = qfull + 8, vfull0 = kfull0 + 16, kempty0 = vfull0 + 16, vempty0 = kempty0 + 16, pin = vempty0 + 16, qempty = pin + 8, qrow = qempty + 8, ifull0 = qrow + 8, iempty0 = ifull0 + 16;
  const int tid = threadIdx.x, role = tid >> 7;
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(qfull), "r"(1) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(qempty), "r"(8) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(pin), "r"(1) : "memory");
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(pin) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(ifull0 + 8 * 0), "r"(1) : "memory"); asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(iempty0 + 8 * 0), "r"(8) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(ifull0 + 8 * 1), "r"(1) : "memory"); asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(iempty0 + 8 * 1), "r"(8) : "memory");
    for (int s = 0; s < 2; ++s) {
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
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" :  : );
    if (tid != 0) return;
    const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;
    int gb = 0;
    int nxt = blockIdx.x;
    for (int qn = 0;; ++qn) {
      const int rbk = nxt;
      if (rbk >= 2048) break;
      {
        const int is = qn % 2;
        if (qn >= 2) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(iempty0 + 8 * is), "r"(((qn / 2) + 1) & 1) : "memory");
        unsigned taken = 0;
        asm volatile("atom.relaxed.gpu.global.add.u32 %0, [%1], %2;" : "=r"(taken) : "l"(axw), "r"(1u) : "memory");
        nxt = (int)gridDim.x + (int)taken;
        asm volatile("st.shared.f32 [%0], %1;" :  : "r"(qrow + 4 * is), "f"(__int_as_float(nxt)) : "memory");
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(ifull0 + 8 * is) : "memory");
      }
      const int gc = (int)(rbk / 240), gw = (int)(rbk % 240);
      const int gn = min((int)15, (int)128 - gc * 15);
      const int mt = 15 - gw / gn;
      const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
      int kb = 0, ke = 16;
      const long long i0 = m0, i1 = min(m0 + 128, (int)2048) - 1;
      (void)i0; (void)i1;
      { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 128) + 1); }
      kb = min(kb, 15);
      if (ke <= kb) ke = kb + 1;
      const int pk = (int)(bz);
      const int pvv = (int)(bz);
      for (int it = ke - 1; it >= kb; --it) {
        const int g = gb + ke - 1 - it, slot = g % 2;
        if (g >= 2) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kempty0 + 8 * slot), "r"(((g / 2) + 1) & 1) : "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(kfull0 + 8 * slot), "r"(32768) : "memory");
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 32768) + 0), "l"(tk), "r"(0 + 0), "r"(it * 128), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 32768) + 16384), "l"(tk), "r"(0 + 64), "r"(it * 128), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
        if (g >= 2) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vempty0 + 8 * slot), "r"(((g / 2) + 1) & 1) : "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(vfull0 + 8 * slot), "r"(32768) : "memory");
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 32768) + 0), "l"(tv), "r"(0 + 0), "r"(it * 128), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
        asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 32768) + 16384), "l"(tv), "r"(0 + 64), "r"(it * 128), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
      }
      gb += ke - kb;
    }
    return;
  }
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;" :  : );
  int gb = 0;
  if (role == 2) asm volatile("bar.arrive %0, %1;" :  : "r"(2), "r"(256) : "memory");
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
  unsigned pn[32];
  float om[2] = {0.0f, 0.0f}, omu[2] = {0.0f, 0.0f}, ol0[2] = {0.0f, 0.0f};
  unsigned qw[8][4];
  {
    unsigned tidr;
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
    const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
    const int rq = min((int)blockIdx.x, 2047);
    const int gc = (int)(rq / 240), gw = (int)(rq % 240);
    const int gn = min((int)15, (int)128 - gc * 15);
    const int mt = 15 - gw / gn;
    const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
    (void)bz;
    const unsigned sqb = sq0 + (unsigned)((0) * 32768);
    #pragma unroll
    for (int qi = 0; qi < 8; ++qi) {
      const int q = th + qi * 128, r = wg * 64 + min(q / 16, 63), c = q % 16;
      const int gi = min(m0 + r, (int)2047);
      const int gq = min((int)c * 8, (int)120);
      axon_ldw<4>(in0 + ((gq + (gi * (int)128)) + (bz * (int)262144)), qw[qi]);
    }
    unsigned qp[8][4];
    #pragma unroll
    for (int qi = 0; qi < 8; ++qi) {
      const int q = th + qi * 128, r = wg * 64 + min(q / 16, 63), c = q % 16;
      const int gi = min(m0 + r, (int)2047);
      for (int w = 0; w < 4; ++w) {
        unsigned x = qw[qi][w];
        asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(x) : "r"(x), "r"(765996456u));
        qp[qi][w] = m0 + r < 2048 && c * 8 < 128 ? x : 0u;
      }
    }
    if (th == 0) asm volatile("cp.async.bulk.wait_group.read 1;" :  :  : "memory");
    asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
    #pragma unroll
    for (int qi = 0; qi < 8; ++qi) {
      const int q = th + qi * 128, r = wg * 64 + q / 16, c = q % 16;
      if (q < 1024) {
        const unsigned at = sqb + (unsigned)((c / 8) * 16384 + r * 128 + (((c % 8) ^ (r % 8)) * 16));
        asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" :  : "r"(at), "f"(__uint_as_float(qp[qi][0])), "f"(__uint_as_float(qp[qi][1])), "f"(__uint_as_float(qp[qi][2])), "f"(__uint_as_float(qp[qi][3])) : "memory");
      }
    }
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
  }
  int rbn;
  {
    const int is = 0 % 2;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(ifull0 + 8 * is), "r"((0 / 2) & 1) : "memory");
    float f;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "r"(qrow + 4 * is) : "memory");
    rbn = __float_as_int(f);
    __syncwarp();
    if ((threadIdx.x & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(iempty0 + 8 * is) : "memory");
  }
  {
    unsigned tidr;
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
    const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
    const int rq = min(rbn, 2047);
    const int gc = (int)(rq / 240), gw = (int)(rq % 240);
    const int gn = min((int)15, (int)128 - gc * 15);
    const int mt = 15 - gw / gn;
    const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
    (void)bz;
    const unsigned sqb = sq0 + (unsigned)((1) * 32768);
    #pragma unroll
    for (int qi = 0; qi < 8; ++qi) {
      const int q = th + qi * 128, r = wg * 64 + min(q / 16, 63), c = q % 16;
      const int gi = min(m0 + r, (int)2047);
      const int gq = min((int)c * 8, (int)120);
      axon_ldw<4>(in0 + ((gq + (gi * (int)128)) + (bz * (int)262144)), qw[qi]);
    }
    unsigned qp[8][4];
    #pragma unroll
    for (int qi = 0; qi < 8; ++qi) {
      const int q = th + qi * 128, r = wg * 64 + min(q / 16, 63), c = q % 16;
      const int gi = min(m0 + r, (int)2047);
      for (int w = 0; w < 4; ++w) {
        unsigned x = qw[qi][w];
        asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(x) : "r"(x), "r"(765996456u));
        qp[qi][w] = m0 + r < 2048 && c * 8 < 128 ? x : 0u;
      }
    }
    if (th == 0) asm volatile("cp.async.bulk.wait_group.read 1;" :  :  : "memory");
    asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
    #pragma unroll
    for (int qi = 0; qi < 8; ++qi) {
      const int q = th + qi * 128, r = wg * 64 + q / 16, c = q % 16;
      if (q < 1024) {
        const unsigned at = sqb + (unsigned)((c / 8) * 16384 + r * 128 + (((c % 8) ^ (r % 8)) * 16));
        asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" :  : "r"(at), "f"(__uint_as_float(qp[qi][0])), "f"(__uint_as_float(qp[qi][1])), "f"(__uint_as_float(qp[qi][2])), "f"(__uint_as_float(qp[qi][3])) : "memory");
      }
    }
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
  }
  int rbk = blockIdx.x;
  {
    unsigned tidr;
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
    const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
    const int gc = (int)(rbk / 240), gw = (int)(rbk % 240);
    const int gn = min((int)15, (int)128 - gc * 15);
    const int mt = 15 - gw / gn;
    const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
    (void)bz;
    int kb = 0, ke = 16;
    const long long i0 = m0, i1 = min(m0 + 128, (int)2048) - 1;
    (void)i0; (void)i1;
    { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 128) + 1); }
    kb = min(kb, 15);
    if (ke <= kb) ke = kb + 1;
    const unsigned sqb = sq0 + (unsigned)((0) * 32768);
    {
      const int it = ke - 1;
      const int g = gb + ke - 1 - it, slot = g % 2;
      const int n0 = (int)it * 128;
      asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 2) & 1) : "memory");
      asm volatile("bar.sync %0, %1;" :  : "r"(2 + wg), "r"(256) : "memory");
      asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
      #pragma unroll
      for (int kk = 0; kk < 8; ++kk) {
        const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sqb) & 0x3FFFF) >> 4) + (unsigned)((kk / 4) * 1024 + wg * 512 + (kk % 4) * 2) + 65536u));
        const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sk0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + (kk / 4) * 1024 + (kk % 4) * 2) + 65536u));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}" : "+f"(sc[0]), "+f"(sc[1]), "+f"(sc[2]), "+f"(sc[3]), "+f"(sc[4]), "+f"(sc[5]), "+f"(sc[6]), "+f"(sc[7]), "+f"(sc[8]), "+f"(sc[9]), "+f"(sc[10]), "+f"(sc[11]), "+f"(sc[12]), "+f"(sc[13]), "+f"(sc[14]), "+f"(sc[15]), "+f"(sc[16]), "+f"(sc[17]), "+f"(sc[18]), "+f"(sc[19]), "+f"(sc[20]), "+f"(sc[21]), "+f"(sc[22]), "+f"(sc[23]), "+f"(sc[24]), "+f"(sc[25]), "+f"(sc[26]), "+f"(sc[27]), "+f"(sc[28]), "+f"(sc[29]), "+f"(sc[30]), "+f"(sc[31]), "+f"(sc[32]), "+f"(sc[33]), "+f"(sc[34]), "+f"(sc[35]), "+f"(sc[36]), "+f"(sc[37]), "+f"(sc[38]), "+f"(sc[39]), "+f"(sc[40]), "+f"(sc[41]), "+f"(sc[42]), "+f"(sc[43]), "+f"(sc[44]), "+f"(sc[45]), "+f"(sc[46]), "+f"(sc[47]), "+f"(sc[48]), "+f"(sc[49]), "+f"(sc[50]), "+f"(sc[51]), "+f"(sc[52]), "+f"(sc[53]), "+f"(sc[54]), "+f"(sc[55]), "+f"(sc[56]), "+f"(sc[57]), "+f"(sc[58]), "+f"(sc[59]), "+f"(sc[60]), "+f"(sc[61]), "+f"(sc[62]), "+f"(sc[63]) : "l"(da), "l"(db), "r"(kk) : "memory");
      }
      asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
      asm volatile("bar.arrive %0, %1;" :  : "r"(3 - wg), "r"(256) : "memory");
      asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
      if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
      #pragma unroll
      for (int e = 0; e < 64; e += 2) {
        unsigned w;
        w = axon_pack_f16x2_f32(sc[e], sc[e + 1]);
        sc[e] = axon_f16_to_f((unsigned short)(w & 0xFFFFu));
        sc[e + 1] = axon_f16_to_f((unsigned short)(w >> 16));
      }
      float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
      const bool inside = true && (1LL * i0 + -1LL * (n0 + 127) + 0LL >= 0);
      if (inside) {
        #pragma unroll
        for (int e = 0; e < 64; ++e) {
          const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
          const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
          (void)gi; (void)gj; (void)gj0;
          const float t0 = sc[e];
          const float v1 = t0;  // cast 11
          const float x = v1;
          sc[e] = x;
          const int rs = rs_s[e];
          mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
        }
      }
      if (!inside) {
        const int bd0[2] = {(int)max(min(1LL * (long long)(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)))) + -1LL * (long long)(n0 + (((axon_fdiv((int)0, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod((int)0, (int)2))) + 0LL, 1LL << 30), -(1LL << 30)), (int)max(min(1LL * (long long)(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)))) + -1LL * (long long)(n0 + (((axon_fdiv((int)0, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod((int)0, (int)2))) + 0LL, 1LL << 30), -(1LL << 30))};
        #pragma unroll
        for (int e = 0; e < 64; ++e) {
          const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
          const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
          (void)gi; (void)gj; (void)gj0;
          const float v2 = axon_round_f16(-__int_as_float(0x7f800000));  // constant 9
          const float t3 = ((bd0[rs_s[e]] >= 1 * ck[e]) == true ? sc[e] : v2);
          const float v4 = t3;  // cast 11
          const float x = v4;
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
      float ls0[2][4] = {};
      #pragma unroll
      for (int e = 0; e < 64; ++e) {
        const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
        const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
        (void)gi; (void)gj; (void)gj0;
        const int rs = rs_s[e];
        const float v5 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 14 at the shift
        sc[e] = v5;
      }
      pr[0] = axon_pack_f16x2_f32(sc[0], sc[1]);
      pr[1] = axon_pack_f16x2_f32(sc[2], sc[3]);
      pr[2] = axon_pack_f16x2_f32(sc[4], sc[5]);
      pr[3] = axon_pack_f16x2_f32(sc[6], sc[7]);
      pr[4] = axon_pack_f16x2_f32(sc[8], sc[9]);
      pr[5] = axon_pack_f16x2_f32(sc[10], sc[11]);
      pr[6] = axon_pack_f16x2_f32(sc[12], sc[13]);
      pr[7] = axon_pack_f16x2_f32(sc[14], sc[15]);
      pr[8] = axon_pack_f16x2_f32(sc[16], sc[17]);
      pr[9] = axon_pack_f16x2_f32(sc[18], sc[19]);
      pr[10] = axon_pack_f16x2_f32(sc[20], sc[21]);
      pr[11] = axon_pack_f16x2_f32(sc[22], sc[23]);
      pr[12] = axon_pack_f16x2_f32(sc[24], sc[25]);
      pr[13] = axon_pack_f16x2_f32(sc[26], sc[27]);
      pr[14] = axon_pack_f16x2_f32(sc[28], sc[29]);
      pr[15] = axon_pack_f16x2_f32(sc[30], sc[31]);
      pr[16] = axon_pack_f16x2_f32(sc[32], sc[33]);
      pr[17] = axon_pack_f16x2_f32(sc[34], sc[35]);
      pr[18] = axon_pack_f16x2_f32(sc[36], sc[37]);
      pr[19] = axon_pack_f16x2_f32(sc[38], sc[39]);
      pr[20] = axon_pack_f16x2_f32(sc[40], sc[41]);
      pr[21] = axon_pack_f16x2_f32(sc[42], sc[43]);
      pr[22] = axon_pack_f16x2_f32(sc[44], sc[45]);
      pr[23] = axon_pack_f16x2_f32(sc[46], sc[47]);
      pr[24] = axon_pack_f16x2_f32(sc[48], sc[49]);
      pr[25] = axon_pack_f16x2_f32(sc[50], sc[51]);
      pr[26] = axon_pack_f16x2_f32(sc[52], sc[53]);
      pr[27] = axon_pack_f16x2_f32(sc[54], sc[55]);
      pr[28] = axon_pack_f16x2_f32(sc[56], sc[57]);
      pr[29] = axon_pack_f16x2_f32(sc[58], sc[59]);
      pr[30] = axon_pack_f16x2_f32(sc[60], sc[61]);
      pr[31] = axon_pack_f16x2_f32(sc[62], sc[63]);
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[0] & 0xFFFFu));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[0] >> 16));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[1] & 0xFFFFu));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[1] >> 16));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[2] & 0xFFFFu));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[2] >> 16));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[3] & 0xFFFFu));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[3] >> 16));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[4] & 0xFFFFu));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[4] >> 16));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[5] & 0xFFFFu));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[5] >> 16));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[6] & 0xFFFFu));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[6] >> 16));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[7] & 0xFFFFu));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[7] >> 16));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[8] & 0xFFFFu));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[8] >> 16));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[9] & 0xFFFFu));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[9] >> 16));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[10] & 0xFFFFu));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[10] >> 16));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[11] & 0xFFFFu));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[11] >> 16));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[12] & 0xFFFFu));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[12] >> 16));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[13] & 0xFFFFu));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[13] >> 16));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[14] & 0xFFFFu));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[14] >> 16));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[15] & 0xFFFFu));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[15] >> 16));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[16] & 0xFFFFu));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[16] >> 16));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[17] & 0xFFFFu));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[17] >> 16));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[18] & 0xFFFFu));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[18] >> 16));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[19] & 0xFFFFu));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[19] >> 16));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[20] & 0xFFFFu));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[20] >> 16));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[21] & 0xFFFFu));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[21] >> 16));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[22] & 0xFFFFu));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[22] >> 16));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[23] & 0xFFFFu));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[23] >> 16));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[24] & 0xFFFFu));
      ls0[0][0] += axon_f16_to_f((unsigned short)(pr[24] >> 16));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[25] & 0xFFFFu));
      ls0[1][0] += axon_f16_to_f((unsigned short)(pr[25] >> 16));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[26] & 0xFFFFu));
      ls0[0][1] += axon_f16_to_f((unsigned short)(pr[26] >> 16));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[27] & 0xFFFFu));
      ls0[1][1] += axon_f16_to_f((unsigned short)(pr[27] >> 16));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[28] & 0xFFFFu));
      ls0[0][2] += axon_f16_to_f((unsigned short)(pr[28] >> 16));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[29] & 0xFFFFu));
      ls0[1][2] += axon_f16_to_f((unsigned short)(pr[29] >> 16));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[30] & 0xFFFFu));
      ls0[0][3] += axon_f16_to_f((unsigned short)(pr[30] >> 16));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[31] & 0xFFFFu));
      ls0[1][3] += axon_f16_to_f((unsigned short)(pr[31] >> 16));
      l0[0] += (ls0[0][0] + ls0[0][1]) + (ls0[0][2] + ls0[0][3]);
      l0[1] += (ls0[1][0] + ls0[1][1]) + (ls0[1][2] + ls0[1][3]);
    }
  }
  for (int qn = 0;; ++qn) {
    {
      unsigned tidr;
      asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
      const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
      const int gc = (int)(rbk / 240), gw = (int)(rbk % 240);
      const int gn = min((int)15, (int)128 - gc * 15);
      const int mt = 15 - gw / gn;
      const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
      (void)bz;
      int kb = 0, ke = 16;
      const long long i0 = m0, i1 = min(m0 + 128, (int)2048) - 1;
      (void)i0; (void)i1;
      { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 128) + 1); }
      kb = min(kb, 15);
      if (ke <= kb) ke = kb + 1;
      const unsigned sqb = sq0 + (unsigned)((qn % 3) * 32768);
      for (int i2 = ke - 2; i2 >= kb; i2 -= 2) {
        {
          const int it = i2;
          const int g = gb + ke - 1 - it, slot = g % 2;
          const int n0 = (int)it * 128;
          const int pg = g - 1, ps = pg % 2;
          asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 2) & 1) : "memory");
          asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * ps), "r"((pg / 2) & 1) : "memory");
          asm volatile("bar.sync %0, %1;" :  : "r"(2 + wg), "r"(256) : "memory");
          asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
          #pragma unroll
          for (int kk = 0; kk < 8; ++kk) {
            const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sqb) & 0x3FFFF) >> 4) + (unsigned)((kk / 4) * 1024 + wg * 512 + (kk % 4) * 2) + 65536u));
            const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sk0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + (kk / 4) * 1024 + (kk % 4) * 2) + 65536u));
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}" : "+f"(sc[0]), "+f"(sc[1]), "+f"(sc[2]), "+f"(sc[3]), "+f"(sc[4]), "+f"(sc[5]), "+f"(sc[6]), "+f"(sc[7]), "+f"(sc[8]), "+f"(sc[9]), "+f"(sc[10]), "+f"(sc[11]), "+f"(sc[12]), "+f"(sc[13]), "+f"(sc[14]), "+f"(sc[15]), "+f"(sc[16]), "+f"(sc[17]), "+f"(sc[18]), "+f"(sc[19]), "+f"(sc[20]), "+f"(sc[21]), "+f"(sc[22]), "+f"(sc[23]), "+f"(sc[24]), "+f"(sc[25]), "+f"(sc[26]), "+f"(sc[27]), "+f"(sc[28]), "+f"(sc[29]), "+f"(sc[30]), "+f"(sc[31]), "+f"(sc[32]), "+f"(sc[33]), "+f"(sc[34]), "+f"(sc[35]), "+f"(sc[36]), "+f"(sc[37]), "+f"(sc[38]), "+f"(sc[39]), "+f"(sc[40]), "+f"(sc[41]), "+f"(sc[42]), "+f"(sc[43]), "+f"(sc[44]), "+f"(sc[45]), "+f"(sc[46]), "+f"(sc[47]), "+f"(sc[48]), "+f"(sc[49]), "+f"(sc[50]), "+f"(sc[51]), "+f"(sc[52]), "+f"(sc[53]), "+f"(sc[54]), "+f"(sc[55]), "+f"(sc[56]), "+f"(sc[57]), "+f"(sc[58]), "+f"(sc[59]), "+f"(sc[60]), "+f"(sc[61]), "+f"(sc[62]), "+f"(sc[63]) : "l"(da), "l"(db), "r"(kk) : "memory");
          }
          asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[0]), "r"(pr[1]), "r"(pr[2]), "r"(pr[3]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 0) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[4]), "r"(pr[5]), "r"(pr[6]), "r"(pr[7]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 128) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[8]), "r"(pr[9]), "r"(pr[10]), "r"(pr[11]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 256) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[12]), "r"(pr[13]), "r"(pr[14]), "r"(pr[15]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 384) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[16]), "r"(pr[17]), "r"(pr[18]), "r"(pr[19]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 512) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[20]), "r"(pr[21]), "r"(pr[22]), "r"(pr[23]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 640) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[24]), "r"(pr[25]), "r"(pr[26]), "r"(pr[27]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 768) + 67108864u))), "r"(1) : "memory");
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[28]), "r"(pr[29]), "r"(pr[30]), "r"(pr[31]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 896) + 67108864u))), "r"(1) : "memory");
          asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
          asm volatile("bar.arrive %0, %1;" :  : "r"(3 - wg), "r"(256) : "memory");
          asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
          if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
          #pragma unroll
          for (int e = 0; e < 64; e += 2) {
            unsigned w;
            w = axon_pack_f16x2_f32(sc[e], sc[e + 1]);
            sc[e] = axon_f16_to_f((unsigned short)(w & 0xFFFFu));
            sc[e + 1] = axon_f16_to_f((unsigned short)(w >> 16));
          }
          float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
          #pragma unroll
          for (int e = 0; e < 64; ++e) {
            const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
            const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
            (void)gi; (void)gj; (void)gj0;
            const float t6 = sc[e];
            const float v7 = t6;  // cast 11
            const float x = v7;
            sc[e] = x;
            const int rs = rs_s[e];
            mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
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
          float ls0[2][4] = {};
          #pragma unroll
          for (int e = 0; e < 64; ++e) {
            const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
            const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
            (void)gi; (void)gj; (void)gj0;
            const int rs = rs_s[e];
            const float v8 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 14 at the shift
            sc[e] = v8;
          }
          pn[0] = axon_pack_f16x2_f32(sc[0], sc[1]);
          pn[1] = axon_pack_f16x2_f32(sc[2], sc[3]);
          pn[2] = axon_pack_f16x2_f32(sc[4], sc[5]);
          pn[3] = axon_pack_f16x2_f32(sc[6], sc[7]);
          pn[4] = axon_pack_f16x2_f32(sc[8], sc[9]);
          pn[5] = axon_pack_f16x2_f32(sc[10], sc[11]);
          pn[6] = axon_pack_f16x2_f32(sc[12], sc[13]);
          pn[7] = axon_pack_f16x2_f32(sc[14], sc[15]);
          pn[8] = axon_pack_f16x2_f32(sc[16], sc[17]);
          pn[9] = axon_pack_f16x2_f32(sc[18], sc[19]);
          pn[10] = axon_pack_f16x2_f32(sc[20], sc[21]);
          pn[11] = axon_pack_f16x2_f32(sc[22], sc[23]);
          pn[12] = axon_pack_f16x2_f32(sc[24], sc[25]);
          pn[13] = axon_pack_f16x2_f32(sc[26], sc[27]);
          pn[14] = axon_pack_f16x2_f32(sc[28], sc[29]);
          pn[15] = axon_pack_f16x2_f32(sc[30], sc[31]);
          pn[16] = axon_pack_f16x2_f32(sc[32], sc[33]);
          pn[17] = axon_pack_f16x2_f32(sc[34], sc[35]);
          pn[18] = axon_pack_f16x2_f32(sc[36], sc[37]);
          pn[19] = axon_pack_f16x2_f32(sc[38], sc[39]);
          pn[20] = axon_pack_f16x2_f32(sc[40], sc[41]);
          pn[21] = axon_pack_f16x2_f32(sc[42], sc[43]);
          pn[22] = axon_pack_f16x2_f32(sc[44], sc[45]);
          pn[23] = axon_pack_f16x2_f32(sc[46], sc[47]);
          pn[24] = axon_pack_f16x2_f32(sc[48], sc[49]);
          pn[25] = axon_pack_f16x2_f32(sc[50], sc[51]);
          pn[26] = axon_pack_f16x2_f32(sc[52], sc[53]);
          pn[27] = axon_pack_f16x2_f32(sc[54], sc[55]);
          pn[28] = axon_pack_f16x2_f32(sc[56], sc[57]);
          pn[29] = axon_pack_f16x2_f32(sc[58], sc[59]);
          pn[30] = axon_pack_f16x2_f32(sc[60], sc[61]);
          pn[31] = axon_pack_f16x2_f32(sc[62], sc[63]);
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[0] & 0xFFFFu));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[0] >> 16));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[1] & 0xFFFFu));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[1] >> 16));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[2] & 0xFFFFu));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[2] >> 16));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[3] & 0xFFFFu));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[3] >> 16));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[4] & 0xFFFFu));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[4] >> 16));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[5] & 0xFFFFu));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[5] >> 16));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[6] & 0xFFFFu));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[6] >> 16));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[7] & 0xFFFFu));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[7] >> 16));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[8] & 0xFFFFu));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[8] >> 16));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[9] & 0xFFFFu));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[9] >> 16));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[10] & 0xFFFFu));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[10] >> 16));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[11] & 0xFFFFu));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[11] >> 16));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[12] & 0xFFFFu));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[12] >> 16));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[13] & 0xFFFFu));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[13] >> 16));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[14] & 0xFFFFu));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[14] >> 16));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[15] & 0xFFFFu));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[15] >> 16));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[16] & 0xFFFFu));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[16] >> 16));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[17] & 0xFFFFu));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[17] >> 16));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[18] & 0xFFFFu));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[18] >> 16));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[19] & 0xFFFFu));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[19] >> 16));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[20] & 0xFFFFu));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[20] >> 16));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[21] & 0xFFFFu));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[21] >> 16));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[22] & 0xFFFFu));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[22] >> 16));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[23] & 0xFFFFu));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[23] >> 16));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[24] & 0xFFFFu));
          ls0[0][0] += axon_f16_to_f((unsigned short)(pn[24] >> 16));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[25] & 0xFFFFu));
          ls0[1][0] += axon_f16_to_f((unsigned short)(pn[25] >> 16));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[26] & 0xFFFFu));
          ls0[0][1] += axon_f16_to_f((unsigned short)(pn[26] >> 16));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[27] & 0xFFFFu));
          ls0[1][1] += axon_f16_to_f((unsigned short)(pn[27] >> 16));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[28] & 0xFFFFu));
          ls0[0][2] += axon_f16_to_f((unsigned short)(pn[28] >> 16));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[29] & 0xFFFFu));
          ls0[1][2] += axon_f16_to_f((unsigned short)(pn[29] >> 16));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[30] & 0xFFFFu));
          ls0[0][3] += axon_f16_to_f((unsigned short)(pn[30] >> 16));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[31] & 0xFFFFu));
          ls0[1][3] += axon_f16_to_f((unsigned short)(pn[31] >> 16));
          l0[0] += (ls0[0][0] + ls0[0][1]) + (ls0[0][2] + ls0[0][3]);
          l0[1] += (ls0[1][0] + ls0[1][1]) + (ls0[1][2] + ls0[1][3]);
          asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(pin), "r"(0) : "memory");
          asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
          if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * ps) : "memory");
          #pragma unroll
          for (int e = 0; e < 64; ++e) {
            o[e] *= al[rs_o[e]];
          }
        }
        if (i2 - 1 >= kb) {
          {
            const int it = i2 - 1;
            const int g = gb + ke - 1 - it, slot = g % 2;
            const int n0 = (int)it * 128;
            const int pg = g - 1, ps = pg % 2;
            asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 2) & 1) : "memory");
            asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * ps), "r"((pg / 2) & 1) : "memory");
            asm volatile("bar.sync %0, %1;" :  : "r"(2 + wg), "r"(256) : "memory");
            asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
            #pragma unroll
            for (int kk = 0; kk < 8; ++kk) {
              const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sqb) & 0x3FFFF) >> 4) + (unsigned)((kk / 4) * 1024 + wg * 512 + (kk % 4) * 2) + 65536u));
              const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sk0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + (kk / 4) * 1024 + (kk % 4) * 2) + 65536u));
              asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}" : "+f"(sc[0]), "+f"(sc[1]), "+f"(sc[2]), "+f"(sc[3]), "+f"(sc[4]), "+f"(sc[5]), "+f"(sc[6]), "+f"(sc[7]), "+f"(sc[8]), "+f"(sc[9]), "+f"(sc[10]), "+f"(sc[11]), "+f"(sc[12]), "+f"(sc[13]), "+f"(sc[14]), "+f"(sc[15]), "+f"(sc[16]), "+f"(sc[17]), "+f"(sc[18]), "+f"(sc[19]), "+f"(sc[20]), "+f"(sc[21]), "+f"(sc[22]), "+f"(sc[23]), "+f"(sc[24]), "+f"(sc[25]), "+f"(sc[26]), "+f"(sc[27]), "+f"(sc[28]), "+f"(sc[29]), "+f"(sc[30]), "+f"(sc[31]), "+f"(sc[32]), "+f"(sc[33]), "+f"(sc[34]), "+f"(sc[35]), "+f"(sc[36]), "+f"(sc[37]), "+f"(sc[38]), "+f"(sc[39]), "+f"(sc[40]), "+f"(sc[41]), "+f"(sc[42]), "+f"(sc[43]), "+f"(sc[44]), "+f"(sc[45]), "+f"(sc[46]), "+f"(sc[47]), "+f"(sc[48]), "+f"(sc[49]), "+f"(sc[50]), "+f"(sc[51]), "+f"(sc[52]), "+f"(sc[53]), "+f"(sc[54]), "+f"(sc[55]), "+f"(sc[56]), "+f"(sc[57]), "+f"(sc[58]), "+f"(sc[59]), "+f"(sc[60]), "+f"(sc[61]), "+f"(sc[62]), "+f"(sc[63]) : "l"(da), "l"(db), "r"(kk) : "memory");
            }
            asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[0]), "r"(pn[1]), "r"(pn[2]), "r"(pn[3]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 0) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[4]), "r"(pn[5]), "r"(pn[6]), "r"(pn[7]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 128) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[8]), "r"(pn[9]), "r"(pn[10]), "r"(pn[11]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 256) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[12]), "r"(pn[13]), "r"(pn[14]), "r"(pn[15]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 384) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[16]), "r"(pn[17]), "r"(pn[18]), "r"(pn[19]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 512) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[20]), "r"(pn[21]), "r"(pn[22]), "r"(pn[23]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 640) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[24]), "r"(pn[25]), "r"(pn[26]), "r"(pn[27]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 768) + 67108864u))), "r"(1) : "memory");
            asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pn[28]), "r"(pn[29]), "r"(pn[30]), "r"(pn[31]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 896) + 67108864u))), "r"(1) : "memory");
            asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
            asm volatile("bar.arrive %0, %1;" :  : "r"(3 - wg), "r"(256) : "memory");
            asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
            if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
            #pragma unroll
            for (int e = 0; e < 64; e += 2) {
              unsigned w;
              w = axon_pack_f16x2_f32(sc[e], sc[e + 1]);
              sc[e] = axon_f16_to_f((unsigned short)(w & 0xFFFFu));
              sc[e + 1] = axon_f16_to_f((unsigned short)(w >> 16));
            }
            float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
            #pragma unroll
            for (int e = 0; e < 64; ++e) {
              const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
              const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
              (void)gi; (void)gj; (void)gj0;
              const float t9 = sc[e];
              const float v10 = t9;  // cast 11
              const float x = v10;
              sc[e] = x;
              const int rs = rs_s[e];
              mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
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
            float ls0[2][4] = {};
            #pragma unroll
            for (int e = 0; e < 64; ++e) {
              const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
              const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
              (void)gi; (void)gj; (void)gj0;
              const int rs = rs_s[e];
              const float v11 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 14 at the shift
              sc[e] = v11;
            }
            pr[0] = axon_pack_f16x2_f32(sc[0], sc[1]);
            pr[1] = axon_pack_f16x2_f32(sc[2], sc[3]);
            pr[2] = axon_pack_f16x2_f32(sc[4], sc[5]);
            pr[3] = axon_pack_f16x2_f32(sc[6], sc[7]);
            pr[4] = axon_pack_f16x2_f32(sc[8], sc[9]);
            pr[5] = axon_pack_f16x2_f32(sc[10], sc[11]);
            pr[6] = axon_pack_f16x2_f32(sc[12], sc[13]);
            pr[7] = axon_pack_f16x2_f32(sc[14], sc[15]);
            pr[8] = axon_pack_f16x2_f32(sc[16], sc[17]);
            pr[9] = axon_pack_f16x2_f32(sc[18], sc[19]);
            pr[10] = axon_pack_f16x2_f32(sc[20], sc[21]);
            pr[11] = axon_pack_f16x2_f32(sc[22], sc[23]);
            pr[12] = axon_pack_f16x2_f32(sc[24], sc[25]);
            pr[13] = axon_pack_f16x2_f32(sc[26], sc[27]);
            pr[14] = axon_pack_f16x2_f32(sc[28], sc[29]);
            pr[15] = axon_pack_f16x2_f32(sc[30], sc[31]);
            pr[16] = axon_pack_f16x2_f32(sc[32], sc[33]);
            pr[17] = axon_pack_f16x2_f32(sc[34], sc[35]);
            pr[18] = axon_pack_f16x2_f32(sc[36], sc[37]);
            pr[19] = axon_pack_f16x2_f32(sc[38], sc[39]);
            pr[20] = axon_pack_f16x2_f32(sc[40], sc[41]);
            pr[21] = axon_pack_f16x2_f32(sc[42], sc[43]);
            pr[22] = axon_pack_f16x2_f32(sc[44], sc[45]);
            pr[23] = axon_pack_f16x2_f32(sc[46], sc[47]);
            pr[24] = axon_pack_f16x2_f32(sc[48], sc[49]);
            pr[25] = axon_pack_f16x2_f32(sc[50], sc[51]);
            pr[26] = axon_pack_f16x2_f32(sc[52], sc[53]);
            pr[27] = axon_pack_f16x2_f32(sc[54], sc[55]);
            pr[28] = axon_pack_f16x2_f32(sc[56], sc[57]);
            pr[29] = axon_pack_f16x2_f32(sc[58], sc[59]);
            pr[30] = axon_pack_f16x2_f32(sc[60], sc[61]);
            pr[31] = axon_pack_f16x2_f32(sc[62], sc[63]);
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[0] & 0xFFFFu));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[0] >> 16));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[1] & 0xFFFFu));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[1] >> 16));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[2] & 0xFFFFu));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[2] >> 16));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[3] & 0xFFFFu));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[3] >> 16));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[4] & 0xFFFFu));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[4] >> 16));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[5] & 0xFFFFu));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[5] >> 16));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[6] & 0xFFFFu));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[6] >> 16));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[7] & 0xFFFFu));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[7] >> 16));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[8] & 0xFFFFu));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[8] >> 16));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[9] & 0xFFFFu));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[9] >> 16));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[10] & 0xFFFFu));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[10] >> 16));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[11] & 0xFFFFu));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[11] >> 16));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[12] & 0xFFFFu));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[12] >> 16));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[13] & 0xFFFFu));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[13] >> 16));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[14] & 0xFFFFu));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[14] >> 16));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[15] & 0xFFFFu));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[15] >> 16));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[16] & 0xFFFFu));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[16] >> 16));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[17] & 0xFFFFu));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[17] >> 16));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[18] & 0xFFFFu));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[18] >> 16));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[19] & 0xFFFFu));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[19] >> 16));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[20] & 0xFFFFu));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[20] >> 16));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[21] & 0xFFFFu));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[21] >> 16));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[22] & 0xFFFFu));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[22] >> 16));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[23] & 0xFFFFu));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[23] >> 16));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[24] & 0xFFFFu));
            ls0[0][0] += axon_f16_to_f((unsigned short)(pr[24] >> 16));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[25] & 0xFFFFu));
            ls0[1][0] += axon_f16_to_f((unsigned short)(pr[25] >> 16));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[26] & 0xFFFFu));
            ls0[0][1] += axon_f16_to_f((unsigned short)(pr[26] >> 16));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[27] & 0xFFFFu));
            ls0[1][1] += axon_f16_to_f((unsigned short)(pr[27] >> 16));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[28] & 0xFFFFu));
            ls0[0][2] += axon_f16_to_f((unsigned short)(pr[28] >> 16));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[29] & 0xFFFFu));
            ls0[1][2] += axon_f16_to_f((unsigned short)(pr[29] >> 16));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[30] & 0xFFFFu));
            ls0[0][3] += axon_f16_to_f((unsigned short)(pr[30] >> 16));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[31] & 0xFFFFu));
            ls0[1][3] += axon_f16_to_f((unsigned short)(pr[31] >> 16));
            l0[0] += (ls0[0][0] + ls0[0][1]) + (ls0[0][2] + ls0[0][3]);
            l0[1] += (ls0[1][0] + ls0[1][1]) + (ls0[1][2] + ls0[1][3]);
            asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(pin), "r"(0) : "memory");
            asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
            if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * ps) : "memory");
            #pragma unroll
            for (int e = 0; e < 64; ++e) {
              o[e] *= al[rs_o[e]];
            }
          }
        }
      }
      if (((ke - 1 - kb) & 1) == 1) {
        #pragma unroll
for (int i = 0; i < 32; ++i) pr[i] = pn[i];
      }
      gb += ke - kb;
    }
    if (rbn >= 2048) {
      {
        unsigned tidr;
        asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
        const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
        (void)wg;
        const int g = gb - 1, slot = g % 2;
        asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * slot), "r"((g / 2) & 1) : "memory");
        asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[0]), "r"(pr[1]), "r"(pr[2]), "r"(pr[3]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 0) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[4]), "r"(pr[5]), "r"(pr[6]), "r"(pr[7]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 128) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[8]), "r"(pr[9]), "r"(pr[10]), "r"(pr[11]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 256) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[12]), "r"(pr[13]), "r"(pr[14]), "r"(pr[15]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 384) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[16]), "r"(pr[17]), "r"(pr[18]), "r"(pr[19]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 512) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[20]), "r"(pr[21]), "r"(pr[22]), "r"(pr[23]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 640) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[24]), "r"(pr[25]), "r"(pr[26]), "r"(pr[27]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 768) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[28]), "r"(pr[29]), "r"(pr[30]), "r"(pr[31]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + 896) + 67108864u))), "r"(1) : "memory");
        asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
        asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
        if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * slot) : "memory");
      }
      {
        unsigned tidr;
        asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
        const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
        const int gc = (int)(rbk / 240), gw = (int)(rbk % 240);
        const int gn = min((int)15, (int)128 - gc * 15);
        const int mt = 15 - gw / gn;
        const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
        (void)bz;
        const unsigned sqb = sq0 + (unsigned)((qn % 3) * 32768);
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
        float* const sstat = (float*)(sbase + 229504);
        #pragma unroll
        for (int e = 0; e < 64; e += 2) {
          const int lr = (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
          axon_st2_f16((unsigned short*)(sbase + ((qn % 3) * 32768) + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16) + lc % 8, axon_round_f16(o[e]), axon_round_f16(o[e + 1]));
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
          axon_ldw<4>(sbase + ((qn % 3) * 32768) + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16, ow);
          const int gjc0 = min(gj + 0, (int)128 - 1);
          const int gjc1 = min(gj + 1, (int)128 - 1);
          const int gjc2 = min(gj + 2, (int)128 - 1);
          const int gjc3 = min(gj + 3, (int)128 - 1);
          const int gjc4 = min(gj + 4, (int)128 - 1);
          const int gjc5 = min(gj + 5, (int)128 - 1);
          const int gjc6 = min(gj + 6, (int)128 - 1);
          const int gjc7 = min(gj + 7, (int)128 - 1);
          const float v12 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 0), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v13 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 1), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v14 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 2), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v15 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 3), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v16 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 4), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v17 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 5), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v18 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 6), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          const float v19 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 7), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
          *reinterpret_cast<uint4*>(sbase + ((qn % 3) * 32768) + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16) = make_uint4((unsigned)axon_f_to_f16(v12) | ((unsigned)axon_f_to_f16(v13) << 16), (unsigned)axon_f_to_f16(v14) | ((unsigned)axon_f_to_f16(v15) << 16), (unsigned)axon_f_to_f16(v16) | ((unsigned)axon_f_to_f16(v17) << 16), (unsigned)axon_f_to_f16(v18) | ((unsigned)axon_f_to_f16(v19) << 16));
        }
        asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
        asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
        if (th == 0) {
          if (m0 + wg * 64 < 2048) {
            const unsigned long long to = (unsigned long long)&tmo;
            asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" :  : "l"(to), "r"(0), "r"(m0 + wg * 64), "r"((int)bz), "r"(sqb + 0 + wg * 8192) : "memory");
            asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" :  : "l"(to), "r"(64), "r"(m0 + wg * 64), "r"((int)bz), "r"(sqb + 16384 + wg * 8192) : "memory");
          }
          asm volatile("cp.async.bulk.commit_group;" :  :  : "memory");
        }
      }
      break;
    }
    #pragma unroll
    for (int r = 0; r < 2; ++r) { om[r] = mrow[r]; omu[r] = mu[r]; mrow[r] = kNegInf; mu[r] = 0.0f; ol0[r] = l0[r]; l0[r] = 0.0f; }
    {
      unsigned tidr;
      asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
      const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
      const int gc = (int)(rbn / 240), gw = (int)(rbn % 240);
      const int gn = min((int)15, (int)128 - gc * 15);
      const int mt = 15 - gw / gn;
      const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
      (void)bz;
      int kb = 0, ke = 16;
      const long long i0 = m0, i1 = min(m0 + 128, (int)2048) - 1;
      (void)i0; (void)i1;
      { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 128) + 1); }
      kb = min(kb, 15);
      if (ke <= kb) ke = kb + 1;
      const unsigned sqb = sq0 + (unsigned)(((qn + 1) % 3) * 32768);
      {
        const int it = ke - 1;
        const int g = gb + ke - 1 - it, slot = g % 2;
        const int n0 = (int)it * 128;
        const int pg = g - 1, ps = pg % 2;
        asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 2) & 1) : "memory");
        asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * ps), "r"((pg / 2) & 1) : "memory");
        asm volatile("bar.sync %0, %1;" :  : "r"(2 + wg), "r"(256) : "memory");
        asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
        #pragma unroll
        for (int kk = 0; kk < 8; ++kk) {
          const unsigned long long da = ((1073741888ull << 32) | (unsigned)((((sqb) & 0x3FFFF) >> 4) + (unsigned)((kk / 4) * 1024 + wg * 512 + (kk % 4) * 2) + 65536u));
          const unsigned long long db = ((1073741888ull << 32) | (unsigned)((((sk0) & 0x3FFFF) >> 4) + (unsigned)(slot * 2048 + (kk / 4) * 1024 + (kk % 4) * 2) + 65536u));
          asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}" : "+f"(sc[0]), "+f"(sc[1]), "+f"(sc[2]), "+f"(sc[3]), "+f"(sc[4]), "+f"(sc[5]), "+f"(sc[6]), "+f"(sc[7]), "+f"(sc[8]), "+f"(sc[9]), "+f"(sc[10]), "+f"(sc[11]), "+f"(sc[12]), "+f"(sc[13]), "+f"(sc[14]), "+f"(sc[15]), "+f"(sc[16]), "+f"(sc[17]), "+f"(sc[18]), "+f"(sc[19]), "+f"(sc[20]), "+f"(sc[21]), "+f"(sc[22]), "+f"(sc[23]), "+f"(sc[24]), "+f"(sc[25]), "+f"(sc[26]), "+f"(sc[27]), "+f"(sc[28]), "+f"(sc[29]), "+f"(sc[30]), "+f"(sc[31]), "+f"(sc[32]), "+f"(sc[33]), "+f"(sc[34]), "+f"(sc[35]), "+f"(sc[36]), "+f"(sc[37]), "+f"(sc[38]), "+f"(sc[39]), "+f"(sc[40]), "+f"(sc[41]), "+f"(sc[42]), "+f"(sc[43]), "+f"(sc[44]), "+f"(sc[45]), "+f"(sc[46]), "+f"(sc[47]), "+f"(sc[48]), "+f"(sc[49]), "+f"(sc[50]), "+f"(sc[51]), "+f"(sc[52]), "+f"(sc[53]), "+f"(sc[54]), "+f"(sc[55]), "+f"(sc[56]), "+f"(sc[57]), "+f"(sc[58]), "+f"(sc[59]), "+f"(sc[60]), "+f"(sc[61]), "+f"(sc[62]), "+f"(sc[63]) : "l"(da), "l"(db), "r"(kk) : "memory");
        }
        asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[0]), "r"(pr[1]), "r"(pr[2]), "r"(pr[3]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 0) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[4]), "r"(pr[5]), "r"(pr[6]), "r"(pr[7]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 128) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[8]), "r"(pr[9]), "r"(pr[10]), "r"(pr[11]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 256) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[12]), "r"(pr[13]), "r"(pr[14]), "r"(pr[15]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 384) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[16]), "r"(pr[17]), "r"(pr[18]), "r"(pr[19]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 512) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[20]), "r"(pr[21]), "r"(pr[22]), "r"(pr[23]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 640) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[24]), "r"(pr[25]), "r"(pr[26]), "r"(pr[27]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 768) + 67108864u))), "r"(1) : "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1, 1;\n}" : "+f"(o[0]), "+f"(o[1]), "+f"(o[2]), "+f"(o[3]), "+f"(o[4]), "+f"(o[5]), "+f"(o[6]), "+f"(o[7]), "+f"(o[8]), "+f"(o[9]), "+f"(o[10]), "+f"(o[11]), "+f"(o[12]), "+f"(o[13]), "+f"(o[14]), "+f"(o[15]), "+f"(o[16]), "+f"(o[17]), "+f"(o[18]), "+f"(o[19]), "+f"(o[20]), "+f"(o[21]), "+f"(o[22]), "+f"(o[23]), "+f"(o[24]), "+f"(o[25]), "+f"(o[26]), "+f"(o[27]), "+f"(o[28]), "+f"(o[29]), "+f"(o[30]), "+f"(o[31]), "+f"(o[32]), "+f"(o[33]), "+f"(o[34]), "+f"(o[35]), "+f"(o[36]), "+f"(o[37]), "+f"(o[38]), "+f"(o[39]), "+f"(o[40]), "+f"(o[41]), "+f"(o[42]), "+f"(o[43]), "+f"(o[44]), "+f"(o[45]), "+f"(o[46]), "+f"(o[47]), "+f"(o[48]), "+f"(o[49]), "+f"(o[50]), "+f"(o[51]), "+f"(o[52]), "+f"(o[53]), "+f"(o[54]), "+f"(o[55]), "+f"(o[56]), "+f"(o[57]), "+f"(o[58]), "+f"(o[59]), "+f"(o[60]), "+f"(o[61]), "+f"(o[62]), "+f"(o[63]) : "r"(pr[28]), "r"(pr[29]), "r"(pr[30]), "r"(pr[31]), "l"(((1073741888ull << 32) | (unsigned)((((sv0) & 0x3FFFF) >> 4) + (unsigned)(ps * 2048 + 896) + 67108864u))), "r"(1) : "memory");
        asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
        asm volatile("bar.arrive %0, %1;" :  : "r"(3 - wg), "r"(256) : "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
        if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
        #pragma unroll
        for (int e = 0; e < 64; e += 2) {
          unsigned w;
          w = axon_pack_f16x2_f32(sc[e], sc[e + 1]);
          sc[e] = axon_f16_to_f((unsigned short)(w & 0xFFFFu));
          sc[e + 1] = axon_f16_to_f((unsigned short)(w >> 16));
        }
        float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
        const bool inside = true && (1LL * i0 + -1LL * (n0 + 127) + 0LL >= 0);
        if (inside) {
          #pragma unroll
          for (int e = 0; e < 64; ++e) {
            const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
            const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
            (void)gi; (void)gj; (void)gj0;
            const float t20 = sc[e];
            const float v21 = t20;  // cast 11
            const float x = v21;
            sc[e] = x;
            const int rs = rs_s[e];
            mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
          }
        }
        if (!inside) {
          const int bd0[2] = {(int)max(min(1LL * (long long)(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)0, (int)2), (int)2)))) + -1LL * (long long)(n0 + (((axon_fdiv((int)0, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod((int)0, (int)2))) + 0LL, 1LL << 30), -(1LL << 30)), (int)max(min(1LL * (long long)(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv((int)2, (int)2), (int)2)))) + -1LL * (long long)(n0 + (((axon_fdiv((int)0, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod((int)0, (int)2))) + 0LL, 1LL << 30), -(1LL << 30))};
          #pragma unroll
          for (int e = 0; e < 64; ++e) {
            const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
            const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
            (void)gi; (void)gj; (void)gj0;
            const float v22 = axon_round_f16(-__int_as_float(0x7f800000));  // constant 9
            const float t23 = ((bd0[rs_s[e]] >= 1 * ck[e]) == true ? sc[e] : v22);
            const float v24 = t23;  // cast 11
            const float x = v24;
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
        float ls0[2][4] = {};
        #pragma unroll
        for (int e = 0; e < 64; ++e) {
          const int gj0 = n0 + (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
          const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)2047), gj = min(gj0, (int)2047);
          (void)gi; (void)gj; (void)gj0;
          const int rs = rs_s[e];
          const float v25 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 14 at the shift
          sc[e] = v25;
        }
        pn[0] = axon_pack_f16x2_f32(sc[0], sc[1]);
        pn[1] = axon_pack_f16x2_f32(sc[2], sc[3]);
        pn[2] = axon_pack_f16x2_f32(sc[4], sc[5]);
        pn[3] = axon_pack_f16x2_f32(sc[6], sc[7]);
        pn[4] = axon_pack_f16x2_f32(sc[8], sc[9]);
        pn[5] = axon_pack_f16x2_f32(sc[10], sc[11]);
        pn[6] = axon_pack_f16x2_f32(sc[12], sc[13]);
        pn[7] = axon_pack_f16x2_f32(sc[14], sc[15]);
        pn[8] = axon_pack_f16x2_f32(sc[16], sc[17]);
        pn[9] = axon_pack_f16x2_f32(sc[18], sc[19]);
        pn[10] = axon_pack_f16x2_f32(sc[20], sc[21]);
        pn[11] = axon_pack_f16x2_f32(sc[22], sc[23]);
        pn[12] = axon_pack_f16x2_f32(sc[24], sc[25]);
        pn[13] = axon_pack_f16x2_f32(sc[26], sc[27]);
        pn[14] = axon_pack_f16x2_f32(sc[28], sc[29]);
        pn[15] = axon_pack_f16x2_f32(sc[30], sc[31]);
        pn[16] = axon_pack_f16x2_f32(sc[32], sc[33]);
        pn[17] = axon_pack_f16x2_f32(sc[34], sc[35]);
        pn[18] = axon_pack_f16x2_f32(sc[36], sc[37]);
        pn[19] = axon_pack_f16x2_f32(sc[38], sc[39]);
        pn[20] = axon_pack_f16x2_f32(sc[40], sc[41]);
        pn[21] = axon_pack_f16x2_f32(sc[42], sc[43]);
        pn[22] = axon_pack_f16x2_f32(sc[44], sc[45]);
        pn[23] = axon_pack_f16x2_f32(sc[46], sc[47]);
        pn[24] = axon_pack_f16x2_f32(sc[48], sc[49]);
        pn[25] = axon_pack_f16x2_f32(sc[50], sc[51]);
        pn[26] = axon_pack_f16x2_f32(sc[52], sc[53]);
        pn[27] = axon_pack_f16x2_f32(sc[54], sc[55]);
        pn[28] = axon_pack_f16x2_f32(sc[56], sc[57]);
        pn[29] = axon_pack_f16x2_f32(sc[58], sc[59]);
        pn[30] = axon_pack_f16x2_f32(sc[60], sc[61]);
        pn[31] = axon_pack_f16x2_f32(sc[62], sc[63]);
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[0] & 0xFFFFu));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[0] >> 16));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[1] & 0xFFFFu));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[1] >> 16));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[2] & 0xFFFFu));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[2] >> 16));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[3] & 0xFFFFu));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[3] >> 16));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[4] & 0xFFFFu));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[4] >> 16));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[5] & 0xFFFFu));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[5] >> 16));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[6] & 0xFFFFu));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[6] >> 16));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[7] & 0xFFFFu));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[7] >> 16));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[8] & 0xFFFFu));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[8] >> 16));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[9] & 0xFFFFu));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[9] >> 16));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[10] & 0xFFFFu));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[10] >> 16));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[11] & 0xFFFFu));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[11] >> 16));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[12] & 0xFFFFu));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[12] >> 16));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[13] & 0xFFFFu));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[13] >> 16));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[14] & 0xFFFFu));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[14] >> 16));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[15] & 0xFFFFu));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[15] >> 16));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[16] & 0xFFFFu));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[16] >> 16));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[17] & 0xFFFFu));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[17] >> 16));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[18] & 0xFFFFu));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[18] >> 16));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[19] & 0xFFFFu));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[19] >> 16));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[20] & 0xFFFFu));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[20] >> 16));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[21] & 0xFFFFu));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[21] >> 16));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[22] & 0xFFFFu));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[22] >> 16));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[23] & 0xFFFFu));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[23] >> 16));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[24] & 0xFFFFu));
        ls0[0][0] += axon_f16_to_f((unsigned short)(pn[24] >> 16));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[25] & 0xFFFFu));
        ls0[1][0] += axon_f16_to_f((unsigned short)(pn[25] >> 16));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[26] & 0xFFFFu));
        ls0[0][1] += axon_f16_to_f((unsigned short)(pn[26] >> 16));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[27] & 0xFFFFu));
        ls0[1][1] += axon_f16_to_f((unsigned short)(pn[27] >> 16));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[28] & 0xFFFFu));
        ls0[0][2] += axon_f16_to_f((unsigned short)(pn[28] >> 16));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[29] & 0xFFFFu));
        ls0[1][2] += axon_f16_to_f((unsigned short)(pn[29] >> 16));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[30] & 0xFFFFu));
        ls0[0][3] += axon_f16_to_f((unsigned short)(pn[30] >> 16));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[31] & 0xFFFFu));
        ls0[1][3] += axon_f16_to_f((unsigned short)(pn[31] >> 16));
        l0[0] += (ls0[0][0] + ls0[0][1]) + (ls0[0][2] + ls0[0][3]);
        l0[1] += (ls0[1][0] + ls0[1][1]) + (ls0[1][2] + ls0[1][3]);
        asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(pin), "r"(0) : "memory");
        asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
        if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * ps) : "memory");
      }
    }
    #pragma unroll
for (int i = 0; i < 32; ++i) pr[i] = pn[i];
    int rb2;
    {
      const int is = (qn + 1) % 2;
      asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(ifull0 + 8 * is), "r"(((qn + 1) / 2) & 1) : "memory");
      float f;
      asm volatile("ld.shared.f32 %0, [%1];" : "=f"(f) : "r"(qrow + 4 * is) : "memory");
      rb2 = __float_as_int(f);
      __syncwarp();
      if ((threadIdx.x & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(iempty0 + 8 * is) : "memory");
    }
    #pragma unroll
    for (int r = 0; r < 2; ++r) {
      { const float v = mrow[r]; mrow[r] = om[r]; om[r] = v; }
      { const float v = mu[r]; mu[r] = omu[r]; omu[r] = v; }
      { const float v = l0[r]; l0[r] = ol0[r]; ol0[r] = v; }
    }
    {
      unsigned tidr;
      asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
      const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
      const int gc = (int)(rbk / 240), gw = (int)(rbk % 240);
      const int gn = min((int)15, (int)128 - gc * 15);
      const int mt = 15 - gw / gn;
      const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
      (void)bz;
      const unsigned sqb = sq0 + (unsigned)((qn % 3) * 32768);
      {
        const int rq = min(rb2, 2047);
        const int gc = (int)(rq / 240), gw = (int)(rq % 240);
        const int gn = min((int)15, (int)128 - gc * 15);
        const int mt = 15 - gw / gn;
        const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
        #pragma unroll
        for (int qi = 0; qi < 8; ++qi) {
          const int q = th + qi * 128, r = wg * 64 + min(q / 16, 63), c = q % 16;
          const int gi = min(m0 + r, (int)2047);
          const int gq = min((int)c * 8, (int)120);
          axon_ldw<4>(in0 + ((gq + (gi * (int)128)) + (bz * (int)262144)), qw[qi]);
        }
      }
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
      float* const sstat = (float*)(sbase + 229504);
      #pragma unroll
      for (int e = 0; e < 64; e += 2) {
        const int lr = (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), lc = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
        axon_st2_f16((unsigned short*)(sbase + ((qn % 3) * 32768) + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16) + lc % 8, axon_round_f16(o[e]), axon_round_f16(o[e + 1]));
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
        axon_ldw<4>(sbase + ((qn % 3) * 32768) + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16, ow);
        const int gjc0 = min(gj + 0, (int)128 - 1);
        const int gjc1 = min(gj + 1, (int)128 - 1);
        const int gjc2 = min(gj + 2, (int)128 - 1);
        const int gjc3 = min(gj + 3, (int)128 - 1);
        const int gjc4 = min(gj + 4, (int)128 - 1);
        const int gjc5 = min(gj + 5, (int)128 - 1);
        const int gjc6 = min(gj + 6, (int)128 - 1);
        const int gjc7 = min(gj + 7, (int)128 - 1);
        const float v26 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 0), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v27 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 1), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v28 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 2), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v29 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 3), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v30 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 4), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v31 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 5), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v32 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 6), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        const float v33 = axon_round_f16(axon_div_f32(axon_f16_at(ow, 7), axon_round_f16(sstat[128 + wg * 64 + lr])));  // div 18
        *reinterpret_cast<uint4*>(sbase + ((qn % 3) * 32768) + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16) = make_uint4((unsigned)axon_f_to_f16(v26) | ((unsigned)axon_f_to_f16(v27) << 16), (unsigned)axon_f_to_f16(v28) | ((unsigned)axon_f_to_f16(v29) << 16), (unsigned)axon_f_to_f16(v30) | ((unsigned)axon_f_to_f16(v31) << 16), (unsigned)axon_f_to_f16(v32) | ((unsigned)axon_f_to_f16(v33) << 16));
      }
      asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
      asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
      if (th == 0) {
        if (m0 + wg * 64 < 2048) {
          const unsigned long long to = (unsigned long long)&tmo;
          asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" :  : "l"(to), "r"(0), "r"(m0 + wg * 64), "r"((int)bz), "r"(sqb + 0 + wg * 8192) : "memory");
          asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];" :  : "l"(to), "r"(64), "r"(m0 + wg * 64), "r"((int)bz), "r"(sqb + 16384 + wg * 8192) : "memory");
        }
        asm volatile("cp.async.bulk.commit_group;" :  :  : "memory");
      }
    }
    #pragma unroll
    for (int r = 0; r < 2; ++r) {
      { const float v = mrow[r]; mrow[r] = om[r]; om[r] = v; }
      { const float v = mu[r]; mu[r] = omu[r]; omu[r] = v; }
      { const float v = l0[r]; l0[r] = ol0[r]; ol0[r] = v; }
    }
    #pragma unroll
    for (int e = 0; e < 64; ++e) o[e] = 0.0f;
    {
      unsigned tidr;
      asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidr) : );
      const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;
      const int rq = min(rb2, 2047);
      const int gc = (int)(rq / 240), gw = (int)(rq % 240);
      const int gn = min((int)15, (int)128 - gc * 15);
      const int mt = 15 - gw / gn;
      const int bz = (int)(gc * 15 + gw % gn), m0 = (int)mt * 128;
      (void)bz;
      const unsigned sqb = sq0 + (unsigned)(((qn + 2) % 3) * 32768);
      unsigned qp[8][4];
      #pragma unroll
      for (int qi = 0; qi < 8; ++qi) {
        const int q = th + qi * 128, r = wg * 64 + min(q / 16, 63), c = q % 16;
        const int gi = min(m0 + r, (int)2047);
        for (int w = 0; w < 4; ++w) {
          unsigned x = qw[qi][w];
          asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(x) : "r"(x), "r"(765996456u));
          qp[qi][w] = m0 + r < 2048 && c * 8 < 128 ? x : 0u;
        }
      }
      if (th == 0) asm volatile("cp.async.bulk.wait_group.read 1;" :  :  : "memory");
      asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
      #pragma unroll
      for (int qi = 0; qi < 8; ++qi) {
        const int q = th + qi * 128, r = wg * 64 + q / 16, c = q % 16;
        if (q < 1024) {
          const unsigned at = sqb + (unsigned)((c / 8) * 16384 + r * 128 + (((c % 8) ^ (r % 8)) * 16));
          asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" :  : "r"(at), "f"(__uint_as_float(qp[qi][0])), "f"(__uint_as_float(qp[qi][1])), "f"(__uint_as_float(qp[qi][2])), "f"(__uint_as_float(qp[qi][3])) : "memory");
        }
      }
      asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
      asm volatile("bar.sync %0, %1;" :  : "r"(4 + wg), "r"(128) : "memory");
    }
    rbk = rbn, rbn = rb2;
  }
  if (role == 1) asm volatile("bar.sync %0, %1;" :  : "r"(2), "r"(256) : "memory");
  if ((tid & 127) == 0) asm volatile("cp.async.bulk.wait_group.read 0;" :  :  : "memory");
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f16_rewritten_g0_attention_t384_128x128_w2_s2_pingpong_persistent_stream_q3_tma_store_from_last_g15: grid 132, block 384, smem 231552, params r0 r1 r2 w18, scratch 4 (zeroed from 0)
//   tensor map: param 1, 128 x 2048 x 128, box 64 x 128
//   tensor map: param 2, 128 x 2048 x 128, box 64 x 128
//   tensor map: param 3, 128 x 2048 x 128, box 64 x 64
// arch suffix 'a', grid dependency yes
