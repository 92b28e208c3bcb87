// superopt's use of the tuning database (include/axon/search/tuning_store.h, docs/tuning.md):
// the key of a run, the current environment, and an entry recorded from, or replayed into, an
// output directory.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/search/superopt.h"
#include "axon/search/tuning_store.h"
#include "axon/tiling/measure.h"

namespace axon::cli {

// ~/.cache/axon/store.db (XDG_CACHE_HOME respected); "" when there is no home.
std::string default_store_path();
// The canonical graph (sizes bound), the target and every option that changes the result.
std::string tuning_key(const Graph& g, const SuperoptOptions& o);
// The GPU of the probe, the driver, NVRTC, the CUDA toolkit and the axon build `exe` (this one by
// default; `axon library` judges entries for the executable it runs).
TuningEnv current_env(const gpu::Probe& p, const std::string& exe = "/proc/self/exe");
// The environment of untimed results (`axon library --no-gpu`, superopt --store-untimed): GPU
// "none (cost model)", driver and NVRTC "none", the toolkit and the axon build as above. Their
// keys end in kUntimedKey, so they never serve (nor replace) a timed entry.
TuningEnv untimed_env(const std::string& exe = "/proc/self/exe");
inline constexpr const char* kUntimedKey = "\nuntimed (cost model)";
// The files superopt wrote to out_dir at or after `since` (not older files an earlier run left
// there, the library, its log or the work folder), the lines it printed (not the library's
// line), the launcher's architecture and the measured time.
TuningEntry entry_of(const std::string& out_dir, std::filesystem::file_time_type since, const std::vector<std::string>& lines,
                     const SuperoptResult& r, const SuperoptOptions& o);
// Writes the entry's files to out_dir (names must be plain file names), report.json marked as
// replayed from `store`, rebuilds the library; returns the lines to print.
std::vector<std::string> replay(const TuningEntry& e, const std::string& out_dir, const std::string& store,
                                const std::string& graph_name);

}  // namespace axon::cli
