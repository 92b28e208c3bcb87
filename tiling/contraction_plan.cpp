// Contraction groups (docs/contraction.md): which groups run on tensor cores and how each operand
// reaches shared memory. The tilings worth timing, per kernel family: contraction_configs.cpp.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling {

double prologue_us(double elements, double recompute, double weight, double producer_warps, int sm_count, double per_warp) {
  // per_warp: elements per us per SM and warp, at weight 1
  return elements * recompute * weight / (per_warp * std::max(1.0, producer_warps) * std::max(1, sm_count));
}

double prologue_weight(const Node* operand, const std::function<bool(const Node*)>& inside) {
  double w = 0;
  std::set<const Node*> seen;
  std::vector<const Node*> stack{operand};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (!inside(n) || !seen.insert(n).second) continue;
    if (n->kind() != OpKind::Layout && n->op() != Op::Cast)
      w += is_transcendental(n->op()) ? 4.0 : 1.0;
    for (const Node* o : n->operands()) stack.push_back(o);
  }
  return std::max(1.0, w);
}

namespace detail {

namespace {

// A lookup of the target's instructions that names the first one missing in `why`.
auto needs(const Isa& isa, std::string& why) {
  return [&isa, &why](const InstrSpec*& slot, const std::string& name) {
    slot = isa.find(name);
    if (slot == nullptr && why.empty()) why = "the " + isa.target.target + " ISA spec has no " + name;
  };
}

}  // namespace

TensorCoreIsa tensor_core_isa(const Isa& isa, DType in) {
  TensorCoreIsa t;
  const std::string ty = in == DType::f16 ? "f16" : "bf16";
  const auto need = needs(isa, t.why);
  need(t.mma, "mma.sync.aligned.m16n8k16.row.col.f32." + ty + "." + ty + ".f32");
  need(t.ldsm, "ldmatrix.sync.aligned.m8n8.x4.shared.b16");
  need(t.ldsm_t, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16");
  need(t.cp16, "cp.async.cg.shared.global.16");
  need(t.commit, "cp.async.commit_group");
  need(t.wait, "cp.async.wait_group");
  t.ok = t.why.empty();
  return t;
}

const InstrSpec* tf32_rounding(const Isa& isa) {
  const InstrSpec* best = nullptr;
  for (const InstrSpec& i : isa.instrs) {
    const bool f32_to_tf32 = i.kind == InstrKind::Scalar && i.outs.size() == 1 && i.outs[0].type == "tf32" && i.ins.size() == 1 &&
                             i.ins[0].type == "f32";
    // Round to nearest (either tie rule): at most half a tf32 ulp, relative 2^-11.
    const bool nearest = i.error.kind == ErrorBound::Kind::Rel && i.error.value <= 0x1p-11;
    if (!f32_to_tf32 || !nearest) continue;
    if (best == nullptr || std::tie(i.issue, i.latency, i.name) < std::tie(best->issue, best->latency, best->name)) best = &i;
  }
  return best;
}

Tf32Isa tf32_isa(const Isa& isa) {
  Tf32Isa t;
  const auto need = needs(isa, t.why);
  need(t.mma, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
  t.cvt = tf32_rounding(isa);
  if (t.cvt == nullptr && t.why.empty()) t.why = "the " + isa.target.target + " ISA spec has no f32 -> tf32 rounding to nearest";
  need(t.cp4, "cp.async.ca.shared.global.4");
  need(t.cp16, "cp.async.cg.shared.global.16");
  need(t.commit, "cp.async.commit_group");
  need(t.wait, "cp.async.wait_group");
  t.ok = t.why.empty();
  return t;
}

namespace {

// Whether the matmul's transpose attribute of operand `op` is set.
bool transposed(const ContractionShape& c, int op) {
  const char* attr = op == 0 ? "transpose_a" : "transpose_b";
  return c.mm->attrs().has(attr) && c.mm->attrs().b(attr);
}

}  // namespace

bool stored_k_major(const ContractionShape& c, int op) { return op == 0 ? !transposed(c, 0) : transposed(c, 1); }

std::vector<Term> operand_point(const ContractionShape& c, int operand, const std::vector<Term>& batch,
                                const Term& outer, const Term& kk) {
  const Node* x = operand == 0 ? c.a.node : c.b.node;
  const bool trans = transposed(c, operand);
  const std::vector<int64_t> d = dims_of(x);
  const size_t nb = d.size() - 2;
  std::vector<Term> p(d.size());
  // NumPy broadcasting: the operand's batch axes are the trailing batch axes of the output.
  for (size_t i = 0; i < nb; ++i) {
    size_t o = batch.size() - nb + i;
    p[i] = d[i] == 1 ? term::integer(0) : batch[o];
  }
  // A's natural index is (row, k), B's (k, col); transposed operands are stored the other way.
  Term first = operand == 0 ? outer : kk, second = operand == 0 ? kk : outer;
  if (trans) std::swap(first, second);
  p[nb] = first;
  p[nb + 1] = second;
  return p;
}

// The staged source of computed operand `op` (OperandPlan::staged), or null: a stored bf16/f16
// value with the operand's dims, contiguous axis a multiple of 8 (TMA strides), stored in the
// orientation of the operand's tile (K-major A, N-major B: no transpose attribute), and read by
// the operand's definition only at the operand's own point (a dry run of the emitter).
const Node* staged_source(const Group& g, const ContractionShape& c, int op) {
  const Node* x = op == 0 ? c.a.node : c.b.node;
  if (transposed(c, op)) return nullptr;
  Emitter em(nullptr, false, true);
  global_loads(em, g);
  em.name_var(kBatchVar, "bz");
  em.name_var(kRowVar, "go");
  em.name_var(kKVar, "pi");
  const std::vector<Term> point =
      operand_point(c, op, coords_of(term::var(kBatchVar), c.batch_dims), term::var(op == 0 ? kRowVar : kColVar), term::var(kKVar));
  const std::string key = point_key(point);
  std::map<const Node*, bool> only_here;  // read, and only at the operand's point
  em.load = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    auto it = only_here.emplace(n, true).first;
    it->second = it->second && point_key(p) == key;
    return "v";
  };
  (void)em.value(x, point);
  for (const auto& [n, here] : only_here)
    if (here && (n->dtype() == DType::bf16 || n->dtype() == DType::f16) && dims_of(n) == dims_of(x) && dims_of(n).back() % 8 == 0)
      return n;
  return nullptr;
}

namespace {

// Register A's reads (ContractionShape::a_kvecs, a_reads_inputs): a dry run of the emitter over
// A's definition at a fragment's point, recording each stored value it reads and where.
void register_a_reads(const Group& g, ContractionShape& c) {
  Emitter em(nullptr, false, true);
  global_loads(em, g);
  em.name_var(kBatchVar, "bz");  // a definition may compute with its indices (a mask's iota)
  em.name_var(kARowVar, "ar");
  em.name_var(kAKVar, "ak");
  const std::vector<Term> point =
      operand_point(c, 0, coords_of(term::var(kBatchVar), c.batch_dims), term::var(kARowVar), term::var(kAKVar));
  std::vector<const Node*> along_k, elsewhere;
  c.a_reads_inputs = true;
  em.load = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    if (n == c.a.staged) return "v";
    c.a_reads_inputs = c.a_reads_inputs && n->op() == Op::Input;
    const bool by_row = std::any_of(p.begin(), p.end(), [](const Term& i) { return mentions_var(i, kARowVar); });
    (by_row ? elsewhere : along_k).push_back(n);
    return "v";
  };
  (void)em.value(c.a.node, point);
  for (const Node* n : along_k)  // read only at points along k, once each
    if (std::find(elsewhere.begin(), elsewhere.end(), n) == elsewhere.end() &&
        std::find(c.a_kvecs.begin(), c.a_kvecs.end(), n) == c.a_kvecs.end())
      c.a_kvecs.push_back(n);
}

}  // namespace

bool classify_contraction(const Group& g, const Isa* isa, GroupShape& s, F32Matmul f32) {
  auto fail = [&](const std::string& why) {
    s.why_generic = "contraction: " + why;
    return false;
  };
  const Node *mm = nullptr, *mm2 = nullptr;
  std::vector<const Node*> reductions;  // side reductions, if register A takes them
  for (const Node* n : g.nodes) {
    if (n->kind() == OpKind::Reduce) reductions.push_back(n);
    if (n->kind() != OpKind::Contraction) continue;
    if (mm2 != nullptr) return fail("more than two matmuls in the group");
    (mm == nullptr ? mm : mm2) = n;
  }
  AXON_CHECK(mm != nullptr, "classify_contraction without a contraction");
  // Twins: the one the group writes (if any) is `mm`, whose tile comes first.
  auto written = [&](const Node* n) { return std::find(g.writes.begin(), g.writes.end(), n) != g.writes.end(); };
  if (mm2 != nullptr && written(mm2) && !written(mm)) std::swap(mm, mm2);
  ContractionShape c;
  c.mm = mm;
  if (mm2 != nullptr) {
    // Twins: the same A, flags and shape; B2 like B (its plan and copies are checked below).
    auto flag = [](const Node* n, const char* f) { return n->attrs().has(f) && n->attrs().b(f); };
    if (mm2->operand(0) != mm->operand(0) || flag(mm, "transpose_a") != flag(mm2, "transpose_a") ||
        flag(mm, "transpose_b") != flag(mm2, "transpose_b") || dims_of(mm) != dims_of(mm2) || mm->dtype() != mm2->dtype() ||
        mm2->operand(1)->dtype() != mm->operand(1)->dtype() || dims_of(mm2->operand(1)) != dims_of(mm->operand(1)))
      return fail("two matmuls that do not share their A operand, flags and shapes");
    c.mm2 = mm2;
    c.b2.node = mm2->operand(1);
  }
  c.a.node = mm->operand(0);
  c.b.node = mm->operand(1);
  if (c.a.node->rank() < 2 || c.b.node->rank() < 2) return fail("a 1-D operand");
  const DType in = c.a.node->dtype();  // the graph format gives both operands one dtype
  if (in != c.b.node->dtype() || (in != DType::f32 && in != DType::bf16 && in != DType::f16))
    return fail("operands are " + std::string(dtype_name(in)) + " and " + std::string(dtype_name(c.b.node->dtype())) +
                " (float types only)");
  // Tensor cores take bf16 and f16 operands; f32 is multiplied in f32 on the CUDA cores (SIMT),
  // and, where the spec has the tf32 instructions, as three tf32 products on the tensor cores
  // (beside SIMT), or in tf32 when allowed (--allow-tf32; docs/contraction.md).
  c.simt = in == DType::f32;
  const bool tensor_f32 = c.simt && isa != nullptr && tf32_isa(*isa).ok;
  c.tf32 = tensor_f32 && f32 == F32Matmul::Tf32;
  c.tf32x3 = tensor_f32 && f32 == F32Matmul::Tf32x3;
  if (c.simt && mm2 != nullptr) return fail("twin matmuls need 16-bit operands (tensor cores)");
  c.in = in;
  if (!c.simt) {
    if (isa == nullptr) return fail("no ISA given");
    TensorCoreIsa tc = tensor_core_isa(*isa, c.in);
    if (!tc.ok) return fail(tc.why);
  }
  const std::vector<int64_t> out = dims_of(mm);
  const bool ta = mm->attrs().has("transpose_a") && mm->attrs().b("transpose_a");
  const std::vector<int64_t> ad = dims_of(c.a.node), bd = dims_of(c.b.node);
  c.batch_dims.assign(out.begin(), out.end() - 2);
  c.batch = numel(c.batch_dims);
  c.m = out[out.size() - 2];
  c.n = out.back();
  c.k = ta ? ad[ad.size() - 2] : ad.back();
  for (const Node* w : g.writes)
    if (dims_of(w) != out) return fail("writes a value of another shape than the matmul's");
  // The epilogue must read the matmul only at the output point (a dry run of the emitter).
  {
    Emitter em(nullptr, false, true);
    global_loads(em, g);
    em.name_var(kBatchVar, "bz");
    em.name_var(kRowVar, "gi");
    em.name_var(kColVar, "gj");
    bool elsewhere = false;
    std::vector<Term> point = coords_of(term::var(kBatchVar), c.batch_dims);
    point.push_back(term::var(kRowVar));
    point.push_back(term::var(kColVar));
    const std::string key = point_key(point);
    bool off_row = false;  // a reduction read at another point than its row's
    em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
      if (std::find(reductions.begin(), reductions.end(), n) != reductions.end()) {
        off_row = off_row || !at_stat_row(n, coords_of(term::var(kBatchVar), c.batch_dims), kRowVar, p);
        return "s";
      }
      if (n != mm && n != mm2) return "";
      if (point_key(p) != key) elsewhere = true;
      return n == mm ? "acc" : "acc2";
    };
    for (const Node* w : g.writes) (void)em.value(w, point);
    if (elsewhere) return fail("the epilogue reads the matmul's result at other points than its own");
    if (off_row) return fail("the epilogue reads a reduction at other points than its row");
    if (mm2 != nullptr && written(mm2)) return fail("the group writes both twin matmuls' results");
  }
  // Direct operands: stored, with the output's batch axes, contiguous axis a multiple of 8.
  auto plan = [&](OperandPlan& p, int operand) {
    const std::vector<int64_t>& d = operand == 0 ? ad : bd;
    // Broadcast batch axes are fine: the copy's source panel is the operand's own (operand_point).
    const bool stored = find_param(g.reads, p.node) >= 0;
    p.direct = stored && d.back() % 8 == 0;
    p.k_major = p.direct ? stored_k_major(c, operand) : operand == 0;
  };
  plan(c.a, 0);
  plan(c.b, 1);
  if (mm2 != nullptr) plan(c.b2, 1);
  auto accept = [&]() {
    s.strategy = Strategy::Contraction;
    s.full = out;
    s.elements = numel(out);
    s.mm = c;
    s.min_bytes = s.max_bytes = dtype_bytes(c.in);
    return true;
  };
  if (!reductions.empty() && c.simt) return fail("the group also reduces (" + std::string(op_name(reductions[0]->op())) + ")");
  if (c.simt) return accept();  // every operand evaluated at its points by the SIMT kernel's loads
  c.wgmma = wgmma_isa(*isa, c.in).pick(c.a.k_major, c.b.k_major) != nullptr;
  if (!c.a.direct) c.a.staged = staged_source(g, c, 0);
  if (!c.b.direct) c.b.staged = staged_source(g, c, 1);
  for (OperandPlan* p : {&c.a, &c.b}) {
    if (p->staged && !tensor_mappable(p->staged)) p->staged = nullptr;
  }
  const bool copies = (c.a.direct && tensor_mappable(c.a.node)) || (c.b.direct && tensor_mappable(c.b.node)) || c.a.staged || c.b.staged;
  const bool all_mappable = (!c.a.direct || tensor_mappable(c.a.node)) && (!c.b.direct || tensor_mappable(c.b.node));
  c.tma = c.wgmma && tma_isa(*isa).ok && copies && all_mappable;
  c.multicast = c.tma && cluster_isa(*isa).multicast;
  c.stream_k = c.tma && tma_isa(*isa).flags();
  // Register A: a computed A whose source TMA copies (K-major, as the fragment loads address it),
  // a stored N-major B (the spec's register-A form has no K-major B), one matmul.
  c.a_regs = c.tma && !c.a.direct && c.a.staged != nullptr && c.a.k_major && c.b.direct && !c.b.k_major && mm2 == nullptr &&
             wgmma_isa(*isa, c.in).mma_areg_nb != nullptr;
  if (c.a_regs) register_a_reads(g, c);
  if (!reductions.empty()) {
    if (!c.a_regs) return fail("the group also reduces (" + std::string(op_name(reductions[0]->op())) + ") and the consumers do not compute A");
    const std::string why = side_reductions(g, c, reductions);
    if (!why.empty()) return fail(why);
  }
  // The TMA-store epilogue: one written tensor, 16-bit, of the output's shape (a row-major tile of
  // it per block), its rows a multiple of 16 bytes (a tensor map's strides).
  if (c.tma && tma_isa(*isa).stores() && g.writes.size() == 1) {
    const Node* w = g.writes[0];
    c.tma_store = dtype_bytes(w->dtype()) == 2 && is_float(w->dtype()) && dims_of(w) == out && c.n % 8 == 0 && tensor_mappable(w);
  }
  // Twins run only as TMA-fed wgmma with every operand copied (one box of B2 beside B's).
  if (mm2 != nullptr && !(c.tma && c.a.direct && c.b.direct && c.b2.direct && c.b2.k_major == c.b.k_major && tensor_mappable(c.b2.node)))
    return fail("twin matmuls need TMA-fed wgmma with A, B and B2 stored, bf16 or f16, contiguous axes a multiple of 8");
  return accept();
}

}  // namespace detail

}  // namespace axon::tiling
