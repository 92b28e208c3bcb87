// The sm_90a contraction kernel (docs/contraction.md): warpgroups issue wgmma on shared-memory
// descriptors while cp.async fills the stages ahead. The tile loader, the epilogue's meaning and
// the instructions are the same as the mma.sync kernel's; the accumulator layout is the spec's
// wgmma `d` fragment.
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

std::string S(int64_t v) { return std::to_string(v); }

}  // namespace

WgmmaIsa wgmma_isa(const Isa& isa) {
  WgmmaIsa w;
  w.mma_kb = isa.find("wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16");
  w.mma_nb = isa.find("wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16.nmajor_b");
  w.mma_ma = isa.find("wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16.mmajor_a");
  w.mma_ma_nb = isa.find("wgmma.mma_async.sync.aligned.m64nNk16.f32.bf16.bf16.mmajor_a.nmajor_b");
  w.fence = isa.find("wgmma.fence.sync.aligned");
  w.commit = isa.find("wgmma.commit_group.sync.aligned");
  w.wait = isa.find("wgmma.wait_group.sync.aligned");
  w.proxy = isa.find("fence.proxy.async.shared::cta");
  w.ok = w.fence && w.commit && w.wait && w.proxy;
  return w;
}

const InstrSpec* WgmmaIsa::pick(bool a_k_major, bool b_k_major) const {
  if (!ok) return nullptr;
  return a_k_major ? (b_k_major ? mma_kb : mma_nb) : (b_k_major ? mma_ma : mma_ma_nb);
}

std::string wgmma_kernel(const Group& g, const GroupShape& s, const TileConfig& t, const Lowerings& low,
                         const std::string& name, bool wide) {
  const ContractionShape& c = s.mm;
  AXON_CHECK(low.isa != nullptr, "codegen: contraction kernels need the ISA");
  const TensorCoreIsa tc = tensor_core_isa(*low.isa, c.in);
  const WgmmaIsa wi = wgmma_isa(*low.isa);
  AXON_CHECK(tc.ok && wi.pick(c.a.k_major, c.b.k_major) != nullptr, "codegen: the ISA lacks this wgmma form");
  AXON_CHECK(c.in == DType::bf16 && t.bk == 64 && t.bm % 64 == 0 && t.bn % 64 == 0 && t.bn <= 256,
             "codegen: a wgmma configuration outside its layouts");
  const InstrSpec& mma = *wi.pick(c.a.k_major, c.b.k_major);
  const int N = t.bn, REGS = N / 2;
  const int AE = t.bm * t.bk, BE = t.bk * t.bn;
  const int D = t.stages - 2;  // tiles loaded ahead: one stage is still read by the wgmma in flight
  AXON_CHECK(D >= 1, "codegen: wgmma pipelines need three stages or more");

  // The accumulator map of the spec, checked to cover the 64 x N tile once per warpgroup.
  const Fragment& df = fragment(mma, "d");
  {
    std::set<int64_t> seen;
    for (int th = 0; th < 128; ++th)
      for (int r = 0; r < REGS; ++r) {
        const int64_t row = fragment_index(df.row, th, r), col = fragment_index(df.col, th, r);
        AXON_CHECK(row >= 0 && row < 64 && col >= 0 && col < N && seen.insert(row * N + col).second,
                   "codegen: " + mma.name + "'s d fragment is not a bijection onto 64 x " + S(N));
      }
  }

  Emitter em(&low, false, wide);
  global_loads(em, g);
  const std::string I = em.idx();
  em.name_var(kBatchVar, "bz");
  em.name_var(kLaneVar, "th");
  em.name_var(kRegVar, "e");
  const std::vector<Term> batch = coords_of(term::var(kBatchVar), c.batch_dims);

  std::ostringstream head;
  head << "extern \"C\" __global__ void __launch_bounds__(" << t.threads << ", 1) " << name << "(" << param_list(g) << ") {\n";
  // 128-byte swizzle atoms repeat every 1024 bytes: the stages start on such a boundary.
  em.line("extern __shared__ __align__(1024) unsigned char axon_smem_raw[];");
  em.line("unsigned short* const sA = (unsigned short*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull);");
  em.line("unsigned short* const sB = sA + " + S(t.stages * AE) + ";");
  em.line("const int tid = threadIdx.x, wg = tid >> 7, th = tid & 127;");
  emit_tile_origin(em, c, t);
  em.line("float acc[" + S(REGS) + "];");
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(REGS) + "; ++i) {");
  em.line("acc[i] = 0.0f;");
  em.close();
  emit_load_tile(em, g, c, t, tc, batch, true);

  // Shared-memory matrix descriptors (128-byte swizzle): start >> 4, leading and stride byte
  // offsets >> 4, swizzle mode 1 in bits 62-63.
  // K-major: rows of 64 K values, 8-row groups 1024 bytes apart. MN-major: 64-column blocks of
  // `bk` rows (leading-byte offset), 8-row groups 1024 bytes apart.
  const int64_t a_lbo = c.a.k_major ? 1 : (int64_t(t.bk) * 128) >> 4, a_sbo = 1024 >> 4;
  const int64_t b_lbo = c.b.k_major ? 1 : (int64_t(t.bk) * 128) >> 4, b_sbo = 1024 >> 4;
  em.line("const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);");
  auto desc = [&](const std::string& addr, int64_t lbo, int64_t sbo) {
    return "((unsigned long long)(((" + addr + ") & 0x3FFFF) >> 4) | ((unsigned long long)" + S(lbo) +
           " << 16) | ((unsigned long long)" + S(sbo) + " << 32) | (1ull << 62))";
  };
  const std::string commit = inline_asm(*tc.commit, {}, true);
  em.line("const int KT = " + S((c.k + t.bk - 1) / t.bk) + ";");
  em.line("#pragma unroll");
  em.open("for (int st = 0; st < " + S(D) + "; ++st) {");
  em.line("if (st < KT) load_tile(st);");
  em.line(commit);
  em.close();
  em.open("for (int kt = 0; kt < KT; ++kt) {");
  em.line(inline_asm(*tc.wait, {{"n", "", {S(D - 1)}, true}}, true));
  // cp.async writes through the generic proxy; wgmma reads through the async proxy.
  em.line(inline_asm(*wi.proxy, {}, true));
  em.line("__syncthreads();");
  em.line("if (kt + " + S(D) + " < KT) load_tile(kt + " + S(D) + ");");
  em.line(commit);
  em.line("const int slot = kt % " + S(t.stages) + ";");
  em.line(inline_asm(*wi.fence, {}, true));
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < " + S(t.bk / 16) + "; ++kk) {");
  // A: this warpgroup's 64 rows; K-major: rows of 128 bytes, K advances 32 bytes per 16 inside
  // the swizzled row; M-major: the warpgroup's 64-column block, K advances 16 rows.
  if (c.a.k_major)
    em.line("const unsigned long long da = " +
            desc("sa0 + (unsigned)(slot * " + S(AE * 2) + " + wg * " + S(64 * 128) + " + kk * 32)", a_lbo, a_sbo) + ";");
  else
    em.line("const unsigned long long da = " +
            desc("sa0 + (unsigned)(slot * " + S(AE * 2) + " + wg * " + S(int64_t(t.bk) * 128) + " + kk * 2048)", a_lbo, a_sbo) + ";");
  if (c.b.k_major)
    em.line("const unsigned long long db = " + desc("sb0 + (unsigned)(slot * " + S(BE * 2) + " + kk * 32)", b_lbo, b_sbo) + ";");
  else  // 16 more rows of the 64-column blocks
    em.line("const unsigned long long db = " + desc("sb0 + (unsigned)(slot * " + S(BE * 2) + " + kk * 2048)", b_lbo, b_sbo) + ";");
  std::vector<std::string> d;
  for (int r = 0; r < REGS; ++r) d.push_back("acc[" + S(r) + "]");
  std::string wg_asm = inline_asm(mma, {{"d", "+f", d}, {"a", "l", {"da"}}, {"b", "l", {"db"}}, {"p", "", {"p"}, true}, {"N", "", {S(N)}, true}, {"", "r", {"1"}}},
                                  true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(REGS + 2) + ", 0;\\n", "\\n}");
  em.line(wg_asm);
  em.close();
  em.line(inline_asm(*wi.commit, {}, true));
  em.line(inline_asm(*wi.wait, {{"n", "", {"1"}, true}}, true));
  em.close();  // kt
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));

  // The epilogue, as in the mma.sync kernel, over the spec's accumulator map.
  const std::map<int, Term> frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  std::vector<Term> point = batch;
  point.push_back(term::var(kRowVar));
  point.push_back(term::var(kColVar));
  std::vector<Term> point1 = batch;  // the right-hand neighbour, for paired stores
  point1.push_back(term::var(kRowVar));
  point1.push_back(term::var(kCol1Var));
  em.name_var(kCol1Var, "gj1");
  const std::string key = point_key(point), key1 = point_key(point1);
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    if (n != c.mm) return "";
    const std::string k = point_key(p);
    AXON_CHECK(k == key || k == key1, "codegen: the epilogue reads the matmul elsewhere");
    return em.round(c.mm->dtype(), k == key ? "acc[e]" : "acc[e + 1]");
  };
  const bool pairs = paired_stores(g, c, df, 128, REGS);
  const int step = pairs ? 2 : 1;
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(REGS) + "; e += " + S(step) + ") {");
  em.line("const " + I + " gi = m0 + wg * 64 + " + em.index(em.subst(df.row, frag_vars)) + ";");
  em.line("const " + I + " gj = n0 + " + em.index(em.subst(df.col, frag_vars)) + ";");
  em.open("if (gi < " + S(c.m) + " && gj < " + S(c.n) + ") {");
  if (pairs) {  // the right-hand neighbour (element e + 1, column gj + 1)
    em.line("const " + I + " gj1 = gj + 1;");
    em.line("(void)gj1;");
  }
  for (size_t w = 0; w < g.writes.size(); ++w) {
    const Node* n = g.writes[w];
    const std::string W = S(static_cast<int64_t>(w));
    const std::string at = "out" + W + " + " + em.index(flat_index(point, dims_of(n)));
    const std::string v = em.value(n, point);
    if (!pairs) {
      em.line("axon_st_" + dt(n) + "(" + at + ", " + v + ");");
      continue;
    }
    // The neighbour through the same definitions.
    const std::string v1 = em.value(n, point1);
    em.line("axon_st2_" + dt(n) + "(" + at + ", " + v + ", " + v1 + ");");
  }
  em.close();
  em.close();
  return head.str() + em.str() + "}\n";
}

}  // namespace axon::tiling::detail
