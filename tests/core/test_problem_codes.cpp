// Every problem the engine reports carries a code of core/problem_codes.def (the page's message key engine.<code>)
// and the parameters its message needs, so the page can say it in the reader's language; the CLI keeps English.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "exercise_set.hpp"
#include "fragment.hpp"
#include "problem_json.hpp"
#include "test_helpers.hpp"
#include "trace_size.hpp"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {

// A problem is translatable: a listed code, and every whole-number parameter is the number its English names.
void check_translatable(const Problem& p, std::set<std::string>& seen) {
  INFO(p.field << ": " << p.message);
  const auto& codes = problem_codes();
  CHECK_FALSE(p.code.empty());
  CHECK(std::find(codes.begin(), codes.end(), p.code) != codes.end());
  for (const auto& [name, value] : p.params)
    if (const auto* n = std::get_if<std::int64_t>(&value)) {
      INFO("param " << name);
      CHECK(p.message.find(std::to_string(*n)) != std::string::npos);
    }
  seen.insert(p.code);
}

std::string file_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("the list of problem codes has each code once, in snake_case") {
  const auto& codes = problem_codes();
  CHECK(std::set<std::string>(codes.begin(), codes.end()).size() == codes.size());
  for (const auto& c : codes) {
    INFO(c);
    CHECK(std::all_of(c.begin(), c.end(),
                      [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'; }));
  }
  CHECK(std::string(codes::shape_mismatch) == "shape_mismatch");
}

TEST_CASE("a problem's JSON carries its code and params besides field and English message") {
  Lesson lesson;
  const Problems found = read_lesson(R"({"tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_Q": [[1, 0, 0]],
                                         "W_K": [[1], [0]], "W_V": [[1], [0]]})",
                                     lesson);
  REQUIRE(found.size() == 1);
  const auto j = problem_json(found[0]);
  CHECK(j["field"] == "W_Q");
  CHECK(j["code"] == "shape_mismatch");
  CHECK(j["message"] == "has shape 1 \u00d7 3 but should be 2 \u00d7 any (d_model \u00d7 h\u00b7d_k, d_model = 2)");
  CHECK(j["params"] == nlohmann::json{{"actual", "1 \u00d7 3"},
                                      {"expected", "2 \u00d7 *"},
                                      {"formula", "d_model \u00d7 h\u00b7d_k, d_model = 2"}});

  const Problems heads = read_lesson(R"({"tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "heads": 2,
                                         "W_Q": [[1, 0, 0], [0, 1, 0]], "W_K": [[1, 0, 0], [0, 1, 0]],
                                         "W_V": [[1, 0], [0, 1]]})",
                                     lesson);
  REQUIRE(heads.size() == 1);
  CHECK(problem_json(heads[0])["params"] == nlohmann::json{{"columns", 3}, {"heads", 2}});
  CHECK(heads[0].code == "heads_do_not_divide");

  const Problems word = read_lesson(R"({"tokens": ["a", "zebra"], "vocab": ["a"], "E": [[1, 0]],
                                        "W_Q": [[1], [0]], "W_K": [[1], [0]], "W_V": [[1], [0]]})",
                                    lesson);
  REQUIRE(!word.empty());
  CHECK(word[0].field == "tokens[1]");
  CHECK(word[0].code == "not_in_vocab");
  CHECK(problem_json(word[0])["params"] == nlohmann::json{{"token", "zebra"}});
}

TEST_CASE("every problem of the readers, over the fuzz corpora, has a listed code and its numbers") {
  std::set<std::string> seen;
  std::size_t files = 0;
  for (const char* corpus : {"fuzz_inputs", "fuzz_exercises"})
    for (const auto& entry : fs::directory_iterator(fs::path(ATTNLAB_FIXTURES) / ".." / "fuzz" / "corpus" / corpus)) {
      const std::string text = file_text(entry.path());
      ++files;
      Lesson lesson;
      for (const auto& p : read_lesson(text, lesson)) check_translatable(p, seen);
      ExerciseSet set;
      for (const auto& p : read_exercise_set(text, set)) check_translatable(p, seen);
    }
  // A few the corpora may miss: the trace cap, shapes of a layer and a decoder, the readers' own limits.
  Lesson big;
  REQUIRE(read_lesson(R"({"tokens": ["a"], "X": [[1]], "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]]})", big).empty());
  big.tokens.assign(512, "a");
  big.matrices["X"] = Matrix::Ones(512, 512);
  big.matrices["W_Q"] = big.matrices["W_K"] = big.matrices["W_V"] = Matrix::Ones(512, 512);
  big.heads = 8;
  if (const auto too_large = trace_too_large(big)) check_translatable(*too_large, seen);
  for (const char* text : {
           R"({"tokens": ["a"], "X": [[1, 0]], "W_Q": [[1], [0]], "W_K": [[1], [0]], "W_V": [[1], [0]],
               "layer": {}})",
           R"({"tokens": ["a"], "X": [[1, 0]], "W_Q": [[1], [0]], "W_K": [[1], [0]], "W_V": [[1, 0], [0, 1]],
               "source": {"tokens": ["s"]}, "layer": {}, "cross": {"W_Q": [[1]]}})",
           R"({"tokens": ["a"], "X": [[1]], "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]], "layer": {"ln3": {}}})",
           R"({"sentence": "a", "tokens": ["a"]})",
           "\xff",
           "{",
           "[]",
       }) {
    Lesson lesson;
    for (const auto& p : read_lesson(text, lesson)) check_translatable(p, seen);
  }
  INFO(files << " files; codes seen: " << seen.size() << " of " << problem_codes().size());
  CHECK(seen.size() >= 30);  // most of the readers' codes, not only the first few
}

TEST_CASE("every link that cannot be read, over the fragment corpus, says why by a listed code") {
  const auto& codes = problem_codes();
  std::set<std::string> seen;
  auto check = [&](const DecodedFragment& d) {
    if (d.kind != DecodedFragment::Kind::problem) return;
    INFO(d.message);
    CHECK(d.code.rfind("link_", 0) == 0);
    CHECK(std::find(codes.begin(), codes.end(), d.code) != codes.end());
    seen.insert(d.code);
  };
  for (const auto& entry :
       fs::directory_iterator(fs::path(ATTNLAB_FIXTURES) / ".." / "fuzz" / "corpus" / "fuzz_fragment"))
    check(decode_fragment(file_text(entry.path())));
  for (const char* fragment : {"#v3=abc", "#v2=@@@", "#%7B%22lesson%22%3A1%7D", "#%ZZ"})
    check(decode_fragment(fragment));
  const DecodedFragment version = decode_fragment("#v3=abc");
  CHECK(version.code == "link_unknown_version");
  REQUIRE(version.params.size() == 1);
  CHECK(std::get<std::string>(version.params[0].second) == "3");
  INFO("codes seen: " << seen.size());
  CHECK(seen.size() >= 5);
}
