// The generated exercises carry their words as message keys with parameters (prompt_key, hint_key,
// solution_keys, choice_keys) beside the English text: every key the engine writes is a message of the page's
// English file (web/i18n/locales/en.json, under exercises.kinds), so no student meets a key instead of a sentence,
// and the parameters hold the numbers as numbers (the page writes them in the reader's numerals).
#include "exercises.hpp"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "test_helpers.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
std::string read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), {}};
}
const std::string web = std::string(ATTNLAB_FIXTURES) + "/../../web";

// en.json's exercises.kinds.<key> (a plural key counts when its _one and _other forms are there)
bool has_message(const json& kinds, const std::string& key) {
  const json* at = &kinds;
  std::string rest = key;
  for (std::size_t dot; (dot = rest.find('.')) != std::string::npos; rest = rest.substr(dot + 1)) {
    const auto it = at->find(rest.substr(0, dot));
    if (it == at->end() || !it->is_object()) return false;
    at = &*it;
  }
  if (at->contains(rest)) return (*at)[rest].is_string();
  return at->contains(rest + "_one") && at->contains(rest + "_other");
}

ExerciseSet builtin(const std::string& name) {
  ExerciseSet set;
  REQUIRE(read_exercise_set(read_file(web + "/exercises/sets/" + name + ".json"), set).empty());
  return set;
}
}  // namespace

TEST_CASE("every generated prompt, hint, worked step and choice names a message of en.json, numbers as numbers") {
  const json kinds = json::parse(read_file(web + "/i18n/locales/en.json"))["exercises"]["kinds"];
  REQUIRE(kinds.is_object());
  std::set<std::string> kinds_seen;
  for (const char* name : {"exit-ticket", "lecture20-seed20", "toy-dk4", "retrieval-toy", "raschka-2024", "multi-head",
                           "transformer-layer", "lecture-ideas"}) {
    const ExerciseSet set = builtin(name);
    for (std::uint32_t seed : {1u, 7u, 42u}) {
      const json sheet = json::parse(generate_exercises(set, seed));
      for (const json& e : sheet["exercises"]) {
        INFO(name << " seed " << seed << " " << e["id"]);
        kinds_seen.insert(e["kind"].get<std::string>());
        REQUIRE(e["prompt"].is_string());  // the English stays for the CLI
        CHECK(has_message(kinds, e["prompt_key"].get<std::string>()));
        CHECK(e["prompt_params"].is_object());
        for (const json& m : e["mistakes"]) {
          CHECK(m["hint"].is_string());
          CHECK(has_message(kinds, m["hint_key"].get<std::string>()));
        }
        REQUIRE(e["solution_keys"].is_array());
        CHECK(e["solution_keys"].size() == e["solution"].size());
        for (const json& step : e["solution_keys"]) {
          if (step.is_null()) continue;  // arithmetic only: the page shows the formula
          CHECK(has_message(kinds, step["key"].get<std::string>()));
          CHECK(step["params"].is_object());
        }
        if (e.contains("choice_keys")) {
          CHECK(e["choice_keys"].size() == e["answer"]["choices"].size());
          for (const json& k : e["choice_keys"]) CHECK(has_message(kinds, k.get<std::string>()));
        }
      }
    }
  }
  CHECK(kinds_seen.size() >= 10);
}

TEST_CASE("message parameters: tokens as the lesson spells them, numbers as the exact doubles of the key") {
  const ExerciseSet set = builtin("exit-ticket");
  const json sheet = json::parse(generate_exercises(set, 3));
  const json& tokens = sheet["lesson"]["tokens"];
  bool score = false, scaled = false, why = false;
  for (const json& e : sheet["exercises"]) {
    const json& p = e["prompt_params"];
    if (e["kind"] == "score") {
      score = true;
      CHECK(e["prompt_key"] == "score.prompt");
      CHECK(p["query"] == tokens[e["given"]["query"].get<std::size_t>()]);  // no isolates: the page adds them
      CHECK(p["key"] == tokens[e["given"]["key"].get<std::size_t>()]);
      CHECK(e["mistakes"][0]["hint_key"] == "score.hintScaled");
    }
    if (e["kind"] == "scaled_score") {
      scaled = true;
      CHECK(e["prompt_key"] == "scaledScore.prompt");
      CHECK(p["score"].is_number_float());
      CHECK(p["score"].get<double>() == e["given"]["score"].get<double>());
      CHECK(p["dk"].is_number_integer());
      CHECK(e["mistakes"][0]["hint_key"] == "scaledScore.hintDk");
    }
    if (e["kind"] == "why_scale") {
      why = true;
      if (e["answer"]["type"] == "choice")
        CHECK(e["choice_keys"][e["answer"]["index"].get<std::size_t>()] == "whyScale.choiceSaturates");
      else CHECK(!e.contains("choice_keys"));
    }
    if (e["kind"] == "softmax_row") {
      const json& steps = e["solution_keys"];
      CHECK(steps[0]["key"] == "softmaxRow.subtractMax");
      CHECK(steps[1].is_null());
      CHECK(steps[3]["params"]["weights"] == e["answer"]["values"]);
    }
  }
  CHECK((score && scaled && why));
}
