#pragma once
// `attnlab grade CODES.txt`: a list of results codes (one per line, anything before a code taken as the student's
// name) in, a CSV out — one row per code: its line, name, code, set, seed, score (the share of items right, 0 to 1),
// correct and total, then each item's result (correct / wrong / unanswered) and a problem column. Every answer is
// judged again here: the sheet is generated from the code's set and seed (core/exercises.cpp) and each answer
// judged against it (core/answer_check.cpp), so a code carries no score to trust.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attnlab {

struct Graded {
  std::string csv;
  int graded = 0, problems = 0;  // lines with a code that was judged / lines that could not be
};

// sets: the texts of authored sets (`--set FILE.json`); the built-in sets are compiled in (web/exercises/sets/).
Graded grade_codes(std::string_view codes, const std::vector<std::string>& sets);

// The built-in sets, name -> JSON text.
const std::vector<std::pair<std::string_view, std::string_view>>& builtin_sets();

}  // namespace attnlab
