// The Z3 backend: the only file that includes z3++.h.
#include <z3++.h>

#include <chrono>
#include <cstring>
#include <unordered_map>

#include "axon/core/error.h"
#include "backends.h"

namespace axon::smt::detail {

namespace {

class Z3Translator {
 public:
  explicit Z3Translator(z3::context& c) : c_(c) {}

  z3::sort sort(Sort s) {
    switch (s) {
      case Sort::Bool: return c_.bool_sort();
      case Sort::Int: return c_.int_sort();
      case Sort::Real: return c_.real_sort();
      case Sort::F32: return c_.fpa_sort(8, 24);
      case Sort::BV16: return c_.bv_sort(16);
      case Sort::BV32: return c_.bv_sort(32);
      case Sort::F16: return c_.fpa_sort(5, 11);
      case Sort::BF16: return c_.fpa_sort(8, 8);
    }
    throw InternalError("z3: unknown sort");
  }

  z3::expr rne() { return z3::expr(c_, Z3_mk_fpa_rne(c_)); }

  z3::expr operator()(const Expr& e) {
    auto it = memo_.find(e.get());
    if (it != memo_.end()) return it->second;
    z3::expr r = build(e);
    memo_.emplace(e.get(), r);
    return r;
  }

 private:
  z3::expr build(const Expr& e) {
    auto a = [&](size_t i) { return (*this)(e->args[i]); };
    switch (e->kind) {
      case Kind::Const: return c_.constant(e->name.c_str(), sort(e->sort));
      case Kind::App: {
        if (e->args.empty()) return c_.constant(e->name.c_str(), sort(e->sort));
        z3::sort_vector dom(c_);
        z3::expr_vector args(c_);
        for (size_t i = 0; i < e->args.size(); ++i) {
          dom.push_back(sort(e->args[i]->sort));
          args.push_back(a(i));
        }
        z3::func_decl f = c_.function(e->name.c_str(), dom, sort(e->sort));
        return f(args);
      }
      case Kind::BoolLit: return c_.bool_val(e->bval);
      case Kind::IntLit: return c_.int_val(static_cast<int64_t>(e->ival));
      case Kind::RealLit: return c_.real_val((e->num + "/" + e->den).c_str());
      case Kind::F32Lit: {
        float f = 0;
        std::memcpy(&f, &e->bits, 4);
        return c_.fpa_val(f);
      }
      case Kind::Add: return a(0) + a(1);
      case Kind::Sub: return a(0) - a(1);
      case Kind::Mul: return a(0) * a(1);
      case Kind::Neg: return -a(0);
      case Kind::Div: return a(0) / a(1);
      case Kind::IntDiv: return z3::expr(c_, Z3_mk_div(c_, a(0), a(1)));
      case Kind::Mod: return z3::mod(a(0), a(1));
      case Kind::ToReal: return z3::to_real(a(0));
      case Kind::ToInt: return z3::expr(c_, Z3_mk_real2int(c_, a(0)));
      case Kind::Lt: return a(0) < a(1);
      case Kind::Le: return a(0) <= a(1);
      case Kind::Eq: return a(0) == a(1);
      case Kind::And: case Kind::Or: {
        z3::expr_vector v(c_);
        for (size_t i = 0; i < e->args.size(); ++i) v.push_back(a(i));
        return e->kind == Kind::And ? z3::mk_and(v) : z3::mk_or(v);
      }
      case Kind::Not: return !a(0);
      case Kind::Implies: return z3::implies(a(0), a(1));
      case Kind::Ite: return z3::ite(a(0), a(1), a(2));
      case Kind::FpAdd: return z3::expr(c_, Z3_mk_fpa_add(c_, rne(), a(0), a(1)));
      case Kind::FpSub: return z3::expr(c_, Z3_mk_fpa_sub(c_, rne(), a(0), a(1)));
      case Kind::FpMul: return z3::expr(c_, Z3_mk_fpa_mul(c_, rne(), a(0), a(1)));
      case Kind::FpDiv: return z3::expr(c_, Z3_mk_fpa_div(c_, rne(), a(0), a(1)));
      case Kind::FpSqrt: return z3::expr(c_, Z3_mk_fpa_sqrt(c_, rne(), a(0)));
      case Kind::FpFma: return z3::expr(c_, Z3_mk_fpa_fma(c_, rne(), a(0), a(1), a(2)));
      case Kind::FpNeg: return z3::expr(c_, Z3_mk_fpa_neg(c_, a(0)));
      case Kind::FpAbs: return z3::expr(c_, Z3_mk_fpa_abs(c_, a(0)));
      case Kind::FpMin: return z3::expr(c_, Z3_mk_fpa_min(c_, a(0), a(1)));
      case Kind::FpMax: return z3::expr(c_, Z3_mk_fpa_max(c_, a(0), a(1)));
      case Kind::FpLt: return z3::expr(c_, Z3_mk_fpa_lt(c_, a(0), a(1)));
      case Kind::FpLe: return z3::expr(c_, Z3_mk_fpa_leq(c_, a(0), a(1)));
      case Kind::FpEq: return z3::expr(c_, Z3_mk_fpa_eq(c_, a(0), a(1)));
      case Kind::FpIsNaN: return z3::expr(c_, Z3_mk_fpa_is_nan(c_, a(0)));
      case Kind::FpFromReal:
        return z3::expr(c_, Z3_mk_fpa_to_fp_real(c_, rne(), a(0), sort(Sort::F32)));
      case Kind::BvLit: return c_.bv_val(static_cast<uint64_t>(e->bits), static_cast<unsigned>(bv_width(e->sort)));
      case Kind::BvAdd: return a(0) + a(1);
      case Kind::BvSub: return a(0) - a(1);
      case Kind::BvAnd: return a(0) & a(1);
      case Kind::BvOr: return a(0) | a(1);
      case Kind::BvXor: return a(0) ^ a(1);
      case Kind::BvShl: return z3::shl(a(0), a(1));
      case Kind::BvLshr: return z3::lshr(a(0), a(1));
      case Kind::BvZext: return z3::zext(a(0), static_cast<unsigned>(bv_width(e->sort) - bv_width(e->args[0]->sort)));
      case Kind::BvExtract: return a(0).extract(static_cast<unsigned>(bv_width(e->sort) - 1), 0);
      case Kind::FpFromBits: return z3::expr(c_, Z3_mk_fpa_to_fp_bv(c_, a(0), sort(e->sort)));
      case Kind::FpRound: {
        z3::expr rm = e->ival == 0 ? rne() : e->ival == 1 ? z3::expr(c_, Z3_mk_fpa_rtz(c_)) : z3::expr(c_, Z3_mk_fpa_rna(c_));
        return z3::expr(c_, Z3_mk_fpa_to_fp_float(c_, rm, a(0), sort(e->sort)));
      }
      case Kind::FpRoundIntegral: {
        z3::expr rm = e->ival == 0 ? rne() : e->ival == 1 ? z3::expr(c_, Z3_mk_fpa_rtz(c_)) : z3::expr(c_, Z3_mk_fpa_rna(c_));
        return z3::expr(c_, Z3_mk_fpa_round_to_integral(c_, rm, a(0)));
      }
    }
    throw InternalError("z3: unknown expression kind");
  }

  z3::context& c_;
  std::unordered_map<const Node*, z3::expr> memo_;
};

std::optional<double> numeral_value(z3::context& c, const z3::expr& v, Sort s) {
  if (s == Sort::Bool) {
    if (v.is_true()) return 1.0;
    if (v.is_false()) return 0.0;
    return std::nullopt;
  }
  if (bv_width(s)) {
    uint64_t bits = 0;
    if (!v.is_numeral() || !Z3_get_numeral_uint64(c, v, &bits)) return std::nullopt;
    return static_cast<double>(bits);
  }
  if (s == Sort::F32) {
    uint64_t bits = 0;
    if (!v.is_numeral() || !Z3_get_numeral_uint64(c, v, &bits)) return std::nullopt;
    auto b32 = static_cast<uint32_t>(bits);
    float f = 0;
    std::memcpy(&f, &b32, 4);
    return static_cast<double>(f);
  }
  if (v.is_algebraic()) return std::stod(v.get_decimal_string(20));
  if (!v.is_numeral()) return std::nullopt;
  std::string text = Z3_get_numeral_string(c, v);
  auto slash = text.find('/');
  if (slash == std::string::npos) return std::stod(text);
  return std::stod(text.substr(0, slash)) / std::stod(text.substr(slash + 1));
}

bool uses_fp(const Expr& e) {
  if (e->sort != Sort::Bool && e->sort != Sort::Int && e->sort != Sort::Real) return true;
  for (const auto& a : e->args)
    if (uses_fp(a)) return true;
  return false;
}

}  // namespace

CheckResult check_z3(const std::vector<Expr>& assertions, const std::vector<Expr>& observe,
                     const Limits& limits) {
  const unsigned timeout_ms = limits.timeout_ms;
  CheckResult out;
  auto start = std::chrono::steady_clock::now();
  try {
    z3::context c;
    Z3Translator tr(c);
    // Pure floating-point queries go to Z3's bit-blasting QF_FP solver; its default solver
    // times out even on fp.add commutativity.
    bool fp = false;
    for (const auto& a : assertions) fp = fp || uses_fp(a);
    z3::solver s = fp ? z3::solver(c, "QF_FPBV") : z3::solver(c);
    z3::params p(c);
    p.set("timeout", timeout_ms);
    // Some of Z3's procedures (nonlinear integer arithmetic) do not poll the timer; the
    // resource limit bounds them as well (roughly 20k units per millisecond on one core). A
    // resource limit asked for replaces that default.
    uint64_t rlimit = limits.resource_limit ? limits.resource_limit : uint64_t{timeout_ms} * 20000;
    p.set("rlimit", static_cast<unsigned>(std::min<uint64_t>(rlimit, 4000000000u)));
    s.set(p);
    for (const auto& a : assertions) s.add(tr(a));
    z3::check_result r = s.check();
    if (r == z3::unsat) {
      out.result = SatResult::Unsat;
    } else if (r == z3::sat) {
      out.result = SatResult::Sat;
      z3::model m = s.get_model();
      for (const auto& o : observe) {
        z3::expr e = tr(o);
        if (o->sort == Sort::F32) e = z3::expr(c, Z3_mk_fpa_to_ieee_bv(c, e));
        out.values.push_back(numeral_value(c, m.eval(e, true), o->sort));
      }
    } else {
      out.result = SatResult::Unknown;
      out.reason = "z3: " + s.reason_unknown();
    }
  } catch (const z3::exception& e) {
    out.result = SatResult::Unknown;
    out.reason = std::string("z3 error: ") + e.msg();
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string z3_version() {
  unsigned major = 0, minor = 0, build = 0, rev = 0;
  Z3_get_version(&major, &minor, &build, &rev);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

}  // namespace axon::smt::detail
