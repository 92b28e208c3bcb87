// The sm_90a contraction kernel's epilogues (WgmmaEmitter, wgmma_emitter.h): in fragment order
// from the accumulators, staged through the drained pipeline slots, handed to store warps, or
// written into boxes that TMA stores.
#include <algorithm>

#include "axon/core/error.h"
#include "wgmma_emitter.h"

namespace axon::tiling::detail {

void WgmmaEmitter::epilogue() {
  if (reg_a.finish) {  // the side reductions' row values, and the row slot of each accumulator
    reg_a.finish();
    std::string tab = "constexpr int rs_d[" + S(REGS) + "] = {";
    for (int e = 0; e < REGS; ++e) tab += (e ? ", " : "") + S(reg_a.slots[size_t(e)]);
    em.line(tab + "};");
  }
  t.store_warps ? hand_off() : t.tma_store ? tma_store_epilogue() : stageable ? staged_epilogue() : fragment_epilogue();
}

// The epilogue's point at fragment element e (batch, gi, gj) and its right-hand neighbour
// (batch, gi, gj1: paired stores), with the matmul's values there given from the accumulators
// (a twin's B2 result TW registers on); reading the matmul anywhere else is an internal error.
void WgmmaEmitter::fragment_points() {
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  em.name_var(kCol1Var, "gj1");
  fpoint = fpoint1 = batch;
  fpoint.push_back(term::var(kRowVar));
  fpoint.push_back(term::var(kColVar));
  fpoint1.push_back(term::var(kRowVar));
  fpoint1.push_back(term::var(kCol1Var));
  fkey = point_key(fpoint);
  fkey1 = point_key(fpoint1);
  em.given = [this](const Node* n, const std::vector<Term>& p) -> std::string {
    if (auto it = std::find(c.side.begin(), c.side.end(), n); it != c.side.end()) {
      AXON_CHECK(at_stat_row(n, batch, kRowVar, p), "codegen: the epilogue reads a side reduction at another row");
      return "st" + S(int64_t(it - c.side.begin())) + "[rs_d[e]]";
    }
    if (n != c.mm && n != c.mm2) return "";
    const std::string k = point_key(p);
    AXON_CHECK(k == fkey || k == fkey1, "codegen: the epilogue reads the matmul elsewhere");
    const std::string e = n == c.mm ? "e" : "e + " + S(TW);
    return em.round(n->dtype(), k == fkey ? "acc[" + e + "]" : "acc[" + e + " + 1]");
  };
}

// The epilogue in fragment order, as in the mma.sync kernel, over the spec's accumulator map:
// each element's outputs stored where it is (neighbours in pairs).
void WgmmaEmitter::fragment_epilogue() {
  fragment_points();
  const std::vector<Term>&point = fpoint, &point1 = fpoint1;
  const bool pairs = paired_stores(g, c, *df, 128, REGS);
  const int step = pairs ? 2 : 1;
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(c.mm2 ? TW : REGS) + "; e += " + S(step) + ") {");
  em.line("const " + I + " gi = m0 + wg * 64 + " + em.index(em.subst(df->row, frag_vars)) + ";");
  em.line("const " + I + " gj = n0 + " + em.index(em.subst(df->col, frag_vars)) + ";");
  em.open("if (gi < " + m_text(c) + " && gj < " + S(c.n) + ") {");
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
  em.given = nullptr;
}

// The group's outputs at 8 consecutive columns gj.. of row gi (inside the output), the matmul's
// value at the e-th given by `matmul_at`: the epilogue's other inputs read and the results
// stored in whole rows (16-byte accesses where aligned); what the 8 points share is computed once.
void WgmmaEmitter::chunk_epilogue(const std::function<std::string(const Node*, int)>& matmul_at) {
  emit_chunk_writes(em, g, batch, c.n, [&](const Node* n, const std::vector<Term>&, int e) -> std::string {
    if (n != c.mm && n != c.mm2) return "";
    AXON_CHECK(e >= 0, "codegen: the epilogue reads the matmul elsewhere");
    return matmul_at(n, e);
  });
}

void WgmmaEmitter::check_stsm() {
  if (!stsm_checked) check_stmatrix(*stsm, *df, REGS);
  stsm_checked = true;
}

// The matmul's values (a twin's both halves: all N columns), rounded to its type, into rows
// `row0` + the fragment's row of the staging buffer `stage`, rows padded by 16 bytes
// (conflict-free), in fragment order.
// stmatrix (where the spec has it) stages a warp's 16 x 16 blocks of 16-bit values at once:
// lane th % 32 addresses one row of one of four 8 x 8 matrices, register m holding the pair of
// elements eb + 2m, eb + 2m + 1 (stmatrix_address, check_stmatrix).
void WgmmaEmitter::stage_fragment(const std::string& row0) {
  if (stsm != nullptr && frag_pairs && dtype_bytes(mt) == 2 && REGS % 8 == 0) {
    check_stsm();
    em.line("const unsigned stage_s0 = (unsigned)__cvta_generic_to_shared(stage);");
    em.line("#pragma unroll");
    em.open("for (int e = 0; e < " + S(REGS) + "; e += 8) {");
    em.line("const int ar = " + row0 + em.index(em.subst(stsm_at.row, frag_vars)) + ", ac = " + em.index(em.subst(stsm_at.col, frag_vars)) + ";");
    std::vector<std::string> q;
    for (int m = 0; m < 4; ++m)
      q.push_back("axon_pack2_" + std::string(dtype_name(mt)) + "(" + em.round(mt, "acc[e + " + S(2 * m) + "]") + ", " +
                  em.round(mt, "acc[e + " + S(2 * m + 1) + "]") + ")");
    em.line(inline_asm(*stsm, {{"a", "r", {"stage_s0 + ar * " + S(stage_row) + " + ac * 2"}}, {"b", "r", q}}, true));
    em.close();
    return;
  }
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(REGS) + "; e += " + S(frag_pairs ? 2 : 1) + ") {");
  em.line("const int lr = " + row0 + em.index(em.subst(df->row, frag_vars)) + ", lc = " + em.index(em.subst(df->col, frag_vars)) + ";");
  const std::string at = "(" + MT + "*)(stage + lr * " + S(stage_row) + ") + lc";
  if (frag_pairs)
    em.line("axon_st2_" + std::string(dtype_name(mt)) + "(" + at + ", " + em.round(mt, "acc[e]") + ", " + em.round(mt, "acc[e + 1]") + ");");
  else
    em.line("axon_st_" + std::string(dtype_name(mt)) + "(" + at + ", " + em.round(mt, "acc[e]") + ");");
  em.close();
}

// The epilogue of staged rows 0 .. rows - 1 (output rows gi0 + lr) in 8-column chunks q = first,
// first + step, ...: the matmul's value from the buffer (a twin's N / 2 columns on).
void WgmmaEmitter::stage_chunks(const std::string& first, int step, int rows, const std::string& gi0) {
  em.open("for (int q = " + first + "; q < " + S(rows * cpr) + "; q += " + S(step) + ") {");
  em.line("const int lr = q / " + S(cpr) + ", lc = (q % " + S(cpr) + ") * 8;");
  em.line("const " + I + " gi = " + gi0 + " + lr, gj = n0 + lc;");
  em.line("if (gi >= " + m_text(c) + " || gj >= " + S(c.n) + ") continue;");
  em.line("const " + MT + "* const sv = (const " + MT + "*)(stage + lr * " + S(stage_row) + ") + lc;");
  chunk_epilogue([&](const Node* n, int e) { return to_f + "(sv[" + S((n == c.mm2 ? N / 2 : 0) + e) + "])"; });
  em.close();
}

void WgmmaEmitter::staged_epilogue() {
  // Every consumer's wgmmas have read their last slots.
  em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {S(128 * t.warps_m)}}}, true));
  em.line("unsigned char* const stage = (unsigned char*)sA + wg * " + S(stage_bytes) + ";");
  stage_fragment("");
  em.line(inline_asm(*bar_named, {{"id", "r", {"wg + 2"}}, {"n", "r", {"128"}}}, true));
  stage_chunks("th", 128, 64, "m0 + wg * 64");
}

// Store warps: the consumers stage the whole block tile after the slots (hand_off); warps 1-3 of
// the producer warpgroup (threads 32 .. 127) run its epilogue (store_tile; emit_tma_mainloop
// adds the barriers).
void WgmmaEmitter::hand_off() {
  em.line(staging);
  stage_fragment("wg * 64 + ");
}

void WgmmaEmitter::store_tile() {
  em.line(staging);
  stage_chunks("tid - 32", 96, t.bm, "m0");
}

// The TMA-store epilogue's chunks of CW columns: the first accumulator element of each (the
// chunk of every element depends on the element alone, a contiguous range each), then E.
std::vector<int> WgmmaEmitter::tma_store_chunks(int E, int CW, int chunks) const {
  std::vector<int> first(size_t(chunks) + 1, -1);
  for (int e = 0; e < E; ++e) {
    const int64_t h = fragment_index(df->col, 0, e) / CW;
    for (int th = 1; th < 128; ++th)
      AXON_CHECK(fragment_index(df->col, th, e) / CW == h, "codegen: " + mma->name + "'s d fragment mixes store chunks within an element");
    AXON_CHECK(e == 0 ? h == 0 : h == fragment_index(df->col, 0, e - 1) / CW || h == fragment_index(df->col, 0, e - 1) / CW + 1,
               "codegen: " + mma->name + "'s d fragment does not walk the store chunks in order");
    if (first[size_t(h)] < 0) first[size_t(h)] = e;
  }
  first[size_t(chunks)] = E;
  return first;
}

// The TMA-store epilogue (docs/contraction.md): each warpgroup writes its 64 rows' outputs,
// tma_store_cols at a time, into 64-column boxes (64 rows of 128 bytes, the store's 128-byte
// swizzle) and one thread stores the boxes with the bulk tensor copy; points outside the output
// are neither computed nor stored (the copy clips the box). Persistent blocks stage in their
// own buffer and wait until the previous chunk's boxes have been read; the others in the
// drained slots, the whole tile at once, and wait for the reads before they exit.
void WgmmaEmitter::tma_store_epilogue() {
  AXON_CHECK(t.tma && c.tma_store && ti.stores() && bar_named != nullptr && g.writes.size() == 1 && SK == 1 && !t.store_warps,
             "codegen: a TMA-store epilogue needs the bulk store, one 16-bit output and one split");
  const Node* w = g.writes[0];
  // Twins store the tile's first N / 2 columns (elements below TW; B2's results TW on).
  const int TN = c.tile_n(N), E = c.mm2 != nullptr ? TW : REGS;
  const int CW = std::min(tma_store_cols(t), TN), chunks = TN / CW;
  const std::vector<int> first = tma_store_chunks(E, CW, chunks);
  const std::string base = persistent ? S(smem.offset("staging")) : "0";
  const std::string wg_off = "wg * " + S(tma_store_bytes(t));
  if (!persistent)  // every consumer's wgmmas have read their last slots
    em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {S(128 * t.warps_m)}}}, true));
  em.line("unsigned char* const stage = (unsigned char*)sA + " + base + " + " + wg_off + ";");
  em.line("const unsigned stage_s = sa0 + " + base + " + " + wg_off + ";");
  em.line("const unsigned long long tmap_out = (unsigned long long)&tm" + S(static_cast<int64_t>(tensor_maps(g, c, t).size()) - 1) + ";");
  fragment_points();
  const bool pairs = paired_stores(g, c, *df, 128, REGS);
  // stmatrix stages eight accumulator elements per lane at once (four pairs: a warp's 16 x 16
  // block, stmatrix_address): where the spec has it, the stores are pairs and every chunk is
  // whole 16 x 16 blocks.
  bool blocks = stsm != nullptr && pairs;
  // Tiles that divide the output, clusters of multicast tile rows too (no block past the last
  // row): every block's tile lies inside it, every point evaluated is.
  const bool whole_tiles = c.m_text.empty() && c.m % (int64_t(t.bm) * std::max(1, t.multicast)) == 0 && c.n % TN == 0;
  for (int h = 0; h <= chunks && blocks; ++h) blocks = first[size_t(h)] % 8 == 0;
  if (blocks) check_stsm();
  for (int h = 0; h < chunks; ++h) {
    if (persistent) {  // the buffer's previous boxes (this tile's or the last tile's) have been read
      em.line("if (th == 0) " + inline_asm(*ti.store_wait, {{"n", "", {"0"}, true}}, true));
      em.line(inline_asm(*bar_named, {{"id", "r", {"wg + 2"}}, {"n", "r", {"128"}}}, true));
    }
    em.line("#pragma unroll");
    if (blocks) tma_store_blocks(w, h, CW, first[size_t(h)], first[size_t(h) + 1], whole_tiles);
    else tma_store_elements(w, h, CW, first[size_t(h)], first[size_t(h) + 1], pairs);
    tma_store_boxes(h, CW);
  }
  em.given = nullptr;
  // Shared memory outlives the reads: before the block exits (persistent: after its last tile).
  if (!persistent) em.line("if (th == 0) " + inline_asm(*ti.store_wait, {{"n", "", {"0"}, true}}, true));
}

// Chunk h's elements [from, to) by stmatrix: lane th % 32 addresses its row of one of the block's
// four matrices (elements eb .. eb + 7, register m holding the pair eb + 2m); each pair is
// evaluated where it is in the output, the others staged as zeros (the copy clips them).
void WgmmaEmitter::tma_store_blocks(const Node* w, int h, int CW, int from, int to, bool whole_tiles) {
  const std::vector<Term>&point = fpoint, &point1 = fpoint1;
  em.open("for (int e = " + S(from) + "; e < " + S(to) + "; e += 8) {");
  em.line("const int ar = " + em.index(em.subst(stsm_at.row, frag_vars)) + ", ac = " + em.index(em.subst(stsm_at.col, frag_vars)) + " - " +
          S(h * CW) + ";");
  em.line("const unsigned at = stage_s + (ac >> 6) * 8192 + ar * 128 + ((((ac & 63) >> 3) ^ (ar & 7)) << 4);");
  em.line("unsigned q[4];");
  em.line("const int eb = e;");
  em.line("#pragma unroll");
  em.open("for (int m = 0; m < 4; ++m) {");
  em.line("const int e = eb + 2 * m;");
  em.line("const int lr = " + em.index(em.subst(df->row, frag_vars)) + ", lc = " + em.index(em.subst(df->col, frag_vars)) + ";");
  em.line("const " + I + " gi = m0 + wg * 64 + lr, gj = n0 + lc;");
  // Where the tiles divide the output every pair is inside it: no test.
  if (whole_tiles) {
    em.line("const " + I + " gj1 = gj + 1;");
    em.line("(void)gi; (void)gj1;");
    em.line("q[m] = axon_pack2_" + dt(w) + "(" + em.value(w, point) + ", " + em.value(w, point1) + ");");
  } else {
    em.line("q[m] = 0u;");
    em.open("if (gi < " + m_text(c) + " && gj < " + S(c.n) + ") {");
    em.line("const " + I + " gj1 = gj + 1;");
    em.line("(void)gj1;");
    em.line("q[m] = axon_pack2_" + dt(w) + "(" + em.value(w, point) + ", " + em.value(w, point1) + ");");
    em.close();
  }
  em.close();
  em.line(inline_asm(*stsm, {{"a", "r", {"at"}}, {"b", "r", {"q[0]", "q[1]", "q[2]", "q[3]"}}}, true));
  em.close();
}

// Chunk h's elements [from, to), one (or a pair) at a time, into the swizzled boxes.
void WgmmaEmitter::tma_store_elements(const Node* w, int h, int CW, int from, int to, bool pairs) {
  const std::vector<Term>&point = fpoint, &point1 = fpoint1;
  em.open("for (int e = " + S(from) + "; e < " + S(to) + "; e += " + S(pairs ? 2 : 1) + ") {");
  em.line("const int lr = " + em.index(em.subst(df->row, frag_vars)) + ", lc = " + em.index(em.subst(df->col, frag_vars)) + " - " +
          S(h * CW) + ";");
  em.line("const " + I + " gi = m0 + wg * 64 + lr, gj = n0 + " + S(h * CW) + " + lc;");
  em.open("if (gi < " + m_text(c) + " && gj < " + S(c.n) + ") {");
  if (pairs) em.line("const " + I + " gj1 = gj + 1;");
  if (pairs) em.line("(void)gj1;");
  em.line("unsigned short* const at = (unsigned short*)(stage + (lc >> 6) * 8192 + lr * 128 + ((((lc & 63) >> 3) ^ (lr & 7)) << 4) + (lc & 7) * 2);");
  if (pairs) em.line("axon_st2_" + dt(w) + "(at, " + em.value(w, point) + ", " + em.value(w, point1) + ");");
  else em.line("axon_st_" + dt(w) + "(at, " + em.value(w, point) + ");");
  em.close();
  em.close();
}

// Chunk h's boxes, written through the generic proxy, stored by one thread once the async proxy
// may read them.
void WgmmaEmitter::tma_store_boxes(int h, int CW) {
  em.line(inline_asm(*wi.proxy, {}, true));
  em.line(inline_asm(*bar_named, {{"id", "r", {"wg + 2"}}, {"n", "r", {"128"}}}, true));
  em.open("if (th == 0) {");
  em.line("#pragma unroll");
  em.open("for (int b = 0; b < " + S(CW / 64) + "; ++b) {");
  // Boxes that start inside the output (the copy clips the rest of them); a block past the
  // last tile row (multicast) or a box past the last column stores nothing.
  em.line("if (m0 + wg * 64 < " + m_text(c) + " && n0 + " + S(h * CW) + " + b * 64 < " + S(c.n) + ") " +
          inline_asm(*ti.store, {{"a", "l", {"tmap_out"}}, {"c0", "r", {"n0 + " + S(h * CW) + " + b * 64"}}, {"c1", "r", {"m0 + wg * 64"}},
                                  {"c2", "r", {"(int)bz"}}, {"s", "r", {"stage_s + b * 8192"}}}, true));
  em.close();
  em.line(inline_asm(*ti.store_commit, {}, true));
  em.close();
}

}  // namespace axon::tiling::detail
