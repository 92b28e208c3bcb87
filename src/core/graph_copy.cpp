#include "axon/core/graph_copy.h"

#include <utility>
#include <vector>

#include "axon/core/error.h"

namespace axon {

namespace {

Attrs map_sizes(const Attrs& in, const std::function<Size(const Size&)>& size) {
  Attrs a;
  for (const auto& [k, v] : in.values()) {
    if (const auto* s = std::get_if<Shape>(&v)) {
      Shape t;
      for (const Size& x : *s) t.push_back(size(x));
      a.set(k, t);
    } else {
      a.set(k, v);
    }
  }
  return a;
}

}  // namespace

const Node* copy_dag(Context& dst, const Node* root, const std::function<const Node*(const Node*)>& leaf,
                     const std::function<Size(const Size&)>& size,
                     std::unordered_map<const Node*, const Node*>& memo) {
  // Post-order that does not descend below a leaf.
  std::vector<std::pair<const Node*, size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto& [n, next] = stack.back();
    if (memo.count(n)) {
      stack.pop_back();
      continue;
    }
    if (next == 0) {
      if (const Node* r = leaf(n)) {
        memo[n] = r;
        stack.pop_back();
        continue;
      }
      if (n->op() == Op::Input) throw InternalError("copy_dag: input '" + n->input_name() + "' not mapped");
    }
    if (next < n->operands().size()) {
      const Node* o = n->operand(next++);
      if (!memo.count(o)) stack.emplace_back(o, 0);
      continue;
    }
    std::vector<const Node*> ops;
    for (const Node* o : n->operands()) ops.push_back(memo.at(o));
    Attrs a = map_sizes(n->attrs(), size);
    if (n->op() == Op::Cast || n->op() == Op::Constant || n->op() == Op::Iota)
      a.set("dtype", std::string(dtype_name(n->dtype())));
    memo[n] = dst.make(n->op(), std::move(ops), a);
    stack.pop_back();
  }
  return memo.at(root);
}

}  // namespace axon
