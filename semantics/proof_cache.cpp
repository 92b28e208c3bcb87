#include "proof_cache.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "axon/core/error.h"

namespace axon {

ProofCache::ProofCache(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
  // The file is rewritten on save: one that is not a proof cache is refused, not overwritten.
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec)) throw UserError(path_ + ": is a directory, not a proof cache file");
  const std::filesystem::path parent = std::filesystem::path(path_).parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent, ec)) throw UserError(path_ + ": no such directory for the proof cache");
  std::ifstream in(path_);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    bool ours = line.size() > 17 && line.find('\t') == 16;
    if (ours) {
      try {
        size_t used = 0;
        const uint64_t h = std::stoull(line.substr(0, 16), &used, 16);
        ours = used == 16;
        if (ours) entries_[h] = line.substr(17);
      } catch (const std::exception&) {
        ours = false;
      }
    }
    if (!ours) throw UserError(path_ + ":" + std::to_string(number) + ": not a line of a proof cache; give --cache a file of its own");
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
