// Parsing isa_specs/ptx/*.isa and isa_specs/targets/*.target (docs/isa-spec-format.md).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/isa/spec.h"

namespace axon {

namespace {

std::string trim(std::string_view s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string_view::npos ? std::string() : std::string(s.substr(a, b - a + 1));
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!trim(cur).empty() || !out.empty()) out.push_back(trim(cur));
  return out;
}

// "2^-22", "1e-6", "0.5"
double number(const std::string& t, const std::string& what) {
  try {
    size_t caret = t.find('^');
    size_t used = 0;
    if (caret != std::string::npos) {
      double base = std::stod(t.substr(0, caret)), ex = std::stod(t.substr(caret + 1), &used);
      if (used != t.size() - caret - 1) throw std::invalid_argument(t);
      return std::pow(base, ex);
    }
    double v = std::stod(t, &used);
    if (used != t.size()) throw std::invalid_argument(t);
    return v;
  } catch (const std::exception&) {
    throw UserError(what + ": '" + t + "' is not a number");
  }
}

std::vector<IsaOperand> operands(const std::string& list, const std::string& what) {
  std::vector<IsaOperand> out;
  if (trim(list).empty()) return out;
  for (const std::string& item : split(list, ',')) {
    size_t colon = item.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == item.size())
      throw UserError(what + ": expected NAME:TYPE, got '" + item + "'");
    out.push_back({trim(item.substr(0, colon)), trim(item.substr(colon + 1))});
  }
  return out;
}

const std::map<std::string, int> kLaneVars{{"lane", 0}, {"thread", 0}, {"reg", 1}};
const std::map<std::string, int> kTileVars{{"i", 0}, {"j", 1}};

class InstrParser {
 public:
  InstrParser(InstrSpec& s, std::string where) : s_(s), where_(where), block_(std::move(where)) {}
  void at(std::string where) { where_ = std::move(where); }

  void line(const std::string& key, const std::string& value) {
    auto fail = [&](const std::string& why) { throw UserError(where_ + ": " + key + ": " + why); };
    try {
      if (key == "ptx") s_.ptx = value;
      else if (key == "cuda") s_.cuda = value;
      else if (key == "type") type(value);
      else if (key == "semantics") semantics(value);
      else if (key == "lanewise") s_.lanewise = value == "yes";
      else if (key == "nan") nan(value);
      else if (key == "warp") warp(value);
      else if (key == "fragment") fragment(value);
      else if (key == "layout") layout(value);
      else if (key == "tile") tile(value);
      else if (key == "memory") set_kind(InstrKind::Memory), s_.memory = value;
      else if (key == "sync") set_kind(InstrKind::Sync), s_.sync = value;
      else if (key == "error") error(value);
      else if (key == "sm") s_.sm = static_cast<int>(number(value, "sm"));
      else if (key == "max_sm") s_.max_sm = static_cast<int>(number(value, "max_sm"));
      else if (key == "param") s_.param = value;
      else if (key == "cost") cost(value);
      else if (key == "note") s_.note += (s_.note.empty() ? "" : " ") + value;
      else fail("unknown key");
    } catch (const UserError& e) {
      std::string m = e.what();
      if (m.rfind(where_, 0) == 0) throw;
      fail(m);
    }
  }

  void finish() {
    where_ = block_;
    if (s_.ptx.empty() && s_.cuda.empty()) throw UserError(where_ + ": instruction '" + s_.name + "' has no ptx line");
    if (!have_type_) throw UserError(where_ + ": instruction '" + s_.name + "' has no type line");
    if (s_.sm <= 0) throw UserError(where_ + ": instruction '" + s_.name + "' has no sm line");
    if (s_.issue <= 0) throw UserError(where_ + ": instruction '" + s_.name + "' has no cost line");
    if (!s_.semantics && s_.fragments.empty() && s_.memory.empty() && s_.sync.empty())
      throw UserError(where_ + ": instruction '" + s_.name + "' has no semantics, warp, fragment, memory or sync line");
  }

 private:
  void set_kind(InstrKind k) { s_.kind = k; }
  std::map<std::string, int> inputs() const {
    std::map<std::string, int> m;
    for (size_t i = 0; i < s_.ins.size(); ++i) m[s_.ins[i].name] = static_cast<int>(i);
    for (const auto& f : s_.fragments)  // fragments (also of outputs, as accumulators) by name
      if (!m.count(f.name)) m[f.name] = static_cast<int>(m.size());
    return m;
  }
  void type(const std::string& v) {
    size_t arrow = v.find("<-");
    if (arrow == std::string::npos) throw UserError("expected 'outs <- ins'");
    s_.outs = operands(v.substr(0, arrow), "outputs");
    s_.ins = operands(v.substr(arrow + 2), "inputs");
    have_type_ = true;
  }
  void semantics(const std::string& v) {
    if (!have_type_) throw UserError("the type line must come first");
    s_.semantics_text = v;
    std::map<std::string, int> widths;
    for (const auto& o : s_.ins)
      if (int w = bit_type_width(o.type)) widths[o.name] = w;
    s_.semantics = parse_isa_expr(v, inputs(), {}, {}, widths);
    int out_width = s_.outs.size() == 1 ? bit_type_width(s_.outs[0].type) : 0;
    if (s_.semantics->sort == Sort::Bits && s_.semantics->width != out_width)
      throw UserError("the semantics is a " + std::to_string(s_.semantics->width) + "-bit pattern but the output is " +
                      (s_.outs.empty() ? std::string("missing") : s_.outs[0].type) + " (resize with bits(N, x))");
    if (s_.semantics->sort != Sort::Bits && out_width != 0)
      throw UserError("the output is " + s_.outs[0].type + ": the semantics must be a bit-pattern expression");
  }
  void warp(const std::string& v) {
    size_t eq = v.find('=');
    if (eq == std::string::npos || trim(v.substr(0, eq)).find("[lane]") == std::string::npos)
      throw UserError("expected 'd[lane] = EXPR'");
    set_kind(InstrKind::Warp);
    // An immediate's value is chosen by the synthesizer: kept symbolic as parameter "c" = 1 here
    // only to check the text; the synthesizer re-parses with the value it binds.
    std::map<std::string, int64_t> params;
    std::map<std::string, int> ins;
    for (size_t i = 0; i < s_.ins.size(); ++i) {
      if (s_.ins[i].type == "imm") params[s_.ins[i].name] = 1;
      else ins[s_.ins[i].name] = static_cast<int>(i);
    }
    s_.semantics_text = trim(v.substr(eq + 1));
    s_.semantics = parse_isa_expr(s_.semantics_text, ins, {{"lane", 0}}, params);
  }
  void fragment(const std::string& v) {
    // NAME TYPE ROWSxCOLS regs=R: row = EXPR, col = EXPR
    size_t colon = v.find(':');
    if (colon == std::string::npos) throw UserError("expected 'NAME TYPE RxC regs=R: row = ..., col = ...'");
    std::istringstream head(v.substr(0, colon));
    Fragment f;
    std::string dims, regs;
    head >> f.name >> f.type >> dims >> regs;
    size_t x = dims.find('x');
    if (f.name.empty() || x == std::string::npos || regs.rfind("regs=", 0) != 0)
      throw UserError("expected 'NAME TYPE RxC regs=R: ...'");
    f.rows = dims.substr(0, x);
    f.cols = dims.substr(x + 1);
    f.regs = regs.substr(5);
    std::string rest = v.substr(colon + 1);
    size_t comma = rest.find(", col");
    if (comma == std::string::npos) throw UserError("expected 'row = EXPR, col = EXPR'");
    std::string row = trim(rest.substr(0, comma)), col = trim(rest.substr(comma + 1));
    if (row.rfind("row", 0) != 0 || col.rfind("col", 0) != 0) throw UserError("expected 'row = EXPR, col = EXPR'");
    auto rhs = [](const std::string& s) { return trim(s.substr(s.find('=') + 1)); };
    f.warpgroup = v.find("thread") != std::string::npos;
    std::map<std::string, int64_t> params;
    if (!s_.param.empty()) params["N"] = 8;  // checked at the smallest member; re-parsed per N
    f.row_text = rhs(row);
    f.col_text = rhs(col);
    f.row = parse_isa_index(f.row_text, kLaneVars, params);
    f.col = parse_isa_index(f.col_text, kLaneVars, params);
    s_.fragments.push_back(std::move(f));
    set_kind(InstrKind::Matrix);
  }
  void layout(const std::string& v) {
    // NAME ROWSxBYTES: offset = EXPR (over row and byte)
    size_t colon = v.find(':');
    std::istringstream head(v.substr(0, colon == std::string::npos ? 0 : colon));
    SmemLayout l;
    std::string dims;
    head >> l.name >> dims;
    const size_t x = dims.find('x');
    const std::string rest = colon == std::string::npos ? "" : trim(v.substr(colon + 1));
    if (l.name.empty() || x == std::string::npos || rest.rfind("offset", 0) != 0 || rest.find('=') == std::string::npos)
      throw UserError("expected 'NAME ROWSxBYTES: offset = EXPR'");
    try {
      l.rows = std::stoll(dims.substr(0, x));
      l.bytes = std::stoll(dims.substr(x + 1));
    } catch (const std::exception&) {
      throw UserError("layout size '" + dims + "' is not ROWSxBYTES");
    }
    if (l.rows < 1 || l.bytes < 1 || l.rows * l.bytes > (int64_t(1) << 20)) throw UserError("layout size '" + dims + "' out of range");
    l.offset_text = trim(rest.substr(rest.find('=') + 1));
    l.offset = parse_isa_index(l.offset_text, {{"row", 0}, {"byte", 1}});
    for (int64_t r = 0; r < l.rows; ++r)
      for (int64_t b = 0; b < l.bytes; ++b) l.offsets.push_back(eval_isa_index(l.offset, r, b));
    s_.layouts.push_back(std::move(l));
  }
  void tile(const std::string& v) {
    size_t eq = v.find('=');
    if (eq == std::string::npos) throw UserError("expected 'd[i, j] = EXPR'");
    std::map<std::string, int64_t> params;
    if (!s_.param.empty()) params["N"] = 8;
    s_.semantics = parse_isa_expr(trim(v.substr(eq + 1)), inputs(), kTileVars, params);
    set_kind(InstrKind::Matrix);
  }
  void nan(const std::string& v) {
    if (v == "drops") s_.nan_drops = true;
    else if (v == "propagates") s_.nan_drops = false;
    else throw UserError("expected 'propagates' or 'drops'");
  }
  void error(const std::string& v) {
    std::istringstream in(v);
    std::string kind, val;
    in >> kind >> val;
    if (kind == "rel") s_.error.kind = ErrorBound::Kind::Rel;
    else if (kind == "abs") s_.error.kind = ErrorBound::Kind::Abs;
    else if (kind == "ulp") s_.error.kind = ErrorBound::Kind::Ulp;
    else throw UserError("expected rel, abs or ulp");
    s_.error.value = number(val, "error");
  }
  void cost(const std::string& v) {
    std::istringstream in(v);
    std::string item;
    while (in >> item) {
      size_t eq = item.find('=');
      if (eq == std::string::npos) throw UserError("expected latency=N issue=N");
      std::string k = item.substr(0, eq);
      double x = number(item.substr(eq + 1), k);
      if (k == "latency") s_.latency = x;
      else if (k == "issue") s_.issue = x;
      else throw UserError("unknown cost '" + k + "'");
    }
  }

  InstrSpec& s_;
  std::string where_, block_;
  bool have_type_ = false;
};

// A regular file only (a FIFO would block), at most 16 MiB, counted while reading.
std::string read_file(const std::string& path) { return read_input_file(path, size_t{16} << 20, "ISA spec file"); }

}  // namespace

std::string ErrorBound::str() const {
  std::ostringstream os;
  os.precision(3);
  switch (kind) {
    case Kind::Exact: return "exact";
    case Kind::Rel: os << "rel " << value; break;
    case Kind::Abs: os << "abs " << value; break;
    case Kind::Ulp: os << value << " ulp"; break;
  }
  return os.str();
}

int InstrSpec::input_index(const std::string& n) const {
  for (size_t i = 0; i < ins.size(); ++i)
    if (ins[i].name == n) return static_cast<int>(i);
  return -1;
}

const InstrSpec* Isa::find(const std::string& name) const {
  for (const auto& i : instrs)
    if (i.name == name) return &i;
  return nullptr;
}

std::vector<InstrSpec> parse_instructions(std::string_view text, const std::string& path) {
  std::vector<InstrSpec> out;
  std::unique_ptr<InstrParser> cur;
  std::istringstream in{std::string(text)};
  std::string raw;
  int lineno = 0;
  while (std::getline(in, raw)) {
    ++lineno;
    std::string where = path + ":" + std::to_string(lineno);
    std::string l = raw.substr(0, raw.find('#'));
    if (trim(l).empty()) continue;
    if (!std::isspace(static_cast<unsigned char>(l[0]))) {
      std::istringstream head(l);
      std::string kw, name, extra;
      head >> kw >> name >> extra;
      if (kw != "instruction" || name.empty() || !extra.empty())
        throw UserError(where + ": expected 'instruction NAME'");
      if (cur) cur->finish();
      for (const auto& s : out)
        if (s.name == name) throw UserError(where + ": instruction '" + name + "' defined twice");
      out.emplace_back();
      out.back().name = name;
      out.back().where = where;
      cur = std::make_unique<InstrParser>(out.back(), where);
      continue;
    }
    if (!cur) throw UserError(where + ": indented line outside an instruction");
    std::string t = trim(l);
    size_t sp = t.find_first_of(" \t");
    std::string key = t.substr(0, sp), value = sp == std::string::npos ? "" : trim(t.substr(sp));
    cur->at(where);  // errors name this line
    cur->line(key, value);
  }
  if (cur) cur->finish();
  return out;
}

TargetDesc parse_target(std::string_view text, const std::string& path) {
  TargetDesc t;
  std::istringstream in{std::string(text)};
  std::string raw;
  int lineno = 0;
  std::map<std::string, std::string> kv;
  while (std::getline(in, raw)) {
    ++lineno;
    std::string l = trim(raw.substr(0, raw.find('#')));
    if (l.empty()) continue;
    size_t sp = l.find_first_of(" \t");
    if (sp == std::string::npos) throw UserError(path + ":" + std::to_string(lineno) + ": expected 'key value'");
    kv[l.substr(0, sp)] = trim(l.substr(sp));
  }
  auto get = [&](const char* k) {
    auto it = kv.find(k);
    if (it == kv.end()) throw UserError(path + ": missing '" + k + "'");
    return it->second;
  };
  auto num = [&](const char* k) { return number(get(k), path + ": " + k); };
  t.target = get("target");
  if (t.target.rfind("sm_", 0) != 0) throw UserError(path + ": target: expected sm_NN");
  t.sm = static_cast<int>(number(t.target.substr(3), path + ": target"));
  t.name = get("name");
  t.sm_count = static_cast<int>(num("sm_count"));
  t.warp_size = static_cast<int>(num("warp_size"));
  t.threads_per_block = static_cast<int>(num("threads_per_block"));
  t.regs_per_thread = static_cast<int>(num("regs_per_thread"));
  t.regs_per_sm = static_cast<int>(num("regs_per_sm"));
  t.threads_per_sm = static_cast<int>(num("threads_per_sm"));
  t.smem_per_block = static_cast<int64_t>(num("smem_per_block"));
  t.smem_per_sm = static_cast<int64_t>(num("smem_per_sm"));
  t.l2_bytes = static_cast<int64_t>(num("l2_bytes"));
  t.hbm_gb_s = num("hbm_gb_s");
  t.clock_mhz = num("clock_mhz");
  std::istringstream peaks(get("peak_tflops"));
  std::string item;
  while (peaks >> item) {
    size_t eq = item.find('=');
    if (eq == std::string::npos) throw UserError(path + ": peak_tflops: expected NAME=VALUE");
    t.peak_tflops[item.substr(0, eq)] = number(item.substr(eq + 1), path + ": peak_tflops");
  }
  if (kv.count("model_rates")) {
    std::istringstream rates(kv["model_rates"]);
    while (rates >> item) {
      const size_t eq = item.find('=');
      if (eq == std::string::npos) throw UserError(path + ": model_rates: expected NAME=VALUE, got '" + item + "'");
      const std::string key = item.substr(0, eq);
      if (key != "copy_gb_s" && key != "bf16_tensor" && key != "tf32_tensor" && key != "fp32")
        throw UserError(path + ": model_rates: unknown rate '" + key + "' (known: copy_gb_s, bf16_tensor, tf32_tensor, fp32)");
      const double v = number(item.substr(eq + 1), path + ": model_rates");
      if (!(v > 0)) throw UserError(path + ": model_rates: '" + item + "': a rate above 0");
      t.model_rates[key] = v;
    }
  }
  if (kv.count("launch_us")) {
    t.launch_us = num("launch_us");
    if (t.launch_us < 0) throw UserError(path + ": launch_us: expected microseconds, 0 or more");
  }
  if (kv.count("cluster_sms")) {
    std::istringstream sizes(kv["cluster_sms"]);
    while (sizes >> item) {
      const size_t eq = item.find('=');
      if (eq == std::string::npos) throw UserError(path + ": cluster_sms: expected SIZE=SMS, got '" + item + "'");
      const double c = number(item.substr(0, eq), path + ": cluster_sms"), n = number(item.substr(eq + 1), path + ": cluster_sms");
      if (c < 1 || c > 16 || c != std::floor(c) || n < c || n > t.sm_count || n != std::floor(n))
        throw UserError(path + ": cluster_sms: '" + item + "': a cluster size of 1 to 16 and a whole number of SMs from it to sm_count");
      t.cluster_sms[static_cast<int>(c)] = static_cast<int>(n);
    }
  }
  return t;
}

TargetDesc load_target(const std::string& dir, const std::string& target) {
  namespace fs = std::filesystem;
  fs::path tfile = fs::path(dir) / "targets" / (target + ".target");
  std::error_code exists_ec;
  if (!fs::exists(tfile, exists_ec)) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::path(dir) / "targets", ec))
      if (e.path().extension() == ".target") names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    std::string known;
    for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
    throw UserError("--target: unknown target '" + target + "' (known: " + (known.empty() ? "none in " + dir : known) + ")");
  }
  return parse_target(read_file(tfile.string()), tfile.string());
}

Isa load_isa(const std::string& dir, const std::string& target) {
  namespace fs = std::filesystem;
  Isa isa;
  isa.target = load_target(dir, target);
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(fs::path(dir) / "ptx", ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".isa") files.push_back(it->path());
  if (ec) throw UserError((fs::path(dir) / "ptx").string() + ": cannot read the directory: " + ec.message());
  std::sort(files.begin(), files.end());
  for (const auto& f : files)
    for (auto& s : parse_instructions(read_file(f.string()), f.string()))
      if (s.sm <= isa.target.sm && (s.max_sm == 0 || isa.target.sm <= s.max_sm)) isa.instrs.push_back(std::move(s));
  return isa;
}

std::string default_isa_dir() {
  if (const char* d = std::getenv("AXON_ISA_DIR")) return d;
  return AXON_ISA_DIR;
}

}  // namespace axon
