// A copy of the isa_specs tree in a temporary directory, for tests that edit the specs.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "axon/isa/spec.h"

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

