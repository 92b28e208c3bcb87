// Cost model: ranks proven-equivalent variants of a graph for a GPU target.
//
// It is a ranking heuristic, not a prediction: later stages time real kernels. It is simple and
// deterministic (same graph, target and bindings -> same numbers).
//
// Sizes. Element counts come from the shapes with `bind` substituted; a symbol with no binding
// is taken as 1024 and sets CostEstimate::assumed_sizes. Bytes per element from the dtype
// (f32/i32 4, bf16/f16 2, bool 1).
//
// Kernel partition (over Graph::topo_order()):
// - Roots (materialized values, each written by a kernel): graph outputs, matmuls, reductions,
//   and nodes with two or more consumers that are not cheap to recompute (anything but
//   elementwise ops incl. cast, layout ops, constant and iota). Inputs are never roots.
//   Elementwise/layout/constant/iota nodes fuse into every kernel that uses them (recomputed
//   per kernel). A kernel is its root plus the fusable nodes reachable from it through fusable
//   nodes, stopping at inputs and other roots (those are what it reads).
// - Matmul prologue: a matmul reads its operands from memory. A computed operand is fused into
//   the operand load only when it is data movement (layout ops other than transpose, casts:
//   the contraction reads operands in the layouts its transpose_a/b flags name) of stored
//   tensors plus elementwise ops whose other (side) operands are
//     * scalars,
//     * per-K tensors (size 1 on every axis but the contraction axis, e.g. a gamma [K] applied
//       to A; these may be computed, e.g. cast(g)), or
//     * stored tensors (inputs or roots) broadcast along the contraction axis (size 1 on it,
//       e.g. a row max m [M, 1] written by an earlier kernel: exp(s - m) is computed on load).
//   A side operand reached through a layout op must be a scalar. Anything else makes the
//   operand a root (its own kernel writes it), e.g. a row scale computed from a stored row
//   statistic (x * rsqrt(ms + eps): the [M, 1] rsqrt is not stored): a row or column scale
//   belongs in the epilogue, which is where the rewrites can move it.
// - Matmul epilogue: starting at a matmul, an elementwise user of the same shape whose other
//   operands are tensors broadcast along the matmul's output (fewer elements: a [M, 1] row
//   scale, an [N] bias), inputs, other roots or constants, none depending on the matmul, joins
//   the matmul's kernel; the chain continues from that user. The kernel writes the chain node
//   with the fewest bytes (ties: the latest); earlier chain nodes are written only when they
//   have another consumer or are outputs.
// - Side reductions: a reduction R over exactly the contraction axis of matmul operand 0 (its
//   input has that operand's stored shape) is computed inside the matmul kernel from the loaded
//   tiles when (1) its input is computed elementwise (casts included; layout ops only on side
//   operands smaller than the operand) from stored tensors that the operand's load also reads,
//   among them every full-size one the load reads (at least one), and (2) its value, through
//   fused nodes, is used only by the matmul's epilogue chain in the same kernel: not by either
//   operand's load, another kernel or a graph output. R is then not a root: no kernel of its
//   own, no bytes written or read; its FLOPs (and those of its input nodes not shared with the
//   load) count in the matmul kernel. E.g. sum(exp(s - m)) beside exp(s - m) @ v divided by it
//   after the matmul, or mean(square(x)) beside (x * gamma) @ w scaled by rsqrt(mean + eps)
//   after it. When the statistic is used on load (softmax(s) @ v divides by the sum in the
//   prologue) it is not fused: an earlier kernel writes it and the matmul reads it.
// - Row kernels: a reduction over the last axis whose stored inputs of full size all have the
//   reduced tensor's shape (e.g. softmax's max of x) is a row kernel. A kernel that reads its
//   result and computes rows of the same shape (an elementwise result of that shape, or another
//   last-axis reduction of it) and otherwise reads only full-size tensors of that shape and
//   smaller tensors is merged with it, when no other kernel sits between them. So softmax,
//   layernorm and rmsnorm are one kernel each (a row is assumed to fit on chip). Matmul kernels
//   are never merged.
// - Attention: a contraction kernel whose other non-input reads are the one value S of another
//   contraction kernel and values of row kernels reading only S (and inputs), none of them read
//   by any other kernel or a graph output (softmax(Q K^T) V with the division deferred past the
//   matmul), becomes one "attention" kernel reading Q, K, V (its `parts` kept): the flash-style
//   kernel never stores S, so the penalty below is not charged for its reductions.
// - Twins: a contraction kernel that is one matmul U = A @ B1 of stored operands, read only by a
//   contraction kernel whose matmul is A @ B2 (the same A node, flags and shapes, B2 stored),
//   becomes one "contraction" kernel (its `parts` kept) that loads A once and never stores U
//   (swiglu: silu(X W1) * (X W3)).
//
// Per kernel: bytes = sum of the sizes of the distinct stored values it reads (an operand read
// through a broadcast or a layout op counts its own size once) + the sizes of the values it
// writes (those read by another kernel or graph outputs). FLOPs: matmul 2*M*N*K (batch
// included); elementwise 1 per output element, special-function ops (exp, log, tanh, erf,
// sqrt, rsqrt, sigmoid, silu, gelu, pow, and div and reciprocal: an approximate reciprocal
// refined to IEEE rounding) 4; reductions 1 per input element; layout ops, constants and iota 0.
// Nodes recomputed in several kernels are counted in each, once per kernel at their own size
// (a [M, 1] node fused into a [M, K] load counts M).
// time_us = max(compute, memory) + launch_us, where compute = matmul FLOPs / (tensor_tflops_16
// for bf16/f16; for f32 fp32_tflops, the exact path, or tensor_tflops_tf32 when `tf32`) + other FLOPs /
// fp32_tflops, and memory = bytes / hbm_gb_s. The graph's time is the sum over kernels plus a
// penalty for every reduction that sits between two matmuls (reachable from a matmul, and a
// matmul reachable from it: softmax between Q K^T and P V): the bytes of the reduction's input
// / hbm_gb_s, because it forces the scores to be materialized (flash-style variants avoid it).
//
// Not counted: caches (L2 reuse, re-reads of matmul tiles), occupancy and wave quantization
// (sm_count is informational), tile shapes and padding, latency and dependencies between
// kernels (kernels run one after another), clock or power limits, tensor-core alignment, the
// cost of reductions' divisions (mean), host-side work and memory allocation. Matmul kernels
// are assumed to see whole rows of the contraction axis (no split-K); side reductions are
// computed once (not once per column tile); CUDA-core work in a matmul kernel does not overlap
// the tensor cores (the two times add).
#pragma once

#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/size.h"
#include "axon/tiling/config.h"

namespace axon {

// Figures for a GPU target, read from its isa_specs/targets/ file (`model_rates`, `launch_us`;
// the datasheet's figures where it gives none): the one description of the target, whose limits
// and peaks the tiling's configurations read too (superopt's limits_for).
struct TargetModel {
  std::string name;          // "sm_90"
  double hbm_gb_s;           // memory bandwidth, GB/s
  double tensor_tflops_16;   // bf16/f16 tensor-core dense rate, TFLOP/s
  double tensor_tflops_tf32; // tf32 tensor-core rate (f32 matmuls, by `f32`)
  double fp32_tflops;        // CUDA-core f32 FMA rate (2 flops per FMA)
  double launch_us;          // per-kernel launch/tail overhead
  int sm_count;
  tiling::F32Matmul f32 = tiling::F32Matmul::Tf32x3;  // how f32 matmuls multiply (--exact-f32, --allow-tf32)
};

// The target's figures ("sm_90": the H200's measured copy bandwidth and bf16 rate; "sm_80": the
// A100-SXM 80GB's datasheet). Throws UserError("--target: unknown target 'X' (known: sm_80,
// sm_90)") for a target without a file.
TargetModel target_model(const std::string& target);

struct KernelEstimate {
  std::string kind;                // "contraction", "reduction", "elementwise", "attention"
  const Node* root = nullptr;      // the node whose value the kernel writes (its last one)
  std::vector<const Node*> nodes;  // nodes computed inside the kernel (root included), topo order
  std::vector<const Node*> reads;  // stored values it reads (inputs, other kernels' values)
  std::vector<const Node*> writes; // values it writes (outputs, values other kernels read)
  double flops = 0, bytes = 0, time_us = 0;
  // "attention": the kernels this one fuses (a contraction, the row kernels of its softmax and the
  // contraction reading them); twin contractions: the two matmul kernels. For a target that
  // cannot run the fused kernel.
  std::vector<KernelEstimate> parts;
};

struct CostEstimate {
  double flops = 0, bytes = 0, time_us = 0;
  int kernels = 0;
  int reductions_between_contractions = 0;
  double penalty_us = 0;           // included in time_us
  bool assumed_sizes = false;      // some symbol had no binding (assumed 1024)
  std::vector<KernelEstimate> kernel_list;  // in topo order of their roots
  std::string summary() const;     // "12.3 us, 3 kernels, 1.2 GFLOP, 34 MB"
};

// `side_reductions` false: every reduction that is not fused into attention gets a kernel of its
// own (for targets whose contraction kernels cannot reduce: superopt's runnable_cost).
// `stored_statistics`: a matmul operand that could be computed on load but for a computed per-row
// value (a normalization's rsqrt of a row mean) is computed on load, that value stored: the
// statistics kernel reads x and writes [M, 1], instead of writing the normalized x for the matmul.
CostEstimate estimate_cost(const Graph& g, const TargetModel& t, const Bindings& bind = {}, bool side_reductions = true,
                           bool stored_statistics = false);

}  // namespace axon
