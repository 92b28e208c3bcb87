#include "infinity.h"

#include <cmath>
#include <optional>

#include "term_ops.h"

namespace axon::sem {

namespace {

bool is_inf(const Term& t) { return t->kind == TermKind::Real && std::isinf(t->rval); }
int sign_of(const Term& t) { return t->rval > 0 ? 1 : -1; }
Term inf(int sign) { return term::real(sign > 0 ? INFINITY : -INFINITY); }
bool finite_valued(const Term& t);
bool finite(const Term& t) { return finite_valued(t); }
Term fold(const Term& t);

// Boolean constants, written as comparisons of two integers.
Term truth(bool b) { return term::cmp(b ? CmpOp::Eq : CmpOp::Ne, term::integer(0), term::integer(0)); }

bool holds(CmpOp op, double a, double b) { return cmp_holds(op, a, b); }

std::optional<bool> constant_bool(const Term& t) {
  if (t->kind == TermKind::Cmp && t->args[0]->kind == TermKind::Int && t->args[1]->kind == TermKind::Int)
    return holds(t->cmp, static_cast<double>(t->args[0]->ival), static_cast<double>(t->args[1]->ival));
  return std::nullopt;
}

// A select of reals one of whose branches may be infinite: lifted out of the operation taking
// it, op(select(c, a, b)) = select(c, op(a), op(b)), so the operation meets each branch alone.
bool liftable(const Term& t) {
  return t->kind == TermKind::Select && t->sort == axon::Sort::Real &&
         (has_infinity(t->args[1]) || has_infinity(t->args[2]));
}

Term with_arg(const Term& t, size_t i, const Term& a) {
  std::vector<Term> args = t->args;
  args[i] = a;
  return with_args(t, std::move(args));
}

// The op names of graph.json for the scalar functions (fn_name prints + - * / for arithmetic).
std::string op_name(Fn f) {
  switch (f) {
    case Fn::Add: return "add";
    case Fn::Sub: return "sub";
    case Fn::Mul: return "mul";
    case Fn::Div: return "div";
    default: return fn_name(f);
  }
}

[[noreturn]] void undefined(const std::string& what) { throw InfinityError(what); }

bool has_signed_inf(const Term& t, int sign) {
  if (t->kind == TermKind::Real) return std::isinf(t->rval) && sign_of(t) == sign;
  for (const auto& a : t->args)
    if (has_signed_inf(a, sign)) return true;
  return false;
}

std::optional<double> number(const Term& t) {
  if (t->kind == TermKind::Int) return static_cast<double>(t->ival);
  if (t->kind == TermKind::Real && std::isfinite(t->rval)) return t->rval;
  return std::nullopt;
}

// Simplifies with what holds for every index variable, v >= 0 (each ranges over [0, E)): the
// conditions of a reduction's body at one index (its first, 0) become decided.
Term at_index(const Term& t) {
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(at_index(a));
  if (t->kind == TermKind::ToReal && args[0]->kind == TermKind::Int) return term::real(static_cast<double>(args[0]->ival));
  if (t->kind == TermKind::Select)
    if (auto v = constant_bool(args[0])) return args[*v ? 1 : 2];
  if (t->kind == TermKind::Not)
    if (auto v = constant_bool(args[0])) return truth(!*v);
  if (t->kind == TermKind::And || t->kind == TermKind::Or) {
    bool is_and = t->kind == TermKind::And;
    for (const auto& [x, y] : {std::pair{args[0], args[1]}, std::pair{args[1], args[0]}})
      if (auto v = constant_bool(x)) return *v == is_and ? y : truth(*v);
  }
  if (t->kind == TermKind::Cmp) {
    auto na = number(args[0]), nb = number(args[1]);
    if (na && nb) return truth(holds(t->cmp, *na, *nb));
    auto index = [](const Term& x) {
      return x->kind == TermKind::Var || (x->kind == TermKind::ToReal && x->args[0]->kind == TermKind::Var);
    };
    // v OP c with v >= 0: v >= c and v > c hold for c < 0 (>= also for c = 0); v < c and
    // v <= c fail alike.
    if (index(args[0]) && nb) {
      if ((t->cmp == CmpOp::Ge && *nb <= 0) || (t->cmp == CmpOp::Gt && *nb < 0)) return truth(true);
      if ((t->cmp == CmpOp::Lt && *nb <= 0) || (t->cmp == CmpOp::Le && *nb < 0)) return truth(false);
    }
    if (index(args[1]) && na) {
      if ((t->cmp == CmpOp::Le && *na <= 0) || (t->cmp == CmpOp::Lt && *na < 0)) return truth(true);
      if ((t->cmp == CmpOp::Gt && *na <= 0) || (t->cmp == CmpOp::Ge && *na < 0)) return truth(false);
    }
  }
  return with_args(t, std::move(args));
}

// Whether t's value is finite wherever it is defined: no infinity in it, or an order operation
// whose infinities cannot win. A maximum over a body with no +inf whose element at index 0 (in
// range: extents are >= 1) is finite is finite: it is at least that element (a causal mask's row
// maximum, whose first column is never masked). max(a, b) is finite when both are, or one is and
// neither holds +inf (min alike with -inf).
bool finite_valued(const Term& t) {
  if (!has_infinity(t)) return true;
  switch (t->kind) {
    case TermKind::Select: return finite_valued(t->args[1]) && finite_valued(t->args[2]);
    case TermKind::Round: return finite_valued(t->args[0]);
    case TermKind::Apply: {
      if (t->fn == Fn::Max || t->fn == Fn::Min) {
        const Term& a = t->args[0];
        const Term& b = t->args[1];
        bool fa = finite_valued(a), fb = finite_valued(b);
        if (fa && fb) return true;
        int wins = t->fn == Fn::Max ? 1 : -1;
        return (fa || fb) && !has_signed_inf(a, wins) && !has_signed_inf(b, wins);
      }
      for (const auto& a : t->args)
        if (!finite_valued(a)) return false;
      return true;
    }
    case TermKind::Reduce: {
      if (t->reducer == Reducer::Sum) return finite_valued(t->args[1]);
      if (has_signed_inf(t->args[1], 1)) return false;
      try {
        return finite_valued(fold(at_index(substitute(t->args[1], static_cast<int>(t->ival), term::integer(0)))));
      } catch (const InfinityError&) {
        return false;
      }
    }
    default: return false;
  }
}

// An operation (Apply) on operands at least one of which is a literal infinity and every other
// finite or a literal infinity (or, for max and min, anything).
Term apply_inf(Fn fn, const Term& t, const Term& a, const Term& b) {
  auto num = [](const Term& x) { return x->kind == TermKind::Real && !std::isinf(x->rval) && !std::isnan(x->rval); };
  switch (fn) {
    case Fn::Neg: return inf(-sign_of(a));
    case Fn::Abs: return inf(1);
    case Fn::Add: case Fn::Sub: {
      int sb = is_inf(b) ? (fn == Fn::Sub ? -sign_of(b) : sign_of(b)) : 0;
      if (is_inf(a) && is_inf(b)) {
        if (sign_of(a) != sb) undefined(op_name(fn) + " of two infinities: inf - inf is undefined");
        return a;
      }
      if (is_inf(a) && finite(b)) return a;
      if (is_inf(b) && finite(a)) return inf(sb);
      return t;
    }
    case Fn::Mul: {
      if (is_inf(a) && is_inf(b)) return inf(sign_of(a) * sign_of(b));
      const Term& i = is_inf(a) ? a : b;
      const Term& x = is_inf(a) ? b : a;
      if (!finite(x)) return t;
      if (num(x) && x->rval != 0) return inf(x->rval > 0 ? sign_of(i) : -sign_of(i));
      if (num(x)) undefined("mul of 0 and inf (0 * inf) is undefined");
      undefined("mul of inf by a value that is not a nonzero number (inf * 0 is undefined; the sign is not known)");
    }
    case Fn::Div: {
      if (is_inf(a) && is_inf(b)) undefined("div of inf by inf (inf / inf) is undefined");
      if (is_inf(b)) return finite(a) ? term::real(0) : t;
      if (!finite(b)) return t;
      if (num(b) && b->rval != 0) return inf(b->rval > 0 ? sign_of(a) : -sign_of(a));
      undefined("div of inf by a value that is not a nonzero number (its sign is not known, or it is 0)");
    }
    case Fn::Max: case Fn::Min: {
      // max(x, -inf) = x, max(x, +inf) = +inf; min(x, +inf) = x, min(x, -inf) = -inf.
      int identity = fn == Fn::Max ? -1 : 1;
      if (is_inf(b)) return sign_of(b) == identity ? a : b;
      return sign_of(a) == identity ? b : a;
    }
    case Fn::Exp: return sign_of(a) > 0 ? a : term::real(0);
    case Fn::Tanh: case Fn::Erf: return term::real(sign_of(a));
    case Fn::Log: case Fn::Sqrt:
      if (sign_of(a) > 0) return a;
      undefined(op_name(fn) + "(-inf) is undefined");
    case Fn::Pow: undefined("pow with an infinite operand is not modelled");
  }
  return t;
}

// `k >= 0` for the binder k of a reduction is true (0 <= k < E): dropped from the conditions of
// a reduction's body, so that a pad's `0 <= k && k < N` is the `k < N` at which the
// normalization splits the reduction (and the padding's infinity then folds); a conjunction
// and `k >= c` become selects on `k < c` (below).
Term drop_nonnegative(const Term& t, int var) {
  if (t->kind == TermKind::Cmp && t->cmp == CmpOp::Ge && t->args[0]->kind == TermKind::Var &&
      t->args[0]->ival == var && t->args[1]->kind == TermKind::Int && t->args[1]->ival <= 0)
    return truth(true);
  if (t->args.empty() || (t->kind == TermKind::Reduce && t->ival == var)) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(drop_nonnegative(a, var));
  if (t->kind == TermKind::And) {
    if (auto v = constant_bool(args[0]); v && *v) return args[1];
    if (auto v = constant_bool(args[1]); v && *v) return args[0];
  }
  if (t->kind == TermKind::Select) {
    const Term& c = args[0];
    if (auto v = constant_bool(c)) return args[*v ? 1 : 2];
    // select(a && b, x, y) = select(a, select(b, x, y), y), and select(k >= c, x, y) =
    // select(k < c, y, x): a pad's `P <= k && k < P + N` becomes two selects on `k < c`.
    if (c->kind == TermKind::And)
      return drop_nonnegative(term::select(c->args[0], term::select(c->args[1], args[1], args[2]), args[2]), var);
    if (c->kind == TermKind::Cmp && c->cmp == CmpOp::Ge && c->args[0]->kind == TermKind::Var &&
        c->args[0]->ival == var && !mentions(c->args[1], var))
      return term::select(term::cmp(CmpOp::Lt, c->args[0], c->args[1]), args[2], args[1]);
  }
  return with_args(t, std::move(args));
}

Term fold(const Term& t) {
  if (!has_infinity(t)) return t;
  switch (t->kind) {
    case TermKind::Select: {
      Term c = fold(t->args[0]);
      if (auto b = constant_bool(c)) return fold(t->args[*b ? 1 : 2]);
      return term::select(c, fold(t->args[1]), fold(t->args[2]));
    }
    case TermKind::And: case TermKind::Or: {
      Term a = fold(t->args[0]), b = fold(t->args[1]);
      bool is_and = t->kind == TermKind::And;
      for (const auto& [x, y] : {std::pair{a, b}, std::pair{b, a}})
        if (auto v = constant_bool(x)) return *v == is_and ? y : truth(*v);
      return is_and ? term::land(a, b) : term::lor(a, b);
    }
    case TermKind::Not: {
      Term a = fold(t->args[0]);
      if (auto v = constant_bool(a)) return truth(!*v);
      return term::lnot(a);
    }
    case TermKind::Cmp: {
      Term a = fold(t->args[0]), b = fold(t->args[1]);
      for (size_t i = 0; i < 2; ++i) {
        const Term& s = i == 0 ? a : b;
        if (!liftable(s)) continue;
        Term x = term::cmp(t->cmp, i == 0 ? s->args[1] : a, i == 0 ? b : s->args[1]);
        Term y = term::cmp(t->cmp, i == 0 ? s->args[2] : a, i == 0 ? b : s->args[2]);
        return fold(term::lor(term::land(s->args[0], x), term::land(term::lnot(s->args[0]), y)));
      }
      // An infinity against a finite value or another infinity: ordered by -inf < x < +inf.
      bool ka = is_inf(a) || finite(a), kb = is_inf(b) || finite(b);
      if (ka && kb && (is_inf(a) || is_inf(b)))
        return truth(holds(t->cmp, is_inf(a) ? sign_of(a) : 0, is_inf(b) ? sign_of(b) : 0));
      return term::cmp(t->cmp, a, b);
    }
    case TermKind::Apply: {
      std::vector<Term> args;
      for (const auto& x : t->args) args.push_back(fold(x));
      for (size_t i = 0; i < args.size(); ++i) {
        if (!liftable(args[i])) continue;
        const Term& s = args[i];
        Term r = with_args(t, args);
        return fold(term::select(s->args[0], with_arg(r, i, s->args[1]), with_arg(r, i, s->args[2])));
      }
      Term r = with_args(t, args);
      bool any = false;
      for (const auto& x : args) any = any || is_inf(x);
      if (!any) return r;
      return apply_inf(t->fn, r, args[0], args.size() > 1 ? args[1] : args[0]);
    }
    case TermKind::Round: {
      Term x = fold(t->args[0]);
      if (liftable(x))
        return fold(term::select(x->args[0], with_arg(t, 0, x->args[1]), with_arg(t, 0, x->args[2])));
      if (!is_inf(x)) return with_arg(t, 0, x);
      if (is_float(t->dtype)) return x;
      if (t->dtype == DType::boolean) return term::real(1);
      return term::real(sign_of(x) > 0 ? 2147483647.0 : -2147483648.0);  // i32 saturates
    }
    case TermKind::Reduce: {
      Term body = fold(drop_nonnegative(t->args[1], static_cast<int>(t->ival)));
      // Every extent is >= 1: a sum or maximum of copies of an infinity is that infinity.
      if (is_inf(body)) return body;
      return with_arg(t, 1, body);
    }
    default: return t;
  }
}

// Whether t's value may be infinite; throws where such a value reaches an operation other than
// max, min, select, reduce_max, a comparison or a rounding.
bool places(const Term& t) {
  switch (t->kind) {
    case TermKind::Real: return std::isinf(t->rval);
    case TermKind::Select: {
      places(t->args[0]);
      bool a = places(t->args[1]);
      bool b = places(t->args[2]);
      return a || b;
    }
    case TermKind::Round: return places(t->args[0]);
    case TermKind::Reduce: {
      bool b = places(t->args[1]);
      if (b && t->reducer == Reducer::Max) return !finite_valued(t);
      if (b && t->reducer == Reducer::Sum)
        undefined("a sum over values that may be infinite is not modelled (an infinity reaches reduce_sum, mean or matmul)");
      return b;
    }
    case TermKind::Apply: {
      bool any = false;
      for (const auto& a : t->args) any = places(a) || any;
      if (t->fn == Fn::Max || t->fn == Fn::Min) return any && !finite_valued(t);
      if (any)
        undefined("a value that may be infinite reaches " + op_name(t->fn) +
                  ", which the prover does not model for infinities (only max, min, select, reduce_max, "
                  "comparisons and casts take one; an infinity meeting a finite number is folded)");
      return false;
    }
    default:
      for (const auto& a : t->args) places(a);
      return false;
  }
}

}  // namespace

bool has_infinity(const Term& t) {
  if (t->kind == TermKind::Real) return std::isinf(t->rval);
  for (const auto& a : t->args)
    if (has_infinity(a)) return true;
  return false;
}

Term fold_infinities(const Term& t) { return fold(t); }

void check_infinity_places(const Term& t) { places(t); }

}  // namespace axon::sem
