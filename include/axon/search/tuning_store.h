// The tuning database (docs/tuning.md): superopt's measured results kept in axon's store (the
// SQLite file of core/store.h that also holds the proof store), so that a second run of the same
// graph, sizes, target and options on the same machine replays the result instead of searching.
// An entry is used only when every part of its environment (GPU model, driver, NVRTC, CUDA
// toolkit, axon) equals the current one; otherwise it is stale: searched again and replaced,
// never used silently.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace axon {

class Store;

// What an entry was measured with; all of it must match for the entry to be used.
struct TuningEnv {
  std::string gpu;     // "NVIDIA H200 (sm_90, 132 SMs)"
  std::string driver;  // cuDriverGetVersion, "13000"
  std::string nvrtc;   // "13.0"
  std::string cuda;    // the toolkit axon was built with
  std::string axon;    // axon's version
  [[nodiscard]] std::map<std::string, std::string> fields() const;
  // The first field that differs from `now`, as "driver 13000 -> 13010"; "" when none does.
  [[nodiscard]] std::string difference(const TuningEnv& now) const;
};

// One tuned result: the files superopt wrote (name -> content; the shared library is rebuilt
// from them), the lines it printed, its measured time and the budget it was searched with.
struct TuningEntry {
  std::map<std::string, std::string> files;
  std::vector<std::string> lines;
  std::string arch;  // the launcher library's nvcc architecture, "sm_90a"
  double total_us = 0, budget_s = 0, created = 0;
  TuningEnv env;
};

class TuningStore {
 public:
  // Opens (creating) the store at `path` (core/store.h: UserError naming the path on failure).
  explicit TuningStore(const std::string& path);
  ~TuningStore();

  enum class Status { Missing, Fresh, Stale, ShorterBudget };
  struct Lookup {
    Status status = Status::Missing;
    TuningEntry entry;
    std::string why;  // for Stale and ShorterBudget: what differs
  };
  // The entry for `key` (the canonical graph, target and the options that change the search's
  // result), judged against the current environment and the budget asked for: an entry searched
  // with a shorter budget is not used for a longer one.
  Lookup find(const std::string& key, const TuningEnv& now, double budget_s);
  // Records (replaces) the entry for `key`, in one transaction.
  void put(const std::string& key, const std::string& graph_name, const TuningEntry& e);
  [[nodiscard]] const std::string& path() const;

 private:
  std::unique_ptr<Store> store_;
};

}  // namespace axon
