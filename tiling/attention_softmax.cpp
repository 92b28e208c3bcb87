// The attention kernel's online softmax of a key tile (AttentionEmitter, attention_emitter.h):
// the scores' chain at each element folded into the running row max, the shift and the factor
// that moves earlier partial results to it, P and the row sums, P packed into wgmma's A
// fragments.
#include <algorithm>

#include "attention_emitter.h"
#include "axon/core/error.h"

namespace axon::tiling::detail {

// The pack, P's node, the shift, and how the chain is read (its first nodes on packed pairs).
void AttentionEmitter::prepare_softmax() {
  // Pairs of f32 values rounded to bf16 and packed: the synthesized pack (cvt.rn.bf16x2.f32 on
  // sm_80+), each half equal to the cast's result. (The f32 engine keeps P in f32.)
  const Lowering* pack = x32 ? nullptr : low.find_pack(T16);
  if (pack == nullptr && !x32)
    throw UserError(low.source + ": no proved pack of f32 pairs to " + std::string(dtype_name(T16)) + "x2 for " + low.target + " (axon synth --op pack says why)");
  if (pack != nullptr) pack_fn = cast_function(*pack);
  // P as the kernel computes it: a cast of an f32 P to bf16 is the pack's rounding.
  p_node = pv.a.node;
  if (p_node->op() == Op::Cast && p_node->dtype() == T16 && p_node->operand(0)->dtype() == DType::f32) p_node = p_node->operand(0);
  sf = softmax_shift(a, low, p_node);
  // The scores' chain at each element (keys past the end are -inf), folded into the row max. A
  // tile inside every band (all its points kept) reads the masks' conditions as constants.
  tail = SK % BN != 0;
  // S rounded in pairs by the pack (the scores of P V's 16-bit type).
  pair_round = !stored && !x32 && qk.mm->dtype() == T16;
  // The chain's first nodes on the packed pairs (packed_chain); the rest reads `chain_base`.
  chain_base = stored ? a.scores : qk.mm;
  steps = pair_round ? packed_chain(g, a, *low.isa, chain_base) : std::vector<PackedStep>{};
  // Stored 16-bit scores are packed pairs as they are read (attention_scores.cpp). Q K^T's f16
  // pairs are not: ptxas splits the f16 pack into two conversions, which the unpack reads, and
  // would join them again (PRMT) only for the maxima, which then cost more than per element
  // (sm_90: 16 more instructions in a 64 x 128 tile pair's loop, and a d 256 kernel's spill
  // 12 -> 152 bytes). With a key tail the last tile's pairs hold keys past the end: it takes its
  // maxima per element (chain_loop), the whole tiles from the pairs.
  // (Stored scores are of P V's type, T16: find_stored_scores.)
  packed_max = ((pair_round && !f16) || stored) && pmax != nullptr && chain_is_scores(true);
  // A row sum whose summand is P itself (P V's bf16 operand) is added from P's packed halves:
  // they are that value exactly (the pack rounds as the cast does).
  from_packed.assign(size_t(NS), false);
  for (int k = 0; k < NS; ++k) from_packed[size_t(k)] = !x32 && a.sums[size_t(k)]->operand(0) == pv.a.node;
}

// A loop over S's elements: the key gj0, and the coordinates clamped into the tensors
// (elements past the ends are replaced).
void AttentionEmitter::open_s_loop() {
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RS) + "; ++e) {");
  em.line("const " + I + " gj0 = n0 + " + em.index(em.subst(fs->col, frag_vars)) + ";");
  em.line("const " + I + " gi = min(m0 + wg * 64 + " + em.index(em.subst(fs->row, frag_vars)) + ", (" + I + ")" + S(SQ - 1) +
          "), gj = min(gj0, (" + I + ")" + S(SK - 1) + ");");
  em.line("(void)gi; (void)gj; (void)gj0;");
}

// Whether the chain is the rounded scores themselves (through exact widening casts, and masks
// that keep every point of an inside tile): its row maxima then come from the packed pairs.
bool AttentionEmitter::chain_is_scores(bool inside) const {
  const Node* x = a.max->operand(0);
  while (x != chain_base) {
    if (x->op() == Op::Cast && (x->dtype() == DType::f32 || x->dtype() == x->operand(0)->dtype()) &&
        (x->operand(0)->dtype() == DType::bf16 || x->operand(0)->dtype() == DType::f16 || x->operand(0)->dtype() == DType::f32)) {
      x = x->operand(0);
      continue;
    }
    const auto b = std::find_if(a.bands.begin(), a.bands.end(), [&](const auto& b) { return x->op() == Op::Where && x->operand(0) == b.cond; });
    if (!inside || b == a.bands.end()) return false;
    x = x->operand(b->keep ? 1 : 2);
  }
  return true;
}

// `body(keys_past_end)` once where every tile is whole, else twice: for the whole tiles (no key
// past the end: no test per element) and for the last one, which tests each key (a branch the
// whole block takes alike).
void AttentionEmitter::split_tail(const std::function<void(bool)>& body) {
  if (!tail || steady) {
    body(false);
    return;
  }
  for (bool last : {false, true}) {
    em.open("if (n0 + " + S(BN) + (last ? " > " : " <= ") + S(SK) + ") {");
    body(last);
    em.close();
  }
}

// The chain at each element of the tile into sc[], and its partial row maxima into mp.
void AttentionEmitter::chain_loop(bool inside) {
  const bool from_pairs = packed_max && chain_is_scores(inside);
  split_tail([&](bool past_end) {
    if (!from_pairs || past_end) return chain_elements(inside, past_end);
    // Partial maxima: the low and high halves of the two packed accumulators per row slot.
    em.line("#pragma unroll");
    em.line("for (int r = 0; r < 2; ++r) { mp[r][0] = " + pair_half(T16, "mx2[r][0]", 0) + "; mp[r][1] = " + pair_half(T16, "mx2[r][0]", 1) +
            "; mp[r][2] = " + pair_half(T16, "mx2[r][1]", 0) + "; mp[r][3] = " + pair_half(T16, "mx2[r][1]", 1) + "; }");
  });
}

// Each element's column past the thread's first (col_off), where the fragment's columns are
// the first one's plus an offset of the element's own and an element's row is its slot's.
std::vector<int> column_offsets(const Fragment& f, const std::vector<int>& slots, int regs) {
  std::vector<int> ck(size_t(regs), 0);
  for (int e = 0; e < regs; ++e) ck[size_t(e)] = static_cast<int>(fragment_index(f.col, 0, e) - fragment_index(f.col, 0, 0));
  for (int th = 0; th < 128; ++th)
    for (int e = 0; e < regs; ++e) {
      const int es = static_cast<int>(std::find(slots.begin(), slots.end(), slots[size_t(e)]) - slots.begin());
      if (fragment_index(f.col, th, e) - fragment_index(f.col, th, 0) != ck[size_t(e)] || fragment_index(f.row, th, e) != fragment_index(f.row, th, es))
        return {};
    }
  return ck;
}

// The thread's first column of the tile.
std::string AttentionEmitter::first_column() {
  return "n0 + " + em.index(em.subst(fs->col, {{0, term::var(kLaneVar)}, {1, term::integer(0)}}));
}

// A tile that crosses a band's edge: the band's form alpha i + beta j + gamma at each row slot's
// row and the thread's first column of the tile, in bd<b>[2] (clamped into +-2^30: an element
// adds beta times its column past the first, at most |beta| BN), so that an element's condition
// is bd<b>[rs] >= -beta ck[e], one comparison with a constant once the loop is unrolled, and the
// mask's where a select on it (the condition is 1 or 0: where(c, x, y) is x or y). (sm_90, d 64:
// the 64-bit forms of the clamped row and key per element, the condition as a float and the
// synthesized where cost about ten instructions per score.) False without col_off: the form
// per element.
bool AttentionEmitter::band_bounds() {
  if (a.bands.empty() || col_off.empty()) return false;
  for (size_t b = 0; b < a.bands.size(); ++b) {
    const auto& d = a.bands[b];
    std::string rows;
    for (int r = 0; r < 2; ++r) {
      const int es = static_cast<int>(std::find(slot_s.begin(), slot_s.end(), r) - slot_s.begin());
      AXON_CHECK(es < RS, "codegen: S's fragment has no element in a row slot");
      const std::string gi = "(long long)(m0 + wg * 64 + " + em.index(em.subst(fs->row, {{0, term::var(kLaneVar)}, {1, term::integer(es)}})) + ")";
      const std::string f = S(d.alpha) + "LL * " + gi + " + " + S(d.beta) + "LL * (long long)(" + first_column() + ") + " + S(d.gamma) + "LL";
      rows += std::string(r ? ", " : "") + "(int)max(min(" + f + ", 1LL << 30), -(1LL << 30))";
    }
    em.line("const int bd" + S(int64_t(b)) + "[2] = {" + rows + "};");
  }
  return true;
}

void AttentionEmitter::chain_elements(bool inside, bool past_end) {
  const bool bounds = !inside && band_bounds();
  open_s_loop();
  // Band b's condition at the element: alpha gi + beta gj + gamma >= 0.
  auto holds = [&](size_t b) {
    const auto& d = a.bands[b];
    return bounds ? "bd" + S(int64_t(b)) + "[rs_s[e]] >= " + S(-d.beta) + " * ck[e]"
                  : S(d.alpha) + "LL * gi + " + S(d.beta) + "LL * gj + " + S(d.gamma) + "LL >= 0";
  };
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    for (size_t i = 0; i < a.bands.size(); ++i) {
      const auto& b = a.bands[i];
      if (bounds && n->op() == Op::Where && n->operand(0) == b.cond && point_key(p) == key) {
        const std::string kept = em.value(n->operand(1), p), other = em.value(n->operand(2), p);
        return "((" + holds(i) + ") == " + (b.keep ? "true" : "false") + " ? " + kept + " : " + other + ")";
      }
      if (n != b.cond) continue;
      if (inside) return b.keep ? "1.0f" : "0.0f";
      // The band is the condition (classify_attention), as integer arithmetic.
      return "(" + holds(i) + " ? " + (b.keep ? "1.0f : 0.0f" : "0.0f : 1.0f") + ")";
    }
    if (n != (stored ? a.scores : chain_base)) return "";
    AXON_CHECK(point_key(p) == key, "codegen: the scores' chain reads the scores elsewhere");
    // Stored scores are of their type already; Q K^T's bf16 rounding is done in pairs before the loop (f16: here).
    return stored || pair_round ? std::string("sc[e]") : em.round(qk.mm->dtype(), "sc[e]");
  };
  const std::string x = em.value(a.max->operand(0), point);
  em.line("const float x = " + (past_end ? "gj0 < " + S(SK) + " ? " + x + " : kNegInf" : x) + ";");
  em.line("sc[e] = x;");
  em.line("const int rs = rs_s[e];");
  em.line("mp[rs][(e >> 2) & 3] = " + em.combine(Reducer::Max, "mp[rs][(e >> 2) & 3]", "x") + ";");
  em.close();
  em.given = nullptr;
}

// S rounded to its 16-bit type two elements at a time (the pack: each to nearest even), the
// chain's first steps on the pairs, and the pairs' row maxima (packed_max).
void AttentionEmitter::round_pairs() {
  if (packed_max) em.line(pair_max_init(T16));
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RS) + "; e += 2) {");
  em.line("unsigned w;");
  em.line("w = " + pack_fn + "(sc[e], sc[e + 1]);");
  for (const PackedStep& st : steps) {
    const std::string c = std::to_string(st.bits) + "u";
    em.line(pure_asm(*st.ins, {{"d", "=r", {"w"}}, {"a", "r", {st.chain_first ? "w" : c}}, {"b", "r", {st.chain_first ? c : "w"}}}));
  }
  if (packed_max)  // two accumulators per row slot (shorter dependence chains)
    em.line(pure_asm(*pmax, {{"d", "=r", {"mx2[rs_s[e]][(e >> 2) & 1]"}}, {"a", "r", {"mx2[rs_s[e]][(e >> 2) & 1]"}}, {"b", "r", {"w"}}}));
  em.line("sc[e] = " + pair_half(T16, "w", 0) + ";");
  em.line("sc[e + 1] = " + pair_half(T16, "w", 1) + ";");
  em.close();
}

// The tile's row maxima in four partial maxima per row slot (shorter dependence chains; max is
// associative, NaN included), folded into the running max (fold_max).
void AttentionEmitter::softmax_max() {
  if (pair_round) round_pairs();
  em.line("float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};");
  if (a.bands.empty() || steady) {
    chain_loop(steady);
  } else {
    // Inside every band: the smallest of alpha * i + beta * j + gamma over the tile is >= 0.
    std::string inside = "true";
    for (const auto& b : a.bands)
      inside += " && (" + std::string(b.alpha >= 0 ? S(b.alpha) + "LL * i0" : S(b.alpha) + "LL * i1") + " + " +
                (b.beta >= 0 ? S(b.beta) + "LL * n0" : S(b.beta) + "LL * (n0 + " + S(BN - 1) + ")") + " + " + S(b.gamma) + "LL >= 0)";
    em.line("const bool inside = " + inside + ";");
    em.open("if (inside) {");
    chain_loop(true);
    em.close();
    em.open("if (!inside) {");
    chain_loop(false);
    em.close();
  }
  fold_max();
}

// Row max over the quad; the exponent's shift (0 while a row has seen only -inf); the factor al
// that moves earlier partial results to the new shift (the sums rescaled here, O by rescale_o).
void AttentionEmitter::fold_max() {
  em.line("float mt[2];");
  em.line("#pragma unroll");
  em.line("for (int r = 0; r < 2; ++r) mt[r] = " +
          em.combine(Reducer::Max, em.combine(Reducer::Max, "mrow[r]", em.combine(Reducer::Max, "mp[r][0]", "mp[r][1]")),
                     em.combine(Reducer::Max, "mp[r][2]", "mp[r][3]")) + ";");
  em.line("float al[2];");
  em.line("#pragma unroll");
  em.open("for (int r = 0; r < 2; ++r) {");
  for (int lane : {1, 2}) {
    em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {"mt[r]"}}, {"c", "", {S(lane)}, true}}, false) +
            " mt[r] = " + em.combine(Reducer::Max, "mt[r]", "t") + "; }");
  }
  // The shift mu (SoftmaxShift) at the new max (0 while a row has seen only -inf); al = 0
  // while nothing is accumulated: computed, then replaced (a select; the exp under a condition
  // measured 5% slower on softmax -> matmul).
  em.line("const float ns = " + sf.shift_of("mt[r] == kNegInf ? 0.0f : mt[r]") + ";");
  em.line("al[r] = " + sf.move(em, "mu[r]", "ns") + ";");
  em.line("if (mrow[r] == kNegInf) al[r] = 0.0f;");
  em.line("mu[r] = ns;");
  em.line("mrow[r] = mt[r];");
  for (int k = 0; k < NS; ++k) em.line("l" + S(k) + "[r] *= al[r];");
  em.close();
}

void AttentionEmitter::rescale_o() {  // O moved to the new shift
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RO) + "; ++e) {");
  em.line("o[e] *= al[rs_o[e]];");
  em.close();
}

// P and the other row sums at each element, the max given as the shift; four partial sums per
// row slot (shorter dependence chains), added after the tile (pack_p).
void AttentionEmitter::softmax_p() {
  for (int k = 0; k < NS; ++k) em.line("float ls" + S(k) + "[2][4] = {};");
  split_tail([&](bool past_end) { p_elements(past_end); });
}

void AttentionEmitter::p_elements(bool past_end) {
  open_s_loop();
  em.line("const int rs = rs_s[e];");
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    if (n == a.max->operand(0)) {
      AXON_CHECK(point_key(p) == key, "codegen: P reads the scores' chain elsewhere");
      return "sc[e]";
    }
    if (std::string v = sf.exp_at(em, n, p, "mu[rs]"); !v.empty()) {
      AXON_CHECK(point_key(p) == key, "codegen: P reads an exp of the max elsewhere");
      return v;
    }
    if (n == a.max) {
      AXON_CHECK(sf.exp2_at == nullptr && is_row_point(n, p), "codegen: P reads the row max at another row, or outside exp(u - max)");
      return "mu[rs]";
    }
    return "";
  };
  // P is packed into bf16 pairs by the synthesized pack (round to nearest even, as a cast to bf16
  // rounds): a P that is such a cast is given unrounded (p_node), any other P is bf16 already.
  const std::string pval = em.value(p_node, point);
  for (int k = 0; k < NS; ++k) {
    if (from_packed[size_t(k)]) continue;
    const std::string v = em.value(a.sums[size_t(k)]->operand(0), point);
    const std::string acc = "ls" + S(k) + "[rs][(e >> 2) & 3]";
    em.line(past_end ? "if (gj0 < " + S(SK) + ") " + acc + " += " + v + ";" : acc + " += " + v + ";");
  }
  // Keys past the end: P is 0 (so is a summand taken from it).
  em.line(past_end ? "sc[e] = gj0 < " + S(SK) + " ? " + pval + " : 0.0f;" : "sc[e] = " + pval + ";");
  em.close();
  em.given = nullptr;
}

// P as bf16 pairs in the a fragments of the k-chunks, into `dst` (pr, or pn while the previous
// P V still reads pr); the sums taken from P, then every sum's partials folded.
void AttentionEmitter::pack_p(const std::string& dst) {
  for (int kk = 0; kk < BN / 16; ++kk)
    for (int q = 0; q < 4; ++q)
      em.line(dst + "[" + S(kk * 4 + q) + "] = " + pack_fn + "(sc[" + S(pe[size_t(kk)][size_t(2 * q)]) + "], sc[" +
              S(pe[size_t(kk)][size_t(2 * q + 1)]) + "]);");
  for (int k = 0; k < NS; ++k) {
    if (!from_packed[size_t(k)]) continue;
    for (int kk = 0; kk < BN / 16; ++kk)
      for (int q = 0; q < 4; ++q) {
        const std::string w = dst + "[" + S(kk * 4 + q) + "]";
        for (int h = 0; h < 2; ++h) {
          const int e = pe[size_t(kk)][size_t(2 * q + h)];
          const std::string half = pair_half(T16, w, h);
          em.line("ls" + S(k) + "[" + S(slot_s[size_t(e)]) + "][" + S((e >> 2) & 3) + "] += " + half + ";");
        }
      }
  }
  fold_sums();
}

// Every sum's partials of the tile folded into the running sums.
void AttentionEmitter::fold_sums() {
  for (int k = 0; k < NS; ++k)
    for (int r = 0; r < 2; ++r)
      em.line("l" + S(k) + "[" + S(r) + "] += (ls" + S(k) + "[" + S(r) + "][0] + ls" + S(k) + "[" + S(r) + "][1]) + (ls" + S(k) + "[" + S(r) +
              "][2] + ls" + S(k) + "[" + S(r) + "][3]);");
}

}  // namespace axon::tiling::detail
