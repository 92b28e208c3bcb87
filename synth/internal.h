// Shared pieces of synth/ (not a public interface).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "axon/core/error.h"
#include "axon/synth/synth.h"

namespace axon::synth {

// Evaluates a scalar term at a point (inputs by Read index); with f32, every rounding
// instruction's result is rounded to binary32 (exact math, then rounded).
double eval(const Term& t, const std::vector<double>& x, bool f32);

// A step of a candidate: a leaf (instr == nullptr: input or constant) or instr(args), args being
// ids of earlier steps.
struct CNode {
  const InstrSpec* instr = nullptr;
  std::vector<int> args;
  std::string leaf;
  Term term;
  int id = -1;  // -1: the result
};

struct Candidate {
  Term term;
  double cost = 0, latency = 0, err = 0, measured = 0;
  std::vector<CNode> nodes;
};

struct SearchResult {
  std::vector<Candidate> matches;   // within tolerance, cheapest first
  std::vector<Candidate> rejected;  // equal values but outside the tolerance
  int candidates = 0;
};

// Bottom-up enumeration over `instrs` (scalar, semantics over Read(0..)) for `target` (a term
// over Read(0..inputs-1)); constants are leaves (name, exact term).
// `accept` decides whether a match meets the tolerance (it may emulate the candidate).
SearchResult search(const std::vector<const InstrSpec*>& instrs, const Term& target, int inputs,
                    const std::vector<std::pair<std::string, Term>>& constants,
                    const std::function<bool(Candidate&)>& accept, const SynthOptions& opts,
                    const std::vector<bool>& boolean = {});

// Points for the f32 emulation: the search sample plus magnitudes 1e-6 .. 80 of both signs.
std::vector<std::vector<double>> wide_sample(int inputs, uint64_t seed);

// Relative error bound of one instruction's result (first order; ulp of binary32).
double instr_error(const InstrSpec& i);

}  // namespace axon::synth
