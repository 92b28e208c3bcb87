// The reference interpreter: evaluates any graph with concrete shapes on the CPU by evaluating
// each node's definition (op_table.h). It is the oracle for every later stage.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>

#include "axon/core/ir.h"
#include "axon/core/tensor.h"

namespace axon {

enum class Precision : uint8_t {
  F64,     // exact float64 throughout; float-to-float casts are exact
  Native,  // each node's result rounded to its dtype
};

struct EvalOptions {
  Precision precision = Precision::F64;
  int64_t max_bytes = int64_t{8} << 30;  // refuse graphs whose live tensors would exceed this
  int threads = 0;                       // 0: hardware concurrency
};

using TensorMap = std::map<std::string, Tensor>;

// Evaluates the graph's outputs from the named inputs. Every input must be given with the
// input's shape (throws UserError naming the input otherwise); values of a tensor given for an
// input of another dtype are rounded to the input's dtype.
TensorMap evaluate(const Graph& g, const TensorMap& inputs, const EvalOptions& opts = {});

// Evaluates a single node from concrete operand values by generic evaluation of its definition
// (no fast paths). Used to test the fast paths and by later stages on small tensors.
Tensor evaluate_definition(const Node& node, const std::vector<const Tensor*>& operands,
                           Precision precision);

// Random inputs for every input of the graph: floats ~ N(0, 1) (rounded to dtype), i32 in
// [-8, 8], bool with p = 0.5; deterministic for a seed.
TensorMap random_inputs(const Graph& g, uint64_t seed);

// Concrete dimensions of a shape; throws UserError naming the first unbound symbol.
std::vector<int64_t> concrete_dims(const Shape& s);

}  // namespace axon
