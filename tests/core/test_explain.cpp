#include "explain.hpp"

#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {
const char* lesson = R"({"tokens": ["The", "dog", "ran"], "mask": "causal",
  "X": [[1, 2], [3, -1], [0.5, 0.5]], "W_Q": [[1, 0], [0, 1]], "W_K": [[2, 0], [0, 1]], "W_V": [[1, 1], [0, 2]]})";
}

TEST_CASE("a score cell is the sum of q_i[t]·k_j[t]") {
  const Trace t = test::trace_of(lesson);
  const auto e = explain_score(t, 0, 1, 0);
  REQUIRE(e);
  REQUIRE(e->terms.size() == 2);
  CHECK(e->terms[0].a == 3);  // q_1 = (3, -1)
  CHECK(e->terms[0].b == 2);  // k_0 = (2, 2)
  CHECK(e->terms[0].product == 6);
  CHECK(e->terms[1].product == -2);
  CHECK(e->sum == 4);
  CHECK_THAT(e->scaled, WithinAbs(4 / std::sqrt(2.0), 1e-15));
  CHECK_FALSE(e->hidden);
  CHECK(explain_score(t, 0, 0, 2)->hidden);
  CHECK_FALSE(explain_score(t, 0, 3, 0));
  CHECK_FALSE(explain_score(t, 1, 0, 0));
}

TEST_CASE("a projection cell is row i of X times head h's column of W") {
  const Trace t = test::trace_of(R"({"tokens": ["a", "b"], "heads": 2, "X": [[1, 2], [3, -1]],
    "W_Q": [[1, 0, 2, 0], [0, 1, 0, 3]], "W_K": [[1, 0, 1, 0], [0, 1, 0, 1]], "W_V": [[1, 1, 1, 1], [0, 2, 0, 2]]})");
  const auto e = explain_projection(t, 'Q', 1, 1, 1);  // Q of head 2, column 2: W_Q column 3 = (0, 3)
  REQUIRE(e);
  CHECK(e->column == 3);
  REQUIRE(e->terms.size() == 2);
  CHECK(e->terms[0].a == 3);
  CHECK(e->terms[1].b == 3);
  CHECK(e->sum == -3);
  CHECK(e->sum == t.head[1].Q(1, 1));
  CHECK_FALSE(explain_projection(t, 'Q', 2, 0, 0));
  CHECK_FALSE(explain_projection(t, 'Z', 0, 0, 0));
  CHECK_FALSE(explain_projection(t, 'V', 0, 2, 0));
}

TEST_CASE("a softmax row: max, shifted, exponentials, sum, division") {
  const Trace t = test::trace_of(lesson);
  const auto e = explain_softmax(t, 0, 1);
  REQUIRE(e);
  CHECK(e->hidden == std::vector<bool>{false, false, true});
  CHECK(e->max == std::max(t.head[0].scaled(1, 0), t.head[0].scaled(1, 1)));
  CHECK(e->exp[2] == 0);
  CHECK_THAT(e->weights[0], WithinAbs(e->exp[0] / e->sum, 1e-16));
  CHECK(std::max(e->shifted[0], e->shifted[1]) == 0);
}

TEST_CASE("an output cell is the sum of weight·value") {
  const Trace t = test::trace_of(lesson);
  const auto e = explain_output(t, 0, 2, 1);
  REQUIRE(e);
  REQUIRE(e->terms.size() == 3);
  double sum = 0;
  for (const auto& term : e->terms) sum += term.product;
  CHECK_THAT(e->sum, WithinAbs(sum, 1e-15));
  CHECK(e->terms[1].b == t.head[0].V(1, 1));
}

namespace {
double sum_of(const std::vector<Term>& terms) {
  double s = 0;
  for (const auto& t : terms) s += t.product;
  return s;
}
const char* scored(const char* score) {
  static std::string text;
  text = std::string(R"({"tokens": ["a", "b"], "score": ")") + score + R"(",
    "X": [[1, 2], [3, -1]], "W_Q": [[1, 0], [0, 1]], "W_K": [[2, 0], [0, 1]], "W_V": [[1, 1], [0, 2]],
    "W_a": [[0.5, 1], [-1, 2]], "W_1": [[1, 0], [0, 1]], "W_2": [[1, 0], [0, 1]], "v_a": [1, -1]})";
  return text.c_str();
}
}  // namespace

TEST_CASE("a cosine score is the dot product's terms over the two norms, never their bare sum") {
  const Trace t = test::trace_of(scored("cosine"));
  const auto e = explain_score(t, 0, 1, 0);  // q_1 = (3, -1), k_0 = (2, 2)
  REQUIRE(e);
  CHECK(e->score == ScoreKind::cosine);
  REQUIRE(e->terms.size() == 2);
  CHECK(e->terms[0].product == 6);
  CHECK(e->terms[1].product == -2);
  CHECK(e->dot == 4);
  CHECK_THAT(e->q_norm, WithinAbs(std::sqrt(10.0), 1e-15));
  CHECK_THAT(e->k_norm, WithinAbs(std::sqrt(8.0), 1e-15));
  CHECK_THAT(e->sum, WithinAbs(e->dot / (e->q_norm * e->k_norm), 1e-15));
  CHECK(e->sum < 1);  // the score is a cosine, not the sum of the terms
  CHECK(e->sum == t.head[0].scores(1, 0));
}

TEST_CASE("a general score's terms are q_i against the key as W_a sees it, and add up to the score") {
  const Trace t = test::trace_of(scored("general"));
  const auto e = explain_score(t, 0, 1, 0);
  REQUIRE(e);
  CHECK(e->score == ScoreKind::general);
  REQUIRE(e->terms.size() == 2);
  CHECK(e->terms[0].a == 3);
  CHECK(e->terms[0].b == 0.5 * 2 + 1 * 2);  // (W_a · k_0)[0], k_0 = (2, 2)
  CHECK(e->terms[1].b == -1 * 2 + 2 * 2);
  CHECK_THAT(sum_of(e->terms), WithinAbs(e->sum, 1e-12));
  CHECK(e->dot == e->sum);
}

TEST_CASE("additive and location scores give no terms: the score is not a sum of products") {
  for (const char* kind : {"additive", "location"}) {
    const Trace t = test::trace_of(scored(kind));
    const auto e = explain_score(t, 0, 1, 0);
    REQUIRE(e);
    CHECK(e->terms.empty());
    CHECK(e->sum == t.head[0].scores(1, 0));
  }
}

TEST_CASE("dot-product scores: the terms add up to the score") {
  for (const char* kind : {"dot", "scaled_dot"}) {
    const Trace t = test::trace_of(scored(kind));
    const auto e = explain_score(t, 0, 0, 1);
    REQUIRE(e);
    CHECK_THAT(sum_of(e->terms), WithinAbs(e->sum, 1e-12));
    CHECK(e->dot == e->sum);
  }
}
