// Helpers shared by the contraction and attention tests: graphs holding a matmul, their
// contraction group or the whole graph as one group, an H200's limits.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "axon/core/graph_json.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "codegen_support.h"

namespace axon::test {

inline Graph parse(const std::string& text) { return parse_graph(text, "test.json", {}); }

// An H200's limits as the configurations see them (the sm_90 target file's).
inline tiling::Limits sm90_limits() { return target_limits("sm_90"); }

// The one fusion group of a graph holding a matmul.
inline tiling::Group contraction_group(const Graph& g) {
  for (const tiling::Group& gr : fusion_groups(g, "sm_90"))
    for (const Node* n : gr.nodes)
      if (n->op() == Op::MatMul) return gr;
  FAIL("no contraction group");
  return {};
}

// The whole graph as one group: every computed node, the inputs read, the outputs written (the
// fusion partition may split a graph that writes several values; the generator must not care).
inline tiling::Group whole_graph(const Graph& g) {
  tiling::Group gr;
  for (const Node* n : g.topo_order())
    if (n->op() != Op::Input) gr.nodes.push_back(n);
  gr.reads = g.inputs;
  for (const GraphOutput& o : g.outputs) gr.writes.push_back(o.node);
  gr.label = "whole graph";
  return gr;
}

// A graph of one matmul a @ b (`attrs`: its transposes), with extra inputs and epilogue nodes.
inline std::string mm_graph(const std::string& a, const std::string& b, const std::string& dtype, const std::string& attrs,
                            const std::string& extra_inputs = "", const std::string& epilogue = "", const std::string& out = "m") {
  return R"({"name":"t","inputs":[{"name":"a","shape":)" + a + R"(,"dtype":")" + dtype + R"("},{"name":"b","shape":)" + b +
         R"(,"dtype":")" + dtype + R"("})" + extra_inputs + R"(],"nodes":[{"name":"m","op":"matmul","inputs":["a","b"],"attrs":)" +
         attrs + "}" + epilogue + R"(],"outputs":[")" + out + R"("]})";
}

}  // namespace axon::test
