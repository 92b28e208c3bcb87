// axon check: validate a graph and print its inferred shapes.
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>

#include "axon/core/graph_json.h"
#include "cli.h"
#include "commands.h"

namespace axon::cli {

namespace {

struct CheckArgs {
  std::string path;
  std::vector<std::string> binds;
  bool json = false;
};

int run_check(const CheckArgs& a, Streams io) {
  Graph g = load_bound_graph(a.path, parse_binds(a.binds));
  std::vector<const Node*> order = g.topo_order();
  size_t primitives = 0;
  for (const Node* n : order) primitives += n->op() != Op::Input;
  // Named nodes in dependency order: what the user wrote.
  struct Row {
    std::string name, op, dtype, shape;
  };
  std::vector<Row> rows;
  for (const Node* n : order) {
    auto it = g.names.find(n);
    if (it == g.names.end()) continue;
    auto tag = g.composites.find(n);
    std::string op = n->op() == Op::Input ? "input"
                     : tag != g.composites.end() ? tag->second.op
                                                 : std::string(op_name(n->op()));
    rows.push_back({it->second, op, std::string(dtype_name(n->dtype())), shape_str(n->shape())});
  }
  if (a.json) {
    nlohmann::json j;
    j["graph"] = g.name;
    j["file"] = a.path;
    j["ok"] = true;
    j["primitive_ops"] = primitives;
    for (const auto& r : rows)
      j["nodes"].push_back({{"name", r.name}, {"op", r.op}, {"dtype", r.dtype}, {"shape", r.shape}});
    for (const auto& o : g.outputs) j["outputs"].push_back(o.name);
    io.out << j.dump(2) << "\n";
    return kExitOk;
  }
  size_t w = 4, wo = 2;
  for (const auto& r : rows) {
    w = std::max(w, r.name.size());
    wo = std::max(wo, r.op.size());
  }
  io.out << a.path << ": graph '" << g.name << "' is valid: " << g.inputs.size() << " inputs, "
         << primitives << " primitive ops, " << g.outputs.size() << " outputs\n";
  for (const auto& r : rows)
    io.out << "  " << std::left << std::setw(static_cast<int>(w)) << r.name << "  "
           << std::setw(static_cast<int>(wo)) << r.op << "  " << std::setw(4) << r.dtype << " "
           << r.shape << "\n";
  io.out << "  outputs:";
  for (const auto& o : g.outputs) io.out << " " << o.name;
  io.out << "\n";
  return kExitOk;
}

}  // namespace

Runner add_check(CLI::App& app, Streams io) {
  auto args = std::make_shared<CheckArgs>();
  CLI::App* cmd = app.add_subcommand("check", "Validate a graph.json and print inferred shapes");
  cmd->add_option("graph", args->path, "The graph.json file")->required();
  add_bind_option(*cmd, args->binds);
  cmd->add_flag("--json", args->json, "Print the result as JSON");
  return [args, io] { return run_check(*args, io); };
}

}  // namespace axon::cli
