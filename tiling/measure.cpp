// Validation and timing in a worker process, and the parent's side that runs it
// (include/axon/tiling/measure.h).
#include "axon/tiling/measure.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/process.h"

namespace axon::gpu {

namespace {

using nlohmann::json;

int dtype_size(int code) { return code == 0 || code == 3 ? 4 : code == 4 ? 1 : 2; }

json launch_json(const LaunchSpec& l) {
  json maps = json::array();
  for (const auto& m : l.tmaps)
    maps.push_back({m.param, m.inner, m.outer, m.panels, m.box_inner, m.box_outer, m.view_dims, m.view_strides, m.view_rows, m.elem_bytes});
  return {{"function", l.function}, {"grid", l.grid},   {"block", l.block},         {"smem", l.smem},
          {"tmaps", maps},         {"scratch", l.scratch}, {"zero_from", l.zero_from}, {"n", l.n}};
}
LaunchSpec launch_of(const json& j) {
  LaunchSpec l{j.at("function").get<std::string>(), j.at("grid").get<int64_t>(), j.at("block").get<int>(), j.at("smem").get<int>(), {}};
  if (j.contains("tmaps"))
    for (const auto& m : j.at("tmaps")) {
      TensorMapSpec t;
      t.param = m.at(0).get<int>();
      t.inner = m.at(1).get<int64_t>();
      t.outer = m.at(2).get<int64_t>();
      t.panels = m.at(3).get<int64_t>();
      t.box_inner = m.at(4).get<int>();
      t.box_outer = m.at(5).get<int>();
      if (m.size() > 8) {
        t.view_dims = m.at(6).get<std::vector<int64_t>>();
        t.view_strides = m.at(7).get<std::vector<int64_t>>();
        t.view_rows = m.at(8).get<int>();
      }
      if (m.size() > 9) t.elem_bytes = m.at(9).get<int>();
      l.tmaps.push_back(t);
    }
  l.scratch = j.value("scratch", int64_t(0));
  l.zero_from = j.value("zero_from", int64_t(0));
  l.n = j.value("n", int64_t(0));
  return l;
}
json buffers_json(const std::vector<BufferSpec>& b) {
  json a = json::array();
  for (const auto& x : b) a.push_back({{"dtype", x.dtype}, {"count", x.count}, {"rtol", x.rtol}});
  return a;
}
std::vector<BufferSpec> buffers_of(const json& j) {
  std::vector<BufferSpec> b;
  for (const auto& x : j) b.push_back({x.at("dtype").get<int>(), x.at("count").get<int64_t>(), x.at("rtol").get<double>()});
  return b;
}

json job_json(const MeasureJob& j) {
  json c = json::array();
  for (const auto& k : j.candidates) {
    json l = json::array();
    for (const auto& x : k.launches) l.push_back(launch_json(x));
    c.push_back({{"id", k.id}, {"cubin", k.cubin}, {"launches", l}});
  }
  json r = json::array();
  for (const auto& x : j.ref_launches) r.push_back(launch_json(x));
  json up = json::array();
  for (const auto& x : j.up_launches) up.push_back(launch_json(x));
  json from = json::array();
  for (const auto& f : j.input_from) from.push_back({{"upstream", f.upstream}, {"index", f.index}});
  return {{"tools_cubin", j.tools_cubin}, {"inputs", buffers_json(j.inputs)}, {"outputs", buffers_json(j.outputs)},
          {"sources", buffers_json(j.sources)}, {"up_cubin", j.up_cubin}, {"up_counts", j.up_counts},
          {"up_launches", up}, {"input_from", from},
          {"ref_cubin", j.ref_cubin}, {"ref_counts", j.ref_counts}, {"ref_launches", r}, {"checks", j.checks}, {"slacks", j.slacks},
          {"candidates", c}, {"distributions", j.distributions}, {"seed", j.seed}, {"min_reps", j.min_reps},
          {"max_reps", j.max_reps}, {"target_ms", j.target_ms}, {"validate_only", j.validate_only}};
}

MeasureJob job_of(const json& j) {
  MeasureJob m;
  m.tools_cubin = j.at("tools_cubin").get<std::string>();
  m.inputs = buffers_of(j.at("inputs"));
  m.outputs = buffers_of(j.at("outputs"));
  m.sources = buffers_of(j.at("sources"));
  m.up_cubin = j.at("up_cubin").get<std::string>();
  m.up_counts = j.at("up_counts").get<std::vector<int64_t>>();
  for (const auto& x : j.at("up_launches")) m.up_launches.push_back(launch_of(x));
  for (const auto& f : j.at("input_from")) m.input_from.push_back({f.at("upstream").get<bool>(), f.at("index").get<int>()});
  m.ref_cubin = j.at("ref_cubin").get<std::string>();
  m.ref_counts = j.at("ref_counts").get<std::vector<int64_t>>();
  for (const auto& x : j.at("ref_launches")) m.ref_launches.push_back(launch_of(x));
  m.checks = j.at("checks").get<std::vector<int>>();
  m.slacks = j.value("slacks", std::vector<int>{});
  for (const auto& c : j.at("candidates")) {
    CandidateSpec k;
    k.id = c.at("id").get<int>();
    k.cubin = c.at("cubin").get<std::string>();
    for (const auto& x : c.at("launches")) k.launches.push_back(launch_of(x));
    m.candidates.push_back(std::move(k));
  }
  m.distributions = j.at("distributions").get<int>();
  m.seed = j.at("seed").get<uint64_t>();
  m.min_reps = j.at("min_reps").get<int>();
  m.max_reps = j.at("max_reps").get<int>();
  m.target_ms = j.at("target_ms").get<double>();
  m.validate_only = j.value("validate_only", false);
  return m;
}

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error(path + ": cannot read");
  std::ostringstream os;
  os << f.rdbuf();
  return os.str();
}

const char* dist_name(int d) { return d == 0 ? "N(0,1)" : d == 1 ? "N(2,9)" : "U(-1,1) with zeros"; }

// The arguments of a list of launches: the pointers, each launch's tensor maps over them
// (encoded once, before any timing), and the scratch the launches share (stream-K).
struct Bound {
  std::vector<DevPtr> args;
  std::vector<std::vector<TensorMap>> maps;  // per launch
  DevPtr scratch = 0;
};
Bound bind_args(Driver& drv, const std::vector<LaunchSpec>& specs, std::vector<DevPtr> args, DevPtr scratch = 0) {
  Bound b;
  b.scratch = scratch;
  for (const auto& l : specs) {
    std::vector<TensorMap> m;
    for (const auto& t : l.tmaps) m.push_back(drv.tensor_map(args.at(static_cast<size_t>(t.param)), t));
    b.maps.push_back(std::move(m));
  }
  b.args = std::move(args);
  return b;
}

// Launches `specs` with the bound arguments; a launch's scratch flags are zeroed before it, as
// the generated launcher zeroes them.
void launch_all(Driver& drv, const std::vector<void*>& fns, const std::vector<LaunchSpec>& specs, Bound& b) {
  for (size_t i = 0; i < specs.size(); ++i) {
    std::vector<void*> params;
    for (DevPtr& p : b.args) params.push_back(&p);
    if (specs[i].scratch > 0) {
      if (b.scratch == 0) throw Error(specs[i].function + ": a launch with scratch and none bound");
      drv.memset8(b.scratch + DevPtr(specs[i].zero_from), 0, size_t(specs[i].scratch - specs[i].zero_from));
      params.push_back(&b.scratch);
    }
    for (TensorMap& m : b.maps[i]) params.push_back(&m);
    long long n = specs[i].n;
    if (n > 0) params.push_back(&n);
    drv.launch(fns[i], specs[i].grid, specs[i].block, specs[i].smem, params.data());
  }
}

int64_t grid_for(int64_t n) { return std::max<int64_t>(1, std::min<int64_t>((n + 255) / 256, 65536)); }

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// Timing policy (run_worker): every candidate that passes is screened with kScreenReps
// repetitions; those within kFinal of the best screening time (kFinalists at most) are the
// finalists, timed side by side.
constexpr int kScreenReps = 3;
constexpr double kFinal = 1.25;
constexpr size_t kFinalists = 8;
// A candidate right once may still race (the blocks of a cluster, the warps of a ring): after its
// screening runs (back to back) its output is checked again, and again after each of as many
// pairs of back-to-back runs as take kRecheckMs of kernel time, kRechecks to kRechecksMax
// (recheck). A check sees the second run of its pair only: a race in 3 runs of 100 is missed by
// 201 checks about once in 450 (0.97^201), by the 25 of a kernel of 200 us or more about half
// the time.
constexpr int kRechecks = 24, kRechecksMax = 200;
constexpr double kRecheckMs = 10.0;

// One job in the worker process (run_worker): the inputs and the double-precision reference per
// input distribution, then each candidate validated against them and screened, then the
// finalists timed side by side. A step per method; every driver call in the order it had.
class Worker {
 public:
  Worker(const MeasureJob& job, const std::vector<int>& skip, std::ostream& out) : job(job), skip(skip), out(out) {}

  // Throws Error (a driver error or a fault: the context is lost).
  void run() {
    open();
    for (int d = 0; d < D; ++d) {
      load_inputs(d);
      reference(d);
    }
    drv->sync();
    emit({{"ready", true}});
    prepare_outputs();
    for (const CandidateSpec& c : job.candidates)
      if (std::find(skip.begin(), skip.end(), c.id) == skip.end()) candidate(c);
    time_finalists();
  }

  void emit(const json& j) { out << j.dump() << "\n" << std::flush; }

 private:
  // A candidate that passed: its screening median and what it takes to launch it again.
  struct Passed {
    int id;
    double us;
    std::vector<LaunchSpec> launches;
    std::vector<void*> fns;
    Bound bound;
  };

  const MeasureJob& job;
  const std::vector<int>& skip;
  std::ostream& out;
  std::unique_ptr<Driver> drv;
  std::string tools;
  void *fill = nullptr, *sum_abs = nullptr, *compare = nullptr, *from_double = nullptr;
  int D = 0;
  // Per distribution: the inputs, the reference's buffers, each output's mean |r|.
  std::vector<std::vector<DevPtr>> in, refs;
  std::vector<std::vector<double>> scale;
  std::vector<void*> ref_fns, up_fns;
  DevPtr acc = 0;
  std::vector<DevPtr> outs;
  DevPtr scratch = 0, flush = 0;
  size_t flush_bytes = 0;
  int ev0 = 0, ev1 = 0;
  std::vector<Passed> passed;
  double best_us = 0;

  // The driver, the tools (fill, sum, compare, conversion) and the reference's functions.
  void open() {
    drv = Driver::open();
    tools = read_file(job.tools_cubin);
    const std::string ref = read_file(job.ref_cubin);
    fill = drv->function(tools, "axon_fill");
    sum_abs = drv->function(tools, "axon_sum_abs");
    compare = drv->function(tools, "axon_compare");
    D = job.distributions;
    in.assign(size_t(D), {});
    refs.assign(size_t(D), {});
    scale.assign(size_t(D), {});
    for (const auto& l : job.ref_launches) ref_fns.push_back(drv->function(ref, l.function));
    acc = drv->alloc(3 * sizeof(unsigned long long));
    if (!job.sources.empty()) {
      const std::string up = read_file(job.up_cubin);
      for (const auto& l : job.up_launches) up_fns.push_back(drv->function(up, l.function));
    }
    from_double = drv->function(tools, "axon_from_double");
  }

  // A buffer filled from distribution d (input k's own seed).
  DevPtr filled(const BufferSpec& b, size_t k, int d) {
    DevPtr p = drv->alloc(size_t(b.count) * dtype_size(b.dtype));
    long long n = b.count;
    int dt = b.dtype, dist = d;
    unsigned long long seed = job.seed * 1000003ULL + k * 7919ULL + size_t(d);
    void* params[] = {&p, &n, &dt, &dist, &seed};
    drv->launch(fill, grid_for(n), 256, 0, params);
    return p;
  }

  // in[d]: the inputs from the distribution, or the graph's inputs from it and the kernel's other
  // inputs computed from them (the upstream reference, in double, stored in their dtypes).
  void load_inputs(int d) {
    if (job.sources.empty()) {
      for (size_t k = 0; k < job.inputs.size(); ++k) in[size_t(d)].push_back(filled(job.inputs[k], k, d));
      return;
    }
    std::vector<DevPtr> src, upb;
    for (size_t k = 0; k < job.sources.size(); ++k) src.push_back(filled(job.sources[k], k, d));
    for (int64_t c : job.up_counts) upb.push_back(drv->alloc(size_t(c) * sizeof(double)));
    std::vector<DevPtr> args = src;
    args.insert(args.end(), upb.begin(), upb.end());
    Bound b = bind_args(*drv, job.up_launches, args);
    launch_all(*drv, up_fns, job.up_launches, b);
    for (size_t k = 0; k < job.inputs.size(); ++k) {
      const InputFrom& f = job.input_from.at(k);
      if (!f.upstream) {
        in[size_t(d)].push_back(src.at(size_t(f.index)));
        continue;
      }
      const BufferSpec& bs = job.inputs[k];
      DevPtr p = drv->alloc(size_t(bs.count) * dtype_size(bs.dtype));
      DevPtr u = upb.at(size_t(f.index));
      long long n = bs.count;
      int dt = bs.dtype;
      void* params[] = {&u, &p, &n, &dt};
      drv->launch(from_double, grid_for(n), 256, 0, params);
      in[size_t(d)].push_back(p);
    }
    drv->sync();
    for (DevPtr u : upb) drv->free(u);
  }

  // refs[d]: the reference on in[d]; scale[d]: each output's mean |r| (the tolerance's scale).
  void reference(int d) {
    for (int64_t c : job.ref_counts) refs[size_t(d)].push_back(drv->alloc(size_t(c) * sizeof(double)));
    std::vector<DevPtr> args = in[size_t(d)];
    args.insert(args.end(), refs[size_t(d)].begin(), refs[size_t(d)].end());
    Bound b = bind_args(*drv, job.ref_launches, args);
    launch_all(*drv, ref_fns, job.ref_launches, b);
    for (size_t o = 0; o < job.outputs.size(); ++o) {
      DevPtr r = refs[size_t(d)][size_t(job.checks[o])];
      long long n = job.outputs[o].count;
      drv->memset8(acc, 0, sizeof(double));
      void* params[] = {&r, &n, &acc};
      drv->launch(sum_abs, grid_for(n), 256, 0, params);
      double s = 0;
      drv->sync();
      drv->to_host(&s, acc, sizeof s);
      scale[size_t(d)].push_back(s / double(std::max<long long>(1, n)));
    }
  }

  // The candidates' outputs; one scratch for every candidate that needs one, poisoned (0xFF:
  // NaN) so that partial sums read before they are written show; the L2 flush; the events.
  void prepare_outputs() {
    for (const auto& b : job.outputs) outs.push_back(drv->alloc(size_t(b.count) * dtype_size(b.dtype)));
    int64_t scratch_bytes = 0;
    for (const CandidateSpec& c : job.candidates)
      for (const auto& l : c.launches) scratch_bytes = std::max(scratch_bytes, l.scratch);
    scratch = scratch_bytes > 0 ? drv->alloc(size_t(scratch_bytes)) : 0;
    if (scratch != 0) drv->memset8(scratch, 0xFF, size_t(scratch_bytes));
    flush_bytes = size_t(std::max<int64_t>(2 * drv->props().l2_bytes, 256 << 20));
    flush = drv->alloc(flush_bytes);
    ev0 = drv->event();
    ev1 = drv->event();
  }

  // One timed run of a candidate (L2 flushed first), in ms.
  double time_once(const std::vector<LaunchSpec>& launches, const std::vector<void*>& fns, Bound& b, int rep) {
    drv->memset8(flush, static_cast<unsigned char>(rep), flush_bytes);
    drv->record(ev0);
    launch_all(*drv, fns, launches, b);
    drv->record(ev1);
    return drv->elapsed_ms(ev0, ev1);
  }

  // Output o of a run on distribution d against the reference: "" when every element is within
  // the tolerance, else what is wrong; `worst` gets the worst ratio to the tolerance.
  std::string check_output(size_t o, int d, double& worst) {
    const BufferSpec& b = job.outputs[o];
    DevPtr cand = outs[o], rp = refs[size_t(d)][size_t(job.checks[o])];
    // An element's own slack (attention's ambiguous score roundings), or none.
    const int sk = o < job.slacks.size() ? job.slacks[o] : -1;
    DevPtr sp = sk >= 0 ? refs[size_t(d)][size_t(sk)] : 0;
    long long n = b.count;
    int dt = b.dtype;
    double rtol = b.rtol, atol = b.rtol * scale[size_t(d)][o];
    drv->memset8(acc, 0, 2 * sizeof(unsigned long long));
    drv->memset8(acc + 2 * sizeof(unsigned long long), 0xFF, sizeof(unsigned long long));
    void* params[] = {&cand, &dt, &rp, &n, &rtol, &atol, &sp, &acc};
    drv->launch(compare, grid_for(n), 256, 0, params);
    unsigned long long st[3];
    drv->sync();
    drv->to_host(st, acc, sizeof st);
    double ratio;
    std::memcpy(&ratio, &st[1], sizeof ratio);
    worst = std::max(worst, ratio);
    if (st[0] == 0) return "";
    std::ostringstream os;
    long long at = static_cast<long long>(st[2]) - 1;
    double refv = 0;
    drv->to_host(&refv, rp + size_t(at) * sizeof(double), sizeof refv);
    os << "output " << o << ", inputs " << dist_name(d) << ": " << st[0] << " of " << n
       << " elements outside the tolerance (worst |c - r| / tol = " << ratio << "; first at element " << at << ", reference " << refv << ")";
    return os.str();
  }

  // Runs the candidate on every distribution's inputs (outputs poisoned with NaN first) and
  // checks its outputs: "" when it passes, else what is wrong (from the first distribution that
  // fails).
  std::string validate(const CandidateSpec& c, const std::vector<void*>& fns, std::vector<Bound>& bound, double& worst) {
    std::string wrong;
    for (int d = 0; d < D && wrong.empty(); ++d) {
      for (size_t o = 0; o < outs.size(); ++o) drv->memset8(outs[o], 0xFF, size_t(job.outputs[o].count) * dtype_size(job.outputs[o].dtype));
      launch_all(*drv, fns, c.launches, bound[size_t(d)]);
      drv->sync();  // a fault throws: the context is lost, the parent restarts us
      for (size_t o = 0; o < outs.size() && wrong.empty(); ++o) wrong = check_output(o, d, worst);
    }
    return wrong;
  }

  // The output of the first distribution's last run, then of `pairs` more pairs of runs
  // launched back to back, against the reference: "" when every check passes, else which run
  // failed and how. Each run computes the same values (launch_all zeroes the scratch flags), so a
  // difference is a race that one validation did not meet.
  std::string recheck(const std::vector<LaunchSpec>& launches, const std::vector<void*>& fns, Bound& b, int pairs) {
    double worst = 0;
    for (int r = 0; r <= pairs; ++r) {
      if (r > 0)
        for (int k = 0; k < 2; ++k) launch_all(*drv, fns, launches, b);
      drv->sync();
      for (size_t o = 0; o < outs.size(); ++o) {
        const std::string wrong = check_output(o, 0, worst);
        if (!wrong.empty()) return "right once, then not in check " + std::to_string(r + 1) + " of " + std::to_string(pairs + 1) + " (a race?): " + wrong;
      }
    }
    return "";
  }

  // One candidate: loaded, validated, and (unless validation only) screened on the first
  // distribution's inputs: warm-up, then kScreenReps repetitions, then checked again (recheck).
  void candidate(const CandidateSpec& c) {
    emit({{"start", c.id}});
    std::vector<void*> fns;
    std::vector<Bound> bound;  // per input distribution
    try {
      const std::string cubin = read_file(c.cubin);
      for (const auto& l : c.launches) fns.push_back(drv->function(cubin, l.function));
      for (int d = 0; d < D; ++d) {
        std::vector<DevPtr> args = in[size_t(d)];
        args.insert(args.end(), outs.begin(), outs.end());
        bound.push_back(bind_args(*drv, c.launches, args, scratch));
      }
    } catch (const Error& e) {
      emit({{"result", {{"id", c.id}, {"status", "error"}, {"detail", e.what()}}}});
      return;
    }
    double worst = 0;
    const std::string wrong = validate(c, fns, bound, worst);
    if (!wrong.empty()) {
      emit({{"result", {{"id", c.id}, {"status", "wrong"}, {"detail", wrong}, {"worst", worst}}}});
      return;
    }
    if (job.validate_only) {
      emit({{"result", {{"id", c.id}, {"status", "ok"}, {"us", 0.0}, {"reps", 0}, {"worst", worst}}}});
      return;
    }
    for (int w = 0; w < 3; ++w) launch_all(*drv, fns, c.launches, bound[0]);
    drv->sync();
    std::vector<double> times;
    for (int r = 0; r < kScreenReps; ++r) times.push_back(time_once(c.launches, fns, bound[0], r) * 1e3);
    const double med = median(times);
    const int pairs = std::clamp(static_cast<int>(kRecheckMs * 1e3 / std::max(2.0 * med, 1.0)), kRechecks, kRechecksMax);
    const std::string racy = recheck(c.launches, fns, bound[0], pairs);
    if (!racy.empty()) {
      emit({{"result", {{"id", c.id}, {"status", "wrong"}, {"detail", racy}, {"worst", worst}}}});
      return;
    }
    emit({{"result", {{"id", c.id}, {"status", "ok"}, {"us", med}, {"reps", times.size()}, {"worst", worst}}}});
    if (best_us <= 0 || med < best_us) best_us = med;
    passed.push_back({c.id, med, c.launches, std::move(fns), std::move(bound[0])});
  }

  // The finalists (within kFinal of the best screening time, kFinalists at most) are timed side
  // by side: one launch of each per round, in a rotating order, until target_ms of kernel time
  // (min_reps to max_reps rounds). Their times are measured under the same clocks and
  // temperature, whatever the GPU did while the others were screened.
  void time_finalists() {
    std::vector<Passed*> finalists;
    for (Passed& p : passed)
      if (p.us <= kFinal * best_us) finalists.push_back(&p);
    std::sort(finalists.begin(), finalists.end(), [](const Passed* a, const Passed* b) { return a->us < b->us; });
    if (finalists.size() > kFinalists) finalists.resize(kFinalists);
    if (finalists.empty()) return;
    double round_ms = 0;
    for (const Passed* p : finalists) round_ms += p->us * 1e-3;
    const int rounds = std::clamp(static_cast<int>(job.target_ms / std::max(round_ms, 1e-3)), job.min_reps, job.max_reps);
    std::vector<std::vector<double>> t(finalists.size());
    for (int r = 0; r < rounds; ++r)
      for (size_t i = 0; i < finalists.size(); ++i) {
        const size_t f = (i + static_cast<size_t>(r)) % finalists.size();
        Passed& p = *finalists[f];
        t[f].push_back(time_once(p.launches, p.fns, p.bound, r) * 1e3);
      }
    json fin = json::array();
    for (size_t f = 0; f < finalists.size(); ++f)
      fin.push_back({{"id", finalists[f]->id}, {"us", median(t[f])}, {"reps", t[f].size()}, {"first_us", finalists[f]->us}, {"with", finalists.size()}});
    emit({{"final", fin}});
  }
};

}  // namespace

int run_worker(const std::string& job_path, const std::vector<int>& skip, std::ostream& out) {
  MeasureJob job;
  try {
    job = job_of(json::parse(read_file(job_path)));
  } catch (const std::exception& e) {
    out << json({{"fatal", std::string("bad job: ") + e.what()}}).dump() << "\n" << std::flush;
    return 2;
  }
  Worker w(job, skip, out);
  try {
    w.run();
  } catch (const Error& e) {
    w.emit({{"fault", e.what()}});
    return 5;
  }
  return 0;
}

int run_probe(std::ostream& out) {
  json j;
  try {
    auto drv = Driver::open();
    const DeviceProps& p = drv->props();
    const size_t bytes = size_t(1) << 30;
    DevPtr a = drv->alloc(bytes), b = drv->alloc(bytes);
    drv->memset8(a, 1, bytes);
    int e0 = drv->event(), e1 = drv->event();
    std::vector<double> gbs;
    for (int r = 0; r < 12; ++r) {
      drv->record(e0);
      drv->copy(b, a, bytes);
      drv->record(e1);
      double ms = drv->elapsed_ms(e0, e1);
      if (r >= 2) gbs.push_back(2.0 * double(bytes) / (ms * 1e6));
    }
    std::sort(gbs.begin(), gbs.end());
    j = {{"ok", true}, {"name", p.name}, {"sm", p.sm}, {"sm_count", p.sm_count}, {"max_threads_per_block", p.max_threads_per_block},
         {"regs_per_block", p.regs_per_block}, {"smem_per_block", p.smem_per_block}, {"smem_optin", p.smem_optin}, {"l2_bytes", p.l2_bytes},
         {"total_mem", p.total_mem}, {"driver_version", p.driver_version}, {"copy_gb_s", gbs[gbs.size() / 2]}};
  } catch (const Error& e) {
    j = {{"ok", false}, {"why", e.what()}};
  }
  out << j.dump() << "\n" << std::flush;
  return 0;
}

namespace {

// A worker: `axon __worker` or `axon __probe`, its stdout a pipe (process.h: no shell, its own
// process group, dies with this process), and what it printed that was not read yet.
struct Child {
  ChildProcess proc;
  std::string buffer;
};

Child spawn(const std::string& exe, const std::vector<std::string>& args, const std::string& log) {
  std::vector<std::string> argv{exe};
  argv.insert(argv.end(), args.begin(), args.end());
  SpawnOptions o;
  o.pipe_stdout = true;
  int log_fd = -1;
  try {
    if (!log.empty()) o.stderr_fd = log_fd = open_append_nofollow(log);
    Child c{spawn_process(argv, o), {}};
    if (log_fd >= 0) ::close(log_fd);
    return c;
  } catch (const UserError& e) {
    if (log_fd >= 0) ::close(log_fd);
    throw Error(e.what());
  }
}

// The next line from the child, or "" with *eof or *timed_out set.
std::string next_line(Child& c, double timeout_s, bool* eof, bool* timed_out) {
  *eof = *timed_out = false;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  for (;;) {
    if (auto nl = c.buffer.find('\n'); nl != std::string::npos) {
      std::string line = c.buffer.substr(0, nl);
      c.buffer.erase(0, nl + 1);
      return line;
    }
    double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      *timed_out = true;
      return {};
    }
    pollfd p{c.proc.out_fd(), POLLIN, 0};
    int r = poll(&p, 1, static_cast<int>(std::min(left * 1000.0, 1000.0)) + 1);
    if (r <= 0) continue;
    char buf[4096];
    ssize_t n = read(c.proc.out_fd(), buf, sizeof buf);
    if (n <= 0) {
      *eof = true;
      return {};
    }
    c.buffer.append(buf, static_cast<size_t>(n));
  }
}

std::string finish(Child& c, bool kill_it) {
  if (c.proc.pid() <= 0) return "not started";
  ExitStatus s = kill_it ? c.proc.kill() : c.proc.wait();  // kill: the worker's whole process group
  if (s.signal) return "killed by signal " + std::to_string(s.signal);
  return "exit code " + std::to_string(s.code);
}

}  // namespace

std::vector<MeasureResult> measure(const MeasureJob& job, const std::string& work_dir, const std::string& self_exe,
                                   double timeout_s, const std::function<void(const MeasureResult&)>& progress) {
  const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
  const std::string path = work_dir + "/job-" + std::to_string(::getpid()) + "-" + std::to_string(stamp) + ".json";
  try {
    write_file_atomic(path, job_json(job).dump(1) + "\n");
  } catch (const UserError& e) {
    throw Error(e.what());
  }
  std::map<int, MeasureResult> done;
  auto record = [&](MeasureResult r) {
    if (progress) progress(r);
    done[r.id] = std::move(r);
  };
  const std::string log = work_dir + "/worker.log";
  while (done.size() < job.candidates.size()) {
    std::vector<std::string> args{"__worker", path};
    std::string skip;
    for (const auto& [id, r] : done) skip += (skip.empty() ? "" : ",") + std::to_string(id);
    if (!skip.empty()) args.insert(args.end(), {"--skip", skip});
    const size_t before = done.size();
    Child c;
    try {
      c = spawn(self_exe, args, log);
    } catch (const Error& e) {
      for (const auto& k : job.candidates)
        if (!done.count(k.id)) record({k.id, "error", std::string("the worker could not start: ") + e.what(), 0, 0, 0});
      break;
    }
    int current = -1;
    bool ready = false, eof = false, timed_out = false;
    std::string fatal;
    while (true) {
      // The reference may take long (contractions in double); candidates get timeout_s each.
      std::string line = next_line(c, ready ? timeout_s : std::max(timeout_s, 600.0), &eof, &timed_out);
      if (eof || timed_out) break;
      json j;
      try {
        j = json::parse(line);
      } catch (const std::exception&) {
        continue;
      }
      if (j.contains("ready")) ready = true;
      if (j.contains("start")) current = j["start"].get<int>();
      if (j.contains("fatal")) fatal = j["fatal"].get<std::string>();
      if (j.contains("fault") && current < 0) fatal = j["fault"].get<std::string>();
      if (j.contains("fault") && current >= 0) {
        record({current, "fault", j["fault"].get<std::string>(), 0, 0, 0});
        current = -1;
      }
      if (j.contains("final")) {
        // The finalists' times side by side replace their first ones.
        for (const json& f : j["final"]) {
          auto it = done.find(f.at("id").get<int>());
          if (it == done.end() || it->second.status != "ok") continue;
          MeasureResult m = it->second;
          m.us = f.at("us").get<double>();
          m.reps += f.at("reps").get<int>();
          m.finalists = f.at("with").get<int>();
          std::ostringstream os;
          os << "finalist: timed side by side with " << m.finalists - 1 << " other(s); screened at "
             << f.at("first_us").get<double>() << " us";
          m.detail = os.str();
          record(m);
        }
      }
      if (j.contains("result")) {
        const json& r = j["result"];
        MeasureResult m;
        m.id = r.at("id").get<int>();
        m.status = r.at("status").get<std::string>();
        m.detail = r.value("detail", "");
        m.us = r.value("us", 0.0);
        m.reps = r.value("reps", 0);
        m.worst = r.value("worst", 0.0);
        record(m);
        current = -1;
      }
    }
    std::string how = finish(c, timed_out);
    if (timed_out && current >= 0) {
      record({current, "timeout", "no answer within " + std::to_string(int(timeout_s)) + " s (killed)", 0, 0, 0});
      continue;
    }
    if (current >= 0) {
      record({current, "fault", "the worker died running it (" + how + ")", 0, 0, 0});
      continue;
    }
    if (done.size() < job.candidates.size() && done.size() == before) {
      // The worker could not start or failed before any candidate: nothing more to learn.
      std::string why = !fatal.empty() ? fatal : timed_out ? "the reference did not finish in time" : "the worker stopped (" + how + ")";
      for (const auto& k : job.candidates)
        if (!done.count(k.id)) record({k.id, "error", why, 0, 0, 0});
    }
  }
  std::vector<MeasureResult> out;
  for (const auto& k : job.candidates) out.push_back(done.at(k.id));
  return out;
}

Probe probe(const std::string& self_exe) {
  Probe p;
  Child c;
  try {
    c = spawn(self_exe, {"__probe"}, "");
  } catch (const Error& e) {
    p.why = e.what();
    return p;
  }
  bool eof = false, timed_out = false;
  std::string line = next_line(c, 120, &eof, &timed_out);
  finish(c, timed_out);
  try {
    json j = json::parse(line);
    if (!j.at("ok").get<bool>()) {
      p.why = j.at("why").get<std::string>();
      return p;
    }
    p.ok = true;
    p.props.name = j.at("name").get<std::string>();
    p.props.sm = j.at("sm").get<int>();
    p.props.sm_count = j.at("sm_count").get<int>();
    p.props.max_threads_per_block = j.at("max_threads_per_block").get<int>();
    p.props.regs_per_block = j.at("regs_per_block").get<int>();
    p.props.smem_per_block = j.at("smem_per_block").get<int64_t>();
    p.props.smem_optin = j.value("smem_optin", p.props.smem_per_block);
    p.props.l2_bytes = j.at("l2_bytes").get<int64_t>();
    p.props.total_mem = j.at("total_mem").get<int64_t>();
    p.props.driver_version = j.value("driver_version", 0);
    p.copy_gb_s = j.at("copy_gb_s").get<double>();
  } catch (const std::exception&) {
    p.why = timed_out ? "the device probe did not answer" : "the device probe failed";
  }
  return p;
}

}  // namespace axon::gpu
