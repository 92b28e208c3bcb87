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
#include <algorithm>
#include <cstring>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

std::string S(int64_t v) { return std::to_string(v); }
int64_t up64(int64_t v) { return (v + 63) / 64 * 64; }

// `constexpr int name[] = {...};`: a register's row slot, a constant once loops are unrolled.
std::string slot_table(const std::string& name, const std::vector<int>& slots) {
  std::string s = "constexpr int " + name + "[" + std::to_string(slots.size()) + "] = {";
  for (size_t i = 0; i < slots.size(); ++i) s += (i ? ", " : "") + std::to_string(slots[i]);
  return s + "};";
}

// The key split's exchange (splits = 2): per consumer thread of the second warpgroup its O
// elements, then per row slot its shift, max and sums; float j of thread th at 4 * (j * 128 + th).
int64_t split_exchange_floats(const AttentionShape& a) { return up64(a.pv.n) / 2 + 4 + 2 * int64_t(a.sums.size()); }

}  // namespace

int attention_smem(const AttentionShape& a, const TileConfig& t) {
  // Q, the slots and the barriers, then the staged epilogue's row statistics; 1024 for alignment.
  return static_cast<int>(attention_stats_at(a, t) + 1024 + int64_t(t.bm) * 4 * (1 + int64_t(a.sums.size())));
}

// Q (bm x dp); per slot a K tile (bn x dp), or a stored-scores tile (bm x bn), and a V tile
// (bn x dvp); the barriers. The key split's exchange reuses the slots once every tile is consumed
// (the kernel checks it fits).
int64_t attention_stats_at(const AttentionShape& a, const TileConfig& t) {
  const int64_t dp = up64(a.qk.k), dvp = up64(a.pv.n);
  const int64_t first = a.scores != nullptr ? int64_t(t.bm) * t.bn * 2 : int64_t(t.bn) * dp * 2;
  return int64_t(t.bm) * dp * 2 + int64_t(t.stages) * (first + int64_t(t.bn) * dvp * 2) + 8 * (2 + 4 * int64_t(t.stages));
}

std::vector<TensorMapSpec> attention_maps(const Group& g, const AttentionShape& a, const TileConfig& t) {
  std::vector<TensorMapSpec> maps;
  if (a.scores != nullptr) return {tensor_map_of(g, a.scores, t.bm), tensor_map_of(g, a.pv.b.node, t.bn)};
  for (const auto& [x, rows] : {std::pair<const Node*, int>{a.qk.a.node, t.bm}, {a.qk.b.node, t.bn}, {a.pv.b.node, t.bn}}) {
    if (x == a.qk.a.node && !a.qk.a.direct) continue;  // Q computed in the kernel
    maps.push_back(tensor_map_of(g, x, rows));
  }
  return maps;
}

std::string attention_kernel(const Group& g, const GroupShape& s, const TileConfig& t, const Lowerings& low,
                             const std::string& name, bool wide) {
  const AttentionShape& a = s.att;
  const ContractionShape &qk = a.qk, &pv = a.pv;
  AXON_CHECK(low.isa != nullptr, "codegen: attention kernels need the ISA");
  // The operands' 16-bit type (classify_attention: Q, K, V and stored scores all of it).
  const DType T16 = pv.in;
  const bool f16 = T16 == DType::f16;
  const WgmmaIsa wi = wgmma_isa(*low.isa, T16);
  const TmaIsa ti = tma_isa(*low.isa);
  const InstrSpec* mma_s = wi.pick(true, true);
  const InstrSpec* mma_o = wi.mma_areg_nb;
  const InstrSpec* shfl = low.isa->find("shfl.sync.bfly.b32");
  AXON_CHECK(mma_s && mma_o && ti.ok && shfl, "codegen: the ISA lacks an instruction of the attention kernel");
  const int C = t.warps_m, BM = t.bm, BN = t.bn, ST = t.stages, KS = t.splits;
  const int64_t D = qk.k, DP = up64(D), DV = pv.n, DVP = up64(DV), SQ = qk.m, SK = qk.n;
  AXON_CHECK(BM == 64 * C && (C == 1 || C == 2) && BN % 64 == 0 && BN <= 256 && DP <= 256 && DVP <= 256 && ST >= 2,
             "codegen: an attention configuration outside its layouts (" + t.str() + ", head dims " + std::to_string(DP) + ", " +
                 std::to_string(DVP) + ")");
  const int RS = BN / 2, RO = int(DVP / 2);  // accumulator elements per thread: S, O
  const bool stored = a.scores != nullptr;  // scores copied from memory instead of Q K^T
  AXON_CHECK(!stored || (D == 0 && !qk.a.direct && !t.pingpong), "codegen: stored scores without Q, K or ping-pong");
  // The key split: KS consumer warpgroups (kp = 0, 1) on the same rows (wg = 0), alternate tiles.
  // Each slot belongs to one warpgroup (ST a multiple of KS): its phases are that one's tiles.
  AXON_CHECK(KS == 1 || (KS == 2 && stored && C == 1 && t.threads == 384 && ST % KS == 0),
             "codegen: a key split needs stored scores, one row warpgroup and an even number of slots");
  const Fragment& fs = fragment(*mma_s, "d");
  const Fragment& fo = fragment(*mma_o, "d");
  const Fragment& fa = fragment(*mma_o, "a");
  const std::vector<int> slot_s = row_slots(*mma_s, fs, RS), slot_o = row_slots(*mma_o, fo, RO);
  for (int th = 0; th < 128; ++th)
    AXON_CHECK(fragment_index(fs.row, th, 0) == fragment_index(fo.row, th, 0), "codegen: S and O rows differ per thread");
  // P's A fragments from S's elements: element ea of k-chunk kk is S element pe[kk][ea].
  std::vector<std::vector<int>> pe(size_t(BN / 16), std::vector<int>(8, -1));
  for (int kk = 0; kk < BN / 16; ++kk)
    for (int ea = 0; ea < 8; ++ea) {
      for (int es = 0; es < RS && pe[size_t(kk)][size_t(ea)] < 0; ++es) {
        bool all = true;
        for (int th = 0; th < 128 && all; ++th)
          all = fragment_index(fs.row, th, es) == fragment_index(fa.row, th, ea) &&
                fragment_index(fs.col, th, es) == 16 * kk + fragment_index(fa.col, th, ea);
        if (all) pe[size_t(kk)][size_t(ea)] = es;
      }
      AXON_CHECK(pe[size_t(kk)][size_t(ea)] >= 0, "codegen: " + mma_o->name + "'s a fragment is not a part of the d fragment");
    }

  Emitter em(&low, false, wide);
  global_loads(em, g);
  const std::string I = em.idx();
  em.name_var(kBatchVar, "bz");
  em.name_var(kLaneVar, "th");
  em.name_var(kRegVar, "e");
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  const std::map<int, Term> frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  const std::vector<Term> batch = coords_of(term::var(kBatchVar), qk.batch_dims);
  std::vector<Term> point = batch, row = batch;
  point.push_back(term::var(kRowVar));
  point.push_back(term::var(kColVar));
  row.push_back(term::var(kRowVar));
  const std::string key = point_key(point);
  auto is_row_point = [&](const Node* n, const std::vector<Term>& p) {
    std::vector<Term> r = row;
    if (n->rank() == static_cast<int>(point.size())) r.push_back(term::integer(0));
    return point_key(p) == point_key(r);
  };
  const int NS = static_cast<int>(a.sums.size());

  std::ostringstream head;
  const bool q_copied = qk.a.direct;
  head << "extern \"C\" __global__ void __launch_bounds__(" << t.threads << ", 1) " << name << "(" << param_list(g)
       << (q_copied ? ", const __grid_constant__ axon_tmap tmq" : "")
       << ", const __grid_constant__ axon_tmap tmk, const __grid_constant__ axon_tmap tmv) {\n";
  // Per slot: K (BN x DP), or the stored scores (BM x BN: 64-key panels of BM rows); V.
  const int64_t q_bytes = int64_t(BM) * DP * 2, k_bytes = stored ? int64_t(BM) * BN * 2 : int64_t(BN) * DP * 2, v_bytes = int64_t(BN) * DVP * 2;
  em.line("extern __shared__ __align__(1024) unsigned char axon_smem_raw[];");
  em.line("const unsigned sq0 = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));");
  em.line("const unsigned sk0 = sq0 + " + S(q_bytes) + ", sv0 = sk0 + " + S(int64_t(ST) * k_bytes) + ";");
  em.line("const unsigned qfull = sv0 + " + S(int64_t(ST) * v_bytes) + ", kfull0 = qfull + 8, vfull0 = kfull0 + " + S(8 * ST) +
          ", kempty0 = vfull0 + " + S(8 * ST) + ", vempty0 = kempty0 + " + S(8 * ST) + ", pin = vempty0 + " + S(8 * ST) + ";");
  em.line(KS == 1 ? "const int tid = threadIdx.x, role = tid >> 7, wg = role - 1, th = tid & 127;"
                  : "const int tid = threadIdx.x, role = tid >> 7, wg = 0, kp = role - 1, th = tid & 127;");
  // Row blocks with the most key tiles first (masks make later rows longer), then the batch; in
  // groups of G batch entries (TileConfig::group), the last one possibly smaller.
  const int64_t MT = (SQ + BM - 1) / BM, G = t.group > 0 ? std::min<int64_t>(t.group, qk.batch) : qk.batch;
  em.line("const int gc = (int)(blockIdx.x / " + S(G * MT) + "), gw = (int)(blockIdx.x % " + S(G * MT) + ");");
  em.line("const int gn = min((int)" + S(G) + ", (int)" + S(qk.batch) + " - gc * " + S(G) + ");");
  em.line("const int mt = " + S(MT - 1) + " - gw / gn;");
  em.line("const " + I + " bz = (" + I + ")(gc * " + S(G) + " + gw % gn), m0 = (" + I + ")mt * " + S(BM) + ";");
  // The key tiles these rows visit (key_tiles, as C).
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

  // Barriers: Q landed; per slot K and V landed (one arrival + bytes), K and V released (one
  // arrival per consumer warp); `pin`, its phase 0 completed at once (below).
  em.open("if (tid == 0) {");
  em.line(inline_asm(*ti.init, {{"a", "r", {"qfull"}}, {"b", "r", {"1"}}}, true));
  em.line(inline_asm(*ti.init, {{"a", "r", {"pin"}}, {"b", "r", {"1"}}}, true));
  em.line(inline_asm(*ti.arrive, {{"a", "r", {"pin"}}}, true));
  em.open("for (int s = 0; s < " + S(ST) + "; ++s) {");
  for (const char* bar : {"kfull0", "vfull0"}) em.line(inline_asm(*ti.init, {{"a", "r", {std::string(bar) + " + 8 * s"}}, {"b", "r", {"1"}}}, true));
  for (const char* bar : {"kempty0", "vempty0"})
    em.line(inline_asm(*ti.init, {{"a", "r", {std::string(bar) + " + 8 * s"}}, {"b", "r", {S(4 * C)}}}, true));
  em.close();
  em.line(inline_asm(*ti.init_fence, {}, true));
  em.line(inline_asm(*wi.proxy, {}, true));
  em.close();
  em.line("__syncthreads();");
  auto wait = [&](const std::string& bar, const std::string& par) { return mbarrier_wait_loop(*ti.wait, bar, par); };

  // The producer: one thread issues every copy.
  em.open("if (role == 0) {");
  if (C * KS == 2) em.line(inline_asm(*ti.reg_dec, {{"n", "", {"24"}, true}}, false));
  em.line("if (tid != 0) return;");
  if (stored) {  // the scores' batch panel: P's batch coordinates
    const std::vector<int64_t> d = dims_of(a.scores);
    em.line("const int pk = (int)(" + (batch.empty() ? "0" : em.index(flat_index(batch, std::vector<int64_t>(d.begin(), d.end() - 2)))) + ");");
  }
  for (const auto& [op, c, var] : {std::tuple<int, const ContractionShape*, const char*>{0, &qk, "pq"}, {1, &qk, "pk"}, {1, &pv, "pvv"}}) {
    if (stored && c == &qk) continue;
    const Node* x = op == 0 ? c->a.node : c->b.node;
    const std::vector<int64_t> d = dims_of(x);
    const std::vector<Term> p = operand_point(*c, op, batch, term::integer(0), term::integer(0));
    const std::vector<Term> pb(p.begin(), p.end() - 2);
    em.line("const int " + std::string(var) + " = (int)(" + (pb.empty() ? "0" : em.index(flat_index(pb, std::vector<int64_t>(d.begin(), d.end() - 2)))) + ");");
  }
  em.line("const unsigned long long tk = (unsigned long long)&tmk, tv = (unsigned long long)&tmv;");
  // Stored scores are copied once per launch (each row block its rows): under the evict-first L2
  // policy, so that they do not push out V, which every row block reads.
  const bool once = stored && ti.hints();
  if (once) declare_once_policy(em, ti);
  // 64-column panels (inner coordinates inner0 + 64 p) of the box's rows from `outer`.
  auto copies = [&](const std::string& dst, int64_t panel_bytes, int64_t panels, const std::string& map, const std::string& outer,
                    const std::string& batch_panel, const std::string& bar, const std::string& inner0, bool read_once) {
    for (int64_t p = 0; p < panels; ++p)
      em.line(tma_copy(ti, {{"d", "r", {dst + " + " + S(p * panel_bytes)}}, {"a", "l", {map}}, {"c0", "r", {inner0 + " + " + S(p * 64)}},
                            {"c1", "r", {outer}}, {"c2", "r", {batch_panel}}, {"m", "r", {bar}}},
                       read_once));
  };
  if (q_copied) {
    em.line("const unsigned long long tq = (unsigned long long)&tmq;");
    em.line(inline_asm(*ti.expect, {{"a", "r", {"qfull"}}, {"b", "r", {S(q_bytes)}}}, true));
    copies("sq0", int64_t(BM) * 128, DP / 64, "tq", "(int)m0", "pq", "qfull", "0", false);
  }
  em.open("for (int it = kb; it < ke; ++it) {");
  em.line("const int g = it - kb, slot = g % " + S(ST) + ";");
  for (const auto& [full, empty, base, bytes, panels, map, panel] :
       {std::tuple<const char*, const char*, const char*, int64_t, int64_t, const char*, const char*>{"kfull0", "kempty0", "sk0", k_bytes, DP / 64, "tk", "pk"},
        {"vfull0", "vempty0", "sv0", v_bytes, DVP / 64, "tv", "pvv"}}) {
    em.line("if (g >= " + S(ST) + ") " + wait(std::string(empty) + " + 8 * slot", "((g / " + S(ST) + ") + 1) & 1"));
    em.line(inline_asm(*ti.expect, {{"a", "r", {std::string(full) + " + 8 * slot"}}, {"b", "r", {S(bytes)}}}, true));
    if (stored && std::string(base) == "sk0") {  // the scores' BM rows, keys it * BN ..
      copies("sk0 + (unsigned)(slot * " + S(bytes) + ")", int64_t(BM) * 128, BN / 64, map, "(int)m0", panel, "kfull0 + 8 * slot", "it * " + S(BN), once);
    } else {
      copies(std::string(base) + " + (unsigned)(slot * " + S(bytes) + ")", int64_t(BN) * 128, panels, map, "it * " + S(BN), panel,
             std::string(full) + " + 8 * slot", "0", false);
    }
  }
  em.close();
  em.line("return;");
  em.close();  // producer

  if (C * KS == 2) em.line(inline_asm(*ti.reg_inc, {{"n", "", {"240"}, true}}, false));
  em.line("const float kNegInf = -__int_as_float(0x7f800000);  // NVRTC has no INFINITY");
  em.line("float o[" + S(RO) + "], sc[" + S(RS) + "];");
  em.line(slot_table("rs_s", slot_s));
  em.line(slot_table("rs_o", slot_o));
  em.line("unsigned pr[" + S(BN / 4) + "];");
  em.line("float mrow[2] = {kNegInf, kNegInf}, mu[2] = {0.0f, 0.0f};");
  for (int k = 0; k < NS; ++k) em.line("float l" + S(k) + "[2] = {0.0f, 0.0f};");
  em.line("#pragma unroll");
  em.line("for (int e = 0; e < " + S(RO) + "; ++e) o[e] = 0.0f;");
  if (q_copied) {
    em.line(wait("qfull", "0"));
  } else if (!stored) {
    // Q computed by the consumers into the same 128-byte-swizzled panels TMA would fill: 16-byte
    // chunks of 8 head-dimension values, zeros past the ends.
    const InstrSpec* bar_named = low.isa->find("bar.sync.named");
    const InstrSpec* st4 = low.isa->find("st.shared.v4.f32");
    AXON_CHECK(bar_named != nullptr && st4 != nullptr, "codegen: the ISA lacks bar.sync.named or st.shared.v4.f32");
    const int64_t cpr = DP / 8, NQ = (int64_t(BM) * cpr + 128 * C - 1) / (128 * C);
    // Every thread's values first (NQ chunks, all loads in flight), then the stores: a store's
    // asm is a compiler barrier, and loads behind one would wait for each other's latency.
    // With a staged source (qk.a.staged: bf16/f16, Q's dims, rows a multiple of 8), its 8 values
    // of a chunk come in one 16-byte load (columns past D clamped to the row's last chunk, and
    // replaced by zeros).
    const Node* qs = qk.a.staged;
    AXON_CHECK(qs == nullptr || (D % 8 == 0 && dims_of(qs) == dims_of(qk.a.node)), "codegen: Q's staged source is not in 16-byte rows");
    em.line("float qv[" + S(NQ) + "][8];");
    if (qs != nullptr) em.line("unsigned qw[" + S(NQ) + "][4];");
    em.line("#pragma unroll");
    em.open("for (int qi = 0; qi < " + S(NQ) + "; ++qi) {");
    em.line("const int q = tid - 128 + qi * " + S(128 * C) + ", r = min(q / " + S(cpr) + ", " + S(BM - 1) + "), c = q % " + S(cpr) + ";");
    em.line("const " + I + " gi = min(m0 + r, (" + I + ")" + S(SQ - 1) + ");");
    std::map<std::string, int> at_e;
    for (int e = 0; e < 8; ++e) {
      em.line("const " + I + " gk" + S(e) + " = min((" + I + ")(c * 8 + " + S(e) + "), (" + I + ")" + S(D - 1) + ");");
      em.name_var(kChunkVar + e, "gk" + S(e));
      at_e[point_key(operand_point(qk, 0, batch, term::var(kRowVar), term::var(kChunkVar + e)))] = e;
    }
    if (qs != nullptr) {
      em.line("const " + I + " gq = min((" + I + ")c * 8, (" + I + ")" + S(D - 8) + ");");
      em.name_var(kKVar, "gq");
      em.line("axon_ldw<4>(in" + S(int64_t(find_param(g.reads, qs))) + " + " +
              em.index(flat_index(operand_point(qk, 0, batch, term::var(kRowVar), term::var(kKVar)), dims_of(qs))) + ", qw[qi]);");
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
    // Two 16-bit values (already rounded) per 32-bit word: bf16 as the f32's high halves, f16
    // by the exact conversion.
    auto two = [&](int e) {
      if (f16) return "__uint_as_float(axon_pack2_f16(qv[qi][" + S(e) + "], qv[qi][" + S(e + 1) + "]))";
      return "__uint_as_float((__float_as_uint(qv[qi][" + S(e) + "]) >> 16) | (__float_as_uint(qv[qi][" + S(e + 1) + "]) & 0xFFFF0000u))";
    };
    em.line("#pragma unroll");
    em.open("for (int qi = 0; qi < " + S(NQ) + "; ++qi) {");
    em.line("const int q = tid - 128 + qi * " + S(128 * C) + ", r = q / " + S(cpr) + ", c = q % " + S(cpr) + ";");
    em.open("if (r < " + S(BM) + ") {");
    em.line("const unsigned at = sq0 + (unsigned)((c / 8) * " + S(int64_t(BM) * 128) + " + r * 128 + (((c % 8) ^ (r % 8)) * 16));");
    em.line(inline_asm(*st4, {{"a", "r", {"at"}}, {"b", "f", {two(0), two(2), two(4), two(6)}}}, true));
    em.close();
    em.close();
    em.line(inline_asm(*wi.proxy, {}, true));  // generic-proxy stores before wgmma's reads
    em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {S(128 * C)}}}, true));
  }
  // O += P V for tile g in `slot`: V's tile is N-major (64-column blocks of BN rows); 16 keys per
  // k-step; P from registers. Committed, not waited for.
  // `fence`: O and P were written since the last wgmma. The fence comes after V's wait (or the
  // caller waited for V before its own fence): a wait loop (a divergent branch) between the
  // fence and the wgmma makes ptxas serialize every wgmma of the kernel (its warning C7520).
  auto emit_pv = [&](const std::string& slot, const std::string& g, bool fence, bool wait_v, const std::string& preg = "pr") {
    if (wait_v) em.line(wait("vfull0 + 8 * " + slot, "(" + g + " / " + S(ST) + ") & 1"));
    if (fence) em.line(inline_asm(*wi.fence, {}, true));
    std::vector<std::string> d;
    for (int r = 0; r < RO; ++r) d.push_back("o[" + S(r) + "]");
    for (int kk = 0; kk < BN / 16; ++kk) {
      const std::string db = wgmma_desc("sv0", slot + " * " + S(desc_units(v_bytes)) + " + " + S(desc_units(kk * 2048)), (int64_t(BN) * 128) >> 4, 64);
      std::vector<std::string> areg;
      for (int q = 0; q < 4; ++q) areg.push_back(preg + "[" + S(kk * 4 + q) + "]");
      em.line(inline_asm(*mma_o, {{"d", "+f", d}, {"a", "r", areg}, {"b", "l", {db}}, {"p", "", {"p"}, true}, {"N", "", {S(DVP)}, true}, {"", "r", {"1"}}},
                         true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(RO + 5) + ", 0;\\n", "\\n}"));
    }
    em.line(inline_asm(*wi.commit, {}, true));
  };
  // Two consumer warpgroups may take turns on the tensor cores (pingpong, named barriers 2 and 3):
  // one issues its S and P V while the other computes its softmax. Warpgroup 1 lets 0 go first,
  // each lets the other go after every issue (no condition between a wgmma and its wait), and
  // warpgroup 0 takes the one turn too many at the end, after its last wait: both pass each
  // barrier as often (n + 1 times barrier 2, n times barrier 3, n >= 1 key tiles each).
  const InstrSpec* bar_named = low.isa->find("bar.sync.named");
  const InstrSpec* bar_arrive = low.isa->find("bar.arrive.named");
  const bool pingpong = t.pingpong;
  // The deferred order (pingpong or overlap): a tile's S is issued before the previous tile's
  // P V, and its softmax (up to P and the sums) runs while that P V does. The first tile is
  // peeled so that no branch separates a wgmma from its fence or its wait (ptxas serializes
  // every wgmma of the kernel otherwise: C7514, C7520).
  const bool deferred = pingpong || t.overlap;
  AXON_CHECK(!pingpong || (C == 2 && bar_named != nullptr && bar_arrive != nullptr), "codegen: ping-pong needs two consumer warpgroups and named barriers");
  AXON_CHECK(!deferred || (!stored && KS == 1), "codegen: the deferred order needs Q K^T and no key split");
  const std::string tile_vars = "const int g = it - kb, slot = g % " + S(ST) + ";";
  const std::string n0_line = "const " + I + " n0 = (" + I + ")it * " + S(BN) + ";";
  auto turn_wait = [&]() {
    if (pingpong) em.line(inline_asm(*bar_named, {{"id", "r", {"2 + wg"}}, {"n", "r", {"256"}}}, true));
  };
  auto turn_pass = [&]() {
    if (pingpong) em.line(inline_asm(*bar_arrive, {{"id", "r", {"3 - wg"}}, {"n", "r", {"256"}}}, true));
  };
  // S = Q K^T over the head dimension: 64-column panels, 16 per k-step (32 bytes in a swizzled
  // row); fenced and committed, not waited for.
  auto issue_s = [&]() {
    em.line(inline_asm(*wi.fence, {}, true));
    em.line("#pragma unroll");
    em.open("for (int kk = 0; kk < " + S(DP / 16) + "; ++kk) {");
    em.line("const unsigned long long da = " + wgmma_desc("sq0", "(kk / 4) * " + S(desc_units(int64_t(BM) * 128)) + " + wg * " + S(desc_units(8192)) + " + (kk % 4) * " + S(desc_units(32)), 1, 64) + ";");
    em.line("const unsigned long long db = " + wgmma_desc("sk0", "slot * " + S(desc_units(k_bytes)) + " + (kk / 4) * " + S(desc_units(int64_t(BN) * 128)) + " + (kk % 4) * " + S(desc_units(32)), 1, 64) + ";");
    std::vector<std::string> d;
    for (int r = 0; r < RS; ++r) d.push_back("sc[" + S(r) + "]");
    em.line(inline_asm(*mma_s, {{"d", "+f", d}, {"a", "l", {"da"}}, {"b", "l", {"db"}}, {"p", "", {"p"}, true}, {"N", "", {S(BN)}, true}, {"", "r", {"kk"}}},
                       true, "{\\n.reg .pred p;\\nsetp.ne.b32 p, %" + S(RS + 2) + ", 0;\\n", "\\n}"));
    em.close();
    em.line(inline_asm(*wi.commit, {}, true));
  };
  auto release_k = [&]() {
    em.line("if ((th & 31) == 0) " + inline_asm(*ti.arrive, {{"a", "r", {"kempty0 + 8 * slot"}}}, true));
  };
  // Pairs of f32 values rounded to bf16 and packed: the synthesized pack (cvt.rn.bf16x2.f32 on
  // sm_80+), each half equal to the cast's result.
  const Lowering* pack = low.find_pack(T16);
  if (pack == nullptr)
    throw UserError(low.source + ": no proved pack of f32 pairs to " + std::string(dtype_name(T16)) + "x2 for " + low.target + " (axon synth --op pack says why)");
  const std::string pack_fn = cast_function(*pack);
  // P as the kernel computes it: a cast of an f32 P to bf16 is the pack's rounding.
  const Node* p_node = pv.a.node;
  if (p_node->op() == Op::Cast && p_node->dtype() == T16 && p_node->operand(0)->dtype() == DType::f32) p_node = p_node->operand(0);
  const SoftmaxShift sf = softmax_shift(a, low, p_node);
  // The scores' chain at each element (keys past the end are -inf), folded into the row max. A
  // tile inside every band (all its points kept) reads the masks' conditions as constants.
  const bool tail = SK % BN != 0;
  const bool pair_round = !stored && qk.mm->dtype() == DType::bf16;
  // The chain's first nodes on the packed pairs (packed_chain); the rest reads `chain_base`.
  const Node* chain_base = stored ? a.scores : qk.mm;
  const std::vector<PackedStep> steps = pair_round ? packed_chain(g, a, *low.isa, chain_base) : std::vector<PackedStep>{};
  // A loop over S's elements: the key gj0, and the coordinates clamped into the tensors
  // (elements past the ends are replaced).
  auto open_s_loop = [&]() {
    em.line("#pragma unroll");
    em.open("for (int e = 0; e < " + S(RS) + "; ++e) {");
    em.line("const " + I + " gj0 = n0 + " + em.index(em.subst(fs.col, frag_vars)) + ";");
    em.line("const " + I + " gi = min(m0 + wg * 64 + " + em.index(em.subst(fs.row, frag_vars)) + ", (" + I + ")" + S(SQ - 1) +
            "), gj = min(gj0, (" + I + ")" + S(SK - 1) + ");");
    em.line("(void)gi; (void)gj; (void)gj0;");
  };
  // The chain is the rounded scores themselves (through exact widening casts, and masks that
  // keep every point of an inside tile): its row maxima come from the packed pairs.
  const InstrSpec* pmax = low.isa->find("max.NaN.bf16x2");
  auto chain_is_scores = [&](bool inside) {
    const Node* x = a.max->operand(0);
    while (x != chain_base) {
      if (x->op() == Op::Cast && (x->dtype() == DType::f32 || x->dtype() == x->operand(0)->dtype()) &&
          (x->operand(0)->dtype() == DType::bf16 || x->operand(0)->dtype() == DType::f32)) {
        x = x->operand(0);
        continue;
      }
      const auto b = std::find_if(a.bands.begin(), a.bands.end(), [&](const auto& b) { return x->op() == Op::Where && x->operand(0) == b.cond; });
      if (!inside || b == a.bands.end()) return false;
      x = x->operand(b->keep ? 1 : 2);
    }
    return true;
  };
  // Stored bf16 scores are packed pairs as they are read (attention_scores.cpp).
  const bool packed_max = (pair_round || (stored && a.scores->dtype() == DType::bf16)) && !tail && pmax != nullptr && chain_is_scores(true);
  auto read_stored_s = [&]() { emit_read_stored_scores(em, *low.isa, *mma_s, StoredScores{BM, BN, k_bytes, packed_max, f16}); };
  auto chain_loop = [&](bool inside) {
    if (packed_max && chain_is_scores(inside)) {
      // Partial maxima: the low and high halves of the two packed accumulators per row slot.
      em.line("#pragma unroll");
      em.line("for (int r = 0; r < 2; ++r) { mp[r][0] = __uint_as_float(mx2[r][0] << 16); mp[r][1] = __uint_as_float(mx2[r][0] & 0xFFFF0000u); "
              "mp[r][2] = __uint_as_float(mx2[r][1] << 16); mp[r][3] = __uint_as_float(mx2[r][1] & 0xFFFF0000u); }");
      return;
    }
    open_s_loop();
    em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
      for (const auto& b : a.bands)
        if (n == b.cond) {
          if (inside) return b.keep ? "1.0f" : "0.0f";
          // The band is the condition (classify_attention), as integer arithmetic.
          return "(" + S(b.alpha) + "LL * gi + " + S(b.beta) + "LL * gj + " + S(b.gamma) + "LL >= 0 ? " + (b.keep ? "1.0f : 0.0f" : "0.0f : 1.0f") + ")";
        }
      if (n != (stored ? a.scores : chain_base)) return "";
      AXON_CHECK(point_key(p) == key, "codegen: the scores' chain reads the scores elsewhere");
      // Stored scores are of their type already; Q K^T's bf16 rounding is done in pairs before the loop (f16: here).
      return stored || pair_round ? std::string("sc[e]") : em.round(qk.mm->dtype(), "sc[e]");
    };
    const std::string x = em.value(a.max->operand(0), point);
    em.line("const float x = " + (tail ? "gj0 < " + S(SK) + " ? " + x + " : kNegInf" : x) + ";");
    em.line("sc[e] = x;");
    em.line("const int rs = rs_s[e];");
    em.line("mp[rs][(e >> 2) & 3] = " + em.combine(Reducer::Max, "mp[rs][(e >> 2) & 3]", "x") + ";");
    em.close();
    em.given = nullptr;
  };
  // The tile's row maxima in four partial maxima per row slot (shorter dependence chains; max is
  // associative, NaN included), folded into the running max; the shift, and the factor al that
  // moves earlier partial results to it (the sums rescaled here, O by rescale_o).
  auto softmax_max = [&]() {
    if (pair_round) {  // S rounded to bf16 two elements at a time (the pack: each to nearest even)
      if (packed_max) em.line("unsigned mx2[2][2] = {{0xFF80FF80u, 0xFF80FF80u}, {0xFF80FF80u, 0xFF80FF80u}};  // -inf pairs");
      em.line("#pragma unroll");
      em.open("for (int e = 0; e < " + S(RS) + "; e += 2) {");
      em.line("unsigned w;");
      em.line("w = " + pack_fn + "(sc[e], sc[e + 1]);");
      for (const PackedStep& st : steps) {
        const std::string c = std::to_string(st.bits) + "u";
        em.line(pure_asm(*st.ins, {{"d", "=r", {"w"}}, {"a", "r", {st.chain_first ? "w" : c}}, {"b", "r", {st.chain_first ? c : "w"}}}));
      }
      if (packed_max)  // two accumulators per row slot (shorter dependence chains)
        em.line(pure_asm(*pmax, {{"d", "=r", {"mx2[rs_s[e]][(e >> 2) & 1]"}}, {"a", "r", {"mx2[rs_s[e]][(e >> 2) & 1]"}}, {"b", "r", {"w"}}}));
      em.line("sc[e] = __uint_as_float(w << 16);");
      em.line("sc[e + 1] = __uint_as_float(w & 0xFFFF0000u);");
      em.close();
    }
    em.line("float mp[2][4] = {{kNegInf, kNegInf, kNegInf, kNegInf}, {kNegInf, kNegInf, kNegInf, kNegInf}};");
    if (a.bands.empty()) {
      chain_loop(false);
    } else {
      // Inside every band: the smallest of alpha * i + beta * j + gamma over the tile is >= 0.
      std::string inside = "true";
      for (const auto& b : a.bands)
        inside += " && (" + std::string(b.alpha >= 0 ? S(b.alpha) + "LL * i0" : S(b.alpha) + "LL * i1") + " + " +
                  (b.beta >= 0 ? S(b.beta) + "LL * n0" : S(b.beta) + "LL * (n0 + " + S(BN - 1) + ")") + " + " + S(b.gamma) + "LL >= 0)";
      em.line("const bool inside = " + inside + ";");
      em.open("if (inside) {");
      chain_loop(true);
      em.close();
      em.open("if (!inside) {");
      chain_loop(false);
      em.close();
    }
    // Row max over the quad; the exponent's shift (0 while a row has seen only -inf); the factor
    // that moves earlier partial results to the new shift.
    em.line("float mt[2];");
    em.line("#pragma unroll");
    em.line("for (int r = 0; r < 2; ++r) mt[r] = " +
            em.combine(Reducer::Max, em.combine(Reducer::Max, "mrow[r]", em.combine(Reducer::Max, "mp[r][0]", "mp[r][1]")),
                       em.combine(Reducer::Max, "mp[r][2]", "mp[r][3]")) + ";");
    em.line("float al[2];");
    em.line("#pragma unroll");
    em.open("for (int r = 0; r < 2; ++r) {");
    for (int lane : {1, 2}) {
      em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {"mt[r]"}}, {"c", "", {S(lane)}, true}}, false) +
              " mt[r] = " + em.combine(Reducer::Max, "mt[r]", "t") + "; }");
    }
    // The shift mu (SoftmaxShift) at the new max (0 while a row has seen only -inf); al = 0
    // while nothing is accumulated: computed, then replaced (a select; the exp under a condition
    // measured 5% slower on softmax -> matmul).
    em.line("const float ns = " + sf.shift_of("mt[r] == kNegInf ? 0.0f : mt[r]") + ";");
    em.line("al[r] = " + sf.move(em, "mu[r]", "ns") + ";");
    em.line("if (mrow[r] == kNegInf) al[r] = 0.0f;");
    em.line("mu[r] = ns;");
    em.line("mrow[r] = mt[r];");
    for (int k = 0; k < NS; ++k) em.line("l" + S(k) + "[r] *= al[r];");
    em.close();
  };
  auto rescale_o = [&]() {  // O moved to the new shift
    em.line("#pragma unroll");
    em.open("for (int e = 0; e < " + S(RO) + "; ++e) {");
    em.line("o[e] *= al[rs_o[e]];");
    em.close();
  };
  // A row sum whose summand is P itself (P V's bf16 operand) is added from P's packed halves:
  // they are that value exactly (the pack rounds as the cast does).
  std::vector<bool> from_packed(size_t(NS), false);
  for (int k = 0; k < NS; ++k) from_packed[size_t(k)] = a.sums[size_t(k)]->operand(0) == pv.a.node;
  auto softmax_p = [&]() {
    // P and the other row sums at each element, the max given as the shift; four partial sums
    // per row slot (shorter dependence chains), added after the tile.
    for (int k = 0; k < NS; ++k) em.line("float ls" + S(k) + "[2][4] = {};");
    open_s_loop();
    em.line("const int rs = rs_s[e];");
    em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
      if (n == a.max->operand(0)) {
        AXON_CHECK(point_key(p) == key, "codegen: P reads the scores' chain elsewhere");
        return "sc[e]";
      }
      if (std::string v = sf.exp_at(em, n, p, "mu[rs]"); !v.empty()) {
        AXON_CHECK(point_key(p) == key, "codegen: P reads an exp of the max elsewhere");
        return v;
      }
      if (n == a.max) {
        AXON_CHECK(sf.exp2_at == nullptr && is_row_point(n, p), "codegen: P reads the row max at another row, or outside exp(u - max)");
        return "mu[rs]";
      }
      return "";
    };
    // P is packed into bf16 pairs by the synthesized pack (round to nearest even, as a cast to bf16
    // rounds): a P that is such a cast is given unrounded (p_node), any other P is bf16 already.
    const std::string pval = em.value(p_node, point);
    for (int k = 0; k < NS; ++k) {
      if (from_packed[size_t(k)]) continue;
      const std::string v = em.value(a.sums[size_t(k)]->operand(0), point);
      const std::string acc = "ls" + S(k) + "[rs][(e >> 2) & 3]";
      em.line(tail ? "if (gj0 < " + S(SK) + ") " + acc + " += " + v + ";" : acc + " += " + v + ";");
    }
    // Keys past the end: P is 0 (so is a summand taken from it).
    em.line(tail ? "sc[e] = gj0 < " + S(SK) + " ? " + pval + " : 0.0f;" : "sc[e] = " + pval + ";");
    em.close();
    em.given = nullptr;
  };
  // P as bf16 pairs in the a fragments of the k-chunks, into `dst` (pr, or pn while the previous
  // P V still reads pr); the sums taken from P, then every sum's partials folded.
  auto pack_p = [&](const std::string& dst) {
    for (int kk = 0; kk < BN / 16; ++kk)
      for (int q = 0; q < 4; ++q)
        em.line(dst + "[" + S(kk * 4 + q) + "] = " + pack_fn + "(sc[" + S(pe[size_t(kk)][size_t(2 * q)]) + "], sc[" +
                S(pe[size_t(kk)][size_t(2 * q + 1)]) + "]);");
    for (int k = 0; k < NS; ++k) {
      if (!from_packed[size_t(k)]) continue;
      for (int kk = 0; kk < BN / 16; ++kk)
        for (int q = 0; q < 4; ++q) {
          const std::string w = dst + "[" + S(kk * 4 + q) + "]";
          for (int h = 0; h < 2; ++h) {
            const int e = pe[size_t(kk)][size_t(2 * q + h)];
            const std::string half = f16 ? "axon_f16_at(&" + w + ", " + S(h) + ")"
                                         : "__uint_as_float(" + (h == 0 ? w + " << 16" : w + " & 0xFFFF0000u") + ")";
            em.line("ls" + S(k) + "[" + S(slot_s[size_t(e)]) + "][" + S((e >> 2) & 3) + "] += " + half + ";");
          }
        }
    }
    for (int k = 0; k < NS; ++k)
      for (int r = 0; r < 2; ++r)
        em.line("l" + S(k) + "[" + S(r) + "] += (ls" + S(k) + "[" + S(r) + "][0] + ls" + S(k) + "[" + S(r) + "][1]) + (ls" + S(k) + "[" + S(r) +
                "][2] + ls" + S(k) + "[" + S(r) + "][3]);");
  };
  if (!deferred) {
    // Per tile: S (or the stored tile), its softmax, then its P V, issued at the end and waited
    // for with the next tile's S. The loop runs at least once (kb < ke) for one warpgroup per
    // tile; under the key split the second may have none.
    if (KS == 1) {
      em.line("int it = kb;");
      em.open("do {");
    } else {
      em.open("for (int it = kb + kp; it < ke; it += 2) {");
    }
    em.line(tile_vars);
    em.line(n0_line);
    em.line(wait("kfull0 + 8 * slot", "(g / " + S(ST) + ") & 1"));
    if (stored) read_stored_s();
    else issue_s();
    // S and the previous tile's P V are done: K's slot and the previous V slot go back.
    em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
    if (stored) {  // every lane of the warp has read its scores before lane 0 releases the slot
      const InstrSpec* warp_sync = low.isa->find("bar.warp.sync");
      AXON_CHECK(warp_sync != nullptr, "codegen: the ISA lacks bar.warp.sync");
      em.line(inline_asm(*warp_sync, {}, true));
    }
    em.open("if ((th & 31) == 0) {");
    em.line(inline_asm(*ti.arrive, {{"a", "r", {"kempty0 + 8 * slot"}}}, true));
    // This warpgroup's previous tile: g - 1, or g - 2 under the key split.
    const std::string vslot = "vempty0 + 8 * ((g - " + S(KS) + ") % " + S(ST) + ")";
    em.line("if (g >= " + S(KS) + ") " + inline_asm(*ti.arrive, {{"a", "r", {vslot}}}, true));
    em.close();
    softmax_max();
    rescale_o();
    softmax_p();
    pack_p("pr");
    emit_pv("slot", "g", true, true);
    if (KS == 1) em.close("} while (++it < ke);");
    else em.close();
  } else {
    if (pingpong) em.line("if (wg == 1) " + inline_asm(*bar_arrive, {{"id", "r", {"2"}}, {"n", "r", {"256"}}}, true));
    // The first tile: S, then its softmax (O is still 0).
    em.open("{");
    em.line("const int it = kb;");
    em.line(tile_vars);
    em.line(n0_line);
    em.line(wait("kfull0 + 8 * slot", "0"));
    turn_wait();
    issue_s();
    turn_pass();
    em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
    release_k();
    softmax_max();  // al = 0 (nothing seen yet): O, still 0, needs no rescaling
    softmax_p();
    pack_p("pr");
    em.close();
    // Every later tile: its S and the previous tile's P V under one fence (V waited for before
    // it), the softmax up to P and the sums while P V runs, P packed beside the P it reads (its
    // 32-bit floats die early: registers), then O rescaled. The P buffers alternate (pr, pn), two
    // tiles per turn of the loop: no copy between them, each tile's wgmmas fenced, committed and
    // waited for within it.
    auto later_tile = [&](const std::string& it, const std::string& in, const std::string& out) {
      em.open("{");
      em.line("const int it = " + it + ";");
      em.line(tile_vars);
      em.line(n0_line);
      em.line("const int pg = g - 1, ps = pg % " + S(ST) + ";");
      em.line(wait("kfull0 + 8 * slot", "(g / " + S(ST) + ") & 1"));
      em.line(wait("vfull0 + 8 * ps", "(pg / " + S(ST) + ") & 1"));
      turn_wait();
      issue_s();
      emit_pv("ps", "pg", false, false, in);
      turn_pass();
      em.line(inline_asm(*wi.wait, {{"n", "", {"1"}, true}}, true));  // S is done, P V may run on
      release_k();
      softmax_max();
      softmax_p();
      pack_p(out);
      // A wait on the completed `pin` (a loop: a branch) before the wait for P V: ptxas schedules
      // a wgmma wait as early as it can within a block, above the softmax, which then no longer
      // runs beside P V (seen in the SASS); it does not move it above a branch.
      em.line(wait("pin", "0"));
      em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));  // P V has finished with O, P and V
      em.line("if ((th & 31) == 0) " + inline_asm(*ti.arrive, {{"a", "r", {"vempty0 + 8 * ps"}}}, true));
      rescale_o();
      em.close();
    };
    em.line("unsigned pn[" + S(BN / 4) + "];");
    em.open("for (int i2 = kb + 1; i2 < ke; i2 += 2) {");
    later_tile("i2", "pr", "pn");
    em.open("if (i2 + 1 < ke) {");
    later_tile("i2 + 1", "pn", "pr");
    em.close();
    em.close();
    // The last tile's P V: tile t's P is in pn when t - kb is odd.
    for (int odd : {1, 0}) {
      em.open(std::string(odd ? "if" : "else if") + " (((ke - 1 - kb) & 1) == " + S(odd) + ") {");
      em.line("const int g = ke - 1 - kb, slot = g % " + S(ST) + ";");
      emit_pv("slot", "g", true, true, odd ? "pn" : "pr");
      em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));
      em.close();
    }
    if (pingpong) em.line("if (wg == 0) " + inline_asm(*bar_named, {{"id", "r", {"2"}}, {"n", "r", {"256"}}}, true));
  }
  em.line(inline_asm(*wi.wait, {{"n", "", {"0"}, true}}, true));

  // The sums over the quad; the epilogue at each O element with the final statistics.
  for (int k = 0; k < NS; ++k)
    for (int r = 0; r < 2; ++r)
      for (int lane : {1, 2})
        em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {"l" + S(k) + "[" + S(r) + "]"}}, {"c", "", {S(lane)}, true}}, false) +
                " l" + S(k) + "[" + S(r) + "] += t; }");
  if (KS == 2) {
    // The key split's merge: the second warpgroup leaves its O, shifts, maxima and sums in the
    // slots (every tile is consumed once both have passed the barrier), the first moves both
    // halves to the larger shift and adds them (a half that saw only -inf contributes nothing).
    const InstrSpec* lds = low.isa->find("ld.shared.f32");
    const InstrSpec* sts = low.isa->find("st.shared.f32");
    AXON_CHECK(lds && sts && bar_named, "codegen: the ISA lacks ld.shared.f32, st.shared.f32 or bar.sync.named");
    auto at = [&](const std::string& j) { return "sk0 + (unsigned)(((" + j + ") * 128 + th) * 4)"; };
    std::vector<std::pair<std::string, std::string>> xs;  // (exchange index, register)
    xs.push_back({"e", "o[e]"});
    for (int r = 0; r < 2; ++r) {
      xs.push_back({S(RO + r), "mu[" + S(r) + "]"});
      xs.push_back({S(RO + 2 + r), "mrow[" + S(r) + "]"});
      for (int k = 0; k < NS; ++k) xs.push_back({S(RO + 4 + 2 * k + r), "l" + S(k) + "[" + S(r) + "]"});
    }
    AXON_CHECK(split_exchange_floats(a) * 128 * 4 <= int64_t(ST) * (k_bytes + v_bytes), "codegen: the key split's exchange exceeds the slots");
    em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {"256"}}}, true));  // both are done with every slot
    em.open("if (kp == 1) {");
    em.line("#pragma unroll");
    em.line("for (int e = 0; e < " + S(RO) + "; ++e) " + inline_asm(*sts, {{"a", "r", {at("e")}}, {"b", "f", {"o[e]"}}}, true));
    for (size_t i = 1; i < xs.size(); ++i) em.line(inline_asm(*sts, {{"a", "r", {at(xs[i].first)}}, {"b", "f", {xs[i].second}}}, true));
    em.close();
    em.line(inline_asm(*bar_named, {{"id", "r", {"1"}}, {"n", "r", {"256"}}}, true));
    em.line("if (kp == 1) return;");
    em.line("float a0[2], a1[2];");
    em.line("#pragma unroll");
    em.open("for (int r = 0; r < 2; ++r) {");
    em.line("float mu1, m1;");
    em.line(inline_asm(*lds, {{"d", "=f", {"mu1"}}, {"a", "r", {at(S(RO) + " + r")}}}, true));
    em.line(inline_asm(*lds, {{"d", "=f", {"m1"}}, {"a", "r", {at(S(RO + 2) + " + r")}}}, true));
    em.line("const float m = " + em.combine(Reducer::Max, "mrow[r]", "m1") + ", ns = " + sf.shift_of("m == kNegInf ? 0.0f : m") + ";");
    em.line("a0[r] = " + sf.move(em, "mu[r]", "ns") + ";");
    em.line("a1[r] = " + sf.move(em, "mu1", "ns") + ";");
    em.line("if (mrow[r] == kNegInf) a0[r] = 0.0f;");
    em.line("if (m1 == kNegInf) a1[r] = 0.0f;");
    em.line("mrow[r] = m;");
    em.line("mu[r] = ns;");
    for (int k = 0; k < NS; ++k) {
      em.line("{ float l; " + inline_asm(*lds, {{"d", "=f", {"l"}}, {"a", "r", {at(S(RO + 4 + 2 * k) + " + r")}}}, true) + " l" + S(k) +
              "[r] = l" + S(k) + "[r] * a0[r] + l * a1[r]; }");
    }
    em.close();
    em.line("#pragma unroll");
    em.open("for (int e = 0; e < " + S(RO) + "; ++e) {");
    em.line("float x;");
    em.line(inline_asm(*lds, {{"d", "=f", {"x"}}, {"a", "r", {at("e")}}}, true));
    em.line("o[e] = o[e] * a0[rs_o[e]] + x * a1[rs_o[e]];");
    em.close();
  }
  // O and the sums from the kernel's shift to the graph's: the row max (0 for a row of -inf).
  if (const std::string tg = sf.to_graph("(mrow[r] == kNegInf ? 0.0f : mrow[r])", "mu[r]"); !tg.empty()) {
    em.line("float tg[2];");
    em.line("#pragma unroll");
    em.open("for (int r = 0; r < 2; ++r) {");
    em.line("tg[r] = " + tg + ";");
    for (int k = 0; k < NS; ++k) em.line("l" + S(k) + "[r] *= tg[r];");
    em.close();
    em.line("#pragma unroll");
    em.line("for (int e = 0; e < " + S(RO) + "; ++e) o[e] *= tg[rs_o[e]];");
  }
  if (!stored && KS == 1 && emit_staged_epilogue(em, g, a, t, *low.isa, batch, is_row_point)) return head.str() + em.str() + "}\n";
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RO) + "; ++e) {");
  em.line("const " + I + " gi = m0 + wg * 64 + " + em.index(em.subst(fo.row, frag_vars)) + ";");
  em.line("const " + I + " gj = " + em.index(em.subst(fo.col, frag_vars)) + ";");
  em.line("const int rs = rs_o[e];");
  em.line("(void)rs;");
  em.open("if (gi < " + S(SQ) + " && gj < " + S(DV) + ") {");
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    return epilogue_answer(em, a, n, point_key(p) == key, is_row_point(n, p), em.round(pv.mm->dtype(), "o[e]"), "mrow[rs]",
                           [&](int k) { return "l" + S(k) + "[rs]"; });
  };
  for (size_t w = 0; w < g.writes.size(); ++w) {
    const Node* n = g.writes[w];
    em.line("axon_st_" + dt(n) + "(out" + S(int64_t(w)) + " + " + em.index(flat_index(point, dims_of(n))) + ", " + em.value(n, point) + ");");
  }
  em.given = nullptr;
  em.close();
  em.close();
  return head.str() + em.str() + "}\n";
}

}  // namespace axon::tiling::detail
