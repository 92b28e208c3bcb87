// Helpers shared by the kernel-generation tests (one test executable): the synthesized lowerings
// of a target, loaded once, and the nvcc to compile generated code with.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>

#include "axon/isa/spec.h"
#include "axon/tiling/kernel.h"

namespace axon::test {

inline const tiling::Lowerings& lowerings(const std::string& target = "sm_90") {
  static std::map<std::string, tiling::Lowerings> cache;
  auto it = cache.find(target);
  if (it == cache.end()) {
    Isa isa = load_isa(default_isa_dir(), target);
    it = cache.emplace(target, tiling::load_lowerings(isa, tiling::default_lowerings_path(target))).first;
  }
  return it->second;
}

// nvcc from the CUDA toolkit or PATH; empty when there is none (compile checks then skip).
inline std::string nvcc() {
  if (std::filesystem::exists("/usr/local/cuda/bin/nvcc")) return "/usr/local/cuda/bin/nvcc";
  return std::system("command -v nvcc > /dev/null 2>&1") == 0 ? "nvcc" : "";
}

}  // namespace axon::test
