// Strided views through transposes and reshapes (tiling/views.h): each view agrees, element by
// element, with the interpreter's evaluation of the same layout ops (their definitions); a
// reshape that would need a copy is no view; tensor maps of views keep the head dimension
// contiguous and lay the other dimensions out in increasing stride.
#include <catch2/catch.hpp>

#include <string>

#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"
#include "tiling/internal.h"  // dims_of, coords_of, flat_index
#include "tiling/views.h"

using namespace axon;
using namespace axon::tiling::detail;
using axon::tiling::StridedView;

namespace {

// `nodes` (layout ops ending in "out") over an input x of `shape` (f32).
Graph layout_graph(const std::string& shape, const std::string& nodes) {
  return parse_graph(R"({"name":"v","inputs":[{"name":"x","shape":)" + shape + R"(,"dtype":"f32"}],"nodes":[)" + nodes +
                         R"(],"outputs":["out"]})",
                     "views.json", {});
}

// The view of "out" against the interpreter: x holds its own flat indices, so out's element at
// every point must be the view's offset there.
void agrees(const Graph& g) {
  const Node* out = g.outputs.at(0).node;
  std::string chain;  // the ops from the output down, for the message
  for (const Node* n = out;; n = n->operand(0)) {
    chain += std::string(op_name(n->op())) + " " + dims_str(dims_of(n)) + "; ";
    if (n->operands().empty()) break;
  }
  INFO(chain);
  const std::optional<StridedView> v = strided_view(out, [](const Node* n) { return n->op() == Op::Input; });
  REQUIRE(v.has_value());
  const Node* x = g.inputs.at(0);
  CHECK(v->base == x);
  Tensor in(DType::f32, dims_of(x));
  for (int64_t i = 0; i < in.numel(); ++i) in.data[size_t(i)] = double(i);
  EvalOptions o;
  o.threads = 1;
  const Tensor r = evaluate(g, {{"x", in}}, o).at("out");
  REQUIRE(r.shape == v->dims);
  const std::vector<int64_t> st = r.strides();
  for (int64_t lin = 0; lin < r.numel(); ++lin) {
    int64_t off = 0;
    for (size_t a = 0; a < st.size(); ++a) off += (lin / st[a]) % r.shape[a] * v->strides[a];
    INFO("element " << lin);
    REQUIRE(r.data[size_t(lin)] == double(off));
  }
}

}  // namespace

TEST_CASE("views: heads split off a projection, their transposes and merges agree with the interpreter", "[codegen][views]") {
  // [B, T, H*E] -> [B, T, H, E] -> [B, H, T, E] (a decoder block's Q), then K^T, then back.
  agrees(layout_graph("[2,6,12]", R"({"name":"r","op":"reshape","inputs":["x"],"attrs":{"shape":[2,6,3,4]}},
      {"name":"out","op":"transpose","inputs":["r"],"attrs":{"perm":[0,2,1,3]}})"));
  agrees(layout_graph("[2,6,12]", R"({"name":"r","op":"reshape","inputs":["x"],"attrs":{"shape":[2,6,3,4]}},
      {"name":"t","op":"transpose","inputs":["r"],"attrs":{"perm":[0,2,1,3]}},
      {"name":"out","op":"transpose","inputs":["t"],"attrs":{"perm":[0,1,3,2]}})"));
  agrees(layout_graph("[2,6,3,4]", R"({"name":"t","op":"transpose","inputs":["x"],"attrs":{"perm":[0,2,1,3]}},
      {"name":"u","op":"transpose","inputs":["t"],"attrs":{"perm":[0,2,1,3]}},
      {"name":"out","op":"reshape","inputs":["u"],"attrs":{"shape":[2,6,12]}})"));
  // Splits and merges of contiguous axes, size-1 axes anywhere.
  agrees(layout_graph("[4,1,6]", R"({"name":"out","op":"reshape","inputs":["x"],"attrs":{"shape":[2,2,3,1,2]}})"));
  agrees(layout_graph("[5,7]", R"({"name":"t","op":"transpose","inputs":["x"],"attrs":{"perm":[1,0]}},
      {"name":"out","op":"reshape","inputs":["t"],"attrs":{"shape":[7,1,5]}})"));
}

TEST_CASE("views: a reshape that needs a copy is no view", "[codegen][views]") {
  // Merging the transposed axes of [2,3] -> [3,2] into 6 reorders elements.
  const Graph g = layout_graph("[2,3]", R"({"name":"t","op":"transpose","inputs":["x"],"attrs":{"perm":[1,0]}},
      {"name":"out","op":"reshape","inputs":["t"],"attrs":{"shape":[6]}})");
  CHECK_FALSE(strided_view(g.outputs[0].node, [](const Node* n) { return n->op() == Op::Input; }).has_value());
  // Attention's output [B, H, T, E] back to [B, T, H*E]: the heads' merge crosses T.
  const Graph o = layout_graph("[2,3,6,4]", R"({"name":"t","op":"transpose","inputs":["x"],"attrs":{"perm":[0,2,1,3]}},
      {"name":"out","op":"reshape","inputs":["t"],"attrs":{"shape":[2,6,12]}})");
  CHECK_FALSE(strided_view(o.outputs[0].node, [](const Node* n) { return n->op() == Op::Input; }).has_value());
  // Another op on the way.
  const Graph h = layout_graph("[2,3]", R"({"name":"n","op":"neg","inputs":["x"]},
      {"name":"out","op":"transpose","inputs":["n"],"attrs":{"perm":[1,0]}})");
  CHECK_FALSE(strided_view(h.outputs[0].node, [](const Node* n) { return n->op() == Op::Input; }).has_value());
}

TEST_CASE("views: tensor maps of heads keep E contiguous and the other dimensions in increasing stride", "[codegen][views]") {
  // Q of a decoder block: [B, T, H*E] = [2, 1000, 12 * 96] as [B, H, T, E].
  const Graph g = layout_graph("[2,1000,1152]", R"({"name":"r","op":"reshape","inputs":["x"],"attrs":{"shape":[2,1000,12,96]}},
      {"name":"out","op":"transpose","inputs":["r"],"attrs":{"perm":[0,2,1,3]}})");
  const auto stored = [](const Node* n) { return n->op() == Op::Input; };
  const std::optional<StridedView> v = strided_view(g.outputs[0].node, stored);
  REQUIRE(v.has_value());
  CHECK(v->strides == std::vector<int64_t>{1000 * 1152, 96, 1152, 1});
  const std::optional<ViewMap> m = view_map(*v);
  REQUIRE(m.has_value());
  // E, then H (stride 96), T (the rows, 1152), B (1152000).
  CHECK(m->dims == std::vector<int64_t>{12, 1000, 2});
  CHECK(m->strides == std::vector<int64_t>{96, 1152, 1152000});
  CHECK(m->rows == 1);
  CHECK(m->batch == std::vector<std::vector<size_t>>{{1}, {}, {0}});
  // One batch axis of extent 1 is dropped; the copies stay 3d (a dimension of extent 1 added).
  const Graph one = layout_graph("[1,64,128]", R"({"name":"out","op":"reshape","inputs":["x"],"attrs":{"shape":[1,64,128]}})");
  const std::optional<ViewMap> m1 = view_map(*strided_view(one.outputs[0].node, stored));
  REQUIRE(m1.has_value());
  CHECK(m1->dims == std::vector<int64_t>{64, 1});
  // A head dimension that is not contiguous, or a stride not a multiple of 16 bytes: no map.
  StridedView bad = *v;
  bad.strides = {1000 * 1152, 96, 1, 1152};
  CHECK_FALSE(view_map(bad).has_value());
  bad = *v;
  bad.strides[1] = 100;
  CHECK_FALSE(view_map(bad).has_value());
  // Batch axes that step over each other merge into one dimension.
  const MergedView mv = merged(StridedView{v->base, {2, 3, 5, 8}, {120, 40, 8, 1}}, 2);
  CHECK(mv.view.dims == std::vector<int64_t>{6, 5, 8});
  CHECK(mv.axes == std::vector<std::vector<size_t>>{{0, 1}, {2}, {3}});
}

namespace {

// An index term's value at x (variable 0; variable 1 is 3x + 1), floor semantics as axon_fdiv /
// axon_fmod.
int64_t index_value(const Term& t, int64_t x) {
  auto fdiv = [](int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
  switch (t->kind) {
    case TermKind::Var: return t->ival == 0 ? x : 3 * x + 1;
    case TermKind::Int: return t->ival;
    case TermKind::IAdd: return index_value(t->args[0], x) + index_value(t->args[1], x);
    case TermKind::IMul: return index_value(t->args[0], x) * index_value(t->args[1], x);
    case TermKind::IFloorDiv: return fdiv(index_value(t->args[0], x), index_value(t->args[1], x));
    case TermKind::IMod: {
      const int64_t a = index_value(t->args[0], x), b = index_value(t->args[1], x);
      return a - b * fdiv(a, b);
    }
    default: FAIL("not an index term: " << to_string(t));
  }
  return 0;
}

int count_kind(const Term& t, TermKind k) {
  int n = t->kind == k ? 1 : 0;
  for (const Term& a : t->args) n += count_kind(a, k);
  return n;
}

}  // namespace

TEST_CASE("flat indices read adjacent digits of one term as one, and agree with the unmerged sum", "[codegen][views]") {
  const Term x = term::var(0);
  auto unmerged = [](const std::vector<Term>& p, const std::vector<int64_t>& d) {
    Term idx = term::integer(0);
    int64_t stride = 1;
    for (size_t i = d.size(); i-- > 0; stride *= d[i]) idx = term::add(idx, term::mul(p[i], term::integer(stride)));
    return idx;
  };
  struct Case {
    std::vector<Term> point;
    std::vector<int64_t> dims;
    int divisions;  // floor divisions and moduli left
  };
  const std::vector<int64_t> d3{34, 3, 15}, d4{2, 5, 1, 7};
  const std::vector<Case> cases{
      // A reduction over every axis of [34, 3, 15]: the offset is x.
      {coords_of(x, d3), d3, 0},
      // A size-1 axis between digits does not break the run.
      {coords_of(x, d4), d4, 0},
      // The trailing two of three axes: (x mod 45) and the leading digit x / 45 merge into x.
      {{term::floordiv(x, term::integer(45)), term::mod(term::floordiv(x, term::integer(15)), term::integer(3)), term::mod(x, term::integer(15))}, d3, 0},
      // Digits in another order (a transpose) stay apart.
      {{term::mod(x, term::integer(3)), term::floordiv(x, term::integer(3))}, {3, 5}, 2},
      // A coordinate whose modulus is not its axis's size stays apart (a broadcast of a digit).
      {{term::floordiv(x, term::integer(4)), term::mod(x, term::integer(2))}, {5, 4}, 2},
      // Two different terms stay apart.
      {{term::floordiv(term::var(1), term::integer(4)), term::mod(x, term::integer(4))}, {5, 4}, 2},
  };
  for (const Case& c : cases) {
    const Term f = flat_index(c.point, c.dims);
    INFO(to_string(f));
    CHECK(count_kind(f, TermKind::IFloorDiv) + count_kind(f, TermKind::IMod) == c.divisions);
    const Term u = unmerged(c.point, c.dims);
    for (int64_t v = -200; v < 1600; ++v) REQUIRE(index_value(f, v) == index_value(u, v));
  }
}
