// Runtime sizes (docs/codegen.md, "Runtime sizes"; superopt --runtime-size M): row and
// elementwise kernels take M as the argument axon_n, the same code at every M (no literal stands
// for it), compiled by nvcc; the launcher exports _run_sized and _workspace_bytes_sized; families
// that do not support it say why; on a GPU the worker validates them at other sizes.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "axon/core/graph_json.h"
#include "axon/search/superopt.h"
#include "axon/semantics/verify.h"
#include "axon/tiling/kernel.h"
#include "axon/tiling/measure.h"
#include "codegen_support.h"
#include "internal.h"  // search/internal.h: runtime_probes, runtime_check
#include "solver_limits.h"

using namespace axon;
namespace fs = std::filesystem;
using axon::test::lowerings;
using axon::test::mm_fields;
using axon::test::nvcc;

namespace {

const char* kSoftmax = R"({"name": "softmax_m", "inputs": [{"name": "x", "shape": ["M", 1000], "dtype": "f32"}],
  "nodes": [{"name": "out", "op": "softmax", "inputs": ["x"], "attrs": {"axis": -1}}], "outputs": ["out"]})";
const char* kSiluBias = R"({"name": "silu_bias_m", "inputs": [{"name": "x", "shape": ["M", 384], "dtype": "bf16"},
  {"name": "b", "shape": [384], "dtype": "bf16"}],
  "nodes": [{"name": "s", "op": "add", "inputs": ["x", "b"]}, {"name": "out", "op": "silu", "inputs": ["s"]}], "outputs": ["out"]})";
// A residual add (elementwise, its sum an output) and an RMSNorm of it (a row kernel).
const char* kAddRms = R"({"name": "add_rms_m", "inputs": [{"name": "x", "shape": ["M", 512], "dtype": "bf16"},
  {"name": "r", "shape": ["M", 512], "dtype": "bf16"}, {"name": "g", "shape": [512], "dtype": "bf16"}],
  "nodes": [{"name": "s", "op": "add", "inputs": ["x", "r"]}, {"name": "y", "op": "rmsnorm", "inputs": ["s", "g"], "attrs": {"axis": -1, "eps": 1e-6}}],
  "outputs": ["y", "s"]})";
const char* kRmsMatmul = R"({"name": "rms_matmul_m", "inputs": [{"name": "x", "shape": ["M", 256], "dtype": "bf16"},
  {"name": "g", "shape": [256], "dtype": "bf16"}, {"name": "w", "shape": [256, 128], "dtype": "bf16"}],
  "nodes": [{"name": "y", "op": "rmsnorm", "inputs": ["x", "g"], "attrs": {"axis": -1, "eps": 1e-6}},
            {"name": "out", "op": "matmul", "inputs": ["y", "w"]}], "outputs": ["out"]})";
// Contractions: bf16 with a bias and gelu (tensor cores), f32 (SIMT).
const char* kMatmulGelu = R"({"name": "mm_gelu_m", "inputs": [{"name": "x", "shape": ["M", 512], "dtype": "bf16"},
  {"name": "w", "shape": [512, 384], "dtype": "bf16"}, {"name": "b", "shape": [384], "dtype": "bf16"}],
  "nodes": [{"name": "xw", "op": "matmul", "inputs": ["x", "w"]}, {"name": "h", "op": "add", "inputs": ["xw", "b"]},
            {"name": "out", "op": "gelu", "inputs": ["h"], "attrs": {"approximate": "tanh"}}], "outputs": ["out"]})";
const char* kMatmulF32 = R"({"name": "mm_f32_m", "inputs": [{"name": "a", "shape": ["M", 256], "dtype": "f32"},
  {"name": "w", "shape": [256, 192], "dtype": "f32"}],
  "nodes": [{"name": "out", "op": "matmul", "inputs": ["a", "w"]}], "outputs": ["out"]})";
// A sum over M (a column kernel: M is reduced): never runtime-sized.
const char* kColumnSum = R"({"name": "colsum_m", "inputs": [{"name": "x", "shape": ["M", 512], "dtype": "f32"}],
  "nodes": [{"name": "out", "op": "reduce_sum", "inputs": ["x"], "attrs": {"axes": [0]}}], "outputs": ["out"]})";

// The graph bound at M = m, and options with --runtime-size M (the inputs' shapes with M symbolic).
Graph bound(const char* text, int64_t m) { return parse_graph(text, "test.json", {{"M", m}}); }
SuperoptOptions runtime_options(const char* text, int64_t m, const std::string& tag) {
  SuperoptOptions o;
  o.bind = {{"M", m}};
  o.runtime_size = "M";
  for (const Node* in : parse_graph(text, "test.json", {}).inputs) o.runtime_inputs[in->input_name()] = in->shape();
  o.work_dir = (fs::temp_directory_path() / ("axon_rt_" + tag + "_" + std::to_string(::getpid()))).string();
  return o;
}

// A trial that passed: its time at the tuned size, its times at other sizes, its runtime sizing.
ConfigTrial timed_trial(double us, std::vector<std::pair<int64_t, double>> at, const char* runtime = "sized") {
  ConfigTrial t;
  t.status = "ok";
  t.us = us;
  t.runtime = runtime;
  t.runtime_us = std::move(at);
  return t;
}

std::string text_of(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string without_comments(const std::string& s) {
  std::string out;
  std::istringstream is(s);
  for (std::string line; std::getline(is, line);) out += line.substr(0, line.find("//")) + "\n";
  return out;
}

// Every configuration of the graph's group of `family`, generated with runtime size m: the row,
// elementwise and contraction ones are runtime-sized (the same code at the probe sizes, no
// literal m), stream-K and wgmma ones included, except split-K contractions; the generic one is
// not. Returns the first sized kernel's body; counts the sized kernels of each kind in `seen`.
struct Seen {
  int wgmma = 0, stream_k = 0, mma_sync = 0, split_k = 0;
};
std::string check_every_config(const char* text, int64_t m, tiling::Strategy family, const std::string& name,
                               Seen* seen = nullptr) {
  const Graph g = bound(text, m);
  const SuperoptOptions o = runtime_options(text, m, "cfg");
  const Isa* isa = lowerings().isa.get();
  const tiling::Group* gr = nullptr;
  const auto groups = fusion_groups(g, "sm_90");
  for (const tiling::Group& x : groups)
    if (tiling::classify(x, isa).strategy == family) gr = &x;
  REQUIRE(gr != nullptr);
  const tiling::GroupShape s = tiling::classify(*gr, isa);
  const search_detail::RuntimeProbes rp = search_detail::runtime_probes(g, o);
  REQUIRE(rp.why.empty());
  std::string first;
  int sized = 0;
  // The target's limits: wgmma with TMA, stream-K and the mma.sync tiles alike.
  for (const tiling::RankedConfig& rc : tiling::enumerate_configs(*gr, s, axon::test::target_limits())) {
    INFO(rc.config.str());
    tiling::CodegenOptions co;
    co.name = name;
    co.runtime_size = m;
    const tiling::KernelCode k = tiling::generate(*gr, s, rc.config, lowerings(), co);
    const std::string why = search_detail::runtime_check(*gr, k, co, rp, lowerings(), tiling::F32Matmul::Tf32x3);
    if (rc.config.strategy() == tiling::Strategy::Generic) {
      CHECK_FALSE(k.runtime_sized);
      CHECK(why == "generic kernels take every size as a literal");
      continue;
    }
    // Split-K over a cluster: sized when its receive area holds a whole tile's rows.
    if (mm_fields(rc.config).splits > 1 && !mm_fields(rc.config).stream_k && mm_fields(rc.config).split_rows < mm_fields(rc.config).bm) {
      CHECK_FALSE(k.runtime_sized);
      CHECK(why.find("split-K") == 0);
      continue;
    }
    CHECK(why.empty());
    CHECK(k.runtime_sized);
    CHECK(k.body.find("long long axon_n)") != std::string::npos);
    // No literal stands for M (m is chosen to be no other size of the graph).
    CHECK(without_comments(k.body).find(std::to_string(m)) == std::string::npos);
    for (const tiling::Launch& l : k.launches) {
      CHECK(l.sized);
      CHECK(tiling::runtime_grid(l, m) == l.grid);
    }
    CHECK(k.runtime_max_n > m);
    ++sized;
    if (seen) {
      seen->stream_k += mm_fields(rc.config).stream_k ? 1 : 0;
      seen->split_k += mm_fields(rc.config).splits > 1 && !mm_fields(rc.config).stream_k ? 1 : 0;
      seen->wgmma += k.body.find("wgmma.mma_async") != std::string::npos ? 1 : 0;
      seen->mma_sync += k.body.find("mma.sync") != std::string::npos ? 1 : 0;
    }
    if (first.empty()) first = k.body;
  }
  CHECK(sized >= 4);
  return first;
}

}  // namespace

TEST_CASE("row and elementwise kernels take a runtime size as axon_n, the same code at every size", "[codegen][runtime]") {
  const std::string row = check_every_config(kSoftmax, 777, tiling::Strategy::Row, "rt_row");
  const std::string ew = check_every_config(kSiluBias, 777, tiling::Strategy::Elementwise, "rt_elementwise");
  const std::string cc = nvcc();
  if (cc.empty()) {
    WARN("nvcc not found: compile check skipped");
    return;
  }
  const auto r = axon::test::nvcc_compile(cc, tiling::prelude(lowerings()) + "\n" + row + "\n" + ew, "-arch=sm_90", "runtime_size");
  INFO(r.log.substr(0, 3000));
  CHECK(r.rc == 0);
}

TEST_CASE("contraction kernels take M at run time: tile rows, guards and tensor maps follow axon_n", "[codegen][runtime][contraction]") {
  Seen seen;
  const std::string tc = check_every_config(kMatmulGelu, 777, tiling::Strategy::Contraction, "rt_wgmma", &seen);
  // Every kind of tensor-core kernel the target's limits allow was among them.
  CHECK(seen.wgmma > 0);
  CHECK(seen.stream_k > 0);
  CHECK(seen.mma_sync > 0);
  CHECK(seen.split_k > 0);  // split-K over a cluster whose receive area holds a tile's rows
  const std::string simt = check_every_config(kMatmulF32, 777, tiling::Strategy::Contraction, "rt_simt");
  axon::test::check_sm90a(lowerings(), tc + "\n" + simt, "runtime_size_mm");
}

TEST_CASE("without a runtime size every size stays a literal", "[codegen][runtime]") {
  const Graph g = bound(kSoftmax, 777);
  const auto groups = fusion_groups(g, "sm_90");
  REQUIRE(groups.size() == 1);
  const tiling::GroupShape s = tiling::classify(groups[0]);
  const auto configs = tiling::enumerate_configs(groups[0], s, axon::test::target_limits());
  tiling::CodegenOptions co;
  co.name = "plain";
  const tiling::KernelCode k = tiling::generate(groups[0], s, configs.at(0).config, lowerings(), co);
  CHECK_FALSE(k.runtime_sized);
  CHECK(k.body.find("axon_n") == std::string::npos);
  CHECK(k.body.find("777") != std::string::npos);
  for (const tiling::Launch& l : k.launches) CHECK_FALSE(l.sized);
  // A runtime size that is no axis 0 of the row tensor: not sized, with the reason.
  co.runtime_size = 1000;
  const tiling::KernelCode k2 = tiling::generate(groups[0], s, configs.at(0).config, lowerings(), co);
  CHECK_FALSE(k2.runtime_sized);
  CHECK(k2.runtime_why == "the row tensor's axis 0 is not the runtime size");
}

TEST_CASE("superopt --runtime-size writes a launcher with _run_sized, or says which kernel is not sized", "[codegen][superopt][runtime]") {
  SuperoptOptions o = runtime_options(kAddRms, 1000, "launcher");
  o.no_gpu = true;
  o.budget_s = 20;
  o.variants = 1;
  const Graph g = bound(kAddRms, 1000);
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  REQUIRE(r.best >= 0);
  const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
  INFO(best.runtime.why);
  REQUIRE(best.runtime.sized);
  CHECK(best.runtime.tuned == 1000);
  for (const KernelResult& k : best.kernels) CHECK(k.trials.at(static_cast<size_t>(k.winner)).runtime == "sized");
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  nlohmann::json lj = nlohmann::json::parse(std::ifstream(out / "launcher.json"));
  CHECK(lj["runtime_size"]["symbol"] == "M");
  CHECK(lj["runtime_size"]["tuned"] == 1000);
  CHECK(lj["symbol_sized"] == "axon_add_rms_m_run_sized");
  const std::string h = text_of(out / "axon_add_rms_m.h"), cu = text_of(out / "axon_add_rms_m.cu");
  CHECK(h.find("int axon_add_rms_m_run_sized(long long n, const void* const* inputs") != std::string::npos);
  CHECK(h.find("size_t axon_add_rms_m_workspace_bytes_sized(long long n);") != std::string::npos);
  CHECK(cu.find("return axon_add_rms_m_run_sized(1000, inputs, outputs, workspace_, stream);") != std::string::npos);
  CHECK(cu.find("if (n < 1 || n > ") != std::string::npos);
  CHECK(cu.find("axon_grid(n, ") != std::string::npos);
  nlohmann::json rep = nlohmann::json::parse(std::ifstream(out / "report.json"));
  CHECK(rep["runtime_size"]["sized"] == true);
  if (!nvcc().empty()) CHECK(lj["library_built"] == true);

  // A sum over M (a column kernel) takes M as a literal: the variant is not sized, and
  // report.json says which kernel.
  SuperoptOptions oc = runtime_options(kColumnSum, 640, "column");
  oc.no_gpu = true;
  oc.budget_s = 20;
  oc.variants = 1;
  const Graph gc = bound(kColumnSum, 640);
  SuperoptResult rc = superoptimize(gc, oc, [&v](const RuleSpec& rule) { return v.verify(rule); });
  REQUIRE(rc.best >= 0);
  const VariantResult& bc = rc.realized.at(static_cast<size_t>(rc.best));
  CHECK_FALSE(bc.runtime.sized);
  CHECK(bc.runtime.why.find("column kernels take every size as a literal") != std::string::npos);
  const fs::path outc = fs::path(oc.work_dir) / "out";
  (void)write_outputs(gc, rc, oc, outc.string());
  nlohmann::json ljc = nlohmann::json::parse(std::ifstream(outc / "launcher.json"));
  CHECK_FALSE(ljc.contains("runtime_size"));
  CHECK(text_of(outc / "axon_colsum_m.h").find("_run_sized") == std::string::npos);
  nlohmann::json repc = nlohmann::json::parse(std::ifstream(outc / "report.json"));
  CHECK(repc["runtime_size"]["sized"] == false);
  CHECK(repc["runtime_size"]["why_not"].get<std::string>().find("kernel ") == 0);
  fs::remove_all(o.work_dir);
  fs::remove_all(oc.work_dir);
}

TEST_CASE("_run keeps each kernel's fastest candidate, _run_sized the fastest runtime-sized one", "[codegen][superopt][runtime]") {
  // RMSNorm -> matmul at M = 16: the model ranks split-K first (not runtime-sized).
  const char* text = R"({"name": "rms_mm_16", "inputs": [{"name": "x", "shape": ["M", 4096], "dtype": "bf16"},
    {"name": "g", "shape": [4096], "dtype": "bf16"}, {"name": "w", "shape": [4096, 4096], "dtype": "bf16"}],
    "nodes": [{"name": "y", "op": "rmsnorm", "inputs": ["x", "g"], "attrs": {"axis": -1, "eps": 1e-6}},
              {"name": "out", "op": "matmul", "inputs": ["y", "w"]}], "outputs": ["out"]})";
  SuperoptOptions o = runtime_options(text, 16, "dual");
  o.no_gpu = true;
  o.budget_s = 20;
  o.variants = 1;
  const Graph g = bound(text, 16);
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  REQUIRE(r.best >= 0);
  const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
  INFO(best.runtime.why);
  REQUIRE(best.runtime.sized);
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  const std::string cu = text_of(out / "axon_rms_mm_16.cu");
  int dual = 0;
  for (size_t i = 0; i < best.kernels.size(); ++i) {
    const KernelResult& k = best.kernels[i];
    REQUIRE(k.sized_winner >= 0);
    CHECK(k.trials.at(static_cast<size_t>(k.sized_winner)).runtime == "sized");
    CHECK(k.sized_code.runtime_sized);
    if (k.sized_winner == k.winner) continue;
    ++dual;
    CHECK(fs::exists(out / ("kernel" + std::to_string(i) + "_" + tiling::strategy_name(k.code.config.strategy()) + "_sized.cu")));
    CHECK(cu.find(k.code.launches.at(0).function) != std::string::npos);        // in _run
    CHECK(cu.find(k.sized_code.launches.at(0).function) != std::string::npos);  // in _run_sized
  }
  CHECK(dual >= 1);
  // Then _run launches its own kernels at the literal sizes, not _run_sized at the tuned n.
  CHECK(cu.find("return axon_rms_mm_16_run_sized(16,") == std::string::npos);
  CHECK(cu.find("extern \"C\" int axon_rms_mm_16_run_sized(long long n") != std::string::npos);
  if (!nvcc().empty()) CHECK(nlohmann::json::parse(std::ifstream(out / "launcher.json"))["library_built"] == true);
  fs::remove_all(o.work_dir);
}

TEST_CASE("axon superopt --runtime-size: the symbol must be bound, and the launcher says the runtime size", "[codegen][superopt][runtime]") {
  const fs::path dir = fs::temp_directory_path() / ("axon_rt_cli_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "g.json") << kSoftmax;
  const std::string exe = AXON_BINARY, base = exe + " superopt " + (dir / "g.json").string() + " -o " + (dir / "out").string() +
                                               " --no-gpu --budget 5 --store none -q --runtime-size ";
  auto run = [&](const std::string& args) {
    const std::string cmd = base + args + " > " + (dir / "log").string() + " 2>&1";
    const int rc = std::system(cmd.c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  };
  CHECK(run("M") == 2);  // not bound
  CHECK(text_of(dir / "log").find("--runtime-size M: give its tuned value with --bind M=VALUE") != std::string::npos);
  CHECK(run("'1x' --bind M=64") == 2);  // not a symbol
  REQUIRE(run("M --bind M=64") == 0);
  nlohmann::json lj = nlohmann::json::parse(std::ifstream(dir / "out" / "launcher.json"));
  CHECK(lj["runtime_size"]["tuned"] == 64);
  // --runtime-time-at: sizes from 1, with --runtime-size only; another tuning key.
  CHECK(run("M --bind M=64 --runtime-time-at 0") == 2);
  CHECK(run("M --bind M=64 --runtime-time-at 3,x") == 2);
  const std::string alone = exe + " superopt " + (dir / "g.json").string() + " -o " + (dir / "o2").string() +
                            " --no-gpu --store none -q --bind M=64 --runtime-time-at 50 > " + (dir / "log").string() + " 2>&1";
  const int rc = std::system(alone.c_str());
  CHECK((WIFEXITED(rc) ? WEXITSTATUS(rc) : -1) == 2);
  CHECK(text_of(dir / "log").find("--runtime-time-at: give --runtime-size too") != std::string::npos);
  auto key = [&](const std::string& args) {
    const std::string cmd = base + args + " --print-tuning-key > " + (dir / "key").string() + " 2>&1";
    return std::system(cmd.c_str()) == 0 ? text_of(dir / "key") : std::string("failed");
  };
  const std::string k1 = key("M --bind M=64"), k2 = key("M --bind M=64 --runtime-time-at 46,90");
  CHECK(k1 != "failed");
  CHECK(k1 != k2);
  CHECK(k2.find("runtime-time-at 46 90") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("the runtime winner timed over a range is the least worst ratio to the fastest, not the fastest at the tuned size",
          "[codegen][runtime]") {
  // Three sized trials: a is fastest at the tuned size and loses 40% at 1145 (one more wave);
  // b is 5% behind at the tuned size and fastest above; c is not sized.
  std::vector<ConfigTrial> trials{timed_trial(50.0, {{725, 40.0}, {1448, 140.0}}, "sized"), timed_trial(52.5, {{725, 41.0}, {1448, 100.0}}, "sized"),
                                  timed_trial(30.0, {}, "split-K over a cluster sizes its receive area by M")};
  CHECK(search_detail::runtime_winner(trials, true) == 1);
  // Without times at other sizes: the fastest sized one at the tuned size.
  for (ConfigTrial& t : trials) t.runtime_us.clear();
  CHECK(search_detail::runtime_winner(trials, true) == 0);
  // Times missing for one sized trial (its timing job failed): the tuned size's rule.
  trials[1].runtime_us = {{725, 41.0}, {1448, 100.0}};
  CHECK(search_detail::runtime_winner(trials, true) == 0);
  // A wrong one is never picked, however fast.
  trials[0].runtime_us = {{725, 40.0}, {1448, 140.0}};
  trials[1].status = "wrong";
  CHECK(search_detail::runtime_winner(trials, true) == 0);
}

TEST_CASE("above the tuned size the runtime winner is ranked over the sizes timed there alone", "[codegen][runtime]") {
  // At M = 1024: a fills whole waves (fastest there) and needs one more at 1025 and 1448; b, a
  // stream-K kernel, is behind at 1024 and ahead above; 800 is below the tuned size.
  std::vector<ConfigTrial> trials{timed_trial(48.0, {{800, 47.0}, {1025, 96.0}, {1448, 97.0}}), timed_trial(62.0, {{800, 50.0}, {1025, 63.0}, {1448, 88.0}})};
  CHECK(search_detail::runtime_winner(trials, true, 1024) == 0);        // at 1024 and 800: a
  CHECK(search_detail::runtime_winner(trials, true, 1024, true) == 1);  // at 1025 and 1448: b
  CHECK(search_detail::runtime_winner(trials, true) == 1);              // over all four: b's worst is 1.29, a's 1.52
  // Nothing timed above: no kernel above (the one at or below serves the whole range).
  for (ConfigTrial& t : trials) t.runtime_us.resize(1);
  CHECK(search_detail::runtime_winner(trials, true, 1024, true) == -1);
  CHECK(search_detail::runtime_winner(trials, true, 1024) == 0);
  // Untimed: no kernel above either.
  for (ConfigTrial& t : trials) t.status = "untimed";
  CHECK(search_detail::runtime_winner(trials, false, 1024, true) == -1);
}

TEST_CASE("_run_sized launches the kernel ranked first above the tuned size for n above it", "[codegen][superopt][runtime]") {
  SuperoptOptions o = runtime_options(kSoftmax, 777, "above");
  o.no_gpu = true;
  o.budget_s = 20;
  o.variants = 1;
  const Graph g = bound(kSoftmax, 777);
  Verifier v(axon_test::verify_options());
  SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
  REQUIRE(r.best >= 0);
  VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
  REQUIRE(best.runtime.sized);
  REQUIRE(best.kernels.size() == 1);
  KernelResult& k = best.kernels[0];
  // Another sized candidate as the one above (superopt picks it from times above 777 on a GPU),
  // generated and named as superopt names its candidates.
  int other = -1;
  for (size_t i = 0; i < k.trials.size() && other < 0; ++i)
    if (static_cast<int>(i) != k.sized_winner && k.trials[i].runtime == "sized") other = static_cast<int>(i);
  REQUIRE(other >= 0);
  tiling::CodegenOptions co;
  co.name = k.name + "_c" + std::to_string(other);
  co.runtime_size = 777;
  k.sized_above = other;
  k.sized_above_code = tiling::generate(k.group, k.shape, k.trials[static_cast<size_t>(other)].config, r.lowerings, co);
  REQUIRE(k.sized_above_code.runtime_sized);
  const fs::path out = fs::path(o.work_dir) / "out";
  (void)write_outputs(g, r, o, out.string());
  const std::string cu = text_of(out / "axon_softmax_m.cu");
  const size_t sized = cu.find("extern \"C\" int axon_softmax_m_run_sized(long long n");
  REQUIRE(sized != std::string::npos);
  const std::string body = cu.substr(sized);
  const std::string below_fn = k.sized_code.launches.at(0).function, above_fn = k.sized_above_code.launches.at(0).function;
  CHECK(below_fn != above_fn);
  CHECK(body.find("if (n <= 777ll) {") != std::string::npos);
  CHECK(body.find("if (n > 777ll) {") != std::string::npos);
  CHECK(body.find("if (n <= 777ll) {") < body.find(below_fn));
  CHECK(body.find(below_fn) < body.find("if (n > 777ll) {"));
  CHECK(body.find("if (n > 777ll) {") < body.find(above_fn));
  CHECK(fs::exists(out / "kernel0_row_sized_above.cu"));
  // _run at the tuned size is _run_sized there, which takes the kernel at or below it.
  CHECK(cu.find("return axon_softmax_m_run_sized(777,") != std::string::npos);
  if (!nvcc().empty()) CHECK(nlohmann::json::parse(std::ifstream(out / "launcher.json"))["library_built"] == true);
  fs::remove_all(o.work_dir);
}

TEST_CASE("runtime-sized kernels tuned at one size are right at other sizes on the GPU", "[gpu][runtime]") {
  const std::string exe = std::getenv("AXON_BIN") ? std::getenv("AXON_BIN") : AXON_BINARY;
  const gpu::Probe p = gpu::probe(exe);
  if (!p.ok || !gpu::nvrtc_status().empty()) {
    WARN("no GPU or NVRTC: skipped");
    return;
  }
  Verifier v(axon_test::verify_options());
  for (const char* text : {kAddRms, kSoftmax, kSiluBias, kRmsMatmul, kMatmulGelu, kMatmulF32}) {
    SuperoptOptions o = runtime_options(text, 1000, "gpu");
    o.target = "sm_" + std::to_string(p.props.sm);
    o.probe = p;
    o.self_exe = exe;
    o.budget_s = 60;
    o.variants = 1;
    o.configs = 8;
    // Every candidate that passes at 1000 is validated at these sizes against the reference.
    o.runtime_validate_at = {1, 2, 5, 999, 1001, 2500};
    const Graph g = bound(text, 1000);
    INFO(g.name);
    SuperoptResult r = superoptimize(g, o, [&v](const RuleSpec& rule) { return v.verify(rule); });
    REQUIRE(r.timed);
    REQUIRE(r.best >= 0);
    const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
    INFO(best.runtime.why);
    // The original graph's variant is sized (a rewritten one may not be: a reshape to literal
    // sizes); the chosen one is, unless it is over 10% faster than every sized one.
    const auto original = std::find_if(r.realized.begin(), r.realized.end(), [](const VariantResult& v) {
      return v.variant == 0 && !v.stored_statistics && !v.own_reductions;
    });
    REQUIRE(original != r.realized.end());
    CHECK(original->runtime.sized);
    if (!best.runtime.sized)
      for (const VariantResult& vr : r.realized)
        if (vr.runtime.sized) CHECK(vr.total_us > search_detail::kRuntimeSizedSlack * best.total_us);
    for (const VariantResult& vr : r.realized)
      for (const KernelResult& k : vr.kernels)
        for (const ConfigTrial& t : k.trials) {
          INFO(k.group.label << ": " << t.config.str() << ": " << t.status << " " << t.detail);
          if (t.config.strategy() == tiling::Strategy::Generic || t.status == "skipped" || mm_fields(t.config).stream_k || mm_fields(t.config).splits > 1) continue;
          CHECK(t.status == "ok");
          // Validated at every size above; a failure there is said as "wrong at M = n: ..."
          // (variants whose graph is not sized, a reshape to literal sizes, say so before).
          for (const char* bad : {"wrong at", "fault at", "timeout at", "error at", "does not compile"}) CHECK(t.runtime.find(bad) != 0);
          if (vr.runtime.sized) CHECK(t.runtime == "sized");
        }
    fs::remove_all(o.work_dir);
  }
}
