// Malformed lessons: every message names its field and says what is wrong; nothing crashes.
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {
const std::string ok_matrices = R"("W_Q": [[1,0],[0,1]], "W_K": [[1,0],[0,1]], "W_V": [[1,0],[0,1]])";
std::string with(const std::string& fields) { return "{" + fields + "}"; }
}  // namespace

TEST_CASE("a valid lesson has no problems") {
  CHECK(test::problems_of(with(R"("tokens": ["a", "b"], "X": [[1,2],[3,4]], )" + ok_matrices)).empty());
}

TEST_CASE("JSON that is not a lesson") {
  CHECK_THAT(
      test::problems_of("{not json"),
      Contains("lesson: is not valid JSON: parse error at line 1, column 3: syntax error while parsing object key"));
  CHECK_THAT(test::problems_of("[1, 2]"), Contains("lesson: must be a JSON object, not a list"));
  CHECK_THAT(test::problems_of(""), Contains("lesson: is not valid JSON"));
  CHECK_THAT(test::problems_of(std::string(100000, '[')), Contains("lesson: is not valid JSON"));
}

TEST_CASE("missing fields are named") {
  CHECK_THAT(test::problems_of(R"({"tokens": ["a"]})"), Contains("X: is missing"));
  CHECK_THAT(test::problems_of(R"({"tokens": ["a"], "X": [[1, 2]]})"), Contains("W_Q: is missing"));
  CHECK_THAT(test::problems_of(R"({})"), Contains("tokens: are missing"));
}

TEST_CASE("wrong shapes give both shapes") {
  const auto p = test::problems_of(with(R"("tokens": ["a", "b", "c"], "X": [[1,2],[3,4]], )" + ok_matrices));
  CHECK_THAT(p, Contains("X: has shape 2 \u00d7 2 but should be 3 \u00d7 any"));
  const auto q = test::problems_of(
      R"({"tokens": ["a"], "X": [[1, 2]], "W_Q": [[1],[1]], "W_K": [[1, 2],[3, 4]], "W_V": [[1],[1]]})");
  CHECK_THAT(q, Contains("W_K: has shape 2 \u00d7 2 but should be 2 \u00d7 1"));
  const auto r = test::problems_of(with(R"("tokens": ["a"], "X": [[1, 2, 3]], )" + ok_matrices));
  CHECK_THAT(r,
             Contains("W_Q: has shape 2 \u00d7 2 but should be 3 \u00d7 any (d_model \u00d7 h\u00b7d_k, d_model = 3)"));
  CHECK_THAT(test::problems_of(with(R"("tokens": ["a"], "X": [[1, 2]], "heads": 3, )" + ok_matrices)),
             Contains("W_Q: has 2 columns, which 3 heads cannot share equally"));
}

TEST_CASE("numbers must be finite numbers within the limits") {
  CHECK_THAT(test::problems_of(with(R"("tokens": ["a"], "X": [[1, "2"]], )" + ok_matrices)),
             Contains("X[0][1]: must be a number, not a string"));
  CHECK_THAT(test::problems_of(with(R"("tokens": ["a"], "X": [[1, 1e309]], )" + ok_matrices)),
             Contains("lesson: is not valid JSON: number overflow parsing '1e309'"));
  CHECK_THAT(test::problems_of(with(R"("tokens": ["a"], "X": [[1, 1e13]], )" + ok_matrices)),
             Contains("X[0][1]: is too large"));
  CHECK_THAT(test::problems_of(with(R"("tokens": ["a"], "X": [[1, null]], )" + ok_matrices)),
             Contains("X[0][1]: must be a number, not null"));
  CHECK_THAT(test::problems_of(with(R"("tokens": ["a", "b"], "X": [[1, 2], [3]], )" + ok_matrices)),
             Contains("X[1]: has 1 numbers but row 0 has 2"));
}

TEST_CASE("unknown options are named with the choices") {
  const std::string base = R"("tokens": ["a"], "X": [[1, 2]], )" + ok_matrices;
  CHECK_THAT(test::problems_of(with(base + R"(, "score": "magic")")), Contains("score: must be one of"));
  CHECK_THAT(test::problems_of(with(base + R"(, "scale": -2)")), Contains("scale: must be a positive number"));
  CHECK_THAT(test::problems_of(with(base + R"(, "scale": "sqrt")")), Contains("scale: must be \"sqrt_dk\""));
  CHECK_THAT(test::problems_of(with(base + R"(, "mask": "future")")), Contains("mask: must be \"none\", \"causal\""));
  CHECK_THAT(test::problems_of(with(base + R"(, "mask": {"padding": [true, false]})")),
             Contains("mask.padding: has 2 flags but there are 1 tokens"));
  CHECK_THAT(test::problems_of(with(base + R"(, "mask": [[2]])")), Contains("mask[0][0]: must be 0 (hidden) or 1"));
  CHECK_THAT(test::problems_of(with(base + R"(, "heads": 1.5)")), Contains("heads: must be a whole number"));
  CHECK_THAT(test::problems_of(with(base + R"(, "heads": 0)")), Contains("heads: must be a whole number"));
  CHECK_THAT(test::problems_of(with(base + R"(, "w_q": 1)")),
             Contains("w_q: is not a lesson field; did you mean \"W_Q\"?"));
  CHECK(test::problems_of(with(base + R"(, "course": "CS 101")")).empty());  // other extra fields are welcome
}

TEST_CASE("alignment functions need their parameters") {
  const std::string base = R"("tokens": ["a"], "X": [[1, 2]], )" + ok_matrices;
  CHECK_THAT(test::problems_of(with(base + R"(, "score": "general")")),
             Contains("W_a: is missing (score \"general\" needs it)"));
  CHECK_THAT(test::problems_of(with(base + R"(, "score": "location", "W_a": [[1, 2], [3, 4]])")),
             Contains("W_a: has shape 2 \u00d7 2 but should be 2 \u00d7 1"));
  CHECK_THAT(test::problems_of(with(base + R"(, "score": "additive", "W_1": [[1], [1]], "W_2": [[1], [1]])")),
             Contains("v_a: is missing"));
}

TEST_CASE("seeded draws are checked") {
  const std::string base = R"("tokens": ["a"], "X": [[1, 2]], )" + ok_matrices;
  CHECK_THAT(test::problems_of(with(base + R"(, "init": {"seed": -1, "draws": []})")),
             Contains("init.seed: must be a whole number from 0 to 4294967295"));
  CHECK_THAT(test::problems_of(with(base + R"(, "init": {"seed": 1, "draws": [{"name": "Y", "shape": [1, 1]}]})")),
             Contains("init.draws[0].name: must name a matrix"));
  CHECK_THAT(test::problems_of(with(base + R"(, "init": {"seed": 1, "draws": [{"name": "X", "shape": [1e9, 1e9]}]})")),
             Contains("init.draws[0].shape: must be whole numbers"));
  CHECK_THAT(test::problems_of(
                 with(base + R"(, "init": {"seed": 1, "draws": [{"name": "X", "shape": [1, 2], "dist": "normal"}]})")),
             Contains("init.draws[0].dist: must be \"randn\" or \"rand\""));
  CHECK_THAT(test::problems_of(with(base + R"(, "init": {"rng": "mt", "seed": 1, "draws": []})")),
             Contains("init.rng: must be \"numpy\""));
}

TEST_CASE("limits keep crafted input from exhausting memory") {
  std::string tokens = "[";
  for (int i = 0; i < 600; ++i) tokens += std::string(i ? "," : "") + "\"t\"";
  CHECK_THAT(test::problems_of(R"({"tokens": )" + tokens + "]}"), Contains("tokens: has 600 entries; at most 512"));
  CHECK_THAT(test::problems_of(R"({"tokens": [")" + std::string(100, 'x') + R"("]})"),
             Contains("tokens[0]: is longer than 64 characters"));
  CHECK_THAT(test::problems_of(R"({"sentence": 42})"), Contains("sentence: must be a string, not a number"));
  CHECK_THAT(test::problems_of(R"({"tokens": ["a"], "heads": 1000})"),
             Contains("heads: must be a whole number from 1 to 64"));
}

TEST_CASE("sentence and vocabulary: a token missing from the vocabulary is named") {
  const auto p =
      test::problems_of(R"({"tokens": ["cat", "dog"], "vocab": ["cat"], "E": [[1, 2]], )" + ok_matrices + "}");
  CHECK_THAT(p, Contains("tokens[1]: \"dog\" is not in the vocabulary"));
}
