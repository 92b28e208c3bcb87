// Strided views through transposes and reshapes (tiling/views.h): each view agrees, element by
// element, with the interpreter's evaluation of the same layout ops (their definitions); a
// reshape that would need a copy is no view; tensor maps of views keep the head dimension
// contiguous and lay the other dimensions out in increasing stride.
#include <catch2/catch.hpp>

#include <string>

#include "axon/core/graph_json.h"
#include "axon/core/interpreter.h"
#include "tiling/internal.h"  // dims_of
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
