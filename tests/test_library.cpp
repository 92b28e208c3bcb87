// axon library (docs/library.md): the spec's errors, the jobs, the dispatch rule; and, with
// --no-gpu so that they run without a GPU, a warm rerun that runs no superopt, kill -9 then
// resume, stale entries re-tuned, --status, and shards, merge and MPI ranks giving the database
// of a single run.
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <fcntl.h>
#include <unistd.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>
#include <tuple>

#include "axon/core/files.h"
#include "axon/core/process.h"
#include "axon/core/store.h"
#include "axon/search/library.h"
#include "axon/search/tuning_store.h"
#include "cli_support.h"

using namespace axon;
using axon::test::Result;
using axon::test::run;
using axon::test::TempDir;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

// The axon binary next to this test binary (build/tests -> build/src/cli).
std::string axon_binary() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return (self.parent_path().parent_path() / "src" / "cli" / "axon").string();
}

std::string slurp(const fs::path& p) {
  std::ifstream f(p);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

const char* kSoftmax = R"({"name":"sm","inputs":[{"name":"x","shape":["M",256],"dtype":"f32"}],
  "nodes":[{"name":"y","op":"softmax","inputs":["x"],"attrs":{"axis":-1}}],"outputs":["y"]})";

// An elementwise graph: its rewrite search ends well inside the budget, so that two runs find
// the same (runs cut by the budget depend on the proofs already in the store, and on the
// machine's load: at a budget of 2 s the rewrites' 0.8 s once ended after 3 of 4 refutations
// beside two MPI ranks and the other tests; nothing waits out the rest of the budget).
const char* kElementwise = R"({"name":"ew","inputs":[{"name":"x","shape":["M",256],"dtype":"f32"},{"name":"b","shape":[256],"dtype":"f32"}],
  "nodes":[{"name":"s","op":"add","inputs":["x","b"]},{"name":"y","op":"exp","inputs":["s"]}],"outputs":["y"]})";

// A library of the elementwise graph: four sizes with a runtime size, and an exact-only entry.
std::string write_spec(const TempDir& dir, const std::string& name = "t") {
  dir.write("ew.json", kElementwise);
  return dir.write(name + ".json", R"({"name": ")" + name + R"(", "budget": 20, "entries": [
    {"graph": "ew.json", "sizes": {"M": {"from": 16, "to": 64, "step": "pow2", "also": [3]}}, "runtime": "M"},
    {"graph": "ew.json", "name": "ew_exact", "sizes": {"M": [8]}}]})");
}

// `axon library ARGS --no-gpu` in this process, its jobs run by the axon binary.
Result library(std::vector<std::string> args) {
  args.insert(args.begin(), "library");
  args.insert(args.end(), {"--no-gpu", "--axon-exe", axon_binary()});
  return run(args);
}

// The words of the line of `text` that starts with `first` and a space.
std::vector<std::string> row(const std::string& text, const std::string& first) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(first + " ", 0) == 0) {
      std::istringstream w(line);
      std::vector<std::string> out;
      for (std::string t; w >> t;) out.push_back(t);
      return out;
    }
  return {};
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

size_t tunings(const std::string& db) {
  if (!fs::exists(db)) return 0;
  Store s(db);
  if (s.run("SELECT name FROM sqlite_master WHERE name = 'tunings'").empty()) return 0;
  return static_cast<size_t>(std::get<int64_t>(s.run("SELECT count(*) FROM tunings").at(0).at(0)));
}

// A database's entries by key, without what differs between two runs of the same search: the
// times, the search's seconds, whether a proof was read from the store.
std::map<std::string, json> entries(const std::string& db) {
  std::map<std::string, json> out;
  Store s(db);
  for (const auto& r : s.run("SELECT key, entry FROM tunings")) {
    json e = json::parse(std::get<std::string>(r.at(1)));
    e.erase("created");
    e.erase("lines");
    for (auto& [name, text] : e["files"].items()) {
      std::string t = text.get<std::string>();
      for (size_t at; (at = t.find(", cached]")) != std::string::npos;) t.erase(at, 8);
      if (name == "report.json") {
        json rep = json::parse(t);
        for (const char* k : {"seconds", "rewrite_seconds"}) rep.erase(k);
        rep["rewrites"].erase("seconds");
        for (auto& v : rep["variants"])
          for (auto& m : v["moves"]) m.erase("proof_seconds");
        t = rep.dump();
      }
      text = t;
    }
    out[std::get<std::string>(r.at(0))] = e;
  }
  return out;
}

}  // namespace

TEST_CASE("library: a bad spec is one line naming the spec, the entry and the field, exit 2", "[library]") {
  TempDir dir;
  dir.write("sm.json", kSoftmax);
  const std::string out = (dir.path / "lib").string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[]", "expected a JSON object"},
      {"{nope", "not valid JSON"},
      {R"({"name": "1x", "entries": []})", "name: expected a C identifier"},
      {R"({"name": "t", "entries": []})", "entries: expected a non-empty list"},
      {R"({"name": "t", "color": 1, "entries": [{"graph": "sm.json", "sizes": {"M": 1}}]})", "color: unknown field of the spec"},
      {R"({"name": "t", "target": "sm_75", "entries": [{"graph": "sm.json", "sizes": {"M": 1}}]})", "target: expected"},
      {R"({"name": "t", "budget": 0, "entries": [{"graph": "sm.json", "sizes": {"M": 1}}]})", "budget: expected seconds"},
      {R"({"name": "t", "entries": [{"graph": "nope.json", "sizes": {"M": 1}}]})", "entries[0]: graph:"},
      {R"({"name": "t", "entries": [{"graph": "sm.json"}]})", "entries[0] (sm): sizes: missing"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": 1, "K": 2}}]})", "entries[0] (sm): sizes: K: the graph has no size K"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": 0}}]})", "entries[0] (sm): sizes: M: expected an integer from 1"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": 1.5}}]})", "sizes: M: expected an integer"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": []}}]})", "sizes: M: an empty list"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": {"from": 8, "to": 2, "step": "pow2"}}}]})", "'to' (2) is below 'from' (8)"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": {"from": 1, "to": 8, "step": "x2"}}}]})", "sizes: M: step: must be \"pow2\""},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": {"from": 1, "to": 8}}}]})", "a range needs 'step'"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": {"from": 1, "to": 100000, "step": 1}}}]})", "more than 10000"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": 1}, "runtime": "K"}]})", "runtime: expected one of the graph's size symbols"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "sizes": {"M": 1}}, {"graph": "sm.json", "sizes": {"M": 2}}]})",
       "entries[1] (sm): name: 'sm' names another entry too"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "name": "a", "sizes": {"M": 1}}, {"graph": "sm.json", "name": "a_M1", "sizes": {"M": 1}}]})",
       "has the name of another entry or job"},
      {R"({"name": "t", "entries": [{"graph": "sm.json", "name": "a", "sizes": {"M": 1}}, {"graph": "sm.json", "name": "a_M1_run", "sizes": {"M": 1}}]})",
       "entries[1] (a_M1_run): name: it starts with the job 'a_M1_'"},
  };
  for (const auto& [text, want] : cases) {
    INFO(text);
    const std::string spec = dir.write("spec.json", text);
    Result r = library({spec, "-o", out});
    INFO(r.err);
    CHECK(r.code == axon::kExitUser);
    CHECK(axon::test::lines(r.err) == 1);
    CHECK(r.err.rfind("error: ", 0) == 0);
    CHECK(r.err.find("spec.json") != std::string::npos);
    CHECK(r.err.find(want) != std::string::npos);
  }
  CHECK_FALSE(fs::exists(out));  // nothing is written for a bad spec
  // merge needs two databases.
  CHECK(run({"library", "merge", (dir.path / "a.db").string()}).code == axon::kExitUser);
}

TEST_CASE("library: jobs are every entry at every size tuple, in spec order, with unique names", "[library]") {
  TempDir dir;
  dir.write("mm.json", R"({"name":"rms mm","inputs":[{"name":"x","shape":["M","K"],"dtype":"bf16"},{"name":"w","shape":["K","N"],"dtype":"bf16"}],
    "nodes":[{"name":"out","op":"matmul","inputs":["x","w"]}],"outputs":["out"]})");
  dir.write("sm.json", kSoftmax);
  const std::string spec = dir.write("spec.json", R"({"name": "lib", "budget": 5, "entries": [
    {"graph": "mm.json", "sizes": {"N": [64, 32], "K": 128, "M": {"from": 1, "to": 8, "step": "pow2", "also": [3, 2]}}, "runtime": "M"},
    {"graph": "./sm.json", "name": "soft", "sizes": {"M": {"from": 10, "to": 30, "step": 10}}}]})");
  const LibrarySpec s = parse_library_spec(spec);
  CHECK(s.target == "sm_90");
  CHECK(s.budget == 5);
  REQUIRE(s.entries.size() == 2);
  CHECK(s.entries[0].name == "rms_mm");  // the graph's name, made an identifier
  CHECK(s.entries[0].symbols == std::vector<std::string>{"M", "K", "N"});  // as they first appear in the inputs
  CHECK(s.entries[0].sizes.at("M") == std::vector<int64_t>{1, 2, 3, 4, 8});
  CHECK(s.entries[0].input_names == std::vector<std::string>{"x", "w"});
  CHECK(s.entries[0].output_names == std::vector<std::string>{"out"});
  CHECK(s.entries[1].graph == (dir.path / "sm.json").string());
  const auto jobs = library_jobs(s);
  REQUIRE(jobs.size() == 5 * 2 + 3);
  CHECK(jobs[0].name == "rms_mm_M1_K128_N32");
  CHECK(jobs[1].name == "rms_mm_M1_K128_N64");
  CHECK(jobs[2].tuple == "M2_K128_N32");
  CHECK(jobs[10].name == "soft_M10");
  CHECK(jobs[12].sizes == std::vector<int64_t>{30});
  for (size_t i = 0; i < jobs.size(); ++i) CHECK(jobs[i].index == i);
}

TEST_CASE("library: dispatch takes the exact bucket, else the nearest sized one in log distance, else none", "[library]") {
  // Sizes (M, N); the runtime symbol is M (index 0).
  std::vector<LibraryBucket> b{{{16, 64}, "a", true, 0}, {{64, 64}, "b", true, 100}, {{32, 64}, "c", false, 0}, {{16, 128}, "d", true, 0}};
  bool exact = false;
  CHECK(pick_bucket(b, 0, {32, 64}, &exact) == 2);
  CHECK(exact);
  CHECK(pick_bucket(b, 0, {20, 64}, &exact) == 0);  // 20 is nearer 16 than 64 (c is not sized)
  CHECK_FALSE(exact);
  CHECK(pick_bucket(b, 0, {32, 128}, &exact) == 3);
  CHECK(pick_bucket(b, 0, {33, 64}, &exact) == 1);   // sqrt(16 * 64) = 32: from there the larger
  CHECK(pick_bucket(b, 0, {101, 64}, &exact) == 0);  // past b's range: a still takes it
  CHECK(pick_bucket(b, 0, {20, 32}, &exact) == -1);  // no bucket has N = 32
  CHECK(pick_bucket(b, 0, {0, 64}, &exact) == -1);
  CHECK(pick_bucket(b, -1, {20, 64}, &exact) == -1);  // no runtime symbol: exact only
}

TEST_CASE("library: each runtime-sized job is timed just above its size and at the last size its bucket serves", "[library]") {
  TempDir dir;
  dir.write("sm.json", kSoftmax);
  dir.write("mm.json", R"({"name":"mm","inputs":[{"name":"x","shape":["M","K"],"dtype":"bf16"},{"name":"w","shape":["K","N"],"dtype":"bf16"}],
    "nodes":[{"name":"out","op":"matmul","inputs":["x","w"]}],"outputs":["out"]})");
  const LibrarySpec s = parse_library_spec(dir.write("spec.json", R"({"name": "lib", "entries": [
    {"graph": "mm.json", "sizes": {"M": {"from": 1, "to": 8192, "step": "pow2"}, "K": 64, "N": [64, 128]}, "runtime": "M"},
    {"graph": "mm.json", "name": "exact", "sizes": {"M": [16, 32], "K": 64, "N": 64}}]})"));
  const auto jobs = library_jobs(s);
  auto probes = [&](int64_t m, int64_t n, size_t entry = 0) {
    for (const LibraryJob& j : jobs)
      if (j.entry == entry && j.sizes[0] == m && j.sizes[2] == n) return runtime_range_probes(s, jobs, j);
    FAIL("no job M=" << m << " N=" << n);
    return std::vector<int64_t>{};
  };
  CHECK(probes(1024, 64) == std::vector<int64_t>{1025, 1448});  // the M = 1024 bucket serves 725 .. 1448
  CHECK(probes(1024, 128) == std::vector<int64_t>{1025, 1448});  // the other N's jobs are their own list
  CHECK(probes(1, 64).empty());                                   // 1 .. 1 (2 is nearer 2)
  CHECK(probes(4, 64) == std::vector<int64_t>{5});                // 3 .. 5
  CHECK(probes(8192, 64) == std::vector<int64_t>{8193});          // open above
  CHECK(probes(16, 64, 1).empty());                               // no runtime symbol
  // The sizes agree with the dispatch: each is served by the job it probes for, the size after
  // the last by the next bucket.
  std::vector<LibraryBucket> b;
  for (const LibraryJob& j : jobs)
    if (j.entry == 0 && j.sizes[2] == 64) b.push_back({j.sizes, j.name, true, 0});
  bool exact = false;
  for (const LibraryBucket& k : b) {
    const std::vector<int64_t> at = runtime_range_probes(s, jobs, jobs[static_cast<size_t>(&k - &b[0]) * 2]);
    for (int64_t e : at) {
      CHECK(e > k.sizes[0]);
      CHECK(b[static_cast<size_t>(pick_bucket(b, 0, {e, 64, 64}, &exact))].sizes[0] == k.sizes[0]);
    }
    if (!at.empty() && k.sizes[0] < 8192)
      CHECK(b[static_cast<size_t>(pick_bucket(b, 0, {at.back() + 1, 64, 64}, &exact))].sizes[0] != k.sizes[0]);
  }
}

TEST_CASE("library: a run writes the library, a warm rerun runs no superopt, stale entries are re-tuned, --status says which", "[library]") {
  TempDir dir;
  const std::string spec = write_spec(dir);
  const fs::path lib = dir.path / "lib";
  const std::string db = (lib / "tuning.db").string();
  Result cold = library({spec, "-o", lib.string()});
  INFO(cold.err);
  REQUIRE(cold.code == 0);
  CHECK(cold.err.find("5 jobs, 0 fresh in the database, 5 to run on 1 worker") != std::string::npos);
  CHECK(count(cold.err, ": started") == 5);
  CHECK(tunings(db) == 5);
  CHECK(fs::exists(lib / "axon_t.h"));
  CHECK(fs::exists(lib / "summary.csv"));
  CHECK(fs::exists(lib / "src" / "axon_ew_M16.cu"));
  CHECK(fs::exists(lib / "src" / "axon_t_dispatch.cu"));
  const std::string header = slurp(lib / "axon_t.h");
  CHECK(header.find("int axon_ew(long long M, const void* x, const void* b, void* y, void* workspace, void* stream);") != std::string::npos);
  CHECK(header.find("size_t axon_ew_exact_workspace_bytes(long long M);") != std::string::npos);
  CHECK(header.find("cudaErrorInvalidValue") != std::string::npos);
  const json m = json::parse(slurp(lib / "manifest.json"));
  REQUIRE(m["entries"].size() == 2);
  const json& ew = m["entries"][0];
  CHECK(ew["buckets"].size() == 4);
  for (const json& b : ew["buckets"]) {
    CHECK(b["status"] == "tuned");
    CHECK(b["env"]["gpu"] == "none (cost model)");
    CHECK(b["configs"].size() >= 1);
    CHECK(b.contains("rewrites"));
  }
  CHECK(ew["dispatch"]["exact"].size() == 4);
  CHECK(m["entries"][1]["dispatch"]["ranges"].empty());  // ew_exact has no runtime size
  // The library itself, where nvcc is: a size no bucket serves returns cudaErrorInvalidValue
  // before any CUDA call (so this runs without a GPU).
  if (m["library"].is_string()) {
    void* h = dlopen((lib / "libaxon_t.so").c_str(), RTLD_NOW | RTLD_LOCAL);
    INFO(dlerror());
    REQUIRE(h != nullptr);
    using Run = int (*)(long long, const void*, const void*, void*, void*, void*);
    using Ws = size_t (*)(long long);
    auto exact_run = reinterpret_cast<Run>(dlsym(h, "axon_ew_exact"));
    auto exact_ws = reinterpret_cast<Ws>(dlsym(h, "axon_ew_exact_workspace_bytes"));
    auto ew_run = reinterpret_cast<Run>(dlsym(h, "axon_ew"));
    REQUIRE(exact_run);
    REQUIRE(exact_ws);
    REQUIRE(ew_run);
    CHECK(exact_run(9, nullptr, nullptr, nullptr, nullptr, nullptr) == 1);
    CHECK(exact_ws(9) == 0);
    CHECK(ew_run(0, nullptr, nullptr, nullptr, nullptr, nullptr) == 1);
    CHECK(dlsym(h, "axon_ew_M16_run") != nullptr);  // every bucket's launcher is in the one library
    dlclose(h);
  } else {
    CHECK(m["library_note"].get<std::string>().find("source only") != std::string::npos);
  }

  // Warm: every job is fresh in the database; no superopt runs.
  const auto t0 = std::chrono::steady_clock::now();
  Result warm = library({spec, "-o", lib.string()});
  REQUIRE(warm.code == 0);
  CHECK(warm.err.find("5 jobs, 5 fresh in the database, 0 to run") != std::string::npos);
  CHECK(count(warm.err, ": started") == 0);
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < 10);
  CHECK(warm.out.find("5 of 5 buckets tuned") != std::string::npos);

  // Stale: one entry as if tuned by another axon build, one on another driver.
  {
    Store s(db);
    for (const auto& [job, field, value] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"ew_M16", "axon", "0.0.1 (build 1-2)"}, {"ew_exact_M8", "driver", "13000"}}) {
      auto rows = s.run("SELECT key, entry FROM tunings WHERE graph = ?1", {job});
      REQUIRE(rows.size() == 1);
      json e = json::parse(std::get<std::string>(rows[0].at(1)));
      e["env"][field] = value;
      s.run("UPDATE tunings SET entry = ?1 WHERE key = ?2", {e.dump(), rows[0].at(0)});
    }
  }
  Result status = library({spec, "--status", "-o", lib.string()});
  INFO(status.out);
  REQUIRE(status.code == 0);
  CHECK(row(status.out, "ew") == std::vector<std::string>{"ew", "4", "3", "1", "0"});
  CHECK(row(status.out, "ew_exact") == std::vector<std::string>{"ew_exact", "1", "0", "1", "0"});
  CHECK(status.out.find("stale: ew_M16: axon 0.0.1 (build 1-2) -> ") != std::string::npos);
  CHECK(status.out.find("stale: ew_exact_M8: driver 13000 -> none") != std::string::npos);
  Result again = library({spec, "-o", lib.string()});
  REQUIRE(again.code == 0);
  CHECK(again.err.find("5 jobs, 3 fresh in the database, 2 to run") != std::string::npos);
  CHECK(again.err.find("ew M16 (stale: axon 0.0.1") != std::string::npos);
  Result after = library({spec, "--status", "-o", lib.string()});
  CHECK(row(after.out, "ew") == std::vector<std::string>{"ew", "4", "4", "0", "0"});
  CHECK(after.out.find("stale:") == std::string::npos);
}

TEST_CASE("library: kill -9 during generation loses no finished job, and the rerun does only the rest", "[library]") {
  TempDir dir;
  const std::string spec = write_spec(dir);
  const fs::path lib = dir.path / "lib";
  const std::string db = (lib / "tuning.db").string();
  {
    ChildProcess c = spawn_process({axon_binary(), "library", spec, "-o", lib.string(), "--no-gpu", "-q"});
    const auto t0 = std::chrono::steady_clock::now();
    while (tunings(db) < 1 && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(120))
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    REQUIRE(tunings(db) >= 1);
    REQUIRE(::kill(c.pid(), 0) == 0);
    c.kill();  // SIGKILL to the library (its superopt child dies with it)
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const size_t kept = tunings(db);
  INFO("entries after kill -9: " << kept);
  CHECK(kept >= 1);
  CHECK(kept < 5);
  Result r = library({spec, "-o", lib.string()});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("5 jobs, " + std::to_string(kept) + " fresh in the database, " + std::to_string(5 - kept) + " to run") != std::string::npos);
  CHECK(count(r.err, ": started") == 5 - kept);
  CHECK(tunings(db) == 5);
  CHECK(r.out.find("5 of 5 buckets tuned") != std::string::npos);
}

TEST_CASE("library: two shards merged, and two MPI ranks, give the database of a single run", "[library][mpi]") {
  TempDir dir;
  const std::string spec = write_spec(dir);
  const std::string exe = axon_binary();
  Result single = library({spec, "-o", (dir.path / "single").string()});
  REQUIRE(single.code == 0);
  const auto want = entries((dir.path / "single" / "tuning.db").string());
  REQUIRE(want.size() == 5);

  // The children's tables go nowhere (their outcome is in the databases).
  const int devnull = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  REQUIRE(devnull >= 0);
  SpawnOptions quiet;
  quiet.stdout_fd = devnull;
  // Two shard processes at once, each into its own database; then merge.
  {
    std::vector<ChildProcess> shards;
    for (int i = 0; i < 2; ++i)
      shards.push_back(spawn_process({exe, "library", spec, "-o", (dir.path / "shards").string(), "--no-gpu", "-q", "--shard",
                                      std::to_string(i) + "/2", "--store", (dir.path / ("s" + std::to_string(i) + ".db")).string()},
                                     quiet));
    for (auto& c : shards) CHECK(c.wait(300).ok());
  }
  CHECK(tunings((dir.path / "s0.db").string()) == 3);  // jobs 0, 2, 4
  CHECK(tunings((dir.path / "s1.db").string()) == 2);
  const std::string merged = (dir.path / "merged.db").string();
  Result mr = run({"library", "merge", merged, (dir.path / "s0.db").string(), (dir.path / "s1.db").string()});
  INFO(mr.err);
  REQUIRE(mr.code == 0);
  CHECK(entries(merged) == want);
  // Merging again takes nothing (the entries there are as new); the newer entry wins.
  Result again = run({"library", "merge", merged, (dir.path / "s0.db").string()});
  CHECK(again.out.find(": 0 entries taken") != std::string::npos);
  // The merged database serves a run without --shard: nothing is run.
  Result whole = library({spec, "-o", (dir.path / "shards").string(), "--store", merged});
  CHECK(whole.err.find("5 fresh in the database, 0 to run") != std::string::npos);

  // Two MPI ranks (the launcher's environment as mpirun sets it): rank 1 writes its database
  // and marker, rank 0 waits, merges and writes the library.
  {
    std::vector<ChildProcess> ranks;
    const fs::path mlib = dir.path / "mpi";
    for (int k = 0; k < 2; ++k) {
      SpawnOptions o = quiet;
      o.env = {"OMPI_COMM_WORLD_RANK=" + std::to_string(k), "OMPI_COMM_WORLD_SIZE=2", "OMPI_COMM_WORLD_LOCAL_RANK=" + std::to_string(k),
               "PMIX_NAMESPACE=axon-test-" + std::to_string(::getpid())};
      ranks.push_back(spawn_process({exe, "library", spec, "-o", mlib.string(), "--no-gpu", "-q", "--mpi", "--mpi-timeout", "300"}, o));
    }
    for (auto& c : ranks) CHECK(c.wait(300).ok());
    CHECK(entries((mlib / "tuning.db").string()) == want);
    CHECK(fs::exists(mlib / "rank1.done"));
    CHECK(fs::exists(mlib / "manifest.json"));
  }
  // A rank that fails says so: rank 0 stops waiting and names it (here rank 1's database is a
  // folder).
  {
    const fs::path flib = dir.path / "mpi-fail";
    fs::create_directories(flib / "tuning.rank1.db");
    std::vector<ChildProcess> ranks;
    AtomicFile err0((dir.path / "rank0.err").string());
    for (int k = 0; k < 2; ++k) {
      SpawnOptions o = quiet;
      o.stderr_fd = k == 0 ? err0.fd() : devnull;
      o.env = {"OMPI_COMM_WORLD_RANK=" + std::to_string(k), "OMPI_COMM_WORLD_SIZE=2", "PMIX_NAMESPACE=axon-fail-" + std::to_string(::getpid())};
      ranks.push_back(spawn_process({exe, "library", spec, "-o", flib.string(), "--no-gpu", "-q", "--mpi", "--mpi-timeout", "300"}, o));
    }
    const auto t0 = std::chrono::steady_clock::now();
    CHECK(ranks[1].wait(300).code == axon::kExitUser);
    CHECK(ranks[0].wait(300).code == axon::kExitUser);
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(200));
    err0.commit();
    CHECK(slurp(dir.path / "rank0.err").find("--mpi: rank 1 failed: ") != std::string::npos);
  }
  // Under Debian's mpirun where it is installed (openmpi-bin).
  const std::string mpirun = find_program("mpirun");
  if (mpirun.empty()) {
    WARN("mpirun not found: the MPI run under mpirun itself is skipped (scripts/install-deps.sh installs openmpi-bin)");
    ::close(devnull);
    return;
  }
  const fs::path rlib = dir.path / "mpirun";
  ExitStatus st = run_process({mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2", exe, "library", spec, "-o", rlib.string(), "--no-gpu",
                               "-q", "--mpi", "--mpi-timeout", "300"},
                              quiet, 400);
  ::close(devnull);
  CHECK(st.ok());
  CHECK(entries((rlib / "tuning.db").string()) == want);
}

TEST_CASE("library merge: a key in both databases keeps the entry created last, proofs are added", "[library]") {
  TempDir dir;
  const std::string a = (dir.path / "a.db").string(), b = (dir.path / "b.db").string(), out = (dir.path / "out.db").string();
  TuningEntry e;
  e.files = {{"report.json", "{}"}};
  e.budget_s = 5;
  e.env = {"gpu", "1", "n", "c", "x"};
  e.total_us = 1;
  TuningStore(a).put("k", "g", e);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  e.total_us = 2;  // measured later
  TuningStore(b).put("k", "g", e);
  e.total_us = 3;
  TuningStore(b).put("only in b", "h", e);
  Store(b).run("CREATE TABLE IF NOT EXISTS proofs (query TEXT PRIMARY KEY, verdict TEXT)");
  Store(b).run("INSERT INTO proofs VALUES ('q', 'PROVED')");
  CHECK(merge_tuning_stores(out, a) == 1);
  CHECK(merge_tuning_stores(out, b) == 2);  // its newer "k" and "only in b"
  CHECK(merge_tuning_stores(out, a) == 0);  // a's "k" is older
  TuningStore db(out);
  CHECK(db.find("k", e.env, 5).entry.total_us == 2);
  CHECK(db.find("only in b", e.env, 5).status == TuningStore::Status::Fresh);
  CHECK(std::get<int64_t>(Store(out).run("SELECT count(*) FROM proofs").at(0).at(0)) == 1);
  // Not an axon store: refused with its name, the file untouched.
  const std::string text = dir.write("notes.txt", "hello\n");
  Result r = run({"library", "merge", out, text});
  CHECK(r.code == axon::kExitUser);
  CHECK(r.err.find("notes.txt") != std::string::npos);
  CHECK(slurp(text) == "hello\n");
}

TEST_CASE("library: the generated dispatch picks what pick_bucket picks (compiled with the host compiler, stub launchers)", "[library]") {
  const std::string cxx = find_program("c++");
  if (cxx.empty()) {
    WARN("no c++ compiler: the generated dispatch is not compiled here");
    return;
  }
  TempDir dir;
  LibrarySpec spec;
  spec.name = "d";
  LibraryEntry e;
  e.name = "e";
  e.symbols = {"M", "N"};
  e.runtime = "M";
  e.input_names = {"x", "b"};  // b: a parameter named like a local of the dispatch once was
  e.output_names = {"y"};
  spec.entries = {e};
  const std::vector<LibraryBucket> b{{{16, 64}, "e_M16_N64", true, 0},
                                     {{64, 64}, "e_M64_N64", true, 100},
                                     {{32, 64}, "e_M32_N64", false, 0},
                                     {{16, 128}, "e_M16_N128", true, 0}};
  fs::create_directories(dir.path / "src");
  dir.write("axon_d.h", library_header(spec, {b}));
  dir.write("src/axon_d_dispatch.cu", library_dispatch_source(spec, {b}));
  // Stub launchers: _run returns 100 + i, _run_sized 200 + i, the workspaces 1000 + i and 2000 + i.
  std::string stubs = "#include <stddef.h>\nextern \"C\" {\n";
  for (size_t i = 0; i < b.size(); ++i) {
    const std::string j = "axon_" + b[i].job, n = std::to_string(i);
    stubs += "int " + j + "_run(const void* const*, void* const*, void*, void*) { return 100 + " + n + "; }\n";
    stubs += "size_t " + j + "_workspace_bytes(void) { return 1000 + " + n + "; }\n";
    if (b[i].sized) {
      stubs += "int " + j + "_run_sized(long long, const void* const*, void* const*, void*, void*) { return 200 + " + n + "; }\n";
      stubs += "size_t " + j + "_workspace_bytes_sized(long long) { return 2000 + " + n + "; }\n";
    }
  }
  stubs += "}\n#include <stdio.h>\n#include \"axon_d.h\"\nint main() {\n  const long long ns[3] = {32, 64, 128};\n"
           "  for (long long m = 0; m <= 300; ++m)\n    for (int k = 0; k < 3; ++k)\n"
           "      printf(\"%lld %lld %d %zu\\n\", m, ns[k], axon_e(m, ns[k], 0, 0, 0, 0, 0), axon_e_workspace_bytes(m, ns[k]));\n  return 0;\n}\n";
  dir.write("stubs.cpp", stubs);
  const std::string prog = (dir.path / "prog").string();
  ExitStatus built = run_process({cxx, "-O1", "-I", dir.path.string(), "-x", "c++", (dir.path / "src" / "axon_d_dispatch.cu").string(), "-x", "c++",
                                  (dir.path / "stubs.cpp").string(), "-o", prog});
  REQUIRE(built.ok());
  AtomicFile out((dir.path / "out.txt").string());
  SpawnOptions o;
  o.stdout_fd = out.fd();
  REQUIRE(run_process({prog}, o).ok());
  out.commit();
  std::istringstream in(slurp(dir.path / "out.txt"));
  size_t lines = 0, sized = 0, exact = 0, none = 0;
  for (long long m, n, rc, ws; in >> m >> n >> rc >> ws; ++lines) {
    bool is_exact = false;
    const int k = pick_bucket(b, 0, {m, n}, &is_exact);
    INFO("M=" << m << " N=" << n);
    if (k < 0) {
      CHECK(rc == 1);  // cudaErrorInvalidValue
      CHECK(ws == 0);
      ++none;
    } else if (is_exact) {
      CHECK(rc == 100 + k);
      CHECK(ws == 1000 + k);
      ++exact;
    } else {
      CHECK(rc == 200 + k);
      CHECK(ws == 2000 + k);
      ++sized;
    }
  }
  CHECK(lines == 301 * 3);
  CHECK(exact == 4);
  CHECK(sized > 400);
  CHECK(none > 300);
}

TEST_CASE("library: a job superopt cannot realize is reported failed, the rest is built, exit 1", "[library]") {
  TempDir dir;
  dir.write("ew.json", kElementwise);
  const std::string spec = dir.write("f.json", R"({"name": "f", "budget": 2, "entries": [
    {"graph": "ew.json", "sizes": {"M": [8, 16]}},
    {"graph": "ew.json", "name": "other", "sizes": {"M": [4]}}]})");
  const fs::path lib = dir.path / "lib";
  // Every elementwise candidate counts as failed validation (superopt's test seam): nothing finer
  // exists, superopt exits 1 and records nothing.
  Result r = library({spec, "-o", lib.string(), "--test-superopt-arg=--test-fail-groups=elementwise"});
  INFO(r.out << r.err);
  CHECK(r.code == axon::kExitFailed);
  CHECK(count(r.err, "failed: superopt exit code 1") == 3);
  CHECK(r.out.find("0 of 3 buckets tuned, 3 failed") != std::string::npos);
  const json m = json::parse(slurp(lib / "manifest.json"));
  CHECK(m["entries"][0]["buckets"][0]["status"] == "failed");
  CHECK(m["entries"][0]["buckets"][0]["why"].get<std::string>().find("M8.log") != std::string::npos);
  CHECK(fs::exists(lib / "axon_f.h"));  // the header and dispatch are still written (no buckets)
}
