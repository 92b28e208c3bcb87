#include "f32_mode.h"

#include <cmath>
#include <cstring>
#include <algorithm>
#include <functional>
#include <sstream>
#include <limits>
#include <random>
#include <set>

#include "axon/core/error.h"
#include "axon/semantics/solver.h"
#include "isolate.h"
#include "term_ops.h"

namespace axon::sem {

namespace {

constexpr int64_t kMaxOutputs = 64;
constexpr int64_t kMaxInputElements = 512;

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

int64_t int_value(const Term& t) {
  auto a = [&](size_t i) { return int_value(t->args[i]); };
  switch (t->kind) {
    case TermKind::Int: return t->ival;
    case TermKind::IAdd: return a(0) + a(1);
    case TermKind::ISub: return a(0) - a(1);
    case TermKind::IMul: return a(0) * a(1);
    case TermKind::IFloorDiv: {
      int64_t x = a(0), y = a(1), q = x / y;
      return (x % y != 0 && ((x < 0) != (y < 0))) ? q - 1 : q;
    }
    case TermKind::IMod: {
      int64_t x = a(0), y = a(1);
      return ((x % y) + y) % y;
    }
    default: throw InternalError("f32 mode: index term is not constant: " + to_string(t));
  }
}

int64_t offset(const std::vector<int64_t>& dims, const std::vector<int64_t>& idx) {
  int64_t off = 0;
  for (size_t d = 0; d < dims.size(); ++d) off = off * dims[d] + idx[d];
  return off;
}

// A cast as the GPU does it, on a value held in binary32: to bf16/f16 round to nearest even
// (cvt.rn; subnormals kept, overflow to inf), to i32 truncate and saturate with NaN -> 0
// (cvt.rzi.s32) and read back as binary32 (2^31 - 1 reads as 2^31, as cvt.rn.f32.s32 gives),
// to bool test != 0 (NaN is true). Other rounding modes occur only in ISA specs.
float round_float(DType t, RoundMode mode, float x) {
  if (mode != RoundMode::Rne && (t == DType::bf16 || t == DType::f16))
    throw Unsupported("f32 semantics models casts to nearest even only");
  switch (t) {
    case DType::f32: return x;
    case DType::bf16: case DType::f16: return static_cast<float>(round_to(t, static_cast<double>(x)));
    case DType::i32: {
      if (std::isnan(x)) return 0.0f;
      double r = std::clamp(std::trunc(static_cast<double>(x)), -2147483648.0, 2147483647.0);
      return r == 0 ? 0.0f : static_cast<float>(r);
    }
    case DType::boolean: return x != 0 ? 1.0f : 0.0f;
  }
  return x;
}

smt::Expr round_smt(DType t, RoundMode mode, const smt::Expr& x) {
  if (mode != RoundMode::Rne && (t == DType::bf16 || t == DType::f16))
    throw Unsupported("f32 semantics models casts to nearest even only");
  const smt::Expr zero = smt::f32(0.0f);
  switch (t) {
    case DType::f32: return x;
    case DType::bf16: case DType::f16: {
      smt::Sort s = t == DType::bf16 ? smt::Sort::BF16 : smt::Sort::F16;
      return smt::fp_round(smt::fp_round(x, s, smt::Rounding::RNE), smt::Sort::F32, smt::Rounding::RNE);
    }
    case DType::i32: {
      const smt::Expr top = smt::f32(2147483648.0f), bottom = smt::f32(-2147483648.0f);
      smt::Expr r = smt::fp_round_integral(x, smt::Rounding::RTZ);
      smt::Expr sat = smt::ite(smt::fp_le(top, r), top, smt::ite(smt::fp_lt(r, bottom), bottom, r));
      // -0 truncates to the integer 0, which reads back as +0.
      return smt::ite(smt::fp_is_nan(x), zero, smt::ite(smt::fp_eq(sat, zero), zero, sat));
    }
    case DType::boolean: return smt::ite(smt::fp_eq(x, zero), zero, smt::f32(1.0f));
  }
  return x;
}

// Concrete evaluation in float (IEEE binary32, nearest even): the replay of a model.
class FloatEval {
 public:
  FloatEval(const std::vector<std::vector<int64_t>>& dims, const std::vector<std::vector<float>>& v)
      : dims_(dims), vals_(v) {}
  float real(const Term& t) {
    auto a = [&](size_t i) { return real(t->args[i]); };
    switch (t->kind) {
      case TermKind::Read: {
        std::vector<int64_t> idx;
        for (const auto& x : t->args) idx.push_back(int_value(x));
        return vals_[static_cast<size_t>(t->ival)][static_cast<size_t>(offset(dims_[static_cast<size_t>(t->ival)], idx))];
      }
      case TermKind::Real: return static_cast<float>(t->rval);
      case TermKind::ToReal: return static_cast<float>(int_value(t->args[0]));
      case TermKind::Round: return round_float(t->dtype, t->mode, a(0));
      case TermKind::Select: return boolean(t->args[0]) ? a(1) : a(2);
      case TermKind::Apply: {
        // IEEE f32 rounds these correctly (the others are not modelled bit for bit).
        switch (t->fn) {
          case Fn::Neg: case Fn::Abs: case Fn::Sqrt:
            return apply_fn(t->fn, a(0), 0.0f);
          case Fn::Add: case Fn::Sub: case Fn::Mul: case Fn::Div: case Fn::Max: case Fn::Min:
            return apply_fn(t->fn, a(0), a(1));
          default: break;
        }
        throw Unsupported(std::string("f32 semantics does not model ") + fn_name(t->fn));
      }
      default: throw Unsupported("f32 semantics: unsupported term " + to_string(t));
    }
  }
  bool boolean(const Term& t) {
    switch (t->kind) {
      case TermKind::Cmp: {
        if (t->args[0]->sort == axon::Sort::Int) {
          int64_t x = int_value(t->args[0]), y = int_value(t->args[1]);
          return cmp(t->cmp, x, y);
        }
        return cmp(t->cmp, real(t->args[0]), real(t->args[1]));
      }
      case TermKind::And: return boolean(t->args[0]) && boolean(t->args[1]);
      case TermKind::Or: return boolean(t->args[0]) || boolean(t->args[1]);
      case TermKind::Not: return !boolean(t->args[0]);
      default: throw InternalError("f32 mode: not a condition");
    }
  }
  template <typename T>
  static bool cmp(CmpOp op, T x, T y) {
    switch (op) {
      case CmpOp::Lt: return x < y;
      case CmpOp::Le: return x <= y;
      case CmpOp::Gt: return x > y;
      case CmpOp::Ge: return x >= y;
      case CmpOp::Eq: return x == y;
      case CmpOp::Ne: return x != y;
    }
    return false;
  }

 private:
  const std::vector<std::vector<int64_t>>& dims_;
  const std::vector<std::vector<float>>& vals_;
};

// Translation into SMT floating point.
class FpEncoder {
 public:
  explicit FpEncoder(const std::vector<std::vector<int64_t>>& dims) : dims_(dims) {}
  smt::Expr input(size_t k, int64_t off) {
    return smt::constant("x" + std::to_string(k) + "_" + std::to_string(off), smt::Sort::F32);
  }
  smt::Expr real(const Term& t) {
    auto a = [&](size_t i) { return real(t->args[i]); };
    switch (t->kind) {
      case TermKind::Read: {
        std::vector<int64_t> idx;
        for (const auto& x : t->args) idx.push_back(int_value(x));
        auto k = static_cast<size_t>(t->ival);
        return input(k, offset(dims_[k], idx));
      }
      case TermKind::Real: return smt::f32(static_cast<float>(t->rval));
      case TermKind::ToReal: return smt::f32(static_cast<float>(int_value(t->args[0])));
      case TermKind::Round: return round_smt(t->dtype, t->mode, a(0));
      case TermKind::Select: return smt::ite(boolean(t->args[0]), a(1), a(2));
      case TermKind::Apply: {
        switch (t->fn) {
          case Fn::Neg: return smt::fp_neg(a(0));
          case Fn::Abs: return smt::fp_abs(a(0));
          case Fn::Sqrt: return smt::fp_sqrt(a(0));
          case Fn::Add: return smt::fp_add(a(0), a(1));
          case Fn::Sub: return smt::fp_sub(a(0), a(1));
          case Fn::Mul: return smt::fp_mul(a(0), a(1));
          case Fn::Div: return smt::fp_div(a(0), a(1));
          case Fn::Max: case Fn::Min: {
            smt::Expr x = a(0), y = a(1);
            // As the interpreter and C++ do: NaN-propagating, and between +0 and -0 the first
            // operand (SMT's fp.max leaves that choice open).
            smt::Expr pick = t->fn == Fn::Max ? smt::ite(smt::fp_lt(x, y), y, x)
                                              : smt::ite(smt::fp_lt(y, x), y, x);
            return smt::ite(smt::lor({smt::fp_is_nan(x), smt::fp_is_nan(y)}),
                            smt::f32(std::numeric_limits<float>::quiet_NaN()), pick);
          }
          default: throw Unsupported(std::string("f32 semantics does not model ") + fn_name(t->fn));
        }
      }
      default: throw Unsupported("f32 semantics: unsupported term " + to_string(t));
    }
  }
  smt::Expr boolean(const Term& t) {
    switch (t->kind) {
      case TermKind::Cmp: {
        if (t->args[0]->sort == axon::Sort::Int)
          return smt::boolean(FloatEval::cmp(t->cmp, int_value(t->args[0]), int_value(t->args[1])));
        smt::Expr x = real(t->args[0]), y = real(t->args[1]);
        switch (t->cmp) {
          case CmpOp::Lt: return smt::fp_lt(x, y);
          case CmpOp::Le: return smt::fp_le(x, y);
          case CmpOp::Gt: return smt::fp_lt(y, x);
          case CmpOp::Ge: return smt::fp_le(y, x);
          case CmpOp::Eq: return smt::fp_eq(x, y);
          case CmpOp::Ne: return smt::lnot(smt::fp_eq(x, y));
        }
        break;
      }
      case TermKind::And: return smt::land({boolean(t->args[0]), boolean(t->args[1])});
      case TermKind::Or: return smt::lor({boolean(t->args[0]), boolean(t->args[1])});
      case TermKind::Not: return smt::lnot(boolean(t->args[0]));
      default: break;
    }
    throw InternalError("f32 mode: not a condition");
  }

 private:
  const std::vector<std::vector<int64_t>>& dims_;
};

// A solver result as text, to cross the process boundary.
std::string encode(const smt::CheckResult& r) {
  std::ostringstream os;
  os.precision(17);
  std::string reason = r.reason;
  std::replace(reason.begin(), reason.end(), '\n', ' ');
  os << static_cast<int>(r.result) << " " << r.seconds << " " << r.values.size();
  for (const auto& v : r.values) os << " " << (v ? 1 : 0) << " " << (v ? *v : 0.0);
  os << "\n" << reason;
  return os.str();
}

smt::CheckResult decode(const std::string& text) {
  smt::CheckResult r;
  std::istringstream in(text);
  int result = 2;
  size_t n = 0;
  in >> result >> r.seconds >> n;
  r.result = static_cast<smt::SatResult>(result);
  for (size_t i = 0; i < n; ++i) {
    int has = 0;
    double v = 0;
    in >> has >> v;
    r.values.push_back(has ? std::optional<double>(v) : std::nullopt);
  }
  std::string rest;
  std::getline(in, rest);
  std::getline(in, r.reason);
  return r;
}

bool bit_same(float a, float b) {
  if (std::isnan(a) && std::isnan(b)) return true;
  uint32_t x = 0, y = 0;
  std::memcpy(&x, &a, 4);
  std::memcpy(&y, &b, 4);
  return x == y;
}

}  // namespace

RuleResult verify_f32(const RuleSpec& rule, const BuiltRule& sym, const VerifyOptions& opts) {
  RuleResult res;
  res.name = rule.name;
  res.line = rule.line;
  auto unknown = [&](const std::string& why) {
    res.verdict = Verdict::Unknown;
    res.reason = why;
    return res;
  };
  // Only the inputs the rule reads matter (a file may declare others with symbolic sizes).
  std::set<const Node*> used;
  std::vector<const Node*> stack{sym.lhs, sym.rhs};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (!used.insert(n).second) continue;
    for (const Node* o : n->operands()) stack.push_back(o);
  }
  std::vector<std::vector<int64_t>> dims;
  int64_t total = 0;
  for (const Node* in : sym.inputs) {
    if (!used.count(in)) {
      dims.push_back({});  // never read
      continue;
    }
    if (in->dtype() != DType::f32) return unknown("f32 semantics needs f32 inputs ('" + in->input_name() + "' is " + std::string(dtype_name(in->dtype())) + ")");
    std::vector<int64_t> d;
    for (const auto& s : in->shape()) {
      if (!s.value()) return unknown("f32 semantics needs every size to be a number ('" + in->input_name() + "' has " + s.str() + ")");
      d.push_back(*s.value());
    }
    int64_t n = 1;
    for (auto x : d) n *= x;
    total += n;
    dims.push_back(d);
  }
  // Integer values are held in binary32, which is exact for what casts, iota and constants give;
  // integer arithmetic (wrapping on the GPU) is not modelled.
  for (const Node* n : used)
    if (n->dtype() == DType::i32 && n->op() != Op::Input && n->op() != Op::Cast && n->op() != Op::Iota &&
        n->op() != Op::Constant)
      return unknown(std::string("f32 semantics does not model i32 arithmetic (") + std::string(op_name(n->op())) + " on i32)");
    else if (n->op() == Op::Constant && n->dtype() == DType::i32 &&
             static_cast<double>(static_cast<float>(n->attrs().f("value"))) != n->attrs().f("value"))
      return unknown("f32 semantics: the i32 constant " + std::to_string(static_cast<int64_t>(n->attrs().f("value"))) + " is not a binary32 value");
  if (!rule.size_conds.empty()) return unknown("f32 semantics: size conditions are not used with fixed sizes; drop them");
  auto out_n = element_count(sym.lhs->shape());
  if (!out_n || *out_n > kMaxOutputs || total > kMaxInputElements)
    return unknown("too large for a bit-precise encoding (at most 64 outputs and 512 input elements)");
  std::vector<int64_t> out_dims;
  for (const auto& s : sym.lhs->shape()) out_dims.push_back(*s.value());
  // Element terms for every output index, with every reduction unrolled.
  std::vector<std::pair<Term, Term>> elems;
  for (int64_t i = 0; i < *out_n; ++i) {
    std::vector<Term> idx(out_dims.size());
    int64_t rem = i;
    for (int d = static_cast<int>(out_dims.size()) - 1; d >= 0; --d) {
      idx[static_cast<size_t>(d)] = term::integer(rem % out_dims[static_cast<size_t>(d)]);
      rem /= out_dims[static_cast<size_t>(d)];
    }
    Inliner in(sym.inputs, 0, /*round_results=*/true);
    Term a = unroll(in.element(sym.lhs, idx), int64_t{1} << 20);
    Term b = unroll(in.element(sym.rhs, idx), int64_t{1} << 20);
    elems.emplace_back(a, b);
  }
  auto cond_ok = [&](size_t k, float v) {
    for (const auto& c : rule.value_conds)
      if (c.input == sym.inputs[k]->input_name() && !holds(c, v)) return false;
    return true;
  };
  auto differs = [&](const std::vector<std::vector<float>>& vals, int64_t* at, float* l, float* r) {
    FloatEval ev(dims, vals);
    for (size_t e = 0; e < elems.size(); ++e) {
      float x = ev.real(elems[e].first), y = ev.real(elems[e].second);
      if (!bit_same(x, y)) {
        *at = static_cast<int64_t>(e);
        *l = x;
        *r = y;
        return true;
      }
    }
    return false;
  };
  auto counterexample = [&](const std::vector<std::vector<float>>& vals, int64_t at, float l, float r,
                            const std::string& by) {
    Counterexample ce;
    ce.found_by = by;
    int64_t rem = at;
    ce.index.assign(out_dims.size(), 0);
    for (int d = static_cast<int>(out_dims.size()) - 1; d >= 0; --d) {
      ce.index[static_cast<size_t>(d)] = rem % out_dims[static_cast<size_t>(d)];
      rem /= out_dims[static_cast<size_t>(d)];
    }
    for (size_t k = 0; k < vals.size(); ++k) {
      if (!used.count(sym.inputs[k])) continue;
      Tensor t(DType::f32, dims[k]);
      for (size_t i = 0; i < vals[k].size(); ++i) t.data[i] = vals[k][i];
      ce.inputs[sym.inputs[k]->input_name()] = t;
    }
    ce.lhs = l;
    ce.rhs = r;
    res.verdict = Verdict::Refuted;
    res.cex = ce;
    res.reason = "differs in IEEE binary32";
    return res;
  };
  try {
    // Random testing first.
    std::mt19937_64 rng(opts.seed);
    std::normal_distribution<float> normal(0, 1);
    std::uniform_int_distribution<int> exp(-30, 30);
    for (int trial = 0; trial < 200 && opts.falsify; ++trial) {
      std::vector<std::vector<float>> vals(dims.size());
      bool ok = true;
      for (size_t k = 0; k < dims.size(); ++k) {
        if (!used.count(sym.inputs[k])) continue;
        int64_t n = 1;
        for (auto x : dims[k]) n *= x;
        vals[k].resize(static_cast<size_t>(n));
        for (float& v : vals[k]) {
          int attempt = 0;
          do v = std::ldexp(normal(rng), trial % 2 ? exp(rng) : 0); while (!cond_ok(k, v) && ++attempt < 64);
          ok = ok && cond_ok(k, v);
        }
      }
      if (!ok) continue;
      int64_t at = 0;
      float l = 0, r = 0;
      if (differs(vals, &at, &l, &r)) return counterexample(vals, at, l, r, "falsifier");
    }
    // The solver: some output element differs bit for bit (all NaNs count as one value).
    std::vector<smt::Backend> backends;
    if (opts.solver != SolverChoice::CVC5) backends.push_back(smt::Backend::Z3);
    if (opts.solver != SolverChoice::Z3) backends.push_back(smt::Backend::CVC5);
    FpEncoder enc(dims);
    std::vector<smt::Expr> diffs, assertions, observe;
    for (const auto& [a, b] : elems) diffs.push_back(smt::ne(enc.real(a), enc.real(b)));
    assertions.push_back(smt::lor(diffs));
    for (size_t k = 0; k < dims.size(); ++k) {
      if (!used.count(sym.inputs[k])) continue;
      int64_t n = 1;
      for (auto x : dims[k]) n *= x;
      for (int64_t i = 0; i < n; ++i) {
        smt::Expr x = enc.input(k, i);
        observe.push_back(x);
        for (const auto& c : rule.value_conds) {
          if (c.input != sym.inputs[k]->input_name()) continue;
          smt::Expr v = smt::f32(static_cast<float>(c.value));
          switch (c.op) {
            case CmpOp::Lt: assertions.push_back(smt::fp_lt(x, v)); break;
            case CmpOp::Le: assertions.push_back(smt::fp_le(x, v)); break;
            case CmpOp::Gt: assertions.push_back(smt::fp_lt(v, x)); break;
            case CmpOp::Ge: assertions.push_back(smt::fp_le(v, x)); break;
            case CmpOp::Eq: assertions.push_back(smt::fp_eq(x, v)); break;
            case CmpOp::Ne: assertions.push_back(smt::lnot(smt::fp_eq(x, v))); break;
          }
        }
      }
    }
    std::vector<std::function<std::string()>> jobs;
    for (auto b : backends)
      jobs.push_back([&, b] { return encode(smt::check_sat(b, assertions, observe, smt::Limits{opts.timeout_ms, opts.resource_limit})); });
    auto texts = run_isolated(jobs, 3.0 * opts.timeout_ms / 1000.0 + 5,
                              [](size_t, const std::string&) { return false; });
    std::vector<smt::CheckResult> rs;
    for (const auto& t : texts) {
      smt::CheckResult c;
      if (t) c = decode(*t);
      else c.reason = "stopped: no answer before the deadline";
      rs.push_back(c);
    }
    bool proved = false, sat = false;
    std::string why;
    for (size_t i = 0; i < rs.size(); ++i) {
      const char* name = smt::backend_name(backends[i]);
      res.runs.push_back({name, rs[i].result == smt::SatResult::Unsat ? "unsat" : rs[i].result == smt::SatResult::Sat ? "sat" : "unknown", rs[i].reason, rs[i].seconds, 1});
      proved = proved || rs[i].result == smt::SatResult::Unsat;
      sat = sat || rs[i].result == smt::SatResult::Sat;
      if (rs[i].result == smt::SatResult::Unknown) why += (why.empty() ? "" : "; ") + rs[i].reason;
    }
    if (proved && sat) throw InternalError("rule '" + rule.name + "': the solvers disagree in f32 semantics");
    if (proved && (!opts.cross_check || why.empty())) {
      res.verdict = Verdict::Proved;
      res.reason = "bit-exact in IEEE binary32 (round to nearest even)";
      return res;
    }
    for (size_t i = 0; i < rs.size(); ++i) {
      if (rs[i].result != smt::SatResult::Sat) continue;
      std::vector<std::vector<float>> vals(dims.size());
      size_t pos = 0;
      for (size_t k = 0; k < dims.size(); ++k) {
        if (!used.count(sym.inputs[k])) continue;
        int64_t n = 1;
        for (auto x : dims[k]) n *= x;
        for (int64_t j = 0; j < n; ++j, ++pos) {
          auto v = pos < rs[i].values.size() ? rs[i].values[pos] : std::nullopt;
          vals[k].push_back(v ? static_cast<float>(*v) : 0.0f);
        }
      }
      int64_t at = 0;
      float l = 0, r = 0;
      if (differs(vals, &at, &l, &r)) return counterexample(vals, at, l, r, smt::backend_name(backends[i]));
    }
    return unknown(sat ? "the solver's model does not replay" : (why.empty() ? "not confirmed by every solver" : why));
  } catch (const Unsupported& e) {
    return unknown(e.what());
  }
}

}  // namespace axon::sem
