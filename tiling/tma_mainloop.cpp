// The TMA-fed mainloop of the sm_90a contraction kernel (docs/contraction.md): the mbarriers, the
// producer warpgroup (copies, computed operands, store warps), the consumers' wgmma loop over the
// block's k-tiles and tiles, and multicast over a cluster. wgmma_kernel.cpp supplies the wgmmas, the
// tile origin and the epilogues. The generator is TmaMainloop, one method per part; the slots'
// barriers are an mbarrier ring (pipeline.h) whose slot and phase expressions it uses.
#include <array>
#include <tuple>

#include "axon/core/error.h"
#include "internal.h"
#include "pipeline.h"

namespace axon::tiling::detail {

namespace {

struct TmaMainloop {
  Emitter& em;
  const Group& g;
  const ContractionShape& c;
  const ContractionConfig& t;
  const TensorCoreIsa& tc;
  const WgmmaIsa& wi;
  const TmaIsa& ti;
  const ClusterIsa& ci;
  const std::vector<Term>& batch;
  const std::function<void()>& emit_wgmmas;
  const TilePieces& tile;
  int S_, C, AE, BE;
  bool all_copied, persistent;
  int CL;  // multicast: clusters of CL blocks walk clusters' tiles (CL tile rows each) in step
  std::string tiles_s;  // the tiles (counted from M at run time under a runtime size)
  bool stream_k;
  std::string tile_loop;
  int64_t direct_bytes = 0, staged_bytes = 0;
  int P, PT;  // producer warpgroups, threads
  bool store_warps;
  std::array<bool, 2> early{};  // operands whose copies need not wait for the kernel before
  bool prefetch, early_all, split_pre;
  std::string dep_wait;
  // The slots: full (copies landed, computed operands stored), empty (released by every block's
  // consumer warps); raw (the staged sources landed) shares the empty barriers.
  MbarrierRing ring, raw;
  std::vector<std::string> tmap;
  std::array<bool, 2> once{};
  bool move_regs = false;

  TmaMainloop(Emitter& em_, const Group& g_, const ContractionShape& c_, const ContractionConfig& t_, const TensorCoreIsa& tc_, const WgmmaIsa& wi_,
              const TmaIsa& ti_, const ClusterIsa& ci_, const std::vector<Term>& batch_, const std::function<void()>& emit_wgmmas_,
              const TilePieces& tile_);
  // Operand op's tile (or its staged source, for register A) is copied as it is, onto `full`.
  bool copied(int op) const { return op == 0 ? c.a.direct || t.a_regs : c.b.direct; }
  // A thread waits for a phase of parity `par` of the barrier at `bar` (a retry loop: try_wait
  // suspends for a bounded time).
  std::string wait(const std::string& bar, const std::string& par) const { return mbarrier_wait_loop(*ti.wait, bar, par); }
  void emit();
  void open_tile_loop(bool counts);
  void barriers();
  void k_range();
  void producer();
  void store_warp_loop();
  void tensor_map_names();
  void panels();
  void issue(int op, const std::string& bar);
  void acquire();
  void prefetch_first();
  void producer_loops();
  void consumers();
  std::string release(const std::string& bar) const;
  void stream_k_fixup();
  void tile_end();
};

TmaMainloop::TmaMainloop(Emitter& em_, const Group& g_, const ContractionShape& c_, const ContractionConfig& t_, const TensorCoreIsa& tc_,
                         const WgmmaIsa& wi_, const TmaIsa& ti_, const ClusterIsa& ci_, const std::vector<Term>& batch_,
                         const std::function<void()>& emit_wgmmas_, const TilePieces& tile_)
    : em(em_), g(g_), c(c_), t(t_), tc(tc_), wi(wi_), ti(ti_), ci(ci_), batch(batch_), emit_wgmmas(emit_wgmmas_), tile(tile_) {
  S_ = t.stages, C = t.warps_m, AE = t.bm * t.bk, BE = t.bk * t.bn;
  AXON_CHECK(!t.a_regs || (c.a_regs && c.b.direct), "codegen: register A needs A's source copied and B stored N-major");
  all_copied = copied(0) && copied(1), persistent = t.blocks_per_sm > 0;
  AXON_CHECK(!persistent || all_copied, "codegen: persistent TMA kernels copy every operand");
  CL = t.multicast;
  AXON_CHECK(CL == 1 || (ci.multicast && all_copied && t.splits == 1 && multicast_fits(c, t)),
             "codegen: multicast needs the cluster instructions, every operand copied, no split and B's boxes in equal shares");
  const int64_t tiles = c.batch * ((c.m + int64_t(t.bm) * CL - 1) / (int64_t(t.bm) * CL)) * ((c.n + c.tile_n(t.bn) - 1) / c.tile_n(t.bn));
  tiles_s = c.m_text.empty() ? S(tiles)
                             : "(int)(" + S(c.batch) + " * ((" + c.m_text + " + " + S(int64_t(t.bm) * CL - 1) + ") / " + S(int64_t(t.bm) * CL) +
                                   ") * " + S((c.n + c.tile_n(t.bn) - 1) / c.tile_n(t.bn)) + ")";
  stream_k = t.stream_k;
  AXON_CHECK(!stream_k || ti.flags(), "codegen: stream-K needs the flag instructions");  // the rest: wgmma_can_run
  tile_loop = stream_k ? "for (int lt = 0, g0 = 0; lt < items; ++lt) {"
              : CL > 1 ? "for (int tile = blockIdx.x / " + S(CL) + ", lt = 0; tile < " + tiles_s + "; tile += gridDim.x / " + S(CL) + ", ++lt) {"
                       : "for (int tile = blockIdx.x, lt = 0; tile < " + tiles_s + "; tile += gridDim.x, ++lt) {";
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    (copied(op) ? direct_bytes : staged_bytes) += p.direct || p.staged ? int64_t(op == 0 ? AE : BE) * 2 : 0;
  }
  P = t.producers, PT = 128 * P;
  AXON_CHECK(P == 1 || !all_copied, "codegen: two producer warpgroups with nothing to compute");
  // Store warps (warps 1-3 of the producer warpgroup): the staging buffer after the slots, and its
  // barriers after the others: sfull (each consumer thread's values are in), sfree (each store
  // thread has read them).
  store_warps = t.store_warps;
  AXON_CHECK(!store_warps || (persistent && P == 1), "codegen: store warps serve a persistent TMA kernel with one producer warpgroup");
  // Programmatic dependent launch: the kernel may start while the one before it in the launch
  // drains, and griddepcontrol.wait holds a thread until that kernel's writes are visible. No
  // kernel of a launch writes a graph input, so the copies of an operand that is one (`early`)
  // need not wait: the producer thread issues them for the first `pre` k-tiles before it waits
  // (or never waits, when every operand is one); the store warps and the consumers wait when they
  // start (after the block's barriers: a thread held before a barrier would hold the producer
  // thread there; after setmaxnreg, which a warpgroup executes together); the producer
  // warpgroup's other threads leave.
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    early[size_t(op)] = ti.dep_wait != nullptr && all_copied && (p.direct ? p.node : p.staged)->op() == Op::Input &&
                        (op == 0 || c.mm2 == nullptr || c.b2.node->op() == Op::Input);
  }
  prefetch = early[0] || early[1], early_all = early[0] && early[1];
  split_pre = prefetch && !early_all;
  dep_wait = prefetch ? inline_asm(*ti.dep_wait, {}, true) : std::string();
  // full: one producer arrival with the copies' bytes, or every producer thread's (and the
  // copies' one) when the producers compute an operand.
  ring = MbarrierRing{&ti, "full0", "empty0", S_, 4 * C * CL};
  ring.producers = all_copied ? 1 : PT + (direct_bytes > 0 ? 1 : 0);
  raw = MbarrierRing{&ti, "raw0", "empty0", S_, 4 * C * CL};
}

// A persistent block's loop over its work items (tiles, or stream-K's shares of tiles): the
// tile, its k-tiles kb .. kb + NK - 1 and gb, the block's k-tiles before them (slots and
// phases count the block's k-tiles across its items); store warps (never with stream-K) count
// tiles only.
void TmaMainloop::open_tile_loop(bool counts) {
  em.open(tile_loop);
  if (stream_k) {
    em.line("int tile, ka, kz;");
    em.line("item(lt, tile, ka, kz);");
    em.line("const int kb = ka, NK = kz - ka, gb = g0;");
    em.line("g0 += NK;");
  } else if (counts) {
    em.line("const int gb = lt * NK;");
  }
  tile.origin("tile");
}

// The barriers after the slots (and the staging buffer), initialized by thread 0 before any copy
// or arrival reaches them.
void TmaMainloop::barriers() {
  const SmemPlan smem = wgmma_smem_plan(t);
  em.line(smem.declare({"full0", "empty0", "raw0"}, "sa0"));
  if (store_warps) em.line(smem.declare({"sfull", "sfree"}));
  if (t.splits > 1) em.line(split_area_decl(t));  // split-K's receive area and its mbarrier
  em.open("if (tid == 0) {");
  em.open("for (int s = 0; s < " + S(S_) + "; ++s) {");
  em.line(ring.init_full("s"));
  em.line(ring.init_empty("s"));  // every block's consumer warps
  em.line(raw.init_full("s"));
  em.close();
  if (store_warps) {
    em.line(inline_asm(*ti.init, {{"a", "r", {"sfull"}}, {"b", "r", {S(128 * C)}}}, true));
    em.line(inline_asm(*ti.init, {{"a", "r", {"sfree"}}, {"b", "r", {"96"}}}, true));
  }
  if (t.splits > 1) em.line(inline_asm(*ti.init, {{"a", "r", {"rbar"}}, {"b", "r", {"1"}}}, true));  // the owner's arrival + the bytes
  em.line(inline_asm(*ti.init_fence, {}, true));
  em.line(inline_asm(*wi.proxy, {}, true));
  em.close();
  if (CL > 1) {  // every block's barriers are initialized before any copy or arrival reaches them
    em.line(inline_asm(*ci.arrive, {}, true));
    em.line(inline_asm(*ci.wait, {}, true));
  } else {
    em.line("__syncthreads();");
  }
  // Split-K: every thread arrives once its block's barriers are initialized; the consumers wait
  // (at the end, before their first push into another block's receive area), so that no block
  // waits for the others here. Exited threads (the producers) do not hold the barrier.
  if (t.splits > 1) {
    AXON_CHECK(CL == 1 && ci.arrive != nullptr, "codegen: split-K needs barrier.cluster.arrive");
    em.line(inline_asm(*ci.arrive, {}, true));
  }
}

// The block's k-tiles kb .. kb + NK - 1: all of them, or its split's share (every split has one
// or more: splits <= KT). g counts the block's k-tiles (across its tiles when persistent).
void TmaMainloop::k_range() {
  em.line("const int KT = " + S((c.k + t.bk - 1) / t.bk) + ";");
  if (t.splits > 1) em.line("const int kb = split * KT / " + S(t.splits) + ", NK = (split + 1) * KT / " + S(t.splits) + " - kb;");
  else em.line("const int kb = 0, NK = KT;");
  if (!stream_k) return;
  // Stream-K (docs/contraction.md): P workers (blocks, or clusters walking the same items), T
  // tiles. The first `whole` tiles (whole waves but the last) go round-robin, whole; the rest's
  // U k-tiles are shared out evenly (worker wk: units u0 .. u1 - 1, one or more: the grid has at
  // most U workers; with T < P every tile is shared by several), each share's tiles walked from
  // the last: a worker's unfinished contribution (the start of its last tile) is published before
  // it finishes a tile (waiting only on lower workers' contributions: no cycle).
  em.line("const int P = gridDim.x / " + S(CL) + ", wk = blockIdx.x / " + S(CL) + ", T = " + tiles_s + ";");
  em.line("const int whole = T / P >= 2 ? (T / P - 1) * P : 0, nwhole = whole / P;");
  em.line("const long long U = (long long)(T - whole) * KT;");
  em.line("const int u0 = (int)(wk * U / P), u1 = (int)((wk + 1) * U / P), hi = (u1 - 1) / KT, items = nwhole + hi - u0 / KT + 1;");
  em.open("auto item = [&](int lt, int& tile, int& ka, int& kz) {");
  em.line("if (lt < nwhole) { tile = wk + lt * P; ka = 0; kz = KT; return; }");
  em.line("const int r = hi - (lt - nwhole);");
  em.line("tile = whole + r; ka = max(u0 - r * KT, 0); kz = min(u1 - r * KT, KT);");
  em.close("};");
}

// The producer warpgroups (threads tid < PT).
void TmaMainloop::producer() {
  em.open("if (role < " + S(P) + ") {  // the producer warpgroups (threads tid < " + S(PT) + ")");
  // Registers move from the producer warpgroup to the consumers: 128 x 96 (store warps: they keep
  // 72) or 128 x 128 freed, 256 x 48 or 256 x 64 taken, of the 168 per thread that __launch_bounds__
  // (384 threads) gives.
  // Two blocks per SM (wgmma_blocks_per_sm): every thread keeps the launch's 128.
  move_regs = all_copied && wgmma_blocks_per_sm(t) == 1;
  if (all_copied) {
    if (move_regs) em.line(inline_asm(*ti.reg_dec, {{"n", "", {store_warps ? "72" : "40"}, true}}, false));
    if (store_warps) store_warp_loop();
    em.line("if (tid != 0) return;");
  } else {
    emit_load_tile(em, g, c, t, tc, batch, true, {"tid", PT, true, true});
  }
  tensor_map_names();
  if (split_pre) prefetch_first();
  producer_loops();
  em.line("return;");
  em.close();  // producer
}

// Store warps, tile by tile: wait until the consumers have staged it, store it, free the buffer.
void TmaMainloop::store_warp_loop() {
  em.open("if (tid >= 32) {");
  if (prefetch) em.line(dep_wait);
  open_tile_loop(false);
  em.line(wait("sfull", "lt & 1"));
  tile.stores();
  em.line(inline_asm(*ti.arrive, {{"a", "r", {"sfree"}}}, true));
  em.close();
  em.line("return;");
  em.close();
}

// The copied tensors' maps, and the L2 policy of those copied once per launch.
void TmaMainloop::tensor_map_names() {
  tmap.assign(2, "");
  int maps = 0;
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    if (!p.direct && !p.staged) continue;
    tmap[size_t(op)] = "tmap" + S(op);
    em.line("const unsigned long long " + tmap[size_t(op)] + " = (unsigned long long)&tm" + S(maps++) + ";");
  }
  if (c.mm2 != nullptr) em.line("const unsigned long long tmap2 = (unsigned long long)&tm" + S(maps++) + ";");
  // A tensor copied once per launch (W at M = 16) is copied under the evict-first L2 policy: its
  // lines make room first, the ones read again (the other operand) stay.
  for (int op = 0; op < 2; ++op) once[size_t(op)] = ti.hints() && !tmap[size_t(op)].empty() && (op == 0 || CL == 1) && copied_once(c, t, op);
  if (once[0] || once[1]) declare_once_policy(em, ti);
}

// The copied tensors' batch panels (of the tile's batch bz): their own batch axes, broadcast
// against the output's.
void TmaMainloop::panels() {
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    if (!p.direct && !p.staged) continue;
    const std::vector<int64_t> od = dims_of(p.direct ? p.node : p.staged);
    const std::vector<Term> opoint = operand_point(c, op, batch, term::integer(0), term::integer(0));
    const std::vector<Term> ob(opoint.begin(), opoint.end() - 2);
    const std::string panel = ob.empty() ? "0" : em.index(flat_index(ob, std::vector<int64_t>(od.begin(), od.end() - 2)));
    em.line("const int panel" + S(op) + " = (int)(" + panel + ");");
  }
}

// Copies of operand op's k-tile (or its staged source's) into its slot, completing on `bar`.
// A twin's B and B2 fill the B slot's first and second halves (K-major: rows; MN-major: 64-column
// blocks), both from columns n0 on.
void TmaMainloop::issue(int op, const std::string& bar) {
  const OperandPlan& p = op == 0 ? c.a : c.b;
  const std::string base = op == 0 ? "sa0 + (unsigned)(slot * " + S(AE * 2) + ")" : "sb0 + (unsigned)(slot * " + S(BE * 2) + ")";
  const std::string rows0 = op == 0 ? "m0" : "n0", panel = "panel" + S(op);
  const int rows = op == 0 ? t.bm : c.tile_n(t.bn);  // the tile's rows (K-major) or columns of one tensor
  const int64_t half = p.k_major ? int64_t(rows) * 128 : int64_t(rows / 64) * t.bk * 128;  // bytes
  // Multicast B: this block's share (rank r: rows r * rows / CL .., or every CL-th 64-column
  // block from r), written to every block of the cluster.
  const int share = op == 1 ? CL : 1;
  auto copy = [&](const std::string& dst, const std::string& tm, const std::string& c0, const std::string& c1) {
    if (share == 1) {
      em.line(tma_copy(ti, {{"d", "r", {dst}}, {"a", "l", {tm}}, {"c0", "r", {c0}}, {"c1", "r", {c1}}, {"c2", "r", {panel}}, {"m", "r", {bar}}},
                       once[size_t(op)]));
      return;
    }
    em.line(inline_asm(*ci.copy_mc, {{"d", "r", {dst}}, {"a", "l", {tm}}, {"c0", "r", {c0}}, {"c1", "r", {c1}}, {"c2", "r", {panel}}, {"m", "r", {bar}},
                                     {"k", "h", {"(unsigned short)" + S((1 << CL) - 1)}}}, true));
  };
  for (int twin = 0; twin < (op == 1 && c.mm2 != nullptr ? 2 : 1); ++twin) {
    const std::string tm = twin ? "tmap2" : tmap[size_t(op)], at = twin ? base + " + " + S(half) : base;
    if (p.k_major) {
      if (share == 1) copy(at, tm, "k0", rows0);
      else copy(at + " + rank * " + S(int64_t(rows / share) * 128), tm, "k0", rows0 + " + rank * " + S(rows / share));
      continue;
    }
    em.line("#pragma unroll");  // 64-column blocks of bk rows
    em.open(share == 1 ? "for (int j = 0; j < " + S(rows / 64) + "; ++j) {" : "for (int j = rank; j < " + S(rows / 64) + "; j += " + S(share) + ") {");
    copy(at + " + j * " + S(int64_t(t.bk) * 128), tm, rows0 + " + j * 64", "k0");
    em.close();
  }
}

// Thread 0 takes slot g % S for k-tile kt (waiting for the consumers to release its previous
// k-tile, phase g / S - 1) and starts its copies. The first `pre` k-tiles' early copies (and
// their slots' expected bytes) went out before the wait: only the others are issued here.
void TmaMainloop::acquire() {
  em.line("const int slot = " + ring.slot_of("g") + ", k0 = kt * " + S(t.bk) + ";");
  em.open("if (tid == 0) {");
  if (split_pre) {
    em.open("if (g < pre) {");
    for (int op = 0; op < 2; ++op)
      if (!early[size_t(op)]) issue(op, ring.full_at("slot"));
    em.close();
    em.open("if (g >= pre) {");
  }
  em.line(ring.producer_acquire("g", "slot"));
  for (const auto& [bytes, r, direct] : {std::tuple<int64_t, const MbarrierRing*, bool>{direct_bytes, &ring, true}, {staged_bytes, &raw, false}}) {
    if (bytes == 0) continue;
    em.line(r->producer_expect("slot", bytes));
    for (int op = 0; op < 2; ++op) {
      const OperandPlan& p = op == 0 ? c.a : c.b;
      if (direct ? copied(op) : !copied(op) && p.staged != nullptr) issue(op, r->full_at("slot"));
    }
  }
  if (split_pre) em.close();
  em.close();
}

// The early copies of the block's first tile (a persistent block has one: tiles > blocks), before
// the producer waits for the kernel before. Stream-K: the first item's.
void TmaMainloop::prefetch_first() {
  if (stream_k) em.line("int tile0, ka0, kz0;\nitem(0, tile0, ka0, kz0);");
  const std::string kb0 = stream_k ? "ka0" : "kb", nk0 = stream_k ? "(kz0 - ka0)" : "NK";
  em.line("const int pre = " + nk0 + " < " + S(S_) + " ? " + nk0 + " : " + S(S_) + ";");
  em.open("{");
  if (persistent) {
    em.line("const int tile = " + (stream_k ? std::string("tile0") : "blockIdx.x" + (CL > 1 ? " / " + S(CL) : std::string())) + ";");
    tile.origin("tile");
  }
  panels();
  em.open("for (int j = 0; j < pre; ++j) {");
  em.line("const int slot = j, k0 = (" + kb0 + " + j) * " + S(t.bk) + ";");
  em.line(ring.producer_expect("slot", direct_bytes));
  for (int op = 0; op < 2; ++op)
    if (early[size_t(op)]) issue(op, ring.full_at("slot"));
  em.close();
  em.close();
  em.line(dep_wait);
}

// The producer's loop over the block's k-tiles (and tiles, when persistent); computing producers
// run `stages - 2` k-tiles behind their copies and store each computed tile into its slot.
void TmaMainloop::producer_loops() {
  if (persistent) {
    open_tile_loop(true);
    panels();
    em.open("for (int j = 0; j < NK; ++j) {");
    em.line("const int kt = kb + j, g = gb + j;");
    acquire();
    em.close();
    em.close();
    return;
  }
  panels();
  if (all_copied) {
    em.open("for (int j = 0; j < NK; ++j) {");
    em.line("const int kt = kb + j, g = j;");
    acquire();
    em.close();
    return;
  }
  const int L = S_ - 2;
  em.open("for (int it = 0; it < NK + " + S(L) + "; ++it) {");
  em.open("if (it < NK) {");
  em.line("const int kt = kb + it, g = it;");
  acquire();
  em.close();
  em.line("const int j = it - " + S(L) + ";");
  em.open("if (j >= 0) {");
  em.line("const int slot = " + ring.slot_of("j") + ";");
  // Every thread writes into the slot: it too waits for its release (thread 0 did, for the copies).
  em.line(ring.producer_acquire("j", "slot"));
  if (staged_bytes > 0) em.line(raw.consumer_wait("slot", "j"));
  em.line("load_tile(kb + j, slot);");
  em.line(inline_asm(*wi.proxy, {}, true));  // st.shared (generic proxy) before wgmma's reads
  em.line(inline_asm(*ti.arrive, {{"a", "r", {ring.full_at("slot")}}}, true));
  em.close();
  em.close();
}

// A slot goes back to the producer (multicast: to every block's, whose copies it receives).
std::string TmaMainloop::release(const std::string& bar) const {
  if (CL == 1) return inline_asm(*ti.arrive, {{"a", "r", {bar}}}, true);
  return "for (int r = 0; r < " + S(CL) + "; ++r) { unsigned ra; " + inline_asm(*ci.mapa, {{"d", "=r", {"ra"}}, {"a", "r", {bar}}, {"b", "r", {"r"}}}, false) +
         " " + inline_asm(*ci.arrive_remote, {{"a", "r", {"ra"}}}, true) + " }";
}

// The consumers: per tile (persistent) the k-tiles' wgmmas, each slot released once the next
// k-tile's wgmmas are issued (its own have completed), then stream-K's fix-up and the tile's end.
void TmaMainloop::consumers() {
  if (move_regs) em.line(inline_asm(*ti.reg_inc, {{"n", "", {store_warps ? "216" : "232"}, true}}, false));
  // The consumers' main loop reads shared memory only (and, for register A, graph inputs where
  // a_reads_inputs): a block of one tile waits for the kernel before it after that loop, before its
  // epilogue reads or writes global memory, so that the loop runs beside that kernel's end.
  const bool late_wait = prefetch && !persistent && (!t.a_regs || c.a_reads_inputs);
  if (prefetch && !late_wait) em.line(dep_wait);
  if (tile.before_loop) tile.before_loop();
  if (persistent) {
    open_tile_loop(true);
    tile.zero();
  } else {
    em.line("const int gb = 0;");
  }
  // At least one k-tile (NK >= 1): a do-while, so that no path skips the wgmmas (ptxas serializes
  // every wgmma of a kernel whose accumulators a skipped loop leaves to moves: C7515).
  em.line("int j = 0;");
  em.open("do {");
  em.line("const int g = gb + j, slot = " + ring.slot_of("g") + ";");
  em.line(ring.consumer_wait("slot", "g"));
  emit_wgmmas();
  // The previous k-tile's wgmma has completed: its slot goes back.
  em.line("if (j > 0 && (th & 31) == 0) " + release(ring.empty_at(ring.slot_of("g - 1"))));
  em.close("} while (++j < NK);");
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  // And the last one's, for the block's next tile.
  em.line("if ((th & 31) == 0) " + release(ring.empty_at(ring.slot_of("gb + NK - 1"))));
  if (late_wait) em.line(dep_wait);
  if (stream_k) stream_k_fixup();
  tile_end();
}

// Stream-K: a tile's first k-tiles leave their partial sums in the block's slot and set its flag;
// its last k-tiles add the lower workers' partial sums, in rank order.
void TmaMainloop::stream_k_fixup() {
  // A block's slot of partial sums (the f32 accumulators in fragment order, 16 bytes per thread
  // and step: coalesced) and its flag (after every block's slot).
  const int REGS = t.bn / 2, C4 = 128 * t.warps_m;
  auto slot_of = [&](const std::string& b) {
    return "skw + (size_t)(" + b + ") * " + S(int64_t(t.bm) * t.bn) + " + wg * " + S(128 * REGS) + " + th * 4";
  };
  // (Under a runtime size the grid follows n: the flags lie after the largest grid's slots.)
  const std::string slots = c.sk_slots > 0 ? S(c.sk_slots) : std::string("gridDim.x");
  const std::string flag_of = "(unsigned*)(skw + (size_t)" + slots + " * " + S(int64_t(t.bm) * t.bn) + ")";
  const std::string bar = inline_asm(*ti.bar, {{"id", "r", {"1"}}, {"n", "r", {S(C4)}}}, true);
  // A warp's accumulators hold 16 rows of the tile (wgmma's fragment): where the output has
  // fewer rows than the tile (M = 16 in 64-row tiles), the warps past its last row neither
  // write nor read partial sums (both sides skip the same warps: they walk the same tile).
  const std::string live = !c.m_text.empty() || c.m < int64_t(t.bm) * ((c.m + t.bm - 1) / t.bm) ? "m0 + wg * 64 + (th >> 5) * 16 < " + m_text(c)
                                                                                                  : std::string("true");
  em.open("if (kz < KT) {  // the tile's first k-tiles: partial sums to the block's slot, then its flag");
  em.line("float* const part = " + slot_of("blockIdx.x") + ";");
  em.open("if (" + live + ") {");
  em.line("#pragma unroll");
  em.line("for (int i = 0; i < " + S(REGS) + "; i += 4) axon_stv_f32<4>(part + i * 128, acc + i);");
  em.close();
  em.line(bar);
  em.line("if (wg == 0 && th == 0) " + inline_asm(*ti.flag_set, {{"a", "l", {flag_of + " + blockIdx.x"}}, {"b", "r", {"1u"}}}, true));
  em.line("continue;");
  em.close();
  em.open("if (ka > 0) {  // the tile's last k-tiles: the lower workers' partial sums, in rank order");
  em.line("const long long s0 = (long long)(tile - whole) * KT;");
  em.open("for (int w = (int)(((s0 + 1) * P - 1) / U); w < wk; ++w) {");
  em.line("const int b = w * " + S(CL) + (CL > 1 ? " + rank" : "") + ";");
  em.open("if (wg == 0 && th == 0) {");
  em.line("unsigned f = 0;");
  em.line("do " + inline_asm(*ti.flag_get, {{"d", "=r", {"f"}}, {"a", "l", {flag_of + " + b"}}}, true) + " while (f == 0);");
  em.close();
  em.line(bar);
  em.line("const float* const part = " + slot_of("b") + ";");
  em.open("if (" + live + ") {");
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(REGS) + "; i += 4) {");
  em.line("float v[4];");
  em.line("axon_ldv_f32<4>(part + i * 128, v);");
  em.line("acc[i] += v[0]; acc[i + 1] += v[1]; acc[i + 2] += v[2]; acc[i + 3] += v[3];");
  em.close();
  em.close();
  em.close();
  em.close();
}

// A persistent block's tile ends with its epilogue (handed to the store warps); a multicast
// block's consumers leave only when the cluster's are done.
void TmaMainloop::tile_end() {
  if (persistent && store_warps) {
    // Hand the tile to the store warps once they have read the previous one.
    em.line("if (lt > 0) " + wait("sfree", "(lt - 1) & 1"));
    tile.epilogue();
    em.line(inline_asm(*ti.arrive, {{"a", "r", {"sfull"}}}, true));
    em.close();
  } else if (persistent) {
    tile.epilogue();
    em.close();
    // A TMA-store epilogue's last boxes are read out of shared memory before the block exits.
    if (t.tma_store) em.line("if (th == 0) " + inline_asm(*ti.store_wait, {{"n", "", {"0"}, true}}, true));
  }
  // Multicast: a block's consumers leave only when the cluster's are done (they arrive on its
  // barriers until then); the producer thread and store warps hold no cluster barrier once exited.
  if (CL > 1) {
    em.line(inline_asm(*ci.arrive, {}, true));
    em.line(inline_asm(*ci.wait, {}, true));
  }
}

void TmaMainloop::emit() {
  barriers();
  k_range();
  producer();
  consumers();
}

}  // namespace

void emit_tma_mainloop(Emitter& em, const Group& g, const ContractionShape& c, const ContractionConfig& t, const TensorCoreIsa& tc,
                       const WgmmaIsa& wi, const TmaIsa& ti, const ClusterIsa& ci, const std::vector<Term>& batch,
                       const std::function<void()>& emit_wgmmas, const TilePieces& tile) {
  TmaMainloop m(em, g, c, t, tc, wi, ti, ci, batch, emit_wgmmas, tile);
  m.emit();
}

}  // namespace axon::tiling::detail
