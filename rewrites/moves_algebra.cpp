// Algebraic moves: push a consumer into its producer's operands, pull a factor out of an
// operand, move a factor between operands (docs/rewrites.md). Generic over ops: which axes
// correspond is read from the definitions (axis_map.cpp); whether the move is right is the
// prover's business.
#include "internal.h"

namespace axon::rw {

Attrs attrs_of(const Node* n) {
  Attrs a = n->attrs();
  if (n->op() == Op::Cast || n->op() == Op::Constant || n->op() == Op::Iota)
    a.set("dtype", std::string(dtype_name(n->dtype())));
  return a;
}

const Node* try_make(Context& ctx, Op op, std::vector<const Node*> operands, Attrs attrs) {
  for (const Node* o : operands)
    if (!o) return nullptr;
  try {
    return ctx.make(op, std::move(operands), std::move(attrs));
  } catch (const UserError&) {
    return nullptr;
  }
}

namespace {

bool is_source(const Node* n) { return n->kind() == OpKind::Source; }

// A short name for a factor in move descriptions: cast('g'), rsqrt(add(..)).
std::string brief(const Node* n, int depth = 2) {
  if (n->op() == Op::Input) return "'" + n->input_name() + "'";
  if (n->op() == Op::Constant) return "constant";
  std::string s(op_name(n->op()));
  if (depth == 0 || n->operands().empty()) return s;
  return s + "(" + brief(n->operand(0), depth - 1) + (n->operands().size() > 1 ? ", .." : "") + ")";
}

const Node* cast_to(Context& ctx, const Node* x, DType t) {
  if (!x || x->dtype() == t) return x;
  Attrs a;
  a.set("dtype", std::string(dtype_name(t)));
  return try_make(ctx, Op::Cast, {x}, a);
}

// n with operand i replaced.
std::vector<const Node*> with(const Node* n, size_t i, const Node* x) {
  std::vector<const Node*> ops = n->operands();
  ops[i] = x;
  return ops;
}

// C(P(...), sides) with C elementwise: C pushed into operand j of P (or every operand).
void push_elementwise(Context& ctx, const Node* c, size_t p, const Emit& emit) {
  const Node* prod = c->operand(p);
  if (prod->shape() != c->shape()) return;  // P is broadcast by C: the push would change shapes
  const Roles pout = output_roles(*prod);
  const size_t n = prod->operands().size();
  // C applied to operand j of P, its sides relaid into operand j's coordinates.
  auto pushed = [&](size_t j) -> const Node* {
    const Node* a = prod->operand(j);
    auto roles = operand_roles(*prod, static_cast<int>(j));
    if (!roles) return nullptr;
    std::vector<const Node*> ops = c->operands();
    for (size_t q = 0; q < ops.size(); ++q) {
      if (q == p) ops[q] = a;
      else ops[q] = relayout(ctx, ops[q], pout, *roles);
    }
    // Sides take the dtype of the operand they now meet (where's condition stays bool).
    for (size_t q = 0; q < ops.size(); ++q)
      if (q != p && ops[q] && ops[q]->dtype() != DType::boolean && c->op() != Op::Where)
        ops[q] = cast_to(ctx, ops[q], a->dtype());
    return try_make(ctx, c->op(), ops, attrs_of(c));
  };
  std::vector<const Node*> all = prod->operands();
  bool all_ok = n >= 2;
  for (size_t j = 0; j < n; ++j) {
    if (is_generator(prod->operand(j)) && n >= 2) {  // constants are pushed into only via "all"
      all[j] = pushed(j);
      all_ok = all_ok && all[j];
      continue;
    }
    const Node* x = pushed(j);
    if (n >= 2) {
      all[j] = x;
      all_ok = all_ok && x;
    }
    if (!x) continue;
    emit({MoveKind::Push, "push " + std::string(op_name(c->op())) + " into operand " + std::to_string(j) +
                              " of " + std::string(op_name(prod->op())),
          c, try_make(ctx, prod->op(), with(prod, j, x), attrs_of(prod)), {}});
  }
  if (all_ok)
    emit({MoveKind::Push, "push " + std::string(op_name(c->op())) + " into every operand of " +
                              std::string(op_name(prod->op())),
          c, try_make(ctx, prod->op(), all, attrs_of(prod)), {}});
}

// C(P(...)) with P elementwise and C any other op: C distributed over P's operands (clone
// degree = all): full-shaped operands get C applied, broadcast ones are relaid through C's
// axis map.
void push_into_elementwise(Context& ctx, const Node* c, size_t p, const Emit& emit) {
  const Node* prod = c->operand(p);
  auto in_roles = operand_roles(*c, static_cast<int>(p));
  std::vector<const Node*> ops;
  for (const Node* a : prod->operands()) {
    if (a->dtype() == DType::boolean && prod->op() == Op::Where) {
      if (!in_roles) return;
      ops.push_back(relayout(ctx, a, *in_roles, output_roles(*c)));
    } else if (a->shape() == prod->shape()) {
      ops.push_back(try_make(ctx, c->op(), with(c, p, a), attrs_of(c)));
    } else if (in_roles && c->operands().size() == 1) {
      ops.push_back(relayout(ctx, a, *in_roles, output_roles(*c)));
    } else {
      ops.push_back(try_make(ctx, c->op(), with(c, p, a), attrs_of(c)));
    }
    if (!ops.back()) return;
  }
  emit({MoveKind::Push, "push " + std::string(op_name(c->op())) + " into the operands of " +
                            std::string(op_name(prod->op())),
        c, try_make(ctx, prod->op(), ops, attrs_of(prod)), {}});
}

}  // namespace

std::vector<Factor> factors_of(Context& ctx, const Node* x, int max_depth) {
  std::vector<Factor> out;
  if (max_depth <= 0) return out;
  auto add = [&](const Node* f, Op op, const Node* rest) {
    if (rest && rest->shape() == x->shape() && rest->dtype() == x->dtype()) out.push_back({f, op, rest});
  };
  switch (x->op()) {
    case Op::Mul:
      for (size_t i = 0; i < 2; ++i) {
        const Node* f = x->operand(i);
        const Node* other = x->operand(1 - i);
        add(f, Op::Mul, other);
        for (const Factor& g : factors_of(ctx, other, max_depth - 1))
          add(g.f, g.op, try_make(ctx, Op::Mul, i == 0 ? std::vector{f, g.rest} : std::vector{g.rest, f}));
      }
      break;
    case Op::Div:
      add(x->operand(1), Op::Div, x->operand(0));
      for (const Factor& g : factors_of(ctx, x->operand(0), max_depth - 1))
        add(g.f, g.op, try_make(ctx, Op::Div, {g.rest, x->operand(1)}));
      break;
    case Op::Cast:
      for (const Factor& g : factors_of(ctx, x->operand(0), max_depth - 1))
        add(g.f, g.op, cast_to(ctx, g.rest, x->dtype()));
      break;
    default:
      break;
  }
  return out;
}

const Node* apply_factor(Context& ctx, Op op, const Node* a, const Node* f) {
  if (!a || !f) return nullptr;
  const Node* r = try_make(ctx, op, {a, cast_to(ctx, f, a->dtype())});
  return r && r->shape() == a->shape() ? r : nullptr;
}

void propose_algebra(Context& ctx, const Node* n, const Emit& emit) {
  if (is_source(n)) return;
  // Push n (the consumer) into the producer at each operand position.
  for (size_t p = 0; p < n->operands().size(); ++p) {
    const Node* prod = n->operand(p);
    if (is_source(prod) || prod->operands().empty()) continue;
    if (is_elementwise(n)) push_elementwise(ctx, n, p, emit);
    else if (is_elementwise(prod)) push_into_elementwise(ctx, n, p, emit);
  }
  // Pull a factor of an operand out of n, or move it to another operand.
  const Roles out = output_roles(*n);
  const size_t k = n->operands().size();
  std::vector<std::vector<Factor>> fs(k);
  for (size_t j = 0; j < k; ++j) {
    auto roles = operand_roles(*n, static_cast<int>(j));
    if (!roles) continue;
    fs[j] = factors_of(ctx, n->operand(j));
    for (const Factor& f : fs[j]) {
      const std::string what = std::string(f.op == Op::Mul ? "mul" : "div") + " by " + brief(f.f);
      if (const Node* fo = relayout(ctx, f.f, *roles, out)) {
        const Node* inner = try_make(ctx, n->op(), with(n, j, f.rest), attrs_of(n));
        emit({MoveKind::Pull, "pull " + what + " out of operand " + std::to_string(j) + " of " +
                                  std::string(op_name(n->op())),
              n, inner && inner->shape() == n->shape() ? apply_factor(ctx, f.op, inner, fo) : nullptr, {}});
      }
      for (size_t q = 0; q < k; ++q) {
        if (q == j) continue;
        auto rq = operand_roles(*n, static_cast<int>(q));
        if (!rq) continue;
        const Node* fq = relayout(ctx, f.f, *roles, *rq);
        if (!fq) continue;
        std::vector<const Node*> ops = with(n, j, f.rest);
        ops[q] = apply_factor(ctx, f.op, n->operand(q), fq);
        emit({MoveKind::Move, "move " + what + " from operand " + std::to_string(j) + " to operand " +
                                  std::to_string(q) + " of " + std::string(op_name(n->op())),
              n, try_make(ctx, n->op(), ops, attrs_of(n)), {}});
      }
    }
  }
  // A factor common to every operand of an elementwise op.
  if (is_elementwise(n) && k >= 2) {
    for (const Factor& f : fs[0]) {
      std::vector<const Node*> rests{f.rest};
      for (size_t j = 1; j < k; ++j) {
        const Node* r = nullptr;
        for (const Factor& g : fs[j])
          if (g.f == f.f && g.op == f.op) r = g.rest;
        rests.push_back(r);
      }
      const Node* inner = try_make(ctx, n->op(), rests, attrs_of(n));
      if (inner && inner->shape() == n->shape())
        emit({MoveKind::Pull, "pull the common factor out of " + std::string(op_name(n->op())), n,
              apply_factor(ctx, f.op, inner, f.f), {}});
    }
  }
}

}  // namespace axon::rw
