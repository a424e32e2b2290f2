// The lectures' small worked examples, checked against numbers computed by hand.
#include <cmath>

#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

TEST_CASE("exit ticket: scores (2, 0) give weights about (0.88, 0.12), and y is mostly v1") {
  // X = I2, W_Q picks q = (2, 0)·, W_K = I: q·k1 = 2, q·k2 = 0.
  const Trace t = test::trace_of(R"({"tokens": ["q", "v2"], "scale": "none",
    "X": [[1, 0], [0, 1]], "W_Q": [[2, 0], [0, 0]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})");
  CHECK(t.head[0].scores(0, 0) == 2);
  CHECK(t.head[0].scores(0, 1) == 0);
  const double e2 = std::exp(2.0);
  CHECK_THAT(t.head[0].weights(0, 0), WithinAbs(e2 / (e2 + 1), 1e-15));
  CHECK_THAT(t.head[0].weights(0, 0), WithinAbs(0.88, 0.005));
  CHECK_THAT(t.head[0].weights(0, 1), WithinAbs(0.12, 0.005));
  CHECK_THAT(t.head[0].softmax.sum(0), WithinAbs(1 + std::exp(-2.0), 1e-15));  // exp(0) + exp(-2) after the shift
  CHECK(t.head[0].Z(0, 0) > t.head[0].Z(0, 1));
}

TEST_CASE("retrieval toy: the first query matches the second key") {
  // q0 = e2, keys = I3: q0·k = (0, 1, 0); scaled by √3.
  const Trace t = test::trace_of(R"({"tokens": ["a", "b", "c"],
    "X": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    "W_Q": [[0, 1, 0], [1, 0, 0], [0, 0, 1]], "W_K": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    "W_V": [[1, 0, 0], [0, 10, 0], [0, 0, 100]]})");
  CHECK(t.head[0].scores(0, 0) == 0);
  CHECK(t.head[0].scores(0, 1) == 1);
  CHECK(t.head[0].scores(0, 2) == 0);
  const double s = std::exp(1 / std::sqrt(3.0));
  CHECK_THAT(t.head[0].weights(0, 1), WithinAbs(s / (s + 2), 1e-15));
  Eigen::Index best;
  t.head[0].weights.row(0).maxCoeff(&best);
  CHECK(best == 1);
  CHECK_THAT(t.head[0].Z(0, 1), WithinAbs(10 * s / (s + 2), 1e-13));  // mostly value 2
}

TEST_CASE("toy example with d_k = 4, worked by hand") {
  // Q = X·I, K = X·I: row 0 of QKᵀ is x0·x0, x0·x1, x0·x2.
  const Trace t = test::trace_of(R"({"tokens": ["I", "like", "tea"],
    "X": [[1, 0, 1, 0], [0, 2, 0, 0], [1, 1, 0.5, 0]],
    "W_Q": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]], "W_K": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]],
    "W_V": [[1,0,0,0],[0,1,0,0],[0,0,1,0],[0,0,0,1]]})");
  CHECK(t.head[0].scores(0, 0) == 2);  // 1·1 + 1·1
  CHECK(t.head[0].scores(0, 1) == 0);
  CHECK(t.head[0].scores(0, 2) == 1.5);  // 1·1 + 1·0.5
  CHECK(t.divisor == 2);                 // √4
  CHECK(t.head[0].scaled(0, 2) == 0.75);
  const double a = std::exp(1.0), b = std::exp(0.0), c = std::exp(0.75);
  CHECK_THAT(t.head[0].weights(0, 0), WithinAbs(a / (a + b + c), 1e-15));
  CHECK_THAT(t.head[0].Z(0, 1), WithinAbs(2 * b / (a + b + c) + c / (a + b + c), 1e-15));
}

TEST_CASE("√768 ≈ 27.7: the slide's raw score 110 becomes about 3.97") {
  const Trace t = test::trace_of(R"({"tokens": ["The"], "X": [[1]], "W_Q": [[110]], "W_K": [[1]], "W_V": [[1]],
    "scale": 27.712812921102035})");
  CHECK_THAT(t.head[0].scaled(0, 0), WithinAbs(3.97, 0.005));
  CHECK_THAT(std::sqrt(768.0), WithinAbs(27.7, 0.02));
}
