// The tuning database (docs/tuning.md): an entry is used only in the environment it was measured
// in and for a budget no longer than its own; a stale or damaged one is searched again; a
// replayed entry writes plain files only, marks report.json as replayed and rebuilds the library.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/core/store.h"
#include "axon/search/tuning_store.h"
#include "cli_support.h"
#include "tuning.h"  // src/cli, internal

using namespace axon;
using axon::test::TempDir;

namespace {

TuningEnv h200() { return {"NVIDIA H200 (sm_90, 132 SMs, 143771 MiB)", "13000", "13.0", "13.0.88", "0.1.0 (build 1-2)"}; }

TuningEntry entry() {
  TuningEntry e;
  e.files = {{"report.json", "{\"validated\": true}\n"},
             {"axon_g.cu", "extern \"C\" int axon_g_probe(void) { return 7; }\n"},
             {"launcher.json", "{}\n"}};
  e.lines = {"k0      row t128 v4    3.1 us"};
  e.arch = "sm_90";
  e.total_us = 3.1;
  e.budget_s = 30;
  e.env = h200();
  return e;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

}  // namespace

TEST_CASE("tuning database: an entry is used in its own environment only, and never for a longer budget", "[tuning]") {
  TempDir dir;
  const std::string path = (dir.path / "store.db").string();
  TuningStore db(path);
  CHECK(db.find("graph A", h200(), 30).status == TuningStore::Status::Missing);
  db.put("graph A", "a", entry());

  TuningStore::Lookup l = db.find("graph A", h200(), 30);
  REQUIRE(l.status == TuningStore::Status::Fresh);
  CHECK(l.entry.files == entry().files);
  CHECK(l.entry.lines == entry().lines);
  CHECK(l.entry.total_us == Approx(3.1));
  CHECK(l.entry.created > 0);
  CHECK(db.find("graph A", h200(), 10).status == TuningStore::Status::Fresh);  // a shorter budget asked: the entry serves
  CHECK(db.find("graph B", h200(), 30).status == TuningStore::Status::Missing);

  // Another driver (as after an upgrade): stale, with what changed.
  TuningEnv newer = h200();
  newer.driver = "13010";
  l = db.find("graph A", newer, 30);
  CHECK(l.status == TuningStore::Status::Stale);
  CHECK(l.why == "driver 13000 -> 13010");
  for (auto field : {&TuningEnv::gpu, &TuningEnv::nvrtc, &TuningEnv::cuda, &TuningEnv::axon}) {
    TuningEnv other = h200();
    other.*field += " other";
    CHECK(db.find("graph A", other, 30).status == TuningStore::Status::Stale);
  }
  l = db.find("graph A", h200(), 120);
  CHECK(l.status == TuningStore::Status::ShorterBudget);
  CHECK_THAT(l.why, Catch::Contains("--budget 30"));

  // The re-tuned entry replaces the stale one.
  TuningEntry again = entry();
  again.env = newer;
  again.total_us = 2.9;
  db.put("graph A", "a", again);
  l = db.find("graph A", newer, 30);
  CHECK(l.status == TuningStore::Status::Fresh);
  CHECK(l.entry.total_us == Approx(2.9));
  CHECK(db.find("graph A", h200(), 30).status == TuningStore::Status::Stale);

  // A damaged entry (another program wrote the row) is stale, not an error.
  Store raw(path);
  raw.run("UPDATE tunings SET entry = '{not json' WHERE key = 'graph A'");
  l = db.find("graph A", newer, 30);
  CHECK(l.status == TuningStore::Status::Stale);
  CHECK_THAT(l.why, Catch::Contains("cannot be read"));
}

TEST_CASE("tuning database: a store path that is a folder is refused with its name", "[tuning]") {
  TempDir dir;
  try {
    TuningStore db(dir.path.string());
    FAIL("a folder was accepted as the store");
  } catch (const UserError& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains(dir.path.string()));
  }
  // The same through the command line: exit 2 before any search, with or without a GPU.
  const std::string graph = dir.write("g.json", R"({"name":"g","inputs":[{"name":"x","shape":[4],"dtype":"f32"}],
    "nodes":[{"name":"y","op":"exp","inputs":["x"]}],"outputs":["y"]})");
  auto r = axon::test::run({"superopt", graph, "-o", (dir.path / "out").string(), "--store", dir.path.string(), "-q"});
  CHECK(r.code == 2);
  CHECK_THAT(r.err, Catch::Contains(dir.path.string()));
}

TEST_CASE("tuning database: a replayed entry writes plain files, says it was replayed and rebuilds the library", "[tuning]") {
  TempDir dir;
  const std::string out = (dir.path / "out").string();
  std::filesystem::create_directories(out);
  std::vector<std::string> lines = cli::replay(entry(), out, "/some/store.db", "g");
  CHECK(slurp(std::filesystem::path(out) / "axon_g.cu") == entry().files.at("axon_g.cu"));
  auto rep = nlohmann::json::parse(slurp(std::filesystem::path(out) / "report.json"));
  CHECK(rep.at("validated") == true);
  CHECK(rep.at("replayed").at("store") == "/some/store.db");
  CHECK(rep.at("replayed").at("env").at("driver") == "13000");
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] == entry().lines[0]);
  // The library is built again from the launcher source (where nvcc is).
  if (lines[0].rfind("no nvcc found", 0) != 0) {
    CHECK(lines[0].rfind("built ", 0) == 0);
    CHECK(std::filesystem::exists(std::filesystem::path(out) / "libaxon_g.so"));
  }

  // A file name that is not a plain name (a tampered store) is refused, and nothing is written.
  for (const std::string bad : {"../escape.cu", ".work", "a/b.cu"}) {
    TuningEntry e = entry();
    e.files = {{bad, "x"}};
    CHECK_THROWS_AS(cli::replay(e, out, "/some/store.db", "g"), UserError);
  }
  CHECK_FALSE(std::filesystem::exists(dir.path / "escape.cu"));
}

TEST_CASE("superopt keeps its rewrite proofs in the store given, and reads them back", "[tuning]") {
  TempDir dir;
  const std::string db = (dir.path / "store.db").string();
  const std::string graph = dir.write("g.json", R"({"name":"g","inputs":[{"name":"x","shape":[64,256],"dtype":"f32"}],
    "nodes":[{"name":"h","op":"constant","inputs":[],"attrs":{"value":0.5}},{"name":"s","op":"mul","inputs":["x","h"]},
             {"name":"y","op":"softmax","inputs":["s"],"attrs":{"axis":-1}}],
    "outputs":["y"]})");
  auto r = axon::test::run({"superopt", graph, "-o", (dir.path / "out").string(), "--no-gpu", "--budget", "3", "--store", db, "-q"});
  REQUIRE(r.code == 0);
  Store s(db);
  const auto proofs = std::get<int64_t>(s.run("SELECT count(*) FROM proofs").at(0).at(0));
  CHECK(proofs > 0);
  // --no-gpu results are untimed: never recorded as tunings.
  CHECK(s.run("SELECT name FROM sqlite_master WHERE name = 'tunings'").empty());
}

TEST_CASE("tuning database: an entry holds the files this run wrote, not an earlier run's", "[tuning]") {
  TempDir dir;
  namespace fs = std::filesystem;
  const fs::path out = dir.path / "out";
  fs::create_directories(out / ".work");
  const std::string graph = dir.write("g.json", R"({"name":"g","inputs":[{"name":"x","shape":[4],"dtype":"f32"}],
    "nodes":[{"name":"y","op":"exp","inputs":["x"]}],"outputs":["y"]})");
  dir.write("out/kernel3_row.cu", "// an earlier run's kernel");
  fs::last_write_time(out / "kernel3_row.cu", fs::file_time_type::clock::now() - std::chrono::hours(1));
  const auto since = fs::file_time_type::clock::now() - std::chrono::seconds(1);
  dir.write("out/kernel0_elementwise.cu", "// this run's kernel");
  dir.write("out/report.json", "{}");
  dir.write("out/libaxon_g.so", "ELF");
  dir.write("out/nvcc.log", "");
  SuperoptResult r{VariantSet(load_graph(graph)), {}, 0, true, "", {}, {}, 0, 0, {}};
  VariantResult v;
  v.total_us = 2.5;
  r.realized.push_back(v);
  SuperoptOptions o;
  o.budget_s = 20;
  TuningEntry e = cli::entry_of(out.string(), since, {"built /x/libaxon_g.so", "k0  elementwise  2.5"}, r, o);
  CHECK(e.files.size() == 2);
  CHECK(e.files.count("kernel0_elementwise.cu") == 1);
  CHECK(e.files.count("report.json") == 1);
  CHECK(e.lines == std::vector<std::string>{"k0  elementwise  2.5"});
  CHECK(e.total_us == Approx(2.5));
  CHECK(e.budget_s == Approx(20));
  CHECK(e.arch == "sm_90");
}
