// The labs' options read in one place (core/lab_options.hpp) and the one encoding of ±Infinity and NaN in the
// engine's JSON answers (core/json_number.hpp).
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "json_number.hpp"
#include "lab_options.hpp"
#include "limits.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using nlohmann::json;

TEST_CASE("json_number writes non-finite numbers by their JavaScript names and reads them back") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(json_number(1.5) == json(1.5));
  CHECK(json_number(inf) == json("Infinity"));
  CHECK(json_number(-inf) == json("-Infinity"));
  CHECK(json_number(std::nan("")) == json("NaN"));
  CHECK(read_json_number(json_number(-inf)) == -inf);
  CHECK(read_json_number(json_number(inf)) == inf);
  CHECK(std::isnan(read_json_number(json("NaN"))));
  CHECK(std::isnan(read_json_number(json("-inf"))));  // one spelling only
  CHECK(std::isnan(read_json_number(json(nullptr))));
}

TEST_CASE("lab options: defaults for what is missing or unusable, clamps for what is out of range") {
  const ScaleLabOptions defaults = scale_lab_options(json("not an object"));
  CHECK(defaults.d_k == ScaleLabOptions().d_k);
  const ScaleLabOptions s = scale_lab_options(json::parse(R"({"dK":[0, 5000, "Infinity", 16], "seed": 1e20})"));
  CHECK(s.d_k == std::vector<int>{1, 1024, 1, 16});
  CHECK(s.seed == limits::max_seed);

  const PrecisionOptions p = precision_options(json::parse(R"({"logits":[1, "-Infinity"], "hidden":[false, true]})"));
  CHECK(p.logits.size() == 2);
  CHECK(p.logits[1] == -std::numeric_limits<double>::infinity());
  CHECK(p.hidden == std::vector<bool>{false, true});
  CHECK(p.mask == -std::numeric_limits<double>::infinity());
  CHECK(precision_options(json::parse(R"({"mask": -1e9})")).mask == -1e9);

  const BahdanauOptions b = bahdanau_options(json::parse(R"({"H":[[1,2],[3,4]],"S":[[0,1]],"dA":1000,"seed":-3})"));
  CHECK(b.problem.empty());
  CHECK(b.d_a == 64);
  CHECK(b.seed == 0);
  CHECK(bahdanau_options(json::parse(R"({"H":[[1,2]],"S":[[1]]})")).problem ==
        "encoder and decoder states must have the same size");
  CHECK_FALSE(bahdanau_options(json::parse(R"({"H":[[1,"x"]],"S":[[1,2]]})")).problem.empty());

  const TrainingOptions t = training_options(json::parse(R"({"seed":7,"learningRate":"NaN","adam":false})"));
  CHECK(t.seed == 7);
  CHECK(t.learning_rate == TrainingOptions().learning_rate);
  CHECK_FALSE(t.adam);
  CHECK(training_updates(-5) == 0);
  CHECK(training_updates(1 << 30) == 10000);
}
