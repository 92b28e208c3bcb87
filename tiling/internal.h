// Shared pieces of tiling/ (not a public interface): the expression emitter that turns inlined
// op definitions into CUDA C statements.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "axon/core/op_table.h"
#include "axon/core/term.h"
#include "axon/tiling/kernel.h"
#include "smem_plan.h"

namespace axon::tiling::detail {

// An integer as the generated code writes it (the emitters build their lines from these).
inline std::string S(int64_t v) { return std::to_string(v); }

// Row kernels unroll their loops over a row's chunks (threads x vec columns each) up to this many;
// longer rows keep nothing in registers and loop (row_kernel.cpp).
constexpr int kMaxUnrolledChunks = 64;

// A row split over the grid (RowConfig::grid_split): the scratch holds this many partial values
// (floats [stage][row][rank]), then as many u32 flags. One layout for the kernel and its launch.
inline int64_t grid_split_values(const GroupShape& s, const RowConfig& c) {
  return int64_t(s.stages > 0 ? s.stages : 1) * s.rows * c.splits;
}

// Kernel index variables are Var terms with these ids (definitions use 0..rank+k).
constexpr int kRowVar = 1000;   // flat row index (Row)
constexpr int kColVar = 1001;   // column (Row)
constexpr int kLinVar = 1002;   // flat element index (Elementwise, Generic)
constexpr int kBatchVar = 1003; // flat batch index (Contraction)
constexpr int kLaneVar = 1004;  // lane in the warp (Contraction: fragment maps)
constexpr int kRegVar = 1005;   // fragment element (Contraction)
constexpr int kKVar = 1006;     // contraction index (Contraction prologues)
constexpr int kCol1Var = 1007;  // the next column (Contraction epilogues storing pairs)
constexpr int kARowVar = 1008;  // register A: the row of a fragment pair (Contraction prologues)
constexpr int kAKVar = 1009;    // ... its even k
constexpr int kAK1Var = 1010;   // ... and the next k
constexpr int kCol0Var = 1011;  // the first column of a row kernel's chunk (Row), the reduction index (Column)
constexpr int kKeptVar = 1012;  // the kept index (Column), kKept0Var its first in a vector
constexpr int kKept0Var = 1013;
constexpr int kLoopVar = 1100;  // reduction loops, numbered from here
constexpr int kChunkVar = 1900; // .. + 7: the 8 inner indices of a computed operand's 16-byte chunk

// The coordinates of flat index `lin` (a Var term) in a row-major `shape`.
std::vector<Term> coords_of(const Term& lin, const std::vector<int64_t>& shape);
std::string point_key(const std::vector<Term>& point);
std::vector<int64_t> dims_of(const Node* n);  // concrete; throws UserError naming nothing
int64_t numel(const std::vector<int64_t>& dims);
std::string ident(std::string s);
std::string float_literal(double v, bool dbl);

std::string dt(const Node* n);  // "f32", "bf16", ...
// The suffix of a vector store of write n (prelude: axon_stv_<dt><suffix>): "_keep" for a hand-off
// (L2 evict-last, Group::handoffs), "_cs" for other writes of a streaming configuration, else "".
std::string store_suffix(const Group& g, const Node* n, bool streaming);
int find_param(const std::vector<const Node*>& v, const Node* n);  // -1 when absent
// "const float* __restrict__ in0, ..., unsigned short* __restrict__ out0, ..."
std::string param_list(const Group& g);
// The flat row-major index of `point` in `dims`, as a term.
Term flat_index(const std::vector<Term>& point, const std::vector<int64_t>& dims);
// Whether int term t reads variable `var`.
bool mentions_var(const Term& t, int var);
std::string comment_block(const std::string& text);
bool needs_wide_index(const Group& g);  // some value has 2^31 elements or more

// The tensor-core instructions a contraction kernel is built from, found in the target's ISA
// (docs/contraction.md); `why` says what is missing when `ok` is false.
struct TensorCoreIsa {
  const InstrSpec* mma = nullptr;     // mma.sync m16n8k16, f32 accumulators
  const InstrSpec* ldsm = nullptr;    // ldmatrix x4
  const InstrSpec* ldsm_t = nullptr;  // ldmatrix x4 .trans
  const InstrSpec* cp16 = nullptr;    // cp.async 16 bytes, global -> shared
  const InstrSpec* commit = nullptr;
  const InstrSpec* wait = nullptr;
  bool ok = false;
  std::string why;
};
TensorCoreIsa tensor_core_isa(const Isa& isa, DType in);

// Contraction groups (contraction_plan.cpp): fills s.mm and returns true, or returns false with
// the reason in s.why_generic.
bool classify_contraction(const Group& g, const Isa* isa, GroupShape& s, F32Matmul f32);
// The instructions of the tf32 path (f32 operands on the tensor cores); `why` when not `ok`.
struct Tf32Isa {
  const InstrSpec* mma = nullptr;   // mma.sync m16n8k8 tf32, f32 accumulators
  const InstrSpec* cvt = nullptr;   // tf32_rounding's choice
  const InstrSpec* cp4 = nullptr;   // cp.async 4 bytes, global -> shared
  const InstrSpec* cp16 = nullptr;  // cp.async 16 bytes
  const InstrSpec* commit = nullptr;
  const InstrSpec* wait = nullptr;
  bool ok = false;
  std::string why;
};
Tf32Isa tf32_isa(const Isa& isa);
// The target's cheapest f32 -> tf32 rounding to nearest (the spec's issue cost, then latency,
// then name): cvt.rn.tf32.f32 on sm_90 (one F2FP), cvt.rna.tf32.f32 before (three integer
// instructions); nullptr when the spec has none.
const InstrSpec* tf32_rounding(const Isa& isa);
// The tf32 contraction kernel (tf32_kernel.cpp; ContractionConfig::tf32): operand tiles of f32 in their
// stored orientation, `stages` slots in dynamic shared memory (tf32_smem_floats per slot),
// cp.async for stored operands, the inlined prologue for computed ones; tf32 mma.sync.
std::string tf32_kernel(const Group& g, const GroupShape& s, const ContractionConfig& c, const Lowerings& low,
                        const std::string& name, bool wide);
// Floats of one pipeline slot of operand `op` (0: A, 1: B): K inner, [R][bk + 4]; K outer,
// [bk][R + 8] (R = bm or bn). `k_inner` < 0: the larger of the two (contraction_smem, which
// does not know the orientation).
int64_t tf32_smem_floats(const ContractionConfig& t, int op, int k_inner);
// Whether operand `op` (0: A, 1: B) of the matmul is stored with K as its contiguous axis: A
// unless transpose_a, B only when transpose_b.
bool stored_k_major(const ContractionShape& c, int op);
// The staged source of computed operand `op` of `c` in group `g` (OperandPlan::staged), or null.
const Node* staged_source(const Group& g, const ContractionShape& c, int op);
std::vector<RankedConfig> contraction_configs(const Group& g, const GroupShape& s, const Limits& L);
// The operand's own index point for the contraction's (batch, row, k) point (A) or (batch, k,
// col) point (B), through the matmul's transpose attributes and NumPy batch broadcasting.
std::vector<Term> operand_point(const ContractionShape& c, int operand, const std::vector<Term>& batch,
                                const Term& outer, const Term& kk);
// One operand of an inline-asm call: the spec's placeholder name, the constraint ("=r", "+f",
// "l"), the C values (several: a brace-enclosed register list), or an immediate substituted into
// the text.
struct AsmArg {
  std::string name, constraint;
  std::vector<std::string> values;
  bool immediate = false;
};
// asm volatile(...) for an instruction of the spec, its PTX template filled in (outputs numbered
// first); `prefix` and `suffix` wrap the instruction text (a scoped predicate, say).
std::string inline_asm(const InstrSpec& ins, const std::vector<AsmArg>& args, bool memory, const std::string& prefix = "",
                       const std::string& suffix = "");
// An mbarrier wait as a retry loop around a try_wait instruction of the spec (`wait`, with
// operands p, a, b), which suspends for a bounded time only: the thread waits for the phase of
// parity `parity` of the barrier at shared address `bar`.
std::string mbarrier_wait_loop(const InstrSpec& wait, const std::string& bar, const std::string& parity);
// asm(...) without volatile, for an instruction that only computes its outputs from its inputs
// (the compiler may then move it or drop it when unused).
std::string pure_asm(const InstrSpec& ins, const std::vector<AsmArg>& args);
// The lines of the f32 -> tf32 conversions a kernel's fragments use, from the spec's cvt
// (tf32_rounding): `axon_tf32(x)` rounds x (the high part); with `split` also
// `axon_split_tf32(x, hi, lo)`: hi = tf32(x), lo = tf32(x - hi), a remainder that is not finite
// (x infinite) taken as 0 (3xTF32: docs/contraction.md).
std::vector<std::string> tf32_conversions(const InstrSpec& cvt, bool split);
const Fragment& fragment(const InstrSpec& ins, const std::string& name);
// Lane l of an ldmatrix.x4 addresses row l % 8 of 8x8 matrix q = l / 8. For a 16x16 operand
// block (rows: M for A, N for B; columns: K) the matrix q covers fragment-row block `fr` and
// k block `kb`; the address is that matrix's row in the shared tile's stored orientation.
// Terms over Var 0 (the lane): the checks evaluate them, the kernels render them, so the
// addressing that is checked is the addressing that runs (contraction_kernel.cpp).
struct LaneAddress {
  Term row, col;  // stored (row, column) offsets within the block, in elements
};
LaneAddress lane_address(int operand, bool k_major);
// The XOR swizzle of 16-byte chunks in a shared tile row of `cols` elements, as a C expression
// of `row`: eight consecutive rows at the same logical chunk land in eight distinct 16-byte slots
// of a 128-byte line (for rows of 128 bytes, the 128-byte swizzle of wgmma's layouts).
std::string swizzle(int cols, const std::string& row);
// A wgmma shared-memory matrix descriptor (128-byte swizzle, layout type 1 in bits 62-63) for
// the tile at `base + 16 * units` bytes, as a C expression: `base` an unsigned shared address
// aligned to 16 bytes (every slot is 1024-aligned), `units` a C expression of the offset in
// 16-byte units (`desc_units` converts the generator's byte constants, checking they divide);
// `lbo`, `sbo` the leading and stride byte offsets >> 4. The start field (14 bits) is the address
// within the block's shared memory >> 4: `base & 0x3FFFF` (in a cluster a block's shared::cta
// addresses carry its rank above bit 18: measured, rank 1's tiles went wrong without the mask),
// and a block's offsets stay below 2^18 (227 KB), so it is `((base & 0x3FFFF) >> 4) + units` and
// never carries into the leading byte offset: that part is loop-invariant and each use is one
// 32-bit add beside a constant high word (no mask or shift per wgmma).
std::string wgmma_desc(const std::string& base, const std::string& units, int64_t lbo, int64_t sbo);
int64_t desc_units(int64_t bytes);

class Emitter;
// Which threads run a load_tile: `tid` (a C expression) of `threads`, and whether direct
// operands are left out (a TMA producer copies those).
struct TileLoaders {
  std::string tid = "tid";
  int threads = 0;
  bool computed_only = false;
  bool in_place = false;  // staged operands are read from the slot (their TMA-copied source) and overwritten
};
// The `load_tile(kt, slot)` lambda of a contraction kernel: k-tile kt of both operands into
// pipeline slot `slot` (cp.async for direct operands, the inlined prologue for computed ones, zeros
// outside). Tiles are row-major in the stored orientation, 16-byte chunks swizzled by row; with
// `mn_blocked` an M- or N-major tile is laid out as wgmma's 64-column swizzle atoms instead.
void emit_load_tile(Emitter& em, const Group& g, const ContractionShape& c, const ContractionConfig& t, const TensorCoreIsa& tc,
                    const std::vector<Term>& batch, bool mn_blocked, const TileLoaders& who);
// The wgmma contraction kernel for sm_90a (wgmma_kernel.cpp).
std::string wgmma_kernel(const Group& g, const GroupShape& s, const ContractionConfig& c, const Lowerings& low,
                         const std::string& name, bool wide);
// Whether the instruction's spec declares the shared-memory layout `swizzle128` (docs/isa-spec-
// format.md) and it is the map the generator addresses: byte b of row r at r * 128 +
// ((b / 16) ^ (r % 8)) * 16 + b % 16 (the kernels' XOR expressions, wgmma descriptors of layout
// type 1). Checked point by point; TMA copies and wgmma forms without it are not used.
bool generator_swizzle(const InstrSpec* ins);
// The wgmma instructions, when the ISA has them (sm_90): A K- or M-major, B K- or N-major.
struct WgmmaIsa {
  const InstrSpec* mma_kb = nullptr;    // A and B K-major
  const InstrSpec* mma_nb = nullptr;    // B N-major
  const InstrSpec* mma_ma = nullptr;    // A M-major
  const InstrSpec* mma_ma_nb = nullptr; // A M-major, B N-major
  const InstrSpec* mma_areg_nb = nullptr;  // A from registers (its `a` fragment), B N-major
  const InstrSpec *fence = nullptr, *commit = nullptr, *wait = nullptr, *proxy = nullptr;
  bool ok = false;  // the fences and group instructions are there
  // The form for the operands' majorness, or null when the spec lacks it.
  [[nodiscard]] const InstrSpec* pick(bool a_k_major, bool b_k_major) const;
};
// The forms for operands of type `in` (bf16 or f16; the others have none).
WgmmaIsa wgmma_isa(const Isa& isa, DType in);
// The bulk tensor copy and mbarrier instructions of a TMA-fed wgmma kernel, when the ISA has them.
struct TmaIsa {
  const InstrSpec *copy = nullptr, *init = nullptr, *init_fence = nullptr, *expect = nullptr, *arrive = nullptr,
                  *wait = nullptr, *reg_dec = nullptr, *reg_inc = nullptr;
  // The proxy fence between the generic proxy (ld.shared, st.shared, ldmatrix) and the async proxy
  // (TMA, wgmma's shared operands) on shared memory.
  const InstrSpec* proxy = nullptr;
  // griddepcontrol.wait, where the spec has it: copies of graph inputs may start before it.
  const InstrSpec* dep_wait = nullptr;
  // The bulk tensor store and its bulk async-groups (TMA-store epilogues), where the spec has them.
  const InstrSpec *store = nullptr, *store_commit = nullptr, *store_wait = nullptr;
  // Stream-K: the flags between blocks (acquire load, release store) and the consumers' barrier.
  const InstrSpec *flag_get = nullptr, *flag_set = nullptr, *bar = nullptr;
  // Copies of a tensor read once per launch: the copy with an L2 cache policy, and the policy
  // (evict-first), where the spec has both.
  const InstrSpec *copy_once = nullptr, *evict_first = nullptr;
  // The 4d and 5d copies (strided views of more than one batch axis), where the spec has them.
  const InstrSpec *copy4 = nullptr, *copy5 = nullptr;
  bool ok = false;
  [[nodiscard]] bool stores() const { return store && store_commit && store_wait; }
  [[nodiscard]] bool flags() const { return flag_get && flag_set && bar; }
  [[nodiscard]] bool hints() const { return copy_once && evict_first; }
};
TmaIsa tma_isa(const Isa& isa);
// Copies of a tensor read once per launch: declare_once_policy emits the evict-first policy
// (once per thread that copies); tma_copy is the 3d bulk tensor copy of `args` (d, a, c0, c1, c2,
// m), in its hinted form under that policy when `once`; the 4d or 5d copy where `args` has c3 (and
// c4).
void declare_once_policy(Emitter& em, const TmaIsa& ti);
std::string tma_copy(const TmaIsa& ti, std::vector<AsmArg> args, bool once);
// Thread block clusters: the cluster barrier and the distributed shared-memory stores that
// complete on another block's mbarrier (split-K's pushes). Multicast adds the bulk tensor copy to every block of a cluster and the arrival on another
// block's mbarrier (CTA-scope release: the cluster-scope form fences every earlier global store).
struct ClusterIsa {
  const InstrSpec *mapa = nullptr, *arrive = nullptr, *wait = nullptr;
  // st.async...mbarrier::complete_tx::bytes .f32, .v2.f32: split-K's pushes into another block
  const InstrSpec *store1 = nullptr, *store2 = nullptr;
  const InstrSpec *copy_mc = nullptr, *arrive_remote = nullptr;
  // ld.shared::cluster.f32: reductions split over a cluster read each block's partial value.
  const InstrSpec* load = nullptr;
  bool ok = false, multicast = false;
  [[nodiscard]] bool reduces() const { return mapa && load && arrive && wait; }
};
ClusterIsa cluster_isa(const Isa& isa);
// Whether B's tile (both twins' halves) splits into `t.multicast` equal shares of whole boxes:
// K-major, rows of a multiple of 8 per share (the swizzle's 1024-byte atoms stay whole);
// MN-major, 64-column blocks per tensor a multiple of the cluster.
bool multicast_fits(const ContractionShape& c, const ContractionConfig& t);
// Whether one launch copies every element of operand op's copied tensor (its staged source for
// register A) once: the output has one tile row (B) or one tile column (A), and the tensor is not
// broadcast over the batch. Such copies take the evict-first L2 policy (docs/contraction.md).
bool copied_once(const ContractionShape& c, const ContractionConfig& t, int op);
// Whether the matmul and every value the group writes are f32, bf16 or f16 (the epilogues that
// store 8-column chunks, staged or split-K, need it).
bool float_outputs(const Group& g, const ContractionShape& c);
// The group's writes (float types) at the 8 columns gj .. gj + 7 of row gi (both named here;
// columns clamped to ncols - 1, stores only inside), whole chunks in one 16-byte store. `given`
// answers for the nodes the caller holds: (node, point, e) with e the chunk column the point is,
// or -1 when it is none of them; "" for the others.
// Attention (attention_parts.cpp): the row slot (0, 1: rows 8 apart) of each register of a
// 64-row accumulator fragment, checked to be held by quads; the chain's steps on packed 16-bit
// pairs from `chain_base` (moved to the last), or from a source to a value; the staged epilogue (false where it does not apply).
struct PackedStep {
  const InstrSpec* ins;
  bool chain_first;  // the chain's value is the node's operand 0
  uint32_t bits;     // the constant in both lanes
};
std::vector<int> row_slots(const InstrSpec& ins, const Fragment& f, int regs);
std::vector<int> column_offsets(const Fragment& f, const std::vector<int>& slots, int regs);
std::optional<PackedStep> packed_step(const Node* u, const Node* chain, const Isa& isa);
std::vector<PackedStep> packed_chain(const Group& g, const AttentionShape& a, const Isa& isa, const Node*& chain_base);
std::optional<std::vector<PackedStep>> packed_from(const Node* source, const Node* value, const Isa& isa);
bool staged_epilogue_fits(const Group& g, const AttentionShape& a, const AttentionConfig& t, const Isa& isa);
// P V's accumulator fragment keeps row neighbours in pairs (elements 2p, 2p + 1 of a thread at one
// row, adjacent columns, the first even) over its first `regs` elements: O is written in pairs.
bool o_fragment_pairs(const Isa& isa, const AttentionShape& a, int64_t regs);
// The persistent kernel's bulk-stored epilogue (AttentionConfig::tma_store) from O staged in Q's
// panels, as it stands there once divided in place (a computed Q, O within Q's panels), rather
// than from a buffer of its own.
bool attention_bulk_from_q(const AttentionShape& a);
// `in_place`: each chunk's values go back over it in shared memory (for the bulk store), not to
// the output. `q_off`: the Q buffer's byte offset from the aligned base (an expression; the
// stream's second buffer).
bool emit_staged_epilogue(Emitter& em, const Group& g, const AttentionShape& a, const AttentionConfig& t, const Isa& isa,
                          const std::vector<Term>& batch, const std::function<bool(const Node*, const std::vector<Term>&)>& is_row_point,
                          bool in_place = false, const std::string& q_off = "0");
// Packed pairs of a 16-bit type (bf16x2, f16x2; lane 0 in bits 15:0): the declaration of the
// packed maxima `mx2` (two accumulators per row slot, every lane -inf), half h of word `w` as an
// f32 (exact: every bf16 and f16 value is one), and the spec's lanewise max that propagates NaN
// (`max.NaN.bf16x2`, `max.NaN.f16x2`; null where the ISA lacks it).
std::string pair_max_init(DType t);
std::string pair_half(DType t, const std::string& w, int h);
const InstrSpec* pair_max(const Isa& isa, DType t);
// Stored scores (attention_scores.cpp): a consumer warpgroup's rows of slot `slot`'s bm x bn
// 16-bit tile at `sk0` into `sc[]`, S's wgmma `d` fragment (row neighbours unpacked from each
// word); with `packed_max` also the row maxima of the words into `mx2` (pair_max, two per row
// slot `rs_s`), which the kernel reads as with Q K^T's packed pairs. ldmatrix.x4 where its
// spec'd fragment, addressed by lane_address, is that fragment (`ldsm_gives`: also register A's
// check against the wgmma `a` fragment, bn 16), else 32-bit loads.
struct StoredScores {
  int64_t bm = 0, bn = 0, slot_bytes = 0;
  bool packed_max = false;
  DType type = DType::bf16;  // the scores' type (P V's): bf16 or f16
};
bool ldsm_gives(const InstrSpec& ldsm, const Fragment& fs, int64_t bn);
void emit_read_stored_scores(Emitter& em, const Isa& isa, const InstrSpec& mma_s, const StoredScores& s);
// The online softmax's shift (attention_shift.cpp; docs/attention.md, "The shift"): each row's
// P and sums are taken at a shift mu that follows its running max. In base 2 (the synthesized
// exp2_at lowering present, and every way from P and the sums to the max an f32 exp(u - M)) mu
// holds -(max * log2 e), rounded as it falls, and those exps are exp2_at(u, mu): one FMA and one
// ex2 per element; otherwise mu is the max and P is the group's own exp(u - mu).
class Emitter;
struct SoftmaxShift {
  const Lowering* exp2_at = nullptr;  // base 2 when set
  std::set<const Node*> exps;         // the exps taken at the shift (base 2)
  double log2e = 1.4426950408889634;
  // C expressions: the shift for a row max m; the factor that moves partial results from shift
  // `from` to `to`; the factor from shift s to the graph's (sh: the max, 0 for a row of -inf),
  // "" where they are the same (the natural shift is sh).
  [[nodiscard]] std::string shift_of(const std::string& m) const;
  std::string move(Emitter& em, const std::string& from, const std::string& to) const;
  [[nodiscard]] std::string to_graph(const std::string& sh, const std::string& s) const;
  // An exp of `exps` at point p (u's point) as a fresh value at shift s; "" for other nodes.
  std::string exp_at(Emitter& em, const Node* n, const std::vector<Term>& p, const std::string& s) const;

 private:
  [[nodiscard]] std::string fn() const;
};
SoftmaxShift softmax_shift(const AttentionShape& a, const Lowerings& low, const Node* p);
// The epilogue's value of P V (read at its own point: at_point), the row max or a row sum (at
// their row: at_row), given as pv, max and sum(k); "" for other nodes.
std::string epilogue_answer(Emitter& em, const AttentionShape& a, const Node* n, bool at_point, bool at_row, const std::string& pv,
                            const std::string& max, const std::function<std::string(int)>& sum);
using ChunkGiven = std::function<std::string(const Node*, const std::vector<Term>&, int)>;
// `shared_at` (a C expression): the group's one 16-bit write goes there as one 16-byte shared
// store instead (its chunks whole: ncols a multiple of 8).
void emit_chunk_writes(Emitter& em, const Group& g, const std::vector<Term>& batch, int64_t ncols, const ChunkGiven& given,
                       const std::string& shared_at = "");
// The tensor map of stored value x (its last axis inner, the one before outer, the rest panels):
// boxes of 64 inner elements by `box_outer` rows, 128-byte swizzled.
TensorMapSpec tensor_map_of(const Group& g, const Node* x, int box_outer);
// A tensor map can describe x as [panels, outer, inner] of 16-bit elements: extents below 2^32,
// strides below 2^40 bytes.
bool tensor_mappable(const Node* x);
// The tensor maps of a TMA configuration: one per direct operand or staged source, in operand
// order (A, B).
std::vector<TensorMapSpec> tensor_maps(const Group& g, const ContractionShape& c, const ContractionConfig& t);

// Contraction kernels' shared pieces (contraction_kernel.cpp). The block's output tile: `bz` (the
// batch), `m0`, `n0`, tile rows walked in groups of 8 so that neighbouring blocks share B in L2.
// `block` is the tile's number (blockIdx.x, or a persistent block's loop variable); with
// multicast, the cluster's number, whose `multicast` consecutive tile rows are ranks 0, 1, ..
// (the emitted code's `rank`).
void emit_tile_origin(Emitter& em, const ContractionShape& c, const ContractionConfig& t, const std::string& block = "blockIdx.x");
// The epilogue's output point (the batch coordinates, then rows `gi` and columns `gj`, so named),
// with the matmul's value there given as `acc` rounded to its dtype (em.given; reading the matmul
// at any other point is an internal error). Returns the point.
std::vector<Term> epilogue_point(Emitter& em, const ContractionShape& c, const std::vector<Term>& batch, const std::string& acc);
// The flat index of a stored operand's own batch panel for the output's batch point (its batch
// axes broadcast against the output's), as a C expression; "0" without batch axes.
std::string operand_panel(Emitter& em, const ContractionShape& c, int op, const std::vector<Term>& batch);
// Whether accumulator elements 2p and 2p + 1 of the spec's fragment `d` (over `threads` threads and
// `regs` elements) are row neighbours at an even column, N is even and every write is a float
// type: then the epilogue stores them together.
bool paired_stores(const Group& g, const ContractionShape& c, const Fragment& d, int threads, int regs);
// An mma.sync kernel's emitter set up: the group's global loads, the batch index `bz`, the
// fragment variables `lane` and `e` named; returns the batch coordinates of `bz`.
std::vector<Term> begin_mma_kernel(Emitter& em, const Group& g, const ContractionShape& c);
// The threads of an mma.sync kernel: `tid`, `lane`, `warp`, the warp's tile row `wr` and column
// `wc` of warps_m x warps_n, the block's tile origin, and acc[MI][NI][4] zeroed.
void emit_warp_tiles(Emitter& em, const ContractionShape& c, const ContractionConfig& t, int MI, int NI);
// A warp tile's mma.sync (the spec's instruction): acc[mi][ni][0..3] += af[mi][0..3] x bf[ni][0..1]
// for every mi < MI, ni < NI.
// MI x NI mma.sync of fragments a[mi][.] and b[ni][.] into acc[mi][ni][.].
void emit_mma_grid(Emitter& em, const InstrSpec& mma, int MI, int NI, const std::string& a = "af", const std::string& b = "bf");
// The epilogue of an mma.sync kernel: accumulators acc[MI][NI][4] of a warp tile of WM x WN at
// (m0 + wr * WM, n0 + wc * WN), element e of each 16 x 8 fragment where the spec's `d` says;
// every write's definition there, stored (in pairs when paired_stores allows).
void emit_mma_epilogue(Emitter& em, const Group& g, const ContractionShape& c, const Fragment& d, const std::vector<Term>& batch,
                       int WM, int WN, int MI, int NI);

// TMA-store epilogue (ContractionConfig::tma_store): the bytes one consumer warpgroup stages at a time,
// 64 rows of `tma_store_cols` 16-bit values as 64-column boxes of 64 x 128 bytes (128-byte
// swizzled). Persistent blocks stage 128 columns at a time in a buffer after the slots (the
// producer refills the slots meanwhile); the others stage the whole tile in the drained slots.
inline int tma_store_cols(const ContractionConfig& c) { return c.blocks_per_sm > 0 && c.bn > 128 ? 128 : c.bn; }
inline int tma_store_bytes(const ContractionConfig& c) { return 64 * tma_store_cols(c) * 2; }
// Dynamic shared memory of a contraction kernel: `stages` A and B tiles of 16-bit elements.
// wgmma kernels align the tiles to 1024 bytes; with store warps a staging buffer follows them (bm
// rows of bn 16-bit values padded by 16 bytes), with a persistent TMA-store epilogue one of
// warps_m x tma_store_bytes; TMA kernels keep three mbarriers per stage after them (full, empty,
// staged sources landed), and two for the store warps' staging buffer (full, free).
inline int contraction_staging(const ContractionConfig& c) {
  if (c.store_warps) return c.bm * (2 * c.bn + 16);
  return c.tma_store && c.blocks_per_sm > 0 ? c.warps_m * tma_store_bytes(c) : 0;
}
// Split-K's receive area (ContractionConfig::splits), after the barriers and A's k-vectors, 16-byte
// aligned: its mbarrier (16 bytes), then per source block the rows a block owns at most
// (ceil(split_rows / splits)) of bn floats padded by 16 bytes.
inline int split_rows_owned(const ContractionConfig& c) { return (c.split_rows + c.splits - 1) / c.splits; }
inline int split_area_bytes(const ContractionConfig& c) {
  return c.splits > 1 ? 32 + c.splits * split_rows_owned(c) * (4 * c.bn + 16) : 0;
}
// A wgmma kernel's shared memory (wgmma_kernel.cpp), from a 1024-byte aligned base: the A and B
// slots (regions "sa0", "sb0"), the staging buffer ("staging"), TMA's barriers per slot ("full0",
// "empty0", "raw0"), the store warps' ("sfull", "sfree"), register A's k-vectors ("kv0"), split-K's
// receive area ("split"). The launch's size and the kernel's offsets both come from it.
SmemPlan wgmma_smem_plan(const ContractionConfig& c);
// Split-K's mbarrier and area as C (from `raw0`, the TMA mainloop's last slot barriers): "rbar",
// 16-byte aligned, then recv = rbar + 16.
inline std::string split_area_decl(const ContractionConfig& c) {
  const SmemPlan p = wgmma_smem_plan(c);
  return "const unsigned rbar = (raw0 + " + std::to_string(p.offset("split") - p.offset("raw0")) + " + 15u) & ~15u, recv = rbar + 16;";
}
inline int contraction_smem(const ContractionConfig& c) {
  if (c.tf32) return static_cast<int>(c.stages * (tf32_smem_floats(c, 0, -1) + tf32_smem_floats(c, 1, -1)) * 4);
  if (c.simt) return 0;  // static shared memory
  if (c.wgmma) return static_cast<int>(wgmma_smem_plan(c).size());
  return c.stages * (c.bm + c.bn) * c.bk * 2 + contraction_staging(c) + (c.tma ? 24 * c.stages : 0) + (c.store_warps ? 16 : 0) +
         4 * c.a_kvec_floats + split_area_bytes(c);
}
// Blocks per SM a TMA wgmma kernel is built for (__launch_bounds__): two where one consumer
// warpgroup's accumulators (64 x 128 or narrower) leave it and the producer enough of 128
// registers per thread and two blocks' stages fit in an SM's shared memory, so that split-K's
// blocks run side by side (twice the wgmma chains per SM); such a kernel keeps the launch's
// registers (no setmaxnreg). One otherwise. The kernel is generated without the Limits: the shared
// memory is sm_90's (228 KiB an SM; wgmma exists on no other target), as the kernel's own checks are.
constexpr int64_t kWgmmaSmemPerSm = 228 * 1024;
constexpr int kWgmmaRegsPerSm = 65536;  // sm_90's register file, for the same reason
inline int wgmma_blocks_per_sm(const ContractionConfig& c) {
  const bool two = c.wgmma && c.tma && c.blocks_per_sm == 0 && c.warps_m == 1 && c.producers == 1 && c.bn <= 128 &&
                   2 * (contraction_smem(c) + 1024) <= kWgmmaSmemPerSm;
  return two ? 2 : 1;
}
// The TMA mainloop (tma_mainloop.cpp): barriers, the producer warpgroup, the consumers' wgmma loop. Consumers
// continue to the epilogue.
//
// Barriers per stage: full (the tile is ready: copies landed and, for computed operands, the
// producer threads stored theirs), empty (one arrival per consumer warp: the tile's wgmma
// completed), raw (the staged sources landed, for the producer to compute from in place).
// With only copied operands one producer thread issues everything. Otherwise the producer runs
// `stages - 2` tiles ahead with its copies and computes each tile's operands when its sources
// have landed; more would deadlock (the consumers hold two slots).
// Persistent (all operands copied): each block walks tiles blockIdx.x, + gridDim.x, ...; the
// producer runs on into the next tile while the consumers store the last one. k-tiles are
// counted across the block's tiles (g) for the slots and barrier phases.
struct TilePieces {
  std::function<void(const std::string&)> origin;  // bz, m0, n0 of tile number `block`
  std::function<void()> zero, epilogue;            // the consumers' accumulators; their stores
  std::function<void()> stores;                    // store warps: the epilogue from the staging buffer
  std::function<void()> before_loop;               // the consumers, before their first k-tile (may be empty)
};
// Register A (ContractionConfig::a_regs; register_a.cpp): checks the spec's `a` fragment. `fragments`
// emits a k-tile's fragments into the array it is given (16 registers: k16 step kk's four from 4
// kk on), read from the copied source in slot `slot` (the consumer loop's names: slot, j, kb, NK,
// m0, wg, th, raw0) with A's definition evaluated at each point, zero outside A; `stage` (where
// ContractionConfig::a_kvec_floats) copies A's k-vectors over the block's K range into shared memory
// after the barriers, which `fragments` then reads, and syncs the consumers.
struct RegisterA {
  std::function<void(const std::string&)> fragments;
  std::function<void()> stage;
  // Side reductions (ContractionShape::side): `declare` their row accumulators (sr<i>[2], at the
  // identity: with the matmul's accumulators, per tile), which `fragments` combines with the
  // values at its points; `finish` (every consumer thread, after the main loop) combines them
  // over the lanes that share a row and computes each row's value (st<i>[2]); `slots` is the row
  // slot of each accumulator element (st<i>[slot] is the reduction at that element's row).
  std::function<void()> declare, finish;
  std::vector<int> slots;
};
// A side reduction's definition and its one Reduce term (side_reductions.cpp).
struct SideReduction {
  Definition def;
  const TermNode* red = nullptr;
};
SideReduction side_reduction(const Node* r);
// The value combined into r's row accumulator at A's point (batch, row_var, k_var).
std::string side_body(Emitter& em, const SideReduction& s, const Node* r, const std::vector<Term>& batch, int row_var, int k_var);
// r's value at row row_var from its accumulated `acc` (rounded to its type).
std::string side_value(Emitter& em, const SideReduction& s, const Node* r, const std::vector<Term>& batch, int row_var,
                       const std::string& acc);
// Whether p is r's point at row row_var (the batch, the row and, kept, the reduced axis at 0).
bool at_stat_row(const Node* r, const std::vector<Term>& batch, int row_var, const std::vector<Term>& p);
// Classification: every reduction of `reductions` a side reduction of c (c.side), or why not.
std::string side_reductions(const Group& g, ContractionShape& c, const std::vector<const Node*>& reductions);
RegisterA register_a(Emitter& em, const Group& g, const ContractionShape& c, const ContractionConfig& t, const Lowerings& low, const WgmmaIsa& wi,
                     const std::vector<Term>& batch, const Fragment& df);
void emit_tma_mainloop(Emitter& em, const Group& g, const ContractionShape& c, const ContractionConfig& t, const TensorCoreIsa& tc,
                       const WgmmaIsa& wi, const TmaIsa& ti, const ClusterIsa& ci, const std::vector<Term>& batch,
                       const std::function<void()>& emit_wgmmas, const TilePieces& tile);
// The SIMT contraction kernel (simt_kernel.cpp): f32 FMAs on the CUDA cores, static shared memory.
std::string simt_kernel(const Group& g, const GroupShape& s, const ContractionConfig& c, const Lowerings& low,
                        const std::string& name, bool wide);
// The contraction kernel (contraction_kernel.cpp).
std::string contraction_kernel(const Group& g, const GroupShape& s, const ContractionConfig& c, const Lowerings& low,
                               const std::string& name, bool wide);

// Attention groups (attention_plan.cpp, attention_kernel.cpp; docs/attention.md).
// f32 Q, K and V take tf32 mma.sync by `f32` (Tf32x3: three products; Tf32: one; Fma: none).
bool classify_attention(const Group& g, const Isa* isa, GroupShape& s, F32Matmul f32 = F32Matmul::Tf32x3);
std::vector<RankedConfig> attention_configs(const Group& g, const GroupShape& s, const Limits& L);
// The tensor maps of an attention kernel: Q, K, V.
std::vector<TensorMapSpec> attention_maps(const Group& g, const AttentionShape& a, const AttentionConfig& t);
// Dynamic shared memory: Q, `stages` K and V slots (1024-aligned), then the mbarriers.
int attention_smem(const AttentionShape& a, const AttentionConfig& t);
// Whether the attention kernel can be generated for `t` on shape `a` (its layouts and the
// combinations of its orders, splits, clusters and buffers): "" if so, else why not. The
// enumeration keeps only such configurations; the kernel checks it again (attention_plan.cpp).
std::string attention_can_run(const AttentionShape& a, const AttentionConfig& t);
// A persistent attention kernel whose masks skip tiles (row blocks of unequal work) hands the row
// blocks out by a counter in the launch's scratch (4 bytes, zeroed per launch), not by a stride
// (head dims up to 128: tiling/attention_persistent.cpp says why).
bool attention_counts_row_blocks(const AttentionShape& a, const AttentionConfig& t);
// The merges of a key split (AttentionConfig::splits) and of a cluster (::cluster): the bytes a
// part of the keys leaves for another (O by V's panels' columns and the row statistics of every
// consumer thread), and whether they fit the regions Q, K and V no longer need by then.
int64_t attention_exchange_bytes(const AttentionShape& a, const AttentionConfig& t);
bool attention_exchange_fits(const AttentionShape& a, const AttentionConfig& t);
// P V's wgmma N, O's columns per row in registers: V's panels' columns (64 per 16-bit panel,
// 32 per f32 one), or with `pv_exact` the head dim rounded up to 8.
int64_t attention_pv_columns(const AttentionShape& a, const AttentionConfig& t);
std::string attention_kernel(const Group& g, const GroupShape& s, const AttentionConfig& c, const Lowerings& low,
                             const std::string& name, bool wide);

class Emitter;
// Reads of the group's stored values at any point, from global memory.
void global_loads(Emitter& em, const Group& g);
// A contraction's M in the code: a literal, or its runtime text (ContractionShape::m_text).
inline std::string m_text(const ContractionShape& c) { return c.m_text.empty() ? std::to_string(c.m) : c.m_text; }
// The row kernel (row_kernel.cpp). `runtime_rows` > 0: the rows are axon_n * runtime_rows (a
// runtime size along the row tensor's axis 0: the kernel takes `long long axon_n` last).
std::string row_kernel(const Group& g, const GroupShape& s, const RowConfig& c, const Lowerings& low,
                       const std::string& name, bool wide, int64_t runtime_rows = 0);
// The validation slack of an attention group's writes (attention_slack.cpp): a reference kernel
// taking (inputs..., reference buffers..., slack buffers...); sets slack_of[w] for the writes it
// bounds. False (nothing emitted) for other groups and for attention over stored scores.
bool emit_attention_slack(const Group& g, const GroupShape& s, const std::string& name, bool wide, const std::vector<const Node*>& computed,
                          std::string& source, Launch& launch, std::vector<int>& slack_of);
// The column kernel (column_kernel.cpp; docs/reductions.md).
std::string column_kernel(const Group& g, const GroupShape& s, const ColumnConfig& c, const Lowerings& low,
                          const std::string& name, bool wide);
// Row and Column groups (docs/reductions.md): the point of the row tensor at kept index `kept`
// and reduction index `red` (flat terms), and a statistic's point (n: a value of one per kept
// index, with or without the reduced axes kept as size 1) at kept index `kept`.
std::vector<Term> reduction_point(const GroupShape& s, const Term& kept, const Term& red);
std::vector<Term> statistic_point(const GroupShape& s, const Node* n, const Term& kept);
// Whether point p of statistic n is its point at kept index `kept` (axes of size 1 not compared).
bool at_statistic_point(const GroupShape& s, const Node* n, const std::vector<Term>& p, const Term& kept);
// Whether dims are a statistic's: the kept sizes, or the full shape with 1 at each reduced axis.
bool statistic_dims(const GroupShape& s, const std::vector<int64_t>& dims);
// The nested Reduce terms of a reduction's definition, outermost first (one per reduced axis).
std::vector<const TermNode*> reduce_chain(const Definition& d);
struct ClusterIsa;
// Reductions over a cluster of blocks (RowConfig::splits, ColumnConfig::splits; ClusterIsa::reduces): combines each
// thread's `acc` (one value per name in `accs`) over the blocks of the cluster: writes them to the
// shared slot `slot` (C expression, a float array of the kernel, sized by the caller) when
// `writer`, waits at the cluster barrier, reads every rank's values with mapa +
// ld.shared::cluster and combines them in rank order into each acc.
void emit_cluster_combine(Emitter& em, const ClusterIsa& ci, Reducer r, int splits, const std::vector<std::string>& accs,
                          const std::string& slot, const std::string& writer);
// The cluster barrier at a split kernel's end: no block leaves while another may still read its
// shared slots.
void emit_cluster_exit(Emitter& em, const ClusterIsa& ci);
// Whether node n's value reads memory (a stored value of the group) other than through the
// values `held` gives (statistics a kernel holds): then it may only be computed where that memory is.
bool reads_memory(const Group& g, const Node* n, const std::function<bool(const Node*)>& held);

// Emits CUDA C statements computing node values at points. Values are `float` (or `double` for
// the reference); each is assigned once to a fresh local and memoized per (node, point) within
// the open scopes.
class Emitter {
 public:
  Emitter(const Lowerings* low, bool dbl, bool wide_index);

  // Stored values are read through `load` (returns a C expression); others are inlined from
  // their definitions. `given` may supply a value (row-stage results); empty: not given.
  std::function<bool(const Node*)> stored;
  std::function<std::string(const Node*, const std::vector<Term>&)> load;
  std::function<std::string(const Node*, const std::vector<Term>&)> given;

  std::string value(const Node* n, const std::vector<Term>& point);
  std::string index(const Term& t);  // an int term over kernel variables, as C
  void name_var(int id, const std::string& c_name) { var_names_[id] = c_name; }
  // A real term of a definition where Vars map through `sub` and Read(k) reads operand k of n
  // (at the substituted index); `replace` maps Reduce subterms to C names already computed.
  std::string term(const Term& t, const Node* n, const std::map<int, Term>& sub,
                   const std::map<const TermNode*, std::string>& replace = {});
  // Index terms with variables replaced (core's one substitution routine).
  Term subst(const Term& t, const std::map<int, Term>& sub) { return substitute(t, Substitution{sub, {}}); }

  void line(const std::string& s);
  void open(const std::string& head);  // "for (...) {": a new memo scope
  void close(const std::string& tail = "}");
  std::string fresh(const std::string& prefix);
  [[nodiscard]] std::string str() const { return out_.str(); }
  [[nodiscard]] const char* real() const { return dbl_ ? "double" : "float"; }
  [[nodiscard]] const char* idx() const { return wide_ ? "long long" : "int"; }
  std::string round(DType t, const std::string& x);
  std::string call(Fn f, const std::vector<std::string>& args) { return apply(f, args); }  // through the lowerings
  std::string combine(Reducer r, const std::string& a, const std::string& b);
  std::string identity(Reducer r);

 private:
  std::string apply(Fn f, const std::vector<std::string>& args);
  std::string boolean(const Term& t, const Node* n, const std::map<int, Term>& sub,
                      const std::map<const TermNode*, std::string>& replace);
  std::string find_memo(const std::string& key) const;
  const Lowerings* low_;
  bool dbl_, wide_;
  std::ostringstream out_;
  int indent_ = 1;
  int counter_ = 0;
  int loops_ = 0;
  std::map<int, std::string> var_names_;
  std::vector<std::map<std::string, std::string>> scopes_{1};
};

}  // namespace axon::tiling::detail
