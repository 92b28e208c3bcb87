// The expression emitter: node values at points, from the op definitions, as CUDA C statements.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "axon/core/error.h"
#include "internal.h"

namespace axon::tiling {

std::string storage_type(DType t) {
  switch (t) {
    case DType::f32: return "float";
    case DType::f16: case DType::bf16: return "unsigned short";
    case DType::i32: return "int";
    case DType::boolean: return "unsigned char";
  }
  return "float";
}

}  // namespace axon::tiling

namespace axon::tiling::detail {

std::vector<Term> coords_of(const Term& lin, const std::vector<int64_t>& shape) {
  std::vector<Term> c(shape.size());
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    Term t = stride == 1 ? lin : term::floordiv(lin, term::integer(stride));
    c[i] = i == 0 ? t : (shape[i] == 1 ? term::integer(0) : term::mod(t, term::integer(shape[i])));
    stride *= shape[i];
  }
  return c;
}

std::string point_key(const std::vector<Term>& point) {
  std::string k;
  for (const Term& t : point) k += to_string(t) + ",";
  return k;
}

std::vector<int64_t> dims_of(const Node* n) {
  std::vector<int64_t> d;
  for (const Size& s : n->shape()) {
    auto v = s.value();
    if (!v) throw UserError("size " + s.str() + " is symbolic: bind it with --bind to generate kernels");
    d.push_back(*v);
  }
  return d;
}

int64_t numel(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

std::string ident(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "_" + s;
  return s;
}

std::string float_literal(double v, bool dbl) {
  if (std::isnan(v)) return dbl ? "__longlong_as_double(0x7ff8000000000000ULL)" : "__int_as_float(0x7fc00000)";
  if (std::isinf(v)) return std::string(v > 0 ? "" : "-") + (dbl ? "__longlong_as_double(0x7ff0000000000000ULL)" : "__int_as_float(0x7f800000)");
  char buf[64];
  if (dbl) std::snprintf(buf, sizeof buf, "%a", v);
  else std::snprintf(buf, sizeof buf, "%af", static_cast<double>(static_cast<float>(v)));
  return buf;
}

std::string dt(const Node* n) { return std::string(dtype_name(n->dtype())); }
std::string store_suffix(const Group& g, const Node* n, bool streaming) { return g.handoff(n) ? "_keep" : streaming ? "_cs" : ""; }

int find_param(const std::vector<const Node*>& v, const Node* n) {
  auto it = std::find(v.begin(), v.end(), n);
  return it == v.end() ? -1 : static_cast<int>(it - v.begin());
}

std::string param_list(const Group& g) {
  std::string s;
  for (size_t i = 0; i < g.reads.size(); ++i)
    s += (s.empty() ? "" : ", ") + std::string("const ") + storage_type(g.reads[i]->dtype()) + "* __restrict__ in" + std::to_string(i);
  for (size_t i = 0; i < g.writes.size(); ++i)
    s += (s.empty() ? "" : ", ") + storage_type(g.writes[i]->dtype()) + "* __restrict__ out" + std::to_string(i);
  return s;
}

namespace {

// A coordinate read as a digit of an integer term: (x floordiv s) mod e (e = 0: no mod).
struct Digit {
  Term x;
  int64_t s = 1, e = 0;
};

Digit digit_of(const Term& t) {
  Digit d{t};
  auto positive = [](const Term& a) { return a->kind == TermKind::Int && a->ival > 0; };
  if (d.x->kind == TermKind::IMod && positive(d.x->args[1])) {
    d.e = d.x->args[1]->ival;
    d.x = d.x->args[0];
  }
  if (d.x->kind == TermKind::IFloorDiv && positive(d.x->args[1])) {
    d.s = d.x->args[1]->ival;
    d.x = d.x->args[0];
  }
  return d;
}

Term digit_term(const Digit& d) {
  Term t = d.s == 1 ? d.x : term::floordiv(d.x, term::integer(d.s));
  return d.e == 0 ? t : term::mod(t, term::integer(d.e));
}

}  // namespace

// Adjacent axes whose coordinates are consecutive digits of one term (coords_of's output over
// axes that are adjacent in memory too: a reduction over axes 0..2 of [34, 3, 15]) are read as
// one digit, by floor division's identities for positive s, e1, e2:
//   ((x / s) mod e1) + e1 * ((x / (s e1)) mod e2) = (x / s) mod (e1 e2), and without the
//   outer mod, = x / s.
// So the offset of such a point is x itself, not x mod 15 + ((x / 15) mod 3) * 15 + (x / 45) * 45.
Term flat_index(const std::vector<Term>& point, const std::vector<int64_t>& dims) {
  Term idx = term::integer(0);
  int64_t stride = 1, run_stride = 1, run_dims = 1;
  std::optional<Digit> run;
  auto flush = [&] {
    if (run) idx = term::add(idx, term::mul(digit_term(*run), term::integer(run_stride)));
    run.reset();
  };
  for (size_t i = dims.size(); i-- > 0;) {
    if (dims[i] != 1) {
      const Digit d = digit_of(point[i]);
      if (run && run->e != 0 && run->e == run_dims && d.s == run->s * run->e && to_string(d.x) == to_string(run->x)) {
        run->e = d.e == 0 ? 0 : run->e * d.e;
        run_dims *= dims[i];
      } else {
        flush();
        run = d;
        run_stride = stride;
        run_dims = dims[i];
      }
    }
    stride *= dims[i];
  }
  flush();
  return idx;
}

std::string comment_block(const std::string& text) {
  std::string s;
  std::istringstream is(text);
  for (std::string line; std::getline(is, line);) s += "// " + line + "\n";
  return s;
}

bool mentions_var(const Term& t, int var) {
  if (t->kind == TermKind::Var && t->ival == var) return true;
  return std::any_of(t->args.begin(), t->args.end(), [&](const Term& a) { return mentions_var(a, var); });
}

bool needs_wide_index(const Group& g) {
  for (const auto* list : {&g.nodes, &g.reads, &g.writes})
    for (const Node* n : *list)
      if (numel(dims_of(n)) >= (int64_t(1) << 31)) return true;
  return false;
}

void global_loads(Emitter& em, const Group& g) {
  em.stored = [&g](const Node* n) { return find_param(g.reads, n) >= 0; };
  em.load = [&g, &em](const Node* n, const std::vector<Term>& p) {
    int k = find_param(g.reads, n);
    const char* ld = std::string(em.real()) == "double" ? "axon_ldd_" : "axon_ld_";
    return ld + dt(n) + "(in" + std::to_string(k) + " + " + em.index(flat_index(p, dims_of(n))) + ")";
  };
}

Emitter::Emitter(const Lowerings* low, bool dbl, bool wide_index) : low_(low), dbl_(dbl), wide_(wide_index) {}

void Emitter::line(const std::string& s) { out_ << std::string(2 * indent_, ' ') << s << "\n"; }

void Emitter::open(const std::string& head) {
  line(head);
  ++indent_;
  scopes_.emplace_back();
}

void Emitter::close(const std::string& tail) {
  --indent_;
  scopes_.pop_back();
  line(tail);
}

std::string Emitter::fresh(const std::string& prefix) { return prefix + std::to_string(counter_++); }

std::string Emitter::find_memo(const std::string& key) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
    if (auto f = it->find(key); f != it->end()) return f->second;
  return {};
}

std::string Emitter::index(const Term& t) {
  const std::string T = idx();
  switch (t->kind) {
    case TermKind::Var: {
      auto it = var_names_.find(static_cast<int>(t->ival));
      AXON_CHECK(it != var_names_.end(), "codegen: unnamed index variable " + std::to_string(t->ival));
      return it->second;
    }
    case TermKind::Int: return "(" + T + ")" + std::to_string(t->ival);
    case TermKind::SizeOf: throw UserError("size " + t->size.str() + " is symbolic: bind it with --bind to generate kernels");
    case TermKind::IAdd: return "(" + index(t->args[0]) + " + " + index(t->args[1]) + ")";
    case TermKind::ISub: return "(" + index(t->args[0]) + " - " + index(t->args[1]) + ")";
    case TermKind::IMul: return "(" + index(t->args[0]) + " * " + index(t->args[1]) + ")";
    case TermKind::IFloorDiv: return "axon_fdiv(" + index(t->args[0]) + ", " + index(t->args[1]) + ")";
    case TermKind::IMod: return "axon_fmod(" + index(t->args[0]) + ", " + index(t->args[1]) + ")";
    default: throw InternalError("codegen: not an index term: " + to_string(t));
  }
}

std::string Emitter::round(DType t, const std::string& x) {
  switch (t) {
    case DType::bf16: return dbl_ ? "axon_round_bf16_d(" + x + ")" : "axon_round_bf16(" + x + ")";
    case DType::f16: return dbl_ ? "axon_round_f16_d(" + x + ")" : "axon_round_f16(" + x + ")";
    case DType::f32: return dbl_ ? "(double)(float)(" + x + ")" : x;
    case DType::i32: return std::string(dbl_ ? "axon_round_i32_d(" : "axon_round_i32(") + x + ")";
    case DType::boolean: return "(" + x + " != 0 ? 1 : 0)";
  }
  return x;
}

std::string Emitter::identity(Reducer r) {
  return r == Reducer::Sum ? (dbl_ ? "0.0" : "0.0f") : (dbl_ ? "-__longlong_as_double(0x7ff0000000000000ULL)" : "-__int_as_float(0x7f800000)");
}

std::string Emitter::combine(Reducer r, const std::string& a, const std::string& b) {
  if (r == Reducer::Sum) return a + " + " + b;
  return std::string(dbl_ ? "axon_max_nan_d(" : "axon_max_nan(") + a + ", " + b + ")";
}

namespace {

const char* fn_op(Fn f) {
  switch (f) {
    case Fn::Exp: return "exp";
    case Fn::Log: return "log";
    case Fn::Sqrt: return "sqrt";
    case Fn::Tanh: return "tanh";
    case Fn::Erf: return "erf";
    case Fn::Div: return "div";
    case Fn::Pow: return "pow";
    default: return nullptr;
  }
}

}  // namespace

std::string Emitter::apply(Fn f, const std::vector<std::string>& a) {
  // Transcendentals and division go through the synthesized lowering (f32) when there is one.
  if (!dbl_ && low_)
    if (const char* op = fn_op(f))
      if (const Lowering* l = low_->find(op, DType::f32)) {
        std::string s = "axon_" + ident(l->op) + "_f32(";
        for (size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + a[i];
        return s + ")";
      }
  const bool d = dbl_;
  switch (f) {
    case Fn::Neg: return "-" + a[0];
    case Fn::Abs: return (d ? "fabs(" : "fabsf(") + a[0] + ")";
    case Fn::Exp: return (d ? "exp(" : "expf(") + a[0] + ")";
    case Fn::Log: return (d ? "log(" : "logf(") + a[0] + ")";
    case Fn::Sqrt: return (d ? "sqrt(" : "sqrtf(") + a[0] + ")";
    case Fn::Tanh: return (d ? "tanh(" : "tanhf(") + a[0] + ")";
    case Fn::Erf: return (d ? "erf(" : "erff(") + a[0] + ")";
    case Fn::Add: return a[0] + " + " + a[1];
    case Fn::Sub: return a[0] + " - " + a[1];
    case Fn::Mul: return a[0] + " * " + a[1];
    case Fn::Div: return a[0] + " / " + a[1];
    case Fn::Pow: return (d ? "pow(" : "powf(") + a[0] + ", " + a[1] + ")";
    case Fn::Max: return (d ? "axon_max_nan_d(" : "axon_max_nan(") + a[0] + ", " + a[1] + ")";
    case Fn::Min: return (d ? "axon_min_nan_d(" : "axon_min_nan(") + a[0] + ", " + a[1] + ")";
  }
  return "?";
}

std::string Emitter::boolean(const Term& t, const Node* n, const std::map<int, Term>& sub,
                             const std::map<const TermNode*, std::string>& replace) {
  switch (t->kind) {
    case TermKind::Cmp: {
      std::string a, b;
      if (t->args[0]->sort == Sort::Int) {
        a = index(subst(t->args[0], sub));
        b = index(subst(t->args[1], sub));
      } else {
        a = term(t->args[0], n, sub, replace);
        b = term(t->args[1], n, sub, replace);
      }
      return "(" + a + " " + cmp_name(t->cmp) + " " + b + ")";
    }
    case TermKind::And: return "(" + boolean(t->args[0], n, sub, replace) + " && " + boolean(t->args[1], n, sub, replace) + ")";
    case TermKind::Or: return "(" + boolean(t->args[0], n, sub, replace) + " || " + boolean(t->args[1], n, sub, replace) + ")";
    case TermKind::Not: return "(!" + boolean(t->args[0], n, sub, replace) + ")";
    default: throw InternalError("codegen: not a condition: " + to_string(t));
  }
}

std::string Emitter::term(const Term& t, const Node* n, const std::map<int, Term>& sub,
                          const std::map<const TermNode*, std::string>& replace) {
  if (auto it = replace.find(t.get()); it != replace.end()) return it->second;
  const std::string R = real();
  switch (t->kind) {
    case TermKind::Read: {
      std::vector<Term> p;
      for (const Term& i : t->args) p.push_back(subst(i, sub));
      return value(n->operand(static_cast<size_t>(t->ival)), p);
    }
    case TermKind::Real: return float_literal(t->rval, dbl_);
    case TermKind::ToReal: return "((" + R + ")" + index(subst(t->args[0], sub)) + ")";
    case TermKind::Apply: {
      std::vector<std::string> a;
      for (const Term& x : t->args) a.push_back(term(x, n, sub, replace));
      std::string v = fresh("t");
      line("const " + R + " " + v + " = " + apply(t->fn, a) + ";");
      return v;
    }
    case TermKind::Round: {
      std::string x = term(t->args[0], n, sub, replace);
      std::string v = fresh("t");
      line("const " + R + " " + v + " = " + round(t->dtype, x) + ";");
      return v;
    }
    case TermKind::Select: {
      // Branches are emitted in their own scopes: a branch may read out of range when not taken.
      std::string c = boolean(t->args[0], n, sub, replace);
      std::string v = fresh("t");
      line(R + " " + v + ";");
      open("if " + c + " {");
      line(v + " = " + term(t->args[1], n, sub, replace) + ";");
      close("} else {");
      ++indent_;
      scopes_.emplace_back();
      line(v + " = " + term(t->args[2], n, sub, replace) + ";");
      close();
      return v;
    }
    case TermKind::Reduce: {
      int id = kLoopVar + loops_++;
      std::string k = "k" + std::to_string(id - kLoopVar);
      name_var(id, k);
      std::map<int, Term> inner = sub;
      inner[static_cast<int>(t->ival)] = term::var(id);
      std::string acc = fresh("acc");
      line(R + " " + acc + " = " + identity(t->reducer) + ";");
      open("for (" + std::string(idx()) + " " + k + " = 0; " + k + " < " + index(subst(t->args[0], sub)) + "; ++" + k + ") {");
      std::string b = term(t->args[1], n, inner, replace);
      line(acc + " = " + combine(t->reducer, acc, b) + ";");
      close();
      return acc;
    }
    default: throw InternalError("codegen: not a real term: " + to_string(t));
  }
}

namespace {

std::string lowering_op(const Node* n) {
  std::string op(op_name(n->op()));
  if (n->op() == Op::Gelu && n->attrs().has("approximate") && n->attrs().s("approximate") == "tanh") return "gelu_tanh";
  return op;
}

// Where, max, min, neg, abs and relu give one of their value operands, its negation or zero:
// when the operands are of the node's float dtype (every node's value is rounded to its dtype),
// so is the result, and rounding it again changes nothing. (Not for i32, where the rounding also
// saturates: neg and abs of the smallest integer.)
bool keeps_dtype(const Node* n) {
  if (!is_float(n->dtype())) return false;
  size_t first = 0;
  switch (n->op()) {
    case Op::Where: first = 1; break;
    case Op::Max: case Op::Min: case Op::Neg: case Op::Abs: case Op::Relu: break;
    default: return false;
  }
  for (size_t k = first; k < n->operands().size(); ++k)
    if (n->operand(k)->dtype() != n->dtype()) return false;
  return true;
}

bool is_literal(const std::string& x, bool one) {
  return one ? (x == "1.0f" || x == "1.0") : (x == "0.0f" || x == "0.0");
}

bool lowerable(OpKind k) { return is_elementwise(k); }

// The index at which each operand of an elementwise definition is read (the first read).
void operand_points(const Term& t, std::vector<const TermNode*>& first) {
  if (t->kind == TermKind::Read && first[static_cast<size_t>(t->ival)] == nullptr) first[static_cast<size_t>(t->ival)] = t.get();
  for (const Term& a : t->args) operand_points(a, first);
}

}  // namespace

std::string Emitter::value(const Node* n, const std::vector<Term>& point) {
  const std::string key = std::to_string(n->id()) + "@" + point_key(point);
  if (std::string m = find_memo(key); !m.empty()) return m;
  std::string v;
  if (given)
    if (std::string g = given(n, point); !g.empty()) v = g;
  if (v.empty() && stored(n)) {
    v = fresh("v");
    line("const " + std::string(real()) + " " + v + " = " + load(n, point) + ";");
  }
  if (v.empty()) {
    Definition d = define(*n);
    std::map<int, Term> sub;
    for (size_t i = 0; i < point.size(); ++i) sub[static_cast<int>(i)] = point[i];
    std::vector<const TermNode*> first(n->operands().size(), nullptr);
    operand_points(d.body, first);
    auto operand_value = [&](size_t k) {  // operand k at the point its definition reads it
      AXON_CHECK(first[k] != nullptr, "codegen: operand not read by its definition");
      std::vector<Term> p;
      for (const Term& i : first[k]->args) p.push_back(subst(i, sub));
      return value(n->operand(k), p);
    };
    // A where whose condition is a literal here (given: e.g. a mask known to keep a whole tile)
    // is the operand it selects.
    if (n->op() == Op::Where && keeps_dtype(n)) {
      const std::string c = operand_value(0);
      if (is_literal(c, true)) v = operand_value(1);
      else if (is_literal(c, false)) v = operand_value(2);
    }
    if (!v.empty()) {
      scopes_.back()[key] = v;
      return v;
    }
    const Lowering* l = nullptr;
    if (!dbl_ && low_ && lowerable(n->kind()) && n->op() != Op::Cast) {
      DType vt = n->kind() == OpKind::Compare ? n->operand(0)->dtype() : n->dtype();
      if (n->kind() == OpKind::Select) vt = n->operand(1)->dtype();
      l = low_->find(lowering_op(n), vt == DType::bf16 ? DType::bf16 : DType::f32);
    }
    std::string x;
    if (l != nullptr) {
      std::vector<std::string> args;
      for (size_t k = 0; k < first.size(); ++k) args.push_back(operand_value(k));
      x = "axon_" + ident(l->op) + "_" + std::string(dtype_name(l->dtype)) + "(";
      for (size_t k = 0; k < args.size(); ++k) x += (k ? ", " : "") + args[k];
      x += ")";
    } else {
      x = term(d.body, n, sub);
    }
    // The node's result is rounded to its dtype, unless its definition already ends with that.
    const bool rounded = (l == nullptr && d.body->kind == TermKind::Round && d.body->dtype == n->dtype()) || keeps_dtype(n);
    v = fresh("v");
    line("const " + std::string(real()) + " " + v + " = " + (rounded ? x : round(n->dtype(), x)) + ";  // " +
         std::string(op_name(n->op())) + " " + std::to_string(n->id()));
  }
  scopes_.back()[key] = v;
  return v;
}

}  // namespace axon::tiling::detail
