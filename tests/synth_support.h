// Shared by the synthesis tests: the sm_90 ISA, a lowering's instruction names, and a copy of
// the isa_specs tree in a temporary directory for tests that edit the specs.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "axon/isa/spec.h"
#include "axon/synth/synth.h"
#include "solver_limits.h"

inline const axon::Isa& sm90() {
  static axon::Isa isa = axon::load_isa(axon::default_isa_dir(), "sm_90");
  return isa;
}
inline const axon::Isa& sm80() {
  static axon::Isa isa = axon::load_isa(axon::default_isa_dir(), "sm_80");
  return isa;
}

// Synthesis options whose cast and pack proofs have a deterministic solver limit (solver_limits.h).
inline axon::SynthOptions test_synth_options() {
  axon::SynthOptions o;
  o.timeout_ms = axon_test::kSafetyTimeoutMs;
  o.resource_limit = axon_test::kResourceLimit;
  return o;
}

// "mul.rn.f32 ex2.approx.ftz.f32"
inline std::string names(const axon::Lowering& l) {
  std::string s;
  for (const auto& st : l.steps) s += (s.empty() ? "" : " ") + st.instr->name;
  return s;
}

// A copy of the isa_specs tree in a temporary directory, to edit.
struct SpecCopy {
  std::filesystem::path dir;
  SpecCopy() {
    dir = std::filesystem::temp_directory_path() / ("axon_isa_" + std::to_string(::getpid()) + "_" + std::to_string(rand()));
    std::filesystem::copy(axon::default_isa_dir(), dir, std::filesystem::copy_options::recursive);
  }
  ~SpecCopy() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  void append(const std::string& file, const std::string& text) const {
    std::ofstream(dir / "ptx" / file, std::ios::app) << text;
  }
  void remove_instruction(const std::string& file, const std::string& name) const {
    std::ifstream in(dir / "ptx" / file);
    std::stringstream out;
    std::string line;
    bool skipping = false;
    while (std::getline(in, line)) {
      if (line.rfind("instruction ", 0) == 0) skipping = line == "instruction " + name;
      if (!skipping) out << line << "\n";
    }
    in.close();
    std::ofstream(dir / "ptx" / file) << out.str();
  }
};

