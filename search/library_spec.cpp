// `axon library`'s spec, jobs and dispatch (docs/library.md).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/graph_json.h"
#include "axon/search/library.h"
#include "axon/search/superopt.h"

namespace axon {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace {

constexpr int64_t kMaxSize = 2147483647;
constexpr size_t kMaxJobs = 10000;
// Names that cannot be parameters of the library's functions.
const std::set<std::string> kKeywords = {"auto", "bool", "break", "case", "char", "class", "const", "continue", "default", "delete", "do",
                                         "double", "else", "enum", "extern", "float", "for", "goto", "if", "int", "long", "new", "operator",
                                         "private", "public", "register", "return", "short", "signed", "sizeof", "static", "struct",
                                         "switch", "template", "this", "typedef", "union", "unsigned", "void", "volatile", "while"};

bool is_identifier(const std::string& s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// A spec error: one line naming the spec, the place and the field.
struct Place {
  std::string spec, where;
  [[noreturn]] void fail(const std::string& field, const std::string& why) const {
    throw UserError(shown_path(spec) + ": " + (where.empty() ? "" : where + ": ") + field + ": " + why);
  }
  void only(const json& obj, const std::set<std::string>& known, const std::string& what) const {
    for (const auto& [k, v] : obj.items())
      if (!known.count(k)) {
        std::string list;
        for (const auto& n : known) list += (list.empty() ? "" : ", ") + n;
        fail(k, "unknown field of " + what + " (known: " + list + ")");
      }
  }
};

int64_t size_value(const json& v, const Place& p, const std::string& field) {
  if (!v.is_number_integer()) p.fail(field, "expected an integer from 1 to 2147483647, got " + v.dump());
  const int64_t x = v.is_number_unsigned() ? static_cast<int64_t>(std::min<uint64_t>(v.get<uint64_t>(), kMaxSize + 1ull)) : v.get<int64_t>();
  if (x < 1 || x > kMaxSize) p.fail(field, "expected an integer from 1 to 2147483647, got " + v.dump());
  return x;
}

// An integer, a list, or a range {"from", "to", "step", "also"}.
std::vector<int64_t> size_values(const json& v, const Place& p, const std::string& field) {
  std::set<int64_t> out;
  if (v.is_array()) {
    if (v.empty()) p.fail(field, "an empty list");
    for (size_t i = 0; i < v.size(); ++i) out.insert(size_value(v[i], p, field + "[" + std::to_string(i) + "]"));
  } else if (v.is_object()) {
    p.only(v, {"from", "to", "step", "also"}, "a range");
    for (const char* k : {"from", "to", "step"})
      if (!v.contains(k)) p.fail(field, std::string("a range needs '") + k + "'");
    const int64_t from = size_value(v["from"], p, field + ": from"), to = size_value(v["to"], p, field + ": to");
    if (to < from) p.fail(field, "'to' (" + std::to_string(to) + ") is below 'from' (" + std::to_string(from) + ")");
    const json& step = v["step"];
    if (step == "pow2") {
      for (int64_t x = from; x <= to; x *= 2) out.insert(x);
    } else if (step.is_number_integer() && step.get<int64_t>() >= 1) {
      const int64_t s = step.get<int64_t>();
      for (int64_t x = from; x <= to && out.size() <= kMaxJobs; x += s) out.insert(x);
    } else {
      p.fail(field + ": step", "must be \"pow2\" or a positive integer, got " + step.dump());
    }
    if (v.contains("also")) {
      if (!v["also"].is_array()) p.fail(field + ": also", "expected a list of integers");
      for (size_t i = 0; i < v["also"].size(); ++i) out.insert(size_value(v["also"][i], p, field + ": also[" + std::to_string(i) + "]"));
    }
  } else {
    out.insert(size_value(v, p, field));
  }
  if (out.size() > kMaxJobs) p.fail(field, "more than " + std::to_string(kMaxJobs) + " values");
  return {out.begin(), out.end()};
}

}  // namespace

LibrarySpec parse_library_spec(const std::string& path) {
  LibrarySpec spec;
  spec.path = path;
  Place top{path, ""};
  json j = json::parse(read_input_file(path, size_t{16} << 20, "library spec"), nullptr, false);
  if (j.is_discarded()) top.fail("spec", "not valid JSON");
  if (!j.is_object()) top.fail("spec", "expected a JSON object");
  top.only(j, {"name", "target", "budget", "entries"}, "the spec");
  if (!j.contains("name") || !j["name"].is_string() || !is_identifier(j["name"].get<std::string>()))
    top.fail("name", "expected a C identifier (letters, digits and _, not starting with a digit)");
  spec.name = j["name"].get<std::string>();
  if (j.contains("target")) {
    if (j["target"] != "sm_90" && j["target"] != "sm_80") top.fail("target", "expected \"sm_90\" or \"sm_80\", got " + j["target"].dump());
    spec.target = j["target"].get<std::string>();
  }
  if (j.contains("budget")) {
    if (!j["budget"].is_number() || !std::isfinite(j["budget"].get<double>()) || j["budget"].get<double>() < 1 ||
        j["budget"].get<double>() > 86400)
      top.fail("budget", "expected seconds from 1 to 86400, got " + j["budget"].dump());
    spec.budget = j["budget"].get<double>();
  }
  if (!j.contains("entries") || !j["entries"].is_array() || j["entries"].empty()) top.fail("entries", "expected a non-empty list");
  const fs::path dir = fs::path(path).parent_path();
  std::set<std::string> names;
  for (size_t i = 0; i < j["entries"].size(); ++i) {
    const json& e = j["entries"][i];
    Place p{path, "entries[" + std::to_string(i) + "]"};
    if (!e.is_object()) p.fail("entry", "expected an object");
    if (e.contains("name") && e["name"].is_string()) p.where += " (" + e["name"].get<std::string>() + ")";
    p.only(e, {"name", "graph", "sizes", "runtime"}, "an entry");
    LibraryEntry le;
    if (!e.contains("graph") || !e["graph"].is_string() || e["graph"].get<std::string>().empty())
      p.fail("graph", "expected a graph file's path (relative to the spec)");
    const fs::path gp = fs::path(e["graph"].get<std::string>());
    le.graph = fs::absolute(gp.is_absolute() ? gp : dir / gp).lexically_normal().string();  // the manifest's readers run elsewhere
    Graph g = [&] {
      try {
        return load_graph(le.graph);
      } catch (const UserError& ex) {
        p.fail("graph", ex.what());
      }
    }();
    if (e.contains("name")) {
      if (!e["name"].is_string() || !is_identifier(e["name"].get<std::string>()))
        p.fail("name", "expected a C identifier (letters, digits and _, not starting with a digit)");
      le.name = e["name"].get<std::string>();
    } else {
      le.name = launcher_name(g.name);
      p.where += " (" + le.name + ")";
    }
    if (!names.insert(le.name).second) p.fail("name", "'" + le.name + "' names another entry too");
    for (const Node* in : g.inputs) le.input_names.push_back(launcher_name(in->input_name()));
    for (const GraphOutput& out : g.outputs) le.output_names.push_back(launcher_name(out.name));
    // The symbols in the order they first appear: the inputs' shapes, then the nodes'.
    auto add_symbols = [&](const Shape& shape) {
      for (const Size& s : shape)
        for (const std::string& sym : s.symbols())
          if (std::find(le.symbols.begin(), le.symbols.end(), sym) == le.symbols.end()) le.symbols.push_back(sym);
    };
    for (const Node* in : g.inputs) add_symbols(in->shape());
    for (const Node* n : g.topo_order()) add_symbols(n->shape());
    if (!e.contains("sizes")) {
      if (!le.symbols.empty()) p.fail("sizes", "missing (the graph's sizes " + le.symbols.front() + "... need values)");
    } else if (!e["sizes"].is_object()) {
      p.fail("sizes", "expected an object: symbol -> an integer, a list or a range");
    } else {
      for (const auto& [sym, v] : e["sizes"].items()) {
        if (std::find(le.symbols.begin(), le.symbols.end(), sym) == le.symbols.end())
          p.fail("sizes: " + sym, "the graph has no size " + sym);
        le.sizes[sym] = size_values(v, p, "sizes: " + sym);
      }
    }
    for (const std::string& sym : le.symbols)
      if (!le.sizes.count(sym)) p.fail("sizes", "no values for the graph's size " + sym);
    if (e.contains("runtime")) {
      if (!e["runtime"].is_string() || !le.sizes.count(e["runtime"].get<std::string>()))
        p.fail("runtime", "expected one of the graph's size symbols, got " + e["runtime"].dump());
      le.runtime = e["runtime"].get<std::string>();
    }
    // The pointer parameters of axon_<entry>: the graph's input and output names, distinct from
    // each other, the sizes, workspace and stream, the dispatch's locals (axon_...) and keywords.
    std::vector<std::string> ptrs = le.input_names;
    ptrs.insert(ptrs.end(), le.output_names.begin(), le.output_names.end());
    for (const auto& n : ptrs)
      if (std::count(ptrs.begin(), ptrs.end(), n) > 1 || std::count(le.symbols.begin(), le.symbols.end(), n) > 0 || n == "workspace" ||
          n == "stream" || n.rfind("axon_", 0) == 0 || kKeywords.count(n))
        p.fail("graph", "the name '" + n + "' cannot be a parameter of axon_" + le.name +
                            " (it is another input's or output's, a size's, workspace, stream, starts with axon_, or is a C++ keyword)");
    spec.entries.push_back(std::move(le));
  }
  (void)library_jobs(spec);  // the jobs' count and names are checked too
  return spec;
}

std::vector<LibraryJob> library_jobs(const LibrarySpec& spec) {
  std::vector<LibraryJob> jobs;
  std::set<std::string> names;
  for (const LibraryEntry& e : spec.entries) names.insert(e.name);
  for (size_t ei = 0; ei < spec.entries.size(); ++ei) {
    const LibraryEntry& e = spec.entries[ei];
    size_t count = 1;
    for (const std::string& s : e.symbols) {
      count *= e.sizes.at(s).size();
      if (count + jobs.size() > kMaxJobs)
        throw UserError(shown_path(spec.path) + ": entries[" + std::to_string(ei) + "] (" + e.name + "): sizes: more than " +
                        std::to_string(kMaxJobs) + " jobs in the library");
    }
    std::vector<size_t> at(e.symbols.size(), 0);  // an odometer over the symbols' values
    for (size_t t = 0; t < count; ++t) {
      LibraryJob job;
      job.index = jobs.size();
      job.entry = ei;
      for (size_t s = 0; s < e.symbols.size(); ++s) {
        job.sizes.push_back(e.sizes.at(e.symbols[s])[at[s]]);
        job.tuple += (s ? "_" : "") + e.symbols[s] + std::to_string(job.sizes.back());
      }
      job.name = e.name + (job.tuple.empty() ? "" : "_" + job.tuple);
      if (job.tuple.empty()) job.tuple = "fixed";
      if (!names.insert(job.name).second)
        throw UserError(shown_path(spec.path) + ": entries[" + std::to_string(ei) + "] (" + e.name + "): name: its job '" + job.name +
                        "' has the name of another entry or job; rename an entry");
      jobs.push_back(std::move(job));
      for (size_t s = e.symbols.size(); s-- > 0;) {
        if (++at[s] < e.sizes.at(e.symbols[s]).size()) break;
        at[s] = 0;
      }
    }
  }
  // A job's symbols are axon_<job>_...: an entry named <job>_... could clash with them.
  for (size_t ei = 0; ei < spec.entries.size(); ++ei)
    for (const LibraryJob& job : jobs)
      if (spec.entries[ei].name.rfind(job.name + "_", 0) == 0)
        throw UserError(shown_path(spec.path) + ": entries[" + std::to_string(ei) + "] (" + spec.entries[ei].name +
                        "): name: it starts with the job '" + job.name + "_', whose symbols are named so; rename the entry");
  return jobs;
}

std::vector<int64_t> runtime_range_probes(const LibrarySpec& spec, const std::vector<LibraryJob>& jobs, const LibraryJob& job) {
  const LibraryEntry& e = spec.entries.at(job.entry);
  const auto it = std::find(e.symbols.begin(), e.symbols.end(), e.runtime);
  if (e.runtime.empty() || it == e.symbols.end()) return {};
  const auto r = static_cast<size_t>(it - e.symbols.begin());
  const int64_t v = job.sizes[r];
  int64_t above = 0;  // the next value (0: none)
  for (const LibraryJob& o : jobs) {
    if (o.entry != job.entry) continue;
    bool others = true;
    for (size_t s = 0; s < o.sizes.size(); ++s) others = others && (s == r || o.sizes[s] == job.sizes[s]);
    if (!others) continue;
    const int64_t x = o.sizes[r];
    if (x > v && (above == 0 || x < above)) above = x;
  }
  // The largest size nearer a than b in log distance (pick_bucket: ties go to the larger).
  auto last_nearer = [](int64_t a, int64_t b) {
    int64_t m = static_cast<int64_t>(std::floor(std::sqrt(static_cast<double>(a) * static_cast<double>(b))));
    while (m + 1 < b && std::log(double(m + 1)) - std::log(double(a)) < std::log(double(b)) - std::log(double(m + 1)) - 1e-12) ++m;
    while (m > a && !(std::log(double(m)) - std::log(double(a)) < std::log(double(b)) - std::log(double(m)) - 1e-12)) --m;
    return m;
  };
  std::vector<int64_t> out;
  const int64_t last = above > 0 ? last_nearer(v, above) : v + 1;  // the range is open above the largest
  if (last > v) out.push_back(v + 1);
  if (last > v + 1) out.push_back(last);
  return out;
}

int pick_bucket(const std::vector<LibraryBucket>& buckets, int runtime_index, const std::vector<int64_t>& sizes, bool* exact) {
  *exact = false;
  for (size_t b = 0; b < buckets.size(); ++b)
    if (buckets[b].sizes == sizes) {
      *exact = true;
      return static_cast<int>(b);
    }
  if (runtime_index < 0) return -1;
  const auto r = static_cast<size_t>(runtime_index);
  const int64_t n = sizes.at(r);
  if (n < 1) return -1;
  int best = -1;
  double best_d = 0;
  for (size_t b = 0; b < buckets.size(); ++b) {
    const LibraryBucket& k = buckets[b];
    if (!k.sized || (k.sized_max > 0 && n > k.sized_max)) continue;
    bool others = true;
    for (size_t s = 0; s < sizes.size(); ++s) others = others && (s == r || k.sizes[s] == sizes[s]);
    if (!others) continue;
    const double d = std::fabs(std::log(static_cast<double>(n)) - std::log(static_cast<double>(k.sizes[r])));
    if (best < 0 || d < best_d - 1e-12 || (std::fabs(d - best_d) <= 1e-12 && k.sizes[r] > buckets[static_cast<size_t>(best)].sizes[r])) {
      best = static_cast<int>(b);
      best_d = d;
    }
  }
  return best;
}

namespace {

// The entry's function's parameters: sizes, inputs, outputs, workspace, stream.
std::string params(const LibraryEntry& e, bool sizes_only) {
  std::string p;
  for (const std::string& s : e.symbols) p += (p.empty() ? "" : ", ") + std::string("long long ") + s;
  if (sizes_only) return p.empty() ? "void" : p;
  for (const std::string& n : e.input_names) p += (p.empty() ? "" : ", ") + std::string("const void* ") + n;
  for (const std::string& n : e.output_names) p += (p.empty() ? "" : ", ") + std::string("void* ") + n;
  return p + (p.empty() ? "" : ", ") + "void* workspace, void* stream";
}

}  // namespace

std::string library_header(const LibrarySpec& spec, const std::vector<std::vector<LibraryBucket>>& buckets) {
  std::ostringstream h;
  h << "// axon library '" << spec.name << "' (" << spec.target << "), generated by `axon library` (docs/library.md).\n"
    << "// Each function dispatches on its sizes: to the bucket tuned at exactly these sizes; else, where the\n"
    << "// entry has a runtime size, to the nearest bucket (in log distance of that size, the other sizes equal)\n"
    << "// whose launcher takes the size at run time; else it returns cudaErrorInvalidValue (1) before any CUDA\n"
    << "// call, and its _workspace_bytes returns 0. manifest.json lists the buckets.\n"
    << "// Pointers are device pointers, 16-byte aligned (the workspace 256-byte); the workspace holds\n"
    << "// _workspace_bytes(sizes) bytes; stream is a cudaStream_t. Returns 0 or a CUDA error.\n"
    << "#pragma once\n#include <stddef.h>\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n";
  for (size_t i = 0; i < spec.entries.size(); ++i) {
    const LibraryEntry& e = spec.entries[i];
    h << "\n// " << e.name << ": " << buckets[i].size() << " tuned buckets"
      << (e.runtime.empty() ? "" : "; runtime size " + e.runtime) << ".\n"
      << "int axon_" << e.name << "(" << params(e, false) << ");\n"
      << "size_t axon_" << e.name << "_workspace_bytes(" << params(e, true) << ");\n";
  }
  h << "\n#ifdef __cplusplus\n}\n#endif\n";
  return h.str();
}

std::string library_dispatch_source(const LibrarySpec& spec, const std::vector<std::vector<LibraryBucket>>& buckets) {
  std::ostringstream c;
  c << "// Dispatch of axon library '" << spec.name << "' (docs/library.md): the same rule as pick_bucket().\n"
    << "#include <math.h>\n#include <stddef.h>\n#include \"../axon_" << spec.name << ".h\"\n\n"
    << "typedef int (*axon_run_fn)(const void* const*, void* const*, void*, void*);\n"
    << "typedef int (*axon_run_sized_fn)(long long, const void* const*, void* const*, void*, void*);\n"
    << "typedef size_t (*axon_ws_fn)(void);\ntypedef size_t (*axon_ws_sized_fn)(long long);\n"
    << "typedef struct {\n  const long long* sizes;\n  axon_run_fn run;\n  axon_ws_fn ws;\n  axon_run_sized_fn run_sized;\n"
    << "  axon_ws_sized_fn ws_sized;\n  long long sized_max;\n} axon_bucket;\n\n"
    << "// The exact bucket; else the nearest sized one over size r (-1: none); -1 when none serves.\n"
    << "static int axon_pick(const axon_bucket* b, int count, int nsizes, int r, const long long* s, int* exact) {\n"
    << "  *exact = 0;\n  for (int i = 0; i < count; ++i) {\n    int eq = 1;\n"
    << "    for (int k = 0; k < nsizes; ++k) eq = eq && b[i].sizes[k] == s[k];\n    if (eq) { *exact = 1; return i; }\n  }\n"
    << "  if (r < 0 || s[r] < 1) return -1;\n  int best = -1;\n  double best_d = 0;\n  for (int i = 0; i < count; ++i) {\n"
    << "    if (!b[i].run_sized || (b[i].sized_max > 0 && s[r] > b[i].sized_max)) continue;\n    int eq = 1;\n"
    << "    for (int k = 0; k < nsizes; ++k) eq = eq && (k == r || b[i].sizes[k] == s[k]);\n    if (!eq) continue;\n"
    << "    const double d = fabs(log((double)s[r]) - log((double)b[i].sizes[r]));\n"
    << "    if (best < 0 || d < best_d - 1e-12 || (fabs(d - best_d) <= 1e-12 && b[i].sizes[r] > b[best].sizes[r])) { best = i; best_d = d; }\n"
    << "  }\n  return best;\n}\n";
  for (size_t i = 0; i < spec.entries.size(); ++i) {
    const LibraryEntry& e = spec.entries[i];
    const auto& bs = buckets[i];
    int r = -1;
    for (size_t s = 0; s < e.symbols.size(); ++s)
      if (e.symbols[s] == e.runtime) r = static_cast<int>(s);
    c << "\n// entry " << e.name << "\nextern \"C\" {\n";
    for (const LibraryBucket& b : bs) {
      c << "int axon_" << b.job << "_run(const void* const*, void* const*, void*, void*);\nsize_t axon_" << b.job << "_workspace_bytes(void);\n";
      if (b.sized)
        c << "int axon_" << b.job << "_run_sized(long long, const void* const*, void* const*, void*, void*);\nsize_t axon_" << b.job
          << "_workspace_bytes_sized(long long);\n";
    }
    c << "}\n";
    const size_t ns = std::max<size_t>(1, e.symbols.size());
    for (size_t b = 0; b < bs.size(); ++b) {
      c << "static const long long axon_" << e.name << "_s" << b << "[" << ns << "] = {";
      for (size_t s = 0; s < e.symbols.size(); ++s) c << (s ? ", " : "") << bs[b].sizes[s] << "ll";
      if (e.symbols.empty()) c << "0";
      c << "};\n";
    }
    c << "static const axon_bucket axon_" << e.name << "_buckets[" << std::max<size_t>(1, bs.size()) << "] = {\n";
    for (size_t b = 0; b < bs.size(); ++b) {
      const std::string& j = bs[b].job;
      c << "  {axon_" << e.name << "_s" << b << ", axon_" << j << "_run, axon_" << j << "_workspace_bytes, "
        << (bs[b].sized ? "axon_" + j + "_run_sized, axon_" + j + "_workspace_bytes_sized, " : "0, 0, ") << bs[b].sized_max << "ll},\n";
    }
    if (bs.empty()) c << "  {0, 0, 0, 0, 0, 0},\n";
    c << "};\n";
    std::string sizes_init;
    for (const std::string& s : e.symbols) sizes_init += (sizes_init.empty() ? "" : ", ") + s;
    if (sizes_init.empty()) sizes_init = "0";
    // Locals are prefixed axon_: the parameters carry the graph's names.
    const std::string pick = "  const long long axon_s[" + std::to_string(ns) + "] = {" + sizes_init + "};\n  int axon_exact = 0;\n  const int axon_i = axon_pick(axon_" +
                             e.name + "_buckets, " + std::to_string(bs.size()) + ", " + std::to_string(e.symbols.size()) + ", " + std::to_string(r) +
                             ", axon_s, &axon_exact);\n";
    c << "extern \"C\" size_t axon_" << e.name << "_workspace_bytes(" << params(e, true) << ") {\n" << pick
      << "  if (axon_i < 0) return 0;\n  const axon_bucket* axon_b = &axon_" << e.name << "_buckets[axon_i];\n"
      << "  return axon_exact ? axon_b->ws() : axon_b->ws_sized(axon_s[" << std::max(r, 0) << "]);\n}\n";
    c << "extern \"C\" int axon_" << e.name << "(" << params(e, false) << ") {\n" << pick
      << "  if (axon_i < 0) return 1;  // cudaErrorInvalidValue: no bucket serves these sizes\n"
      << "  const axon_bucket* axon_b = &axon_" << e.name << "_buckets[axon_i];\n  const void* const axon_in[" << std::max<size_t>(1, e.input_names.size()) << "] = {";
    for (size_t k = 0; k < e.input_names.size(); ++k) c << (k ? ", " : "") << e.input_names[k];
    if (e.input_names.empty()) c << "0";
    c << "};\n  void* const axon_out[" << std::max<size_t>(1, e.output_names.size()) << "] = {";
    for (size_t k = 0; k < e.output_names.size(); ++k) c << (k ? ", " : "") << e.output_names[k];
    c << "};\n  return axon_exact ? axon_b->run(axon_in, axon_out, workspace, stream)\n                    : axon_b->run_sized(axon_s["
      << std::max(r, 0) << "], axon_in, axon_out, workspace, stream);\n}\n";
  }
  return c.str();
}

}  // namespace axon
