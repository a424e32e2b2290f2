#include "softmax.hpp"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "portable_math.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {
Matrix row(std::initializer_list<double> values) {
  Matrix m(1, static_cast<Eigen::Index>(values.size()));
  Eigen::Index j = 0;
  for (double v : values) m(0, j++) = v;
  return m;
}
constexpr double inf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("softmax of the exit ticket: (2, 0) gives about (0.88, 0.12)") {
  const auto r = softmax_rows(row({2, 0}));
  CHECK_THAT(r.weights(0, 0), WithinAbs(std::exp(2.0) / (std::exp(2.0) + 1), 1e-15));
  CHECK_THAT(r.weights(0, 0), WithinAbs(0.88, 0.005));
  CHECK_THAT(r.weights(0, 1), WithinAbs(0.12, 0.005));
  CHECK(r.steps.max(0) == 2);
  CHECK(r.steps.exp(0, 0) == 1);  // exp(2 - 2)
  CHECK_THAT(r.steps.sum(0), WithinAbs(1 + std::exp(-2.0), 1e-15));
}

TEST_CASE("softmax rows sum to 1 and survive huge scores") {
  const auto r = softmax_rows(row({1000, 999, -1000}));
  CHECK_THAT(r.weights.row(0).sum(), WithinAbs(1, 1e-15));
  CHECK(std::isfinite(r.weights(0, 0)));
  CHECK_THAT(r.weights(0, 0), WithinAbs(1 / (1 + std::exp(-1.0)), 1e-15));
}

TEST_CASE("adding a constant to a score row changes nothing") {
  const Matrix a = row({0.3, -1.2, 2.5, 0.0});
  const Matrix b = (a.array() + 123.456).matrix();
  const auto ra = softmax_rows(a), rb = softmax_rows(b);
  for (Eigen::Index j = 0; j < 4; ++j) CHECK_THAT(ra.weights(0, j), WithinAbs(rb.weights(0, j), 1e-14));
}

TEST_CASE("hidden entries get weight exactly 0; an all-hidden row is all zeros and flagged") {
  Matrix m(2, 3);
  m << 1, -inf, 2, -inf, -inf, -inf;
  const auto r = softmax_rows(m);
  CHECK(r.weights(0, 1) == 0.0);
  CHECK_THAT(r.weights(0, 0) + r.weights(0, 2), WithinAbs(1, 1e-15));
  CHECK(r.weights.row(1).isZero(0));
  REQUIRE(r.empty_rows == std::vector<int>{1});
  CHECK_FALSE(r.weights.hasNaN());
}

TEST_CASE("softmax's exponentials, two at a time, are portable_exp's to the bit, at the ends of the range too") {
  // lanes on the plain path, beside each other and beside lanes the scalar function takes (NaN, −inf, results
  // that are subnormal or 0, results near and past the largest double), in both lanes of a pair and in an odd tail
  std::vector<double> x;
  for (double v = -40; v < 3; v += 0.0173) x.push_back(v);
  for (double v : {-708.0, -708.01, -709.5, -720.0, -745.2, -inf, std::numeric_limits<double>::quiet_NaN(), 709.0,
                   709.3, 709.9, inf, -0.0, 1e-300, -1e-17, -0.3465735902799726, 0.3465735902799726})
    x.insert(x.end(), {v, 0.25, -1.5, v, v});
  const auto size = static_cast<std::ptrdiff_t>(x.size());
  for (const double shift : {0.0, 2.5, -700.0})
    for (const std::ptrdiff_t n : {size, size - 1}) {  // (one of them odd: the last number on its own)
      std::vector<double> out(x.size(), 42.0);
      portable_exp_shifted(x.data(), shift, out.data(), n);
      for (std::ptrdiff_t j = 0; j < n; ++j) {
        const double want = portable_exp(x[j] - shift), got = out[j];
        INFO("x = " << x[j] << ", shift = " << shift << ", n = " << n);
        CHECK((std::memcmp(&got, &want, sizeof want) == 0 || (std::isnan(want) && std::isnan(got))));
      }
      if (n < size) CHECK(out[x.size() - 1] == 42.0);  // nothing written past n
    }
}
