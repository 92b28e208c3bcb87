#include "axon/core/graph_view.h"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/topological_sort.hpp>
#include <iterator>

namespace axon {

GraphView::GraphView(const Graph& g) {
  nodes_ = g.topo_order();
  g_ = BGraph(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) index_[nodes_[i]] = i;
  for (size_t i = 0; i < nodes_.size(); ++i)
    for (const Node* o : nodes_[i]->operands()) boost::add_edge(index_.at(o), i, g_);
}

std::vector<const Node*> GraphView::topological_order() const {
  std::vector<Vertex> rev;
  boost::topological_sort(g_, std::back_inserter(rev));  // reverse topological order
  std::vector<const Node*> out;
  for (auto it = rev.rbegin(); it != rev.rend(); ++it) out.push_back(nodes_[*it]);
  return out;
}

bool GraphView::reaches(const Node* from, const Node* to) const {
  auto f = index_.find(from), t = index_.find(to);
  if (f == index_.end() || t == index_.end()) return false;
  std::vector<boost::default_color_type> color(nodes_.size(), boost::white_color);
  auto colors = boost::make_iterator_property_map(color.begin(), boost::get(boost::vertex_index, g_));
  boost::breadth_first_visit(g_, f->second, boost::color_map(colors));
  return color[t->second] != boost::white_color;
}

std::vector<const Node*> GraphView::users(const Node* n) const {
  std::vector<const Node*> out;
  auto [b, e] = boost::out_edges(index_.at(n), g_);
  for (auto it = b; it != e; ++it) out.push_back(nodes_[boost::target(*it, g_)]);
  return out;
}

}  // namespace axon
