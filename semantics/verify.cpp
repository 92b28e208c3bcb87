#include "axon/semantics/verify.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "f32_mode.h"
#include "isolate.h"
#include "falsify.h"
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

RuleResult Verifier::verify(const RuleSpec& rule) {
  auto start = std::chrono::steady_clock::now();
  auto finish = [&](RuleResult r) {
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  };
  RuleResult res;
  res.name = rule.name;
  res.line = rule.line;
  sem::BuiltRule sym = sem::build_rule(rule, {});
  if (sym.lhs == sym.rhs) {
    res.verdict = Verdict::Vacuous;
    res.reason = "both sides are the same graph after canonicalization";
    return finish(res);
  }
  if (opts_.semantics == SemanticsMode::F32) return finish(sem::verify_f32(rule, sym, opts_));

  std::vector<smt::Backend> backends;
  if (opts_.solver != SolverChoice::CVC5) backends.push_back(smt::Backend::Z3);
  if (opts_.solver != SolverChoice::Z3) backends.push_back(smt::Backend::CVC5);
  sem::Problem problem = make_problem(rule, sym);

  // Vacuity: can the conditions, size constraints and input domains hold at all?
  // (Every solver call runs in a child process: see isolate.h. The parent never starts a
  // solver, so it stays single-threaded and safe to fork.)
  {
    smt::Backend b0 = backends[0];
    unsigned timeout = opts_.timeout_ms;
    auto texts = sem::run_isolated(
        {[&problem, b0, timeout] { return sem::serialize(sem::Prover(problem, b0, timeout).satisfiable_preconditions()); }},
        3.0 * timeout / 1000.0 + 5, [](size_t, const std::string&) { return false; });
    sem::Outcome o = texts[0] ? sem::deserialize(*texts[0]) : sem::Outcome{};
    if (o.result == smt::SatResult::Unsat) {
      res.verdict = Verdict::Vacuous;
      res.reason = "the conditions cannot all hold";
      return finish(res);
    }
  }
  if (opts_.falsify) {
    if (auto ce = sem::falsify(rule, opts_.seed)) {
      res.verdict = Verdict::Refuted;
      res.cex = std::move(ce);
      res.reason = "random testing found a difference";
      return finish(res);
    }
  }
  std::string key;
  {
    sem::Prover p(problem, backends[0], opts_.timeout_ms);
    key = std::string(opts_.solver == SolverChoice::Both ? "both" : smt::backend_name(backends[0])) +
          (opts_.cross_check ? "+x" : "") + "|reals|" + p.query_text(sym.lhs, sym.rhs);
  }
  if (auto hit = cache_->get(key)) {
    res.verdict = Verdict::Proved;
    res.reason = *hit;
    res.cached = true;
    return finish(res);
  }

  // The solvers, side by side, each in a child process: without --cross-check the first proof
  // wins and the others are stopped; a solver that overstays the deadline is stopped too.
  std::vector<std::function<std::string()>> jobs;
  for (smt::Backend b : backends)
    jobs.push_back([&problem, &sym, b, this] {
      sem::Prover p(problem, b, opts_.timeout_ms);
      return sem::serialize(p.prove_equal(sym.lhs, sym.rhs));
    });
  double deadline = 3.0 * opts_.timeout_ms / 1000.0 + 5;
  std::vector<std::string> ends;
  auto texts = sem::run_isolated(
      jobs, deadline, [this](size_t, const std::string& t) { return !opts_.cross_check && sem::deserialize(t).result == smt::SatResult::Unsat; },
      &ends);
  std::vector<std::optional<sem::Outcome>> outcomes;
  bool someone_proved = false;
  for (const auto& t : texts) {
    outcomes.push_back(t ? std::optional<sem::Outcome>(sem::deserialize(*t)) : std::nullopt);
    someone_proved = someone_proved || (outcomes.back() && outcomes.back()->result == smt::SatResult::Unsat);
  }
  bool proved = false, all_proved = true, any_sat = false;
  std::string unknown;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    const char* name = smt::backend_name(backends[i]);
    if (!outcomes[i]) {
      std::string why = someone_proved                      ? "stopped: another solver proved it first"
                        : ends[i].rfind("crashed", 0) == 0 ? "solver process " + ends[i]
                                                            : "stopped: no answer within " + std::to_string(static_cast<int>(deadline)) + " s";
      res.runs.push_back({name, "stopped", why, 0, 0});
      all_proved = false;
      if (!someone_proved) unknown += (unknown.empty() ? "" : "; ") + std::string(name) + ": " + why;
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
    res.reason = "the solver found a model of a difference that does not replay on the interpreter "
                 "(it rests on uninterpreted functions or abstracted reductions)";
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

std::vector<RuleSpec> rules_of_graphs(const std::string& a_path, const std::string& b_path) {
  // Parsed once to learn the inputs and outputs; rebuilt for every size binding.
  Graph a = load_graph(a_path), b = load_graph(b_path);
  std::vector<InputDecl> inputs;
  for (const Node* n : a.inputs) {
    const Node* m = b.find_input(n->input_name());
    if (!m || m->dtype() != n->dtype() || m->shape() != n->shape())
      throw UserError(b_path + ": input '" + n->input_name() + "' is missing or differs from " + a_path);
    inputs.push_back({n->input_name(), n->dtype(), n->shape()});
  }
  if (b.inputs.size() != a.inputs.size())
    throw UserError(b_path + ": has inputs that " + a_path + " lacks");
  for (const auto& p : b.outputs) {
    bool found = false;
    for (const auto& o : a.outputs) found = found || p.name == o.name;
    if (!found) throw UserError(b_path + ": has an output '" + p.name + "' that " + a_path + " lacks");
  }
  std::vector<RuleSpec> out;
  for (const auto& o : a.outputs) {
    bool found = false;
    for (const auto& p : b.outputs) found = found || p.name == o.name;
    if (!found) throw UserError(b_path + ": has no output '" + o.name + "'");
    RuleSpec s;
    s.name = o.name;
    s.where = a_path + " vs " + b_path;
    s.inputs = inputs;
    std::string name = o.name;
    s.build = [a_path, b_path, name](Context& ctx, const std::map<std::string, const Node*>& in,
                                     const Bindings& bind) {
      // Re-parse into ctx with the same bindings the inputs were built with.
      std::shared_ptr<Context> shared(&ctx, [](Context*) {});
      Graph ga = load_graph(a_path, bind, shared), gb = load_graph(b_path, bind, shared);
      const Node *l = nullptr, *r = nullptr;
      for (const auto& x : ga.outputs) if (x.name == name) l = x.node;
      for (const auto& x : gb.outputs) if (x.name == name) r = x.node;
      (void)in;
      return std::make_pair(l, r);
    };
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
