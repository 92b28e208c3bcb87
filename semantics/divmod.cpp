#include "divmod.h"

#include <algorithm>
#include <optional>

#include "term_ops.h"

namespace axon::sem {

namespace {

// A polynomial over index variables ("#<id>") and size symbols, integer coefficients.
using Mono = std::vector<std::string>;
using Poly = std::map<Mono, int64_t>;

void add_to(Poly& p, const Mono& m, int64_t c) {
  if (c == 0) return;
  int64_t& slot = p[m];
  slot += c;
  if (slot == 0) p.erase(m);
}

Poly mul(const Poly& a, const Poly& b) {
  Poly r;
  for (const auto& [m1, c1] : a)
    for (const auto& [m2, c2] : b) {
      Mono m = m1;
      m.insert(m.end(), m2.begin(), m2.end());
      std::sort(m.begin(), m.end());
      add_to(r, m, c1 * c2);
    }
  return r;
}

Poly of_size(const Size& s) {
  Poly p;
  for (const auto& [m, c] : s.terms()) add_to(p, m, c);
  return p;
}

std::optional<Poly> to_poly(const Term& t) {
  switch (t->kind) {
    case TermKind::Int: {
      Poly p;
      add_to(p, {}, t->ival);
      return p;
    }
    case TermKind::SizeOf: return of_size(t->size);
    case TermKind::Var: {
      Poly p;
      add_to(p, {"#" + std::to_string(t->ival)}, 1);
      return p;
    }
    case TermKind::IAdd: case TermKind::ISub: case TermKind::IMul: {
      auto a = to_poly(t->args[0]), b = to_poly(t->args[1]);
      if (!a || !b) return std::nullopt;
      if (t->kind == TermKind::IMul) return mul(*a, *b);
      Poly r = *a;
      for (const auto& [m, c] : *b) add_to(r, m, t->kind == TermKind::IAdd ? c : -c);
      return r;
    }
    default: return std::nullopt;
  }
}

Term to_term(const Poly& p) {
  Term acc;
  for (const auto& [m, c] : p) {
    Term t = term::integer(c);
    Size sizes(1);
    for (const auto& f : m) {
      if (f[0] == '#') t = term::mul(t, term::var(std::stoi(f.substr(1))));
      else sizes = sizes * Size::symbol(f);
    }
    if (sizes != Size(1)) t = term::mul(t, term::size(sizes));
    acc = acc ? term::add(acc, t) : t;
  }
  return acc ? acc : term::integer(0);
}

// p / q for a divisor q that is one monomial of sizes with a positive coefficient: the
// quotient of the monomials it divides, and the remainder of the others.
bool split_by(const Poly& p, const Poly& q, Poly& quotient, Poly& rest) {
  if (q.size() != 1) return false;
  const auto& [qm, qc] = *q.begin();
  if (qc <= 0) return false;
  for (const auto& f : qm)
    if (f[0] == '#') return false;
  for (const auto& [m, c] : p) {
    Mono left = m;
    bool divides = c % qc == 0;
    for (const auto& f : qm) {
      auto it = std::find(left.begin(), left.end(), f);
      if (it == left.end()) {
        divides = false;
        break;
      }
      left.erase(it);
    }
    if (divides) add_to(quotient, left, c / qc);
    else add_to(rest, m, c);
  }
  return true;
}

// 0 <= r < q for every value of the variables in their ranges (and sizes >= 1).
bool within(const Poly& r, const Poly& q, const std::map<int, Size>& bounds) {
  Poly max_r;
  for (const auto& [m, c] : r) {
    if (c < 0) return false;
    Poly term;
    add_to(term, {}, c);
    for (const auto& f : m) {
      if (f[0] != '#') {
        Poly s;
        add_to(s, {f}, 1);
        term = mul(term, s);
        continue;
      }
      auto it = bounds.find(std::stoi(f.substr(1)));
      if (it == bounds.end()) return false;
      Poly e = of_size(it->second);
      add_to(e, {}, -1);  // v <= extent - 1
      term = mul(term, e);
    }
    for (const auto& [mm, cc] : term) add_to(max_r, mm, cc);
  }
  // q - 1 - max_r >= 0: every coefficient non-negative (sizes are >= 1).
  Poly gap = q;
  add_to(gap, {}, -1);
  for (const auto& [m, c] : max_r) add_to(gap, m, -c);
  for (const auto& [m, c] : gap)
    if (c < 0) return false;
  return true;
}

}  // namespace

Term simplify_divmod(const Term& t, std::map<int, Size>& bounds) {
  if (t->kind == TermKind::Reduce) {
    Term extent = simplify_divmod(t->args[0], bounds);
    auto v = static_cast<int>(t->ival);
    std::optional<Size> e;
    if (extent->kind == TermKind::Int) e = Size(extent->ival);
    if (extent->kind == TermKind::SizeOf) e = extent->size;
    auto saved = bounds.find(v) != bounds.end() ? std::optional<Size>(bounds[v]) : std::nullopt;
    if (e) bounds[v] = *e;
    else bounds.erase(v);
    Term body = simplify_divmod(t->args[1], bounds);
    if (saved) bounds[v] = *saved;
    else bounds.erase(v);
    return with_args(t, {extent, body});
  }
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(simplify_divmod(a, bounds));
  Term r = with_args(t, std::move(args));
  if (r->kind != TermKind::IFloorDiv && r->kind != TermKind::IMod) return r;
  auto p = to_poly(r->args[0]), q = to_poly(r->args[1]);
  if (!p || !q) return r;
  Poly quotient, rest;
  if (!split_by(*p, *q, quotient, rest) || !within(rest, *q, bounds)) return r;
  return simplify_index(to_term(r->kind == TermKind::IFloorDiv ? quotient : rest));
}

}  // namespace axon::sem
