// libFuzzer target: the exercise-set reader and the answer checking behind it. Any bytes go to
// read_exercise_set; a set it accepts (with a small lesson) is generated for a seed taken from the input,
// and every exercise must then hold up: each number of its answer key finite, its tolerance within
// (0, 1e6], its key judged correct, a key moved by more than the tolerance judged wrong, and the input
// itself (read as an answer) judged without a crash.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "answer_check.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "lesson_json.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
void require(bool ok) {
  if (!ok) std::abort();
}

bool small(const Lesson& lesson) {
  std::size_t entries = 0;
  for (const auto& [name, m] : lesson.matrices) entries += static_cast<std::size_t>(m.size());
  return entries <= 20000 && lesson.tokens.size() <= 64;
}

void finite_numbers(const json& j) {
  if (j.is_number()) require(std::isfinite(j.get<double>()));
  require(!j.is_null());
  if (j.is_array() || j.is_object())
    for (const auto& v : j) finite_numbers(v);
}

// The key moved past the tolerance in its first number: never right.
json moved(const json& key, double tol) {
  json a = key;
  // (|x| added too: past 1e22 or so, x + 2·tol + 1 rounds back to x)
  const auto away = [&](double x) { return x + 2 * tol + 1 + std::abs(x); };
  if (a["type"] == "number") a["value"] = away(a["value"].get<double>());
  else if (a["type"] == "vector") a["values"][0] = away(a["values"][0].get<double>());
  else if (a["type"] == "choice") a["index"] = a["index"].get<int>() + 1;
  else if (a["type"] == "mask") a["zeros"].push_back(-1);
  else if (a["type"] == "shapes") a["shapes"]["Q"][0] = a["shapes"]["Q"][0].get<int>() + 1;
  return a;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  ExerciseSet set;
  if (!read_exercise_set(text, set).empty()) return 0;
  require(!set.exercises.empty() && set.exercises.size() <= 50);
  Lesson inner;
  require(read_lesson(set.lesson_json, inner).empty());
  if (!small(inner)) return 0;
  std::uint32_t seed = 2166136261u;
  for (std::size_t k = 0; k < size; ++k) seed = (seed ^ data[k]) * 16777619u;
  const json sheet = json::parse(generate_exercises(set, seed % 1000), nullptr, false);
  require(sheet.is_object() && sheet["exercises"].size() == set.exercises.size());
  const json input = json::parse(text, nullptr, false);
  for (const json& e : sheet["exercises"]) {
    const json& key = e["answer"];
    finite_numbers(key);
    const double tol = e["tolerance"].get<double>();
    require(tol > 0 && tol <= 1e6);
    require(judge_answer(e, key).correct);
    require(!judge_answer(e, moved(key, tol)).correct);
    if (key["type"] == "choice") require(key["index"] >= 0 && key["index"] < key["choices"].size());
    if (key["type"] == "vector") require(!key["values"].empty());
    judge_answer(e, input);  // whatever the input is, as an answer: no crash
    for (const json& m : e["mistakes"]) judge_answer(e, m["answer"]);
  }
  return 0;
}
