// The docs name what exists: every repository path in backticks in README.md, docs/*.md and the
// folders' README.md files is there, and the rule corpus's size that README.md states is the
// number of rules in rewrites/rules/; its sweep figures are benchmarks/sweep/SUMMARY.md's.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "axon/semantics/groups.h"
#include "axon/semantics/rules.h"
#include "axon/semantics/verify.h"

namespace fs = std::filesystem;

namespace {

const fs::path kRoot = AXON_SOURCE_DIR;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text outside fenced blocks (their paths are examples: `out/`, graphs being written).
std::string prose(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  bool fenced = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      fenced = !fenced;
      continue;
    }
    if (!fenced) out += line + "\n";
  }
  return out;
}

// README.md, docs/*.md, and each top-level folder's README.md (relative to the root).
std::vector<std::string> doc_files() {
  std::vector<std::string> out{"README.md"};
  for (const auto& e : fs::directory_iterator(kRoot / "docs"))
    if (e.path().extension() == ".md") out.push_back("docs/" + e.path().filename().string());
  for (const auto& e : fs::directory_iterator(kRoot))
    if (e.is_directory() && fs::exists(e.path() / "README.md")) out.push_back(e.path().filename().string() + "/README.md");
  std::sort(out.begin(), out.end());
  return out;
}

// Placeholders the docs name on purpose (a file to write).
const std::set<std::string> kPlaceholders = {"isa_specs/targets/sm_XX.target", "ptx/NEW.isa"};

int rules_in(const std::string& sub) {
  int n = 0;
  for (const auto& e : fs::directory_iterator(kRoot / "rewrites" / "rules" / sub))
    if (e.path().extension() == ".axr") n += static_cast<int>(axon::group_rules_of(axon::load_grouped_rules(e.path().string())).size());
  return n;
}

}  // namespace

// A path is a backticked word with a '/' whose first part is an entry of the repository's root
// (`tiling/configs.cpp`, `benchmarks/graphs/`), or, in a folder's README, of that folder
// (`ptx/bits.isa`); in a folder's README a bare file name with a source extension
// (`configs.cpp`) is the folder's file. Words with spaces, patterns (* < > { } $) or URLs are not
// paths.
TEST_CASE("docs: every repository path they name exists", "[docs]") {
  std::set<std::string> top;
  for (const auto& e : fs::directory_iterator(kRoot)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("build", 0) != 0 && name != ".git") top.insert(name);  // build folders hold outputs, not sources
  }
  const std::regex ticked("`([^`\\n]+)`");
  const std::regex bare_file(R"([A-Za-z0-9_.\-]+\.(cpp|h|md|json|axr|isa|target|sh|py|txt|cu))");
  int checked = 0;
  for (const std::string& doc : doc_files()) {
    // A folder's README names the folder's files by their names alone; docs/*.md do not.
    const fs::path dir = fs::path(doc).filename() == "README.md" ? fs::path(doc).parent_path() : fs::path();
    const std::string text = prose(read(kRoot / doc));
    for (auto it = std::sregex_iterator(text.begin(), text.end(), ticked); it != std::sregex_iterator(); ++it) {
      std::string w = (*it)[1].str();
      if (w.find_first_of(" *<>{}$?[]|=,;()") != std::string::npos || w.find("://") != std::string::npos) continue;
      while (!w.empty() && (w.back() == ':' || w.back() == '.')) w.pop_back();
      if (w.empty() || kPlaceholders.count(w)) continue;
      const size_t slash = w.find('/');
      fs::path where;
      if (slash != std::string::npos && slash > 0) {
        const std::string first = w.substr(0, slash);
        if (top.count(first)) where = kRoot / w;
        else if (!dir.empty() && fs::exists(kRoot / dir / first)) where = kRoot / dir / w;
        else continue;  // not a repository path: `out/`, `~/.cache/axon/kernels`
      } else if (slash == std::string::npos && !dir.empty() && std::regex_match(w, bare_file)) {
        where = fs::exists(kRoot / dir / w) ? kRoot / dir / w : kRoot / w;
      } else {
        continue;
      }
      ++checked;
      INFO(doc << " names `" << (*it)[1].str() << "`");
      CHECK(fs::exists(where));
    }
  }
  CHECK(checked >= 100);
}

// README.md: "a corpus of N proved and M refuted rules in `rewrites/rules/`": N the rules of
// rewrites/rules/true/, M those of rewrites/rules/false/.
TEST_CASE("docs: README's corpus counts are the rules in rewrites/rules", "[docs]") {
  const std::string text = read(kRoot / "README.md");
  std::smatch m;
  REQUIRE(std::regex_search(text, m, std::regex(R"(a\s+corpus\s+of\s+(\d+)\s+proved\s+and\s+(\d+)\s+refuted\s+rules)")));
  CHECK(std::stoi(m[1].str()) == rules_in("true"));
  CHECK(std::stoi(m[2].str()) == rules_in("false"));
}

// README.md's sweep figures ("all N graphs measured", "geomean G over", "K below 0.9x") are
// benchmarks/sweep/SUMMARY.md's (its "**all**" row and its "Below 0.9x (K)" line), which
// summarize.py writes from the runs: the prose cannot drift from the table it quotes.
TEST_CASE("docs: README's sweep figures are benchmarks/sweep/SUMMARY.md's", "[docs]") {
  const std::string readme = read(kRoot / "README.md"), summary = read(kRoot / "benchmarks/sweep/SUMMARY.md");
  std::smatch all, below, r;
  REQUIRE(std::regex_search(summary, all, std::regex(R"(\|\s*\*\*all\*\*\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*([\d.]+)x)")));
  REQUIRE(std::regex_search(summary, below, std::regex(R"(Below 0\.9x \((\d+)\))")));
  REQUIRE(std::regex_search(readme, r, std::regex(R"(all\s+(\d+)\s+graphs\s+measured[^]*?geomean\s+([\d.]+)x[^]*?(\d+)\s+below\s+0\.9x)")));
  CHECK(r[1].str() == all[2].str());  // measured
  CHECK(r[2].str() == all[4].str());  // geomean
  CHECK(r[3].str() == below[1].str());
}
