// Classification of a fusion group, and the tiling configurations worth trying: enumerated,
// pruned by the target's limits, ranked by a roofline estimate (docs/codegen.md).
#include <algorithm>
#include <cmath>
#include <sstream>

#include "axon/core/error.h"
#include "calibration.h"
#include "internal.h"

namespace axon::tiling {

Limits target_limits(const TargetDesc& t) {
  auto figure = [](const std::map<std::string, double>& m, const char* key, double fallback) {
    auto it = m.find(key);
    return it != m.end() ? it->second : fallback;
  };
  Limits L;
  L.sm = t.sm;
  L.sm_count = t.sm_count;
  L.max_threads_per_block = t.threads_per_block;
  L.regs_per_thread = t.regs_per_thread;
  L.smem_per_block = std::min<int64_t>(t.smem_per_block, kStaticSmemPerBlock);
  L.smem_dynamic = t.smem_per_block;
  L.regs_per_sm = t.regs_per_sm;
  L.threads_per_sm = t.threads_per_sm;
  L.smem_per_sm = t.smem_per_sm;
  L.hbm_gb_s = figure(t.model_rates, "copy_gb_s", t.hbm_gb_s);
  L.fp32_tflops = figure(t.model_rates, "fp32", figure(t.peak_tflops, "fp32", 0));
  L.tensor_tflops = figure(t.peak_tflops, "bf16_tensor", 0);
  L.tf32_tflops = figure(t.peak_tflops, "tf32_tensor", 0);
  L.l2_bytes = t.l2_bytes;
  L.cluster_sms = t.cluster_sms;
  return L;
}

bool Group::handoff(const Node* n) const { return std::find(handoffs.begin(), handoffs.end(), n) != handoffs.end(); }

GroupShape classify(const Group& g, const Isa* isa, F32Matmul f32) {
  GroupShape s;
  for (const auto* list : {&g.nodes, &g.reads, &g.writes})
    for (const Node* n : *list) (void)detail::dims_of(n);  // concrete sizes, or a clear error
  AXON_CHECK(!g.writes.empty(), "codegen: a group writes nothing");
  // Values are float in registers, exact for integers below 2^24 only. A group holding other
  // 32-bit integers (i32 tensors read or written, casts to i32) computes in double, generically.
  for (const auto* list : {&g.nodes, &g.reads, &g.writes})
    for (const Node* n : *list) {
      if (n->dtype() != DType::i32) continue;
      bool small_iota = n->op() == Op::Iota && list == &g.nodes;
      for (int64_t d : detail::dims_of(n)) small_iota = small_iota && d < (int64_t(1) << 24);
      if (!small_iota) s.exact_ints = true;
    }
  if (s.exact_ints) {
    s.why_generic = "32-bit integer values (computed in double, where they are exact)";
    return s;
  }
  std::vector<const Node*> reductions;
  const auto contractions = std::count_if(g.nodes.begin(), g.nodes.end(), [](const Node* n) { return n->kind() == OpKind::Contraction; });
  if (contractions == 2) {
    // Two matmuls of one A (twins, swiglu's): a contraction kernel; else one feeds the other
    // (attention).
    std::vector<const Node*> mms;
    for (const Node* n : g.nodes)
      if (n->kind() == OpKind::Contraction) mms.push_back(n);
    if (mms[0]->operand(0) == mms[1]->operand(0)) (void)detail::classify_contraction(g, isa, s, f32);
    else (void)detail::classify_attention(g, isa, s, f32);  // Attention, or generic with the reason
    return s;
  }
  // One matmul reading a softmax of stored scores (softmax -> matmul): attention without Q K^T
  // (a contraction kernel cannot also reduce, so attention's reason is the one to give).
  const bool row_max = std::any_of(g.nodes.begin(), g.nodes.end(), [](const Node* n) { return n->op() == Op::ReduceMax; });
  if (contractions == 1 && row_max) {
    (void)detail::classify_attention(g, isa, s, f32);
    return s;
  }
  for (const Node* n : g.nodes) {
    if (n->kind() == OpKind::Contraction) {
      (void)detail::classify_contraction(g, isa, s, f32);  // Contraction, or generic with the reason
      return s;
    }
    if (n->kind() == OpKind::Reduce) reductions.push_back(n);
  }
  auto bytes_of = [&](const std::vector<int64_t>& full) {
    s.min_bytes = 16;
    s.max_bytes = 1;
    for (const auto* list : {&g.reads, &g.writes})
      for (const Node* n : *list)
        if (detail::dims_of(n) == full) {
          s.min_bytes = std::min(s.min_bytes, dtype_bytes(n->dtype()));
          s.max_bytes = std::max(s.max_bytes, dtype_bytes(n->dtype()));
        }
    if (s.min_bytes > s.max_bytes) s.min_bytes = s.max_bytes = 4;
  };
  if (!reductions.empty()) {
    // The row tensor, its reduced axes, and the two layouts (docs/reductions.md).
    std::vector<int64_t> full = detail::dims_of(reductions[0]->operand(0));
    const auto& axes = reductions[0]->attrs().ints("axes");
    for (const Node* r : reductions) {
      if (detail::dims_of(r->operand(0)) != full || r->attrs().ints("axes") != axes) {
        s.why_generic = "reductions over different tensors or axes (" + std::to_string(reductions[0]->id()) + ", " + std::to_string(r->id()) + ")";
        return s;
      }
    }
    s.full = full;
    const auto reduced = [&axes](int a) { return std::find(axes.begin(), axes.end(), static_cast<int64_t>(a)) != axes.end(); };
    const int rank = static_cast<int>(full.size());
    for (int64_t a : axes) s.red_axes.push_back(static_cast<int>(a));
    for (int a = 0; a < rank; ++a) (reduced(a) ? s.red_dims : s.kept_dims).push_back(full[size_t(a)]);
    s.rows = detail::numel(s.kept_dims);
    s.cols = detail::numel(s.red_dims);
    // An axis of extent 1 moves no address: the runs go on through such axes, reduced or kept, and
    // the layout follows the last axis of extent above 1 (softmax over axis 2 of [1, 13, 257, 1]
    // reads contiguous rows of 257, as over the last axis).
    for (int a = rank - 1; a >= 0 && (full[size_t(a)] == 1 || reduced(a)); --a) s.run *= full[size_t(a)];
    for (int a = rank - 1; a >= 0 && (full[size_t(a)] == 1 || !reduced(a)); --a) s.inner *= full[size_t(a)];
    int last = rank - 1;
    while (last > 0 && full[size_t(last)] == 1) --last;
    for (const Node* w : g.writes) {
      auto d = detail::dims_of(w);
      if (d != full && !detail::statistic_dims(s, d)) {
        s.why_generic = "writes a value that is neither a row nor a row statistic";
        return s;
      }
    }
    const bool last_reduced = !axes.empty() && reduced(last);
    s.strategy = last_reduced ? Strategy::Row : Strategy::Column;
    s.stages = static_cast<int>(reductions.size());
    // Column vectors (gamma of a norm over the last axis) are cached by rows over that axis alone.
    const bool last_only = axes.size() == 1 && last_reduced;
    for (const Node* r : g.reads) {
      auto d = detail::dims_of(r);
      const bool half = dtype_bytes(r->dtype()) == 2;
      const bool col = last_only && !d.empty() && d.back() == s.cols && detail::numel(d) == s.cols && s.rows > 1;
      s.row_inputs += d == full ? 1 : 0;
      s.col_inputs += col ? 1 : 0;
      s.row_inputs16 += d == full && half ? 1 : 0;
      s.col_inputs16 += col && half ? 1 : 0;
    }
    bytes_of(full);
    return s;
  }
  std::vector<int64_t> out = detail::dims_of(g.writes[0]);
  for (const Node* w : g.writes)
    if (detail::dims_of(w) != out) {
      s.why_generic = "writes values of different shapes";
      return s;
    }
  s.strategy = Strategy::Elementwise;
  s.full = out;
  s.elements = detail::numel(out);
  s.cols = out.empty() ? 1 : out.back();
  bytes_of(out);
  return s;
}

namespace {

// Bytes a group moves at least: each stored value read once, each written value written once.
double group_bytes(const Group& g) {
  double b = 0;
  for (const auto* list : {&g.reads, &g.writes})
    for (const Node* n : *list) b += double(detail::numel(detail::dims_of(n))) * dtype_bytes(n->dtype());
  return b;
}

double reread_bytes(const Group& g, const GroupShape& s) {
  double b = 0;
  for (const Node* n : g.reads)
    if (detail::dims_of(n) == s.full) b += double(detail::numel(s.full)) * dtype_bytes(n->dtype());
  return b;
}

// Column kernels (docs/reductions.md): tx threads along the kept axes (vec each), ty splitting
// the reduction in a block, `splits` blocks of a cluster sharing it. Ranked by the bytes of the
// passes (a pass per stage over the full-shape inputs, from L2 when they fit there, and the
// writes), occupancy, lanes used against the inner run, and the serial walk of each thread (about
// four loads in flight, 0.8 us each, per pass and wave).
std::vector<RankedConfig> column_configs(const Group& g, const GroupShape& s, const Limits& L, double floor_us, double launch_us) {
  std::vector<RankedConfig> out;
  bool full_out = false;
  for (const Node* w : g.writes) full_out = full_out || detail::dims_of(w) == s.full;
  const int stages = std::max(1, s.stages);
  const double reads = reread_bytes(g, s);
  const auto& K = detail::kColumn;
  const double in_l2 = reads <= K.l2_fit * double(L.l2_bytes) ? 1.0 : 0.0;
  const double bw = L.hbm_gb_s * 1e3;
  const bool clusters = L.sm >= 90;
  for (int tx : {1, 2, 4, 8, 16, 32, 64, 128, 256})
    for (int ty : {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024})
      for (int v : {1, 2, 4, 8})
        for (int split : {1, 2, 4, 8}) {
          const int threads = tx * ty;
          if (threads < 32 || threads > L.max_threads_per_block) continue;
          if (v * s.max_bytes > 16 || s.inner % v != 0) continue;
          const int64_t width = int64_t(tx) * v;
          if (width > 2 * s.rows && tx > 1) continue;  // most lanes would idle
          if (split > 1 && (!clusters || s.cols < int64_t(split) * ty * 4)) continue;
          // The combine over ty: shuffles within a warp's groups of lanes, then one shared slot per group.
          const int groups = tx < 32 ? std::max(1, ty / std::min(ty, 32 / tx)) : ty;
          const int64_t smem = int64_t(stages) * (groups > 1 ? groups : 0) * width * 4 + (split > 1 ? int64_t(stages) * width * 4 : 0);
          if (smem > L.smem_per_block) continue;
          const double tiles = std::ceil(double(s.rows) / double(width));
          const double blocks = tiles * split;
          const double per_sm = std::max(1.0, std::floor(std::min(double(L.threads_per_sm) / threads, 32.0)));
          const double resident = per_sm * L.sm_count;
          const double waves = std::ceil(blocks / resident);
          const double occupancy = std::min(1.0, blocks * threads / (L.sm_count * double(L.threads_per_sm)));
          const double lanes = double(s.rows) / (tiles * width);
          const double seg = double(std::min<int64_t>(width, s.inner)) * s.min_bytes;  // contiguous bytes per row of a warp's accesses
          const double narrow = 1.0 + K.narrow * (16.0 / std::min(16.0, double(v * s.min_bytes)) - 1.0) + (seg < 32 ? K.short_segment : 0.0);
          const int passes = stages + (full_out ? 1 : 0);
          const double pass_us = reads / bw;
          double mem = floor_us + (passes - 1) * pass_us * (in_l2 > 0 ? K.l2_pass : 1.0);
          mem = mem / lanes * narrow / std::max(K.occupancy_floor, std::sqrt(occupancy));
          const double iters = std::ceil(double(s.cols) / double(split * ty));
          const double latency = waves * std::ceil(iters / K.loads_in_flight) * K.load_latency_us * passes * (v > 1 ? 1.0 : K.scalar_latency);
          const double sync = ty > 1 ? (K.barrier_us + K.per_group_us * groups) * stages * waves : 0.0;
          const double cluster = split > 1 ? K.cluster_stage_us * stages : 0.0;
          ColumnConfig c;
          c.threads = tx;
          c.rows_per_block = ty;
          c.vec = v;
          c.splits = split;
          std::ostringstream why;
          why << "floor " << floor_us << " us, passes " << passes << ", lanes " << lanes << ", waves " << waves << ", serial " << iters;
          out.push_back({c, std::max(mem, latency) + sync + cluster + launch_us, why.str()});
        }
  return out;
}

// Row kernels (docs/codegen.md, "Strategies"): threads per row, vector width, rows per block,
// cached or re-read rows, persistence, streaming, packed 16-bit caches, rows split over a
// cluster or the grid; ranked by a roofline with penalties (kRow).
std::vector<RankedConfig> row_configs(const Group& g, const GroupShape& s, const Limits& L, double floor_us, double launch_us) {
  std::vector<RankedConfig> out;
  // Passes over a row: one per stage, one more when the group writes full rows.
  bool full_out = false;
  for (const Node* w : g.writes) full_out = full_out || detail::dims_of(w) == s.full;
  const int passes = std::max(1, s.stages) + (full_out ? 1 : 0);
  // Rows shorter than a warp's worth of vectors go several to a warp (t < 32: a segment of t
  // lanes per row, blocks of 64 to 512 threads); longer ones take a warp or more each.
  const auto& K = detail::kRow;
  auto rows_per_block = [](int t) {
    return t < 32 ? std::vector<int>{64 / t, 128 / t, 256 / t, 512 / t} : std::vector<int>{1, 2, 4, 8, 16};
  };
  for (int t : {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024})
    for (int v : {1, 2, 4, 8})
      for (int r : rows_per_block(t))
        for (bool cache : {true, false})
          for (bool persistent : {false, true})
            for (bool stream : {false, true})
            for (bool pack : {false, true})
            for (int split : {1, 2, 4, 8, 16, 32, 64, 128}) {
            if (v * s.max_bytes > 16 || s.run % v != 0) continue;
            // Past 8 (a portable cluster), the blocks sharing a row are blocks of the grid: at
            // most one per SM over the whole grid, so that every one is resident while it waits
            // for the others' partial values; its threads wait for the flags, one each.
            const bool over_grid = split > 8;
            if (over_grid && (persistent || r > 1 || t < 128 || split > t || double(s.rows) * split > L.sm_count ||
                              s.cols < int64_t(split) * t * v))
              continue;
            // Rows several to a warp: not where half the segment would idle, nor for rows of more
            // than four passes (a warp's loads then touch 32 / t rows far apart).
            if (t < 32 && (split > 1 || int64_t(t / 2) * v >= s.cols || s.cols > 4 * int64_t(t) * v)) continue;
            // A cluster shares a row only where rows are too few to fill the GPU (docs/reductions.md).
            if (split > 1 && !over_grid && (L.sm < 90 || persistent || r > 1 || double(s.rows) * split > 4.0 * L.sm_count ||
                              s.cols < int64_t(split) * t * v))
              continue;
            if (stream && (!cache || v * s.min_bytes != 16)) continue;
            const int halves = (cache ? s.row_inputs16 : 0) + s.col_inputs16;
            if (pack && (halves == 0 || v % 2 != 0)) continue;
            if (t * r > L.max_threads_per_block || (r > 1 && t > 128) || (r > 8 && t > 32)) continue;
            int64_t per_pass = int64_t(t) * v;
            const int64_t share = (s.cols + split - 1) / split;
            int64_t chunks = (share + per_pass - 1) / per_pass;
            int64_t slots = chunks * v;
            // Rows of more than kMaxUnrolledChunks chunks: not cached, loops (row_kernel.cpp).
            const bool rolled = chunks > detail::kMaxUnrolledChunks;
            if (rolled && (cache || pack)) continue;
            // Registers: the cached rows and column vectors, slots floats each (half that when
            // 16-bit ones are kept packed).
            int cached = rolled ? 0 : (cache ? s.row_inputs : 0) + s.col_inputs;
            double words = cached - (pack ? 0.5 * halves : 0.0);
            if (slots * words > 128 || (cache && slots > 64)) continue;
            const double regs = K.regs_base + slots * words;
            const double reg_threads = std::min(double(L.threads_per_sm), double(L.regs_per_sm) / regs);  // resident threads per SM
            if (!cache && s.stages == 0) continue;
            int64_t smem = int64_t(std::max(1, s.stages)) * r * (t / 32) * 4;
            if (smem > L.smem_per_block) continue;
            double blocks = double((s.rows + r - 1) / r) * split;
            double per_sm = std::max(1.0, std::floor(std::min(reg_threads / (t * r), 32.0)));
            double resident = per_sm * L.sm_count;
            if (persistent && blocks <= resident) continue;  // one wave: nothing to amortize
            RowConfig c;
            c.threads = t;
            c.vec = v;
            c.rows_per_block = r;
            c.cache_rows = cache;
            c.blocks_per_sm = persistent ? static_cast<int>(per_sm) : 0;
            c.streaming = stream;
            c.packed = pack;
            c.splits = split;
            c.grid_split = over_grid;
            // Roofline with penalties: idle lanes in the last pass, narrow accesses, few blocks
            // in flight and the last wave, per-thread work far from 8..32 elements, re-reads
            // from L2, block barriers per stage.
            double used = double(share) / double(slots * t);
            double narrow = 1.0 + K.narrow * (16.0 / (v * s.min_bytes) - 1.0);
            double waves = std::ceil(blocks / resident);
            double tail = persistent ? 1.0 : blocks / (waves * resident);
            double occupancy = std::min(1.0, (blocks * t * r) / (L.sm_count * double(L.threads_per_sm))) * (reg_threads / L.threads_per_sm);
            double per_thread = slots < 8 ? 1.0 + K.few_slots * double(8 - slots) : slots > 32 && cached > 0 ? 1.0 + K.many_slots * double(slots - 32) : 1.0;
            double mem = floor_us / used * narrow * per_thread / std::max(K.occupancy_floor, std::min(tail, 1.0) * std::sqrt(occupancy));
            if (!cache) mem += reread_bytes(g, s) * std::max(0, s.stages) / (L.hbm_gb_s * K.l2_rate);
            if (persistent) mem *= K.persistent + K.persistent_no_columns * (s.col_inputs == 0);
            // A persistent block walks its rows one at a time (load, reduce, store): fewer than
            // four rows in flight per SM leave DRAM latency exposed (kRow.rows_in_flight).
            // A rolled row (longer than kMaxUnrolledChunks chunks) is latency-bound when few
            // rows run at once (kRow.loads_in_flight).
            if (rolled) mem = std::max(mem, waves * std::ceil(double(chunks) / K.loads_in_flight) * K.load_latency_us * passes);
            const double in_flight = per_sm * r;
            if (persistent && in_flight < K.rows_in_flight) mem *= 1.0 + K.per_missing_row * (K.rows_in_flight - in_flight);
            // A stage's combine: over a cluster, or over the grid (and the flags' zeroing).
            double sync = (t > 32 ? K.barrier_us * s.stages * waves : 0) +
                          (over_grid ? K.grid_stage_us * s.stages + K.grid_fixed_us : split > 1 ? K.cluster_stage_us * s.stages : 0.0);
            std::ostringstream why;
            why << "floor " << floor_us << " us, lanes used " << used << ", waves " << waves;
            out.push_back({c, (mem + sync + launch_us) * (stream ? K.streaming : 1.0) * (pack ? K.packed : 1.0), why.str()});
            }
  return out;
}

// Elementwise kernels: grid-stride over vectors of `vec` elements, optionally a fixed grid and
// streaming; ranked by the bytes, access width and occupancy (kElementwise).
std::vector<RankedConfig> elementwise_configs(const GroupShape& s, const Limits& L, double floor_us, double launch_us) {
  std::vector<RankedConfig> out;
  for (int t : {128, 256, 512})
    for (int v : {1, 2, 4, 8})
      for (int b : {0, 4, 8, 16})
        for (bool stream : {false, true}) {
        if (v * s.max_bytes > 16 || s.cols % v != 0) continue;
        if (stream && v * s.min_bytes != 16) continue;
        ElementwiseConfig c;
        c.threads = t;
        c.vec = v;
        c.blocks_per_sm = b;
        c.streaming = stream;
        const auto& K = detail::kElementwise;
        double narrow = 1.0 + K.narrow * (16.0 / (v * s.min_bytes) - 1.0);
        double groups = double(s.elements / v);
        double threads_total = b > 0 ? std::min(groups, double(b) * t * L.sm_count) : groups;
        double occupancy = std::min(1.0, threads_total / (L.sm_count * 1024.0));
        double mem = floor_us * narrow / std::max(K.occupancy_floor, std::sqrt(occupancy));
        std::ostringstream why;
        why << "floor " << floor_us << " us, occupancy " << occupancy;
        out.push_back({c, (mem + launch_us + (b == 0 ? 0.0 : K.fixed_grid_us)) * (stream ? K.streaming : 1.0), why.str()});
        }
  return out;
}

// The generic fallback, always a candidate (and the only one for other groups): one thread per
// output element; reductions and contractions as sequential loops (kGeneric).
std::vector<RankedConfig> generic_configs(const Group& g, const Limits& L, double floor_us, double launch_us) {
  std::vector<RankedConfig> out;
  for (int t : {128, 256}) {
    GenericConfig c;
    c.threads = t;
    const auto& K = detail::kGeneric;
    double flops = 0, serial_us = 0;
    for (const Node* n : g.nodes) {
      if (n->kind() == OpKind::Contraction || n->kind() == OpKind::Reduce) {
        const std::vector<int64_t> a = detail::dims_of(n->operand(0));
        double in = double(detail::numel(a));
        double outn = double(detail::numel(detail::dims_of(n)));
        if (n->kind() == OpKind::Contraction) {
          // A matmul's multiply-adds: the output times the contracted length.
          const bool ta = n->attrs().has("transpose_a") && n->attrs().b("transpose_a");
          const double k = a.empty() ? 1.0 : double(ta && a.size() >= 2 ? a[a.size() - 2] : a.back());
          flops += 2.0 * outn * k * K.contraction_flops;
        } else {
          flops += in * K.reduction_flops;
        }
        // A thread reads its output's whole reduction, one dependent add after another, per wave
        // of resident threads.
        if (n->kind() == OpKind::Reduce)
          serial_us += std::ceil(outn / (double(L.sm_count) * L.threads_per_sm)) * (in / std::max(1.0, outn)) * K.serial_us_per_element;
      }
    }
    double est = std::max(floor_us * K.bytes_factor + flops / (L.fp32_tflops * 1e6 * K.fp32_share), serial_us) +
                 launch_us * double(g.writes.size()) + (t == 128 ? K.t128 : 0);
    out.push_back({c, est, "generic: one thread per output element"});
  }
  return out;
}

}  // namespace

std::vector<RankedConfig> enumerate_configs(const Group& g, const GroupShape& s, const Limits& L) {
  std::vector<RankedConfig> out;
  const double bytes = group_bytes(g);
  const double floor_us = bytes / (L.hbm_gb_s * 1e3);
  const double launch_us = detail::kRow.launch_us;
  switch (s.strategy) {
    case Strategy::Row: out = row_configs(g, s, L, floor_us, launch_us); break;
    case Strategy::Column: out = column_configs(g, s, L, floor_us, launch_us); break;
    case Strategy::Contraction: out = detail::contraction_configs(g, s, L); break;
    case Strategy::Attention: out = detail::attention_configs(g, s, L); break;
    case Strategy::Elementwise: out = elementwise_configs(s, L, floor_us, launch_us); break;
    case Strategy::Generic: break;
  }
  std::vector<RankedConfig> generic = generic_configs(g, L, floor_us, launch_us);
  out.insert(out.end(), std::make_move_iterator(generic.begin()), std::make_move_iterator(generic.end()));
  std::stable_sort(out.begin(), out.end(), [](const RankedConfig& a, const RankedConfig& b) { return a.est_us < b.est_us; });
  return out;
}

}  // namespace axon::tiling
