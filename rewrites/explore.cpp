// The set of proven-equivalent variants (docs/rewrites.md, "The variant set").
#include <algorithm>
#include <chrono>
#include <numeric>
#include <set>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <utility>

#include "internal.h"

namespace axon {

const char* move_kind_name(MoveKind k) {
  switch (k) {
    case MoveKind::Push: return "push";
    case MoveKind::Pull: return "pull";
    case MoveKind::Move: return "move";
    case MoveKind::Absorb: return "absorb";
    case MoveKind::Eliminate: return "eliminate";
    case MoveKind::Split: return "split";
    case MoveKind::Expand: return "expand";
  }
  return "?";
}

std::vector<Candidate> propose_moves(const Graph& g) {
  std::vector<Candidate> out;
  std::set<std::pair<const Node*, const Node*>> seen;
  auto emit = [&](Candidate c) {
    if (!c.repl || c.repl == c.old || c.repl->shape() != c.old->shape() || c.repl->dtype() != c.old->dtype())
      return;
    if (!seen.insert({c.old, c.repl}).second) return;
    out.push_back(std::move(c));
  };
  std::vector<const Node*> roots;
  for (const auto& o : g.outputs) roots.push_back(o.node);
  for (const Node* n : rw::topo(roots)) {
    rw::propose_algebra(g.ctx(), n, emit);
    rw::propose_structure(g.ctx(), n, emit);
  }
  return out;
}

Graph VariantSet::graph_of(int id) const {
  Graph g(original.ctx_ptr());
  g.name = original.name;
  g.inputs = original.inputs;
  g.outputs = variants.at(id).outputs;
  std::vector<const Node*> roots;
  for (const auto& o : g.outputs) roots.push_back(o.node);
  for (const Node* n : rw::topo(roots)) {
    if (auto it = original.names.find(n); it != original.names.end()) g.names[n] = it->second;
    if (auto it = original.composites.find(n); it != original.composites.end()) g.composites.emplace(n, it->second);
  }
  return g;
}

std::vector<const Variant*> VariantSet::path_of(int id) const {
  std::vector<const Variant*> path;
  for (int v = id; v > 0; v = variants.at(v).parent) path.push_back(&variants.at(v));
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<const Variant*> VariantSet::ranked() const {
  std::vector<const Variant*> out;
  for (const Variant& v : variants)
    if (v.usable()) out.push_back(&v);
  std::stable_sort(out.begin(), out.end(), [](const Variant* a, const Variant* b) { return a->score < b->score; });
  return out;
}

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::vector<const Node*> roots_of(const std::vector<GraphOutput>& outs) {
  std::vector<const Node*> r;
  for (const auto& o : outs) r.push_back(o.node);
  return r;
}

}  // namespace

int default_prove_jobs() { return static_cast<int>(std::clamp(std::thread::hardware_concurrency() / 2, 1u, 8u)); }

VariantSet explore(const Graph& g, const ExploreOptions& opts, const ProveFn& prove_rule, const ScoreFn& score) {
  // A local rule the prover refuses as input (a literal infinity where its value is undefined
  // or not modelled: a causal mask's -inf meeting a sub; docs/verification.md, "Infinities") is
  // that move unknown, not admitted, and the search goes on.
  const ProveFn prove = [&prove_rule](const RuleSpec& r) {
    try {
      return prove_rule(r);
    } catch (const UserError& e) {
      RuleResult out;
      out.name = r.name;
      out.line = r.line;
      out.verdict = Verdict::Unknown;
      out.reason = std::string("the prover cannot take the rule: ") + e.what();
      return out;
    }
  };
  const auto start = Clock::now();
  VariantSet vs(g);
  ExploreStats& st = vs.stats;
  std::set<std::vector<const Node*>> seen{roots_of(g.outputs)};
  std::unordered_map<std::string, Admission> proofs;  // by the local rule's canonical key
  std::unordered_map<std::string, Admission> fresh;   // proved side by side, not yet needed
  rw::StabilityGuard guard(vs.original, opts.seed);

  Variant v0;
  v0.outputs = g.outputs;
  v0.stability.checked = true;
  v0.score = score(g);
  vs.variants.push_back(v0);
  std::vector<int> frontier{0};

  auto reject = [&](int from, const Candidate& c, std::string rule, Admission a) {
    if (vs.rejected.size() < 500)
      vs.rejected.push_back({from, {c.kind, c.what, std::move(rule), std::move(a)}});
  };
  // The guard's verdict on variant `id`, once (with the guard disabled: checked, and stable).
  auto check = [&](int id) {
    Variant& v = vs.variants[static_cast<size_t>(id)];
    if (v.stability.checked || id == 0) return;
    if (!opts.check_stability) {
      v.stability.worst = "not checked (disabled)";
      v.stability.checked = true;
      return;
    }
    v.stability = guard.check(v.outputs, v.factors);
    ++st.stability_checks;
    if (!v.stability.stable) ++st.unstable;
  };
  // The best `n` variants of `ids` found stable, in score order (checking them as they come).
  auto best_stable = [&](std::vector<int> ids, int n) {
    std::stable_sort(ids.begin(), ids.end(), [&](int a, int b) { return vs.variants[a].score < vs.variants[b].score; });
    std::vector<int> out;
    for (int id : ids) {
      if (static_cast<int>(out.size()) >= n) break;
      check(id);
      if (vs.variants[static_cast<size_t>(id)].usable()) out.push_back(id);
    }
    return out;
  };
  bool stop = false;
  for (int depth = 1; depth <= opts.max_depth && !stop && !frontier.empty(); ++depth) {
    frontier = best_stable(frontier, opts.beam);
    std::vector<int> next;
    for (int from : frontier) {
      if (stop) break;
      Graph gv = vs.graph_of(from);
      const std::vector<Candidate> cands = propose_moves(gv);
      // Each candidate's variant and local rule (sizes related by an earlier split if need be).
      auto rule_of = [&](const Candidate& c, std::string& why) {
        auto rule = rw::local_rule(c, why);
        if (!rule && !vs.variants[from].factors.empty()) {
          Candidate with_factors = c;
          with_factors.factors.insert(vs.variants[from].factors.begin(), vs.variants[from].factors.end());
          rule = rw::local_rule(with_factors, why);
        }
        return rule;
      };
      using Rule = decltype(rw::local_rule(std::declval<const Candidate&>(), std::declval<std::string&>()));
      std::vector<std::vector<GraphOutput>> outs_of(cands.size());
      std::vector<Rule> rules(cands.size());
      std::vector<std::string> whys(cands.size());
      std::vector<bool> ready(cands.size(), false);
      // With jobs > 1, the rules not yet answered are proved side by side first; the loop below
      // (now or for a later variant) takes them from `fresh` when it first needs them and counts
      // them as it would have.
      if (opts.jobs > 1 && since(start) <= opts.budget_s) {
        std::vector<RuleSpec> todo;
        std::vector<std::string> keys;
        for (size_t i = 0; i < cands.size(); ++i) {
          outs_of[i] = rw::replace_node(g.ctx(), vs.variants[from].outputs, cands[i].old, cands[i].repl);
          ready[i] = true;
          if (seen.count(roots_of(outs_of[i]))) continue;
          rules[i] = rule_of(cands[i], whys[i]);
          if (!rules[i] || proofs.count(rules[i]->key) || fresh.count(rules[i]->key) ||
              std::find(keys.begin(), keys.end(), rules[i]->key) != keys.end())
            continue;
          keys.push_back(rules[i]->key);
          todo.push_back(rw::rule_spec(*rules[i], "move"));
        }
        const std::vector<RuleResult> rs = prove_in_children(todo, prove, opts.jobs, opts.prove_deadline_s);
        for (size_t k = 0; k < rs.size(); ++k) fresh[keys[k]] = {rs[k].verdict, rs[k].reason, rs[k].seconds, false};
      }
      for (size_t ci = 0; ci < cands.size(); ++ci) {
        const Candidate& c = cands[ci];
        if (since(start) > opts.budget_s) {
          st.budget_hit = stop = true;
          break;
        }
        if (static_cast<int>(vs.variants.size()) >= opts.max_variants) {
          stop = true;
          break;
        }
        ++st.candidates;
        std::vector<GraphOutput> outs =
            ready[ci] ? std::move(outs_of[ci]) : rw::replace_node(g.ctx(), vs.variants[from].outputs, c.old, c.repl);
        if (!seen.insert(roots_of(outs)).second) {
          ++st.duplicates;
          continue;
        }
        std::string why = whys[ci];
        auto rule = rules[ci] ? std::move(rules[ci]) : rule_of(c, why);
        if (!rule) {
          ++st.ill_typed;
          reject(from, c, "", {Verdict::Unknown, why, 0, false});
          continue;
        }
        Admission adm;
        auto hit = proofs.find(rule->key);
        if (hit != proofs.end()) {
          adm = hit->second;
          adm.cached = true;
          adm.seconds = 0;
        } else {
          ++st.distinct_rules;
          auto pre = fresh.find(rule->key);
          if (pre != fresh.end()) {
            adm = pre->second;
            fresh.erase(pre);
          } else {
            RuleResult r = prove(rw::rule_spec(*rule, "move"));
            adm = {r.verdict, r.reason, r.seconds, false};
          }
          st.prove_seconds += adm.seconds;
          proofs[rule->key] = adm;
        }
        switch (adm.verdict) {
          case Verdict::Proved: ++st.proved; break;
          case Verdict::Refuted: ++st.refuted; break;
          case Verdict::Unknown: ++st.unknown; break;
          case Verdict::Vacuous: ++st.vacuous; break;
        }
        if (adm.verdict != Verdict::Proved) {
          reject(from, c, rule->key, adm);
          continue;
        }
        Variant v;
        v.id = static_cast<int>(vs.variants.size());
        v.parent = from;
        v.depth = depth;
        v.outputs = std::move(outs);
        v.move = {c.kind, c.what, rule->key, adm};
        v.factors = vs.variants[from].factors;
        v.factors.insert(c.factors.begin(), c.factors.end());
        vs.variants.push_back(std::move(v));
        Variant& added = vs.variants.back();
        added.score = score(vs.graph_of(added.id));
        if (!opts.lazy_stability) check(added.id);
        if (added.stability.stable) next.push_back(added.id);
      }
    }
    if (opts.progress) {
      std::ostringstream os;
      os << "depth " << depth << ": " << vs.variants.size() << " variants, " << st.candidates
         << " candidates, " << st.proved << " proved, " << st.refuted << " refuted, " << st.unknown
         << " unknown, " << st.distinct_rules << " distinct rules, " << static_cast<int>(since(start) * 10) / 10.0 << " s";
      opts.progress(os.str());
    }
    frontier = std::move(next);
  }
  // The best-ranked variants, checked until ranked_checked of them are known stable.
  std::vector<int> all(vs.variants.size());
  std::iota(all.begin(), all.end(), 0);
  (void)best_stable(all, opts.ranked_checked + 1);  // the original is one of them
  st.kept = static_cast<int>(vs.variants.size());
  st.seconds = since(start);
  return vs;
}

}  // namespace axon
