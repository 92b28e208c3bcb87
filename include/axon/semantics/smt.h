// A solver-independent SMT expression type. Every query axon sends to a solver is built from
// these; the Z3 and CVC5 backends (semantics/smt/) translate them, and no other code sees a
// solver header. Expressions are immutable and shared; builders check sorts (InternalError on
// misuse). The canonical SMT-LIB text of a query (to_smtlib) is the proof cache's key.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace axon::smt {

// BV16/BV32: bit-vectors (register patterns); F16/BF16: IEEE binary16 and bfloat16 (8, 8).
enum class Sort : uint8_t { Bool, Int, Real, F32, BV16, BV32, F16, BF16 };
const char* sort_name(Sort s);  // SMT-LIB: Bool, Int, Real, (_ FloatingPoint 8 24), (_ BitVec 16)
int bv_width(Sort s);           // 16 or 32 for a bit-vector sort, else 0
Sort bv_sort(int width);        // 16 or 32
enum class Rounding : uint8_t { RNE, RTZ, RNA };

enum class Kind : uint8_t {
  Const,    // a free constant: name, sort
  App,      // uninterpreted function: name, args; its domain is the args' sorts
  BoolLit, IntLit, RealLit, F32Lit,
  Add, Sub, Mul, Neg, Div, IntDiv, Mod, ToReal, ToInt,
  Lt, Le, Eq, And, Or, Not, Implies, Ite,
  FpAdd, FpSub, FpMul, FpDiv, FpSqrt, FpFma, FpNeg, FpAbs, FpMin, FpMax,
  FpLt, FpLe, FpEq, FpIsNaN, FpFromReal,
  BvLit, BvAdd, BvSub, BvAnd, BvOr, BvXor, BvShl, BvLshr, BvZext, BvExtract,
  FpFromBits,  // the float a bit pattern encodes (sort of the result: F32, F16 or BF16)
  FpRound,     // a float rounded to another float sort (rounding in ival)
  FpRoundIntegral,  // fp.roundToIntegral of a binary32 (rounding in ival)
};

class Node;
using Expr = std::shared_ptr<const Node>;

class Node {
 public:
  Kind kind;
  Sort sort;
  std::vector<Expr> args;
  std::string name;     // Const, App
  bool bval = false;    // BoolLit
  int64_t ival = 0;     // IntLit
  std::string num, den; // RealLit: exact rational num/den (decimal, den > 0)
  uint32_t bits = 0;    // F32Lit: IEEE binary32 bits; BvLit: the value
};

// Leaves.
Expr constant(const std::string& name, Sort s);
Expr boolean(bool v);
Expr integer(int64_t v);
Expr real(double v);  // exact: a finite double is a dyadic rational; throws on inf/NaN
Expr real_rational(const std::string& num, const std::string& den);
Expr f32(float v);
Expr app(const std::string& fn, std::vector<Expr> args, Sort range);

// Arithmetic on Int or Real (both operands of one sort).
Expr add(Expr a, Expr b);
Expr sub(Expr a, Expr b);
Expr mul(Expr a, Expr b);
Expr neg(Expr a);
Expr div(Expr a, Expr b);     // Real division (by a term the caller knows is nonzero)
Expr intdiv(Expr a, Expr b);  // SMT-LIB div (floor for a positive divisor)
Expr mod(Expr a, Expr b);
Expr to_real(Expr a);
Expr to_int(Expr a);  // floor of a Real
// Relations and logic.
Expr lt(Expr a, Expr b);
Expr le(Expr a, Expr b);
Expr gt(Expr a, Expr b);
Expr ge(Expr a, Expr b);
Expr eq(Expr a, Expr b);
Expr ne(Expr a, Expr b);
Expr land(std::vector<Expr> xs);  // true when empty
Expr lor(std::vector<Expr> xs);   // false when empty
Expr lnot(Expr a);
Expr implies(Expr a, Expr b);
Expr ite(Expr c, Expr a, Expr b);
// IEEE binary32 with round to nearest even (add, sub, mul: any one float format of the operands).
Expr fp_add(Expr a, Expr b);
Expr fp_sub(Expr a, Expr b);
Expr fp_mul(Expr a, Expr b);
Expr fp_div(Expr a, Expr b);
Expr fp_sqrt(Expr a);
Expr fp_fma(Expr a, Expr b, Expr c);
Expr fp_neg(Expr a);
Expr fp_abs(Expr a);
Expr fp_min(Expr a, Expr b);
Expr fp_max(Expr a, Expr b);
Expr fp_lt(Expr a, Expr b);
Expr fp_le(Expr a, Expr b);
Expr fp_eq(Expr a, Expr b);  // IEEE equality (NaN != NaN, -0 == +0)
Expr fp_is_nan(Expr a);
Expr fp_from_real(Expr a);   // nearest binary32 of a real
// Bit-vectors of 16 or 32 bits (operands of one sort; shifts by amounts >= width give 0).
Expr bv(uint32_t value, int width);
Expr bv_add(Expr a, Expr b);
Expr bv_sub(Expr a, Expr b);
Expr bv_and(Expr a, Expr b);
Expr bv_or(Expr a, Expr b);
Expr bv_xor(Expr a, Expr b);
Expr bv_shl(Expr a, Expr b);
Expr bv_lshr(Expr a, Expr b);
Expr bv_resize(Expr a, int width);  // zero-extend, or keep the low bits
// IEEE formats: the float a pattern encodes (widths must agree), and rounding between formats.
// On floats, eq is SMT-LIB's `=`: every NaN equals every NaN, and -0 != +0.
Expr fp_from_bits(Expr a, Sort fp);
Expr fp_round(Expr a, Sort fp, Rounding r);
// The binary32 integer nearest `a` in the rounding `r` (fp.roundToIntegral; NaN and inf stay).
Expr fp_round_integral(Expr a, Rounding r);

// SMT-LIB 2 text of a set of assertions: declarations (sorted by name) then the assertions.
std::string to_smtlib(const std::vector<Expr>& assertions);
// One expression in SMT-LIB syntax.
std::string to_string(const Expr& e);

}  // namespace axon::smt
