// The tf32 contraction kernel (docs/contraction.md, "f32 contractions"): f32 matmuls on the
// tensor cores, in tf32 with --allow-tf32 (ContractionShape::tf32), else as three tf32 products
// of each operand's split x = hi + lo (ContractionConfig::tf32x3). warps_m x warps_n warps,
// each a warp tile of 16 x 8 mma.sync m16n8k8 tiles. Operand tiles are kept in f32, in their
// stored orientation, in `stages` slots of dynamic shared memory: stored operands arrive by
// cp.async (16 bytes when the contiguous extent is a multiple of 4, else 4), computed ones by
// the inlined prologue; each fragment register is read where the spec's fragment map puts it
// and rounded to tf32 there (the spec's cheapest rounding: cvt.rn on sm_90), or split: hi = tf32(x), lo =
// tf32(x - hi), the products lo*hi + hi*lo + hi*hi accumulated in f32 (lo*lo, below 2^-22 of
// the product, dropped: CUTLASS's 3xTF32). A remainder that is not finite (x infinite) is 0 (an
// infinite x times the other's low part 0 is still NaN: docs/contraction.md).
#include <algorithm>
#include <map>
#include <sstream>

#include "axon/core/error.h"
#include "calibration.h"
#include "contraction_families.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

// Operand op's tile in shared memory, in the stored orientation: `rows` x `cols` (contiguous)
// at a row pitch of `pitch` floats; the global extents and tile origins of the two axes.
struct Tf32Tile {
  bool k_inner = false;
  int rows = 0, cols = 0, pitch = 0;
  std::string outer_ext, inner_ext, outer_origin, inner_origin;
};

Tf32Tile tile_of(const ContractionShape& c, const ContractionConfig& t, int op) {
  const int R = op == 0 ? t.bm : t.bn;
  const std::string ext = op == 0 ? m_text(c) : S(c.n), origin = op == 0 ? "m0" : "n0";
  // Pitches: a fragment's 32 reads (8 rows x 4 k of the m16n8k8 maps) fall in distinct banks,
  // 16-byte rows stay aligned: K inner, pitch bk + 4 (bank 4 r + k, or 20 r + k for bk = 16);
  // K outer, pitch R + 8 (bank 8 k + r).
  if (stored_k_major(c, op)) return {true, R, t.bk, t.bk + 4, ext, S(c.k), origin, "k0"};
  return {false, t.bk, R, R + 8, S(c.k), ext, "k0", origin};
}

// ldmatrix on f32 tiles (K inner): an 8 x 8 b16 matrix is 8 rows of 4 f32, lane l receiving
// the 32-bit element (l / 4, l % 4) of each as register m of the .x4 form. Lane L supplies the
// address of row `row` and k offset `k` (f32 elements) of the operand's 16 x 8 (A) or 2 x (8 x 8)
// (B: n tiles ni, ni + 1) block: A's register m is a_m (rows + 8 for odd m, k + 4 for m >= 2),
// B's registers are b_0, b_1 of tile ni, then of tile ni + 1. Terms over Var 0 (the lane).
struct LdsmAddress {
  Term row, k;
};
LdsmAddress ldsm_address(int op) {
  using namespace term;
  const Term lane = var(0), m = floordiv(lane, integer(8)), r8 = mod(lane, integer(8));
  if (op == 0) return {add(r8, mul(mod(m, integer(2)), integer(8))), mul(floordiv(m, integer(2)), integer(4))};
  return {add(r8, mul(floordiv(m, integer(2)), integer(8))), mul(mod(m, integer(2)), integer(4))};
}

// The spec's ldmatrix fragment, read as 32-bit elements through ldsm_address, must be the spec's
// mma fragment of the operand for every lane and register (checked before a kernel uses it).
void check_ldsm(const InstrSpec& ld, const InstrSpec& mma, int op) {
  const Fragment& lf = fragment(ld, "d");
  const Fragment& mf = fragment(mma, op == 0 ? "a" : "b");
  const LdsmAddress at = ldsm_address(op);
  for (int lane = 0; lane < 32; ++lane)
    for (int m = 0; m < 4; ++m) {
      // b16 elements 2m and 2m + 1: one f32 word of the stacked row (the supplying lane).
      const int64_t srow = fragment_index(lf.row, lane, 2 * m), c16 = fragment_index(lf.col, lane, 2 * m);
      const bool word = c16 % 2 == 0 && fragment_index(lf.row, lane, 2 * m + 1) == srow && fragment_index(lf.col, lane, 2 * m + 1) == c16 + 1;
      const int64_t row = fragment_index(at.row, srow, 0), k = fragment_index(at.k, srow, 0) + c16 / 2;
      int64_t want_row, want_k;
      if (op == 0) {
        want_row = fragment_index(mf.row, lane, m);
        want_k = fragment_index(mf.col, lane, m);
      } else {  // registers b_0, b_1 of n tile m / 2
        want_k = fragment_index(mf.row, lane, m % 2);
        want_row = fragment_index(mf.col, lane, m % 2) + 8 * (m / 2);
      }
      if (!word || row != want_row || k != want_k)
        throw InternalError("codegen: " + ld.name + " on f32 as addressed does not produce " + mma.name + "'s " + mf.name +
                            " fragment (lane " + S(lane) + ", register " + S(m) + ")");
    }
}

}  // namespace

std::vector<std::string> tf32_conversions(const InstrSpec& cvt, bool split) {
  std::vector<std::string> l = {"auto axon_tf32 = [](float x) -> unsigned {", "  unsigned v;",
                                "  " + pure_asm(cvt, {{"d", "=r", {"v"}}, {"a", "f", {"x"}}}), "  return v;", "};"};
  if (split)
    l.insert(l.end(), {"auto axon_split_tf32 = [&](float x, unsigned& hi, unsigned& lo) {", "  hi = axon_tf32(x);",
                       "  const float r = x - __uint_as_float(hi);", "  lo = axon_tf32(fabsf(r) <= 3.402823466e38f ? r : 0.0f);", "};"});
  return l;
}

int64_t tf32_smem_floats(const ContractionConfig& t, int op, int k_in) {
  const int64_t R = op == 0 ? t.bm : t.bn, inner = R * (t.bk + 4), outer = int64_t(t.bk) * (R + 8);
  return k_in < 0 ? std::max(inner, outer) : k_in ? inner : outer;
}

std::string tf32_kernel(const Group& g, const GroupShape& s, const ContractionConfig& t, const Lowerings& low, const std::string& name,
                        bool wide) {
  const ContractionShape& c = s.mm;
  const int T = t.threads, BK = t.bk, ST = t.stages;
  const std::string why = tf32_can_run(c, t);
  AXON_CHECK(why.empty(), "codegen: not a tf32 configuration: " + why);
  const Tf32Isa tf = tf32_isa(*low.isa);
  AXON_CHECK(tf.ok, "codegen: " + tf.why);
  const Fragment& fa = fragment(*tf.mma, "a");
  const Fragment& fb = fragment(*tf.mma, "b");
  AXON_CHECK(fa.rows == "16" && fa.cols == "8" && fa.regs == "4" && fb.rows == "8" && fb.cols == "8" && fb.regs == "2",
             "codegen: " + tf.mma->name + " is not an m16n8k8 with 4 A and 2 B registers");
  const int WM = t.bm / t.warps_m, WN = t.bn / t.warps_n, MI = WM / 16, NI = WN / 8;
  const Tf32Tile tiles[2] = {tile_of(c, t, 0), tile_of(c, t, 1)};
  // Fragments of K-inner tiles by ldmatrix when the spec has it (B's two at a time: NI even).
  const TensorCoreIsa tc = tensor_core_isa(*low.isa, DType::bf16);
  bool ldsm[2] = {false, false};
  for (int op = 0; op < 2; ++op) {
    ldsm[op] = tiles[op].k_inner && tc.ldsm != nullptr && (op == 0 || NI % 2 == 0);
    if (ldsm[op]) check_ldsm(*tc.ldsm, *tf.mma, op);
  }

  Emitter em(&low, false, wide);
  const std::vector<Term> batch = begin_mma_kernel(em, g, c);
  const std::string I = em.idx();

  std::ostringstream head;
  head << "extern \"C\" __global__ void __launch_bounds__(" << T << ") " << name << "(" << param_list(g) << ") {\n";
  // Dynamic shared memory (the launch asks for contraction_smem): `stages` A slots, then B's.
  const int64_t FA = tf32_smem_floats(t, 0, tiles[0].k_inner), FB = tf32_smem_floats(t, 1, tiles[1].k_inner);
  em.line("extern __shared__ __align__(16) float axon_smem[];");
  em.line("float* const sA = axon_smem;");
  em.line("float* const sB = axon_smem + " + S(ST * FA) + ";");
  emit_warp_tiles(em, c, t, MI, NI);

  // load_tile(kt, slot): k-tile kt of both operands into pipeline slot `slot`, zeros outside.
  em.open("auto load_tile = [&](int kt, int slot) {");
  em.line("const " + I + " k0 = (" + I + ")kt * " + S(BK) + ";");
  for (int op = 0; op < 2; ++op) {
    const Tf32Tile& tl = tiles[op];
    const Node* x = op == 0 ? c.a.node : c.b.node;
    const int k = find_param(g.reads, x);
    // Stored operands are copied as they are (their layout is the tile's); 16-byte copies when
    // every row of the contiguous axis starts 16-byte aligned (then a copy is wholly in or out).
    const bool numeric = tl.inner_ext.find_first_not_of("0123456789") == std::string::npos;  // not a runtime M
    const int W = k >= 0 && numeric && std::stoll(tl.inner_ext) % 4 == 0 ? 4 : 1;
    const int per_row = tl.cols / W;
    // A computed operand's points are loads then arithmetic: unrolled, a thread has several
    // points' loads in flight (one at a time, a grid of few blocks waited out each load: a
    // 1256-key P V with the softmax on its loads, 20 blocks, ran 650 us against 25 for Q K^T).
    if (k < 0) em.line("#pragma unroll " + S(std::clamp<int64_t>(tl.rows * per_row / T, 1, int64_t(kTf32.computed_unroll))));
    em.open("for (int u = tid; u < " + S(tl.rows * per_row) + "; u += " + S(T) + ") {");
    em.line("const int r = u / " + S(per_row) + ", cc = (u % " + S(per_row) + ") * " + S(W) + ";");
    em.line(std::string("float* const dst = ") + (op == 0 ? "sA" : "sB") + " + slot * " + S(op == 0 ? FA : FB) + " + r * " +
            S(tl.pitch) + " + cc;");
    em.line("const " + I + " go = " + tl.outer_origin + " + r, gi = " + tl.inner_origin + " + cc;");
    const std::string inside = "go < " + tl.outer_ext + " && gi < " + tl.inner_ext;
    if (k >= 0) {
      const std::string pan = operand_panel(em, c, op, batch);
      const int64_t panel = pan == "0" && !c.m_text.empty() ? 0 : std::stoll(tl.outer_ext) * std::stoll(tl.inner_ext);
      em.open("if (" + inside + ") {");
      em.line("const float* src = in" + S(k) + " + (long long)(" + pan + ") * " + S(panel) +
              " + (long long)go * " + tl.inner_ext + " + gi;");
      em.line("const unsigned sdst = (unsigned)__cvta_generic_to_shared(dst);");
      em.line(inline_asm(W == 4 ? *tf.cp16 : *tf.cp4, {{"d", "r", {"sdst"}}, {"a", "l", {"src"}}}, true));
      em.close("} else {");
      em.line(W == 4 ? "  *reinterpret_cast<float4*>(dst) = make_float4(0.0f, 0.0f, 0.0f, 0.0f);" : "  *dst = 0.0f;");
      em.line("}");
    } else {
      // The operand's definition at its point (clamped indices; zero outside the tensor).
      em.line("const " + I + " goc = min(go, (" + I + ")" + tl.outer_ext + " - 1), gic = min(gi, (" + I + ")" + tl.inner_ext + " - 1);");
      const int mn = op == 0 ? kRowVar : kColVar;
      em.name_var(tl.k_inner ? mn : kKVar, "goc");
      em.name_var(tl.k_inner ? kKVar : mn, "gic");
      const std::vector<Term> point = operand_point(c, op, batch, term::var(mn), term::var(kKVar));
      const std::string v = em.value(x, point);
      em.line("*dst = " + inside + " ? " + v + " : 0.0f;");
    }
    em.close();
  }
  em.close("};");

  // Fragment register e of an operand: the element the spec's map gives, rounded to tf32 (its
  // high part), and for tf32x3 its remainder rounded again (the low part, in af_lo / bf_lo).
  const bool x3 = t.tf32x3;
  for (const std::string& l : tf32_conversions(*tf.cvt, x3)) em.line(l);
  // dst[i][e] = the fragment of value v (both parts for tf32x3).
  auto frag = [&](const std::string& arr, const std::string& ix, const std::string& v) {
    return x3 ? "axon_split_tf32(" + v + ", " + arr + ix + ", " + arr + "_lo" + ix + ");" : arr + ix + " = axon_tf32(" + v + ");";
  };
  auto reg = [&](const Term& x, int e) { return em.index(em.subst(x, {{0, term::var(kLaneVar)}, {1, term::integer(e)}})); };
  auto at = [&](int op, const std::string& r, const std::string& kk) {
    const Tf32Tile& tl = tiles[op];
    const std::string base = op == 0 ? "a_s" : "b_s";
    return tl.k_inner ? base + "[(" + r + ") * " + S(tl.pitch) + " + " + kk + "]" : base + "[(" + kk + ") * " + S(tl.pitch) + " + " + r + "]";
  };

  // The pipeline: stages - 1 k-tiles in flight ahead of the one being multiplied. A slot is
  // refilled only after the barrier that follows every warp's reads of it.
  const std::string commit = inline_asm(*tf.commit, {}, true);
  em.line("const int KT = " + S((c.k + BK - 1) / BK) + ";");
  em.line("#pragma unroll");
  em.open("for (int st = 0; st < " + S(ST - 1) + "; ++st) {");
  em.line("if (st < KT) load_tile(st, st);");
  em.line(commit);
  em.close();
  em.open("for (int kt = 0; kt < KT; ++kt) {");
  em.line(inline_asm(*tf.wait, {{"n", "", {S(ST - 2)}, true}}, true));
  em.line("__syncthreads();");
  em.line("if (kt + " + S(ST - 1) + " < KT) load_tile(kt + " + S(ST - 1) + ", (kt + " + S(ST - 1) + ") % " + S(ST) + ");");
  em.line(commit);
  em.line("const float* a_s = sA + (kt % " + S(ST) + ") * " + S(FA) + ";");
  em.line("const float* b_s = sB + (kt % " + S(ST) + ") * " + S(FB) + ";");
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < " + S(BK) + "; kk += 8) {");
  em.line("unsigned af[" + S(MI) + "][4], bf[" + S(NI) + "][2];");
  if (x3) em.line("unsigned af_lo[" + S(MI) + "][4], bf_lo[" + S(NI) + "][2];");
  for (int op = 0; op < 2; ++op) {
    const std::string base = op == 0 ? "wr * " + S(WM) + " + mi * 16" : "wc * " + S(WN) + " + ni * 8";
    if (ldsm[op]) {
      // K inner: one ldmatrix.x4 per A fragment, or per two B fragments (the checked addressing).
      const LdsmAddress la = ldsm_address(op);
      const std::map<int, Term> lane_var = {{0, term::var(kLaneVar)}};
      em.line("#pragma unroll");
      em.open(op == 0 ? "for (int mi = 0; mi < " + S(MI) + "; ++mi) {" : "for (int ni = 0; ni < " + S(NI) + "; ni += 2) {");
      em.line("const unsigned at = (unsigned)__cvta_generic_to_shared(&" +
              at(op, base + " + " + em.index(em.subst(la.row, lane_var)), "kk + " + em.index(em.subst(la.k, lane_var))) + ");");
      em.line("unsigned q[4];");
      em.line(inline_asm(*tc.ldsm, {{"d", "=r", {"q[0]", "q[1]", "q[2]", "q[3]"}}, {"a", "r", {"at"}}}, false));
      em.line("#pragma unroll");
      em.line("for (int e = 0; e < 4; ++e) " +
              (op == 0 ? frag("af", "[mi][e]", "__uint_as_float(q[e])") : frag("bf", "[ni + e / 2][e % 2]", "__uint_as_float(q[e])")));
      em.close();
      continue;
    }
    em.line("#pragma unroll");
    em.open(op == 0 ? "for (int mi = 0; mi < " + S(MI) + "; ++mi) {" : "for (int ni = 0; ni < " + S(NI) + "; ++ni) {");
    if (op == 0)
      for (int e = 0; e < 4; ++e)  // A's (row, k) = (fa.row, fa.col)
        em.line(frag("af", "[mi][" + S(e) + "]", at(0, base + " + " + reg(fa.row, e), "kk + " + reg(fa.col, e))));
    else
      for (int e = 0; e < 2; ++e)  // B's (k, col) = (fb.row, fb.col)
        em.line(frag("bf", "[ni][" + S(e) + "]", at(1, base + " + " + reg(fb.col, e), "kk + " + reg(fb.row, e))));
    em.close();
  }
  if (x3) {  // the small products first
    emit_mma_grid(em, *tf.mma, MI, NI, "af_lo", "bf");
    emit_mma_grid(em, *tf.mma, MI, NI, "af", "bf_lo");
  }
  emit_mma_grid(em, *tf.mma, MI, NI);
  em.close();  // kk
  em.close();  // kt
  em.line(inline_asm(*tf.wait, {{"n", "", {"0"}, true}}, true));

  emit_mma_epilogue(em, g, c, fragment(*tf.mma, "d"), batch, WM, WN, MI, NI);
  return head.str() + em.str() + "}\n";
}

}  // namespace axon::tiling::detail
