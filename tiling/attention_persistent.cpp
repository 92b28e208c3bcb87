// The persistent attention kernel (AttentionConfig::persistent; docs/attention.md, "Not done"):
// one block per SM walks the row blocks rbk = blockIdx.x, + gridDim.x, .. in the block order of
// the launch that is not persistent. What a block of that launch does once, this one does per
// row block, with three differences:
// - the K and V rings run on: item g counts every key tile the block has taken (gb: the tiles of
//   its earlier row blocks), so the producer fills the next row block's first slots while the
//   consumers finish this one;
// - a copied Q has an empty barrier beside its full one (`qempty`, one arrival per consumer
//   warp): each warp arrives once its warpgroup's last S of the row block has completed
//   (release_q), and the producer waits for it before it copies the next row block's Q
//   (parity: the row block's count qn & 1); a Q the consumers compute is loaded, then stored
//   after a barrier of both warpgroups (store_q: both are past their last S);
// - the epilogue writes from registers (writes): Q's rows, where the staged epilogue would
//   stage O, belong to the next row block by then.
// The ping-pong turns are balanced within each row block (tiles_deferred), as in one block.
#include "attention_emitter.h"
#include "axon/core/error.h"

namespace axon::tiling::detail {

int64_t AttentionEmitter::row_blocks() const { return (SQ + BM - 1) / BM * qk.batch; }

// After the barriers and the producer (attention_kernel.cpp), the consumers' loop over the row
// blocks.
void AttentionEmitter::emit_persistent() {
  AXON_CHECK(bar_named != nullptr && bar_arrive != nullptr && C == 2, "codegen: ping-pong needs two consumer warpgroups and named barriers");
  init_barriers();
  producer();
  em.line(inline_asm(*ti.reg_inc, {{"n", "", {"240"}, true}}, false));
  prepare_softmax();
  em.line("int gb = 0, qn = 0;");
  em.open("for (int rbk = blockIdx.x; rbk < " + S(row_blocks()) + "; rbk += gridDim.x, ++qn) {");
  // The thread's index read anew: otherwise what derives from it is hoisted out of the loop
  // and kept live across it (40 bytes spilled at 240 registers).
  const InstrSpec* tid_x = low.isa->find("mov.u32.tid.x");
  AXON_CHECK(tid_x != nullptr, "codegen: the ISA lacks mov.u32.tid.x");
  em.line("unsigned tidr;");
  em.line(inline_asm(*tid_x, {{"d", "=r", {"tidr"}}}, false));
  em.line("const int tid = (int)tidr, wg = (tid >> 7) - 1, th = tid & 127;");
  row_block("rbk");
  key_range();
  consumer_registers();
  if (q_copied) em.line(wait("qfull", "qn & 1"));
  else compute_q();
  tiles_deferred();
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  quad_sums();
  to_graph_shift();
  writes();
  em.line("gb += ke - kb;");
  em.close();
}

// Within a key tile's turn, after its S has completed: on the row block's last tile each
// consumer warp gives Q back (lane 0 arrives).
void AttentionEmitter::release_q() {
  if (persistent && q_copied) em.line("if (it == ke - 1 && (th & 31) == 0) " + inline_asm(*ti.arrive, {{"a", "r", {"qempty"}}}, true));
}

}  // namespace axon::tiling::detail
