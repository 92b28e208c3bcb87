// The expression language of the ISA specs, parsed into Terms (the language of the ops'
// semantics): docs/isa-spec-format.md, "Expressions". A small recursive-descent parser builds an
// AST; conversion to Terms infers int (index) versus real (value) sorts.
#include <cctype>
#include <cmath>
#include <memory>

#include "axon/core/error.h"
#include "axon/isa/spec.h"

namespace axon {

namespace {

struct Ast;
using AstP = std::unique_ptr<Ast>;
struct Ast {
  enum Kind { Num, Ident, Index, Call, Bin, Neg, Cond, Sum } kind = Num;
  double num = 0;
  bool integral = false;  // a literal written without '.', 'e' or '^-'
  std::string name;       // Ident, Index (operand), Call (function), Bin (operator), Sum (variable)
  std::vector<AstP> args;
};

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}
  AstP parse() {
    AstP e = ternary();
    skip();
    if (p_ != s_.size()) fail("unexpected '" + std::string(1, s_[p_]) + "'");
    return e;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw UserError("expression '" + std::string(s_) + "': " + why);
  }
  void skip() {
    while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
  }
  bool eat(std::string_view t) {
    skip();
    if (s_.substr(p_, t.size()) == t) {
      // "<" must not eat the start of "<=" (and so on).
      if (t.size() == 1 && p_ + 1 < s_.size() && s_[p_ + 1] == '=' && std::string_view("<>=!").find(t[0]) != std::string_view::npos)
        return false;
      p_ += t.size();
      return true;
    }
    return false;
  }
  void expect(std::string_view t) {
    if (!eat(t)) fail("expected '" + std::string(t) + "'");
  }
  static AstP node(Ast::Kind k, std::string name, std::vector<AstP> args) {
    auto a = std::make_unique<Ast>();
    a->kind = k;
    a->name = std::move(name);
    a->args = std::move(args);
    return a;
  }
  static std::vector<AstP> two(AstP a, AstP b) {
    std::vector<AstP> v;
    v.push_back(std::move(a));
    v.push_back(std::move(b));
    return v;
  }
  AstP ternary() {
    AstP c = comparison();
    if (!eat("?")) return c;
    AstP a = ternary();
    expect(":");
    AstP b = ternary();
    std::vector<AstP> v;
    v.push_back(std::move(c));
    v.push_back(std::move(a));
    v.push_back(std::move(b));
    return node(Ast::Cond, "", std::move(v));
  }
  AstP comparison() {
    AstP l = xor_();
    for (const char* op : {"<=", ">=", "==", "!=", "<", ">"})
      if (eat(op)) return node(Ast::Bin, op, two(std::move(l), xor_()));
    return l;
  }
  AstP xor_() {
    AstP l = additive();
    while (eat("^")) l = node(Ast::Bin, "^", two(std::move(l), additive()));
    return l;
  }
  AstP additive() {
    AstP l = term();
    for (;;) {
      if (eat("+")) l = node(Ast::Bin, "+", two(std::move(l), term()));
      else if (eat("-")) l = node(Ast::Bin, "-", two(std::move(l), term()));
      else return l;
    }
  }
  AstP term() {
    AstP l = unary();
    for (;;) {
      if (eat("*")) l = node(Ast::Bin, "*", two(std::move(l), unary()));
      else if (eat("/")) l = node(Ast::Bin, "/", two(std::move(l), unary()));
      else if (eat("%")) l = node(Ast::Bin, "%", two(std::move(l), unary()));
      else return l;
    }
  }
  AstP unary() {
    if (eat("-")) {
      std::vector<AstP> v;
      v.push_back(unary());
      return node(Ast::Neg, "", std::move(v));
    }
    return primary();
  }
  AstP primary() {
    skip();
    if (p_ >= s_.size()) fail("unexpected end");
    char c = s_[p_];
    if (eat("(")) {
      AstP e = ternary();
      expect(")");
      return e;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
      size_t start = p_;
      while (p_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[p_])) || s_[p_] == '.' ||
                                ((s_[p_] == '-' || s_[p_] == '+') && (s_[p_ - 1] == 'e' || s_[p_ - 1] == 'E'))))
        ++p_;
      std::string text(s_.substr(start, p_ - start));
      auto a = std::make_unique<Ast>();
      if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {  // hex: an integer
        size_t used = 0;
        try {
          a->num = static_cast<double>(std::stoull(text.substr(2), &used, 16));
        } catch (const std::exception&) {
          used = 0;
        }
        if (used != text.size() - 2) fail("bad number '" + text + "'");
        a->integral = true;
        return a;
      }
      try {
        size_t used = 0;
        a->num = std::stod(text, &used);
        if (used != text.size()) fail("bad number '" + text + "'");
      } catch (const std::exception&) {
        fail("bad number '" + text + "'");
      }
      a->integral = text.find_first_of(".eE") == std::string::npos;
      return a;
    }
    if (!(std::isalpha(static_cast<unsigned char>(c)) || c == '_')) fail("unexpected '" + std::string(1, c) + "'");
    size_t start = p_;
    while (p_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[p_])) || s_[p_] == '_')) ++p_;
    std::string id(s_.substr(start, p_ - start));
    if (id == "inf") {
      auto a = std::make_unique<Ast>();
      a->num = INFINITY;
      return a;
    }
    if (id == "sum" && eat("(")) {
      skip();
      size_t vs = p_;
      while (p_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[p_]))) ++p_;
      std::string v(s_.substr(vs, p_ - vs));
      if (v.empty()) fail("sum: expected a variable");
      expect("<");
      AstP extent = additive();
      expect(":");
      AstP body = ternary();
      expect(")");
      return node(Ast::Sum, v, two(std::move(extent), std::move(body)));
    }
    if (eat("(")) {
      std::vector<AstP> args;
      if (!eat(")")) {
        do args.push_back(ternary());
        while (eat(","));
        expect(")");
      }
      return node(Ast::Call, id, std::move(args));
    }
    if (eat("[")) {
      std::vector<AstP> idx;
      do idx.push_back(ternary());
      while (eat(","));
      expect("]");
      return node(Ast::Index, id, std::move(idx));
    }
    return node(Ast::Ident, id, {});
  }

  std::string_view s_;
  size_t p_ = 0;
};

class Converter {
 public:
  Converter(const std::map<std::string, int>& inputs, const std::map<std::string, int>& vars,
            const std::map<std::string, int64_t>& params, const std::map<std::string, int>& bit_widths = {})
      : inputs_(inputs), vars_(vars), params_(params), widths_(bit_widths) {}

  // A bit-pattern expression: a bit-typed operand, a bit function, or + - over one.
  bool is_bits(const Ast& a) const {
    switch (a.kind) {
      case Ast::Ident: return widths_.count(a.name) > 0;
      case Ast::Bin: return (a.name == "+" || a.name == "-") && (is_bits(*a.args[0]) || is_bits(*a.args[1]));
      case Ast::Cond: return is_bits(*a.args[1]) || is_bits(*a.args[2]);
      case Ast::Call:
        return a.name == "and" || a.name == "or" || a.name == "shl" || a.name == "shr" || a.name == "bits" ||
               (a.name == "xor" && a.args.size() == 2);
      default: return false;
    }
  }
  // The width of a bit expression (0 when only its context can tell: a literal).
  int width_of(const Ast& a) const {
    switch (a.kind) {
      case Ast::Ident: return widths_.count(a.name) ? widths_.at(a.name) : 0;
      case Ast::Call:
        if (a.name == "bits") return a.args.empty() ? 0 : static_cast<int>(a.args[0]->num);
        if (a.name == "shl" || a.name == "shr") return a.args.empty() ? 0 : width_of(*a.args[0]);
        [[fallthrough]];
      case Ast::Bin:
      case Ast::Cond: {
        int w = 0;
        for (size_t i = a.kind == Ast::Cond ? 1 : 0; i < a.args.size() && w == 0; ++i) w = width_of(*a.args[i]);
        return w;
      }
      default: return 0;
    }
  }

  Term bits(const Ast& a, int width) {
    if (int w = width_of(a)) width = w;
    if (width == 0) throw UserError("cannot tell the width of '" + describe(a) + "' (give an operand a bit type)");
    switch (a.kind) {
      case Ast::Num:
        if (!a.integral || a.num < 0 || a.num >= std::ldexp(1.0, width))
          throw UserError("bit constant " + std::to_string(a.num) + " does not fit " + std::to_string(width) + " bits");
        return term::bits(static_cast<uint64_t>(a.num), width);
      case Ast::Ident: {
        auto it = inputs_.find(a.name);
        if (it == inputs_.end() || !widths_.count(a.name)) throw UserError("'" + a.name + "' is not a bit-typed operand");
        return term::read_bits(it->second, widths_.at(a.name));
      }
      case Ast::Bin:
        if (a.name == "+") return term::bitop(BitFn::Add, bits(*a.args[0], width), bits(*a.args[1], width));
        if (a.name == "-") return term::bitop(BitFn::Sub, bits(*a.args[0], width), bits(*a.args[1], width));
        throw UserError("'" + a.name + "' is not an operator on bit patterns (use and, or, xor, shl, shr)");
      case Ast::Cond: return term::select(condition(*a.args[0]), bits(*a.args[1], width), bits(*a.args[2], width));
      case Ast::Call: {
        if (a.args.size() != 2) throw UserError(a.name + ": expects 2 arguments");
        if (a.name == "bits") {
          const Ast& n = *a.args[0];
          if (n.kind != Ast::Num || !n.integral || n.num < 1 || n.num > 32) throw UserError("bits: the first argument is a width 1..32");
          int from = width_of(*a.args[1]);
          return term::resize(bits(*a.args[1], from ? from : static_cast<int>(n.num)), static_cast<int>(n.num));
        }
        static const std::map<std::string, BitFn> fns{{"and", BitFn::And}, {"or", BitFn::Or}, {"xor", BitFn::Xor},
                                                      {"shl", BitFn::Shl}, {"shr", BitFn::Shr}};
        auto it = fns.find(a.name);
        if (it == fns.end()) break;
        return term::bitop(it->second, bits(*a.args[0], width), bits(*a.args[1], width));
      }
      default: break;
    }
    throw UserError("'" + describe(a) + "' is not a bit-pattern expression");
  }

  // The top level: a bit expression or a value.
  Term any(const Ast& a) { return is_bits(a) ? bits(a, 0) : real(a); }

  bool is_int(const Ast& a) const {
    switch (a.kind) {
      case Ast::Num: return a.integral;
      case Ast::Ident: return vars_.count(a.name) || params_.count(a.name) || bound_.count(a.name);
      case Ast::Neg: return is_int(*a.args[0]);
      case Ast::Bin:
        if (a.name == "+" || a.name == "-" || a.name == "*" || a.name == "/" || a.name == "%" || a.name == "^")
          return is_int(*a.args[0]) && is_int(*a.args[1]);
        return false;
      case Ast::Call: return a.name == "xor" && a.args.size() == 3 && is_int(*a.args[0]) && is_int(*a.args[1]);
      default: return false;
    }
  }

  Term integer(const Ast& a) {
    switch (a.kind) {
      case Ast::Num: return term::integer(static_cast<int64_t>(a.num));
      case Ast::Ident: {
        if (auto it = bound_.find(a.name); it != bound_.end()) return term::var(it->second);
        if (auto it = vars_.find(a.name); it != vars_.end()) return term::var(it->second);
        if (auto it = params_.find(a.name); it != params_.end()) return term::integer(it->second);
        break;
      }
      case Ast::Neg: return term::sub(term::integer(0), integer(*a.args[0]));
      case Ast::Call: {
        // xor(x, y, n): the low n bits of x XOR y (x, y >= 0), as index arithmetic:
        // sum over bits b < n of 2^b * ((x / 2^b + y / 2^b) % 2).
        const Ast& n = *a.args.at(2);
        if (a.name != "xor" || n.kind != Ast::Num || !n.integral || n.num < 1 || n.num > 16)
          throw UserError("xor needs a bit count from 1 to 16 as its third operand");
        Term x = integer(*a.args[0]), y = integer(*a.args[1]), acc = term::integer(0);
        for (int b = 0; b < static_cast<int>(n.num); ++b) {
          const Term p = term::integer(int64_t(1) << b);
          acc = term::add(acc, term::mul(p, term::mod(term::add(term::floordiv(x, p), term::floordiv(y, p)), term::integer(2))));
        }
        return acc;
      }
      case Ast::Bin: {
        Term l = integer(*a.args[0]), r = integer(*a.args[1]);
        if (a.name == "+") return term::add(l, r);
        if (a.name == "-") return term::sub(l, r);
        if (a.name == "*") return term::mul(l, r);
        if (a.name == "/") return term::floordiv(l, r);
        if (a.name == "%") return term::mod(l, r);
        if (a.name == "^") {  // x ^ c for an immediate power of two c: flip that bit
          const Ast& c = *a.args[1];
          double cv = c.kind == Ast::Num && c.integral ? c.num : -1;
          if (c.kind == Ast::Ident && params_.count(c.name)) cv = static_cast<double>(params_.at(c.name));
          if (cv >= 1 && std::exp2(std::floor(std::log2(cv))) == cv) {
            // x + c - 2c * ((x / c) % 2)
            Term bit = term::mod(term::floordiv(l, r), term::integer(2));
            return term::sub(term::add(l, r), term::mul(term::integer(2 * static_cast<int64_t>(cv)), bit));
          }
          if (c.kind == Ast::Ident && inputs_.count(c.name)) {
            // an immediate operand: the synthesizer binds it to a power of two before use
            throw UserError("'^' with operand '" + c.name + "': bind it to a power of two (param)");
          }
          throw UserError("'^' needs an immediate power of two on the right");
        }
        break;
      }
      default: break;
    }
    throw UserError("'" + describe(a) + "' is not an index expression");
  }

  Term real(const Ast& a) {
    if (is_int(a)) return a.kind == Ast::Num ? term::real(a.num) : term::to_real(integer(a));
    switch (a.kind) {
      case Ast::Num: return term::real(a.num);
      case Ast::Ident: {
        auto it = inputs_.find(a.name);
        if (it == inputs_.end()) throw UserError("unknown name '" + a.name + "'");
        if (widths_.count(a.name)) throw UserError("'" + a.name + "' is a bit pattern, not a value");
        return term::read(it->second, {});
      }
      case Ast::Index: {
        auto it = inputs_.find(a.name);
        if (it == inputs_.end()) throw UserError("unknown operand '" + a.name + "'");
        std::vector<Term> idx;
        for (const auto& x : a.args) idx.push_back(integer(*x));
        return term::read(it->second, idx);
      }
      case Ast::Neg: return term::neg(real(*a.args[0]));
      case Ast::Cond: return term::select(condition(*a.args[0]), real(*a.args[1]), real(*a.args[2]));
      case Ast::Bin: {
        if (a.name == "+") return term::fadd(real(*a.args[0]), real(*a.args[1]));
        if (a.name == "-") return term::fsub(real(*a.args[0]), real(*a.args[1]));
        if (a.name == "*") return term::fmul(real(*a.args[0]), real(*a.args[1]));
        if (a.name == "/") return term::fdiv(real(*a.args[0]), real(*a.args[1]));
        throw UserError("'" + a.name + "' is not an operator on values");
      }
      case Ast::Call: return call(a);
      case Ast::Sum: {
        int id = next_var_++;
        Term extent = integer(*a.args[0]);
        bound_[a.name] = id;
        Term body = real(*a.args[1]);
        bound_.erase(a.name);
        return term::reduce(Reducer::Sum, id, extent, body);
      }
    }
    throw UserError("bad expression");
  }

  Term condition(const Ast& a) {
    if (a.kind != Ast::Bin) throw UserError("expected a comparison before '?'");
    static const std::map<std::string, CmpOp> ops{{"<", CmpOp::Lt}, {"<=", CmpOp::Le}, {">", CmpOp::Gt},
                                                  {">=", CmpOp::Ge}, {"==", CmpOp::Eq}, {"!=", CmpOp::Ne}};
    auto it = ops.find(a.name);
    if (it == ops.end()) throw UserError("expected a comparison before '?'");
    if (is_int(*a.args[0]) && is_int(*a.args[1])) return term::cmp(it->second, integer(*a.args[0]), integer(*a.args[1]));
    return term::cmp(it->second, real(*a.args[0]), real(*a.args[1]));
  }

  Term call(const Ast& a) {
    static const std::map<std::string, Fn> unary{{"exp", Fn::Exp}, {"log", Fn::Log}, {"sqrt", Fn::Sqrt},
                                                 {"tanh", Fn::Tanh}, {"erf", Fn::Erf}, {"abs", Fn::Abs}};
    static const std::map<std::string, Fn> binary{{"max", Fn::Max}, {"min", Fn::Min}, {"pow", Fn::Pow}};
    auto arity = [&](size_t n) {
      if (a.args.size() != n)
        throw UserError(a.name + ": expects " + std::to_string(n) + " argument" + (n == 1 ? "" : "s"));
    };
    if (auto it = unary.find(a.name); it != unary.end()) {
      arity(1);
      return term::apply(it->second, {real(*a.args[0])});
    }
    if (auto it = binary.find(a.name); it != binary.end()) {
      arity(2);
      return term::apply(it->second, {real(*a.args[0]), real(*a.args[1])});
    }
    if (a.name == "round") {
      // round(T, x) rounds to nearest even; round(T, x, rz) toward zero, round(T, x, rna) to
      // nearest with ties away from zero.
      if (a.args.size() != 2 && a.args.size() != 3) throw UserError("round: expects 2 or 3 arguments");
      if (a.args[0]->kind != Ast::Ident) throw UserError("round: the first argument is a type");
      auto t = parse_dtype(a.args[0]->name);
      if (!t || !is_float(*t)) throw UserError("round: '" + a.args[0]->name + "' is not a float type");
      RoundMode mode = RoundMode::Rne;
      if (a.args.size() == 3) {
        const std::string& m = a.args[2]->name;
        if (a.args[2]->kind != Ast::Ident || (m != "rn" && m != "rz" && m != "rna"))
          throw UserError("round: the rounding mode is rn, rz or rna");
        mode = m == "rz" ? RoundMode::Rz : m == "rna" ? RoundMode::Rna : RoundMode::Rne;
      }
      return term::round(*t, real(*a.args[1]), mode);
    }
    throw UserError("unknown function '" + a.name + "'");
  }

  static std::string describe(const Ast& a) { return a.name.empty() ? "expression" : a.name; }

 private:
  const std::map<std::string, int>& inputs_;
  const std::map<std::string, int>& vars_;
  const std::map<std::string, int64_t>& params_;
  const std::map<std::string, int>& widths_;  // bit-typed operands: name -> width
  std::map<std::string, int> bound_;
  int next_var_ = 8;  // sum variables after the named ones
};

}  // namespace

Term parse_isa_expr(std::string_view text, const std::map<std::string, int>& inputs,
                    const std::map<std::string, int>& vars, const std::map<std::string, int64_t>& params,
                    const std::map<std::string, int>& bit_widths) {
  AstP ast = Parser(text).parse();
  try {
    return Converter(inputs, vars, params, bit_widths).any(*ast);
  } catch (const UserError& e) {
    throw UserError("expression '" + std::string(text) + "': " + e.what());
  }
}

int bit_type_width(const std::string& type) {
  if (type == "b16" || type == "u16" || type == "s16") return 16;
  if (type == "b32" || type == "u32" || type == "s32") return 32;
  return 0;
}

int64_t eval_isa_index(const Term& t, int64_t v0, int64_t v1) {
  auto a = [&](size_t i) { return eval_isa_index(t->args[i], v0, v1); };
  switch (t->kind) {
    case TermKind::Var: return t->ival == 0 ? v0 : v1;
    case TermKind::Int: return t->ival;
    case TermKind::IAdd: return a(0) + a(1);
    case TermKind::ISub: return a(0) - a(1);
    case TermKind::IMul: return a(0) * a(1);
    case TermKind::IFloorDiv: {
      int64_t x = a(0), y = a(1);
      if (y == 0) throw UserError("index expression divides by zero");
      return x / y - ((x % y != 0) && ((x < 0) != (y < 0)));
    }
    case TermKind::IMod: {
      int64_t y = a(1);
      if (y == 0) throw UserError("index expression takes a remainder by zero");
      int64_t m = a(0) % y;
      return m < 0 ? m + y : m;
    }
    default: throw InternalError("isa: not an index term: " + to_string(t));
  }
}

Term parse_isa_index(std::string_view text, const std::map<std::string, int>& vars,
                     const std::map<std::string, int64_t>& params) {
  AstP ast = Parser(text).parse();
  static const std::map<std::string, int> none;
  try {
    Converter c(none, vars, params);
    if (!c.is_int(*ast)) throw UserError("not an index expression");
    return c.integer(*ast);
  } catch (const UserError& e) {
    throw UserError("expression '" + std::string(text) + "': " + e.what());
  }
}

}  // namespace axon
