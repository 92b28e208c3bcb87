// A Boost.Graph view of an axon Graph, for graph algorithms (topological order, reachability).
#pragma once

#include <boost/graph/adjacency_list.hpp>
#include <unordered_map>
#include <vector>

#include "axon/core/ir.h"

namespace axon {

class GraphView {
 public:
  // Vertices: the nodes reachable from the graph's outputs; edge u -> v when u is an operand of v.
  using BGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS>;
  using Vertex = BGraph::vertex_descriptor;

  explicit GraphView(const Graph& g);
  [[nodiscard]] const BGraph& graph() const { return g_; }
  [[nodiscard]] const Node* node(Vertex v) const { return nodes_.at(v); }
  [[nodiscard]] Vertex vertex(const Node* n) const { return index_.at(n); }
  [[nodiscard]] size_t size() const { return nodes_.size(); }

  // Operands before users (boost::topological_sort).
  [[nodiscard]] std::vector<const Node*> topological_order() const;
  // True when `to` is computed (transitively) from `from`.
  [[nodiscard]] bool reaches(const Node* from, const Node* to) const;
  // Users of a node within the view.
  [[nodiscard]] std::vector<const Node*> users(const Node* n) const;

 private:
  BGraph g_;
  std::vector<const Node*> nodes_;
  std::unordered_map<const Node*, Vertex> index_;
};

}  // namespace axon
