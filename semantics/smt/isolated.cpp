// check_sat in a child process (solver.h).
#include <sstream>

#include "../isolate.h"
#include "axon/semantics/solver.h"

namespace axon::smt {

CheckResult check_sat_isolated(Backend backend, const std::vector<Expr>& assertions, unsigned timeout_ms) {
  return check_sat_isolated(backend, assertions, Limits{timeout_ms, 0});
}

CheckResult check_sat_isolated(Backend backend, const std::vector<Expr>& assertions, const Limits& limits) {
  const unsigned timeout_ms = limits.timeout_ms;
  auto texts = sem::run_isolated(
      {[&] {
        CheckResult r = check_sat(backend, assertions, {}, limits);
        std::ostringstream os;
        os.precision(17);
        os << static_cast<int>(r.result) << " " << r.seconds << " " << r.reason;
        return os.str();
      }},
      3.0 * timeout_ms / 1000.0 + 5, [](size_t, const std::string&) { return true; });
  CheckResult r;
  if (!texts[0]) {
    r.reason = "stopped: no answer within the deadline";
    return r;
  }
  std::istringstream in(*texts[0]);
  int code = 2;
  in >> code >> r.seconds;
  std::getline(in, r.reason);
  if (!r.reason.empty() && r.reason[0] == ' ') r.reason.erase(0, 1);
  r.result = static_cast<SatResult>(code);
  return r;
}

}  // namespace axon::smt
