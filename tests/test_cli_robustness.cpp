// Bad input found by fuzzing the command line (2026-12-01): each case once crashed, ended in an
// internal error, wrote outside the output directory, overwrote a file that was not its own, or
// was silently accepted. Now each is one "error: " line and exit 2, or works.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "axon/core/graph_json.h"
#include "axon/core/npy.h"
#include "cli_support.h"
#include "solver_limits.h"

namespace fs = std::filesystem;
using axon::test::kExample;
using axon::test::lines;
using axon::test::Result;
using axon::test::run;
using axon::test::TempDir;

namespace {

// One line "error: ..." holding `what`, exit 2.
void refused(const Result& r, const std::string& what) {
  INFO(r.out << r.err);
  CHECK(r.code == axon::kExitUser);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(lines(r.err) == 1);
  CHECK(r.err.find(what) != std::string::npos);
}

std::string rules(const std::string& rule) { return "size M\ninput x: f32[M]\n" + rule + "\n"; }

std::string graph(const std::string& input, const std::string& nodes, const std::string& out) {
  return R"({"inputs": [)" + input + R"(], "nodes": [)" + nodes + R"(], "outputs": [")" + out + R"("]})";
}

}  // namespace

TEST_CASE("cli robustness: rule files nest at most 128 calls, numbers are finite, conditions are numbers", "[cli]") {
  TempDir dir;
  std::string deep = "x";
  for (int i = 0; i < 5000; ++i) deep = "neg(" + deep + ")";
  refused(run({"verify", dir.write("deep.axr", rules("r1: " + deep + " => x"))}), "nest at most 128");
  refused(run({"verify", dir.write("big.axr", rules("r1: mul(x, 1e999) => x"))}), "number 1e999 is out of range");
  refused(run({"verify", dir.write("nan.axr", rules("r1: div(mul(x, 2), 2) => x where x >= nan"))}), "not nan");
  refused(run({"verify", dir.write("empty.axr", "# nothing\n")}), "no rules to check");
  refused(run({"verify", dir.write("undeclared.axr", "size M\ninput x: f32[M]\nwhere Z == 4\nr1: exp(x) => neg(x)\n")}), "size Z is not declared");
  // Graph pairs: an output of b that a lacks; a directory.
  const std::string a = dir.write("a.json", graph(R"({"name": "x", "shape": [4], "dtype": "f32"})", R"({"name": "y", "op": "neg", "inputs": ["x"]})", "y"));
  const std::string b = dir.write("b.json", R"({"inputs": [{"name": "x", "shape": [4], "dtype": "f32"}], "nodes": [{"name": "y", "op": "neg", "inputs": ["x"]},
    {"name": "q", "op": "exp", "inputs": ["x"]}], "outputs": ["y", "q"]})");
  refused(run({"verify", a, b}), "has an output 'q' that");
  refused(run({"verify", a, dir.path.string()}), "is a directory");
  const std::string ok = dir.write("ok.axr", rules("r1: neg(neg(x)) => x"));
  refused(run({"verify", ok, "--rule", "nosuch"}), "--rule nosuch: no rule of that name");
  CHECK(run({"verify", ok, "--timeout-ms", std::to_string(axon_test::kSafetyTimeoutMs)}).code == 0);  // solver-bound
}

TEST_CASE("cli robustness: a proof cache is a file of its own", "[cli]") {
  TempDir dir;
  const std::string ok = dir.write("ok.axr", rules("r1: neg(neg(x)) => x"));
  const std::string notes = dir.write("notes.txt", "important notes\nline 2\n");
  refused(run({"verify", ok, "--cache", notes}), "not an axon store");
  std::stringstream kept;
  kept << std::ifstream(notes).rdbuf();
  CHECK(kept.str() == "important notes\nline 2\n");  // untouched
  refused(run({"verify", ok, "--cache", dir.path.string()}), "is a directory");
  refused(run({"verify", ok, "--cache", (dir.path / "no" / "cache.txt").string()}), "no such directory");
  const std::string cache = (dir.path / "cache.txt").string();
  CHECK(run({"verify", ok, "--cache", cache}).code == 0);
  CHECK(run({"verify", ok, "--cache", cache}).code == 0);  // its own store read back
}

TEST_CASE("cli robustness: graph files refuse repeated keys, NUL bytes and values outside their dtype", "[cli]") {
  TempDir dir;
  const std::string x = R"({"name": "x", "shape": [4], "dtype": "f32"})", xi = R"({"name": "x", "shape": [4], "dtype": "i32"})";
  refused(run({"check", dir.write("dup.json", R"({"inputs": [)" + x + R"(], "nodes": [{"name": "y", "op": "frob", "inputs": ["x"]}], "nodes": [], "outputs": ["x"]})")}),
          "key \"nodes\" appears twice");
  refused(run({"check", dir.write("dupattr.json", graph(x, R"({"name": "y", "op": "softmax", "inputs": ["x"], "attrs": {"axis": 7, "axis": 0}})", "y"))}),
          "key \"axis\" appears twice");
  refused(run({"check", dir.write("nul.json", graph(x, "", "x") + std::string(1, '\0'))}), "a NUL byte");
  refused(run({"check", dir.write("i32.json", graph(x, R"({"name": "y", "op": "constant", "inputs": [], "attrs": {"value": 1e20, "dtype": "i32", "shape": [2]}})", "y"))}),
          "out of i32's range");
  refused(run({"check", dir.write("padi.json", graph(xi, R"({"name": "y", "op": "pad", "inputs": ["x"], "attrs": {"before": [1], "after": [1], "value": 0.5}})", "y"))}),
          "0.5 is not a i32 value");
  // A size polynomial that prints longer than its input still parses back.
  const std::string poly = dir.write("poly.json", graph(R"x({"name": "x", "shape": ["(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)*(A+B)", 8], "dtype": "f32"})x", "", "x"));
  Result printed = run({"print", poly});
  REQUIRE(printed.code == 0);
  CHECK(run({"check", dir.write("poly2.json", printed.out)}).code == 0);
}

TEST_CASE("cli robustness: eval checks memory, file names and .npy files before it evaluates", "[cli]") {
  TempDir dir;
  const std::string big = dir.write("big.json", graph(R"({"name": "x", "shape": [4294967296], "dtype": "f32"})", "", "x"));
  refused(run({"eval", big}), "input 'x': the inputs' values need");
  const std::string escape = dir.write("escape.json", graph(R"({"name": "x", "shape": [4, 8], "dtype": "f32"})",
                                                            R"({"name": "../../escaped", "op": "exp", "inputs": ["x"]})", "../../escaped"));
  const fs::path out = dir.path / "a" / "b";
  Result r = run({"eval", escape, "-o", out.string()});
  refused(r, "not a file name");
  CHECK(r.out.empty());  // refused before anything is evaluated
  CHECK(!fs::exists(dir.path / "escaped.npy"));
  // .npy shapes: negative dimensions and trailing data are refused; a mismatch names the file.
  const std::string g = dir.write("g.json", graph(R"({"name": "x", "shape": [4, 8], "dtype": "f32"})", R"({"name": "y", "op": "exp", "inputs": ["x"]})", "y"));
  axon::Tensor t(axon::DType::f32, {4, 8});
  const std::string good = (dir.path / "good.npy").string();
  axon::write_npy(good, t, false);
  CHECK(run({"eval", g, "--inputs", "x=" + good}).code == 0);
  std::stringstream bytes;
  bytes << std::ifstream(good, std::ios::binary).rdbuf();
  std::string text = bytes.str();
  refused(run({"eval", g, "--inputs", "x=" + dir.write("long.npy", text + std::string(16, '\0'))}), "more than its 32 elements");
  std::string neg = text;
  neg.replace(neg.find("(4, 8)"), 6, "(-4, 8)");
  refused(run({"eval", g, "--inputs", "x=" + dir.write("neg.npy", neg)}), "bad shape");
  axon::Tensor w(axon::DType::f32, {8, 4});
  const std::string wrong = (dir.path / "wrong.npy").string();
  axon::write_npy(wrong, w, false);
  refused(run({"eval", g, "--inputs", "x=" + wrong}), wrong + ": input 'x': value has shape [8, 4]");
}

TEST_CASE("cli robustness: options are checked (output directory, NaN, repeated bindings, empty names, ids)", "[cli]") {
  TempDir dir;
  const std::string file = dir.write("afile", "x");
  refused(run({"superopt", kExample, "--bind", "M=16", "--bind", "K=64", "--bind", "N=64", "--no-gpu", "-q", "-o", file + "/sub"}),
          "cannot create the output directory");
  Result nan = run({"superopt", kExample, "--no-gpu", "--budget", "nan", "-o", (dir.path / "o").string()});
  CHECK(nan.code == axon::kExitUser);
  CHECK(nan.err.find("expected a finite number") != std::string::npos);
  refused(run({"check", kExample, "--bind", "K=4", "--bind", "K=8"}), "K is bound twice");
  refused(run({"check", kExample, "--bind", "Z=4"}), "has no size Z");
  CHECK(run({"synth", "--op", ""}).code == axon::kExitUser);
  CHECK(run({"synth", "--expr", " "}).code == axon::kExitUser);
  std::string sum = "x";
  for (int i = 0; i < 20; ++i) sum += "+x";
  refused(run({"synth", "-q", "--expr", sum}), "at most 24");
  refused(run({"rewrite", kExample, "-o", (dir.path / "v.json").string()}), "only with --emit");
  CHECK(run({"rewrite", kExample, "--emit", "-1"}).code == axon::kExitUser);
}

TEST_CASE("cli robustness: superopt splits a chain deeper than its kernels' expressions", "[cli]") {
  // 3000 ops in a row: once a recursion 3000 deep in the code generator (8000 overflowed the
  // stack); now a value is stored every 256 ops.
  TempDir dir;
  std::string nodes;
  std::string prev = "x";
  for (int i = 0; i < 3000; ++i) {
    nodes += std::string(i ? "," : "") + R"({"name": "n)" + std::to_string(i) + R"(", "op": ")" + (i % 2 ? "neg" : "abs") + R"(", "inputs": [")" + prev + R"("]})";
    prev = "n" + std::to_string(i);
  }
  const std::string g = dir.write("chain.json", graph(R"({"name": "x", "shape": [64], "dtype": "f32"})", nodes, prev));
  Result r = run({"superopt", g, "--no-gpu", "-q", "--budget", "5", "-o", (dir.path / "out").string()});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(fs::exists(dir.path / "out" / "kernel11_elementwise.cu"));  // 3000 / 256: twelve kernels
}
