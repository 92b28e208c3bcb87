// The SIMT contraction kernel (docs/contraction.md, "SIMT contractions"): f32 matmuls, multiplied
// exactly in f32 with FMAs on the CUDA cores (tensor cores would round the operands to tf32).
// 256 threads as a 16 x 16 grid; thread (tx, ty) owns rows 4 ty + 64 q + i and columns
// 4 tx + 64 q + j (i, j < 4) of the block tile: per k it reads its A and B values as 16-byte
// vectors (a warp: two broadcast rows of A, 256 contiguous bytes of B), and a warp's stores cover
// 64 consecutive columns. Each operand tile (bm x bk of A, bk x bn of B) is evaluated point by
// point from the operand's definition (stored, transposed, broadcast or computed: the emitter's
// prologue), walking the stored contiguous axis across consecutive threads, into registers; then
// into one of two shared buffers, while the other is multiplied.
#include <sstream>

#include "axon/core/error.h"
#include "contraction_families.h"
#include "internal.h"

namespace axon::tiling::detail {

std::string simt_kernel(const Group& g, const GroupShape& s, const ContractionConfig& t, const Lowerings& low,
                        const std::string& name, bool wide) {
  const ContractionShape& c = s.mm;
  const std::string why = simt_can_run(t);
  AXON_CHECK(why.empty(), "codegen: not a SIMT configuration: " + why);
  const int TM = t.bm / 16, TN = t.bn / 16, BK = t.bk;
  Emitter em(&low, false, wide);
  global_loads(em, g);
  const std::string I = em.idx();
  em.name_var(kBatchVar, "bz");
  const std::vector<Term> batch = coords_of(term::var(kBatchVar), c.batch_dims);

  std::ostringstream head;
  head << "extern \"C\" __global__ void __launch_bounds__(256) " << name << "(" << param_list(g) << ") {\n";
  // Rows padded by 16 bytes (aligned for the vector reads; stores along K spread over 8 banks).
  em.line("__shared__ __align__(16) float sA[2][" + S(BK) + "][" + S(t.bm + 4) + "];");
  em.line("__shared__ __align__(16) float sB[2][" + S(BK) + "][" + S(t.bn + 4) + "];");
  em.line("const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;");
  emit_tile_origin(em, c, t);
  em.line("float acc[" + S(TM) + "][" + S(TN) + "];");
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(TM * TN) + "; ++i) {");
  em.line("(&acc[0][0])[i] = 0.0f;");
  em.close();

  // fetch(kt): this thread's points of k-tile kt of both operands, into registers (zero outside
  // the tensors); put(buf): those registers into shared buffer buf.
  const int PA = t.bm * BK / 256 > 0 ? t.bm * BK / 256 : 1, PB = BK * t.bn / 256 > 0 ? BK * t.bn / 256 : 1;
  em.line("float ra[" + S(PA) + "], rb[" + S(PB) + "];");
  // The loop over this thread's points of operand op's tile: point e is (er, ek), consecutive
  // threads along the stored contiguous axis.
  auto open_points = [&](int op) {
    const int rows = op == 0 ? t.bm : t.bn;  // the tile's M (A) or N (B) extent
    em.line("#pragma unroll");
    em.open("for (int p = 0; p < " + S(op == 0 ? PA : PB) + "; ++p) {");
    em.line("const int e = tid + 256 * p;");
    if (stored_k_major(c, op)) em.line("const int ek = e % " + S(BK) + ", er = e / " + S(BK) + ";");
    else em.line("const int er = e % " + S(rows) + ", ek = e / " + S(rows) + ";");
  };
  em.open("auto fetch = [&](int kt) {");
  em.line("const " + I + " k0 = (" + I + ")kt * " + S(BK) + ";");
  for (int op = 0; op < 2; ++op) {
    const int rows = op == 0 ? t.bm : t.bn;
    const std::string reg = op == 0 ? "ra" : "rb";
    open_points(op);
    const std::string origin = op == 0 ? "m0" : "n0", ext = op == 0 ? m_text(c) : S(c.n);
    em.line("const " + I + " gr = " + origin + " + er, gk = k0 + ek;");
    em.line("const " + I + " grc = min(gr, (" + I + ")" + ext + " - 1), gkc = min(gk, (" + I + ")" + S(c.k) + " - 1);");
    em.name_var(op == 0 ? kRowVar : kColVar, "grc");
    em.name_var(kKVar, "gkc");
    const std::vector<Term> point = op == 0 ? operand_point(c, 0, batch, term::var(kRowVar), term::var(kKVar))
                                            : operand_point(c, 1, batch, term::var(kColVar), term::var(kKVar));
    const std::string v = em.value(op == 0 ? c.a.node : c.b.node, point);
    em.line(reg + "[p] = e < " + S(rows * BK) + " && gr < " + ext + " && gk < " + S(c.k) + " ? " + v + " : 0.0f;");
    em.close();
  }
  em.close("};");
  em.open("auto put = [&](int buf) {");
  for (int op = 0; op < 2; ++op) {
    const int rows = op == 0 ? t.bm : t.bn;
    open_points(op);
    em.line("if (e < " + S(rows * BK) + ") " + std::string(op == 0 ? "sA" : "sB") + "[buf][ek][er] = " + (op == 0 ? "ra" : "rb") + "[p];");
    em.close();
  }
  em.close("};");

  // The k loop: multiply one buffer while the next tile's loads are in flight, then store them
  // into the other buffer; one barrier per k-tile (a buffer is rewritten only after every thread
  // passed the barrier that follows its last reads).
  em.line("const int KT = " + S((c.k + BK - 1) / BK) + ";");
  em.line("fetch(0);");
  em.line("put(0);");
  em.line("__syncthreads();");
  em.open("for (int kt = 0; kt < KT; ++kt) {");
  em.line("const int cur = kt & 1;");
  em.line("if (kt + 1 < KT) fetch(kt + 1);");
  em.line("#pragma unroll");
  em.open("for (int kk = 0; kk < " + S(BK) + "; ++kk) {");
  em.line("float a[" + S(TM) + "], b[" + S(TN) + "];");
  em.line("#pragma unroll");
  em.line("for (int q = 0; q < " + S(TM / 4) + "; ++q) *reinterpret_cast<float4*>(a + 4 * q) = *reinterpret_cast<const float4*>(&sA[cur][kk][4 * ty + 64 * q]);");
  em.line("#pragma unroll");
  em.line("for (int q = 0; q < " + S(TN / 4) + "; ++q) *reinterpret_cast<float4*>(b + 4 * q) = *reinterpret_cast<const float4*>(&sB[cur][kk][4 * tx + 64 * q]);");
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(TM) + "; ++i) {");
  em.line("#pragma unroll");
  em.line("for (int j = 0; j < " + S(TN) + "; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);");
  em.close();
  em.close();  // kk
  em.line("if (kt + 1 < KT) put(cur ^ 1);");
  em.line("__syncthreads();");
  em.close();  // kt

  // The epilogue: each write's definition at each of the thread's outputs, the matmul's value
  // being the accumulator rounded to its dtype.
  const std::vector<Term> point = epilogue_point(em, c, batch, "acc[i][j]");
  em.line("#pragma unroll");
  em.open("for (int i = 0; i < " + S(TM) + "; ++i) {");
  em.line("#pragma unroll");
  em.open("for (int j = 0; j < " + S(TN) + "; ++j) {");
  em.line("const " + I + " gi = m0 + 4 * ty + 64 * (i / 4) + i % 4, gj = n0 + 4 * tx + 64 * (j / 4) + j % 4;");
  em.open("if (gi < " + m_text(c) + " && gj < " + S(c.n) + ") {");
  for (size_t w = 0; w < g.writes.size(); ++w) {
    const std::string v = em.value(g.writes[w], point);
    em.line("axon_st_" + dt(g.writes[w]) + "(out" + S(static_cast<int64_t>(w)) + " + " +
            em.index(flat_index(point, dims_of(g.writes[w]))) + ", " + v + ");");
  }
  em.close();
  em.close();
  em.close();
  return head.str() + em.str() + "}\n";
}

}  // namespace axon::tiling::detail
