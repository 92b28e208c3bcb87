// Printing graphs as graph.json. Composites are printed as written (their interior nodes only
// when something else uses them); parsing the output gives the same nodes.
#include <cmath>
#include <nlohmann/json.hpp>
#include <unordered_set>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"

namespace axon {

using json = nlohmann::json;

namespace {

json size_json(const Size& s) {
  if (auto v = s.value()) return *v;
  return s.str();
}

json shape_json(const Shape& s) {
  json j = json::array();
  for (const auto& d : s) j.push_back(size_json(d));
  return j;
}

json number_json(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  return v;
}

json attr_json(const Attr& a) {
  return std::visit(
      [](const auto& v) -> json {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, Shape>) return shape_json(v);
        else if constexpr (std::is_same_v<T, double>) return number_json(v);
        else return json(v);
      },
      a);
}

json attrs_json(const Node& n) {
  json j = json::object();
  for (const auto& [k, v] : n.attrs().values()) j[k] = attr_json(v);
  switch (n.op()) {
    case Op::Cast: case Op::Iota: case Op::Constant:
      j["dtype"] = std::string(dtype_name(n.dtype()));
      break;
    case Op::Slice:
      // A negative step that runs to index 0 has canonical end -1, which would read as "last".
      // (A symbolic slice of a rules file holds sizes there, and a step >= 1.)
      if (std::holds_alternative<int64_t>(n.attrs().values().at("step")) && n.attrs().i("step") < 0 &&
          n.attrs().i("end") == -1)
        j.erase("end");
      break;
    default:
      break;
  }
  return j;
}

}  // namespace

std::string print_graph(const Graph& g, int indent) {
  // The nodes to print: from the outputs, following a composite's own operands instead of
  // its interior.
  auto deps = [&g](const Node* n) -> const std::vector<const Node*>& {
    auto it = g.composites.find(n);
    return it != g.composites.end() ? it->second.operands : n->operands();
  };
  std::vector<const Node*> order;
  std::unordered_set<const Node*> done(g.inputs.begin(), g.inputs.end());
  for (const auto& out : g.outputs) {
    std::vector<std::pair<const Node*, size_t>> stack{{out.node, 0}};
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      if (done.count(n)) {
        stack.pop_back();
        continue;
      }
      if (next < deps(n).size()) {
        const Node* o = deps(n)[next++];
        stack.push_back({o, 0});
        continue;
      }
      done.insert(n);
      order.push_back(n);
      stack.pop_back();
    }
  }

  // Names: inputs keep theirs; outputs name their nodes; then hints; then fresh names.
  std::unordered_map<const Node*, std::string> name;
  std::unordered_set<std::string> taken;
  for (const Node* in : g.inputs) {
    name[in] = in->input_name();
    taken.insert(in->input_name());
  }
  for (const auto& out : g.outputs)
    if (!name.count(out.node) && taken.insert(out.name).second) name[out.node] = out.name;
  for (const Node* n : order) {
    if (name.count(n)) continue;
    auto hint = g.names.find(n);
    if (hint != g.names.end() && taken.insert(hint->second).second) {
      name[n] = hint->second;
      continue;
    }
    std::string fresh;
    for (uint32_t i = n->id();; ++i)
      if (taken.insert(fresh = "t" + std::to_string(i)).second) break;
    name[n] = fresh;
  }

  auto node_json = [&](const Node* n, const std::string& as) {
    json j = json::object();
    j["name"] = as;
    auto tag = g.composites.find(n);
    json inputs = json::array();
    if (tag != g.composites.end()) {
      j["op"] = tag->second.op;
      for (const Node* o : tag->second.operands) inputs.push_back(name.at(o));
      json a = json::object();
      for (const auto& [k, v] : tag->second.attrs.values()) a[k] = attr_json(v);
      if (!a.empty()) j["attrs"] = a;
    } else {
      j["op"] = std::string(op_name(n->op()));
      for (const Node* o : n->operands()) inputs.push_back(name.at(o));
      json a = attrs_json(*n);
      if (!a.empty()) j["attrs"] = a;
    }
    if (!inputs.empty()) j["inputs"] = inputs;
    return j;
  };

  json root = json::object();
  if (!g.name.empty()) root["name"] = g.name;
  root["inputs"] = json::array();
  for (const Node* in : g.inputs)
    root["inputs"].push_back({{"name", in->input_name()},
                              {"shape", shape_json(in->shape())},
                              {"dtype", std::string(dtype_name(in->dtype()))}});
  root["nodes"] = json::array();
  for (const Node* n : order)
    if (n->op() != Op::Input) root["nodes"].push_back(node_json(n, name.at(n)));
  // An output whose node already carries another name is printed again under its own name
  // (the parser merges the two definitions into one node).
  root["outputs"] = json::array();
  for (const auto& out : g.outputs) {
    if (name.at(out.node) != out.name && out.node->op() != Op::Input &&
        taken.insert(out.name).second)
      root["nodes"].push_back(node_json(out.node, out.name));
    root["outputs"].push_back(name.at(out.node) == out.name || out.node->op() == Op::Input
                                  ? name.at(out.node)
                                  : out.name);
  }
  return root.dump(indent) + "\n";
}

}  // namespace axon
