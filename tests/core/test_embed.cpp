// Step 1, embed: a lesson with an embedding table looks each token's row up by its id (equal words, equal rows);
// a lesson that draws X has one row per position, as the lecture's NumPy script draws it. Draws that continue a
// matrix ("append") leave every number drawn before them where it was.
#include <catch2/catch.hpp>

#include "embed.hpp"
#include "numpy_random.hpp"
#include "test_helpers.hpp"

using namespace attnlab;

namespace {
const Matrix& input(const Lesson& l, const char* name) {
  const Matrix* m = l.find(name);
  REQUIRE(m != nullptr);
  return *m;
}
}  // namespace

TEST_CASE("a sentence looked up in E: a repeated word gets the same row") {
  const Lesson l = test::lesson_from(R"({"sentence": "the cat saw the dog", "vocab": ["the", "cat", "saw", "dog"],
    "init": {"seed": 20, "draws": [{"name": "E", "shape": [4, 8]}, {"name": "W_Q", "shape": [8, 8], "scale": 0.5},
      {"name": "W_K", "shape": [8, 8], "scale": 0.5}, {"name": "W_V", "shape": [8, 8], "scale": 0.5}]}})");
  const Matrix X = embeddings(l);
  REQUIRE(X.rows() == 5);
  CHECK(X.row(0) == X.row(3));
  CHECK(X.row(0) == input(l, "E").row(0));
  CHECK(X.row(4) == input(l, "E").row(3));
  CHECK(X.row(1) != X.row(0));
  CHECK(*token_ids(l) == std::vector<int>{0, 1, 2, 0, 3});
}

TEST_CASE("a drawn X is one row per position: a repeated word gets two rows, as the lecture's script draws them") {
  const Lesson l = test::lesson_from(R"({"sentence": "the cat saw the dog",
    "init": {"seed": 20, "draws": [{"name": "X", "shape": [5, 8]}, {"name": "W_Q", "shape": [8, 8], "scale": 0.5},
      {"name": "W_K", "shape": [8, 8], "scale": 0.5}, {"name": "W_V", "shape": [8, 8], "scale": 0.5}]}})");
  const Matrix X = embeddings(l);
  CHECK(X.row(0) != X.row(3));
  CHECK(*token_ids(l) == std::vector<int>{3, 0, 2, 3, 1});  // the default vocabulary: sorted distinct tokens
}

TEST_CASE("the lecture's sentence as a lookup lesson (vocabulary in order of appearance) has the lecture's numbers") {
  const std::string weights = R"({"name": "W_Q", "shape": [8, 8], "scale": 0.5},
      {"name": "W_K", "shape": [8, 8], "scale": 0.5}, {"name": "W_V", "shape": [8, 8], "scale": 0.5}]}})";
  const Lesson lecture = test::lesson_from(R"({"tokens": ["The", "dog", "ran", "fast"], "init": {"seed": 20, "draws": [
    {"name": "X", "shape": [4, 8]}, )" + weights);
  const Lesson typed = test::lesson_from(R"({"sentence": "The dog ran fast", "vocab": ["The", "dog", "ran", "fast"],
    "init": {"seed": 20, "draws": [{"name": "E", "shape": [4, 8]}, )" +
                                         weights);
  CHECK(embeddings(typed) == input(lecture, "X"));
  for (const char* w : {"W_Q", "W_K", "W_V"}) CHECK(input(typed, w) == input(lecture, w));
  const Trace a = compute_trace(lecture), b = compute_trace(typed);
  CHECK(a.output == b.output);
}

TEST_CASE("a draw that appends rows keeps the rows before it and draws after everything before it") {
  const Lesson three =
      test::lesson_from(R"({"sentence": "a b c", "vocab": ["a", "b", "c"], "init": {"seed": 7, "draws": [
    {"name": "E", "shape": [2, 3]}, {"name": "W_Q", "shape": [3, 2]}, {"name": "W_K", "shape": [3, 2]},
    {"name": "W_V", "shape": [3, 2]}, {"name": "E", "shape": [1, 3], "append": "rows"}]}})");
  // np.random.seed(7); E = randn(2, 3); W_Q, W_K, W_V = randn(3, 2) …; E = np.vstack([E, randn(1, 3)])
  NumpyRandom rng(7);
  const Matrix E2 = rng.matrix(2, 3), W_Q = rng.matrix(3, 2), W_K = rng.matrix(3, 2), W_V = rng.matrix(3, 2);
  const Matrix more = rng.matrix(1, 3);
  const Matrix& E = input(three, "E");
  REQUIRE(E.rows() == 3);
  CHECK(E.topRows(2) == E2);
  CHECK(E.row(2) == more.row(0));
  CHECK(input(three, "W_Q") == W_Q);
  CHECK(input(three, "W_K") == W_K);
  CHECK(input(three, "W_V") == W_V);
  CHECK(embeddings(three).row(2) == more.row(0));  // "c", the new word, looks up the appended row
}

TEST_CASE("a draw that appends columns gives a new head fresh numbers and leaves the first head's alone") {
  const std::string one = R"({"tokens": ["a", "b"], "heads": 1, "init": {"seed": 3, "draws": [
    {"name": "X", "shape": [2, 4]}, {"name": "W_Q", "shape": [4, 2], "scale": 0.5},
    {"name": "W_K", "shape": [4, 2], "scale": 0.5}, {"name": "W_V", "shape": [4, 2], "scale": 0.5})";
  const Lesson h1 = test::lesson_from(one + "]}}");
  const Lesson h2 = test::lesson_from(R"({"tokens": ["a", "b"], "heads": 2, "init": {"seed": 3, "draws": [
    {"name": "X", "shape": [2, 4]}, {"name": "W_Q", "shape": [4, 2], "scale": 0.5},
    {"name": "W_K", "shape": [4, 2], "scale": 0.5}, {"name": "W_V", "shape": [4, 2], "scale": 0.5},
    {"name": "W_Q", "shape": [4, 2], "scale": 0.5, "append": "columns"},
    {"name": "W_K", "shape": [4, 2], "scale": 0.5, "append": "columns"},
    {"name": "W_V", "shape": [4, 2], "scale": 0.5, "append": "columns"}]}})");
  // the stream read on after the first head's draws: np.hstack([W_Q, randn(4, 2) * 0.5]), …
  NumpyRandom rng(3);
  for (const auto& [r, c] : {std::pair{2, 4}, {4, 2}, {4, 2}, {4, 2}}) rng.matrix(r, c, 0.5);
  for (const char* w : {"W_Q", "W_K", "W_V"}) {
    CHECK(input(h2, w).leftCols(2) == input(h1, w));
    CHECK(input(h2, w).rightCols(2) == rng.matrix(4, 2, 0.5));
  }
  const Trace a = compute_trace(h1), b = compute_trace(h2);
  CHECK(a.head[0].weights == b.head[0].weights);
  CHECK(a.head[0].Z == b.head[0].Z);
}

TEST_CASE("appending draws are checked") {
  const std::string base = R"({"tokens": ["a"], "init": {"seed": 1, "draws": [)";
  CHECK_THAT(test::problems_of(
                 base + R"({"name": "X", "shape": [1, 2]}, {"name": "W_Q", "shape": [2, 2], "append": "columns"}]}})"),
             Catch::Contains("init.draws[1].append: continues W_Q, but no draw before it makes W_Q"));
  CHECK_THAT(test::problems_of(
                 base + R"({"name": "X", "shape": [1, 2]}, {"name": "X", "shape": [1, 3], "append": "rows"}]}})"),
             Catch::Contains("init.draws[1].shape: must have the 2 columns of the X it continues"));
  CHECK_THAT(test::problems_of(
                 base + R"({"name": "X", "shape": [1, 2]}, {"name": "X", "shape": [2, 2], "append": "columns"}]}})"),
             Catch::Contains("init.draws[1].shape: must have the 1 rows of the X it continues"));
  CHECK_THAT(test::problems_of(
                 base + R"({"name": "X", "shape": [1, 2]}, {"name": "X", "shape": [1, 2], "append": "below"}]}})"),
             Catch::Contains("init.draws[1].append: must be \"rows\" or \"columns\""));
  CHECK_THAT(test::problems_of(base + R"({"name": "X", "shape": [1, 2]}, {"name": "X", "shape": [1, 2]}]}})"),
             Catch::Contains("draws X a second time"));
  CHECK_THAT(
      test::problems_of(
          base + R"({"name": "X", "shape": [1024, 1024]}, {"name": "X", "shape": [1, 1024], "append": "rows"}]}})"),
      Catch::Contains("larger than 1048576 entries"));
}
