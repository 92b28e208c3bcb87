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

CLI::Validator seed_number() {
  return CLI::Validator(
      [](std::string& text) {
        // CLI11 would wrap "-1" and saturate 2^64 to 2^64 - 1: only plain decimal digits that fit.
        const std::string max = "18446744073709551615";
        bool digits = !text.empty() && text.size() <= max.size();
        for (char c : text) digits = digits && c >= '0' && c <= '9';
        if (!digits || (text.size() == max.size() && text > max))
          return std::string("expected an integer from 0 to 18446744073709551615, got ") + text;
        return std::string();
      },
      "0..2^64-1");
}

CLI::Validator c_identifier() {
  return CLI::Validator(
      [](std::string& text) {
        bool ok = !text.empty() && !(text[0] >= '0' && text[0] <= '9');
        for (char c : text) ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_');
        return ok ? std::string() : "expected a C identifier (letters, digits and _, not starting with a digit), got '" + text + "'";
      },
      "IDENT");
}

CLI::Validator non_empty() {
  return CLI::Validator([](std::string& text) { return text.empty() ? std::string("expected a path, got an empty string") : std::string(); },
                        "PATH");
}

}  // namespace axon::cli
