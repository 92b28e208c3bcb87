// Column kernels (docs/reductions.md): reductions that keep the row tensor's last axis. A block is
// `threads` (tx) x `rows_per_block` (ty) threads: thread x owns `vec` consecutive kept indices
// (kc0 .. kc0 + vec - 1, contiguous in memory: vec divides the inner run), thread y the reduction
// indices y, y + ty, ... of its share. Each reduction is a stage: a pass accumulating `vec`
// values per thread, their combine over ty (warp shuffles, then shared memory) and, with `splits` > 1, over the
// blocks of a cluster through distributed shared memory; the statistics are then held per lane
// (st<i>[l]). Full-shape writes walk the reduction again with vector stores; statistics are
// written by y = 0 (and rank 0).
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

struct ColumnKernel {
  const Group& g;
  const GroupShape& s;
  const ColumnConfig& c;
  const Lowerings& low;
  const bool wide;
  Emitter em;
  int TX, TY, V, S;
  const InstrSpec* shfl = nullptr;  // shfl.sync.bfly.b32 of the ISA (none: G = 1)
  int G = 1;                        // lanes of a warp with the same x (combined by shuffles)
  bool full_tiles = false;  // every block's kept indices exist (no guard)
  std::string identity_key;
  std::set<int> vec_reads;                          // full-shape inputs: loaded V at a time
  std::map<const Node*, std::string> per_lane;      // statistics and values of them: arrays [V]

  ColumnKernel(const Group& g_, const GroupShape& s_, const ColumnConfig& c_, const Lowerings& low_, bool wide_)
      : g(g_), s(s_), c(c_), low(low_), wide(wide_), em(&low_, false, wide_), TX(c_.threads), TY(c_.rows_per_block), V(c_.vec),
        S(c_.splits) {
    AXON_CHECK(s.inner % V == 0, "codegen: a column kernel's vector crosses the inner run");
    full_tiles = s.rows % (int64_t(TX) * V) == 0;
    shfl = low.isa ? low.isa->find("shfl.sync.bfly.b32") : nullptr;
    if (shfl && TX < 32 && (TX * TY) % 32 == 0) G = std::min(TY, 32 / TX);
    AXON_CHECK(TY % G == 0, "codegen: a column kernel's ty is not a multiple of its warp groups");
    identity_key = point_key(identity());
    for (size_t k = 0; k < g.reads.size(); ++k)
      if (dims_of(g.reads[k]) == s.full) vec_reads.insert(static_cast<int>(k));
    setup(em);
  }

  std::vector<Term> identity() const { return reduction_point(s, term::var(kKeptVar), term::var(kColVar)); }

  // Names, loads (a full-shape input at the identity is its vector register ld<k>[l]) and the
  // per-lane values.
  void setup(Emitter& e) {
    e.name_var(kKeptVar, "kc");
    e.name_var(kKept0Var, "kc0");
    e.name_var(kColVar, "rr");
    global_loads(e, g);
    auto global = e.load;
    e.load = [this, global](const Node* n, const std::vector<Term>& p) {
      int k = find_param(g.reads, n);
      if (vec_reads.count(k) && point_key(p) == identity_key) return "ld" + std::to_string(k) + "[l]";
      return global(n, p);
    };
    e.given = [this](const Node* n, const std::vector<Term>& p) -> std::string {
      auto it = per_lane.find(n);
      if (it == per_lane.end()) return {};
      return at_statistic_point(s, n, p, term::var(kKeptVar)) ? it->second + "[l]" : std::string();
    };
  }

  std::string I() const { return em.idx(); }
  std::string offset() {
    return em.index(flat_index(reduction_point(s, term::var(kKept0Var), term::var(kColVar)), s.full));
  }

  // The full-shape inputs `body` reads at the identity point (a dry run on a scratch emitter).
  std::set<int> identity_reads(const std::function<void(Emitter&)>& body) {
    Emitter scratch(&low, false, wide);
    setup(scratch);
    std::set<int> used;
    auto load = scratch.load;
    scratch.load = [&, load](const Node* n, const std::vector<Term>& p) {
      int k = find_param(g.reads, n);
      if (vec_reads.count(k) && point_key(p) == identity_key) used.insert(k);
      return load(n, p);
    };
    scratch.open("{");
    scratch.line("const " + I() + " kc = 0, rr = 0; const int l = 0;");
    body(scratch);
    scratch.close();
    return used;
  }

  // for (rr over this thread's share) { vector loads; for (l) { kc; BODY } }
  void open_walk(const std::set<int>& reads) {
    em.line("#pragma unroll 4");
    em.open("for (" + I() + " rr = rb + y; rr < re; rr += " + std::to_string(TY) + ") {");
    for (int k : reads) {
      const Node* n = g.reads[static_cast<size_t>(k)];
      em.line("float ld" + std::to_string(k) + "[" + std::to_string(V) + "];");
      em.line("axon_ldv_" + dt(n) + "<" + std::to_string(V) + ">(in" + std::to_string(k) + " + " + offset() + ", ld" + std::to_string(k) + ");");
    }
  }
  void open_lanes() {
    em.line("#pragma unroll");
    em.open("for (int l = 0; l < " + std::to_string(V) + "; ++l) {");
    em.line("const " + I() + " kc = kc0 + l;");
    em.line("(void)kc;");
  }

  // The combine over ty: first across the G lanes of a warp that hold the same kept indices
  // (butterfly shuffles, xor TX, 2 TX, ..: every lane ends with the same value, the operands of
  // each step being the same pair), then, when a block has more than one such group per kept
  // index, over the TY / G group values in shared memory, in y order (every thread reads them
  // alike, so every thread holds the same statistic bit for bit).
  void combine_over_y(Reducer red, const std::string& acc, const std::string& I_) {
    const std::string VS = std::to_string(V);
    if (G > 1) {
      em.line("#pragma unroll");
      em.open("for (int l = 0; l < " + VS + "; ++l) {");
      for (int off = TX; off < TX * G; off *= 2)
        em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {acc + "[l]"}}, {"c", "", {std::to_string(off)}, true}}, false) +
                " " + acc + "[l] = " + em.combine(red, acc + "[l]", "t") + "; }");
      em.close();
    }
    const int slots = TY / G;
    if (slots == 1) return;
    const std::string slot = G > 1 ? "y / " + std::to_string(G) : "y";
    if (G > 1) em.open("if (y % " + std::to_string(G) + " == 0) {");
    em.line("#pragma unroll");
    em.line("for (int l = 0; l < " + VS + "; ++l) axon_cred[" + I_ + "][" + slot + "][x * " + VS + " + l] = " + acc + "[l];");
    if (G > 1) em.close();
    em.line("__syncthreads();");
    em.line("#pragma unroll");
    em.open("for (int l = 0; l < " + VS + "; ++l) {");
    em.line(acc + "[l] = axon_cred[" + I_ + "][0][x * " + VS + " + l];");
    em.line("for (int w = 1; w < " + std::to_string(slots) + "; ++w) " + acc + "[l] = " +
            em.combine(red, acc + "[l]", "axon_cred[" + I_ + "][w][x * " + VS + " + l]") + ";");
    em.close();
  }

  void stage(const Node* r, int index, const ClusterIsa& ci) {
    const Definition d = define(*r);
    const std::vector<const TermNode*> chain = reduce_chain(d);
    AXON_CHECK(chain.size() == s.red_dims.size(), "codegen: a reduction's axes are not the group's");
    std::map<int, Term> sub;
    const std::vector<Term> sp = statistic_point(s, r, term::var(kKeptVar));
    for (size_t i = 0; i < sp.size(); ++i) sub[static_cast<int>(i)] = sp[i];
    std::map<int, Term> inner = sub;
    const std::vector<Term> rc = coords_of(term::var(kColVar), s.red_dims);
    for (size_t i = 0; i < chain.size(); ++i) inner[static_cast<int>(chain[i]->ival)] = rc[i];
    const Term& body = chain.back()->args[1];
    const Reducer red = chain.front()->reducer;
    const std::string acc = "acc" + std::to_string(index), st = "st" + std::to_string(index), I_ = std::to_string(index);
    const std::string VS = std::to_string(V);
    em.line("// stage " + I_ + ": " + std::string(op_name(r->op())) + " " + std::to_string(r->id()));
    em.line("float " + acc + "[" + VS + "];");
    em.line("#pragma unroll");
    em.line("for (int l = 0; l < " + VS + "; ++l) " + acc + "[l] = " + em.identity(red) + ";");
    const std::set<int> reads = identity_reads([&](Emitter& e) { (void)e.term(body, r, inner); });
    em.open(full_tiles ? "{" : "if (valid) {");
    open_walk(reads);
    open_lanes();
    em.line(acc + "[l] = " + em.combine(red, acc + "[l]", em.term(body, r, inner)) + ";");
    em.close();
    em.close();
    em.close();
    if (TY > 1) combine_over_y(red, acc, I_);
    if (S > 1) {
      std::vector<std::string> accs;
      for (int l = 0; l < V; ++l) accs.push_back(acc + "[" + std::to_string(l) + "]");
      emit_cluster_combine(em, ci, red, S, accs, "(axon_ccl[" + I_ + "] + x * " + VS + ")", "y == 0");
    }
    em.line("float " + st + "[" + VS + "];");
    open_lanes();
    std::map<const TermNode*, std::string> replace{{chain.front(), acc + "[l]"}};
    em.line(st + "[l] = " + em.round(r->dtype(), em.term(d.body, r, sub, replace)) + ";");
    em.close();
    per_lane[r] = st;
  }

  bool reads_memory(const Node* n) const {
    return detail::reads_memory(g, n, [this](const Node* m) { return per_lane.count(m) > 0; });
  }

  std::string emit(const std::string& name) {
    std::vector<const Node*> reductions;
    for (const Node* n : g.nodes)
      if (n->kind() == OpKind::Reduce) reductions.push_back(n);
    const ClusterIsa ci = low.isa ? cluster_isa(*low.isa) : ClusterIsa{};
    AXON_CHECK(S == 1 || ci.reduces(), "codegen: a split column kernel needs the cluster instructions");
    const int stages = std::max<int>(1, static_cast<int>(reductions.size()));
    const int64_t share = (s.cols + S - 1) / S;
    std::ostringstream head;
    head << "extern \"C\" __global__ void " << (S > 1 ? "__cluster_dims__(" + std::to_string(S) + ", 1, 1) " : "")
         << "__launch_bounds__(" << TX * TY << ") " << name << "(" << param_list(g) << ") {\n";
    em.line("const int x = threadIdx.x % " + std::to_string(TX) + ", y = threadIdx.x / " + std::to_string(TX) + ";");
    em.line("(void)x; (void)y;");
    if (TY / G > 1)
      em.line("__shared__ float axon_cred[" + std::to_string(stages) + "][" + std::to_string(TY / G) + "][" + std::to_string(TX * V) + "];");
    if (S > 1) {
      em.line("__shared__ float axon_ccl[" + std::to_string(stages) + "][" + std::to_string(TX * V) + "];");
      em.line("const int rank = blockIdx.x % " + std::to_string(S) + ";");
      em.line("const " + I() + " tile = blockIdx.x / " + std::to_string(S) + ";");
      em.line("const " + I() + " rb = (" + I() + ")rank * " + std::to_string(share) + ", re = rb + " + std::to_string(share) + " < " +
              std::to_string(s.cols) + " ? rb + " + std::to_string(share) + " : " + std::to_string(s.cols) + ";");
    } else {
      em.line("const int rank = 0;");
      em.line("const " + I() + " tile = blockIdx.x, rb = 0, re = " + std::to_string(s.cols) + ";");
    }
    em.line("(void)rank;");
    em.line("const " + I() + " kc0 = (tile * " + std::to_string(TX) + " + x) * " + std::to_string(V) + ";");
    em.line(full_tiles ? "const bool valid = true;" : "const bool valid = kc0 < " + std::to_string(s.rows) + ";");
    em.line("(void)valid;");
    for (size_t i = 0; i < reductions.size(); ++i) stage(reductions[i], static_cast<int>(i), ci);
    // Values of the statistics alone (rsqrt(var + eps)), once per kept index.
    for (const Node* n : g.nodes) {
      if (n->kind() == OpKind::Reduce || n->op() == Op::Constant || per_lane.count(n)) continue;
      if (!statistic_dims(s, dims_of(n)) || (!full_tiles && reads_memory(n))) continue;
      const std::string kv = "kv" + std::to_string(n->id());
      em.line("float " + kv + "[" + std::to_string(V) + "];");
      open_lanes();
      em.line(kv + "[l] = " + em.value(n, statistic_point(s, n, term::var(kKeptVar))) + ";");
      em.close();
      per_lane[n] = kv;
    }
    std::vector<size_t> full, stats;
    for (size_t w = 0; w < g.writes.size(); ++w) (dims_of(g.writes[w]) == s.full ? full : stats).push_back(w);
    if (!full.empty()) {
      const std::set<int> reads = identity_reads([&](Emitter& e) {
        for (size_t w : full) (void)e.value(g.writes[w], identity());
      });
      em.open(full_tiles ? "{" : "if (valid) {");
      open_walk(reads);
      for (size_t w : full) em.line("float o" + std::to_string(w) + "[" + std::to_string(V) + "];");
      open_lanes();
      for (size_t w : full) em.line("o" + std::to_string(w) + "[l] = " + em.value(g.writes[w], identity()) + ";");
      em.close();
      for (size_t w : full)
        em.line("axon_stv_" + dt(g.writes[w]) + store_suffix(g, g.writes[w], false) + "<" + std::to_string(V) + ">(out" +
                std::to_string(w) + " + " + offset() + ", o" + std::to_string(w) + ");");
      em.close();
      em.close();
    }
    if (!stats.empty()) {
      em.open("if (valid && y == 0 && rank == 0) {");
      open_lanes();
      for (size_t w : stats) {
        const Node* n = g.writes[w];
        const std::vector<Term> p = statistic_point(s, n, term::var(kKeptVar));
        em.line("axon_st_" + dt(n) + "(out" + std::to_string(w) + " + " + em.index(flat_index(p, dims_of(n))) + ", " + em.value(n, p) + ");");
      }
      em.close();
      em.close();
    }
    if (S > 1) emit_cluster_exit(em, ci);
    return head.str() + em.str() + "}\n";
  }
};

}  // namespace

std::string column_kernel(const Group& g, const GroupShape& s, const ColumnConfig& c, const Lowerings& low,
                          const std::string& name, bool wide) {
  ColumnKernel k(g, s, c, low, wide);
  return k.emit(name);
}

}  // namespace axon::tiling::detail
