#include "isolate.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <exception>

#include "axon/core/error.h"

namespace axon::sem {

namespace {

void write_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    off += static_cast<size_t>(n);
  }
}

}  // namespace

std::vector<std::optional<std::string>> run_isolated(
    const std::vector<std::function<std::string()>>& jobs, double deadline_s,
    const std::function<bool(size_t, const std::string&)>& done, std::vector<std::string>* why) {
  struct Child {
    pid_t pid = -1;
    int fd = -1;
    std::string data;
    bool finished = false;
  };
  std::vector<Child> kids(jobs.size());
  std::vector<std::optional<std::string>> out(jobs.size());
  std::vector<std::string> reasons(jobs.size());
  const pid_t parent = ::getpid();
  for (size_t i = 0; i < jobs.size(); ++i) {
    int p[2];
    if (::pipe(p) != 0) throw InternalError("pipe() failed");
    pid_t pid = ::fork();
    if (pid < 0) throw InternalError("fork() failed");
    if (pid == 0) {
      // The child dies with its parent (a kill -9 of axon must not leave solvers running). A
      // child that forks in turn (a verification per child, prove_in_children, whose solvers run
      // in children of their own) does so through here too, so every level dies with the one
      // above it. If the parent died before prctl took effect, the child is already an orphan.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(1);
      ::close(p[0]);
      std::string text;
      try {
        text = jobs[i]();
      } catch (const std::exception& e) {
        text = std::string("!error ") + e.what();
      } catch (...) {
        text = "!error unknown exception";
      }
      write_all(p[1], text);
      ::close(p[1]);
      ::_exit(0);
    }
    ::close(p[1]);
    kids[i].pid = pid;
    kids[i].fd = p[0];
  }
  auto start = std::chrono::steady_clock::now();
  bool stop = false;
  size_t open = kids.size();
  while (open > 0 && !stop) {
    double left = deadline_s - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (left <= 0) break;
    std::vector<pollfd> fds;
    std::vector<size_t> which;
    for (size_t i = 0; i < kids.size(); ++i)
      if (!kids[i].finished) {
        fds.push_back({kids[i].fd, POLLIN, 0});
        which.push_back(i);
      }
    int r = ::poll(fds.data(), fds.size(), static_cast<int>(left * 1000) + 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    for (size_t k = 0; k < fds.size(); ++k) {
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Child& c = kids[which[k]];
      char buf[65536];
      ssize_t n = ::read(c.fd, buf, sizeof buf);
      if (n > 0) {
        c.data.append(buf, static_cast<size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      c.finished = true;
      --open;
      int status = 0;
      ::waitpid(c.pid, &status, 0);
      c.pid = -1;
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !c.data.empty()) {
        out[which[k]] = c.data;
        if (done(which[k], c.data)) stop = true;
      } else {
        reasons[which[k]] = WIFSIGNALED(status) ? "crashed: signal " + std::to_string(WTERMSIG(status))
                                                : "crashed: exit status " + std::to_string(WEXITSTATUS(status));
      }
    }
  }
  for (size_t i = 0; i < kids.size(); ++i) {
    Child& c = kids[i];
    if (c.pid > 0) {
      ::kill(c.pid, SIGKILL);
      ::waitpid(c.pid, nullptr, 0);
      reasons[i] = stop ? "stopped" : "deadline";
    }
    if (c.fd >= 0) ::close(c.fd);
  }
  if (why) *why = std::move(reasons);
  return out;
}

}  // namespace axon::sem
