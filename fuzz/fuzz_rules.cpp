// libFuzzer target: .axr bytes -> parse_grouped_rules (parse_rules, with axis groups) and each
// rule at its representative instance (group_rules_of), then each rule's two sides built at symbolic sizes
// (RuleSpec::build, as the verifier builds them) and at the sizes its conditions fix. No solver
// runs. Any input must either parse and build or be rejected with a one-line UserError naming the
// file; anything else (another exception, a crash, a sanitizer report, a timeout, a huge
// allocation) is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "axon/core/error.h"
#include "axon/semantics/groups.h"
#include "axon/semantics/rules.h"
#include "axon/semantics/verify.h"
#include "falsify.h"  // sem::build_rule, sem::fixed_sizes (semantics/, internal)

namespace {

[[noreturn]] void finding(const std::string& what) {
  std::fprintf(stderr, "fuzz_rules: %s\n", what.c_str());
  std::abort();
}

void check_message(const axon::UserError& e) {
  std::string m = e.what();
  if (m.find('\n') != std::string::npos) finding("message spans lines: " + m);
  if (m.rfind("fuzz.axr", 0) != 0) finding("message does not name the file: " + m);
}

// The sides as RuleSpec::build gives them, on inputs made at symbolic sizes.
void build_symbolic(const axon::RuleSpec& r) {
  axon::Context ctx;
  std::map<std::string, const axon::Node*> inputs;
  for (const auto& in : r.inputs) inputs[in.name] = ctx.input(in.name, in.dtype, in.shape);
  auto [lhs, rhs] = r.build(ctx, inputs, {});
  if (!lhs || !rhs) finding("rule '" + r.name + "' built a null side");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<axon::RuleSpec> rules;
  try {
    rules = axon::group_rules_of(axon::parse_grouped_rules(text, "fuzz.axr"));
  } catch (const axon::UserError& e) {
    check_message(e);
    return 0;
  } catch (const std::exception& e) {
    finding(std::string("parse_grouped_rules threw something other than UserError: ") + e.what());
  }
  for (const auto& r : rules) {
    try {
      build_symbolic(r);
    } catch (const axon::UserError& e) {
      std::string m = e.what();
      if (m.find('\n') != std::string::npos) finding("message spans lines: " + m);
    } catch (const std::exception& e) {
      finding("building rule '" + r.name + "' threw something other than UserError: " + e.what());
    }
    try {
      axon::sem::build_rule(r, axon::sem::fixed_sizes(r));
    } catch (const axon::UserError& e) {
      check_message(e);
    } catch (const std::exception& e) {
      finding("building rule '" + r.name + "' at its fixed sizes threw something other than UserError: " + e.what());
    }
  }
  return 0;
}
