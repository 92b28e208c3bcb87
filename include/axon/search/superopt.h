// `axon superopt`: proven rewrites, fusion groups, tiling configurations, generated kernels
// validated and timed on the GPU, the fastest kept (docs/codegen.md).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/rewrites/rewrite.h"
#include "axon/search/cost_model.h"
#include "axon/tiling/kernel.h"
#include "axon/tiling/measure.h"

namespace axon {

struct SuperoptOptions {
  std::string target = "sm_90";
  double budget_s = 120;       // whole search; the rewrites get at most 40% of it
  uint64_t seed = 1;
  bool no_gpu = false;         // rank by the cost model only ("untimed")
  std::optional<gpu::Probe> probe;  // the GPU, probed already (else superoptimize probes it)
  int variants = 2;            // best-ranked rewrite variants realized as kernels (the original too)
  int configs = 24;            // tiling configurations timed per kernel (the generic fallback too)
  // When not empty: only configurations whose description contains it (or one of its
  // '|'-separated parts); when empty: all.
  std::string config_match;
  tiling::F32Matmul f32 = tiling::F32Matmul::Tf32x3;  // how f32 matmuls may multiply (--exact-f32, --allow-tf32)
  double timeout_s = 30;       // per candidate in the worker
  Bindings bind;
  std::string cache_dir;       // compiled kernels by source hash ("" : none)
  std::string work_dir;        // jobs and cubins for the worker
  std::string self_exe;        // the axon binary (runs the worker)
  ExploreOptions explore;
  std::function<void(const std::string&)> progress;
  // A test seam (`superopt --test-fail-groups`, hidden): every candidate of a kernel whose group
  // label contains one of these '|'-separated parts counts as failed validation ("wrong"), with
  // or without a GPU, so that the fallback (docs/codegen.md) can be tested anywhere.
  std::string fail_groups;
  // --runtime-size SYMBOL (docs/codegen.md, "Runtime sizes"): kernels whose family supports it
  // take the value bound to SYMBOL (in `bind`) as a runtime argument instead of a literal, and
  // the launcher exports _run_sized. `runtime_inputs`: each graph input's shape (by name) with
  // SYMBOL left symbolic, the other symbols bound. Empty: every size is a literal.
  std::string runtime_size;
  std::map<std::string, Shape> runtime_inputs;
  // The other sizes runtime-sized candidates are validated at on the GPU (empty: 1, 3 and an odd
  // size about half the tuned one; search/internal.h, runtime_validation_sizes).
  std::vector<int64_t> runtime_validate_at;
  // Sizes every runtime-sized candidate that passed is also timed at (`--runtime-time-at`: `axon
  // library --time-ranges` gives the sizes above the bucket that it serves). Empty: ranked at the
  // tuned size only. Given: the runtime winner is the candidate whose worst ratio to the fastest,
  // over the tuned size and those of these at or below it, is least, and the kernel above the
  // tuned size (KernelResult::sized_above) the one ranked so over these sizes above it
  // (search/internal.h, runtime_winner).
  std::vector<int64_t> runtime_time_at;
};

struct ConfigTrial {
  tiling::TileConfig config;
  double est_us = 0;
  std::string status;  // "ok", "wrong", "fault", "timeout", "error", "compile error", "untimed", "skipped"
  std::string detail;
  double us = 0;
  int reps = 0;
  double worst = 0;
  int finalists = 0;  // > 0: timed side by side with the other finalists (gpu::MeasureResult)
  // --runtime-size: "sized" (its code is the same at other sizes and validated there), or why not.
  std::string runtime;
  // --runtime-time-at: its median time at each of those sizes (n, us), when it was timed there.
  std::vector<std::pair<int64_t, double>> runtime_us;
};

struct KernelResult {
  std::string name;            // axon_<launcher name>_kN: its kernels' names (with _cI), in the work folder and the log
  tiling::Group group;
  tiling::GroupShape shape;
  std::vector<ConfigTrial> trials;
  int winner = -1;             // index into trials; -1: no candidate passed (the variant falls back)
  tiling::KernelCode code;     // the winner's code
  // --runtime-size: the fastest runtime-sized trial that passed (the launcher's _run_sized; the
  // winner itself where it is sized), -1 when none did; and its code.
  int sized_winner = -1;
  tiling::KernelCode sized_code;
  // --runtime-time-at with sizes above the tuned one: the runtime-sized trial ranked first there
  // where it is another (_run_sized launches it for n above the tuned size), else -1; its code.
  int sized_above = -1;
  tiling::KernelCode sized_above_code;
  double bytes = 0, flops = 0; // minimum traffic, arithmetic
  [[nodiscard]] double time_us() const;  // measured, or estimated when untimed
};

// A kernel that no candidate validated, replaced by finer kernels of the same nodes (its parts,
// or one per reduction, contraction and write, or one per node: docs/codegen.md, "Fallback").
struct KernelFallback {
  std::string kernel;                     // axon_<launcher name>_kN
  std::string group;                      // its group's label
  std::string why;                        // its trials' outcomes
  std::vector<std::string> replaced_by;   // the labels of the groups realized in its place
  std::vector<ConfigTrial> trials;        // what was tried
};

struct VariantResult {
  int variant = 0;             // id in the VariantSet
  bool stored_statistics = false;  // realized with runnable_cost's stored-statistics partition
  bool own_reductions = false;     // ... with every reduction in a kernel of its own (no side reductions)
  double model_us = 0;         // cost model
  double total_us = 0;         // sum of the winners (measured, or estimated)
  std::vector<KernelResult> kernels;
  std::vector<KernelFallback> fallbacks;
  std::string failed;          // not empty: a kernel that nothing validated and that has no finer parts (not realized)
  // --runtime-size: whether every kernel's winner takes the size at run time (the launcher's
  // _run_sized), else why not (which kernel and configuration); the stored values whose element
  // counts grow with n (elements per unit of n); the largest n every kernel's indices hold.
  struct RuntimeSizing {
    bool sized = false;
    std::string why;
    std::string symbol;
    int64_t tuned = 0, max_n = 0;
    std::map<const Node*, int64_t> per_unit;
  } runtime;
};

struct SuperoptResult {
  VariantSet variants;
  std::vector<VariantResult> realized;
  int best = 0;                // index into realized; -1 when no variant was realized (nothing validated)
  bool timed = false;          // kernels were timed on a GPU
  std::string gpu_note;        // why untimed, or the device
  gpu::Probe probe;
  tiling::Lowerings lowerings;
  double rewrite_seconds = 0, seconds = 0;
  // Plans not measured: past --budget, the cost model put them slower than a variant already
  // measured (the model's estimates are lower bounds in practice: it does not model latency).
  struct Unmeasured {
    int variant = 0;
    double model_us = 0;
    std::string why;
  };
  std::vector<Unmeasured> unmeasured;
};

// The cost model's partition and cost (search/cost_model.h) with every fused kernel (attention,
// twin contractions) the target cannot run (tiling's classification against `isa` says why)
// replaced by its parts, and their cost: the scores are stored again; and, when a contraction
// kernel with a side reduction would be generic, the partition without side reductions. What
// superopt ranks and realizes. `stored_statistics`: estimate_cost's alternative partition (a
// normalization's row statistic stored, the normalized operand computed on the matmul's loads),
// which superopt realizes beside the first where it differs and the best configurations'
// estimates put it within 10% of the first. `side_reductions` false: every reduction in a kernel
// of its own (the partition superopt also realizes where a side reduction joined a contraction:
// that kernel cannot split K, its statistic's own kernel lets the contraction do so).
CostEstimate runnable_cost(const Graph& g, const TargetModel& tm, const Isa* isa, const Bindings& bind = {},
                           bool stored_statistics = false, bool side_reductions = true);

// The fusion groups of a graph: the cost model's kernel partition (search/cost_model.h), a
// fused kernel the target cannot run (tiling's classification) replaced by its parts, as
// superopt realizes them.
std::vector<tiling::Group> fusion_groups(const Graph& g, const std::string& target, const Bindings& bind = {});

// What a group's inputs depend on: the nodes computing its non-input reads from the graph's
// inputs (reads: those inputs, and the group's own input reads; writes: the group's computed
// reads). Empty when the group reads graph inputs only. Validation computes these values.
tiling::Group upstream_group(const Graph& gv, const tiling::Group& gr);

SuperoptResult superoptimize(const Graph& g, const SuperoptOptions& o, const ProveFn& prove);

// Writes out/: one .cu per kernel, the launcher (axon_<name>.h/.cu, launcher.json, and
// libaxon_<name>.so when nvcc is found) and report.json. Returns the lines to print. When no
// variant was realized (r.best < 0) only report.json is written (what failed, and why).
std::vector<std::string> write_outputs(const Graph& g, const SuperoptResult& r, const SuperoptOptions& o,
                                       const std::string& out_dir);

// Builds out_dir/libaxon_<name>.so from out_dir/axon_<name>.cu with nvcc for `arch` (sm_90, or
// sm_90a where a kernel uses wgmma); the log in out_dir/nvcc.log. Returns the line to print and
// sets *built (false also when nvcc is not found).
std::string build_launcher_library(const std::string& out_dir, const std::string& name, const std::string& arch, bool* built);
// Compiles `sources` (.cu files) into the shared library `so` with nvcc for `arch` (as above),
// nvcc's output in `log`; false when nvcc failed or is not found (`axon library` links every
// bucket's launcher into one library).
bool build_shared_library(const std::vector<std::string>& sources, const std::string& so, const std::string& log, const std::string& arch);
// nvcc as the launcher library is built with ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda, $PATH), or "".
std::string nvcc_path();
// The launcher's identifier for a graph name (axon_<name>_run).
std::string launcher_name(const std::string& graph_name);

}  // namespace axon
