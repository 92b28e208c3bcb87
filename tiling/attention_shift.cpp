// The online softmax's shift in the attention kernel (docs/attention.md, "The shift"): which
// representation a group's exponentials allow, and the C expressions that move it.
#include <functional>
#include <set>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

// Whether u's value depends on `target`, not looking past `stop` (the scores' chain, which the
// max is computed from).
bool reaches(const Node* u, const Node* target, const Node* stop) {
  std::set<const Node*> seen;
  std::function<bool(const Node*)> go = [&](const Node* n) {
    if (n == target) return true;
    if (n == stop || !seen.insert(n).second) return false;
    for (const Node* o : n->operands())
      if (go(o)) return true;
    return false;
  };
  return go(u);
}

}  // namespace

SoftmaxShift softmax_shift(const AttentionShape& a, const Lowerings& low, const Node* p) {
  SoftmaxShift sf;
  const Lowering* l = low.find("exp2_at", DType::f32);
  if (l == nullptr || l->inputs.size() != 2) return sf;
  const Node* chain = a.max->operand(0);
  // exp(u - M) in f32, M the row max (or it widened to f32), u an element value not read from M.
  auto at_max = [&](const Node* n) {
    if (n->op() != Op::Exp || n->dtype() != DType::f32) return false;
    const Node* d = n->operand(0);
    if (d->op() != Op::Sub || d->dtype() != DType::f32 || d->operand(0)->shape() != d->shape()) return false;
    const Node* m = d->operand(1);
    const bool is_max = m == a.max || (m->op() == Op::Cast && m->dtype() == DType::f32 && m->operand(0) == a.max);
    return is_max && !reaches(d->operand(0), a.max, chain);
  };
  // Every way from P and the sums to the max passes through such an exp.
  bool ok = true;
  std::set<const Node*> seen;
  std::function<void(const Node*)> walk = [&](const Node* n) {
    if (!ok || n == chain || !seen.insert(n).second) return;
    if (n == a.max) {
      ok = false;
    } else if (at_max(n)) {
      sf.exps.insert(n);
    } else {
      for (const Node* o : n->operands()) walk(o);
    }
  };
  walk(p);
  for (const Node* s : a.sums) walk(s->operand(0));
  if (!ok || sf.exps.empty()) {
    sf.exps.clear();
    return sf;
  }
  sf.exp2_at = l;
  for (const auto& [name, v] : l->constants)  // the lowering's own log2(e), where it has one
    if (v > 1.44 && v < 1.45) sf.log2e = v;
  return sf;
}

std::string SoftmaxShift::fn() const { return "axon_" + exp2_at->op + "_f32"; }

std::string SoftmaxShift::shift_of(const std::string& m) const {
  return exp2_at != nullptr ? "(-(" + m + ") * " + float_literal(log2e, false) + ")" : "(" + m + ")";
}

std::string SoftmaxShift::move(Emitter& em, const std::string& from, const std::string& to) const {
  if (exp2_at != nullptr) return fn() + "(0.0f, " + to + " - " + from + ")";
  return em.call(Fn::Exp, {"(" + from + " - " + to + ")"});
}

std::string SoftmaxShift::to_graph(const std::string& sh, const std::string& s) const {
  return exp2_at != nullptr ? fn() + "(-" + sh + ", -" + s + ")" : "";  // 2^-(sh log2 e + s)
}

std::string SoftmaxShift::exp_at(Emitter& em, const Node* n, const std::vector<Term>& p, const std::string& s) const {
  if (exp2_at == nullptr || !exps.count(n)) return "";
  const std::string u = em.value(n->operand(0)->operand(0), p);
  const std::string v = em.fresh("v");
  em.line("const float " + v + " = " + fn() + "(" + u + ", " + s + ");  // exp " + std::to_string(n->id()) + " at the shift");
  return v;
}

}  // namespace axon::tiling::detail
