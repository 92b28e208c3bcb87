// axon synth: instruction synthesis from the ISA specs (docs/synthesis.md).
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/synth/synth.h"
#include "cli.h"
#include "commands.h"

namespace axon::cli {

namespace {

struct SynthArgs {
  std::string target = "sm_90", op, expr, dtype, isa_dir, emit, emit_check, json_out;
  bool json = false, quiet = false;
  int max_instrs = 2;
  unsigned timeout_ms = 10000, packed_timeout_ms = 300000;
};

std::string sequence(const Lowering& l) {
  std::string s;
  for (const auto& st : l.steps) s += (s.empty() ? "" : "; ") + st.instr->name;
  return s.empty() ? "(no instruction)" : s;
}

// "f32", or "bf16<-f32" for a cast.
std::string type_column(const Lowering& l) {
  const std::string pair = l.op == "pack" ? "x2" : "";
  return std::string(dtype_name(l.dtype)) + pair + (l.cast ? "<-" + std::string(dtype_name(l.source)) + pair : std::string());
}

std::string sci(double v) {
  std::ostringstream os;
  os << std::setprecision(2) << v;
  return os.str();
}

int run_synth(const SynthArgs& a, Streams io) {
  const Isa isa = load_isa(a.isa_dir.empty() ? default_isa_dir() : a.isa_dir, a.target);
  VerifyOptions vo;
  vo.timeout_ms = a.timeout_ms;
  Verifier verifier(vo);
  ProveFn prove = [&verifier](const RuleSpec& r) { return verifier.verify(r); };
  SynthOptions so;
  so.max_instrs = a.max_instrs;
  so.timeout_ms = a.timeout_ms;
  const auto start = std::chrono::steady_clock::now();
  std::vector<Lowering> lowerings;
  if (!a.op.empty() && !a.expr.empty()) throw UserError("--op and --expr: give one");
  if (!a.expr.empty()) {
    std::vector<DType> types{DType::f32, DType::bf16};
    if (!a.dtype.empty()) {
      auto t = parse_dtype(a.dtype);
      if (!t || !is_float(*t)) throw UserError("--dtype: '" + a.dtype + "' is not a float dtype");
      types = {*t};
    }
    for (DType t : types) lowerings.push_back(synthesize_expr(isa, a.expr, t, so, prove));
  } else if (!a.op.empty()) {
    std::vector<DType> types{DType::f32, DType::bf16};
    if (!a.dtype.empty()) {
      auto t = parse_dtype(a.dtype);
      if (!t || !is_float(*t)) throw UserError("--dtype: '" + a.dtype + "' is not a float dtype");
      types = {*t};
    }
    if (a.op == "cast") {
      for (auto [from, to] : float_casts())
        if (a.dtype.empty() || to == types[0]) lowerings.push_back(synthesize_cast(isa, from, to, so));
    } else if (a.op == "packed") {  // the packed pairs alone (below)
    } else if (a.op == "pack") {
      if (!a.dtype.empty() && types[0] == DType::f32) throw UserError("--op pack: --dtype is the pair's type, bf16 or f16");
      for (DType t : {DType::bf16, DType::f16})
        if (a.dtype.empty() || t == types[0]) lowerings.push_back(synthesize_pack(isa, t, so));
    } else if (std::find(scalar_ops().begin(), scalar_ops().end(), a.op) != scalar_ops().end()) {
      for (DType t : types) lowerings.push_back(synthesize_op(isa, a.op, t, so, prove));
    } else if (auto why = not_a_target_reason(a.op)) {
      Lowering l;
      l.op = a.op;
      l.why_not = *why;
      lowerings.push_back(l);
    } else {
      std::string known;
      for (const auto& o : scalar_ops()) known += (known.empty() ? "" : ", ") + o;
      throw UserError("--op: '" + a.op + "' is not an op of the graph format (instruction-level ops: " + known + "; and cast, pack)");
    }
  } else {
    lowerings = synthesize_all(isa, so, prove, [&](const Lowering& l) {
      if (!a.quiet && !a.json && (!l.steps.empty() || l.cast))
        io.err << "axon synth: " << l.op << " (" << type_column(l) << ") " << (l.found ? "done" : "not found") << " in "
               << sci(l.search_seconds + l.proof_seconds) << " s\n" << std::flush;
    });
  }
  // Packed pairs: a fixed catalog (synthesize_packed_catalog), each proof under its own limit.
  std::vector<PackedLowering> packed;
  if ((a.op.empty() && a.expr.empty()) || a.op == "packed")
    packed = synthesize_packed_catalog(isa, a.packed_timeout_ms, [&](const PackedLowering& p) {
      if (!a.quiet && !a.json)
        io.err << "axon synth: packed " << p.expression << " (" << dtype_name(p.out) << "x2) " << (p.instr ? "done" : "not found") << " in "
               << sci(p.seconds) << " s\n" << std::flush;
    });
  std::vector<WarpReduction> warps;
  std::vector<FragmentProof> frags;
  std::vector<LayoutProof> layouts;
  if (a.op.empty() && a.expr.empty()) {
    for (Reducer r : {Reducer::Sum, Reducer::Max})
      for (bool all : {true, false}) warps.push_back(synthesize_warp_reduction(isa, r, all, a.timeout_ms));
    frags = prove_fragments(isa, a.timeout_ms);
    layouts = prove_layouts(isa, a.timeout_ms);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  int failed = 0;
  for (const auto& l : lowerings) failed += !l.found && (!l.steps.empty() || l.cast);
  for (const auto& w : warps) failed += w.proof != "PROVED";
  for (const auto& f : frags) failed += f.proof != "PROVED";
  for (const auto& l : layouts) failed += l.proof != "PROVED";

  if (!a.emit.empty()) {
    std::ostringstream f;
    f << "// Generated by axon synth --target " << a.target << " from isa_specs/. Each function is a\n"
      << "// proved lowering of one op (docs/synthesis.md).\n#pragma once\n#include <cuda_runtime.h>\n\n";
    for (const auto& l : lowerings)
      if (l.found) f << emit_cuda(l) << "\n";
    for (const auto& w : warps)
      if (w.proof == "PROVED") f << w.cuda << "\n";
    write_file_atomic(a.emit, f.str());
  }
  if (!a.emit_check.empty()) {
    write_file_atomic(a.emit_check, emit_check_program(lowerings, warps));
  }
  if (a.json || !a.json_out.empty()) {
    nlohmann::json j{{"target", a.target}, {"seconds", secs}};
    for (const auto& l : lowerings) {
      nlohmann::json s = nlohmann::json::array();
      for (const auto& st : l.steps) s.push_back({{"instr", st.instr->name}, {"args", st.args}, {"out", st.out}});
      j["ops"].push_back({{"op", l.op}, {"dtype", dtype_name(l.dtype)}, {"cast", l.cast}, {"source", dtype_name(l.source)},
                          {"found", l.found}, {"why_not", l.why_not},
                          {"steps", s}, {"inputs", l.inputs}, {"result", l.result}, {"constants", l.constants}, {"cost", l.cost}, {"error_bound", l.error_bound},
                          {"measured_error", l.measured_error}, {"expression", l.expression}, {"proof", l.proof},
                          {"search_seconds", l.search_seconds}, {"proof_seconds", l.proof_seconds},
                          {"candidates", l.candidates}});
    }
    j["packed"] = nlohmann::json::array();
    for (const auto& p : packed) {
      std::vector<std::string> in;
      for (DType t : p.in) in.emplace_back(dtype_name(t));
      j["packed"].push_back({{"expression", p.expression}, {"inputs", in}, {"dtype", dtype_name(p.out)},
                             {"instr", p.instr ? p.instr->name : ""}, {"order", p.order}, {"proof", p.instr ? p.proof : ""},
                             {"why_not", p.why_not}, {"seconds", p.seconds}, {"candidates", p.candidates}});
    }
    for (const auto& w : warps) {
      nlohmann::json s = nlohmann::json::array();
      for (const auto& [i, c] : w.steps) s.push_back({{"instr", i->name}, {"imm", c}});
      j["warp_reductions"].push_back({{"reducer", w.reducer == Reducer::Sum ? "sum" : "max"}, {"all_lanes", w.all_lanes},
                                      {"steps", s}, {"proof", w.proof}, {"seconds", w.seconds}});
    }
    for (const auto& f : frags)
      j["fragments"].push_back({{"instr", f.instr}, {"fragment", f.fragment}, {"rows", f.rows}, {"cols", f.cols},
                                {"regs", f.regs}, {"threads", f.threads}, {"proof", f.proof}, {"seconds", f.seconds}});
    for (const auto& l : layouts)
      j["layouts"].push_back({{"instr", l.instr}, {"layout", l.layout}, {"rows", l.rows}, {"bytes", l.bytes}, {"proof", l.proof}, {"seconds", l.seconds}});
    if (!a.json_out.empty()) {
      write_file_atomic(a.json_out, j.dump(2) + "\n");
    }
    if (a.json) {
      io.out << j.dump(2) << "\n";
      return failed ? kExitFailed : kExitOk;
    }
  }
  io.out << "axon synth: target " << isa.target.target << " (" << isa.target.name << "), " << isa.instrs.size()
         << " instructions from the specs\n\n";
  io.out << std::left << std::setw(11) << "op" << std::setw(15) << "dtype" << std::setw(8) << "cost" << std::setw(9)
         << "bound" << std::setw(9) << "emul." << std::setw(9) << "time s" << "sequence / proof\n";
  for (const auto& l : lowerings) {
    if (l.steps.empty() && !l.found && l.result.empty() && !l.cast) {
      io.out << std::setw(26) << l.op << "  -- " << l.why_not << "\n";
      continue;
    }
    io.out << std::setw(11) << l.op << std::setw(15) << type_column(l) << std::setw(8) << l.cost << std::setw(9)
           << sci(l.error_bound) << std::setw(9) << sci(l.measured_error) << std::setw(9)
           << sci(l.search_seconds + l.proof_seconds) << sequence(l) << "   " << (l.found ? l.proof : l.why_not) << "\n";
  }
  if (!packed.empty()) io.out << "\npacked pairs (one lanewise instruction on both halves of 32-bit pairs):\n";
  for (const auto& p : packed)
    io.out << "  " << std::setw(56) << p.expression + " (" + std::string(dtype_name(p.out)) + "x2)" << " "
           << (p.instr ? p.instr->name + "   " + p.proof : "-- " + p.why_not) << " (" << sci(p.seconds) << " s)\n";
  if (!warps.empty()) io.out << "\nwarp reductions (shfl.sync trees):\n";
  for (const auto& w : warps) {
    io.out << "  " << (w.reducer == Reducer::Sum ? "sum" : "max") << (w.all_lanes ? " to every lane: " : " to lane 0:     ");
    for (const auto& [i, c] : w.steps) io.out << i->name << " " << c << "; ";
    io.out << "  " << w.proof << " (" << sci(w.seconds) << " s, " << w.candidates << " candidates)\n";
  }
  if (!frags.empty()) io.out << "\ntensor-core fragments ((lane, reg) -> (row, col) is a bijection onto the tile):\n";
  for (const auto& f : frags)
    io.out << "  " << f.instr << " " << f.fragment << " " << f.rows << "x" << f.cols << " over " << f.threads
           << " threads x " << f.regs << " regs: " << f.proof << "\n";
  if (!layouts.empty()) io.out << "\nshared-memory layouts ((row, byte) -> offset is a bijection keeping 16-byte chunks whole):\n";
  for (const auto& l : layouts)
    io.out << "  " << l.instr << " " << l.layout << " " << l.rows << "x" << l.bytes << " bytes: " << l.proof << " (" << sci(l.seconds) << " s)\n";
  bool any = !warps.empty() || !packed.empty();
  for (const auto& l : lowerings) any = any || l.found || l.cast || !l.steps.empty();
  io.out << "\n" << (failed ? std::to_string(failed) + " not proved; " : any ? "all proved; " : "nothing to synthesize; ")
         << "total " << sci(secs) << " s\n";
  return failed ? kExitFailed : kExitOk;
}

}  // namespace

Runner add_synth(CLI::App& app, Streams io) {
  auto args = std::make_shared<SynthArgs>();
  CLI::App* cmd = app.add_subcommand(
      "synth",
      "Synthesize each op's instruction sequence from the ISA specs (docs/synthesis.md): the\n"
      "cheapest sequence proved equal to the op, within the dtype's tolerance; warp reductions;\n"
      "tensor-core fragment maps; shared-memory layouts (TMA's and wgmma's swizzle). Exit 0 when\n"
      "everything found is proved.");
  cmd->add_option("--target", args->target, "sm_80 or sm_90 (isa_specs/targets)")->capture_default_str();
  cmd->add_option("--op", args->op, "Only this op (default: every op of the graph format); cast and pack: the float conversions; packed: the packed pairs")
      ->check(CLI::Validator([](std::string& v) { return v.empty() ? std::string("expected an op name") : std::string(); }, "NAME"));
  cmd->add_option("--expr", args->expr, "A small fused expression instead of an op, over 1 to 3 named inputs: \"exp(x - m)\"")
      ->check(CLI::Validator(
          [](std::string& v) {
            return v.find_first_not_of(" \t") == std::string::npos ? std::string("expected an expression")
                   : v.size() > 200                             ? std::string("expressions are at most 200 characters")
                                                                 : std::string();
          },
          "EXPR"));
  cmd->add_option("--dtype", args->dtype, "With --op: f32, bf16 or f16 (default f32 and bf16)");
  cmd->add_option("--max-instrs", args->max_instrs, "Instructions per enumerated window")
      ->check(CLI::Range(1, 6))->capture_default_str();
  cmd->add_option("--timeout-ms", args->timeout_ms, "Time limit per solver query")->check(CLI::Range(1u, 3600000u))->capture_default_str();
  cmd->add_option("--packed-timeout-ms", args->packed_timeout_ms, "Time limit per solver query of the packed pairs (--op packed)")
      ->check(CLI::Range(1u, 3600000u))->capture_default_str();
  cmd->add_option("--isa-dir", args->isa_dir, "The isa_specs directory (default: the one axon was built with)")->check(non_empty());
  cmd->add_option("--emit", args->emit, "Write the lowerings as CUDA C++ (a header) to this file")->check(non_empty());
  cmd->add_option("--emit-check", args->emit_check,
                  "Write a CUDA program that checks every lowering on the GPU against float64 (nvcc -arch=sm_90 FILE)")
      ->check(non_empty());
  cmd->add_flag("--json", args->json, "Print everything as JSON");
  cmd->add_option("--json-out", args->json_out,
                  "Also write the JSON to this file (the regenerable cache of lowerings, synth/cache/)")
      ->check(non_empty());
  cmd->add_flag("-q,--quiet", args->quiet, "No progress lines");
  return [args, io] { return run_synth(*args, io); };
}

}  // namespace axon::cli
