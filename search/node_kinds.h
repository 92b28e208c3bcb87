// What the cost model asks of a node (search/cost_model.cpp; not a public interface): its
// arithmetic rate, whether it fuses (elementwise, generated from indices, cheap to recompute),
// a matmul operand's contraction axis, whether a reduction is over the last axis.
#pragma once

#include "axon/core/ir.h"
#include "axon/core/op_table.h"
#include "axon/search/cost_model.h"

namespace axon::search_detail {

// TFLOP/s of a node's arithmetic: matmuls of 16-bit floats on the tensor cores, f32 matmuls on
// the CUDA cores, or on the tensor cores in tf32 (three products each for Tf32x3, with their
// splits' arithmetic: a quarter of the tf32 rate) where the model allows it; everything else f32.
inline double flop_rate(const TargetModel& t, const Node* n) {
  if (n->kind() != OpKind::Contraction) return t.fp32_tflops;
  if (n->dtype() == DType::bf16 || n->dtype() == DType::f16) return t.tensor_tflops_16;
  if (n->dtype() != DType::f32) return t.fp32_tflops;
  switch (t.f32) {
    case tiling::F32Matmul::Tf32: return t.tensor_tflops_tf32;
    case tiling::F32Matmul::Tf32x3: return std::max(t.fp32_tflops, t.tensor_tflops_tf32 / 4);
    case tiling::F32Matmul::Fma: break;
  }
  return t.fp32_tflops;
}

inline bool is_generator(const Node* n) { return n->op() == Op::Constant || n->op() == Op::Iota; }
// A function of the element's indices alone: generators through elementwise and layout ops (a
// mask's iota comparison).
inline bool generated(const Node* n) {
  if (is_generator(n)) return true;
  if (!is_elementwise(n) && n->kind() != OpKind::Layout) return false;
  for (const Node* o : n->operands())
    if (!generated(o)) return false;
  return true;
}
// Cheap to recompute in every consumer: fused rather than materialized.
inline bool is_cheap(const Node* n) {
  return is_elementwise(n) || n->kind() == OpKind::Layout || is_generator(n);
}
inline bool flag(const Node* n, const char* key) { return n->attrs().has(key) && n->attrs().b(key); }

// The contraction axis of matmul operand i in its stored shape (transpose flags applied).
inline int k_axis(const Node* mm, int i) {
  int r = mm->operand(i)->rank();
  if (r == 1) return 0;
  if (i == 0) return flag(mm, "transpose_a") ? r - 2 : r - 1;
  return flag(mm, "transpose_b") ? r - 1 : r - 2;
}

}  // namespace axon::search_detail
