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
// The GPU of the probe, the driver, NVRTC, the CUDA toolkit and this axon build.
TuningEnv current_env(const gpu::Probe& p);
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
