// Every example in the docs runs: fenced blocks are tagged by what they hold (```json a graph,
// ```axr a rules file, ```isa / ```target ISA spec text, ```console axon commands, ```error the
// message of the ```json example made wrong as the text says; ```python blocks are checked by
// python/tests/test_docs_python.py). Untagged or ```text blocks are
// pictures and synopses. A new tag without a check here fails this test.
#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "axon/isa/spec.h"
#include "cli_support.h"

using namespace axon;
using axon::test::TempDir;

namespace {

struct Block {
  std::string file, tag, text;
  int line = 0;
};

std::vector<Block> blocks_of(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::vector<Block> out;
  std::string line;
  int n = 0;
  std::optional<Block> open;
  while (std::getline(in, line)) {
    ++n;
    if (line.rfind("```", 0) == 0) {
      if (open) {
        out.push_back(*open);
        open.reset();
      } else {
        open = Block{path, line.substr(3), "", n};
      }
      continue;
    }
    if (open) open->text += line + "\n";
  }
  return out;
}

std::vector<Block> all_blocks() {
  const std::filesystem::path root = AXON_SOURCE_DIR;
  std::vector<std::string> files{(root / "README.md").string(), (root / "examples/README.md").string()};
  for (const auto& e : std::filesystem::directory_iterator(root / "docs"))
    if (e.path().extension() == ".md") files.push_back(e.path().string());
  std::vector<Block> out;
  for (const auto& f : files)
    for (auto& b : blocks_of(f)) out.push_back(std::move(b));
  return out;
}

std::vector<std::string> words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> w;
  for (std::string x; in >> x;) w.push_back(x);
  return w;
}

}  // namespace

TEST_CASE("docs: every example runs", "[docs][cli]") {
  const std::set<std::string> pictures{"", "text", "sh"};  // sh: the README's two commands (CI runs them)
  std::vector<Block> blocks = all_blocks();
  REQUIRE(blocks.size() >= 8);
  std::string graph_example;
  int checked = 0;
  TempDir dir;
  for (const Block& b : blocks) {
    INFO(b.file << ":" << b.line << " ```" << b.tag);
    if (pictures.count(b.tag)) continue;
    ++checked;
    if (b.tag == "json") {
      graph_example = b.text;
      auto r = axon::test::run({"check", dir.write("graph.json", b.text)});
      INFO(r.err);
      CHECK(r.code == kExitOk);
    } else if (b.tag == "axr") {
      auto r = axon::test::run({"verify", dir.write("example.axr", b.text), "--timeout-ms", "120000"});
      INFO(r.out << r.err);
      CHECK(r.code == kExitOk);  // every rule of an example is PROVED
    } else if (b.tag == "isa") {
      CHECK_NOTHROW(parse_instructions(b.text, b.file));
      CHECK(parse_instructions(b.text, b.file).size() == 1);
    } else if (b.tag == "target") {
      CHECK_NOTHROW(parse_target(b.text, b.file));
    } else if (b.tag == "console") {
      std::istringstream lines(b.text);
      for (std::string line; std::getline(lines, line);) {
        auto w = words(line);
        if (w.empty()) continue;
        REQUIRE(w[0] == "axon");
        w.erase(w.begin());
        for (auto& a : w)
          if (a.find('/') != std::string::npos && std::filesystem::exists(std::string(AXON_SOURCE_DIR) + "/" + a))
            a = std::string(AXON_SOURCE_DIR) + "/" + a;
        auto r = axon::test::run(w);
        INFO(line << "\n" << r.err);
        CHECK(r.code == kExitOk);
      }
    } else if (b.tag == "error") {
      // graph-format.md's message: its example with rmsnorm's axis 3, in a file named graph.json.
      REQUIRE_FALSE(graph_example.empty());
      std::string bad = std::regex_replace(graph_example, std::regex(R"("axis": -1)"), R"("axis": 3)");
      REQUIRE(bad != graph_example);
      auto r = axon::test::run({"check", dir.write("graph.json", bad)});
      CHECK(r.code == kExitUser);
      std::string want = b.text.substr(0, b.text.find('\n'));
      CHECK_THAT(r.err, Catch::Contains(want.substr(want.find(':'))));
    } else if (b.tag == "python") {
      // python/tests/test_docs_python.py parses these and checks the names they use.
      --checked;
    } else {
      FAIL("a docs block tagged ```" << b.tag << " that no check here runs: tag it text, or add its check");
    }
  }
  CHECK(checked >= 6);
}
