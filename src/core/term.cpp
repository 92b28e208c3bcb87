#include "axon/core/term.h"

#include <algorithm>
#include <sstream>

#include "axon/core/error.h"

namespace axon {

int fn_arity(Fn f) {
  switch (f) {
    case Fn::Neg: case Fn::Abs: case Fn::Exp: case Fn::Log: case Fn::Sqrt: case Fn::Tanh:
    case Fn::Erf:
      return 1;
    default:
      return 2;
  }
}

const char* fn_name(Fn f) {
  switch (f) {
    case Fn::Neg: return "neg";
    case Fn::Abs: return "abs";
    case Fn::Exp: return "exp";
    case Fn::Log: return "log";
    case Fn::Sqrt: return "sqrt";
    case Fn::Tanh: return "tanh";
    case Fn::Erf: return "erf";
    case Fn::Add: return "+";
    case Fn::Sub: return "-";
    case Fn::Mul: return "*";
    case Fn::Div: return "/";
    case Fn::Pow: return "pow";
    case Fn::Max: return "max";
    case Fn::Min: return "min";
  }
  return "?";
}

const char* cmp_name(CmpOp c) {
  switch (c) {
    case CmpOp::Lt: return "<";
    case CmpOp::Le: return "<=";
    case CmpOp::Gt: return ">";
    case CmpOp::Ge: return ">=";
    case CmpOp::Eq: return "==";
    case CmpOp::Ne: return "!=";
  }
  return "?";
}

const char* bitfn_name(BitFn f) {
  switch (f) {
    case BitFn::Add: return "+";
    case BitFn::Sub: return "-";
    case BitFn::And: return "and";
    case BitFn::Or: return "or";
    case BitFn::Xor: return "xor";
    case BitFn::Shl: return "shl";
    case BitFn::Shr: return "shr";
    case BitFn::Resize: return "bits";
  }
  return "?";
}

namespace term {
namespace {

std::shared_ptr<TermNode> node(TermKind k, Sort s, std::vector<Term> args = {}) {
  auto n = std::make_shared<TermNode>();
  n->kind = k;
  n->sort = s;
  n->args = std::move(args);
  return n;
}

void expect(const Term& t, Sort s, const char* what) {
  AXON_CHECK(t != nullptr, std::string(what) + ": null term");
  AXON_CHECK(t->sort == s, std::string(what) + ": operand of the wrong sort");
}

bool is_int(const Term& t, int64_t v) { return t->kind == TermKind::Int && t->ival == v; }

}  // namespace

Term var(int id) {
  auto n = node(TermKind::Var, Sort::Int);
  n->ival = id;
  return n;
}

Term integer(int64_t v) {
  auto n = node(TermKind::Int, Sort::Int);
  n->ival = v;
  return n;
}

Term size(const Size& s) {
  if (auto v = s.value()) return integer(*v);
  auto n = node(TermKind::SizeOf, Sort::Int);
  n->size = s;
  return n;
}

Term add(Term a, Term b) {
  expect(a, Sort::Int, "add");
  expect(b, Sort::Int, "add");
  if (is_int(b, 0)) return a;
  if (is_int(a, 0)) return b;
  if (a->kind == TermKind::Int && b->kind == TermKind::Int) return integer(a->ival + b->ival);
  return node(TermKind::IAdd, Sort::Int, {std::move(a), std::move(b)});
}

Term sub(Term a, Term b) {
  expect(a, Sort::Int, "sub");
  expect(b, Sort::Int, "sub");
  if (is_int(b, 0)) return a;
  if (a->kind == TermKind::Int && b->kind == TermKind::Int) return integer(a->ival - b->ival);
  return node(TermKind::ISub, Sort::Int, {std::move(a), std::move(b)});
}

Term mul(Term a, Term b) {
  expect(a, Sort::Int, "mul");
  expect(b, Sort::Int, "mul");
  if (is_int(b, 1)) return a;
  if (is_int(a, 1)) return b;
  if (a->kind == TermKind::Int && b->kind == TermKind::Int) return integer(a->ival * b->ival);
  return node(TermKind::IMul, Sort::Int, {std::move(a), std::move(b)});
}

Term floordiv(Term a, Term b) {
  expect(a, Sort::Int, "floordiv");
  expect(b, Sort::Int, "floordiv");
  if (is_int(b, 1)) return a;
  return node(TermKind::IFloorDiv, Sort::Int, {std::move(a), std::move(b)});
}

Term mod(Term a, Term b) {
  expect(a, Sort::Int, "mod");
  expect(b, Sort::Int, "mod");
  if (is_int(b, 1)) return integer(0);
  return node(TermKind::IMod, Sort::Int, {std::move(a), std::move(b)});
}

Term cmp(CmpOp op, Term a, Term b) {
  AXON_CHECK(a && b && a->sort == b->sort && a->sort != Sort::Bool, "cmp: operands' sorts");
  auto n = node(TermKind::Cmp, Sort::Bool, {std::move(a), std::move(b)});
  n->cmp = op;
  return n;
}

Term land(Term a, Term b) {
  expect(a, Sort::Bool, "and");
  expect(b, Sort::Bool, "and");
  return node(TermKind::And, Sort::Bool, {std::move(a), std::move(b)});
}

Term lor(Term a, Term b) {
  expect(a, Sort::Bool, "or");
  expect(b, Sort::Bool, "or");
  return node(TermKind::Or, Sort::Bool, {std::move(a), std::move(b)});
}

Term lnot(Term a) {
  expect(a, Sort::Bool, "not");
  return node(TermKind::Not, Sort::Bool, {std::move(a)});
}

Term read(int operand, std::vector<Term> indices) {
  for (const auto& i : indices) expect(i, Sort::Int, "read index");
  auto n = node(TermKind::Read, Sort::Real, std::move(indices));
  n->ival = operand;
  return n;
}

Term real(double v) {
  auto n = node(TermKind::Real, Sort::Real);
  n->rval = v;
  return n;
}

Term apply(Fn f, std::vector<Term> args) {
  AXON_CHECK(static_cast<int>(args.size()) == fn_arity(f), std::string("apply ") + fn_name(f));
  for (const auto& a : args) expect(a, Sort::Real, fn_name(f));
  auto n = node(TermKind::Apply, Sort::Real, std::move(args));
  n->fn = f;
  return n;
}

Term select(Term cond, Term then_value, Term else_value) {
  expect(cond, Sort::Bool, "select condition");
  AXON_CHECK(then_value && else_value && then_value->sort == else_value->sort &&
                 then_value->sort != Sort::Bool,
             "select: branches' sorts");
  Sort s = then_value->sort;
  return node(TermKind::Select, s, {std::move(cond), std::move(then_value), std::move(else_value)});
}

Term round(DType t, Term x, RoundMode mode) {
  expect(x, Sort::Real, "round");
  auto n = node(TermKind::Round, Sort::Real, {std::move(x)});
  n->dtype = t;
  n->mode = mode;
  return n;
}

Term bits(uint64_t value, int width) {
  AXON_CHECK(width >= 1 && width <= 32, "bits: width");
  auto n = node(TermKind::BitLit, Sort::Bits);
  n->width = static_cast<uint8_t>(width);
  n->ival = static_cast<int64_t>(value & ((uint64_t{1} << width) - 1));
  return n;
}

Term read_bits(int operand, int width) {
  AXON_CHECK(width >= 1 && width <= 32 && operand >= 0, "read_bits");
  auto n = node(TermKind::Read, Sort::Bits);
  n->ival = operand;
  n->width = static_cast<uint8_t>(width);
  return n;
}

Term bitop(BitFn f, Term a, Term b) {
  expect(a, Sort::Bits, "bit operation");
  expect(b, Sort::Bits, "bit operation");
  AXON_CHECK(f != BitFn::Resize, "bitop: use resize");
  AXON_CHECK(f == BitFn::Shl || f == BitFn::Shr || a->width == b->width, "bit operation: operand widths differ");
  auto n = node(TermKind::BitOp, Sort::Bits, {std::move(a), std::move(b)});
  n->bitfn = f;
  n->width = n->args[0]->width;
  return n;
}

Term resize(Term a, int width) {
  expect(a, Sort::Bits, "bits()");
  AXON_CHECK(width >= 1 && width <= 32, "bits(): width");
  if (a->width == width) return a;
  auto n = node(TermKind::BitOp, Sort::Bits, {std::move(a)});
  n->bitfn = BitFn::Resize;
  n->width = static_cast<uint8_t>(width);
  return n;
}

Term to_real(Term i) {
  expect(i, Sort::Int, "to_real");
  return node(TermKind::ToReal, Sort::Real, {std::move(i)});
}

Term reduce(Reducer r, int var_id, Term extent, Term body) {
  expect(extent, Sort::Int, "reduce extent");
  expect(body, Sort::Real, "reduce body");
  auto n = node(TermKind::Reduce, Sort::Real, {std::move(extent), std::move(body)});
  n->reducer = r;
  n->ival = var_id;
  return n;
}

Term neg(Term x) { return apply(Fn::Neg, {std::move(x)}); }
Term fadd(Term a, Term b) { return apply(Fn::Add, {std::move(a), std::move(b)}); }
Term fsub(Term a, Term b) { return apply(Fn::Sub, {std::move(a), std::move(b)}); }
Term fmul(Term a, Term b) { return apply(Fn::Mul, {std::move(a), std::move(b)}); }
Term fdiv(Term a, Term b) { return apply(Fn::Div, {std::move(a), std::move(b)}); }

}  // namespace term

namespace {

std::string var_name(int64_t id) {
  static const char* names[] = {"i", "j", "k", "l", "m", "n", "p", "q"};
  if (id >= 0 && id < 8) return names[id];
  return "v" + std::to_string(id);
}

void print(std::ostringstream& os, const Term& t) {
  switch (t->kind) {
    case TermKind::Var: os << var_name(t->ival); return;
    case TermKind::Int: os << t->ival; return;
    case TermKind::SizeOf: os << t->size.str(); return;
    case TermKind::IAdd: case TermKind::ISub: case TermKind::IMul: case TermKind::IFloorDiv:
    case TermKind::IMod: {
      const char* op = t->kind == TermKind::IAdd   ? " + "
                       : t->kind == TermKind::ISub ? " - "
                       : t->kind == TermKind::IMul ? "*"
                       : t->kind == TermKind::IFloorDiv ? " floordiv "
                                                        : " mod ";
      os << "(";
      print(os, t->args[0]);
      os << op;
      print(os, t->args[1]);
      os << ")";
      return;
    }
    case TermKind::Cmp:
      print(os, t->args[0]);
      os << " " << cmp_name(t->cmp) << " ";
      print(os, t->args[1]);
      return;
    case TermKind::And: case TermKind::Or:
      os << "(";
      print(os, t->args[0]);
      os << (t->kind == TermKind::And ? " and " : " or ");
      print(os, t->args[1]);
      os << ")";
      return;
    case TermKind::Not: os << "not "; print(os, t->args[0]); return;
    case TermKind::Read: {
      os << static_cast<char>('a' + t->ival) << "[";
      for (size_t i = 0; i < t->args.size(); ++i) {
        if (i) os << ", ";
        print(os, t->args[i]);
      }
      os << "]";
      return;
    }
    case TermKind::Real: os << t->rval; return;
    case TermKind::Apply:
      if (fn_arity(t->fn) == 2 && t->fn != Fn::Pow && t->fn != Fn::Max && t->fn != Fn::Min) {
        os << "(";
        print(os, t->args[0]);
        os << " " << fn_name(t->fn) << " ";
        print(os, t->args[1]);
        os << ")";
      } else {
        os << fn_name(t->fn) << "(";
        for (size_t i = 0; i < t->args.size(); ++i) {
          if (i) os << ", ";
          print(os, t->args[i]);
        }
        os << ")";
      }
      return;
    case TermKind::Select:
      os << "select(";
      print(os, t->args[0]);
      os << ", ";
      print(os, t->args[1]);
      os << ", ";
      print(os, t->args[2]);
      os << ")";
      return;
    case TermKind::Round:
      os << "round_" << dtype_name(t->dtype) << (t->mode == RoundMode::Rz ? "_rz(" : t->mode == RoundMode::Rna ? "_rna(" : "(");
      print(os, t->args[0]);
      os << ")";
      return;
    case TermKind::BitLit: {
      std::ostringstream h;
      h << std::hex << t->ival;
      os << "0x" << h.str();
      return;
    }
    case TermKind::BitOp:
      if (t->bitfn == BitFn::Add || t->bitfn == BitFn::Sub) {
        os << "(";
        print(os, t->args[0]);
        os << " " << bitfn_name(t->bitfn) << " ";
        print(os, t->args[1]);
        os << ")";
      } else if (t->bitfn == BitFn::Resize) {
        os << "bits(" << int{t->width} << ", ";
        print(os, t->args[0]);
        os << ")";
      } else {
        os << bitfn_name(t->bitfn) << "(";
        print(os, t->args[0]);
        os << ", ";
        print(os, t->args[1]);
        os << ")";
      }
      return;
    case TermKind::ToReal: os << "real("; print(os, t->args[0]); os << ")"; return;
    case TermKind::Reduce:
      os << (t->reducer == Reducer::Sum ? "sum(" : "max(") << var_name(t->ival) << " < ";
      print(os, t->args[0]);
      os << ": ";
      print(os, t->args[1]);
      os << ")";
      return;
  }
}

}  // namespace

namespace {

Term substitute_in(const Term& t, const Substitution& s, std::vector<int>& bound) {
  switch (t->kind) {
    case TermKind::Var: {
      const int v = static_cast<int>(t->ival);
      auto it = s.vars.find(v);
      if (it == s.vars.end() || std::find(bound.begin(), bound.end(), v) != bound.end()) return t;
      return it->second;
    }
    case TermKind::Read:
      if (t->args.empty() && static_cast<size_t>(t->ival) < s.reads.size() && s.reads[static_cast<size_t>(t->ival)])
        return s.reads[static_cast<size_t>(t->ival)];
      break;
    default: break;
  }
  if (t->args.empty()) return t;
  std::vector<Term> args;
  args.reserve(t->args.size());
  bool changed = false;
  for (size_t i = 0; i < t->args.size(); ++i) {
    const bool binds = t->kind == TermKind::Reduce && i == 1;  // the body, where the variable is bound
    if (binds) bound.push_back(static_cast<int>(t->ival));
    args.push_back(substitute_in(t->args[i], s, bound));
    if (binds) bound.pop_back();
    changed = changed || args.back() != t->args[i];
  }
  if (!changed) return t;
  switch (t->kind) {
    case TermKind::IAdd: return term::add(args[0], args[1]);
    case TermKind::ISub: return term::sub(args[0], args[1]);
    case TermKind::IMul: return term::mul(args[0], args[1]);
    case TermKind::IFloorDiv: return term::floordiv(args[0], args[1]);
    case TermKind::IMod: return term::mod(args[0], args[1]);
    default: {
      auto n = std::make_shared<TermNode>(*t);
      n->args = std::move(args);
      return n;
    }
  }
}

}  // namespace

Term substitute(const Term& t, const Substitution& s) {
  if (s.vars.empty() && s.reads.empty()) return t;
  std::vector<int> bound;
  return substitute_in(t, s, bound);
}

Term substitute(const Term& t, int var, const Term& value) { return substitute(t, Substitution{{{var, value}}, {}}); }

std::string to_string(const Term& t) {
  std::ostringstream os;
  print(os, t);
  return os.str();
}

std::string to_string(const Definition& d) {
  std::string out = "out[";
  for (size_t i = 0; i < d.vars.size(); ++i) out += (i ? ", " : "") + var_name(d.vars[i]);
  return out + "] = " + to_string(d.body);
}

}  // namespace axon
