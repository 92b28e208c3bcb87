// A search never ends with nothing while some variant can run (docs/codegen.md, "Fallback"): a
// kernel that no candidate validates is replaced by finer kernels of the same nodes, the terminal
// and report.json say so, and superopt exits 0; it exits 1 only when nothing at all validates.
// Without a GPU, through the test seam `--test-fail-groups` (the same selection code runs on the
// GPU host with measured outcomes). And a generic candidate that could not finish before
// --timeout is estimated and skipped, not run into the timeout.
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "axon/core/graph_json.h"
#include "axon/search/cost_model.h"
#include "axon/search/superopt.h"
#include "axon/semantics/verify.h"
#include "codegen_support.h"
#include "solver_limits.h"
#include "internal.h"

using namespace axon;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Attention in the flash form (the division by the row sum after P V), causal, head size D,
// L queries and keys: the cost model makes it one "attention" kernel, and the unscaled constant
// without a dtype is bf16 next to the bf16 scores.
std::string flash(int64_t batch, int64_t heads, int64_t L, int64_t D) {
  const std::string shape = "[" + std::to_string(batch) + ", " + std::to_string(heads) + ", " + std::to_string(L) + ", " + std::to_string(D) + "]";
  return R"({"name": "flash", "inputs": [{"name": "q", "shape": )" + shape + R"(, "dtype": "bf16"},
    {"name": "k", "shape": )" + shape + R"(, "dtype": "bf16"}, {"name": "v", "shape": )" + shape + R"(, "dtype": "bf16"}],
  "nodes": [
    {"name": "s", "op": "matmul", "inputs": ["q", "k"], "attrs": {"transpose_b": true}},
    {"name": "scale", "op": "constant", "inputs": [], "attrs": {"value": 0.10206207261596575}},
    {"name": "ss", "op": "mul", "inputs": ["s", "scale"]},
    {"name": "masked", "op": "causal_mask", "inputs": ["ss"]},
    {"name": "m", "op": "reduce_max", "inputs": ["masked"], "attrs": {"axes": [-1], "keepdims": true}},
    {"name": "d", "op": "sub", "inputs": ["masked", "m"]},
    {"name": "e", "op": "exp", "inputs": ["d"]},
    {"name": "l", "op": "reduce_sum", "inputs": ["e"], "attrs": {"axes": [-1], "keepdims": true}},
    {"name": "pv", "op": "matmul", "inputs": ["e", "v"]},
    {"name": "out", "op": "div", "inputs": ["pv", "l"]}],
  "outputs": ["out"]})";
}

const char* kSoftmax = R"({"name": "sm", "inputs": [{"name": "x", "shape": [67, 1031], "dtype": "f32"}],
  "nodes": [{"name": "out", "op": "softmax", "inputs": ["x"], "attrs": {"axis": -1}}], "outputs": ["out"]})";

// A fresh folder, removed at the end.
struct Dir {
  fs::path path;
  explicit Dir(const std::string& tag) : path(fs::temp_directory_path() / ("axon_fallback_" + tag + "_" + std::to_string(::getpid()))) {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

struct Run {
  int rc = -1;
  std::string out;
};

// `axon superopt GRAPH --no-gpu -q` on the original graph alone (one variant), with `extra`.
Run superopt(const Dir& d, const std::string& graph_json, const std::string& extra) {
  std::ofstream(d.path / "g.json") << graph_json;
  const std::string cmd = std::string(AXON_BINARY) + " superopt " + (d.path / "g.json").string() + " -o " + (d.path / "out").string() +
                          " --no-gpu -q --budget 5 --max-variants 1 --variants 1 " + extra + " > " + (d.path / "stdout").string() +
                          " 2> " + (d.path / "stderr").string();
  Run r;
  const int status = std::system(cmd.c_str());
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::stringstream ss;
  ss << std::ifstream(d.path / "stdout").rdbuf() << std::ifstream(d.path / "stderr").rdbuf();
  r.out = ss.str();
  return r;
}

json report(const Dir& d) { return json::parse(std::ifstream(d.path / "out" / "report.json")); }

const json& chosen(const json& rep) {
  for (const json& v : rep.at("variants"))
    if (v.at("chosen").get<bool>()) return v;
  FAIL("no chosen variant");
  return rep;
}

}  // namespace

TEST_CASE("a fused attention kernel that nothing validates falls back to its parts, says so, and exits 0", "[codegen][superopt][fallback]") {
  Dir d("attention");
  const Run r = superopt(d, flash(1, 2, 80, 96), "--test-fail-groups 'attention ->'");
  INFO(r.out);
  REQUIRE(r.rc == 0);
  // The terminal says which kernel failed, why, and what replaced it (with -q too).
  CHECK(r.out.find("fallback: kernel axon_flash_k0 (attention -> out): no candidate passed validation") != std::string::npos);
  CHECK(r.out.find("replaced by 5 kernels: contraction -> masked; reduction -> m; contraction -> pv; reduction -> l; elementwise -> out") !=
        std::string::npos);
  const json rep = report(d);
  CHECK(rep.at("validated") == true);
  REQUIRE(rep.at("fallbacks").size() == 1);
  const json& f = rep.at("fallbacks")[0];
  CHECK(f.at("kernel") == "axon_flash_k0");
  CHECK(f.at("group") == "attention -> out");
  CHECK(f.at("why").get<std::string>().find("wrong") != std::string::npos);
  CHECK(!f.at("trials").empty());
  // Its parts: the scores' contraction, the row max, P V beside the row sum split in two (the
  // tiling makes that contraction generic), and the division; they are the chosen kernels.
  const std::vector<std::string> parts{"contraction -> masked", "reduction -> m", "contraction -> pv", "reduction -> l", "elementwise -> out"};
  CHECK(f.at("replaced_by").get<std::vector<std::string>>() == parts);
  const json& v = chosen(rep);
  CHECK(v.at("fallbacks").size() == 1);
  std::vector<std::string> groups;
  for (const json& k : v.at("kernels")) {
    groups.push_back(k.at("group").get<std::string>());
    CHECK(k.at("strategy") != "generic");
  }
  CHECK(groups == parts);
  // The launcher runs them in that order, intermediates in the workspace.
  const json lj = json::parse(std::ifstream(d.path / "out" / "launcher.json"));
  CHECK(lj.at("workspace_bytes").get<int64_t>() > 0);
  if (!axon::test::nvcc().empty()) CHECK(lj.at("library_built") == true);
}

TEST_CASE("a row kernel that nothing validates is split into its reductions and its write", "[codegen][superopt][fallback]") {
  Dir d("row");
  const Run r = superopt(d, kSoftmax, "--test-fail-groups 'reduction -> out'");
  INFO(r.out);
  REQUIRE(r.rc == 0);
  const json rep = report(d);
  REQUIRE(rep.at("fallbacks").size() == 1);
  const auto by = rep.at("fallbacks")[0].at("replaced_by").get<std::vector<std::string>>();
  REQUIRE(by.size() == 3);  // max, sum of exp, the division
  CHECK(by[0].rfind("reduction -> ", 0) == 0);
  CHECK(by[1].rfind("reduction -> ", 0) == 0);
  CHECK(by[2] == "elementwise -> out");
  CHECK(chosen(rep).at("kernels").size() == 3);
}

TEST_CASE("when nothing validates, not even single nodes, superopt exits 1 with report.json saying why", "[codegen][superopt][fallback]") {
  Dir d("none");
  const Run r = superopt(d, flash(1, 2, 80, 96), "--test-fail-groups '->'");
  INFO(r.out);
  CHECK(r.rc == 1);
  CHECK(r.out.find("error: ") != std::string::npos);
  CHECK(r.out.find("no variant could be realized") != std::string::npos);
  const json rep = report(d);
  CHECK(rep.at("validated") == false);
  CHECK(rep.at("fallbacks").empty());
  REQUIRE(rep.at("variants").size() == 1);
  const json& v = rep.at("variants")[0];
  CHECK(v.at("chosen") == false);
  CHECK(v.at("failed").get<std::string>().find("computes a single node") != std::string::npos);
  CHECK(v.at("fallbacks").size() >= 1);
  // No launcher for a graph nothing realized.
  CHECK_FALSE(fs::exists(d.path / "out" / "launcher.json"));
}

TEST_CASE("the fallback's plan from per-kernel outcomes: parts in place, split again, or failed", "[codegen][fallback]") {
  Graph g = parse_graph(flash(1, 2, 80, 96), "flash.json");
  const TargetModel tm = target_model("sm_90");
  const CostEstimate ce = estimate_cost(g, tm);
  REQUIRE(ce.kernel_list.size() == 1);
  REQUIRE(ce.kernel_list[0].kind == "attention");
  auto split = [&](const KernelEstimate& k) { return search_detail::split_kernel(k, tm); };
  // Outcomes: every kernel whose label contains one of `failing` has no winner.
  auto plan = [&](const std::vector<std::string>& failing) {
    return search_detail::realize_with_fallbacks(
        g, ce.kernel_list,
        [&](const KernelEstimate& k) {
          KernelResult kr;
          kr.group = search_detail::group_of(g, k);
          kr.name = "k" + std::to_string(k.nodes.size());
          kr.trials.push_back({});
          kr.trials[0].status = "ok";
          for (const std::string& f : failing)
            if (kr.group.label == f) kr.trials[0].status = "wrong";
          kr.winner = kr.trials[0].status == "ok" ? 0 : -1;
          return kr;
        },
        split, {});
  };
  auto labels = [](const search_detail::PlanOutcome& p) {
    std::vector<std::string> v;
    for (const KernelResult& k : p.kernels) v.push_back(k.group.label);
    return v;
  };
  // All pass: the fused kernel.
  search_detail::PlanOutcome all = plan({});
  CHECK(labels(all) == std::vector<std::string>{"attention -> out"});
  CHECK(all.fallbacks.empty());
  // The fused kernel fails: its parts (without the classification hook, P V keeps its side sum).
  search_detail::PlanOutcome parts = plan({"attention -> out"});
  CHECK(parts.failed.empty());
  CHECK(labels(parts) == std::vector<std::string>{"contraction -> masked", "reduction -> m", "contraction -> out"});
  REQUIRE(parts.fallbacks.size() == 1);
  CHECK(parts.fallbacks[0].why.find("no candidate passed validation (1 wrong)") == 0);
  // A part fails too: it is split in its place (the row sum, P V and the division apart).
  search_detail::PlanOutcome deeper = plan({"attention -> out", "contraction -> out"});
  CHECK(deeper.failed.empty());
  CHECK(labels(deeper) == std::vector<std::string>{"contraction -> masked", "reduction -> m", "contraction -> pv", "reduction -> l", "elementwise -> out"});
  CHECK(deeper.fallbacks.size() == 2);
  // A single node that fails: nothing finer, the plan fails.
  search_detail::PlanOutcome none = plan({"attention -> out", "reduction -> m"});
  CHECK(none.failed.find("reduction -> m") != std::string::npos);
}

TEST_CASE("a generic candidate that could not finish before --timeout is estimated and skipped", "[codegen][superopt][fallback]") {
  const TargetModel tm = target_model("sm_90");
  const tiling::Limits L = axon::test::target_limits();
  // Attention at head size 96 and 2048 keys as one generic kernel: every output element recomputes
  // its row's max and sum for every key. The floor alone is far past 30 s per launch.
  Graph big = parse_graph(flash(8, 16, 2048, 96), "flash.json");
  const CostEstimate ce = estimate_cost(big, tm);
  REQUIRE(ce.kernel_list.size() == 1);
  const tiling::Group gr = search_detail::group_of(big, ce.kernel_list[0]);
  const double floor_us = search_detail::generic_floor_us(gr, L);
  CHECK(floor_us > 30e6);
  CHECK(search_detail::generic_too_slow(floor_us, 30));
  // Its parts are not: a row max over 2048 keys per element.
  for (const KernelEstimate& p : search_detail::split_kernel(ce.kernel_list[0], tm)) {
    INFO(search_detail::group_of(big, p).label);
    CHECK_FALSE(search_detail::generic_too_slow(search_detail::generic_floor_us(search_detail::group_of(big, p), L), 30));
  }
  // A long serial sum (33 rows of 100001: 3.7 ms measured generic) is well inside.
  Graph sum = parse_graph(R"({"inputs": [{"name": "x", "shape": [33, 100001], "dtype": "f32"}],
    "nodes": [{"name": "s", "op": "reduce_sum", "inputs": ["x"], "attrs": {"axes": [1]}}], "outputs": ["s"]})", "sum.json");
  const CostEstimate cs = estimate_cost(sum, tm);
  const double sum_us = search_detail::generic_floor_us(search_detail::group_of(sum, cs.kernel_list.at(0)), L);
  CHECK(sum_us > 50);
  CHECK(sum_us < 3700);
  CHECK_FALSE(search_detail::generic_too_slow(sum_us, 30));

  // In superopt (untimed here, the same on the GPU): the fused kernel's generic candidate is
  // skipped with the estimate as its reason, and never the winner.
  SuperoptOptions o;
  o.no_gpu = true;
  o.budget_s = 5;
  o.variants = 1;
  o.explore.max_variants = 1;
  o.work_dir = (fs::temp_directory_path() / ("axon_fallback_skip_" + std::to_string(::getpid()))).string();
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(big, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  REQUIRE(r.best >= 0);
  const KernelResult& k = r.realized.at(static_cast<size_t>(r.best)).kernels.at(0);
  CHECK(k.group.label == "attention -> out");
  bool skipped = false;
  for (const ConfigTrial& t : k.trials)
    if (t.config.strategy() == tiling::Strategy::Generic) {
      skipped = t.status == "skipped";
      CHECK(t.detail.find("too long for --timeout 30 s") != std::string::npos);
    }
  CHECK(skipped);
  CHECK(k.trials.at(static_cast<size_t>(k.winner)).config.strategy() == tiling::Strategy::Attention);
  fs::remove_all(o.work_dir);
}
