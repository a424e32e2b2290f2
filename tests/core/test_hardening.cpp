// Issue 18, hostile input from outside: each class of defect, with inputs of the class (not only the example
// the report gave). Engine side: wrong numbers and verdicts, limits counted as their messages say, one rule for
// seeds, text encodings and lone surrogates, and a cap on what one `attnlab trace` may print.
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>

#include "answer_check.hpp"
#include "commands.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "limits.hpp"
#include "test_helpers.hpp"
#include "text.hpp"
#include "trace_size.hpp"

using namespace attnlab;
using namespace attnlab::test;
using nlohmann::json;

namespace {
std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}
// A small valid lesson with extra fields spliced in.
std::string lesson_with(const std::string& extra) {
  return R"({"tokens":["a","b"],"X":[[1,2],[3,4]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]])" +
         (extra.empty() ? "" : "," + extra) + "}";
}
std::string set_with(const std::string& lesson_extra, const std::string& set_extra,
                     const std::string& exercise_extra = "") {
  return R"({"lesson":)" + lesson_with(lesson_extra) + (set_extra.empty() ? "" : "," + set_extra) +
         R"(,"exercises":[{"id":"e","kind":"scaled_score")" + (exercise_extra.empty() ? "" : "," + exercise_extra) +
         "}]}";
}
std::string set_problems(const std::string& text) {
  ExerciseSet set;
  std::string out;
  for (const auto& p : read_exercise_set(text, set)) out += p.field + ": " + p.message + "\n";
  return out;
}
bool all_finite(const Trace& t) {
  for (const auto& h : t.head)
    if (!h.scores.allFinite() || !h.scaled.allFinite() || !h.weights.allFinite() || !h.Z.allFinite()) return false;
  return t.output.allFinite();
}
}  // namespace

TEST_CASE("1. a scale so small that scaled scores could overflow is refused, naming scale") {
  for (const char* tiny : {"1e-300", "5e-324", "1e-13", "9.9e-13", "1e-100"}) {
    INFO(tiny);
    const std::string p = problems_of(lesson_with(std::string("\"scale\":") + tiny));
    CHECK(p.rfind("scale: ", 0) == 0);
    CHECK(p.find("too small") != std::string::npos);
  }
  // the smallest scale allowed, with the largest scores the limits allow (a "general" score): finite everywhere
  const std::string big = R"({"tokens":["a","b"],"score":"general","scale":1e-12,"X":[[1e12,-1e12],[1e12,1e12]],)"
                          R"("W_Q":[[1e12,1e12],[1e12,1e12]],"W_K":[[1e12,1e12],[-1e12,1e12]],"W_V":[[1,0],[0,1]],)"
                          R"("W_a":[[1e12,1e12],[1e12,1e12]]})";
  const Trace t = trace_of(big);
  CHECK(all_finite(t));
  // and `attnlab trace` prints no null outside hidden cells
  const CommandResult r = run_command("trace", big, "big.json");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("null") == std::string::npos);
}

TEST_CASE("2. an answer key that is not finite is refused when the set is read, and never accepts anything") {
  // a lesson whose numbers would overflow cannot reach the exercises
  CHECK(set_problems(set_with("\"scale\":1e-300", "")).find("lesson.scale: ") == 0);
  // the judge: a NaN (null) key accepts nothing, not even 0 or null
  const json exercise = {
      {"tolerance", 0.01}, {"answer", {{"type", "number"}, {"value", nullptr}}}, {"mistakes", json::array()}};
  for (const json& a : {json{{"type", "number"}, {"value", 0}}, json{{"type", "number"}, {"value", nullptr}}})
    CHECK_FALSE(judge_answer(exercise, a).correct);
  const json vector_key = {
      {"tolerance", 0.01}, {"answer", {{"type", "vector"}, {"values", {0.5, nullptr}}}}, {"mistakes", json::array()}};
  CHECK_FALSE(judge_answer(vector_key, {{"type", "vector"}, {"values", {0.5, 0}}}).correct);
  // a real key is judged right, and wrong beyond the tolerance
  ExerciseSet set;
  REQUIRE(read_exercise_set(set_with("", ""), set).empty());
  const json sheet = json::parse(generate_exercises(set, 3));
  const json& e = sheet["exercises"][0];
  CHECK(judge_answer(e, e["answer"]).correct);
  CHECK_FALSE(judge_answer(e, {{"type", "number"}, {"value", e["answer"]["value"].get<double>() + 0.02}}).correct);
}

TEST_CASE("3. token, sentence and title limits count characters, as their messages say") {
  const std::string han = "\xe6\xbc\xa2";         // 漢: 3 bytes, one character
  const std::string astral = "\xf0\x9f\x98\x80";  // 😀: 4 bytes, one character
  for (const std::string& ch : {han, astral}) {
    CHECK(
        problems_of(R"({"tokens":[")" + repeat(ch, 64) + R"(","b"],"X":[[1],[2]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]})")
            .empty());
    CHECK(
        problems_of(R"({"tokens":[")" + repeat(ch, 65) + R"(","b"],"X":[[1],[2]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]})")
            .find("tokens[0]: is longer than 64 characters") == 0);
    // a sentence of 4,000 characters: 173 words of 22 characters and one of 21
    const std::string words = repeat(repeat(ch, 22) + " ", 173) + repeat(ch, 21);
    Lesson l;
    const auto p = read_lesson(R"({"sentence":")" + words + R"(","init":{"seed":1,"draws":[]}})", l);
    for (const auto& x : p) CHECK(x.field != "sentence");
    CHECK(problems_of(R"({"sentence":")" + words + ch + R"("})").find("sentence: is longer than 4000 characters") == 0);
    // vocabulary words
    CHECK(problems_of(lesson_with(R"("vocab":[")" + repeat(ch, 65) + R"("])"))
              .find("vocab[0]: is longer than 64 characters") == 0);
    // an exercise set's title
    CHECK(set_problems(set_with("", R"("title":")" + repeat(ch, 200) + "\"")).empty());
    CHECK(set_problems(set_with("", R"("title":")" + repeat(ch, 201) + "\"")).find("title: ") == 0);
  }
  CHECK(count_chars("a\xe6\xbc\xa2\xf0\x9f\x98\x80") == 3);
}

TEST_CASE("4. every tolerance has the same ceiling, the set's and each exercise's") {
  for (const char* where : {"set", "exercise"}) {
    INFO(where);
    const bool set_level = std::string(where) == "set";
    auto with = [&](const std::string& t) {
      return set_problems(set_level ? set_with("", "\"tolerance\":" + t) : set_with("", "", "\"tolerance\":" + t));
    };
    CHECK(with("1e6").empty());
    CHECK(with("0.5").empty());
    for (const char* bad : {"1e7", "1e300", "1000001", "0", "-1", "\"1\""}) {
      INFO(bad);
      const std::string p = with(bad);
      CHECK(p.find(set_level ? "tolerance: must be a positive number of at most 1e6"
                             : "exercises[0].tolerance: must be a positive number of at most 1e6") == 0);
    }
  }
}

TEST_CASE("5. cosine scores of parallel vectors are 1 whatever their size, without underflow or overflow") {
  for (const char* v : {"1e-200", "1e-160", "5e-324", "1e-12", "1", "1e12"}) {
    INFO(v);
    const std::string x = std::string("[") + v + "," + v + "]";
    const Trace t = trace_of(R"({"tokens":["a","b"],"score":"cosine","X":[)" + x + "," + x +
                             R"(],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]})");
    CHECK(t.head[0].scores(0, 1) == Approx(1.0).epsilon(1e-15));
    CHECK(t.head[0].scores(0, 0) == Approx(1.0).epsilon(1e-15));
    CHECK((t.head[0].scores.array().abs() <= 1).all());
  }
  // opposite vectors: -1; a zero vector has no direction: 0
  const Trace t = trace_of(R"({"tokens":["a","b","c"],"score":"cosine","X":[[1e-200,2e-200],[-1e-200,-2e-200],[0,0]],)"
                           R"("W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]})");
  CHECK(t.head[0].scores(0, 1) == Approx(-1.0));
  CHECK(t.head[0].scores(0, 2) == 0.0);
}

TEST_CASE("12. free text in a lesson has a documented limit: title 200 characters, note 2000") {
  CHECK(problems_of(lesson_with("\"title\":\"" + repeat("t", 200) + "\",\"note\":\"" + repeat("n", 2000) + "\""))
            .empty());
  CHECK(problems_of(lesson_with("\"title\":\"" + repeat("t", 201) + "\"")) == "title: is longer than 200 characters\n");
  CHECK(problems_of(lesson_with("\"note\":\"" + repeat("\xe6\xbc\xa2", 2001) + "\"")) ==
        "note: is longer than 2000 characters\n");
  CHECK(problems_of(lesson_with("\"title\":5")) == "title: must be text, not a number\n");
  CHECK(problems_of(lesson_with("\"note\":[\"a\"]")) == "note: must be text, not a list\n");
  // an exercise set has the lessons' 32 MiB cap
  CHECK(set_problems(set_with("", "\"pad\":\"" + std::string(33u << 20, 'p') + "\"")) ==
        "exercise set: is larger than 32 MiB\n");
  // a 20 MB title is refused (quickly: counting, not copying)
  CHECK(problems_of(lesson_with("\"title\":\"" + std::string(20u << 20, 'x') + "\"")).find("title: is longer") == 0);
}

TEST_CASE("16. one `attnlab trace` prints at most limits::max_trace_numbers numbers, and says so") {
  // 512 tokens, 16 heads, seeded: small to write, about 400 MB to print
  const std::string huge = R"({"sentence":")" + repeat("w ", 512) +
                           R"(","heads":16,"init":{"seed":1,"draws":[)"
                           R"({"name":"X","shape":[512,1024]},{"name":"W_Q","shape":[1024,1024]},)"
                           R"({"name":"W_K","shape":[1024,1024]},{"name":"W_V","shape":[1024,1024]}]}})";
  const CommandResult r = run_command("trace", huge, "huge.json");
  CHECK(r.exit_code == 1);
  CHECK(r.out.empty());
  CHECK(r.err.find("huge.json: lesson: its trace would print ") == 0);
  CHECK(r.err.find("at most 4194304") != std::string::npos);
  // `check` still accepts it (the page computes it)
  CHECK(run_command("check", huge, "huge.json").exit_code == 0);
  // a lesson under the cap prints, and what it prints is within the estimate
  const std::string small = lesson_with("");
  Lesson l;
  REQUIRE(read_lesson(small, l).empty());
  const CommandResult ok = run_command("trace", small, "small.json");
  REQUIRE(ok.exit_code == 0);
  std::size_t numbers = 0;
  const std::function<void(const json&)> count = [&](const json& j) {
    if (j.is_number() || j.is_null()) ++numbers;
    if (j.is_array() || j.is_object())
      for (const auto& v : j) count(v);
  };
  count(json::parse(ok.out));
  CHECK(trace_numbers(l) >= numbers - 40);  // (ids, sizes and the divisor are not matrices)
}

TEST_CASE("20. one rule for seeds: decimal digits, as the page reads them") {
  CHECK(parse_seed("16") == 16u);
  CHECK(parse_seed(" 7 ") == 7u);
  CHECK(parse_seed("0") == 0u);
  CHECK(parse_seed("4294967295") == 4294967295u);
  for (const char* bad :
       {"0x10", "1e3", "16.0", "+7", "-1", "", " ", "4294967296", "99999999999", "7a", "\xd9\xa7", "0b1"}) {
    INFO(bad);
    CHECK_FALSE(parse_seed(bad));
    const CommandResult r = run_command("exercises", set_with("", ""), "set.json", {"--seed", bad});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--seed S, a whole number from 0 to 4294967295") != std::string::npos);
  }
}

TEST_CASE("20. text that is not UTF-8 is refused as such, everywhere") {
  for (const std::string& bytes : {std::string("\xff\xfe{\x00}", 5), std::string("{\"tokens\":[\"\xe9t\xe9\"]}"),
                                   std::string("{\"title\":\"\xc0\xaf\"}"), std::string("\xed\xa0\x80")}) {
    CHECK(problems_of(bytes).find("lesson: is not UTF-8 text (byte ") == 0);
    CHECK(set_problems(bytes).find("exercise set: is not UTF-8 text (byte ") == 0);
    const CommandResult r = run_command("check", bytes, "latin1.json");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("latin1.json: lesson: is not UTF-8 text") == 0);
  }
  CHECK(first_invalid_utf8("ab\xe6\xbc") == 2u);
  CHECK_FALSE(first_invalid_utf8("ok \xe6\xbc\xa2"));
}

TEST_CASE("20. a lone surrogate reads as U+FFFD everywhere, as it does in links") {
  // in a lesson's token, its title, an exercise set's title
  const Trace t = trace_of(
      R"({"tokens":["a\ud800","\udc00"],"title":"x\udbff","X":[[1],[2]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]})");
  CHECK(t.tokens[0] == "a\xef\xbf\xbd");
  CHECK(t.tokens[1] == "\xef\xbf\xbd");
  ExerciseSet set;
  REQUIRE(read_exercise_set(set_with("", R"("title":"T\ud800")"), set).empty());
  CHECK(set.title == "T\xef\xbf\xbd");
  // a proper pair stays one character; an escaped backslash is not an escape
  CHECK(trace_of(R"({"tokens":["\ud83d\ude00","\\ud800"],"X":[[1],[2]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]})").tokens ==
        std::vector<std::string>{"\xf0\x9f\x98\x80", "\\ud800"});
}

TEST_CASE("10. one reader for set text: a byte-order mark is read by the engine, and the sheet carries the lesson") {
  const std::string bom = "\xef\xbb\xbf";
  ExerciseSet set;
  REQUIRE(read_exercise_set(bom + set_with("", ""), set).empty());
  const json sheet = json::parse(generate_exercises(set, 5));
  CHECK(sheet["lesson"]["tokens"] == json::array({"a", "b"}));
  CHECK(sheet["reseed"] == true);
  // two marks are not JSON: refused with a message, never half-read
  CHECK_FALSE(set_problems(bom + bom + set_with("", "")).empty());
  CHECK_FALSE(problems_of(bom + bom + lesson_with("")).empty());
  CHECK(problems_of(bom + lesson_with("")).empty());
}
