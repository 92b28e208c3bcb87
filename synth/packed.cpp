// Packed pairs (docs/synthesis.md, "Packed pairs"): one lanewise instruction of the specs that
// computes a small expression of 16-bit values on both halves of 32-bit pairs. Every lanewise
// arithmetic instruction of the pair type and every order of the inputs is tried on sample
// patterns; a survivor is proved for every input pattern by Z3 and CVC5 (IEEE formats, SMT-LIB
// equality: every NaN equals every NaN, -0 differs from +0).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "axon/semantics/solver.h"
#include "axon/synth/synth.h"
#include "bitlevel.h"

namespace axon {

namespace {

std::optional<smt::Expr> fp_apply(Fn f, const std::vector<smt::Expr>& a) {
  switch (f) {
    case Fn::Add: return smt::fp_add(a[0], a[1]);
    case Fn::Sub: return smt::fp_sub(a[0], a[1]);
    case Fn::Mul: return smt::fp_mul(a[0], a[1]);
    default: return std::nullopt;
  }
}

std::optional<double> apply_value(Fn f, const std::vector<double>& a) {
  switch (f) {
    case Fn::Add: case Fn::Sub: case Fn::Mul: return apply_fn(f, a[0], a[1]);
    default: return std::nullopt;
  }
}

// The expression's value (and format) on the inputs' lane values: Read(k) is input k; an Apply
// (add, sub, mul) stands under a Round to its operands' one format, where IEEE arithmetic in
// that format is the exact result rounded once; a Round elsewhere is a conversion. Encoded for
// the solvers (E = smt::Expr) or evaluated on samples (E = double, each rounding done in
// software); nullopt outside that form.
template <typename E, typename Leaf, typename Op, typename Conv>
std::optional<std::pair<E, DType>> expr_value(const Term& t, const std::vector<DType>& in, const Leaf& leaf, const Op& op,
                                              const Conv& conv) {
  if (t->kind == TermKind::Read) {
    const auto k = static_cast<size_t>(t->ival);
    if (k >= in.size()) return std::nullopt;
    return std::make_pair(leaf(k), in[k]);
  }
  if (t->kind != TermKind::Round || !is_float(t->dtype)) return std::nullopt;
  const Term& x = t->args[0];
  if (x->kind == TermKind::Apply) {
    std::vector<E> a;
    for (const Term& y : x->args) {
      auto v = expr_value<E>(y, in, leaf, op, conv);
      if (!v || v->second != t->dtype) return std::nullopt;
      a.push_back(v->first);
    }
    auto r = op(x->fn, a, t->dtype);
    if (!r) return std::nullopt;
    return std::make_pair(*r, t->dtype);
  }
  auto v = expr_value<E>(x, in, leaf, op, conv);
  if (!v) return std::nullopt;
  return std::make_pair(v->second == t->dtype ? v->first : conv(v->first, v->second, t->dtype), t->dtype);
}

// The instruction's lane result: its semantics (an Apply over Reads, or one Round of it) with
// each input the lane's value in the pair's format.
template <typename E, typename Leaf, typename Op>
std::optional<E> instr_value(const InstrSpec& i, DType lane, const Leaf& leaf, const Op& op) {
  Term t = i.semantics;
  if (t->kind == TermKind::Round) t = t->args[0];
  if (t->kind != TermKind::Apply) return std::nullopt;
  std::vector<E> a;
  for (const Term& y : t->args) {
    if (y->kind != TermKind::Read) return std::nullopt;
    a.push_back(leaf(static_cast<size_t>(y->ival)));
  }
  return op(t->fn, a, lane);
}

std::string pair_type(DType t) { return std::string(dtype_name(t)) + "x2"; }

}  // namespace

PackedLowering synthesize_packed(const Isa& isa, const Term& expr, const std::vector<DType>& in, DType out, unsigned timeout_ms) {
  return synthesize_packed(isa, expr, in, out, smt::Limits{timeout_ms, 0});
}

PackedLowering synthesize_packed(const Isa& isa, const Term& expr, const std::vector<DType>& in, DType out, const smt::Limits& limits) {
  PackedLowering r;
  r.expression = to_string(expr);
  r.in = in;
  r.out = out;
  const size_t n = in.size();
  if ((out != DType::bf16 && out != DType::f16) || n == 0 || n > 3 ||
      std::any_of(in.begin(), in.end(), [&](DType t) { return t != out; })) {
    r.why_not = "inputs and result are not of one 16-bit float format";
    return r;
  }
  // Sample patterns: specials and random pairs, each input a rotation of the others.
  std::vector<uint32_t> pts = {0x00000000u, 0x80008000u, 0x7f807f80u, 0xff80ff80u, 0x7fc07fffu, 0x00010001u, 0x007f0080u,
                               0x7f7f3f80u, 0x3f803c00u, 0x477f4780u, 0x3f813f7fu, 0xc0004040u, 0x7c00fc00u, 0x03ff0400u};
  std::mt19937_64 rng(11);
  for (int i = 0; i < 256; ++i) pts.push_back(static_cast<uint32_t>(rng()));
  auto sample = [&](size_t p, size_t k) { return pts[(p * (2 * k + 1) + 5 * k) % pts.size()]; };
  auto half = [](uint32_t v, int lane) { return (v >> (16 * lane)) & 0xffffu; };
  auto value_op = [](Fn f, const std::vector<double>& a, DType t) -> std::optional<double> {
    auto v = apply_value(f, a);
    if (!v) return std::nullopt;
    return synth::float_value(t, synth::float_bits(t, *v, RoundMode::Rne));
  };
  auto value_conv = [](double v, DType, DType to) { return synth::float_value(to, synth::float_bits(to, v, RoundMode::Rne)); };
  auto same = [](double a, double b) { return (std::isnan(a) && std::isnan(b)) || (a == b && std::signbit(a) == std::signbit(b)); };

  std::vector<size_t> order(n);
  for (const InstrSpec& i : isa.instrs) {
    if (!i.lanewise || i.kind != InstrKind::Scalar || !i.semantics || i.nan_drops || i.ins.size() != n || i.outs.size() != 1 ||
        i.outs[0].type != pair_type(out) || !i.cuda.empty())
      continue;
    if (std::any_of(i.ins.begin(), i.ins.end(), [&](const IsaOperand& o) { return o.type != pair_type(out); })) continue;
    std::iota(order.begin(), order.end(), 0);
    do {
      // Sample check: instruction input j reads expression input order[j].
      bool ok = true;
      for (size_t p = 0; p < pts.size() && ok; ++p)
        for (int lane = 0; lane < 2 && ok; ++lane) {
          auto want = expr_value<double>(
              expr, in, [&](size_t k) { return synth::float_value(out, half(sample(p, k), lane)); }, value_op, value_conv);
          auto got = instr_value<double>(
              i, out, [&](size_t j) { return synth::float_value(out, half(sample(p, order[j]), lane)); }, value_op);
          if (!want) {
            r.why_not = "not an expression of add, sub, mul and casts";
            return r;
          }
          ok = got && same(want->first, *got);
        }
      ++r.candidates;
      if (!ok) continue;
      // The proof, for every pattern of every input: one lane (the instruction is lanewise, the
      // expression the same on each lane), 16-bit inputs.
      std::vector<smt::Expr> x;
      for (size_t k = 0; k < n; ++k) x.push_back(smt::constant("x" + std::to_string(k), smt::bv_sort(16)));
      auto fp_of = [&](const smt::Expr& v) { return smt::fp_from_bits(v, synth::fp_sort(out)); };
      auto fp_op = [](Fn f, const std::vector<smt::Expr>& a, DType) { return fp_apply(f, a); };
      auto fp_conv = [](const smt::Expr& v, DType from, DType to) {
        // Between two 16-bit formats through binary32 (exact): see casts.cpp.
        smt::Expr w = from != DType::f32 && to != DType::f32 ? smt::fp_round(v, smt::Sort::F32, smt::Rounding::RNE) : v;
        return smt::fp_round(w, synth::fp_sort(to), smt::Rounding::RNE);
      };
      auto want = expr_value<smt::Expr>(expr, in, [&](size_t k) { return fp_of(x[k]); }, fp_op, fp_conv);
      auto got = instr_value<smt::Expr>(i, out, [&](size_t j) { return fp_of(x[order[j]]); }, fp_op);
      if (!want || !got) continue;
      const std::vector<smt::Expr> q = {smt::lnot(smt::eq(*got, want->first))};
      std::string verdict;
      for (auto b : {smt::Backend::Z3, smt::Backend::CVC5}) {
        auto res = b == smt::Backend::Z3 ? smt::check_sat(b, q, x, limits) : smt::check_sat_isolated(b, q, limits);
        r.seconds += res.seconds;
        if (res.result == smt::SatResult::Unsat) continue;
        verdict = std::string(res.result == smt::SatResult::Sat ? "REFUTED by " : "UNKNOWN (") + smt::backend_name(b) +
                  (res.result == smt::SatResult::Sat ? "" : ": " + res.reason + ")");
        break;
      }
      if (!verdict.empty()) {
        r.why_not = i.name + ": " + verdict;
        continue;
      }
      r.instr = &i;
      r.order.assign(order.begin(), order.end());
      r.proof = "PROVED";
      return r;
    } while (std::next_permutation(order.begin(), order.end()));
  }
  if (r.why_not.empty()) r.why_not = "no lanewise " + pair_type(out) + " instruction of the specs computes it";
  return r;
}

std::vector<PackedLowering> synthesize_packed_catalog(const Isa& isa, unsigned timeout_ms,
                                                      const std::function<void(const PackedLowering&)>& progress) {
  return synthesize_packed_catalog(isa, smt::Limits{timeout_ms, 0}, progress);
}

std::vector<PackedLowering> synthesize_packed_catalog(const Isa& isa, const smt::Limits& limits,
                                                      const std::function<void(const PackedLowering&)>& progress) {
  std::vector<PackedLowering> out;
  // bf16 only: register A's pairs feed the bf16 register-A wgmma, the only one in the specs.
  for (DType t : {DType::bf16})
    for (Fn f : {Fn::Mul, Fn::Add, Fn::Sub})
      for (bool wide : {false, true}) {
        const Term a = term::read(0, {}), b = term::read(1, {});
        const Term e = wide ? term::round(t, term::round(DType::f32, term::apply(f, {term::round(DType::f32, a), term::round(DType::f32, b)})))
                            : term::round(t, term::apply(f, {a, b}));
        out.push_back(synthesize_packed(isa, e, {t, t}, t, limits));
        if (progress) progress(out.back());
      }
  return out;
}

std::string packed_key(const std::string& expression, const std::vector<DType>& in, DType out) {
  std::string k = expression + " :";
  for (DType t : in) k += " " + std::string(dtype_name(t));
  return k + " -> " + std::string(dtype_name(out));
}

}  // namespace axon
