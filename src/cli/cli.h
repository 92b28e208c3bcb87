// The `axon` command line, callable in-process (tests) or from main().
#pragma once

#include <iosfwd>

namespace axon {

// Exit codes: 0 ok; 1 a check failed (not equivalent, validation failed); 2 bad input or usage;
// 3 internal error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailed = 1;
inline constexpr int kExitUser = 2;
inline constexpr int kExitInternal = 3;

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace axon
