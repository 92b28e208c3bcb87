// Translation of inlined terms into SMT expressions, with the axioms of the scalar functions
// instantiated on the terms that occur. Internal to semantics/.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "axon/semantics/smt.h"
#include "prover.h"

namespace axon::sem {

struct InputRead {
  int input;
  std::vector<smt::Expr> index;
  smt::Expr value;
};

class Translator {
 public:
  explicit Translator(const Problem& p) : p_(p) {}
  smt::Expr real(const Term& t);
  smt::Expr integer(const Term& t);
  smt::Expr boolean(const Term& t);
  static smt::Expr var(int id);
  // Side conditions for a query whose main assertions are `main`: sizes >= 1, size
  // preconditions, value preconditions and dtype domains at every input read, and the axioms of
  // exp, log, sqrt, tanh, erf, pow and reciprocal at every application that occurs.
  std::vector<smt::Expr> side_conditions(const std::vector<smt::Expr>& main);
  [[nodiscard]] const std::vector<InputRead>& reads() const { return reads_; }

 private:
  smt::Expr reduction(const Term& t);
  // Witness and upper-bound lemmas of the abstracted maxima (see side_conditions).
  std::vector<smt::Expr> max_lemmas();
  // An abstracted maximum: one reduction, or a chain of directly nested ones taken as one
  // maximum over the product of their ranges.
  struct MaxTerm {
    smt::Expr value;                     // the abstracted max: maxN(free variables)
    std::vector<smt::Expr> witnesses;    // argmaxN[_k](free variables): where it is attained
    std::vector<int> vars;               // the chain's binders, outermost first
    std::vector<Term> extents;
    Term body;                           // the innermost body
    // The body's other free index variables as they read where the max occurs (an outer
    // reduction's variable bound to its witness): the lemmas read the body there.
    std::vector<std::pair<int, smt::Expr>> free;
  };
  // The body of m at the binders' values `at` (its free variables as where m occurs).
  smt::Expr max_body_at(const MaxTerm& m, const std::vector<smt::Expr>& at);
  smt::Expr in_range(const MaxTerm& m, const std::vector<smt::Expr>& at);
  static std::multiset<std::string> free_values(const MaxTerm& m);
  const Problem& p_;
  std::map<int, smt::Expr> env_;  // index variables bound to SMT terms (witnesses)
  std::vector<MaxTerm> maxes_;
  std::set<std::string> max_keys_;
  std::map<std::string, std::string> reduce_names_;
  std::map<std::string, size_t> read_keys_;
  std::vector<InputRead> reads_;
};

}  // namespace axon::sem
