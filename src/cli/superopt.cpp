// axon superopt: the main job (docs/codegen.md). Also the hidden worker commands the search
// runs as child processes (__worker, __probe): CUDA is only ever initialized in those.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/graph_json.h"
#include "axon/search/superopt.h"
#include "axon/semantics/verify.h"
#include "axon/tiling/measure.h"
#include "cli.h"
#include "commands.h"
#include "tuning.h"

namespace axon::cli {

namespace {

namespace fs = std::filesystem;

struct SuperoptArgs {
  std::string graph, out, target = "sm_90", cache, store;
  std::string name;  // the launcher's and kernels' name (default the graph's)
  bool retune = false;
  std::vector<std::string> binds;
  double budget = 120;
  uint64_t seed = 1;
  bool no_gpu = false, quiet = false;
  int variants = 2, configs = 24, max_variants = 1000;
  std::string config_match;
  bool allow_tf32 = false, exact_f32 = false;
  double timeout = 30;
  std::string test_fail_groups;  // hidden: a test seam (SuperoptOptions::fail_groups)
  // Hidden, for `axon library` (docs/library.md): keep the untimed result of --no-gpu in --store
  // (under a key and an environment of its own); print the tuning key and stop.
  bool store_untimed = false, print_key = false;
  std::string runtime_size;      // --runtime-size SYMBOL (docs/codegen.md, "Runtime sizes")
  std::vector<int64_t> runtime_time_at;  // --runtime-time-at N,...
};

std::string self_exe() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

std::string default_cache() {
  if (const char* x = std::getenv("XDG_CACHE_HOME")) return std::string(x) + "/axon/kernels";
  if (const char* h = std::getenv("HOME")) return std::string(h) + "/.cache/axon/kernels";
  return "";
}

int run_superopt(const SuperoptArgs& a, Streams io) {
  Bindings bind = parse_binds(a.binds);
  if (!a.runtime_size.empty() && !bind.count(a.runtime_size))
    throw UserError("--runtime-size " + a.runtime_size + ": give its tuned value with --bind " + a.runtime_size + "=VALUE");
  if (!a.runtime_time_at.empty() && a.runtime_size.empty()) throw UserError("--runtime-time-at: give --runtime-size too");
  Graph g = load_bound_graph(a.graph, bind);
  // --name: the launcher's symbols (axon_<name>_run) and its kernels' (axon_<name>_kN), so that
  // two outputs of one graph link into one library.
  if (!a.name.empty()) g.name = a.name;
  if (a.out.empty()) throw UserError("-o/--out: give the output directory");
  // Kernels are generated for concrete sizes: say so before searching.
  for (const Node* in : g.inputs)
    for (const Size& s : in->shape())
      if (!s.value())
        throw UserError(a.graph + ": input '" + in->input_name() + "': size " + s.str() +
                        " is symbolic; kernels need concrete sizes (give --bind NAME=VALUE for each symbol)");
  SuperoptOptions o;
  o.target = a.target;
  o.budget_s = a.budget;
  o.seed = a.seed;
  o.no_gpu = a.no_gpu;
  o.variants = a.variants;
  o.configs = a.configs;
  o.config_match = a.config_match;
  o.f32 = a.allow_tf32 ? tiling::F32Matmul::Tf32 : a.exact_f32 ? tiling::F32Matmul::Fma : tiling::F32Matmul::Tf32x3;
  o.timeout_s = a.timeout;
  o.fail_groups = a.test_fail_groups;
  if (!a.runtime_size.empty()) {
    // The symbol is bound (the tuned size, above); the inputs' shapes with it left symbolic tell
    // where it occurs.
    Bindings others = bind;
    others.erase(a.runtime_size);
    o.runtime_size = a.runtime_size;
    o.runtime_time_at = a.runtime_time_at;
    for (const Node* in : load_graph(a.graph, others).inputs) o.runtime_inputs[in->input_name()] = in->shape();
  }
  o.bind = bind;
  o.cache_dir = a.cache.empty() ? default_cache() : a.cache;
  o.self_exe = self_exe();
  o.explore.max_variants = a.max_variants;
  o.explore.budget_s = a.budget;
  o.explore.jobs = default_prove_jobs();
  if (!a.quiet) {
    o.progress = [&io](const std::string& line) { io.err << "axon superopt: " << line << "\n" << std::flush; };
    o.explore.progress = [&io](const std::string& line) { io.err << "axon superopt: rewrites: " << line << "\n" << std::flush; };
  }
  const bool tests_failures = !o.fail_groups.empty();  // a test seam's results are not kept
  // `axon library --no-gpu`: the untimed result is kept in the store given, under the key with
  // kUntimedKey appended and the environment "none (cost model)" (never a timed entry's).
  const bool untimed_store = a.no_gpu && a.store_untimed && !a.store.empty() && a.store != "none" && !tests_failures;
  // `axon library` looks jobs up under the key superopt computes (tuning.h).
  if (a.print_key) {
    io.out << tuning_key(g, o) << (untimed_store ? kUntimedKey : "") << "\n";
    return kExitOk;
  }
  // The output folder, and the work folder inside it (a symlink planted there is replaced).
  make_output_dir(a.out);
  o.work_dir = make_private_subdir(a.out, ".work");
  // The tuning database (docs/tuning.md): a timed result is kept; the same graph, sizes, target
  // and options on the same GPU, driver, NVRTC, toolkit and axon build are replayed.
  std::unique_ptr<TuningStore> tunings;
  std::string key;
  TuningEnv env;
  // The entry for `key`, replayed when fresh (true); one not used is said.
  auto replayed = [&]() {
    TuningStore::Lookup l = tunings->find(key, env, a.budget);
    if (l.status == TuningStore::Status::Fresh) {
      std::vector<std::string> lines = replay(l.entry, a.out, tunings->path(), g.name);
      io.out << "axon superopt: " << g.name << " on " << a.target << ": replayed from the tuning database " << tunings->path()
             << " (tuned with --budget " << l.entry.budget_s << " s on " << l.entry.env.gpu << "; --retune searches again)\n";
      for (const auto& line : lines) io.out << line << "\n";
      io.out << "wrote " << a.out << "/ (kernels, launcher, report.json)\n";
      return true;
    }
    if (l.status != TuningStore::Status::Missing && o.progress)
      o.progress("tuning database: the entry for this graph is not used (" + l.why + "): searching again");
    return false;
  };
  if (untimed_store) {
    tunings = std::make_unique<TuningStore>(a.store);
    key = tuning_key(g, o) + kUntimedKey;
    env = untimed_env();
    if (!a.retune && replayed()) return kExitOk;
  } else if (!a.no_gpu && a.store != "none" && !tests_failures) {
    // A store given is opened first (a bad path is an error with or without a GPU); the default
    // one only where there is a GPU to tune on.
    if (!a.store.empty()) tunings = std::make_unique<TuningStore>(a.store);
    o.probe = gpu::probe(o.self_exe);
    const bool gpu_here = o.probe->ok && gpu::nvrtc_status().empty() && "sm_" + std::to_string(o.probe->props.sm) == a.target;
    if (!gpu_here) {
      tunings.reset();
    } else {
      if (!tunings) {
        const std::string path = default_store_path();
        std::error_code ec;
        if (!path.empty()) fs::create_directories(fs::path(path).parent_path(), ec);
        // The default store is a convenience: one that cannot be opened is said, not an error.
        try {
          if (!path.empty()) tunings = std::make_unique<TuningStore>(path);
        } catch (const UserError& e) {
          if (o.progress) o.progress(std::string("tuning database not used: ") + e.what());
        }
      }
    }
    if (tunings) {
      key = tuning_key(g, o);
      env = current_env(*o.probe);
      if (!a.retune && replayed()) return kExitOk;
    }
  }
  VerifyOptions vo;
  // Proofs are kept in the same store (they hold for all sizes: a rule proved for one shape is
  // not proved again for the next): the --store given, or the tuning database's.
  vo.cache_file = !a.store.empty() && a.store != "none" ? a.store : tunings ? tunings->path() : std::string();
  vo.timeout_ms = 2000;
  vo.seed = a.seed;
  Verifier verifier(vo);
  SuperoptResult r = superoptimize(g, o, [&verifier](const RuleSpec& rule) { return verifier.verify(rule); });
  // Files older than this are an earlier run's, not this result's (the tuning entry skips them).
  const auto written_from = fs::file_time_type::clock::now() - std::chrono::seconds(1);
  std::vector<std::string> lines = write_outputs(g, r, o, a.out);
  if (tunings && (r.timed || untimed_store) && r.best >= 0) {
    // The outputs are written: a result that cannot be recorded is said, not an error.
    try {
      TuningEntry e = entry_of(a.out, written_from, lines, r, o);
      e.env = env;
      tunings->put(key, g.name, e);
    } catch (const std::exception& e) {
      io.err << "axon superopt: warning: the result was not recorded in the tuning database: " << e.what() << "\n";
    }
  }
  io.out << "axon superopt: " << g.name << " on " << a.target << ": " << r.gpu_note << "\n";
  for (const auto& l : lines) io.out << l << "\n";
  if (r.best < 0) {
    // Nothing validated, not even the finest parts: exit 1 (a check failed), report.json says why.
    io.out << "wrote " << a.out << "/report.json only: no variant has a validated kernel for every part of the graph\n";
    io.err << "error: " << a.graph << ": no variant could be realized: every candidate of some kernel failed validation and it has no finer parts (see "
           << a.out << "/report.json)\n";
    return kExitFailed;
  }
  io.out << "wrote " << a.out << "/ (kernels, launcher, report.json)" << (r.timed ? "" : "; kernels are UNTIMED") << "\n";
  return kExitOk;
}

}  // namespace

Runner add_superopt(CLI::App& app, Streams io) {
  auto args = std::make_shared<SuperoptArgs>();
  CLI::App* cmd = app.add_subcommand(
      "superopt",
      "Optimize a graph end to end (docs/codegen.md): proven rewrites, fusion groups, tiling\n"
      "configurations under the target's limits, CUDA kernels validated against a reference and\n"
      "timed on the GPU; writes the fastest kernels, a launcher (C API, shared library) and\n"
      "report.json to the output directory. Without a GPU (or with --no-gpu) candidates are ranked\n"
      "by the cost model and marked untimed.");
  cmd->add_option("graph", args->graph, "The graph (graph.json)")->required();
  cmd->add_option("-o,--out", args->out, "Output directory")->required()->check(non_empty());
  cmd->add_option("--target", args->target, "sm_80 or sm_90")->capture_default_str();
  cmd->add_option("--budget", args->budget, "Search time limit in seconds (rewrites take at most 40%)")
      ->check(finite_number())->check(CLI::Range(1.0, 86400.0))->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed of the search and of the validation inputs")->check(seed_number())->capture_default_str();
  cmd->add_flag("--no-gpu", args->no_gpu, "Do not time: rank by the cost model (kernels marked untimed)");
  cmd->add_option("--variants", args->variants, "Rewrite variants realized as kernels (the original too)")
      ->check(CLI::Range(1, 20))->capture_default_str();
  cmd->add_option("--configs", args->configs, "Tiling configurations timed per kernel (plus the generic fallback)")
      ->check(CLI::Range(1, 64))->capture_default_str();
  cmd->add_option("--config-match", args->config_match,
                  "Only tiling configurations whose description (as the table prints it) contains this text, "
                  "or one of several separated by '|', e.g. 'store-warps' or 'split4|row t128' (the generic "
                  "fallback stays)");
  auto* tf32 = cmd->add_flag("--allow-tf32", args->allow_tf32,
                             "f32 matmuls may run on the tensor cores in tf32 (operands rounded to 10 mantissa bits; outputs "
                             "checked at f16's tolerance)");
  cmd->add_flag("--exact-f32", args->exact_f32,
                "f32 matmuls only as f32 FMAs on the CUDA cores. By default they may also run on the tensor cores as "
                "three tf32 products of each operand's high and low parts (3xTF32: f32's accuracy, checked at f32's "
                "tolerance)")
      ->excludes(tf32);
  cmd->add_option("--max-variants", args->max_variants, "Rewrite variants explored at most")->check(CLI::Range(1, 100000))->capture_default_str();
  cmd->add_option("--timeout", args->timeout, "Seconds a candidate may run in the worker before it is killed")
      ->check(finite_number())->check(CLI::Range(1.0, 3600.0))->capture_default_str();
  cmd->add_option("--cache", args->cache, "Compiled-kernel cache directory (default ~/.cache/axon/kernels)")->check(non_empty());
  cmd->add_option("--store", args->store,
                  "The tuning database: axon's store FILE, or 'none' (default ~/.cache/axon/store.db). A timed result is kept "
                  "there; the same graph, sizes, target and options on the same GPU, driver, NVRTC, toolkit and axon build "
                  "are replayed instead of searched (an entry searched with a shorter --budget is not)")
      ->check(non_empty());
  cmd->add_flag("--retune", args->retune, "Search even when the tuning database holds this graph (the new result replaces it)");
  cmd->add_option("--runtime-size", args->runtime_size,
                  "A size symbol (bound with --bind, the tuned value) that kernels take at run time where they can: the "
                  "launcher also exports axon_NAME_run_sized(n, ...) when every kernel of the chosen variant does "
                  "(docs/codegen.md, \"Runtime sizes\"; report.json says why not otherwise)")
      ->check(CLI::Validator(
          [](std::string& t) { return is_valid_symbol(t) ? std::string() : "expected a size symbol (a letter or _, then letters, digits, _), got '" + t + "'"; },
          "SYMBOL"));
  cmd->add_option("--runtime-time-at", args->runtime_time_at,
                  "With --runtime-size: other sizes (N,N,...) every runtime-sized candidate is also timed at; _run_sized's "
                  "kernel is then the one whose worst ratio to the fastest over the tuned size and those of these at or "
                  "below it is least, and above the tuned size the one ranked so over these sizes above it (axon library "
                  "--time-ranges gives the next size and the last each bucket serves)")
      ->delimiter(',')
      ->check(CLI::Range(int64_t(1), int64_t(2147483647)));
  cmd->add_option("--name", args->name,
                  "The name of the launcher's symbols (axon_NAME_run) and kernels (axon_NAME_kN): a C identifier; "
                  "default the graph's name")
      ->check(c_identifier());
  add_bind_option(*cmd, args->binds);
  cmd->add_flag("-q,--quiet", args->quiet, "No progress lines");
  // A test seam, hidden from --help: the candidates of groups whose label contains one of these
  // '|'-separated parts count as failed validation (docs/codegen.md, "Fallback").
  cmd->add_option("--test-fail-groups", args->test_fail_groups, "")->group("");
  cmd->add_flag("--store-untimed", args->store_untimed, "")->group("");
  cmd->add_flag("--print-tuning-key", args->print_key, "")->group("");

  // Hidden: the worker processes.
  auto job = std::make_shared<std::string>();
  auto skip = std::make_shared<std::string>();
  CLI::App* worker = app.add_subcommand("__worker", "")->group("");
  worker->add_option("job", *job)->required();
  worker->add_option("--skip", *skip);
  CLI::App* probe = app.add_subcommand("__probe", "")->group("");
  return [args, io, job, skip, worker, probe] {
    if (worker->parsed()) {
      std::vector<int> ids;
      std::stringstream ss(*skip);
      for (std::string t; std::getline(ss, t, ',');)
        if (!t.empty()) ids.push_back(std::stoi(t));
      return gpu::run_worker(*job, ids, std::cout);
    }
    if (probe->parsed()) return gpu::run_probe(std::cout);
    return run_superopt(*args, io);
  };
}

}  // namespace axon::cli
