#pragma once
// The `attnlab` commands, as text in and text out, so the native binary and the wasm one under Node
// (bin/attnlab.mjs) print byte-identical results.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace attnlab {

struct CommandResult {
  int exit_code = 0;
  std::string out, err;
};

// command: "trace", "check" or "exercises"; text: the file's contents; source: the file name to put in
// messages ("-" for standard input); options: the words after the file name ("--seed", "7").
CommandResult run_command(std::string_view command, std::string_view text, std::string_view source,
                          const std::vector<std::string>& options = {});

std::string usage();

// A seed as the exercises page reads it: decimal digits (spaces around allowed), 0 to 4294967295.
std::optional<std::uint32_t> parse_seed(std::string_view text);

}  // namespace attnlab
