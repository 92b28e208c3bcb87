// Instruction synthesis from the ISA specs (docs/synthesis.md): for an op's scalar semantics,
// the cheapest sequence of the target's instructions that equals it (enumerated bottom-up,
// filtered on values, proved by the SMT engine); warp reductions as shuffle trees proved for
// every lane; tensor-core fragment maps proved to be bijections onto their tiles.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "axon/core/dtype.h"
#include "axon/core/term.h"
#include "axon/isa/spec.h"
#include "axon/semantics/solver.h"
#include "axon/semantics/verify.h"

namespace axon {

// One instruction of a lowering: out = instr(args); args name earlier values ("x0", "r2") or
// are constants (given as Terms, e.g. 1/log(2), rendered as float literals).
struct LoweringStep {
  const InstrSpec* instr = nullptr;
  std::vector<std::string> args;
  std::string out;
};

struct Lowering {
  std::string op;       // "exp", "sigmoid", "add", ..., "cast"
  DType dtype = DType::f32;  // the value type the lowering serves (f16/bf16 compute in f32)
  // A cast (op "cast") works on bit patterns: x0 is the pattern of `source`, the result the
  // pattern of `dtype` (docs/synthesis.md, "Casts"); a pack (op "pack") takes two `source`
  // values x0, x1 to a pair of `dtype` (x0 in bits 15:0).
  bool cast = false;
  DType source = DType::f32;
  bool found = false;
  std::string why_not;  // when not found
  std::vector<LoweringStep> steps;
  std::vector<std::string> inputs;  // "x0", "x1"
  std::string result;               // the value returned
  std::map<std::string, double> constants;  // name -> value, for emission
  double cost = 0;                  // issue cycles (sum over steps)
  double latency = 0;               // critical path
  double error_bound = 0;           // first-order relative bound of the approximations used
  double measured_error = 0;        // relative error of an f32 emulation on the CPU sample
  std::string expression;           // the sequence's meaning, as a term
  std::string proof;                // "PROVED", or the verdict and reason
  double proof_seconds = 0, search_seconds = 0;
  int candidates = 0;               // expressions enumerated
};

struct SynthOptions {
  int max_instrs = 2;           // per enumerated window (larger ops are composed)
  unsigned timeout_ms = 10000;  // per solver query
  // Deterministic solver work per query of the cast and pack proofs (solver.h: Limits); 0: none.
  // The op proofs run through `prove` (a Verifier with its own VerifyOptions).
  uint64_t resource_limit = 0;
  uint64_t seed = 1;
};

// The relative error an op's result may carry in a dtype (docs/synthesis.md).
double tolerance(DType t);

// Lowers the scalar semantics of `op` (a graph-format op name) for values of `dtype` on the
// ISA's instructions. `prove` checks each candidate against the op (Verifier::verify).
using ProveFn = std::function<RuleResult(const RuleSpec&)>;
Lowering synthesize_op(const Isa& isa, const std::string& op, DType dtype, const SynthOptions& opts,
                       const ProveFn& prove);

// The same for a small fused expression of the spec language over 1 to 3 named inputs
// ("exp(x - m)", "x * (1 / (1 + exp(-x)))"), proved against the expression itself. UserError
// for a malformed expression.
Lowering synthesize_expr(const Isa& isa, const std::string& text, DType dtype, const SynthOptions& opts,
                         const ProveFn& prove);
// Such an expression as a term over Read(k), k the k-th input name in order of appearance
// (`order` gets the names). UserError for a malformed one.
Term parse_fused_expr(const std::string& text, std::vector<std::string>& order);

// Small fused expressions that kernel generators need, by name (synthesize_all lowers each in f32
// under that name; the kernel finds it as Lowerings::find(name, f32)):
//   exp2_at  pow(2, x * (1 / log(2)) + n): the attention kernel's exponential with its online
//            softmax's shift kept in base-2 units (docs/attention.md, "The shift")
const std::vector<std::pair<std::string, std::string>>& kernel_expressions();

// The ops synthesize_op lowers (scalar ops of the graph format), and for another op of the
// format the reason it is not an instruction-level target (nullopt: not an op).
const std::vector<std::string>& scalar_ops();
std::optional<std::string> not_a_target_reason(const std::string& op);

// Every op of the graph format, each lowered or with the reason it is not an instruction-level
// target (layout ops are index maps; reductions use warp_reduction; matmul the fragments).
std::vector<Lowering> synthesize_all(const Isa& isa, const SynthOptions& opts, const ProveFn& prove,
                                     const std::function<void(const Lowering&)>& progress = {});

// A cast from one float type to another (round to nearest even), searched over the bit-level
// reading of the specs (bit operations and conversions on register patterns) and proved for
// every input pattern by Z3 and CVC5. Up to max(opts.max_instrs, 4) instructions.
Lowering synthesize_cast(const Isa& isa, DType from, DType to, const SynthOptions& opts);
// Two f32 values rounded to `to` (bf16 or f16) and packed into one 32-bit pair, x0 in bits 15:0
// (op "pack": what a bf16 tensor-core operand computed in f32 registers needs).
Lowering synthesize_pack(const Isa& isa, DType to, const SynthOptions& opts);
// Packed pairs (docs/synthesis.md, "Packed pairs"): one lanewise instruction of the specs that
// computes `expr` on both 16-bit halves of 32-bit pairs. `expr` is over Read(k), input k of
// dtype in[k]; each Apply (add, sub, mul) under a Round to its operands' format, other Rounds
// casts. Every such instruction and order of the inputs is tried on samples; the first survivor
// proved for every input pattern by Z3 and CVC5 is returned (instr null: none, why_not says why).
struct PackedLowering {
  std::string expression;  // to_string(expr)
  std::vector<DType> in;
  DType out = DType::bf16;
  const InstrSpec* instr = nullptr;
  std::vector<size_t> order;  // instruction input j reads expression input order[j]
  std::string proof, why_not;
  double seconds = 0;
  int candidates = 0;
};
PackedLowering synthesize_packed(const Isa& isa, const Term& expr, const std::vector<DType>& in, DType out, unsigned timeout_ms);
PackedLowering synthesize_packed(const Isa& isa, const Term& expr, const std::vector<DType>& in, DType out, const smt::Limits& limits);
// The expressions kernels evaluate on pairs (register A's prologues, bf16): add, sub and mul of
// two bf16 values, in bf16 itself and through binary32 (casts around an f32 op), each
// synthesized as above; `axon synth` stores them in the cache, kernels look them up (packed_key).
std::vector<PackedLowering> synthesize_packed_catalog(const Isa& isa, unsigned timeout_ms,
                                                      const std::function<void(const PackedLowering&)>& progress = {});
std::vector<PackedLowering> synthesize_packed_catalog(const Isa& isa, const smt::Limits& limits,
                                                      const std::function<void(const PackedLowering&)>& progress = {});
std::string packed_key(const std::string& expression, const std::vector<DType>& in, DType out);

// The casts synthesis covers: (from, to) among f32, bf16, f16.
std::vector<std::pair<DType, DType>> float_casts();
// The key of a lowering in caches and tables: "exp/f32", "cast/bf16<-f32".
std::string lowering_key(const Lowering& l);

// A warp reduction: shuffle steps (instruction, immediate) each followed by the combining op.
struct WarpReduction {
  Reducer reducer = Reducer::Sum;
  bool all_lanes = true;  // every lane ends with the result (else lane 0)
  std::vector<std::pair<const InstrSpec*, int>> steps;
  std::string proof;
  double seconds = 0;
  int candidates = 0;
  std::string cuda;
};
WarpReduction synthesize_warp_reduction(const Isa& isa, Reducer r, bool all_lanes, unsigned timeout_ms);
WarpReduction synthesize_warp_reduction(const Isa& isa, Reducer r, bool all_lanes, const smt::Limits& limits);

// A fragment's (lane, reg) -> (row, col) map, proved a bijection onto its tile.
struct FragmentProof {
  std::string instr, fragment;
  int rows = 0, cols = 0, regs = 0, threads = 0;
  std::string proof;  // "PROVED", or why not
  double seconds = 0;
};
std::vector<FragmentProof> prove_fragments(const Isa& isa, unsigned timeout_ms);
std::vector<FragmentProof> prove_fragments(const Isa& isa, const smt::Limits& limits);
// A shared-memory layout of a copy or matrix instruction (byte `byte` of row `row` at `offset`),
// proved a bijection of the rows x bytes tile onto [0, rows * bytes) that keeps every 16-byte
// chunk whole (offset % 16 == byte % 16: vector accesses of 16 bytes stay contiguous).
struct LayoutProof {
  std::string instr, layout;
  int64_t rows = 0, bytes = 0;
  std::string proof;  // "PROVED", or why not
  double seconds = 0;
};
std::vector<LayoutProof> prove_layouts(const Isa& isa, unsigned timeout_ms);
std::vector<LayoutProof> prove_layouts(const Isa& isa, const smt::Limits& limits);
// A layout's byte offset of (row, byte).
int64_t layout_offset(const SmemLayout& l, int64_t row, int64_t byte);
// A fragment's row or column term evaluated for one lane (or warpgroup thread) and element.
int64_t fragment_index(const Term& t, int64_t lane, int64_t reg);

// CUDA C++ for a lowering: a __device__ function with inline PTX.
// The name of a cast's or pack's function: axon_cast_bf16_f32(float) -> unsigned short,
// axon_pack_bf16x2_f32(float lo, float hi) -> unsigned.
std::string emit_cuda(const Lowering& l);
std::string cast_function(const Lowering& l);
std::string emit_cuda(const WarpReduction& w);
// A self-contained CUDA program that runs every found lowering on 2^20 random inputs and
// compares with a float64 reference written from the op's definition; prints the max errors.
std::string emit_check_program(const std::vector<Lowering>& lowerings, const std::vector<WarpReduction>& warps);

}  // namespace axon
