// The tiling configurations' names (config.h): what report.json, the terminal, the golden files and
// the tuning store record of each, and what `--configs-match` matches.
#include "axon/tiling/config.h"

#include <sstream>

#include "axon/core/error.h"

namespace axon::tiling {

const char* strategy_name(Strategy s) {
  switch (s) {
    case Strategy::Elementwise: return "elementwise";
    case Strategy::Row: return "row";
    case Strategy::Column: return "column";
    case Strategy::Generic: return "generic";
    case Strategy::Contraction: return "contraction";
    case Strategy::Attention: return "attention";
  }
  return "?";
}

namespace {

std::ostringstream head(Strategy s, int threads) {
  std::ostringstream os;
  os << strategy_name(s) << " t" << threads;
  return os;
}

}  // namespace

std::string GenericConfig::str() const { return head(kStrategy, threads).str(); }

std::string ElementwiseConfig::str() const {
  std::ostringstream os = head(kStrategy, threads);
  os << " v" << vec;
  if (streaming) os << " streaming";
  if (blocks_per_sm > 0) os << " b" << blocks_per_sm << "/sm";
  return os.str();
}

std::string RowConfig::str() const {
  std::ostringstream os = head(kStrategy, threads);
  os << " v" << vec << " r" << rows_per_block << (cache_rows ? " cached" : " reread");
  if (blocks_per_sm > 0) os << " persistent " << blocks_per_sm << "/sm";
  if (splits > 1) os << (grid_split ? " grid-split" : " split") << splits;
  if (streaming) os << " streaming";
  if (packed) os << " packed";
  return os.str();
}

std::string ColumnConfig::str() const {
  std::ostringstream os = head(kStrategy, threads);
  os << " v" << vec << " y" << rows_per_block;
  if (splits > 1) os << " split" << splits;
  return os.str();
}

std::string ContractionConfig::str() const {
  std::ostringstream os = head(kStrategy, threads);
  if (tf32) {
    os << (tf32x3 ? " tf32x3 " : " tf32 ") << bm << "x" << bn << "x" << bk << " w" << warps_m << "x" << warps_n << " s" << stages;
    return os.str();
  }
  if (simt) {
    os << " simt " << bm << "x" << bn << "x" << bk;
    return os.str();
  }
  os << (tma ? " wgmma-tma " : wgmma ? " wgmma " : " ") << bm << "x" << bn << "x" << bk << " w" << warps_m << "x" << warps_n << " s" << stages;
  if (tma && producers > 1) os << " p" << producers;
  if (splits > 1) os << " split" << splits;
  if (blocks_per_sm > 0) os << " persistent";
  if (store_warps) os << " store-warps";
  if (tma_store) os << " tma-store";
  if (multicast > 1) os << " mc" << multicast;
  if (stream_k) os << " stream-k";
  if (a_regs) os << " a-regs";
  return os.str();
}

std::string AttentionConfig::str() const {
  std::ostringstream os = head(kStrategy, threads);
  os << (tf32 == 3 ? " tf32x3 " : tf32 == 1 ? " tf32 " : " ") << bm << "x" << bn << " w" << warps_m << " s" << stages
     << (pingpong ? " pingpong" : overlap ? " overlap" : "") << (one_p ? " one-p" : "") << (splits > 1 ? " keysplit" : "") << (pv_exact ? " pv-exact" : "") << (persistent ? " persistent" : "") << (stream ? " stream" : "") << (q_buffers == 3 ? " q3" : "")
     << (tma_store ? " tma-store" : "") << (from_last ? " from-last" : "");
  if (cluster > 1) os << " cl" << cluster;
  if (group > 0) os << " g" << group;
  return os.str();
}

Strategy TileConfig::strategy() const {
  return std::visit([](const auto& c) { return std::decay_t<decltype(c)>::kStrategy; }, v_);
}

int TileConfig::threads() const {
  return std::visit([](const auto& c) { return c.threads; }, v_);
}

std::string TileConfig::str() const {
  return std::visit([](const auto& c) { return c.str(); }, v_);
}

void TileConfig::wrong_family(Strategy wanted) const {
  throw InternalError(std::string("tiling: a ") + strategy_name(wanted) + " configuration expected, got " + str());
}

}  // namespace axon::tiling
