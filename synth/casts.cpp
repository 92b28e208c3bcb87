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

using synth::reg_width;

struct BVal {
  std::vector<uint32_t> s;  // the pattern at each sample point
  int width = 0, count = 0;
  double cost = 0;
  bool constant = false;
  const InstrSpec* instr = nullptr;  // nullptr: a leaf (the input, or a constant)
  std::vector<int> args;
  uint32_t value = 0;  // a constant's value
};

struct Key {
  size_t operator()(const std::pair<int, std::vector<uint32_t>>& k) const {
    size_t h = static_cast<size_t>(k.first);
    for (uint32_t v : k.second) h = h * 1000003u ^ v;
    return h;
  }
};

class CastSearch {
 public:
  CastSearch(const Isa& isa, DType from, DType to, int max_instrs)
      : from_(from), to_(to), max_(max_instrs), in_w_(dtype_bytes(from) * 8), out_w_(dtype_bytes(to) * 8) {
    for (const auto& i : isa.instrs)
      if (synth::bit_level(i)) instrs_.push_back(&i);
  }

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
      if (i % 4 == 1) v = (v & ~0xffffu) | 0x8000u;  // bf16 ties
      if (i % 4 == 2 && in_w_ == 32) v = (v & ~0x1fffu) | 0x1000u;  // f16 ties
      s.push_back(v);
    }
    return s;
  }

  uint32_t target(uint32_t x) const {
    return synth::float_bits(to_, synth::float_value(from_, x), RoundMode::Rne);
  }
  bool same(uint32_t got, uint32_t want) const {
    return got == want || (std::isnan(synth::float_value(to_, got)) && std::isnan(synth::float_value(to_, want)));
  }

  // Enumerates; returns the matches on the sample, cheapest first.
  std::vector<int> run(int& candidates, bool& too_wide) {
    pts_ = sample(96, 7);
    for (uint32_t p : pts_) want_.push_back(target(p));
    add_leaf(false, 0, in_w_);
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
        std::vector<int> args(in->ins.size());
        expand(*in, k - 1, 0, args, k, matches, best, candidates, too_wide);
      }
    }
    std::sort(matches.begin(), matches.end(), [&](int a, int b) { return vals_[a].cost < vals_[b].cost; });
    return matches;
  }

  const BVal& val(int id) const { return vals_[static_cast<size_t>(id)]; }
  int in_width() const { return in_w_; }
  int out_width() const { return out_w_; }
  DType from() const { return from_; }
  DType to() const { return to_; }

 private:
  static int frac_bits(DType t) { return t == DType::f32 ? 23 : t == DType::bf16 ? 7 : 10; }

  void add_leaf(bool constant, uint32_t v, int w) {
    BVal b;
    b.width = w;
    b.constant = constant;
    b.value = v;
    b.s = constant ? std::vector<uint32_t>(pts_.size(), v) : pts_;
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
    b.count = count;
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
    if (pos == in.ins.size()) {
      if (left != 0) return;
      apply(in, args, k, matches, best, candidates, too_wide);
      return;
    }
    const int w = reg_width(in.ins[pos].type);
    for (int c = 0; c <= left; ++c) {
      if (pos + 1 == in.ins.size() && c != left) continue;
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
    b.width = reg_width(in.outs[0].type);
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
  int max_, in_w_, out_w_;
  std::vector<const InstrSpec*> instrs_;
  std::vector<uint32_t> pts_, want_;
  std::vector<BVal> vals_;
  std::vector<std::vector<int>> by_count_;
  std::unordered_map<std::pair<int, std::vector<uint32_t>>, int, Key> seen_;
};

// The sequence of a value as lowering steps (post-order; shared values once).
void steps_of(const CastSearch& cs, int id, Lowering& l, std::map<int, std::string>& names) {
  if (names.count(id)) return;
  const BVal& v = cs.val(id);
  if (!v.instr) {
    std::string name = v.constant ? "k" + std::to_string(v.value) : "x0";
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
    if (!v.constant) return "x";
    std::ostringstream h;
    h << (v.value > 9 ? std::hex : std::dec) << (v.value > 9 ? "0x" : "") << v.value;
    return h.str();
  }
  std::string s = v.instr->name + "(";
  for (size_t a = 0; a < v.args.size(); ++a) s += (a ? ", " : "") + describe(cs, v.args[a]);
  return s + ")";
}

smt::Expr encode(const CastSearch& cs, int id, const smt::Expr& x, std::map<int, smt::Expr>& memo,
                 std::vector<smt::Expr>& side) {
  if (auto it = memo.find(id); it != memo.end()) return it->second;
  const BVal& v = cs.val(id);
  smt::Expr e;
  if (!v.instr) {
    e = v.constant ? smt::bv(v.value, v.width) : x;
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

// A counterexample among every 16-bit pattern, or a million 32-bit ones; nullopt when none.
std::optional<uint32_t> refute(const CastSearch& cs, int id) {
  std::vector<uint32_t> pts;
  if (cs.in_width() == 16) {
    for (uint32_t v = 0; v < 0x10000; ++v) pts.push_back(v);
  } else {
    pts = cs.sample(1 << 20, 99);
  }
  std::map<int, std::vector<uint32_t>> memo;
  std::function<uint32_t(int, uint32_t)> run = [&](int vid, uint32_t x) -> uint32_t {
    const BVal& v = cs.val(vid);
    if (!v.instr) return v.constant ? v.value : x;
    std::vector<uint32_t> in;
    for (int a : v.args) in.push_back(run(a, x));
    return synth::eval_instr(*v.instr, in);
  };
  for (uint32_t x : pts) {
    uint32_t want = synth::float_bits(cs.to(), synth::float_value(cs.from(), x), RoundMode::Rne);
    uint32_t got = run(id, x);
    if (got != want && !(std::isnan(synth::float_value(cs.to(), got)) && std::isnan(synth::float_value(cs.to(), want))))
      return x;
  }
  return std::nullopt;
}

}  // namespace

Lowering synthesize_cast(const Isa& isa, DType from, DType to, const SynthOptions& opts) {
  auto start = std::chrono::steady_clock::now();
  Lowering l;
  l.op = "cast";
  l.dtype = to;
  l.source = from;
  l.cast = true;
  CastSearch cs(isa, from, to, std::max(opts.max_instrs, 4));
  bool too_wide = false;
  std::vector<int> matches = cs.run(l.candidates, too_wide);
  std::vector<std::string> refuted;
  for (size_t m = 0; m < matches.size() && m < 8 && !l.found; ++m) {
    const int id = matches[m];
    std::string seq = describe(cs, id);
    if (auto bad = refute(cs, id)) {
      refuted.push_back(seq + " differs at " + hex(*bad, cs.in_width()));
      continue;
    }
    // For every pattern x: the candidate's result encodes the same float as x rounded to `to`
    // (SMT-LIB `=`: NaN equals NaN whatever the payload, -0 differs from +0).
    smt::Expr x = smt::constant("x", smt::bv_sort(cs.in_width()));
    std::map<int, smt::Expr> memo;
    std::vector<smt::Expr> q;
    smt::Expr got = encode(cs, id, x, memo, q);
    // Between two 16-bit formats the value goes through binary32 first (exact), which is the
    // same number: cvc5 1.0's experimental binary16 mode crashes on a direct bfloat16 -> binary16.
    smt::Expr want = smt::fp_from_bits(x, synth::fp_sort(from));
    if (from != DType::f32 && to != DType::f32) want = smt::fp_round(want, smt::Sort::F32, smt::Rounding::RNE);
    want = smt::fp_round(want, synth::fp_sort(to), smt::Rounding::RNE);
    q.push_back(smt::lnot(smt::eq(smt::fp_from_bits(got, synth::fp_sort(to)), want)));
    std::string verdict;
    double seconds = 0;
    for (auto b : {smt::Backend::Z3, smt::Backend::CVC5}) {
      auto r = b == smt::Backend::Z3 ? smt::check_sat(b, q, {x}, opts.timeout_ms) : smt::check_sat_isolated(b, q, opts.timeout_ms);
      seconds += r.seconds;
      if (r.result == smt::SatResult::Unsat) continue;
      if (r.result == smt::SatResult::Sat) {
        std::string at = !r.values.empty() && r.values[0] ? " at " + hex(static_cast<uint32_t>(*r.values[0]), cs.in_width()) : "";
        verdict = std::string("REFUTED by ") + smt::backend_name(b) + at;
      } else {
        verdict = std::string("UNKNOWN (") + smt::backend_name(b) + ": " + r.reason + ")";
      }
      break;
    }
    l.proof_seconds += seconds;
    if (!verdict.empty()) {
      refuted.push_back(seq + ": " + verdict);
      continue;
    }
    l.found = true;
    l.proof = "PROVED (Z3 and CVC5, every input pattern)";
    l.expression = seq;
    std::map<int, std::string> names;
    steps_of(cs, id, l, names);
    l.inputs = {"x0"};
    l.result = names.at(id);
    for (const auto& s : l.steps) {
      l.cost += s.instr->issue;
      l.latency += s.instr->latency;
    }
  }
  if (!l.found) {
    l.why_not = matches.empty() ? (too_wide ? "no sequence found before the search grew too wide"
                                            : "no sequence of up to " + std::to_string(std::max(opts.max_instrs, 4)) +
                                                  " bit-level instructions matches")
                                : "no candidate survived the checks";
    for (const auto& r : refuted) l.why_not += "; " + r;
  }
  l.search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() - l.proof_seconds;
  return l;
}

std::vector<std::pair<DType, DType>> float_casts() {
  return {{DType::f32, DType::bf16}, {DType::f32, DType::f16}, {DType::bf16, DType::f32},
          {DType::f16, DType::f32},  {DType::bf16, DType::f16}, {DType::f16, DType::bf16}};
}

}  // namespace axon
