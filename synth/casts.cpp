// Casts between the float types, synthesized over the bit-level reading of the specs
// (docs/synthesis.md, "Casts"): bottom-up enumeration of instruction sequences on patterns,
// a full check (every pattern of a 16-bit source, a million of a 32-bit one), then a proof for
// every pattern by Z3 and CVC5 over bit-vectors and IEEE floats.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <unordered_map>

#include "axon/semantics/solver.h"
#include "bitlevel.h"
#include "internal.h"

namespace axon {

namespace {

struct BVal {
  std::vector<uint32_t> s;  // the pattern at each sample point
  int width = 0;
  double cost = 0;
  bool constant = false;
  const InstrSpec* instr = nullptr;  // nullptr: a leaf (the input, or a constant)
  std::vector<int> args;
  uint32_t value = 0;  // a constant's value
  int input = -1;      // a leaf that is input `input`
};

struct Key {
  size_t operator()(const std::pair<int, std::vector<uint32_t>>& k) const {
    size_t h = static_cast<size_t>(k.first);
    for (uint32_t v : k.second) h = h * 1000003u ^ v;
    return h;
  }
};

// Cast: one `from` pattern to `to`. Pack: two f32 patterns to a pair of `to` (x0 in bits 15:0).
// Join: two 16-bit patterns into one 32-bit register, x0 in bits 15:0 (a pack's last step).
enum class Mode : uint8_t { Cast, Pack, Join };

class CastSearch {
 public:
  CastSearch(const Isa& isa, DType from, DType to, Mode mode, int max_instrs)
      : from_(from), to_(to), mode_(mode), max_(max_instrs), in_w_(dtype_bytes(from) * 8),
        out_w_(mode == Mode::Cast ? dtype_bytes(to) * 8 : 32) {
    for (const auto& i : isa.instrs)
      if (synth::bit_level(i)) instrs_.push_back(&i);
  }
  int inputs() const { return mode_ == Mode::Cast ? 1 : 2; }
  // The second input's pattern at a sample point: the first's sample, rotated.
  static uint32_t partner(const std::vector<uint32_t>& s, size_t p) { return s[(p * 7 + 3) % s.size()]; }

  // The sample: special patterns (zeros, infinities, NaNs with payloads in every part, the
  // subnormal and overflow edges, rounding ties of every narrower format) and random ones.
  std::vector<uint32_t> sample(size_t random, uint64_t seed) const {
    std::vector<uint32_t> s;
    if (in_w_ == 16) {
      for (uint32_t v : {0x0000u, 0x8000u, 0x7c00u, 0xfc00u, 0x7f80u, 0xff80u, 0x7fffu, 0x7e00u, 0x7c01u, 0x7f81u, 0x0001u,
                         0x03ffu, 0x0400u, 0x007fu, 0x0080u, 0x7bffu, 0x7f7fu, 0x3c00u, 0x3f80u, 0x477fu, 0x4780u, 0x3800u, 0x3001u})
        s.push_back(v);
    } else {
      for (uint32_t v : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7fffffffu, 0x7f800001u,
                         0xffc00001u, 0x7f810000u, 0x7f802000u, 0x00000001u, 0x007fffffu, 0x00800000u, 0x7f7fffffu,
                         0xff7fffffu, 0x3f800000u, 0x3f808000u, 0x3f818000u, 0x3f808001u, 0x3f807fffu, 0x3f80ffffu,
                         0x7f7f8000u, 0x477fe000u, 0x477ff000u, 0x477fefffu, 0x33800000u, 0x33000000u, 0x33400000u,
                         0x387fc000u, 0x38800000u, 0x3f801000u, 0x3f803000u, 0xc7800000u, 0x00008000u})
        s.push_back(v);
    }
    std::mt19937_64 rng(seed);
    for (size_t i = 0; i < random; ++i) {
      auto v = static_cast<uint32_t>(rng());
      if (in_w_ == 16) v &= 0xffff;
      if (i % 4 == 1 && in_w_ == 32) v = (v & ~0xffffu) | 0x8000u;  // bf16 ties
      if (i % 4 == 2 && in_w_ == 32) v = (v & ~0x1fffu) | 0x1000u;  // f16 ties
      s.push_back(v);
    }
    return s;
  }

  uint32_t target(uint32_t x0, uint32_t x1) const {
    if (mode_ == Mode::Join) return x0 | (x1 << 16);
    uint32_t r = synth::float_bits(to_, synth::float_value(from_, x0), RoundMode::Rne);
    if (mode_ == Mode::Pack) r |= synth::float_bits(to_, synth::float_value(from_, x1), RoundMode::Rne) << 16;
    return r;
  }
  bool same(uint32_t got, uint32_t want) const {
    auto one = [&](uint32_t g, uint32_t w) {
      return g == w || (std::isnan(synth::float_value(to_, g)) && std::isnan(synth::float_value(to_, w)));
    };
    if (mode_ == Mode::Join) return got == want;
    if (mode_ == Mode::Cast) return one(got, want);
    return one(got & 0xffffu, want & 0xffffu) && one(got >> 16, want >> 16);
  }

  // Enumerates; returns the matches on the sample, cheapest first.
  std::vector<int> run(int& candidates, bool& too_wide) {
    pts_ = sample(96, 7);
    for (size_t p = 0; p < pts_.size(); ++p) {
      pts1_.push_back(partner(pts_, p));
      want_.push_back(target(pts_[p], pts1_[p]));
    }
    for (int k = 0; k < inputs(); ++k) add_leaf(false, static_cast<uint32_t>(k), in_w_);
    const int df = frac_bits(from_) - frac_bits(to_);
    std::vector<uint32_t> pool{0, 1, 0xffff};
    if (in_w_ != out_w_) pool.push_back(static_cast<uint32_t>(std::abs(in_w_ - out_w_)));
    if (df > 0) for (uint32_t v : {uint32_t(df), (1u << df) - 1, 1u << (df - 1), (1u << (df - 1)) - 1}) pool.push_back(v);
    for (uint32_t v : pool)
      for (int w : {16, 32})
        if (w == 32 || v <= 0xffff) add_leaf(true, v, w);
    std::vector<int> matches;
    double best = 1e30, cheapest = 1e30;
    for (const InstrSpec* i : instrs_) cheapest = std::min(cheapest, i->issue);
    for (int k = 1; k <= max_ && !too_wide; ++k) {
      if (k * cheapest >= best) break;
      by_count_.emplace_back();
      for (const InstrSpec* in : instrs_) {
        std::vector<int> args(synth::input_slots(*in).size());
        expand(*in, k - 1, 0, args, k, matches, best, candidates, too_wide);
      }
    }
    std::sort(matches.begin(), matches.end(), [&](int a, int b) { return vals_[a].cost < vals_[b].cost; });
    return matches;
  }

  const BVal& val(int id) const { return vals_[static_cast<size_t>(id)]; }
  int in_width() const { return in_w_; }
  DType from() const { return from_; }
  DType to() const { return to_; }
  Mode mode() const { return mode_; }

 private:
  static int frac_bits(DType t) { return t == DType::f32 ? 23 : t == DType::bf16 ? 7 : 10; }

  // A constant of value v, or input v.
  void add_leaf(bool constant, uint32_t v, int w) {
    BVal b;
    b.width = w;
    b.constant = constant;
    b.value = constant ? v : 0;
    b.input = constant ? -1 : static_cast<int>(v);
    b.s = constant ? std::vector<uint32_t>(pts_.size(), v) : v == 0 ? pts_ : pts1_;
    insert(std::move(b), 0);
  }

  int insert(BVal b, int count) {
    auto key = std::make_pair(b.width, b.s);
    if (auto it = seen_.find(key); it != seen_.end()) {
      BVal& old = vals_[static_cast<size_t>(it->second)];
      if (b.cost < old.cost) {  // the same behaviour, cheaper: keep this derivation
        old.instr = b.instr;
        old.args = b.args;
        old.cost = b.cost;
      }
      return -1;
    }
    vals_.push_back(std::move(b));
    int id = static_cast<int>(vals_.size()) - 1;
    seen_.emplace(std::move(key), id);
    if (static_cast<int>(by_count_.size()) <= count) by_count_.resize(static_cast<size_t>(count) + 1);
    by_count_[static_cast<size_t>(count)].push_back(id);
    return id;
  }

  // Chooses operand `pos` onward with `left` instructions still to place below this one.
  void expand(const InstrSpec& in, int left, size_t pos, std::vector<int>& args, int k, std::vector<int>& matches,
              double& best, int& candidates, bool& too_wide) {
    if (too_wide) return;
    const std::vector<int> slots = synth::input_slots(in);
    if (pos == slots.size()) {
      if (left != 0) return;
      apply(in, args, k, matches, best, candidates, too_wide);
      return;
    }
    const int w = slots[pos];
    for (int c = 0; c <= left; ++c) {
      if (pos + 1 == slots.size() && c != left) continue;
      for (int id : by_count_[static_cast<size_t>(c)]) {
        if (vals_[static_cast<size_t>(id)].width != w) continue;
        args[pos] = id;
        expand(in, left - c, pos + 1, args, k, matches, best, candidates, too_wide);
      }
    }
  }

  void apply(const InstrSpec& in, const std::vector<int>& args, int k, std::vector<int>& matches, double& best,
             int& candidates, bool& too_wide) {
    bool all_constant = true;
    double cost = in.issue;
    for (int a : args) {
      all_constant = all_constant && vals_[static_cast<size_t>(a)].constant;
      cost += vals_[static_cast<size_t>(a)].cost;
    }
    if (all_constant) return;  // constants come from the pool
    ++candidates;
    if (candidates > 3000000) {
      too_wide = true;
      return;
    }
    BVal b;
    b.width = synth::slot_widths(in.outs[0].type).at(0);
    b.instr = &in;
    b.args = args;
    b.cost = cost;
    b.s.resize(pts_.size());
    std::vector<uint32_t> x(args.size());
    for (size_t p = 0; p < pts_.size(); ++p) {
      for (size_t a = 0; a < args.size(); ++a) x[a] = vals_[static_cast<size_t>(args[a])].s[p];
      b.s[p] = synth::eval_instr(in, x);
    }
    bool match = b.width == out_w_;
    for (size_t p = 0; match && p < pts_.size(); ++p) match = same(b.s[p], want_[p]);
    if (match) best = std::min(best, cost);
    int id = -1;
    if (match || k < max_) id = insert(std::move(b), k);
    if (match && id >= 0) matches.push_back(id);
  }

  DType from_, to_;
  Mode mode_;
  int max_, in_w_, out_w_;
  std::vector<const InstrSpec*> instrs_;
  std::vector<uint32_t> pts_, pts1_, want_;  // the inputs' patterns and the target's at each point
  std::vector<BVal> vals_;
  std::vector<std::vector<int>> by_count_;
  std::unordered_map<std::pair<int, std::vector<uint32_t>>, int, Key> seen_;
};

// The sequence of a value as lowering steps (post-order; shared values once).
void steps_of(const CastSearch& cs, int id, Lowering& l, std::map<int, std::string>& names) {
  if (names.count(id)) return;
  const BVal& v = cs.val(id);
  if (!v.instr) {
    std::string name = v.constant ? "k" + std::to_string(v.value) : "x" + std::to_string(v.input);
    if (v.constant) l.constants[name] = static_cast<double>(v.value);
    names[id] = name;
    return;
  }
  LoweringStep s;
  s.instr = v.instr;
  for (int a : v.args) {
    steps_of(cs, a, l, names);
    s.args.push_back(names.at(a));
  }
  s.out = "r" + std::to_string(l.steps.size());
  names[id] = s.out;
  l.steps.push_back(std::move(s));
}

std::string describe(const CastSearch& cs, int id) {
  const BVal& v = cs.val(id);
  if (!v.instr) {
    if (!v.constant) return cs.inputs() == 2 ? "x" + std::to_string(v.input) : "x";
    std::ostringstream h;
    h << (v.value > 9 ? std::hex : std::dec) << (v.value > 9 ? "0x" : "") << v.value;
    return h.str();
  }
  std::string s = v.instr->name + "(";
  for (size_t a = 0; a < v.args.size(); ++a) s += (a ? ", " : "") + describe(cs, v.args[a]);
  return s + ")";
}

smt::Expr encode(const CastSearch& cs, int id, const std::vector<smt::Expr>& x, std::map<int, smt::Expr>& memo,
                 std::vector<smt::Expr>& side) {
  if (auto it = memo.find(id); it != memo.end()) return it->second;
  const BVal& v = cs.val(id);
  smt::Expr e;
  if (!v.instr) {
    e = v.constant ? smt::bv(v.value, v.width) : x.at(static_cast<size_t>(v.input));
  } else {
    std::vector<smt::Expr> in;
    for (int a : v.args) in.push_back(encode(cs, a, x, memo, side));
    e = synth::encode_instr(*v.instr, in, "r" + std::to_string(id), side);
  }
  memo[id] = e;
  return e;
}

std::string hex(uint32_t v, int width) {
  std::ostringstream os;
  os << "0x" << std::hex;
  os.width(width / 4);
  os.fill('0');
  os << v;
  return os.str();
}

// A counterexample among every 16-bit pattern, or a million 32-bit ones (pairs of them for a
// pack); nullopt when none.
std::optional<std::pair<uint32_t, uint32_t>> refute(const CastSearch& cs, int id) {
  std::vector<uint32_t> pts;
  if (cs.in_width() == 16) {
    for (uint32_t v = 0; v < 0x10000; ++v) pts.push_back(v);
  } else {
    pts = cs.sample(1 << 20, 99);
  }
  std::function<uint32_t(int, const uint32_t*)> run = [&](int vid, const uint32_t* x) -> uint32_t {
    const BVal& v = cs.val(vid);
    if (!v.instr) return v.constant ? v.value : x[v.input];
    std::vector<uint32_t> in;
    for (int a : v.args) in.push_back(run(a, x));
    return synth::eval_instr(*v.instr, in);
  };
  for (size_t p = 0; p < pts.size(); ++p) {
    const uint32_t x[2] = {pts[p], CastSearch::partner(pts, p)};
    if (!cs.same(run(id, x), cs.target(x[0], x[1]))) return std::make_pair(x[0], x[1]);
  }
  return std::nullopt;
}

// The proof for every input pattern: the candidate's result (each half, for a pack) encodes the
// same float as the input rounded to `to` (SMT-LIB `=`: NaN equals NaN whatever the payload,
// -0 differs from +0). Empty when Z3 and CVC5 both prove it, else the verdict.
std::string prove(const CastSearch& cs, int id, const smt::Limits& limits, double& seconds) {
  std::vector<smt::Expr> x;
  for (int k = 0; k < cs.inputs(); ++k) x.push_back(smt::constant("x" + std::to_string(k), smt::bv_sort(cs.in_width())));
  std::map<int, smt::Expr> memo;
  std::vector<smt::Expr> q;
  smt::Expr got = encode(cs, id, x, memo, q);
  auto rounded = [&](const smt::Expr& in) {
    // Between two 16-bit formats the value goes through binary32 first (exact), which is the
    // same number: cvc5 1.0's experimental binary16 mode crashes on a direct bfloat16 -> binary16.
    smt::Expr v = smt::fp_from_bits(in, synth::fp_sort(cs.from()));
    if (cs.from() != DType::f32 && cs.to() != DType::f32) v = smt::fp_round(v, smt::Sort::F32, smt::Rounding::RNE);
    return smt::fp_round(v, synth::fp_sort(cs.to()), smt::Rounding::RNE);
  };
  if (cs.mode() == Mode::Join) {
    q.push_back(smt::lnot(smt::eq(got, smt::bv_or(smt::bv_resize(x[0], 32), smt::bv_shl(smt::bv_resize(x[1], 32), smt::bv(16, 32))))));
  } else if (cs.mode() == Mode::Cast) {
    q.push_back(smt::lnot(smt::eq(smt::fp_from_bits(got, synth::fp_sort(cs.to())), rounded(x[0]))));
  } else {
    const smt::Sort to = synth::fp_sort(cs.to());
    smt::Expr lo = smt::bv_resize(got, 16), hi = smt::bv_resize(smt::bv_lshr(got, smt::bv(16, 32)), 16);
    q.push_back(smt::lnot(smt::land({smt::eq(smt::fp_from_bits(lo, to), rounded(x[0])), smt::eq(smt::fp_from_bits(hi, to), rounded(x[1]))})));
  }
  for (auto b : {smt::Backend::Z3, smt::Backend::CVC5}) {
    // cvc5 runs in a child process: its binary16 mode may crash (docs/synthesis.md).
    auto r = b == smt::Backend::Z3 ? smt::check_sat(b, q, x, limits) : smt::check_sat_isolated(b, q, limits);
    seconds += r.seconds;
    if (r.result == smt::SatResult::Unsat) continue;
    if (r.result == smt::SatResult::Sat) {
      std::string at;
      for (size_t k = 0; k < r.values.size(); ++k)
        if (r.values[k]) at += (at.empty() ? " at " : ", ") + hex(static_cast<uint32_t>(*r.values[k]), cs.in_width());
      return std::string("REFUTED by ") + smt::backend_name(b) + at;
    }
    return std::string("UNKNOWN (") + smt::backend_name(b) + ": " + r.reason + ")";
  }
  return "";
}

// The cheapest proved sequence for the mode, or the reasons none was.
struct Found {
  const CastSearch* cs = nullptr;
  int id = -1;
  std::vector<std::string> refuted;
  bool too_wide = false, matched = false;
};
Found search_and_prove(const CastSearch& cs, std::vector<int> matches, bool too_wide, Lowering& l, const smt::Limits& limits) {
  Found f;
  f.cs = &cs;
  f.too_wide = too_wide;
  f.matched = !matches.empty();
  for (size_t m = 0; m < matches.size() && m < 8; ++m) {
    const int id = matches[m];
    std::string seq = describe(cs, id);
    if (auto bad = refute(cs, id)) {
      f.refuted.push_back(seq + " differs at " + hex(bad->first, cs.in_width()) +
                          (cs.inputs() == 2 ? ", " + hex(bad->second, cs.in_width()) : ""));
      continue;
    }
    std::string verdict = prove(cs, id, limits, l.proof_seconds);
    if (!verdict.empty()) {
      f.refuted.push_back(seq + ": " + verdict);
      continue;
    }
    f.id = id;
    break;
  }
  return f;
}

// Appends the steps of `part` to l, its inputs renamed by `inputs` and its own values
// prefixed; returns the name of its result.
std::string append(const Lowering& part, Lowering& l, const std::map<std::string, std::string>& inputs) {
  const std::string prefix = l.steps.empty() ? "" : "r" + std::to_string(l.steps.size()) + "_";
  auto rename = [&](const std::string& n) {
    if (auto it = inputs.find(n); it != inputs.end()) return it->second;
    if (part.constants.count(n)) return n;
    return prefix + n;
  };
  for (auto s : part.steps) {
    for (auto& a : s.args) a = rename(a);
    s.out = rename(s.out);
    l.steps.push_back(s);
  }
  for (const auto& [k, v] : part.constants) l.constants[k] = v;
  return rename(part.result);
}

// A found sequence's steps appended to l (see append).
std::string append_steps(const CastSearch& cs, int id, Lowering& l, const std::map<std::string, std::string>& inputs) {
  Lowering part;
  std::map<int, std::string> names;
  steps_of(cs, id, part, names);
  part.result = names.at(id);
  return append(part, l, inputs);
}

Lowering synthesize(const Isa& isa, DType from, DType to, Mode mode, const SynthOptions& opts) {
  auto start = std::chrono::steady_clock::now();
  Lowering l;
  l.op = mode == Mode::Pack ? "pack" : "cast";
  l.dtype = to;
  l.source = from;
  l.cast = true;
  l.inputs = mode == Mode::Pack ? std::vector<std::string>{"x0", "x1"} : std::vector<std::string>{"x0"};
  const int max_instrs = std::max(opts.max_instrs, mode == Mode::Pack ? 2 : 4);
  CastSearch cs(isa, from, to, mode, max_instrs);
  bool too_wide = false;
  std::vector<int> matches = cs.run(l.candidates, too_wide);
  Found f = search_and_prove(cs, matches, too_wide, l, smt::Limits{opts.timeout_ms, opts.resource_limit});
  std::vector<std::string> why = f.refuted;
  if (f.id >= 0) {
    l.found = true;
    l.proof = "PROVED (Z3 and CVC5, every input pattern)";
    l.expression = describe(cs, f.id);
    l.result = append_steps(cs, f.id, l, {{"x0", "x0"}, {"x1", "x1"}});
  } else if (mode == Mode::Pack) {
    // Composed: each value cast on its own, then the two halves joined; both parts proved for
    // every pattern, so the whole is.
    Lowering lane = synthesize(isa, from, to, Mode::Cast, opts);
    l.candidates += lane.candidates;
    l.proof_seconds += lane.proof_seconds;
    CastSearch join(isa, to, to, Mode::Join, 2);
    bool jw = false;
    std::vector<int> jm = join.run(l.candidates, jw);
    Found jf = search_and_prove(join, jm, jw, l, smt::Limits{opts.timeout_ms, opts.resource_limit});
    if (lane.found && jf.id >= 0) {
      const std::string lo = append(lane, l, {{"x0", "x0"}}), hi = append(lane, l, {{"x0", "x1"}});
      l.result = append_steps(join, jf.id, l, {{"x0", lo}, {"x1", hi}});
      l.found = true;
      l.proof = "PROVED (Z3 and CVC5, every input pattern: the cast, and the join of two halves)";
      l.expression = describe(join, jf.id) + " of " + lane.expression + " (each)";
    } else {
      why.push_back(!lane.found ? "the cast alone: " + lane.why_not : "no proved join of two halves");
    }
  }
  if (l.found) {
    for (const auto& s : l.steps) {
      l.cost += s.instr->issue;
      l.latency += s.instr->latency;
    }
  } else {
    l.why_not = f.matched ? "no candidate survived the checks"
                : f.too_wide ? "no sequence found before the search grew too wide"
                             : "no sequence of up to " + std::to_string(max_instrs) + " bit-level instructions matches";
    for (const auto& r : why) l.why_not += "; " + r;
  }
  l.search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - l.proof_seconds;
  return l;
}

}  // namespace

Lowering synthesize_cast(const Isa& isa, DType from, DType to, const SynthOptions& opts) {
  return synthesize(isa, from, to, Mode::Cast, opts);
}

Lowering synthesize_pack(const Isa& isa, DType to, const SynthOptions& opts) {
  return synthesize(isa, DType::f32, to, Mode::Pack, opts);
}

std::vector<std::pair<DType, DType>> float_casts() {
  return {{DType::f32, DType::bf16}, {DType::f32, DType::f16}, {DType::bf16, DType::f32},
          {DType::f16, DType::f32},  {DType::bf16, DType::f16}, {DType::f16, DType::bf16}};
}

}  // namespace axon
