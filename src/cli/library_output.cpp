#include "library_output.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/isa/spec.h"
#include "axon/search/superopt.h"

namespace axon::cli {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace {

json parse_or_null(const std::map<std::string, std::string>& files, const std::string& name) {
  auto it = files.find(name);
  if (it == files.end()) return nullptr;
  json j = json::parse(it->second, nullptr, false);
  return j.is_discarded() ? json(nullptr) : j;
}

// The chosen variant of report.json, or null.
json chosen_variant(const json& report) {
  if (!report.is_object() || !report.contains("variants")) return nullptr;
  for (const json& v : report["variants"])
    if (v.value("chosen", false)) return v;
  return nullptr;
}

// % of the floor (docs/cli.md, superopt's table): each kernel's bytes at the measured copy
// bandwidth or its FLOPs at the target's tensor rate, whichever is longer, summed, over the
// measured total. Only for timed results (the bandwidth is measured).
double floor_pct(const json& report, const json& variant, double tensor_tflops) {
  if (!report.is_object() || !report.value("timed", false) || !report.contains("copy_gb_s") || !variant.is_object()) return 0;
  const double bw = report["copy_gb_s"].get<double>();
  double floor_us = 0, total = variant.value("total_us", 0.0);
  if (bw <= 0 || total <= 0 || !variant.contains("kernels")) return 0;
  for (const json& k : variant["kernels"]) {
    const double bytes = k.value("bytes", 0.0), flops = k.value("flops", 0.0);
    floor_us += std::max(bytes / (bw * 1e3), tensor_tflops > 0 ? flops / (tensor_tflops * 1e6) : 0.0);
  }
  return 100.0 * floor_us / total;
}

std::string sizes_text(const LibraryEntry& e, const std::vector<int64_t>& sizes, const char* sep) {
  std::string s;
  for (size_t i = 0; i < e.symbols.size(); ++i) s += (i ? sep : "") + e.symbols[i] + "=" + std::to_string(sizes[i]);
  return s.empty() ? "-" : s;
}

json sizes_json(const LibraryEntry& e, const std::vector<int64_t>& sizes) {
  json j = json::object();
  for (size_t i = 0; i < e.symbols.size(); ++i) j[e.symbols[i]] = sizes[i];
  return j;
}

// The dispatch table of one entry: the exact buckets, then over the runtime symbol the ranges
// each sized bucket serves (pick_bucket evaluated at every point where its answer may change).
json dispatch_table(const LibraryEntry& e, const std::vector<LibraryBucket>& bs) {
  json t{{"exact", json::array()}, {"ranges", json::array()}};
  for (const LibraryBucket& b : bs) t["exact"].push_back({{"sizes", sizes_json(e, b.sizes)}, {"job", b.job}, {"calls", "axon_" + b.job + "_run"}});
  int r = -1;
  for (size_t s = 0; s < e.symbols.size(); ++s)
    if (e.symbols[s] == e.runtime) r = static_cast<int>(s);
  if (r < 0) return t;
  const auto ri = static_cast<size_t>(r);
  std::set<std::vector<int64_t>> groups;  // the other sizes of the sized buckets
  for (const LibraryBucket& b : bs)
    if (b.sized) {
      std::vector<int64_t> o = b.sizes;
      o[ri] = 0;
      groups.insert(o);
    }
  for (const auto& g : groups) {
    std::set<int64_t> points{1};
    for (const LibraryBucket& a : bs) {
      if (!a.sized) continue;
      points.insert(a.sizes[ri]);
      if (a.sized_max > 0) points.insert(a.sized_max + 1);
      for (const LibraryBucket& b : bs)
        if (b.sized) points.insert(static_cast<int64_t>(std::ceil(std::sqrt(static_cast<double>(a.sizes[ri]) * static_cast<double>(b.sizes[ri])))));
    }
    std::vector<int64_t> pts(points.begin(), points.end());
    int cur = -2;
    int64_t from = 0;
    auto close = [&](int64_t to) {
      if (cur >= 0) {
        std::vector<int64_t> at = g;
        json other = sizes_json(e, at);
        other.erase(e.runtime);
        t["ranges"].push_back({{"sizes", other}, {"symbol", e.runtime}, {"from", from}, {"to", to}, {"job", bs[static_cast<size_t>(cur)].job},
                               {"calls", "axon_" + bs[static_cast<size_t>(cur)].job + "_run_sized"}});
      }
    };
    for (size_t p = 0; p < pts.size(); ++p) {
      std::vector<int64_t> at = g;
      at[ri] = pts[p];
      // The sized answer at this point (an exact bucket there is listed above).
      std::vector<LibraryBucket> sized;
      std::vector<int> index;
      for (size_t b = 0; b < bs.size(); ++b)
        if (bs[b].sized) {
          sized.push_back(bs[b]);
          index.push_back(static_cast<int>(b));
        }
      bool exact = false;  // a sized bucket at this very value is its own nearest
      const int k = pick_bucket(sized, r, at, &exact);
      const int pick = k < 0 ? -1 : index[static_cast<size_t>(k)];
      if (pick != cur) {
        close(pts[p] - 1);
        cur = pick;
        from = pts[p];
      }
    }
    close(2147483647);
  }
  return t;
}

// The stamp of a build (the sources' names and contents, the architecture and nvcc), and
// whether `so` was built from it.
bool up_to_date(const std::vector<std::string>& sources, const std::string& so, const std::string& arch, std::string& stamp) {
  std::ostringstream h;
  h << arch << "\n" << nvcc_path() << "\n";
  for (const std::string& f : sources) h << f << " " << std::hash<std::string>{}(read_input_file(f, size_t{1} << 28, "launcher")) << "\n";
  stamp = h.str();
  const fs::path stamp_path = fs::path(sources.back()).parent_path() / ".built";
  std::error_code ec;
  if (!fs::is_regular_file(so, ec) || !fs::is_regular_file(stamp_path, ec)) return false;
  return read_input_file(stamp_path.string(), size_t{1} << 24, "build stamp") == stamp;
}

}  // namespace

std::string write_library(const LibrarySpec& spec, const std::vector<LibraryJob>& jobs, const std::vector<LibraryJobState>& states,
                          const LibraryOutput& o, std::ostream& out) {
  const fs::path dir = o.out_dir, src = dir / "src";
  make_output_dir(src.string());
  double tensor_tflops = 0;
  try {
    const Isa isa = load_isa(default_isa_dir(), spec.target);
    if (auto it = isa.target.peak_tflops.find("bf16_tensor"); it != isa.target.peak_tflops.end()) tensor_tflops = it->second;
  } catch (const std::exception&) {
  }
  std::vector<std::vector<LibraryBucket>> buckets(spec.entries.size());
  std::vector<std::string> sources;
  std::string arch = spec.target;
  json manifest{{"name", spec.name},           {"spec", spec.path},  {"target", spec.target}, {"budget_s", spec.budget},
                {"store", o.store},            {"untimed", o.no_gpu}, {"library", nullptr},    {"header", "axon_" + spec.name + ".h"},
                {"dispatch_rule", "the bucket tuned at exactly the sizes given (its _run); else, for an entry with a runtime size, the "
                                  "nearest bucket in log distance of that size (ties: the larger) among those whose other sizes are "
                                  "equal and whose launcher takes the size at run time up to its max (its _run_sized); else "
                                  "cudaErrorInvalidValue (1), and _workspace_bytes returns 0"},
                {"entries", json::array()}};
  if (!o.runtime_note.empty()) manifest["runtime_size_note"] = o.runtime_note;
  std::ostringstream csv, table;
  csv << "entry,sizes,status,time_us,floor_pct,timed,job\n";
  table << std::left << std::setw(24) << "entry" << std::setw(34) << "sizes" << std::setw(8) << "status" << std::right << std::setw(12)
        << "time us" << std::setw(9) << "% floor" << "  \n";
  std::vector<json> entries_json(spec.entries.size());
  for (size_t i = 0; i < spec.entries.size(); ++i) {
    const LibraryEntry& e = spec.entries[i];
    entries_json[i] = {{"name", e.name},           {"graph", e.graph},       {"symbols", e.symbols},
                       {"runtime", e.runtime},     {"inputs", e.input_names}, {"outputs", e.output_names},
                       {"function", "axon_" + e.name}, {"buckets", json::array()}};
  }
  for (size_t j = 0; j < jobs.size(); ++j) {
    const LibraryJob& job = jobs[j];
    const LibraryEntry& e = spec.entries[job.entry];
    const LibraryJobState& st = states[j];
    json b{{"job", job.name}, {"sizes", sizes_json(e, job.sizes)}, {"status", st.status}};
    if (!st.why.empty()) b["why"] = st.why;
    double pct = 0, time_us = 0;
    bool timed = false;
    if (st.status == "tuned" && st.entry) {
      const TuningEntry& te = *st.entry;
      const std::string cu = "axon_" + job.name + ".cu", h = "axon_" + job.name + ".h";
      if (!te.files.count(cu) || !te.files.count(h)) {
        b["status"] = "failed";
        b["why"] = "the database's entry has no launcher " + cu;
      } else {
        write_file_atomic((src / cu).string(), te.files.at(cu));
        write_file_atomic((src / h).string(), te.files.at(h));
        sources.push_back((src / cu).string());
        const json report = parse_or_null(te.files, "report.json"), launcher = parse_or_null(te.files, "launcher.json");
        const json v = chosen_variant(report);
        LibraryBucket lb{job.sizes, job.name, false, 0};
        if (launcher.is_object() && launcher.contains("runtime_size") && launcher["runtime_size"].is_object() && !e.runtime.empty() &&
            launcher["runtime_size"].value("symbol", "") == e.runtime) {
          lb.sized = true;
          lb.sized_max = launcher["runtime_size"].value("max", int64_t{0});
        }
        buckets[job.entry].push_back(lb);
        if (te.arch.size() > 4 && te.arch.back() == 'a') arch = spec.target + "a";
        time_us = te.total_us;
        timed = report.is_object() && report.value("timed", false);
        pct = floor_pct(report, v, tensor_tflops);
        b["time_us"] = te.total_us;
        b["timed"] = timed;
        if (pct > 0) b["floor_pct"] = pct;
        b["env"] = te.env.fields();
        b["tuned_at"] = te.created;
        b["budget_s"] = te.budget_s;
        b["arch"] = te.arch;
        if (launcher.is_object()) b["workspace_bytes"] = launcher.value("workspace_bytes", json(nullptr));
        b["runtime_size"] = lb.sized ? launcher["runtime_size"] : report.is_object() && report.contains("runtime_size") ? report["runtime_size"] : json(nullptr);
        json configs = json::array();
        if (v.is_object() && v.contains("kernels"))
          for (const json& k : v["kernels"]) configs.push_back({{"kernel", k.value("name", "")}, {"group", k.value("group", "")}, {"config", k.value("winner", "")}, {"time_us", k.value("time_us", 0.0)}});
        b["configs"] = configs;
        b["variant"] = v.is_object() ? v.value("variant", -1) : -1;
        b["rewrites"] = v.is_object() && v.contains("moves") ? v["moves"] : json::array();
      }
    }
    entries_json[job.entry]["buckets"].push_back(b);
    const std::string status = b["status"].get<std::string>();
    std::ostringstream t, p;
    t << std::fixed << std::setprecision(1) << time_us;
    p << std::fixed << std::setprecision(0) << pct;
    csv << e.name << "," << sizes_text(e, job.sizes, " ") << "," << status << "," << (status == "tuned" ? t.str() : "") << ","
        << (pct > 0 ? p.str() : "") << "," << (timed ? 1 : 0) << "," << job.name << "\n";
    table << std::left << std::setw(24) << e.name << std::setw(34) << sizes_text(e, job.sizes, " ") << std::setw(8) << status << std::right
          << std::setw(12) << (status == "tuned" ? t.str() + (timed ? "" : "*") : "-") << std::setw(8) << (pct > 0 ? p.str() + "%" : "-") << "\n";
  }
  for (size_t i = 0; i < spec.entries.size(); ++i) {
    entries_json[i]["dispatch"] = dispatch_table(spec.entries[i], buckets[i]);
    manifest["entries"].push_back(entries_json[i]);
  }
  write_file_atomic((dir / ("axon_" + spec.name + ".h")).string(), library_header(spec, buckets));
  const std::string dispatch = (src / ("axon_" + spec.name + "_dispatch.cu")).string();
  write_file_atomic(dispatch, library_dispatch_source(spec, buckets));
  sources.push_back(dispatch);
  // The shared library: every bucket's launcher and the dispatch, compiled together.
  std::string said;
  const std::string so = (dir / ("libaxon_" + spec.name + ".so")).string();
  // A library built from the same sources for the same architecture is not built again (a warm
  // run takes seconds): the stamp holds their hash.
  const std::string stamp_path = (src / ".built").string();
  std::string stamp;
  if (nvcc_path().empty()) {
    said = "no nvcc found: the library is source only (" + (dir / ("axon_" + spec.name + ".h")).string() + ", " + src.string() + "/)";
    manifest["library_note"] = said;
  } else if (up_to_date(sources, so, arch, stamp) ||
             (build_shared_library(sources, so, (dir / "nvcc.log").string(), arch) && (write_file_atomic(stamp_path, stamp), true))) {
    said = "built " + so + " (" + std::to_string(sources.size() - 1) + " buckets, " + arch + ")";
    manifest["library"] = "libaxon_" + spec.name + ".so";
    manifest["arch"] = arch;
  } else {
    said = "nvcc failed on the library: see " + (dir / "nvcc.log").string() + " (the sources are in " + src.string() + "/)";
    manifest["library_note"] = said;
  }
  write_file_atomic((dir / "manifest.json").string(), manifest.dump(2) + "\n");
  write_file_atomic((dir / "summary.csv").string(), csv.str());
  out << table.str() << (o.no_gpu ? "* untimed: the cost model's estimate (--no-gpu)\n" : "");
  return said;
}

}  // namespace axon::cli
