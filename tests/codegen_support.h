// Helpers shared by the kernel-generation tests (one test executable): the synthesized lowerings
// of a target, loaded once, and the nvcc to compile generated code with.
#pragma once

#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>

#include "axon/isa/spec.h"
#include "axon/search/superopt.h"
#include "axon/tiling/kernel.h"
#include "axon/tiling/measure.h"
#include "axon/tiling/runtime.h"

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

// The target's limits and rates as the configurations see them without a GPU (superopt's
// limits_for, from isa_specs/targets/<target>.target).
inline tiling::Limits target_limits(const std::string& target = "sm_90") { return tiling::target_limits(lowerings(target).isa->target); }
// ... without opting into more shared memory than the static 48 KiB: no wgmma tile fits, so the
// contractions are mma.sync (tests of mma.sync's configurations, and of code compiled for sm_90
// without the 'a' features).
inline tiling::Limits static_smem_limits(const std::string& target = "sm_90") {
  tiling::Limits L = target_limits(target);
  L.smem_dynamic = L.smem_per_block;
  return L;
}

// nvcc from the CUDA toolkit or PATH; empty when there is none (compile checks then skip).
inline std::string nvcc() {
  if (std::filesystem::exists("/usr/local/cuda/bin/nvcc")) return "/usr/local/cuda/bin/nvcc";
  return std::system("command -v nvcc > /dev/null 2>&1") == 0 ? "nvcc" : "";
}

// Compiles `source` with nvcc (`flags`: "-arch=sm_80", "-gencode arch=compute_90a,code=sm_90a")
// in a fresh temporary folder named after `tag`, removed afterwards: the exit status, nvcc's
// output (errors, and warnings such as ptxas's C7520: wgmma serialized), and with `ptx` the PTX
// instead of an object.
struct NvccRun {
  int rc = 0;
  std::string log, ptx;
};
inline NvccRun nvcc_run(const std::string& cc, const std::string& source, const std::string& flags, const std::string& tag,
                        bool ptx) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("axon_" + tag + "_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "k.cu") << source;
  const fs::path out = dir / (ptx ? "k.ptx" : "k.o");
  const std::string cmd = cc + " " + flags + (ptx ? " -ptx" : " -c") + " -o " + out.string() + " " + (dir / "k.cu").string() +
                          " > " + (dir / "k.log").string() + " 2>&1";
  NvccRun r;
  r.rc = std::system(cmd.c_str());
  std::stringstream lg, text;
  lg << std::ifstream(dir / "k.log").rdbuf();
  r.log = lg.str();
  if (ptx && r.rc == 0) {
    text << std::ifstream(out).rdbuf();
    r.ptx = text.str();
  }
  fs::remove_all(dir);
  return r;
}
inline NvccRun nvcc_compile(const std::string& cc, const std::string& source, const std::string& flags, const std::string& tag) {
  return nvcc_run(cc, source, flags, tag, false);
}

// A generated kernel compiles with NVRTC for `arch` (where NVRTC loads): what the runtime does.
inline void check_nvrtc_compiles(const tiling::KernelCode& k, const std::string& arch = "sm_90a") {
  if (!gpu::nvrtc_status().empty()) return;
  gpu::Compiled c = gpu::compile(k.source, arch, "");
  INFO(c.log.substr(0, 3000));
  CHECK(c.ok);
}

// Every consumer release of `ring`'s slots (an arrival on `ring + 8 * ...`) comes within three
// lines after a proxy fence: the warp read the slot through the generic proxy (ld.shared,
// ldmatrix) and the slot's next TMA copy writes through the async proxy (docs/attention.md, "A
// race in the f32 family"). Returns the number of releases checked.
inline size_t check_fenced_releases(const std::string& body, const std::string& ring) {
  const std::string arrive = "mbarrier.arrive.shared::cta.b64 _, [%0];\" :  : \"r\"(" + ring + " + 8 * ";
  size_t n = 0;
  for (size_t at = body.find(arrive); at != std::string::npos; at = body.find(arrive, at + 1), ++n) {
    size_t from = at;
    for (int l = 0; l < 4 && from != 0 && from != std::string::npos; ++l) from = body.rfind('\n', from - 1);
    if (from == std::string::npos) from = 0;
    INFO(body.substr(from, at - from));
    CHECK(body.substr(from, at - from).find("fence.proxy.async.shared::cta") != std::string::npos);
  }
  return n;
}

// Compiles generated sm_90a kernels (after the prelude of `low`) with nvcc when there is one:
// they must compile, and ptxas must not serialize any wgmma (its C7514, C7515, C7520 reports).
// Without nvcc the check is skipped with a warning.
// `no_spills`: ptxas keeps every kernel in registers (its --warn-on-spills reports none).
inline void check_sm90a(const tiling::Lowerings& low, const std::string& kernels, const std::string& tag, bool no_spills = false) {
  const std::string cc = nvcc();
  if (cc.empty()) {
    WARN("nvcc not found: compile check skipped");
    return;
  }
  const NvccRun r = nvcc_compile(cc, tiling::prelude(low) + "\n" + kernels,
                                 std::string("-gencode arch=compute_90a,code=sm_90a") + (no_spills ? " -Xptxas --warn-on-spills" : ""), tag);
  INFO(r.log.substr(0, 3000));
  CHECK(r.rc == 0);
  CHECK(r.log.find("wgmma.mma_async instructions are serialized") == std::string::npos);
  if (no_spills) {
    const size_t at = r.log.find("spilled");  // the kernel's name is in the lines before
    INFO((at == std::string::npos ? std::string() : r.log.substr(at < 1500 ? 0 : at - 1500, 1700)));
    CHECK(at == std::string::npos);
  }
}

// A candidate's contraction fields; for another family (the generic fallback among a contraction
// group's candidates) a contraction configuration's defaults: no tile, no option set.
inline const tiling::ContractionConfig& mm_fields(const tiling::TileConfig& c) {
  static const tiling::ContractionConfig none;
  const auto* m = c.get_if<tiling::ContractionConfig>();
  return m != nullptr ? *m : none;
}

// The attention kernels a timed search realized: at least one (not replaced by the fallback's
// parts), every attention configuration tried right; where none is left, the fallbacks' trials
// say why.
inline void check_attention_realized(const SuperoptResult& r) {
  int fused = 0;
  for (const VariantResult& vr : r.realized)
    for (const KernelResult& k : vr.kernels) {
      if (k.shape.strategy != tiling::Strategy::Attention) continue;
      ++fused;
      for (const ConfigTrial& t : k.trials) {
        INFO(t.config.str() << ": " << t.status << " " << t.detail);
        if (t.config.strategy() == tiling::Strategy::Attention) CHECK(t.status == "ok");
      }
    }
  std::string why;
  for (const VariantResult& vr : r.realized)
    for (const KernelFallback& f : vr.fallbacks) {
      why += "\n" + f.group + ": " + f.why;
      for (const ConfigTrial& t : f.trials)
        why += "\n  " + t.config.str() + ": " + t.status + " (worst " + std::to_string(t.worst) + ") " + t.detail;
    }
  INFO("fallbacks:" << why);
  CHECK(fused >= 1);
}

#ifdef AXON_BINARY
// The measuring worker's binary (AXON_BIN, else the one built) and the GPU it finds; nullopt,
// with a warning that the test is skipped, where there is no GPU or no NVRTC.
struct GpuHost {
  std::string self;
  gpu::Probe probe;
};
inline std::optional<GpuHost> gpu_or_skip() {
  const char* bin = std::getenv("AXON_BIN");
  GpuHost h{bin ? bin : AXON_BINARY, {}};
  h.probe = gpu::probe(h.self);
  if (!h.probe.ok || !gpu::nvrtc_status().empty()) {
    WARN("no GPU or NVRTC: skipped");
    return std::nullopt;
  }
  return h;
}
#endif

}  // namespace axon::test
