#include "term_eval.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "axon/core/error.h"

namespace axon::detail {

double apply_round(DType t, double v, Precision p) {
  if (p == Precision::F64 && is_float(t)) return v;
  return round_to(t, v);
}

namespace {

int64_t floor_div(int64_t a, int64_t b) {
  AXON_CHECK(b != 0, "index division by zero");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

class Evaluator {
 public:
  Evaluator(const std::vector<const Tensor*>& ops, size_t vars, Precision p)
      : ops_(ops), env_(vars + 64, 0), precision_(p) {
    for (const Tensor* t : ops) strides_.push_back(t->strides());
  }

  std::vector<int64_t>& env() { return env_; }

  int64_t ival(const TermNode* t) {
    switch (t->kind) {
      case TermKind::Var: return env_[static_cast<size_t>(t->ival)];
      case TermKind::Int: return t->ival;
      case TermKind::SizeOf:
        throw UserError("size " + t->size.str() + " is symbolic; bind it (--bind) to evaluate");
      case TermKind::IAdd: return ival(t->args[0].get()) + ival(t->args[1].get());
      case TermKind::ISub: return ival(t->args[0].get()) - ival(t->args[1].get());
      case TermKind::IMul: return ival(t->args[0].get()) * ival(t->args[1].get());
      case TermKind::IFloorDiv: return floor_div(ival(t->args[0].get()), ival(t->args[1].get()));
      case TermKind::IMod: {
        int64_t a = ival(t->args[0].get()), b = ival(t->args[1].get());
        return a - floor_div(a, b) * b;
      }
      case TermKind::Select:
        return bval(t->args[0].get()) ? ival(t->args[1].get()) : ival(t->args[2].get());
      default: throw InternalError("ival: term of another sort");
    }
  }

  bool bval(const TermNode* t) {
    switch (t->kind) {
      case TermKind::Cmp: {
        if (t->args[0]->sort == Sort::Int) return cmp_holds(t->cmp, ival(t->args[0].get()), ival(t->args[1].get()));
        return cmp_holds(t->cmp, rval(t->args[0].get()), rval(t->args[1].get()));
      }
      case TermKind::And: return bval(t->args[0].get()) && bval(t->args[1].get());
      case TermKind::Or: return bval(t->args[0].get()) || bval(t->args[1].get());
      case TermKind::Not: return !bval(t->args[0].get());
      default: throw InternalError("bval: term of another sort");
    }
  }

  double rval(const TermNode* t) {
    switch (t->kind) {
      case TermKind::Read: {
        auto k = static_cast<size_t>(t->ival);
        AXON_CHECK(k < ops_.size(), "read of a missing operand");
        const Tensor& x = *ops_[k];
        AXON_CHECK(t->args.size() == x.shape.size(), "read with the wrong number of indices");
        int64_t off = 0;
        for (size_t d = 0; d < t->args.size(); ++d) {
          int64_t i = ival(t->args[d].get());
          AXON_CHECK(i >= 0 && i < x.shape[d], "definition reads out of bounds");
          off += i * strides_[k][d];
        }
        return x.data[static_cast<size_t>(off)];
      }
      case TermKind::Real: return t->rval;
      case TermKind::Apply: return apply(t);
      case TermKind::Select:
        return bval(t->args[0].get()) ? rval(t->args[1].get()) : rval(t->args[2].get());
      case TermKind::Round: return apply_round(t->dtype, rval(t->args[0].get()), precision_);
      case TermKind::ToReal: return static_cast<double>(ival(t->args[0].get()));
      case TermKind::Reduce: {
        int64_t n = ival(t->args[0].get());
        auto v = static_cast<size_t>(t->ival);
        AXON_CHECK(v < env_.size(), "reduction variable id too large");
        const TermNode* body = t->args[1].get();
        if (t->reducer == Reducer::Sum) {
          double acc = 0;
          for (int64_t i = 0; i < n; ++i) {
            env_[v] = i;
            acc += rval(body);
          }
          return acc;
        }
        double acc = -std::numeric_limits<double>::infinity();
        for (int64_t i = 0; i < n; ++i) {
          env_[v] = i;
          acc = apply_fn(Fn::Max, acc, rval(body));
        }
        return acc;
      }
      default: throw InternalError("rval: term of another sort");
    }
  }

 private:
  double apply(const TermNode* t) {
    double a = rval(t->args[0].get());
    double b = fn_arity(t->fn) == 1 ? 0.0 : rval(t->args[1].get());
    return apply_fn(t->fn, a, b);
  }

  const std::vector<const Tensor*>& ops_;
  std::vector<std::vector<int64_t>> strides_;
  std::vector<int64_t> env_;
  Precision precision_;
};

void eval_range(const Definition& def, const std::vector<const Tensor*>& operands,
                Precision precision, Tensor& out, int64_t begin, int64_t end) {
  size_t rank = out.shape.size();
  Evaluator ev(operands, rank, precision);
  auto& env = ev.env();
  // Unravel `begin`, then count like an odometer.
  int64_t rem = begin;
  for (int d = static_cast<int>(rank) - 1; d >= 0; --d) {
    env[d] = rem % out.shape[d];
    rem /= out.shape[d];
  }
  const TermNode* body = def.body.get();
  for (int64_t i = begin; i < end; ++i) {
    out.data[static_cast<size_t>(i)] = apply_round(out.dtype, ev.rval(body), precision);
    for (int d = static_cast<int>(rank) - 1; d >= 0; --d) {
      if (++env[d] < out.shape[d]) break;
      env[d] = 0;
    }
  }
}

}  // namespace

void eval_definition(const Definition& def, const std::vector<const Tensor*>& operands,
                     Precision precision, Tensor& out, int threads) {
  AXON_CHECK(def.vars.size() == out.shape.size(), "definition rank differs from the output's");
  int64_t n = out.numel();
  // Work per element grows with reductions; split only when there is enough of it.
  int t = std::max(1, std::min<int>(threads, static_cast<int>(n / 4096)));
  if (t == 1) {
    eval_range(def, operands, precision, out, 0, n);
    return;
  }
  std::vector<std::thread> pool;
  std::vector<std::exception_ptr> errors(static_cast<size_t>(t));
  for (int w = 0; w < t; ++w) {
    int64_t b = n * w / t, e = n * (w + 1) / t;
    pool.emplace_back([&, w, b, e] {
      try {
        eval_range(def, operands, precision, out, b, e);
      } catch (...) {
        errors[static_cast<size_t>(w)] = std::current_exception();
      }
    });
  }
  for (auto& th : pool) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace axon::detail
