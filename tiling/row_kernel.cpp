// Row kernels (docs/codegen.md): a row of the row tensor (its last axis) per `threads` threads,
// `rows_per_block` rows per block. Each thread owns the columns ((c * threads + tid) * vec + l)
// for chunks c and lanes l: full-row inputs and column vectors ([N]-shaped inputs such as gamma)
// are loaded once into registers with vector loads; each reduction of the group is a stage (a
// pass over the registers, then the synthesized warp shuffle tree and, across warps, shared
// memory); values that depend only on the row (row statistics and what is computed from them) are
// computed once per row; outputs are stored with vector stores. With `blocks_per_sm` > 0 the grid
// is persistent: each block walks rows with a stride, and its column vectors stay in registers.
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

struct RowKernel {
  const Group& g;
  const GroupShape& s;
  const RowConfig& c;
  Emitter em;
  ClusterIsa ci;
  int E = 1, C = 1;
  int64_t share = 1;  // columns of a row one block takes (all of them unless split over a cluster)
  bool full_chunks = false;  // every chunk of every row is inside the row (no column guard)
  // A row longer than 64 chunks (kMaxUnrolledChunks): nothing kept in registers (the row, column
  // vectors and stage bodies are read again where used) and the chunk loops stay loops.
  bool rolled = false;
  bool full_rows = false;    // every block's rows exist (no row guard)
  // The number of rows in the code: a literal, or (axon_n * R) under a runtime size.
  int64_t runtime_rows = 0;
  std::string rows;
  std::string identity_key, column_key;
  std::map<const Node*, std::string> stage_value;
  std::map<std::string, std::string> stage_cache;  // (node, identity point) -> "sbK[e]"
  std::set<int> row_cached, col_cached;
  const InstrSpec* shfl = nullptr;  // shfl.sync.bfly.b32 of the ISA: rows shorter than a warp
  // A row split over the grid: the flags' acquire load and release store.
  const InstrSpec *flag_get = nullptr, *flag_set = nullptr;

  RowKernel(const Group& g_, const GroupShape& s_, const RowConfig& c_, const Lowerings& low, bool wide, int64_t runtime_rows_)
      : g(g_), s(s_), c(c_), em(&low, false, wide), ci(low.isa ? cluster_isa(*low.isa) : ClusterIsa{}), runtime_rows(runtime_rows_) {
    const int64_t per_pass = int64_t(c.threads) * c.vec;
    shfl = low.isa ? low.isa->find("shfl.sync.bfly.b32") : nullptr;
    flag_get = low.isa ? low.isa->find("ld.acquire.gpu.global.b32") : nullptr;
    flag_set = low.isa ? low.isa->find("st.release.gpu.global.b32") : nullptr;
    // Split over a cluster: each block takes a share of the row, a whole number of vectors.
    share = c.splits > 1 ? ((s.cols + c.splits - 1) / c.splits + c.vec - 1) / c.vec * c.vec : s.cols;
    C = static_cast<int>((share + per_pass - 1) / per_pass);
    E = C * c.vec;
    full_chunks = c.splits == 1 && s.cols % per_pass == 0;
    rolled = C > kMaxUnrolledChunks;
    AXON_CHECK(!rolled || !c.cache_rows, "codegen: a row of more than " + std::to_string(kMaxUnrolledChunks) + " chunks cannot stay in registers");
    // (a persistent loop starts rows at multiples of it; under a runtime size any n may come)
    full_rows = runtime_rows > 0 ? c.rows_per_block == 1 : s.rows % c.rows_per_block == 0;
    rows = runtime_rows > 0 ? "(axon_n * " + std::to_string(runtime_rows) + "LL)" : std::to_string(s.rows);
    identity_key = point_key(identity_point());
    column_key = to_string(term::var(kColVar));
    em.name_var(kRowVar, "row");
    em.name_var(kColVar, "col");
    em.name_var(kCol0Var, "col0");
    const bool last_only = s.red_axes.size() == 1 && s.red_axes[0] == static_cast<int>(s.full.size()) - 1;
    for (size_t k = 0; k < g.reads.size(); ++k) {
      auto d = dims_of(g.reads[k]);
      if (c.cache_rows && d == s.full) row_cached.insert(static_cast<int>(k));
      // A column vector: every axis but the last of size 1, the last the row's length.
      bool column = last_only && !d.empty() && d.back() == s.cols && numel(d) == s.cols && (s.rows > 1 || runtime_rows > 0);
      if (column && !rolled) col_cached.insert(static_cast<int>(k));
    }
    global_loads(em, g);
    auto global = em.load;
    em.load = [this, global](const Node* n, const std::vector<Term>& p) {
      int k = find_param(g.reads, n);
      std::string name;
      if (row_cached.count(k) && point_key(p) == identity_key) name = "rc" + std::to_string(k);
      else if (col_cached.count(k) && to_string(flat_index(p, dims_of(n))) == column_key) name = "cc" + std::to_string(k);
      else if (s.suffix() && s.red_axes.size() > 1 && dims_of(n) == s.full && point_key(p) == identity_key)
        return "axon_ld_" + dt(n) + "(in" + std::to_string(k) + " + (row * " + std::to_string(s.cols) + " + col))";  // a contiguous row: no index arithmetic
      else return global(n, p);
      return packed(n) ? "axon_" + dt(n) + "_at(" + name + ", e)" : name + "[e]";
    };
    em.given = [this](const Node* n, const std::vector<Term>& p) -> std::string {
      if (auto it = stage_cache.find(std::to_string(n->id()) + "@" + point_key(p)); it != stage_cache.end()) return it->second;
      auto it = stage_value.find(n);
      if (it == stage_value.end()) return {};
      // A row statistic read at this row; anything else is inlined.
      return at_statistic_point(s, n, p, term::var(kRowVar)) ? it->second : std::string();
    };
  }

  // Whether a cached input is kept packed (bf16/f16, two per 32-bit register).
  bool packed(const Node* n) const {
    return c.packed && c.vec % 2 == 0 && (n->dtype() == DType::bf16 || n->dtype() == DType::f16);
  }

  // The register array of a cache: floats, or packed 32-bit words.
  std::string declare_cache(const std::string& name, const Node* n) const {
    return packed(n) ? "unsigned " + name + "[" + std::to_string(E / 2) + "];" : "float " + name + "[" + std::to_string(E) + "];";
  }

  std::vector<Term> identity_point() const { return reduction_point(s, term::var(kRowVar), term::var(kColVar)); }

  std::vector<Term> row_point(const Node* n) const { return statistic_point(s, n, term::var(kRowVar)); }

  // The flat offset of the row's element at column col0 (a chunk's first): row * cols + col0
  // when the row is contiguous, else through the row tensor's index map (strided runs).
  std::string row_offset() {
    if (s.suffix()) return "row * " + std::to_string(s.cols) + " + col0";
    return em.index(flat_index(reduction_point(s, term::var(kRowVar), term::var(kCol0Var)), s.full));
  }

  std::string I() const { return em.idx(); }
  std::string col0_line() const {
    return "const " + I() + " col0 = " + (c.splits > 1 ? "cbeg + " : "") + "((" + I() + ")c * " + std::to_string(c.threads) + " + tid) * " +
           std::to_string(c.vec) + ";";
  }
  std::string chunk_guard(bool row) const {
    std::string g = row && !full_rows ? "valid" : "";
    if (!full_chunks) g += (g.empty() ? "" : " && ") + std::string("col0 < ") + (c.splits > 1 ? "cend" : std::to_string(s.cols));
    return g;
  }

  // for (c) { col0; if (guard) { for (l) { e; col; BODY } } }
  std::string chunk_unroll() const { return rolled ? "#pragma unroll 4" : "#pragma unroll"; }

  void open_elements(bool row) {
    em.line(chunk_unroll());
    em.open("for (int c = 0; c < " + std::to_string(C) + "; ++c) {");
    em.line(col0_line());
    std::string gd = chunk_guard(row);
    em.open(gd.empty() ? "{" : "if (" + gd + ") {");
    em.line("#pragma unroll");
    em.open("for (int l = 0; l < " + std::to_string(c.vec) + "; ++l) {");
    em.line("const int e = c * " + std::to_string(c.vec) + " + l;");
    em.line("const " + I() + " col = col0 + l;");
    em.line("(void)col; (void)e;");
  }
  void close_elements() {
    em.close();
    em.close();
    em.close();
  }

  void load_cache(const std::string& prefix, int k, bool row) {
    const Node* n = g.reads[static_cast<size_t>(k)];
    std::string rc = prefix + std::to_string(k), ks = std::to_string(k), V = std::to_string(c.vec);
    em.line("#pragma unroll");
    em.open("for (int c = 0; c < " + std::to_string(C) + "; ++c) {");
    em.line(col0_line());
    std::string gd = chunk_guard(row);
    std::string ptr = "in" + ks + " + " + (!row ? std::string("col0") : s.suffix() ? row_offset() : "(" + row_offset() + ")");
    const std::string cs = row && c.streaming ? "_cs" : "";
    if (packed(n)) {
      const std::string W = std::to_string(c.vec / 2);
      em.line((gd.empty() ? "" : "if (" + gd + ") ") + "axon_ldw" + cs + "<" + W + ">(" + ptr + ", &" + rc + "[c * " + W + "]);");
      if (!gd.empty()) em.line("else for (int l = 0; l < " + W + "; ++l) " + rc + "[c * " + W + " + l] = 0u;");
    } else {
      em.line((gd.empty() ? "" : "if (" + gd + ") ") + "axon_ldv_" + dt(n) + cs + "<" + V + ">(" + ptr + ", &" + rc + "[c * " + V + "]);");
      if (!gd.empty()) em.line("else for (int l = 0; l < " + V + "; ++l) " + rc + "[c * " + V + " + l] = 0.0f;");
    }
    em.close();
  }

  void block_reduce(Reducer r, const std::string& acc, int stage) {
    if (c.threads < 32) {
      // Several rows per warp, each on an aligned segment of `threads` lanes: butterfly shuffles
      // (xor threads/2 .. 1) stay inside the segment, and every lane of it ends with the row's
      // value (each step combines the same pair on both lanes). Lanes of rows past the end take
      // part too (the shuffles name the whole warp).
      AXON_CHECK(shfl != nullptr || c.threads == 1, "codegen: rows shorter than a warp need the ISA's shfl.sync.bfly");
      for (int off = c.threads / 2; off >= 1; off /= 2)
        em.line("{ float t; " + inline_asm(*shfl, {{"d", "=f", {"t"}}, {"a", "f", {acc}}, {"c", "", {std::to_string(off)}, true}}, false) + " " +
                acc + " = " + em.combine(r, acc, "t") + "; }");
      return;
    }
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

  // The row's value over the blocks of the cluster (every block computes the same, in rank order).
  void cluster_reduce(Reducer r, const std::string& acc, int stage) {
    if (c.splits > 1 && c.grid_split) grid_reduce(r, acc, stage);
    else if (c.splits > 1)
      emit_cluster_combine(em, ci, r, c.splits, {acc}, "(axon_rcl[" + std::to_string(stage) + "] + rib)", "tid == 0");
  }

  // ... over the blocks of the grid that share the row (RowConfig::grid_split): each block's
  // partial value goes to its slot of the scratch (floats [stage][row][rank]), then a release
  // store sets its flag (u32 [stage][row][rank], after the values, zeroed before the launch);
  // thread q of every block waits for rank q's flag with acquire loads and reads its value into
  // shared memory; after the barrier every thread combines them in rank order (the same value,
  // bit for bit, in every block). Every block of the grid is resident at once (one per SM at
  // most: configs.cpp), so the waits end.
  void grid_reduce(Reducer r, const std::string& acc, int stage) {
    AXON_CHECK(flag_get && flag_set, "codegen: a row split over the grid needs the ISA's acquire loads and release stores");
    const std::string S = std::to_string(c.splits), st = std::to_string(stage), rows_s = std::to_string(s.rows);
    const std::string slot = "((long long)" + st + " * " + rows_s + " + row) * " + S;
    em.line("// the grid's partial values of the row: published with flags, combined in rank order");
    em.open("{");
    em.line("float* const part = axon_scr + " + slot + ";");
    em.line("unsigned* const flag = (unsigned*)(axon_scr + " + std::to_string(grid_split_values(s, c)) + "LL) + " + slot + ";");
    em.open("if (tid == 0) {");
    em.line("part[rank] = " + acc + ";");
    em.line(inline_asm(*flag_set, {{"a", "l", {"flag + rank"}}, {"b", "r", {"1u"}}}, true));
    em.close();
    em.open("if (tid < " + S + ") {");
    em.line("unsigned f;");
    em.line("do " + inline_asm(*flag_get, {{"d", "=r", {"f"}}, {"a", "l", {"flag + tid"}}}, true) + " while (f == 0);");
    em.line("axon_gp[" + st + "][tid] = part[tid];");
    em.close();
    em.line("__syncthreads();");
    em.line(acc + " = " + em.identity(r) + ";");
    em.line("#pragma unroll 8");
    em.line("for (int q = 0; q < " + S + "; ++q) " + acc + " = " + em.combine(r, acc, "axon_gp[" + st + "][q]") + ";");
    em.close();
  }

  bool stage(const Node* r, int index, bool cache_body) {
    Definition d = define(*r);
    // One Reduce per reduced axis, nested: their variables are the coordinates of the column.
    const std::vector<const TermNode*> chain = reduce_chain(d);
    AXON_CHECK(chain.size() == s.red_dims.size(), "codegen: a reduction's axes are not the row's");
    const TermNode* red = chain.front();
    std::map<int, Term> sub;
    std::vector<Term> rp = row_point(r);
    for (size_t i = 0; i < rp.size(); ++i) sub[static_cast<int>(i)] = rp[i];
    std::map<int, Term> inner = sub;
    const std::vector<Term> cc = coords_of(term::var(kColVar), s.red_dims);
    for (size_t i = 0; i < chain.size(); ++i) inner[static_cast<int>(chain[i]->ival)] = cc[i];
    const std::string acc = "red" + std::to_string(index), sb = "sb" + std::to_string(index);
    // The body read at the identity point: the value of the reduced node, kept for later stages.
    const Term& body = chain.back()->args[1];
    const Node* reduced = nullptr;
    if (body->kind == TermKind::Read) {
      std::vector<Term> p;
      for (const Term& i : body->args) p.push_back(em.subst(i, inner));
      if (point_key(p) == identity_key) reduced = r->operand(static_cast<size_t>(body->ival));
    }
    // Not worth registers when the value is a read or a conversion of one.
    auto cheap = [this](const Node* n) {
      while (n->op() == Op::Cast || n->kind() == OpKind::Layout) n = n->operand(0);
      return find_param(g.reads, n) >= 0;
    };
    // ... nor when nothing but this reduction reads it.
    auto reused = [this](const Node* n) {
      if (find_param(g.writes, n) >= 0) return true;
      int users = 0;
      for (const Node* m : g.nodes)
        for (const Node* o : m->operands()) users += o == n;
      return users >= 2;
    };
    cache_body = cache_body && reduced != nullptr && !cheap(reduced) && reused(reduced);
    em.line("// stage " + std::to_string(index) + ": " + std::string(op_name(r->op())) + " " + std::to_string(r->id()) + " over the row");
    em.line("float " + acc + " = " + em.identity(red->reducer) + ";");
    if (cache_body) em.line("float " + sb + "[" + std::to_string(E) + "];");
    open_elements(true);
    std::string b = em.term(body, r, inner);
    em.line(acc + " = " + em.combine(red->reducer, acc, b) + ";");
    if (cache_body) em.line(sb + "[e] = " + b + ";");
    close_elements();
    block_reduce(red->reducer, acc, index);
    cluster_reduce(red->reducer, acc, index);
    std::map<const TermNode*, std::string> replace{{red, acc}};
    std::string x = em.term(d.body, r, sub, replace);
    std::string v = "stat" + std::to_string(index);
    em.line("const float " + v + " = " + em.round(r->dtype(), x) + ";");
    stage_value[r] = v;
    if (cache_body) stage_cache[std::to_string(reduced->id()) + "@" + identity_key] = sb + "[e]";
    return cache_body;
  }

  // Whether a node's value at a row reads memory (then it may only be computed for valid rows).
  bool reads_memory(const Node* n) const {
    return detail::reads_memory(g, n, [this](const Node* m) { return stage_value.count(m) > 0; });
  }

  std::string emit(const std::string& name) {
    std::vector<const Node*> reductions;
    for (const Node* n : g.nodes)
      if (n->kind() == OpKind::Reduce) reductions.push_back(n);
    const int block = c.threads * c.rows_per_block;
    const std::string T = std::to_string(c.threads), RPB = std::to_string(c.rows_per_block);
    const int S = c.splits;
    const bool cluster = S > 1 && !c.grid_split;
    AXON_CHECK(S == 1 || ((c.grid_split || ci.reduces()) && c.blocks_per_sm == 0 && c.rows_per_block == 1),
               "codegen: a row split over a cluster needs the cluster instructions, one row per block and no persistent grid");
    AXON_CHECK(!c.grid_split || (S <= block && runtime_rows == 0), "codegen: a row split over the grid waits with one thread per block sharing the row, at sizes of its own");
    std::ostringstream head;
    head << "extern \"C\" __global__ void " << (cluster ? "__cluster_dims__(" + std::to_string(S) + ", 1, 1) " : "") << "__launch_bounds__("
         << block << ") " << name << "(" << param_list(g) << (c.grid_split ? ", float* __restrict__ axon_scr" : "")
         << (runtime_rows > 0 ? ", long long axon_n" : "") << ") {\n";
    em.line("const int tid = threadIdx.x % " + T + ", rib = threadIdx.x / " + T + ";");
    em.line("const int lane = threadIdx.x & 31, warp = tid >> 5;");
    em.line("(void)lane; (void)warp; (void)rib;");
    if (c.threads > 32)
      em.line("__shared__ float axon_red[" + std::to_string(std::max<size_t>(1, reductions.size())) + "][" + RPB + "][" +
              std::to_string(c.threads / 32) + "];");
    if (S > 1) {  // this block's share of the row: columns cbeg .. cend - 1 (column vectors too)
      if (cluster) em.line("__shared__ float axon_rcl[" + std::to_string(std::max<size_t>(1, reductions.size())) + "][" + RPB + "];");
      else em.line("__shared__ float axon_gp[" + std::to_string(std::max<size_t>(1, reductions.size())) + "][" + std::to_string(S) + "];");
      em.line("const int rank = blockIdx.x % " + std::to_string(S) + ";");
      em.line("const " + I() + " cbeg = (" + I() + ")rank * " + std::to_string(share) + ", cend = cbeg + " + std::to_string(share) + " < " +
              std::to_string(s.cols) + " ? cbeg + " + std::to_string(share) + " : " + std::to_string(s.cols) + ";");
    }
    for (int k : col_cached) {
      em.line(declare_cache("cc" + std::to_string(k), g.reads[static_cast<size_t>(k)]) + "  // column vector in" + std::to_string(k) + ", in registers");
      load_cache("cc", k, false);
    }
    const bool persistent = c.blocks_per_sm > 0;
    if (persistent) {
      em.open("for (" + I() + " rbase = (" + I() + ")blockIdx.x * " + RPB + "; rbase < " + rows + "; rbase += (" + I() +
              ")gridDim.x * " + RPB + ") {");
      em.line("const " + I() + " row = rbase + rib;");
    } else if (S > 1) {
      em.line("const " + I() + " row = (" + I() + ")(blockIdx.x / " + std::to_string(S) + ") * " + RPB + " + rib;");
    } else {
      em.line("const " + I() + " row = (" + I() + ")blockIdx.x * " + RPB + " + rib;");
    }
    em.line(full_rows ? "const bool valid = true;" : "const bool valid = row < " + rows + ";");
    em.line("(void)valid;");
    for (int k : row_cached) {
      em.line(declare_cache("rc" + std::to_string(k), g.reads[static_cast<size_t>(k)]) + "  // row of in" + std::to_string(k) + ", in registers");
      load_cache("rc", k, true);
    }
    // Register budget for keeping stage bodies (exp(x - max) for the sum, reused by the output).
    int budget = 128;
    for (const std::set<int>* cache : {&row_cached, &col_cached})
      for (int k : *cache) budget -= packed(g.reads[static_cast<size_t>(k)]) ? E / 2 : E;
    for (size_t i = 0; i < reductions.size(); ++i)
      if (stage(reductions[i], static_cast<int>(i), budget >= E && !rolled)) budget -= E;
    // Values of the row alone (statistics and what is computed from them), once per row.
    for (const Node* n : g.nodes) {
      if (n->kind() == OpKind::Reduce || n->op() == Op::Constant) continue;
      if (statistic_dims(s, dims_of(n)) && (full_rows || !reads_memory(n))) em.value(n, row_point(n));
    }
    std::vector<size_t> full, stats;
    for (size_t w = 0; w < g.writes.size(); ++w) (dims_of(g.writes[w]) == s.full ? full : stats).push_back(w);
    if (!full.empty()) {
      em.line(chunk_unroll());
      em.open("for (int c = 0; c < " + std::to_string(C) + "; ++c) {");
      em.line(col0_line());
      std::string gd = chunk_guard(true);
      em.open(gd.empty() ? "{" : "if (" + gd + ") {");
      for (size_t w : full) em.line("float o" + std::to_string(w) + "[" + std::to_string(c.vec) + "];");
      em.line("#pragma unroll");
      em.open("for (int l = 0; l < " + std::to_string(c.vec) + "; ++l) {");
      em.line("const int e = c * " + std::to_string(c.vec) + " + l;");
      em.line("const " + I() + " col = col0 + l;");
      em.line("(void)col; (void)e;");
      for (size_t w : full) em.line("o" + std::to_string(w) + "[l] = " + em.value(g.writes[w], identity_point()) + ";");
      em.close();
      for (size_t w : full)
        em.line("axon_stv_" + dt(g.writes[w]) + store_suffix(g, g.writes[w], c.streaming) + "<" + std::to_string(c.vec) + ">(out" + std::to_string(w) + " + " +
                (s.suffix() ? row_offset() : "(" + row_offset() + ")") + ", o" + std::to_string(w) + ");");
      em.close();
      em.close();
    }
    if (!stats.empty()) {
      em.open(S > 1 ? "if (valid && tid == 0 && rank == 0) {" : "if (valid && tid == 0) {");
      for (size_t w : stats) {
        const Node* n = g.writes[w];
        std::vector<Term> p = row_point(n);
        em.line("axon_st_" + dt(n) + "(out" + std::to_string(w) + " + " + em.index(flat_index(p, dims_of(n))) + ", " +
                em.value(n, p) + ");");
      }
      em.close();
    }
    if (persistent) {
      // The next row's stages reuse the shared slots: wait until every warp has read them.
      if (c.threads > 32) em.line("__syncthreads();");
      em.close();
    }
    if (cluster) emit_cluster_exit(em, ci);
    return head.str() + em.str() + "}\n";
  }
};

}  // namespace

std::string row_kernel(const Group& g, const GroupShape& s, const RowConfig& c, const Lowerings& low,
                       const std::string& name, bool wide, int64_t runtime_rows) {
  RowKernel rk(g, s, c, low, wide, runtime_rows);
  return rk.emit(name);
}

}  // namespace axon::tiling::detail
