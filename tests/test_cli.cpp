// The `axon` command line, run in-process: help and version, check/eval/print on the benchmark
// graphs and the example, and bad input giving exit code 2 with one "error: " line.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/core/npy.h"
#include "cli_support.h"
#include "solver_limits.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> benchmark_graphs() {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(AXON_SOURCE_DIR "/benchmarks/graphs"))
    if (e.path().extension() == ".json") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

using axon::test::kExample;
using axon::test::lines;
using axon::test::Result;
using axon::test::run;
using axon::test::TempDir;

TEST_CASE("cli: --help lists the commands", "[cli]") {
  Result r = run({"--help"});
  CHECK(r.code == 0);
  for (const char* cmd : {"check", "eval", "print"}) CHECK(r.out.find(cmd) != std::string::npos);
  CHECK(r.err.empty());
  for (const char* cmd : {"check", "eval", "print"}) {
    Result s = run({cmd, "--help"});
    CHECK(s.code == 0);
    CHECK(s.out.find("--bind") != std::string::npos);
  }
}

TEST_CASE("cli: --version", "[cli]") {
  Result r = run({"--version"});
  CHECK(r.code == 0);
  CHECK(r.out.rfind("axon ", 0) == 0);
  CHECK(r.out.find("GPU features") != std::string::npos);
}

TEST_CASE("cli: usage errors exit 2", "[cli]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {},
           {"frobnicate"},
           {"check"},
           {"check", kExample, "--frobnicate"},
           {"--frobnicate"},
           {"eval", kExample, "--precision", "f128"},
           {"eval", kExample, "--max-memory-gb", "-1"},
       }) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO("axon " << joined);
    Result r = run(args);
    CHECK(r.code == axon::kExitUser);
    CHECK_FALSE(r.err.empty());
  }
}

TEST_CASE("cli: check accepts every benchmark graph and the example", "[cli]") {
  auto files = benchmark_graphs();
  REQUIRE(files.size() >= 10);
  files.push_back(kExample);
  for (const auto& f : files) {
    INFO(f);
    Result r = run({"check", f});
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.find("is valid") != std::string::npos);
    Result j = run({"check", f, "--json"});
    CHECK(j.code == 0);
    CHECK(j.out.find("\"ok\": true") != std::string::npos);
  }
  Result bound = run({"check", kExample, "--bind", "M=4", "--bind", "K=8", "--bind", "N=3"});
  CHECK(bound.code == 0);
  CHECK(bound.out.find("[4, 3]") != std::string::npos);
}

TEST_CASE("cli: bad files exit 2 with one error line naming the file", "[cli]") {
  TempDir dir;
  struct Bad {
    const char* file;
    std::string text;
    const char* place;  // expected in the message besides the path
  };
  std::vector<Bad> bad = {
      {"empty.json", "", "file is empty"},
      {"binary.json", std::string("\x7f" "ELF\x00\x01\xff\xfe", 8), "not valid JSON"},
      {"truncated.json", R"({"inputs": [{"name": "x", "shape": [4)", "not valid JSON"},
      {"unknown_op.json",
       R"({"inputs": [{"name": "x", "shape": [4], "dtype": "f32"}],
           "nodes": [{"name": "y", "op": "frob", "inputs": ["x"]}], "outputs": ["y"]})",
       "node 'y' (frob): op: unknown op"},
      {"bad_axis.json",
       R"({"inputs": [{"name": "x", "shape": [4, 2], "dtype": "f32"}],
           "nodes": [{"name": "y", "op": "rmsnorm", "inputs": ["x"], "attrs": {"axis": 3}}], "outputs": ["y"]})",
       "node 'y' (rmsnorm): attrs.axis: axis 3 out of range for rank 2"},
      {"cycle.json",
       R"({"inputs": [], "nodes": [{"name": "a", "op": "neg", "inputs": ["b"]},
           {"name": "b", "op": "neg", "inputs": ["a"]}], "outputs": ["a"]})",
       "cycle through 'a'"},
      {"no_output.json", R"({"inputs": [{"name": "x", "shape": [4], "dtype": "f32"}], "nodes": [], "outputs": ["y"]})",
       "outputs[0]: 'y' names no input or node"},
      {"deep.json", std::string(200, '[') + std::string(200, ']'), "nested deeper than 32"},
  };
  for (const Bad& b : bad) {
    std::string path = dir.write(b.file, b.text);
    for (const char* cmd : {"check", "eval", "print"}) {
      INFO(cmd << " " << b.file);
      Result r = run({cmd, path});
      CHECK(r.code == axon::kExitUser);
      CHECK(r.out.empty());
      CHECK(lines(r.err) == 1);
      CHECK(r.err.rfind("error: " + path + ": ", 0) == 0);
      CHECK(r.err.find(b.place) != std::string::npos);
    }
  }
  // A missing file.
  std::string missing = (dir.path / "missing.json").string();
  for (const char* cmd : {"check", "eval", "print"}) {
    Result r = run({cmd, missing});
    CHECK(r.code == axon::kExitUser);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.rfind("error: " + missing + ": cannot open file", 0) == 0);
  }
  // A directory is not a graph file.
  Result d = run({"check", dir.path.string()});
  CHECK(d.code == axon::kExitUser);
  CHECK(lines(d.err) == 1);
  CHECK(d.err == "error: " + dir.path.string() + ": is a directory\n");
  // Bad bindings name the --bind text.
  Result b = run({"check", kExample, "--bind", "K"});
  CHECK(b.code == axon::kExitUser);
  CHECK(b.err == "error: --bind K: expected NAME=VALUE\n");
  Result z = run({"check", kExample, "--bind", "K=0"});
  CHECK(z.code == axon::kExitUser);
  CHECK(z.err.rfind("error: --bind K=0: ", 0) == 0);
}

TEST_CASE("cli: eval the example with bindings writes .npy files", "[cli]") {
  TempDir dir;
  std::string out_dir = (dir.path / "out").string();
  Result r = run({"eval", kExample, "--bind", "M=4", "--bind", "K=8", "--bind", "N=3", "-o", out_dir});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.empty());
  CHECK(r.out.find("out: bf16 [4, 3]") != std::string::npos);
  for (const char* f : {"out.npy", "input_x.npy", "input_g.npy", "input_w.npy"})
    CHECK(fs::exists(fs::path(out_dir) / f));
  axon::Tensor out = axon::read_npy((fs::path(out_dir) / "out.npy").string());
  CHECK(out.shape == std::vector<int64_t>{4, 3});
  axon::Tensor x = axon::read_npy((fs::path(out_dir) / "input_x.npy").string());
  CHECK(x.shape == std::vector<int64_t>{4, 8});

  // The same seed gives the same result; native precision runs too.
  Result again = run({"eval", kExample, "--bind", "M=4", "--bind", "K=8", "--bind", "N=3",
                      "--precision", "native", "--seed", "7"});
  CHECK(again.code == 0);
}

TEST_CASE("cli: eval without bindings exits 2 naming the symbol", "[cli]") {
  Result r = run({"eval", kExample});
  CHECK(r.code == axon::kExitUser);
  CHECK(lines(r.err) == 1);
  CHECK(r.err.rfind("error: " + kExample + ": ", 0) == 0);
  CHECK(r.err.find("--bind M=") != std::string::npos);
  Result partial = run({"eval", kExample, "--bind", "M=4", "--bind", "K=8"});
  CHECK(partial.code == axon::kExitUser);
  CHECK(partial.err.find("--bind N=") != std::string::npos);
  // A graph too large for the memory limit.
  Result big = run({"eval", AXON_SOURCE_DIR "/benchmarks/graphs/gemm.json", "--max-memory-gb", "0.001"});
  CHECK(big.code == axon::kExitUser);
  CHECK(lines(big.err) == 1);
  CHECK(big.err.find("MiB") != std::string::npos);
}

TEST_CASE("cli: print re-parses to the same nodes", "[cli]") {
  auto files = benchmark_graphs();
  files.push_back(kExample);
  for (const auto& f : files) {
    INFO(f);
    Result r = run({"print", f});
    REQUIRE(r.code == 0);
    auto ctx = std::make_shared<axon::Context>();
    axon::Graph g = axon::load_graph(f, {}, ctx);
    axon::Graph h = axon::parse_graph(r.out, "printed.json", {}, ctx);
    REQUIRE(h.outputs.size() == g.outputs.size());
    for (size_t i = 0; i < g.outputs.size(); ++i) {
      CHECK(h.outputs[i].name == g.outputs[i].name);
      CHECK(h.outputs[i].node == g.outputs[i].node);
    }
    CHECK(h.inputs == g.inputs);
    CHECK(h.name == g.name);
    // Printing is a fixed point.
    CHECK(axon::print_graph(h) == r.out);
  }
  // With bindings, the printed graph has the bound sizes.
  Result b = run({"print", kExample, "--bind", "M=4", "--bind", "K=8", "--bind", "N=3"});
  REQUIRE(b.code == 0);
  axon::Graph h = axon::parse_graph(b.out, "printed.json");
  CHECK(h.outputs.at(0).node->shape() == axon::Shape{4, 3});
}

TEST_CASE("cli: rewrite lists proven variants and emits one that verify proves equal", "[cli]") {
  TempDir dir;
  // A small concrete graph: a transpose into a matmul, scaled after it.
  std::string g = dir.write("g.json", R"({"name": "tm",
    "inputs": [{"name": "a", "shape": [6, 4], "dtype": "f32"}, {"name": "w", "shape": [6, 5], "dtype": "f32"}],
    "nodes": [{"name": "at", "op": "transpose", "inputs": ["a"]},
              {"name": "s", "op": "constant", "inputs": [], "attrs": {"value": 0.5}},
              {"name": "m", "op": "matmul", "inputs": ["at", "w"]},
              {"name": "out", "op": "mul", "inputs": ["m", "s"]}],
    "outputs": ["out"]})");
  // Solver-bound: a wall clock far beyond what the proofs take (tests/README.md).
  const std::string t = std::to_string(axon_test::kSafetyTimeoutMs);
  Result r = run({"rewrite", g, "-q", "--max-depth", "2", "--timeout-ms", t});
  INFO(r.out << r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("absorb transpose into operand 0 of matmul") != std::string::npos);
  CHECK(r.out.find("PROVED") != std::string::npos);
  CHECK(r.err.empty());  // -q: no progress lines

  Result j = run({"rewrite", g, "-q", "--max-depth", "2", "--json", "--timeout-ms", t});
  REQUIRE(j.code == 0);
  auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["stats"]["proved"].get<int>() >= 1);
  REQUIRE(doc["variants"].size() >= 2);
  for (const auto& v : doc["variants"])
    for (const auto& m : v["moves"]) CHECK(m["verdict"] == "PROVED");

  // Every variant, written out, is proved equal to the original by `axon verify`.
  for (size_t id = 1; id < std::min<size_t>(doc["variants"].size(), 6); ++id) {
    std::string out = (dir.path / ("v" + std::to_string(id) + ".json")).string();
    Result e = run({"rewrite", g, "-q", "--max-depth", "2", "--emit", std::to_string(id), "-o", out, "--timeout-ms", t});
    REQUIRE(e.code == 0);
    Result v = run({"verify", g, out, "--timeout-ms", t});
    INFO("variant " << id << ": " << v.out);
    CHECK(v.code == 0);
  }
}

TEST_CASE("cli: rewrite works on symbolic sizes", "[cli]") {
  Result r = run({"rewrite", kExample, "-q", "--max-depth", "2", "--timeout-ms", std::to_string(axon_test::kSafetyTimeoutMs)});
  INFO(r.out << r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("assumes 1024") != std::string::npos);
  CHECK(r.out.find("pull mul by rsqrt") != std::string::npos);
}

TEST_CASE("cli: rewrite's bad input exits 2 with one line", "[cli]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"rewrite", kExample, "--target", "sm_75"},
           {"rewrite", kExample, "-q", "--max-depth", "1", "--emit", "100000"},
           {"rewrite", kExample, "-q", "--emit", "1", "--json"},
           {"rewrite", AXON_SOURCE_DIR "/no/such/graph.json"},
           {"rewrite", kExample, "--max-variants", "0"},
       }) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO("axon " << joined);
    Result r = run(args);
    CHECK(r.code == axon::kExitUser);
    CHECK_FALSE(r.err.empty());
  }
}

TEST_CASE("cli: superopt's bad input exits 2 with one line, and the worker commands stay hidden", "[cli]") {
  TempDir tmp;
  const std::string softmax = AXON_SOURCE_DIR "/benchmarks/graphs/softmax.json";
  const std::string file = tmp.write("a_file", "x");
  // Bad input, and CLI11's usage errors (`usage`: naming the command whose --help explains them).
  const std::vector<std::pair<std::vector<std::string>, bool>> cases = {
      {{"superopt", kExample, "-o", (tmp.path / "o1").string(), "-q", "--no-gpu"}, false},
      {{"superopt", AXON_SOURCE_DIR "/no/such/graph.json", "-o", (tmp.path / "o2").string()}, false},
      {{"superopt", softmax, "-o", file, "-q", "--no-gpu"}, false},
      {{"superopt", softmax}, false},
      {{"superopt", softmax, "-o", (tmp.path / "o3").string(), "--target", "sm_75", "--no-gpu"}, false},
      {{"superopt", softmax, "-o", (tmp.path / "o4").string(), "--budget", "0"}, false},
      {{"superopt", softmax, "-o", (tmp.path / "o5").string(), "--configs", "0"}, false},
      {{"superopt", softmax, "--budget", "abc"}, true},
      {{"superopt", softmax, "-o", (tmp.path / "o7").string(), "--name", "a-b"}, true},
      {{"superopt", softmax, "-o", (tmp.path / "o8").string(), "--name", "1a"}, true},
      {{"superopt"}, true},
      {{"frob"}, true},
      {{}, true},
      {{"verify", "--solver", "z4", softmax}, true},
  };
  for (const auto& [args, usage] : cases) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO("axon " << joined);
    Result r = run(args);
    INFO(r.err);
    CHECK(r.code == axon::kExitUser);
    CHECK(lines(r.err) == 1);
    CHECK(r.err.rfind("error: ", 0) == 0);
    if (usage) CHECK(r.err.find("--help)") != std::string::npos);
  }
  Result budget = run({"superopt", softmax, "--budget", "abc"});
  CHECK(budget.err.find("(see axon superopt --help)") != std::string::npos);
  Result unknown = run({"frob"});
  CHECK(unknown.err.find("unknown command 'frob' (commands: check, eval, print, verify, rewrite, synth, superopt, library;") != std::string::npos);
  Result sym = run({"superopt", kExample, "-o", (tmp.path / "o6").string(), "-q", "--no-gpu"});
  CHECK(sym.err.find("input 'x'") != std::string::npos);
  CHECK(sym.err.find("--bind") != std::string::npos);
  Result help = run({"--help"});
  CHECK(help.out.find("superopt") != std::string::npos);
  CHECK(help.out.find("__worker") == std::string::npos);
  CHECK(help.out.find("__probe") == std::string::npos);
}

TEST_CASE("cli: superopt --name names the launcher's symbols and its kernels'", "[cli]") {
  TempDir tmp;
  const std::string g = tmp.write("g.json", R"({"name":"g","inputs":[{"name":"x","shape":[64,256],"dtype":"f32"}],
    "nodes":[{"name":"y","op":"softmax","inputs":["x"],"attrs":{"axis":-1}}],"outputs":["y"]})");
  const std::filesystem::path out = tmp.path / "out";
  Result r = run({"superopt", g, "-o", out.string(), "--no-gpu", "-q", "--budget", "2", "--variants", "1", "--name", "my_g_64"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(std::filesystem::exists(out / "axon_my_g_64.h"));
  CHECK_FALSE(std::filesystem::exists(out / "axon_g.h"));
  std::stringstream cu;
  cu << std::ifstream(out / "axon_my_g_64.cu").rdbuf();
  CHECK(cu.str().find("int axon_my_g_64_run(") != std::string::npos);
  // The kernels carry the name too: two outputs link into one library.
  CHECK(cu.str().find("axon_my_g_64_k0_c") != std::string::npos);
  CHECK(cu.str().find(" axon_k0") == std::string::npos);
}

TEST_CASE("cli: synth rejects an unknown op or a bad expression with one line, and says why an op is no target", "[cli]") {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"synth", "--op", "nosuch"},
           {"synth", "--op", "pack", "--dtype", "f32"},
           {"synth", "--op", "exp", "--expr", "exp(x)"},
           {"synth", "--expr", "exp(x - "},
           {"synth", "--expr", "a + b + c + d"},
       }) {
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    INFO("axon " << joined);
    Result r = run(args);
    CHECK(r.code == axon::kExitUser);
    CHECK(lines(r.err) == 1);
  }
  Result s = run({"synth", "--op", "softmax", "-q"});
  CHECK(s.code == 0);
  CHECK(s.out.find("a composite") != std::string::npos);
  CHECK(s.out.find("nothing to synthesize") != std::string::npos);
}
