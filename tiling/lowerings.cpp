// The lowerings generated kernels use: the synthesized cache (synth/cache/<target>.json, written
// by `axon synth --json-out`), read back against the ISA specs it was synthesized from.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/tiling/kernel.h"

namespace axon::tiling {

const Lowering* Lowerings::find(const std::string& op, DType dtype) const {
  auto it = ops.find(op + "/" + std::string(dtype_name(dtype)));
  return it != ops.end() && it->second.found ? &it->second : nullptr;
}

const Lowering* Lowerings::find_pack(DType to) const {
  Lowering key;
  key.op = "pack";
  key.cast = true;
  key.source = DType::f32;
  key.dtype = to;
  auto it = ops.find(lowering_key(key));
  return it != ops.end() && it->second.found ? &it->second : nullptr;
}

const Lowering* Lowerings::find_cast(DType from, DType to) const {
  Lowering key;
  key.op = "cast";
  key.cast = true;
  key.source = from;
  key.dtype = to;
  auto it = ops.find(lowering_key(key));
  return it != ops.end() && it->second.found ? &it->second : nullptr;
}

const PackedLowering* Lowerings::packed(const Term& expr, const std::vector<DType>& in, DType out) const {
  auto it = packed_ops.find(packed_key(to_string(expr), in, out));
  return it != packed_ops.end() && it->second.instr != nullptr ? &it->second : nullptr;
}

std::string default_lowerings_path(const std::string& target) {
  if (const char* d = std::getenv("AXON_SYNTH_CACHE")) return (std::filesystem::path(d) / (target + ".json")).string();
  return (std::filesystem::path(default_isa_dir()).parent_path() / "synth" / "cache" / (target + ".json")).string();
}

Lowerings load_lowerings(const Isa& isa_in, const std::string& path) {
  // A regular file only (a FIFO would block), at most 256 MiB, counted while reading.
  std::string text;
  try {
    text = read_input_file(path, size_t{256} << 20, "lowerings file");
  } catch (const UserError& e) {
    throw UserError(std::string(e.what()) + ": cannot read the synthesized lowerings (regenerate: axon synth --target " +
                    isa_in.target.target + " --json-out " + path + ")");
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const std::exception& e) {
    throw UserError(path + ": not valid JSON: " + e.what());
  }
  Lowerings low;
  auto own = std::make_shared<const Isa>(isa_in);
  const Isa& isa = *own;
  low.isa = own;
  low.target = isa.target.target;
  low.source = path;
  try {
    for (const auto& o : j.at("ops")) {
      if (!o.at("found").get<bool>()) continue;
      if (!o.contains("inputs") || !o.contains("result"))
        throw UserError(path + ": written by an older axon (no inputs/result): regenerate it with axon synth --json-out");
      Lowering l;
      l.op = o.at("op").get<std::string>();
      auto dt = parse_dtype(o.at("dtype").get<std::string>());
      if (!dt) throw UserError(path + ": op " + l.op + ": unknown dtype");
      l.dtype = *dt;
      l.cast = o.value("cast", false);
      if (l.cast) {
        auto src = parse_dtype(o.at("source").get<std::string>());
        if (!src) throw UserError(path + ": cast: unknown source dtype");
        l.source = *src;
      }
      l.found = true;
      l.inputs = o.at("inputs").get<std::vector<std::string>>();
      l.result = o.at("result").get<std::string>();
      l.constants = o.at("constants").get<std::map<std::string, double>>();
      l.cost = o.value("cost", 0.0);
      l.error_bound = o.value("error_bound", 0.0);
      l.expression = o.value("expression", "");
      l.proof = o.value("proof", "");
      for (const auto& st : o.at("steps")) {
        LoweringStep s;
        std::string name = st.at("instr").get<std::string>();
        s.instr = isa.find(name);
        if (s.instr == nullptr)
          throw UserError(path + ": op " + l.op + ": instruction " + name + " is not in the specs for " + isa.target.target);
        s.args = st.at("args").get<std::vector<std::string>>();
        s.out = st.at("out").get<std::string>();
        l.steps.push_back(std::move(s));
      }
      low.ops[lowering_key(l)] = std::move(l);
    }
    // Packed pairs: absent from caches written before them (then none is used).
    if (j.contains("packed"))
      for (const auto& o : j.at("packed")) {
        if (o.at("proof").get<std::string>() != "PROVED") continue;
        PackedLowering p;
        p.expression = o.at("expression").get<std::string>();
        for (const auto& t : o.at("inputs")) {
          auto dt = parse_dtype(t.get<std::string>());
          if (!dt) throw UserError(path + ": packed " + p.expression + ": unknown dtype");
          p.in.push_back(*dt);
        }
        auto dt = parse_dtype(o.at("dtype").get<std::string>());
        if (!dt) throw UserError(path + ": packed " + p.expression + ": unknown dtype");
        p.out = *dt;
        const std::string name = o.at("instr").get<std::string>();
        p.instr = isa.find(name);
        if (p.instr == nullptr) throw UserError(path + ": packed " + p.expression + ": instruction " + name + " is not in the specs for " + isa.target.target);
        p.order = o.at("order").get<std::vector<size_t>>();
        if (p.order.size() != p.instr->ins.size() || p.order.size() != p.in.size())
          throw UserError(path + ": packed " + p.expression + ": the input order does not fit " + name);
        p.proof = "PROVED";
        low.packed_ops[packed_key(p.expression, p.in, p.out)] = std::move(p);
      }
    for (const auto& w : j.at("warp_reductions")) {
      WarpReduction r;
      r.reducer = w.at("reducer").get<std::string>() == "sum" ? Reducer::Sum : Reducer::Max;
      r.all_lanes = w.at("all_lanes").get<bool>();
      r.proof = w.value("proof", "");
      if (r.proof != "PROVED") continue;
      for (const auto& st : w.at("steps")) {
        const InstrSpec* i = isa.find(st.at("instr").get<std::string>());
        if (i == nullptr) throw UserError(path + ": warp reduction: unknown instruction " + st.at("instr").get<std::string>());
        r.steps.emplace_back(i, st.at("imm").get<int>());
      }
      low.warps.push_back(std::move(r));
    }
  } catch (const nlohmann::json::exception& e) {
    throw UserError(path + ": " + e.what());
  }
  bool sum = false, max = false;
  for (const auto& w : low.warps)
    if (w.all_lanes) (w.reducer == Reducer::Sum ? sum : max) = true;
  if (!sum || !max) throw UserError(path + ": no proved all-lanes warp sum and max reductions");
  if (!low.find_cast(DType::f32, DType::bf16))
    throw UserError(path + ": no synthesized casts (written by an older axon): regenerate it with axon synth --json-out");
  return low;
}

}  // namespace axon::tiling
