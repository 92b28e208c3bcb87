// The flash-style attention kernel for sm_90a (docs/attention.md). One block takes `bm` query
// rows of one batch: a producer warpgroup copies Q once and the K and V tiles of the key tiles
// the masks leave (TMA, mbarriers); each consumer warpgroup owns 64 rows and, per key tile,
//   S = Q K^T (wgmma, shared-memory operands) -> the scores' chain at each element (the group's
//   definitions, the mask included) -> running row max -> P = exp(u - max) and the row sums
//   (the group's definitions, the max given) -> O and the sums rescaled by exp(old - new max)
//   -> O += P V (wgmma, P from registers).
// The rescaling is the proven online-softmax merge (rewrites/rules/true/softmax.axr); the
// epilogue evaluates the group's writes with the final O, max and sums. Which register holds
// which element comes from the spec's fragments, checked here.
// The generator is AttentionEmitter (attention_emitter.h); this file: its set-up, the block's
// prologue (shared memory, the block's rows, the key tiles, the barriers), the producer, and Q
// computed by the consumers.
#include <algorithm>
#include <cstring>
#include <set>
#include <sstream>

#include "attention_emitter.h"
#include "views.h"
#include "axon/core/error.h"

namespace axon::tiling::detail {

namespace {

// `constexpr int name[] = {...};`: a register's row slot, a constant once loops are unrolled.
std::string slot_table(const std::string& name, const std::vector<int>& slots) {
  std::string s = "constexpr int " + name + "[" + std::to_string(slots.size()) + "] = {";
  for (size_t i = 0; i < slots.size(); ++i) s += (i ? ", " : "") + std::to_string(slots[i]);
  return s + "};";
}

}  // namespace

// Q (bm x dp); per slot a K tile (bn x dp), or a stored-scores tile (bm x bn), and a V tile
// (bn x dvp); the barriers: Q landed, per slot K and V landed and released, `pin`; the staged
// epilogue's row statistics (the max and each sum per row). The key split's exchange reuses the
// slots once every tile is consumed (the kernel checks it fits).
SmemPlan attention_smem_plan(const AttentionShape& a, const AttentionConfig& t) {
  const int64_t eb = dtype_bytes(a.pv.in), dp = up_panel(a, a.qk.k), dvp = up_panel(a, a.pv.n), ST = t.stages;
  const int64_t k_bytes = a.scores != nullptr ? int64_t(t.bm) * t.bn * 2 : int64_t(t.bn) * dp * eb, v_bytes = int64_t(t.bn) * dvp * eb;
  SmemPlan p;
  p.add("sq0", int64_t(t.bm) * dp * eb);
  for (int b = 1; t.stream && b < t.q_buffers; ++b) p.add("sq" + std::to_string(b), int64_t(t.bm) * dp * eb);  // the stream's (attention_stream.cpp)
  p.add("sk0", ST * k_bytes).add("sv0", ST * v_bytes);
  // The output's boxes, after regions of whole KB (a computed Q's bulk store reads Q's panels).
  if (t.tma_store && !attention_bulk_from_q(a)) p.add("so0", int64_t(t.bm) * dvp * 2);
  p.add("qfull", 8).add("kfull0", 8 * ST).add("vfull0", 8 * ST).add("kempty0", 8 * ST).add("vempty0", 8 * ST).add("pin", 8);
  if (t.persistent) p.add("qempty", 8);                      // Q released for the next row block
  if (attention_counts_row_blocks(a, t)) p.add("qrow", 8);  // the next row block's index (the stream: two, a slot each)
  if (t.stream && attention_counts_row_blocks(a, t)) p.add("ifull0", 16).add("iempty0", 16);  // the stream's ring of indices
  p.add("stats", int64_t(t.bm) * 4 * (1 + int64_t(a.sums.size())));
  return p;
}

int attention_smem(const AttentionShape& a, const AttentionConfig& t) { return static_cast<int>(attention_smem_plan(a, t).size()); }

// O's registers (P V's columns / 2), shift, max and sums per row slot, per consumer thread.
int64_t attention_exchange_bytes(const AttentionShape& a, const AttentionConfig& t) {
  return (attention_pv_columns(a, t) / 2 + 4 + 2 * int64_t(a.sums.size())) * 128 * t.warps_m * 4;
}

// From Q's region to the end of V's slots (contiguous in the plan).
bool attention_exchange_fits(const AttentionShape& a, const AttentionConfig& t) {
  const SmemPlan p = attention_smem_plan(a, t);
  return attention_exchange_bytes(a, t) <= p.offset("sv0") + p.bytes("sv0") - p.offset("sq0");
}

int64_t attention_pv_columns(const AttentionShape& a, const AttentionConfig& t) {
  return t.pv_exact ? (a.pv.n + 7) / 8 * 8 : up_panel(a, a.pv.n);
}

// The map of a copied operand: over the stored value, or over the value it is a view of.
// Panels of 128-byte rows: 64 16-bit or 32 f32 elements.
TensorMapSpec operand_map(const Group& g, const OperandPlan& p, int rows) {
  const int eb = dtype_bytes(p.node->dtype());
  if (p.view.base == nullptr) {
    TensorMapSpec m = tensor_map_of(g, p.node, rows);
    m.box_inner = 128 / eb;
    m.elem_bytes = eb;
    return m;
  }
  const std::optional<ViewMap> v = view_map(p.view);
  AXON_CHECK(v.has_value(), "codegen: an attention operand's view has no tensor map");
  TensorMapSpec m;
  m.param = find_param(g.reads, p.view.base);
  m.inner = p.view.dims.back();
  m.outer = p.view.dims[p.view.dims.size() - 2];
  m.box_inner = 128 / eb;
  m.elem_bytes = eb;
  m.box_outer = rows;
  m.view_dims = v->dims;
  m.view_strides = v->strides;
  m.view_rows = v->rows;
  return m;
}

std::vector<TensorMapSpec> attention_maps(const Group& g, const AttentionShape& a, const AttentionConfig& t) {
  std::vector<TensorMapSpec> maps;
  if (a.scores != nullptr) return {tensor_map_of(g, a.scores, t.bm), operand_map(g, a.pv.b, t.bn)};
  for (const auto& [p, rows] : {std::pair<const OperandPlan*, int>{&a.qk.a, t.bm}, {&a.qk.b, t.bn}, {&a.pv.b, t.bn}}) {
    if (p == &a.qk.a && !a.qk.a.direct) continue;  // Q computed in the kernel
    maps.push_back(operand_map(g, *p, rows));
  }
  // The bulk-stored epilogue's output (the launch's parameter after the reads): 64 x 64 boxes,
  // a warpgroup's rows by 64 columns.
  if (t.tma_store) {
    TensorMapSpec m = tensor_map_of(g, g.writes.at(0), 64);
    m.param = static_cast<int>(g.reads.size());
    maps.push_back(m);
  }
  return maps;
}

std::string attention_kernel(const Group& g, const GroupShape& s, const AttentionConfig& t, const Lowerings& low,
                             const std::string& name, bool wide) {
  AttentionEmitter k(g, s, t, low, wide);
  return k.emit(name);
}

AttentionEmitter::AttentionEmitter(const Group& g_, const GroupShape& s, const AttentionConfig& t_, const Lowerings& low_, bool wide)
    : g(g_), a(s.att), qk(s.att.qk), pv(s.att.pv), t(t_), low(low_), em(&low_, false, wide) {
  AXON_CHECK(low.isa != nullptr, "codegen: attention kernels need the ISA");
  T16 = pv.in;
  f16 = T16 == DType::f16;
  x32 = T16 == DType::f32;
  PW = x32 ? 32 : 64;
  const std::string why_not = attention_can_run(a, t);
  AXON_CHECK(why_not.empty(), "codegen: attention " + t.str() + ": " + why_not);
  wi = wgmma_isa(*low.isa, T16);
  ti = tma_isa(*low.isa);
  mma_s = wi.pick(true, true);
  mma_o = wi.mma_areg_nb;
  shfl = low.isa->find("shfl.sync.bfly.b32");
  bar_named = low.isa->find("bar.sync.named");
  bar_arrive = low.isa->find("bar.arrive.named");
  pmax = x32 ? nullptr : pair_max(*low.isa, T16);
  C = t.warps_m, BM = t.bm, BN = t.bn, ST = t.stages, KS = t.splits, CL = t.cluster;
  D = qk.k, DP = up_panel(a, D), DV = pv.n, DVP = up_panel(a, DV), SQ = qk.m, SK = qk.n;
  DVN = attention_pv_columns(a, t);  // P V's N (wgmma); the f32 engine's tiles stop at DV on their own
  RS = BN / 2, RO = int((x32 ? DVP : DVN) / 2);
  q_copied = qk.a.direct;
  smem = attention_smem_plan(a, t);
  q_bytes = smem.bytes("sq0"), k_bytes = smem.bytes("sk0") / ST, v_bytes = smem.bytes("sv0") / ST;
  if (x32) setup_tf32();
  AXON_CHECK(mma_s && mma_o && ti.ok && shfl, "codegen: the ISA lacks an instruction of the attention kernel");
  stored = a.scores != nullptr;
  AXON_CHECK(!stored || (D == 0 && !qk.a.direct), "codegen: stored scores with Q or K");
  // (attention_can_run above: a key split is KS consumer warpgroups on the same rows taking
  // alternate tiles, each slot one warpgroup's; a cluster's ranks share a row block's tiles.)
  if (!x32) {
    fs = &fragment(*mma_s, "d");
    fo = &fragment(*mma_o, "d");
    fa = &fragment(*mma_o, "a");
  }
  slot_s = row_slots(*mma_s, *fs, RS), slot_o = row_slots(*mma_o, *fo, RO);
  col_off = column_offsets(*fs, slot_s, RS);
  for (int th = 0; th < 128; ++th)
    AXON_CHECK(fragment_index(fs->row, th, 0) == fragment_index(fo->row, th, 0), "codegen: S and O rows differ per thread");
  if (!x32) pe.assign(size_t(BN / 16), std::vector<int>(8, -1));
  for (int kk = 0; !x32 && kk < BN / 16; ++kk)
    for (int ea = 0; ea < 8; ++ea) {
      for (int es = 0; es < RS && pe[size_t(kk)][size_t(ea)] < 0; ++es) {
        bool all = true;
        for (int th = 0; th < 128 && all; ++th)
          all = fragment_index(fs->row, th, es) == fragment_index(fa->row, th, ea) &&
                fragment_index(fs->col, th, es) == 16 * kk + fragment_index(fa->col, th, ea);
        if (all) pe[size_t(kk)][size_t(ea)] = es;
      }
      AXON_CHECK(pe[size_t(kk)][size_t(ea)] >= 0, "codegen: " + mma_o->name + "'s a fragment is not a part of the d fragment");
    }
  // Per slot K (or the scores) and V landed (one arrival + bytes), and released (one arrival
  // per consumer warp).
  kring = MbarrierRing{&ti, "kfull0", "kempty0", ST, 4 * C};
  vring = MbarrierRing{&ti, "vfull0", "vempty0", ST, 4 * C};
  iring = MbarrierRing{&ti, "ifull0", "iempty0", 2, 4 * C};

  global_loads(em, g);
  I = em.idx();
  em.name_var(kBatchVar, "bz");
  em.name_var(kLaneVar, "th");
  em.name_var(kRegVar, "e");
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  batch = coords_of(term::var(kBatchVar), qk.batch_dims);
  point = batch, row = batch;
  point.push_back(term::var(kRowVar));
  point.push_back(term::var(kColVar));
  row.push_back(term::var(kRowVar));
  key = point_key(point);
  NS = static_cast<int>(a.sums.size());
  pingpong = t.pingpong;
  deferred = pingpong || t.overlap;
  // AttentionConfig::from_last: the tiles a causal mask cuts and the keys' last tile come first,
  // in the peeled tile; where no other tile of any row block is cut (later_tiles_whole), the
  // loop's tiles test nothing.
  rev = t.from_last;
  plain_later = rev && later_tiles_whole();
  one_p = t.one_p;
  persistent = t.persistent;
  dynamic = attention_counts_row_blocks(a, t);
  // A computed Q from a staged source, O staged: Q's loads a row block ahead (emit_persistent;
  // with a counter, once the producer has handed the next index out). Only where O is staged:
  // the registers' epilogue has no room for the loads (8 bytes spilled at d 64 with O over 128
  // columns).
  q_ahead = persistent && !q_copied && qk.a.staged != nullptr && staged_epilogue_fits(g, a, t, *low.isa);
  for (int b = 1; t.stream && b < t.q_buffers; ++b)
    AXON_CHECK(smem.offset("sq" + S(b)) - smem.offset("sq0") == b * q_bytes, "codegen: the stream's Q buffers are not adjacent");
  if (!x32 && !q_copied && qk.a.staged != nullptr) q_steps = packed_from(qk.a.staged, qk.a.node, *low.isa);
}

// The staged epilogue (attention_parts.cpp) with this kernel's row points; false where it does not apply.
bool AttentionEmitter::staged_epilogue(bool in_place) {
  return emit_staged_epilogue(em, g, a, t, *low.isa, batch, [this](const Node* n, const std::vector<Term>& p) { return is_row_point(n, p); },
                              in_place, q_off);
}

bool AttentionEmitter::is_row_point(const Node* n, const std::vector<Term>& p) const {
  std::vector<Term> r = row;
  if (n->rank() == static_cast<int>(point.size())) r.push_back(term::integer(0));
  return point_key(p) == point_key(r);
}

// g: the tile's place among the block's (a cluster's rank takes kr, kr + CL, .., key_range).
// Persistent: g counts on from gb, the tiles of the row blocks before (the rings run on).
std::string AttentionEmitter::tile_vars() const {
  const std::string place = rev ? "ke - 1 - it" : "it - kb";
  return std::string("const int g = ") + (CL > 1 ? "(it - kr) / " + S(CL) : persistent ? "gb + " + place : place) + ", slot = " + kring.slot_of("g") + ";";
}

std::string AttentionEmitter::first_tile() const { return CL > 1 ? "kr" : rev ? "ke - 1" : "kb"; }

// Whether every row block's tiles but its first in the reversed order (ke - 1) are inside every
// band (softmax_max's `inside`) and whole, over the blocks' rows as key_range computes them.
bool AttentionEmitter::later_tiles_whole() const {
  const int64_t tiles = (SK + BN - 1) / BN, MT = (SQ + BM - 1) / BM;
  for (int64_t mt = 0; mt < MT; ++mt) {
    const int64_t i0 = mt * BM, i1 = std::min<int64_t>(i0 + BM, SQ) - 1;
    auto [b, e] = attention_key_tiles(a, i0, i1, BN);
    b = std::min(b, tiles - 1);
    e = std::max(e, b + 1);
    for (int64_t t = b; t < e - 1; ++t) {
      if ((t + 1) * BN > SK) return false;
      for (const auto& d : a.bands)
        if ((d.alpha >= 0 ? d.alpha * i0 : d.alpha * i1) + (d.beta >= 0 ? d.beta * t * BN : d.beta * (t * BN + BN - 1)) + d.gamma < 0) return false;
    }
  }
  return true;
}

std::string AttentionEmitter::last_place() const { return CL > 1 ? "(ke - 1 - kr) / " + S(CL) : "ke - 1 - kb"; }

std::string AttentionEmitter::tiles_next() const { return CL > 1 ? "} while ((it += " + S(CL) + ") < ke);" : "} while (++it < ke);"; }

std::string AttentionEmitter::cluster_tiles() const { return "for (int it = kr; it < ke; it += " + S(CL) + ") {"; }

std::string AttentionEmitter::n0_line() const { return "const " + I + " n0 = (" + I + ")it * " + S(BN) + ";"; }

std::string AttentionEmitter::emit(const std::string& name) {
  const std::string head = signature(name);
  block_prologue();
  if (persistent) {
    if (t.stream) emit_stream();
    else emit_persistent();
    return head + em.str() + "}\n";
  }
  key_range();
  init_barriers();
  producer();
  consumer_registers();
  if (q_copied) {
    em.line(wait("qfull", "0"));
  } else if (!stored) {
    compute_q();
  }
  AXON_CHECK(!pingpong || (bar_named != nullptr && bar_arrive != nullptr), "codegen: the ISA lacks the named barriers of ping-pong");
  prepare_softmax();
  if (x32) tiles_tf32();
  else if (!deferred) tiles_in_order();
  else tiles_deferred();
  if (!x32) em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
  quad_sums();
  if (KS == 2) merge_key_split();
  if (CL > 1) merge_cluster();
  to_graph_shift();
  if (!stored && !x32 && KS == 1 && staged_epilogue()) return head + em.str() + "}\n";
  writes();
  return head + em.str() + "}\n";
}

std::string AttentionEmitter::signature(const std::string& name) const {
  std::ostringstream head;
  head << "extern \"C\" __global__ void " << (CL > 1 ? "__cluster_dims__(" + S(CL) + ", 1, 1) " : "") << "__launch_bounds__(" << t.threads
       << ", 1) " << name << "(" << param_list(g) << (dynamic ? ", float* __restrict__ axw" : "")  // the launch's scratch (as every launcher passes it): the row blocks' counter, by its address
       << (q_copied ? ", const __grid_constant__ axon_tmap tmq" : "")
       << ", const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv"
       << (t.tma_store ? ", const __grid_constant__ axon_tmap tmo" : "") << ") {\n";
  return head.str();
}

// Shared memory (the plan's regions), the thread's roles, and the block's rows.
void AttentionEmitter::block_prologue() {
  em.line(smem.declare_raw());
  em.line(smem.declare_base());
  em.line(smem.declare(smem.has("so0") ? std::vector<std::string>{"sk0", "sv0", "so0"} : std::vector<std::string>{"sk0", "sv0"}, "sq0"));
  std::vector<std::string> barriers = {"qfull", "kfull0", "vfull0", "kempty0", "vempty0", "pin"};
  if (persistent) barriers.push_back("qempty");
  if (dynamic) barriers.push_back("qrow");
  if (dynamic && t.stream) barriers.insert(barriers.end(), {"ifull0", "iempty0"});
  em.line(smem.declare(barriers));
  if (persistent) {  // the consumers' warpgroup and thread are read per row block, with the row block (emit_persistent)
    em.line("const int tid = threadIdx.x, role = tid >> 7;");
    return;
  }
  em.line(KS == 1 ? "const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;"
                  : "const int tid = threadIdx.x, role = tid >> 7, wg = 0, kp = role - 1, th = tid & 127;");
  // A cluster's CL blocks share a row block: rank cr = blockIdx.x % CL (the cluster's x extent).
  if (CL > 1) em.line("const int bid = (int)(blockIdx.x / " + S(CL) + "), cr = (int)(blockIdx.x % " + S(CL) + ");");
  row_block(CL > 1 ? "bid" : "blockIdx.x");
}

// Row block `bid`'s batch entry bz and first row m0. Row blocks with the most key tiles first
// (masks make later rows longer), then the batch; in groups of G batch entries
// (AttentionConfig::group), the last one possibly smaller.
void AttentionEmitter::row_block(const std::string& bid) {
  const int64_t MT = (SQ + BM - 1) / BM, G = t.group > 0 ? std::min<int64_t>(t.group, qk.batch) : qk.batch;
  em.line("const int gc = (int)(" + bid + " / " + S(G * MT) + "), gw = (int)(" + bid + " % " + S(G * MT) + ");");
  em.line("const int gn = min((int)" + S(G) + ", (int)" + S(qk.batch) + " - gc * " + S(G) + ");");
  em.line("const int mt = " + S(MT - 1) + " - gw / gn;");
  em.line("const " + I + " bz = (" + I + ")(gc * " + S(G) + " + gw % gn), m0 = (" + I + ")mt * " + S(BM) + ";");
  if (qk.batch_dims.empty()) em.line("(void)bz;");  // no batch: no index reads it (nvcc's #177 otherwise)
}

// The key tiles these rows visit, [kb, ke) (key_tiles, as C).
void AttentionEmitter::key_range() {
  em.line("int kb = 0, ke = " + S((SK + BN - 1) / BN) + ";");
  em.line("const long long i0 = m0, i1 = min(m0 + " + S(BM) + ", (" + I + ")" + S(SQ) + ") - 1;");
  em.line("(void)i0; (void)i1;");
  for (const auto& b : a.bands) {
    const std::string c = "(" + std::string(b.alpha >= 0 ? S(b.alpha) + "LL * i1" : S(b.alpha) + "LL * i0") + " + " + S(b.gamma) + "LL)";
    if (b.beta > 0) {
      em.line("{ const long long jmin = -axon_fdiv(" + c + ", " + S(b.beta) + "LL); kb = max(kb, jmin <= 0 ? 0 : (int)(jmin / " + S(BN) + ")); }");
    } else if (b.beta < 0) {
      em.line("{ const long long jmax = axon_fdiv(" + c + ", " + S(-b.beta) + "LL); ke = min(ke, jmax < 0 ? 0 : (int)(jmax / " + S(BN) + ") + 1); }");
    } else {
      em.line("if (" + c + " < 0) ke = 0;");
    }
  }
  // At least one tile: a row block whose keys the masks all hide runs one in-range tile of -inf
  // scores, which adds nothing (o, the sums and the max stay as with none). The consumers' loop
  // then runs at least once: ptxas keeps the wgmma pipelined only when no path skips it (C7515).
  em.line("kb = min(kb, " + S((SK + BN - 1) / BN - 1) + ");");
  em.line("if (ke <= kb) ke = kb + 1;");
  // A cluster's rank cr takes tiles kr = kb + cr, kr + CL, .. below ke. A rank the row block has
  // no tile for (cr >= ke - kb) runs the first one as a stand-in, so that its loop too runs at
  // least once; merge_cluster leaves its part out.
  if (CL > 1) em.line("const int kr = kb + cr < ke ? kb + cr : kb;");
}

// Barriers: Q landed; the K and V rings; `pin`, its phase 0 completed at once (later_tile).
void AttentionEmitter::init_barriers() {
  em.open("if (tid == 0) {");
  em.line(inline_asm(*ti.init, {{"a", "r", {"qfull"}}, {"b", "r", {"1"}}}, true));
  if (persistent) em.line(inline_asm(*ti.init, {{"a", "r", {"qempty"}}, {"b", "r", {S(4 * C)}}}, true));
  em.line(inline_asm(*ti.init, {{"a", "r", {"pin"}}, {"b", "r", {"1"}}}, true));
  em.line(inline_asm(*ti.arrive, {{"a", "r", {"pin"}}}, true));
  if (dynamic && t.stream)
    for (const char* s : {"0", "1"}) em.line(iring.init_full(s) + " " + iring.init_empty(s));
  em.open("for (int s = 0; s < " + S(ST) + "; ++s) {");
  for (const MbarrierRing* r : {&kring, &vring}) em.line(r->init_full("s"));
  for (const MbarrierRing* r : {&kring, &vring}) em.line(r->init_empty("s"));
  em.close();
  em.line(inline_asm(*ti.init_fence, {}, true));
  em.line(inline_asm(*ti.proxy, {}, true));
  em.close();
  em.line("__syncthreads();");
}

// 64-column panels (inner coordinates inner0 + 64 p) of the box's rows from `outer`, of the
// operand whose coordinates `operand` names (operand_coords).
void AttentionEmitter::copy_panels(const std::string& dst, int64_t panel_bytes, int64_t panels, const std::string& map,
                                   const std::string& outer, const std::string& operand, const std::string& bar,
                                   const std::string& inner0, bool read_once) {
  const auto& [rows, others] = coords.at(operand);
  std::vector<std::string> after = others;
  after.insert(after.begin() + rows, outer);
  for (int64_t p = 0; p < panels; ++p) {
    std::vector<AsmArg> args{{"d", "r", {dst + " + " + S(p * panel_bytes)}}, {"a", "l", {map}}, {"c0", "r", {inner0 + " + " + S(p * PW)}}};
    for (size_t i = 0; i < after.size(); ++i) args.push_back({"c" + S(int64_t(i) + 1), "r", {after[i]}});
    args.push_back({"m", "r", {bar}});
    em.line(tma_copy(ti, args, read_once));
  }
}

// The producer's coordinates of operand `op` of `c` (its batch coordinates at the block's batch
// entry): a stored operand's batch panel (the flat index of its batch coordinates), or a view's
// coordinate along each dimension of its tensor map (views.h: the flat index of the batch axes
// each covers).
void AttentionEmitter::operand_coords(const std::string& var, const ContractionShape& c, int op) {
  const OperandPlan& plan = op == 0 ? c.a : c.b;
  const Node* x = plan.node;
  const std::vector<int64_t> d = dims_of(x);
  const std::vector<Term> p = operand_point(c, op, batch, term::integer(0), term::integer(0));
  const std::vector<Term> pb(p.begin(), p.end() - 2);
  if (plan.view.base == nullptr) {
    em.line("const int " + var + " = (int)(" + (pb.empty() ? "0" : em.index(flat_index(pb, std::vector<int64_t>(d.begin(), d.end() - 2)))) + ");");
    coords[var] = {0, {var}};
    return;
  }
  const std::optional<ViewMap> v = view_map(plan.view);
  AXON_CHECK(v.has_value(), "codegen: an attention operand's view has no tensor map");
  std::vector<std::string> names;
  for (size_t i = 0; i < v->dims.size(); ++i) {
    if (static_cast<int>(i) == v->rows) continue;
    if (v->batch[i].empty()) {  // a dimension of extent 1
      names.push_back("0");
      continue;
    }
    std::vector<Term> t;
    std::vector<int64_t> e;
    for (size_t a : v->batch[i]) {
      t.push_back(pb.at(a));
      e.push_back(plan.view.dims.at(a));
    }
    names.push_back(var + "_" + S(int64_t(i)));
    em.line("const int " + names.back() + " = (int)(" + em.index(flat_index(t, e)) + ");");
  }
  coords[var] = {v->rows, names};
}

// The producer: one thread issues every copy: Q once, then per key tile K (or the stored
// scores' tile) and V into the tile's slots of the rings.
void AttentionEmitter::producer() {
  em.open("if (role == 0) {");
  if (C * KS >= 2) em.line(inline_asm(*ti.reg_dec, {{"n", "", {S(regs_producer())}, true}}, false));
  em.line("if (tid != 0) return;");
  if (stored) {  // the scores' batch panel: P's batch coordinates
    const std::vector<int64_t> d = dims_of(a.scores);
    em.line("const int pk = (int)(" + (batch.empty() ? "0" : em.index(flat_index(batch, std::vector<int64_t>(d.begin(), d.end() - 2)))) + ");");
    coords["pk"] = {0, {"pk"}};
  }
  auto all_coords = [&] {
    for (const auto& [op, c, var] : {std::tuple<int, const ContractionShape*, const char*>{0, &qk, "pq"}, {1, &qk, "pk"}, {1, &pv, "pvv"}}) {
      if (stored && c == &qk) continue;
      if (op == 0 && !q_copied) continue;  // Q computed by the consumers: no copy to place
      operand_coords(var, *c, op);
    }
  };
  if (!persistent) all_coords();
  em.line("const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;");
  // Stored scores are copied once per launch (each row block its rows): under the evict-first L2
  // policy, so that they do not push out V, which every row block reads.
  const bool once = stored && ti.hints();
  if (once) declare_once_policy(em, ti);
  if (q_copied) em.line("const unsigned long long tq = (unsigned long long)&tmq;");
  if (persistent) producer_row_block(all_coords);
  if (q_copied) {
    em.line(inline_asm(*ti.expect, {{"a", "r", {"qfull"}}, {"b", "r", {S(q_bytes)}}}, true));
    copy_panels("sq0", int64_t(BM) * 128, DP / PW, "tq", "(int)m0", "pq", "qfull", "0", false);
  }
  em.open(CL > 1 ? cluster_tiles() : rev ? "for (int it = ke - 1; it >= kb; --it) {" : "for (int it = kb; it < ke; ++it) {");
  em.line(tile_vars());
  for (const auto& [ring, base, bytes, panels, map, panel] :
       {std::tuple<const MbarrierRing*, const char*, int64_t, int64_t, const char*, const char*>{&kring, "sk0", k_bytes, DP / PW, "tk", "pk"},
        {&vring, "sv0", v_bytes, DVP / PW, "tv", "pvv"}}) {
    em.line(ring->producer_acquire("g", "slot"));
    em.line(ring->producer_expect("slot", bytes));
    const std::string dst = std::string(base) + " + (unsigned)(slot * " + S(bytes) + ")";
    if (stored && ring == &kring) {  // the scores' BM rows, keys it * BN ..
      copy_panels(dst, int64_t(BM) * 128, BN / 64, map, "(int)m0", panel, ring->full_at("slot"), "it * " + S(BN), once);
    } else {
      copy_panels(dst, int64_t(BN) * 128, panels, map, "it * " + S(BN), panel, ring->full_at("slot"), "0", false);
    }
  }
  em.close();
  if (persistent) {
    em.line("gb += ke - kb;");
    em.close();
  }
  em.line("return;");
  em.close();
}

// The consumers' registers: O, S, the row slots of their elements, P, the running max, shift
// and sums.
void AttentionEmitter::consumer_registers() {
  if (C * KS >= 2 && !persistent) em.line(inline_asm(*ti.reg_inc, {{"n", "", {S(regs_consumer())}, true}}, false));
  em.line("const float kNegInf = -__int_as_float(0x7f800000);  // NVRTC has no INFINITY");
  em.line("float o[" + S(RO) + "], sc[" + S(RS) + "];");
  em.line(slot_table("rs_s", slot_s));
  em.line(slot_table("rs_o", slot_o));
  if (!col_off.empty() && !a.bands.empty()) em.line(slot_table("ck", col_off));
  if (!x32) em.line("unsigned pr[" + S(BN / 4) + "];");
  em.line("float mrow[2] = {kNegInf, kNegInf}, mu[2] = {0.0f, 0.0f};");
  for (int k = 0; k < NS; ++k) em.line("float l" + S(k) + "[2] = {0.0f, 0.0f};");
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < " + S(RO) + "; ++e) o[e] = 0.0f;");
}

// Q computed by the consumers into the same 128-byte-swizzled panels TMA would fill: 16-byte
// chunks of 8 head-dimension values, zeros past the ends. Every thread's values first (NQ
// chunks, all loads in flight), then the stores (store_q): a store's asm is a compiler barrier,
// and loads behind one would wait for each other's latency. With a staged source (qk.a.staged:
// bf16/f16, Q's dims, rows a multiple of 8), its 8 values of a chunk come in one 16-byte load
// (columns past D clamped to the row's last chunk, and replaced by zeros).
void AttentionEmitter::compute_q() {
  const InstrSpec* st4 = low.isa->find("st.shared.v4.f32");
  AXON_CHECK(low.isa->find("bar.sync.named") != nullptr && st4 != nullptr, "codegen: the ISA lacks bar.sync.named or st.shared.v4.f32");
  // Persistent: each warpgroup its own rows (those its S reads), so that no barrier of both
  // stands between row blocks; otherwise the consumers' threads over all rows.
  const int64_t cpr = DP / 8, NQ = q_chunks();
  const Node* qs = qk.a.staged;
  AXON_CHECK(qs == nullptr || (D % 8 == 0 && dims_of(qs) == dims_of(qk.a.node)), "codegen: Q's staged source is not in 16-byte rows");
  if (qs != nullptr && !q_ahead) em.line("unsigned qw[" + S(NQ) + "][4];");
  if (q_steps) {  // each word of the chunk through the steps; rows past the end and chunks past D zeros
    em.line("unsigned qp[" + S(NQ) + "][4];");
    open_q_chunks();
    if (!q_ahead) q_chunk_load();
    em.open("for (int w = 0; w < 4; ++w) {");
    em.line("unsigned x = qw[qi][w];");
    for (const PackedStep& st : *q_steps) {
      const std::string k = std::to_string(st.bits) + "u";
      em.line(pure_asm(*st.ins, {{"d", "=r", {"x"}}, {"a", "r", {st.chain_first ? "x" : k}}, {"b", "r", {st.chain_first ? k : "x"}}}));
    }
    em.line("qp[qi][w] = m0 + r < " + S(SQ) + " && c * 8 < " + S(D) + " ? x : 0u;");
    em.close();
    em.close();
    store_q(cpr, NQ);
    return;
  }
  em.line("float qv[" + S(NQ) + "][8];");
  open_q_chunks();
  std::map<std::string, int> at_e;
  for (int e = 0; e < 8; ++e) {
    em.line("const " + I + " gk" + S(e) + " = min((" + I + ")(c * 8 + " + S(e) + "), (" + I + ")" + S(D - 1) + ");");
    em.name_var(kChunkVar + e, "gk" + S(e));
    at_e[point_key(operand_point(qk, 0, batch, term::var(kRowVar), term::var(kChunkVar + e)))] = e;
  }
  if (qs != nullptr) {
    if (!q_ahead) q_chunk_load();
    em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
      if (n != qs) return "";
      auto it = at_e.find(point_key(p));
      AXON_CHECK(it != at_e.end(), "codegen: Q's definition reads its staged source elsewhere");
      return std::string(qs->dtype() == DType::f16 ? "axon_f16_at" : "axon_bf16_at") + "(qw[qi], " + S(it->second) + ")";
    };
  }
  for (int e = 0; e < 8; ++e) {
    const std::string x = em.value(qk.a.node, operand_point(qk, 0, batch, term::var(kRowVar), term::var(kChunkVar + e)));
    em.line("qv[qi][" + S(e) + "] = m0 + r < " + S(SQ) + " && c * 8 + " + S(e) + " < " + S(D) + " ? " + x + " : 0.0f;");
  }
  em.given = nullptr;
  em.close();
  store_q(cpr, NQ);
}

// Q's 8-value chunks per thread: the consumers' rows (persistent: the warpgroup's) over their threads.
int64_t AttentionEmitter::q_chunks() const {
  const int64_t T = persistent ? 128 : 128 * C;
  return (q_rows() * (DP / 8) + T - 1) / T;
}

// Q's rows a thread group computes: all (the consumers together), or persistent the warpgroup's.
int64_t AttentionEmitter::q_rows() const { return persistent ? BM / C : BM; }

// The 16-byte load of a staged Q's chunk qi (c, gi in scope) into qw[qi].
void AttentionEmitter::q_chunk_load() {
  const Node* qs = qk.a.staged;
  em.line("const " + I + " gq = min((" + I + ")c * 8, (" + I + ")" + S(D - 8) + ");");
  em.name_var(kKVar, "gq");
  em.line("axon_ldw<4>(in" + S(int64_t(find_param(g.reads, qs))) + " + " +
          em.index(flat_index(operand_point(qk, 0, batch, term::var(kRowVar), term::var(kKVar)), dims_of(qs))) + ", qw[qi]);");
}

// q_ahead: the loads of the warpgroup's chunks of Q's staged source for the row block whose m0
// and bz are in scope, into qw (declared before the row blocks' loop); compute_q reads them
// there a row block later, after its loads' latency has passed in the epilogue before.
void AttentionEmitter::load_q() {
  open_q_chunks();
  q_chunk_load();
  em.close();
}

// The loop over the thread's chunks of Q: chunk qi's row r (clamped into the rows, and in the
// tensor gi) and chunk column c.
void AttentionEmitter::open_q_chunks() {
  const int64_t cpr = DP / 8, rows = q_rows();
  em.line("#pragma unroll");
  em.open("for (int qi = 0; qi < " + S(q_chunks()) + "; ++qi) {");
  em.line(q_chunk() + ", r = " + (persistent ? "wg * " + S(rows) + " + " : "") + "min(q / " + S(cpr) + ", " + S(rows - 1) + "), c = q % " + S(cpr) + ";");
  em.line("const " + I + " gi = min(m0 + r, (" + I + ")" + S(SQ - 1) + ");");
}

// Q's values into its swizzled panels, then the consumers' barrier (named barrier 1).
void AttentionEmitter::store_q(int64_t cpr, int64_t NQ) {
  const InstrSpec* bar_sync = low.isa->find("bar.sync.named");
  const InstrSpec* st4 = low.isa->find("st.shared.v4.f32");
  // Two 16-bit values (already rounded) per 32-bit word: bf16 as the f32's high halves, f16
  // by the exact conversion.
  auto two = [&](int e) {
    if (q_steps) return "__uint_as_float(qp[qi][" + S(e / 2) + "])";  // the pair's word as it is
    if (f16) return "__uint_as_float(axon_pack2_f16(qv[qi][" + S(e) + "], qv[qi][" + S(e + 1) + "]))";
    return "__uint_as_float((__float_as_uint(qv[qi][" + S(e) + "]) >> 16) | (__float_as_uint(qv[qi][" + S(e + 1) + "]) & 0xFFFF0000u))";
  };
  // Persistent: the warpgroup stores its own rows, over which its last S of the row block before
  // has completed (its wait); the other may still be reading its own. Where the row block
  // before bulk-stored its output from them, thread 0 waits for those reads first, and the
  // warpgroup at its barrier (tma_from_q).
  const int64_t rows = q_rows();
  if (persistent && t.tma_store && attention_bulk_from_q(a)) {
    // (The stream's third buffer: the newest group reads another buffer.)
    em.line("if (th == 0) " + inline_asm(*ti.store_wait, {{"n", "", {S(t.q_buffers - 2)}, true}}, true));
    em.line(inline_asm(*bar_sync, {{"id", "r", {"4 + wg"}}, {"n", "r", {"128"}}}, true));
  }
  em.line("#pragma unroll");
  em.open("for (int qi = 0; qi < " + S(NQ) + "; ++qi) {");
  em.line(q_chunk() + ", r = " + (persistent ? "wg * " + S(rows) + " + " : "") + "q / " + S(cpr) + ", c = q % " + S(cpr) + ";");
  em.open(persistent ? "if (q < " + S(rows * cpr) + ") {" : "if (r < " + S(BM) + ") {");
  if (x32) {  // f32: the 8 values are the 16-byte chunks 2c and 2c + 1 of the row's 32-float panels
    for (int h = 0; h < 2; ++h) {
      em.line("{ const int cc = 2 * c + " + S(h) + ";");
      em.line("  const unsigned at = " + q_base + " + (unsigned)((cc / 8) * " + S(int64_t(BM) * 128) + " + r * 128 + (((cc % 8) ^ (r % 8)) * 16));");
      em.line("  " + inline_asm(*st4, {{"a", "r", {"at"}}, {"b", "f", {"qv[qi][" + S(4 * h) + "]", "qv[qi][" + S(4 * h + 1) + "]", "qv[qi][" + S(4 * h + 2) + "]", "qv[qi][" + S(4 * h + 3) + "]"}}}, true) + " }");
    }
  } else {
    em.line("const unsigned at = " + q_base + " + (unsigned)((c / 8) * " + S(int64_t(BM) * 128) + " + r * 128 + (((c % 8) ^ (r % 8)) * 16));");
    em.line(inline_asm(*st4, {{"a", "r", {"at"}}, {"b", "f", {two(0), two(2), two(4), two(6)}}}, true));
  }
  em.close();
  em.close();
  if (!x32) em.line(inline_asm(*ti.proxy, {}, true));  // generic-proxy stores before wgmma's reads (f32: generic loads)
  // The warpgroup's own barrier (named 4 + wg) where it stored its own rows, else both's (1).
  if (persistent) em.line(inline_asm(*bar_sync, {{"id", "r", {"4 + wg"}}, {"n", "r", {"128"}}}, true));
  else em.line(inline_asm(*bar_sync, {{"id", "r", {"1"}}, {"n", "r", {S(128 * C)}}}, true));
}

// The first line of Q's chunk loop: chunk q of the consumers' (or, persistent, the warpgroup's).
std::string AttentionEmitter::q_chunk() const {
  return persistent ? "const int q = th + qi * 128" : "const int q = tid - 128 + qi * " + S(128 * C);
}

}  // namespace axon::tiling::detail
