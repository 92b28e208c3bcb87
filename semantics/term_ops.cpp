#include "term_ops.h"

#include <algorithm>
#include <map>

#include "axon/core/error.h"
#include "axon/core/op_table.h"

namespace axon::sem {

Term with_args(const Term& t, std::vector<Term> args) {
  auto n = std::make_shared<TermNode>(*t);
  n->args = std::move(args);
  return n;
}

bool mentions(const Term& t, int var) {
  if (t->kind == TermKind::Var) return t->ival == var;
  return std::any_of(t->args.begin(), t->args.end(), [var](const Term& a) { return mentions(a, var); });
}

bool has_reduce(const Term& t) {
  if (t->kind == TermKind::Reduce) return true;
  return std::any_of(t->args.begin(), t->args.end(), [](const Term& a) { return has_reduce(a); });
}

namespace {
void free_vars_rec(const Term& t, std::set<int>& bound, std::set<int>& out) {
  if (t->kind == TermKind::Var) {
    if (!bound.count(static_cast<int>(t->ival))) out.insert(static_cast<int>(t->ival));
    return;
  }
  if (t->kind == TermKind::Reduce) {
    free_vars_rec(t->args[0], bound, out);
    bool added = bound.insert(static_cast<int>(t->ival)).second;
    free_vars_rec(t->args[1], bound, out);
    if (added) bound.erase(static_cast<int>(t->ival));
    return;
  }
  for (const auto& a : t->args) free_vars_rec(a, bound, out);
}

Term rename_binders(const Term& t, int& next) {
  if (t->kind == TermKind::Reduce) {
    int fresh = next++;
    Term body = substitute(t->args[1], static_cast<int>(t->ival), term::var(fresh));
    auto n = std::make_shared<TermNode>(*t);
    n->ival = fresh;
    n->args = {rename_binders(t->args[0], next), rename_binders(body, next)};
    return n;
  }
  if (t->args.empty()) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(rename_binders(a, next));
  return with_args(t, std::move(args));
}
}  // namespace

void free_vars(const Term& t, std::set<int>& out) {
  std::set<int> bound;
  free_vars_rec(t, bound, out);
}

std::string alpha_key(const Term& t) {
  int next = 1 << 20;
  return to_string(rename_binders(t, next));
}

Term unroll(const Term& t, int64_t limit) {
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(unroll(a, limit));
  Term r = t->args.empty() ? t : with_args(t, std::move(args));
  if (r->kind != TermKind::Reduce || r->args[0]->kind != TermKind::Int) return r;
  int64_t n = r->args[0]->ival;
  if (n < 1 || n > limit) return r;
  Term acc;
  for (int64_t k = 0; k < n; ++k) {
    Term item = substitute(r->args[1], static_cast<int>(r->ival), term::integer(k));
    if (!acc) acc = item;
    else if (r->reducer == Reducer::Sum) acc = term::fadd(acc, item);
    else acc = term::apply(Fn::Max, {acc, item});
  }
  return acc;
}

namespace {

// A linear form over atoms (printed form -> (atom, coefficient)); false when not linear.
bool linear(const Term& t, int64_t sign, std::map<std::string, std::pair<Term, int64_t>>& atoms,
            int64_t& constant) {
  switch (t->kind) {
    case TermKind::Int: constant += sign * t->ival; return true;
    case TermKind::SizeOf:
      for (const auto& [mono, coef] : t->size.terms()) {
        if (mono.empty()) {
          constant += sign * coef;
          continue;
        }
        Size m(1);
        for (const auto& s : mono) m = m * Size::symbol(s);
        auto& slot = atoms[m.str()];
        slot.first = term::size(m);
        slot.second += sign * coef;
      }
      return true;
    case TermKind::IAdd:
      return linear(t->args[0], sign, atoms, constant) && linear(t->args[1], sign, atoms, constant);
    case TermKind::ISub:
      return linear(t->args[0], sign, atoms, constant) && linear(t->args[1], -sign, atoms, constant);
    case TermKind::IMul:
      if (t->args[0]->kind == TermKind::Int) return linear(t->args[1], sign * t->args[0]->ival, atoms, constant);
      if (t->args[1]->kind == TermKind::Int) return linear(t->args[0], sign * t->args[1]->ival, atoms, constant);
      [[fallthrough]];
    default: {
      auto& slot = atoms[to_string(t)];
      slot.first = t;
      slot.second += sign;
      return true;
    }
  }
}

}  // namespace

Term simplify_index(const Term& t) {
  if (t->sort != Sort::Int) return t;
  std::vector<Term> args;
  for (const auto& a : t->args) args.push_back(simplify_index(a));
  Term r = t->args.empty() ? t : with_args(t, std::move(args));
  if (r->kind != TermKind::IAdd && r->kind != TermKind::ISub && r->kind != TermKind::IMul) return r;
  std::map<std::string, std::pair<Term, int64_t>> atoms;
  int64_t constant = 0;
  if (!linear(r, 1, atoms, constant)) return r;
  Term acc;
  for (const auto& [key, slot] : atoms) {
    if (slot.second == 0) continue;
    Term term = slot.second == 1 ? slot.first : term::mul(term::integer(slot.second), slot.first);
    acc = acc ? term::add(acc, term) : term;
  }
  if (!acc) return term::integer(constant);
  return constant == 0 ? acc : term::add(acc, term::integer(constant));
}

Term replace(const Term& t, const Term& from, const Term& to) {
  if (t == from) return to;
  if (t->kind == from->kind && t->sort == from->sort && alpha_key(t) == alpha_key(from)) return to;
  if (t->args.empty()) return t;
  bool changed = false;
  std::vector<Term> args;
  for (const auto& a : t->args) {
    args.push_back(replace(a, from, to));
    changed = changed || args.back() != a;
  }
  return changed ? with_args(t, std::move(args)) : t;
}

Term Inliner::element(const Node* n, const std::vector<Term>& index) {
  if (n->op() == Op::Input) {
    auto it = std::find(inputs_.begin(), inputs_.end(), n);
    AXON_CHECK(it != inputs_.end(), "inlining: input '" + n->input_name() + "' not declared");
    return term::read(static_cast<int>(it - inputs_.begin()), index);
  }
  Definition d = define(*n);
  std::vector<std::pair<int, int>> binders;
  Term body = subst(d.body, n, index, binders);
  // A cast's definition is its rounding already.
  if (round_results_ && n->dtype() != DType::f32 && n->op() != Op::Cast) body = term::round(n->dtype(), body);
  return body;
}

Term Inliner::subst(const Term& t, const Node* n, const std::vector<Term>& index,
                    std::vector<std::pair<int, int>>& binders) {
  switch (t->kind) {
    case TermKind::Var: {
      auto v = static_cast<int>(t->ival);
      if (v < static_cast<int>(index.size())) return index[static_cast<size_t>(v)];
      for (auto it = binders.rbegin(); it != binders.rend(); ++it)
        if (it->first == v) return term::var(it->second);
      throw InternalError("inlining: unbound variable in a definition");
    }
    case TermKind::Read: {
      std::vector<Term> idx;
      for (const auto& a : t->args) idx.push_back(subst(a, n, index, binders));
      return element(n->operand(static_cast<size_t>(t->ival)), idx);
    }
    case TermKind::Reduce: {
      int fresh = next_var_++;
      Term extent = subst(t->args[0], n, index, binders);
      binders.emplace_back(static_cast<int>(t->ival), fresh);
      Term body = subst(t->args[1], n, index, binders);
      binders.pop_back();
      auto r = std::make_shared<TermNode>(*t);
      r->ival = fresh;
      r->args = {extent, body};
      return r;
    }
    default: {
      if (t->args.empty()) return t;
      std::vector<Term> args;
      for (const auto& a : t->args) args.push_back(subst(a, n, index, binders));
      return with_args(t, std::move(args));
    }
  }
}

}  // namespace axon::sem
