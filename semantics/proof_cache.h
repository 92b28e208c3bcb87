// The proof cache: PROVED results keyed by the full canonical text of a query and by the prover
// (axon's version and both solvers' versions), in memory and optionally in the persistent store
// (include/axon/core/store.h: SQLite, safe under concurrent processes and kill -9). Only proofs
// are kept: a verdict is never taken from a cache entry of another prover. Internal to semantics/.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace axon {

class Store;

class ProofCache {
 public:
  // `path` "": memory only. Throws UserError when the path cannot hold a store (core/store.h).
  explicit ProofCache(const std::string& path);
  ~ProofCache();
  ProofCache(const ProofCache&) = delete;
  ProofCache& operator=(const ProofCache&) = delete;
  std::optional<std::string> get(const std::string& query);
  // Records a proof; written to the store at once (one transaction).
  void put(const std::string& query, const std::string& reason);
  // "axon 0.1.0; z3 4.8.12; cvc5 1.0.3": what produced the proofs this cache records.
  [[nodiscard]] const std::string& prover() const { return prover_; }

 private:
  std::string prover_;
  std::unique_ptr<Store> store_;
  std::map<std::string, std::string> memory_;
};

}  // namespace axon
