// Exercise sets: validation messages name the field; every generated answer key matches NumPy
// (tests/fixtures/exercises, from scripts/make_exercise_fixtures.py) for 30 student seeds.
#include "commands.hpp"
#include "exercises.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using nlohmann::json;

namespace {
std::string read(const std::string& name) {
  std::ifstream in(std::string(ATTNLAB_FIXTURES) + "/exercises/" + name);
  return {std::istreambuf_iterator<char>(in), {}};
}
ExerciseSet exit_ticket() {
  ExerciseSet set;
  REQUIRE(read_exercise_set(read("exit-ticket.json"), set).empty());
  return set;
}
std::string problems_of(const std::string& text) {
  ExerciseSet set;
  std::string out;
  const Problems found = read_exercise_set(text, set);
  test::require_codes(found);
  for (const auto& p : found) out += p.field + ": " + p.message + "\n";
  return out;
}
void require_near(const json& actual, const json& expected, double tol = 1e-12) {
  REQUIRE(actual.size() == expected.size());
  for (std::size_t k = 0; k < actual.size(); ++k)
    CHECK_THAT(actual[k].get<double>(), WithinAbs(expected[k].get<double>(), tol));
}
}  // namespace

TEST_CASE("every answer key matches NumPy, for 30 seeds") {
  const ExerciseSet set = exit_ticket();
  const json keys = json::parse(read("exit-ticket-keys.json"))["seeds"];
  for (int seed = 0; seed < 30; ++seed) {
    INFO("seed " << seed);
    const json& np = keys[std::to_string(seed)];
    const json sheet = json::parse(generate_exercises(set, static_cast<std::uint32_t>(seed)));
    REQUIRE(sheet["exercises"].size() == set.exercises.size());
    for (const json& e : sheet["exercises"]) {
      const std::string kind = e["kind"];
      const json& g = e["given"];
      const json& a = e["answer"];
      INFO(e["id"].get<std::string>());
      if (kind == "score") {
        CHECK_THAT(a["value"].get<double>(),
                   WithinAbs(np["scores"][g["query"].get<int>()][g["key"].get<int>()].get<double>(), 1e-12));
        require_near(g["q"], np["Q"][g["query"].get<int>()]);
      } else if (kind == "scaled_score") {
        CHECK_THAT(a["value"].get<double>(),
                   WithinAbs(np["scaled"][g["query"].get<int>()][g["key"].get<int>()].get<double>(), 1e-12));
      } else if (kind == "softmax_row" && g.contains("query")) {
        require_near(a["values"], np["weights"][g["query"].get<int>()]);
      } else if (kind == "softmax_row") {
        require_near(a["values"], json::array({0.8807970779778823, 0.11920292202211755}), 1e-15);  // the exit ticket
      } else if (kind == "output_cell") {
        CHECK_THAT(a["value"].get<double>(),
                   WithinAbs(np["Z"][g["query"].get<int>()][g["dim"].get<int>()].get<double>(), 1e-12));
      } else if (kind == "predict_max") {
        const json& row = np["weights"][g["query"].get<int>()];
        CHECK(std::max_element(row.begin(), row.end()) - row.begin() == a["index"].get<long>());
      } else if (kind == "mask_zeros") {
        const int q = g["query"];
        require_near(a["weights"], np["causal_weights"][q]);
        CHECK(a["zeros"].size() == static_cast<std::size_t>(3 - q));
      } else if (kind == "why_scale" && a["type"] == "number") {
        // the largest softmax weight of the given raw scores, computed here by hand
        const auto s = g["scores"].get<std::vector<double>>();
        const double max = *std::max_element(s.begin(), s.end());
        double sum = 0;
        for (double v : s) sum += std::exp(v - max);
        CHECK_THAT(a["value"].get<double>(), WithinAbs(1 / sum, 1e-15));
        CHECK(a["value"].get<double>() > e["mistakes"][0]["answer"]["value"].get<double>());  // unscaled is peakier
      } else if (kind == "why_scale") {
        CHECK_THAT(a["choices"][a["index"].get<int>()].get<std::string>(), Contains("saturates"));
      } else if (kind == "multihead_shapes") {
        CHECK(a["shapes"]["Q"] == json::array({4, 8}));
        CHECK(a["shapes"]["concat"] == json::array({4, 8}));
      }
      CHECK_FALSE(e["prompt"].get<std::string>().empty());
      CHECK_FALSE(e["solution"].empty());
    }
  }
}

TEST_CASE("the same seed gives the same sheet; another seed gives other numbers") {
  const ExerciseSet set = exit_ticket();
  CHECK(generate_exercises(set, 5) == generate_exercises(set, 5));
  CHECK(generate_exercises(set, 5) != generate_exercises(set, 6));
}

TEST_CASE("mistakes carry targeted hints: dividing by d_k instead of √d_k") {
  const json sheet = json::parse(generate_exercises(exit_ticket(), 1));
  for (const json& e : sheet["exercises"])
    if (e["kind"] == "scaled_score") {
      const double s = e["given"]["score"];
      CHECK(e["mistakes"][0]["answer"]["value"].get<double>() == s / 8);
      CHECK_THAT(e["mistakes"][0]["hint"].get<std::string>(), Contains("divided by d_k instead of \u221ad_k"));
    }
}

TEST_CASE("malformed exercise sets: messages name the field") {
  CHECK_THAT(problems_of("[]"), Contains("exercise set: must be a JSON object"));
  CHECK_THAT(problems_of(R"({"exercises": []})"), Contains("lesson: is missing"));
  const std::string lesson =
      R"("lesson": {"tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})";
  CHECK_THAT(problems_of("{" + lesson + R"(, "exercises": []})"), Contains("exercises: must be a list of 1 to 50"));
  CHECK_THAT(problems_of("{" + lesson + R"(, "exercises": [{"id": "a", "kind": "guess"}]})"),
             Contains("exercises[0].kind: must be one of"));
  CHECK_THAT(problems_of("{" + lesson + R"(, "exercises": [{"id": "a b", "kind": "score"}]})"),
             Contains("exercises[0].id: must be"));
  CHECK_THAT(
      problems_of("{" + lesson + R"(, "exercises": [{"id": "a", "kind": "score"}, {"id": "a", "kind": "score"}]})"),
      Contains("exercises[1].id: \"a\" is used twice"));
  CHECK_THAT(problems_of("{" + lesson + R"(, "exercises": [{"id": "a", "kind": "score", "query": 5}]})"),
             Contains("exercises[0].query: must be a whole number from 0 to 1"));
  CHECK_THAT(
      problems_of("{" + lesson + R"(, "exercises": [{"id": "a", "kind": "mask_zeros", "mask": {"padding": [true]}}]})"),
      Contains("exercises[0].mask: must be \"causal\""));
  CHECK_THAT(problems_of(R"({"lesson": {"tokens": ["a"], "X": [["x"]]}, "exercises": [{"id": "a", "kind": "score"}]})"),
             Contains("lesson.X[0][0]: must be a number, not a string"));
  CHECK_THAT(problems_of("{" + lesson + R"(, "tolerance": -1, "exercises": [{"id": "a", "kind": "score"}]})"),
             Contains("tolerance: must be a positive number"));
}

TEST_CASE("the exercises command: --seed required, answer keys on stdout") {
  const std::string set = read("exit-ticket.json");
  CHECK(run_command("exercises", set, "set.json", {}).exit_code == 2);
  CHECK(run_command("exercises", set, "set.json", {"--seed", "abc"}).exit_code == 2);
  const auto ok = run_command("exercises", set, "set.json", {"--seed", "29"});
  CHECK(ok.exit_code == 0);
  CHECK(json::parse(ok.out)["seed"] == 29);
  const auto bad = run_command("exercises", "{}", "set.json", {"--seed", "1"});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.err, Contains("set.json: lesson: is missing"));
}

TEST_CASE("no listed mistake equals the right answer; every exercise says its head; steps default to all six") {
  ExerciseSet set = exit_ticket();
  for (int seed = 0; seed < 30; ++seed) {
    const json sheet = json::parse(generate_exercises(set, static_cast<std::uint32_t>(seed)));
    for (const json& e : sheet["exercises"]) {
      for (const json& m : e["mistakes"]) CHECK(m["answer"] != e["answer"]);
      if (e["kind"] != "why_scale" && e["kind"] != "multihead_shapes") CHECK(e["given"]["head"] == 0);
    }
    CHECK(sheet["visible_steps"].empty());  // the exit ticket hides the lesson's numbers
  }
  set.visible_steps.reset();
  CHECK(json::parse(generate_exercises(set, 1))["visible_steps"].size() == 6);
}
