// The subcommands of `axon`. Each registers its options on the app and returns the function that
// runs it once the command line is parsed. Internal to the CLI.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "axon/core/ir.h"
#include "axon/core/size.h"

namespace axon::cli {

using Runner = std::function<int()>;

struct Streams {
  std::ostream& out;
  std::ostream& err;
};

// --bind NAME=VALUE, repeatable; parsed into bindings when the command runs.
void add_bind_option(CLI::App& cmd, std::vector<std::string>& binds);
Bindings parse_binds(const std::vector<std::string>& binds);
// load_graph with the bindings, each of which must name a size the graph uses.
Graph load_bound_graph(const std::string& path, const Bindings& bind);
// A floating-point option's value must be a finite number (CLI::Range lets NaN through).
CLI::Validator finite_number();
// A seed: a decimal integer from 0 to 2^64 - 1 (no sign, no wrap-around).
CLI::Validator seed_number();
// A C identifier (letters, digits and _, not starting with a digit): a name that becomes a symbol.
CLI::Validator c_identifier();
// A path option given must not be empty (`-o ""` is refused, not taken as "not given").
CLI::Validator non_empty();

Runner add_check(CLI::App& app, Streams io);
Runner add_eval(CLI::App& app, Streams io);
Runner add_print(CLI::App& app, Streams io);
Runner add_verify(CLI::App& app, Streams io);
Runner add_rewrite(CLI::App& app, Streams io);
Runner add_synth(CLI::App& app, Streams io);
Runner add_superopt(CLI::App& app, Streams io);
Runner add_library(CLI::App& app, Streams io);

}  // namespace axon::cli
