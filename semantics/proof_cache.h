// The proof cache: results keyed by the canonical text of a query, in memory and optionally in
// a file (one "<fnv64 hex>\t<reason>" line per proved query). Internal to semantics/.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace axon {

class ProofCache {
 public:
  explicit ProofCache(std::string path);
  ~ProofCache();
  ProofCache(const ProofCache&) = delete;
  ProofCache& operator=(const ProofCache&) = delete;
  std::optional<std::string> get(const std::string& key);
  void put(const std::string& key, const std::string& value);
  void save();

 private:
  static uint64_t hash(const std::string& key);
  std::string path_;
  std::mutex mu_;
  std::map<uint64_t, std::string> entries_;
  bool dirty_ = false;
};

}  // namespace axon
