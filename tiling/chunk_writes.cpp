// The group's writes at 8 consecutive columns of one output row (staged epilogues of the
// contraction and attention kernels): one 16-byte store per write where the chunk is whole.
#include <map>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

void emit_chunk_writes(Emitter& em, const Group& g, const std::vector<Term>& batch, int64_t ncols, const ChunkGiven& given,
                       const std::string& shared_at) {
  AXON_CHECK(shared_at.empty() || (g.writes.size() == 1 && dtype_bytes(g.writes[0]->dtype()) == 2 && ncols % 8 == 0),
             "codegen: a chunk goes to shared memory only as one 16-bit write of whole chunks");
  const std::string I = em.idx();
  em.name_var(kRowVar, "gi");
  em.name_var(kColVar, "gj");
  std::vector<std::vector<Term>> pts;
  std::map<std::string, int> at_e;
  for (int e = 0; e < 8; ++e) {
    const std::string E = S(e);
    em.line("const " + I + " gjc" + E + " = min(gj + " + E + ", (" + I + ")" + S(ncols) + " - 1);");
    em.name_var(kChunkVar + e, "gjc" + E);
    std::vector<Term> p = batch;
    p.push_back(term::var(kRowVar));
    p.push_back(term::var(kChunkVar + e));
    at_e[point_key(p)] = e;
    pts.push_back(p);
  }
  em.given = [&](const Node* n, const std::vector<Term>& p) -> std::string {
    auto it = at_e.find(point_key(p));
    return given(n, p, it == at_e.end() ? -1 : it->second);
  };
  std::vector<Term> row0 = batch;  // the chunk's first output
  row0.push_back(term::var(kRowVar));
  row0.push_back(term::var(kColVar));
  for (size_t w = 0; w < g.writes.size(); ++w) {
    const Node* n = g.writes[w];
    const std::string W = S(static_cast<int64_t>(w));
    std::vector<std::string> v;
    for (int e = 0; e < 8; ++e) v.push_back(em.value(n, pts[size_t(e)]));
    const std::string at = "out" + W + " + " + em.index(flat_index(row0, dims_of(n)));
    const std::string bits = n->dtype() == DType::f16 ? "axon_f_to_f16" : "axon_bf16_bits";
    auto two = [&](int e) { return "(unsigned)" + bits + "(" + v[size_t(e)] + ") | ((unsigned)" + bits + "(" + v[size_t(e) + 1] + ") << 16)"; };
    if (!shared_at.empty()) {
      em.line("*reinterpret_cast<uint4*>(" + shared_at + ") = make_uint4(" + two(0) + ", " + two(2) + ", " + two(4) + ", " + two(6) + ");");
      continue;
    }
    // Whole chunks start on 16 bytes when a row's bytes are a multiple of 16 (the pointers are).
    if ((ncols * dtype_bytes(n->dtype())) % 16 == 0) {
      em.open("if (gj + 8 <= " + S(ncols) + ") {");
      if (n->dtype() == DType::f32) {
        em.line("*reinterpret_cast<float4*>(" + at + ") = make_float4(" + v[0] + ", " + v[1] + ", " + v[2] + ", " + v[3] + ");");
        em.line("*reinterpret_cast<float4*>(" + at + " + 4) = make_float4(" + v[4] + ", " + v[5] + ", " + v[6] + ", " + v[7] + ");");
      } else {
        em.line("*reinterpret_cast<uint4*>(" + at + ") = make_uint4(" + two(0) + ", " + two(2) + ", " + two(4) + ", " + two(6) + ");");
      }
      em.close("} else {");
      for (int e = 0; e < 8; ++e)
        em.line("  if (gj + " + S(e) + " < " + S(ncols) + ") axon_st_" + dt(n) + "(" + at + " + " + S(e) + ", " + v[size_t(e)] + ");");
      em.line("}");
    } else {
      for (int e = 0; e < 8; ++e)
        em.line("if (gj + " + S(e) + " < " + S(ncols) + ") axon_st_" + dt(n) + "(" + at + " + " + S(e) + ", " + v[size_t(e)] + ");");
    }
  }
  em.given = nullptr;
}

}  // namespace axon::tiling::detail
