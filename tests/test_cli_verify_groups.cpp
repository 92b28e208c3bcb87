// `axon verify` on rules with axis groups and symbolic bounds (docs/rules-format.md): a proved
// group rule is reported as proved for every rank (text and --json); a non-uniform use of a
// group and a bound its conditions do not keep in range are bad input (exit 2).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "cli_support.h"

using axon::test::run;

TEST_CASE("cli verify: a group rule is proved for every rank", "[cli][verify]") {
  axon::test::TempDir dir;
  const std::string f = dir.write("g.axr",
                                  "group B\nsize N\ninput x, y: f32[B..., N]\n"
                                  "sum_of_add: reduce_sum(add(x, y), axes=[0]) => add(reduce_sum(x, axes=[0]), reduce_sum(y, axes=[0]))\n"
                                  "plain: add(x, y) => add(y, x)\n");
  auto r = run({"verify", f, "--timeout-ms", "120000"});
  INFO(r.out << r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("for every rank of group B (proved with one representative axis per group)") != std::string::npos);
  auto j = run({"verify", f, "--json", "--timeout-ms", "120000"});
  auto doc = nlohmann::json::parse(j.out);
  CHECK(doc["results"][0]["groups"] == nlohmann::json::array({"B"}));
  CHECK(doc["results"][0]["every_rank"] == true);
}

TEST_CASE("cli verify: non-uniform group uses and out-of-range bounds are bad input", "[cli][verify]") {
  axon::test::TempDir dir;
  auto slice_group = run({"verify", dir.write("a.axr", "group B\nsize N\ninput x: f32[B..., N]\nr: slice(x, axis=0, end=1) => slice(x, axis=0, end=1)\n")});
  CHECK(slice_group.code == 2);
  CHECK(slice_group.err.find("rule r: slice: axis 0 is group B") != std::string::npos);
  auto bare = run({"verify", dir.write("b.axr", "group B\ninput x: f32[B]\n")});
  CHECK(bare.code == 2);
  auto range = run({"verify", dir.write("c.axr", "size N, S\ninput x: f32[N]\nr: slice(x, axis=0, start=S) => slice(x, axis=0, start=S)\n")});
  CHECK(range.code == 2);
  CHECK(range.err.find("do not keep every symbolic slice and pad bound in range") != std::string::npos);
}

TEST_CASE("cli verify: --group-rank checks a group rule at that many axes per group", "[cli][verify]") {
  axon::test::TempDir dir;
  const std::string f = dir.write("g.axr",
                                  "group B\nsize N\ninput x: f32[B..., N]\n"
                                  "merge: reduce_sum(reduce_sum(x, axes=[1]), axes=[0]) => reduce_sum(x, axes=[0, 1])\n");
  auto r = run({"verify", f, "--group-rank", "3", "--timeout-ms", "120000"});
  INFO(r.out << r.err);
  CHECK(r.code == 0);
  CHECK(r.out.find("(at rank 3) merge") != std::string::npos);
  CHECK(r.out.find("for every rank") == std::string::npos);  // an instance proves only itself
  CHECK(run({"verify", f, "--group-rank", "9"}).code == 2);
}
