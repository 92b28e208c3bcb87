// The bit-level reading of the ISA specs (synth/ only; docs/synthesis.md, "Casts").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "axon/core/error.h"
#include "axon/isa/spec.h"
#include "axon/semantics/smt.h"

namespace axon::synth {

// The width of a register type in the bit-level reading (f32 b32 u32 s32: 32; bf16 f16 b16 u16
// s16: 16), 0 for a type outside it (tf32, packed pairs, predicates, pointers).
int reg_width(const std::string& type);
// f32, bf16, f16: the float format a type's pattern encodes.
std::optional<DType> float_type(const std::string& type);

// The pattern of v rounded to format t with the mode (NaN: the canonical NaN, 0x7fff.. ).
uint32_t float_bits(DType t, double v, RoundMode mode);
// The value a pattern of format t encodes (NaN for every NaN pattern).
double float_value(DType t, uint32_t bits);

// The registers an operand type takes and their widths: one for a scalar type, two 32-bit ones
// for f32x2 (lane 0 first), one 32-bit one for a packed pair (bf16x2, f16x2: lane 0 in bits
// 15:0). Empty outside the bit-level reading.
std::vector<int> slot_widths(const std::string& type);
// The registers of an instruction's inputs, in order.
std::vector<int> input_slots(const InstrSpec& i);

// Whether an instruction has a bit-level reading: one output, every operand a register type,
// and a bit-pattern semantics or a conversion (operands read, rounded); a lanewise conversion
// applies to each lane of its f32x2 / bf16x2 / f16x2 operands.
bool bit_level(const InstrSpec& i);
// Its output pattern for input patterns (one per register, input_slots order).
uint32_t eval_instr(const InstrSpec& i, const std::vector<uint32_t>& in);

smt::Sort fp_sort(DType t);
// Its output as an SMT bit-vector of input bit-vectors; a conversion's output is a fresh
// constant named `fresh`, tied to its value by an assertion appended to `side`.
smt::Expr encode_instr(const InstrSpec& i, const std::vector<smt::Expr>& in, const std::string& fresh,
                       std::vector<smt::Expr>& side);

}  // namespace axon::synth
