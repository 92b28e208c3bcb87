// The configurations of a contraction group worth timing (docs/contraction.md), per kernel family:
// mma.sync, wgmma (cp.async- or TMA-fed, with split-K, stream-K, multicast, store warps, register
// A), tf32 and SIMT. Each family has a legality check (`*_can_run`, which its kernel emitter calls
// too: the rule is written once) and an estimate; the enumeration adds the checks of what is not
// worth timing (tiles much larger than the problem, persistence without a second wave) and the
// target's limits. The estimates' factors are in calibration.h.
#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <utility>

#include "calibration.h"
#include "contraction_families.h"

namespace axon::tiling::detail {

namespace {

// A block's k-tiles follow one another through its pipeline: with `ahead` tiles' copies in flight
// and each taking about the loaded memory latency, it gets through at most ahead / latency k-tiles
// per microsecond, however fast the memory is (Little's law). This bounds the kernels whose grid
// has few blocks, each with many k-tiles (rmsnorm -> matmul at M = 16: mma.sync tiles of 16 x 32
// with two or three tiles ahead measured 40-45 us where the copy rate allows 8; split-K over
// clusters of two 64 x 64 tiles, four slots, 20.4 us against 17.7 for four-way splits of 64 x 128;
// H200, 2026-12-03; kContraction.loaded_latency_us). `kt_per_block`: the k-tiles one block
// multiplies in a wave, `waves` its waves.
double latency_us(double waves, double kt_per_block, double ahead) {
  // No more copies in flight than k-tiles to copy (K = 136: three, whatever the slots).
  return waves * kt_per_block * kContraction.loaded_latency_us / std::max(1.0, std::min(ahead, waves * kt_per_block));
}

// Clusters of `size` blocks, `resident` blocks per SM, that run at once: a cluster stays within a
// GPC, so sizes of three or more leave SMs idle (Limits::cluster_sms; at one block per SM on the
// H200 30 clusters of four, 120 SMs). Measured with two blocks per SM: 62 of four (248), against
// 60 from this rule: it errs low.
double cluster_slots(const Limits& L, int size, double resident) {
  auto it = L.cluster_sms.lower_bound(size);
  const double sms = it == L.cluster_sms.end() ? L.sm_count : it->second;
  return std::max(1.0, std::floor(resident * sms / size));
}

// The estimate from its compute and memory times (they overlap in part) and a launch.
double contraction_us(double compute, double memory) {
  return std::max(compute, memory) + kContraction.overlap * std::min(compute, memory) + kContraction.launch_us;
}

// ---- SIMT and tf32 (f32 operands) ----------------------------------------------------------

// The time of moving the f32 kernels' bytes: every read and write once, plus the operands'
// re-reads by the other tiles (mostly from L2), the grid filling the GPU or not.
double f32_memory_us(const Group& g, const ContractionShape& c, const Limits& L, double tiles_m, double tiles_n) {
  double io_bytes = 0;
  for (const auto* list : {&g.reads, &g.writes})
    for (const Node* n : *list) io_bytes += double(numel(dims_of(n))) * dtype_bytes(n->dtype());
  const double a_bytes = double(c.batch) * c.m * c.k * 4, b_bytes = double(c.batch) * c.k * c.n * 4;
  const double tiles = double(c.batch) * tiles_m * tiles_n;
  const double reread = a_bytes * (tiles_n - 1) + b_bytes * (tiles_m - 1);
  return (io_bytes + kContraction.l2_reread_share * reread) / (L.hbm_gb_s * 1e3) / std::min(1.0, kContraction.fill_floor + tiles / L.sm_count);
}

// The blocks that share an SM's rate in a wave: `resident`, or in a grid of fewer blocks than
// the GPU holds at once, those on the busiest SM (80 blocks on 132 SMs: one each, not three).
double sharing(double tiles, double resident, const Limits& L) { return std::min(resident, std::ceil(tiles / L.sm_count)); }

// Tiles much larger than the problem only add idle warps (tf32, SIMT).
bool f32_tile_worth(const ContractionShape& c, const ContractionConfig& t) { return !((t.bm > 64 && t.bm / 2 >= c.m) || (t.bn > 64 && t.bn / 2 >= c.n)); }

int tf32_regs(const ContractionConfig& t) {
  const int MI = t.bm / t.warps_m / 16, NI = t.bn / t.warps_n / 8;
  return 4 * MI * NI + (t.tf32x3 ? 2 : 1) * (4 * MI + 2 * NI) + kTf32.regs_overhead;
}

// tf32: ranked by the tf32 tensor rate at an efficiency for mma.sync fed by one 32-bit shared
// load (and one cvt) per fragment register (mma.sync reaches about 60% of the wgmma rate on
// sm_90): the mma's per fragment load, MI NI / (4 MI + 2 NI), up to one; deeper k-tiles hide more
// of the copies' latency. tf32x3: three mma per product, and the splits' arithmetic.
RankedConfig tf32_estimate(const Group& g, const ContractionShape& c, const ContractionConfig& t, const Limits& L) {
  const double rate = (L.tf32_tflops > 0 ? L.tf32_tflops : kTf32.tensor_over_fp32 * L.fp32_tflops) * 1e6 / L.sm_count;  // flops per us per SM
  const int bm = t.bm, bn = t.bn, bk = t.bk;
  const int MI = bm / t.warps_m / 16, NI = bn / t.warps_n / 8;
  const int64_t smem = contraction_smem(t);
  const int regs = tf32_regs(t);
  const double tiles_m = std::ceil(double(c.m) / bm), tiles_n = std::ceil(double(c.n) / bn);
  const double tiles = double(c.batch) * tiles_m * tiles_n;
  const double resident = std::max(1.0, std::min({std::floor(double(L.regs_per_sm) / (regs * double(t.threads))), double(L.threads_per_sm) / t.threads,
                                                  std::floor(double(L.smem_per_sm) / (double(smem) + 1024))}));
  const double eff = kTf32.eff * std::min(1.0, double(MI * NI) / (4 * MI + 2 * NI)) * (bk == 32 ? 1.0 : kTf32.bk16);
  const double slots = L.sm_count * resident, waves = std::ceil(tiles / slots);
  const double passes = t.tf32x3 ? 3.0 / kTf32.split_eff : 1.0;
  const double compute = passes * waves * sharing(tiles, resident, L) * 2.0 * bm * bn * double(c.k) / (rate * eff);
  const double memory = f32_memory_us(g, c, L, tiles_m, tiles_n);
  std::ostringstream why;
  why << (t.tf32x3 ? "tf32x3" : "tf32") << ": compute " << compute << " us (eff " << eff << ", waves " << waves << "), memory " << memory << " us";
  return {t, contraction_us(compute, memory), why.str()};
}

// A contraction tile of wm x wn warps (32 threads each) with `stages` slots of bm x bk and
// bk x bn tiles: the fields mma.sync's and tf32's configurations share.
ContractionConfig warp_tile(int bm, int bn, int bk, int wm, int wn, int stages) {
  ContractionConfig t;
  t.threads = 32 * wm * wn;
  t.bm = bm;
  t.bn = bn;
  t.bk = bk;
  t.warps_m = wm;
  t.warps_n = wn;
  t.stages = stages;
  return t;
}

// tf32 configurations (ContractionShape::tf32 or tf32x3): warps_m x warps_n warps of tf32
// mma.sync (m16n8k8), `stages` slots of f32 tiles in dynamic shared memory.
std::vector<RankedConfig> tf32_configs(const Group& g, const ContractionShape& c, const Limits& L) {
  std::vector<RankedConfig> out;
  for (int bm : {64, 128})
    for (int bn : {64, 128})
      for (auto [bk, stages] : {std::pair{16, 4}, std::pair{32, 3}, std::pair{32, 4}})
        for (auto [wm, wn] : {std::pair{2, 2}, std::pair{2, 4}, std::pair{4, 2}}) {
          ContractionConfig t = warp_tile(bm, bn, bk, wm, wn, stages);
          t.simt = t.tf32 = true;
          t.tf32x3 = c.tf32x3;
          if (!f32_tile_worth(c, t) || !tf32_can_run(c, t).empty()) continue;
          if (contraction_smem(t) > L.smem_dynamic || tf32_regs(t) > L.regs_per_thread) continue;
          out.push_back(tf32_estimate(g, c, t, L));
        }
  return out;
}

// SIMT: ranked like the others: the fp32 rate, an efficiency that grows with the register tile
// (outputs per shared load), wave quantization; bytes as mma.sync's.
RankedConfig simt_estimate(const Group& g, const ContractionShape& c, const ContractionConfig& t, const Limits& L) {
  const double sm_rate = L.fp32_tflops * 1e6 / L.sm_count;  // flops per us per SM
  const int bm = t.bm, bn = t.bn, bk = t.bk;
  const int tm = bm / 16, tn = bn / 16;
  const int regs = tm * tn + tm + tn + (bm + bn) * bk / 256 + kSimt.regs_overhead;
  const double tiles_m = std::ceil(double(c.m) / bm), tiles_n = std::ceil(double(c.n) / bn);
  const double tiles = double(c.batch) * tiles_m * tiles_n;
  const double resident = std::max(1.0, std::min({std::floor(double(L.regs_per_sm) / (regs * 256.0)), kSimt.resident_cap,
                                                  std::floor(double(L.smem_per_sm) / (2.0 * (bm + bn + 8) * bk * 4))}));
  const double intensity = double(tm * tn) / double(tm + tn);  // FMAs per shared load
  const double eff = kSimt.eff * std::min(1.0, intensity / kSimt.intensity_full) * (bk == 16 ? 1.0 : kSimt.bk8);
  const double slots = L.sm_count * resident, waves = std::ceil(tiles / slots);
  const double used = (double(c.m) / (tiles_m * bm)) * (double(c.n) / (tiles_n * bn));
  const double compute = waves * sharing(tiles, resident, L) * 2.0 * bm * bn * double(c.k) / (sm_rate * eff);
  const double memory = f32_memory_us(g, c, L, tiles_m, tiles_n);
  std::ostringstream why;
  why << "simt: compute " << compute << " us (eff " << eff << ", lanes used " << used << ", waves " << waves << "), memory "
      << memory << " us";
  return {t, contraction_us(compute, memory), why.str()};
}

// SIMT (f32) configurations: 256 threads, (bm / 16) x (bn / 16) outputs each (4 or 8 per axis:
// 16-byte shared reads), two shared buffers of bk-deep f32 tiles.
std::vector<RankedConfig> simt_configs(const Group& g, const ContractionShape& c, const Limits& L) {
  std::vector<RankedConfig> out;
  for (int bm : {64, 128})
    for (int bn : {64, 128})
      for (int bk : {8, 16}) {
        ContractionConfig t;
        t.simt = true;
        t.threads = 256;
        t.bm = bm;
        t.bn = bn;
        t.bk = bk;
        t.stages = 2;
        if (!f32_tile_worth(c, t) || !simt_can_run(t).empty()) continue;
        out.push_back(simt_estimate(g, c, t, L));
      }
  return out;
}

// ---- tensor cores: what every 16-bit family's estimate reads of the group -------------------

struct TensorCosts {
  const Group& g;
  const ContractionShape& c;
  const Limits& L;
  double write_bytes = 0, other_bytes = 0, a_bytes = 0, b_bytes = 0;
  double sm_rate = 0;  // flops per us per SM
  int smem_limit = 0;
  // Computed operands' weights (prologue_weight); register A's consumers also load, unpack and
  // pack each pair, and accumulate the side reductions.
  double wa = 0, wb = 0, wa_regs = 0;

  TensorCosts(const Group& g_, const ContractionShape& c_, const Limits& L_) : g(g_), c(c_), L(L_) {
    for (const Node* w : g.writes) write_bytes += double(numel(dims_of(w))) * dtype_bytes(w->dtype());
    for (const Node* r : g.reads)
      if (r != c.a.node && r != c.b.node) other_bytes += double(numel(dims_of(r))) * dtype_bytes(r->dtype());
    a_bytes = double(c.batch) * c.m * c.k * 2;
    b_bytes = double(c.batch) * c.k * c.n * 2 * (c.mm2 ? 2 : 1);
    const double tensor = L.tensor_tflops > 0 ? L.tensor_tflops : kTensorOverFp32 * L.fp32_tflops;
    sm_rate = tensor * 1e6 / L.sm_count;
    smem_limit = static_cast<int>(std::max<int64_t>(L.smem_per_block, L.smem_dynamic));
    const std::set<const Node*> in_group(g.nodes.begin(), g.nodes.end());
    auto inside = [&](const Node* n) { return in_group.count(n) > 0; };
    wa = c.a.direct ? 0 : prologue_weight(c.a.node, inside);
    wb = c.b.direct ? 0 : prologue_weight(c.b.node, inside);
    wa_regs = wa + kRegisterAFixedWeight;
    for (const Node* r : c.side) wa_regs += prologue_weight(r->operand(0), inside);
  }

  // Computed operands: each block evaluates its tiles' prologues, so A's is evaluated once per
  // tile column and B's once per tile row, by the warps that compute. warps_a > 0: A evaluated in
  // registers by that many consumer warps (register A).
  double prologue(int bm, int tn, double warps, double warps_a = 0) const {
    const bool regs = warps_a > 0;
    return (wa > 0 ? prologue_us(double(c.batch) * c.m * c.k, std::ceil(double(c.n) / tn), regs ? wa_regs : wa, regs ? warps_a : warps,
                                 L.sm_count, regs ? kRegisterProloguePerWarp : kProloguePerWarp)
                   : 0.0) +
           (wb > 0 ? prologue_us(double(c.batch) * c.k * c.n, std::ceil(double(c.m) / bm), wb, warps, L.sm_count) : 0.0);
  }
};

// ---- mma.sync -------------------------------------------------------------------------------

// Tiles much larger than the problem only add idle lanes; k-tiles of 64 want two of them.
bool mma_sync_worth(const ContractionShape& c, const ContractionConfig& t) {
  if ((t.bm > 16 && t.bm / 2 >= c.m) || (t.bn > 32 && t.bn / 2 >= c.n)) return false;
  return !(t.bk == 64 && c.k < 128);
}

RankedConfig mma_sync_estimate(const TensorCosts& k, const ContractionConfig& t) {
  const ContractionShape& c = k.c;
  const Limits& L = k.L;
  const int bm = t.bm, bn = t.bn, bk = t.bk, stages = t.stages;
  const int tm = bm / t.warps_m, tn = bn / t.warps_n, warps = t.warps_m * t.warps_n;
  const int acc = (tm / 16) * (tn / 8) * 4;
  const int smem = contraction_smem(t);
  const double tiles_m = std::ceil(double(c.m) / bm), tiles_n = std::ceil(double(c.n) / bn);
  const double tiles = double(c.batch) * tiles_m * tiles_n;
  const int regs = acc + (tm / 16) * 4 + (tn / 8) * 2 + kMmaSync.regs_overhead;
  const double resident = std::max(1.0, std::min({std::floor(double(L.regs_per_sm) / (regs * t.threads)), std::floor(double(L.threads_per_sm) / t.threads),
                                                  std::floor(double(L.smem_per_sm) / smem), kMmaSync.resident_cap}));
  // mma.sync's efficiency: fragment reuse (the warp tile's intensity), warps in flight to hide
  // latency, pipeline depth; idle lanes at the edges.
  const double intensity = double(tm * tn) / double(tm + tn);
  const double warps_sm = std::min(resident, std::ceil(tiles / L.sm_count)) * warps;
  double eff = kMmaSync.eff * std::sqrt(std::min(1.0, intensity / kMmaSync.intensity_full)) * std::min(1.0, warps_sm / kMmaSync.warps_full) *
               (stages == 2 ? kMmaSync.two_stages : 1.0) * (bk == 32 ? kMmaSync.bk32 : 1.0);
  if (!c.a.direct || !c.b.direct) eff *= kMmaSync.computed_operand;
  const double used = (double(c.m) / (tiles_m * bm)) * (double(c.n) / (tiles_n * bn));
  const double tile_flops = 2.0 * bm * bn * double(c.k);
  // Every warp computes operands between its mma's: half their issue.
  const double compute =
      std::max(std::ceil(tiles / L.sm_count) * tile_flops / (k.sm_rate * eff), k.prologue(bm, bn, kMmaSync.prologue_issue * warps));
  // Each A tile row-panel is read once per tile column and B once per tile row; the repeats
  // mostly hit L2.
  const double reread = k.a_bytes * (tiles_n - 1) + k.b_bytes * (tiles_m - 1);
  const double bytes = k.a_bytes + k.b_bytes + k.write_bytes + k.other_bytes + kContraction.l2_reread_share * reread;
  const double slots = L.sm_count * resident, KT = std::ceil(double(c.k) / bk);
  const double memory = std::max(bytes / (L.hbm_gb_s * 1e3) / std::min(1.0, kContraction.fill_floor + tiles / L.sm_count),
                                 latency_us(std::ceil(tiles / slots), KT, stages - 1));
  std::ostringstream why;
  why << "compute " << compute << " us (eff " << eff << ", lanes used " << used << "), memory " << memory << " us, tiles " << tiles;
  return {t, contraction_us(compute, memory), why.str()};
}

std::vector<RankedConfig> mma_sync_configs(const TensorCosts& k) {
  std::vector<RankedConfig> out;
  const ContractionShape& c = k.c;
  // Twins need TMA-fed wgmma (classify_contraction), as side reductions need register A.
  for (int bm : c.mm2 || !c.side.empty() ? std::vector<int>{} : std::vector<int>{16, 32, 64, 128, 256})
    for (int bn : {32, 64, 128, 256})
      for (int bk : {32, 64})
        for (int wm : {1, 2, 4})
          for (int wn : {1, 2, 4})
            for (int stages : {2, 3, 4, 5}) {
              ContractionConfig t = warp_tile(bm, bn, bk, wm, wn, stages);
              if (!mma_sync_can_run(c, t).empty() || !mma_sync_worth(c, t) || contraction_smem(t) > k.smem_limit) continue;
              out.push_back(mma_sync_estimate(k, t));
            }
  return out;
}

// ---- wgmma ----------------------------------------------------------------------------------

// One point of the wgmma enumeration.
struct WgmmaChoice {
  int tma, wg, bn, stages, producers, persistent, store_warps, tma_store, multicast, stream_k, splits, a_regs;
};

// The configuration of a choice; register A's k-vectors staged for the block's K range where they
// take 32 KB or less: a block of one tile, or a persistent one whose tiles all cover the whole K
// range (staged once, before its first tile; not stream-K's shares of it). A persistent block
// loads them where used where they do not fit in `smem_limit` (as before they were staged).
ContractionConfig wgmma_config(const ContractionShape& c, const WgmmaChoice& w, int smem_limit) {
  ContractionConfig t;
  t.wgmma = true;
  t.tma = w.tma;
  t.producers = w.producers;
  t.threads = 128 * (w.wg + (w.tma ? w.producers : 0));
  t.bm = 64 * w.wg;
  t.bn = w.bn;
  t.bk = 64;
  t.warps_m = w.wg;
  t.warps_n = 1;
  t.stages = w.stages;
  t.blocks_per_sm = w.persistent;
  t.store_warps = w.store_warps;
  t.tma_store = w.tma_store;
  t.multicast = w.multicast;
  t.stream_k = w.stream_k;
  t.splits = w.splits;
  t.split_rows = w.splits > 1 ? static_cast<int>(std::min<int64_t>(t.bm, c.m)) : 0;
  t.a_regs = w.a_regs;
  if (w.a_regs && (!w.persistent || (!w.stream_k && w.splits == 1)) && !c.a_kvecs.empty()) {
    const int64_t KT = (c.k + t.bk - 1) / t.bk, floats = int64_t(c.a_kvecs.size()) * ((KT + w.splits - 1) / w.splits) * t.bk;
    if (floats * 4 <= 32768) t.a_kvec_floats = static_cast<int>(floats);
  }
  if (w.persistent && t.a_kvec_floats > 0 && contraction_smem(t) > smem_limit) t.a_kvec_floats = 0;
  return t;
}

// A wgmma configuration's tiles and workers on the target.
struct WgmmaGeometry {
  int tn = 0;  // output columns per tile
  double tiles_m = 0, tiles_n = 0, tiles = 0;
  int64_t KT = 0;  // k-tiles
  double resident = 0;  // blocks per SM
  // Stream-K: P workers of `multicast` blocks (`workers` resident, `grid_workers` in the grid) and
  // the clusters' tiles. With fewer tiles than the grid's workers (`sk_split`: rmsnorm -> matmul
  // at M = 16) it is split-K over every SM without clusters: each tile's K range is shared by
  // about P / T workers, two k-tiles or more each.
  double workers = 0, grid_workers = 0, cluster_tiles = 0;
  bool sk_split = false;

  WgmmaGeometry(const ContractionShape& c, const ContractionConfig& t, const Limits& L) {
    tn = c.tile_n(t.bn);
    tiles_m = std::ceil(double(c.m) / t.bm);
    tiles_n = std::ceil(double(c.n) / tn);
    tiles = double(c.batch) * tiles_m * tiles_n;
    KT = (c.k + t.bk - 1) / t.bk;
    resident = t.tma ? wgmma_blocks_per_sm(t) : std::max(1.0, std::min(std::floor(double(L.smem_per_sm) / contraction_smem(t)), 2.0));
    workers = std::floor(L.sm_count * resident / t.multicast);
    grid_workers = std::floor(double(L.sm_count) * std::max(1, t.blocks_per_sm) / t.multicast);
    cluster_tiles = double(c.batch) * std::ceil(tiles_m / t.multicast) * tiles_n;
    sk_split = t.stream_k && cluster_tiles < grid_workers;
  }
};

// What is not worth timing: tiles much larger than the problem; multicast over one tile row;
// persistent blocks without a second wave; split-K (a cluster per tile) where fewer splits would
// not leave SMs idle; stream-K where the tiles fill whole waves of the grid (or, split over every
// SM, give a worker fewer than two k-tiles).
bool wgmma_worth(const ContractionShape& c, const ContractionConfig& t, const WgmmaGeometry& w, const Limits& L) {
  if ((t.bm / 2 >= c.m && t.warps_m > 1) || (w.tn > 64 && w.tn / 2 >= c.n)) return false;
  if (t.multicast > 1 && w.tiles_m < 2) return false;
  if (t.blocks_per_sm > 0 && w.tiles <= L.sm_count && !t.stream_k) return false;
  if (t.splits > 1 && w.tiles * (t.splits / 2) >= L.sm_count) return false;
  if (t.stream_k && (w.sk_split ? w.cluster_tiles * double(w.KT) < 2 * w.grid_workers
                                : w.cluster_tiles <= w.workers || std::fmod(w.cluster_tiles, w.workers) == 0))
    return false;
  return true;
}

// The time of a computed operand, of the options (persistence, store warps, the bulk store,
// multicast) and of the split's or stream-K's extra work, on wgmma's tensor rate.
RankedConfig wgmma_estimate(const TensorCosts& k, const ContractionConfig& t, const WgmmaGeometry& w) {
  const ContractionShape& c = k.c;
  const Limits& L = k.L;
  const WgmmaCalibration& K = kWgmma;
  const bool tma = t.tma, persistent = t.blocks_per_sm > 0, store_warps = t.store_warps, tma_store = t.tma_store, stream_k = t.stream_k;
  const bool computes = !c.a.direct || !c.b.direct;
  const int wg = t.warps_m, bn = t.bn, stages = t.stages, producers = t.producers, multicast = t.multicast, splits = t.splits;
  const double tiles = w.tiles, cluster_tiles = w.cluster_tiles, grid_workers = w.grid_workers, resident = w.resident;
  const double warps_sm = std::min(resident, std::ceil(tiles / L.sm_count)) * 4 * wg;
  // Deeper pipelines hide more copy latency; two consumers keep the tensor cores busier.
  double eff = (tma ? K.eff_tma : K.eff_cp_async) * std::min(1.0, bn / K.bn_full + K.bn_floor) * std::min(1.0, warps_sm / K.warps_full) *
               (stages >= 4 ? 1.0 : K.shallow);
  // A computed operand costs the producer's arithmetic; from global memory, its latency too.
  if (!tma && computes) eff *= K.computed_cp_async;
  // Register A: the consumers' fragment loads and prologue between their wgmmas, which they wait
  // for before overwriting the fragments (not measured yet: a guess).
  for (const OperandPlan* p : {&c.a, &c.b})
    if (tma && !p->direct) eff *= t.a_regs ? K.register_a : (p->staged ? K.computed_staged : K.computed_loaded) * (producers == 2 ? K.two_producers : 1.0);
  if (persistent) eff *= K.persistent;
  if (store_warps) eff *= K.store_warps;
  // The bulk store: the consumers only write shared memory.
  if (tma_store) eff *= persistent ? K.tma_store_persistent : K.tma_store;
  if (multicast > 1) eff *= K.multicast;
  const double blocks = w.sk_split ? grid_workers * multicast : tiles * splits;
  // Whole waves of blocks; stream-K's last waves are shared out evenly, at the cost of writing and
  // reading a tile of partial sums and zeroing the flags. Split over every SM (sk_split), a
  // finisher adds about P / T - 1 partial tiles.
  const double waves = w.sk_split ? cluster_tiles / grid_workers : stream_k ? cluster_tiles / w.workers : std::ceil(blocks / L.sm_count);
  const double sharers = w.sk_split ? std::min(grid_workers / cluster_tiles, double(w.KT)) : 1.0;
  // Warps whose 16 rows lie past the output's last (M < bm) move no partial sums.
  const double live = std::min(1.0, std::ceil(double(c.m) / 16) * 16 / t.bm);
  // The finisher takes the lower workers' partial sums one after another: a flag's acquire, then
  // the partial's loads (two round trips, about one loaded latency).
  const double fixup = stream_k ? (1.0 + sharers) * t.bm * bn * 4.0 * live / K.partial_bytes_per_us + K.flags_us +
                                      (w.sk_split ? sharers * kContraction.loaded_latency_us * K.sharer_latency_share : 0.0)
                                : 0.0;
  // The producers' prologues run beside the wgmmas (without TMA every warp computes between its
  // wgmmas: half their issue; register A: the consumers' warps). Register A's warps past the
  // output's last row evaluate nothing, and the others do not share their work: at M = 16 one warp
  // of four does all of it (64 x 128 split over clusters of four, 27.5-28.7 us against 17.7 with y
  // stored, H200, 2026-12-03). A grid of fewer blocks than SMs evaluates on as many SMs only.
  const double busy = L.sm_count / std::min(blocks, double(L.sm_count));
  const double compute = std::max(waves * 2.0 * t.bm * bn * double(c.k) / splits / (k.sm_rate * eff),
                                  busy * k.prologue(t.bm, w.tn, tma ? K.producer_warps * producers : K.cp_async_warps * wg,
                                                    t.a_regs ? K.register_a_warps * wg * live : 0)) +
                         fixup;
  // B is read once per cluster of `multicast` tile rows.
  const double reread = k.a_bytes * (w.tiles_n - 1) + k.b_bytes * (std::ceil(w.tiles_m / multicast) - 1);
  // Persistent blocks store (and read the epilogue's inputs) in the accumulator layout, half of
  // each 32-byte sector per instruction, unless store warps do (or the bulk store writes); the
  // others stage through shared memory, whole rows.
  const double bytes = k.a_bytes + k.b_bytes + (persistent && !store_warps && !tma_store ? 2 : 1) * k.write_bytes +
                       (persistent && !store_warps ? 2 : 1) * k.other_bytes + kContraction.l2_reread_share * reread;
  // Copies in flight: every slot (TMA), or stages - 2 tiles ahead (cp.async).
  const double kt_block = w.sk_split || stream_k ? cluster_tiles * double(w.KT) / grid_workers : double(w.KT) / splits;
  const double ahead = tma ? stages : stages - 2;
  // Split-K's clusters past those that fit at once run after them: each later wave adds its
  // blocks' chains of copies (M = 16, 32 clusters of four: five slots, one block per SM, 30 at
  // once: 22.6 us against 18.2 for four slots, two per SM; H200).
  const double late_waves = splits > 1 ? std::ceil(tiles / cluster_slots(L, splits, resident)) - 1 : 0.0;
  const double memory = std::max(bytes / (L.hbm_gb_s * 1e3) / std::min(1.0, kContraction.fill_floor + blocks / L.sm_count),
                                 latency_us(stream_k ? 1.0 : std::ceil(blocks / (L.sm_count * resident)), kt_block, ahead)) +
                        latency_us(late_waves, kt_block, ahead);
  // Split-K: each block pushes the partial sums of the tile's existing rows into their owners
  // behind one split-phase cluster barrier, and the owners add them.
  const double reduce = splits > 1 ? t.split_rows * bn * 4.0 / K.push_bytes_per_us + K.split_barrier_us : 0.0;
  std::ostringstream why;
  why << (tma ? "wgmma-tma" : "wgmma") << ": compute " << compute << " us (eff " << eff << "), memory " << memory << " us, tiles " << tiles;
  if (splits > 1) why << " x " << splits << " splits (reduction " << reduce << " us, " << late_waves << " later waves of clusters)";
  if (stream_k) why << ", stream-K over " << w.workers << " workers (" << waves << " waves, fix-up " << fixup << " us)";
  return {t, std::max(compute, memory) + kContraction.overlap * std::min(compute, memory) + reduce + kContraction.launch_us, why.str()};
}

// wgmma (sm_90a): one or two warpgroups of 64 rows, N up to 256 per instruction, K tiles of 64
// (one 128-byte swizzled row). Fed by cp.async from every thread, stages - 2 tiles ahead; or by
// TMA: a producer warpgroup copies whole tiles under mbarriers (no block-wide barrier per k-tile);
// a second producer warpgroup when they compute an operand (registers allowing the consumers'
// accumulators); persistent blocks when every operand is copied and there are more tiles than
// SMs (the producer runs into the next tile while the consumers store). Register A (`a_regs`):
// the consumers compute A from its copied source, so the producer only copies.
std::vector<RankedConfig> wgmma_configs(const TensorCosts& k) {
  std::vector<RankedConfig> out;
  const ContractionShape& c = k.c;
  for (int tma : {0, 1})
    for (int wg : {1, 2})
      for (int bn : {64, 128, 256})
        for (int stages : {3, 4, 5, 6, 7})
          for (int producers : {1, 2})
            for (int persistent : {0, 1})
              for (int store_warps : {0, 1})
                for (int tma_store : {0, 1})
                  for (int multicast : {1, 2})
                    for (int stream_k : {0, 1})
                      for (int splits : {1, 2, 3, 4, 6, 8})
                        for (int a_regs : {0, 1}) {
                          const WgmmaChoice choice{tma, wg, bn, stages, producers, persistent, store_warps, tma_store, multicast, stream_k, splits, a_regs};
                          const ContractionConfig t = wgmma_config(c, choice, k.smem_limit);
                          if (!wgmma_can_run(k.g, c, t).empty() || contraction_smem(t) > k.smem_limit) continue;
                          const WgmmaGeometry w(c, t, k.L);
                          if (!wgmma_worth(c, t, w, k.L)) continue;
                          out.push_back(wgmma_estimate(k, t, w));
                        }
  return out;
}

}  // namespace

std::string mma_sync_can_run(const ContractionShape& c, const ContractionConfig& t) {
  if (c.mm2 != nullptr || !c.side.empty()) return "twin matmuls and side reductions need wgmma";
  const int tm = t.bm / std::max(1, t.warps_m), tn = t.bn / std::max(1, t.warps_n), warps = t.warps_m * t.warps_n;
  if (tm < 16 || tn < 16 || tm % 16 || tn % 16) return "warp tiles are multiples of 16 rows and columns";
  if (warps < 2 || warps > 8) return "two to eight warps";
  if (tm > 64 || tn > 128 || (tm / 16) * (tn / 8) * 4 > 128) return "the accumulators take more than 128 registers";
  return "";
}

std::string tf32_can_run(const ContractionShape& c, const ContractionConfig& t) {
  if (!(c.tf32 || c.tf32x3) || !t.tf32) return "a tf32 configuration of a tf32 contraction expected";
  if (t.tf32x3 != c.tf32x3) return "three tf32 products exactly where the contraction is f32 (not --allow-tf32)";
  if (t.warps_m < 1 || t.warps_n < 1 || t.threads != 32 * t.warps_m * t.warps_n) return "32 threads per warp of the warp grid";
  const int MI = t.bm / t.warps_m / 16, NI = t.bn / t.warps_n / 8;
  if (MI < 1 || NI < 1 || t.bm % (16 * t.warps_m) != 0 || t.bn % (8 * t.warps_n) != 0) return "warp tiles of whole m16n8 fragments";
  if (MI * NI > 32) return "more than 32 fragments per warp";
  if (t.bk % 8 != 0 || t.stages < 2) return "k-tiles of multiples of 8, two stages or more";
  return "";
}

std::string simt_can_run(const ContractionConfig& t) {
  if (!t.simt || t.threads != 256 || t.bm % 64 != 0 || t.bn % 64 != 0 || t.bk <= 0) return "256 threads, tiles of multiples of 64";
  return "";
}

std::string wgmma_can_run(const Group& g, const ContractionShape& c, const ContractionConfig& t) {
  const bool persistent = t.blocks_per_sm > 0;
  const bool computing = (!c.a.direct || !c.b.direct) && !t.a_regs;  // the producers compute an operand
  const int64_t KT = (c.k + t.bk - 1) / t.bk;
  if (t.tma ? !c.tma : t.producers > 1 || persistent || t.stages > 6) return "one producer, six stages at most and no persistence without TMA";
  if (t.a_regs && (!t.tma || !c.a_regs || t.producers > 1)) return "register A needs TMA, its form and one producer warpgroup";
  // Side reductions: register A, whole rows of K per block, the epilogue in the accumulators' threads.
  if (!c.side.empty() && (!t.a_regs || t.stream_k || t.splits > 1 || t.store_warps)) return "side reductions need register A, whole rows of K";
  // Twins: B's and B2's tiles side by side in one wgmma, 64 columns or more each.
  if (c.mm2 && (!t.tma || t.bn < 128 || t.splits > 1)) return "twins need TMA, 128 columns or more and one split";
  // A second producer warpgroup: each thread's share of the registers (one block an SM) must
  // still hold a consumer's accumulators (bn / 2 per thread) and 64 more.
  if (t.producers == 2 && (!computing || kWgmmaRegsPerSm / (128 * (t.warps_m + t.producers)) < t.bn / 2 + 64))
    return "a second producer warpgroup computes an operand beside the consumers' accumulators";
  if (persistent && computing) return "persistent blocks copy every operand";
  // Store warps: persistent blocks whose outputs and matmul are float, the matmul 16-bit.
  if (t.store_warps && (!persistent || !float_outputs(g, c) || dtype_bytes(c.mm->dtype()) != 2))
    return "store warps stage 16-bit values of a persistent kernel";
  // TMA-store epilogues: one split, in place of store warps.
  if (t.tma_store && (!t.tma || !c.tma_store || t.store_warps || t.splits > 1)) return "the bulk store needs TMA, one split, no store warps";
  // Multicast: every operand copied, no split, B in equal shares.
  if (t.multicast > 1 && (!t.tma || !c.multicast || computing || t.splits > 1 || !multicast_fits(c, t)))
    return "multicast needs every operand copied, one split and B in equal shares";
  // Split-K: two k-tiles or more per split, float outputs.
  if (t.splits > 1 && (!t.tma || persistent || KT < 2 * t.splits || !float_outputs(g, c)))
    return "split-K needs TMA, no persistence, two k-tiles per split and float outputs";
  // Stream-K: persistent TMA blocks without store warps, four k-tiles or more.
  if (t.stream_k && (!persistent || t.store_warps || t.splits > 1 || !c.stream_k || KT < 4))
    return "stream-K needs persistent TMA blocks, no store warps, one split and four k-tiles";
  return "";
}

std::vector<RankedConfig> contraction_configs(const Group& g, const GroupShape& s, const Limits& L) {
  const ContractionShape& c = s.mm;
  if (c.tf32) return tf32_configs(g, c, L);
  if (c.simt) {
    std::vector<RankedConfig> out = simt_configs(g, c, L);
    if (c.tf32x3) {
      std::vector<RankedConfig> x3 = tf32_configs(g, c, L);
      out.insert(out.end(), std::make_move_iterator(x3.begin()), std::make_move_iterator(x3.end()));
    }
    return out;
  }
  const TensorCosts k(g, c, L);
  std::vector<RankedConfig> out = mma_sync_configs(k);
  if (c.wgmma) {
    std::vector<RankedConfig> w = wgmma_configs(k);
    out.insert(out.end(), std::make_move_iterator(w.begin()), std::make_move_iterator(w.end()));
  }
  return out;
}

}  // namespace axon::tiling::detail
