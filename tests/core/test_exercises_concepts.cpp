// The exercises on the lecture's ideas (core/exercises_concepts.cpp): the "bank" lesson, Bahdanau's alignment and
// what a mask is for — deterministic per seed, keys the engine's own numbers, wrong choices with their hints.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "answer_check.hpp"
#include "bahdanau.hpp"
#include "exercises.hpp"
#include "grade.hpp"
#include "portable_math.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using Catch::Matchers::Contains;
using Catch::Matchers::WithinAbs;
using nlohmann::json;

namespace {
std::string set_text() {
  for (const auto& [name, text] : builtin_sets())
    if (name == "lecture-ideas") return std::string(text);
  FAIL("no built-in set lecture-ideas");
  return {};
}
json sheet(std::uint32_t seed, const std::string& text = set_text()) {
  ExerciseSet set;
  const Problems problems = read_exercise_set(text, set);
  INFO((problems.empty() ? std::string() : problems[0].field + ": " + problems[0].message));
  REQUIRE(problems.empty());
  return json::parse(generate_exercises(set, seed));
}
const json& exercise(const json& s, const std::string& id) {
  for (const json& e : s["exercises"])
    if (e["id"] == id) return e;
  FAIL("no exercise " << id);
  return s;
}
// Every wrong choice is a mistake with its own hint; the right one is judged right.
void wrong_choices_have_hints(const json& e) {
  const json& a = e["answer"];
  CHECK(judge_answer(e, a).correct);
  for (std::size_t k = 0; k < a["choices"].size(); ++k) {
    if (static_cast<int>(k) == a["index"].get<int>()) continue;
    const json wrong{{"type", "choice"}, {"index", k}, {"choices", a["choices"]}};
    const Judgement j = judge_answer(e, wrong);
    CHECK_FALSE(j.correct);
    CHECK(j.mistake >= 0);
  }
}
}  // namespace

TEST_CASE("static vs contextual: \"bank\" has one embedding row in both sentences and two different outputs") {
  for (std::uint32_t seed : {1u, 2u, 7u}) {
    INFO("seed " << seed);
    const json e = exercise(sheet(seed), "bank");
    const json& g = e["given"];
    CHECK(g["word"] == "bank");
    CHECK(g["sentences"][0][3] == "bank");
    CHECK(g["sentences"][1][6] == "river");
    CHECK(g["x"][0] == g["x"][1]);  // a lookup by id: the same row
    CHECK(g["x"][0].size() == 8);   // d_model of the lesson
    double apart = 0;
    for (std::size_t t = 0; t < g["z"][0].size(); ++t)
      apart = std::max(apart, std::abs(g["z"][0][t].get<double>() - g["z"][1][t].get<double>()));
    CHECK(apart > 1e-3);  // contextual: the outputs differ
    const json& a = e["answer"];
    CHECK_THAT(a["choices"][a["index"].get<std::size_t>()].get<std::string>(), Contains("embedding row x"));
    wrong_choices_have_hints(e);
    CHECK(e["solution"].size() == 3);
  }
}

TEST_CASE("Bahdanau alignment: the key is v_a · tanh(s·W_1 + h·W_2), by hand; leaving out tanh is a known mistake") {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    INFO("seed " << seed);
    const json e = exercise(sheet(seed), "bahdanau");
    const json& g = e["given"];
    const int j = g["state"];
    double by_hand = 0, linear = 0;
    for (int t = 0; t < 2; ++t) {
      double a = 0;
      for (int r = 0; r < 2; ++r)
        a += g["s"][r].get<double>() * g["W_1"][r][t].get<double>() +
             g["h"][j][r].get<double>() * g["W_2"][r][t].get<double>();
      by_hand += g["v_a"][t].get<double>() * std::tanh(a);
      linear += g["v_a"][t].get<double>() * a;
    }
    CHECK_THAT(e["answer"]["value"].get<double>(), WithinAbs(by_hand, 1e-12));
    for (const auto& x : g["s"]) CHECK(std::abs(x.get<double>() * 10 - std::round(x.get<double>() * 10)) < 1e-9);
    const Judgement no_tanh = judge_answer(e, {{"type", "number"}, {"value", linear}});
    if (std::abs(linear - by_hand) > e["tolerance"].get<double>()) CHECK(no_tanh.mistake >= 0);
    CHECK(judge_answer(e, {{"type", "number"}, {"value", by_hand + 0.005}}).correct);
    CHECK_THAT(e["solution"][2].get<std::string>(), Contains("e = v_a"));
  }
}

TEST_CASE("what a mask is for: causal hides the keys after the query, padding the <PAD> keys; the key says why") {
  int causal = 0, padding = 0;
  for (std::uint32_t seed = 1; seed <= 12; ++seed) {
    INFO("seed " << seed);
    const json s = sheet(seed);
    for (const char* id : {"mask-for", "causal-for"}) {
      const json& e = exercise(s, id);
      const json& g = e["given"];
      const int q = g["query"];
      const json& a = e["answer"];
      const std::string why = a["choices"][a["index"].get<std::size_t>()];
      double visible = 0;
      for (std::size_t k = 0; k < g["weights"].size(); ++k) {
        const bool hidden = std::count(g["hidden"].begin(), g["hidden"].end(), json(k)) > 0;
        if (hidden) CHECK(g["weights"][k] == 0.0);
        else visible += g["weights"][k].get<double>();
      }
      CHECK_THAT(visible, WithinAbs(1, 1e-12));
      if (g["mask"] == "causal") {
        ++causal;
        for (const json& k : g["hidden"]) CHECK(k.get<int>() > q);
        CHECK_THAT(why, Contains("may not look at tokens after it"));
      } else {
        ++padding;
        for (const json& k : g["hidden"]) CHECK(g["tokens"][k.get<std::size_t>()] == "<PAD>");
        CHECK_THAT(why, Contains("Padding holds no word"));
      }
      if (std::string(id) == "causal-for") CHECK(g["mask"] == "causal");
      wrong_choices_have_hints(e);
    }
  }
  CHECK(causal > 12);  // every causal-for, and some of mask-for
  CHECK(padding > 0);  // the seed picks padding for some students
}

TEST_CASE("the lecture's ideas: the same seed gives the same sheet, another seed other numbers and orders") {
  CHECK(sheet(5).dump() == sheet(5).dump());
  CHECK(exercise(sheet(5), "bahdanau")["given"] != exercise(sheet(6), "bahdanau")["given"]);
  CHECK(exercise(sheet(5), "bank")["given"]["x"] != exercise(sheet(6), "bank")["given"]["x"]);
}

TEST_CASE("the lecture's ideas: a set's own sentences, and the messages for bad ones") {
  const std::string lesson = R"("lesson": {"tokens": ["a", "b"], "X": [[1, 0], [0, 1]], "W_Q": [[1, 0], [0, 1]],
    "W_K": [[1, 0], [0, 1]], "W_V": [[1, 0], [0, 1]]})";
  const json own = sheet(3, "{" + lesson + R"(, "exercises": [{"id": "b", "kind": "static_contextual", "word": "bat",
    "sentences": [["the", "bat", "flew"], ["he", "swung", "the", "bat"]]}]})");
  CHECK(own["exercises"][0]["given"]["positions"] == json::array({1, 3}));
  const auto problems = [&](const std::string& exercises) {
    ExerciseSet set;
    std::string out;
    for (const auto& p : read_exercise_set("{" + lesson + R"(, "exercises": [)" + exercises + "]}", set))
      out += p.field + ": " + p.message + "\n";
    return out;
  };
  CHECK_THAT(problems(R"({"id": "b", "kind": "static_contextual", "sentences": [["a", "b"], ["c", "d"]]})"),
             Contains("exercises[0].word: \"bank\" is not a token of sentence 1"));
  CHECK_THAT(problems(R"({"id": "b", "kind": "static_contextual", "sentences": [["a"]]})"),
             Contains("exercises[0].sentences: must be two lists of 2 to 16 tokens"));
  CHECK_THAT(problems(R"({"id": "m", "kind": "mask_purpose", "mask": "sideways"})"),
             Contains("exercises[0].mask: must be \"causal\""));
  CHECK(problems(R"({"id": "m", "kind": "mask_purpose", "mask": {"padding": [false, true]}})").empty());
}

TEST_CASE("the lecture's ideas speak every language: keys for the prompt, each hint and choice, and each worked step") {
  for (std::uint32_t seed : {1u, 2u, 5u}) {
    const json s = sheet(seed);
    for (const json& e : s["exercises"]) {
      INFO("seed " << seed << " " << e["id"]);
      CHECK(e["prompt"].is_string());  // the English stays for the CLI
      CHECK_THAT(e["prompt_key"].get<std::string>(), Contains("."));
      CHECK(e["prompt_params"].is_object());
      for (const json& m : e["mistakes"]) CHECK(m["hint_key"].is_string());
      REQUIRE(e["solution_keys"].size() == e["solution"].size());
      if (e["answer"]["type"] == "choice") {
        REQUIRE(e["choice_keys"].size() == e["answer"]["choices"].size());
        // the keys follow the shuffled choices: the right one's key sits at the answer's index
        const std::string right = e["choice_keys"][e["answer"]["index"].get<std::size_t>()];
        if (e["kind"] == "static_contextual") CHECK(right == "staticContextual.choiceEmbedding");
        if (e["kind"] == "mask_purpose")
          CHECK(right == (e["given"]["mask"] == "causal" ? "maskPurpose.choiceFuture" : "maskPurpose.choicePadding"));
      }
    }
    const json& bank = exercise(s, "bank");
    CHECK(bank["prompt_key"] == "staticContextual.prompt");
    CHECK(bank["prompt_params"]["word"] == "bank");  // as the lesson spells it: the page isolates it
    CHECK(bank["solution_keys"][0]["params"]["x"] == bank["given"]["x"][0]);
    CHECK(bank["solution_keys"][1]["params"]["z"] == bank["given"]["z"][1]);
    const json& b = exercise(s, "bahdanau");
    CHECK(b["prompt_key"] == "bahdanauAlignment.prompt");
    CHECK(b["prompt_params"]["j"] == b["given"]["state"].get<int>() + 1);
    CHECK(b["solution_keys"][0].is_null());  // arithmetic only
    CHECK(b["solution_keys"][2]["params"]["e"].get<double>() == b["answer"]["value"].get<double>());
    CHECK(b["mistakes"][0]["hint_key"] == "bahdanauAlignment.hintNoTanh");
    const json& c = exercise(s, "causal-for");
    CHECK(c["prompt_key"] == "maskPurpose.prompt");
    CHECK(c["solution_keys"][0]["key"] == "maskPurpose.causalStep");
    CHECK(c["prompt_params"]["hidden"].size() == c["given"]["hidden"].size());
    CHECK(c["prompt_params"]["query"] == c["given"]["tokens"][c["given"]["query"].get<std::size_t>()]);
  }
}
