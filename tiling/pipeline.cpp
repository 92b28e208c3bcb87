// The mbarrier ring (pipeline.h).
#include "pipeline.h"

#include <cctype>

#include "axon/core/error.h"

namespace axon::tiling::detail {

namespace {

// `x` as an operand of a binary operator: a name or a number as is, anything else parenthesized.
std::string operand(const std::string& x) {
  for (char c : x)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return "(" + x + ")";
  return x;
}

}  // namespace

std::string MbarrierRing::slot_of(const std::string& g) const { return operand(g) + " % " + std::to_string(stages); }

std::string MbarrierRing::phase_of(const std::string& g) const { return "(" + operand(g) + " / " + std::to_string(stages) + ") & 1"; }

std::string MbarrierRing::refill_phase_of(const std::string& g) const {
  return "((" + operand(g) + " / " + std::to_string(stages) + ") + 1) & 1";
}

std::string MbarrierRing::full_at(const std::string& s) const { return full + " + 8 * " + operand(s); }

std::string MbarrierRing::empty_at(const std::string& s) const { return empty + " + 8 * " + operand(s); }

std::string MbarrierRing::init_full(const std::string& s) const {
  return inline_asm(*ti->init, {{"a", "r", {full_at(s)}}, {"b", "r", {std::to_string(producers)}}}, true);
}

std::string MbarrierRing::init_empty(const std::string& s) const {
  return inline_asm(*ti->init, {{"a", "r", {empty_at(s)}}, {"b", "r", {std::to_string(consumers)}}}, true);
}

std::string MbarrierRing::producer_acquire(const std::string& g, const std::string& s) const {
  return "if (" + g + " >= " + std::to_string(stages) + ") " + mbarrier_wait_loop(*ti->wait, empty_at(s), refill_phase_of(g));
}

std::string MbarrierRing::producer_expect(const std::string& s, int64_t bytes) const {
  return inline_asm(*ti->expect, {{"a", "r", {full_at(s)}}, {"b", "r", {std::to_string(bytes)}}}, true);
}

std::string MbarrierRing::consumer_wait(const std::string& s, const std::string& g) const {
  return consumer_wait_parity(s, phase_of(g));
}

std::string MbarrierRing::consumer_wait_parity(const std::string& s, const std::string& parity) const {
  return mbarrier_wait_loop(*ti->wait, full_at(s), parity);
}

std::string MbarrierRing::consumer_release(const std::string& s) const {
  return inline_asm(*ti->arrive, {{"a", "r", {empty_at(s)}}}, true);
}

std::string MbarrierRing::generic_reads_done() const { return inline_asm(*ti->proxy, {}, true); }

}  // namespace axon::tiling::detail
