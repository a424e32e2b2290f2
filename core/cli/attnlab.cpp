// Native `attnlab`: reads the lesson file (or standard input) and runs one command.
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

#include "commands.hpp"

int main(int argc, char** argv) {
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
