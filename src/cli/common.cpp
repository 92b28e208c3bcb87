#include <cmath>
#include <set>
#include <string>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "commands.h"

namespace axon::cli {

void add_bind_option(CLI::App& cmd, std::vector<std::string>& binds) {
  cmd.add_option("--bind", binds, "Bind a symbolic size: --bind K=4096 (repeatable)")
      ->type_name("NAME=VALUE");
}

Bindings parse_binds(const std::vector<std::string>& binds) {
  Bindings b;
  for (const auto& s : binds) parse_binding(s, b);
  return b;
}

Graph load_bound_graph(const std::string& path, const Bindings& bind) {
  Graph g = load_graph(path, bind);
  if (bind.empty()) return g;
  // The sizes the graph names: those left in its shapes when nothing is bound. (A graph that
  // only parses with its sizes bound is not checked.)
  std::set<std::string> used;
  try {
    Graph symbolic = load_graph(path, {});
    for (const Node* n : symbolic.topo_order())
      for (const Size& d : n->shape())
        for (const std::string& s : d.symbols()) used.insert(s);
  } catch (const UserError&) {
    return g;
  }
  for (const auto& [name, value] : bind)
    if (!used.count(name)) throw UserError("--bind " + name + "=" + std::to_string(value) + ": " + path + " has no size " + name);
  return g;
}

CLI::Validator finite_number() {
  return CLI::Validator(
      [](std::string& text) {
        double v = 0;
        try {
          size_t used = 0;
          v = std::stod(text, &used);
          if (used != text.size()) return std::string("expected a number, got ") + text;
        } catch (const std::exception&) {
          return std::string("expected a number, got ") + text;
        }
        return std::isfinite(v) ? std::string() : std::string("expected a finite number, got ") + text;
      },
      "FINITE");
}

}  // namespace axon::cli
