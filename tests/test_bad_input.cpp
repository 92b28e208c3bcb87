// Bad graph.json input: every case is rejected with one UserError line that names the file and
// the node, input or field at fault (docs/graph-format.md, "Limits and errors").
#include <catch2/catch.hpp>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"

namespace {

// Standard inputs for the cases below.
const char* kInputs = R"([
  {"name": "x", "shape": [4, 8], "dtype": "f32"},
  {"name": "y", "shape": [4, 8], "dtype": "f32"},
  {"name": "b", "shape": [8], "dtype": "f32"},
  {"name": "w", "shape": [8, 3], "dtype": "f32"},
  {"name": "c", "shape": [4, 8], "dtype": "bool"},
  {"name": "i", "shape": [4, 8], "dtype": "i32"},
  {"name": "s", "shape": ["K", 8], "dtype": "f32"},
  {"name": "sc", "shape": [], "dtype": "f32"}])";

// A graph with the standard inputs, the given nodes and outputs.
std::string G(const std::string& nodes, const std::string& outputs = R"(["z"])") {
  return std::string("{\"name\": \"t\", \"inputs\": ") + kInputs + ",\n \"nodes\": [" + nodes +
         "],\n \"outputs\": " + outputs + "}";
}

// A graph with one node z = op(inputs) with attrs.
std::string N(const std::string& op, const std::string& inputs, const std::string& attrs = "") {
  std::string node = R"({"name": "z", "op": ")" + op + R"(", "inputs": )" + inputs;
  if (!attrs.empty()) node += R"(, "attrs": )" + attrs;
  return G(node + "}");
}

// A graph with one input q of the given shape (and dtype) whose output is q.
std::string In(const std::string& shape, const std::string& dtype = "\"f32\"") {
  return R"({"inputs": [{"name": "q", "shape": )" + shape + R"(, "dtype": )" + dtype +
         R"(}], "nodes": [], "outputs": ["q"]})";
}

struct Case {
  const char* what;
  std::string text;
  std::vector<std::string> expect;  // substrings of the message besides "g.json"
};

std::string deep(int levels) {
  return R"({"inputs": )" + std::string(static_cast<size_t>(levels), '[') +
         std::string(static_cast<size_t>(levels), ']') + R"(, "nodes": [], "outputs": ["x"]})";
}

std::string chain_of_binomials(int rank) {
  std::string shape;
  for (int k = 0; k < rank; ++k)
    shape += (k ? ", " : "") + std::string("\"A") + std::to_string(k) + " + B" +
             std::to_string(k) + "\"";
  return R"({"inputs": [{"name": "q", "shape": [)" + shape + R"(], "dtype": "f32"}],
             "nodes": [{"name": "r", "op": "reshape", "inputs": ["q"], "attrs": {"shape": ["Z"]}}],
             "outputs": ["r"]})";
}

const std::string kValid = G(R"({"name": "z", "op": "add", "inputs": ["x", "y"]})");

std::vector<Case> cases() {
  std::vector<Case> c = {
      // --- not JSON, or not a graph ---------------------------------------------------------
      {"empty file", "", {"file is empty"}},
      {"whitespace only", " \n\t\r\n ", {"file is empty"}},
      {"binary bytes", std::string("\x00\xff\xfe\x01{\x80", 6), {"not valid JSON"}},
      {"NUL inside JSON", std::string("{\"inputs\": [\0]}", 15), {"not valid JSON"}},
      {"0xff inside a string", "{\"name\": \"a\xff\", \"inputs\": []}", {"not valid JSON"}},
      {"truncated after '{'", "{", {"not valid JSON"}},
      {"truncated in a key", kValid.substr(0, 5), {"not valid JSON"}},
      {"truncated in the middle", kValid.substr(0, kValid.size() / 2), {"not valid JSON"}},
      {"truncated before the last '}'", kValid.substr(0, kValid.size() - 1), {"not valid JSON"}},
      {"trailing garbage", kValid + " x", {"not valid JSON"}},
      {"number overflow", R"({"inputs": [1e400]})", {"not valid JSON"}},
      {"top level an array", "[]", {"top level must be an object, got a list"}},
      {"top level a number", "42", {"top level must be an object, got an integer"}},
      {"missing inputs", R"({"nodes": [], "outputs": []})", {"missing field \"inputs\""}},
      {"missing nodes", R"({"inputs": [], "outputs": []})", {"missing field \"nodes\""}},
      {"missing outputs", R"({"inputs": [], "nodes": []})", {"missing field \"outputs\""}},
      {"unknown top-level key", R"({"inputs": [], "nodes": [], "outputs": [], "extra": 1})",
       {"unknown field \"extra\""}},
      {"graph name not a string", R"({"name": 3, "inputs": [], "nodes": [], "outputs": []})",
       {"name: must be a string, got an integer"}},
      {"inputs not a list", R"({"inputs": {}, "nodes": [], "outputs": []})",
       {"inputs: must be a list, got an object"}},
      {"nodes not a list", R"({"inputs": [], "nodes": 1, "outputs": []})",
       {"nodes: must be a list, got an integer"}},
      {"100-deep nesting", deep(100), {"nested deeper than 32"}},
      {"33-deep nesting", deep(33), {"nested deeper than 32"}},

      // --- inputs ---------------------------------------------------------------------------
      {"input not an object", R"({"inputs": [3], "nodes": [], "outputs": ["q"]})",
       {"inputs[0]", "must be an object, got an integer"}},
      {"input without name", R"({"inputs": [{"shape": [1], "dtype": "f32"}], "nodes": [], "outputs": []})",
       {"inputs[0]", "missing field \"name\""}},
      {"input without shape", R"({"inputs": [{"name": "q", "dtype": "f32"}], "nodes": [], "outputs": ["q"]})",
       {"input 'q'", "missing field \"shape\""}},
      {"input unknown field", R"({"inputs": [{"name": "q", "shape": [1], "dtype": "f32", "layout": 1}], "nodes": [], "outputs": ["q"]})",
       {"inputs[0]", "unknown field \"layout\""}},
      {"input unknown dtype", In("[2]", "\"f64\""), {"input 'q'", "dtype: unknown dtype \"f64\""}},
      {"input dtype not a string", In("[2]", "32"), {"input 'q'", "dtype: must be a string"}},
      {"size 0", In("[2, 0]"), {"input 'q'", "shape[1]", "not positive"}},
      {"negative size", In("[-3]"), {"input 'q'", "shape[0]", "not positive"}},
      {"size 2^41", In("[2199023255552]"), {"input 'q'", "shape[0]", "exceeds the limit 2^40"}},
      {"size beyond int64", In("[18446744073709551615]"), {"input 'q'", "shape[0]", "too large"}},
      {"element count over 2^48", In("[1073741824, 1073741824]"),
       {"input 'q'", "shape", "exceed the limit 2^48"}},
      {"size 1.5", In("[1.5]"), {"input 'q'", "shape[0]", "must be an integer, got a number"}},
      {"size true", In("[true]"), {"input 'q'", "shape[0]", "must be an integer, got a boolean"}},
      {"size null", In("[null]"), {"input 'q'", "shape[0]", "got null"}},
      {"shape not a list", In("4"), {"input 'q'", "shape: must be a list"}},
      {"rank 33", In("[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]"),
       {"input 'q'", "shape: has 33 entries (limit 32)"}},
      {"size expression 'K-'", In(R"(["K-"])"), {"input 'q'", "shape[0]", "bad size expression"}},
      {"size expression '2*'", In(R"(["2*"])"), {"input 'q'", "shape[0]", "ends early"}},
      {"size expression '(K'", In(R"(["(K"])"), {"input 'q'", "shape[0]", "missing ')'"}},
      {"size expression '$'", In(R"(["$"])"), {"input 'q'", "shape[0]", "bad size expression"}},
      {"size expression empty", In(R"([""])"), {"input 'q'", "shape[0]", "bad size expression"}},
      {"size expression K-1", In(R"(["K - 1"])"), {"input 'q'", "shape[0]", "non-positive"}},
      {"size expression K-K", In(R"(["K - K"])"), {"input 'q'", "shape[0]", "not positive"}},
      {"size expression nested", In("[\"" + std::string(40, '(') + "K" + std::string(40, ')') + "\"]"),
       {"input 'q'", "shape[0]", "nested too deeply"}},
      {"size expression too long", In("[\"" + std::string(70000, 'K') + "\"]"),
       {"input 'q'", "shape[0]", "longer than 65536"}},
      {"size polynomial of too many terms", In(R"x(["(A+B+C+D)*(E+F+G+H)*(I+J+K+L)*(M+N+O+P)*(Q+R+S+T)"])x"),
       {"input 'q'", "shape[0]", "more than 256 terms"}},
      {"input named twice", R"({"inputs": [{"name": "q", "shape": [1], "dtype": "f32"}, {"name": "q", "shape": [1], "dtype": "f32"}], "nodes": [], "outputs": ["q"]})",
       {"input 'q'", "defined twice"}},

      // --- node objects and names -----------------------------------------------------------
      {"node not an object", G(R"("z")"), {"nodes[0]", "must be an object, got a string"}},
      {"node name not a string", G(R"({"name": 5, "op": "neg", "inputs": ["x"]})"),
       {"nodes[0]", "name: must be a string, got an integer"}},
      {"node empty name", G(R"({"name": "", "op": "neg", "inputs": ["x"]})"),
       {"nodes[0]", "name: must not be empty"}},
      {"node name with a control character", G(R"({"name": "a\u0001", "op": "neg", "inputs": ["x"]})"),
       {"nodes[0]", "name: contains a control character"}},
      {"node name too long", G(R"({"name": ")" + std::string(300, 'n') + R"(", "op": "neg", "inputs": ["x"]})"),
       {"nodes[0]", "name: longer than 256"}},
      {"node without name", G(R"({"op": "neg", "inputs": ["x"]})"), {"nodes[0]", "missing field \"name\""}},
      {"node without op", G(R"({"name": "z", "inputs": ["x"]})"), {"node 'z'", "missing field \"op\""}},
      {"node op not a string", G(R"({"name": "z", "op": 1, "inputs": ["x"]})"),
       {"node 'z'", "op: must be a string"}},
      {"node unknown field", G(R"({"name": "z", "op": "neg", "inputs": ["x"], "input": ["x"]})"),
       {"nodes[0]", "unknown field \"input\""}},
      {"node inputs not a list", N("neg", R"("x")"), {"node 'z'", "inputs: must be a list"}},
      {"node input not a string", N("neg", "[1]"), {"node 'z'", "inputs[0]: must be a string"}},
      {"unknown op", N("frobnicate", R"(["x"])"), {"node 'z' (frobnicate)", "op: unknown op \"frobnicate\""}},
      {"op 'input'", N("input", "[]"), {"node 'z' (input)", "unknown op"}},
      {"dangling input name", N("neg", R"(["nope"])"), {"node 'z' (neg)", "inputs[0]", "'nope' names no input or node"}},
      {"duplicate node name",
       G(R"({"name": "z", "op": "neg", "inputs": ["x"]}, {"name": "z", "op": "abs", "inputs": ["x"]})"),
       {"node 'z'", "defined twice"}},
      {"node named like an input", G(R"({"name": "x", "op": "neg", "inputs": ["y"]})", R"(["x"])"),
       {"node 'x'", "defined twice"}},
      {"self-loop", G(R"({"name": "z", "op": "neg", "inputs": ["z"]})"),
       {"node 'z' (neg)", "inputs[0]", "cycle through 'z'"}},
      {"2-cycle",
       G(R"({"name": "z", "op": "neg", "inputs": ["a"]}, {"name": "a", "op": "exp", "inputs": ["z"]})"),
       {"node 'a' (exp)", "inputs[0]", "cycle through 'z'"}},
      {"3-cycle",
       G(R"({"name": "z", "op": "add", "inputs": ["x", "a"]}, {"name": "a", "op": "neg", "inputs": ["m"]},
            {"name": "m", "op": "mul", "inputs": ["z", "y"]})"),
       {"node 'm' (mul)", "inputs[0]", "cycle through 'z'"}},
      {"reshape to -1 written as 2^64 - 1", N("reshape", R"(["x"])", R"({"shape": [18446744073709551615]})"),
       {"node 'z' (reshape)", "attrs.shape[0]", "too large"}},

      // --- arity ----------------------------------------------------------------------------
      {"unary with 2 inputs", N("exp", R"(["x", "y"])"), {"node 'z' (exp)", "exp takes 1 input, got 2"}},
      {"unary with 0 inputs", N("neg", "[]"), {"node 'z' (neg)", "takes 1 input, got 0"}},
      {"binary with 1 input", N("add", R"(["x"])"), {"node 'z' (add)", "add takes 2 inputs, got 1"}},
      {"binary with 3 inputs", N("mul", R"(["x", "y", "x"])"), {"node 'z' (mul)", "takes 2 inputs, got 3"}},
      {"where with 2 inputs", N("where", R"(["c", "x"])"), {"node 'z' (where)", "where takes 3 inputs, got 2"}},
      {"concat with 0 inputs", N("concat", "[]", R"({"axis": 0})"),
       {"node 'z' (concat)", "takes at least 1 input", "got 0"}},
      {"iota with an input", N("iota", R"(["x"])", R"({"shape": [4], "axis": 0})"),
       {"node 'z' (iota)", "takes 0 inputs, got 1"}},
      {"softmax with 2 inputs", N("softmax", R"(["x", "y"])"), {"node 'z' (softmax)", "softmax takes 1 input, got 2"}},
      {"layernorm with 4 inputs", N("layernorm", R"(["x", "b", "b", "b"])"),
       {"node 'z' (layernorm)", "layernorm takes 1 to 3 inputs, got 4"}},
      {"rmsnorm with 0 inputs", N("rmsnorm", "[]"), {"node 'z' (rmsnorm)", "rmsnorm takes 1 to 2 inputs, got 0"}},

      // --- dtypes ---------------------------------------------------------------------------
      {"dtype mismatch in add", N("add", R"(["x", "i"])"), {"node 'z' (add)", "input dtypes differ (f32 vs i32)"}},
      {"dtype mismatch in matmul", N("matmul", R"(["i", "w"])"), {"node 'z' (matmul)", "input dtypes differ"}},
      {"where with f32 condition", N("where", R"(["x", "x", "y"])"),
       {"node 'z' (where)", "condition (input 1) must be bool, got f32"}},
      {"where with differing branches", N("where", R"(["c", "x", "i"])"), {"node 'z' (where)", "input dtypes differ"}},
      {"exp on i32", N("exp", R"(["i"])"), {"node 'z' (exp)", "exp does not take i32 inputs"}},
      {"neg on bool", N("neg", R"(["c"])"), {"node 'z' (neg)", "neg does not take bool inputs"}},
      {"div on i32", N("div", R"(["i", "i"])"), {"node 'z' (div)", "div does not take i32"}},
      {"softmax on i32", N("softmax", R"(["i"])"), {"node 'z' (softmax)", "takes a float input, got i32"}},
      {"cast to unknown dtype", N("cast", R"(["x"])", R"({"dtype": "f8"})"),
       {"node 'z' (cast)", "attrs.dtype: unknown dtype \"f8\""}},
      {"cast without dtype", N("cast", R"(["x"])"), {"node 'z' (cast)", "attrs.dtype: required attribute is missing"}},
      {"iota of bool", N("iota", "[]", R"({"shape": [4], "axis": 0, "dtype": "bool"})"),
       {"node 'z' (iota)", "attrs.dtype", "bool"}},
      {"layernorm gamma of another dtype", N("layernorm", R"(["x", "i"])"), {"node 'z' (layernorm)", "gamma (input 2) is i32"}},

      // --- shapes ---------------------------------------------------------------------------
      {"shape mismatch in add", N("add", R"(["x", "w"])"), {"node 'z' (add)", "do not broadcast", "[4, 8] and [8, 3]"}},
      {"broadcast mismatch symbolic", N("add", R"(["x", "s"])"), {"node 'z' (add)", "do not broadcast", "4 vs K"}},
      {"where broadcast mismatch", N("where", R"(["c", "x", "w"])"), {"node 'z' (where)", "do not broadcast"}},
      {"matmul contraction mismatch", N("matmul", R"(["x", "y"])"),
       {"node 'z' (matmul)", "contraction sizes differ", "8 vs 4"}},
      {"matmul of a scalar", N("matmul", R"(["sc", "x"])"), {"node 'z' (matmul)", "at least one axis"}},
      {"matmul batch mismatch",
       G(R"({"name": "a", "op": "reshape", "inputs": ["x"], "attrs": {"shape": [2, 2, 8]}},
            {"name": "bb", "op": "broadcast_to", "inputs": ["w"], "attrs": {"shape": [3, 8, 3]}},
            {"name": "z", "op": "matmul", "inputs": ["a", "bb"]})"),
       {"node 'z' (matmul)", "batch axes"}},
      {"layernorm gamma of wrong shape", N("layernorm", R"(["x", "w"])"),
       {"node 'z' (layernorm)", "gamma (input 2) has shape [8, 3], expected [8]"}},
      {"layernorm beta of wrong shape", N("layernorm", R"(["x", "b", "x"])"),
       {"node 'z' (layernorm)", "beta (input 3) has shape"}},
      {"reduce of a scalar", N("reduce_sum", R"(["sc"])", R"({"axes": [0]})"), {"node 'z' (reduce_sum)", "input is a scalar"}},
      {"softmax of a scalar", N("softmax", R"(["sc"])"), {"node 'z' (softmax)", "scalar"}},
      {"causal_mask of rank 1", N("causal_mask", R"(["b"])"), {"node 'z' (causal_mask)", "at least 2 axes"}},
      {"broadcast_to incompatible", N("broadcast_to", R"(["x"])", R"({"shape": [4, 9]})"),
       {"node 'z' (broadcast_to)", "attrs.shape", "cannot broadcast"}},
      {"broadcast_to fewer axes", N("broadcast_to", R"(["x"])", R"({"shape": [8]})"),
       {"node 'z' (broadcast_to)", "attrs.shape", "fewer axes"}},
      {"concat rank mismatch", N("concat", R"(["x", "b"])", R"({"axis": 0})"), {"node 'z' (concat)", "input 2 has rank 1"}},
      {"concat size mismatch", N("concat", R"(["x", "w"])", R"({"axis": 0})"), {"node 'z' (concat)", "on axis 1"}},
      {"concat dtype mismatch", N("concat", R"(["x", "i"])", R"({"axis": 0})"), {"node 'z' (concat)", "input 2 is i32"}},
      {"outer product over 2^48 elements",
       R"({"inputs": [{"name": "a", "shape": [1099511627776, 1], "dtype": "f32"},
                      {"name": "b", "shape": [1, 1099511627776], "dtype": "f32"}],
           "nodes": [{"name": "z", "op": "add", "inputs": ["a", "b"]}], "outputs": ["z"]})",
       {"node 'z' (add)", "limit 2^48"}},
      {"matmul result over 2^48 elements",
       R"({"inputs": [{"name": "a", "shape": [1099511627776, 1], "dtype": "f32"},
                      {"name": "b", "shape": [1, 1099511627776], "dtype": "f32"}],
           "nodes": [{"name": "z", "op": "matmul", "inputs": ["a", "b"]}], "outputs": ["z"]})",
       {"node 'z' (matmul)", "limit 2^48"}},
      {"size polynomial too large", chain_of_binomials(24), {"node 'r' (reshape)", "attrs.shape", "terms"}},

      // --- axes -----------------------------------------------------------------------------
      {"reduce axis out of range", N("reduce_sum", R"(["x"])", R"({"axes": [2]})"),
       {"node 'z' (reduce_sum)", "attrs.axes: axis 2 out of range for rank 2"}},
      {"reduce negative axis out of range", N("reduce_max", R"(["x"])", R"({"axes": [-3]})"),
       {"node 'z' (reduce_max)", "attrs.axes: axis -3 out of range"}},
      {"reduce duplicate axes", N("reduce_mean", R"(["x"])", R"({"axes": [1, -1]})"),
       {"node 'z' (reduce_mean)", "attrs.axes: axis 1 given twice"}},
      {"reduce no axes", N("reduce_sum", R"(["x"])", R"({"axes": []})"), {"node 'z' (reduce_sum)", "attrs.axes"}},
      {"reverse duplicate axes", N("reverse", R"(["x"])", R"({"axes": [0, 0]})"), {"node 'z' (reverse)", "attrs.axes", "twice"}},
      {"softmax axis out of range", N("softmax", R"(["x"])", R"({"axis": 5})"),
       {"node 'z' (softmax)", "attrs.axis: axis 5 out of range for rank 2"}},
      {"layernorm axis out of range", N("layernorm", R"(["x"])", R"({"axis": -3})"),
       {"node 'z' (layernorm)", "attrs.axis: axis -3"}},
      {"concat axis out of range", N("concat", R"(["x", "y"])", R"({"axis": -3})"),
       {"node 'z' (concat)", "attrs.axis: axis -3 out of range"}},
      {"slice axis out of range", N("slice", R"(["x"])", R"({"axis": 2})"), {"node 'z' (slice)", "attrs.axis: axis 2"}},
      {"iota axis out of range", N("iota", "[]", R"({"shape": [4], "axis": 1})"),
       {"node 'z' (iota)", "attrs.axis: axis 1 out of range for rank 1"}},
      {"transpose perm not a permutation", N("transpose", R"(["x"])", R"({"perm": [0, 0]})"),
       {"node 'z' (transpose)", "attrs.perm: not a permutation"}},
      {"transpose perm too short", N("transpose", R"(["x"])", R"({"perm": [0]})"),
       {"node 'z' (transpose)", "attrs.perm: has 1 entries"}},
      {"transpose perm out of range", N("transpose", R"(["x"])", R"({"perm": [0, 7]})"),
       {"node 'z' (transpose)", "attrs.perm: axis 7"}},

      // --- layout attrs ---------------------------------------------------------------------
      {"reshape count mismatch", N("reshape", R"(["x"])", R"({"shape": [5, 5]})"),
       {"node 'z' (reshape)", "attrs.shape", "changes the element count"}},
      {"reshape two -1", N("reshape", R"(["x"])", R"({"shape": [-1, -1]})"),
       {"node 'z' (reshape)", "attrs.shape: more than one -1"}},
      {"reshape -1 not dividing", N("reshape", R"(["x"])", R"({"shape": [-1, 5]})"),
       {"node 'z' (reshape)", "attrs.shape: cannot infer -1"}},
      {"reshape -1 with symbolic", N("reshape", R"(["s"])", R"({"shape": [-1]})"),
       {"node 'z' (reshape)", "attrs.shape", "-1 needs"}},
      {"reshape -2", N("reshape", R"(["x"])", R"({"shape": [-2, -16]})"),
       {"node 'z' (reshape)", "attrs.shape[0]", "not positive"}},
      {"reshape size over 2^40", N("reshape", R"(["x"])", R"({"shape": [2199023255552]})"),
       {"node 'z' (reshape)", "attrs.shape[0]", "2^40"}},
      {"reshape shape not a list", N("reshape", R"(["x"])", R"({"shape": 32})"),
       {"node 'z' (reshape)", "attrs.shape: must be a list"}},
      {"slice selecting nothing", N("slice", R"(["x"])", R"({"axis": 1, "start": 5, "end": 2})"),
       {"node 'z' (slice)", "selects no elements"}},
      {"slice on a symbolic axis", N("slice", R"(["s"])", R"({"axis": 0, "start": 1})"),
       {"node 'z' (slice)", "symbolic size K"}},
      {"slice step 0", N("slice", R"(["x"])", R"({"axis": 0, "step": 0})"), {"node 'z' (slice)", "attrs.step"}},
      {"slice of a scalar", N("slice", R"(["sc"])", R"({"axis": 0})"), {"node 'z' (slice)", "scalar"}},
      {"pad negative", N("pad", R"(["x"])", R"({"before": [-1, 0], "after": [0, 0]})"),
       {"node 'z' (pad)", "attrs.before/after", ">= 0"}},
      {"pad wrong length", N("pad", R"(["x"])", R"({"before": [1], "after": [1]})"),
       {"node 'z' (pad)", "attrs.before/after", "one entry per axis"}},
      {"pad too large", N("pad", R"(["x"])", R"({"before": [0, 2199023255552], "after": [0, 0]})"),
       {"node 'z' (pad)", "attrs.before/after", "2^40"}},
      {"iota shape empty", N("iota", "[]", R"({"shape": [], "axis": 0})"), {"node 'z' (iota)", "attrs.shape"}},
      {"iota size 0", N("iota", "[]", R"({"shape": [0], "axis": 0})"), {"node 'z' (iota)", "attrs.shape[0]", "not positive"}},
      {"constant value \"abc\"", N("constant", "[]", R"({"value": "abc"})"),
       {"node 'z' (constant)", "attrs.value: must be a number", "\"abc\""}},
      {"constant without value", N("constant", "[]"), {"node 'z' (constant)", "attrs.value: required attribute is missing"}},
      {"constant i32 value 1.5", N("constant", "[]", R"({"value": 1.5, "dtype": "i32"})"),
       {"node 'z' (constant)", "attrs.value", "i32"}},
      {"constant bool value 2", N("constant", "[]", R"({"value": 2, "dtype": "bool"})"),
       {"node 'z' (constant)", "attrs.value", "bool"}},
      {"constant shape over 2^48", N("constant", "[]", R"({"value": 1, "shape": [1073741824, 1073741824]})"),
       {"node 'z' (constant)", "attrs.shape", "2^48"}},
      {"gelu approximate unknown", N("gelu", R"(["x"])", R"({"approximate": "fast"})"),
       {"node 'z' (gelu)", "attrs.approximate"}},
      {"layernorm eps negative", N("layernorm", R"(["x"])", R"({"eps": -1})"), {"node 'z' (layernorm)", "attrs.eps"}},
      {"rmsnorm eps nan", N("rmsnorm", R"(["x"])", R"({"eps": "nan"})"), {"node 'z' (rmsnorm)", "attrs.eps"}},

      // --- attrs of the wrong type ----------------------------------------------------------
      {"string for int", N("slice", R"(["x"])", R"({"axis": "1"})"),
       {"node 'z' (slice)", "attrs.axis: must be an integer, got a string"}},
      {"float for int", N("concat", R"(["x", "y"])", R"({"axis": 1.0})"),
       {"node 'z' (concat)", "attrs.axis: must be an integer, got a number"}},
      {"int for list", N("reduce_sum", R"(["x"])", R"({"axes": 1})"),
       {"node 'z' (reduce_sum)", "attrs.axes: must be a list, got an integer"}},
      {"list entry not an int", N("reduce_sum", R"(["x"])", R"({"axes": [0.5]})"),
       {"node 'z' (reduce_sum)", "attrs.axes[0]: must be an integer"}},
      {"list for bool", N("reduce_sum", R"(["x"])", R"({"axes": [1], "keepdims": [true]})"),
       {"node 'z' (reduce_sum)", "attrs.keepdims: must be true or false, got a list"}},
      {"int for bool", N("reduce_sum", R"(["x"])", R"({"axes": [1], "keepdims": 1})"),
       {"node 'z' (reduce_sum)", "attrs.keepdims"}},
      {"object for string", N("gelu", R"(["x"])", R"({"approximate": {}})"),
       {"node 'z' (gelu)", "attrs.approximate: must be a string, got an object"}},
      {"bool for float", N("pad", R"(["x"])", R"({"before": [0, 0], "after": [0, 0], "value": true})"),
       {"node 'z' (pad)", "attrs.value: must be a number, got a boolean"}},
      {"bool for size", N("iota", "[]", R"({"shape": [true], "axis": 0})"),
       {"node 'z' (iota)", "attrs.shape[0]: must be an integer, got a boolean"}},
      {"unknown attr", N("neg", R"(["x"])", R"({"foo": 1})"), {"node 'z' (neg)", "attrs.foo: unknown attribute"}},
      {"unknown composite attr", N("softmax", R"(["x"])", R"({"dim": 1})"),
       {"node 'z' (softmax)", "attrs.dim: unknown attribute"}},
      {"attrs not an object", N("neg", R"(["x"])", "[1]"), {"node 'z' (neg)", "attrs: must be an object, got a list"}},
      {"attrs a string", N("softmax", R"(["x"])", R"("axis")"), {"node 'z' (softmax)", "attrs: must be an object"}},

      // --- outputs --------------------------------------------------------------------------
      {"outputs empty", G("", "[]"), {"outputs: lists no output"}},
      {"outputs naming nothing", G("", R"(["nope"])"), {"outputs[0]", "'nope' names no input or node"}},
      {"outputs listed twice", G("", R"(["x", "x"])"), {"outputs[1]", "'x' listed twice"}},
      {"outputs not strings", G("", "[1]"), {"outputs[0]", "must be a string, got an integer"}},
      {"outputs not a list", G("", R"("x")"), {"outputs: must be a list"}},
      {"outputs entry empty", G("", R"([""])"), {"outputs[0]", "must not be empty"}},
  };
  return c;
}

void check_message(const std::string& msg, const Case& c) {
  if (std::getenv("AXON_SHOW_ERRORS")) std::cout << c.what << ": " << msg << "\n";
  INFO("case: " << c.what << "\nmessage: " << msg);
  CHECK(msg.find('\n') == std::string::npos);
  CHECK(msg.find('\r') == std::string::npos);
  CHECK(msg.rfind("g.json: ", 0) == 0);
  for (const auto& s : c.expect) CHECK(msg.find(s) != std::string::npos);
  for (char ch : msg) CHECK((static_cast<unsigned char>(ch) >= 0x20 && static_cast<unsigned char>(ch) < 0x7f));
}

}  // namespace

TEST_CASE("bad graph.json: the table has cases for every class", "[bad_input]") {
  auto all = cases();
  CHECK(all.size() >= 60);
  std::cout << "bad-input table: " << all.size() << " cases\n";
}

TEST_CASE("bad graph.json: one-line UserError naming the file and the place", "[bad_input]") {
  REQUIRE_NOTHROW(axon::parse_graph(kValid, "g.json"));  // the base graph is fine
  for (const Case& c : cases()) {
    INFO("case: " << c.what);
    REQUIRE_THROWS_AS(axon::parse_graph(c.text, "g.json"), axon::UserError);
    try {
      axon::parse_graph(c.text, "g.json");
    } catch (const axon::UserError& e) {
      check_message(e.what(), c);
    }
  }
}

TEST_CASE("bad graph.json: nothing but UserError escapes the parser", "[bad_input]") {
  for (const Case& c : cases()) {
    INFO("case: " << c.what);
    bool user_error = false;
    try {
      axon::parse_graph(c.text, "g.json");
    } catch (const axon::UserError&) {
      user_error = true;
    } catch (const std::exception& e) {
      FAIL("not a UserError: " << e.what());
    } catch (...) {
      FAIL("not a std::exception");
    }
    CHECK(user_error);
  }
}

TEST_CASE("bad graph.json: parse limits are enforced", "[bad_input]") {
  axon::ParseLimits small;
  small.max_bytes = 100;
  try {
    axon::parse_graph(kValid, "g.json", {}, nullptr, small);
    FAIL("accepted a file over the byte limit");
  } catch (const axon::UserError& e) {
    std::string m = e.what();
    CHECK(m.rfind("g.json: file is ", 0) == 0);
    CHECK(m.find("limit 100") != std::string::npos);
  }
  axon::ParseLimits few;
  few.max_nodes = 1;
  std::string two = R"({"inputs": [{"name": "x", "shape": [2], "dtype": "f32"}],
      "nodes": [{"name": "z", "op": "neg", "inputs": ["x"]}, {"name": "v", "op": "abs", "inputs": ["x"]}],
      "outputs": ["z"]})";
  try {
    axon::parse_graph(two, "g.json", {}, nullptr, few);
    FAIL("accepted more nodes than the limit");
  } catch (const axon::UserError& e) {
    std::string m = e.what();
    CHECK(m.find("g.json: nodes: has 2 entries (limit 1)") == 0);
  }
}

TEST_CASE("bad graph.json: bindings that overflow name the field", "[bad_input]") {
  axon::Bindings b{{"K", int64_t{1} << 40}};
  std::string text = In(R"(["K*K*K*K"])");
  try {
    axon::parse_graph(text, "g.json", b);
    FAIL("accepted an overflowing size");
  } catch (const axon::UserError& e) {
    std::string m = e.what();
    INFO(m);
    CHECK(m.find("g.json: input 'q': shape[0]") == 0);
    CHECK(m.find("overflow") != std::string::npos);
  }
  // A bound size beyond 2^40 is rejected the same way as a written one.
  try {
    axon::parse_graph(In(R"(["2*K"])"), "g.json", b);
    FAIL("accepted a size over 2^40");
  } catch (const axon::UserError& e) {
    CHECK(std::string(e.what()).find("g.json: input 'q': shape[0]: size 2199023255552 exceeds") == 0);
  }
}

TEST_CASE("bad graph.json: extreme but valid attribute values", "[bad_input]") {
  // Values at the ends of int64 are accepted or rejected cleanly (no overflow: this runs under
  // UBSan in the sanitizer build).
  for (const char* attrs :
       {R"({"axis": 1, "step": 9223372036854775807})", R"({"axis": 1, "step": -9223372036854775808})",
        R"({"axis": 1, "start": -9223372036854775808, "end": 9223372036854775807})",
        R"({"axis": 1, "start": 9223372036854775807, "step": -9223372036854775807})",
        R"({"axis": 0, "start": 3, "end": -9223372036854775808, "step": -1})"}) {
    INFO(attrs);
    std::string text = N("slice", R"(["x"])", attrs);
    axon::Graph g = axon::parse_graph(text, "g.json");
    // The canonical form re-parses to the same node.
    axon::Graph h = axon::parse_graph(axon::print_graph(g), "g.json", {}, g.ctx_ptr());
    CHECK(h.outputs.at(0).node == g.outputs.at(0).node);
  }
  for (const char* attrs : {R"({"axis": -9223372036854775808})", R"({"axis": 9223372036854775807})"}) {
    std::string text = N("slice", R"(["x"])", attrs);
    CHECK_THROWS_AS(axon::parse_graph(text, "g.json"), axon::UserError);
  }
}

TEST_CASE("bad --bind: parse_binding names the text", "[bad_input]") {
  struct B {
    const char* text;
    const char* expect;
  };
  for (const B& c : {B{"K", "expected NAME=VALUE"}, B{"", "expected NAME=VALUE"},
                     B{"=5", "bad size name"}, B{"1K=5", "bad size name"}, B{"K-1=5", "bad size name"},
                     B{"K=", "[1, 2^40]"}, B{"K=0", "[1, 2^40]"}, B{"K=-3", "[1, 2^40]"},
                     B{"K=abc", "[1, 2^40]"}, B{"K=1.5", "[1, 2^40]"},
                     B{"K=2199023255553", "[1, 2^40]"}, B{"K=99999999999999999999", "[1, 2^40]"},
                     B{"K=4=5", "[1, 2^40]"}}) {
    INFO("--bind " << c.text);
    axon::Bindings b;
    REQUIRE_THROWS_AS(axon::parse_binding(c.text, b), axon::UserError);
    try {
      axon::parse_binding(c.text, b);
    } catch (const axon::UserError& e) {
      std::string m = e.what();
      CHECK(m.rfind(std::string("--bind ") + c.text, 0) == 0);
      CHECK(m.find(c.expect) != std::string::npos);
      CHECK(m.find('\n') == std::string::npos);
    }
    CHECK(b.empty());
  }
  axon::Bindings ok;
  axon::parse_binding("K=4096", ok);
  CHECK(ok.at("K") == 4096);
}
