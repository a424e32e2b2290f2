#pragma once
// Reading a results code (web/lms/results-code.js writes them): "AL1-" + base64url(deflate-raw(JSON) + the
// FNV-1a-32 of those bytes, big-endian). The JSON is {"v": 1, "set": ID, "seed": S, "answers": {id: answer}},
// answers in the engine's shapes (core/answer_check.hpp). A code holds no score: core/grade.cpp judges it.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace attnlab {

struct ResultsCode {
  std::string set;  // a built-in set's name, or "custom-<8 hex>" (the page's id of an authored set)
  std::uint32_t seed = 0;
  nlohmann::json answers;  // an object: exercise id -> answer
};

inline constexpr std::string_view results_code_prefix = "AL1-";

// The code's contents, or false with `why` (for people: "its checksum does not match: …").
bool read_results_code(std::string_view code, ResultsCode& out, std::string& why);

// FNV-1a, 32-bit, over bytes; and over the UTF-16 units of UTF-8 text, as the page hashes a set's text into its id.
std::uint32_t fnv1a32(std::string_view bytes);
std::uint32_t fnv1a32_utf16(std::string_view utf8);

}  // namespace attnlab
