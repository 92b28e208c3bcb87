#include "axon/core/interpreter.h"

#include <Eigen/Dense>
#include <random>
#include <thread>

#include "axon/core/error.h"
#include "axon/core/op_table.h"
#include "term_eval.h"

namespace axon {

std::vector<int64_t> concrete_dims(const Shape& s) {
  std::vector<int64_t> out;
  for (const auto& d : s) {
    auto v = d.value();
    if (!v) throw UserError("size " + d.str() + " is symbolic; bind it with --bind " +
                            *d.symbols().begin() + "=<value>");
    out.push_back(*v);
  }
  return out;
}

namespace {

using RowMajor = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// matmul through Eigen: batched, broadcasting batch axes, 1-D operands promoted (NumPy rules).
void matmul_fast(const Node& n, const Tensor& a, const Tensor& b, Tensor& out) {
  const bool ta = n.attrs().has("transpose_a") && n.attrs().b("transpose_a");
  const bool tb = n.attrs().has("transpose_b") && n.attrs().b("transpose_b");
  std::vector<int64_t> as = a.shape, bs = b.shape;
  // Logical shapes [.., M, K] and [.., K, N]; a transposed operand is stored [.., K, M] / [.., N, K].
  if (ta) std::swap(as[as.size() - 1], as[as.size() - 2]);
  if (tb) std::swap(bs[bs.size() - 1], bs[bs.size() - 2]);
  if (as.size() == 1) as.insert(as.begin(), 1);
  if (bs.size() == 1) bs.push_back(1);
  int64_t M = as[as.size() - 2], K = as.back(), N = bs.back();
  size_t nb = std::max(as.size(), bs.size()) - 2;
  std::vector<int64_t> batch(nb, 1);
  auto batch_of = [nb](const std::vector<int64_t>& s, size_t d) {
    size_t r = s.size() - 2;
    return d + r >= nb ? s[d + r - nb] : 1;
  };
  for (size_t d = 0; d < nb; ++d) batch[d] = std::max(batch_of(as, d), batch_of(bs, d));
  int64_t count = 1;
  for (auto v : batch) count *= v;
  std::vector<int64_t> idx(nb, 0);
  for (int64_t t = 0; t < count; ++t) {
    int64_t oa = 0, ob = 0, sa = 1, sb = 1;
    for (int d = static_cast<int>(nb) - 1; d >= 0; --d) {
      int64_t da = batch_of(as, d), db = batch_of(bs, d);
      oa += (da == 1 ? 0 : idx[d]) * sa;
      ob += (db == 1 ? 0 : idx[d]) * sb;
      sa *= da;
      sb *= db;
    }
    Eigen::Map<const RowMajor> A(a.data.data() + oa * M * K, ta ? K : M, ta ? M : K);
    Eigen::Map<const RowMajor> B(b.data.data() + ob * K * N, tb ? N : K, tb ? K : N);
    Eigen::Map<RowMajor> C(out.data.data() + t * M * N, M, N);
    if (ta && tb) C.noalias() = A.transpose() * B.transpose();
    else if (ta) C.noalias() = A.transpose() * B;
    else if (tb) C.noalias() = A * B.transpose();
    else C.noalias() = A * B;
    for (int d = static_cast<int>(nb) - 1; d >= 0; --d) {
      if (++idx[d] < batch[d]) break;
      idx[d] = 0;
    }
  }
}

std::string node_place(const Graph& g, const Node* n) {
  auto it = g.names.find(n);
  std::string name = it != g.names.end() ? it->second : "t" + std::to_string(n->id());
  return "node '" + name + "' (" + std::string(op_name(n->op())) + ")";
}

}  // namespace

Tensor evaluate_definition(const Node& node, const std::vector<const Tensor*>& operands,
                           Precision precision) {
  Tensor out(node.dtype(), concrete_dims(node.shape()));
  detail::eval_definition(define(node), operands, precision, out, 1);
  return out;
}

TensorMap evaluate(const Graph& g, const TensorMap& inputs, const EvalOptions& opts) {
  int threads = opts.threads > 0 ? opts.threads
                                 : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  std::vector<const Node*> order = g.topo_order();
  // Remaining uses of each node, so that intermediates are freed as soon as possible.
  std::unordered_map<const Node*, int> uses;
  for (const Node* n : order)
    for (const Node* o : n->operands()) ++uses[o];
  for (const auto& out : g.outputs) ++uses[out.node];

  std::unordered_map<const Node*, Tensor> values;
  int64_t live_bytes = 0;
  for (const Node* n : order) {
    std::vector<int64_t> dims;
    try {
      dims = concrete_dims(n->shape());
    } catch (const UserError& e) {
      throw e.at(n->op() == Op::Input ? "input '" + n->input_name() + "'" : node_place(g, n));
    }
    int64_t count = 1;
    for (auto d : dims) count *= d;
    int64_t bytes = count * static_cast<int64_t>(sizeof(double));
    if (live_bytes + bytes > opts.max_bytes)
      throw UserError(node_place(g, n) + ": evaluating it needs " +
                      std::to_string((live_bytes + bytes) >> 20) + " MiB of tensors (limit " +
                      std::to_string(opts.max_bytes >> 20) + " MiB)");
    Tensor result;
    if (n->op() == Op::Input) {
      auto it = inputs.find(n->input_name());
      if (it == inputs.end()) throw UserError("input '" + n->input_name() + "': no value given");
      if (it->second.shape != dims)
        throw UserError("input '" + n->input_name() + "': value has shape " +
                        dims_str(it->second.shape) + ", the graph says " + dims_str(dims));
      result = it->second;
      result.dtype = n->dtype();
      for (double& v : result.data) v = round_to(n->dtype(), v);
    } else {
      std::vector<const Tensor*> ops;
      for (const Node* o : n->operands()) ops.push_back(&values.at(o));
      result = Tensor(n->dtype(), dims);
      if (n->op() == Op::MatMul) {
        matmul_fast(*n, *ops[0], *ops[1], result);
        // Round as the generic evaluation does (i32 results saturate in either precision).
        for (double& v : result.data) v = detail::apply_round(n->dtype(), v, opts.precision);
      } else {
        detail::eval_definition(define(*n), ops, opts.precision, result, threads);
      }
    }
    live_bytes += bytes;
    values.emplace(n, std::move(result));
    for (const Node* o : n->operands()) {
      if (--uses[o] == 0) {
        live_bytes -= values.at(o).numel() * static_cast<int64_t>(sizeof(double));
        values.erase(o);
      }
    }
  }
  TensorMap out;
  for (const auto& o : g.outputs) out[o.name] = values.at(o.node);
  return out;
}

TensorMap random_inputs(const Graph& g, uint64_t seed) {
  TensorMap out;
  for (size_t i = 0; i < g.inputs.size(); ++i) {
    const Node* n = g.inputs[i];
    std::mt19937_64 rng(seed * 0x9e3779b97f4a7c15ull + i + 1);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::uniform_int_distribution<int> small(-8, 8), coin(0, 1);
    Tensor t(n->dtype(), concrete_dims(n->shape()));
    for (double& v : t.data) {
      if (is_float(n->dtype())) v = round_to(n->dtype(), normal(rng));
      else if (n->dtype() == DType::i32) v = small(rng);
      else v = coin(rng);
    }
    out[n->input_name()] = std::move(t);
  }
  return out;
}

}  // namespace axon
