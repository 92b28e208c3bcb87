// Register A for the TMA-fed wgmma kernel (ContractionConfig::a_regs, docs/contraction.md): the consumers
// read each k-tile's A fragments from the copied source in the slot, evaluate A's definition (the
// prologue) at the fragment's points and pack them for the register-A wgmma. The generator is
// RegisterAEmitter: the checks and analyses once, then a method per piece the kernel calls for
// (RegisterA's closures share it).
#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "axon/core/error.h"
#include "axon/synth/synth.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

// A's definition from node n at point p down to its leaves (`leaf` numbers a leaf, -1 for other
// nodes): an expression over Read(leaf) of elementwise ops and casts, each node's value rounded
// to its dtype (synthesize_packed's form), or null.
Term pair_term(Emitter& em, const Node* n, const std::vector<Term>& p, const std::function<int(const Node*, const std::vector<Term>&)>& leaf) {
  if (int k = leaf(n, p); k >= 0) return term::read(k, {});
  if (n->kind() != OpKind::Unary && n->kind() != OpKind::Binary && n->op() != Op::Cast) return nullptr;
  const Definition d = define(*n);
  std::map<int, Term> sub;
  for (size_t i = 0; i < p.size(); ++i) sub[static_cast<int>(i)] = p[i];
  std::function<Term(const Term&)> walk = [&](const Term& t) -> Term {
    switch (t->kind) {
      case TermKind::Read: {
        std::vector<Term> q;
        for (const Term& i : t->args) q.push_back(em.subst(i, sub));
        return pair_term(em, n->operand(static_cast<size_t>(t->ival)), q, leaf);
      }
      case TermKind::Apply: {
        std::vector<Term> a;
        for (const Term& x : t->args) {
          a.push_back(walk(x));
          if (!a.back()) return nullptr;
        }
        return term::apply(t->fn, a);
      }
      case TermKind::Round: {
        Term x = walk(t->args[0]);
        return x ? term::round(t->dtype, x, t->mode) : nullptr;
      }
      default: return nullptr;
    }
  };
  Term body = walk(d.body);
  if (!body) return nullptr;
  return body->kind == TermKind::Round && body->dtype == n->dtype() ? body : term::round(n->dtype(), body);
}

struct RegisterAEmitter {
  Emitter& em;
  const Group& g;
  const ContractionShape& c;
  const ContractionConfig& t;
  const Lowerings& low;
  const std::vector<Term> batch;
  const Fragment& df;
  const InstrSpec* mma = nullptr;
  const Fragment* fa = nullptr;
  std::vector<int> slots;          // RegisterA::slots
  std::vector<int> a_slots;        // the row slot of each `a` fragment element (side reductions)
  const InstrSpec* ldsm = nullptr;  // the slot's words by ldmatrix.x4, or null
  const InstrSpec *lds = nullptr, *sts = nullptr, *bar = nullptr;
  std::string pack_fn;  // pairs of A's values packed by their bits
  const Node* src = nullptr;  // A's copied source
  std::string lo, hi;         // the loaded word's two 16-bit values
  std::vector<Term> p0, p1;   // A's even and odd points
  int64_t slot_bytes = 0;
  size_t nkv = 0;   // staged k-vectors
  int64_t len = 0;  // floats of each
  std::map<const Node*, std::vector<Term>> kv_point;
  std::vector<const Node*> pair_leaves;  // the source, or a k-vector
  PackedLowering pair;
  std::set<const Node*> word_kvecs;
  std::vector<SideReduction> sides;
  const InstrSpec* shfl = nullptr;

  RegisterAEmitter(Emitter& em_, const Group& g_, const ContractionShape& c_, const ContractionConfig& t_, const Lowerings& low_, const WgmmaIsa& wi,
                   const std::vector<Term>& batch_, const Fragment& df_);
  void check_fragments();
  void find_kvec_points();
  void find_pair();
  void stage();
  void declare();
  void finish();
  void fragments(const std::string& arr);
  void source_given();
  void load_word();
  void side_add(int k_var);
  void pair_value(const std::string& arr);
  void point_values(const std::string& arr);
};

RegisterAEmitter::RegisterAEmitter(Emitter& em_, const Group& g_, const ContractionShape& c_, const ContractionConfig& t_, const Lowerings& low_,
                                   const WgmmaIsa& wi, const std::vector<Term>& batch_, const Fragment& df_)
    : em(em_), g(g_), c(c_), t(t_), low(low_), batch(batch_), df(df_) {
  AXON_CHECK(c.a_regs && wi.mma_areg_nb != nullptr && c.a.staged != nullptr && t.tma && t.bk == 64,
             "codegen: register A needs a computed A with a copied source, B N-major and the register-A wgmma");
  mma = wi.mma_areg_nb;
  fa = &fragment(*mma, "a");
  check_fragments();
  // The slot's words by ldmatrix.x4, one per k16 step (the fragment's four registers), where the
  // spec's fragment, each warp addressing its 16 rows by lane_address, is the `a` fragment.
  // Only with packed pairs: with each point evaluated on its own, the per-pair loads measured
  // faster (x * r * g @ w at 8192 x 4096 x 4096: 506-510 us against 536-540, H200, 2026-12-03).
  ldsm = low.isa->find("ldmatrix.sync.aligned.m8n8.x4.shared.b16");
  if (ldsm != nullptr && !ldsm_gives(*ldsm, *fa, 16)) ldsm = nullptr;  // the per-pair loads below
  // Pairs of A's values (of A's type, bf16 or f16: the register-A form's operands) packed by their bits.
  pack_fn = c.in == DType::f16 ? "axon_pack2_f16" : "axon_pack2_bf16";
  lds = low.isa->find("ld.shared.f32");
  AXON_CHECK(lds != nullptr, "codegen: the ISA lacks ld.shared.f32");
  src = c.a.staged;
  // The word's two 16-bit values (the prelude's unpacking of packed pairs).
  const std::string at = src->dtype() == DType::f16 ? "axon_f16_at(&wu, " : "axon_bf16_at(&wu, ";
  lo = at + "0)", hi = at + "1)";
  p0 = operand_point(c, 0, batch, term::var(kARowVar), term::var(kAKVar));
  p1 = operand_point(c, 0, batch, term::var(kARowVar), term::var(kAK1Var));
  slot_bytes = int64_t(t.bm) * t.bk * 2;
  find_kvec_points();
  find_pair();
  if (pair.instr == nullptr) ldsm = nullptr;
  if (pair.instr != nullptr)
    for (const Node* n : pair_leaves)
      if (n != src) word_kvecs.insert(n);
  // Side reductions: their definitions, row accumulators and the lanes' combination.
  for (const Node* r : c.side) sides.push_back(side_reduction(r));
  if (!sides.empty()) {
    shfl = low.isa->find("shfl.sync.bfly.b32");
    AXON_CHECK(shfl != nullptr, "codegen: the ISA lacks shfl.sync.bfly.b32");
  }
}

// The fragment's elements 2q, 2q + 1 are row neighbours at an even k (one 32-bit word of the slot
// and one register of the wgmma), and the 8 elements of 128 threads cover 64 x 16 once; the
// register-A form's accumulators are where the epilogue's map (df) says; with side reductions, a
// thread's A rows are its accumulator rows (the first the same, the other 8 below), so each row's
// partial values stay with the quad that holds the row's outputs.
void RegisterAEmitter::check_fragments() {
  {
    std::set<int64_t> seen;
    for (int th = 0; th < 128; ++th)
      for (int e = 0; e < 8; ++e) {
        const int64_t row = fragment_index(fa->row, th, e), col = fragment_index(fa->col, th, e);
        AXON_CHECK(row >= 0 && row < 64 && col >= 0 && col < 16 && seen.insert(row * 16 + col).second,
                   "codegen: " + mma->name + "'s a fragment is not a bijection onto 64 x 16");
        if (e % 2 == 1)
          AXON_CHECK(row == fragment_index(fa->row, th, e - 1) && col == fragment_index(fa->col, th, e - 1) + 1 && col % 2 == 1,
                     "codegen: " + mma->name + "'s a fragment does not pair row neighbours");
      }
  }
  {
    const Fragment& fd = fragment(*mma, "d");
    for (int th = 0; th < 128; ++th)
      for (int e = 0; e < t.bn / 2; ++e)
        AXON_CHECK(fragment_index(fd.row, th, e) == fragment_index(df.row, th, e) && fragment_index(fd.col, th, e) == fragment_index(df.col, th, e),
                   "codegen: " + mma->name + "'s d fragment is not the other wgmma forms'");
  }
  a_slots.assign(8, 0);
  if (c.side.empty()) return;
  slots = row_slots(*mma, df, t.bn / 2);
  for (int th = 0; th < 128; ++th)
    for (int e = 0; e < 8; ++e) {
      const int64_t d = fragment_index(fa->row, th, e) - fragment_index(df.row, th, 0);
      AXON_CHECK((d == 0 || d == 8) && (th == 0 || a_slots[size_t(e)] == d / 8),
                 "codegen: " + mma->name + "'s a fragment does not hold its thread's accumulator rows");
      a_slots[size_t(e)] = static_cast<int>(d / 8);
    }
}

// A's k-vectors (ContractionShape::a_kvecs) in shared memory after the barriers, each over the
// block's K range (`len` floats from k = kb * 64): where each is read at k (a dry run of the
// definition at the fragment's even point), staged before the main loop, read at ak or ak1.
void RegisterAEmitter::find_kvec_points() {
  nkv = t.a_kvec_floats > 0 ? c.a_kvecs.size() : 0;
  len = nkv > 0 ? t.a_kvec_floats / int64_t(nkv) : 0;
  sts = nkv > 0 ? low.isa->find("st.shared.f32") : nullptr;
  bar = nkv > 0 ? low.isa->find("bar.sync.named") : nullptr;
  AXON_CHECK(nkv == 0 || (sts != nullptr && bar != nullptr), "codegen: the ISA lacks st.shared.f32 or bar.sync.named");
  if (nkv == 0) return;
  Emitter probe(nullptr, false, true);
  global_loads(probe, g);
  probe.name_var(kBatchVar, "bz");  // a definition may compute with its indices (a mask's iota)
  probe.name_var(kARowVar, "ar");
  probe.name_var(kAKVar, "ak");
  probe.load = [&](const Node* n, const std::vector<Term>& p) {
    if (std::find(c.a_kvecs.begin(), c.a_kvecs.end(), n) != c.a_kvecs.end()) kv_point.emplace(n, p);
    return std::string("v");
  };
  (void)probe.value(c.a.node, p0);
  AXON_CHECK(kv_point.size() == nkv, "codegen: register A's k-vectors are not read at its point");
}

// Packed pairs (synthesize_packed): where the tiles divide A (both points of every pair inside
// it) and A's definition down to its leaves, the source's word and 16-bit staged k-vectors, is
// one proved lanewise instruction on the pair, each pair is that instruction on the leaves'
// words. Such k-vectors are then staged as words: (value at k, value at k + 1).
void RegisterAEmitter::find_pair() {
  if (!(c.m_text.empty() && c.m % t.bm == 0 && c.k % t.bk == 0 && c.a.node->dtype() == src->dtype())) return;
  const std::string k0_key = point_key(p0);
  auto leaf = [&](const Node* n, const std::vector<Term>& p) -> int {
    const bool kvec = nkv > 0 && n->dtype() == src->dtype() && kv_point.count(n) > 0 && point_key(kv_point.at(n)) == point_key(p);
    if (!(n == src && point_key(p) == k0_key) && !kvec) return -1;
    auto it = std::find(pair_leaves.begin(), pair_leaves.end(), n);
    if (it == pair_leaves.end()) it = pair_leaves.insert(pair_leaves.end(), n);
    return static_cast<int>(it - pair_leaves.begin());
  };
  if (Term e = pair_term(em, c.a.node, p0, leaf))
    if (const PackedLowering* pl = low.packed(e, std::vector<DType>(pair_leaves.size(), src->dtype()), src->dtype())) pair = *pl;
}

// The k-vectors over the block's K range into shared memory (words where pairs read them), then
// the consumers' barrier.
void RegisterAEmitter::stage() {
  const int C = t.warps_m;
  // The plan's kv0 (wgmma_smem_plan): after the slot barriers and, with store warps, theirs.
  em.line(wgmma_smem_plan(t).declare({"kv0"}, "raw0") + "  // register A's values along k, the block's K range");
  em.open("{");
  em.open("for (int q = wg * 128 + th; q < NK * " + S(t.bk) + "; q += " + S(128 * C) + ") {");
  em.name_var(kAKVar, "ak");
  em.line("const int ak = kb * " + S(t.bk) + " + q;");
  em.open("if (ak < " + S(c.k) + ") {");
  for (size_t i = 0; i < c.a_kvecs.size(); ++i) {
    const Node* n = c.a_kvecs[i];
    std::string v = em.load(n, kv_point.at(n));
    if (word_kvecs.count(n) > 0) {  // the word (value at ak, value at ak + 1; zero past K)
      std::vector<Term> next;
      for (const Term& x : kv_point.at(n)) next.push_back(em.subst(x, {{kAKVar, term::add(term::var(kAKVar), term::integer(1))}}));
      v = "__uint_as_float(" + pack_fn + "(" + v + ", ak + 1 < " + S(c.k) + " ? " + em.load(n, next) + " : 0.0f))";
    }
    em.line(inline_asm(*sts, {{"a", "r", {"kv0 + (unsigned)((" + S(int64_t(i) * len) + " + q) * 4)"}}, {"b", "f", {v}}}, true));
  }
  em.close();
  em.close();
  em.line(inline_asm(*bar, {{"id", "r", {"1"}}, {"n", "r", {S(128 * C)}}}, true));
  em.close();
}

void RegisterAEmitter::declare() {
  for (size_t i = 0; i < sides.size(); ++i) {
    const std::string id = em.identity(sides[i].red->reducer);
    em.line("float sr" + S(int64_t(i)) + "[2] = {" + id + ", " + id + "};  // side reduction " + S(int64_t(i)) + ", per row slot");
  }
}

// The side reductions' accumulators combined over the quad, and each row's value.
void RegisterAEmitter::finish() {
  const std::map<int, Term> first_row = {{0, term::var(kLaneVar)}, {1, term::integer(0)}};
  for (size_t i = 0; i < sides.size(); ++i) {
    const std::string sr = "sr" + S(int64_t(i));
    for (int slot = 0; slot < 2; ++slot)
      for (int lane : {1, 2}) {  // the quad's lanes (row_slots: a row is held by one quad)
        const std::string x = sr + "[" + S(slot) + "]";
        em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {x}}, {"c", "", {S(lane)}, true}}, false) + " " + x + " = " +
                em.combine(sides[i].red->reducer, x, "t") + "; }");
      }
    em.line("float st" + S(int64_t(i)) + "[2];");
  }
  em.name_var(kARowVar, "ar");
  for (int slot = 0; slot < 2; ++slot) {
    em.open("{");
    em.line("const " + std::string(em.idx()) + " ar = m0 + wg * 64 + " + em.index(em.subst(df.row, first_row)) + " + " + S(8 * slot) + ";");
    em.line("(void)ar;");
    for (size_t i = 0; i < sides.size(); ++i)
      em.line("st" + S(int64_t(i)) + "[" + S(slot) + "] = " +
              side_value(em, sides[i], c.side[i], batch, kARowVar, "sr" + S(int64_t(i)) + "[" + S(slot) + "]") + ";");
    em.close();
  }
}

// A's source is read only at A's own point (OperandPlan::staged): the loaded word's halves. Its
// k-vectors, where staged, from shared memory at the point's k.
void RegisterAEmitter::source_given() {
  const std::string k0 = point_key(p0), k1 = point_key(p1);
  em.given = [this, k0, k1](const Node* n, const std::vector<Term>& p) -> std::string {
    if (len > 0)
      if (auto it = std::find(c.a_kvecs.begin(), c.a_kvecs.end(), n); it != c.a_kvecs.end()) {
        const bool odd = std::any_of(p.begin(), p.end(), [](const Term& i) { return mentions_var(i, kAK1Var); });
        const std::string v = em.fresh("kv");
        em.line("float " + v + ";");
        em.line(pure_asm(*lds, {{"d", "=f", {v}}, {"a", "r", {"kvb + (unsigned)((" + S(int64_t(it - c.a_kvecs.begin()) * len) + " + " +
                                                             (odd ? "ak1" : "ak") + " - kb * " + S(t.bk) + ") * 4)"}}}));
        if (word_kvecs.count(n) == 0) return v;
        em.line("const unsigned " + v + "u = __float_as_uint(" + v + ");");  // a word: the value at k in its low half
        return std::string(n->dtype() == DType::f16 ? "axon_f16_at(&" : "axon_bf16_at(&") + v + "u, 0)";
      }
    if (n != src) return "";
    const std::string k = point_key(p);
    AXON_CHECK(k == k0 || k == k1, "codegen: A's definition reads its copied source elsewhere");
    return k == k0 ? lo : hi;
  };
}

// A k-tile's fragments into `arr` (16 registers: k16 step kk's four from 4 kk on).
void RegisterAEmitter::fragments(const std::string& arr) {
  em.name_var(kARowVar, "ar");
  em.name_var(kAKVar, "ak");
  em.name_var(kAK1Var, "ak1");
  source_given();
  // The loads are plain (non-volatile) asm on bases that pass through an empty volatile asm after
  // the consumers' wait for the slot: they cannot move above the wait (they depend on its output)
  // nor below the wgmmas that read their packed values, and the compiler may issue a k-tile's
  // loads together and merge repeated ones (gamma at the same k for two rows).
  em.line("unsigned sab = sa0 + (unsigned)(slot * " + S(slot_bytes) + ");");
  em.line("asm volatile(\"\" : \"+r\"(sab) :: \"memory\");");
  if (len > 0) {
    em.line("unsigned kvb = kv0;");
    em.line("asm volatile(\"\" : \"+r\"(kvb) :: \"memory\");");
  }
  em.line("const int ka0 = (kb + j) * 64;");
  if (!sides.empty()) {
    std::string tab = "constexpr int ra_s[8] = {";  // the row slot of each fragment element
    for (int e = 0; e < 8; ++e) tab += (e ? ", " : "") + S(a_slots[size_t(e)]);
    em.line(tab + "};");
  }
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < 4; ++kk) {");
  if (ldsm != nullptr) {  // the step's four words: lane_address within the warp's 16 rows
    const LaneAddress at = lane_address(0, true);
    const std::map<int, Term> lane = {{0, term::mod(term::var(kLaneVar), term::integer(32))}};
    em.line("unsigned lw[4];");
    em.open("{");
    em.line("const int lr = wg * 64 + (th >> 5) * 16 + " + em.index(em.subst(at.row, lane)) + ", lk = kk * 16 + " + em.index(em.subst(at.col, lane)) +
            ";");
    em.line(pure_asm(*ldsm, {{"d", "=r", {"lw[0]", "lw[1]", "lw[2]", "lw[3]"}},
                             {"a", "r", {"sab + (unsigned)(lr * 128 + (((lk >> 3) ^ (lr & 7)) << 4) + (lk & 7) * 2)"}}}));
    em.close();
  }
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < 8; e += 2) {");
  load_word();
  if (pair.instr != nullptr) pair_value(arr);  // the tiles divide A: no tests
  else point_values(arr);
  em.close();
  em.close();
  em.given = nullptr;
}

// The pair's word of the slot: its rows of 64 k values (128 bytes), 16-byte chunks XOR-swizzled
// by row: the TMA box's 128-byte swizzle, which generator_swizzle checked against the copy's spec.
void RegisterAEmitter::load_word() {
  const std::map<int, Term> frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  em.line("const int lr = wg * 64 + " + em.index(em.subst(fa->row, frag_vars)) + ", lk = kk * 16 + " + em.index(em.subst(fa->col, frag_vars)) + ";");
  if (ldsm != nullptr) {
    em.line("const unsigned wu = lw[e / 2];");
  } else {
    em.line("float w;");
    em.line(pure_asm(*lds, {{"d", "=f", {"w"}}, {"a", "r", {"sab + (unsigned)(lr * 128 + (((lk >> 3) ^ (lr & 7)) << 4) + (lk & 7) * 2)"}}}));
    em.line("const unsigned wu = __float_as_uint(w);");
  }
  em.line("const " + std::string(em.idx()) + " ar = m0 + lr;");
  em.line("const int ak = ka0 + lk, ak1 = ak + 1;");
}

// Each side reduction's accumulator at the pair's row combines its value at the point k_var.
void RegisterAEmitter::side_add(int k_var) {
  for (size_t i = 0; i < sides.size(); ++i) {
    const std::string x = "sr" + S(int64_t(i)) + "[ra_s[e]]";
    em.line(x + " = " + em.combine(sides[i].red->reducer, x, side_body(em, sides[i], c.side[i], batch, kARowVar, k_var)) + ";");
  }
}

// The pair as the proved lanewise instruction on its leaves' words.
void RegisterAEmitter::pair_value(const std::string& arr) {
  std::vector<std::string> words;
  for (const Node* n : pair_leaves) {
    if (n == src) {
      words.push_back("wu");
      continue;
    }
    const auto i = static_cast<int64_t>(std::find(c.a_kvecs.begin(), c.a_kvecs.end(), n) - c.a_kvecs.begin());
    const std::string w = em.fresh("kw");
    em.line("float " + w + ";");
    em.line(pure_asm(*lds, {{"d", "=f", {w}}, {"a", "r", {"kvb + (unsigned)((" + S(i * len) + " + ak - kb * " + S(t.bk) + ") * 4)"}}}));
    words.push_back("__float_as_uint(" + w + ")");
  }
  const InstrSpec& pi = *pair.instr;
  std::vector<AsmArg> args = {{pi.outs[0].name, "=r", {"pw"}}};
  for (size_t j = 0; j < pi.ins.size(); ++j) args.push_back({pi.ins[j].name, "r", {words[pair.order[j]]}});
  em.line("unsigned pw;");
  em.line(pure_asm(pi, args) + "  // " + pi.name + ": A at both points (" + pair.proof + ")");
  side_add(kAKVar);
  side_add(kAK1Var);
  em.line(arr + "[kk * 4 + e / 2] = pw;");
}

// A's definition at both points of the pair, packed. Points outside A are zero (its definition is
// not evaluated there: a `+ b` would not be). No test where the tiles divide A: rows of a tile are
// below M when bm divides M (m0 is a multiple of bm), and k-tiles end at K when 64 divides it.
void RegisterAEmitter::point_values(const std::string& arr) {
  const bool ragged_m = !c.m_text.empty() || c.m % t.bm != 0, ragged_k = c.k % t.bk != 0;
  em.line("float fv0 = 0.0f, fv1 = 0.0f;");
  if (ragged_m) em.open("if (ar < " + m_text(c) + ") {");
  if (ragged_k) em.open("if (ak < " + S(c.k) + ") {");
  em.line("fv0 = " + em.value(c.a.node, p0) + ";");
  side_add(kAKVar);
  if (ragged_k) {
    em.close();
    em.open("if (ak1 < " + S(c.k) + ") {");
  }
  em.line("fv1 = " + em.value(c.a.node, p1) + ";");
  side_add(kAK1Var);
  if (ragged_k) em.close();
  if (ragged_m) em.close();
  // Every node's value is rounded to its dtype, A's too, so packing its bits is exact; written
  // in C so that the compiler folds the last rounding into the packing conversion (F2FP).
  em.line(arr + "[kk * 4 + e / 2] = " + pack_fn + "(fv0, fv1);");
}

}  // namespace

RegisterA register_a(Emitter& em, const Group& g, const ContractionShape& c, const ContractionConfig& t, const Lowerings& low, const WgmmaIsa& wi,
                     const std::vector<Term>& batch, const Fragment& df) {
  auto r = std::make_shared<RegisterAEmitter>(em, g, c, t, low, wi, batch, df);
  RegisterA out;
  out.slots = r->slots;
  if (r->nkv > 0) out.stage = [r] { r->stage(); };
  if (!r->sides.empty()) {
    out.declare = [r] { r->declare(); };
    out.finish = [r] { r->finish(); };
  }
  out.fragments = [r](const std::string& arr) { r->fragments(arr); };
  return out;
}

}  // namespace axon::tiling::detail
