#include "translate.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "axon/core/error.h"
#include "term_ops.h"

namespace axon::sem {

using namespace smt;

namespace {

Expr cmp_expr(CmpOp op, const Expr& a, const Expr& b) {
  switch (op) {
    case CmpOp::Lt: return lt(a, b);
    case CmpOp::Le: return le(a, b);
    case CmpOp::Gt: return gt(a, b);
    case CmpOp::Ge: return ge(a, b);
    case CmpOp::Eq: return eq(a, b);
    case CmpOp::Ne: return ne(a, b);
  }
  return boolean(false);
}

Expr fn_app(const char* name, std::vector<Expr> args) { return app(name, std::move(args), smt::Sort::Real); }

bool is_real_lit(const Expr& e) { return e->kind == smt::Kind::RealLit; }

// Whether (a finite x) OP (+inf, or -inf) holds.
bool finite_vs_inf(CmpOp op, bool positive) {
  switch (op) {
    case CmpOp::Lt: case CmpOp::Le: return positive;
    case CmpOp::Gt: case CmpOp::Ge: return !positive;
    case CmpOp::Eq: return false;
    case CmpOp::Ne: return true;
  }
  return false;
}

constexpr const char* kNegInf = "lit_neg_inf";
constexpr const char* kPosInf = "lit_pos_inf";

// The literal infinities, finite literals and finite values (input reads, abstracted sums) of
// a query.
void infinity_terms(const Expr& e, std::set<std::string>& infs, std::map<std::string, Expr>& finite) {
  if (e->kind == smt::Kind::Const && (e->name == kNegInf || e->name == kPosInf)) infs.insert(e->name);
  if (e->kind == smt::Kind::RealLit || (e->kind == smt::Kind::App && e->name.rfind("sum", 0) == 0))
    finite.emplace(smt::to_string(e), e);
  for (const auto& a : e->args) infinity_terms(a, infs, finite);
}

}  // namespace

Expr size_const(const std::string& name) { return constant("s_" + name, smt::Sort::Int); }

Expr size_expr(const Size& s) {
  Expr acc;
  for (const auto& [mono, coef] : s.terms()) {
    Expr t = integer(coef);
    for (const auto& sym : mono) t = coef == 1 && t->kind == smt::Kind::IntLit && t->ival == 1
                                         ? size_const(sym)
                                         : mul(t, size_const(sym));
    acc = acc ? add(acc, t) : t;
  }
  return acc ? acc : integer(0);
}

Expr Translator::var(int id) { return constant("v" + std::to_string(id), smt::Sort::Int); }

Expr Translator::integer(const Term& t) {
  auto a = [&](size_t i) { return integer(t->args[i]); };
  switch (t->kind) {
    case TermKind::Var: {
      auto it = env_.find(static_cast<int>(t->ival));
      return it != env_.end() ? it->second : var(static_cast<int>(t->ival));
    }
    case TermKind::Int: return smt::integer(t->ival);
    case TermKind::SizeOf: return size_expr(t->size);
    case TermKind::IAdd: return add(a(0), a(1));
    case TermKind::ISub: return sub(a(0), a(1));
    case TermKind::IMul: return mul(a(0), a(1));
    case TermKind::IFloorDiv: return intdiv(a(0), a(1));
    case TermKind::IMod: return mod(a(0), a(1));
    case TermKind::Select: return ite(boolean(t->args[0]), a(1), a(2));
    default: throw InternalError("translate: not an int term: " + to_string(t));
  }
}

Expr Translator::boolean(const Term& t) {
  switch (t->kind) {
    case TermKind::Cmp:
      if (t->args[0]->sort == axon::Sort::Int)
        return cmp_expr(t->cmp, integer(t->args[0]), integer(t->args[1]));
      return cmp_expr(t->cmp, real(t->args[0]), real(t->args[1]));
    case TermKind::And: return land({boolean(t->args[0]), boolean(t->args[1])});
    case TermKind::Or: return lor({boolean(t->args[0]), boolean(t->args[1])});
    case TermKind::Not: return lnot(boolean(t->args[0]));
    default: throw InternalError("translate: not a bool term: " + to_string(t));
  }
}

Expr Translator::reduction(const Term& t) {
  int v = static_cast<int>(t->ival);
  if (!mentions(t->args[1], v)) {
    // Every extent is >= 1: a sum of a constant is extent * constant, a max is the constant.
    Expr body = real(t->args[1]);
    return t->reducer == Reducer::Sum ? mul(to_real(integer(t->args[0])), body) : body;
  }
  std::string key = alpha_key(t);
  auto it = reduce_names_.find(key);
  if (it == reduce_names_.end())
    it = reduce_names_.emplace(key, (t->reducer == Reducer::Sum ? "sum" : "max") +
                                        std::to_string(reduce_names_.size())).first;
  std::set<int> fv;
  free_vars(t, fv);
  std::vector<Expr> args;
  for (int x : fv) args.push_back(integer(term::var(x)));
  // The extent's sizes are global constants; free index variables are the arguments.
  Expr value = app(it->second, args, smt::Sort::Real);
  if (t->reducer == Reducer::Max && max_keys_.insert(smt::to_string(value)).second) {
    // A chain of directly nested maxima is one maximum over the product of their ranges, with
    // a witness per binder (a group of axes reduced at once at any rank is one such chain).
    MaxTerm m{value, {}, {}, {}, t->args[1], {}};
    m.vars.push_back(v);
    m.extents.push_back(t->args[0]);
    while (m.body->kind == TermKind::Reduce && m.body->reducer == Reducer::Max) {
      bool depends = false;
      for (int x : m.vars) depends = depends || mentions(m.body->args[0], x);
      if (depends) break;
      m.vars.push_back(static_cast<int>(m.body->ival));
      m.extents.push_back(m.body->args[0]);
      m.body = m.body->args[1];
    }
    for (size_t k = 0; k < m.vars.size(); ++k)
      m.witnesses.push_back(app("arg" + it->second + (k == 0 ? "" : "_" + std::to_string(k)), args, smt::Sort::Int));
    size_t k = 0;
    for (int x : fv) m.free.emplace_back(x, args[k++]);
    maxes_.push_back(std::move(m));
  }
  return value;
}

Expr Translator::real(const Term& t) {
  auto a = [&](size_t i) { return real(t->args[i]); };
  switch (t->kind) {
    case TermKind::Read: {
      std::vector<Expr> idx;
      for (const auto& x : t->args) idx.push_back(integer(x));
      Expr value = app("t" + std::to_string(t->ival), idx, smt::Sort::Real);
      std::string key = smt::to_string(value);
      if (!read_keys_.count(key)) {
        read_keys_[key] = reads_.size();
        reads_.push_back({static_cast<int>(t->ival), idx, value});
      }
      return value;
    }
    case TermKind::Real:
      if (std::isnan(t->rval)) return constant("lit_nan", smt::Sort::Real);
      // An infinity left by fold_infinities is taken only by order operations (max, min, select,
      // comparisons): an uninterpreted real below (above) every finite value of the query.
      if (std::isinf(t->rval)) return constant(t->rval > 0 ? kPosInf : kNegInf, smt::Sort::Real);
      return smt::real(t->rval);
    case TermKind::Apply:
      switch (t->fn) {
        case Fn::Neg: return neg(a(0));
        case Fn::Abs: return ite(ge(a(0), smt::real(0)), a(0), neg(a(0)));
        case Fn::Exp: return fn_app("exp", {a(0)});
        case Fn::Log: return fn_app("log", {a(0)});
        case Fn::Sqrt: return fn_app("sqrt", {a(0)});
        case Fn::Tanh: return fn_app("tanh", {a(0)});
        case Fn::Erf: return fn_app("erf", {a(0)});
        case Fn::Add: return add(a(0), a(1));
        case Fn::Sub: return sub(a(0), a(1));
        case Fn::Mul: return mul(a(0), a(1));
        case Fn::Div: {
          Expr d = a(1);
          if (is_real_lit(d) && d->num != "0") return smt::div(a(0), d);
          return mul(a(0), fn_app("recip", {d}));
        }
        case Fn::Pow: return fn_app("pow", {a(0), a(1)});
        case Fn::Max: {
          Expr x = a(0), y = a(1);
          return ite(ge(x, y), x, y);
        }
        case Fn::Min: {
          Expr x = a(0), y = a(1);
          return ite(le(x, y), x, y);
        }
      }
      break;
    case TermKind::Select: return ite(boolean(t->args[0]), a(1), a(2));
    case TermKind::Round: {
      Expr x = a(0);
      if (is_float(t->dtype)) return x;  // reals: float rounding is not modelled (checked numerically)
      if (t->dtype == DType::boolean) return ite(ne(x, smt::real(0)), smt::real(1), smt::real(0));
      Expr hi = smt::real(2147483647.0), lo = smt::real(-2147483648.0);
      Expr tr = ite(ge(x, smt::real(0)), to_real(to_int(x)), neg(to_real(to_int(neg(x)))));
      return ite(ge(x, hi), hi, ite(le(x, lo), lo, tr));
    }
    case TermKind::ToReal: return to_real(integer(t->args[0]));
    case TermKind::Reduce: return reduction(t);
    default: break;
  }
  throw InternalError("translate: not a real term: " + to_string(t));
}

namespace {

void collect_apps(const Expr& e, std::map<std::string, std::map<std::string, Expr>>& apps) {
  if (e->kind == smt::Kind::App) apps[e->name].emplace(smt::to_string(e), e);
  for (const auto& a : e->args) collect_apps(a, apps);
}

// Pairs of distinct applications of one function.
template <typename F>
void pairs(const std::map<std::string, Expr>& m, size_t cap, F&& f) {
  std::vector<Expr> v;
  for (const auto& [k, e] : m) v.push_back(e);
  if (v.size() > cap) v.resize(cap);
  for (size_t i = 0; i < v.size(); ++i)
    for (size_t j = i; j < v.size(); ++j) f(v[i], v[j]);
}

}  // namespace

// A maximum over a non-empty range is attained somewhere and bounds every element: for each
// abstracted max M = max_{k<E} f(k) the query gets a witness w with 0 <= w < E and f(w) = M,
// and f(w') <= M at the witnesses w' of every max (where w' is in range). Both are consequences
// of the definition, so adding them is sound.
namespace {

bool holds_max(const Term& t) {
  if (t->kind == TermKind::Reduce && t->reducer == Reducer::Max) return true;
  return std::any_of(t->args.begin(), t->args.end(), holds_max);
}

}  // namespace

std::multiset<std::string> Translator::free_values(const MaxTerm& m) {
  std::multiset<std::string> out;
  for (const auto& [x, e] : m.free) out.insert(smt::to_string(e));
  return out;
}

Expr Translator::max_body_at(const MaxTerm& m, const std::vector<Expr>& at) {
  const std::map<int, Expr> saved = env_;
  for (const auto& [x, e] : m.free) env_[x] = e;
  for (size_t k = 0; k < m.vars.size(); ++k) env_[m.vars[k]] = at[k];
  Expr body = real(m.body);
  env_ = saved;
  return body;
}

Expr Translator::in_range(const MaxTerm& m, const std::vector<Expr>& at) {
  std::vector<Expr> all;
  for (size_t k = 0; k < m.vars.size(); ++k) {
    all.push_back(ge(at[k], smt::integer(0)));
    all.push_back(lt(at[k], integer(m.extents[k])));
  }
  return land(all);
}

std::vector<Expr> Translator::max_lemmas() {
  std::vector<Expr> out;
  const size_t cap = 12;
  // Translating a body may name more maxima (a max in another's body, at that one's witness);
  // they get their lemmas in the next round, up to the cap.
  size_t done = 0;
  while (done < std::min(maxes_.size(), cap)) {
    const size_t n = std::min(maxes_.size(), cap);
    for (size_t i = done; i < n; ++i) {
      MaxTerm m = maxes_[i];  // a copy: translating bodies may add maxima
      out.push_back(in_range(m, m.witnesses));
      out.push_back(eq(max_body_at(m, m.witnesses), m.value));
    }
    // Each max is at least its body at every other max's witness in range (the pairs with a
    // new member, over as many binders). A body holding maxima names new ones at each witness,
    // so there only the pairs at the same point (the same free values) are taken.
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        if (i == j || (i < done && j < done)) continue;
        MaxTerm a = maxes_[i], b = maxes_[j];
        if (a.vars.size() != b.vars.size()) continue;
        if (holds_max(a.body) && free_values(a) != free_values(b)) continue;
        out.push_back(implies(in_range(a, b.witnesses), le(max_body_at(a, b.witnesses), a.value)));
      }
    }
    done = n;
  }
  return out;
}

std::vector<Expr> Translator::side_conditions(const std::vector<Expr>& given) {
  std::vector<Expr> out;
  std::vector<Expr> main = given;
  for (auto& lemma : max_lemmas()) {
    main.push_back(lemma);
    out.push_back(lemma);
  }
  std::set<std::string> syms;
  for (const axon::Node* in : p_.inputs)
    for (const auto& d : in->shape())
      for (const auto& s : d.symbols()) syms.insert(s);
  std::map<std::string, std::map<std::string, Expr>> apps;
  for (const auto& e : main) collect_apps(e, apps);
  for (const auto& e : p_.size_conds) collect_apps(e, apps);
  std::function<void(const Expr&)> sizes_in = [&](const Expr& e) {
    if (e->kind == smt::Kind::Const && e->name.rfind("s_", 0) == 0) syms.insert(e->name.substr(2));
    for (const auto& a : e->args) sizes_in(a);
  };
  for (const auto& e : main) sizes_in(e);
  for (const auto& e : p_.size_conds) sizes_in(e);
  for (const auto& s : syms) out.push_back(ge(size_const(s), smt::integer(1)));
  for (const auto& c : p_.size_conds) out.push_back(c);

  // Value preconditions and dtype domains at every read.
  for (const auto& r : reads_) {
    const axon::Node* in = p_.inputs[static_cast<size_t>(r.input)];
    for (const auto& vc : p_.value_conds) {
      if (vc.input != r.input) continue;
      // Inputs are finite: x < inf holds, x > inf does not (so `where x > inf` is vacuous).
      if (std::isinf(vc.value)) out.push_back(smt::boolean(finite_vs_inf(vc.op, vc.value > 0)));
      else out.push_back(cmp_expr(vc.op, r.value, smt::real(vc.value)));
    }
    if (in->dtype() == DType::boolean)
      out.push_back(lor({eq(r.value, smt::real(0)), eq(r.value, smt::real(1))}));
    if (in->dtype() == DType::i32) out.push_back(eq(r.value, to_real(to_int(r.value))));
  }

  // Literal infinities (docs/verification.md, "Infinities"): -inf below and +inf above every
  // finite value the query names (literals, input reads, sums).
  {
    std::set<std::string> infs;
    std::map<std::string, Expr> finite;
    for (const auto& e : main) infinity_terms(e, infs, finite);
    if (!infs.empty()) {
      for (const auto& r : reads_) finite.emplace(smt::to_string(r.value), r.value);
      Expr lo = constant(kNegInf, smt::Sort::Real), hi = constant(kPosInf, smt::Sort::Real);
      out.push_back(lt(lo, hi));
      for (const auto& [k, v] : finite) {
        out.push_back(lt(lo, v));
        out.push_back(lt(v, hi));
      }
    }
  }
  // pow(a, b) = exp(b * log(a)) for a > 0 (before the exp and log axioms, which then cover
  // the terms it introduces): ex2(y) = pow(2, y) meets exp.
  {
    std::vector<Expr> defs;
    for (const auto& [k, e] : apps["pow"]) {
      const Expr& a = e->args[0];
      defs.push_back(implies(gt(a, smt::real(0)), eq(e, fn_app("exp", {mul(e->args[1], fn_app("log", {a}))}))));
    }
    for (const auto& d : defs) {
      collect_apps(d, apps);
      out.push_back(d);
    }
  }
  // tanh(a) = (exp(2a) - 1) / (exp(2a) + 1), as tanh(a) * (exp(2a) + 1) = exp(2a) - 1 (before the
  // exp axioms, which then cover exp(2a)): identities between tanh and sigmoid (defined through
  // exp) follow.
  {
    std::vector<Expr> defs;
    for (const auto& [k, e] : apps["tanh"]) {
      Expr e2 = fn_app("exp", {mul(smt::real(2), e->args[0])});
      defs.push_back(eq(mul(e, add(e2, smt::real(1))), sub(e2, smt::real(1))));
    }
    for (const auto& d : defs) {
      collect_apps(d, apps);
      out.push_back(d);
    }
  }
  const size_t cap = 24;
  auto& exps = apps["exp"];
  // exp(log a), which the log axioms below equate with a when a > 0, among the exp terms (while
  // the pairs stay under the cap), so that exp(-log a) exp(log a) = 1 is an instance:
  // sigmoid(x) = exp(-softplus(-x)).
  if (!exps.empty() && exps.size() + apps["log"].size() <= cap)
    for (const auto& [k, e] : apps["log"]) collect_apps(fn_app("exp", {e}), apps);
  if (!exps.empty()) {
    Expr e0 = fn_app("exp", {smt::real(0)});
    out.push_back(eq(e0, smt::real(1)));
    for (const auto& [k, e] : exps) out.push_back(gt(e, smt::real(0)));
    pairs(exps, cap, [&](const Expr& x, const Expr& y) {
      const Expr& a = x->args[0];
      const Expr& b = y->args[0];
      out.push_back(eq(mul(x, y), fn_app("exp", {add(a, b)})));
      if (x != y) {
        out.push_back(implies(lt(a, b), lt(x, y)));
        out.push_back(implies(lt(b, a), lt(y, x)));
        out.push_back(implies(eq(x, y), eq(a, b)));
      }
    });
    for (const auto& [k, e] : exps) out.push_back(eq(fn_app("log", {e}), e->args[0]));
  }
  for (const auto& [k, e] : apps["log"]) {
    const Expr& a = e->args[0];
    // The sign of log: positive above 1, negative between 0 and 1 (so log 2 != 0).
    out.push_back(implies(gt(a, smt::real(1)), gt(e, smt::real(0))));
    out.push_back(implies(land({gt(a, smt::real(0)), lt(a, smt::real(1))}), lt(e, smt::real(0))));
    out.push_back(implies(gt(a, smt::real(0)), eq(fn_app("exp", {e}), a)));
    out.push_back(implies(gt(a, smt::real(0)), eq(fn_app("log", {fn_app("recip", {a})}), neg(e))));
  }
  pairs(apps["log"], cap, [&](const Expr& x, const Expr& y) {
    const Expr& a = x->args[0];
    const Expr& b = y->args[0];
    out.push_back(implies(land({gt(a, smt::real(0)), gt(b, smt::real(0))}),
                          eq(fn_app("log", {mul(a, b)}), add(x, y))));
  });
  for (const auto& [k, e] : apps["sqrt"]) {
    const Expr& a = e->args[0];
    out.push_back(implies(ge(a, smt::real(0)), land({ge(e, smt::real(0)), eq(mul(e, e), a)})));
  }
  for (const char* odd : {"tanh", "erf"}) {
    auto& m = apps[odd];
    for (const auto& [k, e] : m) {
      out.push_back(land({lt(smt::real(-1), e), lt(e, smt::real(1))}));
      out.push_back(implies(eq(e->args[0], smt::real(0)), eq(e, smt::real(0))));
    }
    pairs(m, cap, [&](const Expr& x, const Expr& y) {
      if (x == y) return;
      const Expr& a = x->args[0];
      const Expr& b = y->args[0];
      out.push_back(implies(eq(add(a, b), smt::real(0)), eq(add(x, y), smt::real(0))));
      out.push_back(implies(lt(a, b), lt(x, y)));
      out.push_back(implies(lt(b, a), lt(y, x)));
    });
  }
  for (const auto& [k, e] : apps["recip"]) {
    const Expr& a = e->args[0];
    out.push_back(implies(ne(a, smt::real(0)), eq(mul(a, e), smt::real(1))));
  }
  for (const auto& [k, e] : apps["pow"]) {
    const Expr& a = e->args[0];
    const Expr& b = e->args[1];
    for (int n : {0, 1, 2, 3}) {
      Expr p = smt::real(1);
      for (int i = 0; i < n; ++i) p = i == 0 ? a : mul(p, a);
      out.push_back(implies(eq(b, smt::real(n)), eq(e, p)));
    }
  }
  return out;
}

}  // namespace axon::sem
