// The Transformer layer's exercise kinds (layer_norm_cell, residual_sum, ffn_cell, cross_shapes,
// sinusoidal_entry): answers computed by hand on a small layer, mistakes that are mistakes, and sets whose
// lesson lacks the layer (or the source) refused with the field named.
#include <cmath>
#include <nlohmann/json.hpp>

#include "exercises.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using nlohmann::json;

namespace {

// A pre-norm decoder layer of d_model = 2: LN1 reads X itself, so its numbers can be worked by hand.
json decoder_lesson() {
  return json::parse(R"({
    "tokens": ["a", "b"], "X": [[1, 3], [2, 2]],
    "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]], "mask": "causal",
    "source": {"tokens": ["x", "y", "z"], "X": [[1, 0], [0, 1], [1, 1]]},
    "cross": {"W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]], "W_O": [[1, 0], [0, 1]]},
    "layer": {"norm": "pre", "activation": "relu",
      "ln1": {"gamma": [2, 1], "beta": [0.5, 0]}, "ln2": {"gamma": [1, 1], "beta": [0, 0]},
      "ln3": {"gamma": [1, 1], "beta": [0, 0]},
      "W_ff1": [[1, -1, 0.5], [0, 1, 2]], "b_ff1": [0, 0.1, -0.1], "W_ff2": [[1, 0], [0, 1], [1, 1]], "b_ff2": [0, 0]}})");
}

json sheet_of(const json& exercises, std::uint32_t seed = 1) {
  ExerciseSet set;
  const json text{{"lesson", decoder_lesson()}, {"exercises", exercises}};
  const Problems found = read_exercise_set(text.dump(), set);
  REQUIRE(found.empty());
  return json::parse(generate_exercises(set, seed));
}

std::string problems_of(const json& set_json) {
  ExerciseSet set;
  std::string out;
  const Problems found = read_exercise_set(set_json.dump(), set);
  test::require_codes(found);
  for (const auto& p : found) out += p.field + ": " + p.message + "\n";
  return out;
}

}  // namespace

TEST_CASE("layer_norm_cell: (x − mean) / √(var + ε) · γ + β, worked by hand") {
  // row [1, 3]: mean 2, variance 1 (divided by d_model = 2); column 0: (1 − 2) / √(1 + 1e-5) · 2 + 0.5
  const json e =
      sheet_of(json::parse(R"([{"id": "n", "kind": "layer_norm_cell", "query": 0, "dim": 0}])"))["exercises"][0];
  const double want = -1 / std::sqrt(1 + 1e-5) * 2 + 0.5;
  CHECK_THAT(e["answer"]["value"].get<double>(), WithinAbs(want, 1e-15));
  CHECK(e["given"]["row"] == json::parse("[1.0, 3.0]"));
  CHECK(e["given"]["gamma"] == 2.0);
  bool forgot_gamma = false, sample_variance = false;
  for (const auto& m : e["mistakes"]) {
    const double v = m["answer"]["value"];
    forgot_gamma = forgot_gamma || std::abs(v - (-1 / std::sqrt(1 + 1e-5))) < 1e-15;
    sample_variance = sample_variance || std::abs(v - (-1 / std::sqrt(2 + 1e-5) * 2 + 0.5)) < 1e-15;
  }
  CHECK(forgot_gamma);
  CHECK(sample_variance);
  CHECK(e["solution"].size() == 3);
}

TEST_CASE("residual_sum, ffn_cell, cross_shapes and sinusoidal_entry") {
  const json ex = sheet_of(json::parse(R"([
    {"id": "r", "kind": "residual_sum", "query": 1, "dim": 1},
    {"id": "f", "kind": "ffn_cell", "query": 0, "dim": 2},
    {"id": "c", "kind": "cross_shapes"},
    {"id": "p", "kind": "sinusoidal_entry", "query": 1, "dim": 0},
    {"id": "p1", "kind": "sinusoidal_entry", "query": 1, "dim": 1}])"))["exercises"];
  // the residual sum is what went in plus the attention's output
  CHECK(ex[0]["answer"]["value"].get<double>() ==
        ex[0]["given"]["input"].get<double>() + ex[0]["given"]["attention"].get<double>());
  CHECK(ex[0]["given"]["input"] == 2.0);  // X[1][1]
  // the FFN unit: relu(x · w + b) from what is given
  const json& g = ex[1]["given"];
  double pre = g["bias"];
  for (std::size_t t = 0; t < g["x"].size(); ++t) pre += g["x"][t].get<double>() * g["w"][t].get<double>();
  CHECK(g["w"] == json::parse("[0.5, 2.0]"));
  CHECK_THAT(ex[1]["answer"]["value"].get<double>(), WithinAbs(std::max(0.0, pre), 1e-15));
  // a cross-attention of n = 2 target and m = 3 source tokens: K, V have m rows, scores are n × m
  const json shapes = ex[2]["answer"]["shapes"];
  CHECK(shapes["Q"] == json::parse("[2, 2]"));
  CHECK(shapes["K"] == json::parse("[3, 2]"));
  CHECK(shapes["scores"] == json::parse("[2, 3]"));
  CHECK(shapes["Z"] == json::parse("[2, 2]"));
  CHECK(ex[2]["mistakes"].size() == 2);
  // P[1][0] = sin(1), P[1][1] = cos(1) (i = 0: the angle is p itself)
  CHECK_THAT(ex[3]["answer"]["value"].get<double>(), WithinAbs(std::sin(1.0), 1e-15));
  CHECK_THAT(ex[4]["answer"]["value"].get<double>(), WithinAbs(std::cos(1.0), 1e-15));
}

TEST_CASE("the layer's kinds need a layer (cross_shapes a source); dim counts d_model or d_ff") {
  json six = decoder_lesson();
  six.erase("layer");
  six.erase("source");
  six.erase("cross");
  CHECK_THAT(problems_of({{"lesson", six}, {"exercises", {{{"id", "a"}, {"kind", "ffn_cell"}}}}}),
             Contains("exercises[0].kind: needs a lesson with a \"layer\""));
  CHECK_THAT(problems_of({{"lesson", six}, {"exercises", {{{"id", "a"}, {"kind", "cross_shapes"}}}}}),
             Contains("exercises[0].kind: needs a lesson with a \"source\""));
  // d_ff = 3: unit 2 is the last; d_model = 2: column 2 is past the end
  CHECK(problems_of({{"lesson", decoder_lesson()}, {"exercises", {{{"id", "a"}, {"kind", "ffn_cell"}, {"dim", 2}}}}})
            .empty());
  CHECK_THAT(problems_of({{"lesson", decoder_lesson()},
                          {"exercises", {{{"id", "a"}, {"kind", "layer_norm_cell"}, {"dim", 2}}}}}),
             Contains("exercises[0].dim: must be a whole number from 0 to 1"));
  // a sheet may show the layer's steps
  CHECK(problems_of({{"lesson", decoder_lesson()},
                     {"visible_steps", {"embed", "add_norm", "cross_score", "ffn"}},
                     {"exercises", {{{"id", "a"}, {"kind", "residual_sum"}}}}})
            .empty());
  CHECK_THAT(problems_of({{"lesson", decoder_lesson()},
                          {"visible_steps", {"embed", "decode"}},
                          {"exercises", {{{"id", "a"}, {"kind", "residual_sum"}}}}}),
             Contains("visible_steps[1]: must be a step of the walkthrough"));
}
