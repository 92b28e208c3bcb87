// golden kernel: graph 'attention_causal_f32_rewritten' (tests/golden/graphs/attention_causal_f32_rewritten.json), target sm_90
// kernel g0_attention: attention -> y
// tiling: attention t256 tf32x3 64x64 w1 s3
extern "C" __global__ void __launch_bounds__(256, 1) golden_attention_causal_f32_rewritten_g0_attention_t256_tf32x3_64x64_w1_s3(const float* __restrict__ in0, const float* __restrict__ in1, const float* __restrict__ in2, float* __restrict__ out0, const __grid_constant__ axon_tmap tmq, const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  const unsigned sq0 = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));
  const unsigned sk0 = sq0 + 24576, sv0 = sk0 + 73728;
  const unsigned qfull = sv0 + 73728, kfull0 = qfull + 8, vfull0 = kfull0 + 24, kempty0 = vfull0 + 24, vempty0 = kempty0 + 24, pin = vempty0 + 24;
  const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;
  const int gc = (int)(blockIdx.x / 128), gw = (int)(blockIdx.x % 128);
  const int gn = min((int)8, (int)8 - gc * 8);
  const int mt = 15 - gw / gn;
  const int bz = (int)(gc * 8 + gw % gn), m0 = (int)mt * 64;
  int kb = 0, ke = 16;
  const long long i0 = m0, i1 = min(m0 + 64, (int)1000) - 1;
  (void)i0; (void)i1;
  { const long long jmax = axon_fdiv((1LL * i1 + 0LL), 1LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / 64) + 1); }
  kb = min(kb, 15);
  if (ke <= kb) ke = kb + 1;
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(qfull), "r"(1) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(pin), "r"(1) : "memory");
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(pin) : "memory");
    for (int s = 0; s < 3; ++s) {
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(kfull0 + 8 * s), "r"(1) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(vfull0 + 8 * s), "r"(1) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(kempty0 + 8 * s), "r"(4) : "memory");
      asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(vempty0 + 8 * s), "r"(4) : "memory");
    }
    asm volatile("fence.mbarrier_init.release.cluster;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
  }
  __syncthreads();
  if (role == 0) {
    if (tid != 0) return;
    const int pq = (int)(bz);
    const int pk = (int)(bz);
    const int pvv = (int)(bz);
    const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;
    const unsigned long long tq = (unsigned long long)&tmq;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(qfull), "r"(24576) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sq0 + 0), "l"(tq), "r"(0 + 0), "r"((int)m0), "r"(pq), "r"(qfull) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sq0 + 8192), "l"(tq), "r"(0 + 32), "r"((int)m0), "r"(pq), "r"(qfull) : "memory");
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(sq0 + 16384), "l"(tq), "r"(0 + 64), "r"((int)m0), "r"(pq), "r"(qfull) : "memory");
    for (int it = kb; it < ke; ++it) {
      const int g = it - kb, slot = g % 3;
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
  auto axon_split_tf32 = [&](float x, unsigned& hi, unsigned& lo) {
    hi = axon_tf32(x);
    const float r = x - __uint_as_float(hi);
    lo = axon_tf32(fabsf(r) <= 3.402823466e38f ? r : 0.0f);
  };
  const float* const sf32 = reinterpret_cast<const float*>(axon_smem_raw + ((((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull) - (unsigned long long)axon_smem_raw));
  const int wq = th >> 5;
  const int kb0 = axon_fmod(axon_fmod(th, (int)32), (int)4), vk0 = (kb0 == 0 ? 0 : (kb0 == 1 ? 2 : (kb0 == 2 ? 4 : (kb0 == 3 ? 6 : (kb0 == 4 ? 1 : (kb0 == 5 ? 3 : (kb0 == 6 ? 5 : 7)))))));
  const int kb1 = (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4), vk1 = (kb1 == 0 ? 0 : (kb1 == 1 ? 2 : (kb1 == 2 ? 4 : (kb1 == 3 ? 6 : (kb1 == 4 ? 1 : (kb1 == 5 ? 3 : (kb1 == 6 ? 5 : 7)))))));
  int it = kb;
  do {
    const int g = it - kb, slot = g % 3;
    const int n0 = (int)it * 64;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 3) & 1) : "memory");
    #pragma unroll
    for (int e = 0; e < 32; ++e) sc[e] = 0.0f;
    float sl[32];
    #pragma unroll
    for (int e = 0; e < 32; ++e) sl[e] = 0.0f;
    #pragma unroll 4
    for (int kk = 0; kk < 12; ++kk) {
      unsigned fah[4], fal[4];
      axon_split_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)0, (int)2)))) / 32) * 8192 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)0, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)0, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)0, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)0, (int)2)))) % 4) * 4) / 4], fah[0], fal[0]);
      axon_split_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)1, (int)2)))) / 32) * 8192 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)1, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)1, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)1, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)1, (int)2)))) % 4) * 4) / 4], fah[1], fal[1]);
      axon_split_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)2, (int)2)))) / 32) * 8192 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)2, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)2, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)2, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)2, (int)2)))) % 4) * 4) / 4], fah[2], fal[2]);
      axon_split_tf32(sf32[(0 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)3, (int)2)))) / 32) * 8192 + (wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)3, (int)2)))) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)3, (int)2)))) % 32) / 4) ^ ((wg * 64 + wq * 16 + (axon_fdiv(axon_fmod(th, (int)32), (int)4) + ((int)8 * axon_fmod((int)3, (int)2)))) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + ((int)4 * axon_fdiv((int)3, (int)2)))) % 4) * 4) / 4], fah[3], fal[3]);
      #pragma unroll
      for (int j = 0; j < 8; ++j) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(24576 + slot * 24576 + ((kk * 8 + axon_fmod(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) * 128 + (((((kk * 8 + axon_fmod(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 8)) * 16) + ((kk * 8 + axon_fmod(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(24576 + slot * 24576 + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4)) / 32) * 8192 + (j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) * 128 + (((((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4)) % 32) / 4) ^ ((j * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 8)) * 16) + ((kk * 8 + (axon_fmod(axon_fmod(th, (int)32), (int)4) + (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(sl[j * 4]), "=f"(sl[j * 4 + 1]), "=f"(sl[j * 4 + 2]), "=f"(sl[j * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(sl[j * 4]), "f"(sl[j * 4 + 1]), "f"(sl[j * 4 + 2]), "f"(sl[j * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(sl[j * 4]), "=f"(sl[j * 4 + 1]), "=f"(sl[j * 4 + 2]), "=f"(sl[j * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(sl[j * 4]), "f"(sl[j * 4 + 1]), "f"(sl[j * 4 + 2]), "f"(sl[j * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(sc[j * 4]), "=f"(sc[j * 4 + 1]), "=f"(sc[j * 4 + 2]), "=f"(sc[j * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(sc[j * 4]), "f"(sc[j * 4 + 1]), "f"(sc[j * 4 + 2]), "f"(sc[j * 4 + 3]));
      }
    }
    #pragma unroll
    for (int e = 0; e < 32; ++e) sc[e] += sl[e];
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
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[0]); fal[0] = axon_tf32(sc[0] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[2]); fal[1] = axon_tf32(sc[2] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[1]); fal[2] = axon_tf32(sc[1] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[3]); fal[3] = axon_tf32(sc[3] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (0 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((0 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (0 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((0 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[4]); fal[0] = axon_tf32(sc[4] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[6]); fal[1] = axon_tf32(sc[6] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[5]); fal[2] = axon_tf32(sc[5] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[7]); fal[3] = axon_tf32(sc[7] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (8 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((8 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (8 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((8 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[8]); fal[0] = axon_tf32(sc[8] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[10]); fal[1] = axon_tf32(sc[10] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[9]); fal[2] = axon_tf32(sc[9] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[11]); fal[3] = axon_tf32(sc[11] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (16 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((16 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (16 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((16 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[12]); fal[0] = axon_tf32(sc[12] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[14]); fal[1] = axon_tf32(sc[14] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[13]); fal[2] = axon_tf32(sc[13] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[15]); fal[3] = axon_tf32(sc[15] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (24 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((24 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (24 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((24 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[16]); fal[0] = axon_tf32(sc[16] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[18]); fal[1] = axon_tf32(sc[18] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[17]); fal[2] = axon_tf32(sc[17] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[19]); fal[3] = axon_tf32(sc[19] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (32 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((32 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (32 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((32 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[20]); fal[0] = axon_tf32(sc[20] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[22]); fal[1] = axon_tf32(sc[22] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[21]); fal[2] = axon_tf32(sc[21] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[23]); fal[3] = axon_tf32(sc[23] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (40 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((40 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (40 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((40 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[24]); fal[0] = axon_tf32(sc[24] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[26]); fal[1] = axon_tf32(sc[26] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[25]); fal[2] = axon_tf32(sc[25] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[27]); fal[3] = axon_tf32(sc[27] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (48 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((48 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (48 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((48 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    {
      unsigned fah[4], fal[4];
      { fah[0] = axon_tf32(sc[28]); fal[0] = axon_tf32(sc[28] - __uint_as_float(fah[0])); }
      { fah[1] = axon_tf32(sc[30]); fal[1] = axon_tf32(sc[30] - __uint_as_float(fah[1])); }
      { fah[2] = axon_tf32(sc[29]); fal[2] = axon_tf32(sc[29] - __uint_as_float(fah[2])); }
      { fah[3] = axon_tf32(sc[31]); fal[3] = axon_tf32(sc[31] - __uint_as_float(fah[3])); }
      #pragma unroll
      for (int ni = 0; ni < 12; ++ni) {
        unsigned fbh[2], fbl[2];
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (56 + vk0) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((56 + vk0) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[0], fbl[0]);
        axon_split_tf32(sf32[(98304 + slot * 24576 + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) / 32) * 8192 + (56 + vk1) * 128 + (((((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 32) / 4) ^ ((56 + vk1) % 8)) * 16) + ((ni * 8 + axon_fdiv(axon_fmod(th, (int)32), (int)4)) % 4) * 4) / 4], fbh[1], fbl[1]);
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fal[0]), "r"(fal[1]), "r"(fal[2]), "r"(fal[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbl[0]), "r"(fbl[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};" : "=f"(o[ni * 4]), "=f"(o[ni * 4 + 1]), "=f"(o[ni * 4 + 2]), "=f"(o[ni * 4 + 3]) : "r"(fah[0]), "r"(fah[1]), "r"(fah[2]), "r"(fah[3]), "r"(fbh[0]), "r"(fbh[1]), "f"(o[ni * 4]), "f"(o[ni * 4 + 1]), "f"(o[ni * 4 + 2]), "f"(o[ni * 4 + 3]));
      }
    }
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.warp.sync 0xffffffff;" :  :  : "memory");
    if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * slot) : "memory");
  } while (++it < ke);
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
// golden_attention_causal_f32_rewritten_g0_attention_t256_tf32x3_64x64_w1_s3: grid 128, block 256, smem 173680, params r0 r1 r2 w16
//   tensor map: param 0, 96 x 1000 x 8, box 32 x 64
//   tensor map: param 1, 96 x 1000 x 8, box 32 x 64
//   tensor map: param 2, 96 x 1000 x 8, box 32 x 64
// arch suffix 'a', grid dependency yes
