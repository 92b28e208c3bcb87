// golden kernel: graph 'softmax_matmul_f16_rewritten' (tests/golden/graphs/softmax_matmul_f16_rewritten.json), target sm_90
// kernel g0_attention: attention -> out
// tiling: attention t384 64x128 w1 s4 keysplit
extern "C" __global__ void __launch_bounds__(384, 1) golden_softmax_matmul_f16_rewritten_g0_attention_t384_64x128_w1_s4_keysplit(const unsigned short* __restrict__ in0, const unsigned short* __restrict__ in1, unsigned short* __restrict__ out0, const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv) {
  asm volatile("griddepcontrol.launch_dependents;" :  :  : "memory");
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
  extern __shared__ __align__(1024) unsigned char axon_smem_raw[];
  const unsigned sq0 = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));
  const unsigned sk0 = sq0 + 0, sv0 = sk0 + 65536;
  const unsigned qfull = sv0 + 131072, kfull0 = qfull + 8, vfull0 = kfull0 + 32, kempty0 = vfull0 + 32, vempty0 = kempty0 + 32, pin = vempty0 + 32;
  const int tid = threadIdx.x, role = tid >> 7, wg = 0, kp = role - 1, th = tid & 127;
  const int gc = (int)(blockIdx.x / 128), gw = (int)(blockIdx.x % 128);
  const int gn = min((int)1, (int)1 - gc * 1);
  const int mt = 127 - gw / gn;
  const int bz = (int)(gc * 1 + gw % gn), m0 = (int)mt * 64;
  (void)bz;
  int kb = 0, ke = 32;
  const long long i0 = m0, i1 = min(m0 + 64, (int)8192) - 1;
  (void)i0; (void)i1;
  kb = min(kb, 31);
  if (ke <= kb) ke = kb + 1;
  if (tid == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(qfull), "r"(1) : "memory");
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :  : "r"(pin), "r"(1) : "memory");
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(pin) : "memory");
    for (int s = 0; s < 4; ++s) {
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
    asm volatile("setmaxnreg.dec.sync.aligned.u32 24;" :  : );
    if (tid != 0) return;
    const int pk = (int)(0);
    const int pvv = (int)(0);
    const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;
    unsigned long long once_pol;
    asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(once_pol) : );
    for (int it = kb; it < ke; ++it) {
      const int g = it - kb, slot = g % 4;
      if (g >= 4) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kempty0 + 8 * slot), "r"(((g / 4) + 1) & 1) : "memory");
      asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :  : "r"(kfull0 + 8 * slot), "r"(16384) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sk0 + (unsigned)(slot * 16384) + 0), "l"(tk), "r"(it * 128 + 0), "r"((int)m0), "r"(pk), "r"(kfull0 + 8 * slot), "l"(once_pol) : "memory");
      asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3, %4}], [%5], %6;" :  : "r"(sk0 + (unsigned)(slot * 16384) + 8192), "l"(tk), "r"(it * 128 + 64), "r"((int)m0), "r"(pk), "r"(kfull0 + 8 * slot), "l"(once_pol) : "memory");
      if (g >= 4) asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vempty0 + 8 * slot), "r"(((g / 4) + 1) & 1) : "memory");
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
  unsigned pr[32];
  float mrow[2] = {kNegInf, kNegInf}, mu[2] = {0.0f, 0.0f};
  float l0[2] = {0.0f, 0.0f};
  #pragma unroll
  for (int e = 0; e < 64; ++e) o[e] = 0.0f;
  for (int it = kb + kp; it < ke; it += 2) {
    const int g = it - kb, slot = g % 4;
    const int n0 = (int)it * 128;
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 4) & 1) : "memory");
    unsigned mx2[2][2] = {{0xFC00FC00u, 0xFC00FC00u}, {0xFC00FC00u, 0xFC00FC00u}};  // -inf pairs
    #pragma unroll
    for (int c = 0; c < 8; ++c) {
      const int lr = wg * 64 + (th >> 5) * 16 + ((axon_fmod(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8) + axon_fmod(axon_fmod(th, (int)32), (int)8)), lk = c * 16 + (axon_fdiv(axon_fdiv(axon_fmod(th, (int)32), (int)8), (int)2) * (int)8);
      unsigned lw[4];
      asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(lw[0]), "=r"(lw[1]), "=r"(lw[2]), "=r"(lw[3]) : "r"(sk0 + (unsigned)(slot * 16384 + (lk / 64) * 8192 + lr * 128 + ((((lk % 64) / 8) ^ (lr % 8)) * 16) + (lk % 8) * 2)) : "memory");
      asm("max.NaN.f16x2 %0, %1, %2;" : "=r"(mx2[rs_s[c * 8 + 0]][((c * 8 + 0) >> 2) & 1]) : "r"(mx2[rs_s[c * 8 + 0]][((c * 8 + 0) >> 2) & 1]), "r"(lw[0]));
      sc[c * 8 + 0] = axon_f16_to_f((unsigned short)(lw[0] & 0xFFFFu));
      sc[c * 8 + 0 + 1] = axon_f16_to_f((unsigned short)(lw[0] >> 16));
      asm("max.NaN.f16x2 %0, %1, %2;" : "=r"(mx2[rs_s[c * 8 + 2]][((c * 8 + 2) >> 2) & 1]) : "r"(mx2[rs_s[c * 8 + 2]][((c * 8 + 2) >> 2) & 1]), "r"(lw[1]));
      sc[c * 8 + 2] = axon_f16_to_f((unsigned short)(lw[1] & 0xFFFFu));
      sc[c * 8 + 2 + 1] = axon_f16_to_f((unsigned short)(lw[1] >> 16));
      asm("max.NaN.f16x2 %0, %1, %2;" : "=r"(mx2[rs_s[c * 8 + 4]][((c * 8 + 4) >> 2) & 1]) : "r"(mx2[rs_s[c * 8 + 4]][((c * 8 + 4) >> 2) & 1]), "r"(lw[2]));
      sc[c * 8 + 4] = axon_f16_to_f((unsigned short)(lw[2] & 0xFFFFu));
      sc[c * 8 + 4 + 1] = axon_f16_to_f((unsigned short)(lw[2] >> 16));
      asm("max.NaN.f16x2 %0, %1, %2;" : "=r"(mx2[rs_s[c * 8 + 6]][((c * 8 + 6) >> 2) & 1]) : "r"(mx2[rs_s[c * 8 + 6]][((c * 8 + 6) >> 2) & 1]), "r"(lw[3]));
      sc[c * 8 + 6] = axon_f16_to_f((unsigned short)(lw[3] & 0xFFFFu));
      sc[c * 8 + 6 + 1] = axon_f16_to_f((unsigned short)(lw[3] >> 16));
    }
    asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.warp.sync 0xffffffff;" :  :  : "memory");
    if ((th & 31) == 0) {
      asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");
      if (g >= 2) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(vempty0 + 8 * ((g - 2) % 4)) : "memory");
    }
    float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};
    #pragma unroll
    for (int r = 0; r < 2; ++r) { mp[r][0] = axon_f16_to_f((unsigned short)(mx2[r][0] & 0xFFFFu)); mp[r][1] = axon_f16_to_f((unsigned short)(mx2[r][0] >> 16)); mp[r][2] = axon_f16_to_f((unsigned short)(mx2[r][1] & 0xFFFFu)); mp[r][3] = axon_f16_to_f((unsigned short)(mx2[r][1] >> 16)); }
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
      const int gi = min(m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2))), (int)8191), gj = min(gj0, (int)4095);
      (void)gi; (void)gj; (void)gj0;
      const int rs = rs_s[e];
      const float v0 = axon_exp2_at_f32(sc[e], mu[rs]);  // exp 5 at the shift
      sc[e] = v0;
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
    asm volatile("{\n.reg .pred p;\nAXON_WAIT:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra AXON_WAIT;\n}" :  : "r"(vfull0 + 8 * slot), "r"((g / 4) & 1) : "memory");
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
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[0])); l0[0] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[0])); l0[0] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[1])); l0[1] += t; }
  { float t; asm volatile("shfl.sync.bfly.b32 %0, %1, 2, 0x1f, 0xffffffff;" : "=f"(t) : "f"(l0[1])); l0[1] += t; }
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(256) : "memory");
  if (kp == 1) {
    #pragma unroll
    for (int e = 0; e < 64; ++e) asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((e) * 128 + th) * 4)), "f"(o[e]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((64) * 128 + th) * 4)), "f"(mu[0]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((66) * 128 + th) * 4)), "f"(mrow[0]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((68) * 128 + th) * 4)), "f"(l0[0]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((65) * 128 + th) * 4)), "f"(mu[1]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((67) * 128 + th) * 4)), "f"(mrow[1]) : "memory");
    asm volatile("st.shared.f32 [%0], %1;" :  : "r"(sk0 + (unsigned)(((69) * 128 + th) * 4)), "f"(l0[1]) : "memory");
  }
  asm volatile("bar.sync %0, %1;" :  : "r"(1), "r"(256) : "memory");
  if (kp == 1) return;
  float a0[2], a1[2];
  #pragma unroll
  for (int r = 0; r < 2; ++r) {
    float mu1, m1;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(mu1) : "r"(sk0 + (unsigned)(((64 + r) * 128 + th) * 4)) : "memory");
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(m1) : "r"(sk0 + (unsigned)(((66 + r) * 128 + th) * 4)) : "memory");
    const float m = axon_max_nan(mrow[r], m1), ns = (-(m == kNegInf ? 0.0f : m) * 0x1.715476p+0f);
    a0[r] = axon_exp2_at_f32(0.0f, ns - mu[r]);
    a1[r] = axon_exp2_at_f32(0.0f, ns - mu1);
    if (mrow[r] == kNegInf) a0[r] = 0.0f;
    if (m1 == kNegInf) a1[r] = 0.0f;
    mrow[r] = m;
    mu[r] = ns;
    { float l; asm volatile("ld.shared.f32 %0, [%1];" : "=f"(l) : "r"(sk0 + (unsigned)(((68 + r) * 128 + th) * 4)) : "memory"); l0[r] = l0[r] * a0[r] + l * a1[r]; }
  }
  #pragma unroll
  for (int e = 0; e < 64; ++e) {
    float x;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(x) : "r"(sk0 + (unsigned)(((e) * 128 + th) * 4)) : "memory");
    o[e] = o[e] * a0[rs_o[e]] + x * a1[rs_o[e]];
  }
  float tg[2];
  #pragma unroll
  for (int r = 0; r < 2; ++r) {
    tg[r] = axon_exp2_at_f32(-(mrow[r] == kNegInf ? 0.0f : mrow[r]), -mu[r]);
    l0[r] *= tg[r];
  }
  #pragma unroll
  for (int e = 0; e < 64; ++e) o[e] *= tg[rs_o[e]];
  #pragma unroll
  for (int e = 0; e < 64; ++e) {
    const int gi = m0 + wg * 64 + (((axon_fdiv(th, (int)32) * (int)16) + axon_fdiv(axon_fmod(th, (int)32), (int)4)) + ((int)8 * axon_fmod(axon_fdiv(e, (int)2), (int)2)));
    const int gj = (((axon_fdiv(e, (int)4) * (int)8) + (axon_fmod(th, (int)4) * (int)2)) + axon_fmod(e, (int)2));
    const int rs = rs_o[e];
    (void)rs;
    if (gi < 8192 && gj < 128) {
      const float v1 = axon_round_f16(axon_div_f32(axon_round_f16(o[e]), axon_round_f16(l0[rs])));  // div 9
      axon_st_f16(out0 + (gj + (gi * (int)128)), v1);
    }
  }
}
// ---- launches (golden: what the launcher is told) ----
// golden_softmax_matmul_f16_rewritten_g0_attention_t384_64x128_w1_s4_keysplit: grid 128, block 384, smem 198288, params r0 r1 w9
//   tensor map: param 0, 4096 x 8192 x 1, box 64 x 64
//   tensor map: param 1, 128 x 4096 x 1, box 64 x 128
// arch suffix 'a', grid dependency yes
