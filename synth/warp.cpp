// Warp reductions synthesized from shfl.sync's lane semantics, and tensor-core fragment maps
// proved bijective (docs/synthesis.md). Both are proved with the SMT engine over the lane (and
// register) variables, in a child process.
#include <chrono>
#include <map>
#include <set>

#include "axon/semantics/solver.h"
#include "internal.h"

namespace axon {

namespace {

using smt::Expr;
using Clock = std::chrono::steady_clock;

// An index term over Var 0 (lane/thread) and Var 1 (reg), evaluated.
int64_t eval_index(const Term& t, int64_t v0, int64_t v1) { return eval_isa_index(t, v0, v1); }

// A query whose model would be a counterexample: unsat proves the claim, sat refutes it, and a
// timeout (or a solver that cannot decide) leaves it unknown, never proved.
std::string proof_status(const smt::CheckResult& res, const std::string& refuted) {
  return res.result == smt::SatResult::Unsat ? "PROVED" : res.result == smt::SatResult::Sat ? refuted : "UNKNOWN: " + res.reason;
}

Expr smt_index(const Term& t, const Expr& v0, const Expr& v1) {
  auto a = [&](size_t i) { return smt_index(t->args[i], v0, v1); };
  switch (t->kind) {
    case TermKind::Var: return t->ival == 0 ? v0 : v1;
    case TermKind::Int: return smt::integer(t->ival);
    case TermKind::IAdd: return smt::add(a(0), a(1));
    case TermKind::ISub: return smt::sub(a(0), a(1));
    case TermKind::IMul: return smt::mul(a(0), a(1));
    case TermKind::IFloorDiv: return smt::intdiv(a(0), a(1));
    case TermKind::IMod: return smt::mod(a(0), a(1));
    default: throw InternalError("synth: not an index term: " + to_string(t));
  }
}

Expr smt_cmp(CmpOp c, Expr x, Expr y) {
  switch (c) {
    case CmpOp::Lt: return smt::lt(x, y);
    case CmpOp::Le: return smt::le(x, y);
    case CmpOp::Gt: return smt::gt(x, y);
    case CmpOp::Ge: return smt::ge(x, y);
    case CmpOp::Eq: return smt::eq(x, y);
    case CmpOp::Ne: return smt::ne(x, y);
  }
  return smt::boolean(false);
}

// The source lane a shuffle reads, from its semantics `a[INDEX]` or `cond ? a[I] : a[J]`.
int64_t src_lane(const Term& t, int64_t lane) {
  if (t->kind == TermKind::Read) return eval_index(t->args.at(0), lane, 0);
  if (t->kind == TermKind::Select) {
    const Term& c = t->args[0];
    int64_t x = eval_index(c->args[0], lane, 0), y = eval_index(c->args[1], lane, 0);
    bool v = c->cmp == CmpOp::Lt ? x < y : c->cmp == CmpOp::Le ? x <= y : c->cmp == CmpOp::Gt ? x > y
           : c->cmp == CmpOp::Ge ? x >= y : c->cmp == CmpOp::Eq ? x == y : x != y;
    return src_lane(v ? t->args[1] : t->args[2], lane);
  }
  throw InternalError("synth: shuffle semantics is not a lane read: " + to_string(t));
}

Expr smt_src(const Term& t, const Expr& lane) {
  if (t->kind == TermKind::Read) return smt_index(t->args.at(0), lane, lane);
  if (t->kind == TermKind::Select) {
    const Term& c = t->args[0];
    return smt::ite(smt_cmp(c->cmp, smt_index(c->args[0], lane, lane), smt_index(c->args[1], lane, lane)),
                    smt_src(t->args[1], lane), smt_src(t->args[2], lane));
  }
  throw InternalError("synth: shuffle semantics is not a lane read");
}

struct Shuffle {
  const InstrSpec* instr;
  int imm;
  Term sem;  // parsed with the immediate bound
};

}  // namespace

WarpReduction synthesize_warp_reduction(const Isa& isa, Reducer r, bool all_lanes, unsigned timeout_ms) {
  return synthesize_warp_reduction(isa, r, all_lanes, smt::Limits{timeout_ms, 0});
}

WarpReduction synthesize_warp_reduction(const Isa& isa, Reducer r, bool all_lanes, const smt::Limits& limits) {
  const auto start = Clock::now();
  WarpReduction w;
  w.reducer = r;
  w.all_lanes = all_lanes;
  std::vector<Shuffle> moves;
  for (const auto& i : isa.instrs) {
    if (i.kind != InstrKind::Warp || i.ins.size() != 2 || i.ins[1].type != "imm" || i.semantics_text.empty()) continue;
    if (i.semantics_text.find("sum(") != std::string::npos) continue;  // a reduction itself, not a shuffle
    for (int c : {16, 8, 4, 2, 1})
      moves.push_back({&i, c, parse_isa_expr(i.semantics_text, {{i.ins[0].name, 0}}, {{"lane", 0}}, {{i.ins[1].name, c}})});
  }
  // Breadth-first over sequences; a state is, per lane, how often each lane's value is in it.
  using State = std::vector<std::vector<int>>;
  State s0(32, std::vector<int>(32, 0));
  for (int l = 0; l < 32; ++l) s0[l][l] = 1;
  auto done = [&](const State& s) {
    for (int l = 0; l < (all_lanes ? 32 : 1); ++l)
      for (int k = 0; k < 32; ++k)
        if (r == Reducer::Sum ? s[l][k] != 1 : s[l][k] < 1) return false;
    return true;
  };
  std::vector<std::pair<State, std::vector<int>>> level{{s0, {}}};
  std::set<State> seen{s0};
  std::vector<int> found;
  for (int depth = 0; depth < 6 && found.empty(); ++depth) {
    std::vector<std::pair<State, std::vector<int>>> next;
    for (const auto& [s, path] : level) {
      for (size_t m = 0; m < moves.size() && found.empty(); ++m) {
        ++w.candidates;
        State t = s;
        for (int l = 0; l < 32; ++l) {
          int64_t src = src_lane(moves[m].sem, l);
          if (src < 0 || src >= 32) src = l;
          for (int k = 0; k < 32; ++k) t[l][k] = s[l][k] + s[static_cast<size_t>(src)][k];
        }
        auto p = path;
        p.push_back(static_cast<int>(m));
        if (done(t)) found = p;
        else if (seen.insert(t).second) next.emplace_back(std::move(t), std::move(p));
      }
      if (!found.empty()) break;
    }
    level = std::move(next);
  }
  if (found.empty()) {
    w.proof = "no shuffle sequence of up to 6 steps found";
    return w;
  }
  for (int m : found) w.steps.emplace_back(moves[static_cast<size_t>(m)].instr, moves[static_cast<size_t>(m)].imm);
  // Proof: the lane's value is a sum over 2^steps source lanes (each step adds the value from the
  // shuffle's source lane); they are distinct lanes in [0, 32) (sum), or cover every lane (max).
  Expr lane = smt::constant("lane", smt::Sort::Int);
  std::vector<Expr> srcs{lane};
  for (auto it = found.rbegin(); it != found.rend(); ++it) {  // the last step is applied first
    const int m = *it;
    std::vector<Expr> more;
    for (const Expr& e : srcs) more.push_back(smt_src(moves[static_cast<size_t>(m)].sem, e));
    srcs.insert(srcs.end(), more.begin(), more.end());
  }
  // srcs[i] is the lane whose input reaches this lane along path i; a shuffle whose source is
  // out of range reads the lane itself (the semantics says so with its select).
  std::vector<Expr> bad;
  for (size_t i = 0; i < srcs.size(); ++i) {
    bad.push_back(smt::lor({smt::lt(srcs[i], smt::integer(0)), smt::ge(srcs[i], smt::integer(32))}));
    if (r == Reducer::Sum)
      for (size_t j = i + 1; j < srcs.size(); ++j) bad.push_back(smt::eq(srcs[i], srcs[j]));
  }
  std::vector<Expr> query{all_lanes ? smt::land({smt::ge(lane, smt::integer(0)), smt::lt(lane, smt::integer(32))})
                                    : smt::eq(lane, smt::integer(0))};
  if (r == Reducer::Sum) {
    query.push_back(smt::lor(bad));
    if (srcs.size() != 32) query = {smt::boolean(true)};  // not 32 terms: cannot be the sum
  } else {
    Expr k = smt::constant("k", smt::Sort::Int);
    std::vector<Expr> miss{smt::ge(k, smt::integer(0)), smt::lt(k, smt::integer(32))};
    for (const Expr& e : srcs) miss.push_back(smt::ne(e, k));
    query.push_back(smt::lor({smt::lor(bad), smt::land(miss)}));
  }
  auto res = smt::check_sat_isolated(smt::Backend::Z3, query, limits);
  w.proof = proof_status(res, "REFUTED");
  w.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  w.cuda = emit_cuda(w);
  return w;
}

std::vector<FragmentProof> prove_fragments(const Isa& isa, unsigned timeout_ms) {
  return prove_fragments(isa, smt::Limits{timeout_ms, 0});
}

std::vector<FragmentProof> prove_fragments(const Isa& isa, const smt::Limits& limits) {
  std::vector<FragmentProof> out;
  for (const auto& i : isa.instrs) {
    if (i.kind != InstrKind::Matrix) continue;
    std::vector<int64_t> ns{0};
    if (!i.param.empty()) ns = {8, 64, 128, 256};
    for (const auto& f : i.fragments) {
      for (int64_t n : ns) {
        const auto start = Clock::now();
        FragmentProof p;
        p.instr = i.name + (n ? " (N=" + std::to_string(n) + ")" : "");
        p.fragment = f.name;
        std::map<std::string, int64_t> params;
        if (n) params["N"] = n;
        static const std::map<std::string, int> vars{{"lane", 0}, {"thread", 0}, {"reg", 1}};
        Term row = parse_isa_index(f.row_text, vars, params), col = parse_isa_index(f.col_text, vars, params);
        auto size = [&](const std::string& t) { return eval_index(parse_isa_index(t, {}, params), 0, 0); };
        p.rows = static_cast<int>(size(f.rows));
        p.cols = static_cast<int>(size(f.cols));
        p.regs = static_cast<int>(size(f.regs));
        p.threads = f.warpgroup ? 128 : 32;
        if (static_cast<int64_t>(p.threads) * p.regs != static_cast<int64_t>(p.rows) * p.cols) {
          p.proof = "REFUTED: " + std::to_string(p.threads) + " x " + std::to_string(p.regs) +
                    " registers cannot cover a " + std::to_string(p.rows) + "x" + std::to_string(p.cols) + " tile";
          out.push_back(p);
          continue;
        }
        Expr t1 = smt::constant("t1", smt::Sort::Int), r1 = smt::constant("r1", smt::Sort::Int);
        Expr t2 = smt::constant("t2", smt::Sort::Int), r2 = smt::constant("r2", smt::Sort::Int);
        auto in = [&](const Expr& t, const Expr& r) {
          return smt::land({smt::ge(t, smt::integer(0)), smt::lt(t, smt::integer(p.threads)),
                            smt::ge(r, smt::integer(0)), smt::lt(r, smt::integer(p.regs))});
        };
        Expr a1 = smt_index(row, t1, r1), b1 = smt_index(col, t1, r1);
        Expr a2 = smt_index(row, t2, r2), b2 = smt_index(col, t2, r2);
        Expr outside = smt::lor({smt::lt(a1, smt::integer(0)), smt::ge(a1, smt::integer(p.rows)),
                                 smt::lt(b1, smt::integer(0)), smt::ge(b1, smt::integer(p.cols))});
        Expr collide = smt::land({in(t2, r2), smt::lor({smt::ne(t1, t2), smt::ne(r1, r2)}), smt::eq(a1, a2), smt::eq(b1, b2)});
        auto res = smt::check_sat_isolated(smt::Backend::Z3, {in(t1, r1), smt::lor({outside, collide})}, limits);
        p.proof = proof_status(res, "REFUTED: two registers map to one element, or one maps outside the tile");
        p.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        out.push_back(p);
      }
    }
  }
  return out;
}

int64_t fragment_index(const Term& t, int64_t lane, int64_t reg) { return eval_index(t, lane, reg); }

std::vector<LayoutProof> prove_layouts(const Isa& isa, unsigned timeout_ms) {
  return prove_layouts(isa, smt::Limits{timeout_ms, 0});
}

std::vector<LayoutProof> prove_layouts(const Isa& isa, const smt::Limits& limits) {
  std::vector<LayoutProof> out;
  for (const auto& i : isa.instrs)
    for (const auto& l : i.layouts) {
      const auto start = Clock::now();
      LayoutProof p{i.name, l.name, l.rows, l.bytes, "", 0};
      // One query: a point of the tile whose offset leaves [0, rows * bytes), moves its byte within
      // its 16-byte chunk, or equals another point's. None exists: injective into a set of the
      // same size, so a bijection.
      Expr r1 = smt::constant("r1", smt::Sort::Int), b1 = smt::constant("b1", smt::Sort::Int);
      Expr r2 = smt::constant("r2", smt::Sort::Int), b2 = smt::constant("b2", smt::Sort::Int);
      auto in = [&](const Expr& r, const Expr& b) {
        return smt::land({smt::ge(r, smt::integer(0)), smt::lt(r, smt::integer(l.rows)), smt::ge(b, smt::integer(0)),
                          smt::lt(b, smt::integer(l.bytes))});
      };
      Expr o1 = smt_index(l.offset, r1, b1), o2 = smt_index(l.offset, r2, b2);
      Expr bad = smt::lor({smt::lt(o1, smt::integer(0)), smt::ge(o1, smt::integer(l.rows * l.bytes)),
                           smt::ne(smt::mod(o1, smt::integer(16)), smt::mod(b1, smt::integer(16))),
                           smt::land({in(r2, b2), smt::lor({smt::ne(r1, r2), smt::ne(b1, b2)}), smt::eq(o1, o2)})});
      auto res = smt::check_sat_isolated(smt::Backend::Z3, {in(r1, b1), bad}, limits);
      p.proof = proof_status(res, "REFUTED: a byte lands outside the tile, splits its 16-byte chunk, or shares another's offset");
      p.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      out.push_back(p);
    }
  return out;
}

int64_t layout_offset(const SmemLayout& l, int64_t row, int64_t byte) { return l.offsets.at(size_t(row * l.bytes + byte)); }

}  // namespace axon
