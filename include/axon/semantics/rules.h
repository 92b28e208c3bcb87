// Rules files (.axr, docs/rules-format.md): parsing, and building a rule's two sides.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/term.h"

namespace axon {

// An expression of the rules language.
struct RuleExpr {
  enum class Kind : uint8_t { Name, Number, Call } kind = Kind::Name;
  std::string name;  // Name: input; Call: op
  double number = 0;
  std::vector<RuleExpr> args;
  // Attributes as written: key -> raw value text (lists keep their items' texts).
  struct AttrValue {
    bool is_list = false;
    bool is_string = false;  // a double-quoted string
    std::string text;
    std::vector<std::string> items;
  };
  std::vector<std::pair<std::string, AttrValue>> attrs;
};

// (lhs mod modulus) OP rhs when modulus > 0, else lhs OP rhs, over sizes.
struct SizeCondition {
  Size lhs;
  CmpOp op = CmpOp::Eq;
  Size rhs;
  int64_t modulus = 0;
  std::string text;
};

// Every element of input `input` satisfies (x OP value).
struct ValueCondition {
  std::string input;
  CmpOp op = CmpOp::Eq;
  double value = 0;
  std::string text;
};

struct InputDecl {
  std::string name;
  DType dtype = DType::f32;
  Shape shape;
};

struct RuleDecl {
  std::string name;
  int line = 0;
  RuleExpr lhs, rhs;
  std::vector<SizeCondition> size_conds;    // the rule's own and the file's `where` lines
  std::vector<ValueCondition> value_conds;
};

struct RuleFile {
  std::string path;
  std::vector<std::string> sizes;
  std::vector<InputDecl> inputs;
  std::vector<RuleDecl> rules;
};

// Throws UserError "<path>:<line>: <reason>".
RuleFile parse_rules(std::string_view text, const std::string& path);
RuleFile load_rules(const std::string& path);
// The first and last line (1-based) of each statement of a rules file, as parse_rules splits them.
std::vector<std::pair<int, int>> statement_lines(std::string_view text);

// Builds an expression in `ctx`; `inputs` maps input names to nodes. Throws UserError.
// Symbols in size-valued attributes are replaced by their values in `bindings`.
const Node* build_rule_expr(const RuleExpr& e, Context& ctx,
                            const std::map<std::string, const Node*>& inputs,
                            const Bindings& bindings = {});

bool holds(const SizeCondition& c, const Bindings& b);  // all symbols bound
bool holds(const ValueCondition& c, double x);

}  // namespace axon
