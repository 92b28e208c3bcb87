// Scalar synthesis: the cheapest sequence of the target's scalar instructions equal to a term
// (docs/synthesis.md). Values are enumerated bottom-up by instruction count with observational
// equivalence (one value per behaviour on a sample, the cheapest), under the cost of the best
// match found; matches are filtered by the dtype's tolerance (documented bounds of approximate
// instructions, and an f32 emulation on a wide sample), then proved in cost order.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>
#include <unordered_map>

#include "internal.h"

namespace axon::synth {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

std::string sig_key(const std::vector<double>& s) {
  std::ostringstream os;
  os.precision(10);
  for (double v : s) os << v << ",";
  return os.str();
}

}  // namespace

double instr_error(const InstrSpec& i) {
  switch (i.error.kind) {
    case ErrorBound::Kind::Exact: return 0;
    case ErrorBound::Kind::Rel: return i.error.value;
    case ErrorBound::Kind::Abs: return i.error.value;  // relative to results of magnitude >= 1
    case ErrorBound::Kind::Ulp: return i.error.value * std::ldexp(1.0, -23);
  }
  return 0;
}

double eval(const Term& t, const std::vector<double>& x, bool f32) {
  auto r = [f32](double v) { return f32 ? static_cast<double>(static_cast<float>(v)) : v; };
  switch (t->kind) {
    case TermKind::Real: return t->rval;
    case TermKind::Read: return x.at(static_cast<size_t>(t->ival));
    case TermKind::ToReal: return t->args[0]->kind == TermKind::Int ? static_cast<double>(t->args[0]->ival) : kNaN;
    case TermKind::Round: return eval(t->args[0], x, f32);
    case TermKind::Select: {
      const Term& c = t->args[0];
      double a = eval(c->args[0], x, f32), b = eval(c->args[1], x, f32);
      bool v = false;
      switch (c->cmp) {
        case CmpOp::Lt: v = a < b; break;
        case CmpOp::Le: v = a <= b; break;
        case CmpOp::Gt: v = a > b; break;
        case CmpOp::Ge: v = a >= b; break;
        case CmpOp::Eq: v = a == b; break;
        case CmpOp::Ne: v = a != b; break;
      }
      return v ? eval(t->args[1], x, f32) : eval(t->args[2], x, f32);
    }
    case TermKind::Apply: {
      double a = eval(t->args[0], x, f32);
      double b = t->args.size() > 1 ? eval(t->args[1], x, f32) : 0;
      const double v = apply_fn(t->fn, a, b);
      // Neg, Abs, Max and Min return an operand (its sign changed): nothing to round.
      const bool exact = t->fn == Fn::Neg || t->fn == Fn::Abs || t->fn == Fn::Max || t->fn == Fn::Min;
      return exact ? v : r(v);
    }
    default: break;
  }
  return kNaN;
}

namespace {

struct Value {
  Term term;
  std::vector<double> sig;
  double cost = 0, latency = 0, err = 0;
  int instrs = 0;
  const InstrSpec* instr = nullptr;  // nullptr: a leaf
  std::vector<int> args;
  std::string leaf;  // input name, or constant name
};

// Sample points: every input takes values spread over signs and magnitudes; div's divisor and
// log's argument are not special-cased (NaN and inf must match too).
std::vector<std::vector<double>> sample(int inputs, uint64_t seed, int n) {
  static const double base[] = {-5.3, -2.1, -0.7, -0.05, 0.0, 0.03, 0.4, 1.0, 1.7, 3.3, 6.1, 11.5};
  std::vector<std::vector<double>> out;
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  for (int i = 0; i < n; ++i) {
    std::vector<double> p;
    for (int k = 0; k < inputs; ++k) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      p.push_back(k == 0 && i < 12 ? base[i] : base[(s >> 33) % 12] * (1 + 0.1 * k));
    }
    if (inputs >= 2 && i % 3 == 1) p[1] = p[0];  // equal operands (comparisons tell them apart)
    out.push_back(p);
  }
  return out;
}

}  // namespace

// A wider sample for the f32 emulation: magnitudes from 1e-6 to 80, both signs.
std::vector<std::vector<double>> wide_sample(int inputs, uint64_t seed) {
  std::vector<std::vector<double>> out = sample(inputs, seed, 12);
  const double inf = std::numeric_limits<double>::infinity();
  for (double special : {inf, -inf, 0.0}) {  // IEEE corners: -inf masks, zeros
    for (int k = 0; k < inputs; ++k) {
      std::vector<double> p = out[static_cast<size_t>(k) % out.size()];
      p[static_cast<size_t>(k)] = special;
      out.push_back(p);
    }
  }
  uint64_t s = seed * 0x2545F4914F6CDD1Dull + 7;
  for (int i = 0; i < 400; ++i) {
    std::vector<double> p;
    for (int k = 0; k < inputs; ++k) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      double u = static_cast<double>((s >> 11) & ((1ull << 53) - 1)) / 9007199254740992.0;
      double mag = std::pow(10.0, -6 + u * 7.9);
      p.push_back(((s >> 7) & 1) ? -mag : mag);
    }
    out.push_back(p);
  }
  return out;
}

SearchResult search(const std::vector<const InstrSpec*>& instrs, const Term& target, int inputs,
                    const std::vector<std::pair<std::string, Term>>& constants,
                    const std::function<bool(Candidate&)>& accept, const SynthOptions& opts,
                    const std::vector<bool>& boolean) {
  SearchResult res;
  auto pts = sample(inputs, opts.seed, 12);
  for (size_t k = 0; k < boolean.size(); ++k)
    if (boolean[k])
      for (size_t i = 0; i < pts.size(); ++i) pts[i][k] = static_cast<double>(i % 2);
  std::vector<double> want;
  for (const auto& p : pts) want.push_back(eval(target, p, false));
  std::vector<Value> pool;
  std::unordered_map<std::string, int> by_sig;
  size_t level_end = 0;  // entries from here on belong to the level being built
  std::function<Term(int)> term_of = [&](int i) -> Term {
    Value& v = pool[static_cast<size_t>(i)];
    if (!v.term) {
      std::vector<Term> args;
      for (int a : v.args) args.push_back(term_of(a));
      v.term = substitute(v.instr->semantics, Substitution{{}, args});
    }
    return v.term;
  };
  auto add = [&](Value v) {
    std::string k = sig_key(v.sig);
    auto it = by_sig.find(k);
    if (it != by_sig.end()) {
      // Only an entry of the level being built may be replaced: nothing refers to it yet.
      Value& old = pool[static_cast<size_t>(it->second)];
      // Ties go to the lower error, then to fewer operands (neg x rather than 0 - x: the sign of
      // a zero result is then the op's).
      const bool better = v.cost < old.cost ||
                          (v.cost == old.cost && (v.err < old.err || (v.err == old.err && v.args.size() < old.args.size())));
      if (static_cast<size_t>(it->second) >= level_end && better) old = std::move(v);
      return false;
    }
    by_sig[k] = static_cast<int>(pool.size());
    pool.push_back(std::move(v));
    return true;
  };
  for (int k = 0; k < inputs; ++k) {
    Value v;
    v.term = term::read(k, {});
    v.leaf = "x" + std::to_string(k);
    for (const auto& p : pts) v.sig.push_back(p[static_cast<size_t>(k)]);
    add(std::move(v));
  }
  for (const auto& [name, c] : constants) {
    Value v;
    v.term = c;
    v.leaf = name;
    double cv = eval(c, {}, false);
    v.sig.assign(pts.size(), cv);
    add(std::move(v));
  }
  double min_issue = 1e9;
  for (const InstrSpec* i : instrs) min_issue = std::min(min_issue, i->issue);
  double best = std::numeric_limits<double>::infinity();
  for (int level = 1; level <= opts.max_instrs && level * min_issue < best; ++level) {
    const size_t n = pool.size();
    level_end = n;
    // Values by instruction count: a tuple for this level has counts summing to level - 1.
    std::vector<std::vector<int>> bucket(static_cast<size_t>(level));
    for (size_t i = 0; i < n; ++i) bucket[static_cast<size_t>(pool[i].instrs)].push_back(static_cast<int>(i));
    for (const InstrSpec* ins : instrs) {
      const int ar = static_cast<int>(ins->ins.size());
      std::vector<int> ks(static_cast<size_t>(ar), 0);  // instruction count of each argument
      for (;;) {
       int ksum = 0;
       double tuples = 1;
       for (int k : ks) {
         ksum += k;
         tuples *= static_cast<double>(bucket[static_cast<size_t>(k)].size());
       }
       if (ksum == level - 1 && tuples > 0 && tuples <= 3e6) {
        std::vector<size_t> pos(static_cast<size_t>(ar), 0);
        std::vector<int> idx(static_cast<size_t>(ar));
        for (;;) {
        for (int a = 0; a < ar; ++a) idx[static_cast<size_t>(a)] = bucket[static_cast<size_t>(ks[static_cast<size_t>(a)])][pos[static_cast<size_t>(a)]];
        int count = 0;
        double cost = ins->issue, lat = 0, err = instr_error(*ins);
        for (int a : idx) {
          count += pool[static_cast<size_t>(a)].instrs;
          cost += pool[static_cast<size_t>(a)].cost;
          lat = std::max(lat, pool[static_cast<size_t>(a)].latency);
          err += pool[static_cast<size_t>(a)].err;
        }
        if (count + 1 == level && cost <= best) {
          ++res.candidates;
          Value v;
          v.instr = ins;
          v.args = idx;
          v.cost = cost;
          v.latency = lat + ins->latency;
          v.err = err;
          v.instrs = level;
          std::vector<double> at(static_cast<size_t>(ar));
          for (size_t p = 0; p < pts.size(); ++p) {
            for (int a = 0; a < ar; ++a) at[static_cast<size_t>(a)] = pool[static_cast<size_t>(idx[static_cast<size_t>(a)])].sig[p];
            v.sig.push_back(eval(ins->semantics, at, false));
          }
          bool match = true;
          for (size_t p = 0; p < pts.size() && match; ++p) match = same(v.sig[p], want[p]);
          if (match) {
            std::vector<Term> args;
            for (int a : idx) args.push_back(term_of(a));
            v.term = substitute(ins->semantics, Substitution{{}, args});
            Candidate c{v.term, v.cost, v.latency, v.err, 0, {}};
            double worst = 0;
            c.measured = worst;
            c.err = err;
            // the steps, in order (values first)
            std::vector<int> order;
            std::function<void(int)> visit = [&](int i) {
              if (std::find(order.begin(), order.end(), i) != order.end()) return;
              for (int a : pool[static_cast<size_t>(i)].args) visit(a);
              order.push_back(i);
            };
            for (int a : idx) visit(a);
            for (int i : order) {
              const Value& pv = pool[static_cast<size_t>(i)];
              c.nodes.push_back({pv.instr, pv.args, pv.leaf, term_of(i), i});
            }
            c.nodes.push_back({ins, idx, "", v.term, -1});
            if (accept(c)) {
              best = std::min(best, cost);
              res.matches.push_back(std::move(c));
            } else {
              res.rejected.push_back(std::move(c));
            }
          }
          add(std::move(v));
        }
        int d = ar - 1;
        while (d >= 0 && ++pos[static_cast<size_t>(d)] >= bucket[static_cast<size_t>(ks[static_cast<size_t>(d)])].size())
          pos[static_cast<size_t>(d--)] = 0;
        if (d < 0) break;
        }
       }
       int d = ar - 1;  // next composition of counts
       while (d >= 0 && ++ks[static_cast<size_t>(d)] >= level) ks[static_cast<size_t>(d--)] = 0;
       if (d < 0) break;
      }
    }
    if (pool.size() > 20000) break;  // the window is too wide; compose instead
  }
  std::stable_sort(res.matches.begin(), res.matches.end(), [](const Candidate& a, const Candidate& b) {
    if (a.cost != b.cost) return a.cost < b.cost;
    if (a.err != b.err) return a.err < b.err;
    return a.nodes.size() < b.nodes.size();  // fewer constants: neg x rather than 0 - x
  });
  return res;
}

}  // namespace axon::synth
