// CUDA C++ for lowerings: one __device__ function per lowering, each step as inline PTX (or a
// CUDA library call for `cuda` instructions), constants as exact float literals.
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "bitlevel.h"
#include "internal.h"

namespace axon {

namespace {

std::string float_literal(double v) {
  if (std::isnan(v)) return "__int_as_float(0x7fc00000)";
  if (std::isinf(v)) return v > 0 ? "__int_as_float(0x7f800000)" : "__int_as_float(0xff800000)";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%af", static_cast<double>(static_cast<float>(v)));
  return buf;
}

std::string ident(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

// "{d}" -> "%0", inputs from %1 on.
std::string asm_text(const InstrSpec& i) {
  std::string t = i.ptx;
  int k = 0;
  for (const auto& o : i.outs) {
    std::string ph = "{" + o.name + "}", rep = "%" + std::to_string(k++);
    for (size_t p; (p = t.find(ph)) != std::string::npos;) t.replace(p, ph.size(), rep);
  }
  for (const auto& o : i.ins) {
    // a two-register operand (f32x2) is {a.0}, {a.1}
    std::vector<std::string> phs = o.type == "f32x2" ? std::vector<std::string>{"{" + o.name + ".0}", "{" + o.name + ".1}"}
                                                     : std::vector<std::string>{"{" + o.name + "}"};
    for (const auto& ph : phs) {
      std::string rep = "%" + std::to_string(k++);
      for (size_t p; (p = t.find(ph)) != std::string::npos;) t.replace(p, ph.size(), rep);
    }
  }
  return t;
}

std::string value(const Lowering& l, const std::string& name) {
  auto it = l.constants.find(name);
  return it != l.constants.end() ? float_literal(it->second) : name;
}

// C++ type and asm constraint of a register type in a cast: f32 travels as float, other 32-bit
// patterns as unsigned, 16-bit ones as unsigned short.
struct CType {
  const char* type;
  const char* constraint;
};
CType ctype(const std::string& t) {
  if (t == "f32" || t == "f32x2") return {"float", "f"};  // f32x2: each of its two registers
  if (t == "bf16" || t == "f16" || t == "b16" || t == "u16" || t == "s16") return {"unsigned short", "h"};
  return {"unsigned", "r"};
}

// `v` (of C type `have`) as C type `want` of the same width: the pattern, reinterpreted.
std::string as(const std::string& v, const std::string& have, const std::string& want) {
  if (have == want) return v;
  if (want == "float") return "__uint_as_float(" + v + ")";
  if (have == "float") return "__float_as_uint(" + v + ")";
  return "(" + want + ")" + v;
}

std::string emit_cast(const Lowering& l) {
  std::ostringstream os;
  const std::string from(dtype_name(l.source)), to(dtype_name(l.dtype));
  const std::string in_t = ctype(from).type, out_t = ctype(to).type;
  const bool pack = l.op == "pack";
  os << "// " << l.op << " " << to << (pack ? "x2" : "") << " <- " << from << (pack ? " x2" : "") << " (round to nearest even): "
     << l.expression << "\n// cost " << l.cost << " issue cycles, " << l.proof << "\n";
  os << "__device__ __forceinline__ " << (pack ? "unsigned" : out_t) << " " << cast_function(l) << "(" << in_t << " x0"
     << (pack ? ", " + in_t + " x1" : "") << ") {\n";
  std::map<std::string, std::string> type_of{{"x0", in_t}, {"x1", in_t}};
  for (const auto& s : l.steps) {
    const CType out = ctype(s.instr->outs[0].type);
    std::vector<std::string> slot_types;  // the operand type of each argument (f32x2: two)
    for (const auto& o : s.instr->ins)
      for (size_t r = 0; r < synth::slot_widths(o.type).size(); ++r) slot_types.push_back(o.type);
    os << "  " << out.type << " " << s.out << ";\n";
    os << "  asm(\"" << asm_text(*s.instr) << "\" : \"=" << out.constraint << "\"(" << s.out << ")";
    for (size_t a = 0; a < s.args.size(); ++a) {
      const CType want = ctype(slot_types.at(a));
      auto c = l.constants.find(s.args[a]);  // a constant: its pattern as an unsigned literal
      std::string v = c == l.constants.end() ? as(s.args[a], type_of.at(s.args[a]), want.type)
                                             : as(std::to_string(static_cast<uint32_t>(c->second)) + "u", "unsigned", want.type);
      os << (a ? ", " : " : ") << "\"" << want.constraint << "\"(" << v << ")";
    }
    os << ");\n";
    type_of[s.out] = out.type;
  }
  os << "  return " << as(l.result, type_of.at(l.result), pack ? "unsigned" : out_t) << ";\n}\n";
  return os.str();
}

}  // namespace

std::string cast_function(const Lowering& l) {
  const std::string from(dtype_name(l.source)), to(dtype_name(l.dtype));
  return l.op == "pack" ? "axon_pack_" + to + "x2_" + from : "axon_cast_" + to + "_" + from;
}

std::string emit_cuda(const Lowering& l) {
  if (l.cast) return emit_cast(l);
  std::ostringstream os;
  const std::string fn = "axon_" + ident(l.op) + "_" + std::string(dtype_name(l.dtype));
  os << "// " << l.op << " (" << dtype_name(l.dtype) << "): " << l.expression << "\n"
     << "// cost " << l.cost << " issue cycles, error bound " << l.error_bound << ", " << l.proof << "\n";
  os << "__device__ __forceinline__ float " << fn << "(";
  for (size_t i = 0; i < l.inputs.size(); ++i) os << (i ? ", " : "") << "float " << l.inputs[i];
  os << ") {\n";
  for (const auto& s : l.steps) {
    os << "  float " << s.out << ";\n";
    if (!s.instr->cuda.empty()) {
      std::string c = s.instr->cuda;
      for (size_t a = 0; a < s.instr->ins.size(); ++a) {
        std::string ph = "{" + s.instr->ins[a].name + "}";
        for (size_t p; (p = c.find(ph)) != std::string::npos;) c.replace(p, ph.size(), value(l, s.args[a]));
      }
      os << "  " << s.out << " = " << c << ";  // " << s.instr->name << "\n";
      continue;
    }
    os << "  asm(\"" << asm_text(*s.instr) << "\" : \"=f\"(" << s.out << ")";
    for (size_t a = 0; a < s.args.size(); ++a) os << (a ? ", " : " : ") << "\"f\"(" << value(l, s.args[a]) << ")";
    os << ");\n";
  }
  os << "  return " << value(l, l.result) << ";\n}\n";
  return os.str();
}

std::string emit_cuda(const WarpReduction& w) {
  std::ostringstream os;
  const char* name = w.reducer == Reducer::Sum ? "sum" : "max";
  os << "// warp " << name << (w.all_lanes ? " (every lane gets the result)" : " (lane 0 gets the result)") << ": "
     << w.proof << "\n";
  os << "__device__ __forceinline__ float axon_warp_" << name << (w.all_lanes ? "_all" : "_lane0") << "(float v) {\n";
  for (const auto& [instr, c] : w.steps) {
    std::string t = instr->ptx;
    for (const auto& [ph, rep] : std::vector<std::pair<std::string, std::string>>{{"{d}", "%0"}, {"{a}", "%1"}, {"{c}", std::to_string(c)}})
      for (size_t p; (p = t.find(ph)) != std::string::npos;) t.replace(p, ph.size(), rep);
    os << "  { float o; asm volatile(\"" << t << "\" : \"=f\"(o) : \"f\"(v)); v = "
       << (w.reducer == Reducer::Sum ? "v + o" : "(v != v || o != o) ? v + o : fmaxf(v, o)") << "; }\n";
  }
  os << "  return v;\n}\n";
  return os.str();
}

}  // namespace axon
