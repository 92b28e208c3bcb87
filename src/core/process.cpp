#include "axon/core/process.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

#include "axon/core/error.h"

extern char** environ;

namespace axon {

namespace {

// In the guardian: any of the signals it is sent (its parent's death among them) kills the group.
void kill_group(int) { ::kill(0, SIGKILL); }

void close_quietly(int fd) {
  if (fd >= 0) ::close(fd);
}

bool executable_file(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

void sleep_ms(int ms) {
  timespec t{ms / 1000, static_cast<long>(ms % 1000) * 1000000L};
  while (::nanosleep(&t, &t) != 0 && errno == EINTR) {
  }
}

// The guardian: between fork and _exit only async-signal-safe calls (the parent may have threads).
[[noreturn]] void guardian(pid_t parent, const char* path, char* const* argv, char* const* envp, int in_fd, int out_fd, int err_fd,
                           int pipe_read, int err_pipe) {
  ::setpgid(0, 0);
  struct sigaction sa {};
  sa.sa_handler = kill_group;
  sigemptyset(&sa.sa_mask);
  for (int s : {SIGTERM, SIGINT, SIGHUP}) ::sigaction(s, &sa, nullptr);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (::getppid() != parent) kill_group(0);  // the parent died before the line above
  close_quietly(pipe_read);
  ::dup2(in_fd, 0);
  if (out_fd >= 0) ::dup2(out_fd, 1);
  if (err_fd >= 0) ::dup2(err_fd, 2);
  pid_t worker = ::fork();
  if (worker == 0) {
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int s : {SIGTERM, SIGINT, SIGHUP, SIGPIPE}) ::sigaction(s, &dfl, nullptr);
    ::execve(path, argv, envp);
    int e = errno;
    ssize_t w = ::write(err_pipe, &e, sizeof e);
    (void)w;
    ::_exit(127);
  }
  if (worker < 0) {
    int e = errno;
    ssize_t w = ::write(err_pipe, &e, sizeof e);
    (void)w;
    ::_exit(127);
  }
  // The guardian holds no stream of the worker's: the parent sees EOF when the worker's are closed.
  for (int fd : {err_pipe, in_fd, out_fd, err_fd, 0, 1, 2})
    if (fd >= 0) ::close(fd);
  int status = 0;
  while (::waitpid(worker, &status, 0) < 0)
    if (errno != EINTR) ::_exit(127);
  if (WIFEXITED(status)) ::_exit(WEXITSTATUS(status));
  // Dies the worker's death, so that the parent reads the signal; no core file of its own.
  const int sig = WTERMSIG(status);
  struct rlimit no_core {0, 0};
  ::setrlimit(RLIMIT_CORE, &no_core);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::kill(::getpid(), sig);
  ::_exit(128 + sig);
}

}  // namespace

std::string ExitStatus::str() const {
  if (timed_out) return "timed out (killed)";
  if (signal) return "killed by signal " + std::to_string(signal);
  return "exit code " + std::to_string(code);
}

ChildProcess::ChildProcess(ChildProcess&& o) noexcept : pid_(o.pid_), out_fd_(o.out_fd_) {
  o.pid_ = -1;
  o.out_fd_ = -1;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& o) noexcept {
  if (this != &o) {
    if (pid_ > 0) kill();
    close_quietly(out_fd_);
    pid_ = o.pid_;
    out_fd_ = o.out_fd_;
    o.pid_ = -1;
    o.out_fd_ = -1;
  }
  return *this;
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0) kill();
  close_quietly(out_fd_);
}

ExitStatus ChildProcess::reap(bool timed_out) {
  ExitStatus s;
  s.timed_out = timed_out;
  int status = 0;
  pid_t r;
  while ((r = ::waitpid(pid_, &status, 0)) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  if (r < 0) return s;
  if (WIFEXITED(status)) s.code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) s.signal = WTERMSIG(status);
  return s;
}

ExitStatus ChildProcess::wait(double timeout_s) {
  if (pid_ <= 0) throw InternalError("wait() on no child");
  if (timeout_s <= 0) return reap(false);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  int pause = 1;
  for (;;) {
    int status = 0;
    pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      ExitStatus s;
      pid_ = -1;
      if (WIFEXITED(status)) s.code = WEXITSTATUS(status);
      if (WIFSIGNALED(status)) s.signal = WTERMSIG(status);
      return s;
    }
    if (r < 0 && errno != EINTR) return reap(false);
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(-pid_, SIGKILL);
      return reap(true);
    }
    sleep_ms(pause);
    pause = std::min(pause * 2, 50);
  }
}

ExitStatus ChildProcess::kill() {
  if (pid_ <= 0) return {};
  ::kill(-pid_, SIGKILL);  // the group: the guardian, the program and what it started
  ::kill(pid_, SIGKILL);   // in case the guardian had not made its group yet
  return reap(false);
}

std::string find_program(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return executable_file(name) ? name : "";
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  for (;;) {
    size_t end = dirs.find(':', start);
    std::string dir = dirs.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::string cand = (dir.empty() ? std::string(".") : dir) + "/" + name;
    if (executable_file(cand)) return cand;
    if (end == std::string::npos) return "";
    start = end + 1;
  }
}

ChildProcess spawn_process(const std::vector<std::string>& argv, const SpawnOptions& opts) {
  if (argv.empty()) throw InternalError("spawn_process: no program");
  const std::string path = find_program(argv[0]);
  if (path.empty()) throw UserError(argv[0] + ": cannot run: no such program" + (argv[0].find('/') == std::string::npos ? " in PATH" : ""));
  // Everything the child needs is made before fork: after it, no allocation.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  // The environment: this process's, with opts.env's variables replaced or added.
  std::vector<std::string> env_strings = opts.env;
  for (char** e = environ; *e; ++e) {
    const std::string v = *e;
    const std::string name = v.substr(0, v.find('=') + 1);
    bool replaced = false;
    for (const std::string& o : opts.env) replaced = replaced || o.rfind(name, 0) == 0;
    if (!replaced) env_strings.push_back(v);
  }
  std::vector<char*> envp;
  for (auto& v : env_strings) envp.push_back(v.data());
  envp.push_back(nullptr);
  int null_in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (null_in < 0) throw UserError("/dev/null: cannot open: " + std::string(std::strerror(errno)));
  int out_pipe[2] = {-1, -1}, err_pipe[2] = {-1, -1};
  if ((opts.pipe_stdout && ::pipe2(out_pipe, O_CLOEXEC) != 0) || ::pipe2(err_pipe, O_CLOEXEC) != 0) {
    int e = errno;
    for (int fd : {null_in, out_pipe[0], out_pipe[1], err_pipe[0]}) close_quietly(fd);
    throw UserError(argv[0] + ": cannot run: " + std::strerror(e));
  }
  const int out_fd = opts.pipe_stdout ? out_pipe[1] : opts.stdout_fd;
  const pid_t parent = ::getpid();
  pid_t pid = ::fork();
  if (pid == 0) guardian(parent, path.c_str(), args.data(), envp.data(), null_in, out_fd, opts.stderr_fd, out_pipe[0], err_pipe[1]);
  int fork_errno = errno;
  if (pid > 0) ::setpgid(pid, pid);  // as the guardian does: the group exists when kill() needs it
  for (int fd : {null_in, out_pipe[1], err_pipe[1]}) close_quietly(fd);
  if (pid < 0) {
    close_quietly(out_pipe[0]);
    close_quietly(err_pipe[0]);
    throw UserError(argv[0] + ": cannot run: " + std::strerror(fork_errno));
  }
  ChildProcess child(pid, out_pipe[0]);
  // The worker's exec closes the error pipe (close-on-exec): EOF. A failed exec writes its errno.
  int e = 0;
  ssize_t n;
  while ((n = ::read(err_pipe[0], &e, sizeof e)) < 0 && errno == EINTR) {
  }
  ::close(err_pipe[0]);
  if (n == static_cast<ssize_t>(sizeof e)) {
    child.wait();
    throw UserError(argv[0] + ": cannot run: " + std::strerror(e));
  }
  return child;
}

ExitStatus run_process(const std::vector<std::string>& argv, const SpawnOptions& opts, double timeout_s) {
  ChildProcess c = spawn_process(argv, opts);
  return c.wait(timeout_s);
}

}  // namespace axon
