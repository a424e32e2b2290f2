// Decoding with a KV cache: each step's row is the causal computation's row; the cache saves multiply-adds.
#include "kv_cache.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::WithinAbs;

namespace {
const std::string causal = R"({"tokens": ["<SOS>", "the", "cat", "sat", "down"], "mask": "causal", "heads": 2,
  "positions": "sinusoidal", "init": {"seed": 5, "draws": [{"name": "X", "shape": [5, 4]},
  {"name": "W_Q", "shape": [4, 4]}, {"name": "W_K", "shape": [4, 4]}, {"name": "W_V", "shape": [4, 4]},
  {"name": "W_O", "shape": [4, 4]}, {"name": "b_Q", "shape": [4]}, {"name": "b_O", "shape": [4]}]}})";
}

TEST_CASE("the KV-cache step equals the causal row") {
  const Lesson lesson = test::lesson_from(causal);
  const Trace full = compute_trace(lesson);
  for (int t = 0; t < 5; ++t) {
    const auto step = decode_step(lesson, full, t);
    REQUIRE(step);
    for (int h = 0; h < 2; ++h) {
      const HeadStep& s = step->heads[static_cast<std::size_t>(h)];
      const HeadTrace& f = full.head[static_cast<std::size_t>(h)];
      REQUIRE(s.weights.size() == t + 1);
      for (int j = 0; j <= t; ++j) {
        CHECK_THAT(s.scores(j), WithinAbs(f.scores(t, j), 1e-14));
        CHECK_THAT(s.weights(j), WithinAbs(f.weights(t, j), 1e-15));
      }
      for (int c = 0; c < 2; ++c) {
        CHECK_THAT(s.q(c), WithinAbs(f.Q(t, c), 1e-15));
        CHECK_THAT(s.k(c), WithinAbs(f.K(t, c), 1e-15));
        CHECK_THAT(s.z(c), WithinAbs(f.Z(t, c), 1e-15));
      }
    }
    for (int c = 0; c < 4; ++c) CHECK_THAT(step->output(c), WithinAbs(full.output(t, c), 1e-14));
    // d = 4, h·d_k = h·d_v = 4: projections 4·12, attention (t+1)·8, W_O 16; the cache saves t·4·8.
    CHECK(step->multiply_adds == 48 + (t + 1) * 8 + 16);
    CHECK(step->without_cache - step->multiply_adds == t * 32);
  }
  CHECK_FALSE(decode_step(lesson, full, 5));
  const Lesson unmasked =
      test::lesson_from(R"({"tokens": ["a"], "X": [[1]], "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]]})");
  CHECK_FALSE(decode_step(unmasked, compute_trace(unmasked), 0));
}
