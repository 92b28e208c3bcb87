// The attention kernel's f32 engine (AttentionEmitter, attention_emitter.h; docs/attention.md,
// "f32 operands"): Q, K and V are f32, copied by TMA as 32-bit words into 128-byte-swizzled
// panels of 32 floats, and both products run on tf32 mma.sync (m16n8k8) from the spec, each
// operand value split hi = tf32(x), lo = tf32(x - hi) and multiplied as lo*hi + hi*lo + hi*hi
// (AttentionShape::tf32_products = 3: f32's accuracy) or rounded once (1: --allow-tf32). Each
// consumer warp owns 16 of its warpgroup's 64 rows: S and O are the spec's m16n8 accumulator
// fragments tiled along the keys and the head dimension (the same two rows per thread, held by a
// quad, as wgmma's: the softmax stages are shared), and P goes from S's registers into the A
// fragments of P V directly: the keys of each 8-key chunk are taken in the order that puts S's
// elements where A's fragment wants them, and V's rows are read in that order.
#include "attention_emitter.h"
#include "axon/core/error.h"
#include "calibration.h"

namespace axon::tiling::detail {

namespace {

// The spec's m16n8 accumulator fragment of each of a warpgroup's four warps (16 rows each),
// tiled over `regs` / 4 tiles of 8 columns: element e of thread th is element e % 4 of the
// tile e / 4 of warp th / 32.
Fragment tiled_fragment(const Fragment& d, int regs) {
  using namespace term;
  Fragment f = d;
  f.warpgroup = true;
  f.rows = "64";
  f.cols = std::to_string(regs * 2);
  f.regs = std::to_string(regs);
  const std::map<int, Term> at = {{0, mod(var(0), integer(32))}, {1, mod(var(1), integer(4))}};
  f.row = add(mul(floordiv(var(0), integer(32)), integer(16)), substitute(d.row, Substitution{at, {}}));
  f.col = add(mul(floordiv(var(1), integer(4)), integer(8)), substitute(d.col, Substitution{at, {}}));
  return f;
}

// The mma.sync and operand splits of one key tile, fully unrolled: S (per k-step Q's four A
// values, then per 8-key tile K's two B values and the products) and P V (per 8-key chunk P's
// four A values, then per 8-column tile V's two B values and the products). The code's size
// grows with it (kAttention.f32_tile_ops_max).
int f32_tile_ops(int s_steps, int bn, int dv_tiles, int products) {
  const int chunks = bn / 8;
  return s_steps * (4 + chunks * (2 + products)) + chunks * (4 + dv_tiles * (2 + products));
}

}  // namespace

// The engine's instructions and fragments; P's A fragments from S's elements with the key order
// of each chunk (pk: A's k -> the chunk's key), checked for every thread.
void AttentionEmitter::setup_tf32() {
  tf = tf32_isa(*low.isa);
  AXON_CHECK(tf.ok, "codegen: " + tf.why);
  AXON_CHECK(a.tf32_products == 1 || a.tf32_products == 3, "codegen: f32 attention takes one or three tf32 products");
  mma_s = mma_o = tf.mma;
  const Fragment& fd = fragment(*tf.mma, "d");
  const Fragment& fA = fragment(*tf.mma, "a");
  const Fragment& fB = fragment(*tf.mma, "b");
  AXON_CHECK(fd.rows == "16" && fd.cols == "8" && fd.regs == "4" && fA.regs == "4" && fA.cols == "8" && fB.regs == "2" && fB.rows == "8",
             "codegen: " + tf.mma->name + " is not an m16n8k8 with 4 A, 2 B and 4 D registers");
  fs_tiled = tiled_fragment(fd, RS);
  fo_tiled = tiled_fragment(fd, RO);
  fs = &fs_tiled, fo = &fo_tiled;
  // A's element ea of chunk kk is S element pe[kk][ea]: the same row for every thread, and a
  // key of the chunk that depends only on A's k (pk, one to one).
  pk.assign(8, -1);
  std::vector<int> taken(8, -1);
  pe.assign(size_t(BN / 8), std::vector<int>(4, -1));
  for (int kk = 0; kk < BN / 8; ++kk)
    for (int ea = 0; ea < 4; ++ea) {
      for (int es = 0; es < RS && pe[size_t(kk)][size_t(ea)] < 0; ++es) {
        bool all = true;
        std::vector<int> map = pk, inv = taken;
        for (int th = 0; th < 128 && all; ++th) {
          const int64_t row = 16 * (th / 32) + fragment_index(fA.row, th % 32, ea), k = fragment_index(fA.col, th % 32, ea);
          const int64_t key = fragment_index(fs->col, th, es) - 8 * kk;
          all = fragment_index(fs->row, th, es) == row && key >= 0 && key < 8 && k >= 0 && k < 8 &&
                (map[size_t(k)] < 0 || map[size_t(k)] == key) && (inv[size_t(key)] < 0 || inv[size_t(key)] == k);
          if (all) map[size_t(k)] = static_cast<int>(key), inv[size_t(key)] = static_cast<int>(k);
        }
        if (!all) continue;
        pe[size_t(kk)][size_t(ea)] = es;
        pk = map, taken = inv;
      }
      AXON_CHECK(pe[size_t(kk)][size_t(ea)] >= 0, "codegen: " + tf.mma->name + "'s a fragment is not a key order of its d fragment");
    }
}

// Byte offset of element (r, c) of an f32 tile of `rows` rows in 32-float panels, 128-byte
// swizzled (TMA's layout): panel c / 32, row r, 16-byte chunk (c % 32) / 4 XOR r % 8.
std::string AttentionEmitter::swizzled_f32(const std::string& r, const std::string& c, int64_t rows) const {
  return "((" + c + ") / 32) * " + S(rows * 128) + " + (" + r + ") * 128 + (((((" + c + ") % 32) / 4) ^ ((" + r + ") % 8)) * 16) + ((" + c +
         ") % 4) * 4";
}

// Fragment registers `hi` (and `lo` for three products) of value v.
std::string AttentionEmitter::split_tf32(const std::string& v, const std::string& hi, const std::string& lo) const {
  if (a.tf32_products == 1) return hi + " = axon_tf32(" + v + ");";
  return "axon_split_tf32(" + v + ", " + hi + ", " + lo + ");";
}

// The conversions (the spec's cvt.rna.tf32.f32): one rounding, or the split; a remainder that is
// not finite (an infinite value) is 0, as in the tf32x3 contraction kernel.
void AttentionEmitter::tf32_helpers() {
  for (const std::string& l : tf32_conversions(*tf.cvt, a.tf32_products > 1)) em.line(l);
  em.line("const float* const sf32 = reinterpret_cast<const float*>(axon_smem_raw + (" + smem.aligned_base() +
          " - (unsigned long long)axon_smem_raw));");
  em.line("const int wq = th >> 5;");
  // The rows of V that B's k index reads in each chunk: pk at B's k of this lane.
  const Fragment& fB = fragment(*tf.mma, "b");
  const std::map<int, Term> lane_e = {{0, term::var(kLaneVar)}};
  for (int eb = 0; eb < 2; ++eb) {
    const std::string k = em.index(em.subst(fB.row, {{0, term::mod(term::var(kLaneVar), term::integer(32))}, {1, term::integer(eb)}}));
    std::string sel = S(pk[7]);
    for (int v = 6; v >= 0; --v) sel = "(kb" + S(eb) + " == " + S(v) + " ? " + S(pk[size_t(v)]) + " : " + sel + ")";
    em.line("const int kb" + S(eb) + " = " + k + ", vk" + S(eb) + " = " + sel + ";");
  }
}

// The mma of one fragment pair into `d`: the small products first (three products), into
// `small` where given (a second accumulator: S's chain of mma per k-step is then two long, not
// three; the sums differ only in their order).
void AttentionEmitter::mma_tf32(const std::vector<std::string>& d, const std::string& ah, const std::string& al, const std::string& bh,
                                const std::string& bl, const std::vector<std::string>& small) {
  auto one = [&](const std::string& x, const std::string& y, const std::vector<std::string>& acc) {
    em.line(inline_asm(*tf.mma, {{"d", "=f", acc},
                                 {"a", "r", {x + "[0]", x + "[1]", x + "[2]", x + "[3]"}},
                                 {"b", "r", {y + "[0]", y + "[1]"}},
                                 {"c", "f", acc}},
                       false));
  };
  if (a.tf32_products == 3) {
    one(al, bh, small.empty() ? d : small);
    one(ah, bl, small.empty() ? d : small);
  }
  one(ah, bh, d);
}

// S = Q K^T of tile `slot` over the head dimension, 8 at a time: this warp's A fragment of Q,
// then each 8-key tile's B fragment of K. Synchronous (every load done when it returns).
void AttentionEmitter::issue_s_tf32() {
  const Fragment& fA = fragment(*tf.mma, "a");
  const Fragment& fB = fragment(*tf.mma, "b");
  const int64_t qo = smem.offset("sq0"), ko = smem.offset("sk0");
  auto at = [&](const Term& t, int e) { return em.index(em.subst(t, {{0, term::mod(term::var(kLaneVar), term::integer(32))}, {1, term::integer(e)}})); };
  const bool two = a.tf32_products == 3;  // the small products in sl, added to sc at the end
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < " + S(RS) + "; ++e) sc[e] = 0.0f;");
  if (two) {
    em.line("float sl[" + S(RS) + "];");
    em.line("#pragma unroll");
    em.line("for (int e = 0; e < " + S(RS) + "; ++e) sl[e] = 0.0f;");
  }
  // The k-steps that cover D; unrolled in full unless the tile loop would outgrow the
  // instruction cache (f32_tile_ops).
  const int steps = int((D + 7) / 8);
  const int unroll = f32_tile_ops(steps, BN, int((DV + 7) / 8), a.tf32_products) > kAttention.f32_tile_ops_max ? kAttention.f32_s_unroll : 0;
  em.line(unroll > 0 ? "#pragma unroll " + S(unroll) : "#pragma unroll");
  em.open("for (int kk = 0; kk < " + S(steps) + "; ++kk) {");
  em.line(a.tf32_products == 3 ? "unsigned fah[4], fal[4];" : "unsigned fah[4];");
  for (int e = 0; e < 4; ++e) {
    const std::string r = "wg * 64 + wq * 16 + " + at(fA.row, e), c = "kk * 8 + " + at(fA.col, e);
    em.line(split_tf32("sf32[(" + S(qo) + " + " + swizzled_f32(r, c, BM) + ") / 4]", "fah[" + S(e) + "]", "fal[" + S(e) + "]"));
  }
  em.line("#pragma unroll");
  em.open("for (int j = 0; j < " + S(BN / 8) + "; ++j) {");
  em.line(a.tf32_products == 3 ? "unsigned fbh[2], fbl[2];" : "unsigned fbh[2];");
  for (int e = 0; e < 2; ++e) {  // B's (k, n) = (head dim, key)
    const std::string r = "j * 8 + " + at(fB.col, e), c = "kk * 8 + " + at(fB.row, e);
    em.line(split_tf32("sf32[(" + S(ko) + " + slot * " + S(k_bytes) + " + " + swizzled_f32(r, c, BN) + ") / 4]", "fbh[" + S(e) + "]",
                       "fbl[" + S(e) + "]"));
  }
  mma_tf32({"sc[j * 4]", "sc[j * 4 + 1]", "sc[j * 4 + 2]", "sc[j * 4 + 3]"}, "fah", "fal", "fbh", "fbl",
           two ? std::vector<std::string>{"sl[j * 4]", "sl[j * 4 + 1]", "sl[j * 4 + 2]", "sl[j * 4 + 3]"} : std::vector<std::string>{});
  em.close();
  em.close();
  if (two) {
    em.line("#pragma unroll");
    em.line("for (int e = 0; e < " + S(RS) + "; ++e) sc[e] += sl[e];");
  }
}

// O += P V of tile `slot`: per chunk of 8 keys, P's A fragment from S's registers (pe), then each
// 8-column tile's B fragment of V at the chunk's keys in pk's order. Synchronous.
void AttentionEmitter::issue_pv_tf32(const std::string& slot) {
  const Fragment& fB = fragment(*tf.mma, "b");
  const int64_t vo = smem.offset("sv0");
  auto at = [&](const Term& t, int e) { return em.index(em.subst(t, {{0, term::mod(term::var(kLaneVar), term::integer(32))}, {1, term::integer(e)}})); };
  for (int kk = 0; kk < BN / 8; ++kk) {
    em.open("{");
    em.line(a.tf32_products == 3 ? "unsigned fah[4], fal[4];" : "unsigned fah[4];");
    // P is in [0, 1] (or 0): finite, no guard needed; the split as for every operand.
    for (int e = 0; e < 4; ++e) {
      const std::string v = "sc[" + S(pe[size_t(kk)][size_t(e)]) + "]";
      em.line(a.tf32_products == 1 ? "fah[" + S(e) + "] = axon_tf32(" + v + ");"
                                   : "{ fah[" + S(e) + "] = axon_tf32(" + v + "); fal[" + S(e) + "] = axon_tf32(" + v + " - __uint_as_float(fah[" +
                                         S(e) + "])); }");
    }
    // The 8-column tiles that cover DV (O's registers past them stay zero, as do V's columns).
    em.line("#pragma unroll");
    em.open("for (int ni = 0; ni < " + S((DV + 7) / 8) + "; ++ni) {");
    em.line(a.tf32_products == 3 ? "unsigned fbh[2], fbl[2];" : "unsigned fbh[2];");
    for (int e = 0; e < 2; ++e) {  // B's (k, n) = (the chunk's key vk, head dim)
      const std::string r = S(kk * 8) + " + vk" + S(e), c = "ni * 8 + " + at(fB.col, e);
      em.line(split_tf32("sf32[(" + S(vo) + " + " + slot + " * " + S(v_bytes) + " + " + swizzled_f32(r, c, BN) + ") / 4]", "fbh[" + S(e) + "]",
                         "fbl[" + S(e) + "]"));
    }
    mma_tf32({"o[ni * 4]", "o[ni * 4 + 1]", "o[ni * 4 + 2]", "o[ni * 4 + 3]"}, "fah", "fal", "fbh", "fbl");
    em.close();
    em.close();
  }
}

// The f32 engine's tile loop: per key tile, S (K's slot released once the warp has read it),
// the softmax, P V (V's slot released after it). Every wait is the ring's; nothing is
// asynchronous on the consumers' side.
void AttentionEmitter::tiles_tf32() {
  const InstrSpec* warp_sync = low.isa->find("bar.warp.sync");
  AXON_CHECK(warp_sync != nullptr, "codegen: the ISA lacks bar.warp.sync");
  tf32_helpers();
  em.line("int it = " + first_tile() + ";");
  em.open("do {");
  em.line(tile_vars());
  em.line(n0_line());
  em.line(kring.consumer_wait("slot", "g"));
  issue_s_tf32();
  em.line(kring.generic_reads_done());
  em.line(inline_asm(*warp_sync, {}, true));  // every lane of the warp has read K's slot
  em.line("if ((th & 31) == 0) " + kring.consumer_release("slot"));
  softmax_max();
  rescale_o();
  softmax_p();
  fold_sums();
  em.line(vring.consumer_wait("slot", "g"));
  issue_pv_tf32("slot");
  em.line(vring.generic_reads_done());
  em.line(inline_asm(*warp_sync, {}, true));
  em.line("if ((th & 31) == 0) " + vring.consumer_release("slot"));
  em.close(tiles_next());
}

}  // namespace axon::tiling::detail
