#include "falsify.h"

#include <cmath>
#include <random>
#include <set>

#include "axon/core/error.h"

namespace axon::sem {

namespace {

std::set<std::string> symbols_of(const RuleSpec& r) {
  std::set<std::string> s(r.sizes.begin(), r.sizes.end());
  for (const auto& in : r.inputs)
    for (const auto& d : in.shape)
      for (const auto& x : d.symbols()) s.insert(x);
  for (const auto& c : r.size_conds) {
    for (const auto& x : c.lhs.symbols()) s.insert(x);
    for (const auto& x : c.rhs.symbols()) s.insert(x);
  }
  return s;
}

bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::fabs(a - b) <= 1e-6 * (1 + std::fabs(a) + std::fabs(b));
}

std::vector<int64_t> unravel(int64_t i, const std::vector<int64_t>& dims) {
  std::vector<int64_t> idx(dims.size());
  for (int d = static_cast<int>(dims.size()) - 1; d >= 0; --d) {
    idx[static_cast<size_t>(d)] = i % dims[static_cast<size_t>(d)];
    i /= dims[static_cast<size_t>(d)];
  }
  return idx;
}

// Evaluates both sides on `inputs`; the first differing element, if any.
std::optional<Counterexample> compare(const RuleSpec& r, const Bindings& b, const TensorMap& inputs,
                                      const std::string& found_by,
                                      const std::optional<std::vector<int64_t>>& only_index = std::nullopt,
                                      const FalsifyLimits& limits = {}) {
  BuiltRule built = build_rule(r, b);
  Graph g(built.ctx);
  g.inputs = built.inputs;
  g.outputs = {{"lhs", built.lhs}, {"rhs", built.rhs}};
  EvalOptions opts;
  opts.threads = limits.threads;
  opts.max_bytes = limits.max_bytes;
  TensorMap out = evaluate(g, inputs, opts);
  const Tensor& l = out.at("lhs");
  const Tensor& rr = out.at("rhs");
  for (int64_t i = 0; i < l.numel(); ++i) {
    std::vector<int64_t> idx = unravel(i, l.shape);
    if (only_index && idx != *only_index) continue;
    double a = l.data[static_cast<size_t>(i)], c = rr.data[static_cast<size_t>(i)];
    if (!same(a, c)) {
      Counterexample ce;
      ce.sizes = b;
      ce.index = idx;
      ce.inputs = inputs;
      ce.lhs = a;
      ce.rhs = c;
      ce.found_by = found_by;
      return ce;
    }
  }
  return std::nullopt;
}

// Zero tensors for every input at the bound sizes, or nullopt when together they would exceed
// `limit` elements (checked before anything is allocated).
std::optional<TensorMap> shaped_inputs(const RuleSpec& r, const Bindings& b, int64_t limit) {
  std::vector<std::vector<int64_t>> all;
  int64_t total = 0;
  for (const auto& in : r.inputs) {
    std::vector<int64_t> dims;
    int64_t n = 1;
    for (const auto& d : in.shape) {
      dims.push_back(*d.substitute(b).value());
      if (__builtin_mul_overflow(n, dims.back(), &n)) return std::nullopt;
    }
    total += n;
    if (total > limit) return std::nullopt;
    all.push_back(std::move(dims));
  }
  TensorMap out;
  for (size_t i = 0; i < r.inputs.size(); ++i)
    out[r.inputs[i].name] = Tensor(r.inputs[i].dtype, all[i]);
  return out;
}

}  // namespace

BuiltRule build_rule(const RuleSpec& r, const Bindings& b) {
  BuiltRule out;
  out.ctx = std::make_shared<Context>();
  for (const auto& in : r.inputs) {
    Shape s;
    for (const auto& d : in.shape) s.push_back(d.substitute(b));
    const Node* n = out.ctx->input(in.name, in.dtype, s);
    out.inputs.push_back(n);
    out.by_name[in.name] = n;
  }
  std::string place = r.where + ": rule '" + r.name + "'";
  try {
    auto [l, rr] = r.build(*out.ctx, out.by_name, b);
    auto widen = [&](const Node* n, const Node* other) {
      if (n->rank() != 0 || other->rank() == 0) return n;
      Attrs a;
      a.set("shape", other->shape());
      return out.ctx->make(Op::BroadcastTo, {n}, a);
    };
    out.lhs = widen(l, rr);
    out.rhs = widen(rr, l);
  } catch (const UserError& e) {
    throw e.at(place);
  }
  if (out.lhs->shape() != out.rhs->shape())
    throw UserError(place + ": the sides have different shapes, " + shape_str(out.lhs->shape()) +
                    " and " + shape_str(out.rhs->shape()));
  if (out.lhs->dtype() != out.rhs->dtype())
    throw UserError(place + ": the sides have different dtypes, " +
                    std::string(dtype_name(out.lhs->dtype())) + " and " +
                    std::string(dtype_name(out.rhs->dtype())));
  return out;
}

Bindings fixed_sizes(const RuleSpec& r) {
  Bindings b;
  for (const auto& c : r.size_conds) {
    if (c.op != CmpOp::Eq || c.modulus != 0) continue;
    for (const auto& [sym, num] : {std::pair{c.lhs, c.rhs}, std::pair{c.rhs, c.lhs}}) {
      auto names = sym.symbols();
      if (names.size() == 1 && sym == Size::symbol(*names.begin()) && num.value() && *num.value() >= 1)
        b[*names.begin()] = *num.value();
    }
  }
  return b;
}

std::optional<Counterexample> falsify(const RuleSpec& r, uint64_t seed, const FalsifyLimits& limits) {
  std::mt19937_64 rng(seed);
  std::set<std::string> syms = symbols_of(r);
  const Bindings fixed = fixed_sizes(r);
  for (const auto& [k, v] : fixed) syms.erase(k);
  // Size assignments: all 1, all 2, all 3, then mixed small sizes (odd ones included).
  std::vector<Bindings> tries;
  for (int64_t v : {2, 3, 1}) {
    Bindings b;
    for (const auto& s : syms) b[s] = v;
    tries.push_back(b);
  }
  std::uniform_int_distribution<int> pick(0, 8);
  const int64_t pool[] = {1, 2, 3, 4, 5, 6, 7, 8, 16};
  for (int i = 0; i < 200 && tries.size() < 12; ++i) {
    Bindings b;
    for (const auto& s : syms) b[s] = pool[pick(rng)];
    tries.push_back(b);
    if (syms.empty()) break;
  }
  for (Bindings b : tries) {
    b.insert(fixed.begin(), fixed.end());
    bool ok = true;
    for (const auto& c : r.size_conds) ok = ok && holds(c, b);
    if (!ok) continue;
    // Concrete inputs, within the test size.
    auto shaped = shaped_inputs(r, b, limits.max_elements);
    if (!shaped) continue;
    TensorMap& inputs = *shaped;
    for (int round = 0; round < 3; ++round) {
      std::normal_distribution<double> normal(0, round == 2 ? 3.0 : 1.0);
      std::uniform_real_distribution<double> u(0, 1);
      const double special[] = {0, 1, -1, 2, -2, 0.5};
      for (const auto& in : r.inputs) {
        Tensor& t = inputs[in.name];
        for (double& v : t.data) {
          for (int attempt = 0; attempt < 64; ++attempt) {
            if (in.dtype == DType::boolean) v = u(rng) < 0.5 ? 0 : 1;
            else if (in.dtype == DType::i32) v = std::floor(u(rng) * 9) - 4;
            else if (round == 1 && u(rng) < 0.3) v = special[static_cast<int>(u(rng) * 6) % 6];
            else v = round_to(in.dtype, normal(rng));
            bool fits = true;
            for (const auto& c : r.value_conds)
              if (c.input == in.name) fits = fits && holds(c, v);
            if (fits) break;
            if (attempt == 63) v = NAN;  // marks an assignment we cannot fill
          }
        }
      }
      bool filled = true;
      for (const auto& c : r.value_conds)
        for (double v : inputs[c.input].data) filled = filled && holds(c, v);
      if (!filled) break;
      try {
        if (auto ce = compare(r, b, inputs, "falsifier", std::nullopt, limits)) return ce;
      } catch (const UserError&) {
        if (!limits.skip_ill_typed) throw;
        break;  // the sides do not build at these sizes, or are too large to evaluate
      }
    }
  }
  return std::nullopt;
}

std::optional<Counterexample> replay(const RuleSpec& r, const Outcome& model, const std::string& solver) {
  Bindings b;
  for (const auto& s : symbols_of(r)) {
    auto it = model.sizes.find(s);
    int64_t v = it == model.sizes.end() ? 1 : it->second;
    if (v < 1 || v > 64) return std::nullopt;  // too large to replay
    b[s] = v;
  }
  for (const auto& c : r.size_conds)
    if (!holds(c, b)) return std::nullopt;
  auto shaped = shaped_inputs(r, b, int64_t{1} << 20);
  if (!shaped) return std::nullopt;  // too large to replay
  TensorMap& inputs = *shaped;
  for (const auto& in : r.inputs) {
    Tensor& t = inputs[in.name];
    // Elements the model does not mention get a value satisfying the conditions.
    double fill = 0;
    for (double cand : {0.0, 1.0, -1.0, 2.0, 0.5}) {
      bool ok = true;
      for (const auto& c : r.value_conds)
        if (c.input == in.name) ok = ok && holds(c, cand);
      if (ok) {
        fill = cand;
        break;
      }
    }
    std::fill(t.data.begin(), t.data.end(), fill);
  }
  for (const auto& rd : model.reads) {
    const InputDecl& decl = r.inputs.at(static_cast<size_t>(rd.input));
    Tensor& t = inputs[decl.name];
    if (rd.index.size() != t.shape.size()) continue;
    int64_t off = 0;
    bool inside = true;
    auto strides = t.strides();
    for (size_t d = 0; d < rd.index.size(); ++d) {
      inside = inside && rd.index[d] >= 0 && rd.index[d] < t.shape[d];
      off += rd.index[d] * strides[d];
    }
    if (inside) t.data[static_cast<size_t>(off)] = round_to(decl.dtype, rd.value);
  }
  return compare(r, b, inputs, solver, model.index);
}

}  // namespace axon::sem
