// libFuzzer target: graph.json bytes -> parse_graph. Any input must either parse or be rejected
// with a one-line UserError naming the file; a graph that parses must print and re-parse to the
// same nodes, and a small concrete one must evaluate (or be refused with a UserError). Anything
// else (another exception, a crash, a sanitizer report, a timeout, a huge allocation) is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"

namespace {

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz_graph: %s\n", what.c_str());
  std::abort();
}

void check_message(const axon::UserError& e, const std::string& source) {
  std::string m = e.what();
  if (m.find('\n') != std::string::npos) finding("message spans lines: " + m);
  if (m.rfind(source + ": ", 0) != 0) finding("message does not name the file: " + m);
}

// Tiny graphs with concrete shapes are cheap enough to evaluate.
bool small_and_concrete(const axon::Graph& g) {
  auto order = g.topo_order();
  if (order.size() > 64) return false;
  for (const axon::Node* n : order) {
    auto count = axon::element_count(n->shape());
    if (!count || *count > 1024) return false;
  }
  return true;
}

void run(std::string_view text, const axon::Bindings& binds) {
  auto ctx = std::make_shared<axon::Context>();
  std::unique_ptr<axon::Graph> g;
  try {
    g = std::make_unique<axon::Graph>(axon::parse_graph(text, "fuzz.json", binds, ctx));
  } catch (const axon::UserError& e) {
    check_message(e, "fuzz.json");
    return;
  } catch (const std::exception& e) {
    finding(std::string("parse_graph threw something other than UserError: ") + e.what());
  }
  std::string printed = axon::print_graph(*g);
  try {
    axon::Graph h = axon::parse_graph(printed, "printed.json", {}, ctx);
    if (h.outputs.size() != g->outputs.size()) finding("re-parse changed the outputs:\n" + printed);
    for (size_t i = 0; i < h.outputs.size(); ++i)
      if (h.outputs[i].node != g->outputs[i].node)
        finding("re-parse gave other nodes for output '" + h.outputs[i].name + "':\n" + printed);
  } catch (const std::exception& e) {
    finding(std::string("the printed graph does not parse: ") + e.what() + "\n" + printed);
  }
  if (!small_and_concrete(*g)) return;
  try {
    axon::EvalOptions opts;
    opts.threads = 1;
    opts.max_bytes = int64_t{16} << 20;
    axon::evaluate(*g, axon::random_inputs(*g, 1), opts);
  } catch (const axon::UserError& e) {
    std::string m = e.what();
    if (m.find('\n') != std::string::npos) finding("message spans lines: " + m);
  } catch (const std::exception& e) {
    finding(std::string("evaluate threw something other than UserError: ") + e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  run(text, {});
  // Again with the symbols of the example bound (exercises substitution and the interpreter).
  static const axon::Bindings binds{{"M", 4}, {"K", 8}, {"N", 3}};
  run(text, binds);
  return 0;
}
