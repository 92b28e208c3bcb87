import re, shutil, subprocess
from pathlib import Path
src = Path("/tmp/race_cl3"); name = "axon_attention_f32_causal_d32_1x2x1387x32.cu"
base = "#include <cstdio>\n" + (src / name).read_text()
def variant(tag, text):
    d = Path(tag); shutil.rmtree(d, ignore_errors=True); shutil.copytree(src, d)
    (d / name).write_text(text); (d / "kernel0_attention.cu").unlink()
    r = subprocess.run(["nvcc", "-O3", "-gencode", "arch=compute_90a,code=sm_90a", "-shared", "-Xcompiler", "-fPIC", "-o",
                        str(d / "libaxon_attention_f32_causal_d32_1x2x1387x32.so"), str(d / name)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-3000:]
    print(tag, "built")
def sub(t, a, b, n=1):
    assert t.count(a) == n, (a[:80], t.count(a)); return t.replace(a, b)
KW = 'asm volatile("{\\n.reg .pred p;\\nAXON_WAIT:\\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\\n@!p bra AXON_WAIT;\\n}" :  : "r"(kfull0 + 8 * slot), "r"((g / 3) & 1) : "memory");'
VW = KW.replace("kfull0", "vfull0")
KA = 'if ((th & 31) == 0) asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :  : "r"(kempty0 + 8 * slot) : "memory");'
VA = KA.replace("kempty0", "vempty0")
def chk(what, off, src):
    return ('{ const int lane = th & 31, key = n0 + lane, c = (lane * 7 + wq * 3) & 31;'
            ' float sv; asm volatile("ld.shared.f32 %%0, [%%1];" : "=f"(sv) : "r"(sq0 + %d + (unsigned)(slot * 4096 + lane * 128 + (((c / 4) ^ (lane %% 8)) * 16) + (c %% 4) * 4)) : "memory");'
            ' const float gv = key < 1387 ? %s[axon_fmod(bz, (int)2) * 44384 + key * 32 + c] : 0.0f;'
            ' if (sv != gv) printf("CHK %s blk %%d cr %%d wq %%d it %%d g %%d lane %%d: %%g vs %%g\\n", bid, cr, wq, it, g, lane, sv, gv); }' % (off, src, what))
# G: K and V in the slot checked against global memory right after the full wait and right before the release
t = sub(base, KW, KW + "\n    " + chk("K-early", 8192, "in1"))
t = sub(t, KA, chk("K-late", 8192, "in1") + "\n    " + KA)
t = sub(t, VW, VW + "\n    " + chk("V-early", 20480, "in2"))
t = sub(t, VA, chk("V-late", 20480, "in2") + "\n    " + VA)
variant("G_slot_checks", t)
# F: flags: each rank q clears its flag at the start, sets it after its exchange writes; rank 0 checks it
t = sub(base, "<<<132, 256, 34416, s>>>", "<<<132, 256, 34416 + 1024, s>>>")
t = sub(t, "  __syncthreads();\n  if (role == 0) {", "  __syncthreads();\n  const unsigned flg = qfull + 512;\n  if (role == 1 || role == 2) asm volatile(\"st.shared.u32 [%0], %1;\" :: \"r\"(flg + (unsigned)((tid - 128) * 4)), \"r\"(0u) : \"memory\");\n  if (role == 0) {")
t = sub(t, '"f"(l0[1]) : "memory");\n  }\n  asm volatile("barrier.cluster.arrive.release.aligned;"',
        '"f"(l0[1]) : "memory");\n    asm volatile("st.shared.u32 [%0], %1;" :: "r"(flg + (unsigned)(ct * 4)), "r"(0x5EED0000u + (unsigned)bid) : "memory");\n  }\n  asm volatile("barrier.cluster.arrive.release.aligned;"')
t = sub(t, "      float a0[2], a1[2];\n", "      float a0[2], a1[2];\n      { unsigned rf, fv; asm volatile(\"mapa.shared::cluster.u32 %0, %1, %2;\" : \"=r\"(rf) : \"r\"(flg), \"r\"(q)); asm volatile(\"ld.shared::cluster.u32 %0, [%1];\" : \"=r\"(fv) : \"r\"(rf + (unsigned)(ct * 4)) : \"memory\");\n        if (fv != 0x5EED0000u + (unsigned)bid) printf(\"CHK flag blk %d q %d ct %d: %x\\n\", bid, q, ct, fv); }\n")
variant("F_flags", t)
