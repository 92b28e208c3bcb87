#include "axon/core/files.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <random>

#include "axon/core/error.h"

namespace axon {

namespace fs = std::filesystem;

namespace {

std::string why(int err) { return std::strerror(err); }

// Closes a descriptor at the end of a scope.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::string kind_of(mode_t m) {
  if (S_ISDIR(m)) return "is a directory";
  if (S_ISFIFO(m)) return "is a FIFO, not a regular file";
  if (S_ISCHR(m) || S_ISBLK(m)) return "is a device, not a regular file";
  if (S_ISSOCK(m)) return "is a socket, not a regular file";
  return "is not a regular file";
}

void write_all(int fd, std::string_view bytes, const std::string& path) {
  while (!bytes.empty()) {
    ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw UserError(shown_path(path) + ": cannot write: " + why(n < 0 ? errno : EIO));
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

}  // namespace

std::string shown_path(const std::string& path) {
  std::string s = path.size() > 240 ? path.substr(0, 120) + "..." + path.substr(path.size() - 100) : path;
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return s;
}

std::string read_input_file(const std::string& path, size_t max_bytes, const std::string& what) {
  // O_NONBLOCK: opening a FIFO does not wait for a writer; it is refused right after.
  Fd f{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (f.fd < 0) {
    int e = errno;
    if (e == EISDIR) throw UserError(shown_path(path) + ": is a directory");
    throw UserError(shown_path(path) + ": cannot open file: " + why(e));
  }
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw UserError(shown_path(path) + ": cannot read file: " + why(errno));
  if (S_ISDIR(st.st_mode)) throw UserError(shown_path(path) + ": is a directory");
  if (!S_ISREG(st.st_mode)) throw UserError(shown_path(path) + ": " + kind_of(st.st_mode) + " (a " + what + " must be a regular file)");
  if (static_cast<uint64_t>(st.st_size) > max_bytes)
    throw UserError(shown_path(path) + ": file is " + std::to_string(st.st_size) + " bytes (limit " + std::to_string(max_bytes) + " for a " + what + ")");
  // The file may grow while it is read: the cap holds for what is read, not for what stat said.
  std::string text;
  text.reserve(static_cast<size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw UserError(shown_path(path) + ": cannot read file: " + why(errno));
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > max_bytes)
      throw UserError(shown_path(path) + ": file holds more than " + std::to_string(max_bytes) + " bytes (the limit for a " + what + ")");
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  fs::path p(path_);
  if (p.filename().empty()) throw UserError(shown_path(path_) + ": not a file name");
  std::random_device rd;
  for (int attempt = 0; attempt < 100; ++attempt) {
    char tag[32];
    std::snprintf(tag, sizeof tag, ".tmp-%d-%08x", static_cast<int>(::getpid()), static_cast<unsigned>(rd()));
    tmp_ = (p.parent_path() / ("." + p.filename().string().substr(0, 100) + tag)).string();
    // O_EXCL | O_NOFOLLOW: a new file of our own, never one that something planted there.
    fd_ = ::open(tmp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd_ >= 0) return;
    if (errno != EEXIST) break;
  }
  int e = errno;
  tmp_.clear();
  throw UserError(shown_path(path_) + ": cannot write: " + why(e));
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
}

void AtomicFile::write(std::string_view bytes) { write_all(fd_, bytes, path_); }

void AtomicFile::commit() {
  if (tmp_.empty()) throw InternalError("AtomicFile committed twice");
  int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) throw UserError(shown_path(path_) + ": cannot write: " + why(errno));
  // rename() replaces whatever is at the final name, a symlink included, and follows nothing.
  if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
    int e = errno;
    if (e == EISDIR) throw UserError(shown_path(path_) + ": is a directory");
    throw UserError(shown_path(path_) + ": cannot write: " + why(e));
  }
  tmp_.clear();
}

void write_file_atomic(const std::string& path, std::string_view bytes) {
  AtomicFile f(path);
  f.write(bytes);
  f.commit();
}

int open_append_nofollow(const std::string& path) {
  for (int attempt = 0; attempt < 2; ++attempt) {
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0666);
    if (fd >= 0) {
      struct stat st {};
      // A regular file with one name: not a FIFO, not a hard link to someone else's file.
      if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1) {
        ::fcntl(fd, F_SETFL, O_WRONLY | O_APPEND);
        return fd;
      }
      ::close(fd);
    } else if (errno != ELOOP && errno != ENXIO && errno != EISDIR) {
      throw UserError(shown_path(path) + ": cannot write: " + why(errno));
    }
    if (attempt == 0 && ::unlink(path.c_str()) != 0 && errno != ENOENT) break;
  }
  throw UserError(shown_path(path) + ": cannot write: not a regular file of its own");
}

void make_output_dir(const std::string& path) {
  if (path.empty()) throw UserError("the output directory is empty");
  std::error_code ec;
  fs::create_directories(path, ec);
  if (ec) throw UserError(shown_path(path) + ": cannot create the output directory: " + ec.message());
  if (!fs::is_directory(path, ec))
    throw UserError(shown_path(path) + ": " + (ec ? "cannot create the output directory: " + ec.message() : "exists and is not a directory"));
}

std::string make_private_subdir(const std::string& parent, const std::string& name) {
  const std::string p = (fs::path(parent) / name).string();
  struct stat st {};
  if (::lstat(p.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) return p;
    if (!S_ISLNK(st.st_mode)) throw UserError(shown_path(p) + ": exists and is not a directory");
    if (::unlink(p.c_str()) != 0) throw UserError(shown_path(p) + ": cannot remove the symlink: " + why(errno));
  } else if (errno != ENOENT) {
    throw UserError(shown_path(p) + ": cannot create the directory: " + why(errno));
  }
  if (::mkdir(p.c_str(), 0777) != 0 && errno != EEXIST) throw UserError(shown_path(p) + ": cannot create the directory: " + why(errno));
  if (::lstat(p.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) throw UserError(shown_path(p) + ": cannot create the directory");
  return p;
}

}  // namespace axon
