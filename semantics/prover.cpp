#include "prover.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "canon.h"
#include "divmod.h"
#include "infinity.h"
#include "term_ops.h"
#include "translate.h"

namespace axon::sem {

namespace {

constexpr int kMaxDepth = 4;
constexpr size_t kMaxPermutations = 24;

void outer_reduces(const Term& t, std::vector<Term>& out) {
  if (t->kind == TermKind::Reduce) {
    out.push_back(t);
    return;
  }
  for (const auto& a : t->args) outer_reduces(a, out);
}

// A chain of nested reductions of one kind: binders (variable, extent) and the innermost body.
struct Flat {
  Reducer reducer;
  std::vector<std::pair<int, Term>> binders;
  Term body;
};

Flat flatten(const Term& r) {
  Flat f{r->reducer, {}, r};
  while (f.body->kind == TermKind::Reduce && f.body->reducer == f.reducer) {
    bool depends = false;
    for (const auto& [v, e] : f.binders) depends = depends || mentions(f.body->args[0], v);
    if (depends) break;
    f.binders.emplace_back(static_cast<int>(f.body->ival), f.body->args[0]);
    f.body = f.body->args[1];
  }
  return f;
}

void size_symbols(const Term& t, std::set<std::string>& out) {
  if (t->kind == TermKind::SizeOf)
    for (const auto& s : t->size.symbols()) out.insert(s);
  for (const auto& a : t->args) size_symbols(a, out);
}

bool mentions_log(const Term& t) {
  if (t->kind == TermKind::Apply && t->fn == Fn::Log) return true;
  return std::any_of(t->args.begin(), t->args.end(), mentions_log);
}

// exp(t) written with exp pushed through t's top-level sums, differences, negations and selects:
// exp(a + b) = exp(a) exp(b), exp(a - b) = exp(a) / exp(b), exp(-a) = 1 / exp(a). Each step is an
// identity of the real exp (never zero, so the divisions are exact), and exp(log A) meets the
// axiom exp(log A) = A for A > 0: a difference of logarithms becomes a quotient.
Term exponentiate(const Term& t) {
  if (t->kind == TermKind::Apply) {
    switch (t->fn) {
      case Fn::Add: return term::fmul(exponentiate(t->args[0]), exponentiate(t->args[1]));
      case Fn::Sub: return term::fdiv(exponentiate(t->args[0]), exponentiate(t->args[1]));
      case Fn::Neg: return term::fdiv(term::real(1), exponentiate(t->args[0]));
      default: break;
    }
  }
  if (t->kind == TermKind::Select)
    return term::select(t->args[0], exponentiate(t->args[1]), exponentiate(t->args[2]));
  return term::apply(Fn::Exp, {t});
}

}  // namespace

std::string serialize(const Outcome& o) {
  std::ostringstream os;
  os.precision(17);
  std::string reason = o.reason;
  std::replace(reason.begin(), reason.end(), '\n', ' ');
  os << "result " << static_cast<int>(o.result) << "\nseconds " << o.seconds << "\nqueries "
     << o.queries << "\nreason " << reason << "\n";
  for (const auto& [k, v] : o.sizes) os << "size " << k << " " << v << "\n";
  os << "index";
  for (auto i : o.index) os << " " << i;
  os << "\n";
  for (const auto& r : o.reads) {
    os << "read " << r.input << " " << r.value;
    for (auto i : r.index) os << " " << i;
    os << "\n";
  }
  os << "smtlib\n" << o.smtlib;
  return os.str();
}

Outcome deserialize(const std::string& text) {
  Outcome o;
  if (text.rfind("!error ", 0) == 0) {
    o.reason = "solver process: " + text.substr(7);
    return o;
  }
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (key == "result") {
      int r = 2;
      ls >> r;
      o.result = static_cast<smt::SatResult>(r);
    } else if (key == "seconds") {
      ls >> o.seconds;
    } else if (key == "queries") {
      ls >> o.queries;
    } else if (key == "reason") {
      o.reason = line.size() > 7 ? line.substr(7) : "";
    } else if (key == "size") {
      std::string name;
      int64_t v = 0;
      ls >> name >> v;
      o.sizes[name] = v;
    } else if (key == "index") {
      int64_t v = 0;
      while (ls >> v) o.index.push_back(v);
    } else if (key == "read") {
      ModelRead r;
      ls >> r.input >> r.value;
      int64_t v = 0;
      while (ls >> v) r.index.push_back(v);
      o.reads.push_back(r);
    } else if (key == "smtlib") {
      std::ostringstream rest;
      rest << in.rdbuf();
      o.smtlib = rest.str();
      break;
    }
  }
  return o;
}

Prover::Prover(const Problem& problem, smt::Backend backend, unsigned timeout_ms)
    : Prover(problem, backend, smt::Limits{timeout_ms, 0}) {}

Prover::Prover(const Problem& problem, smt::Backend backend, const smt::Limits& limits)
    : problem_(problem), backend_(backend), limits_(limits) {
  std::set<std::string> names;
  for (const Node* in : problem.inputs)
    for (const auto& d : in->shape())
      for (const auto& s : d.symbols()) names.insert(s);
  // And the sizes that only the conditions name (a slice's bound that no index reads).
  std::function<void(const smt::Expr&)> walk = [&](const smt::Expr& e) {
    if (e->kind == smt::Kind::Const && e->name.rfind("s_", 0) == 0) names.insert(e->name.substr(2));
    for (const auto& a : e->args) walk(a);
  };
  for (const auto& c : problem.size_conds) walk(c);
  size_names_.assign(names.begin(), names.end());
}

smt::CheckResult Prover::check_distinct(const Term& a, const Term& b, const Scope& scope,
                                        std::vector<InputRead>* reads, std::string* smtlib) {
  Translator tr(problem_);
  std::vector<smt::Expr> main;
  auto bound = [&](int v, const Term& extent) {
    smt::Expr x = Translator::var(v);
    main.push_back(smt::ge(x, smt::integer(0)));
    main.push_back(smt::lt(x, tr.integer(extent)));
  };
  for (const auto& [v, e] : outputs_) bound(v, e);
  for (const auto& [v, e] : scope.binders) bound(v, e);
  for (const auto& name : size_names_)
    if (size_cap_ > 0) main.push_back(smt::le(size_const(name), smt::integer(size_cap_)));
  if (!b) main.push_back(smt::lnot(tr.boolean(a)));  // a condition that should always hold
  else if (a->sort == axon::Sort::Real) main.push_back(smt::ne(tr.real(a), tr.real(b)));
  else main.push_back(smt::ne(tr.integer(a), tr.integer(b)));
  if (reads)
    for (const auto& l : lemmas_) main.push_back(tr.boolean(l));
  std::vector<smt::Expr> all = tr.side_conditions(main);
  all.insert(all.end(), main.begin(), main.end());
  if (smtlib) *smtlib = smt::to_smtlib(all);
  std::vector<smt::Expr> obs;
  if (reads) {
    // Observed: the output index, then each read's index and value.
    *reads = tr.reads();
    for (const auto& name : size_names_) obs.push_back(size_const(name));
    for (const auto& [v, e] : outputs_) obs.push_back(Translator::var(v));
    for (const auto& r : *reads) {
      obs.insert(obs.end(), r.index.begin(), r.index.end());
      obs.push_back(r.value);
    }
  }
  ++queries_;
  // Auxiliary queries (matching reductions, lemmas) get a quarter of the budget, at least 1 s
  // when the budget allows: they only help, and a hard one must not starve the final query.
  // A resource limit is quartered alike.
  smt::Limits budget = limits_;
  if (!reads) {
    budget.timeout_ms = std::min(limits_.timeout_ms, std::max(1000u, limits_.timeout_ms / 4));
    budget.resource_limit = (limits_.resource_limit + 3) / 4;
  }
  smt::CheckResult r = smt::check_sat(backend_, all, obs, budget);
  return r;
}

bool Prover::pointwise_equal(const Term& r1, const Term& r2, const Scope& scope, int depth) {
  if (depth > kMaxDepth) return false;
  std::string key = to_string(r1) + " == " + to_string(r2);
  if (auto it = pointwise_cache_.find(key); it != pointwise_cache_.end()) return it->second;
  Flat f1 = flatten(r1), f2 = flatten(r2);
  bool equal = false;
  if (f1.reducer == f2.reducer && f1.binders.size() == f2.binders.size()) {
    size_t n = f1.binders.size();
    std::vector<size_t> perm(n);
    for (size_t i = 0; i < n; ++i) perm[i] = i;
    size_t tried = 0;
    do {
      bool extents_match = true;
      for (size_t i = 0; i < n && extents_match; ++i)
        extents_match = alpha_key(f1.binders[i].second) == alpha_key(f2.binders[perm[i]].second);
      if (!extents_match) continue;
      if (++tried > kMaxPermutations) break;
      // Each binder maps to its partner, or to its partner reflected (k -> E-1-k): both are
      // bijections of [0, E), so equal bodies under either give equal reductions.
      // Up to 3 binders every subset is tried; beyond, the subsets that are one contiguous run
      // of binders (one reversed axis, or a reversed block of axes: a group of a rules file
      // instantiated at a higher rank), so the tries stay quadratic in the binders.
      std::vector<size_t> masks;
      if (n <= 3) {
        for (size_t m = 0; m < (size_t{1} << n); ++m) masks.push_back(m);
      } else {
        masks.push_back(0);
        for (size_t i = 0; i < n; ++i)
          for (size_t j = i + 1; j <= n; ++j) masks.push_back(((size_t{1} << j) - 1) & ~((size_t{1} << i) - 1));
      }
      for (size_t mask : masks) {
        if (equal) break;
        Term body2 = f2.body;
        for (size_t i = 0; i < n; ++i) {
          Term to = term::var(f1.binders[i].first);
          if (mask & (size_t{1} << i))
            to = term::sub(term::sub(f1.binders[i].second, term::integer(1)), to);
          body2 = substitute(body2, f2.binders[perm[i]].first, to);
        }
        Scope inner = scope;
        for (const auto& b : f1.binders) inner.binders.push_back(b);
        body2 = unify(f1.body, body2, inner, depth + 1);
        smt::CheckResult r = check_distinct(f1.body, body2, inner, nullptr, nullptr);
        equal = r.result == smt::SatResult::Unsat;
      }
    } while (!equal && std::next_permutation(perm.begin(), perm.end()));
  }
  pointwise_cache_[key] = equal;
  return equal;
}

Term Prover::unify(const Term& lhs, const Term& rhs, const Scope& scope, int depth) {
  std::vector<Term> left, right;
  outer_reduces(lhs, left);
  outer_reduces(rhs, right);
  Term out = rhs;
  // A replacement also rewrites the copies of r2 inside later reductions of the right side (a
  // softmax's maximum inside its denominator), so each later one is taken as it now reads.
  std::vector<std::pair<Term, Term>> done;
  for (Term r2 : right) {
    for (const auto& [from, to] : done) r2 = replace(r2, from, to);
    bool known = false;
    for (const Term& r1 : left) known = known || alpha_key(r1) == alpha_key(r2);
    if (known) continue;
    for (const Term& r1 : left) {
      if (pointwise_equal(r1, r2, scope, depth)) {
        out = replace(out, r2, r1);
        done.emplace_back(r2, r1);
        break;
      }
    }
  }
  return out;
}

// A side's element at the output index: inlined, small reductions unrolled, reshape index
// arithmetic simplified with the variables' ranges, reductions normalized.
Term Prover::prepare(const Node* side) {
  std::vector<Term> index;
  std::map<int, Size> bounds;
  for (int d = 0; d < side->rank(); ++d) {
    index.push_back(term::var(d));
    bounds[d] = side->shape()[static_cast<size_t>(d)];
  }
  Inliner in(problem_.inputs, side->rank() + next_fresh_);
  Term t = in.element(side, index);
  next_fresh_ = in.next_var();
  t = simplify_divmod(unroll(t, problem_.unroll_limit), bounds);
  // Splits at a bound that only the rule's conditions keep inside (`where S < N`) are decided
  // by the solvers, in prove_equal only: query_text runs in the parent, which starts no solver.
  InsideCheck inside;
  if (splits_by_conditions_ && !problem_.size_conds.empty())
    inside = [this](const Size& c, const Size& e) { return inside_by_conditions(c, e); };
  if (!has_infinity(t)) return canon(t, inside);
  // Literal infinities (docs/verification.md, "Infinities"): folded where they meet arithmetic,
  // the rest must be taken only by order operations (else InfinityError: the rule is bad input);
  // the normalization may split a maximum so that more fold (a pad with -inf).
  t = fold_infinities(t);
  check_infinity_places(t);
  t = canon(t, inside);
  try {
    t = fold_infinities(t);
    check_infinity_places(t);
  } catch (const InfinityError& e) {
    unmodelled_ = std::string("after normalization: ") + e.what();
  }
  return t;
}

bool Prover::inside_by_conditions(const Size& c, const Size& e) {
  const std::string key = c.str() + " < " + e.str();
  if (auto it = inside_cache_.find(key); it != inside_cache_.end()) return it->second;
  const Term cond = term::land(term::cmp(CmpOp::Lt, term::integer(0), term::size(c)),
                               term::cmp(CmpOp::Lt, term::size(c), term::size(e)));
  const bool holds = always(cond, Scope{});
  inside_cache_[key] = holds;
  return holds;
}

bool Prover::always(const Term& cond, const Scope& scope) {
  return check_distinct(cond, nullptr, scope, nullptr, nullptr).result == smt::SatResult::Unsat;
}

namespace {

// Sums whose free variables are all output index variables (so they can be named at the top).
void top_sums(const Term& t, int rank, std::vector<Term>& out, std::set<std::string>& seen) {
  if (t->kind == TermKind::Reduce && t->reducer == Reducer::Sum) {
    std::set<int> fv;
    free_vars(t, fv);
    bool top = std::all_of(fv.begin(), fv.end(), [rank](int v) { return v < rank; });
    if (top && seen.insert(alpha_key(t)).second) out.push_back(t);
  }
  for (const auto& a : t->args) top_sums(a, rank, out, seen);
}

}  // namespace

std::vector<Term> Prover::sum_lemmas(const Term& a, const Term& b) {
  std::vector<Term> sums, out;
  std::set<std::string> seen;
  int rank = static_cast<int>(outputs_.size());
  top_sums(a, rank, sums, seen);
  top_sums(b, rank, sums, seen);
  if (sums.size() > 6) sums.resize(6);
  auto zero = term::real(0);
  for (const Term& s : sums) {
    int k = static_cast<int>(s->ival);
    Scope scope{{{k, s->args[0]}}};
    const Term& f = s->args[1];
    if (always(term::cmp(CmpOp::Eq, f, zero), scope)) out.push_back(term::cmp(CmpOp::Eq, s, zero));
    else if (always(term::cmp(CmpOp::Gt, f, zero), scope)) out.push_back(term::cmp(CmpOp::Gt, s, zero));
    else if (always(term::cmp(CmpOp::Ge, f, zero), scope)) out.push_back(term::cmp(CmpOp::Ge, s, zero));
  }
  for (size_t i = 0; i < sums.size(); ++i) {
    for (size_t j = i + 1; j < sums.size(); ++j) {
      const Term& s1 = sums[i];
      const Term& s2 = sums[j];
      if (alpha_key(s1->args[0]) != alpha_key(s2->args[0])) continue;
      int k = static_cast<int>(s1->ival);
      Term f = s1->args[1];
      Term g = substitute(s2->args[1], static_cast<int>(s2->ival), term::var(k));
      Term f0 = substitute(f, k, term::integer(0)), g0 = substitute(g, k, term::integer(0));
      Scope scope{{{k, s1->args[0]}}};
      if (always(term::cmp(CmpOp::Eq, term::fmul(f, g0), term::fmul(f0, g)), scope))
        out.push_back(term::cmp(CmpOp::Eq, term::fmul(s1, g0), term::fmul(f0, s2)));
    }
  }
  return out;
}

void Prover::decode(const smt::CheckResult& r, const std::vector<InputRead>& reads, Outcome& out) const {
  out.result = r.result;
  out.reason = r.result == smt::SatResult::Unknown ? r.reason : "";
  if (r.result != smt::SatResult::Sat) return;
  // The model's values: the sizes, the output index, then per read its index and value (see
  // check_distinct).
  size_t pos = 0;
  auto next = [&]() -> std::optional<double> {
    return pos < r.values.size() ? r.values[pos++] : std::nullopt;
  };
  for (const auto& name : size_names_) {
    auto v = next();
    if (v) out.sizes[name] = static_cast<int64_t>(std::llround(*v));
  }
  for (size_t d = 0; d < outputs_.size(); ++d) {
    auto v = next();
    out.index.push_back(v ? static_cast<int64_t>(std::llround(*v)) : 0);
  }
  for (const auto& item : reads) {
    ModelRead mr;
    mr.input = item.input;
    bool ok = true;
    for (size_t k = 0; k < item.index.size(); ++k) {
      auto v = next();
      ok = ok && v.has_value();
      mr.index.push_back(v ? static_cast<int64_t>(std::llround(*v)) : 0);
    }
    auto val = next();
    if (ok && val) {
      mr.value = *val;
      out.reads.push_back(mr);
    }
  }
}

Outcome Prover::prove_equal(const Node* lhs, const Node* rhs) {
  auto start = std::chrono::steady_clock::now();
  Outcome out;
  AXON_CHECK(lhs->shape() == rhs->shape(), "prove_equal: sides of different shapes");
  outputs_.clear();
  std::vector<Term> index;
  for (int d = 0; d < lhs->rank(); ++d) {
    index.push_back(term::var(d));
    outputs_.emplace_back(d, term::size(lhs->shape()[static_cast<size_t>(d)]));
  }
  Term a, b;
  splits_by_conditions_ = true;
  try {
    a = prepare(lhs);
    b = prepare(rhs);
  } catch (const InfinityError& e) {
    unmodelled_ = e.what();
  }
  if (!unmodelled_.empty()) {
    out.reason = "infinities: " + unmodelled_;
    return out;
  }
  {
    // The model reports every size the query names: those of the inputs' shapes and those only
    // in attributes (a symbolic slice bound or step), which the replay needs too.
    std::set<std::string> names(size_names_.begin(), size_names_.end());
    size_symbols(a, names);
    size_symbols(b, names);
    size_names_.assign(names.begin(), names.end());
  }
  b = unify(a, b, Scope{}, 0);
  lemmas_ = sum_lemmas(a, b);
  std::vector<InputRead> reads;
  smt::CheckResult r = check_distinct(a, b, Scope{}, &reads, &out.smtlib);
  decode(r, reads, out);
  bool counterexample = r.result == smt::SatResult::Sat && is_counterexample_ && is_counterexample_(out);
  if (r.result == smt::SatResult::Sat && is_counterexample_ && !counterexample) {
    // A model too large to replay (sizes up to 64 replay) or resting on an abstraction: the
    // same query with every size at most 8 may give one that replays.
    size_cap_ = 8;
    std::vector<InputRead> small_reads;
    std::string text;
    smt::CheckResult small = check_distinct(a, b, Scope{}, &small_reads, &text);
    size_cap_ = 0;
    Outcome o;
    decode(small, small_reads, o);
    if (small.result == smt::SatResult::Sat && is_counterexample_(o)) {
      o.smtlib = text;
      out = o;
      r = small;
      counterexample = true;
    }
  }
  if (r.result != smt::SatResult::Unsat && !counterexample && (mentions_log(a) || mentions_log(b)) &&
      !has_infinity(a) && !has_infinity(b)) {
    // Logarithms: a = b exactly when exp(a) = exp(b) (exp is injective over the reals), and with
    // exp pushed through the sums the logarithms' axioms apply to quotients and products
    // (log(e^x + 1) - log(e^-x + 1) = x, log-softmax). Only a proof is taken from this query; a
    // model of it is not a counterexample of the rule, so the first query's answer stands otherwise.
    std::vector<InputRead> unused;
    std::string text;
    smt::CheckResult e = check_distinct(exponentiate(a), exponentiate(b), Scope{}, &unused, &text);
    if (e.result == smt::SatResult::Unsat) {
      out = Outcome{};
      out.result = e.result;
      out.smtlib = text;
    }
  }
  out.queries = queries_;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

std::string Prover::query_text(const Node* lhs, const Node* rhs) {
  Term a = prepare(lhs), b = prepare(rhs);
  std::string text;
  for (const Node* n : problem_.inputs)
    text += n->input_name() + ":" + std::string(dtype_name(n->dtype())) + shape_str(n->shape()) + ";";
  text += "|shape" + shape_str(lhs->shape());
  for (const auto& c : problem_.size_conds) text += "|" + smt::to_string(c);
  for (const auto& c : problem_.value_conds)
    text += "|t" + std::to_string(c.input) + cmp_name(c.op) + std::to_string(c.value);
  return text + "|" + alpha_key(a) + "|" + alpha_key(b);
}

Outcome Prover::satisfiable_preconditions() {
  Outcome out;
  Translator tr(problem_);
  std::vector<smt::Expr> main;
  // One read of every input at an arbitrary in-bounds index, so value conditions apply.
  int next = 0;
  for (size_t k = 0; k < problem_.inputs.size(); ++k) {
    std::vector<Term> idx;
    for (const auto& d : problem_.inputs[k]->shape()) {
      Term v = term::var(1000 + next++);
      main.push_back(smt::ge(tr.integer(v), smt::integer(0)));
      main.push_back(smt::lt(tr.integer(v), tr.integer(term::size(d))));
      idx.push_back(v);
    }
    main.push_back(smt::eq(tr.real(term::read(static_cast<int>(k), idx)),
                           tr.real(term::read(static_cast<int>(k), idx))));
  }
  std::vector<smt::Expr> all = tr.side_conditions(main);
  all.insert(all.end(), main.begin(), main.end());
  smt::CheckResult r = smt::check_sat(backend_, all, {}, limits_);
  out.result = r.result;
  out.reason = r.reason;
  out.seconds = r.seconds;
  out.queries = 1;
  return out;
}

}  // namespace axon::sem
