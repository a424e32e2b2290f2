#include "given_weights.hpp"

#include <cmath>
#include <cstdio>

#include "mask.hpp"

namespace attnlab {

namespace {
std::string cell(std::size_t i, std::size_t j) {
  return "weights[" + std::to_string(i) + "][" + std::to_string(j) + "]";
}
// (snprintf, not an ostringstream: iostreams and locales would add about 68 KB to the wasm)
std::string shortest(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}
}  // namespace

void validate_given_weights(const Lesson& lesson, Problems& problems) {
  if (!lesson.given_weights) return;
  const GivenWeights& g = *lesson.given_weights;
  const auto fail = [&](const std::string& field, const char* code, ProblemParams params, const std::string& message) {
    problems.push_back({field, message, code, std::move(params)});
  };
  const auto n = static_cast<Eigen::Index>(lesson.tokens.size());
  const auto keys = static_cast<Eigen::Index>(lesson.keys());
  if (g.values.rows() != n || g.values.cols() != keys)
    return fail("weights", codes::given_weights_shape,
                {{"actual", shape_of(g.values)}, {"expected", shape_of(n, keys)}},
                "has shape " + shape_of(g.values) + " but should be " + shape_of(n, keys) +
                    " (queries \u00d7 keys): one row of weights per token");
  if (lesson.heads != 1)
    return fail("weights", codes::given_weights_heads, {{"heads", std::int64_t{lesson.heads}}},
                "are one head's weights: give them with \"heads\": 1 (this lesson has " + std::to_string(lesson.heads) +
                    " heads)");
  if (lesson.layer)
    return fail("weights", codes::given_weights_layer, {},
                "cannot be given in a whole layer: give them in a lesson without \"layer\"");
  const Visibility visible = visibility(lesson);
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!g.given[static_cast<std::size_t>(i)]) continue;
    double sum = 0;
    bool ok = true;
    for (Eigen::Index j = 0; j < keys && ok; ++j) {
      const double w = g.values(i, j);
      const bool negative = w < 0, masked = !negative && w != 0 && !visible(i, j);
      if (negative || masked) {
        const auto at = cell(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
        const std::string value = shortest(w);
        if (negative)
          fail(at, codes::weight_negative, {{"value", value}},
               "is " + value + ": a weight is a share of the attention, at least 0");
        else
          fail(at, codes::weight_masked, {{"value", value}},
               "is " + value + ", but the mask hides this key from this query: its weight must be 0");
        ok = false;
      }
      sum += w;
    }
    if (ok && std::abs(sum - 1) > given_row_tolerance + 1e-12)  // (0.99 alone lies at the edge: accepted)
      fail("weights[" + std::to_string(i) + "]", codes::weight_row_sum,
           {{"sum", shortest(sum)}, {"tolerance", shortest(given_row_tolerance)}},
           "sums to " + shortest(sum) + ": a row of weights must sum to 1 (within " + shortest(given_row_tolerance) +
               ", for a slide's rounding)");
  }
}

void apply_given_weights(const GivenWeights& given, HeadTrace& head) {
  head.given_rows.clear();
  for (Eigen::Index i = 0; i < given.values.rows() && i < head.weights.rows(); ++i) {
    if (!given.given[static_cast<std::size_t>(i)]) continue;
    head.weights.row(i) = given.values.row(i);
    head.given_rows.push_back(static_cast<int>(i));
  }
}

}  // namespace attnlab
