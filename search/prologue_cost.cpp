// The cost model's register-A prologue (search/internal.h): which matmuls the tiling's register A
// serves, and the weight its consumers evaluate per element of A.
#include <vector>

#include "axon/core/op_table.h"
#include "axon/tiling/kernel.h"
#include "internal.h"

namespace axon::search_detail {

bool register_a_applies(const Node* mm, const std::function<bool(const Node*)>& inside) {
  const Node* a = mm->operand(0);
  auto flag = [&](const char* f) { return mm->attrs().has(f) && mm->attrs().b(f); };
  if (a->dtype() != DType::bf16 || inside(mm->operand(1)) || flag("transpose_a") || flag("transpose_b")) return false;
  std::vector<const Node*> stack{a};
  std::unordered_set<const Node*> seen;
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (!seen.insert(n).second) continue;
    if (!inside(n)) {
      if (n->shape() == a->shape() && (n->dtype() == DType::bf16 || n->dtype() == DType::f16)) return true;
      continue;
    }
    for (const Node* o : n->operands()) stack.push_back(o);
  }
  return false;
}

double register_a_weight(const Node* mm, const std::unordered_set<const Node*>& nodes, const std::function<bool(const Node*)>& inside) {
  double w = tiling::prologue_weight(mm->operand(0), inside) + tiling::kRegisterAFixedWeight;
  for (const Node* r : nodes)
    if (r->kind() == OpKind::Reduce) w += tiling::prologue_weight(r->operand(0), inside);
  return w;
}

}  // namespace axon::search_detail
