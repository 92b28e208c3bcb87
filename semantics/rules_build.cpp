// Building a rules-language expression as IR nodes, with graph.json's op and attribute rules.
#include <algorithm>
#include <cmath>

#include "axon/core/composite.h"
#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "axon/semantics/rules.h"

namespace axon {

namespace {

int64_t parse_int(const std::string& s, const std::string& field) {
  try {
    size_t used = 0;
    std::string t = s;
    t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
    int64_t v = std::stoll(t, &used);
    if (used != t.size()) throw std::invalid_argument("");
    return v;
  } catch (const std::exception&) {
    throw UserError(field + ": expected an integer, got \"" + s + "\"");
  }
}

Attrs convert_attrs(const RuleExpr& e, const std::vector<AttrSpec>& schema, const Bindings& b) {
  Attrs a;
  for (const auto& kv : e.attrs) {
    // Named references, not a structured binding: clang before 16 (the fuzz build) cannot
    // capture a binding in the lambda below.
    const std::string& key = kv.first;
    const RuleExpr::AttrValue& v = kv.second;
    const AttrSpec* spec = nullptr;
    for (const auto& s : schema)
      if (key == s.name) spec = &s;
    if (!spec) throw UserError(e.name + ": unknown attribute '" + key + "'");
    std::string field = e.name + "." + key;
    auto scalar = [&]() -> const std::string& {
      if (v.is_list) throw UserError(field + ": expected a single value, got a list");
      return v.text;
    };
    // Symbolic bounds: a slice's start/end/step or a pad's widths written as size expressions; bound
    // to numbers when the bindings fix them, else held as sizes (docs/rules-format.md).
    const bool bounds = (e.name == "slice" && (key == "start" || key == "end" || key == "step")) ||
                        (e.name == "pad" && (key == "before" || key == "after"));
    auto as_size = [&](const std::string& t) {
      std::string c = t;
      c.erase(std::remove(c.begin(), c.end(), ' '), c.end());
      return parse_size(c).substitute(b);
    };
    auto is_int = [](const std::string& t) {
      std::string c = t;
      c.erase(std::remove(c.begin(), c.end(), ' '), c.end());
      if (!c.empty() && c[0] == '-') c = c.substr(1);
      return !c.empty() && std::all_of(c.begin(), c.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    };
    if (bounds && spec->type == AttrType::Int && !is_int(scalar())) {
      const Size sz = as_size(scalar());
      if (auto v = sz.value()) a.set(key, *v);
      else a.set(key, Shape{sz});
      continue;
    }
    if (bounds && spec->type == AttrType::Ints && v.is_list &&
        !std::all_of(v.items.begin(), v.items.end(), is_int)) {
      Shape s;
      bool constant = true;
      for (const auto& it : v.items) {
        s.push_back(as_size(it));
        constant = constant && s.back().value().has_value();
      }
      if (constant) {
        std::vector<int64_t> xs;
        for (const auto& d : s) xs.push_back(*d.value());
        a.set(key, xs);
      } else {
        a.set(key, s);
      }
      continue;
    }
    switch (spec->type) {
      case AttrType::Int: a.set(key, parse_int(scalar(), field)); break;
      case AttrType::Float: {
        const std::string& t = scalar();
        if (t == "inf") a.set(key, INFINITY);
        else if (t == "- inf") a.set(key, -INFINITY);
        else {
          try {
            std::string c = t;
            c.erase(std::remove(c.begin(), c.end(), ' '), c.end());
            a.set(key, std::stod(c));
          } catch (const std::exception&) {
            throw UserError(field + ": expected a number, got \"" + t + "\"");
          }
        }
        break;
      }
      case AttrType::Bool: {
        const std::string& t = scalar();
        if (t != "true" && t != "false") throw UserError(field + ": expected true or false");
        a.set(key, t == "true");
        break;
      }
      case AttrType::String: case AttrType::DType: a.set(key, scalar()); break;
      case AttrType::Ints: {
        if (!v.is_list) throw UserError(field + ": expected a list like [0, 1]");
        std::vector<int64_t> xs;
        for (const auto& it : v.items) xs.push_back(parse_int(it, field));
        a.set(key, xs);
        break;
      }
      case AttrType::Shape: {
        if (!v.is_list) throw UserError(field + ": expected a list like [N, 1]");
        Shape s;
        for (const auto& it : v.items) {
          std::string t = it;
          t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
          s.push_back(t == "-1" ? Size(-1) : parse_size(t).substitute(b));
        }
        a.set(key, s);
        break;
      }
    }
  }
  for (const auto& s : schema)
    if (s.required && !a.has(s.name))
      throw UserError(e.name + ": attribute '" + s.name + "' is required");
  return a;
}

}  // namespace

const Node* build_rule_expr(const RuleExpr& e, Context& ctx,
                            const std::map<std::string, const Node*>& inputs, const Bindings& b) {
  if (e.kind == RuleExpr::Kind::Name) {
    auto it = inputs.find(e.name);
    if (it == inputs.end()) throw UserError("'" + e.name + "' is not a declared input");
    return it->second;
  }
  if (e.kind == RuleExpr::Kind::Number)
    return ctx.constant(e.number, DType::f32);  // a lone literal; as an operand it takes a dtype
  std::vector<const Node*> ops(e.args.size(), nullptr);
  std::optional<DType> hint;
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (e.args[i].kind == RuleExpr::Kind::Number) continue;
    ops[i] = build_rule_expr(e.args[i], ctx, inputs, b);
    // where's condition is bool; the value operands decide the literals' dtype.
    bool is_where_cond = e.name == "where" && i == 0;
    if (!hint && !is_where_cond) hint = ops[i]->dtype();
  }
  for (size_t i = 0; i < e.args.size(); ++i)
    if (!ops[i]) ops[i] = ctx.constant(e.args[i].number, hint.value_or(DType::f32));
  if (auto op = parse_op(e.name); op && *op != Op::Input)
    return ctx.make(*op, ops, convert_attrs(e, op_info(*op).attrs, b));
  if (auto c = parse_composite(e.name))
    return expand_composite(ctx, *c, ops, convert_attrs(e, composite_info(*c).attrs, b));
  throw UserError("unknown op '" + e.name + "'");
}

}  // namespace axon
