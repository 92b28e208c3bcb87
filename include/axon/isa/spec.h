// Machine-readable semantics of PTX instructions and target descriptions (docs/isa-spec-format.md).
// Parsed from isa_specs/ptx/*.isa and isa_specs/targets/*.target; synthesis searches these.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "axon/core/term.h"

namespace axon {

struct IsaOperand {
  std::string name;
  std::string type;  // "f32", "bf16x2", "imm", "ptr.global", ...
};

struct ErrorBound {
  enum class Kind : uint8_t { Exact, Rel, Abs, Ulp } kind = Kind::Exact;
  double value = 0;  // Rel/Abs: the bound; Ulp: units in the last place of the result type
  [[nodiscard]] std::string str() const;
};

// A register fragment of a matrix instruction: element (row, col) of a rows x cols tile held by
// register `reg` of lane `lane` (or `thread` of a warpgroup). Terms over Var 0 (lane or thread)
// and Var 1 (reg).
struct Fragment {
  std::string name, type;
  std::string rows, cols, regs;  // as written ("16", "N", "N/2")
  bool warpgroup = false;        // indexed by thread 0..127 rather than lane 0..31
  Term row, col;                 // parsed with N = 8 for instruction families
  std::string row_text, col_text;
};

// A shared-memory layout a copy writes or a matrix instruction reads: byte `byte` of row `row`
// of a rows x bytes tile lives at byte `offset` of the tile's memory. A Term over Var 0 (row) and
// Var 1 (byte). Proved a bijection that keeps 16-byte chunks whole (synth, `axon synth`).
struct SmemLayout {
  std::string name;
  int64_t rows = 0, bytes = 0;
  std::string offset_text;
  Term offset;
  std::vector<int64_t> offsets;  // offset of (row, byte) at row * bytes + byte, evaluated once
};

enum class InstrKind : uint8_t { Scalar, Warp, Matrix, Memory, Sync };

struct InstrSpec {
  std::string name, ptx, cuda;  // cuda: a CUDA C expression instead of inline PTX (library calls)
  std::string where;            // "file:line"
  std::vector<IsaOperand> outs, ins;
  InstrKind kind = InstrKind::Scalar;
  // Scalar: the output over Read(k) of input k. Warp: d[lane] over Var 0 = lane, inputs read at
  // a lane index. Matrix: the tile, over Var 0 = i, Var 1 = j.
  Term semantics;
  std::string semantics_text;  // as written (warp semantics are re-parsed per immediate)
  bool lanewise = false;
  // IEEE NaN behaviour the real-valued semantics cannot say: a NaN operand gives a NaN result
  // (the IR's semantics), or the instruction drops it (PTX max.f32 returns the other operand).
  bool nan_drops = false;
  std::vector<Fragment> fragments;
  std::vector<SmemLayout> layouts;
  std::string memory, sync, param, note;
  ErrorBound error;
  int sm = 0, max_sm = 0;
  double latency = 0, issue = 0;
  [[nodiscard]] int input_index(const std::string& name) const;  // -1 if none
};

struct TargetDesc {
  std::string target, name;  // "sm_90"
  int sm = 0;                // 90
  int sm_count = 0, warp_size = 32, threads_per_block = 0, regs_per_thread = 0, regs_per_sm = 0, threads_per_sm = 0;
  int64_t smem_per_block = 0, smem_per_sm = 0, l2_bytes = 0;
  double hbm_gb_s = 0, clock_mhz = 0;
  std::map<std::string, double> peak_tflops;  // "fp32", "bf16_tensor", ...
  // Optional: the SMs that clusters of c blocks can occupy at one block per SM (max active
  // clusters x c, as the device reports them: a cluster stays within a GPC); sizes not listed
  // are not known.
  std::map<int, int> cluster_sms;
  // The rates the cost model ranks by (`model_rates`: copy_gb_s, bf16_tensor, tf32_tensor, fp32;
  // measured on the GPU where the file says so, else the datasheet's) and its per-kernel launch
  // overhead: search/cost_model.cpp's target_model reads them, nothing else keeps a copy.
  std::map<std::string, double> model_rates;
  double launch_us = 0;
};

// The instructions available on a target, and the target.
struct Isa {
  TargetDesc target;
  std::vector<InstrSpec> instrs;
  [[nodiscard]] const InstrSpec* find(const std::string& name) const;
};

// Parse errors are UserError "file:line: reason".
std::vector<InstrSpec> parse_instructions(std::string_view text, const std::string& path);
TargetDesc parse_target(std::string_view text, const std::string& path);
// Reads dir/targets/<target>.target and every dir/ptx/*.isa, keeping the instructions whose
// sm range includes the target's. Throws UserError naming the unknown target and the known ones.
Isa load_isa(const std::string& dir, const std::string& target);
// Only dir/targets/<target>.target (the same error for an unknown target).
TargetDesc load_target(const std::string& dir, const std::string& target);
// The isa_specs directory of this source tree (compiled in), or $AXON_ISA_DIR.
std::string default_isa_dir();

// An expression of the spec language (docs/isa-spec-format.md) as a Term. `inputs` name the
// operands read (index = Read's operand), `vars` the integer variables (Var ids), `params` the
// integer parameters with known values, `bit_widths` the operands of bit types (b16, b32, u32,
// ...: name -> width), which make a bit-pattern expression (Sort::Bits). Throws UserError with a
// short reason.
Term parse_isa_expr(std::string_view text, const std::map<std::string, int>& inputs,
                    const std::map<std::string, int>& vars, const std::map<std::string, int64_t>& params = {},
                    const std::map<std::string, int>& bit_widths = {});
// The width of a bit type (b16 u16 s16 b32 u32 s32), 0 for any other type.
int bit_type_width(const std::string& type);

// An index expression (int sort): fragment maps, layouts.
Term parse_isa_index(std::string_view text, const std::map<std::string, int>& vars,
                     const std::map<std::string, int64_t>& params = {});
// An index term over Var 0 and Var 1 evaluated (floor division and a non-negative modulo, as
// the SMT encoding). Throws InternalError on a term that is not an index term.
int64_t eval_isa_index(const Term& t, int64_t v0, int64_t v1);

}  // namespace axon
