// The calibration factors of the tiling's estimates (docs/codegen.md, "Configurations"), one table
// per kernel family: the efficiencies, overheads and rates the roofline estimates multiply by,
// each named and said where it comes from. The target's own figures (SM count, bandwidth, peak
// rates, shared memory) are not here: they come from the Limits (isa_specs/targets/*.target or
// the device). Changing a value here changes the rankings (tests/golden/rankings.txt pins them).
#pragma once

namespace axon::tiling::detail {

// Every contraction family (mma.sync, wgmma, tf32, SIMT).
struct ContractionCalibration {
  // Operands re-read by the other tiles of their row or column mostly hit L2: this share of those
  // re-reads is counted as DRAM traffic.
  double l2_reread_share = 0.15;
  // A grid of few tiles moves bytes at min(1, fill_floor + tiles / SMs) of the copy rate.
  double fill_floor = 0.3;
  // Compute and memory overlap: the estimate is max(compute, memory) + overlap * min(...).
  double overlap = 0.15;
  // A launch's fixed cost and tail, us.
  double launch_us = 3.0;
  // A k-tile's copy takes about the loaded memory latency, us (latency_us: Little's law over the
  // tiles a block has in flight; calibrated on rmsnorm -> matmul at M = 16, H200, 2026-12-03).
  double loaded_latency_us = 1.5;
};
inline constexpr ContractionCalibration kContraction{};

// mma.sync (bf16/f16 on the tensor cores, sm_80 and later).
struct MmaSyncCalibration {
  double eff = 0.62;              // the tensor rate's share at full fragment reuse, warps and depth
  double intensity_full = 32.0;   // warp-tile intensity (tm tn / (tm + tn)) at full reuse (sqrt below)
  double warps_full = 8.0;        // warps per SM that hide the latency
  double two_stages = 0.85;       // a pipeline of two stages
  double bk32 = 0.97;             // k-tiles of 32 (against 64)
  double computed_operand = 0.6;  // an operand computed by the warps between their mma's
  double prologue_issue = 0.5;    // ... at half of each warp's issue
  int regs_overhead = 48;         // registers besides the accumulators and fragments
  double resident_cap = 32.0;     // blocks per SM at most
};
inline constexpr MmaSyncCalibration kMmaSync{};

// wgmma (sm_90a), fed by cp.async or by TMA, with its options.
struct WgmmaCalibration {
  double eff_tma = 0.95;      // the tensor rate's share, TMA-fed
  double eff_cp_async = 0.85; // ... fed by cp.async from every thread
  double bn_full = 256.0;     // efficiency grows with bn / bn_full + bn_floor, up to one
  double bn_floor = 0.25;
  double warps_full = 8.0;    // consumer warps per SM that keep the tensor cores busy
  double shallow = 0.9;       // fewer than four stages
  // A computed operand: fed by cp.async, the warps compute it (its loads' latency too); fed by
  // TMA, the producers compute it from its staged source or from global memory, a second
  // producer warpgroup helping; register A's consumers compute A between their wgmmas (not
  // measured yet: a guess).
  double computed_cp_async = 0.6;
  double computed_staged = 0.85;
  double computed_loaded = 0.6;
  double two_producers = 1.1;
  double register_a = 0.95;
  double persistent = 1.03;   // the next tile's loads overlap this one's stores
  double store_warps = 1.02;  // and so do the next tile's wgmmas
  // The bulk store runs on under the next tile's wgmmas (persistent) or the block's exit.
  // Measured (H200, gemm 4096^3, persistent 128 x 256): 178.2 us against 197.5 storing from the
  // accumulators.
  double tma_store_persistent = 1.05;
  double tma_store = 1.01;
  double multicast = 1.01;    // half of B's traffic from L2
  // Stream-K: writing and reading a tile of partial sums, every block at once, about 40 GB/s per
  // SM (bytes per us; measured, H200, 4096^3 in 128 x 256 tiles, 7 us); zeroing the flags, us;
  // a finisher over every SM takes each sharer's partial after a flag's acquire (this share of a
  // loaded latency each; calibrated at M = 16, about four sharers: 19.7 us against 17.7 for
  // split-K over clusters of four, H200, 2026-12-03).
  double partial_bytes_per_us = 4e4;
  double flags_us = 1.0;
  double sharer_latency_share = 0.5;
  // Split-K: each block pushes its partial sums into their owners at about 100 GB/s per SM
  // (bytes per us), behind one split-phase cluster barrier (us). H200, M = 16: the push measured
  // 0.7-1 us.
  double push_bytes_per_us = 1e5;
  double split_barrier_us = 0.5;
  // Producer warps per producer warpgroup that compute an operand, and the warps of a cp.async
  // kernel's warpgroup that do (at half their issue).
  double producer_warps = 4.0;
  double cp_async_warps = 2.0;
  double register_a_warps = 4.0;  // register A: consumer warps per warpgroup
};
inline constexpr WgmmaCalibration kWgmma{};

// tf32 mma.sync (f32 operands: --allow-tf32, or three products each).
struct Tf32Calibration {
  double tensor_over_fp32 = 4;  // the tf32 tensor rate as a multiple of fp32 where the target has none
  // The tf32 rate's share mma.sync reaches. Measured (H200, 2026-12-01, docs/contraction.md):
  // 4096^3 with --allow-tf32, 1011 us against 510 estimated at 0.6, so 0.3.
  double eff = 0.3;
  double bk16 = 0.95;           // k-tiles of 16 (against 32)
  int regs_overhead = 40;       // registers besides the accumulators and fragments
  // tf32x3: the mma rate's share left beside the splits' cvt and sub. Measured (H100,
  // 2026-12-05, benchmarks/sweep/results/2026-12-05-c-h100/NOTES.md): S of full attention d128
  // 4x4x1449 as its parts, 298.8 us against 128.6 estimated at eff 0.6 and 0.85, so about 0.75
  // beside eff 0.3.
  double split_eff = 0.75;
  // A computed operand's points a thread's load loop unrolls by (loads in flight per thread).
  int computed_unroll = 8;
};
inline constexpr Tf32Calibration kTf32{};

// SIMT f32 contractions on the CUDA cores.
struct SimtCalibration {
  // The fp32 rate's share at full register-tile intensity. Measured (H200, 2026-12-01,
  // docs/contraction.md): 4096^3, the fastest configuration 4816 us against 2811 estimated for
  // the best at 0.85, so 0.5.
  double eff = 0.5;
  double intensity_full = 4.0;  // FMAs per shared load at full rate
  double bk8 = 0.95;            // k-tiles of 8 (against 16)
  int regs_overhead = 40;       // registers besides the outputs and the operands' values
  double resident_cap = 8.0;    // blocks per SM at most
};
inline constexpr SimtCalibration kSimt{};

// The 16-bit tensor rate as a multiple of fp32 where the target has none (contractions, attention).
inline constexpr double kTensorOverFp32 = 8;

// Flash-style attention.
struct AttentionCalibration {
  // The tensor rate's share: one consumer warpgroup (tile by tile, its softmax does not overlap
  // its own wgmmas) or two (they interleave theirs); the deferred orders (overlap, pingpong)
  // run the softmax beside the previous tile's P V; 128-key tiles amortize the row bookkeeping.
  double eff_one = 0.5;
  double eff_two = 0.62;
  // Three (192 rows, in order or overlapped): on an H100 (2026-12-07, side by side,
  // benchmarks/suite/results/2026-12-07-three-warpgroups/) 1.007x, 1.23x and 1.13x the time of
  // the search's two-warpgroup kernel on f16 causal d 64, bf16 full d 64 and bf16 causal d 96,
  // where the model at eff_two's share said 1.55x, 1.26x and 1.54x: the share that lands nearer
  // on the three, still ranking them below two.
  double eff_three = 0.7;
  double deferred = 1.1;
  double bn64 = 0.9;
  double stages3 = 1.01;       // three stages or more
  double waves_cap = 1.5;      // the last wave's cost at most this share of a whole wave
  double qkv_l2_share = 0.1;   // Q, K, V mostly hit L2 (stored scores are read once, in full)
  double fixed_us = 4;         // launch and tail
  double pingpong = 0.99;      // ties go to pingpong
  // One block per SM over the row blocks against its twin (a block per row block), where some
  // block walks two or more: the suite's timer (H200, 2026-12-06) measured 0.93x of the twin at
  // S 1024 (B 32, H 16, d 128), 0.96x at S 2048, 0.99x at S 4096, causal 0.97x at S 2048: the row
  // blocks' starts and ends overlap, a share that falls as the rows grow. The smallest share.
  double persistent = 0.99;
  // The persistent kernel's epilogue from registers, element by element (a copied Q), against
  // its bulk-stored twin (timed by the search, H100, 2026-12-07, the suite's attention and causal
  // graphs, 128x128 w2 s2 pingpong persistent, the scale left on S;
  // benchmarks/suite/results/2026-12-07-attention-h100/3-tma-store/): 1.11x (544.1 / 491.6 us,
  // causal 340.3 / 306.8). (With a computed Q, the bulk store from a buffer of its own ran 1.04x
  // the staged epilogue, 504.3 / 485.1: the twin stores from the staged O instead.)
  double persistent_register_writes = 1.11;
  // The bulk store from the staged O in Q's panels (a computed Q) against the staged epilogue's
  // 16-byte stores: side by side on an H100 (2026-12-07, the suite's attention and causal graphs,
  // 128x128 w2 s3 pingpong persistent, each generated and validated by the search;
  // benchmarks/suite/results/2026-12-07-old-vs-new-h100/): 0.976x (479.9-490.7 against
  // 491.5-502.4 us), causal 0.983x (299.7-304.1 against 304.8-309.7).
  double persistent_bulk_from_q = 0.98;
  // The row blocks' stream (AttentionConfig::stream) against the persistent kernel it streams,
  // side by side, each generated and validated by the search: on an H200 (2026-12-07,
  // benchmarks/suite/results/2026-12-07-stream/) the suite's attention graph 0.988x (481.5 /
  // 486.7 and 488.8 / 494.8 us, s2 against s2); on an H100 (2026-12-07,
  // 2026-12-07-stream-counted/) against the search's best persistent kernel (s3) 1.000x at S 2048
  // (485.2-496.3 / 485.0-496.6) and 1.004x at S 1024 (539.6, 550.2 / 537.6, 548.3). Masks that
  // skip tiles (causal, the row blocks by the counter in both): 1.027x (312.1-325.2 /
  // 303.5-317.1; by stride it was 1.050x on the H200).
  double persistent_stream = 0.99;
  double persistent_stream_masked = 1.03;
  // The stream with three Q buffers (AttentionConfig::q_buffers) against two, the same runs on
  // the H100: 0.998x at S 2048, 0.990x at S 1024, 0.996x causal.
  double stream_q3 = 0.995;
  // The key tiles walked from the last (AttentionConfig::from_last) against the same kernel
  // walking them from the first, with masked tiles tested by one comparison per score in both:
  // side by side on an H100 (2026-12-07, benchmarks/suite/results/2026-12-07-masked-tiles/),
  // f16 causal d 64 0.91x, f16 causal d 128 0.85x, bf16 causal d 64 0.89x, the suite's causal
  // graph (bf16 d 128, 128x128 w2 s3 pingpong persistent tma-store) 1.025x. Ranked first; the
  // search times both twins.
  double from_last = 0.93;
  int l2_share = 4;            // a group of batch entries' K and V fill at most 1 / l2_share of L2
  int regs_overhead = 48;      // registers per consumer thread besides O, S and P
  // ... with one P buffer (key tiles over 128): ptxas (sm_90a, d 128, 2026-12-06) compiled 176
  // keys at 240 without a spill (64 + 88 + 44 + 36 = 232) and spilled 8 bytes at 192 (244).
  int regs_overhead_one_p = 36;
  int regs_two = 240;          // registers per thread at most with two consumer warpgroups
  int regs_three = 160;        // ... with three (a block of 512: 24 for the producer, 3 x 160)
  int regs_overhead_three = 32;
  int regs_q_computed_three = 24;  // ... and where the consumers compute Q
  // One P buffer (AttentionConfig::one_p: packed after P V's wait, on the ping-pong's path)
  // against the model's estimate: the suite's attention and causal graphs (H100, 2026-12-06) ran
  // 1.12x slower at 176 keys with one buffer than at 128 with two, where the model without this
  // factor said 1.03x. The 128-key twin shares the factor: it ran 1.036x slower than two buffers
  // (H100, 2026-12-07), ranked below them either way.
  double one_p = 1.09;
  // f32 operands on tf32 mma.sync: the tf32 rate's share. Measured (H100, 2026-12-05, full
  // attention d128 4x4x1449, 128x32 w2 s3): 734.6 us against 292.2 estimated at 0.4, so 0.16,
  // calibrated with the parts' engines (kTf32, kSimt) from the same runs. The conversions by
  // cvt.rn.tf32.f32 (4c1aba3) then made the fused kernel faster by about 1.45: at 0.16 the
  // estimates of the best configuration were 1.3-1.6 times the H100's times on five sweep
  // graphs (full d128 722.9 against 530.8 us, causal d80 438.0 / 305.1, full d80 502.5 / 322.8,
  // full d64 347.7 / 225.2, causal d256 one head 471.1 / 332.1-400.2; 2026-12-05 evening and
  // 2026-12-06), so 0.23.
  double f32_eff = 0.23;
  double f32_two = 1.15;       // two consumer warpgroups interleave their softmax and mma
  // The f32 engine's tile loop, fully unrolled, is this many mma.sync and tf32 splits at most
  // (attention_tf32.cpp, f32_tile_ops); beyond it S's k-steps unroll by f32_s_unroll. Read off
  // nvcc 13.0's sm_90 cubins: about 128 bytes of code per op (d 128, 128x32: 720 ops, 93.6 KB;
  // d 256: 1424 ops, 180 KB), so 800 ops is about 100 KB, under the SM's instruction cache
  // (128 KB per SM on Volta by microbenchmarks; Hopper's is not published). The d 256 kernel
  // took 2.3x d 128's time per key tile for twice the work (H100, 2026-12-05), which a loop
  // streaming its instructions from L2 each tile would explain; not measured with the change.
  int f32_tile_ops_max = 800;
  int f32_s_unroll = 4;
  // f32 row blocks shared by a cluster (AttentionConfig::cluster): only while the grid stays
  // within cluster_fill times the SMs; the merge's two cluster barriers and rank 0's reads of
  // each other rank's exchange (distributed shared memory). Not measured: the barrier as the
  // row kernels' cluster stage (RowCalibration::cluster_stage_us) twice, the reads at an L2-like
  // rate for one SM.
  double cluster_fill = 1.0;
  double cluster_merge_us = 1.0;
  double dsmem_gb_s = 200;
};
inline constexpr AttentionCalibration kAttention{};

// Row kernels (norms, softmax, row reductions).
struct RowCalibration {
  double launch_us = 2.0;           // a launch's fixed cost (every memory-bound kernel)
  double narrow = 0.08;             // per halving of the access below 16 bytes
  double occupancy_floor = 0.35;    // the least the occupancy and last wave divide by
  int regs_base = 40;               // registers besides the cached words
  // Per-thread work far from 8..32 elements: per slot below 8, per slot above 32 (cached).
  double few_slots = 0.05;
  double many_slots = 0.01;
  double l2_rate = 2.5e3;           // re-read (not cached) rows come from L2 at 2.5x the copy rate (bytes per us per GB/s)
  double persistent = 0.98;         // persistent blocks load the column vectors once ...
  double persistent_no_columns = 0.02;  // ... (added back where there are none)
  // A persistent block walks its rows one at a time (load, reduce, store): fewer than four rows
  // in flight per SM leave DRAM latency exposed, this much per missing row. Measured (H200,
  // in-search, 2026-12-02), t512 persistent 2/sm against the plain t512 / t256 persistent 4/sm:
  // rmsnorm writing y at 8192 rows 50.5 against 39.4 / 40.5 us, its statistics alone 33.2
  // against 22.9 / 22.3 (5/sm), at 2048 rows 17.1 against 13.9 / 13.6, layernorm 56.8 against
  // 44.6 / 41.3.
  double rows_in_flight = 4;
  double per_missing_row = 0.175;
  // A rolled row (longer than kMaxUnrolledChunks chunks): about four loads per thread in flight,
  // about 0.8 us each, per pass.
  double loads_in_flight = 4.0;
  double load_latency_us = 0.8;
  double barrier_us = 0.03;         // a block barrier per stage and wave
  double cluster_stage_us = 0.5;    // a stage's combine over a cluster
  // ... over the grid: a release store and acquire loads through L2, and the flags' zeroing.
  double grid_stage_us = 1.0;
  double grid_fixed_us = 1.5;
  double streaming = 0.995;         // ties go to evict-first accesses
  double packed = 1.01;             // unpacking costs a little
};
inline constexpr RowCalibration kRow{};

// Column kernels (reductions that keep the last axis).
struct ColumnCalibration {
  double l2_fit = 0.5;              // inputs of at most this share of L2 are re-read from it ...
  double l2_pass = 0.4;             // ... at this share of a pass from DRAM
  double narrow = 0.08;             // per halving of the access below 16 bytes
  double short_segment = 0.5;       // rows of a warp's accesses under 32 contiguous bytes
  double occupancy_floor = 0.35;
  double loads_in_flight = 4.0;     // the serial walk: loads per thread in flight ...
  double load_latency_us = 0.8;     // ... about 0.8 us each, per pass and wave
  double scalar_latency = 0.7;      // scalar loads (v = 1) issue sooner
  double barrier_us = 0.03;         // a combine over ty: per stage and wave ...
  double per_group_us = 0.004;      // ... and per group of lanes
  double cluster_stage_us = 0.5;    // a stage's combine over a cluster
};
inline constexpr ColumnCalibration kColumn{};

// Elementwise kernels.
struct ElementwiseCalibration {
  double narrow = 0.08;             // per halving of the access below 16 bytes
  double occupancy_floor = 0.3;
  double fixed_grid_us = 0.1;       // a fixed grid's cost (ties go to one block per work item)
  double streaming = 0.995;
};
inline constexpr ElementwiseCalibration kElementwise{};

// The generic fallback.
struct GenericCalibration {
  double bytes_factor = 1.5;        // its accesses are not vectorized
  double fp32_share = 0.05;         // of the fp32 rate
  // Per flop of a contraction's multiply-adds (sequential loops, two loads each): at fp32_share
  // a naive matmul's 3.3 TFLOP/s on the H200's figures. Not measured; it keeps the fallback below
  // every tiled kernel (it was counted per element of the first operand, N times too little: a
  // 1000-wide S of attention ranked the fallback above the tf32x3 kernel).
  double contraction_flops = 1;
  double reduction_flops = 8;       // per element reduced
  // A thread reads its output's whole reduction, one dependent add after another: about 37 ns per
  // element (measured, H200, 2026-12-02: 33 sums of 100001 f32 in 3683 us), per wave of resident
  // threads.
  double serial_us_per_element = 0.037;
  double t128 = 0.01;               // ties go to 256 threads
};
inline constexpr GenericCalibration kGeneric{};

}  // namespace axon::tiling::detail
