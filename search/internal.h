// Shared pieces of search/ (not a public interface).
#pragma once

#include <cstdint>

#include "axon/core/ir.h"

namespace axon::search_detail {

// Elements of a node's value; sizes are concrete here (superopt refuses symbolic ones).
inline int64_t elements(const Node* n) {
  int64_t c = 1;
  for (const Size& s : n->shape()) c *= s.value().value_or(1);
  return c;
}

}  // namespace axon::search_detail
