// Properties that hold for every lesson, checked on seeded random ones.
#include <algorithm>
#include <cmath>

#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {
std::string seeded(int seed, int n, int d, int heads, const std::string& extra = "") {
  const std::string s = std::to_string(seed), N = std::to_string(n), D = std::to_string(d);
  return R"({"heads": )" + std::to_string(heads) + extra + R"(, "init": {"seed": )" + s + R"(, "draws": [
    {"name": "X", "shape": [)" +
         N + "," + D + R"(]}, {"name": "W_Q", "shape": [)" + D + "," + D + R"(], "scale": 0.5},
    {"name": "W_K", "shape": [)" +
         D + "," + D + R"(], "scale": 0.5}, {"name": "W_V", "shape": [)" + D + "," + D +
         R"(], "scale": 0.5}, {"name": "W_O", "shape": [)" + D + "," + D + R"(]}]}})";
}
}  // namespace

TEST_CASE("every weights row sums to 1 and lies in [0, 1]") {
  for (int seed : {1, 2, 3, 4, 5}) {
    const Trace t = test::trace_of(seeded(seed, 6, 8, 2));
    for (const auto& h : t.head)
      for (Eigen::Index i = 0; i < h.weights.rows(); ++i) {
        CHECK_THAT(h.weights.row(i).sum(), WithinAbs(1, 1e-14));
        CHECK(h.weights.row(i).minCoeff() >= 0);
      }
  }
}

TEST_CASE("causal mask: weights above the diagonal are exactly 0") {
  const Trace t = test::trace_of(seeded(7, 5, 8, 2, R"(, "mask": "causal")"));
  for (const auto& h : t.head)
    for (Eigen::Index i = 0; i < 5; ++i) {
      for (Eigen::Index j = i + 1; j < 5; ++j) CHECK(h.weights(i, j) == 0.0);
      CHECK_THAT(h.weights.row(i).sum(), WithinAbs(1, 1e-14));
    }
  CHECK(t.head[0].weights(0, 0) == 1.0);  // the first token sees only itself
}

TEST_CASE("padding: a PAD key gets weight exactly 0 from every query; an all-hidden row is flagged, not NaN") {
  const Trace t = test::trace_of(seeded(8, 4, 4, 1, R"(, "mask": {"padding": [false, false, true, true]})"));
  for (Eigen::Index i = 0; i < 4; ++i) {
    CHECK(t.head[0].weights(i, 2) == 0.0);
    CHECK(t.head[0].weights(i, 3) == 0.0);
  }
  const Trace all = test::trace_of(seeded(8, 3, 4, 1, R"(, "mask": [[1,1,0],[0,0,0],[1,1,1]])"));
  CHECK(all.head[0].empty_rows == std::vector<int>{1});
  CHECK(all.head[0].weights.row(1).isZero(0));
  CHECK(all.head[0].Z.row(1).isZero(0));
  CHECK_FALSE(all.output.hasNaN());
}

TEST_CASE("permuting the tokens permutes the outputs the same way") {
  const Lesson lesson = test::lesson_from(seeded(11, 5, 6, 3));
  Lesson permuted = lesson;
  const std::vector<int> order{3, 0, 4, 1, 2};
  const Matrix& X = *lesson.find("X");
  for (int i = 0; i < 5; ++i) permuted.matrices["X"].row(i) = X.row(order[i]);
  const Trace a = compute_trace(lesson), b = compute_trace(permuted);
  for (int i = 0; i < 5; ++i) {
    for (Eigen::Index c = 0; c < a.output.cols(); ++c)
      CHECK_THAT(b.output(i, c), WithinAbs(a.output(order[i], c), 1e-12));
    for (int j = 0; j < 5; ++j)
      CHECK_THAT(b.head[1].weights(i, j), WithinAbs(a.head[1].weights(order[i], order[j]), 1e-14));
  }
}

TEST_CASE("dividing by √d_k is the same as a softmax temperature of √d_k") {
  const Trace scaled = test::trace_of(seeded(12, 4, 16, 1));
  const Trace unscaled = test::trace_of(seeded(12, 4, 16, 1, R"(, "scale": "none")"));
  CHECK(scaled.divisor == 4);
  for (Eigen::Index i = 0; i < 4; ++i) {
    const Eigen::RowVectorXd z = unscaled.head[0].scores.row(i) / 4.0;
    const Eigen::RowVectorXd e = (z.array() - z.maxCoeff()).exp();
    for (Eigen::Index j = 0; j < 4; ++j) CHECK_THAT(scaled.head[0].weights(i, j), WithinAbs(e(j) / e.sum(), 1e-14));
  }
}

TEST_CASE("heads take consecutive column blocks, and concat places them side by side") {
  const Lesson lesson = test::lesson_from(seeded(13, 3, 6, 3));
  const Trace t = compute_trace(lesson);
  REQUIRE(t.head.size() == 3);
  CHECK(t.d_k == 2);
  const Matrix q1 = *lesson.find("X") * lesson.find("W_Q")->middleCols(2, 2);
  CHECK(t.head[1].Q.isApprox(q1, 1e-14));
  CHECK(t.concat.middleCols(4, 2) == t.head[2].Z);
  CHECK(t.output.isApprox(t.concat * *lesson.find("W_O"), 1e-14));
}
