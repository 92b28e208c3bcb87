// Signs of values over the reals, read from the op definitions by abstract interpretation of
// their index expressions: exp(x) > 0, a sum of positives is positive, x*x >= 0, ... A local
// rule's leaves get these as conditions (softmax's row sum is > 0), which the prover assumes.
// Sound over the reals, which is what the proofs are about; floats are the stability guard's.
#include "axon/core/op_table.h"
#include "internal.h"

namespace axon::rw {

namespace {

Sign meet(Sign a, Sign b) { return a < b ? a : b; }  // Any < NonNeg < Pos
Sign join(Sign a, Sign b) { return a < b ? b : a; }

Sign sign_of_term(const Term& t, const std::vector<Sign>& operands) {
  auto arg = [&](size_t i) { return sign_of_term(t->args.at(i), operands); };
  switch (t->kind) {
    case TermKind::Real:
      return t->rval > 0 ? Sign::Pos : t->rval == 0 ? Sign::NonNeg : Sign::Any;
    case TermKind::Read:
      return operands.at(static_cast<size_t>(t->ival));
    case TermKind::ToReal: {
      const Term& i = t->args[0];
      if (i->kind == TermKind::SizeOf) return Sign::Pos;  // sizes are >= 1
      if (i->kind == TermKind::Int) return i->ival > 0 ? Sign::Pos : i->ival == 0 ? Sign::NonNeg : Sign::Any;
      if (i->kind == TermKind::Var) return Sign::NonNeg;  // indices are >= 0
      return Sign::Any;
    }
    case TermKind::Round:
      return arg(0);  // rounding is the identity over the reals
    case TermKind::Select:
      return meet(arg(1), arg(2));
    case TermKind::Reduce:
      return arg(1);  // extents are >= 1: a sum or max of positives is positive
    case TermKind::Apply:
      switch (t->fn) {
        case Fn::Exp: return Sign::Pos;
        case Fn::Abs: return Sign::NonNeg;
        case Fn::Sqrt: return arg(0) == Sign::Pos ? Sign::Pos : arg(0);
        case Fn::Add: {
          Sign a = arg(0), b = arg(1);
          if (a == Sign::Any || b == Sign::Any) return Sign::Any;
          return join(a, b);
        }
        case Fn::Mul:
          if (t->args[0] == t->args[1]) return arg(0) == Sign::Pos ? Sign::Pos : Sign::NonNeg;
          return meet(arg(0), arg(1));
        case Fn::Div: return arg(1) == Sign::Pos ? arg(0) : Sign::Any;
        case Fn::Max: return join(arg(0), arg(1));
        case Fn::Min: return meet(arg(0), arg(1));
        default: return Sign::Any;
      }
    default:
      return Sign::Any;
  }
}

}  // namespace

Sign sign_of(const Node* n, std::unordered_map<const Node*, Sign>& memo) {
  if (auto it = memo.find(n); it != memo.end()) return it->second;
  Sign s = Sign::Any;
  if (n->op() != Op::Input && !(n->op() == Op::Cast && !is_float(n->dtype()))) {
    std::vector<Sign> ops;
    for (const Node* o : n->operands()) ops.push_back(sign_of(o, memo));
    s = sign_of_term(define(*n).body, ops);
  }
  return memo[n] = s;
}

}  // namespace axon::rw
