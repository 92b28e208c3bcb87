// An mbarrier ring between a TMA producer and its consumers (the model: CUTLASS's sm90
// PipelineTmaAsync; our own code). `stages` slots, each with a `full` barrier (`producers` arrivals
// plus the bytes of the slot's copies) and an `empty` barrier (`consumers` arrivals,
// one per consumer warp), 8 bytes apart per slot from the bases `full` and `empty` (shared-space
// addresses the kernel declares). Item g of the sequence (a k-step, a key tile) goes through
// slot g % stages, and is that slot's use number g / stages: its full barrier completes the
// phase of parity (g / stages) & 1 for it, which the consumers wait for; the producer refills a
// slot from the second round on after the consumers released the round before: the empty
// barrier's parity ((g / stages) + 1) & 1. Every slot and phase expression of the kernels that
// use a ring comes from here, as C text.
#pragma once

#include <string>

#include "internal.h"

namespace axon::tiling::detail {

struct MbarrierRing {
  const TmaIsa* ti = nullptr;
  std::string full, empty;  // the barriers' base addresses
  int stages = 1;
  int consumers = 1;  // arrivals that release a slot
  int producers = 1;  // arrivals (besides the bytes) that fill a slot

  // C expressions: item g's slot; its full barrier's parity; the producer's parity on the empty
  // barrier of g's slot (the round before g's); slot s's barriers.
  [[nodiscard]] std::string slot_of(const std::string& g) const;
  [[nodiscard]] std::string phase_of(const std::string& g) const;
  [[nodiscard]] std::string refill_phase_of(const std::string& g) const;
  [[nodiscard]] std::string full_at(const std::string& s) const;
  [[nodiscard]] std::string empty_at(const std::string& s) const;

  // Statements: slot s's barriers initialized (full: `producers` arrivals; empty: `consumers`).
  [[nodiscard]] std::string init_full(const std::string& s) const;
  [[nodiscard]] std::string init_empty(const std::string& s) const;
  // The producer, for item g in slot s: waits for the slot to be free (from the second round
  // on); announces the bytes its copies will bring (they complete the full barrier).
  [[nodiscard]] std::string producer_acquire(const std::string& g, const std::string& s) const;
  [[nodiscard]] std::string producer_expect(const std::string& s, int64_t bytes) const;
  // A consumer: waits for item g in slot s to land (parity: phase_of(g) unless given, say "0"
  // for the first item); releases slot s (one arrival, from one lane per warp: the caller's
  // condition).
  [[nodiscard]] std::string consumer_wait(const std::string& s, const std::string& g) const;
  [[nodiscard]] std::string consumer_wait_parity(const std::string& s, const std::string& parity) const;
  [[nodiscard]] std::string consumer_release(const std::string& s) const;
  // Every consumer thread that read its slot through the generic proxy (ld.shared, ldmatrix)
  // runs this before the warp's release: the slot's next copy writes through the async proxy,
  // which the empty barrier alone does not order after those reads. Without it a read still in
  // flight at the release saw the next tile's copy (the f32 attention kernel, 64x32 w1 s3 cl3:
  // 344 of 6000 runs differed on an H100; none with the fence, 0.8% slower).
  [[nodiscard]] std::string generic_reads_done() const;
};

}  // namespace axon::tiling::detail
