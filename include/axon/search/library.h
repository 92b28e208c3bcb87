// Kernel libraries (docs/library.md): the spec of `axon library`, its jobs (one graph at one
// tuple of sizes each), the dispatch table over the tuned buckets and its C source, and the
// merging of tuning databases. The running of jobs is the CLI's (src/cli/library_run.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace axon {

struct LibraryEntry {
  std::string name;                  // a C identifier: axon_<name>
  std::string graph;                 // the graph file (made absolute from the spec's folder)
  std::vector<std::string> symbols;  // in the order they first appear in the graph's inputs, then nodes
  std::map<std::string, std::vector<int64_t>> sizes;  // per symbol: sorted, distinct, >= 1
  std::string runtime;               // a symbol tuned with superopt --runtime-size, or ""
  std::vector<std::string> input_names, output_names;  // the graph's, in order
};

struct LibrarySpec {
  std::string path;  // the spec file
  std::string name;  // a C identifier: libaxon_<name>.so
  std::string target = "sm_90";
  double budget = 120;
  std::vector<LibraryEntry> entries;
};

// Reads and checks a spec (and loads each graph symbolically); UserError "<spec>: entries[i]
// (<name>): <field>: <reason>" on any bad input.
LibrarySpec parse_library_spec(const std::string& path);

struct LibraryJob {
  size_t index = 0;            // in spec order (shards take index % N == i)
  size_t entry = 0;            // into LibrarySpec::entries
  std::vector<int64_t> sizes;  // per entry symbol
  std::string tuple;           // "M64_K4096_N4096": the work folder's name
  std::string name;            // "<entry>_<tuple>": superopt --name
};

// Every entry at every tuple of its sizes; UserError when two jobs (or a job and an entry) share
// a name, or there are more than 10000.
std::vector<LibraryJob> library_jobs(const LibrarySpec& spec);

// The sizes of the entry's runtime symbol at which a job's runtime-sized candidates are also timed
// (superopt --runtime-time-at), to pick _run_sized's kernel above the job's size: the sizes above
// it that its bucket serves under pick_bucket's rule, among the entry's jobs equal in the other
// sizes: the next size (where one more tile row costs a kernel that filled whole waves at the
// job's size another wave) and the last one nearer it than the next value b (floor(sqrt(a b)));
// above the largest value (an open range) the next size only. None where the next size is
// another bucket's, and none for a job without a runtime symbol. Sizes below the job's are served
// by the kernel fastest at its own size (they need no more waves than it).
std::vector<int64_t> runtime_range_probes(const LibrarySpec& spec, const std::vector<LibraryJob>& jobs, const LibraryJob& job);

// One tuned job of an entry, as the dispatch sees it.
struct LibraryBucket {
  std::vector<int64_t> sizes;  // per entry symbol
  std::string job;             // the launcher's name: axon_<job>_run
  bool sized = false;          // exports _run_sized over the entry's runtime symbol
  int64_t sized_max = 0;       // ... for n from 1 to this (0: no bound known)
};

// The bucket dispatched to for `sizes` (docs/library.md, "Dispatch"), or -1: the bucket equal in
// every size (*exact = true); else, with a runtime symbol (its index, or -1), the nearest in log
// distance of that symbol among the sized buckets equal in the other sizes whose range holds the
// value (ties: the larger).
int pick_bucket(const std::vector<LibraryBucket>& buckets, int runtime_index, const std::vector<int64_t>& sizes, bool* exact);

// The library's header (axon_<spec>.h) and dispatch source: per entry its functions over the
// buckets. `buckets[i]` are entry i's tuned buckets.
std::string library_header(const LibrarySpec& spec, const std::vector<std::vector<LibraryBucket>>& buckets);
std::string library_dispatch_source(const LibrarySpec& spec, const std::vector<std::vector<LibraryBucket>>& buckets);

// Copies every tuning entry and proof of the store at `from` into the store at `into` (created
// when missing), in one transaction: a key in both keeps the entry created last (`into`'s on a
// tie). Returns the number of entries taken from `from`.
int merge_tuning_stores(const std::string& into, const std::string& from);

}  // namespace axon
