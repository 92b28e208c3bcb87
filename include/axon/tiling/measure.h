// Validation and timing of candidate kernels on the GPU, in a worker process (docs/codegen.md).
//
// The main process never initializes CUDA: it writes a job (the kernels' cubins and launches,
// the buffers, the reference), runs `axon __worker JOB` as a child and reads one line per
// candidate. A candidate that faults or hangs kills only the worker; it is recorded as "fault"
// or "timeout" and a new worker goes on with the rest.
//
// For each of `distributions` input distributions (docs/codegen.md lists them) the worker fills
// the graph's inputs, computes the kernel's inputs from them when they are other kernels'
// results, computes the reference in double, and runs every candidate on outputs poisoned with
// NaN first; an output element passes when it equals the reference, both are NaN, or
// |c - r| <= rtol (|r| + mean |r|). A candidate that passes everywhere is timed: warm-up, then
// repetitions each preceded by a write of a buffer twice the L2 (outside the timed region),
// CUDA events around the launches. Each candidate that passes is screened with three
// repetitions (warm-up first); the finalists, within 1.25x of the best screening median (eight
// at most), are then timed side by side: one launch of each per round, in a rotating order, for
// `target_ms` of kernel time (`min_reps` to `max_reps` rounds), and their medians are reported.
// Timed one after the other, a candidate's figure depended on how hot the GPU was when its turn
// came; side by side, the finalists share the clocks. The others keep their screening median.
#pragma once

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "axon/tiling/runtime.h"

namespace axon::gpu {

struct LaunchSpec {
  std::string function;
  int64_t grid = 1;
  int block = 1;
  int smem = 0;
  std::vector<TensorMapSpec> tmaps;  // passed after the pointers, over the pointers they name
  int64_t scratch = 0, zero_from = 0;  // Launch::scratch: passed after the pointers, zeroed from zero_from
  int64_t n = 0;  // > 0: a runtime-sized kernel (Launch::sized), passed `long long` n after everything else
};

struct BufferSpec {
  int dtype = 0;  // DType's value: 0 f32, 1 f16, 2 bf16, 3 i32, 4 bool
  int64_t count = 0;
  double rtol = 0;  // outputs: the tolerance of the comparison
};

struct CandidateSpec {
  int id = 0;
  std::string cubin;  // path
  std::vector<LaunchSpec> launches;  // each takes (inputs..., outputs...)
};

// Where a kernel input comes from when the job has sources: a source (a graph input, filled
// from the distribution) or an upstream value (computed in double from the sources, then stored
// in the input's dtype).
struct InputFrom {
  bool upstream = false;
  int index = 0;
};

struct MeasureJob {
  std::string tools_cubin;                // path: axon_fill, axon_sum_abs, axon_compare, axon_from_double
  std::vector<BufferSpec> inputs, outputs;
  // Inputs that are other kernels' results are computed from the graph's inputs, so that each
  // kernel is checked on the values it really receives (a division by a row sum sees a positive
  // sum). Empty `sources`: every input is filled from the distribution directly.
  std::vector<BufferSpec> sources;
  std::string up_cubin;                   // path
  std::vector<int64_t> up_counts;         // double buffers the upstream reference computes
  std::vector<LaunchSpec> up_launches;    // each takes (sources..., upstream buffers...)
  std::vector<InputFrom> input_from;      // per input, when `sources` is not empty
  std::string ref_cubin;                  // path
  std::vector<int64_t> ref_counts;        // double buffers the reference computes
  std::vector<LaunchSpec> ref_launches;   // each takes (inputs..., reference buffers...)
  std::vector<int> checks;                // per output: its reference buffer
  std::vector<int> slacks;                // per output: a reference buffer of per-element slack added to the tolerance, or -1 (ReferenceCode::slack)
  std::vector<CandidateSpec> candidates;
  int distributions = 3;
  uint64_t seed = 1;
  int min_reps = 10, max_reps = 200;
  double target_ms = 150;                 // timing stops after this much kernel time (and min_reps)
  // Validation only (a runtime-sized kernel checked at another size): a candidate that passes
  // is reported "ok" untimed (us 0), and nothing is timed.
  bool validate_only = false;
};

struct MeasureResult {
  int id = 0;
  std::string status;  // "ok", "wrong", "fault", "timeout", "error"
  std::string detail;  // why, when not ok
  double us = 0;       // median time of the candidate's launches
  int reps = 0;
  double worst = 0;    // worst |c - r| / tolerance over the checks (<= 1 passes)
  int finalists = 0;   // > 0: a finalist, `us` from rounds side by side with this many (itself too)
};

// The worker's side: runs the job, printing JSON lines ({"ready"}, {"start": id}, {"result":
// ...}, last {"final": [...]}) to `out`; skips the listed candidates. Returns the process exit code.
int run_worker(const std::string& job_path, const std::vector<int>& skip, std::ostream& out);

// The parent's side: runs `self_exe __worker JOB` (restarting it after a crash or a timeout)
// until every candidate has a result. `progress` is called with each result.
std::vector<MeasureResult> measure(const MeasureJob& job, const std::string& work_dir, const std::string& self_exe,
                                   double timeout_s, const std::function<void(const MeasureResult&)>& progress);

// The device, seen from a child process: its properties and the measured copy bandwidth.
struct Probe {
  bool ok = false;
  std::string why;
  DeviceProps props;
  double copy_gb_s = 0;  // bytes read + written per second, device to device
};
Probe probe(const std::string& self_exe);
int run_probe(std::ostream& out);  // the child's side

}  // namespace axon::gpu
