// Side reductions of a register-A contraction (ContractionShape::side; docs/fused-normalization.md):
// a reduction over A's k axis of a value computed from A's copied source at A's own point, which
// the consumers accumulate from the fragments they evaluate and the epilogue reads at its row.
// Their meaning comes from the op's definition (the Reduce term's body and what surrounds it),
// as everywhere else: classification and the kernel use the same two functions below.
#include <algorithm>
#include <functional>
#include <set>

#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

// Whether n's value depends on x (x among its operands' cones).
bool depends_on(const Node* n, const Node* x) {
  std::set<const Node*> seen;
  std::function<bool(const Node*)> walk = [&](const Node* v) {
    if (v == x) return true;
    if (!seen.insert(v).second) return false;
    return std::any_of(v->operands().begin(), v->operands().end(), walk);
  };
  return walk(n);
}

// r's output point at row `row_var`: the batch, the row and, kept, the reduced axis at 0.
std::vector<Term> stat_point(const Node* r, const std::vector<Term>& batch, int row_var) {
  std::vector<Term> p = batch;
  p.push_back(term::var(row_var));
  if (r->rank() == static_cast<int>(batch.size()) + 2) p.push_back(term::integer(0));
  return p;
}

std::map<int, Term> output_vars(const Definition& d, const std::vector<Term>& point) {
  AXON_CHECK(d.vars.size() == point.size(), "codegen: a side reduction's point has another rank than its definition");
  std::map<int, Term> sub;
  for (size_t i = 0; i < point.size(); ++i) sub[d.vars[i]] = point[i];
  return sub;
}

}  // namespace

SideReduction side_reduction(const Node* r) {
  SideReduction s;
  s.def = define(*r);
  std::function<void(const Term&)> find = [&](const Term& t) {
    if (t->kind == TermKind::Reduce) {
      AXON_CHECK(s.red == nullptr, "codegen: a reduction's definition with two Reduce terms");
      s.red = t.get();
    }
    for (const Term& a : t->args) find(a);
  };
  find(s.def.body);
  AXON_CHECK(s.red != nullptr, "codegen: reduction without a Reduce term");
  return s;
}

std::string side_body(Emitter& em, const SideReduction& s, const Node* r, const std::vector<Term>& batch, int row_var, int k_var) {
  std::map<int, Term> inner = output_vars(s.def, stat_point(r, batch, row_var));
  inner[static_cast<int>(s.red->ival)] = term::var(k_var);
  return em.term(s.red->args[1], r, inner);
}

std::string side_value(Emitter& em, const SideReduction& s, const Node* r, const std::vector<Term>& batch, int row_var,
                       const std::string& acc) {
  return em.round(r->dtype(), em.term(s.def.body, r, output_vars(s.def, stat_point(r, batch, row_var)), {{s.red, acc}}));
}

bool at_stat_row(const Node* r, const std::vector<Term>& batch, int row_var, const std::vector<Term>& p) {
  return point_key(p) == point_key(stat_point(r, batch, row_var));
}

std::string side_reductions(const Group& g, ContractionShape& c, const std::vector<const Node*>& reductions) {
  const Node* a = c.a.node;
  const std::vector<Term> batch = coords_of(term::var(kBatchVar), c.batch_dims);
  const std::vector<Term> point = operand_point(c, 0, batch, term::var(kARowVar), term::var(kAKVar));
  const std::string key = point_key(point);
  c.side.clear();
  for (const Node* r : reductions) {
    const std::string what = "the group also reduces (" + std::string(op_name(r->op())) + ")";
    const std::vector<int64_t>& axes = r->attrs().ints("axes");
    if (dims_of(r->operand(0)) != dims_of(a) || axes.size() != 1 || axes[0] != a->rank() - 1 ||
        a->rank() != static_cast<int>(c.batch_dims.size()) + 2)
      return what + " other than along A's k axis";
    if (depends_on(a, r)) return what + " and A reads it";
    // What it reduces is computed from A's copied source at A's own point (a dry run).
    Emitter em(nullptr, false, true);
    global_loads(em, g);
    em.name_var(kBatchVar, "bz");
    em.name_var(kARowVar, "ar");
    em.name_var(kAKVar, "ak");
    bool elsewhere = false;
    em.load = [&](const Node* n, const std::vector<Term>& p) -> std::string {
      elsewhere = elsewhere || n != c.a.staged || point_key(p) != key;
      return "v";
    };
    em.given = [&](const Node* n, const std::vector<Term>&) -> std::string {
      if (std::find(reductions.begin(), reductions.end(), n) == reductions.end()) return "";
      elsewhere = true;  // a reduction of a reduction
      return "s";
    };
    (void)side_body(em, side_reduction(r), r, batch, kARowVar, kAKVar);
    if (elsewhere) return what + " of values other than A's copied source at A's point";
    c.side.push_back(r);
  }
  return "";
}

}  // namespace axon::tiling::detail
