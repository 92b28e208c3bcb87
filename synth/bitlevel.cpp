// The bit-level reading of the ISA specs (docs/synthesis.md, "Casts"): every register is the bit
// pattern of its type, bit-typed semantics operate on patterns, and a conversion's real-valued
// semantics (`a`, `round(T, a, mode)`) reads its operands as the floats their patterns encode and
// rounds in the output format. Evaluated here on sample patterns, and encoded as SMT bit-vector
// and floating-point terms for the proofs.
#include <cmath>
#include <cstring>

#include "bitlevel.h"

namespace axon::synth {

int reg_width(const std::string& type) {
  if (type == "f32" || type == "b32" || type == "u32" || type == "s32") return 32;
  if (type == "bf16" || type == "f16" || type == "b16" || type == "u16" || type == "s16") return 16;
  return 0;
}

std::optional<DType> float_type(const std::string& type) {
  if (type == "f32" || type == "f32x2") return DType::f32;  // f32x2, bf16x2, f16x2: per lane
  if (type == "bf16" || type == "bf16x2") return DType::bf16;
  if (type == "f16" || type == "f16x2") return DType::f16;
  return std::nullopt;
}

std::vector<int> slot_widths(const std::string& type) {
  if (type == "f32x2") return {32, 32};
  if (type == "bf16x2" || type == "f16x2") return {32};
  if (int w = reg_width(type)) return {w};
  return {};
}

std::vector<int> input_slots(const InstrSpec& i) {
  std::vector<int> w;
  for (const auto& o : i.ins)
    for (int x : slot_widths(o.type)) w.push_back(x);
  return w;
}

namespace {

struct Format {
  int exp_bits, frac_bits;
};
Format format(DType t) {
  switch (t) {
    case DType::f32: return {8, 23};
    case DType::bf16: return {8, 7};
    case DType::f16: return {5, 10};
    default: throw InternalError("bit level: not a float format: " + std::string(dtype_name(t)));
  }
}

// A real term of a conversion: operands read as floats, Round rounds. Anything else is outside
// the bit-level reading.
bool conversion_term(const Term& t) {
  if (t->kind == TermKind::Read) return t->args.empty();
  if (t->kind == TermKind::Round) return conversion_term(t->args[0]);
  return false;
}

bool bit_term(const Term& t) {
  switch (t->kind) {
    case TermKind::BitLit: return true;
    case TermKind::Read: return t->sort == Sort::Bits;
    case TermKind::BitOp:
      for (const auto& a : t->args)
        if (!bit_term(a)) return false;
      return true;
    default: return false;
  }
}

}  // namespace

uint32_t float_bits(DType t, double v, RoundMode mode) {
  const Format f = format(t);
  const int width = 1 + f.exp_bits + f.frac_bits;
  const uint32_t sign = std::signbit(v) ? (uint32_t{1} << (width - 1)) : 0;
  const uint32_t exp_all = (uint32_t{1} << f.exp_bits) - 1;
  if (std::isnan(v)) return (uint32_t{1} << (width - 1)) - 1;  // the canonical NaN PTX produces
  const int bias = (1 << (f.exp_bits - 1)) - 1, emin = 1 - bias, emax = bias;
  double a = std::fabs(v);
  if (std::isinf(a)) return sign | (exp_all << f.frac_bits);
  if (a == 0) return sign;
  int e = std::ilogb(a);
  int q = std::max(e, emin) - f.frac_bits;  // the quantum's exponent
  double r = std::ldexp(a, -q);             // exact: a has at most 53 bits
  double n = mode == RoundMode::Rz ? std::trunc(r) : mode == RoundMode::Rna ? std::round(r) : std::nearbyint(r);
  double m = std::ldexp(n, q);
  if (m >= std::ldexp(1.0, emax + 1)) {
    if (mode == RoundMode::Rz) return sign | ((exp_all - 1) << f.frac_bits) | ((uint32_t{1} << f.frac_bits) - 1);
    return sign | (exp_all << f.frac_bits);
  }
  if (m == 0) return sign;
  e = std::ilogb(m);
  if (e < emin) return sign | static_cast<uint32_t>(std::ldexp(m, f.frac_bits - emin));  // subnormal
  auto frac = static_cast<uint32_t>(std::ldexp(m, f.frac_bits - e)) - (uint32_t{1} << f.frac_bits);
  return sign | (static_cast<uint32_t>(e + bias) << f.frac_bits) | frac;
}

double float_value(DType t, uint32_t bits) {
  const Format f = format(t);
  const int width = 1 + f.exp_bits + f.frac_bits;
  const bool neg = (bits >> (width - 1)) & 1;
  const uint32_t exp_all = (uint32_t{1} << f.exp_bits) - 1;
  const uint32_t ex = (bits >> f.frac_bits) & exp_all, frac = bits & ((uint32_t{1} << f.frac_bits) - 1);
  const int bias = (1 << (f.exp_bits - 1)) - 1;
  double v;
  if (ex == exp_all) v = frac ? NAN : INFINITY;
  else if (ex == 0) v = std::ldexp(static_cast<double>(frac), 1 - bias - f.frac_bits);
  else v = std::ldexp(static_cast<double>(frac | (uint32_t{1} << f.frac_bits)), static_cast<int>(ex) - bias - f.frac_bits);
  return neg ? -v : v;
}

bool bit_level(const InstrSpec& i) {
  if (i.kind != InstrKind::Scalar || !i.semantics || i.outs.size() != 1 || !i.cuda.empty()) return false;
  for (const auto& o : i.ins)
    if (slot_widths(o.type).empty() || (i.lanewise != (o.type.find("x2") != std::string::npos))) return false;
  if (slot_widths(i.outs[0].type).size() != 1 || i.lanewise != (i.outs[0].type.find("x2") != std::string::npos)) return false;
  if (i.semantics->sort == Sort::Bits) return bit_term(i.semantics);
  if (!float_type(i.outs[0].type) || !conversion_term(i.semantics)) return false;
  for (const auto& o : i.ins)
    if (!float_type(o.type)) return false;
  return true;
}

namespace {

uint32_t mask(int width) { return width >= 32 ? 0xffffffffu : ((uint32_t{1} << width) - 1); }

uint32_t eval_bits(const Term& t, const std::vector<uint32_t>& in) {
  switch (t->kind) {
    case TermKind::BitLit: return static_cast<uint32_t>(t->ival);
    case TermKind::Read: return in.at(static_cast<size_t>(t->ival)) & mask(t->width);
    case TermKind::BitOp: {
      uint32_t a = eval_bits(t->args[0], in);
      if (t->bitfn == BitFn::Resize) return a & mask(t->width);
      uint32_t b = eval_bits(t->args[1], in), w = mask(t->width);
      switch (t->bitfn) {
        case BitFn::Add: return (a + b) & w;
        case BitFn::Sub: return (a - b) & w;
        case BitFn::And: return a & b;
        case BitFn::Or: return a | b;
        case BitFn::Xor: return a ^ b;
        case BitFn::Shl: return b >= t->width ? 0 : (a << b) & w;
        case BitFn::Shr: return b >= t->width ? 0 : a >> b;
        case BitFn::Resize: break;
      }
      break;
    }
    default: break;
  }
  throw InternalError("bit level: not a bit term: " + to_string(t));
}

double eval_value(const InstrSpec& i, const Term& t, const std::vector<uint32_t>& in) {
  if (t->kind == TermKind::Read) return float_value(*float_type(i.ins.at(static_cast<size_t>(t->ival)).type), in[static_cast<size_t>(t->ival)]);
  // Round: the exact value rounded in the format, read back.
  return float_value(t->dtype, float_bits(t->dtype, eval_value(i, t->args[0], in), t->mode));
}

// Lane `lane` of each operand of a lanewise instruction: a register of f32x2, a half of a pair.
template <typename T, typename Half>
std::vector<T> lane_operands(const InstrSpec& i, const std::vector<T>& in, int lane, const Half& half) {
  std::vector<T> out;
  size_t slot = 0;
  for (const auto& o : i.ins) {
    if (o.type == "f32x2") out.push_back(in.at(slot + static_cast<size_t>(lane)));
    else out.push_back(half(in.at(slot), lane));
    slot += slot_widths(o.type).size();
  }
  return out;
}

}  // namespace

uint32_t eval_instr(const InstrSpec& i, const std::vector<uint32_t>& in) {
  if (i.semantics->sort == Sort::Bits) return eval_bits(i.semantics, in);
  const DType out = *float_type(i.outs[0].type);
  // A conversion's value is exact in the output format (a widening, or a Round to it).
  if (!i.lanewise) return float_bits(out, eval_value(i, i.semantics, in), RoundMode::Rne);
  uint32_t r = 0;
  for (int lane = 0; lane < 2; ++lane) {
    auto ops = lane_operands(i, in, lane, [](uint32_t v, int l) { return (v >> (16 * l)) & 0xffffu; });
    r |= float_bits(out, eval_value(i, i.semantics, ops), RoundMode::Rne) << (16 * lane);
  }
  return r;
}

smt::Sort fp_sort(DType t) {
  switch (t) {
    case DType::f32: return smt::Sort::F32;
    case DType::bf16: return smt::Sort::BF16;
    case DType::f16: return smt::Sort::F16;
    default: throw InternalError("bit level: not a float format");
  }
}

namespace {

smt::Rounding rounding(RoundMode m) {
  return m == RoundMode::Rz ? smt::Rounding::RTZ : m == RoundMode::Rna ? smt::Rounding::RNA : smt::Rounding::RNE;
}

smt::Expr encode_bits(const Term& t, const std::vector<smt::Expr>& in) {
  switch (t->kind) {
    case TermKind::BitLit: return smt::bv(static_cast<uint32_t>(t->ival), t->width);
    case TermKind::Read: return smt::bv_resize(in.at(static_cast<size_t>(t->ival)), t->width);
    case TermKind::BitOp: {
      smt::Expr a = encode_bits(t->args[0], in);
      if (t->bitfn == BitFn::Resize) return smt::bv_resize(a, t->width);
      smt::Expr b = smt::bv_resize(encode_bits(t->args[1], in), t->width);
      switch (t->bitfn) {
        case BitFn::Add: return smt::bv_add(a, b);
        case BitFn::Sub: return smt::bv_sub(a, b);
        case BitFn::And: return smt::bv_and(a, b);
        case BitFn::Or: return smt::bv_or(a, b);
        case BitFn::Xor: return smt::bv_xor(a, b);
        case BitFn::Shl: return smt::bv_shl(a, b);
        case BitFn::Shr: return smt::bv_lshr(a, b);
        case BitFn::Resize: break;
      }
      break;
    }
    default: break;
  }
  throw InternalError("bit level: not a bit term: " + to_string(t));
}

smt::Expr encode_value(const InstrSpec& i, const Term& t, const std::vector<smt::Expr>& in) {
  if (t->kind == TermKind::Read)
    return smt::fp_from_bits(in.at(static_cast<size_t>(t->ival)), fp_sort(*float_type(i.ins.at(static_cast<size_t>(t->ival)).type)));
  return smt::fp_round(encode_value(i, t->args[0], in), fp_sort(t->dtype), rounding(t->mode));
}

}  // namespace

smt::Expr encode_instr(const InstrSpec& i, const std::vector<smt::Expr>& in, const std::string& fresh,
                       std::vector<smt::Expr>& side) {
  if (i.semantics->sort == Sort::Bits) return encode_bits(i.semantics, in);
  // The output register holds some pattern encoding the value: a fresh bit-vector constrained to
  // it (for a NaN, any NaN pattern: what follows must not depend on the payload).
  const DType out = *float_type(i.outs[0].type);
  auto lane_value = [&](const std::vector<smt::Expr>& ops, const std::string& name, int width) {
    smt::Expr value = encode_value(i, i.semantics, ops);
    if (value->sort != fp_sort(out)) value = smt::fp_round(value, fp_sort(out), smt::Rounding::RNE);
    smt::Expr r = smt::constant(name, smt::bv_sort(width));
    side.push_back(smt::eq(smt::fp_from_bits(r, fp_sort(out)), value));
    return r;
  };
  if (!i.lanewise) return lane_value(in, fresh, reg_width(i.outs[0].type));
  // A pair: each lane's result in its half.
  auto half = [](const smt::Expr& v, int l) { return smt::bv_resize(l ? smt::bv_lshr(v, smt::bv(16, 32)) : v, 16); };
  smt::Expr lo = lane_value(lane_operands(i, in, 0, half), fresh + "_0", 16);
  smt::Expr hi = lane_value(lane_operands(i, in, 1, half), fresh + "_1", 16);
  return smt::bv_or(smt::bv_resize(lo, 32), smt::bv_shl(smt::bv_resize(hi, 32), smt::bv(16, 32)));
}

}  // namespace axon::synth
