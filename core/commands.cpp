#include "commands.hpp"

#include <cmath>
#include <cstdlib>

#include "attention.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "lesson_json.hpp"
#include "limits.hpp"
#include "trace_json.hpp"
#include "trace_size.hpp"

namespace attnlab {
namespace {

std::string describe(const Problems& problems, std::string_view source) {
  std::string text;
  for (const auto& p : problems) text += std::string(source) + ": " + p.field + ": " + p.message + "\n";
  return text;
}

}  // namespace

std::string usage() {
  return "usage: attnlab trace LESSON.json             print every intermediate of the attention pipeline as JSON\n"
         "       attnlab check LESSON.json             validate the lesson and list every problem\n"
         "       attnlab exercises SET.json --seed S   one student's exercises with answer keys, as JSON\n"
         "A file may be - to read standard input. Formats: core/lesson-format.md, core/exercise-format.md.\n";
}

std::optional<std::uint32_t> parse_seed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\n\r");
  if (first == std::string_view::npos) return std::nullopt;
  text = text.substr(first, text.find_last_not_of(" \t\n\r") - first + 1);
  if (text.size() > 10) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (v > limits::max_seed) return std::nullopt;
  return static_cast<std::uint32_t>(v);
}

namespace {
// attnlab exercises SET.json --seed S
CommandResult exercises(std::string_view text, std::string_view source, const std::vector<std::string>& options) {
  CommandResult r;
  // The page's rule (web/exercises/main.js): decimal digits only, so "0x10", "1e3" or "16.0" are refused.
  const auto seed = options.size() == 2 && options[0] == "--seed" ? parse_seed(options[1]) : std::nullopt;
  if (!seed) {
    r.exit_code = 2;
    r.err = "attnlab: exercises needs --seed S, a whole number from 0 to " + std::to_string(limits::max_seed) +
            " written in decimal digits\n" + usage();
    return r;
  }
  ExerciseSet set;
  const Problems problems = read_exercise_set(text, set);
  if (!problems.empty()) {
    r.exit_code = 1;
    r.err = describe(problems, source);
    return r;
  }
  r.out = generate_exercises(set, *seed);
  return r;
}
}  // namespace

CommandResult run_command(std::string_view command, std::string_view text, std::string_view source,
                          const std::vector<std::string>& options) {
  if (command == "exercises") return exercises(text, source, options);
  CommandResult r;
  if ((command != "trace" && command != "check") || !options.empty()) {
    r.exit_code = 2;
    r.err = (options.empty() ? "attnlab: unknown command \"" + std::string(command) + "\"\n"
                             : "attnlab: " + std::string(command) + " takes no options\n") +
            usage();
    return r;
  }
  Lesson lesson;
  const Problems problems = read_lesson(text, lesson);
  if (command == "check") {
    r.exit_code = problems.empty() ? 0 : 1;
    r.out = problems.empty() ? std::string(source) + ": ok (" + std::to_string(lesson.tokens.size()) + " tokens, " +
                                   std::to_string(lesson.heads) + (lesson.heads == 1 ? " head)\n" : " heads)\n")
                             : describe(problems, source);
    return r;
  }
  if (!problems.empty()) {
    r.exit_code = 1;
    r.err = describe(problems, source);
    return r;
  }
  if (const auto too_large = trace_too_large(lesson)) {
    r.exit_code = 1;
    r.err = describe({*too_large}, source);
    return r;
  }
  r.out = trace_to_json(compute_trace(lesson));
  return r;
}

}  // namespace attnlab
