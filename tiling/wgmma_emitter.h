// The sm_90a contraction kernel's generator (docs/contraction.md): the state every stage shares,
// set up and checked once, and one method per stage. wgmma_kernel.cpp: the set-up, the block's
// prologue, a k-tile's wgmmas, the cp.async main loop and split-K's reduction over the cluster
// (the TMA main loop is tma_mainloop.cpp's); wgmma_epilogue.cpp: the epilogues (in fragment
// order, staged through shared memory, by store warps, by TMA stores).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "internal.h"

namespace axon::tiling::detail {

// stmatrix's row addresses for a warpgroup's accumulators: lane th % 32 of warp th / 32 addresses
// row th % 8 of matrix q = (th % 32) / 8 of the 16 x 16 block of elements eb .. eb + 7 (Var 0 the
// thread, Var 1 eb): rows 8 (q % 2) on of the warp's 16, columns 8 (q / 2) on of the block's.
// Terms: check_stmatrix evaluates them and the kernel renders them, so the addressing that is
// checked is the addressing that runs.
struct StmatrixAddress {
  Term row, col;  // in the warpgroup's 64 x N tile, in elements
};
StmatrixAddress stmatrix_address();
// The spec's stmatrix fragment, fed register m = the pair of accumulator elements eb + 2m and
// eb + 2m + 1 and addressed by stmatrix_address, must store every element of the blocks where
// the spec's wgmma `d` fragment puts it, for every thread and block below `regs` elements.
void check_stmatrix(const InstrSpec& st, const Fragment& df, int regs);

struct WgmmaEmitter {
  WgmmaEmitter(const Group& g, const GroupShape& s, const ContractionConfig& t, const Lowerings& low, bool wide);
  std::string emit(const std::string& name);

  const Group& g;
  const ContractionShape& c;
  const ContractionConfig& t;
  const Lowerings& low;
  TensorCoreIsa tc;
  WgmmaIsa wi;
  TmaIsa ti;
  const InstrSpec* mma = nullptr;
  const InstrSpec* bar_named = nullptr;  // staged epilogue stores
  int N, REGS, AE, BE;
  int D;  // tiles loaded ahead: one stage is still read by the wgmma in flight
  bool persistent;
  int SK;  // split-K's splits
  int64_t KT;
  const Fragment* df = nullptr;
  int TW;  // twins: B2's results from this element on
  int cluster;
  Emitter em;
  std::string I;
  std::vector<Term> batch;
  std::map<int, Term> frag_vars;
  RegisterA reg_a;
  // Shared-memory matrix descriptors' leading and stride byte offsets (>> 4).
  int64_t a_lbo, a_sbo, b_lbo, b_sbo;
  // The epilogue's points (fragment_points).
  std::vector<Term> fpoint, fpoint1;
  std::string fkey, fkey1;
  // The staged epilogues.
  DType mt;            // the matmul's type
  std::string MT, to_f;  // its storage type, and its conversion to f32
  int64_t stage_row, stage_bytes;
  bool float_io, stageable;
  bool frag_pairs;  // elements 2p, 2p + 1 are row neighbours at an even column
  int64_t cpr;      // 8-column output chunks per tile row
  const InstrSpec* stsm = nullptr;
  bool stsm_checked = false;
  StmatrixAddress stsm_at;
  SmemPlan smem;         // wgmma_smem_plan
  std::string staging;  // store warps' staging buffer

  // wgmma_kernel.cpp
  std::string signature(const std::string& name) const;
  void prologue();
  void zero();
  void wgmmas();
  void wgmmas_register_a();
  void cp_async_mainloop();
  void split_k();
  void split_k_sum(int64_t prow, int64_t OWN);

  // wgmma_epilogue.cpp
  void epilogue();
  void fragment_points();
  void fragment_epilogue();
  void chunk_epilogue(const std::function<std::string(const Node*, int)>& matmul_at);
  void check_stsm();
  void stage_fragment(const std::string& row0);
  void stage_chunks(const std::string& first, int step, int rows, const std::string& gi0);
  void staged_epilogue();
  void hand_off();
  void store_tile();
  void tma_store_epilogue();
  std::vector<int> tma_store_chunks(int E, int CW, int chunks) const;
  void tma_store_blocks(const Node* w, int h, int CW, int from, int to, bool whole_tiles);
  void tma_store_elements(const Node* w, int h, int CW, int from, int to, bool pairs);
  void tma_store_boxes(int h, int CW);
};

}  // namespace axon::tiling::detail
