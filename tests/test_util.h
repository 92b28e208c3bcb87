// Helpers shared by the core tests: building graphs from graph.json text, making tensors,
// evaluating, and comparing tensors element by element with readable failure messages.
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"
#include "axon/core/ir.h"
#include "axon/core/op_table.h"
#include "axon/core/tensor.h"

namespace axon_test {

using axon::DType;
using axon::Precision;
using axon::Tensor;
using axon::TensorMap;

inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Parses graph.json text (the file is called "test.json" in error messages).
inline axon::Graph graph_from(const std::string& json) { return axon::parse_graph(json, "test.json"); }

// A tensor of the given dtype and dims holding `values` (row-major), taken as they are.
inline Tensor tensor(DType t, std::vector<int64_t> dims, std::vector<double> values) {
  Tensor x(t, std::move(dims));
  REQUIRE(values.size() == x.data.size());
  x.data = std::move(values);
  return x;
}

// 0, 1, 2, ... as a tensor of the given dims.
inline Tensor arange(DType t, std::vector<int64_t> dims) {
  Tensor x(t, std::move(dims));
  for (size_t i = 0; i < x.data.size(); ++i) x.data[i] = static_cast<double>(i);
  return x;
}

inline std::string dims_json(const std::vector<int64_t>& dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i) s += (i ? ", " : "") + std::to_string(dims[i]);
  return s + "]";
}

inline std::string input_json(const std::string& name, DType t, const std::vector<int64_t>& dims) {
  return "{\"name\": \"" + name + "\", \"shape\": " + dims_json(dims) + ", \"dtype\": \"" +
         std::string(axon::dtype_name(t)) + "\"}";
}

// Evaluates the graph and returns its output `out`.
inline Tensor eval_out(const axon::Graph& g, const TensorMap& inputs,
                       Precision p = Precision::F64) {
  axon::EvalOptions o;
  o.precision = p;
  o.threads = 1;
  TensorMap r = axon::evaluate(g, inputs, o);
  REQUIRE(r.count("out") == 1);
  return r.at("out");
}

inline Tensor eval_json(const std::string& json, const TensorMap& inputs,
                        Precision p = Precision::F64) {
  return eval_out(graph_from(json), inputs, p);
}

// out = op(x) for one input x; `attrs` is a JSON object.
inline Tensor run_unary(const std::string& op, const Tensor& x, const std::string& attrs = "{}",
                        Precision p = Precision::F64) {
  std::string j = "{\"inputs\": [" + input_json("x", x.dtype, x.shape) +
                  "], \"nodes\": [{\"name\": \"out\", \"op\": \"" + op +
                  "\", \"inputs\": [\"x\"], \"attrs\": " + attrs + "}], \"outputs\": [\"out\"]}";
  return eval_json(j, {{"x", x}}, p);
}

// out = op(a, b).
inline Tensor run_binary(const std::string& op, const Tensor& a, const Tensor& b,
                         Precision p = Precision::F64) {
  std::string j = "{\"inputs\": [" + input_json("a", a.dtype, a.shape) + ", " +
                  input_json("b", b.dtype, b.shape) + "], \"nodes\": [{\"name\": \"out\", \"op\": \"" +
                  op + "\", \"inputs\": [\"a\", \"b\"]}], \"outputs\": [\"out\"]}";
  return eval_json(j, {{"a", a}, {"b", b}}, p);
}

// A graph with a single source node `out` (constant, iota) and no inputs.
inline Tensor run_source(const std::string& op, const std::string& attrs,
                         Precision p = Precision::F64) {
  std::string j = "{\"inputs\": [], \"nodes\": [{\"name\": \"out\", \"op\": \"" + op +
                  "\", \"inputs\": [], \"attrs\": " + attrs + "}], \"outputs\": [\"out\"]}";
  return eval_json(j, {}, p);
}

// True when `actual` is within tol of `expected`, relative to max(1, |expected|); NaN matches
// NaN and infinities must match exactly (sign included).
inline bool close(double actual, double expected, double tol) {
  if (std::isnan(expected)) return std::isnan(actual);
  if (std::isnan(actual)) return false;
  if (std::isinf(expected) || std::isinf(actual)) return actual == expected;
  return std::fabs(actual - expected) <= tol * std::max(1.0, std::fabs(expected));
}

inline std::string fmt(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

// Describes every mismatch (at most 10) between actual and the expected shape/values; empty
// when they agree.
inline std::string compare(const Tensor& actual, const std::vector<int64_t>& shape,
                           const std::vector<double>& expected, double tol) {
  std::ostringstream msg;
  if (actual.shape != shape) {
    msg << "shape " << axon::dims_str(actual.shape) << ", expected " << axon::dims_str(shape);
    return msg.str();
  }
  if (actual.data.size() != expected.size()) {
    msg << actual.data.size() << " elements, expected " << expected.size();
    return msg.str();
  }
  int shown = 0, bad = 0;
  std::vector<int64_t> strides = actual.strides();
  for (size_t i = 0; i < expected.size(); ++i) {
    if (close(actual.data[i], expected[i], tol)) continue;
    ++bad;
    if (shown++ >= 10) continue;
    std::vector<int64_t> idx;
    int64_t rem = static_cast<int64_t>(i);
    for (size_t d = 0; d < strides.size(); ++d) {
      idx.push_back(rem / strides[d]);
      rem %= strides[d];
    }
    msg << "at " << axon::dims_str(idx) << " (flat " << i << "): expected " << fmt(expected[i])
        << ", actual " << fmt(actual.data[i]) << "\n";
  }
  if (bad) msg << bad << " of " << expected.size() << " elements differ (tol " << tol << ")";
  return msg.str();
}

inline std::string compare(const Tensor& actual, const Tensor& expected, double tol) {
  return compare(actual, expected.shape, expected.data, tol);
}

// Largest absolute difference (NaNs at the same place count as equal; infinite mismatch -> inf).
inline double max_abs_diff(const Tensor& a, const Tensor& b) {
  if (a.shape != b.shape || a.data.size() != b.data.size()) return kInf;
  double m = 0;
  for (size_t i = 0; i < a.data.size(); ++i) {
    double x = a.data[i], y = b.data[i];
    if (std::isnan(x) && std::isnan(y)) continue;
    if (x == y) continue;  // equal infinities
    double d = std::fabs(x - y);
    if (std::isnan(d)) d = kInf;
    m = std::max(m, d);
  }
  return m;
}

}  // namespace axon_test

namespace axon_test {
inline std::string compare_exact(const Tensor& actual, const std::vector<int64_t>& shape,
                                 const std::vector<double>& expected) {
  return compare(actual, shape, expected, 0.0);
}
inline std::string compare_exact(const Tensor& actual, const Tensor& expected) {
  return compare(actual, expected, 0.0);
}
}  // namespace axon_test

// CHECK_CLOSE(tensor, {shape}, {values}, tol) or CHECK_CLOSE(tensor, expected_tensor, tol):
// checks the shape and every element (relative to max(1, |expected|)); on failure prints each
// differing index with its expected and actual value. CHECK_EXACT is the same with tol 0.
// (Variadic so that braced lists may contain commas.)
#define CHECK_CLOSE(...)                                                 \
  do {                                                                   \
    std::string axon_test_msg_ = ::axon_test::compare(__VA_ARGS__);      \
    INFO(axon_test_msg_);                                                \
    CHECK(axon_test_msg_.empty());                                       \
  } while (0)
#define CHECK_EXACT(...)                                                 \
  do {                                                                   \
    std::string axon_test_msg_ = ::axon_test::compare_exact(__VA_ARGS__); \
    INFO(axon_test_msg_);                                                \
    CHECK(axon_test_msg_.empty());                                       \
  } while (0)
