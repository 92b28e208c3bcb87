// Lowering each op of the graph format (docs/synthesis.md): the op's scalar semantics comes from
// its definition (op table), the instructions from the target's specs.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "axon/core/op_table.h"
#include "internal.h"

namespace axon {

double tolerance(DType t) {
  switch (t) {
    case DType::f32: return std::ldexp(1.0, -16);  // ~1.5e-5: allclose(rtol = atol = 1.5e-5)
    case DType::bf16: return std::ldexp(1.0, -10);  // a quarter of a bf16 ulp
    case DType::f16: return std::ldexp(1.0, -13);
    default: return 0;
  }
}

namespace {

using synth::Candidate;
using Clock = std::chrono::steady_clock;

bool scalar_f32(const InstrSpec& i) {
  if (i.kind != InstrKind::Scalar || i.lanewise || !i.semantics || i.outs.size() != 1) return false;
  // The IR propagates NaN through every op; an instruction that drops it cannot implement one.
  if (i.nan_drops) return false;
  if (i.outs[0].type != "f32") return false;
  for (const auto& o : i.ins)
    if (o.type != "f32") return false;
  return true;
}

// The op applied to scalar f32 inputs (rank 0), and its definition's body.
struct Target {
  std::shared_ptr<Context> ctx = std::make_shared<Context>();
  std::vector<const Node*> inputs;
  const Node* node = nullptr;
  Term body;
};

Target target_of(const std::string& op_text, int arity) {
  Target t;
  std::string op = op_text;
  Attrs a;
  if (op == "gelu_tanh") {
    op = "gelu";
    a.set("approximate", std::string("tanh"));
  }
  auto parsed = parse_op(op);
  if (!parsed) throw InternalError("synth: unknown op " + op);
  for (int k = 0; k < arity; ++k) t.inputs.push_back(t.ctx->input("x" + std::to_string(k), DType::f32, {}));
  t.node = t.ctx->make(*parsed, t.inputs, a);
  t.body = define(*t.node).body;
  return t;
}

void constants_in(const Term& t, std::vector<double>& out) {
  if (t->kind == TermKind::Real && std::isfinite(t->rval)) {
    if (std::find(out.begin(), out.end(), t->rval) == out.end()) out.push_back(t->rval);
  }
  for (const Term& a : t->args) constants_in(a, out);
}

// A term over scalar inputs as graph nodes (for the verifier).
const Node* to_nodes(Context& ctx, const Term& t, const std::vector<const Node*>& in) {
  auto op1 = [&](Op op) { return ctx.make(op, {to_nodes(ctx, t->args[0], in)}); };
  auto op2 = [&](Op op) { return ctx.make(op, {to_nodes(ctx, t->args[0], in), to_nodes(ctx, t->args[1], in)}); };
  switch (t->kind) {
    case TermKind::Read: return in.at(static_cast<size_t>(t->ival));
    case TermKind::Real: return ctx.constant(t->rval, DType::f32);
    case TermKind::Round: return to_nodes(ctx, t->args[0], in);  // the identity over the reals
    case TermKind::ToReal:
      if (t->args[0]->kind == TermKind::Int) return ctx.constant(static_cast<double>(t->args[0]->ival), DType::f32);
      break;
    case TermKind::Select: {
      const Term& c = t->args[0];
      static const std::map<CmpOp, Op> cmp{{CmpOp::Lt, Op::Lt}, {CmpOp::Le, Op::Le}, {CmpOp::Gt, Op::Gt},
                                           {CmpOp::Ge, Op::Ge}, {CmpOp::Eq, Op::Eq}, {CmpOp::Ne, Op::Ne}};
      const Node* cond = ctx.make(cmp.at(c->cmp), {to_nodes(ctx, c->args[0], in), to_nodes(ctx, c->args[1], in)});
      return ctx.make(Op::Where, {cond, to_nodes(ctx, t->args[1], in), to_nodes(ctx, t->args[2], in)});
    }
    case TermKind::Apply:
      switch (t->fn) {
        case Fn::Neg: return op1(Op::Neg);
        case Fn::Abs: return op1(Op::Abs);
        case Fn::Exp: return op1(Op::Exp);
        case Fn::Log: return op1(Op::Log);
        case Fn::Sqrt: return op1(Op::Sqrt);
        case Fn::Tanh: return op1(Op::Tanh);
        case Fn::Erf: return op1(Op::Erf);
        case Fn::Add: return op2(Op::Add);
        case Fn::Sub: return op2(Op::Sub);
        case Fn::Mul: return op2(Op::Mul);
        case Fn::Div: return op2(Op::Div);
        case Fn::Pow: return op2(Op::Pow);
        case Fn::Max: return op2(Op::Max);
        case Fn::Min: return op2(Op::Min);
      }
      break;
    default: break;
  }
  throw InternalError("synth: cannot express " + to_string(t) + " as ops");
}

// A lowering built from a candidate: values named x0.. (inputs), r0.. (results).
struct Built {
  std::vector<LoweringStep> steps;
  std::map<std::string, double> constants;
  std::string result;
};

Built build(const Candidate& c, const std::vector<std::string>& input_names, int& next) {
  Built b;
  std::map<int, std::string> name;
  for (const auto& n : c.nodes) {
    if (!n.instr) {
      if (n.leaf.size() > 1 && n.leaf[0] == 'x' && std::isdigit(static_cast<unsigned char>(n.leaf[1])))
        name[n.id] = input_names.at(static_cast<size_t>(std::stoi(n.leaf.substr(1))));
      else {
        name[n.id] = n.leaf;
        b.constants[n.leaf] = synth::eval(n.term, {}, false);
      }
      continue;
    }
    LoweringStep s;
    s.instr = n.instr;
    for (int a : n.args) s.args.push_back(name.at(a));
    s.out = "r" + std::to_string(next++);
    name[n.id] = s.out;
    b.steps.push_back(s);
    b.result = s.out;
  }
  if (b.steps.empty() && !c.nodes.empty()) b.result = name.at(c.nodes.back().id);
  return b;
}

// Runs steps on binary32: each instruction's exact result rounded to f32, then moved by
// `sign` times its documented error bound (a first-order worst case).
double run_steps(const std::vector<LoweringStep>& steps, const std::map<std::string, double>& constants,
                 const std::vector<std::string>& inputs, const std::string& result, const std::vector<double>& x,
                 int sign) {
  std::map<std::string, double> v;
  for (size_t k = 0; k < inputs.size(); ++k) v[inputs[k]] = x[k];
  for (const auto& [k, c] : constants) v[k] = static_cast<float>(c);
  for (const auto& s : steps) {
    std::vector<double> a;
    for (const auto& n : s.args) a.push_back(v.at(n));
    double r = static_cast<float>(synth::eval(s.instr->semantics, a, false));
    v[s.out] = static_cast<float>(r * (1 + sign * synth::instr_error(*s.instr)));
  }
  return v.at(result);
}

// Errors are relative to max(|exact result|, 1): allclose with rtol = atol = the tolerance, as
// the numerical checks of generated kernels compare. Results that cancel towards zero (gelu of a
// large negative x) are judged by their absolute error.
constexpr double kFloor = 1.0;

// Worst relative error of the steps against `target` over the wide sample (inf when a result is
// not finite where the target is).
double emulated_error(const std::vector<LoweringStep>& steps, const std::map<std::string, double>& constants,
                      const std::vector<std::string>& inputs, const std::string& result, const Term& target,
                      const std::vector<Term>& in_meaning, uint64_t seed, const std::vector<bool>& boolean = {}) {
  double worst = 0;
  auto sample = synth::wide_sample(static_cast<int>(in_meaning.size()), seed);
  for (size_t k = 0; k < boolean.size(); ++k)
    if (boolean[k])
      for (size_t i = 0; i < sample.size(); ++i) sample[i][k] = static_cast<double>(i % 2);
  for (auto p : sample) {
    for (double& x : p) x = static_cast<float>(x);  // the inputs are binary32 values
    std::vector<double> xs;
    for (const Term& m : in_meaning) xs.push_back(synth::eval(m, p, false));
    double want = synth::eval(target, p, false);
    if (std::fabs(want) > 3e38 && std::isfinite(want)) continue;  // overflows binary32 anyway
    for (int sign : {-1, 0, 1}) {
      if (!std::isfinite(want) && sign != 0) continue;  // special values: unperturbed only
      double got = run_steps(steps, constants, inputs, result, xs, sign);
      if (!std::isfinite(want)) {  // infinities and NaN must come out as the op says
        if (std::isnan(want) ? !std::isnan(got) : got != want) return std::numeric_limits<double>::infinity();
        continue;
      }
      if (!std::isfinite(got)) return std::numeric_limits<double>::infinity();
      worst = std::max(worst, std::fabs(got - want) / std::max(std::fabs(want), kFloor));
    }
  }
  return worst;
}

struct Lowerer {
  const Isa& isa;
  const SynthOptions& opts;
  double tol;
  std::vector<const InstrSpec*> instrs;
  std::vector<std::pair<std::string, Term>> constants;
  int candidates = 0;
  int next = 0;
  std::vector<bool> boolean;  // inputs that hold 0 or 1

  // Whether a match over `inputs` values meets the tolerance: its documented bounds, then the
  // f32 emulation against `target` (sets c.measured).
  bool within_tolerance(Candidate& c, const Term& target, int inputs, const std::vector<bool>& bools) const {
    if (c.err > tol) return false;
    int tmp = 0;
    std::vector<std::string> names;
    std::vector<Term> reads;
    for (int k = 0; k < inputs; ++k) {
      names.push_back("x" + std::to_string(k));
      reads.push_back(term::read(k, {}));
    }
    Built b = build(c, names, tmp);
    c.measured = emulated_error(b.steps, b.constants, names, b.result, target, reads, opts.seed, bools);
    return c.measured <= tol;
  }

  // Appends the chosen candidate's steps (over the values named in `in`) to `out`.
  void take(const Candidate& c, const std::vector<std::string>& in, const std::vector<Term>& in_meaning,
            Lowering& out, std::string& value, double& cost, double& err, Term& meaning) {
    Built b = build(c, in, next);
    for (auto& s : b.steps) out.steps.push_back(s);
    for (auto& [k, v] : b.constants) out.constants[k] = v;
    value = b.result;
    cost += c.cost;
    err += c.err;
    meaning = substitute(c.term, Substitution{{}, in_meaning});
  }

  // Lowers `t` whose Read(k) are the values named in `in`; appends steps to `out`.
  bool lower(const Term& t, const std::vector<std::string>& in, Lowering& out, std::string& value,
             double& cost, double& err, Term& meaning, const std::vector<Term>& in_meaning) {
    if (t->kind == TermKind::Read) {
      value = in.at(static_cast<size_t>(t->ival));
      meaning = in_meaning.at(static_cast<size_t>(t->ival));
      return true;
    }
    auto accept = [&](Candidate& c) { return within_tolerance(c, t, static_cast<int>(in.size()), boolean); };
    auto r = synth::search(instrs, t, static_cast<int>(in.size()), constants, accept, opts, boolean);
    candidates += r.candidates;
    if (!r.matches.empty()) {
      take(r.matches.front(), in, in_meaning, out, value, cost, err, meaning);
      return true;
    }
    // Compose: lower the operands first, then the root over them.
    if (t->kind != TermKind::Apply && t->kind != TermKind::Select) return false;
    std::vector<std::string> vals;
    std::vector<Term> means, reads;
    std::vector<Term> kids = t->args;
    if (t->kind == TermKind::Select) {  // condition operands, then the two branches
      kids = {t->args[0]->args[0], t->args[0]->args[1], t->args[1], t->args[2]};
    }
    for (const Term& k : kids) {
      std::string v;
      Term m;
      if (k->kind == TermKind::Real) {  // a constant operand stays a leaf of the root's window
        vals.push_back("");
        means.push_back(k);
        reads.push_back(k);
        continue;
      }
      if (!lower(k, in, out, v, cost, err, m, in_meaning)) return false;
      reads.push_back(term::read(static_cast<int>(vals.size()) - static_cast<int>(std::count(vals.begin(), vals.end(), "")), {}));
      vals.push_back(v);
      means.push_back(m);
    }
    std::vector<std::string> root_in;
    std::vector<Term> root_meaning;
    for (size_t i = 0; i < vals.size(); ++i)
      if (!vals[i].empty()) {
        root_in.push_back(vals[i]);
        root_meaning.push_back(means[i]);
      }
    Term root;
    if (t->kind == TermKind::Select)
      root = term::select(term::cmp(t->args[0]->cmp, reads[0], reads[1]), reads[2], reads[3]);
    else {
      auto n = std::make_shared<TermNode>(*t);
      n->args = reads;
      root = n;
    }
    auto accept2 = [&](Candidate& c) { return within_tolerance(c, root, static_cast<int>(root_in.size()), {}); };
    auto r2 = synth::search(instrs, root, static_cast<int>(root_in.size()), constants, accept2, opts, {});
    candidates += r2.candidates;
    if (r2.matches.empty()) return false;
    take(r2.matches.front(), root_in, root_meaning, out, value, cost, err, meaning);
    return true;
  }
};

int arity_of(const std::string& op) {
  static const std::set<std::string> binary{"add", "sub", "mul", "div", "max", "min", "pow",
                                            "lt", "le", "gt", "ge", "eq", "ne"};
  if (op == "where") return 3;
  return binary.count(op) ? 2 : 1;
}

}  // namespace

namespace {

// Lowers a target (an op's definition, or an expression when `expr`), then proves it: the shared
// part of synthesize_op and synthesize_expr.
Lowering lower_target(const Isa& isa, const Target& t, const std::string& op, bool expr, DType dtype,
                      const SynthOptions& opts, const ProveFn& prove, Clock::time_point start) {
  Lowering l;
  l.op = op;
  l.dtype = dtype;
  const int n = static_cast<int>(t.inputs.size());
  Lowerer lw{isa, opts, tolerance(dtype), {}, {}, 0, 0, {}};
  if (op == "where" && !expr) lw.boolean = {true, false, false};
  for (const auto& i : isa.instrs)
    if (scalar_f32(i)) lw.instrs.push_back(&i);
  std::vector<double> cs;
  constants_in(t.body, cs);
  for (double v : {0.0, 1.0, -1.0, 0.5, 2.0})
    if (std::find(cs.begin(), cs.end(), v) == cs.end()) cs.push_back(v);
  for (double v : cs) {
    std::ostringstream os;
    os.precision(9);
    os << "c" << lw.constants.size();
    lw.constants.emplace_back(os.str(), term::real(v));
  }
  lw.constants.emplace_back("log2e", term::fdiv(term::real(1), term::apply(Fn::Log, {term::real(2)})));
  lw.constants.emplace_back("ln2", term::apply(Fn::Log, {term::real(2)}));
  std::vector<std::string> in;
  std::vector<Term> in_meaning;
  for (int k = 0; k < static_cast<int>(t.inputs.size()); ++k) {
    in.push_back("x" + std::to_string(k));
    in_meaning.push_back(term::read(k, {}));
  }
  l.inputs = in;
  Term meaning;
  double err = 0;
  bool ok = false;
  // Each window meets the tolerance; when the composition amplifies errors beyond it, the windows
  // are lowered again under a tighter one (tanh.approx gives way to tanhf inside gelu).
  for (double tighten : {1.0, 1.0 / 64, 1.0 / 4096}) {
    lw.tol = tolerance(dtype) * tighten;
    l.steps.clear();
    l.constants.clear();
    l.cost = 0;
    err = 0;
    ok = lw.lower(t.body, in, l, l.result, l.cost, err, meaning, in_meaning);
    if (!ok) break;
    if (emulated_error(l.steps, l.constants, l.inputs, l.result, t.body, in_meaning, opts.seed, lw.boolean) <=
        tolerance(dtype))
      break;
  }
  l.candidates = lw.candidates;
  l.search_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (!ok) {
    l.why_not = "no sequence of the target's instructions within " + std::to_string(opts.max_instrs) +
                " instructions per window equals it within the " + std::string(dtype_name(dtype)) + " tolerance";
    return l;
  }
  l.error_bound = err;
  l.expression = to_string(meaning);
  // f32 emulation of the whole sequence (compositions can amplify errors).
  double worst = emulated_error(l.steps, l.constants, l.inputs, l.result, t.body, in_meaning, opts.seed, lw.boolean);
  l.measured_error = worst;
  if (worst > tolerance(dtype)) {
    l.why_not = "the composed sequence exceeds the " + std::string(dtype_name(dtype)) + " tolerance (" +
                std::to_string(worst) + ")";
    return l;
  }
  // Prove: the op against the sequence's meaning, over the reals.
  RuleSpec rule;
  rule.name = op;
  rule.where = "synth";
  for (const Node* x : t.inputs) rule.inputs.push_back({x->input_name(), x->dtype(), {}});
  Term m = meaning;
  std::string opname = op;
  // When the op's definition holds constants that binary32 cannot represent (gelu's 1/sqrt(2)),
  // no f32 sequence equals it over the reals: the proof is then against the definition with its
  // constants rounded to f32 (the emulation above measured the rounding against the exact one).
  std::vector<double> defc;
  constants_in(t.body, defc);
  bool rounded = false;
  for (double v : defc) rounded = rounded || static_cast<double>(static_cast<float>(v)) != v;
  Term body = t.body;
  rule.build = [m, opname, n, rounded, expr, body](Context& ctx, const std::map<std::string, const Node*>& ins, const Bindings&) {
    std::vector<const Node*> xs;
    for (size_t k = 0; k < ins.size(); ++k) xs.push_back(ins.at("x" + std::to_string(k)));
    const Node* lhs = nullptr;
    if (rounded || expr) {  // the definition itself (an expression's terms are ops)
      lhs = to_nodes(ctx, body, xs);
    } else if (opname == "where") {
      lhs = ctx.make(Op::Where, xs);
    } else {
      Attrs a;
      std::string o = opname;
      if (o == "gelu_tanh") {
        o = "gelu";
        a.set("approximate", std::string("tanh"));
      }
      lhs = ctx.make(*parse_op(o), xs, a);
      if (lhs->dtype() == DType::boolean) {  // compare ops: their 0/1 as f32, like set.*.f32
        Attrs c;
        c.set("dtype", std::string("f32"));
        lhs = ctx.make(Op::Cast, {lhs}, c);
      }
    }
    std::vector<const Node*> fx = xs;
    if (opname == "where") fx[0] = ctx.make(Op::Cast, {xs[0]}, [] { Attrs c; c.set("dtype", std::string("f32")); return c; }());
    return std::make_pair(lhs, to_nodes(ctx, m, fx));
  };
  RuleResult r;
  {
    // The same graph on both sides (the instruction's semantics is the op's definition): proved
    // by construction; the verifier would call the rule vacuous.
    Context c;
    std::map<std::string, const Node*> ins;
    for (const auto& d : rule.inputs) ins[d.name] = c.input(d.name, d.dtype, d.shape);
    auto [lhs, rhs] = rule.build(c, ins, {});
    if (lhs == rhs) {
      r.verdict = Verdict::Proved;
      r.reason = "the instruction's semantics is the op's definition";
    } else {
      r = prove(rule);
    }
  }
  l.proof = r.verdict == Verdict::Proved ? (rounded ? "PROVED (the op's constants rounded to f32)" : "PROVED")
                                         : std::string(verdict_name(r.verdict)) + ": " + r.reason;
  l.proof_seconds = r.seconds;
  for (const auto& s : l.steps) l.latency += s.instr->latency;  // sequential upper bound
  l.found = r.verdict == Verdict::Proved;
  if (!l.found) l.why_not = "the sequence found is not proved: " + l.proof;
  l.search_seconds = std::chrono::duration<double>(Clock::now() - start).count() - l.proof_seconds;
  return l;
}

}  // namespace

Lowering synthesize_op(const Isa& isa, const std::string& op, DType dtype, const SynthOptions& opts,
                       const ProveFn& prove) {
  const auto start = Clock::now();
  Target t = op == "where" ? Target{} : target_of(op, arity_of(op));
  if (op == "where") {  // where(c, a, b) with c a 0/1 value
    for (int k = 0; k < 3; ++k) t.inputs.push_back(t.ctx->input("x" + std::to_string(k), k == 0 ? DType::boolean : DType::f32, {}));
    t.node = t.ctx->make(Op::Where, t.inputs);
    t.body = define(*t.node).body;
  }
  return lower_target(isa, t, op, false, dtype, opts, prove, start);
}

constexpr size_t kMaxExprTerms = 24;

Term parse_fused_expr(const std::string& text, std::vector<std::string>& order) {
  // The inputs: the names that are not functions, in order of appearance (x0, x1, .. inside).
  std::map<std::string, int> names;
  order.clear();
  for (size_t i = 0; i < text.size();) {
    if (!(std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_')) {
      ++i;
      continue;
    }
    size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    std::string id = text.substr(i, j - i);
    size_t k = j;
    while (k < text.size() && text[k] == ' ') ++k;
    bool call = k < text.size() && text[k] == '(';
    bool number = i > 0 && (std::isdigit(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '.');  // 1e-3, 0x7f
    if (!call && !number && id != "inf" && !names.count(id)) {
      names[id] = static_cast<int>(order.size());
      order.push_back(id);
    }
    i = j;
  }
  if (order.empty() || order.size() > 3) throw UserError("--expr '" + text + "': expected an expression of 1 to 3 inputs");
  return parse_isa_expr(text, names, {});
}

Lowering synthesize_expr(const Isa& isa, const std::string& text, DType dtype, const SynthOptions& opts,
                         const ProveFn& prove) {
  const auto start = Clock::now();
  std::vector<std::string> order;
  Term body = parse_fused_expr(text, order);
  if (body->sort != Sort::Real) throw UserError("--expr '" + text + "': not a value expression");
  // Small expressions only: the search and the proof grow fast with the operations.
  std::set<const TermNode*> seen;
  std::function<void(const Term&)> count = [&](const Term& u) {
    if (!seen.insert(u.get()).second) return;
    for (const Term& a : u->args) count(a);
  };
  count(body);
  if (seen.size() > kMaxExprTerms)
    throw UserError("--expr '" + text + "': " + std::to_string(seen.size()) + " terms, at most " + std::to_string(kMaxExprTerms) + " (a small fused expression)");
  Target t;
  for (size_t k = 0; k < order.size(); ++k) t.inputs.push_back(t.ctx->input("x" + std::to_string(k), DType::f32, {}));
  t.body = body;
  try {
    to_nodes(*t.ctx, body, t.inputs);  // the prover needs it as ops
  } catch (const InternalError&) {
    throw UserError("--expr '" + text + "': uses something the graph format's ops cannot express");
  }
  Lowering l = lower_target(isa, t, text, true, dtype, opts, prove, start);
  std::string in;
  for (size_t k = 0; k < order.size(); ++k) in += (k ? ", " : "") + ("x" + std::to_string(k)) + " = " + order[k];
  l.expression += " (" + in + ")";
  return l;
}

}  // namespace axon
