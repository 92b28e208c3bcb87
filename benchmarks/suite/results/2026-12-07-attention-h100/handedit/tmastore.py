"""Hand edit: the persistent kernel's epilogue computed in registers, staged in a buffer of its own
and stored by TMA (one thread per warpgroup), instead of staged in Q's panels and written by threads."""
import re, sys
src, dst, obuf_off = sys.argv[1], sys.argv[2], 167936
s = open(src).read()
kern = re.search(r'extern "C" __global__ void __launch_bounds__\(384, 1\) (axon_attention\w*_k0_c0)\(', s).group(1)
# kernel parameter
s = s.replace("const __grid_constant__ axon_tmap tmv) {", "const __grid_constant__ axon_tmap tmv, const __grid_constant__ axon_tmap tmo) {", 1)
a = s.index("    unsigned char* const sbase = (unsigned char*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);\n    float* const sstat")
b = s.index("    gb += ke - kb;", a)
m = re.search(r"const float t\d+ = axon_round_bf16\(sstat\[(\d+) \+ wg \* 64 \+ lr\]\);", s[a:b])
assert m
new = '''    {
    const unsigned so0 = sq0 + %d;
    if (th == 0) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    asm volatile("bar.sync %%0, %%1;" :  : "r"(4 + wg), "r"(128) : "memory");
    float rl[2];
    #pragma unroll
    for (int r = 0; r < 2; ++r) rl[r] = axon_div_bf16(1.0f, axon_round_bf16(l0[r]));
    #pragma unroll
    for (int e = 0; e < 64; e += 2) {
      const int lr = (((th / 32) * 16) + ((th %% 32) / 4)) + (8 * ((e / 2) %% 2)), lc = ((e / 4) * 8) + ((th %% 4) * 2);
      const float v0 = axon_round_bf16(axon_round_bf16(o[e]) * rl[rs_o[e]]);
      const float v1 = axon_round_bf16(axon_round_bf16(o[e + 1]) * rl[rs_o[e]]);
      const unsigned at = so0 + (lc / 64) * 16384 + (wg * 64 + lr) * 128 + (((lc %% 64) / 8) ^ (lr %% 8)) * 16 + (lc %% 8) * 2;
      const unsigned w = (unsigned)axon_bf16_bits(v0) | ((unsigned)axon_bf16_bits(v1) << 16);
      asm volatile("st.shared.b32 [%%0], %%1;" :: "r"(at), "r"(w) : "memory");
    }
    asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
    asm volatile("bar.sync %%0, %%1;" :  : "r"(4 + wg), "r"(128) : "memory");
    if (th == 0) {
      const unsigned long long to = (unsigned long long)&tmo;
      for (int p = 0; p < 2; ++p)
        asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%%0, {%%1, %%2, %%3}], [%%4];" :: "l"(to), "r"(p * 64), "r"(m0 + wg * 64), "r"(bz), "r"(so0 + p * 16384 + wg * 8192) : "memory");
      asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    }
    }
''' % obuf_off
s = s[:a] + new + s[b:]
# the bulk stores finish before the block ends
s = s.replace('''  if (role == 1) asm volatile("bar.sync %0, %1;" :  : "r"(2), "r"(256) : "memory");\n}''',
              '''  if (role == 1) asm volatile("bar.sync %0, %1;" :  : "r"(2), "r"(256) : "memory");\n  if ((threadIdx.x & 127) == 0) asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");\n}''', 1)
# host: smem size and the output's tensor map
old = re.search(r"cudaFuncSetAttribute\(%s, cudaFuncAttributeMaxDynamicSharedMemorySize, (\d+)\)" % kern, s).group(1)
new_smem = str(obuf_off + 32768 + 1024)
s = s.replace("MaxDynamicSharedMemorySize, %s)" % old, "MaxDynamicSharedMemorySize, %s)" % new_smem)
s = s.replace("<<<132, 384, %s, s>>>" % old, "<<<132, 384, %s, s>>>" % new_smem)
s = re.sub(r"(\s+)(%s<<<)" % kern, r"\1axon_tmap tmo;\1{ int e = axon_encode_tmap(&tmo, (const unsigned short*)outputs[0], 128ull, 2048ull, 128ull, 64u, 64u, encode); if (e) return e; }\1\2" % (), s, 1)
s = s.replace(", tm0, tm1);", ", tm0, tm1, tmo);", 1)
open(dst, "w").write(s)
