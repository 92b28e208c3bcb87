#include "axon/core/tensor.h"

#include "axon/core/error.h"

namespace axon {

Tensor::Tensor(DType t, std::vector<int64_t> dims) : dtype(t), shape(std::move(dims)) {
  int64_t n = 1;
  for (auto d : shape) {
    AXON_CHECK(d >= 1, "tensor dimension < 1");
    n *= d;
  }
  data.assign(static_cast<size_t>(n), 0.0);
}

std::vector<int64_t> Tensor::strides() const {
  std::vector<int64_t> s(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) s[i] = s[i + 1] * shape[i + 1];
  return s;
}

std::string dims_str(const std::vector<int64_t>& dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i) out += (i ? ", " : "") + std::to_string(dims[i]);
  return out + "]";
}

}  // namespace axon
