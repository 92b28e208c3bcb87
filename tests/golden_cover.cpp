// The golden kernels' configurations (golden_kernels.h): a covering set per group, not the cross
// product of every field.
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "golden_kernels.h"
#include "tiling/internal.h"  // kMaxUnrolledChunks

namespace axon::golden {

namespace {

using tiling::Strategy;
using tiling::TileConfig;

std::string flag(const std::string& s, const char* name, bool on) { return s + ":" + name + "=" + (on ? "1" : "0"); }
std::string value(const std::string& s, const char* name, long v) { return s + ":" + name + "=" + std::to_string(v); }

// Contractions by kernel family: their sizes mean different things in each.
std::string family(const TileConfig& c) {
  const auto* m = c.get_if<tiling::ContractionConfig>();
  if (m == nullptr) return tiling::strategy_name(c.strategy());
  return m->tf32x3 ? "contraction/tf32x3" : m->tf32 ? "contraction/tf32" : m->simt ? "contraction/simt" : m->tma ? "contraction/wgmma-tma" : m->wgmma ? "contraction/wgmma" : "contraction/mma";
}

}  // namespace

std::vector<std::string> local_features(const TileConfig& config, const GroupFacts& group) {
  const tiling::GroupShape& shape = *group.shape;
  const std::string s = tiling::strategy_name(config.strategy());
  std::vector<std::string> f{s + ":strategy", family(config) + ":family"};
  if (const auto* c = config.get_if<tiling::RowConfig>()) {
    f.push_back(flag(s, "cache_rows", c->cache_rows));
    f.push_back(flag(s, "streaming", c->streaming));
    f.push_back(flag(s, "packed", c->packed));
    f.push_back(flag(s, "persistent", c->blocks_per_sm > 0));
    f.push_back(flag(s, "rows_per_block>1", c->rows_per_block > 1));
    f.push_back(flag(s, "splits>1", c->splits > 1));
    f.push_back(flag(s, "vec>1", c->vec > 1));
    // A row of more chunks than are unrolled loops over them (configs.cpp, row_kernel.cpp).
    const int64_t share = (shape.cols + c->splits - 1) / c->splits, per_pass = int64_t(c->threads) * c->vec;
    f.push_back(flag(s, "rolled", (share + per_pass - 1) / per_pass > tiling::detail::kMaxUnrolledChunks));
  } else if (const auto* c = config.get_if<tiling::ColumnConfig>()) {
    f.push_back(flag(s, "rows_per_block>1", c->rows_per_block > 1));
    f.push_back(flag(s, "splits>1", c->splits > 1));
    f.push_back(flag(s, "vec>1", c->vec > 1));
  } else if (const auto* c = config.get_if<tiling::ElementwiseConfig>()) {
    f.push_back(flag(s, "streaming", c->streaming));
    f.push_back(flag(s, "persistent", c->blocks_per_sm > 0));
    f.push_back(flag(s, "vec>1", c->vec > 1));
  } else if (const auto* c = config.get_if<tiling::ContractionConfig>()) {
    f.push_back(flag(s, "wgmma", c->wgmma));
    f.push_back(flag(s, "tma", c->tma));
    f.push_back(flag(s, "simt", c->simt));
    f.push_back(flag(s, "tf32", c->tf32));
    f.push_back(flag(s, "producers>1", c->producers > 1));
    f.push_back(flag(s, "persistent", c->blocks_per_sm > 0));
    f.push_back(flag(s, "store_warps", c->store_warps));
    f.push_back(flag(s, "tma_store", c->tma_store));
    f.push_back(flag(s, "multicast>1", c->multicast > 1));
    f.push_back(flag(s, "stream_k", c->stream_k));
    f.push_back(flag(s, "splits>1", c->splits > 1));
    f.push_back(flag(s, "a_regs", c->a_regs));
    f.push_back(flag(s, "a_kvec_floats>0", c->a_kvec_floats > 0));
    f.push_back(flag(s, "warps_m>1", c->warps_m > 1));
    if (c->stream_k) {  // over whole waves, or, with fewer tiles than workers, split over every SM (contraction_plan.cpp)
      const tiling::ContractionShape& m = shape.mm;
      const int64_t tn = m.tile_n(c->bn), tiles_m = (m.m + c->bm - 1) / c->bm, tiles_n = (m.n + tn - 1) / tn;
      const int64_t cluster_tiles = m.batch * ((tiles_m + c->multicast - 1) / c->multicast) * tiles_n;
      const int64_t grid_workers = int64_t(group.sm_count) * std::max(1, c->blocks_per_sm) / c->multicast;
      f.push_back(flag(s, "stream_k_every_sm", cluster_tiles < grid_workers));
    }
  } else if (const auto* c = config.get_if<tiling::AttentionConfig>()) {
    f.push_back(flag(s, "pingpong", c->pingpong));
    f.push_back(flag(s, "overlap", c->overlap));
    f.push_back(flag(s, "splits>1", c->splits > 1));
    f.push_back(flag(s, "cluster>1", c->cluster > 1));
    f.push_back(flag(s, "group>0", c->group > 0));
    f.push_back(flag(s, "pv_exact", c->pv_exact));
    f.push_back(flag(s, "persistent", c->persistent));
    f.push_back(flag(s, "one_p", c->one_p));
    f.push_back(flag(s, "tma_store", c->tma_store));
    // The persistent kernel's epilogues are apart paths (its stores, the bulk store, the bulk
    // store of the row blocks' stream, which rank first where they exist): each keeps a golden file.
    f.push_back(s + ":persistent_epilogue=" + (!c->persistent ? "none" : c->stream ? "stream" : c->tma_store ? "bulk" : "stores"));
    f.push_back(s + ":q_buffers=" + std::to_string(c->q_buffers));
    f.push_back(s + ":schedule=" + (c->pingpong ? "pingpong" : c->overlap ? "overlap" : "plain"));
    f.push_back(flag(s, "warps_m>1", c->warps_m > 1));
  }
  return f;
}

std::vector<std::string> global_features(const TileConfig& config) {
  const std::string s = family(config);
  std::vector<std::string> f{value(s, "threads", config.threads())};
  auto tile = [&](int bm, int bn, int bk, int warps_m, int warps_n, int stages, int splits, int producers, int multicast) {
    f.push_back(value(s, "bm", bm));
    f.push_back(value(s, "bn", bn));
    f.push_back(value(s, "bk", bk));
    f.push_back(value(s, "warps_m", warps_m));
    f.push_back(value(s, "warps_n", warps_n));
    f.push_back(value(s, "stages", stages));
    f.push_back(value(s, "splits", splits));
    f.push_back(value(s, "producers", producers));
    f.push_back(value(s, "multicast", multicast));
  };
  if (const auto* c = config.get_if<tiling::RowConfig>()) {
    f.push_back(value(s, "vec", c->vec));
    f.push_back(value(s, "rows_per_block", c->rows_per_block));
    f.push_back(value(s, "splits", c->splits));
  } else if (const auto* c = config.get_if<tiling::ColumnConfig>()) {
    f.push_back(value(s, "vec", c->vec));
    f.push_back(value(s, "rows_per_block", c->rows_per_block));
    f.push_back(value(s, "splits", c->splits));
  } else if (const auto* c = config.get_if<tiling::ElementwiseConfig>()) {
    f.push_back(value(s, "vec", c->vec));
    f.push_back(value(s, "blocks_per_sm", c->blocks_per_sm));
  } else if (const auto* c = config.get_if<tiling::ContractionConfig>()) {
    tile(c->bm, c->bn, c->bk, c->warps_m, c->warps_n, c->stages, c->splits, c->producers, c->multicast);
  } else if (const auto* c = config.get_if<tiling::AttentionConfig>()) {
    // The attention kernel's k-steps of 64, one warp column, one producer warpgroup, no multicast.
    tile(c->bm, c->bn, 64, c->warps_m, 1, c->stages, c->splits, 1, 1);
  }
  return f;
}

namespace {

// Greedy set cover over `pool` (pairs of group and index): repeatedly the candidate with the most
// features not yet in `covered` (the first in pool order on ties), until none adds one.
template <typename Features>
std::vector<std::pair<size_t, size_t>> greedy(const std::vector<std::pair<size_t, size_t>>& pool, std::set<std::string>& covered,
                                              const Features& features) {
  std::vector<std::pair<size_t, size_t>> chosen;
  std::vector<std::vector<std::string>> f;
  f.reserve(pool.size());
  for (const auto& p : pool) f.push_back(features(p.first, p.second));
  for (;;) {
    size_t best = pool.size(), best_new = 0;
    for (size_t i = 0; i < pool.size(); ++i) {
      size_t n = 0;
      for (const std::string& x : f[i]) n += covered.count(x) == 0;
      if (n > best_new) best = i, best_new = n;
    }
    if (best == pool.size()) return chosen;
    covered.insert(f[best].begin(), f[best].end());
    chosen.push_back(pool[best]);
  }
}

}  // namespace

CoverPicks cover(const std::vector<std::vector<tiling::RankedConfig>>& ranked, const std::vector<GroupFacts>& facts,
                 const std::vector<std::string>& group_class) {
  const size_t G = ranked.size();
  CoverPicks out;
  out.picks.resize(G);
  out.compile.resize(G);
  std::vector<std::set<size_t>> picks(G);
  // Per group: the best, the first generic, then the flags its class (group_class) has not
  // covered in an earlier group.
  std::map<std::string, std::set<std::string>> class_covered;
  for (size_t g = 0; g < G; ++g) {
    const auto& r = ranked[g];
    if (r.empty()) continue;
    std::set<std::string>& covered = class_covered[group_class[g]];
    picks[g].insert(0);
    for (size_t i = 0; i < r.size(); ++i)
      if (r[i].config.strategy() == Strategy::Generic) {
        picks[g].insert(i);
        break;
      }
    for (size_t i : picks[g])
      for (const std::string& x : local_features(r[i].config, facts[g])) covered.insert(x);
    std::vector<std::pair<size_t, size_t>> pool;
    for (size_t i = 0; i < r.size(); ++i) pool.emplace_back(g, i);
    for (const auto& p : greedy(pool, covered, [&](size_t gg, size_t i) { return local_features(ranked[gg][i].config, facts[gg]); }))
      picks[g].insert(p.second);
  }
  // Over every group: the sizes and counts of each strategy.
  std::set<std::string> covered;
  for (size_t g = 0; g < G; ++g)
    for (size_t i : picks[g])
      for (const std::string& x : global_features(ranked[g][i].config)) covered.insert(x);
  std::vector<std::pair<size_t, size_t>> pool;
  for (size_t g = 0; g < G; ++g)
    for (size_t i = 0; i < ranked[g].size(); ++i) pool.emplace_back(g, i);
  for (const auto& p : greedy(pool, covered, [&](size_t g, size_t i) { return global_features(ranked[g][i].config); }))
    picks[p.first].insert(p.second);
  for (size_t g = 0; g < G; ++g) out.picks[g].assign(picks[g].begin(), picks[g].end());
  // The compile subset: among the picks, a cover of every feature with the local ones keyed by
  // the group's class (group_class: the kind of kernel its shape makes) instead of the group, and
  // the best of each class.
  std::set<std::string> seen_class, covered_c;
  std::vector<std::pair<size_t, size_t>> chosen;
  for (size_t g = 0; g < G; ++g)
    if (!ranked[g].empty() && seen_class.insert(group_class[g]).second) chosen.emplace_back(g, 0);
  auto class_features = [&](size_t g, size_t i) {
    std::vector<std::string> f;
    for (std::string& x : local_features(ranked[g][i].config, facts[g])) f.push_back(group_class[g] + "|" + x);
    for (std::string& x : global_features(ranked[g][i].config)) f.push_back(std::move(x));
    return f;
  };
  for (const auto& p : chosen)
    for (const std::string& x : class_features(p.first, p.second)) covered_c.insert(x);
  std::vector<std::pair<size_t, size_t>> picked;
  for (size_t g = 0; g < G; ++g)
    for (size_t i : out.picks[g]) picked.emplace_back(g, i);
  for (const auto& p : greedy(picked, covered_c, class_features)) chosen.push_back(p);
  for (const auto& [g, i] : chosen) out.compile[g].push_back(i);
  for (auto& c : out.compile) std::sort(c.begin(), c.end());
  return out;
}

std::string config_file_name(const TileConfig& c) {
  std::string s = c.str();
  const std::string strategy = tiling::strategy_name(c.strategy());
  if (s.rfind(strategy + " ", 0) == 0) s = s.substr(strategy.size() + 1);
  std::string out;
  for (char ch : s) out += ch == ' ' ? '_' : ch == '/' ? '-' : ch;
  return out;
}

}  // namespace axon::golden
