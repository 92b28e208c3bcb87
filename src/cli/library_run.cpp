#include "library_run.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "axon/core/error.h"
#include "axon/core/process.h"

namespace axon::cli {

namespace fs = std::filesystem;

std::vector<std::string> visible_gpus() {
  std::vector<std::string> out;
  if (const char* v = std::getenv("CUDA_VISIBLE_DEVICES")) {
    // The runtime stops at the first entry that is not a device ("-1" hides them all).
    std::stringstream ss(v);
    for (std::string t; std::getline(ss, t, ',');) {
      t.erase(0, t.find_first_not_of(' '));
      t.erase(t.find_last_not_of(' ') + 1);
      if (t.empty() || t[0] == '-') break;
      out.push_back(t);
    }
    return out;
  }
  std::error_code ec;
  size_t n = 0;
  for (const auto& d : fs::directory_iterator("/proc/driver/nvidia/gpus", ec)) {
    (void)d;
    ++n;
  }
  if (n == 0)
    for (int i = 0; i < 64; ++i)
      if (fs::exists("/dev/nvidia" + std::to_string(i), ec)) ++n;
  for (size_t i = 0; i < n; ++i) out.push_back(std::to_string(i));
  return out;
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string duration(double s) {
  std::ostringstream o;
  const auto t = static_cast<long long>(s + 0.5);
  if (t >= 3600) o << t / 3600 << "h" << std::setw(2) << std::setfill('0') << (t % 3600) / 60 << "m";
  else if (t >= 60) o << t / 60 << "m" << std::setw(2) << std::setfill('0') << t % 60 << "s";
  else o << t << "s";
  return o.str();
}

std::string us(double v) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(1) << v << " us";
  return o.str();
}

struct Slot {
  bool busy = false;
  ChildProcess proc;
  int fd = -1, log_fd = -1;
  size_t run = 0;
  Clock::time_point start;
  std::string buf;
  double best_us = 0;
};

// superopt's progress: "axon superopt: variant 1: 123.4 us in total" (the best so far).
void parse_line(Slot& s, const std::string& line) {
  const std::string tail = " us in total";
  const size_t at = line.find(tail);
  const size_t colon = at == std::string::npos ? std::string::npos : line.rfind(": ", at);
  if (colon == std::string::npos) return;
  try {
    const double v = std::stod(line.substr(colon + 2, at - colon - 2));
    if (v > 0 && (s.best_us == 0 || v < s.best_us)) s.best_us = v;
  } catch (const std::exception&) {
  }
}

}  // namespace

std::vector<LibraryRunResult> run_library_jobs(const std::vector<LibraryRun>& runs, const LibraryPool& pool, std::ostream& err) {
  std::vector<LibraryRunResult> results(runs.size());
  const int workers = std::max(1, pool.workers);
  std::vector<Slot> slots(static_cast<size_t>(workers));
  size_t next = 0, finished = 0, failed = 0;
  double finished_seconds = 0;
  const auto t0 = Clock::now();
  size_t drawn = 0;  // lines drawn in place (tty)
  auto worker_name = [&](size_t w) {
    std::string n = "worker " + std::to_string(w);
    if (w < pool.gpus.size() && !pool.gpus[w].empty()) n += " (GPU " + pool.gpus[w] + ")";
    return n;
  };
  auto eta = [&]() {
    const size_t left = runs.size() - finished;
    const double per = finished > 0 ? finished_seconds / static_cast<double>(finished) : pool.budget_s * 1.2;
    return duration(per * static_cast<double>(left) / static_cast<double>(std::min<size_t>(static_cast<size_t>(workers), std::max<size_t>(left, 1))));
  };
  auto summary = [&]() {
    size_t running = 0;
    for (const Slot& s : slots) running += s.busy;
    std::ostringstream o;
    o << "axon " << pool.title << ": " << finished << " of " << runs.size() << " done" << (failed ? " (" + std::to_string(failed) + " failed)" : "")
      << ", " << running << " running, " << runs.size() - finished - running << " left; elapsed " << duration(since(t0)) << ", ETA " << eta();
    return o.str();
  };
  // On a terminal: the summary and one line per worker, redrawn in place; events above them.
  auto redraw = [&](const std::string& event) {
    if (pool.quiet) return;
    if (!pool.tty) {
      if (!event.empty()) err << event << "\n" << std::flush;
      return;
    }
    if (drawn > 0) err << "\033[" << drawn << "A";
    if (!event.empty()) err << "\r\033[2K" << event << "\n";
    std::vector<std::string> lines{summary()};
    for (size_t w = 0; w < slots.size(); ++w) {
      const Slot& s = slots[w];
      std::ostringstream l;
      l << "  " << worker_name(w) << ": ";
      if (!s.busy) l << "idle";
      else l << runs[s.run].label << ", " << duration(since(s.start)) << (s.best_us > 0 ? ", best so far " + us(s.best_us) : "");
      lines.push_back(l.str());
    }
    for (const auto& l : lines) err << "\r\033[2K" << l.substr(0, 160) << "\n";
    drawn = lines.size();
    err << std::flush;
  };
  auto start = [&](size_t w, size_t i) {
    Slot& s = slots[w];
    s = Slot{};
    s.run = i;
    s.start = Clock::now();
    int p[2] = {-1, -1};
    try {
      s.log_fd = ::open(runs[i].log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
      if (s.log_fd < 0) throw UserError(runs[i].log + ": cannot write the job's log");
      if (::pipe2(p, O_CLOEXEC) != 0) throw UserError("cannot make a pipe for a superopt child");
      SpawnOptions o;
      o.stdout_fd = o.stderr_fd = p[1];
      if (w < pool.gpus.size() && !pool.gpus[w].empty()) o.env.push_back("CUDA_VISIBLE_DEVICES=" + pool.gpus[w]);
      s.proc = spawn_process(runs[i].argv, o);
      ::close(p[1]);
      s.fd = p[0];
      s.busy = true;
      if (!pool.tty) redraw("axon " + pool.title + ": " + worker_name(w) + ": " + runs[i].label + ": started");
    } catch (const UserError& e) {
      for (int fd : {p[0], p[1], s.log_fd})
        if (fd >= 0) ::close(fd);
      results[i].why = e.what();
      ++finished;
      ++failed;
      redraw("axon " + pool.title + ": " + runs[i].label + ": FAILED: " + e.what());
    }
  };
  auto finish = [&](size_t w) {
    Slot& s = slots[w];
    ::close(s.fd);
    const ExitStatus st = s.proc.wait();
    if (s.log_fd >= 0) ::close(s.log_fd);
    LibraryRunResult& r = results[s.run];
    r.seconds = since(s.start);
    r.best_us = s.best_us;
    r.ok = st.ok();
    if (!r.ok) r.why = "superopt " + st.str() + " (see " + runs[s.run].log + ")";
    s.busy = false;
    ++finished;
    failed += !r.ok;
    finished_seconds += r.seconds;
    std::ostringstream ev;
    ev << "axon " << pool.title << ": [" << finished << "/" << runs.size() << "] " << runs[s.run].label << ": "
       << (r.ok ? "done" : "FAILED: " + r.why) << " in " << std::fixed << std::setprecision(1) << r.seconds << " s"
       << (r.best_us > 0 ? ", " + us(r.best_us) : "") << " (" << worker_name(w) << "); ETA " << eta();
    redraw(ev.str());
  };
  auto last_draw = Clock::now();
  while (finished < runs.size()) {
    for (size_t w = 0; w < slots.size() && next < runs.size(); ++w)
      if (!slots[w].busy) start(w, next++);
    std::vector<pollfd> fds;
    std::vector<size_t> of;
    for (size_t w = 0; w < slots.size(); ++w)
      if (slots[w].busy) {
        fds.push_back({slots[w].fd, POLLIN, 0});
        of.push_back(w);
      }
    if (fds.empty()) continue;
    if (::poll(fds.data(), fds.size(), 500) < 0 && errno != EINTR) throw InternalError("poll failed on the superopt children");
    for (size_t k = 0; k < fds.size(); ++k) {
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      Slot& s = slots[of[k]];
      char buf[65536];
      const ssize_t n = ::read(s.fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        finish(of[k]);
        continue;
      }
      if (s.log_fd >= 0) {
        ssize_t w = ::write(s.log_fd, buf, static_cast<size_t>(n));
        (void)w;
      }
      s.buf.append(buf, static_cast<size_t>(n));
      for (size_t nl; (nl = s.buf.find('\n')) != std::string::npos;) {
        parse_line(s, s.buf.substr(0, nl));
        s.buf.erase(0, nl + 1);
      }
    }
    if (pool.tty && since(last_draw) >= 1.0) {
      redraw("");
      last_draw = Clock::now();
    }
  }
  if (pool.tty && !pool.quiet) redraw("");
  return results;
}

}  // namespace axon::cli
