// axon library: a kernel library over shape ranges (docs/library.md). The spec's jobs are looked
// up in the tuning database under the key superopt computes, the missing and stale ones run as
// superopt children (library_run.cpp), and the library is written from the database's entries
// (library_output.cpp). Also `axon library merge` and `--status`.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/search/library.h"
#include "axon/search/tuning_store.h"
#include "axon/tiling/measure.h"
#include "cli.h"
#include "commands.h"
#include "library_output.h"
#include "library_run.h"
#include "tuning.h"

namespace axon::cli {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

struct LibraryArgs {
  std::string spec, out, store, shard, axon_exe;
  std::vector<std::string> test_superopt_args;  // hidden test seam: appended to every superopt child's arguments
  int workers = 0;
  bool mpi = false, no_gpu = false, status = false, quiet = false;
  bool time_ranges = true;  // --time-ranges (the default): each sized bucket ranked over its range too (superopt --runtime-time-at)
  double mpi_timeout = 86400;
  std::vector<std::string> merge_files;
};

// The rank, size and local rank of an MPI launch, from the launcher's environment (no MPI
// library is linked), and the launch's id where the launcher gives one.
struct MpiPlace {
  int rank = 0, size = 1, local = 0;
  std::string job_id;
};

std::optional<int> env_int(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  try {
    size_t used = 0;
    const int x = std::stoi(v, &used);
    if (used == std::string(v).size()) return x;
  } catch (const std::exception&) {
  }
  throw UserError(std::string("--mpi: ") + name + "='" + v + "' is not an integer");
}

MpiPlace mpi_place() {
  MpiPlace p;
  const char* pairs[][3] = {{"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK"},
                            {"PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID"},
                            {"SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID"}};
  bool found = false;
  for (const auto& pr : pairs) {
    auto r = env_int(pr[0]), s = env_int(pr[1]);
    if (!r || !s) continue;
    p.rank = *r;
    p.size = *s;
    p.local = env_int(pr[2]).value_or(0);
    found = true;
    break;
  }
  if (!found)
    throw UserError("--mpi: no MPI rank in the environment (OMPI_COMM_WORLD_RANK/SIZE, PMI_RANK/SIZE or SLURM_PROCID/NTASKS): start it with mpirun or srun");
  if (p.size < 1 || p.rank < 0 || p.rank >= p.size)
    throw UserError("--mpi: rank " + std::to_string(p.rank) + " of " + std::to_string(p.size) + " is not a valid place");
  for (const char* id : {"PMIX_NAMESPACE", "OMPI_MCA_ess_base_jobid", "SLURM_JOB_ID"})
    if (const char* v = std::getenv(id); v && *v) {
      p.job_id = v;
      if (const char* step = std::getenv("SLURM_STEP_ID"); step && std::string(id) == "SLURM_JOB_ID") p.job_id += std::string(".") + step;
      break;
    }
  return p;
}

std::string self_exe() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

std::string number(double v) { return json(v).dump(); }

// The superopt child's arguments for a job (after the executable), without -o.
std::vector<std::string> job_args(const LibrarySpec& spec, const std::vector<LibraryJob>& jobs, const LibraryJob& job, const std::string& store,
                                  bool runtime, bool no_gpu, bool time_ranges, const std::vector<std::string>& extra) {
  const LibraryEntry& e = spec.entries[job.entry];
  std::vector<std::string> a{"superopt", e.graph};
  for (size_t s = 0; s < e.symbols.size(); ++s) a.insert(a.end(), {"--bind", e.symbols[s] + "=" + std::to_string(job.sizes[s])});
  a.insert(a.end(), {"--name", job.name, "--target", spec.target, "--budget", number(spec.budget), "--store", store});
  if (runtime && !e.runtime.empty()) {
    a.insert(a.end(), {"--runtime-size", e.runtime});
    // --time-ranges: ranked over the range the bucket serves, not at its own size only
    // (docs/library.md, "Ranking over a range").
    std::string at;
    if (time_ranges && !no_gpu)
      for (int64_t n : runtime_range_probes(spec, jobs, job)) at += (at.empty() ? "" : ",") + std::to_string(n);
    if (!at.empty()) a.insert(a.end(), {"--runtime-time-at", at});
  }
  if (no_gpu) a.insert(a.end(), {"--no-gpu", "--store-untimed"});
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

// superopt's own key for these arguments (--print-tuning-key, run in this process).
std::string key_of(const LibrarySpec& spec, const LibraryJob& job, std::vector<std::string> args) {
  args.insert(args.begin(), "axon");
  args.insert(args.end(), {"-o", "/nonexistent/axon-library-key", "--print-tuning-key"});
  std::vector<const char*> argv;
  for (const auto& s : args) argv.push_back(s.c_str());
  std::ostringstream out, err;
  if (run_cli(static_cast<int>(argv.size()), argv.data(), out, err) != kExitOk) {
    std::string why = err.str();
    if (why.rfind("error: ", 0) == 0) why = why.substr(7);
    while (!why.empty() && why.back() == '\n') why.pop_back();
    throw UserError(shown_path(spec.path) + ": entries[" + std::to_string(job.entry) + "] (" + spec.entries[job.entry].name + "): sizes " +
                    job.tuple + ": " + why);
  }
  std::string k = out.str();
  if (!k.empty() && k.back() == '\n') k.pop_back();
  return k;
}

bool superopt_has_runtime_size() {
  const char* argv[] = {"axon", "superopt", "--help"};
  std::ostringstream out, err;
  run_cli(3, argv, out, err);
  return out.str().find("--runtime-size") != std::string::npos;
}

// "i/N" -> (i, N).
std::pair<int, int> parse_shard(const std::string& s) {
  const size_t slash = s.find('/');
  try {
    if (slash != std::string::npos) {
      size_t u1 = 0, u2 = 0;
      const int i = std::stoi(s.substr(0, slash), &u1), n = std::stoi(s.substr(slash + 1), &u2);
      if (u1 == slash && u2 == s.size() - slash - 1 && n >= 1 && i >= 0 && i < n) return {i, n};
    }
  } catch (const std::exception&) {
  }
  throw UserError("--shard " + s + ": expected i/N with 0 <= i < N");
}

// Waits for every other rank's done marker (rank 0); UserError naming the missing ranks at the
// timeout.
void wait_for_ranks(const fs::path& out, const MpiPlace& mp, double timeout_s, std::chrono::system_clock::time_point started,
                    std::ostream& err, bool quiet) {
  const auto t0 = std::chrono::steady_clock::now();
  bool said = false;
  for (;;) {
    std::vector<int> missing;
    for (int k = 1; k < mp.size; ++k) {
      const fs::path m = out / ("rank" + std::to_string(k) + ".done");
      std::ifstream f(m);
      json j = f ? json::parse(f, nullptr, false) : json();
      bool ok = j.is_object() && j.value("rank", -1) == k;
      if (ok && !mp.job_id.empty()) ok = j.value("job_id", "") == mp.job_id;
      if (ok && mp.job_id.empty()) {
        // No launch id to compare: a marker older than this run (less a minute) is an earlier run's.
        std::error_code ec;
        const auto t = fs::last_write_time(m, ec);
        const auto sys = std::chrono::system_clock::now() + (t - fs::file_time_type::clock::now());
        ok = !ec && sys >= started - std::chrono::seconds(60);
      }
      if (ok && j.contains("error"))
        throw UserError("--mpi: rank " + std::to_string(k) + " failed: " + j["error"].get<std::string>());
      if (!ok) missing.push_back(k);
    }
    if (missing.empty()) return;
    const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::string list;
    for (int k : missing) list += (list.empty() ? "" : ", ") + std::to_string(k);
    if (waited > timeout_s)
      throw UserError("--mpi: rank 0 waited " + number(timeout_s) + " s (--mpi-timeout) for ranks " + list + " to finish (no " + out.string() +
                      "/rank<k>.done): they failed or are still running; their databases are " + out.string() + "/tuning.rank<k>.db");
    if (!said && !quiet) err << "axon library: rank 0: waiting for ranks " << list << "\n" << std::flush;
    said = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
}

// A rank that stops on an error says so in its marker, so that rank 0 stops waiting.
void write_error_marker(const LibraryArgs& a, const std::string& what) {
  try {
    const MpiPlace mp = mpi_place();
    if (a.out.empty() || !fs::is_directory(a.out)) return;
    json marker{{"rank", mp.rank}, {"size", mp.size}, {"job_id", mp.job_id}, {"error", what}};
    write_file_atomic((fs::path(a.out) / ("rank" + std::to_string(mp.rank) + ".done")).string(), marker.dump() + "\n");
  } catch (const std::exception&) {
    // No place to say it: rank 0 waits until --mpi-timeout.
  }
}

int run_merge(const LibraryArgs& a, Streams io) {
  if (a.merge_files.size() < 2) throw UserError("library merge: give OUT.db and at least one IN.db");
  const std::string into = a.merge_files[0];
  for (size_t i = 1; i < a.merge_files.size(); ++i) {
    const int n = merge_tuning_stores(into, a.merge_files[i]);
    io.out << "axon library merge: " << a.merge_files[i] << ": " << n << " entries taken into " << into << "\n";
  }
  return kExitOk;
}

int run_library(const LibraryArgs& a, Streams io) {
  const LibrarySpec spec = parse_library_spec(a.spec);
  const std::vector<LibraryJob> jobs = library_jobs(spec);
  if (a.out.empty() && (!a.status || a.store.empty())) throw UserError("-o/--out: give the library's folder");
  const std::string exe = a.axon_exe.empty() ? self_exe() : a.axon_exe;
  const auto started = std::chrono::system_clock::now();
  // Which jobs this process takes: a shard, or an MPI rank's.
  int shard = 0, shards = 1;
  std::optional<MpiPlace> mp;
  if (a.mpi) {
    if (!a.shard.empty()) throw UserError("--mpi and --shard: the rank is the shard; give one of them");
    mp = mpi_place();
    shard = mp->rank;
    shards = mp->size;
  } else if (!a.shard.empty()) {
    std::tie(shard, shards) = parse_shard(a.shard);
  }
  const fs::path out = a.out;
  if (!a.out.empty() && !a.status) make_output_dir(a.out);
  const std::string main_store = !a.store.empty() ? a.store : (out / "tuning.db").string();
  // Under MPI each rank writes a database of its own; rank 0 merges them into the main one.
  const std::string own_store = mp ? (out / ("tuning.rank" + std::to_string(mp->rank) + ".db")).string() : main_store;
  if (mp) {
    std::error_code ec;
    fs::remove(out / ("rank" + std::to_string(mp->rank) + ".done"), ec);
  }
  // The environment entries are judged against: this host's GPU, or the cost model's.
  TuningEnv env;
  if (a.no_gpu) {
    env = untimed_env(exe);
  } else {
    const gpu::Probe p = gpu::probe(exe);
    if (!p.ok) throw UserError("no GPU to tune on (" + p.why + "); --no-gpu builds an untimed library from the cost model");
    if ("sm_" + std::to_string(p.props.sm) != spec.target)
      throw UserError(shown_path(spec.path) + ": target: " + spec.target + ", but the GPU here is sm_" + std::to_string(p.props.sm) + " (" + p.props.name + ")");
    if (const std::string why = gpu::nvrtc_status(); !why.empty()) throw UserError("NVRTC is not usable (" + why + "); --no-gpu builds an untimed library");
    env = current_env(p, exe);
  }
  const bool runtime = superopt_has_runtime_size();
  bool asks_runtime = false;
  for (const LibraryEntry& e : spec.entries) asks_runtime = asks_runtime || !e.runtime.empty();
  const std::string runtime_note = asks_runtime && !runtime ? "this superopt has no --runtime-size: every bucket is exact only" : "";

  // Every job's key and state in the database(s).
  std::vector<std::string> keys(jobs.size());
  std::vector<LibraryJobState> states(jobs.size());
  // The databases as they are now (opened once per pass; a missing one is not created).
  std::unique_ptr<TuningStore> dbs[2];
  auto open_dbs = [&] {
    for (int d = 0; d < 2; ++d) {
      dbs[d].reset();
      const std::string& path = d == 0 ? main_store : own_store;
      if ((d == 0 || own_store != main_store) && fs::exists(path)) dbs[d] = std::make_unique<TuningStore>(path);
    }
  };
  auto lookup = [&](size_t j) {
    LibraryJobState st;
    for (auto& db : dbs) {
      if (!db) continue;
      TuningStore::Lookup l = db->find(keys[j], env, spec.budget);
      if (l.status == TuningStore::Status::Fresh) {
        st.status = "tuned";
        st.why.clear();
        st.entry = l.entry;
        return st;
      }
      if (l.status != TuningStore::Status::Missing) {
        st.status = "stale";
        st.why = l.why;
      }
    }
    return st;
  };
  open_dbs();
  for (size_t j = 0; j < jobs.size(); ++j) {
    keys[j] = key_of(spec, jobs[j], job_args(spec, jobs, jobs[j], own_store, runtime, a.no_gpu, a.time_ranges, a.test_superopt_args));
    states[j] = lookup(j);
  }

  if (a.status) {
    io.out << "axon library " << spec.name << ": " << jobs.size() << " jobs; database " << main_store << "; environment " << env.gpu << "\n";
    io.out << std::left << std::setw(28) << "entry" << std::right << std::setw(7) << "jobs" << std::setw(8) << "tuned" << std::setw(8) << "stale"
           << std::setw(8) << "left" << "\n";
    for (size_t ei = 0; ei < spec.entries.size(); ++ei) {
      size_t n = 0, tuned = 0, stale = 0, left = 0;
      for (size_t j = 0; j < jobs.size(); ++j)
        if (jobs[j].entry == ei) {
          ++n;
          tuned += states[j].status == "tuned";
          stale += states[j].status == "stale";
          left += states[j].status == "left";
        }
      io.out << std::left << std::setw(28) << spec.entries[ei].name << std::right << std::setw(7) << n << std::setw(8) << tuned << std::setw(8)
             << stale << std::setw(8) << left << "\n";
    }
    for (size_t j = 0; j < jobs.size(); ++j)
      if (states[j].status == "stale") io.out << "stale: " << jobs[j].name << ": " << states[j].why << "\n";
    return kExitOk;
  }

  // The jobs to run: this shard's, not fresh.
  std::vector<size_t> todo;
  size_t mine = 0;
  for (size_t j = 0; j < jobs.size(); ++j) {
    if (static_cast<int>(j % static_cast<size_t>(shards)) != shard) continue;
    ++mine;
    if (states[j].status != "tuned") todo.push_back(j);
  }
  // Workers: one per visible GPU (under MPI one per rank, on the GPU of its local rank).
  LibraryPool pool;
  const std::vector<std::string> gpus = a.no_gpu ? std::vector<std::string>{} : visible_gpus();
  if (mp && a.workers == 0 && !gpus.empty()) {
    pool.workers = 1;
    pool.gpus = {gpus[static_cast<size_t>(mp->local) % gpus.size()]};
  } else {
    pool.workers = a.workers > 0 ? a.workers : std::max<int>(1, static_cast<int>(gpus.size()));
    for (int w = 0; w < pool.workers && !gpus.empty(); ++w) pool.gpus.push_back(gpus[static_cast<size_t>(w) % gpus.size()]);
  }
  pool.budget_s = spec.budget;
  pool.quiet = a.quiet;
  pool.tty = &io.err == &std::cerr && ::isatty(2) != 0;  // in place only on a terminal
  pool.title = "library " + spec.name + (shards > 1 ? (mp ? " rank " : " shard ") + std::to_string(shard) + "/" + std::to_string(shards) : "");
  if (!a.quiet)
    io.err << "axon " << pool.title << ": " << mine << " jobs, " << mine - todo.size() << " fresh in the database, " << todo.size()
           << " to run on " << pool.workers << " worker" << (pool.workers > 1 ? "s" : "") << (a.no_gpu ? " (--no-gpu: untimed)" : "") << "\n"
           << std::flush;
  if (!runtime_note.empty() && !a.quiet) io.err << "axon " << pool.title << ": note: " << runtime_note << "\n";
  std::vector<LibraryRun> runs;
  for (size_t j : todo) {
    const LibraryJob& job = jobs[j];
    const fs::path work = out / "work" / spec.entries[job.entry].name;
    fs::create_directories(work);
    LibraryRun r;
    r.argv = job_args(spec, jobs, job, own_store, runtime, a.no_gpu, a.time_ranges, a.test_superopt_args);
    r.argv.insert(r.argv.begin(), exe);
    r.argv.insert(r.argv.end(), {"-o", (work / job.tuple).string()});
    r.log = (work / (job.tuple + ".log")).string();
    r.label = spec.entries[job.entry].name + " " + job.tuple;
    if (states[j].status == "stale") r.label += " (stale: " + states[j].why + ")";
    runs.push_back(std::move(r));
  }
  const std::vector<LibraryRunResult> results = run_library_jobs(runs, pool, io.err);
  // The database is the source of truth: a job is done when its entry is there.
  open_dbs();
  int failed = 0;
  for (size_t k = 0; k < todo.size(); ++k) {
    const size_t j = todo[k];
    states[j] = lookup(j);
    if (states[j].status != "tuned") {
      states[j].status = "failed";
      states[j].why = results[k].ok ? "superopt recorded no entry (see " + runs[k].log + ")" : results[k].why;
      ++failed;
      io.err << "axon library: " << jobs[j].name << ": failed: " << states[j].why << "\n";
    }
  }
  if (mp) {
    json marker{{"rank", mp->rank}, {"size", mp->size}, {"job_id", mp->job_id}, {"jobs", mine}, {"failed", failed}};
    write_file_atomic((out / ("rank" + std::to_string(mp->rank) + ".done")).string(), marker.dump() + "\n");
    if (mp->rank != 0) {
      io.out << "axon library: rank " << mp->rank << " of " << mp->size << ": " << mine << " jobs, " << failed << " failed; database " << own_store << "\n";
      return failed ? kExitFailed : kExitOk;
    }
    wait_for_ranks(out, *mp, a.mpi_timeout, started, io.err, a.quiet);
    for (int k = 0; k < mp->size; ++k) {
      const std::string rank_db = (out / ("tuning.rank" + std::to_string(k) + ".db")).string();
      if (fs::exists(rank_db)) {
        const int n = merge_tuning_stores(main_store, rank_db);
        if (!a.quiet) io.err << "axon library: merged " << rank_db << " into " << main_store << " (" << n << " entries)\n";
      }
    }
    for (int k = 1; k < mp->size; ++k) {
      std::ifstream f(out / ("rank" + std::to_string(k) + ".done"));
      failed += json::parse(f, nullptr, false).value("failed", 0);
    }
    open_dbs();
    for (size_t j = 0; j < jobs.size(); ++j)
      if (states[j].status != "failed") states[j] = lookup(j);
  } else if (shards > 1) {
    io.out << "axon library: shard " << shard << "/" << shards << ": " << mine << " jobs, " << failed << " failed; database " << own_store
           << " (merge the shards' databases with `axon library merge`, then run without --shard to write the library)\n";
    return failed ? kExitFailed : kExitOk;
  }
  LibraryOutput lo{a.out, main_store, a.no_gpu, runtime_note};
  const std::string said = write_library(spec, jobs, states, lo, io.out);
  size_t tuned = 0;
  for (const auto& s : states) tuned += s.status == "tuned";
  io.out << said << "\n"
         << "wrote " << a.out << "/ (axon_" << spec.name << ".h, manifest.json, summary.csv): " << tuned << " of " << jobs.size() << " buckets tuned"
         << (failed ? ", " + std::to_string(failed) + " failed" : "") << "\n";
  return failed ? kExitFailed : kExitOk;
}

}  // namespace

Runner add_library(CLI::App& app, Streams io) {
  auto a = std::make_shared<LibraryArgs>();
  CLI::App* cmd = app.add_subcommand(
      "library",
      "Tune graphs over lists and ranges of sizes into one shared library with a C header (docs/library.md):\n"
      "each size tuple is a superopt run kept in the tuning database (fresh entries are not run again), and\n"
      "axon_<entry>(sizes..., pointers..., workspace, stream) dispatches to the bucket tuned for the sizes.\n"
      "`axon library merge OUT.db IN.db...` combines tuning databases.");
  cmd->add_option("spec", a->spec, "The library spec (spec.json)");
  cmd->add_option("-o,--out", a->out, "The library's folder (lib/: libaxon_NAME.so, axon_NAME.h, manifest.json, work/)")->check(non_empty());
  cmd->add_option("--store", a->store, "The tuning database (default OUT/tuning.db)")->check(non_empty());
  cmd->add_option("--workers", a->workers, "superopt runs at once (default one per visible GPU; 1 with --no-gpu)")->check(CLI::Range(1, 256));
  cmd->add_option("--shard", a->shard, "i/N: take only the jobs whose number modulo N is i (merge the databases after)");
  cmd->add_flag("--mpi", a->mpi,
                "Under mpirun/srun: rank k takes shard k/size into OUT/tuning.rank<k>.db; rank 0 waits for the others, merges and "
                "writes the library");
  cmd->add_option("--mpi-timeout", a->mpi_timeout, "Seconds rank 0 waits for the other ranks (default 86400)")
      ->check(finite_number())->check(CLI::Range(1.0, 1e7));
  cmd->add_flag("--no-gpu", a->no_gpu, "Rank by the cost model (superopt --no-gpu); the untimed results are kept in the database");
  cmd->add_flag("--time-ranges,!--no-time-ranges", a->time_ranges,
                "Time each runtime-sized bucket's candidates at the sizes above it that it serves too (the next and the last), "
                "and give _run_sized another kernel above the bucket's size where one ranks first there (superopt "
                "--runtime-time-at; docs/library.md, \"Ranking over a range\"); the default, --no-time-ranges: ranked at the "
                "bucket's size only");
  cmd->add_flag("--status", a->status, "Print what is tuned, stale (and why) and left, from the database; run nothing");
  cmd->add_flag("-q,--quiet", a->quiet, "No progress lines");
  // A test seam, hidden: the axon executable the jobs run (and whose build the entries are judged by).
  cmd->add_option("--axon-exe", a->axon_exe, "")->group("");
  // A test seam, hidden: more arguments for every superopt child (e.g. its --test-fail-groups).
  cmd->add_option("--test-superopt-arg", a->test_superopt_args, "")->group("")->allow_extra_args(false);
  CLI::App* merge = cmd->add_subcommand("merge", "Copy the tuning entries and proofs of IN.db... into OUT.db (for a key in several, the entry created last)");
  merge->add_option("files", a->merge_files, "OUT.db IN.db...")->required()->expected(2, -1);
  return [a, io, merge] {
    if (merge->parsed()) return run_merge(*a, io);
    if (a->spec.empty()) throw UserError("library: give the spec (spec.json), or `merge OUT.db IN.db...`");
    try {
      return run_library(*a, io);
    } catch (const std::exception& e) {
      if (a->mpi) write_error_marker(*a, e.what());
      throw;
    }
  };
}

}  // namespace axon::cli
