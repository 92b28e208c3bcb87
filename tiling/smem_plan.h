// A kernel's dynamic shared memory, planned once: named regions laid end to end from a base
// aligned to `align` bytes (1024: what the 128-byte swizzle of TMA's boxes and wgmma's
// descriptors needs). The one object gives the launch's size (the regions plus the alignment's
// slack) and the offsets the kernel declares, so that the two cannot disagree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace axon::tiling::detail {

class SmemPlan {
 public:
  explicit SmemPlan(int64_t align = 1024) : align_(align) {}
  // A region of `bytes` after the last one.
  SmemPlan& add(const std::string& name, int64_t bytes);
  // A region's offset from the aligned base, and its size.
  [[nodiscard]] int64_t offset(const std::string& name) const;
  [[nodiscard]] int64_t bytes(const std::string& name) const;
  [[nodiscard]] bool has(const std::string& name) const;
  // The end of the last region; the dynamic shared memory a launch asks for (the alignment's
  // slack included).
  [[nodiscard]] int64_t used() const;
  [[nodiscard]] int64_t size() const { return used() + align_; }

  // C: the dynamic shared-memory array; the aligned base as a generic address (an integer);
  // the first region's shared-space address, `const unsigned <first> = ...;`; and the addresses
  // of regions `names`, the first one from the address of region `from` (by default the region
  // before it), each later one from the one before it in the list:
  // `const unsigned b = a + <offset of b - offset of a>, c = b + <offset of c - offset of b>;`.
  [[nodiscard]] std::string declare_raw() const;
  [[nodiscard]] std::string aligned_base() const;
  [[nodiscard]] std::string declare_base() const;
  [[nodiscard]] std::string declare(const std::vector<std::string>& names, const std::string& from = "") const;

 private:
  struct Region {
    std::string name;
    int64_t bytes;
  };
  [[nodiscard]] size_t find(const std::string& name) const;
  int64_t align_;
  std::vector<Region> regions_;
};

}  // namespace axon::tiling::detail
