// Reading input files and writing output files safely.
//
// Inputs: only regular files are read (a FIFO, a device or a directory is refused before a byte is
// read, so `axon check FIFO` does not block), and at most `max_bytes` bytes, counted while reading.
// Outputs: a file is written to a fresh temporary file in its folder (O_CREAT | O_EXCL |
// O_NOFOLLOW) and renamed over its final name, so a symlink planted at the final name is replaced,
// never followed, and a reader never sees half a file.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace axon {

// `path` for an error message: one line (control characters shown as '?'), and a path over 240
// characters shortened to its beginning and end.
std::string shown_path(const std::string& path);

// The whole of the regular file at `path`. `what` names the kind of file in messages ("graph
// file", ".npy file"). Throws UserError "<path>: <reason>" when the file cannot be opened, is not
// a regular file, or holds more than max_bytes bytes.
std::string read_input_file(const std::string& path, size_t max_bytes, const std::string& what);

// Writes `bytes` to `path` as a new file (see above). Throws UserError naming the path.
void write_file_atomic(const std::string& path, std::string_view bytes);

// A new output file being written: a temporary file next to `path`, renamed over it by commit();
// removed if never committed. For writers that hand the descriptor to a child process.
class AtomicFile {
 public:
  explicit AtomicFile(std::string path);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();
  [[nodiscard]] int fd() const { return fd_; }
  // The temporary file's path (a program may write it by name before commit()).
  [[nodiscard]] const std::string& temp_path() const { return tmp_; }
  void write(std::string_view bytes);
  // Closes the file and renames it over the final name.
  void commit();

 private:
  std::string path_, tmp_;
  int fd_ = -1;
};

// Opens `path` for appending, creating it; a symlink (or any non-regular file) at `path` is
// removed first, never followed. Returns the descriptor (close-on-exec). Throws UserError.
int open_append_nofollow(const std::string& path);

// Creates the output directory `path` (and its parents). Throws UserError naming the path when it
// cannot be created or exists and is not a directory.
void make_output_dir(const std::string& path);

// Makes `parent`/`name` a directory of its own: a symlink there is removed (never followed), an
// existing directory kept. Returns the path. Throws UserError.
std::string make_private_subdir(const std::string& parent, const std::string& name);

}  // namespace axon
