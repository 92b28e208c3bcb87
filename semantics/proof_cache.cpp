#include "proof_cache.h"

#include <chrono>

#include "axon/core/store.h"
#include "axon/semantics/solver.h"

namespace axon {

ProofCache::ProofCache(const std::string& path)
    : prover_(std::string("axon ") + AXON_VERSION + "; z3 " + smt::backend_version(smt::Backend::Z3) +
              "; cvc5 " + smt::backend_version(smt::Backend::CVC5)) {
  if (path.empty()) return;
  store_ = std::make_unique<Store>(path);
  store_->run(
      "CREATE TABLE IF NOT EXISTS proofs (query TEXT NOT NULL, prover TEXT NOT NULL, reason TEXT NOT NULL, "
      "created REAL NOT NULL, PRIMARY KEY (query, prover))");
}

ProofCache::~ProofCache() = default;

std::optional<std::string> ProofCache::get(const std::string& query) {
  if (auto it = memory_.find(query); it != memory_.end()) return it->second;
  if (!store_) return std::nullopt;
  auto rows = store_->run("SELECT reason FROM proofs WHERE query = ?1 AND prover = ?2", {query, prover_});
  if (rows.empty()) return std::nullopt;
  const auto& reason = std::get<std::string>(rows[0].at(0));
  memory_[query] = reason;
  return reason;
}

void ProofCache::put(const std::string& query, const std::string& reason) {
  memory_[query] = reason;
  if (!store_) return;
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  store_->run("INSERT OR REPLACE INTO proofs (query, prover, reason, created) VALUES (?1, ?2, ?3, ?4)",
              {query, prover_, reason, now});
}

}  // namespace axon
