// graph.json: reading and writing graphs (format: docs/graph-format.md).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "axon/core/ir.h"

namespace axon {

// Limits on what the parser accepts; beyond them it reports a UserError instead of trying.
struct ParseLimits {
  size_t max_bytes = size_t{64} << 20;  // file size
  int max_depth = 32;                   // JSON nesting
  size_t max_nodes = 1'000'000;
};

// Parses graph.json text. `source` names the file in error messages ("graph.json: node 'y'
// (rmsnorm): attrs.axis: ..."). Symbols in `bindings` are replaced by their values everywhere
// (input shapes and shape-valued attrs). Throws UserError; never aborts on any input.
Graph parse_graph(std::string_view text, const std::string& source, const Bindings& bindings = {},
                  std::shared_ptr<Context> ctx = nullptr, const ParseLimits& limits = {});
Graph load_graph(const std::string& path, const Bindings& bindings = {},
                 std::shared_ptr<Context> ctx = nullptr, const ParseLimits& limits = {});

// Prints a graph as graph.json (composites printed as written). Parsing the result gives the
// same nodes in the same Context.
std::string print_graph(const Graph& g, int indent = 2);

// Parses "K=4096" into bindings (throws UserError naming the text).
void parse_binding(const std::string& text, Bindings& out);

}  // namespace axon
