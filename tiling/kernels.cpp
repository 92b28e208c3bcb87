// CUDA C++ for a group with a tiling configuration (docs/codegen.md): row kernels (staged
// block-wide reductions over the last axis, rows held in registers), elementwise kernels
// (vectorized, grid-stride) and the generic fallback (one thread per output element).
#include <algorithm>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling {

using detail::Emitter;

namespace {

std::string dt(const Node* n) { return std::string(dtype_name(n->dtype())); }

int find_param(const std::vector<const Node*>& v, const Node* n) {
  auto it = std::find(v.begin(), v.end(), n);
  return it == v.end() ? -1 : static_cast<int>(it - v.begin());
}

std::string param_list(const Group& g) {
  std::string s;
  for (size_t i = 0; i < g.reads.size(); ++i)
    s += (s.empty() ? "" : ", ") + std::string("const ") + detail::c_type(g.reads[i]->dtype()) + "* __restrict__ in" + std::to_string(i);
  for (size_t i = 0; i < g.writes.size(); ++i)
    s += (s.empty() ? "" : ", ") + detail::c_type(g.writes[i]->dtype()) + "* __restrict__ out" + std::to_string(i);
  return s;
}

// The flat row-major index of `point` in `dims`, as a term.
Term flat_index(const std::vector<Term>& point, const std::vector<int64_t>& dims) {
  Term idx = term::integer(0);
  int64_t stride = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    if (dims[i] != 1) idx = term::add(idx, term::mul(point[i], term::integer(stride)));
    stride *= dims[i];
  }
  return idx;
}

std::string comment_block(const std::string& text) {
  std::string s;
  std::istringstream is(text);
  for (std::string line; std::getline(is, line);) s += "// " + line + "\n";
  return s;
}

bool needs_wide_index(const Group& g) {
  for (const auto* list : {&g.nodes, &g.reads, &g.writes})
    for (const Node* n : *list)
      if (detail::numel(detail::dims_of(n)) >= (int64_t(1) << 31)) return true;
  return false;
}

// Loads of stored values at arbitrary points: global memory through the value's index map.
void global_loads(Emitter& em, const Group& g) {
  em.stored = [&g](const Node* n) { return find_param(g.reads, n) >= 0; };
  em.load = [&g, &em](const Node* n, const std::vector<Term>& p) {
    int k = find_param(g.reads, n);
    return "axon_ld_" + dt(n) + "(in" + std::to_string(k) + " + " + em.index(flat_index(p, detail::dims_of(n))) + ")";
  };
}

struct RowKernel {
  const Group& g;
  const GroupShape& s;
  const TileConfig& c;
  Emitter em;
  int E = 1, C = 1;
  std::vector<Term> row_coords;
  std::string identity_key;
  std::map<const Node*, std::string> stage_value;
  std::set<int> cached;  // reads held in registers

  RowKernel(const Group& g_, const GroupShape& s_, const TileConfig& c_, const Lowerings& low, bool wide)
      : g(g_), s(s_), c(c_), em(&low, false, wide) {
    C = static_cast<int>((s.cols + int64_t(c.threads) * c.vec - 1) / (int64_t(c.threads) * c.vec));
    E = C * c.vec;
    std::vector<int64_t> lead(s.full.begin(), s.full.end() - 1);
    row_coords = lead.empty() ? std::vector<Term>{} : detail::coords_of(term::var(detail::kRowVar), lead);
    std::vector<Term> id = row_coords;
    id.push_back(term::var(detail::kColVar));
    identity_key = detail::point_key(id);
    em.name_var(detail::kRowVar, "row");
    em.name_var(detail::kColVar, "col");
    for (size_t k = 0; k < g.reads.size(); ++k)
      if (c.cache_rows && detail::dims_of(g.reads[k]) == s.full) cached.insert(static_cast<int>(k));
    global_loads(em, g);
    auto global = em.load;
    em.load = [this, global](const Node* n, const std::vector<Term>& p) {
      int k = find_param(g.reads, n);
      if (cached.count(k) && detail::point_key(p) == identity_key) return "rc" + std::to_string(k) + "[e]";
      return global(n, p);
    };
    em.given = [this](const Node* n, const std::vector<Term>& p) -> std::string {
      auto it = stage_value.find(n);
      if (it == stage_value.end()) return {};
      // A row statistic read at this row (its leading coordinates); anything else is inlined.
      for (size_t i = 0; i < row_coords.size(); ++i)
        if (i >= p.size() || to_string(p[i]) != to_string(row_coords[i])) return {};
      return it->second;
    };
  }

  std::vector<Term> identity_point() const {
    std::vector<Term> p = row_coords;
    p.push_back(term::var(detail::kColVar));
    return p;
  }

  // The point of a row-shaped node (a statistic) at this row.
  std::vector<Term> row_point(const Node* n) const {
    std::vector<Term> p = row_coords;
    if (static_cast<size_t>(n->rank()) > row_coords.size()) p.push_back(term::integer(0));
    return p;
  }

  std::string col_of(const std::string& e) const {
    return "const " + std::string(em.idx()) + " col = ((" + em.idx() + ")(" + e + " / " + std::to_string(c.vec) +
           ") * " + std::to_string(c.threads) + " + tid) * " + std::to_string(c.vec) + " + (" + e + " % " +
           std::to_string(c.vec) + ");";
  }

  void block_reduce(Reducer r, const std::string& acc, int stage) {
    em.line(acc + " = axon_warp_" + std::string(r == Reducer::Sum ? "sum" : "max") + "_all(" + acc + ");");
    if (c.threads <= 32) return;
    const int warps = c.threads / 32;
    em.line("if (lane == 0) axon_red[" + std::to_string(stage) + "][rib][warp] = " + acc + ";");
    em.line("__syncthreads();");
    em.line(acc + " = axon_red[" + std::to_string(stage) + "][rib][0];");
    em.line("#pragma unroll");
    em.open("for (int w = 1; w < " + std::to_string(warps) + "; ++w) {");
    em.line(acc + " = " + em.combine(r, acc, "axon_red[" + std::to_string(stage) + "][rib][w]") + ";");
    em.close();
  }

  void stage(const Node* r, int index) {
    Definition d = define(*r);
    const TermNode* red = nullptr;
    std::function<void(const Term&)> find = [&](const Term& t) {
      if (t->kind == TermKind::Reduce && !red) red = t.get();
      for (const Term& a : t->args) find(a);
    };
    find(d.body);
    AXON_CHECK(red != nullptr, "codegen: reduction without a Reduce term");
    std::map<int, Term> sub;
    std::vector<Term> rp = row_point(r);
    for (size_t i = 0; i < rp.size(); ++i) sub[static_cast<int>(i)] = rp[i];
    std::map<int, Term> inner = sub;
    inner[static_cast<int>(red->ival)] = term::var(detail::kColVar);
    std::string acc = "red" + std::to_string(index);
    em.line("// stage " + std::to_string(index) + ": " + std::string(op_name(r->op())) + " " + std::to_string(r->id()) +
            " over the row");
    em.line("float " + acc + " = " + em.identity(red->reducer) + ";");
    em.line("#pragma unroll");
    em.open("for (int e = 0; e < " + std::to_string(E) + "; ++e) {");
    em.line(col_of("e"));
    em.open("if (valid && col < " + std::to_string(s.cols) + ") {");
    std::string b = em.term(red->args[1], r, inner);
    em.line(acc + " = " + em.combine(red->reducer, acc, b) + ";");
    em.close();
    em.close();
    block_reduce(red->reducer, acc, index);
    std::map<const TermNode*, std::string> replace{{red, acc}};
    std::string x = em.term(d.body, r, sub, replace);
    std::string v = "stat" + std::to_string(index);
    em.line("const float " + v + " = " + em.round(r->dtype(), x) + ";");
    stage_value[r] = v;
  }

  std::string emit(const std::string& name) {
    std::vector<const Node*> reductions;
    for (const Node* n : g.nodes)
      if (n->kind() == OpKind::Reduce) reductions.push_back(n);
    const int block = c.threads * c.rows_per_block;
    std::ostringstream head;
    head << "extern \"C\" __global__ void __launch_bounds__(" << block << ") " << name << "(" << param_list(g) << ") {\n";
    em.line("const int tid = threadIdx.x % " + std::to_string(c.threads) + ", rib = threadIdx.x / " +
            std::to_string(c.threads) + ";");
    em.line("const int lane = threadIdx.x & 31, warp = tid >> 5;");
    em.line("(void)lane; (void)warp; (void)rib;");
    em.line("const " + std::string(em.idx()) + " row = (" + em.idx() + ")blockIdx.x * " + std::to_string(c.rows_per_block) + " + rib;");
    em.line("const bool valid = row < " + std::to_string(s.rows) + ";");
    if (c.threads > 32)
      em.line("__shared__ float axon_red[" + std::to_string(std::max<size_t>(1, reductions.size())) + "][" +
              std::to_string(c.rows_per_block) + "][" + std::to_string(c.threads / 32) + "];");
    for (int k : cached) {
      const Node* n = g.reads[static_cast<size_t>(k)];
      std::string rc = "rc" + std::to_string(k), ks = std::to_string(k);
      em.line("float " + rc + "[" + std::to_string(E) + "];  // row of in" + ks + ", held in registers");
      em.line("#pragma unroll");
      em.open("for (int c = 0; c < " + std::to_string(C) + "; ++c) {");
      em.line("const " + std::string(em.idx()) + " col0 = ((" + em.idx() + ")c * " + std::to_string(c.threads) + " + tid) * " +
              std::to_string(c.vec) + ";");
      em.line("if (valid && col0 < " + std::to_string(s.cols) + ") axon_ldv_" + dt(n) + "<" + std::to_string(c.vec) + ">(in" +
              ks + " + row * " + std::to_string(s.cols) + " + col0, &" + rc + "[c * " + std::to_string(c.vec) + "]);");
      em.line("else for (int l = 0; l < " + std::to_string(c.vec) + "; ++l) " + rc + "[c * " + std::to_string(c.vec) + " + l] = 0.0f;");
      em.close();
    }
    for (size_t i = 0; i < reductions.size(); ++i) stage(reductions[i], static_cast<int>(i));
    // Full-row results, vectorized; row statistics by the row's first thread.
    std::vector<size_t> full, stats;
    for (size_t w = 0; w < g.writes.size(); ++w)
      (detail::dims_of(g.writes[w]) == s.full ? full : stats).push_back(w);
    if (!full.empty()) {
      em.line("#pragma unroll");
      em.open("for (int c = 0; c < " + std::to_string(C) + "; ++c) {");
      em.line("const " + std::string(em.idx()) + " col0 = ((" + em.idx() + ")c * " + std::to_string(c.threads) + " + tid) * " +
              std::to_string(c.vec) + ";");
      em.open("if (valid && col0 < " + std::to_string(s.cols) + ") {");
      for (size_t w : full) em.line("float o" + std::to_string(w) + "[" + std::to_string(c.vec) + "];");
      em.line("#pragma unroll");
      em.open("for (int l = 0; l < " + std::to_string(c.vec) + "; ++l) {");
      em.line("const int e = c * " + std::to_string(c.vec) + " + l;");
      em.line("const " + std::string(em.idx()) + " col = col0 + l;");
      for (size_t w : full) em.line("o" + std::to_string(w) + "[l] = " + em.value(g.writes[w], identity_point()) + ";");
      em.close();
      for (size_t w : full)
        em.line("axon_stv_" + dt(g.writes[w]) + "<" + std::to_string(c.vec) + ">(out" + std::to_string(w) + " + row * " +
                std::to_string(s.cols) + " + col0, o" + std::to_string(w) + ");");
      em.close();
      em.close();
    }
    if (!stats.empty()) {
      em.open("if (valid && tid == 0) {");
      for (size_t w : stats) {
        const Node* n = g.writes[w];
        std::vector<Term> p = row_point(n);
        em.line("axon_st_" + dt(n) + "(out" + std::to_string(w) + " + " + em.index(flat_index(p, detail::dims_of(n))) + ", " +
                em.value(n, p) + ");");
      }
      em.close();
    }
    return head.str() + em.str() + "}\n";
  }
};

std::string elementwise_kernel(const Group& g, const GroupShape& s, const TileConfig& c, const Lowerings& low,
                               const std::string& name, bool wide) {
  Emitter em(&low, false, wide);
  em.name_var(detail::kLinVar, "lin");
  global_loads(em, g);
  std::vector<Term> id = detail::coords_of(term::var(detail::kLinVar), s.full);
  const std::string id_key = detail::point_key(id);
  std::set<int> vec_reads;
  for (size_t k = 0; k < g.reads.size(); ++k)
    if (detail::dims_of(g.reads[k]) == s.full) vec_reads.insert(static_cast<int>(k));
  auto global = em.load;
  em.load = [&](const Node* n, const std::vector<Term>& p) {
    int k = find_param(g.reads, n);
    if (vec_reads.count(k) && detail::point_key(p) == id_key) return "ld" + std::to_string(k) + "[l]";
    return global(n, p);
  };
  const std::string I = em.idx(), V = std::to_string(c.vec);
  std::ostringstream head;
  head << "extern \"C\" __global__ void __launch_bounds__(" << c.threads << ") " << name << "(" << param_list(g) << ") {\n";
  em.open("for (" + I + " g = (" + I + ")blockIdx.x * " + std::to_string(c.threads) + " + threadIdx.x; g < " +
          std::to_string(s.elements / c.vec) + "; g += (" + I + ")gridDim.x * " + std::to_string(c.threads) + ") {");
  em.line("const " + I + " base = g * " + V + ";");
  for (int k : vec_reads) {
    const Node* n = g.reads[static_cast<size_t>(k)];
    em.line("float ld" + std::to_string(k) + "[" + V + "];");
    em.line("axon_ldv_" + dt(n) + "<" + V + ">(in" + std::to_string(k) + " + base, ld" + std::to_string(k) + ");");
  }
  for (size_t w = 0; w < g.writes.size(); ++w) em.line("float o" + std::to_string(w) + "[" + V + "];");
  em.line("#pragma unroll");
  em.open("for (int l = 0; l < " + V + "; ++l) {");
  em.line("const " + I + " lin = base + l;");
  for (size_t w = 0; w < g.writes.size(); ++w) em.line("o" + std::to_string(w) + "[l] = " + em.value(g.writes[w], id) + ";");
  em.close();
  for (size_t w = 0; w < g.writes.size(); ++w)
    em.line("axon_stv_" + dt(g.writes[w]) + "<" + V + ">(out" + std::to_string(w) + " + base, o" + std::to_string(w) + ");");
  em.close();
  return head.str() + em.str() + "}\n";
}

// One thread per element of `target` (grid-stride). `emit_store` writes the value.
std::string generic_kernel(Emitter& em, const std::string& name, const std::string& params, const Node* target, int threads,
                           const std::function<std::string(const std::string& value)>& store) {
  em.name_var(detail::kLinVar, "lin");
  const std::vector<int64_t> dims = detail::dims_of(target);
  const std::string I = em.idx();
  std::ostringstream head;
  head << "extern \"C\" __global__ void __launch_bounds__(" << threads << ") " << name << "(" << params << ") {\n";
  em.open("for (" + I + " lin = (" + I + ")blockIdx.x * " + std::to_string(threads) + " + threadIdx.x; lin < " +
          std::to_string(detail::numel(dims)) + "; lin += (" + I + ")gridDim.x * " + std::to_string(threads) + ") {");
  std::string v = em.value(target, detail::coords_of(term::var(detail::kLinVar), dims));
  em.line(store(v));
  em.close();
  return head.str() + em.str() + "}\n";
}

int64_t generic_grid(int64_t elements, int threads) {
  return std::max<int64_t>(1, std::min<int64_t>((elements + threads - 1) / threads, int64_t(1) << 20));
}

}  // namespace

KernelCode generate(const Group& g, const GroupShape& s, const TileConfig& c, const Lowerings& low,
                    const CodegenOptions& o) {
  KernelCode k;
  k.config = c;
  const bool wide = needs_wide_index(g);
  std::ostringstream body;
  body << comment_block(o.header + (o.header.empty() ? "" : "\n") + "tiling: " + c.str());
  std::vector<const Node*> params = g.reads;
  params.insert(params.end(), g.writes.begin(), g.writes.end());
  std::vector<int> roles(g.reads.size(), 0);
  roles.insert(roles.end(), g.writes.size(), 1);
  if (c.strategy == Strategy::Row) {
    RowKernel rk(g, s, c, low, wide);
    body << rk.emit(o.name);
    k.launches.push_back({o.name, (s.rows + c.rows_per_block - 1) / c.rows_per_block, c.threads * c.rows_per_block, 0, params, roles});
  } else if (c.strategy == Strategy::Elementwise) {
    body << elementwise_kernel(g, s, c, low, o.name, wide);
    int64_t groups = s.elements / c.vec, need = (groups + c.threads - 1) / c.threads;
    int64_t grid = c.blocks_per_sm > 0 ? std::min<int64_t>(need, int64_t(c.blocks_per_sm) * o.sm_count) : need;
    k.launches.push_back({o.name, std::max<int64_t>(1, grid), c.threads, 0, params, roles});
  } else {
    for (size_t w = 0; w < g.writes.size(); ++w) {
      Emitter em(&low, false, wide);
      global_loads(em, g);
      const Node* t = g.writes[w];
      std::string fname = o.name + (g.writes.size() > 1 ? "_w" + std::to_string(w) : "");
      body << generic_kernel(em, fname, param_list(g), t, c.threads, [&](const std::string& v) {
        return "axon_st_" + dt(t) + "(out" + std::to_string(w) + " + lin, " + v + ");";
      });
      k.launches.push_back({fname, generic_grid(detail::numel(detail::dims_of(t)), c.threads), c.threads, 0, params, roles});
    }
  }
  k.body = body.str();
  k.source = prelude(low) + "\n" + k.body;
  return k;
}

ReferenceCode generate_reference(const Group& g, const std::string& name) {
  ReferenceCode r;
  std::map<const Node*, int> users;
  for (const Node* n : g.nodes)
    for (const Node* o : n->operands()) ++users[o];
  for (const Node* n : g.nodes) {
    bool wanted = n->kind() == OpKind::Reduce || n->kind() == OpKind::Contraction || users[n] >= 2 ||
                  std::find(g.writes.begin(), g.writes.end(), n) != g.writes.end();
    if (wanted) r.computed.push_back(n);
  }
  const bool wide = needs_wide_index(g);
  std::string params;
  for (size_t i = 0; i < g.reads.size(); ++i)
    params += (params.empty() ? "" : ", ") + std::string("const ") + detail::c_type(g.reads[i]->dtype()) + "* __restrict__ in" + std::to_string(i);
  for (size_t i = 0; i < r.computed.size(); ++i) params += (params.empty() ? "" : ", ") + std::string("double* ref") + std::to_string(i);
  std::vector<const Node*> all = g.reads;
  all.insert(all.end(), r.computed.begin(), r.computed.end());
  std::vector<int> roles(g.reads.size(), 0);
  roles.insert(roles.end(), r.computed.size(), 2);
  std::ostringstream src;
  src << "// Reference of a group: each materialized value computed in double (generic kernels).\n";
  for (size_t m = 0; m < r.computed.size(); ++m) {
    const Node* t = r.computed[m];
    Emitter em(nullptr, true, wide);
    em.stored = [&](const Node* n) {
      if (find_param(g.reads, n) >= 0) return true;
      int c = find_param(r.computed, n);
      return c >= 0 && n != t;
    };
    em.load = [&](const Node* n, const std::vector<Term>& p) {
      std::string i = em.index(flat_index(p, detail::dims_of(n)));
      if (int k = find_param(g.reads, n); k >= 0) return "axon_ldd_" + dt(n) + "(in" + std::to_string(k) + " + " + i + ")";
      return "ref" + std::to_string(find_param(r.computed, n)) + "[" + i + "]";
    };
    std::string fname = name + "_ref" + std::to_string(m);
    src << generic_kernel(em, fname, params, t, 256, [&](const std::string& v) {
      return "ref" + std::to_string(m) + "[lin] = " + v + ";";
    });
    r.launches.push_back({fname, generic_grid(detail::numel(detail::dims_of(t)), 256), 256, 0, all, roles});
  }
  r.source = tools_source() + "\n" + src.str();
  return r;
}

}  // namespace axon::tiling
