// Running solver work in child processes, so that a solver that ignores its time limit (Z3's
// nonlinear integer arithmetic can) is stopped for sure, and a portfolio's losers are stopped as
// soon as a winner answers. Internal to semantics/.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace axon::sem {

// Runs each job in its own forked process (call only while the process has no other threads).
// Each child is killed when its parent dies (PR_SET_PDEATHSIG), also when a job forks its own
// children through here: no solver outlives a kill -9 of axon.
// A job returns its result as text. `done(i, text)` is called in the parent as each result
// arrives; when it returns true the remaining jobs are killed. Jobs still running after
// `deadline_s` are killed. The result of a killed or crashed job is nullopt; `why`, when given,
// gets for each job "" (answered), "deadline" (killed at the deadline), "stopped" (killed after
// another's answer) or "crashed: ..." (a signal or a failing exit status).
std::vector<std::optional<std::string>> run_isolated(
    const std::vector<std::function<std::string()>>& jobs, double deadline_s,
    const std::function<bool(size_t, const std::string&)>& done, std::vector<std::string>* why = nullptr);

}  // namespace axon::sem
