// The output of `axon superopt`: kernels, the launcher (C API + shared library), report.json.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/process.h"
#include "axon/search/superopt.h"
#include "internal.h"

namespace axon {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string c_ident(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "g_" + s;
  return s;
}

using search_detail::elements;

// Host code of launchers with TMA kernels: a tensor map over a dense 16-bit tensor seen as
// (inner, outer, panels), boxes of bi x bo elements, 128-byte swizzle, zeros outside, or over
// explicit dimensions, strides and box of a data type (16- or 32-bit words); the same encoding
// as the measuring worker's (tiling/runtime.cpp).
const char* kEncodeTmap = R"(#include <cuda.h>
typedef CUresult (*axon_tmap_encoder)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                                      const cuuint64_t*, const cuuint32_t*, const cuuint32_t*, CUtensorMapInterleave,
                                      CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
// The driver's cuTensorMapEncodeTiled, or 0.
static axon_tmap_encoder axon_find_encoder(void) {
  void* fn = 0;
  cudaDriverEntryPointQueryResult q;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault, &q) != cudaSuccess) return 0;
  return (axon_tmap_encoder)fn;
}
static int axon_encode_tmap(axon_tmap* m, const void* base, unsigned long long inner, unsigned long long outer,
                            unsigned long long panels, unsigned bi, unsigned bo, axon_tmap_encoder encode) {
  if (!encode) return (int)cudaErrorNotSupported;
  const cuuint64_t dims[3] = {inner, outer, panels}, strides[2] = {inner * 2, inner * outer * 2};
  const cuuint32_t box[3] = {bi, bo, 1}, elem[3] = {1, 1, 1};
  CUresult r = encode((CUtensorMap*)m, CU_TENSOR_MAP_DATA_TYPE_UINT16, 3, (void*)base, dims, strides, box, elem,
                      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return r == CUDA_SUCCESS ? 0 : (int)cudaErrorInvalidValue;
}
// A strided view or 32-bit elements: `rank` dimensions (innermost first), the byte strides of all
// but the first, the box, the data type.
static int axon_encode_tmap_view(axon_tmap* m, const void* base, unsigned rank, const cuuint64_t* dims, const cuuint64_t* strides,
                                 const cuuint32_t* box, int type, axon_tmap_encoder encode) {
  if (!encode) return (int)cudaErrorNotSupported;
  const cuuint32_t elem[5] = {1, 1, 1, 1, 1};
  CUresult r = encode((CUtensorMap*)m, (CUtensorMapDataType)type, rank, (void*)base, dims, strides, box, elem,
                      CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  return r == CUDA_SUCCESS ? 0 : (int)cudaErrorInvalidValue;
}

)";

json shape_json(const Node* n) {
  json a = json::array();
  for (const Size& s : n->shape()) a.push_back(s.value().value_or(-1));
  return a;
}

// Output files replace what is at their name (a planted symlink is replaced, not followed).
void write_file(const fs::path& p, const std::string& text) { write_file_atomic(p.string(), text); }

std::string find_nvcc() {
  std::vector<std::string> c;
  for (const char* env : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* d = std::getenv(env); d && *d) c.push_back(std::string(d) + "/bin/nvcc");
  c.push_back("/usr/local/cuda/bin/nvcc");
  for (const auto& p : c)
    if (!find_program(p).empty()) return p;
  return find_program("nvcc");
}

json trial_json(const ConfigTrial& t) {
  return {{"config", t.config.str()}, {"estimate_us", t.est_us}, {"status", t.status}, {"detail", t.detail},
          {"time_us", t.us}, {"reps", t.reps}, {"worst_error_ratio", t.worst}, {"finalists", t.finalists}};
}
// ... with --runtime-size: "sized" or why not.
json trial_json(const ConfigTrial& t, bool runtime) {
  json j = trial_json(t);
  if (runtime) j["runtime_size"] = t.runtime;
  if (!t.runtime_us.empty()) {
    json at = json::object();
    for (const auto& [n, us] : t.runtime_us) at[std::to_string(n)] = us;
    j["time_us_at"] = at;
  }
  return j;
}


json fallbacks_json(const std::vector<KernelFallback>& fs) {
  json a = json::array();
  for (const KernelFallback& f : fs) {
    json t = json::array();
    for (const ConfigTrial& c : f.trials) t.push_back(trial_json(c));
    a.push_back({{"kernel", f.kernel}, {"group", f.group}, {"why", f.why}, {"replaced_by", f.replaced_by}, {"trials", t}});
  }
  return a;
}

// report.json: the device, the rewrites, every realized variant with its moves, kernels, trials
// and fallbacks, and the chosen variant's fallbacks.
json report_json(const Graph& g, const SuperoptResult& r, const SuperoptOptions& o) {
  json rep;
  rep["graph"] = g.name;
  rep["target"] = o.target;
  rep["timed"] = r.timed;
  rep["device"] = r.gpu_note;
  if (r.probe.ok) rep["copy_gb_s"] = r.probe.copy_gb_s;
  rep["seconds"] = r.seconds;
  rep["rewrite_seconds"] = r.rewrite_seconds;
  const ExploreStats& st = r.variants.stats;
  rep["rewrites"] = {{"candidates", st.candidates}, {"proved", st.proved}, {"refuted", st.refuted}, {"unknown", st.unknown},
                     {"kept", st.kept}, {"unstable", st.unstable}, {"seconds", st.seconds}};
  rep["lowerings"] = r.lowerings.source;
  for (size_t vi = 0; vi < r.realized.size(); ++vi) {
    const VariantResult& v = r.realized[vi];
    json jv{{"variant", v.variant}, {"stored_statistics", v.stored_statistics}, {"own_reductions", v.own_reductions}, {"model_us", v.model_us}, {"total_us", v.total_us},
            {"chosen", static_cast<int>(vi) == r.best}};
    for (const Variant* m : r.variants.path_of(v.variant))
      jv["moves"].push_back({{"kind", move_kind_name(m->move.kind)}, {"what", m->move.what}, {"rule", m->move.rule},
                             {"verdict", verdict_name(m->move.proof.verdict)}, {"proof_seconds", m->move.proof.seconds}});
    for (const KernelResult& k : v.kernels) {
      json jk{{"name", k.name}, {"group", k.group.label}, {"strategy", tiling::strategy_name(k.shape.strategy)}, {"why_generic", k.shape.why_generic},
              {"bytes", k.bytes}, {"flops", k.flops}, {"time_us", k.time_us()}, {"winner", k.winner >= 0 ? k.trials[static_cast<size_t>(k.winner)].config.str() : ""}};
      for (const auto& t : k.trials) jk["trials"].push_back(trial_json(t, !o.runtime_size.empty()));
      if (!o.runtime_size.empty())  // the fastest runtime-sized trial (_run_sized's kernel)
        jk["runtime_winner"] = k.sized_winner >= 0 ? k.trials[static_cast<size_t>(k.sized_winner)].config.str() : "";
      if (k.sized_above >= 0)  // _run_sized's kernel above the tuned size
        jk["runtime_winner_above"] = k.trials[static_cast<size_t>(k.sized_above)].config.str();
      jv["kernels"].push_back(jk);
    }
    jv["fallbacks"] = fallbacks_json(v.fallbacks);
    if (!v.failed.empty()) jv["failed"] = v.failed;
    rep["variants"].push_back(jv);
  }
  rep["unmeasured"] = json::array();
  for (const auto& u : r.unmeasured) rep["unmeasured"].push_back({{"variant", u.variant}, {"model_us", u.model_us}, {"why", u.why}});
  // The chosen variant's fallbacks (kernels nothing validated, replaced by finer ones); when no
  // variant was realized, why (exit 1).
  if (!o.runtime_size.empty() && r.best >= 0) {
    const VariantResult::RuntimeSizing& rs = r.realized[static_cast<size_t>(r.best)].runtime;
    rep["runtime_size"] = {{"symbol", o.runtime_size}, {"tuned", rs.tuned}, {"sized", rs.sized}};
    if (rs.sized) rep["runtime_size"]["max"] = rs.max_n;
    else rep["runtime_size"]["why_not"] = rs.why;
  }
  rep["validated"] = r.best >= 0;
  rep["fallbacks"] = r.best >= 0 ? fallbacks_json(r.realized[static_cast<size_t>(r.best)].fallbacks) : json::array();
  return rep;
}

}  // namespace

std::vector<std::string> write_outputs(const Graph& g, const SuperoptResult& r, const SuperoptOptions& o,
                                       const std::string& out_dir) {
  make_output_dir(out_dir);
  std::vector<std::string> lines;
  // The kernels that nothing validated, and what replaced them (or why nothing was realized).
  auto fallback_lines = [&](const VariantResult& v) {
    for (const KernelFallback& f : v.fallbacks) {
      std::string by;
      for (const std::string& p : f.replaced_by) by += (by.empty() ? "" : "; ") + p;
      lines.push_back("fallback: kernel " + f.kernel + " (" + f.group + "): " + f.why + "; replaced by " +
                      std::to_string(f.replaced_by.size()) + " kernels: " + by);
    }
  };
  if (r.best < 0) {
    write_file(fs::path(out_dir) / "report.json", report_json(g, r, o).dump(2) + "\n");
    for (const VariantResult& v : r.realized) {
      fallback_lines(v);
      lines.push_back("variant " + std::to_string(v.variant) + " not realized: " + v.failed);
    }
    return lines;
  }
  const VariantResult& best = r.realized.at(static_cast<size_t>(r.best));
  fallback_lines(best);
  const std::string name = c_ident(g.name.empty() ? "graph" : g.name);

  // Where each stored value lives: graph inputs, graph outputs, or the workspace.
  std::map<const Node*, std::string> ptr;
  for (size_t i = 0; i < g.inputs.size(); ++i) ptr[g.inputs[i]] = "inputs[" + std::to_string(i) + "]";
  std::vector<std::pair<size_t, const Node*>> copies;  // outputs that no kernel writes
  std::map<const Node*, size_t> written_output;
  for (const auto& k : best.kernels)
    for (const Node* w : k.group.writes) written_output[w] = SIZE_MAX;
  // The variant's outputs, by position (same names as the original's).
  const auto& vouts = r.variants.variants.at(static_cast<size_t>(best.variant)).outputs;
  for (size_t j = 0; j < vouts.size(); ++j) {
    const Node* n = vouts[j].node;
    auto it = written_output.find(n);
    if (it != written_output.end() && it->second == SIZE_MAX) {
      it->second = j;
      ptr[n] = "outputs[" + std::to_string(j) + "]";
    } else {
      copies.emplace_back(j, n);
    }
  }
  // --runtime-size (docs/codegen.md, "Runtime sizes"): _run_sized launches each kernel's fastest
  // runtime-sized candidate with n; its workspace's buffers are laid out at run time
  // (axon_<name>_layout), sizes that grow with n as n * unit. _run launches each kernel's fastest
  // candidate: where every one of them is the sized one, _run is _run_sized at the tuned n.
  const VariantResult::RuntimeSizing& rs = best.runtime;
  const bool sized = rs.sized;
  bool dual = false;  // _run's kernels are not all _run_sized's
  for (const auto& k : best.kernels) dual = dual || (sized && k.sized_winner != k.winner);
  auto bytes_of = [&](const Node* n, bool at_n) {
    auto it = rs.per_unit.find(n);
    if (!at_n || it == rs.per_unit.end()) return std::to_string(elements(n) * dtype_bytes(n->dtype())) + "ull";
    return "(size_t)n * " + std::to_string(it->second * dtype_bytes(n->dtype())) + "ull";
  };
  // One run function's text: the kernels' launches over the buffers, with literal sizes or at n.
  struct RunText {
    std::string launches, zeroes, layout;
    int64_t workspace = 0;  // bytes (literal sizes)
    int buffers = 0;        // workspace buffers laid out at n
  };
  bool uses_tma = false;
  auto emit_run = [&](bool at_n) {
    RunText rt;
    std::ostringstream all_launches, all_zeroes, layout;
    std::map<const Node*, std::string> where = ptr;
    int64_t& workspace = rt.workspace;
    for (const auto& k : best.kernels)
      for (const Node* w : k.group.writes)
        if (!where.count(w)) {
          if (at_n) {
            where[w] = "(workspace + at[" + std::to_string(rt.buffers) + "])";
            layout << "  at[" << rt.buffers++ << "] = off;\n  off += (" << bytes_of(w, true) << " + 255) / 256 * 256;\n";
            continue;
          }
          where[w] = "(workspace + " + std::to_string(workspace) + ")";
          workspace += (elements(w) * dtype_bytes(w->dtype()) + 255) / 256 * 256;
        }
    // One kernel's launches (its scratch's zeroing apart), counting the run's launches so far.
    auto emit_code = [&](const tiling::KernelCode& code, int& launched, std::ostringstream& launches, std::ostringstream& zeroes) {
      for (const auto& l : code.launches) {
        if (at_n && !l.sized) throw InternalError("launcher: a kernel of _run_sized is not runtime-sized");
        // Over 48 KiB of dynamic shared memory is opted into, per run (the attribute is per device).
        if (l.smem > 48 * 1024)
          launches << "  { cudaError_t e = cudaFuncSetAttribute(" << l.function << ", cudaFuncAttributeMaxDynamicSharedMemorySize, "
                   << l.smem << "); if (e != cudaSuccess) return (int)e; }\n";
        std::vector<std::string> args;
        for (size_t p = 0; p < l.params.size(); ++p) {
          const Node* n = l.params[p];
          auto it = where.find(n);
          if (it == where.end()) throw InternalError("launcher: no buffer for a kernel parameter");
          std::string cast = l.param_roles[p] == 0 ? "(const " + tiling::storage_type(n->dtype()) + "*)" : "(" + tiling::storage_type(n->dtype()) + "*)";
          args.push_back(cast + it->second);
        }
        // Scratch (stream-K) in the workspace, its flags zeroed before the run's first launch (the
        // stream orders that before every kernel; programmatic launches chain kernels only).
        if (l.scratch > 0) {
          // At n (stream-K): the same bytes whatever n (slots for the largest grid), laid out with
          // the run's other buffers.
          const int64_t at0 = workspace;
          std::string base = std::to_string(at0), zero_at = std::to_string(at0 + l.zero_from);
          if (at_n) {
            base = "at[" + std::to_string(rt.buffers) + "]";
            zero_at = base + " + " + std::to_string(l.zero_from);
            layout << "  at[" << rt.buffers++ << "] = off;\n  off += " << (l.scratch + 255) / 256 * 256 << "ull;\n";
          } else {
            workspace += (l.scratch + 255) / 256 * 256;
          }
          args.push_back("(float*)(workspace + " + base + ")");
          zeroes << "  { cudaError_t e = cudaMemsetAsync(workspace + " << zero_at << ", 0, " << l.scratch - l.zero_from
                 << ", s); if (e != cudaSuccess) return (int)e; }\n";
          // (At n the grid is at most the cap: all of those must fit.)
          const int64_t most = at_n ? std::max(l.grid, l.grid_cap * l.grid_mul) : l.grid;
          // Its blocks wait for each other's flags (stream-K, a row split over the grid): all of
          // them must be resident at once. On a GPU with fewer SMs than the one it was tuned on
          // the run is refused instead of hanging (checked once per device).
          launches << "  { static int checked_dev = -1, fits = 0; int dev = 0; cudaGetDevice(&dev);\n"
                   << "    if (dev != checked_dev) { int sms = 0, per = 0; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);\n"
                   << "      fits = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, " << l.function << ", " << l.block << ", " << l.smem
                   << ") == cudaSuccess && (long long)per * sms >= " << most << "LL; checked_dev = dev; }\n"
                   << "    if (!fits) return (int)cudaErrorCooperativeLaunchTooLarge; }\n";
        }
        // TMA tensor maps over the kernel's buffers, encoded at each run (the pointers may change).
        launches << "  {\n";
        for (size_t m = 0; m < l.tmaps.size(); ++m) {
          const tiling::TensorMapSpec& t = l.tmaps[m];
          const std::string v = "tm" + std::to_string(m);
          if (!t.view_strides.empty() || t.elem_bytes != 2) {  // dimensions, strides and type as the worker encodes them
            auto list = [](const auto& xs, const char* suffix) {
              std::string s;
              for (auto x : xs) s += (s.empty() ? "" : ", ") + std::to_string(x) + suffix;
              return s;
            };
            const std::vector<uint64_t> dims = gpu::tensor_map_dims(t);
            launches << "    axon_tmap " << v << ";\n    { const cuuint64_t d[] = {" << list(dims, "ull") << "}, s[] = {"
                     << list(gpu::tensor_map_strides(t), "ull") << "};\n      const cuuint32_t b[] = {" << list(gpu::tensor_map_box(t), "u")
                     << "};\n      int e = axon_encode_tmap_view(&" << v << ", " << args.at(static_cast<size_t>(t.param)) << ", " << dims.size()
                     << "u, d, s, b, " << gpu::tensor_map_type(t) << ", encode); if (e) return e; }\n";
          } else {
            launches << "    axon_tmap " << v << ";\n    { int e = axon_encode_tmap(&" << v << ", " << args.at(static_cast<size_t>(t.param)) << ", "
                     << t.inner << "ull, " << (at_n && t.outer_n ? std::string("(unsigned long long)n") : std::to_string(t.outer) + "ull") << ", "
                     << t.panels << "ull, " << t.box_inner << "u, " << t.box_outer << "u, encode); if (e) return e; }\n";
          }
          args.push_back(v);
          uses_tma = true;
        }
        if (l.sized) args.push_back(at_n ? "n" : std::to_string(rs.tuned) + "LL");
        const std::string grid = at_n ? "axon_grid(n, " + std::to_string(l.grid_num) + "ll, " + std::to_string(l.grid_den) + "ll, " +
                                            std::to_string(l.grid_per) + "ll, " + std::to_string(l.grid_mul) + "ll, " +
                                            std::to_string(l.grid_cap) + "ll)"
                                      : std::to_string(l.grid);
        if (code.grid_dep && launched > 0) {
          // Programmatic stream serialization: scheduled while the previous kernel drains (its
          // griddepcontrol.wait holds it until that kernel's writes are visible).
          launches << "    cudaLaunchConfig_t cfg = {};\n    cfg.gridDim = dim3(" << grid << "); cfg.blockDim = dim3(" << l.block
                   << "); cfg.dynamicSmemBytes = " << l.smem << "; cfg.stream = s;\n"
                   << "    cudaLaunchAttribute dep[1];\n    dep[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;\n"
                   << "    dep[0].val.programmaticStreamSerializationAllowed = 1;\n    cfg.attrs = dep;\n    cfg.numAttrs = 1;\n"
                   << "    { cudaError_t e = cudaLaunchKernelEx(&cfg, " << l.function;
          for (const std::string& a : args) launches << ", " << a;
          launches << "); if (e != cudaSuccess) return (int)e; }\n  }\n";
        } else {
          launches << "    " << l.function << "<<<" << grid << ", " << l.block << ", " << l.smem << ", s>>>(";
          for (size_t p = 0; p < args.size(); ++p) launches << (p ? ", " : "") << args[p];
          launches << ");\n  }\n";
        }
        ++launched;
      }
    };
    int launched = 0;  // kernels launched so far by the run function
    for (const auto& k : best.kernels) {
      if (!at_n || k.sized_above < 0) {
        emit_code(at_n ? k.sized_code : k.code, launched, all_launches, all_zeroes);
        continue;
      }
      // At n, a kernel with another candidate above the tuned size launches one of the two by n.
      const std::string T = std::to_string(rs.tuned) + "ll";
      int after = launched;
      for (const auto& [code, when] : {std::pair{&k.sized_code, "n <= " + T}, std::pair{&k.sized_above_code, "n > " + T}}) {
        std::ostringstream launches, zeroes;
        int count = launched;
        emit_code(*code, count, launches, zeroes);
        after = std::max(after, count);
        for (auto [text, to] : {std::pair{launches.str(), &all_launches}, std::pair{zeroes.str(), &all_zeroes}})
          if (!text.empty()) *to << "  if (" << when << ") {\n" << text << "  }\n";
      }
      launched = after;
    }
    std::ostringstream& launches = all_launches;
    for (const auto& [j, n] : copies) {
      auto it = where.find(n);
      if (it == where.end()) throw InternalError("launcher: an output with no source");
      launches << "  cudaMemcpyAsync(outputs[" << j << "], " << it->second << ", "
               << (at_n ? bytes_of(n, true) : std::to_string(elements(n) * dtype_bytes(n->dtype()))) << ", cudaMemcpyDeviceToDevice, s);\n";
    }
    rt.launches = all_launches.str();
    rt.zeroes = all_zeroes.str();
    rt.layout = layout.str();
    return rt;
  };

  // Kernels, one file each (self-contained; a kernel's runtime-sized candidate, where it is not
  // the fastest, as kernelI_<strategy>_sized.cu, and its candidate above the tuned size as
  // kernelI_<strategy>_sized_above.cu), and the launcher.
  std::ostringstream cu;
  cu << "// Generated by axon superopt for graph '" << g.name << "', target " << o.target << ".\n"
     << "// Variant " << best.variant << " of the proven rewrites; see report.json for the moves and proofs.\n"
     << "#include <cuda_runtime.h>\n#include <stddef.h>\n#include \"axon_" << name << ".h\"\n\n"
     << tiling::prelude(r.lowerings) << "\n";
  for (size_t i = 0; i < best.kernels.size(); ++i) {
    const KernelResult& k = best.kernels[i];
    const std::string file = "kernel" + std::to_string(i) + "_" + tiling::strategy_name(k.code.config.strategy());
    write_file(fs::path(out_dir) / (file + ".cu"), k.code.source);
    cu << k.code.body << "\n";
    if (sized && k.sized_winner != k.winner) {
      write_file(fs::path(out_dir) / (file + "_sized.cu"), k.sized_code.source);
      cu << k.sized_code.body << "\n";
    }
    if (sized && k.sized_above >= 0 && k.sized_above != k.winner) {
      write_file(fs::path(out_dir) / (file + "_sized_above.cu"), k.sized_above_code.source);
      cu << k.sized_above_code.body << "\n";
    }
  }
  // (_run's workspace bytes are also launcher.json's, and _workspace_bytes_sized's at the tuned n
  // where _run is _run_sized.)
  const RunText lit = emit_run(false), at_n = sized ? emit_run(true) : RunText{};
  const int64_t workspace = lit.workspace;
  if (uses_tma) cu << kEncodeTmap;
  // A run function's checks of its pointers, and its launches.
  auto body_of = [&](const RunText& rt) {
    std::ostringstream b;
    b << "  cudaStream_t s = (cudaStream_t)stream;\n"
      << "  char* workspace = (char*)workspace_;\n  (void)workspace;\n"
      // Kernels use 16-byte vector accesses: a misaligned buffer is refused, not faulted on.
      << "  for (int i = 0; i < " << g.inputs.size() << "; ++i)\n    if (((size_t)inputs[i]) & 15) return (int)cudaErrorMisalignedAddress;\n"
      << "  for (int i = 0; i < " << vouts.size() << "; ++i)\n    if (((size_t)outputs[i]) & 15) return (int)cudaErrorMisalignedAddress;\n"
      << "  if (((size_t)workspace_) & 255) return (int)cudaErrorMisalignedAddress;\n"
      << (uses_tma ? "  const axon_tmap_encoder encode = axon_find_encoder();  // once per run\n" : "") << rt.zeroes << rt.launches
      << "  return (int)cudaGetLastError();\n}\n";
    return b.str();
  };
  const std::string T = std::to_string(rs.tuned), N = std::to_string(std::max(1, at_n.buffers));
  if (sized)
    cu << "// Runtime size " << rs.symbol << " (tuned at " << T << "): n from 1 to " << rs.max_n << ".\n"
       << "static unsigned axon_grid(long long n, long long num, long long den, long long per, long long mul, long long cap) {\n"
       << "  long long g = (n * num + den - 1) / den * per;\n  if (cap > 0 && g > cap) g = cap;\n  g *= mul;\n  return (unsigned)(g < 1 ? 1 : g);\n}\n"
       << "static size_t axon_" << name << "_layout(long long n, size_t* at) {\n  size_t off = 0;\n  (void)n; (void)at;\n"
       << at_n.layout << "  return off;\n}\n\n"
       << "extern \"C\" size_t axon_" << name << "_workspace_bytes_sized(long long n) {\n  size_t at[" << N << "];\n"
       << "  if (n < 1 || n > " << rs.max_n << "ll) return 0;\n  return axon_" << name << "_layout(n, at);\n}\n\n"
       << "extern \"C\" int axon_" << name << "_run_sized(long long n, const void* const* inputs, void* const* outputs, void* workspace_, void* stream) {\n"
       << "  if (n < 1 || n > " << rs.max_n << "ll) return (int)cudaErrorInvalidValue;\n"
       << "  size_t at[" << N << "];\n  axon_" << name << "_layout(n, at);\n  (void)at;\n"
       << body_of(at_n) << "\n";
  if (sized && !dual)
    cu << "extern \"C\" size_t axon_" << name << "_workspace_bytes(void) { return axon_" << name << "_workspace_bytes_sized(" << T << "); }\n\n"
       << "extern \"C\" int axon_" << name << "_run(const void* const* inputs, void* const* outputs, void* workspace_, void* stream) {\n"
       << "  return axon_" << name << "_run_sized(" << T << ", inputs, outputs, workspace_, stream);\n}\n";
  else
    cu << "extern \"C\" size_t axon_" << name << "_workspace_bytes(void) { return " << workspace << "; }\n\n"
       << "extern \"C\" int axon_" << name << "_run(const void* const* inputs, void* const* outputs, void* workspace_, void* stream) {\n"
       << body_of(lit);
  std::ostringstream h;
  h << "// axon superopt launcher for graph '" << g.name << "' (" << o.target << ").\n"
    << "// inputs and outputs are device pointers, in the orders of launcher.json; the workspace holds\n"
    << "// axon_" << name << "_workspace_bytes() bytes (256-byte aligned) of device memory; stream is a cudaStream_t.\n"
    << "// Every pointer must be 16-byte aligned (the workspace 256-byte): cudaMalloc and PyTorch's allocator\n"
    << "// are; a misaligned one returns cudaErrorMisalignedAddress before any launch.\n"
    << "// Returns 0, or the CUDA error of the launches.\n#pragma once\n#include <stddef.h>\n"
    << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
    << "size_t axon_" << name << "_workspace_bytes(void);\n"
    << "int axon_" << name << "_run(const void* const* inputs, void* const* outputs, void* workspace, void* stream);\n";
  if (sized)
    h << "// Runtime size " << rs.symbol << " (tuned at " << T << "): the same at any n from 1 to " << rs.max_n << " (the shapes of\n"
      << "// launcher.json with " << rs.symbol << " = n); another n returns cudaErrorInvalidValue (the workspace 0).\n"
      << "size_t axon_" << name << "_workspace_bytes_sized(long long n);\n"
      << "int axon_" << name << "_run_sized(long long n, const void* const* inputs, void* const* outputs, void* workspace, void* stream);\n";
  h << "#ifdef __cplusplus\n}\n#endif\n";
  write_file(fs::path(out_dir) / ("axon_" + name + ".h"), h.str());
  write_file(fs::path(out_dir) / ("axon_" + name + ".cu"), cu.str());

  json lj{{"graph", g.name}, {"library", "libaxon_" + name + ".so"}, {"symbol", "axon_" + name + "_run"},
          {"workspace_symbol", "axon_" + name + "_workspace_bytes"}, {"workspace_bytes", workspace}, {"target", o.target}};
  if (sized) {
    lj["runtime_size"] = {{"symbol", rs.symbol}, {"tuned", rs.tuned}, {"max", rs.max_n}};
    lj["symbol_sized"] = "axon_" + name + "_run_sized";
    lj["workspace_symbol_sized"] = "axon_" + name + "_workspace_bytes_sized";
  }
  for (const Node* n : g.inputs)
    lj["inputs"].push_back({{"name", n->input_name()}, {"shape", shape_json(n)}, {"dtype", dtype_name(n->dtype())}});
  for (const auto& out : g.outputs)
    lj["outputs"].push_back({{"name", out.name}, {"shape", shape_json(out.node)}, {"dtype", dtype_name(out.node->dtype())}});

  // The shared library, when nvcc is here.
  std::string suffix;  // sm_90a when a kernel uses wgmma
  for (const KernelResult& k : best.kernels)
    if (!k.code.arch_suffix.empty()) suffix = k.code.arch_suffix;
  bool built = false;
  lines.push_back(build_launcher_library(out_dir, name, o.target + suffix, &built));
  lj["library_built"] = built;
  lj["arch"] = o.target + suffix;
  write_file(fs::path(out_dir) / "launcher.json", lj.dump(2) + "\n");

  write_file(fs::path(out_dir) / "report.json", report_json(g, r, o).dump(2) + "\n");

  // The summary table. A kernel's floor: its bytes at the measured copy bandwidth, or its
  // contraction FLOPs at the target's nominal 16-bit tensor rate, whichever is longer.
  const double bw = r.probe.ok && r.probe.copy_gb_s > 0 ? r.probe.copy_gb_s : 0;
  double tensor_tflops = 0;
  if (r.lowerings.isa)
    if (auto it = r.lowerings.isa->target.peak_tflops.find("bf16_tensor"); it != r.lowerings.isa->target.peak_tflops.end())
      tensor_tflops = it->second;
  std::ostringstream t;
  t << std::left << std::setw(8) << "kernel" << std::setw(52) << "config" << std::right << std::setw(11)
    << (r.timed ? "time us" : "est. us") << std::setw(10) << "GB/s" << std::setw(9) << "TFLOP/s" << std::setw(11) << "% floor"
    << "  group";
  lines.push_back(t.str());
  for (size_t i = 0; i < best.kernels.size(); ++i) {
    const KernelResult& k = best.kernels[i];
    double us = k.time_us();
    std::ostringstream row;
    const tiling::ContractionShape& mm = k.shape.mm;
    const double flops = k.shape.strategy == tiling::Strategy::Contraction ? 2.0 * mm.batch * mm.m * mm.n * mm.k
                         : k.shape.strategy == tiling::Strategy::Attention ? tiling::attention_flops(k.shape.att)
                                                                           : 0.0;
    row << std::left << std::setw(8) << ("k" + std::to_string(i)) << std::setw(52) << k.code.config.str() << std::right
        << std::setw(11) << std::fixed << std::setprecision(1) << us << std::setw(10) << std::setprecision(0)
        << (us > 0 ? k.bytes / (us * 1e3) : 0.0);
    if (flops > 0 && us > 0) row << std::setw(9) << std::setprecision(0) << flops / (us * 1e6);
    else row << std::setw(9) << "-";
    const double floor_us = std::max(bw > 0 ? k.bytes / (bw * 1e3) : 0.0, tensor_tflops > 0 ? flops / (tensor_tflops * 1e6) : 0.0);
    if (bw > 0 && us > 0) row << std::setw(10) << std::setprecision(1) << 100.0 * floor_us / us << "%";
    else row << std::setw(11) << "-";
    row << "  " << k.group.label;
    lines.push_back(row.str());
  }
  std::ostringstream tot;
  tot << "total " << std::fixed << std::setprecision(1) << best.total_us << " us (" << (r.timed ? "measured" : "estimated, untimed")
      << "), variant " << best.variant << (best.stored_statistics ? " (row statistics stored)" : "") << (best.own_reductions ? " (reductions in kernels of their own)" : "") << ", search " << std::setprecision(1) << r.seconds << " s";
  lines.push_back(tot.str());
  if (!o.runtime_size.empty()) {
    std::string rl = sized ? "runtime size " + rs.symbol + " (tuned " + T + "): axon_" + name + "_run_sized(n, ...) for n from 1 to " +
                                 std::to_string(rs.max_n)
                           : "not runtime-sized in " + o.runtime_size + ": " + rs.why;
    if (dual) {
      rl += "; with other kernels than _run's:";
      for (size_t i = 0; i < best.kernels.size(); ++i)
        if (best.kernels[i].sized_winner != best.kernels[i].winner)
          rl += " k" + std::to_string(i) + " " + best.kernels[i].trials[static_cast<size_t>(best.kernels[i].sized_winner)].config.str() + ";";
      rl.pop_back();
    }
    lines.push_back(rl);
  }
  return lines;
}

std::string launcher_name(const std::string& graph_name) { return c_ident(graph_name.empty() ? "graph" : graph_name); }

std::string build_launcher_library(const std::string& out_dir, const std::string& name, const std::string& arch, bool* built) {
  if (find_nvcc().empty()) {
    *built = false;
    return "no nvcc found: the launcher is source only (axon_" + name + ".cu)";
  }
  const std::string so = (fs::path(out_dir) / ("libaxon_" + name + ".so")).string();
  const std::string log_path = (fs::path(out_dir) / "nvcc.log").string();
  const bool ok = build_shared_library({(fs::path(out_dir) / ("axon_" + name + ".cu")).string()}, so, log_path, arch);
  *built = ok;
  return ok ? "built " + so : "nvcc failed on the launcher: see " + log_path;
}

bool build_shared_library(const std::vector<std::string>& sources, const std::string& so, const std::string& log_path, const std::string& arch) {
  const std::string nvcc = find_nvcc();
  if (nvcc.empty()) return false;
  // nvcc's -arch=sm_90a would also embed compute_90 PTX, where wgmma does not exist.
  std::vector<std::string> argv{nvcc, "-O3"};
  if (arch.size() < 4 || arch.back() != 'a') argv.push_back("-arch=" + arch);
  else argv.insert(argv.end(), {"-gencode", "arch=compute_" + arch.substr(3) + ",code=" + arch});
  // No shell: the arguments are passed as they are, whatever the folder's name holds. The
  // library and the log are written under temporary names and renamed over theirs.
  AtomicFile lib(so), log(log_path);
  argv.insert(argv.end(), {"-shared", "-Xcompiler", "-fPIC", "-o", lib.temp_path()});
  argv.insert(argv.end(), sources.begin(), sources.end());
  SpawnOptions so_opts;
  so_opts.stdout_fd = so_opts.stderr_fd = log.fd();
  const bool ok = run_process(argv, so_opts).ok();
  log.commit();
  if (ok) lib.commit();
  return ok;
}

std::string nvcc_path() { return find_nvcc(); }

}  // namespace axon
