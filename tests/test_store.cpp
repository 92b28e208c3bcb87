// The persistent store (SQLite, WAL) and the proof cache on it: concurrent writers keep every
// proof, kill -9 loses no committed one, paths that are not regular files are refused and left
// as they are, entries of another prover are never used.
#include <catch2/catch.hpp>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "axon/core/error.h"
#include "axon/core/store.h"
#include "axon/semantics/verify.h"
#include "cli_support.h"
#include "proof_cache.h"  // semantics/, internal

using namespace axon;
using axon::test::TempDir;

namespace {

int64_t count(Store& s, const std::string& table) {
  return std::get<int64_t>(s.run("SELECT count(*) FROM " + table).at(0).at(0));
}

// Runs `body` in a forked child; the child's exit status is 0 when body returned normally.
pid_t in_child(const std::function<void()>& body) {
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int code = 0;
    try {
      body();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "child %d: %s\n", static_cast<int>(::getpid()), e.what());  // the test's log says why
      code = 1;
    } catch (...) {
      code = 1;
    }
    ::_exit(code);
  }
  return pid;
}

int wait_for(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

}  // namespace

TEST_CASE("store: four processes writing at once keep every proof", "[store]") {
  TempDir dir;
  const std::string path = (dir.path / "proofs.db").string();
  std::vector<pid_t> kids;
  for (int w = 0; w < 4; ++w)
    kids.push_back(in_child([&path, w] {
      ProofCache cache(path);
      for (int i = 0; i < 40; ++i) cache.put("query " + std::to_string(w) + "/" + std::to_string(i), "for all sizes");
    }));
  for (pid_t k : kids) CHECK(wait_for(k) == 0);
  Store s(path);
  CHECK(count(s, "proofs") == 160);
  ProofCache again(path);
  CHECK(again.get("query 3/39") == std::optional<std::string>("for all sizes"));
  CHECK_FALSE(again.get("query 4/0"));
}

TEST_CASE("store: kill -9 while writing loses no committed proof and leaves a sound file", "[store]") {
  TempDir dir;
  const std::string path = (dir.path / "proofs.db").string();
  int pipefd[2];
  REQUIRE(::pipe(pipefd) == 0);
  pid_t kid = in_child([&] {
    ::close(pipefd[0]);
    ProofCache cache(path);
    for (int32_t i = 0;; ++i) {
      cache.put("query " + std::to_string(i), "for all sizes");
      if (::write(pipefd[1], &i, sizeof i) != sizeof i) return;  // committed up to i
    }
  });
  ::close(pipefd[1]);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  ::kill(kid, SIGKILL);
  wait_for(kid);
  int32_t last = -1, i = 0;
  while (::read(pipefd[0], &i, sizeof i) == sizeof i) last = i;
  ::close(pipefd[0]);
  REQUIRE(last > 0);
  Store s(path);
  CHECK(std::get<std::string>(s.run("PRAGMA integrity_check").at(0).at(0)) == "ok");
  CHECK(count(s, "proofs") >= last + 1);
  ProofCache cache(path);
  for (int i = 0; i <= last; ++i) REQUIRE(cache.get("query " + std::to_string(i)));
}

TEST_CASE("store: only a regular file or a missing path, anything else is refused and left alone", "[store][cli]") {
  TempDir dir;
  CHECK_THROWS_WITH(Store("/dev/null"), Catch::Contains("/dev/null") && Catch::Contains("device"));
  struct stat st {};
  REQUIRE(::stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  // A symlink is not followed: its target keeps its bytes.
  const std::string target = dir.write("target.txt", "precious\n");
  const auto link = dir.path / "link.db";
  std::filesystem::create_symlink(target, link);
  CHECK_THROWS_WITH(Store(link.string()), Catch::Contains("symbolic link"));
  CHECK(std::filesystem::is_symlink(link));
  // A file holding something else is refused, not overwritten.
  CHECK_THROWS_WITH(Store(target), Catch::Contains("something else"));
  std::ifstream in(target);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == "precious\n");
  // Another program's SQLite database is refused too.
  {
    const std::string other = (dir.path / "other.db").string();
    REQUIRE(std::system(("sqlite3 " + other + " 'CREATE TABLE t (x)' 2>/dev/null || python3 -c \"import sqlite3; sqlite3.connect('" + other + "').execute('CREATE TABLE t (x)')\"").c_str()) == 0);
    CHECK_THROWS_WITH(Store(other), Catch::Contains("something else"));
  }
  CHECK_THROWS_WITH(Store(dir.path.string()), Catch::Contains("directory"));
  CHECK_THROWS_WITH(Store((dir.path / "missing" / "x.db").string()), Catch::Contains("no such directory"));
  if (std::filesystem::exists("/proc/version"))  // a regular file no one may write, not a store
    CHECK_THROWS(Store("/proc/version"));
  // Through the command line: one line, exit 2.
  std::string rules = dir.write("r.axr", "input x: f32[]\nr: neg(neg(x)) => x\n");
  auto r = axon::test::run({"verify", rules, "--cache", "/dev/null"});
  CHECK(r.code == kExitUser);
  CHECK(axon::test::lines(r.err) == 1);
}

TEST_CASE("store: a proof recorded by another prover or a truncated file is never used", "[store]") {
  TempDir dir;
  const std::string path = (dir.path / "proofs.db").string();
  {
    ProofCache cache(path);
    cache.put("q", "for all sizes");
    Store s(path);
    s.run("UPDATE proofs SET prover = 'axon 0.0.1; z3 4.8.0; cvc5 1.0.0'");
  }
  ProofCache later(path);
  CHECK_FALSE(later.get("q"));
  // Half a store: refused or unreadable, never read as proofs.
  for (int i = 0; i < 300; ++i) later.put("query " + std::to_string(i) + std::string(200, 'x'), "for all sizes");
  Store(path).run("PRAGMA wal_checkpoint(TRUNCATE)");
  const auto size = std::filesystem::file_size(path);
  REQUIRE(size > 8192);
  std::filesystem::resize_file(path, size / 2);
  bool refused = false;
  try {
    ProofCache cut(path);
    for (int i = 0; i < 300; ++i) cut.get("query " + std::to_string(i) + std::string(200, 'x'));
  } catch (const UserError& e) {
    refused = true;
  }
  CHECK(refused);
}
