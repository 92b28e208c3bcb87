import re, shutil, subprocess, sys
from pathlib import Path
src = Path("/tmp/race_cl3"); name = "axon_attention_f32_causal_d32_1x2x1387x32.cu"
base = (src / name).read_text()
def variant(tag, text):
    d = Path(tag); shutil.rmtree(d, ignore_errors=True); shutil.copytree(src, d)
    (d / name).write_text(text)
    (d / "kernel0_attention.cu").unlink()
    r = subprocess.run(["nvcc", "-O3", "-gencode", "arch=compute_90a,code=sm_90a", "-shared", "-Xcompiler", "-fPIC", "-o",
                        str(d / "libaxon_attention_f32_causal_d32_1x2x1387x32.so"), str(d / name)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    print(tag, "built")
def sub(t, a, b, n=1):
    assert t.count(a) == n, (a, t.count(a)); return t.replace(a, b)
variant("A_orig", base)
# B: the exchange's scalars outside the K ring (after the barriers), smem grown
t = sub(base, "const unsigned qfull = sv0 + 12288,", "const unsigned xs0 = sv0 + 12288 + 1024; const unsigned qfull = sv0 + 12288,")
for k in range(16, 22):
    t = t.replace("sq0 + (unsigned)(((%d) * 128 + ct) * 4)" % k, "xs0 + (unsigned)(((%d) * 128 + ct) * 4 - 8192)" % k)
t = re.sub(r"rb \+ \(unsigned\)\(\(\((1[68]|20) \+ r\) \* 128 \+ ct\) \* 4\)", lambda m: "rbx + (unsigned)((((%s + r) * 128 + ct) * 4) - 8192)" % m.group(1), t)
t = sub(t, 'asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rb) : "r"(sq0), "r"(q));',
        'asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rb) : "r"(sq0), "r"(q)); unsigned rbx; asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(rbx) : "r"(xs0), "r"(q));')
t = sub(t, "<<<132, 256, 34416, s>>>", "<<<132, 256, 34416 + 4096 + 1024, s>>>")
assert "sq0 + (unsigned)(((16" not in t and "rb + (unsigned)(((16" not in t
variant("B_scalars_out", t)
# C: the producer warpgroup stays for the cluster barriers (non-aligned forms)
cb = 'asm volatile("barrier.cluster.arrive.release;" ::: "memory"); asm volatile("barrier.cluster.wait.acquire;" ::: "memory"); asm volatile("barrier.cluster.arrive.release;" ::: "memory"); asm volatile("barrier.cluster.wait.acquire;" ::: "memory");'
t = sub(base, "if (tid != 0) return;", "if (tid != 0) { %s return; }" % cb)
t = sub(t, "    }\n    return;\n  }\n  const float kNegInf", "    }\n    %s\n    return;\n  }\n  const float kNegInf" % cb)
variant("C_producer_stays", t)
# D: a proxy fence before the exchange's writes
t = sub(base, "  if (cr != 0) {\n    #pragma unroll\n    for (int c = 0; c < 4; ++c) asm volatile(\"st.shared.v4",
        "  asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n  if (cr != 0) {\n    #pragma unroll\n    for (int c = 0; c < 4; ++c) asm volatile(\"st.shared.v4")
variant("D_proxy_fence", t)
# E: no merge at all is wrong by design; instead a cluster barrier at the start as well
t = sub(base, "  __syncthreads();\n  if (role == 0) {", "  __syncthreads();\n  asm volatile(\"barrier.cluster.arrive.release.aligned;\" ::: \"memory\");\n  asm volatile(\"barrier.cluster.wait.acquire.aligned;\" ::: \"memory\");\n  if (role == 0) {")
variant("E_cluster_sync_first", t)
