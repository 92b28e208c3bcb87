// Tiling configurations (docs/codegen.md, "Configurations"): one struct per kernel family, each
// holding only the parameters its kernel reads, and `TileConfig`, the one of them a candidate
// kernel uses, for the lists that hold every family (the search's candidates, report.json).
//
// Invariants: a configuration's family is its type (`TileConfig::strategy()` is derived, never
// stored apart from it); each family's enumeration (tiling/configs.cpp,
// contraction_configs.cpp, attention_plan.cpp) builds its own struct and its kernel emitter takes
// that struct, so a field of one family cannot be read by another's code; `str()` names every
// field that differs between two configurations of a group (the search matches configurations
// by it, and reports, the golden files and the tuning store record it).
#pragma once

#include <cstdint>
#include <string>
#include <variant>

namespace axon::tiling {

enum class Strategy : uint8_t {
  Elementwise,  // one thread per `vec` consecutive output elements, grid-stride
  Row,          // a row (the reduced axes, the last among them) per `threads` threads; block-wide reductions, staged
  Column,       // reductions that keep the last axis: threads along the kept axes, the reduction split over `rows_per_block` (docs/reductions.md)
  Generic,      // one thread per output element; reductions as sequential loops (the fallback)
  Contraction,  // one matmul on tensor cores (mma.sync, wgmma), prologue and epilogue fused (docs/contraction.md)
  Attention,    // two matmuls with a row softmax between them, online (flash-style; docs/attention.md)
};
const char* strategy_name(Strategy s);

// The fallback: one thread per output element, `threads` per block.
struct GenericConfig {
  static constexpr Strategy kStrategy = Strategy::Generic;
  int threads = 256;
  [[nodiscard]] std::string str() const;  // "generic t256"
};

// Grid-stride over vectors of `vec` consecutive output elements.
struct ElementwiseConfig {
  static constexpr Strategy kStrategy = Strategy::Elementwise;
  int threads = 256;
  int vec = 1;             // elements per vector access (16 bytes at most)
  bool streaming = false;  // data read or written once uses evict-first (.cs) 16-byte accesses
  int blocks_per_sm = 0;   // > 0: a grid of sm_count * blocks_per_sm blocks (0: as many as the work needs)
  [[nodiscard]] std::string str() const;  // "elementwise t256 v4 streaming b8/sm"
};

// Reductions over the last axes (docs/reductions.md): a row per `threads` threads.
struct RowConfig {
  static constexpr Strategy kStrategy = Strategy::Row;
  int threads = 256;       // threads per row
  int vec = 1;             // elements per vector access (16 bytes at most)
  int rows_per_block = 1;  // rows one block handles (one per `threads` threads)
  bool cache_rows = true;  // full-row inputs held in registers (else re-read per stage)
  bool streaming = false;  // data read or written once uses evict-first (.cs) 16-byte accesses
  bool packed = false;     // bf16/f16 caches kept packed, two elements per 32-bit register
  int blocks_per_sm = 0;   // > 0: a persistent grid of sm_count * blocks_per_sm blocks walking the rows
  // > 1: a cluster of `splits` blocks shares each row, combining each stage's partial values
  // through distributed shared memory; with `grid_split`, `splits` blocks of the grid instead (16
  // to 128 of them, every block of the grid resident at once: at most one per SM), whose partial
  // values meet in the launch's scratch, published with release stores of per-block flags and
  // read after acquire loads of them.
  int splits = 1;
  bool grid_split = false;
  [[nodiscard]] std::string str() const;  // "row t256 v4 r1 cached persistent 2/sm split4 streaming packed"
};

// Reductions that keep the last axis (docs/reductions.md): `threads` threads along the kept axes
// (`vec` indices each), `rows_per_block` threads splitting the reduction in a block (a block has
// threads * rows_per_block threads), a cluster of `splits` blocks sharing each column tile.
struct ColumnConfig {
  static constexpr Strategy kStrategy = Strategy::Column;
  int threads = 32;
  int vec = 1;
  int rows_per_block = 1;
  int splits = 1;
  [[nodiscard]] std::string str() const;  // "column t32 v4 y8 split2"
};

// How f32 matmuls may multiply (superopt --exact-f32, --allow-tf32; docs/contraction.md, "f32
// contractions"). Every kind is validated at f32's tolerance but Tf32, checked at f16's.
enum class F32Matmul : uint8_t {
  Fma,     // f32 FMAs on the CUDA cores (the SIMT kernel) only
  Tf32x3,  // ... or on the tensor cores as hi*hi + hi*lo + lo*hi of tf32 splits (f32's accuracy)
  Tf32,    // on the tensor cores in tf32: operands rounded to 10 mantissa bits
};

// One matmul (docs/contraction.md): block tile bm x bn, k-tiles of bk, a warp grid of warps_m x
// warps_n (the warp tile bm/warps_m x bn/warps_n), `stages` pipeline slots. The engine is
// mma.sync unless one of `wgmma`, `simt`, `tf32` says otherwise; the fields after `tma` are
// options of the wgmma kernels (wgmma_can_run says which combine).
struct ContractionConfig {
  static constexpr Strategy kStrategy = Strategy::Contraction;
  int threads = 256;
  int bm = 0, bn = 0, bk = 0, warps_m = 0, warps_n = 0, stages = 0;
  bool wgmma = false;  // sm_90a warpgroup MMA (warps_m warpgroups of 64 rows) instead of mma.sync
  // SIMT (ContractionShape::simt): 256 threads as 16 x 16, each owning (bm / 16) x (bn / 16)
  // outputs (rows ty + 16 i, columns tx + 16 j); f32 tiles of bk in two shared buffers.
  bool simt = false;
  // tf32 (ContractionShape::tf32; simt set too): warps_m x warps_n warps (threads = 32 warps_m
  // warps_n) of tf32 mma.sync on warp tiles of (bm / warps_m) x (bn / warps_n); f32 tiles of bk
  // in `stages` slots of dynamic shared memory.
  bool tf32 = false;
  // tf32 of a ContractionShape::tf32x3: each product as three tf32 mma.sync of the operands'
  // splits x = hi + lo (lo*hi + hi*lo + hi*hi into the same accumulators).
  bool tf32x3 = false;
  // wgmma fed by the tensor memory accelerator: a producer warpgroup issues the bulk tensor copies
  // (and computes any computed operand) into `stages` slots guarded by mbarriers, warps_m consumer
  // warpgroups multiply (threads = 128 * (warps_m + producers)).
  bool tma = false;
  int producers = 1;      // TMA: producer warpgroups (two when they also compute an operand)
  int blocks_per_sm = 0;  // > 0: a persistent grid of sm_count * blocks_per_sm blocks walking the tiles
  // TMA, not persistent: split-K over a cluster of `splits` blocks per output tile (sm_90), each
  // multiplying a contiguous share of the k-tiles; each block owns a share of the tile's rows,
  // receives every block's partial sums of them into shared memory of its own, adds them up (in
  // rank order: deterministic) and runs the epilogue on them. `split_rows`: the most rows of a
  // tile that exist (min(bm, M)), which sizes that receive area.
  int splits = 1, split_rows = 0;
  // TMA, persistent: the consumers leave each tile's results (rounded to the matmul's type) in a
  // staging buffer after the slots and go on with the next tile; warps 1-3 of the producer
  // warpgroup run the epilogue from it (8-column chunks of whole rows, 16-byte stores) under the
  // next tile's wgmmas.
  bool store_warps = false;
  // TMA, one split, no store warps (ContractionShape::tma_store): each consumer warpgroup writes
  // its rows' results, rounded to the output's 16-bit type, into shared memory as the output's
  // tensor map boxes and one thread stores them with the bulk tensor copy (clipped at the
  // tensor's edges), which runs on while the consumers go on (persistent: 128 columns at a time,
  // in a buffer after the slots; otherwise the whole tile, in the drained slots).
  bool tma_store = false;
  // TMA, every operand copied, no split: clusters of `multicast` (2) blocks on consecutive tile
  // rows of one tile column share B's tile: each block copies its share of B's boxes into every
  // block of the cluster (.multicast::cluster), and a slot goes back to the producers when every
  // block's consumers have read it. Halves B's traffic from L2.
  int multicast = 1;
  // TMA, persistent, no store warps, one split: stream-K (docs/contraction.md). The last tiles
  // (past the last whole wave but one) are shared out by k-tiles, evenly over the blocks (or
  // clusters); a block that computes a tile's first k-tiles leaves their partial sums (f32) in
  // its slot of the launch's scratch and sets its flag; the block that computes the tile's last
  // k-tiles adds them (in rank order) and runs the epilogue. The flags are zeroed before each
  // launch (Launch::zero_from).
  bool stream_k = false;
  // TMA, A computed from a staged source (ContractionShape::a_regs): the producer copies the
  // source like a stored operand; each consumer warpgroup reads its A fragments from the slot,
  // evaluates the prologue there and multiplies with the register-A wgmma (docs/contraction.md).
  bool a_regs = false;
  // Register A, not persistent: floats of shared memory after the barriers holding A's k-vectors
  // (ContractionShape::a_kvecs) over the block's K range, or 0 (read from global memory).
  int a_kvec_floats = 0;
  // "contraction t384 wgmma-tma 128x256x64 w2x1 s4 persistent tma-store"
  [[nodiscard]] std::string str() const;
};

// Attention (docs/attention.md): bm query rows (warps_m consumer warpgroups of 64), bn keys per
// tile, `stages` K/V slots, fed by TMA and multiplied by wgmma (k-steps of 64).
struct AttentionConfig {
  static constexpr Strategy kStrategy = Strategy::Attention;
  int threads = 256;
  int bm = 64, bn = 64, warps_m = 1, stages = 2;
  // Two consumer warpgroups take turns on the tensor cores, each issuing its tile's S behind its
  // previous tile's P V.
  bool pingpong = false;
  // Each consumer warpgroup issues a tile's S before the previous tile's P V and computes the
  // tile's softmax while that P V runs (the first tile peeled); implied by pingpong.
  bool overlap = false;
  // Attention over stored scores may split the keys (`splits` = 2): two consumer warpgroups on
  // the same 64 rows take alternate key tiles, and merge their (max, sums, O) through shared
  // memory at the end.
  int splits = 1;
  // > 1: a cluster of `cluster` blocks shares each row block (few row blocks: one head, a few
  // hundred rows), block rank r taking key tiles kb + r, kb + r + cluster, ..; at the end rank 0
  // merges every rank's (max, sums, O) through distributed shared memory and writes the rows.
  int cluster = 1;
  // The order of the row blocks. The batch is walked in groups of `group` entries: all row blocks
  // of a group (longest first, then the entries) before the next group, so that the blocks
  // resident at once read the K and V of a few entries, which stay in L2 (0: one group of the
  // whole batch: every entry's longest row block first).
  int group = 0;
  // f32 Q, K and V (AttentionShape::tf32_products): both products on tf32 mma.sync, this many per
  // multiply (3: tf32x3, f32's accuracy; 1: --allow-tf32); 0: 16-bit operands on wgmma.
  int tf32 = 0;
  // 16-bit P V on wgmma: its N is the head dim rounded up to 8 (V's last 64-column panel read in
  // part), not the panels' multiple of 64: head dims 32, 80 and 96 multiply 64, 80 and 96
  // columns, not 64, 128 and 128 (O's registers shrink alike). Only where the two differ.
  bool pv_exact = false;
  // One block per SM walks the row blocks (ping-pong over Q K^T, no key split or cluster): the K
  // and V rings run on across row blocks, as do the ping-pong turns; a copied Q is given back
  // once both warpgroups have their last S, a computed one is stored again by each warpgroup
  // for its own rows, where O is staged first (a copied Q's epilogue writes from registers)
  // (docs/attention-persistent.md).
  bool persistent = false;
  // The deferred orders' P in one register buffer, packed once P V has read it (a tile per turn
  // of the loop), instead of two that alternate (P packed while P V reads the other): fewer
  // registers, the packing after P V's wait. Key tiles over 128 always (two buffers spill).
  bool one_p = false;
  // The persistent kernel's epilogue stores O by TMA (AttentionShape::tma_store): each
  // warpgroup leaves its rows' output in Q's panels, where O was staged (a computed Q), or in a
  // buffer of their own, and one thread stores them while the warpgroup goes on to the next row
  // block (instead of its threads storing them with 16-byte or element-wise global stores).
  bool tma_store = false;
  // The persistent kernel's row blocks as one stream of key tiles (docs/attention-persistent.md, "The
  // stream"): the next row block's first S goes with this one's last P V, and the epilogue runs
  // beside the other warpgroup's products; Q in two buffers (or three: q_buffers), each row
  // block's computed two row blocks ahead into one whose output has been stored from. Needs the
  // bulk store from Q's panels (a computed Q); row blocks by a static stride, or by a counter
  // where masks skip tiles.
  bool stream = false;
  // The stream's Q buffers, 2 or 3 (" q3"): with three, row block k + 2's Q goes into the buffer
  // whose output was bulk-stored a row block before, so the store's reads are long done.
  int q_buffers = 2;
  // The deferred orders under masks (" from-last"): each row block walks its key tiles from the
  // last down (FlashAttention-3's order), so that the tiles a mask cuts come first, in the peeled
  // tile; where no other tile of any row block is cut, the loop's tiles test nothing (a loop of
  // about a third of the code). Without a cluster.
  bool from_last = false;
  [[nodiscard]] std::string str() const;  // "attention t384 128x128 w2 s2 pingpong g4"
};

// The configuration of one candidate kernel: one family's struct. Default: the generic fallback.
class TileConfig {
 public:
  TileConfig() = default;
  // Implicit: a family's configuration is a TileConfig.
  TileConfig(const GenericConfig& c) : v_(c) {}          // NOLINT(google-explicit-constructor)
  TileConfig(const ElementwiseConfig& c) : v_(c) {}      // NOLINT(google-explicit-constructor)
  TileConfig(const RowConfig& c) : v_(c) {}              // NOLINT(google-explicit-constructor)
  TileConfig(const ColumnConfig& c) : v_(c) {}           // NOLINT(google-explicit-constructor)
  TileConfig(const ContractionConfig& c) : v_(c) {}      // NOLINT(google-explicit-constructor)
  TileConfig(const AttentionConfig& c) : v_(c) {}        // NOLINT(google-explicit-constructor)

  [[nodiscard]] Strategy strategy() const;
  [[nodiscard]] int threads() const;  // the family's `threads`
  [[nodiscard]] std::string str() const;

  // The family's struct, or null when the configuration is of another family.
  template <typename F>
  [[nodiscard]] const F* get_if() const {
    return std::get_if<F>(&v_);
  }
  // The family's struct; an internal error (naming both families) when it is of another.
  [[nodiscard]] const GenericConfig& generic() const { return get<GenericConfig>(); }
  [[nodiscard]] const ElementwiseConfig& elementwise() const { return get<ElementwiseConfig>(); }
  [[nodiscard]] const RowConfig& row() const { return get<RowConfig>(); }
  [[nodiscard]] const ColumnConfig& column() const { return get<ColumnConfig>(); }
  [[nodiscard]] const ContractionConfig& contraction() const { return get<ContractionConfig>(); }
  [[nodiscard]] const AttentionConfig& attention() const { return get<AttentionConfig>(); }

 private:
  template <typename F>
  const F& get() const {
    if (const F* f = std::get_if<F>(&v_)) return *f;
    wrong_family(F::kStrategy);
  }
  [[noreturn]] void wrong_family(Strategy wanted) const;

  std::variant<GenericConfig, ElementwiseConfig, RowConfig, ColumnConfig, ContractionConfig, AttentionConfig> v_;
};

}  // namespace axon::tiling
