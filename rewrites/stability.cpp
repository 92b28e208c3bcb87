// The numerical-stability guard (docs/rewrites.md): a variant equal over the reals must also be
// as accurate as the original in its dtypes. Both are evaluated at small sizes (the graph's sizes
// mapped to small values), in native dtypes, against the original in float64, on inputs from
// three distributions.
#include <cmath>
#include <limits>
#include <random>
#include <sstream>

#include "axon/core/interpreter.h"
#include "internal.h"

namespace axon::rw {

namespace {

struct Distribution {
  const char* name;
  double mean, stddev;
};
constexpr Distribution kDistributions[] = {{"N(0,1)", 0, 1}, {"N(1000,1)", 1000, 1}, {"N(0,100)", 0, 100}};

// Sizes of the graph mapped to small values: distinct values get 3, 4, 5, ... in order of first
// use; a value with a factorization maps to the product of its factors' values; symbols of a
// symbolic graph are bound the same way.
struct SmallSizes {
  Factorizations factors;
  std::map<int64_t, int64_t> of_value;
  Bindings symbols;
  int64_t next = 3;
  int64_t value(int64_t v) {
    if (v <= 1) return v;
    auto it = of_value.find(v);
    if (it != of_value.end()) return it->second;
    int64_t out = 1;
    auto f = factors.find(v);
    if (f != factors.end()) for (int64_t p : f->second) out *= value(p);
    else out = next++;
    return of_value[v] = out;
  }
  Size map(const Size& s) {
    for (const auto& sym : s.symbols())
      if (!symbols.count(sym)) symbols[sym] = next++;
    Size t = s.substitute(symbols);
    return Size(value(*t.value()));
  }
};

double unit_roundoff(DType t) {
  switch (t) {
    case DType::f32: return std::ldexp(1.0, -24);
    case DType::bf16: return std::ldexp(1.0, -8);
    case DType::f16: return std::ldexp(1.0, -11);
    default: return 0;
  }
}

// Relative error of v against r (largest |difference| over the largest |r|); infinite when v is
// not finite where r is.
double rel_error(const Tensor& v, const Tensor& r) {
  double diff = 0, scale = 0;
  for (size_t i = 0; i < r.data.size(); ++i) {
    if (!std::isfinite(r.data[i])) continue;
    if (!std::isfinite(v.data[i])) return std::numeric_limits<double>::infinity();
    diff = std::max(diff, std::fabs(v.data[i] - r.data[i]));
    scale = std::max(scale, std::fabs(r.data[i]));
  }
  return diff / std::max(scale, 1e-300);
}

// Factorizations the graph's reshapes imply: a dim of one side that is the product of
// consecutive dims of the other (1024 -> {16, 64} for [T, 1024] -> [T, 16, 64], heads split off
// a projection's output), so that the small sizes keep every such reshape's element count. Only
// reshapes between concrete shapes; a value given two factorizations keeps the first.
Factorizations reshape_factors(const Graph& g) {
  Factorizations out;
  for (const Node* n : g.topo_order()) {
    if (n->op() != Op::Reshape) continue;
    std::vector<int64_t> a, b;
    bool concrete = true;
    for (const Size& d : n->operand(0)->shape()) {
      if (auto v = d.value()) a.push_back(*v); else concrete = false;
    }
    for (const Size& d : n->shape()) {
      if (auto v = d.value()) b.push_back(*v); else concrete = false;
    }
    if (!concrete) continue;
    // Dims of 1 change no count: aligned without them.
    std::erase(a, int64_t{1});
    std::erase(b, int64_t{1});
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      size_t i0 = i, j0 = j;
      int64_t pa = a[i++], pb = b[j++];
      while (pa != pb) {
        if (pa < pb) {
          if (i == a.size()) break;
          pa *= a[i++];
        } else {
          if (j == b.size()) break;
          pb *= b[j++];
        }
      }
      if (pa != pb) break;
      if (i - i0 == 1 && j - j0 > 1) out.emplace(a[i0], std::vector<int64_t>(b.begin() + j0, b.begin() + j));
      if (j - j0 == 1 && i - i0 > 1) out.emplace(b[j0], std::vector<int64_t>(a.begin() + i0, a.begin() + i));
    }
  }
  return out;
}

}  // namespace

struct StabilityGuard::Baseline {
  SmallSizes sizes;
  std::shared_ptr<Context> ctx = std::make_shared<Context>();
  std::map<const Node*, const Node*> inputs;  // original input -> small input
  std::vector<TensorMap> values;              // per distribution
  std::vector<TensorMap> reference;           // original, float64
  std::vector<std::map<std::string, double>> original_error;  // original, native
  bool ok = true;
  std::string why;
};

StabilityGuard::StabilityGuard(const Graph& original, uint64_t seed) : original_(original), seed_(seed) {}

namespace {

Graph small_graph(const Graph& like, const std::shared_ptr<Context>& ctx,
                  const std::vector<GraphOutput>& outs, const std::map<const Node*, const Node*>& inputs,
                  SmallSizes& sizes) {
  Graph g(ctx);
  for (const Node* in : like.inputs) g.inputs.push_back(inputs.at(in));
  std::unordered_map<const Node*, const Node*> memo;
  auto leaf = [&inputs](const Node* n) -> const Node* {
    auto it = inputs.find(n);
    return it != inputs.end() ? it->second : nullptr;
  };
  auto size = [&sizes](const Size& s) { return sizes.map(s); };
  for (const auto& o : outs) g.outputs.push_back({o.name, copy_dag(*ctx, o.node, leaf, size, memo)});
  return g;
}

}  // namespace

const StabilityGuard::Baseline& StabilityGuard::baseline(const Factorizations& factors) {
  std::ostringstream key;
  for (const auto& [v, fs] : factors) {
    key << v << ":";
    for (int64_t f : fs) key << f << ",";
    key << ";";
  }
  auto& slot = baselines_[key.str()];
  if (slot) return *slot;
  slot = std::make_shared<Baseline>();
  Baseline& b = *slot;
  b.sizes.factors = factors;  // the moves' own, then those the graph's reshapes imply
  for (auto& [v, fs] : reshape_factors(original_)) b.sizes.factors.emplace(v, std::move(fs));
  try {
    for (const Node* in : original_.inputs) {
      Shape s;
      for (const Size& d : in->shape()) s.push_back(b.sizes.map(d));
      b.inputs[in] = b.ctx->input(in->input_name(), in->dtype(), s);
    }
    Graph g = small_graph(original_, b.ctx, original_.outputs, b.inputs, b.sizes);
    EvalOptions f64, native;
    f64.threads = native.threads = 1;
    native.precision = Precision::Native;
    for (size_t d = 0; d < std::size(kDistributions); ++d) {
      TensorMap in;
      std::mt19937_64 rng(seed_ * 7919 + d);
      for (const Node* n : g.inputs) {
        Tensor t(n->dtype(), concrete_dims(n->shape()));
        std::normal_distribution<double> normal(kDistributions[d].mean, kDistributions[d].stddev);
        std::uniform_int_distribution<int> small(-8, 8), coin(0, 1);
        for (double& v : t.data)
          v = is_float(n->dtype()) ? round_to(n->dtype(), normal(rng))
                                   : n->dtype() == DType::i32 ? small(rng) : coin(rng);
        in[n->input_name()] = std::move(t);
      }
      TensorMap ref = evaluate(g, in, f64), nat = evaluate(g, in, native);
      std::map<std::string, double> err;
      for (const auto& [name, t] : ref) err[name] = rel_error(nat.at(name), t);
      b.values.push_back(std::move(in));
      b.reference.push_back(std::move(ref));
      b.original_error.push_back(std::move(err));
    }
  } catch (const UserError& e) {
    b.ok = false;
    b.why = e.what();
  }
  return b;
}

Stability StabilityGuard::check(const std::vector<GraphOutput>& outs, const Factorizations& factors) {
  Stability s;
  const Baseline& b = baseline(factors);
  if (!b.ok) {  // unchecked is not stable: the variant is not used
    s.stable = false;
    s.worst = "not checked: " + b.why;
    return s;
  }
  SmallSizes sizes = b.sizes;  // the variant may use sizes the original does not (splits)
  try {
    Graph g = small_graph(original_, b.ctx, outs, b.inputs, sizes);
    EvalOptions native;
    native.threads = 1;
    native.precision = Precision::Native;
    double worst_margin = 0;
    for (size_t d = 0; d < b.values.size(); ++d) {
      TensorMap nat = evaluate(g, b.values[d], native);
      for (const auto& o : outs) {
        double e = rel_error(nat.at(o.name), b.reference[d].at(o.name));
        double base = b.original_error[d].at(o.name);
        double allowed = std::max({4 * base, 16 * unit_roundoff(o.node->dtype()), 1e-12});
        double margin = e / allowed;
        if (margin >= worst_margin || s.worst.empty()) {
          worst_margin = margin;
          s.error = e;
          s.baseline_error = base;
          std::ostringstream os;
          os.precision(3);
          os << kDistributions[d].name << ", output '" << o.name << "': error " << e << " (original "
             << base << ")";
          s.worst = os.str();
        }
        if (!(e <= allowed)) s.stable = false;
      }
    }
    s.checked = true;
  } catch (const UserError& e) {
    s.worst = std::string("not checked: ") + e.what();
    s.stable = false;
  }
  return s;
}

}  // namespace axon::rw

namespace axon {

Stability check_stability(const Graph& original, const std::vector<GraphOutput>& variant, uint64_t seed) {
  return rw::StabilityGuard(original, seed).check(variant, {});
}

}  // namespace axon
