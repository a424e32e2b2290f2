// Positions: sinusoidal by hand, learned as given, and attention reading X + P.
#include <cmath>

#include "portable_math.hpp"
#include "positions.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

TEST_CASE("sinusoidal positions, entry by entry") {
  const Matrix P = sinusoidal_positions(3, 4);
  // p = 0: sin 0 = 0, cos 0 = 1 in every pair.
  CHECK(P(0, 0) == 0.0);
  CHECK(P(0, 1) == 1.0);
  CHECK(P(0, 2) == 0.0);
  CHECK(P(0, 3) == 1.0);
  // p = 2, i = 1: angle 2 / 10000^(2/4) = 2 / 100 = 0.02.
  CHECK_THAT(P(2, 2), WithinAbs(std::sin(0.02), 1e-16));
  CHECK_THAT(P(2, 3), WithinAbs(std::cos(0.02), 1e-16));
  CHECK_THAT(P(1, 0), WithinAbs(0.8414709848078965, 1e-16));  // sin 1
  CHECK_THAT(P(1, 1), WithinAbs(0.5403023058681398, 1e-16));  // cos 1
  // An odd d_model ends on a sine.
  const Matrix Q = sinusoidal_positions(2, 5);
  CHECK_THAT(Q(1, 4), WithinAbs(std::sin(1 / std::pow(10000.0, 4.0 / 5.0)), 1e-16));
}

TEST_CASE("portable sin, cos and erf stay within an ulp or two of the C library") {
  for (double x = -600; x < 600; x += 0.37) {
    CHECK_THAT(portable_sin(x), WithinAbs(std::sin(x), 4e-16));
    CHECK_THAT(portable_cos(x), WithinAbs(std::cos(x), 4e-16));
  }
  for (double x = -7; x < 7; x += 0.0137) CHECK_THAT(portable_erf(x), WithinAbs(std::erf(x), 3e-16));
  CHECK(portable_erf(0.0) == 0.0);
  CHECK(portable_erf(40.0) == 1.0);
  CHECK(portable_erf(-40.0) == -1.0);
}

TEST_CASE("attention reads X + P; the trace keeps both") {
  const Trace t = test::trace_of(R"({"tokens": ["a", "b"], "X": [[1, 2], [3, 4]], "positions": [[0.5, 0], [0, -1]],
    "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})");
  CHECK(t.X == (Matrix(2, 2) << 1, 2, 3, 4).finished());
  CHECK(t.P == (Matrix(2, 2) << 0.5, 0, 0, -1).finished());
  CHECK(t.X_plus_P == (Matrix(2, 2) << 1.5, 2, 3, 3).finished());
  CHECK(t.head[0].Q == t.X_plus_P);
  // "sinusoidal" and no positions
  const Trace s = test::trace_of(R"({"tokens": ["a", "b"], "X": [[1, 2], [3, 4]], "positions": "sinusoidal",
    "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})");
  CHECK(s.P == sinusoidal_positions(2, 2));
  const Trace none = test::trace_of(R"({"tokens": ["a"], "X": [[1, 2]], "positions": "none",
    "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})");
  CHECK(none.P.size() == 0);
  CHECK(none.head[0].Q == none.X);
}

TEST_CASE("a seeded draw may be named P: learned positions") {
  const Trace t = test::trace_of(R"({"tokens": ["a", "b", "c"], "init": {"seed": 3, "draws": [
    {"name": "X", "shape": [3, 4]}, {"name": "P", "shape": [3, 4], "scale": 0.1},
    {"name": "W_Q", "shape": [4, 4]}, {"name": "W_K", "shape": [4, 4]}, {"name": "W_V", "shape": [4, 4]}]}})");
  REQUIRE(t.P.rows() == 3);
  CHECK(t.X_plus_P == t.X + t.P);
}
