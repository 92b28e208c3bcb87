// The shared-memory plan (smem_plan.h).
#include "smem_plan.h"

#include "axon/core/error.h"

namespace axon::tiling::detail {

SmemPlan& SmemPlan::add(const std::string& name, int64_t bytes) {
  for (const Region& r : regions_) AXON_CHECK(r.name != name, "codegen: shared-memory region " + name + " planned twice");
  AXON_CHECK(bytes >= 0, "codegen: shared-memory region " + name + " of negative size");
  regions_.push_back({name, bytes});
  return *this;
}

size_t SmemPlan::find(const std::string& name) const {
  for (size_t i = 0; i < regions_.size(); ++i)
    if (regions_[i].name == name) return i;
  throw InternalError("codegen: no shared-memory region " + name);
}

int64_t SmemPlan::offset(const std::string& name) const {
  int64_t at = 0;
  for (size_t i = 0, e = find(name); i < e; ++i) at += regions_[i].bytes;
  return at;
}

int64_t SmemPlan::bytes(const std::string& name) const { return regions_[find(name)].bytes; }

bool SmemPlan::has(const std::string& name) const {
  for (const Region& r : regions_)
    if (r.name == name) return true;
  return false;
}

int64_t SmemPlan::used() const {
  int64_t at = 0;
  for (const Region& r : regions_) at += r.bytes;
  return at;
}

std::string SmemPlan::declare_raw() const {
  return "extern __shared__ __align__(" + std::to_string(align_) + ") unsigned char axon_smem_raw[];";
}

std::string SmemPlan::aligned_base() const {
  const std::string m = std::to_string(align_ - 1) + "ull";
  return "(((unsigned long long)axon_smem_raw + " + m + ") & ~" + m + ")";
}

std::string SmemPlan::declare_base() const {
  AXON_CHECK(!regions_.empty(), "codegen: an empty shared-memory plan");
  return "const unsigned " + regions_[0].name + " = (unsigned)__cvta_generic_to_shared((void*)" + aligned_base() + ");";
}

std::string SmemPlan::declare(const std::vector<std::string>& names, const std::string& from) const {
  std::string s = "const unsigned ";
  for (size_t k = 0; k < names.size(); ++k) {
    const size_t i = find(names[k]);
    std::string prev = k > 0 ? names[k - 1] : from;
    if (prev.empty()) {
      AXON_CHECK(i > 0, "codegen: the first shared-memory region is the base");
      prev = regions_[i - 1].name;
    }
    const int64_t delta = offset(names[k]) - offset(prev);
    AXON_CHECK(delta >= 0, "codegen: shared-memory region " + names[k] + " declared before " + prev);
    s += (k ? ", " : "") + names[k] + " = " + prev + " + " + std::to_string(delta);
  }
  return s + ";";
}

}  // namespace axon::tiling::detail
