#include <cmath>
#include <string>

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
