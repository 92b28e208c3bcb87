#include "canon.h"

#include <algorithm>

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

// Int-valued size term as a Size, when it is one.
std::optional<Size> as_size(const Term& t) {
  if (t->kind == TermKind::Int) return Size(t->ival);
  if (t->kind == TermKind::SizeOf) return t->size;
  return std::nullopt;
}

// Index arithmetic simplified everywhere in t (after a substitution).
Term simplify_ints(const Term& t) {
  if (t->sort == axon::Sort::Int) return simplify_index(t);
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(simplify_ints(a));
  return with_args(t, std::move(args));
}

// S_{k<A} f(k) + S_{k<B} f(k + A) = S_{k<A+B} f(k), and max(M_{k<A} f(k), M_{k<B} f(k + A)) =
// M_{k<A+B} f(k): adjacent ranges of one body (a reduction split at a bound), or nullptr.
Term find_split(const Term& t, int var);

Term merge_adjacent(const Term& first, const Term& second) {
  if (first->kind != TermKind::Reduce || second->kind != TermKind::Reduce || first->reducer != second->reducer) return nullptr;
  // A body that a split would cut again is left alone (no split-merge cycle).
  if (find_split(first->args[1], static_cast<int>(first->ival))) return nullptr;
  auto a = as_size(first->args[0]);
  auto b = as_size(second->args[0]);
  if (!a || !b) return nullptr;
  const int v = static_cast<int>(first->ival);
  const Term shifted = simplify_ints(substitute(first->args[1], v, term::add(term::var(v), term::size(*a))));
  if (alpha_key(shifted) != alpha_key(simplify_ints(body_as(second, v)))) return nullptr;
  return make_reduce(first->reducer, v, term::size(*a + *b), first->args[1]);
}

// Merges the sums of an additive chain that share an extent, or whose ranges are adjacent.
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
        if (is_sum(o) && !neg && !oneg) {
          Term m = merge_adjacent(o, p);
          if (!m) m = merge_adjacent(p, o);
          if (m) {
            o = m;
            done = merged = true;
            break;
          }
        }
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

Term canon_with(const Term& t, const InsideCheck& inside);

Term split_reduce(const Term& r, const InsideCheck& inside) {
  int v = static_cast<int>(r->ival);
  Term cond = find_split(r->args[1], v);
  if (!cond) return r;
  auto e = as_size(r->args[0]);
  auto c = as_size(cond->args[1]);
  if (!e || !(evidently_inside(*c, *e) || (inside && inside(*c, *e)))) return r;
  std::string key = alpha_key(cond);
  Term first = resolve(r->args[1], key, true);
  Term second = substitute(resolve(r->args[1], key, false), v, term::add(term::var(v), term::size(*c)));
  Term a = canon_with(make_reduce(r->reducer, v, term::size(*c), first), inside);
  Term b = canon_with(make_reduce(r->reducer, v, term::size(*e - *c), second), inside);
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

// E / B as a size, when B divides E exactly (B a constant or a single monomial).
std::optional<Size> divide(const Size& e, const Size& b) {
  if (b.terms().size() != 1) return std::nullopt;
  const auto& [bm, bc] = *b.terms().begin();
  if (bc <= 0) return std::nullopt;
  Size q;
  for (const auto& [m, c] : e.terms()) {
    if (c % bc != 0) return std::nullopt;
    std::vector<std::string> rest = m;
    for (const auto& s : bm) {
      auto it = std::find(rest.begin(), rest.end(), s);
      if (it == rest.end()) return std::nullopt;
      rest.erase(it);
    }
    Size t(c / bc);
    for (const auto& s : rest) t = t * Size::symbol(s);
    q = q + t;
  }
  return q;
}

// A divisor B of `k floordiv B` or `k mod B` in t, with B a size term.
std::optional<Size> find_divisor(const Term& t, int k) {
  if ((t->kind == TermKind::IMod || t->kind == TermKind::IFloorDiv) &&
      t->args[0]->kind == TermKind::Var && t->args[0]->ival == k)
    if (auto b = as_size(t->args[1]); b && *b != Size(1)) return b;
  for (const auto& a : t->args)
    if (auto b = find_divisor(a, k)) return b;
  return std::nullopt;
}

// k = a*B + b with 0 <= b < B: k mod B -> b, k floordiv B -> a, k floordiv (B*C) -> a floordiv C.
Term unravel(const Term& t, int k, const Size& b_size, int a, int b) {
  if ((t->kind == TermKind::IMod || t->kind == TermKind::IFloorDiv) &&
      t->args[0]->kind == TermKind::Var && t->args[0]->ival == k) {
    auto d = as_size(t->args[1]);
    if (d && *d == b_size) return term::var(t->kind == TermKind::IMod ? b : a);
    if (d && t->kind == TermKind::IFloorDiv)
      if (auto q = divide(*d, b_size)) return term::floordiv(term::var(a), term::size(*q));
  }
  if (t->kind == TermKind::Var && t->ival == k)
    return term::add(term::mul(term::var(a), term::size(b_size)), term::var(b));
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& x : t->args) args.push_back(unravel(x, k, b_size, a, b));
  return with_args(t, std::move(args));
}

// R_{k<A*B} f(k floordiv B, k mod B) = R_{a<A} R_{b<B} f(a, b): a flattened (reshaped) axis
// becomes the two axes it came from. The new inner variable's id is k's id + 2^20, kept
// distinct from every inlined variable.
Term split_flattened(const Term& r) {
  int k = static_cast<int>(r->ival);
  auto e = as_size(r->args[0]);
  if (!e) return r;
  auto b_size = find_divisor(r->args[1], k);
  if (!b_size) return r;
  auto a_size = divide(*e, *b_size);
  if (!a_size || *a_size == Size(0)) return r;
  int a = k, b = k + (1 << 20);
  Term body = simplify_index(unravel(r->args[1], k, *b_size, a, b));
  if (mentions(body, k) && a != k) return r;
  return make_reduce(r->reducer, a, term::size(*a_size),
                     make_reduce(r->reducer, b, term::size(*b_size), body));
}

// R_{a<A} R_{b<B} f(a*B + b) = R_{k<A*B} f(k): nested reductions that only use a*B + b merge.
Term merge_nested(const Term& r) {
  const Term& inner = r->args[1];
  if (inner->kind != TermKind::Reduce || inner->reducer != r->reducer) return r;
  int a = static_cast<int>(r->ival), b = static_cast<int>(inner->ival);
  auto asz = as_size(r->args[0]);
  auto bsz = as_size(inner->args[0]);
  if (!asz || !bsz) return r;
  Term combo = simplify_index(term::add(term::mul(term::var(a), term::size(*bsz)), term::var(b)));
  int k = a;
  Term body = replace(inner->args[1], combo, term::var(k + (1 << 21)));
  if (mentions(body, a) || mentions(body, b)) return r;
  body = substitute(body, k + (1 << 21), term::var(k));
  return make_reduce(r->reducer, k, term::size(*asz * *bsz), body);
}

// A select whose condition does not mention the variable, found in a reduction's body.
Term find_lift(const Term& t, int var) {
  if (t->kind == TermKind::Select && !mentions(t->args[0], var)) return t->args[0];
  if (t->kind == TermKind::Reduce) return nullptr;
  for (const auto& a : t->args)
    if (Term c = find_lift(a, var)) return c;
  return nullptr;
}

// R_k(... select(c, f, g) ...) = select(c, R_k(... f ...), R_k(... g ...)) when c does not
// depend on k: the condition is the same for every term of the reduction.
Term lift_select(const Term& r) {
  Term c = find_lift(r->args[1], static_cast<int>(r->ival));
  if (!c) return r;
  std::string key = alpha_key(c);
  Term then_r = with_args(r, {r->args[0], resolve(r->args[1], key, true)});
  Term else_r = with_args(r, {r->args[0], resolve(r->args[1], key, false)});
  return term::select(c, then_r, else_r);
}

// S_{k<E}(f + c) = S(f) + E * c for addends c that do not mention k.
Term pull_constant_addends(const Term& r) {
  int v = static_cast<int>(r->ival);
  std::vector<std::pair<bool, Term>> parts, inner, outer;
  additive(r->args[1], false, parts);
  for (const auto& p : parts) (mentions(p.second, v) ? inner : outer).push_back(p);
  if (outer.empty()) return r;
  Term rest = term::fmul(term::to_real(r->args[0]), rebuild_sum(outer));
  if (inner.empty()) return rest;
  return term::fadd(make_reduce(Reducer::Sum, v, r->args[0], rebuild_sum(inner)), rest);
}

Term canon_with(const Term& t, const InsideCheck& inside) {
  if (t->sort == axon::Sort::Int) return simplify_index(t);
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(canon_with(a, inside));
  Term r = with_args(t, std::move(args));
  if (r->kind == TermKind::Reduce) {
    Term s = split_reduce(r, inside);
    if (s != r) return canon_with(s, inside);
    s = split_flattened(r);
    if (s != r) return canon_with(s, inside);
    s = merge_nested(r);
    if (s != r) return canon_with(s, inside);
    s = lift_select(r);
    if (s != r) return canon_with(s, inside);
    if (r->reducer == Reducer::Max) return shed_max_constants(r);
    Term p = pull_constant_addends(r);
    return p != r ? canon_with(p, inside) : r;
  }
  if (r->kind != TermKind::Apply) return r;
  switch (r->fn) {
    case Fn::Add: case Fn::Sub: {
      Term m = merge_sums(r);
      return m != r ? canon_with(m, inside) : r;  // the merged body may hold sums to merge in turn
    }
    case Fn::Neg:
      // -S(f) = S(-f), and on into a nested sum (-S(S(g)) = S(S(-g))).
      if (is_sum(r->args[0]))
        return canon_with(make_reduce(Reducer::Sum, static_cast<int>(r->args[0]->ival), r->args[0]->args[0],
                                      term::neg(r->args[0]->args[1])),
                          inside);
      return r;
    case Fn::Mul: {
      // x * S(f) = S(x * f); for a product of two sums the second moves into the first.
      const Term& a = r->args[0];
      const Term& b = r->args[1];
      if (is_sum(a))
        return canon_with(make_reduce(Reducer::Sum, static_cast<int>(a->ival), a->args[0], term::fmul(a->args[1], b)),
                          inside);
      if (is_sum(b))
        return canon_with(make_reduce(Reducer::Sum, static_cast<int>(b->ival), b->args[0], term::fmul(a, b->args[1])),
                          inside);
      return r;
    }
    case Fn::Div:
      // S(f) / x = S(f / x), whatever x is (x / S(f) stays: 1/S is not a sum).
      if (is_sum(r->args[0]))
        return canon_with(make_reduce(Reducer::Sum, static_cast<int>(r->args[0]->ival), r->args[0]->args[0],
                                      term::fdiv(r->args[0]->args[1], r->args[1])),
                          inside);
      return r;
    case Fn::Max: {
      Term m = merge_adjacent(r->args[0], r->args[1]);
      if (!m) m = merge_adjacent(r->args[1], r->args[0]);
      return m ? canon_with(m, inside) : r;
    }
    default:
      return r;
  }
}

}  // namespace

Term canon(const Term& t) { return canon_with(t, nullptr); }

Term canon(const Term& t, const InsideCheck& inside) { return canon_with(t, inside); }

}  // namespace axon::sem
