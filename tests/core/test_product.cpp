#include "product.hpp"

#include <array>
#include <cstring>
#include <limits>
#include <vector>

#include "numpy_random.hpp"
#include "test_helpers.hpp"

using namespace attnlab;

namespace {
// Whether two matrices hold the same numbers, bit for bit (== would also let -0 pass for +0).
bool same_bits(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}
// Eigen's own products, as the engine computed them before product.hpp
Matrix eigen_product(const Matrix& A, const Matrix& B) {
  use_fixed_blocking();
  return A * B;
}
Matrix eigen_scores(const Matrix& Q, const Matrix& K) {
  use_fixed_blocking();
  return Q * K.transpose();
}
const std::vector<int> sizes = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 31, 33, 64, 65, 127};
}  // namespace

#if defined(__SSE2__)
TEST_CASE("the packed product gives Eigen's bits for every shape's paths (row groups of 4, column groups of 4 and 2)") {
  NumpyRandom rng(11);
  int shapes = 0;
  for (int n : sizes)
    for (int k : sizes)
      for (int m : sizes) {
        if (!eigen_blocked(n, k, m)) continue;
        const Matrix A = rng.matrix(n, k), B = rng.matrix(k, m), K = rng.matrix(m, k);
        INFO(n << " x " << k << " times " << k << " x " << m);
        REQUIRE(same_bits(packed_product(A, B), eigen_product(A, B)));
        REQUIRE(same_bits(packed_product(A, K.transpose()), eigen_scores(A, K)));
        ++shapes;
      }
  CHECK(shapes > 4000);
}

TEST_CASE("the packed product gives Eigen's bits where Eigen splits k and the rows into blocks") {
  NumpyRandom rng(12);
  // k past Eigen's k-block (a few hundred numbers here), rows past its row block (a few hundred)
  for (const auto& [n, k, m] : std::vector<std::array<int, 3>>{
           {130, 1000, 6}, {7, 2049, 130}, {515, 300, 261}, {128, 256, 256}, {33, 770, 771}, {600, 64, 1030}}) {
    const Matrix A = rng.matrix(n, k), B = rng.matrix(k, m);
    INFO(n << " x " << k << " times " << k << " x " << m);
    CHECK(same_bits(packed_product(A, B), eigen_product(A, B)));
  }
}

TEST_CASE("the packed product keeps Eigen's signed zeros, infinities and NaNs") {
  Matrix A = Matrix::Zero(9, 12), B = Matrix::Zero(12, 7);
  A(0, 0) = -0.0;
  B(0, 0) = 1.0;  // -0 · 1 = -0, and +0 + -0 = +0, as Eigen sums from +0
  A(1, 2) = std::numeric_limits<double>::infinity();
  B(2, 1) = -1.0;
  A(2, 3) = 1e300;
  B(3, 2) = 1e300;  // overflows to infinity
  A(3, 4) = std::numeric_limits<double>::infinity();
  B(4, 3) = 0.0;  // ∞ · 0 = NaN
  CHECK(same_bits(packed_product(A, B), eigen_product(A, B)));
}
#endif

TEST_CASE("product and product_transposed give Eigen's bits in every build, small and vector shapes too") {
  NumpyRandom rng(13);
  for (int n : {1, 2, 4, 9})
    for (int k : {1, 3, 8, 20})
      for (int m : {1, 2, 8, 17}) {
        const Matrix A = rng.matrix(n, k), B = rng.matrix(k, m), K = rng.matrix(m, k);
        INFO(n << " x " << k << " times " << k << " x " << m);
        CHECK(same_bits(product(A, B), eigen_product(A, B)));
        CHECK(same_bits(product_transposed(A, K), eigen_scores(A, K)));
      }
}
