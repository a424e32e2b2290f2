#pragma once
// How an exercise writes numbers and tokens in its prompts and worked steps, and the pieces of its JSON
// (core/exercises.cpp and core/exercises_concepts.cpp share them, so every sheet reads the same).
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "matrix.hpp"

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

namespace sheet {

using json = nlohmann::ordered_json;  // keeps id, kind, prompt first

inline json row_of(const Matrix& m, Eigen::Index r) {
  json out = json::array();
  for (Eigen::Index c = 0; c < m.cols(); ++c) out.push_back(m(r, c));
  return out;
}
// A row as a prompt or worked step writes it: "0.5, 1.25, -2"
inline std::string row_text(const Matrix& m, Eigen::Index r) {
  std::string out;
  for (Eigen::Index c = 0; c < m.cols(); ++c) out += (c ? ", " : "") + exercise_number(m(r, c));
  return out;
}
inline json number(double v) { return {{"type", "number"}, {"value", v}}; }
// The words of a prompt, hint or worked step also as a message of the page's (web/i18n/locales, under
// `exercises.kinds.`) with its parameters, numbers as numbers: the page writes them in the reader's language and
// numerals, the CLI keeps the English text beside them. A worked step that is only arithmetic has no key (null):
// the page shows the formula itself.
inline json say(const std::string& key, json params = json::object()) {
  return {{"key", key}, {"params", std::move(params)}};
}
inline json mistake(json answer, const std::string& hint, const std::string& key, json params = json::object()) {
  json m{{"answer", std::move(answer)}, {"hint", hint}, {"hint_key", key}};
  if (!params.empty()) m["hint_params"] = std::move(params);
  return m;
}
inline void prompt(json& e, const std::string& text, const std::string& key, json params = json::object()) {
  e["prompt"] = text;
  e["prompt_key"] = key;
  e["prompt_params"] = std::move(params);
}
inline const json formula = nullptr;  // a worked step that is arithmetic only

}  // namespace sheet

}  // namespace attnlab
