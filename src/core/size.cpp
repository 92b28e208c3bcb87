#include "axon/core/size.h"

#include <algorithm>
#include <cctype>
#include <functional>

#include "axon/core/error.h"

namespace axon {

namespace {

int64_t checked_add(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) throw UserError("size arithmetic overflows int64");
  return r;
}

int64_t checked_mul(int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throw UserError("size arithmetic overflows int64");
  return r;
}

// Sizes are short polynomials; a product of many sums could otherwise grow without bound.
constexpr size_t kMaxTerms = 256;

void add_term(std::map<Size::Monomial, int64_t>& terms, const Size::Monomial& m, int64_t c) {
  if (c == 0) return;
  auto [it, inserted] = terms.emplace(m, c);
  if (!inserted) {
    it->second = checked_add(it->second, c);
    if (it->second == 0) terms.erase(it);
  }
  if (terms.size() > kMaxTerms)
    throw UserError("size polynomial has more than " + std::to_string(kMaxTerms) + " terms");
}

}  // namespace

Size::Size(int64_t c) {
  if (c != 0) terms_[{}] = c;
}

Size Size::symbol(const std::string& name) {
  Size s;
  s.terms_[{name}] = 1;
  return s;
}

bool Size::is_const() const {
  return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty());
}

std::optional<int64_t> Size::value() const {
  if (terms_.empty()) return 0;
  if (is_const()) return terms_.begin()->second;
  return std::nullopt;
}

std::set<std::string> Size::symbols() const {
  std::set<std::string> out;
  for (const auto& [m, c] : terms_) out.insert(m.begin(), m.end());
  return out;
}

Size Size::operator+(const Size& o) const {
  Size r = *this;
  for (const auto& [m, c] : o.terms_) add_term(r.terms_, m, c);
  return r;
}

Size Size::operator-(const Size& o) const {
  Size r = *this;
  for (const auto& [m, c] : o.terms_) add_term(r.terms_, m, checked_mul(c, -1));
  return r;
}

Size Size::operator*(const Size& o) const {
  Size r;
  for (const auto& [m1, c1] : terms_) {
    for (const auto& [m2, c2] : o.terms_) {
      Monomial m = m1;
      m.insert(m.end(), m2.begin(), m2.end());
      std::sort(m.begin(), m.end());
      add_term(r.terms_, m, checked_mul(c1, c2));
    }
  }
  return r;
}

std::optional<Size> Size::divide_exact(const Size& d) const {
  if (d.terms_.size() != 1) return std::nullopt;
  const auto& [dm, dc] = *d.terms_.begin();
  Size q;
  for (const auto& [m, c] : terms_) {
    if (c % dc != 0) return std::nullopt;
    // The divisor's symbols, with their multiplicities, must all be in m (both are sorted).
    Monomial rest;
    size_t j = 0;
    for (const auto& sym : m) {
      if (j < dm.size() && dm[j] == sym) ++j;
      else rest.push_back(sym);
    }
    if (j != dm.size()) return std::nullopt;
    add_term(q.terms_, rest, c / dc);
  }
  return q;
}

Size Size::substitute(const Bindings& b) const {
  Size r;
  for (const auto& [m, c] : terms_) {
    Size term(c);
    for (const auto& s : m) {
      auto it = b.find(s);
      term = term * (it == b.end() ? Size::symbol(s) : Size(it->second));
    }
    r = r + term;
  }
  return r;
}

std::string Size::str() const {
  if (terms_.empty()) return "0";
  std::string out;
  // Highest degree first, constant last: "2*N + 1".
  std::vector<std::pair<Monomial, int64_t>> ordered(terms_.begin(), terms_.end());
  std::stable_sort(ordered.begin(), ordered.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  bool first = true;
  for (const auto& [m, c] : ordered) {
    int64_t coef = c;
    if (!first) {
      out += coef < 0 ? " - " : " + ";
      if (coef < 0) coef = -coef;
    } else if (coef < 0 && !m.empty()) {
      out += "-";
      coef = -coef;
    }
    first = false;
    std::string body;
    for (const auto& s : m) body += (body.empty() ? "" : "*") + s;
    if (m.empty()) out += std::to_string(coef);
    else if (coef == 1) out += body;
    else out += std::to_string(coef) + "*" + body;
  }
  return out;
}

size_t Size::hash() const {
  size_t h = 1469598103934665603ull;
  auto mix = [&h](size_t v) { h = (h ^ v) * 1099511628211ull; };
  for (const auto& [m, c] : terms_) {
    for (const auto& s : m) mix(std::hash<std::string>{}(s));
    mix(0x9e3779b97f4a7c15ull);
    mix(static_cast<size_t>(c));
  }
  return h;
}

std::string shape_str(const Shape& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + s[i].str();
  return out + "]";
}

bool is_valid_symbol(std::string_view name) {
  if (name.empty() || name.size() > 64) return false;
  if (!(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
  return std::all_of(name.begin(), name.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
  });
}

namespace {

// Recursive-descent parser for size expressions: sum := product ('+' product)*,
// product := atom ('*' atom)*, atom := integer | identifier | '(' sum ')'. Depth-limited.
class SizeParser {
 public:
  explicit SizeParser(std::string_view text) : text_(text) {}

  Size parse() {
    Size s = sum(0);
    skip_space();
    if (pos_ != text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    return s;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const {
    throw UserError("bad size expression \"" + std::string(text_.substr(0, 80)) + "\": " + why);
  }
  void skip_space() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  Size sum(int depth) {
    Size s = product(depth);
    for (skip_space(); pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-');
         skip_space()) {
      char op = text_[pos_++];
      s = op == '+' ? s + product(depth) : s - product(depth);
    }
    return s;
  }
  Size product(int depth) {
    Size s = atom(depth);
    for (skip_space(); pos_ < text_.size() && text_[pos_] == '*'; skip_space()) {
      ++pos_;
      s = s * atom(depth);
    }
    return s;
  }
  Size atom(int depth) {
    if (depth > 16) fail("nested too deeply");
    skip_space();
    if (pos_ >= text_.size()) fail("ends early");
    char ch = text_[pos_];
    if (ch == '(') {
      ++pos_;
      Size s = sum(depth + 1);
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ')') fail("missing ')'");
      ++pos_;
      return s;
    }
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      int64_t v = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        if (v > kMaxDim) fail("number too large");
        v = v * 10 + (text_[pos_++] - '0');
      }
      return Size(v);
    }
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    std::string_view name = text_.substr(start, pos_ - start);
    if (!is_valid_symbol(name)) fail("expected a number or a symbol name");
    return Size::symbol(std::string(name));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

Size parse_size(std::string_view text) {
  // Long enough for what `axon print` writes of any size within kMaxTerms (a product of sums
  // prints expanded), so that its output parses again.
  if (text.size() > 65536) throw UserError("size expression longer than 65536 characters");
  return SizeParser(text).parse();
}

std::optional<int64_t> element_count(const Shape& s) {
  int64_t n = 1;
  for (const auto& d : s) {
    auto v = d.value();
    if (!v) return std::nullopt;
    if (__builtin_mul_overflow(n, *v, &n)) return std::nullopt;
  }
  return n;
}

}  // namespace axon
