#include "axon/core/store.h"

#include <errno.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "axon/core/error.h"
#include "axon/core/files.h"

namespace axon {

namespace {

constexpr const char* kFormat = "axon-store-1";
constexpr int kBusyMs = 60000;  // how long a step waits for another process's lock

std::string not_regular(mode_t m) {
  if (S_ISLNK(m)) return "is a symbolic link; the store must be a regular file (or a missing path)";
  if (S_ISDIR(m)) return "is a directory, not a store file";
  if (S_ISFIFO(m)) return "is a FIFO, not a store file";
  if (S_ISCHR(m) || S_ISBLK(m)) return "is a device, not a store file";
  return "is not a regular file";
}

sqlite3* db_of(void* p) { return static_cast<sqlite3*>(p); }

// SQLITE_BUSY that the busy timeout did not cover (Store::open tries those steps again).
struct StoreBusy : UserError {
  using UserError::UserError;
};

}  // namespace

Store::Store(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw UserError("store: empty path");
  open();
}

Store::~Store() {
  if (db_ && owner_ == ::getpid()) sqlite3_close_v2(db_of(db_));
}

void* Store::handle() {
  // A connection must not be used in a process other than the one that opened it; the child's
  // copy is left alone (closing it could disturb the parent's locks) and a new one is opened.
  if (owner_ != ::getpid()) {
    db_ = nullptr;
    open();
  }
  return db_;
}

void Store::open() {
  const std::string shown = shown_path(path_);
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) throw UserError(shown + ": " + not_regular(st.st_mode));
  } else if (errno != ENOENT) {
    throw UserError(shown + ": " + std::strerror(errno));
  } else {
    std::error_code ec;
    const auto parent = std::filesystem::path(path_).parent_path();
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
      throw UserError(shown + ": no such directory for the store");
  }
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX;
  if (sqlite3_open_v2(path_.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string why = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close_v2(db);
    throw UserError(shown + ": cannot open the store: " + why);
  }
  db_ = db;
  owner_ = ::getpid();
  sqlite3_busy_timeout(db, kBusyMs);  // other processes' writes are short
  // Other processes may open the new file at the same moment: SQLite answers some of the steps
  // below with SQLITE_BUSY at once, the busy timeout notwithstanding (changing the journal mode,
  // a read transaction that must become a write one). Every step is idempotent: the whole setup
  // is tried again, for as long as the busy timeout.
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyMs);
  for (int tries = 0;; ++tries) {
    try {
      setup(shown);
      return;
    } catch (const StoreBusy&) {
      if (std::chrono::steady_clock::now() > until) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(5 + 5 * std::min(tries, 9)));
    }
  }
}

void Store::setup(const std::string& shown) {
  // What the file holds: an axon store (axon_meta says its format), a new empty database, or
  // something else, which is refused and left as it is.
  std::vector<Row> tables;
  try {
    tables = run("SELECT name FROM sqlite_master WHERE type = 'table'");
  } catch (const StoreBusy&) {
    throw;
  } catch (const UserError&) {
    throw UserError(shown + ": holds something else (not an axon store); give the store a file of its own");
  }
  bool has_meta = false;
  for (const Row& r : tables) has_meta = has_meta || std::get<std::string>(r.at(0)) == "axon_meta";
  if (!tables.empty() && !has_meta)
    throw UserError(shown + ": is a database of something else (not an axon store); give the store a file of its own");
  if (!has_meta) {
    // Also proves the file can be written: a store that would silently keep nothing is refused.
    transaction([this] {
      run("CREATE TABLE IF NOT EXISTS axon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
      run("INSERT OR IGNORE INTO axon_meta (key, value) VALUES ('format', ?1)", {std::string(kFormat)});
    });
  }
  auto format = run("SELECT value FROM axon_meta WHERE key = 'format'");
  if (format.empty() || format[0].at(0) != Value(std::string(kFormat)))
    throw UserError(shown + ": is an axon store of another format (expected " + kFormat + ")");
  // WAL: readers and one writer at a time across processes; a kill -9 loses no committed write.
  auto mode = run("PRAGMA journal_mode = WAL");
  if (mode.empty() || mode[0].at(0) != Value(std::string("wal")))
    throw UserError(shown + ": the store cannot be written (its journal cannot be created)");
  run("PRAGMA synchronous = NORMAL");
  if (has_meta) transaction([] {});  // the file and its journal can be written
}

std::vector<Store::Row> Store::run(const std::string& sql, const std::vector<Value>& params) {
  sqlite3* db = db_of(handle());
  auto fail = [&](const std::string& what) {
    return UserError(shown_path(path_) + ": store: " + what + ": " + sqlite3_errmsg(db));
  };
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &st, nullptr) != SQLITE_OK) throw fail("query");
  struct Finalize {
    sqlite3_stmt* st;
    ~Finalize() { sqlite3_finalize(st); }
  } finalize{st};
  for (size_t i = 0; i < params.size(); ++i) {
    const int k = static_cast<int>(i) + 1;
    const Value& v = params[i];
    int rc = SQLITE_OK;
    if (std::holds_alternative<std::nullptr_t>(v)) rc = sqlite3_bind_null(st, k);
    else if (const auto* n = std::get_if<int64_t>(&v)) rc = sqlite3_bind_int64(st, k, *n);
    else if (const auto* d = std::get_if<double>(&v)) rc = sqlite3_bind_double(st, k, *d);
    else {
      const auto& s = std::get<std::string>(v);
      rc = sqlite3_bind_text(st, k, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    }
    if (rc != SQLITE_OK) throw fail("binding a value");
  }
  std::vector<Row> rows;
  for (;;) {
    const int rc = sqlite3_step(st);
    if (rc == SQLITE_DONE) break;
    if ((rc & 0xff) == SQLITE_BUSY) throw StoreBusy(fail("step").what());
    if (rc != SQLITE_ROW) throw fail("step");
    Row row;
    for (int c = 0; c < sqlite3_column_count(st); ++c) {
      switch (sqlite3_column_type(st, c)) {
        case SQLITE_INTEGER: row.emplace_back(static_cast<int64_t>(sqlite3_column_int64(st, c))); break;
        case SQLITE_FLOAT: row.emplace_back(sqlite3_column_double(st, c)); break;
        case SQLITE_NULL: row.emplace_back(nullptr); break;
        default: {
          const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(st, c));
          row.emplace_back(std::string(p ? p : "", static_cast<size_t>(sqlite3_column_bytes(st, c))));
        }
      }
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

void Store::transaction(const std::function<void()>& body) {
  run("BEGIN IMMEDIATE");
  try {
    body();
    run("COMMIT");
  } catch (...) {
    try {
      run("ROLLBACK");
    } catch (const UserError&) {
    }
    throw;
  }
}

}  // namespace axon
