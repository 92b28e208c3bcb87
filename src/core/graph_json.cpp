// graph.json parsing and printing. Every malformed input ends in one UserError that names the
// file, the node (or input) and the field; nothing here aborts, recurses on input depth, or
// allocates in proportion to a size written in the file.
#include "axon/core/graph_json.h"

#include <cmath>
#include <limits>
#include <optional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <unordered_set>

#include "axon/core/composite.h"
#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/op_table.h"
#include "op_util.h"

namespace axon {

using json = nlohmann::json;

namespace {

constexpr size_t kMaxRank = 32;
constexpr size_t kMaxListLength = 4096;

// Keeps error messages on one printable line.
std::string printable(std::string_view s, size_t max = 80) {
  std::string out;
  for (char ch : s.substr(0, max)) {
    auto u = static_cast<unsigned char>(ch);
    out += (u >= 0x20 && u < 0x7f) ? ch : '?';
  }
  if (s.size() > max) out += "...";
  return out;
}

std::string kind_of(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::number_integer: case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a number";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "a list";
    case json::value_t::object: return "an object";
    default: return "something else";
  }
}

// Nesting depth of JSON text, counted outside strings. Guards the parser and every walk below.
int nesting_depth(std::string_view text) {
  int depth = 0, max_depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (ch == '\\') escaped = true;
      else if (ch == '"') in_string = false;
      continue;
    }
    if (ch == '"') in_string = true;
    else if (ch == '[' || ch == '{') max_depth = std::max(max_depth, ++depth);
    else if (ch == ']' || ch == '}') --depth;
  }
  return max_depth;
}

int64_t get_int(const json& j, const std::string& field) {
  // is_number_integer() is also true for unsigned numbers: test those first.
  if (j.is_number_unsigned()) {
    auto v = j.get<uint64_t>();
    if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      throw UserError(field + ": integer too large");
    return static_cast<int64_t>(v);
  }
  if (j.is_number_integer()) return j.get<int64_t>();
  throw UserError(field + ": must be an integer, got " + kind_of(j));
}

double get_number(const json& j, const std::string& field) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const auto& s = j.get_ref<const std::string&>();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    throw UserError(field + ": must be a number (or \"inf\", \"-inf\", \"nan\"), got \"" +
                    printable(s) + "\"");
  }
  throw UserError(field + ": must be a number, got " + kind_of(j));
}

const std::string& get_string(const json& j, const std::string& field) {
  if (!j.is_string()) throw UserError(field + ": must be a string, got " + kind_of(j));
  return j.get_ref<const std::string&>();
}

const json& get_list(const json& j, const std::string& field, size_t max_len) {
  if (!j.is_array()) throw UserError(field + ": must be a list, got " + kind_of(j));
  if (j.size() > max_len)
    throw UserError(field + ": has " + std::to_string(j.size()) + " entries (limit " +
                    std::to_string(max_len) + ")");
  return j;
}

Size get_size(const json& j, const std::string& field, const Bindings& b, bool allow_minus_one) {
  if (j.is_string()) {
    try {
      return parse_size(j.get_ref<const std::string&>()).substitute(b);
    } catch (const UserError& e) {
      throw e.at(field);
    }
  }
  int64_t v = get_int(j, field);
  if (v == -1 && allow_minus_one) return Size(-1);
  if (v < 1) throw UserError(field + ": size " + std::to_string(v) + " is not positive");
  if (v > kMaxDim) throw UserError(field + ": size " + std::to_string(v) + " exceeds the limit 2^40");
  return Size(v);
}

Shape get_shape(const json& j, const std::string& field, const Bindings& b, bool allow_minus_one) {
  get_list(j, field, kMaxRank);
  Shape s;
  for (size_t i = 0; i < j.size(); ++i)
    s.push_back(get_size(j[i], field + "[" + std::to_string(i) + "]", b, allow_minus_one));
  return s;
}

void check_keys(const json& obj, std::initializer_list<const char*> allowed, const std::string& where) {
  for (const auto& [k, v] : obj.items()) {
    bool ok = false;
    for (const char* a : allowed) ok = ok || k == a;
    if (!ok) {
      std::string list;
      for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      throw UserError((where.empty() ? "" : where + ": ") + "unknown field \"" + printable(k) +
                      "\" (expected " + list + ")");
    }
  }
}

Attrs parse_attrs(const json& j, const std::vector<AttrSpec>& schema, const Bindings& b,
                  bool reshape) {
  Attrs a;
  if (!j.is_object()) throw UserError("attrs: must be an object, got " + kind_of(j));
  for (const auto& [key, value] : j.items()) {
    const AttrSpec* spec = nullptr;
    for (const auto& s : schema)
      if (key == s.name) spec = &s;
    if (!spec) {
      std::string list;
      for (const auto& s : schema) list += (list.empty() ? "" : ", ") + std::string(s.name);
      throw UserError("attrs." + printable(key) + ": unknown attribute" +
                      (list.empty() ? " (this op takes none)" : " (expected " + list + ")"));
    }
    std::string field = "attrs." + key;
    switch (spec->type) {
      case AttrType::Int: a.set(key, get_int(value, field)); break;
      case AttrType::Float: a.set(key, get_number(value, field)); break;
      case AttrType::Bool:
        if (!value.is_boolean()) throw UserError(field + ": must be true or false, got " + kind_of(value));
        a.set(key, value.get<bool>());
        break;
      case AttrType::String: a.set(key, get_string(value, field)); break;
      case AttrType::DType: {
        const auto& s = get_string(value, field);
        if (!parse_dtype(s))
          throw UserError(field + ": unknown dtype \"" + printable(s) +
                          "\" (expected f32, f16, bf16, i32 or bool)");
        a.set(key, s);
        break;
      }
      case AttrType::Ints: {
        get_list(value, field, kMaxRank);
        std::vector<int64_t> v;
        for (size_t i = 0; i < value.size(); ++i)
          v.push_back(get_int(value[i], field + "[" + std::to_string(i) + "]"));
        a.set(key, v);
        break;
      }
      case AttrType::Shape: a.set(key, get_shape(value, field, b, reshape)); break;
    }
  }
  for (const auto& s : schema)
    if (s.required && !a.has(s.name))
      throw UserError("attrs." + std::string(s.name) + ": required attribute is missing");
  return a;
}

struct RawNode {
  std::string name;
  std::string op;
  std::vector<std::string> inputs;
  const json* attrs = nullptr;
  size_t index = 0;
};

class Parser {
 public:
  Parser(const std::string& source, const Bindings& b, std::shared_ptr<Context> ctx,
         const ParseLimits& limits)
      : source_(source), bindings_(b), limits_(limits), graph_(std::move(ctx)) {}

  Graph run(std::string_view text) {
    if (text.size() > limits_.max_bytes)
      fail("file is " + std::to_string(text.size()) + " bytes (limit " +
           std::to_string(limits_.max_bytes) + ")");
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) fail("file is empty");
    if (nesting_depth(text) > limits_.max_depth)
      fail("JSON nested deeper than " + std::to_string(limits_.max_depth) + " levels");
    if (const size_t nul = text.find('\0'); nul != std::string_view::npos)
      fail("not valid JSON: a NUL byte at byte " + std::to_string(nul + 1));
    json root;
    // A key given twice in one object is refused (the JSON library would keep the last).
    std::vector<std::set<std::string>> keys;
    std::string duplicate;
    auto no_duplicates = [&](int, json::parse_event_t event, json& parsed) {
      if (event == json::parse_event_t::object_start) keys.emplace_back();
      else if (event == json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
      else if (event == json::parse_event_t::key && !keys.empty() && !keys.back().insert(parsed.get<std::string>()).second && duplicate.empty())
        duplicate = parsed.get<std::string>();
      return true;
    };
    try {
      root = json::parse(text.begin(), text.end(), no_duplicates);
    } catch (const json::exception& e) {
      fail(json_error(e));
    }
    if (!duplicate.empty()) fail("key \"" + printable(duplicate) + "\" appears twice in one object");
    if (!root.is_object()) fail("top level must be an object, got " + kind_of(root));
    wrap("", [&] { check_keys(root, {"name", "inputs", "nodes", "outputs"}, ""); });
    if (root.contains("name")) wrap("", [&] { graph_.name = get_string(root["name"], "name"); });
    for (const char* key : {"inputs", "nodes", "outputs"})
      if (!root.contains(key)) fail(std::string("missing field \"") + key + "\"");
    parse_inputs(root["inputs"]);
    collect_nodes(root["nodes"]);
    parse_outputs(root["outputs"]);
    return std::move(graph_);
  }

 private:
  [[noreturn]] void fail(const std::string& msg) const { throw UserError(source_ + ": " + msg); }

  template <typename F>
  void wrap(const std::string& place, F&& f) {
    try {
      f();
    } catch (const UserError& e) {
      fail(place.empty() ? std::string(e.what()) : place + ": " + e.what());
    }
  }

  static std::string json_error(const json::exception& e) {
    std::string m = e.what();
    auto p = m.find("] ");
    if (p != std::string::npos) m = m.substr(p + 2);
    return "not valid JSON: " + printable(m, 160);
  }

  void check_name(const json& j, const std::string& field, std::string* out) {
    *out = get_string(j, field);
    if (out->empty()) throw UserError(field + ": must not be empty");
    if (out->size() > 256) throw UserError(field + ": longer than 256 characters");
    for (char ch : *out)
      if (static_cast<unsigned char>(ch) < 0x20)
        throw UserError(field + ": contains a control character");
  }

  void parse_inputs(const json& list) {
    wrap("", [&] { get_list(list, "inputs", limits_.max_nodes); });
    for (size_t i = 0; i < list.size(); ++i) {
      const json& in = list[i];
      std::string place = "inputs[" + std::to_string(i) + "]";
      std::string name;
      wrap(place, [&] {
        if (!in.is_object()) throw UserError("must be an object, got " + kind_of(in));
        check_keys(in, {"name", "shape", "dtype"}, "");
        if (!in.contains("name")) throw UserError("missing field \"name\"");
        check_name(in["name"], "name", &name);
      });
      place = "input '" + printable(name) + "'";
      wrap(place, [&] {
        for (const char* key : {"shape", "dtype"})
          if (!in.contains(key)) throw UserError(std::string("missing field \"") + key + "\"");
        const auto& dt = get_string(in["dtype"], "dtype");
        auto t = parse_dtype(dt);
        if (!t)
          throw UserError("dtype: unknown dtype \"" + printable(dt) +
                          "\" (expected f32, f16, bf16, i32 or bool)");
        Shape s = get_shape(in["shape"], "shape", bindings_, false);
        detail::check_dims(s, "shape");
        if (defined_.count(name)) throw UserError("name is defined twice");
        const Node* n = graph_.ctx().input(name, *t, s);
        defined_[name] = n;
        graph_.inputs.push_back(n);
        graph_.names.emplace(n, name);
      });
    }
  }

  void collect_nodes(const json& list) {
    wrap("", [&] { get_list(list, "nodes", limits_.max_nodes); });
    for (size_t i = 0; i < list.size(); ++i) {
      const json& j = list[i];
      RawNode r;
      r.index = i;
      std::string place = "nodes[" + std::to_string(i) + "]";
      wrap(place, [&] {
        if (!j.is_object()) throw UserError("must be an object, got " + kind_of(j));
        check_keys(j, {"name", "op", "inputs", "attrs"}, "");
        if (!j.contains("name")) throw UserError("missing field \"name\"");
        check_name(j["name"], "name", &r.name);
      });
      place = "node '" + printable(r.name) + "'";
      wrap(place, [&] {
        if (!j.contains("op")) throw UserError("missing field \"op\"");
        r.op = get_string(j["op"], "op");
        if (j.contains("inputs")) {
          get_list(j["inputs"], "inputs", kMaxListLength);
          for (size_t k = 0; k < j["inputs"].size(); ++k) {
            std::string in;
            check_name(j["inputs"][k], "inputs[" + std::to_string(k) + "]", &in);
            r.inputs.push_back(in);
          }
        }
        if (j.contains("attrs")) r.attrs = &j["attrs"];
        if (defined_.count(r.name) || raw_.count(r.name)) throw UserError("name is defined twice");
      });
      // A constant written without a dtype is a number, as in PyTorch's `x * 0.125`: each op
      // that reads it next to a tensor gets it in that tensor's dtype (adopt_dtypes).
      if (r.op == "constant" && r.attrs && r.attrs->is_object() && !r.attrs->contains("dtype")) untyped_.insert(r.name);
      raw_.emplace(r.name, std::move(r));
    }
    // Build in dependency order with an explicit stack (no recursion on graph depth).
    for (size_t i = 0; i < list.size(); ++i) build(list[i]["name"].get<std::string>());
  }

  void build(const std::string& root) {
    if (defined_.count(root)) return;
    std::vector<std::pair<const RawNode*, size_t>> stack{{&raw_.at(root), 0}};
    std::unordered_set<std::string> active{root};
    while (!stack.empty()) {
      auto& [r, next] = stack.back();
      if (next < r->inputs.size()) {
        const std::string& in = r->inputs[next++];
        if (defined_.count(in)) continue;
        auto it = raw_.find(in);
        if (it == raw_.end())
          fail("node '" + printable(r->name) + "' (" + printable(r->op) + "): inputs[" +
               std::to_string(next - 1) + "]: '" + printable(in) + "' names no input or node");
        if (active.count(in))
          fail("node '" + printable(r->name) + "' (" + printable(r->op) + "): inputs[" +
               std::to_string(next - 1) + "]: cycle through '" + printable(in) + "'");
        active.insert(in);
        stack.push_back({&it->second, 0});
        continue;
      }
      make_node(*r);
      active.erase(r->name);
      stack.pop_back();
    }
  }

  void make_node(const RawNode& r) {
    std::string place = "node '" + printable(r.name) + "' (" + printable(r.op) + ")";
    wrap(place, [&] {
      std::vector<const Node*> operands;
      for (const auto& in : r.inputs) operands.push_back(defined_.at(in));
      static const json kEmpty = json::object();
      const json& attrs = r.attrs ? *r.attrs : kEmpty;
      const Node* n = nullptr;
      if (auto op = parse_op(r.op); op && *op != Op::Input) {
        adopt_dtypes(r, operands, *op == Op::Where);
        Attrs a = parse_attrs(attrs, op_info(*op).attrs, bindings_, *op == Op::Reshape);
        n = graph_.ctx().make(*op, std::move(operands), std::move(a));
      } else if (auto c = parse_composite(r.op)) {
        adopt_dtypes(r, operands, false);
        Attrs a = parse_attrs(attrs, composite_info(*c).attrs, bindings_, false);
        Attrs canon;
        n = expand_composite(graph_.ctx(), *c, operands, a, &canon);
        graph_.composites[n] = CompositeTag{std::string(composite_info(*c).name), operands, canon};
      } else {
        throw UserError("op: unknown op \"" + printable(r.op) + "\"");
      }
      if (graph_.ctx().size() > limits_.max_nodes * 16) throw UserError("graph too large");
      defined_[r.name] = n;
      graph_.names.emplace(n, r.name);
    });
  }

  // The operands of node r that are constants written without a dtype take the dtype of its
  // first other operand (where's condition aside), as the rules language types its numbers
  // (semantics/rules_build.cpp) and PyTorch a Python scalar: `x * 0.125` on a bf16 x multiplies
  // by 0.125 in bf16. Each reader gets its own constant, so one constant read next to f32 and
  // next to bf16 tensors is an f32 constant for the first and a bf16 one for the second. A
  // constant that meets no typed operand (an output, the operand of a unary op or of a layout
  // op, or beside another such constant) keeps the default f32. A value the dtype cannot hold
  // (0.5 next to i32, 2 next to bool) is an error naming both nodes.
  void adopt_dtypes(const RawNode& r, std::vector<const Node*>& operands, bool where) {
    const size_t first = where ? 1 : 0;
    std::optional<DType> t;
    for (size_t i = first; i < operands.size() && !t; ++i)
      if (!untyped_.count(r.inputs[i])) t = operands[i]->dtype();
    if (!t) return;
    for (size_t i = first; i < operands.size(); ++i) {
      if (!untyped_.count(r.inputs[i]) || operands[i]->dtype() == *t) continue;
      const RawNode& c = raw_.at(r.inputs[i]);
      const std::string dt(dtype_name(*t));
      const Node* n = nullptr;
      try {
        Attrs a = parse_attrs(*c.attrs, op_info(Op::Constant).attrs, bindings_, false);
        a.set("dtype", dt);
        n = graph_.ctx().make(Op::Constant, {}, std::move(a));
      } catch (const UserError& e) {
        throw UserError("inputs[" + std::to_string(i) + "]: constant '" + printable(c.name) + "' has no dtype and takes " + dt +
                        " from the tensor it meets here: " + e.what() + "; give the constant a dtype and insert a cast");
      }
      graph_.names.emplace(n, c.name);
      operands[i] = n;
    }
  }

  void parse_outputs(const json& list) {
    wrap("", [&] { get_list(list, "outputs", limits_.max_nodes); });
    if (list.empty()) fail("outputs: lists no output");
    std::unordered_set<std::string> seen;
    for (size_t i = 0; i < list.size(); ++i) {
      std::string field = "outputs[" + std::to_string(i) + "]";
      std::string name;
      wrap("", [&] { check_name(list[i], field, &name); });
      auto it = defined_.find(name);
      if (it == defined_.end()) fail(field + ": '" + printable(name) + "' names no input or node");
      if (!seen.insert(name).second) fail(field + ": '" + printable(name) + "' listed twice");
      graph_.outputs.push_back({name, it->second});
    }
  }

  std::string source_;
  const Bindings& bindings_;
  ParseLimits limits_;
  Graph graph_;
  std::unordered_map<std::string, const Node*> defined_;
  std::unordered_map<std::string, RawNode> raw_;
  std::unordered_set<std::string> untyped_;  // constants written without a dtype
};

}  // namespace

Graph parse_graph(std::string_view text, const std::string& source, const Bindings& bindings,
                  std::shared_ptr<Context> ctx, const ParseLimits& limits) {
  if (!ctx) ctx = std::make_shared<Context>();
  return Parser(source, bindings, std::move(ctx), limits).run(text);
}

Graph load_graph(const std::string& path, const Bindings& bindings, std::shared_ptr<Context> ctx,
                 const ParseLimits& limits) {
  // A regular file only (a FIFO would block), read up to the size limit.
  const std::string text = read_input_file(path, limits.max_bytes, "graph file");
  return parse_graph(text, path, bindings, std::move(ctx), limits);
}

void parse_binding(const std::string& text, Bindings& out) {
  auto eq = text.find('=');
  if (eq == std::string::npos) throw UserError("--bind " + printable(text) + ": expected NAME=VALUE");
  std::string name = text.substr(0, eq), value = text.substr(eq + 1);
  if (!is_valid_symbol(name)) throw UserError("--bind " + printable(text) + ": bad size name");
  int64_t v = 0;
  bool ok = !value.empty() && value.size() <= 15;
  for (char ch : value) ok = ok && ch >= '0' && ch <= '9';
  if (ok) v = std::stoll(value);
  if (!ok || v < 1 || v > kMaxDim)
    throw UserError("--bind " + printable(text) + ": value must be an integer in [1, 2^40]");
  if (out.count(name)) throw UserError("--bind " + printable(text) + ": " + name + " is bound twice");
  out[name] = v;
}

}  // namespace axon
