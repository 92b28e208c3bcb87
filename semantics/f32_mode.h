// `--semantics f32`: bit-precise IEEE binary32 checking of rules whose sizes are all numbers.
// Every scalar operation of the inlined definitions rounds to binary32 (nearest even), and a
// reduction accumulates from index 0 upward. Internal to semantics/.
#pragma once

#include "axon/semantics/verify.h"
#include "falsify.h"

namespace axon::sem {

RuleResult verify_f32(const RuleSpec& rule, const BuiltRule& sym, const VerifyOptions& opts);

}  // namespace axon::sem
