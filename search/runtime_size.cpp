// Runtime sizes (`superopt --runtime-size M`; docs/codegen.md, "Runtime sizes"): which kernels
// take the size bound to M as an argument, checked by generating each candidate again at other
// values of M (its code must not change: no literal stands for M) and validating it there.
#include <algorithm>
#include <sstream>

#include <filesystem>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/graph_copy.h"
#include "internal.h"

namespace axon::search_detail {

namespace fs = std::filesystem;

namespace {

bool wide_group(const tiling::Group& gr) {
  for (const auto* list : {&gr.nodes, &gr.reads, &gr.writes})
    for (const Node* n : *list)
      if (elements(n) >= (int64_t(1) << 31)) return true;
  return false;
}

// The code without its // comments (they name nodes by their ids, which differ between the
// variant and its copies at the probe sizes); string literals (inline PTX) are kept as they are.
std::string without_comments(const std::string& code) {
  std::string out;
  out.reserve(code.size());
  bool in_string = false;
  for (size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    if (in_string) {
      out += c;
      if (c == '\\' && i + 1 < code.size()) out += code[++i];
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
      out += c;
    } else if (c == '/' && i + 1 < code.size() && code[i + 1] == '/') {
      while (i < code.size() && code[i] != '\n') ++i;
      if (i < code.size()) out += '\n';
    } else {
      out += c;
    }
  }
  return out;
}

std::string label_of(const Graph& g, const Node* n) {
  auto it = g.names.find(n);
  return it != g.names.end() ? it->second : std::string(op_name(n->op())) + "#" + std::to_string(n->id());
}

}  // namespace

std::vector<int64_t> runtime_probe_sizes(int64_t tuned) {
  std::vector<int64_t> out;
  // Above the tuned size too, and past a few of the largest tiles (256 rows, clusters of two):
  // a decision taken because M fits a tile would show there.
  for (int64_t n : {int64_t(3), (tuned / 2) | 1, std::max<int64_t>(2 * tuned + 1, 1025)})
    if (n >= 2 && n != tuned && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  if (out.empty()) out.push_back(tuned + 2);
  return out;
}

std::vector<int64_t> runtime_validation_sizes(int64_t tuned) {
  std::vector<int64_t> out = tuned != 1 ? std::vector<int64_t>{1} : std::vector<int64_t>{};
  for (int64_t n : {int64_t(3), (tuned / 2) | 1})  // (not the large probe: the references are naive loops)
    if (n != tuned && std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  return out;
}

RuntimeProbes runtime_probes(const Graph& gv, const SuperoptOptions& o) {
  RuntimeProbes rp;
  rp.symbol = o.runtime_size;
  auto bound = o.bind.find(o.runtime_size);
  if (bound == o.bind.end()) {
    rp.why = "--runtime-size " + o.runtime_size + ": the symbol is not bound (give --bind " + o.runtime_size + "=VALUE)";
    return rp;
  }
  rp.tuned = bound->second;
  const std::vector<int64_t> text = runtime_probe_sizes(rp.tuned);
  std::vector<int64_t> sizes = text, validate;
  for (int64_t n : o.runtime_validate_at.empty() ? runtime_validation_sizes(rp.tuned) : o.runtime_validate_at)
    if (n >= 1 && n != rp.tuned) {
      validate.push_back(n);
      if (std::find(sizes.begin(), sizes.end(), n) == sizes.end()) sizes.push_back(n);
    }
  std::vector<int64_t> time;
  for (int64_t n : o.runtime_time_at)
    if (n >= 1 && n != rp.tuned && std::find(time.begin(), time.end(), n) == time.end()) {
      time.push_back(n);
      if (std::find(sizes.begin(), sizes.end(), n) == sizes.end()) sizes.push_back(n);
    }
  for (int64_t n : sizes) {
    auto ctx = std::make_shared<Context>();
    auto pg = std::make_shared<Graph>(ctx);
    pg->name = gv.name;
    std::unordered_map<const Node*, const Node*> inputs;
    const Bindings at{{o.runtime_size, n}}, at_tuned{{o.runtime_size, rp.tuned}};
    for (const Node* in : gv.inputs) {
      auto it = o.runtime_inputs.find(in->input_name());
      if (it == o.runtime_inputs.end()) {
        rp.why = "input '" + in->input_name() + "' has no symbolic shape";
        return rp;
      }
      Shape s, tuned_shape;
      for (const Size& x : it->second) {
        s.push_back(x.substitute(at));
        tuned_shape.push_back(x.substitute(at_tuned));
      }
      if (tuned_shape != in->shape()) {
        rp.why = "input '" + in->input_name() + "': its shape at " + o.runtime_size + " = " + std::to_string(rp.tuned) + " is " +
                 shape_str(tuned_shape) + ", not " + shape_str(in->shape());
        return rp;
      }
      const Node* c = ctx->input(in->input_name(), in->dtype(), s);
      inputs[in] = c;
      pg->inputs.push_back(c);
    }
    RuntimeProbe p{n,   std::find(text.begin(), text.end(), n) != text.end(), std::find(validate.begin(), validate.end(), n) != validate.end(),
                   std::find(time.begin(), time.end(), n) != time.end(), ctx, pg, {}};
    auto leaf = [&inputs](const Node* x) -> const Node* {
      auto it = inputs.find(x);
      return it != inputs.end() ? it->second : nullptr;
    };
    try {
      for (const GraphOutput& out : gv.outputs)
        pg->outputs.push_back({out.name, copy_dag(*ctx, out.node, leaf, [](const Size& s) { return s; }, p.memo)});
    } catch (const UserError& e) {
      // A size written into an attribute (a reshape's target shape) does not follow M.
      rp.why = "the graph does not type-check at " + o.runtime_size + " = " + std::to_string(n) + " (" + e.what() + ")";
      return rp;
    }
    for (const auto& [from, to] : p.memo)
      if (auto it = gv.names.find(from); it != gv.names.end()) pg->names[to] = it->second;
    rp.probes.push_back(std::move(p));
  }
  return rp;
}

tiling::Group group_at(const tiling::Group& gr, const RuntimeProbe& p) {
  auto map = [&p](const std::vector<const Node*>& v) {
    std::vector<const Node*> out;
    for (const Node* n : v) out.push_back(p.memo.at(n));
    return out;
  };
  tiling::Group g;
  g.nodes = map(gr.nodes);
  g.reads = map(gr.reads);
  g.writes = map(gr.writes);
  g.handoffs = map(gr.handoffs);
  g.label = gr.label;
  return g;
}

std::string runtime_check(const tiling::Group& gr, const tiling::KernelCode& code, const tiling::CodegenOptions& co,
                          const RuntimeProbes& rp, const tiling::Lowerings& low, tiling::F32Matmul f32) {
  if (!rp.why.empty()) return rp.why;
  if (!code.runtime_sized) return code.runtime_why.empty() ? "not runtime-sized" : code.runtime_why;
  tiling::CodegenOptions c = co;
  c.wide_index = co.wide_index || wide_group(gr);
  const std::string at = " at " + rp.symbol + " = ";
  for (const RuntimeProbe& p : rp.probes) {
    if (!p.check_text) continue;
    tiling::KernelCode k;
    try {
      const tiling::Group gp = group_at(gr, p);
      const tiling::GroupShape sp = tiling::classify(gp, low.isa.get(), f32);
      if (sp.strategy != code.config.strategy())
        return std::string("the group is ") + tiling::strategy_name(sp.strategy) + at + std::to_string(p.n);
      c.runtime_size = p.n;
      k = tiling::generate(gp, sp, code.config, low, c);
    } catch (const std::exception& e) {
      return "not generated" + at + std::to_string(p.n) + ": " + e.what();
    }
    // The invariant: a literal never stands for the runtime size. Generated at another size,
    // the kernel must be the same text, with the grids the launcher computes.
    if (without_comments(k.body) != without_comments(code.body)) return "its code" + at + std::to_string(p.n) + " differs from its code" + at + std::to_string(rp.tuned);
    if (k.launches.size() != code.launches.size()) return "its launches differ" + at + std::to_string(p.n);
    for (size_t i = 0; i < k.launches.size(); ++i) {
      const tiling::Launch &a = code.launches[i], &b = k.launches[i];
      // (Scratch, stream-K's: the same bytes at every n.)
      if (!a.sized || b.grid != tiling::runtime_grid(a, p.n) || a.block != b.block || a.smem != b.smem || a.scratch != b.scratch ||
          a.zero_from != b.zero_from || a.tmaps.size() != b.tmaps.size())
        return "launch " + a.function + ": its grid or resources" + at + std::to_string(p.n) + " are not the launcher's";
      // Tensor maps: the same, but for the rows of those the launcher encodes at n.
      for (size_t m = 0; m < a.tmaps.size(); ++m) {
        const tiling::TensorMapSpec &x = a.tmaps[m], &y = b.tmaps[m];
        if (x.param != y.param || x.inner != y.inner || x.panels != y.panels || x.box_inner != y.box_inner || x.box_outer != y.box_outer ||
            x.view_dims != y.view_dims || x.view_strides != y.view_strides || x.view_rows != y.view_rows || y.outer != (x.outer_n ? p.n : x.outer))
          return "launch " + a.function + ": tensor map " + std::to_string(m) + at + std::to_string(p.n) + " is not the launcher's";
      }
    }
  }
  return "";
}

void runtime_validate(KernelResult& kr, const std::vector<tiling::KernelCode>& codes, const RuntimeProbes& rp,
                      const SuperoptOptions& o, const Isa* isa, const std::string& cubins,
                      const ReferenceJobFn& job_at, const std::function<void(const std::string&)>& say) {
  // Validation first (every validated size), then timing: a candidate wrong somewhere is not
  // timed anywhere else.
  std::vector<const RuntimeProbe*> order;
  for (const RuntimeProbe& p : rp.probes)
    if (p.validate && !p.time) order.push_back(&p);
  for (const RuntimeProbe& p : rp.probes)
    if (p.time) order.push_back(&p);
  for (const RuntimeProbe* pp : order) {
    const RuntimeProbe& p = *pp;
    std::vector<size_t> ids;
    for (size_t i = 0; i < kr.trials.size(); ++i)
      if (kr.trials[i].status == "ok" && kr.trials[i].runtime == "sized") ids.push_back(i);
    if (ids.empty()) return;
    const tiling::Group gp = group_at(kr.group, p);
    const std::string kname = kr.name + "_n" + std::to_string(p.n);
    // Classified as at the tuned size (the ISA and f32 mode): the tolerance follows the shape
    // (a tf32 product is checked at f16's).
    gpu::MeasureJob job = job_at(*p.graph, gp, tiling::classify(gp, isa, o.f32), kname);
    // A timed probe validates too (the worker checks before it times).
    job.validate_only = !p.time;
    for (size_t i : ids) {
      // The kernel as it ships (compiled at the tuned size: the cache has it), launched at n
      // as the launcher launches it.
      const tiling::KernelCode& k = codes.at(i);
      gpu::Compiled c = gpu::compile(k.source, o.target + k.arch_suffix, o.cache_dir);
      if (!c.ok) {
        kr.trials[i].runtime = "does not compile at " + rp.symbol + " = " + std::to_string(p.n);
        continue;
      }
      gpu::CandidateSpec cs;
      cs.id = static_cast<int>(i);
      make_private_subdir(fs::path(cubins).parent_path().string(), fs::path(cubins).filename().string());
      cs.cubin = (fs::path(cubins) / (kname + "_c" + std::to_string(i) + ".cubin")).string();
      write_file_atomic(cs.cubin, c.cubin);
      for (const auto& l : k.launches) {
        std::vector<tiling::TensorMapSpec> maps = l.tmaps;
        for (tiling::TensorMapSpec& t : maps)
          if (t.outer_n) t.outer = p.n;
        cs.launches.push_back({l.function, tiling::runtime_grid(l, p.n), l.block, l.smem, maps, l.scratch, l.zero_from, p.n});
      }
      job.candidates.push_back(cs);
    }
    if (job.candidates.empty()) continue;
    int failed = 0;
    double fastest = 0;
    for (const gpu::MeasureResult& res : gpu::measure(job, o.work_dir, o.self_exe, o.timeout_s, {})) {
      ConfigTrial& t = kr.trials[static_cast<size_t>(res.id)];
      if (res.status == "ok") {
        if (p.time) {
          t.runtime_us.emplace_back(p.n, res.us);
          fastest = fastest > 0 ? std::min(fastest, res.us) : res.us;
        }
        continue;
      }
      ++failed;
      t.runtime = res.status + " at " + rp.symbol + " = " + std::to_string(p.n) + ": " + res.detail;
    }
    std::ostringstream line;
    line << "    runtime size: " << job.candidates.size() - failed << " of " << job.candidates.size() << " candidates "
         << (p.time ? "timed" : "validated") << " at " << rp.symbol << " = " << p.n;
    if (p.time && fastest > 0) line << " (fastest " << fastest << " us)";
    say(line.str());
  }
}

int runtime_winner(const std::vector<ConfigTrial>& trials, bool timed, int64_t split, bool upper) {
  std::vector<ConfigTrial> sized = trials;
  bool any = false;
  for (ConfigTrial& t : sized) {
    const bool ok = t.runtime == "sized";
    if (!ok && (t.status == "ok" || t.status == "untimed")) t.status = "not runtime-sized";
    any = any || (ok && (t.status == "ok" || t.status == "untimed"));
  }
  if (!any) return -1;
  if (timed) {
    // Timed at other sizes too: the least worst ratio to the fastest, over every size of the side.
    std::vector<size_t> ids;
    for (size_t i = 0; i < sized.size(); ++i)
      if (sized[i].status == "ok" && sized[i].us > 0) ids.push_back(i);
    // The sizes ranked over: the tuned one (k = 0) and the timed ones (at or below `split` where
    // it is given), or the timed ones above `split` only.
    std::vector<int64_t> at;
    bool same = !ids.empty();  // every one timed at the same sizes (else the tuned size's rule)
    for (size_t i : ids) {
      std::vector<int64_t> ns;
      for (const auto& [n, us] : trials[i].runtime_us)
        if (split == 0 || (n > split) == upper) ns.push_back(n);
      if (i == ids.front()) at = ns;
      same = same && ns == at;
    }
    if (upper && (!same || at.empty())) return -1;
    if (!same || at.empty()) return pick_winner(sized);
    const bool tuned = !upper;
    auto time_at = [&](size_t i, size_t k) {
      if (tuned && k == 0) return sized[i].us;
      const int64_t n = at[k - (tuned ? 1 : 0)];
      for (const auto& [m, us] : trials[i].runtime_us)
        if (m == n) return us;
      return 0.0;
    };
    const size_t sizes = at.size() + (tuned ? 1 : 0);
    std::vector<double> best(sizes, 0);
    for (size_t i : ids)
      for (size_t k = 0; k < sizes; ++k) best[k] = best[k] > 0 ? std::min(best[k], time_at(i, k)) : time_at(i, k);
    int pick = -1;
    double pick_worst = 0;
    for (size_t i : ids) {
      double worst = 0;
      for (size_t k = 0; k < sizes; ++k) worst = std::max(worst, time_at(i, k) / best[k]);
      if (pick < 0 || worst < pick_worst || (worst == pick_worst && sized[i].us < sized[static_cast<size_t>(pick)].us)) {
        pick = static_cast<int>(i);
        pick_worst = worst;
      }
    }
    return pick;
  }
  if (upper) return -1;
  for (size_t i = 0; i < sized.size(); ++i)
    if (sized[i].status == "untimed") return static_cast<int>(i);
  return -1;
}

void runtime_variant(VariantResult& vr, const Graph& gv, const std::vector<const Node*>& outputs, const RuntimeProbes& rp) {
  VariantResult::RuntimeSizing& rs = vr.runtime;
  rs = {};
  rs.symbol = rp.symbol;
  rs.tuned = rp.tuned;
  if (!rp.why.empty()) {
    rs.why = rp.why;
    return;
  }
  rs.max_n = int64_t(1) << 48;
  for (const KernelResult& k : vr.kernels) {
    if (k.sized_winner < 0) {  // no runtime-sized candidate passed: the winner's reason
      const ConfigTrial& t = k.trials.at(static_cast<size_t>(k.winner));
      rs.why = "kernel " + k.name + " (" + k.group.label + "), " + t.config.str() + ": " + (t.runtime.empty() ? "not runtime-sized" : t.runtime) +
               " (and no runtime-sized candidate passed)";
      return;
    }
    rs.max_n = std::min(rs.max_n, k.sized_code.runtime_max_n);
    if (k.sized_above >= 0) rs.max_n = std::min(rs.max_n, k.sized_above_code.runtime_max_n);
  }
  // The stored values (kernel writes, graph inputs and outputs): element counts linear in n.
  std::vector<const Node*> stored = gv.inputs;
  stored.insert(stored.end(), outputs.begin(), outputs.end());
  for (const KernelResult& k : vr.kernels) stored.insert(stored.end(), k.group.writes.begin(), k.group.writes.end());
  const RuntimeProbe& p = rp.probes.front();
  for (const Node* n : stored) {
    auto it = p.memo.find(n);
    if (it == p.memo.end()) {
      rs.why = "value " + label_of(gv, n) + " is not computed from the outputs";
      return;
    }
    const int64_t e = elements(n), ep = elements(it->second);
    if (e == ep) continue;
    if (e % rp.tuned != 0 || ep != e / rp.tuned * p.n) {
      rs.why = "value " + label_of(gv, n) + "'s size is not a multiple of " + rp.symbol;
      return;
    }
    rs.per_unit[n] = e / rp.tuned;
  }
  rs.sized = true;
}

}  // namespace axon::search_detail
