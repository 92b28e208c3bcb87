// Fusions of whole kernels (kernel_fusion.h): attention, twin matmuls.
#include "kernel_fusion.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "node_kinds.h"

namespace axon::search_detail {

namespace {

bool reads(const KernelEstimate& k, const Node* v) { return std::find(k.reads.begin(), k.reads.end(), v) != k.reads.end(); }

const Node* matmul_of(const KernelEstimate& k) {
  const Node* mm = nullptr;
  for (const Node* n : k.nodes) mm = n->op() == Op::MatMul ? n : mm;
  return mm;
}

// A kernel that only moves one stored value's elements (transposes and reshapes) into another.
bool layout_only(const KernelEstimate& k) {
  if (k.writes.size() != 1 || k.reads.size() != 1 || k.nodes.empty()) return false;
  return std::all_of(k.nodes.begin(), k.nodes.end(), [](const Node* n) { return n->op() == Op::Transpose || n->op() == Op::Reshape; });
}

// A fused kernel's FLOPs, bytes and time from its nodes, reads and writes (as the cost model
// counts a kernel: each node once, tensor-core FLOPs at the 16-bit rate).
void cost_fused(const FusionContext& c, KernelEstimate& k) {
  double compute_us = 0;
  k.flops = k.bytes = 0;
  for (const Node* n : k.nodes) {
    const double f = c.flops(n);
    compute_us += f / (flop_rate(c.t, n) * 1e6);
    k.flops += f;
  }
  for (const auto* list : {&k.reads, &k.writes})
    for (const Node* v : *list) k.bytes += c.bytes(v);
  k.time_us = std::max(compute_us, k.bytes / (c.t.hbm_gb_s * 1e3)) + c.t.launch_us;
}

// The kernels that fuse with contraction kernel j as attention (K1, row kernels, layout kernels
// of Q, K and V; j not among them), or nullopt.
struct AttentionParts {
  AttentionParts(const std::vector<KernelEstimate>& ks_, size_t j_) : ks(ks_), j(j_) {}
  const std::vector<KernelEstimate>& ks;
  size_t j;
  int k1 = -1;
  std::vector<int> rows, layouts;
  bool ok = true;

  int writer(const Node* v) const {
    for (size_t k = 0; k < ks.size(); ++k)
      if (std::find(ks[k].writes.begin(), ks[k].writes.end(), v) != ks[k].writes.end()) return static_cast<int>(k);
    return -1;
  }
  // v, a matmul operand read by its kernel, from a layout kernel: that kernel joins.
  bool from_layout(const Node* v) {
    const int w = writer(v);
    if (w < 0 || !layout_only(ks[size_t(w)])) return false;
    if (std::find(layouts.begin(), layouts.end(), w) == layouts.end()) layouts.push_back(w);
    return true;
  }
  // Owners of K2's non-input reads: row kernels, K1 itself, V's layout kernel.
  void take(const Node* v, const Node* mm2) {
    if (v->op() == Op::Input) return;
    const int w = writer(v);
    if (w < 0) {
      ok = false;
    } else if (ks[size_t(w)].kind == "contraction" && w != static_cast<int>(j)) {
      ok = ok && (k1 < 0 || k1 == w);
      k1 = w;
    } else if (ks[size_t(w)].kind == "reduction") {
      if (std::find(rows.begin(), rows.end(), w) == rows.end()) rows.push_back(w);
    } else if (!(mm2 != nullptr && v == mm2->operand(1) && from_layout(v))) {
      ok = false;
    }
  }
  std::optional<std::vector<int>> find(const FusionContext& c);
};

std::optional<std::vector<int>> AttentionParts::find(const FusionContext& c) {
  if (ks[j].kind != "contraction") return std::nullopt;
  const Node* mm2 = matmul_of(ks[j]);
  for (const Node* v : ks[j].reads) take(v, mm2);
  for (size_t i = 0; i < rows.size(); ++i)  // rows grows: row kernels reading row kernels
    for (const Node* v : ks[size_t(rows[i])].reads) take(v, nullptr);
  if (!ok) return std::nullopt;
  // K and V are stored with the head dimension contiguous (K^T as transpose_b), or come from
  // layout kernels (the tiling's classification checks their views); the fused kernel copies
  // them tile by tile.
  if (mm2 == nullptr || !reads(ks[j], mm2->operand(1)) || flag(mm2, "transpose_b") || flag(mm2, "transpose_a")) return std::nullopt;
  const Node* sv = nullptr;  // the scores K1 writes; none when they are stored
  std::vector<int> parts;
  if (k1 >= 0) {
    const KernelEstimate& u = ks[size_t(k1)];
    const Node* mm1 = matmul_of(u);
    if (u.writes.size() != 1 || mm1 == nullptr || flag(mm1, "transpose_a") || !reads(u, mm1->operand(1))) return std::nullopt;
    const bool k_view = from_layout(mm1->operand(1));
    if (!k_view && !flag(mm1, "transpose_b")) return std::nullopt;
    if (reads(u, mm1->operand(0))) (void)from_layout(mm1->operand(0));  // Q's heads too
    sv = u.writes[0];
    parts.push_back(k1);
  } else {
    // Stored scores (softmax -> matmul): no K1; K2 computes P itself (a prologue) from inputs
    // and the row kernels' statistics, one of them a row max (the online softmax's), as one
    // pass over the scores.
    bool row_max = false;
    for (int r : rows)
      for (const Node* n : ks[size_t(r)].nodes) row_max = row_max || n->op() == Op::ReduceMax;
    if (!row_max || mm2->operand(0)->op() == Op::Input || reads(ks[j], mm2->operand(0))) return std::nullopt;
  }
  parts.insert(parts.end(), rows.begin(), rows.end());
  parts.insert(parts.end(), layouts.begin(), layouts.end());
  for (int r : rows)
    for (const Node* v : ks[size_t(r)].reads) {
      const int w = writer(v);
      ok = ok && ((sv != nullptr && v == sv) || v->op() == Op::Input || std::find(rows.begin(), rows.end(), w) != rows.end());
    }
  // Nothing the parts write is read outside them or is an output.
  std::vector<const Node*> inner;
  for (int p : parts) inner.insert(inner.end(), ks[size_t(p)].writes.begin(), ks[size_t(p)].writes.end());
  for (size_t k = 0; k < ks.size() && ok; ++k) {
    if (k == j || std::find(parts.begin(), parts.end(), static_cast<int>(k)) != parts.end()) continue;
    for (const Node* v : ks[k].reads) ok = ok && std::find(inner.begin(), inner.end(), v) == inner.end();
  }
  for (const Node* v : inner) ok = ok && !c.is_output(v);
  if (!ok) return std::nullopt;
  parts.push_back(static_cast<int>(j));
  std::sort(parts.begin(), parts.end());
  return parts;
}

// Kernels `parts` (sorted) become one of kind `kind` in the place of the last of them, reading
// what they read from outside them and writing what `last` writes.
void merge(const FusionContext& c, CostEstimate& est, const std::vector<int>& parts, const std::string& kind) {
  std::vector<KernelEstimate>& ks = est.kernel_list;
  std::vector<const Node*> inner;
  for (int p : parts) inner.insert(inner.end(), ks[size_t(p)].writes.begin(), ks[size_t(p)].writes.end());
  const KernelEstimate& last = ks[size_t(parts.back())];
  KernelEstimate fused;
  fused.kind = kind;
  NodeSet nodes, in;
  for (int p : parts) {
    const KernelEstimate& k = ks[size_t(p)];
    for (const Node* n : k.nodes)
      if (nodes.insert(n).second) fused.nodes.push_back(n);
    for (const Node* v : k.reads)
      if (std::find(inner.begin(), inner.end(), v) == inner.end() && in.insert(v).second) fused.reads.push_back(v);
    est.flops -= k.flops;
    est.bytes -= k.bytes;
    est.time_us -= k.time_us;
    fused.parts.push_back(k);
  }
  auto by_pos = [&](const Node* a, const Node* b) { return c.position(a) < c.position(b); };
  std::sort(fused.nodes.begin(), fused.nodes.end(), by_pos);
  std::sort(fused.reads.begin(), fused.reads.end(), by_pos);
  fused.writes = last.writes;
  fused.root = last.root;
  cost_fused(c, fused);
  est.flops += fused.flops;
  est.bytes += fused.bytes;
  est.time_us += fused.time_us;
  std::vector<KernelEstimate> next;
  for (size_t k = 0; k < ks.size(); ++k) {
    if (static_cast<int>(k) == parts.back()) next.push_back(fused);
    else if (std::find(parts.begin(), parts.end(), static_cast<int>(k)) == parts.end()) next.push_back(ks[k]);
  }
  ks = std::move(next);
  est.kernels = static_cast<int>(ks.size());
}

}  // namespace

void fuse_attention(const FusionContext& c, CostEstimate& est) {
  bool fused = false;
  for (bool again = true; again;) {
    again = false;
    for (size_t j = 0; j < est.kernel_list.size() && !again; ++j) {
      AttentionParts a(est.kernel_list, j);
      if (std::optional<std::vector<int>> parts = a.find(c)) {
        merge(c, est, *parts, "attention");
        again = true;  // indices moved: start over (each fusion removes kernels, so this ends)
      }
    }
    fused = fused || again;
  }
  if (!fused) return;
  // The penalty again, without the reductions inside attention kernels (no scores stored).
  est.time_us -= est.penalty_us;
  est.penalty_us = 0;
  est.reductions_between_contractions = 0;
  NodeSet inside;
  for (const KernelEstimate& k : est.kernel_list)
    if (k.kind == "attention") inside.insert(k.nodes.begin(), k.nodes.end());
  c.penalty(est, inside);
}

void fuse_twins(const FusionContext& c, CostEstimate& est) {
  std::vector<KernelEstimate>& ks = est.kernel_list;
  auto matmuls = [](const KernelEstimate& k) {
    std::vector<const Node*> m;
    for (const Node* n : k.nodes)
      if (n->kind() == OpKind::Contraction) m.push_back(n);
    return m;
  };
  for (size_t j = 0; j < ks.size(); ++j) {
    const std::vector<const Node*> m2 = matmuls(ks[j]);
    if (ks[j].kind != "contraction" || m2.size() != 1 || !ks[j].parts.empty()) continue;
    const Node* mm2 = m2[0];
    if (!reads(ks[j], mm2->operand(0)) || !reads(ks[j], mm2->operand(1))) continue;
    for (size_t k1 = 0; k1 < ks.size(); ++k1) {
      const KernelEstimate& u = ks[k1];
      if (k1 == j || u.kind != "contraction" || !u.parts.empty() || u.nodes.size() != 1 || u.writes.size() != 1) continue;
      const Node* mm1 = u.nodes[0];
      if (mm1->op() != Op::MatMul || !reads(ks[j], mm1) || c.is_output(mm1) || mm1->operand(0) != mm2->operand(0) ||
          flag(mm1, "transpose_a") != flag(mm2, "transpose_a") || flag(mm1, "transpose_b") != flag(mm2, "transpose_b") ||
          mm1->shape() != mm2->shape() || mm1->operand(1)->shape() != mm2->operand(1)->shape() ||
          mm1->operand(1)->dtype() != mm2->operand(1)->dtype() || !reads(u, mm1->operand(1)))
        continue;
      bool elsewhere = false;  // U read by a third kernel
      for (size_t k = 0; k < ks.size(); ++k)
        if (k != j && k != k1 && reads(ks[k], mm1)) elsewhere = true;
      if (elsewhere) continue;
      KernelEstimate fused;
      fused.kind = "contraction";
      auto by_pos = [&](const Node* a, const Node* b) { return c.position(a) < c.position(b); };
      NodeSet in;
      for (const KernelEstimate* k : std::initializer_list<const KernelEstimate*>{&u, &ks[j]}) {
        for (const Node* n : k->nodes)
          if (in.insert(n).second) fused.nodes.push_back(n);
        for (const Node* v : k->reads)
          if (v != mm1 && std::find(fused.reads.begin(), fused.reads.end(), v) == fused.reads.end()) fused.reads.push_back(v);
      }
      std::sort(fused.nodes.begin(), fused.nodes.end(), by_pos);
      std::sort(fused.reads.begin(), fused.reads.end(), by_pos);
      fused.writes = ks[j].writes;
      fused.root = ks[j].root;
      cost_fused(c, fused);
      fused.parts = {u, ks[j]};
      est.flops += fused.flops - u.flops - ks[j].flops;
      est.bytes += fused.bytes - u.bytes - ks[j].bytes;
      est.time_us += fused.time_us - u.time_us - ks[j].time_us;
      const size_t last = std::max(j, k1), first = std::min(j, k1);
      ks[last] = std::move(fused);
      ks.erase(ks.begin() + static_cast<long>(first));
      est.kernels = static_cast<int>(ks.size());
      fuse_twins(c, est);  // indices moved: look again (each fusion removes a kernel)
      return;
    }
  }
}

}  // namespace axon::search_detail
