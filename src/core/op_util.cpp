#include "op_util.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace axon::detail {

int64_t normalize_axis(int64_t axis, int64_t rank, const std::string& field) {
  if (axis < -rank || axis >= rank)
    throw UserError(field + ": axis " + std::to_string(axis) + " out of range for rank " +
                    std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

std::vector<int64_t> normalize_axes(const std::vector<int64_t>& axes, int64_t rank,
                                    const std::string& field) {
  std::vector<int64_t> out;
  for (int64_t a : axes) out.push_back(normalize_axis(a, rank, field));
  std::sort(out.begin(), out.end());
  if (std::adjacent_find(out.begin(), out.end()) != out.end())
    throw UserError(field + ": axis " + std::to_string(*std::adjacent_find(out.begin(), out.end())) +
                    " given twice");
  return out;
}

Shape broadcast_shapes(const std::vector<Shape>& shapes) {
  size_t rank = 0;
  for (const auto& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank, Size(1));
  for (size_t d = 0; d < rank; ++d) {
    for (const auto& s : shapes) {
      if (d + s.size() < rank) continue;
      const Size& dim = s[d + s.size() - rank];
      if (dim == Size(1)) continue;
      if (out[d] == Size(1)) {
        out[d] = dim;
      } else if (out[d] != dim) {
        std::string all;
        for (const auto& t : shapes) all += (all.empty() ? "" : " and ") + shape_str(t);
        throw UserError("shapes " + all + " do not broadcast (axis " + std::to_string(d) +
                        ": " + out[d].str() + " vs " + dim.str() + ")");
      }
    }
  }
  return out;
}

Term broadcast_read(int k, const Shape& s, const Shape& out) {
  std::vector<Term> idx;
  size_t off = out.size() - s.size();
  for (size_t d = 0; d < s.size(); ++d) {
    if (s[d] == Size(1) && out[d + off] != Size(1)) idx.push_back(term::integer(0));
    else idx.push_back(term::var(static_cast<int>(d + off)));
  }
  return term::read(k, std::move(idx));
}

std::vector<Term> vars(size_t rank) {
  std::vector<Term> v;
  for (size_t i = 0; i < rank; ++i) v.push_back(term::var(static_cast<int>(i)));
  return v;
}

void require_dtype(Op op, DType t, bool allow_int, bool allow_bool) {
  if (is_float(t)) return;
  if (t == DType::i32 && allow_int) return;
  if (t == DType::boolean && allow_bool) return;
  throw UserError(std::string(op_name(op)) + " does not take " + std::string(dtype_name(t)) +
                  " inputs" + (allow_int ? " (floats or i32 only)" : " (floats only)"));
}

void check_value_of(DType t, double v, const std::string& field) {
  if (is_float(t)) return;
  std::ostringstream num;
  num << v;
  if (!(std::isfinite(v) && std::trunc(v) == v))
    throw UserError(field + ": " + num.str() + " is not a " + std::string(dtype_name(t)) + " value");
  if (t == DType::boolean && v != 0 && v != 1) throw UserError(field + ": a bool value is 0 or 1");
  if (t == DType::i32 && (v < -2147483648.0 || v > 2147483647.0))
    throw UserError(field + ": " + num.str() + " is out of i32's range");
}

void check_dims(const Shape& s, const std::string& field, bool differences_ok) {
  for (size_t i = 0; i < s.size(); ++i) {
    const Size& d = s[i];
    if (auto v = d.value()) {
      if (*v < 1)
        throw UserError(field + "[" + std::to_string(i) + "]: size " + std::to_string(*v) +
                        " is not positive");
      if (*v > kMaxDim)
        throw UserError(field + "[" + std::to_string(i) + "]: size " + std::to_string(*v) +
                        " exceeds the limit 2^40");
    } else if (!differences_ok) {
      // A symbolic size must be a plausible size: no negative coefficients on its own.
      for (const auto& [m, c] : d.terms())
        if (c < 0)
          throw UserError(field + "[" + std::to_string(i) + "]: size " + d.str() +
                          " may be non-positive");
    }
  }
  if (auto n = element_count(s); n && *n > kMaxElements)
    throw UserError(field + ": " + std::to_string(*n) + " elements exceed the limit 2^48");
  if (!element_count(s)) {
    int64_t n = 1;
    for (const auto& d : s)
      if (auto v = d.value(); v && __builtin_mul_overflow(n, *v, &n))
        throw UserError(field + ": element count exceeds the limit 2^48");
  }
}

std::string dim_str(const Size& s) { return s.str(); }

}  // namespace axon::detail
