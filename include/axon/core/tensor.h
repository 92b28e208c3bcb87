// Concrete tensors for the reference interpreter: float64 storage, row-major, any dtype.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "axon/core/dtype.h"

namespace axon {

struct Tensor {
  DType dtype = DType::f32;
  std::vector<int64_t> shape;
  std::vector<double> data;  // row-major; bool as 0/1, i32 as integers

  Tensor() = default;
  Tensor(DType t, std::vector<int64_t> dims);
  [[nodiscard]] int64_t numel() const { return static_cast<int64_t>(data.size()); }
  [[nodiscard]] std::vector<int64_t> strides() const;
};

std::string dims_str(const std::vector<int64_t>& dims);  // "[2, 3]"

}  // namespace axon
