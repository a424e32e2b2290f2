// Native `attnlab`: reads the lesson file (or standard input) and runs one command.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.hpp"
#include "limits.hpp"
#include "link_text.hpp"

namespace {

// On CPUs with FMA, glibc switches log() to an FMA-tuned variant at run time, which rounds about one
// Gaussian draw in 8,000 differently in the last bit. Run once more with that variant off, so seeded
// lessons give the same bits on every machine, in bin/attnlab.mjs (wasm) and in NumPy run the same way.
void use_portable_libm(char** argv) {
#ifdef __GLIBC__
  const char* tunables = std::getenv("GLIBC_TUNABLES");
  if (tunables && std::strstr(tunables, "glibc.cpu.hwcaps=-FMA")) return;
  const std::string value = (tunables ? std::string(tunables) + ":" : std::string()) + "glibc.cpu.hwcaps=-FMA";
  setenv("GLIBC_TUNABLES", value.c_str(), 1);
  execv("/proc/self/exe", argv);  // on failure, carry on with the C library as it is
#else
  (void)argv;
#endif
}

// The input's bytes, or why not. Only regular files, pipes and standard input are read, and never past the
// JSON cap: a directory or a device (/dev/zero, /dev/tty) gets a message instead of an abort or an endless read.
// bin/attnlab.mjs says the same words.
bool read_input(const std::string& path, std::string& text, std::string& why) {
  struct stat st {};
  if (path != "-") {  // the kind first, from the name: a FIFO is then opened as `cat` would (waiting for a writer)
    if (stat(path.c_str(), &st) != 0) return why = "cannot read " + path, false;
    if (S_ISDIR(st.st_mode)) return why = path + " is a directory, not a file", false;
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return why = path + " is a device, not a file", false;
    if (S_ISSOCK(st.st_mode)) return why = path + " is a socket, not a file", false;
  }
  const int fd = path == "-" ? STDIN_FILENO : open(path.c_str(), O_RDONLY);
  if (fd < 0 || fstat(fd, &st) != 0) return why = "cannot read " + path, false;
  const std::size_t cap = attnlab::limits::max_json_bytes;
  const std::string too_large = path + " is larger than 32 MiB, the most a lesson or exercise set may be";
  if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > cap) return close(fd), why = too_large, false;
  char buf[1 << 16];
  for (;;) {
    const ssize_t got = read(fd, buf, sizeof buf);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      if (path != "-") close(fd);
      return why = "cannot read " + path, false;
    }
    if (text.size() + static_cast<std::size_t>(got) > cap) {  // stop at the cap: the rest is never read
      if (path != "-") close(fd);
      return why = too_large, false;
    }
    text.append(buf, static_cast<std::size_t>(got));
  }
  if (path != "-") close(fd);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  use_portable_libm(argv);
  if (argc < 3) {
    std::cerr << attnlab::usage();
    return 2;
  }
  const std::string path = argv[2];
  std::string text, why;
  if (!read_input(path, text, why)) {
    std::cerr << "attnlab: " << why << "\n";
    return 1;
  }
  std::vector<std::string> options(argv + 3, argv + argc);
  if (std::string(argv[1]) == "grade") {
    for (std::size_t k = 0; k + 1 < options.size(); k += 2) {
      if (options[k] != "--set") continue;
      std::string set_text;
      if (!read_input(options[k + 1], set_text, why)) {
        std::cerr << "attnlab: " << why << "\n";
        return 1;
      }
      options[k] = "--set-json";
      // the set's bytes go to the command as "--set-json BASE64URL" (core/commands.cpp), as bin/attnlab.mjs passes them
      options[k + 1] = attnlab::link::base64url_encode(set_text);
    }
  }
  const auto r = attnlab::run_command(argv[1], text, path, options);
  std::cout << r.out;
  std::cerr << r.err;
  return r.exit_code;
}
