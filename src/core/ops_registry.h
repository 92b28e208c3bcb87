// Declarations of the per-kind shape rules and definitions, gathered by op_table.cpp. Internal.
#pragma once

#include "axon/core/op_table.h"

namespace axon::detail {

Inferred infer_source(Op, const std::vector<OperandInfo>&, const Attrs&);
Inferred infer_unary(Op, const std::vector<OperandInfo>&, const Attrs&);
Inferred infer_binary(Op, const std::vector<OperandInfo>&, const Attrs&);
Inferred infer_select(Op, const std::vector<OperandInfo>&, const Attrs&);
Inferred infer_reduce(Op, const std::vector<OperandInfo>&, const Attrs&);
Inferred infer_matmul(Op, const std::vector<OperandInfo>&, const Attrs&);
Inferred infer_layout(Op, const std::vector<OperandInfo>&, const Attrs&);

Definition define_source(const Node&);
Definition define_unary(const Node&);
Definition define_binary(const Node&);
Definition define_select(const Node&);
Definition define_reduce(const Node&);
Definition define_matmul(const Node&);
Definition define_layout(const Node&);

}  // namespace axon::detail
