// The one interface to CUDA (docs/codegen.md). NVRTC and the driver library are loaded at run
// time (dlopen), so axon builds and runs on machines without them: every function here then
// reports why it cannot work, and the search ranks candidates by the cost model alone.
// Only the worker process (measure.h) touches the driver; the main process compiles with NVRTC.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace axon::gpu {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// ---- NVRTC (no GPU needed) ----
struct Compiled {
  bool ok = false;
  std::string log;    // the compiler's messages (errors when !ok)
  std::string cubin;  // machine code for the arch
  bool cached = false;
  double seconds = 0;
};
// "" when NVRTC can be loaded, else why not.
std::string nvrtc_status();
// NVRTC's version, "13.0" ("" when NVRTC is not found).
std::string nvrtc_version();
// Compiles `source` for `arch` ("sm_90"). With a cache directory, results are kept there by the
// hash of (source, arch, NVRTC version) and reused.
Compiled compile(const std::string& source, const std::string& arch, const std::string& cache_dir);

// ---- The driver (worker process only) ----
struct DeviceProps {
  std::string name;
  int sm = 0;  // 90
  int sm_count = 0, max_threads_per_block = 0, regs_per_block = 0;
  int64_t smem_per_block = 0, l2_bytes = 0, total_mem = 0;
  int64_t smem_optin = 0;  // the most dynamic shared memory a block may ask for
  int driver_version = 0;  // cuDriverGetVersion: 13000 for CUDA 13.0 (0: unknown)
};

using DevPtr = uint64_t;

// A TMA tensor map a launch passes after its pointers (as a 128-byte __grid_constant__ value):
// launch parameter `param`, a dense tensor of 16-bit elements seen as (inner, outer, panels),
// copied in boxes of box_inner x box_outer elements with the 128-byte swizzle, zeros outside.
struct TensorMapSpec {
  int param = 0;
  int64_t inner = 1, outer = 1, panels = 1;
  int box_inner = 64, box_outer = 64;
  bool outer_n = false;  // a runtime size (Launch::sized): `outer` is the size n (A's and the output's rows)
  // A strided view (tiling::OperandPlan::view): every dimension after `inner` (in increasing
  // stride, as tensor maps are laid out) with its element stride; boxes of one along each but
  // dimension `view_rows`, the tile's rows (`box_outer`). Empty: the dense (inner, outer, panels).
  std::vector<int64_t> view_dims, view_strides;
  int view_rows = 0;
  int elem_bytes = 2;  // 2 (bf16, f16: copied as 16-bit words) or 4 (f32: as 32-bit words)
};
// A map's dimensions, innermost first, the byte strides of all but the first and its box: what
// cuTensorMapEncodeTiled is given; its data type (CUtensorMapDataType: UINT16 or UINT32).
int tensor_map_type(const TensorMapSpec& m);
std::vector<uint64_t> tensor_map_dims(const TensorMapSpec& m);
std::vector<uint64_t> tensor_map_strides(const TensorMapSpec& m);
std::vector<uint32_t> tensor_map_box(const TensorMapSpec& m);
// The driver's encoded tensor map (CUtensorMap): opaque.
struct alignas(128) TensorMap {
  uint64_t words[16] = {};
};

class Driver {
 public:
  // Loads the driver, initializes device 0 and its primary context. Throws Error with the reason.
  static std::unique_ptr<Driver> open();
  ~Driver();
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  [[nodiscard]] const DeviceProps& props() const { return props_; }
  DevPtr alloc(size_t bytes);
  void free(DevPtr p);
  void memset8(DevPtr p, unsigned char v, size_t n);  // asynchronous on the default stream
  void to_host(void* dst, DevPtr src, size_t n);
  void to_device(DevPtr dst, const void* src, size_t n);
  void copy(DevPtr dst, DevPtr src, size_t n);  // asynchronous
  // A kernel of a cubin (modules are kept loaded for the driver's life).
  void* function(const std::string& cubin, const std::string& name);
  void launch(void* fn, int64_t grid, int block, int smem, void** params);
  // Encodes the tensor map of `spec` over the tensor at `base` (cuTensorMapEncodeTiled); throws
  // Error when the driver lacks it or refuses the geometry.
  TensorMap tensor_map(DevPtr base, const TensorMapSpec& spec);
  void sync();  // throws Error naming the failure (a faulting kernel)
  // Events: record a marker on the default stream; milliseconds between two markers.
  int event();
  void record(int ev);
  float elapsed_ms(int from, int to);

 private:
  Driver() = default;
  struct Api;
  std::unique_ptr<Api> api_;
  DeviceProps props_;
  std::vector<void*> events_;
  std::vector<std::pair<std::string, void*>> loaded_;  // cubin hash -> module
  std::vector<void*> big_smem_;  // functions allowed over 48 KiB of dynamic shared memory
};

}  // namespace axon::gpu
