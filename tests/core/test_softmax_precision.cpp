// Numerical stability: float64/float16, with and without subtracting the max, masks of −inf and large negatives.
// The half-precision numbers match NumPy's float16; overflow happens exactly past ln 65504.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "lab_fixtures.hpp"
#include "softmax_precision.hpp"

using namespace attnlab;
using attnlab::test::fixture_number;
using attnlab::test::lab_fixture;
using attnlab::test::same_number;

namespace {
constexpr double inf = std::numeric_limits<double>::infinity();

void require_list(const std::vector<double>& actual, const nlohmann::json& expected, double tol, bool relative) {
  REQUIRE(actual.size() == expected.size());
  for (std::size_t i = 0; i < actual.size(); ++i) {
    INFO("[" << i << "] " << actual[i] << " vs " << expected[i]);
    CHECK(same_number(actual[i], fixture_number(expected[i]), tol, relative));
  }
}
}  // namespace

TEST_CASE("softmax in float64 and float16, naive and stable, matches NumPy") {
  const auto f = lab_fixture("softmax_precision");
  const double tol64 = f["tolerance"]["float64"], tol16 = f["tolerance"]["float16_relative"];
  for (const auto& c : f["cases"]) {
    const auto logits = c["logits"].get<std::vector<double>>();
    const auto hidden = c["hidden"].get<std::vector<bool>>();
    const double mask = fixture_number(c["mask_value"]);
    const auto runs = softmax_precision(logits, hidden, mask);
    REQUIRE(runs.size() == 4);
    for (std::size_t k = 0; k < 4; ++k) {
      const auto& e = c["runs"][k];
      const auto& r = runs[k];
      INFO(c["logits"].dump() << " mask " << mask << ": " << run_name(r));
      REQUIRE(r.half == e["half"].get<bool>());
      REQUIRE(r.subtract_max == e["subtract_max"].get<bool>());
      const double tol = r.half ? tol16 : tol64;
      // float64: exp differs from NumPy's in the last bits; compare relative to the size of the number
      require_list(r.inputs, e["inputs"], tol, true);
      require_list(r.exp, e["exp"], tol, true);
      require_list(r.weights, e["weights"], tol, true);
      CHECK(same_number(r.sum, fixture_number(e["sum"]), tol, true));
      CHECK(same_number(r.max, fixture_number(e["max"]), tol, true));
      CHECK(r.overflow == e["overflow"].get<bool>());
      CHECK(r.invalid == e["invalid"].get<bool>());
    }
  }
}

TEST_CASE("half precision: 65504 is the largest finite value and exp overflows just past ln 65504") {
  CHECK(to_half(65504) == 65504);
  CHECK(to_half(65519) == 65504);     // rounds down to the largest half
  CHECK(std::isinf(to_half(65520)));  // halfway to the next power of two: rounds to infinity
  CHECK(std::isinf(to_half(-1e9)));
  CHECK(std::isinf(to_half(-1e6)));
  CHECK(to_half(-1e4) == -10000);
  CHECK(std::exp(12.0) > half_max);
  // 11.0859375 and 11.09375 are neighbouring halves around ln 65504 ≈ 11.0898
  const auto below = softmax_run({11.0859375}, {}, 0, true, false);
  const auto above = softmax_run({11.09375}, {}, 0, true, false);
  CHECK(below.exp[0] < half_max);
  CHECK_FALSE(below.overflow);
  CHECK(std::isinf(above.exp[0]));
  CHECK(above.overflow);
  CHECK(std::isnan(above.weights[0]));  // inf / inf
  // every integer logit up to 11 is safe, 12 is not
  for (int x = 0; x <= 11; ++x) CHECK_FALSE(softmax_run({double(x)}, {}, 0, true, false).overflow);
  CHECK(softmax_run({12.0}, {}, 0, true, false).overflow);
  // no single exp overflows, yet the sum does: 3 × e^10 ≈ 66079
  const auto sum_only = softmax_run({10, 10, 10}, {}, 0, true, false);
  CHECK_FALSE(std::isinf(sum_only.exp[0]));
  CHECK(std::isinf(sum_only.sum));
  CHECK(sum_only.weights[0] == 0);  // finite / inf: every weight is 0, the row sums to 0
}

TEST_CASE("subtracting the max prevents the overflow and does not change the answer") {
  const std::vector<double> logits{10, 11, 12, 30};
  const auto runs = softmax_precision(logits, {}, -inf);
  CHECK(runs[2].overflow);  // half, naive
  CHECK(runs[2].invalid);
  CHECK_FALSE(runs[3].overflow);  // half, stable
  CHECK_FALSE(runs[3].invalid);
  for (std::size_t i = 0; i < logits.size(); ++i) {
    CHECK(runs[0].weights[i] == Approx(runs[1].weights[i]).epsilon(1e-14));  // double: both work
    CHECK(runs[3].weights[i] == Approx(runs[1].weights[i]).margin(1e-3));    // half stable ≈ double
  }
  CHECK(runs[3].max == 30);
  CHECK(runs[3].exp[3] == 1);
  // double overflows too, just later: e^710 > 1.8e308
  const auto big = softmax_precision({700, 710}, {}, -inf);
  CHECK(big[0].overflow);
  CHECK_FALSE(big[1].overflow);
}

TEST_CASE("masking: -inf gives exactly 0; -1e9 and -1e6 too in float64; in float16 both become -inf") {
  const std::vector<double> logits{2, 1, 0.5};
  const std::vector<bool> hidden{false, false, true};
  for (double mask : {-inf, -1e9, -1e6}) {
    const auto runs = softmax_precision(logits, hidden, mask);
    CHECK(runs[1].weights[2] == 0);
    CHECK(runs[3].weights[2] == 0);
    CHECK(std::isinf(runs[3].inputs[2]));  // stored in half: -1e9 and -1e6 are already -inf
    CHECK(runs[1].inputs[2] == mask);
  }
  // a small mask value leaks: the hidden key keeps some weight
  CHECK(softmax_run(logits, hidden, -5, false, true).weights[2] > 1e-4);
  // a row whose every key is hidden: -inf gives NaN, a finite mask gives uniform weights (attends to padding)
  const std::vector<bool> all{true, true, true};
  CHECK(softmax_run(logits, all, -inf, false, true).invalid);
  const auto uniform = softmax_run(logits, all, -1e9, false, true);
  CHECK_FALSE(uniform.invalid);
  CHECK(uniform.weights[0] == Approx(1.0 / 3));
  CHECK(softmax_run(logits, all, -1e9, true, true).invalid);  // in half -1e9 is -inf again
  CHECK(softmax_run(logits, all, -1e4, true, true).weights[1] == Approx(1.0 / 3).margin(1e-3));
}
