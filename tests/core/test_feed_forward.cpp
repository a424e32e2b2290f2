// The feed-forward network: relu and the exact gelu, term by term.
#include <cmath>

#include "feed_forward.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

TEST_CASE("activations") {
  CHECK(activate(Activation::relu, -2) == 0.0);
  CHECK(activate(Activation::relu, 1.5) == 1.5);
  CHECK(activate(Activation::gelu, 0) == 0.0);
  // gelu(x) = x · Φ(x) = x/2 · (1 + erf(x/√2))
  for (double x : {-3.0, -1.0, -0.1, 0.3, 1.0, 2.5})
    CHECK_THAT(activate(Activation::gelu, x), WithinAbs(0.5 * x * (1 + std::erf(x / std::sqrt(2.0))), 1e-16));
  CHECK_THAT(activate(Activation::gelu, 1.0), WithinAbs(0.8413447460685429, 1e-16));
}

TEST_CASE("feed-forward network of one row, by hand") {
  const Matrix x = (Matrix(1, 2) << 1, -2).finished();
  const Matrix W1 = (Matrix(2, 3) << 1, 0, 2, 0, 1, 1).finished();
  const Matrix b1 = (Matrix(1, 3) << 0, 0, 0.5).finished();
  const Matrix W2 = (Matrix(3, 2) << 1, 0, 0, 1, 1, 1).finished();
  const Matrix b2 = (Matrix(1, 2) << 0.25, 0).finished();
  const FeedForwardTrace f = feed_forward(x, W1, &b1, W2, &b2, Activation::relu);
  CHECK(f.hidden == (Matrix(1, 3) << 1, -2, 0.5).finished());  // [1, -2, 2 - 2 + 0.5]
  CHECK(f.activated == (Matrix(1, 3) << 1, 0, 0.5).finished());
  CHECK(f.output == (Matrix(1, 2) << 1.75, 0.5).finished());  // [1 + 0.5 + 0.25, 0.5]
  const FeedForwardTrace no_bias = feed_forward(x, W1, nullptr, W2, nullptr, Activation::relu);
  CHECK(no_bias.hidden == (Matrix(1, 3) << 1, -2, 0).finished());
}
