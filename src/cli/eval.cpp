// axon eval: evaluate a graph on the CPU with the reference interpreter.
#include <chrono>
#include <cmath>
#include <iomanip>
#include <map>
#include <memory>
#include <ostream>
#include <set>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"
#include "axon/core/npy.h"
#include "cli.h"
#include "commands.h"

namespace axon::cli {

namespace {

struct EvalArgs {
  std::string path;
  std::vector<std::string> binds;
  std::vector<std::string> inputs;
  uint64_t seed = 0;
  std::string precision = "f64";
  std::string out_dir;
  double max_memory_gib = 8;
};

void summarize(std::ostream& os, const std::string& name, const Tensor& t) {
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  int64_t nan = 0;
  for (double v : t.data) {
    if (std::isnan(v)) {
      ++nan;
      continue;
    }
    lo = std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
  }
  int64_t finite = t.numel() - nan;
  os << "  " << name << ": " << dtype_name(t.dtype) << " " << dims_str(t.shape)
     << std::setprecision(6) << "  min " << lo << "  max " << hi << "  mean "
     << (finite ? sum / static_cast<double>(finite) : NAN);
  if (nan) os << "  NaN " << nan;
  os << "\n    first values:";
  for (int64_t i = 0; i < std::min<int64_t>(6, t.numel()); ++i) os << " " << t.data[static_cast<size_t>(i)];
  os << "\n";
}

int run_eval(const EvalArgs& a, Streams io) {
  Graph g = load_bound_graph(a.path, parse_binds(a.binds));
  EvalOptions opts;
  opts.precision = a.precision == "native" ? Precision::Native : Precision::F64;
  // --max-memory-gb is at most 1e6 (checked by its option): the product fits an int64.
  opts.max_bytes = static_cast<int64_t>(a.max_memory_gib * 1073741824.0);
  TensorMap inputs;
  try {
    // The inputs' values (doubles) are made before the interpreter counts its tensors.
    double in_bytes = 0;
    for (const Node* n : g.inputs) {
      double count = 8;
      for (int64_t d : concrete_dims(n->shape())) count *= static_cast<double>(d);
      in_bytes += count;
      if (in_bytes > static_cast<double>(opts.max_bytes))
        throw UserError("input '" + n->input_name() + "': the inputs' values need " + std::to_string(int64_t(in_bytes / (1 << 20))) +
                        " MiB (limit " + std::to_string(opts.max_bytes >> 20) + " MiB; --max-memory-gb)");
    }
    inputs = random_inputs(g, a.seed);
  } catch (const UserError& e) {
    throw e.at(a.path);
  }
  std::set<std::string> given;
  for (const auto& spec : a.inputs) {
    auto eq = spec.find('=');
    if (eq == std::string::npos) throw UserError("--inputs " + spec + ": expected NAME=FILE.npy");
    std::string name = spec.substr(0, eq);
    const Node* in = g.find_input(name);
    if (!in) throw UserError("--inputs " + spec + ": the graph has no input '" + name + "'");
    if (!given.insert(name).second) throw UserError("--inputs " + spec + ": input '" + name + "' is given twice");
    std::vector<int64_t> want;
    try {
      want = concrete_dims(in->shape());
    } catch (const UserError& e) {
      throw e.at(a.path);
    }
    // Read no more than the input's values can take: its header and float64 values.
    double values = 8;
    for (int64_t d : want) values *= static_cast<double>(d);
    const size_t cap = values < 1e15 ? 65546 + static_cast<size_t>(values) : kNpyMaxBytes;
    Tensor t = read_npy_as(spec.substr(eq + 1), in->dtype(), cap);
    if (t.shape != want)
      throw UserError(spec.substr(eq + 1) + ": input '" + name + "': value has shape " + dims_str(t.shape) + ", the graph says " + dims_str(want));
    inputs[name] = std::move(t);
  }
  if (!a.out_dir.empty()) {
    // Files are named after the graph's inputs and outputs: names that are no plain file name
    // (a path), or two values that would share a file, are refused, and the directory is made,
    // before anything is evaluated or printed.
    std::map<std::string, std::string> files;  // file name -> whose
    auto file_name = [&](const std::string& name, const std::string& what, const std::string& file) {
      if (name.empty() || name == "." || name == ".." || name.find_first_of("/\\") != std::string::npos || name.find('\0') != std::string::npos)
        throw UserError(a.path + ": " + what + " '" + name + "': not a file name, cannot be written under -o");
      auto [it, fresh] = files.emplace(file, what + " '" + name + "'");
      if (!fresh)
        throw UserError(a.path + ": " + what + " '" + name + "' and " + it->second + " would both be written to " + file + " under -o");
    };
    for (const Node* n : g.inputs) file_name(n->input_name(), "input", "input_" + n->input_name() + ".npy");
    for (const GraphOutput& o : g.outputs) file_name(o.name, "output", o.name + ".npy");
    make_output_dir(a.out_dir);
  }
  auto start = std::chrono::steady_clock::now();
  TensorMap out;
  try {
    out = evaluate(g, inputs, opts);
  } catch (const UserError& e) {
    throw e.at(a.path);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  io.out << a.path << ": evaluated '" << g.name << "' in " << std::setprecision(3) << secs
         << " s (" << a.precision << " precision, seed " << a.seed << ")\n";
  for (const auto& [name, t] : out) summarize(io.out, name, t);
  if (!a.out_dir.empty()) {
    for (const auto& [name, t] : inputs)
      write_npy(a.out_dir + "/input_" + name + ".npy", t, opts.precision == Precision::F64);
    for (const auto& [name, t] : out)
      write_npy(a.out_dir + "/" + name + ".npy", t, opts.precision == Precision::F64);
    io.out << "  wrote inputs and outputs as .npy to " << a.out_dir << "\n";
  }
  return kExitOk;
}

}  // namespace

Runner add_eval(CLI::App& app, Streams io) {
  auto args = std::make_shared<EvalArgs>();
  CLI::App* cmd = app.add_subcommand(
      "eval", "Evaluate a graph on the CPU with the reference interpreter");
  cmd->add_option("graph", args->path, "The graph.json file")->required();
  add_bind_option(*cmd, args->binds);
  cmd->add_option("--inputs", args->inputs,
                  "Input values from .npy: --inputs x=x.npy (repeatable); others are random")
      ->type_name("NAME=FILE");
  cmd->add_option("--seed", args->seed, "Seed of the random inputs")->check(seed_number())->capture_default_str();
  cmd->add_option("--precision", args->precision,
                  "f64: exact float64 throughout; native: round each node to its dtype")
      ->check(CLI::IsMember({"f64", "native"}))
      ->capture_default_str();
  cmd->add_option("-o,--out", args->out_dir, "Write inputs and outputs as .npy files here")->check(non_empty());
  cmd->add_option("--max-memory-gb", args->max_memory_gib,
                  "Refuse to evaluate when live tensors would exceed this (GiB)")
      ->check(finite_number())
      ->check(CLI::PositiveNumber)
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  return [args, io] { return run_eval(*args, io); };
}

}  // namespace axon::cli
