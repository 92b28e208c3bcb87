#include "axon/core/npy.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <fstream>
#include <regex>

#include "axon/core/error.h"

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

uint16_t double_to_half(double v) {
  v = round_to(DType::f16, v);  // exact in binary16 from here on
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return 0x7e00;
  double a = std::fabs(v);
  if (std::isinf(a)) return sign | 0x7c00;
  if (a == 0) return sign;
  int e = 0;
  std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
  int exp = e - 1 + 15;
  if (exp <= 0) return sign | static_cast<uint16_t>(std::ldexp(a, 24));  // subnormal
  auto mant = static_cast<uint16_t>(std::ldexp(a, 10 - (e - 1)) - 1024);
  return sign | static_cast<uint16_t>(exp << 10) | mant;
}

}  // namespace

Tensor read_npy(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw UserError(path + ": cannot open file");
  auto fail = [&path](const std::string& why) -> UserError { return UserError(path + ": " + why); };
  char magic[8] = {};
  f.read(magic, 8);
  if (!f || std::memcmp(magic, "\x93NUMPY", 6) != 0) throw fail("not a .npy file");
  int major = static_cast<unsigned char>(magic[6]);
  uint32_t header_len = 0;
  if (major == 1) {
    unsigned char b[2];
    f.read(reinterpret_cast<char*>(b), 2);
    header_len = b[0] | (b[1] << 8);
  } else if (major == 2 || major == 3) {
    unsigned char b[4];
    f.read(reinterpret_cast<char*>(b), 4);
    header_len = b[0] | (b[1] << 8) | (b[2] << 16) | (static_cast<uint32_t>(b[3]) << 24);
  } else {
    throw fail("unsupported .npy version " + std::to_string(major));
  }
  if (!f || header_len > 65536) throw fail("bad .npy header");
  std::string header(header_len, '\0');
  f.read(header.data(), header_len);
  if (!f) throw fail("truncated .npy header");
  std::smatch m;
  if (!std::regex_search(header, m, std::regex("'descr':\\s*'([<>|=]?)([a-z])(\\d+)'")))
    throw fail("no dtype in .npy header");
  std::string order = m[1], kind = m[2];
  int width = std::stoi(m[3]);
  if (order == ">") throw fail("big-endian .npy files are not supported");
  if (std::regex_search(header, std::regex("'fortran_order':\\s*True")))
    throw fail("Fortran-order .npy files are not supported (save with C order)");
  if (!std::regex_search(header, m, std::regex("'shape':\\s*\\(([^)]*)\\)")))
    throw fail("no shape in .npy header");
  std::vector<int64_t> dims;
  std::string dims_text = m[1];
  // The shape is a tuple of non-negative integers: "(4, 8)", "(4,)" or "()".
  if (!std::regex_match(dims_text, std::regex("\\s*(\\d+\\s*(,\\s*\\d+\\s*)*,?\\s*)?")))
    throw fail("bad shape (" + dims_text + ") in .npy header");
  std::regex num("\\d+");
  int64_t count = 1;
  for (auto it = std::sregex_iterator(dims_text.begin(), dims_text.end(), num);
       it != std::sregex_iterator(); ++it) {
    if (it->str().size() > 12) throw fail("dimension too large");
    int64_t d = std::stoll(it->str());
    if (d < 1) throw fail("empty arrays are not supported");
    if (__builtin_mul_overflow(count, d, &count) || count > (int64_t{1} << 34))
      throw fail("array too large");
    dims.push_back(d);
  }
  DType t = DType::f32;
  if (kind == "f" && width == 2) t = DType::f16;
  else if (kind == "i") t = DType::i32;
  else if (kind == "b" || (kind == "u" && width == 1)) t = DType::boolean;
  else if (!(kind == "f" && (width == 4 || width == 8)) && !(kind == "i" && (width == 4 || width == 8)))
    throw fail("unsupported .npy dtype '" + kind + std::to_string(width) + "'");
  if (kind == "i" && width != 4 && width != 8) throw fail("unsupported integer width");
  Tensor out(t, dims);
  std::vector<char> raw(static_cast<size_t>(count) * static_cast<size_t>(width));
  f.read(raw.data(), static_cast<std::streamsize>(raw.size()));
  if (!f) throw fail("file ends before its " + std::to_string(count) + " elements");
  if (f.peek() != std::char_traits<char>::eof()) throw fail("file holds more than its " + std::to_string(count) + " elements");
  for (int64_t i = 0; i < count; ++i) {
    const char* p = raw.data() + i * width;
    double v = 0;
    if (kind == "f" && width == 8) { double x; std::memcpy(&x, p, 8); v = x; }
    else if (kind == "f" && width == 4) { float x; std::memcpy(&x, p, 4); v = x; }
    else if (kind == "f" && width == 2) { uint16_t x; std::memcpy(&x, p, 2); v = half_to_double(x); }
    else if (kind == "i" && width == 4) { int32_t x; std::memcpy(&x, p, 4); v = x; }
    else if (kind == "i" && width == 8) { int64_t x; std::memcpy(&x, p, 8); v = static_cast<double>(x); }
    else v = *p != 0 ? 1.0 : 0.0;
    out.data[static_cast<size_t>(i)] = v;
  }
  return out;
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
  std::ofstream f(path, std::ios::binary);
  if (!f) throw UserError(path + ": cannot write file");
  f.write("\x93NUMPY\x01\x00", 8);
  auto len = static_cast<uint16_t>(header.size());
  char lb[2] = {static_cast<char>(len & 0xff), static_cast<char>(len >> 8)};
  f.write(lb, 2);
  f.write(header.data(), static_cast<std::streamsize>(header.size()));
  std::vector<char> raw(t.data.size() * static_cast<size_t>(width));
  for (size_t i = 0; i < t.data.size(); ++i) {
    char* p = raw.data() + i * width;
    double v = t.data[i];
    if (width == 8) std::memcpy(p, &v, 8);
    else if (descr == "<f4") { float x = static_cast<float>(v); std::memcpy(p, &x, 4); }
    else if (width == 2) { uint16_t x = double_to_half(v); std::memcpy(p, &x, 2); }
    else if (descr == "<i4") { auto x = static_cast<int32_t>(round_to(DType::i32, v)); std::memcpy(p, &x, 4); }
    else *p = v != 0 ? 1 : 0;
  }
  f.write(raw.data(), static_cast<std::streamsize>(raw.size()));
  if (!f) throw UserError(path + ": write failed");
}

}  // namespace axon
