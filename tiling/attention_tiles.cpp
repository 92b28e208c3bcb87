// The attention kernel's consumers (AttentionEmitter, attention_emitter.h): the loop over the
// key tiles in either order (S = Q K^T or the stored tile, the softmax, P V), and the end: the
// sums over the quad, the key split's and the cluster's merges, the shift to the graph's, the writes.
#include "attention_emitter.h"
#include "axon/core/error.h"

namespace axon::tiling::detail {

// S = Q K^T over the head dimension: 64-column panels, 16 per k-step (32 bytes in a swizzled
// row), as many k-steps as cover D (the panels' columns past it hold zeros: no products);
// fenced and committed, not waited for.
void AttentionEmitter::issue_s() {
  em.line(inline_asm(*wi.fence, {}, true));
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < " + S((D + 15) / 16) + "; ++kk) {");
  em.line("const unsigned long long da = " + wgmma_desc(q_base, "(kk / 4) * " + S(desc_units(int64_t(BM) * 128)) + " + wg * " + S(desc_units(8192)) + " + (kk % 4) * " + S(desc_units(32)), 1, 64) + ";");
  em.line("const unsigned long long db = " + wgmma_desc("sk0", "slot * " + S(desc_units(k_bytes)) + " + (kk / 4) * " + S(desc_units(int64_t(BN) * 128)) + " + (kk % 4) * " + S(desc_units(32)), 1, 64) + ";");
  std::vector<std::string> d;
  for (int r = 0; r < RS; ++r) d.push_back("sc[" + S(r) + "]");
  em.line(inline_asm(*mma_s, {{"d", "+f", d}, {"a", "l", {"da"}}, {"b", "l", {"db"}}, {"p", "", {"p"}, true}, {"N", "", {S(BN)}, true}, {"", "r", {"kk"}}},
                     true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(RS + 2) + ", 0;\\n", "\\n}"));
  em.close();
  em.line(inline_asm(*wi.commit, {}, true));
}

// O += P V for tile `item` in `slot`: V's tile is N-major (64-column blocks of BN rows; N is DVN,
// the last block read in part under pv_exact); 16 keys per k-step; P from registers `preg`.
// Committed, not waited for.
// `fence`: O and P were written since the last wgmma. The fence comes after V's wait (or the
// caller waited for V before its own fence): a wait loop (a divergent branch) between the
// fence and the wgmma makes ptxas serialize every wgmma of the kernel (its warning C7520).
void AttentionEmitter::issue_pv(const std::string& slot, const std::string& item, bool fence, bool wait_v, const std::string& preg) {
  if (wait_v) em.line(vring.consumer_wait(slot, item));
  if (fence) em.line(inline_asm(*wi.fence, {}, true));
  std::vector<std::string> d;
  for (int r = 0; r < RO; ++r) d.push_back("o[" + S(r) + "]");
  for (int kk = 0; kk < BN / 16; ++kk) {
    const std::string db = wgmma_desc("sv0", slot + " * " + S(desc_units(v_bytes)) + " + " + S(desc_units(kk * 2048)), (int64_t(BN) * 128) >> 4, 64);
    std::vector<std::string> areg;
    for (int q = 0; q < 4; ++q) areg.push_back(preg + "[" + S(kk * 4 + q) + "]");
    em.line(inline_asm(*mma_o, {{"d", "+f", d}, {"a", "r", areg}, {"b", "l", {db}}, {"p", "", {"p"}, true}, {"N", "", {S(DVN)}, true}, {"", "r", {"1"}}},
                       true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(RO + 5) + ", 0;\\n", "\\n}"));
  }
  em.line(inline_asm(*wi.commit, {}, true));
}

void AttentionEmitter::release_k() { em.line("if ((th & 31) == 0) " + kring.consumer_release("slot")); }

// Two consumer warpgroups may take turns on the tensor cores (pingpong, named barriers 2 and 3):
// one issues its S and P V while the other computes its softmax. Warpgroup 1 lets 0 go first,
// each lets the other go after every issue (no condition between a wgmma and its wait), and
// warpgroup 0 takes the one turn too many at the end, after its last wait: both pass each
// barrier as often (n + 1 times barrier 2, n times barrier 3, n >= 1 key tiles each). A
// persistent kernel's turns run on across its row blocks (emit_persistent): the first grant
// before the first, the turn too many after the last.
void AttentionEmitter::turn_wait() {
  if (pingpong) em.line(inline_asm(*bar_named, {{"id", "r", {"2 + wg"}}, {"n", "r", {"256"}}}, true));
}

void AttentionEmitter::turn_pass() {
  if (pingpong) em.line(inline_asm(*bar_arrive, {{"id", "r", {"3 - wg"}}, {"n", "r", {"256"}}}, true));
}

// Per tile: S (or the stored tile), its softmax, then its P V, issued at the end and waited for
// with the next tile's S. The loop runs at least once (kb < ke) for one warpgroup per tile;
// under the key split the second may have none.
void AttentionEmitter::tiles_in_order() {
  if (KS == 1) {
    em.line("int it = " + first_tile() + ";");
    em.open("do {");
  } else {
    em.open("for (int it = kb + kp; it < ke; it += 2) {");
  }
  em.line(tile_vars());
  em.line(n0_line());
  em.line(kring.consumer_wait("slot", "g"));
  if (stored) emit_read_stored_scores(em, *low.isa, *mma_s, StoredScores{BM, BN, k_bytes, packed_max, T16});
  else issue_s();
  // S and the previous tile's P V are done: K's slot and the previous V slot go back.
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  if (stored) {  // every lane of the warp has read its scores before lane 0 releases the slot
    const InstrSpec* warp_sync = low.isa->find("bar.warp.sync");
    AXON_CHECK(warp_sync != nullptr, "codegen: the ISA lacks bar.warp.sync");
    em.line(kring.generic_reads_done());
    em.line(inline_asm(*warp_sync, {}, true));
  }
  em.open("if ((th & 31) == 0) {");
  em.line(kring.consumer_release("slot"));
  // This warpgroup's previous tile: g - 1, or g - 2 under the key split.
  em.line("if (g >= " + S(KS) + ") " + vring.consumer_release(vring.slot_of("g - " + S(KS))));
  em.close();
  softmax_max();
  rescale_o();
  softmax_p();
  pack_p("pr");
  issue_pv("slot", "g", true, true);
  if (KS == 1) em.close(tiles_next());
  else em.close();
}

// The deferred order (pingpong or overlap): a tile's S is issued before the previous tile's
// P V, and its softmax (up to P and the sums) runs while that P V does. The first tile is
// peeled so that no branch separates a wgmma from its fence or its wait (ptxas serializes
// every wgmma of the kernel otherwise: C7514, C7520).
void AttentionEmitter::tiles_deferred() {
  if (pingpong && !persistent) em.line("if (wg == 1) " + inline_asm(*bar_arrive, {{"id", "r", {"2"}}, {"n", "r", {"256"}}}, true));
  peeled_tile();
  // (A cluster's rank: every CL-th tile from kr.)
  const std::string step = CL > 1 ? S(CL) : "1";
  const std::string last_g = "const int g = " + std::string(persistent ? "gb + " : "") + last_place() + ", slot = " + kring.slot_of("g") + ";";
  if (one_p) {  // one P buffer, packed once P V has read it: a tile per turn of the loop
    em.open(rev ? "for (int i2 = ke - 2; i2 >= kb; --i2) {" : "for (int i2 = " + first_tile() + " + " + step + "; i2 < ke; i2 += " + step + ") {");
    later_tile("i2", "pr", "pr");
    em.close();
    em.open("{");
    em.line(last_g);
    last_pv("pr");
    em.close();
  } else {
    two_p_tiles(step, last_g);
  }
  if (pingpong && !persistent) em.line("if (wg == 0) " + inline_asm(*bar_named, {{"id", "r", {"2"}}, {"n", "r", {"256"}}}, true));
}

// The first tile: S, then its softmax (O is still 0), P packed into pr.
void AttentionEmitter::peeled_tile() {
  em.open("{");
  em.line("const int it = " + first_tile() + ";");
  em.line(tile_vars());
  em.line(n0_line());
  em.line(persistent ? kring.consumer_wait("slot", "g") : kring.consumer_wait_parity("slot", "0"));
  turn_wait();
  issue_s();
  turn_pass();
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  release_k();
  release_q();
  softmax_max();  // al = 0 (nothing seen yet): O, still 0, needs no rescaling
  softmax_p();
  pack_p("pr");
  em.close();
}

// Every later tile (later_tile) with two P buffers alternating (pr, pn), two tiles per turn of
// the loop: no copy between them, each tile's wgmmas fenced, committed and waited for within it;
// then the last tile's P V (`last_g`: its g and slot) from the buffer of its parity.
void AttentionEmitter::two_p_tiles(const std::string& step, const std::string& last_g) {
  em.line("unsigned pn[" + S(BN / 4) + "];");
  later_tile_pairs(step);
  // The last tile's P V: the P of the tile at place g is in pn when g is odd.
  for (int odd : {1, 0}) {
    em.open(std::string(odd ? "if" : "else if") + " (((" + last_place() + ") & 1) == " + S(odd) + ") {");
    em.line(last_g);
    last_pv(odd ? "pn" : "pr");
    em.close();
  }
}

// The loop over the later tiles (every `step`-th after the first), two per turn, P alternating
// between pr and pn (declared before): the P of the tile at place g ends in pn when g is odd.
void AttentionEmitter::later_tile_pairs(const std::string& step) {
  if (rev) {  // from the last tile but one down to kb
    em.open("for (int i2 = ke - 2; i2 >= kb; i2 -= 2) {");
    later_tile("i2", "pr", "pn");
    em.open("if (i2 - 1 >= kb) {");
    later_tile("i2 - 1", "pn", "pr");
    em.close();
    em.close();
    return;
  }
  em.open("for (int i2 = " + first_tile() + " + " + step + "; i2 < ke; i2 += " + (CL > 1 ? S(2 * CL) : "2") + ") {");
  later_tile("i2", "pr", "pn");
  em.open("if (i2 + " + step + " < ke) {");
  later_tile("i2 + " + step, "pn", "pr");
  em.close();
  em.close();
}

// The row block's last P V (tile g in `slot`, P in `p`) and its wait; persistent, its V slot
// goes back: the ring runs on into the next row block, whose tiles will need it.
void AttentionEmitter::last_pv(const std::string& p) {
  issue_pv("slot", "g", true, true, p);
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  if (persistent) em.line("if ((th & 31) == 0) " + vring.consumer_release("slot"));
}

// A later tile of the deferred order: its S and the previous tile's P V (P in `in`) under one
// fence (V waited for before it), the softmax up to P and the sums while P V runs, P packed into
// `out` beside the P it reads (its 32-bit floats die early), then O rescaled. With one P buffer
// (one_p: `out` is `in`) P is packed once P V has finished with it: the two buffers cost a
// tile's P in registers (at 128 keys the kernel needs 217-232 of them, at most 192 with one),
// which key tiles over 128 do not have. `boundary` (the stream): the tile is the next row
// block's first, the P V the last of this one's: O stays as it is, for this one's epilogue.
void AttentionEmitter::later_tile(const std::string& it, const std::string& in, const std::string& out, bool boundary) {
  em.open("{");
  em.line("const int it = " + it + ";");
  em.line(tile_vars());
  em.line(n0_line());
  em.line("const int pg = g - 1, ps = " + vring.slot_of("pg") + ";");
  em.line(kring.consumer_wait("slot", "g"));
  em.line(vring.consumer_wait("ps", "pg"));
  turn_wait();
  issue_s();
  issue_pv("ps", "pg", false, false, in);
  turn_pass();
  em.line(inline_asm(*wi.wait, {{"n", "", {"1"}, true}}, true));  // S is done, P V may run on
  release_k();
  release_q();
  steady = plain_later && !boundary;  // a later tile of the row block: inside every band, whole
  softmax_max();
  softmax_p();
  steady = false;
  if (!one_p) pack_p(out);
  // A wait on the completed `pin` (a loop: a branch) before the wait for P V: ptxas schedules
  // a wgmma wait as early as it can within a block, above the softmax, which then no longer
  // runs beside P V (seen in the SASS); it does not move it above a branch.
  em.line(wait("pin", "0"));
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));  // P V has finished with O, P and V
  em.line("if ((th & 31) == 0) " + vring.consumer_release("ps"));
  if (one_p) pack_p(out);
  if (!boundary) rescale_o();
  em.close();
}

// The sums over the quad.
void AttentionEmitter::quad_sums() {
  for (int k = 0; k < NS; ++k)
    for (int r = 0; r < 2; ++r)
      for (int lane : {1, 2})
        em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {"l" + S(k) + "[" + S(r) + "]"}}, {"c", "", {S(lane)}, true}}, false) +
                " l" + S(k) + "[" + S(r) + "] += t; }");
}

// The key split's merge: the second warpgroup leaves its O, shifts, maxima and sums in the
// slots (every tile is consumed once both have passed the barrier), the first moves both
// halves to the larger shift and adds them (a half that saw only -inf contributes nothing).
void AttentionEmitter::merge_key_split() {
  const InstrSpec* lds = low.isa->find("ld.shared.f32");
  const InstrSpec* sts = low.isa->find("st.shared.f32");
  AXON_CHECK(lds && sts && bar_named, "codegen: the ISA lacks ld.shared.f32, st.shared.f32 or bar.sync.named");
  // Float j of the second warpgroup's thread th at 4 (j 128 + th): its O elements, then row_state.
  auto at = [&](const std::string& j) { return "sk0 + (unsigned)(((" + j + ") * 128 + th) * 4)"; };
  AXON_CHECK(attention_exchange_bytes(a, t) <= smem.bytes("sk0") + smem.bytes("sv0"), "codegen: the key split's exchange exceeds the slots");
  em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {"256"}}}, true));  // both are done with every slot
  em.open("if (kp == 1) {");
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < " + S(RO) + "; ++e) " + inline_asm(*sts, {{"a", "r", {at("e")}}, {"b", "f", {"o[e]"}}}, true));
  for (const auto& [j, reg] : row_state()) em.line(inline_asm(*sts, {{"a", "r", {at(S(j))}}, {"b", "f", {reg}}}, true));
  em.close();
  em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {"256"}}}, true));
  em.line("if (kp == 1) return;");
  merge_rows([&](const std::string& j, const std::string& dst) { return inline_asm(*lds, {{"d", "=f", {dst}}, {"a", "r", {at(j)}}}, true); });
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RO) + "; ++e) {");
  em.line("float x;");
  em.line(inline_asm(*lds, {{"d", "=f", {"x"}}, {"a", "r", {at("e")}}}, true));
  em.line("o[e] = o[e] * a0[rs_o[e]] + x * a1[rs_o[e]];");
  em.close();
}

// The row statistics a part of the keys leaves for another (the key split, the cluster): per row
// slot r its shift, max and sums, at exchange indices RO + r, RO + 2 + r, RO + 4 + 2 k + r
// (after O's RO elements), with the registers that hold them; merge_rows reads them back.
std::vector<std::pair<int, std::string>> AttentionEmitter::row_state() const {
  std::vector<std::pair<int, std::string>> xs;
  for (int r = 0; r < 2; ++r) {
    xs.push_back({RO + r, "mu[" + S(r) + "]"});
    xs.push_back({RO + 2 + r, "mrow[" + S(r) + "]"});
    for (int k = 0; k < NS; ++k) xs.push_back({RO + 4 + 2 * k + r, "l" + S(k) + "[" + S(r) + "]"});
  }
  return xs;
}

// The row statistics of another part of the keys (exchange index j (floats RO ..) read into a
// float by `load(j, dst)`) merged into this thread's: both moved to the larger shift (0 if both
// maxima are -inf), a part that saw only -inf counts nothing; a0, a1: O's factors per row slot.
void AttentionEmitter::merge_rows(const std::function<std::string(const std::string&, const std::string&)>& load) {
  em.line("float a0[2], a1[2];");
  em.line("#pragma unroll");
  em.open("for (int r = 0; r < 2; ++r) {");
  em.line("float mu1, m1;");
  em.line(load(S(RO) + " + r", "mu1"));
  em.line(load(S(RO + 2) + " + r", "m1"));
  em.line("const float m = " + em.combine(Reducer::Max, "mrow[r]", "m1") + ", ns = " + sf.shift_of("m == kNegInf ? 0.0f : m") + ";");
  em.line("a0[r] = " + sf.move(em, "mu[r]", "ns") + ";");
  em.line("a1[r] = " + sf.move(em, "mu1", "ns") + ";");
  em.line("if (mrow[r] == kNegInf) a0[r] = 0.0f;");
  em.line("if (m1 == kNegInf) a1[r] = 0.0f;");
  em.line("mrow[r] = m;");
  em.line("mu[r] = ns;");
  for (int k = 0; k < NS; ++k) em.line("{ float l; " + load(S(RO + 4 + 2 * k) + " + r", "l") + " l" + S(k) + "[r] = l" + S(k) + "[r] * a0[r] + l * a1[r]; }");
  em.close();
}

// The cluster's merge (CL > 1): once every consumer warp of the block is done with Q and the
// slots, ranks 1 .. CL - 1 leave, from Q's region on, their O (16-byte chunks: chunk c of
// consumer thread ct at 16 (c T + ct), T the consumer threads), then their shifts, maxima and
// sums (float j >= RO at 4 (j T + ct)); after the cluster barrier rank 0 reads each rank's
// through distributed shared memory (mapa, ld.shared::cluster) and merges it into its own; a
// second cluster barrier keeps every rank's shared memory until rank 0 has read it. Rank 0 then
// writes the rows. Ranks the row block had no tile for (they ran a stand-in, key_range) are
// left out.
void AttentionEmitter::merge_cluster() {
  const ClusterIsa ci = cluster_isa(*low.isa);
  const InstrSpec* sts = low.isa->find("st.shared.f32");
  const InstrSpec* st4 = low.isa->find("st.shared.v4.f32");
  const InstrSpec* ld4 = low.isa->find("ld.shared::cluster.v4.f32");
  AXON_CHECK(ci.reduces() && sts && st4 && ld4 && bar_named, "codegen: the ISA lacks the cluster instructions of attention's cluster merge");
  AXON_CHECK(RO % 4 == 0, "codegen: O's registers are not whole 16-byte chunks");
  const int64_t T = 128 * int64_t(C);
  AXON_CHECK((RO + 4 + 2 * int64_t(NS)) * T * 4 == attention_exchange_bytes(a, t) && attention_exchange_fits(a, t),
             "codegen: the cluster's exchange exceeds Q's region and the slots");
  auto word = [&](const std::string& base, const std::string& j) { return base + " + (unsigned)(((" + j + ") * " + S(T) + " + ct) * 4)"; };
  auto chunk = [&](const std::string& base, const std::string& c) { return base + " + (unsigned)(((" + c + ") * " + S(T) + " + ct) * 16)"; };
  em.line("const int ct = tid - 128;");
  em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {S(T)}}}, true));  // every warp is done with Q and the slots
  em.open("if (cr != 0) {");
  em.line("#pragma unroll");
  em.line("for (int c = 0; c < " + S(RO / 4) + "; ++c) " +
          inline_asm(*st4, {{"a", "r", {chunk("sq0", "c")}}, {"b", "f", {"o[4 * c]", "o[4 * c + 1]", "o[4 * c + 2]", "o[4 * c + 3]"}}}, true));
  for (const auto& [j, reg] : row_state()) em.line(inline_asm(*sts, {{"a", "r", {word("sq0", S(j))}}, {"b", "f", {reg}}}, true));
  em.close();
  em.line(inline_asm(*ci.arrive, {}, true));
  em.line(inline_asm(*ci.wait, {}, true));
  em.open("if (cr == 0) {");
  em.line("#pragma unroll 1");
  em.open("for (unsigned q = 1; q < " + S(CL) + "u; ++q) {");
  em.line("if (kb + (int)q >= ke) break;  // ranks q.. ran a stand-in tile (key_range)");
  em.line("unsigned rb;");
  em.line(inline_asm(*ci.mapa, {{"d", "=r", {"rb"}}, {"a", "r", {"sq0"}}, {"b", "r", {"q"}}}, false));
  merge_rows([&](const std::string& j, const std::string& dst) { return inline_asm(*ci.load, {{"d", "=f", {dst}}, {"a", "r", {word("rb", j)}}}, true); });
  em.line("#pragma unroll");
  em.open("for (int c = 0; c < " + S(RO / 4) + "; ++c) {");
  em.line("float x[4];");
  em.line(inline_asm(*ld4, {{"d", "=f", {"x[0]", "x[1]", "x[2]", "x[3]"}}, {"a", "r", {chunk("rb", "c")}}}, true));
  em.line("#pragma unroll");
  em.line("for (int i = 0; i < 4; ++i) o[4 * c + i] = o[4 * c + i] * a0[rs_o[4 * c + i]] + x[i] * a1[rs_o[4 * c + i]];");
  em.close();
  em.close();
  em.close();
  em.line(inline_asm(*ci.arrive, {}, true));  // rank 0 has read every rank's exchange
  em.line(inline_asm(*ci.wait, {}, true));
  em.line("if (cr != 0) return;");
}

// O and the sums from the kernel's shift to the graph's: the row max (0 for a row of -inf).
void AttentionEmitter::to_graph_shift() {
  const std::string tg = sf.to_graph("(mrow[r] == kNegInf ? 0.0f : mrow[r])", "mu[r]");
  if (tg.empty()) return;
  em.line("float tg[2];");
  em.line("#pragma unroll");
  em.open("for (int r = 0; r < 2; ++r) {");
  em.line("tg[r] = " + tg + ";");
  for (int k = 0; k < NS; ++k) em.line("l" + S(k) + "[r] *= tg[r];");
  em.close();
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < " + S(RO) + "; ++e) o[e] *= tg[rs_o[e]];");
}

// The group's writes at each O element with the final statistics (where the staged epilogue,
// attention_parts.cpp, does not apply).
void AttentionEmitter::writes() {
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RO) + "; ++e) {");
  em.line("const " + I + " gi = m0 + wg * 64 + " + em.index(em.subst(fo->row, frag_vars)) + ";");
  em.line("const " + I + " gj = " + em.index(em.subst(fo->col, frag_vars)) + ";");
  em.line("const int rs = rs_o[e];");
  em.line("(void)rs;");
  em.open("if (gi < " + S(SQ) + " && gj < " + S(DV) + ") {");
  for (size_t w = 0; w < g.writes.size(); ++w) {
    const Node* n = g.writes[w];
    em.line("axon_st_" + dt(n) + "(out" + S(int64_t(w)) + " + " + em.index(flat_index(point, dims_of(n))) + ", " + value_at_o(n) + ");");
  }
  em.close();
  em.close();
}

// A write's value at O's element e (row slot rs, point (gi, gj)) from O's register and the row
// statistics in registers.
std::string AttentionEmitter::value_at_o(const Node* n) {
  em.given = [&](const Node* x, const std::vector<Term>& p) -> std::string {
    return epilogue_answer(em, a, x, point_key(p) == key, is_row_point(x, p), em.round(pv.mm->dtype(), "o[e]"), "mrow[rs]",
                           [&](int k) { return "l" + S(k) + "[rs]"; });
  };
  const std::string v = em.value(n, point);
  em.given = nullptr;
  return v;
}

}  // namespace axon::tiling::detail
