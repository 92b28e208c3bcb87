// What axon never does (docs/cli.md, "Guarantees"): run a shell, write outside its output folder
// or through a symlink planted there, leave children running when it is killed, block on a FIFO,
// read a device, accept a .npy of another dtype, or exit 0 when its output was lost.
#include <catch2/catch.hpp>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "axon/core/npy.h"
#include "axon/core/process.h"
#include "axon/tiling/measure.h"
#include "cli_support.h"

namespace fs = std::filesystem;
using axon::test::lines;
using axon::test::Result;
using axon::test::run;
using axon::test::TempDir;

namespace {

void refused(const Result& r, const std::string& what) {
  INFO(r.out << r.err);
  CHECK(r.code == axon::kExitUser);
  CHECK(r.err.rfind("error: ", 0) == 0);
  CHECK(lines(r.err) == 1);
  CHECK(r.err.find(what) != std::string::npos);
}

std::string slurp(const fs::path& p) {
  std::stringstream s;
  s << std::ifstream(p, std::ios::binary).rdbuf();
  return s.str();
}

// A graph of one input x (dtype, shape [3] unless told) whose output y is exp(x), or x itself.
std::string graph(const std::string& dtype = "f32", const std::string& out = "y", const std::string& shape = "[4, 8]") {
  std::string nodes = out == "x" ? "" : R"({"name": ")" + out + R"(", "op": "exp", "inputs": ["x"]})";
  return R"({"name": "g", "inputs": [{"name": "x", "shape": )" + shape + R"(, "dtype": ")" + dtype + R"("}], "nodes": [)" + nodes +
         R"(], "outputs": [")" + out + R"("]})";
}

// Sets an environment variable for the scope of a test.
struct EnvVar {
  std::string name;
  std::optional<std::string> old;
  EnvVar(std::string n, const std::string& value) : name(std::move(n)) {
    if (const char* v = std::getenv(name.c_str())) old = v;
    setenv(name.c_str(), value.c_str(), 1);
  }
  ~EnvVar() {
    if (old) setenv(name.c_str(), old->c_str(), 1);
    else unsetenv(name.c_str());
  }
};

// A CUDA_HOME whose bin/nvcc is a script that records its arguments, one a line, in bin/args,
// and succeeds.
fs::path fake_cuda(const TempDir& dir) {
  fs::path home = dir.path / "cuda";
  fs::create_directories(home / "bin");
  std::ofstream(home / "bin" / "nvcc") << "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"$(dirname \"$0\")/args\"\nexit 0\n";
  fs::permissions(home / "bin" / "nvcc", fs::perms::owner_all);
  return home;
}

// The command run in a child process, given `seconds` to finish: nullopt when it hangs (it is
// killed), so that a test of a FIFO fails instead of blocking the suite.
std::optional<Result> guarded(const std::vector<std::string>& args, double seconds = 20,
                              const std::vector<std::pair<std::string, std::string>>& env = {}) {
  int p[2];
  REQUIRE(pipe(p) == 0);
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    close(p[0]);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    Result r = run(args);
    std::string msg = std::to_string(r.code) + "\n" + r.err;
    ssize_t w = write(p[1], msg.data(), msg.size());
    (void)w;
    _exit(0);
  }
  close(p[1]);
  fcntl(p[0], F_SETFL, O_NONBLOCK);
  std::string data;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int status = 0;
  bool done = false;
  while (std::chrono::steady_clock::now() < deadline) {
    char buf[4096];
    ssize_t n;
    while ((n = read(p[0], buf, sizeof buf)) > 0) data.append(buf, static_cast<size_t>(n));
    if (waitpid(pid, &status, WNOHANG) == pid) {
      done = true;
      while ((n = read(p[0], buf, sizeof buf)) > 0) data.append(buf, static_cast<size_t>(n));
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  close(p[0]);
  if (!done) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return std::nullopt;
  }
  auto nl = data.find('\n');
  if (nl == std::string::npos) return Result{-1, "", "the child died: " + data};
  return Result{std::stoi(data.substr(0, nl)), "", data.substr(nl + 1)};
}

void refused_in_time(const std::vector<std::string>& args, const std::string& what,
                     const std::vector<std::pair<std::string, std::string>>& env = {}) {
  INFO(args.at(0) << " " << (args.size() > 1 ? args[1] : ""));
  auto start = std::chrono::steady_clock::now();
  std::optional<Result> r = guarded(args, 20, env);
  REQUIRE(r.has_value());  // did not hang
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  refused(*r, what);
}

// Whether a process runs (not gone, not a zombie).
bool running(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  auto close_paren = text.rfind(')');
  if (close_paren == std::string::npos || close_paren + 2 >= text.size()) return false;
  char state = text[close_paren + 2];
  return state != 'Z' && state != 'X';
}

bool gone_within(pid_t pid, double seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (!running(pid)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return !running(pid);
}

// A .npy file of the given descr ("<f4") and shape text ("(3,)") holding `raw`.
std::string npy(const std::string& descr, const std::string& shape, const std::string& raw) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  header.append((64 - (10 + header.size() + 1) % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  return out + header + raw;
}

template <typename T>
std::string raw_of(std::initializer_list<T> values) {
  std::string s;
  for (T v : values) s.append(reinterpret_cast<const char*>(&v), sizeof v);
  return s;
}

// The axon binary next to this test binary (build/tests -> build/src/cli).
std::string axon_binary() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return (self.parent_path().parent_path() / "src" / "cli" / "axon").string();
}

}  // namespace

TEST_CASE("cli safety: superopt runs nvcc without a shell, whatever the output folder is called", "[cli][safety]") {
  TempDir dir;
  const std::string g = dir.write("g.json", graph());
  EnvVar cuda("CUDA_HOME", fake_cuda(dir).string());
  const fs::path pwned = dir.path / "PWNED";
  for (const std::string& name : {"out'; touch " + pwned.string() + "; echo '", std::string("John's out"), std::string("a \"b\" $(c) `d`")}) {
    INFO(name);
    const fs::path out = dir.path / name;
    Result r = run({"superopt", g, "-o", out.string(), "--no-gpu", "--budget", "1", "-q"});
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    CHECK(!fs::exists(pwned));
    CHECK(fs::is_regular_file(out / "libaxon_g.so"));
    CHECK(r.out.find("built " + (out / "libaxon_g.so").string()) != std::string::npos);
    // nvcc got each argument whole: -o a temporary file in the folder, then the launcher source.
    std::vector<std::string> args;
    std::istringstream in(slurp(dir.path / "cuda" / "bin" / "args"));
    for (std::string line; std::getline(in, line);) args.push_back(line);
    REQUIRE(args.size() >= 3);
    CHECK(args.back() == (out / "axon_g.cu").string());
    auto o = std::find(args.begin(), args.end(), "-o");
    REQUIRE(o + 1 < args.end());
    CHECK(fs::path(*(o + 1)).parent_path() == out);
    CHECK(!fs::exists(*(o + 1)));  // renamed to libaxon_g.so
  }
}

TEST_CASE("cli safety: children run from an argument vector, are stopped as a group, and die with their parent", "[cli][safety][process]") {
  TempDir dir;
  CHECK(axon::run_process({"sh", "-c", "exit 3"}).code == 3);
  CHECK(axon::run_process({"sh", "-c", "kill -9 $$"}).signal == SIGKILL);
  CHECK_THROWS_AS(axon::spawn_process({(dir.path / "no-such-program").string()}), axon::UserError);
  CHECK(axon::find_program("sh").find('/') != std::string::npos);
  CHECK(axon::find_program("no-such-program-anywhere").empty());
  {  // Arguments are passed as they are; stdout into a file.
    axon::AtomicFile log((dir.path / "log").string());
    axon::SpawnOptions o;
    o.stdout_fd = log.fd();
    CHECK(axon::run_process({"echo", "a'b; touch x", "$(c)"}, o).ok());
    log.commit();
    CHECK(slurp(dir.path / "log") == "a'b; touch x $(c)\n");
  }
  {  // A timeout kills the whole group: the program and what it started.
    const fs::path pidfile = dir.path / "bg.pid";
    auto start = std::chrono::steady_clock::now();
    axon::ExitStatus s = axon::run_process({"sh", "-c", "sleep 30 & echo $! > '" + pidfile.string() + "'; wait"}, {}, 0.5);
    CHECK(s.timed_out);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    REQUIRE(fs::exists(pidfile));
    CHECK(gone_within(std::stoi(slurp(pidfile)), 2));
  }
  // Killed with SIGKILL, a parent takes its children along: an intermediate process starts
  // `sleep 30` through the helper, reports the pids and is killed.
  const fs::path pidfile = dir.path / "sleep.pid";
  int p[2];
  REQUIRE(pipe(p) == 0);
  pid_t mid = fork();
  REQUIRE(mid >= 0);
  if (mid == 0) {
    close(p[0]);
    try {
      axon::ChildProcess c = axon::spawn_process({"sh", "-c", "echo $$ > '" + pidfile.string() + "'; exec sleep 30"});
      pid_t group = c.pid();
      ssize_t w = write(p[1], &group, sizeof group);
      (void)w;
      for (;;) pause();
    } catch (...) {
      _exit(1);
    }
  }
  close(p[1]);
  pid_t group = -1;
  REQUIRE(read(p[0], &group, sizeof group) == static_cast<ssize_t>(sizeof group));
  close(p[0]);
  for (int i = 0; i < 200 && !fs::exists(pidfile); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  REQUIRE(fs::exists(pidfile));
  const pid_t sleeper = std::stoi(slurp(pidfile));
  CHECK(running(sleeper));
  kill(mid, SIGKILL);
  waitpid(mid, nullptr, 0);
  CHECK(gone_within(sleeper, 2));
  CHECK(gone_within(group, 2));
  if (running(sleeper)) kill(sleeper, SIGKILL);
}

TEST_CASE("cli safety: the measuring worker runs through the same helper, and its log replaces a planted symlink", "[cli][safety][process]") {
  TempDir dir;
  const std::string outside = dir.write("outside.txt", "keep me\n");
  fs::create_symlink(outside, dir.path / "worker.log");
  axon::gpu::MeasureJob job;
  job.tools_cubin = (dir.path / "no-such.cubin").string();
  job.ref_cubin = job.tools_cubin;
  for (int i = 0; i < 2; ++i) job.candidates.push_back({i, job.tools_cubin, {}});
  // Without a GPU (or with one: the cubins do not exist) the worker fails before any candidate:
  // every candidate is an error, nothing hangs, nothing is written outside the folder.
  auto results = axon::gpu::measure(job, dir.path.string(), axon_binary(), 30, {});
  REQUIRE(results.size() == 2);
  for (const auto& r : results) CHECK(r.status == "error");
  CHECK(slurp(outside) == "keep me\n");
  CHECK(!fs::is_symlink(dir.path / "worker.log"));
  // A worker that cannot be started is an error of its candidates, not an exception.
  results = axon::gpu::measure(job, dir.path.string(), (dir.path / "no-such-axon").string(), 30, {});
  REQUIRE(results.size() == 2);
  CHECK(results[0].status == "error");
  CHECK(results[0].detail.find("the worker could not start") != std::string::npos);
}

TEST_CASE("cli safety: output files replace symlinks planted at their names and never write through them", "[cli][safety]") {
  TempDir dir;
  const std::string outside = dir.write("outside.txt", "keep me\n");
  const fs::path elsewhere = dir.path / "elsewhere";
  fs::create_directories(elsewhere);
  auto plant = [&](const fs::path& out, const std::vector<std::string>& names) {
    fs::create_directories(out);
    for (const auto& n : names) fs::create_symlink(outside, out / n);
  };
  auto check_outputs = [&](const fs::path& out, const std::vector<std::string>& names) {
    CHECK(slurp(outside) == "keep me\n");
    for (const auto& n : names) {
      INFO(n);
      CHECK(!fs::is_symlink(out / n));
      CHECK(fs::is_regular_file(out / n));
    }
  };
  // eval -o: the inputs' and the outputs' .npy files.
  const std::string g = dir.write("g.json", graph());
  const fs::path e = dir.path / "e";
  plant(e, {"y.npy", "input_x.npy"});
  Result r = run({"eval", g, "-o", e.string()});
  REQUIRE(r.code == 0);
  check_outputs(e, {"y.npy", "input_x.npy"});
  CHECK(axon::read_npy((e / "y.npy").string()).shape == std::vector<int64_t>{4, 8});
  // superopt -o: kernels, launcher, library, log, report; the work folder a symlink to elsewhere.
  EnvVar cuda("CUDA_HOME", fake_cuda(dir).string());
  const std::vector<std::string> files{"report.json", "launcher.json", "axon_g.h", "axon_g.cu", "kernel0_elementwise.cu", "nvcc.log", "libaxon_g.so"};
  const fs::path s = dir.path / "s";
  plant(s, files);
  fs::create_directory_symlink(elsewhere, s / ".work");
  r = run({"superopt", g, "-o", s.string(), "--no-gpu", "--budget", "1", "-q"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  check_outputs(s, files);
  CHECK(fs::is_directory(s / ".work"));
  CHECK(!fs::is_symlink(s / ".work"));
  CHECK(fs::is_empty(elsewhere));
  CHECK(slurp(s / "report.json").find("\"graph\"") != std::string::npos);
  // rewrite --emit -o FILE.
  const std::string emitted = (dir.path / "emitted.json").string();
  fs::create_symlink(outside, emitted);
  r = run({"rewrite", g, "--emit", "0", "-o", emitted, "--budget", "1", "-q"});
  REQUIRE(r.code == 0);
  CHECK(slurp(outside) == "keep me\n");
  CHECK(!fs::is_symlink(emitted));
  CHECK(run({"check", emitted}).code == 0);
  // The helpers themselves: a temporary file is never left behind; appending replaces a symlink.
  axon::write_file_atomic((dir.path / "plain.txt").string(), "abc");
  CHECK(slurp(dir.path / "plain.txt") == "abc");
  fs::create_symlink(outside, dir.path / "log");
  int fd = axon::open_append_nofollow((dir.path / "log").string());
  REQUIRE(fd >= 0);
  CHECK(write(fd, "x", 1) == 1);
  close(fd);
  CHECK(slurp(outside) == "keep me\n");
  CHECK(slurp(dir.path / "log") == "x");
  for (const auto& ent : fs::recursive_directory_iterator(dir.path)) {
    INFO(ent.path());
    CHECK(ent.path().filename().string().find(".tmp-") == std::string::npos);
  }
}

TEST_CASE("cli safety: eval -o refuses an output whose file is an input's", "[cli][safety]") {
  TempDir dir;
  const std::string g = dir.write("g.json", graph("f32", "input_x"));
  const fs::path out = dir.path / "o";
  Result r = run({"eval", g, "-o", out.string()});
  refused(r, "output 'input_x' and input 'x' would both be written to input_x.npy");
  CHECK(r.out.empty());  // before anything is evaluated
  CHECK(!fs::exists(out));
  CHECK(run({"eval", g}).code == 0);  // without -o there is no file
}

TEST_CASE("cli safety: input files must be regular files of bounded size, FIFOs and devices are refused at once", "[cli][safety]") {
  TempDir dir;
  const std::string fifo = (dir.path / "fifo").string();
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const std::string g = dir.write("g.json", graph());
  const std::string rules = dir.write("ok.axr", "size M\ninput x: f32[M]\nr1: neg(neg(x)) => x\n");
  refused_in_time({"check", fifo}, "is a FIFO, not a regular file");
  refused_in_time({"print", fifo}, "is a FIFO, not a regular file");
  refused_in_time({"verify", fifo}, "is a FIFO, not a regular file");
  refused_in_time({"verify", rules, fifo}, "is a FIFO, not a regular file");
  const std::string fifo_json = (dir.path / "b.json").string();
  REQUIRE(mkfifo(fifo_json.c_str(), 0600) == 0);
  refused_in_time({"verify", g, fifo_json}, "is a FIFO, not a regular file");
  refused_in_time({"rewrite", fifo, "-q"}, "is a FIFO, not a regular file");
  refused_in_time({"superopt", fifo, "-o", (dir.path / "so").string(), "--no-gpu", "-q"}, "is a FIFO, not a regular file");
  refused_in_time({"eval", g, "--inputs", "x=" + fifo}, "is a FIFO, not a regular file");
  refused_in_time({"verify", "/dev/zero"}, "/dev/zero: is a device, not a regular file");
  refused_in_time({"check", "/dev/zero"}, "/dev/zero: is a device, not a regular file");
  refused_in_time({"eval", g, "--inputs", "x=/dev/zero"}, "/dev/zero: is a device, not a regular file");
  // ISA specs and the synthesized lowerings, when the user points at them.
  const fs::path isa = dir.path / "isa";
  fs::create_directories(isa / "targets");
  fs::create_directories(isa / "ptx");
  REQUIRE(mkfifo((isa / "targets" / "sm_90.target").c_str(), 0600) == 0);
  refused_in_time({"synth", "--isa-dir", isa.string(), "--op", "exp", "-q"}, "is a FIFO, not a regular file");
  const fs::path cache = dir.path / "synth-cache";
  fs::create_directories(cache);
  REQUIRE(mkfifo((cache / "sm_90.json").c_str(), 0600) == 0);
  refused_in_time({"superopt", g, "-o", (dir.path / "so2").string(), "--no-gpu", "-q", "--budget", "1"}, "is a FIFO, not a regular file",
                  {{"AXON_SYNTH_CACHE", cache.string()}});
  // Sizes are capped: a rules file over 16 MiB; a .npy larger than its input can be.
  refused_in_time({"verify", dir.write("big.axr", std::string((size_t{16} << 20) + 1, '#'))}, "bytes (limit 16777216 for a rules file)");
  refused_in_time({"eval", g, "--inputs", "x=" + dir.write("big.npy", npy("<f4", "(4, 8)", std::string(1 << 20, '\0')))},
                  "for a .npy file)");
  CHECK(axon::read_input_file(rules, 1000, "rules file").size() == 44);
  CHECK(axon::read_input_file(rules, 44, "rules file").size() == 44);
  CHECK_THROWS_WITH(axon::read_input_file(rules, 43, "rules file"), Catch::Contains("limit 43"));
}

TEST_CASE("cli safety: output paths the system refuses (too long, a symlink loop) are bad input, not internal errors", "[cli][safety]") {
  TempDir dir;
  const std::string g = dir.write("g.json", graph());
  std::string long_path = dir.path.string();
  while (long_path.size() < 6000) long_path += "/" + std::string(200, 'a');
  fs::create_symlink("loop", dir.path / "loop");
  const std::string loop = (dir.path / "loop" / "out").string();
  refused(run({"superopt", g, "-o", long_path, "--no-gpu", "-q", "--budget", "1"}), "File name too long");
  refused(run({"superopt", g, "-o", loop, "--no-gpu", "-q", "--budget", "1"}), "Too many levels of symbolic links");
  refused(run({"eval", g, "-o", long_path}), "File name too long");
  refused(run({"eval", g, "-o", loop}), "Too many levels of symbolic links");
  refused(run({"check", long_path + "/g.json"}), "File name too long");
  refused(run({"check", (dir.path / "loop" / "g.json").string()}), "Too many levels of symbolic links");
  Result r = run({"eval", g, "-o", long_path});
  CHECK(r.err.size() < 400);  // the path is shortened in the message
}

TEST_CASE("cli safety: a .npy value must be in its input's own dtype", "[cli][safety]") {
  TempDir dir;
  auto eval_with = [&](const std::string& dtype, const std::string& file) {
    return run({"eval", dir.write("g_" + dtype + ".json", graph(dtype, "x", "[3]")), "--inputs", "x=" + file});
  };
  auto f = [&](const std::string& name, const std::string& bytes) { return dir.write(name, bytes); };
  // bool: |b1 of 0 and 1 only; a uint8 file is not a bool file.
  refused(eval_with("bool", f("u1.npy", npy("|u1", "(3,)", std::string("\x00\x05\xc8", 3)))), "unsupported .npy dtype 'u1'");
  refused(eval_with("bool", f("b5.npy", npy("|b1", "(3,)", std::string("\x00\x05\x01", 3)))), "element 1 is not a bool (byte 5)");
  Result ok = eval_with("bool", f("b1.npy", npy("|b1", "(3,)", std::string("\x00\x01\x01", 3))));
  CHECK(ok.code == 0);
  CHECK(ok.out.find("first values: 0 1 1") != std::string::npos);
  refused(eval_with("bool", f("i4.npy", npy("<i4", "(3,)", raw_of<int32_t>({0, 1, 1})))), "does not hold a bool input (expected '|b1')");
  // i32: <i4 only (no int64, no floats).
  CHECK(eval_with("i32", f("i4.npy", npy("<i4", "(3,)", raw_of<int32_t>({1, -2, 3})))).code == 0);
  refused(eval_with("i32", f("i8.npy", npy("<i8", "(3,)", raw_of<int64_t>({1, 2, int64_t{1} << 40})))), "unsupported .npy dtype 'i8'");
  refused(eval_with("i32", f("f4.npy", npy("<f4", "(3,)", raw_of<float>({1.5f, 2, 3})))), "does not hold a i32 input (expected '<i4')");
  // f32: <f4, or float64 of f32 values (as eval -o writes them).
  CHECK(eval_with("f32", f("f4.npy", npy("<f4", "(3,)", raw_of<float>({0.1f, 2, 3})))).code == 0);
  CHECK(eval_with("f32", f("f8.npy", npy("<f8", "(3,)", raw_of<double>({0.5, 2, -3})))).code == 0);
  refused(eval_with("f32", f("f8x.npy", npy("<f8", "(3,)", raw_of<double>({0.1, 2, 3})))), "element 0 (0.100000) of this float64 file is not a f32 value");
  refused(eval_with("f32", f("f2.npy", npy("<f2", "(3,)", raw_of<uint16_t>({0x3c00, 0, 0})))), "does not hold a f32 input");
  refused(eval_with("f32", f("i4.npy", npy("<i4", "(3,)", raw_of<int32_t>({1, 2, 3})))), "does not hold a f32 input");
  // f16: <f2; bf16: <f4 (NumPy has no bfloat16).
  CHECK(eval_with("f16", f("f2.npy", npy("<f2", "(3,)", raw_of<uint16_t>({0x3c00, 0, 0})))).code == 0);
  refused(eval_with("f16", f("f4.npy", npy("<f4", "(3,)", raw_of<float>({1, 2, 3})))), "does not hold a f16 input (expected '<f2'");
  CHECK(eval_with("bf16", f("f4.npy", npy("<f4", "(3,)", raw_of<float>({1, 2, 3})))).code == 0);
  // What eval -o writes reads back, in both precisions.
  const std::string g = dir.write("g.json", graph("bf16"));
  for (const char* precision : {"f64", "native"}) {
    const fs::path out = dir.path / precision;
    REQUIRE(run({"eval", g, "--precision", precision, "-o", out.string()}).code == 0);
    Result again = run({"eval", g, "--precision", precision, "--inputs", "x=" + (out / "input_x.npy").string(), "--seed", "7"});
    INFO(again.err);
    CHECK(again.code == 0);
  }
}

TEST_CASE("cli safety: a failed write to standard output is an error", "[cli][safety]") {
  TempDir dir;
  const std::string g = dir.write("g.json", graph());
  const std::string rules = dir.write("ok.axr", "size M\ninput x: f32[M]\nr1: neg(neg(x)) => x\n");
  const std::string axon = axon_binary();
  REQUIRE(fs::exists(axon));
  int full = open("/dev/full", O_WRONLY | O_CLOEXEC);
  REQUIRE(full >= 0);
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"print", g}, {"check", g}, {"check", g, "--json"}, {"verify", rules}, {"rewrite", g, "--budget", "1", "-q"}, {"eval", g}, {"--help"}}) {
    INFO(args[0]);
    std::vector<std::string> argv{axon};
    argv.insert(argv.end(), args.begin(), args.end());
    axon::AtomicFile err((dir.path / "err.txt").string());
    axon::SpawnOptions o;
    o.stdout_fd = full;
    o.stderr_fd = err.fd();
    axon::ExitStatus s = axon::run_process(argv, o, 120);
    err.commit();
    const std::string text = slurp(dir.path / "err.txt");
    INFO(text);
    CHECK(s.code == axon::kExitUser);
    CHECK(text.find("error: cannot write to standard output\n") != std::string::npos);
  }
  close(full);
  // In-process too: a stream that fails.
  struct Failing : std::streambuf {
    int overflow(int) override { return traits_type::eof(); }
  } failing;
  std::ostream bad(&failing);
  std::ostringstream err;
  std::vector<const char*> argv{"axon", "print", g.c_str()};
  CHECK(axon::run_cli(3, argv.data(), bad, err) == axon::kExitUser);
  CHECK(err.str() == "error: cannot write to standard output\n");
}

TEST_CASE("cli safety: seeds, repeated inputs, empty paths and memory limits are checked", "[cli][safety]") {
  TempDir dir;
  const std::string g = dir.write("g.json", graph());
  const std::string rules = dir.write("ok.axr", "size M\ninput x: f32[M]\nr1: neg(neg(x)) => x\n");
  for (const char* seed : {"-1", "18446744073709551616", "99999999999999999999999", "+3", "0x10", "1e3", ""}) {
    INFO(seed);
    refused(run({"eval", g, "--seed", seed}), "--seed");
    refused(run({"verify", rules, "--seed", seed}), "--seed");
    refused(run({"rewrite", g, "--seed", seed, "-q"}), "--seed");
    refused(run({"superopt", g, "-o", (dir.path / "so").string(), "--no-gpu", "--seed", seed}), "--seed");
  }
  Result top = run({"eval", g, "--seed", "18446744073709551615"});
  CHECK(top.code == 0);
  CHECK(top.out.find("seed 18446744073709551615") != std::string::npos);
  CHECK(run({"eval", g, "--seed", "0"}).code == 0);
  const std::string x = (dir.path / "x.npy").string();
  axon::write_npy(x, axon::Tensor(axon::DType::f32, {4, 8}));
  refused(run({"eval", g, "--inputs", "x=" + x, "--inputs", "x=" + x}), "input 'x' is given twice");
  refused(run({"eval", g, "-o", ""}), "--out: expected a path, got an empty string");
  refused(run({"superopt", g, "-o", "", "--no-gpu"}), "--out: expected a path");
  refused(run({"rewrite", g, "--emit", "0", "-o", ""}), "--output: expected a path");
  refused(run({"synth", "--emit", ""}), "--emit: expected a path");
  refused(run({"synth", "--json-out", ""}), "--json-out: expected a path");
  refused(run({"eval", g, "--max-memory-gb", "9e9"}), "--max-memory-gb");
  refused(run({"eval", g, "--max-memory-gb", "0"}), "--max-memory-gb");
  refused(run({"eval", g, "--max-memory-gb", "-1"}), "--max-memory-gb");
  CHECK(run({"eval", g, "--max-memory-gb", "1e6"}).code == 0);
  refused(run({"eval", dir.write("big.json", graph("f32", "y", "[1048576, 1024]")), "--max-memory-gb", "0.001"}), "limit 1 MiB");
  // Integer options out of their type's range.
  refused(run({"verify", rules, "--timeout-ms", "-1"}), "--timeout-ms");
  refused(run({"verify", rules, "--timeout-ms", "4294967297"}), "--timeout-ms");
  refused(run({"rewrite", g, "--max-variants", "99999999999999999999"}), "--max-variants");
  refused(run({"rewrite", g, "--emit", "-1"}), "--emit");
  refused(run({"superopt", g, "-o", (dir.path / "so").string(), "--configs", "4294967297"}), "--configs");
}
