// The rule corpus (rewrites/rules): every true rule PROVED, every false one REFUTED, every
// vacuous one VACUOUS, with both solvers; open rules never wrongly decided; and every true rule
// mutated (axes swapped, a term dropped, a constant changed, an op flipped) is never PROVED.
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <map>

#include "axon/core/error.h"
#include "axon/semantics/groups.h"
#include "axon/semantics/verify.h"
#include "solver_limits.h"

using namespace axon;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> files_in(const std::string& sub) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(std::string(AXON_SOURCE_DIR) + "/rewrites/rules/" + sub))
    if (e.path().extension() == ".axr") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// Solver-bound: the true, false and vacuous rules need the solvers' answers, so they get a
// deterministic solver limit and a generous wall clock (solver_limits.h). The tests that only
// require "never wrongly decided" set a short timeout of their own: load cannot break them.
VerifyOptions corpus_options() {
  VerifyOptions o = axon_test::verify_options();
  o.solver = SolverChoice::Both;
  return o;
}

void expect_all(const std::string& sub, Verdict want, const VerifyOptions& opts) {
  Verifier v(opts);
  int n = 0;
  for (const auto& f : files_in(sub)) {
    for (const auto& r : group_rules_of(load_grouped_rules(f))) {
      RuleResult res = v.verify(r);
      INFO(r.where << " " << r.name << ": " << verdict_name(res.verdict) << " (" << res.reason << ")");
      CHECK(res.verdict == want);
      ++n;
    }
  }
  std::cout << "corpus " << sub << ": " << n << " rules, all " << verdict_name(want) << " expected\n";
  CHECK(n > 0);
}

// ---- mutations -------------------------------------------------------------------------------

const std::map<std::string, std::string> kFlips = {
    {"add", "sub"}, {"sub", "add"}, {"mul", "div"}, {"div", "mul"}, {"max", "min"}, {"min", "max"},
    {"lt", "le"}, {"le", "lt"}, {"gt", "ge"}, {"ge", "gt"}, {"eq", "ne"}, {"ne", "eq"},
    {"reduce_sum", "reduce_mean"}, {"reduce_mean", "reduce_sum"}, {"reduce_max", "reduce_sum"},
    {"exp", "square"}, {"log", "neg"}, {"sqrt", "rsqrt"}, {"rsqrt", "sqrt"}, {"sigmoid", "tanh"},
    {"tanh", "sigmoid"}, {"relu", "abs"}, {"abs", "neg"}, {"square", "exp"}, {"neg", "abs"},
    {"silu", "sigmoid"}, {"matmul", "mul"}};

// Every single-point mutant of an expression.
void mutants(const RuleExpr& e, std::vector<RuleExpr>& out) {
  if (e.kind == RuleExpr::Kind::Number) {
    RuleExpr m = e;
    m.number = e.number + 1;
    out.push_back(m);
    return;
  }
  if (e.kind != RuleExpr::Kind::Call) return;
  if (auto it = kFlips.find(e.name); it != kFlips.end()) {  // flip the op
    RuleExpr m = e;
    m.name = it->second;
    out.push_back(m);
  }
  for (const auto& a : e.args)  // drop the op, keeping one operand
    if (a.kind != RuleExpr::Kind::Number) out.push_back(a);
  for (size_t i = 0; i < e.attrs.size(); ++i) {  // swap axes: shift an axis attribute
    const auto& [key, v] = e.attrs[i];
    if (key != "axis" && key != "axes" && key != "perm") continue;
    RuleExpr m = e;
    auto& mv = m.attrs[i].second;
    if (!mv.is_list) {
      mv.text = std::to_string(std::stoll(mv.text == "- 1" ? "-1" : mv.text) == 0 ? 1 : 0);
    } else if (!mv.items.empty()) {
      if (key == "perm") std::reverse(mv.items.begin(), mv.items.end());
      else mv.items[0] = mv.items[0] == "0" ? "1" : "0";
    }
    out.push_back(m);
  }
  for (size_t i = 0; i < e.args.size(); ++i) {  // or mutate inside an operand
    std::vector<RuleExpr> inner;
    mutants(e.args[i], inner);
    for (auto& x : inner) {
      RuleExpr m = e;
      m.args[i] = std::move(x);
      out.push_back(std::move(m));
    }
  }
}

}  // namespace

TEST_CASE("corpus: true rules are proved, with both solvers", "[corpus][slow]") {
  expect_all("true", Verdict::Proved, corpus_options());
}

TEST_CASE("corpus: false rules are refuted", "[corpus][slow]") {
  expect_all("false", Verdict::Refuted, corpus_options());
}

TEST_CASE("corpus: false rules are never proved by the solvers alone", "[corpus][slow]") {
  VerifyOptions o = corpus_options();
  o.falsify = false;  // the solver path on its own: refuted or unknown, never proved
  o.timeout_ms = 2000;
  Verifier v(o);
  int refuted = 0, unknown = 0;
  for (const auto& f : files_in("false")) {
    for (const auto& r : group_rules_of(load_grouped_rules(f))) {
      RuleResult res = v.verify(r);
      INFO(r.where << " " << r.name << ": " << verdict_name(res.verdict));
      CHECK(res.verdict != Verdict::Proved);
      CHECK(res.verdict != Verdict::Vacuous);
      (res.verdict == Verdict::Refuted ? refuted : unknown) += 1;
    }
  }
  std::cout << "false rules, solvers only: " << refuted << " refuted with a replayed model, "
            << unknown << " unknown, 0 proved\n";
}

TEST_CASE("corpus: vacuous rules are flagged", "[corpus]") {
  expect_all("vacuous", Verdict::Vacuous, corpus_options());
}

TEST_CASE("corpus: open rules are never refuted or vacuous", "[corpus][slow]") {
  VerifyOptions o = corpus_options();
  o.timeout_ms = 2000;
  Verifier v(o);
  for (const auto& f : files_in("open"))
    for (const auto& r : group_rules_of(load_grouped_rules(f))) {
      RuleResult res = v.verify(r);
      INFO(r.where << " " << r.name << ": " << verdict_name(res.verdict));
      CHECK((res.verdict == Verdict::Unknown || res.verdict == Verdict::Proved));
    }
}

// The mutation test over every other file of the true corpus (`part` of 2), so that its two
// halves run side by side (ctest: their own executable, not serial; their verdicts do not
// depend on timing: a mutant under load may only become UNKNOWN, which passes).
static void no_mutant_proved(size_t part, size_t parts, int min_killed) {
  VerifyOptions full = corpus_options();
  full.timeout_ms = 2000;
  VerifyOptions quick = full;  // random testing only: the solver has 1 ms
  quick.timeout_ms = 1;
  Verifier v(full), differ(quick);
  int made = 0, ill_formed = 0, equivalent = 0, killed = 0, unknown = 0;
  const std::vector<std::string> files = files_in("true");
  for (size_t fi = part; fi < files.size(); fi += parts) {
    const std::string& f = files[fi];
    GroupedRuleFile file = load_grouped_rules(f);
    for (const auto& rule : file.file.rules) {
      for (int side = 0; side < 2; ++side) {
        const RuleExpr& orig = side == 0 ? rule.lhs : rule.rhs;
        std::vector<RuleExpr> ms;
        mutants(orig, ms);
        if (ms.size() > 6) ms.resize(6);
        for (const auto& m : ms) {
          ++made;
          // Is the mutated side really different from the original side? Random testing
          // must show it (a mutant equal to the original is not a wrong rule).
          GroupedRuleFile probe = file;
          probe.file.rules = {rule};
          probe.file.rules[0].name = "probe";
          probe.file.rules[0].lhs = orig;
          probe.file.rules[0].rhs = m;
          RuleResult d;
          try {
            d = differ.verify(group_rules_of(probe)[0]);
          } catch (const UserError&) {
            ++ill_formed;  // shapes or attributes no longer fit
            continue;
          }
          if (d.verdict != Verdict::Refuted || d.cex->found_by != "falsifier") {
            ++equivalent;
            continue;
          }
          GroupedRuleFile mutated = file;
          mutated.file.rules = {rule};
          (side == 0 ? mutated.file.rules[0].lhs : mutated.file.rules[0].rhs) = m;
          RuleResult res = v.verify(group_rules_of(mutated)[0]);
          INFO(f << " " << rule.name << " mutant of side " << side << ": " << verdict_name(res.verdict));
          CHECK(res.verdict != Verdict::Proved);
          (res.verdict == Verdict::Refuted ? killed : unknown) += 1;
        }
      }
    }
  }
  std::cout << "mutants: " << made << " made, " << ill_formed << " ill-formed, " << equivalent
            << " not shown different from the original, " << killed << " refuted, " << unknown
            << " unknown, 0 proved\n";
  CHECK(killed > min_killed);
}

TEST_CASE("corpus: no mutant of a true rule is proved (odd files)", "[corpus][mutation][slow]") { no_mutant_proved(0, 2, 700); }
TEST_CASE("corpus: no mutant of a true rule is proved (even files)", "[corpus][mutation][slow]") { no_mutant_proved(1, 2, 350); }
