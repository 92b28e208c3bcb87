// Rebuilding graphs with a node replaced, copying a DAG into another Context (with sizes
// mapped), and the canonical rendering used as a local rule's key.
#include <sstream>
#include <unordered_set>

#include "internal.h"

namespace axon::rw {

std::vector<const Node*> topo(const std::vector<const Node*>& roots) {
  std::vector<const Node*> order;
  std::unordered_set<const Node*> done;
  for (const Node* r : roots) {
    std::vector<std::pair<const Node*, size_t>> stack{{r, 0}};
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      if (done.count(n)) {
        stack.pop_back();
        continue;
      }
      if (next < n->operands().size()) {
        const Node* o = n->operand(next++);
        if (!done.count(o)) stack.emplace_back(o, 0);
        continue;
      }
      done.insert(n);
      order.push_back(n);
      stack.pop_back();
    }
  }
  return order;
}

std::vector<GraphOutput> replace_node(Context& ctx, const std::vector<GraphOutput>& outs,
                                      const Node* old, const Node* repl) {
  std::vector<const Node*> roots;
  for (const auto& o : outs) roots.push_back(o.node);
  std::unordered_map<const Node*, const Node*> m;
  for (const Node* n : topo(roots)) {
    if (n == old) {
      m[n] = repl;
      continue;
    }
    std::vector<const Node*> ops;
    bool changed = false;
    for (const Node* o : n->operands()) {
      ops.push_back(m.at(o));
      changed = changed || ops.back() != o;
    }
    m[n] = changed ? ctx.make(n->op(), std::move(ops), attrs_of(n)) : n;
  }
  std::vector<GraphOutput> out;
  for (const auto& o : outs) out.push_back({o.name, m.at(o.node)});
  return out;
}

namespace {

std::string attr_text(const Attr& v) {
  std::ostringstream os;
  os.precision(17);
  std::visit(
      [&os](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Shape>) os << shape_str(x);
        else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          os << "[";
          for (size_t i = 0; i < x.size(); ++i) os << (i ? ", " : "") << x[i];
          os << "]";
        } else if constexpr (std::is_same_v<T, bool>) os << (x ? "true" : "false");
        else os << x;
      },
      v);
  return os.str();
}

}  // namespace

std::string render(const Node* n, const std::unordered_map<const Node*, std::string>& names) {
  auto it = names.find(n);
  if (it != names.end()) return it->second;
  std::string s(op_name(n->op()));
  s += "(";
  for (size_t i = 0; i < n->operands().size(); ++i) s += (i ? ", " : "") + render(n->operand(i), names);
  bool first = n->operands().empty();
  for (const auto& [k, v] : n->attrs().values()) {
    s += (first ? "" : ", ") + k + "=" + attr_text(v);
    first = false;
  }
  if (n->op() == Op::Cast || n->op() == Op::Constant || n->op() == Op::Iota)
    s += std::string(first ? "" : ", ") + "dtype=" + std::string(dtype_name(n->dtype()));
  return s + ")";
}

Size SizeMap::map(const Size& s) {
  auto v = s.value();
  if (!v || *v <= 1) return s;
  auto it = of_value.find(*v);
  if (it != of_value.end()) return it->second;
  Size out;
  auto f = factors.find(*v);
  if (f != factors.end()) {
    out = Size(1);
    for (int64_t p : f->second) out = out * map(Size(p));
  } else {
    std::string name = prefix + std::to_string(symbols.size());
    symbols.push_back(name);
    out = Size::symbol(name);
  }
  of_value[*v] = out;
  return out;
}

}  // namespace axon::rw
