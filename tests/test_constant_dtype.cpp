// A constant written without a dtype takes the dtype of the tensor it meets, as a Python scalar
// does in PyTorch (docs/graph-format.md, "Numbers"); an explicit dtype keeps its meaning.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "axon/core/graph_json.h"
#include "cli_support.h"
#include "test_util.h"

using namespace axon_test;
using axon::Graph;
using axon::Node;
using axon::Op;

namespace {

// A graph of inputs x (xt), y (yt) of shape [4] and the given nodes; outputs as given.
std::string graph(const std::string& xt, const std::string& yt, const std::string& nodes,
                  const std::string& outputs = R"(["out"])") {
  return R"({"name": "scalars", "inputs": [{"name": "x", "shape": [4], "dtype": ")" + xt +
         R"("}, {"name": "y", "shape": [4], "dtype": ")" + yt + R"("}], "nodes": [)" + nodes +
         R"(], "outputs": )" + outputs + "}";
}

const char* kScale = R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 0.1}})";

const Node* output(const Graph& g, const std::string& name) {
  for (const auto& o : g.outputs)
    if (o.name == name) return o.node;
  FAIL("no output " << name);
  return nullptr;
}

// The message of the UserError parsing `json` throws ("" when it parses).
std::string error_of(const std::string& json) {
  try {
    graph_from(json);
  } catch (const axon::UserError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("x * 0.1 on a bf16 x multiplies by 0.1 rounded to bf16", "[ops][constant][dtype]") {
  const std::string j =
      graph("bf16", "bf16", std::string(kScale) + R"(, {"name": "out", "op": "mul", "inputs": ["x", "c"]})");
  Graph g = graph_from(j);
  const Node* out = output(g, "out");
  CHECK(out->dtype() == DType::bf16);
  const Node* c = out->operand(1);
  REQUIRE(c->op() == Op::Constant);
  CHECK(c->dtype() == DType::bf16);
  const double c_bf16 = 0x1.9ap-4;  // 0.1 in bf16: 0.10009765625
  CHECK(c->attrs().f("value") == c_bf16);
  // The constant on the left works alike.
  Graph left = graph_from(
      graph("bf16", "bf16", std::string(kScale) + R"(, {"name": "out", "op": "mul", "inputs": ["c", "x"]})"));
  CHECK(output(left, "out")->operand(0)->dtype() == DType::bf16);
  // Evaluated: the product with the bf16 constant (exact in f64; rounded to bf16 in native).
  Tensor x = tensor(DType::bf16, {4}, {1, -3, 0.5, 1024});
  Tensor y = tensor(DType::bf16, {4}, {0, 0, 0, 0});
  CHECK_EXACT(eval_out(g, {{"x", x}, {"y", y}}), {4}, {c_bf16, -3 * c_bf16, 0.5 * c_bf16, 1024 * c_bf16});
  Tensor native = eval_out(g, {{"x", x}, {"y", y}}, Precision::Native);
  CHECK(native.dtype == DType::bf16);
  CHECK(native.data[3] == 102.5);  // 1024 * 0.10009765625 = 102.5, a bf16 value
}

TEST_CASE("a constant without dtype adopts f16, i32 and bool, in where and compare too", "[ops][constant][dtype]") {
  // f16, by add.
  Graph f = graph_from(graph("f16", "f16", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 2}},
    {"name": "out", "op": "add", "inputs": ["x", "c"]})"));
  CHECK(output(f, "out")->dtype() == DType::f16);
  // An integer value next to i32.
  Graph i = graph_from(graph("i32", "i32", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 3}},
    {"name": "out", "op": "mul", "inputs": ["x", "c"]})"));
  CHECK(output(i, "out")->dtype() == DType::i32);
  CHECK_EXACT(eval_out(i, {{"x", tensor(DType::i32, {4}, {1, -2, 0, 7})}, {"y", tensor(DType::i32, {4}, {0, 0, 0, 0})}}), {4},
              {3, -6, 0, 21});
  // A compare: the constant takes the tensor's dtype, the result is bool.
  Graph cmp = graph_from(graph("bf16", "bf16", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 0.5}},
    {"name": "out", "op": "gt", "inputs": ["x", "c"]})"));
  CHECK(output(cmp, "out")->dtype() == DType::boolean);
  CHECK(output(cmp, "out")->operand(1)->dtype() == DType::bf16);
  // where: the value operands decide; the condition does not count.
  Graph w = graph_from(graph("bool", "bf16", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": "-inf"}},
    {"name": "out", "op": "where", "inputs": ["x", "y", "c"]})"));
  CHECK(output(w, "out")->dtype() == DType::bf16);
  CHECK(output(w, "out")->operand(2)->dtype() == DType::bf16);
  // 0 or 1 next to bool (eq of a mask with 1).
  Graph b = graph_from(graph("bool", "bool", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 1}},
    {"name": "out", "op": "eq", "inputs": ["x", "c"]})"));
  CHECK(output(b, "out")->operand(1)->dtype() == DType::boolean);
  // A composite's operand: layernorm's gamma as a shaped constant of ones.
  Graph ln = graph_from(graph("bf16", "bf16", R"({"name": "g", "op": "constant", "inputs": [], "attrs": {"value": 1, "shape": [4]}},
    {"name": "out", "op": "layernorm", "inputs": ["x", "g"]})"));
  CHECK(output(ln, "out")->dtype() == DType::bf16);
}

TEST_CASE("a constant's explicit dtype wins, and values a dtype cannot hold are errors", "[ops][constant][dtype][bad_input]") {
  // Explicit f32 next to bf16: still the dtype error.
  std::string e = error_of(graph("bf16", "bf16", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 0.125, "dtype": "f32"}},
    {"name": "out", "op": "mul", "inputs": ["x", "c"]})"));
  CHECK(e.find("node 'out' (mul)") != std::string::npos);
  CHECK(e.find("input dtypes differ (bf16 vs f32)") != std::string::npos);
  // A fraction next to i32, a 2 next to bool, inf next to i32: errors naming the constant.
  e = error_of(graph("i32", "i32", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 0.5}},
    {"name": "out", "op": "mul", "inputs": ["x", "c"]})"));
  INFO(e);
  CHECK(e.find("test.json: node 'out' (mul): inputs[1]: constant 'c' has no dtype and takes i32") != std::string::npos);
  CHECK(e.find("0.5 is not a i32 value") != std::string::npos);
  CHECK(e.find("insert a cast") != std::string::npos);
  CHECK(e.find('\n') == std::string::npos);
  e = error_of(graph("bool", "bool", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 2}},
    {"name": "out", "op": "eq", "inputs": ["x", "c"]})"));
  CHECK(e.find("constant 'c' has no dtype and takes bool") != std::string::npos);
  CHECK(e.find("a bool value is 0 or 1") != std::string::npos);
  e = error_of(graph("i32", "i32", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": "inf"}},
    {"name": "out", "op": "add", "inputs": ["x", "c"]})"));
  CHECK(e.find("constant 'c' has no dtype and takes i32") != std::string::npos);
  // A divisor (1/N) is for float constants only.
  e = error_of(graph("i32", "i32", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 1, "divisor": [4]}},
    {"name": "out", "op": "add", "inputs": ["x", "c"]})"));
  CHECK(e.find("only float constants have a divisor") != std::string::npos);
  // Through a layout op the constant meets no tensor: it is f32, and the mul is the usual error.
  e = error_of(graph("bf16", "bf16", std::string(kScale) + R"(, {"name": "b", "op": "broadcast_to", "inputs": ["c"], "attrs": {"shape": [4]}},
    {"name": "out", "op": "mul", "inputs": ["x", "b"]})"));
  CHECK(e.find("input dtypes differ (bf16 vs f32)") != std::string::npos);
}

TEST_CASE("a constant read next to f32 and next to bf16 tensors is adopted by each reader", "[ops][constant][dtype]") {
  // c is read by a (x f32 + c), by b (y bf16 * c), and is itself an output (f32: it meets nothing).
  const std::string j = graph("f32", "bf16", std::string(kScale) + R"(,
    {"name": "a", "op": "add", "inputs": ["x", "c"]},
    {"name": "b", "op": "mul", "inputs": ["y", "c"]})",
                              R"(["a", "b", "c"])");
  Graph g = graph_from(j);
  const Node* a = output(g, "a");
  const Node* b = output(g, "b");
  CHECK(a->dtype() == DType::f32);
  CHECK(b->dtype() == DType::bf16);
  CHECK(a->operand(1)->dtype() == DType::f32);
  CHECK(b->operand(1)->dtype() == DType::bf16);
  CHECK(a->operand(1)->attrs().f("value") == double(0.1f));
  CHECK(b->operand(1)->attrs().f("value") == 0x1.9ap-4);
  CHECK(output(g, "c")->dtype() == DType::f32);
  // Printing writes each constant with its dtype; parsing the print gives the same nodes.
  const std::string printed = axon::print_graph(g);
  CHECK(printed.find("\"bf16\"") != std::string::npos);
  Graph again = axon::parse_graph(printed, "printed.json", {}, g.ctx_ptr());
  for (const char* name : {"a", "b", "c"}) CHECK(output(again, name) == output(g, name));
  CHECK(axon::print_graph(again) == printed);
}

TEST_CASE("axon eval, check and print take x * 0.125 on a bf16 x", "[cli][constant][dtype]") {
  axon::test::TempDir dir;
  const std::string path = dir.write(
      "g.json", graph("bf16", "bf16", R"({"name": "c", "op": "constant", "inputs": [], "attrs": {"value": 0.125}},
    {"name": "out", "op": "mul", "inputs": ["x", "c"]})"));
  auto ev = axon::test::run({"eval", path, "--precision", "native"});
  INFO(ev.err);
  CHECK(ev.code == 0);
  CHECK(ev.out.find("bf16") != std::string::npos);
  auto ch = axon::test::run({"check", path});
  CHECK(ch.code == 0);
  auto pr = axon::test::run({"print", path});
  REQUIRE(pr.code == 0);
  CHECK(pr.out.find(R"("dtype": "bf16")") != std::string::npos);
  // The printed graph parses (its constant now has an explicit dtype) and prints the same.
  const std::string again = dir.write("again.json", pr.out);
  auto pr2 = axon::test::run({"print", again});
  CHECK(pr2.code == 0);
  CHECK(pr2.out == pr.out);
}
