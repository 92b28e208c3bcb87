// A self-contained CUDA program that checks synthesized lowerings on the GPU: each lowering on
// a million random inputs against a float64 reference written from the op's definition
// (docs/synthesis.md, "Checking on the GPU"). Needs only nvcc where it runs.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "axon/core/op_table.h"
#include "internal.h"

namespace axon {

namespace {

std::string cpp_double(double v) {
  if (std::isnan(v)) return "NAN";
  if (std::isinf(v)) return v > 0 ? "INFINITY" : "-INFINITY";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", v);
  return buf;
}

// The op's scalar definition as a C++ double expression over x0, x1, x2.
std::string cpp_expr(const Term& t) {
  auto a = [&](size_t i) { return cpp_expr(t->args[i]); };
  switch (t->kind) {
    case TermKind::Real: return cpp_double(t->rval);
    case TermKind::Read: return "x" + std::to_string(t->ival);
    case TermKind::Round: return a(0);
    case TermKind::ToReal: return t->args[0]->kind == TermKind::Int ? cpp_double(static_cast<double>(t->args[0]->ival)) : "NAN";
    case TermKind::Select: {
      const Term& c = t->args[0];
      static const char* ops[] = {"<", "<=", ">", ">=", "==", "!="};
      return "((" + cpp_expr(c->args[0]) + " " + ops[static_cast<int>(c->cmp)] + " " + cpp_expr(c->args[1]) + ") ? " + a(1) +
             " : " + a(2) + ")";
    }
    case TermKind::Apply:
      switch (t->fn) {
        case Fn::Neg: return "(-" + a(0) + ")";
        case Fn::Abs: return "fabs(" + a(0) + ")";
        case Fn::Exp: return "exp(" + a(0) + ")";
        case Fn::Log: return "log(" + a(0) + ")";
        case Fn::Sqrt: return "sqrt(" + a(0) + ")";
        case Fn::Tanh: return "tanh(" + a(0) + ")";
        case Fn::Erf: return "erf(" + a(0) + ")";
        case Fn::Add: return "(" + a(0) + " + " + a(1) + ")";
        case Fn::Sub: return "(" + a(0) + " - " + a(1) + ")";
        case Fn::Mul: return "(" + a(0) + " * " + a(1) + ")";
        case Fn::Div: return "(" + a(0) + " / " + a(1) + ")";
        case Fn::Pow: return "pow(" + a(0) + ", " + a(1) + ")";
        case Fn::Max: return "ref_max(" + a(0) + ", " + a(1) + ")";
        case Fn::Min: return "ref_min(" + a(0) + ", " + a(1) + ")";
      }
      break;
    default: break;
  }
  return "NAN";
}

std::string definition_of(const std::string& op_text, int arity) {
  if (!parse_op(op_text) && op_text != "gelu_tanh") {  // a fused expression, or one by its name
    std::string text = op_text;
    for (const auto& [name, t] : kernel_expressions())
      if (name == op_text) text = t;
    std::vector<std::string> order;
    return cpp_expr(parse_fused_expr(text, order));
  }
  Context ctx;
  std::vector<const Node*> in;
  for (int k = 0; k < arity; ++k) in.push_back(ctx.input("x" + std::to_string(k), k == 0 && op_text == "where" ? DType::boolean : DType::f32, {}));
  Attrs a;
  std::string op = op_text;
  if (op == "gelu_tanh") {
    op = "gelu";
    a.set("approximate", std::string("tanh"));
  }
  return cpp_expr(define(*ctx.make(*parse_op(op), in, a)).body);
}

// A cast against CUDA's own conversions (cuda_bf16.h, cuda_fp16.h on the host): every 16-bit
// source pattern, or 2^20 random f32 patterns (a quarter of them bf16 ties, a quarter f16 ties).
// A pattern passes when the results are equal or both NaN.
std::string cast_check(const Lowering& l, int c) {
  auto decode = [](DType t, const std::string& p) {
    return std::string(t == DType::f32 ? "u2f" : t == DType::bf16 ? "bf2f" : "h2f") + "(" + p + ")";
  };
  auto encode = [](DType t, const std::string& v) {
    return std::string(t == DType::f32 ? "f2u" : t == DType::bf16 ? "f2bf" : "f2h") + "(" + v + ")";
  };
  auto is_nan = [&](DType t, const std::string& p) { return "std::isnan(" + decode(t, p) + ")"; };
  const bool pack = l.op == "pack";
  const std::string name = l.op + " " + std::string(dtype_name(l.dtype)) + (pack ? "x2" : "") + "<-" + std::string(dtype_name(l.source));
  std::ostringstream os;
  os << "  {\n    std::vector<unsigned> p;\n";
  if (l.source == DType::f32)
    os << "    for (int i = 0; i < n; ++i) { unsigned v = (unsigned)rng(); p.push_back(i % 4 == 1 ? (v & ~0xffffu) | 0x8000u : i % 4 == 2 ? (v & ~0x1fffu) | 0x1000u : v); }\n";
  else
    os << "    for (unsigned v = 0; v < 0x10000u; ++v) p.push_back(v);\n";
  // a pack's second input: the first's patterns rotated
  os << "    const int m = (int)p.size();\n    std::vector<unsigned> got(m), p1(m);\n"
     << "    for (int i = 0; i < m; ++i) p1[i] = p[(i * 7 + 3) % m];\n"
     << "    cudaMemcpy(d0, p.data(), m * 4, cudaMemcpyHostToDevice); cudaMemcpy(d1, p1.data(), m * 4, cudaMemcpyHostToDevice);\n"
     << "    cudaMemset(dy, 0xff, m * 4);\n"
     << "    cast_kernel_" << c << "<<<(m + 255) / 256, 256>>>((const unsigned*)d0, (const unsigned*)d1, (unsigned*)dy, m);\n"
     << "    cudaMemcpy(got.data(), dy, m * 4, cudaMemcpyDeviceToHost);\n    long bad = 0;\n"
     << "    for (int i = 0; i < m; ++i) {\n";
  const std::string want0 = encode(l.dtype, decode(l.source, "p[i]")), want1 = encode(l.dtype, decode(l.source, "p1[i]"));
  auto differs = [&](const std::string& g, const std::string& w) {
    return "(" + g + " != " + w + " && !(" + is_nan(l.dtype, g) + " && " + is_nan(l.dtype, w) + "))";
  };
  if (pack)
    os << "      unsigned w0 = " << want0 << ", w1 = " << want1 << ";\n"
       << "      bad += " << differs("(got[i] & 0xffffu)", "w0") << " || " << differs("(got[i] >> 16)", "w1") << ";\n    }\n";
  else
    os << "      unsigned want = " << want0 << ";\n      bad += " << differs("got[i]", "want") << ";\n    }\n";
  os << "    failed += bad != 0;\n"
     << "    printf(\"%-16s %7ld of %7d patterns differ from CUDA's conversion %s\\n\", \"" << name << "\", bad, m, bad ? \"DIFFERS\" : \"ok\");\n  }\n";
  return os.str();
}

}  // namespace

std::string emit_check_program(const std::vector<Lowering>& lowerings, const std::vector<WarpReduction>& warps) {
  std::ostringstream os;
  os << "// Generated by axon synth --emit-check: checks each synthesized lowering on the GPU against a\n"
        "// float64 reference written from the op's definition. Build: nvcc -O2 -arch=sm_90 check.cu\n"
        "#include <cuda_runtime.h>\n#include <cuda_bf16.h>\n#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n"
        "#include <cuda_fp16.h>\n#include <cstring>\n#include <random>\n#include <vector>\n\n"
        "static float u2f(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }\n"
        "static unsigned f2u(float f) { unsigned u; std::memcpy(&u, &f, 4); return u; }\n"
        "static float bf2f(unsigned p) { __nv_bfloat16_raw r; r.x = (unsigned short)p; return (float)__nv_bfloat16(r); }\n"
        "static unsigned f2bf(float f) { __nv_bfloat16_raw r = __float2bfloat16_rn(f); return r.x; }\n"
        "static float h2f(unsigned p) { __half_raw r; r.x = (unsigned short)p; return (float)__half(r); }\n"
        "static unsigned f2h(float f) { __half_raw r = __float2half_rn(f); return r.x; }\n"
        "static double ref_max(double a, double b) { return std::isnan(a) || std::isnan(b) ? NAN : (a > b ? a : b); }\n"
        "static double ref_min(double a, double b) { return std::isnan(a) || std::isnan(b) ? NAN : (a < b ? a : b); }\n\n";
  int k = 0, c = 0;
  for (const auto& l : lowerings) {
    if (!l.found) continue;
    os << emit_cuda(l) << "\n";
    if (l.cast) {  // on patterns: x holds the source pattern, y gets the result's
      const bool pack = l.op == "pack";
      os << "__global__ void cast_kernel_" << c++ << "(const unsigned* x, const unsigned* x1, unsigned* y, int n) {\n"
         << "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = "
         << (l.dtype == DType::f32 ? "__float_as_uint(" : "(unsigned)(") << cast_function(l) << "("
         << (l.source == DType::f32 ? "__uint_as_float(x[i])" : "(unsigned short)x[i]")
         << (pack ? ", __uint_as_float(x1[i])" : "") << "));\n}\n\n";
      continue;
    }
    const int n = static_cast<int>(l.inputs.size());
    os << "__global__ void kernel_" << k << "(const float* x0, const float* x1, const float* x2, float* y, int n) {\n"
       << "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = axon_" << l.op << "_" << dtype_name(l.dtype) << "(x0[i]"
       << (n > 1 ? ", x1[i]" : "") << (n > 2 ? ", x2[i]" : "") << ");\n}\n";
    os << "static double ref_" << k << "(double x0, double x1, double x2) { (void)x0; (void)x1; (void)x2; return "
       << definition_of(l.op, n) << "; }\n\n";
    ++k;
  }
  int warp_sums = 0;  // the warp test needs both sum trees (absent with axon synth --op)
  for (const auto& w : warps)
    if (w.proof == "PROVED") {
      os << w.cuda << "\n";
      warp_sums += w.reducer == Reducer::Sum;
    }
  if (warp_sums == 2)
    os << "__global__ void warp_kernel(const float* x, float* all, float* lane0) {\n"
        "  float v = x[blockIdx.x * 32 + threadIdx.x];\n"
        "  all[blockIdx.x * 32 + threadIdx.x] = axon_warp_sum_all(v);\n"
        "  float l = axon_warp_sum_lane0(v);\n  if (threadIdx.x == 0) lane0[blockIdx.x] = l;\n}\n\n";
  os << "int main() {\n  const int n = 1 << 20;\n  std::mt19937_64 rng(2026);\n"
        "  std::uniform_real_distribution<double> u(0, 1);\n"
        "  auto draw = [&](bool b16, bool boolean) {  // magnitudes 1e-3 .. 1e2, both signs\n"
        "    std::vector<float> v(n);\n"
        "    for (auto& x : v) {\n"
        "      if (boolean) { x = u(rng) < 0.5 ? 0.f : 1.f; continue; }\n"
        "      double m = std::pow(10.0, -3 + 5 * u(rng)) * (u(rng) < 0.5 ? -1 : 1);\n"
        "      x = b16 ? __bfloat162float(__float2bfloat16_rn((float)m)) : (float)m;\n"
        "    }\n    return v;\n  };\n"
        "  float *d0, *d1, *d2, *dy;\n  cudaMalloc(&d0, n * 4); cudaMalloc(&d1, n * 4); cudaMalloc(&d2, n * 4); cudaMalloc(&dy, n * 4);\n"
        "  std::vector<float> y(n);\n  int failed = 0;\n"
        "  printf(\"%-11s %-5s %12s %12s %10s %s\\n\", \"op\", \"dtype\", \"max error\", \"tolerance\", \"nan diff\", \"verdict\");\n";
  k = 0;
  c = 0;
  for (const auto& l : lowerings) {
    if (!l.found) continue;
    if (l.cast) {
      os << cast_check(l, c++);
      continue;
    }
    const int n = static_cast<int>(l.inputs.size());
    const bool b16 = l.dtype != DType::f32;
    os << "  {\n    auto a0 = draw(" << b16 << ", " << (l.op == "where") << "), a1 = draw(" << b16 << ", false), a2 = draw("
       << b16 << ", false);\n"
       << "    for (int i = 0; i < n; i += 7) a1[i] = a0[i];  // equal operands\n"
       << "    cudaMemcpy(d0, a0.data(), n * 4, cudaMemcpyHostToDevice); cudaMemcpy(d1, a1.data(), n * 4, cudaMemcpyHostToDevice);\n"
       << "    cudaMemcpy(d2, a2.data(), n * 4, cudaMemcpyHostToDevice); cudaMemset(dy, 0xff, n * 4);\n"
       << "    kernel_" << k << "<<<(n + 255) / 256, 256>>>(d0, d1, d2, dy, n);\n"
       << "    cudaMemcpy(y.data(), dy, n * 4, cudaMemcpyDeviceToHost);\n"
       << "    double worst = 0; long nan_diff = 0;\n"
       << "    for (int i = 0; i < n; ++i) {\n"
       << "      double want = ref_" << k << "(a0[i], a1[i], a2[i]);\n"
       << "      if (std::isnan(want) || std::isnan(y[i])) { nan_diff += std::isnan(want) != std::isnan(y[i]); continue; }\n"
       << "      if (std::isinf(want) || std::fabs(want) > 3e38) { nan_diff += (double)y[i] != want && std::isinf(want); continue; }\n"
       << "      worst = std::fmax(worst, std::fabs(y[i] - want) / std::fmax(1.0, std::fabs(want)));\n"
       << "    }\n"
       << "    bool ok = worst <= " << cpp_double(tolerance(l.dtype)) << " && nan_diff == 0;\n    failed += !ok;\n"
       << "    printf(\"%-11s %-5s %12.3e %12.3e %10ld %s\\n\", \"" << l.op << "\", \"" << dtype_name(l.dtype)
       << "\", worst, " << cpp_double(tolerance(l.dtype)) << ", nan_diff, ok ? \"ok\" : \"EXCEEDS\");\n  }\n";
    (void)n;
    ++k;
  }
  if (warp_sums == 2)
    os << "  {\n    auto x = draw(false, false);\n    const int warps = n / 32;\n"
        "    float *all, *lane0; cudaMalloc(&all, n * 4); cudaMalloc(&lane0, warps * 4);\n"
        "    cudaMemcpy(d0, x.data(), n * 4, cudaMemcpyHostToDevice);\n"
        "    warp_kernel<<<warps, 32>>>(d0, all, lane0);\n"
        "    std::vector<float> ya(n), y0(warps);\n"
        "    cudaMemcpy(ya.data(), all, n * 4, cudaMemcpyDeviceToHost); cudaMemcpy(y0.data(), lane0, warps * 4, cudaMemcpyDeviceToHost);\n"
        "    double worst = 0;\n"
        "    for (int w = 0; w < warps; ++w) {\n"
        "      double s = 0, mag = 0;\n      for (int l = 0; l < 32; ++l) { s += x[w * 32 + l]; mag += std::fabs(x[w * 32 + l]); }\n"
        "      for (int l = 0; l < 32; ++l) worst = std::fmax(worst, std::fabs(ya[w * 32 + l] - s) / mag);\n"
        "      worst = std::fmax(worst, std::fabs(y0[w] - s) / mag);\n    }\n"
        "    bool ok = worst <= 32 * 6e-8;  // 5 f32 additions: at most ~5 ulp of the sum of magnitudes\n    failed += !ok;\n"
        "    printf(\"%-11s %-5s %12.3e %12.3e %10d %s\\n\", \"warp_sum\", \"f32\", worst, 32 * 6e-8, 0, ok ? \"ok\" : \"EXCEEDS\");\n  }\n";
  os << "  cudaError_t e = cudaDeviceSynchronize();\n"
        "  if (e != cudaSuccess) { printf(\"CUDA error: %s\\n\", cudaGetErrorString(e)); return 2; }\n"
        "  printf(\"%s\\n\", failed ? \"some lowerings exceed their tolerance\" : \"every lowering within its tolerance\");\n"
        "  return failed ? 1 : 0;\n}\n";
  return os.str();
}

}  // namespace axon
