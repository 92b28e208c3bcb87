// The golden kernels (tests/README.md, "Golden kernels"): the CUDA text axon generates for every
// fusion group of the benchmark graphs (and tests/golden/graphs/), under a set of tiling
// configurations per group that covers every field of TileConfig the group's enumeration offers.
// Checked in under tests/golden/kernels/ and compared byte for byte by test_golden.cpp;
// scripts/regen_golden.sh writes them again.
#pragma once

#include <string>
#include <vector>

#include "axon/tiling/kernel.h"

namespace axon::golden {

// One generated file: its path under tests/golden/kernels/, its text, and what compiling it needs.
struct GoldenFile {
  std::string path;    // "gemm/g0_contraction__t384_wgmma-tma_128x256x64_w2x1_s4_persistent.cu", "prelude.sm_90.cu"
  std::string text;
  std::string target;  // "sm_90", "sm_80"
  std::string arch_suffix;  // "a": sm_90a
  bool prelude = false;     // a part of the target's prelude (files in order), which every kernel file needs before it
  bool compile = false;     // in the covering subset that the compile test compiles
};

// One run of the generator: a graph, the target, and whether f32 matmuls may use tf32.
struct GoldenRun {
  std::string graph;  // path relative to the source root
  std::string dir;    // folder under tests/golden/kernels/
  std::string target = "sm_90";
  tiling::F32Matmul f32 = tiling::F32Matmul::Tf32x3;  // superopt's default
};

// The runs: benchmarks/graphs/*.json and benchmarks/graphs_f16/*.json on sm_90,
// tests/golden/graphs/*.json on sm_90 (and with tf32 where they hold an f32 matmul), and the
// contraction graphs on sm_80 (mma.sync).
std::vector<GoldenRun> golden_runs(const std::string& root);

// Every golden file, in a fixed order (the prelude of each target first).
std::vector<GoldenFile> golden_files(const std::string& root);

// The ranked configurations of every run's groups (the groups the golden files come from), the
// `top` best of each (all of them when 0): per line the run, the group, the rank, the
// configuration, its estimate (at `precision` significant digits) and, when `why`, the
// estimate's explanation. tests/golden/rankings.txt pins the best few (test_golden.cpp); a
// refactor of the enumeration or the estimates compares the whole list before and after.
std::string golden_rankings(const std::string& root, size_t top, int precision, bool why);

// ---- the covering configurations (golden_cover.cpp) -------------------------------------------

// The features of a configuration: "strategy:field=value" strings. `local` ones (flags, whether a
// count is above one, and what the group's shape makes of them: a row that loops) are covered per
// group class; the others (sizes, counts) once per kernel family over every group.
// A group as the features see it: its shape, and the target's SM count (stream-K's modes).
struct GroupFacts {
  const tiling::GroupShape* shape = nullptr;
  int sm_count = 132;
};
std::vector<std::string> local_features(const tiling::TileConfig& c, const GroupFacts& group);
std::vector<std::string> global_features(const tiling::TileConfig& c);

// For each group's ranked configurations (tiling::enumerate_configs), the indices to generate:
// the best-ranked, the first generic one, then greedily (most uncovered features first, the
// better rank on ties) until every local feature the group offers is covered for its class
// (`group_class`: the kind of kernel its shape makes; an earlier group of the class may have
// covered it); then, over all groups in order, until every global feature is. `compile` receives
// the indices of a smaller covering set: the best of each class, then among the picks a cover of
// every feature (local ones by class).
struct CoverPicks {
  std::vector<std::vector<size_t>> picks;    // per group, sorted by rank
  std::vector<std::vector<size_t>> compile;  // per group, a subset of picks
};
CoverPicks cover(const std::vector<std::vector<tiling::RankedConfig>>& ranked, const std::vector<GroupFacts>& facts,
                 const std::vector<std::string>& group_class);

// "t384_wgmma-tma_128x256x64_w2x1_s4_persistent": the configuration's description without the
// strategy, safe in a file name.
std::string config_file_name(const tiling::TileConfig& c);

}  // namespace axon::golden
