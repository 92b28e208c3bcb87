#include "axon/semantics/verify.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <variant>

#include "axon/core/error.h"
#include "axon/core/graph_copy.h"
#include "axon/core/graph_json.h"
#include "f32_mode.h"
#include "isolate.h"
#include "falsify.h"
#include "infinity.h"
#include "proof_cache.h"
#include "prover.h"
#include "translate.h"

namespace axon {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Proved: return "PROVED";
    case Verdict::Vacuous: return "VACUOUS";
    case Verdict::Refuted: return "REFUTED";
    case Verdict::Unknown: return "UNKNOWN";
  }
  return "?";
}

namespace {

// What the final query (SMT-LIB text) leaves abstract, for an UNKNOWN's reason: "2 sums and 1
// maximum abstracted; exp, log uninterpreted with axioms".
std::string abstractions(const std::string& smtlib) {
  int sums = 0, maxima = 0;
  std::set<std::string> fns;
  std::istringstream in(smtlib);
  std::string line;
  while (std::getline(in, line)) {
    const std::string decl = "(declare-fun ";
    if (line.rfind(decl, 0) != 0) continue;
    std::string name = line.substr(decl.size());
    name = name.substr(0, name.find(' '));
    auto numbered = [&name](const std::string& p) {
      return name.rfind(p, 0) == 0 && name.size() > p.size() &&
             std::all_of(name.begin() + static_cast<long>(p.size()), name.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
    };
    if (numbered("sum")) ++sums;
    else if (numbered("max")) ++maxima;
    else if (name == "exp" || name == "log" || name == "sqrt" || name == "tanh" || name == "erf" || name == "pow") fns.insert(name);
    else if (name == "recip") fns.insert("1/x");
  }
  std::vector<std::string> parts;
  auto count = [](int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
  if (sums || maxima) {
    std::string r = sums ? count(sums, "sum", "sums") : "";
    if (maxima) r += (r.empty() ? "" : " and ") + count(maxima, "maximum", "maxima");
    parts.push_back(r + " abstracted");
  }
  if (!fns.empty()) {
    std::string f;
    for (const auto& n : fns) f += (f.empty() ? "" : ", ") + n;
    parts.push_back(f + " uninterpreted with axioms");
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

smt::Expr cond_expr(const SizeCondition& c) {
  smt::Expr l = sem::size_expr(c.lhs), r = sem::size_expr(c.rhs);
  if (c.modulus > 0) l = smt::mod(l, smt::integer(c.modulus));
  switch (c.op) {
    case CmpOp::Lt: return smt::lt(l, r);
    case CmpOp::Le: return smt::le(l, r);
    case CmpOp::Gt: return smt::gt(l, r);
    case CmpOp::Ge: return smt::ge(l, r);
    case CmpOp::Eq: return smt::eq(l, r);
    case CmpOp::Ne: return smt::ne(l, r);
  }
  return smt::boolean(true);
}

sem::Problem make_problem(const RuleSpec& r, const sem::BuiltRule& b) {
  sem::Problem p;
  p.inputs = b.inputs;
  for (const auto& c : r.size_conds) p.size_conds.push_back(cond_expr(c));
  for (const auto& c : r.value_conds) {
    int k = -1;
    for (size_t i = 0; i < r.inputs.size(); ++i)
      if (r.inputs[i].name == c.input) k = static_cast<int>(i);
    AXON_CHECK(k >= 0, "value condition on an unknown input");
    p.value_conds.push_back({k, c.op, c.value});
  }
  return p;
}

const char* sat_name(smt::SatResult r) {
  switch (r) {
    case smt::SatResult::Unsat: return "unsat";
    case smt::SatResult::Sat: return "sat";
    case smt::SatResult::Unknown: return "unknown";
  }
  return "?";
}

}  // namespace

Verifier::Verifier(VerifyOptions opts)
    : opts_(std::move(opts)), cache_(std::make_unique<ProofCache>(opts_.cache_file)) {}

Verifier::~Verifier() = default;

namespace {

// Whether either side computes a float value that the GPU rounds (arithmetic, sums, casts
// between float types): over the reals such a rule is proved without its rounding.
bool rounds(const sem::BuiltRule& b) {
  std::vector<const Node*> stack{b.lhs, b.rhs};
  std::set<const Node*> seen;
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (!seen.insert(n).second) continue;
    for (const Node* o : n->operands()) stack.push_back(o);
    if (!is_float(n->dtype())) continue;
    switch (op_kind(n->op())) {
      case OpKind::Unary:
        if (n->op() == Op::Cast) {
          if (n->operand(0)->dtype() != n->dtype()) return true;
        } else if (n->op() != Op::Neg && n->op() != Op::Abs && n->op() != Op::Relu) {
          return true;
        }
        break;
      case OpKind::Binary:
        if (n->op() != Op::Max && n->op() != Op::Min) return true;
        break;
      case OpKind::Reduce:
        if (n->op() != Op::ReduceMax) return true;
        break;
      case OpKind::Contraction: return true;
      case OpKind::Source:
        if (n->op() == Op::Constant && n->attrs().has("divisor")) return true;
        break;
      default: break;
    }
  }
  return false;
}

// Where symbolic slice bounds and pad widths must lie for the sides to mean anything:
// 0 <= start < end <= the axis's size (a slice is not empty), widths >= 0. Also checks that
// their symbols are the rule's sizes (random testing binds only those).
std::vector<smt::Expr> bounds_in_range(const RuleSpec& rule, const sem::BuiltRule& b) {
  std::vector<smt::Expr> out;
  const std::set<std::string> declared(rule.sizes.begin(), rule.sizes.end());
  auto declared_only = [&](const Size& s) {
    for (const auto& sym : s.symbols())
      if (!declared.count(sym))
        throw UserError(rule.where + ": rule " + rule.name + ": size " + sym + " in a slice or pad bound is not declared");
  };
  auto held_as_size = [](const Node* n, const char* key) {
    return n->attrs().has(key) && std::holds_alternative<Shape>(n->attrs().values().at(key));
  };
  std::vector<const Node*> stack{b.lhs, b.rhs};
  std::set<const Node*> seen;
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (!seen.insert(n).second) continue;
    for (const Node* o : n->operands()) stack.push_back(o);
    if (n->op() == Op::Slice && (held_as_size(n, "start") || held_as_size(n, "end") || held_as_size(n, "step"))) {
      const Size first = held_as_size(n, "start") ? n->attrs().shape("start")[0] : Size(n->attrs().i("start"));
      const Size last = held_as_size(n, "end") ? n->attrs().shape("end")[0] : Size(n->attrs().i("end"));
      const Size step = held_as_size(n, "step") ? n->attrs().shape("step")[0] : Size(n->attrs().i("step"));
      const Size& extent = n->operand(0)->shape()[static_cast<size_t>(n->attrs().i("axis"))];
      for (const Size* s : {&first, &last, &step}) declared_only(*s);
      out.push_back(smt::ge(sem::size_expr(first), smt::integer(0)));
      out.push_back(smt::lt(sem::size_expr(first), sem::size_expr(last)));
      out.push_back(smt::le(sem::size_expr(last), sem::size_expr(extent)));
      out.push_back(smt::ge(sem::size_expr(step), smt::integer(1)));
    }
    if (n->op() == Op::Pad)
      for (const char* key : {"before", "after"})
        if (held_as_size(n, key))
          for (const Size& w : n->attrs().shape(key)) {
            declared_only(w);
            out.push_back(smt::ge(sem::size_expr(w), smt::integer(0)));
          }
  }
  return out;
}

std::string sizes_text(const Bindings& b) {
  std::string s;
  for (const auto& [k, v] : b) s += (s.empty() ? "" : " ") + k + "=" + std::to_string(v);
  return s.empty() ? "(none)" : s;
}

}  // namespace

// Random testing: at small sizes, and for a rule at fixed sizes also at its sizes made symbols
// (a difference found that way refutes only once it is confirmed at the rule's own sizes).
std::optional<RuleResult> Verifier::falsify(const RuleSpec& rule) {
  if (auto ce = sem::falsify(rule, opts_.seed)) {
    RuleResult res;
    res.verdict = Verdict::Refuted;
    res.cex = std::move(ce);
    res.reason = "random testing found a difference";
    return res;
  }
  if (!rule.generalized) return std::nullopt;
  sem::FalsifyLimits small;
  small.skip_ill_typed = true;
  auto g = sem::falsify(*rule.generalized, opts_.seed, small);
  if (!g) return std::nullopt;
  sem::FalsifyLimits large;
  large.max_elements = int64_t{1} << 26;
  large.max_bytes = int64_t{4} << 30;
  large.threads = 0;
  large.skip_ill_typed = true;
  RuleResult res;
  const std::string small_sizes = sizes_text(g->sizes);
  if (auto ce = sem::falsify(rule, opts_.seed, large)) {
    res.verdict = Verdict::Refuted;
    res.cex = std::move(ce);
    res.reason = "random testing found a difference at the given sizes (first found with the sizes made "
                 "symbols, at " + small_sizes + ")";
    return res;
  }
  res.verdict = Verdict::Unknown;
  res.cex = std::move(g);
  res.reason = "with its sizes made symbols the rule is false (the counterexample below, at " + small_sizes +
               "), but no difference was found at the given sizes";
  return res;
}

// Whether the size conditions, sizes >= 1, input domains and value conditions can hold at all
// (in a child process: see isolate.h; the parent never starts a solver, so it stays
// single-threaded and safe to fork).
bool Verifier::conditions_can_hold(const sem::Problem& problem) {
  smt::Backend b0 = opts_.solver == SolverChoice::CVC5 ? smt::Backend::CVC5 : smt::Backend::Z3;
  const unsigned timeout = opts_.timeout_ms;
  const smt::Limits limits{opts_.timeout_ms, opts_.resource_limit};
  auto texts = sem::run_isolated(
      {[&problem, b0, limits] { return sem::serialize(sem::Prover(problem, b0, limits).satisfiable_preconditions()); }},
      3.0 * timeout / 1000.0 + 5, [](size_t, const std::string&) { return false; });
  sem::Outcome o = texts[0] ? sem::deserialize(*texts[0]) : sem::Outcome{};
  return o.result != smt::SatResult::Unsat;
}

RuleResult Verifier::verify(const RuleSpec& rule) {
  RuleResult r = verify_one(rule);
  if (r.verdict != Verdict::Unknown || !rule.generalized) return r;
  // A rule at fixed sizes that the solvers leave open may still hold for all sizes.
  RuleResult g = verify_one(*rule.generalized);
  if (g.verdict != Verdict::Proved) return r;
  g.name = r.name;
  g.line = r.line;
  g.seconds += r.seconds;
  g.reason = "for all sizes, so at the given ones (its numbers made symbols: the solvers left the rule at the given sizes open)";
  return g;
}

RuleResult Verifier::verify_one(const RuleSpec& rule) {
  auto start = std::chrono::steady_clock::now();
  auto finish = [&](RuleResult r) {
    r.name = rule.name;
    r.line = rule.line;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  };
  RuleResult res;
  // Sizes the conditions fix (`where K == 8`) are numbers while the sides are built.
  sem::BuiltRule sym = sem::build_rule(rule, sem::fixed_sizes(rule));
  sem::Problem problem = make_problem(rule, sym);
  // Symbolic slice bounds and pad widths: the conditions must keep them in range, else the rule
  // is ill-formed at some sizes it claims (bad input, like sides of different shapes).
  if (auto in_range = bounds_in_range(rule, sym); !in_range.empty()) {
    sem::Problem outside = problem;
    outside.size_conds.push_back(smt::lnot(smt::land(in_range)));
    if (conditions_can_hold(outside))
      throw UserError(rule.where + ": rule " + rule.name +
                      ": its conditions do not keep every symbolic slice and pad bound in range "
                      "(0 <= start < end <= the axis's size, step >= 1, widths >= 0); add them to its where");
  }
  const bool conditional = !rule.size_conds.empty() || !rule.value_conds.empty();
  if (sym.lhs == sym.rhs) {
    // The same computation on both sides: true wherever the conditions hold.
    if (conditional && !conditions_can_hold(problem)) {
      res.verdict = Verdict::Vacuous;
      res.reason = "the conditions cannot all hold";
      return finish(res);
    }
    res.verdict = Verdict::Proved;
    res.reason = "identical after canonicalization";
    return finish(res);
  }
  if (opts_.semantics == SemanticsMode::F32) return finish(sem::verify_f32(rule, sym, opts_));

  std::vector<smt::Backend> backends;
  if (opts_.solver != SolverChoice::CVC5) backends.push_back(smt::Backend::Z3);
  if (opts_.solver != SolverChoice::Z3) backends.push_back(smt::Backend::CVC5);
  const std::string assumption = rounds(sym) ? kRealsAssumption : "";
  // A proof of this very query (same inputs, conditions and normalized sides) by this prover:
  // it was checked for vacuity and random differences when it was made.
  std::string key;
  {
    sem::Prover p(problem, backends[0], opts_.timeout_ms);
    // A literal infinity where the rule's value is undefined (inf - inf, 0 * inf) or where the
    // encoding cannot take it (a sum) is bad input (docs/verification.md, "Infinities").
    std::string text;
    try {
      text = p.query_text(sym.lhs, sym.rhs);
    } catch (const sem::InfinityError& e) {
      throw UserError(rule.where + ": rule " + rule.name + ": " + e.what());
    }
    key = std::string(opts_.solver == SolverChoice::Both ? "both" : smt::backend_name(backends[0])) +
          (opts_.cross_check ? "+x" : "") + "|reals|" + text;
  }
  if (auto hit = cache_->get(key)) {
    res.verdict = Verdict::Proved;
    res.reason = *hit;
    res.cached = true;
    res.assumption = assumption;
    return finish(res);
  }

  if (!conditions_can_hold(problem)) {
    res.verdict = Verdict::Vacuous;
    res.reason = "the conditions cannot all hold";
    return finish(res);
  }
  if (opts_.falsify)
    if (auto r = falsify(rule)) return finish(std::move(*r));

  // The solvers, side by side, each in a child process: without --cross-check the first proof
  // wins and so does the first model that replays on the interpreter (a counterexample settles
  // the rule), and the others are stopped (with --cross-check every solver finishes, so that a
  // proof beside a counterexample is caught below); a solver that overstays the deadline is
  // stopped too.
  auto replays = [&rule](const sem::Outcome& o, smt::Backend b) {
    return o.result == smt::SatResult::Sat && sem::replay(rule, o, smt::backend_name(b)).has_value();
  };
  std::vector<std::function<std::string()>> jobs;
  for (smt::Backend b : backends)
    jobs.push_back([&problem, &sym, &replays, b, this] {
      sem::Prover p(problem, b, smt::Limits{opts_.timeout_ms, opts_.resource_limit});
      p.set_counterexample_check([&replays, b](const sem::Outcome& o) { return replays(o, b); });
      return sem::serialize(p.prove_equal(sym.lhs, sym.rhs));
    });
  double deadline = 3.0 * opts_.timeout_ms / 1000.0 + 5;
  std::vector<std::string> ends;
  auto texts = sem::run_isolated(
      jobs, deadline,
      [&](size_t i, const std::string& t) {
        const sem::Outcome o = sem::deserialize(t);
        return !opts_.cross_check && (o.result == smt::SatResult::Unsat || replays(o, backends[i]));
      },
      &ends);
  std::vector<std::optional<sem::Outcome>> outcomes;
  bool someone_proved = false, someone_refuted = false;
  for (size_t i = 0; i < texts.size(); ++i) {
    outcomes.push_back(texts[i] ? std::optional<sem::Outcome>(sem::deserialize(*texts[i])) : std::nullopt);
    someone_proved = someone_proved || (outcomes.back() && outcomes.back()->result == smt::SatResult::Unsat);
    someone_refuted = someone_refuted || (outcomes.back() && replays(*outcomes.back(), backends[i]));
  }
  bool proved = false, all_proved = true, any_sat = false;
  std::string unknown;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const char* name = smt::backend_name(backends[i]);
    if (!outcomes[i]) {
      std::string why = someone_proved                      ? "stopped: another solver proved it first"
                        : someone_refuted                   ? "stopped: another solver's counterexample replays"
                        : ends[i].rfind("crashed", 0) == 0 ? "solver process " + ends[i]
                                                            : "stopped: no answer within " + std::to_string(static_cast<int>(deadline)) + " s";
      res.runs.push_back({name, "stopped", why, 0, 0});
      all_proved = false;
      if (!someone_proved && !someone_refuted) unknown += (unknown.empty() ? "" : "; ") + std::string(name) + ": " + why;
      continue;
    }
    const auto& o = *outcomes[i];
    if (res.smtlib.empty()) res.smtlib = o.smtlib;
    res.runs.push_back({name, sat_name(o.result), o.reason, o.seconds, o.queries});
    proved = proved || o.result == smt::SatResult::Unsat;
    all_proved = all_proved && o.result == smt::SatResult::Unsat;
    any_sat = any_sat || o.result == smt::SatResult::Sat;
    if (o.result == smt::SatResult::Unknown) unknown += (unknown.empty() ? "" : "; ") + std::string(name) + ": " + o.reason;
  }
  // A model next to a proof is only a disagreement when the model is a real counterexample;
  // otherwise it rests on the abstraction of reductions that the other solver's matching saw
  // through.
  std::optional<Counterexample> replayed;
  for (size_t i = 0; i < outcomes.size() && !replayed; ++i)
    if (outcomes[i] && outcomes[i]->result == smt::SatResult::Sat)
      replayed = sem::replay(rule, *outcomes[i], smt::backend_name(backends[i]));
  if (proved && replayed)
    throw InternalError("rule '" + rule.name + "': one solver proves it while another's counterexample replays");
  if (proved && (!opts_.cross_check || all_proved)) {
    res.verdict = Verdict::Proved;
    res.reason = "for all sizes";
    res.assumption = assumption;
    cache_->put(key, res.reason);
    return finish(res);
  }
  if (proved) {
    res.verdict = Verdict::Unknown;
    res.reason = "cross-check: not confirmed by every solver (" +
                 (unknown.empty() ? std::string("a solver found an unconfirmed model") : unknown) + ")";
    return finish(res);
  }
  if (replayed) {
    res.verdict = Verdict::Refuted;
    res.cex = std::move(replayed);
    res.reason = "the solver's counterexample replays on the interpreter";
    return finish(res);
  }
  if (any_sat) {
    res.verdict = Verdict::Unknown;
    std::string rests;
    for (const auto& o : outcomes)
      if (o && o->result == smt::SatResult::Sat && rests.empty()) rests = abstractions(o->smtlib);
    res.reason = "the solver found a model of a difference that does not replay on the interpreter" +
                 (rests.empty() ? std::string() : " (it rests on what the query leaves abstract: " + rests + ")");
    return finish(res);
  }
  res.verdict = Verdict::Unknown;
  res.reason = unknown.empty() ? "no solver decided the query" : unknown;
  return finish(res);
}

std::vector<RuleSpec> rules_of(const RuleFile& f) {
  std::vector<RuleSpec> out;
  for (const auto& r : f.rules) {
    RuleSpec s;
    s.name = r.name;
    s.line = r.line;
    s.where = f.path + ":" + std::to_string(r.line);
    s.sizes = f.sizes;
    s.inputs = f.inputs;
    s.size_conds = r.size_conds;
    s.value_conds = r.value_conds;
    RuleExpr lhs = r.lhs, rhs = r.rhs;
    s.build = [lhs, rhs](Context& ctx, const std::map<std::string, const Node*>& in, const Bindings& b) {
      return std::make_pair(build_rule_expr(lhs, ctx, in, b), build_rule_expr(rhs, ctx, in, b));
    };
    out.push_back(std::move(s));
  }
  return out;
}

namespace {

const Node* output_named(const Graph& g, const std::string& name) {
  for (const auto& o : g.outputs)
    if (o.name == name) return o.node;
  return nullptr;
}

// Builds output `name` of both graphs into the rule's context: copies of their DAGs on the given
// inputs, each size mapped by `to_symbol` (a number made a symbol; none for the graphs' own
// sizes) and then substituted by the binding the inputs were built with.
RuleSpec::Builder pair_builder(const std::shared_ptr<const Graph>& a, const std::shared_ptr<const Graph>& b, const std::string& name,
                               std::shared_ptr<const std::map<int64_t, Size>> to_symbol) {
  return [a, b, name, to_symbol](Context& ctx, const std::map<std::string, const Node*>& in, const Bindings& bind) {
    auto size = [&](const Size& s) {
      auto v = s.value();
      auto it = v ? to_symbol->find(*v) : to_symbol->end();
      return (it == to_symbol->end() ? s : it->second).substitute(bind);
    };
    auto leaf = [&in](const Node* n) -> const Node* { return n->op() == Op::Input ? in.at(n->input_name()) : nullptr; };
    std::unordered_map<const Node*, const Node*> memo_a, memo_b;
    return std::make_pair(copy_dag(ctx, output_named(*a, name), leaf, size, memo_a),
                          copy_dag(ctx, output_named(*b, name), leaf, size, memo_b));
  };
}

// The pair with every number > 1 among the inputs' sizes made a symbol (one per value, as rewrite
// admission generalizes a local rule); null when nothing is a number or the sides do not
// type-check at symbolic sizes (a reshape to a product of them, say).
std::shared_ptr<const RuleSpec> generalize_pair(const std::shared_ptr<const Graph>& a, const std::shared_ptr<const Graph>& b,
                                                const RuleSpec& concrete) {
  auto to_symbol = std::make_shared<std::map<int64_t, Size>>();
  auto spec = std::make_shared<RuleSpec>();
  for (const InputDecl& in : concrete.inputs) {
    InputDecl g = in;
    for (Size& d : g.shape) {
      auto v = d.value();
      if (!v || *v <= 1) continue;
      auto it = to_symbol->find(*v);
      if (it == to_symbol->end()) {
        std::string name = "S" + std::to_string(to_symbol->size());
        it = to_symbol->emplace(*v, Size::symbol(name)).first;
        spec->sizes.push_back(name);
      }
      d = it->second;
    }
    spec->inputs.push_back(g);
  }
  if (to_symbol->empty()) return nullptr;
  spec->name = concrete.name;
  spec->where = concrete.where + " (sizes made symbols)";
  const std::string name = concrete.name;
  spec->build = pair_builder(a, b, name, to_symbol);
  try {
    sem::build_rule(*spec, {});
  } catch (const UserError&) {
    return nullptr;
  }
  return spec;
}

}  // namespace

std::vector<RuleSpec> rules_of_graphs(const std::string& a_path, const std::string& b_path) {
  // Parsed once; each side's output is copied into a rule's context for every size binding.
  auto a = std::make_shared<const Graph>(load_graph(a_path));
  auto b = std::make_shared<const Graph>(load_graph(b_path));
  std::vector<InputDecl> inputs;
  for (const Node* n : a->inputs) {
    const Node* m = b->find_input(n->input_name());
    if (!m || m->dtype() != n->dtype() || m->shape() != n->shape())
      throw UserError(b_path + ": input '" + n->input_name() + "' is missing or differs from " + a_path);
    inputs.push_back({n->input_name(), n->dtype(), n->shape()});
  }
  if (b->inputs.size() != a->inputs.size())
    throw UserError(b_path + ": has inputs that " + a_path + " lacks");
  for (const auto& p : b->outputs)
    if (!output_named(*a, p.name)) throw UserError(b_path + ": has an output '" + p.name + "' that " + a_path + " lacks");
  std::vector<RuleSpec> out;
  for (const auto& o : a->outputs) {
    const Node* other = output_named(*b, o.name);
    if (!other) throw UserError(b_path + ": has no output '" + o.name + "'");
    // Outputs match by name, shape and dtype before anything is compared (no broadcasting).
    if (other->shape() != o.node->shape() || other->dtype() != o.node->dtype())
      throw UserError(b_path + ": output '" + o.name + "' is " + std::string(dtype_name(other->dtype())) +
                      shape_str(other->shape()) + " but " + std::string(dtype_name(o.node->dtype())) +
                      shape_str(o.node->shape()) + " in " + a_path);
    RuleSpec s;
    s.name = o.name;
    s.where = a_path + " vs " + b_path;
    s.inputs = inputs;
    s.build = pair_builder(a, b, o.name, std::make_shared<const std::map<int64_t, Size>>());
    s.generalized = generalize_pair(a, b, s);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<RuleResult> prove_in_children(const std::vector<RuleSpec>& rules, const std::function<RuleResult(const RuleSpec&)>& prove,
                                          int jobs, double deadline_s) {
  std::vector<RuleResult> out(rules.size());
  const size_t step = static_cast<size_t>(std::max(1, jobs));
  for (size_t begin = 0; begin < rules.size(); begin += step) {
    const size_t end = std::min(rules.size(), begin + step);
    std::vector<std::function<std::string()>> work;
    for (size_t i = begin; i < end; ++i)
      work.push_back([&rules, &prove, i] {
        // "verdict seconds\nreason", or "user\nmessage" / "internal\nmessage" for an exception,
        // which the parent throws again.
        try {
          const RuleResult r = prove(rules[i]);
          return std::to_string(static_cast<int>(r.verdict)) + " " + std::to_string(r.seconds) + "\n" + r.reason;
        } catch (const UserError& e) {
          return std::string("user\n") + e.what();
        } catch (const std::exception& e) {
          return std::string("internal\n") + e.what();
        }
      });
    std::vector<std::string> ends;
    auto texts = sem::run_isolated(work, deadline_s, [](size_t, const std::string&) { return false; }, &ends);
    for (size_t i = begin; i < end; ++i) {
      RuleResult& r = out[i];
      r.name = rules[i].name;
      r.line = rules[i].line;
      const auto& t = texts[i - begin];
      const size_t nl = t ? t->find('\n') : std::string::npos;
      if (nl == std::string::npos) {
        r.verdict = Verdict::Unknown;
        r.reason = ends[i - begin].rfind("crashed", 0) == 0 ? "prover process " + ends[i - begin]
                                                              : "stopped: no answer within " + std::to_string(static_cast<int>(deadline_s)) + " s";
        r.seconds = deadline_s;
        continue;
      }
      const std::string head = t->substr(0, nl);
      if (head == "user") throw UserError(t->substr(nl + 1));
      if (head == "internal") throw InternalError(t->substr(nl + 1));
      int v = -1;
      double secs = 0;
      std::istringstream(head) >> v >> secs;
      AXON_CHECK(v >= 0 && v <= static_cast<int>(Verdict::Unknown), "prove_in_children: a child's answer is garbled");
      r.verdict = static_cast<Verdict>(v);
      r.seconds = secs;
      r.reason = t->substr(nl + 1);
    }
  }
  return out;
}

std::string describe(const Counterexample& c) {
  std::ostringstream os;
  os.precision(9);
  os << "    found by " << c.found_by << "\n    sizes:";
  if (c.sizes.empty()) os << " (none)";
  for (const auto& [k, v] : c.sizes) os << " " << k << "=" << v;
  os << "\n    at index [";
  for (size_t i = 0; i < c.index.size(); ++i) os << (i ? ", " : "") << c.index[i];
  os << "]: lhs = " << c.lhs << ", rhs = " << c.rhs << "\n";
  for (const auto& [name, t] : c.inputs) {
    os << "    " << name << " " << dims_str(t.shape) << " = [";
    size_t n = std::min<size_t>(t.data.size(), 12);
    for (size_t i = 0; i < n; ++i) os << (i ? ", " : "") << t.data[i];
    if (t.data.size() > n) os << ", ... (" << t.data.size() << " values)";
    os << "]\n";
  }
  return os.str();
}

}  // namespace axon
