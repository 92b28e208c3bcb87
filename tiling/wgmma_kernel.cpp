// The sm_90a contraction kernel (docs/contraction.md): warpgroups issue wgmma on shared-memory
// descriptors while the stages ahead are filled, either by every thread with cp.async or (`tma`)
// by a producer warpgroup issuing bulk tensor copies under mbarriers. The tile loader, the
// epilogue's meaning and the instructions are the same as the mma.sync kernel's; the accumulator
// layout is the spec's wgmma `d` fragment.
// The generator is WgmmaEmitter (wgmma_emitter.h); this file: the instructions and tensor maps
// the sm_90 kernels share, the generator's set-up, prologue, wgmmas, cp.async main loop and
// split-K's reduction.
#include <set>
#include <tuple>
#include <sstream>

#include "axon/core/error.h"
#include "contraction_families.h"
#include "internal.h"
#include "wgmma_emitter.h"

namespace axon::tiling::detail {

StmatrixAddress stmatrix_address() {
  using namespace term;
  const Term th = var(0), eb = var(1), q = floordiv(mod(th, integer(32)), integer(8));
  return {add(add(mul(floordiv(th, integer(32)), integer(16)), mul(mod(q, integer(2)), integer(8))), mod(th, integer(8))),
          add(mul(floordiv(eb, integer(4)), integer(8)), mul(floordiv(q, integer(2)), integer(8)))};
}

void check_stmatrix(const InstrSpec& st, const Fragment& df, int regs) {
  const Fragment& sf = fragment(st, "b");
  const StmatrixAddress at = stmatrix_address();
  for (int th = 0; th < 128; ++th)
    for (int eb = 0; eb + 8 <= regs; eb += 8)
      for (int e = 0; e < 8; ++e) {
        // Element e of this lane lands in row sr (the lane whose address holds it), column sc.
        const int64_t sr = fragment_index(sf.row, th % 32, e), sc = fragment_index(sf.col, th % 32, e);
        const int64_t src = (th / 32) * 32 + sr;
        const int64_t row = fragment_index(at.row, src, eb), col = fragment_index(at.col, src, eb) + sc;
        if (sr < 0 || sr >= 32 || row != fragment_index(df.row, th, eb + e) || col != fragment_index(df.col, th, eb + e))
          throw InternalError("codegen: " + st.name + " as addressed does not store the accumulators where the wgmma d fragment has them (thread " +
                              S(th) + ", element " + S(eb + e) + ")");
      }
}

bool generator_swizzle(const InstrSpec* ins) {
  if (ins == nullptr) return false;
  for (const SmemLayout& l : ins->layouts) {
    if (l.name != "swizzle128") continue;
    if (l.bytes != 128 || l.rows % 8 != 0) return false;
    for (int64_t r = 0; r < l.rows; ++r)
      for (int64_t b = 0; b < l.bytes; ++b)
        if (l.offsets[size_t(r * 128 + b)] != r * 128 + ((b / 16) ^ (r % 8)) * 16 + b % 16) return false;
    return true;
  }
  return false;
}

WgmmaIsa wgmma_isa(const Isa& isa, DType in) {
  WgmmaIsa w;
  if (in != DType::bf16 && in != DType::f16) return w;
  const std::string ty = in == DType::f16 ? "f16" : "bf16";
  const std::string base = "wgmma.mma_async.sync.aligned.m64nNk16.f32." + ty + "." + ty;
  w.mma_kb = isa.find(base);
  w.mma_nb = isa.find(base + ".nmajor_b");
  w.mma_ma = isa.find(base + ".mmajor_a");
  w.mma_ma_nb = isa.find(base + ".mmajor_a.nmajor_b");
  w.mma_areg_nb = isa.find(base + ".areg.nmajor_b");
  w.fence = isa.find("wgmma.fence.sync.aligned");
  w.commit = isa.find("wgmma.commit_group.sync.aligned");
  w.wait = isa.find("wgmma.wait_group.sync.aligned");
  w.proxy = isa.find("fence.proxy.async.shared::cta");
  // A form whose shared-memory layout is not the generator's is not used (contractions then take
  // mma.sync).
  for (const InstrSpec** f : {&w.mma_kb, &w.mma_nb, &w.mma_ma, &w.mma_ma_nb, &w.mma_areg_nb})
    if (!generator_swizzle(*f)) *f = nullptr;
  w.ok = w.fence && w.commit && w.wait && w.proxy;
  return w;
}

const InstrSpec* WgmmaIsa::pick(bool a_k_major, bool b_k_major) const {
  if (!ok) return nullptr;
  return a_k_major ? (b_k_major ? mma_kb : mma_nb) : (b_k_major ? mma_ma : mma_ma_nb);
}

TmaIsa tma_isa(const Isa& isa) {
  TmaIsa m;
  m.copy = isa.find("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes");
  m.init = isa.find("mbarrier.init.shared::cta.b64");
  m.init_fence = isa.find("fence.mbarrier_init.release.cluster");
  m.expect = isa.find("mbarrier.arrive.expect_tx.shared::cta.b64");
  m.arrive = isa.find("mbarrier.arrive.shared::cta.b64");
  m.wait = isa.find("mbarrier.try_wait.parity.shared::cta.b64");
  m.proxy = isa.find("fence.proxy.async.shared::cta");
  m.reg_dec = isa.find("setmaxnreg.dec.sync.aligned.u32");
  m.reg_inc = isa.find("setmaxnreg.inc.sync.aligned.u32");
  m.dep_wait = isa.find("griddepcontrol.wait");
  m.store = isa.find("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group");
  if (!generator_swizzle(m.store)) m.store = nullptr;
  m.store_commit = isa.find("cp.async.bulk.commit_group");
  m.store_wait = isa.find("cp.async.bulk.wait_group.read");
  m.flag_get = isa.find("ld.acquire.gpu.global.b32");
  m.flag_set = isa.find("st.release.gpu.global.b32");
  m.bar = isa.find("bar.sync.named");
  m.copy_once = isa.find("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint");
  if (!generator_swizzle(m.copy_once)) m.copy_once = nullptr;
  m.evict_first = isa.find("createpolicy.fractional.L2::evict_first.b64");
  m.copy4 = isa.find("cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes");
  m.copy5 = isa.find("cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes");
  if (!generator_swizzle(m.copy4)) m.copy4 = nullptr;
  if (!generator_swizzle(m.copy5)) m.copy5 = nullptr;
  m.ok = m.copy && m.init && m.init_fence && m.expect && m.arrive && m.wait && m.proxy && m.reg_dec && m.reg_inc && generator_swizzle(m.copy);
  return m;
}

void declare_once_policy(Emitter& em, const TmaIsa& ti) {
  em.line("unsigned long long once_pol;");
  em.line(inline_asm(*ti.evict_first, {{"d", "=l", {"once_pol"}}}, false));
}

std::string tma_copy(const TmaIsa& ti, std::vector<AsmArg> args, bool once) {
  const auto has = [&](const char* name) { return std::any_of(args.begin(), args.end(), [&](const AsmArg& a) { return a.name == name; }); };
  if (has("c3")) {
    const InstrSpec* copy = has("c4") ? ti.copy5 : ti.copy4;
    AXON_CHECK(copy != nullptr && !once, "codegen: a 4d or 5d tensor copy the spec lacks");
    return inline_asm(*copy, args, true);
  }
  if (!once) return inline_asm(*ti.copy, args, true);
  args.push_back({"p", "l", {"once_pol"}});
  return inline_asm(*ti.copy_once, args, true);
}

bool float_outputs(const Group& g, const ContractionShape& c) {
  auto is_float = [](DType t) { return t == DType::f32 || t == DType::bf16 || t == DType::f16; };
  bool ok = is_float(c.mm->dtype());
  for (const Node* n : g.writes) ok = ok && is_float(n->dtype());
  return ok;
}

ClusterIsa cluster_isa(const Isa& isa) {
  ClusterIsa k;
  k.mapa = isa.find("mapa.shared::cluster.u32");
  k.load = isa.find("ld.shared::cluster.f32");
  k.arrive = isa.find("barrier.cluster.arrive.release.aligned");
  k.wait = isa.find("barrier.cluster.wait.acquire.aligned");
  k.copy_mc = isa.find("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster");
  k.arrive_remote = isa.find("mbarrier.arrive.shared::cluster.b64");
  k.store1 = isa.find("st.async.shared::cluster.mbarrier::complete_tx::bytes.f32");
  k.store2 = isa.find("st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f32");
  k.ok = k.mapa && k.store1 && k.store2 && k.arrive && k.wait;
  k.multicast = k.mapa && k.arrive && k.wait && k.copy_mc && k.arrive_remote && generator_swizzle(k.copy_mc);
  return k;
}

bool multicast_fits(const ContractionShape& c, const ContractionConfig& t) {
  const int CL = t.multicast, rows = c.tile_n(t.bn);  // one tensor's tile columns
  if (CL < 2) return true;
  return c.b.k_major ? rows % CL == 0 && (rows / CL) % 8 == 0 : rows % 64 == 0 && (rows / 64) % CL == 0;
}

bool copied_once(const ContractionShape& c, const ContractionConfig& t, int op) {
  const OperandPlan& p = op == 0 ? c.a : c.b;
  const Node* src = p.direct ? p.node : p.staged;
  if (src == nullptr) return false;
  const int64_t rows = op == 0 ? c.m : c.n;
  const bool one_pass = op == 0 ? c.n <= c.tile_n(t.bn) : c.m_text.empty() && c.m <= int64_t(t.bm);
  bool whole = numel(dims_of(src)) == c.batch * rows * c.k;
  if (op == 1 && c.mm2 != nullptr) whole = whole && numel(dims_of(c.b2.node)) == c.batch * rows * c.k;
  return one_pass && whole;
}

TensorMapSpec tensor_map_of(const Group& g, const Node* x, int box_outer) {
  const std::vector<int64_t> d = dims_of(x);
  TensorMapSpec m;
  m.param = find_param(g.reads, x);
  m.inner = d.back();
  m.outer = d[d.size() - 2];
  m.panels = numel(std::vector<int64_t>(d.begin(), d.end() - 2));
  m.box_inner = 64;
  m.box_outer = box_outer;
  return m;
}

bool tensor_mappable(const Node* x) {
  const std::vector<int64_t> d = dims_of(x);
  const int64_t panels = numel(std::vector<int64_t>(d.begin(), d.end() - 2));
  return d.back() < (int64_t(1) << 32) && d[d.size() - 2] < (int64_t(1) << 32) && panels < (int64_t(1) << 32) &&
         d.back() * d[d.size() - 2] * 2 < (int64_t(1) << 40);
}

std::vector<TensorMapSpec> tensor_maps(const Group& g, const ContractionShape& c, const ContractionConfig& t) {
  std::vector<TensorMapSpec> maps;
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    if (!p.direct && !p.staged) continue;
    const Node* x = p.direct ? p.node : p.staged;  // a staged source has the operand's dims
    // K-major: one box of 64 K values by the tile's rows; MN-major: 64-column boxes of bk rows.
    // Multicast: each block of the cluster copies a share of B's rows.
    maps.push_back(tensor_map_of(g, x, p.k_major ? (op == 0 ? t.bm : c.tile_n(t.bn) / t.multicast) : t.bk));
  }
  // A twin's B2 (direct, oriented as B): boxes of half the wgmma's columns.
  if (c.mm2 != nullptr) maps.push_back(tensor_map_of(g, c.b2.node, c.b2.k_major ? c.tile_n(t.bn) / t.multicast : t.bk));
  // The TMA-store epilogue's output (the launch's parameter after the reads): 64 x 64 boxes.
  if (t.tma_store) {
    TensorMapSpec m = tensor_map_of(g, g.writes.at(0), 64);
    m.param = static_cast<int>(g.reads.size());
    maps.push_back(m);
  }
  return maps;
}

SmemPlan wgmma_smem_plan(const ContractionConfig& c) {
  SmemPlan p;
  p.add("sa0", int64_t(c.stages) * c.bm * c.bk * 2).add("sb0", int64_t(c.stages) * c.bk * c.bn * 2).add("staging", contraction_staging(c));
  if (c.tma) p.add("full0", 8 * int64_t(c.stages)).add("empty0", 8 * int64_t(c.stages)).add("raw0", 8 * int64_t(c.stages));
  if (c.store_warps) p.add("sfull", 8).add("sfree", 8);
  p.add("kv0", 4 * int64_t(c.a_kvec_floats)).add("split", split_area_bytes(c));
  return p;
}

std::string wgmma_kernel(const Group& g, const GroupShape& s, const ContractionConfig& t, const Lowerings& low,
                         const std::string& name, bool wide) {
  WgmmaEmitter k(g, s, t, low, wide);
  return k.emit(name);
}

WgmmaEmitter::WgmmaEmitter(const Group& g_, const GroupShape& s, const ContractionConfig& t_, const Lowerings& low_, bool wide)
    : g(g_), c(s.mm), t(t_), low(low_), em(&low_, false, wide) {
  AXON_CHECK(low.isa != nullptr, "codegen: contraction kernels need the ISA");
  tc = tensor_core_isa(*low.isa, c.in);
  wi = wgmma_isa(*low.isa, c.in);
  AXON_CHECK(tc.ok && wi.pick(c.a.k_major, c.b.k_major) != nullptr, "codegen: the ISA lacks this wgmma form");
  AXON_CHECK((c.in == DType::bf16 || c.in == DType::f16) && t.bk == 64 && t.bm % 64 == 0 && t.bn % 64 == 0 && t.bn <= 256,
             "codegen: a wgmma configuration outside its layouts");
  mma = wi.pick(c.a.k_major, c.b.k_major);
  N = t.bn, REGS = N / 2;
  AE = t.bm * t.bk, BE = t.bk * t.bn;
  D = t.stages - 2;
  persistent = t.tma && t.blocks_per_sm > 0;
  bar_named = low.isa->find("bar.sync.named");
  AXON_CHECK(D >= 1, "codegen: wgmma pipelines need three stages or more");
  SK = t.splits;
  KT = (c.k + t.bk - 1) / t.bk;
  AXON_CHECK(SK >= 1 && SK <= 8, "codegen: at most 8 splits");
  AXON_CHECK(c.mm2 == nullptr || (c.a.direct && c.b.direct && c.b2.direct), "codegen: twin matmuls need every operand copied");
  const std::string why = wgmma_can_run(g, c, t);  // the options' combinations (the enumeration's rule)
  AXON_CHECK(why.empty(), "codegen: not a wgmma configuration: " + why);

  // The accumulator map of the spec, checked to cover the 64 x N tile once per warpgroup.
  df = &fragment(*mma, "d");
  {
    std::set<int64_t> seen;
    for (int th = 0; th < 128; ++th)
      for (int r = 0; r < REGS; ++r) {
        const int64_t row = fragment_index(df->row, th, r), col = fragment_index(df->col, th, r);
        AXON_CHECK(row >= 0 && row < 64 && col >= 0 && col < N && seen.insert(row * N + col).second,
                   "codegen: " + mma->name + "'s d fragment is not a bijection onto 64 x " + S(N));
      }
  }
  // Twins: elements 0 .. REGS / 2 - 1 hold B's columns (below N / 2), and element e + REGS / 2 is
  // B2's result at the same row and column, for every thread (checked: the epilogue relies on it).
  TW = REGS / 2;
  if (c.mm2 != nullptr)
    for (int th = 0; th < 128; ++th)
      for (int r = 0; r < TW; ++r)
        AXON_CHECK(fragment_index(df->col, th, r) < N / 2 && fragment_index(df->row, th, r + TW) == fragment_index(df->row, th, r) &&
                       fragment_index(df->col, th, r + TW) == fragment_index(df->col, th, r) + N / 2,
                   "codegen: " + mma->name + "'s d fragment does not keep the two halves' columns a fixed register offset apart");

  global_loads(em, g);
  I = em.idx();
  em.name_var(kBatchVar, "bz");
  em.name_var(kLaneVar, "th");
  em.name_var(kRegVar, "e");
  batch = coords_of(term::var(kBatchVar), c.batch_dims);
  cluster = std::max(SK, t.multicast);  // split-K and multicast do not meet
  frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  // Shared-memory matrix descriptors (128-byte swizzle): start >> 4, leading and stride byte
  // offsets >> 4, swizzle mode 1 in bits 62-63.
  // K-major: rows of 64 K values, 8-row groups 1024 bytes apart. MN-major: 64-column blocks of
  // `bk` rows (leading-byte offset), 8-row groups 1024 bytes apart.
  a_lbo = c.a.k_major ? 1 : (int64_t(t.bk) * 128) >> 4, a_sbo = 1024 >> 4;
  b_lbo = c.b.k_major ? 1 : (int64_t(t.bk) * 128) >> 4, b_sbo = 1024 >> 4;

  // The staged epilogue (not in persistent blocks, whose producer refills the slots meanwhile):
  // each warpgroup puts the matmul's 64 x N values (rounded to its dtype) into the free pipeline
  // slots in fragment order, rows padded by 16 bytes (conflict-free); then each thread takes 8
  // consecutive outputs of a row: the epilogue's other inputs are read and the results stored in
  // whole rows (16-byte accesses where aligned), and what the 8 points share is computed once.
  smem = wgmma_smem_plan(t);
  mt = c.mm->dtype();
  stage_row = int64_t(N) * dtype_bytes(mt) + 16, stage_bytes = 64 * stage_row;
  float_io = float_outputs(g, c);
  stageable = !persistent && bar_named != nullptr && c.side.empty() && stage_bytes * t.warps_m <= smem.offset("staging") && float_io;
  MT = storage_type(mt), to_f = mt == DType::f32 ? "" : mt == DType::f16 ? "axon_f16_to_f" : "axon_bf16_to_f";
  frag_pairs = true;
  for (int th = 0; th < 128 && frag_pairs; ++th)
    for (int e = 0; e + 1 < REGS; e += 2)
      frag_pairs = frag_pairs && fragment_index(df->row, th, e + 1) == fragment_index(df->row, th, e) &&
                   fragment_index(df->col, th, e + 1) == fragment_index(df->col, th, e) + 1 && fragment_index(df->col, th, e) % 2 == 0;
  cpr = c.tile_n(N) / 8;
  stsm = low.isa->find("stmatrix.sync.aligned.m8n8.x4.shared.b16");
  stsm_at = stmatrix_address();
  // Store warps: the consumers stage the whole block tile after the slots.
  staging = "unsigned char* const stage = (unsigned char*)sA + " + S(smem.offset("staging")) + ";";
  ti = tma_isa(*low.isa);
}

std::string WgmmaEmitter::signature(const std::string& name) const {
  std::ostringstream head;
  std::string params = param_list(g);
  if (t.tma) {
    AXON_CHECK(c.a.direct || c.b.direct || c.a.staged || c.b.staged, "codegen: a TMA configuration with nothing to copy");
    const size_t maps = tensor_maps(g, c, t).size();
    if (t.stream_k) params += ", float* __restrict__ skw";  // the launch's scratch: partial sums, then flags
    for (size_t i = 0; i < maps; ++i) params += ", const __grid_constant__ axon_tmap tm" + S(static_cast<int64_t>(i));
  }
  head << "extern \"C\" __global__ void " << (cluster > 1 ? "__cluster_dims__(" + S(cluster) + ", 1, 1) " : "") << "__launch_bounds__(" << t.threads
       << ", " << (t.tma ? wgmma_blocks_per_sm(t) : 1) << ") " << name << "(" << params << ") {\n";
  return head.str();
}

// Shared memory, the thread's roles, the tile's origin, register A, the accumulators.
void WgmmaEmitter::prologue() {
  // 128-byte swizzle atoms repeat every 1024 bytes: the stages start on such a boundary.
  em.line(smem.declare_raw());
  em.line("unsigned short* const sA = (unsigned short*)" + smem.aligned_base() + ";");
  em.line("unsigned short* const sB = sA + " + S(smem.offset("sb0") / 2) + ";");
  // TMA: the first `producers` warpgroups produce, the others (wg = 0, 1, ...) multiply.
  if (t.tma) em.line("const int tid = threadIdx.x, role = tid >> 7, wg = role - " + S(t.producers) + ", th = tid & 127;");
  else em.line("const int tid = threadIdx.x, wg = tid >> 7, th = tid & 127;");
  if (t.multicast > 1) em.line("const int rank = (int)(blockIdx.x % " + S(t.multicast) + ");");  // in the cluster
  if (SK > 1) {
    // A cluster of SK consecutive blocks per tile: the block's rank in it is its split.
    em.line("const int split = (int)(blockIdx.x % " + S(SK) + ");");
    emit_tile_origin(em, c, t, "(int)(blockIdx.x / " + S(SK) + ")");
  } else if (!persistent) {
    emit_tile_origin(em, c, t, t.multicast > 1 ? "(int)(blockIdx.x / " + S(t.multicast) + ")" : "blockIdx.x");
  }
  // Register A (ContractionConfig::a_regs): the k-tile's A fragments (four k16 steps of the spec's `a`
  // fragment, two elements per 32-bit register) computed from the copied source in the slot, into
  // fa0 on even k-tiles and fa1 on odd ones (declared with the accumulators, as are the side
  // reductions' row accumulators).
  if (t.a_regs) reg_a = register_a(em, g, c, t, low, wi, batch, *df);
  AXON_CHECK(c.side.empty() || reg_a.declare, "codegen: side reductions need register A's declarations");
  em.line("float acc[" + S(REGS) + "];");
  if (!persistent) zero();
  em.line("const unsigned sa0 = (unsigned)__cvta_generic_to_shared(sA), sb0 = (unsigned)__cvta_generic_to_shared(sB);");
}

void WgmmaEmitter::zero() {
  if (t.a_regs) em.line("unsigned fa0[16], fa1[16];  // register A's fragments (even and odd k-tiles)");
  if (reg_a.declare) reg_a.declare();
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(REGS) + "; ++i) {");
  em.line("acc[i] = 0.0f;");
  em.close();
}

// One k-tile's wgmmas from slot `slot`, committed; waits until at most one group is pending.
void WgmmaEmitter::wgmmas() {
  if (t.a_regs) return wgmmas_register_a();
  em.line(inline_asm(*wi.fence, {}, true));
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < " + S(t.bk / 16) + "; ++kk) {");
  // A: this warpgroup's 64 rows; K-major: rows of 128 bytes, K advances 32 bytes per 16 inside
  // the swizzled row; M-major: the warpgroup's 64-column block, K advances 16 rows.
  if (c.a.k_major)
    em.line("const unsigned long long da = " +
            wgmma_desc("sa0", "slot * " + S(desc_units(AE * 2)) + " + wg * " + S(desc_units(64 * 128)) + " + kk * " + S(desc_units(32)), a_lbo, a_sbo) + ";");
  else
    em.line("const unsigned long long da = " +
            wgmma_desc("sa0", "slot * " + S(desc_units(AE * 2)) + " + wg * " + S(desc_units(int64_t(t.bk) * 128)) + " + kk * " + S(desc_units(2048)), a_lbo, a_sbo) + ";");
  if (c.b.k_major)
    em.line("const unsigned long long db = " + wgmma_desc("sb0", "slot * " + S(desc_units(BE * 2)) + " + kk * " + S(desc_units(32)), b_lbo, b_sbo) + ";");
  else  // 16 more rows of the 64-column blocks
    em.line("const unsigned long long db = " + wgmma_desc("sb0", "slot * " + S(desc_units(BE * 2)) + " + kk * " + S(desc_units(2048)), b_lbo, b_sbo) + ";");
  std::vector<std::string> d;
  for (int r = 0; r < REGS; ++r) d.push_back("acc[" + S(r) + "]");
  em.line(inline_asm(*mma, {{"d", "+f", d}, {"a", "l", {"da"}}, {"b", "l", {"db"}}, {"p", "", {"p"}, true}, {"N", "", {S(N)}, true}, {"", "r", {"1"}}},
                     true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(REGS + 2) + ", 0;\\n", "\\n}"));
  em.close();
  em.line(inline_asm(*wi.commit, {}, true));
  em.line(inline_asm(*wi.wait, {{"n", "", {"1"}, true}}, true));
}

// Register A: k-tile j writes the array that k-tile j - 2's wgmmas read, which the wait at the
// end of k-tile j - 1 retired; each parity's code is whole in its branch (no branch between a
// fence, its wgmmas and their wait).
void WgmmaEmitter::wgmmas_register_a() {
  for (int parity = 0; parity < 2; ++parity) {
    const std::string arr = "fa" + S(parity);
    em.open(parity == 0 ? "if ((j & 1) == 0) {" : "else {");
    reg_a.fragments(arr);
    em.line(inline_asm(*wi.fence, {}, true));
    const std::string db0 = "slot * " + S(desc_units(BE * 2));
    std::vector<std::string> d;
    for (int r = 0; r < REGS; ++r) d.push_back("acc[" + S(r) + "]");
    for (int kk = 0; kk < t.bk / 16; ++kk) {
      std::vector<std::string> areg;
      for (int q = 0; q < 4; ++q) areg.push_back(arr + "[" + S(kk * 4 + q) + "]");
      // B: 16 more rows of the 64-column blocks per k16 step.
      em.line("{ const unsigned long long db = " + wgmma_desc("sb0", db0 + " + " + S(desc_units(kk * 2048)), b_lbo, b_sbo) + ";");
      em.line(inline_asm(*wi.mma_areg_nb, {{"d", "+f", d}, {"a", "r", areg}, {"b", "l", {"db"}}, {"p", "", {"p"}, true}, {"N", "", {S(N)}, true}, {"", "r", {"1"}}},
                         true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(REGS + 5) + ", 0;\\n", "\\n}") + " }");
    }
    em.line(inline_asm(*wi.commit, {}, true));
    em.line(inline_asm(*wi.wait, {{"n", "", {"1"}, true}}, true));
    em.close();
  }
}

// Without TMA: every thread loads the tiles ahead with cp.async, D tiles in flight.
void WgmmaEmitter::cp_async_mainloop() {
  emit_load_tile(em, g, c, t, tc, batch, true, {"tid", t.threads, false});
  const std::string commit = inline_asm(*tc.commit, {}, true);
  em.line("const int KT = " + S((c.k + t.bk - 1) / t.bk) + ";");
  em.line("#pragma unroll");
  em.open("for (int st = 0; st < " + S(D) + "; ++st) {");
  em.line("if (st < KT) load_tile(st, st);");
  em.line(commit);
  em.close();
  em.open("for (int kt = 0; kt < KT; ++kt) {");
  em.line(inline_asm(*tc.wait, {{"n", "", {S(D - 1)}, true}}, true));
  // cp.async writes through the generic proxy; wgmma reads through the async proxy.
  em.line(inline_asm(*wi.proxy, {}, true));
  em.line("__syncthreads();");
  em.line("if (kt + " + S(D) + " < KT) load_tile(kt + " + S(D) + ", (kt + " + S(D) + ") % " + S(t.stages) + ");");
  em.line(commit);
  em.line("const int slot = kt % " + S(t.stages) + ";");
  wgmmas();
  em.close();  // kt
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
}

std::string WgmmaEmitter::emit(const std::string& name) {
  const std::string head = signature(name);
  prologue();
  if (t.tma) {
    AXON_CHECK(ti.ok, "codegen: the ISA lacks the bulk tensor copy or mbarrier instructions");
    emit_tma_mainloop(em, g, c, t, tc, wi, ti, cluster_isa(*low.isa), batch, [this]() { wgmmas(); },
                      {[this](const std::string& block) { emit_tile_origin(em, c, t, block); }, [this]() { zero(); }, [this]() { epilogue(); },
                       [this]() { store_tile(); }, reg_a.stage});
  } else {
    cp_async_mainloop();
  }
  if (SK > 1) split_k();
  if (!persistent && SK == 1) epilogue();
  return head + em.str() + "}\n";
}

// Split-K, a reduce-scatter over the cluster: of the tile's rows that exist (M = 16 in a 64-row
// tile: 16), block r owns rows [r * rows / SK, (r + 1) * rows / SK). Every block pushes its
// partial sums of each row into the row's owner (st.async: the owner's receive area, shared
// memory of its own, `split_area_bytes`; per source rank the owned rows, f32, padded by 16
// bytes), each store completing its bytes on the owner's mbarrier `rbar`, which the owner
// expects (SK x its rows x bn floats) and waits for; then each block adds up its rows of the
// SK parts in rank order (the same sum whichever block finished first) and runs the epilogue
// on them in 8-column chunks (split_k_sum). The only cluster barrier is the one the mainloop
// arrived at after initializing the barriers, waited for here before the first push (every rbar
// is ready). No block reads another's shared memory, no slot is reused, and a block leaves only
// once all the bytes it owns have landed.
void WgmmaEmitter::split_k() {
  const ClusterIsa ci = cluster_isa(*low.isa);
  const InstrSpec* lds4 = low.isa->find("ld.shared.v4.f32");
  const InstrSpec* owned_wait = low.isa->find("mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64");
  AXON_CHECK(ci.ok && lds4 != nullptr && ti.expect != nullptr && owned_wait != nullptr,
             "codegen: the ISA lacks the cluster instructions split-K needs");
  AXON_CHECK(float_io, "codegen: split-K stores f32, bf16 or f16 values");
  AXON_CHECK(t.split_rows >= 1 && t.split_rows <= t.bm && int64_t(t.split_rows) >= std::min<int64_t>(t.bm, c.m),
             "codegen: split-K's receive area does not hold the tile's rows (" + t.str() + ")");
  const int64_t prow = int64_t(N) * 4 + 16, OWN = split_rows_owned(t);
  em.line("const int rows = (int)min((long long)" + S(t.bm) + ", (long long)" + m_text(c) + " - (long long)m0), r0 = split * rows / " + S(SK) +
          ", r1 = (split + 1) * rows / " + S(SK) + ";");
  em.line(inline_asm(*ci.wait, {}, true));  // every block's rbar is initialized
  // Each rank's receive area, mbarrier and first row; then, per row slot of the thread (the d
  // fragment holds two rows 8 apart: row_slots), its row, that row's owner's and first row, once.
  em.line("unsigned owner[" + S(SK) + "], obar[" + S(SK) + "];");
  em.line("int owned0[" + S(SK) + "];");
  em.line("#pragma unroll");
  em.open("for (int r = 0; r < " + S(SK) + "; ++r) {");
  em.line(inline_asm(*ci.mapa, {{"d", "=r", {"owner[r]"}}, {"a", "r", {"recv"}}, {"b", "r", {"r"}}}, false));
  em.line(inline_asm(*ci.mapa, {{"d", "=r", {"obar[r]"}}, {"a", "r", {"rbar"}}, {"b", "r", {"r"}}}, false));
  em.line("owned0[r] = r * rows / " + S(SK) + ";");
  em.close();
  const std::vector<int> slots = row_slots(*mma, *df, REGS);
  std::string table = "constexpr int rsl[" + S(REGS) + "] = {";
  for (int e = 0; e < REGS; ++e) table += (e ? ", " : "") + S(slots[size_t(e)]);
  em.line(table + "};");
  em.line("int srow[2], sfrom[2];");
  em.line("unsigned sto[2], sbar[2];");
  for (int sl = 0; sl < 2; ++sl) {
    const int e0 = static_cast<int>(std::find(slots.begin(), slots.end(), sl) - slots.begin());
    AXON_CHECK(e0 < REGS, "codegen: " + mma->name + "'s d fragment holds one row per thread");
    const std::map<int, Term> at_e0 = {{0, term::var(kLaneVar)}, {1, term::integer(e0)}};
    const std::string x = "[" + S(sl) + "]";
    em.line("srow" + x + " = wg * 64 + " + em.index(em.subst(df->row, at_e0)) + ";");
    em.line("sto" + x + " = owner[0]; sbar" + x + " = obar[0]; sfrom" + x + " = 0;");
    em.line("#pragma unroll");
    em.line("for (int r = 1; r < " + S(SK) + "; ++r) if (owned0[r] <= srow" + x + ") { sto" + x + " = owner[r]; sbar" + x + " = obar[r]; sfrom" + x +
            " = owned0[r]; }");
  }
  const InstrSpec* push = frag_pairs ? ci.store2 : ci.store1;
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(REGS) + "; e += " + S(frag_pairs ? 2 : 1) + ") {");
  em.line("const int s = rsl[e], lc = " + em.index(em.subst(df->col, frag_vars)) + ";");
  em.open("if (srow[s] < rows) {");
  em.line("const unsigned at = sto[s] + (unsigned)((split * " + S(OWN) + " + srow[s] - sfrom[s]) * " + S(prow) + " + lc * 4);");
  if (frag_pairs) em.line(inline_asm(*push, {{"a", "r", {"at"}}, {"b", "f", {"acc[e]", "acc[e + 1]"}}, {"m", "r", {"sbar[s]"}}}, true));
  else em.line(inline_asm(*push, {{"a", "r", {"at"}}, {"b", "f", {"acc[e]"}}, {"m", "r", {"sbar[s]"}}}, true));
  em.close();
  em.close();
  split_k_sum(prow, OWN);
}

// The owner's arrival with the bytes it owns (every source's bn floats of each owned row), its
// wait, then its rows' SK parts added in rank order and the epilogue in 8-column chunks.
void WgmmaEmitter::split_k_sum(int64_t prow, int64_t OWN) {
  const InstrSpec* lds4 = low.isa->find("ld.shared.v4.f32");
  const InstrSpec* owned_wait = low.isa->find("mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64");
  em.line("if (wg == 0 && th == 0) " +
          inline_asm(*ti.expect, {{"a", "r", {"rbar"}}, {"b", "r", {"(unsigned)(" + S(int64_t(SK) * N * 4) + " * (r1 - r0))"}}}, true));
  em.line(mbarrier_wait_loop(*owned_wait, "rbar", "0"));
  em.open("for (int q = wg * 128 + th; q < (r1 - r0) * " + S(cpr) + "; q += " + S(128 * t.warps_m) + ") {");
  em.line("const int lr = r0 + q / " + S(cpr) + ", lc = (q % " + S(cpr) + ") * 8;");
  em.line("const " + I + " gi = m0 + lr, gj = n0 + lc;");
  em.line("if (gi >= " + m_text(c) + " || gj >= " + S(c.n) + ") continue;");
  em.line("float red[8] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};");
  em.line("#pragma unroll");
  em.open("for (int r = 0; r < " + S(SK) + "; ++r) {");
  em.line("float v[8];");
  for (int h = 0; h < 2; ++h)
    em.line(inline_asm(*lds4, {{"d", "=f", {"v[" + S(4 * h) + "]", "v[" + S(4 * h + 1) + "]", "v[" + S(4 * h + 2) + "]", "v[" + S(4 * h + 3) + "]"}},
                               {"a", "r", {"recv + (unsigned)((r * " + S(OWN) + " + lr - r0) * " + S(prow) + " + lc * 4 + " + S(16 * h) + ")"}}}, true));
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < 8; ++e) red[e] += v[e];");
  em.close();
  chunk_epilogue([&](const Node*, int e) { return em.round(mt, "red[" + S(e) + "]"); });
  em.close();
  em.line("return;");
}

}  // namespace axon::tiling::detail
