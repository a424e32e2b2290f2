// The whole layer: properties of the residual stream, cross-attention, and an edit recomputed from scratch.
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {

const char* const identity2 = "[[1, 0], [0, 1]]";
const char* const zero2 = "[[0, 0], [0, 0]]";

std::string layer_fields(const std::string& norm, const std::string& w_ff, bool ln3 = false) {
  std::string ln = R"({"gamma": [1, 1], "beta": [0, 0]})";
  return R"("layer": {"norm": ")" + norm + R"(", "ln1": )" + ln + R"(, "ln2": )" + ln +
         (ln3 ? R"(, "ln3": )" + ln : "") + R"(, "W_ff1": )" + w_ff + R"(, "W_ff2": )" + w_ff + "}";
}

}  // namespace

TEST_CASE("pre-norm with zero weights is the identity") {
  const std::string z = zero2;
  const Trace t = test::trace_of(R"({"tokens": ["a", "b", "c"], "X": [[1, 2], [-3, 0.5], [7, 7]],
    "W_Q": )" + z + R"(, "W_K": )" +
                                 z + R"(, "W_V": )" + z + R"(, "W_O": )" + z + ", " + layer_fields("pre", z) + "}");
  REQUIRE(t.layer);
  CHECK(t.layer->output == t.X);
  CHECK(t.layer->sum1 == t.X);
  CHECK(t.layer->ffn.output == Matrix::Zero(3, 2));
}

TEST_CASE("post-norm: the output is the last norm's, every row normalised") {
  const std::string i = identity2;
  const Trace t = test::trace_of(R"({"tokens": ["a", "b"], "X": [[1, 2], [-3, 0.5]], "W_Q": )" + i + R"(, "W_K": )" +
                                 i + R"(, "W_V": )" + i + ", " + layer_fields("post", i) + "}");
  REQUIRE(t.layer);
  CHECK(t.layer->sum1 == t.X + t.output);
  CHECK(t.layer->sum2 == t.layer->norm1.output + t.layer->ffn.output);
  CHECK(t.layer->output == t.layer->norm2.output);
  // With d_model = 2, a normalised row is ±√(1/(1+eps·…)) around its mean: [-a, a].
  for (Eigen::Index r = 0; r < 2; ++r) CHECK(t.layer->output(r, 0) == -t.layer->output(r, 1));
}

TEST_CASE("cross-attention with source = X equals self-attention") {
  const std::string w = R"("W_Q": [[1, 0.5], [0, 1]], "W_K": [[0.3, 0], [1, 1]], "W_V": [[2, 0], [0, -1]], "heads": 2)";
  const std::string X = "[[1, 2], [-3, 0.5], [0.25, 4]]";
  const Trace self = test::trace_of(R"({"tokens": ["a", "b", "c"], "X": )" + X + ", " + w + "}");
  const Trace cross = test::trace_of(R"({"tokens": ["a", "b", "c"], "X": )" + X + ", " + w +
                                     R"(, "source": {"tokens": ["x", "y", "z"], "X": )" + X + "}}");
  REQUIRE(cross.head.size() == 2);
  for (std::size_t h = 0; h < 2; ++h) {
    CHECK(cross.head[h].weights == self.head[h].weights);
    CHECK(cross.head[h].Z == self.head[h].Z);
  }
  CHECK(cross.output == self.output);
}

TEST_CASE("a cross-attention is n x m, its source padding hidden") {
  const Trace t = test::trace_of(R"({"tokens": ["a", "b"], "X": [[1, 0], [0, 1]],
    "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]],
    "source": {"tokens": ["x", "y", "z"], "X": [[1, 1], [2, 0], [0, 3]], "padding": [false, true, false]}})");
  CHECK(t.head[0].weights.rows() == 2);
  CHECK(t.head[0].weights.cols() == 3);
  CHECK(t.head[0].weights(0, 1) == 0.0);
  CHECK(t.head[0].weights(1, 1) == 0.0);
  REQUIRE(t.source_tokens);
  CHECK(t.source_tokens->size() == 3);
}

TEST_CASE("a source given as a sentence is looked up in E, with the lesson's vocabulary") {
  const Trace t = test::trace_of(R"({"sentence": "le chat", "source": {"sentence": "the cat"},
    "E": [[1, 0], [0, 1], [1, 1], [2, 2]],
    "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})");
  // vocabulary: cat, chat, le, the
  REQUIRE(t.vocab);
  CHECK(*t.vocab == std::vector<std::string>{"cat", "chat", "le", "the"});
  CHECK(t.X == (Matrix(2, 2) << 1, 1, 0, 1).finished());         // le, chat
  CHECK(t.source_X == (Matrix(2, 2) << 2, 2, 1, 0).finished());  // the, cat
}

TEST_CASE("a decoder layer: masked self-attention, cross-attention, feed-forward") {
  const std::string i = identity2;
  const Trace t = test::trace_of(R"({"tokens": ["a", "b", "c"], "X": [[1, 2], [-3, 0.5], [0, 1]], "mask": "causal",
    "W_Q": )" + i + R"(, "W_K": )" +
                                 i + R"(, "W_V": )" + i + R"(,
    "source": {"tokens": ["x", "y"], "X": [[1, 0], [0, 1]]},
    "cross": {"W_Q": )" + i + R"(, "W_K": )" +
                                 i + R"(, "W_V": )" + i + R"(, "W_O": )" + i + "}, " + layer_fields("post", i, true) +
                                 "}");
  REQUIRE(t.cross);
  REQUIRE(t.layer);
  CHECK(t.head[0].weights(0, 1) == 0.0);  // causal self-attention
  CHECK(t.cross->head[0].weights.rows() == 3);
  CHECK(t.cross->head[0].weights.cols() == 2);
  CHECK(t.layer->sum2 == t.layer->norm1.output + t.cross->output);
  CHECK(t.layer->sum3 == t.layer->norm2.output + t.layer->ffn.output);
  CHECK(t.layer->output == t.layer->norm3.output);
}

TEST_CASE("an edit of a layer lesson gives the trace computed from scratch") {
  const std::string i = identity2;
  const std::string base = R"({"tokens": ["a", "b"], "W_Q": )" + i + R"(, "W_K": )" + i + R"(, "W_V": )" + i + ", " +
                           layer_fields("post", i) + ", ";
  Trace before = test::trace_of(base + R"("X": [[1, 2], [-3, 0.5]]})");
  const Lesson edited = test::lesson_from(base + R"("X": [[1, 2], [-3, 0.75]], "b_Q": [0.5, 0]})");
  const Trace incremental = compute_trace(edited, &before);
  const Trace fresh = compute_trace(edited);
  CHECK(incremental.layer->output == fresh.layer->output);
  CHECK(incremental.head[0].Q == fresh.head[0].Q);
  // and back to a lesson of the six steps alone: nothing from the layer lesson is reused wrongly
  Trace layered = compute_trace(edited);
  const Lesson plain = test::lesson_from(R"({"tokens": ["a", "b"], "W_Q": )" + i + R"(, "W_K": )" + i + R"(, "W_V": )" +
                                         i + R"(, "X": [[1, 2], [-3, 0.75]]})");
  CHECK(compute_trace(plain, &layered).head[0].Q == compute_trace(plain).head[0].Q);
}
