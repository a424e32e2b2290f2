// The inspector's arithmetic for the layer's cells adds up to the trace's numbers.
#include <cmath>

#include "explain_layer.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {
const std::string ln = R"({"gamma": [1, 2, 0.5], "beta": [0, 1, -1]})";
const std::string w3 = "[[1, 0.5, 0], [0, 1, -1], [0.25, 0, 1]]";
Trace decoder(const std::string& norm) {
  return test::trace_of(R"({"tokens": ["a", "b"], "X": [[1, 2, 0], [-1, 0.5, 3]], "mask": "causal",
    "W_Q": )" + w3 + R"(, "W_K": )" +
                        w3 + R"(, "W_V": )" + w3 + R"(, "b_Q": [0.1, 0, 0],
    "source": {"tokens": ["x", "y", "z"], "X": [[1, 0, 0], [0, 1, 0], [2, 0, 1]]},
    "cross": {"W_Q": )" +
                        w3 + R"(, "W_K": )" + w3 + R"(, "W_V": )" + w3 + R"(},
    "layer": {"norm": ")" +
                        norm + R"(", "activation": "gelu", "ln1": )" + ln + R"(, "ln2": )" + ln + R"(, "ln3": )" + ln +
                        R"(,
      "W_ff1": [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, -1]], "b_ff1": [0, 0.5, 0, 0],
      "W_ff2": [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]], "b_ff2": [1, 0, 0]}})");
}
}  // namespace

TEST_CASE("a layer-norm cell: mean, variance, normalised value, gamma, beta") {
  for (const char* norm : {"post", "pre"}) {
    const Trace t = decoder(norm);
    for (int k = 1; k <= 3; ++k)
      for (int i = 0; i < 2; ++i)
        for (int c = 0; c < 3; ++c) {
          const auto e = explain_norm(t, k, i, c);
          REQUIRE(e);
          double sum = 0;
          for (double v : e->row) sum += v;
          CHECK_THAT(sum / 3, WithinAbs(e->mean, 1e-15));
          CHECK_THAT((e->x - e->mean) / e->root, WithinAbs(e->normalized, 1e-15));
          CHECK_THAT(e->normalized * e->gamma + e->beta, WithinAbs(e->output, 1e-15));
        }
    CHECK_FALSE(explain_norm(t, 4, 0, 0));
    CHECK_FALSE(explain_norm(t, 1, 2, 0));
  }
}

TEST_CASE("a feed-forward cell, term by term") {
  const Trace t = decoder("post");
  for (int i = 0; i < 2; ++i) {
    for (int u = 0; u < 4; ++u) {
      const auto e = explain_ffn_hidden(t, i, u);
      REQUIRE(e);
      double sum = e->bias;
      for (const Term& term : e->terms) sum += term.product;
      CHECK_THAT(sum, WithinAbs(e->sum, 1e-14));
      CHECK_THAT(0.5 * e->sum * (1 + std::erf(e->sum / std::sqrt(2.0))), WithinAbs(e->activated, 1e-15));
    }
    for (int c = 0; c < 3; ++c) {
      const auto e = explain_ffn_output(t, i, c);
      REQUIRE(e);
      double sum = e->bias;
      for (const Term& term : e->terms) sum += term.product;
      CHECK_THAT(sum, WithinAbs(e->sum, 1e-14));
    }
  }
}

TEST_CASE("a cross-attention score: decoder query against source key") {
  const Trace t = decoder("pre");
  const auto e = explain_cross_score(t, 0, 1, 2);
  REQUIRE(e);
  double sum = 0;
  for (const Term& term : e->terms) sum += term.product;
  CHECK_THAT(sum, WithinAbs(e->sum, 1e-14));
  CHECK_THAT(e->sum / std::sqrt(3.0), WithinAbs(e->scaled, 1e-15));
  CHECK_FALSE(explain_cross_score(t, 0, 2, 0));
  CHECK_FALSE(explain_cross_score(
      test::trace_of(R"({"tokens": ["a"], "X": [[1]], "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]]})"), 0, 0, 0));
}
