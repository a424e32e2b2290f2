#pragma once
// Judging a student's answer against a generated exercise (core/exercises.cpp), in the engine's shapes:
// the same rule as the page's web/exercises/check.js (matches, judge), so the fuzzer checks the pair
// "generate, then judge" and the CLI and tests can judge without a browser. A key that is not a finite
// number never accepts anything.
#include <nlohmann/json.hpp>

namespace attnlab {

// Does `answer` equal `key` (both {"type": …} of the engine's shape) within `tolerance`?
bool answer_matches(const nlohmann::json& answer, const nlohmann::json& key, double tolerance);

struct Judgement {
  bool correct = false;
  int mistake = -1;  // index into the exercise's "mistakes" whose answer this is, or -1
};

// `exercise`: one entry of generate_exercises()'s "exercises".
Judgement judge_answer(const nlohmann::json& exercise, const nlohmann::json& answer);

}  // namespace attnlab
