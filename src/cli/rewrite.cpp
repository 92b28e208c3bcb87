// axon rewrite: rewrite discovery by operator propagation (docs/rewrites.md); lists the proven
// variants of a graph, ranked by the cost model, and writes one out with --emit.
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/graph_json.h"
#include "axon/rewrites/rewrite.h"
#include "axon/isa/spec.h"
#include "axon/search/cost_model.h"
#include "axon/search/superopt.h"
#include "cli.h"
#include "commands.h"

namespace axon::cli {

namespace {

struct RewriteArgs {
  std::string graph;
  std::vector<std::string> binds;
  std::string target = "sm_90";
  int max_variants = 3000, max_depth = 5, beam = 64, top = 10;
  double budget = 120;
  std::string solver = "both";
  unsigned timeout_ms = 2000;  // local rules are small: most proofs take milliseconds
  std::string cache;
  uint64_t seed = 1;
  bool no_stability = false, json = false, quiet = false;
  int emit = -1, show = -1;
  std::string out;
};

std::string fmt(double v, int prec = 3) {
  std::ostringstream os;
  os << std::setprecision(prec) << v;
  return os.str();
}

nlohmann::json move_json(const Variant& v) {
  const MoveRecord& m = v.move;
  return {{"kind", move_kind_name(m.kind)}, {"what", m.what}, {"rule", m.rule},
          {"verdict", verdict_name(m.proof.verdict)}, {"reason", m.proof.reason},
          {"seconds", m.proof.seconds}, {"cached", m.proof.cached}};
}

int run_rewrite(const RewriteArgs& a, Streams io) {
  const TargetModel target = target_model(a.target);
  Bindings bind = parse_binds(a.binds);
  Graph g = load_bound_graph(a.graph, bind);
  if (a.emit >= 0 && a.json) throw UserError("--emit and --json: choose one");
  if (!a.out.empty() && a.emit < 0) throw UserError("-o " + a.out + ": only with --emit ID");

  VerifyOptions vo;
  vo.solver = a.solver == "z3" ? SolverChoice::Z3 : a.solver == "cvc5" ? SolverChoice::CVC5 : SolverChoice::Both;
  vo.timeout_ms = a.timeout_ms;
  vo.cache_file = a.cache;
  vo.seed = a.seed;
  Verifier verifier(vo);
  ExploreOptions eo;
  eo.max_variants = a.max_variants;
  eo.max_depth = a.max_depth;
  eo.beam = a.beam;
  eo.budget_s = a.budget;
  eo.check_stability = !a.no_stability;
  eo.seed = a.seed;
  eo.jobs = default_prove_jobs();
  if (!a.quiet) eo.progress = [&io](const std::string& line) { io.err << "axon rewrite: " << line << "\n" << std::flush; };
  std::map<const Node*, CostEstimate> costs;  // by the first output node: variants differ there
  // Ranked as superopt ranks: attention kernels the target cannot run counted as their parts.
  const Isa isa = load_isa(default_isa_dir(), a.target);
  auto cost_of = [&](const Graph& gv) { return runnable_cost(gv, target, &isa, bind); };
  VariantSet vs = explore(g, eo, [&verifier](const RuleSpec& r) { return verifier.verify(r); },
                          [&](const Graph& gv) { return cost_of(gv).time_us; });
  const ExploreStats& st = vs.stats;

  if (a.emit >= 0) {
    if (a.emit >= static_cast<int>(vs.variants.size()))
      throw UserError("--emit " + std::to_string(a.emit) + ": no such variant (found " +
                      std::to_string(vs.variants.size()) + ", ids 0.." + std::to_string(vs.variants.size() - 1) + ")");
    std::string text = print_graph(vs.graph_of(a.emit));
    if (a.out.empty()) {
      io.out << text << "\n";
    } else {
      write_file_atomic(a.out, text + "\n");
      io.err << "axon rewrite: wrote variant " << a.emit << " to " << a.out << "\n";
    }
    return kExitOk;
  }

  auto ranked = vs.ranked();
  std::map<int, int> rank_of;
  for (size_t i = 0; i < ranked.size(); ++i) rank_of[ranked[i]->id] = static_cast<int>(i) + 1;

  if (a.json) {
    nlohmann::json j;
    j["graph"] = a.graph;
    j["target"] = a.target;
    j["stats"] = {{"candidates", st.candidates}, {"duplicates", st.duplicates}, {"ill_typed", st.ill_typed},
                  {"proved", st.proved}, {"refuted", st.refuted}, {"unknown", st.unknown},
                  {"vacuous", st.vacuous}, {"distinct_rules", st.distinct_rules}, {"unstable", st.unstable},
                  {"stability_checks", st.stability_checks},
                  {"kept", st.kept}, {"budget_hit", st.budget_hit}, {"seconds", st.seconds},
                  {"prove_seconds", st.prove_seconds}};
    for (const Variant& v : vs.variants) {
      CostEstimate c = cost_of(vs.graph_of(v.id));
      nlohmann::json jv{{"id", v.id}, {"parent", v.parent}, {"depth", v.depth},
                        {"rank", rank_of.count(v.id) ? nlohmann::json(rank_of[v.id]) : nlohmann::json(nullptr)},
                        {"cost", {{"time_us", c.time_us}, {"kernels", c.kernels}, {"flops", c.flops},
                                  {"bytes", c.bytes}, {"assumed_sizes", c.assumed_sizes}}},
                        {"stability", {{"checked", v.stability.checked}, {"stable", v.stability.stable},
                                       {"error", v.stability.error}, {"baseline_error", v.stability.baseline_error},
                                       {"worst", v.stability.worst}}}};
      jv["moves"] = nlohmann::json::array();
      for (const Variant* p : vs.path_of(v.id)) jv["moves"].push_back(move_json(*p));
      j["variants"].push_back(jv);
    }
    j["rejected"] = nlohmann::json::array();
    for (const Rejection& r : vs.rejected)
      j["rejected"].push_back({{"from", r.variant}, {"kind", move_kind_name(r.move.kind)}, {"what", r.move.what},
                               {"rule", r.move.rule}, {"verdict", verdict_name(r.move.proof.verdict)},
                               {"reason", r.move.proof.reason}});
    io.out << j.dump(2) << "\n";
    return kExitOk;
  }

  io.out << "axon rewrite: " << (g.name.empty() ? a.graph : g.name) << ", target " << target.name << "\n"
         << "  " << st.kept << " variants (" << st.stability_checks << " checked for stability, the best and those expanded; "
         << st.unstable << " unstable, not used) from " << st.candidates
         << " candidate moves: " << st.proved << " proved, " << st.refuted << " refuted, " << st.unknown
         << " unknown, " << st.ill_typed << " not generalizable, " << st.duplicates << " duplicates; "
         << st.distinct_rules << " distinct local rules sent to the prover (" << fmt(st.prove_seconds)
         << " s); " << fmt(st.seconds) << " s in all" << (st.budget_hit ? " (budget reached)" : "") << "\n\n";
  if (cost_of(g).assumed_sizes)
    io.out << "  (the cost model assumes 1024 for sizes without --bind)\n";
  if (a.show >= static_cast<int>(vs.variants.size())) throw UserError("--show " + std::to_string(a.show) + ": no such variant");
  io.out << "  rank  variant  depth   est. time   kernels      GFLOP        MB  last move\n";
  for (size_t i = 0; i < ranked.size() && static_cast<int>(i) < a.top; ++i) {
    const Variant& v = *ranked[i];
    CostEstimate c = cost_of(vs.graph_of(v.id));
    io.out << "  " << std::setw(4) << i + 1 << "  " << std::setw(7) << v.id << "  " << std::setw(5) << v.depth
           << "  " << std::setw(8) << fmt(c.time_us, 4) << " us  " << std::setw(8) << c.kernels << "  "
           << std::setw(9) << fmt(c.flops / 1e9, 4) << "  " << std::setw(8) << fmt(c.bytes / 1e6, 4) << "  "
           << (v.id == 0 ? "(original)" : v.move.what) << "\n";
  }
  int show = a.show >= 0 ? a.show : (ranked.empty() ? 0 : ranked.front()->id);
  io.out << "\n  variant " << show;
  if (show == 0) io.out << ": the original graph\n";
  else io.out << ": stability " << vs.variants[show].stability.worst << "\n";
  int k = 0;
  for (const Variant* p : vs.path_of(show)) {
    io.out << "    " << ++k << ". " << p->move.what << "   " << verdict_name(p->move.proof.verdict)
           << (p->move.proof.cached ? " (same rule as an earlier move)" : " in " + fmt(p->move.proof.seconds) + " s")
           << "\n       rule: " << p->move.rule << "\n";
  }
  io.out << "\n  write a variant with: axon rewrite " << a.graph << " --emit ID -o variant.json\n";
  return kExitOk;
}

}  // namespace

Runner add_rewrite(CLI::App& app, Streams io) {
  auto args = std::make_shared<RewriteArgs>();
  CLI::App* cmd = app.add_subcommand(
      "rewrite",
      "Discover rewrites of a graph by operator propagation; each move is admitted only when\n"
      "proved for all sizes (docs/rewrites.md). Lists the variants ranked by the cost model.");
  cmd->add_option("graph", args->graph, "graph.json")->required();
  add_bind_option(*cmd, args->binds);
  cmd->add_option("--target", args->target, "GPU target for the cost model (sm_80, sm_90)")->capture_default_str();
  cmd->add_option("--max-variants", args->max_variants, "Stop after this many variants")
      ->check(CLI::Range(1, 100000))->capture_default_str();
  cmd->add_option("--max-depth", args->max_depth, "Longest chain of moves")->check(CLI::Range(0, 64))->capture_default_str();
  cmd->add_option("--beam", args->beam, "Variants expanded per depth, best first")->check(CLI::Range(1, 100000))->capture_default_str();
  cmd->add_option("--budget", args->budget, "Time budget in seconds")->check(finite_number())->check(CLI::Range(0.0, 86400.0))->capture_default_str();
  cmd->add_option("--solver", args->solver, "z3, cvc5, or both")->check(CLI::IsMember({"z3", "cvc5", "both"}))->capture_default_str();
  cmd->add_option("--timeout-ms", args->timeout_ms, "Time limit per solver query")->check(CLI::Range(1u, 3600000u))->capture_default_str();
  cmd->add_option("--cache", args->cache, "Keep proofs in this file across runs");
  cmd->add_option("--seed", args->seed, "Seed of the random testing and stability inputs")->check(seed_number())->capture_default_str();
  cmd->add_flag("--no-stability", args->no_stability, "Skip the numerical-stability guard (variants are then not checked)");
  cmd->add_option("--top", args->top, "Variants listed")->check(CLI::Range(1, 100000))->capture_default_str();
  cmd->add_option("--show", args->show, "Print the moves and proofs of this variant (default: the best)")->check(CLI::Range(0, 1000000));
  cmd->add_flag("--json", args->json, "Print everything as JSON");
  cmd->add_option("--emit", args->emit, "Write this variant as graph.json (to -o, or stdout)")->check(CLI::Range(0, 1000000));
  cmd->add_option("-o,--output", args->out, "File for --emit")->check(non_empty());
  cmd->add_flag("-q,--quiet", args->quiet, "No progress lines on stderr");
  return [args, io] { return run_rewrite(*args, io); };
}

}  // namespace axon::cli
