// The √d_k experiment: statistics match NumPy for fixed seeds; the Jacobian matches finite differences;
// the effect the page teaches (raw variance ≈ d_k, scaled ≈ 1, saturation without scaling) is there.
#include <catch2/catch.hpp>

#include "lab_fixtures.hpp"
#include "numpy_random.hpp"
#include "scale_lab.hpp"

using namespace attnlab;
using attnlab::test::fixture_number;
using attnlab::test::lab_fixture;

namespace {
void require_stats(const SoftmaxStats& s, const nlohmann::json& e, double tol) {
  CHECK_THAT(s.max_weight, Catch::Matchers::WithinAbs(e["max_weight"].get<double>(), tol));
  CHECK_THAT(s.entropy, Catch::Matchers::WithinAbs(e["entropy"].get<double>(), tol));
  CHECK_THAT(s.jacobian_norm, Catch::Matchers::WithinAbs(e["jacobian_norm"].get<double>(), tol));
}
}  // namespace

TEST_CASE("scale lab statistics match NumPy on fixed seeds") {
  for (const std::string name : {"scale_seed0", "scale_seed7"}) {
    const auto f = lab_fixture(name);
    ScaleLabOptions o;
    o.d_k = f["d_k"].get<std::vector<int>>();
    o.queries = f["queries"];
    o.keys = f["keys"];
    o.seed = f["seed"];
    const double tol = f["tolerance"];
    const auto rows = scale_lab(o);
    REQUIRE(rows.size() == f["rows"].size());
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const auto& e = f["rows"][k];
      INFO(name << " d_k = " << rows[k].d_k);
      CHECK(rows[k].d_k == e["d_k"].get<int>());
      CHECK_THAT(rows[k].raw_variance, Catch::Matchers::WithinRel(e["raw_variance"].get<double>(), tol));
      CHECK_THAT(rows[k].scaled_variance, Catch::Matchers::WithinRel(e["scaled_variance"].get<double>(), tol));
      require_stats(rows[k].raw, e["raw"], tol);
      require_stats(rows[k].scaled, e["scaled"], tol);
      for (std::size_t j = 0; j < rows[k].example_raw_weights.size(); ++j) {
        CHECK_THAT(rows[k].example_raw_weights[j],
                   Catch::Matchers::WithinAbs(fixture_number(e["example_raw_weights"][j]), tol));
        CHECK_THAT(rows[k].example_scaled_weights[j],
                   Catch::Matchers::WithinAbs(fixture_number(e["example_scaled_weights"][j]), tol));
      }
    }
  }
}

TEST_CASE("raw score variance grows like d_k, scaled stays near 1, and unscaled softmax saturates") {
  ScaleLabOptions o;
  o.d_k = {1, 16, 512};
  o.queries = 400;
  o.seed = 3;
  const auto rows = scale_lab(o);
  for (const auto& r : rows) {
    INFO("d_k = " << r.d_k);
    CHECK(r.raw_variance / r.d_k == Approx(1).margin(0.2));
    CHECK(r.scaled_variance == Approx(1).margin(0.2));
    CHECK(r.scaled_variance == Approx(r.raw_variance / r.d_k));
  }
  // at d_k = 512 unscaled rows are nearly one-hot and their gradient nearly vanishes; scaled rows are not
  CHECK(rows[2].raw.max_weight > 0.9);
  CHECK(rows[2].scaled.max_weight < 0.6);
  CHECK(rows[2].raw.jacobian_norm < rows[2].scaled.jacobian_norm / 3);
  CHECK(rows[2].raw.entropy < rows[2].scaled.entropy / 4);
  // the same seed gives the same numbers; out-of-range sizes are clamped, not refused
  CHECK(scale_lab(o)[1].raw_variance == rows[1].raw_variance);
  o.d_k = {0, 5000};
  const auto clamped = scale_lab(o);
  CHECK(clamped[0].d_k == 1);
  CHECK(clamped[1].d_k == 1024);
}

TEST_CASE("the softmax Jacobian diag(p) - p p^T matches central finite differences") {
  NumpyRandom rng(42);
  for (int trial = 0; trial < 20; ++trial) {
    const int n = 2 + trial % 7;
    Vector x(n);
    for (int i = 0; i < n; ++i) x(i) = 3 * rng.randn();
    const Matrix J = softmax_jacobian(softmax_vector(x));
    const double h = 1e-6;
    for (int j = 0; j < n; ++j) {
      Vector up = x, down = x;
      up(j) += h;
      down(j) -= h;
      const Vector column = (softmax_vector(up) - softmax_vector(down)) / (2 * h);
      for (int i = 0; i < n; ++i) CHECK_THAT(J(i, j), Catch::Matchers::WithinAbs(column(i), 1e-8));
    }
    CHECK(J.rowwise().sum().cwiseAbs().maxCoeff() < 1e-15);  // softmax is shift-invariant
  }
}

TEST_CASE("entropy is ln n for a uniform row and 0 for a one-hot row") {
  CHECK(entropy(Vector::Constant(8, 1.0 / 8)) == Approx(std::log(8.0)));
  Vector one_hot = Vector::Zero(5);
  one_hot(2) = 1;
  CHECK(entropy(one_hot) == 0);
  CHECK(softmax_jacobian(one_hot).norm() == 0);
}
