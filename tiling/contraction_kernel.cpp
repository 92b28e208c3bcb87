// The tensor-core contraction kernel (docs/contraction.md): a block tile of the output per block,
// operands staged through a shared-memory pipeline (cp.async for stored operands, the inlined
// prologue for computed ones), ldmatrix + mma.sync from the ISA spec, and the group's epilogue
// evaluated at each accumulator element.
#include <algorithm>
#include <sstream>

#include "axon/core/error.h"
#include "contraction_families.h"
#include "internal.h"

namespace axon::tiling::detail {

std::string inline_asm(const InstrSpec& ins, const std::vector<AsmArg>& args, bool memory, const std::string& prefix,
                       const std::string& suffix) {
  // A '%' of the instruction's own text (a special register: %tid.x) is literal: "%%" in asm.
  std::string text;
  for (char c : ins.ptx) text += c == '%' ? std::string("%%") : std::string(1, c);
  int next = 0;
  auto fill = [&](const AsmArg& a) {
    std::string rep;
    if (a.immediate) {
      rep = a.values.at(0);
    } else {
      for (size_t i = 0; i < a.values.size(); ++i) rep += (i ? ", %" : "%") + S(next++);
      if (a.values.size() > 1) rep = "{" + rep + "}";
    }
    if (a.name.empty()) return;  // an operand the wrapping text uses, not the template
    const std::string ph = "{" + a.name + "}";
    auto at = text.find(ph);
    AXON_CHECK(at != std::string::npos, "codegen: " + ins.name + " has no operand {" + a.name + "}");
    text.replace(at, ph.size(), rep);
  };
  // Outputs are numbered first, as inline asm requires.
  auto output = [](const AsmArg& a) { return !a.immediate && (a.constraint[0] == '=' || a.constraint[0] == '+'); };
  for (const AsmArg& a : args)
    if (output(a)) fill(a);
  for (const AsmArg& a : args)
    if (!output(a)) fill(a);
  std::string o, i;
  for (const AsmArg& a : args) {
    if (a.immediate) continue;
    std::string& list = output(a) ? o : i;
    for (const std::string& v : a.values) list += (list.empty() ? "" : ", ") + ("\"" + a.constraint + "\"(" + v + ")");
  }
  return "asm volatile(\"" + prefix + text + suffix + "\" : " + o + " : " + i + (memory ? " : \"memory\");" : ");");
}

std::string mbarrier_wait_loop(const InstrSpec& wait, const std::string& bar, const std::string& parity) {
  return inline_asm(wait, {{"p", "", {"p"}, true}, {"a", "r", {bar}}, {"b", "r", {parity}}}, true,
                    "{\\n.reg .pred p;\\nAXON_WAIT:\\n", "\\n@!p bra AXON_WAIT;\\n}");
}

std::string pure_asm(const InstrSpec& ins, const std::vector<AsmArg>& args) {
  const std::string v = inline_asm(ins, args, false);
  const std::string head = "asm volatile(";
  AXON_CHECK(v.compare(0, head.size(), head) == 0, "codegen: inline_asm's text changed");
  return "asm(" + v.substr(head.size());
}

const Fragment& fragment(const InstrSpec& ins, const std::string& name) {
  for (const Fragment& f : ins.fragments)
    if (f.name == name) return f;
  throw InternalError("codegen: " + ins.name + " has no fragment " + name);
}

LaneAddress lane_address(int operand, bool k_major) {
  using namespace term;
  const Term lane = var(0), q = floordiv(lane, integer(8)), r8 = mod(lane, integer(8));
  const Term fr = mul(operand == 0 ? mod(q, integer(2)) : floordiv(q, integer(2)), integer(8));
  const Term kb = mul(operand == 0 ? floordiv(q, integer(2)) : mod(q, integer(2)), integer(8));
  return k_major ? LaneAddress{add(fr, r8), kb} : LaneAddress{add(kb, r8), fr};
}

namespace {

// The composition of the spec's ldmatrix fragment with lane_address must be the spec's mma
// fragment for the operand, for every lane and element (docs/contraction.md).
void check_fragments(const TensorCoreIsa& tc, int operand, bool k_major) {
  const InstrSpec& ld = k_major ? *tc.ldsm : *tc.ldsm_t;
  const Fragment& lf = fragment(ld, "d");
  const Fragment& mf = fragment(*tc.mma, operand == 0 ? "a" : "b");
  for (int lane = 0; lane < 32; ++lane)
    for (int e = 0; e < 8; ++e) {
      const int64_t sr = fragment_index(lf.row, lane, e), sc = fragment_index(lf.col, lane, e);
      const LaneAddress at = lane_address(operand, k_major);
      const int64_t srow = fragment_index(at.row, sr, 0), scol = fragment_index(at.col, sr, 0) + sc;
      const int64_t fr = k_major ? srow : scol, kk = k_major ? scol : srow;
      int64_t want_fr, want_k;
      if (operand == 0) {
        want_fr = fragment_index(mf.row, lane, e);
        want_k = fragment_index(mf.col, lane, e);
      } else {  // two 16x8 B fragments side by side: elements 0..3 and 4..7
        want_k = fragment_index(mf.row, lane, e % 4);
        want_fr = fragment_index(mf.col, lane, e % 4) + 8 * (e / 4);
      }
      if (fr != want_fr || kk != want_k)
        throw InternalError("codegen: " + ld.name + " as addressed does not produce " + tc.mma->name + "'s " + mf.name +
                            " fragment (lane " + S(lane) + ", element " + S(e) + ")");
    }
}

}  // namespace

std::string swizzle(int cols, const std::string& row) {
  const int chunks = cols / 8;
  if (chunks >= 8) return "((" + row + ") & 7)";
  if (chunks == 4) return "(((" + row + ") >> 1) & 3)";
  if (chunks == 2) return "(((" + row + ") >> 2) & 1)";
  return "0";
}

std::string wgmma_desc(const std::string& base, const std::string& units, int64_t lbo, int64_t sbo) {
  const uint64_t hi = (uint64_t(sbo) & 0x3FFF) | (uint64_t(1) << 30);
  return "((" + S(int64_t(hi)) + "ull << 32) | (unsigned)((((" + base + ") & 0x3FFFF) >> 4) + (unsigned)(" + units + ") + " +
         S((lbo & 0x3FFF) << 16) + "u))";
}

int64_t desc_units(int64_t bytes) {
  if (bytes % 16 != 0) throw InternalError("codegen: a wgmma descriptor's offset of " + S(bytes) + " bytes is not a multiple of 16");
  return bytes / 16;
}

void emit_tile_origin(Emitter& em, const ContractionShape& c, const ContractionConfig& t, const std::string& block) {
  // Multicast: `block` numbers a cluster's tiles (CL consecutive tile rows, `rank` picks one).
  const int64_t CL = t.multicast, TM = (c.m + t.bm * CL - 1) / (t.bm * CL), BN = c.tile_n(t.bn), TN = (c.n + BN - 1) / BN;
  // Under a runtime size the tile rows are counted from M at run time.
  const bool rt = !c.m_text.empty();
  if (rt) em.line("const int tiles_m = (int)((" + c.m_text + " + " + S(t.bm * CL - 1) + ") / " + S(t.bm * CL) + ");");
  const std::string TMs = rt ? "tiles_m" : S(TM), tiles = rt ? "(tiles_m * " + S(TN) + ")" : S(TM * TN);
  em.line("int bt = " + block + ";");
  em.line("const " + std::string(em.idx()) + " bz = bt / " + tiles + ";");
  em.line("bt -= (int)(bz * " + tiles + ");");
  em.line("const int first = (bt / " + S(8 * TN) + ") * 8, gsz = min(" + TMs + " - first, 8);");
  em.line("const int tm = first + (bt % " + S(8 * TN) + ") % gsz, tn = (bt % " + S(8 * TN) + ") / gsz;");
  em.line("const int m0 = " + (CL > 1 ? "(tm * " + S(CL) + " + rank)" : std::string("tm")) + " * " + S(t.bm) + ", n0 = tn * " + S(BN) + ";");
}

std::vector<Term> epilogue_point(Emitter& em, const ContractionShape& c, const std::vector<Term>& batch, const std::string& acc) {
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  std::vector<Term> point = batch;
  point.push_back(term::var(kRowVar));
  point.push_back(term::var(kColVar));
  em.given = [&em, mm = c.mm, key = point_key(point), acc](const Node* n, const std::vector<Term>& p) -> std::string {
    if (n != mm) return "";
    AXON_CHECK(point_key(p) == key, "codegen: the epilogue reads the matmul elsewhere");
    return em.round(mm->dtype(), acc);
  };
  return point;
}

std::string operand_panel(Emitter& em, const ContractionShape& c, int op, const std::vector<Term>& batch) {
  const std::vector<int64_t> od = dims_of(op == 0 ? c.a.node : c.b.node);
  const std::vector<Term> opoint = operand_point(c, op, batch, term::integer(0), term::integer(0));
  const std::vector<Term> ob(opoint.begin(), opoint.end() - 2);
  return ob.empty() ? "0" : em.index(flat_index(ob, std::vector<int64_t>(od.begin(), od.end() - 2)));
}

bool paired_stores(const Group& g, const ContractionShape& c, const Fragment& d, int threads, int regs) {
  bool pairs = c.n % 2 == 0;
  for (int th = 0; th < threads && pairs; ++th)
    for (int e = 0; e + 1 < regs; e += 2)
      pairs = pairs && fragment_index(d.row, th, e + 1) == fragment_index(d.row, th, e) &&
              fragment_index(d.col, th, e + 1) == fragment_index(d.col, th, e) + 1 && fragment_index(d.col, th, e) % 2 == 0;
  for (const Node* n : g.writes) pairs = pairs && (n->dtype() == DType::f32 || n->dtype() == DType::bf16 || n->dtype() == DType::f16);
  return pairs;
}

namespace {

// A shared tile in its stored orientation: `rows` x `cols` elements, row-major.
struct TileGeom {
  int rows = 0, cols = 0;
  std::string outer_ext, inner_ext;        // global extents of the stored outer / inner axes
  std::string outer_origin, inner_origin;  // the tile's origin on them
};

TileGeom geometry(const ContractionShape& c, const ContractionConfig& t, int operand, bool k_major) {
  TileGeom g;
  const int fr_tile = operand == 0 ? t.bm : t.bn;
  const std::string fr_ext = operand == 0 ? m_text(c) : S(c.n), fr_origin = operand == 0 ? "m0" : "n0";
  if (k_major) {
    g = {fr_tile, t.bk, fr_ext, S(c.k), fr_origin, "k0"};
  } else {
    g = {t.bk, fr_tile, S(c.k), fr_ext, "k0", fr_origin};
  }
  return g;
}

}  // namespace

void emit_load_tile(Emitter& em, const Group& g, const ContractionShape& c, const ContractionConfig& t, const TensorCoreIsa& tc,
                    const std::vector<Term>& batch, bool mn_blocked, const TileLoaders& who) {
  const TileGeom ga = geometry(c, t, 0, c.a.k_major), gb = geometry(c, t, 1, c.b.k_major);
  const int AE = ga.rows * ga.cols, BE = gb.rows * gb.cols;
  const std::string I = em.idx();
  em.open("auto load_tile = [&](int kt, int slot) {");
  em.line("const int k0 = kt * " + S(t.bk) + ";");
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    if (p.direct && who.computed_only) continue;
    const TileGeom& geo = op == 0 ? ga : gb;
    const std::string smem = op == 0 ? "sA" : "sB", E = S(op == 0 ? AE : BE);
    const int chunks_row = geo.cols / 8, chunks = geo.rows * chunks_row;
    em.open("for (int ch = " + who.tid + "; ch < " + S(chunks) + "; ch += " + S(who.threads) + ") {");
    em.line("const int r = ch / " + S(chunks_row) + ", cc = ch % " + S(chunks_row) + ";");
    if (!p.k_major && mn_blocked)  // [mn / 64][k][64]: wgmma's MN-major 128-byte swizzle atoms
      em.line("unsigned short* dst = " + smem + " + slot * " + E + " + (cc >> 3) * " + S(geo.rows * 64) +
              " + r * 64 + (((cc & 7) ^ (r & 7)) << 3);");
    else
      em.line("unsigned short* dst = " + smem + " + slot * " + E + " + r * " + S(geo.cols) + " + ((cc ^ " +
              swizzle(geo.cols, "r") + ") << 3);");
    em.line("const " + I + " go = " + geo.outer_origin + " + r, gi = " + geo.inner_origin + " + cc * 8;");
    if (p.direct) {
      const int k = find_param(g.reads, p.node);
      // (batch 1 under a runtime size: no panel, and M's extent is no number)
      const std::string pan = operand_panel(em, c, op, batch);
      const int64_t panel = pan == "0" && !c.m_text.empty() ? 0 : std::stoll(geo.outer_ext) * std::stoll(geo.inner_ext);
      em.open("if (go < " + geo.outer_ext + " && gi < " + geo.inner_ext + ") {");
      em.line("const unsigned short* src = in" + S(k) + " + (long long)(" + pan + ") * " + S(panel) +
              " + (long long)go * " + geo.inner_ext + " + gi;");
      em.line("const unsigned sdst = (unsigned)__cvta_generic_to_shared(dst);");
      em.line(inline_asm(*tc.cp16, {{"d", "r", {"sdst"}}, {"a", "l", {"src"}}}, true));
      em.close("} else {");
      em.line("  *reinterpret_cast<uint4*>(dst) = make_uint4(0u, 0u, 0u, 0u);");
      em.line("}");
    } else {
      // The operand's definition (the prologue) at 8 consecutive points, zero outside.
      // In place: the slot holds the staged source's 8 values there (copied by TMA, zeros
      // outside), read once as 16 bytes.
      const bool in_place = who.in_place && p.staged != nullptr;
      const std::string to_f = c.in == DType::f16 ? "axon_f16_to_f" : "axon_bf16_to_f";
      if (in_place) {
        em.line("const uint4 raw = *reinterpret_cast<const uint4*>(dst);");
        em.line("const unsigned rw[4] = {raw.x, raw.y, raw.z, raw.w};");
      }
      // The 8 points are emitted one after another in one scope, over clamped (in-bounds)
      // indices, so that what they share (a row's statistics, say) is read once; points
      // outside the tensor give zero.
      em.line("float x[8];");
      em.line("const " + I + " goc = min(go, (" + I + ")" + geo.outer_ext + " - 1);");
      // Computed tiles are stored K-major for A ([m][k]) and N-major for B ([k][n]).
      const auto global = em.load;
      for (int e = 0; e < 8; ++e) {
        const std::string E8 = S(e), pi = "pi" + E8, pic = "pic" + E8;
        em.line("const " + I + " " + pi + " = gi + " + E8 + ", " + pic + " = min(" + pi + ", (" + I + ")" + geo.inner_ext + " - 1);");
        const Term inner = term::var(kChunkVar + e), outer = term::var(op == 0 ? kRowVar : kKVar);
        em.name_var(kChunkVar + e, pic);
        em.name_var(op == 0 ? kRowVar : kKVar, "goc");
        const std::vector<Term> opoint = op == 0 ? operand_point(c, op, batch, outer, inner) : operand_point(c, op, batch, inner, outer);
        if (in_place) {
          const std::string key = point_key(opoint);
          em.load = [&, key, e](const Node* n, const std::vector<Term>& pt) {
            if (n == p.staged && point_key(pt) == key) return to_f + "((unsigned short)(rw[" + S(e / 2) + "] >> " + S((e % 2) * 16) + "))";
            return global(n, pt);
          };
        }
        const std::string v = em.value(p.node, opoint);
        em.line("x[" + E8 + "] = go < " + geo.outer_ext + " && " + pi + " < " + geo.inner_ext + " ? " + v + " : 0.0f;");
      }
      em.load = global;
      const std::string bits = c.in == DType::f16 ? "axon_f_to_f16" : "axon_bf16_bits";
      em.line("uint4 w;");
      em.line("w.x = (unsigned)" + bits + "(x[0]) | ((unsigned)" + bits + "(x[1]) << 16);");
      em.line("w.y = (unsigned)" + bits + "(x[2]) | ((unsigned)" + bits + "(x[3]) << 16);");
      em.line("w.z = (unsigned)" + bits + "(x[4]) | ((unsigned)" + bits + "(x[5]) << 16);");
      em.line("w.w = (unsigned)" + bits + "(x[6]) | ((unsigned)" + bits + "(x[7]) << 16);");
      em.line("*reinterpret_cast<uint4*>(dst) = w;");
    }
    em.close();
  }
  em.close("};");

}

std::vector<Term> begin_mma_kernel(Emitter& em, const Group& g, const ContractionShape& c) {
  global_loads(em, g);
  em.name_var(kBatchVar, "bz");
  em.name_var(kLaneVar, "lane");
  em.name_var(kRegVar, "e");
  return coords_of(term::var(kBatchVar), c.batch_dims);
}

void emit_warp_tiles(Emitter& em, const ContractionShape& c, const ContractionConfig& t, int MI, int NI) {
  em.line("const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;");
  em.line("const int wr = warp / " + S(t.warps_n) + ", wc = warp % " + S(t.warps_n) + ";");
  // Block -> (batch, tile row, tile column), tile rows walked in groups of 8 for L2 reuse of B.
  emit_tile_origin(em, c, t);
  em.line("float acc[" + S(MI) + "][" + S(NI) + "][4];");
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(MI * NI * 4) + "; ++i) {");
  em.line("(&acc[0][0][0])[i] = 0.0f;");
  em.close();
}

void emit_mma_grid(Emitter& em, const InstrSpec& mma, int MI, int NI, const std::string& a, const std::string& b) {
  em.line("#pragma unroll");
  em.open("for (int mi = 0; mi < " + S(MI) + "; ++mi) {");
  em.line("#pragma unroll");
  em.open("for (int ni = 0; ni < " + S(NI) + "; ++ni) {");
  const std::vector<std::string> d = {"acc[mi][ni][0]", "acc[mi][ni][1]", "acc[mi][ni][2]", "acc[mi][ni][3]"};
  em.line(inline_asm(mma, {{"d", "=f", d},
                           {"a", "r", {a + "[mi][0]", a + "[mi][1]", a + "[mi][2]", a + "[mi][3]"}},
                           {"b", "r", {b + "[ni][0]", b + "[ni][1]"}},
                           {"c", "f", d}}, false));
  em.close();
  em.close();
}

void emit_mma_epilogue(Emitter& em, const Group& g, const ContractionShape& c, const Fragment& df, const std::vector<Term>& batch,
                       int WM, int WN, int MI, int NI) {
  const std::string I = em.idx();
  // The epilogue: each write's definition at each accumulator element, the matmul's value being
  // the accumulator rounded to its dtype. Element e of lane `lane` sits where the spec's
  // accumulator fragment says.
  const std::map<int, Term> frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  const std::vector<Term> point = epilogue_point(em, c, batch, "acc[mi][ni][e]");
  // Elements 2p and 2p + 1 of the fragment are neighbours in a row (checked on the spec): with an
  // even N their values are stored together, 4 or 8 bytes at a time.
  const bool pairs = paired_stores(g, c, df, 32, 4);
  const std::string gi_expr = "m0 + wr * " + S(WM) + " + mi * 16 + " + em.index(em.subst(df.row, frag_vars));
  const std::string gj_expr = "n0 + wc * " + S(WN) + " + ni * 8 + " + em.index(em.subst(df.col, frag_vars));
  const std::string in_range = "gi < " + m_text(c) + " && gj < " + S(c.n);
  em.line("#pragma unroll");
  em.open("for (int mi = 0; mi < " + S(MI) + "; ++mi) {");
  em.line("#pragma unroll");
  em.open("for (int ni = 0; ni < " + S(NI) + "; ++ni) {");
  if (pairs)
    for (size_t w = 0; w < g.writes.size(); ++w) em.line("float ov" + S(static_cast<int64_t>(w)) + "[4];");
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < 4; ++e) {");
  em.line("const " + I + " gi = " + gi_expr + ";");
  em.line("const " + I + " gj = " + gj_expr + ";");
  em.open("if (" + in_range + ") {");
  for (size_t w = 0; w < g.writes.size(); ++w) {
    const std::string v = em.value(g.writes[w], point);
    if (pairs) em.line("ov" + S(static_cast<int64_t>(w)) + "[e] = " + v + ";");
    else
      em.line("axon_st_" + dt(g.writes[w]) + "(out" + S(static_cast<int64_t>(w)) + " + " +
              em.index(flat_index(point, dims_of(g.writes[w]))) + ", " + v + ");");
  }
  em.close();
  em.close();
  if (pairs) {
    em.line("#pragma unroll");
    em.open("for (int e = 0; e < 4; e += 2) {");
    em.line("const " + I + " gi = " + gi_expr + ";");
    em.line("const " + I + " gj = " + gj_expr + ";");
    em.open("if (" + in_range + ") {");
    for (size_t w = 0; w < g.writes.size(); ++w) {
      const std::string W = S(static_cast<int64_t>(w));
      em.line("axon_st2_" + dt(g.writes[w]) + "(out" + W + " + " + em.index(flat_index(point, dims_of(g.writes[w]))) + ", ov" + W +
              "[e], ov" + W + "[e + 1]);");
    }
    em.close();
    em.close();
  }
  em.close();
  em.close();
}

std::string contraction_kernel(const Group& g, const GroupShape& s, const ContractionConfig& t, const Lowerings& low,
                               const std::string& name, bool wide) {
  const ContractionShape& c = s.mm;
  AXON_CHECK(low.isa != nullptr, "codegen: contraction kernels need the ISA");
  const std::string why = mma_sync_can_run(c, t);
  AXON_CHECK(why.empty(), "codegen: not an mma.sync configuration: " + why);
  const TensorCoreIsa tc = tensor_core_isa(*low.isa, c.in);
  AXON_CHECK(tc.ok, "codegen: " + tc.why);
  check_fragments(tc, 0, c.a.k_major);
  check_fragments(tc, 1, c.b.k_major);
  const int WM = t.bm / t.warps_m, WN = t.bn / t.warps_n, MI = WM / 16, NI = WN / 8;
  const TileGeom ga = geometry(c, t, 0, c.a.k_major), gb = geometry(c, t, 1, c.b.k_major);
  const int AE = ga.rows * ga.cols, BE = gb.rows * gb.cols;

  Emitter em(&low, false, wide);
  const std::vector<Term> batch = begin_mma_kernel(em, g, c);
  const std::string I = em.idx();

  std::ostringstream head;
  head << "extern \"C\" __global__ void __launch_bounds__(" << t.threads << ") " << name << "(" << param_list(g) << ") {\n";
  // Dynamic shared memory (the launch asks for it): `stages` A tiles, then `stages` B tiles.
  em.line("extern __shared__ __align__(128) unsigned short axon_smem[];");
  em.line("unsigned short* const sA = axon_smem;");
  em.line("unsigned short* const sB = axon_smem + " + S(t.stages * AE) + ";");
  emit_warp_tiles(em, c, t, MI, NI);

  emit_load_tile(em, g, c, t, tc, batch, false, {"tid", t.threads, false});

  // The pipeline: stages - 1 tiles in flight ahead of the one being multiplied.
  const std::string commit = inline_asm(*tc.commit, {}, true);
  em.line("const int KT = " + S((c.k + t.bk - 1) / t.bk) + ";");
  em.line("#pragma unroll");
  em.open("for (int st = 0; st < " + S(t.stages - 1) + "; ++st) {");
  em.line("if (st < KT) load_tile(st, st);");
  em.line(commit);
  em.close();
  em.open("for (int kt = 0; kt < KT; ++kt) {");
  em.line(inline_asm(*tc.wait, {{"n", "", {S(t.stages - 2)}, true}}, true));
  em.line("__syncthreads();");
  em.line("if (kt + " + S(t.stages - 1) + " < KT) load_tile(kt + " + S(t.stages - 1) + ", (kt + " + S(t.stages - 1) + ") % " + S(t.stages) + ");");
  em.line(commit);
  em.line("const unsigned short* a_s = sA + (kt % " + S(t.stages) + ") * " + S(AE) + ";");
  em.line("const unsigned short* b_s = sB + (kt % " + S(t.stages) + ") * " + S(BE) + ";");
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < " + S(t.bk) + "; kk += 16) {");
  em.line("unsigned af[" + S(MI) + "][4], bf[" + S(NI) + "][2];");
  for (int op = 0; op < 2; ++op) {
    const OperandPlan& p = op == 0 ? c.a : c.b;
    const TileGeom& geo = op == 0 ? ga : gb;
    const int blocks = op == 0 ? MI : NI / 2;
    const std::string base = op == 0 ? "wr * " + S(WM) : "wc * " + S(WN);
    // The lane's address: lane_address, checked against the spec above, rendered here.
    const LaneAddress la = lane_address(op, p.k_major);
    const std::map<int, Term> lane_var = {{0, term::var(kLaneVar)}};
    const std::string lrow = em.index(em.subst(la.row, lane_var)), lcol = em.index(em.subst(la.col, lane_var));
    em.line("#pragma unroll");
    em.open("for (int f = 0; f < " + S(blocks) + "; ++f) {");
    // Stored rows are fragment rows (K-major) or K (else); the block starts at (fr0, kk).
    em.line("const int fr0 = " + base + " + f * 16;");
    if (p.k_major) em.line("const int sr = fr0 + " + lrow + ", sc = kk + " + lcol + ";");
    else em.line("const int sr = kk + " + lrow + ", sc = fr0 + " + lcol + ";");
    em.line("const unsigned at = (unsigned)__cvta_generic_to_shared(" + std::string(op == 0 ? "a_s" : "b_s") + " + sr * " +
            S(geo.cols) + " + (((sc >> 3) ^ " + swizzle(geo.cols, "sr") + ") << 3));");
    const InstrSpec& ld = p.k_major ? *tc.ldsm : *tc.ldsm_t;
    if (op == 0)
      em.line(inline_asm(ld, {{"d", "=r", {"af[f][0]", "af[f][1]", "af[f][2]", "af[f][3]"}}, {"a", "r", {"at"}}}, false));
    else
      em.line(inline_asm(ld, {{"d", "=r", {"bf[2 * f][0]", "bf[2 * f][1]", "bf[2 * f + 1][0]", "bf[2 * f + 1][1]"}},
                              {"a", "r", {"at"}}}, false));
    em.close();
  }
  emit_mma_grid(em, *tc.mma, MI, NI);
  em.close();  // kk
  em.close();  // kt

  // The epilogue: each write's definition at each accumulator element.
  emit_mma_epilogue(em, g, c, fragment(*tc.mma, "d"), batch, WM, WN, MI, NI);
  return head.str() + em.str() + "}\n";
}

}  // namespace axon::tiling::detail
