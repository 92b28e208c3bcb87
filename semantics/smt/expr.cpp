#include <cmath>
#include <cstring>
#include <map>
#include <sstream>

#include "axon/core/error.h"
#include "axon/semantics/smt.h"

namespace axon::smt {

const char* sort_name(Sort s) {
  switch (s) {
    case Sort::Bool: return "Bool";
    case Sort::Int: return "Int";
    case Sort::Real: return "Real";
    case Sort::F32: return "(_ FloatingPoint 8 24)";
    case Sort::BV16: return "(_ BitVec 16)";
    case Sort::BV32: return "(_ BitVec 32)";
    case Sort::F16: return "(_ FloatingPoint 5 11)";
    case Sort::BF16: return "(_ FloatingPoint 8 8)";
  }
  return "?";
}

int bv_width(Sort s) { return s == Sort::BV16 ? 16 : s == Sort::BV32 ? 32 : 0; }
Sort bv_sort(int width) {
  AXON_CHECK(width == 16 || width == 32, "smt: bit-vectors are 16 or 32 bits");
  return width == 16 ? Sort::BV16 : Sort::BV32;
}

namespace {
int fp_width(Sort s) { return s == Sort::F32 ? 32 : (s == Sort::F16 || s == Sort::BF16) ? 16 : 0; }
}  // namespace

namespace {

std::shared_ptr<Node> node(Kind k, Sort s, std::vector<Expr> args = {}) {
  auto n = std::make_shared<Node>();
  n->kind = k;
  n->sort = s;
  n->args = std::move(args);
  for (const auto& a : n->args) AXON_CHECK(a != nullptr, "smt: null argument");
  return n;
}

void same_numeric(const Expr& a, const Expr& b, const char* op) {
  AXON_CHECK(a && b, std::string("smt ") + op + ": null");
  AXON_CHECK(a->sort == b->sort && (a->sort == Sort::Int || a->sort == Sort::Real),
             std::string("smt ") + op + ": operands must be both Int or both Real");
}

void is(const Expr& a, Sort s, const char* op) {
  AXON_CHECK(a && a->sort == s, std::string("smt ") + op + ": operand of the wrong sort");
}

// Decimal string arithmetic for exact rationals of doubles.
std::string times2(const std::string& d) {
  std::string out;
  int carry = 0;
  for (auto it = d.rbegin(); it != d.rend(); ++it) {
    int v = (*it - '0') * 2 + carry;
    out.push_back(static_cast<char>('0' + v % 10));
    carry = v / 10;
  }
  if (carry) out.push_back(static_cast<char>('0' + carry));
  return {out.rbegin(), out.rend()};
}

}  // namespace

Expr constant(const std::string& name, Sort s) {
  auto n = node(Kind::Const, s);
  n->name = name;
  return n;
}

Expr boolean(bool v) {
  auto n = node(Kind::BoolLit, Sort::Bool);
  n->bval = v;
  return n;
}

Expr integer(int64_t v) {
  auto n = node(Kind::IntLit, Sort::Int);
  n->ival = v;
  return n;
}

Expr real(double v) {
  if (!std::isfinite(v)) throw InternalError("smt::real of a non-finite value");
  if (v == 0) return real_rational("0", "1");
  bool negative = v < 0;
  double a = std::fabs(v);
  int e = 0;
  double m = std::frexp(a, &e);  // a = m * 2^e, m in [0.5, 1)
  auto mant = static_cast<int64_t>(std::ldexp(m, 53));
  e -= 53;
  while (mant != 0 && mant % 2 == 0) {
    mant /= 2;
    ++e;
  }
  std::string num = std::to_string(mant), den = "1";
  for (; e > 0; --e) num = times2(num);
  for (; e < 0; ++e) den = times2(den);
  if (negative && mant != 0) num = "-" + num;
  return real_rational(num, den);
}

Expr real_rational(const std::string& num, const std::string& den) {
  auto n = node(Kind::RealLit, Sort::Real);
  n->num = num;
  n->den = den;
  return n;
}

Expr f32(float v) {
  auto n = node(Kind::F32Lit, Sort::F32);
  std::memcpy(&n->bits, &v, 4);
  return n;
}

Expr app(const std::string& fn, std::vector<Expr> args, Sort range) {
  auto n = node(Kind::App, range, std::move(args));
  n->name = fn;
  return n;
}

#define AXON_NUM2(fname, K)                 \
  Expr fname(Expr a, Expr b) {              \
    same_numeric(a, b, #fname);             \
    Sort s = a->sort;                       \
    return node(Kind::K, s, {std::move(a), std::move(b)}); \
  }
AXON_NUM2(add, Add)
AXON_NUM2(sub, Sub)
AXON_NUM2(mul, Mul)
#undef AXON_NUM2

Expr neg(Expr a) {
  same_numeric(a, a, "neg");
  Sort s = a->sort;
  return node(Kind::Neg, s, {std::move(a)});
}
Expr div(Expr a, Expr b) {
  is(a, Sort::Real, "div");
  is(b, Sort::Real, "div");
  return node(Kind::Div, Sort::Real, {std::move(a), std::move(b)});
}
Expr intdiv(Expr a, Expr b) {
  is(a, Sort::Int, "intdiv");
  is(b, Sort::Int, "intdiv");
  return node(Kind::IntDiv, Sort::Int, {std::move(a), std::move(b)});
}
Expr mod(Expr a, Expr b) {
  is(a, Sort::Int, "mod");
  is(b, Sort::Int, "mod");
  return node(Kind::Mod, Sort::Int, {std::move(a), std::move(b)});
}
Expr to_real(Expr a) {
  is(a, Sort::Int, "to_real");
  return node(Kind::ToReal, Sort::Real, {std::move(a)});
}
Expr to_int(Expr a) {
  is(a, Sort::Real, "to_int");
  return node(Kind::ToInt, Sort::Int, {std::move(a)});
}

Expr lt(Expr a, Expr b) { same_numeric(a, b, "lt"); return node(Kind::Lt, Sort::Bool, {a, b}); }
Expr le(Expr a, Expr b) { same_numeric(a, b, "le"); return node(Kind::Le, Sort::Bool, {a, b}); }
Expr gt(Expr a, Expr b) { return lt(std::move(b), std::move(a)); }
Expr ge(Expr a, Expr b) { return le(std::move(b), std::move(a)); }
Expr eq(Expr a, Expr b) {
  AXON_CHECK(a && b && a->sort == b->sort, "smt eq: operands of different sorts");
  return node(Kind::Eq, Sort::Bool, {std::move(a), std::move(b)});
}
Expr ne(Expr a, Expr b) { return lnot(eq(std::move(a), std::move(b))); }
Expr land(std::vector<Expr> xs) {
  if (xs.empty()) return boolean(true);
  if (xs.size() == 1) return xs[0];
  for (const auto& x : xs) is(x, Sort::Bool, "and");
  return node(Kind::And, Sort::Bool, std::move(xs));
}
Expr lor(std::vector<Expr> xs) {
  if (xs.empty()) return boolean(false);
  if (xs.size() == 1) return xs[0];
  for (const auto& x : xs) is(x, Sort::Bool, "or");
  return node(Kind::Or, Sort::Bool, std::move(xs));
}
Expr lnot(Expr a) { is(a, Sort::Bool, "not"); return node(Kind::Not, Sort::Bool, {std::move(a)}); }
Expr implies(Expr a, Expr b) {
  is(a, Sort::Bool, "implies");
  is(b, Sort::Bool, "implies");
  return node(Kind::Implies, Sort::Bool, {std::move(a), std::move(b)});
}
Expr ite(Expr c, Expr a, Expr b) {
  is(c, Sort::Bool, "ite");
  AXON_CHECK(a && b && a->sort == b->sort, "smt ite: branches of different sorts");
  Sort s = a->sort;
  return node(Kind::Ite, s, {std::move(c), std::move(a), std::move(b)});
}

// Add, sub and mul take operands of one IEEE format (binary32, bfloat16, binary16), the result
// in it; the rest binary32.
void is_float(const Expr& a, const Expr& b, const char* op) {
  AXON_CHECK(a && b && a->sort == b->sort && (a->sort == Sort::F32 || a->sort == Sort::BF16 || a->sort == Sort::F16),
             std::string("smt ") + op + ": operands not of one float format");
}
#define AXON_FPF(fname, K)                                       \
  Expr fname(Expr a, Expr b) {                                  \
    is_float(a, b, #fname);                                     \
    const Sort s = a->sort;                                     \
    return node(Kind::K, s, {std::move(a), std::move(b)});      \
  }
AXON_FPF(fp_add, FpAdd)
AXON_FPF(fp_sub, FpSub)
AXON_FPF(fp_mul, FpMul)
#undef AXON_FPF
#define AXON_FP2(fname, K, S)                                   \
  Expr fname(Expr a, Expr b) {                                  \
    is(a, Sort::F32, #fname);                                   \
    is(b, Sort::F32, #fname);                                   \
    return node(Kind::K, Sort::S, {std::move(a), std::move(b)}); \
  }
AXON_FP2(fp_div, FpDiv, F32)
AXON_FP2(fp_min, FpMin, F32)
AXON_FP2(fp_max, FpMax, F32)
AXON_FP2(fp_lt, FpLt, Bool)
AXON_FP2(fp_le, FpLe, Bool)
AXON_FP2(fp_eq, FpEq, Bool)
#undef AXON_FP2

Expr fp_sqrt(Expr a) { is(a, Sort::F32, "fp_sqrt"); return node(Kind::FpSqrt, Sort::F32, {a}); }
Expr fp_neg(Expr a) { is(a, Sort::F32, "fp_neg"); return node(Kind::FpNeg, Sort::F32, {a}); }
Expr fp_abs(Expr a) { is(a, Sort::F32, "fp_abs"); return node(Kind::FpAbs, Sort::F32, {a}); }
Expr fp_is_nan(Expr a) { is(a, Sort::F32, "fp_is_nan"); return node(Kind::FpIsNaN, Sort::Bool, {a}); }
Expr fp_fma(Expr a, Expr b, Expr c) {
  is(a, Sort::F32, "fp_fma");
  is(b, Sort::F32, "fp_fma");
  is(c, Sort::F32, "fp_fma");
  return node(Kind::FpFma, Sort::F32, {a, b, c});
}
Expr fp_from_real(Expr a) {
  is(a, Sort::Real, "fp_from_real");
  return node(Kind::FpFromReal, Sort::F32, {std::move(a)});
}

Expr bv(uint32_t value, int width) {
  auto n = node(Kind::BvLit, bv_sort(width));
  n->bits = width == 32 ? value : (value & 0xffffu);
  return n;
}

#define AXON_BV2(fname, K)                                                               \
  Expr fname(Expr a, Expr b) {                                                           \
    AXON_CHECK(a && b && bv_width(a->sort) && a->sort == b->sort, "smt " #fname ": operands"); \
    Sort s = a->sort;                                                                    \
    return node(Kind::K, s, {std::move(a), std::move(b)});                              \
  }
AXON_BV2(bv_add, BvAdd)
AXON_BV2(bv_sub, BvSub)
AXON_BV2(bv_and, BvAnd)
AXON_BV2(bv_or, BvOr)
AXON_BV2(bv_xor, BvXor)
AXON_BV2(bv_shl, BvShl)
AXON_BV2(bv_lshr, BvLshr)
#undef AXON_BV2

Expr bv_resize(Expr a, int width) {
  AXON_CHECK(a && bv_width(a->sort), "smt bv_resize: not a bit-vector");
  int from = bv_width(a->sort);
  if (from == width) return a;
  return node(width > from ? Kind::BvZext : Kind::BvExtract, bv_sort(width), {std::move(a)});
}

Expr fp_from_bits(Expr a, Sort fp) {
  AXON_CHECK(a && bv_width(a->sort) && bv_width(a->sort) == fp_width(fp), "smt fp_from_bits: widths");
  return node(Kind::FpFromBits, fp, {std::move(a)});
}

Expr fp_round(Expr a, Sort fp, Rounding r) {
  AXON_CHECK(a && fp_width(a->sort) && fp_width(fp), "smt fp_round: not floats");
  auto n = node(Kind::FpRound, fp, {std::move(a)});
  n->ival = static_cast<int64_t>(r);
  return n;
}

Expr fp_round_integral(Expr a, Rounding r) {
  is(a, Sort::F32, "fp_round_integral");
  auto n = node(Kind::FpRoundIntegral, Sort::F32, {std::move(a)});
  n->ival = static_cast<int64_t>(r);
  return n;
}

// ---- SMT-LIB printing ------------------------------------------------------------------------

namespace {

const char* op_text(Kind k) {
  switch (k) {
    case Kind::Add: return "+";
    case Kind::Sub: return "-";
    case Kind::Mul: return "*";
    case Kind::Neg: return "-";
    case Kind::Div: return "/";
    case Kind::IntDiv: return "div";
    case Kind::Mod: return "mod";
    case Kind::ToReal: return "to_real";
    case Kind::ToInt: return "to_int";
    case Kind::Lt: return "<";
    case Kind::Le: return "<=";
    case Kind::Eq: return "=";
    case Kind::And: return "and";
    case Kind::Or: return "or";
    case Kind::Not: return "not";
    case Kind::Implies: return "=>";
    case Kind::Ite: return "ite";
    case Kind::FpAdd: return "fp.add RNE";
    case Kind::FpSub: return "fp.sub RNE";
    case Kind::FpMul: return "fp.mul RNE";
    case Kind::FpDiv: return "fp.div RNE";
    case Kind::FpSqrt: return "fp.sqrt RNE";
    case Kind::FpFma: return "fp.fma RNE";
    case Kind::FpNeg: return "fp.neg";
    case Kind::FpAbs: return "fp.abs";
    case Kind::FpMin: return "fp.min";
    case Kind::FpMax: return "fp.max";
    case Kind::FpLt: return "fp.lt";
    case Kind::FpLe: return "fp.leq";
    case Kind::FpEq: return "fp.eq";
    case Kind::FpIsNaN: return "fp.isNaN";
    case Kind::FpFromReal: return "(_ to_fp 8 24) RNE";
    case Kind::BvAdd: return "bvadd";
    case Kind::BvSub: return "bvsub";
    case Kind::BvAnd: return "bvand";
    case Kind::BvOr: return "bvor";
    case Kind::BvXor: return "bvxor";
    case Kind::BvShl: return "bvshl";
    case Kind::BvLshr: return "bvlshr";
    default: return "?";
  }
}

void print(std::ostream& os, const Expr& e) {
  switch (e->kind) {
    case Kind::Const: os << e->name; return;
    case Kind::BoolLit: os << (e->bval ? "true" : "false"); return;
    case Kind::IntLit:
      if (e->ival < 0) os << "(- " << std::to_string(e->ival).substr(1) << ")";
      else os << e->ival;
      return;
    case Kind::RealLit: {
      bool negative = !e->num.empty() && e->num[0] == '-';
      std::string num = negative ? e->num.substr(1) : e->num;
      std::string body = e->den == "1" ? num + ".0" : "(/ " + num + ".0 " + e->den + ".0)";
      os << (negative ? "(- " + body + ")" : body);
      return;
    }
    case Kind::F32Lit: {
      uint32_t b = e->bits;
      auto bin = [](uint32_t v, int width) {
        std::string s;
        for (int i = width - 1; i >= 0; --i) s += ((v >> i) & 1) ? '1' : '0';
        return s;
      };
      os << "(fp #b" << bin(b >> 31, 1) << " #b" << bin((b >> 23) & 0xff, 8) << " #b"
         << bin(b & 0x7fffff, 23) << ")";
      return;
    }
    case Kind::BvLit: os << "(_ bv" << e->bits << " " << bv_width(e->sort) << ")"; return;
    case Kind::BvZext:
    case Kind::BvExtract: {
      int to = bv_width(e->sort), from = bv_width(e->args[0]->sort);
      if (e->kind == Kind::BvZext) os << "((_ zero_extend " << to - from << ") ";
      else os << "((_ extract " << to - 1 << " 0) ";
      print(os, e->args[0]);
      os << ")";
      return;
    }
    case Kind::FpRoundIntegral: {
      static const char* rm[] = {"RNE", "RTZ", "RNA"};
      os << "(fp.roundToIntegral " << rm[e->ival] << " ";
      print(os, e->args[0]);
      os << ")";
      return;
    }
    case Kind::FpFromBits:
    case Kind::FpRound: {
      const char* f = e->sort == Sort::F32 ? "8 24" : e->sort == Sort::F16 ? "5 11" : "8 8";
      static const char* rm[] = {"RNE", "RTZ", "RNA"};
      os << "((_ to_fp " << f << ")" << (e->kind == Kind::FpRound ? std::string(" ") + rm[e->ival] : std::string()) << " ";
      print(os, e->args[0]);
      os << ")";
      return;
    }
    case Kind::App:
      if (e->args.empty()) {
        os << e->name;
        return;
      }
      os << "(" << e->name;
      for (const auto& a : e->args) {
        os << " ";
        print(os, a);
      }
      os << ")";
      return;
    default:
      os << "(" << op_text(e->kind);
      for (const auto& a : e->args) {
        os << " ";
        print(os, a);
      }
      os << ")";
  }
}

void collect_decls(const Expr& e, std::map<std::string, std::string>& decls) {
  if (e->kind == Kind::Const) {
    decls[e->name] = std::string("(declare-const ") + e->name + " " + sort_name(e->sort) + ")";
  } else if (e->kind == Kind::App && e->args.empty()) {
    decls[e->name] = std::string("(declare-const ") + e->name + " " + sort_name(e->sort) + ")";
  } else if (e->kind == Kind::App) {
    std::string d = "(declare-fun " + e->name + " (";
    for (size_t i = 0; i < e->args.size(); ++i)
      d += (i ? " " : "") + std::string(sort_name(e->args[i]->sort));
    d += ") " + std::string(sort_name(e->sort)) + ")";
    decls[e->name] = d;
  }
  for (const auto& a : e->args) collect_decls(a, decls);
}

}  // namespace

std::string to_string(const Expr& e) {
  std::ostringstream os;
  print(os, e);
  return os.str();
}

std::string to_smtlib(const std::vector<Expr>& assertions) {
  std::map<std::string, std::string> decls;
  for (const auto& a : assertions) collect_decls(a, decls);
  std::ostringstream os;
  for (const auto& [name, d] : decls) os << d << "\n";
  for (const auto& a : assertions) {
    os << "(assert ";
    print(os, a);
    os << ")\n";
  }
  return os.str();
}

}  // namespace axon::smt
