// The persistent kernel's row blocks as one stream of key tiles (AttentionConfig::stream;
// docs/attention-persistent.md, "The stream"). The persistent kernel (attention_persistent.cpp) drains at
// each row block's end: the last P V waited for with nothing beside it, the epilogue, Q's
// stores, then the first S and its softmax before any P V runs; both warpgroups reach it
// together, so the tensor cores idle through it. Here the next row block's first tile is taken
// as a later tile of this one (later_tile, `boundary`): its S goes with this row block's last
// P V in one turn, its softmax runs while that P V does, and the epilogue after it, beside the
// other warpgroup's turn. For that:
// - Q has two buffers (sq0, sq1): row block qn's in qn & 1, where its O is staged and from
//   where it is bulk-stored; once the store has read it, the warpgroup stores row block
//   qn + 2's Q over it (its loads issued before the epilogue, which covers their latency).
//   With three (AttentionConfig::q_buffers, sq2), row block qn's in qn % 3, and row block
//   qn + 2's Q goes into the buffer row block qn - 1's output left a row block before;
// - the softmax's row state (max, shift, sums) is saved at the boundary and the new row block's
//   started from nothing, the saved one swapped back in for the epilogue;
// - O, the row state and both P buffers live across the loop; the last tile's P is moved to pr
//   (from pn where the row block's last place is odd) so that the boundary reads one buffer,
//   and the new tile's P, packed into pn, moves to pr once the last P V has read pr;
// - the row blocks go by a static stride, or, where masks make them unequal, by the counter
//   (attention_counts_row_blocks): the boundary needs the next row block's index and the Q
//   loads the one after, so the producer draws index k + 1 as it starts row block k and hands
//   it over through a ring of two slots (iring; stream_producer_index, stream_index).
#include "attention_emitter.h"
#include "axon/core/error.h"

namespace axon::tiling::detail {

namespace {

// The Q buffer of row block qn + `ahead` (0 to 2) among `n` (2 or 3).
std::string buffer_of(int ahead, int n) {
  const std::string qn = ahead == 0 ? "qn" : "(qn + " + std::to_string(ahead) + ")";
  return n == 2 ? (ahead == 1 ? qn : "qn") + " & 1" : qn + " % 3";
}

std::string copy_p(int n) { return "#pragma unroll\nfor (int i = 0; i < " + std::to_string(n) + "; ++i) pr[i] = pn[i];"; }

}  // namespace

// Q buffer `b` (0 or 1, an expression) for what follows in the scope: its shared address sqb.
void AttentionEmitter::q_buffer(const std::string& b) {
  em.line("const unsigned sqb = sq0 + (unsigned)((" + b + ") * " + S(q_bytes) + ");");
  q_base = "sqb";
  q_off = "(" + b + ") * " + S(q_bytes);
}

// A scope of row block `rb` (its thread ids, rows, with `keys` its key tiles) reading Q buffer `b`.
void AttentionEmitter::open_stream_scope(const std::string& rb, const std::string& b, bool keys) {
  em.open("{");
  thread_ids();
  row_block(rb);
  em.line("(void)bz;");
  if (keys) key_range();
  q_buffer(b);
}

// Row block `rb`'s Q (clamped into the row blocks: past the last, a copy no S reads) into
// buffer `b`, each warpgroup its own rows; `load`: its source loaded here, else already in qw
// (q_ahead: stream_epilogue issued the loads).
void AttentionEmitter::stream_q(const std::string& rb, const std::string& b, bool load) {
  em.open("{");
  thread_ids();
  em.line("const int rq = min(" + rb + ", " + S(row_blocks() - 1) + ");");
  row_block("rq");
  em.line("(void)bz;");
  q_buffer(b);
  if (q_ahead && load) load_q();
  compute_q();
  em.close();
}

// The counted stream's producer, at the head of its loop over row blocks (qn): row block qn's
// index rbk is blockIdx.x, then the one drawn at qn - 1; an index past the end ends the loop.
// Otherwise it draws index qn + 1 (gridDim.x plus the counter's old value) and publishes it as
// item qn of the index ring: slot qn & 1 of qrow, once the consumers have read the item two
// before (they read item qn + 1 at the boundary into row block qn + 1, whose first K the
// producer has copied by then, so neither waits on the other for long).
void AttentionEmitter::stream_producer_index() {
  em.line("int nxt = blockIdx.x;");
  em.open("for (int qn = 0;; ++qn) {");
  em.line("const int rbk = nxt;");
  em.line("if (rbk >= " + S(row_blocks()) + ") break;");
  em.open("{");
  em.line("const int is = " + iring.slot_of("qn") + ";");
  em.line(iring.producer_acquire("qn", "is"));
  em.line("unsigned taken = 0;");
  em.line(take_index());
  em.line("nxt = (int)gridDim.x + (int)taken;");
  em.line(put_index("qrow + 4 * is", "nxt"));
  em.line(inline_asm(*ti.arrive, {{"a", "r", {iring.full_at("is")}}}, true));
  em.close();
}

// The consumers: item `item` of the index ring (the index of the block's row block item + 1)
// into the int `var`, its slot given back (lane 0 of each warp, once the warp has read it).
void AttentionEmitter::stream_index(const std::string& var, const std::string& item) {
  em.line("int " + var + ";");
  em.open("{");
  em.line("const int is = " + iring.slot_of(item) + ";");
  em.line(iring.consumer_wait("is", item));
  em.line(var + " = " + get_index("f", "qrow + 4 * is") + ";");
  em.line("__syncwarp();");
  em.line("if ((threadIdx.x & 31) == 0) " + iring.consumer_release("is"));
  em.close();
}

// Row block rbk's end: the sums over the quad, the shift to the graph's, the output staged in
// its Q buffer and bulk-stored from there (tma_from_q); `ahead`: first the loads of the Q two
// row blocks on (rb2), whose buffer this is (stream_q stores it once the store has read the buffer).
void AttentionEmitter::stream_epilogue(bool ahead) {
  open_stream_scope("rbk", buffer_of(0, t.q_buffers), false);
  if (ahead && q_ahead) {
    em.open("{");
    em.line("const int rq = min(rb2, " + S(row_blocks() - 1) + ");");
    row_block("rq");
    load_q();
    em.close();
  }
  quad_sums();
  to_graph_shift();
  tma_from_q();
  em.close();
}

// The row state (max, shift, each sum) exchanged with the saved one (om, omu, ol<k>).
void AttentionEmitter::swap_state() {
  std::vector<std::pair<std::string, std::string>> pairs{{"mrow", "om"}, {"mu", "omu"}};
  for (int k = 0; k < NS; ++k) pairs.push_back({"l" + S(k), "ol" + S(k)});
  em.line("#pragma unroll");
  em.open("for (int r = 0; r < 2; ++r) {");
  for (const auto& [x, y] : pairs) em.line("{ const float v = " + x + "[r]; " + x + "[r] = " + y + "[r]; " + y + "[r] = v; }");
  em.close();
}

void AttentionEmitter::emit_stream() {
  AXON_CHECK(KS == 1 && CL == 1 && !q_copied && !stored && !x32 && !one_p && t.tma_store && attention_bulk_from_q(a) &&
                 smem.offset("sq0") == 0,
             "codegen: the row blocks' stream does not apply");
  persistent_head();
  consumer_registers();
  em.line("unsigned pn[" + S(BN / 4) + "];");
  std::string saved = "float om[2] = {0.0f, 0.0f}, omu[2] = {0.0f, 0.0f}";
  for (int k = 0; k < NS; ++k) saved += ", ol" + S(k) + "[2] = {0.0f, 0.0f}";
  em.line(saved + ";");
  if (q_ahead) em.line("unsigned qw[" + S(q_chunks()) + "][4];");
  // The first two row blocks' Q (rbk, rbn: the block's row block and its next).
  stream_q("(int)blockIdx.x", "0", true);
  if (dynamic) stream_index("rbn", "0");
  else em.line("int rbn = (int)blockIdx.x + (int)gridDim.x;");
  stream_q("rbn", "1", true);
  em.line("int rbk = blockIdx.x;");
  open_stream_scope("rbk", "0", true);  // the first row block's first tile
  peeled_tile();
  em.close();
  em.open("for (int qn = 0;; ++qn) {");
  // Row block rbk's later tiles, two P buffers alternating (as two_p_tiles), its last P moved to pr.
  open_stream_scope("rbk", buffer_of(0, t.q_buffers), true);
  later_tile_pairs("1");
  em.open("if (((ke - 1 - kb) & 1) == 1) {");
  em.line(copy_p(BN / 4));
  em.close();
  em.line("gb += ke - kb;");
  em.close();
  // The block's last row block: its last P V, then its epilogue.
  em.open("if (rbn >= " + S(row_blocks()) + ") {");
  em.open("{");
  thread_ids();
  em.line("(void)wg;");
  em.line("const int g = gb - 1, slot = " + kring.slot_of("g") + ";");
  last_pv("pr");
  em.close();
  stream_epilogue(false);
  em.line("break;");
  em.close();
  // The boundary: the next row block's first tile, its row state from nothing, with this one's
  // last P V (later_tile's previous place, g - 1, is this row block's last).
  std::string reset = "for (int r = 0; r < 2; ++r) { om[r] = mrow[r]; omu[r] = mu[r]; mrow[r] = kNegInf; mu[r] = 0.0f;";
  for (int k = 0; k < NS; ++k) reset += " ol" + S(k) + "[r] = l" + S(k) + "[r]; l" + S(k) + "[r] = 0.0f;";
  em.line("#pragma unroll");
  em.line(reset + " }");
  open_stream_scope("rbn", buffer_of(1, t.q_buffers), true);
  later_tile(first_tile(), "pr", "pn", true);
  em.close();
  em.line(copy_p(BN / 4));
  // The row block after the next (rb2), whose Q goes into this one's buffer.
  if (dynamic) stream_index("rb2", "qn + 1");
  else em.line("const int rb2 = rbn + (int)gridDim.x;");
  // Row block rbk's epilogue with its own state; then the new one's, O from nothing.
  swap_state();
  stream_epilogue(true);
  swap_state();
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < " + S(RO) + "; ++e) o[e] = 0.0f;");
  stream_q("rb2", buffer_of(2, t.q_buffers), false);
  em.line("rbk = rbn, rbn = rb2;");
  em.close();
  q_base = "sq0", q_off = "0";
  persistent_tail();
}

}  // namespace axon::tiling::detail
