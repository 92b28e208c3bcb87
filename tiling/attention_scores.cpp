// The stored scores' tile of softmax -> matmul (docs/attention.md, "Stored scores"): the consumer
// warpgroup's rows of a slot's bm x bn bf16 scores, read from shared memory into the registers
// of S's wgmma `d` fragment, as the Q K^T kernels hold S.
#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling::detail {

namespace {

// The byte offset in a slot of the stored tile's (row, key) as C: 64-key panels of `bm` rows,
// rows of 128 bytes, 16-byte chunks XOR-swizzled by the row (the copy's 128-byte swizzle).
std::string tile_offset(int64_t bm, const std::string& r, const std::string& c) {
  return "(" + c + " / 64) * " + S(bm * 128) + " + " + r + " * 128 + ((((" + c + " % 64) / 8) ^ (" + r + " % 8)) * 16) + (" + c +
         " % 8) * 2";
}

}  // namespace

// Whether ldmatrix.x4 addressed by lane_address (operand A, K-major) within each warp's 16 rows,
// at column chunk c (16 columns), gives fragment `fs` (64 rows, `bn` columns) elements 8c .. 8c + 7
// to every thread: its register m holding elements 8c + 2m (low half) and 8c + 2m + 1 (high
// half). S's `d` fragment for stored scores; a wgmma `a` fragment (bn 16) for register A.
bool ldsm_gives(const InstrSpec& ldsm, const Fragment& fs, int64_t bn) {
  const Fragment& lf = fragment(ldsm, "d");
  const LaneAddress at = lane_address(0, true);
  for (int th = 0; th < 128; ++th)
    for (int64_t c = 0; c < bn / 16; ++c)
      for (int e = 0; e < 8; ++e) {
        const int64_t sr = fragment_index(lf.row, th % 32, e), sc = fragment_index(lf.col, th % 32, e);
        const int64_t row = fragment_index(at.row, sr, 0) + 16 * (th / 32), col = 16 * c + fragment_index(at.col, sr, 0) + sc;
        if (row != fragment_index(fs.row, th, 8 * c + e) || col != fragment_index(fs.col, th, 8 * c + e)) return false;
      }
  return true;
}

void emit_read_stored_scores(Emitter& em, const Isa& isa, const InstrSpec& mma_s, const StoredScores& s) {
  const Fragment& fs = fragment(mma_s, "d");
  const int64_t RS = s.bn / 2;
  const std::string slot_at = "sk0 + (unsigned)(slot * " + S(s.slot_bytes) + " + ";
  // Packed maxima: the words are pairs of one row (the fragment pairs row neighbours), so the
  // row maxima come from them, two accumulators per row slot, as for Q K^T's packed pairs.
  const InstrSpec* pmax = s.packed_max ? pair_max(isa, s.type) : nullptr;
  AXON_CHECK(!s.packed_max || pmax != nullptr, "codegen: packed maxima without the ISA's max.NaN of pairs");
  if (pmax != nullptr) em.line(pair_max_init(s.type));
  auto take = [&](const std::string& w, const std::string& e) {
    if (pmax != nullptr)
      em.line(pure_asm(*pmax, {{"d", "=r", {"mx2[rs_s[" + e + "]][((" + e + ") >> 2) & 1]"}}, {"a", "r", {"mx2[rs_s[" + e + "]][((" + e + ") >> 2) & 1]"}}, {"b", "r", {w}}}));
    em.line("sc[" + e + "] = " + pair_half(s.type, w, 0) + ";");
    em.line("sc[" + e + " + 1] = " + pair_half(s.type, w, 1) + ";");
  };
  // Asm with a memory clobber: the loads stay between the slot's full-barrier wait and its release.
  const InstrSpec* ldsm = isa.find("ldmatrix.sync.aligned.m8n8.x4.shared.b16");
  if (ldsm != nullptr && ldsm_gives(*ldsm, fs, s.bn)) {
    // One ldmatrix.x4 per 16 keys: four words per thread instead of four loads and their
    // addressing (fewer instructions; measured level on softmax -> matmul: docs/attention.md).
    const LaneAddress at = lane_address(0, true);
    const std::map<int, Term> lane = {{0, term::mod(term::var(kLaneVar), term::integer(32))}};
    em.line("#pragma unroll");
    em.open("for (int c = 0; c < " + S(s.bn / 16) + "; ++c) {");
    em.line("const int lr = wg * 64 + (th >> 5) * 16 + " + em.index(em.subst(at.row, lane)) + ", lk = c * 16 + " +
            em.index(em.subst(at.col, lane)) + ";");
    em.line("unsigned lw[4];");
    em.line(inline_asm(*ldsm, {{"d", "=r", {"lw[0]", "lw[1]", "lw[2]", "lw[3]"}}, {"a", "r", {slot_at + tile_offset(s.bm, "lr", "lk") + ")"}}}, true));
    for (int m = 0; m < 4; ++m) take("lw[" + S(m) + "]", "c * 8 + " + S(2 * m));
    em.close();
    return;
  }
  // Otherwise one 32-bit load per pair: elements e, e + 1 are row neighbours at an even key.
  const InstrSpec* lds = isa.find("ld.shared.f32");
  AXON_CHECK(lds != nullptr, "codegen: the ISA lacks ld.shared.f32");
  for (int th = 0; th < 128; ++th)
    for (int e = 0; e + 1 < RS; e += 2)
      AXON_CHECK(fragment_index(fs.row, th, e + 1) == fragment_index(fs.row, th, e) && fragment_index(fs.col, th, e + 1) == fragment_index(fs.col, th, e) + 1 &&
                     fragment_index(fs.col, th, e) % 2 == 0,
                 "codegen: " + mma_s.name + "'s d fragment does not pair row neighbours");
  const std::map<int, Term> frag_vars = {{0, term::var(kLaneVar)}, {1, term::var(kRegVar)}};
  em.line("#pragma unroll");
  em.open("for (int e = 0; e < " + S(RS) + "; e += 2) {");
  em.line("const int r = wg * 64 + " + em.index(em.subst(fs.row, frag_vars)) + ", c = " + em.index(em.subst(fs.col, frag_vars)) + ";");
  em.line("float w;");
  em.line(inline_asm(*lds, {{"d", "=f", {"w"}}, {"a", "r", {slot_at + tile_offset(s.bm, "r", "c") + ")"}}}, true));
  em.line("const unsigned wu = __float_as_uint(w);");
  take("wu", "e");
  em.close();
}

}  // namespace axon::tiling::detail
