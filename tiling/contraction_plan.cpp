// Contraction groups (docs/contraction.md): which groups run on tensor cores, how each operand
// reaches shared memory, and the block/warp tilings worth timing, ranked by a roofline estimate.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "axon/core/error.h"
#include "calibration.h"
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

Tf32Isa tf32_isa(const Isa& isa) {
  Tf32Isa t;
  const auto need = needs(isa, t.why);
  need(t.mma, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32");
  need(t.cvt, "cvt.rna.tf32.f32");
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

bool classify_contraction(const Group& g, const Isa* isa, GroupShape& s, bool allow_tf32) {
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
  // Tensor cores take bf16 and f16 operands; f32 is multiplied exactly in f32 on the CUDA cores
  // (SIMT), or in tf32 on the tensor cores when allowed (--allow-tf32) and the spec has the
  // instructions (the same staging; docs/contraction.md).
  c.simt = in == DType::f32;
  c.tf32 = c.simt && allow_tf32 && isa != nullptr && tf32_isa(*isa).ok;
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
  // A tensor map's extents are below 2^32 and its strides below 2^40 bytes.
  auto mappable = [](const Node* x) {
    const std::vector<int64_t> d = dims_of(x);
    const int64_t panels = numel(std::vector<int64_t>(d.begin(), d.end() - 2));
    return d.back() < (int64_t(1) << 32) && d[d.size() - 2] < (int64_t(1) << 32) && panels < (int64_t(1) << 32) &&
           d.back() * d[d.size() - 2] * 2 < (int64_t(1) << 40);
  };
  for (OperandPlan* p : {&c.a, &c.b}) {
    if (p->staged && !mappable(p->staged)) p->staged = nullptr;
  }
  const bool copies = (c.a.direct && mappable(c.a.node)) || (c.b.direct && mappable(c.b.node)) || c.a.staged || c.b.staged;
  const bool all_mappable = (!c.a.direct || mappable(c.a.node)) && (!c.b.direct || mappable(c.b.node));
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
    c.tma_store = dtype_bytes(w->dtype()) == 2 && is_float(w->dtype()) && dims_of(w) == out && c.n % 8 == 0 && mappable(w);
  }
  // Twins run only as TMA-fed wgmma with every operand copied (one box of B2 beside B's).
  if (mm2 != nullptr && !(c.tma && c.a.direct && c.b.direct && c.b2.direct && c.b2.k_major == c.b.k_major && mappable(c.b2.node)))
    return fail("twin matmuls need TMA-fed wgmma with A, B and B2 stored, bf16 or f16, contiguous axes a multiple of 8");
  return accept();
}

namespace {

// A block's k-tiles follow one another through its pipeline: with `ahead` tiles' copies in flight
// and each taking about the loaded memory latency, it gets through at most ahead / latency k-tiles
// per microsecond, however fast the memory is (Little's law). This bounds the kernels whose grid
// has few blocks, each with many k-tiles (rmsnorm -> matmul at M = 16: mma.sync tiles of 16 x 32
// with two or three tiles ahead measured 40-45 us where the copy rate allows 8; split-K over
// clusters of two 64 x 64 tiles, four slots, 20.4 us against 17.7 for four-way splits of 64 x 128;
// H200, 2026-12-03; kContraction.loaded_latency_us). `kt_per_block`: the k-tiles one block
// multiplies in a wave, `waves` its waves.
double latency_us(double waves, double kt_per_block, double ahead) {
  // No more copies in flight than k-tiles to copy (K = 136: three, whatever the slots).
  return waves * kt_per_block * kContraction.loaded_latency_us / std::max(1.0, std::min(ahead, waves * kt_per_block));
}

// Clusters of `size` blocks, `resident` blocks per SM, that run at once: a cluster stays within a
// GPC, so sizes of three or more leave SMs idle (Limits::cluster_sms; at one block per SM on the
// H200 30 clusters of four, 120 SMs). Measured with two blocks per SM: 62 of four (248), against
// 60 from this rule: it errs low.
double cluster_slots(const Limits& L, int size, double resident) {
  auto it = L.cluster_sms.lower_bound(size);
  const double sms = it == L.cluster_sms.end() ? L.sm_count : it->second;
  return std::max(1.0, std::floor(resident * sms / size));
}

// SIMT (f32) configurations: 256 threads, (bm / 16) x (bn / 16) outputs each (4 or 8 per axis:
// 16-byte shared reads), two shared buffers of bk-deep f32 tiles. Ranked like the others: the fp32 rate, an efficiency that grows
// with the register tile (outputs per shared load), wave quantization; bytes as mma.sync's.
// The time of moving the f32 kernels' bytes: every read and write once, plus the operands'
// re-reads by the other tiles (mostly from L2), the grid filling the GPU or not.
double f32_memory_us(const Group& g, const ContractionShape& c, const Limits& L, double tiles_m, double tiles_n) {
  double io_bytes = 0;
  for (const auto* list : {&g.reads, &g.writes})
    for (const Node* n : *list) io_bytes += double(numel(dims_of(n))) * dtype_bytes(n->dtype());
  const double a_bytes = double(c.batch) * c.m * c.k * 4, b_bytes = double(c.batch) * c.k * c.n * 4;
  const double tiles = double(c.batch) * tiles_m * tiles_n;
  const double reread = a_bytes * (tiles_n - 1) + b_bytes * (tiles_m - 1);
  return (io_bytes + kContraction.l2_reread_share * reread) / (L.hbm_gb_s * 1e3) / std::min(1.0, kContraction.fill_floor + tiles / L.sm_count);
}

// tf32 configurations (ContractionShape::tf32): warps_m x warps_n warps of tf32 mma.sync
// (m16n8k8), `stages` slots of f32 tiles in dynamic shared memory. Ranked by the tf32 tensor rate
// at an efficiency for mma.sync fed by one 32-bit shared load (and one cvt) per fragment register
// (mma.sync reaches about 60% of the wgmma rate on sm_90): the mma's per fragment load,
// MI NI / (4 MI + 2 NI), up to one; deeper k-tiles hide more of the copies' latency.
std::vector<RankedConfig> tf32_configs(const Group& g, const ContractionShape& c, const Limits& L) {
  std::vector<RankedConfig> out;
  const double rate = (L.tf32_tflops > 0 ? L.tf32_tflops : kTf32.tensor_over_fp32 * L.fp32_tflops) * 1e6 / L.sm_count;  // flops per us per SM
  for (int bm : {64, 128})
    for (int bn : {64, 128})
      for (auto [bk, stages] : {std::pair{16, 4}, std::pair{32, 3}, std::pair{32, 4}})
        for (auto [wm, wn] : {std::pair{2, 2}, std::pair{2, 4}, std::pair{4, 2}}) {
          if ((bm > 64 && bm / 2 >= c.m) || (bn > 64 && bn / 2 >= c.n)) continue;  // mostly idle warps
          TileConfig t;
          t.strategy = Strategy::Contraction;
          t.simt = t.tf32 = true;
          t.threads = 32 * wm * wn;
          t.bm = bm;
          t.bn = bn;
          t.bk = bk;
          t.warps_m = wm;
          t.warps_n = wn;
          t.stages = stages;
          const int MI = bm / wm / 16, NI = bn / wn / 8;
          if (MI < 1 || NI < 1 || bm % (16 * wm) != 0 || bn % (8 * wn) != 0 || MI * NI > 32) continue;
          const int64_t smem = contraction_smem(t);
          if (smem > L.smem_dynamic) continue;
          const int regs = 4 * MI * NI + 4 * MI + 2 * NI + kTf32.regs_overhead;
          if (regs > L.regs_per_thread) continue;
          const double tiles_m = std::ceil(double(c.m) / bm), tiles_n = std::ceil(double(c.n) / bn);
          const double tiles = double(c.batch) * tiles_m * tiles_n;
          const double resident = std::max(1.0, std::min({std::floor(65536.0 / (regs * double(t.threads))), 2048.0 / t.threads,
                                                          std::floor(228.0 * 1024 / (double(smem) + 1024))}));
          const double eff = kTf32.eff * std::min(1.0, double(MI * NI) / (4 * MI + 2 * NI)) * (bk == 32 ? 1.0 : kTf32.bk16);
          const double slots = L.sm_count * resident, waves = std::ceil(tiles / slots);
          const double compute = waves * resident * 2.0 * bm * bn * double(c.k) / (rate * eff);
          const double memory = f32_memory_us(g, c, L, tiles_m, tiles_n);
          std::ostringstream why;
          why << "tf32: compute " << compute << " us (eff " << eff << ", waves " << waves << "), memory " << memory << " us";
          out.push_back({t, std::max(compute, memory) + kContraction.overlap * std::min(compute, memory) + kContraction.launch_us, why.str()});
        }
  return out;
}

std::vector<RankedConfig> simt_configs(const Group& g, const ContractionShape& c, const Limits& L) {
  std::vector<RankedConfig> out;
  const double sm_rate = L.fp32_tflops * 1e6 / L.sm_count;  // flops per us per SM
  for (int bm : {64, 128})
    for (int bn : {64, 128})
      for (int bk : {8, 16}) {
        if ((bm > 64 && bm / 2 >= c.m) || (bn > 64 && bn / 2 >= c.n)) continue;  // mostly idle lanes
        TileConfig t;
        t.strategy = Strategy::Contraction;
        t.simt = true;
        t.threads = 256;
        t.bm = bm;
        t.bn = bn;
        t.bk = bk;
        t.stages = 2;
        const int tm = bm / 16, tn = bn / 16;
        const int regs = tm * tn + tm + tn + (bm + bn) * bk / 256 + kSimt.regs_overhead;
        const double tiles_m = std::ceil(double(c.m) / bm), tiles_n = std::ceil(double(c.n) / bn);
        const double tiles = double(c.batch) * tiles_m * tiles_n;
        const double resident = std::max(1.0, std::min({std::floor(65536.0 / (regs * 256.0)), kSimt.resident_cap,
                                                        std::floor(228.0 * 1024 / (2.0 * (bm + bn + 8) * bk * 4))}));
        const double intensity = double(tm * tn) / double(tm + tn);  // FMAs per shared load
        const double eff = kSimt.eff * std::min(1.0, intensity / kSimt.intensity_full) * (bk == 16 ? 1.0 : kSimt.bk8);
        const double slots = L.sm_count * resident, waves = std::ceil(tiles / slots);
        const double used = (double(c.m) / (tiles_m * bm)) * (double(c.n) / (tiles_n * bn));
        const double compute = waves * resident * 2.0 * bm * bn * double(c.k) / (sm_rate * eff);
        const double memory = f32_memory_us(g, c, L, tiles_m, tiles_n);
        std::ostringstream why;
        why << "simt: compute " << compute << " us (eff " << eff << ", lanes used " << used << ", waves " << waves << "), memory "
            << memory << " us";
        out.push_back({t, std::max(compute, memory) + kContraction.overlap * std::min(compute, memory) + kContraction.launch_us, why.str()});
      }
  return out;
}

}  // namespace

std::vector<RankedConfig> contraction_configs(const Group& g, const GroupShape& s, const Limits& L) {
  std::vector<RankedConfig> out;
  const ContractionShape& c = s.mm;
  if (c.tf32) return tf32_configs(g, c, L);
  if (c.simt) return simt_configs(g, c, L);
  double write_bytes = 0, other_bytes = 0;
  for (const Node* w : g.writes) write_bytes += double(numel(dims_of(w))) * dtype_bytes(w->dtype());
  for (const Node* r : g.reads)
    if (r != c.a.node && r != c.b.node) other_bytes += double(numel(dims_of(r))) * dtype_bytes(r->dtype());
  const double a_bytes = double(c.batch) * c.m * c.k * 2, b_bytes = double(c.batch) * c.k * c.n * 2 * (c.mm2 ? 2 : 1);
  const double tensor = L.tensor_tflops > 0 ? L.tensor_tflops : kTensorOverFp32 * L.fp32_tflops;
  const double sm_rate = tensor * 1e6 / L.sm_count;  // flops per us per SM
  const int smem_limit = static_cast<int>(std::max<int64_t>(L.smem_per_block, L.smem_dynamic));
  // Computed operands: each block evaluates its tiles' prologues, so A's is evaluated once per
  // tile column and B's once per tile row, by the warps that compute.
  const std::set<const Node*> in_group(g.nodes.begin(), g.nodes.end());
  auto inside = [&](const Node* n) { return in_group.count(n) > 0; };
  const double wa = c.a.direct ? 0 : prologue_weight(c.a.node, inside), wb = c.b.direct ? 0 : prologue_weight(c.b.node, inside);
  // Register A's consumers also load, unpack and pack each pair, and accumulate the side reductions.
  double wa_regs = wa + kRegisterAFixedWeight;
  for (const Node* r : c.side) wa_regs += prologue_weight(r->operand(0), inside);
  // warps_a > 0: A evaluated in registers by that many consumer warps (register A).
  auto prologue = [&](int bm, int tn, double warps, double warps_a = 0) {
    const bool regs = warps_a > 0;
    return (wa > 0 ? prologue_us(double(c.batch) * c.m * c.k, std::ceil(double(c.n) / tn), regs ? wa_regs : wa, regs ? warps_a : warps,
                                 L.sm_count, regs ? kRegisterProloguePerWarp : kProloguePerWarp)
                   : 0.0) +
           (wb > 0 ? prologue_us(double(c.batch) * c.k * c.n, std::ceil(double(c.m) / bm), wb, warps, L.sm_count) : 0.0);
  };
  // Twins need TMA-fed wgmma (classify_contraction), as side reductions need register A.
  for (int bm : c.mm2 || !c.side.empty() ? std::vector<int>{} : std::vector<int>{16, 32, 64, 128, 256})
    for (int bn : {32, 64, 128, 256})
      for (int bk : {32, 64})
        for (int wm : {1, 2, 4})
          for (int wn : {1, 2, 4})
            for (int stages : {2, 3, 4, 5}) {
              const int tm = bm / wm, tn = bn / wn, warps = wm * wn;
              if (tm < 16 || tn < 16 || tm % 16 || tn % 16 || warps < 2 || warps > 8) continue;
              if (tm > 64 || tn > 128) continue;  // accumulator registers
              const int acc = (tm / 16) * (tn / 8) * 4;
              if (acc > 128) continue;
              // Tiles much larger than the problem only add idle lanes.
              if ((bm > 16 && bm / 2 >= c.m) || (bn > 32 && bn / 2 >= c.n)) continue;
              if (bk == 64 && c.k < 128) continue;
              TileConfig t;
              t.strategy = Strategy::Contraction;
              t.threads = 32 * warps;
              t.vec = 8;
              t.bm = bm;
              t.bn = bn;
              t.bk = bk;
              t.warps_m = wm;
              t.warps_n = wn;
              t.stages = stages;
              const int smem = contraction_smem(t);
              if (smem > smem_limit) continue;
              const double tiles_m = std::ceil(double(c.m) / bm), tiles_n = std::ceil(double(c.n) / bn);
              const double tiles = double(c.batch) * tiles_m * tiles_n;
              const int regs = acc + (tm / 16) * 4 + (tn / 8) * 2 + kMmaSync.regs_overhead;
              const double resident = std::max(1.0, std::min({std::floor(65536.0 / (regs * t.threads)),
                                                             std::floor(2048.0 / t.threads),
                                                             std::floor(228.0 * 1024 / smem), kMmaSync.resident_cap}));
              // mma.sync's efficiency: fragment reuse (the warp tile's intensity), warps in
              // flight to hide latency, pipeline depth; idle lanes at the edges.
              const double intensity = double(tm * tn) / double(tm + tn);
              const double warps_sm = std::min(resident, std::ceil(tiles / L.sm_count)) * warps;
              double eff = kMmaSync.eff * std::sqrt(std::min(1.0, intensity / kMmaSync.intensity_full)) *
                           std::min(1.0, warps_sm / kMmaSync.warps_full) * (stages == 2 ? kMmaSync.two_stages : 1.0) *
                           (bk == 32 ? kMmaSync.bk32 : 1.0);
              if (!c.a.direct || !c.b.direct) eff *= kMmaSync.computed_operand;
              const double used = (double(c.m) / (tiles_m * bm)) * (double(c.n) / (tiles_n * bn));
              const double tile_flops = 2.0 * bm * bn * double(c.k);
              // Every warp computes operands between its mma's: half their issue.
              const double compute = std::max(std::ceil(tiles / L.sm_count) * tile_flops / (sm_rate * eff), prologue(bm, bn, kMmaSync.prologue_issue * warps));
              // Each A tile row-panel is read once per tile column and B once per tile row; the
              // repeats mostly hit L2.
              const double reread = a_bytes * (tiles_n - 1) + b_bytes * (tiles_m - 1);
              const double bytes = a_bytes + b_bytes + write_bytes + other_bytes + kContraction.l2_reread_share * reread;
              const double slots = L.sm_count * resident, KT = std::ceil(double(c.k) / bk);
              const double memory = std::max(bytes / (L.hbm_gb_s * 1e3) / std::min(1.0, kContraction.fill_floor + tiles / L.sm_count),
                                             latency_us(std::ceil(tiles / slots), KT, stages - 1));
              const double est = std::max(compute, memory) + kContraction.overlap * std::min(compute, memory) + kContraction.launch_us;
              std::ostringstream why;
              why << "compute " << compute << " us (eff " << eff << ", lanes used " << used << "), memory " << memory
                  << " us, tiles " << tiles;
              out.push_back({t, est, why.str()});
            }
  // wgmma (sm_90a): one or two warpgroups of 64 rows, N up to 256 per instruction, K tiles of 64
  // (one 128-byte swizzled row). Fed by cp.async from every thread, stages - 2 tiles ahead; or by
  // TMA: a producer warpgroup copies whole tiles under mbarriers (no block-wide barrier per
  // k-tile); a second producer warpgroup when they compute an operand (registers allowing the
  // consumers' accumulators); persistent blocks when every operand is copied and there are more
  // tiles than SMs (the producer runs into the next tile while the consumers store). Register A
  // (`a_regs`): the consumers compute A from its copied source, so the producer only copies.
  const bool computes = !c.a.direct || !c.b.direct;
  if (c.wgmma)
    for (int tma : {0, 1})
      for (int wg : {1, 2})
        for (int bn : {64, 128, 256})
          for (int stages : {3, 4, 5, 6, 7})
            for (int producers : {1, 2})
              for (int persistent : {0, 1})
                for (int store_warps : {0, 1})
                for (int tma_store : {0, 1})
                for (int multicast : {1, 2})
                for (int stream_k : {0, 1})
                for (int splits : {1, 2, 3, 4, 6, 8})
                for (int a_regs : {0, 1}) {
                if (tma ? !c.tma : producers > 1 || persistent || stages > 6) continue;
                if (a_regs && (!tma || !c.a_regs || producers > 1)) continue;
                // Side reductions: register A, whole rows of K per block, the epilogue in the
                // accumulators' threads.
                if (!c.side.empty() && (!a_regs || stream_k || splits > 1 || store_warps)) continue;
                const bool computing = computes && !a_regs;  // the producers compute an operand
                // Twins: B's and B2's tiles side by side in one wgmma, 64 columns or more each.
                if (c.mm2 && (!tma || bn < 128 || splits > 1)) continue;
                if (producers == 2 && (!computing || 65536 / (128 * (wg + producers)) < bn / 2 + 64)) continue;
                if (persistent && computing) continue;
                // Store warps: persistent blocks whose outputs and matmul are float, the matmul 16-bit.
                if (store_warps && (!persistent || !float_outputs(g, c) || dtype_bytes(c.mm->dtype()) != 2)) continue;
                // TMA-store epilogues: one split, in place of store warps.
                if (tma_store && (!tma || !c.tma_store || store_warps || splits > 1)) continue;
                TileConfig t;
                t.strategy = Strategy::Contraction;
                t.wgmma = true;
                t.tma = tma;
                t.producers = producers;
                t.threads = 128 * (wg + (tma ? producers : 0));
                t.vec = 8;
                t.bm = 64 * wg;
                t.bn = bn;
                t.bk = 64;
                t.warps_m = wg;
                t.warps_n = 1;
                t.stages = stages;
                t.blocks_per_sm = persistent;
                t.store_warps = store_warps;
                t.tma_store = tma_store;
                t.multicast = multicast;
                t.stream_k = stream_k;
                t.splits = splits;
                t.split_rows = splits > 1 ? static_cast<int>(std::min<int64_t>(t.bm, c.m)) : 0;
                t.a_regs = a_regs;
                // Register A's k-vectors, staged for the block's K range where they take 32 KB or less:
                // a block of one tile, or a persistent one whose tiles all cover the whole K range
                // (staged once, before its first tile; not stream-K's shares of it).
                if (a_regs && (!persistent || (!stream_k && splits == 1)) && !c.a_kvecs.empty()) {
                  const int64_t KT = (c.k + t.bk - 1) / t.bk, floats = int64_t(c.a_kvecs.size()) * ((KT + splits - 1) / splits) * t.bk;
                  if (floats * 4 <= 32768) t.a_kvec_floats = static_cast<int>(floats);
                }
                // A persistent block loads them where used where they do not fit (as before they were staged).
                if (persistent && t.a_kvec_floats > 0 && contraction_smem(t) > smem_limit) t.a_kvec_floats = 0;
                if (contraction_smem(t) > smem_limit) continue;
                const int tn = c.tile_n(bn);  // output columns per tile
                if ((t.bm / 2 >= c.m && wg > 1) || (tn > 64 && tn / 2 >= c.n)) continue;
                const double tiles_m = std::ceil(double(c.m) / t.bm), tiles_n = std::ceil(double(c.n) / tn);
                // Multicast: every operand copied, no split, two tile rows or more, B in equal shares.
                if (multicast > 1 && (!tma || !c.multicast || computing || splits > 1 || tiles_m < 2 || !multicast_fits(c, t))) continue;
                const double tiles = double(c.batch) * tiles_m * tiles_n;
                if (persistent && tiles <= L.sm_count && !stream_k) continue;
                // Split-K (a cluster per tile) when fewer splits leave SMs idle, with two k-tiles or
                // more per split.
                const int64_t KT = (c.k + t.bk - 1) / t.bk;
                if (splits > 1 && (!tma || persistent || tiles * (splits / 2) >= L.sm_count || KT < 2 * splits || !float_outputs(g, c))) continue;
                const double resident = tma ? wgmma_blocks_per_sm(t) : std::max(1.0, std::min(std::floor(228.0 * 1024 / contraction_smem(t)), 2.0));
                // Stream-K: persistent TMA blocks without store warps, four k-tiles or more, where
                // the tiles do not fill whole waves of the grid (P workers of `multicast` blocks).
                // With fewer tiles than the grid's workers (`sk_split`: rmsnorm -> matmul at M = 16)
                // it is split-K over every SM without clusters: each tile's K range is shared by
                // about P / T workers, two k-tiles or more each.
                const double workers = std::floor(L.sm_count * resident / multicast);
                const double grid_workers = std::floor(double(L.sm_count) * std::max(1, t.blocks_per_sm) / multicast);
                const double cluster_tiles = double(c.batch) * std::ceil(tiles_m / multicast) * tiles_n;
                const bool sk_split = stream_k && cluster_tiles < grid_workers;
                if (stream_k && (!persistent || store_warps || splits > 1 || !c.stream_k || KT < 4 ||
                                 (sk_split ? cluster_tiles * double(KT) < 2 * grid_workers
                                           : cluster_tiles <= workers || std::fmod(cluster_tiles, workers) == 0)))
                  continue;
                const double warps_sm = std::min(resident, std::ceil(tiles / L.sm_count)) * 4 * wg;
                // Deeper pipelines hide more copy latency; two consumers keep the tensor cores busier.
                const WgmmaCalibration& K = kWgmma;
                double eff = (tma ? K.eff_tma : K.eff_cp_async) * std::min(1.0, bn / K.bn_full + K.bn_floor) *
                             std::min(1.0, warps_sm / K.warps_full) * (stages >= 4 ? 1.0 : K.shallow);
                // A computed operand costs the producer's arithmetic; from global memory, its latency too.
                if (!tma && computes) eff *= K.computed_cp_async;
                // Register A: the consumers' fragment loads and prologue between their wgmmas, which
                // they wait for before overwriting the fragments (not measured yet: a guess).
                for (const OperandPlan* p : {&c.a, &c.b})
                  if (tma && !p->direct)
                    eff *= a_regs ? K.register_a : (p->staged ? K.computed_staged : K.computed_loaded) * (producers == 2 ? K.two_producers : 1.0);
                if (persistent) eff *= K.persistent;
                if (store_warps) eff *= K.store_warps;
                // The bulk store: the consumers only write shared memory.
                if (tma_store) eff *= persistent ? K.tma_store_persistent : K.tma_store;
                if (multicast > 1) eff *= K.multicast;
                const double blocks = sk_split ? grid_workers * multicast : tiles * splits;
                // Whole waves of blocks; stream-K's last waves are shared out evenly, at the cost of
                // writing and reading a tile of partial sums, every block at once (about 40 GB/s per
                // SM when all of them do: measured, H200, 4096^3 in 128 x 256 tiles, 7 us), and
                // zeroing the flags (1 us).
                // Split over every SM (sk_split), a finisher adds about P / T - 1 partial tiles.
                const double waves = sk_split ? cluster_tiles / grid_workers : stream_k ? cluster_tiles / workers : std::ceil(blocks / L.sm_count);
                const double sharers = sk_split ? std::min(grid_workers / cluster_tiles, double(KT)) : 1.0;
                // Warps whose 16 rows lie past the output's last (M < bm) move no partial sums.
                const double live = std::min(1.0, std::ceil(double(c.m) / 16) * 16 / t.bm);
                // The finisher takes the lower workers' partial sums one after another: a flag's
                // acquire, then the partial's loads (two round trips, about one loaded latency).
                // Calibrated at M = 16 (about four sharers): 19.7 us against 17.7 for split-K
                // over clusters of four, which the model had ranked 1 us the slower (H200, 2026-12-03).
                const double fixup =
                    stream_k ? (1.0 + sharers) * t.bm * bn * 4.0 * live / K.partial_bytes_per_us + K.flags_us +
                                   (sk_split ? sharers * kContraction.loaded_latency_us * K.sharer_latency_share : 0.0)
                             : 0.0;
                // The producers' prologues run beside the wgmmas (without TMA every warp computes
                // between its wgmmas: half their issue; register A: the consumers' warps).
                // Register A's warps past the output's last row evaluate nothing, and the others
                // do not share their work: at M = 16 one warp of four does all of it (64 x 128
                // split over clusters of four, 27.5-28.7 us against 17.7 with y stored, H200,
                // 2026-12-03).
                // A grid of fewer blocks than SMs evaluates on as many SMs only.
                const double busy = L.sm_count / std::min(blocks, double(L.sm_count));
                const double compute = std::max(waves * 2.0 * t.bm * bn * double(c.k) / splits / (sm_rate * eff),
                                                busy * prologue(t.bm, tn, tma ? K.producer_warps * producers : K.cp_async_warps * wg,
                                                                a_regs ? K.register_a_warps * wg * live : 0)) +
                                       fixup;
                // B is read once per cluster of `multicast` tile rows.
                const double reread = a_bytes * (tiles_n - 1) + b_bytes * (std::ceil(tiles_m / multicast) - 1);
                // Persistent blocks store (and read the epilogue's inputs) in the accumulator layout, half
                // of each 32-byte sector per instruction, unless store warps do (or the bulk store
                // writes); the others stage through shared memory, whole rows.
                const double bytes = a_bytes + b_bytes + (persistent && !store_warps && !tma_store ? 2 : 1) * write_bytes +
                                     (persistent && !store_warps ? 2 : 1) * other_bytes + kContraction.l2_reread_share * reread;
                // Copies in flight: every slot (TMA), or stages - 2 tiles ahead (cp.async).
                const double kt_block = sk_split || stream_k ? cluster_tiles * double(KT) / grid_workers : double(KT) / splits;
                const double ahead = tma ? stages : stages - 2;
                // Split-K's clusters past those that fit at once run after them: each later wave
                // adds its blocks' chains of copies (M = 16, 32 clusters of four: five slots, one
                // block per SM, 30 at once: 22.6 us against 18.2 for four slots, two per SM; H200).
                const double late_waves = splits > 1 ? std::ceil(tiles / cluster_slots(L, splits, resident)) - 1 : 0.0;
                const double memory = std::max(bytes / (L.hbm_gb_s * 1e3) / std::min(1.0, kContraction.fill_floor + blocks / L.sm_count),
                                               latency_us(stream_k ? 1.0 : std::ceil(blocks / (L.sm_count * resident)), kt_block, ahead)) +
                                      latency_us(late_waves, kt_block, ahead);
                // Split-K: each block pushes the partial sums of the tile's existing rows into their
                // owners (about 100 GB/s per SM) behind one split-phase cluster barrier, and the owners
                // add them (H200, M = 16: the push measured 0.7-1 us under the earlier pull's 1 us + a
                // whole partial tile).
                const double reduce = splits > 1 ? t.split_rows * bn * 4.0 / K.push_bytes_per_us + K.split_barrier_us : 0.0;
                std::ostringstream why;
                why << (tma ? "wgmma-tma" : "wgmma") << ": compute " << compute << " us (eff " << eff << "), memory " << memory
                    << " us, tiles " << tiles;
                if (splits > 1) why << " x " << splits << " splits (reduction " << reduce << " us, " << late_waves << " later waves of clusters)";
                if (stream_k) why << ", stream-K over " << workers << " workers (" << waves << " waves, fix-up " << fixup << " us)";
                out.push_back({t, std::max(compute, memory) + kContraction.overlap * std::min(compute, memory) + reduce + kContraction.launch_us,
                               why.str()});
              }
  return out;
}

}  // namespace detail

}  // namespace axon::tiling
