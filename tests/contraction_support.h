// Helpers shared by the contraction and attention tests: graphs holding a matmul, their
// contraction group or the whole graph as one group, an H200's limits.
#pragma once

#include <catch2/catch.hpp>

#include <functional>
#include <sstream>
#include <string>
#include <vector>

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

// For sm_80 and sm_90: the first `per_graph` contraction configurations of each graph (the
// generic fallback skipped, and those `take` refuses), each generated and shown to `check` with
// its group's shape, then all compiled together with nvcc when there is one. f32 matmuls are
// classified by `f32`. Returns the kernels generated per target.
inline int compile_contractions(const std::vector<std::string>& graphs, size_t per_graph, const std::string& tag,
                         const std::function<void(const tiling::GroupShape&, const tiling::ContractionConfig&, const tiling::KernelCode&)>& check,
                         tiling::F32Matmul f32 = tiling::F32Matmul::Fma,
                         const std::function<bool(const tiling::ContractionConfig&)>& take = nullptr) {
  const std::string cc = nvcc();
  int per_target = 0;
  for (const std::string target : {"sm_80", "sm_90"}) {
    const tiling::Lowerings& low = lowerings(target);
    std::ostringstream tu;
    int kernels = 0;
    for (size_t gi = 0; gi < graphs.size(); ++gi) {
      Graph g = parse(graphs[gi]);
      tiling::Group gr = contraction_group(g);
      tiling::GroupShape s = tiling::classify(gr, low.isa.get(), f32);
      INFO(target << ", " << graphs[gi] << ": " << s.why_generic);
      REQUIRE(s.strategy == tiling::Strategy::Contraction);
      auto configs = tiling::enumerate_configs(gr, s, axon::test::target_limits());
      for (size_t j = 0, taken = 0; j < configs.size() && taken < per_graph; ++j) {
        const auto* c_mm = configs[j].config.get_if<tiling::ContractionConfig>();
        if (c_mm == nullptr || (take && !take(*c_mm))) continue;
        const tiling::ContractionConfig& c = *c_mm;
        ++taken;
        tiling::CodegenOptions o;
        o.name = "k" + std::to_string(gi) + "_" + std::to_string(j);
        const tiling::KernelCode code = tiling::generate(gr, s, c, low, o);
        check(s, c, code);
        tu << code.body << "\n";
        ++kernels;
      }
    }
    per_target = kernels;
    if (cc.empty()) {
      WARN("nvcc not found: compile check skipped");
      continue;
    }
    INFO(target << ": " << kernels << " kernels");
    const axon::test::NvccRun r = axon::test::nvcc_compile(cc, tiling::prelude(low) + "\n" + tu.str(), "-arch=" + target, tag);
    INFO(r.log.substr(0, 3000));
    CHECK(r.rc == 0);
  }
  return per_target;
}


}  // namespace axon::test
