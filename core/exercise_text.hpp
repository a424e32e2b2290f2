#pragma once
// How an exercise writes numbers and tokens in its prompts and worked steps (core/exercises.cpp and
// core/exercises_concepts.cpp share them, so every sheet reads the same).
#include <cmath>
#include <cstdio>
#include <string>

namespace attnlab {

// Numbers as a student reads them in a prompt or a worked step: to 4 decimals, as the sheet's tables show them
// (a prompt's "1.425" beside a table's 1.4247 reads as two different numbers); very small or large ones to 4
// significant digits.
inline std::string exercise_number(double v) {
  char buf[48];
  const double a = std::fabs(v);
  if (a != 0 && (a < 1e-4 || a >= 1e6)) {
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();  // 0.5000 -> 0.5, 2.0000 -> 2
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// A token inside a sentence of ours, isolated (U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE):
// a right-to-left override in it cannot reverse the words after it.
inline std::string isolated(const std::string& token) { return "\u2068" + token + "\u2069"; }

}  // namespace attnlab
