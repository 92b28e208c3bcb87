// `axon library`'s workers (docs/library.md, "Workers, shards, MPI" and "Progress"): superopt
// children run N at once from one queue, each seeing one GPU, with a live line per worker and an
// ETA on stderr. Internal to the CLI.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace axon::cli {

struct LibraryRun {
  std::vector<std::string> argv;  // the superopt child's whole command line
  std::string log;                // its stdout and stderr go there
  std::string label;              // "rmsnorm_matmul M=64 K=4096 N=4096"
};

struct LibraryRunResult {
  bool ok = false;
  std::string why;   // when not ok: the exit status
  double seconds = 0;
  double best_us = 0;  // the best total superopt reported (0: none)
};

struct LibraryPool {
  int workers = 1;
  std::vector<std::string> gpus;  // per worker, its CUDA_VISIBLE_DEVICES (empty: inherited)
  double budget_s = 120;          // the ETA's estimate before any job finished
  bool quiet = false;
  bool tty = false;               // redraw the lines in place
  std::string title;              // "library llm"
};

// The GPUs this process sees: CUDA_VISIBLE_DEVICES's entries when set, else one per GPU the
// driver lists in /proc/driver/nvidia/gpus (or /dev/nvidiaN), as device ordinals.
std::vector<std::string> visible_gpus();

// Runs every job, `pool.workers` at once; returns one result per job, in order.
std::vector<LibraryRunResult> run_library_jobs(const std::vector<LibraryRun>& runs, const LibraryPool& pool, std::ostream& err);

}  // namespace axon::cli
