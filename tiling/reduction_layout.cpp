// The index space of Row and Column groups (docs/reductions.md): points of the row tensor from a
// kept index and a reduction index, statistics' points, the nested reductions of a definition,
// and the combine of partial values over a cluster of blocks.
#include <algorithm>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling {

bool GroupShape::suffix() const {
  const int rank = static_cast<int>(full.size());
  for (size_t i = 0; i < red_axes.size(); ++i)
    if (red_axes[red_axes.size() - 1 - i] != rank - 1 - static_cast<int>(i)) return false;
  return true;
}

namespace detail {

namespace {

bool reduced(const GroupShape& s, size_t axis) {
  return std::find(s.red_axes.begin(), s.red_axes.end(), static_cast<int>(axis)) != s.red_axes.end();
}

}  // namespace

std::vector<Term> reduction_point(const GroupShape& s, const Term& kept, const Term& red) {
  const std::vector<Term> k = coords_of(kept, s.kept_dims), r = coords_of(red, s.red_dims);
  std::vector<Term> p;
  size_t ki = 0, ri = 0;
  for (size_t a = 0; a < s.full.size(); ++a) p.push_back(reduced(s, a) ? r.at(ri++) : k.at(ki++));
  return p;
}

std::vector<Term> statistic_point(const GroupShape& s, const Node* n, const Term& kept) {
  const std::vector<Term> k = coords_of(kept, s.kept_dims);
  if (static_cast<size_t>(n->rank()) != s.full.size()) {
    AXON_CHECK(static_cast<size_t>(n->rank()) == k.size(), "codegen: a statistic of another rank");
    return k;
  }
  std::vector<Term> p;
  size_t ki = 0;
  for (size_t a = 0; a < s.full.size(); ++a) p.push_back(reduced(s, a) ? term::integer(0) : k.at(ki++));
  return p;
}

bool at_statistic_point(const GroupShape& s, const Node* n, const std::vector<Term>& p, const Term& kept) {
  const std::vector<Term> want = statistic_point(s, n, kept);
  const std::vector<int64_t> d = dims_of(n);
  if (p.size() != want.size()) return false;
  // An axis of size 1 has one index, whatever term names it (a broadcast reads it as 0, the
  // kept index's coordinates as a quotient that is 0 there).
  for (size_t i = 0; i < p.size(); ++i)
    if (d[i] != 1 && to_string(p[i]) != to_string(want[i])) return false;
  return true;
}

bool statistic_dims(const GroupShape& s, const std::vector<int64_t>& dims) {
  if (dims == s.kept_dims) return true;
  if (dims.size() != s.full.size()) return false;
  for (size_t a = 0; a < dims.size(); ++a)
    if (dims[a] != (reduced(s, a) ? 1 : s.full[a])) return false;
  return true;
}

std::vector<const TermNode*> reduce_chain(const Definition& d) {
  const TermNode* red = nullptr;
  std::function<void(const Term&)> find = [&](const Term& t) {
    if (t->kind == TermKind::Reduce && !red) red = t.get();
    for (const Term& a : t->args) find(a);
  };
  find(d.body);
  AXON_CHECK(red != nullptr, "codegen: reduction without a Reduce term");
  std::vector<const TermNode*> chain;
  for (const TermNode* t = red; t->kind == TermKind::Reduce; t = t->args[1].get()) chain.push_back(t);
  return chain;
}

void emit_cluster_combine(Emitter& em, const ClusterIsa& ci, Reducer r, int splits, const std::vector<std::string>& accs,
                          const std::string& slot, const std::string& writer) {
  AXON_CHECK(ci.reduces(), "codegen: a split reduction needs the cluster instructions");
  em.line("// the cluster's partial values: each block's in its shared slot, combined in rank order");
  em.open("if (" + writer + ") {");
  for (size_t i = 0; i < accs.size(); ++i) em.line(slot + "[" + std::to_string(i) + "] = " + accs[i] + ";");
  em.close();
  em.line(inline_asm(*ci.arrive, {}, true));
  em.line(inline_asm(*ci.wait, {}, true));
  em.open("{");
  em.line("const unsigned local = (unsigned)__cvta_generic_to_shared(&" + slot + "[0]);");
  for (size_t i = 0; i < accs.size(); ++i) em.line(accs[i] + " = " + em.identity(r) + ";");
  em.line("#pragma unroll");
  em.open("for (unsigned q = 0; q < " + std::to_string(splits) + "u; ++q) {");
  em.line("unsigned remote;");
  em.line(inline_asm(*ci.mapa, {{"d", "=r", {"remote"}}, {"a", "r", {"local"}}, {"b", "r", {"q"}}}, false));
  for (size_t i = 0; i < accs.size(); ++i) {
    em.line("float part" + std::to_string(i) + ";");
    em.line(inline_asm(*ci.load, {{"d", "=f", {"part" + std::to_string(i)}}, {"a", "r", {"remote + " + std::to_string(4 * i) + "u"}}}, true));
    em.line(accs[i] + " = " + em.combine(r, accs[i], "part" + std::to_string(i)) + ";");
  }
  em.close();
  em.close();
}

void emit_cluster_exit(Emitter& em, const ClusterIsa& ci) {
  em.line(inline_asm(*ci.arrive, {}, true));
  em.line(inline_asm(*ci.wait, {}, true));
}

bool reads_memory(const Group& g, const Node* n, const std::function<bool(const Node*)>& held) {
  if (find_param(g.reads, n) >= 0) return true;
  if (held(n)) return false;
  for (const Node* o : n->operands())
    if (reads_memory(g, o, held)) return true;
  return false;
}

}  // namespace detail
}  // namespace axon::tiling
