// The golden kernels (golden_kernels.h): the runs, the groups of each (every partition superopt
// realizes, and the parts of fused kernels, which the fallback realizes), the covering
// configurations, and the text of each file.
#include "golden_kernels.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "axon/core/graph_json.h"
#include "axon/isa/spec.h"
#include "axon/search/superopt.h"
#include "search/internal.h"  // group_of, limits_for

namespace axon::golden {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> json_files(const fs::path& dir) {
  std::vector<std::string> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

bool has_f32_matmul(const Graph& g) {
  for (const Node* n : g.topo_order())
    if (n->op() == Op::MatMul && n->operand(0)->dtype() == DType::f32) return true;
  return false;
}

// The benchmark graphs also generated for sm_80 (mma.sync, cp.async, no clusters): the
// contraction kinds and a row kind.
const std::set<std::string> kSm80 = {"gemm", "mlp_gelu", "swiglu", "rmsnorm_matmul_m16", "layernorm", "matmul_f32_bias"};

// The kind of kernel a group's shape makes (the compile subset covers each kind's flags).
std::string group_class(const std::string& target, const tiling::GroupShape& s) {
  std::ostringstream os;
  os << target << ":" << tiling::strategy_name(s.strategy);
  switch (s.strategy) {
    case tiling::Strategy::Contraction: {
      const tiling::ContractionShape& c = s.mm;
      os << " " << dtype_name(c.in) << (c.mm2 ? " twins" : "") << (c.side.empty() ? "" : " side") << (c.a.direct ? "" : " a-computed")
         << (c.b.direct ? "" : " b-computed") << (c.a.staged ? " a-staged" : "") << (c.b.staged ? " b-staged" : "")
         << (c.a.k_major ? "" : " a-m-major") << (c.b.k_major ? "" : " b-n-major") << (c.a_regs ? " a-regs" : "")
         << (c.simt ? " simt" : "") << (c.tf32 ? " tf32" : "") << (c.tf32x3 ? " tf32x3" : "");
      break;
    }
    case tiling::Strategy::Attention:
      os << " " << dtype_name(s.att.pv.in) << (s.att.scores ? " scores" : "") << " bands" << s.att.bands.size() << " d" << s.att.qk.k
         << "x" << s.att.pv.n;
      break;
    case tiling::Strategy::Row:
    case tiling::Strategy::Column:
      os << " bytes" << s.min_bytes << "-" << s.max_bytes << " stages" << s.stages << (s.col_inputs > 0 ? " columns" : "")
         << (s.suffix() ? "" : " strided");
      break;
    case tiling::Strategy::Elementwise: os << " bytes" << s.min_bytes << "-" << s.max_bytes; break;
    case tiling::Strategy::Generic: break;
  }
  return os.str();
}

// A C identifier: other characters become '_'.
std::string identifier(std::string s) {
  for (char& ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return s;
}

// The launches, after the kernels: what a launcher does with them.
std::string launches_comment(const tiling::KernelCode& k) {
  std::ostringstream os;
  os << "// ---- launches (golden: what the launcher is told) ----\n";
  for (const tiling::Launch& l : k.launches) {
    os << "// " << l.function << ": grid " << l.grid << ", block " << l.block << ", smem " << l.smem << ", params";
    for (size_t i = 0; i < l.params.size(); ++i) os << " " << (l.param_roles.at(i) ? "w" : "r") << l.params[i]->id();
    if (l.scratch > 0) os << ", scratch " << l.scratch << " (zeroed from " << l.zero_from << ")";
    if (l.sized)
      os << ", runtime size: grid(n) = max(1, " << (l.grid_cap > 0 ? "min(" + std::to_string(l.grid_cap) + ", " : "(") << "ceil(n * "
         << l.grid_num << " / " << l.grid_den << ") * " << l.grid_per << ") * " << l.grid_mul << ")";
    os << "\n";
    for (const tiling::TensorMapSpec& t : l.tmaps)
      os << "//   tensor map: param " << t.param << ", " << t.inner << " x " << t.outer << " x " << t.panels << ", box " << t.box_inner
         << " x " << t.box_outer << (t.outer_n ? " (rows: n)" : "") << "\n";
  }
  os << "// arch suffix '" << k.arch_suffix << "', grid dependency " << (k.grid_dep ? "yes" : "no") << "\n";
  return os.str();
}

// One run's groups: every partition superopt realizes (the model's, the stored-statistics one,
// every reduction in a kernel of its own) and the parts of its fused kernels, without repeats.
struct RunGroups {
  std::unique_ptr<Graph> graph;
  std::vector<tiling::Group> groups;
  std::vector<tiling::GroupShape> shapes;
  std::vector<std::vector<tiling::RankedConfig>> ranked;
};

RunGroups groups_of(const std::string& root, const GoldenRun& run, const Isa& isa) {
  RunGroups r;
  r.graph = std::make_unique<Graph>(load_graph((fs::path(root) / run.graph).string()));
  const Graph& g = *r.graph;
  TargetModel tm = target_model(run.target);
  tm.f32 = run.f32;
  const tiling::Limits L = search_detail::limits_for(isa, gpu::Probe{}, tm);
  std::set<std::string> seen;
  auto add = [&](const KernelEstimate& k) {
    tiling::Group gr = search_detail::group_of(g, k);
    std::string key;
    for (const auto* list : {&gr.nodes, &gr.reads, &gr.writes}) {
      for (const Node* n : *list) key += std::to_string(n->id()) + ",";
      key += "|";
    }
    if (!seen.insert(key).second) return;
    tiling::GroupShape s = tiling::classify(gr, &isa, run.f32);
    r.ranked.push_back(tiling::enumerate_configs(gr, s, L));
    r.groups.push_back(std::move(gr));
    r.shapes.push_back(std::move(s));
  };
  for (const auto& [stats, side] : {std::pair{false, true}, std::pair{true, true}, std::pair{false, false}}) {
    const CostEstimate ce = runnable_cost(g, tm, &isa, {}, stats, side);
    for (const KernelEstimate& k : ce.kernel_list) {
      add(k);
      for (const KernelEstimate& p : k.parts) add(p);
    }
  }
  return r;
}

// coverage.txt: each feature (golden_kernels.h) with the number of configurations that offer it
// over all groups and of golden files that have it; the compile subset's count too.
GoldenFile coverage(const std::vector<std::vector<tiling::RankedConfig>>& ranked, const std::vector<GroupFacts>& facts,
                    const std::vector<std::string>& classes, const CoverPicks& picks) {
  struct Count {
    size_t offered = 0, golden = 0, compiled = 0;
  };
  std::map<std::string, Count> counts;
  std::set<std::string> class_names(classes.begin(), classes.end());
  size_t offered = 0, golden = 0, compiled = 0;
  for (size_t g = 0; g < ranked.size(); ++g)
    for (size_t i = 0; i < ranked[g].size(); ++i) {
      const bool picked = std::binary_search(picks.picks[g].begin(), picks.picks[g].end(), i);
      const bool comp = std::binary_search(picks.compile[g].begin(), picks.compile[g].end(), i);
      std::vector<std::string> f = local_features(ranked[g][i].config, facts[g]);
      for (std::string& x : global_features(ranked[g][i].config)) f.push_back(std::move(x));
      for (const std::string& x : f) {
        Count& c = counts[x];
        ++c.offered;
        c.golden += picked;
        c.compiled += comp;
      }
      ++offered;
      golden += picked;
      compiled += comp;
    }
  std::ostringstream os;
  os << "# Golden kernels' coverage (generated by tests/golden_kernels.cpp; scripts/regen_golden.sh)\n"
     << "# " << ranked.size() << " groups in " << class_names.size() << " classes; " << offered << " configurations enumerated, "
     << golden << " generated here, " << compiled << " of them compiled by the nvcc test.\n"
     << "# feature: configurations offering it / golden files / compiled\n";
  for (const auto& [f, c] : counts) os << f << ": " << c.offered << " / " << c.golden << " / " << c.compiled << "\n";
  os << "# group classes\n";
  for (const std::string& c : class_names) os << c << "\n";
  GoldenFile out;
  out.path = "coverage.txt";
  out.text = os.str();
  return out;
}

// A persistent grid (row, elementwise and contraction kernels have one as an option).
bool persistent(const tiling::TileConfig& c) {
  if (const auto* r = c.get_if<tiling::RowConfig>()) return r->blocks_per_sm > 0;
  if (const auto* e = c.get_if<tiling::ElementwiseConfig>()) return e->blocks_per_sm > 0;
  if (const auto* m = c.get_if<tiling::ContractionConfig>()) return m->blocks_per_sm > 0;
  return false;
}

}  // namespace

std::vector<GoldenRun> golden_runs(const std::string& root) {
  std::vector<GoldenRun> runs;
  for (const char* dir : {"benchmarks/graphs", "benchmarks/graphs_f16", "tests/golden/graphs"})
    for (const std::string& f : json_files(fs::path(root) / dir)) {
      const std::string stem = fs::path(f).stem().string();
      runs.push_back({std::string(dir) + "/" + f, stem, "sm_90"});
      if (kSm80.count(stem)) runs.push_back({std::string(dir) + "/" + f, stem + ".sm_80", "sm_80"});
      if (has_f32_matmul(load_graph((fs::path(root) / dir / f).string())))
        runs.push_back({std::string(dir) + "/" + f, stem + ".tf32", "sm_90", tiling::F32Matmul::Tf32});
    }
  return runs;
}

std::string golden_rankings(const std::string& root, size_t top, int precision, bool why) {
  std::map<std::string, std::shared_ptr<const Isa>> isas;
  for (const char* target : {"sm_90", "sm_80"}) isas.emplace(target, std::make_shared<const Isa>(load_isa(default_isa_dir(), target)));
  std::ostringstream os;
  os.precision(precision);
  for (const GoldenRun& run : golden_runs(root)) {
    const RunGroups rg = groups_of(root, run, *isas.at(run.target));
    for (size_t gi = 0; gi < rg.groups.size(); ++gi) {
      const std::vector<tiling::RankedConfig>& ranked = rg.ranked[gi];
      os << "# " << run.dir << " g" << gi << " (" << rg.groups[gi].label << "): " << ranked.size() << " configurations\n";
      for (size_t i = 0; i < ranked.size() && (top == 0 || i < top); ++i) {
        os << run.dir << " g" << gi << " #" << i << " " << ranked[i].config.str() << " " << ranked[i].est_us;
        if (why) os << " (" << ranked[i].why << ")";
        os << "\n";
      }
    }
  }
  return os.str();
}

std::vector<GoldenFile> golden_files(const std::string& root) {
  const std::vector<GoldenRun> runs = golden_runs(root);
  std::map<std::string, std::pair<std::shared_ptr<const Isa>, tiling::Lowerings>> targets;
  std::vector<GoldenFile> out;
  for (const char* target : {"sm_90", "sm_80"}) {
    auto isa = std::make_shared<const Isa>(load_isa(default_isa_dir(), target));
    tiling::Lowerings low = tiling::load_lowerings(*isa, tiling::default_lowerings_path(target));
    // The prelude in two files at its seam: the hand-written helpers with the synthesized casts,
    // then the synthesized lowerings (together over 800 lines). The compile test joins them in
    // this order.
    const std::string text = tiling::prelude(low);
    const size_t seam = text.find("// ---- synthesized lowerings");
    const std::pair<const char*, std::string> parts[] = {{"prelude.", text.substr(0, seam)},
                                                         {"prelude_lowerings.", seam == std::string::npos ? "" : text.substr(seam)}};
    for (const auto& [stem, part] : parts) {
      GoldenFile p;
      p.path = std::string(stem) + target + ".cu";
      p.text = part;
      p.target = target;
      p.prelude = true;
      out.push_back(std::move(p));
    }
    targets.emplace(target, std::make_pair(isa, std::move(low)));
  }
  // Every run's groups and ranked configurations first: the cover spans them all.
  std::vector<RunGroups> all;
  std::vector<std::vector<tiling::RankedConfig>> ranked;
  std::vector<GroupFacts> facts;
  std::vector<std::string> classes;
  for (const GoldenRun& run : runs) all.push_back(groups_of(root, run, *targets.at(run.target).first));
  for (size_t r = 0; r < runs.size(); ++r)
    for (size_t i = 0; i < all[r].groups.size(); ++i) {
      ranked.push_back(all[r].ranked[i]);
      facts.push_back({&all[r].shapes[i], targets.at(runs[r].target).first->target.sm_count});
      classes.push_back(group_class(runs[r].target, all[r].shapes[i]));
    }
  const CoverPicks picks = cover(ranked, facts, classes);
  out.push_back(coverage(ranked, facts, classes, picks));
  size_t flat = 0;
  for (size_t r = 0; r < runs.size(); ++r) {
    const GoldenRun& run = runs[r];
    const RunGroups& rg = all[r];
    for (size_t gi = 0; gi < rg.groups.size(); ++gi, ++flat) {
      const tiling::Group& gr = rg.groups[gi];
      const std::string gname = "g" + std::to_string(gi) + "_" + tiling::strategy_name(rg.shapes[gi].strategy);
      std::set<std::string> names;
      for (size_t i : picks.picks[flat]) {
        const tiling::TileConfig& c = rg.ranked[gi][i].config;
        std::string cname = config_file_name(c);
        for (int n = 2; !names.insert(cname).second; ++n) cname = config_file_name(c) + "-" + std::to_string(n);
        tiling::CodegenOptions co;
        co.name = identifier("golden_" + run.dir + "_" + gname + "_" + cname);
        co.sm_count = targets.at(run.target).first->target.sm_count;
        co.header = "golden kernel: graph '" + rg.graph->name + "' (" + run.graph + "), target " + run.target +
                    (run.f32 == tiling::F32Matmul::Tf32 ? ", --allow-tf32" : "") + "\nkernel " + gname + ": " + gr.label;
        const tiling::KernelCode k = tiling::generate(gr, rg.shapes[gi], c, targets.at(run.target).second, co);
        GoldenFile f;
        f.path = run.dir + "/" + gname + "__" + cname + ".cu";
        f.text = k.body + launches_comment(k);
        f.target = run.target;
        f.arch_suffix = k.arch_suffix;
        f.compile = std::find(picks.compile[flat].begin(), picks.compile[flat].end(), i) != picks.compile[flat].end();
        out.push_back(std::move(f));
      }
    }
  }
  // Runtime sizes (docs/codegen.md, "Runtime sizes"): a few graphs' row, elementwise and
  // contraction groups with the size of their first input's axis 0 as the kernels' argument
  // axon_n, at the best-ranked configuration and the best persistent one (outside the cover:
  // coverage.txt and the files above are as without runtime sizes).
  for (const char* path : {"benchmarks/graphs/softmax.json", "benchmarks/graphs/layernorm_odd.json", "benchmarks/graphs/add_layernorm.json",
                           "benchmarks/graphs/silu_bias_residual.json", "benchmarks/graphs/rmsnorm_matmul_m2048.json", "benchmarks/graphs/mlp_gelu.json",
                           "tests/golden/graphs/matmul_f32_bias.json"}) {
    const GoldenRun run{path, fs::path(path).stem().string() + ".runtime", "sm_90"};
    const auto& [isa, low] = targets.at(run.target);
    const RunGroups rg = groups_of(root, run, *isa);
    const int64_t m = rg.graph->inputs.at(0)->shape().at(0).value().value_or(0);
    for (size_t gi = 0; gi < rg.groups.size(); ++gi) {
      const std::string gname = "g" + std::to_string(gi) + "_" + tiling::strategy_name(rg.shapes[gi].strategy);
      std::vector<size_t> picked;
      for (size_t i = 0; i < rg.ranked[gi].size(); ++i) {
        const tiling::TileConfig& c = rg.ranked[gi][i].config;
        const bool want = picked.empty() || (persistent(c) && !persistent(rg.ranked[gi][picked.front()].config));
        const auto* mm = c.get_if<tiling::ContractionConfig>();
        if (want && (c.strategy() == tiling::Strategy::Row || c.strategy() == tiling::Strategy::Elementwise ||
                     (mm != nullptr && !mm->stream_k && mm->splits == 1)))
          picked.push_back(i);
        if (picked.size() == 2) break;
      }
      for (size_t i : picked) {
        const tiling::TileConfig& c = rg.ranked[gi][i].config;
        const std::string cname = config_file_name(c);
        tiling::CodegenOptions co;
        co.name = identifier("golden_" + run.dir + "_" + gname + "_" + cname);
        co.sm_count = isa->target.sm_count;
        co.runtime_size = m;
        co.header = "golden kernel: graph '" + rg.graph->name + "' (" + run.graph + "), target " + run.target + ", runtime size " +
                    std::to_string(m) + "\nkernel " + gname + ": " + rg.groups[gi].label;
        const tiling::KernelCode k = tiling::generate(rg.groups[gi], rg.shapes[gi], c, low, co);
        if (!k.runtime_sized) continue;
        GoldenFile f;
        f.path = run.dir + "/" + gname + "__" + cname + ".cu";
        f.text = k.body + launches_comment(k) + "// runtime size: n from 1 to " + std::to_string(k.runtime_max_n) + "\n";
        f.target = run.target;
        f.arch_suffix = k.arch_suffix;
        f.compile = true;
        out.push_back(std::move(f));
      }
    }
  }
  return out;
}

}  // namespace axon::golden
