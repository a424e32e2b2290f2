// Weights given literally ("weights"): a slide's printed rows shown as printed, Z = weights · V computed from them.
#include <algorithm>
#include <cmath>

#include "explain.hpp"
#include "kv_cache.hpp"
#include "test_helpers.hpp"
#include "trace_json.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;

namespace {
// The slide's "The dog ran fast": X = I, so V = W_V and V's first column is 3.0, 1.4, 5.4, 0.6 (lecture 20, step 4).
std::string slide(const std::string& weights, const std::string& extra = "") {
  return R"({"tokens": ["The", "dog", "ran", "fast"],
    "X": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]],
    "W_Q": [[6,4,3,2],[2,5,1,3],[3,3,4,2],[1,2,3,5]], "W_K": [[8,7,6,8],[3,6,2,4],[5,4,2,3],[2,3,5,4]],
    "W_V": [[3.0,7.6,2.2,5.5],[1.4,2.3,4.1,0.9],[5.4,1.2,3.3,2.7],[0.6,4.4,1.8,3.9]], "scale": 27.7,
    "weights": )" +
         weights + extra + "}";
}
const std::string printed = "[[0.99, 0.0004, 0.0003, 0.0005], null, [0.38, 0.269, 0.094, 0.25], null]";
}  // namespace

TEST_CASE("given weights: the slide's 0.99 row as printed, and the lecture's Z arithmetic of step 4") {
  const Trace t = test::trace_of(slide(printed));
  const HeadTrace& h = t.head[0];
  CHECK(h.weights(0, 0) == 0.99);
  CHECK(h.weights(0, 1) == 0.0004);
  CHECK(h.weights(0, 2) == 0.0003);
  CHECK(h.weights(0, 3) == 0.0005);
  CHECK(h.weights(2, 0) == 0.38);
  CHECK(h.given_rows == std::vector<int>{0, 2});
  // Z_The,1 = 0.99(3.0) + 0.0004(1.4) + 0.0003(5.4) + 0.0005(0.6) = 2.97 + 0.00056 + 0.00162 + 0.0003 ≈ 2.972
  CHECK_THAT(h.Z(0, 0), WithinAbs(0.99 * 3.0 + 0.0004 * 1.4 + 0.0003 * 5.4 + 0.0005 * 0.6, 1e-15));
  CHECK_THAT(h.Z(0, 0), WithinAbs(2.97248, 1e-12));
  CHECK_THAT(t.output(0, 0), WithinAbs(2.97248, 1e-12));  // one head, no W_O: the output is Z
  // the rows not given are the softmax's; the scores stay the slide's 110 and 58
  CHECK(h.scores(0, 0) == 110);
  CHECK(h.scores(0, 2) == 58);
  CHECK_THAT(h.weights.row(1).sum(), WithinAbs(1, 1e-15));
  CHECK_THAT(h.weights(1, 0), WithinAbs(h.softmax.exp(1, 0) / h.softmax.sum(1), 1e-15));
  CHECK_THAT((h.Z - h.weights * h.V).cwiseAbs().maxCoeff(), WithinAbs(0, 1e-15));
}

TEST_CASE("given weights: the inspector's row says it was given, beside the softmax's own numbers") {
  const Trace t = test::trace_of(slide(printed));
  const auto given = explain_softmax(t, 0, 0);
  REQUIRE(given);
  CHECK(given->given == std::vector<double>{0.99, 0.0004, 0.0003, 0.0005});
  CHECK_THAT(given->weights[0], WithinAbs(given->exp[0] / given->sum, 1e-15));  // what softmax would have given
  const auto computed = explain_softmax(t, 0, 1);
  CHECK(computed->given.empty());
  const auto z = explain_output(t, 0, 0, 0);
  CHECK(z->terms[0].a == 0.99);
  CHECK(z->terms[2].b == 5.4);
}

TEST_CASE("given weights: the trace says which rows were given; a lesson without them prints as before") {
  CHECK_THAT(trace_to_json(test::trace_of(slide(printed))), Contains("\"given_rows\":[0,2]"));
  const std::string plain = R"({"tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_Q": [[1, 0], [0, 1]],
    "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})";
  CHECK_THAT(trace_to_json(test::trace_of(plain)), !Contains("given_rows"));
}

TEST_CASE("given weights: every row given, or under a causal mask as the lecture's reveal (0.99 | *** | ***)") {
  const Trace all = test::trace_of(slide("[[1,0,0,0],[0.5,0.5,0,0],[0.2,0.3,0.5,0],[0.25,0.25,0.25,0.25]]"));
  CHECK(all.head[0].given_rows == std::vector<int>{0, 1, 2, 3});
  CHECK_THAT(all.head[0].Z(3, 0), WithinAbs((3.0 + 1.4 + 5.4 + 0.6) / 4, 1e-15));
  const Trace causal = test::trace_of(slide("[[0.99, 0, 0, 0], null, null, null]", R"(, "mask": "causal")"));
  CHECK(causal.head[0].weights(0, 0) == 0.99);
  CHECK(causal.head[0].weights(1, 2) == 0);
}

TEST_CASE("given weights: the KV-cache stepper decodes the given rows as the full trace shows them") {
  const std::string text = slide("[[1, 0, 0, 0], null, [0.2, 0.3, 0.5, 0], null]", R"(, "mask": "causal")");
  const Lesson lesson = test::lesson_from(text);
  const Trace full = compute_trace(lesson);
  for (int t = 0; t < 4; ++t) {
    const auto step = decode_step(lesson, full, t);
    REQUIRE(step);
    const HeadStep& s = step->heads[0];
    for (int j = 0; j <= t; ++j) CHECK(s.weights(j) == full.head[0].weights(t, j));
    for (int c = 0; c < 4; ++c) CHECK_THAT(s.z(c), WithinAbs(full.head[0].Z(t, c), 1e-14));
  }
  CHECK(decode_step(lesson, full, 2)->heads[0].weights(1) == 0.3);  // given, not the softmax's
}

TEST_CASE("given weights: the engine refuses rows that are not weights, with a clear message") {
  const auto problems = [](const std::string& weights, const std::string& extra = "") {
    return test::problems_of(slide(weights, extra));
  };
  CHECK_THAT(problems("[[0.5, 0.4, 0.0, 0.0], null, null, null]"),
             Contains("weights[0]: sums to 0.9: a row of weights must sum to 1 (within 0.01"));
  CHECK_THAT(problems("[[1.2, -0.2, 0, 0], null, null, null]"),
             Contains("weights[0][1]: is -0.2: a weight is a share of the attention, at least 0"));
  CHECK_THAT(problems("[[1, 0, 0, 0], null, null]"),
             Contains("weights: has shape 3 \u00d7 4 but should be 4 \u00d7 4 (queries \u00d7 keys)"));
  CHECK_THAT(problems("[[1, 0, 0], null, null, null]"), Contains("but should be 4 \u00d7 4"));
  CHECK_THAT(problems("[[1, 0, 0, 0], [1, 0], null, null]"), Contains("weights[1]: has 2 weights"));
  CHECK_THAT(problems("[[1, 0, 0, 0], \"x\", null, null]"),
             Contains("weights[1]: must be a list of weights or null, not a string"));
  CHECK_THAT(problems("[null, null, null, null]"), Contains("weights: gives no row"));
  CHECK_THAT(problems("{}"), Contains("weights: must be a list of rows"));
  CHECK_THAT(problems("[[0.5, 0.5, 0, 0], null, null, null]", R"(, "mask": "causal")"),
             Contains("weights[0][1]: is 0.5, but the mask hides this key from this query"));
  CHECK_THAT(problems(printed, R"(, "heads": 2)"), Contains("weights: are one head's weights"));
  CHECK(problems(printed).empty());  // the slide's rounding (0.9912, 0.993) lies within the tolerance
}

TEST_CASE("given weights: an edit elsewhere keeps them; new given weights are not taken over") {
  Trace first = test::trace_of(slide(printed));
  Trace again = compute_trace(test::lesson_from(slide(printed)), &first);
  CHECK(std::count(again.unchanged.begin(), again.unchanged.end(), "weights") == 1);
  CHECK(again.head[0].given_rows == std::vector<int>{0, 2});
  CHECK(again.head[0].weights(0, 0) == 0.99);
  Trace other = compute_trace(test::lesson_from(slide("[[0.98, 0.01, 0.005, 0.005], null, null, null]")), &again);
  CHECK(std::count(other.unchanged.begin(), other.unchanged.end(), "weights") == 0);
  CHECK(other.head[0].weights(0, 0) == 0.98);
  CHECK(other.head[0].weights(2, 0) != 0.38);  // row 3 is the softmax's again
  CHECK_THAT(other.head[0].Z(0, 0), WithinAbs(0.98 * 3.0 + 0.01 * 1.4 + 0.005 * 5.4 + 0.005 * 0.6, 1e-15));
}
