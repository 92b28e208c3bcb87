// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90, --allow-tf32
// kernel g0_attention: attention -> y
// tiling: attention t384 tf32 128x64 w2 s3 cl2
extern "C" __global__ void __cluster_dims__(2, 1, 1) __launch_bounds__(384, 1) golden_attention_causal_f32_rewritten_tf32_g0_attention_t384_tf32_128x64_w2_s3_cl2(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0, const __grid_constant__ axon_tmap tmq, const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  const unsigned sq0 = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));
  const unsigned sk0 = sq0 + 49152, sv0 = sk0 + 73728;
  const unsigned qfull = sv0 + 73728, kfull0 = qfull + 8, vfull0 = kfull0 + 24, kempty0 = vfull0 + 24, vempty0 = kempty0 + 24, pin = vempty0 + 24;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  const int bid = (int)(blockIdx.x / 2), cr = (int)(blockIdx.x % 2);
  const int gc = (int)(bid / 64), gw = (int)(bid % 64);
  const int gn = min((int)8, (int)8 - gc * 8);
  const int mt = 7 - gw / gn;
  const int bz = (int)(gc * 8 + gw % gn), m0 = (int)mt * 128;
  int kb = 0, ke = 16;
  const long long i0 = m0, i1 = min(m0 + 128, (int)1000) - 1;
  (void)i0; (void)i1;
  { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 64) + 1); }
  kb = min(kb, 15);
  if (ke <= kb) ke = kb + 1;
  const int kr = kb + cr < ke ? kb + cr : kb;
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
    const int pq = (int)(bz);
    const int pk = (int)(bz);
    const int pvv = (int)(bz);
    const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;
    const unsigned long long tq = (unsigned long long)&tmq;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(qfull), "r"(49152) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sq0 + 0), "l"(tq), "r"(0 + 0), "r"((int)m0), "r"(pq), "r"(qfull) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sq0 + 16384), "l"(tq), "r"(0 + 32), "r"((int)m0), "r"(pq), "r"(qfull) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sq0 + 32768), "l"(tq), "r"(0 + 64), "r"((int)m0), "r"(pq), "r"(qfull) : "memory");
    for (int it = kr; it < ke; it += 2) {
      const int g = (it - kr) / 2, slot = g % 3;
      if (g >= 3) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kempty0 + 8 * slot), "r"(((g / 3) + 1) & 1) : "memory");
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(kfull0 + 8 * slot), "r"(24576) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 24576) + 0), "l"(tk), "r"(0 + 0), "r"(it * 64), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 24576) + 8192), "l"(tk), "r"(0 + 32), "r"(it * 64), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sk0 + (unsigned)(slot * 24576) + 16384), "l"(tk), "r"(0 + 64), "r"(it * 64), "r"(pk), "r"(kfull0 + 8 * slot) : "memory");
      if (g >= 3) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vempty0 + 8 * slot), "r"(((g / 3) + 1) & 1) : "memory");
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(vfull0 + 8 * slot), "r"(24576) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 24576) + 0), "l"(tv), "r"(0 + 0), "r"(it * 64), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 24576) + 8192), "l"(tv), "r"(0 + 32), "r"(it * 64), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sv0 + (unsigned)(slot * 24576) + 16384), "l"(tv), "r"(0 + 64), "r"(it * 64), "r"(pvv), "r"(vfull0 + 8 * slot) : "memory");
    }
    return;
  }
  asm volatile("setmaxnreg.inc.sync.aligned.u32 240;" :  : );
  const float kNegInf = -__int_as_float(0x7f800000);  // NVRTC has no INFINITY
  float o[48], sc[32];
  constexpr int rs_s[32] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  constexpr int rs_o[48] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};
  constexpr int ck[32] = {0, 1, 0, 1, 8, 9, 8, 9, 16, 17, 16, 17, 24, 25, 24, 25, 32, 33, 32, 33, 40, 41, 40, 41, 48, 49, 48, 49, 56, 57, 56, 57};
  float mrow[2] = {kNegInf, kNegInf}, mu[2] = {0.0f, 0.0f};
  float l0[2] = {0.0f, 0.0f};
  #pragma unroll
  for (int e = 0; e < 48; ++e) o[e] = 0.0f;
  asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(qfull), "r"(0) : "memory");
  auto axon_tf32 = [](float x) -> unsigned {
    unsigned v;
    asm("cvt.rn.tf32.f32 %0, %1;" : "=r"(v) : "f"(x));
    return v;
  };
  const float* const sf32 = reinterpret_cast<const float*>(axon_smem_raw + ((((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull) - (unsigned long long)axon_smem_raw));
  const int wq = th >> 5;
  const int kb0 = axon_fmod(axon_fmod(th, (int)32), (int)4), vk0 = (kb0 == 0 ? 0 : (kb0 == 1 ? 2 : (kb0 == 2 ? 4 : (kb0 == 3 ? 6 : (kb0 == 4 ? 1 : (kb0 == 5 ? 3 : (kb0 == 6 ? 5 : 7)))))));
  const int kb1 = (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4), vk1 = (kb1 == 0 ? 0 : (kb1 == 1 ? 2 : (kb1 == 2 ? 4 : (kb1 == 3 ? 6 : (kb1 == 4 ? 1 : (kb1 == 5 ? 3 : (kb1 == 6 ? 5 : 7)))))));
  int it = kr;
  do {
    const int g = (it - kr) / 2, slot = g % 3;
    const int n0 = (int)it * 64;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 3) & 1) : "memory");
    #pragma unroll
    for (int e = 0; e < 32; ++e) sc[e] = 0.0f;
    #pragma unroll
    for (int kk = 0; kk < 12; ++kk) {
      unsigned fah[4];
      fah[0] = axon_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)0, (int)2)))) / 32) * 16384 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)0, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)0, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)0, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)0, (int)2)))) % 4) * 4) / 4]);
      fah[1] = axon_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)1, (int)2)))) / 32) * 16384 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)1, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)1, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)1, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)1, (int)2)))) % 4) * 4) / 4]);
      fah[2] = axon_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)2, (int)2)))) / 32) * 16384 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)2, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)2, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)2, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)2, (int)2)))) % 4) * 4) / 4]);
      fah[3] = axon_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)3, (int)2)))) / 32) * 16384 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)3, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)3, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)3, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)3, (int)2)))) % 4) * 4) / 4]);
      #pragma unroll
      for (int j = 0; j < 8; ++j) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(49152 + slot * 24576 + ((kk * 8 + axon_fmod(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) * 128 + (((((kk * 8 + axon_fmod(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 8)) * 16) + ((kk * 8 + axon_fmod(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(49152 + slot * 24576 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4)) / 32) * 8192 + (j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4)) % 32) / 4) ^ ((j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(sc[j * 4]), "=f"(sc[j * 4 + 1]), "=f"(sc[j * 4 + 2]), "=f"(sc[j * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(sc[j * 4]), "f"(sc[j * 4 + 1]), "f"(sc[j * 4 + 2]), "f"(sc[j * 4 + 3]));
      }
    }
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.warp.sync 0xffffffff;" :  :  : "memory");
    if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
    float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
    const bool inside = true && (1LL * i0 + -1LL * (n0 + 63) + 0LL >= 0);
    if (inside) {
      if (n0 + 64 <= 1000) {
        #pragma unroll
        for (int e = 0; e < 32; ++e) {
          const int gj0 = n0 + ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
          const int gi = min(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2)))), (int)999), gj = min(gj0, (int)999);
          (void)gi; (void)gj; (void)gj0;
          const float v0 = 0x1.a20bd8p-4f;  // constant 4
          const float v1 = axon_mul_f32(sc[e], v0);  // mul 5
          const float x = v1;
          sc[e] = x;
          const int rs = rs_s[e];
          mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
        }
      }
      if (n0 + 64 > 1000) {
        #pragma unroll
        for (int e = 0; e < 32; ++e) {
          const int gj0 = n0 + ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
          const int gi = min(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2)))), (int)999), gj = min(gj0, (int)999);
          (void)gi; (void)gj; (void)gj0;
          const float v2 = 0x1.a20bd8p-4f;  // constant 4
          const float v3 = axon_mul_f32(sc[e], v2);  // mul 5
          const float x = gj0 < 1000 ? v3 : kNegInf;
          sc[e] = x;
          const int rs = rs_s[e];
          mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
        }
      }
    }
    if (!inside) {
      if (n0 + 64 <= 1000) {
        const int bd0[2] = {(int)max(min(1LL * (long long)(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod((int)0, (int)4), (int)2))))) + -1LL * (long long)(n0 + ((axon_fdiv((int)0, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod((int)0, (int)4), (int)2)))) + 0LL, 1LL << 30), -(1LL << 30)), (int)max(min(1LL * (long long)(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod((int)2, (int)4), (int)2))))) + -1LL * (long long)(n0 + ((axon_fdiv((int)0, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod((int)0, (int)4), (int)2)))) + 0LL, 1LL << 30), -(1LL << 30))};
        #pragma unroll
        for (int e = 0; e < 32; ++e) {
          const int gj0 = n0 + ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
          const int gi = min(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2)))), (int)999), gj = min(gj0, (int)999);
          (void)gi; (void)gj; (void)gj0;
          const float v4 = 0x1.a20bd8p-4f;  // constant 4
          const float v5 = axon_mul_f32(sc[e], v4);  // mul 5
          const float v6 = -__int_as_float(0x7f800000);  // constant 9
          const float x = ((bd0[rs_s[e]] >= 1 * ck[e]) == true ? v5 : v6);
          sc[e] = x;
          const int rs = rs_s[e];
          mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
        }
      }
      if (n0 + 64 > 1000) {
        const int bd0[2] = {(int)max(min(1LL * (long long)(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod((int)0, (int)4), (int)2))))) + -1LL * (long long)(n0 + ((axon_fdiv((int)0, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod((int)0, (int)4), (int)2)))) + 0LL, 1LL << 30), -(1LL << 30)), (int)max(min(1LL * (long long)(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod((int)2, (int)4), (int)2))))) + -1LL * (long long)(n0 + ((axon_fdiv((int)0, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod((int)0, (int)4), (int)2)))) + 0LL, 1LL << 30), -(1LL << 30))};
        #pragma unroll
        for (int e = 0; e < 32; ++e) {
          const int gj0 = n0 + ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
          const int gi = min(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2)))), (int)999), gj = min(gj0, (int)999);
          (void)gi; (void)gj; (void)gj0;
          const float v7 = 0x1.a20bd8p-4f;  // constant 4
          const float v8 = axon_mul_f32(sc[e], v7);  // mul 5
          const float v9 = -__int_as_float(0x7f800000);  // constant 9
          const float x = gj0 < 1000 ? ((bd0[rs_s[e]] >= 1 * ck[e]) == true ? v8 : v9) : kNegInf;
          sc[e] = x;
          const int rs = rs_s[e];
          mp[rs][(e >> 2) & 3] = axon_max_nan(mp[rs][(e >> 2) & 3], x);
        }
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
    for (int e = 0; e < 48; ++e) {
      o[e] *= al[rs_o[e]];
    }
    float ls0[2][4] = {};
    if (n0 + 64 <= 1000) {
      #pragma unroll
      for (int e = 0; e < 32; ++e) {
        const int gj0 = n0 + ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
        const int gi = min(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2)))), (int)999), gj = min(gj0, (int)999);
        (void)gi; (void)gj; (void)gj0;
        const int rs = rs_s[e];
        const float v10 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 13 at the shift
        ls0[rs][(e >> 2) & 3] += v10;
        sc[e] = v10;
      }
    }
    if (n0 + 64 > 1000) {
      #pragma unroll
      for (int e = 0; e < 32; ++e) {
        const int gj0 = n0 + ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
        const int gi = min(m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2)))), (int)999), gj = min(gj0, (int)999);
        (void)gi; (void)gj; (void)gj0;
        const int rs = rs_s[e];
        const float v11 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 13 at the shift
        if (gj0 < 1000) ls0[rs][(e >> 2) & 3] += v11;
        sc[e] = gj0 < 1000 ? v11 : 0.0f;
      }
    }
    l0[0] += (ls0[0][0] + ls0[0][1]) + (ls0[0][2] + ls0[0][3]);
    l0[1] += (ls0[1][0] + ls0[1][1]) + (ls0[1][2] + ls0[1][3]);
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * slot), "r"((g / 3) & 1) : "memory");
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[0]);
      fah[1] = axon_tf32(sc[2]);
      fah[2] = axon_tf32(sc[1]);
      fah[3] = axon_tf32(sc[3]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (0 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((0 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (0 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((0 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[4]);
      fah[1] = axon_tf32(sc[6]);
      fah[2] = axon_tf32(sc[5]);
      fah[3] = axon_tf32(sc[7]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (8 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((8 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (8 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((8 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[8]);
      fah[1] = axon_tf32(sc[10]);
      fah[2] = axon_tf32(sc[9]);
      fah[3] = axon_tf32(sc[11]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (16 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((16 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (16 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((16 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[12]);
      fah[1] = axon_tf32(sc[14]);
      fah[2] = axon_tf32(sc[13]);
      fah[3] = axon_tf32(sc[15]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (24 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((24 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (24 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((24 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[16]);
      fah[1] = axon_tf32(sc[18]);
      fah[2] = axon_tf32(sc[17]);
      fah[3] = axon_tf32(sc[19]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (32 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((32 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (32 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((32 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[20]);
      fah[1] = axon_tf32(sc[22]);
      fah[2] = axon_tf32(sc[21]);
      fah[3] = axon_tf32(sc[23]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (40 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((40 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (40 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((40 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[24]);
      fah[1] = axon_tf32(sc[26]);
      fah[2] = axon_tf32(sc[25]);
      fah[3] = axon_tf32(sc[27]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (48 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((48 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (48 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((48 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4];
      fah[0] = axon_tf32(sc[28]);
      fah[1] = axon_tf32(sc[30]);
      fah[2] = axon_tf32(sc[29]);
      fah[3] = axon_tf32(sc[31]);
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2];
        fbh[0] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (56 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((56 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        fbh[1] = axon_tf32(sf32[(122880 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (56 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((56 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.warp.sync 0xffffffff;" :  :  : "memory");
    if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * slot) : "memory");
  } while ((it += 2) < ke);
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[0])); l0[0] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[0])); l0[0] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[1])); l0[1] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[1])); l0[1] += t; }
  const int ct = tid - 128;
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(256) : "memory");
  if (cr != 0) {
    #pragma unroll
    for (int c = 0; c < 12; ++c) asm volatile("st.shared.v4.f32 [%0], {%1, %2, %3, %4};" :  : "r"(sq0 + (unsigned)(((c) * 256 + ct) * 16)), "f"(o[4 * c]), "f"(o[4 * c + 1]), "f"(o[4 * c + 2]), "f"(o[4 * c + 3]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sq0 + (unsigned)(((48) * 256 + ct) * 4)), "f"(mu[0]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sq0 + (unsigned)(((50) * 256 + ct) * 4)), "f"(mrow[0]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sq0 + (unsigned)(((52) * 256 + ct) * 4)), "f"(l0[0]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sq0 + (unsigned)(((49) * 256 + ct) * 4)), "f"(mu[1]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sq0 + (unsigned)(((51) * 256 + ct) * 4)), "f"(mrow[1]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sq0 + (unsigned)(((53) * 256 + ct) * 4)), "f"(l0[1]) : "memory");
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  if (cr == 0) {
    #pragma unroll 1
    for (unsigned q = 1; q < 2u; ++q) {
      if (kb + (int)q >= ke) break;  // ranks q.. ran a stand-in tile (key_range)
      unsigned rb;
      asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rb) : "r"(sq0), "r"(q));
      float a0[2], a1[2];
      #pragma unroll
      for (int r = 0; r < 2; ++r) {
        float mu1, m1;
        asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(mu1) : "r"(rb + (unsigned)(((48 + r) * 256 + ct) * 4)) : "memory");
        asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(m1) : "r"(rb + (unsigned)(((50 + r) * 256 + ct) * 4)) : "memory");
        const float m = axon_max_nan(mrow[r], m1), ns = (-(m == kNegInf ? 0.0f : m) * 0x1.715476p+0f);
        a0[r] = axon_exp2_at_f32(0.0f, ns - mu[r]);
        a1[r] = axon_exp2_at_f32(0.0f, ns - mu1);
        if (mrow[r] == kNegInf) a0[r] = 0.0f;
        if (m1 == kNegInf) a1[r] = 0.0f;
        mrow[r] = m;
        mu[r] = ns;
        { float l; asm volatile("ld.shared::cluster.f32 %0, [%1];" : "=f"(l) : "r"(rb + (unsigned)(((52 + r) * 256 + ct) * 4)) : "memory"); l0[r] = l0[r] * a0[r] + l * a1[r]; }
      }
      #pragma unroll
      for (int c = 0; c < 12; ++c) {
        float x[4];
        asm volatile("ld.shared::cluster.v4.f32 {%0, %1, %2, %3}, [%4];" : "=f"(x[0]), "=f"(x[1]), "=f"(x[2]), "=f"(x[3]) : "r"(rb + (unsigned)(((c) * 256 + ct) * 16)) : "memory");
        #pragma unroll
        for (int i = 0; i < 4; ++i) o[4 * c + i] = o[4 * c + i] * a0[rs_o[4 * c + i]] + x[i] * a1[rs_o[4 * c + i]];
      }
    }
  }
  asm volatile("barrier.cluster.arrive.release.aligned;" :  :  : "memory");
  asm volatile("barrier.cluster.wait.acquire.aligned;" :  :  : "memory");
  if (cr != 0) return;
  float tg[2];
  #pragma unroll
  for (int r = 0; r < 2; ++r) {
    tg[r] = axon_exp2_at_f32(-(mrow[r] == kNegInf ? 0.0f : mrow[r]), -mu[r]);
    l0[r] *= tg[r];
  }
  #pragma unroll
  for (int e = 0; e < 48; ++e) o[e] *= tg[rs_o[e]];
  #pragma unroll
  for (int e = 0; e < 48; ++e) {
    const int gi = m0 + wg * 64 + ((axon_fdiv(th, (int)32) * (int)16) + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fdiv(axon_fmod(e, (int)4), (int)2))));
    const int gj = ((axon_fdiv(e, (int)4) * (int)8) + ((axon_fmod(axon_fmod(th, (int)32), (int)4) * (int)2) + axon_fmod(axon_fmod(e, (int)4), (int)2)));
    const int rs = rs_o[e];
    (void)rs;
    if (gi < 1000 && gj < 96) {
      const float v12 = axon_div_f32(o[e], l0[rs]);  // div 16
      axon_st_f32(out0 + ((gj + (gi * (int)96)) + (bz * (int)96000)), v12);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_attention_causal_f32_rewritten_tf32_g0_attention_t384_tf32_128x64_w2_s3_cl2: grid 128, block 384, smem 198768, params r0 r1 r2 w16
//   tensor map: param 0, 96 x 1000 x 8, box 32 x 128
//   tensor map: param 1, 96 x 1000 x 8, box 32 x 64
//   tensor map: param 2, 96 x 1000 x 8, box 32 x 64
// arch suffix 'a', grid dependency yes
