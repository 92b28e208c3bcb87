#include "tuning.h"

#include <sys/stat.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/graph_json.h"

#ifndef AXON_VERSION
#define AXON_VERSION "0.0.0"
#endif

namespace axon::cli {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string default_store_path() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/axon/store.db";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/axon/store.db";
  return "";
}

namespace {
// The f32 matmuls' mode beyond --allow-tf32's bit (keys of the exact mode stay as they were).
std::string f32_key(tiling::F32Matmul m) { return m == tiling::F32Matmul::Tf32x3 ? "; f32 tf32x3" : ""; }
}  // namespace

std::string tuning_key(const Graph& g, const SuperoptOptions& o) {
  std::ostringstream k;
  k << print_graph(g, 0) << "\ntarget " << o.target << "; seed " << o.seed << "; variants " << o.variants << "; configs " << o.configs
    << "; config-match " << json(o.config_match).dump() << "; allow-tf32 " << (o.f32 == tiling::F32Matmul::Tf32) << f32_key(o.f32) << "; max-variants "
    << o.explore.max_variants << "; timeout " << o.timeout_s;
  // Kernels generated with a runtime size are other kernels (keys without it stay as they were).
  if (!o.runtime_size.empty()) k << "; runtime-size " << o.runtime_size;
  if (!o.runtime_time_at.empty()) {  // another runtime winner
    k << "; runtime-time-at";
    for (int64_t n : o.runtime_time_at) k << " " << n;
  }
  return k.str();
}

namespace {

// The toolkit axon was built with, and the build of the axon executable `exe`: its version and
// the file's size and time (a rebuilt axon may generate other kernels at the same version number).
void set_build(TuningEnv& e, const std::string& exe) {
#ifdef AXON_CUDA_VERSION
  e.cuda = AXON_CUDA_VERSION;
#else
  e.cuda = "none";
#endif
  e.axon = AXON_VERSION;
  struct stat st {};
  if (::stat(exe.c_str(), &st) == 0)
    e.axon += " (build " + std::to_string(st.st_size) + "-" + std::to_string(static_cast<long long>(st.st_mtime)) + ")";
}

}  // namespace

TuningEnv untimed_env(const std::string& exe) {
  TuningEnv e;
  e.gpu = "none (cost model)";
  e.driver = "none";
  e.nvrtc = "none";
  set_build(e, exe);
  return e;
}

TuningEnv current_env(const gpu::Probe& p, const std::string& exe) {
  TuningEnv e;
  std::ostringstream gpu;
  gpu << p.props.name << " (sm_" << p.props.sm << ", " << p.props.sm_count << " SMs, " << p.props.total_mem / (1 << 20) << " MiB)";
  e.gpu = gpu.str();
  e.driver = std::to_string(p.props.driver_version);
  e.nvrtc = gpu::nvrtc_version();
  set_build(e, exe);
  return e;
}

TuningEntry entry_of(const std::string& out_dir, fs::file_time_type since, const std::vector<std::string>& lines,
                     const SuperoptResult& r, const SuperoptOptions& o) {
  TuningEntry e;
  const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
  e.total_us = best.total_us;
  e.budget_s = o.budget_s;
  e.arch = o.target;
  for (const KernelResult& k : best.kernels)
    if (!k.code.arch_suffix.empty()) e.arch = o.target + k.code.arch_suffix;
  for (const auto& d : fs::directory_iterator(out_dir)) {
    const std::string name = d.path().filename().string();
    if (!d.is_regular_file() || d.is_symlink() || name.empty() || name[0] == '.' || name == "nvcc.log" ||
        (name.rfind("libaxon_", 0) == 0 && d.path().extension() == ".so") || d.last_write_time() < since)
      continue;
    e.files[name] = read_input_file(d.path().string(), size_t{1} << 28, "tuning entry");
  }
  for (const std::string& l : lines)
    if (l.rfind("built ", 0) != 0 && l.rfind("nvcc failed", 0) != 0 && l.rfind("no nvcc found", 0) != 0) e.lines.push_back(l);
  return e;
}

std::vector<std::string> replay(const TuningEntry& e, const std::string& out_dir, const std::string& store,
                                const std::string& graph_name) {
  for (const auto& [name, text] : e.files) {
    if (name.empty() || name[0] == '.' || name.find('/') != std::string::npos || name.find('\0') != std::string::npos)
      throw UserError(store + ": tuning entry of graph '" + graph_name + "': file name '" + name + "' is not a plain file name");
    std::string content = text;
    if (name == "report.json") {
      json rep = json::parse(text, nullptr, false);
      if (rep.is_discarded()) throw UserError(store + ": tuning entry of graph '" + graph_name + "': report.json is not JSON");
      rep["replayed"] = {{"store", store}, {"tuned_at", e.created}, {"budget_s", e.budget_s}, {"env", e.env.fields()}};
      content = rep.dump(2) + "\n";
    }
    write_file_atomic((fs::path(out_dir) / name).string(), content);
  }
  std::vector<std::string> lines = e.lines;
  bool built = false;
  lines.insert(lines.begin(), build_launcher_library(out_dir, launcher_name(graph_name), e.arch, &built));
  return lines;
}

}  // namespace axon::cli
