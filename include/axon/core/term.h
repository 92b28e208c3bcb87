// Index expressions: the language in which every op's meaning is written, once.
//
// An op's definition is `out[v0, .., vn-1] = body`, where the v are index variables ranging over
// the output's shape and body is a Term. Terms have three sorts:
//   int  (indices and sizes): Var, Int, SizeOf, IAdd, ISub, IMul, IFloorDiv, IMod
//   bool (conditions):         Cmp (on two ints or two reals), And, Or, Not
//   real (element values):     Read (operand k at int terms), Real, Apply (a scalar function),
//                              Select, Round (to a dtype), ToReal (int -> real),
//                              Reduce (sum or max of a real body over var in [0, extent))
//   bits (a register's bit pattern, `width` bits; the ISA specs' bit operations and conversions):
//                              BitLit, BitOp (modular + and -, and, or, xor, shifts, resize),
//                              Read of a bit-typed instruction operand
// A real term's Round carries a rounding mode; over the reals every mode is the identity (the
// error analysis charges it), in the bit-level reading (synth/casts.cpp) it rounds.
// Terms are immutable and shared (shared_ptr); builders check sorts and throw InternalError on
// misuse. The SMT encoder (semantics/), the interpreter and code generation all read these.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "axon/core/dtype.h"
#include "axon/core/size.h"

namespace axon {

enum class TermKind : uint8_t {
  Var, Int, SizeOf, IAdd, ISub, IMul, IFloorDiv, IMod,  // int
  Cmp, And, Or, Not,                                      // bool
  Read, Real, Apply, Select, Round, ToReal, Reduce,      // real
  BitLit, BitOp,                                          // bits
};

enum class Sort : uint8_t { Int, Bool, Real, Bits };

// Bit operations on `width`-bit patterns: Add and Sub modulo 2^width, Shl and Shr (logical) by
// an amount (a pattern; amounts >= width give 0), Resize: zero-extend or keep the low bits.
enum class BitFn : uint8_t { Add, Sub, And, Or, Xor, Shl, Shr, Resize };
const char* bitfn_name(BitFn f);
// IEEE rounding of Round: to nearest even, toward zero, to nearest with ties away from zero.
enum class RoundMode : uint8_t { Rne, Rz, Rna };

// Scalar functions of real terms. Everything else (sigmoid, rsqrt, gelu, ...) is written in
// terms of these in the op definitions.
enum class Fn : uint8_t { Neg, Abs, Exp, Log, Sqrt, Tanh, Erf, Add, Sub, Mul, Div, Pow, Max, Min };
enum class CmpOp : uint8_t { Lt, Le, Gt, Ge, Eq, Ne };
// Whether `a op b` holds for two numbers.
template <typename T>
bool cmp_holds(CmpOp op, T a, T b) {
  switch (op) {
    case CmpOp::Lt: return a < b;
    case CmpOp::Le: return a <= b;
    case CmpOp::Gt: return a > b;
    case CmpOp::Ge: return a >= b;
    case CmpOp::Eq: return a == b;
    case CmpOp::Ne: return a != b;
  }
  return false;
}
enum class Reducer : uint8_t { Sum, Max };

// The value of a scalar function (the one evaluator of Fn: the interpreter, synthesis's samples
// and the f32 semantics all call it). T is double for the reals' reading (each libm function
// once), or float for IEEE f32 arithmetic; Max and Min propagate NaN, as every op of the IR
// does. Unary functions ignore b.
template <typename T>
T apply_fn(Fn f, T a, T b) {
  switch (f) {
    case Fn::Neg: return -a;
    case Fn::Abs: return std::fabs(a);
    case Fn::Exp: return std::exp(a);
    case Fn::Log: return std::log(a);
    case Fn::Sqrt: return std::sqrt(a);
    case Fn::Tanh: return std::tanh(a);
    case Fn::Erf: return std::erf(a);
    case Fn::Add: return a + b;
    case Fn::Sub: return a - b;
    case Fn::Mul: return a * b;
    case Fn::Div: return a / b;
    case Fn::Pow: return std::pow(a, b);
    case Fn::Max: return std::isnan(a) || std::isnan(b) ? std::numeric_limits<T>::quiet_NaN() : std::max(a, b);
    case Fn::Min: return std::isnan(a) || std::isnan(b) ? std::numeric_limits<T>::quiet_NaN() : std::min(a, b);
  }
  return std::numeric_limits<T>::quiet_NaN();
}

int fn_arity(Fn f);
const char* fn_name(Fn f);
const char* cmp_name(CmpOp c);

class TermNode;
using Term = std::shared_ptr<const TermNode>;

class TermNode {
 public:
  TermKind kind;
  Sort sort;
  std::vector<Term> args;
  int64_t ival = 0;   // Var: variable id; Int: value; Read: operand index; Reduce: variable id
  double rval = 0;    // Real: value
  Size size;          // SizeOf
  Fn fn = Fn::Neg;    // Apply
  CmpOp cmp = CmpOp::Eq;
  Reducer reducer = Reducer::Sum;
  DType dtype = DType::f32;  // Round
  RoundMode mode = RoundMode::Rne;  // Round
  BitFn bitfn = BitFn::Add;  // BitOp
  uint8_t width = 0;         // Bits sort: the pattern's width (BitLit's value is ival)
  // Reduce: args[0] is the extent (int), args[1] the body (real).
};

namespace term {
Term var(int id);
Term integer(int64_t v);
Term size(const Size& s);  // folds to Int when constant
Term add(Term a, Term b);   // int
Term sub(Term a, Term b);   // int
Term mul(Term a, Term b);   // int
Term floordiv(Term a, Term b);
Term mod(Term a, Term b);
Term cmp(CmpOp op, Term a, Term b);  // both int or both real
Term land(Term a, Term b);
Term lor(Term a, Term b);
Term lnot(Term a);
Term read(int operand, std::vector<Term> indices);
Term real(double v);
Term apply(Fn f, std::vector<Term> args);
Term select(Term cond, Term then_value, Term else_value);
Term round(DType t, Term x, RoundMode mode = RoundMode::Rne);
// Bit patterns (widths 1..32).
Term bits(uint64_t value, int width);  // value masked to width
Term read_bits(int operand, int width);
Term bitop(BitFn f, Term a, Term b);   // both of one width (Shl/Shr: b any width)
Term resize(Term a, int width);
Term to_real(Term i);
Term reduce(Reducer r, int var_id, Term extent, Term body);
// Real-valued shorthands.
Term neg(Term x);
Term fadd(Term a, Term b);
Term fsub(Term a, Term b);
Term fmul(Term a, Term b);
Term fdiv(Term a, Term b);
}  // namespace term

// A definition: out[vars...] = body. Variable ids in `vars` are 0..rank-1; reduction variables
// are numbered from `rank` up.
struct Definition {
  std::vector<int> vars;
  Term body;
};

// The one substitution routine: a copy of `t` with each free variable that `vars` maps (id ->
// term) and each index-free Read that `reads` maps (operand k -> reads[k]; the scalar operands
// of instruction semantics) replaced. A Reduce's variable is bound in its body: not replaced
// there. Changed int nodes are rebuilt through the builders above, so constant index arithmetic
// folds ((v + 1) at v = 2 is 3); other changed nodes keep their payload; unchanged subterms are
// shared, and a term with nothing to replace is returned as is.
struct Substitution {
  std::map<int, Term> vars;
  std::vector<Term> reads;
};
Term substitute(const Term& t, const Substitution& s);
// Variable `var` replaced by `value`.
Term substitute(const Term& t, int var, const Term& value);

// Prints a term readably: "sum(k < K: a[i, k] * b[k, j])".
std::string to_string(const Term& t);
std::string to_string(const Definition& d);

}  // namespace axon
