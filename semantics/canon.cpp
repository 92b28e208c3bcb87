#include "canon.h"

#include "axon/core/error.h"
#include "term_ops.h"

namespace axon::sem {

namespace {

bool is_sum(const Term& t) { return t->kind == TermKind::Reduce && t->reducer == Reducer::Sum; }
bool is_fn(const Term& t, Fn f) { return t->kind == TermKind::Apply && t->fn == f; }

Term make_reduce(Reducer r, int var, const Term& extent, const Term& body) {
  return term::reduce(r, var, extent, body);
}

// The sum S(f) with body f, re-bound to variable `var`.
Term body_as(const Term& sum, int var) {
  return substitute(sum->args[1], static_cast<int>(sum->ival), term::var(var));
}

// Additive chain a + b - c ... as signed terms.
void additive(const Term& t, bool negative, std::vector<std::pair<bool, Term>>& out) {
  if (is_fn(t, Fn::Add)) {
    additive(t->args[0], negative, out);
    additive(t->args[1], negative, out);
  } else if (is_fn(t, Fn::Sub)) {
    additive(t->args[0], negative, out);
    additive(t->args[1], !negative, out);
  } else if (is_fn(t, Fn::Neg)) {
    additive(t->args[0], !negative, out);
  } else {
    out.emplace_back(negative, t);
  }
}

Term rebuild_sum(const std::vector<std::pair<bool, Term>>& parts) {
  Term acc;
  for (const auto& [neg, t] : parts) {
    if (!acc) acc = neg ? term::neg(t) : t;
    else acc = neg ? term::fsub(acc, t) : term::fadd(acc, t);
  }
  return acc;
}

// Merges the sums of an additive chain that share an extent.
Term merge_sums(const Term& t) {
  std::vector<std::pair<bool, Term>> parts;
  additive(t, false, parts);
  if (parts.size() < 2) return t;
  std::vector<std::pair<bool, Term>> out;
  bool merged = false;
  for (const auto& [neg, p] : parts) {
    bool done = false;
    if (is_sum(p)) {
      for (auto& [oneg, o] : out) {
        if (!is_sum(o) || alpha_key(o->args[0]) != alpha_key(p->args[0])) continue;
        int v = static_cast<int>(o->ival);
        Term ob = oneg ? term::neg(o->args[1]) : o->args[1];
        Term pb = body_as(p, v);
        o = make_reduce(Reducer::Sum, v, o->args[0], neg ? term::fsub(ob, pb) : term::fadd(ob, pb));
        oneg = false;
        done = merged = true;
        break;
      }
    }
    if (!done) out.emplace_back(neg, p);
  }
  return merged ? rebuild_sum(out) : t;
}

// Int-valued size term as a Size, when it is one.
std::optional<Size> as_size(const Term& t) {
  if (t->kind == TermKind::Int) return Size(t->ival);
  if (t->kind == TermKind::SizeOf) return t->size;
  return std::nullopt;
}

// 0 < c < e evidently: c and e - c are sizes with no negative coefficient and nonzero.
bool evidently_inside(const Size& c, const Size& e) {
  auto positive = [](const Size& s) {
    if (s.terms().empty()) return false;
    for (const auto& [m, k] : s.terms())
      if (k < 0) return false;
    return true;
  };
  return positive(c) && positive(e - c);
}

// Finds a select in `t` on `var < c` with c independent of var.
Term find_split(const Term& t, int var) {
  if (t->kind == TermKind::Select) {
    const Term& c = t->args[0];
    if (c->kind == TermKind::Cmp && c->cmp == CmpOp::Lt && c->args[0]->kind == TermKind::Var &&
        c->args[0]->ival == var && !mentions(c->args[1], var) && as_size(c->args[1]))
      return c;
  }
  if (t->kind == TermKind::Reduce && t->ival == var) return nullptr;
  for (const auto& a : t->args)
    if (Term s = find_split(a, var)) return s;
  return nullptr;
}

// Replaces selects on `cond` by their then- or else-branch.
Term resolve(const Term& t, const std::string& cond_key, bool value) {
  if (t->kind == TermKind::Select && alpha_key(t->args[0]) == cond_key)
    return resolve(t->args[value ? 1 : 2], cond_key, value);
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(resolve(a, cond_key, value));
  return with_args(t, std::move(args));
}

Term split_reduce(const Term& r) {
  int v = static_cast<int>(r->ival);
  Term cond = find_split(r->args[1], v);
  if (!cond) return r;
  auto e = as_size(r->args[0]);
  auto c = as_size(cond->args[1]);
  if (!e || !evidently_inside(*c, *e)) return r;
  std::string key = alpha_key(cond);
  Term first = resolve(r->args[1], key, true);
  Term second = substitute(resolve(r->args[1], key, false), v, term::add(term::var(v), term::size(*c)));
  Term a = canon(make_reduce(r->reducer, v, term::size(*c), first));
  Term b = canon(make_reduce(r->reducer, v, term::size(*e - *c), second));
  return r->reducer == Reducer::Sum ? term::fadd(a, b) : term::apply(Fn::Max, {a, b});
}

// M(f + c) = M(f) + c for addends c that do not mention the variable.
Term shed_max_constants(const Term& r) {
  int v = static_cast<int>(r->ival);
  std::vector<std::pair<bool, Term>> parts, inner, outer;
  additive(r->args[1], false, parts);
  for (const auto& p : parts) (mentions(p.second, v) ? inner : outer).push_back(p);
  if (inner.empty()) return r->args[1];  // constant body: the max of one value
  if (outer.empty()) return r;
  // The inner part must keep a positive sign for M(-f) is not -M(f).
  Term m = make_reduce(Reducer::Max, v, r->args[0], rebuild_sum(inner));
  outer.insert(outer.begin(), {false, m});
  return rebuild_sum(outer);
}

}  // namespace

Term canon(const Term& t) {
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(canon(a));
  Term r = with_args(t, std::move(args));
  if (r->kind == TermKind::Reduce) {
    Term s = split_reduce(r);
    if (s != r) return canon(s);
    if (r->reducer == Reducer::Max) return shed_max_constants(r);
    return r;
  }
  if (r->kind != TermKind::Apply) return r;
  switch (r->fn) {
    case Fn::Add: case Fn::Sub:
      return merge_sums(r);
    case Fn::Neg:
      if (is_sum(r->args[0]))
        return make_reduce(Reducer::Sum, static_cast<int>(r->args[0]->ival), r->args[0]->args[0],
                           term::neg(r->args[0]->args[1]));
      return r;
    case Fn::Mul: {
      // x * S(f) = S(x * f); for a product of two sums the second moves into the first.
      const Term& a = r->args[0];
      const Term& b = r->args[1];
      if (is_sum(a))
        return canon(make_reduce(Reducer::Sum, static_cast<int>(a->ival), a->args[0],
                                 term::fmul(a->args[1], b)));
      if (is_sum(b))
        return canon(make_reduce(Reducer::Sum, static_cast<int>(b->ival), b->args[0],
                                 term::fmul(a, b->args[1])));
      return r;
    }
    case Fn::Div:
      // S(f) / x = S(f / x), whatever x is (x / S(f) stays: 1/S is not a sum).
      if (is_sum(r->args[0]))
        return canon(make_reduce(Reducer::Sum, static_cast<int>(r->args[0]->ival),
                                 r->args[0]->args[0], term::fdiv(r->args[0]->args[1], r->args[1])));
      return r;
    default:
      return r;
  }
}

}  // namespace axon::sem
