// Kernel generation (docs/codegen.md): a fusion group of a graph variant, its tiling
// configurations under the target's limits, and the CUDA C++ of each (group, configuration).
//
// A kernel's meaning is never written here: every value is the inlined definition of its node
// (op_table.h), read through the index maps of those definitions; scalar functions go through the
// synthesized lowerings (synth/); warp reductions through the synthesized shuffle trees.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "axon/core/ir.h"
#include "axon/synth/synth.h"
#include "axon/tiling/config.h"
#include "axon/tiling/runtime.h"

namespace axon::tiling {

// A fusion group: nodes computed in one kernel (topological order), the stored values it reads
// (graph inputs or other groups' results) and the values it writes. Every node a group computes
// is inlined at the points where it is read (recomputed when read at several points).
struct Group {
  std::vector<const Node*> nodes;
  std::vector<const Node*> reads;
  std::vector<const Node*> writes;
  std::string label;  // "softmax: reduce_max, reduce_sum, ... -> out"
  // Writes that only later kernels of the launch read (not graph outputs): row and elementwise
  // kernels store them with an L2 evict-last policy, so that the next kernel finds them in L2.
  std::vector<const Node*> handoffs;
  bool handoff(const Node* n) const;
};

// The C type a tensor of the dtype is stored as: float, unsigned short (bf16, f16), int, unsigned char.
std::string storage_type(DType t);

// Limits a configuration must respect, and the rates it is ranked by: the target's figures
// (isa_specs/targets/<target>.target, target_limits), the device's own properties where a GPU is
// present (search's limits_for). The target file is their one description: a default-constructed
// Limits describes no device (zeros) and is only a start for target_limits.
struct Limits {
  int sm = 0;
  int sm_count = 0;
  int max_threads_per_block = 0;
  int regs_per_thread = 0;
  int64_t smem_per_block = 0;  // static shared memory per block (48 KiB at most: CUDA's limit without opting in)
  int64_t smem_dynamic = 0;    // dynamic shared memory a block may opt into (contractions)
  // An SM's resources, shared by its resident blocks (the estimates' occupancy).
  int regs_per_sm = 0, threads_per_sm = 0;
  int64_t smem_per_sm = 0;
  double hbm_gb_s = 0;         // for the roofline ranking (the target's measured copy rate where it has one)
  double fp32_tflops = 0;      // CUDA-core f32 rate (the target's model rate where it has one)
  double tensor_tflops = 0;    // dense 16-bit tensor-core rate (0: unknown)
  double tf32_tflops = 0;      // dense tf32 tensor-core rate (0: unknown)
  int64_t l2_bytes = 0;        // L2 cache (attention's block order keeps K and V in it)
  // SMs that clusters of c blocks occupy at one block per SM (the target's `cluster_sms`); a size
  // not listed takes the next larger listed one's, or every SM.
  std::map<int, int> cluster_sms;
};
// The Limits a target file describes: its limits, its peaks (tensor rates) and the rates its
// `model_rates` give the cost model (copy bandwidth, fp32), else its datasheet figures.
Limits target_limits(const TargetDesc& t);
// CUDA's static shared memory per block without opting in.
constexpr int64_t kStaticSmemPerBlock = 48 * 1024;

// A value that transposes and reshapes make of a stored one (tiling/views.h): element
// (i_0, ..., i_{r-1}) is element sum_a i_a * strides[a] of `base`'s row-major elements.
struct StridedView {
  const Node* base = nullptr;
  std::vector<int64_t> dims, strides;  // per axis of the viewed value; strides in elements
};

// How a contraction kernel gets one operand into shared memory (docs/contraction.md).
struct OperandPlan {
  const Node* node = nullptr;  // the matmul's operand
  bool direct = false;         // a stored value copied as is (cp.async, 16 bytes)
  bool k_major = true;         // shared tile has K contiguous (else M for A, N for B)
  // Computed operands: a stored 16-bit value of the operand's shape and orientation that its
  // definition reads only at the operand's own point. TMA kernels copy it into the operand's
  // slot and compute the operand there, in place (docs/contraction.md).
  const Node* staged = nullptr;
  // Attention's Q, K and V read through transposes and reshapes of a stored value (the heads of a
  // projection's output) by a tensor map of the view's strides: `view.base` the stored value, its
  // axes in the copy's order (batch axes, the tile's rows, the contiguous head dimension). Null
  // base: the operand is stored as it is.
  StridedView view;
};

// The contraction of a Contraction group: out[b, i, j] = sum_k a[b, i, k] * b[b, k, j].
struct ContractionShape {
  const Node* mm = nullptr;
  int64_t batch = 1, m = 1, n = 1, k = 1;
  std::vector<int64_t> batch_dims;
  DType in = DType::bf16;  // both operands' type
  OperandPlan a, b;
  // f32 operands: the SIMT kernel, FMAs in f32 on the CUDA cores, exact (no tf32). The fields
  // below stay false.
  bool simt = false;
  // ... multiplied on the tensor cores in tf32 instead (F32Matmul::Tf32, and the target's spec
  // has tf32 mma.sync and cvt.rna.tf32.f32): operands rounded to 10 mantissa bits.
  bool tf32 = false;
  // ... or, beside the SIMT kernel, on the tensor cores as three tf32 products of each operand's
  // split x = hi + lo (F32Matmul::Tf32x3, the same instructions): f32's accuracy.
  bool tf32x3 = false;
  bool wgmma = false;  // the target has wgmma and the operands fit its layouts (bf16, A K-major)
  bool tma = false;    // ... and the bulk tensor copy, with an operand (or its staged source) to copy
  bool multicast = false;  // ... and the multicast copy and cluster barriers (ContractionConfig::multicast)
  // ... and the bulk tensor store, and the group writes one bf16/f16 tensor of the output's shape
  // (rows a multiple of 16 bytes) from the accumulators (ContractionConfig::tma_store); twins store
  // the tile_n columns of their product.
  bool tma_store = false;
  bool stream_k = false;   // ... and the flags between blocks (ContractionConfig::stream_k)
  // ... and A is computed from a staged source (K-major), B is stored N-major, and the spec has
  // the register-A wgmma form: the consumers may compute A (ContractionConfig::a_regs).
  bool a_regs = false;
  // Register A: the stored values A's definition reads at points that do not depend on A's row
  // (RMSNorm's gain: one value per k), which the consumers stage in shared memory for the block's
  // K range (ContractionConfig::a_kvec_floats) instead of loading them at every k-tile; and whether
  // everything the definition reads besides its copied source is a graph input (the consumers
  // then wait for the kernel before them only after their main loop).
  std::vector<const Node*> a_kvecs;
  bool a_reads_inputs = false;
  // Side reductions (register A only; docs/fused-normalization.md): reductions over A's k axis of
  // a value computed from A's copied source at A's own point (RMSNorm's mean(x^2) beside
  // (x * g) @ w), which A's definition does not read and the epilogue reads only at its row. The
  // consumers accumulate them from the fragments they evaluate, combine them over the lanes that
  // share a row after the main loop, and the epilogue reads the row's value from registers.
  std::vector<const Node*> side;
  // Twin matmuls (swiglu's X W1 and X W3): mm2 = A @ b2 with mm's A, flags, shape and dtypes, B
  // and B2 copied (TMA). One wgmma of `bn` columns multiplies B's and B2's tiles side by side, so
  // the block's output tile is bn / 2 wide and the epilogue reads both results at each point: X
  // is loaded once for both.
  const Node* mm2 = nullptr;
  OperandPlan b2;
  // Output columns of a block tile of configuration width bn (half of it for twins).
  [[nodiscard]] int tile_n(int bn) const { return mm2 != nullptr ? bn / 2 : bn; }
  // Code generation under a runtime size (CodegenOptions::runtime_size, M the rows of A and of
  // the output): M's text in the kernel, "axon_n", or empty (the literal m). Set by generate().
  std::string m_text;
  // Stream-K under a runtime size: the scratch's slots of partial sums (the largest grid, whatever
  // n), after which its flags lie; 0: as many as blocks (gridDim.x, the tuned size's grid).
  int64_t sk_slots = 0;
};

// An Attention group (docs/attention.md): out = epilogue(P V, M, L) with scores = Q K^T, M a row
// max of the scores' chain, P and the row sums L linear in exp(u - M). The kernel walks the key
// tiles with a running max (the proven online-softmax merges), never storing the scores.
struct AttentionShape {
  ContractionShape qk;  // A = Q, B = K: both stored, K-major, copied by TMA
  ContractionShape pv;  // A = P (computed in registers), B = V: stored, N-major, copied by TMA
  // Stored scores (softmax -> matmul): a bf16 tensor of P's shape, keys contiguous, that the
  // scores' chain reads at its own point, copied by TMA tile by tile instead of Q K^T. Then qk
  // only gives the shape: m rows, n keys, k = 0, its batch; no matmul, no Q or K.
  const Node* scores = nullptr;
  const Node* max = nullptr;      // reduce_max over the scores' last axis
  std::vector<const Node*> sums;  // reduce_sum over the same axis
  // Masks that let whole key tiles be skipped: every `where(keep, x, -inf)` on the scores' way
  // to the softmax whose keep(i, j) is alpha * i + beta * j + gamma >= 0 (iota comparisons).
  struct Band {
    int64_t alpha = 0, beta = 0, gamma = 0;
    const Node* cond = nullptr;  // the where's condition: keep when it is `keep` (1 or 0)
    int keep = 1;
  };
  std::vector<Band> bands;
  // f32 Q, K and V: both products on tf32 mma.sync, this many per multiply (3: each operand split
  // hi + lo, f32's accuracy; 1: rounded to tf32, --allow-tf32); 0: bf16/f16 on wgmma.
  int tf32_products = 0;
  // The group writes one 16-bit float tensor of O's shape, whose rows a tensor map can store
  // (a multiple of 16 bytes), and the ISA has the bulk tensor store: the persistent kernel's
  // epilogue may store O's rows from shared memory by TMA (AttentionConfig::tma_store).
  bool tma_store = false;
};

// The multiply-adds x 2 of both matmuls over the (row, key) pairs the bands keep.
double attention_flops(const AttentionShape& a);
// The key tiles [begin, end) of `bn` keys that query rows i0..i1 must visit: the bands mask the
// others to -inf everywhere (the kernel computes the same range).
std::pair<int64_t, int64_t> attention_key_tiles(const AttentionShape& a, int64_t i0, int64_t i1, int64_t bn);

// What a group needs to know to be laid out: the strategy's shape facts, checked.
struct GroupShape {
  Strategy strategy = Strategy::Generic;
  std::vector<int64_t> full;  // Row, Column: the row tensor's shape; Elementwise: the output's shape
  int64_t rows = 1, cols = 1; // Row, Column: product of the kept axes, of the reduced axes
  // Row, Column (docs/reductions.md): the reduced axes of `full` (sorted), the kept and reduced
  // sizes in axis order, the contiguous runs: `run` the product of the trailing reduced axes (Row),
  // `inner` the product of the trailing kept axes (Column).
  std::vector<int> red_axes;
  std::vector<int64_t> kept_dims, red_dims;
  int64_t run = 1, inner = 1;
  [[nodiscard]] bool suffix() const;  // the reduced axes are the last ones (rows are contiguous)
  int64_t elements = 1;       // Elementwise: output elements
  int stages = 0;             // Row: block-wide reductions
  int row_inputs = 0;         // Row, Column: stored full-row values read (Row: cached in registers)
  int col_inputs = 0;         // Row over the last axis alone: stored column vectors ([N]) read (cached in registers)
  int row_inputs16 = 0, col_inputs16 = 0;  // of which bf16/f16 (can be kept packed)
  int min_bytes = 4;          // smallest element size of the full-size values it touches
  int max_bytes = 4;
  std::string why_generic;    // why Row/Elementwise did not apply
  bool exact_ints = false;    // 32-bit integers whose values float cannot hold: compute in double
  ContractionShape mm;        // Contraction
  AttentionShape att;         // Attention
};

// Classifies a group. Sizes must be concrete (throws UserError naming the node otherwise).
// `isa` (optional) is the target's instruction set: without it, or when it lacks the
// tensor-core instructions, contractions are generic. `f32`: how f32 matmuls may multiply.
GroupShape classify(const Group& g, const Isa* isa = nullptr, F32Matmul f32 = F32Matmul::Tf32x3);

// The configurations worth trying for a group, pruned by `limits`, best estimate first.
struct RankedConfig {
  TileConfig config;
  double est_us = 0;
  std::string why;  // the estimate's parts
};
std::vector<RankedConfig> enumerate_configs(const Group& g, const GroupShape& s, const Limits& limits);

// The time a contraction's producers spend evaluating a computed operand (a prologue), in us.
// The operand's definition is evaluated at each of its `elements` once per tile of the other
// output axis (`recompute`: A once per tile column, B once per tile row), by `producer_warps`
// warps per SM; `weight` is prologue_weight's. Calibrated on the H200: W * g rounded to bf16
// (weight 1) as the B of an 8192 x 4096 x 4096 matmul, one producer warpgroup, 128 x 256 tiles
// (64 recomputations): 2362 us, six times the plain matmul; about 850 elements per us per
// producer warp and SM. `per_warp` replaces that rate: register A's consumers, whose fragment
// work is not hidden under their wgmmas, at kRegisterProloguePerWarp per consumer warp with the
// weight raised by kRegisterAFixedWeight (the slot's load, the unpacking and the packing, which
// cost as much as the arithmetic at small weights) and by the side reductions' weights.
// Calibrated (H200, 2026-12-03, side by side in one process, plain fragment loads): x * r * g
// (weight 2) as the A of 8192 x 4096 x 4096, 584 us (stream-K 556) against 350 for the plain
// matmul; bf16(x * g) with mean(x^2) beside it (weight 1, side 1) 515 us persistent, 478 one tile
// per block. (Before, volatile loads: 600.5-700 us; 1700 per warp at the bare weight.)
constexpr double kProloguePerWarp = 850, kRegisterProloguePerWarp = 3000, kRegisterAFixedWeight = 1.5;
double prologue_us(double elements, double recompute, double weight, double producer_warps, int sm_count,
                   double per_warp = kProloguePerWarp);
// The arithmetic in the definition of `operand` inside a kernel (`inside` says which nodes the
// kernel computes; the others are stored): 1 per elementwise node, 4 per transcendental one,
// nothing for layout ops and casts; at least 1 (the operand is rounded and stored anyway).
double prologue_weight(const Node* operand, const std::function<bool(const Node*)>& inside);

// The TMA tensor maps a contraction launch passes after its pointers (runtime.h).
using gpu::TensorMapSpec;

// One kernel launch: grid and block sizes, and the values passed (reads, then writes, then the
// tensor maps).
struct Launch {
  std::string function;
  int64_t grid = 1;
  int block = 1;
  int smem = 0;
  std::vector<const Node*> params;
  std::vector<int> param_roles;  // 0: read (const), 1: written
  std::vector<TensorMapSpec> tmaps;
  // Scratch (stream-K): `scratch` bytes of device memory passed after the pointers (before the
  // tensor maps); bytes zero_from .. scratch are zeroed before each launch.
  int64_t scratch = 0, zero_from = 0;
  // Runtime size (CodegenOptions::runtime_size; docs/codegen.md, "Runtime sizes"): the kernel
  // takes `long long axon_n` after every other parameter, and its grid for a size n is
  // runtime_grid(*this, n); `grid` is that at the tuned size.
  bool sized = false;
  int64_t grid_num = 0, grid_den = 1, grid_per = 1, grid_mul = 1, grid_cap = 0;
};
// A sized launch's grid at size n: max(1, min(cap, ceil(n * num / den) * per) * mul) (no cap
// when 0).
int64_t runtime_grid(const Launch& l, int64_t n);

// CUDA C++ for a group with a configuration: one or more launches (Generic writes one kernel
// per written value), in order, and their source (self-contained: the prelude included).
struct KernelCode {
  std::string source;   // complete translation unit (extern "C" __global__ functions)
  std::string body;     // the kernels alone (for the launcher, which includes the prelude once)
  std::vector<Launch> launches;
  TileConfig config;
  std::string arch_suffix;  // "a": needs the arch-specific target (sm_90a) for wgmma
  // Every kernel starts with the ISA's griddepcontrol.launch_dependents and griddepcontrol.wait
  // (sm_90): a launcher may launch it with programmatic stream serialization, so that it is
  // scheduled while the kernel before it drains. Both are no-ops in a plain launch.
  bool grid_dep = false;
  // Runtime size (CodegenOptions::runtime_size > 0): every launch is sized and the kernels read
  // the size from axon_n wherever the runtime axis occurs; else why not (the family or the
  // configuration). runtime_max_n: the largest n its index type holds.
  bool runtime_sized = false;
  std::string runtime_why;
  int64_t runtime_max_n = 0;
};

// The lowerings kernels use: synthesized per op and dtype, and the warp reductions.
struct Lowerings {
  std::map<std::string, Lowering> ops;  // key lowering_key(): "exp/f32", "gelu_tanh/bf16", "cast/bf16<-f32"
  std::vector<WarpReduction> warps;
  std::string target;
  std::string source;  // where they came from ("synth/cache/sm_90.json")
  std::shared_ptr<const Isa> isa;  // the instructions the steps point to (kept alive here)
  [[nodiscard]] const Lowering* find(const std::string& op, DType dtype) const;
  [[nodiscard]] const Lowering* find_cast(DType from, DType to) const;
  [[nodiscard]] const Lowering* find_pack(DType to) const;  // two f32 to a pair of `to`
  // Packed pair lowerings (synthesize_packed_catalog), proved, by packed_key.
  std::map<std::string, PackedLowering> packed_ops;
  // The one for an expression (to_string), or null.
  [[nodiscard]] const PackedLowering* packed(const Term& expr, const std::vector<DType>& in, DType out) const;
};

// Loads synth/cache/<target>.json (written by `axon synth --json-out`) against the ISA.
// Throws UserError naming the file when it is missing or names an unknown instruction.
Lowerings load_lowerings(const Isa& isa, const std::string& path);
std::string default_lowerings_path(const std::string& target);

struct CodegenOptions {
  std::string name;       // kernel name prefix, a C identifier
  std::string header;     // comment placed at the top of the kernel (graph, variant, moves, tiling)
  int sm_count = 132;      // Elementwise grids with a fixed number of blocks per SM
  // Runtime size (docs/codegen.md, "Runtime sizes"): > 0, the size bound to the runtime symbol.
  // Kernels whose family supports it take the extent of the row tensor's (Row) or the output's
  // (Elementwise) axis 0, when it equals this and is not reduced, as the argument axon_n instead
  // of a literal (KernelCode::runtime_sized; else runtime_why). 0: every size is a literal.
  int64_t runtime_size = 0;
  bool wide_index = false;  // 64-bit index arithmetic even where the group's sizes do not need it
};

KernelCode generate(const Group& g, const GroupShape& s, const TileConfig& c, const Lowerings& low,
                    const CodegenOptions& o);

// The reference of a group: each of its materialized nodes (reductions, contractions, nodes read
// at several points) computed by a Generic kernel in double into a double buffer, the others
// inlined. `buffers` lists the values the launches read and write, stored as double when
// `as_double` says so (every value the reference computes; reads keep their dtype).
// For an attention group (`shape` given) the reference also bounds, per output element, how far
// a correct kernel's result may move because its on-chip scores round differently where the exact
// score lies within f32's accumulation error of a rounding boundary (docs/attention.md,
// "Validation"): `slack[w]` is write w's buffer of those bounds (a double buffer after the
// `computed` ones), or -1.
struct ReferenceCode {
  std::string source;
  std::vector<Launch> launches;
  std::vector<const Node*> computed;  // values stored as double, in launch order
  std::vector<int> slack;             // per write
};
ReferenceCode generate_reference(const Group& g, const std::string& name, const GroupShape* shape = nullptr);

// The device prelude: conversions, vector loads and stores, block reductions, the lowerings'
// and warp reductions' device functions.
std::string prelude(const Lowerings& low);
// Device helpers for validation and timing: random fill, NaN poisoning, comparison.
std::string tools_source();

}  // namespace axon::tiling
