// The .axr rules language: statements, expressions and conditions (docs/rules-format.md).
#include <cctype>
#include <cmath>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/semantics/rules.h"

namespace axon {

namespace {

std::string trim(std::string s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(s.begin());
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.pop_back();
  return s;
}

// A number literal of a rule: finite as a double.
double finite_number(const std::string& text) {
  double v = 0;
  try {
    v = std::stod(text);
  } catch (const std::exception&) {
    throw UserError("number " + text + " is out of range");
  }
  if (!std::isfinite(v)) throw UserError("number " + text + " is out of range");
  return v;
}

struct Token {
  enum Kind { Ident, Number, String, Punct, End } kind;
  std::string text;
};

std::vector<Token> tokenize(const std::string& s) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) { ++i; continue; }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      size_t j = i;
      while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_')) ++j;
      out.push_back({Token::Ident, s.substr(i, j - i)});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      size_t j = i;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.')) ++j;
      if (j < s.size() && (s[j] == 'e' || s[j] == 'E')) {
        size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-')) ++k;
        if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
          j = k;
          while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        }
      }
      out.push_back({Token::Number, s.substr(i, j - i)});
      i = j;
    } else if (c == '"') {
      size_t j = s.find('"', i + 1);
      if (j == std::string::npos) throw UserError("unterminated string");
      out.push_back({Token::String, s.substr(i + 1, j - i - 1)});
      i = j + 1;
    } else {
      static const char* two[] = {"=>", "==", "!=", "<=", ">="};
      std::string p(1, c);
      for (const char* t : two)
        if (s.compare(i, 2, t) == 0) p = t;
      out.push_back({Token::Punct, p});
      i += p.size();
    }
  }
  out.push_back({Token::End, ""});
  return out;
}

class ExprParser {
 public:
  explicit ExprParser(std::vector<Token> toks) : t_(std::move(toks)) {}

  const Token& peek(size_t k = 0) const { return t_[std::min(pos_ + k, t_.size() - 1)]; }
  bool at(const char* p) const { return peek().kind == Token::Punct && peek().text == p; }
  bool at_ident(const char* w) const { return peek().kind == Token::Ident && peek().text == w; }
  Token take() { return t_[std::min(pos_++, t_.size() - 1)]; }
  void expect(const char* p) {
    if (!at(p)) throw UserError(std::string("expected '") + p + "', found '" + peek().text + "'");
    ++pos_;
  }
  bool done() const { return peek().kind == Token::End; }

  RuleExpr expr() {
    RuleExpr e;
    bool negative = false;
    if (at("-")) {
      ++pos_;
      negative = true;
    }
    Token tok = take();
    if (tok.kind == Token::Number) {
      e.kind = RuleExpr::Kind::Number;
      e.number = finite_number(tok.text) * (negative ? -1 : 1);
      return e;
    }
    if (tok.kind != Token::Ident) throw UserError("expected an expression, found '" + tok.text + "'");
    if (tok.text == "inf" && !at("(")) {
      e.kind = RuleExpr::Kind::Number;
      e.number = negative ? -INFINITY : INFINITY;
      return e;
    }
    if (negative) throw UserError("'-' applies only to numbers (use neg(...))");
    e.name = tok.text;
    if (!at("(")) return e;
    ++pos_;
    e.kind = RuleExpr::Kind::Call;
    // Calls nest at most kMaxDepth deep (the builder, the encoders and the solvers recurse).
    if (++depth_ > kMaxDepth) throw UserError("expressions nest at most " + std::to_string(kMaxDepth) + " calls deep");
    while (!at(")")) {
      if (peek().kind == Token::Ident && peek(1).kind == Token::Punct && peek(1).text == "=") {
        std::string key = take().text;
        ++pos_;
        e.attrs.emplace_back(key, attr_value());
      } else {
        if (!e.attrs.empty()) throw UserError("operands must come before attributes in " + e.name + "(...)");
        e.args.push_back(expr());
      }
      if (at(",")) ++pos_;
      else if (!at(")")) throw UserError("expected ',' or ')' in " + e.name + "(...), found '" + peek().text + "'");
    }
    ++pos_;
    --depth_;
    return e;
  }

  // Raw text up to a ',' (or a closing bracket) at depth 0.
  std::string raw_item(const char* close) {
    std::string text;
    int depth = 0;
    while (!done()) {
      if (depth == 0 && (at(",") || at(close))) break;
      if (at("(") || at("[")) ++depth;
      if (at(")") || at("]")) --depth;
      text += (text.empty() ? "" : " ") + take().text;
    }
    if (text.empty()) throw UserError("empty value");
    return text;
  }

  RuleExpr::AttrValue attr_value() {
    RuleExpr::AttrValue v;
    if (at("[")) {
      ++pos_;
      v.is_list = true;
      while (!at("]")) {
        v.items.push_back(raw_item("]"));
        if (at(",")) ++pos_;
        else if (!at("]")) throw UserError("expected ',' or ']' in a list");
      }
      ++pos_;
      return v;
    }
    if (peek().kind == Token::String) {
      v.is_string = true;
      v.text = take().text;
      return v;
    }
    v.text = raw_item(")");
    return v;
  }

 private:
  static constexpr int kMaxDepth = 128;
  std::vector<Token> t_;
  size_t pos_ = 0;
  int depth_ = 0;
};

CmpOp parse_cmp(const std::string& p) {
  if (p == "==") return CmpOp::Eq;
  if (p == "!=") return CmpOp::Ne;
  if (p == "<") return CmpOp::Lt;
  if (p == "<=") return CmpOp::Le;
  if (p == ">") return CmpOp::Gt;
  if (p == ">=") return CmpOp::Ge;
  throw UserError("expected a comparison, found '" + p + "'");
}

// A condition's text: "N % 8 == 0", "K >= 2", "c != 0".
void parse_condition(const std::string& text, const std::set<std::string>& inputs, const std::set<std::string>& declared,
                     std::vector<SizeCondition>& sizes, std::vector<ValueCondition>& values) {
  static const char* ops[] = {"==", "!=", "<=", ">=", "<", ">"};
  size_t at = std::string::npos, len = 0;
  for (const char* op : ops) {
    size_t p = text.find(op);
    if (p != std::string::npos && (at == std::string::npos || p < at)) {
      at = p;
      len = std::string(op).size();
    }
  }
  if (at == std::string::npos) throw UserError("condition \"" + text + "\" has no comparison");
  std::string lhs = text.substr(0, at), rhs = text.substr(at + len);
  lhs = trim(lhs);
  rhs = trim(rhs);
  CmpOp op = parse_cmp(text.substr(at, len));
  if (inputs.count(lhs)) {
    ValueCondition v{lhs, op, 0, text};
    // The tokens come back space-separated ("- 1"): a sign belongs to its number.
    std::string num = rhs;
    if (!num.empty() && (num[0] == '-' || num[0] == '+')) num = num[0] + trim(num.substr(1));
    size_t used = 0;
    try {
      v.value = std::stod(num, &used);
    } catch (...) {
      used = 0;
    }
    if (used == 0 || used != num.size())
      throw UserError("condition \"" + text + "\": expected a number after the comparison");
    if (std::isnan(v.value)) throw UserError("condition \"" + text + "\": expected a number after the comparison, not nan");
    values.push_back(v);
    return;
  }
  SizeCondition c;
  c.text = text;
  c.op = op;
  size_t pct = lhs.find('%');
  if (pct != std::string::npos) {
    c.modulus = static_cast<int64_t>(parse_size(trim(lhs.substr(pct + 1))).value().value_or(0));
    if (c.modulus <= 0) throw UserError("condition \"" + text + "\": modulus must be a positive number");
    lhs = trim(lhs.substr(0, pct));
  }
  c.lhs = parse_size(lhs);
  c.rhs = parse_size(rhs);
  for (const Size* side : {&c.lhs, &c.rhs})
    for (const auto& sym : side->symbols())
      if (!declared.count(sym)) throw UserError("condition \"" + text + "\": size " + sym + " is not declared (add \"size " + sym + "\")");
  sizes.push_back(c);
}

// Splits the text into statements: a line starting without indentation begins one; indented
// lines, lines starting with "=>", and lines inside open brackets continue it.
struct Statement {
  int first = 0, last = 0;  // its lines
  std::string text;
};

std::vector<Statement> statements(std::string_view text) {
  std::vector<Statement> out;
  std::istringstream in{std::string(text)};
  std::string line;
  int n = 0, depth = 0;
  while (std::getline(in, line)) {
    ++n;
    auto hash = line.find('#');
    if (hash != std::string::npos) line = line.substr(0, hash);
    size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    std::string body = line.substr(first);
    bool cont = !out.empty() && (depth > 0 || first > 0 || body.rfind("=>", 0) == 0);
    if (cont) {
      out.back().text += " " + body;
      out.back().last = n;
    } else {
      out.push_back({n, n, body});
    }
    for (char ch : body) {
      if (ch == '(' || ch == '[') ++depth;
      if (ch == ')' || ch == ']') --depth;
    }
  }
  return out;
}

}  // namespace

RuleFile parse_rules(std::string_view text, const std::string& path) {
  RuleFile f;
  f.path = path;
  std::set<std::string> sizes, inputs, names;
  std::vector<SizeCondition> global_sizes;
  std::vector<ValueCondition> global_values;
  for (const auto& st : statements(text)) {
    const int line = st.first;
    const std::string& stmt = st.text;
    try {
      if (stmt.rfind("size ", 0) == 0) {
        std::istringstream s(stmt.substr(5));
        std::string name;
        while (std::getline(s, name, ',')) {
          name = trim(name);
          if (!is_valid_symbol(name)) throw UserError("bad size name \"" + name + "\"");
          if (!sizes.insert(name).second) throw UserError("size " + name + " declared twice");
          f.sizes.push_back(name);
        }
      } else if (stmt.rfind("input ", 0) == 0) {
        auto colon = stmt.find(':');
        auto open = stmt.find('[', colon);
        auto close = stmt.rfind(']');
        if (colon == std::string::npos || open == std::string::npos || close == std::string::npos || close < open)
          throw UserError("expected \"input NAME, ...: DTYPE[SIZES]\"");
        if (stmt.find_first_not_of(" \t\r", close + 1) != std::string::npos)
          throw UserError("unexpected \"" + trim(stmt.substr(close + 1)) + "\" after the shape of an input");
        std::string dt = stmt.substr(colon + 1, open - colon - 1);
        dt = trim(dt);
        auto t = parse_dtype(dt);
        if (!t) throw UserError("unknown dtype \"" + dt + "\"");
        Shape shape;
        std::string dims = stmt.substr(open + 1, close - open - 1);
        std::istringstream ds(dims);
        std::string d;
        while (std::getline(ds, d, ',')) {
          if (d.find_first_not_of(' ') == std::string::npos) continue;
          Size s = parse_size(d);
          for (const auto& sym : s.symbols())
            if (!sizes.count(sym)) throw UserError("size " + sym + " is not declared (add \"size " + sym + "\")");
          if (auto v = s.value(); v && *v < 1) throw UserError("size " + d + " is not positive");
          shape.push_back(s);
        }
        std::istringstream ns(stmt.substr(6, colon - 6));
        std::string name;
        while (std::getline(ns, name, ',')) {
          name = trim(name);
          if (!is_valid_symbol(name)) throw UserError("bad input name \"" + name + "\"");
          if (!inputs.insert(name).second) throw UserError("input " + name + " declared twice");
          f.inputs.push_back({name, *t, shape});
        }
      } else if (stmt.rfind("where ", 0) == 0) {
        ExprParser p(tokenize(stmt.substr(6)));
        while (!p.done()) {
          parse_condition(p.raw_item(","), inputs, sizes, global_sizes, global_values);
          if (p.at(",")) p.take();
        }
      } else {
        auto colon = stmt.find(':');
        if (colon == std::string::npos) throw UserError("expected \"NAME: LHS => RHS\", a size, input or where line");
        RuleDecl r;
        r.line = line;
        r.name = stmt.substr(0, colon);
        r.name = trim(r.name);
        if (r.name.rfind("rule ", 0) == 0) r.name = r.name.substr(5);
        if (!is_valid_symbol(r.name)) throw UserError("bad rule name \"" + r.name + "\"");
        if (!names.insert(r.name).second) throw UserError("rule " + r.name + " defined twice");
        ExprParser p(tokenize(stmt.substr(colon + 1)));
        r.lhs = p.expr();
        p.expect("=>");
        r.rhs = p.expr();
        r.size_conds = global_sizes;
        r.value_conds = global_values;
        if (p.at_ident("where")) {
          p.take();
          while (!p.done()) {
            parse_condition(p.raw_item(","), inputs, sizes, r.size_conds, r.value_conds);
            if (p.at(",")) p.take();
          }
        }
        if (!p.done()) throw UserError("unexpected '" + p.peek().text + "' after the rule");
        f.rules.push_back(std::move(r));
      }
    } catch (const UserError& e) {
      throw UserError(path + ":" + std::to_string(line) + ": " + e.what());
    }
  }
  return f;
}

std::vector<std::pair<int, int>> statement_lines(std::string_view text) {
  std::vector<std::pair<int, int>> out;
  for (const auto& st : statements(text)) out.emplace_back(st.first, st.last);
  return out;
}

RuleFile load_rules(const std::string& path) {
  // A regular file only (a FIFO would block), at most 16 MiB, counted while reading.
  const std::string text = read_input_file(path, size_t{16} << 20, "rules file");
  return parse_rules(text, path);
}

bool holds(const SizeCondition& c, const Bindings& b) {
  auto l = c.lhs.substitute(b).value(), r = c.rhs.substitute(b).value();
  if (!l || !r) throw InternalError("condition with unbound sizes");
  int64_t x = c.modulus > 0 ? ((*l % c.modulus) + c.modulus) % c.modulus : *l;
  switch (c.op) {
    case CmpOp::Lt: return x < *r;
    case CmpOp::Le: return x <= *r;
    case CmpOp::Gt: return x > *r;
    case CmpOp::Ge: return x >= *r;
    case CmpOp::Eq: return x == *r;
    case CmpOp::Ne: return x != *r;
  }
  return false;
}

bool holds(const ValueCondition& c, double x) {
  switch (c.op) {
    case CmpOp::Lt: return x < c.value;
    case CmpOp::Le: return x <= c.value;
    case CmpOp::Gt: return x > c.value;
    case CmpOp::Ge: return x >= c.value;
    case CmpOp::Eq: return x == c.value;
    case CmpOp::Ne: return x != c.value;
  }
  return false;
}

}  // namespace axon
