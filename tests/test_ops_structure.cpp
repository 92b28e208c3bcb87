// Reductions, matmul and layout ops (transpose, reshape, broadcast_to, slice, pad, reverse,
// concat) and iota, against naive loops and hand-written index lists written here.
#include <cmath>
#include <optional>

#include "test_util.h"

using namespace axon_test;
using axon::DType;
using axon::Precision;
using axon::Tensor;

namespace {

// out = op(x) with attrs, evaluated both through evaluate() and through evaluate_definition on a
// node built with Context::make (they must agree exactly).
Tensor run_op(const std::string& op, const Tensor& x, const std::string& attrs) {
  std::string j = "{\"inputs\": [" + input_json("x", x.dtype, x.shape) +
                  "], \"nodes\": [{\"name\": \"out\", \"op\": \"" + op +
                  "\", \"inputs\": [\"x\"], \"attrs\": " + attrs + "}], \"outputs\": [\"out\"]}";
  axon::Graph g = graph_from(j);
  Tensor via_graph = eval_out(g, {{"x", x}});
  Tensor via_def = axon::evaluate_definition(*g.outputs[0].node, {&x}, Precision::F64);
  CHECK_EXACT(via_def, via_graph);
  return via_graph;
}

// Row-major flat offset of idx in dims.
int64_t flat(const std::vector<int64_t>& dims, const std::vector<int64_t>& idx) {
  int64_t off = 0;
  for (size_t d = 0; d < dims.size(); ++d) off = off * dims[d] + idx[d];
  return off;
}

// A deterministic, non-symmetric fill: distinct values, some negative, not all integers.
Tensor filled(DType t, std::vector<int64_t> dims, double scale = 0.25) {
  Tensor x(t, std::move(dims));
  for (size_t i = 0; i < x.data.size(); ++i)
    x.data[i] = (static_cast<double>((i * 7 + 3) % 11) - 5) * scale + static_cast<double>(i) / 64;
  return x;
}

std::string matmul_graph(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  return "{\"inputs\": [" + input_json("a", DType::f32, a) + ", " + input_json("b", DType::f32, b) +
         "], \"nodes\": [{\"name\": \"out\", \"op\": \"matmul\", \"inputs\": [\"a\", \"b\"]}], "
         "\"outputs\": [\"out\"]}";
}

// Slice of 0..n-1 along a 1-D tensor.
Tensor slice1(int64_t n, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step) {
  std::string attrs = "{\"axis\": 0, \"step\": " + std::to_string(step);
  if (start) attrs += ", \"start\": " + std::to_string(*start);
  if (end) attrs += ", \"end\": " + std::to_string(*end);
  attrs += "}";
  return run_op("slice", arange(DType::i32, {n}), attrs);
}

}  // namespace

TEST_CASE("reduce_sum / reduce_max / reduce_mean over several axes", "[ops][reduce]") {
  Tensor x = filled(DType::f32, {2, 3, 4});
  auto at = [&](int64_t i, int64_t j, int64_t k) { return x.data[flat({2, 3, 4}, {i, j, k})]; };

  // Axis 1: out[i, k].
  std::vector<double> sum1, max1, mean1;
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 4; ++k) {
      double s = 0, m = -kInf;
      for (int j = 0; j < 3; ++j) s += at(i, j, k), m = std::max(m, at(i, j, k));
      sum1.push_back(s);
      max1.push_back(m);
      mean1.push_back(s / 3);
    }
  CHECK_CLOSE(run_op("reduce_sum", x, R"({"axes": [1]})"), {2, 4}, sum1, 1e-14);
  CHECK_CLOSE(run_op("reduce_max", x, R"({"axes": [1]})"), {2, 4}, max1, 0);
  CHECK_CLOSE(run_op("reduce_mean", x, R"({"axes": [1]})"), {2, 4}, mean1, 1e-14);
  // Negative axis and keepdims.
  CHECK_CLOSE(run_op("reduce_sum", x, R"({"axes": [-2], "keepdims": true})"), {2, 1, 4}, sum1,
              1e-14);
  CHECK_CLOSE(run_op("reduce_mean", x, R"({"axes": [-2], "keepdims": false})"), {2, 4}, mean1,
              1e-14);

  // Axes 0 and 2 (given out of order): out[j].
  std::vector<double> sum02, max02, mean02;
  for (int j = 0; j < 3; ++j) {
    double s = 0, m = -kInf;
    for (int i = 0; i < 2; ++i)
      for (int k = 0; k < 4; ++k) s += at(i, j, k), m = std::max(m, at(i, j, k));
    sum02.push_back(s);
    max02.push_back(m);
    mean02.push_back(s / 8);
  }
  CHECK_CLOSE(run_op("reduce_sum", x, R"({"axes": [2, 0]})"), {3}, sum02, 1e-14);
  CHECK_CLOSE(run_op("reduce_max", x, R"({"axes": [-1, 0], "keepdims": true})"), {1, 3, 1}, max02,
              0);
  CHECK_CLOSE(run_op("reduce_mean", x, R"({"axes": [0, -1]})"), {3}, mean02, 1e-14);

  // Every axis: a scalar (or [1, 1, 1] with keepdims).
  double total = 0;
  for (double v : x.data) total += v;
  CHECK_CLOSE(run_op("reduce_sum", x, R"({"axes": [0, 1, 2]})"), {}, {total}, 1e-14);
  CHECK_CLOSE(run_op("reduce_mean", x, R"({"axes": [0, 1, 2], "keepdims": true})"), {1, 1, 1},
              {total / 24}, 1e-14);

  // Last axis of an i32 tensor.
  Tensor xi = arange(DType::i32, {2, 3});
  CHECK_EXACT(run_op("reduce_sum", xi, R"({"axes": [1]})"), {2}, {3, 12});
  CHECK_EXACT(run_op("reduce_max", xi, R"({"axes": [0]})"), {3}, {3, 4, 5});
  CHECK_THROWS_AS(run_op("reduce_mean", xi, R"({"axes": [1]})"), axon::UserError);
}

TEST_CASE("reduce_max propagates NaN and handles infinities", "[ops][reduce][nan]") {
  Tensor x = tensor(DType::f32, {3, 3}, {1, kNaN, 3, -kInf, -kInf, -kInf, -5, kInf, 2});
  CHECK_EXACT(run_op("reduce_max", x, R"({"axes": [1]})"), {3}, {kNaN, -kInf, kInf});
  CHECK_EXACT(run_op("reduce_sum", x, R"({"axes": [0]})"), {3}, {-kInf, kNaN, -kInf});
}

TEST_CASE("reduction attrs are canonical and validated", "[ops][reduce]") {
  auto ctx = std::make_shared<axon::Context>();
  const axon::Node* x = ctx->input("x", DType::f32, {2, 3, 4});
  axon::Attrs a1, a2;
  a1.set("axes", std::vector<int64_t>{-1, 0});
  a2.set("axes", std::vector<int64_t>{0, 2});
  a2.set("keepdims", false);
  const axon::Node* n1 = ctx->make(axon::Op::ReduceSum, {x}, a1);
  const axon::Node* n2 = ctx->make(axon::Op::ReduceSum, {x}, a2);
  CHECK(n1 == n2);
  CHECK(n1->attrs().ints("axes") == std::vector<int64_t>{0, 2});
  axon::Attrs dup, out_of_range, none;
  dup.set("axes", std::vector<int64_t>{1, -2});
  out_of_range.set("axes", std::vector<int64_t>{3});
  none.set("axes", std::vector<int64_t>{});
  CHECK_THROWS_AS(ctx->make(axon::Op::ReduceSum, {x}, dup), axon::UserError);
  CHECK_THROWS_AS(ctx->make(axon::Op::ReduceSum, {x}, out_of_range), axon::UserError);
  CHECK_THROWS_AS(ctx->make(axon::Op::ReduceSum, {x}, none), axon::UserError);
}

TEST_CASE("matmul 2-D against a naive triple loop", "[ops][matmul]") {
  const int M = 3, K = 5, N = 4;
  Tensor a = filled(DType::f32, {M, K});
  Tensor b = filled(DType::f32, {K, N}, 0.5);
  std::vector<double> want(M * N, 0.0);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      for (int k = 0; k < K; ++k) want[i * N + j] += a.data[i * K + k] * b.data[k * N + j];
  axon::Graph g = graph_from(matmul_graph({M, K}, {K, N}));
  Tensor out = eval_out(g, {{"a", a}, {"b", b}});
  CHECK_CLOSE(out, {M, N}, want, 1e-13);
  // The generic definition gives the same.
  Tensor def = axon::evaluate_definition(*g.outputs[0].node, {&a, &b}, Precision::F64);
  CHECK_CLOSE(def, {M, N}, want, 1e-13);
  // Contraction sizes must match.
  CHECK_THROWS_AS(graph_from(matmul_graph({M, K}, {K + 1, N})), axon::UserError);
}

TEST_CASE("matmul with broadcast batch axes and 1-D operands", "[ops][matmul]") {
  struct Case {
    std::vector<int64_t> a, b, out;
  };
  // Each case: operand shapes and the expected result shape (NumPy rules).
  std::vector<Case> cases = {
      {{2, 1, 3, 4}, {3, 4, 2}, {2, 3, 3, 2}},
      {{5, 3, 4}, {4, 2}, {5, 3, 2}},
      {{3, 4}, {2, 4, 5}, {2, 3, 5}},
      {{4}, {4, 3}, {3}},
      {{3, 4}, {4}, {3}},
      {{4}, {4}, {}},
      {{2, 3, 4}, {4}, {2, 3}},
      {{4}, {2, 4, 3}, {2, 3}},
      {{3, 2, 3}, {2, 1, 3, 2}, {2, 3, 2, 2}},
  };
  for (const auto& c : cases) {
    INFO("a " << axon::dims_str(c.a) << " @ b " << axon::dims_str(c.b));
    Tensor a = filled(DType::f32, c.a);
    Tensor b = filled(DType::f32, c.b, 0.5);
    // Promote 1-D operands and broadcast batches by hand.
    std::vector<int64_t> pa = c.a, pb = c.b;
    if (pa.size() == 1) pa.insert(pa.begin(), 1);
    if (pb.size() == 1) pb.push_back(1);
    int64_t M = pa[pa.size() - 2], K = pa.back(), N = pb.back();
    size_t nb = std::max(pa.size(), pb.size()) - 2;
    std::vector<int64_t> ba(nb, 1), bb(nb, 1), batch(nb, 1);
    for (size_t d = 0; d < pa.size() - 2; ++d) ba[nb - (pa.size() - 2) + d] = pa[d];
    for (size_t d = 0; d < pb.size() - 2; ++d) bb[nb - (pb.size() - 2) + d] = pb[d];
    int64_t count = 1;
    for (size_t d = 0; d < nb; ++d) count *= (batch[d] = std::max(ba[d], bb[d]));
    std::vector<double> want;
    for (int64_t t = 0; t < count; ++t) {
      // Unravel t over batch; operand batch offsets with size-1 axes read at 0.
      std::vector<int64_t> idx(nb);
      int64_t rem = t;
      for (size_t d = nb; d-- > 0;) idx[d] = rem % batch[d], rem /= batch[d];
      int64_t oa = 0, ob = 0;
      for (size_t d = 0; d < nb; ++d) {
        oa = oa * ba[d] + (ba[d] == 1 ? 0 : idx[d]);
        ob = ob * bb[d] + (bb[d] == 1 ? 0 : idx[d]);
      }
      for (int64_t i = 0; i < M; ++i)
        for (int64_t j = 0; j < N; ++j) {
          double s = 0;
          for (int64_t k = 0; k < K; ++k)
            s += a.data[oa * M * K + i * K + k] * b.data[ob * K * N + k * N + j];
          want.push_back(s);
        }
    }
    axon::Graph g = graph_from(matmul_graph(c.a, c.b));
    CHECK_CLOSE(eval_out(g, {{"a", a}, {"b", b}}), c.out, want, 1e-13);
    Tensor def = axon::evaluate_definition(*g.outputs[0].node, {&a, &b}, Precision::F64);
    CHECK_CLOSE(def, c.out, want, 1e-13);
  }
  CHECK_THROWS_AS(graph_from(matmul_graph({2, 3, 4}, {3, 4, 2})), axon::UserError);
  CHECK_THROWS_AS(graph_from(matmul_graph({}, {4})), axon::UserError);
}

TEST_CASE("transpose, default and explicit perm", "[ops][layout]") {
  Tensor x = arange(DType::f32, {2, 3, 4});
  // Default: reversed axes, out[k, j, i] = x[i, j, k].
  std::vector<double> rev;
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 2; ++i) rev.push_back(flat({2, 3, 4}, {i, j, k}));
  CHECK_EXACT(run_op("transpose", x, "{}"), {4, 3, 2}, rev);
  // perm [1, 2, 0]: out shape [3, 4, 2], out[p, q, r] = x[r, p, q].
  std::vector<double> p120;
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 4; ++q)
      for (int r = 0; r < 2; ++r) p120.push_back(flat({2, 3, 4}, {r, p, q}));
  CHECK_EXACT(run_op("transpose", x, R"({"perm": [1, 2, 0]})"), {3, 4, 2}, p120);
  CHECK_EXACT(run_op("transpose", x, R"({"perm": [-2, -1, 0]})"), {3, 4, 2}, p120);
  // perm [0, 2, 1] (K^T in attention): out[i, k, j] = x[i, j, k].
  std::vector<double> p021;
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 4; ++k)
      for (int j = 0; j < 3; ++j) p021.push_back(flat({2, 3, 4}, {i, j, k}));
  CHECK_EXACT(run_op("transpose", x, R"({"perm": [0, 2, 1]})"), {2, 4, 3}, p021);
  CHECK_EXACT(run_op("transpose", tensor(DType::f32, {}, {7}), "{}"), {}, {7});
  CHECK_THROWS_AS(run_op("transpose", x, R"({"perm": [0, 0, 1]})"), axon::UserError);
  CHECK_THROWS_AS(run_op("transpose", x, R"({"perm": [0, 1]})"), axon::UserError);
}

TEST_CASE("reshape, including -1", "[ops][layout]") {
  Tensor x = arange(DType::f32, {2, 3, 4});
  std::vector<double> same(x.data);
  CHECK_EXACT(run_op("reshape", x, R"({"shape": [4, 6]})"), {4, 6}, same);
  CHECK_EXACT(run_op("reshape", x, R"({"shape": [4, -1]})"), {4, 6}, same);
  CHECK_EXACT(run_op("reshape", x, R"({"shape": [-1]})"), {24}, same);
  CHECK_EXACT(run_op("reshape", x, R"({"shape": [3, -1, 2]})"), {3, 4, 2}, same);
  CHECK_EXACT(run_op("reshape", x, R"({"shape": [2, 3, 4]})"), {2, 3, 4}, same);
  CHECK_EXACT(run_op("reshape", tensor(DType::f32, {1, 1}, {5}), R"({"shape": []})"), {}, {5});
  CHECK_EXACT(run_op("reshape", tensor(DType::f32, {}, {5}), R"({"shape": [1, 1]})"), {1, 1}, {5});
  // Reshape after a transpose reads the transposed order.
  std::string j = R"({"inputs": [{"name": "x", "shape": [2, 3], "dtype": "f32"}],
    "nodes": [{"name": "t", "op": "transpose", "inputs": ["x"]},
              {"name": "out", "op": "reshape", "inputs": ["t"], "attrs": {"shape": [6]}}],
    "outputs": ["out"]})";
  CHECK_EXACT(eval_json(j, {{"x", arange(DType::f32, {2, 3})}}), {6}, {0, 3, 1, 4, 2, 5});
  CHECK_THROWS_AS(run_op("reshape", x, R"({"shape": [5, -1]})"), axon::UserError);
  CHECK_THROWS_AS(run_op("reshape", x, R"({"shape": [-1, -1]})"), axon::UserError);
  CHECK_THROWS_AS(run_op("reshape", x, R"({"shape": [5, 5]})"), axon::UserError);
}

TEST_CASE("broadcast_to", "[ops][layout]") {
  Tensor x = tensor(DType::f32, {3, 1}, {1, 2, 3});
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) want.push_back(j + 1);
  CHECK_EXACT(run_op("broadcast_to", x, R"({"shape": [2, 3, 4]})"), {2, 3, 4}, want);
  CHECK_EXACT(run_op("broadcast_to", tensor(DType::f32, {}, {9}), R"({"shape": [2, 2]})"), {2, 2},
              {9, 9, 9, 9});
  CHECK_EXACT(run_op("broadcast_to", tensor(DType::f32, {3}, {1, 2, 3}), R"({"shape": [2, 3]})"),
              {2, 3}, {1, 2, 3, 1, 2, 3});
  CHECK_THROWS_AS(run_op("broadcast_to", x, R"({"shape": [3, 4, 2]})"), axon::UserError);
  CHECK_THROWS_AS(run_op("broadcast_to", x, R"({"shape": [4]})"), axon::UserError);
}

TEST_CASE("slice follows NumPy's normalization", "[ops][layout][slice]") {
  struct Case {
    std::optional<int64_t> start, end;
    int64_t step;
    std::vector<double> want;  // list(range(7))[start:end:step] in Python
  };
  const std::optional<int64_t> none;
  std::vector<Case> cases = {
      {none, none, 1, {0, 1, 2, 3, 4, 5, 6}},
      {2, 5, 1, {2, 3, 4}},
      {-3, none, 1, {4, 5, 6}},
      {none, -2, 1, {0, 1, 2, 3, 4}},
      {-10, 3, 1, {0, 1, 2}},
      {1, 100, 1, {1, 2, 3, 4, 5, 6}},
      {0, 7, 3, {0, 3, 6}},
      {1, 7, 4, {1, 5}},
      {2, 100, 2, {2, 4, 6}},
      {-100, 100, 5, {0, 5}},
      {none, none, -1, {6, 5, 4, 3, 2, 1, 0}},
      {5, 1, -1, {5, 4, 3, 2}},
      {-1, none, -2, {6, 4, 2, 0}},
      {none, 2, -1, {6, 5, 4, 3}},
      {100, -100, -3, {6, 3, 0}},
      {6, 0, -4, {6, 2}},
      {-2, -6, -1, {5, 4, 3, 2}},
      {3, none, -1, {3, 2, 1, 0}},
      {none, -3, -1, {6, 5}},
  };
  for (const auto& c : cases) {
    INFO("[" << (c.start ? std::to_string(*c.start) : "") << ":"
             << (c.end ? std::to_string(*c.end) : "") << ":" << c.step << "]");
    Tensor r = slice1(7, c.start, c.end, c.step);
    CHECK(r.dtype == DType::i32);
    CHECK_EXACT(r, {static_cast<int64_t>(c.want.size())}, c.want);
  }
  // Empty selections and step 0 are errors.
  CHECK_THROWS_AS(slice1(7, 5, 2, 1), axon::UserError);
  CHECK_THROWS_AS(slice1(7, 2, 5, -1), axon::UserError);
  CHECK_THROWS_AS(slice1(7, 7, none, 1), axon::UserError);
  CHECK_THROWS_AS(slice1(7, 0, 1, 0), axon::UserError);
}

TEST_CASE("slice along a middle axis, and equal selections are the same node", "[ops][layout][slice]") {
  Tensor x = arange(DType::f32, {2, 7, 2});
  // x[:, 6:0:-4, :] takes rows 6 and 2.
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int j : {6, 2})
      for (int k = 0; k < 2; ++k) want.push_back(flat({2, 7, 2}, {i, j, k}));
  CHECK_EXACT(run_op("slice", x, R"({"axis": 1, "start": 6, "end": 0, "step": -4})"), {2, 2, 2},
              want);
  CHECK_EXACT(run_op("slice", x, R"({"axis": -2, "start": -1, "end": -7, "step": -4})"), {2, 2, 2},
              want);

  auto ctx = std::make_shared<axon::Context>();
  const axon::Node* in = ctx->input("x", DType::f32, {7});
  auto slice = [&](int64_t start, int64_t end, int64_t step) {
    axon::Attrs a;
    a.set("axis", int64_t{0});
    a.set("start", start);
    a.set("end", end);
    a.set("step", step);
    return ctx->make(axon::Op::Slice, {in}, a);
  };
  CHECK(slice(-3, 100, 1) == slice(4, 7, 1));
  CHECK(slice(100, -100, -1) == slice(6, -8, -1));
  CHECK(slice(0, 7, 3) == slice(0, 9, 3));
  CHECK(slice(0, 7, 3) != slice(0, 7, 2));
  // A symbolic axis cannot be sliced until bound.
  std::string j = R"({"inputs": [{"name": "x", "shape": ["N"], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "slice", "inputs": ["x"], "attrs": {"axis": 0, "end": 2}}],
    "outputs": ["out"]})";
  CHECK_THROWS_AS(graph_from(j), axon::UserError);
  CHECK_NOTHROW(axon::parse_graph(j, "test.json", {{"N", 5}}));
}

TEST_CASE("pad with a value", "[ops][layout]") {
  Tensor x = tensor(DType::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
  // before [1, 0], after [0, 2]: a row of -1 on top, two columns of -1 on the right.
  CHECK_EXACT(run_op("pad", x, R"({"before": [1, 0], "after": [0, 2], "value": -1})"), {3, 5},
              {-1, -1, -1, -1, -1, 1, 2, 3, -1, -1, 4, 5, 6, -1, -1});
  // Default value 0, padding on both sides of both axes.
  CHECK_EXACT(run_op("pad", x, R"({"before": [1, 1], "after": [1, 0]})"), {4, 4},
              {0, 0, 0, 0, 0, 1, 2, 3, 0, 4, 5, 6, 0, 0, 0, 0});
  // No padding is the identity; i32 with an integer value; -inf padding.
  CHECK_EXACT(run_op("pad", x, R"({"before": [0, 0], "after": [0, 0]})"), {2, 3}, x.data);
  CHECK_EXACT(run_op("pad", tensor(DType::i32, {2}, {7, 8}), R"({"before": [2], "after": [1], "value": 5})"),
              {5}, {5, 5, 7, 8, 5});
  CHECK_EXACT(run_op("pad", tensor(DType::f32, {1}, {3}), R"({"before": [1], "after": [0], "value": "-inf"})"),
              {2}, {-kInf, 3});
  CHECK_THROWS_AS(run_op("pad", x, R"({"before": [1], "after": [1]})"), axon::UserError);
  CHECK_THROWS_AS(run_op("pad", x, R"({"before": [-1, 0], "after": [0, 0]})"), axon::UserError);
}

TEST_CASE("reverse of several axes", "[ops][layout]") {
  Tensor x = arange(DType::f32, {2, 3, 2});
  std::vector<double> r02, r1;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k) {
        r02.push_back(flat({2, 3, 2}, {1 - i, j, 1 - k}));
        r1.push_back(flat({2, 3, 2}, {i, 2 - j, k}));
      }
  CHECK_EXACT(run_op("reverse", x, R"({"axes": [0, 2]})"), {2, 3, 2}, r02);
  CHECK_EXACT(run_op("reverse", x, R"({"axes": [-1, 0]})"), {2, 3, 2}, r02);
  CHECK_EXACT(run_op("reverse", x, R"({"axes": [-2]})"), {2, 3, 2}, r1);
  CHECK_EXACT(run_op("reverse", x, R"({"axes": []})"), {2, 3, 2}, x.data);
  CHECK_THROWS_AS(run_op("reverse", x, R"({"axes": [0, -3]})"), axon::UserError);
}

TEST_CASE("concat of three inputs along a middle axis", "[ops][layout]") {
  std::string j = R"({"inputs": [
      {"name": "a", "shape": [2, 1, 2], "dtype": "f32"},
      {"name": "b", "shape": [2, 3, 2], "dtype": "f32"},
      {"name": "c", "shape": [2, 2, 2], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "concat", "inputs": ["a", "b", "c"], "attrs": {"axis": 1}}],
    "outputs": ["out"]})";
  Tensor a = arange(DType::f32, {2, 1, 2});
  Tensor b = arange(DType::f32, {2, 3, 2});
  Tensor c = arange(DType::f32, {2, 2, 2});
  for (double& v : b.data) v += 100;
  for (double& v : c.data) v += 200;
  std::vector<double> want;
  for (int i = 0; i < 2; ++i)
    for (int j2 = 0; j2 < 6; ++j2)
      for (int k = 0; k < 2; ++k) {
        if (j2 < 1) want.push_back(a.data[flat({2, 1, 2}, {i, j2, k})]);
        else if (j2 < 4) want.push_back(b.data[flat({2, 3, 2}, {i, j2 - 1, k})]);
        else want.push_back(c.data[flat({2, 2, 2}, {i, j2 - 4, k})]);
      }
  CHECK_EXACT(eval_json(j, {{"a", a}, {"b", b}, {"c", c}}), {2, 6, 2}, want);
  // The same with a negative axis.
  std::string jn = j;
  jn.replace(jn.find("\"axis\": 1"), 9, "\"axis\": -2");
  CHECK_EXACT(eval_json(jn, {{"a", a}, {"b", b}, {"c", c}}), {2, 6, 2}, want);
  // A single input is the identity.
  CHECK_EXACT(run_op("concat", a, R"({"axis": 0})"), {2, 1, 2}, a.data);
  // Other axes must match.
  std::string bad = j;
  bad.replace(bad.find("[2, 2, 2]"), 9, "[2, 2, 3]");
  CHECK_THROWS_AS(graph_from(bad), axon::UserError);
}

TEST_CASE("iota along each axis of a rank-3 shape", "[ops][source]") {
  for (int axis = 0; axis < 3; ++axis) {
    INFO("axis " << axis);
    for (const char* dt : {"i32", "f32"}) {
      Tensor r = run_source("iota", "{\"shape\": [2, 3, 4], \"axis\": " + std::to_string(axis) +
                                        ", \"dtype\": \"" + dt + "\"}");
      std::vector<double> want;
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j)
          for (int k = 0; k < 4; ++k) want.push_back(axis == 0 ? i : axis == 1 ? j : k);
      CHECK_EXACT(r, {2, 3, 4}, want);
      CHECK(axon::dtype_name(r.dtype) == dt);
    }
  }
}
