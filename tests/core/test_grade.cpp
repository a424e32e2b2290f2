// Results codes and `attnlab grade` (core/results_code.cpp, core/grade.cpp): a code is read back exactly, its
// checksum catches a change, and grading judges every answer again against the sheet of the code's set and seed.
// Codes are built here as the page builds them, with a stored DEFLATE block in place of fflate's compression.
#include "exercises.hpp"
#include "grade.hpp"
#include "link_text.hpp"
#include "results_code.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using nlohmann::json;

namespace {

// "AL1-" + base64url(one stored DEFLATE block of `payload` + its FNV-1a, big-endian)
std::string code_of(const std::string& payload) {
  const auto n = static_cast<unsigned>(payload.size());
  std::string packed = {'\x01', static_cast<char>(n & 0xff), static_cast<char>(n >> 8), static_cast<char>(~n & 0xff),
                        static_cast<char>((~n >> 8) & 0xff)};
  packed += payload;
  const std::uint32_t sum = fnv1a32(packed);
  for (int shift = 24; shift >= 0; shift -= 8) packed += static_cast<char>((sum >> shift) & 0xff);
  return "AL1-" + link::base64url_encode(packed);
}

std::string builtin(std::string_view name) {
  for (const auto& [n, text] : builtin_sets())
    if (n == name) return std::string(text);
  FAIL("no built-in set " << name);
  return {};
}

json sheet_of(const std::string& set_text, std::uint32_t seed) {
  ExerciseSet set;
  REQUIRE(read_exercise_set(set_text, set).empty());
  return json::parse(generate_exercises(set, seed));
}

std::vector<std::vector<std::string>> rows_of(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row(1);
  for (char c : csv) {
    if (c == '\n') {
      rows.push_back(row);
      row.assign(1, "");
    } else if (c == ',') {
      row.emplace_back();
    } else {
      row.back() += c;
    }
  }
  return rows;
}
}  // namespace

TEST_CASE("results code: read back exactly; a changed or cut code is refused with a reason") {
  const std::string payload =
      R"({"v":1,"set":"exit-ticket","seed":4294967295,"answers":{"a":{"type":"number","value":1.5}}})";
  ResultsCode code;
  std::string why;
  REQUIRE(read_results_code(code_of(payload), code, why));
  CHECK(code.set == "exit-ticket");
  CHECK(code.seed == 4294967295u);
  CHECK(code.answers["a"]["value"] == 1.5);

  std::string changed = code_of(payload);
  changed[10] = changed[10] == 'A' ? 'B' : 'A';
  CHECK_FALSE(read_results_code(changed, code, why));
  CHECK_THAT(why, Contains("checksum"));
  CHECK_FALSE(read_results_code(code_of(payload).substr(0, 20), code, why));
  CHECK_FALSE(read_results_code("XX1-abc", code, why));
  CHECK_THAT(why, Contains("AL1-"));
  CHECK_FALSE(read_results_code(code_of(R"({"v":2,"set":"x","seed":1,"answers":{}})"), code, why));
  CHECK_FALSE(read_results_code(code_of(R"({"v":"1","set":"x","seed":1,"answers":{}})"), code, why));
  CHECK_FALSE(read_results_code(code_of(R"({"v":1,"set":"x","seed":-1,"answers":{}})"), code, why));
  CHECK_FALSE(read_results_code(code_of(R"({"v":1,"set":"x","seed":1})"), code, why));
  CHECK_THAT(why, Contains("answers"));
}

TEST_CASE("set ids: FNV-1a over UTF-16 units, as the page hashes an authored set") {
  CHECK(fnv1a32_utf16("") == 0x811c9dc5u);
  CHECK(fnv1a32_utf16("{\"t\":\"\xc3\xa9\xf0\x9f\x98\x80\"}") == 0xd7ab2599u);  // é and an emoji (a surrogate pair)
  CHECK(fnv1a32("a") == 0xe40c292cu);
}

TEST_CASE("grade: every answer judged against the code's own sheet") {
  const std::string set = builtin("exit-ticket");
  const json sheet = sheet_of(set, 7);
  json right = json::object(), some = json::object();
  for (const auto& ex : sheet["exercises"]) right[ex["id"].get<std::string>()] = ex["answer"];
  some["raw-score"] = right["raw-score"];
  some["scale-it"] = {{"type", "number"}, {"value", right["scale-it"]["value"].get<double>() + 1}};
  const auto payload = [](std::uint32_t seed, const json& answers) {
    return json{{"v", 1}, {"set", "exit-ticket"}, {"seed", seed}, {"answers", answers}}.dump();
  };
  const std::string codes = "Ada: " + code_of(payload(7, right)) + "\r\n\n=x " + code_of(payload(7, some)) + "\n" +
                            code_of(payload(8, right)) + "\nnothing\n";
  const Graded g = grade_codes(codes, {});
  CHECK(g.graded == 3);
  CHECK(g.problems == 1);
  const auto rows = rows_of(g.csv);
  REQUIRE(rows.size() == 5);
  const std::size_t total = sheet["exercises"].size();
  CHECK(rows[0][0] == "line");
  CHECK(rows[0].back() == "problem");
  CHECK(rows[1][1] == "Ada");
  CHECK(rows[1][5] == "1");
  CHECK(rows[1][6] == std::to_string(total));
  CHECK(rows[2][0] == "3");
  CHECK(rows[2][1] == "'=x");  // a formula in a name is defused
  CHECK(rows[2][6] == "1");
  CHECK(rows[2][9] == "correct");  // raw-score
  CHECK(rows[2][10] == "wrong");   // scale-it
  CHECK(rows[2][11] == "unanswered");
  CHECK(std::stoul(rows[3][6]) < total);  // seed 7's answers claimed for seed 8
  CHECK_THAT(rows[4].back(), Contains("no results code"));
}

TEST_CASE("grade: an authored set is known by its text; an unknown one is named") {
  const std::string set = builtin("toy-dk4") + " ";  // another text: another id
  char id[32];
  std::snprintf(id, sizeof id, "custom-%08x", static_cast<unsigned>(fnv1a32_utf16(set)));
  const json sheet = sheet_of(set, 2);
  json answers = json::object();
  for (const auto& ex : sheet["exercises"]) answers[ex["id"].get<std::string>()] = ex["answer"];
  const std::string codes = code_of(json{{"v", 1}, {"set", id}, {"seed", 2}, {"answers", answers}}.dump());
  CHECK_THAT(grade_codes(codes, {}).csv, Contains("pass the set with --set"));
  const Graded g = grade_codes(codes, {set});
  CHECK(g.problems == 0);
  CHECK(rows_of(g.csv)[1][5] == "1");
}
