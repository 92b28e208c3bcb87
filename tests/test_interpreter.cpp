// The reference interpreter: fast paths against the generic definitions on shape-reduced
// benchmark graphs, rounding to bf16/f16/f32, precision modes, .npy I/O, evaluate() errors and
// random inputs.
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "axon/core/npy.h"
#include "test_util.h"

using namespace axon_test;
using axon::DType;
using axon::Precision;
using axon::Tensor;
using axon::TensorMap;

namespace {

// Small variants of every graph in benchmarks/graphs (same ops and dtypes, odd sizes).
struct Bench {
  const char* name;
  const char* json;
};

const std::vector<Bench>& small_benchmarks() {
  static const std::vector<Bench> b = {
      {"gemm", R"({"inputs": [{"name": "a", "shape": [5, 7], "dtype": "bf16"},
          {"name": "b", "shape": [7, 3], "dtype": "bf16"}],
        "nodes": [{"name": "out", "op": "matmul", "inputs": ["a", "b"]}], "outputs": ["out"]})"},
      {"mlp_gelu", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "bf16"},
          {"name": "w", "shape": [7, 3], "dtype": "bf16"}, {"name": "b", "shape": [3], "dtype": "bf16"}],
        "nodes": [{"name": "xw", "op": "matmul", "inputs": ["x", "w"]},
          {"name": "h", "op": "add", "inputs": ["xw", "b"]},
          {"name": "out", "op": "gelu", "inputs": ["h"], "attrs": {"approximate": "tanh"}}],
        "outputs": ["out"]})"},
      {"swiglu", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "bf16"},
          {"name": "w1", "shape": [7, 3], "dtype": "bf16"}, {"name": "w3", "shape": [7, 3], "dtype": "bf16"}],
        "nodes": [{"name": "gate", "op": "matmul", "inputs": ["x", "w1"]},
          {"name": "up", "op": "matmul", "inputs": ["x", "w3"]},
          {"name": "act", "op": "silu", "inputs": ["gate"]},
          {"name": "out", "op": "mul", "inputs": ["act", "up"]}], "outputs": ["out"]})"},
      {"softmax", R"({"inputs": [{"name": "x", "shape": [6, 9], "dtype": "f32"}],
        "nodes": [{"name": "out", "op": "softmax", "inputs": ["x"], "attrs": {"axis": -1}}],
        "outputs": ["out"]})"},
      {"layernorm", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "bf16"},
          {"name": "gamma", "shape": [7], "dtype": "bf16"}, {"name": "beta", "shape": [7], "dtype": "bf16"}],
        "nodes": [{"name": "out", "op": "layernorm", "inputs": ["x", "gamma", "beta"],
          "attrs": {"axis": -1, "eps": 1e-5}}], "outputs": ["out"]})"},
      {"rmsnorm", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "bf16"},
          {"name": "gamma", "shape": [7], "dtype": "bf16"}],
        "nodes": [{"name": "out", "op": "rmsnorm", "inputs": ["x", "gamma"],
          "attrs": {"axis": -1, "eps": 1e-6}}], "outputs": ["out"]})"},
      {"add_layernorm", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "bf16"},
          {"name": "r", "shape": [5, 7], "dtype": "bf16"}, {"name": "gamma", "shape": [7], "dtype": "bf16"},
          {"name": "beta", "shape": [7], "dtype": "bf16"}],
        "nodes": [{"name": "sum", "op": "add", "inputs": ["x", "r"]},
          {"name": "out", "op": "layernorm", "inputs": ["sum", "gamma", "beta"],
           "attrs": {"axis": -1, "eps": 1e-5}}], "outputs": ["out"]})"},
      {"silu_bias_residual", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "f32"},
          {"name": "bias", "shape": [7], "dtype": "f32"}, {"name": "residual", "shape": [5, 7], "dtype": "f32"}],
        "nodes": [{"name": "h", "op": "add", "inputs": ["x", "bias"]},
          {"name": "act", "op": "silu", "inputs": ["h"]},
          {"name": "out", "op": "add", "inputs": ["act", "residual"]}], "outputs": ["out"]})"},
      {"row_sum", R"({"inputs": [{"name": "x", "shape": [5, 7], "dtype": "f32"}],
        "nodes": [{"name": "out", "op": "reduce_sum", "inputs": ["x"], "attrs": {"axes": [1]}}],
        "outputs": ["out"]})"},
      {"attention", R"({"inputs": [{"name": "q", "shape": [1, 2, 5, 4], "dtype": "bf16"},
          {"name": "k", "shape": [1, 2, 5, 4], "dtype": "bf16"}, {"name": "v", "shape": [1, 2, 5, 4], "dtype": "bf16"}],
        "nodes": [{"name": "kt", "op": "transpose", "inputs": ["k"], "attrs": {"perm": [0, 1, 3, 2]}},
          {"name": "scores", "op": "matmul", "inputs": ["q", "kt"]},
          {"name": "scale", "op": "constant", "inputs": [], "attrs": {"value": 0.5, "dtype": "bf16"}},
          {"name": "scaled", "op": "mul", "inputs": ["scores", "scale"]},
          {"name": "probs", "op": "softmax", "inputs": ["scaled"], "attrs": {"axis": -1}},
          {"name": "out", "op": "matmul", "inputs": ["probs", "v"]}], "outputs": ["out"]})"},
      {"attention_causal", R"({"inputs": [{"name": "q", "shape": [1, 2, 5, 4], "dtype": "bf16"},
          {"name": "k", "shape": [1, 2, 5, 4], "dtype": "bf16"}, {"name": "v", "shape": [1, 2, 5, 4], "dtype": "bf16"}],
        "nodes": [{"name": "kt", "op": "transpose", "inputs": ["k"], "attrs": {"perm": [0, 1, 3, 2]}},
          {"name": "scores", "op": "matmul", "inputs": ["q", "kt"]},
          {"name": "scale", "op": "constant", "inputs": [], "attrs": {"value": 0.5, "dtype": "bf16"}},
          {"name": "scaled", "op": "mul", "inputs": ["scores", "scale"]},
          {"name": "masked", "op": "causal_mask", "inputs": ["scaled"]},
          {"name": "probs", "op": "softmax", "inputs": ["masked"], "attrs": {"axis": -1}},
          {"name": "out", "op": "matmul", "inputs": ["probs", "v"]}], "outputs": ["out"]})"},
      {"rmsnorm_matmul", R"({"inputs": [{"name": "x", "shape": [3, 7], "dtype": "bf16"},
          {"name": "g", "shape": [7], "dtype": "bf16"}, {"name": "w", "shape": [7, 5], "dtype": "bf16"}],
        "nodes": [{"name": "y", "op": "rmsnorm", "inputs": ["x", "g"], "attrs": {"axis": -1, "eps": 1e-6}},
          {"name": "out", "op": "matmul", "inputs": ["y", "w"]}], "outputs": ["out"]})"},
      {"layernorm_matmul", R"({"inputs": [{"name": "x", "shape": [3, 7], "dtype": "bf16"},
          {"name": "gamma", "shape": [7], "dtype": "bf16"}, {"name": "beta", "shape": [7], "dtype": "bf16"},
          {"name": "w", "shape": [7, 5], "dtype": "bf16"}],
        "nodes": [{"name": "y", "op": "layernorm", "inputs": ["x", "gamma", "beta"],
           "attrs": {"axis": -1, "eps": 1e-5}},
          {"name": "out", "op": "matmul", "inputs": ["y", "w"]}], "outputs": ["out"]})"},
      {"transpose_matmul", R"({"inputs": [{"name": "a", "shape": [7, 5], "dtype": "bf16"},
          {"name": "w", "shape": [7, 3], "dtype": "bf16"}],
        "nodes": [{"name": "at", "op": "transpose", "inputs": ["a"], "attrs": {"perm": [1, 0]}},
          {"name": "out", "op": "matmul", "inputs": ["at", "w"]}], "outputs": ["out"]})"},
      {"softmax_matmul", R"({"inputs": [{"name": "s", "shape": [5, 7], "dtype": "bf16"},
          {"name": "v", "shape": [7, 3], "dtype": "bf16"}],
        "nodes": [{"name": "p", "op": "softmax", "inputs": ["s"], "attrs": {"axis": -1}},
          {"name": "out", "op": "matmul", "inputs": ["p", "v"]}], "outputs": ["out"]})"},
      {"softmax_odd", R"({"inputs": [{"name": "x", "shape": [3, 11], "dtype": "f32"}],
        "nodes": [{"name": "out", "op": "softmax", "inputs": ["x"], "attrs": {"axis": -1}}],
        "outputs": ["out"]})"},
      {"layernorm_odd", R"({"inputs": [{"name": "x", "shape": [5, 9], "dtype": "bf16"},
          {"name": "gamma", "shape": [9], "dtype": "bf16"}, {"name": "beta", "shape": [9], "dtype": "bf16"}],
        "nodes": [{"name": "out", "op": "layernorm", "inputs": ["x", "gamma", "beta"],
          "attrs": {"axis": -1, "eps": 1e-5}}], "outputs": ["out"]})"},
  };
  return b;
}

// The same graph with every node as an output ("t<id>"), so that evaluate() returns them all.
axon::Graph all_nodes(const axon::Graph& g) {
  axon::Graph all(g.ctx_ptr());
  all.inputs = g.inputs;
  all.names = g.names;
  for (const axon::Node* n : g.topo_order())
    if (n->op() != axon::Op::Input) all.outputs.push_back({"t" + std::to_string(n->id()), n});
  return all;
}

// Evaluates every node with evaluate() (fast paths) and again with evaluate_definition on the
// operand values evaluate() produced; returns the number of nodes compared. In F64 the two
// must agree within 1e-9; in native precision a matmul may differ by one unit of its dtype
// (summation order), every other node must agree exactly.
int compare_nodes(const axon::Graph& g, const TensorMap& inputs, Precision p) {
  axon::Graph all = all_nodes(g);
  axon::EvalOptions o;
  o.precision = p;
  TensorMap values = axon::evaluate(all, inputs, o);
  auto value_of = [&](const axon::Node* n) -> const Tensor& {
    if (n->op() == axon::Op::Input) return values.at("in:" + n->input_name());
    return values.at("t" + std::to_string(n->id()));
  };
  for (const axon::Node* in : g.inputs) {
    Tensor t = inputs.at(in->input_name());
    for (double& v : t.data) v = axon::round_to(in->dtype(), v);
    values["in:" + in->input_name()] = t;
  }
  int compared = 0;
  for (const auto& out : all.outputs) {
    const axon::Node* n = out.node;
    std::vector<const Tensor*> ops;
    for (const axon::Node* operand : n->operands()) ops.push_back(&value_of(operand));
    Tensor def = axon::evaluate_definition(*n, ops, p);
    const Tensor& fast = value_of(n);
    INFO("node " << out.name << " (" << axon::op_name(n->op()) << ")");
    REQUIRE(def.shape == fast.shape);
    CHECK(def.dtype == fast.dtype);
    if (p == Precision::F64 || n->op() != axon::Op::MatMul) {
      double tol = p == Precision::F64 ? 1e-9 : 0.0;
      CHECK(max_abs_diff(def, fast) <= tol);
    } else {
      double unit = n->dtype() == DType::bf16 ? 0x1p-7 : n->dtype() == DType::f16 ? 0x1p-10 : 0x1p-23;
      for (size_t i = 0; i < def.data.size(); ++i)
        CHECK(std::fabs(def.data[i] - fast.data[i]) <= unit * std::fabs(fast.data[i]));
    }
    ++compared;
  }
  // The graph's own output equals the all-nodes evaluation.
  TensorMap direct = axon::evaluate(g, inputs, o);
  CHECK(max_abs_diff(direct.at("out"), values.at("t" + std::to_string(g.outputs[0].node->id()))) == 0);
  return compared;
}

// A unique scratch directory, removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    static int counter = 0;
    path = std::filesystem::temp_directory_path() /
           ("axon_test_" + std::to_string(::getpid()) + "_" + std::to_string(++counter));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
};

std::string read_bytes(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A version-1.0 .npy file written by hand: header dict then raw little-endian data.
std::string npy_bytes(const std::string& dict, const std::string& data, int major = 1) {
  std::string header = dict;
  size_t prefix = major == 1 ? 10 : 12;
  while ((prefix + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
  size_t len = header.size();
  out += static_cast<char>(len & 0xff);
  out += static_cast<char>((len >> 8) & 0xff);
  if (major != 1) out += std::string(2, '\0');
  return out + header + data;
}

template <typename T>
std::string raw(std::initializer_list<T> values) {
  std::string s;
  for (T v : values) {
    char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    s.append(b, sizeof(T));
  }
  return s;
}

}  // namespace

TEST_CASE("fast matmul path and generic definitions agree on every benchmark node",
          "[interpreter][benchmarks]") {
  int total = 0;
  for (const Bench& b : small_benchmarks()) {
    INFO("graph " << b.name);
    axon::Graph g = graph_from(b.json);
    for (uint64_t seed : {1u, 2u}) {
      TensorMap in = axon::random_inputs(g, seed);
      total += compare_nodes(g, in, Precision::F64);
      total += compare_nodes(g, in, Precision::Native);
    }
  }
  CHECK(total > 100);
}

TEST_CASE("fast matmul path: batched, broadcast, 1-D and i32 operands", "[interpreter][matmul]") {
  struct Case {
    std::vector<int64_t> a, b;
    DType t;
  };
  std::vector<Case> cases = {
      {{2, 1, 3, 4}, {3, 4, 2}, DType::f32}, {{4}, {2, 4, 3}, DType::f32},
      {{2, 3, 4}, {4}, DType::f32},          {{4}, {4}, DType::f32},
      {{1, 5, 2}, {3, 2, 6}, DType::f16},    {{3, 2}, {2, 4}, DType::i32},
  };
  for (const auto& c : cases) {
    INFO(axon::dims_str(c.a) << " @ " << axon::dims_str(c.b) << " " << axon::dtype_name(c.t));
    axon::Graph g = graph_from("{\"inputs\": [" + input_json("a", c.t, c.a) + ", " +
                               input_json("b", c.t, c.b) +
                               "], \"nodes\": [{\"name\": \"out\", \"op\": \"matmul\", \"inputs\": "
                               "[\"a\", \"b\"]}], \"outputs\": [\"out\"]}");
    TensorMap in = axon::random_inputs(g, 7);
    compare_nodes(g, in, Precision::F64);
    compare_nodes(g, in, Precision::Native);
  }
  // i32 results saturate like every other i32 result, in both precisions and on both paths.
  axon::Graph g = graph_from(R"({"inputs": [{"name": "a", "shape": [1, 2], "dtype": "i32"},
      {"name": "b", "shape": [2, 1], "dtype": "i32"}],
    "nodes": [{"name": "out", "op": "matmul", "inputs": ["a", "b"]}], "outputs": ["out"]})");
  TensorMap in{{"a", tensor(DType::i32, {1, 2}, {65536, 65536})},
               {"b", tensor(DType::i32, {2, 1}, {65536, 1})}};
  for (Precision p : {Precision::F64, Precision::Native}) {
    CHECK_EXACT(eval_out(g, in, p), {1, 1}, {2147483647});
    compare_nodes(g, in, p);
  }
}

TEST_CASE("multi-threaded evaluation equals single-threaded", "[interpreter]") {
  axon::Graph g = graph_from(R"({"inputs": [{"name": "x", "shape": [64, 300], "dtype": "f32"},
      {"name": "w", "shape": [300, 40], "dtype": "f32"}],
    "nodes": [{"name": "s", "op": "softmax", "inputs": ["x"]},
      {"name": "m", "op": "matmul", "inputs": ["s", "w"]},
      {"name": "out", "op": "gelu", "inputs": ["m"]}], "outputs": ["out"]})");
  TensorMap in = axon::random_inputs(g, 3);
  axon::EvalOptions one, four;
  one.threads = 1;
  four.threads = 4;
  CHECK(max_abs_diff(axon::evaluate(g, in, one).at("out"), axon::evaluate(g, in, four).at("out")) == 0);
}

TEST_CASE("round_to bf16: nearest even, overflow, subnormals", "[interpreter][rounding]") {
  using axon::round_to;
  const DType b = DType::bf16;
  CHECK(round_to(b, 1.0) == 1.0);
  CHECK(round_to(b, 1 + 0x1p-8) == 1.0);                        // tie -> even (1)
  CHECK(round_to(b, 1 + 3 * 0x1p-8) == 1 + 0x1p-6);             // tie -> even (1 + 2^-6)
  CHECK(round_to(b, 1 + 0x1p-8 + 0x1p-30) == 1 + 0x1p-7);       // just above the tie
  CHECK(round_to(b, 1 + 0x1p-8 - 0x1p-30) == 1.0);              // just below
  CHECK(round_to(b, -(1 + 3 * 0x1p-8)) == -(1 + 0x1p-6));
  CHECK(round_to(b, 3.14159265358979) == 3.140625);
  CHECK(round_to(b, 0.1) == 0.10009765625);
  CHECK(round_to(b, 1 - 0x1p-10) == 1.0);                       // rounds up across the binade
  // Largest finite: (2 - 2^-7) * 2^127; the tie above it goes to inf.
  const double max_bf16 = 0x1.fep127;
  CHECK(round_to(b, max_bf16) == max_bf16);
  CHECK(round_to(b, 0x1.fd8p127) == max_bf16);             // above the tie at 0x1.fdp127
  CHECK(round_to(b, 0x1.fdp127) == 0x1.fcp127);                 // tie -> even (0x1.fc)
  CHECK(round_to(b, 0x1.ffp127) == kInf);
  CHECK(round_to(b, 0x1.fefp127) == max_bf16);
  CHECK(round_to(b, -1e39) == -kInf);
  // Subnormals: the quantum is 2^-133.
  CHECK(round_to(b, 0x1p-133) == 0x1p-133);
  CHECK(round_to(b, 0x1p-134) == 0);                            // tie -> even (0)
  CHECK(round_to(b, 0x1.8p-134) == 0x1p-133);
  CHECK(round_to(b, 3 * 0x1p-134) == 0x1p-132);                 // 1.5 quanta: tie -> 2
  CHECK(round_to(b, 0x1p-127 + 0x1p-133) == 0x1p-127 + 0x1p-133);
  CHECK(round_to(b, 0x1p-126) == 0x1p-126);
  CHECK(round_to(b, 1e-50) == 0);
  CHECK(std::signbit(round_to(b, -1e-50)));
  CHECK(std::isnan(round_to(b, kNaN)));
  CHECK(round_to(b, kInf) == kInf);
  CHECK(round_to(b, -kInf) == -kInf);
  CHECK(std::signbit(round_to(b, -0.0)));
}

TEST_CASE("round_to f16 and f32", "[interpreter][rounding]") {
  using axon::round_to;
  const DType h = DType::f16;
  CHECK(round_to(h, 65504) == 65504);
  CHECK(round_to(h, 65519.99) == 65504);
  CHECK(round_to(h, 65520) == kInf);                            // tie above the max -> inf
  CHECK(round_to(h, 1e5) == kInf);
  CHECK(round_to(h, -65520) == -kInf);
  CHECK(round_to(h, 1 + 0x1p-11) == 1);
  CHECK(round_to(h, 1 + 3 * 0x1p-11) == 1 + 0x1p-9);
  CHECK(round_to(h, 2049) == 2048);
  CHECK(round_to(h, 2051) == 2052);
  CHECK(round_to(h, 0.1) == 0.0999755859375);
  CHECK(round_to(h, 0x1p-14) == 0x1p-14);                       // smallest normal
  CHECK(round_to(h, 0x1p-24) == 0x1p-24);                       // smallest subnormal
  CHECK(round_to(h, 0x1p-25) == 0);                             // tie -> 0
  CHECK(round_to(h, 0x1.0001p-25) == 0x1p-24);
  CHECK(round_to(h, 3 * 0x1p-25) == 0x1p-23);
  CHECK(round_to(h, 5 * 0x1p-25) == 0x1p-23);                   // 2.5 quanta -> 2
  CHECK(std::isnan(round_to(h, kNaN)));

  const DType f = DType::f32;
  CHECK(round_to(f, 1 + 0x1p-24) == 1);
  CHECK(round_to(f, 1 + 3 * 0x1p-24) == 1 + 0x1p-22);
  CHECK(round_to(f, 0.1) == 0.100000001490116119384765625);
  CHECK(round_to(f, 0x1.fffffep127) == 0x1.fffffep127);
  CHECK(round_to(f, 0x1.ffffffp127) == kInf);
  CHECK(round_to(f, 1e39) == kInf);
  CHECK(round_to(f, 0x1p-149) == 0x1p-149);
  CHECK(round_to(f, 0x1p-150) == 0);
  CHECK(round_to(f, 0x1.8p-149) == 0x1p-148);
  CHECK(std::isnan(round_to(f, kNaN)));

  CHECK(round_to(DType::i32, 2.9) == 2);
  CHECK(round_to(DType::i32, -2.9) == -2);
  CHECK(round_to(DType::i32, kNaN) == 0);
  CHECK(round_to(DType::i32, 1e10) == 2147483647);
  CHECK(round_to(DType::boolean, kNaN) == 1);
  CHECK(round_to(DType::boolean, -0.0) == 0);
  CHECK(round_to(DType::boolean, 0.25) == 1);
}

TEST_CASE("precision modes: native rounds every node, f64 rounds nothing", "[interpreter][precision]") {
  axon::Graph add = graph_from(R"({"inputs": [{"name": "a", "shape": [1], "dtype": "bf16"},
      {"name": "b", "shape": [1], "dtype": "bf16"}],
    "nodes": [{"name": "out", "op": "add", "inputs": ["a", "b"]}], "outputs": ["out"]})");
  TensorMap in{{"a", tensor(DType::bf16, {1}, {1})}, {"b", tensor(DType::bf16, {1}, {0x1p-9})}};
  CHECK_EXACT(eval_out(add, in, Precision::Native), {1}, {1});
  CHECK_EXACT(eval_out(add, in, Precision::F64), {1}, {1 + 0x1p-9});

  // Inputs are rounded to their dtype in both modes.
  TensorMap fine{{"a", tensor(DType::f32, {1}, {1 + 0x1p-9})}, {"b", tensor(DType::f32, {1}, {0})}};
  CHECK_EXACT(eval_out(add, fine, Precision::F64), {1}, {1});

  // A reduction rounds its result once, not each partial sum: 1 + 4 * 2^-9 = 1 + 2^-7 is a bf16.
  axon::Graph sum = graph_from(R"({"inputs": [{"name": "x", "shape": [5], "dtype": "bf16"}],
    "nodes": [{"name": "out", "op": "reduce_sum", "inputs": ["x"], "attrs": {"axes": [0]}}],
    "outputs": ["out"]})");
  TensorMap xs{{"x", tensor(DType::bf16, {5}, {1, 0x1p-9, 0x1p-9, 0x1p-9, 0x1p-9})}};
  CHECK_EXACT(eval_out(sum, xs, Precision::Native), {}, {1 + 0x1p-7});

  // A chain: f32 -> bf16 -> f32 cast is exact in f64 and rounds in native; exp then rounds.
  axon::Graph chain = graph_from(R"({"inputs": [{"name": "x", "shape": [2], "dtype": "f32"}],
    "nodes": [{"name": "b", "op": "cast", "inputs": ["x"], "attrs": {"dtype": "bf16"}},
      {"name": "out", "op": "cast", "inputs": ["b"], "attrs": {"dtype": "f32"}}],
    "outputs": ["out"]})");
  TensorMap cx{{"x", tensor(DType::f32, {2}, {1 + 0x1p-8, 1 + 3 * 0x1p-8})}};
  CHECK_EXACT(eval_out(chain, cx, Precision::Native), {2}, {1, 1 + 0x1p-6});
  CHECK_EXACT(eval_out(chain, cx, Precision::F64), {2}, {1 + 0x1p-8, 1 + 3 * 0x1p-8});

  // Native matmul rounds its (exact) sum once: [1, 2^-9, 2^-9] . [1, 1, 1] = 1 + 2^-8 -> 1 (tie),
  // and 1 + 2^-8 + 2^-9 -> 1 + 2^-7.
  axon::Graph mm = graph_from(R"({"inputs": [{"name": "a", "shape": [2, 3], "dtype": "bf16"},
      {"name": "b", "shape": [3], "dtype": "bf16"}],
    "nodes": [{"name": "out", "op": "matmul", "inputs": ["a", "b"]}], "outputs": ["out"]})");
  TensorMap mi{{"a", tensor(DType::bf16, {2, 3}, {1, 0x1p-9, 0x1p-9, 1, 0x1p-8, 0x1p-9})},
               {"b", tensor(DType::bf16, {3}, {1, 1, 1})}};
  CHECK_EXACT(eval_out(mm, mi, Precision::Native), {2}, {1, 1 + 0x1p-7});
  CHECK_EXACT(eval_out(mm, mi, Precision::F64), {2}, {1 + 0x1p-8, 1 + 0x1p-8 + 0x1p-9});
}

TEST_CASE("npy round trip for every dtype and rank 0..3", "[interpreter][npy]") {
  TempDir dir;
  struct Case {
    DType t;
    std::vector<int64_t> dims;
    bool as_f64;
  };
  std::vector<Case> cases;
  for (DType t : {DType::f32, DType::f16, DType::bf16, DType::i32, DType::boolean})
    for (const auto& dims : std::vector<std::vector<int64_t>>{{}, {3}, {2, 3}, {2, 1, 3}})
      cases.push_back({t, dims, false});
  cases.push_back({DType::f32, {2, 2}, true});
  cases.push_back({DType::bf16, {}, true});
  int k = 0;
  for (const auto& c : cases) {
    INFO(axon::dtype_name(c.t) << " " << axon::dims_str(c.dims) << (c.as_f64 ? " as f64" : ""));
    Tensor t(c.t, c.dims);
    const std::vector<double> pool = {1.5, -0.1, kInf, kNaN, -0.0, 65504, 0x1p-24, -2};
    for (size_t i = 0; i < t.data.size(); ++i) {
      double v = c.t == DType::i32 ? (i % 2 ? -2147483648.0 : 2147483647.0 - i)
                 : c.t == DType::boolean ? static_cast<double>(i % 2)
                                         : pool[(i + t.data.size()) % pool.size()];
      t.data[i] = c.as_f64 ? v : axon::round_to(c.t, v);
    }
    std::string path = dir.file("t" + std::to_string(k++) + ".npy");
    axon::write_npy(path, t, c.as_f64);
    // The header is padded so that the data starts at a multiple of 64 bytes.
    std::string bytes = read_bytes(path);
    REQUIRE(bytes.size() > 10);
    CHECK(bytes.substr(0, 8) == std::string("\x93NUMPY\x01\x00", 8));
    size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    CHECK((10 + header_len) % 64 == 0);
    Tensor r = axon::read_npy(path);
    // f64 files and bf16 (stored as f4) come back as f32 dtype; the rest keep their dtype.
    DType want = c.as_f64 || c.t == DType::bf16 ? DType::f32 : c.t;
    CHECK(r.dtype == want);
    CHECK_EXACT(r, c.dims, t.data);
    for (size_t i = 0; i < t.data.size(); ++i) CHECK(std::signbit(r.data[i]) == std::signbit(t.data[i]));
  }
  // The stored bits, decoded independently: f16 [1, 65504, 2^-24, -2] and f32 [1.5, -0.1].
  Tensor h = tensor(DType::f16, {4}, {1, 65504, 0x1p-24, -2});
  axon::write_npy(dir.file("h.npy"), h);
  std::string hb = read_bytes(dir.file("h.npy"));
  CHECK(hb.find("'descr': '<f2'") != std::string::npos);
  CHECK(hb.substr(hb.size() - 8) == raw<uint16_t>({0x3C00, 0x7BFF, 0x0001, 0xC000}));
  Tensor f = tensor(DType::f32, {2}, {1.5, axon::round_to(DType::f32, -0.1)});
  axon::write_npy(dir.file("f.npy"), f);
  std::string fb = read_bytes(dir.file("f.npy"));
  CHECK(fb.find("'shape': (2,)") != std::string::npos);
  CHECK(fb.substr(fb.size() - 8) == raw<float>({1.5f, -0.1f}));
}

TEST_CASE("read_npy of files written by hand, and rejections", "[interpreter][npy]") {
  TempDir dir;
  // Only the encodings axon writes are read: <i8 and |u1 (a uint8 file read as bool turned
  // [0, 5, 200] into [0, 1, 1]) are refused, naming the dtype; <f8 loads as f32 with exact
  // values, version 2.0 headers too.
  write_bytes(dir.file("i8.npy"),
              npy_bytes("{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }",
                        raw<int64_t>({-5, 0, 7})));
  CHECK_THROWS_WITH(axon::read_npy(dir.file("i8.npy")), Catch::Contains("i8.npy") && Catch::Contains("unsupported .npy dtype 'i8'"));
  write_bytes(dir.file("u1.npy"),
              npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (3,), }",
                        raw<uint8_t>({0, 5, 200})));
  CHECK_THROWS_WITH(axon::read_npy(dir.file("u1.npy")), Catch::Contains("u1.npy") && Catch::Contains("unsupported .npy dtype"));
  write_bytes(dir.file("f8v2.npy"),
              npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (), }",
                        raw<double>({0.1}), 2));
  Tensor f8 = axon::read_npy(dir.file("f8v2.npy"));
  CHECK(f8.dtype == DType::f32);
  CHECK_EXACT(f8, {}, {0.1});

  auto rejects = [&](const std::string& name, const std::string& bytes, const std::string& why) {
    INFO(name);
    write_bytes(dir.file(name), bytes);
    CHECK_THROWS_AS(axon::read_npy(dir.file(name)), axon::UserError);
    CHECK_THROWS_WITH(axon::read_npy(dir.file(name)),
                      Catch::Contains(dir.file(name)) && Catch::Contains(why));
  };
  // Truncated: a valid file cut short in its data, and one cut in its header.
  axon::write_npy(dir.file("full.npy"), arange(DType::f32, {4, 4}));
  std::string full = read_bytes(dir.file("full.npy"));
  rejects("trunc_data.npy", full.substr(0, full.size() - 3), "ends before");
  rejects("trunc_header.npy", full.substr(0, 30), "truncated");
  rejects("text.npy", "this is not a numpy file at all", "not a .npy file");
  rejects("empty.npy", "", "not a .npy file");
  rejects("big_endian.npy",
          npy_bytes("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", raw<float>({1})),
          "big-endian");
  rejects("fortran.npy",
          npy_bytes("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }",
                    raw<float>({1, 2, 3, 4})),
          "Fortran");
  rejects("complex.npy",
          npy_bytes("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }", std::string(8, '\0')),
          "unsupported");
  CHECK_THROWS_AS(axon::read_npy(dir.file("does_not_exist.npy")), axon::UserError);
}

TEST_CASE("evaluate() errors name the input or node", "[interpreter][errors]") {
  axon::Graph g = graph_from(R"({"inputs": [{"name": "x", "shape": [2, 3], "dtype": "f32"},
      {"name": "y", "shape": [3], "dtype": "f32"}],
    "nodes": [{"name": "s", "op": "add", "inputs": ["x", "y"]},
      {"name": "big", "op": "broadcast_to", "inputs": ["s"], "attrs": {"shape": [100, 2, 3]}},
      {"name": "out", "op": "reduce_sum", "inputs": ["big"], "attrs": {"axes": [0]}}],
    "outputs": ["out"]})");
  Tensor x = arange(DType::f32, {2, 3}), y = arange(DType::f32, {3});
  CHECK_NOTHROW(axon::evaluate(g, {{"x", x}, {"y", y}}));
  CHECK_THROWS_AS(axon::evaluate(g, {{"x", x}}), axon::UserError);
  CHECK_THROWS_WITH(axon::evaluate(g, {{"x", x}}), Catch::Contains("input 'y'"));
  CHECK_THROWS_AS(axon::evaluate(g, {{"x", x}, {"y", arange(DType::f32, {2, 3})}}), axon::UserError);
  CHECK_THROWS_WITH(axon::evaluate(g, {{"x", arange(DType::f32, {3, 2})}, {"y", y}}),
                    Catch::Contains("input 'x'") && Catch::Contains("[3, 2]") &&
                        Catch::Contains("[2, 3]"));
  // A tensor budget too small for 'big' (600 doubles) but large enough for the rest.
  axon::EvalOptions small;
  small.max_bytes = 2000;
  CHECK_THROWS_AS(axon::evaluate(g, {{"x", x}, {"y", y}}, small), axon::UserError);
  CHECK_THROWS_WITH(axon::evaluate(g, {{"x", x}, {"y", y}}, small),
                    Catch::Contains("node 'big'") && Catch::Contains("broadcast_to"));
  small.max_bytes = 10000;
  CHECK_NOTHROW(axon::evaluate(g, {{"x", x}, {"y", y}}, small));

  // Symbolic sizes: an unbound input size names the input and the symbol; an unbound size of a
  // node names the node.
  axon::Graph sym = graph_from(R"({"inputs": [{"name": "x", "shape": ["K", 4], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "neg", "inputs": ["x"]}], "outputs": ["out"]})");
  CHECK_THROWS_AS(axon::evaluate(sym, {{"x", arange(DType::f32, {2, 4})}}), axon::UserError);
  CHECK_THROWS_WITH(axon::evaluate(sym, {{"x", arange(DType::f32, {2, 4})}}),
                    Catch::Contains("input 'x'") && Catch::Contains("K"));
  axon::Graph io = graph_from(R"({"inputs": [],
    "nodes": [{"name": "out", "op": "iota", "inputs": [], "attrs": {"shape": ["N", 2], "axis": 1}}],
    "outputs": ["out"]})");
  CHECK_THROWS_WITH(axon::evaluate(io, {}), Catch::Contains("node 'out'") && Catch::Contains("N"));
  // Bound, both evaluate.
  axon::Graph bound = axon::parse_graph(R"({"inputs": [],
    "nodes": [{"name": "out", "op": "iota", "inputs": [], "attrs": {"shape": ["N", 2], "axis": 0}}],
    "outputs": ["out"]})", "test.json", {{"N", 3}});
  CHECK_EXACT(eval_out(bound, {}), {3, 2}, {0, 0, 1, 1, 2, 2});
  CHECK_THROWS_AS(axon::concrete_dims({axon::Size::symbol("M")}), axon::UserError);
  CHECK(axon::concrete_dims({2, 5}) == std::vector<int64_t>{2, 5});
}

TEST_CASE("random_inputs is deterministic per seed and differs across seeds", "[interpreter][random]") {
  axon::Graph g = graph_from(R"({"inputs": [{"name": "a", "shape": [50, 40], "dtype": "bf16"},
      {"name": "b", "shape": [50, 40], "dtype": "bf16"}, {"name": "i", "shape": [300], "dtype": "i32"},
      {"name": "m", "shape": [300], "dtype": "bool"}, {"name": "f", "shape": [4000], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "add", "inputs": ["a", "b"]}], "outputs": ["out"]})");
  TensorMap r1 = axon::random_inputs(g, 42), r2 = axon::random_inputs(g, 42),
            r3 = axon::random_inputs(g, 43);
  REQUIRE(r1.size() == 5);
  for (const auto& [name, t] : r1) {
    INFO("input " << name);
    CHECK_EXACT(r2.at(name), t);
    CHECK(max_abs_diff(r3.at(name), t) > 0);
    CHECK(t.dtype == g.find_input(name)->dtype());
  }
  // Two inputs of the same shape and dtype do not get the same values.
  CHECK(max_abs_diff(r1.at("a"), r1.at("b")) > 0);
  CHECK(r1.at("a").shape == std::vector<int64_t>{50, 40});
  for (double v : r1.at("a").data) CHECK(axon::round_to(DType::bf16, v) == v);
  for (double v : r1.at("i").data) {
    CHECK(v == std::trunc(v));
    CHECK((v >= -8 && v <= 8));
  }
  int ones = 0;
  for (double v : r1.at("m").data) {
    CHECK((v == 0 || v == 1));
    ones += v == 1;
  }
  CHECK((ones > 100 && ones < 200));
  // Floats ~ N(0, 1).
  double mean = 0, var = 0;
  const auto& f = r1.at("f").data;
  for (double v : f) mean += v;
  mean /= static_cast<double>(f.size());
  for (double v : f) var += (v - mean) * (v - mean);
  var /= static_cast<double>(f.size());
  CHECK(std::fabs(mean) < 0.1);
  CHECK(std::fabs(var - 1) < 0.1);
  // Missing sizes are reported, not guessed.
  axon::Graph sym = graph_from(R"({"inputs": [{"name": "x", "shape": ["K"], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "neg", "inputs": ["x"]}], "outputs": ["out"]})");
  CHECK_THROWS_AS(axon::random_inputs(sym, 1), axon::UserError);
}
