// The sm_90a attention kernel's generator (docs/attention.md): the state every stage shares,
// set up and checked once, and one method per stage of the kernel. attention_kernel.cpp: the
// set-up, the block's prologue, the producer and Q computed in the kernel;
// attention_tiles.cpp: the consumers' loop over the key tiles (S = Q K^T, P V, in either
// order) and the end (the key split's merge, the writes); attention_softmax.cpp: the online
// softmax of a tile; attention_tf32.cpp: the f32 engine (tf32 mma.sync instead of wgmma).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "internal.h"
#include "pipeline.h"
#include "smem_plan.h"

namespace axon::tiling::detail {

// The shared-memory layout of the kernel (attention_kernel.cpp): Q, the K (or stored scores)
// and V slots, the barriers, the staged epilogue's row statistics.
SmemPlan attention_smem_plan(const AttentionShape& a, const AttentionConfig& t);
// A head dimension padded to whole 128-byte panels of the operands' type (64 16-bit values, 32 f32).
inline int64_t up_panel(const AttentionShape& a, int64_t v) {
  const int64_t w = 128 / dtype_bytes(a.pv.in);
  return (v + w - 1) / w * w;
}

struct AttentionEmitter {
  AttentionEmitter(const Group& g, const GroupShape& s, const AttentionConfig& t, const Lowerings& low, bool wide);
  // The kernel's source.
  std::string emit(const std::string& name);

  const Group& g;
  const AttentionShape& a;
  const ContractionShape &qk, &pv;
  const AttentionConfig& t;
  const Lowerings& low;
  // The operands' type (classify_attention: Q, K, V and stored scores all of it): 16-bit on
  // wgmma, or f32 on tf32 mma.sync (x32: the f32 engine, attention_tf32.cpp).
  DType T16;
  bool f16;
  bool x32 = false;
  int PW = 64;  // elements of a 128-byte panel row
  WgmmaIsa wi;
  Tf32Isa tf;
  TmaIsa ti;
  const InstrSpec *mma_s = nullptr, *mma_o = nullptr, *shfl = nullptr;
  const InstrSpec *bar_named = nullptr, *bar_arrive = nullptr, *pmax = nullptr;
  int C, BM, BN, ST, KS;
  int CL;  // blocks of a cluster sharing the row block (AttentionConfig::cluster)
  int64_t D, DP, DV, DVP, DVN, SQ, SK;  // DVN: P V's wgmma N (attention_pv_columns)
  int RS, RO;    // accumulator elements per thread: S, O
  bool stored;   // scores copied from memory instead of Q K^T
  bool q_copied; // Q copied by TMA (else computed by the consumers, or absent: stored scores)
  const Fragment *fs = nullptr, *fo = nullptr, *fa = nullptr;
  std::vector<int> slot_s, slot_o;
  // S's element e's column past the thread's first (every thread's alike; empty where the
  // fragment's columns do not split so): the table `ck` of the masked tiles.
  std::vector<int> col_off;
  // P's A fragments from S's elements: element ea of k-chunk kk is S element pe[kk][ea].
  std::vector<std::vector<int>> pe;
  // The f32 engine: S's and O's fragments (the spec's m16n8 tiled over a warpgroup), and the key
  // order of each 8-key chunk of P V (A's k -> the chunk's key).
  Fragment fs_tiled, fo_tiled;
  std::vector<int> pk;
  SmemPlan smem;
  // Per slot: K (BN x DP), or the stored scores (BM x BN: 64-key panels of BM rows); V.
  int64_t q_bytes, k_bytes, v_bytes;
  MbarrierRing kring, vring;  // K (or the stored scores) and V
  MbarrierRing iring;         // the counted stream's row-block indices (two slots in qrow; attention_stream.cpp)
  Emitter em;
  std::string I;  // the index type
  std::map<int, Term> frag_vars;
  std::vector<Term> batch, point, row;
  std::string key;  // point's key
  int NS;           // row sums
  // The tile order: ping-pong between two consumer warpgroups; deferred (ping-pong or
  // overlap): a tile's S issued before the previous tile's P V.
  bool pingpong, deferred;
  bool one_p = false;  // AttentionConfig::one_p: one P buffer, packed after P V's wait (later_tile)
  // One block per SM walks the row blocks (AttentionConfig::persistent; attention_persistent.cpp).
  bool persistent = false;
  bool dynamic = false;  // its row blocks handed out by a counter (attention_counts_row_blocks)
  bool q_ahead = false;  // persistent, Q computed from a staged source, O staged: its loads ahead (load_q; the stream: two row blocks)
  // The Q buffer the S descriptors, Q's stores and the bulk store from Q read: its shared address
  // (a name in scope) and its byte offset from the aligned base (the stream's two buffers:
  // q_buffer; else sq0 at 0).
  std::string q_base = "sq0", q_off = "0";
  // A computed Q from its staged 16-bit source by packed steps only (packed_from): 8 values in 4 words.
  std::optional<std::vector<PackedStep>> q_steps;
  // The softmax's pieces (set by prepare_softmax, after the producer).
  std::string pack_fn;  // the synthesized pack of f32 pairs to T16x2
  const Node* p_node = nullptr;  // P as the kernel computes it
  SoftmaxShift sf;
  bool tail = false;        // the last key tile runs past the keys (split_tail: only it tests them)
  bool rev = false;          // the key tiles from the last down (the deferred orders without a cluster)
  bool plain_later = false;  // ... and every later tile of a row block inside every band and whole
  bool steady = false;       // the tile being emitted is such a later tile: it tests nothing
  bool pair_round = false;  // S rounded to its 16-bit type in pairs
  const Node* chain_base = nullptr;
  std::vector<PackedStep> steps;
  bool packed_max = false;
  std::vector<bool> from_packed;  // row sums added from P's packed halves
  // Per copied operand (the producer's "pq", "pk", "pvv"): the coordinates of its tensor map after
  // the contiguous one, the tile's row left out, and where the row goes among them (a stored
  // operand: its batch panel, the row first; a view: its dimensions in the map's order).
  std::map<std::string, std::pair<int, std::vector<std::string>>> coords;

  bool staged_epilogue(bool in_place = false);
  bool is_row_point(const Node* n, const std::vector<Term>& p) const;
  std::string wait(const std::string& bar, const std::string& parity) const { return mbarrier_wait_loop(*ti.wait, bar, parity); }
  std::string tile_vars() const;  // g and slot of tile `it`
  std::string n0_line() const;    // the tile's first key
  std::string cluster_tiles() const;  // the loop over a cluster rank's key tiles (CL > 1)
  std::string first_tile() const;     // the block's first key tile: kb, or the rank's kr
  std::string last_place() const;     // g of the block's last key tile
  std::string tiles_next() const;     // the end of a do-while loop over the block's key tiles (it)

  // attention_kernel.cpp
  std::string signature(const std::string& name) const;
  void block_prologue();
  void row_block(const std::string& bid);
  void key_range();
  void init_barriers();
  void producer();
  void operand_coords(const std::string& var, const ContractionShape& c, int op);
  void copy_panels(const std::string& dst, int64_t panel_bytes, int64_t panels, const std::string& map, const std::string& outer,
                   const std::string& operand, const std::string& bar, const std::string& inner0, bool read_once);
  void consumer_registers();
  void compute_q();
  void load_q();
  [[nodiscard]] int64_t q_chunks() const;
  [[nodiscard]] int64_t q_rows() const;
  void q_chunk_load();
  void open_q_chunks();
  void store_q(int64_t cpr, int64_t NQ);
  [[nodiscard]] std::string q_chunk() const;

  // attention_persistent.cpp
  [[nodiscard]] int64_t row_blocks() const;
  void open_strided_loop();
  void emit_persistent();
  void persistent_head();
  void persistent_tail();
  void producer_row_block(const std::function<void()>& coords);
  [[nodiscard]] int regs_producer() const;  // after setmaxnreg (two consumer warpgroups)
  [[nodiscard]] int regs_consumer() const;
  void consumer_row_block();
  void thread_ids();  // tid, wg, th read anew (per row block)
  void next_row_block(const std::string& var);
  [[nodiscard]] std::string qrow_index(const std::string& parity, const std::string& tmp);
  [[nodiscard]] std::string take_index() const;
  [[nodiscard]] std::string put_index(const std::string& at, const std::string& value) const;
  [[nodiscard]] std::string get_index(const std::string& tmp, const std::string& at);
  void release_q();
  void tma_epilogue();
  void tma_from_q();
  void bulk_store_boxes(const std::string& region);

  // attention_stream.cpp
  void emit_stream();
  void q_buffer(const std::string& b);
  void open_stream_scope(const std::string& rb, const std::string& b, bool keys);
  void stream_q(const std::string& rb, const std::string& b, bool load);
  void stream_producer_index();
  void stream_index(const std::string& var, const std::string& item);
  void stream_epilogue(bool ahead);
  void swap_state();

  // attention_tiles.cpp
  void issue_s();
  void issue_pv(const std::string& slot, const std::string& item, bool fence, bool wait_v, const std::string& preg = "pr");
  void release_k();
  void turn_wait();
  void turn_pass();
  void tiles_in_order();
  void tiles_deferred();
  void peeled_tile();  // the deferred order's first tile: S, its softmax, P packed into pr
  void later_tile(const std::string& it, const std::string& in, const std::string& out, bool boundary = false);
  void two_p_tiles(const std::string& step, const std::string& last_g);
  void later_tile_pairs(const std::string& step);
  void last_pv(const std::string& p);
  void quad_sums();
  void merge_key_split();
  [[nodiscard]] std::vector<std::pair<int, std::string>> row_state() const;
  void merge_rows(const std::function<std::string(const std::string&, const std::string&)>& load);
  void merge_cluster();
  void to_graph_shift();
  void writes();
  [[nodiscard]] std::string value_at_o(const Node* n);

  // attention_softmax.cpp
  void prepare_softmax();
  void open_s_loop();
  bool chain_is_scores(bool inside) const;
  void split_tail(const std::function<void(bool)>& body);
  void chain_loop(bool inside);
  void chain_elements(bool inside, bool past_end);
  bool band_bounds();
  [[nodiscard]] bool later_tiles_whole() const;
  std::string first_column();
  void round_pairs();
  void softmax_max();
  void fold_max();
  void rescale_o();
  void softmax_p();
  void p_elements(bool past_end);
  void pack_p(const std::string& dst);
  void fold_sums();

  // attention_tf32.cpp
  void setup_tf32();
  [[nodiscard]] std::string swizzled_f32(const std::string& r, const std::string& c, int64_t rows) const;
  [[nodiscard]] std::string split_tf32(const std::string& v, const std::string& hi, const std::string& lo) const;
  void tf32_helpers();
  void mma_tf32(const std::vector<std::string>& d, const std::string& ah, const std::string& al, const std::string& bh, const std::string& bl,
                const std::vector<std::string>& small = {});
  void issue_s_tf32();
  void issue_pv_tf32(const std::string& slot);
  void tiles_tf32();
};

}  // namespace axon::tiling::detail
