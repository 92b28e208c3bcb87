// Sizes of tensor dimensions: polynomials with integer coefficients over symbolic size names.
//
// A shape entry in graph.json is either a positive integer or a symbolic size ("K"); shape
// inference builds sums and products of them (concat adds, reshape multiplies). Keeping sizes as
// canonical polynomials makes equality of sizes a plain comparison: two sizes are equal exactly
// when they are equal for every value of the symbols. Nothing here ever picks a value for a
// symbol; values come only from explicit bindings (`--bind K=4096`).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace axon {

using Bindings = std::map<std::string, int64_t>;

// Largest size axon accepts for one dimension, and for the element count of one tensor. Sizes
// beyond these are rejected at parse time rather than attempted.
inline constexpr int64_t kMaxDim = int64_t{1} << 40;
inline constexpr int64_t kMaxElements = int64_t{1} << 48;

class Size {
 public:
  Size() = default;                 // 0
  Size(int64_t c);                  // NOLINT(google-explicit-constructor): sizes read like ints
  static Size symbol(const std::string& name);

  [[nodiscard]] bool is_const() const;
  [[nodiscard]] std::optional<int64_t> value() const;  // set when constant
  [[nodiscard]] std::set<std::string> symbols() const;

  // Arithmetic; throws UserError on int64 overflow of a coefficient.
  Size operator+(const Size& o) const;
  Size operator-(const Size& o) const;
  Size operator*(const Size& o) const;
  bool operator==(const Size& o) const { return terms_ == o.terms_; }
  bool operator!=(const Size& o) const { return !(*this == o); }
  bool operator<(const Size& o) const { return terms_ < o.terms_; }

  // The quotient q with q * d == *this, when d is one term (c * monomial, c != 0) that divides
  // every term exactly; nullopt otherwise (a strided slice's length: (end - start) / step).
  [[nodiscard]] std::optional<Size> divide_exact(const Size& d) const;

  // Replaces bound symbols by their values (unbound ones stay symbolic).
  [[nodiscard]] Size substitute(const Bindings& b) const;
  [[nodiscard]] std::string str() const;  // "K", "2*N + 1", "M*N"
  [[nodiscard]] size_t hash() const;

  // monomial (sorted symbol names, repeated for powers) -> coefficient; never a zero coefficient
  using Monomial = std::vector<std::string>;
  [[nodiscard]] const std::map<Monomial, int64_t>& terms() const { return terms_; }

 private:
  std::map<Monomial, int64_t> terms_;
};

using Shape = std::vector<Size>;

std::string shape_str(const Shape& s);  // "[8192, K]"
bool is_valid_symbol(std::string_view name);  // [A-Za-z_][A-Za-z0-9_]*
// Parses "K", "4096", "M*N", "2*K + 1", "(A+B)*C". Throws UserError with a short reason.
Size parse_size(std::string_view text);
// Element count when every dimension is constant.
std::optional<int64_t> element_count(const Shape& s);

}  // namespace axon
