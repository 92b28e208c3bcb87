// A candidate's local rule: old => repl over the leaves they share, generalized to symbolic
// sizes, with a canonical key (docs/rewrites.md, "Admission").
#include <unordered_set>

#include "internal.h"

namespace axon::rw {

std::optional<LocalRule> local_rule(const Candidate& c, std::string& why) {
  // Leaves: the non-constant nodes of old's DAG that repl uses, and the inputs.
  std::unordered_set<const Node*> in_old;
  for (const Node* n : topo({c.old})) in_old.insert(n);
  std::unordered_set<const Node*> leaves;
  {
    std::vector<const Node*> stack{c.repl};
    std::unordered_set<const Node*> seen;
    while (!stack.empty()) {
      const Node* n = stack.back();
      stack.pop_back();
      if (!seen.insert(n).second) continue;
      if (n == c.old) {
        why = "the replacement contains the replaced node";
        return std::nullopt;
      }
      if (n->op() == Op::Input || (in_old.count(n) && !is_generator(n))) {
        leaves.insert(n);
        continue;
      }
      for (const Node* o : n->operands()) stack.push_back(o);
    }
  }
  LocalRule r;
  r.ctx = std::make_shared<Context>();
  SizeMap sizes;
  sizes.factors = c.factors;
  std::unordered_map<const Node*, const Node*> memo;
  std::unordered_map<const Node*, std::string> names;
  // Inputs are named in order of first use along old's DAG, then repl's (deterministic, so the
  // same local rule always gets the same names and key).
  std::unordered_map<const Node*, Sign> signs;
  std::string conds;
  auto leaf = [&](const Node* n) -> const Node* {
    if (!leaves.count(n) && n->op() != Op::Input) return nullptr;
    std::string name = "x" + std::to_string(r.inputs.size());
    if (Sign sg = sign_of(n, signs); sg != Sign::Any) {
      ValueCondition vc{name, sg == Sign::Pos ? CmpOp::Gt : CmpOp::Ge, 0.0, name + (sg == Sign::Pos ? " > 0" : " >= 0")};
      conds += (conds.empty() ? " where " : ", ") + vc.text;
      r.conditions.push_back(vc);
    }
    Shape s;
    for (const Size& d : n->shape()) s.push_back(sizes.map(d));
    const Node* in = r.ctx->input(name, n->dtype(), s);
    r.inputs.push_back({name, n->dtype(), s});
    names[in] = name + ":" + std::string(dtype_name(n->dtype())) + shape_str(s);
    return in;
  };
  auto size = [&](const Size& s) { return sizes.map(s); };
  try {
    r.lhs = copy_dag(*r.ctx, c.old, leaf, size, memo);
    r.rhs = copy_dag(*r.ctx, c.repl, leaf, size, memo);
  } catch (const UserError& e) {
    why = std::string("does not type-check at symbolic sizes: ") + e.what();
    return std::nullopt;
  }
  if (r.lhs->shape() != r.rhs->shape() || r.lhs->dtype() != r.rhs->dtype()) {
    why = "the two sides differ in shape or dtype at symbolic sizes";
    return std::nullopt;
  }
  // Symbols the graph itself had stay (they are sizes of the rule too).
  std::set<std::string> syms(sizes.symbols.begin(), sizes.symbols.end());
  // ... wherever they occur: shapes, and size-valued attributes (a divisor [K] whose K no input has).
  for (const Node* n : topo({r.lhs, r.rhs})) {
    for (const Size& d : n->shape())
      for (const auto& s : d.symbols()) syms.insert(s);
    for (const auto& [k, v] : n->attrs().values())
      if (const auto* sh = std::get_if<Shape>(&v))
        for (const Size& d : *sh)
          for (const auto& s : d.symbols()) syms.insert(s);
  }
  r.sizes.assign(syms.begin(), syms.end());
  r.key = render(r.lhs, names) + " => " + render(r.rhs, names) + conds;
  return r;
}

RuleSpec rule_spec(const LocalRule& r, const std::string& name) {
  RuleSpec s;
  s.name = name;
  s.where = "rewrite";
  s.sizes = r.sizes;
  s.inputs = r.inputs;
  s.value_conds = r.conditions;
  auto ctx = r.ctx;
  const Node* lhs = r.lhs;
  const Node* rhs = r.rhs;
  s.build = [ctx, lhs, rhs](Context& dst, const std::map<std::string, const Node*>& in,
                            const Bindings& bind) {
    std::unordered_map<const Node*, const Node*> memo;
    auto leaf = [&in](const Node* n) -> const Node* {
      return n->op() == Op::Input ? in.at(n->input_name()) : nullptr;
    };
    auto size = [&bind](const Size& x) { return x.substitute(bind); };
    const Node* l = copy_dag(dst, lhs, leaf, size, memo);
    const Node* r2 = copy_dag(dst, rhs, leaf, size, memo);
    return std::make_pair(l, r2);
  };
  return s;
}

}  // namespace axon::rw
