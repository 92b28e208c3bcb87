// NVRTC and the CUDA driver, loaded at run time with dlopen: the only file that calls CUDA.
// The few driver and NVRTC types are declared here (opaque handles, ints) so the build needs no
// CUDA headers; the attribute numbers are the driver API's (cuda.h).
#include "axon/tiling/runtime.h"

#include "axon/core/error.h"
#include "axon/core/files.h"

#include <algorithm>
#include <dlfcn.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <mutex>
#include <sstream>

namespace axon::gpu {

namespace {

namespace fs = std::filesystem;

void* open_lib(const std::vector<std::string>& names, std::string* tried) {
  std::vector<std::string> dirs{""};
  for (const char* env : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* d = std::getenv(env)) dirs.push_back(std::string(d) + "/lib64/");
  dirs.push_back("/usr/local/cuda/lib64/");
  dirs.push_back("/usr/local/cuda/targets/x86_64-linux/lib/");
  for (const auto& d : dirs)
    for (const auto& n : names) {
      if (void* h = dlopen((d + n).c_str(), RTLD_NOW | RTLD_LOCAL)) return h;
      if (tried) *tried += (tried->empty() ? "" : ", ") + d + n;
    }
  return nullptr;
}

template <typename F>
F sym(void* lib, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (void* p = dlsym(lib, n)) return reinterpret_cast<F>(p);
  return nullptr;
}

// ---- NVRTC ----
using nvrtcProgram = void*;
struct Nvrtc {
  void* lib = nullptr;
  std::string why;
  int (*create)(nvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
  int (*compile)(nvrtcProgram, int, const char* const*) = nullptr;
  int (*log_size)(nvrtcProgram, size_t*) = nullptr;
  int (*log)(nvrtcProgram, char*) = nullptr;
  int (*cubin_size)(nvrtcProgram, size_t*) = nullptr;
  int (*cubin)(nvrtcProgram, char*) = nullptr;
  int (*destroy)(nvrtcProgram*) = nullptr;
  int (*version)(int*, int*) = nullptr;
  int major = 0, minor = 0;
};

const Nvrtc& nvrtc() {
  static const Nvrtc n = [] {
    Nvrtc r;
    std::string tried;
    r.lib = open_lib({"libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"}, &tried);
    if (!r.lib) {
      r.why = "NVRTC not found (tried " + tried + ")";
      return r;
    }
    r.create = sym<decltype(r.create)>(r.lib, {"nvrtcCreateProgram"});
    r.compile = sym<decltype(r.compile)>(r.lib, {"nvrtcCompileProgram"});
    r.log_size = sym<decltype(r.log_size)>(r.lib, {"nvrtcGetProgramLogSize"});
    r.log = sym<decltype(r.log)>(r.lib, {"nvrtcGetProgramLog"});
    r.cubin_size = sym<decltype(r.cubin_size)>(r.lib, {"nvrtcGetCUBINSize"});
    r.cubin = sym<decltype(r.cubin)>(r.lib, {"nvrtcGetCUBIN"});
    r.destroy = sym<decltype(r.destroy)>(r.lib, {"nvrtcDestroyProgram"});
    r.version = sym<decltype(r.version)>(r.lib, {"nvrtcVersion"});
    if (!r.create || !r.compile || !r.log_size || !r.log || !r.cubin_size || !r.cubin || !r.destroy || !r.version) {
      r.why = "NVRTC library lacks expected functions";
      r.lib = nullptr;
      return r;
    }
    r.version(&r.major, &r.minor);
    return r;
  }();
  return n;
}

std::string hex_hash(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  std::ostringstream os;
  os << std::hex << h << "-" << s.size();
  return os.str();
}

// The largest kernel cache entry read back (a cubin is a few MiB at most).
constexpr size_t kMaxCubinBytes = size_t{1} << 28;

}  // namespace

std::string nvrtc_status() { return nvrtc().lib ? "" : nvrtc().why; }

std::string nvrtc_version() {
  return nvrtc().lib ? std::to_string(nvrtc().major) + "." + std::to_string(nvrtc().minor) : std::string();
}

Compiled compile(const std::string& source, const std::string& arch, const std::string& cache_dir) {
  auto t0 = std::chrono::steady_clock::now();
  Compiled c;
  const Nvrtc& n = nvrtc();
  if (!n.lib) {
    c.log = n.why;
    return c;
  }
  fs::path cached;
  if (!cache_dir.empty()) {
    std::string key = hex_hash(source + "\n" + arch + "\n" + std::to_string(n.major) + "." + std::to_string(n.minor));
    cached = fs::path(cache_dir) / (key + ".cubin");
    std::error_code ec;
    if (fs::exists(cached, ec)) {
      // Only a regular file, under a cap (a FIFO planted there must not block the compile); an
      // unreadable entry is a miss.
      try {
        c.cubin = read_input_file(cached.string(), kMaxCubinBytes, "kernel cache file");
      } catch (const UserError&) {
        c.cubin.clear();
      }
      c.ok = !c.cubin.empty();
      c.cached = c.ok;
      if (c.ok) return c;
    }
  }
  nvrtcProgram prog = nullptr;
  if (n.create(&prog, source.c_str(), "axon_kernel.cu", 0, nullptr, nullptr) != 0) {
    c.log = "nvrtcCreateProgram failed";
    return c;
  }
  std::string archopt = "--gpu-architecture=" + arch;
  const char* opts[] = {archopt.c_str(), "--std=c++17", "-default-device", "-lineinfo"};
  int rc = n.compile(prog, 4, opts);
  size_t ls = 0;
  n.log_size(prog, &ls);
  std::string log(ls, '\0');
  if (ls) n.log(prog, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  c.log = log;
  if (rc == 0) {
    size_t cs = 0;
    n.cubin_size(prog, &cs);
    c.cubin.resize(cs);
    n.cubin(prog, c.cubin.data());
    c.ok = cs > 0;
  }
  n.destroy(&prog);
  if (c.ok && !cached.empty()) {
    std::error_code ec;
    fs::create_directories(cached.parent_path(), ec);
    // A fresh temporary file of our own (O_EXCL | O_NOFOLLOW, unpredictable name) renamed over
    // the entry: a symlink planted at either name is never written through. The cache is an
    // optimization: a failed write leaves the entry missing, nothing else.
    try {
      write_file_atomic(cached.string(), c.cubin);
    } catch (const UserError&) {
    }
  }
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return c;
}

// ---- The driver ----
using CUresult = int;
using CUdevice = int;
using CUctx = void*;
using CUmod = void*;
using CUfn = void*;
using CUev = void*;

struct Driver::Api {
  void* lib = nullptr;
  CUresult (*init)(unsigned) = nullptr;
  CUresult (*device_get)(CUdevice*, int) = nullptr;
  CUresult (*device_count)(int*) = nullptr;
  CUresult (*device_name)(char*, int, CUdevice) = nullptr;
  CUresult (*driver_version)(int*) = nullptr;
  CUresult (*device_attr)(int*, int, CUdevice) = nullptr;
  CUresult (*total_mem)(size_t*, CUdevice) = nullptr;
  CUresult (*ctx_retain)(CUctx*, CUdevice) = nullptr;
  CUresult (*ctx_set)(CUctx) = nullptr;
  CUresult (*ctx_sync)() = nullptr;
  CUresult (*mem_alloc)(DevPtr*, size_t) = nullptr;
  CUresult (*mem_free)(DevPtr) = nullptr;
  CUresult (*memset_async)(DevPtr, unsigned char, size_t, void*) = nullptr;
  CUresult (*dtoh)(void*, DevPtr, size_t) = nullptr;
  CUresult (*htod)(DevPtr, const void*, size_t) = nullptr;
  CUresult (*dtod_async)(DevPtr, DevPtr, size_t, void*) = nullptr;
  CUresult (*module_load)(CUmod*, const void*) = nullptr;
  CUresult (*module_fn)(CUfn*, CUmod, const char*) = nullptr;
  CUresult (*launch)(CUfn, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, void*, void**, void**) = nullptr;
  CUresult (*func_attr)(CUfn, int, int) = nullptr;  // cuFuncSetAttribute
  CUresult (*ev_create)(CUev*, unsigned) = nullptr;
  CUresult (*ev_record)(CUev, void*) = nullptr;
  CUresult (*ev_sync)(CUev) = nullptr;
  CUresult (*ev_elapsed)(float*, CUev, CUev) = nullptr;
  CUresult (*error_string)(CUresult, const char**) = nullptr;
  // cuTensorMapEncodeTiled (CUDA 12+ drivers): map, data type, rank, address, dims, strides in
  // bytes (rank - 1), box, element strides, interleave, swizzle, L2 promotion, out-of-bounds fill.
  CUresult (*tmap_encode)(void*, int, unsigned, void*, const uint64_t*, const uint64_t*, const unsigned*, const unsigned*, int,
                          int, int, int) = nullptr;
  CUdevice dev = 0;
  CUctx ctx = nullptr;

  void check(CUresult r, const char* what) const {
    if (r == 0) return;
    const char* s = nullptr;
    if (error_string) error_string(r, &s);
    throw Error(std::string(what) + ": " + (s ? s : "CUDA error " + std::to_string(r)));
  }
};

std::unique_ptr<Driver> Driver::open() {
  std::unique_ptr<Driver> d(new Driver());
  d->api_ = std::make_unique<Api>();
  Api& a = *d->api_;
  std::string tried;
  a.lib = open_lib({"libcuda.so.1", "libcuda.so"}, &tried);
  if (!a.lib) throw Error("no CUDA driver (libcuda.so.1 not found): no GPU here");
  a.init = sym<decltype(a.init)>(a.lib, {"cuInit"});
  a.device_get = sym<decltype(a.device_get)>(a.lib, {"cuDeviceGet"});
  a.device_count = sym<decltype(a.device_count)>(a.lib, {"cuDeviceGetCount"});
  a.device_name = sym<decltype(a.device_name)>(a.lib, {"cuDeviceGetName"});
  a.driver_version = sym<decltype(a.driver_version)>(a.lib, {"cuDriverGetVersion"});  // optional
  a.device_attr = sym<decltype(a.device_attr)>(a.lib, {"cuDeviceGetAttribute"});
  a.total_mem = sym<decltype(a.total_mem)>(a.lib, {"cuDeviceTotalMem_v2"});
  a.ctx_retain = sym<decltype(a.ctx_retain)>(a.lib, {"cuDevicePrimaryCtxRetain"});
  a.ctx_set = sym<decltype(a.ctx_set)>(a.lib, {"cuCtxSetCurrent"});
  a.ctx_sync = sym<decltype(a.ctx_sync)>(a.lib, {"cuCtxSynchronize"});
  a.mem_alloc = sym<decltype(a.mem_alloc)>(a.lib, {"cuMemAlloc_v2"});
  a.mem_free = sym<decltype(a.mem_free)>(a.lib, {"cuMemFree_v2"});
  a.memset_async = sym<decltype(a.memset_async)>(a.lib, {"cuMemsetD8Async"});
  a.dtoh = sym<decltype(a.dtoh)>(a.lib, {"cuMemcpyDtoH_v2"});
  a.htod = sym<decltype(a.htod)>(a.lib, {"cuMemcpyHtoD_v2"});
  a.dtod_async = sym<decltype(a.dtod_async)>(a.lib, {"cuMemcpyDtoDAsync_v2"});
  a.module_load = sym<decltype(a.module_load)>(a.lib, {"cuModuleLoadData"});
  a.module_fn = sym<decltype(a.module_fn)>(a.lib, {"cuModuleGetFunction"});
  a.launch = sym<decltype(a.launch)>(a.lib, {"cuLaunchKernel"});
  a.func_attr = sym<decltype(a.func_attr)>(a.lib, {"cuFuncSetAttribute"});
  a.ev_create = sym<decltype(a.ev_create)>(a.lib, {"cuEventCreate"});
  a.ev_record = sym<decltype(a.ev_record)>(a.lib, {"cuEventRecord"});
  a.ev_sync = sym<decltype(a.ev_sync)>(a.lib, {"cuEventSynchronize"});
  a.ev_elapsed = sym<decltype(a.ev_elapsed)>(a.lib, {"cuEventElapsedTime_v2", "cuEventElapsedTime"});
  a.error_string = sym<decltype(a.error_string)>(a.lib, {"cuGetErrorString"});
  a.tmap_encode = sym<decltype(a.tmap_encode)>(a.lib, {"cuTensorMapEncodeTiled"});  // optional: TMA kernels only
  for (void* p : {(void*)a.init, (void*)a.device_get, (void*)a.device_count, (void*)a.device_name, (void*)a.device_attr,
                  (void*)a.total_mem, (void*)a.ctx_retain, (void*)a.ctx_set, (void*)a.ctx_sync, (void*)a.mem_alloc,
                  (void*)a.mem_free, (void*)a.memset_async, (void*)a.dtoh, (void*)a.htod, (void*)a.dtod_async,
                  (void*)a.module_load, (void*)a.module_fn, (void*)a.launch, (void*)a.func_attr, (void*)a.ev_create, (void*)a.ev_record,
                  (void*)a.ev_sync, (void*)a.ev_elapsed})
    if (!p) throw Error("the CUDA driver library lacks an expected function (driver too old?)");
  a.check(a.init(0), "cuInit");
  int count = 0;
  a.check(a.device_count(&count), "cuDeviceGetCount");
  if (count == 0) throw Error("no CUDA device");
  a.check(a.device_get(&a.dev, 0), "cuDeviceGet");
  a.check(a.ctx_retain(&a.ctx, a.dev), "cuDevicePrimaryCtxRetain");
  a.check(a.ctx_set(a.ctx), "cuCtxSetCurrent");
  char name[256] = {0};
  a.device_name(name, sizeof name, a.dev);
  DeviceProps& p = d->props_;
  p.name = name;
  auto attr = [&](int id) {
    int v = 0;
    a.check(a.device_attr(&v, id, a.dev), "cuDeviceGetAttribute");
    return v;
  };
  p.sm = attr(75) * 10 + attr(76);
  p.sm_count = attr(16);
  p.max_threads_per_block = attr(1);
  p.smem_per_block = attr(8);
  p.smem_optin = attr(97);  // CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
  p.regs_per_block = attr(12);
  p.l2_bytes = attr(38);
  size_t total = 0;
  a.total_mem(&total, a.dev);
  p.total_mem = static_cast<int64_t>(total);
  if (a.driver_version) a.driver_version(&p.driver_version);
  return d;
}

Driver::~Driver() = default;

DevPtr Driver::alloc(size_t bytes) {
  DevPtr p = 0;
  api_->check(api_->mem_alloc(&p, bytes == 0 ? 1 : bytes), "cuMemAlloc");
  return p;
}
void Driver::free(DevPtr p) { api_->mem_free(p); }
void Driver::memset8(DevPtr p, unsigned char v, size_t n) { api_->check(api_->memset_async(p, v, n, nullptr), "cuMemsetD8Async"); }
void Driver::to_host(void* dst, DevPtr src, size_t n) { api_->check(api_->dtoh(dst, src, n), "cuMemcpyDtoH"); }
void Driver::to_device(DevPtr dst, const void* src, size_t n) { api_->check(api_->htod(dst, src, n), "cuMemcpyHtoD"); }
void Driver::copy(DevPtr dst, DevPtr src, size_t n) { api_->check(api_->dtod_async(dst, src, n, nullptr), "cuMemcpyDtoDAsync"); }

void* Driver::function(const std::string& cubin, const std::string& name) {
  std::string key = hex_hash(cubin);
  CUmod mod = nullptr;
  for (const auto& [k, m] : loaded_)
    if (k == key) mod = m;
  if (!mod) {
    api_->check(api_->module_load(&mod, cubin.data()), "cuModuleLoadData");
    loaded_.emplace_back(key, mod);
  }
  CUfn f = nullptr;
  api_->check(api_->module_fn(&f, mod, name.c_str()), ("cuModuleGetFunction " + name).c_str());
  return f;
}

void Driver::launch(void* fn, int64_t grid, int block, int smem, void** params) {
  if (grid < 1 || grid > 2147483647LL) throw Error("grid of " + std::to_string(grid) + " blocks is out of range");
  // Over 48 KiB of dynamic shared memory must be asked for, once per function.
  if (smem > 48 * 1024 && std::find(big_smem_.begin(), big_smem_.end(), fn) == big_smem_.end()) {
    api_->check(api_->func_attr(static_cast<CUfn>(fn), 8 /* MAX_DYNAMIC_SHARED_SIZE_BYTES */, smem), "cuFuncSetAttribute");
    big_smem_.push_back(fn);
  }
  api_->check(api_->launch(fn, static_cast<unsigned>(grid), 1, 1, static_cast<unsigned>(block), 1, 1,
                           static_cast<unsigned>(smem), nullptr, params, nullptr),
              "cuLaunchKernel");
}

std::vector<uint64_t> tensor_map_dims(const TensorMapSpec& m) {
  if (m.view_strides.empty()) return {uint64_t(m.inner), uint64_t(m.outer), uint64_t(m.panels)};
  std::vector<uint64_t> d{uint64_t(m.inner)};
  for (int64_t v : m.view_dims) d.push_back(uint64_t(v));
  return d;
}

std::vector<uint64_t> tensor_map_strides(const TensorMapSpec& m) {
  const uint64_t e = uint64_t(m.elem_bytes);
  if (m.view_strides.empty()) return {uint64_t(m.inner) * e, uint64_t(m.inner) * uint64_t(m.outer) * e};
  std::vector<uint64_t> s;
  for (int64_t v : m.view_strides) s.push_back(uint64_t(v) * e);
  return s;
}

int tensor_map_type(const TensorMapSpec& m) { return m.elem_bytes == 4 ? 2 : 1; }  // CU_TENSOR_MAP_DATA_TYPE_UINT32, _UINT16

std::vector<uint32_t> tensor_map_box(const TensorMapSpec& m) {
  std::vector<uint32_t> b{uint32_t(m.box_inner), uint32_t(m.box_outer), 1};
  if (m.view_strides.empty()) return b;
  b.assign(m.view_dims.size() + 1, 1);
  b[0] = uint32_t(m.box_inner);
  b.at(size_t(m.view_rows) + 1) = uint32_t(m.box_outer);
  return b;
}

TensorMap Driver::tensor_map(DevPtr base, const TensorMapSpec& m) {
  if (!api_->tmap_encode) throw Error("the CUDA driver has no cuTensorMapEncodeTiled (TMA kernels need a CUDA 12 driver)");
  TensorMap t;
  const std::vector<uint64_t> dims = tensor_map_dims(m), strides = tensor_map_strides(m);
  const std::vector<uint32_t> box = tensor_map_box(m);
  if (dims.size() > 5 || strides.size() + 1 != dims.size()) throw Error("a tensor map of " + std::to_string(dims.size()) + " dimensions");
  const unsigned elem[5] = {1, 1, 1, 1, 1};
  // UINT16 or UINT32 (a copy: bf16 and f16 alike, f32; zeros fill), no interleave, 128-byte
  // swizzle, 256-byte L2 promotion, zeros outside the tensor.
  api_->check(api_->tmap_encode(t.words, unsigned(tensor_map_type(m)), unsigned(dims.size()), reinterpret_cast<void*>(base), dims.data(), strides.data(), box.data(), elem, 0, 3,
                                3, 0),
              "cuTensorMapEncodeTiled");
  return t;
}

void Driver::sync() { api_->check(api_->ctx_sync(), "kernel execution"); }

int Driver::event() {
  CUev e = nullptr;
  api_->check(api_->ev_create(&e, 0), "cuEventCreate");
  events_.push_back(e);
  return static_cast<int>(events_.size()) - 1;
}
void Driver::record(int ev) { api_->check(api_->ev_record(events_.at(static_cast<size_t>(ev)), nullptr), "cuEventRecord"); }
float Driver::elapsed_ms(int from, int to) {
  api_->check(api_->ev_sync(events_.at(static_cast<size_t>(to))), "cuEventSynchronize");
  float ms = 0;
  api_->check(api_->ev_elapsed(&ms, events_.at(static_cast<size_t>(from)), events_.at(static_cast<size_t>(to))), "cuEventElapsedTime");
  return ms;
}

}  // namespace axon::gpu
