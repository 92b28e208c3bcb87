// `axon library merge` (docs/library.md, "Workers, shards, MPI"): tuning entries and proofs of
// one store copied into another, the entry created last winning.
#include <string>

#include "axon/core/error.h"
#include "axon/core/store.h"
#include "axon/search/library.h"
#include "axon/search/tuning_store.h"

namespace axon {

int merge_tuning_stores(const std::string& into, const std::string& from) {
  // Opening through TuningStore creates the tunings table where it is missing (and refuses a
  // file that is not an axon store, core/store.h).
  { TuningStore create_into(into), create_from(from); }
  Store src(from), dst(into);
  const auto rows = src.run("SELECT key, graph, env, budget, total_us, entry, created FROM tunings ORDER BY key");
  // The proof table, where the source has one: created alike in the destination.
  const auto proof_schema = src.run("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'proofs'");
  std::vector<Store::Row> proofs;
  size_t proof_columns = 0;
  if (!proof_schema.empty()) {
    proofs = src.run("SELECT * FROM proofs");
    if (!proofs.empty()) proof_columns = proofs[0].size();
  }
  int taken = 0;
  dst.transaction([&] {
    for (const Store::Row& r : rows) {
      const auto have = dst.run("SELECT created FROM tunings WHERE key = ?1", {r.at(0)});
      auto number = [](const Store::Value& v) {
        if (const auto* d = std::get_if<double>(&v)) return *d;
        if (const auto* i = std::get_if<int64_t>(&v)) return static_cast<double>(*i);
        return 0.0;
      };
      if (!have.empty() && number(have[0].at(0)) >= number(r.at(6))) continue;
      dst.run("INSERT OR REPLACE INTO tunings (key, graph, env, budget, total_us, entry, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
              {r.at(0), r.at(1), r.at(2), r.at(3), r.at(4), r.at(5), r.at(6)});
      ++taken;
    }
    if (!proof_schema.empty()) {
      std::string sql = std::get<std::string>(proof_schema[0].at(0));
      // "CREATE TABLE proofs" -> "CREATE TABLE IF NOT EXISTS proofs"
      if (sql.rfind("CREATE TABLE ", 0) == 0 && sql.find("IF NOT EXISTS") == std::string::npos) sql.insert(13, "IF NOT EXISTS ");
      dst.run(sql);
      if (proof_columns > 0) {
        std::string insert = "INSERT OR IGNORE INTO proofs VALUES (";
        for (size_t c = 0; c < proof_columns; ++c) insert += (c ? ", ?" : "?") + std::to_string(c + 1);
        insert += ")";
        for (const Store::Row& p : proofs) dst.run(insert, p);
      }
    }
  });
  return taken;
}

}  // namespace axon
