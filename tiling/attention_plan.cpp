// Attention groups (docs/attention.md): two matmuls with a row softmax between them, run as one
// flash-style kernel. Classification checks what makes the online softmax exact over the reals
// (the proven merges of rewrites/rules/true/softmax.axr): the max is taken of the scores' chain
// alone, and every value that depends on it is exp(u - max) passed on only through casts into
// P V and into row sums, so that a running max can rescale the partial results.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "calibration.h"
#include "internal.h"
#include "views.h"

namespace axon::tiling {

namespace detail {

namespace {

bool flag(const Node* n, const char* k) { return n->attrs().has(k) && n->attrs().b(k); }

const Node* through_casts(const Node* n) {
  while (n->op() == Op::Cast) n = n->operand(0);
  return n;
}

// keep(i, j) = a * i + b * j + c over the scores' last two axes (i the row, j the column), for
// iota comparisons with constants; affine() returns false when the node is not of that form.
struct Affine {
  int64_t a = 0, b = 0, c = 0;
};

bool affine(const Node* n, Affine& out) {
  auto integral = [](double v) { return std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e12; };
  switch (n->op()) {
    case Op::Iota: {
      const int64_t from_end = n->rank() - n->attrs().i("axis");
      for (int64_t d : dims_of(n))
        if (d >= (int64_t(1) << 24)) return false;  // exact in float
      if (from_end == 2) out = {1, 0, 0};
      else if (from_end == 1) out = {0, 1, 0};
      else return false;
      return true;
    }
    case Op::Constant: {
      const double v = n->attrs().f("value");
      if (!integral(v)) return false;
      out = {0, 0, static_cast<int64_t>(v)};
      return true;
    }
    case Op::Cast:
      return (n->dtype() == DType::f32 || n->dtype() == DType::i32) && affine(n->operand(0), out);
    case Op::Neg:
      if (!affine(n->operand(0), out)) return false;
      out = {-out.a, -out.b, -out.c};
      return true;
    case Op::Add:
    case Op::Sub: {
      Affine x, y;
      if (!affine(n->operand(0), x) || !affine(n->operand(1), y)) return false;
      const int64_t s = n->op() == Op::Add ? 1 : -1;
      out = {x.a + s * y.a, x.b + s * y.b, x.c + s * y.c};
      return true;
    }
    default: return false;
  }
}

// keep(i, j) >= 0 for a comparison node, as a band; false when it is not an iota comparison.
bool band_of(const Node* cond, bool negate, AttentionShape::Band& out) {
  Affine l, r;
  const Op op = cond->op();
  if ((op != Op::Ge && op != Op::Gt && op != Op::Le && op != Op::Lt) || !affine(cond->operand(0), l) ||
      !affine(cond->operand(1), r))
    return false;
  // d >= 0 with d = l - r (ge), l - r - 1 (gt: integers), r - l (le), r - l - 1 (lt).
  Affine d = (op == Op::Ge || op == Op::Gt) ? Affine{l.a - r.a, l.b - r.b, l.c - r.c} : Affine{r.a - l.a, r.b - l.b, r.c - l.c};
  if (op == Op::Gt || op == Op::Lt) d.c -= 1;
  if (negate) d = {-d.a, -d.b, -d.c - 1};  // not (d >= 0) is -d - 1 >= 0
  out = {d.a, d.b, d.c};
  return true;
}

bool is_neg_inf(const Node* n) {
  n = through_casts(n);
  return n->op() == Op::Constant && std::isinf(n->attrs().f("value")) && n->attrs().f("value") < 0;
}

}  // namespace

}  // namespace detail

std::pair<int64_t, int64_t> attention_key_tiles(const AttentionShape& a, int64_t i0, int64_t i1, int64_t bn) {
  const int64_t tiles = (a.qk.n + bn - 1) / bn;
  int64_t begin = 0, end = tiles;
  auto fdiv = [](int64_t x, int64_t y) { return x >= 0 ? x / y : -((-x + y - 1) / y); };
  for (const auto& b : a.bands) {
    const int64_t c = (b.alpha >= 0 ? b.alpha * i1 : b.alpha * i0) + b.gamma;  // the rows' best
    if (b.beta > 0) {
      const int64_t jmin = -fdiv(c, b.beta);  // ceil(-c / beta)
      begin = std::max(begin, jmin <= 0 ? int64_t(0) : jmin / bn);
    } else if (b.beta < 0) {
      const int64_t jmax = fdiv(c, -b.beta);
      end = std::min(end, jmax < 0 ? int64_t(0) : jmax / bn + 1);
    } else if (c < 0) {
      end = 0;
    }
  }
  return {begin, std::max(begin, end)};
}

namespace detail {

}  // namespace detail

double attention_flops(const AttentionShape& a) {
  double kept = 0;
  for (int64_t i = 0; i < a.qk.m; ++i) {
    int64_t lo = 0, hi = a.qk.n;  // keys [lo, hi) kept in row i
    auto fdiv = [](int64_t x, int64_t y) { return x >= 0 ? x / y : -((-x + y - 1) / y); };
    for (const auto& b : a.bands) {
      const int64_t c = b.alpha * i + b.gamma;
      if (b.beta > 0) lo = std::max(lo, -fdiv(c, b.beta));
      else if (b.beta < 0) hi = std::min(hi, fdiv(c, -b.beta) + 1);
      else if (c < 0) hi = lo;
    }
    kept += double(std::max<int64_t>(0, hi - lo));
  }
  return 2.0 * double(a.qk.batch) * kept * double(a.qk.k + a.pv.n);
}

namespace detail {

namespace {

// classify_attention's state: the group's nodes by role, what each depends on, and the two
// contractions; one method per check, each false (with s.why_generic) where it fails.
struct AttentionClassifier {
  const Group& g;
  const Isa* isa;
  GroupShape& s;
  F32Matmul f32;
  int products = 0;  // f32 operands: tf32 mma.sync products per multiply (AttentionShape::tf32_products)
  std::vector<const Node*> mms, maxes, sums;
  std::set<const Node*> in_group;
  // Which group nodes each node depends on (inside the group).
  std::map<const Node*, std::set<const Node*>> deps;
  bool stored = false;  // one matmul (P V) whose P is a softmax of a stored tensor
  const Node *mm1 = nullptr, *mm2 = nullptr, *mx = nullptr;
  const Node* scores_in = nullptr;  // stored scores
  const Node* u_node = nullptr;     // the u of exp(u - max)
  ContractionShape qk, pv;

  AttentionClassifier(const Group& g_, const Isa* isa_, GroupShape& s_, F32Matmul f32_) : g(g_), isa(isa_), s(s_), f32(f32_) {}
  bool fail(const std::string& why) {
    s.why_generic = "attention: " + why;
    return false;
  }
  bool depends(const Node* n, const Node* on) { return n == on || (in_group.count(n) && deps[n].count(on)); }
  bool run();
  bool find_roles();
  bool alone(const Node* mm, ContractionShape& c);
  bool f32_engine(ContractionShape& c);
  bool viewed(const Node* operand, bool swap, OperandPlan& plan);
  bool classify_pv();
  bool find_stored_scores();
  bool classify_qk();
  bool check_statistics();
  bool check_linearity();
  bool dry_runs();
  void finish();
};

bool AttentionClassifier::run() {
  if (!find_roles() || !classify_pv()) return false;
  if (stored ? !find_stored_scores() : !classify_qk()) return false;
  if (!check_statistics() || !check_linearity() || !dry_runs()) return false;
  finish();
  return true;
}

// The matmuls (P V second), the row max and sums; no other reduction.
bool AttentionClassifier::find_roles() {
  in_group.insert(g.nodes.begin(), g.nodes.end());
  for (const Node* n : g.nodes) {
    if (n->kind() == OpKind::Contraction) mms.push_back(n);
    else if (n->op() == Op::ReduceMax) maxes.push_back(n);
    else if (n->op() == Op::ReduceSum) sums.push_back(n);
    else if (n->kind() == OpKind::Reduce) return fail("a " + std::string(op_name(n->op())) + " reduction");
  }
  stored = mms.size() == 1;
  if (mms.size() != 2 && !stored) return fail("not two matmuls");
  if (maxes.size() != 1) return fail("not one row max");
  for (const Node* n : g.nodes) {
    std::set<const Node*>& d = deps[n];
    for (const Node* o : n->operands())
      if (in_group.count(o)) {
        d.insert(o);
        d.insert(deps[o].begin(), deps[o].end());
      }
  }
  mm1 = stored ? nullptr : mms[0];
  mm2 = stored ? mms[0] : mms[1];
  if (!stored && depends(mm1, mm2)) std::swap(mm1, mm2);
  if (!stored && !depends(mm2, mm1)) return fail("the second matmul does not read the first");
  mx = maxes[0];
  return true;
}

// A contraction classified alone with its operands stored.
bool AttentionClassifier::alone(const Node* mm, ContractionShape& c) {
  Group one{{mm}, {mm->operand(0), mm->operand(1)}, {mm}, "", {}};
  GroupShape cs;
  if (!classify_contraction(one, isa, cs, F32Matmul::Fma)) return fail(cs.why_generic);
  c = cs.mm;
  return true;
}

// f32 operands: tf32 mma.sync fed by TMA (32-bit words, 32-float panels), where allowed and the
// spec has the instructions; `products` per multiply. Sets c.tma (the copies) like wgmma's.
bool AttentionClassifier::f32_engine(ContractionShape& c) {
  if (c.in != DType::f32) return true;
  if (f32 == F32Matmul::Fma) return fail("f32 operands with --exact-f32 (the tensor cores' tf32 products not allowed)");
  if (!tf32_isa(*isa).ok || !tma_isa(*isa).ok) return fail("f32 operands need tf32 mma.sync and TMA");
  products = f32 == F32Matmul::Tf32 ? 1 : 3;
  for (const OperandPlan* p : {&c.a, &c.b})
    if (p->direct && p->view.base == nullptr) {
      const std::vector<int64_t> d = dims_of(p->node);
      if (d.back() % 4 != 0 || d.back() >= (int64_t(1) << 32) || numel(d) * 4 >= (int64_t(1) << 40)) return fail("an f32 operand no tensor map can copy");
    }
  c.tma = true;
  c.a.staged = nullptr;  // a computed Q is evaluated from its definition (no 16-bit staging)
  return true;
}

// An operand that is no group read, read through transposes and reshapes of one (views.h) by a
// tensor map of the view: its axes in the copy's order are the node's (batch, the tile's rows,
// the contiguous head dimension), the last two exchanged when `swap`. False (the plan untouched)
// where it is no such view or no tensor map can copy it.
bool AttentionClassifier::viewed(const Node* operand, bool swap, OperandPlan& plan) {
  if (isa == nullptr || find_param(g.reads, operand) >= 0 || !in_group.count(operand)) return false;
  std::optional<StridedView> v = strided_view(operand, [&](const Node* n) { return find_param(g.reads, n) >= 0; });
  if (!v) return false;
  if (swap) {
    std::vector<int64_t> perm;
    for (size_t a = 0; a < v->dims.size(); ++a) perm.push_back(static_cast<int64_t>(a));
    std::swap(perm[perm.size() - 1], perm[perm.size() - 2]);
    v = permuted(*v, perm);
  }
  const std::optional<ViewMap> m = view_map(*v);
  if (!m) return false;
  const TmaIsa ti = tma_isa(*isa);  // 4d and 5d maps need the spec's copies of that many coordinates
  if ((m->dims.size() == 3 && ti.copy4 == nullptr) || (m->dims.size() == 4 && ti.copy5 == nullptr)) return false;
  plan.view = *v;
  plan.direct = true;
  return true;
}

bool AttentionClassifier::classify_pv() {
  if (!alone(mm2, pv)) return false;
  // V stored, or a view of a stored value with the head dimension contiguous (V [keys, E], or
  // [E, keys] under transpose_b).
  if (find_param(g.reads, pv.b.node) < 0) {
    if (flag(mm2, "transpose_a") || !viewed(pv.b.node, flag(mm2, "transpose_b"), pv.b)) return fail("V is computed");
    pv.b.k_major = false;
  }
  if (!pv.b.direct || pv.b.k_major || flag(mm2, "transpose_a")) return fail("P V needs V stored with the head dimension contiguous");
  if (pv.in == DType::f32) return f32_engine(pv);
  if (!pv.tma || (pv.in != DType::bf16 && pv.in != DType::f16)) return fail("needs bf16, f16 or f32 operands, wgmma and TMA");
  if (wgmma_isa(*isa, pv.in).mma_areg_nb == nullptr)
    return fail("the ISA lacks wgmma with A in registers, or its shared-memory layout is not the generator's");
  return true;
}

// The scores: a stored tensor of P's shape and V's 16-bit type that the chain reads (at its point, checked by
// dry_runs), keys contiguous in rows TMA can copy. qk then only gives the shape.
bool AttentionClassifier::find_stored_scores() {
  if (pv.in == DType::f32) return fail("stored f32 scores (the kernel reads 16-bit scores)");
  const std::vector<int64_t> pd = dims_of(pv.a.node);
  for (const Node* r : g.reads)
    if (r->dtype() == pv.in && dims_of(r) == pd && r != pv.b.node) {
      bool read_by_chain = mx->operand(0) == r;
      for (const Node* n : g.nodes)
        for (const Node* o : n->operands()) read_by_chain = read_by_chain || (o == r && (n == mx->operand(0) || depends(mx->operand(0), n)));
      if (!read_by_chain) continue;
      if (scores_in != nullptr) return fail("the scores' chain reads two tensors of the scores' shape");
      scores_in = r;
    }
  if (scores_in == nullptr) return fail("no stored scores of V's type under the softmax");
  if (pd.back() % 8 != 0) return fail("the stored scores' rows are not a multiple of 16 bytes");
  if (numel(pd) * 2 >= (int64_t(1) << 40) || pd.back() >= (int64_t(1) << 32)) return fail("the stored scores exceed a tensor map");
  qk.batch = pv.batch;
  qk.batch_dims = pv.batch_dims;
  qk.m = pv.m;
  qk.n = pv.k;
  qk.k = 0;
  qk.in = pv.in;
  qk.wgmma = qk.tma = true;
  return true;
}

bool AttentionClassifier::classify_qk() {
  if (!alone(mm1, qk)) return false;
  // K stored, or a view of a stored value with the head dimension contiguous (K under transpose_b,
  // K^T without).
  if (find_param(g.reads, qk.b.node) < 0) {
    if (flag(mm1, "transpose_a") || !viewed(qk.b.node, !flag(mm1, "transpose_b"), qk.b)) return fail("K is computed");
    qk.b.k_major = true;
  }
  if (qk.in != pv.in) return fail("needs Q, K and V of one type");
  if (qk.in == DType::f32 && !f32_engine(qk)) return false;
  if (!qk.tma) return fail("needs wgmma and TMA");
  if (flag(mm1, "transpose_a") || !qk.b.direct || !qk.b.k_major) return fail("Q K^T needs Q and K with the head dimension contiguous");
  // Q is copied when stored or a view of a stored value (and TMA can), else computed by the
  // consumers once per block.
  qk.a.direct = qk.a.direct && (find_param(g.reads, qk.a.node) >= 0 || viewed(qk.a.node, false, qk.a));
  qk.a.k_major = true;
  // A computed Q's stored source (e.g. Q before its scale), which its consumers read in 16-byte rows.
  qk.a.staged = qk.a.direct || qk.in == DType::f32 ? nullptr : staged_source(g, qk, 0);
  if (qk.batch_dims != pv.batch_dims || qk.m != pv.m || qk.n != pv.k) return fail("the two matmuls' shapes do not chain");
  return true;
}

// P and the row statistics over the scores' keys; the sums read only at the end; the writes of
// the output's shape.
bool AttentionClassifier::check_statistics() {
  const std::vector<int64_t> scores = stored ? dims_of(scores_in) : dims_of(mm1);
  if (dims_of(pv.a.node) != scores) return fail("P is not of the scores' shape");
  if (qk.k > 256 || pv.n > 256) return fail("head dimensions above 256");
  std::vector<const Node*> stats = sums;
  stats.push_back(mx);
  for (const Node* r : stats) {
    const auto& axes = r->attrs().ints("axes");
    if (dims_of(r->operand(0)) != scores || axes.size() != 1 || axes[0] != r->operand(0)->rank() - 1)
      return fail("a row statistic over another tensor or axis than the scores' keys");
  }
  if (depends(mx, mm2)) return fail("the row max reads the second matmul");
  for (const Node* r : sums)
    if (depends(mx, r) || depends(mm2->operand(0), r)) return fail("a row sum is read before the end");
  for (const Node* w : g.writes)
    if (dims_of(w) != dims_of(mm2)) return fail("writes a value of another shape than the output");
  return true;
}

// Linearity in exp(u - max): every user of the max on the way to P or a sum is sub(u, max),
// used only by exp, whose value reaches P V and the sums only through casts.
bool AttentionClassifier::check_linearity() {
  std::map<const Node*, std::vector<const Node*>> users;
  for (const Node* n : g.nodes)
    for (const Node* o : n->operands())
      if (in_group.count(o) && std::find(users[o].begin(), users[o].end(), n) == users[o].end()) users[o].push_back(n);
  auto feeds_loop = [&](const Node* n) {
    if (depends(mm2->operand(0), n)) return true;
    return std::any_of(sums.begin(), sums.end(), [&](const Node* r) { return depends(r->operand(0), n); });
  };
  std::set<const Node*> scaled;  // values proportional to exp(-max)
  std::vector<const Node*> todo;
  // The max as the shift: itself or widened exactly (a cast to f32 of a 16-bit or f32 max).
  std::vector<const Node*> shifts = {mx}, subs;
  for (size_t i = 0; i < shifts.size(); ++i)
    for (const Node* n : users[shifts[i]]) {
      if (!feeds_loop(n)) continue;  // epilogue uses see the final max
      if (n->op() == Op::Cast && n->dtype() == DType::f32) shifts.push_back(n);
      else subs.push_back(n);
    }
  for (const Node* n : subs) {
    if (n->op() != Op::Sub || std::find(shifts.begin(), shifts.end(), n->operand(1)) == shifts.end() || depends(n->operand(0), mx))
      return fail("the row max is used otherwise than as exp(u - max) (by " + std::string(op_name(n->op())) + ")");
    for (const Node* e : users[n]) {
      if (e->op() != Op::Exp) return fail("u - max is used otherwise than by exp");
      if (scaled.insert(e).second) todo.push_back(e);
    }
    if (std::find(g.writes.begin(), g.writes.end(), n) != g.writes.end()) return fail("writes u - max");
    u_node = n->operand(0);
  }
  while (!todo.empty()) {
    const Node* x = todo.back();
    todo.pop_back();
    if (std::find(g.writes.begin(), g.writes.end(), x) != g.writes.end()) return fail("writes exp(u - max)");
    for (const Node* y : users[x]) {
      if (y->op() == Op::Cast) {
        if (scaled.insert(y).second) todo.push_back(y);
      } else if (!((y == mm2 && y->operand(0) == x) || (y->op() == Op::ReduceSum && y->operand(0) == x))) {
        return fail("exp(u - max) is used otherwise than by P V and row sums");
      }
    }
  }
  if (!scaled.count(mm2->operand(0))) return fail("P is not exp(u - max)");
  for (const Node* r : sums)
    if (!scaled.count(r->operand(0))) return fail("a row sum of something other than exp(u - max)");
  return true;
}

// Dry runs of the emitter: the scores' chain reads the first matmul only at its own point; P
// and the sums read the chain's value only there and the max at their row; the epilogue
// reads the second matmul at its point and the statistics at its row, nothing of the loop.
bool AttentionClassifier::dry_runs() {
  const Node* chain = mx->operand(0);
  Emitter em(nullptr, false, true);
  global_loads(em, g);
  em.name_var(kBatchVar, "bz");
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  std::vector<Term> point = coords_of(term::var(kBatchVar), qk.batch_dims);
  std::vector<Term> row = point;
  point.push_back(term::var(kRowVar));
  point.push_back(term::var(kColVar));
  row.push_back(term::var(kRowVar));
  auto row_key = [&](const Node* n) {
    std::vector<Term> r = row;
    if (n->rank() == static_cast<int>(point.size())) r.push_back(term::integer(0));
    return point_key(r);
  };
  const std::string key = point_key(point);
  std::string why;
  const Node* allowed = nullptr;  // the node `given` may supply at `key`
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    if (n == allowed) {
      if (point_key(p) != key && why.empty()) why = "reads the scores' chain at another point";
      return "v";
    }
    if (n == mx || std::find(sums.begin(), sums.end(), n) != sums.end()) {
      if (point_key(p) != row_key(n) && why.empty()) why = "reads a row statistic at another row";
      return "r";
    }
    if (n == scores_in && why.empty()) why = "reads the stored scores";
    if (((mm1 != nullptr && n == mm1) || n == mm2 || n->kind() == OpKind::Reduce) && why.empty()) why = "reads a value of the loop";
    return "";
  };
  allowed = nullptr;
  if (!stored) {
    em.open("{");
    (void)em.value(qk.a.node, operand_point(qk, 0, coords_of(term::var(kBatchVar), qk.batch_dims), term::var(kRowVar), term::var(kColVar)));
    em.close();
    if (!why.empty()) return fail("Q " + why);
  }
  allowed = stored ? scores_in : mm1;
  (void)em.value(chain, point);
  if (!why.empty()) return fail("the scores' chain " + why);
  allowed = chain;
  // P has the scores' dims and no transpose: P V reads it at the scores' point.
  em.open("{");
  (void)em.value(pv.a.node, point);
  for (const Node* r : sums) (void)em.value(r->operand(0), point);
  em.close();
  if (!why.empty()) return fail("P or a row sum " + why);
  allowed = mm2;
  em.open("{");
  for (const Node* w : g.writes) (void)em.value(w, point);
  em.close();
  if (!why.empty()) return fail("the epilogue " + why);
  return true;
}

// The shape, and the bands: tiles whose scores are all -inf can be skipped when u and the max's
// input are the same masked value (through casts): where(keep, x, -inf) layers, outermost first.
void AttentionClassifier::finish() {
  const Node* chain = mx->operand(0);
  AttentionShape a;
  a.scores = scores_in;
  a.qk = qk;
  a.pv = pv;
  a.max = mx;
  a.sums = sums;
  if (u_node != nullptr && through_casts(u_node) == through_casts(chain)) {
    const Node* x = through_casts(chain);
    while (x->op() == Op::Where) {
      AttentionShape::Band b;
      const bool keep_then = is_neg_inf(x->operand(2)), keep_else = is_neg_inf(x->operand(1));
      if ((!keep_then && !keep_else) || !band_of(x->operand(0), !keep_then, b)) break;
      b.cond = x->operand(0);
      b.keep = keep_then ? 1 : 0;
      a.bands.push_back(b);
      x = through_casts(x->operand(keep_then ? 1 : 2));
    }
  }
  if (!stored && products == 0 && isa != nullptr && tma_isa(*isa).stores() && g.writes.size() == 1) {
    const Node* w = g.writes[0];
    a.tma_store = dtype_bytes(w->dtype()) == 2 && is_float(w->dtype()) && dims_of(w) == dims_of(mm2) && pv.n % 8 == 0 && tensor_mappable(w) &&
                  isa->find("bar.sync.named") != nullptr && o_fragment_pairs(*isa, a, 128);  // 128: O's registers at most (256 columns)
  }
  s.strategy = Strategy::Attention;
  s.full = dims_of(mm2);
  s.elements = numel(s.full);
  a.tf32_products = products;
  s.min_bytes = s.max_bytes = dtype_bytes(pv.in);
  s.att = a;
  s.mm = pv;
}

}  // namespace

bool classify_attention(const Group& g, const Isa* isa, GroupShape& s, F32Matmul f32) {
  AttentionClassifier k(g, isa, s, f32);
  return k.run();
}

std::string attention_can_run(const AttentionShape& a, const AttentionConfig& t) {
  const bool x32 = a.tf32_products > 0, stored = a.scores != nullptr, deferred = t.pingpong || t.overlap;
  const int64_t panel = 128 / dtype_bytes(a.pv.in);
  auto up = [&](int64_t v) { return (v + panel - 1) / panel * panel; };
  if (t.tf32 != a.tf32_products) return "a configuration of another engine";
  if (t.bm != 64 * t.warps_m || t.warps_m < 1 || t.warps_m > 3) return "64 rows per consumer warpgroup, one to three of them";
  if (t.warps_m == 3 && (x32 || stored || t.pingpong || t.persistent || t.splits != 1 || t.cluster != 1))
    return "three consumer warpgroups run Q K^T's 16-bit tiles in order or overlapped, a block per row block";
  if (t.bn % (x32 ? 32 : t.bn > 128 && !stored ? 16 : 64) != 0 || t.bn > 256 || t.stages < 2) return "key tiles outside the layouts";
  if (up(a.qk.k) > 256 || up(a.pv.n) > 256) return "head dims over 256";
  if (x32 && (t.splits != 1 || deferred || t.pv_exact)) return "the f32 engine runs tile by tile, without a key split or pv-exact";
  if (deferred && (stored || t.splits != 1)) return "the deferred order needs Q K^T and no key split";
  if (t.pingpong && t.warps_m != 2) return "ping-pong needs two consumer warpgroups";
  if (t.splits != 1 && !(t.splits == 2 && stored && t.warps_m == 1 && t.threads == 384 && t.stages % 2 == 0))
    return "a key split needs stored scores, one row warpgroup and an even number of slots";
  if (t.cluster < 1 || t.cluster > 8 || (t.cluster > 1 && t.splits != 1)) return "a cluster of 2 to 8 blocks per row block needs one key split";
  if (t.one_p && (!deferred || t.cluster != 1)) return "one P buffer is the deferred orders' without a cluster";
  if (t.bn > 128 && !t.one_p) return "key tiles over 128 keep one P buffer";
  if (t.persistent && !(t.pingpong && !stored && !x32 && t.splits == 1 && t.cluster == 1))
    return "a persistent kernel needs ping-pong, Q K^T, no key split and no cluster";
  if (t.tma_store && !(t.persistent && a.tma_store)) return "the bulk-stored epilogue is the persistent kernel's, writing one 16-bit tensor of O's shape";
  if (t.stream && !(t.persistent && t.tma_store && attention_bulk_from_q(a) && !t.one_p))
    return "the row blocks' stream is the persistent kernel's with the bulk store from a computed Q's panels and two P buffers";
  if ((t.q_buffers != 2 && t.q_buffers != 3) || (t.q_buffers == 3 && !t.stream)) return "two Q buffers, or three in the stream";
  if (t.from_last && (!deferred || t.cluster != 1 || a.bands.empty()))
    return "the key tiles from the last are the deferred orders' under masks, without a cluster";
  return "";
}

namespace {

// The key tiles the row blocks of bm rows visit (masks skip some): over all of them, and the
// most one row block visits.
struct VisitedTiles {
  double total = 0;
  double longest = 0;
};
VisitedTiles visited_tiles(const AttentionShape& a, int bm, int bn) {
  VisitedTiles v;
  const int64_t mt = (a.qk.m + bm - 1) / bm;
  for (int64_t t = 0; t < mt; ++t) {
    auto [b, e] = attention_key_tiles(a, t * bm, std::min<int64_t>((t + 1) * bm, a.qk.m) - 1, bn);
    v.total += double(e - b);
    v.longest = std::max(v.longest, double(e - b));
  }
  return v;
}

// The products' time of a grid of `blocks` row blocks, `tile_flops` a key tile's work, at
// `tflops` (the engine's rate times its share): the whole chip over every block's tiles (the
// last wave's share capped), or one SM's share of it over the longest row block, whichever is
// longer: a grid of fewer blocks than SMs (one head, a few hundred rows) or causal rows of
// very unequal length runs as long as its longest block.
double grid_us(const VisitedTiles& v, double batch, double tile_flops, double blocks, double tflops, const Limits& L) {
  const AttentionCalibration& K = kAttention;
  const double waves = std::ceil(blocks / L.sm_count) / (blocks / L.sm_count);
  const double chip = v.total * batch * tile_flops / (tflops * 1e6) * std::min(waves, K.waves_cap);
  const double longest = v.longest * tile_flops / (tflops * 1e6 / L.sm_count);
  return std::max(chip, longest);
}

// A cluster of t.cluster blocks per row block only where the row blocks leave SMs idle, each
// rank with two tiles or more of the longest row block, and the ranks' exchange fits.
bool cluster_pays(const AttentionShape& a, const AttentionConfig& t, const VisitedTiles& tiles, double row_blocks, const Limits& L) {
  return row_blocks * t.cluster <= kAttention.cluster_fill * L.sm_count && tiles.longest >= 2.0 * t.cluster && attention_exchange_fits(a, t);
}

// The cluster's merge: every other rank's O and row statistics through distributed shared memory.
double cluster_merge_us(const AttentionShape& a, const AttentionConfig& t) {
  const AttentionCalibration& K = kAttention;
  return t.cluster > 1 ? K.cluster_merge_us + (t.cluster - 1) * double(attention_exchange_bytes(a, t)) / (K.dsmem_gb_s * 1e3) : 0.0;
}

// f32 operands (AttentionShape::tf32_products): one or two consumer warpgroups, tile by tile,
// key tiles of 32 or 64 (f32 slots are twice a 16-bit one's), two or three slots.
std::vector<RankedConfig> attention_f32_configs(const Group& g, const AttentionShape& a, const Limits& L, int group) {
  std::vector<RankedConfig> out;
  const AttentionCalibration& K = kAttention;
  // S's k-steps cover D and P V's 8-column tiles cover DV (8 at a time); O's registers are the
  // panels' columns.
  const int64_t dp = (a.qk.k + 7) / 8 * 8, dv8 = (a.pv.n + 7) / 8 * 8, dvp = (a.pv.n + 31) / 32 * 32;
  const double tf32 = L.tf32_tflops > 0 ? L.tf32_tflops : kTf32.tensor_over_fp32 * L.fp32_tflops;
  double bytes = 0;
  for (const auto* list : {&g.reads, &g.writes})
    for (const Node* n : *list) bytes += double(numel(dims_of(n))) * dtype_bytes(n->dtype());
  for (int c : {1, 2})
    for (int bn : {32, 64})
      for (int stages : {2, 3})
        for (int cl : {1, 2, 3, 4, 6, 8}) {
        // O, S (and S's second accumulator for three products), the rest.
        const int64_t regs = dvp / 2 + bn / 2 * (a.tf32_products == 3 ? 2 : 1) + K.regs_overhead;
        if (regs > (c == 2 ? K.regs_two : L.regs_per_thread)) continue;
        AttentionConfig t;
        t.threads = 128 * (c + 1);
        t.bm = 64 * c;
        t.bn = bn;
        t.warps_m = c;
        t.stages = stages;
        t.group = group;
        t.tf32 = a.tf32_products;
        t.cluster = cl;
        if (!attention_can_run(a, t).empty() || attention_smem(a, t) > L.smem_dynamic) continue;
        const double row_blocks = double((a.qk.m + t.bm - 1) / t.bm * a.qk.batch);
        VisitedTiles tiles = visited_tiles(a, t.bm, bn);
        if (cl > 1 && !cluster_pays(a, t, tiles, row_blocks, L)) continue;
        tiles.longest = std::ceil(tiles.longest / cl);  // the longest block: the first rank of the longest row block
        const double tile_flops = 2.0 * t.bm * bn * double(dp + dv8) * a.tf32_products;
        const double eff = K.f32_eff * (c == 2 ? K.f32_two : 1.0) * (bn == 64 ? 1.0 : K.bn64) * (stages >= 3 ? K.stages3 : 1.0);
        const double merge = cluster_merge_us(a, t);
        const double us = grid_us(tiles, double(a.qk.batch), tile_flops, row_blocks * cl, tf32 * eff, L) + merge +
                          bytes / (L.hbm_gb_s * 1e3) * K.qkv_l2_share + K.fixed_us;
        std::ostringstream why;
        why << "key tiles " << tiles.total << " (" << tiles.longest << " in the longest " << (cl > 1 ? "block" : "row block") << "), tf32 x"
            << a.tf32_products << ", efficiency " << eff;
        if (cl > 1) why << ", cluster of " << cl << " (merge " << merge << " us)";
        out.push_back({t, us, why.str()});
        }
  return out;
}

}  // namespace

std::vector<RankedConfig> attention_configs(const Group& g, const GroupShape& s, const Limits& L) {
  std::vector<RankedConfig> out;
  const AttentionShape& a = s.att;
  // S's k-steps cover D (16 at a time); P V's columns (wgmma's N) are the panels', or the head
  // dim's rounded to 8 (pv_exact, where they differ: V's last panel read in part).
  AttentionConfig exact;
  exact.pv_exact = true;
  const int64_t dp = (a.qk.k + 15) / 16 * 16, dvp = attention_pv_columns(a, AttentionConfig{}), dvn = attention_pv_columns(a, exact);
  const AttentionCalibration& K = kAttention;
  const double tensor = L.tensor_tflops > 0 ? L.tensor_tflops : kTensorOverFp32 * L.fp32_tflops;
  double bytes = 0;
  for (const auto* list : {&g.reads, &g.writes})
    for (const Node* n : *list) bytes += double(numel(dims_of(n))) * dtype_bytes(n->dtype());
  // Block order: groups of batch entries whose K and V (re-read by every row block of an entry)
  // fill at most a quarter of L2, so that the resident blocks' reads of them hit it.
  const double reuse = double(a.qk.n) * double((a.scores != nullptr ? 0 : a.qk.k) + a.pv.n) * dtype_bytes(a.pv.in);
  const int64_t fit = std::max<int64_t>(1, int64_t(double(L.l2_bytes) / K.l2_share / std::max(reuse, 1.0)));
  const int group = fit < a.qk.batch ? static_cast<int>(fit) : 0;
  if (a.tf32_products > 0) return attention_f32_configs(g, a, L, group);
  // Stored scores may split the keys between two consumer warpgroups of one row block (more
  // warps per SM when the row blocks are few), with a slot more each; a cluster of CL blocks
  // may share a row block (few row blocks, long rows: one head of decoding's single row).
  for (bool exact : {false, true})
  for (int c : {1, 2, 3})
    for (int ks : {1, 2})
    for (int bn : {64, 128, 176, 192})
      for (int stages : {2, 3, 4})
        for (int order : {0, 1, 2})  // tile by tile, overlap, pingpong
        for (int cl : {1, 2, 3, 4, 6, 8})
        for (bool one_p : {false, true}) {
        const bool pingpong = order == 2, overlap = order == 1;
        if (exact && dvn == dvp) continue;
        if (ks == 1 && stages == 4) continue;  // (a key split's slots: 2 or 4)
        // One P buffer: over 128 keys always; at 128 a twin of the ping-pong's two buffers.
        const bool one_p_twin = bn == 128 && (pingpong || c == 3) && cl == 1;
        if (one_p ? !(bn > 128 || one_p_twin) : bn > 128) continue;
        const int64_t cols = exact ? dvn : dvp;
        const int bm = 64 * c;
        // Registers per consumer thread: O, S (then P in place), P packed, row state, addresses;
        // one P buffer keeps less besides (ptxas, d 128: 176 keys no spill).
        // Three warpgroups have 160 each: their estimate counts both P buffers of the deferred
        // order and less besides (ptxas, d 64: one_p at 128 keys no spill, two buffers spilled),
        // more where the consumers compute Q (d 64, 128 keys: 12-84 bytes spilled).
        const int64_t regs = c == 3 ? cols / 2 + bn / 2 + (order == 1 && !one_p ? 2 : 1) * bn / 4 + K.regs_overhead_three +
                                          (a.qk.a.direct || a.scores != nullptr ? 0 : K.regs_q_computed_three)
                                    : cols / 2 + bn / 2 + bn / 4 + (one_p ? K.regs_overhead_one_p : K.regs_overhead);
        if (regs > (c == 3 ? K.regs_three : c * ks == 2 || one_p ? K.regs_two : L.regs_per_thread)) continue;
        if (c == 3 && cols > 96) continue;  // (O of 128 columns at 64 keys spilled 92 bytes at 160 registers)
        AttentionConfig t;
        t.threads = 128 * (c * ks + 1);
        t.bm = bm;
        t.bn = bn;
        t.warps_m = c;
        t.stages = stages;
        t.pingpong = pingpong;
        t.overlap = overlap;
        t.splits = ks;
        t.group = group;
        t.pv_exact = exact;
        t.cluster = cl;
        t.one_p = one_p;
        if (!attention_can_run(a, t).empty() || attention_smem(a, t) > L.smem_dynamic) continue;
        // Work: the key tiles each row block visits (masks skip some).
        VisitedTiles tiles = visited_tiles(a, bm, bn);
        const int64_t mt = (a.qk.m + bm - 1) / bm;
        if (cl > 1 && !cluster_pays(a, t, tiles, double(mt * a.qk.batch), L)) continue;
        tiles.longest = std::ceil(tiles.longest / cl);  // the longest block: the first rank of the longest row block
        const double tile_flops = 2.0 * bm * bn * double(dp + cols);
        // Tile by tile, a warpgroup's softmax does not overlap its own wgmmas; the deferred order
        // runs it beside the previous tile's P V; two consumer warpgroups interleave theirs,
        // larger tiles amortize the row bookkeeping.
        const double eff = (c == 3 ? K.eff_three : c * ks == 2 ? K.eff_two : K.eff_one) * (order > 0 ? K.deferred : 1.0) * (bn >= 128 ? 1.0 : K.bn64) *
                           (stages >= 3 ? K.stages3 : 1.0);
        const double blocks = double(mt * a.qk.batch * cl);
        // Stored scores are read once, the bulk of the bytes; Q, K, V mostly hit L2.
        const double us = grid_us(tiles, double(a.qk.batch), tile_flops, blocks, tensor * eff, L) + cluster_merge_us(a, t) +
                          bytes / (L.hbm_gb_s * 1e3) * (a.scores ? 1.0 : K.qkv_l2_share) + K.fixed_us;
        std::ostringstream why;
        why << "key tiles " << tiles.total << " (" << tiles.longest << " in the longest " << (cl > 1 ? "block" : "row block")
            << "), tensor efficiency " << eff;
        if (cl > 1) why << ", cluster of " << cl << " (merge " << cluster_merge_us(a, t) << " us)";
        out.push_back({t, us * (pingpong ? K.pingpong : 1.0) * (one_p ? K.one_p : 1.0), why.str()});
        // Its persistent twin (one block per SM over the row blocks), where some block walks two
        // or more: measured faster than the twin at every length tried (K.persistent).
        // (Not with one P buffer: ptxas spilled 16 bytes at 176 keys, d 128.)
        // Its epilogue stages O in Q's panels where the consumers compute Q; a copied Q's panels
        // belong to the producer's next copy by then, so it writes from registers.
        if (pingpong && cl == 1 && !one_p && a.scores == nullptr && mt * a.qk.batch > L.sm_count) {
          const bool q_copied = a.qk.a.direct;
          const double persistent_us = us * K.pingpong * K.persistent;
          t.persistent = true;
          if (attention_smem(a, t) <= L.smem_dynamic)
            out.push_back({t, persistent_us * (q_copied ? K.persistent_register_writes : 1.0), why.str() + ", persistent"});
          // And its twin whose epilogue TMA stores the output, from the staged O in Q's panels
          // (a computed Q; measured faster than the staged stores: K.persistent_bulk_from_q) or
          // from a buffer of its own, where the group allows and it fits.
          t.tma_store = true;
          const bool from_q = attention_bulk_from_q(a);
          if (a.tma_store && attention_smem(a, t) <= L.smem_dynamic)
            out.push_back({t, persistent_us * (from_q ? K.persistent_bulk_from_q : 1.0),
                           why.str() + ", persistent, bulk-stored epilogue" + (from_q ? " from Q's panels" : "")});
          // And the stream of its row blocks, with two Q buffers and with three, where they fit.
          t.stream = true;
          const double stream_us = persistent_us * K.persistent_bulk_from_q * (a.bands.empty() ? K.persistent_stream : K.persistent_stream_masked);
          for (int qb : {2, 3}) {
            t.q_buffers = qb;
            if (attention_can_run(a, t).empty() && attention_smem(a, t) <= L.smem_dynamic)  // (it needs from_q)
              out.push_back({t, stream_us * (qb == 3 ? K.stream_q3 : 1.0),
                             why.str() + ", persistent, bulk-stored epilogue from Q's panels, row blocks streamed" + (qb == 3 ? ", three Q buffers" : "")});
          }
          t.q_buffers = 2;
        }
        }
  // Under masks each deferred candidate's twin that walks its key tiles from the last
  // (AttentionConfig::from_last); the search times both.
  const size_t forward = out.size();
  for (size_t i = 0; i < forward; ++i) {
    AttentionConfig t = *out[i].config.get_if<AttentionConfig>();
    t.from_last = true;
    if (attention_can_run(a, t).empty()) out.push_back({t, out[i].est_us * K.from_last, out[i].why + ", key tiles from the last"});
  }
  return out;
}

}  // namespace detail

}  // namespace axon::tiling
