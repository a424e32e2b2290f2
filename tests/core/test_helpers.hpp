#pragma once
// Small helpers the test files share: build a lesson from JSON text and compute it.
#include <catch2/catch.hpp>
#include <string>

#include "attention.hpp"
#include "lesson_json.hpp"

namespace attnlab::test {

inline Lesson lesson_from(const std::string& json) {
  Lesson lesson;
  const Problems problems = read_lesson(json, lesson);
  INFO((problems.empty() ? std::string() : problems[0].field + ": " + problems[0].message));
  REQUIRE(problems.empty());
  return lesson;
}

inline Trace trace_of(const std::string& json) { return compute_trace(lesson_from(json)); }

// Every problem says what it is by a code (the page's message key), besides its English message.
inline void require_codes(const Problems& problems) {
  for (const auto& p : problems) {
    INFO(p.field + ": " + p.message);
    CHECK_FALSE(p.code.empty());
  }
}

// The problems a lesson gets, as "field: message" lines, for asserting on messages.
inline std::string problems_of(const std::string& json) {
  Lesson lesson;
  std::string text;
  const Problems found = read_lesson(json, lesson);
  require_codes(found);
  for (const auto& p : found) text += p.field + ": " + p.message + "\n";
  return text;
}

}  // namespace attnlab::test
