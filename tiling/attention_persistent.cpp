// The persistent attention kernel (AttentionConfig::persistent; docs/attention.md, "Not done"):
// one block per SM walks the row blocks rbk = blockIdx.x, + gridDim.x, .. in the block order of
// the launch that is not persistent. What a block of that launch does once, this one does per
// row block, with four differences:
// - the K and V rings run on: item g counts every key tile the block has taken (gb: the tiles of
//   its earlier row blocks), so the producer fills the next row block's first slots while the
//   consumers finish this one;
// - a copied Q has an empty barrier beside its full one (`qempty`, one arrival per consumer
//   warp): each warp arrives once its warpgroup's last S of the row block has completed
//   (release_q), and the producer waits for it before it copies the next row block's Q
//   (parity: the row block's count qn & 1); a Q the consumers compute is loaded and stored by
//   each warpgroup for its own rows (those its S reads: its own last S is past), then its own
//   barrier (store_q), no barrier of both;
// - the ping-pong turns run on across row blocks (warpgroup 0's first S of a row block may go
//   once warpgroup 1 has issued its last S of the one before);
// - a computed Q's warpgroup stages O in its own rows of Q's panels (the staged epilogue), then
//   waits at its own barrier before it stores the next row block's Q over them; with a copied Q
//   the epilogue writes from registers (writes): Q's panels belong to the next copy by then.
// Where masks make the row blocks' work unequal (causal), the producer hands them out by a
// counter (attention_counts_row_blocks): the next index, taken once Q is given back, reaches the
// consumers in shared memory with qfull (a Q they compute: a plain arrival on it).
#include <functional>

#include "attention_emitter.h"
#include "calibration.h"
#include "axon/core/error.h"

namespace axon::tiling::detail {

int64_t AttentionEmitter::row_blocks() const { return (SQ + BM - 1) / BM * qk.batch; }

// Row blocks by a static stride (no counter): qn counts the block's row blocks.
void AttentionEmitter::open_strided_loop() {
  em.line("int qn = 0;");
  em.open("for (int rbk = blockIdx.x; rbk < " + S(row_blocks()) + "; rbk += gridDim.x, ++qn) {");
}

// The counter's atomic in the producer's loop took it past 24 registers (68 bytes spilled at 24,
// 16 at 32, none at 40: ptxas, causal d 128); its consumers then have 232, where an O of 256
// columns spills (124 bytes at d 256): those keep the stride. The stream counts too (its indices
// drawn a row block earlier, through a ring: attention_stream.cpp).
bool attention_counts_row_blocks(const AttentionShape& a, const AttentionConfig& t) {
  return t.persistent && !a.bands.empty() && attention_pv_columns(a, t) <= 128;
}

// Registers per thread after setmaxnreg, from the 168 of a block of 384 (24 + 2 x 240 = 40 + 2 x
// 232 = 3 x 168), or the 128 of a block of 512 (24 + 3 x 160 <= 4 x 128).
int AttentionEmitter::regs_producer() const { return dynamic ? 40 : 24; }
int AttentionEmitter::regs_consumer() const { return C * KS == 3 ? kAttention.regs_three : dynamic ? 232 : 240; }

// The producer's loop over its row blocks, up to the copies of Q (`coords`: the operands'
// coordinates at the row block). With a counter: row block qn is blockIdx.x, then gridDim.x plus
// the counter's old value, taken once the consumers have given row block qn - 1's Q back; its
// index goes to the consumers in `qrow` (they read it after qfull), an index past the end ends
// both loops.
void AttentionEmitter::producer_row_block(const std::function<void()>& coords) {
  em.line("int gb = 0;");
  if (!dynamic) {
    open_strided_loop();
  } else if (t.stream) {
    stream_producer_index();
  } else {
    em.open("for (int qn = 0;; ++qn) {");
    em.line("if (qn > 0) " + wait("qempty", "(qn - 1) & 1"));
    em.line("unsigned taken = 0;");
    em.line("if (qn > 0) " + take_index());
    em.line("const int rbk = qn == 0 ? (int)blockIdx.x : (int)gridDim.x + (int)taken;");
    em.line(put_index("qrow", "rbk"));
    em.open("if (rbk >= " + S(row_blocks()) + ") {");
    em.line(inline_asm(*ti.arrive, {{"a", "r", {"qfull"}}}, true));
    em.line("break;");
    em.close();
  }
  row_block("rbk");
  key_range();
  coords();
  if (dynamic && !q_copied && !t.stream) em.line(inline_asm(*ti.arrive, {{"a", "r", {"qfull"}}}, true));  // the index is in qrow
  if (!dynamic && q_copied) em.line("if (qn > 0) " + wait("qempty", "(qn - 1) & 1"));
}

// The consumers' head of a row block: its index (by stride, or from the producer's qrow once
// qfull has completed), and Q (landed, or computed here).
void AttentionEmitter::consumer_row_block() {
  if (!dynamic) {
    open_strided_loop();
  } else {
    em.open("for (int qn = 0;; ++qn) {");
    em.line("const int rbk = " + qrow_index("qn & 1", "rbf") + ";");
    em.line("if (rbk >= " + S(row_blocks()) + ") break;");
  }
  thread_ids();
  row_block("rbk");
  key_range();
  consumer_registers();
  if (q_copied && !dynamic) em.line(wait("qfull", "qn & 1"));
  else if (!q_copied) compute_q();
}

// The consumer's thread, warpgroup and thread in it, read anew (in each row block's scope):
// otherwise what derives from them is hoisted out of the loop and kept live across it (40 bytes
// spilled at 240 registers).
void AttentionEmitter::thread_ids() {
  const InstrSpec* tid_x = low.isa->find("mov.u32.tid.x");
  AXON_CHECK(tid_x != nullptr, "codegen: the ISA lacks mov.u32.tid.x");
  em.line("unsigned tidr;");
  em.line(inline_asm(*tid_x, {{"d", "=r", {"tidr"}}}, false));
  em.line("const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;");
}

// q_ahead: the index of the block's next row block into `var`, clamped into the row blocks (past
// the last, the loads it serves are not used). By stride; with a counter, from qrow once the
// producer has taken it (qfull's next phase: the producer takes it once the consumers gave this
// row block's Q back at its last S, so it is usually there by the end of the last P V; the loop's
// head waits on the same phase again and passes at once).
void AttentionEmitter::next_row_block(const std::string& var) {
  if (!dynamic) {
    em.line("const int " + var + " = min(rbk + (int)gridDim.x, " + S(row_blocks() - 1) + ");");
    return;
  }
  em.line("const int " + var + " = min(" + qrow_index("(qn + 1) & 1", "nbf") + ", " + S(row_blocks() - 1) + ");");
}

// With a counter: waits for qfull's phase of `parity`, loads the index the producer left in qrow
// into the float `tmp`, and returns it as an int expression.
std::string AttentionEmitter::qrow_index(const std::string& parity, const std::string& tmp) {
  em.line(wait("qfull", parity));
  return get_index(tmp, "qrow");
}

// The counter's row-block indices, as statements (the persistent kernel's and the stream's): the
// producer's draw (the counter's old value into `taken`), its store of int `value` at the shared
// address `at` (as an f32's bits), and a consumer's load from there into the float `tmp`
// (declared here; returned as an int expression).
std::string AttentionEmitter::take_index() const {
  const InstrSpec* atom = low.isa->find("atom.relaxed.gpu.global.add.u32");
  AXON_CHECK(atom != nullptr, "codegen: the ISA lacks atom.relaxed.gpu.global.add.u32");
  return inline_asm(*atom, {{"d", "=r", {"taken"}}, {"a", "l", {"axw"}}, {"b", "r", {"1u"}}}, true);
}

std::string AttentionEmitter::put_index(const std::string& at, const std::string& value) const {
  const InstrSpec* sts = low.isa->find("st.shared.f32");
  AXON_CHECK(sts != nullptr, "codegen: the ISA lacks st.shared.f32");
  return inline_asm(*sts, {{"a", "r", {at}}, {"b", "f", {"__int_as_float(" + value + ")"}}}, true);
}

std::string AttentionEmitter::get_index(const std::string& tmp, const std::string& at) {
  const InstrSpec* lds = low.isa->find("ld.shared.f32");
  AXON_CHECK(lds != nullptr, "codegen: the ISA lacks ld.shared.f32");
  em.line("float " + tmp + ";");
  em.line(inline_asm(*lds, {{"d", "=f", {tmp}}, {"a", "r", {at}}}, true));
  return "__float_as_int(" + tmp + ")";
}

// After the barriers and the producer (attention_kernel.cpp), the consumers' loop over the row
// blocks.
void AttentionEmitter::emit_persistent() {
  persistent_head();
  // q_ahead: Q's loads a row block ahead, the first row block's here, each next one's (the
  // last's again past the end) before this one's epilogue, where their latency passes.
  if (q_ahead) {
    em.line("unsigned qw[" + S(q_chunks()) + "][4];");
    em.open("{");
    em.line("const int wg = role - 1, th = tid & 127;");
    row_block("blockIdx.x");
    load_q();
    em.close();
  }
  consumer_row_block();
  tiles_deferred();
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  if (q_ahead) {
    em.open("{");
    next_row_block("rbn");
    row_block("rbn");
    load_q();
    em.close();
  }
  quad_sums();
  to_graph_shift();
  // Bulk-stored: from O staged in Q's panels (tma_from_q), or from a buffer of its own
  // (tma_epilogue). Else a computed Q: O staged in the warpgroup's own rows of Q's panels, as the
  // kernel that is not persistent does, then the warpgroup's barrier before the next row block's
  // Q is stored over them (store_q). A copied Q's panels belong to the producer's next copy by
  // then: registers.
  if (t.tma_store && attention_bulk_from_q(a))
    tma_from_q();
  else if (t.tma_store)
    tma_epilogue();
  else if (!q_copied && staged_epilogue())
    em.line(inline_asm(*bar_named, {{"id", "r", {"4 + wg"}}, {"n", "r", {"128"}}}, true));
  else
    writes();
  em.line("gb += ke - kb;");
  em.close();
  persistent_tail();
}

// The persistent kernels' start (this one's and the stream's, attention_stream.cpp): the
// barriers, the producer, the consumers' registers and softmax, the rings' count gb, the first
// ping-pong turn.
void AttentionEmitter::persistent_head() {
  AXON_CHECK(bar_named != nullptr && bar_arrive != nullptr && C == 2, "codegen: ping-pong needs two consumer warpgroups and named barriers");
  init_barriers();
  producer();
  em.line(inline_asm(*ti.reg_inc, {{"n", "", {S(regs_consumer())}, true}}, false));
  prepare_softmax();
  em.line("int gb = 0;");
  // The turns run on across row blocks (turn_wait): warpgroup 1 (role 2) lets 0 go first once.
  em.line("if (role == 2) " + inline_asm(*bar_arrive, {{"id", "r", {"2"}}, {"n", "r", {"256"}}}, true));
}

// Their end: warpgroup 0's turn too many, and the last boxes read before the block's shared
// memory goes.
void AttentionEmitter::persistent_tail() {
  em.line("if (role == 1) " + inline_asm(*bar_named, {{"id", "r", {"2"}}, {"n", "r", {"256"}}}, true));
  if (t.tma_store) em.line("if ((tid & 127) == 0) " + inline_asm(*ti.store_wait, {{"n", "", {"0"}, true}}, true));
}

// The bulk-stored epilogue (AttentionConfig::tma_store). The warpgroup's output, computed in
// registers from O and the row statistics as writes() does, goes as 16-bit pairs into its 64 rows
// of the buffer `so0` (64-column panels of BM rows of 128 bytes, 16-byte chunks swizzled by the
// row: the tensor map's 128-byte swizzle); once every thread's writes are fenced for the async
// proxy, thread 0 stores the boxes that start inside the output (the copy clips the rest) and
// the warpgroup goes on to its next row block. Before the buffer is written again, thread 0
// waits until the last boxes have been read, then the warpgroup's barrier.
void AttentionEmitter::tma_epilogue() {
  AXON_CHECK(t.tma_store && a.tma_store && ti.stores() && wi.proxy != nullptr && smem.offset("so0") % 1024 == 0,
             "codegen: the bulk-stored attention epilogue does not apply");
  const Node* w = g.writes.at(0);
  const int64_t panel = int64_t(BM) * 128;
  em.line("if (th == 0) " + inline_asm(*ti.store_wait, {{"n", "", {"0"}, true}}, true));
  em.line(inline_asm(*bar_named, {{"id", "r", {"4 + wg"}}, {"n", "r", {"128"}}}, true));
  em.line("unsigned char* const sout = (unsigned char*)" + smem.aligned_base() + " + " + S(smem.offset("so0")) + " + wg * 8192;");
  em.line("#pragma unroll");
  em.open("for (int e2 = 0; e2 < " + S(RO) + "; e2 += 2) {");
  em.line("float ov[2] = {0.0f, 0.0f};");
  em.line("int lr, lc;");
  em.line("{ const int e = e2; lr = " + em.index(em.subst(fo->row, frag_vars)) + "; lc = " + em.index(em.subst(fo->col, frag_vars)) + "; }");
  em.line("#pragma unroll");
  em.open("for (int h = 0; h < 2; ++h) {");
  em.line("const int e = e2 + h;");
  em.line("const " + I + " gi = m0 + wg * 64 + lr, gj = lc + h;");
  em.line("const int rs = rs_o[e];");
  em.line("(void)rs;");
  em.open("if (gi < " + S(SQ) + " && gj < " + S(DV) + ") {");  // past the end: the value may read past its inputs
  em.line("ov[h] = " + value_at_o(w) + ";");
  em.close();
  em.close();
  em.line("axon_st2_" + std::string(dtype_name(w->dtype())) + "((unsigned short*)(sout + (lc / 64) * " + S(panel) +
          " + lr * 128 + (((lc % 64) / 8) ^ (lr % 8)) * 16) + lc % 8, ov[0], ov[1]);");
  em.close();
  bulk_store_boxes("so0");
}

// The bulk store from O staged in Q's panels (attention_bulk_from_q): the staged epilogue with
// each chunk's output written back over it, then as tma_epilogue from there. Q's panels have
// the buffer's layout (64-column panels of BM rows, the 128-byte swizzle). The next row block's
// Q waits for the boxes' reads before it is stored over them (store_q).
void AttentionEmitter::tma_from_q() {
  AXON_CHECK(t.tma_store && attention_bulk_from_q(a) && !q_copied && ti.stores() && wi.proxy != nullptr && smem.offset("sq0") % 1024 == 0,
             "codegen: the bulk store from Q's panels does not apply");
  AXON_CHECK(staged_epilogue(true), "codegen: the bulk store from Q's panels needs the staged epilogue");
  bulk_store_boxes(q_base);
}

// Every thread's shared writes of its warpgroup's rows of `region` fenced for the async proxy
// and met at the warpgroup's barrier, thread 0 stores the 64 x 64 boxes that start inside the
// output (the copy clips the rest) and commits them as one group. The stream with three Q
// buffers counts one group per row block (store_q waits for all but the newest): there an
// empty one where the warpgroup's rows are past the end. (Not in the others: the commit out of
// the branch cost a 4-byte spill in an s3 kernel at d 64, by stride, 240 registers.)
void AttentionEmitter::bulk_store_boxes(const std::string& region) {
  const int64_t panel = int64_t(BM) * 128;
  const bool every_row_block = t.q_buffers == 3;
  em.line(inline_asm(*wi.proxy, {}, true));
  em.line(inline_asm(*bar_named, {{"id", "r", {"4 + wg"}}, {"n", "r", {"128"}}}, true));
  if (every_row_block) em.open("if (th == 0) {");
  em.open(every_row_block ? "if (m0 + wg * 64 < " + S(SQ) + ") {" : "if (th == 0 && m0 + wg * 64 < " + S(SQ) + ") {");
  em.line("const unsigned long long to = (unsigned long long)&tmo;");
  for (int64_t b = 0; b * 64 < DV; ++b)
    em.line(inline_asm(*ti.store, {{"a", "l", {"to"}}, {"c0", "r", {S(b * 64)}}, {"c1", "r", {"m0 + wg * 64"}}, {"c2", "r", {"(int)bz"}},
                                   {"s", "r", {region + " + " + S(b * panel) + " + wg * 8192"}}}, true));
  if (every_row_block) em.close();
  em.line(inline_asm(*ti.store_commit, {}, true));
  em.close();
}

// Within a key tile's turn, after its S has completed: on the row block's last tile each
// consumer warp gives Q (and the row block's index) back (lane 0 arrives).
void AttentionEmitter::release_q() {
  if (persistent && !t.stream && (q_copied || dynamic))
    em.line("if (it == " + std::string(rev ? "kb" : "ke - 1") + " && (th & 31) == 0) " + inline_asm(*ti.arrive, {{"a", "r", {"qempty"}}}, true));
}

}  // namespace axon::tiling::detail
