// Parts of the attention kernel (docs/attention.md) that stand on their own: the row slots of
// an accumulator fragment, the scores' chain on packed 16-bit pairs, and the staged epilogue.
#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <set>

#include "axon/core/error.h"
#include "attention_emitter.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

int64_t up64(int64_t v) { return (v + 63) / 64 * 64; }
// O, rounded to P V's 16-bit type, fits Q's panels.
bool o_within_q_panels(const AttentionShape& a) { return up64(a.pv.n) <= up64(a.qk.k) && dtype_bytes(a.pv.mm->dtype()) == 2; }

}  // namespace

// The rows of a 64 x N accumulator fragment: thread th holds rows base(th) + 8 * slot(e), two of
// them, shared with the lanes th ^ 1, th ^ 2, th ^ 3 of its quad only. Throws InternalError
// when the spec's map is not of that form (the kernel's row reductions rely on it).
std::vector<int> row_slots(const InstrSpec& ins, const Fragment& f, int regs) {
  std::vector<int> slot(static_cast<size_t>(regs));
  std::map<int64_t, std::set<int>> holders;
  for (int th = 0; th < 128; ++th) {
    const int64_t base = fragment_index(f.row, th, 0);
    for (int e = 0; e < regs; ++e) {
      const int64_t d = fragment_index(f.row, th, e) - base;
      AXON_CHECK((d == 0 || d == 8) && (th == 0 || slot[size_t(e)] == d / 8),
                 "codegen: " + ins.name + "'s d fragment does not hold two rows 8 apart per thread");
      slot[size_t(e)] = static_cast<int>(d / 8);
      holders[fragment_index(f.row, th, e)].insert(th);
    }
  }
  for (const auto& [row, ths] : holders) {
    AXON_CHECK(ths.size() == 4, "codegen: " + ins.name + ": a row is not held by one quad");
    for (int th : ths) AXON_CHECK((th & ~3) == (*ths.begin() & ~3), "codegen: " + ins.name + ": a row is not held by one quad");
  }
  return slot;
}

// The step of node u on packed pairs of its type (bf16x2, f16x2) when it combines `chain` (the
// pairs' value) with a scalar constant of its own 16-bit type by an operation the ISA has as an
// exact lanewise pair instruction (no error bound: one rounding to nearest even per lane, which
// is the node's value: the f32 result of two 16-bit operands rounded once more is the same,
// 24 >= 2 * 11 + 1 bits), one instruction per two elements.
std::optional<PackedStep> packed_step(const Node* u, const Node* chain, const Isa& isa) {
  if ((u->op() != Op::Mul && u->op() != Op::Add && u->op() != Op::Sub) || (u->dtype() != DType::bf16 && u->dtype() != DType::f16) ||
      u->operand(0) == u->operand(1) || chain->dtype() != u->dtype() || dims_of(chain) != dims_of(u))
    return std::nullopt;
  const bool first = u->operand(0) == chain;
  if (!first && u->operand(1) != chain) return std::nullopt;
  const Node* c = u->operand(first ? 1 : 0);
  if (c->op() != Op::Constant || c->dtype() != u->dtype() || numel(dims_of(c)) != 1) return std::nullopt;
  const Term want = u->op() == Op::Mul ? term::fmul(term::read(0, {}), term::read(1, {}))
                    : u->op() == Op::Add ? term::fadd(term::read(0, {}), term::read(1, {}))
                                         : term::fsub(term::read(0, {}), term::read(1, {}));
  const std::string type = u->dtype() == DType::bf16 ? "bf16x2" : "f16x2";
  const InstrSpec* best = nullptr;
  for (const InstrSpec& ins : isa.instrs)
    if (ins.lanewise && ins.kind == InstrKind::Scalar && ins.error.kind == ErrorBound::Kind::Exact && !ins.nan_drops && ins.cuda.empty() &&
        ins.outs.size() == 1 && ins.outs[0].type == type && ins.ins.size() == 2 && ins.ins[0].type == type && ins.ins[1].type == type &&
        axon::to_string(ins.semantics) == axon::to_string(want) && (best == nullptr || ins.issue < best->issue))
      best = &ins;
  if (best == nullptr) return std::nullopt;
  return PackedStep{best, first, uint32_t(bits16(u->dtype(), c->attrs().f("value"))) * 0x10001u};
}

// The chain as far as it stays in 16-bit pairs (of the scores' type): after the pair rounding, each node that is the
// chain's value's only use (not written) and a packed_step of it. `chain_base` (the scores on
// entry) becomes the last such node: the per-element chain reads it.
std::vector<PackedStep> packed_chain(const Group& g, const AttentionShape& a, const Isa& isa, const Node*& chain_base) {
  std::vector<PackedStep> steps;
  while (chain_base != a.max->operand(0)) {
    const Node* u = nullptr;  // chain_base's user (one use in all)
    int users = 0;
    for (const Node* n : g.nodes)
      for (const Node* o : n->operands())
        if (o == chain_base) {
          u = n;
          ++users;
        }
    const bool written = std::find(g.writes.begin(), g.writes.end(), chain_base) != g.writes.end();
    if (users != 1 || written || u->dtype() != chain_base->dtype()) break;
    const std::optional<PackedStep> st = packed_step(u, chain_base, isa);
    if (!st) break;
    steps.push_back(*st);
    chain_base = u;
  }
  return steps;
}

// `value` from `source` by packed steps only (packed_step at each node from `value` down), in
// the order they apply; nullopt where some node on the way is not one.
std::optional<std::vector<PackedStep>> packed_from(const Node* source, const Node* value, const Isa& isa) {
  std::vector<PackedStep> steps;
  for (const Node* n = value; n != source;) {
    const Node* chain = n->operands().size() == 2 ? n->operand(n->operand(0)->op() == Op::Constant ? 1 : 0) : nullptr;
    const std::optional<PackedStep> st = chain != nullptr ? packed_step(n, chain, isa) : std::nullopt;
    if (!st) return std::nullopt;
    steps.push_back(*st);
    n = chain;
  }
  std::reverse(steps.begin(), steps.end());
  return steps;
}

namespace {
void check_pair_type(DType t) { AXON_CHECK(t == DType::bf16 || t == DType::f16, "codegen: packed pairs of " + std::string(dtype_name(t))); }
}  // namespace

std::string pair_max_init(DType t) {
  check_pair_type(t);
  const std::string w = t == DType::bf16 ? "0xFF80FF80u" : "0xFC00FC00u";
  return "unsigned mx2[2][2] = {{" + w + ", " + w + "}, {" + w + ", " + w + "}};  // -inf pairs";
}

std::string pair_half(DType t, const std::string& w, int h) {
  check_pair_type(t);
  if (t == DType::f16) return "axon_f16_to_f((unsigned short)(" + (h == 0 ? w + " & 0xFFFFu" : w + " >> 16") + "))";
  return "__uint_as_float(" + (h == 0 ? w + " << 16" : w + " & 0xFFFF0000u") + ")";
}

const InstrSpec* pair_max(const Isa& isa, DType t) { return isa.find("max.NaN." + std::string(dtype_name(t)) + "x2"); }

std::string epilogue_answer(Emitter& em, const AttentionShape& a, const Node* n, bool at_point, bool at_row, const std::string& pv,
                            const std::string& max, const std::function<std::string(int)>& sum) {
  if (n == a.pv.mm) {
    AXON_CHECK(at_point, "codegen: the epilogue reads P V elsewhere");
    return pv;
  }
  if (n == a.max) {
    AXON_CHECK(at_row, "codegen: the epilogue reads the row max at another row");
    return max;
  }
  for (size_t k = 0; k < a.sums.size(); ++k)
    if (n == a.sums[k]) {
      AXON_CHECK(at_row, "codegen: the epilogue reads a row sum at another row");
      return em.round(n->dtype(), sum(static_cast<int>(k)));
    }
  return "";
}

// Staged epilogue (Q K^T kernels, P V of a 16-bit type, head dims within Q's): each warpgroup
// leaves its O, rounded to P V's type, in its own rows of Q's panels (only its S wgmmas read
// them, all done), 128-byte rows with 16-byte chunks swizzled by the row as Q's are, and its rows'
// statistics after the barriers (the plan's "stats", attention_smem_plan); then the group's writes of whole 8-column
// chunks of rows, one 16-byte store each where whole, instead of one 2-byte store per element.
// False (nothing emitted) where it does not apply (staged_epilogue_fits: O's panels within Q's,
// a 16-bit P V, row-neighbour pairs in O's fragment, float writes, named barriers).
bool staged_epilogue_fits(const Group& g, const AttentionShape& a, const AttentionConfig& t, const Isa& isa) {
  bool float_writes = true;
  for (const Node* n : g.writes) float_writes = float_writes && (n->dtype() == DType::f32 || n->dtype() == DType::bf16 || n->dtype() == DType::f16);
  return o_within_q_panels(a) && o_fragment_pairs(isa, a, attention_pv_columns(a, t) / 2) && float_writes && isa.find("bar.sync.named") != nullptr;
}

bool o_fragment_pairs(const Isa& isa, const AttentionShape& a, int64_t regs) {
  const InstrSpec* mma_o = wgmma_isa(isa, a.pv.in).mma_areg_nb;
  if (mma_o == nullptr) return false;
  const Fragment& fo = fragment(*mma_o, "d");
  bool pairs = true;  // elements 2p, 2p + 1 are row neighbours at an even column
  for (int th = 0; th < 128 && pairs; ++th)
    for (int e = 0; e + 1 < regs; e += 2)
      pairs = pairs && fragment_index(fo.row, th, e + 1) == fragment_index(fo.row, th, e) &&
              fragment_index(fo.col, th, e + 1) == fragment_index(fo.col, th, e) + 1 && fragment_index(fo.col, th, e) % 2 == 0;
  return pairs;
}

bool attention_bulk_from_q(const AttentionShape& a) {
  return a.tma_store && !a.qk.a.direct && a.scores == nullptr && o_within_q_panels(a);
}

bool emit_staged_epilogue(Emitter& em, const Group& g, const AttentionShape& a, const AttentionConfig& t, const Isa& isa,
                          const std::vector<Term>& batch, const std::function<bool(const Node*, const std::vector<Term>&)>& is_row_point,
                          bool in_place, const std::string& q_off) {
  if (!staged_epilogue_fits(g, a, t, isa)) return false;
  const ContractionShape& pv = a.pv;
  const InstrSpec* mma_o = wgmma_isa(isa, pv.in).mma_areg_nb;
  const InstrSpec* bar_named = isa.find("bar.sync.named");
  const Fragment& fo = fragment(*mma_o, "d");
  const int BM = t.bm, NS = static_cast<int>(a.sums.size());
  const int64_t DV = pv.n, SQ = a.qk.m;
  const int RO = static_cast<int>(attention_pv_columns(a, t) / 2);  // the kernel's O registers
  const std::vector<int> slot_o = row_slots(*mma_o, fo, RO);
  const std::map<int, Term> frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  const std::string I = em.idx();
  const SmemPlan smem = attention_smem_plan(a, t);
  const int64_t stat_at = smem.offset("stats"), CPO = (DV + 7) / 8;
  const std::string MT = storage_type(pv.mm->dtype()), P(dtype_name(pv.mm->dtype()));
  auto chunk_at = [&](const std::string& lr, const std::string& lc) {
    return "sbase + " + (q_off == "0" ? "" : "(" + q_off + ") + ") + "(" + lc + " / 64) * " + S(int64_t(BM) * 128) + " + (wg * 64 + " + lr + ") * 128 + (((" + lc + " % 64) / 8) ^ (" + lr + " % 8)) * 16";
  };
  em.line("unsigned char* const sbase = (unsigned char*)" + smem.aligned_base() + ";");
  em.line("float* const sstat = (float*)(sbase + " + S(stat_at) + ");");
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RO) + "; e += 2) {");
  em.line("const int lr = " + em.index(em.subst(fo.row, frag_vars)) + ", lc = " + em.index(em.subst(fo.col, frag_vars)) + ";");
  em.line("axon_st2_" + P + "((" + MT + "*)(" + chunk_at("lr", "lc") + ") + lc % 8, " + em.round(pv.mm->dtype(), "o[e]") + ", " +
          em.round(pv.mm->dtype(), "o[e + 1]") + ");");
  em.close();
  for (int r = 0; r < 2; ++r) {  // every thread of the row's quad holds the same statistics
    const int er = static_cast<int>(std::find(slot_o.begin(), slot_o.end(), r) - slot_o.begin());
    AXON_CHECK(er < RO, "codegen: O's fragment lacks a row slot");
    em.open("{");
    em.line("const int lr = wg * 64 + " + em.index(em.subst(fo.row, {{0, term::var(kLaneVar)}, {1, term::integer(er)}})) + ";");
    em.line("sstat[lr] = mrow[" + S(r) + "];");
    for (int k = 0; k < NS; ++k) em.line("sstat[" + S(int64_t(BM) * (1 + k)) + " + lr] = l" + S(k) + "[" + S(r) + "];");
    em.close();
  }
  em.line(inline_asm(*bar_named, {{"id", "r", {"4 + wg"}}, {"n", "r", {"128"}}}, true));
  // Four chunks in flight per thread, so that their shared loads and global stores overlap; not
  // over key tiles of more than 128, whose kernels run at the registers' edge (176 keys:
  // 12 bytes spilled; the whole loop unrolled spilled the persistent causal kernel at 232).
  if (t.bn <= 128) em.line("#pragma unroll 4");
  em.open("for (int qi = 0; qi < " + S((64 * CPO + 127) / 128) + "; ++qi) {");
  em.line("const int q = th + qi * 128;");
  if (64 * CPO % 128 != 0) em.line("if (q >= " + S(64 * CPO) + ") break;");
  em.line("const int lr = q / " + S(CPO) + ", lc = (q % " + S(CPO) + ") * 8;");
  em.line("const " + I + " gi = m0 + wg * 64 + lr, gj = lc;");
  em.line("if (gi >= " + S(SQ) + ") continue;");
  em.line("unsigned ow[4];");
  em.line("axon_ldw<4>(" + chunk_at("lr", "lc") + ", ow);");
  emit_chunk_writes(em, g, batch, DV, [&](const Node* n, const std::vector<Term>& p, int e) -> std::string {
    return epilogue_answer(em, a, n, e >= 0, is_row_point(n, p),
                           std::string(pv.mm->dtype() == DType::f16 ? "axon_f16_at" : "axon_bf16_at") + "(ow, " + S(e) + ")",
                           "sstat[wg * 64 + lr]", [&](int k) { return "sstat[" + S(int64_t(BM) * (1 + k)) + " + wg * 64 + lr]"; });
  }, in_place ? chunk_at("lr", "lc") : "");
  em.close();
  return true;
}

}  // namespace axon::tiling::detail
