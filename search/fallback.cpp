// What superopt does when no candidate of a kernel validates (docs/codegen.md, "Fallback"): the
// kernel is replaced by finer kernels of the same nodes, realized in its place, until every kernel
// of the variant has a winner or one that nothing validates cannot be split any further. And the
// estimate that keeps an obviously hopeless generic candidate from running into --timeout.
#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "axon/core/term.h"
#include "internal.h"

namespace axon::search_detail {

namespace {

bool contains(const std::vector<const Node*>& v, const Node* n) { return std::find(v.begin(), v.end(), n) != v.end(); }

// The iterations a reduction or contraction runs per element of its result.
double extent(const Node* n) {
  if (n->kind() == OpKind::Reduce) return double(elements(n->operand(0))) / double(std::max<int64_t>(1, elements(n)));
  if (n->kind() == OpKind::Contraction) {
    const Shape& a = n->operand(0)->shape();
    const bool ta = n->attrs().has("transpose_a") && n->attrs().b("transpose_a");
    const Size& k = a.size() == 1 ? a[0] : a[a.size() - (ta ? 2 : 1)];
    return double(k.value().value_or(1));
  }
  return 1;
}

std::string kind_of(const Node* n) {
  if (n->kind() == OpKind::Reduce) return "reduction";
  if (n->kind() == OpKind::Contraction) return "contraction";
  return "elementwise";
}

}  // namespace

std::vector<KernelEstimate> split_kernel(const KernelEstimate& k, const TargetModel& tm,
                                         const std::function<bool(const KernelEstimate&)>& generic) {
  std::vector<KernelEstimate> parts;
  if (!k.parts.empty()) {
    std::vector<KernelEstimate> fused = k.parts;
    // In the order of their roots in the fused kernel (operands before users).
    auto at = [&](const KernelEstimate& p) { return std::find(k.nodes.begin(), k.nodes.end(), p.root) - k.nodes.begin(); };
    std::stable_sort(fused.begin(), fused.end(), [&](const KernelEstimate& a, const KernelEstimate& b) { return at(a) < at(b); });
    // A part that is a contraction with a side reduction the tiling would make generic (attention's
    // P V beside the row sum) is split at once, as runnable_cost does.
    for (KernelEstimate& p : fused) {
      const bool reduces = std::any_of(p.nodes.begin(), p.nodes.end(), [](const Node* n) { return n->kind() == OpKind::Reduce; });
      std::vector<KernelEstimate> finer;
      if (generic && p.kind == "contraction" && p.parts.empty() && reduces && generic(p)) finer = split_kernel(p, tm);
      if (finer.empty()) parts.push_back(std::move(p));
      else parts.insert(parts.end(), std::make_move_iterator(finer.begin()), std::make_move_iterator(finer.end()));
    }
    return parts;
  }
  std::vector<const Node*> computed;
  for (const Node* n : k.nodes)
    if (n->kind() != OpKind::Source) computed.push_back(n);
  if (computed.size() <= 1) return {};
  // First: every reduction, contraction and written value in a kernel of its own (the values
  // between them stored); when that is still one kernel, every computed node.
  std::vector<const Node*> roots;
  for (const Node* n : k.nodes)
    if (contains(k.writes, n) || n->kind() == OpKind::Reduce || n->kind() == OpKind::Contraction) roots.push_back(n);
  if (roots.size() <= 1) {
    roots.clear();
    for (const Node* n : k.nodes)
      if (n->kind() != OpKind::Source || contains(k.writes, n)) roots.push_back(n);
  }
  const std::set<const Node*> root_set(roots.begin(), roots.end());
  const std::set<const Node*> inside(k.nodes.begin(), k.nodes.end());
  for (const Node* r : roots) {
    // The root and what it computes from the group's reads and the other roots (inlined).
    std::set<const Node*> mine{r}, reads;
    std::vector<const Node*> stack{r};
    while (!stack.empty()) {
      const Node* n = stack.back();
      stack.pop_back();
      for (const Node* o : n->operands()) {
        if (!inside.count(o) || (root_set.count(o) && o != r)) {
          reads.insert(o);
        } else if (mine.insert(o).second) {
          stack.push_back(o);
        }
      }
    }
    KernelEstimate p;
    p.kind = kind_of(r);
    p.root = r;
    for (const Node* n : k.nodes)
      if (mine.count(n)) p.nodes.push_back(n);
    // Reads in the fused kernel's order, then the other roots in theirs.
    for (const Node* n : k.reads)
      if (reads.count(n)) p.reads.push_back(n);
    for (const Node* n : k.nodes)
      if (reads.count(n)) p.reads.push_back(n);
    p.writes = {r};
    for (const auto* list : {&p.reads, &p.writes})
      for (const Node* n : *list) p.bytes += double(elements(n)) * dtype_bytes(n->dtype());
    for (const Node* n : p.nodes) p.flops += n->kind() == OpKind::Contraction ? 2.0 * double(elements(n)) * extent(n) : double(elements(n)) * extent(n);
    p.time_us = p.bytes / (tm.hbm_gb_s * 1e3) + tm.launch_us;
    parts.push_back(std::move(p));
  }
  return parts;
}

namespace {

// The work of one element of a generic kernel's write, evaluated as tiling's emitter evaluates it
// (tiling/emit.cpp: Emitter::value): a node's value at a point is computed where it is first
// needed and reused only within that C scope and the scopes inside it, so a value first needed
// inside a loop (a reduction's or a contraction's) is computed again at every iteration. A point
// is told apart by what each of its indices depends on (the output's coordinates, the loops),
// which merges some distinct points (fewer evaluations: the count stays a floor); a `where`
// counts the mean of its two branches (each in a scope of its own, as emitted).
class GenericWork {
 public:
  explicit GenericWork(const tiling::Group& gr) : stored_(gr.reads.begin(), gr.reads.end()) {}

  double per_element(const Node* w) {
    scopes_.assign(1, {});
    loops_ = 0;
    std::vector<Deps> pt;
    for (int d = 0; d < w->rank(); ++d) pt.push_back({-1 - d});
    return value(w, pt);
  }

 private:
  using Deps = std::set<int>;  // output axes (negative) and loops an index depends on

  double value(const Node* n, const std::vector<Deps>& pt) {
    std::string key = std::to_string(n->id()) + "@";
    for (const Deps& d : pt) {
      for (int i : d) key += std::to_string(i) + ",";
      key += ";";
    }
    for (const auto& s : scopes_)
      if (s.count(key)) return 0;
    double c = 1;  // a load, or the node's own operation
    if (!stored_.count(n) && n->op() != Op::Input) {
      const Definition d = define(*n);
      std::map<int, Deps> env;
      for (size_t i = 0; i < d.vars.size() && i < pt.size(); ++i) env[d.vars[i]] = pt[i];
      c += term(d.body, n, env);
    }
    scopes_.back().insert(key);
    return c;
  }

  static Deps deps_of(const Term& t, const std::map<int, Deps>& env) {
    Deps out;
    if (t->kind == TermKind::Var) {
      if (auto it = env.find(static_cast<int>(t->ival)); it != env.end()) out = it->second;
      return out;
    }
    for (const Term& a : t->args) {
      const Deps d = deps_of(a, env);
      out.insert(d.begin(), d.end());
    }
    return out;
  }

  // A constant int term (an extent): sizes are concrete here.
  static double constant(const Term& t) {
    switch (t->kind) {
      case TermKind::Int: return double(t->ival);
      case TermKind::SizeOf: return double(t->size.value().value_or(1));
      case TermKind::IAdd: return constant(t->args[0]) + constant(t->args[1]);
      case TermKind::ISub: return constant(t->args[0]) - constant(t->args[1]);
      case TermKind::IMul: return constant(t->args[0]) * constant(t->args[1]);
      case TermKind::IFloorDiv: return std::floor(constant(t->args[0]) / std::max(1.0, constant(t->args[1])));
      default: return 1;
    }
  }

  double term(const Term& t, const Node* n, std::map<int, Deps>& env) {
    switch (t->kind) {
      case TermKind::Read: {
        std::vector<Deps> p;
        for (const Term& i : t->args) p.push_back(deps_of(i, env));
        return value(n->operand(static_cast<size_t>(t->ival)), p);
      }
      case TermKind::Reduce: {
        const double extent = std::max(1.0, constant(t->args[0]));
        std::map<int, Deps> inner = env;
        inner[static_cast<int>(t->ival)] = {loops_++};
        scopes_.emplace_back();
        const double body = term(t->args[1], n, inner);
        scopes_.pop_back();
        return extent * (body + 1);
      }
      case TermKind::Select: {
        const double c = term(t->args[0], n, env);
        double branch[2];
        for (int b = 0; b < 2; ++b) {
          scopes_.emplace_back();
          branch[b] = term(t->args[1 + static_cast<size_t>(b)], n, env);
          scopes_.pop_back();
        }
        return c + (branch[0] + branch[1]) / 2;
      }
      default: {
        double c = t->kind == TermKind::Apply ? 1 : 0;
        for (const Term& a : t->args) c += term(a, n, env);
        return c;
      }
    }
  }

  std::set<const Node*> stored_;
  std::vector<std::set<std::string>> scopes_;
  int loops_ = 0;
};

}  // namespace

double generic_floor_us(const tiling::Group& gr, const tiling::Limits& L) {
  GenericWork work(gr);
  double us = 0;
  const double resident = double(std::max(1, L.sm_count)) * std::max(1, L.threads_per_sm);  // threads at once
  for (const Node* w : gr.writes) {  // one generic kernel per write, one after another
    const double waves = std::ceil(double(elements(w)) / resident);
    us += waves * work.per_element(w) * kGenericNsPerEvaluation * 1e-3;
  }
  return us;
}

bool generic_too_slow(double floor_us, double timeout_s) { return floor_us * kGenericRunsInWorker > timeout_s * 1e6; }

std::string failure_summary(const std::vector<ConfigTrial>& trials) {
  std::map<std::string, int> count;
  for (const ConfigTrial& t : trials) ++count[t.status.empty() ? "not run" : t.status];
  std::ostringstream os;
  os << "no candidate passed validation (";
  bool first = true;
  for (const auto& [status, n] : count) {
    os << (first ? "" : ", ") << n << " " << status;
    first = false;
  }
  os << ")";
  // The first detail of a failing trial, on one line.
  for (const ConfigTrial& t : trials)
    if (t.status != "ok" && !t.detail.empty()) {
      std::string d = t.detail.substr(0, 200);
      std::replace(d.begin(), d.end(), '\n', ' ');
      os << "; " << t.config.str() << ": " << t.status << ": " << d;
      break;
    }
  return os.str();
}

bool forced_failure(const std::string& label, std::string_view fail_groups) {
  if (fail_groups.empty()) return false;
  for (;;) {
    const size_t e = fail_groups.find('|');
    const std::string_view part = fail_groups.substr(0, e);
    if (!part.empty() && label.find(part) != std::string::npos) return true;
    if (e == std::string_view::npos) return false;
    fail_groups.remove_prefix(e + 1);
  }
}

PlanOutcome realize_with_fallbacks(const Graph& gv, const std::vector<KernelEstimate>& kernels,
                                   const std::function<KernelResult(const KernelEstimate&)>& realize,
                                   const std::function<std::vector<KernelEstimate>(const KernelEstimate&)>& split,
                                   const std::function<void(const std::string&)>& say) {
  PlanOutcome out;
  std::deque<KernelEstimate> work(kernels.begin(), kernels.end());
  while (!work.empty()) {
    const KernelEstimate k = std::move(work.front());
    work.pop_front();
    KernelResult kr = realize(k);
    if (kr.winner >= 0) {
      out.kernels.push_back(std::move(kr));
      continue;
    }
    const std::string why = failure_summary(kr.trials);
    std::vector<KernelEstimate> parts = split(k);
    if (parts.empty()) {
      out.failed = "kernel " + kr.name + " (" + kr.group.label + "): " + why + ", and it computes a single node: nothing finer to try";
      if (say) say("  " + out.failed);
      return out;
    }
    KernelFallback f{kr.name, kr.group.label, why, {}, kr.trials};
    for (const KernelEstimate& p : parts) f.replaced_by.push_back(group_of(gv, p).label);
    std::string list;
    for (const std::string& s : f.replaced_by) list += (list.empty() ? "" : "; ") + s;
    if (say) say("  fallback: kernel " + kr.name + " (" + kr.group.label + "): " + why + "; replaced by " + std::to_string(parts.size()) + " kernels: " + list);
    out.fallbacks.push_back(std::move(f));
    work.insert(work.begin(), std::make_move_iterator(parts.begin()), std::make_move_iterator(parts.end()));
  }
  return out;
}

}  // namespace axon::search_detail
