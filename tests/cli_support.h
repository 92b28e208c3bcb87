// The `axon` command line run in-process for tests: its exit code and both streams; temporary
// directories.
#pragma once

#include <catch2/catch.hpp>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace axon::test {

struct Result {
  int code;
  std::string out, err;
};

inline Result run(std::vector<std::string> args) {
  args.insert(args.begin(), "axon");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  int code = axon::run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
  return {code, out.str(), err.str()};
}

inline const std::string kExample = AXON_SOURCE_DIR "/examples/rmsnorm_matmul.json";

// A fresh temporary directory, removed at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "axon_cli_test_XXXXXX").string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::string p = (path / name).string();
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

inline size_t lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace axon::test
