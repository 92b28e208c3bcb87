// The shared-memory plans and the mbarrier ring (tiling/smem_plan.h, tiling/pipeline.h): a
// plan's size and offsets agree, the wgmma and attention plans give the sizes the kernels were
// launched with before they existed (the old sums, term for term), and the ring's slot and phase
// expressions are the C the kernels emit.
#include <catch2/catch.hpp>

#include "tiling/internal.h"
#include "tiling/pipeline.h"

using namespace axon;
using namespace axon::tiling;
using namespace axon::tiling::detail;

TEST_CASE("smem plan: offsets, size and declarations from one list of regions") {
  SmemPlan p;
  p.add("a", 4096).add("b", 2048).add("bar", 24).add("c", 0).add("d", 16);
  CHECK(p.offset("a") == 0);
  CHECK(p.offset("bar") == 6144);
  CHECK(p.bytes("bar") == 24);
  CHECK(p.used() == 6184);
  CHECK(p.size() == 6184 + 1024);
  CHECK(p.declare_base() == "const unsigned a = (unsigned)__cvta_generic_to_shared((void*)(((unsigned long long)axon_smem_raw + 1023ull) & ~1023ull));");
  CHECK(p.declare({"b", "bar"}) == "const unsigned b = a + 4096, bar = b + 2048;");
  CHECK(p.declare({"d"}, "bar") == "const unsigned d = bar + 24;");
  CHECK_THROWS(p.add("a", 8));
  CHECK_THROWS(p.offset("e"));
}

TEST_CASE("smem plan: a wgmma kernel's size is the old sum, and the k-vectors follow every barrier") {
  for (int tma : {0, 1})
    for (int stages : {3, 5, 7})
      for (int bn : {64, 128, 256})
        for (int store_warps : {0, 1})
          for (int kvec : {0, 4096})
            for (int splits : {1, 4}) {
              ContractionConfig c;
              c.wgmma = true;
              c.tma = tma;
              c.bm = 128, c.bn = bn, c.bk = 64, c.warps_m = 2, c.stages = stages;
              c.store_warps = tma && store_warps;
              c.blocks_per_sm = c.store_warps ? 1 : 0;
              c.a_kvec_floats = tma ? kvec : 0;
              c.splits = tma ? splits : 1;
              c.split_rows = c.splits > 1 ? 16 : 0;
              const int old = c.stages * (c.bm + c.bn) * c.bk * 2 + 1024 + contraction_staging(c) + (c.tma ? 24 * c.stages : 0) +
                              (c.store_warps ? 16 : 0) + 4 * c.a_kvec_floats + split_area_bytes(c);
              CHECK(contraction_smem(c) == old);
              const SmemPlan p = wgmma_smem_plan(c);
              CHECK(p.offset("staging") == int64_t(c.stages) * (c.bm + c.bn) * c.bk * 2);
              if (!c.tma) continue;
              CHECK(p.offset("full0") == p.offset("staging") + contraction_staging(c));
              CHECK(p.offset("kv0") == p.offset("raw0") + 8 * c.stages + (c.store_warps ? 16 : 0));
              CHECK(p.offset("split") == p.offset("kv0") + 4 * int64_t(c.a_kvec_floats));
            }
}

TEST_CASE("smem plan: the attention kernel's size is the old sum") {
  AttentionShape a;
  const Node* sum = nullptr;
  for (int64_t d : {64, 96, 128, 256})
    for (int sums : {1, 2})
      for (int stages : {2, 3, 4})
        for (int bn : {64, 128}) {
          a.qk.k = d, a.pv.n = d;
          a.sums.assign(size_t(sums), sum);
          AttentionConfig t;
          t.bm = 128, t.bn = bn, t.stages = stages;
          const int64_t dp = (d + 63) / 64 * 64;
          const int64_t stats_at = int64_t(t.bm) * dp * 2 + int64_t(stages) * (int64_t(bn) * dp * 2 + int64_t(bn) * dp * 2) + 8 * (2 + 4 * int64_t(stages));
          CHECK(attention_smem(a, t) == stats_at + 1024 + int64_t(t.bm) * 4 * (1 + sums));
        }
}

TEST_CASE("mbarrier ring: slot and phase expressions") {
  MbarrierRing r{nullptr, "full0", "empty0", 4, 8};
  CHECK(r.slot_of("g") == "g % 4");
  CHECK(r.slot_of("g - 1") == "(g - 1) % 4");
  CHECK(r.phase_of("g") == "(g / 4) & 1");
  CHECK(r.refill_phase_of("j") == "((j / 4) + 1) & 1");
  CHECK(r.full_at("slot") == "full0 + 8 * slot");
  CHECK(r.empty_at(r.slot_of("gb + NK - 1")) == "empty0 + 8 * ((gb + NK - 1) % 4)");
}
