// The CVC5 backend: the only file that includes cvc5.h.
#include <cvc5/cvc5.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <sstream>
#include <unordered_map>

#include "axon/core/error.h"
#include "backends.h"

namespace axon::smt::detail {

namespace {

using cvc5::Kind;  // NOLINT: the solver's kinds; ours are smt::Kind

class Cvc5Translator {
 public:
  explicit Cvc5Translator(cvc5::Solver& s) : s_(s) {}

  cvc5::Sort sort(Sort so) {
    switch (so) {
      case Sort::Bool: return s_.getBooleanSort();
      case Sort::Int: return s_.getIntegerSort();
      case Sort::Real: return s_.getRealSort();
      case Sort::F32: return s_.mkFloatingPointSort(8, 24);
      case Sort::BV16: return s_.mkBitVectorSort(16);
      case Sort::BV32: return s_.mkBitVectorSort(32);
      case Sort::F16: return s_.mkFloatingPointSort(5, 11);
      case Sort::BF16: return s_.mkFloatingPointSort(8, 8);
    }
    throw InternalError("cvc5: unknown sort");
  }

  cvc5::Term operator()(const Expr& e) {
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    cvc5::Term r = build(e);
    memo_.emplace(e.get(), r);
    return r;
  }

 private:
  cvc5::Term symbol(const std::string& name, const cvc5::Sort& so) {
    auto it = symbols_.find(name);
    if (it != symbols_.end()) return it->second;
    cvc5::Term t = s_.mkConst(so, name);
    symbols_.emplace(name, t);
    return t;
  }

  cvc5::Term mk(Kind k, const Expr& e) {
    std::vector<cvc5::Term> args;
    for (const auto& a : e->args) args.push_back((*this)(a));
    return s_.mkTerm(k, args);
  }

  cvc5::Term mk_rm(Kind k, const Expr& e) {
    std::vector<cvc5::Term> args{s_.mkRoundingMode(cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_EVEN)};
    for (const auto& a : e->args) args.push_back((*this)(a));
    return s_.mkTerm(k, args);
  }

  static std::pair<uint32_t, uint32_t> fp_format(Sort so) {
    return so == Sort::F32 ? std::pair<uint32_t, uint32_t>{8, 24} : so == Sort::F16 ? std::pair<uint32_t, uint32_t>{5, 11} : std::pair<uint32_t, uint32_t>{8, 8};
  }

  cvc5::Term build(const Expr& e) {
    switch (e->kind) {
      case smt::Kind::Const: return symbol(e->name, sort(e->sort));
      case smt::Kind::App: {
        if (e->args.empty()) return symbol(e->name, sort(e->sort));
        std::vector<cvc5::Sort> dom;
        for (const auto& a : e->args) dom.push_back(sort(a->sort));
        cvc5::Term f = symbol(e->name, s_.mkFunctionSort(dom, sort(e->sort)));
        std::vector<cvc5::Term> args{f};
        for (const auto& a : e->args) args.push_back((*this)(a));
        return s_.mkTerm(Kind::APPLY_UF, args);
      }
      case smt::Kind::BoolLit: return s_.mkBoolean(e->bval);
      case smt::Kind::IntLit: return s_.mkInteger(e->ival);
      case smt::Kind::RealLit: return s_.mkReal(e->num + "/" + e->den);
      case smt::Kind::F32Lit: return s_.mkFloatingPoint(8, 24, s_.mkBitVector(32, e->bits));
      case smt::Kind::Add: return mk(Kind::ADD, e);
      case smt::Kind::Sub: return mk(Kind::SUB, e);
      case smt::Kind::Mul: return mk(Kind::MULT, e);
      case smt::Kind::Neg: return mk(Kind::NEG, e);
      case smt::Kind::Div: return mk(Kind::DIVISION, e);
      case smt::Kind::IntDiv: return mk(Kind::INTS_DIVISION, e);
      case smt::Kind::Mod: return mk(Kind::INTS_MODULUS, e);
      case smt::Kind::ToReal: return mk(Kind::TO_REAL, e);
      case smt::Kind::ToInt: return mk(Kind::TO_INTEGER, e);
      case smt::Kind::Lt: return mk(Kind::LT, e);
      case smt::Kind::Le: return mk(Kind::LEQ, e);
      case smt::Kind::Eq: return mk(Kind::EQUAL, e);
      case smt::Kind::And: return mk(Kind::AND, e);
      case smt::Kind::Or: return mk(Kind::OR, e);
      case smt::Kind::Not: return mk(Kind::NOT, e);
      case smt::Kind::Implies: return mk(Kind::IMPLIES, e);
      case smt::Kind::Ite: return mk(Kind::ITE, e);
      case smt::Kind::FpAdd: return mk_rm(Kind::FLOATINGPOINT_ADD, e);
      case smt::Kind::FpSub: return mk_rm(Kind::FLOATINGPOINT_SUB, e);
      case smt::Kind::FpMul: return mk_rm(Kind::FLOATINGPOINT_MULT, e);
      case smt::Kind::FpDiv: return mk_rm(Kind::FLOATINGPOINT_DIV, e);
      case smt::Kind::FpSqrt: return mk_rm(Kind::FLOATINGPOINT_SQRT, e);
      case smt::Kind::FpFma: return mk_rm(Kind::FLOATINGPOINT_FMA, e);
      case smt::Kind::FpNeg: return mk(Kind::FLOATINGPOINT_NEG, e);
      case smt::Kind::FpAbs: return mk(Kind::FLOATINGPOINT_ABS, e);
      case smt::Kind::FpMin: return mk(Kind::FLOATINGPOINT_MIN, e);
      case smt::Kind::FpMax: return mk(Kind::FLOATINGPOINT_MAX, e);
      case smt::Kind::FpLt: return mk(Kind::FLOATINGPOINT_LT, e);
      case smt::Kind::FpLe: return mk(Kind::FLOATINGPOINT_LEQ, e);
      case smt::Kind::FpEq: return mk(Kind::FLOATINGPOINT_EQ, e);
      case smt::Kind::FpIsNaN: return mk(Kind::FLOATINGPOINT_IS_NAN, e);
      case smt::Kind::BvLit: return s_.mkBitVector(static_cast<uint32_t>(bv_width(e->sort)), e->bits);
      case smt::Kind::BvAdd: return mk(Kind::BITVECTOR_ADD, e);
      case smt::Kind::BvSub: return mk(Kind::BITVECTOR_SUB, e);
      case smt::Kind::BvAnd: return mk(Kind::BITVECTOR_AND, e);
      case smt::Kind::BvOr: return mk(Kind::BITVECTOR_OR, e);
      case smt::Kind::BvXor: return mk(Kind::BITVECTOR_XOR, e);
      case smt::Kind::BvShl: return mk(Kind::BITVECTOR_SHL, e);
      case smt::Kind::BvLshr: return mk(Kind::BITVECTOR_LSHR, e);
      case smt::Kind::BvZext: {
        cvc5::Op op = s_.mkOp(Kind::BITVECTOR_ZERO_EXTEND, {static_cast<uint32_t>(bv_width(e->sort) - bv_width(e->args[0]->sort))});
        return s_.mkTerm(op, {(*this)(e->args[0])});
      }
      case smt::Kind::BvExtract: {
        cvc5::Op op = s_.mkOp(Kind::BITVECTOR_EXTRACT, {static_cast<uint32_t>(bv_width(e->sort) - 1), 0});
        return s_.mkTerm(op, {(*this)(e->args[0])});
      }
      case smt::Kind::FpFromBits: {
        auto [ew, sw] = fp_format(e->sort);
        cvc5::Op op = s_.mkOp(Kind::FLOATINGPOINT_TO_FP_FROM_IEEE_BV, {ew, sw});
        return s_.mkTerm(op, {(*this)(e->args[0])});
      }
      case smt::Kind::FpRoundIntegral: {
        auto rm = e->ival == 0 ? cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_EVEN
                  : e->ival == 1 ? cvc5::RoundingMode::ROUND_TOWARD_ZERO
                                 : cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_AWAY;
        return s_.mkTerm(Kind::FLOATINGPOINT_RTI, {s_.mkRoundingMode(rm), (*this)(e->args[0])});
      }
      case smt::Kind::FpRound: {
        auto [ew, sw] = fp_format(e->sort);
        cvc5::Op op = s_.mkOp(Kind::FLOATINGPOINT_TO_FP_FROM_FP, {ew, sw});
        auto rm = e->ival == 0 ? cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_EVEN
                  : e->ival == 1 ? cvc5::RoundingMode::ROUND_TOWARD_ZERO
                                 : cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_AWAY;
        return s_.mkTerm(op, {s_.mkRoundingMode(rm), (*this)(e->args[0])});
      }
      case smt::Kind::FpFromReal: {
        cvc5::Op op = s_.mkOp(Kind::FLOATINGPOINT_TO_FP_FROM_REAL, {8, 24});
        return s_.mkTerm(op, {s_.mkRoundingMode(cvc5::RoundingMode::ROUND_NEAREST_TIES_TO_EVEN),
                              (*this)(e->args[0])});
      }
    }
    throw InternalError("cvc5: unknown expression kind");
  }

  cvc5::Solver& s_;
  std::unordered_map<const Node*, cvc5::Term> memo_;
  std::unordered_map<std::string, cvc5::Term> symbols_;
};

std::optional<double> value_of(const cvc5::Term& v) {
  if (v.isBooleanValue()) return v.getBooleanValue() ? 1.0 : 0.0;
  if (v.isIntegerValue()) return std::stod(v.getIntegerValue());
  if (v.isRealValue()) {
    std::string text = v.getRealValue();
    auto slash = text.find('/');
    if (slash == std::string::npos) return std::stod(text);
    return std::stod(text.substr(0, slash)) / std::stod(text.substr(slash + 1));
  }
  if (v.isBitVectorValue()) return static_cast<double>(std::stoull(v.getBitVectorValue(2), nullptr, 2));
  if (v.isFloatingPointValue()) {
    auto bv = std::get<2>(v.getFloatingPointValue());
    auto bits = static_cast<uint32_t>(std::stoul(bv.getBitVectorValue(2), nullptr, 2));
    float f = 0;
    std::memcpy(&f, &bits, 4);
    return static_cast<double>(f);
  }
  return std::nullopt;
}

bool uses_half(const Expr& e) {
  if (e->sort == Sort::F16 || e->sort == Sort::BF16) return true;
  for (const auto& a : e->args)
    if (uses_half(a)) return true;
  return false;
}

}  // namespace

CheckResult check_cvc5(const std::vector<Expr>& assertions, const std::vector<Expr>& observe,
                       const Limits& limits) {
  const unsigned timeout_ms = limits.timeout_ms;
  CheckResult out;
  auto start = std::chrono::steady_clock::now();
  try {
    cvc5::Solver s;
    s.setOption("produce-models", "true");
    s.setOption("tlimit-per", std::to_string(timeout_ms));
    // The resource limit is in Z3's units (solver.h); CVC5's count coarser steps, about ten
    // times as slow (0.2M a second against Z3's 1M to 3M on the test suite's queries).
    if (limits.resource_limit)
      s.setOption("rlimit-per", std::to_string(std::max<uint64_t>(1, limits.resource_limit / 10)));
    s.setLogic("ALL");
    // cvc5's default floating-point mode has only Float32 and Float64; binary16 and bfloat16
    // (casts, synth/casts.cpp) need its experimental mode, used only for those queries.
    bool half = false;
    for (const auto& a : assertions) half = half || uses_half(a);
    if (half) s.setOption("fp-exp", "true");
    Cvc5Translator tr(s);
    for (const auto& a : assertions) s.assertFormula(tr(a));
    cvc5::Result r = s.checkSat();
    if (r.isUnsat()) {
      out.result = SatResult::Unsat;
    } else if (r.isSat()) {
      out.result = SatResult::Sat;
      for (const auto& o : observe) out.values.push_back(value_of(s.getValue(tr(o))));
    } else {
      out.result = SatResult::Unknown;
      std::ostringstream why;
      why << r.getUnknownExplanation();
      out.reason = "cvc5: " + why.str();
    }
  } catch (const std::exception& e) {
    out.result = SatResult::Unknown;
    out.reason = std::string("cvc5 error: ") + e.what();
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string cvc5_version() {
  cvc5::Solver s;
  return s.getVersion();
}

}  // namespace axon::smt::detail
