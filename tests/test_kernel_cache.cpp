// The compiled-kernel cache (tiling/runtime.cpp, gpu::compile with a cache directory): entries
// are written by a fresh temporary file renamed over the entry, so a symlink planted at the old
// predictable temporary name ("<entry>.tmp<pid>") or at the entry itself is never written
// through, and a FIFO at the entry does not block. NVRTC only (no GPU); skipped without it.
#include <catch2/catch.hpp>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "axon/tiling/runtime.h"

namespace fs = std::filesystem;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "axon_cache_test_XXXXXX").string();
    REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  return out;
}

}  // namespace

TEST_CASE("kernel cache: entries are replaced, never written through a planted symlink", "[codegen][cache]") {
  if (!axon::gpu::nvrtc_status().empty()) {
    WARN("NVRTC not available: " << axon::gpu::nvrtc_status());
    return;
  }
  TempDir tmp;
  const fs::path cache = tmp.path / "cache";
  const std::string source = "extern \"C\" __global__ void k(float* x) { x[threadIdx.x] = 1.0f; }\n";
  axon::gpu::Compiled first = axon::gpu::compile(source, "sm_90", cache.string());
  REQUIRE(first.ok);
  CHECK_FALSE(first.cached);
  // One entry and no temporary file left behind.
  std::vector<std::string> names = names_in(cache);
  REQUIRE(names.size() == 1);
  const fs::path entry = cache / names[0];
  CHECK(entry.extension() == ".cubin");
  axon::gpu::Compiled again = axon::gpu::compile(source, "sm_90", cache.string());
  CHECK(again.cached);
  CHECK(again.cubin == first.cubin);

  // Symlinks at the old temporary name and at the entry, to files outside the cache.
  fs::remove(entry);
  const fs::path victim_tmp = tmp.path / "victim_tmp", victim_entry = tmp.path / "victim_entry";
  fs::path old_tmp = entry;
  old_tmp += ".tmp" + std::to_string(::getpid());
  fs::create_symlink(victim_tmp, old_tmp);
  fs::create_symlink(victim_entry, entry);
  axon::gpu::Compiled third = axon::gpu::compile(source, "sm_90", cache.string());
  CHECK(third.ok);
  CHECK_FALSE(third.cached);
  CHECK_FALSE(fs::exists(victim_tmp));
  CHECK_FALSE(fs::exists(victim_entry));
  CHECK(fs::is_regular_file(fs::symlink_status(entry)));  // the symlink was replaced
  CHECK(fs::is_symlink(fs::symlink_status(old_tmp)));    // and the planted one left alone

  // A FIFO at the entry: a miss (not a read that blocks), then replaced by the new entry.
  fs::remove(entry);
  REQUIRE(::mkfifo(entry.c_str(), 0600) == 0);
  axon::gpu::Compiled fourth = axon::gpu::compile(source, "sm_90", cache.string());
  CHECK(fourth.ok);
  CHECK_FALSE(fourth.cached);
  CHECK(fs::is_regular_file(fs::symlink_status(entry)));
}
