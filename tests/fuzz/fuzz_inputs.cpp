// libFuzzer target: the engine's lesson and exercise-set readers take any bytes. Whatever arrives — from a
// file, a link or an embed attribute — they must answer with problems or a lesson, never crash, hang or
// exhaust memory; small valid lessons are also computed and their traces checked for NaN. The same bytes are read
// as a results code (core/results_code.cpp), as they are and after the "AL1-" prefix.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "attention.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "lesson_json.hpp"
#include "results_code.hpp"

using namespace attnlab;

namespace {
// Computing is not what is fuzzed; big valid lessons are legitimate but slow under the sanitizers.
bool small(const Lesson& lesson) {
  std::size_t entries = 0;
  for (const auto& [name, m] : lesson.matrices) entries += static_cast<std::size_t>(m.size());
  return entries <= 20000 && lesson.tokens.size() <= 64;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Lesson lesson;
  if (read_lesson(text, lesson).empty() && small(lesson)) {
    const Trace t = compute_trace(lesson);
    for (const auto& h : t.head)
      if (h.weights.hasNaN() || h.Z.hasNaN()) std::abort();
  }
  ExerciseSet set;
  if (read_exercise_set(text, set).empty()) {
    Lesson inner;
    read_lesson(set.lesson_json, inner);
    if (small(inner)) generate_exercises(set, 7);
  }
  ResultsCode code;
  std::string why;
  if (read_results_code(text, code, why) && !code.answers.is_object()) std::abort();
  if (read_results_code("AL1-" + std::string(text), code, why) && !code.answers.is_object()) std::abort();
  return 0;
}
