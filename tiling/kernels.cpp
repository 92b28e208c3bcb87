// CUDA C++ for a group with a tiling configuration (docs/codegen.md): row and column kernels
// (staged block-wide reductions over any axes, docs/reductions.md), elementwise kernels
// (vectorized, grid-stride) and the generic fallback (one thread per output element).
#include <algorithm>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling {

using detail::Emitter;
using detail::dt;
using detail::find_param;
using detail::flat_index;
using detail::global_loads;
using detail::param_list;

namespace {

// `runtime_groups` > 0: the vector groups are axon_n * runtime_groups (a runtime size along the
// output's axis 0; the kernel takes `long long axon_n` last).
std::string elementwise_kernel(const Group& g, const GroupShape& s, const ElementwiseConfig& c, const Lowerings& low,
                               const std::string& name, bool wide, int64_t runtime_groups = 0) {
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
  head << "extern \"C\" __global__ void __launch_bounds__(" << c.threads << ") " << name << "(" << param_list(g)
       << (runtime_groups > 0 ? ", long long axon_n" : "") << ") {\n";
  const std::string groups = runtime_groups > 0 ? "axon_n * " + std::to_string(runtime_groups) + "LL" : std::to_string(s.elements / c.vec);
  em.open("for (" + I + " g = (" + I + ")blockIdx.x * " + std::to_string(c.threads) + " + threadIdx.x; g < " + groups + "; g += (" + I +
          ")gridDim.x * " + std::to_string(c.threads) + ") {");
  em.line("const " + I + " base = g * " + V + ";");
  for (int k : vec_reads) {
    const Node* n = g.reads[static_cast<size_t>(k)];
    em.line("float ld" + std::to_string(k) + "[" + V + "];");
    em.line("axon_ldv_" + dt(n) + (c.streaming ? "_cs" : "") + "<" + V + ">(in" + std::to_string(k) + " + base, ld" + std::to_string(k) + ");");
  }
  for (size_t w = 0; w < g.writes.size(); ++w) em.line("float o" + std::to_string(w) + "[" + V + "];");
  em.line("#pragma unroll");
  em.open("for (int l = 0; l < " + V + "; ++l) {");
  em.line("const " + I + " lin = base + l;");
  for (size_t w = 0; w < g.writes.size(); ++w) em.line("o" + std::to_string(w) + "[l] = " + em.value(g.writes[w], id) + ";");
  em.close();
  for (size_t w = 0; w < g.writes.size(); ++w)
    em.line("axon_stv_" + dt(g.writes[w]) + detail::store_suffix(g, g.writes[w], c.streaming) + "<" + V + ">(out" + std::to_string(w) + " + base, o" +
            std::to_string(w) + ");");
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

// CUDA's grid limit (x dimension). Elementwise kernels stride over their work, so their grids are
// capped at it; a row kernel that is not persistent, a contraction or an attention kernel takes a
// block per unit of work, and a shape with more is refused.
constexpr int64_t kMaxGrid = 2147483647;
int64_t tile_grid(int64_t grid, const std::string& what) {
  if (grid > kMaxGrid) throw UserError(what + ": " + std::to_string(grid) + " blocks, more than a CUDA grid holds (2^31 - 1)");
  return grid;
}

int64_t generic_grid(int64_t elements, int threads) {
  return std::max<int64_t>(1, std::min<int64_t>((elements + threads - 1) / threads, int64_t(1) << 20));
}

// What the kernel is: the caller's header (graph, variant, moves), the tiling, and which of its
// writes are hand-offs stored to stay in L2.
std::string about(const Group& g, const TileConfig& c, const CodegenOptions& o) {
  std::string s = o.header + (o.header.empty() ? "" : "\n") + "tiling: " + c.str();
  if (!g.handoffs.empty() && (c.strategy() == Strategy::Row || c.strategy() == Strategy::Column || c.strategy() == Strategy::Elementwise))
    s += "\nwrites read by a later kernel of the launch (" + std::to_string(g.handoffs.size()) + " of " + std::to_string(g.writes.size()) +
         "): stored with an L2 evict-last policy";
  return detail::comment_block(s);
}

// One kernel's generation (generate): the state its strategies share, and one method per
// strategy (the kernel's source into `body`, its launches into k) and per step around them.
struct Generation {
  KernelCode& k;
  const Group& g;
  const GroupShape& s;
  const TileConfig& cfg;
  const Lowerings& low;
  const CodegenOptions& o;
  bool wide;
  int64_t T;          // the runtime size (0: none)
  int64_t unit = 0;   // per unit of it: the rows, element groups or tile rows (0: sizes are literals)
  std::ostringstream body;
  std::vector<const Node*> params;
  std::vector<int> roles;

  Generation(KernelCode& k_, const Group& g_, const GroupShape& s_, const TileConfig& c_, const Lowerings& low_, const CodegenOptions& o_)
      : k(k_), g(g_), s(s_), cfg(c_), low(low_), o(o_), wide(detail::needs_wide_index(g_) || o_.wide_index), T(o_.runtime_size) {}
  void runtime_unit();
  void row();
  void column();
  void contraction();
  void attention();
  void elementwise();
  void generic();
  void grid_dependence();
};

// Runtime size (docs/codegen.md, "Runtime sizes"): the work along axis 0 of the row tensor
// (Row) or of the output (Elementwise), when that axis has the tuned extent and is not reduced,
// is n times a per-unit count; everything else stays a literal. `unit`: that count.
void Generation::runtime_unit() {
  if (T <= 0) return;
  if (const RowConfig* r = cfg.get_if<RowConfig>()) {
    if (s.full.empty() || s.full[0] != T) k.runtime_why = "the row tensor's axis 0 is not the runtime size";
    else if (std::find(s.red_axes.begin(), s.red_axes.end(), 0) != s.red_axes.end()) k.runtime_why = "the runtime axis is reduced";
    else if (r->grid_split) k.runtime_why = "a row split over the grid sizes its scratch by the rows";
    else unit = s.rows / T;
  } else if (const ElementwiseConfig* e = cfg.get_if<ElementwiseConfig>()) {
    if (s.full.empty() || s.full[0] != T) k.runtime_why = "the output's axis 0 is not the runtime size";
    else if ((s.elements / T) % e->vec != 0) k.runtime_why = "vec " + std::to_string(e->vec) + " does not divide the elements per unit of the runtime size";
    else unit = s.elements / T / e->vec;
  } else if (const ContractionConfig* m = cfg.get_if<ContractionConfig>()) {
    // M: the rows of A and of the output (batch 1); the tile rows, guards and A's (and a
    // stored output's) tensor map rows follow it at run time.
    if (s.mm.m != T || s.mm.batch != 1) k.runtime_why = "the contraction's M is not the runtime size";
    else if (m->splits > 1 && m->split_rows < m->bm) k.runtime_why = "split-K's receive area holds fewer rows than a tile (sized by the tuned M)";
    else unit = 1;
  } else {
    k.runtime_why = std::string(strategy_name(cfg.strategy())) + " kernels take every size as a literal";
  }
  if (unit > 0) {
    k.runtime_sized = true;
    // The largest value per unit of n: the values whose axis 0 is the runtime size grow with n
    // (a sized kernel has the size nowhere else: runtime_check); the others keep their sizes,
    // below 2^31 elements where the index is 32-bit.
    int64_t most = 1;
    for (const auto* list : {&g.nodes, &g.reads, &g.writes})
      for (const Node* n : *list) {
        const std::vector<int64_t> d = detail::dims_of(n);
        if (!d.empty() && d[0] == T) most = std::max(most, detail::numel(d) / T);
      }
    k.runtime_max_n = (wide ? (int64_t(1) << 48) : int64_t(2147483647)) / most;
  }
}

void Generation::row() {
  const auto& c = cfg.row();
  body << detail::row_kernel(g, s, c, low, o.name, wide, unit);
  // One block (a cluster of `splits`) per group of rows, or a persistent grid walking them.
  int64_t need = (s.rows + c.rows_per_block - 1) / c.rows_per_block;
  int64_t grid = c.blocks_per_sm > 0 ? std::min<int64_t>(need, int64_t(c.blocks_per_sm) * o.sm_count) : need * c.splits;
  k.launches.push_back({o.name, tile_grid(grid, g.label), c.threads * c.rows_per_block, 0, params, roles, {}});
  if (c.grid_split) {  // each stage's partial values per row and block, then as many flags (zeroed before each launch)
    Launch& l = k.launches.back();
    l.zero_from = detail::grid_split_values(s, c) * 4;
    l.scratch = 2 * l.zero_from;
  }
  if (unit > 0) {
    Launch& l = k.launches.back();
    l.sized = true;
    l.grid_num = unit;
    l.grid_den = c.rows_per_block;
    if (c.blocks_per_sm > 0) l.grid_cap = int64_t(c.blocks_per_sm) * o.sm_count;
    else {
      l.grid_mul = c.splits;
      k.runtime_max_n = std::min(k.runtime_max_n, kMaxGrid / c.splits * c.rows_per_block / unit);  // the grid's limit
    }
  }
}

void Generation::column() {
  const auto& c = cfg.column();
  body << detail::column_kernel(g, s, c, low, o.name, wide);
  // A block per tile of threads x vec kept indices; a cluster of `splits` blocks shares it.
  const int64_t tiles = (s.rows + int64_t(c.threads) * c.vec - 1) / (int64_t(c.threads) * c.vec);
  k.launches.push_back({o.name, tile_grid(tiles * c.splits, g.label), c.threads * c.rows_per_block, 0, params, roles, {}});
}

void Generation::contraction() {
  const auto& c = cfg.contraction();
  GroupShape sr = s;  // under a runtime size, M's text is the argument
  if (unit > 0) sr.mm.m_text = "axon_n";
  // Stream-K under a runtime size: slots for the largest grid (a persistent grid's cap).
  const int64_t sk_slots = unit > 0 && c.stream_k ? int64_t(c.blocks_per_sm) * o.sm_count / c.multicast * c.multicast : 0;
  sr.mm.sk_slots = sk_slots;
  std::string kb = c.tf32    ? detail::tf32_kernel(g, sr, c, low, o.name, wide)
                   : c.simt  ? detail::simt_kernel(g, sr, c, low, o.name, wide)
                   : c.wgmma ? detail::wgmma_kernel(g, sr, c, low, o.name, wide)
                             : detail::contraction_kernel(g, sr, c, low, o.name, wide);
  // The argument, after every other parameter of each kernel (pointers, scratch, tensor maps).
  for (size_t at = unit > 0 ? kb.find("__global__") : std::string::npos; at != std::string::npos; at = kb.find("__global__", at + 1)) {
    const size_t close = kb.find(") {\n", at);
    AXON_CHECK(close != std::string::npos, "codegen: a kernel without a body");
    kb.insert(close, ", long long axon_n");
  }
  body << kb;
  const ContractionShape& m = s.mm;
  // Multicast clusters take `multicast` tile rows each (past the last, a block copies its share
  // and stores nothing).
  const int64_t CL = c.multicast, units = m.batch * ((m.m + c.bm * CL - 1) / (c.bm * CL)) * ((m.n + m.tile_n(c.bn) - 1) / m.tile_n(c.bn));
  // A persistent grid walks the tiles (blocks_per_sm blocks per SM, whole clusters); split-K
  // gives each tile a cluster of `splits` consecutive blocks. Stream-K with fewer tiles than
  // workers shares their k-tiles out over the whole grid (a k-tile or more per worker).
  const int64_t KT = (m.k + c.bk - 1) / c.bk, work = c.stream_k ? units * KT : units;
  const int64_t grid = c.blocks_per_sm > 0 ? std::min<int64_t>(work, int64_t(c.blocks_per_sm) * o.sm_count / CL) * CL : units * c.splits * CL;
  k.launches.push_back({o.name, tile_grid(grid, g.label), c.threads, detail::contraction_smem(c), params, roles, {}});
  if (c.tma) k.launches.back().tmaps = detail::tensor_maps(g, m, c);
  if (unit > 0) {
    Launch& l = k.launches.back();
    l.sized = true;
    l.grid_num = 1;
    l.grid_den = int64_t(c.bm) * CL;
    l.grid_per = ((m.n + m.tile_n(c.bn) - 1) / m.tile_n(c.bn)) * (c.stream_k ? KT : 1);
    if (c.blocks_per_sm > 0) l.grid_cap = int64_t(c.blocks_per_sm) * o.sm_count / CL;
    l.grid_mul = c.blocks_per_sm > 0 ? CL : c.splits * CL;
    // The tensor maps over A's copied tensor and the output: their rows are n.
    const Node* a_src = m.a.direct ? m.a.node : m.a.staged;
    for (TensorMapSpec& t : l.tmaps) {
      const Node* x = t.param < static_cast<int>(params.size()) ? params[static_cast<size_t>(t.param)] : nullptr;
      t.outer_n = x != nullptr && t.outer == T && t.panels == 1 && (x == a_src || std::find(g.writes.begin(), g.writes.end(), x) != g.writes.end());
    }
  }
  if (c.stream_k) {  // each block's slot of bm x bn f32 partial sums, then its flag
    const int64_t slots = sk_slots > 0 ? sk_slots : grid;
    k.launches.back().zero_from = slots * c.bm * c.bn * 4;
    k.launches.back().scratch = k.launches.back().zero_from + slots * 4;
  }
  if (c.wgmma) k.arch_suffix = "a";
}

void Generation::attention() {
  const auto& c = cfg.attention();
  body << detail::attention_kernel(g, s, c, low, o.name, wide);
  int64_t blocks = s.att.qk.batch * ((s.att.qk.m + c.bm - 1) / c.bm) * c.cluster;
  if (c.persistent) blocks = std::min<int64_t>(blocks, std::max(1, o.sm_count));  // one per SM walks the row blocks
  k.launches.push_back({o.name, tile_grid(blocks, g.label), c.threads, detail::attention_smem(s.att, c), params, roles, {}});
  k.launches.back().tmaps = detail::attention_maps(g, s.att, c);
  if (detail::attention_counts_row_blocks(s.att, c)) k.launches.back().scratch = 4;  // the counter, zeroed per launch
  k.arch_suffix = "a";
}

void Generation::elementwise() {
  const auto& c = cfg.elementwise();
  body << elementwise_kernel(g, s, c, low, o.name, wide, unit);
  int64_t groups = s.elements / c.vec, need = (groups + c.threads - 1) / c.threads;
  int64_t grid = c.blocks_per_sm > 0 ? std::min<int64_t>(need, int64_t(c.blocks_per_sm) * o.sm_count) : std::min(need, kMaxGrid);
  k.launches.push_back({o.name, std::max<int64_t>(1, grid), c.threads, 0, params, roles, {}});
  if (unit > 0) {
    Launch& l = k.launches.back();
    l.sized = true;
    l.grid_num = unit;
    l.grid_den = c.threads;
    l.grid_cap = c.blocks_per_sm > 0 ? int64_t(c.blocks_per_sm) * o.sm_count : kMaxGrid;
  }
}

void Generation::generic() {
  const auto& c = cfg.generic();
  for (size_t w = 0; w < g.writes.size(); ++w) {
    Emitter em(&low, s.exact_ints, wide);
    global_loads(em, g);
    const Node* t = g.writes[w];
    std::string fname = o.name + (g.writes.size() > 1 ? "_w" + std::to_string(w) : "");
    body << generic_kernel(em, fname, param_list(g), t, c.threads, [&](const std::string& v) {
      return (s.exact_ints ? "axon_std_" : "axon_st_") + dt(t) + "(out" + std::to_string(w) + " + lin, " + v + ");";
    });
    k.launches.push_back({fname, generic_grid(detail::numel(detail::dims_of(t)), c.threads), c.threads, 0, params, roles, {}});
  }
}

// Programmatic dependent launch: each kernel lets the next one be scheduled, then waits until
// the one before it has completed and its writes are visible, before touching memory; a kernel
// that places its own waits (the TMA contraction copies graph inputs before it waits) keeps them.
void Generation::grid_dependence() {
  const InstrSpec* dep_launch = low.isa ? low.isa->find("griddepcontrol.launch_dependents") : nullptr;
  const InstrSpec* dep_wait = low.isa ? low.isa->find("griddepcontrol.wait") : nullptr;
  if (dep_launch == nullptr || dep_wait == nullptr) return;
  const std::string launch = "  " + detail::inline_asm(*dep_launch, {}, true) + "\n", wait = detail::inline_asm(*dep_wait, {}, true);
  for (size_t at = k.body.find("__global__"); at != std::string::npos; at = k.body.find("__global__", at + 1)) {
    const size_t open = k.body.find("{\n", at);
    AXON_CHECK(open != std::string::npos, "codegen: a kernel without a body");
    const size_t next = k.body.find("__global__", open);
    const bool own = k.body.substr(open, next == std::string::npos ? std::string::npos : next - open).find(wait) != std::string::npos;
    k.body.insert(open + 2, own ? launch : launch + "  " + wait + "\n");
  }
  k.grid_dep = true;
}

}  // namespace

KernelCode generate(const Group& g, const GroupShape& s, const TileConfig& c, const Lowerings& low,
                    const CodegenOptions& o) {
  KernelCode k;
  k.config = c;
  Generation gen(k, g, s, c, low, o);
  gen.runtime_unit();
  gen.body << about(g, c, o);
  gen.params = g.reads;
  gen.params.insert(gen.params.end(), g.writes.begin(), g.writes.end());
  gen.roles.assign(g.reads.size(), 0);
  gen.roles.insert(gen.roles.end(), g.writes.size(), 1);
  switch (c.strategy()) {
    case Strategy::Row: gen.row(); break;
    case Strategy::Column: gen.column(); break;
    case Strategy::Contraction: gen.contraction(); break;
    case Strategy::Attention: gen.attention(); break;
    case Strategy::Elementwise: gen.elementwise(); break;
    case Strategy::Generic: gen.generic(); break;
  }
  k.body = gen.body.str();
  gen.grid_dependence();
  // The file starts with what the kernel is (graph, variant, moves, tiling), then the prelude.
  k.source = about(g, c, o) + "\n" + prelude(low) + "\n" + k.body;
  return k;
}

int64_t runtime_grid(const Launch& l, int64_t n) {
  if (!l.sized) return l.grid;
  int64_t g = (n * l.grid_num + l.grid_den - 1) / l.grid_den * l.grid_per;
  if (l.grid_cap > 0) g = std::min(g, l.grid_cap);
  return std::max<int64_t>(1, g * l.grid_mul);
}

ReferenceCode generate_reference(const Group& g, const std::string& name, const GroupShape* shape) {
  ReferenceCode r;
  std::map<const Node*, int> users;
  for (const Node* n : g.nodes)
    for (const Node* o : n->operands()) ++users[o];
  for (const Node* n : g.nodes) {
    bool wanted = n->kind() == OpKind::Reduce || n->kind() == OpKind::Contraction || users[n] >= 2 ||
                  std::find(g.writes.begin(), g.writes.end(), n) != g.writes.end();
    if (wanted) r.computed.push_back(n);
  }
  const bool wide = detail::needs_wide_index(g);
  std::string params;
  for (size_t i = 0; i < g.reads.size(); ++i)
    params += (params.empty() ? "" : ", ") + std::string("const ") + storage_type(g.reads[i]->dtype()) + "* __restrict__ in" + std::to_string(i);
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
    r.launches.push_back({fname, generic_grid(detail::numel(detail::dims_of(t)), 256), 256, 0, all, roles, {}});
  }
  r.slack.assign(g.writes.size(), -1);
  if (shape != nullptr) {
    std::string slack_src;
    Launch l;
    if (detail::emit_attention_slack(g, *shape, name + "_slack", wide, r.computed, slack_src, l, r.slack)) {
      l.params = all;
      r.launches.push_back(l);
      src << slack_src;
    }
  }
  r.source = tools_source() + "\n" + src.str();
  return r;
}

}  // namespace axon::tiling
