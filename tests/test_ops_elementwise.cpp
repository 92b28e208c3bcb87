// Elementwise ops (unary, binary, compare, where, cast) and sources (constant, iota), checked
// against hand-computed values. Reference constants come from Python's math module or are exact
// by construction; nothing here is computed by the code under test.
#include <cmath>

#include "test_util.h"

using namespace axon_test;
using axon::DType;
using axon::Precision;
using axon::Tensor;

namespace {

Tensor f32(std::vector<double> v) {
  auto n = static_cast<int64_t>(v.size());
  return tensor(DType::f32, {n}, std::move(v));
}
Tensor i32(std::vector<double> v) {
  auto n = static_cast<int64_t>(v.size());
  return tensor(DType::i32, {n}, std::move(v));
}

}  // namespace

TEST_CASE("unary arithmetic ops on hand values", "[ops][unary]") {
  Tensor x = f32({-2, -0.5, 0, 0.5, 1, 3});
  CHECK_EXACT(run_unary("neg", x), {6}, {2, 0.5, 0, -0.5, -1, -3});
  CHECK_EXACT(run_unary("abs", x), {6}, {2, 0.5, 0, 0.5, 1, 3});
  CHECK_EXACT(run_unary("square", x), {6}, {4, 0.25, 0, 0.25, 1, 9});
  CHECK_EXACT(run_unary("relu", x), {6}, {0, 0, 0, 0.5, 1, 3});
  CHECK_CLOSE(run_unary("exp", x), {6},
              {0.1353352832366127, 0.6065306597126334, 1, 1.6487212707001282, 2.718281828459045,
               20.085536923187668},
              1e-15);
  CHECK_CLOSE(run_unary("tanh", x), {6},
              {-0.9640275800758169, -0.46211715726000974, 0, 0.46211715726000974,
               0.7615941559557649, 0.9950547536867305},
              1e-15);
  CHECK_CLOSE(run_unary("erf", x), {6},
              {-0.9953222650189527, -0.5204998778130465, 0, 0.5204998778130465,
               0.8427007929497149, 0.9999779095030014},
              1e-15);
  CHECK_CLOSE(run_unary("sigmoid", x), {6},
              {0.11920292202211755, 0.3775406687981454, 0.5, 0.6224593312018546,
               0.7310585786300049, 0.9525741268224334},
              1e-15);
  CHECK_CLOSE(run_unary("silu", x), {6},
              {-0.2384058440442351, -0.1887703343990727, 0, 0.3112296656009273,
               0.7310585786300049, 2.8577223804673},
              1e-15);
}

TEST_CASE("log, sqrt, rsqrt, reciprocal including their IEEE corner cases", "[ops][unary]") {
  Tensor x = f32({4, 3, 0.5, 1, 0, -1, kInf});
  CHECK_CLOSE(run_unary("log", x), {7},
              {1.3862943611198906, 1.0986122886681098, -0.6931471805599453, 0, -kInf, kNaN, kInf},
              1e-15);
  CHECK_CLOSE(run_unary("sqrt", x), {7},
              {2, 1.7320508075688772, 0.7071067811865476, 1, 0, kNaN, kInf}, 1e-15);
  CHECK_CLOSE(run_unary("rsqrt", x), {7},
              {0.5, 0.5773502691896258, 1.4142135623730951, 1, kInf, kNaN, 0}, 1e-15);
  CHECK_CLOSE(run_unary("reciprocal", x), {7},
              {0.25, 0.3333333333333333, 2, 1, kInf, -1, 0}, 1e-15);
  // 1 / -0 is -inf.
  Tensor r = run_unary("reciprocal", f32({-0.0}));
  CHECK(r.data[0] == -kInf);
}

TEST_CASE("gelu: exact (erf) and tanh approximation", "[ops][unary][gelu]") {
  Tensor x = f32({-3, -1, -0.5, 0, 0.5, 1, 2, 3});
  CHECK_CLOSE(run_unary("gelu", x), {8},
              {-0.00404969409489031, -0.15865525393145707, -0.15426876936299344, 0,
               0.34573123063700656, 0.8413447460685429, 1.9544997361036416, 2.99595030590511},
              1e-14);
  // The default is "none".
  CHECK_CLOSE(run_unary("gelu", x, R"({"approximate": "none"})"), run_unary("gelu", x), 0.0);
  CHECK_CLOSE(run_unary("gelu", x, R"({"approximate": "tanh"})"), {8},
              {-0.0036373920817729943, -0.15880800939172324, -0.15428599017485606, 0,
               0.34571400982514394, 0.8411919906082768, 1.954597694087775, 2.996362607918227},
              1e-14);
  CHECK_THROWS_AS(run_unary("gelu", x, R"({"approximate": "fast"})"), axon::UserError);
  // gelu and the other transcendental ops are float-only.
  CHECK_THROWS_AS(run_unary("gelu", i32({1})), axon::UserError);
  CHECK_THROWS_AS(run_unary("exp", i32({1})), axon::UserError);
}

TEST_CASE("NaN propagates through max, min and relu", "[ops][nan]") {
  Tensor a = f32({kNaN, 1, kNaN, -kInf, 2});
  Tensor b = f32({1, kNaN, kNaN, 0, -kInf});
  CHECK_EXACT(run_binary("max", a, b), {5}, {kNaN, kNaN, kNaN, 0, 2});
  CHECK_EXACT(run_binary("min", a, b), {5}, {kNaN, kNaN, kNaN, -kInf, -kInf});
  CHECK_EXACT(run_unary("relu", f32({kNaN, -kInf, kInf, -0.5})), {4}, {kNaN, 0, kInf, 0});
  // NaN through ordinary arithmetic too.
  CHECK_EXACT(run_binary("add", a, b), {5}, {kNaN, kNaN, kNaN, -kInf, -kInf});
  CHECK_EXACT(run_binary("mul", f32({0, kInf}), f32({kInf, -1})), {2}, {kNaN, -kInf});
  CHECK_EXACT(run_binary("sub", f32({kInf}), f32({kInf})), {1}, {kNaN});
}

TEST_CASE("binary arithmetic and division by zero", "[ops][binary]") {
  Tensor a = f32({6, -3, 1.5, 0, 7});
  Tensor b = f32({4, 2, -0.5, 5, 7});
  CHECK_EXACT(run_binary("add", a, b), {5}, {10, -1, 1, 5, 14});
  CHECK_EXACT(run_binary("sub", a, b), {5}, {2, -5, 2, -5, 0});
  CHECK_EXACT(run_binary("mul", a, b), {5}, {24, -6, -0.75, 0, 49});
  CHECK_EXACT(run_binary("div", a, b), {5}, {1.5, -1.5, -3, 0, 1});
  CHECK_EXACT(run_binary("max", a, b), {5}, {6, 2, 1.5, 5, 7});
  CHECK_EXACT(run_binary("min", a, b), {5}, {4, -3, -0.5, 0, 7});
  // x / 0: +-inf for x != 0, NaN for 0 / 0; the sign of a zero divisor counts.
  Tensor d = run_binary("div", f32({1, -1, 0, 1, kInf}), f32({0, 0, 0, -0.0, 0}));
  CHECK_EXACT(d, {5}, {kInf, -kInf, kNaN, -kInf, kInf});
}

TEST_CASE("pow", "[ops][binary]") {
  Tensor a = f32({2, 2, 4, 0, -2, -8, 9, 1});
  Tensor b = f32({3, 0.5, -0.5, 0, 2, 1.0 / 3.0, 0.5, kNaN});
  // pow(1, NaN) is 1 in IEEE 754 (C's pow); pow of a negative base to a non-integer is NaN.
  CHECK_CLOSE(run_binary("pow", a, b), {8}, {8, 1.4142135623730951, 0.5, 1, 4, kNaN, 3, 1},
              1e-15);
  CHECK_EXACT(run_binary("pow", f32({0, 0}), f32({-1, 2})), {2}, {kInf, 0});
  CHECK_THROWS_AS(run_binary("pow", i32({2}), i32({3})), axon::UserError);
}

TEST_CASE("comparisons, including NaN operands", "[ops][compare]") {
  Tensor a = f32({1, 2, 3, kNaN, 1, kNaN, -kInf});
  Tensor b = f32({2, 2, 2, 1, kNaN, kNaN, -kInf});
  CHECK_EXACT(run_binary("lt", a, b), {7}, {1, 0, 0, 0, 0, 0, 0});
  CHECK_EXACT(run_binary("le", a, b), {7}, {1, 1, 0, 0, 0, 0, 1});
  CHECK_EXACT(run_binary("gt", a, b), {7}, {0, 0, 1, 0, 0, 0, 0});
  CHECK_EXACT(run_binary("ge", a, b), {7}, {0, 1, 1, 0, 0, 0, 1});
  CHECK_EXACT(run_binary("eq", a, b), {7}, {0, 1, 0, 0, 0, 0, 1});
  CHECK_EXACT(run_binary("ne", a, b), {7}, {1, 0, 1, 1, 1, 1, 0});
  CHECK(run_binary("lt", a, b).dtype == DType::boolean);

  // i32 comparisons, and eq/ne on bools (the only comparisons bools take).
  CHECK_EXACT(run_binary("lt", i32({-5, 0, 7}), i32({-4, 0, 6})), {3}, {1, 0, 0});
  Tensor p = tensor(DType::boolean, {4}, {0, 0, 1, 1});
  Tensor q = tensor(DType::boolean, {4}, {0, 1, 0, 1});
  CHECK_EXACT(run_binary("eq", p, q), {4}, {1, 0, 0, 1});
  CHECK_EXACT(run_binary("ne", p, q), {4}, {0, 1, 1, 0});
  CHECK_THROWS_AS(run_binary("lt", p, q), axon::UserError);
  CHECK_THROWS_AS(run_binary("lt", f32({1}), i32({1})), axon::UserError);
}

TEST_CASE("where selects and does not propagate NaN from the other branch", "[ops][where]") {
  std::string j = R"({"inputs": [
      {"name": "c", "shape": [4], "dtype": "bool"},
      {"name": "a", "shape": [4], "dtype": "f32"},
      {"name": "b", "shape": [4], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "where", "inputs": ["c", "a", "b"]}],
    "outputs": ["out"]})";
  Tensor c = tensor(DType::boolean, {4}, {1, 0, 1, 0});
  Tensor a = f32({1, kNaN, 3, kInf});
  Tensor b = f32({kNaN, 20, -kInf, 40});
  CHECK_EXACT(eval_json(j, {{"c", c}, {"a", a}, {"b", b}}), {4}, {1, 20, 3, 40});

  // Three-way broadcast: c [3, 1], a [1, 4], b scalar; i32 branches.
  std::string k = R"({"inputs": [
      {"name": "c", "shape": [3, 1], "dtype": "bool"},
      {"name": "a", "shape": [1, 4], "dtype": "i32"},
      {"name": "b", "shape": [], "dtype": "i32"}],
    "nodes": [{"name": "out", "op": "where", "inputs": ["c", "a", "b"]}],
    "outputs": ["out"]})";
  Tensor out = eval_json(k, {{"c", tensor(DType::boolean, {3, 1}, {1, 0, 1})},
                             {"a", tensor(DType::i32, {1, 4}, {1, 2, 3, 4})},
                             {"b", tensor(DType::i32, {}, {-7})}});
  CHECK(out.dtype == DType::i32);
  CHECK_EXACT(out, {3, 4}, {1, 2, 3, 4, -7, -7, -7, -7, 1, 2, 3, 4});

  // The condition must be bool; a and b must share a dtype.
  std::string bad_cond = R"({"inputs": [{"name": "c", "shape": [2], "dtype": "f32"},
      {"name": "a", "shape": [2], "dtype": "f32"}],
    "nodes": [{"name": "out", "op": "where", "inputs": ["c", "a", "a"]}], "outputs": ["out"]})";
  CHECK_THROWS_AS(graph_from(bad_cond), axon::UserError);
  std::string bad_ab = R"({"inputs": [{"name": "c", "shape": [2], "dtype": "bool"},
      {"name": "a", "shape": [2], "dtype": "f32"}, {"name": "b", "shape": [2], "dtype": "bf16"}],
    "nodes": [{"name": "out", "op": "where", "inputs": ["c", "a", "b"]}], "outputs": ["out"]})";
  CHECK_THROWS_AS(graph_from(bad_ab), axon::UserError);
}

TEST_CASE("cast to i32 truncates toward zero, saturates, and maps NaN to 0", "[ops][cast]") {
  Tensor x = f32({2.7, -2.7, 0.5, -0.5, 2147483647.5, 3e9, -3e9, kNaN, kInf, -kInf, -0.0});
  std::vector<double> want = {2, -2, 0, 0, 2147483647, 2147483647, -2147483648, 0,
                              2147483647, -2147483648, 0};
  for (Precision p : {Precision::F64, Precision::Native}) {
    Tensor r = run_unary("cast", x, R"({"dtype": "i32"})", p);
    CHECK(r.dtype == DType::i32);
    CHECK_EXACT(r, {11}, want);
  }
  // The input is f32, so 2147483647.5 is first rounded to f32 (2^31) and then saturates: the
  // same value either way. Check the exact boundary from an f64 value too.
  CHECK(axon::round_to(DType::i32, -2147483648.9) == -2147483648.0);
  CHECK(axon::round_to(DType::i32, -2147483649.0) == -2147483648.0);
  CHECK(axon::round_to(DType::i32, 2147483646.9) == 2147483646.0);
}

TEST_CASE("cast to and from bool", "[ops][cast]") {
  Tensor x = f32({0, -0.0, 0.1, kNaN, -3, kInf});
  Tensor b = run_unary("cast", x, R"({"dtype": "bool"})");
  CHECK(b.dtype == DType::boolean);
  CHECK_EXACT(b, {6}, {0, 0, 1, 1, 1, 1});
  Tensor back = run_unary("cast", tensor(DType::boolean, {2}, {1, 0}), R"({"dtype": "f32"})");
  CHECK_EXACT(back, {2}, {1, 0});
  Tensor bi = run_unary("cast", tensor(DType::boolean, {2}, {0, 1}), R"({"dtype": "i32"})");
  CHECK_EXACT(bi, {2}, {0, 1});
  CHECK_EXACT(run_unary("cast", i32({0, -5, 3}), R"({"dtype": "bool"})"), {3}, {0, 1, 1});
}

TEST_CASE("float casts round to nearest even in native precision, exact in f64", "[ops][cast]") {
  // i32 -> f32: 2^24 + 1 is a tie between 2^24 and 2^24 + 2 (even: 2^24); 2^24 + 3 rounds to
  // 2^24 + 4.
  Tensor big = i32({16777217, 16777219, -16777217});
  CHECK_EXACT(run_unary("cast", big, R"({"dtype": "f32"})", Precision::Native), {3},
              {16777216, 16777220, -16777216});
  // f32 -> bf16: 1 + 2^-8 is a tie (to 1), 1 + 3*2^-8 a tie (to 1 + 2^-6).
  Tensor x = f32({1 + 0x1p-8, 1 + 3 * 0x1p-8, 1 + 0x1p-7, -(1 + 3 * 0x1p-8)});
  CHECK_EXACT(run_unary("cast", x, R"({"dtype": "bf16"})", Precision::Native), {4},
              {1, 1 + 0x1p-6, 1 + 0x1p-7, -(1 + 0x1p-6)});
  CHECK_EXACT(run_unary("cast", x, R"({"dtype": "bf16"})", Precision::F64), {4}, x.data);
  // f32 -> f16: overflow to inf beyond 65504 + half an ulp; inf and NaN are kept.
  Tensor h = f32({65504, 65519, 65520, -70000, kInf, kNaN});
  CHECK_EXACT(run_unary("cast", h, R"({"dtype": "f16"})", Precision::Native), {6},
              {65504, 65504, kInf, -kInf, kInf, kNaN});
  // Cast needs its dtype.
  CHECK_THROWS_AS(run_unary("cast", x, "{}"), axon::UserError);
  CHECK_THROWS_AS(run_unary("cast", x, R"({"dtype": "f64"})"), axon::UserError);
}

TEST_CASE("i32 arithmetic stays integral and saturates", "[ops][i32]") {
  Tensor a = i32({7, -7, 100000, 2147483647, -2147483648});
  Tensor b = i32({2, 3, 100000, 1, 1});
  for (Precision p : {Precision::F64, Precision::Native}) {
    CHECK_EXACT(run_binary("add", a, b, p), {5}, {9, -4, 200000, 2147483647, -2147483647});
    CHECK_EXACT(run_binary("sub", a, b, p), {5}, {5, -10, 0, 2147483646, -2147483648});
    // 100000^2 = 1e10 saturates.
    CHECK_EXACT(run_binary("mul", a, b, p), {5}, {14, -21, 2147483647, 2147483647, -2147483648});
    CHECK_EXACT(run_binary("max", a, b, p), {5}, {7, 3, 100000, 2147483647, 1});
    CHECK_EXACT(run_binary("min", a, b, p), {5}, {2, -7, 100000, 1, -2147483648});
    CHECK_EXACT(run_unary("neg", a, "{}", p), {5}, {-7, 7, -100000, -2147483647, 2147483647});
    CHECK_EXACT(run_unary("abs", a, "{}", p), {5}, {7, 7, 100000, 2147483647, 2147483647});
    CHECK_EXACT(run_unary("square", i32({-3, 46341}), "{}", p), {2}, {9, 2147483647});
    CHECK_EXACT(run_unary("relu", i32({-3, 4}), "{}", p), {2}, {0, 4});
  }
  CHECK(run_binary("add", a, b).dtype == DType::i32);
  // No integer division.
  CHECK_THROWS_AS(run_binary("div", a, b), axon::UserError);
}

TEST_CASE("constant", "[ops][source]") {
  CHECK_EXACT(run_source("constant", R"({"value": 2.5, "shape": [2, 2]})"), {2, 2},
              {2.5, 2.5, 2.5, 2.5});
  Tensor s = run_source("constant", R"({"value": -1})");
  CHECK(s.dtype == DType::f32);
  CHECK_EXACT(s, {}, {-1});
  CHECK_EXACT(run_source("constant", R"({"value": "inf", "shape": [2]})"), {2}, {kInf, kInf});
  CHECK_EXACT(run_source("constant", R"({"value": "-inf"})"), {}, {-kInf});
  CHECK_EXACT(run_source("constant", R"({"value": "nan"})"), {}, {kNaN});
  Tensor i = run_source("constant", R"({"value": 3, "dtype": "i32", "shape": [3]})");
  CHECK(i.dtype == DType::i32);
  CHECK_EXACT(i, {3}, {3, 3, 3});
  CHECK_EXACT(run_source("constant", R"({"value": 1, "dtype": "bool"})"), {}, {1});
  // The value is the dtype's value, in every precision: 0.1 in f32 is 0.100000001490116...,
  // and 1/sqrt(128) in bf16 is 181 * 2^-11.
  for (Precision p : {Precision::F64, Precision::Native}) {
    CHECK_EXACT(run_source("constant", R"({"value": 0.1})", p), {}, {0.100000001490116119384765625});
    CHECK_EXACT(run_source("constant", R"({"value": 0.08838834764831845, "dtype": "bf16"})", p),
                {}, {181 * 0x1p-11});
    CHECK_EXACT(run_source("constant", R"({"value": 70000, "dtype": "f16"})", p), {}, {kInf});
  }
  CHECK_THROWS_AS(run_source("constant", R"({"value": 2.5, "dtype": "i32"})"), axon::UserError);
  CHECK_THROWS_AS(run_source("constant", R"({"value": "nan", "dtype": "i32"})"), axon::UserError);
  CHECK_THROWS_AS(run_source("constant", R"({"value": 2, "dtype": "bool"})"), axon::UserError);
  CHECK_THROWS_AS(run_source("constant", R"({"shape": [2]})"), axon::UserError);
  CHECK_THROWS_AS(run_source("constant", R"({"value": "big"})"), axon::UserError);
}

TEST_CASE("iota along each axis", "[ops][source]") {
  CHECK_EXACT(run_source("iota", R"({"shape": [2, 3], "axis": 0})"), {2, 3}, {0, 0, 0, 1, 1, 1});
  CHECK_EXACT(run_source("iota", R"({"shape": [2, 3], "axis": 1})"), {2, 3}, {0, 1, 2, 0, 1, 2});
  CHECK_EXACT(run_source("iota", R"({"shape": [2, 3], "axis": -1})"), {2, 3}, {0, 1, 2, 0, 1, 2});
  Tensor i = run_source("iota", R"({"shape": [4], "axis": 0})");
  CHECK(i.dtype == DType::i32);
  Tensor f = run_source("iota", R"({"shape": [3], "axis": 0, "dtype": "f32"})");
  CHECK(f.dtype == DType::f32);
  CHECK_EXACT(f, {3}, {0, 1, 2});
  // In native precision an f16 iota is rounded: 2049 is a tie between 2048 and 2050 (even: 2048).
  Tensor h = run_source("iota", R"({"shape": [2051], "axis": 0, "dtype": "f16"})", Precision::Native);
  CHECK(h.data[2047] == 2047);
  CHECK(h.data[2048] == 2048);
  CHECK(h.data[2049] == 2048);
  CHECK(h.data[2050] == 2050);
  CHECK_THROWS_AS(run_source("iota", R"({"shape": [2], "axis": 1})"), axon::UserError);
  CHECK_THROWS_AS(run_source("iota", R"({"shape": [2], "axis": 0, "dtype": "bool"})"),
                  axon::UserError);
  CHECK_THROWS_AS(run_source("iota", R"({"shape": [], "axis": 0})"), axon::UserError);
}

TEST_CASE("broadcasting corners", "[ops][broadcast]") {
  SECTION("scalar with tensor, both orders") {
    Tensor s = tensor(DType::f32, {}, {10});
    Tensor t = tensor(DType::f32, {2, 3}, {1, 2, 3, 4, 5, 6});
    CHECK_EXACT(run_binary("sub", s, t), {2, 3}, {9, 8, 7, 6, 5, 4});
    CHECK_EXACT(run_binary("sub", t, s), {2, 3}, {-9, -8, -7, -6, -5, -4});
    CHECK_EXACT(run_binary("mul", s, s), {}, {100});
  }
  SECTION("[3, 1] with [1, 4]") {
    Tensor a = tensor(DType::f32, {3, 1}, {1, 2, 3});
    Tensor b = tensor(DType::f32, {1, 4}, {10, 20, 30, 40});
    std::vector<double> want;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) want.push_back((i + 1) * 100 + (j + 1) * 10);
    // out[i, j] = 100 * a[i] + b[j]: built from mul and add of the broadcast.
    Tensor prod = run_binary("mul", a, tensor(DType::f32, {}, {100}));
    CHECK_EXACT(run_binary("add", prod, b), {3, 4}, want);
    CHECK_EXACT(run_binary("lt", b, tensor(DType::f32, {3, 1}, {15, 25, 35})), {3, 4},
                {1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0});
  }
  SECTION("rank-0 and rank-3 mixes") {
    Tensor s = tensor(DType::f32, {}, {0.5});
    Tensor t = arange(DType::f32, {2, 1, 3});
    CHECK_EXACT(run_binary("add", t, s), {2, 1, 3}, {0.5, 1.5, 2.5, 3.5, 4.5, 5.5});
    // [2, 1, 3] with [4, 1] -> [2, 4, 3]: out[i, j, k] = t[i, 0, k] * 10 + u[j, 0].
    Tensor u = tensor(DType::f32, {4, 1}, {1, 2, 3, 4});
    Tensor t10 = run_binary("mul", t, tensor(DType::f32, {}, {10}));
    std::vector<double> want;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 4; ++j)
        for (int k = 0; k < 3; ++k) want.push_back((i * 3 + k) * 10 + (j + 1));
    CHECK_EXACT(run_binary("add", t10, u), {2, 4, 3}, want);
    // [3] against [2, 1, 3] keeps the rank 3.
    CHECK_EXACT(run_binary("max", tensor(DType::f32, {3}, {1, 3, 5}), t), {2, 1, 3},
                {1, 3, 5, 3, 4, 5});
  }
  SECTION("size 1 against size 1") {
    CHECK_EXACT(run_binary("add", tensor(DType::f32, {1}, {2}), tensor(DType::f32, {1}, {3})),
                {1}, {5});
    CHECK_EXACT(run_binary("add", tensor(DType::f32, {1, 1}, {2}), tensor(DType::f32, {1}, {3})),
                {1, 1}, {5});
    CHECK_EXACT(run_binary("add", tensor(DType::f32, {1, 1, 1}, {2}), tensor(DType::f32, {}, {3})),
                {1, 1, 1}, {5});
  }
  SECTION("mismatches are errors") {
    CHECK_THROWS_AS(run_binary("add", arange(DType::f32, {3}), arange(DType::f32, {4})),
                    axon::UserError);
    CHECK_THROWS_AS(run_binary("add", arange(DType::f32, {2, 3}), arange(DType::f32, {3, 2})),
                    axon::UserError);
    // Symbolic sizes are equal only as polynomials.
    std::string j = R"({"inputs": [{"name": "a", "shape": ["K"], "dtype": "f32"},
        {"name": "b", "shape": [4], "dtype": "f32"}],
      "nodes": [{"name": "out", "op": "add", "inputs": ["a", "b"]}], "outputs": ["out"]})";
    CHECK_THROWS_AS(graph_from(j), axon::UserError);
    CHECK_NOTHROW(axon::parse_graph(j, "test.json", {{"K", 4}}));
  }
}

TEST_CASE("binary ops in native precision round each result", "[ops][native]") {
  Tensor a = tensor(DType::bf16, {3}, {1, 256, 3});
  Tensor b = tensor(DType::bf16, {3}, {0x1p-9, 1, 3});
  // 1 + 2^-9 -> 1; 256 + 1 = 257 is a tie between 256 and 258 (even mantissa: 256);
  // 3 / 3 = 1 exactly.
  CHECK_EXACT(run_binary("add", a, b, Precision::Native), {3}, {1, 256, 6});
  CHECK_EXACT(run_binary("add", a, b, Precision::F64), {3}, {1 + 0x1p-9, 257, 6});
  // f32: 1 / 3 rounded to f32.
  Tensor q = run_binary("div", f32({1}), f32({3}), Precision::Native);
  CHECK(q.data[0] == static_cast<double>(1.0f / 3.0f));
  CHECK(q.data[0] != 1.0 / 3.0);
  // f16 overflow of a product.
  Tensor h = tensor(DType::f16, {1}, {300});
  CHECK_EXACT(run_binary("mul", h, h, Precision::Native), {1}, {kInf});
  CHECK_EXACT(run_binary("mul", h, h, Precision::F64), {1}, {90000});
}
