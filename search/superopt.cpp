// `axon superopt` (docs/codegen.md): rewrites -> fusion groups -> tiling configurations ->
// CUDA -> NVRTC -> validated and timed in a worker -> the fastest per kernel and per variant.
#include "axon/search/superopt.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <future>
#include <functional>
#include <map>
#include <set>
#include <string_view>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/isa/spec.h"
#include "axon/search/cost_model.h"
#include "axon/tiling/runtime.h"
#include "internal.h"

namespace axon {

namespace fs = std::filesystem;

double KernelResult::time_us() const {
  if (winner < 0) return 0;
  const ConfigTrial& t = trials[static_cast<size_t>(winner)];
  return t.status == "ok" ? t.us : t.est_us;
}

namespace {

using search_detail::elements;

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// --config-match: alternatives separated by '|'; a description matches when it contains one.
bool matches_any(std::string_view description, std::string_view alternatives) {
  for (;;) {
    const size_t e = alternatives.find('|');
    const std::string_view part = alternatives.substr(0, e);
    if (!part.empty() && description.find(part) != std::string_view::npos) return true;
    if (e == std::string_view::npos) return false;
    alternatives.remove_prefix(e + 1);
  }
}

// The configurations a search may try: under --config-match those it names (the generic
// fallback always), else all.
std::vector<tiling::RankedConfig> searchable(std::vector<tiling::RankedConfig> ranked, const std::string& config_match) {
  ranked.erase(std::remove_if(ranked.begin(), ranked.end(),
                              [&](const tiling::RankedConfig& rc) {
                                if (config_match.empty()) return false;
                                return rc.config.strategy() != tiling::Strategy::Generic && !matches_any(rc.config.str(), config_match);
                              }),
               ranked.end());
  return ranked;
}

}  // namespace

namespace search_detail {

namespace {

std::string node_label(const Graph& g, const Node* n) {
  auto it = g.names.find(n);
  std::string s = it != g.names.end() ? it->second : std::string(op_name(n->op())) + "#" + std::to_string(n->id());
  return s;
}

}  // namespace

tiling::Group group_of(const Graph& g, const KernelEstimate& k) {
  tiling::Group gr;
  gr.nodes = k.nodes;
  gr.reads = k.reads;
  gr.writes = k.writes;
  for (const Node* n : k.writes)
    if (std::none_of(g.outputs.begin(), g.outputs.end(), [&](const GraphOutput& o) { return o.node == n; })) gr.handoffs.push_back(n);
  std::string w;
  for (const Node* n : k.writes) w += (w.empty() ? "" : ", ") + node_label(g, n);
  gr.label = k.kind + " -> " + w;
  return gr;
}

tiling::Limits limits_for(const Isa& isa, const gpu::Probe& p, const TargetModel& tm) {
  tiling::Limits L = tiling::target_limits(isa.target);
  L.hbm_gb_s = tm.hbm_gb_s;  // the same file's figures (a TargetModel may be given others)
  L.fp32_tflops = tm.fp32_tflops;
  if (p.ok) {
    if (p.props.sm_count != L.sm_count) L.cluster_sms.clear();  // another GPU than the target file's
    L.sm_count = p.props.sm_count;
    L.max_threads_per_block = p.props.max_threads_per_block;
    L.smem_per_block = std::min<int64_t>(p.props.smem_per_block, tiling::kStaticSmemPerBlock);
    if (p.props.smem_optin > 0) L.smem_dynamic = p.props.smem_optin;
    if (p.copy_gb_s > 0) L.hbm_gb_s = p.copy_gb_s;
    if (p.props.l2_bytes > 0) L.l2_bytes = p.props.l2_bytes;
  }
  return L;
}

std::string past_budget(double elapsed_s, double budget_s, double model_us, double fastest_us, int fastest_variant) {
  if (elapsed_s <= budget_s || fastest_us <= 0) return "";
  std::ostringstream why;
  if (elapsed_s > 2 * budget_s) {
    why << "--budget " << budget_s << " s spent twice over (" << std::llround(elapsed_s) << " s): no further variant is measured (the fastest: "
        << fastest_us << " us, variant " << fastest_variant << ")";
  } else if (model_us > fastest_us) {
    why << "--budget " << budget_s << " s spent, and the model puts it at " << std::llround(model_us) << " us, slower than the " << fastest_us
        << " us measured of variant " << fastest_variant;
  }
  return why.str();
}

}  // namespace search_detail

namespace {

using search_detail::group_of;
using search_detail::limits_for;

// The dtype's tolerance for validation (docs/codegen.md): rtol on |r| + mean |r|.
double check_rtol(DType t) {
  switch (t) {
    case DType::f32: return 1.0 / 8192;
    case DType::f16: return 1.0 / 256;
    case DType::bf16: return 1.0 / 64;
    default: return 0;
  }
}


double group_bytes(const tiling::Group& gr) {
  double b = 0;
  for (const auto* list : {&gr.reads, &gr.writes})
    for (const Node* n : *list) b += double(elements(n)) * dtype_bytes(n->dtype());
  return b;
}

// Under the work folder (inside the output folder): a symlink planted there is replaced, not followed.
std::string write_cubin(const std::string& dir, const std::string& name, const std::string& cubin) {
  make_private_subdir(fs::path(dir).parent_path().string(), fs::path(dir).filename().string());
  std::string path = (fs::path(dir) / (name + ".cubin")).string();
  write_file_atomic(path, cubin);
  return path;
}

// Multiply-adds x 2 of the contractions among `nodes`.
double contraction_flops(const std::vector<const Node*>& nodes) {
  double f = 0;
  for (const Node* n : nodes) {
    if (n->op() != Op::MatMul) continue;
    const Shape& a = n->operand(0)->shape();
    bool ta = n->attrs().has("transpose_a") && n->attrs().b("transpose_a");
    int64_t k = a.size() == 1 ? a[0].value().value_or(1) : a[a.size() - (ta ? 2 : 1)].value().value_or(1);
    f += 2.0 * double(elements(n)) * double(k);
  }
  return f;
}

// The group's inputs that other kernels compute are computed, in the job, from the graph's inputs
// (the upstream closure, in double precision), so that the kernel is checked on the values it
// really receives. Returns the upstream contraction FLOPs (0: every input is a graph input).
double add_upstream(const Graph& gv, const tiling::Group& gr, const std::string& kname, const std::string& arch,
                    const std::string& cache_dir, const std::string& cubins, gpu::MeasureJob& job) {
  tiling::Group up = upstream_group(gv, gr);
  if (up.nodes.empty()) return 0;
  tiling::ReferenceCode ref = tiling::generate_reference(up, kname + "_up");
  gpu::Compiled c = gpu::compile(ref.source, arch, cache_dir);
  if (!c.ok) throw InternalError("upstream reference kernels do not compile: " + c.log.substr(0, 2000));
  job.up_cubin = write_cubin(cubins, kname + "_up", c.cubin);
  for (const Node* n : up.reads) job.sources.push_back({static_cast<int>(n->dtype()), elements(n), 0});
  for (const Node* n : ref.computed) job.up_counts.push_back(elements(n));
  for (const auto& l : ref.launches) job.up_launches.push_back({l.function, l.grid, l.block, l.smem, {}});
  for (const Node* r : gr.reads) {
    if (r->op() == Op::Input) {
      auto it = std::find(up.reads.begin(), up.reads.end(), r);
      job.input_from.push_back({false, static_cast<int>(it - up.reads.begin())});
    } else {
      auto it = std::find(ref.computed.begin(), ref.computed.end(), r);
      AXON_CHECK(it != ref.computed.end(), "upstream reference does not compute a kernel input");
      job.input_from.push_back({true, static_cast<int>(it - ref.computed.begin())});
    }
  }
  return contraction_flops(up.nodes);
}

// What makes configurations of a group differ most, for variety: the strategy; for rows and
// columns the threads, one row (one thread of the reduction) per block or several, persistence
// and packed caches; for contractions the engine, its options and the block tile; for attention
// its schedule (ping-pong or not), key split, cluster and tile.
std::string variety(const tiling::TileConfig& c) {
  std::ostringstream os;
  os << tiling::strategy_name(c.strategy());
  if (const auto* r = c.get_if<tiling::RowConfig>())
    os << r->threads << (r->rows_per_block > 1) << (r->blocks_per_sm > 0) << r->packed;
  else if (const auto* y = c.get_if<tiling::ColumnConfig>())
    os << y->threads << (y->rows_per_block > 1);
  else if (const auto* e = c.get_if<tiling::ElementwiseConfig>())
    os << e->threads << (e->blocks_per_sm > 0);
  else if (const auto* m = c.get_if<tiling::ContractionConfig>())
    os << m->simt << m->tf32 << m->wgmma << m->tma << m->producers << (m->splits > 1) << m->store_warps << (m->multicast > 1) << m->tma_store
       << m->stream_k << (m->blocks_per_sm > 0) << " " << m->bm << "x" << m->bn;
  else if (const auto* a = c.get_if<tiling::AttentionConfig>())
    os << a->pingpong << (a->splits > 1) << (a->cluster > 1) << " " << a->bm << "x" << a->bn;
  return os.str();
}

// The best `n` configurations by estimate, one per family (variety) first, then the rest in
// order; and the generic fallback always.
std::vector<tiling::RankedConfig> pick_configs(const std::vector<tiling::RankedConfig>& ranked, int n) {
  std::vector<tiling::RankedConfig> picked;
  std::map<std::string, int> family;
  std::vector<bool> taken(ranked.size(), false);
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < ranked.size() && static_cast<int>(picked.size()) < n; ++i) {
      const auto& c = ranked[i].config;
      if (taken[i] || c.strategy() == tiling::Strategy::Generic) continue;
      const std::string key = variety(c);
      if (pass == 0 && family[key] >= 1) continue;
      ++family[key];
      taken[i] = true;
      picked.push_back(ranked[i]);
    }
  for (const auto& rc : ranked)
    if (rc.config.strategy() == tiling::Strategy::Generic) {
      picked.push_back(rc);
      break;
    }
  return picked;
}

struct MeasureContext {
  const SuperoptOptions& o;
  const std::string& tools_path;
  const std::string& cubins;
  Clock::time_point t0;
  const std::function<void(const std::string&)>& say;
};

// The validation job of a group (no candidates yet): its reference kernels, the upstream
// closure of its computed inputs, its buffers and tolerances.
gpu::MeasureJob reference_job(const Graph& gv, const tiling::Group& gr, const tiling::GroupShape& shape, const std::string& kname,
                              const MeasureContext& m) {
  const SuperoptOptions& o = m.o;
  const std::string& arch = o.target;
  const auto& say = m.say;
  tiling::ReferenceCode ref = tiling::generate_reference(gr, kname, &shape);
  gpu::Compiled rc = gpu::compile(ref.source, arch, o.cache_dir);
  if (!rc.ok) throw InternalError("reference kernels do not compile: " + rc.log.substr(0, 2000));
  gpu::MeasureJob job;
  job.tools_cubin = m.tools_path;
  job.ref_cubin = write_cubin(m.cubins, kname + "_ref", rc.cubin);
  job.seed = o.seed;
  const double ref_flops = contraction_flops(gr.nodes) + add_upstream(gv, gr, kname, arch, o.cache_dir, m.cubins, job);
  // The references are naive double-precision loops: when they hold over 1e11 FLOPs of
  // contractions (a 4096^3 matmul) one input distribution instead of three.
  if (ref_flops > 1e11) {
    job.distributions = 1;
    say("    (validation on one input distribution: the references hold " + std::to_string(int(ref_flops / 1e9)) +
        " GFLOP of contractions in double precision)");
  }
  for (const Node* n : gr.reads)
    job.inputs.push_back({static_cast<int>(n->dtype()), elements(n), 0});
  // Attention keeps the scores on chip: their 16-bit rounding (accumulated in f32 by the tensor
  // cores, in double by the reference) may land one ulp apart, and exp turns one ulp of a score
  // (2^-5 for |s| < 8) into a 3% step of its probability: four times the dtype's tolerance
  // (docs/attention.md). Groups that store the scores are checked at the plain tolerance.
  const double rtol_scale = shape.strategy == tiling::Strategy::Attention ? 4.0 : 1.0;
  // A tf32 contraction or attention (one product, --allow-tf32) rounds its operands to 10
  // mantissa bits, as f16 does: its f32 results are checked at f16's tolerance (docs/contraction.md).
  const bool tf32 = (shape.strategy == tiling::Strategy::Contraction && shape.mm.tf32) ||
                    (shape.strategy == tiling::Strategy::Attention && shape.att.tf32_products == 1);
  for (const Node* n : gr.writes) {
    const double rtol = tf32 && n->dtype() == DType::f32 ? check_rtol(DType::f16) : check_rtol(n->dtype());
    job.outputs.push_back({static_cast<int>(n->dtype()), elements(n), rtol * rtol_scale});
    auto it = std::find(ref.computed.begin(), ref.computed.end(), n);
    job.checks.push_back(static_cast<int>(it - ref.computed.begin()));
  }
  for (const Node* n : ref.computed) job.ref_counts.push_back(elements(n));
  for (size_t w = 0; w < gr.writes.size(); ++w) {  // attention's slack buffers follow (docs/attention.md)
    job.slacks.push_back(ref.slack.at(w));
    if (ref.slack[w] >= 0) job.ref_counts.push_back(elements(gr.writes[w]));
  }
  for (const auto& l : ref.launches) job.ref_launches.push_back({l.function, l.grid, l.block, l.smem, {}});
  return job;
}

// Compiles a kernel's candidates (in parallel), validates and times them in the worker, and sets
// the winner: the fastest that passed. Specialized configurations first; the generic fallback
// only when none of them passes (on a row group it recomputes each statistic per element).
void measure_kernel(KernelResult& kr, const Graph& gv, const std::vector<tiling::KernelCode>& codes,
                    const std::string& kname, const MeasureContext& m) {
  const SuperoptOptions& o = m.o;
  const std::string& arch = o.target;
  const auto& say = m.say;
  // Compile in parallel; a candidate that does not compile is recorded and skipped.
  std::vector<std::future<gpu::Compiled>> fut;
  for (const auto& c : codes) fut.push_back(std::async(std::launch::async, [&, src = c.source, a = arch + c.arch_suffix] { return gpu::compile(src, a, o.cache_dir); }));
  gpu::MeasureJob job = reference_job(gv, kr.group, kr.shape, kname, m);
  for (size_t i = 0; i < codes.size(); ++i) {
    gpu::Compiled c = fut[i].get();
    if (kr.trials[i].status == "skipped") continue;  // a generic candidate estimated past --timeout
    if (!c.ok) {
      kr.trials[i].status = "compile error";
      kr.trials[i].detail = c.log.substr(0, 4000);
      say("    " + kr.trials[i].config.str() + ": compile error (" + c.log.substr(0, 200) + ")");
      continue;
    }
    gpu::CandidateSpec cs;
    cs.id = static_cast<int>(i);
    cs.cubin = write_cubin(m.cubins, kname + "_c" + std::to_string(i), c.cubin);
    for (const auto& l : codes[i].launches)
      cs.launches.push_back({l.function, l.grid, l.block, l.smem, l.tmaps, l.scratch, l.zero_from, l.sized ? o.bind.at(o.runtime_size) : 0});
    // Past the budget, only the best-ranked candidate of a kernel is measured (a kernel is
    // never left without one; the fallback still runs if it fails).
    if (since(m.t0) > o.budget_s && !job.candidates.empty() &&
        codes[i].config.strategy() != tiling::Strategy::Generic) {
      kr.trials[i].status = "skipped";
      kr.trials[i].detail = "--budget reached";
      continue;
    }
    job.candidates.push_back(cs);
  }
  // Specialized configurations first; the generic fallback only when none of them passes
  // (on a row group it recomputes each statistic per element: correct, but slow).
  std::vector<gpu::CandidateSpec> all = job.candidates, rounds[2];
  for (const auto& cs : all)
    rounds[kr.shape.strategy != tiling::Strategy::Generic &&
           kr.trials[static_cast<size_t>(cs.id)].config.strategy() == tiling::Strategy::Generic]
        .push_back(cs);
  for (int round = 0; round < 2; ++round) {
    if (rounds[round].empty()) continue;
    bool passed = std::any_of(kr.trials.begin(), kr.trials.end(), [](const ConfigTrial& t) { return t.status == "ok"; });
    if (round == 1 && passed) {
      for (const auto& cs : rounds[round]) {
        kr.trials[static_cast<size_t>(cs.id)].status = "skipped";
        kr.trials[static_cast<size_t>(cs.id)].detail = "a specialized configuration passed (the fallback runs only when none does)";
      }
      continue;
    }
    job.candidates = rounds[round];
    auto results = gpu::measure(job, o.work_dir, o.self_exe, o.timeout_s, [&](const gpu::MeasureResult& res) {
      std::ostringstream os;
      os << "    " << kr.trials[static_cast<size_t>(res.id)].config.str() << ": " << res.status;
      if (res.status == "ok") os << " " << res.us << " us" << (res.detail.empty() ? "" : " (" + res.detail + ")");
      else os << " (" << res.detail << ")";
      say(os.str());
    });
    for (const auto& res : results) {
      ConfigTrial& t = kr.trials[static_cast<size_t>(res.id)];
      t.status = res.status;
      t.detail = res.detail;
      t.us = res.us;
      t.reps = res.reps;
      t.worst = res.worst;
      t.finalists = res.finalists;
    }
  }
  // No winner: the caller falls back to finer kernels (fallback.cpp).
  kr.winner = search_detail::pick_winner(kr.trials);
  if (kr.winner < 0) say("    no candidate passed validation; see " + o.work_dir + "/worker.log and the trials above");
}

}  // namespace

namespace search_detail {

int pick_winner(const std::vector<ConfigTrial>& trials) {
  const bool any_final = std::any_of(trials.begin(), trials.end(), [](const ConfigTrial& t) { return t.status == "ok" && t.finalists > 0; });
  auto eligible = [&](const ConfigTrial& t) { return t.status == "ok" && (!any_final || t.finalists > 0); };
  int fastest = -1;
  for (size_t i = 0; i < trials.size(); ++i)
    if (eligible(trials[i]) && (fastest < 0 || trials[i].us < trials[size_t(fastest)].us)) fastest = static_cast<int>(i);
  int winner = -1;
  for (size_t i = 0; fastest >= 0 && i < trials.size(); ++i)
    if (eligible(trials[i]) && trials[i].us <= kLevel * trials[size_t(fastest)].us &&
        (winner < 0 || trials[i].est_us < trials[size_t(winner)].est_us))
      winner = static_cast<int>(i);
  return winner;
}

}  // namespace search_detail

tiling::Group upstream_group(const Graph& gv, const tiling::Group& gr) {
  std::set<const Node*> need;
  std::function<void(const Node*)> mark = [&](const Node* n) {
    if (n->op() == Op::Input || !need.insert(n).second) return;
    for (const Node* o : n->operands()) mark(o);
  };
  for (const Node* r : gr.reads) mark(r);
  tiling::Group up;
  if (need.empty()) return up;
  std::set<const Node*> sources;
  for (const Node* r : gr.reads)
    if (r->op() == Op::Input) sources.insert(r);
  for (const Node* n : need)
    for (const Node* o : n->operands())
      if (o->op() == Op::Input) sources.insert(o);
  for (const Node* n : gv.topo_order()) {
    if (need.count(n)) up.nodes.push_back(n);
    if (sources.count(n)) up.reads.push_back(n);
  }
  for (const Node* r : gr.reads)
    if (r->op() != Op::Input) up.writes.push_back(r);
  up.label = "upstream of " + gr.label;
  return up;
}

CostEstimate runnable_cost(const Graph& gv, const TargetModel& tm, const Isa* isa, const Bindings& bind, bool stored_statistics,
                           bool side_reductions) {
  CostEstimate ce = estimate_cost(gv, tm, bind, side_reductions, stored_statistics);
  // A contraction kernel that also reduces (a side reduction) the tiling makes only with register
  // A (tiling's side reductions); where it would be generic, estimate again with every such
  // reduction in a kernel of its own. (Symbolic sizes: no classification, the model's partition
  // stands.)
  auto generic_side = [&](const KernelEstimate& k) {
    const bool reduces = std::any_of(k.nodes.begin(), k.nodes.end(), [](const Node* n) { return n->kind() == OpKind::Reduce; });
    return k.kind == "contraction" && k.parts.empty() && reduces &&
           tiling::classify(group_of(gv, k), isa, tm.f32).strategy == tiling::Strategy::Generic;
  };
  if (side_reductions && !ce.assumed_sizes && std::any_of(ce.kernel_list.begin(), ce.kernel_list.end(), generic_side))
    ce = estimate_cost(gv, tm, bind, false, stored_statistics);
  std::vector<KernelEstimate> list;
  for (KernelEstimate& k : ce.kernel_list) {
    if (k.parts.empty()) {
      list.push_back(std::move(k));
      continue;
    }
    const tiling::GroupShape fs = tiling::classify(group_of(gv, k), isa, tm.f32);
    if (fs.strategy == (k.kind == "attention" ? tiling::Strategy::Attention : tiling::Strategy::Contraction)) {
      list.push_back(std::move(k));
      continue;
    }
    ce.time_us -= k.time_us;
    for (const Node* n : k.nodes)
      if (n->kind() == OpKind::Reduce) ce.time_us += double(elements(n->operand(0))) * dtype_bytes(n->operand(0)->dtype()) / (tm.hbm_gb_s * 1e3);
    // The parts in their order; a part that would be generic (attention's P V beside its row sum,
    // in f32 where no fused kernel runs) split again, as the fallback splits (search/fallback.cpp).
    for (KernelEstimate& p : search_detail::split_kernel(k, tm, [&](const KernelEstimate& q) {
           return ce.assumed_sizes ? false : generic_side(q);
         })) {
      ce.time_us += p.time_us;
      list.push_back(std::move(p));
    }
  }
  ce.kernel_list = std::move(list);
  ce.kernels = static_cast<int>(ce.kernel_list.size());
  return ce;
}

std::vector<tiling::Group> fusion_groups(const Graph& g, const std::string& target, const Bindings& bind) {
  const Isa isa = load_isa(default_isa_dir(), target);
  std::vector<tiling::Group> out;
  for (const KernelEstimate& k : runnable_cost(g, target_model(target), &isa, bind).kernel_list) out.push_back(group_of(g, k));
  return out;
}

SuperoptResult superoptimize(const Graph& g, const SuperoptOptions& o, const ProveFn& prove) {
  const auto t0 = Clock::now();
  auto say = [&](const std::string& s) {
    if (o.progress) o.progress(s);
  };
  TargetModel tm = target_model(o.target);
  tm.f32 = o.f32;
  const Isa isa = load_isa(default_isa_dir(), o.target);
  SuperoptResult r{VariantSet(g), {}, 0, false, "", {}, {}, 0, 0, {}};
  r.lowerings = tiling::load_lowerings(isa, tiling::default_lowerings_path(o.target));

  // The GPU, probed in a child process (this process never initializes CUDA).
  const std::string nvrtc = gpu::nvrtc_status();
  if (o.no_gpu) {
    r.gpu_note = "--no-gpu: candidates ranked by the cost model, untimed";
  } else {
    r.probe = o.probe ? *o.probe : gpu::probe(o.self_exe);
    if (!r.probe.ok) r.gpu_note = "no GPU (" + r.probe.why + "): candidates ranked by the cost model, untimed";
    else if (!nvrtc.empty()) r.gpu_note = "no NVRTC (" + nvrtc + "): untimed";
    else if (r.probe.props.sm != isa.target.sm)
      r.gpu_note = "the GPU is sm_" + std::to_string(r.probe.props.sm) + ", the target " + o.target + ": untimed";
    else {
      r.timed = true;
      std::ostringstream os;
      os << r.probe.props.name << " (sm_" << r.probe.props.sm << ", " << r.probe.props.sm_count << " SMs), copy bandwidth "
         << int(r.probe.copy_gb_s) << " GB/s";
      r.gpu_note = os.str();
    }
  }
  say("device: " + r.gpu_note);

  // Rewrites: proven variants ranked by the cost model.
  ExploreOptions eo = o.explore;
  eo.budget_s = std::min(eo.budget_s, o.budget_s * 0.4);
  eo.seed = o.seed;
  auto cost_of = [&](const Graph& gv) { return runnable_cost(gv, tm, r.lowerings.isa.get(), o.bind); };
  r.variants = explore(g, eo, prove, [&](const Graph& gv) { return cost_of(gv).time_us; });
  r.rewrite_seconds = since(t0);
  const ExploreStats& st = r.variants.stats;
  say("rewrites: " + std::to_string(st.kept) + " proven variants (" + std::to_string(st.proved) + " moves proved, " +
      std::to_string(st.refuted) + " refuted) in " + std::to_string(int(r.rewrite_seconds)) + " s");

  // The best-ranked variants, skipping one whose kernels the model cannot tell from an already
  // chosen variant's (the same kinds and estimates: a rewrite that moves a cast, say): timing
  // it again would spend the budget on the same kernels.
  std::vector<int> chosen;
  std::set<std::string> seen;
  auto signature = [&](const Graph& gv) {
    std::ostringstream os;
    for (const KernelEstimate& k : cost_of(gv).kernel_list) os << k.kind << ":" << std::llround(k.time_us * 100) << ";";
    return os.str();
  };
  seen.insert(signature(r.variants.graph_of(0)));  // the original is always timed (below)
  // Among variants the model puts within 0.1% of each other, fewer moves first: a longer path
  // that the model does not find faster only moves more roundings.
  std::vector<const Variant*> ranked = r.variants.ranked();
  if (ranked.size() > 64) ranked.resize(64);
  const double best_score = ranked.empty() ? 1.0 : std::max(1e-9, ranked.front()->score);
  std::stable_sort(ranked.begin(), ranked.end(), [&](const Variant* a, const Variant* b) {
    const auto ba = std::llround(a->score / best_score * 1000), bb = std::llround(b->score / best_score * 1000);
    return ba != bb ? ba < bb : a->depth < b->depth;
  });
  for (const Variant* v : ranked) {
    if (static_cast<int>(chosen.size()) >= o.variants) break;
    if (v->id != 0 && !seen.insert(signature(r.variants.graph_of(v->id))).second) continue;
    chosen.push_back(v->id);
  }
  if (std::find(chosen.begin(), chosen.end(), 0) == chosen.end()) chosen.push_back(0);

  const tiling::Limits L = limits_for(isa, r.probe, tm);
  const std::string arch = o.target;
  const std::string cubins = (fs::path(o.work_dir) / "cubin").string();
  make_output_dir(o.work_dir);
  // Compile the tools once.
  std::string tools_path;
  if (r.timed) {
    gpu::Compiled tc = gpu::compile(tiling::tools_source(), arch, o.cache_dir);
    if (!tc.ok) throw InternalError("worker tools do not compile: " + tc.log);
    tools_path = write_cubin(cubins, "tools", tc.cubin);
  }
  std::map<std::string, KernelResult> done;  // groups already measured (shared by variants)
  const bool runtime = !o.runtime_size.empty();
  int kernel_counter = 0;
  // Each chosen variant in the model's partition and, where it differs, in the one that stores a
  // normalization's row statistic and computes the normalized operand on the matmul's loads
  // (runnable_cost's stored_statistics): the timings decide between them.
  auto groups_of = [&](const Graph& gv, const CostEstimate& ce) {
    std::set<std::string> keys;
    for (const KernelEstimate& k : ce.kernel_list) {
      const tiling::Group gr = group_of(gv, k);
      std::string key;
      for (const Node* n : gr.nodes) key += std::to_string(n->id()) + ",";
      keys.insert(key);
    }
    return keys;
  };
  // Realized where the best configurations' estimates put it within 10% of the first (the
  // prologue on the matmul's loads is costed by tiling::prologue_us, measured: not hidden under
  // the wgmmas yet).
  auto best_estimate = [&](const Graph& gv, const CostEstimate& ce) {
    double us = 0;
    for (const KernelEstimate& k : ce.kernel_list) {
      const tiling::Group gr = group_of(gv, k);
      const auto ranked = searchable(tiling::enumerate_configs(gr, tiling::classify(gr, r.lowerings.isa.get(), o.f32), L), "");
      us += ranked.empty() ? k.time_us : ranked.front().est_us;
    }
    return us;
  };
  // The variant the tiling estimates put first among the model's best-ranked is realized too:
  // the model costs a kernel as if it filled the GPU at the engine's rate, the tiling estimates
  // know its grid and engine (f32 attention of one causal head of 1256 keys, d 256: fused, 20
  // row blocks, estimated 471 us and measured 336, where the model said 19; its parts with the
  // softmax stored, estimated about 120, were not among the model's first two).
  {
    int first_vid = -1;
    double first_us = 0;
    std::set<std::string> sigs;
    for (const Variant* v : ranked) {
      const Graph gv = r.variants.graph_of(v->id);
      const CostEstimate ce = cost_of(gv);
      if (ce.assumed_sizes || !sigs.insert(signature(gv)).second) continue;  // (sizes unbound: no tiling estimates)
      const double us = best_estimate(gv, ce);
      if (first_vid < 0 || us < first_us) first_vid = v->id, first_us = us;
    }
    if (first_vid >= 0 && std::find(chosen.begin(), chosen.end(), first_vid) == chosen.end()) {
      say("variant " + std::to_string(first_vid) + ": realized too: the tiling estimates put it first (" + std::to_string(int(first_us)) +
          " us)");
      chosen.push_back(first_vid);
    }
  }
  auto stats_worth = [&](const Graph& gv, const CostEstimate& first, const CostEstimate& stats) {
    return best_estimate(gv, stats) <= 1.1 * best_estimate(gv, first);
  };
  // And where a side reduction joined a contraction (which then cannot split K), the partition
  // with every reduction in a kernel of its own, where its estimates are within 10% as well.
  struct Plan {
    int vid;
    bool stored_stats, own_reductions;
    CostEstimate ce;
  };
  std::vector<Plan> plans;
  for (int vid : chosen) {
    const Graph gv = r.variants.graph_of(vid);
    CostEstimate first = cost_of(gv), stats = runnable_cost(gv, tm, r.lowerings.isa.get(), o.bind, true),
                 own = runnable_cost(gv, tm, r.lowerings.isa.get(), o.bind, false, false);
    const auto keys = groups_of(gv, first);
    const bool with_stats = !stats.assumed_sizes && groups_of(gv, stats) != keys && stats_worth(gv, first, stats);
    const bool with_own = !own.assumed_sizes && groups_of(gv, own) != keys && (!with_stats || groups_of(gv, own) != groups_of(gv, stats)) &&
                          stats_worth(gv, first, own);
    plans.push_back({vid, false, false, std::move(first)});
    if (with_stats) plans.push_back({vid, true, false, std::move(stats)});
    if (with_own) plans.push_back({vid, false, true, std::move(own)});
  }
  for (const Plan& plan : plans) {
    const int vid = plan.vid;
    const bool stored_stats = plan.stored_stats;
    const CostEstimate& ce = plan.ce;
    // Past the budget, a plan the model already puts slower than the fastest measured variant
    // is not measured (the original included: it would take seconds to time kernels that lose).
    if (r.timed && since(t0) > o.budget_s) {
      const VariantResult* fastest = nullptr;
      for (const VariantResult& v : r.realized)
        if (v.failed.empty() && (!fastest || v.total_us < fastest->total_us)) fastest = &v;
      const std::string why = search_detail::past_budget(since(t0), o.budget_s, ce.time_us, fastest ? fastest->total_us : 0,
                                                         fastest ? fastest->variant : -1);
      if (!why.empty()) {
        say("variant " + std::to_string(vid) + ": not measured: " + why);
        r.unmeasured.push_back({vid, ce.time_us, why});
        continue;
      }
    }
    Graph gv = r.variants.graph_of(vid);
    // --runtime-size: the variant at other values of the symbol (runtime_size.cpp).
    const search_detail::RuntimeProbes rprobes = runtime ? search_detail::runtime_probes(gv, o) : search_detail::RuntimeProbes{};
    VariantResult vr;
    vr.variant = vid;
    vr.stored_statistics = stored_stats;
    vr.own_reductions = plan.own_reductions;
    vr.model_us = ce.time_us;
    say("variant " + std::to_string(vid) + (stored_stats ? " (row statistics stored, the normalization on the matmul's loads)" : "") +
        (plan.own_reductions ? " (every reduction in a kernel of its own)" : "") + ": " + std::to_string(ce.kernel_list.size()) +
        " kernels, model " + std::to_string(int(ce.time_us)) + " us");
    // The comment each kernel starts with: the graph, the variant, the moves and their proofs.
    std::ostringstream header;
    header << "graph '" << g.name << "', target " << o.target << ", variant " << vid;
    if (stored_stats) header << " (partition: row statistics stored, the normalized operand computed on the matmul's loads)";
    if (plan.own_reductions) header << " (partition: every reduction in a kernel of its own)";
    auto path = r.variants.path_of(vid);
    header << (path.empty() ? " (the original: no rewrite)" : ", reached by these proven moves:");
    for (const Variant* v : path)
      header << "\n  " << move_kind_name(v->move.kind) << ": " << v->move.what << "\n    rule " << v->move.rule << "  ["
             << verdict_name(v->move.proof.verdict) << (v->move.proof.cached ? ", cached" : "") << "]";
    // A kernel no candidate validates is replaced by finer ones (fallback.cpp).
    auto split = [&](const KernelEstimate& k) {
      return search_detail::split_kernel(k, tm, [&](const KernelEstimate& p) {
        return tiling::classify(group_of(gv, p), r.lowerings.isa.get(), o.f32).strategy == tiling::Strategy::Generic;
      });
    };
    auto realize = [&](const KernelEstimate& k) {
      tiling::Group gr = group_of(gv, k);
      std::string key;
      for (const auto* list : {&gr.nodes, &gr.reads, &gr.writes}) {
        for (const Node* n : *list) key += std::to_string(n->id()) + ",";
        key += "|";
      }
      if (auto it = done.find(key); it != done.end()) return it->second;  // failed ones too
      KernelResult kr;
      kr.group = gr;
      kr.shape = tiling::classify(gr, r.lowerings.isa.get(), o.f32);
      kr.bytes = group_bytes(gr);
      kr.flops = k.flops;
      std::vector<tiling::RankedConfig> ranked = searchable(tiling::enumerate_configs(gr, kr.shape, L), o.config_match);
      std::vector<tiling::RankedConfig> picked = pick_configs(ranked, o.configs);
      // Named after the launcher (axon_<name>_kN): two outputs of one graph under other names
      // (superopt --name) link into one library without clashing kernels.
      kr.name = "axon_" + launcher_name(g.name) + "_k" + std::to_string(kernel_counter++);
      const std::string& kname = kr.name;
      // A generic candidate that could not finish in the worker before --timeout is estimated
      // and skipped, where the kernel has finer parts to fall back to (fallback.cpp).
      const bool splittable = !split(k).empty();
      const double generic_floor = search_detail::generic_floor_us(gr, L);
      std::vector<tiling::KernelCode> codes;
      for (size_t i = 0; i < picked.size(); ++i) {
        tiling::CodegenOptions co;
        co.name = kname + "_c" + std::to_string(i);
        co.sm_count = L.sm_count;
        co.header = header.str() + "\nkernel " + kname + ": " + gr.label;
        if (runtime) co.runtime_size = o.bind.at(o.runtime_size);
        codes.push_back(tiling::generate(gr, kr.shape, picked[i].config, r.lowerings, co));
        kr.trials.push_back({picked[i].config, picked[i].est_us, r.timed ? "" : "untimed", "", 0, 0, 0, 0, "", {}});
        if (runtime) {
          const std::string why = search_detail::runtime_check(gr, codes.back(), co, rprobes, r.lowerings, o.f32);
          kr.trials.back().runtime = why.empty() ? "sized" : why;
        }
        if (picked[i].config.strategy() == tiling::Strategy::Generic && splittable &&
            search_detail::generic_too_slow(generic_floor, o.timeout_s)) {
          std::ostringstream why;
          why << "estimated at " << std::llround(generic_floor / 1e6) << " s or more per launch (reductions nested in reductions), "
              << "too long for --timeout " << o.timeout_s << " s: not run; the kernel's parts are tried instead";
          kr.trials.back().status = "skipped";
          kr.trials.back().detail = why.str();
        }
      }
      say("  kernel " + kname + " (" + gr.label + "): " + tiling::strategy_name(kr.shape.strategy) +
          (kr.shape.why_generic.empty() ? "" : " [" + kr.shape.why_generic + "]") + ", " + std::to_string(ranked.size()) +
          " configurations, " + std::to_string(picked.size()) + " tried");
      const bool runnable = std::any_of(kr.trials.begin(), kr.trials.end(), [](const ConfigTrial& t) { return t.status != "skipped"; });
      const MeasureContext mc{o, tools_path, cubins, t0, say};
      if (r.timed && runnable) measure_kernel(kr, gv, codes, kname, mc);
      // A runtime-sized candidate that passed is validated at the probe sizes too.
      if (r.timed && runnable && runtime)
        search_detail::runtime_validate(kr, codes, rprobes, o, r.lowerings.isa.get(), cubins,
                                        [&](const Graph& gp, const tiling::Group& grp, const tiling::GroupShape& sp, const std::string& name) {
                                          return reference_job(gp, grp, sp, name, mc);
                                        },
                                        say);
      if (search_detail::forced_failure(gr.label, o.fail_groups))
        for (ConfigTrial& t : kr.trials)
          if (t.status != "skipped") {
            t.status = "wrong";
            t.detail = "failed on purpose: --test-fail-groups";
          }
      // Untimed: ranked by the estimate (the first that may run).
      kr.winner = -1;
      if (r.timed) kr.winner = search_detail::pick_winner(kr.trials);
      else
        for (size_t i = 0; i < kr.trials.size() && kr.winner < 0; ++i)
          if (kr.trials[i].status == "untimed") kr.winner = static_cast<int>(i);
      if (kr.winner >= 0) kr.code = codes[static_cast<size_t>(kr.winner)];
      // --runtime-size: the fastest runtime-sized candidate too (the launcher's _run_sized; _run
      // keeps the fastest of all), where one passed (else the variant is not sized).
      if (runtime && kr.winner >= 0) {
        // Timed over the bucket's range too (--runtime-time-at): ranked over it, even when the
        // winner at the tuned size is sized.
        const bool ranged = r.timed && !o.runtime_time_at.empty();
        const int64_t tuned = rprobes.tuned;
        kr.sized_winner = !ranged && kr.trials[static_cast<size_t>(kr.winner)].runtime == "sized" ? kr.winner
                                                                                                  : search_detail::runtime_winner(kr.trials, r.timed, tuned);
        if (kr.sized_winner >= 0) kr.sized_code = codes[static_cast<size_t>(kr.sized_winner)];
        // Above the tuned size: the one ranked first over the sizes timed there, where it differs.
        if (ranged && kr.sized_winner >= 0 && tuned > 0) {
          const int above = search_detail::runtime_winner(kr.trials, r.timed, tuned, true);
          if (above >= 0 && above != kr.sized_winner) {
            kr.sized_above = above;
            kr.sized_above_code = codes[static_cast<size_t>(above)];
            say("    runtime size: above " + o.runtime_size + " = " + std::to_string(tuned) + ", " +
                kr.trials[static_cast<size_t>(above)].config.str() + " (at or below: " +
                kr.trials[static_cast<size_t>(kr.sized_winner)].config.str() + ")");
          }
        }
      }
      done.emplace(key, kr);
      return kr;
    };
    search_detail::PlanOutcome po = search_detail::realize_with_fallbacks(gv, ce.kernel_list, realize, split, say);
    vr.kernels = std::move(po.kernels);
    vr.fallbacks = std::move(po.fallbacks);
    vr.failed = std::move(po.failed);
    if (!vr.failed.empty()) {
      say("variant " + std::to_string(vid) + ": not realized: " + vr.failed);
      r.realized.push_back(std::move(vr));
      continue;
    }
    for (const auto& k : vr.kernels) vr.total_us += k.time_us();
    if (runtime) {
      std::vector<const Node*> outs;
      for (const GraphOutput& out : gv.outputs) outs.push_back(out.node);
      search_detail::runtime_variant(vr, gv, outs, rprobes);
      say("variant " + std::to_string(vid) + ": " +
          (vr.runtime.sized ? "runtime-sized in " + o.runtime_size : "not runtime-sized: " + vr.runtime.why));
    }
    say("variant " + std::to_string(vid) + ": " + std::to_string(vr.total_us) + " us in total" + (r.timed ? "" : " (estimated)"));
    r.realized.push_back(std::move(vr));
  }
  // The fastest variant among those realized (every kernel with a winner); -1 when none was.
  r.best = -1;
  for (size_t i = 0; i < r.realized.size(); ++i)
    if (r.realized[i].failed.empty() && (r.best < 0 || r.realized[i].total_us < r.realized[static_cast<size_t>(r.best)].total_us))
      r.best = static_cast<int>(i);
  // --runtime-size: the fastest runtime-sized variant instead, when it is within
  // kRuntimeSizedSlack of the fastest (else the chosen variant is reported not sized).
  if (runtime && r.best >= 0 && !r.realized[static_cast<size_t>(r.best)].runtime.sized) {
    int sized = -1;
    for (size_t i = 0; i < r.realized.size(); ++i)
      if (r.realized[i].failed.empty() && r.realized[i].runtime.sized &&
          (sized < 0 || r.realized[i].total_us < r.realized[static_cast<size_t>(sized)].total_us))
        sized = static_cast<int>(i);
    if (sized >= 0 && r.realized[static_cast<size_t>(sized)].total_us <= search_detail::kRuntimeSizedSlack * r.realized[static_cast<size_t>(r.best)].total_us)
      r.best = sized;
  }
  r.seconds = since(t0);
  return r;
}

}  // namespace axon
