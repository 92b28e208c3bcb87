// Child processes, without a shell.
//
// A child is started from an argument vector (never a command line: no quoting, no shell), in a
// process group of its own, and dies with this process: a small guardian process (a fork of this
// one) leads the group, asks the kernel to signal it when its parent dies (PR_SET_PDEATHSIG,
// checked against getppid() to close the race) and then kills the whole group, so that a compiler
// and the tools it starts stop writing when `axon` is killed, even with SIGKILL. A timeout kills the
// group too. (The death signal follows the thread that started the child: start children from a
// thread that outlives them.)
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace axon {

struct SpawnOptions {
  int stdout_fd = -1;        // the child's stdout is this descriptor (-1: this process's stdout)
  int stderr_fd = -1;        // likewise for stderr; may equal stdout_fd
  bool pipe_stdout = false;  // stdout into a pipe, read through ChildProcess::out_fd()
  std::vector<std::string> env;  // "NAME=VALUE": set in the child (the rest of the environment is inherited)
};

struct ExitStatus {
  bool timed_out = false;  // killed at its deadline
  int code = -1;           // the exit code when it exited
  int signal = 0;          // the signal that killed it, or 0
  [[nodiscard]] bool ok() const { return !timed_out && signal == 0 && code == 0; }
  [[nodiscard]] std::string str() const;  // "exit code 1", "killed by signal 9", "timed out"
};

class ChildProcess {
 public:
  ChildProcess() = default;
  ChildProcess(pid_t pid, int out_fd) : pid_(pid), out_fd_(out_fd) {}
  ChildProcess(ChildProcess&& o) noexcept;
  ChildProcess& operator=(ChildProcess&& o) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();  // a child still running is killed (its whole group) and reaped

  // The process group's id (the guardian's pid), or -1.
  [[nodiscard]] pid_t pid() const { return pid_; }
  // The read end of the stdout pipe (pipe_stdout), or -1.
  [[nodiscard]] int out_fd() const { return out_fd_; }
  // Waits for the child: at most timeout_s seconds when timeout_s > 0, then kills its group.
  ExitStatus wait(double timeout_s = 0);
  // Kills the child's whole process group and reaps it.
  ExitStatus kill();

 private:
  ExitStatus reap(bool timed_out);
  pid_t pid_ = -1;
  int out_fd_ = -1;
};

// Starts argv[0] (a path, or a name looked up in $PATH) with the arguments argv[1..]; stdin is
// /dev/null. Throws UserError when the program cannot be started.
ChildProcess spawn_process(const std::vector<std::string>& argv, const SpawnOptions& opts = {});

// spawn_process, then wait(timeout_s).
ExitStatus run_process(const std::vector<std::string>& argv, const SpawnOptions& opts = {}, double timeout_s = 0);

// The executable file `name` in the folders of $PATH, or "". A name holding '/' is itself
// returned when it is an executable file.
std::string find_program(const std::string& name);

}  // namespace axon
