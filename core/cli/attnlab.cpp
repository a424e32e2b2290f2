// Native `attnlab`: reads the lesson file (or standard input) and runs one command.
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include <unistd.h>

#include "commands.hpp"

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

}  // namespace

int main(int argc, char** argv) {
  use_portable_libm(argv);
  if (argc < 3) {
    std::cerr << attnlab::usage();
    return 2;
  }
  const std::string path = argv[2];
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), {});
  } else {
    std::ifstream file(path, std::ios::binary);
    if (!file) {
      std::cerr << "attnlab: cannot read " << path << "\n";
      return 1;
    }
    text.assign(std::istreambuf_iterator<char>(file), {});
  }
  const auto r = attnlab::run_command(argv[1], text, path, std::vector<std::string>(argv + 3, argv + argc));
  std::cout << r.out;
  std::cerr << r.err;
  return r.exit_code;
}
