#include "cli.h"

#include <filesystem>
#include <iostream>
#include <map>

#include "axon/core/error.h"
#include "axon/core/files.h"
#include "commands.h"

#ifndef AXON_VERSION
#define AXON_VERSION "0.0.0"
#endif

namespace axon {

namespace {

std::string version_text() {
  std::string v = std::string("axon ") + AXON_VERSION;
#if AXON_HAVE_CUDA
  v += " (CUDA toolkit " AXON_CUDA_VERSION ": GPU features compiled in)";
#else
  v += " (built without the CUDA toolkit: GPU features not compiled in)";
#endif
  return v;
}

int run_command(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  CLI::App app{"axon: an SMT-verified tensor superoptimizer for NVIDIA GPUs.\n"
               "Exit codes: 0 ok, 1 check failed, 2 bad input or usage, 3 internal error.",
               "axon"};
  app.set_version_flag("--version", version_text());
  app.require_subcommand(1);
  app.fallthrough(false);
  cli::Streams io{out, err};
  std::map<CLI::App*, cli::Runner> runners;
  for (auto add : {cli::add_check, cli::add_eval, cli::add_print, cli::add_verify, cli::add_rewrite, cli::add_synth,
                   cli::add_superopt, cli::add_library}) {
    size_t before = app.get_subcommands({}).size();
    cli::Runner r = add(app, io);
    auto subs = app.get_subcommands({});
    for (size_t i = before; i < subs.size(); ++i) runners[subs[i]] = r;  // a command may add hidden helpers
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      app.exit(e, out, err);
      return kExitOk;
    }
    // A usage error: one line, naming the command whose --help explains it.
    std::string cmd = "axon";
    for (const CLI::App* sub : app.get_subcommands()) cmd += " " + sub->get_name();
    if (cmd == "axon" && argc > 1 && argv[1][0] != '-') {  // the first word names no command
      std::string known;
      for (const CLI::App* sub : app.get_subcommands({}))  // in the order they were added; hidden helpers left out
        if (!sub->get_group().empty()) known += (known.empty() ? "" : ", ") + sub->get_name();
      err << "error: unknown command '" << argv[1] << "' (commands: " << known << "; see axon --help)\n";
      return kExitUser;
    }
    err << "error: " << e.what() << " (see " << cmd << " --help)\n";
    return kExitUser;
  }
  try {
    for (CLI::App* sub : app.get_subcommands())
      if (auto it = runners.find(sub); it != runners.end()) return it->second();
    err << "axon: no command given (see axon --help)\n";
    return kExitUser;
  } catch (const UserError& e) {
    err << "error: " << e.what() << "\n";
    return kExitUser;
  } catch (const InternalError& e) {
    err << "axon: " << e.what() << " (please report this)\n";
    return kExitInternal;
  } catch (const std::filesystem::filesystem_error& e) {
    // A path the system refused (too long, a symlink loop, no permission): the input's fault.
    err << "error: " << (e.path1().empty() ? std::string("a file") : shown_path(e.path1().string())) << ": " << e.code().message() << "\n";
    return kExitUser;
  } catch (const std::bad_alloc&) {
    err << "axon: internal error: out of memory\n";
    return kExitInternal;
  } catch (const std::exception& e) {
    err << "axon: internal error: " << e.what() << " (please report this)\n";
    return kExitInternal;
  }
}

}  // namespace

int run_cli(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  // What a command printed must have reached standard output: a failed write (a full disk) is an
  // error, not a silent success.
  auto written = [&out, &err](int code) {
    out.flush();
    if (out) return code;
    err << "error: cannot write to standard output\n" << std::flush;
    return kExitUser;
  };
  int code = run_command(argc, argv, out, err);
  return written(code);
}

}  // namespace axon
