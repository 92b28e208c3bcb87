// Inputs the fuzzers (fuzz/, scripts/fuzz.sh) found, kept as regression tests: each must be
// refused with one UserError line naming the file, quickly and without a large allocation.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "axon/core/error.h"
#include "axon/core/npy.h"

namespace {

// A version 1.0 .npy file with the given header text and data bytes.
std::string npy(const std::string& header, const std::string& data = "") {
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  return out + header + data;
}

std::string refusal(const std::string& bytes) {
  try {
    axon::parse_npy(bytes, "f.npy");
  } catch (const axon::UserError& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("fuzz findings: .npy headers are scanned without recursion, and long ones refused", "[npy][fuzz]") {
  // std::regex recursed once per character: a 65000-character shape or gap overflowed the stack.
  const std::string spaces(65000, ' ');
  CHECK(refusal(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::string(65000, 'x') + "), }\n")) ==
        "f.npy: bad shape (xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...) in .npy header");
  axon::Tensor t = axon::parse_npy(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (" + spaces + "2,), }\n",
                                       std::string(8, '\0')),
                                   "f.npy");
  CHECK(t.shape == std::vector<int64_t>{2});
  t = axon::parse_npy(npy("{'descr':" + spaces + "'<f4', 'fortran_order': False, 'shape': (1, 2), }\n", std::string(8, '\0')), "f.npy");
  CHECK(t.shape == std::vector<int64_t>{1, 2});
}

TEST_CASE("fuzz findings: a .npy file's values are counted before its tensor is made", "[npy][fuzz]") {
  // 2^34 float64 values claimed by a file of a hundred bytes: refused as short, not allocated
  // (128 GiB: std::bad_alloc, or a machine brought to its knees).
  CHECK(refusal(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (131072, 131072), }\n")) ==
        "f.npy: file ends before its 17179869184 elements");
  CHECK(refusal(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (200000000,), }\n", std::string(4, '\0'))) ==
        "f.npy: file ends before its 200000000 elements");
}

TEST_CASE("fuzz findings: .npy refusals are one line", "[npy][fuzz]") {
  // A newline in the shape or the dtype was copied into the message.
  CHECK(refusal(npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,\nx), }\n")) ==
        "f.npy: bad shape (1,?x) in .npy header");
  CHECK(refusal(npy("{'descr': '<f12345', 'fortran_order': False, 'shape': (1,), }\n")) ==
        "f.npy: unsupported .npy dtype '<f12345'");
  CHECK(refusal(npy("{'descr': '<f4\n', 'fortran_order': False, 'shape': (1,), }\n")) == "f.npy: no dtype in .npy header");
  // The file's name too (read_npy names the path it was given).
  try {
    axon::parse_npy("not npy", "a\nb.npy");
    FAIL("accepted");
  } catch (const axon::UserError& e) {
    CHECK(std::string(e.what()) == "a?b.npy: not a .npy file");
  }
}

TEST_CASE("parse_npy reads the bytes read_npy reads", "[npy]") {
  const std::string f4 = npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }\n", std::string("\x00\x00\x80\x3f\x00\x00\x00\xc0", 8));
  axon::Tensor t = axon::parse_npy(f4, "f.npy");
  CHECK(t.dtype == axon::DType::f32);
  CHECK(t.data == std::vector<double>{1.0, -2.0});
  CHECK(axon::parse_npy_as(f4, axon::DType::bf16, "f.npy").dtype == axon::DType::bf16);
  CHECK_THROWS_WITH(axon::parse_npy_as(f4, axon::DType::i32, "f.npy"), Catch::StartsWith("f.npy: .npy dtype '<f4' does not hold"));
}
