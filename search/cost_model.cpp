// The cost model (model described in include/axon/search/cost_model.h).
//
// estimate_cost builds a CostModel (all state is local to one call), which
//   1. picks the roots (materialized values) and applies the matmul prologue rule,
//   2. grows matmul epilogues and attaches side reductions to matmul kernels,
//   3. builds one kernel per root (or per epilogue chain) from its fusable cone,
//   4. merges row kernels (softmax/norm style) with their consumers,
//   5. sums FLOPs, bytes and roofline time per merged kernel, plus the reduction penalty.
#include "axon/search/cost_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "axon/isa/spec.h"
#include "axon/tiling/kernel.h"
#include "internal.h"
#include "kernel_fusion.h"
#include "node_kinds.h"

namespace axon {

TargetModel target_model(const std::string& target) {
  // The target file's rates (isa_specs/targets/<target>.target, `model_rates` and `launch_us`):
  // each one the file leaves out is its datasheet figure (hbm_gb_s, peak_tflops).
  const TargetDesc t = load_target(default_isa_dir(), target);
  auto rate = [&](const char* key, double fallback) {
    auto it = t.model_rates.find(key);
    return it != t.model_rates.end() ? it->second : fallback;
  };
  auto peak = [&](const char* key) {
    auto it = t.peak_tflops.find(key);
    return it != t.peak_tflops.end() ? it->second : 0.0;
  };
  return {t.target,
          rate("copy_gb_s", t.hbm_gb_s),
          rate("bf16_tensor", peak("bf16_tensor")),
          rate("tf32_tensor", peak("tf32_tensor")),
          rate("fp32", peak("fp32")),
          t.launch_us,
          t.sm_count};
}

std::string CostEstimate::summary() const {
  char buf[192];
  std::snprintf(buf, sizeof buf, "%.1f us, %d kernel%s, %.1f GFLOP, %.0f MB%s", time_us, kernels,
                kernels == 1 ? "" : "s", flops / 1e9, bytes / 1e6,
                assumed_sizes ? " (unbound sizes assumed 1024)" : "");
  return buf;
}

namespace {

using search_detail::NodeSet;

using namespace search_detail;

struct Kernel {
  std::vector<const Node*> seeds;  // root, or an epilogue chain (matmul first) + side reductions
  const Node* head = nullptr;      // the root, or the chain's last node
  std::vector<const Node*> nodes;  // seeds plus their fusable cones, topo order
  std::vector<const Node*> reads;  // stored values read, topo order
  bool contraction = false;
};

class CostModel {
 public:
  CostModel(const Graph& g, const Bindings& bind, bool side, bool stats) : bind_(bind), order_(g.topo_order()), side_(side), stats_(stats) {
    for (size_t i = 0; i < order_.size(); ++i) {
      const Node* n = order_[i];
      pos_[n] = i;
      elems(n);  // sets assumed_ for every node with an unbound symbol
      users_[n];
      const auto& ops = n->operands();
      for (auto it = ops.begin(); it != ops.end(); ++it)
        if (std::find(ops.begin(), it, *it) == it) users_[*it].push_back(n);  // distinct
    }
    for (const auto& o : g.outputs) outs_.insert(o.node);
  }

  CostEstimate run(const TargetModel& t) {
    pick_roots();
    grow_epilogues();
    if (side_) side_reductions();
    build_kernels();
    merge_rows();
    CostEstimate est = totals(t);
    // 6 and 7 (kernel_fusion.cpp): attention and twin matmuls fused into one kernel each.
    const search_detail::FusionContext fc{t, [this](const Node* n) { return outs_.count(n) > 0; },
                                          [this](const Node* n) { return pos_.at(n); },
                                          [this](const Node* n) { return node_flops(n); },
                                          [this](const Node* n) { return bytes(n); },
                                          [this, &t](CostEstimate& e, const NodeSet& exempt) { reduction_penalty(t, e, exempt); }};
    search_detail::fuse_attention(fc, est);
    search_detail::fuse_twins(fc, est);
    return est;
  }

 private:
  double size_value(const Size& s) {
    double v = 0;
    for (const auto& [mono, coef] : s.terms()) {
      double term = static_cast<double>(coef);
      for (const auto& sym : mono) {
        auto it = bind_.find(sym);
        if (it == bind_.end()) assumed_ = true;
        term *= it == bind_.end() ? 1024.0 : static_cast<double>(it->second);
      }
      v += term;
    }
    return v;
  }
  double elems_of(const Shape& s) {
    double e = 1;
    for (const Size& d : s) e *= size_value(d);
    return e;
  }
  double elems(const Node* n) {
    auto it = elems_.find(n);
    return it != elems_.end() ? it->second : elems_[n] = elems_of(n->shape());
  }
  double bytes(const Node* n) { return elems(n) * dtype_bytes(n->dtype()); }
  bool stored(const Node* n) const { return n->op() == Op::Input || roots_.count(n) != 0; }
  const std::vector<const Node*>& users(const Node* n) const { return users_.at(n); }

  // 1. Roots, then the matmul prologue rule.
  void pick_roots() {
    for (const Node* n : order_) {
      if (n->op() == Op::Input) continue;
      if (outs_.count(n) || n->kind() == OpKind::Contraction || n->kind() == OpKind::Reduce ||
          (users(n).size() >= 2 && !is_cheap(n)))
        roots_.insert(n);
    }
    for (const Node* n : order_)
      if (n->op() == Op::MatMul)
        for (int i = 0; i < 2; ++i) {
          const Node* x = n->operand(i);
          if (stored(x) || prologue_ok(x, k_axis(n, i))) continue;
          // Stored statistics: the per-row values that keep x from being computed on load (a
          // normalization's rsqrt of a row mean) are stored instead, and x is computed on load.
          std::vector<const Node*> stats;
          if (stats_ && prologue_ok(x, k_axis(n, i), &stats) && !stats.empty()) {
            roots_.insert(stats.begin(), stats.end());
            continue;
          }
          roots_.insert(x);
        }
    // A kernel's expressions stay at most kMaxFusedDepth nodes deep (the code generator walks
    // them recursively, and nvcc's time grows with them): a deeper chain stores a value every
    // kMaxFusedDepth nodes.
    std::unordered_map<const Node*, int> depth;
    for (const Node* n : order_) {
      if (n->op() == Op::Input) continue;
      int d = 1;
      for (const Node* o : n->operands())
        if (!stored(o)) d = std::max(d, depth[o] + 1);
      depth[n] = d;
      if (d >= kMaxFusedDepth) roots_.insert(n);
    }
  }
  static constexpr int kMaxFusedDepth = 256;

  // Whether operand x of a matmul (contraction axis kaxis) can be computed on load: layout
  // ops other than transpose and casts of stored tensors, elementwise ops whose side operands
  // are scalars, index expressions (iota comparisons), per-K tensors, or stored tensors broadcast
  // along K (a [M, 1] row statistic). With `stats`, such a broadcast tensor that is computed is
  // accepted too and listed there (the caller stores it).
  bool prologue_ok(const Node* x, int kaxis, std::vector<const Node*>* stats = nullptr) {
    const double full = elems(x);
    // o, aligned to x's trailing axes, has size 1 on every axis but K (per_k) or on K (!per_k).
    auto flat = [&](const Node* o, bool per_k) {
      int off = x->rank() - o->rank();
      if (off < 0) return false;
      for (int a = off; a < x->rank(); ++a)
        if ((a == kaxis) != per_k && o->shape()[a - off] != Size(1)) return false;
      return true;
    };
    // (node, aligned: its axes are x's axes, i.e. no layout op on the way from x)
    std::vector<std::pair<const Node*, bool>> stack{{x, true}};
    std::unordered_set<const Node*> seen[2];
    while (!stack.empty()) {
      auto [n, aligned] = stack.back();
      stack.pop_back();
      if (!seen[aligned].insert(n).second) continue;
      if (stored(n)) {
        if (!aligned && elems(n) < full) return false;  // a broadcast of a smaller tensor
      } else if (n->op() == Op::Transpose) {
        // The contraction reads its operands in the layouts its transpose flags name; any
        // other permutation is materialized first (axon rewrite folds it into the flags).
        return false;
      } else if (n->kind() == OpKind::Layout) {
        for (const Node* o : n->operands()) stack.push_back({o, false});
      } else if (n->kind() == OpKind::Unary) {
        stack.push_back({n->operand(0), aligned});
      } else if (is_elementwise(n)) {
        for (const Node* o : n->operands()) {
          if (o->shape() == n->shape()) stack.push_back({o, aligned});
          else if (elems(o) <= 1 || generated(o) ||  // an index expression (a mask's iota comparison)
                   (aligned && (flat(o, true) || (stored(o) && flat(o, false)))))
            continue;
          else if (stats != nullptr && aligned && flat(o, false) && elems(o) < full)
            stats->push_back(o);
          else
            return false;
        }
      } else if (!is_generator(n)) {
        return false;
      }
    }
    return true;
  }

  // Nodes reachable from `from` through users (forward) or operands, `from` excluded.
  NodeSet reach(std::vector<const Node*> from, bool forward) const {
    NodeSet r;
    while (!from.empty()) {
      const Node* n = from.back();
      from.pop_back();
      for (const Node* m : forward ? users(n) : n->operands())
        if (r.insert(m).second) from.push_back(m);
    }
    return r;
  }

  // 2. Epilogues: from each matmul, follow elementwise users whose other operands are small,
  // stored or constant (and independent of the matmul); write the cheapest chain node.
  void grow_epilogues() {
    for (const Node* mm : order_) {
      if (mm->op() != Op::MatMul || epilogue_.count(mm)) continue;
      NodeSet dep = reach({mm}, true);  // nodes depending on mm
      dep.insert(mm);
      const double full = elems(mm);
      auto eligible = [&](const Node* u, const Node* head) {
        if (!is_elementwise(u) || epilogue_.count(u) || u->shape() != mm->shape()) return false;
        for (const Node* o : u->operands()) {
          if (o == head) continue;
          if (dep.count(o)) return false;
          if (!(elems(o) < full || stored(o) || is_generator(o))) return false;
        }
        return true;
      };
      std::vector<const Node*> chain{mm};
      for (;;) {
        const Node* next = nullptr;
        for (const Node* u : users(chain.back()))
          if (eligible(u, chain.back())) { next = u; break; }
        if (!next) break;
        chain.push_back(next);
      }
      auto must_write = [&](const Node* n) { return users(n).size() > 1 || outs_.count(n); };
      size_t cut = 0;
      double best = 0, earlier = 0;  // earlier: bytes of chain nodes before i written anyway
      for (size_t i = 0; i < chain.size(); ++i) {
        double cost = earlier + bytes(chain[i]);
        if (i == 0 || cost <= best) { best = cost; cut = i; }
        if (must_write(chain[i])) earlier += bytes(chain[i]);
      }
      Kernel k;
      k.seeds.assign(chain.begin(), chain.begin() + static_cast<long>(cut) + 1);
      k.head = chain[cut];
      for (const Node* n : k.seeds) {
        epilogue_.insert(n);
        if (n == k.head || must_write(n)) roots_.insert(n);
        else roots_.erase(n);
      }
      kernels_.push_back(std::move(k));
    }
  }

  // Stored values that the cone of x reads through non-stored nodes (x itself when stored);
  // nullopt when `ok` rejects a node of the cone.
  template <class Ok>
  std::optional<NodeSet> cone_reads(const Node* x, Ok ok) {
    NodeSet seen, out;
    std::vector<const Node*> stack{x};
    while (!stack.empty()) {
      const Node* n = stack.back();
      stack.pop_back();
      if (!seen.insert(n).second) continue;
      if (stored(n)) {
        out.insert(n);
      } else if (!ok(n)) {
        return std::nullopt;
      } else {
        for (const Node* o : n->operands()) stack.push_back(o);
      }
    }
    return out;
  }

  // Whether r is used, through fused (non-stored, cheap) nodes only, by some of `seeds` and
  // by nothing else: no other kernel, no output, no matmul operand.
  bool feeds_only(const Node* r, const NodeSet& seeds) {
    std::vector<const Node*> stack{r};
    NodeSet seen;
    bool any = false;
    while (!stack.empty()) {
      const Node* n = stack.back();
      stack.pop_back();
      for (const Node* u : users(n)) {
        if (seeds.count(u)) {
          any = true;
        } else if (stored(u) || outs_.count(u) || !is_cheap(u)) {
          return false;
        } else if (seen.insert(u).second) {
          stack.push_back(u);
        }
      }
    }
    return any;
  }

  // 2b. Side reductions: a reduction over the contraction axis of a matmul's operand 0, computed
  // elementwise from stored tensors that the operand's load reads (all of its full-size ones)
  // and used only by the matmul's epilogue, is computed from the loaded tiles: it joins the
  // matmul's kernel and is no longer stored.
  void side_reductions() {
    for (Kernel& k : kernels_) {
      const Node* mm = k.seeds.front();
      const Node* a = mm->operand(0);
      const double full = elems(a);
      const NodeSet loads = *cone_reads(a, [](const Node*) { return true; });
      auto full_size = [&](const NodeSet& s) {
        NodeSet f;
        for (const Node* v : s)
          if (elems(v) >= full) f.insert(v);
        return f;
      };
      const NodeSet big = full_size(loads), epilogue(k.seeds.begin() + 1, k.seeds.end());
      for (const Node* r : order_) {
        if (r->kind() != OpKind::Reduce || !roots_.count(r) || outs_.count(r)) continue;
        const auto& axes = r->attrs().ints("axes");
        if (axes.size() != 1 || axes[0] != k_axis(mm, 0) || r->operand(0)->shape() != a->shape())
          continue;
        auto reads = cone_reads(r->operand(0), [&](const Node* n) {
          return is_elementwise(n) || is_generator(n) ||
                 (n->kind() == OpKind::Layout && elems(n) < full);
        });
        if (!reads || big.empty() || full_size(*reads) != big) continue;
        auto loaded = [&](const Node* v) { return loads.count(v) != 0; };
        if (!std::all_of(reads->begin(), reads->end(), loaded) || !feeds_only(r, epilogue))
          continue;
        k.seeds.push_back(r);
        roots_.erase(r);
      }
    }
  }

  // 3. One kernel per remaining root; cones; owners of stored values.
  void build_kernels() {
    for (const Node* n : order_)
      if (roots_.count(n) && !epilogue_.count(n)) kernels_.push_back({{n}, n, {}, {}, false});
    std::sort(kernels_.begin(), kernels_.end(),
              [&](const Kernel& a, const Kernel& b) { return pos_[a.head] < pos_[b.head]; });
    auto by_pos = [&](const Node* a, const Node* b) { return pos_[a] < pos_[b]; };
    for (size_t ki = 0; ki < kernels_.size(); ++ki) {
      Kernel& k = kernels_[ki];
      NodeSet seeds(k.seeds.begin(), k.seeds.end()), in, reads;
      std::vector<const Node*> stack = k.seeds;
      while (!stack.empty()) {
        const Node* n = stack.back();
        stack.pop_back();
        if (!in.insert(n).second) continue;
        k.nodes.push_back(n);
        k.contraction |= n->kind() == OpKind::Contraction;
        for (const Node* o : n->operands()) {
          if (seeds.count(o)) continue;
          if (stored(o)) {
            if (reads.insert(o).second) k.reads.push_back(o);
          } else {
            stack.push_back(o);
          }
        }
      }
      std::sort(k.nodes.begin(), k.nodes.end(), by_pos);
      std::sort(k.reads.begin(), k.reads.end(), by_pos);
      for (const Node* s : k.seeds)
        if (roots_.count(s)) owner_[s] = static_cast<int>(ki);
    }
    parent_.resize(kernels_.size());
    std::iota(parent_.begin(), parent_.end(), 0);
    row_shape_.assign(kernels_.size(), std::nullopt);
  }

  int find(int k) {
    while (parent_[k] != k) k = parent_[k] = parent_[parent_[k]];
    return k;
  }
  int owner_group(const Node* v) {
    auto it = owner_.find(v);
    return it == owner_.end() ? -1 : find(it->second);
  }
  // A path g -> d -> .. -> c through a third group d (merging g and c would be a cycle).
  bool path_through_other(int g, int c) {
    std::vector<int> stack{g}, seen;
    while (!stack.empty()) {
      int d = stack.back();
      stack.pop_back();
      if (std::find(seen.begin(), seen.end(), d) != seen.end()) continue;
      seen.push_back(d);
      for (size_t k = 0; k < kernels_.size(); ++k) {  // groups reading a value of d
        int r = find(static_cast<int>(k));
        for (const Node* v : kernels_[k].reads) {
          if (owner_group(v) != d || r == g || (r == c && d == g)) continue;
          if (r == c) return true;
          stack.push_back(r);
        }
      }
    }
    return false;
  }

  // Whether group c (a reader of row group g's value) computes rows of g's shape.
  bool can_merge(int c, int g) {
    const Shape& rs = *row_shape_[g];
    bool single = true;
    for (size_t k = 0; k < kernels_.size(); ++k) {
      if (find(static_cast<int>(k)) != c) continue;
      const Kernel& kern = kernels_[k];
      if (kern.contraction) return false;
      single = single && static_cast<int>(k) == c;
      for (const Node* v : kern.reads) {
        int o = owner_group(v);
        if (o == g || o == c) continue;
        if (v->shape() != rs && elems(v) >= elems_of(rs)) return false;
      }
    }
    if (row_shape_[c]) {
      // One kernel reduces one axis set of one tensor (docs/reductions.md).
      if (*row_shape_[c] != rs || row_axes_[c] != row_axes_[g]) return false;
    } else {
      // An elementwise kernel over the rows (x's shape) or over the row values (the reduction's
      // shape: a statistic such as rsqrt(mean + eps), stored for a matmul's prologue).
      const Node* h = kernels_[c].head;
      if (!single || !is_elementwise(h) || (h->shape() != rs && h->shape() != kernels_[g].head->shape())) return false;
    }
    return !path_through_other(g, c);
  }
  // 4. Row kernels: reductions (over any axes: rows and columns, docs/reductions.md) whose
  // full-size reads have the reduced shape, and their readers of that shape.
  void merge_rows() {
    row_axes_.assign(kernels_.size(), {});
    for (size_t k = 0; k < kernels_.size(); ++k) {
      const Kernel& kern = kernels_[k];
      if (kern.seeds.size() != 1 || kern.head->kind() != OpKind::Reduce) continue;
      row_axes_[k] = kern.head->attrs().ints("axes");
      const Node* in = kern.head->operand(0);
      bool ok = true, any = false;
      for (const Node* v : kern.reads) {
        if (elems(v) < elems(in)) continue;
        any = true;
        ok = ok && v->shape() == in->shape();
      }
      if (ok && any) row_shape_[k] = in->shape();
    }
    for (size_t k = 0; k < kernels_.size(); ++k)
      for (const Node* v : kernels_[k].reads) {
        int g = owner_group(v), c = find(static_cast<int>(k));
        if (g < 0 || g == c || !row_shape_[g] || !can_merge(c, g)) continue;
        parent_[c] = g;
      }
  }

  double node_flops(const Node* n) {
    if (n->kind() == OpKind::Contraction) {
      const Node* a = n->operand(0);
      double k = size_value(a->shape()[static_cast<size_t>(k_axis(n, 0))]);
      return 2.0 * elems(n) * k;
    }
    if (n->kind() == OpKind::Reduce) return elems(n->operand(0));
    if (is_elementwise(n)) return elems(n) * (is_transcendental(n->op()) ? 4.0 : 1.0);
    return 0;  // layout, constant, iota
  }

  // 5. Per merged kernel: nodes, reads, writes, FLOPs, bytes, time; then the graph's totals.
  CostEstimate totals(const TargetModel& t) {
    std::unordered_map<const Node*, std::unordered_set<int>> readers;  // value -> groups
    std::vector<std::vector<size_t>> members(kernels_.size());
    for (size_t k = 0; k < kernels_.size(); ++k) {
      members[find(static_cast<int>(k))].push_back(k);
      for (const Node* v : kernels_[k].reads) readers[v].insert(find(static_cast<int>(k)));
    }
    std::vector<int> groups;  // in order of their last kernel's head
    for (size_t k = 0; k < kernels_.size(); ++k)
      if (!members[k].empty()) groups.push_back(static_cast<int>(k));
    std::sort(groups.begin(), groups.end(),
              [&](int a, int b) { return members[a].back() < members[b].back(); });
    auto by_pos = [&](const Node* a, const Node* b) { return pos_[a] < pos_[b]; };
    CostEstimate est;
    for (int g : groups) {
      KernelEstimate ke;
      NodeSet nodes, reads;
      double compute_us = 0;
      bool reduce = false, contraction = false;
      for (size_t k : members[g]) {
        const Kernel& kern = kernels_[k];
        contraction |= kern.contraction;
        for (const Node* n : kern.nodes) {
          if (!nodes.insert(n).second) continue;
          ke.nodes.push_back(n);
          reduce |= n->kind() == OpKind::Reduce;
          const double f = node_flops(n);
          compute_us += f / (flop_rate(t, n) * 1e6);
          ke.flops += f;
        }
        for (const Node* v : kern.reads)
          if (owner_group(v) != g && reads.insert(v).second) ke.reads.push_back(v);
        for (const Node* s : kern.seeds) {
          const auto& r = readers[s];
          if (roots_.count(s) && (outs_.count(s) || std::any_of(r.begin(), r.end(),
                                                                [&](int o) { return o != g; })))
            ke.writes.push_back(s);
        }
      }
      std::sort(ke.nodes.begin(), ke.nodes.end(), by_pos);
      std::sort(ke.reads.begin(), ke.reads.end(), by_pos);
      std::sort(ke.writes.begin(), ke.writes.end(), by_pos);
      for (const Node* v : ke.reads) ke.bytes += bytes(v);
      for (const Node* v : ke.writes) ke.bytes += bytes(v);
      ke.kind = contraction ? "contraction" : reduce ? "reduction" : "elementwise";
      ke.root = ke.writes.empty() ? ke.nodes.back() : ke.writes.back();
      ke.time_us = std::max({compute_us, ke.bytes / (t.hbm_gb_s * 1e3), contraction ? prologues_us(t, nodes) : 0.0}) + t.launch_us;
      est.flops += ke.flops;
      est.bytes += ke.bytes;
      est.time_us += ke.time_us;
      est.kernel_list.push_back(std::move(ke));
    }
    est.kernels = static_cast<int>(est.kernel_list.size());
    est.assumed_sizes = assumed_;
    reduction_penalty(t, est);
    return est;
  }

  // A contraction kernel's computed operands (tiling::prologue_us): evaluated once per tile of
  // the other output axis (tiles of 128 x 256), by one producer warpgroup per SM; or, where the
  // tiling's register A applies (a bf16 A computed from a stored 16-bit tensor of its own shape,
  // B stored, neither transposed), by the two consumer warpgroups at their fragments.
  double prologues_us(const TargetModel& t, const NodeSet& nodes) {
    double us = 0;
    auto inside = [&](const Node* n) { return nodes.count(n) > 0; };
    for (const Node* n : nodes) {
      if (n->op() != Op::MatMul || n->rank() < 2) continue;
      const double m = size_value(n->shape()[size_t(n->rank() - 2)]), nn = size_value(n->shape()[size_t(n->rank() - 1)]);
      const double k = size_value(n->operand(0)->shape()[static_cast<size_t>(k_axis(n, 0))]);
      const double per_m = elems(n) / std::max(1.0, m), per_n = elems(n) / std::max(1.0, nn);
      if (inside(n->operand(0)))
        // Register A's warps past the last row (M < 128: 16 rows per warp) evaluate nothing; its
        // weight counts the pairs' loads and packing, and the kernel's side reductions.
        us += search_detail::register_a_applies(n, inside)
                  ? tiling::prologue_us(per_n * k, std::ceil(nn / 256), search_detail::register_a_weight(n, nodes, inside),
                                        8 * std::min(1.0, std::ceil(m / 16) * 16 / 128), t.sm_count, tiling::kRegisterProloguePerWarp)
                  : tiling::prologue_us(per_n * k, std::ceil(nn / 256), tiling::prologue_weight(n->operand(0), inside), 4, t.sm_count);
      if (inside(n->operand(1)))
        us += tiling::prologue_us(per_m * k, std::ceil(m / 128), tiling::prologue_weight(n->operand(1), inside), 4, t.sm_count);
    }
    return us;
  }

  // Reductions reachable from a matmul with a matmul reachable from them.
  void reduction_penalty(const TargetModel& t, CostEstimate& est, const NodeSet& exempt = {}) {
    std::vector<const Node*> mms;
    for (const Node* n : order_)
      if (n->op() == Op::MatMul) mms.push_back(n);
    const NodeSet after = reach(mms, true), before = reach(mms, false);
    for (const Node* n : order_)
      if (n->kind() == OpKind::Reduce && after.count(n) && before.count(n) && !exempt.count(n)) {
        ++est.reductions_between_contractions;
        est.penalty_us += bytes(n->operand(0)) / (t.hbm_gb_s * 1e3);
      }
    est.time_us += est.penalty_us;
  }

  const Bindings& bind_;
  std::vector<const Node*> order_;
  std::unordered_map<const Node*, size_t> pos_;
  std::unordered_map<const Node*, std::vector<const Node*>> users_;  // distinct, topo order
  std::unordered_map<const Node*, double> elems_;
  NodeSet outs_, roots_, epilogue_;
  std::vector<Kernel> kernels_;
  std::unordered_map<const Node*, int> owner_;  // stored value -> kernel writing it
  std::vector<int> parent_;                     // union-find over kernels (row merges)
  std::vector<std::optional<Shape>> row_shape_; // set for row groups
  std::vector<std::vector<int64_t>> row_axes_;   // their reduced axes
  bool assumed_ = false;
  bool side_ = true;   // side reductions join their matmul's kernel
  bool stats_ = false; // per-row statistics stored so that a matmul operand is computed on load
};

}  // namespace

CostEstimate estimate_cost(const Graph& g, const TargetModel& t, const Bindings& bind, bool side_reductions, bool stored_statistics) {
  return CostModel(g, bind, side_reductions, stored_statistics).run(t);
}

}  // namespace axon
