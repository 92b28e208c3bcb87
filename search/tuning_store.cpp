#include "axon/search/tuning_store.h"

#include <chrono>
#include <nlohmann/json.hpp>

#include "axon/core/error.h"
#include "axon/core/store.h"

namespace axon {

using json = nlohmann::json;

std::map<std::string, std::string> TuningEnv::fields() const {
  return {{"gpu", gpu}, {"driver", driver}, {"nvrtc", nvrtc}, {"cuda", cuda}, {"axon", axon}};
}

std::string TuningEnv::difference(const TuningEnv& now) const {
  const auto was = fields(), is = now.fields();
  for (const auto& [k, v] : was)
    if (is.at(k) != v) return k + " " + (v.empty() ? "?" : v) + " -> " + (is.at(k).empty() ? "?" : is.at(k));
  return "";
}

TuningStore::TuningStore(const std::string& path) : store_(std::make_unique<Store>(path)) {
  store_->run(
      "CREATE TABLE IF NOT EXISTS tunings (key TEXT PRIMARY KEY, graph TEXT NOT NULL, env TEXT NOT NULL, "
      "budget REAL NOT NULL, total_us REAL NOT NULL, entry TEXT NOT NULL, created REAL NOT NULL)");
}

TuningStore::~TuningStore() = default;

const std::string& TuningStore::path() const { return store_->path(); }

TuningStore::Lookup TuningStore::find(const std::string& key, const TuningEnv& now, double budget_s) {
  Lookup out;
  auto rows = store_->run("SELECT entry FROM tunings WHERE key = ?1", {key});
  if (rows.empty()) return out;
  try {
    const json j = json::parse(std::get<std::string>(rows[0].at(0)));
    TuningEntry& e = out.entry;
    e.files = j.at("files").get<std::map<std::string, std::string>>();
    e.lines = j.at("lines").get<std::vector<std::string>>();
    e.arch = j.at("arch").get<std::string>();
    e.total_us = j.at("total_us").get<double>();
    e.budget_s = j.at("budget_s").get<double>();
    e.created = j.at("created").get<double>();
    const json& v = j.at("env");
    e.env = {v.at("gpu"), v.at("driver"), v.at("nvrtc"), v.at("cuda"), v.at("axon")};
  } catch (const std::exception& ex) {
    // Written by another version, or damaged: searched again and replaced.
    out.status = Status::Stale;
    out.why = std::string("the entry cannot be read (") + ex.what() + ")";
    return out;
  }
  if (std::string d = out.entry.env.difference(now); !d.empty()) {
    out.status = Status::Stale;
    out.why = d;
  } else if (out.entry.budget_s + 1e-9 < budget_s) {
    out.status = Status::ShorterBudget;
    out.why = "searched with --budget " + json(out.entry.budget_s).dump() + " s, " + json(budget_s).dump() + " s asked";
  } else {
    out.status = Status::Fresh;
  }
  return out;
}

void TuningStore::put(const std::string& key, const std::string& graph_name, const TuningEntry& e) {
  const double now = std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
  json j{{"files", e.files}, {"lines", e.lines}, {"arch", e.arch}, {"total_us", e.total_us}, {"budget_s", e.budget_s},
         {"created", e.created > 0 ? e.created : now}, {"env", e.env.fields()}};
  store_->run("INSERT OR REPLACE INTO tunings (key, graph, env, budget, total_us, entry, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
              {key, graph_name, json(e.env.fields()).dump(), e.budget_s, e.total_us, j.dump(), now});
}

}  // namespace axon
