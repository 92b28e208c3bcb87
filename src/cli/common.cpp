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

}  // namespace axon::cli
