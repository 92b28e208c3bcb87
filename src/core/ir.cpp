#include "axon/core/ir.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "op_util.h"

namespace axon {

namespace {

struct OpName {
  Op op;
  std::string_view name;
  OpKind kind;
};

constexpr OpName kOps[] = {
#define AXON_OP(e, n, k, a, b, c, l) {Op::e, n, OpKind::k},
#include "axon/core/ops.def"
#undef AXON_OP
};

size_t mix(size_t h, size_t v) { return (h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2))); }

size_t hash_attr(const Attr& a) {
  size_t h = a.index();
  std::visit(
      [&h](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          for (auto x : v) h = mix(h, std::hash<int64_t>{}(x));
        } else if constexpr (std::is_same_v<T, Shape>) {
          for (const auto& s : v) h = mix(h, s.hash());
        } else {
          h = mix(h, std::hash<T>{}(v));
        }
      },
      a);
  return h;
}

}  // namespace

std::string_view op_name(Op op) { return kOps[static_cast<size_t>(op)].name; }
OpKind op_kind(Op op) { return kOps[static_cast<size_t>(op)].kind; }

std::optional<Op> parse_op(std::string_view name) {
  for (const auto& o : kOps)
    if (o.name == name) return o.op;
  return std::nullopt;
}

// ---- Attrs -------------------------------------------------------------------------------

namespace {
template <typename T>
const T& get_attr(const std::map<std::string, Attr>& m, const std::string& key) {
  auto it = m.find(key);
  AXON_CHECK(it != m.end(), "attribute '" + key + "' missing");
  const T* v = std::get_if<T>(&it->second);
  AXON_CHECK(v != nullptr, "attribute '" + key + "' has another type");
  return *v;
}
}  // namespace

int64_t Attrs::i(const std::string& key) const { return get_attr<int64_t>(values_, key); }
double Attrs::f(const std::string& key) const { return get_attr<double>(values_, key); }
bool Attrs::b(const std::string& key) const { return get_attr<bool>(values_, key); }
const std::string& Attrs::s(const std::string& key) const {
  return get_attr<std::string>(values_, key);
}
const std::vector<int64_t>& Attrs::ints(const std::string& key) const {
  return get_attr<std::vector<int64_t>>(values_, key);
}
const Shape& Attrs::shape(const std::string& key) const { return get_attr<Shape>(values_, key); }

size_t Attrs::hash() const {
  size_t h = values_.size();
  for (const auto& [k, v] : values_) h = mix(mix(h, std::hash<std::string>{}(k)), hash_attr(v));
  return h;
}

// ---- Context -----------------------------------------------------------------------------

bool Context::Eq::operator()(const Node* a, const Node* b) const {
  if (a->hash() != b->hash()) return false;
  if (a->op() != b->op() || a->dtype() != b->dtype()) return false;
  if (a->operands() != b->operands()) return false;
  if (a->input_name() != b->input_name()) return false;
  if (a->shape() != b->shape()) return false;
  // NaN-valued attrs compare unequal under ==; compare doubles bitwise instead.
  const auto& x = a->attrs().values();
  const auto& y = b->attrs().values();
  if (x.size() != y.size()) return false;
  for (auto i = x.begin(), j = y.begin(); i != x.end(); ++i, ++j) {
    if (i->first != j->first || i->second.index() != j->second.index()) return false;
    if (const double* d = std::get_if<double>(&i->second)) {
      double e = std::get<double>(j->second);
      if (std::memcmp(d, &e, sizeof e) != 0) return false;
    } else if (i->second != j->second) {
      return false;
    }
  }
  return true;
}

const Node* Context::intern(std::unique_ptr<Node> node) {
  size_t h = mix(static_cast<size_t>(node->op_), static_cast<size_t>(node->dtype_));
  for (const auto& s : node->shape_) h = mix(h, s.hash());
  for (const Node* o : node->operands_) h = mix(h, o->hash());
  h = mix(h, node->attrs_.hash());
  h = mix(h, std::hash<std::string>{}(node->input_name_));
  node->hash_ = h;
  auto it = table_.find(node.get());
  if (it != table_.end()) return *it;
  node->id_ = static_cast<uint32_t>(nodes_.size());
  const Node* raw = node.get();
  nodes_.push_back(std::move(node));
  table_.insert(raw);
  return raw;
}

const Node* Context::input(const std::string& name, DType dtype, Shape shape) {
  auto n = std::unique_ptr<Node>(new Node());
  n->op_ = Op::Input;
  n->dtype_ = dtype;
  n->shape_ = std::move(shape);
  n->input_name_ = name;
  return intern(std::move(n));
}

const Node* Context::make(Op op, std::vector<const Node*> operands, Attrs attrs) {
  AXON_CHECK(op != Op::Input, "Context::make(Input): use Context::input");
  const OpInfo& info = op_info(op);
  int n = static_cast<int>(operands.size());
  if (n < info.min_arity || (info.max_arity >= 0 && n > info.max_arity)) {
    std::string want = info.min_arity == info.max_arity
                           ? std::to_string(info.min_arity)
                           : (info.max_arity < 0 ? "at least " + std::to_string(info.min_arity)
                                                 : std::to_string(info.min_arity) + " to " +
                                                       std::to_string(info.max_arity));
    throw UserError(std::string(info.name) + " takes " + want + " input" +
                    (want == "1" ? "" : "s") + ", got " + std::to_string(n));
  }
  std::vector<OperandInfo> ops;
  ops.reserve(operands.size());
  for (const Node* o : operands) {
    AXON_CHECK(o != nullptr, "null operand");
    ops.push_back({o->dtype(), o->shape()});
  }
  Inferred r = info.infer(op, ops, attrs);
  // Results may have extents like N - S: only a slice with symbolic bounds (rules files) makes
  // one, and the verifier checks that the rule's conditions keep it positive. Inputs' shapes
  // (graph.json, rules files) are still checked strictly.
  detail::check_dims(r.shape, "result shape", /*differences_ok=*/true);
  auto node = std::unique_ptr<Node>(new Node());
  node->op_ = op;
  node->dtype_ = r.dtype;
  node->shape_ = std::move(r.shape);
  node->operands_ = std::move(operands);
  node->attrs_ = std::move(r.attrs);
  return intern(std::move(node));
}

const Node* Context::constant(double value, DType dtype, Shape shape) {
  Attrs a;
  a.set("value", value);
  a.set("dtype", std::string(dtype_name(dtype)));
  a.set("shape", std::move(shape));
  return make(Op::Constant, {}, std::move(a));
}

// ---- Graph -------------------------------------------------------------------------------

std::vector<const Node*> Graph::topo_order() const {
  std::vector<const Node*> order;
  std::unordered_set<const Node*> done(inputs.begin(), inputs.end());
  order.insert(order.end(), inputs.begin(), inputs.end());
  // Iterative post-order DFS from each output.
  std::vector<std::pair<const Node*, size_t>> stack;
  std::unordered_set<const Node*> on_stack;
  for (const auto& out : outputs) {
    if (done.count(out.node)) continue;
    stack.push_back({out.node, 0});
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      if (next < n->operands().size()) {
        const Node* o = n->operands()[next++];
        if (!done.count(o)) stack.push_back({o, 0});
        continue;
      }
      if (done.insert(n).second) order.push_back(n);
      stack.pop_back();
    }
  }
  return order;
}

const Node* Graph::find_input(const std::string& name) const {
  for (const Node* n : inputs)
    if (n->input_name() == name) return n;
  return nullptr;
}

}  // namespace axon
