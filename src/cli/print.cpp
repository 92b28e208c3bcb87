// axon print: parse a graph and print it back in canonical form.
#include <memory>
#include <ostream>

#include "axon/core/graph_json.h"
#include "cli.h"
#include "commands.h"

namespace axon::cli {

Runner add_print(CLI::App& app, Streams io) {
  struct Args {
    std::string path;
    std::vector<std::string> binds;
  };
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand(
      "print", "Print a graph.json in canonical form (attributes normalized, defaults filled)");
  cmd->add_option("graph", args->path, "The graph.json file")->required();
  add_bind_option(*cmd, args->binds);
  return [args, io] {
    io.out << print_graph(load_bound_graph(args->path, parse_binds(args->binds)));
    return kExitOk;
  };
}

}  // namespace axon::cli
