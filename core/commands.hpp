#pragma once
// The `attnlab` commands, as text in and text out, so the native binary and the wasm one under Node
// (bin/attnlab.mjs) print byte-identical results.
#include <string>
#include <string_view>

namespace attnlab {

struct CommandResult {
  int exit_code = 0;
  std::string out, err;
};

// command: "trace" or "check"; source: the file name to put in messages ("-" for standard input).
CommandResult run_command(std::string_view command, std::string_view lesson_text, std::string_view source);

std::string usage();

}  // namespace attnlab
