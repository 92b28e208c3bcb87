// Composite ops (softmax, layernorm, rmsnorm, causal_mask): each defined once by its
// decomposition into primitive ops, built through Context::make.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/op_table.h"

namespace axon {

enum class Composite : uint8_t {
#define AXON_COMPOSITE(e, n, a, b) e,
#include "axon/core/composites.def"
#undef AXON_COMPOSITE
};

struct CompositeInfo {
  Composite op;
  std::string_view name;
  int min_arity;
  int max_arity;
  std::vector<AttrSpec> attrs;
};

std::optional<Composite> parse_composite(std::string_view name);
const CompositeInfo& composite_info(Composite c);

// Builds the decomposition and returns its root. `attrs` are as parsed (types checked against
// the schema); they are canonicalized into `canonical` (axis made non-negative, defaults filled).
// Throws UserError (no place; the caller adds it).
const Node* expand_composite(Context& ctx, Composite c, const std::vector<const Node*>& operands,
                             const Attrs& attrs, Attrs* canonical = nullptr);

}  // namespace axon
