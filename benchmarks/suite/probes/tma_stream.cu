// TMA streaming probe (benchmarks/suite/results/2026-12-03-splitk/tma-probe.txt): how fast bulk
// tensor copies read a bf16 matrix in the access orders of axon's kernels, with nothing else
// in the way: one thread per block keeps `slots` boxes in flight and re-issues each slot as
// soon as it lands; the L2 is flushed (512 MB written) before each of 40 timed runs; medians.
//   "m16 ...": W (4096 x 4096) as rmsnorm -> matmul at M = 16 reads it (column slabs split along
//   K over the blocks), in several box shapes; "smm ...": S (8192 x 4096) as softmax -> matmul
//   reads it (64-row bands swept along the keys), optionally with V's 32 KB tiles beside S's.
// Build and run on the GPU host: nvcc -O2 -arch=sm_90a -std=c++17 -o probe tma_stream.cu && ./probe

#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)
typedef CUresult (*EncodeFn)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*, const cuuint64_t*, const cuuint32_t*, const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
struct Cfg { const char* name; int R, C, br, bc, nb, splits, slabs, sweepK, slots, hint; int vboxes; };
__global__ void probe(const __grid_constant__ CUtensorMap tm, const __grid_constant__ CUtensorMap tv, Cfg c, int steps, int rows_per_split, unsigned* sink) {
  extern __shared__ __align__(1024) unsigned char smem[];
  __shared__ __align__(8) unsigned long long full[8];
  if (threadIdx.x != 0) return;
  unsigned base = (unsigned)__cvta_generic_to_shared(smem);
  unsigned fb = (unsigned)__cvta_generic_to_shared(full);
  for (int s = 0; s < c.slots; ++s) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(fb + 8 * s));
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  int b = blockIdx.x, slab = b / c.splits, split = b % c.splits;
  int row0 = c.sweepK ? split * rows_per_split : (b / c.splits) * c.br;
  int col0 = c.sweepK ? slab * c.nb * c.bc : (b % c.splits) * (c.C / c.splits);
  unsigned long long pol;
  asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(pol));
  unsigned box = c.br * c.bc * 2, sb = box * c.nb, slotb = sb + c.vboxes * 128 * 64 * 2;
  auto issue = [&](int i) {
    int s = i % c.slots;
    int r = c.sweepK ? row0 + i * c.br : row0;
    int cc = c.sweepK ? col0 : col0 + i * c.nb * c.bc;
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(fb + 8 * s), "r"(slotb) : "memory");
    for (int j = 0; j < c.vboxes; ++j)
      asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
          :: "r"(base + s * slotb + sb + j * 16384), "l"(&tv), "r"(j * 64), "r"(cc), "r"(fb + 8 * s) : "memory");
    for (int j = 0; j < c.nb; ++j) {
      if (c.hint)
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1, {%2, %3}], [%4], %5;"
          :: "r"(base + s * slotb + j * box), "l"(&tm), "r"(cc + j * c.bc), "r"(r), "r"(fb + 8 * s), "l"(pol) : "memory");
      else
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
          :: "r"(base + s * slotb + j * box), "l"(&tm), "r"(cc + j * c.bc), "r"(r), "r"(fb + 8 * s) : "memory");
    }
  };
  for (int i = 0; i < c.slots && i < steps; ++i) issue(i);
  unsigned acc = 0;
  for (int i = 0; i < steps; ++i) {
    int s = i % c.slots; unsigned par = (i / c.slots) & 1;
    asm volatile("{\n.reg .pred p;\nW:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n@!p bra W;\n}" :: "r"(fb + 8 * s), "r"(par) : "memory");
    acc += *(volatile unsigned*)(smem + s * slotb);
    if (i + c.slots < steps) issue(i + c.slots);
  }
  if (acc == 0x12345678u) sink[0] = acc;
}
int main() {
  EncodeFn enc; cudaDriverEntryPointQueryResult q;
  CK(cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", (void**)&enc, cudaEnableDefault, &q));
  size_t maxb = 8192ull * 4096 * 2;
  void* mat; CK(cudaMalloc(&mat, maxb)); CK(cudaMemset(mat, 1, maxb));
  void* fl; size_t flb = 512ull << 20; CK(cudaMalloc(&fl, flb));
  unsigned* sink; CK(cudaMalloc(&sink, 64));
  CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024));
  std::vector<Cfg> cs = {
    {"m16 64x128 4x32 s4 (now)", 4096, 4096, 64, 128, 1, 4, 32, 1, 4, 1, 0},
    {"m16 64x128 4x32 s6", 4096, 4096, 64, 128, 1, 4, 32, 1, 6, 1, 0},
    {"m16 64x128 4x32 s4 nohint", 4096, 4096, 64, 128, 1, 4, 32, 1, 4, 0, 0},
    {"m16 64x256 8x16 s4", 4096, 4096, 64, 256, 1, 8, 16, 1, 4, 1, 0},
    {"m16 32x512 16x8 s4", 4096, 4096, 32, 256, 2, 16, 8, 1, 4, 1, 0},
    {"m16 16x1024 32x4 s4", 4096, 4096, 16, 256, 4, 32, 4, 1, 4, 1, 0},
    {"m16 4x4096 128x1 s4 (linear)", 4096, 4096, 4, 256, 16, 128, 1, 1, 4, 1, 0},
    {"smm 64x128 band s4 (now)", 8192, 4096, 64, 128, 1, 1, 1, 0, 4, 1, 0},
    {"smm 64x128 band s6", 8192, 4096, 64, 128, 1, 1, 1, 0, 6, 1, 0},
    {"smm 64x256 band s4", 8192, 4096, 64, 256, 1, 1, 1, 0, 4, 1, 0},
    {"smm 64x512 band s3", 8192, 4096, 64, 256, 2, 1, 1, 0, 3, 1, 0},
    {"smm 4x4096 128 blocks (linear)", 8192, 4096, 4, 256, 16, 128, 1, 1, 4, 1, 0},
    {"smm 64x128 +V s4 (kernel now)", 8192, 4096, 64, 128, 1, 1, 1, 0, 4, 1, 2},
    {"smm 64x128 +V s3", 8192, 4096, 64, 128, 1, 1, 1, 0, 3, 1, 2},
    {"smm 128x128 half keys +V s3", 8192, 4096, 128, 128, 1, 2, 1, 0, 3, 1, 2},
    {"smm 128x128 half keys +V s2", 8192, 4096, 128, 128, 1, 2, 1, 0, 2, 1, 2},
    {"smm 128x128 half keys S only s3", 8192, 4096, 128, 128, 1, 2, 1, 0, 3, 1, 0},
    {"smm 64x128 +half V s4", 8192, 4096, 64, 128, 1, 1, 1, 0, 4, 1, 1},
  };
  void* vbuf; CK(cudaMalloc(&vbuf, 8192ull * 128 * 2)); CK(cudaMemset(vbuf, 1, 8192ull * 128 * 2));
  CUtensorMap tvm;
  { cuuint64_t d[2] = {128, 8192}, st[1] = {256}; cuuint32_t bx[2] = {64, 128}, es[2] = {1, 1};
    if (enc(&tvm, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, vbuf, d, st, bx, es, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)) { printf("v encode\n"); return 1; } }
  for (auto& c : cs) {
    CUtensorMap tm;
    cuuint64_t dims[2] = {(cuuint64_t)c.C, (cuuint64_t)c.R}, strides[1] = {(cuuint64_t)c.C * 2};
    cuuint32_t boxd[2] = {(cuuint32_t)c.bc, (cuuint32_t)c.br}, es[2] = {1, 1};
    CUresult r = enc(&tm, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, mat, dims, strides, boxd, es, CU_TENSOR_MAP_INTERLEAVE_NONE,
                     CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r) { printf("%s: encode %d\n", c.name, (int)r); continue; }
    int blocks = c.sweepK ? c.splits * c.slabs : c.R / c.br * c.splits;
    int rps = c.R / c.splits;
    int steps = c.sweepK ? rps / c.br : c.C / c.splits / (c.nb * c.bc);
    size_t sm = (size_t)c.slots * (c.br * c.bc * 2 * c.nb + c.vboxes * 16384);
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    std::vector<float> ts;
    for (int rep = 0; rep < 40; ++rep) {
      CK(cudaMemsetAsync(fl, rep & 0xff, flb));
      cudaEventRecord(e0);
      probe<<<blocks, 32, sm>>>(tm, tvm, c, steps, rps, sink);
      cudaEventRecord(e1); CK(cudaEventSynchronize(e1));
      float ms; cudaEventElapsedTime(&ms, e0, e1); if (rep >= 5) ts.push_back(ms * 1000);
    }
    CK(cudaGetLastError());
    std::sort(ts.begin(), ts.end());
    double bytes = (double)c.R * c.C * 2;
    printf("%-34s blocks %4d steps %3d slot %6zu B: median %7.2f us  min %7.2f  (%.0f GB/s)\n", c.name, blocks, steps, sm / c.slots, ts[ts.size() / 2], ts[0], bytes / ts[ts.size() / 2] / 1e3);
  }
  return 0;
}
