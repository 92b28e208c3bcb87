// libFuzzer target: .npy bytes -> parse_npy / parse_npy_as (include/axon/core/npy.h). Any input
// must either parse or be rejected with a one-line UserError naming the file; a file that parses
// must hold as many values as its shape says, and parse the same as every dtype that reads it.
// Anything else (another exception, a crash, a sanitizer report, a timeout, a huge allocation) is
// a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "axon/core/error.h"
#include "axon/core/npy.h"

namespace {

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz_npy: %s\n", what.c_str());
  std::abort();
}

void check_message(const axon::UserError& e) {
  std::string m = e.what();
  if (m.find('\n') != std::string::npos) finding("message spans lines: " + m);
  if (m.rfind("fuzz.npy: ", 0) != 0) finding("message does not name the file: " + m);
}

size_t elements(const axon::Tensor& t) {
  size_t n = 1;
  for (int64_t d : t.shape) n *= static_cast<size_t>(d);
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  bool parsed = false;
  axon::Tensor t;
  try {
    t = axon::parse_npy(bytes, "fuzz.npy");
    parsed = true;
  } catch (const axon::UserError& e) {
    check_message(e);
  } catch (const std::exception& e) {
    finding(std::string("parse_npy threw something other than UserError: ") + e.what());
  }
  if (parsed && t.data.size() != elements(t)) finding("the tensor's values do not fill its shape");
  for (axon::DType d : {axon::DType::f32, axon::DType::bf16, axon::DType::f16, axon::DType::i32, axon::DType::boolean}) {
    try {
      axon::Tensor u = axon::parse_npy_as(bytes, d, "fuzz.npy");
      if (!parsed) finding("parse_npy_as accepts what parse_npy refuses");
      if (u.dtype != d || u.shape != t.shape || u.data.size() != t.data.size())
        finding("parse_npy_as gives another tensor than parse_npy");
    } catch (const axon::UserError& e) {
      check_message(e);
    } catch (const std::exception& e) {
      finding(std::string("parse_npy_as threw something other than UserError: ") + e.what());
    }
  }
  return 0;
}
