// The IR's invariants: hash-consing, canonical attributes, sizes as polynomials, the printer's
// round trip, the Boost.Graph view, and definitions as printed index expressions.
#include <catch2/catch.hpp>

#include "axon/core/error.h"
#include "axon/core/graph_json.h"
#include "axon/core/graph_view.h"
#include "axon/core/op_table.h"

using namespace axon;

namespace {

Attrs axes(std::vector<int64_t> a, bool keep = false) {
  Attrs at;
  at.set("axes", std::move(a));
  at.set("keepdims", keep);
  return at;
}

}  // namespace

TEST_CASE("structurally equal nodes are the same pointer", "[ir]") {
  Context ctx;
  const Node* x = ctx.input("x", DType::f32, {Size(4), Size::symbol("K")});
  const Node* y = ctx.input("y", DType::f32, {Size(4), Size::symbol("K")});
  CHECK(ctx.input("x", DType::f32, {Size(4), Size::symbol("K")}) == x);
  CHECK(x != y);  // inputs are identified by name
  const Node* a = ctx.make(Op::Add, {x, y});
  CHECK(ctx.make(Op::Add, {x, y}) == a);
  CHECK(ctx.make(Op::Add, {y, x}) != a);  // operand order is structure
  // Canonical attributes: axis -1 and axis 1 are the same reduction.
  CHECK(ctx.make(Op::ReduceSum, {x}, axes({-1})) == ctx.make(Op::ReduceSum, {x}, axes({1})));
  // Defaults filled: keepdims absent is keepdims false.
  Attrs no_keep;
  no_keep.set("axes", std::vector<int64_t>{1});
  CHECK(ctx.make(Op::ReduceSum, {x}, no_keep) == ctx.make(Op::ReduceSum, {x}, axes({1})));
  CHECK(ctx.make(Op::ReduceSum, {x}, axes({1}, true)) != ctx.make(Op::ReduceSum, {x}, axes({1})));
  // NaN constants are equal to themselves (compared bitwise).
  CHECK(ctx.constant(NAN, DType::f32) == ctx.constant(NAN, DType::f32));
  // Constants hold their dtype's value: 0.1 and the nearest bf16 are one node.
  CHECK(ctx.constant(0.1, DType::bf16) == ctx.constant(round_to(DType::bf16, 0.1), DType::bf16));
}

TEST_CASE("sizes are canonical polynomials", "[ir][size]") {
  Size k = Size::symbol("K"), n = Size::symbol("N");
  CHECK(k * n == n * k);
  CHECK(k + k == Size(2) * k);
  CHECK((k + Size(1)) * (k + Size(1)) == k * k + Size(2) * k + Size(1));
  CHECK(k - k == Size(0));
  CHECK(k != Size(4096));
  CHECK(parse_size("(A + B)*C") == Size::symbol("A") * Size::symbol("C") + Size::symbol("B") * Size::symbol("C"));
  CHECK(parse_size("2*K + 1").str() == "2*K + 1");
  CHECK(parse_size(" M * N ").str() == "M*N");
  CHECK((k * n + Size(3)).substitute({{"K", 4}}) == Size(4) * n + Size(3));
  CHECK(k.substitute({{"K", 7}}).value() == 7);
  CHECK_THROWS_AS(parse_size("K-"), UserError);
  CHECK_THROWS_AS(parse_size("(K"), UserError);
  CHECK_THROWS_AS(parse_size("2**K"), UserError);
  CHECK_THROWS_AS(Size(int64_t{1} << 62) * Size(8), UserError);  // overflow is an error
}

TEST_CASE("shape inference keeps symbolic sizes and rejects unequal ones", "[ir]") {
  Context ctx;
  Size m = Size::symbol("M"), k = Size::symbol("K"), n = Size::symbol("N");
  const Node* a = ctx.input("a", DType::bf16, {m, k});
  const Node* b = ctx.input("b", DType::bf16, {k, n});
  const Node* c = ctx.input("c", DType::bf16, {n, k});
  CHECK(ctx.make(Op::MatMul, {a, b})->shape() == Shape{m, n});
  CHECK_THROWS_WITH(ctx.make(Op::MatMul, {a, c}), Catch::Contains("contraction sizes differ"));
  Attrs cat;
  cat.set("axis", int64_t{0});
  CHECK(ctx.make(Op::Concat, {a, a, a}, cat)->shape() == Shape{Size(3) * m, k});
  Attrs rs;
  rs.set("shape", Shape{m * k});
  CHECK(ctx.make(Op::Reshape, {a}, rs)->shape() == Shape{k * m});
}

TEST_CASE("print_graph round-trips to the same nodes", "[ir][json]") {
  auto ctx = std::make_shared<Context>();
  const std::string text = R"({"name": "t",
    "inputs": [{"name": "x", "shape": [3, "K"], "dtype": "f32"},
               {"name": "g", "shape": ["K"], "dtype": "f32"}],
    "nodes": [{"name": "n", "op": "rmsnorm", "inputs": ["x", "g"]},
              {"name": "s", "op": "slice", "inputs": ["x"], "attrs": {"axis": 0, "step": -1}},
              {"name": "c", "op": "constant", "attrs": {"value": "-inf", "dtype": "f32"}},
              {"name": "m", "op": "max", "inputs": ["s", "c"]},
              {"name": "o", "op": "add", "inputs": ["n", "m"]}],
    "outputs": ["o", "s"]})";
  Graph g1 = parse_graph(text, "t.json", {}, ctx);
  std::string printed = print_graph(g1);
  Graph g2 = parse_graph(printed, "printed.json", {}, ctx);
  REQUIRE(g2.outputs.size() == 2);
  CHECK(g2.outputs[0].node == g1.outputs[0].node);
  CHECK(g2.outputs[1].node == g1.outputs[1].node);
  CHECK(printed.find("\"rmsnorm\"") != std::string::npos);  // composites print as written
  CHECK(print_graph(g2) == printed);                        // printing is a fixed point
}

TEST_CASE("topo_order and the Boost.Graph view agree", "[ir][graph]") {
  auto ctx = std::make_shared<Context>();
  Graph g = parse_graph(R"({"inputs": [{"name": "x", "shape": [2, 3], "dtype": "f32"}],
    "nodes": [{"name": "e", "op": "exp", "inputs": ["x"]},
              {"name": "s", "op": "reduce_sum", "inputs": ["e"], "attrs": {"axes": [1], "keepdims": true}},
              {"name": "d", "op": "div", "inputs": ["e", "s"]},
              {"name": "u", "op": "neg", "inputs": ["x"]}],
    "outputs": ["d"]})", "g.json", {}, ctx);
  std::vector<const Node*> order = g.topo_order();
  GraphView view(g);
  std::vector<const Node*> boost_order = view.topological_order();
  REQUIRE(order.size() == 4);  // x, e, s, d: the unused neg is not reachable from the outputs
  REQUIRE(boost_order.size() == order.size());
  auto pos = [](const std::vector<const Node*>& v, const Node* n) {
    return std::find(v.begin(), v.end(), n) - v.begin();
  };
  for (const auto* ord : {&order, &boost_order})
    for (const Node* n : *ord)
      for (const Node* o : n->operands()) CHECK(pos(*ord, o) < pos(*ord, n));
  const Node* x = g.inputs[0];
  const Node* d = g.outputs[0].node;
  CHECK(view.reaches(x, d));
  CHECK_FALSE(view.reaches(d, x));
  CHECK(view.users(x).size() == 1);  // only exp, within the view
}

TEST_CASE("definitions print as index expressions", "[ir][term]") {
  Context ctx;
  const Node* a = ctx.input("a", DType::f32, {Size::symbol("M"), Size::symbol("K")});
  const Node* b = ctx.input("b", DType::f32, {Size::symbol("K"), Size::symbol("N")});
  CHECK(to_string(define(*ctx.make(Op::MatMul, {a, b}))) == "out[i, j] = sum(k < K: (a[i, k] * b[k, j]))");
  Attrs perm;
  perm.set("perm", std::vector<int64_t>{1, 0});
  CHECK(to_string(define(*ctx.make(Op::Transpose, {a}, perm))) == "out[i, j] = a[j, i]");
  Attrs rev;
  rev.set("axes", std::vector<int64_t>{0});
  CHECK(to_string(define(*ctx.make(Op::Reverse, {a}, rev))) == "out[i, j] = a[(M - 1 - i), j]");
}

namespace {

// Every op, from the one list.
constexpr Op kAllOps[] = {
#define AXON_OP(e, n, k, a, b, c, l) Op::e,
#include "axon/core/ops.def"
#undef AXON_OP
};

bool applies_special(const Term& t) {
  if (t->kind == TermKind::Apply) {
    switch (t->fn) {
      case Fn::Exp: case Fn::Log: case Fn::Tanh: case Fn::Erf: case Fn::Sqrt: case Fn::Pow: case Fn::Div:
        return true;
      default: break;
    }
  }
  for (const Term& a : t->args)
    if (applies_special(a)) return true;
  return false;
}

}  // namespace

TEST_CASE("ops.def's cost column agrees with each op's definition", "[ir][ops]") {
  // Special: the definition applies exp, log, tanh, erf, sqrt, pow or a division (the
  // special-function unit, or a refined reciprocal); Simple otherwise. Only element-by-element
  // ops carry a per-element weight; the others are Simple.
  for (const Op op : kAllOps) {
    const OpInfo& info = op_info(op);
    INFO(op_name(op));
    if (!is_elementwise(info.kind) || op == Op::Cast) {
      CHECK(info.cost == OpCost::Simple);
      continue;
    }
    Context ctx;
    std::vector<const Node*> in;
    for (int a = 0; a < info.min_arity; ++a)
      in.push_back(ctx.input("x" + std::to_string(a), a == 0 && info.kind == OpKind::Select ? DType::boolean : DType::f32, {}));
    const Node* n = ctx.make(op, in);
    CHECK(is_transcendental(op) == applies_special(define(*n).body));
  }
  // The lowering classes partition the ops; the Scalar class is exactly the elementwise kinds
  // but cast (a conversion per dtype pair).
  size_t classified = 0;
  for (OpLowering c : {OpLowering::Scalar, OpLowering::Convert, OpLowering::Reduction, OpLowering::Fragments,
                       OpLowering::Address, OpLowering::Operand}) {
    for (Op op : ops_lowered_as(c)) {
      INFO(op_name(op));
      CHECK((c == OpLowering::Scalar) == (is_elementwise(op_kind(op)) && op != Op::Cast));
      ++classified;
    }
  }
  CHECK(classified == std::size(kAllOps));
}

TEST_CASE("substitute replaces free variables and scalar reads, folding index arithmetic", "[ir][term]") {
  using namespace term;
  // (v0 + 1) * v1 at v0 = 2: the constant sum folds.
  Term t = mul(add(var(0), integer(1)), var(1));
  Term s = substitute(t, Substitution{{{0, integer(2)}}, {}});
  CHECK(to_string(s) == to_string(mul(integer(3), var(1))));
  CHECK(substitute(t, Substitution{{{7, integer(2)}}, {}}) == t);  // nothing to replace: shared
  // A reduction's variable is bound in its body: only the free occurrence is replaced.
  Term r = fadd(to_real(var(3)), reduce(Reducer::Sum, 3, var(3), to_real(var(3))));
  Term rs = substitute(r, 3, integer(5));
  CHECK(to_string(rs) == to_string(fadd(to_real(integer(5)), reduce(Reducer::Sum, 3, integer(5), to_real(var(3))))));
  // Scalar operand reads (instruction semantics): Read(k) -> reads[k].
  Term e = apply(Fn::Exp, {fsub(read(0, {}), read(1, {}))});
  Term es = substitute(e, Substitution{{}, {real(1.0), real(2.0)}});
  CHECK(to_string(es) == to_string(apply(Fn::Exp, {fsub(real(1.0), real(2.0))})));
}

TEST_CASE("apply_fn is the functions' one evaluator: libm for the reals, NaN through max and min", "[ir][term]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK(apply_fn(Fn::Max, 1.0, nan) != apply_fn(Fn::Max, 1.0, nan));
  CHECK(apply_fn(Fn::Min, nan, 1.0) != apply_fn(Fn::Min, nan, 1.0));
  CHECK(apply_fn(Fn::Max, -0.5, 2.0) == 2.0);
  CHECK(apply_fn(Fn::Tanh, 0.5, 0.0) == std::tanh(0.5));
  CHECK(apply_fn(Fn::Pow, 2.0, 10.0) == 1024.0);
  CHECK(apply_fn(Fn::Div, 1.0f, 3.0f) == 1.0f / 3.0f);  // float: IEEE binary32
}
