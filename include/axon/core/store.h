// axon's persistent store: one SQLite database file (WAL journal) that holds the proof store
// (semantics/) and, in tables of their own, later stages' records (the tuning database). Safe
// under concurrent processes and kill -9 (every write is one SQLite transaction), refuses any
// path that is not a regular file or a missing one (symlinks, devices, FIFOs, directories), and
// refuses a file that holds something else rather than overwrite it. docs/cli.md, "The store".
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace axon {

class Store {
 public:
  using Value = std::variant<std::nullptr_t, int64_t, double, std::string>;
  using Row = std::vector<Value>;

  // Opens the store at `path`, creating it when missing. Throws UserError "<path>: <reason>" when
  // the path is not a regular file or a missing one, its folder does not exist, the file is not
  // an axon store, or it cannot be written.
  explicit Store(std::string path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Runs one SQL statement with parameters ?1..?n and returns its rows. A forked child opens a
  // connection of its own on first use (SQLite connections do not cross fork()). Waits while
  // another process writes. Throws UserError naming the path on any failure.
  std::vector<Row> run(const std::string& sql, const std::vector<Value>& params = {});
  // Runs `body` in one write transaction (BEGIN IMMEDIATE ... COMMIT; rolled back on a throw).
  void transaction(const std::function<void()>& body);
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  void* handle();  // this process's connection (sqlite3*)
  void open();
  void setup(const std::string& shown);  // the file's tables and journal (open, tried again while busy)
  std::string path_;
  void* db_ = nullptr;
  pid_t owner_ = 0;  // the process that opened db_
};

}  // namespace axon
