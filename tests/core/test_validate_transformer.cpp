// Malformed layer lessons: every field named, shapes with both sides.
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;

namespace {
const std::string base =
    R"("tokens": ["a", "b"], "X": [[1, 2], [3, 4]], "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]])";
const std::string ln = R"({"gamma": [1, 1], "beta": [0, 0]})";
const std::string ffn = R"("W_ff1": [[1, 0, 0], [0, 1, 0]], "W_ff2": [[1, 0], [0, 1], [1, 1]])";
const std::string encoder = R"("layer": {"ln1": )" + ln + R"(, "ln2": )" + ln + ", " + ffn + "}";
const std::string source = R"("source": {"tokens": ["x", "y", "z"], "X": [[1, 0], [0, 1], [1, 1]]})";
const std::string cross = R"("cross": {"W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})";
std::string lesson(const std::string& extra) { return "{" + base + ", " + extra + "}"; }
}  // namespace

TEST_CASE("well-formed layer lessons have no problems") {
  CHECK(test::problems_of(lesson(encoder)) == "");
  CHECK(test::problems_of(lesson(source)) == "");
  const std::string decoder =
      R"("layer": {"ln1": )" + ln + R"(, "ln2": )" + ln + R"(, "ln3": )" + ln + ", " + ffn + "}";
  CHECK(test::problems_of(lesson(decoder + ", " + source + ", " + cross)) == "");
  CHECK(test::problems_of(lesson(
            R"("positions": "sinusoidal", "b_Q": [1, 2], "b_V": [0, 0], "W_O": [[1, 0], [0, 1]], "b_O": [1, 1])")) ==
        "");
}

TEST_CASE("shapes of biases, positions and the feed-forward network, with both sides") {
  CHECK_THAT(test::problems_of(lesson(R"("b_Q": [1, 2, 3])")),
             Contains("b_Q: has shape 1 \u00d7 3 but should be 1 \u00d7 2 (a list of h\u00b7d_k = 2 numbers)"));
  CHECK_THAT(test::problems_of(lesson(R"("b_O": [1, 2])")), Contains("b_O: needs W_O"));
  CHECK_THAT(test::problems_of(lesson(R"("positions": [[1, 2]])")),
             Contains("positions: has shape 1 \u00d7 2 but should be 2 \u00d7 2"));
  CHECK_THAT(test::problems_of(lesson(R"("positions": "learned")")),
             Contains("positions: must be \"none\", \"sinusoidal\""));
  const std::string bad_ffn = R"("layer": {"ln1": )" + ln + R"(, "ln2": )" + ln +
                              R"(, "W_ff1": [[1, 0, 0], [0, 1, 0]], "W_ff2": [[1, 0], [0, 1]]})";
  CHECK_THAT(
      test::problems_of(lesson(bad_ffn)),
      Contains(
          "layer.W_ff2: has shape 2 \u00d7 2 but should be 3 \u00d7 2 (d_ff \u00d7 d_model, d_ff = 3, d_model = 2)"));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"ln1": )" + ln +
                                      R"(, "ln2": {"gamma": [1, 1, 1], "beta": [0, 0]}, )" + ffn + "}")),
             Contains("layer.ln2.gamma: has shape 1 \u00d7 3 but should be 1 \u00d7 2"));
}

TEST_CASE("a layer's parts are named when missing or misplaced") {
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"ln1": )" + ln + ", " + ffn + "}")),
             Contains("layer.ln2.gamma: is missing"));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"ln1": )" + ln + R"(, "ln2": )" + ln + "}")),
             Contains("layer.W_ff1: is missing"));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"norm": "middle"})")), Contains("layer.norm: must be \"post\""));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"activation": "tanh"})")),
             Contains("layer.activation: must be \"relu\" or \"gelu\""));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"W_ff3": 1})")), Contains("layer.W_ff3: is not a layer field"));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"eps": 0})")), Contains("layer.eps: must be a positive number"));
  CHECK_THAT(test::problems_of(lesson(cross)), Contains("cross: needs \"source\""));
  CHECK_THAT(test::problems_of(lesson(source + ", " + cross)), Contains("cross: needs \"layer\""));
  CHECK_THAT(test::problems_of(lesson(encoder + ", " + cross)), Contains("cross: needs \"source\""));
  // a decoder needs its third norm and its cross-attention weights
  CHECK_THAT(test::problems_of(lesson(encoder + ", " + source + ", " + cross)),
             Contains("layer.ln3.gamma: is missing"));
  const std::string decoder =
      R"("layer": {"ln1": )" + ln + R"(, "ln2": )" + ln + R"(, "ln3": )" + ln + ", " + ffn + "}";
  CHECK_THAT(test::problems_of(lesson(decoder + ", " + source)), Contains("cross: is missing"));
  CHECK_THAT(test::problems_of(lesson(decoder)), Contains("layer.ln3: belongs to a decoder layer"));
  CHECK_THAT(test::problems_of(lesson(R"("layer": {"W_ff1": [[1]]})").substr(0)), Contains("layer.W_ff1"));
  CHECK_THAT(test::problems_of(lesson(R"("W_O": [[1], [1]], )" + encoder)),
             Contains("W_O: gives the attention 1 columns"));
}

TEST_CASE("a source is checked like the lesson's own tokens") {
  CHECK_THAT(test::problems_of(lesson(R"("source": {"tokens": ["x"], "X": [[1, 2, 3]]})")),
             Contains("source.X: has shape 1 \u00d7 3 but should be 1 \u00d7 2"));
  CHECK_THAT(test::problems_of(lesson(R"("source": {"tokens": ["x", "y"], "X": [[1, 2], [3, 4]], "padding": [true]})")),
             Contains("source.padding: has 1 flags but there are 2 source tokens"));
  CHECK_THAT(test::problems_of(lesson(R"("source": {"tokens": ["x"]})")), Contains("source.X: is missing"));
  CHECK_THAT(test::problems_of(lesson(R"("source": {"words": ["x"]})")),
             Contains("source.words: is not a source field"));
  CHECK_THAT(test::problems_of(lesson(source + R"(, "mask": "causal")")),
             Contains("mask: cannot be \"causal\" in a cross-attention"));
  CHECK_THAT(test::problems_of(lesson(source + R"(, "mask": {"padding": [true, false]})")),
             Contains("mask.padding: has 2 flags but there are 3 source tokens"));
  CHECK_THAT(test::problems_of(lesson(source + R"(, "mask": [[1, 1], [1, 1]])")),
             Contains("mask: has shape 2 \u00d7 2 but should be 2 \u00d7 3"));
  CHECK_THAT(test::problems_of(lesson(source + R"(, "score": "location", "W_a": [[1, 1], [1, 1]])")),
             Contains("score: \"location\""));
  CHECK_THAT(test::problems_of(
                 R"({"sentence": "a b", "source": {"sentence": "c d"}, "vocab": ["a", "b", "c"], "E": [[1], [2], [3]],
    "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]]})"),
             Contains("source.tokens[1]: \"d\" is not in the vocabulary"));
}

TEST_CASE("sinusoidal positions and a drawn P exclude each other") {
  CHECK_THAT(test::problems_of(lesson(
                 R"("positions": "sinusoidal", "init": {"seed": 1, "draws": [{"name": "P", "shape": [2, 2]}]})")),
             Contains("positions: is \"sinusoidal\" but init also draws P"));
}
