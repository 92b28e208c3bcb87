// Solver child processes (semantics/isolate.cpp) die with their parent: after a kill -9 of axon
// no solver keeps running, at any depth (a verification per child whose solvers run in children
// of their own).
#include <catch2/catch.hpp>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "isolate.h"  // semantics/, internal

namespace {

// Gone: no such process, or a zombie (the container's PID 1 may never reap an orphan).
bool gone(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  if (!in) return true;
  std::string line;
  std::getline(in, line);
  size_t close = line.rfind(')');  // "pid (comm) S ...": comm may hold spaces and parentheses
  return close == std::string::npos || close + 2 >= line.size() || line[close + 2] == 'Z';
}

bool gone_within(pid_t pid, double seconds) {
  auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!gone(pid)) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

void write_pid(int fd) {
  pid_t me = ::getpid();
  if (::write(fd, &me, sizeof me) != static_cast<ssize_t>(sizeof me)) ::_exit(3);
}

// A job that reports its pid on `fd` and sleeps 30 s.
std::function<std::string()> sleeper(int fd) {
  return [fd] {
    write_pid(fd);
    ::sleep(30);
    return std::string("late");
  };
}

}  // namespace

TEST_CASE("isolated jobs die with their parent, at every level", "[verify][isolate]") {
  // intermediate (killed with SIGKILL) -> run_isolated -> child: run_isolated -> grandchild, and
  // a second child of the intermediate that sleeps itself. Each reports its pid on the pipe.
  int p[2];
  REQUIRE(::pipe(p) == 0);
  pid_t intermediate = ::fork();
  REQUIRE(intermediate >= 0);
  if (intermediate == 0) {
    ::close(p[0]);
    const int fd = p[1];
    std::vector<std::function<std::string()>> jobs = {
        [fd] {
          write_pid(fd);
          auto inner = axon::sem::run_isolated({sleeper(fd)}, 60, [](size_t, const std::string&) { return false; });
          return inner[0].value_or("none");
        },
        sleeper(fd)};
    axon::sem::run_isolated(jobs, 60, [](size_t, const std::string&) { return false; });
    ::_exit(0);
  }
  ::close(p[1]);
  std::vector<pid_t> pids;
  while (pids.size() < 3) {
    pid_t pid = 0;
    ssize_t n = ::read(p[0], &pid, sizeof pid);
    if (n != static_cast<ssize_t>(sizeof pid)) break;
    pids.push_back(pid);
  }
  ::close(p[0]);
  CHECK(pids.size() == 3);
  REQUIRE(::kill(intermediate, SIGKILL) == 0);
  REQUIRE(::waitpid(intermediate, nullptr, 0) == intermediate);
  for (pid_t pid : pids) {
    INFO("pid " << pid);
    CHECK(gone_within(pid, 2.0));
  }
  for (pid_t pid : pids)  // never leave a sleeper behind, whatever the checks said
    if (!gone(pid)) ::kill(pid, SIGKILL);
}
