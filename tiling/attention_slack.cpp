// Validation of attention kernels (docs/attention.md, "Validation"): the scores Q K^T stay on chip,
// accumulated in f32 by the tensor cores and rounded to their 16-bit type, where the reference
// accumulates in double. Where the exact score lies within f32's accumulation error of a rounding
// boundary, both neighbouring 16-bit values are correct results of the graph; a kernel that takes
// the other one moves its row's probabilities. This reference kernel bounds that move for every
// output element: per row, delta = sum over such ambiguous scores of |P' - P| (P the value the
// matmul with V reads, P' the same with the other rounding), eps = delta / sum P (the total
// relative change of the row's weights), and for element d the slack
// 2 eps / (1 - eps) * max over the keys with P > 0 of |V[j, d] - O[d]|, which bounds
// |sum p' v - sum p v| (total variation of the normalized weights times the spread of V).
// Rows without an ambiguous score get slack 0: the comparison stays as tight as elsewhere.
// Large scores (Q and K from projections: scores of 1e8, one ulp of bf16 a logit step of 1e6)
// make P' overflow or bring back a key whose P underflowed to 0: the total variation of two
// probability vectors is at most 2 whatever eps is (so the slack stays finite, never NaN), and a
// row where the other rounding revives a key takes the spread over every key, that one included.
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

// Nodes on the way from `from` to `to` (both included) that the slack kernel must recompute from
// an alternative `from` (reductions keep the reference's values: they cancel in the normalization).
std::set<const Node*> chain_between(const Node* from, const Node* to) {
  std::set<const Node*> out;
  std::function<bool(const Node*)> visit = [&](const Node* n) {
    if (n == from) return true;
    bool on = false;
    for (const Node* o : n->operands()) on = visit(o) || on;
    if (on && n->kind() != OpKind::Reduce) out.insert(n);
    return on && n->kind() != OpKind::Reduce;
  };
  visit(to);
  out.insert(from);
  return out;
}

}  // namespace

bool emit_attention_slack(const Group& g, const GroupShape& s, const std::string& name, bool wide, const std::vector<const Node*>& computed,
                          std::string& source, Launch& launch, std::vector<int>& slack_of) {
  if (s.strategy != Strategy::Attention || s.att.scores != nullptr) return false;
  const ContractionShape& qk = s.att.qk;
  const ContractionShape& pv = s.att.pv;
  const Node* S = qk.mm;
  const Node* P = pv.a.node;
  const Node* V = pv.b.node;
  const std::vector<int64_t> out_dims = dims_of(pv.mm);
  std::vector<size_t> slacked;
  for (size_t w = 0; w < g.writes.size(); ++w)
    if (dims_of(g.writes[w]) == out_dims && find_param(computed, g.writes[w]) >= 0) slacked.push_back(w);
  if (slacked.empty()) return false;
  const std::set<const Node*> chain = chain_between(S, P);

  Emitter em(nullptr, true, wide);
  em.name_var(kBatchVar, "bz");
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  em.name_var(kKVar, "gk");
  em.name_var(kCol1Var, "gd");
  std::string alt;  // the alternative rounding of S at (bz, gi, gj), while it is evaluated
  const std::vector<Term> batch = coords_of(term::var(kBatchVar), qk.batch_dims);
  std::vector<Term> s_point = batch;
  s_point.push_back(term::var(kRowVar));
  s_point.push_back(term::var(kColVar));
  const std::string s_key = point_key(s_point);
  em.stored = [&](const Node* n) {
    if (find_param(g.reads, n) >= 0) return true;
    return find_param(computed, n) >= 0 && !(chain.count(n) && !alt.empty());
  };
  em.load = [&](const Node* n, const std::vector<Term>& p) {
    std::string i = em.index(flat_index(p, dims_of(n)));
    if (int k = find_param(g.reads, n); k >= 0) return "axon_ldd_" + dt(n) + "(in" + std::to_string(k) + " + " + i + ")";
    return "ref" + std::to_string(find_param(computed, n)) + "[" + i + "]";
  };
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    return n == S && !alt.empty() && point_key(p) == s_key ? alt : std::string();
  };

  std::string params;
  for (size_t i = 0; i < g.reads.size(); ++i)
    params += (params.empty() ? "" : ", ") + std::string("const ") + storage_type(g.reads[i]->dtype()) + "* __restrict__ in" + std::to_string(i);
  for (size_t i = 0; i < computed.size() + slacked.size(); ++i) params += ", double* ref" + std::to_string(i);
  const std::string I = em.idx();
  const int64_t rows = qk.batch * qk.m;
  std::ostringstream head;
  head << "// Validation slack of an attention group (tiling/attention_slack.cpp): one thread per row.\n"
       << "extern \"C\" __global__ void __launch_bounds__(128) " << name << "(" << params << ") {\n";
  em.open("for (" + I + " lin = (" + I + ")blockIdx.x * 128 + threadIdx.x; lin < " + std::to_string(rows) + "; lin += (" + I +
          ")gridDim.x * 128) {");
  em.line("const " + I + " bz = lin / " + std::to_string(qk.m) + ", gi = lin % " + std::to_string(qk.m) + ";");
  em.line("double zsum = 0.0, delta = 0.0;");
  em.line("bool revived = false;");
  em.open("for (" + I + " gj = 0; gj < " + std::to_string(qk.n) + "; ++gj) {");
  // The exact score and the bound of f32 accumulation in any order: (K + 2) 2^-23 sum |q k|
  // (twice gamma_K; tensor cores accumulate in f32).
  em.line("double sx = 0.0, sa = 0.0;");
  em.open("for (" + I + " gk = 0; gk < " + std::to_string(qk.k) + "; ++gk) {");
  const std::string a = em.value(qk.a.node, operand_point(qk, 0, batch, term::var(kRowVar), term::var(kKVar)));
  const std::string b = em.value(qk.b.node, operand_point(qk, 1, batch, term::var(kColVar), term::var(kKVar)));
  em.line("const double x = " + a + " * " + b + ";");
  em.line("sx += x;");
  em.line("sa += fabs(x);");
  em.close();
  em.line("const double se = " + float_literal(double(qk.k + 2) * 1.1920928955078125e-07, true) + " * sa;");
  em.line("const double lo = " + em.round(S->dtype(), "sx - se") + ", hi = " + em.round(S->dtype(), "sx + se") + ", mid = " +
          em.round(S->dtype(), "sx") + ";");
  em.line("const double salt = mid != lo ? lo : hi;");
  std::vector<Term> p_point = batch;
  p_point.push_back(term::var(kRowVar));
  p_point.push_back(term::var(kColVar));
  em.line("double p0;");
  em.open("{");
  em.line("p0 = " + em.value(P, p_point) + ";");
  em.close();
  em.line("zsum += p0;");
  em.open("if (lo != hi) {");
  alt = "salt";
  em.line("const double p1 = " + em.value(P, p_point) + ";");
  alt.clear();
  em.line("delta += fabs(p1 - p0);");
  em.line("revived = revived || (p0 == 0.0 && p1 != 0.0);");
  em.close();
  em.close();
  em.line("const double eps = zsum > 0.0 ? delta / zsum : 0.0;");
  for (size_t i = 0; i < slacked.size(); ++i) {
    const Node* w = g.writes[slacked[i]];
    const int wbuf = find_param(computed, w);
    const std::string out = "ref" + std::to_string(computed.size() + i);
    std::vector<Term> o_point = batch;
    o_point.push_back(term::var(kRowVar));
    o_point.push_back(term::var(kCol1Var));
    const std::string at = em.index(flat_index(o_point, out_dims));
    em.open("for (" + I + " gd = 0; gd < " + std::to_string(pv.n) + "; ++gd) {");
    em.line("double sl = 0.0;");
    em.open("if (eps > 0.0) {");
    em.line("const double o = ref" + std::to_string(wbuf) + "[" + at + "];");
    em.line("double mx = 0.0;");
    em.open("for (" + I + " gj = 0; gj < " + std::to_string(qk.n) + "; ++gj) {");
    em.line("const double p = " + em.value(P, p_point) + ";");
    em.line("const double v = " + em.value(V, operand_point(pv, 1, batch, term::var(kCol1Var), term::var(kColVar))) + ";");
    em.line("if (p > 0.0 || revived) mx = fmax(mx, fabs(v - o));");
    em.close();
    em.line("const double tv = eps == eps ? fmin(2.0 * eps / (1.0 - fmin(eps, 0.5)), 2.0) : 2.0;");
    em.line("sl = tv * mx;");
    em.close();
    em.line(out + "[" + at + "] = sl;");
    em.close();
    slack_of[slacked[i]] = static_cast<int>(computed.size() + i);
  }
  em.close();
  source = head.str() + em.str() + "}\n";
  launch.function = name;
  launch.grid = std::max<int64_t>(1, std::min<int64_t>((rows + 127) / 128, int64_t(1) << 16));
  launch.block = 128;
  return true;
}

}  // namespace axon::tiling::detail
