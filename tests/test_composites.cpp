// Composite ops (softmax, layernorm, rmsnorm, causal_mask) against hand values and direct
// formulas written here in double precision.
#include <cmath>

#include "axon/core/composite.h"
#include "test_util.h"

using namespace axon_test;
using axon::DType;
using axon::Precision;
using axon::Tensor;

namespace {

// Positions of a tensor split around `axis`: element (o, a, i) is at (o * n + a) * inner + i.
struct Split {
  int64_t outer = 1, n = 1, inner = 1;
  Split(const std::vector<int64_t>& dims, int axis) {
    for (int d = 0; d < static_cast<int>(dims.size()); ++d) {
      if (d < axis) outer *= dims[d];
      else if (d == axis) n = dims[d];
      else inner *= dims[d];
    }
  }
  [[nodiscard]] int64_t at(int64_t o, int64_t a, int64_t i) const { return (o * n + a) * inner + i; }
};

// eps as the composites use it: an f32 value.
double f32_eps(double eps) { return static_cast<double>(static_cast<float>(eps)); }

// layernorm by its textbook formula; gamma/beta may be empty.
std::vector<double> layernorm_ref(const Tensor& x, int axis, const std::vector<double>& gamma,
                                  const std::vector<double>& beta, double eps) {
  Split s(x.shape, axis);
  std::vector<double> out(x.data.size());
  for (int64_t o = 0; o < s.outer; ++o)
    for (int64_t i = 0; i < s.inner; ++i) {
      double mean = 0, var = 0;
      for (int64_t a = 0; a < s.n; ++a) mean += x.data[s.at(o, a, i)];
      mean /= static_cast<double>(s.n);
      for (int64_t a = 0; a < s.n; ++a) var += std::pow(x.data[s.at(o, a, i)] - mean, 2);
      var /= static_cast<double>(s.n);
      for (int64_t a = 0; a < s.n; ++a) {
        double v = (x.data[s.at(o, a, i)] - mean) / std::sqrt(var + f32_eps(eps));
        if (!gamma.empty()) v *= gamma[a];
        if (!beta.empty()) v += beta[a];
        out[s.at(o, a, i)] = v;
      }
    }
  return out;
}

std::vector<double> rmsnorm_ref(const Tensor& x, int axis, const std::vector<double>& gamma,
                                double eps) {
  Split s(x.shape, axis);
  std::vector<double> out(x.data.size());
  for (int64_t o = 0; o < s.outer; ++o)
    for (int64_t i = 0; i < s.inner; ++i) {
      double ms = 0;
      for (int64_t a = 0; a < s.n; ++a) ms += x.data[s.at(o, a, i)] * x.data[s.at(o, a, i)];
      ms /= static_cast<double>(s.n);
      for (int64_t a = 0; a < s.n; ++a) {
        double v = x.data[s.at(o, a, i)] / std::sqrt(ms + f32_eps(eps));
        out[s.at(o, a, i)] = gamma.empty() ? v : v * gamma[a];
      }
    }
  return out;
}

std::vector<double> softmax_ref(const Tensor& x, int axis) {
  Split s(x.shape, axis);
  std::vector<double> out(x.data.size());
  for (int64_t o = 0; o < s.outer; ++o)
    for (int64_t i = 0; i < s.inner; ++i) {
      double m = -kInf, sum = 0;
      for (int64_t a = 0; a < s.n; ++a) m = std::max(m, x.data[s.at(o, a, i)]);
      for (int64_t a = 0; a < s.n; ++a) sum += std::exp(x.data[s.at(o, a, i)] - m);
      for (int64_t a = 0; a < s.n; ++a)
        out[s.at(o, a, i)] = std::exp(x.data[s.at(o, a, i)] - m) / sum;
    }
  return out;
}

// A fill with a different spread per position, rounded to `t`.
Tensor wavy(DType t, std::vector<int64_t> dims, double shift = 0) {
  Tensor x(t, std::move(dims));
  for (size_t i = 0; i < x.data.size(); ++i)
    x.data[i] = axon::round_to(t, std::sin(static_cast<double>(i) * 1.7 + shift) * (1 + i % 3) +
                                      0.25 * static_cast<double>(i % 5));
  return x;
}

Tensor vec(DType t, std::vector<double> v) {
  auto n = static_cast<int64_t>(v.size());
  for (double& e : v) e = axon::round_to(t, e);
  return tensor(t, {n}, std::move(v));
}

// A one-composite graph: out = op(x, extra inputs...) with attrs.
std::string composite_graph(const std::string& op, DType t, const std::vector<int64_t>& xdims,
                            const std::vector<std::pair<std::string, int64_t>>& vectors,
                            const std::string& attrs) {
  std::string inputs = input_json("x", t, xdims), names = "\"x\"";
  for (const auto& [name, n] : vectors) {
    inputs += ", " + input_json(name, t, {n});
    names += ", \"" + name + "\"";
  }
  return "{\"inputs\": [" + inputs + "], \"nodes\": [{\"name\": \"out\", \"op\": \"" + op +
         "\", \"inputs\": [" + names + "], \"attrs\": " + attrs + "}], \"outputs\": [\"out\"]}";
}

}  // namespace

TEST_CASE("softmax on hand values", "[composite][softmax]") {
  std::string j = composite_graph("softmax", DType::f32, {3, 3}, {}, "{}");
  Tensor x = tensor(DType::f32, {3, 3}, {1, 2, 3, -1, 5, -kInf, 1000, 1000.5, 999});
  Tensor out = eval_json(j, {{"x", x}});
  CHECK_CLOSE(out, {3, 3},
              {0.09003057317038046, 0.24472847105479764, 0.6652409557748218,
               0.0024726231566347748, 0.9975273768433653, 0.0,
               0.3314989604240915, 0.5465493872661796, 0.12195165230972885},
              1e-14);
  for (int r = 0; r < 3; ++r)
    CHECK(out.data[r * 3] + out.data[r * 3 + 1] + out.data[r * 3 + 2] == Approx(1.0).epsilon(1e-15));
  // The same as exp(x - max) / sum, here written directly.
  CHECK_CLOSE(out, {3, 3}, softmax_ref(x, 1), 1e-14);

  // Along axis 0.
  std::string j0 = composite_graph("softmax", DType::f32, {2, 2}, {}, R"({"axis": 0})");
  CHECK_CLOSE(eval_json(j0, {{"x", tensor(DType::f32, {2, 2}, {0.5, 3, -2, 1})}}), {2, 2},
              {0.9241418199787566, 0.8807970779778823, 0.07585818002124356, 0.11920292202211755},
              1e-14);

  // A row that is all -inf is NaN.
  std::string j1 = composite_graph("softmax", DType::f32, {2}, {}, "{}");
  CHECK_EXACT(eval_json(j1, {{"x", tensor(DType::f32, {2}, {-kInf, -kInf})}}), {2}, {kNaN, kNaN});
}

TEST_CASE("softmax rows sum to 1 on a rank-3 input along every axis", "[composite][softmax]") {
  Tensor x = wavy(DType::f32, {3, 4, 5});
  for (int axis = 0; axis < 3; ++axis) {
    INFO("axis " << axis);
    Tensor out = eval_json(composite_graph("softmax", DType::f32, {3, 4, 5}, {},
                                           "{\"axis\": " + std::to_string(axis - 3) + "}"),
                           {{"x", x}});
    CHECK_CLOSE(out, {3, 4, 5}, softmax_ref(x, axis), 1e-14);
    Split s(x.shape, axis);
    for (int64_t o = 0; o < s.outer; ++o)
      for (int64_t i = 0; i < s.inner; ++i) {
        double sum = 0;
        for (int64_t a = 0; a < s.n; ++a) sum += out.data[s.at(o, a, i)];
        CHECK(sum == Approx(1.0).epsilon(1e-14));
      }
  }
}

TEST_CASE("layernorm without gamma/beta: mean 0, variance 1", "[composite][layernorm]") {
  Tensor x = wavy(DType::f32, {4, 6});
  for (double& v : x.data) v = axon::round_to(DType::f32, v * 3 + 2);  // scale, shift: no effect
  Tensor out = eval_json(composite_graph("layernorm", DType::f32, {4, 6}, {}, "{}"), {{"x", x}});
  for (int r = 0; r < 4; ++r) {
    double mean = 0, var = 0;
    for (int c = 0; c < 6; ++c) mean += out.data[r * 6 + c];
    mean /= 6;
    for (int c = 0; c < 6; ++c) var += std::pow(out.data[r * 6 + c] - mean, 2);
    var /= 6;
    CHECK(std::fabs(mean) < 1e-12);
    // var(out) = var / (var + eps) with eps = 1e-5 and var of order 1 or more.
    CHECK(std::fabs(var - 1) < 1e-4);
  }
  CHECK_CLOSE(out, {4, 6}, layernorm_ref(x, 1, {}, {}, 1e-5), 1e-12);
  // A constant row normalizes to 0 (d = 0), not NaN: eps keeps the rsqrt finite.
  Tensor c = tensor(DType::f32, {1, 3}, {7, 7, 7});
  CHECK_EXACT(eval_json(composite_graph("layernorm", DType::f32, {1, 3}, {}, "{}"), {{"x", c}}),
              {1, 3}, {0, 0, 0});
}

TEST_CASE("layernorm with gamma and beta matches the direct formula", "[composite][layernorm]") {
  Tensor x = wavy(DType::f32, {3, 5});
  Tensor g = vec(DType::f32, {0.5, -1, 2, 1.25, 3});
  Tensor b = vec(DType::f32, {0, 0.1, -0.2, 4, 1});
  std::string attrs = R"({"axis": -1, "eps": 0.001})";
  Tensor out = eval_json(composite_graph("layernorm", DType::f32, {3, 5}, {{"g", 5}, {"b", 5}}, attrs),
                         {{"x", x}, {"g", g}, {"b", b}});
  CHECK_CLOSE(out, {3, 5}, layernorm_ref(x, 1, g.data, b.data, 0.001), 1e-12);
  // gamma only.
  Tensor out_g = eval_json(composite_graph("layernorm", DType::f32, {3, 5}, {{"g", 5}}, attrs),
                           {{"x", x}, {"g", g}});
  CHECK_CLOSE(out_g, {3, 5}, layernorm_ref(x, 1, g.data, {}, 0.001), 1e-12);
  // A hand example: x = [1, 2, 3], mean 2, var 2/3, eps 0: [-sqrt(1.5), 0, sqrt(1.5)].
  Tensor h = eval_json(composite_graph("layernorm", DType::f32, {3}, {}, R"({"eps": 0})"),
                       {{"x", tensor(DType::f32, {3}, {1, 2, 3})}});
  CHECK_CLOSE(h, {3}, {-1.224744871391589, 0, 1.224744871391589}, 1e-15);
}

TEST_CASE("layernorm and rmsnorm along a non-last axis", "[composite][layernorm][rmsnorm]") {
  Tensor x = wavy(DType::f32, {2, 3, 4});
  Tensor g = vec(DType::f32, {1.5, -0.5, 2});
  Tensor b = vec(DType::f32, {0.25, 0, -1});
  Tensor ln = eval_json(composite_graph("layernorm", DType::f32, {2, 3, 4}, {{"g", 3}, {"b", 3}},
                                        R"({"axis": 1})"),
                        {{"x", x}, {"g", g}, {"b", b}});
  CHECK_CLOSE(ln, {2, 3, 4}, layernorm_ref(x, 1, g.data, b.data, 1e-5), 1e-12);
  Tensor rms = eval_json(composite_graph("rmsnorm", DType::f32, {2, 3, 4}, {{"g", 3}},
                                         R"({"axis": -2, "eps": 0.01})"),
                         {{"x", x}, {"g", g}});
  CHECK_CLOSE(rms, {2, 3, 4}, rmsnorm_ref(x, 1, g.data, 0.01), 1e-12);
  // Axis 0, without gamma.
  Tensor rms0 = eval_json(composite_graph("rmsnorm", DType::f32, {2, 3, 4}, {}, R"({"axis": 0})"),
                          {{"x", x}});
  CHECK_CLOSE(rms0, {2, 3, 4}, rmsnorm_ref(x, 0, {}, 1e-6), 1e-12);
  // gamma must have the size of x along the axis.
  CHECK_THROWS_AS(graph_from(composite_graph("layernorm", DType::f32, {2, 3, 4}, {{"g", 4}},
                                             R"({"axis": 1})")),
                  axon::UserError);
}

TEST_CASE("rmsnorm matches x * rsqrt(mean(x^2) + eps) * g", "[composite][rmsnorm]") {
  Tensor x = wavy(DType::f32, {3, 8});
  Tensor g = wavy(DType::f32, {8}, 1.0);
  Tensor out = eval_json(composite_graph("rmsnorm", DType::f32, {3, 8}, {{"g", 8}}, "{}"),
                         {{"x", x}, {"g", g}});
  CHECK_CLOSE(out, {3, 8}, rmsnorm_ref(x, 1, g.data, 1e-6), 1e-12);
  // Hand example: x = [3, 4], mean(x^2) = 12.5, eps 0: x / sqrt(12.5).
  Tensor h = eval_json(composite_graph("rmsnorm", DType::f32, {2}, {}, R"({"eps": 0})"),
                       {{"x", tensor(DType::f32, {2}, {3, 4})}});
  CHECK_CLOSE(h, {2}, {0.848528137423857, 1.131370849898476}, 1e-15);
}

TEST_CASE("causal_mask gives -inf above the diagonal", "[composite][causal_mask]") {
  Tensor x = arange(DType::f32, {4, 4});
  std::vector<double> want;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) want.push_back(c <= r ? r * 4 + c : -kInf);
  CHECK_EXACT(eval_json(composite_graph("causal_mask", DType::f32, {4, 4}, {}, "{}"), {{"x", x}}),
              {4, 4}, want);

  // Batched [2, 3, 3] (bf16), and the softmax of a masked row puts 0 at the -inf places.
  Tensor xb = arange(DType::bf16, {2, 3, 3});
  std::vector<double> wb;
  for (int b = 0; b < 2; ++b)
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) wb.push_back(c <= r ? b * 9 + r * 3 + c : -kInf);
  Tensor mb = eval_json(composite_graph("causal_mask", DType::bf16, {2, 3, 3}, {}, "{}"), {{"x", xb}},
                        Precision::Native);
  CHECK(mb.dtype == DType::bf16);
  CHECK_EXACT(mb, {2, 3, 3}, wb);

  std::string j = R"({"inputs": [{"name": "x", "shape": [3, 3], "dtype": "f32"}],
    "nodes": [{"name": "m", "op": "causal_mask", "inputs": ["x"]},
              {"name": "out", "op": "softmax", "inputs": ["m"]}], "outputs": ["out"]})";
  Tensor p = eval_json(j, {{"x", tensor(DType::f32, {3, 3}, {5, 9, 9, 0.5, -2, 9, 3, 1, 3})}});
  CHECK_CLOSE(p, {3, 3},
              {1, 0, 0, 0.9241418199787566, 0.07585818002124356, 0, 0.4683105308334812,
               0.06337893833303762, 0.4683105308334812},
              1e-14);
  // Rectangular [2, 3]: row r keeps columns c <= r.
  CHECK_EXACT(eval_json(composite_graph("causal_mask", DType::f32, {2, 3}, {}, "{}"),
                        {{"x", arange(DType::f32, {2, 3})}}),
              {2, 3}, {0, -kInf, -kInf, 3, 4, -kInf});
  CHECK_THROWS_AS(graph_from(composite_graph("causal_mask", DType::f32, {4}, {}, "{}")),
                  axon::UserError);
}

TEST_CASE("composites are recorded with canonical attrs", "[composite]") {
  axon::Graph g = graph_from(composite_graph("layernorm", DType::f32, {2, 3}, {{"g", 3}, {"b", 3}},
                                             R"({"axis": -1})"));
  const axon::Node* root = g.outputs[0].node;
  REQUIRE(g.composites.count(root) == 1);
  const axon::CompositeTag& tag = g.composites.at(root);
  CHECK(tag.op == "layernorm");
  CHECK(tag.operands.size() == 3);
  CHECK(tag.attrs.i("axis") == 1);
  CHECK(tag.attrs.f("eps") == 1e-5);
  // Errors: non-float input, axis out of range (named), wrong gamma dtype, too many inputs.
  CHECK_THROWS_AS(graph_from(composite_graph("softmax", DType::i32, {2, 3}, {}, "{}")),
                  axon::UserError);
  CHECK_THROWS_WITH(graph_from(composite_graph("softmax", DType::f32, {2, 3}, {}, R"({"axis": 2})")),
                    Catch::Contains("attrs.axis") && Catch::Contains("node 'out'"));
  std::string mixed = R"({"inputs": [{"name": "x", "shape": [2, 3], "dtype": "bf16"},
      {"name": "g", "shape": [3], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "rmsnorm", "inputs": ["x", "g"]}], "outputs": ["out"]})";
  CHECK_THROWS_AS(graph_from(mixed), axon::UserError);
  CHECK_THROWS_AS(graph_from(composite_graph("rmsnorm", DType::f32, {2, 3}, {{"g", 3}, {"b", 3}}, "{}")),
                  axon::UserError);
}

TEST_CASE("bf16 composites compute their statistics in f32", "[composite][bf16]") {
  struct Case {
    const char* op;
    std::vector<std::pair<std::string, int64_t>> vectors;
  };
  std::vector<Case> cases = {{"softmax", {}}, {"layernorm", {{"g", 16}, {"b", 16}}},
                             {"rmsnorm", {{"g", 16}}}};
  for (DType t : {DType::bf16, DType::f16}) {
    for (const auto& c : cases) {
      INFO(c.op << " " << axon::dtype_name(t));
      axon::Graph g = graph_from(composite_graph(c.op, t, {4, 16}, c.vectors, "{}"));
      const axon::Node* root = g.outputs[0].node;
      // The result is a cast back to the input dtype from an f32 computation...
      CHECK(root->dtype() == t);
      CHECK(root->op() == axon::Op::Cast);
      CHECK(root->operand(0)->dtype() == DType::f32);
      // ...and each input enters it through a cast to f32.
      int casts_in = 0;
      for (const axon::Node* n : g.topo_order()) {
        if (n->op() == axon::Op::Cast && n->dtype() == DType::f32 &&
            n->operand(0)->op() == axon::Op::Input)
          ++casts_in;
        // Nothing between the casts is computed in the low precision.
        if (n != root && n->op() != axon::Op::Input) CHECK(n->dtype() != t);
      }
      CHECK(casts_in == static_cast<int>(1 + c.vectors.size()));

      Tensor x = wavy(t, {4, 16});
      for (double& v : x.data) v = axon::round_to(t, v * 40 + 100);  // large offset: stress stats
      TensorMap in{{"x", x}};
      std::vector<double> gam, bet;
      if (!c.vectors.empty()) in["g"] = wavy(t, {16}, 0.5), gam = in["g"].data;
      if (c.vectors.size() > 1) in["b"] = wavy(t, {16}, 2.0), bet = in["b"].data;
      std::vector<double> ref = std::string(c.op) == "softmax" ? softmax_ref(x, 1)
                                : std::string(c.op) == "layernorm"
                                    ? layernorm_ref(x, 1, gam, bet, 1e-5)
                                    : rmsnorm_ref(x, 1, gam, 1e-6);
      // f64 precision: exact casts, so the formula holds to double precision.
      CHECK_CLOSE(eval_out(g, in, Precision::F64), {4, 16}, ref, 1e-9);
      // Native: within the output dtype's rounding (plus f32 statistics) of the exact result, and
      // every element a value of the dtype.
      Tensor nat = eval_out(g, in, Precision::Native);
      CHECK(nat.dtype == t);
      double ulp = t == DType::bf16 ? 0x1p-8 : 0x1p-11;
      for (size_t i = 0; i < ref.size(); ++i) {
        INFO("element " << i << ": native " << nat.data[i] << ", exact " << ref[i]);
        CHECK(std::fabs(nat.data[i] - ref[i]) <= ulp * std::fabs(ref[i]) + 2e-5);
        CHECK(axon::round_to(t, nat.data[i]) == nat.data[i]);
      }
    }
  }
}
