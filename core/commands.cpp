#include "commands.hpp"

#include "attention.hpp"
#include "lesson_json.hpp"
#include "trace_json.hpp"

namespace attnlab {
namespace {

std::string describe(const Problems& problems, std::string_view source) {
  std::string text;
  for (const auto& p : problems) text += std::string(source) + ": " + p.field + ": " + p.message + "\n";
  return text;
}

}  // namespace

std::string usage() {
  return "usage: attnlab trace LESSON.json   print every intermediate of the attention pipeline as JSON\n"
         "       attnlab check LESSON.json   validate the lesson and list every problem\n"
         "LESSON.json may be - to read standard input. The format is described in core/lesson-format.md.\n";
}

CommandResult run_command(std::string_view command, std::string_view text, std::string_view source) {
  CommandResult r;
  if (command != "trace" && command != "check") {
    r.exit_code = 2;
    r.err = "attnlab: unknown command \"" + std::string(command) + "\"\n" + usage();
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
  r.out = trace_to_json(compute_trace(lesson));
  return r;
}

}  // namespace attnlab
