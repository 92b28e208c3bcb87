#include "axon/core/npy.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <algorithm>
#include <cctype>
#include <string_view>

#include "axon/core/error.h"
#include "axon/core/files.h"

namespace axon {

namespace {

// NumPy stores f16 as IEEE binary16.
double half_to_double(uint16_t h) {
  int sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = 0;
  if (exp == 0) v = std::ldexp(mant, -24);
  else if (exp == 31) v = mant ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
  else v = std::ldexp(mant + 1024, exp - 25);
  return sign ? -v : v;
}


}  // namespace

namespace {

// Header text for a message: one line, at most 40 characters.
std::string excerpt(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += std::iscntrl(static_cast<unsigned char>(c)) ? '?' : c;
  return s.size() > 40 ? out + "..." : out;
}

// Where the value of 'key' starts in a .npy header ('key': <spaces> VALUE); npos when absent.
size_t value_of(std::string_view header, const std::string& key) {
  size_t at = header.find("'" + key + "':");
  if (at == std::string_view::npos) return at;
  at += key.size() + 3;
  while (at < header.size() && std::isspace(static_cast<unsigned char>(header[at]))) ++at;
  return at;
}

// A parsed .npy file: its descr ("<f4") and the values.
struct NpyData {
  std::string descr;
  Tensor tensor;
};

// `path` names the bytes in messages.
NpyData decode_npy(std::string_view bytes, const std::string& path) {
  auto fail = [&path](const std::string& why) -> UserError { return UserError(shown_path(path) + ": " + why); };
  size_t pos = 0;
  auto take = [&](size_t n) -> const char* {
    if (bytes.size() - pos < n) return nullptr;
    const char* p = bytes.data() + pos;
    pos += n;
    return p;
  };
  const char* magic = take(8);
  if (!magic || std::memcmp(magic, "\x93NUMPY", 6) != 0) throw fail("not a .npy file");
  int major = static_cast<unsigned char>(magic[6]);
  uint32_t header_len = 0;
  if (major == 1) {
    const auto* b = reinterpret_cast<const unsigned char*>(take(2));
    if (!b) throw fail("bad .npy header");
    header_len = b[0] | (b[1] << 8);
  } else if (major == 2 || major == 3) {
    const auto* b = reinterpret_cast<const unsigned char*>(take(4));
    if (!b) throw fail("bad .npy header");
    header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<uint32_t>(b[3]) << 24);
  } else {
    throw fail("unsupported .npy version " + std::to_string(major));
  }
  if (header_len > 65536) throw fail("bad .npy header");
  const char* h = take(header_len);
  if (!h) throw fail("truncated .npy header");
  const std::string_view header(h, header_len);
  // The header is a Python dict literal, {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }:
  // scanned by hand (std::regex recurses once per character and overflows the stack on a long
  // header).
  std::string descr_text;
  size_t at = value_of(header, "descr");
  if (at < header.size() && header[at] == '\'') {
    size_t close = header.find('\'', at + 1);
    if (close != std::string_view::npos) descr_text = std::string(header.substr(at + 1, close - at - 1));
  }
  // [<>|=]? [a-z] digits
  std::string order;
  size_t d0 = 0;
  if (!descr_text.empty() && std::strchr("<>|=", descr_text[0])) order = descr_text.substr(0, d0 = 1);
  if (descr_text.size() < d0 + 2 || !std::islower(static_cast<unsigned char>(descr_text[d0])) ||
      !std::all_of(descr_text.begin() + static_cast<std::ptrdiff_t>(d0) + 1, descr_text.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    throw fail("no dtype in .npy header");
  const std::string kind = descr_text.substr(d0, 1);
  if (descr_text.size() - d0 - 1 > 2) throw fail("unsupported .npy dtype '" + excerpt(descr_text) + "'");
  int width = std::stoi(descr_text.substr(d0 + 1));
  if (order == ">") throw fail("big-endian .npy files are not supported");
  at = value_of(header, "fortran_order");
  if (header.substr(std::min(at, header.size()), 4) == "True")
    throw fail("Fortran-order .npy files are not supported (save with C order)");
  at = value_of(header, "shape");
  size_t close = at < header.size() && header[at] == '(' ? header.find(')', at) : std::string_view::npos;
  if (close == std::string_view::npos) throw fail("no shape in .npy header");
  const std::string_view dims_text = header.substr(at + 1, close - at - 1);
  // The shape is a tuple of positive integers: "(4, 8)", "(4,)" or "()" (or "(4)").
  std::vector<std::string_view> numbers;
  bool comma_ok = false, number_ok = true;
  for (size_t i = 0; i < dims_text.size();) {
    char c = dims_text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == ',' && comma_ok) {
      comma_ok = false;
      number_ok = true;
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c)) && number_ok) {
      size_t j = i;
      while (j < dims_text.size() && std::isdigit(static_cast<unsigned char>(dims_text[j]))) ++j;
      numbers.push_back(dims_text.substr(i, j - i));
      comma_ok = true;
      number_ok = false;
      i = j;
    } else {
      throw fail("bad shape (" + excerpt(dims_text) + ") in .npy header");
    }
  }
  std::vector<int64_t> dims;
  int64_t count = 1;
  for (std::string_view text : numbers) {
    if (text.size() > 12) throw fail("dimension too large");
    int64_t d = std::stoll(std::string(text));
    if (d < 1) throw fail("empty arrays are not supported");
    if (__builtin_mul_overflow(count, d, &count) || count > (int64_t{1} << 34))
      throw fail("array too large");
    dims.push_back(d);
  }
  // The encodings axon writes, and only those: a byte is not a bool, a 64-bit integer not an i32.
  const std::string descr = kind + std::to_string(width);
  DType t = DType::f32;
  if (descr == "f2") t = DType::f16;
  else if (descr == "i4") t = DType::i32;
  else if (descr == "b1") t = DType::boolean;
  else if (descr != "f4" && descr != "f8")
    throw fail("unsupported .npy dtype '" + descr + "' (axon reads float64, float32, float16, int32 and bool)");
  if (width > 1 && order == "|") throw fail("bad .npy dtype '|" + descr + "'");
  // The values' size is checked before the tensor is made: a short file claiming a large shape
  // must not allocate the shape.
  const char* raw = take(static_cast<size_t>(count) * static_cast<size_t>(width));
  if (!raw) throw fail("file ends before its " + std::to_string(count) + " elements");
  if (pos != bytes.size()) throw fail("file holds more than its " + std::to_string(count) + " elements");
  NpyData out{(width == 1 ? "|" : "<") + descr, Tensor(t, dims)};
  for (int64_t i = 0; i < count; ++i) {
    const char* p = raw + i * width;
    double v = 0;
    if (descr == "f8") { double x; std::memcpy(&x, p, 8); v = x; }
    else if (descr == "f4") { float x; std::memcpy(&x, p, 4); v = x; }
    else if (descr == "f2") { uint16_t x; std::memcpy(&x, p, 2); v = half_to_double(x); }
    else if (descr == "i4") { int32_t x; std::memcpy(&x, p, 4); v = x; }
    else if (*p == 0 || *p == 1) v = *p;
    else throw fail("element " + std::to_string(i) + " is not a bool (byte " + std::to_string(static_cast<unsigned char>(*p)) + ")");
    out.tensor.data[static_cast<size_t>(i)] = v;
  }
  return out;
}

// The .npy dtype that holds `t` (as write_npy writes it without as_f64).
std::string encoding_of(DType t) {
  switch (t) {
    case DType::f16: return "<f2";
    case DType::i32: return "<i4";
    case DType::boolean: return "|b1";
    default: return "<f4";
  }
}

}  // namespace

Tensor parse_npy(std::string_view bytes, const std::string& path) { return decode_npy(bytes, path).tensor; }

Tensor parse_npy_as(std::string_view bytes, DType dtype, const std::string& path) {
  NpyData d = decode_npy(bytes, path);
  const std::string want = encoding_of(dtype);
  if (d.descr == "<f8" && is_float(dtype)) {
    // float64, as `axon eval -o` writes in f64 precision: each value must be one of the dtype's.
    for (size_t i = 0; i < d.tensor.data.size(); ++i) {
      double v = d.tensor.data[i];
      if (!std::isnan(v) && round_to(dtype, v) != v)
        throw UserError(shown_path(path) + ": element " + std::to_string(i) + " (" + std::to_string(v) + ") of this float64 file is not a " +
                        std::string(dtype_name(dtype)) + " value (give '" + want + "' or float64 holding " +
                        std::string(dtype_name(dtype)) + " values)");
    }
  } else if (d.descr != want) {
    throw UserError(shown_path(path) + ": .npy dtype '" + d.descr + "' does not hold a " + std::string(dtype_name(dtype)) + " input (expected '" +
                    want + "'" + (is_float(dtype) ? " or float64 holding " + std::string(dtype_name(dtype)) + " values" : "") + ")");
  }
  d.tensor.dtype = dtype;
  return std::move(d.tensor);
}

Tensor read_npy(const std::string& path, size_t max_bytes) {
  return parse_npy(read_input_file(path, max_bytes, ".npy file"), path);
}

Tensor read_npy_as(const std::string& path, DType dtype, size_t max_bytes) {
  return parse_npy_as(read_input_file(path, max_bytes, ".npy file"), dtype, path);
}

void write_npy(const std::string& path, const Tensor& t, bool as_f64) {
  std::string descr;
  int width = 0;
  if (as_f64) { descr = "<f8"; width = 8; }
  else if (t.dtype == DType::f16) { descr = "<f2"; width = 2; }
  else if (t.dtype == DType::i32) { descr = "<i4"; width = 4; }
  else if (t.dtype == DType::boolean) { descr = "|b1"; width = 1; }
  else { descr = "<f4"; width = 4; }
  std::string shape = "(";
  for (size_t i = 0; i < t.shape.size(); ++i) shape += std::to_string(t.shape[i]) + (t.shape.size() == 1 ? "," : (i + 1 < t.shape.size() ? ", " : ""));
  shape += ")";
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string bytes("\x93NUMPY\x01\x00", 8);
  auto len = static_cast<uint16_t>(header.size());
  bytes += static_cast<char>(len & 0xff);
  bytes += static_cast<char>(len >> 8);
  bytes += header;
  const size_t start = bytes.size();
  bytes.resize(start + t.data.size() * static_cast<size_t>(width));
  for (size_t i = 0; i < t.data.size(); ++i) {
    char* p = bytes.data() + start + i * width;
    double v = t.data[i];
    if (width == 8) std::memcpy(p, &v, 8);
    else if (descr == "<f4") { float x = static_cast<float>(v); std::memcpy(p, &x, 4); }
    else if (width == 2) { uint16_t x = bits16(DType::f16, v); std::memcpy(p, &x, 2); }
    else if (descr == "<i4") { auto x = static_cast<int32_t>(round_to(DType::i32, v)); std::memcpy(p, &x, 4); }
    else *p = v != 0 ? 1 : 0;
  }
  // A new file renamed over the name: a symlink planted there is replaced, not followed.
  write_file_atomic(path, bytes);
}

}  // namespace axon
