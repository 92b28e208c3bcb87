// Shared pieces of search/ (not a public interface).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>
#include <string_view>
#include <unordered_set>

#include "axon/core/ir.h"
#include "axon/search/superopt.h"

namespace axon::search_detail {

// Elements of a node's value; sizes are concrete here (superopt refuses symbolic ones).
inline int64_t elements(const Node* n) {
  int64_t c = 1;
  for (const Size& s : n->shape()) c *= s.value().value_or(1);
  return c;
}

// The cost model's register-A prologue (prologue_cost.cpp). Whether the tiling's register A serves
// matmul mm whose group holds the nodes `inside` says: a bf16 A computed (in the group) from a
// stored 16-bit tensor of A's shape, B stored, neither transposed; an approximation of the
// tiling's conditions that ranks candidates (the timings decide).
bool register_a_applies(const Node* mm, const std::function<bool(const Node*)>& inside);
// The weight its consumers evaluate per element of A: A's prologue, the pairs' loads and packing
// (tiling::kRegisterAFixedWeight), and the group's reductions (side reductions) on their inputs.
double register_a_weight(const Node* mm, const std::unordered_set<const Node*>& nodes, const std::function<bool(const Node*)>& inside);

// The winner among a kernel's trials (superopt.cpp), -1 when none passed: the fastest of the
// finalists (timed side by side; the screened times only when no trial was a finalist), except
// that finalists within kLevel of it are level and among those the lowest estimate wins. The
// side-by-side medians of near-identical kernels spread about 0.5% on the H200 (2026-12-03:
// 393.9-394.7 us for three 128 x 256 variants of one matmul, and 392.8 for a 128 x 128 one that
// had screened 7% slower and, picked, measured 3.9% behind cuBLAS in the suite, where 128 x 256
// picks measured 0.99-1.01x in other runs; docs/codegen.md).
constexpr double kLevel = 1.01;
int pick_winner(const std::vector<ConfigTrial>& trials);

// The tiling group of one of the cost model's kernels (superopt.cpp): its nodes, reads, writes,
// the writes no graph output is (hand-offs), and the label "kind -> writes".
tiling::Group group_of(const Graph& g, const KernelEstimate& k);

// The limits a target's configurations respect (superopt.cpp): the target file's, replaced by the
// probed GPU's properties when `p` is ok (a GPU is present).
tiling::Limits limits_for(const Isa& isa, const gpu::Probe& p, const TargetModel& tm);

// ---- the fallback (fallback.cpp; docs/codegen.md, "Fallback") --------------------------------

// The finer kernels that replace a kernel no candidate validated: its `parts` (attention, twin
// contractions) when it has them; else one kernel per reduction, contraction and written value
// of the group (the values between them stored); else, when that is one kernel, one per computed
// node. Empty when the group computes a single node: nothing finer exists. In operand-first order.
// `generic` (optional) tells a group the tiling would make generic: a part that is a contraction
// with a side reduction (attention's P V beside the row sum) is then split at once.
std::vector<KernelEstimate> split_kernel(const KernelEstimate& k, const TargetModel& tm,
                                         const std::function<bool(const KernelEstimate&)>& generic = {});

// A floor under one launch of a group's generic kernels: the evaluations per element of each
// write counted as the generic kernel makes them (a value is reused only within the C scope that
// computed it, so one first needed inside a loop is computed again at every iteration; a where
// counts the mean of its branches), at kGenericNsPerEvaluation per evaluation per wave of
// resident threads (SMs x threads per SM, from the target). It sees what tiling's generic estimate does not: a
// reduction recomputed inside another loop (a generic attention recomputes a row's max for
// every key of every output element).
constexpr double kGenericNsPerEvaluation = 1.0;  // 37 ns measured for a serial sum's element (tiling's estimate): a floor
constexpr double kGenericRunsInWorker = 4;       // the worker runs a candidate at least 3 times to validate it, once to time it
double generic_floor_us(const tiling::Group& gr, const tiling::Limits& L);
// Whether a generic candidate with that floor could not finish its runs in the worker within
// `timeout_s`: it is then skipped (not run into the timeout) where the kernel can be split.
bool generic_too_slow(double floor_us, double timeout_s);

// "no candidate passed validation (3 wrong, 1 skipped); <config>: wrong: <detail>" on one line.
std::string failure_summary(const std::vector<ConfigTrial>& trials);

// The test seam: whether a group's label contains one of the '|'-separated parts of fail_groups.
bool forced_failure(const std::string& label, std::string_view fail_groups);

// A variant's kernels realized with fallbacks: each kernel of `kernels` is realized in order;
// one without a winner is replaced, in its place, by the kernels `split` gives (split_kernel;
// realized in turn, and split again if they fail). `failed` is set (and the kernels so far kept)
// when a kernel without a winner cannot be split. `realize` gives a kernel's result (measured,
// or ranked when untimed; winner -1 when nothing passed).
struct PlanOutcome {
  std::vector<KernelResult> kernels;
  std::vector<KernelFallback> fallbacks;
  std::string failed;
};
PlanOutcome realize_with_fallbacks(const Graph& gv, const std::vector<KernelEstimate>& kernels,
                                   const std::function<KernelResult(const KernelEstimate&)>& realize,
                                   const std::function<std::vector<KernelEstimate>(const KernelEstimate&)>& split,
                                   const std::function<void(const std::string&)>& say);

// ---- runtime sizes (runtime_size.cpp; docs/codegen.md, "Runtime sizes") ----------------------

// A variant graph at another value of the runtime symbol: its inputs' shapes at n, every node
// copied (memo: the variant's node -> the copy).
struct RuntimeProbe {
  int64_t n = 0;
  bool check_text = false;  // runtime_check generates the kernels at n
  bool validate = false;    // runtime_validate runs them at n on the GPU
  bool time = false;        // and times them there (SuperoptOptions::runtime_time_at)
  std::shared_ptr<Context> ctx;
  std::shared_ptr<Graph> graph;
  std::unordered_map<const Node*, const Node*> memo;
};
struct RuntimeProbes {
  std::string symbol;
  int64_t tuned = 0;
  std::string why;  // not empty: the variant cannot be runtime-sized (the probes are missing)
  std::vector<RuntimeProbe> probes;
};
// The other sizes a runtime-sized kernel is generated at (runtime_check): 3, an odd size about
// half the tuned one, and max(2 tuned + 1, 1025) (never the tuned one itself, never below 2: at
// 1 the generators drop size-1 axes from index arithmetic, which a kernel for every n keeps).
std::vector<int64_t> runtime_probe_sizes(int64_t tuned);
// The sizes it is validated at on the GPU (runtime_validate): 1, 3 and the odd size about half
// the tuned one (SuperoptOptions::runtime_validate_at replaces them).
std::vector<int64_t> runtime_validation_sizes(int64_t tuned);
RuntimeProbes runtime_probes(const Graph& gv, const SuperoptOptions& o);
// The group in a probe's graph.
tiling::Group group_at(const tiling::Group& gr, const RuntimeProbe& p);
// "" when the candidate is runtime-sized: it says so (KernelCode::runtime_sized) and, generated
// at each probe size with the same configuration, it is the same code (but for comments) with
// the grids tiling::runtime_grid gives; else why not.
std::string runtime_check(const tiling::Group& gr, const tiling::KernelCode& code, const tiling::CodegenOptions& co,
                          const RuntimeProbes& rp, const tiling::Lowerings& low, tiling::F32Matmul f32);
// The validation job of a group (superopt.cpp): its reference and buffers, no candidates.
using ReferenceJobFn = std::function<gpu::MeasureJob(const Graph& gv, const tiling::Group& gr, const tiling::GroupShape& shape,
                                                     const std::string& kname)>;
// Validates each candidate that passed at the tuned size and is runtime-sized at every probe
// size (validate_only jobs against the reference at n; the tuned size's code, `codes`, launched
// with n and tiling::runtime_grid's grids); one that fails gets its
// ConfigTrial::runtime set to why.
void runtime_validate(KernelResult& kr, const std::vector<tiling::KernelCode>& codes, const RuntimeProbes& rp,
                      const SuperoptOptions& o, const Isa* isa, const std::string& cubins,
                      const ReferenceJobFn& job_at, const std::function<void(const std::string&)>& say);
// Past the budget (timed searches), whether a planned variant is still measured: "" when it is,
// else why not. Once `budget_s` is spent, a plan the model puts slower than the fastest measured
// variant (`fastest_us`; <= 0: none measured yet) is not; once twice the budget is spent, no plan
// is, whatever the model says (its estimates can be far below what a variant measures when its
// fused kernels fail validation and fall back to their parts); with nothing measured yet every
// plan still is (a search does not end empty while one may run).
std::string past_budget(double elapsed_s, double budget_s, double model_us, double fastest_us, int fastest_variant);
// A runtime-sized variant is chosen over a faster one that is not when it is within this factor.
constexpr double kRuntimeSizedSlack = 1.1;
// The winner among runtime-sized trials, -1 when none: untimed, the first; timed at the tuned
// size only, pick_winner's rule; timed at other sizes too (ConfigTrial::runtime_us, the same sizes
// for every sized trial that passed), the one whose worst ratio to the fastest sized trial, over
// the tuned size and the timed sizes (those up to `split` where it is given), is least (ties: the
// faster at the tuned size). `upper`: the same over the timed sizes above `split` only, -1 when
// none was timed there. A runtime-sized kernel serves a range of sizes: a kernel
// that fills whole waves at the tuned size and needs one more just above it loses there what the
// tuned size does not show, so the launcher takes another kernel above the tuned size where the
// sizes timed there rank one first (docs/codegen.md, "Runtime sizes").
int runtime_winner(const std::vector<ConfigTrial>& trials, bool timed, int64_t split = 0, bool upper = false);
// VariantResult::runtime of a realized variant: sized when every kernel's winner is, with the
// stored values' elements per unit of n (`outputs`: the variant's output nodes).
void runtime_variant(VariantResult& vr, const Graph& gv, const std::vector<const Node*>& outputs, const RuntimeProbes& rp);

}  // namespace axon::search_detail
