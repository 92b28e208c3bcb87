#include "proof_cache.h"

#include <cstdio>
#include <fstream>
#include <sstream>

namespace axon {

ProofCache::ProofCache(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
  std::ifstream in(path_);
  std::string line;
  while (std::getline(in, line)) {
    auto tab = line.find('\t');
    if (tab != 16) continue;  // not ours: ignored
    try {
      entries_[std::stoull(line.substr(0, 16), nullptr, 16)] = line.substr(17);
    } catch (const std::exception&) {
    }
  }
}

ProofCache::~ProofCache() {
  try {
    save();
  } catch (...) {
  }
}

uint64_t ProofCache::hash(const std::string& key) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::optional<std::string> ProofCache::get(const std::string& key) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = entries_.find(hash(key));
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

void ProofCache::put(const std::string& key, const std::string& value) {
  std::lock_guard<std::mutex> lock(mu_);
  entries_[hash(key)] = value;
  dirty_ = true;
}

void ProofCache::save() {
  std::lock_guard<std::mutex> lock(mu_);
  if (path_.empty() || !dirty_) return;
  std::string tmp = path_ + ".tmp";
  {
    std::ofstream out(tmp);
    char buf[17];
    for (const auto& [h, v] : entries_) {
      std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
      out << buf << "\t" << v << "\n";
    }
    if (!out) return;
  }
  std::rename(tmp.c_str(), path_.c_str());
  dirty_ = false;
}

}  // namespace axon
