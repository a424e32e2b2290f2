#pragma once
// A validation problem names the field it concerns, so the page can show it at the right input. Its code and
// parameters let the page say it in the reader's language (web/i18n/locales/*.json, "engine.<code>"); the English
// message stays what the CLI prints and what the page shows in English.
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace attnlab {

// A parameter of a problem's message: a count or size, or a text (a field, a shape, a word the author typed).
using ProblemValue = std::variant<std::int64_t, std::string>;
using ProblemParams = std::vector<std::pair<std::string, ProblemValue>>;

struct Problem {
  std::string field;     // "W_Q", "mask.padding[2]", "init.draws[1].shape"
  std::string message;   // what is wrong, in English, with both shapes when shapes disagree
  std::string code;      // one of problem_codes.def: stable, the page's message key is engine.<code>
  ProblemParams params;  // the message's numbers and words, by name
};

using Problems = std::vector<Problem>;

// The codes as names the compiler checks: codes::shape_mismatch is "shape_mismatch".
namespace codes {
#define ATTNLAB_PROBLEM(code) inline constexpr const char* code = #code;
#include "problem_codes.def"
#undef ATTNLAB_PROBLEM
}  // namespace codes

// Every code a problem can carry (problem_codes.def, in its order).
const std::vector<std::string>& problem_codes();

// A parameter from any whole number (sizes, counts, limits).
template <typename N>
std::pair<std::string, ProblemValue> number_param(std::string name, N value) {
  return {std::move(name), static_cast<std::int64_t>(value)};
}

}  // namespace attnlab
