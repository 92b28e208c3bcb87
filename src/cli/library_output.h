// `axon library`'s output (docs/library.md, "Output"): the launchers written from the database's
// entries, the header, the dispatch source, the shared library, manifest.json, summary.csv and
// the final table. Internal to the CLI.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "axon/search/library.h"
#include "axon/search/tuning_store.h"

namespace axon::cli {

// A job's state in the database, as run or as found.
struct LibraryJobState {
  std::string status = "left";  // "tuned", "stale", "left", "failed"
  std::string why;              // stale: what differs; failed: why
  std::optional<TuningEntry> entry;  // when tuned
};

struct LibraryOutput {
  std::string out_dir, store;
  bool no_gpu = false;
  std::string runtime_note;  // "" when superopt supports --runtime-size, else why entries are exact only
};

// Writes lib/ from the tuned jobs' entries, prints the table to `out`; returns the lines said
// about the shared library (built, source only, nvcc failed).
std::string write_library(const LibrarySpec& spec, const std::vector<LibraryJob>& jobs, const std::vector<LibraryJobState>& states,
                          const LibraryOutput& o, std::ostream& out);

}  // namespace axon::cli
