// Layer normalisation: a hand-computed row, and rows of mean 0 and variance 1 before γ and β.
#include <cmath>

#include "layer_norm.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

TEST_CASE("layer norm of one row, by hand") {
  // x = [1, 2, 3, 6]: mean 3, biased variance (4 + 1 + 0 + 9) / 4 = 3.5
  const Matrix x = (Matrix(1, 4) << 1, 2, 3, 6).finished();
  const Matrix gamma = (Matrix(1, 4) << 1, 2, 1, 0.5).finished();
  const Matrix beta = (Matrix(1, 4) << 0, 0, 1, 0).finished();
  const NormTrace n = layer_norm(x, gamma, beta, 0.5);
  CHECK(n.mean(0) == 3.0);
  CHECK(n.var(0) == 3.5);
  // √(3.5 + 0.5) = 2
  CHECK(n.normalized == (Matrix(1, 4) << -1, -0.5, 0, 1.5).finished());
  CHECK(n.output == (Matrix(1, 4) << -1, -1, 1, 0.75).finished());
}

TEST_CASE("normalised rows have mean 0 and variance 1 (before gamma and beta)") {
  Matrix x(3, 5);
  x << 1, -2, 3.5, 0.25, 9, 100, 101, 99, 100.5, 98, -3, -3, -3, -3, -2;
  const Matrix ones = Matrix::Ones(1, 5), zeros = Matrix::Zero(1, 5);
  const NormTrace n = layer_norm(x, ones, zeros, 0.0);
  for (Eigen::Index r = 0; r < 3; ++r) {
    CHECK_THAT(n.normalized.row(r).mean(), WithinAbs(0, 1e-14));
    CHECK_THAT(n.normalized.row(r).squaredNorm() / 5, WithinAbs(1, 1e-14));
  }
  CHECK(n.output == n.normalized);  // γ = 1, β = 0
}
