// axon verify: the equivalence checker for rewrite rules (docs/verification.md).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>

#include "axon/core/error.h"
#include "axon/semantics/groups.h"
#include "axon/semantics/solver.h"
#include "axon/semantics/verify.h"
#include "cli.h"
#include "commands.h"

namespace axon::cli {

namespace {

struct VerifyArgs {
  std::vector<std::string> files;
  std::string solver = "both";
  bool cross_check = false;
  unsigned timeout_ms = 10000;
  std::string semantics = "reals";
  bool json = false;
  std::string cache;
  bool no_falsify = false;
  uint64_t seed = 1;
  std::vector<std::string> only;
  bool dump_smt = false;
  int group_rank = -1;  // -1: one representative axis per group (every rank)
};

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

nlohmann::json to_json(const RuleResult& r, const std::string& file, const std::vector<std::string>& groups) {
  nlohmann::json j{{"file", file}, {"rule", r.name}, {"line", r.line},
                   {"verdict", verdict_name(r.verdict)}, {"reason", r.reason},
                   {"seconds", r.seconds}, {"cached", r.cached}};
  if (!groups.empty()) {
    j["groups"] = groups;  // proved at one representative axis per group: for every rank
    j["every_rank"] = r.verdict == Verdict::Proved || r.verdict == Verdict::Vacuous;
  }
  if (!r.assumption.empty()) j["assumption"] = r.assumption;
  for (const auto& run : r.runs)
    j["solvers"].push_back({{"solver", run.solver}, {"result", run.result}, {"reason", run.reason},
                            {"seconds", run.seconds}, {"queries", run.queries}});
  if (r.cex) {
    nlohmann::json c{{"found_by", r.cex->found_by}, {"index", r.cex->index},
                     {"lhs", r.cex->lhs}, {"rhs", r.cex->rhs}};
    for (const auto& [k, v] : r.cex->sizes) c["sizes"][k] = v;
    for (const auto& [k, t] : r.cex->inputs) c["inputs"][k] = {{"shape", t.shape}, {"values", t.data}};
    j["counterexample"] = c;
  }
  return j;
}

int run_verify(const VerifyArgs& a, Streams io) {
  VerifyOptions opts;
  opts.solver = a.solver == "z3" ? SolverChoice::Z3 : a.solver == "cvc5" ? SolverChoice::CVC5 : SolverChoice::Both;
  opts.cross_check = a.cross_check;
  opts.timeout_ms = a.timeout_ms;
  opts.semantics = a.semantics == "f32" ? SemanticsMode::F32 : SemanticsMode::Reals;
  opts.cache_file = a.cache;
  opts.falsify = !a.no_falsify;
  opts.seed = a.seed;
  if (a.cross_check && opts.solver != SolverChoice::Both)
    throw UserError("--cross-check needs --solver both");

  // Every file is parsed before any rule is checked: bad input fails early (a rule whose sides
  // cannot be built fails when it is checked).
  std::vector<std::pair<std::string, std::vector<RuleSpec>>> work;
  std::map<std::string, std::vector<std::string>> groups;  // "file\nrule" -> the groups it uses
  bool graphs = a.files.size() == 2 && ends_with(a.files[0], ".json") && ends_with(a.files[1], ".json");
  for (const auto& f : a.files) {
    std::error_code ec;
    if (std::filesystem::is_directory(f, ec)) throw UserError(f + ": is a directory");
  }
  if (graphs) {
    work.emplace_back(a.files[0] + " vs " + a.files[1], rules_of_graphs(a.files[0], a.files[1]));
  } else {
    for (const auto& f : a.files) {
      if (ends_with(f, ".json"))
        throw UserError(f + ": graph files are compared in pairs: axon verify a.json b.json");
      const GroupedRuleFile g = load_grouped_rules(f);
      work.emplace_back(f, group_rules_of(g));  // first: it names the rule of a non-uniform use
      for (size_t i = 0; i < g.file.rules.size(); ++i) {
        const RuleDecl& r = g.file.rules[i];
        auto used = groups_of(g, r);
        if (used.empty()) continue;
        if (a.group_rank < 0) {
          groups[f + "\n" + r.name] = used;
          continue;
        }
        // --group-rank R: the instance with every group expanded into R axes, for the per-rank
        // prover (a check of the representative proof, not a proof for every rank).
        GroupRanks ranks;
        for (const auto& name : used) ranks[name] = a.group_rank;
        RuleSpec at = instantiate_rule(g, r, ranks);
        at.where += " (at rank " + std::to_string(a.group_rank) + ")";
        work.back().second[i] = std::move(at);
      }
    }
  }
  size_t count = 0;
  std::set<std::string> names;
  for (const auto& [file, rules] : work) {
    count += rules.size();
    for (const auto& rule : rules) names.insert(rule.name);
  }
  if (count == 0) throw UserError(a.files.front() + ": no rules to check");
  for (const std::string& n : a.only)
    if (!names.count(n)) throw UserError("--rule " + n + ": no rule of that name");
  Verifier verifier(opts);
  int proved = 0, refuted = 0, vacuous = 0, unknown = 0;
  nlohmann::json all = nlohmann::json::array();
  auto start = std::chrono::steady_clock::now();
  for (const auto& [file, rules] : work) {
    for (const auto& rule : rules) {
      if (!a.only.empty() && std::find(a.only.begin(), a.only.end(), rule.name) == a.only.end()) continue;
      RuleResult r = verifier.verify(rule);
      auto grp = groups.find(file + "\n" + rule.name);
      const std::vector<std::string> used = grp == groups.end() ? std::vector<std::string>{} : grp->second;
      switch (r.verdict) {
        case Verdict::Proved: ++proved; break;
        case Verdict::Refuted: ++refuted; break;
        case Verdict::Vacuous: ++vacuous; break;
        case Verdict::Unknown: ++unknown; break;
      }
      if (a.json) {
        all.push_back(to_json(r, file, used));
        continue;
      }
      io.out << std::left << std::setw(8) << verdict_name(r.verdict) << " " << rule.where << " "
             << r.name << "  " << std::fixed << std::setprecision(3) << r.seconds << " s";
      if (r.cached) io.out << " (cached)";
      for (const auto& run : r.runs) io.out << "  [" << run.solver << " " << run.result << " " << run.seconds << " s]";
      io.out << "\n";
      if (r.verdict != Verdict::Proved) io.out << "    " << r.reason << "\n";
      else if (r.reason != "for all sizes") io.out << "    " << r.reason << "\n";
      if (r.verdict == Verdict::Proved && !used.empty()) {
        std::string names;
        for (const auto& g : used) names += (names.empty() ? "" : ", ") + g;
        io.out << "    for every rank of group" << (used.size() > 1 ? "s " : " ") << names
               << " (proved with one representative axis per group)\n";
      }
      if (!r.assumption.empty()) io.out << "    " << r.assumption << "\n";
      if (r.cex) io.out << describe(*r.cex);
      if (a.dump_smt && !r.smtlib.empty()) io.out << "    final query (SMT-LIB):\n" << r.smtlib;
      io.out.unsetf(std::ios::fixed);
      io.out.flush();  // progress: one line per rule as it completes
    }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (a.json) {
    io.out << nlohmann::json{{"results", all},
                             {"summary", {{"proved", proved}, {"refuted", refuted}, {"vacuous", vacuous},
                                          {"unknown", unknown}, {"seconds", secs}}}}
                  .dump(2)
           << "\n";
  } else {
    io.out << "summary: " << proved << " proved, " << refuted << " refuted, " << vacuous
           << " vacuous, " << unknown << " unknown in " << std::setprecision(3) << secs << " s\n";
  }
  return refuted + vacuous + unknown == 0 ? kExitOk : kExitFailed;
}

}  // namespace

Runner add_verify(CLI::App& app, Streams io) {
  auto args = std::make_shared<VerifyArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Check rewrite rules for all sizes: FILE.axr ... (docs/rules-format.md), or a.json b.json.\n"
      "Each rule is PROVED, VACUOUS, REFUTED (with a counterexample) or UNKNOWN (with a reason).\n"
      "Exit 0 when every rule is proved, 1 otherwise, 2 for bad input.");
  cmd->add_option("files", args->files, "Rules files, or two graph.json files")->required();
  cmd->add_option("--solver", args->solver, "z3, cvc5, or both (run side by side)")
      ->check(CLI::IsMember({"z3", "cvc5", "both"}))
      ->capture_default_str();
  cmd->add_flag("--cross-check", args->cross_check,
                "With --solver both: a rule is proved only when both solvers prove it");
  cmd->add_option("--timeout-ms", args->timeout_ms, "Time limit per solver query")
      ->check(CLI::Range(1u, 3600000u))
      ->capture_default_str();
  cmd->add_option("--semantics", args->semantics,
                  "reals (for all sizes) or f32 (bit-exact IEEE binary32; sizes must be numbers)")
      ->check(CLI::IsMember({"reals", "f32"}))
      ->capture_default_str();
  cmd->add_option("--rule", args->only, "Check only the named rule (repeatable)");
  cmd->add_option("--cache", args->cache, "Keep proofs in this file across runs");
  cmd->add_flag("--no-falsify", args->no_falsify, "Skip random testing before the solvers");
  cmd->add_option("--seed", args->seed, "Seed of the random testing")->check(seed_number())->capture_default_str();
  cmd->add_flag("--json", args->json, "Print the results as JSON");
  cmd->add_flag("--dump-smt", args->dump_smt, "Print each rule's final SMT query (SMT-LIB 2)");
  cmd->add_option("--group-rank", args->group_rank,
                  "Check each group rule with every group expanded into this many axes, by the per-rank "
                  "prover, instead of once at one representative axis (which covers every rank)")
      ->check(CLI::Range(0, 8));
  return [args, io] { return run_verify(*args, io); };
}

}  // namespace axon::cli
