// Mutation fuzzing of graph.json, deterministic (fixed seed). Seeds: the benchmark graphs and the
// example, copies of them with small sizes (so that the interpreter runs too), and one small graph
// that uses every op. Each input is mutated at random (byte flips, truncation, inserted JSON
// tokens, duplicated or deleted spans, numbers replaced by huge, negative or fractional values,
// ops, dtypes and names swapped, attrs added), and must either parse or be rejected with a
// one-line UserError naming the file. Graphs that parse must print and re-parse to the same nodes;
// small concrete ones are also evaluated, which must succeed or end in a UserError.
//
// AXON_FUZZ_ITERS sets the number of mutated inputs (default 3000).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"

namespace fs = std::filesystem;

namespace {

// splitmix64: the same sequence on every platform (std distributions are not portable).
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }
  template <typename T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }

 private:
  uint64_t s_;
};

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Replaces integer literals >= 16 (not parts of floats) with small sizes, so that graphs can be
// evaluated; equal sizes stay equal.
std::string shrink(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    auto digit = [&](size_t k) { return k < text.size() && text[k] >= '0' && text[k] <= '9'; };
    if (!digit(i)) {
      out += text[i++];
      continue;
    }
    size_t j = i;
    while (digit(j)) ++j;
    char before = i ? text[i - 1] : ' ';
    char after = j < text.size() ? text[j] : ' ';
    // Only whole JSON numbers: not "bf16", not the digits of 1e-6 or 0.088.
    bool part_of_float = std::string(" [,:").find(before) == std::string::npos ||
                         std::string(".eE").find(after) != std::string::npos;
    std::string num = text.substr(i, j - i);
    if (!part_of_float && num.size() <= 9 && std::stol(num) >= 16)
      out += std::to_string(2 + std::stol(num) % 5);
    else
      out += num;
    i = j;
  }
  return out;
}

// An extra seed that uses every op (the benchmark graphs use few of them), small and concrete.
const char* kAllOps = R"({"name": "all_ops",
 "inputs": [{"name": "x", "shape": [4, 6], "dtype": "f32"}, {"name": "v", "shape": [6], "dtype": "f32"},
            {"name": "m", "shape": [6, 3], "dtype": "f32"}, {"name": "k", "shape": [4, 6], "dtype": "i32"},
            {"name": "c", "shape": [4, 6], "dtype": "bool"}],
 "nodes": [
  {"name": "a", "op": "add", "inputs": ["x", "v"]},
  {"name": "e", "op": "exp", "inputs": ["a"]},
  {"name": "g", "op": "gelu", "inputs": ["e"], "attrs": {"approximate": "tanh"}},
  {"name": "w", "op": "where", "inputs": ["c", "g", "x"]},
  {"name": "lt", "op": "lt", "inputs": ["w", "x"]},
  {"name": "kc", "op": "cast", "inputs": ["k"], "attrs": {"dtype": "f32"}},
  {"name": "mx", "op": "max", "inputs": ["kc", "w"]},
  {"name": "r", "op": "reduce_sum", "inputs": ["mx"], "attrs": {"axes": [1], "keepdims": true}},
  {"name": "d", "op": "div", "inputs": ["mx", "r"]},
  {"name": "t", "op": "transpose", "inputs": ["d"], "attrs": {"perm": [1, 0]}},
  {"name": "rs", "op": "reshape", "inputs": ["t"], "attrs": {"shape": [3, -1]}},
  {"name": "sl", "op": "slice", "inputs": ["rs"], "attrs": {"axis": 1, "start": 1, "end": 7, "step": 2}},
  {"name": "pd", "op": "pad", "inputs": ["sl"], "attrs": {"before": [1, 0], "after": [0, 2], "value": 0.5}},
  {"name": "rv", "op": "reverse", "inputs": ["pd"], "attrs": {"axes": [0]}},
  {"name": "io", "op": "iota", "inputs": [], "attrs": {"shape": [4, 5], "axis": 1, "dtype": "f32"}},
  {"name": "cc", "op": "concat", "inputs": ["rv", "io"], "attrs": {"axis": 0}},
  {"name": "bt", "op": "broadcast_to", "inputs": ["v"], "attrs": {"shape": [4, 6]}},
  {"name": "mm", "op": "matmul", "inputs": ["bt", "m"]},
  {"name": "sm", "op": "softmax", "inputs": ["mm"], "attrs": {"axis": 0}},
  {"name": "ln", "op": "layernorm", "inputs": ["cc"]},
  {"name": "cm", "op": "causal_mask", "inputs": ["cc"]},
  {"name": "cst", "op": "constant", "inputs": [], "attrs": {"value": 2, "shape": [1], "dtype": "f32"}},
  {"name": "pw", "op": "pow", "inputs": ["cm", "cst"]},
  {"name": "rm", "op": "reduce_max", "inputs": ["pw"], "attrs": {"axes": [0, 1]}}],
 "outputs": ["sm", "ln", "rm", "lt"]})";

const std::vector<std::string> kOps = {
    "neg", "abs", "square", "exp", "log", "sqrt", "rsqrt", "reciprocal", "tanh", "sigmoid",
    "relu", "silu", "gelu", "erf", "cast", "add", "sub", "mul", "div", "max", "min", "pow",
    "lt", "le", "gt", "ge", "eq", "ne", "where", "reduce_sum", "reduce_max", "reduce_mean",
    "matmul", "transpose", "reshape", "broadcast_to", "slice", "pad", "reverse", "concat",
    "constant", "iota", "softmax", "layernorm", "rmsnorm", "causal_mask", "input", "frob", ""};
const std::vector<std::string> kDtypes = {"f32", "f16", "bf16", "i32", "bool", "f64", "", "F32"};
const std::vector<std::string> kNumbers = {
    "0", "1", "2", "3", "-1", "-2", "-3", "1.5", "-0.0", "0.5", "1e-6", "2199023255552",
    "1099511627776", "281474976710657", "4294967296", "2147483648", "9223372036854775807",
    "-9223372036854775808", "18446744073709551615", "99999999999999999999", "1e308", "-1e308",
    "true", "false", "null", "\"K\"", "\"K*K\"", "\"2*K + 1\"", "\"K-\"", "\"inf\"", "\"nan\"",
    "[]", "[1]", "{}"};
const std::vector<std::string> kTokens = {
    "{", "}", "[", "]", ",", ":", "\"", "\\", "null", "true", "false", "0", "-1", "1e400",
    "\"x\"", "\"K\"", "[]", "{}", "\"inputs\"", "\"nodes\"", "\"outputs\"", "\"attrs\"",
    "\"name\": \"q\",", "\"axis\": 7,", "\"axes\": [0, 0],", "\"perm\": [1, 1],",
    "\"shape\": [-1, -1],", "\"dtype\": \"i32\",", "\"keepdims\": true,", "\"step\": -1,",
    "\"start\": -9223372036854775808,", "\"end\": 9223372036854775807,", "\"value\": \"inf\",",
    "\"before\": [1, 1], \"after\": [0, 2],", "{\"name\": \"n\", \"op\": \"neg\", \"inputs\": [\"out\"]},",
    "\xff", std::string(1, '\0'), "\xc3\xa9", "\\u0000", "\\ud800"};

// Positions just after each match of `key` (e.g. the value after "op": ).
std::vector<size_t> find_all(const std::string& text, const std::string& key) {
  std::vector<size_t> at;
  for (size_t p = text.find(key); p != std::string::npos; p = text.find(key, p + 1))
    at.push_back(p + key.size());
  return at;
}

// Replaces the quoted string starting at or after `pos` with `value` (quoted).
void replace_string_at(std::string& text, size_t pos, const std::string& value) {
  size_t a = text.find('"', pos);
  if (a == std::string::npos) return;
  size_t b = text.find('"', a + 1);
  if (b == std::string::npos) return;
  text.replace(a, b - a + 1, "\"" + value + "\"");
}

// The quoted strings of the text (their contents).
std::vector<std::string> strings_of(const std::string& text) {
  std::vector<std::string> out;
  for (size_t a = text.find('"'); a != std::string::npos;) {
    size_t b = text.find('"', a + 1);
    if (b == std::string::npos) break;
    out.push_back(text.substr(a + 1, b - a - 1));
    a = text.find('"', b + 1);
  }
  return out;
}

// Positions of the opening quotes of the text's strings.
std::vector<size_t> string_starts(const std::string& text) {
  std::vector<size_t> out;
  for (size_t a = text.find('"'); a != std::string::npos;) {
    size_t b = text.find('"', a + 1);
    if (b == std::string::npos) break;
    out.push_back(a);
    a = text.find('"', b + 1);
  }
  return out;
}

// Kinds 0-4 work on bytes (and mostly break the JSON); 5-10 keep it well-formed.
void mutate_once(std::string& t, Rng& rng, size_t kind) {
  size_t n = t.size();
  switch (kind) {
    case 0:  // byte flip
      if (n) t[rng.below(n)] = static_cast<char>(rng.below(256));
      break;
    case 1:  // truncation
      t.resize(rng.below(n + 1));
      break;
    case 2:  // insert a JSON token
      t.insert(rng.below(n + 1), rng.pick(kTokens));
      break;
    case 3: {  // duplicate a span
      size_t a = rng.below(n + 1), len = rng.below(std::min<size_t>(n - a, 200) + 1);
      t.insert(rng.below(n + 1), t.substr(a, len));
      break;
    }
    case 4: {  // delete a span
      size_t a = rng.below(n + 1), len = rng.below(std::min<size_t>(n - a, 60) + 1);
      t.erase(a, len);
      break;
    }
    case 5: case 6: {  // replace a number
      std::vector<size_t> nums;
      for (size_t i = 0; i < n; ++i) {
        size_t j = i > 0 && t[i - 1] == '-' ? i - 1 : i;  // a number starts a JSON value
        if (t[i] >= '0' && t[i] <= '9' && (j == 0 || std::string(" [,:").find(t[j - 1]) != std::string::npos))
          nums.push_back(i);
      }
      if (nums.empty()) break;
      size_t a = rng.pick(nums), b = a;
      while (b < n && std::string("0123456789.eE+-").find(t[b]) != std::string::npos) ++b;
      if (a > 0 && t[a - 1] == '-') --a;
      static const std::vector<std::string> plausible = {"1", "2", "3", "4", "5", "8", "0", "-1", "-2"};
      t.replace(a, b - a, rng.below(2) ? rng.pick(plausible) : rng.pick(kNumbers));
      break;
    }
    case 7: {  // swap an op
      auto at = find_all(t, "\"op\":");
      if (!at.empty()) replace_string_at(t, rng.pick(at), rng.pick(kOps));
      break;
    }
    case 8: {  // change a dtype
      auto at = find_all(t, "\"dtype\":");
      if (!at.empty()) replace_string_at(t, rng.pick(at), rng.pick(kDtypes));
      break;
    }
    case 9: {  // replace a string by another string of the text (names, ops, keys)
      auto strs = strings_of(t);
      if (strs.size() < 2) break;
      replace_string_at(t, rng.pick(string_starts(t)), rng.pick(strs));
      break;
    }
    default: {  // add an attribute to some node
      auto at = find_all(t, "\"op\":");
      if (at.empty()) break;
      static const std::vector<std::string> attrs = {
          "\"axis\": -1", "\"axis\": 2", "\"axes\": [-1]", "\"axes\": [0, 1]", "\"keepdims\": true",
          "\"perm\": [1, 0]", "\"shape\": [-1]", "\"shape\": [2, -1]", "\"start\": 1",
          "\"step\": -2", "\"end\": -1", "\"eps\": 0", "\"dtype\": \"f16\"", "\"value\": 2",
          "\"approximate\": \"tanh\"", "\"before\": [0, 1]", "\"after\": [1, 0]"};
      // Place it as the node's attrs (replacing an existing attrs object is left to the parser:
      // a duplicate key keeps the last one).
      size_t inputs = t.find("\"inputs\":", rng.pick(at));
      size_t close = inputs == std::string::npos ? inputs : t.find(']', inputs);
      if (close != std::string::npos) t.insert(close + 1, ", \"attrs\": {" + rng.pick(attrs) + "}");
      break;
    }
  }
}

std::string escaped(const std::string& s, size_t max = 600) {
  std::string out;
  for (char ch : s.substr(0, max)) {
    auto u = static_cast<unsigned char>(ch);
    if (u >= 0x20 && u < 0x7f) out += ch;
    else if (ch == '\n') out += "\\n";
    else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    }
  }
  return s.size() > max ? out + "..." : out;
}

bool small_and_concrete(const axon::Graph& g) {
  for (const axon::Node* n : g.topo_order()) {
    auto count = axon::element_count(n->shape());
    if (!count || *count > 4096) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("mutation fuzz: parse either succeeds or gives a one-line UserError", "[fuzz]") {
  std::vector<std::string> seeds;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(AXON_SOURCE_DIR "/benchmarks/graphs"))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  files.push_back(AXON_SOURCE_DIR "/examples/rmsnorm_matmul.json");
  for (const auto& f : files) {
    std::string text = read_file(f);
    seeds.push_back(text);
    seeds.push_back(shrink(text));
  }
  for (int k = 0; k < 8; ++k) seeds.push_back(kAllOps);  // weighted: it reaches the most code
  REQUIRE_NOTHROW(axon::parse_graph(kAllOps, "all_ops.json"));
  REQUIRE(seeds.size() >= 20);

  long iters = 3000;
  if (const char* env = std::getenv("AXON_FUZZ_ITERS")) iters = std::max(1L, std::atol(env));
  const axon::Bindings binds{{"M", 4}, {"K", 8}, {"N", 3}};

  Rng rng(0xa7f0c0de2024ull);
  long parsed = 0, rejected = 0, evaluated = 0, eval_rejected = 0;
  for (long it = 0; it < iters; ++it) {
    std::string text = seeds[static_cast<size_t>(it) % seeds.size()];
    // Mostly mutations that keep the JSON well-formed (they reach the graph checks), sometimes
    // any mutation.
    bool structural = rng.below(10) < 7;
    size_t rounds = 1 + rng.below(structural ? 2 : 3);
    for (size_t r = 0; r < rounds; ++r)
      mutate_once(text, rng, structural ? 5 + rng.below(6) : rng.below(11));
    const bool bound = it % 2 == 0;
    INFO("iteration " << it << (bound ? " (with --bind M=4 K=8 N=3)" : "") << ", input:\n"
                      << escaped(text));
    auto ctx = std::make_shared<axon::Context>();
    std::optional<axon::Graph> g;
    try {
      g.emplace(axon::parse_graph(text, "fuzz.json", bound ? binds : axon::Bindings{}, ctx));
    } catch (const axon::UserError& e) {
      std::string m = e.what();
      ++rejected;
      if (std::getenv("AXON_FUZZ_VERBOSE")) std::cout << "rejected: " << escaped(m, 200) << "\n";
      if (m.find('\n') != std::string::npos || m.rfind("fuzz.json: ", 0) != 0)
        FAIL("bad message: " << escaped(m));
      continue;
    } catch (const std::exception& e) {
      FAIL("parse threw something other than UserError: " << e.what());
    }
    ++parsed;
    // The canonical form parses back to the same nodes.
    std::string printed = axon::print_graph(*g);
    try {
      axon::Graph h = axon::parse_graph(printed, "printed.json", {}, ctx);
      REQUIRE(h.outputs.size() == g->outputs.size());
      for (size_t i = 0; i < h.outputs.size(); ++i) REQUIRE(h.outputs[i].node == g->outputs[i].node);
    } catch (const std::exception& e) {
      FAIL("printed graph does not re-parse: " << e.what() << "\nprinted:\n" << printed);
    }
    if (!small_and_concrete(*g)) continue;
    try {
      axon::EvalOptions opts;
      opts.threads = 1;
      opts.max_bytes = int64_t{64} << 20;
      axon::TensorMap out = axon::evaluate(*g, axon::random_inputs(*g, static_cast<uint64_t>(it)), opts);
      CHECK(out.size() == g->outputs.size());
      ++evaluated;
    } catch (const axon::UserError& e) {
      ++eval_rejected;
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    } catch (const std::exception& e) {
      FAIL("evaluate threw something other than UserError: " << e.what());
    }
  }
  std::cout << "mutation fuzz: " << iters << " inputs from " << seeds.size() << " seeds: " << parsed
            << " parsed, " << rejected << " rejected with UserError; " << evaluated
            << " evaluated, " << eval_rejected << " rejected by the interpreter\n";
  CHECK(parsed + rejected == iters);
  CHECK(parsed > 0);
  CHECK(rejected > 0);
}
